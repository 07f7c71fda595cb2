//! The bytes of a results file's body: where its rows start after the header, how many lines
//! it has, its two halves for the two cores, and its rows split at commas and line ends where
//! the `csv` crate would read the same fields (no quotes, no lone carriage returns, no empty
//! lines; [`super::scan`] leaves the others to the crate).

use crate::runner::record::COLUMNS;

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

/// A large body cut in two at a line end, unless a quote could put that line end inside a field.
pub(super) fn split(body: &[u8]) -> Option<(&[u8], &[u8])> {
    if body.len() < SPLIT_MIN || body.contains(&b'"') {
        return None;
    }
    let mid = body.len() / 2;
    let nl = mid + body[mid..].iter().position(|&c| c == b'\n')? + 1;
    (nl < body.len()).then(|| body.split_at(nl))
}

/// Whether a body is read the same split at commas and line ends (`\n` or `\r\n`) as by the
/// `csv` crate: no quote, no carriage return but before a newline, no empty line.
pub(super) fn plain(body: &[u8]) -> bool {
    memchr::memchr(b'"', body).is_none()
        && memchr::memchr_iter(b'\r', body).all(|at| body.get(at + 1) == Some(&b'\n'))
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
    // A last line without its newline ends at the end of the body.
    let unfinished = body.last().is_some_and(|&c| c != b'\n');
    for at in memchr::memchr2_iter(b',', b'\n', body).chain(unfinished.then_some(body.len())) {
        let line_end = at == body.len() || body[at] == b'\n';
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
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

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
        for body in [
            &b""[..],
            b"a,b,c\n1,,3\n",
            b"x,y\nz",
            b",\n,,\n",
            b"only\n",
            b"1,2,3\n4,5,6",
            b"a,b\r\nc,d\r\n",
            b"a,\r\n,b\ne,f",
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
}
