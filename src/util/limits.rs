//! The ranges of numbers a user gives: seconds (time limits and timeouts) and memory (tables).
//!
//! Every time limit (`time_limit` of an experiment, `gate --timeout`, the `timeout=` of `ext:`
//! and `uci:` specs, `TREEBENCH_TIMEOUT`) is a number of seconds in `(0, MAX_SECONDS]`;
//! anything else (0, a negative number, NaN, infinity, `1e20`) is refused with the key's name
//! and the range, before a [`Duration`] is made from it (`Duration::from_secs_f64` panics past
//! `u64::MAX` seconds). A table is allocated only when it fits the memory the machine has
//! available ([`check_fits`]).

use std::time::Duration;

/// The longest time limit: 30 days, far beyond any solve a benchmark waits for.
pub const MAX_SECONDS: f64 = 30.0 * 24.0 * 3600.0;

/// `secs` as a duration, or why not: `what` names the key or flag in the message.
pub fn seconds(what: &str, secs: f64) -> Result<Duration, String> {
    if secs.is_finite() && secs > 0.0 && secs <= MAX_SECONDS {
        Ok(Duration::from_secs_f64(secs))
    } else {
        Err(format!(
            "{what} {secs}: expected a number of seconds above 0 and at most {MAX_SECONDS} (30 days)"
        ))
    }
}

/// [`seconds`] of a text (a spec option, an environment variable).
pub fn seconds_text(what: &str, text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) => seconds(what, s),
        Err(_) => Err(format!(
            "{what} `{text}`: expected a number of seconds above 0 and at most {MAX_SECONDS} (30 days)"
        )),
    }
}

/// The memory available to a new allocation in bytes: `MemAvailable` of `/proc/meminfo`
/// (Linux), `None` where it cannot be read.
#[must_use]
pub fn available_memory() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    meminfo_available(&text)
}

/// This process's virtual memory in bytes (`/proc/self/statm`, Linux; 0 where it cannot be
/// read): what was allocated, touched or not, so the growth over building engines is what they
/// reserve.
#[must_use]
pub fn virtual_size() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse::<u64>().ok())
        .map_or(0, |pages| pages.saturating_mul(4096))
}

/// `MemAvailable` of a `/proc/meminfo` text, in bytes.
fn meminfo_available(text: &str) -> Option<u64> {
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Refuse a table of `bytes` (named `what`, e.g. "option `tt=32`") that does not fit the
/// available memory, before it is allocated (the allocator would abort the process).
pub fn check_fits(what: &str, bytes: u128) -> Result<(), String> {
    check_fits_in(what, bytes, available_memory())
}

fn check_fits_in(what: &str, bytes: u128, available: Option<u64>) -> Result<(), String> {
    let fits = match available {
        Some(a) => bytes <= u128::from(a),
        None => bytes <= u128::from(usize::MAX as u64 / 2),
    };
    if fits {
        return Ok(());
    }
    let avail = available.map_or("unknown".to_string(), mib);
    Err(format!(
        "{what}: the table needs {} and this machine has {avail} available",
        mib_u128(bytes)
    ))
}

fn mib(bytes: u64) -> String {
    mib_u128(u128::from(bytes))
}

fn mib_u128(bytes: u128) -> String {
    if bytes >= 1 << 30 {
        format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
    } else {
        format!("{:.1} MiB", bytes as f64 / f64::from(1u32 << 20))
    }
}

/// The most values a range may give (`"2-1000000000:1"` is refused before it is expanded).
pub const MAX_RANGE_VALUES: u64 = 10_000;

/// `"8-14"` (inclusive) or `"8-20:2"` (with a step), at most [`MAX_RANGE_VALUES`] values.
pub fn parse_range(s: &str) -> Result<Vec<u32>, String> {
    let bad = || format!("`{s}` is not a list or a range like \"8-14\" or \"8-20:2\"");
    let (range, step) = s.split_once(':').unwrap_or((s, "1"));
    let (a, b) = range.split_once('-').ok_or_else(bad)?;
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    let step: u32 = step.trim().parse().map_err(|_| bad())?;
    if step == 0 || a > b {
        return Err(bad());
    }
    let count = u64::from(b - a) / u64::from(step) + 1;
    if count > MAX_RANGE_VALUES {
        return Err(format!(
            "`{s}` gives {count} values; a range gives at most {MAX_RANGE_VALUES}"
        ));
    }
    Ok((a..=b).step_by(step as usize).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_range_is_refused_before_it_is_expanded() {
        let e = parse_range("2-1000000000:1").unwrap_err();
        assert!(e.contains("999999999 values") && e.contains("10000"), "{e}");
        assert_eq!(parse_range("2-1000000000:100000000").unwrap().len(), 10);
        assert_eq!(parse_range("1-10000").unwrap().len(), 10_000);
    }

    #[test]
    fn seconds_refuse_what_a_duration_cannot_hold() {
        for bad in [
            0.0,
            -1.0,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            1e20,
            1e300,
        ] {
            let e = seconds("key `time_limit`", bad).unwrap_err();
            assert!(
                e.starts_with("key `time_limit` ") && e.contains("30 days"),
                "{e}"
            );
        }
        assert_eq!(seconds("x", 1.5), Ok(Duration::from_millis(1500)));
        assert!(seconds("x", MAX_SECONDS).is_ok());
        assert!(seconds_text("x", "1e20").is_err());
        assert!(seconds_text("x", "abc").is_err());
        assert_eq!(seconds_text("x", " 2 "), Ok(Duration::from_secs(2)));
    }

    #[test]
    fn tables_must_fit_the_available_memory() {
        let text = "MemTotal: 100 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(meminfo_available(text), Some(2 << 20));
        assert!(check_fits_in("t", 2 << 20, Some(2 << 20)).is_ok());
        let e = check_fits_in("option `tt=32`", 32 << 30, Some(2 << 30)).unwrap_err();
        assert_eq!(
            e,
            "option `tt=32`: the table needs 32.0 GiB and this machine has 2.0 GiB available"
        );
        assert!(check_fits_in("t", u128::MAX, None).is_err());
    }
}
