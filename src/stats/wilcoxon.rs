//! The Wilcoxon signed-rank test on paired differences, as scipy.stats.wilcoxon and R's
//! wilcox.test compute it, with the Hodges–Lehmann estimate and its confidence interval.

use super::StatsError;

/// How zero differences are treated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ZeroMethod {
    /// Drop zeros before ranking (R, scipy's default).
    #[default]
    Wilcox,
    /// Rank zeros with the others, then drop their ranks.
    Pratt,
    /// Rank zeros with the others and split their ranks between the signs.
    Zsplit,
}

/// The alternative hypothesis about the location of the differences `x - y`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Alternative {
    #[default]
    TwoSided,
    /// The differences tend to be positive (`x` larger).
    Greater,
    /// The differences tend to be negative (`x` smaller).
    Less,
}

/// How the p-value is computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Method {
    /// Exact when n ≤ 50 with no ties and no zeros, asymptotic otherwise (scipy's `auto`).
    #[default]
    Auto,
    Exact,
    Asymptotic,
}

/// Options of [`wilcoxon`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WilcoxonOptions {
    pub zero_method: ZeroMethod,
    pub alternative: Alternative,
    pub method: Method,
    /// Continuity correction in the normal approximation.
    pub correction: bool,
    /// Confidence level of the Hodges–Lehmann interval (e.g. 0.95).
    pub confidence: f64,
}

impl Default for WilcoxonOptions {
    fn default() -> Self {
        Self {
            zero_method: ZeroMethod::Wilcox,
            alternative: Alternative::TwoSided,
            method: Method::Auto,
            correction: false,
            confidence: 0.95,
        }
    }
}

/// The outcome of [`wilcoxon`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WilcoxonResult {
    /// Number of differences that entered the ranking (after the zero method).
    pub n: usize,
    /// T+, the sum of the ranks of the positive differences (R's `V`).
    pub statistic: f64,
    pub p_value: f64,
    /// The standardised statistic of the normal approximation, when it was used.
    pub z: Option<f64>,
    /// `Method::Exact` or `Method::Asymptotic`: what was actually used.
    pub method: Method,
    /// Hodges–Lehmann estimate: the median of the Walsh averages of the differences.
    pub estimate: f64,
    /// Confidence interval of the location of the differences at `confidence`.
    pub ci: (f64, f64),
    pub confidence: f64,
}

/// The signed-rank test on the differences `d`.
pub fn wilcoxon(d: &[f64], opts: &WilcoxonOptions) -> Result<WilcoxonResult, StatsError> {
    let _ = (d, opts);
    unimplemented!("stats helper implements this")
}

/// The signed-rank test on paired samples: the differences `x[i] - y[i]`.
pub fn wilcoxon_paired(
    x: &[f64],
    y: &[f64],
    opts: &WilcoxonOptions,
) -> Result<WilcoxonResult, StatsError> {
    if x.len() != y.len() {
        return Err(StatsError::Invalid(format!(
            "paired samples differ in length: {} vs {}",
            x.len(),
            y.len()
        )));
    }
    let d: Vec<f64> = x.iter().zip(y).map(|(a, b)| a - b).collect();
    wilcoxon(&d, opts)
}
