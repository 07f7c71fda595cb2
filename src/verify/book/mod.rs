//! Native reader of BitBully's opening books (pip `bitbully-databases`): 8-ply, 12-ply, 12-ply with distances.
//!
//! File format (confirmed on bitbully-databases 0.0.2):
//! - `book_8ply.dat`: 34,515 records of 3 bytes, a big-endian unsigned key.
//! - `book_12ply.dat`: 1,735,945 records of 4 bytes, a big-endian key read as a signed `i32`.
//! - `book_12ply_distances.dat`: 4,200,899 records of 5 bytes: a big-endian signed `i32` key and
//!   one signed byte value.
//!
//! Keys ([`codec`]) are the Huffman codes of the positions ([`board`]). Records are sorted
//! ascending (signed order for the 12-ply books). Most positions are stored in one orientation
//! only: look up the position, then its mirror. The files are found by [`locate`].
//!
//! Values: in the books without distances the two low bits of the key (always `00` in a real
//! code) hold −value: `00` draw, `01` loss for the side to move; a position absent in both
//! orientations is a win for the side to move. In the distance book the byte `v` is 0 for a draw,
//! `v > 0` (odd) a win for the side to move and `v < 0` (even) a loss, with |v| = 100 − plies
//! until the final move; a position absent in both orientations is an immediate win.

pub mod board;
pub mod codec;
pub mod locate;

pub use board::{columns_of, moves_for, Columns};
pub use codec::{decode_key, distance_to_score};

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

/// Which of the three BitBully books a file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BookKind {
    /// `book_8ply.dat`: win/draw/loss of 8-ply positions.
    Ply8,
    /// `book_12ply.dat`: win/draw/loss of 12-ply positions.
    Ply12,
    /// `book_12ply_distances.dat`: exact scores of 12-ply positions.
    Ply12Distances,
}

impl BookKind {
    /// All kinds, smallest book first.
    pub const ALL: [BookKind; 3] = [BookKind::Ply8, BookKind::Ply12, BookKind::Ply12Distances];

    /// The file name inside the package's `assets/` directory.
    pub fn file_name(self) -> &'static str {
        match self {
            BookKind::Ply8 => "book_8ply.dat",
            BookKind::Ply12 => "book_12ply.dat",
            BookKind::Ply12Distances => "book_12ply_distances.dat",
        }
    }

    /// Number of stones on the board of every position in the book.
    pub fn plies(self) -> usize {
        match self {
            BookKind::Ply8 => 8,
            BookKind::Ply12 | BookKind::Ply12Distances => 12,
        }
    }

    /// Bytes of the key in one record.
    pub fn key_bytes(self) -> usize {
        match self {
            BookKind::Ply8 => 3,
            BookKind::Ply12 | BookKind::Ply12Distances => 4,
        }
    }

    /// Bytes of one record.
    pub fn record_size(self) -> usize {
        match self {
            BookKind::Ply12Distances => 5,
            _ => self.key_bytes(),
        }
    }

    /// Number of records in the published file (bitbully-databases 0.0.2).
    pub fn expected_len(self) -> usize {
        match self {
            BookKind::Ply8 => 34_515,
            BookKind::Ply12 => 1_735_945,
            BookKind::Ply12Distances => 4_200_899,
        }
    }

    /// Whether the book stores exact scores (distances) rather than outcomes.
    pub fn has_distances(self) -> bool {
        self == BookKind::Ply12Distances
    }
}

impl fmt::Display for BookKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BookKind::Ply8 => "8-ply",
            BookKind::Ply12 => "12-ply",
            BookKind::Ply12Distances => "12-ply-dist",
        })
    }
}

/// What a book says about a position, from the side to move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookValue {
    /// The side to move wins (8-ply and 12-ply books).
    Win,
    /// Draw (8-ply and 12-ply books).
    Draw,
    /// The side to move loses (8-ply and 12-ply books).
    Loss,
    /// Exact score in treebench's convention (distance book): 0 draw, 22 − k for a win.
    Score(i32),
}

impl BookValue {
    /// −1, 0 or +1: the outcome for the side to move.
    pub fn sign(self) -> i32 {
        match self {
            BookValue::Win => 1,
            BookValue::Draw => 0,
            BookValue::Loss => -1,
            BookValue::Score(s) => s.signum(),
        }
    }

    /// Whether `score` (our convention) agrees with this value: same sign, or equal for a score.
    pub fn agrees_with(self, score: i32) -> bool {
        match self {
            BookValue::Score(s) => s == score,
            other => other.sign() == score.signum(),
        }
    }
}

/// Errors from opening, locating and querying a book.
#[derive(Debug, thiserror::Error)]
pub enum BookError {
    #[error("cannot read book file {path}: {source}")]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("book file {path}: size {size} bytes is not a multiple of the {kind} record size {record} bytes")]
    BadSize {
        path: PathBuf,
        kind: BookKind,
        size: u64,
        record: usize,
    },
    #[error("book file {path}: is empty")]
    Empty { path: PathBuf },
    #[error(
        "book file {path}: not sorted ascending at record {index} (key {key:#x} after {prev:#x})"
    )]
    Unsorted {
        path: PathBuf,
        index: usize,
        prev: i64,
        key: i64,
    },
    #[error("book file {path}: record {index} has value {value}, not a valid {kind} value")]
    BadValue {
        path: PathBuf,
        kind: BookKind,
        index: usize,
        value: i64,
    },
    #[error("book file {path}: record {index}: {reason}")]
    BadRecord {
        path: PathBuf,
        index: usize,
        reason: String,
    },
    #[error("cannot find the {kind} book ({file}): {detail}; run scripts/setup-oracles.sh (pip install bitbully-databases)")]
    NotFound {
        kind: BookKind,
        file: &'static str,
        detail: String,
    },
    #[error("move string {moves:?}: {reason}")]
    BadMoves { moves: String, reason: String },
    #[error("move string {moves:?} has {got} moves; the {kind} book holds {want}-move positions")]
    WrongPly {
        moves: String,
        kind: BookKind,
        got: usize,
        want: usize,
    },
    #[error("key {key:#x} is not a valid {bits}-bit position code: {reason}")]
    BadKey { key: i64, bits: u32, reason: String },
    #[error("index {index} out of range for a book of {len} records")]
    OutOfRange { index: usize, len: usize },
}

/// One record of a book: its key (value bits cleared) and the stored value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookEntry {
    /// Huffman code of the stored orientation.
    pub key: i64,
    /// The stored value: `Draw`/`Loss` or `Score` (the books store no wins).
    pub value: BookValue,
}

/// An opening book loaded into memory.
#[derive(Debug, Clone)]
pub struct Book {
    kind: BookKind,
    path: PathBuf,
    /// Keys with the value bits cleared, ascending.
    keys: Vec<i32>,
    /// Raw values: −(key & 3) for the books without distances, the byte for the distance book.
    values: Vec<i8>,
}

impl Book {
    /// Reads and checks a book file: size a multiple of the record size, keys strictly ascending,
    /// values valid for the kind, every key a code of a `kind.plies()`-stone position.
    pub fn open(path: &Path, kind: BookKind) -> Result<Book, BookError> {
        let bytes = std::fs::read(path).map_err(|source| BookError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Book::from_bytes(&bytes, path, kind)
    }

    /// Parses the bytes of a book file; `path` is only used in error messages.
    pub fn from_bytes(bytes: &[u8], path: &Path, kind: BookKind) -> Result<Book, BookError> {
        let record = kind.record_size();
        if bytes.len() % record != 0 {
            return Err(BookError::BadSize {
                path: path.to_path_buf(),
                kind,
                size: bytes.len() as u64,
                record,
            });
        }
        if bytes.is_empty() {
            return Err(BookError::Empty {
                path: path.to_path_buf(),
            });
        }
        let n = bytes.len() / record;
        let mut keys = Vec::with_capacity(n);
        let mut values = Vec::with_capacity(n);
        let plies = kind.plies();
        for (index, rec) in bytes.chunks_exact(record).enumerate() {
            let (raw_key, value): (i64, i8) = match kind {
                BookKind::Ply8 => {
                    let k = i64::from(u32::from_be_bytes([0, rec[0], rec[1], rec[2]]));
                    (k & !3, -((k & 3) as i8))
                }
                BookKind::Ply12 => {
                    let k = i64::from(i32::from_be_bytes([rec[0], rec[1], rec[2], rec[3]]));
                    (k & !3, -((k & 3) as i8))
                }
                BookKind::Ply12Distances => {
                    let k = i64::from(i32::from_be_bytes([rec[0], rec[1], rec[2], rec[3]]));
                    (k, rec[4] as i8)
                }
            };
            let valid = if kind.has_distances() {
                distance_to_score(value, plies).is_some()
            } else {
                value == 0 || value == -1
            };
            if !valid {
                return Err(BookError::BadValue {
                    path: path.to_path_buf(),
                    kind,
                    index,
                    value: i64::from(value),
                });
            }
            if let Some(&prev) = keys.last() {
                if i64::from(prev) >= raw_key {
                    return Err(BookError::Unsorted {
                        path: path.to_path_buf(),
                        index,
                        prev: i64::from(prev),
                        key: raw_key,
                    });
                }
            }
            if let Err(e) = decode_key(raw_key, plies) {
                return Err(BookError::BadRecord {
                    path: path.to_path_buf(),
                    index,
                    reason: e.to_string(),
                });
            }
            keys.push(raw_key as i32);
            values.push(value);
        }
        Ok(Book {
            kind,
            path: path.to_path_buf(),
            keys,
            values,
        })
    }

    /// Finds the file of `kind`: `$TREEBENCH_BOOK_DIR/<file>` if that variable is set, else the
    /// `assets/` directory of the installed Python package `bitbully_databases`.
    pub fn locate(kind: BookKind) -> Result<PathBuf, BookError> {
        locate::locate(kind)
    }

    /// Locates and opens the book of `kind`.
    pub fn open_default(kind: BookKind) -> Result<Book, BookError> {
        Book::open(&Book::locate(kind)?, kind)
    }

    /// The kind of book.
    pub fn kind(&self) -> BookKind {
        self.kind
    }

    /// The file the book was read from.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Number of records.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether the book has no records (never true for a book that opened).
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Index of the record whose key (value bits cleared) is `key`, if any (one orientation).
    pub fn find_key(&self, key: i64) -> Option<usize> {
        let k = i32::try_from(key).ok()?;
        self.keys.binary_search(&k).ok()
    }

    fn value_of(&self, raw: i8) -> BookValue {
        if self.kind.has_distances() {
            BookValue::Score(
                distance_to_score(raw, self.kind.plies()).expect("values checked on open"),
            )
        } else if raw == 0 {
            BookValue::Draw
        } else {
            BookValue::Loss
        }
    }

    fn absent_value(&self) -> BookValue {
        if self.kind.has_distances() {
            BookValue::Score(((43 - self.kind.plies()) / 2) as i32)
        } else {
            BookValue::Win
        }
    }

    /// The value of a position given as a move string of exactly `kind.plies()` moves: looks up
    /// the position, then its mirror; a position in neither orientation is a win for the side to
    /// move (an immediate win, score (43 − n)/2, in the distance book).
    pub fn lookup(&self, moves: &str) -> Result<BookValue, BookError> {
        let got = moves.chars().count();
        if got != self.kind.plies() {
            return Err(BookError::WrongPly {
                moves: moves.to_string(),
                kind: self.kind,
                got,
                want: self.kind.plies(),
            });
        }
        Ok(self.lookup_columns(&columns_of(moves)?))
    }

    /// The value of a position given by its columns (see [`Book::lookup`]).
    pub fn lookup_columns(&self, cols: &Columns) -> BookValue {
        self.find_columns(cols)
            .map(|i| self.value_of(self.values[i]))
            .unwrap_or_else(|| self.absent_value())
    }

    /// Index of the record that holds the position or its mirror, if any.
    pub fn find_columns(&self, cols: &Columns) -> Option<usize> {
        self.find_key(cols.key())
            .or_else(|| self.find_key(cols.mirror().key()))
    }

    /// The record at `index`.
    pub fn entry(&self, index: usize) -> Result<BookEntry, BookError> {
        if index >= self.len() {
            return Err(BookError::OutOfRange {
                index,
                len: self.len(),
            });
        }
        Ok(BookEntry {
            key: i64::from(self.keys[index]),
            value: self.value_of(self.values[index]),
        })
    }

    /// All records in file order.
    pub fn entries(&self) -> impl Iterator<Item = BookEntry> + '_ {
        self.keys
            .iter()
            .zip(&self.values)
            .map(|(&k, &v)| BookEntry {
                key: i64::from(k),
                value: self.value_of(v),
            })
    }

    /// The columns of the record at `index`.
    pub fn columns_at(&self, index: usize) -> Result<Columns, BookError> {
        decode_key(self.entry(index)?.key, self.kind.plies())
    }

    /// A move string reaching the position stored at `index`.
    pub fn position_at(&self, index: usize) -> Result<String, BookError> {
        let cols = self.columns_at(index)?;
        moves_for(&cols).ok_or_else(|| BookError::BadRecord {
            path: self.path.clone(),
            index,
            reason: format!(
                "no legal move order reaches the stored position {}",
                cols.render()
            ),
        })
    }

    /// `n` distinct records drawn with a seeded ChaCha8 generator (all records if `n` ≥ len), as
    /// (move string, stored value), in draw order.
    pub fn sample(&self, n: usize, seed: u64) -> Result<Vec<(String, BookValue)>, BookError> {
        let len = self.len();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let picks: Vec<usize> = if n >= len {
            (0..len).collect()
        } else {
            let mut seen = HashSet::with_capacity(n);
            let mut v = Vec::with_capacity(n);
            while v.len() < n {
                let i = (rng.next_u64() % len as u64) as usize;
                if seen.insert(i) {
                    v.push(i);
                }
            }
            v
        };
        picks
            .into_iter()
            .map(|i| Ok((self.position_at(i)?, self.entry(i)?.value)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_bytes_reports_problems() {
        let p = Path::new("x.dat");
        let e = Book::from_bytes(&[0; 4], p, BookKind::Ply8).unwrap_err();
        assert!(e.to_string().contains("not a multiple"), "{e}");
        assert!(e.to_string().contains("x.dat"), "{e}");
        let k1 = columns_of("11111122").unwrap().key();
        let k2 = columns_of("44444455").unwrap().key();
        let (lo, hi) = (k1.min(k2), k1.max(k2));
        let rec = |k: i64| (k as u32).to_be_bytes()[1..].to_vec();
        let sorted: Vec<u8> = [rec(lo), rec(hi)].concat();
        let book = Book::from_bytes(&sorted, p, BookKind::Ply8).unwrap();
        assert_eq!(book.len(), 2);
        let unsorted: Vec<u8> = [rec(hi), rec(lo)].concat();
        let e = Book::from_bytes(&unsorted, p, BookKind::Ply8).unwrap_err();
        assert!(e.to_string().contains("not sorted"), "{e}");
        // Low bits 01 = loss; 10 is not a valid value.
        let bad: Vec<u8> = [rec(lo | 2)].concat();
        assert!(Book::from_bytes(&bad, p, BookKind::Ply8).is_err());
    }

    #[test]
    fn lookup_semantics_on_a_tiny_book() {
        let p = Path::new("tiny.dat");
        // Store 11111122 as a loss and only the mirror of 44444433... as a draw.
        let a = columns_of("11111122").unwrap();
        let b = columns_of("44444433").unwrap().mirror();
        let mut recs = [(a.key() | 1), b.key()];
        recs.sort();
        let bytes: Vec<u8> = recs
            .iter()
            .flat_map(|&k| (k as u32).to_be_bytes()[1..].to_vec())
            .collect();
        let book = Book::from_bytes(&bytes, p, BookKind::Ply8).unwrap();
        assert_eq!(book.lookup("11111122").unwrap(), BookValue::Loss);
        assert_eq!(book.lookup("77777766").unwrap(), BookValue::Loss);
        assert_eq!(book.lookup("44444433").unwrap(), BookValue::Draw);
        assert_eq!(book.lookup("44444455").unwrap(), BookValue::Draw);
        assert_eq!(book.lookup("44444466").unwrap(), BookValue::Win);
        assert!(matches!(
            book.lookup("4444443"),
            Err(BookError::WrongPly { .. })
        ));
        let s = book.sample(5, 1).unwrap();
        assert_eq!(s.len(), 2);
        for (m, v) in s {
            assert_eq!(book.lookup(&m).unwrap(), v);
        }
    }
}
