//! Number and unit formatting shared by the reports, tables and figures.

use std::time::Duration;

/// A count with thousands separators: `1234567` → `1,234,567`.
#[must_use]
pub fn thousands(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A finite, non-zero `x` in plain notation with `digits` significant digits (fewer decimals
/// are never cut: `1234.5` with 3 digits is `1235`).
#[must_use]
pub fn sig_digits(x: f64, digits: u32) -> String {
    let decimals = (digits as i32 - 1 - x.abs().log10().floor() as i32).max(0) as usize;
    format!("{x:.decimals$}")
}

/// A number with 3 significant digits, plain notation between 0.001 and 10^6 (`–` for NaN).
#[must_use]
pub fn sig3(x: f64) -> String {
    if !x.is_finite() {
        return if x.is_nan() {
            "–".into()
        } else {
            format!("{x}")
        };
    }
    if x == 0.0 {
        return "0".into();
    }
    let a = x.abs();
    if !(1e-3..1e6).contains(&a) {
        return format!("{x:.2e}");
    }
    sig_digits(x, 3)
}

/// P-values below this are shown as "< 1e-6": the normal approximation's tail is not accurate
/// beyond it, and no conclusion changes.
pub const P_FLOOR: f64 = 1e-6;

/// A p-value for print, the one format of every report: "< 1e-6" below [`P_FLOOR`], else two
/// significant digits ("0.043", "3.2e-4", "1"); "–" for NaN (no test).
#[must_use]
pub fn fmt_p(p: f64) -> String {
    if p.is_nan() {
        "–".into()
    } else if p < P_FLOOR {
        "< 1e-6".into()
    } else if p < 1e-3 {
        format!("{p:.1e}")
    } else if p >= 0.995 {
        "1".into()
    } else {
        let decimals = (1 - p.log10().floor() as i32).max(0) as usize;
        format!("{p:.decimals$}")
    }
}

/// `1.23 s`, `45 ms`, `3 min 07 s`, `2 h 05 min`.
#[must_use]
pub fn fmt_duration(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 3600.0 {
        let m = (s / 60.0).round() as u64;
        format!("{} h {:02} min", m / 60, m % 60)
    } else if s >= 60.0 {
        format!("{} min {:02} s", (s / 60.0) as u64, (s % 60.0) as u64)
    } else if s >= 1.0 {
        format!("{s:.2} s")
    } else {
        format!("{:.0} ms", s * 1000.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn number_formats() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(sig3(1234.5678), "1235");
        assert_eq!(sig3(12.345), "12.3");
        assert_eq!(sig3(0.012345), "0.0123");
        assert_eq!(sig3(-2.5), "-2.50");
        assert_eq!(sig3(0.0), "0");
        assert_eq!(sig3(f64::NAN), "–");
        assert_eq!(sig3(2.0e7), "2.00e7");
        assert_eq!(sig_digits(0.001002, 4), "0.001002");
        assert_eq!(sig_digits(3.0, 4), "3.000");
        assert_eq!(sig_digits(12345.6, 4), "12346");
        assert_eq!(fmt_p(0.04321), "0.043");
        assert_eq!(fmt_p(0.00001234), "1.2e-5");
        assert_eq!(fmt_p(0.0), "< 1e-6");
    }

    #[test]
    fn durations() {
        assert_eq!(fmt_duration(Duration::from_millis(45)), "45 ms");
        assert_eq!(fmt_duration(Duration::from_millis(1230)), "1.23 s");
        assert_eq!(fmt_duration(Duration::from_secs(187)), "3 min 07 s");
        assert_eq!(
            fmt_duration(Duration::from_secs(2 * 3600 + 5 * 60)),
            "2 h 05 min"
        );
    }
}
