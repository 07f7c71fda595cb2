//! The paired runner: experiments, seeded positions, records.

pub mod consistency;
pub mod engine_list;
pub mod experiment;
pub mod fresh;
pub mod lock;
pub mod match_play;
pub mod measure;
pub mod merge;
pub mod meta;
pub mod move_values;
pub mod paired;
pub mod positions;
pub mod quality;
pub mod record;
pub mod variants;
