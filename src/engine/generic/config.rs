//! The switches of the generic core, read from the options of a spec
//! (`chess-mtdf:depth=4,tt=18,qs=on,killers=on,history=on,ttmove=on,id=off,etc=off,draft=eq`): each
//! technique is a switch, so every variant is an engine with a spec of its own.

pub use crate::engine::root::Driver;

/// Which table entries may end a node or give its value: only those searched to the node's
/// own depth (exact fixed-depth values), or deeper ones too (the usual practice, not exact).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Draft {
    /// `draft=eq`: an entry's draft must equal the remaining depth.
    Equal,
    /// `draft=ge`: an entry at least as deep is used.
    AtLeast,
}

use crate::engine::mutant::Core;
pub use crate::engine::mutant::Mutant;

/// The deepest fixed depth a spec may ask for: Othello's longest game (120 plies, passes
/// included) fits, and the killer table has a place a ply ([`super::ordering::MAX_PLY`]).
pub const MAX_DEPTH: u32 = super::ordering::MAX_PLY as u32;

/// Every switch of one generic engine. `Default`: depth 4, a 2^18-entry table, quiescence,
/// table move, killers and history on, fixed depth (no iterative deepening), no enhanced
/// transposition cut-offs, equal drafts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Config {
    pub driver: Driver,
    /// The fixed depth in plies (1..=[`MAX_DEPTH`]).
    pub depth: u32,
    /// `log2` of the table's entries; 0 for no table.
    pub tt_bits: u32,
    /// Quiescence search on the game's noisy moves at the horizon.
    pub qs: bool,
    /// Try the table's best move first.
    pub tt_move: bool,
    /// Two killer moves per ply.
    pub killers: bool,
    /// The history heuristic (cut-offs by quiet moves, weighted by depth²).
    pub history: bool,
    /// Iterative deepening: the driver at depth 1, 2, …, `depth`, each seeding the next guess.
    pub iterative: bool,
    /// Enhanced transposition cut-offs: before searching a node's children, look each child up
    /// in the table and stop at once when an entry proves a cut-off.
    pub etc: bool,
    pub draft: Draft,
    /// Half-width of the first aspiration window.
    pub width: i32,
    pub mutant: Mutant,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            driver: Driver::Negamax,
            depth: 4,
            tt_bits: 18,
            qs: true,
            tt_move: true,
            killers: true,
            history: true,
            iterative: false,
            etc: false,
            draft: Draft::Equal,
            width: 50,
            mutant: Mutant::None,
        }
    }
}

fn on_off(key: &str, v: &str) -> Result<bool, String> {
    match v {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("option `{key}={v}`: expected on or off")),
    }
}

fn number<T: std::str::FromStr>(
    key: &str,
    v: &str,
    range: std::ops::RangeInclusive<T>,
) -> Result<T, String>
where
    T: PartialOrd + std::fmt::Display,
{
    match v.parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(n),
        _ => Err(format!(
            "option `{key}={v}`: expected a number in {}..={}",
            range.start(),
            range.end()
        )),
    }
}

impl Config {
    /// The options every generic engine takes, for error messages.
    pub const KEYS: &'static str =
        "depth, tt, qs, ttmove, killers, history, id, etc, draft, width, mutant";

    /// A driver's config with the options of a spec applied in order.
    pub fn with_options(driver: Driver, options: &[(&str, &str)]) -> Result<Self, String> {
        let mut c = Config {
            driver,
            ..Config::default()
        };
        for (k, v) in options {
            c.set(k, v)?;
        }
        Ok(c)
    }

    fn set(&mut self, key: &str, v: &str) -> Result<(), String> {
        match key {
            "depth" => self.depth = number(key, v, 1..=MAX_DEPTH)?,
            "tt" => {
                self.tt_bits = if v == "off" {
                    0
                } else {
                    number(key, v, 0..=30)?
                }
            }
            "qs" => self.qs = on_off(key, v)?,
            "ttmove" => self.tt_move = on_off(key, v)?,
            "killers" => self.killers = on_off(key, v)?,
            "history" => self.history = on_off(key, v)?,
            "id" => self.iterative = on_off(key, v)?,
            "etc" => self.etc = on_off(key, v)?,
            "width" => self.width = number(key, v, 1..=100_000)?,
            "draft" => {
                self.draft = match v {
                    "eq" => Draft::Equal,
                    "ge" => Draft::AtLeast,
                    _ => return Err(format!("option `draft={v}`: expected eq or ge")),
                }
            }
            "mutant" => {
                self.mutant = Mutant::parse(Core::Generic, v)?;
            }
            _ => return Err(format!("unknown option `{key}` ({})", Self::KEYS)),
        }
        Ok(())
    }

    /// The options that differ from the default, in a fixed order (`depth=6,qs=off`).
    #[must_use]
    pub fn options_text(&self) -> String {
        let d = Config::default();
        let flag = |b: bool| if b { "on" } else { "off" };
        let mut out: Vec<String> = Vec::new();
        if self.depth != d.depth {
            out.push(format!("depth={}", self.depth));
        }
        if self.tt_bits != d.tt_bits {
            out.push(format!("tt={}", self.tt_bits));
        }
        for (name, now, was) in [
            ("qs", self.qs, d.qs),
            ("ttmove", self.tt_move, d.tt_move),
            ("killers", self.killers, d.killers),
            ("history", self.history, d.history),
            ("id", self.iterative, d.iterative),
            ("etc", self.etc, d.etc),
        ] {
            if now != was {
                out.push(format!("{name}={}", flag(now)));
            }
        }
        if self.draft == Draft::AtLeast {
            out.push("draft=ge".into());
        }
        if self.width != d.width {
            out.push(format!("width={}", self.width));
        }
        if self.mutant != Mutant::None {
            out.push(format!("mutant={}", self.mutant.name()));
        }
        out.join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_and_errors_name_the_keys() {
        let c = Config::with_options(
            Driver::Mtdf,
            &[
                ("depth", "6"),
                ("qs", "off"),
                ("draft", "ge"),
                ("id", "on"),
                ("etc", "on"),
            ],
        )
        .unwrap();
        assert_eq!(c.options_text(), "depth=6,qs=off,id=on,etc=on,draft=ge");
        assert_eq!(
            Config::with_options(Driver::Pvs, &[])
                .unwrap()
                .options_text(),
            ""
        );
        let e = Config::with_options(Driver::Pvs, &[("bogus", "1")]).unwrap_err();
        assert!(e.contains("depth, tt"), "{e}");
        assert!(Config::with_options(Driver::Pvs, &[("depth", "0")]).is_err());
        assert!(Config::with_options(Driver::Pvs, &[("mutant", "wobbly")]).is_err());
        for (d, n) in Driver::ALL {
            assert_eq!(Driver::from_name(n), Some(d));
            assert_eq!(d.name(), n);
        }
    }
}
