//! SGF (FF[4], GM[1]) of a Go match's games: `NAME.sgf` beside the games file `NAME.games.csv`
//! (`NAME.csv`: `NAME.sgf`), one game tree per game in the games file's order. Each tree's root
//! holds `SZ`, `KM`, `RU`, `PB`/`PW` (the engines' specs, a line break as a space: SGF's simple
//! text), `RE` and a comment (pair, round,
//! opening, termination and reason); then every move from the empty board, the opening's
//! included (`B[..]`/`W[..]`, a pass as `B[]`). An illegal move is not in the games file, so not
//! here either: the reason names it.
//!
//! `RE`: a game the rules ended, `B+M`/`W+M` with the area margin komi included (recounted here
//! by treebench's rules: it must agree with the games file's result), `0` for a draw; a loss on
//! time `+T`, by an illegal move or a failure `+F`, an adjudicated win `+R`.
//!
//! The file is rewritten whole after every pair the games file gets (beside it, then renamed
//! over it), so a reader never sees half a file and an interrupted match loses no game the
//! games file holds. `scripts/check_sgf.py` reads it back with sgfmill.

use super::record::GameRecord;
use super::MatchError;
use crate::game::go::text::{parse_point, COLUMNS};
use crate::game::go::{board::PASS, komi_and_margin};
use crate::game::GameKind;
use crate::runner::record::RecordWriter;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The board's side when `game` is one of the built-in Go boards.
#[must_use]
pub fn go_size(game: GameKind) -> Option<usize> {
    match game {
        GameKind::Open(def) => match def.name {
            "go2" => Some(2),
            "go3" => Some(3),
            "go4" => Some(4),
            "go5" => Some(5),
            "go9" => Some(9),
            "go13" => Some(13),
            "go19" => Some(19),
            _ => None,
        },
        _ => None,
    }
}

/// The SGF file beside a games file: `.games.csv` or `.csv` replaced by `.sgf`.
#[must_use]
pub fn sgf_path(games: &Path) -> PathBuf {
    let name = games.file_name().map_or(String::new(), |n| {
        n.to_string_lossy()
            .trim_end_matches(".csv")
            .trim_end_matches(".games")
            .to_string()
    });
    games.with_file_name(format!("{name}.sgf"))
}

/// An SGF text value: `\` and `]` escaped.
fn value(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// An SGF simple text value (a name): a line break, which SGF reads as a space, written as one.
fn simple(text: &str) -> String {
    value(&text.replace(['\r', '\n'], " "))
}

/// SGF's point of a GTP vertex (`C3`: column letter, row from the bottom) on side `n`; `""`
/// for a pass.
fn point(n: usize, vertex: &str) -> Result<String, String> {
    let p = parse_point(n, vertex).ok_or_else(|| format!("`{vertex}` is not a point of go{n}"))?;
    if p == PASS {
        return Ok(String::new());
    }
    let t = vertex.trim().to_ascii_uppercase();
    let c = COLUMNS
        .iter()
        .position(|&l| l == t.as_bytes()[0])
        .unwrap_or(0);
    let r: usize = t[1..].parse().unwrap_or(1);
    let letter = |i: usize| char::from(b'a' + i as u8);
    Ok(format!("{}{}", letter(c), letter(n - r)))
}

/// `RE` of a game: the winner's colour (or `0`) and how it was won.
fn result(n: usize, r: &GameRecord, moves: &[&str], black_first: bool) -> Result<String, String> {
    let first_won = match r.result.as_str() {
        "1-0" => true,
        "0-1" => false,
        "1/2-1/2" => return Ok("0".into()),
        other => return Err(format!("result `{other}`")),
    };
    let winner = if first_won == black_first { "B" } else { "W" };
    let how = match r.termination.as_str() {
        "rules" => {
            let (_, margin) = komi_and_margin(n, moves)?;
            let black = margin > 0;
            if margin == 0 || black != (winner == "B") {
                return Err(format!(
                    "Black's margin by the rules is {margin}, the games file says {}",
                    r.result
                ));
            }
            margin.abs().to_string()
        }
        "time" => "T".into(),
        "adjudication" => "R".into(),
        _ => "F".into(),
    };
    Ok(format!("{winner}+{how}"))
}

/// One game tree.
pub fn game_sgf(n: usize, r: &GameRecord) -> Result<String, String> {
    let opening = crate::game::go::text::moves_of(n, &r.opening)?;
    let mut moves = opening.clone();
    moves.extend(r.moves.split_whitespace());
    let black_first = opening.len() % 2 == 0;
    let (black, white) = if black_first {
        (&r.first, &r.second)
    } else {
        (&r.second, &r.first)
    };
    let (komi, _) = komi_and_margin(n, &[])?;
    let mut s = format!(
        "(;FF[4]GM[1]CA[UTF-8]AP[treebench]SZ[{n}]KM[{komi}]\
         RU[Tromp-Taylor area, positional superko, suicide forbidden]\nPB[{}]PW[{}]RE[{}]\n",
        simple(black),
        simple(white),
        result(n, r, &moves, black_first)?
    );
    let _ = writeln!(
        s,
        "GC[treebench match: pair {} round {}, opening `{}` ({} plies); {}: {}]",
        r.pair,
        r.round,
        value(&r.opening),
        opening.len(),
        r.termination,
        value(&r.reason)
    );
    for (i, m) in moves.iter().enumerate() {
        let colour = if i % 2 == 0 { 'B' } else { 'W' };
        let _ = write!(s, ";{colour}[{}]", point(n, m)?);
        if i % 10 == 9 && i + 1 < moves.len() {
            s.push('\n');
        }
    }
    s.push_str(")\n");
    Ok(s)
}

/// The SGF of Go games, in the rows' order; an error names the game that cannot be written.
pub fn sgf(n: usize, rows: &[GameRecord]) -> Result<String, String> {
    rows.iter()
        .map(|r| game_sgf(n, r).map_err(|e| format!("pair {} round {}: {e}", r.pair, r.round)))
        .collect()
}

/// Where a match's finished pairs go: the games file and, for Go, its SGF file, rewritten
/// whole (beside it, then renamed) with every game the games file holds.
pub struct Outputs {
    pub games: RecordWriter<GameRecord>,
    sgf: Option<(usize, PathBuf, Vec<GameRecord>)>,
}

impl Outputs {
    /// The games file's writer, and the SGF of a Go game (`size`) at `path` holding `kept`
    /// (written now).
    pub fn new(
        games: RecordWriter<GameRecord>,
        go: Option<(usize, PathBuf)>,
        kept: &[GameRecord],
    ) -> Result<Self, MatchError> {
        let out = Outputs {
            games,
            sgf: go.map(|(n, p)| (n, p, kept.to_vec())),
        };
        out.write_sgf()?;
        Ok(out)
    }

    /// Write a finished pair to the games file, then the SGF file.
    pub fn write_pair(&mut self, pair: &[GameRecord; 2]) -> Result<(), MatchError> {
        self.games.write_all(pair)?;
        if let Some((_, _, rows)) = &mut self.sgf {
            rows.extend_from_slice(pair);
        }
        self.write_sgf()
    }

    /// The SGF file, when there is one.
    #[must_use]
    pub fn sgf_file(&self) -> Option<&Path> {
        self.sgf.as_ref().map(|(_, p, _)| p.as_path())
    }

    fn write_sgf(&self) -> Result<(), MatchError> {
        let Some((n, path, rows)) = &self.sgf else {
            return Ok(());
        };
        let text = sgf(*n, rows).map_err(|e| MatchError::Refused(format!("SGF: {e}")))?;
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = PathBuf::from(tmp);
        std::fs::write(&tmp, text)
            .and_then(|()| std::fs::rename(&tmp, path))
            .map_err(|e| MatchError::Refused(format!("writing {}: {e}", path.display())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_paths_and_escapes() {
        assert_eq!(point(9, "A1").unwrap(), "ai");
        assert_eq!(point(9, "J9").unwrap(), "ia");
        assert_eq!(point(9, "H8").unwrap(), "hb");
        assert_eq!(point(5, "pass").unwrap(), "");
        assert_eq!(point(2, "B2").unwrap(), "ba");
        assert!(point(5, "F1").is_err());
        assert_eq!(sgf_path(Path::new("d/m.games.csv")), Path::new("d/m.sgf"));
        assert_eq!(sgf_path(Path::new("m.csv")), Path::new("m.sgf"));
        assert_eq!(value("gtp[game=go5]:x \\"), "gtp[game=go5\\]:x \\\\");
    }
}
