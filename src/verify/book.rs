//! Native reader of BitBully's opening books (pip `bitbully-databases`): 8-ply, 12-ply, 12-ply with distances.
//!
//! File format (confirmed on bitbully-databases 0.0.2):
//! - `book_8ply.dat`: 34,515 records of 3 bytes, a big-endian unsigned key.
//! - `book_12ply.dat`: 1,735,945 records of 4 bytes, a big-endian key read as a signed `i32`.
//! - `book_12ply_distances.dat`: 4,200,899 records of 5 bytes: a big-endian signed `i32` key and
//!   one signed byte value.
//!
//! A key is the Huffman code of the position, written MSB first: columns 0→6 (our columns 1→7),
//! each bottom→top, a stone of the side to move is `10`, an opponent stone `11`, and `0` ends the
//! column (also after a full column); one final `0` pads to 2·n + 8 bits (24 at 8 ply, 32 at
//! 12 ply). Records are sorted ascending (signed order for the 12-ply books). Most positions are
//! stored in one orientation only: look up the position, then its mirror.
//!
//! Values: in the books without distances the two low bits of the key (always `00` in a real
//! code) hold −value: `00` draw, `01` loss for the side to move; a position absent in both
//! orientations is a win for the side to move. In the distance book the byte `v` is 0 for a draw,
//! `v > 0` (odd) a win for the side to move and `v < 0` (even) a loss, with |v| = 100 − plies
//! until the final move; a position absent in both orientations is an immediate win.

use std::collections::HashSet;
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

const ROWS: usize = 6;
const COLS: usize = 7;

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

/// Stones of a position column by column, bottom→top; `true` = a stone of the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Columns(pub [Vec<bool>; COLS]);

impl Columns {
    /// Number of stones on the board.
    pub fn stones(&self) -> usize {
        self.0.iter().map(Vec::len).sum()
    }

    /// The position mirrored left↔right.
    pub fn mirror(&self) -> Columns {
        let mut m = self.0.clone();
        m.reverse();
        Columns(m)
    }

    /// Huffman code of the position as the book stores it: 2·n + 8 bits, sign-extended from 32
    /// bits when n = 12 (24-bit codes stay positive).
    pub fn key(&self) -> i64 {
        let mut code: u64 = 0;
        let mut bits: u32 = 0;
        for col in &self.0 {
            for &mine in col {
                code = (code << 2) | if mine { 0b10 } else { 0b11 };
                bits += 2;
            }
            code <<= 1;
            bits += 1;
        }
        code <<= 1;
        bits += 1;
        if bits == 32 {
            i64::from(code as u32 as i32)
        } else {
            code as i64
        }
    }

    /// A text rendering: for each column 1..7, its stones bottom→top, `x` side to move, `o`
    /// opponent, columns separated by `|` (e.g. `|||xo|x||`).
    pub fn render(&self) -> String {
        self.0
            .iter()
            .map(|c| {
                c.iter()
                    .map(|&m| if m { 'x' } else { 'o' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|")
    }
}

/// Plays a move string (digits 1..7) on a small self-contained board and returns its columns
/// from the point of view of the side to move after the last move. Fails on a bad character, a
/// full column, or a move played after a four-in-a-row (the game was over); a four completed by
/// the last move is also an error (the side to move has already lost).
pub fn columns_of(moves: &str) -> Result<Columns, BookError> {
    let bad = |reason: String| BookError::BadMoves {
        moves: moves.to_string(),
        reason,
    };
    // Owner per cell: 0 = first player, 1 = second player.
    let mut grid: [Vec<u8>; COLS] = Default::default();
    for (i, ch) in moves.chars().enumerate() {
        let c = match ch.to_digit(10) {
            Some(d @ 1..=7) => d as usize - 1,
            _ => {
                return Err(bad(format!(
                    "character {ch:?} at move {} is not a column 1..7",
                    i + 1
                )))
            }
        };
        if grid[c].len() >= ROWS {
            return Err(bad(format!("column {} is full at move {}", c + 1, i + 1)));
        }
        let player = (i % 2) as u8;
        let row = grid[c].len();
        grid[c].push(player);
        if fours_through(&grid, c, row, player) {
            return Err(bad(format!(
                "move {} completes a four-in-a-row: the game is over",
                i + 1
            )));
        }
    }
    let to_move = (moves.chars().count() % 2) as u8;
    Ok(Columns(grid.map(|col| {
        col.into_iter().map(|p| p == to_move).collect()
    })))
}

fn fours_through<T: PartialEq + Copy>(grid: &[Vec<T>; COLS], c: usize, r: usize, p: T) -> bool {
    let at = |c: i64, r: i64| -> Option<T> {
        if (0..COLS as i64).contains(&c) && r >= 0 {
            grid[c as usize].get(r as usize).copied()
        } else {
            None
        }
    };
    for (dc, dr) in [(1i64, 0i64), (0, 1), (1, 1), (1, -1)] {
        let mut k = 1;
        for s in [1i64, -1] {
            let (mut cc, mut rr) = (c as i64 + s * dc, r as i64 + s * dr);
            while at(cc, rr) == Some(p) {
                k += 1;
                cc += s * dc;
                rr += s * dr;
            }
        }
        if k >= 4 {
            return true;
        }
    }
    false
}

/// Decodes a key of a `plies`-stone position (2·plies + 8 bits; the two low value bits of the
/// non-distance books must already be cleared) into its columns.
pub fn decode_key(key: i64, plies: usize) -> Result<Columns, BookError> {
    let bits = 2 * plies as u32 + 8;
    let bad = |reason: &str| BookError::BadKey {
        key,
        bits,
        reason: reason.to_string(),
    };
    if bits > 40 {
        return Err(bad("too many stones"));
    }
    let code = (key as u64) & ((1u64 << bits) - 1);
    if bits < 32 && (key as u64) >> bits != 0 {
        return Err(bad("key has bits above the code length"));
    }
    let mut pos = bits;
    let mut next = || -> Option<bool> {
        if pos == 0 {
            None
        } else {
            pos -= 1;
            Some(code >> pos & 1 == 1)
        }
    };
    let mut cols: [Vec<bool>; COLS] = Default::default();
    for col in cols.iter_mut() {
        loop {
            match next() {
                None => return Err(bad("code ends inside a column")),
                Some(false) => break,
                Some(true) => {
                    if col.len() == ROWS {
                        return Err(bad("a column holds more than six stones"));
                    }
                    match next() {
                        None => return Err(bad("code ends inside a stone")),
                        Some(second) => col.push(!second),
                    }
                }
            }
        }
    }
    if next() != Some(false) {
        return Err(bad("missing final padding bit 0"));
    }
    if pos != 0 {
        return Err(bad("stone count does not match the code length"));
    }
    let c = Columns(cols);
    if c.stones() != plies {
        return Err(bad("stone count does not match the code length"));
    }
    Ok(c)
}

/// Finds a move string that reaches `cols`: players alternate (the side to move after the last
/// move owns the `true` stones), every column is filled bottom→top, and no four-in-a-row appears
/// before the last move. Returns `None` if there is no such order.
pub fn moves_for(cols: &Columns) -> Option<String> {
    let n = cols.stones();
    // Owner per cell: 0 = first player, 1 = second player.
    let to_move = (n % 2) as u8;
    let owners: [Vec<u8>; COLS] = cols.0.clone().map(|c| {
        c.into_iter()
            .map(|mine| if mine { to_move } else { 1 - to_move })
            .collect()
    });
    let count0 = owners.iter().flatten().filter(|&&p| p == 0).count();
    if count0 != n.div_ceil(2) {
        return None;
    }
    let mut grid: [Vec<u8>; COLS] = Default::default();
    let mut moves = String::with_capacity(n);
    let mut dead: HashSet<[u8; COLS]> = HashSet::new();
    if search(&owners, &mut grid, &mut moves, n, &mut dead) {
        Some(moves)
    } else {
        None
    }
}

fn search(
    owners: &[Vec<u8>; COLS],
    grid: &mut [Vec<u8>; COLS],
    moves: &mut String,
    n: usize,
    dead: &mut HashSet<[u8; COLS]>,
) -> bool {
    let ply = moves.len();
    if ply == n {
        return true;
    }
    let heights: [u8; COLS] = std::array::from_fn(|c| grid[c].len() as u8);
    if dead.contains(&heights) {
        return false;
    }
    let player = (ply % 2) as u8;
    // Centre columns first: a plausible order, and it keeps the search short.
    for c in [3usize, 2, 4, 1, 5, 0, 6] {
        let r = grid[c].len();
        if r >= owners[c].len() || owners[c][r] != player {
            continue;
        }
        grid[c].push(player);
        let four = fours_through(grid, c, r, player);
        if !four || ply + 1 == n {
            moves.push(char::from(b'1' + c as u8));
            if search(owners, grid, moves, n, dead) {
                return true;
            }
            moves.pop();
        }
        grid[c].pop();
    }
    dead.insert(heights);
    false
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
        let file = kind.file_name();
        let not_found = |detail: String| BookError::NotFound { kind, file, detail };
        if let Some(dir) = std::env::var_os("TREEBENCH_BOOK_DIR") {
            let p = Path::new(&dir).join(file);
            return if p.is_file() {
                Ok(p)
            } else {
                Err(not_found(format!(
                    "TREEBENCH_BOOK_DIR is set but {} does not exist",
                    p.display()
                )))
            };
        }
        let out = Command::new("python3")
            .arg("-c")
            .arg(
                "import bitbully_databases, os; \
                 print(os.path.join(os.path.dirname(os.path.abspath(bitbully_databases.__file__)), 'assets'))",
            )
            .output()
            .map_err(|e| not_found(format!("cannot run python3: {e}")))?;
        if !out.status.success() {
            let err = String::from_utf8_lossy(&out.stderr);
            let last = err.lines().last().unwrap_or("").trim().to_string();
            return Err(not_found(format!(
                "python3 cannot import bitbully_databases ({last})"
            )));
        }
        let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
        let p = Path::new(&dir).join(file);
        if p.is_file() {
            Ok(p)
        } else {
            Err(not_found(format!("{} does not exist", p.display())))
        }
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

/// Converts a distance-book byte of a `plies`-stone position into our score, or `None` if the
/// byte is not a valid value (wrong parity for the winner, or out of range).
pub fn distance_to_score(v: i8, plies: usize) -> Option<i32> {
    if v == 0 {
        return Some(0);
    }
    let v = i32::from(v);
    let left = (42 - plies) as i32;
    // Plies from this position to the final (winning) move, and the ply number of that move.
    let d = 100 - v.abs();
    if d < 1 || d > left {
        return None;
    }
    let final_ply = plies as i32 + d;
    // The side to move plays plies n+1, n+3, ...: it wins iff d is odd.
    if (v > 0) != (d % 2 == 1) {
        return None;
    }
    // Stones the winner has placed when completing four.
    let k = (final_ply + 1) / 2;
    let s = 22 - k;
    Some(if v > 0 { s } else { -s })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hand_worked_key_8ply() {
        // 11111122: column 1 holds x o x o x o bottom→top (first player = side to move at even
        // ply = x), column 2 holds x o. Code: 10 11 10 11 10 11 0 | 10 11 0 | 0 0 0 0 0 | 0.
        let cols = columns_of("11111122").unwrap();
        assert_eq!(cols.render(), "xoxoxo|xo|||||");
        let want = 0b1011_1011_1011_0_1011_0_00000_0i64;
        assert_eq!(cols.key(), want);
        assert_eq!(cols.key(), 0xbbb580);
        assert_eq!(decode_key(want, 8).unwrap(), cols);
    }

    #[test]
    fn twelve_ply_keys_are_signed() {
        // 111111223354 starts with a stone, so its 32-bit code has the top bit set.
        let cols = columns_of("111111223354").unwrap();
        assert_eq!(cols.key(), i64::from(0xbbb5ada0u32 as i32));
        assert!(cols.key() < 0);
        assert_eq!(decode_key(cols.key(), 12).unwrap(), cols);
        // An empty first column gives a positive key.
        assert_eq!(columns_of("444444332265").unwrap().key(), 0x5ad776d0);
    }

    #[test]
    fn side_to_move_is_ten_on_odd_plies_too() {
        // After one move the second player is to move: the first player's stone is `11`.
        let cols = columns_of("4").unwrap();
        assert_eq!(cols.render(), "|||o|||");
        assert_eq!(cols.key(), 0b0_0_0_11_0_0_0_0_0);
    }

    #[test]
    fn mirror_reverses_columns() {
        let a = columns_of("12345671").unwrap();
        let b = columns_of("76543217").unwrap();
        assert_eq!(a.mirror(), b);
        assert_eq!(a.mirror().key(), b.key());
    }

    #[test]
    fn bad_move_strings() {
        assert!(matches!(
            columns_of("4480"),
            Err(BookError::BadMoves { .. })
        ));
        assert!(matches!(
            columns_of("1111111"),
            Err(BookError::BadMoves { .. })
        ));
        // 1212121: the first player completes a vertical four on move 7.
        let e = columns_of("1212121").unwrap_err().to_string();
        assert!(e.contains("four"), "{e}");
        assert!(columns_of("121212").is_ok());
    }

    #[test]
    fn decode_rejects_malformed_codes() {
        // Too few stones for 8 plies.
        assert!(decode_key(columns_of("1234").unwrap().key() << 8, 8).is_err());
        // Seven stones in a column: 10 x7 does not fit.
        assert!(decode_key(0xAAAA << 8, 8).is_err());
        // Non-zero padding bit.
        assert!(decode_key(columns_of("11111122").unwrap().key() | 1, 8).is_err());
    }

    #[test]
    fn moves_for_round_trips() {
        for m in [
            "11111122",
            "44444455",
            "4453",
            "44455554221",
            "",
            "1",
            "121267",
        ] {
            let cols = columns_of(m).unwrap();
            let back = moves_for(&cols).expect("an order exists");
            assert_eq!(columns_of(&back).unwrap(), cols, "{m} -> {back}");
        }
    }

    #[test]
    fn moves_for_refuses_impossible_positions() {
        // Two stones of the side to move and none of the opponent's: counts cannot alternate.
        let mut cols = Columns(Default::default());
        cols.0[0] = vec![true, true];
        assert_eq!(moves_for(&cols), None);
        // Four first-player stones stacked under opponent stones: the four is completed
        // before the end whatever the order.
        let cols = Columns([
            vec![false, false, false, false, true],
            vec![true],
            vec![true],
            vec![true],
            vec![],
            vec![],
            vec![],
        ]);
        assert_eq!(cols.stones(), 8);
        assert_eq!(moves_for(&cols), None);
    }

    #[test]
    fn distance_values() {
        // Documented examples (bitbully-databases): 71 → first player wins in 29 plies,
        // 73 → in 27, −88 → loses in 12.
        assert_eq!(distance_to_score(71, 12), Some(1));
        assert_eq!(distance_to_score(73, 12), Some(2));
        assert_eq!(distance_to_score(97, 12), Some(14));
        assert_eq!(distance_to_score(-88, 12), Some(-10));
        assert_eq!(distance_to_score(-70, 12), Some(-1));
        assert_eq!(distance_to_score(-98, 12), Some(-15));
        assert_eq!(distance_to_score(0, 12), Some(0));
        // Wrong parity, out of range.
        assert_eq!(distance_to_score(72, 12), None);
        assert_eq!(distance_to_score(-71, 12), None);
        assert_eq!(distance_to_score(69, 12), None);
        assert_eq!(distance_to_score(100, 12), None);
    }

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
