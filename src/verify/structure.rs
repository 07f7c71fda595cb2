//! Structural checks of an added game's rules ([`OpenGame`]), independent of any search: on
//! every position of a bounded breadth-first walk from [`OpenGame::start`],
//!
//! - **round trip**: `parse(text(p))` is accepted, gives the same text and the same key;
//! - **moves**: every move of `moves` leads to a position `parse` accepts and reads back
//!   (a move onto an occupied square gives a position no strict `parse` takes), is accepted by
//!   `parse_move` under its own text, no two moves share a text, and the texts of moves offered
//!   elsewhere (the parent's) that `moves` does not offer here are refused by `parse_move`;
//! - **keys**: no two positions with different texts share a key (both named, with the key);
//! - **terminal**: a position that is not terminal has a move, and the game ends within
//!   `max_ply` plies (the entry's longest game: [`OpenGame::MAX_PLY`], a served game's server's);
//! - **bounds**: terminal values and evaluations lie strictly inside `±BOUND`, and every
//!   `move_index` lies below `HISTORY_SIZE`.
//!
//! Each failure names the rule and the position (its text). Nothing here is on a search's path.

use crate::game::{MoveList, OpenGame};
use std::collections::HashMap;

/// The most failures kept for one rule (the count goes on).
const KEEP_PER_RULE: usize = 5;

/// One broken rule on one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructureFailure {
    /// The rule, e.g. `"round trip"`.
    pub rule: &'static str,
    /// The position's text.
    pub position: String,
    /// What was seen.
    pub detail: String,
}

/// What the walk found.
#[derive(Debug, Clone, Default)]
pub struct StructureReport {
    /// Positions walked.
    pub positions: usize,
    /// Moves checked (one per move of every walked position).
    pub moves: usize,
    /// Deepest ply walked in full (every position at it visited).
    pub full_ply: u32,
    /// Failures, at most [`KEEP_PER_RULE`] a rule.
    pub failures: Vec<StructureFailure>,
    /// Failures in all, kept or not.
    pub failure_count: usize,
}

impl StructureReport {
    fn fail(&mut self, rule: &'static str, position: &str, detail: String) {
        self.failure_count += 1;
        if self.failures.iter().filter(|f| f.rule == rule).count() < KEEP_PER_RULE {
            self.failures.push(StructureFailure {
                rule,
                position: position.to_string(),
                detail,
            });
        }
    }
}

/// Walk `G` breadth first from its start (up to [`OpenGame::WALK_POSITIONS`] positions) and check
/// every rule on every position reached, the game's longest game being `max_ply` plies.
#[must_use]
pub fn check_structure<G: OpenGame>(game: &G, max_ply: u32) -> StructureReport {
    let mut r = StructureReport::default();
    let mut keys: HashMap<u64, String> = HashMap::new();
    // positions queued, by text (not by key: a colliding key must not hide a position)
    let mut queued = std::collections::HashSet::new();
    let start = game.start();
    queued.insert(game.text(&start));
    let mut layer = vec![(start, Vec::new())];
    let mut ply = 0;
    while !layer.is_empty() && r.positions < G::WALK_POSITIONS {
        let mut next = Vec::new();
        let complete = layer.len() + r.positions <= G::WALK_POSITIONS;
        for (s, parent_texts) in layer {
            if r.positions >= G::WALK_POSITIONS {
                break;
            }
            r.positions += 1;
            let text = game.text(&s);
            let terminal = game.terminal(&s, ply);
            let mut list = MoveList::default();
            if terminal.is_none() {
                game.moves(&s, &mut list);
            }
            let at = Seen {
                text: &text,
                ply,
                terminal,
                moves: list.len(),
                max_ply,
            };
            check_position(game, &s, &at, &mut keys, &mut r);
            if terminal.is_some() {
                continue;
            }
            let (texts, children) = check_moves(game, &s, &text, &list, &parent_texts, &mut r);
            for (child, child_text) in children {
                if next.len() < G::WALK_POSITIONS && queued.insert(child_text) {
                    next.push((child, texts.clone()));
                }
            }
        }
        if complete {
            r.full_ply = ply;
        }
        layer = next;
        ply += 1;
    }
    r
}

/// What the walk already knows of a position: its text, ply, terminal value and move count.
struct Seen<'a> {
    text: &'a str,
    ply: u32,
    terminal: Option<i32>,
    moves: usize,
    /// The game's longest game (its entry's: a served game's is the server's).
    max_ply: u32,
}

/// The rules on one position: the round trip, its key, terminal, bounds and the longest game.
fn check_position<G: OpenGame>(
    game: &G,
    s: &G::State,
    at: &Seen<'_>,
    keys: &mut HashMap<u64, String>,
    r: &mut StructureReport,
) {
    let (text, ply, terminal) = (at.text, at.ply, at.terminal);
    let key = game.key(s);
    match game.parse(text) {
        Err(e) => r.fail("round trip", text, format!("parse refuses text(p): {e}")),
        Ok(back) => {
            let (t2, k2) = (game.text(&back), game.key(&back));
            if t2 != text || k2 != key {
                r.fail(
                    "round trip",
                    text,
                    format!("parse(text(p)) is `{t2}` with key {k2:#x}, p has key {key:#x}"),
                );
            }
        }
    }
    match keys.get(&key) {
        Some(other) if other != text => r.fail(
            "distinct keys",
            text,
            format!("key {key:#x} is also the key of `{other}`"),
        ),
        Some(_) => {}
        None => {
            keys.insert(key, text.to_string());
        }
    }
    let inside = |v: i32| -G::BOUND < v && v < G::BOUND;
    if let Some(v) = terminal.filter(|&v| !inside(v)) {
        r.fail(
            "bounds",
            text,
            format!("terminal value {v} not inside ±{}", G::BOUND),
        );
    }
    let e = game.evaluate(s);
    if !inside(e) {
        r.fail(
            "bounds",
            text,
            format!("evaluation {e} not inside ±{}", G::BOUND),
        );
    }
    if terminal.is_none() {
        if at.moves == 0 {
            r.fail("terminal", text, "not terminal, yet no move".to_string());
        } else if ply >= at.max_ply {
            r.fail(
                "terminal",
                text,
                format!("not terminal at ply {ply}, MAX_PLY is {}", at.max_ply),
            );
        }
    }
}

/// The rules on the moves `list` of a position that is not terminal; the texts of its moves,
/// and its children with their texts.
fn check_moves<G: OpenGame>(
    game: &G,
    s: &G::State,
    text: &str,
    list: &MoveList<G::Move>,
    parent_texts: &[String],
    r: &mut StructureReport,
) -> (Vec<String>, Vec<(G::State, String)>) {
    let mut children = Vec::with_capacity(list.len());
    let mut texts: Vec<String> = Vec::with_capacity(list.len());
    for &m in list.as_slice() {
        r.moves += 1;
        let mt = game.move_text(s, m);
        if texts.contains(&mt) {
            r.fail("moves", text, format!("`moves` offers `{mt}` twice"));
        }
        if game.parse_move(s, &mt) != Some(m) {
            let rule = "moves are legal";
            r.fail(
                rule,
                text,
                format!("`moves` offers `{mt}`, parse_move refuses it"),
            );
        }
        if game.move_index(m) >= G::HISTORY_SIZE {
            let i = game.move_index(m);
            let detail = format!(
                "move_index of `{mt}` is {i}, HISTORY_SIZE {}",
                G::HISTORY_SIZE
            );
            r.fail("bounds", text, detail);
        }
        let child = game.play(s, m);
        let ct = game.text(&child);
        let back = game.parse(&ct);
        if !back.is_ok_and(|b| game.key(&b) == game.key(&child) && game.text(&b) == ct) {
            let rule = "moves are legal";
            let detail = format!("`{mt}` gives `{ct}`, which parse refuses or reads otherwise");
            r.fail(rule, text, detail);
        }
        texts.push(mt);
        children.push((child, ct));
    }
    for t in parent_texts.iter().filter(|t| !texts.contains(t)) {
        if game.parse_move(s, t).is_some() {
            let detail = format!("parse_move accepts `{t}`, which `moves` does not offer");
            r.fail("other moves refused", text, detail);
        }
    }
    (texts, children)
}

impl std::fmt::Display for StructureReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let result = match self.failure_count {
            0 => "passed".to_string(),
            k => format!("FAILED on {k}"),
        };
        write!(
            f,
            "| structure (round trip, legal moves, distinct keys, terminal, bounds; {} positions, every one to ply {}) | {} moves | {result} |",
            self.positions, self.full_ply, self.moves
        )
    }
}
