//! Generate a large synthetic results file and time the analysis (and, optionally, the report).
//!
//! `cargo run --release --example analysis_perf -- [records] [out_dir]`: with `out_dir`, the
//! report (tables, figures, README.md, index.html) is written there too. Default: 1,000,000
//! records in `$TMPDIR/treebench-perf/`.

use std::path::PathBuf;
use std::time::Instant;

use treebench::analysis::synthetic::{write_synthetic, SyntheticSpec};
use treebench::analysis::{analyze, load_results, validate_csv, AnalyzeOptions};
use treebench::render::report::write_analysis_report;

fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let records: u64 = args
        .next()
        .map(|s| s.parse())
        .transpose()?
        .unwrap_or(1_000_000);
    let out_dir = args.next().map(PathBuf::from);

    // 13 plies × 2 engines × 1 repeat: positions per ply to reach the record count.
    let plies = 8..=20u32;
    let per_ply = (records / (13 * 2)).max(1) as u32;
    let spec = SyntheticSpec {
        experiment: "perf".into(),
        plies,
        positions_per_ply: per_ply,
        ..SyntheticSpec::default()
    };
    let dir = std::env::temp_dir().join("treebench-perf");
    let path = dir.join(format!("perf-{}.csv", spec.rows()));
    if !path.exists() {
        let t = Instant::now();
        write_synthetic(&path, &spec)?;
        eprintln!("generated {} records in {:.2?}", spec.rows(), t.elapsed());
    }
    // Phases, for the record: the streaming schema check and the polars load alone.
    let t = Instant::now();
    validate_csv(&path)?;
    let validate = t.elapsed();
    let t = Instant::now();
    let df = load_results(std::slice::from_ref(&path))?;
    let load = t.elapsed();
    drop(df);
    let no_bootstrap = AnalyzeOptions {
        bootstrap_resamples: 0,
        ..AnalyzeOptions::default()
    };
    let t = Instant::now();
    analyze(std::slice::from_ref(&path), &no_bootstrap)?;
    let without = t.elapsed();
    println!(
        "phases: validation {:.3} s, polars load {:.3} s, whole analysis without bootstrap {:.3} s",
        validate.as_secs_f64(),
        load.as_secs_f64(),
        without.as_secs_f64()
    );

    let t = Instant::now();
    let analysis = analyze(std::slice::from_ref(&path), &AnalyzeOptions::default())?;
    let elapsed = t.elapsed();
    let exp = &analysis.experiments[0];
    println!(
        "analysed {} records ({} pairs) in {:.3} s",
        exp.records,
        exp.comparisons[0].measurements.len(),
        elapsed.as_secs_f64()
    );
    let total = &exp.comparisons[0].total;
    println!(
        "all plies: speed-up {:.3}, p = {:?}",
        total.speedup,
        total.test.map(|t| t.p_value)
    );
    if let Some(out) = out_dir {
        let t = Instant::now();
        write_analysis_report(&analysis, &out)?;
        println!("report written to {} in {:.2?}", out.display(), t.elapsed());
    }
    Ok(())
}
