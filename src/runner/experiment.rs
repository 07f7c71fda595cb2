//! Experiment files (TOML): what to compare, on which positions, how often.
//!
//! ```toml
//! name = "mtdf-vs-negamax"          # results go to results/<name>.csv
//! seed = 2024                       # positions depend on (seed, ply, index) only
//! plies = "8-20:2"                  # or a list: [8, 10, 12]
//! positions = 30                    # distinct positions per ply
//! engines = ["negamax", "mtdf"]     # two or more engine specs; the first is the baseline; an
//!                                   # entry { spec = "mtdf", label = "MTD(f)" } gives a label
//! repeats = 1                       # solves per position and engine
//! exclude_immediate_win = true      # drop positions the side to move wins at once
//! min_nodes = 0                     # drop positions every engine solves in fewer nodes
//! time_limit = 60.0                 # seconds per solve; a position over it is skipped
//! game = "connect4"                 # 7x6; or "connect4:6x5", "tictactoe", "tree:b=5,d=9", "chess"
//! agreement = "exact"               # default for Connect-4; "report" (chess's default) records
//!                                   # and counts differing scores instead of stopping
//! positions_file = "suite.epd"      # positions from a file instead of seeded ones: chess FEN/EPD,
//!                                   # or Connect-4 `MOVES SCORE` lines (Pons' test sets), whose
//!                                   # scores are checked as an oracle
//! ```
//!
//! `game` may also be a list, `game = ["connect4:5x4", "connect4:6x5"]`: the file then holds one
//! experiment per game ([`Experiment::parse_all`]), each named `<name>-<game>` (the board size for
//! Connect-4: `boards-5x4`) and written to its own results file, with the same seed, plies,
//! positions and engines. Plies must leave a move on every board of the list.

use super::positions::Drawn;
use super::variants::{AblationSpec, Plan, SweepSpec};
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

/// The most positions per ply an experiment may ask for: far more than a run can solve, and few
/// enough that drawing them fits in memory.
pub const MAX_POSITIONS: u32 = 1_000_000;
/// The most repeats per position and engine.
pub const MAX_REPEATS: u32 = 10_000;

/// Plies as written in the file: a list of plies or a range string.
fn plies_of(value: &toml::Value) -> Result<Vec<u32>, String> {
    match value {
        toml::Value::Array(items) => items
            .iter()
            .map(|v| match v {
                toml::Value::Integer(i) => u32::try_from(*i)
                    .map_err(|_| format!("{i} is not a ply (a number of moves, 0 or more)")),
                other => Err(format!(
                    "{other} is not a ply (a number of moves, 0 or more)"
                )),
            })
            .collect(),
        toml::Value::String(s) => crate::util::limits::parse_range(s),
        other => Err(format!(
            "{other} is not a list like [8, 10] or a range like \"8-14\" or \"8-20:2\""
        )),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawExperiment {
    name: String,
    seed: u64,
    #[serde(default)]
    plies: Option<toml::Value>,
    #[serde(default)]
    positions: Option<u32>,
    #[serde(default)]
    engines: Vec<super::engine_list::EngineEntry>,
    #[serde(default)]
    ablation: Option<AblationSpec>,
    #[serde(default)]
    sweep: Option<SweepSpec>,
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
    game: Option<toml::Value>,
    #[serde(default)]
    agreement: Option<String>,
    #[serde(default)]
    positions_file: Option<String>,
    #[serde(default)]
    quality: Option<super::quality::QualitySpec>,
}

/// What a difference between the engines' scores on one position means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Agreement {
    /// Exact solvers must agree: a difference stops the run (exit status 3).
    Exact,
    /// Heuristic engines (chess at a fixed depth) may differ: differences are recorded, counted
    /// and reported as an agreement rate per pair and ply.
    Report,
}

impl Agreement {
    /// The default of a game: `report` for chess, `exact` for every solved game.
    #[must_use]
    pub fn default_for(game: GameKind) -> Self {
        match game {
            GameKind::Chess => Agreement::Report,
            _ => Agreement::Exact,
        }
    }

    fn parse(s: &str) -> Result<Self, String> {
        match s {
            "exact" => Ok(Agreement::Exact),
            "report" => Ok(Agreement::Report),
            _ => Err(format!("`{s}`: expected \"exact\" or \"report\"")),
        }
    }
}

impl std::fmt::Display for Agreement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Agreement::Exact => "exact",
            Agreement::Report => "report",
        })
    }
}

/// The positions of a positions file as drawn positions, index = the position's place in the
/// file, at most `max` of them: for chess, a FEN/EPD file (ply = the FEN's game ply, moves = the
/// FEN); for Connect-4, Pons' `MOVES SCORE` lines (ply = the number of moves, the score kept as
/// the position's known score); for a game added in one file, a known-values file
/// (`POSITION<TAB>VALUE[<TAB>PLY]`, ply 0 where not given), each value kept as the known score.
pub fn file_positions(path: &str, game: GameKind, max: Option<u32>) -> Result<Vec<Drawn>, String> {
    let take = |n: usize| max.map_or(n, |m| (m as usize).min(n));
    let drawn = |i: usize, ply: u32, moves: String, known: Option<i32>| Drawn {
        ply,
        index: i as u32,
        moves,
        known,
        suite: None,
    };
    match game {
        GameKind::Chess => {
            let ps = crate::game::chess::epd::read_positions(Path::new(path))?;
            let n = take(ps.len());
            Ok(ps
                .into_iter()
                .take(n)
                .enumerate()
                .map(|(i, p)| {
                    let ply = crate::game::chess::ChessPosition::from_fen(&p.fen)
                        .map_or(0, |c| c.game_ply());
                    let suite = (!p.best.is_empty() || !p.avoid.is_empty()).then(|| {
                        super::positions::SuiteMoves {
                            best: p.best,
                            avoid: p.avoid,
                        }
                    });
                    Drawn {
                        suite,
                        ..drawn(i, ply, p.fen, None)
                    }
                })
                .collect())
        }
        GameKind::Connect4(board) => {
            let ps = crate::game::connect4::suite::read_positions(Path::new(path), board)?;
            let n = take(ps.len());
            Ok(ps
                .into_iter()
                .take(n)
                .enumerate()
                .map(|(i, p)| drawn(i, p.moves.chars().count() as u32, p.moves, Some(p.score)))
                .collect())
        }
        GameKind::Open(def) => {
            let ps = if path.ends_with(".obf") && def.name.starts_with("othello") {
                crate::game::othello::obf::read_known(Path::new(path))?
            } else {
                crate::game::open::read_known_values(Path::new(path))?
            };
            let n = take(ps.len());
            Ok(ps
                .into_iter()
                .take(n)
                .enumerate()
                .map(|(i, k)| drawn(i, k.ply.unwrap_or(0), k.position, Some(k.value)))
                .collect())
        }
        other => Err(format!(
            "needs game = \"chess\", a Connect-4 board or a game added in one file (a known-values file), not `{other}`"
        )),
    }
}

/// The experiment's name: non-empty, letters, digits, `-`, `_` and `.` (it names the results
/// file).
fn check_name(name: &str) -> Result<(), String> {
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.".contains(c))
    {
        return Err(format!(
            "key `name`: `{name}` must be non-empty and use only letters, digits, '-', '_' and '.' (it names the results file)"
        ));
    }
    Ok(())
}

/// The plies and the positions per ply: from the keys, else from the positions file; every ply
/// once and below the game's longest game, at least one position and not more than fit.
fn plies_and_positions(
    raw: &RawExperiment,
    games: &[GameKind],
    file: Option<&[Drawn]>,
) -> Result<(Vec<u32>, u32), String> {
    let plies = match (&raw.plies, file) {
        (Some(p), _) => plies_of(p).map_err(|e| format!("key `plies`: {e}"))?,
        (None, Some(fp)) => {
            let mut p: Vec<u32> = fp.iter().map(|d| d.ply).collect();
            p.sort_unstable();
            p.dedup();
            p
        }
        (None, None) => return Err("missing key `plies`".into()),
    };
    let positions = match (raw.positions, file) {
        (Some(n), _) => n,
        (None, Some(fp)) => fp.len() as u32,
        (None, None) => return Err("missing key `positions`".into()),
    };
    if plies.is_empty() {
        return Err("key `plies`: no plies given".into());
    }
    for game in games.iter().filter(|_| file.is_none()) {
        if let Some(p) = plies.iter().find(|&&p| p >= game.max_ply()) {
            return Err(format!(
                "key `plies`: ply {p} leaves no move to search ({} has at most {} plies)",
                game,
                game.max_ply()
            ));
        }
    }
    let mut sorted = plies.clone();
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() != plies.len() {
        return Err("key `plies`: a ply is listed twice".into());
    }
    if positions == 0 {
        return Err("key `positions`: must be at least 1".into());
    }
    if positions > MAX_POSITIONS {
        return Err(format!(
            "key `positions`: {positions} positions per ply cannot fit (at most {MAX_POSITIONS})"
        ));
    }
    Ok((plies, positions))
}

/// The engines: the listed specs, then an ablation's or sweep's variants, or a quality run's
/// budget points; two or more for a comparison, one or more for a quality run, none twice.
#[allow(clippy::type_complexity)]
fn engines_of(
    raw: &RawExperiment,
    games: &[GameKind],
) -> Result<(Vec<String>, Option<Plan>, Option<super::quality::Quality>), String> {
    let plan = super::variants::plan(raw.ablation.as_ref(), raw.sweep.as_ref())?;
    let mut engines = super::engine_list::specs(&raw.engines)?;
    if let Some(p) = &plan {
        engines.extend(p.variants().iter().map(|v| v.spec.clone()));
    }
    let quality = match (&raw.quality, &plan) {
        (Some(_), Some(_)) => {
            return Err("[quality] sweeps its budgets itself: drop [ablation]/[sweep]".into())
        }
        (Some(_), None) if games.len() > 1 => {
            return Err("[quality]: a quality run takes one game".into())
        }
        (Some(q), None) => {
            let q = super::quality::Quality::new(q, games[0])?;
            engines.extend(q.points.iter().map(|p| p.spec.clone()));
            Some(q)
        }
        (None, _) => None,
    };
    if quality.is_some() && engines.is_empty() {
        return Err("key `engines`: a quality run needs an engine (or a [quality] sweep)".into());
    }
    if quality.is_none() && engines.len() < 2 {
        return Err(format!(
            "key `engines`: a comparison needs two or more engine specs, got {}",
            engines.len()
        ));
    }
    let mut seen = std::collections::HashSet::new();
    for e in &engines {
        if !seen.insert(e) {
            return Err(format!("key `engines`: `{e}` is listed twice"));
        }
    }
    Ok((engines, plan, quality))
}

/// The games of the `game` key: one name or a list of names.
fn games_of(value: Option<&toml::Value>) -> Result<Vec<GameKind>, String> {
    let one = |v: &toml::Value| match v {
        toml::Value::String(g) => GameKind::parse(g),
        other => Err(format!("{other} is not a game name like \"connect4:6x5\"")),
    };
    match value {
        None => Ok(vec![GameKind::CONNECT4]),
        Some(toml::Value::Array(items)) if items.is_empty() => Err("no games given".into()),
        Some(toml::Value::Array(items)) => {
            let games = items.iter().map(one).collect::<Result<Vec<_>, _>>()?;
            for (i, g) in games.iter().enumerate() {
                if games[..i].contains(g) {
                    return Err(format!("`{g}` is listed twice"));
                }
            }
            Ok(games)
        }
        Some(v) => Ok(vec![one(v)?]),
    }
}

/// The name suffix of a game in a list: the board size for Connect-4 (`6x5`), else the game's
/// name with other characters than letters, digits, `-`, `_`, `.` as `-`.
fn game_suffix(game: GameKind) -> String {
    match game {
        GameKind::Connect4(b) => b.to_string(),
        g => g
            .to_string()
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || "_.".contains(c) {
                    c
                } else {
                    '-'
                }
            })
            .collect(),
    }
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
    /// Whether differing scores stop the run or are counted.
    pub agreement: Agreement,
    /// The positions of `positions_file` (chess), instead of seeded ones.
    pub file_positions: Option<Vec<Drawn>>,
    /// The file's text, recorded in the run's metadata.
    pub source: String,
    /// The `[ablation]` or `[sweep]` design whose variants are the engines (after any listed
    /// in `engines`); `None` for a plain comparison.
    pub plan: Option<Plan>,
    /// A quality run (`[quality]`): every engine chooses a move, a referee judges it
    /// ([`super::quality`]); its sweeps' variants are engines after those listed.
    pub quality: Option<super::quality::Quality>,
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

    /// Read and validate an experiment file that may list several games: one experiment per
    /// game, in the file's order.
    pub fn load_all(path: &Path) -> Result<Vec<Self>, ExperimentError> {
        let text = std::fs::read_to_string(path).map_err(|source| ExperimentError::Io {
            path: path.display().to_string(),
            source,
        })?;
        Self::parse_all(&text, &path.display().to_string())
    }

    /// Parse and validate the text of an experiment file of one game; `origin` names it in
    /// errors. A file with a list of several games is refused (see [`Experiment::parse_all`]).
    pub fn parse(text: &str, origin: &str) -> Result<Self, ExperimentError> {
        let mut all = Self::parse_all(text, origin)?;
        if all.len() > 1 {
            return Err(ExperimentError::Invalid {
                path: origin.to_string(),
                message: format!(
                    "key `game`: lists {} games; this command takes an experiment of one game \
                     (`treebench run` runs each game of a list as its own experiment)",
                    all.len()
                ),
            });
        }
        Ok(all.remove(0))
    }

    /// Parse and validate the text of an experiment file: one experiment per game of its `game`
    /// key (one for a single name), named `<name>-<game>` when the key is a list.
    pub fn parse_all(text: &str, origin: &str) -> Result<Vec<Self>, ExperimentError> {
        let invalid = |message: String| ExperimentError::Invalid {
            path: origin.to_string(),
            message,
        };
        let raw: RawExperiment =
            toml::from_str(text).map_err(|e| invalid(e.to_string().trim().replace('\n', " ")))?;
        check_name(&raw.name).map_err(&invalid)?;
        let games = games_of(raw.game.as_ref()).map_err(|e| invalid(format!("key `game`: {e}")))?;
        let listed = matches!(raw.game, Some(toml::Value::Array(_)));
        let file_positions = match &raw.positions_file {
            None => None,
            Some(f) => {
                let [game] = games[..] else {
                    return Err(invalid(
                        "key `positions_file`: needs one game, not a list".to_string(),
                    ));
                };
                Some(
                    file_positions(f, game, raw.positions)
                        .map_err(|e| invalid(format!("key `positions_file`: {e}")))?,
                )
            }
        };
        let agreement = match &raw.agreement {
            None => None,
            Some(a) => {
                Some(Agreement::parse(a).map_err(|e| invalid(format!("key `agreement`: {e}")))?)
            }
        };
        let (plies, positions) =
            plies_and_positions(&raw, &games, file_positions.as_deref()).map_err(&invalid)?;
        let (engines, plan, quality) = engines_of(&raw, &games).map_err(&invalid)?;
        let repeats = raw.repeats.unwrap_or(1);
        if repeats == 0 {
            return Err(invalid("key `repeats`: must be at least 1".into()));
        }
        if repeats > MAX_REPEATS {
            return Err(invalid(format!(
                "key `repeats`: {repeats} repeats cannot fit (at most {MAX_REPEATS})"
            )));
        }
        if let Some(t) = raw.time_limit {
            crate::util::limits::seconds("key `time_limit`:", t).map_err(invalid)?;
        }
        Ok(games
            .into_iter()
            .map(|game| Experiment {
                name: if listed {
                    format!("{}-{}", raw.name, game_suffix(game))
                } else {
                    raw.name.clone()
                },
                description: raw.description.clone(),
                seed: raw.seed,
                plies: plies.clone(),
                positions,
                engines: engines.clone(),
                repeats,
                exclude_immediate_win: raw.exclude_immediate_win.unwrap_or(true),
                min_nodes: raw.min_nodes.unwrap_or(0),
                time_limit: raw.time_limit,
                game,
                agreement: agreement.unwrap_or(Agreement::default_for(game)),
                file_positions: file_positions.clone(),
                source: text.to_string(),
                plan: plan.clone(),
                quality: quality.clone(),
            })
            .collect())
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
        assert_eq!(e.game, GameKind::CONNECT4);
        assert_eq!(e.agreement, Agreement::Exact);
        assert_eq!(e.hash().len(), 16);
        let chess = OK.replace("positions = 3", "positions = 3\ngame = \"chess\"");
        assert_eq!(
            Experiment::parse(&chess, "t").unwrap().agreement,
            Agreement::Report
        );
        let exact = chess.replace("positions = 3", "positions = 3\nagreement = \"exact\"");
        assert_eq!(
            Experiment::parse(&exact, "t").unwrap().agreement,
            Agreement::Exact
        );
        let _ = Experiment::default_experiment();
    }

    #[test]
    fn boards_and_lists_of_games() {
        let one = OK.replace("positions = 3", "positions = 3\ngame = \"connect4:6x5\"");
        let e = Experiment::parse(&one, "t.toml").unwrap();
        assert_eq!(
            (e.name.as_str(), e.game.to_string().as_str()),
            ("t", "connect4:6x5")
        );
        let list = OK.replace(
            "positions = 3",
            "positions = 3\ngame = [\"connect4:5x4\", \"connect4\", \"tree:b=5,d=20\"]",
        );
        let all = Experiment::parse_all(&list, "t.toml").unwrap();
        let names: Vec<(&str, String)> = all
            .iter()
            .map(|e| (e.name.as_str(), e.game.to_string()))
            .collect();
        assert_eq!(
            names,
            [
                ("t-5x4", "connect4:5x4".to_string()),
                ("t-7x6", "connect4".to_string()),
                ("t-tree-b-5-d-20", "tree:b=5,d=20".to_string())
            ]
        );
        assert!(all
            .iter()
            .all(|e| e.plies == [8, 10, 12] && e.source == list));
        let single = OK.replace("positions = 3", "positions = 3\ngame = [\"connect4:6x5\"]");
        assert_eq!(Experiment::parse(&single, "t").unwrap().name, "t-6x5");
    }

    /// `OK` with the line `extra` added.
    fn with(extra: &str) -> String {
        OK.replace("positions = 3", &format!("positions = 3\n{extra}"))
    }

    /// Each text is refused with one line that contains its key (or message).
    fn assert_refused<S: AsRef<str>>(cases: &[(S, &str)]) {
        for (text, key) in cases {
            let e = Experiment::parse(text.as_ref(), "t.toml")
                .unwrap_err()
                .to_string();
            assert!(e.contains(key), "{key}: {e}");
            assert!(!e.contains('\n'), "one line: {e}");
        }
    }

    #[test]
    fn errors_name_the_key() {
        assert_refused(&[
            (with("colour = 1"), "colour"),
            (OK.replace("\"8-12:2\"", "\"12-8\""), "plies"),
            (
                OK.replace("[\"negamax\", \"mtdf\"]", "[\"mtdf\"]"),
                "engines",
            ),
            (OK.replace("positions = 3", "positions = 0"), "positions"),
            (OK.replace("seed = 1", "seed = \"x\""), "seed"),
            (OK.replace("\"8-12:2\"", "[8, 42]"), "plies"),
            (OK.replace("name = \"t\"", "name = \"a/b\""), "name"),
            (OK.replace("\"8-12:2\"", "[-2]"), "-2 is not a ply"),
            (OK.replace("\"8-12:2\"", "3"), "plies"),
            (
                OK.replace("positions = 3", "positions = 1000000000"),
                "cannot fit",
            ),
            (with("time_limit = -1"), "time_limit"),
            (with("agreement = \"loose\""), "key `agreement`: `loose`"),
            (
                with("time_limit = 1e20"),
                "key `time_limit`: 100000000000000000000: expected a number of seconds",
            ),
        ]);
    }

    #[test]
    fn errors_name_the_game_and_its_positions() {
        assert_refused(&[
            (
                with("game = \"connect4:8x8\""),
                "key `game`: game `connect4:8x8`: board 8x8: does not fit",
            ),
            (with("game = \"connect4:3x6\""), "at least 4"),
            (
                with("game = \"connect4:4x4\"").replace("\"8-12:2\"", "[8, 16]"),
                "ply 16 leaves no move to search (connect4:4x4 has at most 16 plies)",
            ),
            (
                with("game = [\"connect4:5x4\", \"connect4:4x4\"]")
                    .replace("\"8-12:2\"", "[8, 17]"),
                "ply 17 leaves no move to search (connect4:4x4 has at most 16 plies",
            ),
            (
                with("game = [\"connect4:5x4\", \"connect4:5x4\"]"),
                "listed twice",
            ),
            (with("game = []"), "no games"),
            (with("game = [\"connect4:5x4\", 7]"), "7 is not a game name"),
            (
                with("game = [\"connect4:5x4\", \"connect4:6x4\"]"),
                "lists 2 games",
            ),
            (
                with("game = \"tictactoe\"\npositions_file = \"x.epd\""),
                "key `positions_file`: needs game = \"chess\", a Connect-4 board or a game added in one file",
            ),
            (
                with("positions_file = \"/nonexistent/x\""),
                "key `positions_file`: /nonexistent/x: ",
            ),
            (
                with("game = \"chess\"\npositions_file = \"/nonexistent/x.epd\""),
                "key `positions_file`: /nonexistent/x.epd: ",
            ),
        ]);
    }
}
