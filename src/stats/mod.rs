//! Statistics on paired measurements: the Wilcoxon signed-rank test, Hodges–Lehmann estimate and
//! descriptive summaries. An implementation detail of the reports, not a general library.

pub mod games;
pub mod multiple;
pub mod summary;
pub mod wilcoxon;

use thiserror::Error;

/// Why a statistic could not be computed.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum StatsError {
    /// Fewer observations than the statistic needs.
    #[error("not enough data: {0}")]
    NotEnoughData(String),
    /// NaN or infinite input.
    #[error("non-finite value in the data")]
    NonFinite,
    /// Paired samples of different lengths, or a bad option.
    #[error("invalid input: {0}")]
    Invalid(String),
}
