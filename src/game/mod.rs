//! Games: the Connect-4 board used by the solver, and the game kinds the runner knows.

pub mod connect4;
