//! The verification suite: a short run passes on the real engine, a mutant run catches every
//! mutant, and the `treebench verify` command line behaves.

mod common;
use common::Within;
use treebench::verify::report::MutantCell;
use treebench::verify::{run, VerifyOptions};

fn short() -> VerifyOptions {
    VerifyOptions {
        plies: 14..=30,
        positions: 120,
        book_samples: 4,
        book_lookups: 2,
        bitbully_12ply: 4,
        bitbully_8ply: 0,
        bitbully_per_ply: 1,
        playouts_per_ply: 2,
        brute_4x4: false,
        brute_5x4: 200,
        threads: 2,
        // As the surrounding run asks (TREEBENCH_REQUIRE_ORACLES): a missing oracle fails the
        // run when required, else its check is reported as skipped (below).
        require_oracles: treebench::util::oracles::required().unwrap(),
        ..VerifyOptions::default()
    }
}

/// Print a `SKIPPED:` line (past the harness's capture) for every check of `report` that did
/// not run; with oracles required such a report has already failed.
fn note_skipped(report: &treebench::verify::report::VerifyReport) {
    for r in report.not_run() {
        common::oracle_missing(&format!("verify check `{}` did not run", r.check));
    }
}

#[test]
fn short_run_passes_on_mtdf() {
    let report = run(&short()).unwrap();
    let text = report.to_markdown();
    assert!(report.passed(), "{text}");
    note_skipped(&report);
    for check in [
        "drivers",
        "parallel",
        "mirror",
        "units-parity",
        "units-playout",
        "brute-5x4",
    ] {
        let row = report.rows.iter().find(|r| r.check == check).expect(check);
        assert!(row.tried > 0, "{check} ran nothing:\n{text}");
        assert_eq!(row.failures, 0, "{text}");
    }
    assert!(text.contains("| drivers | mtdf |"), "{text}");
}

/// Small settings that still catch each mutant: the exhaustive 4×4 check catches the search
/// mutants, the parity rule catches `moves-left-parity`, and the 7×6 mirror check catches
/// `mirror-wrong-key` (the mirror lookup only runs with ≥ 20 empty cells).
#[test]
fn mutant_run_catches_every_mutant() {
    let opts = VerifyOptions {
        mutants: true,
        only_mutants: true,
        only: vec!["units-parity".into(), "mirror".into(), "brute-4x4".into()],
        plies: 14..=18,
        mutant_positions: 150,
        brute_4x4: true,
        brute_5x4: 0,
        ..short()
    };
    let report = run(&opts).unwrap();
    let text = report.to_markdown();
    assert_eq!(report.mutants.len(), 7, "{text}");
    for m in &report.mutants {
        assert!(m.caught(), "{} not caught:\n{text}", m.mutant);
        for c in &m.cells {
            if let MutantCell::Caught(f) = c {
                assert!(!f.spec.is_empty() && f.expected != f.got, "{f}");
            }
        }
    }
    assert!(report.passed(), "{text}");
}

/// `--mutant-first-catch`: each mutant's row is caught by exactly one check, every check before
/// it ran and did not catch it, and every check after it is "not run" (the same verdicts as the
/// full matrix above, on the same settings).
#[test]
fn first_catch_stops_each_mutant_at_its_first_catching_check() {
    let opts = VerifyOptions {
        mutants: true,
        only_mutants: true,
        mutant_first_catch: true,
        only: vec!["units-parity".into(), "mirror".into(), "brute-4x4".into()],
        plies: 14..=18,
        mutant_positions: 150,
        brute_4x4: true,
        brute_5x4: 0,
        ..short()
    };
    let report = run(&opts).unwrap();
    let text = report.to_markdown();
    assert_eq!(report.mutants.len(), 7, "{text}");
    for m in &report.mutants {
        let first = m
            .cells
            .iter()
            .position(|c| matches!(c, MutantCell::Caught(_)))
            .unwrap_or_else(|| panic!("{} not caught:\n{text}", m.mutant));
        assert!(
            m.cells[..first]
                .iter()
                .all(|c| matches!(c, MutantCell::NotCaught(n) if *n > 0)),
            "{text}"
        );
        assert!(
            m.cells[first + 1..]
                .iter()
                .all(|c| matches!(c, MutantCell::NotRun(_))),
            "{text}"
        );
    }
    assert!(
        report.passed() && text.contains("each stopped at the first check"),
        "{text}"
    );
}

fn treebench(args: &[&str], env: &[(&str, &str)]) -> (i32, String, String) {
    let mut cmd = common::bin();
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output_within();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_passes_and_prints_the_table() {
    let (code, out, err) = treebench(
        &[
            "verify",
            "--plies",
            "24-30",
            "--positions",
            "40",
            "--check",
            "drivers",
            "--check",
            "units-parity",
        ],
        &[],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("| drivers | mtdf | 4"), "{out}");
    assert!(
        out.contains("**PASSED**") && !out.contains("SKIPPED"),
        "{out}"
    );
}

#[test]
fn cli_reports_a_caught_mutant_and_fails_on_a_mutant_engine() {
    // The mutant matrix passes when the mutant is caught.
    let (code, out, err) = treebench(
        &[
            "verify",
            "--only-mutants",
            "--mutant",
            "moves-left-parity",
            "--check",
            "units-parity",
            "--plies",
            "24-28",
            "--mutant-positions",
            "40",
        ],
        &[],
    );
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("| moves-left-parity | caught | caught |"),
        "{out}"
    );
    // Verifying a mutant as if it were the engine fails, with a reproducer command.
    let (code, out, _) = treebench(
        &[
            "verify",
            "--engine",
            "mtdf:mutant=moves-left-parity",
            "--check",
            "units-parity",
            "--plies",
            "24-28",
            "--positions",
            "40",
        ],
        &[],
    );
    assert_eq!(code, 1, "{out}");
    // (verify's engines take ordinary pages, and the reproducer names the engine that failed)
    assert!(
        out.contains("treebench solve --engine 'mtdf:huge=off,mutant=moves-left-parity' "),
        "{out}"
    );
    assert!(out.contains("FAILED"), "{out}");
}

#[test]
fn cli_missing_oracle_is_not_run_or_a_failure_when_required() {
    let args = [
        "verify",
        "--check",
        "bitbully",
        "--plies",
        "28-30",
        "--positions",
        "6",
    ];
    // Not required: the surrounding test run may require oracles, so say "0" explicitly.
    let env = [
        ("PYTHON", "/nonexistent/python3"),
        ("TREEBENCH_REQUIRE_ORACLES", "0"),
    ];
    let (code, out, err) = treebench(&args, &env);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("not run") && out.contains("scripts/setup-oracles.sh"),
        "{out}"
    );
    assert!(!out.contains("| bitbully | mtdf | 0 | 0"), "{out}");
    // Counted as skipped (a `SKIPPED: ` line), never printed as passed.
    assert!(
        out.lines()
            .any(|l| l.starts_with("SKIPPED: verify bitbully on mtdf")),
        "{out}"
    );
    assert!(
        !out.contains("PASSED") && out.contains("NOT VERIFIED"),
        "{out}"
    );
    let env = [
        ("PYTHON", "/nonexistent/python3"),
        ("TREEBENCH_REQUIRE_ORACLES", "1"),
    ];
    let (code, out, _) = treebench(&args, &env);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("FAIL (required)"), "{out}");
}

#[test]
fn cli_rejects_bad_input() {
    let (code, _, err) = treebench(&["verify", "--engine", "ttt-minimax"], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("Connect-4 engines only"), "{err}");
    let (code, _, err) = treebench(&["verify", "--plies", "40-50"], &[]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = treebench(&["verify", "--check", "nonsense"], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("unknown check"), "{err}");
    // no seeded position a ply is no check at all: refused, not a table of zeros
    let (code, _, err) = treebench(&["verify", "--game", "chess", "--per-ply", "0"], &[]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("'--per-ply <PER_PLY>': 0 is not in 1.."),
        "{err}"
    );
    // one reading of the requirement: a value other than 0 or 1 is refused, not read as "no"
    let (code, _, err) = treebench(
        &["verify", "--check", "bitbully"],
        &[("TREEBENCH_REQUIRE_ORACLES", "yes")],
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("TREEBENCH_REQUIRE_ORACLES=yes: expected 1"),
        "{err}"
    );
}
