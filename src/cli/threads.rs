//! `treebench threads`: a position set solved with 1, 2, 4, … threads; per thread count the
//! wall time (median over repeats of the set's total), the speed-up against the first count,
//! the efficiency (speed-up / threads), the nodes of all threads (the search overhead) and of
//! the main thread (its share of the work: what the helpers saved it, independent of how busy
//! the machine is). Every score must equal the first count's (exit 3 otherwise).

use crate::engine::{registry, GameKind};
use crate::game::connect4::BoardSize;
use crate::runner::measure::{measure, Clock};
use crate::runner::positions::positions_for_ply;
use crate::util::exit;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

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

pub fn run(args: ThreadsArgs) -> Result<i32> {
    if crate::engine::spec::parse_spec(&args.engine)?
        .1
        .iter()
        .any(|(k, _)| *k == "threads")
    {
        bail!("threads: give --engine without `threads` (the thread counts come from --threads)");
    }
    let threads = if args.threads.is_empty() {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get()) as u32;
        let mut t = vec![1, 2];
        while t[t.len() - 1] * 2 <= cores {
            t.push(t[t.len() - 1] * 2);
        }
        t
    } else {
        args.threads.clone()
    };
    if threads.contains(&0) || args.repeats == 0 {
        bail!("threads: thread counts and --repeats must be at least 1");
    }
    let positions: Vec<String> = if !args.moves.is_empty() {
        args.moves.clone()
    } else {
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
    };
    let mut engines = Vec::new();
    for &t in &threads {
        let spec = with_threads(&args.engine, t)?;
        let e = registry::build_on(&spec, args.board)?;
        super::not_chess("threads", e.as_ref())?;
        engines.push(e);
    }
    let label = |m: &str| {
        if m.is_empty() {
            "(empty)".to_string()
        } else {
            m.to_string()
        }
    };
    eprintln!(
        "threads: {} position(s) on {}, threads {:?}, {} repeat(s), {} cores here",
        positions.len(),
        args.board,
        threads,
        args.repeats,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    // totals[i][r]: seconds and nodes of thread count i in repeat r.
    let mut secs = vec![vec![0.0; args.repeats as usize]; threads.len()];
    let mut nodes = vec![vec![0.0; args.repeats as usize]; threads.len()];
    let mut main_nodes = vec![0.0; threads.len()];
    let mut scores: Vec<Option<i32>> = vec![None; positions.len()];
    for r in 0..args.repeats as usize {
        for (p, moves) in positions.iter().enumerate() {
            // Alternate the order of the thread counts between repeats (load drift).
            let order: Vec<usize> = if r % 2 == 0 {
                (0..threads.len()).collect()
            } else {
                (0..threads.len()).rev().collect()
            };
            for i in order {
                let e = engines[i].as_mut();
                let m = measure(e, moves, Clock::Wall).map_err(|f| {
                    anyhow::anyhow!("{} on `{}`: {}", e.spec(), label(moves), f.error)
                })?;
                match scores[p] {
                    None => scores[p] = Some(m.score),
                    Some(s) if s != m.score => {
                        eprintln!(
                            "threads: WRONG SCORE: {} gives {} on `{}`, another thread count {}",
                            e.spec(),
                            m.score,
                            label(moves),
                            s
                        );
                        return Ok(exit::DISAGREE);
                    }
                    Some(_) => {}
                }
                secs[i][r] += m.wall_nanos as f64 / 1e9;
                nodes[i][r] += m.nodes as f64;
                main_nodes[i] += e.main_thread_nodes().unwrap_or(m.nodes) as f64;
            }
        }
    }
    let rows: Vec<Row> = threads
        .iter()
        .enumerate()
        .map(|(i, &t)| Row {
            threads: t,
            seconds: median(secs[i].clone()),
            nodes: nodes[i].iter().sum::<f64>() / f64::from(args.repeats),
            main_nodes: main_nodes[i] / f64::from(args.repeats),
        })
        .collect();
    let (t0, s0, n0) = (rows[0].threads, rows[0].seconds, rows[0].nodes);
    let mut csv =
        String::from("threads,seconds,speedup,efficiency,nodes,node_ratio,main_nodes,main_ratio\n");
    println!(
        "{:>7} {:>10} {:>8} {:>10} {:>14} {:>10} {:>14} {:>9}",
        "threads",
        "seconds",
        "speed-up",
        "efficiency",
        "nodes",
        "nodes/ref",
        "main nodes",
        "main/ref"
    );
    for r in &rows {
        let speedup = s0 / r.seconds;
        let eff = speedup / (f64::from(r.threads) / f64::from(t0));
        let ratio = r.nodes / n0;
        let main_ratio = r.main_nodes / n0;
        println!(
            "{:>7} {:>10.4} {:>8.2} {:>10.2} {:>14.0} {:>10.2} {:>14.0} {:>9.2}",
            r.threads, r.seconds, speedup, eff, r.nodes, ratio, r.main_nodes, main_ratio
        );
        let _ = writeln!(
            csv,
            "{},{:.6},{:.4},{:.4},{:.0},{:.4},{:.0},{:.4}",
            r.threads, r.seconds, speedup, eff, r.nodes, ratio, r.main_nodes, main_ratio
        );
    }
    if let Some(p) = &args.csv {
        std::fs::write(p, csv).with_context(|| format!("writing {}", p.display()))?;
        eprintln!("wrote {}", p.display());
    }
    Ok(exit::OK)
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
        assert_eq!(with_threads("mtdf:smp=abdada", 1).unwrap(), "mtdf");
        assert_eq!(
            with_threads("mtdf:smp=abdada", 4).unwrap(),
            "mtdf:smp=abdada,threads=4"
        );
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 2.0, 3.0]), 2.5);
    }
}
