//! The clocks a solve can be timed on.

use serde::Serialize;

/// A clock for solve times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Clock {
    /// Elapsed time.
    Wall,
    /// CPU time of the calling thread (falls back to wall time where unsupported).
    #[default]
    Cpu,
}

impl std::str::FromStr for Clock {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "wall" => Ok(Clock::Wall),
            "cpu" => Ok(Clock::Cpu),
            _ => Err(format!("clock `{s}`: expected wall or cpu")),
        }
    }
}

impl std::fmt::Display for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Clock::Wall => "wall",
            Clock::Cpu => "cpu",
        })
    }
}
