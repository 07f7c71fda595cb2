//! Match play: engines play game pairs from seeded openings (each opening twice, the colours
//! swapped), each move within a budget (the engine's spec, or a clock), until the game's rules
//! end the game ([`rules`]); a loss on time, by an illegal move or by an engine failure is a
//! result with its reason. One row per game goes to the games file ([`record`]); a run is
//! resumed keeping its completed pairs, split into shards, and played on several threads (each
//! with its own engine instances); a two-engine match may stop early by an SPRT.

pub mod adjudicate;
pub mod game;
pub mod merge;
pub mod pgn;
pub mod record;
pub mod rules;
pub mod sgf;

use crate::engine::{registry, spec::SpecError, Engine, GameKind};
use crate::runner::lock::{LockError, ResultsLock};
use crate::runner::positions::positions_for_ply;
use crate::runner::record::{scan_rows, RecordError, RecordWriter};
use crate::stats::games::{Accepted, Pentanomial, Sprt};
pub use game::{play_game, Budget};
pub use record::{crosstable_row, points_table, tally, GameRecord, Tally};
use rules::Referee;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use thiserror::Error;

/// Why a match could not run.
#[derive(Debug, Error)]
pub enum MatchError {
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(transparent)]
    Records(#[from] RecordError),
    #[error(transparent)]
    Locked(#[from] LockError),
    #[error("{0}")]
    Refused(String),
    /// An engine that cannot start, died or cannot play: the match stops (exit 2).
    #[error("{0}")]
    Engine(String),
}

/// One opening: a position drawn at a ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// Moves in it.
    pub ply: u32,
    /// Its number among those drawn at its ply.
    pub index: u32,
    /// The position's text.
    pub moves: String,
}

/// The ply cap of a game (moves after its opening) unless one is given: far beyond any game's
/// natural end, so that only an endless game is adjudicated.
pub const DEFAULT_MAX_PLIES: u32 = 1000;

/// What a match plays: the engines, the openings and the budget of a move.
#[derive(Debug, Clone)]
pub struct MatchPlan {
    /// The game every engine plays.
    pub game: GameKind,
    /// Engine specs; a spec may appear twice (an engine against itself: two instances).
    pub engines: Vec<String>,
    /// The first engine against each other one, instead of every pairing (round robin).
    pub gauntlet: bool,
    /// The seed the openings were drawn with.
    pub seed: u64,
    /// The openings, each played as one pair per pairing.
    pub openings: Vec<Opening>,
    /// What a move may cost.
    pub budget: Budget,
    /// A game that reaches this many moves after its opening is drawn by adjudication.
    pub max_plies: u32,
    /// Adjudication by the engines' agreed scores (none by default).
    pub adjudication: adjudicate::Adjudication,
}

/// One game pair of the plan: an opening for a pairing; engine `a` moves first in round 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairJob {
    /// Its number in the plan.
    pub pair: u32,
    /// The engine playing first in round 0 (second in round 1).
    pub a: u32,
    /// The other engine.
    pub b: u32,
    /// The opening.
    pub opening: Opening,
}

impl MatchPlan {
    /// A plan with `count` seeded openings at each of `plies` (the runner's seeded positions,
    /// positions the side to move cannot win at once).
    #[must_use]
    pub fn seeded_openings(game: GameKind, seed: u64, plies: &[u32], count: u32) -> Vec<Opening> {
        plies
            .iter()
            .flat_map(|&p| positions_for_ply(game, seed, p, count, true))
            .map(|d| Opening {
                ply: d.ply,
                index: d.index,
                moves: d.moves,
            })
            .collect()
    }

    /// Like [`MatchPlan::seeded_openings`], but only openings whose exact value is a draw
    /// (balanced openings, as fishtest's books): the seeded positions of each ply in order,
    /// each solved by `solver` (an exact solver of the game: score 0 is a draw), the first
    /// `count` drawn ones kept. Fewer where a ply has fewer among its candidates.
    pub fn balanced_openings(
        game: GameKind,
        seed: u64,
        plies: &[u32],
        count: u32,
        solver: &mut dyn Engine,
    ) -> Result<Vec<Opening>, MatchError> {
        let mut out = Vec::new();
        for &p in plies {
            let mut kept = 0;
            for d in positions_for_ply(game, seed, p, count.saturating_mul(20), true) {
                if kept == count {
                    break;
                }
                solver.reset();
                let s = solver.solve(&d.moves).map_err(|e| {
                    MatchError::Refused(format!("solving opening `{}`: {e}", d.moves))
                })?;
                if s.score == 0 {
                    kept += 1;
                    out.push(Opening {
                        ply: d.ply,
                        index: d.index,
                        moves: d.moves,
                    });
                }
            }
        }
        Ok(out)
    }

    /// The pairings `(a, b)`: every two engines (round robin) or the first against each other.
    #[must_use]
    pub fn pairings(&self) -> Vec<(u32, u32)> {
        let n = self.engines.len() as u32;
        let mut out = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if a == 0 || !self.gauntlet {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// Every pair of the plan, openings outer, pairings inner (so every pairing progresses
    /// alike), numbered in that order.
    #[must_use]
    pub fn jobs(&self) -> Vec<PairJob> {
        let pairings = self.pairings();
        let mut out = Vec::with_capacity(self.openings.len() * pairings.len());
        for o in &self.openings {
            for &(a, b) in &pairings {
                let pair = out.len() as u32;
                out.push(PairJob {
                    pair,
                    a,
                    b,
                    opening: o.clone(),
                });
            }
        }
        out
    }
}

/// How to run a match.
#[derive(Debug, Clone, Default)]
pub struct MatchOptions {
    /// The games file.
    pub games: PathBuf,
    /// Continue an existing games file: its completed pairs are kept, a pair with one game is
    /// played again.
    pub resume: bool,
    /// Overwrite an existing games file.
    pub force: bool,
    /// Play only shard `k` of `n` (pairs `i` with `i mod n = k − 1`).
    pub shard: Option<(u32, u32)>,
    /// Games at once, each thread with its own engine instances (1 if 0).
    pub concurrency: usize,
    /// Stop when this SPRT (of engine 0 against engine 1; two engines only) accepts a
    /// hypothesis.
    pub sprt: Option<Sprt>,
    /// Play at most this many pairs in this run (with the kept ones: the SPRT's `--max-games`).
    pub max_pairs: Option<u64>,
}

/// What a match run did.
#[derive(Debug, Clone)]
pub struct MatchSummary {
    /// Every game the figures count: kept and new, up to the SPRT's verdict.
    pub rows: Vec<GameRecord>,
    /// Games of pairs that come after the SPRT's verdict in the plan's order (in flight when
    /// it was reached): written to the games file, never counted in the verdict, the Elo or
    /// the tables.
    pub beyond: Vec<GameRecord>,
    /// Pairs kept from a resumed file.
    pub kept_pairs: u64,
    /// Pairs played in this run.
    pub played_pairs: u64,
    /// Games of a resumed file dropped as repeats of a game already read (same pair, round).
    pub duplicates: u64,
    /// The SPRT's LLR after each pair, in the plan's order (two-engine SPRT matches only).
    pub llr_path: Vec<f64>,
    /// The hypothesis the SPRT accepted; `None` without an SPRT or when it did not stop.
    pub accepted: Option<Accepted>,
    /// Under a clock, each engine's [`Engine::clock_note`]: a clock it was not told.
    pub notes: Vec<String>,
}

/// The most games at once: each thread builds its own engines.
pub const MAX_CONCURRENCY: usize = 256;

/// Check the engines: each builds, plays the plan's game and starts (a process that cannot
/// start is an error now, not a forfeit of every game); and `concurrency` copies of them fit
/// the memory available. Under a clock, the engines' [`Engine::clock_note`]s.
fn check_engines(plan: &MatchPlan, concurrency: usize) -> Result<Vec<String>, MatchError> {
    if plan.engines.len() < 2 {
        return Err(MatchError::Refused(
            "a match needs at least two engines".into(),
        ));
    }
    if concurrency > MAX_CONCURRENCY {
        return Err(MatchError::Refused(format!(
            "--concurrency {concurrency}: at most {MAX_CONCURRENCY} games at once"
        )));
    }
    let before = crate::util::limits::virtual_size();
    let mut built = Vec::new();
    for spec in &plan.engines {
        let mut e = build(plan.game, spec)?;
        if e.game() != plan.game {
            return Err(MatchError::Refused(format!(
                "engine `{spec}` plays {}, not {}",
                e.game(),
                plan.game
            )));
        }
        e.start()
            .map_err(|err| MatchError::Engine(format!("engine `{spec}` cannot start: {err}")))?;
        built.push(e);
    }
    let clock = matches!(plan.budget, Budget::Clock { .. });
    let notes = built
        .iter()
        .filter(|_| clock)
        .filter_map(|e| e.clock_note());
    let notes: Vec<String> = notes.collect();
    let set = crate::util::limits::virtual_size().saturating_sub(before);
    let need = u128::from(set) * concurrency.max(1) as u128;
    crate::util::limits::check_fits(
        &format!(
            "--concurrency {concurrency} (each game's engines take {} MiB)",
            set >> 20
        ),
        need,
    )
    .map_err(MatchError::Refused)?;
    Ok(notes)
}

fn build(game: GameKind, spec: &str) -> Result<Box<dyn Engine>, SpecError> {
    registry::build_for(spec, game)
}

/// Refuse what cannot run before the games file is touched: the SPRT's engines, the shard,
/// and every opening (the game's rules must accept it).
fn check_plan(plan: &MatchPlan, opts: &MatchOptions) -> Result<Vec<String>, MatchError> {
    if opts.sprt.is_some() && plan.engines.len() != 2 {
        return Err(MatchError::Refused(
            "an SPRT needs exactly two engines".into(),
        ));
    }
    if let Some((k, n)) = opts.shard {
        if n == 0 || k == 0 || k > n {
            return Err(MatchError::Refused(format!(
                "shard {k}/{n}: expected 1 <= k <= n"
            )));
        }
    }
    if opts.max_pairs == Some(0) {
        return Err(MatchError::Refused(
            "--max-games: a game pair needs at least 2 games".into(),
        ));
    }
    for o in &plan.openings {
        Referee::new(plan.game, &o.moves).map_err(MatchError::Refused)?;
    }
    check_engines(plan, opts.concurrency)
}

/// Run the match `plan` into `opts.games`. Errors before any game for a plan that cannot run;
/// an engine that fails during the match stops it with [`MatchError::Engine`] after the pairs
/// finished so far are written.
pub fn run(plan: &MatchPlan, opts: &MatchOptions) -> Result<MatchSummary, MatchError> {
    let notes = check_plan(plan, opts)?;
    let _lock = ResultsLock::acquire(&opts.games)?;
    let games = &opts.games;
    let jobs = plan.jobs();
    let (kept, duplicates) = start(plan, opts, &jobs)?;
    let done: std::collections::HashSet<u32> = kept.iter().map(|r| r.pair).collect();
    let created = !games.exists();
    let go = sgf::go_size(plan.game).map(|n| (n, sgf::sgf_path(games)));
    let mut writer = sgf::Outputs::new(open_games(opts, &kept)?, go, &kept)?;
    let mut todo: Vec<PairJob> = jobs
        .into_iter()
        .filter(|j| opts.shard.is_none_or(|(k, n)| j.pair % n == k - 1))
        .filter(|j| !done.contains(&j.pair))
        .collect();
    if let Some(m) = opts.max_pairs {
        todo.truncate(m.saturating_sub(done.len() as u64) as usize);
    }
    let mut summary = MatchSummary {
        rows: Vec::new(),
        beyond: Vec::new(),
        kept_pairs: done.len() as u64,
        played_pairs: 0,
        duplicates,
        llr_path: Vec::new(),
        accepted: None,
        notes,
    };
    let mut feed = Feed::new(opts.sprt, &kept, &todo);
    for pair in kept.chunks(2) {
        feed.add([pair[0].clone(), pair[1].clone()], false, &mut summary)?;
    }
    let played = match summary.accepted {
        None => play_all(plan, opts, &todo, &mut writer, &mut summary, &mut feed),
        Some(_) => Ok(()),
    };
    feed.finish(&mut summary);
    if played.is_err() && created && summary.played_pairs == 0 {
        if let Some(f) = writer.sgf_file() {
            let _ = std::fs::remove_file(f);
        }
        drop(writer);
        let _ = std::fs::remove_file(games);
    }
    played.map(|()| summary)
}

/// The pairs as the figures count them: in the plan's order (the order of the pair numbers),
/// whatever order they finish in, so that a match's SPRT verdict, Elo and tables are the same
/// on every rerun at any concurrency. With an SPRT each pair in turn extends the LLR path
/// until a bound is crossed; the pairs after that one are `beyond`.
struct Feed {
    sprt: Option<Sprt>,
    /// The pair numbers of the run (kept and to play), ascending.
    order: Vec<u32>,
    next: usize,
    /// Finished pairs waiting for an earlier one, and whether this run played them.
    waiting: std::collections::HashMap<u32, ([GameRecord; 2], bool)>,
    penta: Pentanomial,
}

impl Feed {
    fn new(sprt: Option<Sprt>, kept: &[GameRecord], todo: &[PairJob]) -> Self {
        let mut order: Vec<u32> = kept.iter().step_by(2).map(|r| r.pair).collect();
        order.extend(todo.iter().map(|j| j.pair));
        order.sort_unstable();
        Feed {
            sprt,
            order,
            next: 0,
            waiting: Default::default(),
            penta: Pentanomial::default(),
        }
    }

    /// A finished pair (its two games, round 0 first; `played` in this run, not kept from the
    /// file): counted once every pair before it in the plan's order is, or `beyond` when the
    /// SPRT decided before it.
    fn add(
        &mut self,
        pair: [GameRecord; 2],
        played: bool,
        s: &mut MatchSummary,
    ) -> Result<(), MatchError> {
        self.waiting.insert(pair[0].pair, (pair, played));
        while let Some((p, _)) = self
            .order
            .get(self.next)
            .and_then(|n| self.waiting.remove(n))
        {
            self.next += 1;
            if s.accepted.is_some() {
                s.beyond.extend(p);
                continue;
            }
            if let Some(sprt) = &self.sprt {
                let lo = p[0].first_slot.min(p[0].second_slot);
                if let (Some(x), Some(y)) = (p[0].result_of(lo), p[1].result_of(lo)) {
                    self.penta.add_pair(x, y);
                    let llr = sprt.llr(&self.penta).map_err(|e| {
                        MatchError::Refused(format!("the SPRT's LLR cannot be computed: {e}"))
                    })?;
                    s.llr_path.push(llr);
                    s.accepted = sprt.accepted(llr);
                }
            }
            s.rows.extend(p);
        }
        Ok(())
    }

    /// Pairs played in this run that wait for an earlier one still in flight.
    fn held(&self) -> usize {
        self.waiting.values().filter(|(_, played)| *played).count()
    }

    /// The pairs still waiting for an earlier one that never finished (the match stopped):
    /// beyond the verdict, or, without one, counted in the plan's order.
    fn finish(&mut self, s: &mut MatchSummary) {
        let mut rest: Vec<[GameRecord; 2]> = self.waiting.drain().map(|(_, (p, _))| p).collect();
        rest.sort_by_key(|p| p[0].pair);
        for p in rest {
            if s.accepted.is_some() {
                s.beyond.extend(p);
            } else {
                s.rows.extend(p);
            }
        }
    }
}

/// Play `todo` on `opts.concurrency` threads, writing each pair when both its games are done
/// and feeding it to the figures ([`Feed`]) until the SPRT accepts a hypothesis. A thread
/// hands over a finished pair before it starts the next, so at most one pair a thread is in
/// flight at the verdict. An engine failure stops the match once the pairs in flight are
/// written.
fn play_all(
    plan: &MatchPlan,
    opts: &MatchOptions,
    todo: &[PairJob],
    writer: &mut sgf::Outputs,
    summary: &mut MatchSummary,
    feed: &mut Feed,
) -> Result<(), MatchError> {
    let (next, stop, fed) = (
        AtomicUsize::new(0),
        AtomicBool::new(false),
        AtomicUsize::new(0),
    );
    let (tx, rx) = mpsc::sync_channel::<Handed>(0);
    let threads = opts.concurrency.max(1).min(todo.len().max(1));
    std::thread::scope(|scope| -> Result<(), MatchError> {
        for _ in 0..threads {
            let tx = tx.clone();
            let shared = Shared {
                next: &next,
                stop: &stop,
                fed: &fed,
                window: 2 * threads,
            };
            scope.spawn(move || worker(plan, todo, &shared, &tx));
        }
        drop(tx);
        let mut failed = None;
        for (pair, ack) in rx {
            let taken = match pair {
                Ok(pair) => take_in(pair, writer, summary, feed),
                Err(e) => Err(e),
            };
            if let Err(e) = taken {
                failed.get_or_insert(e);
            }
            if failed.is_some() || summary.accepted.is_some() {
                stop.store(true, Ordering::Relaxed);
            }
            // this run's pairs fed in the plan's order: a prefix of `todo`
            let in_order = usize::try_from(summary.played_pairs).unwrap_or(usize::MAX);
            fed.store(in_order.saturating_sub(feed.held()), Ordering::Relaxed);
            let _ = ack.send(());
        }
        failed.map_or(Ok(()), Err)
    })
}

/// A finished pair (or why it could not be played) with the way to tell its thread that the
/// pair was taken in: the thread waits for that before it looks at the stop flag again.
type Handed = (Result<[GameRecord; 2], MatchError>, mpsc::SyncSender<()>);

/// Write a finished pair (games file, SGF) and feed it to the figures.
fn take_in(
    pair: [GameRecord; 2],
    writer: &mut sgf::Outputs,
    summary: &mut MatchSummary,
    feed: &mut Feed,
) -> Result<(), MatchError> {
    writer.write_pair(&pair)?;
    summary.played_pairs += 1;
    feed.add(pair, true, summary)
}

/// What the threads of a match share: the next pair to take, the stop flag, and how many of
/// `todo`'s pairs have been fed to the figures in the plan's order. A thread starts pair `i`
/// only once `i < fed + window`, so no pair starts `window` or more places after the last one
/// fed, however slow an earlier pair: at most `window - 1` pairs are played past an SPRT's
/// verdict. (A bound on the pairs waiting instead, checked before a pair was taken, let two
/// threads pass it at once and a pair of three threads ran 7 past, 2026-12-05.)
struct Shared<'a> {
    next: &'a AtomicUsize,
    stop: &'a AtomicBool,
    fed: &'a AtomicUsize,
    window: usize,
}

/// A thread's loop: take the next pair, play both its games with this thread's engines, hand
/// the pair over and wait until it is taken in (so a verdict it brings stops this thread
/// before another pair starts).
fn worker(plan: &MatchPlan, todo: &[PairJob], shared: &Shared, tx: &mpsc::SyncSender<Handed>) {
    let mut engines: Vec<Option<Box<dyn Engine>>> = plan.engines.iter().map(|_| None).collect();
    let (ack_tx, ack_rx) = mpsc::sync_channel(1);
    loop {
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let i = shared.next.fetch_add(1, Ordering::Relaxed);
        let Some(job) = todo.get(i) else {
            return;
        };
        while i >= shared.fed.load(Ordering::Relaxed) + shared.window
            && !shared.stop.load(Ordering::Relaxed)
        {
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
        if shared.stop.load(Ordering::Relaxed) {
            return;
        }
        let result = play_pair(plan, job, &mut engines);
        let failed = result.is_err();
        if tx.send((result, ack_tx.clone())).is_err() || failed || ack_rx.recv().is_err() {
            return;
        }
    }
}

/// Both games of a pair: engine `a` first, then the colours swapped.
fn play_pair(
    plan: &MatchPlan,
    job: &PairJob,
    engines: &mut [Option<Box<dyn Engine>>],
) -> Result<[GameRecord; 2], MatchError> {
    for slot in [job.a, job.b] {
        if engines[slot as usize].is_none() {
            engines[slot as usize] = Some(build(plan.game, &plan.engines[slot as usize])?);
        }
    }
    let mut game = |first: u32, second: u32, round: u32| -> Result<GameRecord, MatchError> {
        let (x, y) = two_mut(engines, first as usize, second as usize);
        let mut rec = play_game(plan, &job.opening, [x, y]).map_err(MatchError::Engine)?;
        rec.seed = plan.seed;
        rec.pair = job.pair;
        rec.round = round;
        rec.first_slot = first;
        rec.second_slot = second;
        rec.first = plan.engines[first as usize].clone();
        rec.second = plan.engines[second as usize].clone();
        Ok(rec)
    };
    Ok([game(job.a, job.b, 0)?, game(job.b, job.a, 1)?])
}

/// Two distinct engines of the list, mutably.
fn two_mut(
    engines: &mut [Option<Box<dyn Engine>>],
    i: usize,
    j: usize,
) -> (&mut dyn Engine, &mut dyn Engine) {
    assert_ne!(i, j, "a pairing of two slots");
    let (lo, hi) = engines.split_at_mut(i.max(j));
    let (x, y) = (lo[i.min(j)].as_deref_mut(), hi[0].as_deref_mut());
    let (x, y) = (x.expect("built"), y.expect("built"));
    if i < j {
        (x, y)
    } else {
        (y, x)
    }
}

/// The games file, holding `kept` (a resumed file is rewritten beside and renamed over, so a
/// crash never loses its completed pairs), open to append.
fn open_games(
    opts: &MatchOptions,
    kept: &[GameRecord],
) -> Result<RecordWriter<GameRecord>, MatchError> {
    if !opts.resume || !opts.games.exists() {
        return Ok(RecordWriter::open(&opts.games, false)?);
    }
    let mut tmp = opts.games.clone().into_os_string();
    tmp.push(".resume");
    let tmp = PathBuf::from(tmp);
    RecordWriter::<GameRecord>::open(&tmp, false)?.write_all(kept)?;
    std::fs::rename(&tmp, &opts.games).map_err(|e| RecordError::Io {
        path: opts.games.clone(),
        source: e,
    })?;
    Ok(RecordWriter::open(&opts.games, true)?)
}

/// The games kept from the file: none for a new file; with `--resume`, the complete pairs of
/// the existing file (checked against the plan), a pair with one game dropped, sorted by pair
/// and round; and how many games were dropped as repeats of one already read (a file that
/// holds a pair twice, e.g. appended to by hand), each named in a warning.
fn start(
    plan: &MatchPlan,
    opts: &MatchOptions,
    jobs: &[PairJob],
) -> Result<(Vec<GameRecord>, u64), MatchError> {
    let exists = opts.games.exists();
    if exists && !opts.resume && !opts.force {
        return Err(MatchError::Refused(format!(
            "{} exists: pass --resume to continue it or --force to start over",
            opts.games.display()
        )));
    }
    if !(exists && opts.resume) {
        return Ok((Vec::new(), 0));
    }
    let rows: Vec<GameRecord> = scan_rows::<GameRecord>(&opts.games)?
        .records
        .into_iter()
        .map(|(r, _)| r)
        .collect();
    let mut seen: std::collections::HashSet<(u32, u32)> = Default::default();
    let mut kept = Vec::with_capacity(rows.len());
    let mut duplicates = 0;
    for r in rows {
        check_resumed(plan, opts, jobs, &r)?;
        if !seen.insert((r.pair, r.round.min(1))) {
            eprintln!(
                "warning: {}: pair {} round {} is in the file twice; the repeat is dropped",
                opts.games.display(),
                r.pair,
                r.round
            );
            duplicates += 1;
            continue;
        }
        kept.push(r);
    }
    let mut rounds: std::collections::HashMap<u32, u32> = Default::default();
    for r in &kept {
        *rounds.entry(r.pair).or_default() += 1;
    }
    kept.retain(|r| rounds.get(&r.pair) == Some(&2));
    kept.sort_by_key(|r| (r.pair, r.round));
    Ok((kept, duplicates))
}

/// A resumed file's row must be a game of this plan: its pair's opening, slots, engines, seed.
fn check_resumed(
    plan: &MatchPlan,
    opts: &MatchOptions,
    jobs: &[PairJob],
    r: &GameRecord,
) -> Result<(), MatchError> {
    let job = jobs.get(r.pair as usize).filter(|j| {
        let slots = if r.round == 0 { (j.a, j.b) } else { (j.b, j.a) };
        slots == (r.first_slot, r.second_slot)
            && j.opening.moves == r.opening
            && plan.engines[r.first_slot as usize] == r.first
            && r.seed == plan.seed
    });
    match job {
        Some(_) => Ok(()),
        None => Err(MatchError::Refused(format!(
            "cannot resume {}: pair {} does not match this match's plan (engines, openings or seed changed)",
            opts.games.display(),
            r.pair
        ))),
    }
}
