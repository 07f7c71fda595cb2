//! `treebench bench`: the node signature of one engine on the gate position set (OpenBench's
//! `bench`), checked against or written to a signature file.

use crate::engine::registry;
use crate::gate::signature::Signature;
use crate::gate::{builtin_positions_for, signature_of};
use crate::runner::paired::plan;
use crate::util::exit;
use anyhow::{Context, Result};
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Engine spec.
    #[arg(long, short, default_value = "mtdf")]
    pub engine: String,
    /// Positions of an experiment file instead of the built-in set of the engine's game (the
    /// gate set for Connect-4, the chess set for `uci:` engines).
    #[arg(long)]
    pub experiment: Option<PathBuf>,
    /// Compare with a signature file; a difference exits 4.
    #[arg(long, value_name = "FILE", conflicts_with = "write")]
    pub check: Option<PathBuf>,
    /// Write the signature file (deliberately accepting a changed search).
    #[arg(long, value_name = "FILE")]
    pub write: Option<PathBuf>,
}

pub fn run(args: BenchArgs) -> Result<i32> {
    let (positions, set) = match &args.experiment {
        Some(p) => {
            let e = crate::runner::experiment::Experiment::load(p)?;
            (
                plan(&e).into_iter().map(|(_, d)| d).collect::<Vec<_>>(),
                format!("experiment {}", p.display()),
            )
        }
        None => {
            let game = registry::build(&args.engine)?.game();
            builtin_positions_for(game)
                .with_context(|| format!("no built-in position set for {game}"))?
        }
    };
    let mut engine = registry::build(&args.engine)?;
    let sig = signature_of(engine.as_mut(), &positions)?;
    let header = format!(
        "Node signature: `treebench bench --engine {}` on the {set}.\nRegenerate deliberately with: treebench bench --engine {} --write FILE",
        args.engine, args.engine
    );
    let text = sig.to_text(&header);
    if let Some(p) = &args.write {
        std::fs::write(p, &text).with_context(|| format!("writing {}", p.display()))?;
        eprintln!("wrote {} ({} nodes)", p.display(), sig.total());
        return Ok(exit::OK);
    }
    match &args.check {
        None => {
            print!("{text}");
            Ok(exit::OK)
        }
        Some(p) => {
            let want =
                std::fs::read_to_string(p).with_context(|| format!("reading {}", p.display()))?;
            let want =
                Signature::parse(&want).map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
            if want == sig {
                println!(
                    "node signature OK: {} positions, {} nodes ({})",
                    sig.positions(),
                    sig.total(),
                    p.display()
                );
                Ok(exit::OK)
            } else {
                println!("node signature MISMATCH against {}:\n", p.display());
                print!("{}", want.diff_table(&sig, "expected", "now"));
                println!(
                    "\nThe search of `{}` changed: it visits a different number of nodes. If that is intended \
                     (a new pruning, ordering or table change), update the file deliberately and commit it:\n\n    \
                     treebench bench --engine {} --write {}",
                    args.engine,
                    args.engine,
                    p.display()
                );
                Ok(exit::SIGNATURE)
            }
        }
    }
}
