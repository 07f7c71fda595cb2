//! `treebench threads`: a position set solved with 1, 2, 4, … threads; per thread count the
//! wall time (median over repeats of the set's total), the speed-up against the first count,
//! the efficiency (speed-up / threads), the nodes of all threads (the search overhead) and of
//! the main thread (its share of the work: what the helpers saved it, independent of how busy
//! the machine is). Every score must equal the first count's (exit 3 otherwise). `--figure DIR`
//! draws the same numbers ([`crate::render::plot::ThreadScaling`]).

use crate::engine::{registry, GameKind};
use crate::game::connect4::BoardSize;
use crate::runner::measure::{measure, Clock};
use crate::runner::positions::positions_for_ply;
use crate::util::exit;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct ThreadsArgs {
    /// Engine spec without `threads` (a Connect-4 driver): `threads=N` is added per run (an
    /// `smp=` option is dropped for one thread).
    #[arg(long, short, default_value = "mtdf")]
    pub engine: String,
    /// Thread counts, comma-separated; the first is the reference of the speed-ups.
    /// Default: 1, 2, 4, … up to the cores of this machine (at least 1,2).
    #[arg(long, value_delimiter = ',')]
    pub threads: Vec<u32>,
    /// Solves of the set per thread count (the median total counts).
    #[arg(long, default_value_t = 3)]
    pub repeats: u32,
    /// Without MOVES on 7x6: seeded random positions of this ply ...
    #[arg(long, default_value_t = 10)]
    pub ply: u32,
    /// ... this many of them ...
    #[arg(long, default_value_t = 4)]
    pub count: u32,
    /// ... drawn with this seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Board size; without MOVES, the seeded positions of `--ply` are drawn on this board.
    #[arg(long, default_value = "7x6")]
    pub board: BoardSize,
    /// Write the summary as CSV.
    #[arg(long, value_name = "FILE")]
    pub csv: Option<PathBuf>,
    /// Write the scaling figure into DIR: `threads.svg`, `threads.png` (300 dpi) and
    /// `threads.pdf` (speed-up against threads, log–log, with the linear speed-up; the nodes of
    /// all threads and of the main thread over the reference's).
    #[arg(long, value_name = "DIR")]
    pub figure: Option<PathBuf>,
    /// Write a report page into DIR: `index.html` and `README.md` with the scaling figure, the
    /// table in every format (`threads.*`) and the machine during the measurement
    /// (`threads.meta.json`).
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// Move strings to solve (instead of the seeded set).
    pub moves: Vec<String>,
}

/// One thread count's result.
struct Row {
    threads: u32,
    seconds: f64,
    nodes: f64,
    main_nodes: f64,
}

/// A row against the reference (the first count's row `r0`): speed-up, efficiency, nodes and
/// the main thread's nodes over the reference's nodes.
struct Relative {
    speedup: f64,
    efficiency: f64,
    node_ratio: f64,
    main_ratio: f64,
}

impl Row {
    fn relative(&self, r0: &Row) -> Relative {
        let speedup = r0.seconds / self.seconds;
        Relative {
            speedup,
            efficiency: speedup / (f64::from(self.threads) / f64::from(r0.threads)),
            node_ratio: self.nodes / r0.nodes,
            main_ratio: self.main_nodes / r0.nodes,
        }
    }
}

/// The spec with `threads=t` added (and, for one thread, `smp` dropped).
fn with_threads(spec: &str, t: u32) -> Result<String> {
    let (name, opts) = crate::engine::spec::parse_spec(spec)?;
    let mut items: Vec<String> = opts
        .iter()
        .filter(|(k, _)| t > 1 || *k != "smp")
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if t > 1 {
        items.push(format!("threads={t}"));
    }
    Ok(if items.is_empty() {
        name.to_string()
    } else {
        format!("{name}:{}", items.join(","))
    })
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

pub fn run(args: ThreadsArgs) -> Result<i32> {
    let threads = thread_counts(&args)?;
    check_figure(args.figure.as_deref())?;
    check_figure(args.report.as_deref())?;
    let positions = position_set(&args);
    let mut engines = Vec::new();
    for &t in &threads {
        let e = registry::build_on(&with_threads(&args.engine, t)?, args.board)?;
        super::not_chess("threads", e.as_ref())?;
        engines.push(e);
    }
    eprintln!(
        "threads: {} position(s) on {}, threads {:?}, {} repeat(s), {} cores here",
        positions.len(),
        args.board,
        threads,
        args.repeats,
        cores()
    );
    // The machine around the measurement, for the page (its start before the first solve).
    let mut meta = args
        .report
        .as_ref()
        .map(|_| crate::runner::meta::Meta::collect("threads", "", "", None));
    let Some(rows) = measure_all(&threads, &positions, args.repeats, &mut engines)? else {
        return Ok(exit::DISAGREE);
    };
    print_rows(&rows, args.csv.as_deref())?;
    if let Some(dir) = &args.figure {
        write_figure(&rows, &args.engine, positions.len(), args.repeats, dir)?;
    }
    if let (Some(dir), Some(meta)) = (&args.report, meta.as_mut()) {
        meta.finish();
        write_report(&args, &rows, positions.len(), meta, dir)?;
    }
    Ok(exit::OK)
}

/// The thread counts to measure: `--threads`, or 1, 2, 4, … up to the cores here.
fn thread_counts(args: &ThreadsArgs) -> Result<Vec<u32>> {
    if crate::engine::spec::parse_spec(&args.engine)?
        .1
        .iter()
        .any(|(k, _)| *k == "threads")
    {
        bail!("threads: give --engine without `threads` (the thread counts come from --threads)");
    }
    let threads = if args.threads.is_empty() {
        let mut t = vec![1, 2];
        while t[t.len() - 1] * 2 <= cores() as u32 {
            t.push(t[t.len() - 1] * 2);
        }
        t
    } else {
        args.threads.clone()
    };
    if threads.contains(&0) || args.repeats == 0 {
        bail!("threads: thread counts and --repeats must be at least 1");
    }
    Ok(threads)
}

/// The move strings given, or the seeded positions of `--ply`.
fn position_set(args: &ThreadsArgs) -> Vec<String> {
    if !args.moves.is_empty() {
        return args.moves.clone();
    }
    positions_for_ply(
        GameKind::Connect4(args.board),
        args.seed,
        args.ply,
        args.count,
        true,
    )
    .into_iter()
    .map(|d| d.moves)
    .collect()
}

/// Every position `repeats` times with every engine (one per thread count, the counts' order
/// reversed every other repeat against load drift); `None` when a count changed a score.
fn measure_all(
    threads: &[u32],
    positions: &[String],
    repeats: u32,
    engines: &mut [Box<dyn crate::engine::Engine>],
) -> Result<Option<Vec<Row>>> {
    let label = |m: &str| {
        if m.is_empty() {
            "(empty)".to_string()
        } else {
            m.to_string()
        }
    };
    // secs[i][r], nodes[i][r]: seconds and nodes of thread count i in repeat r.
    let mut secs = vec![vec![0.0; repeats as usize]; threads.len()];
    let mut nodes = vec![vec![0.0; repeats as usize]; threads.len()];
    let mut main_nodes = vec![0.0; threads.len()];
    let mut scores: Vec<Option<i32>> = vec![None; positions.len()];
    for r in 0..repeats as usize {
        for (p, moves) in positions.iter().enumerate() {
            let mut order: Vec<usize> = (0..threads.len()).collect();
            if r % 2 == 1 {
                order.reverse();
            }
            for i in order {
                let e = engines[i].as_mut();
                let m = measure(e, moves, Clock::Wall).map_err(|f| {
                    anyhow::anyhow!("{} on `{}`: {}", e.spec(), label(moves), f.error)
                })?;
                match scores[p] {
                    Some(s) if s != m.score => {
                        eprintln!(
                            "threads: WRONG SCORE: {} gives {} on `{}`, another thread count {}",
                            e.spec(),
                            m.score,
                            label(moves),
                            s
                        );
                        return Ok(None);
                    }
                    _ => scores[p] = Some(m.score),
                }
                secs[i][r] += m.wall_nanos as f64 / 1e9;
                nodes[i][r] += m.nodes as f64;
                main_nodes[i] += e.main_thread_nodes().unwrap_or(m.nodes) as f64;
            }
        }
    }
    let per = f64::from(repeats);
    Ok(Some(
        threads
            .iter()
            .enumerate()
            .map(|(i, &t)| Row {
                threads: t,
                seconds: median(secs[i].clone()),
                nodes: nodes[i].iter().sum::<f64>() / per,
                main_nodes: main_nodes[i] / per,
            })
            .collect(),
    ))
}

/// The columns of the table and the CSV: header, CSV name, width and decimals in the table,
/// decimals in the CSV.
const COLUMNS: [(&str, &str, usize, usize, usize); 8] = [
    ("threads", "threads", 7, 0, 0),
    ("seconds", "seconds", 10, 4, 6),
    ("speed-up", "speedup", 8, 2, 4),
    ("efficiency", "efficiency", 10, 2, 4),
    ("nodes", "nodes", 14, 0, 0),
    ("nodes/ref", "node_ratio", 10, 2, 4),
    ("main nodes", "main_nodes", 14, 0, 0),
    ("main/ref", "main_ratio", 9, 2, 4),
];

/// One thread count's numbers: threads, seconds, speed-up, efficiency, nodes, nodes over the
/// reference's, main-thread nodes, those over the reference's nodes.
fn values(r: &Row, r0: &Row) -> [f64; 8] {
    let x = r.relative(r0);
    [
        f64::from(r.threads),
        r.seconds,
        x.speedup,
        x.efficiency,
        r.nodes,
        x.node_ratio,
        r.main_nodes,
        x.main_ratio,
    ]
}

/// The printed table as a [`crate::table::Table`] (the page's), with the CSV's precision as
/// its raw values.
#[cfg(feature = "analysis")]
fn rows_table(rows: &[Row], title: String) -> crate::table::Table {
    use crate::table::{Cell, Column, Table};
    let mut t = Table::new(COLUMNS.iter().map(|c| Column::right(c.0)).collect());
    t.title = title;
    for r in rows {
        let cells = COLUMNS
            .iter()
            .zip(values(r, &rows[0]))
            .map(|(&(_, _, _, p, q), v)| Cell {
                text: format!("{v:.p$}"),
                raw: vec![format!("{v:.q$}")],
            });
        t.rows.push(cells.collect());
    }
    t
}

/// The report page in `dir`.
#[cfg(feature = "analysis")]
fn write_report(
    args: &ThreadsArgs,
    rows: &[Row],
    positions: usize,
    meta: &crate::runner::meta::Meta,
    dir: &Path,
) -> Result<()> {
    use crate::render::threads::{write_threads_report, ThreadsReport};
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let points = thread_points(rows);
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let report = ThreadsReport {
        engine: &args.engine,
        board: args.board.to_string(),
        points: &points,
        table: rows_table(
            rows,
            format!(
                "{}: {positions} position(s), {} solve(s) of the set per thread count",
                args.engine, args.repeats
            ),
        ),
        positions,
        repeats: args.repeats,
        cores: cores(),
        meta: serde_json::to_value(meta)?,
        reproduce: format!(
            "{} {}",
            crate::util::repro::program(),
            shell_words::join(argv)
        ),
    };
    let w = write_threads_report(&report, dir)?;
    eprintln!(
        "wrote {} and {} more files",
        w.html.display(),
        w.files.len() - 1
    );
    Ok(())
}

/// A lean build: [`check_figure`]'s error (it refused `--report` before the solves).
#[cfg(not(feature = "analysis"))]
fn write_report(
    _: &ThreadsArgs,
    _: &[Row],
    _: usize,
    _: &crate::runner::meta::Meta,
    dir: &Path,
) -> Result<()> {
    check_figure(Some(dir))
}

/// The rows as the figure's points.
#[cfg(feature = "analysis")]
fn thread_points(rows: &[Row]) -> Vec<crate::render::plot::ThreadPoint> {
    rows.iter()
        .map(|r| {
            let x = r.relative(&rows[0]);
            crate::render::plot::ThreadPoint {
                threads: r.threads,
                speedup: x.speedup,
                node_ratio: x.node_ratio,
                main_ratio: x.main_ratio,
            }
        })
        .collect()
}

/// The table on stdout and, with `csv`, the same as CSV.
fn print_rows(rows: &[Row], csv_path: Option<&Path>) -> Result<()> {
    let mut csv = COLUMNS.map(|c| c.1).join(",") + "\n";
    let header: Vec<String> = COLUMNS
        .iter()
        .map(|&(h, _, w, _, _)| format!("{h:>w$}"))
        .collect();
    println!("{}", header.join(" "));
    for r in rows {
        let values = values(r, &rows[0]);
        let cells = |table: bool| -> Vec<String> {
            COLUMNS
                .iter()
                .zip(values)
                .map(|(&(_, _, w, p, q), v)| {
                    if table {
                        format!("{v:>w$.p$}")
                    } else {
                        format!("{v:.q$}")
                    }
                })
                .collect()
        };
        println!("{}", cells(true).join(" "));
        let _ = writeln!(csv, "{}", cells(false).join(","));
    }
    if let Some(p) = csv_path {
        std::fs::write(p, csv).with_context(|| format!("writing {}", p.display()))?;
        eprintln!("wrote {}", p.display());
    }
    Ok(())
}

/// A figure or a page needs the plotting of the `analysis` feature: a lean build refuses
/// `--figure` and `--report` before it solves anything.
fn check_figure(figure: Option<&Path>) -> Result<()> {
    if figure.is_some() && !cfg!(feature = "analysis") {
        bail!("threads: --figure and --report need the cargo feature `analysis`, which this lean build lacks");
    }
    Ok(())
}

/// `threads.svg`, `threads.png` (300 dpi) and `threads.pdf` in `dir`.
#[cfg(feature = "analysis")]
fn write_figure(
    rows: &[Row],
    engine: &str,
    positions: usize,
    repeats: u32,
    dir: &Path,
) -> Result<()> {
    use crate::render::plot::{write_figure, ThreadScaling};
    let points = thread_points(rows);
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    let figure = ThreadScaling::new(&points, engine, positions, repeats, cores());
    let (written, _) = write_figure(&figure, dir)?;
    eprintln!(
        "wrote {}, {}, {}",
        written.svg.display(),
        written.png.display(),
        written.pdf.display()
    );
    Ok(())
}

/// A lean build: [`check_figure`]'s error (it refused `--figure` before the solves).
#[cfg(not(feature = "analysis"))]
fn write_figure(_: &[Row], _: &str, _: usize, _: u32, dir: &Path) -> Result<()> {
    check_figure(Some(dir))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_and_medians() {
        assert_eq!(with_threads("mtdf", 4).unwrap(), "mtdf:threads=4");
        assert_eq!(with_threads("mtdf", 1).unwrap(), "mtdf");
        assert_eq!(
            with_threads("mtdf:tt=20", 2).unwrap(),
            "mtdf:tt=20,threads=2"
        );
        assert_eq!(with_threads("mtdf:smp=lazy", 1).unwrap(), "mtdf");
        assert_eq!(
            with_threads("mtdf:smp=lazy", 4).unwrap(),
            "mtdf:smp=lazy,threads=4"
        );
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
