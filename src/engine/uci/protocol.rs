//! The UCI lines treebench reads: `option name ...` during the handshake, `info ...` during a
//! search and `bestmove ...` at its end.
//!
//! What a search reports ([`Search`]): the latest `nodes` and `time` seen on any `info` line
//! before `bestmove` (engines differ in where they print the final counts: Glaurung on a
//! separate `info nodes` line after the last depth, Toga II on `info time ... nodes ...`), the
//! score from the last line whose score is not a `lowerbound`/`upperbound` (of the first PV when
//! there are several), with the depth of that line, and the latest `seldepth`.
//!
//! Scores are one integer ([`crate::game::chess::encode_mate`]): centipawns, or a mate encoded
//! outside the centipawn range.

use crate::game::chess::encode_mate;

/// The name of an `option name NAME type ...` line, if it is one.
#[must_use]
pub fn option_name(line: &str) -> Option<&str> {
    let rest = line
        .trim()
        .strip_prefix("option")?
        .trim_start()
        .strip_prefix("name ")?;
    let end = rest.find(" type ").unwrap_or(rest.len());
    Some(rest[..end].trim())
}

/// What the `info` lines of one search said, as far as read.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Search {
    pub nodes: Option<u64>,
    /// Milliseconds, as the engine reports them.
    pub time_ms: Option<u64>,
    /// Encoded score (centipawns, or a mate: see the module documentation).
    pub score: Option<i32>,
    /// Depth of the line the score came from.
    pub depth: Option<u32>,
    pub seldepth: Option<u32>,
}

impl Search {
    /// Take in one `info` line (any other line is ignored). Unknown tokens are skipped, as the
    /// UCI protocol asks; a number that does not parse leaves the field as it was.
    pub fn read_info(&mut self, line: &str) {
        let mut t = line.split_whitespace();
        if t.next() != Some("info") {
            return;
        }
        let mut depth = None;
        let mut score = None;
        let mut bound = false;
        let mut first_pv = true;
        while let Some(key) = t.next() {
            match key {
                "depth" => depth = t.next().and_then(|v| v.parse().ok()),
                "seldepth" => {
                    if let Some(v) = t.next().and_then(|v| v.parse().ok()) {
                        self.seldepth = Some(v);
                    }
                }
                "nodes" => {
                    if let Some(v) = t.next().and_then(|v| v.parse().ok()) {
                        self.nodes = Some(v);
                    }
                }
                "time" => {
                    if let Some(v) = t.next().and_then(|v| v.parse().ok()) {
                        self.time_ms = Some(v);
                    }
                }
                "multipv" => first_pv = t.next() == Some("1"),
                "score" => {
                    let kind = t.next();
                    let v = t.next().and_then(|v| v.parse::<i32>().ok());
                    score = match (kind, v) {
                        (Some("cp"), Some(cp)) => Some(cp.clamp(-MAX_CP, MAX_CP)),
                        (Some("mate"), Some(n)) => Some(encode_mate(n)),
                        _ => None,
                    };
                }
                "lowerbound" | "upperbound" => bound = true,
                "wdl" => {
                    t.nth(2);
                }
                // The rest of the line belongs to these.
                "pv" | "string" | "refutation" | "currline" => break,
                _ => {}
            }
        }
        if let (Some(s), false, true) = (score, bound, first_pv) {
            self.score = Some(s);
            self.depth = depth.or(self.depth);
        }
    }
}

/// Centipawn scores are clamped to this, so that they never read as a mate.
pub const MAX_CP: i32 = 30_000;

/// The move of a `bestmove MOVE [ponder MOVE]` line: `Some(Some(move))`, `Some(None)` for
/// `bestmove (none)` or a bare `bestmove`, `None` when the line is not a `bestmove` line.
#[must_use]
pub fn best_move(line: &str) -> Option<Option<&str>> {
    let mut t = line.split_whitespace();
    if t.next() != Some("bestmove") {
        return None;
    }
    Some(t.next().filter(|m| *m != "(none)" && *m != "0000"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::chess::MATE;

    #[test]
    fn options() {
        assert_eq!(
            option_name("option name Skill Level type spin default 20 min 0 max 20"),
            Some("Skill Level")
        );
        assert_eq!(
            option_name("option name Clear Hash type button"),
            Some("Clear Hash")
        );
        assert_eq!(option_name("id name Stockfish 15.1"), None);
    }

    #[test]
    fn searches_of_three_engines() {
        // Stockfish: everything on the depth lines.
        let mut s = Search::default();
        s.read_info("info string NNUE evaluation using nn-ad9b42354671.nnue enabled");
        s.read_info("info depth 7 seldepth 4 multipv 1 score cp 42 nodes 1078 nps 359333 hashfull 0 tbhits 0 time 3 pv g1f3 g8f6 f3e5");
        s.read_info("info depth 8 seldepth 5 multipv 1 score cp 74 nodes 1616 nps 404000 hashfull 0 tbhits 0 time 4 pv g1f3 g8f6 f3e5");
        assert_eq!(
            s,
            Search {
                nodes: Some(1616),
                time_ms: Some(4),
                score: Some(74),
                depth: Some(8),
                seldepth: Some(5)
            }
        );
        // Glaurung: final counts on a separate line.
        let mut g = Search::default();
        g.read_info("info depth 8");
        g.read_info("info depth 8 score cp 31 time 32 nodes 37279 nps 1164968 pv g1f3 g8f6");
        g.read_info("info nodes 49766 nps 1058851 time 47 hashfull 1");
        assert_eq!(
            (g.nodes, g.time_ms, g.score, g.depth, g.seldepth),
            (Some(49766), Some(47), Some(31), Some(8), None)
        );
        // Toga II: a bound line is not the score.
        let mut t = Search::default();
        t.read_info("info multipv 1 depth 8 seldepth 22 score cp 26 time 25 nodes 36539 pv g1f3");
        t.read_info(
            "info multipv 1 depth 9 seldepth 23 score cp 30 upperbound time 26 nodes 38000 pv g1f3",
        );
        t.read_info("info time 27 nodes 39569 nps 0 cpuload 758");
        assert_eq!(
            (t.nodes, t.time_ms, t.score, t.depth, t.seldepth),
            (Some(39569), Some(27), Some(26), Some(8), Some(23))
        );
        // mates, a second PV, garbage numbers
        let mut m = Search::default();
        m.read_info("info depth 3 score mate 2 nodes x pv a1a8");
        m.read_info("info depth 3 multipv 2 score cp 5 pv a1a2");
        assert_eq!((m.score, m.nodes), (Some(MATE - 2), None));
        m.read_info("info depth 4 score mate -3 wdl 0 0 1000 pv a1a8");
        assert_eq!(m.score, Some(-(MATE - 3)));
    }

    #[test]
    fn best_moves() {
        assert_eq!(best_move("bestmove e2e4 ponder e7e5"), Some(Some("e2e4")));
        assert_eq!(best_move("bestmove (none)"), Some(None));
        assert_eq!(best_move("bestmove"), Some(None));
        assert_eq!(best_move("info depth 1"), None);
    }
}
