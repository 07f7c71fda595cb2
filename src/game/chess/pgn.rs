//! PGN files read as positions (a match's `--openings-file`, as cutechess and fastchess take
//! opening books): each game's main line, from the standard start or its `FEN` tag, played
//! out in SAN; the position at its end is the opening. Comments (`{...}`, `;` to the end of the
//! line), variations (`(...)`, nested), NAGs (`$1`), move numbers and the result are skipped.

use super::epd::FilePosition;
use super::san::uci_of_san;
use super::ChessPosition;

/// Whether `text` looks like PGN: its first line that is not blank is a tag pair.
#[must_use]
pub fn looks_like_pgn(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| l.starts_with('[') && l.ends_with(']'))
}

/// One game of a PGN file: the line of its first tag, its `FEN` tag, and its movetext.
struct Game {
    line: usize,
    fen: Option<String>,
    movetext: String,
}

/// The games of `text`: a tag section, then movetext, per game.
fn games(text: &str) -> Vec<Game> {
    let mut out: Vec<Game> = Vec::new();
    let mut in_moves = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.starts_with('[') && line.ends_with(']') {
            if in_moves || out.is_empty() {
                out.push(Game {
                    line: i + 1,
                    fen: None,
                    movetext: String::new(),
                });
                in_moves = false;
            }
            if let Some(fen) = tag_value(line, "FEN") {
                out.last_mut().expect("a game").fen = Some(fen);
            }
        } else if !line.is_empty() {
            if let Some(g) = out.last_mut() {
                in_moves = true;
                g.movetext.push_str(raw);
                g.movetext.push('\n');
            }
        }
    }
    out
}

/// The value of the tag pair `[NAME "value"]`, if `line` is that tag.
fn tag_value(line: &str, name: &str) -> Option<String> {
    let rest = line.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (tag, value) = rest.split_once(char::is_whitespace)?;
    (tag == name).then(|| value.trim().trim_matches('"').to_string())
}

/// The SAN moves of a movetext's main line.
fn main_line(movetext: &str) -> Vec<String> {
    let mut text = String::with_capacity(movetext.len());
    let (mut brace, mut paren, mut semicolon) = (false, 0u32, false);
    for c in movetext.chars() {
        match c {
            '\n' if semicolon => semicolon = false,
            _ if semicolon => {}
            '{' if !brace => brace = true,
            '}' if brace => brace = false,
            _ if brace => {}
            ';' => semicolon = true,
            '(' => paren += 1,
            ')' => paren = paren.saturating_sub(1),
            _ if paren > 0 => {}
            _ => text.push(c),
        }
        if c == '}' || c == ')' {
            text.push(' ');
        }
    }
    text.split_whitespace()
        .take_while(|t| !matches!(*t, "1-0" | "0-1" | "1/2-1/2" | "*"))
        .map(|t| t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.'))
        .filter(|t| !t.is_empty() && !t.starts_with('$'))
        .map(str::to_string)
        .collect()
}

/// The positions at the end of each game of the PGN `text` (the contents of `file`, which
/// errors name with the game's first line).
pub fn parse_positions(file: &str, text: &str) -> Result<Vec<FilePosition>, String> {
    let mut out = Vec::new();
    for g in games(text) {
        let at = |e: String| format!("{file}:{}: {e}", g.line);
        let mut pos = match &g.fen {
            Some(f) => ChessPosition::from_fen(f).map_err(at)?,
            None => ChessPosition::start(),
        };
        for (i, san) in main_line(&g.movetext).iter().enumerate() {
            let uci = uci_of_san(&pos, san).map_err(|e| at(format!("move {}: {e}", i + 1)))?;
            pos.play(&uci)
                .map_err(|e| at(format!("move {} `{san}`: {e}", i + 1)))?;
        }
        if pos.is_terminal() {
            return Err(at(format!(
                "the game is already over ({})",
                pos.status().describe()
            )));
        }
        out.push(FilePosition {
            line: g.line,
            fen: pos.fen(),
            best: Vec::new(),
            avoid: Vec::new(),
            id: None,
        });
    }
    if out.is_empty() {
        return Err(format!("{file}: no games"));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "[Event \"a\"]\n[Site \"?\"]\n\n1. e4 {book} e5 2. Nf3 (2. f4 exf4) Nc6 $1 \
                       ; a comment\n3. Bb5 1-0\n\n[Event \"b\"]\n[FEN \"8/8/8/4k3/8/8/8/4K2R w K - 0 1\"]\n\
                       [SetUp \"1\"]\n\n1. O-O Kd5 *\n";

    #[test]
    fn main_lines_from_the_start_and_from_a_fen() {
        assert!(looks_like_pgn(TWO) && !looks_like_pgn("8/8/8/8/8/8/8/8 w - -"));
        let ps = parse_positions("t.pgn", TWO).unwrap();
        assert_eq!(ps.len(), 2);
        let ruy = ChessPosition::parse("e2e4 e7e5 g1f3 b8c6 f1b5").unwrap();
        assert_eq!(ps[0].fen, ruy.fen());
        assert_eq!((ps[0].line, ps[1].line), (1, 7));
        let castled = ChessPosition::parse("8/8/8/4k3/8/8/8/4K2R w K - 0 1 moves e1g1 e5d5");
        assert_eq!(ps[1].fen, castled.unwrap().fen());
    }

    #[test]
    fn an_illegal_move_names_the_game_and_the_move() {
        let e = parse_positions("t.pgn", "[Event \"a\"]\n\n1. e4 e4 *\n").unwrap_err();
        assert!(e.starts_with("t.pgn:1: move 2"), "{e}");
        assert!(parse_positions("t.pgn", "").is_err());
    }
}
