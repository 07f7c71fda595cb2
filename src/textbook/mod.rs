//! The textbook report: the published node counts of the classic searches over tic-tac-toe and
//! uniform random trees, and UCT's losses against perfect play, next to ours.
//!
//! The games live in [`crate::game`] and the searches and engines in
//! [`crate::engine::textbook`]; this module only runs the experiments and writes the report.

pub mod drivers;
mod headline;
pub mod report;
pub mod uct_match;

pub use report::{textbook_report, Part, ReportOptions, TextbookReport};
