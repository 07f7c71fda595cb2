//! `treebench merge`: join shard results into one file.

use anyhow::Result;
use clap::Args;
use std::path::PathBuf;
use treebench::util::exit;

#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The merged results file to write.
    #[arg(long, short)]
    pub out: PathBuf,
    /// Shard results files.
    #[arg(required = true)]
    pub inputs: Vec<PathBuf>,
}

pub fn run(args: MergeArgs) -> Result<i32> {
    let inputs: Vec<&std::path::Path> = args.inputs.iter().map(|p| p.as_path()).collect();
    let n = treebench::runner::merge::merge(&inputs, &args.out)?;
    eprintln!(
        "merged {} files: {n} rows into {}",
        inputs.len(),
        args.out.display()
    );
    Ok(exit::OK)
}
