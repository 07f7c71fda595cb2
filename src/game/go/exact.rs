//! Exact values of Go on small boards (side 2 to 5), with the rules of [`super`] (Tromp-Taylor
//! area, komi 0, positional superko, suicide forbidden) but **no ply cap**: positional superko
//! alone ends every game (each stone makes a board never seen before in the game), so this is the
//! game whose values are published (Sensei's Library, "Small board Go").
//!
//! - **Board**: two `u32` bit sets ([`super::benson::Geom`]), the side to move's stones and the
//!   opponent's; the value is for the side to move (komi 0).
//! - **Search**: fail-soft alpha-beta with a transposition table under MTD(f) (null windows
//!   that close in on the value, which lies in `[-N², N²]`: a test outside fails at once). The
//!   first guess is a 12-ply search's. Move order: the table's move, the pass when the opponent
//!   has just passed (it ends the game: a leaf), the last liberty of every chain in atari
//!   (a capture or an escape), the other points nearer the centre first, the pass otherwise
//!   last. The table is keyed on the class of the board under the 8 symmetries of the square
//!   ([`Solver::symmetry`]).
//! - **Proof by true bounds** ([`Solver::solve`] without a depth): superko lets lines run for
//!   hundreds of plies, so each MTD(f) test `value >= beta` is searched to a depth (16, then 4
//!   more each time to 64, then doubling) with every horizon scored as the worst Benson's
//!   bounds allow for one side: for the root's side first (a fail high then proves the test),
//!   and, where that failed low past a horizon, for the other side (a fail low then disproves
//!   it); neither: deeper. Every value stored is then a true bound on the node's value, good
//!   at any depth. A depth (`Some(d)`) gives instead the estimate of a search with the area
//!   count at the horizon, as the generic core's.
//! - **Settled positions**: at every node Benson's unconditional life ([`super::benson`]) of
//!   both colours. A side can keep its pass-alive stones and its eyes (one-point regions of
//!   pass-alive chains) by passing to the end, whatever the opponent plays (the stones are never
//!   captured, the eyes never played), so the value lies in `[2·L_me - N², N² - 2·L_opp]`, `L`
//!   those points; a window outside the bounds cuts at once, and a position where they meet
//!   (every point a pass-alive stone or an eye) is scored at once. The bounds do not depend on
//!   the history: passing is always legal. [`Solver::regions`] (off by default) counts more, on
//!   an assumption this code does not prove.
//! - **Positional superko and the table** (the graph-history-interaction problem): superko is
//!   checked exactly along the current path, the position's own history (the boards of the
//!   moves that reached the root) included. The table is keyed on the board, the colour to move
//!   and the passes in a row, not on the history, and two rules make every value read back the
//!   node's value under its own history, so the solver is exact:
//!   1. a value is stored only when no move below the node was refused for recreating a board
//!      older than the node's own (the refusals that decided it were of the node's board or of
//!      boards made below it): it is then the node's value with no history before it;
//!   2. an entry carries a 64-bit Bloom filter of every board its search made (those of the
//!      entries it read included) and is used only at a node none of whose older boards is in
//!      the filter (a false positive only forgoes a use).
//!
//!   Under both, a search of the node with its own history would make and refuse the same
//!   moves as the search stored, so it finds the same value. The filter holds boards with their
//!   colours, so the key holds the colour too (a colour-free key, tried first, gave wrong values
//!   on 2x2: the filter then named the colour-swapped boards).
//!
//!   **Symmetry**: the key holds the board's class under the 8 symmetries of the square, and
//!   the filters (the entries' and the path's older boards') hold classes too. A node whose
//!   board is the image `s(P)` of a stored node `P` searches the images under `s` of `P`'s
//!   lines; a refusal there that `P`'s search did not make would recreate an older board
//!   `s(b)` with `b` a board `P`'s search made, so that older board's class is in the entry's
//!   filter and the entry is not used. Classes are coarser than boards: a match only forgoes
//!   a use, as a false positive does.
//!   `tests/go.rs` checks the values on seeded 2x2 positions against the generic core's search,
//!   whose key holds the whole history.
//! - A line stops at [`MAX_PATH`] plies below the root (a safety bound for the stack); a value
//!   that needed more is not exact.

use super::benson::{pass_alive, Geom};
use super::board::mix;
use super::small::board_key;
pub use super::small::Position;
use super::sym::Sym;

/// The most plies one line of the search may go below the root (a safety bound for the stack;
/// a value that met it is not exact).
pub const MAX_PATH: u32 = 2000;

/// The first depth of the proving search (it doubles until the value is proved).
const FIRST_DEPTH: u32 = 16;
/// The depth of the search whose value is MTD(f)'s first guess.
const GUESS_DEPTH: u32 = 12;
/// The stored depth of a value that saw no horizon.
const NO_HORIZON: u16 = u16::MAX;
/// No path index: nothing refused.
const NONE: u32 = u32::MAX;
/// The move index of the pass (points are 0..N²).
const PASS_MOVE: u8 = 25;
/// No move.
const NO_MOVE: u8 = 255;

/// What a search scores at its horizon.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Horizon {
    /// The area count (an estimate).
    Area,
    /// The worst Benson's bounds allow for the side whose colour is `true` for Black: every
    /// value then bounds the true value on one side (see [`Solver::search`]).
    Against(bool),
}

/// A table entry (16 bytes).
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    /// A lower and an upper bound on the value for the side to move.
    lower: i8,
    upper: i8,
    best: u8,
    /// log2 of the nodes its search took (replacement).
    work: u8,
    depth: u16,
    /// The boards its search made (a 64-bit Bloom filter, [`sig_bit`]).
    sig: u64,
}

/// What a solve found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The value for the side to move (area points, komi 0).
    pub value: i32,
    /// Whether it is the value of the game to its end (no horizon met; see the module on the
    /// table and superko).
    pub exact: bool,
    /// Nodes searched (calls of the search, each MTD(f) pass counted).
    pub nodes: u64,
}

/// What one search call returns: the value, the oldest path index whose board a refusal below
/// depended on ([`NONE`]: none), and whether a horizon was met below.
#[derive(Clone, Copy)]
struct Res {
    value: i32,
    dep: u32,
    horizon: bool,
    /// The boards made below (a Bloom filter, tables' included).
    sig: u64,
}

/// The bit of board `b` in a 64-bit Bloom filter of boards.
#[inline]
fn sig_bit(b: u64) -> u64 {
    1 << (mix(b ^ 0x5851_f42d_4c95_7f2d) & 63)
}

/// A node of the search past its first checks.
#[derive(Clone, Copy)]
struct Node {
    own: u32,
    opp: u32,
    black: bool,
    passes: u8,
    depth: u32,
    key: u64,
    /// The symmetry that maps the node's board onto its key's.
    sym: u8,
    /// The boards on the path when the node was entered.
    line: u32,
    /// The node count when the node was entered.
    start: u64,
}

/// The exact solver of one board side.
pub struct Solver {
    g: Geom,
    table: Vec<Entry>,
    /// The boards after every stone: the position's history, then the current line.
    path: Vec<u64>,
    /// How many boards of `path` have each 16-bit hash (a filter before the scan).
    filter: Vec<u16>,
    /// `older[i]`: the Bloom filter of the boards `path[..i]`.
    older: Vec<u64>,
    /// `classes[i]`: the class of `path[i]` and the symmetry onto it ([`Solver::class`]).
    classes: Vec<(u64, u8)>,
    /// The points, nearer the centre first.
    order: [u8; 25],
    /// Nodes searched since the last [`Solver::clear`].
    pub nodes: u64,
    /// Positions scored at once as settled by Benson's bounds.
    pub settled: u64,
    /// The boards of the root's history (the line below starts after them).
    root: u32,
    /// Values not stored because an older board's refusal decided them.
    pub dirty: u64,
    /// Count a vital region of pass-alive chains every point of which is next to their stones
    /// (the opponent can make no eye there), opponent stones in it included, as the owner's:
    /// an assumption (that the owner can always clear such a region, superko
    /// notwithstanding) that this code does not prove; off by default.
    pub regions: bool,
    /// Key the table on the class of the board under the 8 symmetries (on by default).
    pub symmetry: bool,
    sym: Sym,
}

impl Solver {
    /// A solver of side `n` (2 to 5) with a table of `2^bits` entries (16 bytes each).
    #[must_use]
    pub fn new(n: u32, bits: u32) -> Self {
        let g = Geom::new(n);
        let mut pts: Vec<u8> = (0..(n * n) as u8).collect();
        let mid = f64::from(n - 1) / 2.0;
        let dist = |i: u8| {
            let (r, c) = (f64::from(u32::from(i) / n), f64::from(u32::from(i) % n));
            (r - mid).abs() + (c - mid).abs()
        };
        pts.sort_by(|a, b| dist(*a).total_cmp(&dist(*b)));
        let mut order = [0u8; 25];
        order[..pts.len()].copy_from_slice(&pts);
        Solver {
            g,
            table: crate::util::malloc::huge_vec(1 << bits, Entry::default()),
            path: Vec::with_capacity(4096),
            filter: vec![0; 1 << 16],
            older: vec![0],
            classes: Vec::with_capacity(4096),
            order,
            nodes: 0,
            settled: 0,
            root: 0,
            dirty: 0,
            regions: false,
            symmetry: true,
            sym: Sym::new(n),
        }
    }

    /// Forget the table and the counts.
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
        self.nodes = 0;
        self.settled = 0;
    }

    /// The value of `pos` by MTD(f): with `depth`, the estimate of a search to that depth (the
    /// area count at the horizon); without, the exact value (see the module), or the best
    /// bounds found when the lines would pass [`MAX_PATH`] plies (then `exact` is false).
    pub fn solve(&mut self, pos: &Position, depth: Option<u32>) -> Outcome {
        assert_eq!(pos.n, self.g.n, "a position of another side");
        let start = self.nodes;
        if pos.passes >= 2 {
            let value = self.g.area(pos.own, pos.opp);
            return Outcome {
                value,
                exact: true,
                nodes: 0,
            };
        }
        // the first guess: a shallow search's value (MTD(f) then needs about two passes)
        let guess = match depth {
            Some(d) if d <= GUESS_DEPTH => 0,
            _ => self.solve(pos, Some(GUESS_DEPTH)).value,
        };
        // room for the whole line: the search itself never allocates
        let room = pos.history.len() + MAX_PATH as usize + 2;
        self.path.reserve(room);
        self.older.reserve(room);
        self.classes.reserve(room);
        for &b in &pos.history {
            self.push(b, self.class(b));
        }
        self.root = pos.history.len() as u32;
        let (value, exact) = match depth {
            Some(d) => (self.estimate(pos, d, guess), false),
            None => self.prove(pos, guess),
        };
        for _ in 0..pos.history.len() {
            self.pop();
        }
        Outcome {
            value,
            exact,
            nodes: self.nodes - start,
        }
    }

    /// MTD(f) with the area count at the horizon `depth`.
    fn estimate(&mut self, pos: &Position, depth: u32, mut guess: i32) -> i32 {
        let n2 = (self.g.n * self.g.n) as i32;
        let (mut lo, mut hi) = (-n2, n2);
        while lo < hi {
            let beta = if guess == lo { guess + 1 } else { guess };
            let (b, own, opp, passes) = (pos.black, pos.own, pos.opp, pos.passes);
            guess = self
                .search(own, opp, b, passes, depth, beta - 1, beta, Horizon::Area)
                .value;
            if guess < beta {
                hi = guess;
            } else {
                lo = guess;
            }
        }
        lo
    }

    /// MTD(f) on true bounds: each test `value >= beta` is searched with the horizon scored
    /// against the root's side (a fail high proves it) and, when that fails low past a horizon,
    /// against the other side (a fail low proves the contrary); neither: deeper.
    fn prove(&mut self, pos: &Position, mut guess: i32) -> (i32, bool) {
        let n2 = (self.g.n * self.g.n) as i32;
        let (mut lo, mut hi, mut depth) = (-n2, n2, FIRST_DEPTH);
        let (b, own, opp, passes) = (pos.black, pos.own, pos.opp, pos.passes);
        while lo < hi {
            let beta = (if guess == lo { guess + 1 } else { guess }).clamp(lo + 1, hi);
            let test =
                |me: &mut Self, side| me.search(own, opp, b, passes, depth, beta - 1, beta, side);
            let r = test(self, Horizon::Against(b));
            if r.value >= beta || !r.horizon {
                (lo, hi) = if r.value >= beta {
                    (r.value, hi)
                } else {
                    (lo, r.value)
                };
                guess = r.value;
                continue;
            }
            let r = test(self, Horizon::Against(!b));
            if r.value < beta {
                hi = r.value;
                guess = hi;
                continue;
            }
            if depth >= MAX_PATH {
                return (guess.clamp(lo, hi), false);
            }
            // a test proved at a depth a little deeper costs far less than at twice the depth
            depth = (if depth < 64 { depth + 4 } else { depth * 2 }).min(MAX_PATH);
        }
        (lo, true)
    }

    #[inline]
    fn slot(b: u64) -> usize {
        (mix(b) >> 48) as usize
    }

    /// Enter board `b` of class `class` (with the symmetry onto it) on the path.
    fn push(&mut self, b: u64, class: (u64, u8)) {
        self.filter[Self::slot(b)] += 1;
        self.path.push(b);
        self.classes.push(class);
        let last = *self.older.last().expect("the empty filter");
        self.older.push(last | sig_bit(class.0));
    }

    /// The class of board `b` (`black | white << 32`) and the symmetry that maps `b` onto it:
    /// its least image under the 8 symmetries, or `b` itself without [`Solver::symmetry`].
    /// The Bloom filters hold classes, so an entry is read only at a node none of whose older
    /// boards has the class of a board its search made (see the module).
    #[inline]
    fn class(&self, b: u64) -> (u64, u8) {
        if self.symmetry {
            self.sym.canon(b)
        } else {
            (b, 0)
        }
    }

    fn pop(&mut self) {
        let b = self.path.pop().expect("a board to pop");
        self.older.pop();
        self.classes.pop();
        self.filter[Self::slot(b)] -= 1;
    }

    /// The index in the path of board `b`, if it occurred.
    #[inline]
    fn seen(&self, b: u64) -> Option<u32> {
        if self.filter[Self::slot(b)] == 0 {
            return None;
        }
        self.path.iter().rposition(|&x| x == b).map(|i| i as u32)
    }

    /// The table key of a node (the class of its board, the colour to move, the passes in a
    /// row) and the symmetry that maps the node's board onto the key's. The node's board is the
    /// path's last (a pass keeps the board), or the empty root's.
    #[inline]
    fn table_key(&self, own: u32, opp: u32, black: bool, passes: u8) -> (u64, u8) {
        let (class, t) = match self.classes.last() {
            Some(&c) => c,
            None => self.class(board_key(own, opp, black)),
        };
        debug_assert_eq!(
            self.path.last().map_or(0, |&b| b),
            board_key(own, opp, black)
        );
        let key = class | u64::from(black) << 61 | 1 << 62 | u64::from(passes) << 63;
        (key, t)
    }

    /// Move `m` of the node's board in its class's frame under symmetry `t`, or with `back` the
    /// other way; the pass and no move stay as they are.
    #[inline]
    fn frame(&self, t: u8, m: u8, back: bool) -> u8 {
        match (m < PASS_MOVE, back) {
            (false, _) => m,
            (true, false) => self.sym.point(t, m),
            (true, true) => self.sym.point_back(t, m),
        }
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        (mix(key) as usize) & (self.table.len() - 2)
    }

    fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.index(key);
        self.table[i..i + 2].iter().find(|e| e.key == key).copied()
    }

    fn store(&mut self, mut e: Entry) {
        let i = self.index(e.key);
        let deep = self.table[i];
        if deep.key == e.key && deep.depth == NO_HORIZON && e.depth == NO_HORIZON {
            // two true bounds on one key: keep the tighter of each side
            e.lower = e.lower.max(deep.lower);
            e.upper = e.upper.min(deep.upper);
            e.sig |= deep.sig;
        }
        let j = if deep.key == e.key || e.work >= deep.work {
            i
        } else {
            i + 1
        };
        self.table[j] = e;
    }

    /// Benson's bounds on the value for the side to move: `(low, high)`.
    #[inline]
    fn bounds(&self, own: u32, opp: u32) -> (i32, i32) {
        let n2 = (self.g.n * self.g.n) as i32;
        let me = pass_alive(&self.g, own, opp);
        let them = pass_alive(&self.g, opp, own);
        let (mut mine, mut theirs) = (me.alive | me.eyes, them.alive | them.eyes);
        if self.regions {
            mine |= self.small_regions(me, them.alive);
            theirs |= self.small_regions(them, me.alive);
            if mine & theirs != 0 {
                return (-n2, n2);
            }
        }
        let keep = |m: u32| m.count_ones() as i32;
        (2 * keep(mine) - n2, n2 - 2 * keep(theirs))
    }

    /// The vital regions of `life` every point of which is next to its pass-alive stones and
    /// that hold no stone pass-alive for the other side (`[Solver::regions]`).
    fn small_regions(&self, life: super::benson::Life, other: u32) -> u32 {
        let (mut out, mut rest) = (0, life.regions);
        let near = self.g.nbrs(life.alive);
        while rest != 0 {
            let r = self.g.flood(rest & rest.wrapping_neg(), life.regions);
            rest &= !r;
            if r & !near == 0 && r & other == 0 {
                out |= r;
            }
        }
        out
    }

    /// The moves in search order: the table's, the pass when it ends the game, the points of
    /// `urgent` then the others, nearer the centre first, the pass last otherwise.
    fn moves(&self, best: u8, passes: u8, urgent: u32, out: &mut [u8; 27]) -> usize {
        let mut k = 0;
        if best != NO_MOVE {
            out[0] = best;
            k = 1;
        }
        let n2 = (self.g.n * self.g.n) as usize;
        let list = self.order[..n2].iter().copied();
        let first = list.clone().filter(|&m| urgent >> m & 1 != 0);
        let rest = list.filter(|&m| urgent >> m & 1 == 0);
        let first_pass = (passes == 1).then_some(PASS_MOVE);
        let last_pass = (passes == 0).then_some(PASS_MOVE);
        for m in first_pass
            .into_iter()
            .chain(first)
            .chain(rest)
            .chain(last_pass)
        {
            if m != best {
                out[k] = m;
                k += 1;
            }
        }
        k
    }

    /// Fail-soft alpha-beta to `depth` plies; at the horizon `h` scores the position. With
    /// [`Horizon::Against`]`(p)` every horizon value is the worst Benson's bounds allow for
    /// `p` (at most its true value), so a value above alpha at a node where `p` moves is a true
    /// lower bound, and one below beta where the other side moves a true upper bound (induction
    /// on alpha-beta, true bounds from the table and Benson cutting as usual): only those are
    /// stored, as bounds that hold at any depth. Where no horizon was met below, the value is
    /// the node's (as a bound where it fell outside the window). See the module on superko.
    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        own: u32,
        opp: u32,
        black: bool,
        passes: u8,
        depth: u32,
        alpha: i32,
        beta: i32,
        h: Horizon,
    ) -> Res {
        self.nodes += 1;
        let start_nodes = self.nodes;
        let (lo, hi) = self.bounds(own, opp);
        let done = |value, horizon| Res {
            value,
            dep: NONE,
            horizon,
            sig: 0,
        };
        if lo == hi {
            self.settled += 1;
            return done(lo, false);
        }
        if lo >= beta {
            return done(lo, false);
        }
        if hi <= alpha {
            return done(hi, false);
        }
        let line = self.path.len() as u32;
        if depth == 0 || line >= MAX_PATH + self.root {
            return match h {
                Horizon::Area => done(self.g.area(own, opp).clamp(lo, hi), true),
                Horizon::Against(p) => done(if p == black { lo } else { hi }, true),
            };
        }
        let (key, sym) = self.table_key(own, opp, black, passes);
        let mut best_move = NO_MOVE;
        if let Some(e) = self.probe(key) {
            // valid when no board its search made is older than this node's board
            let older = self.older[(line as usize).saturating_sub(1)];
            let usable = e.sig & older == 0
                && (e.depth == NO_HORIZON || (h == Horizon::Area && u32::from(e.depth) >= depth));
            let (l, u) = (i32::from(e.lower), i32::from(e.upper));
            if usable && (l >= beta || u <= alpha || l == u) {
                let value = if l >= beta { l } else { u };
                return Res {
                    value,
                    dep: NONE,
                    horizon: e.depth != NO_HORIZON,
                    sig: e.sig,
                };
            }
            // the entry's move is of the key's board
            best_move = self.frame(sym, e.best, true);
        }
        let node = Node {
            own,
            opp,
            black,
            passes,
            depth,
            key,
            sym,
            line,
            start: start_nodes,
        };
        self.expand(&node, best_move, alpha, beta, h)
    }

    /// The moves of a node past its table and Benson's bounds, and what is stored of it.
    fn expand(
        &mut self,
        node: &Node,
        mut best_move: u8,
        mut alpha: i32,
        beta: i32,
        h: Horizon,
    ) -> Res {
        let Node {
            own,
            opp,
            black,
            passes,
            depth,
            ..
        } = *node;
        let alpha0 = alpha;
        let mut out = [0u8; 27];
        let count = self.moves(best_move, passes, self.g.atari_points(own, opp), &mut out);
        let (mut best, mut dep, mut horizon, mut sig) = (i32::MIN, NONE, false, 0u64);
        for &m in &out[..count] {
            let v = if m == PASS_MOVE {
                if passes == 1 {
                    self.g.area(own, opp)
                } else {
                    let r = self.search(opp, own, !black, 1, depth - 1, -beta, -alpha, h);
                    dep = dep.min(r.dep);
                    horizon |= r.horizon;
                    sig |= r.sig;
                    -r.value
                }
            } else {
                let bit = 1u32 << m;
                if (own | opp) & bit != 0 {
                    continue;
                }
                let Some((o2, p2)) = self.g.play(own, opp, bit) else {
                    continue;
                };
                let b = board_key(o2, p2, black);
                if let Some(j) = self.seen(b) {
                    dep = dep.min(j);
                    continue;
                }
                let class = self.class(b);
                self.push(b, class);
                let r = self.search(p2, o2, !black, 0, depth - 1, -beta, -alpha, h);
                self.pop();
                dep = dep.min(r.dep);
                horizon |= r.horizon;
                sig |= r.sig | sig_bit(class.0);
                -r.value
            };
            if v > best {
                best = v;
                best_move = m;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        let res = Res {
            value: best,
            dep,
            horizon,
            sig,
        };
        self.record(node, h, (alpha0, beta), best_move, res);
        res
    }

    /// Store what the search of `node` found in the window `(alpha0, beta)` (see the module
    /// and [`Solver::search`] on what may be stored).
    fn record(
        &mut self,
        node: &Node,
        h: Horizon,
        (alpha0, beta): (i32, i32),
        best_move: u8,
        r: Res,
    ) {
        let (line, black, depth, key) = (node.line, node.black, node.depth, node.key);
        let (best, dep, horizon, sig) = (r.value, r.dep, r.horizon, r.sig);
        let start_nodes = node.start;
        // the node's own board is path[line - 1]; refusals of it or of boards below are the
        // key's; an older board's refusal makes the value the history's: not stored
        let own_history = dep == NONE || dep + 1 >= line;
        self.dirty += u64::from(!own_history);
        if own_history {
            let n2 = (self.g.n * self.g.n) as i32;
            let (mut lower, mut upper) = (-n2, n2);
            // which sides of the value hold (see above)
            let (low_ok, up_ok) = match (horizon, h) {
                (false, _) => (true, true),
                (true, Horizon::Area) => (true, true),
                (true, Horizon::Against(p)) => (p == black, p != black),
            };
            if best > alpha0 && low_ok {
                lower = best;
            }
            if best < beta && up_ok {
                upper = best;
            }
            let work = 64 - (self.nodes - start_nodes + 1).leading_zeros();
            let stored_depth = match (horizon, h) {
                (false, _) | (true, Horizon::Against(_)) => NO_HORIZON,
                (true, Horizon::Area) => depth as u16,
            };
            if lower > -n2 || upper < n2 {
                self.store(Entry {
                    key,
                    lower: lower as i8,
                    upper: upper as i8,
                    best: self.frame(node.sym, best_move, false),
                    work: work as u8,
                    depth: stored_depth,
                    sig,
                });
            }
        }
    }
}

#[cfg(test)]
#[path = "exact_tests.rs"]
mod tests;
