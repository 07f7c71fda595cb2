//! Verification: engines checked against each other, against the score convention and against
//! independent oracles (BitBully's books and solver, brute force on small boards).

pub mod boards;
pub mod book;
pub mod books;
pub mod brute;
pub mod chance;
pub mod chance_open;
pub mod checks;
pub mod chess;
mod full_book;
pub mod generic;
pub mod open;
pub mod oracle;
pub mod parallel;
pub mod report;
pub mod sized;
pub mod structure;
pub mod suite;

pub use report::VerifyReport;
pub use suite::{run, VerifyError, VerifyOptions};
