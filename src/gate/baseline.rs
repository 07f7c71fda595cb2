//! Engines from other git revisions: build a revision in its own worktree and run its binary as
//! an `ext:` engine through `treebench serve`.
//!
//! `build_revision(repo, "origin/main")` resolves the revision to a commit, checks it out in a
//! detached git worktree `target/treebench-gate/<rev>` of `repo` (reused and moved to the commit
//! on later calls), runs a lean `cargo build --profile=lean --no-default-features` there (no
//! polars, no plotters: the gate needs only `serve`; revisions older than the `lean` profile
//! build `--release`, and the caller's own `release/treebench` is put back afterwards) into the
//! caller's target directory (`CARGO_TARGET_DIR`, else the repository's `target/`), so compiled
//! dependencies are shared between revisions, and copies the binary to
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
    let wt_s = wt.to_string_lossy().to_string();
    checkout(&top, &wt, &commit, &format!("{rev} = {short}"), log)?;
    let target_dir = std::env::var_os("CARGO_TARGET_DIR")
        .filter(|v| !v.is_empty())
        .map_or_else(|| top.join("target"), PathBuf::from);
    let profile = LeanProfile::of(&wt);
    log(&format!(
        "building {rev} ({short}) with cargo build {} --no-default-features into {}",
        profile.flag(),
        target_dir.display()
    ));
    // A revision without the `lean` profile builds into <target>/release/: keep the caller's.
    let own = target_dir.join("release").join("treebench");
    let kept = root.join(format!("treebench-own-{}", std::process::id()));
    let _ = std::fs::remove_file(&kept);
    let saved = profile == LeanProfile::Release && std::fs::hard_link(&own, &kept).is_ok();
    let out = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()))
        .current_dir(&wt)
        .env("CARGO_TARGET_DIR", &target_dir)
        .args([
            "build",
            profile.flag(),
            "--no-default-features",
            "--bin",
            "treebench",
        ])
        .arg("--message-format=json-render-diagnostics")
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| GateError::Invalid(format!("cannot run cargo: {e}")));
    let restore = || {
        if saved {
            let _ = std::fs::rename(&kept, &own);
        }
    };
    let out = out.inspect_err(|_| restore())?;
    if !out.status.success() {
        restore();
        return Err(GateError::Invalid(format!(
            "cargo build {} --no-default-features of {rev} ({short}) in {wt_s} failed ({})",
            profile.flag(),
            out.status
        )));
    }
    let exe = built_binary(&out.stdout).ok_or_else(|| {
        GateError::Invalid(format!("cargo build of {rev} reported no treebench binary"))
    });
    let exe = exe.inspect_err(|_| restore())?;
    std::fs::create_dir_all(&bin_dir)
        .map_err(|e| GateError::Invalid(format!("{}: {e}", bin_dir.display())))
        .inspect_err(|_| restore())?;
    // Copy the revision's binary out before the caller's is put back in its place.
    let copied = std::fs::copy(&exe, &bin).map_err(|e| {
        GateError::Invalid(format!("copy {} to {}: {e}", exe.display(), bin.display()))
    });
    restore();
    copied?;
    log(&format!("{rev} ({short}) built: {}", bin.display()));
    Ok(bin)
}

/// Check `commit` out in the worktree `wt` of the repository at `top`: move the worktree there
/// when it exists, else add it. `what` names the revision in the progress lines.
fn checkout(
    top: &Path,
    wt: &Path,
    commit: &str,
    what: &str,
    log: &mut dyn FnMut(&str),
) -> Result<(), GateError> {
    if let Some(parent) = wt.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| GateError::Invalid(format!("{}: {e}", parent.display())))?;
    }
    let wt_s = wt.to_string_lossy().to_string();
    if wt.join(".git").exists() {
        log(&format!("{what}: moving worktree {wt_s} to it"));
        git(wt, &["checkout", "--detach", "--force", commit])?;
    } else {
        log(&format!("{what}: adding worktree {wt_s}"));
        let _ = git(top, &["worktree", "prune"]);
        git(
            top,
            &["worktree", "add", "--detach", "--force", &wt_s, commit],
        )?;
    }
    Ok(())
}

/// The treebench binary that cargo's JSON messages (`--message-format=json-...`) report
/// built, the last one named.
fn built_binary(messages: &[u8]) -> Option<PathBuf> {
    String::from_utf8_lossy(messages)
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|v| v["reason"] == "compiler-artifact" && v["target"]["name"] == "treebench")
        .filter_map(|v| v["executable"].as_str().map(PathBuf::from))
        .next_back()
}

/// How a revision is built lean: with its own `lean` profile (into `<target>/lean/`, beside the
/// caller's full `release/treebench`), or, for revisions from before that profile, `--release`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum LeanProfile {
    Lean,
    Release,
}

impl LeanProfile {
    fn of(worktree: &Path) -> Self {
        let manifest = std::fs::read_to_string(worktree.join("Cargo.toml")).unwrap_or_default();
        if manifest.lines().any(|l| l.trim() == "[profile.lean]") {
            Self::Lean
        } else {
            Self::Release
        }
    }

    fn flag(self) -> &'static str {
        match self {
            Self::Lean => "--profile=lean",
            Self::Release => "--release",
        }
    }
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
        "ext[clock={clock}]:{} serve --clock {clock} --engine {}",
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
        let words = split_words(s.strip_prefix("ext[clock=cpu]:").unwrap()).unwrap();
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
