//! The textbook report: every published number next to ours, as Markdown.

use crate::table::{Column, PipeTable, Table, TableFormat};
use crate::util::fmt::thousands;
use std::fmt::{self, Write as _};

use super::drivers::{driver_part, driver_study, DriverRow};
use super::uct_match::{uct_losses, UCT_SEED};
use crate::engine::textbook::search::{
    alphabeta, minimax, mtdf, reachable_states, AlphaBeta, Order, Stats, TtKind,
};
use crate::game::{Game, RandomTree, Scoring, TicTacToe, CENTRE_ORDER};

/// Tic-tac-toe from the empty board (X to move, win/draw/loss scoring).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TttCounts {
    /// Minimax, index order.
    pub minimax: Stats,
    /// Alpha-beta, index order.
    pub alphabeta: Stats,
    /// Alpha-beta, centre–corners–edges order.
    pub ordered: Stats,
    /// Ordered alpha-beta with the exact-value table.
    pub ordered_exact: Stats,
    /// Distinct reachable positions (empty board included).
    pub states: usize,
    /// The values returned by the four searches above.
    pub values: [i32; 4],
}

/// Compute [`TttCounts`].
pub fn ttt_counts() -> TttCounts {
    let t = TicTacToe::new();
    let c = t.with_order(CENTRE_ORDER);
    let mut mm = Stats::default();
    let v0 = minimax(&t, &t.root(), &mut mm);
    let (v1, ab) = alphabeta(&t, Order::Given, TtKind::None);
    let (v2, ord) = alphabeta(&c, Order::Given, TtKind::None);
    let (v3, ex) = alphabeta(&c, Order::Given, TtKind::Exact);
    TttCounts {
        minimax: mm,
        alphabeta: ab,
        ordered: ord,
        ordered_exact: ex,
        states: reachable_states(&t),
        values: [v0, v1, v2, v3],
    }
}

/// Alpha-beta leaf counts on uniform random trees of branching `b`.
#[derive(Debug, Clone, PartialEq)]
pub struct TreeStudy {
    /// Branching factor.
    pub b: u8,
    /// Tree seeds (one tree per seed and depth).
    pub seeds: Vec<u64>,
    /// Depths studied, increasing; the last one is the headline depth.
    pub depths: Vec<u8>,
    /// Minimax leaves at the headline depth (tree of the first seed).
    pub minimax_leaves: u64,
    /// Best-first (oracle order) leaves at the headline depth, one per seed in `best_seeds`.
    pub best_leaves: Vec<(u64, u64)>,
    /// Mean leaves over `seeds` for the game's given order (a uniformly random order, since leaf
    /// values are i.i.d.), one per depth.
    pub random_mean: Vec<f64>,
    /// Least-squares slope of `log_b(mean leaves)` against depth: leaves grow like `b^(slope·d)`.
    pub exponent: f64,
}

/// `b^⌈d/2⌉ + b^⌊d/2⌋ − 1`, the leaves of the minimal tree.
pub fn best_case_leaves(b: u8, d: u8) -> u64 {
    let b = b as u64;
    b.pow(d.div_ceil(2) as u32) + b.pow((d / 2) as u32) - 1
}

/// Least-squares slope of `y` against `x`.
pub fn ls_slope(x: &[f64], y: &[f64]) -> f64 {
    let n = x.len() as f64;
    let (mx, my) = (x.iter().sum::<f64>() / n, y.iter().sum::<f64>() / n);
    let sxy: f64 = x.iter().zip(y).map(|(a, b)| (a - mx) * (b - my)).sum();
    let sxx: f64 = x.iter().map(|a| (a - mx) * (a - mx)).sum();
    sxy / sxx
}

/// Run the random-tree study.
pub fn tree_study(b: u8, depths: &[u8], seeds: &[u64], best_seeds: &[u64]) -> TreeStudy {
    let dmax = *depths.last().expect("at least one depth");
    let first = RandomTree::new(b, dmax, seeds[0]).expect("valid tree");
    let mut mm = Stats::default();
    minimax(&first, &first.root(), &mut mm);
    let best_leaves = best_seeds
        .iter()
        .map(|&s| {
            (
                s,
                alphabeta(
                    &RandomTree::new(b, dmax, s).expect("valid tree"),
                    Order::Best,
                    TtKind::None,
                )
                .1
                .leaves,
            )
        })
        .collect();
    let random_mean: Vec<f64> = depths
        .iter()
        .map(|&d| {
            let total: u64 = seeds
                .iter()
                .map(|&s| {
                    alphabeta(
                        &RandomTree::new(b, d, s).expect("valid tree"),
                        Order::Given,
                        TtKind::None,
                    )
                    .1
                    .leaves
                })
                .sum();
            total as f64 / seeds.len() as f64
        })
        .collect();
    let x: Vec<f64> = depths.iter().map(|&d| d as f64).collect();
    let y: Vec<f64> = random_mean
        .iter()
        .map(|m| m.ln() / (b as f64).ln())
        .collect();
    TreeStudy {
        b,
        seeds: seeds.to_vec(),
        depths: depths.to_vec(),
        minimax_leaves: mm.leaves,
        best_leaves,
        random_mean,
        exponent: ls_slope(&x, &y),
    }
}

/// One MTD(f) run on tic-tac-toe with depth-weighted scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MtdfRow {
    /// First guess.
    pub guess: i32,
    /// Table discipline (`Bounds` or `Broken`).
    pub table: TtKind,
    /// Value MTD(f) returned.
    pub value: i32,
    /// Null-window passes.
    pub passes: u32,
    /// Counters over all passes.
    pub stats: Stats,
}

/// MTD(f) study: the true value, plain alpha-beta (no table; bound table) baselines, and one
/// row per (guess, table) for guesses `0, +10, −10`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MtdfStudy {
    /// Minimax value of the empty board under depth-weighted scoring.
    pub true_value: i32,
    /// Full-window alpha-beta, no table.
    pub alphabeta: Stats,
    /// Full-window alpha-beta with the bound-flagged table.
    pub alphabeta_bounds: Stats,
    /// The MTD(f) runs.
    pub rows: Vec<MtdfRow>,
}

/// Guesses used by [`mtdf_study`].
pub const MTDF_GUESSES: [i32; 3] = [0, 10, -10];

/// Run the MTD(f) study (index order, [`Scoring::DepthWeighted`], fresh table per run).
pub fn mtdf_study() -> MtdfStudy {
    let t = TicTacToe::new().with_scoring(Scoring::DepthWeighted);
    let mut st = Stats::default();
    let true_value = minimax(&t, &t.root(), &mut st);
    let (_, ab) = alphabeta(&t, Order::Given, TtKind::None);
    let (_, abb) = alphabeta(&t, Order::Given, TtKind::Bounds);
    let mut rows = Vec::new();
    for guess in MTDF_GUESSES {
        for table in [TtKind::Bounds, TtKind::Broken] {
            let mut s = AlphaBeta::new(t, Order::Given, table);
            let r = mtdf(&mut s, &t.root(), guess);
            rows.push(MtdfRow {
                guess,
                table,
                value: r.value,
                passes: r.passes,
                stats: r.stats,
            });
        }
    }
    MtdfStudy {
        true_value,
        alphabeta: ab,
        alphabeta_bounds: abb,
        rows,
    }
}

/// UCT budgets (iterations per move) of the report.
pub const UCT_BUDGETS: [u32; 8] = [1, 3, 10, 30, 100, 300, 1000, 3000];
/// Published UCT losses out of 100 (first, second) where the source gives them.
pub const UCT_PUBLISHED: [(u32, Option<u32>, Option<u32>); 8] = [
    (1, None, None),
    (3, Some(94), None),
    (10, None, None),
    (30, Some(24), None),
    (100, Some(1), Some(59)),
    (300, Some(0), Some(29)),
    (1000, Some(0), Some(3)),
    (3000, Some(0), Some(0)),
];

/// What to compute.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReportOptions {
    /// Fast mode: best-first trees for one seed only and UCT budgets up to 300.
    pub fast: bool,
}

/// Everything the report shows.
#[derive(Debug, Clone)]
pub struct TextbookReport {
    /// Options used.
    pub options: ReportOptions,
    /// Tic-tac-toe counts.
    pub ttt: TttCounts,
    /// Random trees, b = 5, depths 3..=9, seeds 1..=10.
    pub trees: TreeStudy,
    /// MTD(f) findings.
    pub mtdf: MtdfStudy,
    /// UCT budgets and losses `[first, second]` out of `uct_games`.
    pub uct: Vec<(u32, [u32; 2])>,
    /// Games per budget and side.
    pub uct_games: u32,
    /// Leaves of every driver relative to alpha-beta, per shape and order.
    pub drivers: Vec<DriverRow>,
    /// Trees per shape in `drivers` (seeds `1..=driver_trees`).
    pub driver_trees: usize,
}

/// Shapes `(b, d)` of the drivers table.
pub const DRIVER_SHAPES: [(u8, u8); 5] = [(2, 10), (3, 7), (4, 6), (5, 5), (8, 4)];

impl TextbookReport {
    /// Compute all tables.
    pub fn compute(options: ReportOptions) -> Self {
        let seeds: Vec<u64> = (1..=10).collect();
        let best_seeds = if options.fast { vec![1] } else { seeds.clone() };
        let budgets: Vec<u32> = UCT_BUDGETS
            .iter()
            .copied()
            .filter(|&b| !options.fast || b <= 300)
            .collect();
        let games = 100;
        let losses = uct_losses(&budgets, games);
        let driver_seeds: Vec<u64> = (1..=if options.fast { 3 } else { 10 }).collect();
        TextbookReport {
            options,
            ttt: ttt_counts(),
            trees: tree_study(5, &[3, 4, 5, 6, 7, 8, 9], &seeds, &best_seeds),
            mtdf: mtdf_study(),
            uct: budgets.into_iter().zip(losses).collect(),
            uct_games: games,
            drivers: driver_study(&DRIVER_SHAPES, &driver_seeds),
            driver_trees: driver_seeds.len(),
        }
    }
}

fn opt(n: Option<u32>) -> String {
    n.map_or("–".to_string(), |v| v.to_string())
}

/// One part of the report: its heading, what its tables show, the tables, the lines after them,
/// and how it was computed (seeds, streams: the method). Every text is Markdown with code spans
/// only.
#[derive(Debug, Clone, Default)]
pub struct Part {
    pub heading: String,
    /// What the tables show (read before them).
    pub notes: Vec<String>,
    pub tables: Vec<Table>,
    /// Lines after the tables (a fit, a finding).
    pub after: Vec<String>,
    /// How the numbers were made: the report shows it with the tables, the page in its
    /// appendix.
    pub method: Vec<String>,
}

/// How every search is counted (the method common to every part).
pub const COUNTING: &str = "Counting: every search call is a node (root included); the terminal test precedes the table lookup; root window (−∞, +∞); fail-soft negamax alpha-beta; tables keyed by the exact position (no symmetry).";

impl fmt::Display for TextbookReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut o = String::new();
        writeln!(o, "# Textbook baselines\n")?;
        writeln!(
            o,
            "Generated by `treebench textbook`{}. {COUNTING}\n",
            if self.options.fast {
                " (fast mode)"
            } else {
                ""
            }
        )?;
        for p in self.parts() {
            writeln!(o, "## {}\n", p.heading)?;
            for n in p.notes.iter().chain(&p.method) {
                writeln!(o, "{n}\n")?;
            }
            for t in &p.tables {
                writeln!(o, "{}", PipeTable.render(t))?;
            }
            for a in &p.after {
                writeln!(o, "{a}\n")?;
            }
        }
        f.write_str(o.trim_end())?;
        f.write_str("\n")
    }
}

impl TextbookReport {
    /// The parts in the report's order.
    pub fn parts(&self) -> Vec<Part> {
        vec![
            self.tictactoe_part(),
            self.trees_part(),
            driver_part(&self.drivers, self.driver_trees),
            self.mtdf_part(),
            self.uct_part(),
        ]
    }

    /// The published tic-tac-toe searches whose node count we reproduce: (name, published
    /// nodes, ours).
    pub fn tictactoe_rows(&self) -> [(&'static str, u64, Stats); 4] {
        let t = &self.ttt;
        [
            ("minimax", 549_946, t.minimax),
            ("alpha-beta", 18_297, t.alphabeta),
            ("ordered alpha-beta", 7_275, t.ordered),
            ("ordered alpha-beta + exact table", 5_700, t.ordered_exact),
        ]
    }

    /// Tic-tac-toe from the empty board: published against our node counts.
    fn tictactoe_part(&self) -> Part {
        let t = &self.ttt;
        let mut table = Table::new(vec![
            Column::left("search"),
            Column::right("published nodes"),
            Column::right("our nodes"),
            Column::right("leaves"),
            Column::right("table hits"),
            Column::right("value"),
        ]);
        table.title = "Tic-tac-toe from the empty board: nodes of each search".into();
        for (i, (name, publ, s)) in self.tictactoe_rows().iter().enumerate() {
            table.push_row([
                name.to_string(),
                thousands(*publ),
                thousands(s.nodes),
                thousands(s.leaves),
                thousands(s.hits),
                t.values[i].to_string(),
            ]);
        }
        table.push_row([
            "distinct positions (empty board included)".to_string(),
            "5,478".to_string(),
            thousands(t.states as u64),
            String::new(),
            String::new(),
            String::new(),
        ]);
        Part {
            heading: "Tic-tac-toe from the empty board".into(),
            notes: vec!["X to move, scores +1/0/−1 (no depth weighting), moves in cell order 1..9; ordered = centre, corners, edges; the exact-value table stores a value only when it fell strictly inside the node's original window.".into()],
            tables: vec![table],
            ..Part::default()
        }
    }

    /// The leaves of best-first alpha-beta at the headline depth: `3,749` or a range.
    pub fn best_leaves_text(&self) -> String {
        let bl: Vec<u64> = self.trees.best_leaves.iter().map(|&(_, l)| l).collect();
        let (bmin, bmax) = (
            bl.iter().min().copied().unwrap_or(0),
            bl.iter().max().copied().unwrap_or(0),
        );
        if bmin == bmax {
            thousands(bmin)
        } else {
            format!("{}–{}", thousands(bmin), thousands(bmax))
        }
    }

    /// Uniform random trees: leaves against the published counts and the fitted exponent.
    fn trees_part(&self) -> Part {
        let tr = &self.trees;
        let dmax = *tr.depths.last().unwrap_or(&0);
        let mut table = Table::new(vec![
            Column::left(format!("d = {dmax}")),
            Column::right("published leaves"),
            Column::right("our leaves"),
        ]);
        table.title = format!("Leaves at depth {dmax}, b = {}", tr.b);
        table.push_row([
            format!("minimax (seed {})", tr.seeds[0]),
            thousands((tr.b as u64).pow(dmax as u32)),
            thousands(tr.minimax_leaves),
        ]);
        table.push_row([
            format!(
                "alpha-beta, best child first (seeds {:?})",
                tr.best_leaves.iter().map(|p| p.0).collect::<Vec<_>>()
            ),
            thousands(best_case_leaves(tr.b, dmax)),
            self.best_leaves_text(),
        ]);
        table.push_row([
            format!(
                "alpha-beta, random order (mean of {} trees)",
                tr.seeds.len()
            ),
            "85,616".to_string(),
            thousands(tr.random_mean.last().copied().unwrap_or(0.0).round() as u64),
        ]);
        let mut growth = Table::new(vec![
            Column::right("d"),
            Column::right("best case b^⌈d/2⌉+b^⌊d/2⌋−1"),
            Column::right("random order (mean)"),
            Column::right("minimax b^d"),
        ]);
        growth.title = format!("Leaves by depth, b = {}", tr.b);
        for (d, m) in tr.depths.iter().zip(&tr.random_mean) {
            growth.push_row([
                d.to_string(),
                thousands(best_case_leaves(tr.b, *d)),
                format!(
                    "{}.{}",
                    thousands((m * 10.0).round() as u64 / 10),
                    (m * 10.0).round() as u64 % 10
                ),
                thousands((tr.b as u64).pow(*d as u32)),
            ]);
        }
        Part {
            heading: format!("Uniform random trees, b = {}", tr.b),
            notes: vec!["Counts are leaves evaluated. Random order = the tree's own child order, which is a uniformly random order because leaves are i.i.d.".into()],
            tables: vec![table, growth],
            after: vec![format!("Least-squares fit over d = {}..{}: random-order leaves ≈ b^({:.3}·d + c) (published: b^0.73d).", tr.depths[0], dmax, tr.exponent)],
            method: vec![format!("Leaf values: i.i.d. uniform integers in [−10⁹, 10⁹], leaf i (left to right) = first rejection-sampled draw of `ChaCha8Rng::seed_from_u64(seed)` on stream i. Tree seeds {}..={}.", tr.seeds[0], tr.seeds[tr.seeds.len() - 1])],
        }
    }

    /// MTD(f) with a bound-flagged and a broken table.
    fn mtdf_part(&self) -> Part {
        let m = &self.mtdf;
        let mut table = Table::new(vec![
            Column::right("first guess"),
            Column::left("table"),
            Column::right("value"),
            Column::left("correct"),
            Column::right("passes"),
            Column::right("nodes"),
            Column::right("table hits"),
        ]);
        table.title = "MTD(f) on tic-tac-toe with each table, against alpha-beta".into();
        for r in &m.rows {
            let name = if r.table == TtKind::Bounds {
                "bounds (EXACT/LOWER/UPPER)"
            } else {
                "broken (bounds as exact)"
            };
            table.push_row([
                if r.guess > 0 {
                    format!("+{}", r.guess)
                } else {
                    r.guess.to_string()
                },
                name.to_string(),
                r.value.to_string(),
                if r.value == m.true_value { "yes" } else { "NO" }.to_string(),
                r.passes.to_string(),
                thousands(r.stats.nodes),
                thousands(r.stats.hits),
            ]);
        }
        for (name, s) in [
            ("alpha-beta (−∞, +∞), no table", m.alphabeta),
            ("alpha-beta (−∞, +∞), bound table", m.alphabeta_bounds),
        ] {
            table.push_row([
                "–".to_string(),
                name.to_string(),
                m.true_value.to_string(),
                "yes".to_string(),
                "1".to_string(),
                thousands(s.nodes),
                thousands(s.hits),
            ]);
        }
        Part {
            heading: "MTD(f) on tic-tac-toe: bound-flagged vs broken table".into(),
            notes: vec![format!("Depth-weighted scores: a win completed by the n-th stone on the board scores 10 − n for the winner (5..1), a draw 0; minimax value of the empty board: {}. Broken stores every result (including fail-high/fail-low bounds) as exact.", m.true_value)],
            tables: vec![table],
            method: vec!["Cell order 1..9, a fresh table per run.".into()],
            ..Part::default()
        }
    }

    /// UCT against a perfect player.
    fn uct_part(&self) -> Part {
        let mut table = Table::new(vec![
            Column::right("iterations"),
            Column::right("UCT first: published losses"),
            Column::right("ours"),
            Column::right("UCT second: published losses"),
            Column::right("ours"),
        ]);
        table.title = format!(
            "UCT's losses out of {} games against a perfect player, per budget and side",
            self.uct_games
        );
        for &(b, [l1, l2]) in &self.uct {
            let p = UCT_PUBLISHED.iter().find(|p| p.0 == b);
            table.push_row([
                thousands(b as u64),
                opt(p.and_then(|p| p.1)),
                l1.to_string(),
                opt(p.and_then(|p| p.2)),
                l2.to_string(),
            ]);
        }
        Part {
            heading: "UCT against a perfect player (tic-tac-toe)".into(),
            notes: vec![format!("UCT: C = √2, uniformly random playouts, untried moves expanded in random order, move = most-visited root child. Perfect player: a uniformly random move among those with the best win/draw/loss value. {} games per budget and side.", self.uct_games)],
            tables: vec![table],
            method: vec![format!("Game (budget, side, g) draws from `ChaCha8Rng::seed_from_u64({UCT_SEED})` on stream `budget<<32 | side<<16 | g` (side 0 = UCT first).")],
            ..Part::default()
        }
    }
}

/// Compute every table and render the Markdown report (`fast`: see [`ReportOptions`]).
pub fn textbook_report(fast: bool) -> String {
    TextbookReport::compute(ReportOptions { fast }).to_string()
}
