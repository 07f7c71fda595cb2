//! The textbook report's headline: one sentence a study, each computed from the report's own
//! numbers (a count that differs from the published one is named, never hidden).

use super::drivers::DRIVERS;
use super::report::{best_case_leaves, TextbookReport};
use crate::engine::textbook::search::TtKind;
use crate::util::fmt::thousands;

impl TextbookReport {
    /// The headline, one claim a study, in the report's order.
    pub fn headline(&self) -> Vec<String> {
        let mut out = vec![self.tictactoe_claim(), self.trees_claim()];
        out.extend(self.drivers_claim());
        out.push(self.mtdf_claim());
        out.extend(self.uct_claim());
        out
    }

    fn tictactoe_claim(&self) -> String {
        let rows = self.tictactoe_rows();
        let differ: Vec<String> = rows
            .iter()
            .filter(|(_, publ, s)| s.nodes != *publ)
            .map(|(n, publ, s)| {
                format!(
                    "{n}: {} against {} published",
                    thousands(s.nodes),
                    thousands(*publ)
                )
            })
            .collect();
        let nodes = if differ.is_empty() {
            format!(
                "all {} node counts equal the published ones (minimax {}, ordered alpha-beta \
                 with an exact table {})",
                rows.len(),
                thousands(rows[0].2.nodes),
                thousands(rows[3].2.nodes)
            )
        } else {
            format!(
                "{} of {} node counts differ from the published ones ({})",
                differ.len(),
                rows.len(),
                differ.join("; ")
            )
        };
        format!(
            "Tic-tac-toe from the empty board: {nodes}; {} distinct positions (published 5,478).",
            thousands(self.ttt.states as u64)
        )
    }

    fn trees_claim(&self) -> String {
        let tr = &self.trees;
        let dmax = *tr.depths.last().unwrap_or(&0);
        let minimal = best_case_leaves(tr.b, dmax);
        let best = if tr.best_leaves.iter().all(|&(_, l)| l == minimal) {
            format!("exactly the minimal tree ({} leaves)", thousands(minimal))
        } else {
            format!(
                "{} leaves against the minimal tree's {}",
                self.best_leaves_text(),
                thousands(minimal)
            )
        };
        format!(
            "Uniform random trees, b = {}: alpha-beta in random order evaluates about b^({:.3}·d) \
             leaves (least squares over d = {}..{dmax}; published b^0.73d); best child first, \
             {best} at d = {dmax}.",
            tr.b, tr.exponent, tr.depths[0]
        )
    }

    /// The range of each named driver's leaves over alpha-beta's in random order.
    fn drivers_claim(&self) -> Option<String> {
        let random: Vec<_> = self
            .drivers
            .iter()
            .filter(|r| r.order == "random")
            .collect();
        if random.is_empty() {
            return None;
        }
        let range = |i: usize, name: &str| {
            let ratios = random
                .iter()
                .map(|r| r.leaves[i] as f64 / r.leaves[0].max(1) as f64);
            let lo = ratios.clone().fold(f64::INFINITY, f64::min);
            let hi = ratios.fold(f64::NEG_INFINITY, f64::max);
            format!("{name} {lo:.2}–{hi:.2}")
        };
        Some(format!(
            "Drivers on {} random-order tree shapes, distinct leaves over alpha-beta's: {}, {}, \
             {}.",
            random.len(),
            range(1, DRIVERS[1]),
            range(2, "MTD(f) (first guess 0)"),
            range(3, DRIVERS[3])
        ))
    }

    fn mtdf_claim(&self) -> String {
        let m = &self.mtdf;
        let wrong = |kind: TtKind| -> Vec<String> {
            m.rows
                .iter()
                .filter(|r| r.table == kind && r.value != m.true_value)
                .map(|r| format!("guess {:+} gives {}", r.guess, r.value))
                .collect()
        };
        let per = |kind: TtKind| m.rows.iter().filter(|r| r.table == kind).count();
        let said = |kind: TtKind| {
            let w = wrong(kind);
            if w.is_empty() {
                format!("right for all {} first guesses", per(kind))
            } else {
                format!(
                    "wrong for {} of {} first guesses ({})",
                    w.len(),
                    per(kind),
                    w.join(", ")
                )
            }
        };
        format!(
            "MTD(f) on tic-tac-toe (true value {}): with a bound-flagged table it is {}; with a \
             table that stores bounds as exact values it is {}.",
            m.true_value,
            said(TtKind::Bounds),
            said(TtKind::Broken)
        )
    }

    /// Losses of UCT as each side: at the smallest budget, and the budget from which it never
    /// lost again.
    fn uct_claim(&self) -> Option<String> {
        let (first, last) = (self.uct.first()?, self.uct.last()?);
        let side = |k: usize, name: &str| {
            let from = self
                .uct
                .iter()
                .rposition(|u| u.1[k] != 0)
                .map_or(Some(first.0), |i| self.uct.get(i + 1).map(|u| u.0));
            let end = match from {
                Some(b) if b == last.0 => {
                    format!("none at {} iterations", thousands(u64::from(b)))
                }
                Some(b) => format!(
                    "none from {} to {} iterations",
                    thousands(u64::from(b)),
                    thousands(u64::from(last.0))
                ),
                None => format!(
                    "still {} at {} iterations",
                    last.1[k],
                    thousands(u64::from(last.0))
                ),
            };
            format!(
                "{name}, {} at {} iteration{}, {end}",
                first.1[k],
                thousands(u64::from(first.0)),
                if first.0 == 1 { "" } else { "s" }
            )
        };
        Some(format!(
            "UCT against a perfect player, losses out of {} games: {}; {}.",
            self.uct_games,
            side(0, "as first player"),
            side(1, "as second player")
        ))
    }
}
