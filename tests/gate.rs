//! The gate and external engines through the binary: self-comparison passes, a much slower
//! variant fails with exit 1, a mutant fails with exit 3, the node signature is checked,
//! `ext:` engines (treebench's own `serve`, a fake of Pons' output format) work unchanged, and
//! a crashing, hanging, garbage-answering or killed engine process is a clear failure that
//! keeps the records so far.

use std::path::Path;
use std::process::Output;
use treebench::runner::fresh::{warm_check_solves, WARM_UP};
use treebench::runner::paired::FRESH_CHECK_POSITIONS;

mod common;

use common::{bin, scratch, Within};

const BIN: &str = env!("CARGO_BIN_EXE_treebench");

/// `PYTHON tests/data/FILE`: a Python stand-in engine run by the oracles' Python.
fn script(file: &str) -> String {
    format!("{} {}", treebench::util::oracles::python(), data(file))
}

fn data(file: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(file)
        .to_string_lossy()
        .into_owned()
}

fn text(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

fn gate(args: &[&str], dir: &Path) -> (Output, serde_json::Value) {
    let json = dir.join("gate.json");
    let _ = std::fs::remove_file(&json);
    let o = bin()
        .current_dir(dir)
        .arg("gate")
        .args(args)
        .arg("--json")
        .arg(&json)
        .output_within();
    let v = std::fs::read_to_string(&json)
        .map(|t| serde_json::from_str(&t).unwrap())
        .unwrap_or(serde_json::Value::Null);
    (o, v)
}

fn pairs(v: &serde_json::Value) -> u64 {
    v["speed"]["looks"]
        .as_array()
        .and_then(|l| l.last())
        .map_or(0, |l| l["pairs"].as_u64().unwrap())
}

#[test]
fn gate_against_itself_passes() {
    let dir = scratch("self");
    let (o, v) = gate(
        &[
            "--baseline",
            "mtdf",
            "--candidate",
            "mtdf",
            "--max-pairs",
            "300",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(v["verdict"], "pass");
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(md.contains("## treebench gate: ✅ PASS"), "{md}");
    assert!(md.contains("same search tree size"), "{md}");
    eprintln!("self: {} pairs, {:.1} s", pairs(&v), v["elapsed_s"]);
}

#[test]
fn gate_fails_a_much_slower_variant_with_exit_1() {
    // Centre-first ordering instead of threat ordering: several times the nodes, so roughly
    // twice the time per position or more; no amount of timing noise flips that.
    let dir = scratch("slow");
    let (o, v) = gate(
        &[
            "--baseline",
            "mtdf",
            "--candidate",
            "mtdf:order=centre",
            "--max-pairs",
            "200",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(1), "{}", text(&o));
    assert_eq!(v["verdict"], "slower");
    assert!(pairs(&v) <= 200);
    let last = v["speed"]["looks"].as_array().unwrap().last().unwrap();
    assert!(last["ratio"].as_f64().unwrap() > 1.2, "{last}");
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(md.contains("FAIL: the candidate is slower"), "{md}");
    assert!(md.contains("| **total** |"), "a node diff: {md}");
    eprintln!("order=centre: {} pairs, {:.1} s", pairs(&v), v["elapsed_s"]);
}

#[test]
fn gate_says_faster_when_the_whole_interval_is_below_one() {
    // The slow variant of the test above as the baseline: a pass, and its line says faster
    // (before: "within 2% of the baseline" for a candidate several times faster).
    let dir = scratch("fast");
    let (o, v) = gate(
        &[
            "--baseline",
            "mtdf:order=centre",
            "--candidate",
            "mtdf",
            "--max-pairs",
            "200",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(v["verdict"], "pass");
    let last = v["speed"]["looks"].as_array().unwrap().last().unwrap();
    assert!(last["ratio_ci"][1].as_f64().unwrap() < 1.0, "{last}");
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(
        md.contains("✅ faster than the baseline (the whole interval below 1)"),
        "{md}"
    );
    assert!(!md.contains("within 2% of the baseline"), "{md}");
}

#[test]
fn gate_fails_a_mutant_with_exit_3_and_reproducers() {
    let dir = scratch("mutant");
    let (o, v) = gate(
        &["--baseline", "mtdf", "--candidate", "mtdf:mutant=drop-move"],
        &dir,
    );
    assert_eq!(o.status.code(), Some(3), "{}", text(&o));
    assert_eq!(v["verdict"], "wrong");
    assert!(v["speed"].is_null(), "no timings after a disagreement");
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(
        md.contains("treebench solve --engine 'mtdf:mutant=drop-move'"),
        "{md}"
    );
}

#[test]
fn expect_nodes_and_bench_signature() {
    let dir = scratch("sig");
    let sig = data("node-signature.txt");
    let o = bin().args(["bench", "--check", &sig]).output_within();
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let o = bin()
        .args(["bench", "--engine", "mtdf:etc=off", "--check", &sig])
        .output_within();
    assert_eq!(o.status.code(), Some(4), "{}", text(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(out.contains("MISMATCH") && out.contains("--write"), "{out}");

    // A parallel engine has no node signature: refused with a clear message, nothing written.
    let written = dir.join("par-sig.txt");
    let o = bin()
        .args(["bench", "--engine", "mtdf:threads=2", "--write"])
        .arg(&written)
        .output_within();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(
        text(&o).contains("no node signature") && text(&o).contains("threads=1"),
        "{}",
        text(&o)
    );
    assert!(!written.exists());

    let total: String = std::fs::read_to_string(&sig)
        .unwrap()
        .lines()
        .find_map(|l| {
            l.strip_prefix("total positions 25 nodes ")
                .map(str::to_string)
        })
        .unwrap();
    let args = |n: &str| {
        [
            "--baseline",
            "mtdf",
            "--candidate",
            "mtdf",
            "--max-pairs",
            "0",
            "--expect-nodes",
        ]
        .iter()
        .map(|s| s.to_string())
        .chain([n.to_string()])
        .collect::<Vec<_>>()
    };
    let a = args(&total);
    let (o, _) = gate(&a.iter().map(String::as_str).collect::<Vec<_>>(), &dir);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let a = args("12345");
    let (o, v) = gate(&a.iter().map(String::as_str).collect::<Vec<_>>(), &dir);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o));
    assert_eq!(v["verdict"], "signature_mismatch");
}

#[test]
fn serve_speaks_the_protocol() {
    let mut child = bin()
        .args(["serve", "--engine", "mtdf"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"4455\nnoreset\n4444444\nreset\nxyz\n21467565176416\n")
        .unwrap();
    let o = common::finish(child, "serve");
    let out = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 6, "{out}");
    assert_eq!(lines[1], "ok");
    assert!(lines[2].starts_with("error "), "{out}");
    assert_eq!(lines[3], "ok");
    assert!(lines[4].starts_with("error "), "{out}");
    let f: Vec<&str> = lines[5].split_whitespace().collect();
    assert_eq!(f.len(), 3);
    assert_eq!(f[0], "7", "{out}");
}

/// `treebench solve` on the given positions with an engine; the answer lines.
fn solve(engine: &str, positions: &[&str]) -> Output {
    bin()
        .args(["solve", "--engine", engine])
        .args(positions)
        .output_within()
}

fn scores(o: &Output) -> Vec<(String, String)> {
    String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (f[0].to_string(), f[1].to_string())
        })
        .collect()
}

const SOME: [&str; 4] = ["42151616336174", "21467565176416", "14462762343332", "4455"];

#[test]
fn ext_engines_agree_with_in_process_ones() {
    let own = solve("mtdf", &SOME);
    assert!(own.status.success(), "{}", text(&own));
    let specs = [
        format!("ext:{BIN} serve --engine mtdf"),
        format!("ext:{} {BIN}", script("fake_pons.py")),
        format!("ext:{} {BIN} --short", script("fake_pons.py")),
        format!("ext[fresh]:{} {BIN}", script("fake_pons.py")),
    ];
    for spec in &specs {
        let o = solve(spec, &SOME);
        assert!(o.status.success(), "{spec}: {}", text(&o));
        assert_eq!(scores(&o), scores(&own), "{spec}");
    }
    // A bad position is answered `error …` and the process keeps serving.
    let o = solve(&specs[0], &["4444444", "4455"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert!(String::from_utf8_lossy(&o.stderr).contains("line 1: bad position"));
    assert_eq!(scores(&o).len(), 1);
}

#[test]
fn gate_runs_with_ext_engines() {
    let dir = scratch("ext");
    let serve = format!("ext[clock=cpu]:{BIN} serve --clock cpu --engine mtdf");
    let (o, v) = gate(
        &[
            "--baseline",
            "mtdf",
            "--candidate",
            &serve,
            "--max-pairs",
            "50",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(
        v["baseline_signature"], v["candidate_signature"],
        "same nodes through the pipe"
    );
    // Both sides pinned to one CPU by default (the engine process inherits it), named in the
    // report; `--cpu off` leaves them free.
    let cpu = v["cpu"].as_u64().expect("pinned to a CPU");
    assert!(
        text(&o).contains(&format!("every solve on CPU {cpu}")),
        "{}",
        text(&o)
    );
    let (o, v) = gate(
        &[
            "--baseline",
            "mtdf",
            "--candidate",
            &serve,
            "--max-pairs",
            "0",
            "--cpu",
            "off",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert!(
        v["cpu"].is_null() && text(&o).contains("not pinned to a CPU"),
        "{}",
        text(&o)
    );
    // Pons' output format, table kept between lines, one process per position.
    let pons = format!("ext[fresh]:{} {BIN}", script("fake_pons.py"));
    let (o, _) = gate(
        &[
            "--baseline",
            "mtdf",
            "--candidate",
            &pons,
            "--max-pairs",
            "0",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

fn flaky(mode: &str, n: u32, extra: &str) -> String {
    format!("ext{extra}:{} {BIN} {mode} {n}", script("flaky_engine.py"))
}

#[test]
fn a_dying_engine_fails_clearly_and_is_restarted() {
    // Dies on its second position: line 2 fails with the exit status and the stderr line, the
    // process is restarted for line 3.
    let o = solve(&flaky("die", 1, ""), &SOME[..3]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("line 2: engine failure"), "{err}");
    assert!(err.contains("exit status 7"), "{err}");
    assert!(err.contains("flaky: dying after 1 positions"), "{err}");
    assert_eq!(scores(&o).len(), 2, "lines 1 and 3 solved: {}", text(&o));

    let o = solve(&flaky("garbage", 0, ""), &SOME[..1]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("answered garbage `hello world`"), "{err}");

    let o = solve(&flaky("hang", 0, "[timeout=1]"), &SOME[..1]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("gave no answer within 1.0 s"), "{err}");
}

const RUN: &str = r#"seed = 5
plies = [16, 18]
positions = 4
repeats = 1
"#;

#[test]
fn a_crash_mid_run_keeps_the_records() {
    let dir = scratch("crash");
    let exp = dir.join("crash.toml");
    std::fs::write(
        &exp,
        format!(
            "name = \"crash\"\n{RUN}engines = [\"mtdf\", \"{}\"]\n",
            // after the warm-table check's solves (`run` checks an engine that may keep its
            // table before the first position) and 3 positions
            flaky(
                "die",
                warm_check_solves(FRESH_CHECK_POSITIONS) as u32 + 3,
                ""
            )
            .replace('\\', "\\\\")
        ),
    )
    .unwrap();
    let o = bin()
        .current_dir(&dir)
        .args(["run", exp.to_str().unwrap(), "--no-report"])
        .output_within();
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("failed on `"), "{err}");
    assert!(err.contains("exit status 7"), "{err}");
    let csv = std::fs::read_to_string(dir.join("results/crash.csv")).unwrap();
    assert_eq!(
        csv.lines().count(),
        1 + 3 * 2,
        "header + 3 positions × 2 engines\n{csv}"
    );
}

#[test]
fn killing_the_engine_process_mid_run_is_a_clear_failure() {
    let dir = scratch("kill");
    let pidfile = dir.join("engine.pid");
    // The gate's untimed warm-up solves (the last WARM_UP positions: the engine may keep its
    // table) are the engine's first answers, then 2 positions.
    let spec = format!(
        "{} {}",
        flaky("pidfile", WARM_UP as u32 + 2, ""),
        pidfile.display()
    );
    let mut child = bin()
        .current_dir(&dir)
        .args([
            "gate",
            "--baseline",
            "mtdf",
            "--candidate",
            &spec,
            "--records",
            "gate.csv",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    common::wait_for_file(&pidfile, &mut child);
    let pid: u32 = std::fs::read_to_string(&pidfile)
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    common::signal(pid, "-9");
    let o = common::finish(child, "the gate whose engine was killed");
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("killed by signal 9"), "{err}");
    assert!(err.contains("the solves so far are in"), "{err}");
    let csv = std::fs::read_to_string(dir.join("gate.csv")).unwrap();
    assert_eq!(
        csv.lines().count(),
        1 + 2 * 2,
        "header + 2 positions × 2 engines\n{csv}"
    );
}

/// Pons' solver's `--short` output (`moves score`: no time, no nodes), 20 ms per position,
/// table reset per position: as the baseline against `mtdf` (about 1 ms) both sides are timed by
/// wall time (its round trip), so the candidate is not "slower"; nodes show as n/a.
#[test]
fn a_pons_like_engine_without_times_is_timed_by_the_round_trip() {
    let dir = scratch("pons-short");
    let pons = format!(
        "ext:{} {BIN} --short --forget --sleep-ms 20",
        script("fake_pons.py")
    );
    let md_path = dir.join("gate.md");
    let (o, v) = gate(
        &[
            "--baseline",
            &pons,
            "--candidate",
            "mtdf",
            "--max-pairs",
            "100",
            "--markdown",
            md_path.to_str().unwrap(),
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(v["verdict"], "pass", "{v}");
    assert_eq!(v["baseline_time"], "round_trip", "{v}");
    assert_eq!(v["candidate_time"], "wall", "{v}");
    assert!(v["baseline_signature"].is_null(), "{v}");
    assert!(v["candidate_signature"].is_object(), "{v}");
    let last = v["speed"]["looks"].as_array().unwrap().last().unwrap();
    let ratio = last["ratio"].as_f64().unwrap();
    assert!(
        ratio < 1.0,
        "mtdf is not slower than a 20 ms engine: {last}"
    );
    let md = std::fs::read_to_string(&md_path).unwrap();
    assert!(md.contains("baseline n/a"), "{md}");
    assert!(md.contains("| n/a |"), "{md}");
    assert!(
        md.contains("baseline by wall time of the round trip"),
        "{md}"
    );
    eprintln!(
        "pons --short --sleep-ms 20 vs mtdf: ratio {ratio:.4}, {} pairs, {:.1} s",
        pairs(&v),
        v["elapsed_s"]
    );
}

/// An engine that keeps its table between positions (Pons' solver without `fresh`) would be
/// timed warm: the gate refuses it (exit 2), demands `fresh`, and still writes its reports.
#[test]
fn an_engine_that_keeps_its_table_is_refused() {
    let dir = scratch("keeps");
    for extra in ["", " --short"] {
        let pons = format!("ext:{} {BIN}{extra}", script("fake_pons.py"));
        let (o, v) = gate(
            &[
                "--baseline",
                "mtdf",
                "--candidate",
                &pons,
                "--max-pairs",
                "0",
            ],
            &dir,
        );
        assert_eq!(o.status.code(), Some(2), "{}", text(&o));
        assert_eq!(v["verdict"], "error", "{v}");
        let f = v["failure"].as_str().unwrap();
        assert!(
            f.contains("keeps its table") && f.contains("ext[fresh]"),
            "{f}"
        );
        let md = String::from_utf8_lossy(&o.stdout);
        assert!(
            md.contains("ERROR: no verdict") && md.contains("keeps its table"),
            "{md}"
        );
    }
    // With `fresh` (one process per position) the same engine is gated.
    let pons = format!("ext[fresh]:{} {BIN} --short", script("fake_pons.py"));
    let (o, v) = gate(
        &[
            "--baseline",
            &pons,
            "--candidate",
            "mtdf",
            "--max-pairs",
            "0",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    assert_eq!(v["baseline_time"], "round_trip", "{v}");
}

/// Both sides on one clock: an `ext:` engine reporting wall time (the default) has the
/// in-process side timed by wall time too, whatever `--clock` says, and the report names the
/// clock; one reporting CPU time (`clock=cpu`) against one reporting wall time is refused.
#[test]
fn the_gate_never_mixes_clocks() {
    let dir = scratch("clocks");
    let wall = format!("ext:{BIN} serve --clock wall --engine mtdf");
    let (o, v) = gate(
        &[
            "--baseline",
            "mtdf",
            "--candidate",
            &wall,
            "--max-pairs",
            "50",
            "--clock",
            "cpu",
        ],
        &dir,
    );
    // What is checked here is the clock, not the speed verdict: on a loaded machine the
    // process round trip can make the wall-clock candidate slower (exit 1), which is no error.
    assert!(matches!(o.status.code(), Some(0 | 1)), "{}", text(&o));
    assert_eq!(
        (&v["clock"], &v["baseline_time"], &v["candidate_time"]),
        (&"wall".into(), &"wall".into(), &"engine_report".into()),
        "{v}"
    );
    let md = String::from_utf8_lossy(&o.stdout);
    assert!(md.contains("both on the wall clock"), "{md}");
    let cpu = format!("ext[clock=cpu]:{BIN} serve --clock cpu --engine mtdf");
    let (o, v) = gate(
        &[
            "--baseline",
            &cpu,
            "--candidate",
            &wall,
            "--max-pairs",
            "50",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let f = v["failure"].as_str().unwrap();
    assert!(
        f.contains("different clocks")
            && f.contains("reports thread CPU time")
            && f.contains("reports wall time"),
        "{f}"
    );
}

/// An engine that resets its table but zeroes it lazily (tests/data/lazy_table.py: its first
/// solves pay page faults, its re-solves do not, with the same nodes) passes the warm-table
/// check; the same engine keeping its table (`--keep`) is still refused.
#[test]
fn a_lazily_zeroed_table_is_not_a_warm_one() {
    let dir = scratch("lazy");
    for _ in 0..2 {
        let lazy = format!("ext:{} {BIN}", script("lazy_table.py"));
        let (o, v) = gate(
            &[
                "--baseline",
                "mtdf",
                "--candidate",
                &lazy,
                "--max-pairs",
                "0",
            ],
            &dir,
        );
        assert_eq!(o.status.code(), Some(0), "{}", text(&o));
        assert_eq!(v["verdict"], "pass", "{v}");
    }
    let warm = format!("ext:{} {BIN} --keep", script("lazy_table.py"));
    let (o, v) = gate(
        &[
            "--baseline",
            "mtdf",
            "--candidate",
            &warm,
            "--max-pairs",
            "0",
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    let f = v["failure"].as_str().unwrap();
    assert!(f.contains("keeps its table") && f.contains("nodes"), "{f}");
}

/// `run` checks an engine that may keep its table as the gate does: it stops with the gate's
/// advice, or with `--allow-warm` runs it and records the warning in the metadata.
#[test]
fn run_refuses_a_warm_engine_or_records_it() {
    let dir = scratch("run-warm");
    let pons = format!("ext:{} {BIN}", script("fake_pons.py"));
    let exp = dir.join("warm.toml");
    std::fs::write(
        &exp,
        format!(
            "name = \"warm\"\nseed = 3\nplies = [16, 18]\npositions = 3\nengines = [\"mtdf\", {}]\n",
            serde_json::Value::String(pons.clone())
        ),
    )
    .unwrap();
    let run = |extra: &[&str]| {
        bin()
            .current_dir(&dir)
            .args(["run", "warm.toml", "--no-report", "--force"])
            .args(extra)
            .output_within()
    };
    let o = run(&[]);
    assert_ne!(o.status.code(), Some(0), "{}", text(&o));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("keeps its table")
            && err.contains("ext[fresh]")
            && err.contains("--allow-warm"),
        "{err}"
    );
    let o = run(&["--allow-warm"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
    let meta: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("results/warm.meta.json")).unwrap())
            .unwrap();
    let w = meta["warm_tables"][0].as_str().unwrap_or_default();
    assert!(w.starts_with(&pons) && w.contains("nodes"), "{meta}");
    // A fresh engine runs without a warning.
    let fresh = format!("ext[fresh]:{} {BIN}", script("fake_pons.py"));
    std::fs::write(
        &exp,
        format!(
            "name = \"warm\"\nseed = 3\nplies = [16, 18]\npositions = 3\nengines = [\"mtdf\", {}]\n",
            serde_json::Value::String(fresh)
        ),
    )
    .unwrap();
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o));
}

/// A failing `ext:` engine still gets the JSON and Markdown reports, with the failure.
#[test]
fn a_failing_engine_still_gets_a_report() {
    let dir = scratch("fail-report");
    let md_path = dir.join("gate.md");
    let (o, v) = gate(
        &[
            "--baseline",
            "mtdf",
            "--candidate",
            &flaky("die", 3, ""),
            "--markdown",
            md_path.to_str().unwrap(),
        ],
        &dir,
    );
    assert_eq!(o.status.code(), Some(2), "{}", text(&o));
    assert_eq!(v["verdict"], "error", "{v}");
    assert!(
        v["failure"].as_str().unwrap().contains("exit status 7"),
        "{v}"
    );
    let md = std::fs::read_to_string(&md_path).unwrap();
    assert!(
        md.contains("ERROR: no verdict") && md.contains("exit status 7"),
        "{md}"
    );
}

/// `gate --sprt`: the verdict in the JSON report and the exit code of the process.
fn games_gate(
    name: &str,
    candidate: &str,
    baseline: &str,
    extra: &[&str],
) -> (i32, serde_json::Value) {
    let dir = scratch(name);
    let mut args = vec![
        "--sprt",
        "0,5",
        "--candidate",
        candidate,
        "--baseline",
        baseline,
        "--concurrency",
        "2",
    ];
    args.extend_from_slice(extra);
    let (o, v) = gate(&args, &dir);
    if v.is_null() {
        panic!("no report: {}", text(&o));
    }
    (o.status.code().unwrap_or(-1), v)
}

#[test]
fn the_gate_by_games_passes_a_deeper_candidate_and_fails_a_shallower_one() {
    // The deeper candidate plays through `serve --choose` (as a `--candidate-rev` build does).
    let deeper = format!("ext:{BIN} serve --choose --engine negamax:depth=7,eval=threats");
    let (code, v) = games_gate(
        "gate-games-pass",
        &deeper,
        "negamax:depth=6,eval=threats",
        &[],
    );
    assert_eq!((code, v["verdict"].as_str()), (0, Some("pass")), "{v}");
    let last = |v: &serde_json::Value| v["llr_path"].as_array().unwrap().last().unwrap().as_f64();
    assert!(last(&v).unwrap() >= v["llr_bounds"][1].as_f64().unwrap());
    assert!(
        v["wins"].as_u64() > v["losses"].as_u64() && v["forfeits"] == 0,
        "{v}"
    );
    let (code, v) = games_gate(
        "gate-games-fail",
        "negamax:depth=5,eval=threats",
        "negamax:depth=6,eval=threats",
        &[],
    );
    assert_eq!((code, v["verdict"].as_str()), (1, Some("fail")), "{v}");
    assert!(last(&v).unwrap() <= v["llr_bounds"][0].as_f64().unwrap());
}

#[test]
fn the_gate_by_games_is_inconclusive_with_exit_5_at_max_games() {
    let same = "negamax:depth=4,eval=threats";
    let (code, v) = games_gate("gate-games-open", same, same, &["--max-games", "20"]);
    assert_eq!(
        (code, v["verdict"].as_str()),
        (5, Some("inconclusive")),
        "{v}"
    );
    assert_eq!(v["llr_path"].as_array().unwrap().len(), 10, "{v}");
    assert_eq!(v["wins"], v["losses"], "an engine against itself: {v}");
}
