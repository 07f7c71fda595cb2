//! Engines from other git revisions: build a revision in its own worktree and run its binary as
//! an `ext:` engine through `treebench serve`.
//!
//! `build_revision(repo, "origin/main")` resolves the revision to a commit, checks it out in a
//! detached git worktree `target/treebench-gate/<rev>` of `repo` (reused and moved to the commit
//! on later calls), runs `cargo build --release` there (with the caller's `CARGO_TARGET_DIR`,
//! so compiled dependencies are shared), and copies the binary to
//! `target/treebench-gate/bin/treebench-<commit>` so a later build cannot replace it under a
//! running gate. The revision must have the `serve` subcommand.

use super::GateError;
use crate::util::names::file_stem;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn git(dir: &Path, args: &[&str]) -> Result<String, GateError> {
    let out = Command::new("git")
        .current_dir(dir)
        .args(args)
        .stderr(Stdio::piped())
        .output()
        .map_err(|e| GateError::Invalid(format!("cannot run git: {e}")))?;
    if !out.status.success() {
        return Err(GateError::Invalid(format!(
            "git {} failed: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Build `rev` of the repository containing `repo`; returns the path of its binary.
/// `log` receives progress lines.
pub fn build_revision(
    repo: &Path,
    rev: &str,
    log: &mut dyn FnMut(&str),
) -> Result<PathBuf, GateError> {
    let top = PathBuf::from(git(repo, &["rev-parse", "--show-toplevel"])?);
    let commit = git(
        &top,
        &["rev-parse", "--verify", &format!("{rev}^{{commit}}")],
    )?;
    let short = &commit[..12.min(commit.len())];
    let root = top.join("target").join("treebench-gate");
    let bin_dir = root.join("bin");
    let bin = bin_dir.join(format!("treebench-{short}"));
    if bin.exists() {
        log(&format!(
            "{rev} = {short}: using the binary built before, {}",
            bin.display()
        ));
        return Ok(bin);
    }
    let wt = root.join(file_stem(rev));
    std::fs::create_dir_all(&root)
        .map_err(|e| GateError::Invalid(format!("{}: {e}", root.display())))?;
    let wt_s = wt.to_string_lossy().to_string();
    if wt.join(".git").exists() {
        log(&format!("{rev} = {short}: moving worktree {wt_s} to it"));
        git(&wt, &["checkout", "--detach", "--force", &commit])?;
    } else {
        log(&format!("{rev} = {short}: adding worktree {wt_s}"));
        let _ = git(&top, &["worktree", "prune"]);
        git(
            &top,
            &["worktree", "add", "--detach", "--force", &wt_s, &commit],
        )?;
    }
    log(&format!(
        "building {rev} ({short}) with cargo build --release"
    ));
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(&wt)
        .args([
            "build",
            "--release",
            "--bin",
            "treebench",
            "--message-format=json-render-diagnostics",
        ])
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| GateError::Invalid(format!("cannot run cargo: {e}")))?;
    if !out.status.success() {
        return Err(GateError::Invalid(format!(
            "cargo build --release of {rev} ({short}) in {wt_s} failed ({})",
            out.status
        )));
    }
    let exe = String::from_utf8_lossy(&out.stdout)
        .lines()
        .collect::<Vec<_>>()
        .into_iter()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["reason"] == "compiler-artifact" && v["target"]["name"] == "treebench")
        .filter_map(|v| v["executable"].as_str().map(PathBuf::from))
        .next_back()
        .ok_or_else(|| {
            GateError::Invalid(format!("cargo build of {rev} reported no treebench binary"))
        })?;
    std::fs::create_dir_all(&bin_dir)
        .map_err(|e| GateError::Invalid(format!("{}: {e}", bin_dir.display())))?;
    std::fs::copy(&exe, &bin).map_err(|e| {
        GateError::Invalid(format!("copy {} to {}: {e}", exe.display(), bin.display()))
    })?;
    log(&format!("{rev} ({short}) built: {}", bin.display()));
    Ok(bin)
}

/// Quote a word for the `ext:` command line (single quotes, `'` as `'\''`... which the splitter
/// reads as a closing quote, an escaped quote and an opening quote).
#[must_use]
pub fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', "'\\''"))
}

/// The `ext:` spec that runs `engine` in the binary `bin` through `treebench serve`, reporting
/// times on `clock`.
#[must_use]
pub fn serve_spec(bin: &Path, engine: &str, clock: crate::runner::measure::Clock) -> String {
    format!(
        "ext:{} serve --clock {clock} --engine {}",
        quote(&bin.to_string_lossy()),
        quote(engine)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::external::split_words;

    #[test]
    fn quoting_survives_the_splitter() {
        let s = serve_spec(
            Path::new("/tmp/it's here/treebench"),
            "mtdf:tt=20",
            crate::runner::measure::Clock::Cpu,
        );
        let words = split_words(s.strip_prefix("ext:").unwrap()).unwrap();
        assert_eq!(
            words,
            [
                "/tmp/it's here/treebench",
                "serve",
                "--clock",
                "cpu",
                "--engine",
                "mtdf:tt=20"
            ]
        );
    }
}
