//! PGN of a chess match's games, as cutechess and fastchess write them: the seven standard tags,
//! `SetUp`/`FEN` for an opening that starts from a FEN, `PlyCount` and `Termination`; the
//! opening's moves with the comment `{book}`, each played move with `{SCORE/DEPTH TIMEs}` (the
//! mover's score in pawns or `+M3`/`-M2` for mates, `-` where the engine gave none), and the
//! reason the game ended as a last comment. python-chess reads it (`scripts/check_pgn.py`
//! checks it against the games file).

use super::record::GameRecord;
use crate::game::chess::san::san_of_uci;
use crate::game::chess::{mate_distance, ChessPosition};
use std::fmt::Write as _;
use std::path::Path;

/// The PGN of chess games, in the rows' order; an error names the game whose moves do not
/// replay.
pub fn pgn(rows: &[GameRecord]) -> Result<String, String> {
    let mut out = String::new();
    for r in rows {
        let game = game_pgn(r).map_err(|e| format!("pair {} round {}: {e}", r.pair, r.round))?;
        out.push_str(&game);
        out.push('\n');
    }
    Ok(out)
}

/// Write the PGN of `rows` to `path` (beside it first, then renamed over it, so a reader never
/// sees half a file).
pub fn write_pgn(rows: &[GameRecord], path: &Path) -> Result<(), String> {
    let text = pgn(rows)?;
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    let tmp = std::path::PathBuf::from(tmp);
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("writing {}: {e}", path.display()))
}

/// PGN's `Termination` tag of a games file's termination.
fn termination_tag(termination: &str) -> &'static str {
    match termination {
        "rules" => "normal",
        "time" => "time forfeit",
        "illegal" => "rules infraction",
        "adjudication" => "adjudication",
        _ => "abandoned",
    }
}

fn game_pgn(r: &GameRecord) -> Result<String, String> {
    let opening = ChessPosition::parse(&r.opening)?;
    let mut pos = match opening.start_fen() {
        Some(f) => ChessPosition::from_fen(f)?,
        None => ChessPosition::start(),
    };
    let mut s = String::new();
    let mut tag = |k: &str, v: &str| {
        let v = v.replace('\\', "\\\\").replace('"', "\\\"");
        let _ = writeln!(s, "[{k} \"{v}\"]");
    };
    tag("Event", "treebench match");
    tag("Site", "treebench");
    tag("Date", "????.??.??");
    tag("Round", &format!("{}.{}", r.pair + 1, r.round + 1));
    tag("White", &r.first);
    tag("Black", &r.second);
    tag("Result", &r.result);
    if let Some(f) = opening.start_fen() {
        tag("SetUp", "1");
        tag("FEN", f);
    }
    tag(
        "PlyCount",
        &(opening.moves().len() as u32 + r.plies).to_string(),
    );
    tag("Termination", termination_tag(&r.termination));
    s.push('\n');
    let mut text = Vec::new();
    for mv in opening.moves() {
        text.push(move_text(&mut pos, mv, "book")?);
    }
    let field = |col: &str, i: usize| col.split_whitespace().nth(i).unwrap_or("-").to_string();
    for (i, mv) in r.moves.split_whitespace().enumerate() {
        let comment = comment(
            &field(&r.scores, i),
            &field(&r.depths, i),
            &field(&r.micros, i),
        );
        text.push(move_text(&mut pos, mv, &comment)?);
    }
    text.push(format!("{{{}}} {}", r.reason.replace('}', ")"), r.result));
    s.push_str(&wrap(&text.join(" "), 79));
    s.push('\n');
    Ok(s)
}

/// `N. SAN {comment}` or `N... SAN {comment}` for the move `uci` at `pos`, which it then plays.
fn move_text(pos: &mut ChessPosition, uci: &str, comment: &str) -> Result<String, String> {
    let san = san_of_uci(pos, uci)?;
    let ply = pos.game_ply();
    let number = ply / 2 + 1;
    let dots = if ply % 2 == 0 { "." } else { "..." };
    pos.play(uci)?;
    Ok(format!("{number}{dots} {san} {{{comment}}}"))
}

/// A played move's comment: `+0.35/12 0.150s` (`-` for what the engine did not report).
fn comment(score: &str, depth: &str, micros: &str) -> String {
    let score = match score.parse::<i32>() {
        Ok(v) => match mate_distance(v) {
            Some(n) if n > 0 => format!("+M{n}"),
            Some(n) => format!("-M{}", -n),
            None => format!("{:+.2}", f64::from(v) / 100.0),
        },
        Err(_) => "-".to_string(),
    };
    let time = micros
        .parse::<u64>()
        .map_or("-".to_string(), |m| format!("{:.3}s", m as f64 / 1e6));
    format!("{score}/{depth} {time}")
}

/// `text` broken at spaces into lines of at most `width` characters (PGN's export format
/// keeps lines under 80); a comment is never split across a line's end inside a word.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split(' ') {
        if line > 0 && line + 1 + word.len() > width {
            out.push('\n');
            line = 0;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += word.len();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_give_pawns_mates_and_dashes() {
        assert_eq!(comment("35", "12", "150000"), "+0.35/12 0.150s");
        assert_eq!(comment("-120", "-", "2000"), "-1.20/- 0.002s");
        let mate3 = crate::game::chess::encode_mate(3).to_string();
        let mated2 = crate::game::chess::encode_mate(-2).to_string();
        assert_eq!(comment(&mate3, "9", "-"), "+M3/9 -");
        assert_eq!(comment(&mated2, "9", "1"), "-M2/9 0.000s");
    }

    #[test]
    fn lines_stay_under_80() {
        let w = wrap(&["1. e4 {book}"; 30].join(" "), 79);
        assert!(w.lines().all(|l| l.len() <= 79) && w.lines().count() > 3);
        assert_eq!(w.replace('\n', " "), ["1. e4 {book}"; 30].join(" "));
    }
}
