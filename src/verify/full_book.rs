//! The long full-book run: every record of the 8-ply book solved and checked, one line per
//! record appended to a results file, so an interrupted run resumes where it stopped.

use super::books::BookOracle;
use super::checks;
use super::report::{Failure, FullBookSummary};
use super::suite::{VerifyError, VerifyOptions};
use crate::engine::connect4::{Connect4Engine, SolverConfig};
use crate::engine::Engine;
use crate::util::names::file_stem;
use std::io::{BufRead, Write};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The records a full-book results file already holds (`index ... ok|FAIL` lines), and how
/// many of them failed.
fn full_book_done(path: &std::path::Path, total: usize) -> std::io::Result<(Vec<bool>, usize)> {
    let mut done = vec![false; total];
    let mut failures = 0usize;
    if !path.exists() {
        return Ok((done, failures));
    }
    let f = std::fs::File::open(path)?;
    for line in std::io::BufReader::new(f).lines() {
        let line = line?;
        let fields: Vec<&str> = line.split_whitespace().collect();
        let index = fields.first().and_then(|s| s.parse::<usize>().ok());
        if let (Some(i), Some(ok)) = (index, fields.last()) {
            if i < total && !done[i] {
                done[i] = true;
                failures += usize::from(*ok == "FAIL");
            }
        }
    }
    Ok((done, failures))
}

/// Check every record of the 8-ply book, appending `index moves expected score micros ok` lines
/// to a results file and skipping indices already in it.
pub(crate) fn full_book(
    opts: &VerifyOptions,
    cfg: SolverConfig,
    book: &BookOracle,
) -> Result<FullBookSummary, VerifyError> {
    let spec = cfg.to_string();
    let safe = file_stem(&spec);
    std::fs::create_dir_all(&opts.results_dir)
        .map_err(|e| VerifyError::Io(opts.results_dir.display().to_string(), e))?;
    let path = opts
        .results_dir
        .join(format!("verify-full-book-8ply-{safe}.txt"));
    let shown = path.display().to_string();
    let io = |e| VerifyError::Io(shown.clone(), e);
    let total = book.len();
    let (done, failures_before) = full_book_done(&path, total).map_err(io)?;
    let done_before = done.iter().filter(|d| **d).count();
    let mut todo: Vec<usize> = (0..total).filter(|&i| !done[i]).collect();
    if let Some(limit) = opts.full_book_limit {
        todo.truncate(limit);
    }
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
        .map_err(io)?;
    let file = Mutex::new(std::io::BufWriter::new(file));
    let solve_time = Mutex::new(Duration::ZERO);
    let start = Instant::now();
    let o = checks::par_run(
        &todo,
        opts.threads,
        false,
        || Ok(Connect4Engine::<7, 6>::new(cfg)),
        |e, &i| full_book_record(e, book, i, &file, &solve_time),
    )
    .map_err(|e| VerifyError::Check("full-book".into(), e))?;
    let elapsed = start.elapsed();
    let done_now = o.tried as usize;
    let mean_solve = if done_now > 0 {
        *solve_time.lock().unwrap() / done_now as u32
    } else {
        Duration::ZERO
    };
    let remaining = total - done_before - done_now;
    let per_wall = if done_now > 0 {
        elapsed.as_secs_f64() / done_now as f64
    } else {
        0.0
    };
    Ok(FullBookSummary {
        engine: spec,
        results: shown.clone(),
        total,
        done_before,
        done_now,
        failures: failures_before + o.failures.len(),
        elapsed,
        mean_solve,
        threads: opts.threads,
        projected_remaining: Duration::from_secs_f64(per_wall * remaining as f64),
        projected_total: Duration::from_secs_f64(per_wall * total as f64),
        examples: o.failures.into_iter().take(5).collect(),
    })
}

/// Solve record `i` of the 8-ply book with `e`, append its line to `file` and add its time to
/// `solve_time`; the failure when the score differs from the book's (or the solve failed).
fn full_book_record(
    e: &mut Connect4Engine<7, 6>,
    book: &BookOracle,
    i: usize,
    file: &Mutex<std::io::BufWriter<std::fs::File>>,
    solve_time: &Mutex<Duration>,
) -> Option<Failure> {
    let (moves, want) = match book.record(i) {
        Ok(r) => r,
        Err(err) => {
            return Some(Failure {
                check: "full-book".into(),
                spec: e.spec(),
                board: "7x6".into(),
                moves: format!("record {i}"),
                expected: "a record".into(),
                got: err,
            })
        }
    };
    e.reset();
    let t = Instant::now();
    let r = checks::quietly(|| e.solve(&moves)).unwrap_or_else(|p| {
        Err(crate::engine::EngineError::Failure(format!(
            "panic: {}",
            checks::panic_message(&p)
        )))
    });
    let dt = t.elapsed();
    *solve_time.lock().unwrap() += dt;
    let (got, ok) = match r {
        Ok(s) => (s.score.to_string(), want.agrees(s.score)),
        Err(err) => (err.to_string().replace(' ', "_"), false),
    };
    let mut f = file.lock().unwrap();
    let _ = writeln!(
        f,
        "{i} {moves} {want} {got} {} {}",
        dt.as_micros(),
        if ok { "ok" } else { "FAIL" }
    );
    let _ = f.flush();
    (!ok).then(|| Failure {
        check: "full-book".into(),
        spec: e.spec(),
        board: "7x6".into(),
        moves,
        expected: format!("{want} (8-ply book)"),
        got,
    })
}
