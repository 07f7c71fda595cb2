//! Served games: a game whose rules another process answers over a line protocol, as `ext:`
//! engines answer searches (`treebench --game-server 'COMMAND' …`; docs/game-protocol.md).
//! `scripts/openspiel_game.py` serves any of OpenSpiel's two-player, perfect-information,
//! deterministic games this way.
//!
//! The protocol, one request line and one answer line, fields of an answer separated by tabs:
//!
//! | request | answer |
//! |---|---|
//! | `treebench-game 1` | `game NAME MAX_PLY` |
//! | `start` | a node line: the start position |
//! | `position TEXT` | a node line: the position TEXT names, or `error MESSAGE` |
//! | `play MOVE TEXT` | a node line: the position after MOVE at TEXT, or `error MESSAGE` |
//! | `quit` | (none: the server exits) |
//!
//! A node line is `node<TAB>TEXT<TAB>PLAYER<TAB>KEY<TAB>EVAL<TAB>END<TAB>MOVES`: the position's
//! text (no tab), the player to move (0 or 1), a 64-bit key in hex, the static evaluation for the
//! player to move, `-` while the game goes on or the final value for the player to move, and the
//! legal moves as words separated by spaces. Values are integers inside `±`[`VALUE_LIMIT`].
//!
//! [`Served`] is the game of the generic core: a position ([`Node`]) holds what its node line
//! said, and the children fetched so far, so a search asks the server once for each child of a
//! node it reaches however often it comes back (iterative deepening, MTD(f)'s probes); a new root
//! starts with nothing fetched, so every solve pays for its own requests. The server answers one
//! request at a time (searches on several threads wait for each other). Moves must alternate: a
//! move after which the same player moves again stops the command (the negamax core cannot
//! search it). A server that dies, hangs past [`ANSWER_WAIT`] or answers garbage in the middle
//! of a search stops the command with one line naming the request (exit 2).

use super::open::OpenGame;
use super::search::{MoveList, SearchGame, MAX_MOVES};
use crate::util::process::Running;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

/// Every value a server gives (final, evaluation) lies strictly inside `±VALUE_LIMIT`.
pub const VALUE_LIMIT: i32 = 1000;

/// The longest wait for one answer (a server that takes longer is taken as hung).
pub const ANSWER_WAIT: Duration = Duration::from_secs(60);

/// A position of a served game: its node line, and the children fetched so far.
#[derive(Debug)]
pub struct Node {
    /// The position's text (what `position` reads back).
    pub text: String,
    /// The player to move, 0 or 1.
    pub player: u8,
    /// The server's key.
    pub key: u64,
    /// The static evaluation for the player to move.
    pub eval: i32,
    /// The final value for the player to move, if the game is over.
    pub end: Option<i32>,
    /// The legal moves as text.
    pub moves: Box<[String]>,
    children: Box<[OnceLock<Arc<Node>>]>,
}

/// The served game's connection and what it said of itself.
struct Server {
    name: &'static str,
    max_ply: u32,
    command: String,
    proc: Mutex<Running>,
    requests: AtomicU64,
    wait_nanos: AtomicU64,
}

static SERVER: OnceLock<Server> = OnceLock::new();

/// What a game server said of its game at the handshake.
#[derive(Debug, Clone, Copy)]
pub struct Handshake {
    /// The game's name (a-z, 0-9, `_`).
    pub name: &'static str,
    /// Its longest game in plies.
    pub max_ply: u32,
}

/// Requests answered so far and the total time waited for them.
#[must_use]
pub fn requests() -> (u64, Duration) {
    SERVER.get().map_or((0, Duration::ZERO), |s| {
        (
            s.requests.load(Ordering::Relaxed),
            Duration::from_nanos(s.wait_nanos.load(Ordering::Relaxed)),
        )
    })
}

/// The name of the connected server's game, if any.
#[must_use]
pub fn name() -> Option<&'static str> {
    SERVER.get().map(|s| s.name)
}

/// The command of the connected server, if any.
#[must_use]
pub fn command() -> Option<&'static str> {
    SERVER.get().map(|s| s.command.as_str())
}

/// Start the game server `command` (words split at spaces, `'…'` and `"…"` quoting a word) and
/// read its handshake. One server a process: connecting again with the same command returns
/// the first handshake; another command is refused.
pub fn connect(command: &str) -> Result<Handshake, String> {
    if let Some(s) = SERVER.get() {
        return if s.command == command {
            Ok(Handshake {
                name: s.name,
                max_ply: s.max_ply,
            })
        } else {
            Err(format!(
                "one game server a process: `{}` is already connected",
                s.command
            ))
        };
    }
    let argv = shell_words::split(command)
        .map_err(|e| format!("--game-server `{command}`: cannot split the command line: {e}"))?;
    if argv.is_empty() {
        return Err("--game-server: an empty command".into());
    }
    let mut proc = Running::spawn(&argv)?;
    let fail = |proc: &mut Running, why: String| {
        let how = proc.kill_and_describe("after a bad handshake");
        format!("game server `{command}`: {why} ({how})")
    };
    let line = match ask(&mut proc, "treebench-game 1") {
        Ok(l) => l,
        Err(why) => return Err(fail(&mut proc, why)),
    };
    let (name, max_ply) = match parse_handshake(&line) {
        Ok(h) => h,
        Err(why) => return Err(fail(&mut proc, why)),
    };
    let name: &'static str = Box::leak(name.into_boxed_str());
    let server = Server {
        name,
        max_ply,
        command: command.to_string(),
        proc: Mutex::new(proc),
        requests: AtomicU64::new(0),
        wait_nanos: AtomicU64::new(0),
    };
    let _ = SERVER.set(server);
    Ok(Handshake { name, max_ply })
}

/// `game NAME MAX_PLY`.
fn parse_handshake(line: &str) -> Result<(String, u32), String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words[..] {
        ["game", name, max_ply] => {
            let ok = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
            if !ok {
                return Err(format!("game name `{name}`: use only a-z, 0-9, `_`"));
            }
            let max_ply = max_ply
                .parse()
                .ok()
                .filter(|&p: &u32| (1..=<Served as OpenGame>::MAX_PLY).contains(&p))
                .ok_or_else(|| {
                    format!(
                        "`{max_ply}` is not a longest game of 1 to {} plies",
                        <Served as OpenGame>::MAX_PLY
                    )
                })?;
            Ok((name.to_string(), max_ply))
        }
        _ => Err(format!(
            "answered `{line}` to the handshake, want `game NAME MAX_PLY`"
        )),
    }
}

/// Send one request and read its answer line (trimmed).
fn ask(proc: &mut Running, request: &str) -> Result<String, String> {
    proc.send(&format!("{request}\n"), false)
        .map_err(|e| format!("cannot write `{request}`: {e}"))?;
    match proc.recv(Some(ANSWER_WAIT)) {
        Ok(line) => Ok(line.trim_end_matches(['\n', '\r']).to_string()),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Err(format!(
            "no answer to `{request}` within {} s",
            ANSWER_WAIT.as_secs()
        )),
        Err(_) => Err(format!("ended before answering `{request}`")),
    }
}

/// One request to the connected server: its node, or the server's `error` message (`Ok(Err)`);
/// `Err` for a failed server (dead, hung, garbage).
fn request(line: &str) -> Result<Result<Node, String>, String> {
    let server = SERVER
        .get()
        .ok_or("no game server is connected (--game-server)")?;
    let mut proc = server.proc.lock().unwrap_or_else(|e| e.into_inner());
    let started = Instant::now();
    let answer = ask(&mut proc, line);
    let waited = u64::try_from(started.elapsed().as_nanos()).unwrap_or(u64::MAX);
    server.requests.fetch_add(1, Ordering::Relaxed);
    server.wait_nanos.fetch_add(waited, Ordering::Relaxed);
    let described = |proc: &mut Running, why: String| {
        let how = proc.kill_and_describe("after a failed request");
        format!("game server `{}`: {why} ({how})", server.command)
    };
    let answer = match answer {
        Ok(a) => a,
        Err(why) => return Err(described(&mut proc, why)),
    };
    if let Some(msg) = answer.strip_prefix("error") {
        return Ok(Err(msg.trim().to_string()));
    }
    parse_node(&answer).map(Ok).map_err(|why| {
        described(
            &mut proc,
            format!("answered `{line}` with `{answer}`: {why}"),
        )
    })
}

/// A node line.
fn parse_node(line: &str) -> Result<Node, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let ["node", text, player, key, eval, end, moves] = fields[..] else {
        return Err("not a node line (node TEXT PLAYER KEY EVAL END MOVES, tab-separated)".into());
    };
    let player = match player {
        "0" => 0,
        "1" => 1,
        p => return Err(format!("player `{p}` is not 0 or 1")),
    };
    let key = u64::from_str_radix(key, 16).map_err(|_| format!("key `{key}` is not hex"))?;
    let value = |v: &str| {
        v.parse::<i32>()
            .ok()
            .filter(|v| v.abs() < VALUE_LIMIT)
            .ok_or_else(|| format!("`{v}` is not an integer value inside ±{VALUE_LIMIT}"))
    };
    let eval = value(eval)?;
    let end = if end == "-" { None } else { Some(value(end)?) };
    let moves: Box<[String]> = moves.split_whitespace().map(String::from).collect();
    if text.is_empty() {
        return Err("an empty position text".into());
    }
    if end.is_none() && moves.is_empty() {
        return Err("a position that goes on without a legal move".into());
    }
    if moves.len() > MAX_MOVES {
        return Err(format!("{} moves (at most {MAX_MOVES})", moves.len()));
    }
    if let Some(bad) = moves
        .iter()
        .find(|m| m.len() > 8 || m.contains(':') || !m.is_ascii())
    {
        return Err(format!(
            "move `{bad}` is not a word of 1 to 8 ASCII characters without `:`"
        ));
    }
    let children = (0..moves.len()).map(|_| OnceLock::new()).collect();
    Ok(Node {
        text: text.to_string(),
        player,
        key,
        eval,
        end,
        moves,
        children,
    })
}

/// A server failure in the middle of a search: one line on stderr, the server killed, exit 2
/// (the search has no way to return an error, and nothing it would return is true).
fn fatal(why: &str) -> ! {
    eprintln!("error: {why}");
    std::process::exit(crate::util::exit::BAD_INPUT)
}

/// A node the search needs, or [`fatal`].
fn needed(line: &str) -> Node {
    match request(line) {
        Ok(Ok(node)) => node,
        Ok(Err(msg)) => fatal(&format!(
            "game server `{}`: refused `{line}`: {msg}",
            command().unwrap_or("?")
        )),
        Err(why) => fatal(&why),
    }
}

/// The served game of the generic core (see the module documentation). Its name, longest game
/// and default depth are the server's: the command line's entry carries them
/// (`cli::entry::served`); the constants below are only what the type needs.
#[derive(Debug, Clone, Copy, Default)]
pub struct Served;

impl SearchGame for Served {
    type State = Arc<Node>;
    type Move = u16;
    const BOUND: i32 = VALUE_LIMIT;
    const HISTORY_SIZE: usize = MAX_MOVES;

    fn parse(&self, text: &str) -> Result<Arc<Node>, String> {
        if text.contains(['\t', '\n']) {
            return Err(format!("`{text}`: a position's text has no tab or newline"));
        }
        match request(&format!("position {text}"))? {
            Ok(node) => Ok(Arc::new(node)),
            Err(msg) => Err(format!("`{text}`: {msg}")),
        }
    }
    fn key(&self, s: &Arc<Node>) -> u64 {
        s.key
    }
    fn terminal(&self, s: &Arc<Node>, _ply: u32) -> Option<i32> {
        s.end
    }
    fn moves(&self, s: &Arc<Node>, out: &mut MoveList<u16>) {
        (0..s.moves.len()).for_each(|i| out.push(i as u16));
    }
    fn play(&self, s: &Arc<Node>, m: u16) -> Arc<Node> {
        let slot = &s.children[usize::from(m)];
        Arc::clone(slot.get_or_init(|| {
            let child = needed(&format!("play {} {}", s.moves[usize::from(m)], s.text));
            if child.end.is_none() && child.player == s.player {
                fatal(&format!(
                    "game server `{}`: after `{}` at `{}` player {} moves again; the generic core needs moves that alternate",
                    command().unwrap_or("?"),
                    s.moves[usize::from(m)],
                    s.text,
                    s.player
                ));
            }
            Arc::new(child)
        }))
    }
    fn evaluate(&self, s: &Arc<Node>) -> i32 {
        s.eval
    }
    fn move_index(&self, m: u16) -> usize {
        usize::from(m)
    }
    fn move_text(&self, s: &Arc<Node>, m: u16) -> String {
        s.moves[usize::from(m)].clone()
    }
    fn parse_move(&self, s: &Arc<Node>, text: &str) -> Option<u16> {
        let i = s.moves.iter().position(|m| m == text)?;
        u16::try_from(i).ok()
    }
}

impl OpenGame for Served {
    const NAME: &'static str = "served";
    /// Not the game's: the entry's [`super::open::GameDef::max_ply`] is the server's, at most
    /// this (OpenSpiel's longest is `cursor_go`'s 72,922 plies; chess's is 17,695).
    const MAX_PLY: u32 = 100_000;
    const END_IN_REACH: bool = false;
    const VERIFY_PLIES: u32 = 24;
    /// A node is a request (tens of microseconds): 20,000 nodes take about a second.
    const END_BUDGET: u64 = 20_000;
    /// Each walked position costs a request for itself and two for each of its moves.
    const WALK_POSITIONS: usize = 2_000;
    /// Depth 3: a depth-4 tree of a 20-move game is 160,000 requests a position.
    const CHECK_DEPTH: (u32, bool) = (3, false);
    fn start(&self) -> Arc<Node> {
        Arc::new(needed("start"))
    }
    fn text(&self, s: &Arc<Node>) -> String {
        s.text.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_lines_are_read_and_refused() {
        let n = parse_node("node\tos:4,0\t0\tff01\t0\t-\ta1 b2 c3").unwrap();
        assert_eq!(
            (n.player, n.key, n.end, n.moves.len()),
            (0, 0xff01, None, 3)
        );
        let end = parse_node("node\tos:1,2,3\t1\t1\t0\t-1\t").unwrap();
        assert_eq!(end.end, Some(-1));
        for bad in [
            "node\tx\t2\t1\t0\t-\ta",
            "node\tx\t0\tzz\t0\t-\ta",
            "node\tx\t0\t1\t0\t-\t",
            "node\tx\t0\t1\t1000\t-\ta",
            "node\tx\t0\t1\t0\t-\tmove:1",
            "node x 0 1 0 - a",
        ] {
            assert!(parse_node(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_handshake("game hex3 9").unwrap(), ("hex3".into(), 9));
        assert!(parse_handshake("game Hex 9").is_err());
        assert!(parse_handshake("game hex 0").is_err());
        assert!(parse_handshake("hello").is_err());
    }
}
