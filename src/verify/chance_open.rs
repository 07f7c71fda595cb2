//! `verify --game NAME` for a chance game added in one file ([`OpenChance`]): the structure of
//! its rules on seeded positions (a position's text reads back to the same position, every
//! chance node's weights sum to the denominator, outcomes and moves have distinct texts), then
//! every chance driver × ordering × table × scouting against the brute-force oracle and every
//! seeded mutant ([`super::chance::check`]) on the seeded positions at
//! [`OpenChance::CHECK_DEPTHS`] (positions at [`OpenChance::CHECK_PLIES`]).

use super::chance::{check, ChanceReport};
use crate::engine::generic::chance::ChanceMutant;
use crate::game::chance::{ChanceGame, NodeKind, Outcomes};
use crate::game::chance_open::OpenChance;
use crate::game::chance_tree::ChanceTree;
use crate::game::{GameKind, MoveList};
use crate::runner::positions::positions_for_ply;
use std::collections::HashSet;

/// What `verify --game` found on a chance game.
#[derive(Debug, Default)]
pub struct ChanceGameReport {
    /// The game's name.
    pub game: String,
    /// The plies positions were drawn at.
    pub plies: Vec<u32>,
    /// Structural failures (at most five kept) and how many in all.
    pub structure: Vec<String>,
    pub structure_count: usize,
    /// Positions whose structure was checked (the seeded ones and their children).
    pub structure_positions: usize,
    /// The drivers and mutants against brute force.
    pub drivers: ChanceReport,
    /// The depths searched.
    pub depths: Vec<u32>,
    /// Each mutant the game's positions did not catch, and the regular chance tree that caught
    /// it (`None`: none did).
    pub elsewhere: Vec<(ChanceMutant, Option<String>)>,
}

impl ChanceGameReport {
    /// Whether the rules held, every driver equalled the oracle and every mutant was caught.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.structure_count == 0
            && self.drivers.failures.is_empty()
            && self.elsewhere.iter().all(|(_, tree)| tree.is_some())
    }
}

impl std::fmt::Display for ChanceGameReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let verdict = |ok: bool| if ok { "PASS" } else { "FAIL" };
        writeln!(
            f,
            "{}: {} seeded positions at plies {:?}",
            self.game,
            self.drivers.cases / self.depths.len().max(1),
            self.plies
        )?;
        writeln!(
            f,
            "  {} rules: {} positions (text read back, weights sum to the denominator, distinct \
             outcome and move texts), {} failures",
            verdict(self.structure_count == 0),
            self.structure_positions,
            self.structure_count
        )?;
        for s in &self.structure {
            writeln!(f, "    {s}")?;
        }
        let caught = self.drivers.mutants.iter().filter(|m| m.1).count();
        let rescued = self.elsewhere.iter().filter(|e| e.1.is_some()).count();
        writeln!(
            f,
            "  {} drivers against brute force at depths {:?}: {}",
            verdict(self.drivers.failures.is_empty()),
            self.depths,
            self.drivers.summary()
        )?;
        write!(
            f,
            "  {} mutants: {caught} of {} caught on {}'s positions",
            verdict(caught + rescued == self.drivers.mutants.len()),
            self.drivers.mutants.len(),
            self.game
        )?;
        for (m, tree) in &self.elsewhere {
            match tree {
                Some(t) => write!(f, "; {m:?} on {t}")?,
                None => write!(f, "; {m:?} nowhere")?,
            }
        }
        Ok(())
    }
}

/// The structural checks of `s` (a seeded position) and its children.
fn check_structure<G: OpenChance>(g: &G, s: &G::State, failures: &mut Vec<String>) -> usize {
    let mut stack = vec![s.clone()];
    stack.extend(children(g, s));
    for t in &stack {
        let text = g.text(t);
        match g.parse(&text) {
            Ok(back) if g.text(&back) == text && g.key(&back) == g.key(t) => {}
            Ok(_) => failures.push(format!("`{text}` reads back as another position")),
            Err(e) => failures.push(format!("`{text}` does not read back: {e}")),
        }
        if g.terminal(t).is_some() {
            continue;
        }
        let mut seen = HashSet::new();
        let mut list = MoveList::default();
        if g.node(t) == NodeKind::Chance {
            let mut os = Outcomes::default();
            g.outcomes(t, &mut os);
            let total: u32 = os.as_slice().iter().map(|&(_, w)| w).sum();
            if total != g.denominator() {
                failures.push(format!(
                    "`{text}`: the outcomes' weights sum to {total}, not the denominator {}",
                    g.denominator()
                ));
            }
            for &(o, _) in os.as_slice() {
                if !seen.insert(g.outcome_text(t, o)) {
                    failures.push(format!("`{text}`: two outcomes share a text"));
                }
            }
        } else {
            g.moves(t, &mut list);
            for &m in list.as_slice() {
                if !seen.insert(g.move_text(m)) {
                    failures.push(format!("`{text}`: two moves share a text"));
                }
            }
        }
    }
    stack.len()
}

/// Regular chance trees searched for a mutant the game's positions missed (a mutant is a bug
/// of the drivers, not of the game: a game whose values never meet a null window's bound
/// cannot show [`ChanceMutant::NullStoredAsBound`], which 2×2 trees of depth 4 show).
pub const CALIBRATION_SEEDS: std::ops::RangeInclusive<u64> = 1..=30;

/// The first regular chance tree (2 moves, 2 outcomes, depth 4, leaves in ±20) on which some
/// driver with `mutant` differs from brute force, named; `None` when no seed shows it.
fn caught_on_tree(mutant: ChanceMutant) -> Option<String> {
    let k = ChanceMutant::ALL.iter().position(|&m| m == mutant)?;
    CALIBRATION_SEEDS.into_iter().find_map(|seed| {
        let t = ChanceTree::new(2, 2, 4, 20, seed).ok()?;
        let r = check(&t, &[t.root()], &[4]);
        r.mutants[k]
            .1
            .then(|| format!("the regular chance tree b=2, 2 outcomes, depth 4, seed {seed}"))
    })
}

/// The children of `s`: one a move or one an outcome.
fn children<G: ChanceGame>(g: &G, s: &G::State) -> Vec<G::State> {
    if g.terminal(s).is_some() {
        return Vec::new();
    }
    if g.node(s) == NodeKind::Chance {
        let mut os = Outcomes::default();
        g.outcomes(s, &mut os);
        return os
            .as_slice()
            .iter()
            .map(|&(o, _)| g.resolve(s, o))
            .collect();
    }
    let mut list = MoveList::default();
    g.moves(s, &mut list);
    list.as_slice().iter().map(|&m| g.play(s, m)).collect()
}

/// `verify --game NAME` of the chance game `G` on `per_ply` seeded positions a ply (`kind`
/// names it); a known-values file is refused (a chance game's values are rationals).
pub fn verify_chance<G: OpenChance>(
    kind: GameKind,
    per_ply: u32,
    seed: u64,
    known: Option<&std::path::Path>,
) -> Result<ChanceGameReport, String> {
    if known.is_some() {
        return Err(format!(
            "--known: {} is a chance game, whose values are rationals; a known-values file holds integers",
            G::NAME
        ));
    }
    let g = G::default();
    let plies = G::CHECK_PLIES.to_vec();
    let mut states = Vec::new();
    for &ply in &plies {
        for d in positions_for_ply(kind, seed, ply, per_ply, false) {
            states.push(g.parse(&d.moves)?);
        }
    }
    if states.is_empty() {
        return Err(format!("{}: no seeded position was drawn", G::NAME));
    }
    let mut failures = Vec::new();
    let structure_positions = states
        .iter()
        .map(|s| check_structure(&g, s, &mut failures))
        .sum();
    let structure_count = failures.len();
    failures.truncate(5);
    let drivers = check(&g, &states, G::CHECK_DEPTHS);
    let elsewhere = drivers
        .mutants
        .iter()
        .filter(|m| !m.1)
        .map(|&(m, _)| (m, caught_on_tree(m)))
        .collect();
    Ok(ChanceGameReport {
        game: G::NAME.to_string(),
        plies,
        structure: failures,
        structure_count,
        structure_positions,
        drivers,
        depths: G::CHECK_DEPTHS.to_vec(),
        elsewhere,
    })
}
