//! An advisory lock on a results file for the life of the process that writes it.
//!
//! The lock is a sidecar file `<results>.lock` (e.g. `results/e.csv.lock`) holding the writer's
//! process id, locked with the operating system's advisory file lock (`flock` on Unix). The
//! operating system releases the lock when the process ends, however it ends, so a killed run
//! never blocks the next one; the sidecar is removed when the [`ResultsLock`] is dropped. Every
//! writer of a results file (`run`, `run --resume`, `run --force`, `merge --out`) takes it before
//! it reads or truncates the file, so a second writer is refused and the file stays valid.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// The held lock of one results file; released (and its sidecar removed) on drop.
#[derive(Debug)]
pub struct ResultsLock {
    path: PathBuf,
    file: File,
}

/// Path of the lock file of a results file.
#[must_use]
pub fn lock_path(results: &Path) -> PathBuf {
    let mut name = results.as_os_str().to_owned();
    name.push(".lock");
    PathBuf::from(name)
}

/// `path` with its links and `.`/`..` resolved; for a file that does not exist yet, its
/// directory's canonical path joined with its name; `path` itself where neither resolves.
#[must_use]
pub fn canonical(path: &Path) -> PathBuf {
    if let Ok(p) = std::fs::canonicalize(path) {
        return p;
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match (std::fs::canonicalize(dir), path.file_name()) {
        (Ok(d), Some(name)) => d.join(name),
        _ => path.to_path_buf(),
    }
}

/// Why a lock could not be taken.
#[derive(Debug)]
pub enum LockError {
    /// Another process writes the file.
    Held {
        results: PathBuf,
        pid: Option<u32>,
        /// The lock file (beside the file's canonical path).
        lock: PathBuf,
    },
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

impl std::fmt::Display for LockError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LockError::Held { results, pid, lock } => {
                let who = pid.map_or_else(
                    || "another treebench process".to_string(),
                    |p| format!("another treebench process (pid {p})"),
                );
                write!(
                    f,
                    "{} is being written by {who}; wait for it to finish or stop it (lock {})",
                    results.display(),
                    lock.display()
                )
            }
            LockError::Io { path, source } => write!(f, "{}: {source}", path.display()),
        }
    }
}

impl std::error::Error for LockError {}

#[cfg(unix)]
fn same_file(a: &std::fs::Metadata, b: &std::fs::Metadata) -> bool {
    use std::os::unix::fs::MetadataExt;
    a.dev() == b.dev() && a.ino() == b.ino()
}

#[cfg(not(unix))]
fn same_file(_: &std::fs::Metadata, _: &std::fs::Metadata) -> bool {
    true
}

impl ResultsLock {
    /// Take the lock of `results` or say who holds it. The lock is the canonical path's
    /// ([`canonical`]): two writers reaching one file through a link and its target, or two
    /// spellings of a directory, take the same lock.
    pub fn acquire(results: &Path) -> Result<Self, LockError> {
        let path = lock_path(&canonical(results));
        let io = |source| LockError::Io {
            path: path.clone(),
            source,
        };
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(io)?;
        }
        loop {
            let mut file = OpenOptions::new()
                .read(true)
                .write(true)
                .create(true)
                .truncate(false)
                .open(&path)
                .map_err(io)?;
            match file.try_lock() {
                Ok(()) => {}
                Err(std::fs::TryLockError::WouldBlock) => {
                    let mut text = String::new();
                    let _ = file.read_to_string(&mut text);
                    return Err(LockError::Held {
                        results: results.to_path_buf(),
                        pid: text.trim().parse().ok(),
                        lock: path.clone(),
                    });
                }
                Err(std::fs::TryLockError::Error(e)) => return Err(io(e)),
            }
            // The holder before us may have removed the sidecar between our open and our lock:
            // then we locked an unlinked file, and must lock the one at the path instead.
            let here = file.metadata().map_err(io)?;
            match std::fs::metadata(&path) {
                Ok(there) if same_file(&here, &there) => {}
                _ => continue,
            }
            file.set_len(0).map_err(io)?;
            file.seek(SeekFrom::Start(0)).map_err(io)?;
            writeln!(file, "{}", std::process::id()).map_err(io)?;
            file.flush().map_err(io)?;
            return Ok(ResultsLock { path, file });
        }
    }
}

impl Drop for ResultsLock {
    fn drop(&mut self) {
        // Remove while still holding the lock, so that nobody locks the old file in between.
        let _ = std::fs::remove_file(&self.path);
        let _ = self.file.unlock();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_is_refused_with_the_holders_pid() {
        let dir = std::env::temp_dir().join(format!("treebench-lock-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let results = dir.join("e.csv");
        let held = ResultsLock::acquire(&results).unwrap();
        let err = ResultsLock::acquire(&results).unwrap_err();
        match &err {
            LockError::Held { pid, .. } => assert_eq!(*pid, Some(std::process::id())),
            LockError::Io { .. } => panic!("{err}"),
        }
        assert!(err
            .to_string()
            .contains(&format!("pid {}", std::process::id())));
        drop(held);
        assert!(!lock_path(&results).exists(), "the sidecar is removed");
        let again = ResultsLock::acquire(&results).unwrap();
        drop(again);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
