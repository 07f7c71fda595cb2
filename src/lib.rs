//! treebench: benchmark and verify game-tree search engines.
//!
//! Data flows one way: positions ([`game`], [`runner::positions`]) → engines ([`engine`]) →
//! records ([`runner::record`]) → statistics ([`stats`]) → tables and figures ([`render`]).
//! [`verify`] checks engines against each other and against independent oracles, [`gate`]
//! turns a paired comparison into a CI verdict, and [`textbook`] reports the published node
//! counts of the small reference games ([`game`]) next to ours ([`engine::textbook`]).

pub mod analysis;
pub mod engine;
pub mod game;
pub mod gate;
pub mod render;
pub mod runner;
pub mod stats;
pub mod textbook;
pub mod verify;
