//! The bytes of a results file: read (a large one in two halves at once), where its rows start
//! after the header, how many lines it has, its two halves for the two cores, and its rows split
//! at commas and line ends where the `csv` crate would read the same fields (no quotes, no lone
//! carriage returns, no empty lines; [`super::scan`] leaves the others to the crate), and the
//! plain decimals its fields must be ([`dec`], [`signed`], [`field_ok`]).

use std::path::Path;

use crate::runner::record::{ColumnType, COLUMNS};

/// The bytes of the file at `path`; a large one read as two halves at once, one a core (its copy
/// from the page cache and the page faults of its buffer took 50–80 ms of a one-second analysis
/// of 1,000,000 records, in one go).
#[cfg(unix)]
pub(super) fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    use std::os::unix::fs::FileExt;
    let file = std::fs::File::open(path)?;
    let len = usize::try_from(file.metadata()?.len()).unwrap_or(0);
    if len < READ_SPLIT_MIN {
        // Small, or too large for this platform's sizes: std's reader (and its error).
        return std::fs::read(path);
    }
    let mut bytes = vec![0u8; len];
    let (a, b) = bytes.split_at_mut(len / 2);
    let at = a.len() as u64;
    let (ra, rb) = rayon::join(|| file.read_exact_at(a, 0), || file.read_exact_at(b, at));
    // A file that shrank or grew while it was read is read again as it is now, in one go.
    let mut more = [0u8; 1];
    if ra.is_err() || rb.is_err() || file.read_at(&mut more, len as u64)? > 0 {
        return std::fs::read(path);
    }
    Ok(bytes)
}

#[cfg(not(unix))]
pub(super) fn read_file(path: &Path) -> std::io::Result<Vec<u8>> {
    std::fs::read(path)
}

/// Files below this size are read in one go.
const READ_SPLIT_MIN: usize = 1 << 22;

/// The rows after a header that the csv crate read up to `end`: it ends a header line "…\r\n"
/// at its '\r', and the body starts after the '\n'.
pub(super) fn body_after(bytes: &[u8], end: usize) -> &[u8] {
    if bytes[..end].ends_with(b"\r") && bytes[end..].starts_with(b"\n") {
        &bytes[end + 1..]
    } else {
        &bytes[end..]
    }
}

/// The lines of a body (a last one without its newline counted).
pub(super) fn lines(body: &[u8]) -> usize {
    memchr::memchr_iter(b'\n', body).count() + usize::from(body.last().is_some_and(|&c| c != b'\n'))
}

/// Bodies below this size are read in one pass.
const SPLIT_MIN: usize = 1 << 20;

/// A large body cut in two after a line end (which a quote could put inside a field: the caller
/// checks the halves for quotes).
pub(super) fn split(body: &[u8]) -> Option<(&[u8], &[u8])> {
    if body.len() < SPLIT_MIN {
        return None;
    }
    let mid = body.len() / 2;
    let nl = mid + body[mid..].iter().position(|&c| c == b'\n')? + 1;
    (nl < body.len()).then(|| body.split_at(nl))
}

/// Whether a body is read the same split at commas and line ends (`\n` or `\r\n`) as by the
/// `csv` crate: no quote, no carriage return but before a newline, no empty line.
pub(super) fn plain(body: &[u8]) -> bool {
    !quoted(body) && plain_lines(body)
}

/// Whether a body has a quote (which may make a comma or a line end part of a field).
pub(super) fn quoted(body: &[u8]) -> bool {
    memchr::memchr(b'"', body).is_some()
}

/// [`plain`] but for quotes: no carriage return but before a newline, no empty line.
pub(super) fn plain_lines(body: &[u8]) -> bool {
    memchr::memchr_iter(b'\r', body).all(|at| body.get(at + 1) == Some(&b'\n'))
        && !body.starts_with(b"\n")
        && !body.starts_with(b"\r\n")
        && memchr::memmem::find(body, b"\n\n").is_none()
        && memchr::memmem::find(body, b"\n\r\n").is_none()
}

/// The rows of a [`plain`] body, each as its fields, to `take`; `None` as soon as `take` or a
/// row of more fields than the schema has.
pub(super) fn plain_rows<'a>(
    body: &'a [u8],
    mut take: impl FnMut(&[&'a [u8]]) -> Option<()>,
) -> Option<()> {
    let mut fields = [&b""[..]; COLUMNS.len()];
    let (mut n, mut start) = (0, 0);
    let mut field = |at: usize, line_end: bool| {
        // The carriage return of a `\r\n` is not the last field's.
        let end = if line_end && at > start && body[at - 1] == b'\r' {
            at - 1
        } else {
            at
        };
        *fields.get_mut(n)? = &body[start..end];
        n += 1;
        start = at + 1;
        if line_end {
            take(&fields[..n])?;
            n = 0;
        }
        Some(())
    };
    for (at, line_end) in Separators::new(body) {
        field(at, line_end)?;
    }
    // A last line without its newline ends at the end of the body.
    if body.last().is_some_and(|&c| c != b'\n') {
        field(body.len(), true)?;
    }
    Some(())
}

/// The places of the commas and newlines of a body, in order, each with whether it is a
/// newline: found 64 bytes at a time as two bit masks (SSE2 compares on x86-64, else a byte
/// loop), so that a short field costs a bit scan where a search per field (`memchr2`) paid its
/// set-up for every field.
struct Separators<'a> {
    body: &'a [u8],
    /// Where the current block starts, and its separators not yet given (bit i: `base + i`),
    /// with the newlines among them.
    base: usize,
    mask: u64,
    newlines: u64,
}

impl<'a> Separators<'a> {
    fn new(body: &'a [u8]) -> Self {
        let (mask, newlines) = block_masks(body, 0);
        Separators {
            body,
            base: 0,
            mask,
            newlines,
        }
    }
}

impl Iterator for Separators<'_> {
    type Item = (usize, bool);

    #[inline]
    fn next(&mut self) -> Option<(usize, bool)> {
        while self.mask == 0 {
            self.base += 64;
            if self.base >= self.body.len() {
                return None;
            }
            (self.mask, self.newlines) = block_masks(self.body, self.base);
        }
        let bit = self.mask.trailing_zeros();
        self.mask &= self.mask - 1;
        Some((self.base + bit as usize, self.newlines >> bit & 1 == 1))
    }
}

/// Bit i set where `body[at + i]` is a comma or a newline, and where it is a newline, for the
/// (up to) 64 bytes from `at`.
#[inline]
fn block_masks(body: &[u8], at: usize) -> (u64, u64) {
    let block = &body[at.min(body.len())..body.len().min(at + 64)];
    #[cfg(target_arch = "x86_64")]
    if let Ok(block) = <&[u8; 64]>::try_from(block) {
        let (commas, newlines) = (sse2_mask(block, b','), sse2_mask(block, b'\n'));
        return (commas | newlines, newlines);
    }
    let mask = |byte: u8| {
        block
            .iter()
            .enumerate()
            .filter(|(_, &c)| c == byte)
            .fold(0, |m, (i, _)| m | 1 << i)
    };
    let newlines = mask(b'\n');
    (mask(b',') | newlines, newlines)
}

/// Bit i set where `block[i]` is `byte`.
#[cfg(target_arch = "x86_64")]
#[inline]
fn sse2_mask(block: &[u8; 64], byte: u8) -> u64 {
    use std::arch::x86_64::{
        __m128i, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_movemask_epi8, _mm_set1_epi8,
    };
    let mut mask = 0u64;
    for q in 0..4 {
        // SAFETY: SSE2 is part of x86-64; the 16 bytes at 16·q lie inside the 64-byte block
        // (an unaligned load).
        let bits = unsafe {
            let v = _mm_loadu_si128(block.as_ptr().add(16 * q).cast::<__m128i>());
            _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(byte as i8))) as u16
        };
        mask |= u64::from(bits) << (16 * q);
    }
    mask
}

/// Whether a field the analysis does not keep parses as its column's type.
pub(super) fn field_ok(ty: ColumnType, b: &[u8]) -> bool {
    let opt = b.is_empty();
    match ty {
        ColumnType::Text => std::str::from_utf8(b).is_ok(),
        ColumnType::OptText => opt || std::str::from_utf8(b).is_ok(),
        ColumnType::U32 => dec(b).is_some_and(|v| u32::try_from(v).is_ok()),
        ColumnType::OptU32 => opt || dec(b).is_some_and(|v| u32::try_from(v).is_ok()),
        ColumnType::U64 => dec(b).is_some(),
        ColumnType::OptU64 => opt || dec(b).is_some(),
        ColumnType::I32 => signed(b).is_some(),
        ColumnType::OptI32 => opt || signed(b).is_some(),
    }
}

/// Plain decimal digits (no sign, no prefix) that fit in a u64.
pub(super) fn dec(b: &[u8]) -> Option<u64> {
    if b.is_empty() || b.len() > 20 {
        return None;
    }
    let mut v: u64 = 0;
    for &c in b {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        v = v.checked_mul(10)?.checked_add(u64::from(d))?;
    }
    Some(v)
}

/// An optional `-` and plain decimal digits that fit in an i32.
pub(super) fn signed(b: &[u8]) -> Option<i32> {
    match b.strip_prefix(b"-") {
        Some(digits) => i32::try_from(-i64::try_from(dec(digits)?).ok()?).ok(),
        None => i32::try_from(dec(b)?).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The separators found by blocks are every comma and newline, in order and told apart,
    /// whatever the length of the body (blocks and tails of all sizes).
    #[test]
    fn separators_are_every_comma_and_newline() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        for len in (0..300).chain([1000, 4096, 4099]) {
            let body: Vec<u8> = (0..len)
                .map(|_| {
                    state = state
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1);
                    b",\n1a\r"[(state >> 60) as usize % 5]
                })
                .collect();
            let want: Vec<(usize, bool)> = (0..len)
                .filter(|&i| body[i] == b',' || body[i] == b'\n')
                .map(|i| (i, body[i] == b'\n'))
                .collect();
            assert_eq!(Separators::new(&body).collect::<Vec<_>>(), want, "{len}");
        }
    }

    /// A body without quotes, lone carriage returns or empty lines splits into the records and
    /// fields the `csv` crate reads (with `\n` or `\r\n` line ends); any of those sends it to
    /// the `csv` crate.
    #[test]
    fn plain_bodies_split_as_csv_reads_them() {
        let csv_rows = |body: &[u8]| -> Vec<Vec<Vec<u8>>> {
            let mut rdr = csv::ReaderBuilder::new()
                .has_headers(false)
                .flexible(true)
                .from_reader(body);
            rdr.byte_records()
                .map(|r| r.unwrap().iter().map(<[u8]>::to_vec).collect())
                .collect()
        };
        // Rows of all lengths across the 64-byte blocks.
        let long: Vec<u8> = (0..500)
            .flat_map(|i: usize| {
                let mut row = vec![b'7'; i % 23];
                row.extend_from_slice(if i % 3 == 0 { b",x,,12" } else { b",\xc3\xa9" });
                row.extend_from_slice(if i % 5 == 0 { b"\r\n" } else { b"\n" });
                row
            })
            .collect();
        for body in [
            &b""[..],
            b"a,b,c\n1,,3\n",
            b"x,y\nz",
            b",\n,,\n",
            b"only\n",
            b"1,2,3\n4,5,6",
            b"a,b\r\nc,d\r\n",
            b"a,\r\n,b\ne,f",
            &long,
        ] {
            assert!(plain(body), "{body:?}");
            let mut got: Vec<Vec<Vec<u8>>> = Vec::new();
            plain_rows(body, |f| {
                got.push(f.iter().map(|x| x.to_vec()).collect());
                Some(())
            })
            .unwrap();
            assert_eq!(got, csv_rows(body), "{body:?}");
        }
        for body in [
            &b"a,\"b\"\n"[..],
            b"a\rb\n",
            b"a\n\nb\n",
            b"a\r\n\r\nb",
            b"\na\n",
            b"\r\na\n",
            b"a,b\r",
        ] {
            assert!(!plain(body), "{body:?}");
        }
        let wide = [&b"1,"[..]; COLUMNS.len()].concat();
        assert!(plain_rows(&wide, |_| Some(())).is_none());
    }

    /// A file large enough to be read in two halves (of odd length) reads as `std::fs::read`
    /// reads it, as does a small one.
    #[test]
    fn read_in_halves_is_the_whole_file() {
        let dir =
            std::env::temp_dir().join(format!("treebench-read-halves-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("bytes");
        let bytes: Vec<u8> = (0..READ_SPLIT_MIN + 3)
            .map(|i| (i * 7 % 251) as u8)
            .collect();
        std::fs::write(&path, &bytes).unwrap();
        assert_eq!(read_file(&path).unwrap(), bytes);
        let small = dir.join("small");
        std::fs::write(&small, b"a,b\n").unwrap();
        assert_eq!(read_file(&small).unwrap(), b"a,b\n");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn plain_decimals_only() {
        assert_eq!(dec(b"0"), Some(0));
        assert_eq!(dec(b"007"), Some(7));
        assert_eq!(dec(b"18446744073709551615"), Some(u64::MAX));
        for bad in [
            &b""[..],
            b"+5",
            b"0x10",
            b" 5",
            b"18446744073709551616",
            b"1e3",
        ] {
            assert_eq!(dec(bad), None, "{bad:?}");
        }
        assert_eq!(signed(b"-2147483648"), Some(i32::MIN));
        assert_eq!(signed(b"-0"), Some(0));
        assert_eq!(signed(b"2147483648"), None);
        assert_eq!(signed(b"--1"), None);
        assert!(field_ok(ColumnType::OptU32, b""));
        assert!(!field_ok(ColumnType::U32, b"4294967296"));
        assert!(!field_ok(ColumnType::OptText, b"\xff"));
    }
}
