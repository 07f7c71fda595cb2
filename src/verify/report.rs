//! The verification report: a check × positions × failures × time table, the mutant matrix,
//! reproducers, rendered as Markdown.

use crate::table::{Column, PipeTable, Table, TableFormat};
use crate::util::fmt::fmt_duration;
use crate::util::repro::solve_command;
use std::fmt::{self, Write as _};
use std::time::Duration;

/// One wrong answer, with what it takes to reproduce it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// The check that found it.
    pub check: String,
    /// The engine spec that gave the wrong answer.
    pub spec: String,
    /// Board size `WxH`.
    pub board: String,
    /// The position.
    pub moves: String,
    /// What the oracle (or the reference driver) says.
    pub expected: String,
    /// What the engine said.
    pub got: String,
}

impl Failure {
    /// The command line that reproduces the solve (7×6 only; `treebench solve` plays 7×6), or
    /// the Rust call for other boards.
    #[must_use]
    pub fn command(&self) -> String {
        if self.board == "7x6" {
            solve_command(&self.spec, &self.moves)
        } else {
            format!(
                "Connect4Engine::<{}>::new(SolverConfig::parse(\"{}\")).solve(\"{}\")",
                self.board.replace('x', ", "),
                self.spec,
                self.moves
            )
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "[{}] {} on {} `{}`: expected {}, got {} — `{}`",
            self.check,
            self.spec,
            self.board,
            self.moves,
            self.expected,
            self.got,
            self.command()
        )
    }
}

/// Whether a check ran.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    /// It ran over the positions counted.
    Ran,
    /// An oracle is missing: why, and how to install it.
    NotRun(String),
}

/// One line of the results table.
#[derive(Debug, Clone)]
pub struct CheckRow {
    /// Check name (`drivers`, `mirror`, `units-parity`, ...).
    pub check: String,
    /// The engine spec under test.
    pub engine: String,
    /// Positions tried.
    pub tried: u64,
    /// Positions that failed.
    pub failures: u64,
    /// Wall time of the check.
    pub elapsed: Duration,
    /// Whether it ran.
    pub status: Status,
    /// What it covered (plies, sources).
    pub detail: String,
    /// Up to a few reproducers.
    pub examples: Vec<Failure>,
}

/// The outcome of one check on one mutant.
#[derive(Debug, Clone)]
pub enum MutantCell {
    /// A wrong answer was found.
    Caught(Failure),
    /// The check passed on this many positions.
    NotCaught(u64),
    /// The check could not run (missing oracle).
    NotRun(String),
}

/// One mutant's row of the matrix.
#[derive(Debug, Clone)]
pub struct MutantRow {
    /// Mutant name.
    pub mutant: String,
    /// The spec that was checked.
    pub spec: String,
    /// One cell per check, in the order of [`VerifyReport::mutant_checks`].
    pub cells: Vec<MutantCell>,
}

impl MutantRow {
    /// Whether at least one check caught the mutant.
    #[must_use]
    pub fn caught(&self) -> bool {
        self.cells
            .iter()
            .any(|c| matches!(c, MutantCell::Caught(_)))
    }
}

/// The result of a long run over a whole book.
#[derive(Debug, Clone)]
pub struct FullBookSummary {
    /// Engine spec.
    pub engine: String,
    /// Results file (one line per position, appended as they finish).
    pub results: String,
    /// Positions in the book.
    pub total: usize,
    /// Done before this run (skipped).
    pub done_before: usize,
    /// Solved in this run.
    pub done_now: usize,
    /// Failures in the results file (this run and earlier ones).
    pub failures: usize,
    /// Wall time of this run.
    pub elapsed: Duration,
    /// Mean solve time per position in this run (one core).
    pub mean_solve: Duration,
    /// Worker threads.
    pub threads: usize,
    /// Projected wall time for the positions still to do.
    pub projected_remaining: Duration,
    /// Projected wall time for the whole book at this rate.
    pub projected_total: Duration,
    /// Reproducers of failures found in this run.
    pub examples: Vec<Failure>,
}

/// Everything a verification run found.
#[derive(Debug, Clone, Default)]
pub struct VerifyReport {
    /// The results table.
    pub rows: Vec<CheckRow>,
    /// Check names of the mutant matrix columns.
    pub mutant_checks: Vec<String>,
    /// The mutant matrix (empty without `--mutants`).
    pub mutants: Vec<MutantRow>,
    /// The long book run, if asked for.
    pub full_book: Option<FullBookSummary>,
    /// A missing oracle counts as a failure (`TREEBENCH_REQUIRE_ORACLES=1`).
    pub require_oracles: bool,
    /// Wall time of the whole run.
    pub elapsed: Duration,
    /// The options, one line, for the header.
    pub settings: String,
}

impl VerifyReport {
    /// Every failure of the table, the uncaught mutants and the full-book run, as reproducers.
    #[must_use]
    pub fn failures(&self) -> Vec<&Failure> {
        let mut v: Vec<&Failure> = self.rows.iter().flat_map(|r| &r.examples).collect();
        if let Some(fb) = &self.full_book {
            v.extend(&fb.examples);
        }
        v
    }

    /// Checks that did not run.
    pub fn not_run(&self) -> impl Iterator<Item = &CheckRow> {
        self.rows
            .iter()
            .filter(|r| matches!(r.status, Status::NotRun(_)))
    }

    /// Whether the run passed: no failure, every mutant caught, and (when required) every
    /// oracle present.
    #[must_use]
    pub fn passed(&self) -> bool {
        let rows_ok = self.rows.iter().all(|r| r.failures == 0);
        let oracles_ok = !self.require_oracles || self.not_run().next().is_none();
        let mutants_ok = self.mutants.iter().all(MutantRow::caught);
        let book_ok = self.full_book.as_ref().is_none_or(|b| b.failures == 0);
        rows_ok && oracles_ok && mutants_ok && book_ok
    }

    /// The report as Markdown.
    #[must_use]
    pub fn to_markdown(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "# treebench verify\n");
        if !self.settings.is_empty() {
            let _ = writeln!(s, "{}\n", self.settings);
        }
        if !self.rows.is_empty() {
            s.push_str(&PipeTable.render(&self.checks_table()));
            s.push('\n');
        }
        if !self.mutants.is_empty() {
            self.mutants_md(&mut s);
        }
        if let Some(b) = &self.full_book {
            full_book_md(&mut s, b);
        }
        let not_run = self.not_run_md(&mut s);
        let fails = self.failures();
        if !fails.is_empty() {
            let _ = writeln!(s, "## Failures (reproducers)\n");
            for f in fails {
                let _ = writeln!(s, "- {f}");
            }
            s.push('\n');
        }
        for m in self.mutants.iter().filter(|m| !m.caught()) {
            let _ = writeln!(s, "- mutant `{}` was not caught by any check", m.spec);
        }
        let verdict = if !self.passed() {
            "FAILED".to_string()
        } else if not_run == 0 {
            "PASSED".to_string()
        } else {
            // Never "passed" with checks that did not run.
            format!("NOT VERIFIED: {not_run} check(s) skipped, no failure in the rest")
        };
        let _ = writeln!(s, "**{verdict}**");
        s
    }

    /// One row per check (positions tried, failures, time, what it covers) and a total.
    fn checks_table(&self) -> Table {
        let mut t = Table::new(vec![
            Column::left("check"),
            Column::left("engine"),
            Column::right("positions"),
            Column::right("failures"),
            Column::right("time"),
            Column::left("covers"),
        ]);
        for r in &self.rows {
            let (tried, fails) = match &r.status {
                Status::Ran => (r.tried.to_string(), r.failures.to_string()),
                Status::NotRun(why) => {
                    let f = if self.require_oracles {
                        "FAIL (required)"
                    } else {
                        "—"
                    };
                    (format!("not run: {why}"), f.to_string())
                }
            };
            t.push_row([
                r.check.clone(),
                r.engine.clone(),
                tried,
                fails,
                fmt_duration(r.elapsed),
                r.detail.clone(),
            ]);
        }
        let total: u64 = self.rows.iter().map(|r| r.tried).sum();
        let fails: u64 = self.rows.iter().map(|r| r.failures).sum();
        t.push_row([
            "**total**".to_string(),
            String::new(),
            total.to_string(),
            fails.to_string(),
            fmt_duration(self.elapsed),
            String::new(),
        ]);
        t
    }

    /// The mutants table (which check caught which mutant) and one reproducer per catch.
    fn mutants_md(&self, s: &mut String) {
        let _ = writeln!(s, "## Mutants (caught = a wrong answer found)\n");
        let mut columns = vec![Column::left("mutant")];
        columns.extend(
            self.mutant_checks
                .iter()
                .map(|c| Column::center(c.as_str())),
        );
        columns.push(Column::left("verdict"));
        let mut t = Table::new(columns);
        for m in &self.mutants {
            let mut row = vec![m.mutant.clone()];
            row.extend(m.cells.iter().map(|c| match c {
                MutantCell::Caught(_) => "caught".to_string(),
                MutantCell::NotCaught(n) => format!("· ({n})"),
                MutantCell::NotRun(_) => "not run".to_string(),
            }));
            let verdict = if m.caught() {
                "caught"
            } else {
                "**NOT CAUGHT**"
            };
            row.push(verdict.to_string());
            t.push_row(row);
        }
        s.push_str(&PipeTable.render(&t));
        let _ = writeln!(s, "\nOne reproducer per mutant and check that caught it:\n");
        for m in &self.mutants {
            for c in &m.cells {
                if let MutantCell::Caught(f) = c {
                    let _ = writeln!(
                        s,
                        "- {} / {}: `{}` expected {}, got {} — `{}`",
                        m.mutant,
                        f.check,
                        f.moves,
                        f.expected,
                        f.got,
                        f.command()
                    );
                }
            }
        }
        s.push('\n');
    }

    /// The checks whose oracle did not run: a line each, as every skipped check prints it
    /// (scripts/test.sh counts these lines). Returns how many.
    fn not_run_md(&self, s: &mut String) -> usize {
        let not_run: Vec<&CheckRow> = self.not_run().collect();
        if not_run.is_empty() {
            return 0;
        }
        let _ = writeln!(
            s,
            "Oracles not run ({}): install them with `{}`.\n",
            if self.require_oracles {
                "a failure: TREEBENCH_REQUIRE_ORACLES=1"
            } else {
                "not counted as passed"
            },
            super::oracle::SETUP
        );
        let tag = if self.require_oracles {
            "FAILED"
        } else {
            "SKIPPED"
        };
        for r in &not_run {
            if let Status::NotRun(why) = &r.status {
                let why = why.lines().next().unwrap_or_default();
                let _ = writeln!(s, "{tag}: verify {} on {}: {why}", r.check, r.engine);
            }
        }
        s.push('\n');
        not_run.len()
    }
}

/// Progress of the full 8-ply book: done, failures, this run's speed and the projection.
fn full_book_md(s: &mut String, b: &FullBookSummary) {
    let _ = writeln!(s, "## Full 8-ply book ({})\n", b.engine);
    let _ = writeln!(
        s,
        "{} of {} positions done ({} before this run, {} now), {} failures; results in `{}`.",
        b.done_before + b.done_now,
        b.total,
        b.done_before,
        b.done_now,
        b.failures,
        b.results
    );
    let _ = writeln!(
        s,
        "This run: {} wall on {} threads, {} mean per solve; projected: {} for the rest, {} for the whole book.\n",
        fmt_duration(b.elapsed),
        b.threads,
        fmt_duration(b.mean_solve),
        fmt_duration(b.projected_remaining),
        fmt_duration(b.projected_total)
    );
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_markdown())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reproducer_quotes_ext_specs() {
        let f = Failure {
            check: "bitbully".into(),
            spec: "ext:python3 tools/my engine.py".into(),
            board: "7x6".into(),
            moves: String::new(),
            expected: "1".into(),
            got: "2".into(),
        };
        assert_eq!(
            f.command(),
            "treebench solve --engine 'ext:python3 tools/my engine.py' ''"
        );
    }
}
