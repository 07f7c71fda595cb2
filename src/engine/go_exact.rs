//! `goN-exact[:tt=BITS,depth=D,regions=on,sym=off]` (N from 2 to 5): the exact solver of small Go
//! boards ([`crate::game::go::exact`]) as an engine of the built-in games `go2`..`go5`.
//!
//! - `tt`: the table's size, 2^BITS entries of 16 bytes (default 20: 16 MiB; 10 to 30).
//! - `depth`: a search to that many plies with the area count at the horizon, an estimate
//!   (default: none, the exact value).
//! - `regions=on`: count the small vital regions of pass-alive chains as their owner's at once,
//!   an assumption the solver does not prove ([`Solver::regions`]); its values are then marked
//!   estimates. Default `off`.
//! - `sym=off`: key the table on the board as played instead of its class under the 8
//!   symmetries of the square ([`Solver::symmetry`]). Default `on`; exact either way.
//!
//! Without `depth` and `regions`, the engine is exact (a referee): its values are the game's
//! without the ply cap of `go3`/`go4`/`go5`, which only positional superko makes unnecessary
//! (see the solver's module, which also says how superko and the table meet).

use super::{Decision, Engine, EngineError, GameKind, MoveLimit, MoveText, Solve};
use crate::game::go::exact::{Position, Solver};
use crate::game::go::text;
use crate::game::open::GameDef;

/// The side of the board an engine name `goN-exact` stands for.
#[must_use]
pub fn side_of(name: &str) -> Option<u32> {
    let n: u32 = name
        .strip_prefix("go")?
        .strip_suffix("-exact")?
        .parse()
        .ok()?;
    (2..=5).contains(&n).then_some(n)
}

/// The exact small-board solver as an engine.
pub struct GoExact {
    n: u32,
    spec: String,
    def: &'static GameDef,
    depth: Option<u32>,
    regions: bool,
    solver: Solver,
}

impl GoExact {
    /// The engine `goN-exact` with the spec's options; an error for a bad option or when the
    /// game `goN` is not registered.
    pub fn new(n: u32, opts: &[(&str, &str)]) -> Result<Self, String> {
        let (mut bits, mut depth, mut regions, mut symmetry) = (20u32, None, false, true);
        for &(k, v) in opts {
            let bad = || format!("option `{k}={v}`: not a value it takes");
            match k {
                "tt" => {
                    bits = v.parse().map_err(|_| bad())?;
                    if !(10..=30).contains(&bits) {
                        return Err(format!("option `tt={v}`: 10 to 30 bits"));
                    }
                }
                "depth" => depth = Some(v.parse::<u32>().map_err(|_| bad())?.max(1)),
                "regions" | "sym" => {
                    let on = match v {
                        "on" => true,
                        "off" => false,
                        _ => return Err(bad()),
                    };
                    *(if k == "sym" {
                        &mut symmetry
                    } else {
                        &mut regions
                    }) = on;
                }
                _ => return Err(format!("unknown option `{k}` (tt, depth, regions, sym)")),
            }
        }
        let name = format!("go{n}");
        let def = crate::game::open::find(&name)
            .ok_or_else(|| format!("the game {name} is not registered in this binary"))?;
        let mut spec = format!("{name}-exact");
        if !opts.is_empty() {
            let items: Vec<String> = opts.iter().map(|(k, v)| format!("{k}={v}")).collect();
            spec = format!("{spec}:{}", items.join(","));
        }
        let mut solver = Solver::new(n, bits);
        solver.regions = regions;
        solver.symmetry = symmetry;
        Ok(GoExact {
            n,
            spec,
            def,
            depth,
            regions,
            solver,
        })
    }

    fn position(&self, moves: &str) -> Result<Position, EngineError> {
        let pos = Position::parse(self.n, moves).map_err(EngineError::BadPosition)?;
        if pos.passes >= 2 {
            return Err(EngineError::BadPosition(format!(
                "`{moves}`: the game is over"
            )));
        }
        Ok(pos)
    }

    fn value(&mut self, pos: &Position) -> Result<(i32, u64), EngineError> {
        let out = self.solver.solve(pos, self.depth);
        if self.depth.is_none() && !out.exact {
            return Err(EngineError::Failure(format!(
                "{}: not proved within {} plies a line",
                self.spec,
                crate::game::go::exact::MAX_PATH
            )));
        }
        Ok((out.value, out.nodes))
    }
}

impl Engine for GoExact {
    fn spec(&self) -> String {
        self.spec.clone()
    }

    fn game(&self) -> GameKind {
        GameKind::Open(self.def)
    }

    fn reset(&mut self) {
        self.solver.clear();
    }

    fn solve(&mut self, moves: &str) -> Result<Solve, EngineError> {
        let pos = self.position(moves)?;
        let (score, nodes) = self.value(&pos)?;
        Ok(Solve {
            score,
            nodes,
            nodes_reported: true,
            reported_nanos: None,
        })
    }

    fn exact(&self) -> Option<bool> {
        Some(self.depth.is_none() && !self.regions)
    }

    fn depth_limit(&self) -> Option<u32> {
        self.depth
    }

    /// Every legal move (the points in GTP order, then the pass) with minus the value after
    /// it; a pass after a pass ends the game (its value is the area count).
    fn score_moves(&mut self, moves: &str) -> Result<Vec<(MoveText, i32)>, EngineError> {
        self.position(moves)?;
        let n = self.n as usize;
        let mut out = Vec::new();
        let words = (1..=n)
            .flat_map(|r| (0..n).map(move |c| format!("{}{r}", char::from(text::COLUMNS[c]))))
            .chain(std::iter::once("pass".to_string()));
        for w in words {
            let Ok(child) = Position::parse(self.n, &format!("{moves} {w}")) else {
                continue;
            };
            let value = if child.passes >= 2 {
                crate::game::go::benson::Geom::new(self.n).area(child.own, child.opp)
            } else {
                self.value(&child)?.0
            };
            let text = MoveText::new(&w).expect("a short move word");
            out.push((text, -value));
        }
        Ok(out)
    }

    fn choose(&mut self, moves: &str, _limit: &MoveLimit) -> Result<Decision, EngineError> {
        let scored = self.score_moves(moves)?;
        let &(best, value) = scored
            .iter()
            .max_by_key(|(_, v)| *v)
            .ok_or_else(|| EngineError::BadPosition(format!("`{moves}`: no move")))?;
        let proven = (self.depth.is_none() && !self.regions).then_some(value);
        Ok(Decision {
            value: Some(value),
            proven,
            ..Decision::of_move(best)
        })
    }
}
