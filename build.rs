//! Records the git revision and the compiler version for the run metadata.
use std::process::Command;

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    // GIT_OPTIONAL_LOCKS=0: our own `git status` must not refresh and rewrite .git/index.
    let out = Command::new(cmd)
        .args(args)
        .env("GIT_OPTIONAL_LOCKS", "0")
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn main() {
    let rev =
        output("git", &["rev-parse", "--short=12", "HEAD"]).unwrap_or_else(|| "unknown".into());
    let dirty = output("git", &["status", "--porcelain", "--untracked-files=no"])
        .is_some_and(|s| !s.is_empty());
    println!(
        "cargo:rustc-env=TREEBENCH_GIT_REV={rev}{}",
        if dirty { "-dirty" } else { "" }
    );
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let version = output(&rustc, &["--version"]).unwrap_or_else(|| "unknown".into());
    println!("cargo:rustc-env=TREEBENCH_RUSTC={version}");
    watch_revision();
}

/// Run again when the revision or the sources change, and never for `.git/index` alone: a
/// `git status` after a clone rewrites the index (it refreshes the files' stat data) and
/// watching it made the first `cargo build` after it rebuild the crate. The `-dirty` flag is
/// kept true by watching the sources instead: an edit there runs this script again.
fn watch_revision() {
    let git_dir = output("git", &["rev-parse", "--git-dir"]);
    let common = output("git", &["rev-parse", "--git-common-dir"]);
    let branch = output("git", &["symbolic-ref", "-q", "HEAD"]);
    let mut watched: Vec<String> = ["src", "build.rs", "Cargo.toml", "Cargo.lock"]
        .map(String::from)
        .to_vec();
    if let Some(d) = &git_dir {
        watched.push(format!("{d}/HEAD"));
    }
    if let Some(c) = &common {
        watched.push(format!("{c}/packed-refs"));
        if let Some(b) = &branch {
            watched.push(format!("{c}/{b}"));
        }
    }
    for path in watched {
        if std::path::Path::new(&path).exists() {
            println!("cargo:rerun-if-changed={path}");
        }
    }
}
