//! [`Engine`]s over the textbook searches and their options.
//!
//! # Options
//! Specs follow the one grammar of [`crate::engine::spec`]; the [registry](crate::engine::registry)
//! maps each name to a [`TextbookGame`] and a [`SearchKind`]. Omitted options take their
//! default and [`Engine::spec`] always prints every option in the order below, so it parses
//! back to the same engine.
//!
//! | name | options (default first) |
//! |---|---|
//! | `ttt-minimax` | `score=wdl\|depth` |
//! | `ttt-alphabeta` | `order=index\|centre\|best`, `score=wdl\|depth` |
//! | `ttt-tt` | `table=exact\|bounds\|broken`, `order=index\|centre\|best`, `score=wdl\|depth` |
//! | `ttt-mtdf` | `guess=0` (any integer), `table=bounds\|broken`, `order=index\|centre\|best`, `score=depth\|wdl` |
//! | `tree-minimax` | `b=5` (2..=9), `d=9` (1..=20), `seed=1` (u64) |
//! | `tree-alphabeta` | `b`, `d`, `seed`, `order=given\|best\|random` |
//! | `tree-tt` | `b`, `d`, `seed`, `table=exact\|bounds\|broken`, `order=given\|best\|random` |
//! | `tree-mtdf` | `b`, `d`, `seed`, `guess=0`, `table=bounds\|broken`, `order=given\|best\|random` |
//! | `ttt-pvs`, `tree-pvs` | game options, `table=none\|exact\|bounds\|broken`, `order` |
//! | `ttt-sss`, `ttt-dual`, `tree-sss`, `tree-dual` | game options, `table=bounds\|broken`, `order` |
//! | `tree-sss-classic` | `b`, `d`, `seed`, `order=given\|best\|random` |
//!
//! `…-pvs` is NegaScout ([`AlphaBeta::pvs`]), `…-sss` / `…-dual` are MT-SSS* / MT-DUAL* (MTD from
//! `+∞` / `−∞`, [`mt_sss`], [`mt_dual`]), `tree-sss-classic` is Stockman's SSS* with its OPEN list
//! ([`sss_classic`]). Tic-tac-toe engines take `score=wdl|depth` (MTD drivers default to `depth`).
//!
//! Tic-tac-toe orders: `index` = cells 1..9, `centre` = centre, corners, edges, `best` = children
//! sorted by their true value (uncounted oracle). Scores: `wdl` = +1/0/−1, `depth` = see
//! [`Scoring::DepthWeighted`]. Random trees: `order=random` permutes children per node from the
//! tree's `seed` (see [`Order::Random`]). Scores are from the side to move; `nodes` counts every
//! search call (root included, MTD(f): summed over passes).
//!
//! `solve` keeps the table between calls until `reset` (the runner always resets first); the
//! oracle's memo of true values for `order=best` is kept across resets (it is not counted).

use crate::engine::{Engine, EngineError, SearchCounters, Solve};
use crate::game::{
    replay, Game, GameKind, RandomTree, Scoring, TicTacToe, CENTRE_ORDER, INDEX_ORDER,
};

use super::drivers::{mt_dual, mt_sss, sss_classic};
use super::search::{minimax, mtdf, AlphaBeta, Order, Stats, TtKind, INF};

/// The game of a textbook engine (the first part of its name: `ttt-…`, `tree-…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextbookGame {
    /// Tic-tac-toe (`ttt-…`).
    TicTacToe,
    /// A seeded uniform random tree (`tree-…`).
    RandomTree,
}

/// The search of a textbook engine (the second part of its name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchKind {
    /// `…-minimax`: plain minimax.
    Minimax,
    /// `…-alphabeta`: alpha-beta without a table.
    AlphaBeta,
    /// `…-tt`: alpha-beta with a table.
    Table,
    /// `…-mtdf`: MTD(f) over alpha-beta with a table.
    Mtdf,
    /// `…-pvs`: NegaScout / PVS, optionally with a table.
    Pvs,
    /// `…-sss`: MT-SSS* (MTD from `+∞`) over a table.
    Sss,
    /// `…-dual`: MT-DUAL* (MTD from `−∞`) over a table.
    Dual,
    /// `…-sss-classic`: Stockman's SSS* with its OPEN list.
    SssClassic,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Algo {
    Minimax,
    AlphaBeta,
    Table(TtKind),
    Mtdf { guess: i32, table: TtKind },
    Pvs(TtKind),
    Sss(TtKind),
    Dual(TtKind),
    SssClassic,
}

/// How the move-order option is spelled for a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum OrderOpt {
    Index,
    Centre,
    Best,
    Random,
}

/// A textbook engine over game `G`.
struct TextbookEngine<G: Game> {
    name: &'static str,
    algo: Algo,
    order: OrderOpt,
    /// Game-specific part of the spec (`score=…` or `b=…,d=…,seed=…`).
    game_opts: String,
    kind: GameKind,
    ab: AlphaBeta<G>,
    /// The counters of the last solve.
    counters: Option<SearchCounters>,
}

impl<G: Game + Send> Engine for TextbookEngine<G>
where
    G::State: Send,
{
    fn spec(&self) -> String {
        let mut opts = Vec::new();
        let is_tree = matches!(self.kind, GameKind::RandomTree(_));
        let order = match self.order {
            OrderOpt::Index => "index",
            OrderOpt::Centre => "centre",
            OrderOpt::Best => "best",
            OrderOpt::Random => "random",
        };
        // Random trees call the game's own order "given".
        let order = if is_tree && self.order == OrderOpt::Index {
            "given"
        } else {
            order
        };
        if is_tree {
            opts.push(self.game_opts.clone());
        }
        match self.algo {
            Algo::Minimax => {}
            Algo::AlphaBeta | Algo::SssClassic => opts.push(format!("order={order}")),
            Algo::Table(t) | Algo::Pvs(t) | Algo::Sss(t) | Algo::Dual(t) => {
                opts.push(format!("table={}", table_name(t)));
                opts.push(format!("order={order}"));
            }
            Algo::Mtdf { guess, table } => {
                opts.push(format!("guess={guess}"));
                opts.push(format!("table={}", table_name(table)));
                opts.push(format!("order={order}"));
            }
        }
        if !is_tree {
            opts.push(self.game_opts.clone());
        }
        format!("{}:{}", self.name, opts.join(","))
    }

    fn game(&self) -> GameKind {
        self.kind
    }

    fn reset(&mut self) {
        self.ab.reset();
    }

    fn counters(&self) -> Option<SearchCounters> {
        self.counters
    }

    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        let s = replay(self.ab.game(), moves).map_err(EngineError::BadPosition)?;
        if self.ab.game().is_terminal(&s) {
            return Err(EngineError::BadPosition(format!(
                "position '{moves}' is already decided (game over)"
            )));
        }
        let (score, stats, roots) = match self.algo {
            Algo::Minimax => {
                let mut st = Stats::default();
                (minimax(self.ab.game(), &s, &mut st), st, 1)
            }
            Algo::AlphaBeta | Algo::Table(_) => {
                self.ab.reset_stats();
                (self.ab.search(&s, -INF, INF), self.ab.stats, 1)
            }
            Algo::Mtdf { guess, .. } => {
                let r = mtdf(&mut self.ab, &s, guess);
                (r.value, r.stats, r.passes)
            }
            Algo::Pvs(_) => {
                self.ab.reset_stats();
                (self.ab.pvs(&s, -INF, INF), self.ab.stats, 1)
            }
            Algo::Sss(_) => {
                let r = mt_sss(&mut self.ab, &s);
                (r.value, r.stats, r.passes)
            }
            Algo::Dual(_) => {
                let r = mt_dual(&mut self.ab, &s);
                (r.value, r.stats, r.passes)
            }
            Algo::SssClassic => {
                let (v, st) = sss_classic(&mut self.ab, &s);
                (v, st, 1)
            }
        };
        self.counters = Some(stats.counters(u64::from(roots)));
        Ok(Solve {
            score,
            nodes: stats.nodes,
            reported_nanos: None,
            nodes_reported: true,
        })
    }
}

fn table_name(t: TtKind) -> &'static str {
    match t {
        TtKind::None => "none",
        TtKind::Exact => "exact",
        TtKind::Bounds => "bounds",
        TtKind::Broken => "broken",
    }
}

/// Options given to one engine, checked for unknown keys (the spec grammar has already
/// rejected repeated keys).
struct Opts<'a> {
    name: &'a str,
    given: Vec<(&'a str, &'a str)>,
}

impl<'a> Opts<'a> {
    fn new(
        name: &'a str,
        options: &[(&'a str, &'a str)],
        allowed: &[&str],
    ) -> Result<Self, String> {
        for (k, _) in options {
            if !allowed.contains(k) {
                return Err(if allowed.is_empty() {
                    format!("{name}: unknown option `{k}` (this engine takes no options)")
                } else {
                    format!(
                        "{name}: unknown option `{k}` (expected one of: {})",
                        allowed.join(", ")
                    )
                });
            }
        }
        Ok(Opts {
            name,
            given: options.to_vec(),
        })
    }
    fn get(&self, key: &str) -> Option<&'a str> {
        self.given.iter().find(|(k, _)| *k == key).map(|(_, v)| *v)
    }
    fn choice<T: Copy>(&self, key: &str, default: T, choices: &[(&str, T)]) -> Result<T, String> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => choices
                .iter()
                .find(|(c, _)| *c == v)
                .map(|(_, t)| *t)
                .ok_or_else(|| {
                    let names: Vec<&str> = choices.iter().map(|(c, _)| *c).collect();
                    format!(
                        "{}: bad value `{v}` for option `{key}` (expected one of: {})",
                        self.name,
                        names.join(", ")
                    )
                }),
        }
    }
    fn number<T: std::str::FromStr>(&self, key: &str, default: T) -> Result<T, String> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v.parse().map_err(|_| {
                format!(
                    "{}: bad value `{v}` for option `{key}` (expected a number)",
                    self.name
                )
            }),
        }
    }
}

const TTT_ORDERS: [(&str, OrderOpt); 3] = [
    ("index", OrderOpt::Index),
    ("centre", OrderOpt::Centre),
    ("best", OrderOpt::Best),
];
const TREE_ORDERS: [(&str, OrderOpt); 3] = [
    ("given", OrderOpt::Index),
    ("best", OrderOpt::Best),
    ("random", OrderOpt::Random),
];
const TT_TABLES: [(&str, TtKind); 3] = [
    ("exact", TtKind::Exact),
    ("bounds", TtKind::Bounds),
    ("broken", TtKind::Broken),
];
const PVS_TABLES: [(&str, TtKind); 4] = [
    ("none", TtKind::None),
    ("exact", TtKind::Exact),
    ("bounds", TtKind::Bounds),
    ("broken", TtKind::Broken),
];
const MTDF_TABLES: [(&str, TtKind); 2] = [("bounds", TtKind::Bounds), ("broken", TtKind::Broken)];

/// Build the textbook engine `name` (as the registry lists it) playing `game` with `search`,
/// from its options (already parsed by [`crate::engine::spec::parse_spec`]).
///
/// `Err` names the engine, the option and the bad value. See the module docs for the options.
pub fn build(
    name: &'static str,
    game: TextbookGame,
    search: SearchKind,
    options: &[(&str, &str)],
) -> Result<Box<dyn Engine>, String> {
    let mut allowed: Vec<&str> = match game {
        TextbookGame::TicTacToe => vec!["score"],
        TextbookGame::RandomTree => vec!["b", "d", "seed"],
    };
    allowed.extend(match search {
        SearchKind::Minimax => &[][..],
        SearchKind::AlphaBeta | SearchKind::SssClassic => &["order"][..],
        SearchKind::Table | SearchKind::Pvs | SearchKind::Sss | SearchKind::Dual => {
            &["table", "order"][..]
        }
        SearchKind::Mtdf => &["guess", "table", "order"][..],
    });
    let opts = Opts::new(name, options, &allowed)?;
    let algo = match search {
        SearchKind::Minimax => Algo::Minimax,
        SearchKind::AlphaBeta => Algo::AlphaBeta,
        SearchKind::Table => Algo::Table(opts.choice("table", TtKind::Exact, &TT_TABLES)?),
        SearchKind::Mtdf => Algo::Mtdf {
            guess: opts.number("guess", 0i32)?,
            table: opts.choice("table", TtKind::Bounds, &MTDF_TABLES)?,
        },
        SearchKind::Pvs => Algo::Pvs(opts.choice("table", TtKind::None, &PVS_TABLES)?),
        SearchKind::Sss => Algo::Sss(opts.choice("table", TtKind::Bounds, &MTDF_TABLES)?),
        SearchKind::Dual => Algo::Dual(opts.choice("table", TtKind::Bounds, &MTDF_TABLES)?),
        SearchKind::SssClassic => Algo::SssClassic,
    };
    let table = match algo {
        Algo::Minimax | Algo::AlphaBeta | Algo::SssClassic => TtKind::None,
        Algo::Table(t)
        | Algo::Mtdf { table: t, .. }
        | Algo::Pvs(t)
        | Algo::Sss(t)
        | Algo::Dual(t) => t,
    };
    if game == TextbookGame::TicTacToe {
        let default_score = if matches!(algo, Algo::Mtdf { .. } | Algo::Sss(_) | Algo::Dual(_)) {
            Scoring::DepthWeighted
        } else {
            Scoring::WinLoss
        };
        let scoring = opts.choice(
            "score",
            default_score,
            &[("wdl", Scoring::WinLoss), ("depth", Scoring::DepthWeighted)],
        )?;
        let order = opts.choice("order", OrderOpt::Index, &TTT_ORDERS)?;
        let ttt = TicTacToe::new()
            .with_scoring(scoring)
            .with_order(if order == OrderOpt::Centre {
                CENTRE_ORDER
            } else {
                INDEX_ORDER
            });
        let search_order = if order == OrderOpt::Best {
            Order::Best
        } else {
            Order::Given
        };
        let score = if scoring == Scoring::WinLoss {
            "wdl"
        } else {
            "depth"
        };
        Ok(Box::new(TextbookEngine {
            name,
            algo,
            order,
            game_opts: format!("score={score}"),
            kind: GameKind::TicTacToe,
            ab: AlphaBeta::new(ttt, search_order, table),
            counters: None,
        }))
    } else {
        let b: u8 = opts.number("b", 5u8)?;
        let d: u8 = opts.number("d", 9u8)?;
        let seed: u64 = opts.number("seed", 1u64)?;
        let tree = RandomTree::new(b, d, seed).map_err(|e| format!("{name}: {e}"))?;
        let order = opts.choice("order", OrderOpt::Index, &TREE_ORDERS)?;
        let search_order = match order {
            OrderOpt::Best => Order::Best,
            OrderOpt::Random => Order::Random { seed },
            _ => Order::Given,
        };
        Ok(Box::new(TextbookEngine {
            name,
            algo,
            order,
            game_opts: format!("b={b},d={d},seed={seed}"),
            kind: GameKind::RandomTree(tree.shape()),
            ab: AlphaBeta::new(tree, search_order, table),
            counters: None,
        }))
    }
}
