//! The paired runner: experiments, seeded positions, records.

pub mod positions;
pub mod record;
