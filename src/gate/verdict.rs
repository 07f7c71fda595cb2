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
    /// No verdict: an engine failed or cannot be gated (see `failure`): exit 2.
    Error,
}

/// What timed one side of the gate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum TimeSource {
    /// The solving thread's CPU time (in-process engine).
    Cpu,
    /// Wall time around the solve (in-process engine).
    Wall,
    /// The time the engine reports itself.
    EngineReport,
    /// Wall time of the request–answer round trip (an external engine that reports no time).
    RoundTrip,
    /// Wall time from `go` to `bestmove` as treebench saw it (UCI engines, both sides).
    SearchRoundTrip,
}

impl From<super::clock::Clock> for TimeSource {
    fn from(c: super::clock::Clock) -> Self {
        match c {
            super::clock::Clock::Cpu => TimeSource::Cpu,
            super::clock::Clock::Wall => TimeSource::Wall,
        }
    }
}

impl GateReport {
    /// The clock both sides' times are on, as the report names it.
    fn clock_name(&self) -> &'static str {
        match self.clock {
            super::clock::Clock::Wall => "wall",
            super::clock::Clock::Cpu => "thread CPU",
        }
    }
}

impl TimeSource {
    fn describe(self) -> &'static str {
        match self {
            TimeSource::Cpu => "thread CPU time",
            TimeSource::Wall => "wall time",
            TimeSource::EngineReport => "the engine's own report",
            TimeSource::RoundTrip => "wall time of the round trip (the engine reports no time)",
            TimeSource::SearchRoundTrip => "wall time from `go` to `bestmove` (UCI)",
        }
    }
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
            Verdict::Error => exit::BAD_INPUT,
        }
    }

    fn headline(self) -> &'static str {
        match self {
            Verdict::Pass => "✅ PASS",
            Verdict::Slower => "❌ FAIL: the candidate is slower",
            Verdict::Wrong => "❌ FAIL: the engines disagree on scores",
            Verdict::SignatureMismatch => "❌ FAIL: node signature mismatch",
            Verdict::Error => "⚠️ ERROR: no verdict",
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
    /// `None` (JSON `null`, Markdown "n/a") when the engine does not report its nodes.
    pub baseline_signature: Option<Signature>,
    pub candidate_signature: Option<Signature>,
    pub expect_nodes: Option<u64>,
    /// Clock of in-process engines.
    pub clock: super::clock::Clock,
    /// What timed the baseline's solves (`None` when the gate stopped before deciding).
    pub baseline_time: Option<TimeSource>,
    /// What timed the candidate's solves.
    pub candidate_time: Option<TimeSource>,
    /// Why there is no verdict (verdict `error`).
    pub failure: Option<String>,
    /// `None` when the timings were skipped (disagreement, or `max_pairs = 0`).
    pub speed: Option<SpeedReport>,
    /// Position by position: did the candidate search the same tree as the baseline?
    pub comparison: Option<SearchComparison>,
    /// Whether a functional change fails the gate (`--expect-same`).
    pub expect_same: bool,
    pub elapsed_s: f64,
    /// The one CPU the gate and its engine processes were pinned to (`None`: not pinned).
    pub cpu: Option<usize>,
}

/// Position-by-position differences of the correctness pass. With `agreement = report`
/// (chess), different scores are counted here instead of failing the gate.
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
pub struct SearchComparison {
    pub positions: usize,
    /// Positions where the node counts differ (0 when an engine reports none).
    pub nodes_differ: usize,
    /// Positions where the best moves differ (engines that report best moves).
    pub moves_differ: usize,
    /// Positions where the scores differ (counted under `agreement = report`).
    pub scores_differ: usize,
    /// Whether both engines report nodes, so that the node comparison means something.
    pub nodes_compared: bool,
}

impl SearchComparison {
    /// Identical nodes, best moves and scores on every position: no functional change.
    #[must_use]
    pub fn same(&self) -> bool {
        self.nodes_compared
            && self.nodes_differ == 0
            && self.moves_differ == 0
            && self.scores_differ == 0
    }

    fn line(&self) -> String {
        if self.same() {
            return format!(
                "✅ No functional change: identical nodes, best moves and scores on all {} positions.",
                self.positions
            );
        }
        let nodes = if self.nodes_compared {
            self.nodes_differ.to_string()
        } else {
            "n/a (nodes not reported)".to_string()
        };
        format!(
            "Functional change: of {} positions, nodes differ on {nodes}, best moves on {}, scores on {}.",
            self.positions, self.moves_differ, self.scores_differ
        )
    }
}

impl GateReport {
    /// The report of a gate that stopped without a verdict (an engine failed or cannot be
    /// gated), so that CI still finds its JSON and Markdown.
    #[must_use]
    pub fn failed(
        baseline: &str,
        candidate: &str,
        position_set: &str,
        positions: usize,
        clock: super::clock::Clock,
        failure: String,
        elapsed_s: f64,
    ) -> Self {
        Self {
            verdict: Verdict::Error,
            baseline: baseline.to_owned(),
            candidate: candidate.to_owned(),
            position_set: position_set.to_owned(),
            positions,
            mismatches: Vec::new(),
            baseline_signature: None,
            candidate_signature: None,
            expect_nodes: None,
            clock,
            baseline_time: None,
            candidate_time: None,
            failure: Some(failure),
            speed: None,
            comparison: None,
            expect_same: false,
            elapsed_s,
            cpu: None,
        }
    }

    /// ` (`--clock C`)` where an in-process clock timed a side; nothing for engines timed by
    /// their own report or the round trip, which the clock does not touch.
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
        if let Some(f) = &self.failure {
            let _ = writeln!(s, "### Failure\n\n{f}\n");
            return s;
        }
        self.md_correctness(&mut s);
        self.md_signature(&mut s);
        let _ = writeln!(s, "### Speed");
        match self.speed.as_ref().map(|sp| (sp, sp.last())) {
            None => s.push_str("Not measured.\n\n"),
            Some((_, None)) => s.push_str("No look was possible (all timings equal?).\n\n"),
            Some((sp, Some(l))) => self.md_speed(&mut s, sp, l),
        }
        s
    }

    /// The Correctness section: agreement, or the differing positions with reproducers.
    fn md_correctness(&self, s: &mut String) {
        let _ = writeln!(s, "### Correctness");
        let differ = self.comparison.as_ref().map_or(0, |c| c.scores_differ);
        if self.mismatches.is_empty() && differ > 0 {
            let _ = writeln!(
                s,
                "Scores differ on {differ} of {} positions (`agreement = report`: engines searching to a fixed depth may differ; counted as a functional change below, not a failure).\n",
                self.positions
            );
            return;
        } else if self.mismatches.is_empty() {
            let _ = writeln!(s, "✅ Scores agree on all {} positions.\n", self.positions);
            return;
        }
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
        for r in self.mismatches.iter().flat_map(|m| &m.reproducers) {
            let _ = writeln!(s, "{r}");
        }
        let _ = writeln!(s, "```\n");
    }

    /// The Node signature section: totals, the expected count, the per-ply diff, the search
    /// comparison and what each side was timed by.
    fn md_signature(&self, s: &mut String) {
        let _ = writeln!(s, "### Node signature");
        let (b, c) = (
            self.baseline_signature.as_ref().map(Signature::total),
            self.candidate_signature.as_ref().map(Signature::total),
        );
        let na = |n: Option<u64>| n.map_or_else(|| "n/a".to_string(), thousands);
        let same = match (b, c) {
            (Some(b), Some(c)) if b == c => "same search tree size as the baseline".to_string(),
            (None, _) => "baseline n/a: it reports no nodes".to_string(),
            (b, _) => format!("baseline {}", na(b)),
        };
        let _ = writeln!(s, "Candidate bench: **{}** nodes ({same}).", na(c));
        match self.expect_nodes {
            Some(n) if Some(n) == c => {
                let _ = writeln!(s, "✅ Matches the expected {} nodes.", thousands(n));
            }
            Some(n) => {
                let _ = writeln!(
                    s,
                    "❌ Expected {} nodes (`--expect-nodes`): the search changed. If that is intended, update the expected count to {}.",
                    thousands(n),
                    c.map_or_else(|| "n/a (the candidate reports no nodes)".to_string(), |c| c.to_string())
                );
            }
            None => {}
        }
        let diff = super::signature::diff_table(
            self.baseline_signature.as_ref(),
            self.candidate_signature.as_ref(),
            "baseline",
            "candidate",
        );
        let _ = writeln!(s, "\n{diff}");
        if let Some(c) = &self.comparison {
            let fail = if self.expect_same && !c.same() {
                "❌ "
            } else {
                ""
            };
            let _ = writeln!(s, "{fail}{}\n", c.line());
        }
        let _ = writeln!(s, "Times: {}.\n", self.time_sources());
    }

    /// "baseline by X, candidate by Y; both on the Z clock".
    fn time_sources(&self) -> String {
        let source = |t: Option<TimeSource>| t.map_or("n/a", TimeSource::describe);
        let cpu = self.cpu.map_or_else(
            || "not pinned to a CPU".to_string(),
            |c| format!("every solve on CPU {c}"),
        );
        format!(
            "baseline by {}, candidate by {}; both on the {} clock; {cpu}",
            source(self.baseline_time),
            source(self.candidate_time),
            self.clock_name()
        )
    }

    /// The Speed section of a speed pass that made at least one look (`l`, the last).
    fn md_speed(&self, s: &mut String, sp: &SpeedReport, l: &Look) {
        let t = sp.rule.threshold * 100.0;
        let pct = |r: f64| format!("{:+.1}%", (r - 1.0) * 100.0);
        let verdict = match l.decision {
            Decision::Fail => format!("❌ slower by more than {t:.0}%"),
            // A pass rejects "slower by t% or more": the candidate may be as fast or faster.
            Decision::Pass if l.ratio_ci.1 < 1.0 => format!(
                "✅ faster than the baseline (the whole interval below 1), so not slower beyond {t:.0}%"
            ),
            Decision::Pass => format!("✅ not slower than the baseline beyond {t:.0}%"),
            Decision::Inconclusive | Decision::Continue => format!(
                "✅ no evidence of a slowdown beyond {t:.0}% (inconclusive at the maximum sample)"
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
        s.push_str(&PipeTable.render(&looks_table(sp)));
        let _ = writeln!(
            s,
            "\nTimes: {}. Rule: paired alternated solves, one-sided Wilcoxon signed-rank tests on ln(t_candidate/t_baseline) shifted by ln(1+{:.2}); a look every {} pairs, at most {} pairs ({} looks), each at α/{} = {:.4} (α = {}). FAIL when slower beyond the threshold at that level, PASS when within it, otherwise continue; undecided at the end passes.",
            self.time_sources(),
            sp.rule.threshold,
            sp.rule.batch,
            sp.rule.max_pairs,
            sp.looks_planned,
            sp.looks_planned,
            sp.alpha_per_look,
            sp.rule.alpha
        );
    }
}

/// One row per look of the sequential rule.
fn looks_table(sp: &SpeedReport) -> Table {
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
    table
}
