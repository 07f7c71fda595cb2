//! The board of Go on an array with a border ([`GoState`]): the stones, their Zobrist hash, the
//! hashes of every earlier board (positional superko), groups, captures and the Tromp-Taylor
//! area count. `N` is the side, `CELLS = (N + 2)²` the array with its border, `CAP` the most
//! plies a game may have (the game then ends and is counted).

/// The move that passes (cell 0 is border, never a point).
pub const PASS: u16 = 0;
/// An empty point.
pub const EMPTY: u8 = 0;
/// A black stone.
pub const BLACK: u8 = 1;
/// A white stone.
pub const WHITE: u8 = 2;
/// Off the board.
pub const EDGE: u8 = 3;

/// The largest array: 21 x 21 (a 19x19 board and its border).
const MAX_CELLS: usize = 441;

/// A 64-bit mix (the finaliser of SplitMix64).
#[inline]
#[must_use]
pub const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn zobrist() -> [[u64; 2]; MAX_CELLS] {
    let mut t = [[0u64; 2]; MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        t[i][0] =
            mix(0x243f_6a88_85a3_08d3 ^ (2 * i as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        t[i][1] =
            mix(0x1319_8a2e_0370_7344 ^ (2 * i as u64 + 2).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        i += 1;
    }
    t
}

/// The Zobrist values of a stone: `ZOBRIST[cell][colour - 1]`.
pub static ZOBRIST: [[u64; 2]; MAX_CELLS] = zobrist();

/// A position of Go: the board, whose turn it is, and the history the rules need (the boards
/// so far for positional superko, the passes in a row, the plies played) and the moves played
/// (its text replays them). A plain copyable value: the generic core copies it down the tree.
#[derive(Clone, Copy, Debug)]
pub struct GoState<const CELLS: usize, const CAP: usize, const BLOOM: usize = 4> {
    /// `EMPTY`, `BLACK`, `WHITE` or `EDGE` a cell.
    pub board: [u8; CELLS],
    /// Zobrist hash of the stones (0: the empty board).
    pub hash: u64,
    /// A rolling hash of the moves played (passes included): the history's part of the key,
    /// so that two move sequences never share a key (the text is the move sequence).
    pub line: u64,
    /// A Bloom filter of `hist` in `BLOOM` words (one bit a board, chosen by its hash's top 16
    /// bits): 256 bits up to 9x9, more on the large boards, whose games keep hundreds of boards.
    pub bloom: [u64; BLOOM],
    /// The boards after every stone played (the empty start never recurs: a stone stays).
    pub hist: [u64; CAP],
    /// The moves played, passes included.
    pub played: [u16; CAP],
    /// Boards in `hist`.
    pub nhist: u16,
    /// Plies played (moves in `played`).
    pub ply: u16,
    /// Passes in a row just before this position.
    pub passes: u8,
    /// Black is to move.
    pub black_to_move: bool,
}

impl<const CELLS: usize, const CAP: usize, const BLOOM: usize> GoState<CELLS, CAP, BLOOM> {
    /// The empty board of side `n`, Black to move.
    #[must_use]
    pub fn empty(n: usize) -> Self {
        let w = n + 2;
        let mut board = [EDGE; CELLS];
        for r in 0..n {
            for c in 0..n {
                board[(r + 1) * w + c + 1] = EMPTY;
            }
        }
        GoState {
            board,
            hash: 0,
            line: 0,
            bloom: [0; BLOOM],
            hist: [0; CAP],
            played: [PASS; CAP],
            nhist: 0,
            ply: 0,
            passes: 0,
            black_to_move: true,
        }
    }

    /// The colour to move.
    #[inline]
    #[must_use]
    pub fn to_move(&self) -> u8 {
        if self.black_to_move {
            BLACK
        } else {
            WHITE
        }
    }

    /// The Bloom filter's bit of the board with hash `h`.
    #[inline]
    fn bloom_bit(h: u64) -> usize {
        (h >> 48) as usize % (BLOOM * 64)
    }

    /// Whether the board with hash `h` occurred before in this game (positional superko).
    #[inline]
    #[must_use]
    pub fn seen_before(&self, h: u64) -> bool {
        let bit = Self::bloom_bit(h);
        if self.bloom[bit >> 6] >> (bit & 63) & 1 == 0 {
            return false;
        }
        self.hist[..self.nhist as usize].contains(&h)
    }

    /// The group at `start`: its stones' hash and whether it has a liberty other than
    /// `except`; its stones are marked in `seen`.
    #[inline]
    fn flood(
        &self,
        w: usize,
        start: usize,
        except: usize,
        seen: &mut [bool; CELLS],
    ) -> (bool, u64) {
        let colour = self.board[start];
        let z = (colour - 1) as usize;
        let mut stack = [0u16; CELLS];
        let (mut top, mut lib, mut h) = (1, false, 0u64);
        stack[0] = start as u16;
        seen[start] = true;
        while top > 0 {
            top -= 1;
            let p = stack[top] as usize;
            h ^= ZOBRIST[p][z];
            for q in [p - 1, p + 1, p - w, p + w] {
                let b = self.board[q];
                if b == EMPTY && q != except {
                    lib = true;
                } else if b == colour && !seen[q] {
                    seen[q] = true;
                    stack[top] = q as u16;
                    top += 1;
                }
            }
        }
        (lib, h)
    }

    /// The board's hash after the side to move plays at the empty point `p`, or `None` when the
    /// stone would have no liberty and capture nothing (suicide, forbidden).
    #[inline]
    #[must_use]
    pub fn hash_after(&self, w: usize, p: usize) -> Option<u64> {
        let me = self.to_move();
        let mut h = self.hash ^ ZOBRIST[p][(me - 1) as usize];
        let mut alive = false;
        let mut seen = [false; CELLS];
        for q in [p - 1, p + 1, p - w, p + w] {
            let b = self.board[q];
            if b == EMPTY {
                alive = true;
            } else if b == me {
                if !alive && !seen[q] {
                    alive = self.flood(w, q, p, &mut seen).0;
                }
            } else if b != EDGE && !seen[q] {
                let (lib, gh) = self.flood(w, q, p, &mut seen);
                if !lib {
                    h ^= gh;
                    alive = true;
                }
            }
        }
        alive.then_some(h)
    }

    /// Remove the group at `start` (no liberty left).
    fn remove(&mut self, w: usize, start: usize) {
        let colour = self.board[start];
        let z = (colour - 1) as usize;
        let mut stack = [0u16; CELLS];
        let mut top = 1;
        stack[0] = start as u16;
        self.board[start] = EMPTY;
        while top > 0 {
            top -= 1;
            let p = stack[top] as usize;
            self.hash ^= ZOBRIST[p][z];
            for q in [p - 1, p + 1, p - w, p + w] {
                if self.board[q] == colour {
                    self.board[q] = EMPTY;
                    stack[top] = q as u16;
                    top += 1;
                }
            }
        }
    }

    /// Play the legal move `m` (a point or [`PASS`]) in place.
    pub fn apply(&mut self, w: usize, m: u16) {
        self.line = mix(self.line ^ (u64::from(m) + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        if (self.ply as usize) < CAP {
            self.played[self.ply as usize] = m;
        }
        self.ply += 1;
        if m == PASS {
            self.passes += 1;
            self.black_to_move = !self.black_to_move;
            return;
        }
        let p = m as usize;
        let me = self.to_move();
        self.board[p] = me;
        self.hash ^= ZOBRIST[p][(me - 1) as usize];
        for q in [p - 1, p + 1, p - w, p + w] {
            let b = self.board[q];
            if b != EMPTY && b != EDGE && b != me {
                let mut seen = [false; CELLS];
                if !self.flood(w, q, usize::MAX, &mut seen).0 {
                    self.remove(w, q);
                }
            }
        }
        let h = self.hash;
        if (self.nhist as usize) < CAP {
            self.hist[self.nhist as usize] = h;
            self.nhist += 1;
        }
        let bit = Self::bloom_bit(h);
        self.bloom[bit >> 6] |= 1 << (bit & 63);
        self.passes = 0;
        self.black_to_move = !self.black_to_move;
    }

    /// Tromp-Taylor area: Black's points minus White's (stones, and empty regions that reach
    /// only one colour).
    #[must_use]
    pub fn area(&self, w: usize) -> i32 {
        let mut seen = [false; CELLS];
        let mut stack = [0u16; CELLS];
        let mut diff = 0i32;
        for p in w..CELLS - w {
            match self.board[p] {
                BLACK => diff += 1,
                WHITE => diff -= 1,
                EMPTY if !seen[p] => {
                    let (mut top, mut size, mut reach) = (1, 0i32, 0u8);
                    stack[0] = p as u16;
                    seen[p] = true;
                    while top > 0 {
                        top -= 1;
                        let x = stack[top] as usize;
                        size += 1;
                        for q in [x - 1, x + 1, x - w, x + w] {
                            match self.board[q] {
                                EMPTY if !seen[q] => {
                                    seen[q] = true;
                                    stack[top] = q as u16;
                                    top += 1;
                                }
                                BLACK => reach |= 1,
                                WHITE => reach |= 2,
                                _ => {}
                            }
                        }
                    }
                    diff += match reach {
                        1 => size,
                        2 => -size,
                        _ => 0,
                    };
                }
                _ => {}
            }
        }
        diff
    }
}
