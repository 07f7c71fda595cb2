//! `treebench solve`: solve positions given as arguments or one per line on stdin.

use crate::engine::{registry, Engine};
use crate::game::chess::score_text;
use crate::game::GameKind;
use crate::runner::measure::{measure, Clock, Measurement};
use crate::util::exit;
use anyhow::Result;
use clap::Args;
use std::io::{BufRead, Write};

#[derive(Debug, Args)]
pub struct SolveArgs {
    /// Engine spec, e.g. `mtdf`, `negamax:tt=20`, `null-window:etc=off`.
    #[arg(long, short, default_value = "mtdf")]
    pub engine: String,
    /// Before each result line, print one line per root search (probe) of the driver:
    /// `probe N [depth D] window (ALPHA,BETA) value V nodes K interval [LOWER,UPPER]`, the
    /// interval being the scores still possible after it (the last one is the score).
    #[arg(long)]
    pub trace: bool,
    /// Append the search counters to each result line as `key=value` fields (`interior`,
    /// `leaves`, `tt_lookups`, `hits`, `table_cutoffs`, `beta_cutoffs`, `first_move_cutoffs`,
    /// `researches`, and `plies=P:N,...`: interior nodes by ply). Needs an engine that counts
    /// (Connect-4: `count=on`, one thread).
    #[arg(long)]
    pub counters: bool,
    /// Board size `WIDTHxHEIGHT` (width and height from 4, width x (height+1) at most 64);
    /// columns past 9 are written a, b, c.
    #[arg(long, default_value = "7x6")]
    pub board: crate::game::connect4::BoardSize,
    /// Positions in the engine's game (Connect-4: columns 1..W from the left, a, b, c past 9;
    /// chess: `"e2e4 e7e5"` or a FEN; a game added in one file: its own text). Without any,
    /// read one position per line from stdin: for chess and added games the whole line up to a
    /// tab, for Connect-4 and the textbook games the first word (Pons' `MOVES SCORE` files pipe
    /// in). A value that is an estimate (a depth-limited search) ends with `estimate(depth=D)`.
    /// An added game's line that gives exact values (an `.obf` line `BOARD SIDE; G8:+18;`,
    /// or `POSITION<TAB>VALUE`) is checked: an exact value that differs is named on stderr and
    /// the exit code is 3.
    pub moves: Vec<String>,
}

/// Reset the engine, solve one position and print `moves score nodes micros` (nodes `n/a` when
/// the engine reports none); its score, or `None` (after printing `line N: error` on stderr) if
/// the position is bad.
fn solve_line(
    engine: &mut dyn Engine,
    n: usize,
    moves: &str,
    args: &SolveArgs,
    out: &mut dyn Write,
) -> Result<Option<i32>> {
    let (trace, counters) = (args.trace, args.counters);
    match measure(engine, moves, Clock::Wall) {
        Ok(m) => {
            if trace {
                for (i, p) in engine.probes().iter().enumerate() {
                    let depth = p.depth.map_or(String::new(), |d| format!(" depth {d}"));
                    writeln!(
                        out,
                        "probe {}{depth} window ({},{}) value {} nodes {} interval [{},{}]",
                        i + 1,
                        p.alpha,
                        p.beta,
                        p.value,
                        p.nodes,
                        p.lower,
                        p.upper
                    )?;
                }
            }
            let micros = m.nanos / 1000;
            if engine.game() == GameKind::Chess {
                writeln!(out, "{}", chess_line(moves, &m))?;
            } else {
                // An engine that reports no nodes: n/a, never 0.
                let nodes = if m.nodes_reported {
                    m.nodes.to_string()
                } else {
                    "n/a".to_string()
                };
                let extra = if counters {
                    counter_fields(engine)?
                } else {
                    String::new()
                };
                let estimate = estimate_field(engine);
                // a chance game's value is an exact rational
                let score = m
                    .chance
                    .map_or(m.score.to_string(), |c| c.value.to_string());
                writeln!(out, "{moves} {score} {nodes} {micros}{extra}{estimate}")?;
            }
            out.flush()?;
            Ok(Some(m.score))
        }
        Err(f) => {
            eprintln!("line {n}: {}", f.error);
            Ok(None)
        }
    }
}

/// ` estimate` after a value that is not exact (a depth-limited search, Monte Carlo:
/// [`Engine::exact`]), with the depth where the engine has one; empty for an exact value and
/// for an engine that cannot say.
pub(super) fn estimate_field(engine: &dyn Engine) -> String {
    if engine.exact() != Some(false) {
        return String::new();
    }
    match engine.depth_limit() {
        Some(d) => format!(" estimate(depth={d})"),
        None => " estimate".to_string(),
    }
}

/// The counters of the last solve as ` key=value` fields (see [`SolveArgs::counters`]).
fn counter_fields(engine: &dyn Engine) -> Result<String> {
    if let Some(r) = engine.chance_result() {
        let c = r.counters;
        return Ok(format!(
            " chance_nodes={} chance_cutoffs={} scouts={} tt_cutoffs={}",
            c.chance_nodes, c.chance_cutoffs, c.scouts, c.table_hits
        ));
    }
    let Some(c) = engine.counters() else {
        anyhow::bail!(
            "engine `{}` reports no counters (Connect-4: add count=on, one thread)",
            engine.spec()
        );
    };
    let plies: Vec<String> = engine
        .interior_by_ply()
        .unwrap_or_default()
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(p, n)| format!("{p}:{n}"))
        .collect();
    Ok(format!(
        " interior={} leaves={} tt_lookups={} hits={} table_cutoffs={} beta_cutoffs={} \
         first_move_cutoffs={} researches={} plies={}",
        c.interior,
        c.leaves,
        c.tt_lookups,
        c.hits,
        c.table_cutoffs,
        c.beta_cutoffs,
        c.first_move_cutoffs,
        c.researches,
        plies.join(",")
    ))
}

/// A chess result: `MOVES<TAB>score S (cp N | mate N) nodes N micros N bestmove M depth D
/// seldepth S engine_micros N`, "n/a" where the engine reported nothing.
fn chess_line(moves: &str, m: &Measurement) -> String {
    let na = |v: Option<String>| v.unwrap_or_else(|| "n/a".to_string());
    format!(
        "{moves}\tscore {} ({}) nodes {} micros {} bestmove {} depth {} seldepth {} engine_micros {}",
        m.score,
        score_text(m.score),
        if m.nodes_reported { m.nodes.to_string() } else { "n/a".into() },
        m.nanos / 1000,
        na(m.info.best_move.map(|b| b.as_str().to_string())),
        na(m.info.depth.map(|d| d.to_string())),
        na(m.info.seldepth.map(|d| d.to_string())),
        na(m.info.engine_nanos.map(|n| (n / 1000).to_string())),
    )
}

pub fn run(args: SolveArgs) -> Result<i32> {
    let mut engine = registry::build_on(&args.engine, args.board)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    // stdin is read a line at a time and each line answered before the next is read, so that
    // `solve` serves a pipe (a reader that waits for each answer)
    let from_args = args.moves.iter().map(|m| Ok(m.clone().into_bytes()));
    let lines: Box<dyn Iterator<Item = std::io::Result<Vec<u8>>>> = if args.moves.is_empty() {
        Box::new(std::io::stdin().lock().split(b'\n'))
    } else {
        Box::new(from_args)
    };
    let (mut all_good, mut differ) = (true, false);
    for (i, line) in lines.enumerate() {
        let line = String::from_utf8(line?).map_err(|e| format!("not UTF-8 text ({e})"));
        let text = match &line {
            Ok(t) => t.trim_end_matches('\r'),
            Err(e) => {
                eprintln!("line {}: {e}", i + 1);
                all_good = false;
                continue;
            }
        };
        let game = engine.game();
        let known = match game.known_of_line(text) {
            Ok(k) => k,
            Err(e) => {
                eprintln!("line {}: {e}", i + 1);
                all_good = false;
                continue;
            }
        };
        let moves = if args.moves.is_empty() || known.is_some() {
            game.position_of_line(text)
        } else {
            text
        };
        let score = solve_line(engine.as_mut(), i + 1, moves, &args, &mut out)?;
        all_good &= score.is_some();
        if let (Some(v), Some(k)) = (score, known) {
            if v != k.value && engine.exact() != Some(false) {
                eprintln!(
                    "line {}: `{moves}`: value {v}, the file says {}",
                    i + 1,
                    k.value
                );
                differ = true;
            }
        }
    }
    Ok(match (differ, all_good) {
        (true, _) => exit::DISAGREE,
        (false, true) => exit::OK,
        (false, false) => exit::BAD_INPUT,
    })
}
