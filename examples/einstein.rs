//! A second dice game in one file: EinStein würfelt nicht! (Althöfer) on a small board, a
//! [`ChanceGame`] for the chance drivers, verified like Pig and measured like the regular tree.
//!
//! Rules. An `n × n` board; each player has pieces numbered `1..=k` in its corner triangle
//! (MAX's at the top left, MIN's mirrored at the bottom right). A turn starts with a roll of a
//! `k`-sided die: the player moves the piece with that number, or, if it has been captured,
//! either the nearest lower or the nearest higher piece it still has. MAX moves a piece one
//! square right, down or diagonally down-right; MIN left, up or diagonally up-left. A piece
//! landing on any other piece (either player's) captures it. A player wins on reaching the
//! opposite corner or capturing every opposing piece (utility ±100). Every move brings a piece
//! closer to its corner or removes one, so the game is finite and its value exact.
//!
//! A roll's outcomes are all the roller's own decision nodes, and the roller is the opponent of
//! the player who just moved: the MAX, chance, MIN, chance order of Ballard's regular tree, with
//! transpositions and a varying number of moves.
//!
//! As a game of the command line (`einstein`: 4×4, 3 pieces a player, a 3-sided die), every
//! other argument goes to treebench's commands, with `einstein-expectimax`, `einstein-star1` and
//! `einstein-star2` as engines (a position is the board's rows from the top, `/` between them,
//! `.` empty, MAX's pieces `1`-`6`, MIN's `a`-`f`, then `max` or `min`, then the roll at a
//! player's turn: `12../3.../..c./.bab max 2`; nature's outcomes are `d1`, `d2`, ...):
//!
//! ```sh
//! cargo run --release --example einstein -- verify --game einstein --per-ply 2
//! cargo run --release --example einstein -- match einstein-star2 einstein-expectimax:depth=1 --plies 1,3,5
//! cargo run --release --example einstein -- verify            # drivers = brute force on 3×3, k = 3
//! cargo run --release --example einstein -- reductions [DEPTH] # 4×4, k = 3: E, Star1, Star2 variants
//! ```

use treebench::cli::GameEntry;
use treebench::engine::generic::chance::{
    search_positions, ChanceConfig, ChanceCounters, ChanceDriver, MoveOrder, Scouting,
};
use treebench::game::chance::{ChanceGame, NodeKind, Outcomes};
use treebench::game::chance_open::OpenChance;
use treebench::game::MoveList;

/// A win's utility; horizon values stay within ±(WIN − 1).
const WIN: i64 = 100;

/// The board and the pieces.
#[derive(Debug, Clone, Copy)]
pub struct Einstein {
    /// Board side (2..=4).
    pub n: u8,
    /// Pieces a player (1..=6, at most the corner triangle's squares).
    pub k: u8,
}

/// A position: `board[r·n + c]` is 0 (empty), `1..=k` (MAX's piece) or `k+1..=2k` (MIN's piece
/// `p − k`); `mover` 0 = MAX; `roll` 0 at a chance node, else the die's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct EwnState {
    pub board: [u8; 16],
    pub mover: u8,
    pub roll: u8,
}

impl Einstein {
    fn sq(&self, r: u8, c: u8) -> usize {
        usize::from(r * self.n + c)
    }
    /// The start: MAX to roll, pieces numbered along the corner triangles.
    pub fn start(&self) -> EwnState {
        assert!((2..=4).contains(&self.n) && (1..=6).contains(&self.k));
        let mut s = EwnState::default();
        let mut placed = 0;
        'fill: for t in 0..self.n {
            for r in 0..=t {
                if placed == self.k {
                    break 'fill;
                }
                let c = t - r;
                placed += 1;
                s.board[self.sq(r, c)] = placed;
                s.board[self.sq(self.n - 1 - r, self.n - 1 - c)] = self.k + placed;
            }
        }
        assert_eq!(placed, self.k, "k pieces do not fit the corner triangle");
        s
    }
    /// Whose piece is on a square's value (`None` when empty).
    fn owner(&self, p: u8) -> Option<u8> {
        match p {
            0 => None,
            p if p <= self.k => Some(0),
            _ => Some(1),
        }
    }
    /// The square of `player`'s piece `num`, if it is on the board.
    fn find(&self, s: &EwnState, player: u8, num: u8) -> Option<usize> {
        let v = num + player * self.k;
        s.board[..usize::from(self.n * self.n)]
            .iter()
            .position(|&p| p == v)
    }
    /// The pieces the roll lets the mover move: the rolled one, or its nearest lower and higher.
    fn movable(&self, s: &EwnState) -> [Option<usize>; 2] {
        let me = s.mover;
        if let Some(at) = self.find(s, me, s.roll) {
            return [Some(at), None];
        }
        let lower = (1..s.roll).rev().find_map(|d| self.find(s, me, d));
        let higher = (s.roll + 1..=self.k).find_map(|d| self.find(s, me, d));
        [lower, higher]
    }
    /// Distance (in moves) of `player`'s nearest piece to its goal corner; `None` without pieces.
    fn nearest(&self, s: &EwnState, player: u8) -> Option<u8> {
        let n = self.n;
        (0..n * n)
            .filter(|&i| self.owner(s.board[usize::from(i)]) == Some(player))
            .map(|i| {
                let (r, c) = (i / n, i % n);
                if player == 0 {
                    (n - 1 - r).max(n - 1 - c)
                } else {
                    r.max(c)
                }
            })
            .min()
    }
    /// Every position reached by `plies` plies from the start at most, deduplicated (the
    /// bounded enumeration verify checks).
    pub fn reachable(&self, plies: u32) -> Vec<EwnState> {
        let mut seen = std::collections::HashSet::new();
        let mut frontier = vec![self.start()];
        seen.insert(self.start());
        for _ in 0..plies {
            let mut next = Vec::new();
            for s in &frontier {
                for t in self.children(s) {
                    if seen.insert(t) {
                        next.push(t);
                    }
                }
            }
            frontier = next;
        }
        seen.into_iter().collect()
    }
    /// The children of a position (none when finished).
    pub fn children(&self, s: &EwnState) -> Vec<EwnState> {
        if self.terminal(s).is_some() {
            return Vec::new();
        }
        if s.roll == 0 {
            return (1..=self.k).map(|o| self.resolve(s, o)).collect();
        }
        let mut ms = MoveList::default();
        self.moves(s, &mut ms);
        ms.as_slice().iter().map(|&m| self.play(s, m)).collect()
    }
}

impl ChanceGame for Einstein {
    type State = EwnState;
    /// `from · 3 + direction`.
    type Move = u8;

    fn bounds(&self) -> (i64, i64) {
        (-WIN, WIN)
    }
    fn denominator(&self) -> u32 {
        u32::from(self.k)
    }
    fn key(&self, s: &EwnState) -> u64 {
        let base = 2 * u64::from(self.k) + 1;
        let cells = s.board[..usize::from(self.n * self.n)].iter();
        let board = cells.fold(0u64, |acc, &p| acc * base + u64::from(p));
        (board * 2 + u64::from(s.mover)) * 8 + u64::from(s.roll)
    }
    fn terminal(&self, s: &EwnState) -> Option<i64> {
        let last = usize::from(self.n * self.n - 1);
        if self.owner(s.board[last]) == Some(0) || self.nearest(s, 1).is_none() {
            Some(WIN)
        } else if self.owner(s.board[0]) == Some(1) || self.nearest(s, 0).is_none() {
            Some(-WIN)
        } else {
            None
        }
    }
    fn node(&self, s: &EwnState) -> NodeKind {
        match (s.roll, s.mover) {
            (0, _) => NodeKind::Chance,
            (_, 0) => NodeKind::Max,
            _ => NodeKind::Min,
        }
    }
    /// Ten points a move of the race between the nearest pieces, two a piece ahead.
    fn evaluate(&self, s: &EwnState) -> i64 {
        let race =
            i64::from(self.nearest(s, 1).unwrap_or(0)) - i64::from(self.nearest(s, 0).unwrap_or(0));
        let count = |pl| {
            (0..16)
                .filter(|&i| self.owner(s.board[i]) == Some(pl))
                .count() as i64
        };
        (10 * race + 2 * (count(0) - count(1))).clamp(1 - WIN, WIN - 1)
    }
    fn moves(&self, s: &EwnState, out: &mut MoveList<u8>) {
        let n = self.n;
        for at in self.movable(s).into_iter().flatten() {
            let (r, c) = (at as u8 / n, at as u8 % n);
            let edge = if s.mover == 0 { n - 1 } else { 0 };
            let dirs = [(c != edge), (r != edge), (r != edge && c != edge)];
            for (d, ok) in dirs.into_iter().enumerate() {
                if ok {
                    out.push(at as u8 * 3 + d as u8);
                }
            }
        }
    }
    fn play(&self, s: &EwnState, m: u8) -> EwnState {
        let (from, d) = (m / 3, m % 3);
        let (dr, dc) = [(0, 1), (1, 0), (1, 1)][usize::from(d)];
        let sign: i8 = if s.mover == 0 { 1 } else { -1 };
        let (r, c) = ((from / self.n) as i8, (from % self.n) as i8);
        let to = self.sq((r + sign * dr) as u8, (c + sign * dc) as u8);
        let mut t = *s;
        t.board[to] = t.board[usize::from(from)];
        t.board[usize::from(from)] = 0;
        t.mover ^= 1;
        t.roll = 0;
        t
    }
    fn outcomes(&self, _: &EwnState, out: &mut Outcomes) {
        for o in 1..=self.k {
            out.push(o, 1);
        }
    }
    fn resolve(&self, s: &EwnState, o: u8) -> EwnState {
        EwnState { roll: o, ..*s }
    }
    fn move_text(&self, m: u8) -> String {
        format!("{}{}", m / 3, ["r", "d", "x"][usize::from(m % 3)])
    }
}

impl Default for Einstein {
    /// The game of the command line: 4×4, 3 pieces a player.
    fn default() -> Self {
        Einstein { n: 4, k: 3 }
    }
}

/// MIN's pieces as letters.
const MIN_PIECES: &[u8] = b"abcdef";

impl OpenChance for Einstein {
    const NAME: &'static str = "einstein";
    /// A piece reaches its corner in at most 2·(n − 1) = 6 moves: 18 moves a player, each
    /// after a roll.
    const MAX_PLY: u32 = 72;
    const END_DEPTH: u32 = 36;
    /// A player's turn follows each roll: odd plies.
    const CHECK_PLIES: &'static [u32] = &[1, 3, 5, 7, 9, 11];

    fn start(&self) -> EwnState {
        Einstein::start(self)
    }

    fn text(&self, s: &EwnState) -> String {
        let n = usize::from(self.n);
        let cell = |p: u8| match self.owner(p) {
            None => '.',
            Some(0) => char::from(b'0' + p),
            Some(_) => char::from(MIN_PIECES[usize::from(p - self.k - 1)]),
        };
        let rows: Vec<String> = (0..n)
            .map(|r| {
                s.board[r * n..(r + 1) * n]
                    .iter()
                    .map(|&p| cell(p))
                    .collect()
            })
            .collect();
        let who = ["max", "min"][usize::from(s.mover)];
        match s.roll {
            0 => format!("{} {who}", rows.join("/")),
            r => format!("{} {who} {r}", rows.join("/")),
        }
    }

    fn parse(&self, text: &str) -> Result<EwnState, String> {
        let bad = |why: &str| format!("einstein position `{text}`: {why}");
        let f: Vec<&str> = text.split_whitespace().collect();
        let (board, who, roll) = match f[..] {
            [b, w] => (b, w, "0"),
            [b, w, r] => (b, w, r),
            _ => return Err(bad("expected ROWS max|min [ROLL]")),
        };
        let n = usize::from(self.n);
        let rows: Vec<&str> = board.split('/').collect();
        if rows.len() != n || rows.iter().any(|r| r.len() != n) {
            return Err(bad(&format!("expected {n} rows of {n} squares")));
        }
        let mut s = EwnState::default();
        let mut seen = [false; 13];
        for (i, ch) in rows.concat().bytes().enumerate() {
            let p = match ch {
                b'.' => 0,
                b'1'..=b'6' if ch - b'0' <= self.k => ch - b'0',
                _ => match MIN_PIECES[..usize::from(self.k)]
                    .iter()
                    .position(|&c| c == ch)
                {
                    Some(j) => self.k + 1 + j as u8,
                    None => return Err(bad(&format!("`{}` is no piece", char::from(ch)))),
                },
            };
            if p > 0 && std::mem::replace(&mut seen[usize::from(p)], true) {
                return Err(bad("a piece twice"));
            }
            s.board[i] = p;
        }
        s.mover = match who {
            "max" => 0,
            "min" => 1,
            _ => return Err(bad("expected max or min")),
        };
        s.roll = roll
            .parse()
            .ok()
            .filter(|r| *r <= self.k)
            .ok_or_else(|| bad(&format!("a roll is 1 to {}", self.k)))?;
        if s.roll > 0 && self.terminal(&s).is_some() {
            return Err(bad("a roll after the end of the game"));
        }
        Ok(s)
    }

    fn outcome_text(&self, _: &EwnState, o: u8) -> String {
        format!("d{o}")
    }
}

/// `einstein` for treebench's commands.
pub static EINSTEIN: GameEntry = GameEntry::chance::<Einstein>();

fn verify() -> bool {
    let g = Einstein { n: 3, k: 3 };
    let all = g.reachable(64);
    let small = Einstein { n: 3, k: 2 };
    let small_all = small.reachable(64);
    let t = std::time::Instant::now();
    let v = treebench::verify::chance::brute_force(&g, &g.start(), 64);
    println!(
        "einstein 3×3, 3 pieces: {} reachable positions; exact value of the start (MAX to roll, brute force, {:.1} s): {v} ≈ {:.4}",
        all.len(),
        t.elapsed().as_secs_f64(),
        v.to_f64()
    );
    let mut ok = true;
    let cases: [(&str, Einstein, &[EwnState], &[u32]); 2] = [
        (
            "3×3, 3 pieces: every reachable position, depths 1-2",
            g,
            &all,
            &[1, 2],
        ),
        (
            "3×3, 2 pieces: every reachable position, to the end",
            small,
            &small_all,
            &[64],
        ),
    ];
    for (name, game, positions, depths) in cases {
        let r = treebench::verify::chance::check(&game, positions, depths);
        println!("{name}: {}", r.summary());
        ok &= r.failures.is_empty();
    }
    ok
}

/// Root positions: the start and the chance nodes after `plies` plies of seeded random play.
fn sample(g: &Einstein, plies: &[u32], per: usize, seed: u64) -> Vec<EwnState> {
    let mut x = seed;
    let mut next = |n: usize| {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((x >> 33) as usize) % n
    };
    let mut out = Vec::new();
    for &ply in plies {
        let mut found = 0;
        while found < per {
            let mut s = g.start();
            for _ in 0..ply {
                let kids = g.children(&s);
                if kids.is_empty() {
                    break;
                }
                s = kids[next(kids.len())];
            }
            if s.roll == 0 && g.terminal(&s).is_none() {
                out.push(s);
                found += 1;
            }
        }
    }
    out
}

fn reductions(max_depth: u32) {
    let g = Einstein { n: 4, k: 3 };
    let roots = sample(&g, &[0, 4, 8], 8, 53);
    println!("EinStein würfelt nicht! 4×4, 3 pieces each, {} root chance nodes (8 each after 0, 4, 8 plies of seeded random play, seed 53), table on\n", roots.len());
    println!("| ordering | depth | expectimax nodes | Star1 cut | Star2 cut | opponent cut | null cut | opponent+null cut |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    for (oname, order) in [
        ("random", MoveOrder::Random(1)),
        ("optimal", MoveOrder::Oracle),
    ] {
        for depth in 1..=max_depth {
            let cfg = |driver, scouting| ChanceConfig {
                order,
                scouting,
                ..ChanceConfig::new(driver)
            };
            let (e, ev) = search_positions(
                &g,
                cfg(ChanceDriver::Expectimax, Scouting::BALLARD),
                &roots,
                depth,
            );
            let cut = |c: &ChanceCounters| 100.0 * (1.0 - c.nodes as f64 / e.nodes as f64);
            let (s1, v1) = search_positions(
                &g,
                cfg(ChanceDriver::Star1, Scouting::BALLARD),
                &roots,
                depth,
            );
            assert_eq!(ev, v1);
            let mut cells = format!("| {oname} | {depth} | {} | {:.1}% |", e.nodes, cut(&s1));
            for sc in Scouting::ALL {
                let (s2, v2) = search_positions(&g, cfg(ChanceDriver::Star2, sc), &roots, depth);
                assert_eq!(ev, v2, "{sc:?}");
                cells += &format!(" {:.1}% |", cut(&s2));
            }
            println!("{cells}");
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let code = match (
        args.first().map(String::as_str),
        args.get(1).map(|a| a.parse::<u32>()),
    ) {
        (Some("verify"), None) => i32::from(!verify()),
        (Some("reductions"), None) => {
            reductions(4);
            0
        }
        (Some("reductions"), Some(Ok(d))) if (1..=8).contains(&d) => {
            reductions(d);
            0
        }
        _ => treebench::cli::main_with(&[&EINSTEIN]),
    };
    std::process::exit(code);
}
