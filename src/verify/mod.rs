//! Verification: independent oracles (BitBully's opening books) to check engines against.

pub mod book;
