//! Experiment files (TOML): what to compare, on which positions, how often.
//!
//! ```toml
//! name = "mtdf-vs-negamax"          # results go to results/<name>.csv
//! seed = 2024                       # positions depend on (seed, ply, index) only
//! plies = "8-20:2"                  # or a list: [8, 10, 12]
//! positions = 30                    # distinct positions per ply
//! engines = ["negamax", "mtdf"]     # two or more engine specs; the first is the baseline
//! repeats = 1                       # solves per position and engine
//! exclude_immediate_win = true      # drop positions the side to move wins at once
//! min_nodes = 0                     # drop positions every engine solves in fewer nodes
//! time_limit = 60.0                 # seconds per solve; a position over it is skipped
//! game = "connect4"                 # or "tictactoe", "tree:b=5,d=9"
//! ```

use crate::game::GameKind;
use serde::Deserialize;
use std::path::Path;
use thiserror::Error;

/// Why an experiment file was refused.
#[derive(Debug, Error)]
pub enum ExperimentError {
    #[error("cannot read experiment file {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("experiment file {path}: {message}")]
    Invalid { path: String, message: String },
}

/// Plies as written in the file: a list or a range string.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum PliesSpec {
    List(Vec<u32>),
    Range(String),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExperiment {
    name: String,
    seed: u64,
    plies: PliesSpec,
    positions: u32,
    engines: Vec<String>,
    #[serde(default)]
    description: Option<String>,
    #[serde(default)]
    repeats: Option<u32>,
    #[serde(default)]
    exclude_immediate_win: Option<bool>,
    #[serde(default)]
    min_nodes: Option<u64>,
    #[serde(default)]
    time_limit: Option<f64>,
    #[serde(default)]
    game: Option<String>,
}

/// A validated experiment.
#[derive(Debug, Clone, PartialEq)]
pub struct Experiment {
    pub name: String,
    pub description: Option<String>,
    pub seed: u64,
    pub plies: Vec<u32>,
    pub positions: u32,
    /// Engine specs; the first is the baseline of comparisons.
    pub engines: Vec<String>,
    pub repeats: u32,
    pub exclude_immediate_win: bool,
    pub min_nodes: u64,
    /// Seconds per solve.
    pub time_limit: Option<f64>,
    pub game: GameKind,
    /// The file's text, recorded in the run's metadata.
    pub source: String,
}

/// The built-in quick experiment `treebench run` uses without an argument.
pub const DEFAULT_EXPERIMENT: &str = include_str!("../../experiments/default.toml");

impl Experiment {
    /// Read and validate an experiment file.
    pub fn load(path: &Path) -> Result<Self, ExperimentError> {
        let text = std::fs::read_to_string(path).map_err(|source| ExperimentError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Self::parse(&text, &path.display().to_string())
    }

    /// The built-in default experiment.
    #[must_use]
    pub fn default_experiment() -> Self {
        Self::parse(DEFAULT_EXPERIMENT, "<built-in default>")
            .expect("the built-in experiment is valid")
    }

    /// Parse and validate the text of an experiment file; `origin` names it in errors.
    pub fn parse(text: &str, origin: &str) -> Result<Self, ExperimentError> {
        let invalid = |message: String| ExperimentError::Invalid {
            path: origin.to_string(),
            message,
        };
        let raw: RawExperiment =
            toml::from_str(text).map_err(|e| invalid(e.to_string().trim().replace('\n', " ")))?;
        if raw.name.is_empty()
            || !raw
                .name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
        {
            return Err(invalid(format!(
                "key `name`: `{}` must be non-empty and use only letters, digits, '-', '_' and '.' (it names the results file)",
                raw.name
            )));
        }
        let game = match &raw.game {
            None => GameKind::Connect4,
            Some(g) => GameKind::parse(g).map_err(|e| invalid(format!("key `game`: {e}")))?,
        };
        let plies = match &raw.plies {
            PliesSpec::List(v) => v.clone(),
            PliesSpec::Range(s) => {
                parse_range(s).map_err(|e| invalid(format!("key `plies`: {e}")))?
            }
        };
        if plies.is_empty() {
            return Err(invalid("key `plies`: no plies given".into()));
        }
        if let Some(p) = plies.iter().find(|&&p| p >= game.max_ply()) {
            return Err(invalid(format!(
                "key `plies`: ply {p} leaves no move to search ({} has at most {} plies)",
                game,
                game.max_ply()
            )));
        }
        let mut sorted = plies.clone();
        sorted.sort_unstable();
        sorted.dedup();
        if sorted.len() != plies.len() {
            return Err(invalid("key `plies`: a ply is listed twice".into()));
        }
        if raw.positions == 0 {
            return Err(invalid("key `positions`: must be at least 1".into()));
        }
        if raw.engines.len() < 2 {
            return Err(invalid(format!(
                "key `engines`: a comparison needs two or more engine specs, got {}",
                raw.engines.len()
            )));
        }
        let mut seen = std::collections::HashSet::new();
        for e in &raw.engines {
            if !seen.insert(e) {
                return Err(invalid(format!("key `engines`: `{e}` is listed twice")));
            }
        }
        let repeats = raw.repeats.unwrap_or(1);
        if repeats == 0 {
            return Err(invalid("key `repeats`: must be at least 1".into()));
        }
        if let Some(t) = raw.time_limit {
            if !(t.is_finite() && t > 0.0) {
                return Err(invalid(format!(
                    "key `time_limit`: {t} is not a positive number of seconds"
                )));
            }
        }
        Ok(Experiment {
            name: raw.name,
            description: raw.description,
            seed: raw.seed,
            plies,
            positions: raw.positions,
            engines: raw.engines,
            repeats,
            exclude_immediate_win: raw.exclude_immediate_win.unwrap_or(true),
            min_nodes: raw.min_nodes.unwrap_or(0),
            time_limit: raw.time_limit,
            game,
            source: text.to_string(),
        })
    }

    /// A stable hash of the file's text (FNV-1a, 64 bits, hex), recorded in the metadata so a
    /// resumed run can refuse a changed experiment.
    #[must_use]
    pub fn hash(&self) -> String {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in self.source.bytes() {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        format!("{h:016x}")
    }
}

/// `"8-14"` (inclusive) or `"8-20:2"` (with a step).
fn parse_range(s: &str) -> Result<Vec<u32>, String> {
    let bad = || format!("`{s}` is not a list or a range like \"8-14\" or \"8-20:2\"");
    let (range, step) = s.split_once(':').unwrap_or((s, "1"));
    let (a, b) = range.split_once('-').ok_or_else(bad)?;
    let a: u32 = a.trim().parse().map_err(|_| bad())?;
    let b: u32 = b.trim().parse().map_err(|_| bad())?;
    let step: u32 = step.trim().parse().map_err(|_| bad())?;
    if step == 0 || a > b {
        return Err(bad());
    }
    Ok((a..=b).step_by(step as usize).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = r#"
name = "t"
seed = 1
plies = "8-12:2"
positions = 3
engines = ["negamax", "mtdf"]
"#;

    #[test]
    fn parses_and_defaults() {
        let e = Experiment::parse(OK, "t.toml").unwrap();
        assert_eq!(e.plies, vec![8, 10, 12]);
        assert_eq!(e.repeats, 1);
        assert!(e.exclude_immediate_win);
        assert_eq!(e.game, GameKind::Connect4);
        assert_eq!(e.hash().len(), 16);
        let _ = Experiment::default_experiment();
    }

    #[test]
    fn errors_name_the_key() {
        let cases = [
            (
                OK.replace("positions = 3", "positions = 3\ncolour = 1"),
                "colour",
            ),
            (OK.replace("\"8-12:2\"", "\"12-8\""), "plies"),
            (
                OK.replace("[\"negamax\", \"mtdf\"]", "[\"mtdf\"]"),
                "engines",
            ),
            (OK.replace("positions = 3", "positions = 0"), "positions"),
            (OK.replace("seed = 1", "seed = \"x\""), "seed"),
            (OK.replace("\"8-12:2\"", "[8, 42]"), "plies"),
            (OK.replace("name = \"t\"", "name = \"a/b\""), "name"),
            (
                OK.replace("positions = 3", "positions = 3\ntime_limit = -1"),
                "time_limit",
            ),
        ];
        for (text, key) in cases {
            let e = Experiment::parse(&text, "t.toml").unwrap_err().to_string();
            assert!(e.contains(key), "{key}: {e}");
            assert!(!e.contains('\n'), "one line: {e}");
        }
    }
}
