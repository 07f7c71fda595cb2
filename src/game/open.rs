//! Open games: a game written outside treebench's own list (an example binary, another crate)
//! in one file, which experiment files, records, reports and engine specs then name like a
//! built-in game ([`GameKind::Open`](super::GameKind::Open)).
//!
//! The game implements [`SearchGame`] and [`OpenGame`]; [`GameDef::of`] erases its type into
//! plain functions, and [`register`] (called once by `cli::main_with` before any argument is
//! read) makes [`GameKind::parse`](super::GameKind::parse) know its name. Nothing here is on a
//! search's path: the list is read when a name is parsed and a position is drawn.

use super::search::{MoveList, SearchGame};
use std::sync::RwLock;

/// What an open game adds to [`SearchGame`]: its name, a start position that seeded positions
/// are drawn from, a position's text, and optionally an exact value by a closed form (an oracle
/// independent of search).
pub trait OpenGame: SearchGame + Copy + Default + Send + Sync + 'static {
    /// The game's name in experiment files, records and engine specs (`nim`: `nim-mtdf`).
    const NAME: &'static str;
    /// Longest game from [`OpenGame::start`] in plies: experiment plies must lie below it.
    const MAX_PLY: u32;
    /// `verify --game NAME`: brute-force minimax is the oracle at these `(depth, quiescence)`.
    const ORACLE_DEPTHS: &'static [(u32, bool)] = &[(1, false), (2, false), (3, false)];
    /// `verify --game NAME`: the drivers and variants are compared at this `(depth, quiescence)`.
    const CHECK_DEPTH: (u32, bool) = (4, false);
    /// The position seeded positions start from (ply 0).
    fn start(&self) -> Self::State;
    /// A position as text that [`SearchGame::parse`] reads back; equal positions give equal
    /// texts (duplicate draws are detected by it).
    fn text(&self, s: &Self::State) -> String;
    /// The exact value of `s` by a closed form, with the depth that searches it to the end, or
    /// `None` (the default: no closed form).
    fn closed_form(&self, s: &Self::State) -> Option<ClosedForm> {
        let _ = s;
        None
    }
}

/// An exact value and the fixed depth at which a search must find it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClosedForm {
    /// The value for the side to move, in the game's reported convention.
    pub value: i32,
    /// A depth that reaches the end of the game from the position.
    pub depth: u32,
}

/// An open game with its type erased: what the runner and the name parser need.
pub struct GameDef {
    /// [`OpenGame::NAME`].
    pub name: &'static str,
    /// [`OpenGame::MAX_PLY`].
    pub max_ply: u32,
    /// Position `ply` of a seeded draw: `ply` moves from the start, each chosen by
    /// `pick(n)` (uniform in `0..n`); `None` when the walk ends the game (the draw restarts).
    pub draw: fn(ply: u32, pick: &mut dyn FnMut(u32) -> u32) -> Option<String>,
}

impl GameDef {
    /// The definition of `G`.
    #[must_use]
    pub const fn of<G: OpenGame>() -> Self {
        GameDef {
            name: G::NAME,
            max_ply: G::MAX_PLY,
            draw: draw::<G>,
        }
    }
}

// A game is its name: two definitions are the same game exactly when their names are equal
// (registration refuses a second definition under a name).
impl PartialEq for GameDef {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for GameDef {}

impl std::hash::Hash for GameDef {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.name.hash(h);
    }
}

impl std::fmt::Debug for GameDef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "GameDef({})", self.name)
    }
}

/// A random walk of `ply` moves from the start that does not end the game.
fn draw<G: OpenGame>(ply: u32, pick: &mut dyn FnMut(u32) -> u32) -> Option<String> {
    let g = G::default();
    let mut s = g.start();
    for p in 0..ply {
        if g.terminal(&s, p).is_some() {
            return None;
        }
        let mut moves = MoveList::default();
        g.moves(&s, &mut moves);
        let n = u32::try_from(moves.len()).ok().filter(|&n| n > 0)?;
        s = g.play(&s, moves.as_slice()[pick(n) as usize]);
    }
    g.terminal(&s, ply).is_none().then(|| g.text(&s))
}

/// The open games registered in this process.
static REGISTERED: RwLock<Vec<&'static GameDef>> = RwLock::new(Vec::new());

/// Make `def`'s name known to [`GameKind::parse`](super::GameKind::parse). Registering the same
/// definition again does nothing; a name of a built-in game, or another definition under a
/// registered name, is refused.
pub fn register(def: &'static GameDef) -> Result<(), String> {
    let builtin = super::kind::builtin(def.name).is_ok()
        || def.name.starts_with("connect4:")
        || def.name.starts_with("tree:");
    let well_formed = !def.name.is_empty()
        && def
            .name
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if builtin || !well_formed {
        return Err(format!(
            "game `{}`: the name of an added game must be new and use only a-z, 0-9, `_`",
            def.name
        ));
    }
    let mut list = REGISTERED.write().unwrap_or_else(|e| e.into_inner());
    match list.iter().find(|d| d.name == def.name) {
        Some(d) if std::ptr::eq(*d, def) => Ok(()),
        Some(_) => Err(format!("game `{}` is registered twice", def.name)),
        None => {
            list.push(def);
            Ok(())
        }
    }
}

/// The registered game of this name.
#[must_use]
pub fn find(name: &str) -> Option<&'static GameDef> {
    let list = REGISTERED.read().unwrap_or_else(|e| e.into_inner());
    list.iter().find(|d| d.name == name).copied()
}

/// The names of the registered games, in registration order.
#[must_use]
pub fn names() -> Vec<&'static str> {
    let list = REGISTERED.read().unwrap_or_else(|e| e.into_inner());
    list.iter().map(|d| d.name).collect()
}
