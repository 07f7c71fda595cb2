//! The referee of quality runs: the exact score of every legal move at a position, from an
//! exact engine's [`Engine::score_moves`] (Connect-4's solver, or a search to the end of any
//! game of the generic core), cached in a file beside the results so that a sweep over budgets
//! (and a second run) solves each position once.
//!
//! The file (`results/<name>.moves.tsv`): a header line
//! `# treebench move values: board 7x6, referee mtdf` (another game: `game NAME`), then one line
//! a position, `POSITION<TAB>4:-2 3:-5 5:-5 ...`: each legal move's text and its exact score for
//! the side to move (Connect-4: Pons' convention, centre first). Lines are appended and flushed one by one, so an
//! interrupted run loses at most the line being written: a torn last line (no newline) is
//! dropped when the file is read again. A file of another board or referee is refused.

use crate::engine::{registry, Engine, GameResult};
use crate::game::GameKind;
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Every legal move of a position with its exact score, centre first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveValues {
    /// `(move, exact score of playing it)` for the side to move.
    pub moves: Vec<(String, i32)>,
}

impl MoveValues {
    /// The position's exact score: the best move's.
    #[must_use]
    pub fn value(&self) -> i32 {
        self.moves
            .iter()
            .map(|m| m.1)
            .max()
            .expect("a position with moves")
    }

    /// The exact score of playing `mv`, `None` when it is not a legal move.
    #[must_use]
    pub fn score_of(&self, mv: &str) -> Option<i32> {
        self.moves.iter().find(|m| m.0 == mv).map(|m| m.1)
    }

    /// The optimal moves (those of the position's score), centre first, space-separated.
    #[must_use]
    pub fn optimal(&self) -> String {
        let v = self.value();
        let best: Vec<&str> = self
            .moves
            .iter()
            .filter(|m| m.1 == v)
            .map(|m| m.0.as_str())
            .collect();
        best.join(" ")
    }

    /// The line of the cache file (without the position).
    fn to_field(&self) -> String {
        let items: Vec<String> = self.moves.iter().map(|(m, s)| format!("{m}:{s}")).collect();
        items.join(" ")
    }

    fn parse_field(text: &str) -> Result<Self, String> {
        let moves = text
            .split_whitespace()
            .map(|item| {
                let (m, s) = item
                    .split_once(':')
                    .ok_or_else(|| format!("`{item}` is not MOVE:SCORE"))?;
                let s = s.parse().map_err(|_| format!("`{item}`: not a score"))?;
                Ok((m.to_string(), s))
            })
            .collect::<Result<Vec<_>, String>>()?;
        if moves.is_empty() {
            return Err("no moves".into());
        }
        Ok(Self { moves })
    }
}

/// The result an exact score means for the side to move: a win above 0, a draw at 0.
#[must_use]
pub fn result_of(score: i32) -> GameResult {
    match score.signum() {
        1 => GameResult::Win,
        0 => GameResult::Draw,
        _ => GameResult::Loss,
    }
}

/// The move values of positions, from the cache file or solved (and appended to it).
pub struct MoveValueCache {
    path: PathBuf,
    known: HashMap<String, MoveValues>,
    file: File,
    referee: Box<dyn Engine>,
    solved: u64,
}

impl MoveValueCache {
    /// Open (or create) the cache file `path` of `game`, solving with the engine `referee`
    /// (an exact one, e.g. `mtdf`).
    pub fn open(path: &Path, game: GameKind, referee: &str) -> Result<Self, String> {
        let header = match game.board() {
            Some(board) => format!("# treebench move values: board {board}, referee {referee}"),
            None => format!("# treebench move values: game {game}, referee {referee}"),
        };
        let engine = registry::build_for(referee, game).map_err(|e| e.0)?;
        check_referee(referee, game, engine.as_ref())?;
        let known = read_known(path, &header)?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let io = |e: std::io::Error| format!("{}: {e}", path.display());
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(io)?;
        if known.is_none() {
            writeln!(file, "{header}").map_err(io)?;
        }
        Ok(Self {
            path: path.to_path_buf(),
            known: known.unwrap_or_default(),
            file,
            referee: engine,
            solved: 0,
        })
    }

    /// The values of the position `moves`: from the file, or solved now (and appended).
    pub fn get(&mut self, moves: &str) -> Result<&MoveValues, String> {
        if !self.known.contains_key(moves) {
            self.referee.reset();
            let scored = self
                .referee
                .score_moves(moves)
                .map_err(|e| format!("the referee on `{moves}`: {e}"))?;
            let values = MoveValues {
                moves: scored
                    .iter()
                    .map(|(m, s)| (m.as_str().to_string(), *s))
                    .collect(),
            };
            let io = |e: std::io::Error| format!("{}: {e}", self.path.display());
            writeln!(self.file, "{moves}\t{}", values.to_field()).map_err(io)?;
            self.file.flush().map_err(io)?;
            self.solved += 1;
            self.known.insert(moves.to_string(), values);
        }
        Ok(&self.known[moves])
    }

    /// Positions solved by this cache (not read from its file).
    #[must_use]
    pub fn solved(&self) -> u64 {
        self.solved
    }

    /// The cache file.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// A referee must be exact (checked before its cache file is touched): an engine of `game` whose every value is the position's exact
/// value ([`Engine::exact`]: an exact solver, or a search to the end of the game), which scores
/// every move. A depth-limited search or an estimate is refused, naming what would serve.
fn check_referee(spec: &str, game: GameKind, e: &dyn Engine) -> Result<(), String> {
    let bad = |why: String| format!("[quality] referee `{spec}`: {why}");
    if e.game() != game {
        return Err(bad(format!("plays {}, not {game}", e.game())));
    }
    if let GameKind::Open(def) = game {
        if def.chance {
            return Err(bad(format!(
                "{game} is a chance game: its values are exact rationals and a quality run judges \
                 integer move values; compare its engines with `run` and `match`"
            )));
        }
    }
    if e.exact() != Some(true) {
        let hint = match game {
            GameKind::Connect4(_) => {
                "an exact solver without `depth` (`mtdf`)".to_string()
            }
            g => format!(
                "a search to the end of the game (depth {} or more, e.g. `{}-mtdf:depth={}`) or `known:FILE`, a known-values file holding the positions one move on",
                g.max_ply(),
                registry::prefix_of(g).unwrap_or("GAME"),
                g.max_ply()
            ),
        };
        return Err(bad(format!(
            "not exact (a depth-limited search or an estimate); a referee is {hint}"
        )));
    }
    Ok(())
}

/// The positions of an existing cache file (`None` when there is none or it is empty); a torn
/// last line is cut off the file, a header of another board or referee is refused.
fn read_known(path: &Path, header: &str) -> Result<Option<HashMap<String, MoveValues>>, String> {
    let name = path.display();
    let text = match std::fs::read_to_string(path) {
        Ok(t) if !t.is_empty() => t,
        Ok(_) => return Ok(None),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(format!("{name}: {e}")),
    };
    let complete = text.rfind('\n').map_or(0, |i| i + 1);
    if complete < text.len() {
        let f = OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("{name}: {e}"))?;
        f.set_len(complete as u64)
            .map_err(|e| format!("{name}: {e}"))?;
    }
    let mut lines = text[..complete].lines();
    match lines.next() {
        Some(h) if h == header => {}
        Some(h) => {
            return Err(format!(
                "{name}: the cache says `{h}`, this run needs `{header}` (use another file or delete it)"
            ))
        }
        None => return Ok(None),
    }
    let mut known = HashMap::new();
    for (i, line) in lines.enumerate() {
        let (moves, field) = line
            .split_once('\t')
            .ok_or_else(|| format!("{name}:{}: expected MOVES<TAB>VALUES", i + 2))?;
        let v = MoveValues::parse_field(field).map_err(|e| format!("{name}:{}: {e}", i + 2))?;
        known.insert(moves.to_string(), v);
    }
    Ok(Some(known))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_round_trip_and_a_torn_line_is_dropped() {
        let v = MoveValues::parse_field("4:-2 3:-5 5:1 2:1").unwrap();
        assert_eq!(
            (v.value(), v.optimal(), v.score_of("3")),
            (1, "5 2".into(), Some(-5))
        );
        assert_eq!(MoveValues::parse_field(&v.to_field()).unwrap(), v);
        assert!(MoveValues::parse_field("4:x").is_err());
        assert_eq!(result_of(-3), GameResult::Loss);

        let dir = std::env::temp_dir().join(format!("treebench-mv-{}", std::process::id()));
        let path = dir.join("m.tsv");
        let _ = std::fs::remove_dir_all(&dir);
        let b = GameKind::CONNECT4;
        let mut c = MoveValueCache::open(&path, b, "mtdf").unwrap();
        let got = c.get("4455").unwrap().clone();
        assert_eq!(got.value(), 18, "Pons: 4455 scores 18");
        assert_eq!(c.solved(), 1);
        drop(c);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, format!("{text}44\t4:")).unwrap(); // a torn line
        let mut c = MoveValueCache::open(&path, b, "mtdf").unwrap();
        assert_eq!(c.get("4455").unwrap(), &got);
        assert_eq!(c.solved(), 0, "read from the file");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "the torn line is cut"
        );
        assert!(
            MoveValueCache::open(&path, b, "pvs").is_err(),
            "another referee"
        );
        std::fs::remove_dir_all(&dir).ok();
    }
}
