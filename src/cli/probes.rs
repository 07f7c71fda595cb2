//! `treebench probes`: solve one position with several drivers and write their probes: the
//! trace as CSV and a report page (`index.html`, `README.md`) with the convergence figure (SVG,
//! 300-dpi PNG, PDF) and the drivers' table.

use crate::engine::registry;
use crate::engine::root::Driver;
use crate::render::plot::{Convergence, DriverRun, Figure};
use crate::render::probes::{write_probes_report, ProbesReport};
use crate::runner::measure::{measure, Clock};
use crate::util::exit;
use anyhow::{bail, Context, Result};
use clap::Args;
use std::fmt::Write as _;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ProbesArgs {
    /// The position: a move string (columns 1..W from the left); empty for the start position.
    #[arg(default_value = "")]
    pub moves: String,
    /// Comma-separated engine specs (Connect-4 drivers), e.g. `mtdf,sss,dual` or
    /// `mtdf:id=on,pvs`. Default: every driver.
    #[arg(long, short, value_delimiter = ',', default_values_t = Driver::connect4_names())]
    pub engines: Vec<String>,
    /// Board size `WIDTHxHEIGHT`.
    #[arg(long, default_value = "7x6")]
    pub board: crate::game::connect4::BoardSize,
    /// Directory for `convergence_<moves>.csv`, the figure `convergence_<moves>.{svg,png,pdf}`
    /// and the page (`index.html`, `README.md`, the drivers' table in every format).
    #[arg(long, default_value = "results/probes")]
    pub out: PathBuf,
}

pub fn run(args: ProbesArgs) -> Result<i32> {
    if args.engines.is_empty() {
        bail!("--engines: give at least one engine");
    }
    let moves = args.moves.trim().to_string();
    let mut runs = Vec::with_capacity(args.engines.len());
    let mut csv = String::from("engine,probe,depth,alpha,beta,value,nodes,lower,upper\n");
    for spec in &args.engines {
        let mut engine = registry::build_on(spec, args.board)?;
        super::not_chess("probes", engine.as_ref())?;
        let m = match measure(engine.as_mut(), &moves, Clock::Wall) {
            Ok(m) => m,
            Err(f) => {
                eprintln!("{spec}: position `{moves}`: {}", f.error);
                return Ok(exit::BAD_INPUT);
            }
        };
        let probes = engine.probes().to_vec();
        let name = engine.spec();
        for (i, p) in probes.iter().enumerate() {
            let depth = p.depth.map_or(String::new(), |d| d.to_string());
            let _ = writeln!(
                csv,
                "{name},{},{depth},{},{},{},{},{},{}",
                i + 1,
                p.alpha,
                p.beta,
                p.value,
                p.nodes,
                p.lower,
                p.upper
            );
        }
        println!(
            "{name}: score {} in {} probes, {} nodes",
            m.score,
            probes.len(),
            m.nodes
        );
        runs.push(DriverRun {
            engine: name,
            probes,
            score: m.score,
            nodes: m.nodes,
        });
    }
    // The scores possible before any probe: half the empty cells either way (the drivers'
    // initial interval).
    let left = args.board.cells() as i32 - moves.chars().count() as i32;
    let start = (-left / 2, (left + 1) / 2);
    let stem = Convergence::new(&moves, start, Vec::new()).stem();
    let trace = args.out.join(format!("{stem}.csv"));
    std::fs::create_dir_all(&args.out).with_context(|| args.out.display().to_string())?;
    std::fs::write(&trace, csv).with_context(|| trace.display().to_string())?;
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let report = ProbesReport {
        moves: &moves,
        board: args.board.to_string(),
        start,
        runs: &runs,
        trace: format!("{stem}.csv"),
        reproduce: format!(
            "{} {}",
            crate::util::repro::program(),
            shell_words::join(argv)
        ),
    };
    let page = write_probes_report(&report, &args.out)?;
    eprintln!(
        "wrote {}, {} and {} more files (the figure, the drivers' table, README.md)",
        trace.display(),
        page.html.display(),
        page.files.len() - 1
    );
    Ok(exit::OK)
}
