//! Chance games added in one file: a [`ChanceGame`] with a name, a start, a text form and its
//! players' moves and nature's outcomes as text ([`OpenChance`]), which [`GameDef::of_chance`]
//! erases into the same [`GameDef`] as every added game, so that experiment files, records,
//! engine specs (`pig-star2`), the referee of match play and `verify --game` name it like any
//! other game.
//!
//! A chance game's players are explicit (MAX and MIN, a player may move several times in a
//! row: Pig's rolls), so its rules answer [`Status::Turn`], [`Status::Chance`] (nature's
//! outcomes with their weights, which match play draws from its seeded stream) and
//! [`Status::Final`] (MAX's utility), never the alternating [`Status::Moves`].
//!
//! A seeded position is a walk of `ply` steps from the start, each step a player's move (picked
//! uniformly) or nature's outcome (picked by its weight), that ends at a decision node.

use super::chance::{ChanceGame, NodeKind, Outcomes};
use super::open::{GameDef, Status};
use super::search::MoveList;

/// What a chance game adds to [`ChanceGame`] to be a game of the command line.
pub trait OpenChance: ChanceGame + Copy + Default + Send + Sync + 'static {
    /// The game's name in experiment files, records and engine specs (`pig`: `pig-star2`).
    const NAME: &'static str;
    /// Longest game from [`OpenChance::start`] in steps (players' moves and nature's outcomes):
    /// seeded positions are drawn below it.
    const MAX_PLY: u32;
    /// Players' moves that end every game from the start: a search of this depth is exact
    /// (its values are then no estimates).
    const END_DEPTH: u32;
    /// The depth (players' moves) its engines search unless their spec says otherwise.
    const DEFAULT_DEPTH: u32 = 3;
    /// `verify --game NAME`: every driver against brute force at these depths.
    const CHECK_DEPTHS: &'static [u32] = &[1, 2, 3];
    /// `verify --game NAME`: the plies seeded positions are drawn at.
    const CHECK_PLIES: &'static [u32] = &[0, 2, 4, 6, 8, 10];
    /// The start position.
    fn start(&self) -> Self::State;
    /// A position as text that [`OpenChance::parse`] reads back (equal positions, equal texts).
    fn text(&self, s: &Self::State) -> String;
    /// Read a position's text; a one-line error otherwise.
    fn parse(&self, text: &str) -> Result<Self::State, String>;
    /// Nature's outcome `o` at the chance node `s` as text (distinct from every move's text).
    fn outcome_text(&self, s: &Self::State, o: u8) -> String;
}

/// The legal moves of a decision node.
fn moves_of<G: OpenChance>(g: &G, s: &G::State) -> Vec<G::Move> {
    let mut ms = MoveList::default();
    g.moves(s, &mut ms);
    ms.as_slice().to_vec()
}

/// The outcomes of a chance node.
fn outcomes_of<G: OpenChance>(g: &G, s: &G::State) -> Vec<(u8, u32)> {
    let mut os = Outcomes::default();
    g.outcomes(s, &mut os);
    os.as_slice().to_vec()
}

/// The move whose text is `mv` at the decision node `s`.
pub fn parse_move<G: OpenChance>(g: &G, s: &G::State, mv: &str) -> Option<G::Move> {
    moves_of(g, s).into_iter().find(|&m| g.move_text(m) == mv)
}

/// [`GameDef::rules`] of `G`.
fn rules<G: OpenChance>(position: &str) -> Result<Status, String> {
    let g = G::default();
    let s = g.parse(position)?;
    if let Some(u) = g.terminal(&s) {
        return Ok(Status::Final(
            i32::try_from(u).map_err(|_| "utility out of range")?,
        ));
    }
    Ok(match g.node(&s) {
        NodeKind::Chance => Status::Chance(
            outcomes_of(&g, &s)
                .into_iter()
                .map(|(o, w)| (g.outcome_text(&s, o), w))
                .collect(),
        ),
        kind => Status::Turn(
            u8::from(kind == NodeKind::Min),
            moves_of(&g, &s)
                .into_iter()
                .map(|m| g.move_text(m))
                .collect(),
        ),
    })
}

/// [`GameDef::play`] of `G`: a player's move at a decision node, an outcome at a chance node.
fn play<G: OpenChance>(position: &str, step: &str) -> Result<String, String> {
    let g = G::default();
    let s = g.parse(position)?;
    if g.terminal(&s).is_some() {
        return Err("the game is over".into());
    }
    let next = match g.node(&s) {
        NodeKind::Chance => outcomes_of(&g, &s)
            .into_iter()
            .find(|&(o, _)| g.outcome_text(&s, o) == step)
            .map(|(o, _)| g.resolve(&s, o)),
        _ => parse_move(&g, &s, step).map(|m| g.play(&s, m)),
    };
    next.map(|t| g.text(&t))
        .ok_or_else(|| format!("`{step}` is not a legal step of {} here", G::NAME))
}

/// The outcome of a chance node picked by weight: `pick(denominator)` is a uniform draw, and
/// the outcomes' weights are consecutive ranges of it.
pub fn pick_outcome(outcomes: &[(u8, u32)], draw: u32) -> u8 {
    let mut left = draw;
    for &(o, w) in outcomes {
        if left < w {
            return o;
        }
        left -= w;
    }
    unreachable!("a draw below the denominator falls in some outcome's range")
}

/// A walk of `ply` steps from the start that ends at a decision node of a game that goes on.
fn draw<G: OpenChance>(
    ply: u32,
    _exclude_immediate_win: bool,
    pick: &mut dyn FnMut(u32) -> u32,
) -> Option<String> {
    let g = G::default();
    let mut s = g.start();
    for _ in 0..ply {
        if g.terminal(&s).is_some() {
            return None;
        }
        s = if g.node(&s) == NodeKind::Chance {
            let os = outcomes_of(&g, &s);
            g.resolve(&s, pick_outcome(&os, pick(g.denominator())))
        } else {
            let ms = moves_of(&g, &s);
            g.play(&s, ms[pick(u32::try_from(ms.len()).ok()?) as usize])
        };
    }
    (g.terminal(&s).is_none() && g.node(&s) != NodeKind::Chance).then(|| g.text(&s))
}

impl GameDef {
    /// The definition of the chance game `G`.
    #[must_use]
    pub const fn of_chance<G: OpenChance>() -> Self {
        GameDef {
            name: G::NAME,
            max_ply: G::MAX_PLY,
            end_in_reach: false,
            chance: true,
            sample_plies: Some(G::CHECK_PLIES),
            draw: draw::<G>,
            rules: rules::<G>,
            play: play::<G>,
        }
    }
}
