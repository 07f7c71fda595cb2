//! GTP engines (the Go Text Protocol): `gtp[OPTIONS]:COMMAND LINE` runs any program that speaks
//! GTP version 2 (GNU Go: `gtp:/usr/games/gnugo --mode gtp --level 1`) as a registry engine that
//! plays one of treebench's Go games (`match`, `gate`). The process, its stderr tail and its
//! process group are those of `ext:` engines ([`super::external`]).
//!
//! Options (comma-separated, in brackets): `game=NAME` (`go9` default; `go2`..`go5`, `go13`,
//! `go19`; `othello`, [`othello`]: the engine keeps the game's moves), the board and komi sent
//! (no komi for Othello); `timeout=SECS` (or `off`) the longest wait for one answer (default: the
//! environment's `TREEBENCH_EXT_TIMEOUT`, else none).
//!
//! The conversation: on start `boardsize N` and `komi K` (a `?` answer: the engine cannot play
//! this game, a failure), then `known_command time_settings` and `known_command time_left`;
//! for every move `clear_board`, `play B|W VERTEX` for each move of the
//! game so far and `genmove B|W`, written at once and answered in order (so the engine needs
//! no state of its own between moves); under a clock (`--tc`) `time_settings OWN INC 1` and
//! `time_left COLOUR OWN 0` (whole seconds; the increment as a byo-yomi of one stone) come
//! before `genmove` when the engine knows both commands; an engine that does not is timed and
//! flagged all the same, and says so ([`Engine::clock_note`], printed with the match). `resign` is played as `pass` (the game goes on and is
//! counted by area). A vertex that is not a legal move of treebench's rules (positional superko
//! included) is played and loses the game as an illegal move (the match's referee); a `?`
//! answer, an answer that is not a vertex, a crash or no answer in time is an
//! [`EngineError::Failure`] (a time limit: [`EngineError::Timeout`]) naming the command; the
//! process group is killed and a new process started on the next move. A GTP engine chooses
//! moves only: `solve` answers [`EngineError::Unsupported`].

pub mod othello;

use super::external::process::{answer_wait, Running};
use super::external::spec::{env_timeout, options_and_command, parse_timeout, split_words};
use super::spec::SpecError;
use super::{Decision, Engine, EngineError, GameKind, MoveLimit, MoveText, Solve};
use crate::game::open::Status;
use std::sync::mpsc::RecvTimeoutError;
use std::time::{Duration, Instant};

/// A parsed `gtp` spec.
#[derive(Debug, Clone)]
pub struct GtpConfig {
    /// The spec as written (the engine's name in records).
    pub spec: String,
    /// Program and arguments.
    pub argv: Vec<String>,
    /// The game played (`go9`, `othello`).
    pub game: &'static str,
    /// The board's side.
    pub size: usize,
    /// Komi sent (the game's own).
    pub komi: i32,
    /// Longest wait for one answer; `None` = no limit.
    pub timeout: Option<Duration>,
}

/// The games a GTP engine plays: name, side, komi.
const GAMES: [(&str, usize, i32); 8] = [
    ("othello", 8, 0),
    ("go2", 2, 0),
    ("go3", 3, 0),
    ("go4", 4, 0),
    ("go5", 5, 0),
    ("go9", 9, 7),
    ("go13", 13, 7),
    ("go19", 19, 7),
];

impl GtpConfig {
    /// Parse `gtp[opts]:command`; `Ok(None)` when the spec is not a `gtp` spec.
    pub fn parse(spec: &str) -> Result<Option<Self>, SpecError> {
        let Some(rest) = spec.strip_prefix("gtp") else {
            return Ok(None);
        };
        let bad = |m: String| SpecError(format!("engine `{spec}`: {m}"));
        let Some((opts, command)) = options_and_command(rest).map_err(bad)? else {
            return Ok(None);
        };
        let mut timeout = env_timeout().map_err(bad)?;
        let mut game = GAMES[5];
        for opt in opts.split(',').map(str::trim).filter(|o| !o.is_empty()) {
            match opt.split_once('=') {
                Some(("timeout", v)) => timeout = parse_timeout(v.trim()).map_err(bad)?,
                Some(("game", v)) => {
                    game = *GAMES.iter().find(|g| g.0 == v.trim()).ok_or_else(|| {
                        bad(format!(
                            "unknown game `{v}` (GTP plays go2, go3, go4, go5, go9, go13, go19, \
                             othello)"
                        ))
                    })?;
                }
                _ => {
                    return Err(bad(format!(
                        "unknown option `{opt}` (game=NAME, timeout=SECS)"
                    )))
                }
            }
        }
        let argv = split_words(command).map_err(bad)?;
        if argv.is_empty() {
            return Err(bad("no command line after `:`".into()));
        }
        Ok(Some(GtpConfig {
            spec: spec.to_string(),
            argv,
            game: game.0,
            size: game.1,
            komi: game.2,
            timeout,
        }))
    }
}

/// A GTP engine in another process (see the module documentation).
pub struct GtpEngine {
    cfg: GtpConfig,
    proc: Option<Running>,
    limit: Option<Duration>,
    current: String,
    /// Whether the engine knows `time_settings` and `time_left` (asked by `known_command` at
    /// start; `None` before the first start).
    knows_clock: Option<bool>,
    /// Othello: the game's moves as far as known.
    trail: othello::Trail,
}

/// How reading one answer ended badly.
enum Wait {
    Timeout(Duration),
    Closed,
}

impl GtpEngine {
    /// An engine for this configuration; the process starts on the first move.
    #[must_use]
    pub fn new(cfg: GtpConfig) -> Self {
        Self {
            cfg,
            proc: None,
            limit: None,
            current: String::new(),
            knows_clock: None,
            trail: othello::Trail::default(),
        }
    }

    fn othello(&self) -> bool {
        self.cfg.game == "othello"
    }

    fn command(&self) -> String {
        self.cfg.argv.join(" ")
    }

    /// Kill the process (`why`: treebench's reason) and describe the failure.
    fn fail(&mut self, what: &str, why: &str) -> EngineError {
        let how = self
            .proc
            .as_mut()
            .map(|p| p.kill_and_describe(why))
            .unwrap_or_default();
        self.proc = None;
        EngineError::Failure(format!(
            "`{}` {what} on position `{}` ({how}); it is restarted on the next move",
            self.command(),
            self.current
        ))
    }

    /// The process closed its output: describe how it ended.
    fn closed(&mut self, what: &str) -> EngineError {
        let how = self
            .proc
            .as_mut()
            .map(Running::wait_and_describe)
            .unwrap_or_default();
        self.proc = None;
        EngineError::Failure(format!(
            "`{}` closed its output {what} on position `{}` ({how}); it is restarted on the next move",
            self.command(),
            self.current
        ))
    }

    /// Read one GTP answer (`=` or `?` up to the empty line that ends it) within `wait` of
    /// `start`: `Ok(Ok(text))` for `= text`, `Ok(Err(text))` for `? text`.
    fn answer(
        &self,
        start: Instant,
        wait: Option<Duration>,
    ) -> Result<Result<String, String>, Wait> {
        let p = self.proc.as_ref().expect("running");
        let mut got: Option<(bool, String)> = None;
        loop {
            let left = wait.map(|w| w.saturating_sub(start.elapsed()));
            let line = match p.recv(left) {
                Ok(l) => l,
                Err(RecvTimeoutError::Timeout) => return Err(Wait::Timeout(start.elapsed())),
                Err(RecvTimeoutError::Disconnected) => return Err(Wait::Closed),
            };
            let line = line.trim_end();
            match &mut got {
                None if line.is_empty() => {}
                None => {
                    let ok = line.starts_with('=');
                    let text = line.trim_start_matches(['=', '?']).trim_start();
                    let text = text.trim_start_matches(|c: char| c.is_ascii_digit()).trim();
                    got = Some((ok, text.to_string()));
                }
                Some((ok, text)) if line.is_empty() => {
                    let text = std::mem::take(text);
                    return Ok(if *ok { Ok(text) } else { Err(text) });
                }
                Some((_, text)) => {
                    text.push('\n');
                    text.push_str(line);
                }
            }
        }
    }

    /// Write `commands` (one a line) at once and read their answers in order within `wait`;
    /// the last answer's text.
    fn run(&mut self, commands: &[String], wait: Option<Duration>) -> Result<String, EngineError> {
        let start = Instant::now();
        self.send(commands)?;
        let mut last = String::new();
        for c in commands {
            match self.read(c, start, wait)? {
                Ok(t) => last = t,
                Err(t) => {
                    return Err(self.fail(&format!("answered `? {t}` to `{c}`"), "of that answer"))
                }
            }
        }
        Ok(last)
    }

    /// Write `commands`, one a line, at once.
    fn send(&mut self, commands: &[String]) -> Result<(), EngineError> {
        let text: String = commands.iter().map(|c| format!("{c}\n")).collect();
        match self.proc.as_mut().expect("running").send(&text, false) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.fail(
                &format!("could not be written to ({e})"),
                "its input closed",
            )),
        }
    }

    /// Read the answer to the command `c` within `wait` of `start`: `Ok(Ok(text))` for `=`,
    /// `Ok(Err(text))` for `?`; no answer in time or a closed output is an error.
    fn read(
        &mut self,
        c: &str,
        start: Instant,
        wait: Option<Duration>,
    ) -> Result<Result<String, String>, EngineError> {
        match self.answer(start, wait) {
            Ok(a) => Ok(a),
            Err(Wait::Timeout(t)) => {
                if self.limit.is_some_and(|l| t > l) {
                    let _ = self.fail("exceeded the time limit", "at the time limit");
                    return Err(EngineError::Timeout);
                }
                let what = format!("gave no answer to `{c}` within {:.1} s", t.as_secs_f64());
                Err(self.fail(&what, "it did not answer in time"))
            }
            Err(Wait::Closed) => Err(self.closed(&format!("before answering `{c}`"))),
        }
    }

    /// Whether the engine knows each of `commands` (`known_command`, a required command of GTP
    /// version 2: `true` is known; `false`, a `?` answer or any other text is not).
    fn knows(&mut self, commands: &[&str], wait: Option<Duration>) -> Result<bool, EngineError> {
        let asks: Vec<String> = commands
            .iter()
            .map(|c| format!("known_command {c}"))
            .collect();
        let start = Instant::now();
        self.send(&asks)?;
        let mut all = true;
        for c in &asks {
            all &= self.read(c, start, wait)?.is_ok_and(|t| t.trim() == "true");
        }
        Ok(all)
    }

    /// Start the process: `boardsize` and `komi`.
    fn launch(&mut self) -> Result<(), EngineError> {
        self.proc = Some(Running::spawn(&self.cfg.argv).map_err(EngineError::Failure)?);
        let mut setup = vec![format!("boardsize {}", self.cfg.size)];
        if !self.othello() {
            setup.push(format!("komi {}", self.cfg.komi));
        }
        let wait = self.cfg.timeout.or(Some(Duration::from_secs(30)));
        self.run(&setup, wait)?;
        self.knows_clock = Some(self.knows(&["time_settings", "time_left"], wait)?);
        Ok(())
    }

    fn choose_inner(&mut self, moves: &str, limit: &MoveLimit) -> Result<Decision, EngineError> {
        let def = match GameKind::parse(self.cfg.game) {
            Ok(GameKind::Open(def)) => def,
            _ => {
                return Err(EngineError::Failure(format!(
                    "{} is not registered",
                    self.cfg.game
                )))
            }
        };
        match (def.rules)(moves).map_err(EngineError::BadPosition)? {
            Status::Moves(_) => {}
            _ => return Err(EngineError::BadPosition("the game is already over".into())),
        }
        let played: Vec<String> = if self.othello() {
            self.trail
                .moves_to(moves)
                .map_err(EngineError::BadPosition)?
        } else {
            let go = crate::game::go::text::moves_of(self.cfg.size, moves);
            go.map_err(EngineError::BadPosition)?
                .into_iter()
                .map(String::from)
                .collect()
        };
        if self.proc.is_none() {
            self.launch()?;
        }
        let colour = |i: usize| if i % 2 == 0 { "B" } else { "W" };
        let mut commands = vec!["clear_board".to_string()];
        for (i, m) in played.iter().enumerate() {
            // an Othello pass is not sent (gtp-rhino refuses `play B pass`): each `play` names
            // its colour
            if !(self.othello() && m == "pass") {
                commands.push(format!("play {} {m}", colour(i)));
            }
        }
        let me = colour(played.len());
        let deadline = match *limit {
            MoveLimit::Spec => self.limit,
            MoveLimit::Clock { own, increment, .. } => {
                // the clock as GTP v2 says it: Fischer's increment as a byo-yomi of one stone;
                // an engine that knows no time commands is timed all the same
                if self.knows_clock == Some(true) {
                    let (own_s, inc_s) = (own.as_secs_f64(), increment.as_secs_f64());
                    commands.push(format!("time_settings {own_s:.0} {inc_s:.0} 1"));
                    commands.push(format!("time_left {me} {own_s:.0} 0"));
                }
                Some(own)
            }
        };
        commands.push(format!("genmove {me}"));
        let t0 = Instant::now();
        let answer = self.run(&commands, answer_wait(self.cfg.timeout, deadline))?;
        let round_trip = t0.elapsed();
        let mv = match answer.to_ascii_lowercase().as_str() {
            "resign" | "pass" => "pass".to_string(),
            a if self.othello() => a.to_string(),
            _ => answer.to_ascii_uppercase(),
        };
        let vertex = if self.othello() {
            crate::game::othello::Othello8::parse_square(&mv).is_some()
        } else {
            crate::game::go::text::parse_point(self.cfg.size, &mv).is_some()
        };
        if !vertex {
            return Err(self.fail(
                &format!("answered `genmove` with `{answer}`, not a vertex of this board"),
                "of that answer",
            ));
        }
        if self.othello() {
            self.trail.played(&mv);
        }
        let best = MoveText::new(&mv)
            .ok_or_else(|| self.fail(&format!("answered the move `{mv}`"), "of that answer"))?;
        Ok(Decision {
            reported_nanos: Some(round_trip.as_nanos() as u64),
            ..Decision::of_move(best)
        })
    }
}

impl Engine for GtpEngine {
    fn spec(&self) -> String {
        self.cfg.spec.clone()
    }

    fn game(&self) -> GameKind {
        GameKind::parse(self.cfg.game).unwrap_or(GameKind::Chess)
    }

    /// `clear_board` is sent before every move.
    fn reset(&mut self) {}

    fn solve(&mut self, _moves: &str) -> Result<Solve, EngineError> {
        Err(EngineError::Unsupported(format!(
            "engine `{}` (GTP) chooses moves but has no score of a position: use it in `match`",
            self.cfg.spec
        )))
    }

    fn set_time_limit(&mut self, limit: Option<Duration>) {
        self.limit = limit;
    }

    fn choose(&mut self, moves: &str, limit: &MoveLimit) -> Result<Decision, EngineError> {
        moves.clone_into(&mut self.current);
        self.choose_inner(moves, limit)
    }

    fn start(&mut self) -> Result<(), EngineError> {
        if self.proc.is_none() {
            self.current = "(start)".into();
            self.launch()?;
        }
        Ok(())
    }

    fn external(&self) -> bool {
        true
    }

    fn may_keep_tables(&self) -> bool {
        true
    }

    fn clock_note(&self) -> Option<String> {
        (self.knows_clock == Some(false)).then(|| {
            format!(
                "engine `{}` knows no `time_settings`/`time_left` (GTP `known_command`): its \
                 clock was not passed to it; it played at its own pace and was timed all the same",
                self.cfg.spec
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse() {
        let c = GtpConfig::parse("gtp[game=go5,timeout=9]:gnugo --mode gtp")
            .unwrap()
            .unwrap();
        assert_eq!((c.game, c.size, c.komi), ("go5", 5, 0));
        assert_eq!(c.argv, ["gnugo", "--mode", "gtp"]);
        assert_eq!(c.timeout, Some(Duration::from_secs(9)));
        let c = GtpConfig::parse("gtp[game=othello]:gtp-rhino")
            .unwrap()
            .unwrap();
        assert_eq!((c.game, c.size), ("othello", 8));
        let c = GtpConfig::parse("gtp:gnugo").unwrap().unwrap();
        assert_eq!((c.game, c.komi), ("go9", 7));
        assert!(GtpConfig::parse("gtp[game=go21]:x").is_err());
        assert!(GtpConfig::parse("gtp[bogus]:x").is_err());
        assert!(GtpConfig::parse("gtp:").is_err());
        assert!(GtpConfig::parse("go9-uct").unwrap().is_none());
    }
}
