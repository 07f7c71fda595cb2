//! Statistics of games between engines (match play), as fishtest computes them: game-pair
//! (pentanomial) and win/draw/loss (trinomial) counts, the logistic Elo estimate with its 95%
//! interval and LOS, normalized Elo (nElo) with its interval, and the generalized SPRT (GSPRT)
//! log-likelihood ratio of both elo models with Wald's bounds. Two tests for paired binary
//! outcomes come with them: Wilson's score interval and McNemar's exact test (Holm's adjustment
//! of several p-values is [`super::multiple::holm`]).
//!
//! Sources: fishtest (github.com/official-stockfish/fishtest) at commit
//! b8eecff220b562a0dc2c4e68d1fa02521e06d72c: `server/fishtest/stats/LLRcalc.py` (`regularize`,
//! `secular`, `MLE_expected`, `MLE_t_value`, `LLR_logistic`, `LLR_normalized`),
//! `server/fishtest/stats/stat_util.py` (`get_elo`, `elo`, `L`, the SPRT bounds) and
//! `server/fishtest/http/template_helpers.py` (`t_conf` and the displayed nElo). Wilson and
//! McNemar as statsmodels 0.15 computes them (`proportion_confint(method="wilson")`,
//! `mcnemar(exact=True)`). Reference values: `tests/data/fishtest_reference.tsv` (fishtest's own
//! functions) and `tests/data/stats_reference.tsv` (statsmodels and scipy), both checked by this
//! module's tests.
//!
//! As in fishtest, every count that is 0 is replaced by 1e-3 ([`ZERO_COUNT`]) before any
//! statistic, so a few games give finite values; no games at all is an error. Not covered:
//! fishtest's dynamic overshoot correction of the SPRT bounds, its legacy BayesElo model and
//! the Elo estimate it shows after an SPRT (`sprt.py`, `brownian.py`).
//!
//! This file holds the counts and the estimates; `games/sprt.rs` the SPRT and its simulation,
//! `games/binomial.rs` Wilson and McNemar (all re-exported here).

mod binomial;
mod rating;
mod sprt;

pub use binomial::{mcnemar_exact, wilson_interval, McNemar, MAX_MCNEMAR_PAIRS};
pub use rating::{ratings, PairingScore, Rating};
pub use sprt::{simulate_sprt, Accepted, EloModel, Sprt, SprtRun, MAX_NORMALIZED_ELO};

use std::f64::consts::SQRT_2;

use statrs::function::erf::erfc;

use super::StatsError;

/// The standard normal 0.975 quantile (scipy `norm.ppf(0.975)`): the z of every 95% interval.
pub const Z95: f64 = 1.959963984540054;
/// Normalized Elo per unit of per-game t-value: 800 / ln 10 (fishtest `nelo_divided_by_nt`).
pub const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;
/// What a zero count becomes before any statistic (fishtest `regularize`).
pub const ZERO_COUNT: f64 = 1e-3;

/// One game's result for the tested engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameResult {
    /// 0 points.
    Loss = 0,
    /// ½ point.
    Draw = 1,
    /// 1 point.
    Win = 2,
}

/// Counts in fishtest's order, lowest score first: what every statistic here takes.
pub trait Counts {
    /// The cells: five for game pairs ([`Pentanomial`]), three for games ([`Trinomial`]). The
    /// statistics reject any other length.
    fn cells(&self) -> &[u64];
}

/// Game pairs (one opening played with either colour) by the tested engine's points in the pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pentanomial {
    /// `[LL, LD+DL, LW+DD+WL, DW+WD, WW]`: index = the pair's points × 2 (0, ½, 1, 1½, 2 points).
    pub counts: [u64; 5],
}

impl Pentanomial {
    /// The counts of the pairs `(first game, second game)`.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (GameResult, GameResult)>) -> Self {
        let mut p = Self::default();
        for (first, second) in pairs {
            p.add_pair(first, second);
        }
        p
    }

    /// Counts one more pair.
    pub fn add_pair(&mut self, first: GameResult, second: GameResult) {
        self.counts[first as usize + second as usize] += 1;
    }

    /// Number of pairs (saturating).
    #[must_use]
    pub fn pairs(&self) -> u64 {
        self.counts.iter().fold(0u64, |s, &c| s.saturating_add(c))
    }

    /// Number of games: twice the pairs (saturating).
    #[must_use]
    pub fn games(&self) -> u64 {
        self.pairs().saturating_mul(2)
    }
}

impl Counts for Pentanomial {
    fn cells(&self) -> &[u64] {
        &self.counts
    }
}

/// Games by result for the tested engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Trinomial {
    /// `[losses, draws, wins]` (fishtest's order, lowest score first).
    pub counts: [u64; 3],
}

impl Trinomial {
    /// The counts from wins, draws and losses (note the order).
    #[must_use]
    pub fn from_wdl(wins: u64, draws: u64, losses: u64) -> Self {
        Self {
            counts: [losses, draws, wins],
        }
    }

    /// The counts of the results `games`.
    pub fn from_games(games: impl IntoIterator<Item = GameResult>) -> Self {
        let mut t = Self::default();
        for g in games {
            t.counts[g as usize] += 1;
        }
        t
    }

    /// The counts of the games of the pairs `(first game, second game)`.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (GameResult, GameResult)>) -> Self {
        Self::from_games(
            pairs
                .into_iter()
                .flat_map(|(first, second)| [first, second]),
        )
    }

    /// Number of wins.
    #[must_use]
    pub fn wins(&self) -> u64 {
        self.counts[2]
    }

    /// Number of draws.
    #[must_use]
    pub fn draws(&self) -> u64 {
        self.counts[1]
    }

    /// Number of losses.
    #[must_use]
    pub fn losses(&self) -> u64 {
        self.counts[0]
    }

    /// Number of games (saturating).
    #[must_use]
    pub fn games(&self) -> u64 {
        self.counts.iter().fold(0u64, |s, &c| s.saturating_add(c))
    }
}

impl Counts for Trinomial {
    fn cells(&self) -> &[u64] {
        &self.counts
    }
}

/// The regularised empirical distribution of counts (fishtest `results_to_pdf`).
#[derive(Debug, Clone, Copy)]
struct Pdf {
    /// Cells in use: 3 or 5.
    k: usize,
    /// The regularised counts (0 → [`ZERO_COUNT`]).
    c: [f64; 5],
    /// N: their sum.
    n: f64,
    /// The empirical probabilities c / N.
    p: [f64; 5],
    /// The score of each cell: i / (k − 1) (pair average for pentanomials).
    a: [f64; 5],
}

impl Pdf {
    fn new(cells: &[u64]) -> Result<Self, StatsError> {
        let k = cells.len();
        if k != 3 && k != 5 {
            return Err(StatsError::Invalid(format!(
                "{k} cells: 3 (games) or 5 (game pairs) expected"
            )));
        }
        if cells.iter().all(|&x| x == 0) {
            return Err(StatsError::NotEnoughData("no games".to_string()));
        }
        let mut c = [0.0; 5];
        for (ci, &x) in c.iter_mut().zip(cells) {
            *ci = if x == 0 { ZERO_COUNT } else { x as f64 };
        }
        let n: f64 = c[..k].iter().sum();
        let (mut p, mut a) = ([0.0; 5], [0.0; 5]);
        for i in 0..k {
            p[i] = c[i] / n;
            a[i] = i as f64 / (k - 1) as f64;
        }
        Ok(Self { k, c, n, p, a })
    }

    fn p(&self) -> &[f64] {
        &self.p[..self.k]
    }

    /// Mean and variance of the distribution `q` on the cell scores (fishtest `stats`).
    fn mean_var(&self, q: &[f64]) -> (f64, f64) {
        let m: f64 = q.iter().zip(&self.a).map(|(q, a)| q * a).sum();
        let v = q
            .iter()
            .zip(&self.a)
            .map(|(q, a)| q * (a - m) * (a - m))
            .sum();
        (m, v)
    }

    /// The t-value (m − ½)/√v of the empirical distribution and its asymptotic variance × N
    /// (fishtest `stats_ex`, then `t_conf`).
    fn t_value(&self) -> (f64, f64) {
        let (m, v) = self.mean_var(self.p());
        let central = |e: i32| -> f64 {
            self.p()
                .iter()
                .zip(&self.a)
                .map(|(p, a)| p * (a - m).powi(e))
                .sum()
        };
        let skewness = central(3) / v.powf(1.5);
        let excess_kurtosis = central(4) / (v * v) - 3.0;
        let t = (m - 0.5) / v.sqrt();
        (
            t,
            (1.0 - t * skewness + 0.25 * t * t * (excess_kurtosis + 2.0)).max(0.0),
        )
    }
}

/// Sample sizes, mean score and variances of regularised counts: what the estimates use.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Moments {
    /// N: the sum of the regularised counts (pairs or games, zero cells counted as 1e-3).
    pub n: f64,
    /// Games: 2N for pairs, N for games.
    pub games: f64,
    /// Mean score per game (fishtest `stat_util.stats`).
    pub score: f64,
    /// Variance of the score per game (for pairs: twice the variance of the pair average).
    pub var_game: f64,
    /// Variance of the cell score: pair average (pentanomial) or game score (trinomial).
    pub var: f64,
}

/// The [`Moments`] of `c`. Errors: [`StatsError::NotEnoughData`] without games,
/// [`StatsError::Invalid`] for a cell count other than 3 or 5.
pub fn moments(c: &impl Counts) -> Result<Moments, StatsError> {
    let pdf = Pdf::new(c.cells())?;
    let (k, cells) = (pdf.k, &pdf.c[..pdf.k]);
    let games = pdf.n * (k - 1) as f64 / 2.0;
    let score = cells
        .iter()
        .enumerate()
        .map(|(i, x)| x * (i as f64 / 2.0))
        .sum::<f64>()
        / games;
    let mean_points = (k - 1) as f64 / 2.0 * score;
    let sq = |(i, x): (usize, &f64)| x * (i as f64 / 2.0 - mean_points).powi(2);
    let var_game = cells.iter().enumerate().map(sq).sum::<f64>() / games;
    let var = pdf.mean_var(pdf.p()).1;
    Ok(Moments {
        n: pdf.n,
        games,
        score,
        var_game,
        var,
    })
}

/// Logistic Elo of an expected score: 400·log10(x / (1 − x)) with x clamped to [0.001, 0.999]
/// (fishtest `elo`; ±1200 Elo at the ends). NaN stays NaN.
#[must_use]
pub fn logistic_elo(score: f64) -> f64 {
    let x = score.clamp(1e-3, 1.0 - 1e-3);
    -400.0 * (1.0 / x - 1.0).log10()
}

/// Expected score of a logistic Elo difference: 1 / (1 + 10^(−elo/400)) (fishtest `L`).
#[must_use]
pub fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// Φ(x), the standard normal distribution function (scipy `norm.cdf`).
fn normal_cdf(x: f64) -> f64 {
    0.5 * erfc(-x / SQRT_2)
}

/// fishtest's "Elo: x ± y (95%) LOS: z" (`stat_util.get_elo`).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EloEstimate {
    /// Logistic Elo of the mean score.
    pub elo: f64,
    /// Half the width of the 95% interval of the mean score mapped to Elo.
    pub elo95: f64,
    /// Likelihood of superiority: Φ((score − ½) / se).
    pub los: f64,
}

impl EloEstimate {
    /// The interval fishtest reports: symmetric, `elo ∓ elo95`.
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        (self.elo - self.elo95, self.elo + self.elo95)
    }
}

/// The Elo estimate of `c` exactly as fishtest's `get_elo`: with score μ and se = √(var_game /
/// games), Elo = elo(μ), elo95 = (elo(μ + z·se) − elo(μ − z·se)) / 2, LOS = Φ((μ − ½)/se).
/// Errors as [`moments`].
///
/// ```
/// use treebench::stats::games::{elo_estimate, Pentanomial};
/// let e = elo_estimate(&Pentanomial { counts: [5, 30, 90, 40, 15] }).unwrap();
/// assert!((e.elo - 29.02026685944467).abs() < 1e-9 && (e.los - 0.9936373233585445).abs() < 1e-9);
/// ```
pub fn elo_estimate(c: &impl Counts) -> Result<EloEstimate, StatsError> {
    let m = moments(c)?;
    let se = m.var_game.sqrt() / m.games.sqrt();
    let (lo, hi) = (m.score - Z95 * se, m.score + Z95 * se);
    Ok(EloEstimate {
        elo: logistic_elo(m.score),
        elo95: (logistic_elo(hi) - logistic_elo(lo)) / 2.0,
        los: normal_cdf((m.score - 0.5) / se),
    })
}

/// Normalized Elo with its 95% half-width, as fishtest displays it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct NormalizedElo {
    /// nElo: [`NELO_PER_T`] × the per-game t-value.
    pub nelo: f64,
    /// Half-width of the 95% interval `nelo ∓ nelo95`.
    pub nelo95: f64,
    /// The t-value (mean − ½)/sd of the cell score: per pair (pentanomial) or per game.
    pub t: f64,
    /// Asymptotic variance of `t` times N: max(1 − t·γ1 + ¼t²(γ2 + 2), 0).
    pub var_t: f64,
}

impl NormalizedElo {
    /// The interval `nelo ∓ nelo95`.
    #[must_use]
    pub fn interval(&self) -> (f64, f64) {
        (self.nelo - self.nelo95, self.nelo + self.nelo95)
    }
}

/// Normalized Elo of `c` (fishtest `template_helpers`): nElo = C·t/√2 and nElo95 =
/// C·z·√(var_t/N)/√2 for pairs (the pair t-value is √2 times the per-game one), the same without
/// the √2 for games; C = [`NELO_PER_T`]. Errors as [`moments`].
pub fn normalized_elo(c: &impl Counts) -> Result<NormalizedElo, StatsError> {
    let pdf = Pdf::new(c.cells())?;
    let (t, var_t) = pdf.t_value();
    let scale = if pdf.k == 5 {
        NELO_PER_T / SQRT_2
    } else {
        NELO_PER_T
    };
    Ok(NormalizedElo {
        nelo: scale * t,
        nelo95: scale * Z95 * (var_t / pdf.n).sqrt(),
        t,
        var_t,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::multiple::holm;

    /// The rows of a reference TSV without its `#` comments: header, then data rows.
    fn table(text: &str) -> (Vec<&str>, Vec<Vec<&str>>) {
        let mut lines = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty());
        let header = lines.next().expect("header").split('\t').collect();
        (header, lines.map(|l| l.split('\t').collect()).collect())
    }

    /// Columns compared relatively (|got − want| ≤ 1e-6·|want|): positive sizes and spreads,
    /// which span orders of magnitude (N up to 187,745, pdf_var down to 0.0029, elo95 1.3 to
    /// 292). Every other column is signed and can be 0 (Elo, t, nElo, LLR; p_sym's Elo is −0.0)
    /// or is a probability (mu, los): compared absolutely (|got − want| ≤ 1e-6), far below
    /// what fishtest displays (Elo and LLR to 0.01).
    const RELATIVE: [&str; 7] = [
        "N_reg", "games", "var_game", "pdf_var", "elo95", "nelo95", "var_t",
    ];

    const BOUNDS: [(&str, f64, f64); 4] = [
        ("0p0_2p0", 0.0, 2.0),
        ("m1p75_0p25", -1.75, 0.25),
        ("0p0_5p0", 0.0, 5.0),
        ("0p0_3p0", 0.0, 3.0),
    ];

    /// Every column of fishtest_reference.tsv, computed here.
    fn columns(c: &impl Counts) -> Vec<(String, f64)> {
        let m = moments(c).unwrap();
        let (e, ne) = (elo_estimate(c).unwrap(), normalized_elo(c).unwrap());
        let named = [
            ("N_reg", m.n),
            ("games", m.games),
            ("mu", m.score),
            ("var_game", m.var_game),
            ("pdf_var", m.var),
            ("elo", e.elo),
            ("elo95", e.elo95),
            ("elo_lo", e.interval().0),
            ("elo_hi", e.interval().1),
            ("los", e.los),
            ("t", ne.t),
            ("var_t", ne.var_t),
            ("nelo", ne.nelo),
            ("nelo95", ne.nelo95),
            ("nelo_lo", ne.interval().0),
            ("nelo_hi", ne.interval().1),
        ];
        let mut out: Vec<(String, f64)> = named.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        for (tag, e0, e1) in BOUNDS {
            for (model, name) in [
                (EloModel::Logistic, "logistic"),
                (EloModel::Normalized, "normalized"),
            ] {
                let s = Sprt::new(e0, e1, 0.05, 0.05, model).unwrap();
                out.push((format!("llr_{name}_{tag}"), s.llr(c).unwrap()));
                out.push(("llr_lower".to_string(), s.lower_bound()));
                out.push(("llr_upper".to_string(), s.upper_bound()));
            }
        }
        out
    }

    #[test]
    fn fishtest_reference_values() {
        let (header, rows) = table(include_str!("../../tests/data/fishtest_reference.tsv"));
        let mut worst = vec![0.0f64; header.len()];
        for row in &rows {
            let counts: Vec<u64> = row[2].split(',').map(|x| x.parse().unwrap()).collect();
            let got = match row[1] {
                "pentanomial" => columns(&Pentanomial {
                    counts: counts.try_into().unwrap(),
                }),
                _ => columns(&Trinomial {
                    counts: counts.try_into().unwrap(),
                }),
            };
            for (j, col) in header.iter().enumerate().skip(3) {
                let want: f64 = row[j].parse().unwrap();
                let value = got
                    .iter()
                    .find(|(n, _)| n == col)
                    .unwrap_or_else(|| panic!("{col}"))
                    .1;
                let scale = if RELATIVE.contains(col) {
                    want.abs()
                } else {
                    1.0
                };
                let err = (value - want).abs() / scale;
                worst[j] = worst[j].max(err);
                assert!(
                    err <= 1e-6,
                    "{} {col}: got {value:e}, want {want:e}",
                    row[0]
                );
            }
        }
        assert_eq!(rows.len(), 13);
        for (col, w) in header.iter().zip(&worst).skip(3) {
            let how = if RELATIVE.contains(col) { "rel" } else { "abs" };
            eprintln!("max {how} error {col}: {w:.2e}");
        }
    }

    /// The number after `name=` in a case such as `k=3,n=10`.
    fn arg(case: &str, name: &str) -> u64 {
        case.split(',')
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
            .unwrap()
            .parse()
            .unwrap()
    }

    #[test]
    fn statsmodels_reference_values() {
        let (_, rows) = table(include_str!("../../tests/data/stats_reference.tsv"));
        let holm_in: Vec<f64> = rows
            .iter()
            .filter(|r| r[0] == "holm" && r[2] == "adjusted")
            .map(|r| r[1].split_once('=').unwrap().1.parse().unwrap())
            .collect();
        let adjusted = holm(&holm_in);
        let mut worst = [0.0f64; 3];
        for r in &rows {
            let (case, quantity, want) = (r[1], r[2], r[3]);
            let index = || {
                case[2..]
                    .split_once(']')
                    .unwrap()
                    .0
                    .parse::<usize>()
                    .unwrap()
            };
            let (got, slot) = match (r[0], quantity) {
                ("wilson", q) => {
                    let (lo, hi) = wilson_interval(arg(case, "k"), arg(case, "n")).unwrap();
                    (if q == "lo" { lo } else { hi }, 0)
                }
                ("mcnemar", "statistic") => {
                    let m = mcnemar_exact(arg(case, "b"), arg(case, "c")).unwrap();
                    assert_eq!(m.statistic.to_string() + ".0", want, "{case}");
                    continue;
                }
                ("mcnemar", _) => (
                    mcnemar_exact(arg(case, "b"), arg(case, "c"))
                        .unwrap()
                        .p_value,
                    1,
                ),
                ("holm", "adjusted") => (adjusted[index()], 2),
                ("holm", _) => {
                    assert_eq!(adjusted[index()] <= 0.05, want == "true", "{case}");
                    continue;
                }
                _ => panic!("unknown row {r:?}"),
            };
            let want: f64 = want.parse().unwrap();
            // Wilson ends and Holm's p-values: absolute (probabilities in [0, 1]); McNemar's
            // p-value: relative (p-values are read on a log scale).
            let err = if slot == 1 {
                (got - want).abs() / want
            } else {
                (got - want).abs()
            };
            worst[slot] = worst[slot].max(err);
            assert!(err <= 1e-6, "{case} {quantity}: got {got:e}, want {want:e}");
        }
        eprintln!(
            "max error: wilson {:.2e} abs, mcnemar {:.2e} rel, holm {:.2e} abs",
            worst[0], worst[1], worst[2]
        );
    }

    #[test]
    fn counting_pairs_and_games() {
        use GameResult::{Draw, Loss, Win};
        let p = Pentanomial::from_pairs([(Loss, Loss), (Loss, Draw), (Draw, Loss), (Win, Loss)]);
        let q = Pentanomial::from_pairs([(Draw, Draw), (Win, Draw), (Draw, Win), (Win, Win)]);
        assert_eq!((p.counts, q.counts), ([1, 2, 1, 0, 0], [0, 0, 1, 2, 1]));
        assert_eq!((p.pairs(), p.games()), (4, 8));
        assert_eq!(
            Pentanomial {
                counts: [u64::MAX; 5]
            }
            .games(),
            u64::MAX
        );
        let t = Trinomial::from_games([Win, Win, Draw, Loss, Win]);
        assert_eq!((t, t.counts), (Trinomial::from_wdl(3, 1, 1), [1, 1, 3]));
        assert_eq!((t.wins(), t.draws(), t.losses(), t.games()), (3, 1, 1, 5));
        let pairs = [(Loss, Loss), (Loss, Draw), (Win, Draw)];
        assert_eq!(Trinomial::from_pairs(pairs), Trinomial::from_wdl(1, 2, 3));
    }

    /// Every estimate of `c` is finite and so is every LLR of the logistic model; a normalized
    /// LLR is finite or (only when `may_fail`) an error. Returns the number of errors.
    fn estimates_finite(c: &impl Counts, may_fail: bool) -> usize {
        let (m, e, n) = (
            moments(c).unwrap(),
            elo_estimate(c).unwrap(),
            normalized_elo(c).unwrap(),
        );
        let v = [
            m.n, m.games, m.score, m.var_game, m.var, e.elo, e.elo95, e.los, n.nelo,
        ];
        let v2 = [n.nelo95, n.t, n.var_t];
        assert!(v.iter().chain(&v2).all(|x| x.is_finite()), "{v:?} {v2:?}");
        let mut errors = 0;
        for model in [EloModel::Logistic, EloModel::Normalized] {
            for (e0, e1) in [(0.0, 2.0), (-1.75, 0.25), (-20.0, 50.0)] {
                match Sprt::new(e0, e1, 0.05, 0.05, model).unwrap().llr(c) {
                    Ok(llr) => assert!(llr.is_finite(), "{:?} {model:?}", c.cells()),
                    Err(_) if may_fail && model == EloModel::Normalized => errors += 1,
                    Err(e) => panic!("{:?} {model:?} ({e0}, {e1}): {e}", c.cells()),
                }
            }
        }
        errors
    }

    /// No games is an error. One filled cell (with or without a single count opposite), equal
    /// huge counts: the estimates and the logistic LLR are finite (the regularisation keeps
    /// every cell above 0); so is the normalized LLR up to 10⁶ games in one cell. Beyond that,
    /// its fit needs 1 + x·bᵢ below ~1e-15 for the empty cells and may be an error (fishtest's
    /// `LLR_normalized` and even `LLR_logistic` raise from ~10⁵–10⁷ games in one cell).
    #[test]
    fn edge_counts_give_errors_or_finite_values() {
        let none = Pentanomial::default();
        let no_data = |r: Result<f64, StatsError>| matches!(r, Err(StatsError::NotEnoughData(_)));
        assert!(
            no_data(moments(&none).map(|m| m.n)) && no_data(elo_estimate(&none).map(|e| e.elo))
        );
        assert!(no_data(
            normalized_elo(&Trinomial::default()).map(|n| n.nelo)
        ));
        assert!(no_data(Sprt::fishtest(0.0, 2.0).unwrap().llr(&none)));
        let (mut cases, mut errors) = (0, 0);
        for big in [1, 1000, 1_000_000, 1 << 40, u64::MAX] {
            let huge = big > 1_000_000;
            for i in 0..5 {
                let (mut c, mut t) = ([0; 5], [0; 3]);
                (c[i], t[i % 3]) = (big, big);
                errors += estimates_finite(&Pentanomial { counts: c }, huge)
                    + estimates_finite(&Trinomial { counts: t }, huge);
                (c[4 - i], t[2 - i % 3]) = (1, 1);
                errors += estimates_finite(&Pentanomial { counts: c }, huge)
                    + estimates_finite(&Trinomial { counts: t }, huge);
                cases += 4;
            }
            errors += estimates_finite(&Pentanomial { counts: [big; 5] }, false)
                + estimates_finite(&Trinomial { counts: [big; 3] }, false);
            cases += 2;
        }
        eprintln!(
            "{cases} edge cases: {errors} of {} normalized LLRs are errors",
            cases * 3
        );
        // One filled cell: the estimate is at the clamp, the interval finite.
        let e = elo_estimate(&Pentanomial {
            counts: [0, 0, 0, 0, 10],
        })
        .unwrap();
        assert_eq!(e.elo, logistic_elo(1.0));
        assert!(logistic_elo(f64::NAN).is_nan());
    }
}
