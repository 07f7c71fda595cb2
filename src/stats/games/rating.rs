//! A rating list from a tournament's games: one logistic Elo per engine by maximum likelihood
//! (the Bradley-Terry model that ordo and BayesElo fit), anchored on a named engine, with a 95%
//! interval from the likelihood's curvature.
//!
//! Each game scores 1, ½ or 0; the expected score of engine i against j is
//! 1 / (1 + 10^((Rj − Ri)/400)). Every pairing that played also gets one virtual draw (a prior,
//! as BayesElo's virtual draws), so an engine that won every game gets a finite rating. The
//! ratings maximise Σ points·ln p + (games − points)·ln(1 − p) over the pairings, found by
//! Newton's method on the free ratings (the anchor's is fixed); the interval of each is
//! ±1.96 standard errors from the inverse of the negative Hessian there. Games are treated as
//! independent (a game pair's correlation is not modelled: the intervals of a match's two
//! engines are wider in its pentanomial figures).

use crate::stats::StatsError;

/// One engine's rating.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// Elo relative to the anchor (the anchor's is 0).
    pub elo: f64,
    /// Half-width of its 95% interval (0 for the anchor).
    pub elo95: f64,
}

/// A pairing's games: engines `a` and `b`, `a`'s points, and the games played.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PairingScore {
    pub a: usize,
    pub b: usize,
    pub points: f64,
    pub games: f64,
}

const ELO_PER_NAT: f64 = 400.0 / std::f64::consts::LN_10;

/// The ratings of `n` engines from `pairings`, the anchor's set to 0. Errors: an anchor out of
/// range, a pairing naming an engine out of range or itself, points outside 0..=games, or
/// engines no chain of games connects to the anchor (their ratings are undefined).
pub fn ratings(
    n: usize,
    pairings: &[PairingScore],
    anchor: usize,
) -> Result<Vec<Rating>, StatsError> {
    if anchor >= n {
        return Err(StatsError::Invalid(format!(
            "anchor {anchor} of {n} engines"
        )));
    }
    for p in pairings {
        let ok = p.a < n && p.b < n && p.a != p.b && (0.0..=p.games).contains(&p.points);
        if !ok || !p.games.is_finite() {
            return Err(StatsError::Invalid(format!("pairing {p:?} of {n} engines")));
        }
    }
    check_connected(n, pairings, anchor)?;
    // with the prior: one virtual draw per pairing
    let obs: Vec<PairingScore> = pairings
        .iter()
        .filter(|p| p.games > 0.0)
        .map(|p| PairingScore {
            points: p.points + 0.5,
            games: p.games + 1.0,
            ..*p
        })
        .collect();
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    let mut r = vec![0.0f64; n]; // in natural units (ln 10 / 400 per Elo)
    for _ in 0..100 {
        let (g, h) = gradient_hessian(&r, &obs, &free);
        let step =
            solve(h, &g).ok_or_else(|| StatsError::Invalid("singular information".into()))?;
        let mut moved = 0.0f64;
        for (k, &i) in free.iter().enumerate() {
            r[i] += step[k];
            moved = moved.max(step[k].abs());
        }
        if moved < 1e-12 {
            break;
        }
    }
    let (_, h) = gradient_hessian(&r, &obs, &free);
    let cov = invert(h).ok_or_else(|| StatsError::Invalid("singular information".into()))?;
    Ok((0..n)
        .map(|i| match free.iter().position(|&f| f == i) {
            Some(k) => Rating {
                elo: r[i] * ELO_PER_NAT,
                elo95: 1.959_963_984_540_054 * cov[k][k].sqrt() * ELO_PER_NAT,
            },
            None => Rating {
                elo: 0.0,
                elo95: 0.0,
            },
        })
        .collect())
}

/// Every engine must be linked to the anchor by games.
fn check_connected(n: usize, pairings: &[PairingScore], anchor: usize) -> Result<(), StatsError> {
    let mut reached = vec![false; n];
    reached[anchor] = true;
    let mut changed = true;
    while changed {
        changed = false;
        for p in pairings.iter().filter(|p| p.games > 0.0) {
            if reached[p.a] != reached[p.b] {
                reached[p.a] = true;
                reached[p.b] = true;
                changed = true;
            }
        }
    }
    match reached.iter().position(|r| !r) {
        None => Ok(()),
        Some(i) => Err(StatsError::NotEnoughData(format!(
            "engine {i} played no game linking it to the anchor"
        ))),
    }
}

/// The gradient of the log-likelihood over the free ratings and the negative Hessian (the
/// information), at ratings `r` (natural units).
fn gradient_hessian(r: &[f64], obs: &[PairingScore], free: &[usize]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let m = free.len();
    let at = |i: usize| free.iter().position(|&f| f == i);
    let (mut g, mut h) = (vec![0.0; m], vec![vec![0.0; m]; m]);
    for o in obs {
        let p = 1.0 / (1.0 + (r[o.b] - r[o.a]).exp());
        let (resid, w) = (o.points - o.games * p, o.games * p * (1.0 - p));
        let (ia, ib) = (at(o.a), at(o.b));
        if let Some(i) = ia {
            g[i] += resid;
            h[i][i] += w;
        }
        if let Some(j) = ib {
            g[j] -= resid;
            h[j][j] += w;
        }
        if let (Some(i), Some(j)) = (ia, ib) {
            h[i][j] -= w;
            h[j][i] -= w;
        }
    }
    (g, h)
}

/// `h⁻¹ g` by Gauss-Jordan elimination with partial pivoting; `None` when `h` is singular.
fn solve(h: Vec<Vec<f64>>, g: &[f64]) -> Option<Vec<f64>> {
    let inv = invert(h)?;
    Some(
        inv.iter()
            .map(|row| row.iter().zip(g).map(|(a, b)| a * b).sum())
            .collect(),
    )
}

/// The inverse of the square matrix `a`, or `None` when it is singular.
fn invert(mut a: Vec<Vec<f64>>) -> Option<Vec<Vec<f64>>> {
    let m = a.len();
    let mut inv: Vec<Vec<f64>> = (0..m)
        .map(|i| (0..m).map(|j| f64::from(u8::from(i == j))).collect())
        .collect();
    for c in 0..m {
        let p = (c..m).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-300 {
            return None;
        }
        a.swap(c, p);
        inv.swap(c, p);
        let d = a[c][c];
        for j in 0..m {
            a[c][j] /= d;
            inv[c][j] /= d;
        }
        for i in (0..m).filter(|&i| i != c) {
            let f = a[i][c];
            for j in 0..m {
                a[i][j] -= f * a[c][j];
                inv[i][j] -= f * inv[c][j];
            }
        }
    }
    Some(inv)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pair(a: usize, b: usize, points: f64, games: f64) -> PairingScore {
        PairingScore {
            a,
            b,
            points,
            games,
        }
    }

    /// Two engines: the rating is the logistic Elo of the score with the virtual draw,
    /// −400·log10(1/s − 1), and its interval the delta method's 1.96·√(1/(N s (1 − s))).
    #[test]
    fn two_engines_give_the_logistic_elo_of_the_score() {
        let r = ratings(2, &[pair(0, 1, 70.0, 100.0)], 0).unwrap();
        let s: f64 = 70.5 / 101.0;
        let elo = -400.0 * (1.0 / s - 1.0).log10();
        assert_eq!(
            r[0],
            Rating {
                elo: 0.0,
                elo95: 0.0
            }
        );
        assert!((r[1].elo + elo).abs() < 1e-9, "{r:?} {elo}");
        let se = (1.0 / (101.0 * s * (1.0 - s))).sqrt() * ELO_PER_NAT;
        assert!((r[1].elo95 - 1.959_963_984_540_054 * se).abs() < 1e-9);
        // anchored on the other engine, the same gap
        let r1 = ratings(2, &[pair(0, 1, 70.0, 100.0)], 1).unwrap();
        assert!((r1[0].elo - elo).abs() < 1e-9);
    }

    /// Three engines whose scores fit the model exactly (a: +100 over b, b: +100 over c, the
    /// scores of those gaps on many games): the fit returns the gaps, with a transitive a-c.
    #[test]
    fn consistent_results_give_additive_ratings_and_a_clean_sweep_is_finite() {
        let e = |d: f64| 1.0 / (1.0 + 10f64.powf(-d / 400.0));
        let n = 1e6;
        let ps = [
            pair(0, 1, e(100.0) * n, n),
            pair(1, 2, e(100.0) * n, n),
            pair(0, 2, e(200.0) * n, n),
        ];
        let r = ratings(3, &ps, 0).unwrap();
        assert!(
            (r[1].elo + 100.0).abs() < 0.1 && (r[2].elo + 200.0).abs() < 0.1,
            "{r:?}"
        );
        let sweep = ratings(2, &[pair(0, 1, 10.0, 10.0)], 1).unwrap();
        assert!(
            sweep[0].elo.is_finite() && sweep[0].elo > 300.0,
            "{sweep:?}"
        );
        assert!(
            ratings(3, &[pair(0, 1, 1.0, 2.0)], 0).is_err(),
            "engine 2 never played"
        );
        assert!(ratings(2, &[pair(0, 1, 3.0, 2.0)], 0).is_err());
    }
}
