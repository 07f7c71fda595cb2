//! The gate's report: verdict, exit status, Markdown (for a pull-request comment) and JSON.

use super::sequential::{Decision, Look, SequentialRule};
use super::signature::Signature;
use super::Mismatch;
use crate::table::{Column, PipeTable, Table, TableFormat};
use crate::util::exit;
use crate::util::fmt::thousands;
use serde::Serialize;
use std::fmt::Write;

/// The overall verdict, most severe first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Scores differ: exit 3.
    Wrong,
    /// The candidate's node total differs from `--expect-nodes`: exit 4.
    SignatureMismatch,
    /// Slower beyond the noise threshold: exit 1.
    Slower,
    /// Exit 0.
    Pass,
}

impl Verdict {
    /// The process exit status of this verdict.
    #[must_use]
    pub fn exit_code(self) -> i32 {
        match self {
            Verdict::Pass => exit::OK,
            Verdict::Slower => exit::SLOWER,
            Verdict::Wrong => exit::DISAGREE,
            Verdict::SignatureMismatch => exit::SIGNATURE,
        }
    }

    fn headline(self) -> &'static str {
        match self {
            Verdict::Pass => "✅ PASS",
            Verdict::Slower => "❌ FAIL: the candidate is slower",
            Verdict::Wrong => "❌ FAIL: the engines disagree on scores",
            Verdict::SignatureMismatch => "❌ FAIL: node signature mismatch",
        }
    }
}

/// The speed comparison.
#[derive(Debug, Clone, Serialize)]
pub struct SpeedReport {
    pub rule: SequentialRule,
    pub looks_planned: usize,
    pub alpha_per_look: f64,
    /// Every look taken, the last one decided.
    pub looks: Vec<Look>,
}

impl SpeedReport {
    /// The last look.
    #[must_use]
    pub fn last(&self) -> Option<&Look> {
        self.looks.last()
    }
}

/// Everything the gate found.
#[derive(Debug, Clone, Serialize)]
pub struct GateReport {
    pub verdict: Verdict,
    pub baseline: String,
    pub candidate: String,
    pub position_set: String,
    pub positions: usize,
    pub mismatches: Vec<Mismatch>,
    pub baseline_signature: Signature,
    pub candidate_signature: Signature,
    pub expect_nodes: Option<u64>,
    /// Clock of in-process engines.
    pub clock: super::clock::Clock,
    /// `None` when the timings were skipped (disagreement, or `max_pairs = 0`).
    pub speed: Option<SpeedReport>,
    pub elapsed_s: f64,
}

impl GateReport {
    /// The JSON text.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serialises")
    }

    /// The Markdown summary.
    #[must_use]
    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "## treebench gate: {}\n", self.verdict.headline());
        let _ = writeln!(
            s,
            "Baseline `{}` · candidate `{}` · {} positions ({}) · {:.1} s\n",
            self.baseline, self.candidate, self.positions, self.position_set, self.elapsed_s
        );

        let _ = writeln!(s, "### Correctness");
        if self.mismatches.is_empty() {
            let _ = writeln!(s, "✅ Scores agree on all {} positions.\n", self.positions);
        } else {
            let _ = writeln!(
                s,
                "❌ {} position(s) with different scores:\n",
                self.mismatches.len()
            );
            let mut t = Table::new(vec![
                Column::right("ply"),
                Column::left("moves"),
                Column::right("baseline"),
                Column::right("candidate"),
            ]);
            for m in &self.mismatches {
                t.push_row([
                    m.ply.to_string(),
                    format!("`{}`", m.moves),
                    m.baseline_score.to_string(),
                    m.candidate_score.to_string(),
                ]);
            }
            s.push_str(&PipeTable.render(&t));
            let _ = writeln!(s, "\nReproduce:\n\n```sh");
            for m in &self.mismatches {
                for r in &m.reproducers {
                    let _ = writeln!(s, "{r}");
                }
            }
            let _ = writeln!(s, "```\n");
        }

        let _ = writeln!(s, "### Node signature");
        let (b, c) = (
            self.baseline_signature.total(),
            self.candidate_signature.total(),
        );
        let same = if b == c {
            "same search tree size as the baseline".to_string()
        } else {
            format!("baseline {}", thousands(b))
        };
        let _ = writeln!(s, "Candidate bench: **{}** nodes ({same}).", thousands(c));
        if let Some(n) = self.expect_nodes {
            if n == c {
                let _ = writeln!(s, "✅ Matches the expected {} nodes.", thousands(n));
            } else {
                let _ = writeln!(
                    s,
                    "❌ Expected {} nodes (`--expect-nodes`): the search changed. If that is intended, update the expected count to {c}.",
                    thousands(n)
                );
            }
        }
        let _ = writeln!(s);
        let _ = writeln!(
            s,
            "{}",
            self.baseline_signature
                .diff_table(&self.candidate_signature, "baseline", "candidate")
        );

        let _ = writeln!(s, "### Speed");
        match &self.speed {
            None => {
                let _ = writeln!(s, "Not measured.\n");
            }
            Some(sp) => match sp.last() {
                None => {
                    let _ = writeln!(s, "No look was possible (all timings equal?).\n");
                }
                Some(l) => {
                    let pct = |r: f64| format!("{:+.1}%", (r - 1.0) * 100.0);
                    let verdict = match l.decision {
                        Decision::Fail => format!(
                            "❌ slower by more than {:.0}%",
                            sp.rule.threshold * 100.0
                        ),
                        Decision::Pass => format!(
                            "✅ within {:.0}% of the baseline",
                            sp.rule.threshold * 100.0
                        ),
                        Decision::Inconclusive | Decision::Continue => format!(
                            "✅ no evidence of a slowdown beyond {:.0}% (inconclusive at the maximum sample)",
                            sp.rule.threshold * 100.0
                        ),
                    };
                    let _ = writeln!(
                        s,
                        "{verdict}: time ratio candidate/baseline **{:.3}** ({}), {:.1}% interval {:.3}–{:.3}; ratio of mean times {:.3} (95% bootstrap {:.3}–{:.3}).\n",
                        l.ratio,
                        pct(l.ratio),
                        (1.0 - 2.0 * sp.alpha_per_look) * 100.0,
                        l.ratio_ci.0,
                        l.ratio_ci.1,
                        l.ratio_of_means,
                        l.ratio_of_means_ci.0,
                        l.ratio_of_means_ci.1
                    );
                    let t = sp.rule.threshold * 100.0;
                    let mut table = Table::new(vec![
                        Column::right("pairs"),
                        Column::right("mean baseline"),
                        Column::right("mean candidate"),
                        Column::right("ratio (HL)"),
                        Column::left("interval"),
                        Column::right("p (slower)"),
                        Column::right(format!("p (slower > {t:.0}%)")),
                        Column::right(format!("p (within {t:.0}%)")),
                        Column::left("decision"),
                    ]);
                    for l in &sp.looks {
                        table.push_row([
                            l.pairs.to_string(),
                            format!("{:.2} ms", l.mean_baseline_s * 1e3),
                            format!("{:.2} ms", l.mean_candidate_s * 1e3),
                            format!("{:.3}", l.ratio),
                            format!("{:.3}–{:.3}", l.ratio_ci.0, l.ratio_ci.1),
                            format!("{:.2e}", l.p_slower),
                            format!("{:.2e}", l.p_beyond_threshold),
                            format!("{:.2e}", l.p_within_threshold),
                            format!("{:?}", l.decision),
                        ]);
                    }
                    s.push_str(&PipeTable.render(&table));
                    let _ = writeln!(
                        s,
                        "\nTimes: {} clock for in-process engines, the engine's own report for `ext:` engines. Rule: paired alternated solves, one-sided Wilcoxon signed-rank tests on ln(t_candidate/t_baseline) shifted by ln(1+{:.2}); a look every {} pairs, at most {} pairs ({} looks), each at α/{} = {:.4} (α = {}). FAIL when slower beyond the threshold at that level, PASS when within it, otherwise continue; undecided at the end passes.",
                        self.clock,
                        sp.rule.threshold,
                        sp.rule.batch,
                        sp.rule.max_pairs,
                        sp.looks_planned,
                        sp.looks_planned,
                        sp.alpha_per_look,
                        sp.rule.alpha
                    );
                }
            },
        }
        s
    }
}
