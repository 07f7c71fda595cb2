//! The gate by games (`gate --sprt`): for a candidate whose search differs from the baseline's
//! (its node signature changed), the candidate plays game pairs against the baseline until a
//! sequential probability ratio test accepts a hypothesis, as fishtest and OpenBench gate
//! changes. H1 accepted (stronger by the bounds): pass; H0 accepted: fail; no verdict within
//! the games allowed: inconclusive, with its own exit code.

use crate::runner::match_play::{self, MatchError, MatchOptions, MatchPlan, Tally};
use crate::stats::games::{elo_estimate, Accepted, Sprt};
use crate::util::exit;
use serde::Serialize;
use std::fmt::Write as _;

/// What the games gate decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum GamesVerdict {
    /// H1 accepted: the candidate is at least `elo1` stronger (to the test's error rates).
    Pass,
    /// H0 accepted: the candidate is at most `elo0` stronger.
    Fail,
    /// Neither hypothesis accepted within the games allowed.
    Inconclusive,
}

impl GamesVerdict {
    /// The process exit code: 0 pass, 1 fail, 5 inconclusive ([`exit`]).
    #[must_use]
    pub fn exit_code(self) -> i32 {
        match self {
            GamesVerdict::Pass => exit::OK,
            GamesVerdict::Fail => exit::SLOWER,
            GamesVerdict::Inconclusive => exit::INCONCLUSIVE,
        }
    }
}

/// The games gate's report (Markdown for a pull request, JSON for machines).
#[derive(Debug, Clone, Serialize)]
pub struct GamesReport {
    /// The verdict.
    pub verdict: GamesVerdict,
    /// The candidate's spec (the tested engine: listed first in the match).
    pub candidate: String,
    /// The baseline's spec.
    pub baseline: String,
    /// The game played.
    pub game: String,
    /// The SPRT's Elo bounds and their units.
    pub elo0: f64,
    pub elo1: f64,
    pub elo_model: String,
    pub alpha: f64,
    pub beta: f64,
    /// The LLR's bounds, lower and upper.
    pub llr_bounds: (f64, f64),
    /// The LLR after each pair.
    pub llr_path: Vec<f64>,
    /// The candidate's wins, draws and losses; its pentanomial pair counts.
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
    pub pentanomial: [u64; 5],
    /// Games lost on time, by an illegal move or an engine failure.
    pub forfeits: u64,
    /// The logistic Elo difference and the half-width of its 95% interval (`None` without a
    /// complete pair).
    pub elo: Option<(f64, f64)>,
    /// Pairs finished after the verdict (in flight when it was reached): in the games file,
    /// not counted above.
    pub beyond_pairs: u64,
    /// The games file.
    pub games_file: String,
}

/// Play `plan` (two engines: the candidate first) under `opts` (which must hold the SPRT),
/// and judge.
pub fn run(plan: &MatchPlan, opts: &MatchOptions) -> Result<GamesReport, MatchError> {
    let sprt = opts
        .sprt
        .ok_or_else(|| MatchError::Refused("the games gate needs an SPRT".into()))?;
    if plan.engines.len() != 2 {
        return Err(MatchError::Refused(
            "the games gate plays exactly two engines".into(),
        ));
    }
    let summary = match_play::run(plan, opts)?;
    let tally = match_play::tally(&summary.rows).into_iter().next();
    let mut r = report(plan, opts, &sprt, summary.llr_path, summary.accepted, tally);
    r.beyond_pairs = summary.beyond.len() as u64 / 2;
    Ok(r)
}

fn report(
    plan: &MatchPlan,
    opts: &MatchOptions,
    sprt: &Sprt,
    llr_path: Vec<f64>,
    accepted: Option<Accepted>,
    tally: Option<Tally>,
) -> GamesReport {
    let verdict = match accepted {
        Some(Accepted::H1) => GamesVerdict::Pass,
        Some(Accepted::H0) => GamesVerdict::Fail,
        None => GamesVerdict::Inconclusive,
    };
    let (elo0, elo1) = sprt.elo_bounds();
    let t = tally.unwrap_or(Tally {
        a: 0,
        b: 1,
        games: Default::default(),
        pairs: Default::default(),
        forfeits: 0,
    });
    GamesReport {
        verdict,
        candidate: plan.engines[0].clone(),
        baseline: plan.engines[1].clone(),
        game: plan.game.to_string(),
        elo0,
        elo1,
        elo_model: format!("{:?}", sprt.model()).to_lowercase(),
        alpha: sprt.alpha(),
        beta: sprt.beta(),
        llr_bounds: (sprt.lower_bound(), sprt.upper_bound()),
        llr_path,
        wins: t.games.wins(),
        draws: t.games.draws(),
        losses: t.games.losses(),
        pentanomial: t.pairs.counts,
        forfeits: t.forfeits,
        elo: (t.pairs.pairs() > 0)
            .then(|| elo_estimate(&t.pairs).ok())
            .flatten()
            .map(|e| (e.elo, e.elo95)),
        beyond_pairs: 0,
        games_file: opts.games.display().to_string(),
    }
}

impl GamesReport {
    /// The report as pretty JSON.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serialises")
    }

    /// The Markdown summary.
    #[must_use]
    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let head = match self.verdict {
            GamesVerdict::Pass => "PASS (H1 accepted: stronger)",
            GamesVerdict::Fail => "FAIL (H0 accepted: not stronger by the bounds)",
            GamesVerdict::Inconclusive => "INCONCLUSIVE (no hypothesis accepted)",
        };
        let _ = writeln!(s, "## treebench gate by games: {head}\n");
        let _ = writeln!(
            s,
            "Candidate `{}` against baseline `{}` · {} · SPRT [{}, {}] ({} Elo), alpha {}, beta {}\n",
            self.candidate,
            self.baseline,
            self.game,
            self.elo0,
            self.elo1,
            self.elo_model,
            self.alpha,
            self.beta
        );
        let p = self.pentanomial;
        let elo = self
            .elo
            .map_or("n/a".to_string(), |(e, h)| format!("{e:+.1} ± {h:.1}"));
        let llr = self.llr_path.last().copied().unwrap_or(0.0);
        let _ = writeln!(
            s,
            "| games | W | D | L | forfeits | pentanomial [LL..WW] | Elo ± 95% | LLR [bounds] | pairs |"
        );
        let _ = writeln!(s, "|---:|---:|---:|---:|---:|---|---|---|---:|");
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | [{}, {}, {}, {}, {}] | {elo} | {llr:.3} [{:.3}, {:.3}] | {} |",
            self.wins + self.draws + self.losses,
            self.wins,
            self.draws,
            self.losses,
            self.forfeits,
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            self.llr_bounds.0,
            self.llr_bounds.1,
            self.llr_path.len()
        );
        if self.beyond_pairs > 0 {
            let _ = writeln!(
                s,
                "\n{} pairs finished after the verdict (in flight then): in the games file, not counted.",
                self.beyond_pairs
            );
        }
        let _ = writeln!(s, "\nGames: {}", self.games_file);
        s
    }
}
