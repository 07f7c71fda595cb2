//! One game of a match: the engines move in turn within the budget until the rules end the
//! game; a flag that falls or an illegal move loses, with the reason. An engine that fails
//! (its process died, answered garbage or cannot choose moves) stops the match instead: its
//! games would be forfeits that say nothing of its play.

use super::record::{result_text, GameRecord};
use super::rules::{Ending, Referee, Side};
use super::{MatchPlan, Opening};
use crate::engine::{Engine, EngineError, MoveLimit};
use crate::runner::measure::{measure_choice, Clock};
use crate::stats::games::GameResult;
use crate::util::limits;
use std::time::Duration;

/// What a move may cost in a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// The budget each engine's spec names (`depth=`, `nodes=`, `playouts=`, `movetime=`).
    Spec,
    /// A clock per side: `base` at the start and `increment` added after each move; a side
    /// whose time runs out loses.
    Clock { base: Duration, increment: Duration },
}

impl Budget {
    /// The budget of an optional `--tc`: its clock, else each engine's own ([`Budget::Spec`]).
    pub fn of_tc(tc: Option<&str>) -> Result<Self, String> {
        tc.map_or(Ok(Budget::Spec), Self::parse_tc)
    }

    /// Parse `--tc`: `BASE+INC` in seconds (`10+0.1`), or `BASE` alone; the base above 0, the
    /// increment 0 or more, each at most 30 days ([`limits::MAX_SECONDS`], as every other
    /// time limit).
    pub fn parse_tc(text: &str) -> Result<Self, String> {
        let (base, inc) = text.split_once('+').unwrap_or((text, "0"));
        let secs = |s: &str| -> Result<f64, String> {
            s.trim()
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| format!("--tc `{text}`: expected BASE+INC in seconds, e.g. 10+0.1"))
        };
        let (base, inc) = (secs(base)?, secs(inc)?);
        if base == 0.0 {
            return Err(format!("--tc `{text}`: the base time must be positive"));
        }
        let what = format!("--tc `{text}`:");
        let increment = if inc == 0.0 {
            Duration::ZERO
        } else {
            limits::seconds(&format!("{what} the increment"), inc)?
        };
        Ok(Budget::Clock {
            base: limits::seconds(&format!("{what} the base"), base)?,
            increment,
        })
    }
}

/// Per-move columns of a game, collected as it goes.
#[derive(Default)]
struct MoveLog {
    /// Each move's score for its mover, for adjudication.
    values: Vec<Option<i32>>,
    moves: Vec<String>,
    nodes: Vec<String>,
    micros: Vec<String>,
    scores: Vec<String>,
    depths: Vec<String>,
}

impl MoveLog {
    /// A player's move `mv` with what its engine said of it.
    fn player(&mut self, mv: String, t: &crate::runner::measure::TimedChoice) {
        let d = &t.decision;
        self.moves.push(mv);
        self.values.push(d.value);
        self.nodes.push(or_dash(d.nodes));
        self.micros.push((t.wall_nanos / 1000).to_string());
        self.scores.push(or_dash(d.value));
        self.depths.push(or_dash(d.depth));
    }

    /// Nature's outcome as a step of the game: its text in the moves, "-" in every engine's
    /// column.
    fn nature(&mut self, outcome: String) {
        self.moves.push(outcome);
        self.values.push(None);
        for col in [
            &mut self.nodes,
            &mut self.micros,
            &mut self.scores,
            &mut self.depths,
        ] {
            col.push("-".to_string());
        }
    }
}

/// Nature's draws in a chance game: a stream seeded by the match's seed and the opening (its
/// ply and number), so that a game replays exactly and both games of a pair, and every pairing
/// on the opening, draw from the same stream (common random numbers).
struct Dice(rand_chacha::ChaCha8Rng);

impl Dice {
    fn new(seed: u64, opening: &Opening) -> Self {
        use rand_core::SeedableRng;
        let at = (u64::from(opening.ply) << 32) | u64::from(opening.index);
        let mixed = seed ^ at.wrapping_mul(0x9e37_79b9_7f4a_7c15).rotate_left(17);
        Dice(rand_chacha::ChaCha8Rng::seed_from_u64(mixed))
    }

    /// One outcome of `outcomes` (text, weight), drawn by its weight.
    fn draw(&mut self, outcomes: &[(String, u32)]) -> String {
        let total: u64 = outcomes.iter().map(|(_, w)| u64::from(*w)).sum();
        let mut left = crate::game::uniform_below(&mut self.0, total);
        for (text, w) in outcomes {
            if left < u64::from(*w) {
                return text.clone();
            }
            left -= u64::from(*w);
        }
        unreachable!("a draw below the weights' total falls in some outcome")
    }
}

fn or_dash<T: ToString>(v: Option<T>) -> String {
    v.map_or_else(|| "-".to_string(), |v| v.to_string())
}

/// Play one game from `opening`, `engines[0]` on the first side (White) and `engines[1]` on
/// the other. Tables are cleared first (`new_game`); each side has its own clock. The record's
/// pair, round, slots and engine columns are left for the caller. Errors for an opening the
/// rules refuse and for an engine that fails or cannot choose moves (a match cannot use it).
pub fn play_game(
    plan: &MatchPlan,
    opening: &Opening,
    engines: [&mut dyn Engine; 2],
) -> Result<GameRecord, String> {
    let mut referee = Referee::new(plan.game, &opening.moves)?;
    let [first, second] = engines;
    first.new_game();
    second.new_game();
    let sides: [&mut dyn Engine; 2] = [first, second];
    let mut clocks = match plan.budget {
        Budget::Clock { base, .. } => [base; 2],
        Budget::Spec => [Duration::ZERO; 2],
    };
    let mut log = MoveLog::default();
    let mut dice = Dice::new(plan.seed, opening);
    let first_moved_first = referee.to_move() == Side::First;
    let forfeit = loop {
        if referee.ending().is_some() {
            break None;
        }
        if log.moves.len() as u32 >= plan.max_plies {
            referee.adjudicate(None, "ply cap");
            break None;
        }
        if let Some(v) = plan
            .adjudication
            .judge(&log.values, first_moved_first, opening.ply)
        {
            let winner = v
                .first_wins
                .map(|f| if f { Side::First } else { Side::Second });
            referee.adjudicate(winner, v.rule);
            break None;
        }
        if let Some(outcomes) = referee.chance()? {
            let o = dice.draw(&outcomes);
            referee.play(&o)?;
            log.nature(o);
            continue;
        }
        let side = referee.to_move();
        let limit = match plan.budget {
            Budget::Spec => MoveLimit::Spec,
            Budget::Clock { increment, .. } => MoveLimit::Clock {
                own: clocks[side.index()],
                opponent: clocks[side.other().index()],
                increment,
            },
        };
        let position = referee.position();
        let engine = &mut *sides[side.index()];
        let t = match measure_choice(engine, &position, &limit, Clock::Wall) {
            Ok(t) => t,
            Err(f) if f.error == EngineError::Timeout => {
                break Some((side, "time", "time forfeit".to_string()))
            }
            Err(f) => {
                return Err(format!(
                    "engine `{}` cannot play position `{position}`: {}",
                    engine.spec(),
                    f.error
                ))
            }
        };
        if let Budget::Clock { increment, .. } = plan.budget {
            let used = Duration::from_nanos(t.wall_nanos);
            let left = &mut clocks[side.index()];
            if used > *left {
                break Some((
                    side,
                    "time",
                    format!("time forfeit ({} ms over)", (used - *left).as_millis()),
                ));
            }
            *left = *left - used + increment;
        }
        let mv = t.decision.best.as_str().to_string();
        if let Err(e) = referee.play(&mv) {
            break Some((side, "illegal", format!("illegal move {mv} ({e})")));
        }
        log.player(mv, &t);
    };
    let (result, termination, reason) = outcome(forfeit, referee.ending());
    Ok(GameRecord {
        opening_ply: opening.ply,
        opening_index: opening.index,
        opening: opening.moves.clone(),
        result: result_text(result).to_string(),
        termination: termination.to_string(),
        reason,
        plies: log.moves.len() as u32,
        moves: log.moves.join(" "),
        nodes: log.nodes.join(" "),
        micros: log.micros.join(" "),
        scores: log.scores.join(" "),
        depths: log.depths.join(" "),
        ..GameRecord::default()
    })
}

/// The first side's result, the termination and the reason of a game that ended by `forfeit`
/// (the side that lost, the termination, the reason) or else by `ending`.
fn outcome(
    forfeit: Option<(Side, &'static str, String)>,
    ending: Option<Ending>,
) -> (GameResult, &'static str, String) {
    match (forfeit, ending) {
        (Some((loser, kind, reason)), _) => (first_result(Some(loser.other())), kind, reason),
        (None, Some(Ending { winner, rule })) => {
            let kind = if rule == "ply cap" || rule.ends_with("adjudication") {
                "adjudication"
            } else {
                "rules"
            };
            (first_result(winner), kind, rule.to_string())
        }
        (None, None) => unreachable!("the loop ends with an ending or a forfeit"),
    }
}

/// The first side's result when `winner` won (`None`: a draw).
fn first_result(winner: Option<Side>) -> GameResult {
    match winner {
        Some(Side::First) => GameResult::Win,
        Some(Side::Second) => GameResult::Loss,
        None => GameResult::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Decision, MoveText, Solve};

    /// An engine that answers every position with the same move, or the same error.
    struct Fixed(Result<&'static str, EngineError>);

    impl Engine for Fixed {
        fn spec(&self) -> String {
            "fixed".into()
        }
        fn game(&self) -> GameKind {
            GameKind::TicTacToe
        }
        fn reset(&mut self) {}
        fn solve(&mut self, _: &str) -> Result<Solve, EngineError> {
            Err(EngineError::Unsupported("solve".into()))
        }
        fn choose(&mut self, _: &str, _: &MoveLimit) -> Result<Decision, EngineError> {
            let mv = self.0.clone()?;
            Ok(Decision::of_move(MoveText::new(mv).unwrap()))
        }
    }

    use crate::engine::GameKind;

    fn plan() -> MatchPlan {
        MatchPlan {
            game: GameKind::TicTacToe,
            engines: vec!["fixed".into(), "fixed".into()],
            gauntlet: false,
            seed: 1,
            openings: Vec::new(),
            budget: Budget::Spec,
            max_plies: 9,
            adjudication: Default::default(),
        }
    }

    fn opening(moves: &str) -> Opening {
        Opening {
            ply: moves.len() as u32,
            index: 0,
            moves: moves.into(),
        }
    }

    #[test]
    fn an_illegal_move_or_a_failure_loses_with_its_reason() {
        // X is to move at "12" and plays the taken cell 1
        let (mut x, mut o) = (Fixed(Ok("1")), Fixed(Ok("9")));
        let r = play_game(&plan(), &opening("12"), [&mut x, &mut o]).unwrap();
        assert_eq!(
            (r.result.as_str(), r.termination.as_str(), r.plies),
            ("0-1", "illegal", 0)
        );
        assert!(r.reason.starts_with("illegal move 1"), "{}", r.reason);
        // O (second) fails at its first move: not a result, the match stops
        let (mut x, mut o) = (
            Fixed(Ok("5")),
            Fixed(Err(EngineError::Failure("crashed".into()))),
        );
        let e = play_game(&plan(), &opening("12"), [&mut x, &mut o]).unwrap_err();
        assert!(e.contains("crashed") && e.contains("`fixed`"), "{e}");
        // a loss on time stays a result
        let (mut x, mut o) = (Fixed(Ok("5")), Fixed(Err(EngineError::Timeout)));
        let r = play_game(&plan(), &opening("12"), [&mut x, &mut o]).unwrap();
        assert_eq!((r.result.as_str(), r.termination.as_str()), ("1-0", "time"));
        // an engine that cannot choose stops the match
        let (mut x, mut o) = (
            Fixed(Err(EngineError::Unsupported("no".into()))),
            Fixed(Ok("9")),
        );
        assert!(play_game(&plan(), &opening("12"), [&mut x, &mut o]).is_err());
    }

    #[test]
    fn the_ply_cap_draws_by_adjudication_and_tc_parses() {
        let mut p = plan();
        p.max_plies = 1;
        let (mut x, mut o) = (Fixed(Ok("5")), Fixed(Ok("9")));
        let r = play_game(&p, &opening("12"), [&mut x, &mut o]).unwrap();
        assert_eq!(
            (r.result.as_str(), r.termination.as_str(), r.plies),
            ("1/2-1/2", "adjudication", 1)
        );
        assert_eq!(
            Budget::parse_tc("10+0.1"),
            Ok(Budget::Clock {
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100)
            })
        );
        assert!(Budget::parse_tc("0+1").is_err() && Budget::parse_tc("x").is_err());
        // past 30 days: refused with the range, never a panic (was exit 101)
        for tc in ["1e20", "1+1e19", "1+5e18", "2592001", "inf", "1+nan"] {
            let e = Budget::parse_tc(tc).unwrap_err();
            assert!(e.contains(tc), "{tc}: {e}");
        }
        assert!(Budget::parse_tc("2592000+2592000").is_ok());
    }
}
