//! The paired runner: experiments, seeded positions, records.

pub mod record;
