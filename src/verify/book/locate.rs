//! Where the book files are: `$TREEBENCH_BOOK_DIR`, or the `assets/` directory of the Python
//! package `bitbully_databases` as the oracles' Python (`$PYTHON`, else `python3`) finds it.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::{BookError, BookKind};

/// Finds the file of `kind`: `$TREEBENCH_BOOK_DIR/<file>` if that variable is set, else the
/// `assets/` directory of the installed Python package `bitbully_databases`.
pub fn locate(kind: BookKind) -> Result<PathBuf, BookError> {
    let file = kind.file_name();
    let not_found = |detail: String| BookError::NotFound { kind, file, detail };
    if let Some(dir) = std::env::var_os("TREEBENCH_BOOK_DIR") {
        let p = Path::new(&dir).join(file);
        return if p.is_file() {
            Ok(p)
        } else {
            Err(not_found(format!(
                "TREEBENCH_BOOK_DIR is set but {} does not exist",
                p.display()
            )))
        };
    }
    let python = crate::util::oracles::python();
    let out = Command::new(&python)
        .arg("-c")
        .arg(
            "import bitbully_databases, os; \
             print(os.path.join(os.path.dirname(os.path.abspath(bitbully_databases.__file__)), 'assets'))",
        )
        .output()
        .map_err(|e| not_found(format!("cannot run {python}: {e}")))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let last = err.lines().last().unwrap_or("").trim().to_string();
        return Err(not_found(format!(
            "{python} cannot import bitbully_databases ({last})"
        )));
    }
    let dir = String::from_utf8_lossy(&out.stdout).trim().to_string();
    let p = Path::new(&dir).join(file);
    if p.is_file() {
        Ok(p)
    } else {
        Err(not_found(format!("{} does not exist", p.display())))
    }
}
