//! The one list of engines: builds an engine from its spec string.
//!
//! Every spec but `ext` follows the one grammar `NAME[:key=value,key=value...]`
//! ([`super::spec`]); [`lookup`] maps the name to the family that reads the options:
//! - Connect-4 drivers, [`Driver::connect4_names`] (options in [`super::connect4::SolverConfig`]);
//! - textbook engines `ttt-*` and `tree-*` ([`super::textbook::engines`]);
//! - `ext[OPTIONS]:COMMAND LINE`: a process speaking the line protocol
//!   ([`super::external`]);
//! - `uci[OPTIONS]:COMMAND LINE`: a UCI chess engine ([`super::uci`]);
//! - `gtp[OPTIONS]:COMMAND LINE`: a GTP Go engine ([`super::gtp`]);
//! - `chess-DRIVER[:options]`: the generic search core on chess, in process
//!   ([`super::generic`], options in [`super::generic::Config`]);
//! - `GAME-DRIVER[:options]`: the generic search core on an open game ([`crate::game::open`])
//!   registered with [`register_game`] (options as chess's);
//! - `goN-exact[:options]` (N 2 to 5): the exact small-board Go solver ([`super::go_exact`]).
//!
//! The registry sits above every family: the families never name each other or the registry.

use super::connect4::{Connect4Engine, SolverConfig};
use super::external::{ExternalConfig, ExternalEngine};
use super::generic::chance_engine::{ChanceAlgo, ChanceEngine, ChanceSpec};
use super::generic::chance_mcts::ChanceUct;
use super::generic::mcts::{self, MctsConfig, MctsEngine};
use super::generic::{self, GenericEngine};
use super::root::Driver;
use super::spec::{parse_spec, spec_name, SpecError};
use super::textbook::{self, SearchKind, TextbookGame};
use super::uci::{UciConfig, UciEngine};
use super::{Engine, GameKind};
use crate::game::chance_open::OpenChance;
use crate::game::chess::search_game::Chess;
use crate::game::connect4::search_game::Connect4;
use crate::game::{GameDef, OpenGame};
use std::sync::RwLock;

/// The family that builds an engine, with what its name decides.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    /// The Connect-4 solver with this driver.
    Connect4(Driver),
    /// A textbook search over tic-tac-toe or random trees.
    Textbook(TextbookGame, SearchKind),
    /// A process speaking the line protocol, `ext[OPTIONS]:COMMAND`.
    External,
    /// A UCI chess engine, `uci[OPTIONS]:COMMAND`.
    Uci,
    /// The generic search core on one of treebench's games, in process, with this driver.
    Generic(CoreGame, generic::Driver),
}

/// The games of treebench's own that the generic search core plays (games added in one file
/// are [`GameEngines`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CoreGame {
    /// `chess-DRIVER`.
    Chess,
    /// `c4-DRIVER`: Connect-4 (7×6) on the generic core, beside the specialised solver.
    Connect4,
    /// `tictactoe-DRIVER`.
    TicTacToe,
}

impl CoreGame {
    /// The spec prefix of its engines.
    #[must_use]
    pub const fn prefix(self) -> &'static str {
        match self {
            CoreGame::Chess => "chess",
            CoreGame::Connect4 => "c4",
            CoreGame::TicTacToe => "tictactoe",
        }
    }

    /// The game its engines play.
    #[must_use]
    pub const fn kind(self) -> GameKind {
        match self {
            CoreGame::Chess => GameKind::Chess,
            CoreGame::Connect4 => GameKind::CONNECT4,
            CoreGame::TicTacToe => GameKind::TicTacToe,
        }
    }
}

/// One engine name and its family.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The name a spec starts with (and the engine prints back).
    pub name: &'static str,
    /// Who builds it.
    pub family: Family,
}

const fn ttt(name: &'static str, search: SearchKind) -> Entry {
    let family = Family::Textbook(TextbookGame::TicTacToe, search);
    Entry { name, family }
}

const fn tree(name: &'static str, search: SearchKind) -> Entry {
    let family = Family::Textbook(TextbookGame::RandomTree, search);
    Entry { name, family }
}

const fn core(name: &'static str, game: CoreGame, driver: generic::Driver) -> Entry {
    let family = Family::Generic(game, driver);
    Entry { name, family }
}

/// The engines besides the Connect-4 drivers (which [`Driver::connect4_names`] lists), in the order
/// `--help` and error messages list them.
pub const OTHER_ENGINES: &[Entry] = &[
    ttt("ttt-minimax", SearchKind::Minimax),
    ttt("ttt-alphabeta", SearchKind::AlphaBeta),
    ttt("ttt-tt", SearchKind::Table),
    ttt("ttt-mtdf", SearchKind::Mtdf),
    ttt("ttt-pvs", SearchKind::Pvs),
    ttt("ttt-sss", SearchKind::Sss),
    ttt("ttt-dual", SearchKind::Dual),
    tree("tree-minimax", SearchKind::Minimax),
    tree("tree-alphabeta", SearchKind::AlphaBeta),
    tree("tree-tt", SearchKind::Table),
    tree("tree-mtdf", SearchKind::Mtdf),
    tree("tree-pvs", SearchKind::Pvs),
    tree("tree-sss", SearchKind::Sss),
    tree("tree-dual", SearchKind::Dual),
    tree("tree-sss-classic", SearchKind::SssClassic),
    Entry {
        name: "ext",
        family: Family::External,
    },
    Entry {
        name: "uci",
        family: Family::Uci,
    },
    // a GTP Go engine: a process family like `uci` (`gtp:COMMAND`)
    Entry {
        name: "gtp",
        family: Family::Uci,
    },
];

/// The entries `PREFIX-DRIVER` of the generic core's drivers on one game.
macro_rules! core_entries {
    ($game:expr, $prefix:literal) => {
        [
            core(
                concat!($prefix, "-minimax"),
                $game,
                generic::Driver::Minimax,
            ),
            core(
                concat!($prefix, "-negamax"),
                $game,
                generic::Driver::Negamax,
            ),
            core(concat!($prefix, "-pvs"), $game, generic::Driver::Pvs),
            core(
                concat!($prefix, "-aspiration"),
                $game,
                generic::Driver::Aspiration,
            ),
            core(concat!($prefix, "-mtdf"), $game, generic::Driver::Mtdf),
            core(concat!($prefix, "-sss"), $game, generic::Driver::Sss),
            core(concat!($prefix, "-dual"), $game, generic::Driver::Dual),
            core(
                concat!($prefix, "-null-window"),
                $game,
                generic::Driver::NullWindow,
            ),
            core(
                concat!($prefix, "-mtdf-bracket"),
                $game,
                generic::Driver::MtdfBracket,
            ),
        ]
    };
}

/// The generic core's engines on treebench's own games: `chess-DRIVER`, `c4-DRIVER`,
/// `tictactoe-DRIVER` for every driver of [`generic::Driver`].
pub const CORE_ENGINES: [[Entry; 9]; 3] = [
    core_entries!(CoreGame::Chess, "chess"),
    core_entries!(CoreGame::Connect4, "c4"),
    core_entries!(CoreGame::TicTacToe, "tictactoe"),
];

/// The entry a name (or an alias of a driver) stands for.
#[must_use]
pub fn lookup(name: &str) -> Option<Entry> {
    if let Some(driver) = Driver::from_name(name).filter(|d| d.prunes()) {
        return Some(Entry {
            name: driver.name(),
            family: Family::Connect4(driver),
        });
    }
    OTHER_ENGINES
        .iter()
        .chain(CORE_ENGINES.iter().flatten())
        .find(|e| e.name == name)
        .copied()
}

/// Every engine name, Connect-4 drivers first (`ext` as `ext:COMMAND`).
pub fn all_names() -> impl Iterator<Item = &'static str> {
    Driver::ALL
        .into_iter()
        .filter(|(d, _)| d.prunes())
        .map(|(_, n)| n)
        .chain(OTHER_ENGINES.iter().map(|e| e.name))
        .chain(CORE_ENGINES.iter().flatten().map(|e| e.name))
}

/// Engine names the registry knows, for error messages and `--help`
/// (`negamax, …, ext:COMMAND`, then `GAME-DRIVER` for each registered open game).
#[must_use]
pub fn names() -> String {
    let mut names: Vec<String> = Driver::connect4_names()
        .into_iter()
        .chain(OTHER_ENGINES.iter().map(|e| e.name.to_string()))
        .map(|n| match lookup(&n).map(|e| e.family) {
            Some(Family::External | Family::Uci) => format!("{n}:COMMAND"),
            _ => n,
        })
        .collect();
    names.extend(CORE_ENGINES.iter().map(|g| {
        let prefix = g[0].name.split('-').next().expect("PREFIX-DRIVER");
        format!("{prefix}-DRIVER")
    }));
    let open = OPEN.read().unwrap_or_else(|e| e.into_inner());
    names.extend(open.iter().map(|e| match e.build_chance {
        Some(_) => format!("{}-{{expectimax,star1,star2,uct}}", e.game.name),
        None => format!("{}-DRIVER", e.game.name),
    }));
    if crate::game::open::find("go2").is_some() {
        // the exact small-board Go solver (`super::go_exact`)
        names.push("go2-exact..go5-exact".to_string());
    }
    let drivers: Vec<&str> = generic::Driver::ALL.iter().map(|(_, n)| *n).collect();
    format!(
        "{} (DRIVER: {}, or the Monte Carlo {})",
        names.join(", "),
        drivers.join(", "),
        mcts::VARIANTS.join(", ")
    )
}

/// An open game's generic-core engine of one driver, with the spec's options.
pub type OpenBuild = fn(
    kind: GameKind,
    driver: generic::Driver,
    opts: &[(&str, &str)],
) -> Result<Box<dyn Engine>, String>;

/// A chance game's engine of one driver or UCT, with the spec's options.
pub type ChanceBuild =
    fn(kind: GameKind, algo: ChanceAlgo, opts: &[(&str, &str)]) -> Result<Box<dyn Engine>, String>;

/// The engines of an open game: `NAME-DRIVER[:options]` for every driver of the generic core,
/// or for a chance game ([`crate::game::chance_open`]) its chance drivers
/// (`NAME-expectimax`, `NAME-star1`, `NAME-star2`) and UCT with chance sampling (`NAME-uct`).
pub struct GameEngines {
    /// The game.
    pub game: GameDef,
    /// A generic-core engine of `driver` on the game with the spec's options (the core's and
    /// the game's own, [`crate::game::SearchGame::set_option`]), playing `kind` (the game's
    /// [`GameKind::Open`]), or why not (a bad option, a table that does not fit the memory);
    /// `None` for a chance game.
    pub build: Option<OpenBuild>,
    /// An MCTS engine on the game (`NAME-uct`, `NAME-puct`, `NAME-mcts-solver`); `None` for a
    /// chance game.
    pub build_mcts:
        Option<fn(kind: GameKind, variant: &'static str, cfg: MctsConfig) -> Box<dyn Engine>>,
    /// A chance driver on a chance game; `None` for a game without chance.
    pub build_chance: Option<ChanceBuild>,
}

impl GameEngines {
    /// The engines of `G`.
    #[must_use]
    pub const fn of<G: OpenGame>() -> Self
    where
        G::State: Send,
        G::Move: Send,
    {
        GameEngines {
            game: GameDef::of::<G>(),
            build: Some(build_open::<G>),
            build_mcts: Some(build_open_mcts::<G>),
            build_chance: None,
        }
    }

    /// The engines of the chance game `G`.
    #[must_use]
    pub const fn of_chance<G: OpenChance>() -> Self
    where
        G::State: Send,
        G::Move: Send,
    {
        GameEngines {
            game: GameDef::of_chance::<G>(),
            build: None,
            build_mcts: None,
            build_chance: Some(build_chance::<G>),
        }
    }
}

fn build_chance<G: OpenChance>(
    kind: GameKind,
    algo: ChanceAlgo,
    opts: &[(&str, &str)],
) -> Result<Box<dyn Engine>, String>
where
    G::State: Send,
    G::Move: Send,
{
    match algo {
        ChanceAlgo::Search(driver) => {
            let spec = ChanceSpec::with_options(driver, G::DEFAULT_DEPTH, opts)?;
            Ok(Box::new(ChanceEngine::<G>::new(kind, spec)))
        }
        ChanceAlgo::Uct => {
            // chance sampling has no solver, prior or OpenSpiel switches: refused, not ignored
            if let Some((k, _)) = opts
                .iter()
                .find(|(k, _)| !["playouts", "c", "seed"].contains(k))
            {
                return Err(format!("unknown option `{k}` (playouts, c, seed)"));
            }
            let cfg = MctsConfig::with_options("uct", opts)?;
            Ok(Box::new(ChanceUct::<G>::new(kind, cfg)))
        }
    }
}

fn build_open<G: OpenGame>(
    kind: GameKind,
    driver: generic::Driver,
    opts: &[(&str, &str)],
) -> Result<Box<dyn Engine>, String>
where
    G::State: Send,
    G::Move: Send,
{
    // the game's own options set the game value; the rest are the core's
    let name = crate::game::open::entry_name::<G>(kind);
    let mut game = G::default();
    let mut core = Vec::with_capacity(opts.len());
    for &(k, v) in opts {
        match game.set_option(k, v) {
            Some(r) => r?,
            None => core.push((k, v)),
        }
    }
    let cfg = generic::Config::with_options(driver, &core).map_err(|e| {
        if G::OPTION_KEYS.is_empty() || !e.starts_with("unknown option") {
            e
        } else {
            format!("{e}; {name} also takes {}", G::OPTION_KEYS)
        }
    })?;
    generic::check_table::<G>(&cfg)?;
    Ok(Box::new(GenericEngine::new(game, name, kind, cfg)))
}

fn build_open_mcts<G: OpenGame>(
    kind: GameKind,
    variant: &'static str,
    cfg: MctsConfig,
) -> Box<dyn Engine>
where
    G::State: Send,
    G::Move: Send,
{
    let name = crate::game::open::entry_name::<G>(kind);
    Box::new(MctsEngine::new(G::default(), name, variant, kind, cfg))
}

/// The MCTS engine `spec` names (`c4-uct`, `nim-mcts-solver:playouts=100`); `None` when its
/// name is not `GAME-VARIANT` of [`mcts::VARIANTS`] for a known game.
fn build_mcts(spec: &str) -> Option<Result<Box<dyn Engine>, SpecError>> {
    let name = spec_name(spec);
    let (prefix, variant) = mcts::VARIANTS
        .iter()
        .find_map(|v| Some((name.strip_suffix(v)?.strip_suffix('-')?, *v)))?;
    let cfg = parse_spec(spec).and_then(|(_, opts)| {
        MctsConfig::with_options(variant, &opts)
            .map_err(|e| SpecError(format!("engine `{spec}`: {e}")))
    });
    let cfg = match cfg {
        Ok(c) => c,
        Err(e) => return Some(Err(e)),
    };
    let core = [CoreGame::Chess, CoreGame::Connect4, CoreGame::TicTacToe]
        .into_iter()
        .find(|g| g.prefix() == prefix);
    if let Some(game) = core {
        let (p, k) = (game.prefix(), game.kind());
        return Some(Ok(match game {
            CoreGame::Chess => Box::new(MctsEngine::new(Chess, p, variant, k, cfg)),
            CoreGame::Connect4 => Box::new(MctsEngine::new(Connect4, p, variant, k, cfg)),
            CoreGame::TicTacToe => Box::new(MctsEngine::new(
                crate::game::TicTacToe::new(),
                p,
                variant,
                k,
                cfg,
            )),
        }));
    }
    let list = OPEN.read().unwrap_or_else(|e| e.into_inner());
    let open = list.iter().find(|e| e.game.name == prefix)?;
    let Some(build) = open.build_mcts else {
        return Some(Err(SpecError(format!(
            "engine `{spec}`: {prefix} is a chance game; its engines are {prefix}-expectimax, \
             {prefix}-star1, {prefix}-star2 and {prefix}-uct"
        ))));
    };
    Some(Ok(build(GameKind::Open(&open.game), variant, cfg)))
}

/// The open games' engines registered in this process.
static OPEN: RwLock<Vec<&'static GameEngines>> = RwLock::new(Vec::new());

/// Make `NAME-DRIVER[:options]` buildable for the open game of `engines`, and its name a game
/// ([`crate::game::open::register`]). Registering the same engines again does nothing.
pub fn register_game(engines: &'static GameEngines) -> Result<(), SpecError> {
    crate::game::open::register(&engines.game).map_err(SpecError)?;
    let mut list = OPEN.write().unwrap_or_else(|e| e.into_inner());
    if !list.iter().any(|e| std::ptr::eq(*e, engines)) {
        list.push(engines);
    }
    Ok(())
}

/// The open game and driver an engine name stands for (`nim-mtdf`).
fn open_engine(name: &str) -> Option<(&'static GameEngines, generic::Driver)> {
    let list = OPEN.read().unwrap_or_else(|e| e.into_inner());
    list.iter().find_map(|e| {
        let driver = name.strip_prefix(e.game.name)?.strip_prefix('-')?;
        Some((*e, generic::Driver::from_name(driver)?))
    })
}

/// The chance game and chance driver (or UCT) an engine name stands for (`pig-star2`).
fn chance_engine(name: &str) -> Option<(&'static GameEngines, ChanceBuild, ChanceAlgo)> {
    let list = OPEN.read().unwrap_or_else(|e| e.into_inner());
    list.iter().find_map(|e| {
        let algo = name.strip_prefix(e.game.name)?.strip_prefix('-')?;
        let algo = *ChanceAlgo::ALL.iter().find(|d| d.name() == algo)?;
        Some((*e, e.build_chance?, algo))
    })
}

/// Build the engine a spec names.
///
/// ```
/// use treebench::engine::{registry, Engine};
///
/// // Two drivers of the Connect-4 solver (16-bit tables), from their spec strings.
/// let mut mtdf = registry::build("mtdf:tt=16").unwrap();
/// let mut negamax = registry::build("negamax:tt=16").unwrap();
/// let moves = "7243171636345611671162"; // a position 22 plies in
/// mtdf.reset(); // every measured solve starts from reset tables
/// let a = mtdf.solve(moves).unwrap();
/// negamax.reset();
/// let b = negamax.solve(moves).unwrap();
/// assert_eq!(a.score, b.score, "the drivers agree");
/// assert!(a.nodes_reported && a.nodes > 0 && a.nodes < b.nodes);
/// assert_eq!(mtdf.spec(), "mtdf:tt=16");
///
/// // A bad spec is a one-line error naming the known engines.
/// let e = registry::build("no-such-engine").err().unwrap().to_string();
/// assert!(e.starts_with("unknown engine `no-such-engine`") && !e.contains('\n'), "{e}");
/// ```
pub fn build(spec: &str) -> Result<Box<dyn Engine>, SpecError> {
    if let Some(cfg) = ExternalConfig::parse(spec)? {
        return Ok(Box::new(ExternalEngine::new(cfg)));
    }
    if let Some(cfg) = UciConfig::parse(spec)? {
        return Ok(Box::new(UciEngine::new(cfg)));
    }
    if let Some(cfg) = super::gtp::GtpConfig::parse(spec)? {
        return Ok(Box::new(super::gtp::GtpEngine::new(cfg)));
    }
    let name = spec_name(spec);
    let unknown = || SpecError(format!("unknown engine `{name}` (known: {})", names()));
    let in_spec = |e: String| SpecError(format!("engine `{spec}`: {e}"));
    if let Some((engines, build, algo)) = chance_engine(name) {
        let (_, opts) = parse_spec(spec)?;
        return build(GameKind::Open(&engines.game), algo, &opts).map_err(in_spec);
    }
    if let Some(engine) = build_mcts(spec) {
        return engine;
    }
    if let Some((engines, driver)) = open_engine(name) {
        let (_, opts) = parse_spec(spec)?;
        let Some(build) = engines.build else {
            return Err(in_spec(format!(
                "{} is a chance game: its drivers are expectimax, star1 and star2",
                engines.game.name
            )));
        };
        // a small game is searched to the end unless the spec says otherwise
        let max_ply = engines.game.max_ply.to_string();
        let end = engines
            .game
            .end_in_reach
            .then_some(("depth", max_ply.as_str()));
        let opts: Vec<(&str, &str)> = end.into_iter().chain(opts.iter().copied()).collect();
        return build(GameKind::Open(&engines.game), driver, &opts).map_err(in_spec);
    }
    if let Some(n) = super::go_exact::side_of(name) {
        let (_, opts) = parse_spec(spec)?;
        let engine = super::go_exact::GoExact::new(n, &opts).map_err(in_spec)?;
        return Ok(Box::new(engine));
    }
    let entry = lookup(name).ok_or_else(unknown)?;
    let (_, opts) = parse_spec(spec)?;
    match entry.family {
        Family::Connect4(driver) => {
            let cfg = SolverConfig::with_options(driver, &opts).map_err(in_spec)?;
            let standard = crate::game::connect4::BoardSize::STANDARD;
            super::sized::check_table(&cfg.search, standard).map_err(|e| in_spec(e.0))?;
            Ok(Box::new(Connect4Engine::<7, 6>::new(cfg)))
        }
        Family::Textbook(game, search) => {
            textbook::build(entry.name, game, search, &opts).map_err(in_spec)
        }
        Family::Generic(game, driver) => {
            let cfg = generic::Config::with_options(driver, &opts).map_err(in_spec)?;
            build_core(game, cfg).map_err(in_spec)
        }
        // `ext`/`uci` without `:COMMAND` (the families took every well-formed spec of theirs).
        Family::External | Family::Uci => Err(unknown()),
    }
}

/// A generic-core engine on one of treebench's games.
fn build_core(game: CoreGame, cfg: generic::Config) -> Result<Box<dyn Engine>, String> {
    fn on<G>(g: G, game: CoreGame, cfg: generic::Config) -> Result<Box<dyn Engine>, String>
    where
        G: crate::game::SearchGame + Send + 'static,
        G::State: Send,
        G::Move: Send,
    {
        generic::check_table::<G>(&cfg)?;
        Ok(Box::new(GenericEngine::new(
            g,
            game.prefix(),
            game.kind(),
            cfg,
        )))
    }
    match game {
        CoreGame::Chess => on(crate::game::chess::search_game::Chess, game, cfg),
        CoreGame::Connect4 => on(crate::game::connect4::search_game::Connect4, game, cfg),
        CoreGame::TicTacToe => on(crate::game::TicTacToe::new(), game, cfg),
    }
}

/// Build the engine a spec names on a board size: the default 7×6 goes through [`build`]
/// unchanged; other sizes take the Connect-4 solver only ([`super::sized::build`]), since
/// textbook and external engines have no board size.
pub fn build_on(
    spec: &str,
    board: crate::game::connect4::BoardSize,
) -> Result<Box<dyn Engine>, SpecError> {
    if board.is_standard() {
        return build(spec);
    }
    match SolverConfig::parse(spec)? {
        Some(cfg) => super::sized::build(cfg, board)
            .map_err(|e| SpecError(format!("engine `{spec}`: {}", e.0))),
        None => Err(SpecError(format!(
            "engine `{spec}`: board {board} needs a Connect-4 solver (negamax, mtdf, pvs, …); \
             other engines play on 7x6 only"
        ))),
    }
}

/// The spec prefix of the generic core's engines on `game` (`c4`, `chess`, `tictactoe`, an
/// added game's name: `nim-mtdf`); `None` for a game without them (random trees).
#[must_use]
pub fn prefix_of(game: GameKind) -> Option<&'static str> {
    match game {
        GameKind::Chess => Some(CoreGame::Chess.prefix()),
        GameKind::Connect4(_) => Some(CoreGame::Connect4.prefix()),
        GameKind::TicTacToe => Some(CoreGame::TicTacToe.prefix()),
        GameKind::Open(def) => Some(def.name),
        GameKind::RandomTree(_) => None,
    }
}

/// Build the engine `spec` names to play `game`: on a Connect-4 board of another size through
/// [`build_on`], `known:FILE` (a known-values file of an added game, [`super::known`]), else
/// [`build`]. The one way commands that know their game build an engine.
pub fn build_for(spec: &str, game: GameKind) -> Result<Box<dyn Engine>, SpecError> {
    if spec.starts_with("known:") {
        let e = super::known::KnownEngine::new(spec, game).map_err(SpecError)?;
        return Ok(Box::new(e));
    }
    match game.board() {
        Some(b) => build_on(spec, b),
        None => build(spec),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_and_rejects() {
        assert_eq!(build("mtdf:tt=16").unwrap().spec(), "mtdf:tt=16");
        assert!(build("ttt-minimax")
            .unwrap()
            .spec()
            .starts_with("ttt-minimax"));
        let e = build("deep-blue").err().unwrap().0;
        assert!(e.contains("unknown engine `deep-blue`"), "{e}");
        assert!(build("ttt-mtdf:table=wobbly").is_err());
        assert_eq!(
            build("ext:./engine --x").unwrap().spec(),
            "ext:./engine --x"
        );
        assert!(build("ext[bogus]:x").is_err());
        let e = build("ext").err().unwrap().0;
        assert!(e.contains("unknown engine `ext`"), "{e}");
        assert_eq!(build("nullwindow").unwrap().spec(), "null-window");
        let u = build("uci[depth=3]:/usr/games/stockfish").unwrap();
        assert_eq!(
            (u.spec().as_str(), u.game()),
            ("uci[depth=3]:/usr/games/stockfish", GameKind::Chess)
        );
        assert!(build("uci[bogus=1]:x").is_err());
    }

    #[test]
    fn one_list_names_every_engine_once() {
        assert_eq!(
            names(),
            "negamax, pvs, aspiration, mtdf, sss, dual, null-window, mtdf-bracket, ttt-minimax, \
             ttt-alphabeta, ttt-tt, ttt-mtdf, ttt-pvs, ttt-sss, ttt-dual, tree-minimax, \
             tree-alphabeta, tree-tt, tree-mtdf, tree-pvs, tree-sss, tree-dual, \
             tree-sss-classic, ext:COMMAND, uci:COMMAND, gtp:COMMAND, chess-DRIVER, c4-DRIVER, \
             tictactoe-DRIVER (DRIVER: minimax, negamax, pvs, aspiration, mtdf, sss, dual, \
             null-window, mtdf-bracket, or the Monte Carlo uct, puct, mcts-solver)"
        );
        let all: Vec<&str> = all_names().collect();
        for (i, name) in all.iter().enumerate() {
            assert!(!all[..i].contains(name), "{name} twice");
            let e = lookup(name).unwrap();
            assert_eq!(e.name, *name);
            if !matches!(e.family, Family::External | Family::Uci) {
                // every engine prints back the name it was built from
                assert!(build(name).unwrap().spec().starts_with(name), "{name}");
            }
        }
    }

    #[test]
    fn one_grammar_for_every_family() {
        for spec in ["mtdf:tt=20,tt=22", "ttt-tt:table=exact,table=bounds"] {
            let e = build(spec).err().unwrap().0;
            assert!(e.contains("given twice"), "{e}");
        }
        for spec in ["mtdf:tt", "ttt-tt:table"] {
            let e = build(spec).err().unwrap().0;
            assert!(e.contains("not KEY=VALUE"), "{e}");
        }
        for spec in ["mtdf:", "mtdf:,,", "ttt-tt:", "ttt-tt:table=exact,"] {
            let e = build(spec).err().unwrap().0;
            assert!(
                e.contains("no options") || e.contains("empty option"),
                "{e}"
            );
        }
        assert_eq!(
            SolverConfig::parse("mtdf: tt=20, etc=off")
                .unwrap()
                .unwrap()
                .to_string(),
            "mtdf:tt=20,etc=off"
        );
        assert_eq!(SolverConfig::parse("ttt-tt:table").unwrap(), None);
        assert_eq!(SolverConfig::parse("ext:./engine --x").unwrap(), None);
    }
}
