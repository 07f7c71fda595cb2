//! `treebench merge`: join shard results into one file (results files of a run, or the games
//! files of a match's shards).

use crate::runner::match_play::merge::{is_games_file, merge_games};
use crate::util::exit;
use anyhow::Result;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The merged results file to write.
    #[arg(long, short)]
    pub out: PathBuf,
    /// Merge an incomplete set (a missing shard, an interrupted one) and record it in the
    /// merged metadata's `partial`.
    #[arg(long)]
    pub allow_partial: bool,
    /// Overwrite an existing `--out`.
    #[arg(long)]
    pub force: bool,
    /// Shard results files, or the games files of a match's shards (`match --shard K/N`).
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
}

pub fn run(args: MergeArgs) -> Result<i32> {
    let inputs: Vec<&std::path::Path> = args.inputs.iter().map(|p| p.as_path()).collect();
    let games = inputs.iter().filter(|p| is_games_file(p)).count();
    if games > 0 {
        if games < inputs.len() {
            anyhow::bail!("merge: some inputs are games files of a match and some are not");
        }
        let n = merge_games(&inputs, &args.out, args.force)?;
        eprintln!(
            "merged {} games files: {n} games into {}",
            inputs.len(),
            args.out.display()
        );
        return Ok(exit::OK);
    }
    let opts = crate::runner::merge::MergeOptions {
        allow_partial: args.allow_partial,
        force: args.force,
    };
    let merged = crate::runner::merge::merge(&inputs, &args.out, &opts)?;
    eprintln!(
        "merged {} files: {} rows into {}",
        inputs.len(),
        merged.rows,
        args.out.display()
    );
    if !merged.partial.is_empty() {
        eprintln!(
            "warning: partial merge (--allow-partial): {}; recorded as `partial` in {}",
            merged.partial.join("; "),
            crate::runner::paired::meta_path(&args.out).display()
        );
    }
    Ok(exit::OK)
}
