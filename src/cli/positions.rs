//! `treebench positions`: print an experiment's positions, so other solvers get the same set;
//! or, with `--game`, the seeded positions of one ply.

use crate::game::chess::ChessPosition;
use crate::game::GameKind;
use crate::runner::paired::plan;
use crate::runner::positions::{positions_for_ply, Drawn};
use crate::util::exit;
use anyhow::{bail, Result};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct PositionsArgs {
    /// Experiment file (TOML); the built-in default without it.
    pub experiment: Option<PathBuf>,
    /// Also print ply and index before each move string (and the game first, for a file with a
    /// list of games).
    #[arg(long)]
    pub long: bool,
    /// Draw the positions of one game and ply instead of an experiment's (`--game chess --ply 20
    /// --seed 1 -n 5`); chess positions print their UCI move list, a tab and their FEN.
    #[arg(long, conflicts_with = "experiment")]
    pub game: Option<String>,
    /// Ply of the drawn positions (with `--game`).
    #[arg(long, requires = "game")]
    pub ply: Option<u32>,
    /// Seed of the drawn positions (with `--game`).
    #[arg(long, requires = "game", default_value_t = 1)]
    pub seed: u64,
    /// How many positions (with `--game`).
    #[arg(short = 'n', long = "count", requires = "game", default_value_t = 10)]
    pub count: u32,
}

/// One position as printed: the move string, and for chess a tab and the FEN.
fn line(game: GameKind, d: &Drawn) -> String {
    match (game, ChessPosition::parse(&d.moves)) {
        (GameKind::Chess, Ok(p)) => format!("{}\t{}", d.moves, p.fen()),
        _ => d.moves.clone(),
    }
}

pub fn run(args: PositionsArgs) -> Result<i32> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if let Some(g) = &args.game {
        let game = GameKind::parse(g).map_err(anyhow::Error::msg)?;
        let Some(ply) = args.ply else {
            bail!("--game needs --ply N (the number of moves played)");
        };
        if ply >= game.max_ply() {
            bail!("--ply {ply}: {game} has at most {} plies", game.max_ply());
        }
        for d in positions_for_ply(game, args.seed, ply, args.count, true) {
            if args.long {
                write!(out, "{} {} ", d.ply, d.index)?;
            }
            writeln!(out, "{}", line(game, &d))?;
        }
        out.flush()?;
        return Ok(exit::OK);
    }
    let exps = super::run::load_all(&args.experiment)?;
    for exp in &exps {
        for (_, d) in plan(exp) {
            let text = line(exp.game, &d);
            if args.long && exps.len() > 1 {
                writeln!(out, "{} {} {} {text}", exp.game, d.ply, d.index)?;
            } else if args.long {
                writeln!(out, "{} {} {text}", d.ply, d.index)?;
            } else {
                writeln!(out, "{text}")?;
            }
        }
    }
    out.flush()?;
    Ok(exit::OK)
}
