//! The single pass over the results files: one read of each file's bytes, the `csv` crate's
//! [`csv::ByteRecord`] reused for every row, each field parsed straight into the typed columns
//! of [`Columns`] (no string per row), and the checks of [`super::validate_csv`] made in the same
//! pass. A file the pass cannot vouch for (any field it does not parse as plain decimal or UTF-8,
//! any failed check, a file it cannot read) is left to the general readers
//! ([`super::validate_csv`], [`super::read_results`]), which report the error by line exactly as
//! before, or accept what they accept.

use crate::util::fxhash::FxHashMap;
use std::path::{Path, PathBuf};

use crate::runner::consistency::Consistency;
use crate::runner::record::{column_index, header_matches, COLUMNS};

use super::csv_body::{
    body_after, dec, field_ok, lines, plain, plain_lines, plain_rows, quoted, read_file, signed,
    split,
};
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
        let bytes = read_file(p).ok()?;
        s.unfinished |= bytes.last() != Some(&b'\n');
        let summary = scan_file(p, &bytes, &mut s)?;
        s.summaries.push(summary);
    }
    Some(s)
}

/// Per position of one file (experiment, seed, ply, index): its first row's moves (a range of
/// the arena) and score.
type Seen = FxHashMap<PositionKey, FirstRow>;
/// A position: experiment code, seed, ply, index.
type PositionKey = (u32, u64, u32, u32);
/// A position's first row: its moves (start and length in the arena) and score.
type FirstRow = (u32, u32, i32);

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
    let body = body_after(bytes, usize::try_from(rdr.position().byte()).ok()?);
    let consistency = Consistency::new(recorded_experiment(path).as_ref());
    let run = |body, plain, columns: &mut Columns, chess: &mut Vec<bool>| {
        scan_rows(body, plain, width, &consistency, columns, chess)
    };
    let (mut first, second) = match split(body) {
        None => {
            // The file's rows at most (its lines): the columns grow without copying.
            s.columns.reserve(lines(body));
            (run(body, plain(body), &mut s.columns, &mut s.chess)?, None)
        }
        // The two halves on the two cores; the second into columns of its own, merged after.
        Some((a, b)) => {
            // Each half's quotes, line ends and lines, one a core.
            let look = |h: &[u8]| {
                let quoted = quoted(h);
                (quoted, !quoted && plain_lines(h), lines(h))
            };
            let ((quoted_a, plain_a, la), (quoted_b, plain_b, lb)) =
                rayon::join(|| look(a), || look(b));
            s.columns.reserve(la + lb);
            if quoted_a || quoted_b {
                // A quote may open a field that the cut splits: the file in one pass.
                (run(body, false, &mut s.columns, &mut s.chess)?, None)
            } else {
                // The halves, cut after a line end, are plain when the file is, and only then.
                let plain = plain_a && plain_b;
                let (mut columns, mut chess) = (Columns::default(), Vec::new());
                columns.reserve(lb);
                let (ra, rb) = rayon::join(
                    || run(a, plain, &mut s.columns, &mut s.chess),
                    || run(b, plain, &mut columns, &mut chess),
                );
                (ra?, Some((rb?, columns, chess)))
            }
        }
    };
    let mut summary = FileSummary {
        path: path.to_path_buf(),
        rows: first.rows,
        experiments: std::mem::take(&mut first.experiments),
    };
    if let Some((part, columns, chess)) = second {
        merge_part(s, &mut summary, &first, part, columns, &chess, &consistency)?;
    }
    Some(summary)
}

/// What the pass over a run of rows saw: each position's first row, and the file's summary of it.
struct Part {
    seen: Seen,
    /// The moves of the positions' first rows.
    arena: Vec<u8>,
    rows: u64,
    experiments: Vec<(String, Vec<String>)>,
}

/// The rows of `body` ([`plain`] or not) into `columns`, with the checks of one file's rows.
fn scan_rows(
    body: &[u8],
    plain: bool,
    width: usize,
    consistency: &Consistency,
    columns: &mut Columns,
    chess: &mut Vec<bool>,
) -> Option<Part> {
    let mut sink = Sink {
        part: Part {
            seen: Seen::default(),
            arena: Vec::new(),
            rows: 0,
            experiments: Vec::new(),
        },
        pairs: Vec::new(),
        last: None,
        width,
        consistency,
        columns,
        chess,
    };
    if plain {
        plain_rows(body, |fields| sink.take(fields))?;
    } else {
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(body);
        let mut rec = csv::ByteRecord::new();
        while rdr.read_byte_record(&mut rec).ok()? {
            let mut fields = [&b""[..]; COLUMNS.len()];
            if rec.len() > fields.len() {
                return None;
            }
            for (f, r) in fields.iter_mut().zip(rec.iter()) {
                *f = r;
            }
            sink.take(&fields[..rec.len()])?;
        }
    }
    Some(sink.part)
}

/// Where the rows of a run go: the columns, and the checks of one file's rows.
struct Sink<'c> {
    part: Part,
    pairs: Vec<Vec<bool>>,
    /// The previous row's position and its first row (as in `part.seen`).
    last: Option<(PositionKey, FirstRow)>,
    width: usize,
    consistency: &'c Consistency,
    columns: &'c mut Columns,
    chess: &'c mut Vec<bool>,
}

impl Sink<'_> {
    /// One row, by its fields; `None` when the pass cannot vouch for it.
    fn take(&mut self, fields: &[&[u8]]) -> Option<()> {
        let row = parse_row(fields, self.width)?;
        let (e, g) = push_row(&row, self.columns, self.chess)?;
        let name = &self.columns.experiments[e as usize];
        if !self
            .consistency
            .expected_ok(name, row.seed, row.slot, (row.ply, row.index), row.moves)
        {
            return None;
        }
        let part = &mut self.part;
        let key = (e, row.seed, row.ply, row.index);
        // The rows of a position are usually adjacent (the runner writes a position's solves
        // together): the previous row's position is checked without a lookup in `seen`.
        let first = match self.last {
            Some((k, first)) if k == key => Some(first),
            _ => part.seen.get(&key).copied(),
        };
        let first = match first {
            None => {
                let first = (part.arena.len() as u32, row.moves.len() as u32, row.score);
                part.seen.insert(key, first);
                part.arena.extend_from_slice(row.moves.as_bytes());
                first
            }
            Some(first) => {
                if !same_position(self.consistency, &part.arena, first, row.moves, row.score) {
                    return None;
                }
                first
            }
        };
        self.last = Some((key, first));
        part.rows += 1;
        note_pair(&mut self.pairs, &mut part.experiments, self.columns, e, g);
        Some(())
    }
}

/// Whether a row of a position agrees with its first row (`first`: moves in `arena`, score).
fn same_position(
    consistency: &Consistency,
    arena: &[u8],
    (at, len, score): (u32, u32, i32),
    moves: &str,
    row_score: i32,
) -> bool {
    arena[at as usize..(at + len) as usize] == *moves.as_bytes()
        && (score == row_score || consistency.scores_may_differ(moves))
}

/// Append the second half of a file (`part`, read into `columns` with codes of its own) to `s`
/// after the first (`first`), as if read in one pass: names coded in order of appearance, each
/// position's first row in the second half checked against its first row in the first.
fn merge_part(
    s: &mut Scanned,
    summary: &mut FileSummary,
    first: &Part,
    part: Part,
    columns: Columns,
    chess: &[bool],
    consistency: &Consistency,
) -> Option<()> {
    let c = &mut s.columns;
    let mut experiments = Vec::with_capacity(columns.experiments.len());
    for (name, &is_chess) in columns.experiments.iter().zip(chess) {
        let known = c.experiments.len();
        experiments.push(intern(&mut c.experiments, name.as_bytes())?);
        if c.experiments.len() > known {
            s.chess.push(is_chess);
        }
    }
    let engines = columns
        .engines
        .iter()
        .map(|n| intern(&mut c.engines, n.as_bytes()))
        .collect::<Option<Vec<u32>>>()?;
    // Each position of the second half checked against the first while the columns are
    // appended, one a core.
    let check = || {
        part.seen
            .iter()
            .all(|(&(e, seed, ply, index), &(at, len, score))| {
                let key = (experiments[e as usize], seed, ply, index);
                first.seen.get(&key).is_none_or(|&earlier| {
                    std::str::from_utf8(&part.arena[at as usize..(at + len) as usize]).is_ok_and(
                        |moves| same_position(consistency, &first.arena, earlier, moves, score),
                    )
                })
            })
    };
    let (consistent, ()) = rayon::join(check, || c.append(columns, &experiments, &engines));
    if !consistent {
        return None;
    }
    summary.rows += part.rows;
    for (e, gs) in part.experiments {
        for g in gs {
            note_engine(&mut summary.experiments, e.clone(), g);
        }
    }
    Some(())
}

/// Note engine `g` of experiment `e` in the file's summary, once.
fn note_pair(
    pairs: &mut Vec<Vec<bool>>,
    experiments: &mut Vec<(String, Vec<String>)>,
    c: &Columns,
    e: u32,
    g: u32,
) {
    let (e, g) = (e as usize, g as usize);
    if pairs.len() <= e {
        pairs.resize(e + 1, Vec::new());
    }
    if pairs[e].len() <= g {
        pairs[e].resize(g + 1, false);
    }
    if !pairs[e][g] {
        pairs[e][g] = true;
        note_engine(experiments, c.experiments[e].clone(), c.engines[g].clone());
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
/// The columns the analysis only type-checks, in schema order (a row of an older, narrower
/// file has the first of them).
const UNKEPT: [usize; COLUMNS.len() - KEPT] = {
    let mut out = [0; COLUMNS.len() - KEPT];
    let (mut i, mut n) = (0, 0);
    while i < COLUMNS.len() {
        if !kept(i) {
            out[n] = i;
            n += 1;
        }
        i += 1;
    }
    out
};
/// How many columns [`kept`] names.
const KEPT: usize = {
    let (mut i, mut n) = (0, 0);
    while i < COLUMNS.len() {
        n += kept(i) as usize;
        i += 1;
    }
    n
};

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
fn parse_row<'a>(rec: &[&'a [u8]], width: usize) -> Option<Row<'a>> {
    if rec.len() != width {
        return None;
    }
    let f = |i: usize| rec.get(i).copied().unwrap_or(b"");
    for &i in UNKEPT.iter().take_while(|&&i| i < width) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::synthetic::{write_synthetic, SyntheticSpec};

    /// A fresh folder of this test process.
    fn test_dir(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("treebench-scan-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    /// A results file large enough to be read in two halves, and its header's length.
    fn big_file(dir: &Path) -> (PathBuf, Vec<u8>, usize) {
        let path = dir.join("big.csv");
        let spec = SyntheticSpec {
            positions_per_ply: 2000,
            ..SyntheticSpec::default()
        };
        write_synthetic(&path, &spec).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        let header = bytes.iter().position(|&c| c == b'\n').unwrap() + 1;
        assert!(split(&bytes[header..]).is_some(), "{} bytes", bytes.len());
        (path, bytes, header)
    }

    /// Two halves give the columns, names and summary of one pass.
    #[test]
    fn halves_read_as_one_pass() {
        let dir = test_dir("halves");
        let (path, bytes, header) = big_file(&dir);
        let halves = scan_files(std::slice::from_ref(&path)).unwrap();
        let (mut columns, mut chess) = (Columns::default(), Vec::new());
        let consistency = Consistency::new(None);
        let width = bytes[..header].iter().filter(|&&c| c == b',').count() + 1;
        let body = &bytes[header..];
        let one = scan_rows(
            body,
            plain(body),
            width,
            &consistency,
            &mut columns,
            &mut chess,
        );
        let one = one.unwrap();
        let c = &halves.columns;
        assert_eq!(c.experiment.len(), one.rows as usize);
        assert_eq!(halves.summaries[0].rows, one.rows);
        assert_eq!(halves.summaries[0].experiments, one.experiments);
        assert_eq!(
            (&c.experiments, &c.engines),
            (&columns.experiments, &columns.engines)
        );
        assert_eq!(
            (&c.experiment, &c.engine, &c.seed),
            (&columns.experiment, &columns.engine, &columns.seed)
        );
        assert_eq!(
            (&c.ply, &c.index, &c.slot, &c.repeat),
            (&columns.ply, &columns.index, &columns.slot, &columns.repeat)
        );
        assert_eq!(
            (&c.score, &c.nodes, &c.nanos, &c.probes),
            (
                &columns.score,
                &columns.nodes,
                &columns.nanos,
                &columns.probes
            )
        );
        assert_eq!(halves.chess, chess);
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A file with `\r\n` line ends is split at them too (not left to the csv crate), and reads
    /// as the same file with `\n`.
    #[test]
    fn crlf_files_read_as_lf_files() {
        let dir = test_dir("crlf");
        let (path, bytes, header) = big_file(&dir);
        let crlf: Vec<u8> = bytes
            .iter()
            .flat_map(|&c| {
                if c == b'\n' {
                    vec![b'\r', b'\n']
                } else {
                    vec![c]
                }
            })
            .collect();
        let mut rdr = csv::ReaderBuilder::new()
            .has_headers(false)
            .from_reader(&crlf[..]);
        rdr.read_byte_record(&mut csv::ByteRecord::new()).unwrap();
        let body = body_after(&crlf, rdr.position().byte() as usize);
        assert_eq!(body, &crlf[header + 1..]);
        assert!(plain(body));
        let lf = scan_files(std::slice::from_ref(&path)).unwrap();
        std::fs::write(&path, &crlf).unwrap();
        let cr = scan_files(std::slice::from_ref(&path)).unwrap();
        assert_eq!(lf.summaries[0].rows, cr.summaries[0].rows);
        assert_eq!(
            (&lf.columns.nanos, &lf.columns.seed),
            (&cr.columns.nanos, &cr.columns.seed)
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A quoted field in the second half only (which the cut could split) sends the whole file
    /// to one pass through the csv crate, with the columns of the file without the quotes.
    #[test]
    fn a_quote_in_one_half_reads_the_file_in_one_pass() {
        let dir = test_dir("quote");
        let (path, bytes, header) = big_file(&dir);
        let plain_file = scan_files(std::slice::from_ref(&path)).unwrap();
        // The last line's experiment name, quoted.
        let last = bytes[..bytes.len() - 1]
            .iter()
            .rposition(|&c| c == b'\n')
            .unwrap()
            + 1;
        assert!(last > header + (bytes.len() - header) / 2);
        let comma = last + bytes[last..].iter().position(|&c| c == b',').unwrap();
        let quoted = [
            &bytes[..last],
            b"\"",
            &bytes[last..comma],
            b"\"",
            &bytes[comma..],
        ]
        .concat();
        std::fs::write(&path, &quoted).unwrap();
        let body = &quoted[header..];
        let (a, b) = split(body).unwrap();
        assert!(!a.contains(&b'"') && b.contains(&b'"'));
        let q = scan_files(std::slice::from_ref(&path)).unwrap();
        assert_eq!(q.summaries[0].rows, plain_file.summaries[0].rows);
        assert_eq!(q.columns.experiments, plain_file.columns.experiments);
        assert_eq!(
            (&q.columns.experiment, &q.columns.nanos, &q.columns.seed),
            (
                &plain_file.columns.experiment,
                &plain_file.columns.nanos,
                &plain_file.columns.seed
            )
        );
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A position of the first half repeated in the second with other moves is refused, as in
    /// one pass (the general reader then reports it).
    #[test]
    fn halves_check_positions_across_the_cut() {
        let dir = test_dir("cut");
        let (path, bytes, header) = big_file(&dir);
        let first =
            &bytes[header..header + bytes[header..].iter().position(|&c| c == b'\n').unwrap()];
        let mut fields: Vec<&[u8]> = first.split(|&c| c == b',').collect();
        let other = [fields[MOVES], b"1"].concat();
        fields[MOVES] = &other;
        let mut out = bytes.clone();
        out.extend_from_slice(&fields.join(&b','));
        out.push(b'\n');
        assert!(scan_files(std::slice::from_ref(&path)).is_some());
        std::fs::write(&path, &out).unwrap();
        assert!(scan_files(std::slice::from_ref(&path)).is_none());
        std::fs::remove_dir_all(dir).unwrap();
    }

    /// A row right after its position's first row (which the pass checks without a lookup in
    /// `seen`) is refused with other moves or another score, as one further away is.
    #[test]
    fn adjacent_rows_of_a_position_are_checked() {
        let dir = test_dir("adjacent");
        let (path, bytes, header) = big_file(&dir);
        let end = header + bytes[header..].iter().position(|&c| c == b'\n').unwrap() + 1;
        let first = &bytes[header..end - 1];
        let fields: Vec<&[u8]> = first.split(|&c| c == b',').collect();
        let score = signed(fields[SCORE]).unwrap();
        let other_score = (score + 1).to_string();
        let other_moves = [fields[MOVES], b"1"].concat();
        for (at, value) in [(MOVES, &other_moves[..]), (SCORE, other_score.as_bytes())] {
            let mut changed = fields.clone();
            changed[at] = value;
            let row = [&changed.join(&b',')[..], b"\n"].concat();
            std::fs::write(&path, [&bytes[..end], &row, &bytes[end..]].concat()).unwrap();
            assert!(
                scan_files(std::slice::from_ref(&path)).is_none(),
                "field {at}"
            );
            // The same row unchanged is accepted (the check itself refuses nothing more).
            let same = [first, b"\n"].concat();
            std::fs::write(&path, [&bytes[..end], &same, &bytes[end..]].concat()).unwrap();
            assert!(scan_files(std::slice::from_ref(&path)).is_some());
        }
        std::fs::remove_dir_all(dir).unwrap();
    }
}
