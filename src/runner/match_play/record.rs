//! The games file of a match: one row per game ([`GameRecord`]), and the tally of its rows per
//! pairing of engines (W/D/L, pentanomial pair counts).

use crate::runner::record::csv_schema;
use crate::stats::games::{ratings, GameResult, PairingScore, Pentanomial, Rating, Trinomial};
use crate::stats::StatsError;

csv_schema! {
    /// One game of a match: one row of a games file.
    GameRecord, GAME_COLUMNS, GAME_HEADER, widths [];
    seed: u64 => "Seed the openings were drawn with.",
    opening_ply: u32 => "Moves in the opening (its ply).",
    opening_index: u32 => "The opening's number among those drawn at its ply.",
    opening: String => "The opening: the position's text the game started from.",
    pair: u32 => "The game pair's number in the match's plan (the same opening, colours swapped).",
    round: u32 => "0: the pair's first game; 1: the game with the colours swapped.",
    first_slot: u32 => "The first side's engine: its place in the match's engine list (0 = first listed).",
    second_slot: u32 => "The second side's engine: its place in the match's engine list.",
    first: String => "The engine playing the side that moves first (White, Connect-4's first player, X; in a game added in one file, the side to move at the opening).",
    second: String => "The engine playing the other side.",
    result: String => "1-0, 0-1 or 1/2-1/2: the first side's points first.",
    termination: String => "rules (the game's rules ended it), illegal (an illegal move lost), time (a flag fell), failure (the engine failed), adjudication (the ply cap drew it, or the engines' agreed scores: `--resign`, `--draw`).",
    reason: String => "The rule or the offence: four in a row, checkmate, threefold repetition, illegal move 8 (column full), ...",
    plies: u32 => "Moves played in the game after the opening.",
    moves: String => "The moves played after the opening, space-separated.",
    nodes: String => "Search nodes of each move, space-separated; `-` where the engine reports none.",
    micros: String => "Wall time of each move in microseconds, space-separated.",
    scores: String => "The engine's value of each move's position for the side to move, space-separated; `-` where none.",
    depths: String => "Search depth of each move, space-separated; `-` where none.",
}

impl GameRecord {
    /// The first side's result in this game; `None` for a malformed result.
    #[must_use]
    pub fn first_result(&self) -> Option<GameResult> {
        match self.result.as_str() {
            "1-0" => Some(GameResult::Win),
            "0-1" => Some(GameResult::Loss),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
        }
    }

    /// The result of the engine in `slot`, if it played this game.
    #[must_use]
    pub fn result_of(&self, slot: u32) -> Option<GameResult> {
        let r = self.first_result()?;
        if slot == self.first_slot {
            Some(r)
        } else if slot == self.second_slot {
            Some(flip(r))
        } else {
            None
        }
    }
}

/// The other side's result.
#[must_use]
pub fn flip(r: GameResult) -> GameResult {
    match r {
        GameResult::Win => GameResult::Loss,
        GameResult::Draw => GameResult::Draw,
        GameResult::Loss => GameResult::Win,
    }
}

/// The text of a first side's result.
#[must_use]
pub fn result_text(r: GameResult) -> &'static str {
    match r {
        GameResult::Win => "1-0",
        GameResult::Draw => "1/2-1/2",
        GameResult::Loss => "0-1",
    }
}

/// The games of one pairing of engines, counted for the engine in slot `a` against `b`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// The tested engine's slot (the one listed first).
    pub a: u32,
    /// Its opponent's slot.
    pub b: u32,
    /// `a`'s wins, draws and losses over every game.
    pub games: Trinomial,
    /// `a`'s points per complete pair.
    pub pairs: Pentanomial,
    /// Games lost on time, by an illegal move or by an engine failure (either side).
    pub forfeits: u64,
}

/// The tallies of `rows` per pairing, in the order the pairings first appear (the lower slot
/// is the tested engine `a`). A pair with one game counts in `games` only.
#[must_use]
pub fn tally(rows: &[GameRecord]) -> Vec<Tally> {
    let mut out: Vec<Tally> = Vec::new();
    let mut halves: std::collections::HashMap<u32, GameResult> = Default::default();
    for r in rows {
        let (a, b) = (
            r.first_slot.min(r.second_slot),
            r.first_slot.max(r.second_slot),
        );
        let Some(res) = r.result_of(a) else { continue };
        let i = match out.iter().position(|t| (t.a, t.b) == (a, b)) {
            Some(i) => i,
            None => {
                out.push(Tally {
                    a,
                    b,
                    games: Trinomial::default(),
                    pairs: Pentanomial::default(),
                    forfeits: 0,
                });
                out.len() - 1
            }
        };
        let t = &mut out[i];
        t.games.counts[res as usize] += 1;
        if r.termination != "rules" && r.termination != "adjudication" {
            t.forfeits += 1;
        }
        match halves.remove(&r.pair) {
            Some(other) => t.pairs.add_pair(other, res),
            None => {
                halves.insert(r.pair, res);
            }
        }
    }
    out
}

/// One engine's row of the crosstable as text: `points/games` against each engine (`-` where
/// they did not meet), and its total.
#[must_use]
pub fn crosstable_row(row: &[Option<(f64, u64)>]) -> (Vec<String>, String) {
    let cells = row
        .iter()
        .map(|c| c.map_or("-".to_string(), |(p, g)| format!("{p}/{g}")))
        .collect();
    let (p, g) = row
        .iter()
        .flatten()
        .fold((0.0, 0), |(p, g), c| (p + c.0, g + c.1));
    (cells, format!("{p}/{g}"))
}

/// The crosstable of `n` engines: cell `[i][j]` holds engine `i`'s points and the games it
/// played against engine `j` (`None` where they did not meet).
#[must_use]
pub fn points_table(n: usize, tallies: &[Tally]) -> Vec<Vec<Option<(f64, u64)>>> {
    let mut pts = vec![vec![None::<(f64, u64)>; n]; n];
    for t in tallies {
        let g = &t.games;
        let a_pts = g.wins() as f64 + 0.5 * g.draws() as f64;
        pts[t.a as usize][t.b as usize] = Some((a_pts, g.games()));
        pts[t.b as usize][t.a as usize] = Some((g.games() as f64 - a_pts, g.games()));
    }
    pts
}

/// The rating list of `n` engines from their tallies: each engine's number and its rating
/// against `anchor` ([`ratings`], fitted to each pairing's points and games), best first.
pub fn rating_list(
    n: usize,
    tallies: &[Tally],
    anchor: usize,
) -> Result<Vec<(usize, Rating)>, StatsError> {
    let pairings: Vec<PairingScore> = tallies
        .iter()
        .map(|t| PairingScore {
            a: t.a as usize,
            b: t.b as usize,
            points: t.games.wins() as f64 + 0.5 * t.games.draws() as f64,
            games: t.games.games() as f64,
        })
        .collect();
    let mut list: Vec<(usize, Rating)> = ratings(n, &pairings, anchor)?
        .into_iter()
        .enumerate()
        .collect();
    list.sort_by(|x, y| y.1.elo.total_cmp(&x.1.elo));
    Ok(list)
}
