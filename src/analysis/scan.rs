//! The single pass over the results files: one read of each file's bytes, the `csv` crate's
//! [`csv::ByteRecord`] reused for every row, each field parsed straight into the typed columns
//! of [`Columns`] (no string per row), and the checks of [`super::validate_csv`] made in the same
//! pass. A file the pass cannot vouch for (any field it does not parse as plain decimal or UTF-8,
//! any failed check, a file it cannot read) is left to the general readers
//! ([`super::validate_csv`], [`super::read_results`]), which report the error by line exactly as
//! before, or accept what they accept.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::path::{Path, PathBuf};

use crate::runner::consistency::Consistency;
use crate::runner::record::{column_index, header_matches, ColumnType, COLUMNS};

use super::frame::{intern, Columns};
use super::validate::{note_engine, recorded_experiment, FileSummary};

/// What the pass read from all the files.
pub(super) struct Scanned {
    pub columns: Columns,
    pub summaries: Vec<FileSummary>,
    /// Per experiment code: whether its first row is a chess position (see
    /// [`super::chess::summarize`]).
    pub chess: Vec<bool>,
    /// Whether some file's last line has no newline (the record reader calls it truncated).
    pub unfinished: bool,
}

/// The pass over `paths`, in order; `None` when a file must go to the general readers.
pub(super) fn scan_files(paths: &[PathBuf]) -> Option<Scanned> {
    let mut s = Scanned {
        columns: Columns::default(),
        summaries: Vec::with_capacity(paths.len()),
        chess: Vec::new(),
        unfinished: false,
    };
    for p in paths {
        let bytes = std::fs::read(p).ok()?;
        s.unfinished |= bytes.last() != Some(&b'\n');
        let summary = scan_file(p, &bytes, &mut s)?;
        s.summaries.push(summary);
    }
    Some(s)
}

/// A fast hash for the integer keys of the positions (FxHash's multiply-rotate).
#[derive(Default)]
struct Fx(u64);

impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for b in bytes {
            self.write_u64(u64::from(*b));
        }
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v.into());
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// Per position of one file (experiment, seed, ply, index): its first row's moves (a range of
/// the arena) and score.
type Seen = HashMap<(u32, u64, u32, u32), (u32, u32, i32), BuildHasherDefault<Fx>>;

/// One row's fields that the checks and the columns need.
struct Row<'a> {
    experiment: &'a [u8],
    seed: u64,
    ply: u32,
    index: u32,
    moves: &'a str,
    engine: &'a [u8],
    slot: u32,
    repeat: u32,
    score: i32,
    nodes: u64,
    nanos: u64,
    probes: u32,
    best_move: bool,
}

fn scan_file(path: &Path, bytes: &[u8], s: &mut Scanned) -> Option<FileSummary> {
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .from_reader(bytes);
    let mut rec = csv::ByteRecord::new();
    if !rdr.read_byte_record(&mut rec).ok()? || !header_matches(rec.iter()) {
        return None;
    }
    let width = rec.len();
    let consistency = Consistency::new(recorded_experiment(path).as_ref());
    let mut seen = Seen::default();
    let mut arena: Vec<u8> = Vec::new();
    let mut pairs: Vec<Vec<bool>> = Vec::new();
    let mut summary = FileSummary {
        path: path.to_path_buf(),
        rows: 0,
        experiments: Vec::new(),
    };
    while rdr.read_byte_record(&mut rec).ok()? {
        let row = parse_row(&rec, width)?;
        let (e, g) = push_row(&row, &mut s.columns, &mut s.chess)?;
        let name = &s.columns.experiments[e as usize];
        if !consistency.expected_ok(name, row.seed, row.slot, (row.ply, row.index), row.moves) {
            return None;
        }
        let key = (e, row.seed, row.ply, row.index);
        match seen.get(&key) {
            None => {
                seen.insert(key, (arena.len() as u32, row.moves.len() as u32, row.score));
                arena.extend_from_slice(row.moves.as_bytes());
            }
            Some(&(at, len, score)) => {
                if arena[at as usize..(at + len) as usize] != *row.moves.as_bytes()
                    || score != row.score && !consistency.scores_may_differ(row.moves)
                {
                    return None;
                }
            }
        }
        summary.rows += 1;
        note_pair(&mut pairs, &mut summary, &s.columns, e, g);
    }
    Some(summary)
}

/// Note engine `g` of experiment `e` in the file's summary, once.
fn note_pair(pairs: &mut Vec<Vec<bool>>, summary: &mut FileSummary, c: &Columns, e: u32, g: u32) {
    let (e, g) = (e as usize, g as usize);
    if pairs.len() <= e {
        pairs.resize(e + 1, Vec::new());
    }
    if pairs[e].len() <= g {
        pairs[e].resize(g + 1, false);
    }
    if !pairs[e][g] {
        pairs[e][g] = true;
        note_engine(
            &mut summary.experiments,
            c.experiments[e].clone(),
            c.engines[g].clone(),
        );
    }
}

/// Append the row to the columns; the codes of its experiment and engine.
fn push_row(r: &Row, c: &mut Columns, chess: &mut Vec<bool>) -> Option<(u32, u32)> {
    let known = c.experiments.len();
    let e = intern(&mut c.experiments, r.experiment)?;
    if c.experiments.len() > known {
        chess.push(r.best_move || crate::game::chess::looks_like_chess(r.moves));
    }
    let g = intern(&mut c.engines, r.engine)?;
    c.experiment.push(e);
    c.engine.push(g);
    c.seed.push(r.seed);
    c.ply.push(r.ply);
    c.index.push(r.index);
    c.slot.push(r.slot);
    c.repeat.push(r.repeat);
    c.score.push(r.score);
    c.nodes.push(r.nodes);
    c.nanos.push(r.nanos);
    c.probes.push(r.probes);
    Some((e, g))
}

// The fields the analysis keeps, by their place in the schema.
const EXPERIMENT: usize = column_index("experiment");
const SEED: usize = column_index("seed");
const PLY: usize = column_index("ply");
const INDEX: usize = column_index("index");
const MOVES: usize = column_index("moves");
const ENGINE: usize = column_index("engine");
const SLOT: usize = column_index("slot");
const REPEAT: usize = column_index("repeat");
const SCORE: usize = column_index("score");
const NODES: usize = column_index("nodes");
const NANOS: usize = column_index("nanos");
const PROBES: usize = column_index("probes");
const BEST_MOVE: usize = column_index("best_move");
/// Whether the analysis parses column `i` itself (the others are only type-checked).
const fn kept(i: usize) -> bool {
    matches!(
        i,
        EXPERIMENT
            | SEED
            | PLY
            | INDEX
            | MOVES
            | ENGINE
            | SLOT
            | REPEAT
            | SCORE
            | NODES
            | NANOS
            | PROBES
    )
}

/// The fields of a row of `width` fields (a known width: the missing optional fields are
/// empty), every one checked against its column's type.
fn parse_row(rec: &csv::ByteRecord, width: usize) -> Option<Row<'_>> {
    if rec.len() != width {
        return None;
    }
    let f = |i: usize| rec.get(i).unwrap_or(b"");
    for i in (0..width).filter(|&i| !kept(i)) {
        if !field_ok(COLUMNS[i].ty, f(i)) {
            return None;
        }
    }
    let u32_at = |i: usize| u32::try_from(dec(f(i))?).ok();
    Some(Row {
        experiment: f(EXPERIMENT),
        seed: dec(f(SEED))?,
        ply: u32_at(PLY)?,
        index: u32_at(INDEX)?,
        moves: std::str::from_utf8(f(MOVES)).ok()?,
        engine: f(ENGINE),
        slot: u32_at(SLOT)?,
        repeat: u32_at(REPEAT)?,
        score: signed(f(SCORE))?,
        nodes: if f(NODES).is_empty() {
            0
        } else {
            dec(f(NODES))?
        },
        nanos: dec(f(NANOS))?,
        probes: u32_at(PROBES)?,
        best_move: !f(BEST_MOVE).is_empty(),
    })
}

/// Whether a field the analysis does not keep parses as its column's type.
fn field_ok(ty: ColumnType, b: &[u8]) -> bool {
    let opt = b.is_empty();
    match ty {
        ColumnType::Text => std::str::from_utf8(b).is_ok(),
        ColumnType::OptText => opt || std::str::from_utf8(b).is_ok(),
        ColumnType::U32 => dec(b).is_some_and(|v| u32::try_from(v).is_ok()),
        ColumnType::OptU32 => opt || dec(b).is_some_and(|v| u32::try_from(v).is_ok()),
        ColumnType::U64 => dec(b).is_some(),
        ColumnType::OptU64 => opt || dec(b).is_some(),
        ColumnType::I32 => signed(b).is_some(),
    }
}

/// Plain decimal digits (no sign, no prefix) that fit in a u64.
fn dec(b: &[u8]) -> Option<u64> {
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
fn signed(b: &[u8]) -> Option<i32> {
    match b.strip_prefix(b"-") {
        Some(digits) => i32::try_from(-i64::try_from(dec(digits)?).ok()?).ok(),
        None => i32::try_from(dec(b)?).ok(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
