//! The Connect-4 solver on any compiled board size: one `with_board!` (`game::connect4::board`)
//! dispatch when the engine is built, then a [`Connect4Engine<W, H>`] monomorphised for that size
//! (the 7×6 engine is the same type it always was).

use super::connect4::{Connect4Engine, SolverConfig};
use super::search::{Mutant, SearchConfig, Searcher};
use super::spec::SpecError;
use super::tt::TranspositionTable;
use super::Engine;
use crate::game::connect4::BoardSize;

/// Check that the configuration's table can hold this board's keys: the table verifies a hit by
/// slot and tag together, and an entry has room for 34 tag bits, so keys of `W·(H+1)` bits need
/// at least `W·(H+1) − 34` index bits (one more two-way). Boards up to 56 key bits (every board
/// up to 7×7, 8×6) fit the default `tt=23`; the largest boards need a bigger table or `tt=off`.
pub fn check_table(search: &SearchConfig, size: BoardSize) -> Result<(), SpecError> {
    let Some(bits) = search.tt_bits else {
        return Ok(());
    };
    let need =
        TranspositionTable::min_bits(size.key_bits()).max(1) + u32::from(search.tt_ways == 2);
    if bits >= need {
        let bytes = 8u128 << bits.min(size.key_bits());
        return crate::util::limits::check_fits(&format!("option `tt={bits}`"), bytes)
            .map_err(SpecError);
    }
    let mib = |b: u32| (8u64 << b) >> 20;
    Err(SpecError(format!(
        "board {size}: its {}-bit position keys need a table of at least 2^{need} entries \
         ({} MiB; this engine asks for tt={bits}); pass tt={need}{} or tt=off",
        size.key_bits(),
        mib(need),
        if search.tt_ways == 2 && need > TranspositionTable::min_bits(size.key_bits()).max(1) {
            format!(" (or ways=1,tt={})", need - 1)
        } else {
            String::new()
        }
    )))
}

/// Check that a seeded bug asked for is compiled for this board
/// ([`Searcher::MUTANTS_COMPILED`](super::search::Searcher::MUTANTS_COMPILED)).
pub fn check_mutant(search: &SearchConfig, size: BoardSize) -> Result<(), SpecError> {
    let compiled = crate::game::connect4::board::with_board!(size, |W, H| {
        Searcher::<W, H>::MUTANTS_COMPILED
    });
    if search.mutant == Mutant::None || compiled {
        Ok(())
    } else {
        Err(SpecError(format!(
            "board {size}: mutant `{}` is compiled for 7x6 and boards of at most 24 cells only",
            search.mutant.name()
        )))
    }
}

/// The configuration as it runs on a `size` board: a table asked for with more entries than
/// the board has position keys (`tt=23` on 4x4, whose keys have 20 bits) gets one entry per
/// key, `2^key_bits`, and the engine's spec says so (`tt=20`), so that `tt=N` in a record is
/// always exactly `2^N` entries.
#[must_use]
pub fn fitted(cfg: SolverConfig, size: BoardSize) -> SolverConfig {
    let mut c = cfg;
    c.search.tt_bits = c.search.tt_bits.map(|b| b.min(size.key_bits()));
    c
}

/// The solver with this configuration on a `size` board, behind the [`Engine`] trait.
pub fn build(cfg: SolverConfig, size: BoardSize) -> Result<Box<dyn Engine>, SpecError> {
    let cfg = fitted(cfg, size);
    check_table(&cfg.search, size)?;
    check_mutant(&cfg.search, size)?;
    Ok(crate::game::connect4::board::with_board!(size, |W, H| {
        Box::new(Connect4Engine::<W, H>::new(cfg)) as Box<dyn Engine>
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes() {
        let d = SearchConfig::default();
        for b in BoardSize::ALL {
            let fits = check_table(&d, b).is_ok();
            assert_eq!(fits, b.key_bits() <= 56, "{b}");
        }
        let e = check_table(&d, "8x7".parse().unwrap()).unwrap_err().0;
        assert!(e.contains("tt=31") && e.contains("tt=off"), "{e}");
        let off = SearchConfig { tt_bits: None, ..d };
        assert!(check_table(&off, "8x7".parse().unwrap()).is_ok());
        let m = SearchConfig {
            mutant: Mutant::DropMove,
            ..d
        };
        assert!(check_mutant(&m, BoardSize::STANDARD).is_ok());
        assert!(check_mutant(&m, "6x4".parse().unwrap()).is_ok());
        let e = check_mutant(&m, "6x5".parse().unwrap()).unwrap_err().0;
        assert!(e.contains("drop-move"), "{e}");
    }

    #[test]
    fn builds_each_size_and_solves() {
        let cfg = SolverConfig::parse("mtdf:tt=20").unwrap().unwrap();
        let mut e = build(cfg, "4x4".parse().unwrap()).unwrap();
        e.reset();
        assert_eq!(e.solve("").unwrap().score, 0);
        assert!(e.solve("5").is_err());
        let mut e = build(cfg, "10x4".parse().unwrap()).unwrap();
        e.reset();
        // (solving a 40-cell board takes minutes: only the move-string reading here)
        assert!(e.solve("1b").unwrap_err().to_string().contains("'b'"));
    }
}
