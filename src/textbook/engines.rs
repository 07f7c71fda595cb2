//! [`Engine`]s over the textbook searches, their spec grammar, and a legal-move helper.
//!
//! # Spec grammar
//! A spec is `NAME` or `NAME:KEY=VALUE,KEY=VALUE,...`; omitted options take their default and
//! [`Engine::spec`] always prints every option in the order below, so it parses back to the
//! same engine.
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
//!
//! Tic-tac-toe orders: `index` = cells 1..9, `centre` = centre, corners, edges, `best` = children
//! sorted by their true value (uncounted oracle). Scores: `wdl` = +1/0/−1, `depth` = see
//! [`Scoring::DepthWeighted`]. Random trees: `order=random` permutes children per node from the
//! tree's `seed` (see [`Order::Random`]). Scores are from the side to move; `nodes` counts every
//! search call (root included, MTD(f): summed over passes).
//!
//! `solve` keeps the table between calls until `reset` (the runner always resets first); the
//! oracle's memo of true values for `order=best` is kept across resets (it is not counted).

use crate::engine::{Engine, EngineError, GameKind, Solve};

use super::games::{RandomTree, Scoring, TicTacToe, CENTRE_ORDER, INDEX_ORDER};
use super::search::{minimax, mtdf, AlphaBeta, Order, Stats, TableKind, INF};
use super::Game;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Algo {
    Minimax,
    AlphaBeta,
    Table(TableKind),
    Mtdf { guess: i32, table: TableKind },
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
}

/// Replay `moves` (characters `'1'..='9'`, move `c` is `c − '1'`) from the root of `game`.
fn replay<G: Game>(game: &G, moves: &str) -> Result<G::State, String> {
    let mut s = game.root();
    for (i, ch) in moves.chars().enumerate() {
        if game.is_terminal(&s) {
            return Err(format!(
                "move '{ch}' at index {i}: the game is already over"
            ));
        }
        let m = match ch {
            '1'..='9' => ch as u8 - b'1',
            _ => {
                return Err(format!(
                    "bad move character '{ch}' at index {i} (expected 1-9)"
                ))
            }
        };
        if !game.moves(&s).contains(&m) {
            return Err(format!("illegal move '{ch}' at index {i}"));
        }
        s = game.play(&s, m);
    }
    Ok(s)
}

impl<G: Game + Send> Engine for TextbookEngine<G>
where
    G::State: Send,
{
    fn spec(&self) -> String {
        let mut opts = Vec::new();
        let order = match self.order {
            OrderOpt::Index => "index",
            OrderOpt::Centre => "centre",
            OrderOpt::Best => "best",
            OrderOpt::Random => "random",
        };
        // Random trees call the game's own order "given".
        let order = if self.kind == GameKind::RandomTree && self.order == OrderOpt::Index {
            "given"
        } else {
            order
        };
        let is_tree = self.kind == GameKind::RandomTree;
        if is_tree {
            opts.push(self.game_opts.clone());
        }
        match self.algo {
            Algo::Minimax => {}
            Algo::AlphaBeta => opts.push(format!("order={order}")),
            Algo::Table(t) => {
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

    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        let s = replay(self.ab.game(), moves).map_err(EngineError::BadPosition)?;
        if self.ab.game().is_terminal(&s) {
            return Err(EngineError::BadPosition(format!(
                "position '{moves}' is already decided (game over)"
            )));
        }
        let (score, stats) = match self.algo {
            Algo::Minimax => {
                let mut st = Stats::default();
                (minimax(self.ab.game(), &s, &mut st), st)
            }
            Algo::AlphaBeta | Algo::Table(_) => {
                self.ab.reset_stats();
                (self.ab.search(&s, -INF, INF), self.ab.stats)
            }
            Algo::Mtdf { guess, .. } => {
                let r = mtdf(&mut self.ab, &s, guess);
                (r.value, r.stats)
            }
        };
        Ok(Solve {
            score,
            nodes: stats.nodes,
            reported_nanos: None,
        })
    }
}

fn table_name(t: TableKind) -> &'static str {
    match t {
        TableKind::None => "none",
        TableKind::Exact => "exact",
        TableKind::Bounds => "bounds",
        TableKind::Broken => "broken",
    }
}

/// Options given to one engine, checked for unknown and repeated keys.
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
        for (i, (k, _)) in options.iter().enumerate() {
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
            if options[..i].iter().any(|(k2, _)| k2 == k) {
                return Err(format!("{name}: option `{k}` given twice"));
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
const TT_TABLES: [(&str, TableKind); 3] = [
    ("exact", TableKind::Exact),
    ("bounds", TableKind::Bounds),
    ("broken", TableKind::Broken),
];
const MTDF_TABLES: [(&str, TableKind); 2] =
    [("bounds", TableKind::Bounds), ("broken", TableKind::Broken)];

/// Build a textbook engine from its name and options (already split at `:`, `,` and `=`).
///
/// Returns `Ok(None)` when `name` is not a textbook engine (so a registry can try others), and
/// `Err` naming the engine, the option and the bad value otherwise. See the module docs for the
/// grammar.
pub fn build_engine(
    name: &str,
    options: &[(&str, &str)],
) -> Result<Option<Box<dyn Engine>>, String> {
    let (game, algo_name) = match name.split_once('-') {
        Some(("ttt", a)) => ("ttt", a),
        Some(("tree", a)) => ("tree", a),
        _ => return Ok(None),
    };
    let static_name: &'static str = match name {
        "ttt-minimax" => "ttt-minimax",
        "ttt-alphabeta" => "ttt-alphabeta",
        "ttt-tt" => "ttt-tt",
        "ttt-mtdf" => "ttt-mtdf",
        "tree-minimax" => "tree-minimax",
        "tree-alphabeta" => "tree-alphabeta",
        "tree-tt" => "tree-tt",
        "tree-mtdf" => "tree-mtdf",
        _ => return Ok(None),
    };
    let mut allowed: Vec<&str> = match game {
        "ttt" => vec!["score"],
        _ => vec!["b", "d", "seed"],
    };
    allowed.extend(match algo_name {
        "minimax" => &[][..],
        "alphabeta" => &["order"][..],
        "tt" => &["table", "order"][..],
        _ => &["guess", "table", "order"][..],
    });
    let opts = Opts::new(name, options, &allowed)?;
    let algo = match algo_name {
        "minimax" => Algo::Minimax,
        "alphabeta" => Algo::AlphaBeta,
        "tt" => Algo::Table(opts.choice("table", TableKind::Exact, &TT_TABLES)?),
        _ => Algo::Mtdf {
            guess: opts.number("guess", 0i32)?,
            table: opts.choice("table", TableKind::Bounds, &MTDF_TABLES)?,
        },
    };
    let table = match algo {
        Algo::Minimax | Algo::AlphaBeta => TableKind::None,
        Algo::Table(t) | Algo::Mtdf { table: t, .. } => t,
    };
    if game == "ttt" {
        let default_score = if matches!(algo, Algo::Mtdf { .. }) {
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
        Ok(Some(Box::new(TextbookEngine {
            name: static_name,
            algo,
            order,
            game_opts: format!("score={score}"),
            kind: GameKind::TicTacToe,
            ab: AlphaBeta::new(ttt, search_order, table),
        })))
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
        Ok(Some(Box::new(TextbookEngine {
            name: static_name,
            algo,
            order,
            game_opts: format!("b={b},d={d},seed={seed}"),
            kind: GameKind::RandomTree,
            ab: AlphaBeta::new(tree, search_order, table),
        })))
    }
}

/// Options of a spec as `(key, value)` pairs, in the order written.
pub type SpecOptions<'a> = Vec<(&'a str, &'a str)>;

/// Split a spec `NAME[:K=V,K=V...]` into its name and options (no validation of the keys).
pub fn parse_spec(spec: &str) -> Result<(&str, SpecOptions<'_>), String> {
    let (name, rest) = spec.split_once(':').unwrap_or((spec, ""));
    let mut opts = Vec::new();
    for part in rest.split(',').filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once('=')
            .ok_or_else(|| format!("{name}: option `{part}` is not KEY=VALUE"))?;
        opts.push((k.trim(), v.trim()));
    }
    Ok((name.trim(), opts))
}

/// [`parse_spec`] then [`build_engine`]; `Err` also when the name is not a textbook engine.
pub fn build_engine_from_spec(spec: &str) -> Result<Box<dyn Engine>, String> {
    let (name, opts) = parse_spec(spec)?;
    build_engine(name, &opts)?.ok_or_else(|| format!("`{name}` is not a textbook engine"))
}

/// Shape of a random tree, for [`legal_moves`] (the leaf seed does not affect the moves).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TreeShape {
    /// Branching factor (2..=9).
    pub branching: u8,
    /// Depth (1..=20).
    pub depth: u8,
}

/// The legal next moves after `moves`, as move characters (`b'1'..=b'9'`) in index order; an
/// empty vector means the position is terminal (game over / leaf). `tree` is required for
/// [`GameKind::RandomTree`] and ignored for tic-tac-toe; Connect-4 is not handled here. `Err`
/// names the offending character and index for a bad or illegal move string.
pub fn legal_moves(
    kind: GameKind,
    tree: Option<TreeShape>,
    moves: &str,
) -> Result<Vec<u8>, String> {
    fn next<G: Game>(g: &G, moves: &str) -> Result<Vec<u8>, String> {
        let s = replay(g, moves)?;
        let mut ms = g.moves(&s);
        ms.sort_unstable();
        Ok(ms.into_iter().map(|m| b'1' + m).collect())
    }
    match kind {
        GameKind::TicTacToe => next(&TicTacToe::new(), moves),
        GameKind::RandomTree => {
            let t = tree.ok_or("legal_moves: a random tree needs its shape (branching, depth)")?;
            next(&RandomTree::new(t.branching, t.depth, 0)?, moves)
        }
        GameKind::Connect4 => Err("legal_moves: Connect-4 is not a textbook game".to_string()),
    }
}
