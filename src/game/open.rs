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

/// An added game whose longest game ([`OpenGame::MAX_PLY`]) is at most this many plies is
/// searched to the end by default ([`OpenGame::END_IN_REACH`]): its drivers' default depth is
/// `MAX_PLY` (a 4x4 board's 16 plies take seconds with a table), else the generic core's
/// default (4).
pub const SEARCH_TO_END_PLIES: u32 = 16;

/// The deeper check of `verify --game NAME` ([`OpenGame::DEEP_CHECK`]): the drivers and variants
/// at `depth` on `positions` seeded positions of ply `ply`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DeepCheck {
    pub depth: u32,
    pub ply: u32,
    pub positions: u32,
}

/// What an open game adds to [`SearchGame`]: its name, a start position that seeded positions
/// are drawn from, a position's text, and optionally an exact value by a closed form (an oracle
/// independent of search).
pub trait OpenGame: SearchGame + Copy + Default + Send + Sync + 'static {
    /// The game's name in experiment files, records and engine specs (`nim`: `nim-mtdf`).
    const NAME: &'static str;
    /// Longest game from [`OpenGame::start`] in plies: experiment plies must lie below it.
    const MAX_PLY: u32;
    /// Whether a search to the end ([`OpenGame::MAX_PLY`] plies) is within reach, so that the
    /// game's drivers search to the end by default (their values then exact); else their
    /// default depth is the generic core's (4) and their values are estimates. Default: games
    /// of at most [`SEARCH_TO_END_PLIES`] plies.
    const END_IN_REACH: bool = Self::MAX_PLY <= SEARCH_TO_END_PLIES;
    /// `verify --game NAME` draws its seeded positions at plies `0..VERIFY_PLIES`: a game whose
    /// random walks seldom get near [`OpenGame::MAX_PLY`] (Othello, where only passes lengthen
    /// a game past its squares) names a smaller bound. Default: `MAX_PLY`.
    const VERIFY_PLIES: u32 = Self::MAX_PLY;
    /// `verify --game NAME`: brute-force minimax is the oracle at these `(depth, quiescence)`.
    const ORACLE_DEPTHS: &'static [(u32, bool)] = &[(1, false), (2, false), (3, false)];
    /// `verify --game NAME`: the drivers and variants are compared at this `(depth, quiescence)`.
    const CHECK_DEPTH: (u32, bool) = (4, false);
    /// `verify --game NAME`: the drivers and variants also searched deeper on a few positions
    /// of their own, for a game whose `CHECK_DEPTH` its cost keeps shallow (at depth 2 a fail
    /// high of a null window is already exact, so no check there can tell a PVS that does not
    /// re-search). Default: none.
    const DEEP_CHECK: Option<DeepCheck> = None;
    /// `verify --game NAME`: brute force to the end (no pruning, no table) gives up on a
    /// position past this many nodes; the position is then counted as out of reach. A game whose
    /// nodes are dear (a served game: each one a request to another process) names fewer.
    const END_BUDGET: u64 = 1_000_000;
    /// `verify --game NAME`: the structural checks walk this many positions breadth first
    /// from the start (every position up to some ply); a served game names fewer.
    const WALK_POSITIONS: usize = 20_000;
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
    /// Whether the side to move at `s` (`ply` moves from the start) wins with its next move:
    /// what `exclude_immediate_win` leaves out of seeded positions. The default says so when a
    /// move ends the game with a negative [`SearchGame::terminal`] value for the opponent (a
    /// loss for the side then to move); override it where a terminal value's sign does not
    /// mean a loss.
    fn wins_at_once(&self, s: &Self::State, ply: u32) -> bool {
        let mut moves = MoveList::default();
        self.moves(s, &mut moves);
        moves.as_slice().iter().any(|&m| {
            self.terminal(&self.play(s, m), ply + 1)
                .is_some_and(|v| v < 0)
        })
    }
}

/// The name of `G`'s entry `kind` (its [`GameDef::name`]): a served game's is the server's, not
/// its type's [`OpenGame::NAME`].
#[must_use]
pub fn entry_name<G: OpenGame>(kind: super::GameKind) -> &'static str {
    match kind {
        super::GameKind::Open(def) => def.name,
        _ => G::NAME,
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
    /// [`OpenGame::END_IN_REACH`].
    pub end_in_reach: bool,
    /// The plies the built-in seeded sets (the gate's) are drawn at, where the game says
    /// (a chance game's [`super::chance_open::OpenChance::CHECK_PLIES`]: its longest game is far
    /// longer than its usual one, so a walk to half of it rarely stays in the game); `None`:
    /// every ply to half its longest game.
    pub sample_plies: Option<&'static [u32]>,
    /// Whether it is a chance game ([`super::chance_open::OpenChance`]): its rules answer
    /// [`Status::Turn`], [`Status::Chance`] and [`Status::Final`].
    pub chance: bool,
    /// Position `ply` of a seeded draw: `ply` moves from the start, each chosen by
    /// `pick(n)` (uniform in `0..n`); `None` when the walk ends the game, or, with
    /// `exclude_immediate_win`, reaches a position the side to move wins at once
    /// ([`OpenGame::wins_at_once`]): the draw restarts.
    pub draw: fn(
        ply: u32,
        exclude_immediate_win: bool,
        pick: &mut dyn FnMut(u32) -> u32,
    ) -> Option<String>,
    /// The rules as a referee reads them: the position's text read back, and its ending.
    pub rules: fn(position: &str) -> Result<Status, String>,
    /// The position after the legal move `mv` (its [`SearchGame::move_text`]) at `position`, as
    /// text; an error for a move that is not legal there.
    pub play: fn(position: &str, mv: &str) -> Result<String, String>,
}

/// A position of an open game as its referee sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// The game goes on: its legal moves as text.
    Moves(Vec<String>),
    /// The game is over: its value for the side to move ([`SearchGame::terminal`] at ply 0).
    Over(i32),
    /// A game of explicit players (a chance game): player 0 (MAX, who moves first from the
    /// start) or 1 (MIN) chooses one of these moves; a player may move several times in a row.
    Turn(u8, Vec<String>),
    /// Nature draws one of these outcomes (text, weight; the weights sum to the game's common
    /// denominator).
    Chance(Vec<(String, u32)>),
    /// A game of explicit players is over: player 0's (MAX's) utility.
    Final(i32),
}

/// [`GameDef::rules`] of `G`.
fn rules<G: OpenGame>(position: &str) -> Result<Status, String> {
    let g = G::default();
    let s = g.parse(position)?;
    if let Some(v) = g.terminal(&s, 0) {
        return Ok(Status::Over(v));
    }
    let mut moves = MoveList::default();
    g.moves(&s, &mut moves);
    Ok(Status::Moves(
        moves
            .as_slice()
            .iter()
            .map(|&m| g.move_text(&s, m))
            .collect(),
    ))
}

/// [`GameDef::play`] of `G`.
fn play<G: OpenGame>(position: &str, mv: &str) -> Result<String, String> {
    let g = G::default();
    let s = g.parse(position)?;
    let m = g
        .parse_move(&s, mv)
        .ok_or_else(|| format!("`{mv}` is not a legal move of {} here", G::NAME))?;
    Ok(g.text(&g.play(&s, m)))
}

impl GameDef {
    /// The definition of `G`.
    #[must_use]
    pub const fn of<G: OpenGame>() -> Self {
        GameDef {
            name: G::NAME,
            max_ply: G::MAX_PLY,
            end_in_reach: G::END_IN_REACH,
            chance: false,
            sample_plies: None,
            draw: draw::<G>,
            rules: rules::<G>,
            play: play::<G>,
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

/// A random walk of `ply` moves from the start that does not end the game (nor, with
/// `exclude_immediate_win`, reach a position the side to move wins at once).
fn draw<G: OpenGame>(
    ply: u32,
    exclude_immediate_win: bool,
    pick: &mut dyn FnMut(u32) -> u32,
) -> Option<String> {
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
    let open = g.terminal(&s, ply).is_none();
    (open && !(exclude_immediate_win && g.wins_at_once(&s, ply))).then(|| g.text(&s))
}

/// One line of a known-values file: a position, its exact value, and optionally its ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnownValue {
    /// The position's text ([`OpenGame::text`]).
    pub position: String,
    /// Its exact value for the side to move, in the game's reported convention
    /// ([`SearchGame::report`]).
    pub value: i32,
    /// Its ply (moves from the start), where the file gives it.
    pub ply: Option<u32>,
    /// Its line in the file (from 1).
    pub line: usize,
}

/// Read a known-values file: one `POSITION<TAB>VALUE[<TAB>PLY]` line per position (the
/// position's text may hold spaces, so the fields are split at tabs); empty lines and lines
/// starting with `#` are skipped. An error names the file and the line. A file named `*.obf`
/// (the FFO/Edax endgame files of Othello) is read as one: each position with its best move's
/// published score ([`super::othello::obf::read_known`]).
pub fn read_known_values(path: &std::path::Path) -> Result<Vec<KnownValue>, String> {
    if path.extension().is_some_and(|e| e == "obf") {
        return super::othello::obf::read_known(path);
    }
    let shown = path.display();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {e}"))?;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| {
            format!(
                "{shown} line {}: {why} (want POSITION<TAB>VALUE[<TAB>PLY])",
                i + 1
            )
        };
        let fields: Vec<&str> = line.split('\t').collect();
        let (position, value, ply) = match fields[..] {
            [p, v] => (p, v, None),
            [p, v, n] => (p, v, Some(n)),
            _ => return Err(bad("not two or three tab-separated fields")),
        };
        let value = value
            .trim()
            .parse()
            .map_err(|_| bad(&format!("`{value}` is not an integer value")))?;
        let ply = match ply {
            None => None,
            Some(n) => Some(
                n.trim()
                    .parse()
                    .map_err(|_| bad(&format!("`{n}` is not a ply")))?,
            ),
        };
        out.push(KnownValue {
            position: position.trim().to_string(),
            value,
            ply,
            line: i + 1,
        });
    }
    if out.is_empty() {
        return Err(format!("{shown}: no position in it"));
    }
    Ok(out)
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
