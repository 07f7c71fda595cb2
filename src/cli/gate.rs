//! `treebench gate`: the CI regression gate (correctness, node signature, speed) between a
//! baseline and a candidate engine; Markdown on stdout, JSON with `--json`.

use crate::engine::registry;
use crate::game::connect4::BoardSize;
use crate::game::GameKind;
use crate::gate::baseline::{build_revision, serve_spec};
use crate::gate::sequential::SequentialRule;
use crate::gate::{self, GateConfig, GateError};
use crate::runner::experiment::{Agreement, Experiment};
use crate::runner::measure::Clock;
use crate::runner::paired::plan;
use crate::runner::positions::Drawn;
use crate::runner::record::{read_all, RecordWriter};
use crate::util::exit;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct GateArgs {
    /// Baseline engine spec (any registry spec, e.g. `mtdf` or `ext:./old serve --engine mtdf`).
    /// With `--baseline-rev`, the spec of the engine inside that revision's binary.
    #[arg(long)]
    pub baseline: Option<String>,
    /// Candidate engine spec; with `--candidate-rev`, the spec inside that revision's binary.
    #[arg(long)]
    pub candidate: Option<String>,
    /// Build this git revision in target/treebench-gate/REV and use its `serve` as the baseline.
    #[arg(long, value_name = "REV")]
    pub baseline_rev: Option<String>,
    /// Build this git revision and use its `serve` as the candidate.
    #[arg(long, value_name = "REV")]
    pub candidate_rev: Option<String>,
    /// Take the positions (and, without --baseline/--candidate, the first two engines) from an
    /// experiment file instead of the built-in gate set.
    #[arg(long)]
    pub experiment: Option<PathBuf>,
    /// The board, `WxH` (default 7x6, or the experiment's board). Off 7x6 the position set is
    /// drawn for that board (seeded, plies from a third to a half of the cells), the engines are
    /// Connect-4 solvers (an `ext:` engine cannot be told the board; `--*-rev` binaries get
    /// `serve --board`), and `--expect-nodes` is the total on that board's set.
    #[arg(long, value_parser = parse_board)]
    pub board: Option<BoardSize>,
    /// The game: `connect4` (default; see --board) or `chess` (UCI engines on the built-in chess
    /// set: scores may differ, counted as a functional change, see --expect-same).
    #[arg(long)]
    pub game: Option<String>,
    /// Fail (exit 4) unless the candidate searches exactly as the baseline: identical nodes,
    /// best moves and scores on every position ("no functional change").
    #[arg(long)]
    pub expect_same: bool,
    /// Noise threshold: a slowdown up to this fraction is not a failure.
    #[arg(long, default_value_t = 0.02)]
    pub threshold: f64,
    /// Overall false-failure rate of the speed verdict (split over the looks).
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// Pairs between two looks of the sequential rule.
    #[arg(long, default_value_t = 50)]
    pub batch: usize,
    /// Largest number of timed pairs (0 skips the timings).
    #[arg(long, default_value_t = 1000)]
    pub max_pairs: usize,
    /// Fail (exit 4) unless the candidate's total nodes on the position set equal N.
    #[arg(long, value_name = "N")]
    pub expect_nodes: Option<u64>,
    /// Seconds one solve may take before the gate gives up (exit 2); external engines are
    /// killed after it.
    #[arg(long, default_value_t = 120.0)]
    pub timeout: f64,
    /// Clock of in-process engines and of `--*-rev` binaries: `cpu` (thread CPU time, robust on
    /// a loaded machine) or `wall`. Both sides are always timed on one clock: an `ext:` engine
    /// reports its own time on the clock its `clock=` option names (wall by default), and the
    /// in-process side is then timed on that clock; one that reports no time is timed by its
    /// round trip and the other side by wall time; two different clocks are refused. The report
    /// names the clock.
    #[arg(long, default_value = "cpu")]
    pub clock: Clock,
    /// Pin the gate and its engine processes to one CPU: `current` (the CPU the gate is on when
    /// the solves start; default), a CPU number, or `off`. Both sides then run on the same core
    /// (two processes on different vCPUs of a VM differed by up to 16%, pinned by at most 2%).
    /// Not applied when either engine searches on several threads. The report names the CPU.
    #[arg(long, default_value = "current", value_parser = super::cpu::parse)]
    pub cpu: super::cpu::CpuChoice,
    /// Write the report as JSON.
    #[arg(long, value_name = "FILE")]
    pub json: Option<PathBuf>,
    /// Also write the Markdown summary to a file.
    #[arg(long, value_name = "FILE")]
    pub markdown: Option<PathBuf>,
    /// Write every solve as a results row (CSV, the runner's schema).
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,
    /// Instead of gating: print the per-ply comparison table of the first two engines of a
    /// results file (BitBully README style) and exit.
    #[arg(long, value_name = "RESULTS", conflicts_with_all = ["baseline", "candidate", "baseline_rev", "candidate_rev"])]
    pub table: Option<PathBuf>,
    /// Instead of gating: build the `--baseline-rev` and `--candidate-rev` revisions (into
    /// CARGO_TARGET_DIR), print each binary's path and exit; a later gate on the same revision
    /// takes the binary built. A build of one revision runs on one core (one codegen unit), so
    /// it can run beside another build (scripts/ci-gate.sh builds HEAD beside it).
    #[arg(long, conflicts_with = "table")]
    pub build_only: bool,
    /// Gate by games instead (for a candidate whose node signature differs): the candidate plays
    /// game pairs against the baseline until an SPRT accepts `ELO0,ELO1` (e.g. `0,5`), `nonreg`
    /// ([-1.75, 0.25]) or `gain` ([0, 2]). Exit 0 when H1 is accepted, 1 when H0 is, 5 when
    /// neither within --max-games. `--alpha` is the SPRT's alpha there.
    #[arg(long, value_parser = super::match_cmd::parse_sprt_bounds, value_name = "ELO0,ELO1")]
    pub sprt: Option<(f64, f64)>,
    /// The SPRT's false-acceptance rate of H0 (`--sprt`).
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub beta: f64,
    /// Units of the SPRT bounds: `normalized` or `logistic` (`--sprt`).
    #[arg(long, default_value = "normalized", value_parser = super::match_cmd::parse_model, requires = "sprt")]
    pub elo_model: crate::stats::games::EloModel,
    /// Most games the SPRT may play before it is inconclusive (`--sprt`).
    #[arg(long, default_value_t = 2000, requires = "sprt")]
    pub max_games: u64,
    /// Plies of the seeded openings, comma-separated (`--sprt`; default 4,6,8).
    #[arg(long, value_delimiter = ',', requires = "sprt")]
    pub plies: Vec<u32>,
    /// Seed of the openings (`--sprt`).
    #[arg(long, default_value_t = 1, requires = "sprt")]
    pub seed: u64,
    /// A clock per side, `BASE+INC` seconds (`--sprt`); without it each move has the budget its
    /// engine's spec names.
    #[arg(long, value_name = "BASE+INC", requires = "sprt")]
    pub tc: Option<String>,
    /// Games at once (`--sprt`).
    #[arg(long, default_value_t = 1, requires = "sprt")]
    pub concurrency: usize,
    /// Keep the games in this file (`--sprt`; default: a temporary file, removed after).
    #[arg(long, value_name = "FILE", requires = "sprt")]
    pub games: Option<PathBuf>,
}

fn parse_board(s: &str) -> std::result::Result<BoardSize, String> {
    s.parse()
        .map_err(|e: crate::game::connect4::BoardError| e.to_string())
}

fn table(path: &std::path::Path) -> Result<i32> {
    let recs = read_all(path)?;
    let mut engines: Vec<&str> = Vec::new();
    for r in &recs {
        if !engines.contains(&r.engine.as_str()) {
            engines.push(&r.engine);
        }
    }
    if engines.len() < 2 {
        bail!(
            "{}: needs two engines, found {}",
            path.display(),
            engines.len()
        );
    }
    let t = gate::table::comparison_table(&recs, engines[0], engines[1])
        .context("no rows for the two engines")?;
    print!("{t}");
    println!(
        "\nspeed-up = mean time of `{}` / mean time of `{}`; p: two-sided Wilcoxon signed-rank test of the paired per-position times.",
        engines[1], engines[0]
    );
    Ok(exit::OK)
}

pub fn run(args: GateArgs) -> Result<i32> {
    if let Some(t) = &args.table {
        return table(t);
    }
    if args.build_only {
        return build_only(&args);
    }
    check_numbers(&args)?;
    if args.sprt.is_some() {
        return super::gate_games::run(&args);
    }
    let exp = args
        .experiment
        .as_ref()
        .map(|p| crate::runner::experiment::Experiment::load(p))
        .transpose()?;
    let (game, board) = game_and_board(&args, exp.as_ref())?;
    let (positions, set) = position_set(exp.as_ref(), game, board)?;
    let (base_spec, cand_spec) = engine_specs(&args, exp.as_ref(), board)?;
    // Off 7x6, in-process specs take the sized solver (other engines are refused with a clear
    // error); a revision's `serve` was given --board above.
    let build = |spec: &str, rev: &Option<String>| {
        if rev.is_some() {
            registry::build(spec)
        } else {
            registry::build_on(spec, board)
        }
    };
    let mut baseline = build(&base_spec, &args.baseline_rev)?;
    let mut candidate = build(&cand_spec, &args.candidate_rev)?;
    let limit =
        Some(crate::util::limits::seconds("--timeout", args.timeout).map_err(anyhow::Error::msg)?);
    baseline.set_time_limit(limit);
    candidate.set_time_limit(limit);
    let agreement = exp
        .as_ref()
        .map_or(Agreement::default_for(game), |e| e.agreement);
    let cfg = gate_config(&args, positions, set, agreement);
    let mut writer = args
        .records
        .as_ref()
        .map(|p| RecordWriter::open(p, false))
        .transpose()?;
    eprintln!(
        "gate: baseline `{base_spec}`, candidate `{cand_spec}`, {} positions, up to {} timed pairs",
        cfg.positions.len(),
        cfg.rule.max_pairs
    );
    let mut on_look = |l: &gate::sequential::Look| {
        eprintln!(
            "gate: {} pairs: ratio {:.3} ({:.3}–{:.3}), p(slower beyond threshold) {:.2e}, p(within) {:.2e} → {:?}",
            l.pairs, l.ratio, l.ratio_ci.0, l.ratio_ci.1, l.p_beyond_threshold, l.p_within_threshold, l.decision
        );
    };
    let cpu = super::cpu::pin(
        args.cpu,
        baseline.threads().max(candidate.threads()),
        "gate",
    )?;
    let started = std::time::Instant::now();
    let mut report = match gate::run(
        baseline.as_mut(),
        candidate.as_mut(),
        &cfg,
        writer.as_mut(),
        &mut on_look,
    ) {
        Ok(r) => r,
        Err(GateError::Records(e)) => return Err(e.into()),
        Err(e) => {
            if let Some(w) = &writer {
                eprintln!("gate: the solves so far are in {}", w.path().display());
            }
            eprintln!("error: {e}");
            gate::verdict::GateReport::failed(
                &base_spec,
                &cand_spec,
                &cfg.position_set,
                cfg.positions.len(),
                cfg.clock,
                e.to_string(),
                started.elapsed().as_secs_f64(),
            )
        }
    };
    report.cpu = cpu;
    write_report(&args, &report)?;
    Ok(report.verdict.exit_code())
}

/// The gate's configuration: `positions` (the set named `set`) under the options' rule, clock
/// and expectations.
fn gate_config(
    args: &GateArgs,
    positions: Vec<Drawn>,
    set: String,
    agreement: Agreement,
) -> GateConfig {
    GateConfig {
        positions,
        position_set: set,
        rule: SequentialRule {
            threshold: args.threshold,
            alpha: args.alpha,
            batch: args.batch,
            max_pairs: args.max_pairs,
        },
        expect_nodes: args.expect_nodes,
        clock: args.clock,
        agreement,
        expect_same: args.expect_same,
    }
}

/// The numeric options in their ranges.
fn check_numbers(args: &GateArgs) -> Result<()> {
    if !(args.threshold >= 0.0 && args.threshold < 1.0) {
        bail!(
            "--threshold {}: expected a fraction in [0, 1)",
            args.threshold
        );
    }
    if !(args.alpha > 0.0 && args.alpha < 1.0) {
        bail!("--alpha {}: expected a level in (0, 1)", args.alpha);
    }
    if args.batch == 0 {
        bail!("--batch must be at least 1");
    }
    crate::util::limits::seconds("--timeout", args.timeout).map_err(anyhow::Error::msg)?;
    Ok(())
}

/// The game (`--game`, else the experiment's, else Connect-4) and the board (`--board`, else
/// the experiment's, else 7x6), refusing a mismatch with the experiment.
pub(super) fn game_and_board(
    args: &GateArgs,
    exp: Option<&Experiment>,
) -> Result<(GameKind, BoardSize)> {
    let game = match (&args.game, exp) {
        (Some(g), _) => GameKind::parse(g).map_err(anyhow::Error::msg)?,
        (None, Some(e)) => e.game,
        // the game of the engines named (an added game's `nim-mtdf` plays nim)
        (None, None) => match args.candidate.as_ref().or(args.baseline.as_ref()) {
            Some(spec) => crate::engine::registry::build(spec)?.game(),
            None => GameKind::CONNECT4,
        },
    };
    if let (Some(e), true) = (exp, args.game.is_some()) {
        if e.game != game {
            bail!("--game {game}: the experiment's game is {}", e.game);
        }
    }
    if game.board().is_none() && args.board.is_some() {
        bail!("--board: {game} has no board size");
    }
    let exp_board = exp.and_then(|e| e.game.board());
    let board = match (args.board, exp_board) {
        (Some(b), Some(e)) if b != e => {
            bail!("--board {b}: the experiment's positions are on {e}")
        }
        (b, e) => b.or(e).unwrap_or(BoardSize::STANDARD),
    };
    Ok((game, board))
}

/// The positions (the experiment's, else the built-in set of the game and board) and their name.
fn position_set(
    exp: Option<&Experiment>,
    game: GameKind,
    board: BoardSize,
) -> Result<(Vec<Drawn>, String)> {
    if let Some(e) = exp {
        return Ok((
            plan(e).into_iter().map(|(_, d)| d).collect(),
            format!("experiment `{}`", e.name),
        ));
    }
    let g = match game {
        GameKind::Connect4(_) => GameKind::Connect4(board),
        g => g,
    };
    gate::builtin_positions_for(g).with_context(|| format!("no built-in position set for {g}"))
}

/// `--build-only`: build each revision named and print its binary's path.
fn build_only(args: &GateArgs) -> Result<i32> {
    let revs: Vec<&String> = [&args.baseline_rev, &args.candidate_rev]
        .into_iter()
        .flatten()
        .collect();
    if revs.is_empty() {
        bail!("--build-only: name a revision with --baseline-rev or --candidate-rev");
    }
    let cwd = std::env::current_dir()?;
    for rev in revs {
        let bin = build_revision(&cwd, rev, &mut |m: &str| eprintln!("gate: {m}"))?;
        println!("{}", bin.display());
    }
    Ok(exit::OK)
}

/// The baseline's and the candidate's specs: given, from the experiment, or a revision built
/// and served (`--*-rev`, with `--board` off 7x6).
pub(super) fn engine_specs(
    args: &GateArgs,
    exp: Option<&Experiment>,
    board: BoardSize,
) -> Result<(String, String)> {
    let from_exp = |i: usize| exp.map(|e| e.engines[i].clone());
    let cwd = std::env::current_dir()?;
    let mut log = |m: &str| eprintln!("gate: {m}");
    let mut resolve = |spec: Option<String>, rev: &Option<String>, which: &str| -> Result<String> {
        match rev {
            Some(rev) => {
                let bin = build_revision(&cwd, rev, &mut log)?;
                let spec = serve_spec(&bin, spec.as_deref().unwrap_or("mtdf"), args.clock);
                Ok(if board.is_standard() {
                    spec
                } else {
                    format!("{spec} --board {board}")
                })
            }
            None => spec.with_context(|| {
                format!("--{which}: give an engine spec, --{which}-rev or an --experiment with two engines")
            }),
        }
    };
    let base = resolve(
        args.baseline.clone().or_else(|| from_exp(0)),
        &args.baseline_rev,
        "baseline",
    )?;
    let cand = resolve(
        args.candidate.clone().or_else(|| from_exp(1)),
        &args.candidate_rev,
        "candidate",
    )?;
    Ok((base, cand))
}

/// The Markdown summary to stdout (and `--markdown`), the JSON report to `--json`.
fn write_report(args: &GateArgs, report: &gate::verdict::GateReport) -> Result<()> {
    write_outputs(args, &report.to_markdown(), || report.to_json())
}

/// A gate's Markdown summary to stdout (and `--markdown`), its JSON (made only when asked for)
/// to `--json`.
pub(super) fn write_outputs(
    args: &GateArgs,
    md: &str,
    json: impl FnOnce() -> String,
) -> Result<()> {
    print!("{md}");
    if let Some(p) = &args.markdown {
        std::fs::write(p, md).with_context(|| format!("writing {}", p.display()))?;
    }
    if let Some(p) = &args.json {
        std::fs::write(p, json() + "\n").with_context(|| format!("writing {}", p.display()))?;
    }
    Ok(())
}
