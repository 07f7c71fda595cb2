//! `treebench moves`: the value of every move of a position by an engine (by default the exact
//! Connect-4 solver: the referee of quality runs), or with `--choose` the move an engine chooses.

use crate::engine::{registry, Engine, MoveLimit};
use crate::game::KnownLine;
use crate::runner::match_play::rules::Referee;
use crate::runner::measure::{measure_choice, Clock};
use crate::util::exit;
use anyhow::Result;
use clap::Args;
use std::io::{BufRead, Write};

#[derive(Debug, Args)]
pub struct MovesArgs {
    /// Engine spec: one that scores every move (the Connect-4 solver: `mtdf`, exact; with
    /// `depth=N,eval=threats`, to its horizon; any game's generic-core drivers, `nim-mtdf`,
    /// exact when their depth reaches the end of the game), or with `--choose` any engine that
    /// chooses moves. Values that are estimates end with `estimate`.
    #[arg(long, short, default_value = "mtdf")]
    pub engine: String,
    /// Print the engine's chosen move instead of every move's value:
    /// `MOVES best M value V proven P nodes N playouts K depth D micros T` ("n/a" where the
    /// engine reports nothing).
    #[arg(long)]
    pub choose: bool,
    /// Board size `WIDTHxHEIGHT` (Connect-4).
    #[arg(long, default_value = "7x6")]
    pub board: crate::game::connect4::BoardSize,
    /// Positions of the engine's game, one per argument. Without any, one per line from stdin
    /// (chess and added games: the whole line up to a tab; Connect-4 and the textbook games:
    /// the first word). An added game's line with exact values (an `.obf` line
    /// `BOARD SIDE; G8:+18; H1:+12;`, or `POSITION<TAB>VALUE`) is checked move by move: an
    /// exact value that differs is named on stderr and the exit code is 3.
    pub moves: Vec<String>,
}

/// `MOVES<TAB>value V optimal M... moves M:S M:S ...`: every move's value for the side to
/// move, the position's value (the best move's) and the moves that reach it.
fn values_line(engine: &mut dyn Engine, moves: &str) -> Result<(String, Scored), String> {
    engine.reset();
    let scored = engine.score_moves(moves).map_err(|e| e.to_string())?;
    let best = scored.iter().map(|m| m.1).max().ok_or("no legal move")?;
    let optimal: Vec<&str> = scored
        .iter()
        .filter(|m| m.1 == best)
        .map(|m| m.0.as_str())
        .collect();
    let all: Vec<String> = scored
        .iter()
        .map(|(m, s)| format!("{}:{s}", m.as_str()))
        .collect();
    let estimate = super::solve::estimate_field(engine);
    let line = format!(
        "{moves}\tvalue {best} optimal {} moves {}{estimate}",
        optimal.join(","),
        all.join(" ")
    );
    let pairs = scored
        .iter()
        .map(|(m, v)| (m.as_str().to_ascii_lowercase(), *v));
    Ok((line, pairs.collect()))
}

/// Every move's value as (lower-case move text, value).
type Scored = Vec<(String, i32)>;

/// The differences between an exact engine's move values and the ones a line gives (an `.obf`
/// line's scored moves, or the position's value): one text each, empty when they agree.
fn differences(scored: &Scored, known: &KnownLine) -> Vec<String> {
    let mut out = Vec::new();
    for (m, want) in &known.moves {
        match scored.iter().find(|(t, _)| t == m) {
            Some((_, got)) if got == want => {}
            Some((_, got)) => out.push(format!("move {m}: {got}, the file says {want}")),
            None => out.push(format!(
                "move {m}: not a legal move here, the file scores it {want}"
            )),
        }
    }
    let best = scored.iter().map(|m| m.1).max();
    if best.is_some_and(|b| b != known.value) {
        let b = best.unwrap_or_default();
        out.push(format!("value {b}, the file says {}", known.value));
    }
    out
}

/// `MOVES<TAB>best M value V proven P nodes N playouts K depth D micros T`.
fn choice_line(engine: &mut dyn Engine, moves: &str) -> Result<String, String> {
    engine.reset();
    let t = measure_choice(engine, moves, &MoveLimit::Spec, Clock::Wall)
        .map_err(|f| f.error.to_string())?;
    let d = &t.decision;
    Referee::check_move(engine.game(), moves, d.best.as_str())
        .map_err(|e| format!("engine `{}` chose an {e}", engine.spec()))?;
    let na = |v: Option<String>| v.unwrap_or_else(|| "n/a".to_string());
    let proven = d.proven.map(|p| p.to_string()).or(d
        .proven_result()
        .map(|r| crate::runner::quality::result_name(r).to_string()));
    Ok(format!(
        "{moves}\tbest {} value {} proven {} nodes {} playouts {} depth {} micros {}",
        d.best.as_str(),
        na(d.value.map(|v| v.to_string())),
        na(proven),
        na(d.nodes.map(|v| v.to_string())),
        na(d.playouts.map(|v| v.to_string())),
        na(d.depth.map(|v| v.to_string())),
        t.nanos / 1000
    ))
}

pub fn run(args: MovesArgs) -> Result<i32> {
    let mut engine = registry::build_on(&args.engine, args.board)?;
    let game = engine.game();
    let with_known = |i: usize, line: &str| -> Result<(String, Option<KnownLine>)> {
        let known = game
            .known_of_line(line)
            .map_err(|e| anyhow::anyhow!("line {}: {e}", i + 1))?;
        Ok((game.position_of_line(line).to_string(), known))
    };
    let positions: Vec<(String, Option<KnownLine>)> = if args.moves.is_empty() {
        let mut v = Vec::new();
        for (i, line) in std::io::stdin().lock().lines().enumerate() {
            v.push(with_known(i, &line?)?);
        }
        v
    } else {
        let mut v = Vec::new();
        for (i, m) in args.moves.iter().enumerate() {
            match game.known_of_line(m) {
                Ok(None) => v.push((m.clone(), None)),
                _ => v.push(with_known(i, m)?),
            }
        }
        v
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let (mut all_good, mut differ) = (true, false);
    for (i, (p, known)) in positions.iter().enumerate() {
        let line = if args.choose {
            choice_line(engine.as_mut(), p)
        } else {
            values_line(engine.as_mut(), p).map(|(line, scored)| {
                let exact = engine.exact() != Some(false);
                for d in known
                    .iter()
                    .filter(|_| exact)
                    .flat_map(|k| differences(&scored, k))
                {
                    eprintln!("line {}: `{p}`: {d}", i + 1);
                    differ = true;
                }
                line
            })
        };
        match line {
            Ok(l) => writeln!(out, "{l}")?,
            Err(e) => {
                eprintln!("line {}: {e}", i + 1);
                all_good = false;
            }
        }
    }
    Ok(match (differ, all_good) {
        (true, _) => exit::DISAGREE,
        (false, true) => exit::OK,
        (false, false) => exit::BAD_INPUT,
    })
}
