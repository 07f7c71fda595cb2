//! Position files: one position a line, as a FEN (six fields) or an EPD line (four FEN fields
//! followed by operations such as `bm Qg6+; am Qxb2; id "x";`). The test-suite operations `bm`
//! (best moves) and `am` (moves to avoid) are read, in SAN, into UCI moves checked legal, and
//! `id` is kept; other operations are ignored. Blank lines and lines starting with `#` are
//! skipped. A bad line is an error naming the file and the line.

use super::ChessPosition;
use std::path::Path;

/// One position of a file: its line number and its FEN (six fields; an EPD line's clocks are
/// `0 1`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FilePosition {
    pub line: usize,
    pub fen: String,
    /// The `bm` moves (UCI), empty when the line has none.
    pub best: Vec<String>,
    /// The `am` moves (UCI), empty when the line has none.
    pub avoid: Vec<String>,
    /// The `id` operation, if any.
    pub id: Option<String>,
}

/// The operations of an EPD line after its four FEN fields: `(opcode, operands)` pairs, split
/// at `;` outside double quotes.
fn operations(rest: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let (mut cur, mut quoted) = (String::new(), false);
    for c in rest.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            ';' if !quoted => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out.into_iter()
        .filter_map(|op| {
            let op = op.trim();
            let (code, args) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
            (!code.is_empty()).then(|| (code.to_string(), args.trim().to_string()))
        })
        .collect()
}

/// The `bm`/`am` moves (SAN operands) as UCI moves of `pos`.
fn suite_moves(pos: &ChessPosition, operands: &str) -> Result<Vec<String>, String> {
    operands
        .split_whitespace()
        .map(|san| super::san::uci_of_san(pos, san))
        .collect()
}

/// The test-suite operations of an EPD line (`bm`, `am`, `id`) at `pos`.
fn suite_ops(
    line: &str,
    pos: &ChessPosition,
) -> Result<(Vec<String>, Vec<String>, Option<String>), String> {
    let fields: Vec<&str> = line.splitn(5, char::is_whitespace).collect();
    let clocks = line
        .split_whitespace()
        .nth(4)
        .is_some_and(|f| f.parse::<u32>().is_ok());
    if fields.len() < 5 || clocks {
        return Ok((Vec::new(), Vec::new(), None));
    }
    let (mut best, mut avoid, mut id) = (Vec::new(), Vec::new(), None);
    for (code, args) in operations(fields[4]) {
        match code.as_str() {
            "bm" => best = suite_moves(pos, &args).map_err(|e| format!("bm: {e}"))?,
            "am" => avoid = suite_moves(pos, &args).map_err(|e| format!("am: {e}"))?,
            "id" => id = Some(args.trim_matches('"').to_string()),
            _ => {}
        }
    }
    Ok((best, avoid, id))
}

/// Read the positions of `text` (the contents of `file`, which errors name).
pub fn parse_positions(file: &str, text: &str) -> Result<Vec<FilePosition>, String> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fen = fen_of_line(line).map_err(|e| format!("{file}:{}: {e}", i + 1))?;
        let pos = ChessPosition::from_fen(&fen).map_err(|e| format!("{file}:{}: {e}", i + 1))?;
        if pos.is_terminal() {
            return Err(format!(
                "{file}:{}: the game is already over ({})",
                i + 1,
                pos.status().describe()
            ));
        }
        let (best, avoid, id) =
            suite_ops(line, &pos).map_err(|e| format!("{file}:{}: {e}", i + 1))?;
        out.push(FilePosition {
            line: i + 1,
            fen: pos.fen(),
            best,
            avoid,
            id,
        });
    }
    if out.is_empty() {
        return Err(format!("{file}: no positions"));
    }
    Ok(out)
}

/// Read the positions file at `path`: EPD or FEN lines, or a PGN file (each game's last
/// position, [`super::pgn`]).
pub fn read_positions(path: &Path) -> Result<Vec<FilePosition>, String> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
    if super::pgn::looks_like_pgn(&text) {
        return super::pgn::parse_positions(&name, &text);
    }
    parse_positions(&name, &text)
}

/// The FEN of one line: six fields when the fifth and sixth are the clocks, else the first four.
fn fen_of_line(line: &str) -> Result<String, String> {
    let f: Vec<&str> = line.split_whitespace().collect();
    if f.len() < 4 {
        return Err(format!(
            "`{line}`: expected a FEN or an EPD line (at least 4 fields)"
        ));
    }
    let clocks = f.len() >= 6
        && f[4].parse::<u32>().is_ok()
        && f[5].trim_end_matches(';').parse::<u32>().is_ok();
    Ok(if clocks {
        format!("{} {}", f[..5].join(" "), f[5].trim_end_matches(';'))
    } else {
        f[..4].join(" ")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_and_epd_lines() {
        let text = "# a suite\n\
            rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n\
            \n\
            r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - bm Bxa6 O-O; am Nb1; id \"kiwi; 2\";\n";
        let ps = parse_positions("s.epd", text).unwrap();
        assert_eq!(ps.len(), 2);
        assert_eq!(ps[0].line, 2);
        assert!(ps[1].fen.ends_with(" w KQkq - 0 1"), "{}", ps[1].fen);
        assert_eq!(ps[1].line, 4);
        assert_eq!(ps[1].best, vec!["e2a6", "e1g1"]);
        assert_eq!(ps[1].avoid, vec!["c3b1"]);
        assert_eq!(ps[1].id.as_deref(), Some("kiwi; 2"));
        assert!(ps[0].best.is_empty() && ps[0].id.is_none());
        let e = parse_positions("s.epd", "4k3/8/8/8/8/8/8/R4RK1 w - - bm Rd1;").unwrap_err();
        assert!(e.starts_with("s.epd:1: bm: `Rd1` is ambiguous"), "{e}");
        let e = parse_positions("s.epd", "8/8/8/8/8/8/8/8 w - -\n").unwrap_err();
        assert!(e.starts_with("s.epd:1: "), "{e}");
        let e = parse_positions("s.epd", "# x\nnot a fen\n").unwrap_err();
        assert!(e.starts_with("s.epd:2: ") && !e.contains('\n'), "{e}");
        let e = parse_positions("s.epd", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap_err();
        assert!(
            e.contains("s.epd:1: the game is already over (stalemate)"),
            "{e}"
        );
        assert!(parse_positions("s.epd", "# only\n").is_err());
    }
}
