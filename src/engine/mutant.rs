//! The seeded bugs of every alpha-beta search in treebench, in one list: each is compiled into a
//! search as a const parameter (its `u8` value), so the correct engine pays nothing, and each
//! belongs to the search whose code it breaks ([`Core`]). verify's checks must catch every one.
//! (The chance-node searches have their own, [`super::generic::chance::ChanceMutant`].)

/// The search a mutant is compiled into.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Core {
    /// The Connect-4 solver (`engine/search.rs`).
    Connect4,
    /// The generic core over every `SearchGame` (`engine/generic`).
    Generic,
    /// Both.
    Both,
}

/// A deliberately broken variant, for proving that the verification checks catch bugs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u8)]
pub enum Mutant {
    /// The correct engine.
    None = 0,
    /// Every table entry is stored as exact, whatever bound the search proved.
    TtBoundsAsExact = 1,
    /// Enhanced transposition cutoffs trust a child's lower bound as if it were an upper bound.
    EtcAcceptsLower = 2,
    /// The mirror lookup mirrors the stone mask but not the side to move's stones.
    MirrorWrongKey = 3,
    /// The ceiling of the score bounds is one lower than the convention allows.
    ClampCeiling = 4,
    /// The move generator drops the leftmost non-losing move when there are several.
    DropMove = 5,
    /// `score_to_moves_left` slips the parity of a win by one ply (the search is unaffected).
    MovesLeftParity = 6,
    /// The claimeven rule also gives the second player the even-row cells playable now.
    ClaimevenPlayable = 7,
    /// PVS keeps a null-window fail high as the child's value without the re-search.
    PvsNoResearch = 8,
    /// Aspiration takes a fail high's value (a lower bound) as the exact value instead of
    /// widening the window: a driver that mis-updates its bounds.
    AspirationTakesFailHigh = 9,
}

impl Mutant {
    /// Every mutant, with its name in engine specs and the search it breaks.
    pub const ALL: [(Mutant, &'static str, Core); 9] = [
        (Mutant::TtBoundsAsExact, "tt-bounds-as-exact", Core::Both),
        (Mutant::EtcAcceptsLower, "etc-accepts-lower", Core::Connect4),
        (Mutant::MirrorWrongKey, "mirror-wrong-key", Core::Connect4),
        (Mutant::ClampCeiling, "clamp-ceiling", Core::Connect4),
        (Mutant::DropMove, "drop-move", Core::Connect4),
        (Mutant::MovesLeftParity, "moves-left-parity", Core::Connect4),
        (
            Mutant::ClaimevenPlayable,
            "claimeven-playable",
            Core::Connect4,
        ),
        (Mutant::PvsNoResearch, "pvs-no-research", Core::Generic),
        (
            Mutant::AspirationTakesFailHigh,
            "aspiration-takes-fail-high",
            Core::Generic,
        ),
    ];

    /// The spec name of a mutant (`"none"` for the correct engine).
    #[must_use]
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(m, ..)| *m == self)
            .map_or("none", |(_, n, _)| n)
    }

    /// The mutants compiled into `core`'s search, in the order of [`Mutant::ALL`].
    #[must_use]
    pub fn of(core: Core) -> Vec<Mutant> {
        Self::ALL
            .iter()
            .filter(|(_, _, c)| *c == core || *c == Core::Both)
            .map(|(m, ..)| *m)
            .collect()
    }

    /// The mutant of `core` with this spec name (`none`: the correct engine); `Err` lists the
    /// names `core` has.
    pub fn parse(core: Core, s: &str) -> Result<Self, String> {
        if s == "none" {
            return Ok(Mutant::None);
        }
        let of = Self::of(core);
        of.iter().find(|m| m.name() == s).copied().ok_or_else(|| {
            let names: Vec<&str> = of.iter().map(|m| m.name()).collect();
            format!(
                "unknown mutant `{s}` (expected one of {})",
                names.join(", ")
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_search_takes_its_own_mutants_by_name() {
        assert_eq!(Mutant::of(Core::Connect4).len(), 7);
        assert_eq!(Mutant::of(Core::Generic).len(), 3);
        for (m, name, _) in Mutant::ALL {
            assert_eq!(m.name(), name);
        }
        assert_eq!(
            Mutant::parse(Core::Generic, "pvs-no-research"),
            Ok(Mutant::PvsNoResearch)
        );
        let e = Mutant::parse(Core::Connect4, "pvs-no-research").unwrap_err();
        assert!(e.contains("drop-move"), "{e}");
        assert_eq!(Mutant::parse(Core::Connect4, "none"), Ok(Mutant::None));
        // The Connect-4 search keeps its mutant in the low four bits of its const parameter.
        assert!(Mutant::of(Core::Connect4).iter().all(|&m| (m as u8) < 16));
    }
}
