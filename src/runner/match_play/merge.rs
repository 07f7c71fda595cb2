//! `merge` of games files: the shards of one match (`match --shard K/N`, each writing a file of
//! its own) joined into one games file in the plan's order, so `match --resume` and the report
//! read the whole match. Two files holding the same game (pair and round), or games of
//! different matches (another seed, other engines in a slot), are refused: nothing is counted
//! twice and nothing is mixed.

use super::record::{GameRecord, GAME_HEADER};
use super::MatchError;
use crate::runner::lock::ResultsLock;
use crate::runner::record::{scan_rows, RecordError, RecordWriter};
use std::collections::HashMap;
use std::path::Path;

/// Whether `path` is a games file: its first line is the games file's header.
#[must_use]
pub fn is_games_file(path: &Path) -> bool {
    use std::io::BufRead;
    let Ok(f) = std::fs::File::open(path) else {
        return false;
    };
    let mut first = String::new();
    if std::io::BufReader::new(f).read_line(&mut first).is_err() {
        return false;
    }
    first.trim_end() == GAME_HEADER.join(",")
}

/// Join the games files `inputs` into `out` (refused if it exists, unless `force`): every
/// game once, sorted by pair and round; the number of games written.
pub fn merge_games(inputs: &[&Path], out: &Path, force: bool) -> Result<usize, MatchError> {
    if out.exists() && !force {
        return Err(MatchError::Refused(format!(
            "{} exists: pass --force to overwrite it",
            out.display()
        )));
    }
    let _lock = ResultsLock::acquire(out)?;
    let mut games: Vec<GameRecord> = Vec::new();
    let mut from: HashMap<(u32, u32), &Path> = HashMap::new();
    let mut slots: HashMap<u32, (&Path, String)> = HashMap::new();
    for &input in inputs {
        if crate::runner::lock::canonical(input) == crate::runner::lock::canonical(out) {
            return Err(MatchError::Refused(format!(
                "{}: an input is also the output",
                input.display()
            )));
        }
        for (r, _) in scan_rows::<GameRecord>(input)?.records {
            check_game(&r, input, &mut from, &mut slots)?;
            games.push(r);
        }
    }
    games.sort_by_key(|r| (r.pair, r.round));
    let mut tmp = out.as_os_str().to_owned();
    tmp.push(".merging");
    let tmp = std::path::PathBuf::from(tmp);
    RecordWriter::<GameRecord>::open(&tmp, false)?.write_all(&games)?;
    std::fs::rename(&tmp, out).map_err(|e| RecordError::Io {
        path: out.to_path_buf(),
        source: e,
    })?;
    Ok(games.len())
}

/// `r` (read from `input`) is a game no other file holds, and of the same match as the rest:
/// the same seed, the same engine in each slot.
fn check_game<'a>(
    r: &GameRecord,
    input: &'a Path,
    from: &mut HashMap<(u32, u32), &'a Path>,
    slots: &mut HashMap<u32, (&'a Path, String)>,
) -> Result<(), MatchError> {
    if let Some(other) = from.insert((r.pair, r.round), input) {
        return Err(MatchError::Refused(format!(
            "pair {} round {} is in {} and in {}: the same game twice (a shard merged twice?)",
            r.pair,
            r.round,
            other.display(),
            input.display()
        )));
    }
    let seed_key = u32::MAX; // the seed, kept beside the slots' engines
    for (slot, what) in [
        (r.first_slot, r.first.clone()),
        (r.second_slot, r.second.clone()),
        (seed_key, r.seed.to_string()),
    ] {
        let (file, seen) = slots.entry(slot).or_insert((input, what.clone()));
        if *seen != what {
            let name = if slot == seed_key {
                "the seed".to_string()
            } else {
                format!("engine {slot}")
            };
            return Err(MatchError::Refused(format!(
                "{} and {} are not shards of one match: {name} is `{seen}` in one, `{what}` in the other",
                file.display(),
                input.display()
            )));
        }
    }
    Ok(())
}
