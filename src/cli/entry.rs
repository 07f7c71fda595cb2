//! [`GameEntry`]: a game added in one file, as the command line takes it: its engines
//! (`NAME-DRIVER[:options]`, for `solve`, `run`, `gate` and every command that builds engines)
//! and its checks (`verify --game NAME`). [`super::main_with`] registers each entry before it
//! reads the arguments.

use crate::engine::registry::GameEngines;
use crate::game::chance_open::OpenChance;
use crate::game::{GameKind, OpenGame};
use std::path::Path;

/// What `verify --game NAME` found: the report as printed, and whether it passed.
#[derive(Debug, Clone)]
pub struct Verified {
    /// The report.
    pub text: String,
    /// Every check passed and every mutant was caught.
    pub passed: bool,
}

/// `verify --game NAME` of a game: the checks on `per_ply` seeded positions a ply under `seed`,
/// and on a known-values file where one is given.
pub type VerifyGame =
    fn(kind: GameKind, per_ply: u32, seed: u64, known: Option<&Path>) -> Result<Verified, String>;

/// An open game for the command line: `static NIM: GameEntry = GameEntry::of::<Nim>();` then
/// `treebench::cli::main_with(&[&NIM])` in the binary's `main` (a `static`, so that the entry
/// has one address: registering it again is then recognised as the same game).
pub struct GameEntry {
    /// The game and its engines.
    pub engines: GameEngines,
    /// `verify --game NAME`.
    pub verify: VerifyGame,
}

fn verify_search<G: OpenGame>(
    kind: GameKind,
    per_ply: u32,
    seed: u64,
    known: Option<&Path>,
) -> Result<Verified, String> {
    let r = crate::verify::open::verify_open::<G>(kind, per_ply, seed, known)?;
    Ok(Verified {
        text: r.to_string(),
        passed: r.passed(),
    })
}

fn verify_chance<G: OpenChance>(
    kind: GameKind,
    per_ply: u32,
    seed: u64,
    known: Option<&Path>,
) -> Result<Verified, String> {
    let r = crate::verify::chance_open::verify_chance::<G>(kind, per_ply, seed, known)?;
    Ok(Verified {
        text: r.to_string(),
        passed: r.passed(),
    })
}

impl GameEntry {
    /// The entry of `G`.
    #[must_use]
    pub const fn of<G: OpenGame>() -> Self
    where
        G::State: Send,
        G::Move: Send,
    {
        GameEntry {
            engines: GameEngines::of::<G>(),
            verify: verify_search::<G>,
        }
    }

    /// The entry of the chance game `G` ([`OpenChance`]): its chance drivers as engines
    /// (`NAME-expectimax`, `NAME-star1`, `NAME-star2`) and its checks.
    #[must_use]
    pub const fn chance<G: OpenChance>() -> Self
    where
        G::State: Send,
        G::Move: Send,
    {
        GameEntry {
            engines: GameEngines::of_chance::<G>(),
            verify: verify_chance::<G>,
        }
    }

    /// The game's name.
    #[must_use]
    pub fn name(&self) -> &'static str {
        self.engines.game.name
    }

    /// The game as the runner and records name it.
    #[must_use]
    pub fn kind(&'static self) -> GameKind {
        GameKind::Open(&self.engines.game)
    }
}

/// Othello on the 8x8 board (`othello`): a game of treebench's own, served through the same
/// entry as a game added in one file (every command, every driver of the generic core).
pub static OTHELLO: GameEntry = GameEntry::of::<crate::game::othello::Othello8>();
/// Othello on the 6x6 board (`othello6`).
pub static OTHELLO6: GameEntry = GameEntry::of::<crate::game::othello::Othello6>();

/// Go on the 2x2 board (`go2`): Tromp-Taylor area scoring, positional superko
/// (`crate::game::go`).
pub static GO2: GameEntry = GameEntry::of::<crate::game::go::Go2>();
/// Go on the 3x3 board (`go3`).
pub static GO3: GameEntry = GameEntry::of::<crate::game::go::Go3>();
/// Go on the 4x4 board (`go4`).
pub static GO4: GameEntry = GameEntry::of::<crate::game::go::Go4>();
/// Go on the 5x5 board (`go5`).
pub static GO5: GameEntry = GameEntry::of::<crate::game::go::Go5>();
/// Go on the 9x9 board (`go9`, komi 7).
pub static GO9: GameEntry = GameEntry::of::<crate::game::go::Go9>();
/// Go on the 13x13 board (`go13`, komi 7).
pub static GO13: GameEntry = GameEntry::of::<crate::game::go::Go13>();
/// Go on the 19x19 board (`go19`, komi 7).
pub static GO19: GameEntry = GameEntry::of::<crate::game::go::Go19>();

/// The games every binary has beside the ones it adds: registered by [`super::run_with`] and
/// [`super::run`] before anything else.
pub static BUILT_IN: [&GameEntry; 9] = [
    &OTHELLO, &OTHELLO6, &GO2, &GO3, &GO4, &GO5, &GO9, &GO13, &GO19,
];

/// The entry of the game served by `command` (`--game-server`): the served type's engines and
/// checks under the server's name and longest game (`crate::game::served`). One server a
/// process: the same command again returns the same entry.
pub fn served(command: &str) -> Result<&'static GameEntry, String> {
    static ENTRY: std::sync::OnceLock<&'static GameEntry> = std::sync::OnceLock::new();
    let said = crate::game::served::connect(command)?;
    Ok(ENTRY.get_or_init(|| {
        let mut entry = GameEntry::of::<crate::game::served::Served>();
        let game = &mut entry.engines.game;
        game.name = said.name;
        game.max_ply = said.max_ply;
        game.end_in_reach = said.max_ply <= crate::game::open::SEARCH_TO_END_PLIES;
        Box::leak(Box::new(entry))
    }))
}

/// Register the [`BUILT_IN`] games (again: a no-op).
pub fn register_built_in() -> Result<(), crate::engine::spec::SpecError> {
    for g in BUILT_IN {
        crate::engine::registry::register_game(&g.engines)?;
    }
    Ok(())
}
