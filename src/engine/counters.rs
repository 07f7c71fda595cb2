//! Search counters: what a solve did besides counting nodes, so that a comparison can say *why*
//! one driver or switch wins (fewer leaves, better ordering, fewer re-searches).
//!
//! Every engine family that counts (the Connect-4 solver, the generic core) fills one
//! [`SearchCounters`] per solve and returns it from [`Engine::counters`](super::Engine::counters);
//! an engine that does not count returns `None` and its counter columns stay empty ("n/a").
//! Counting is a compile-time choice in each core, so a core built without it pays nothing.

/// The counters of one solve. Every field counts events of the whole solve (all root searches
/// of a driver together).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SearchCounters {
    /// Nodes that searched at least one child.
    pub interior: u64,
    /// Nodes scored without searching children: terminal positions and evaluations at the
    /// horizon (Connect-4: the depth limit or a decided position; chess: the static evaluation).
    pub leaves: u64,
    /// Nodes searched by the quiescence search (chess with `qs`); 0 elsewhere.
    pub qnodes: u64,
    /// Transposition-table lookups (reads).
    pub tt_lookups: u64,
    /// Probes that found an entry for the position.
    pub hits: u64,
    /// Probes that ended the node (the stored bound was enough).
    pub table_cutoffs: u64,
    /// Nodes whose search stopped at a child's value at or above beta (fail high).
    pub beta_cutoffs: u64,
    /// Of [`SearchCounters::beta_cutoffs`], those made by the first child searched: the
    /// standard measure of move-ordering quality (`first_move_cutoffs / beta_cutoffs`).
    pub first_move_cutoffs: u64,
    /// Searches repeated with another window: PVS re-searches after a null-window fail high,
    /// aspiration fails, and every root probe after the first (MTD(f), SSS*, DUAL*, bisection).
    pub researches: u64,
}

impl SearchCounters {
    /// The share of beta cut-offs made by the first child (`None` without cut-offs).
    #[must_use]
    pub fn first_move_cutoff_rate(&self) -> Option<f64> {
        (self.beta_cutoffs > 0).then(|| self.first_move_cutoffs as f64 / self.beta_cutoffs as f64)
    }

    /// Adds `other` field by field (the counters of several threads or root searches).
    pub fn add(&mut self, other: &Self) {
        self.interior += other.interior;
        self.leaves += other.leaves;
        self.qnodes += other.qnodes;
        self.tt_lookups += other.tt_lookups;
        self.hits += other.hits;
        self.table_cutoffs += other.table_cutoffs;
        self.beta_cutoffs += other.beta_cutoffs;
        self.first_move_cutoffs += other.first_move_cutoffs;
        self.researches += other.researches;
    }
}

#[cfg(test)]
mod tests {
    use super::SearchCounters;

    #[test]
    fn first_move_rate_is_a_share_and_absent_without_cutoffs() {
        let mut c = SearchCounters::default();
        assert_eq!(c.first_move_cutoff_rate(), None);
        c.add(&SearchCounters {
            beta_cutoffs: 8,
            first_move_cutoffs: 6,
            ..SearchCounters::default()
        });
        c.add(&c.clone());
        assert_eq!((c.beta_cutoffs, c.first_move_cutoffs), (16, 12));
        assert_eq!(c.first_move_cutoff_rate(), Some(0.75));
    }
}
