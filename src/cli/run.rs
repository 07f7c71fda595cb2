//! `treebench run`: run an experiment file (or the built-in default) and write its records.

use crate::runner::experiment::Experiment;
use crate::runner::measure::Clock;
use crate::runner::paired::{self, RunError, RunOptions};
use crate::util::exit;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct RunArgs {
    /// Experiment file (TOML). Without it, the built-in quick experiment runs.
    pub experiment: Option<PathBuf>,
    /// Continue an interrupted run where its results file ends.
    #[arg(long)]
    pub resume: bool,
    /// Overwrite an existing results file.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Run one shard of the positions, `K/N` (1-based), into results/<name>.shard-K-of-N.csv.
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<(u32, u32)>,
    /// Folder for the results files.
    #[arg(long, default_value = "results")]
    pub results: PathBuf,
    /// Folder for the report written after the run.
    #[arg(long, default_value = "report")]
    pub report: PathBuf,
    /// Do not write the report after the run.
    #[arg(long)]
    pub no_report: bool,
    /// The clock of the solve times: `wall` (elapsed) or `cpu` (the solving thread's CPU time,
    /// which does not count waiting for a core on a loaded machine).
    #[arg(long, default_value = "wall")]
    pub clock: Clock,
    /// Run an engine that keeps its tables between positions (found by the warm-table check,
    /// as `gate` does) anyway, with a warning in the run's metadata, instead of stopping.
    #[arg(long)]
    pub allow_warm: bool,
    /// Pin the solves (and the engine processes) to one CPU: `off` (default), `current` or a
    /// CPU number. Two runs to compare with `analyze --against` are best pinned to the same
    /// CPU: on a VM the vCPUs' speeds differ. Not applied when an engine searches on several
    /// threads. The metadata records the CPUs the run was allowed (`cpus_allowed`).
    #[arg(long, default_value = "off", value_parser = super::cpu::parse)]
    pub cpu: super::cpu::CpuChoice,
}

fn parse_shard(s: &str) -> Result<(u32, u32), String> {
    let (k, n) = s.split_once('/').ok_or("expected K/N, e.g. 2/8")?;
    let k: u32 = k.parse().map_err(|_| format!("`{k}` is not a number"))?;
    let n: u32 = n.parse().map_err(|_| format!("`{n}` is not a number"))?;
    if k == 0 || n == 0 || k > n {
        return Err(format!("{s}: expected 1 ≤ K ≤ N"));
    }
    Ok((k, n))
}

/// Load every experiment of the file named on the command line (one per game of its `game`
/// list), or the built-in default.
pub fn load_all(path: &Option<PathBuf>) -> Result<Vec<Experiment>> {
    Ok(match path {
        Some(p) => Experiment::load_all(p)?,
        None => vec![Experiment::default_experiment()],
    })
}

pub fn run(args: RunArgs) -> Result<i32> {
    let exps = load_all(&args.experiment)?;
    let mut written = Vec::new();
    for exp in &exps {
        match run_one(&args, exp)? {
            Ok(results) => written.push(results),
            Err(code) => return Ok(code),
        }
    }
    // A list of Connect-4 boards: the scaling report across them.
    let boards = exps.iter().filter(|e| e.game.board().is_some()).count();
    if exps.len() > 1 && boards == exps.len() && !args.no_report && args.shard.is_none() {
        #[cfg(feature = "analysis")]
        {
            let base = exps[0].name.rsplit_once('-').map_or("", |(b, _)| b);
            let out = args.report.join(format!("{base}-scaling"));
            super::scaling::write(&written, None, &[], &out)?;
        }
    }
    Ok(exit::OK)
}

/// Run one quality experiment ([`crate::runner::quality`]): the decisions file.
fn run_quality(
    args: &RunArgs,
    exp: &Experiment,
    opts: &RunOptions,
) -> Result<std::result::Result<PathBuf, i32>> {
    eprintln!(
        "treebench run `{}` ({}, quality): {} plies × {} positions × {} engines, seed {}",
        exp.name,
        exp.game,
        exp.plies.len(),
        exp.positions,
        exp.engines.len(),
        exp.seed
    );
    let s = match crate::runner::quality::run(exp, opts) {
        Ok(s) => s,
        Err(RunError::Disagreement(d)) => {
            eprintln!("error: {d}");
            return Ok(Err(exit::DISAGREE));
        }
        Err(e) => return Err(e.into()),
    };
    let judge = match &exp.quality.as_ref().and_then(|q| q.referee.clone()) {
        Some(r) => format!(
            "the referee `{r}` solved {} positions, the others came from its cache",
            s.referee_solved
        ),
        None => "no exact referee: a test suite's moves judge them".to_string(),
    };
    eprintln!(
        "wrote {} ({} positions, {} decisions in {:.1} s; {judge})",
        s.results.display(),
        s.positions,
        s.decisions,
        s.wall.as_secs_f64(),
    );
    if !args.no_report && args.shard.is_none() {
        #[cfg(feature = "analysis")]
        super::report::write(&[s.results.clone()], &args.report)?;
    }
    Ok(Ok(s.results))
}

/// Run one experiment: the results file, or the exit code to stop with.
fn run_one(args: &RunArgs, exp: &Experiment) -> Result<std::result::Result<PathBuf, i32>> {
    let opts = RunOptions {
        results_dir: args.results.clone(),
        resume: args.resume,
        force: args.force || (args.experiment.is_none() && !args.resume),
        shard: args.shard,
        progress: true,
        clock: args.clock,
        allow_warm: args.allow_warm,
    };
    if !matches!(args.cpu, super::cpu::CpuChoice::Off) {
        let threads = exp
            .engines
            .iter()
            .map(|e| crate::engine::registry::build(e).map(|e| e.threads()))
            .collect::<std::result::Result<Vec<_>, _>>()?;
        let cpu = super::cpu::pin(args.cpu, threads.into_iter().max().unwrap_or(1), "run")?;
        if let Some(c) = cpu {
            eprintln!("run: every solve on CPU {c}");
        }
    }
    if exp.quality.is_some() {
        return run_quality(args, exp, &opts);
    }
    eprintln!(
        "treebench run `{}` ({}): {} plies × {} positions × {} engines × {} repeats, seed {}",
        exp.name,
        exp.game,
        exp.plies.len(),
        exp.positions,
        exp.engines.len(),
        exp.repeats,
        exp.seed
    );
    let started = std::time::Instant::now();
    match paired::run(exp, &opts) {
        Ok(s) => {
            let outside = started.elapsed().saturating_sub(s.wall);
            eprintln!(
                "wrote {} ({} positions{}, {} solves in {:.1} s; {} trivial dropped, {} over the time limit)",
                s.results.display(),
                s.positions,
                if s.resumed_positions > 0 { format!(" + {} before resuming", s.resumed_positions) } else { String::new() },
                s.solves,
                s.wall.as_secs_f64(),
                s.trivial,
                s.skipped
            );
            if exp.agreement == crate::runner::experiment::Agreement::Report {
                eprintln!(
                    "agreement = \"report\": the engines' scores differ on {} of {} positions (recorded; see the report's agreement table)",
                    s.disagreements, s.positions
                );
            }
            if let Some(o) = s.overhead_per_solve() {
                eprintln!(
                    "harness overhead per solve: {:.2} µs (the run loop less the solves and its reference solves for the metadata, {:.2} s; start-up and finish outside the loop, once: {:.2} s)",
                    o.as_secs_f64() * 1e6,
                    s.speed_check_time.as_secs_f64(),
                    outside.as_secs_f64()
                );
            }
            if !args.no_report && args.shard.is_none() {
                #[cfg(feature = "analysis")]
                super::report::write(&[s.results.clone()], &args.report)?;
                #[cfg(not(feature = "analysis"))]
                eprintln!(
                    "run: no report: it needs the cargo feature `analysis`, which this binary was built without; with a full build (`{}`), run: {}",
                    super::ANALYSIS_BUILD,
                    shell_words::join([
                        "treebench".into(),
                        "report".into(),
                        s.results.to_string_lossy(),
                        "--out".into(),
                        args.report.to_string_lossy(),
                    ])
                );
            }
            Ok(Ok(s.results))
        }
        Err(RunError::Disagreement(d)) => {
            eprintln!("error: {d}");
            for r in d.reproducers() {
                eprintln!("  reproduce: {r}");
            }
            Ok(Err(exit::DISAGREE))
        }
        Err(e) => Err(e.into()),
    }
}
