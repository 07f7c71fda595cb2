//! A dice game in one file: Pig with one or two dice and a turn limit, a [`ChanceGame`] for the
//! chance drivers of the generic core (expectiminimax, Star1, Star2), with its experiments.
//!
//! Rules. Two players, MAX and MIN, each bank a score. On a turn the player to move chooses to
//! `roll1` (one d6), `roll2` (two d6) or, once the turn total is positive, `hold` (bank the turn
//! total and pass the turn). A roll with a 1 on any die ("pig out") loses the turn total and
//! passes the turn; otherwise the dice's sum is added to the turn total. A player whose banked
//! score plus turn total reaches the target wins at once (utility ±target). After `turns` turns
//! each, the game ends with MAX's utility the score difference (within ±(target−1)), or, with
//! `wins`, ±target or 0 by its sign. Every
//! turn ends (a roll adds at least 2), so the game is finite and has an exact value.
//!
//! Outcome weights are over the common denominator 36: one die is 6/36 per face, two dice are
//! 11/36 for a pig out and `5 − |s − 8|`/36 for each sum `s` in 4..=12.
//!
//! As a game of the command line (`pig`: to 20 points, 4 turns each, the score difference as
//! MAX's utility), every other argument goes to treebench's commands, with the chance drivers as
//! engines `pig-expectimax`, `pig-star1` and `pig-star2` (`depth=`, `order=`, `tt=`, `scout=`):
//!
//! ```sh
//! cargo run --release --example pig -- verify --game pig  # rules, drivers = brute force, mutants
//! cargo run --release --example pig -- run experiments/pig.toml
//! cargo run --release --example pig -- match pig-expectimax pig-star2:depth=1 --game pig
//! cargo run --release --example pig -- verify             # every position of two small Pigs
//! cargo run --release --example pig -- reductions [DEPTH] # Star1/Star2 node reductions
//! cargo run --release --example pig -- players [GAMES [TARGET [TURNS]]]    # expectimax vs minimax players
//! ```

use std::collections::HashMap;
use treebench::cli::GameEntry;
use treebench::engine::generic::chance::{
    search_positions, ChanceConfig, ChanceCounters, ChanceDriver, MoveOrder,
};
use treebench::game::chance::{ChanceGame, NodeKind, Outcomes, Q};
use treebench::game::chance_open::OpenChance;
use treebench::game::MoveList;

/// A move: hold, roll one die, roll two dice.
pub const HOLD: u8 = 0;
/// Roll one die.
pub const ROLL1: u8 = 1;
/// Roll two dice.
pub const ROLL2: u8 = 2;

/// Pig to `target` points with at most `turns` turns each.
#[derive(Debug, Clone, Copy)]
pub struct Pig {
    /// Points that win.
    pub target: u8,
    /// Turns each before the game ends on the score difference.
    pub turns: u8,
    /// Whether only winning counts: the turn limit then ends the game at ±target or 0 by the
    /// sign of the score difference (so MAX's value is a win probability minus a loss
    /// probability, scaled) instead of at the difference itself.
    pub wins: bool,
    /// OpenSpiel's rules (`pig(winscore=target,horizon=turns)`, open_spiel/games/pig.cc): one
    /// die only (`roll1`), `hold` also on a turn total of 0, and `turns` is OpenSpiel's horizon:
    /// the decisions (rolls and holds, not the dice) of both players in all, after which the
    /// game ends at 0 (a draw) whatever the scores, even before a roll's dice are thrown. The
    /// position's `done` then counts decisions, not turns. A win is still ±target (OpenSpiel's
    /// ±1, scaled); OpenSpiel's forced `stop` at the target is a win at once here.
    pub openspiel: bool,
}

/// A position: banked scores, the turn total, who moves (0 = MAX), turns finished, and the
/// dice about to be thrown (0 at a decision node, 1 or 2 at a chance node).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PigState {
    pub score: [u8; 2],
    pub turn: u8,
    pub mover: u8,
    pub done: u8,
    pub dice: u8,
}

impl Pig {
    /// The start position.
    pub fn start(&self) -> PigState {
        PigState::default()
    }

    /// The turn passes: on a hold, or on a pig out (which is no decision under OpenSpiel's
    /// rules, so it does not count there).
    fn end_turn(&self, s: &mut PigState, hold: bool) {
        s.turn = 0;
        s.mover ^= 1;
        s.done += u8::from(hold || !self.openspiel);
    }

    /// The `done` at which the game ends: both players' turns, or OpenSpiel's horizon.
    pub fn limit(&self) -> u8 {
        if self.openspiel {
            self.turns
        } else {
            2 * self.turns
        }
    }

    /// Every position with both scores below the target, any turn total that does not win,
    /// either mover, every number of finished turns and every dice state (the bounded
    /// enumeration verify checks).
    pub fn all_positions(&self) -> Vec<PigState> {
        let t = self.target;
        let mut out = Vec::new();
        let movers: &[u8] = if self.openspiel { &[0, 1] } else { &[0] };
        for (done, flip) in (0..self.limit()).flat_map(|d| movers.iter().map(move |&f| (d, f))) {
            for s0 in 0..t {
                for s1 in 0..t {
                    let mover = (done + flip) % 2;
                    let mine = if mover == 0 { s0 } else { s1 };
                    for turn in 0..t - mine {
                        for dice in 0..=2 {
                            out.push(PigState {
                                score: [s0, s1],
                                turn,
                                mover,
                                done,
                                dice,
                            });
                        }
                    }
                }
            }
        }
        out
    }
}

impl ChanceGame for Pig {
    type State = PigState;
    type Move = u8;

    fn bounds(&self) -> (i64, i64) {
        (-i64::from(self.target), i64::from(self.target))
    }
    fn denominator(&self) -> u32 {
        36
    }
    fn key(&self, s: &PigState) -> u64 {
        u64::from_le_bytes([
            s.score[0], s.score[1], s.turn, s.mover, s.done, s.dice, 0, 0,
        ])
    }
    fn terminal(&self, s: &PigState) -> Option<i64> {
        let t = i64::from(self.target);
        if s.score[0] >= self.target {
            Some(t)
        } else if s.score[1] >= self.target {
            Some(-t)
        } else if s.done >= self.limit() && self.openspiel {
            Some(0)
        } else if s.done >= self.limit() {
            let diff = i64::from(s.score[0]) - i64::from(s.score[1]);
            Some(if self.wins { diff.signum() * t } else { diff })
        } else {
            None
        }
    }
    fn node(&self, s: &PigState) -> NodeKind {
        match (s.dice, s.mover) {
            (0, 0) => NodeKind::Max,
            (0, _) => NodeKind::Min,
            _ => NodeKind::Chance,
        }
    }
    fn evaluate(&self, s: &PigState) -> i64 {
        let mut v = [i64::from(s.score[0]), i64::from(s.score[1])];
        v[usize::from(s.mover)] += i64::from(s.turn);
        let lim = i64::from(self.target) - 1;
        (v[0] - v[1]).clamp(-lim, lim)
    }
    fn moves(&self, s: &PigState, out: &mut MoveList<u8>) {
        out.push(ROLL1);
        if !self.openspiel {
            out.push(ROLL2);
        }
        if s.turn > 0 || self.openspiel {
            out.push(HOLD);
        }
    }
    fn play(&self, s: &PigState, m: u8) -> PigState {
        let mut t = *s;
        if m == HOLD {
            t.score[usize::from(t.mover)] += t.turn;
            self.end_turn(&mut t, true);
        } else {
            t.dice = m;
            t.done += u8::from(self.openspiel);
        }
        t
    }
    fn outcomes(&self, s: &PigState, out: &mut Outcomes) {
        if s.dice == 1 {
            for face in 1..=6 {
                out.push(face, 6);
            }
        } else {
            out.push(0, 11);
            for sum in 4..=12u8 {
                out.push(sum, 5 - u32::from(sum.abs_diff(8)));
            }
        }
    }
    fn resolve(&self, s: &PigState, o: u8) -> PigState {
        let mut t = *s;
        t.dice = 0;
        if o <= 1 {
            self.end_turn(&mut t, false);
        } else {
            t.turn += o;
            let me = usize::from(t.mover);
            if t.score[me] + t.turn >= self.target {
                t.score[me] += t.turn;
                t.turn = 0;
            }
        }
        t
    }
    /// Hold first on a turn total of 8 or more, otherwise one die, then two, then hold.
    fn order_hint(&self, s: &PigState, m: u8) -> i32 {
        match (s.turn >= 8, m) {
            (true, HOLD) | (false, ROLL1) => 2,
            (true, ROLL1) | (false, ROLL2) => 1,
            _ => 0,
        }
    }
    fn move_text(&self, m: u8) -> String {
        ["hold", "roll1", "roll2"][usize::from(m)].to_string()
    }
}

impl Default for Pig {
    /// The game of the command line: to 20 points, 4 turns each, the margin as utility.
    fn default() -> Self {
        Pig {
            target: 20,
            turns: 4,
            wins: false,
            openspiel: false,
        }
    }
}

impl OpenChance for Pig {
    const NAME: &'static str = "pig";
    /// A turn is at most 10 rolls (each adds 2 or more to reach 20) and a hold, each roll a move
    /// and an outcome: 21 steps, 8 turns.
    const MAX_PLY: u32 = 168;
    /// 11 moves a turn, 8 turns.
    const END_DEPTH: u32 = 88;
    const CHECK_PLIES: &'static [u32] = &[0, 6, 12, 18, 24, 30];
    const CHECK_DEPTHS: &'static [u32] = &[1, 2, 3, 4];

    fn start(&self) -> PigState {
        PigState::default()
    }

    /// `S0-S1 +TURN max|min DONE`, then ` roll1`/` roll2` at a chance node: `12-5 +3 max 2`.
    fn text(&self, s: &PigState) -> String {
        let who = ["max", "min"][usize::from(s.mover)];
        let dice = if s.dice > 0 {
            format!(" roll{}", s.dice)
        } else {
            String::new()
        };
        format!(
            "{}-{} +{} {who} {}{dice}",
            s.score[0], s.score[1], s.turn, s.done
        )
    }

    fn parse(&self, text: &str) -> Result<PigState, String> {
        let bad =
            || format!("pig position `{text}`: expected S0-S1 +TURN max|min DONE [roll1|roll2]");
        let f: Vec<&str> = text.split_whitespace().collect();
        let (scores, turn, who, done, dice) = match f[..] {
            [a, b, c, d] => (a, b, c, d, 0),
            [a, b, c, d, "roll1"] => (a, b, c, d, 1),
            [a, b, c, d, "roll2"] => (a, b, c, d, 2),
            _ => return Err(bad()),
        };
        let (s0, s1) = scores.split_once('-').ok_or_else(bad)?;
        let n = |x: &str| x.parse::<u8>().map_err(|_| bad());
        let s = PigState {
            score: [n(s0)?, n(s1)?],
            turn: n(turn.strip_prefix('+').ok_or_else(bad)?)?,
            mover: match who {
                "max" => 0,
                "min" => 1,
                _ => return Err(bad()),
            },
            done: n(done)?,
            dice,
        };
        let t = self.target;
        let me = usize::from(s.mover);
        let open = s.score[0] < t && s.score[1] < t && s.score[me] + s.turn < t;
        let ended = self.terminal(&s).is_some() && s.turn == 0 && s.dice == 0;
        let ok = s.done <= self.limit()
            && (self.openspiel || s.done % 2 == s.mover)
            && s.score.iter().all(|&x| x < t + 12)
            && (open || ended);
        ok.then_some(s).ok_or_else(|| {
            format!(
                "pig position `{text}`: not a position of Pig to {t} with {} turns each",
                self.turns
            )
        })
    }

    /// `pig` (a 1 on a die: the turn total is lost), else `+N`, the points the dice add.
    fn outcome_text(&self, s: &PigState, o: u8) -> String {
        if o <= 1 || (s.dice == 2 && o == 0) {
            "pig".to_string()
        } else {
            format!("+{o}")
        }
    }
}

/// `pig` for treebench's commands.
pub static PIG: GameEntry = GameEntry::chance::<Pig>();

/// How a player models MIN's moves in the exact full-game solve.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// MIN minimises MAX's value (expectiminimax).
    Adversarial,
    /// MIN picks a legal move uniformly at random (expectimax).
    Random,
}

/// The exact full-game value of every position under a model of MIN, memoised.
pub struct FullSolver<'a> {
    game: &'a Pig,
    model: Model,
    memo: HashMap<PigState, Q>,
}

impl<'a> FullSolver<'a> {
    /// A solver for `model`.
    pub fn new(game: &'a Pig, model: Model) -> Self {
        FullSolver {
            game,
            model,
            memo: HashMap::new(),
        }
    }

    /// MAX's exact value of `s` to the end of the game.
    pub fn value(&mut self, s: &PigState) -> Q {
        let g = self.game;
        if let Some(u) = g.terminal(s) {
            return Q::int(u);
        }
        if let Some(&v) = self.memo.get(s) {
            return v;
        }
        let v = match g.node(s) {
            NodeKind::Chance => {
                let mut os = Outcomes::default();
                g.outcomes(s, &mut os);
                let mut sum = Q::ZERO;
                for &(o, w) in os.as_slice() {
                    let c = self.value(&g.resolve(s, o));
                    sum = sum.plus(c.times(Q::new(i128::from(w), 36)));
                }
                sum
            }
            kind => {
                let vals: Vec<Q> = legal(g, s)
                    .iter()
                    .map(|&m| self.value(&g.play(s, m)))
                    .collect();
                match (kind, self.model) {
                    (NodeKind::Max, _) => vals.iter().copied().max().unwrap(),
                    (_, Model::Adversarial) => vals.iter().copied().min().unwrap(),
                    (_, Model::Random) => {
                        let n = Q::int(vals.len() as i64);
                        vals.iter().fold(Q::ZERO, |a, &v| a.plus(v)).over(n)
                    }
                }
            }
        };
        self.memo.insert(*s, v);
        v
    }

    /// The move a player of this model chooses at a decision node (MAX: best for MAX; MIN:
    /// best for MIN), the first of equal moves in the game's order.
    pub fn choose(&mut self, s: &PigState) -> u8 {
        let max = self.game.node(s) == NodeKind::Max;
        let mut best: Option<(Q, u8)> = None;
        for m in legal(self.game, s) {
            let v = self.value(&self.game.play(s, m));
            let better = match best {
                None => true,
                Some((b, _)) => (max && v > b) || (!max && v < b),
            };
            if better {
                best = Some((v, m));
            }
        }
        best.unwrap().1
    }
}

/// [`FullSolver`] in floating point, for games whose exact values overflow `i128` (the
/// players experiment): the same recursion, values as `f64`.
pub struct FloatSolver<'a> {
    game: &'a Pig,
    model: Model,
    memo: HashMap<PigState, f64>,
}

impl<'a> FloatSolver<'a> {
    /// A solver for `model`.
    pub fn new(game: &'a Pig, model: Model) -> Self {
        FloatSolver {
            game,
            model,
            memo: HashMap::new(),
        }
    }

    /// MAX's value of `s` to the end of the game.
    pub fn value(&mut self, s: &PigState) -> f64 {
        let g = self.game;
        if let Some(u) = g.terminal(s) {
            return u as f64;
        }
        if let Some(&v) = self.memo.get(s) {
            return v;
        }
        let v = match g.node(s) {
            NodeKind::Chance => {
                let mut os = Outcomes::default();
                g.outcomes(s, &mut os);
                let mut sum = 0.0;
                for &(o, w) in os.as_slice() {
                    sum += f64::from(w) / 36.0 * self.value(&g.resolve(s, o));
                }
                sum
            }
            kind => {
                let vals: Vec<f64> = legal(g, s)
                    .iter()
                    .map(|&m| self.value(&g.play(s, m)))
                    .collect();
                match (kind, self.model) {
                    (NodeKind::Max, _) => vals.iter().copied().fold(f64::MIN, f64::max),
                    (_, Model::Adversarial) => vals.iter().copied().fold(f64::MAX, f64::min),
                    (_, Model::Random) => vals.iter().sum::<f64>() / vals.len() as f64,
                }
            }
        };
        self.memo.insert(*s, v);
        v
    }

    /// The move a player of this model chooses (see [`FullSolver::choose`]).
    pub fn choose(&mut self, s: &PigState) -> u8 {
        let max = self.game.node(s) == NodeKind::Max;
        let mut best: Option<(f64, u8)> = None;
        for m in legal(self.game, s) {
            let v = self.value(&self.game.play(s, m));
            if best.is_none_or(|(b, _)| (max && v > b) || (!max && v < b)) {
                best = Some((v, m));
            }
        }
        best.unwrap().1
    }
}

/// The legal moves of a decision node.
pub fn legal(g: &Pig, s: &PigState) -> Vec<u8> {
    let mut ms = MoveList::default();
    g.moves(s, &mut ms);
    ms.as_slice().to_vec()
}

/// A deterministic generator (SplitMix64) for dice and random players.
pub struct Rng(pub u64);

impl Rng {
    /// A uniform integer below `n`.
    pub fn below(&mut self, n: u64) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        ((u128::from(z ^ (z >> 31)) * u128::from(n)) >> 64) as u64
    }
    /// An outcome of a chance node, drawn by its weight.
    pub fn outcome(&mut self, g: &Pig, s: &PigState) -> u8 {
        let mut os = Outcomes::default();
        g.outcomes(s, &mut os);
        let mut r = self.below(u64::from(g.denominator())) as u32;
        for &(o, w) in os.as_slice() {
            if r < w {
                return o;
            }
            r -= w;
        }
        unreachable!("weights sum to the denominator")
    }
}

/// Positions for the reduction experiment: `per_ply` seeded random playouts of `game`, the
/// decision node reached after each ply in `plies` (moves and dice counted), as (ply, state).
pub fn sample_positions(
    game: &Pig,
    plies: &[u32],
    per_ply: usize,
    seed: u64,
) -> Vec<(u32, PigState)> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for &ply in plies {
        let mut found = 0;
        while found < per_ply {
            let mut s = game.start();
            let mut k = 0;
            while game.terminal(&s).is_none() && k < ply {
                s = if s.dice > 0 {
                    game.resolve(&s, rng.outcome(game, &s))
                } else {
                    let ms = legal(game, &s);
                    game.play(&s, ms[rng.below(ms.len() as u64) as usize])
                };
                k += 1;
            }
            if k == ply && s.dice == 0 && game.terminal(&s).is_none() {
                out.push((ply, s));
                found += 1;
            }
        }
    }
    out
}

/// Total counters of one configuration over positions at one depth, and the root values.
pub fn run_config(
    game: &Pig,
    cfg: ChanceConfig,
    positions: &[PigState],
    depth: u32,
) -> (ChanceCounters, Vec<Q>) {
    search_positions(game, cfg, positions, depth)
}

fn reductions(max_depth: u32) {
    let game = Pig {
        target: 20,
        turns: 4,
        wins: false,
        openspiel: false,
    };
    let positions = sample_positions(&game, &[0, 6, 12], 8, 40);
    let states: Vec<PigState> = positions.iter().map(|p| p.1).collect();
    println!(
        "Pig to {} ({} turns each), {} positions (8 each at plies 0, 6, 12, seed 40), transposition table on for every driver\n",
        game.target,
        game.turns,
        states.len()
    );
    println!("| ordering | depth | expectimax nodes | Star1 nodes | Star1 cut | Star2 nodes | Star2 cut | Star2 scouts | chance cutoffs (Star1 / Star2) | table hits (E / S1 / S2) |");
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    let orders = [
        ("random", MoveOrder::Random(1)),
        ("good (hint)", MoveOrder::Hint),
        ("optimal", MoveOrder::Oracle),
    ];
    for (name, order) in orders {
        for depth in 1..=max_depth {
            let cfg = |driver| ChanceConfig {
                order,
                ..ChanceConfig::new(driver)
            };
            let (e, ev) = run_config(&game, cfg(ChanceDriver::Expectimax), &states, depth);
            let (s1, v1) = run_config(&game, cfg(ChanceDriver::Star1), &states, depth);
            let (s2, v2) = run_config(&game, cfg(ChanceDriver::Star2), &states, depth);
            assert!(ev == v1 && ev == v2, "drivers disagree at depth {depth}");
            let cut = |n: u64| 100.0 * (1.0 - n as f64 / e.nodes as f64);
            println!(
                "| {name} | {depth} | {} | {} | {:.1}% | {} | {:.1}% | {} | {} / {} | {} / {} / {} |",
                e.nodes,
                s1.nodes,
                cut(s1.nodes),
                s2.nodes,
                cut(s2.nodes),
                s2.scouts,
                s1.chance_cutoffs,
                s2.chance_cutoffs,
                e.table_hits,
                s1.table_hits,
                s2.table_hits
            );
        }
    }
    reductions_per_ply(&game, &positions, max_depth);
}

/// Star1's and Star2's cuts per ply of the root position at one depth, random ordering.
fn reductions_per_ply(game: &Pig, positions: &[(u32, PigState)], depth: u32) {
    println!("\nPer ply of the root position, depth {depth}, random ordering:\n");
    println!("| ply | positions | expectimax nodes | Star1 cut | Star2 cut |");
    println!("|---:|---:|---:|---:|---:|");
    let mut plies: Vec<u32> = positions.iter().map(|p| p.0).collect();
    plies.dedup();
    for ply in plies {
        let states: Vec<PigState> = positions
            .iter()
            .filter(|p| p.0 == ply)
            .map(|p| p.1)
            .collect();
        let cfg = |driver| ChanceConfig {
            order: MoveOrder::Random(1),
            table: true,
            ..ChanceConfig::new(driver)
        };
        let (e, _) = run_config(game, cfg(ChanceDriver::Expectimax), &states, depth);
        let (s1, _) = run_config(game, cfg(ChanceDriver::Star1), &states, depth);
        let (s2, _) = run_config(game, cfg(ChanceDriver::Star2), &states, depth);
        let cut = |n: u64| 100.0 * (1.0 - n as f64 / e.nodes as f64);
        println!(
            "| {ply} | {} | {} | {:.1}% | {:.1}% |",
            states.len(),
            e.nodes,
            cut(s1.nodes),
            cut(s2.nodes)
        );
    }
}

/// Plays `games` games of `game` from the start with MAX choosing by `player` and MIN by
/// `opponent` (`None`: uniformly random); returns (MAX wins, draws).
pub fn playouts(
    game: &Pig,
    player: &mut FloatSolver,
    mut opponent: Option<&mut FloatSolver>,
    games: u64,
    seed: u64,
) -> (u64, u64) {
    let mut rng = Rng(seed);
    let (mut wins, mut draws) = (0, 0);
    for _ in 0..games {
        let mut s = game.start();
        let u = loop {
            if let Some(u) = game.terminal(&s) {
                break u;
            }
            s = match game.node(&s) {
                NodeKind::Chance => game.resolve(&s, rng.outcome(game, &s)),
                NodeKind::Max => game.play(&s, player.choose(&s)),
                NodeKind::Min => match opponent.as_deref_mut() {
                    Some(o) => game.play(&s, o.choose(&s)),
                    None => {
                        let ms = legal(game, &s);
                        game.play(&s, ms[rng.below(ms.len() as u64) as usize])
                    }
                },
            };
        };
        match u.signum() {
            1 => wins += 1,
            0 => draws += 1,
            _ => {}
        }
    }
    (wins, draws)
}

fn players(games: u64, target: u8, turns: u8) {
    let game = Pig {
        target,
        turns,
        wins: std::env::var("PIG_MARGIN").is_err(),
        openspiel: false,
    };
    let start = game.start();
    let mut minimax = FloatSolver::new(&game, Model::Adversarial);
    let mut expecti = FloatSolver::new(&game, Model::Random);
    let mut adversary = FloatSolver::new(&game, Model::Adversarial);
    println!(
        "Pig to {} ({} turns each), values from the start (MAX moves first, floating point): minimax {:.4}, expectimax-vs-random {:.4}\n",
        game.target,
        game.turns,
        minimax.value(&start),
        expecti.value(&start)
    );
    let (differ, all) = policy_differences(&game);
    println!("The players choose differently at {differ} of {all} MAX decision positions.\n");
    println!("| MAX player | MIN opponent | games | MAX wins | win rate | Wilson 95% | draws |");
    println!("|---|---|---:|---:|---:|---|---:|");
    for (oname, adversarial) in [("random", false), ("minimax (adversarial)", true)] {
        for (pname, model) in [
            ("expectimax", Model::Random),
            ("minimax", Model::Adversarial),
        ] {
            let player = if model == Model::Random {
                &mut expecti
            } else {
                &mut minimax
            };
            let opp = adversarial.then_some(&mut adversary);
            let (w, d) = playouts(&game, player, opp, games, 2026);
            let (lo, hi) = treebench::stats::games::wilson_interval(w, games).unwrap();
            println!(
                "| {pname} | {oname} | {games} | {w} | {:.4} | [{lo:.4}, {hi:.4}] | {d} |",
                w as f64 / games as f64
            );
        }
    }
}

fn verify() -> bool {
    let small = Pig {
        target: 8,
        turns: 2,
        wins: false,
        openspiel: false,
    };
    let all = small.all_positions();
    let r = treebench::verify::chance::check(&small, &all, &[1, 2]);
    let tiny = Pig {
        target: 5,
        turns: 1,
        wins: false,
        openspiel: false,
    };
    let full = treebench::verify::chance::check(&tiny, &tiny.all_positions(), &[64]);
    for (name, r) in [("pig 8/2 depths 1-2", &r), ("pig 5/1 full depth", &full)] {
        println!("{name}: {}", r.summary());
    }
    // NullStoredAsBound shows only on deeper regular trees (tests/chance.rs), not on Pig at
    // depths 1-2
    let caught = r.mutants.iter().all(|&(m, c)| {
        c || m == treebench::engine::generic::chance::ChanceMutant::NullStoredAsBound
    });
    r.failures.is_empty() && caught && full.failures.is_empty()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize, d: u64| args.get(i).map_or(Ok(d), |a| a.parse::<u64>());
    let code = match args.first().map(String::as_str) {
        Some("verify") if args.len() == 1 => {
            if verify() {
                0
            } else {
                1
            }
        }
        Some("reductions") => match num(1, 4) {
            Ok(d) => {
                reductions(d as u32);
                0
            }
            Err(_) => bad("reductions takes a depth"),
        },
        Some("players") => match (num(1, 20000), num(2, 30), num(3, 3)) {
            (Ok(n), Ok(t), Ok(k)) if n > 0 && (2..=30).contains(&t) && (1..=10).contains(&k) => {
                players(n, t as u8, k as u8);
                0
            }
            _ => bad("players takes GAMES (> 0), TARGET (2-30) and TURNS (1-10)"),
        },
        _ => treebench::cli::main_with(&[&PIG]),
    };
    std::process::exit(code);
}

fn bad(msg: &str) -> i32 {
    eprintln!("pig: {msg}");
    2
}

/// MAX decision positions of `game` where the expectimax and the minimax player choose
/// differently, out of all MAX decision positions.
pub fn policy_differences(game: &Pig) -> (usize, usize) {
    let mut mm = FloatSolver::new(game, Model::Adversarial);
    let mut ex = FloatSolver::new(game, Model::Random);
    let max_nodes: Vec<PigState> = game
        .all_positions()
        .into_iter()
        .filter(|s| s.dice == 0 && s.mover == 0)
        .collect();
    let differ = max_nodes
        .iter()
        .filter(|s| mm.choose(s) != ex.choose(s))
        .count();
    (differ, max_nodes.len())
}
