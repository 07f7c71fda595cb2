//! Records the git revision and the compiler version for the run metadata.
use std::process::Command;

fn output(cmd: &str, args: &[&str]) -> Option<String> {
    // GIT_OPTIONAL_LOCKS=0: `git status` must not refresh and rewrite .git/index, which this
    // script watches: a rewrite made every later cargo command run it again and rebuild the
    // crate (main command, tests, main command again rebuilt treebench each time).
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
    println!("cargo:rerun-if-changed=.git/HEAD");
    println!("cargo:rerun-if-changed=.git/index");
}
