//! `treebench boards`: solve the empty board of every size up to a number of cells, print the
//! table (and its CSV), compare with Tromp's published table and write the figure (the figure
//! needs the cargo feature `analysis`; a lean build writes the table only and says so).

use crate::engine::connect4::SolverConfig;
use crate::game::connect4::BoardSize;
use crate::table::{Csv, TableFormat, Text};
use crate::util::exit;
use crate::verify::boards;
use anyhow::{bail, Result};
use clap::Args;
use std::path::{Path, PathBuf};

#[derive(Debug, Args)]
pub struct BoardsArgs {
    /// Solve every compiled size with at most this many cells (4x4 = 16 … 7x6 = 42). The
    /// default, 36, is 13 sizes up to 6x6, 4x9 and 9x4: under two minutes on two cores.
    #[arg(long, default_value_t = 36)]
    pub max_cells: u32,
    /// Solve only sizes with at least this many cells.
    #[arg(long, default_value_t = 16)]
    pub min_cells: u32,
    /// Connect-4 engine spec, e.g. `mtdf`, `negamax:tt=20`.
    #[arg(long, short, default_value = "mtdf")]
    pub engine: String,
    /// Directory for `boards.csv`, `boards.txt` and the figure `boards.svg`/`.png`/`.pdf`.
    #[arg(long, default_value = "results/boards")]
    pub out: PathBuf,
}

pub fn run(args: BoardsArgs) -> Result<i32> {
    let cfg = match SolverConfig::parse(&args.engine) {
        Ok(Some(c)) => c,
        Ok(None) => bail!(
            "engine `{}`: boards runs the Connect-4 solver (negamax, mtdf, pvs, …)",
            args.engine
        ),
        Err(e) => bail!("{e}"),
    };
    let sizes: Vec<BoardSize> = BoardSize::up_to_cells(args.max_cells)
        .into_iter()
        .filter(|b| b.cells() >= args.min_cells)
        .collect();
    if sizes.is_empty() {
        bail!(
            "no board has between {} and {} cells (the smallest is 4x4, 16 cells)",
            args.min_cells,
            args.max_cells
        );
    }
    let spec = cfg.to_string();
    eprintln!(
        "solving the empty board of {} sizes ({}..{} cells) with {spec}",
        sizes.len(),
        args.min_cells,
        args.max_cells
    );
    let rows = boards::solve_all(cfg, &sizes, |r| {
        eprintln!(
            "  {:>5}  score {:>3}  {}  {:>14} nodes  {:>9.3} s  tromp: {}",
            r.board.to_string(),
            r.score,
            r.outcome(),
            r.nodes,
            r.elapsed.as_secs_f64(),
            r.tromp.label()
        );
    })
    .map_err(anyhow::Error::msg)?;
    let table = boards::table(&rows, &spec);
    print!("{}", Text.render(&table));
    std::fs::create_dir_all(&args.out)?;
    let csv = Csv.render(&table);
    std::fs::write(args.out.join("boards.csv"), &csv)?;
    std::fs::write(args.out.join("boards.txt"), Text.render(&table))?;
    println!("\n{csv}");
    let figure = write_figure(&rows, &spec, &args.out)?;
    eprintln!(
        "wrote {} (boards.csv, boards.txt{figure})",
        args.out.display()
    );
    let wrong: Vec<String> = rows
        .iter()
        .filter(|r| r.tromp.is_failure())
        .map(|r| format!("{} ({})", r.board, r.tromp.label()))
        .collect();
    if wrong.is_empty() {
        Ok(exit::OK)
    } else {
        eprintln!("disagree with Tromp's table: {}", wrong.join(", "));
        Ok(exit::DISAGREE)
    }
}

/// Write `boards.svg` and `boards.png`; returns what to add to the list of files written.
#[cfg(feature = "analysis")]
fn write_figure(rows: &[boards::BoardSolve], spec: &str, out: &Path) -> Result<&'static str> {
    use crate::render::plot::{write_figure, BoardScaling};
    write_figure(&BoardScaling::new(rows, spec), out)?;
    Ok(", boards.svg, boards.png, boards.pdf")
}

/// A lean build has no plotting: the table only.
#[cfg(not(feature = "analysis"))]
fn write_figure(_: &[boards::BoardSolve], _: &str, _: &Path) -> Result<&'static str> {
    Ok("; no figure: this lean build lacks the cargo feature `analysis`")
}
