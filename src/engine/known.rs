//! `known:FILE`: a known-values file as an engine of a game added in one file, so that it can be
//! the exact referee of quality runs where a search to the end is out of reach. A position's
//! value is the file's; every move's value is minus the value of the position after it (the
//! file's, or the game's own value where that position is finished), so the file must hold the
//! positions one move after those it judges. A position the file lacks is an error naming it.

use super::{Decision, Engine, EngineError, GameKind, MoveText, Solve};
use crate::game::open::{read_known_values, Status};
use crate::game::GameDef;
use std::collections::HashMap;

/// A known-values file read for the game `def`.
pub struct KnownEngine {
    spec: String,
    def: &'static GameDef,
    values: HashMap<String, i32>,
}

impl KnownEngine {
    /// The engine of `spec` (`known:FILE`) for `game`; an error for another kind of game or a
    /// file that does not read.
    pub fn new(spec: &str, game: GameKind) -> Result<Self, String> {
        let path = spec.strip_prefix("known:").unwrap_or(spec);
        let GameKind::Open(def) = game else {
            return Err(format!(
                "engine `{spec}`: a known-values file judges games added in one file, not {game}"
            ));
        };
        if def.chance {
            return Err(format!(
                "engine `{spec}`: a known-values file holds integer values; {} is a chance game",
                def.name
            ));
        }
        let values = read_known_values(std::path::Path::new(path))?
            .into_iter()
            .map(|k| (k.position, k.value))
            .collect();
        Ok(Self {
            spec: spec.to_string(),
            def,
            values,
        })
    }

    /// The value of `position` for the side to move: the game's own where it is over, else the
    /// file's.
    fn value(&self, position: &str) -> Result<i32, EngineError> {
        match (self.def.rules)(position).map_err(EngineError::BadPosition)? {
            Status::Over(v) => Ok(v),
            _ => self.values.get(position).copied().ok_or_else(|| {
                EngineError::Unsupported(format!(
                    "`{}` holds no value of position `{position}`",
                    self.spec
                ))
            }),
        }
    }
}

impl Engine for KnownEngine {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn game(&self) -> GameKind {
        GameKind::Open(self.def)
    }

    fn reset(&mut self) {}

    /// The file's value; nodes 0, not reported (nothing is searched).
    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        Ok(Solve {
            score: self.value(moves)?,
            nodes: 0,
            nodes_reported: false,
            reported_nanos: None,
        })
    }

    fn exact(&self) -> Option<bool> {
        Some(true)
    }

    fn score_moves(&mut self, moves: &str) -> Result<Vec<(MoveText, i32)>, EngineError> {
        let Status::Moves(list) = (self.def.rules)(moves).map_err(EngineError::BadPosition)? else {
            return Err(EngineError::BadPosition(format!(
                "`{moves}`: the game is over"
            )));
        };
        list.into_iter()
            .map(|mv| {
                let child = (self.def.play)(moves, &mv).map_err(EngineError::BadPosition)?;
                let text = MoveText::new(&mv).ok_or_else(|| {
                    EngineError::Failure(format!("move text `{mv}` is not one short word"))
                })?;
                Ok((text, -self.value(&child)?))
            })
            .collect()
    }

    /// The best move by the file's values.
    fn choose(&mut self, moves: &str, _limit: &super::MoveLimit) -> Result<Decision, EngineError> {
        let scored = self.score_moves(moves)?;
        let &(best, value) = scored
            .iter()
            .max_by_key(|(_, v)| *v)
            .ok_or_else(|| EngineError::BadPosition(format!("`{moves}`: no move")))?;
        Ok(Decision {
            value: Some(value),
            proven: Some(value),
            ..Decision::of_move(best)
        })
    }
}
