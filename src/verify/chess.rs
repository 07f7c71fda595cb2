//! Verification of UCI chess engines (`treebench verify --engine 'uci:...' --game chess`),
//! BitBully's checks carried over to engines that are not exact solvers:
//!
//! - **reset**: each position searched twice, each time after `ucinewgame` (the engine's own
//!   reset), must give identical nodes, score and best move, as Stockfish's reproducibility test
//!   does with `go nodes` (on the given positions and the mate positions); an engine that keeps its table across `ucinewgame` searches less the
//!   second time. Needs a reproducible limit (`depth` or `nodes`, not `movetime`).
//! - **mates**: on the committed positions with a known forced mate ([`MATES`], each with its
//!   source) the engine must report `mate N` with the known N.
//! - **mirror**: the colour-flipped mirror of each position is searched too (both as FENs), and the share with
//!   the same score and the mirrored best move is reported: heuristic engines need not search
//!   symmetrically, so this is a figure, not a failure.
//!
//! A failure names the position (moves and FEN) and prints a reproducer.

use crate::engine::Engine;
use crate::game::chess::{mate_distance, mirror_fen, score_text, ChessPosition};
use crate::runner::measure::{measure, Clock, Measurement};
use crate::runner::positions::Drawn;
use crate::util::repro::solve_command;

/// The committed mate positions: `POSITION | mate N | SOURCE` lines.
pub const MATES: &str = include_str!("chess_mates.txt");

/// One position with a known forced mate.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatePosition {
    /// UCI move list or FEN.
    pub position: String,
    /// Moves to mate for the side to move (UCI's `mate N`).
    pub mate: i32,
    pub source: String,
}

/// The committed mate positions, checked: each line must parse and the position be legal.
pub fn mate_positions() -> Result<Vec<MatePosition>, String> {
    let mut out = Vec::new();
    for (i, line) in MATES.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |m: &str| format!("chess_mates.txt:{}: {m}", i + 1);
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let [position, mate, source] = f[..] else {
            return Err(bad("expected `POSITION | mate N | SOURCE`"));
        };
        let mate = mate
            .strip_prefix("mate ")
            .and_then(|n| n.trim().parse::<i32>().ok())
            .ok_or_else(|| bad("expected `mate N`"))?;
        ChessPosition::parse(position).map_err(|e| bad(&e))?;
        out.push(MatePosition {
            position: position.to_string(),
            mate,
            source: source.to_string(),
        });
    }
    Ok(out)
}

/// One failed check on one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChessFailure {
    pub check: &'static str,
    pub position: String,
    pub fen: String,
    pub expected: String,
    pub got: String,
    pub reproducer: String,
}

/// What `verify --game chess` found for one engine.
#[derive(Debug, Clone, Default)]
pub struct ChessReport {
    pub engine: String,
    /// Positions searched twice (0: not run, see `reset_note`).
    pub reset_positions: usize,
    pub reset_note: Option<String>,
    pub mate_positions: usize,
    /// Positions whose mirror was searched, and how many agreed (score and mirrored move).
    pub mirror_positions: usize,
    pub mirror_same_score: usize,
    pub mirror_same_move: usize,
    pub failures: Vec<ChessFailure>,
}

impl ChessReport {
    #[must_use]
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

impl std::fmt::Display for ChessReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let fails = |c: &str| self.failures.iter().filter(|x| x.check == c).count();
        let status = |n: usize, c: &str| match (n, fails(c)) {
            (0, _) => "not run".to_string(),
            (_, 0) => "passed".to_string(),
            (_, k) => format!("FAILED on {k}"),
        };
        writeln!(f, "verify {} (chess)\n", self.engine)?;
        writeln!(f, "| check | positions | result |")?;
        writeln!(f, "|---|---:|---|")?;
        let reset = match &self.reset_note {
            Some(n) if self.reset_positions == 0 => format!("not run: {n}"),
            _ => status(self.reset_positions, "reset"),
        };
        writeln!(
            f,
            "| reset (same nodes, score, best move after `ucinewgame`) | {} | {reset} |",
            self.reset_positions
        )?;
        writeln!(
            f,
            "| mates (known `mate N`) | {} | {} |",
            self.mate_positions,
            status(self.mate_positions, "mates")
        )?;
        let pct = |k: usize| {
            if self.mirror_positions == 0 {
                "n/a".to_string()
            } else {
                format!("{:.1}%", 100.0 * k as f64 / self.mirror_positions as f64)
            }
        };
        writeln!(
            f,
            "| mirror (figure, not a check) | {} | same score {} ({}), same best move {} ({}) |",
            self.mirror_positions,
            self.mirror_same_score,
            pct(self.mirror_same_score),
            self.mirror_same_move,
            pct(self.mirror_same_move)
        )?;
        for x in &self.failures {
            writeln!(
                f,
                "\nFAILED {}: position `{}` (FEN {}): expected {}, got {}\n  reproduce: {}",
                x.check, x.position, x.fen, x.expected, x.got, x.reproducer
            )?;
        }
        if self.passed() {
            writeln!(f, "\nall checks passed")?;
        }
        Ok(())
    }
}

/// The colour-flipped mirror of a UCI move (`e2e4` → `e7e5`).
#[must_use]
pub fn mirror_move(mv: &str) -> String {
    mv.chars()
        .map(|c| match c {
            '1'..='8' => (b'9' - c as u8 + b'0') as char,
            _ => c,
        })
        .collect()
}

fn describe(m: &Measurement) -> String {
    let mv = m
        .info
        .best_move
        .map_or_else(|| "n/a".to_string(), |b| b.as_str().to_string());
    let nodes = if m.nodes_reported {
        m.nodes.to_string()
    } else {
        "n/a".into()
    };
    format!(
        "{} ({}), nodes {nodes}, best move {mv}",
        m.score,
        score_text(m.score)
    )
}

/// The chess checks, by the names `--check` takes.
pub const CHECKS: [&str; 3] = ["reset", "mates", "mirror"];

/// Run the chess checks on `engine`: reset on `positions` and the mate positions (when
/// `reproducible`), mates on [`mate_positions`], mirror on all of them; `only` limits the checks
/// (empty: all of [`CHECKS`]).
pub fn run(
    engine: &mut dyn Engine,
    positions: &[Drawn],
    reproducible: bool,
    only: &[String],
) -> Result<ChessReport, String> {
    if let Some(bad) = only.iter().find(|c| !CHECKS.contains(&c.as_str())) {
        return Err(format!(
            "unknown chess check `{bad}` (checks: {})",
            CHECKS.join(", ")
        ));
    }
    let wants = |c: &str| only.is_empty() || only.iter().any(|o| o == c);
    let spec = engine.spec();
    let mut r = ChessReport {
        engine: spec.clone(),
        ..ChessReport::default()
    };
    let solve = |e: &mut dyn Engine, p: &str| {
        measure(e, p, Clock::Wall)
            .map_err(|f| format!("engine `{spec}` failed on `{p}`: {}", f.error))
    };
    let fen_of = |p: &str| ChessPosition::parse(p).map(|c| c.fen()).unwrap_or_default();
    let fail = |check, p: &str, expected: String, got: String| ChessFailure {
        check,
        position: p.to_string(),
        fen: fen_of(p),
        expected,
        got,
        reproducer: solve_command(&spec, p),
    };
    let mates = mate_positions()?;
    let all: Vec<String> = positions
        .iter()
        .map(|d| d.moves.clone())
        .chain(mates.iter().map(|m| m.position.clone()))
        .collect();
    let mut failures = Vec::new();
    let mut searched: Vec<(String, Measurement)> = Vec::new();
    if wants("reset") && reproducible {
        for p in &all {
            let a = solve(engine, p)?;
            let b = solve(engine, p)?;
            if (a.nodes, a.score, a.info.best_move) != (b.nodes, b.score, b.info.best_move) {
                failures.push(fail("reset", p, describe(&a), describe(&b)));
            }
            searched.push((p.clone(), a));
        }
        r.reset_positions = all.len();
    } else if wants("reset") {
        r.reset_note = Some("the search limit (`movetime`) is not reproducible".into());
    }
    if wants("mates") {
        for m in &mates {
            let got = match searched.iter().find(|(p, _)| *p == m.position) {
                Some((_, got)) => *got,
                None => solve(engine, &m.position)?,
            };
            if mate_distance(got.score) != Some(m.mate) {
                let want = format!("mate {} ({})", m.mate, m.source);
                failures.push(fail("mates", &m.position, want, describe(&got)));
            }
        }
        r.mate_positions = mates.len();
    }
    if wants("mirror") {
        // Both sides as FENs: a move list would give the engine a game history (repetitions)
        // that the mirrored FEN does not have.
        for p in &all {
            let fen = fen_of(p);
            let Ok(mirrored) = mirror_fen(&fen) else {
                continue;
            };
            let m = solve(engine, &fen)?;
            let got = solve(engine, &mirrored)?;
            r.mirror_positions += 1;
            r.mirror_same_score += usize::from(got.score == m.score);
            let same_move = match (m.info.best_move, got.info.best_move) {
                (Some(a), Some(b)) => mirror_move(a.as_str()) == b.as_str(),
                _ => false,
            };
            r.mirror_same_move += usize::from(same_move);
        }
    }
    r.failures = failures;
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn committed_mates_parse() {
        let m = mate_positions().unwrap();
        assert!(m.len() >= 6);
        assert!(m.iter().all(|p| p.mate >= 1 && !p.source.is_empty()));
        for p in &m {
            let pos = ChessPosition::parse(&p.position).unwrap();
            assert!(!pos.is_terminal(), "{}", p.position);
            assert_eq!(p.mate == 1, pos.can_mate_at_once(), "{}", p.position);
        }
    }

    #[test]
    fn mirrored_moves() {
        assert_eq!(mirror_move("e2e4"), "e7e5");
        assert_eq!(mirror_move("a7a8q"), "a2a1q");
    }
}
