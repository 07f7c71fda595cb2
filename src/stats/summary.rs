//! Descriptive statistics of a sample: mean, standard deviation, median, geometric mean.

use super::StatsError;

/// Summary of one sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Summary {
    pub n: usize,
    pub mean: f64,
    /// Sample standard deviation (n − 1 denominator); 0 for n = 1.
    pub sd: f64,
    pub median: f64,
    pub min: f64,
    pub max: f64,
}

/// Summarise a sample of finite values.
pub fn summarize(xs: &[f64]) -> Result<Summary, StatsError> {
    let _ = xs;
    unimplemented!("stats helper implements this")
}

/// The median of a sample (mean of the two middle values for even n).
pub fn median(xs: &[f64]) -> Result<f64, StatsError> {
    let _ = xs;
    unimplemented!("stats helper implements this")
}

/// The geometric mean of positive values.
pub fn geometric_mean(xs: &[f64]) -> Result<f64, StatsError> {
    let _ = xs;
    unimplemented!("stats helper implements this")
}
