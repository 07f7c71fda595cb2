//! The one reading of the oracle settings: `TREEBENCH_REQUIRE_ORACLES` (whether a missing oracle
//! is a failure) and `PYTHON` (the interpreter that runs every Python oracle: BitBully, its
//! opening databases, scipy). The scripts read the same two variables the same way.

/// The variable that makes a missing oracle a failure.
pub const REQUIRE_ENV: &str = "TREEBENCH_REQUIRE_ORACLES";

/// The variable naming the Python interpreter of the oracles.
pub const PYTHON_ENV: &str = "PYTHON";

/// Whether oracles are required: unset, empty or `1` yes; `0` no (each skipped check then prints
/// a `SKIPPED:` line, which `scripts/test.sh` counts at the end). Any other value is an error,
/// so that a typo (`yes`, `true`) cannot quietly turn the requirement off. A check is never
/// skipped unless skipping was asked for: a plain `cargo test` without an oracle fails, naming
/// it and how to install it.
pub fn required() -> Result<bool, String> {
    parse_required(std::env::var(REQUIRE_ENV).ok().as_deref())
}

fn parse_required(v: Option<&str>) -> Result<bool, String> {
    match v.map(str::trim) {
        Some("0") => Ok(false),
        None | Some("" | "1") => Ok(true),
        Some(other) => Err(format!(
            "{REQUIRE_ENV}={other}: expected 1 (a missing oracle fails) or 0 (it is skipped)"
        )),
    }
}

/// The Python interpreter of the oracles: `$PYTHON`, else `python3`.
pub fn python() -> String {
    std::env::var(PYTHON_ENV)
        .ok()
        .filter(|p| !p.trim().is_empty())
        .unwrap_or_else(|| "python3".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_reading_of_the_requirement() {
        assert_eq!(parse_required(None), Ok(true));
        assert_eq!(parse_required(Some("")), Ok(true));
        assert_eq!(parse_required(Some("0")), Ok(false));
        assert_eq!(parse_required(Some("1")), Ok(true));
        assert_eq!(parse_required(Some(" 1\n")), Ok(true));
        for bad in ["yes", "true", "2", "on"] {
            let e = parse_required(Some(bad)).unwrap_err();
            assert!(e.starts_with(&format!("{REQUIRE_ENV}={bad}: ")), "{e}");
        }
    }
}
