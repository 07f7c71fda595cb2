//! `treebench ablate`: run an experiment file with an `[ablation]` or `[sweep]` design (its
//! variants paired on the same positions) and write what each switch (each value) is worth:
//! tables, figures and a README under `report/<name>/`.

use crate::analysis::ablation::analyze_plan;
use crate::analysis::counters::{counted, counter_rows, counters_table};
use crate::render::ablation::write_ablation_report;
use crate::runner::experiment::Experiment;
use crate::runner::measure::Clock;
use crate::runner::paired::{self, RunError, RunOptions};
use crate::runner::record::read_all;
use crate::table::{TableFormat, Text};
use crate::util::exit;
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct AblateArgs {
    /// Experiment file (TOML) with an `[ablation]` or `[sweep]` table.
    pub experiment: PathBuf,
    /// Do not run: analyse the results file as it is.
    #[arg(long)]
    pub no_run: bool,
    /// Continue an interrupted run where its results file ends.
    #[arg(long)]
    pub resume: bool,
    /// Overwrite an existing results file.
    #[arg(long, conflicts_with = "resume")]
    pub force: bool,
    /// Folder for the results file.
    #[arg(long, default_value = "results")]
    pub results: PathBuf,
    /// Folder of the report (default: report/<experiment name>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The clock of the solve times: `wall` or `cpu` (the solving thread's CPU time).
    #[arg(long, default_value = "wall")]
    pub clock: Clock,
    /// Confidence level of the intervals.
    #[arg(long, default_value_t = 0.95)]
    pub confidence: f64,
}

pub fn run(args: AblateArgs) -> Result<i32> {
    let exp = Experiment::load(&args.experiment)?;
    let Some(plan) = &exp.plan else {
        bail!(
            "{}: no [ablation] or [sweep] table (see `treebench run` for a plain comparison)",
            args.experiment.display()
        );
    };
    let results = args.results.join(format!("{}.csv", exp.name));
    if !args.no_run {
        let opts = RunOptions {
            results_dir: args.results.clone(),
            resume: args.resume,
            force: args.force,
            shard: None,
            progress: true,
            clock: args.clock,
            allow_warm: false,
        };
        eprintln!(
            "treebench ablate `{}`: {} variants × {} plies × {} positions",
            exp.name,
            exp.engines.len(),
            exp.plies.len(),
            exp.positions
        );
        match paired::run(&exp, &opts) {
            Ok(s) => eprintln!("wrote {} ({} positions)", s.results.display(), s.positions),
            Err(RunError::Disagreement(d)) => {
                eprintln!("error: {d}");
                return Ok(exit::DISAGREE);
            }
            Err(e) => return Err(e.into()),
        }
    }
    let records = read_all(&results)?;
    let result = analyze_plan(&exp.name, plan, &records, args.confidence);
    let counters = records
        .iter()
        .any(counted)
        .then(|| counter_rows(&records, &exp.name, &exp.engines))
        .map(|rows| counters_table(&rows, "Search counters per variant and ply"));
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("report").join(&exp.name));
    let reproduce = format!(
        "treebench ablate {} --no-run --results {} --out {}",
        args.experiment.display(),
        args.results.display(),
        out.display()
    );
    for p in write_ablation_report(&result, counters, &out, &reproduce)? {
        eprintln!("wrote {}", p.display());
    }
    print!("{}", Text.render(&result.table(&result.effects, &exp.name)));
    Ok(exit::OK)
}
