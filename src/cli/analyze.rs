//! `treebench analyze`: headlines and per-ply paired comparison tables from results files, or
//! with `--against OLD` the change since an earlier run of the same experiment.

use crate::analysis::against::{against, AgainstOptions, AgainstReport, Verdict, DEFAULT_NOISE};
use crate::analysis::headline::{fmt_p, headline};
use crate::analysis::{analyze, Analysis, AnalyzeOptions, PairsMode};
use crate::render::table::{choose_unit, comparison_table, fmt_ratio, fmt_time};
use crate::table::{Column, Table, TableFormat, Text};
use crate::util::{exit, stdout};
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct AnalyzeArgs {
    /// Results files (CSV written by `treebench run`).
    #[arg(required = true)]
    pub results: Vec<PathBuf>,
    /// The baseline engine spec (default: the experiment's first engine).
    #[arg(long)]
    pub baseline: Option<String>,
    /// Candidate engine specs (default: every other engine).
    #[arg(long)]
    pub candidate: Vec<String>,
    /// Which pairs of engines to compare: `all` (every pair), `baseline` (the baseline against
    /// each other engine) or `auto` (all pairs up to 4 engines, else `baseline`).
    #[arg(long, default_value = "auto")]
    pub pairs: PairsMode,
    /// Analyse only this experiment of the files.
    #[arg(long)]
    pub experiment: Option<String>,
    /// Treat every repeat as its own pair instead of averaging the repeats of a position.
    #[arg(long)]
    pub per_repeat: bool,
    /// Significance level of the `*` marker (and of `--against`'s verdicts).
    #[arg(long, default_value_t = 0.05)]
    pub alpha: f64,
    /// Folder for the Markdown, CSV and LaTeX tables (as <out>/<experiment>/).
    #[arg(long, default_value = "report")]
    pub out: PathBuf,
    /// Also export the records as Parquet to this file (needs the cargo feature `parquet`).
    #[arg(long)]
    pub parquet: Option<PathBuf>,
    /// Compare the results with an earlier run of the same experiment (its results files):
    /// per engine and ply the change NEW/OLD (Hodges–Lehmann estimate of the log ratio, with the
    /// interval of its Wilcoxon test) and a verdict, or "inconclusive" when the machines differed.
    #[arg(long, value_name = "OLD")]
    pub against: Vec<PathBuf>,
    /// With --against: a significant change smaller than this fraction is "no change"; `auto`
    /// measures it from the runs' repeats (twice the largest change between repeat passes).
    #[arg(long, default_value_t = DEFAULT_NOISE.to_string())]
    pub noise: String,
    /// Engine labels from this experiment file's `engines` list (`{ spec, label }` entries), for
    /// results whose metadata holds an older file without them.
    #[arg(long, value_name = "EXPERIMENT_FILE")]
    pub labels: Option<PathBuf>,
}

impl AnalyzeArgs {
    /// The analysis options these arguments ask for; `Err` when `--labels` names a file that
    /// cannot be read or gives no label.
    pub fn options(&self) -> Result<AnalyzeOptions> {
        let labels = match &self.labels {
            None => Vec::new(),
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| anyhow::anyhow!("--labels {}: {e}", path.display()))?;
                let given = crate::analysis::labels::explicit(&text);
                if given.is_empty() {
                    anyhow::bail!(
                        "--labels {}: no `{{ spec = ..., label = ... }}` entry in `engines`",
                        path.display()
                    );
                }
                given
            }
        };
        Ok(AnalyzeOptions {
            experiment: self.experiment.clone(),
            baseline: self.baseline.clone(),
            candidates: self.candidate.clone(),
            collapse_repeats: !self.per_repeat,
            alpha: self.alpha,
            pairs: self.pairs,
            labels,
            ..AnalyzeOptions::default()
        })
    }
}

/// The headline of every comparison, a line each.
pub fn headlines(analysis: &Analysis) -> String {
    let mut out = String::new();
    for exp in &analysis.experiments {
        for cmp in &exp.comparisons {
            out.push_str(&headline(exp, cmp));
            out.push('\n');
        }
    }
    out
}

pub fn run(args: AnalyzeArgs) -> Result<i32> {
    crate::util::malloc::keep_freed_memory();
    if args.parquet.is_some() && !crate::analysis::PARQUET {
        anyhow::bail!(
            "--parquet needs the cargo feature `parquet`, which this binary was built without: cargo build --release --features parquet"
        );
    }
    if !args.against.is_empty() {
        let auto = args.noise == "auto";
        let noise: f64 = if auto {
            DEFAULT_NOISE
        } else {
            match args.noise.parse::<f64>() {
                Ok(x) if (0.0..1.0).contains(&x) => x,
                _ => anyhow::bail!(
                    "--noise {}: expected a fraction in [0, 1) or auto",
                    args.noise
                ),
            }
        };
        let opts = AgainstOptions {
            experiment: args.experiment.clone(),
            noise,
            noise_auto: auto,
            alpha: args.alpha,
            ..AgainstOptions::default()
        };
        let report = against(&args.results, &args.against, &opts)?;
        stdout::print(&render_against(&report))?;
        return Ok(exit::OK);
    }
    let analysis = analyze(&args.results, &args.options()?)?;
    let mut text = headlines(&analysis) + "\n";
    for exp in &analysis.experiments {
        for cmp in &exp.comparisons {
            text += &Text.render(&comparison_table(exp, cmp));
            text.push('\n');
        }
    }
    // A reader that stops early (`| head`) still gets the tables written below.
    stdout::print(&text)?;
    let written = crate::render::write_tables(&analysis, &args.out)?;
    for p in &written {
        eprintln!("wrote {}", p.display());
    }
    if let Some(pq) = &args.parquet {
        crate::analysis::export_parquet(&args.results, pq)?;
        eprintln!("wrote {}", pq.display());
    }
    Ok(exit::OK)
}

/// The `--against` output: the machines compared, one summary line per engine, then the
/// per-ply table.
pub fn render_against(r: &AgainstReport) -> String {
    let o = &r.options;
    let mut out = format!(
        "change since the earlier run, experiment `{}` (NEW / OLD; noise threshold ±{:.1}%, {}; \
         alpha {}):\n",
        r.experiment,
        o.noise * 100.0,
        r.noise_source,
        o.alpha
    );
    let why = if r.machine.differed.is_empty() {
        String::new()
    } else {
        format!(": the machine differed ({})", r.machine.differed.join("; "))
    };
    for c in r.changes.iter().filter(|c| c.ply.is_none()) {
        out.push_str(&format!(
            "{}: {}{} (time {}x{}, {}; ratio of means {}x; nodes {}x)\n",
            c.engine,
            c.verdict,
            if c.verdict == Verdict::Inconclusive {
                why.as_str()
            } else {
                ""
            },
            opt_ratio(c.ratio),
            ci_text(c.ci),
            c.p_value
                .map_or("no nonzero difference".into(), |p| format!(
                    "p {}",
                    fmt_p(p)
                )),
            fmt_ratio(c.ratio_of_means),
            node_text(c.node_ratio)
        ));
    }
    if let Some(load) = &r.machine.load {
        out.push_str(&format!("machine: {load}\n"));
    }
    if !r.machine.missing.is_empty() {
        out.push_str(&format!(
            "machine state not compared (not recorded in a run): {}\n",
            r.machine.missing.join(", ")
        ));
    }
    let mut t = against_table(r);
    t.notes = vec![against_note(o)];
    out.push('\n');
    out.push_str(&Text.render(&t));
    out
}

/// An interval as ` [lo, hi]`; empty when there is none.
fn ci_text(c: Option<(f64, f64)>) -> String {
    c.map_or(String::new(), |(lo, hi)| {
        format!(" [{}, {}]", fmt_ratio(lo), fmt_ratio(hi))
    })
}

/// A node ratio, "n/a" when not finite (an engine without node counts).
fn node_text(x: f64) -> String {
    if x.is_finite() {
        fmt_ratio(x)
    } else {
        "n/a".into()
    }
}

/// A ratio, "n/a" when absent.
fn opt_ratio(x: Option<f64>) -> String {
    x.map_or("n/a".into(), fmt_ratio)
}

/// The `--against` per-ply table (without its note).
fn against_table(r: &AgainstReport) -> Table {
    let o = &r.options;
    let unit = choose_unit(&r.changes.iter().map(|c| c.old_ms).collect::<Vec<_>>());
    let mut t = Table::new(vec![
        Column::left("engine"),
        Column::right("ply"),
        Column::right("n"),
        Column::right(format!("old {}", unit.name)),
        Column::right(format!("new {}", unit.name)),
        Column::right(format!("new/old [{:.0}% CI]", o.confidence * 100.0)),
        Column::right("p (Holm per ply)"),
        Column::right("mean new/old"),
        Column::right("nodes new/old"),
        Column::left("verdict"),
    ]);
    for c in &r.changes {
        t.push_row([
            c.engine.clone(),
            c.ply.map_or("all".into(), |p| p.to_string()),
            c.n.to_string(),
            fmt_time(c.old_ms, unit),
            fmt_time(c.new_ms, unit),
            format!("{}{}", opt_ratio(c.ratio), ci_text(c.ci)),
            c.p_value.map_or("–".into(), fmt_p),
            fmt_ratio(c.ratio_of_means),
            node_text(c.node_ratio),
            c.verdict.to_string(),
        ]);
    }
    t
}

/// The note under the `--against` table: what is paired, what the ratio and the verdict mean.
fn against_note(o: &AgainstOptions) -> String {
    format!(
        "Pairs: the same position (seed, ply, index) and engine in both runs, repeats summed. \
         new/old: the Hodges–Lehmann estimate of the per-position log ratio ln(new / old) taken \
         back to a ratio, with the interval of the same two-sided Wilcoxon signed-rank test \
         whose p is shown, Holm-adjusted across an engine's plies (the all row is one test); \
         mean new/old: the ratio of mean times. Verdict (criterion's rule): regressed / \
         improved when p < {} and the whole interval lies above {:.3} / below {:.3} (1 + noise, \
         1 / (1 + noise)); otherwise no change; inconclusive on every line when the two runs' \
         machines differed: CPU model, cores or governor changed, the CPU MHz at the start by \
         more than {:.0}%, the cores other processes kept busy during the run by more than \
         {} per core (at least {}), or the reference solve's time by more than {:.0}%: the \
         medians of the solves taken through each run (speed_checks_ms), or in runs without \
         them its start and end times (speed_check_ms), between the runs or within one.",
        o.alpha,
        1.0 + o.noise,
        1.0 / (1.0 + o.noise),
        crate::analysis::machine::MHZ_REL * 100.0,
        crate::analysis::machine::OTHERS_PER_CORE,
        crate::analysis::machine::OTHERS_MIN,
        crate::analysis::machine::SPEED_CHECK_REL * 100.0,
    )
}
