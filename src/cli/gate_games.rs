//! `treebench gate --sprt`: the gate by games (see [`crate::gate::games`]).

use super::gate::{engine_specs, game_and_board, write_outputs, GateArgs};
use crate::runner::experiment::Experiment;
use crate::runner::match_play::{self, Budget, MatchOptions, MatchPlan};
use crate::stats::games::Sprt;
use anyhow::{bail, Context, Result};
use std::path::PathBuf;

/// Plies of the openings when `--plies` is not given.
const DEFAULT_PLIES: [u32; 3] = [4, 6, 8];

/// Play the candidate against the baseline until the SPRT decides; print the report; the exit
/// code of its verdict.
pub fn run(args: &GateArgs) -> Result<i32> {
    let (e0, e1) = args.sprt.expect("--sprt given");
    let sprt = Sprt::new(e0, e1, args.alpha, args.beta, args.elo_model)?;
    let exp = args
        .experiment
        .as_ref()
        .map(|p| Experiment::load(p))
        .transpose()?;
    let (game, board) = game_and_board(args, exp.as_ref())?;
    let game = match game {
        crate::game::GameKind::Connect4(_) => crate::game::GameKind::Connect4(board),
        g => g,
    };
    let (base, cand) = engine_specs(args, exp.as_ref(), board)?;
    // A revision's `serve` answers with its move only when asked to choose.
    let choosing = |spec: String, rev: &Option<String>| match rev {
        Some(_) => format!("{spec} --choose"),
        None => spec,
    };
    let engines = vec![
        choosing(cand, &args.candidate_rev),
        choosing(base, &args.baseline_rev),
    ];
    let plan = plan(args, game, engines)?;
    let (games, temporary) = games_file(args)?;
    let opts = MatchOptions {
        games: games.clone(),
        force: temporary,
        concurrency: args.concurrency,
        sprt: Some(sprt),
        max_pairs: Some(args.max_games / 2),
        ..MatchOptions::default()
    };
    eprintln!(
        "gate: candidate `{}` against baseline `{}`, SPRT [{e0}, {e1}], up to {} games",
        plan.engines[0], plan.engines[1], args.max_games
    );
    let result = crate::gate::games::run(&plan, &opts);
    if temporary {
        let _ = std::fs::remove_file(&games);
        let _ = std::fs::remove_file(match_play::sgf::sgf_path(&games));
    }
    let mut report = result?;
    if temporary {
        report.games_file = "not kept (--games FILE keeps them)".into();
    }
    write_outputs(args, &report.to_markdown(), || report.to_json())?;
    Ok(report.verdict.exit_code())
}

/// The match: seeded openings at `--plies`, enough for `--max-games`, each move on the
/// engine's own budget or `--tc`.
fn plan(args: &GateArgs, game: crate::game::GameKind, engines: Vec<String>) -> Result<MatchPlan> {
    if args.max_games < 2 {
        bail!("--max-games {}: a game pair needs 2 games", args.max_games);
    }
    let plies: Vec<u32> = if args.plies.is_empty() {
        DEFAULT_PLIES.to_vec()
    } else {
        args.plies.clone()
    };
    let per_ply = (args.max_games / 2).div_ceil(plies.len() as u64);
    let per_ply = u32::try_from(per_ply).context("--max-games: too many")?;
    let openings = MatchPlan::seeded_openings(game, args.seed, &plies, per_ply);
    if openings.is_empty() {
        bail!("no openings: --plies must name plies with undecided positions of {game}");
    }
    let budget = Budget::of_tc(args.tc.as_deref()).map_err(anyhow::Error::msg)?;
    Ok(MatchPlan {
        game,
        engines,
        gauntlet: false,
        seed: args.seed,
        openings,
        budget,
        max_plies: match_play::DEFAULT_MAX_PLIES,
        adjudication: Default::default(),
    })
}

/// The games file: `--games` (refused if it exists: nothing written is overwritten), else a
/// temporary file (`true`), removed after.
fn games_file(args: &GateArgs) -> Result<(PathBuf, bool)> {
    match &args.games {
        Some(p) if p.exists() => bail!(
            "--games {}: the file exists; name a new file or remove it",
            p.display()
        ),
        Some(p) => Ok((p.clone(), false)),
        None => Ok((
            std::env::temp_dir().join(format!("treebench-gate-games-{}.csv", std::process::id())),
            true,
        )),
    }
}
