//! Who wins the empty board of each size: the solver's answer, and John Tromp's published table
//! as an independent oracle (`tests/data/tromp_boards.txt`, every size with width + height ≤ 15).

use super::checks::Outcome as Outcome_;
use super::report::Failure;
use crate::engine::connect4::{Connect4Engine, SolverConfig};
use crate::engine::sized;
use crate::game::connect4::BoardSize;
use crate::table::{Align, Cell, Column, Table};
use crate::util::fmt::{fmt_duration, thousands};
use std::fmt;
use std::time::{Duration, Instant};

/// Tromp's table, as shipped in `tests/data/tromp_boards.txt` (its header says what each entry
/// means and where it comes from).
pub const TROMP_TABLE: &str = include_str!("../../tests/data/tromp_boards.txt");

/// The result of the empty board for the first player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The first player wins (`+`).
    FirstWins,
    /// The second player wins (`-`).
    SecondWins,
    /// A draw (`=`).
    Draw,
}

impl Outcome {
    /// The outcome of a score of the empty board (seen from the first player, who is to move).
    #[must_use]
    pub fn of_score(score: i32) -> Self {
        match score.signum() {
            1 => Outcome::FirstWins,
            -1 => Outcome::SecondWins,
            _ => Outcome::Draw,
        }
    }

    /// `+`, `-` or `=`.
    #[must_use]
    pub const fn symbol(self) -> char {
        match self {
            Outcome::FirstWins => '+',
            Outcome::SecondWins => '-',
            Outcome::Draw => '=',
        }
    }

    fn from_symbol(s: &str) -> Option<Self> {
        match s {
            "+" => Some(Outcome::FirstWins),
            "-" => Some(Outcome::SecondWins),
            "=" => Some(Outcome::Draw),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.symbol())
    }
}

/// One entry of the published table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrompEntry {
    pub board: BoardSize,
    pub outcome: Outcome,
    /// Whether the transcription is certain (an unsure entry is reported, never a failure).
    pub sure: bool,
}

/// Read the table: `WIDTH HEIGHT RESULT [sure|unsure]` per line, `#` comments.
pub fn parse_tromp(text: &str) -> Result<Vec<TrompEntry>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: &str| format!("tromp table line {}: {why}: `{line}`", i + 1);
        let f: Vec<&str> = line.split_whitespace().collect();
        if !(3..=4).contains(&f.len()) {
            return Err(bad("expected WIDTH HEIGHT RESULT [sure|unsure]"));
        }
        let num = |s: &str| s.parse::<usize>().map_err(|_| bad("not a number"));
        let board = BoardSize::new(num(f[0])?, num(f[1])?).map_err(|e| bad(&e.to_string()))?;
        let outcome = Outcome::from_symbol(f[2]).ok_or_else(|| bad("result must be +, - or ="))?;
        let sure = match f.get(3).copied() {
            None | Some("sure") => true,
            Some("unsure") => false,
            Some(_) => return Err(bad("confidence must be sure or unsure")),
        };
        if out.iter().any(|e: &TrompEntry| e.board == board) {
            return Err(bad("board listed twice"));
        }
        out.push(TrompEntry {
            board,
            outcome,
            sure,
        });
    }
    Ok(out)
}

/// The shipped table (it parses: a test checks).
#[must_use]
pub fn tromp() -> Vec<TrompEntry> {
    parse_tromp(TROMP_TABLE).expect("tests/data/tromp_boards.txt parses")
}

/// How a solved board compares with the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Agreement {
    /// Same result as a sure entry.
    Agrees,
    /// Same result as an unsure entry.
    AgreesUnsure,
    /// A different result than a sure entry: the solver or the transcription is wrong.
    Disagrees(Outcome),
    /// A different result than an unsure entry.
    DisagreesUnsure(Outcome),
    /// The board is not in the table (width + height > 15).
    NotListed,
}

impl Agreement {
    /// Whether this is a failure of the check.
    #[must_use]
    pub const fn is_failure(self) -> bool {
        matches!(self, Agreement::Disagrees(_))
    }

    /// A short word for tables: `agrees`, `DIFFERS (table -)`, `not listed`, …
    #[must_use]
    pub fn label(self) -> String {
        match self {
            Agreement::Agrees => "agrees".into(),
            Agreement::AgreesUnsure => "agrees (unsure entry)".into(),
            Agreement::Disagrees(o) => format!("DIFFERS (table {o})"),
            Agreement::DisagreesUnsure(o) => format!("differs (unsure entry {o})"),
            Agreement::NotListed => "not listed".into(),
        }
    }
}

/// Compare an outcome with the table's entry for `board`.
#[must_use]
pub fn compare(table: &[TrompEntry], board: BoardSize, got: Outcome) -> Agreement {
    match table.iter().find(|e| e.board == board) {
        None => Agreement::NotListed,
        Some(e) => match (e.outcome == got, e.sure) {
            (true, true) => Agreement::Agrees,
            (true, false) => Agreement::AgreesUnsure,
            (false, true) => Agreement::Disagrees(e.outcome),
            (false, false) => Agreement::DisagreesUnsure(e.outcome),
        },
    }
}

/// The empty board of one size, solved.
#[derive(Debug, Clone, PartialEq)]
pub struct BoardSolve {
    pub board: BoardSize,
    /// Exact score in the solver's convention (cells = W·H).
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub tromp: Agreement,
}

impl BoardSolve {
    /// The first player's result.
    #[must_use]
    pub fn outcome(&self) -> Outcome {
        Outcome::of_score(self.score)
    }
}

/// Solve the empty `board` with `cfg` from a fresh table (building the engine is not timed).
pub fn solve_empty(cfg: SolverConfig, board: BoardSize) -> Result<(i32, u64, Duration), String> {
    let cfg = sized::fitted(cfg, board);
    sized::check_table(&cfg.search, board).map_err(|e| e.0)?;
    sized::check_mutant(&cfg.search, board).map_err(|e| e.0)?;
    Ok(crate::game::connect4::board::with_board!(board, |W, H| {
        let mut e = Connect4Engine::<W, H>::new(cfg);
        let t = Instant::now();
        let (score, nodes) = e.solve_position(&crate::game::connect4::Position::<W, H>::new());
        (score, nodes, t.elapsed())
    }))
}

/// Solve the empty board of every size in `boards`, in order, comparing each with the table;
/// `progress` sees each result as it comes.
pub fn solve_all(
    cfg: SolverConfig,
    boards: &[BoardSize],
    mut progress: impl FnMut(&BoardSolve),
) -> Result<Vec<BoardSolve>, String> {
    let table = tromp();
    let mut out = Vec::with_capacity(boards.len());
    for &board in boards {
        let (score, nodes, elapsed) = solve_empty(cfg, board)?;
        let r = BoardSolve {
            board,
            score,
            nodes,
            elapsed,
            tromp: compare(&table, board, Outcome::of_score(score)),
        };
        progress(&r);
        out.push(r);
    }
    Ok(out)
}

/// The `boards` check of `treebench verify`: the empty board of every size with at most
/// `max_cells` cells (those the configuration is compiled for: a mutant only up to 24 cells)
/// against the sure entries of Tromp's table.
pub fn check(cfg: SolverConfig, max_cells: u32, stop_early: bool) -> Result<Outcome_, String> {
    let table = tromp();
    let spec = cfg.to_string();
    let mut o = Outcome_::default();
    for board in BoardSize::up_to_cells(max_cells) {
        if sized::check_mutant(&cfg.search, board).is_err() {
            continue;
        }
        let (score, _, _) = solve_empty(cfg, board)?;
        o.tried += 1;
        if let Agreement::Disagrees(want) = compare(&table, board, Outcome::of_score(score)) {
            o.failures.push(Failure {
                check: "boards".into(),
                spec: spec.clone(),
                board: board.to_string(),
                moves: String::new(),
                expected: format!("{want} (Tromp's table)"),
                got: format!("{} (score {score})", Outcome::of_score(score)),
            });
            if stop_early {
                break;
            }
        }
    }
    Ok(o)
}

/// The table of a run (text and CSV through [`crate::table`]): width, height, cells, score,
/// first player's result, nodes, time and agreement with Tromp's table.
#[must_use]
pub fn table(rows: &[BoardSolve], engine: &str) -> Table {
    let mut t = Table::new(vec![
        Column::right("width"),
        Column::right("height"),
        Column::right("cells"),
        Column::right("score"),
        Column::center("result"),
        Column::right("nodes"),
        Column {
            header: "time".into(),
            csv_keys: vec!["seconds".into()],
            align: Align::Right,
        },
        Column::left("tromp"),
    ]);
    t.title = format!("Empty board of each size, solved by {engine}");
    for r in rows {
        let mut cells: Vec<Cell> = [
            r.board.width().to_string(),
            r.board.height().to_string(),
            r.board.cells().to_string(),
            r.score.to_string(),
            r.outcome().to_string(),
        ]
        .into_iter()
        .map(Cell::plain)
        .collect();
        cells.push(Cell {
            text: thousands(r.nodes),
            raw: vec![r.nodes.to_string()],
        });
        cells.push(Cell {
            text: fmt_duration(r.elapsed),
            raw: vec![format!("{:.6}", r.elapsed.as_secs_f64())],
        });
        cells.push(Cell::plain(r.tromp.label()));
        t.rows.push(cells);
    }
    t.notes = vec![
        "result: the first player's, + win, - loss, = draw; score in the solver's convention \
         (a win with the winner's k-th stone scores (cells + 2)/2 - k)."
            .into(),
        "tromp: John Tromp's published table (tests/data/tromp_boards.txt, width + height <= 15)."
            .into(),
    ];
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_parses_and_covers_width_plus_height_up_to_15() {
        let t = tromp();
        assert_eq!(t.len(), 36);
        for w in 4..=11 {
            for h in 4..=(15 - w) {
                let b = BoardSize::new(w, h).unwrap();
                assert!(t.iter().any(|e| e.board == b), "{b} missing");
            }
        }
        let std = t.iter().find(|e| e.board == BoardSize::STANDARD).unwrap();
        assert_eq!(std.outcome, Outcome::FirstWins);
    }

    #[test]
    fn parse_errors() {
        assert!(parse_tromp("7 6 +\n").is_ok());
        assert!(parse_tromp("7 6 x").unwrap_err().contains("+, - or ="));
        assert!(parse_tromp("3 6 +").unwrap_err().contains("at least 4"));
        assert!(parse_tromp("7 6 + maybe")
            .unwrap_err()
            .contains("sure or unsure"));
        assert!(parse_tromp("7 6 +\n7 6 -").unwrap_err().contains("twice"));
        let t = parse_tromp("5 5 = unsure # note").unwrap();
        assert!(!t[0].sure);
    }

    #[test]
    fn compare_labels() {
        let t = parse_tromp("4 4 =\n5 5 = unsure").unwrap();
        let b = |s: &str| s.parse::<BoardSize>().unwrap();
        assert_eq!(compare(&t, b("4x4"), Outcome::Draw), Agreement::Agrees);
        assert!(compare(&t, b("4x4"), Outcome::FirstWins).is_failure());
        assert!(!compare(&t, b("5x5"), Outcome::FirstWins).is_failure());
        assert_eq!(compare(&t, b("9x6"), Outcome::Draw), Agreement::NotListed);
    }
}
