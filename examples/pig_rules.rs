//! Why Star2 does not pay on Pig: the reduction experiment of `pig reductions` on two variants
//! of Pig's rules that change whose nodes a roll's outcomes are (docs/chance.md).
//!
//! - `pig`: Pig as it is (a 1 passes the turn, any other outcome keeps it: the outcomes of a
//!   roll are mostly the roller's own nodes, one is the opponent's).
//! - `keep`: a 1 loses the turn total but keeps the turn: every outcome of a roll is the
//!   roller's own node (no mixing).
//! - `pass`: every roll banks its sum (0 on a 1) and passes the turn: every outcome is the
//!   opponent's node, the regular *-minimax tree of Ballard (1983).
//!
//! ```sh
//! cargo run --release --example pig_rules -- [DEPTH]   # depths 1..=DEPTH (default 4)
//! ```

#[path = "pig.rs"]
#[allow(dead_code)]
mod pig;

use pig::{Pig, PigState};
use treebench::engine::generic::chance::{search_positions, ChanceConfig, ChanceDriver, MoveOrder};
use treebench::game::chance::{ChanceGame, NodeKind, Outcomes};
use treebench::game::MoveList;

/// Who owns the outcomes of a roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Rule {
    Pig,
    Keep,
    Pass,
}

/// Pig under a [`Rule`].
struct Variant {
    pig: Pig,
    rule: Rule,
}

impl ChanceGame for Variant {
    type State = PigState;
    type Move = u8;
    fn bounds(&self) -> (i64, i64) {
        self.pig.bounds()
    }
    fn denominator(&self) -> u32 {
        self.pig.denominator()
    }
    fn key(&self, s: &PigState) -> u64 {
        self.pig.key(s)
    }
    fn terminal(&self, s: &PigState) -> Option<i64> {
        self.pig.terminal(s)
    }
    fn node(&self, s: &PigState) -> NodeKind {
        self.pig.node(s)
    }
    fn evaluate(&self, s: &PigState) -> i64 {
        self.pig.evaluate(s)
    }
    fn moves(&self, s: &PigState, out: &mut MoveList<u8>) {
        self.pig.moves(s, out)
    }
    fn play(&self, s: &PigState, m: u8) -> PigState {
        self.pig.play(s, m)
    }
    fn outcomes(&self, s: &PigState, out: &mut Outcomes) {
        self.pig.outcomes(s, out)
    }
    fn resolve(&self, s: &PigState, o: u8) -> PigState {
        let mut t = self.pig.resolve(s, o);
        match self.rule {
            Rule::Pig => {}
            Rule::Keep if o <= 1 => {
                // undo the pass: same mover, same turns finished, turn total lost
                (t.mover, t.done, t.turn) = (s.mover, s.done, 0);
            }
            Rule::Keep => {}
            Rule::Pass if o > 1 && t.turn > 0 => {
                // bank the roll and pass (a win was banked by resolve already)
                t.score[usize::from(t.mover)] += t.turn;
                (t.turn, t.mover, t.done) = (0, t.mover ^ 1, t.done + 1);
            }
            Rule::Pass => {}
        }
        t
    }
    fn order_hint(&self, s: &PigState, m: u8) -> i32 {
        self.pig.order_hint(s, m)
    }
    fn move_text(&self, m: u8) -> String {
        self.pig.move_text(m)
    }
}

fn main() {
    let max_depth: u32 = std::env::args()
        .nth(1)
        .map_or(4, |a| a.parse().expect("DEPTH is a number"));
    let pig = Pig {
        target: 20,
        turns: 4,
        wins: false,
        openspiel: false,
    };
    // the root positions of `pig reductions` (decision nodes of Pig itself)
    let states: Vec<PigState> = pig::sample_positions(&pig, &[0, 6, 12], 8, 40)
        .into_iter()
        .map(|p| p.1)
        .collect();
    println!("Pig to 20, 4 turns each, the 24 root positions of `pig reductions`, table on\n");
    println!(
        "| rule | ordering | depth | expectimax nodes | Star1 cut | Star2 cut | Star2 scouts |"
    );
    println!("|---|---|---:|---:|---:|---:|---:|");
    for (rname, rule) in [
        ("pig", Rule::Pig),
        ("keep", Rule::Keep),
        ("pass", Rule::Pass),
    ] {
        let g = Variant { pig, rule };
        for (oname, order) in [
            ("random", MoveOrder::Random(1)),
            ("optimal", MoveOrder::Oracle),
        ] {
            for depth in 1..=max_depth {
                let cfg = |driver| ChanceConfig {
                    order,
                    ..ChanceConfig::new(driver)
                };
                let (e, ev) = search_positions(&g, cfg(ChanceDriver::Expectimax), &states, depth);
                let (s1, v1) = search_positions(&g, cfg(ChanceDriver::Star1), &states, depth);
                let (s2, v2) = search_positions(&g, cfg(ChanceDriver::Star2), &states, depth);
                assert!(
                    ev == v1 && ev == v2,
                    "drivers disagree: {rname} depth {depth}"
                );
                let cut = |n: u64| 100.0 * (1.0 - n as f64 / e.nodes as f64);
                println!(
                    "| {rname} | {oname} | {depth} | {} | {:.1}% | {:.1}% | {} |",
                    e.nodes,
                    cut(s1.nodes),
                    cut(s2.nodes),
                    s2.scouts
                );
            }
        }
    }
}
