//! The switches of the Connect-4 search: every technique is a field of [`SearchConfig`], so a
//! variant of the engine is a value, and every seeded bug is a [`Mutant`].

/// How children are ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ordering {
    /// By the number of winning cells the move creates, one less for a move right below one of
    /// our own winning cells (the opponent would block it at once); centre first among ties.
    Threats,
    /// Centre first, no threat count.
    Centre,
    /// Left to right.
    None,
}

/// How a node at the depth limit is scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    /// Play the game out with a fixed simple policy ([`Searcher::rollout`]): a real game result.
    Rollout,
    /// Count open threats: cells where the side to move would win minus cells where the
    /// opponent would, clamped to the scores the node allows.
    Threats,
}

impl Eval {
    /// The spec name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Eval::Rollout => "rollout",
            Eval::Threats => "threats",
        }
    }
}

pub use super::mutant::Mutant;

/// The switches of the search. `Default` is the full engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SearchConfig {
    /// `log2` of the table entries; `None` for no table.
    pub tt_bits: Option<u32>,
    /// Entries per table bucket: 1 (always replace) or 2 (depth-preferred + always-replace).
    pub tt_ways: u32,
    /// Move ordering.
    pub ordering: Ordering,
    /// Clamp the window with the bounds the score convention implies.
    pub clamp: bool,
    /// Search only moves that do not lose at once (else: check immediate wins at every node).
    pub non_losing: bool,
    /// Look positions up by their canonical (mirror-min) key when at least this many cells are
    /// empty; `None` for never.
    pub mirror_min_left: Option<u32>,
    /// Enhanced transposition cutoffs at nodes with at least this many empty cells; `None` for
    /// never.
    pub etc_min_left: Option<u32>,
    /// Return the best possible score at once when a move sets up two stacked threats the
    /// opponent cannot answer (a win with our next-but-one stone).
    pub double_threat: bool,
    /// Probe and store the table only at nodes with at least this many empty cells (0: at
    /// every node).
    pub tt_min_left: u32,
    /// Prefetch the children's table buckets while ordering them (where ETC does not look them up).
    pub prefetch: bool,
    /// Ask the OS for huge pages for the table (fewer TLB misses).
    pub huge_pages: bool,
    /// Depth limit in plies; `None` searches to the end of the game.
    pub max_depth: Option<u32>,
    /// How a node at the depth limit is scored.
    pub eval: Eval,
    /// Principal Variation Search (NegaScout) inside the tree: the first child with the full
    /// window, the rest with a null window and a re-search when one fails high.
    pub pvs: bool,
    /// Mirror keys by two delta swaps instead of a loop over the columns (same keys).
    pub mirror_swap: bool,
    /// Pass the children their threat maps, computed by the parent's threat ordering, instead
    /// of computing them again (needs `non_losing` and [`Ordering::Threats`]; same tree).
    pub inherit_threats: bool,
    /// Prefetch the children's table buckets before the node's own lookup instead of while
    /// ordering them after it (with `prefetch`).
    pub prefetch_early: bool,
    /// Threat ordering computes the children's maps of winning cells two at a time, in the two
    /// lanes of an SSE2 register (same maps, same order).
    pub win_pairs: bool,
    /// Run the default configuration's own instantiation, with its switches compiled in
    /// ([`Self::default_search`]); off: the same search reading the switches at run time.
    pub fixed: bool,
    /// A seeded bug, or [`Mutant::None`].
    pub mutant: Mutant,
    /// Fill the search counters ([`super::counters::SearchCounters`]; one thread, no mutant).
    /// Off by default: the default instantiation compiles no counting at all.
    pub count: bool,
    /// Lower beta by Allis's claimeven rule at nodes where the first player is to move on a
    /// board of even height ([`crate::game::connect4::Position::claimeven_ceiling`]); searches
    /// to the end of the game only.
    pub claimeven: bool,
    /// The claimeven rule one move ahead ([`crate::game::connect4::Position::claimeven_floor_after`]):
    /// at nodes where the second player is to move on a board of even height, a move after
    /// which the first player cannot win by claimeven ends the node when beta is at or below
    /// its bound (exact search, non-losing generation only).
    pub claimeven_children: bool,
    /// At nodes with at most this many empty cells (`None`: never), bound the window by the
    /// fours still possible: a side whose stones and the empty cells hold no four can no
    /// longer win, so the side to move scores at most 0 if it is that side, at least 0 if
    /// the opponent is ([`crate::game::connect4::Position::can_still_win`]); searches to the
    /// end of the game only.
    pub no_four_max_left: Option<u32>,
    /// Look for forced wins one move ahead (needs `non_losing`; exact search only), before
    /// the table lookup, at nodes where beta is above a win with our third stone: a child
    /// where every reply of the opponent leaves us a win at once ends the node with the best
    /// score left (a win with our second stone); without one, beta drops to a win with our
    /// third stone.
    pub forced_wins: bool,
    /// A node with one move to search (a forced reply or the only non-losing move) searches
    /// its child at once, with the node's window, without a table lookup, ordering or storing
    /// (exact search only).
    pub forced_pass: bool,
    /// With threat ordering, count only our useful winning cells after a move: not those
    /// right above a winning cell of the opponent's (we never get to play there: the cell
    /// below is the opponent's win or our block, and the opponent then blocks ours); and
    /// count one more for each winning cell of the opponent's that is useless to it (right
    /// above one of our useful ones) and for each pair of our useful ones one above the other.
    pub useful_threats: bool,
}

impl SearchConfig {
    /// Default table size: 2^23 entries of 8 bytes, 64 MiB.
    pub const DEFAULT_TT_BITS: u32 = 23;
    /// Default mirror threshold: canonical keys while at least 20 cells are empty.
    pub const DEFAULT_MIRROR_MIN_LEFT: u32 = 20;
    /// Default ETC threshold: while at least 18 cells are empty. ETC's lookups of the children
    /// wait for the buckets their prefetch has only just asked for (on large trees 24% of the
    /// search's samples sat on them with 14); from 18 it keeps most of its node savings where a
    /// cutoff spares a large subtree: `mtdf:etc=18` against `etc=14` on Pons' Begin-Medium
    /// plies 6-8: +10% nodes, −3 to −6% time.
    pub const DEFAULT_ETC_MIN_LEFT: u32 = 18;
    /// Default table threshold: nodes with at least 8 empty cells.
    pub const DEFAULT_TT_MIN_LEFT: u32 = 8;
    /// Threshold of `nofour=on` ([`Self::no_four_max_left`]): nodes with at most 16 empty
    /// cells (with more, both sides can nearly always still make a four).
    pub const DEFAULT_NO_FOUR_MAX_LEFT: u32 = 16;
}

impl SearchConfig {
    /// The full engine (what [`Default`] gives).
    pub const DEFAULT: Self = Self {
        tt_bits: Some(Self::DEFAULT_TT_BITS),
        tt_ways: 2,
        ordering: Ordering::Threats,
        clamp: true,
        non_losing: true,
        mirror_min_left: Some(Self::DEFAULT_MIRROR_MIN_LEFT),
        etc_min_left: Some(Self::DEFAULT_ETC_MIN_LEFT),
        double_threat: true,
        tt_min_left: Self::DEFAULT_TT_MIN_LEFT,
        prefetch: true,
        huge_pages: true,
        max_depth: None,
        eval: Eval::Rollout,
        pvs: false,
        mirror_swap: true,
        inherit_threats: true,
        prefetch_early: true,
        win_pairs: false,
        fixed: true,
        mutant: Mutant::None,
        count: false,
        claimeven: true,
        claimeven_children: true,
        no_four_max_left: None,
        forced_wins: true,
        forced_pass: true,
        useful_threats: true,
    };

    /// Whether the search runs exactly as [`Self::DEFAULT`] does, so that it can take the
    /// instantiation with that configuration compiled in: the switches the search reads are
    /// the default's, with no mutant and no counting (those take the instantiations that read
    /// the switches at run time). The table's size, ways and pages, the depth limit and the
    /// horizon's evaluation are read elsewhere (or at run time); PVS is a const parameter of
    /// its own.
    #[must_use]
    pub fn default_search(&self) -> bool {
        let d = Self::DEFAULT;
        let normalised = Self {
            tt_bits: self.tt_bits.and(d.tt_bits),
            tt_ways: d.tt_ways,
            huge_pages: d.huge_pages,
            max_depth: d.max_depth,
            eval: d.eval,
            pvs: d.pvs,
            ..*self
        };
        normalised == d
    }
}

impl Default for SearchConfig {
    fn default() -> Self {
        Self::DEFAULT
    }
}
