//! The warm-table check: does an engine whose `reset` may not reach its tables (an `ext:`
//! process serving several positions) really start every position from empty tables?
//!
//! [`CHECKED`] positions of a set (the ones of most nodes, or of the longest first solves when the
//! engine reports no nodes; never one solved in the warm-up), solved once more after the whole
//! set, are compared with their first solve:
//!
//! - **nodes**, when the engine reports them on both solves: a table kept between positions
//!   answers a re-solve in a fraction of the nodes (often one); the same nodes mean no reuse,
//!   whatever the clock says. The engine is refused when most re-solves take fewer nodes and
//!   all of them together at most 1/[`KEEPS_TABLE_NODES`] of the first solves' nodes (a
//!   parallel engine's nodes vary from solve to solve, but not by half).
//! - **times** otherwise: most re-solves, and their total, [`KEEPS_TABLE_FACTOR`] times faster.
//!
//! First-touch costs are discounted: an engine that zeroes its table lazily (the kernel maps a
//! page on its first write) pays page faults in its first solves and not in the re-solves, which
//! looks like a warm table on the clock. [`warm_up`] therefore solves the positions after the
//! checked ones, untimed and thrown away, before the set's first solves, and the node rule does
//! not look at the clock at all.

use super::measure::{measure, Clock, Failed, Measurement};
use super::positions::Drawn;
use crate::engine::Engine;
use thiserror::Error;

/// Positions solved again by the check.
///
/// A caller without a first pass of its own ([`warm_check`]) makes `warm_check_solves(n)` solves on `n`
/// positions.
pub const CHECKED: usize = 3;

/// How much faster a repeated solve may be than the first before the engine counts as keeping
/// its table (the time rule, for engines that report no nodes).
pub const KEEPS_TABLE_FACTOR: f64 = 5.0;

/// How many times fewer nodes the re-solves take, in all, from a warm table (the node rule).
pub const KEEPS_TABLE_NODES: u64 = 2;

/// Most positions [`warm_up`] solves.
pub const WARM_UP: usize = 5;

/// An engine that keeps its table between positions.
#[derive(Debug, Clone, Error, PartialEq, Eq)]
#[error("engine `{engine}` keeps its table between positions ({detail}): its times would be warm re-solves. Run it with one process per position: `ext[fresh]:...`")]
pub struct KeepsTable {
    pub engine: String,
    /// What the check saw.
    pub detail: String,
}

/// Why the check did not pass.
#[derive(Debug, Clone, Error)]
pub enum FreshError {
    #[error(transparent)]
    KeepsTable(#[from] KeepsTable),
    /// A solve of the check failed.
    #[error("engine failed on `{}`: {}", .position.moves, .failed.error)]
    Failed { position: Drawn, failed: Failed },
}

fn solve(engine: &mut dyn Engine, d: &Drawn, clock: Clock) -> Result<Measurement, FreshError> {
    measure(engine, &d.moves, clock).map_err(|failed| FreshError::Failed {
        position: d.clone(),
        failed,
    })
}

/// The positions [`warm_up`] solves: the last ones after the first [`CHECKED`] (up to
/// [`WARM_UP`]), or the last one of a smaller set.
fn warmed(n: usize) -> std::ops::Range<usize> {
    if n > CHECKED {
        n - (n - CHECKED).min(WARM_UP)..n
    } else {
        n.saturating_sub(1)..n
    }
}

/// Throwaway solves before the first timed ones: the positions [`warmed`] names, untimed, so
/// that process start-up and first-touch costs (lazily zeroed tables, cold page tables) fall on
/// no position the check compares (it compares none of these).
pub fn warm_up(engine: &mut dyn Engine, positions: &[Drawn]) -> Result<(), FreshError> {
    for d in &positions[warmed(positions.len())] {
        solve(engine, d, Clock::Wall)?;
    }
    Ok(())
}

/// The check, after the first solve of every position in `positions` (`first`, in order):
/// [`CHECKED`] positions are solved again and compared (see the module documentation): the
/// ones of most nodes when the engine reports nodes, else of the longest first solves. `round_trip`: compare wall times (the engine's time is
/// its round trip).
pub fn check(
    engine: &mut dyn Engine,
    positions: &[Drawn],
    first: &[Measurement],
    clock: Clock,
    round_trip: bool,
) -> Result<(), FreshError> {
    let n = positions.len().min(first.len());
    // Not the warmed-up positions: their first solve here was already a second one.
    let w = warmed(n);
    let mut chosen: Vec<usize> = (0..n).filter(|i| !w.contains(i) || w.len() == n).collect();
    // The largest first: most nodes, else the longest first solves (a warm re-solve of a
    // trivial position saves little, and the pipe's round trip can hide it); ties in order.
    if first[..n].iter().all(|m| m.nodes_reported) {
        chosen.sort_by_key(|&i| std::cmp::Reverse(first[i].nodes));
    } else {
        let time = |m: &Measurement| if round_trip { m.wall_nanos } else { m.nanos };
        chosen.sort_by_key(|&i| std::cmp::Reverse(time(&first[i])));
    }
    chosen.truncate(CHECKED);
    let mut pairs = Vec::with_capacity(chosen.len());
    for &i in &chosen {
        pairs.push((first[i], solve(engine, &positions[i], clock)?));
    }
    match verdict(&pairs, round_trip) {
        None => Ok(()),
        Some(detail) => Err(KeepsTable {
            engine: engine.spec(),
            detail,
        }
        .into()),
    }
}

/// What the repeated solves say: `None` (fresh tables) or what made the engine look warm.
fn verdict(pairs: &[(Measurement, Measurement)], round_trip: bool) -> Option<String> {
    let k = pairs.len();
    let nodes = pairs
        .iter()
        .all(|(a, b)| a.nodes_reported && b.nodes_reported);
    if nodes {
        let fewer = pairs.iter().filter(|(a, b)| b.nodes < a.nodes).count();
        let sum = |f: fn(&(Measurement, Measurement)) -> u64| pairs.iter().map(f).sum::<u64>();
        let (before, again) = (sum(|p| p.0.nodes), sum(|p| p.1.nodes));
        return (2 * fewer > k && again.saturating_mul(KEEPS_TABLE_NODES) <= before).then(|| {
            format!(
                "its {k} largest position(s) took {before} nodes, solved again after the set {again} nodes ({fewer} of {k} with fewer)"
            )
        });
    }
    let time = |m: &Measurement| if round_trip { m.wall_nanos } else { m.nanos };
    let faster = pairs
        .iter()
        .filter(|(a, b)| (time(b) as f64) * KEEPS_TABLE_FACTOR < time(a) as f64)
        .count();
    let before: u64 = pairs.iter().map(|p| time(&p.0)).sum();
    let again: u64 = pairs.iter().map(|p| time(&p.1)).sum();
    // Most of the repeats, and their total, far faster: one slow first solve (a busy machine)
    // is not enough.
    (2 * faster > k && (again as f64) * KEEPS_TABLE_FACTOR < before as f64).then(|| {
        format!(
            "no node counts; its first {k} position(s) took {:.3} ms, solved again after the set {:.3} ms ({:.1}x faster)",
            before as f64 / 1e6,
            again as f64 / 1e6,
            before as f64 / (again as f64).max(1.0)
        )
    })
}

/// Solves [`warm_check`] makes on `n` positions: the warm-up, the first pass, the re-solves.
#[must_use]
pub fn warm_check_solves(n: usize) -> usize {
    warmed(n).len() + n + n.min(CHECKED)
}

/// The whole check for a caller without a first pass of its own (`run`): [`warm_up`], the first
/// solve of every position, [`check`]. Timed on `clock`, or on the round trip when the engine
/// reports no time of its own.
pub fn warm_check(
    engine: &mut dyn Engine,
    positions: &[Drawn],
    clock: Clock,
) -> Result<(), FreshError> {
    warm_up(engine, positions)?;
    let mut first = Vec::with_capacity(positions.len());
    for d in positions {
        first.push(solve(engine, d, clock)?);
    }
    let round_trip = first.iter().any(|m| !m.time_reported);
    check(engine, positions, &first, clock, round_trip)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(nodes: Option<u64>, nanos: u64) -> Measurement {
        Measurement {
            score: 0,
            nodes: nodes.unwrap_or(0),
            nodes_reported: nodes.is_some(),
            time_reported: true,
            nanos,
            wall_nanos: nanos + 50_000,
            probes: 0,
            info: crate::engine::SearchInfo::default(),
            counters: None,
            chance: None,
        }
    }

    #[test]
    fn same_nodes_are_fresh_however_much_faster() {
        // A lazily zeroed table: the first solves paid page faults, the re-solves did not.
        let lazy: Vec<_> = (0..3)
            .map(|i| (m(Some(1000 + i), 20_000_000), m(Some(1000 + i), 300_000)))
            .collect();
        assert_eq!(verdict(&lazy, false), None);
        // A kept table: the re-solves take a node or two.
        let warm: Vec<_> = (0..3)
            .map(|i| (m(Some(1000 + i), 2_000_000), m(Some(1), 2_000_000)))
            .collect();
        let d = verdict(&warm, false).expect("warm");
        assert!(d.contains("3003 nodes") && d.contains("3 nodes"), "{d}");
        // One warm re-solve of three is not most of them.
        let one = vec![warm[0], lazy[1], lazy[2]];
        assert_eq!(verdict(&one, false), None);
        // Nodes that vary a little (a parallel engine) are not a kept table.
        let noisy: Vec<_> = (0..3)
            .map(|i| (m(Some(1000 + i), 2_000_000), m(Some(900 + i), 2_000_000)))
            .collect();
        assert_eq!(verdict(&noisy, false), None);
    }

    #[test]
    fn without_nodes_the_clock_decides() {
        let warm: Vec<_> = (0..3)
            .map(|_| (m(None, 10_000_000), m(None, 100_000)))
            .collect();
        assert!(verdict(&warm, false).unwrap().contains("no node counts"));
        // The round trip (wall) is what counts when asked.
        let busy: Vec<_> = (0..3)
            .map(|_| {
                let (mut a, b) = (m(None, 10_000_000), m(None, 100_000));
                a.wall_nanos = 200_000;
                (a, b)
            })
            .collect();
        assert_eq!(verdict(&busy, true), None);
        // One slow first solve is not enough.
        let one = vec![
            warm[0],
            (m(None, 1_000_000), m(None, 900_000)),
            (m(None, 1_000_000), m(None, 900_000)),
        ];
        assert_eq!(verdict(&one, false), None);
    }
}
