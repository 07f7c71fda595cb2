//! Verification of the chance drivers (`engine::generic::chance`): an independent brute-force
//! expectiminimax oracle, every driver × ordering × table switch against it on every position
//! given, and every seeded [`ChanceMutant`] caught by some position.

use crate::engine::generic::chance::{
    ChanceConfig, ChanceDriver, ChanceMutant, ChanceSearcher, MoveOrder, Scouting,
};
use crate::game::chance::{ChanceGame, NodeKind, Outcomes, Q};
use crate::game::MoveList;

/// The brute-force oracle: the textbook's EXPECTIMINIMAX written out with no window, table or
/// ordering, sharing no code with the drivers. Depth counts moves; chance nodes pass it on.
pub fn brute_force<G: ChanceGame>(g: &G, s: &G::State, depth: u32) -> Q {
    if let Some(u) = g.terminal(s) {
        return Q::int(u);
    }
    match g.node(s) {
        NodeKind::Chance => {
            let mut os = Outcomes::default();
            g.outcomes(s, &mut os);
            let total: u32 = os.as_slice().iter().map(|&(_, w)| w).sum();
            assert_eq!(
                total,
                g.denominator(),
                "outcome weights must sum to the denominator"
            );
            let mut num = Q::ZERO;
            for &(o, w) in os.as_slice() {
                let v = brute_force(g, &g.resolve(s, o), depth);
                num = num.plus(v.times(Q::int(i64::from(w))));
            }
            num.over(Q::int(i64::from(total)))
        }
        _ if depth == 0 => Q::int(g.evaluate(s)),
        kind => {
            let mut ms = MoveList::default();
            g.moves(s, &mut ms);
            let mut best: Option<Q> = None;
            for &m in ms.as_slice() {
                let v = brute_force(g, &g.play(s, m), depth - 1);
                best = Some(match best {
                    None => v,
                    Some(b) if kind == NodeKind::Max => b.max(v),
                    Some(b) => b.min(v),
                });
            }
            best.expect("a decision node with no move")
        }
    }
}

/// Every correct configuration verify checks: each driver (Star2 with each [`Scouting`]), with
/// natural, random, hint and optimal ordering, with and without the table.
pub fn configs() -> Vec<ChanceConfig> {
    let orders = [
        MoveOrder::Natural,
        MoveOrder::Random(7),
        MoveOrder::Hint,
        MoveOrder::Oracle,
    ];
    let mut out = Vec::new();
    for driver in ChanceDriver::ALL {
        let scoutings: &[Scouting] = match driver {
            ChanceDriver::Star2 => &Scouting::ALL,
            _ => &[Scouting::BALLARD],
        };
        for &scouting in scoutings {
            for order in orders {
                for table in [false, true] {
                    out.push(ChanceConfig {
                        driver,
                        order,
                        table,
                        scouting,
                        mutant: ChanceMutant::None,
                    });
                }
            }
        }
    }
    out
}

/// What [`check`] found.
#[derive(Debug, Default)]
pub struct ChanceReport {
    /// Positions × depths checked.
    pub cases: usize,
    /// Root searches compared with the oracle.
    pub searches: usize,
    /// Disagreements: (position index, depth, config, driver's value, oracle's value).
    pub failures: Vec<String>,
    /// Each mutant and whether some position caught it.
    pub mutants: Vec<(ChanceMutant, bool)>,
}

impl ChanceReport {
    /// Whether every driver agreed and every mutant was caught.
    pub fn passed(&self) -> bool {
        self.failures.is_empty() && self.mutants.iter().all(|&(_, c)| c)
    }

    /// One line of counts and mutants, then the first five disagreements, one a line.
    pub fn summary(&self) -> String {
        let mut out = format!(
            "{} cases, {} searches, {} disagreements, mutants {:?}",
            self.cases,
            self.searches,
            self.failures.len(),
            self.mutants
        );
        for f in self.failures.iter().take(5) {
            out += &format!("\n  {f}");
        }
        out
    }
}

/// Checks every configuration of [`configs`] against [`brute_force`] on every position at
/// every depth in `depths`, and every mutant (with Star1 and Star2, natural ordering, the
/// table off; [`ChanceMutant::NullStoredAsBound`] with the table on and null-window scouts)
/// for a disagreement somewhere.
pub fn check<G: ChanceGame>(g: &G, positions: &[G::State], depths: &[u32]) -> ChanceReport {
    let mut report = ChanceReport::default();
    let mut searchers: Vec<_> = configs()
        .into_iter()
        .map(|c| (c, ChanceSearcher::new(g, c)))
        .collect();
    let mut caught = [false; ChanceMutant::ALL.len()];
    let mut mutants: Vec<_> = ChanceMutant::ALL
        .iter()
        .enumerate()
        .flat_map(|(k, &mutant)| {
            [ChanceDriver::Star1, ChanceDriver::Star2].map(|driver| {
                // the table's mutant needs the table and null-window scouts
                let null = mutant == ChanceMutant::NullStoredAsBound;
                let c = ChanceConfig {
                    driver,
                    order: MoveOrder::Natural,
                    table: null,
                    scouting: Scouting {
                        opponent_only: false,
                        null_window: null,
                    },
                    mutant,
                };
                (k, ChanceSearcher::new(g, c))
            })
        })
        .collect();
    for (pi, s) in positions.iter().enumerate() {
        for &d in depths {
            report.cases += 1;
            let truth = brute_force(g, s, d);
            for (c, searcher) in &mut searchers {
                report.searches += 1;
                let v = searcher.solve(s, d);
                if v != truth {
                    report.failures.push(format!(
                        "position {pi} depth {d} {c:?}: {v} ≠ oracle {truth}"
                    ));
                }
            }
            for (k, searcher) in &mut mutants {
                if !caught[*k] && searcher.solve(s, d) != truth {
                    caught[*k] = true;
                }
            }
        }
    }
    report.mutants = ChanceMutant::ALL.iter().copied().zip(caught).collect();
    report
}
