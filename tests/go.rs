//! Go (`go2`..`go19`): the rules against OpenSpiel's `go` where `pyspiel` is installed (SKIPPED,
//! printed, where it is missing and `TREEBENCH_REQUIRE_ORACLES=0`), and the command line on the
//! built-in Go games.

use std::path::Path;

mod common;

/// OpenSpiel's `go` on 5x5 (`scripts/go_openspiel.py`: 2,000 seeded random games, about 70,000
/// positions, komi 0.5, both capped at 50 plies) against treebench's rules: every position's
/// legal moves (pass included) and every finished game's winner. OpenSpiel has the simple ko
/// rule only: a move it allows and treebench refuses must be refused by positional superko
/// alone (counted and printed); a game whose random move superko refuses is followed no
/// further. Needs `pyspiel`: missing, the test fails unless `TREEBENCH_REQUIRE_ORACLES=0`,
/// where it prints `SKIPPED:`.
#[test]
fn the_rules_agree_with_openspiel() {
    use treebench::game::go::Go5;
    use treebench::game::SearchGame;
    if !common::have_pyspiel() {
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/go_openspiel.py");
    let text = common::python_script(&script, ["2000", "20261205", "5"]);
    let g = Go5::default();
    let (mut positions, mut over, mut superko, mut cut) = (0, 0, 0, 0);
    let mut dead: Option<String> = None;
    for line in text.lines() {
        let (pos, what) = line.split_once('\t').unwrap();
        if dead.as_ref().is_some_and(|d| pos.starts_with(d.as_str())) {
            continue;
        }
        let Ok(s) = g.parse(pos) else {
            // OpenSpiel's random move is refused here: by superko, at the position before it
            let (before, last) = pos.rsplit_once(' ').unwrap();
            let b = g.parse(before).unwrap();
            let p = treebench::game::go::text::parse_point(5, last).unwrap();
            assert!(
                Go5::superko_refused(&b, p as usize),
                "{pos}: refused, not by superko"
            );
            dead = Some(format!("{pos} "));
            cut += 1;
            continue;
        };
        dead = None;
        if let Some(r) = what.strip_prefix("over ") {
            let v = g
                .terminal(&s, 0)
                .unwrap_or_else(|| panic!("{pos}: not over here"));
            let black = if s.black_to_move { v } else { -v };
            assert_eq!(
                if black > 0 { 1 } else { -1 },
                r.parse::<i32>().unwrap(),
                "{pos}: Black's margin {black} (komi 0 here, 0.5 in OpenSpiel)"
            );
            over += 1;
            continue;
        }
        assert_eq!(
            g.terminal(&s, 0),
            None,
            "{pos}: over here, not in OpenSpiel"
        );
        let ours = common::sorted_move_texts(&g, &s);
        let theirs: Vec<&str> = what.strip_prefix("moves ").unwrap().split(' ').collect();
        for m in &ours {
            assert!(
                theirs.contains(&m.as_str()),
                "{pos}: {m} legal here, not in OpenSpiel"
            );
        }
        for m in theirs.iter().filter(|m| !ours.iter().any(|o| o == *m)) {
            let p = treebench::game::go::text::parse_point(5, m).unwrap();
            assert!(
                Go5::superko_refused(&s, p as usize),
                "{pos}: {m} refused here, not by superko"
            );
            superko += 1;
        }
        positions += 1;
    }
    println!(
        "OpenSpiel go 5x5: {positions} positions agree, {over} finished games agree on the \
         winner; {superko} moves OpenSpiel allows are refused by positional superko; {cut} \
         games followed no further at such a move"
    );
    assert_eq!(over + cut, 2000);
    assert!(positions > 50_000, "{positions}");
}

/// OpenSpiel's `go` on 19x19 (`scripts/go_openspiel.py mask`: 200 seeded random games, about
/// 117,000 positions, komi 7.5 against treebench's 7, both capped at 722 plies, OpenSpiel's
/// `max_game_length`) against treebench's rules, replayed move by move: every position's legal
/// moves as a bit set and every finished game's winner; a move OpenSpiel allows and treebench
/// refuses must be refused by positional superko alone (counted, printed; such a game is
/// followed no further). Needs `pyspiel`, as the 5x5 test.
#[test]
fn the_19x19_rules_agree_with_openspiel() {
    if common::have_pyspiel() {
        let positions = masks_agree::<19, 441, 722, 64>(200);
        assert!(positions > 100_000, "{positions}");
    }
}

/// The same on 13x13 (200 games): OpenSpiel ends a game at 338 plies (its `max_game_length`),
/// treebench's cap is 676, so a game OpenSpiel ends there is compared by its winner as the
/// board stands.
#[test]
fn the_13x13_rules_agree_with_openspiel() {
    if common::have_pyspiel() {
        let positions = masks_agree::<13, 225, 676, 32>(200);
        assert!(positions > 30_000, "{positions}");
    }
}

/// Replay `games` of OpenSpiel's seeded random games on the board of side `N` and compare every
/// position's legal moves and every winner; the positions compared.
fn masks_agree<const N: usize, const CELLS: usize, const CAP: usize, const BLOOM: usize>(
    games: usize,
) -> usize {
    use treebench::game::go::{board::PASS, text::parse_point, Go};
    use treebench::game::{MoveList, SearchGame};
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/go_openspiel.py");
    let args = [
        "mask".to_string(),
        games.to_string(),
        "20261205".into(),
        N.to_string(),
    ];
    let text = common::python_script(&script, args);
    let action = |m: u16| match m {
        PASS => N * N,
        p => (usize::from(p) / (N + 2) - 1) * N + usize::from(p) % (N + 2) - 1,
    };
    let g = Go::<N, CELLS, CAP, BLOOM>::default();
    let mut s = Go::<N, CELLS, CAP, BLOOM>::empty();
    let (mut positions, mut over, mut superko, mut cut, mut dead) = (0, 0, 0, 0, false);
    for line in text.lines() {
        let (last, what) = line.split_once('\t').unwrap();
        if last == "start" {
            (s, dead) = (Go::<N, CELLS, CAP, BLOOM>::empty(), false);
        } else if dead {
            continue;
        } else if let Some(m) = g.parse_move(&s, last) {
            s = g.play(&s, m);
        } else {
            let p = parse_point(N, last).unwrap();
            let refused = Go::<N, CELLS, CAP, BLOOM>::superko_refused(&s, p as usize);
            assert!(refused, "{line}: refused, not by superko");
            (dead, cut) = (true, cut + 1);
            continue;
        }
        if let Some(r) = what.strip_prefix("over ") {
            let their_cap = usize::from(s.ply) == 2 * N * N;
            let v = g
                .terminal(&s, 0)
                .or_else(|| their_cap.then(|| Go::<N, CELLS, CAP, BLOOM>::score(&s)));
            let v = v.expect("over in OpenSpiel, not here");
            let black = if s.black_to_move { v } else { -v };
            let want: i32 = r.parse().unwrap();
            assert_eq!(i32::from(black > 0) * 2 - 1, want, "Black's margin {black}");
            over += 1;
            continue;
        }
        assert_eq!(g.terminal(&s, 0), None, "over here, not in OpenSpiel");
        let hex = what.strip_prefix("mask ").unwrap();
        let theirs = |a: usize| {
            u8::from_str_radix(&hex[a / 8 * 2..a / 8 * 2 + 2], 16).unwrap() >> (a % 8) & 1 == 1
        };
        let mut list = MoveList::default();
        g.moves(&s, &mut list);
        let mut ours = vec![false; N * N + 1];
        for &m in list.as_slice() {
            assert!(
                theirs(action(m)),
                "{}: legal here, not in OpenSpiel",
                g.move_text(&s, m)
            );
            ours[action(m)] = true;
        }
        let points = Go::<N, CELLS, CAP, BLOOM>::points();
        for p in points.filter(|&p| theirs(action(p as u16)) && !ours[action(p as u16)]) {
            assert!(
                Go::<N, CELLS, CAP, BLOOM>::superko_refused(&s, p),
                "{}: refused here, not by superko",
                g.move_text(&s, p as u16)
            );
            superko += 1;
        }
        positions += 1;
    }
    println!(
        "OpenSpiel go {N}x{N}: {positions} positions agree, {over} finished games agree on the \
         winner; {superko} moves OpenSpiel allows are refused by positional superko; {cut} \
         games followed no further at such a move"
    );
    assert_eq!(over + cut, games);
    positions
}

const GNUGO: &str = "/usr/games/gnugo";

/// An illegal GTP engine: it answers every command with `=` and `genmove` with `A1`.
const A1_ENGINE: &str = "gtp[game=go5]:python3 -c 'import sys\nfor l in sys.stdin:\n    \
    print(\"= A1\" if l.startswith(\"genmove\") else \"=\"); print(); sys.stdout.flush()'";

/// A GTP engine without time commands: `known_command` says `false` for them, `time_settings`
/// and `time_left` are answered `?`, and `genmove` with `pass`.
const NO_CLOCK_ENGINE: &str = "gtp[game=go5]:python3 -c 'import sys\nfor l in sys.stdin:\n    \
    c = l.split()\n    t = c[-1].startswith(\"time\")\n    \
    print(\"?\" if c[0].startswith(\"time\") else \"= pass\" if c[0] == \"genmove\" else \
    (\"= false\" if t else \"= true\") if c[0] == \"known_command\" else \"=\")\n    \
    print(); sys.stdout.flush()'";

/// The exact value of 2x2 Go from the empty board by treebench's own solver, searched to the
/// end (positional superko bounds the game below the 128-ply cap): Black wins by 1, Bill
/// Taylor's published value for area scoring with superko.
#[test]
fn go2_is_a_win_by_one_for_black() {
    let out = common::bin()
        .args(["solve", "-e", "go2-mtdf:depth=128", "go:2"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let fields: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(fields[..2], ["go:2", "1"], "{text}");
    assert!(!text.contains("estimate"), "{text}");
}

/// `verify --game go13` catches every mutant: its drivers are compared at depth 2 (a play copies
/// the state with its history), where a PVS that does not re-search a fail high is still right,
/// so the deeper check (depth 3 on 6 seeded positions of ply 118) must catch `pvs-no-research`.
#[test]
fn verify_go13_catches_every_mutant() {
    let out = common::bin()
        .args(["verify", "--game", "go13", "--per-ply", "1"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("| deep (every driver and variant = alpha-beta without a table, depth 3, 6 more positions, of ply 118) | 294 | passed |"),
        "{text}"
    );
    assert!(
        text.contains("| mutant pvs-no-research | | caught: `go13-pvs:depth=3,"),
        "{text}"
    );
}

/// GNU Go over GTP plays a 5x5 match against UCT: every game replays under treebench's rules
/// and ends by them, with the spec's budget and with a clock; an engine that plays an occupied
/// point loses by an illegal move; each match's SGF reads back in sgfmill; an engine without `time_settings` plays under a clock
/// without being told it (the match prints a note); a command that cannot start exits 2. GNU Go missing: fails unless
/// `TREEBENCH_REQUIRE_ORACLES=0`, where it prints `SKIPPED:`.
#[test]
fn gtp_engines_play_matches() {
    let dir = common::scratch("go-gtp");
    let games = dir.join("g.games.csv");
    let g = games.to_str().unwrap();
    let match_args = |second: &str| {
        let mut v: Vec<String> = ["match", "go5-uct:playouts=50"].map(String::from).to_vec();
        v.push(second.to_string());
        v.extend(
            [
                "--game",
                "go5",
                "--plies",
                "2",
                "--openings",
                "1",
                "--force",
                "--games",
                g,
            ]
            .map(String::from),
        );
        v
    };
    // an illegal move loses the game, with the reason
    let out = common::output(common::bin().args(match_args(A1_ENGINE)));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = common::csv_rows(&games);
    assert_eq!(rows.len(), 3, "{rows:?}");
    let reason = rows[0].iter().position(|h| h == "reason").unwrap();
    for r in &rows[1..] {
        assert!(r[reason].contains("illegal move A1"), "{r:?}");
    }
    sgf_agrees(&games);
    // under a clock, an engine that knows no `time_settings` is not sent it, and the match says so
    let mut args = match_args(NO_CLOCK_ENGINE);
    args.extend(["--tc", "5+0.1"].map(String::from));
    let out = common::output(common::bin().args(args));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("note: engine `gtp[game=go5]:python3")
            && text.contains("its clock was not passed"),
        "{text}"
    );
    assert_eq!(common::csv_rows(&games).len(), 3);
    sgf_agrees(&games);
    let out = common::output(common::bin().args(match_args("gtp[game=go5]:/nonexistent/gtp")));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("cannot start") && err.lines().count() == 1,
        "{err}"
    );
    if !Path::new(GNUGO).exists() {
        common::oracle_missing(&format!("{GNUGO} is missing (scripts/setup-engines.sh)"));
        return;
    }
    let gnugo = format!("gtp[game=go5]:{GNUGO} --mode gtp --level 1");
    let out = common::output(common::bin().args(match_args(&gnugo)));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = common::csv_rows(&games);
    let col = |name: &str| rows[0].iter().position(|h| h == name).unwrap();
    assert_eq!(rows.len(), 3, "{rows:?}");
    for r in &rows[1..] {
        assert_eq!(r[col("termination")], "rules", "{r:?}");
        let text = format!("{} {}", r[col("opening")], r[col("moves")]);
        let s = treebench::game::go::Go5::replay(text.split_whitespace().skip(1)).unwrap();
        assert!(treebench::game::go::Go5::over(&s), "{text}");
    }
    sgf_agrees(&games);
    // a clock: `time_settings` and `time_left` before `genmove`; nobody flagged
    let mut args = match_args(&gnugo);
    args.extend(["--tc", "5+0.1"].map(String::from));
    let out = common::output(common::bin().args(args));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let rows = common::csv_rows(&games);
    assert_eq!(rows.len(), 3, "{rows:?}");
    for r in &rows[1..] {
        assert_eq!(r[col("termination")], "rules", "{r:?}");
    }
}

/// The SGF beside `games` (`NAME.sgf`) read back by sgfmill (`scripts/check_sgf.py`): the same
/// games, moves and results as the games file. sgfmill missing: fails unless
/// `TREEBENCH_REQUIRE_ORACLES=0`, where it prints `SKIPPED:`.
fn sgf_agrees(games: &Path) {
    let sgf = games.with_file_name(
        games
            .file_name()
            .unwrap()
            .to_string_lossy()
            .replace(".games.csv", ".sgf"),
    );
    assert!(sgf.exists(), "{} is missing", sgf.display());
    let py = common::python();
    let have = std::process::Command::new(&py)
        .args(["-c", "import sgfmill"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have {
        common::oracle_missing("sgfmill is not installed (scripts/setup-oracles.sh)");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/check_sgf.py");
    let out = std::process::Command::new(&py)
        .arg(&script)
        .arg(games)
        .arg(&sgf)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Leaf count of the tree `depth` plies deep (a finished game is one leaf wherever it ends).
fn perft<G: treebench::game::SearchGame>(g: &G, s: &G::State, depth: u32) -> u64 {
    if depth == 0 || g.terminal(s, 0).is_some() {
        return 1;
    }
    let mut list = treebench::game::MoveList::default();
    g.moves(s, &mut list);
    list.as_slice()
        .iter()
        .map(|&m| perft(g, &g.play(s, m), depth - 1))
        .sum()
}

/// Move counts from the empty board against OpenSpiel's (`scripts/go_openspiel.py perft`):
/// 3x3 to depth 6, 5x5 to depth 3, 2x2 to depth 6 (OpenSpiel's 2x2 game ends at 8 plies, and
/// from ply 7 on positional superko refuses moves its simple ko allows). Needs `pyspiel` (as
/// above).
#[test]
fn perft_agrees_with_openspiel() {
    use treebench::game::go::{Go2, Go3, Go5};
    use treebench::game::OpenGame;
    let py = common::python();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/go_openspiel.py");
    let theirs = |size: &str, depth: &str| -> Option<Vec<u64>> {
        let out = std::process::Command::new(&py)
            .arg(&script)
            .args(["perft", size, depth])
            .output()
            .ok()
            .filter(|o| o.status.success())?;
        let t = String::from_utf8(out.stdout).unwrap();
        Some(t.split_whitespace().map(|n| n.parse().unwrap()).collect())
    };
    let Some(three) = theirs("3", "6") else {
        common::oracle_missing("pyspiel is not installed (scripts/setup-oracles.sh)");
        return;
    };
    let g3 = Go3::default();
    let ours: Vec<u64> = (1..=6).map(|d| perft(&g3, &g3.start(), d)).collect();
    assert_eq!(ours, three, "3x3");
    let g5 = Go5::default();
    let ours: Vec<u64> = (1..=3).map(|d| perft(&g5, &g5.start(), d)).collect();
    assert_eq!(ours, theirs("5", "3").unwrap(), "5x5");
    let g2 = Go2::default();
    let ours: Vec<u64> = (1..=8).map(|d| perft(&g2, &g2.start(), d)).collect();
    println!(
        "2x2 perft 1-8: {ours:?} (OpenSpiel {:?})",
        theirs("2", "8").unwrap()
    );
    assert_eq!(ours[..6], theirs("2", "6").unwrap()[..], "2x2");
}

/// The exact small-board solver (`go2-exact`: a table keyed on the board, kept from one position
/// to the next) against the generic core searched to the end (`go2-mtdf:depth=128`, whose key
/// holds the whole history) on seeded random 2x2 positions, passes included; and `solve`
/// prints 3x3's published value, +9 for Black, as exact.
#[test]
fn the_exact_solver_agrees_with_the_generic_core() {
    use treebench::game::go::Go2;
    use treebench::game::SearchGame;
    treebench::cli::entry::register_built_in().unwrap();
    let mut exact = treebench::engine::registry::build("go2-exact").unwrap();
    let mut generic = treebench::engine::registry::build("go2-mtdf:depth=128").unwrap();
    assert_eq!(exact.exact(), Some(true));
    let g = Go2::default();
    let words = ["A1", "B1", "A2", "B2", "pass"];
    let (mut seed, mut checked) = (20_261_205u64, 0);
    for i in 0..80 {
        let mut text = "go:2".to_string();
        for _ in 0..(4 + i % 28) {
            seed = treebench::game::go::board::mix(seed.wrapping_add(0x9e37_79b9_7f4a_7c15));
            let next = format!("{text} {}", words[(seed >> 40) as usize % 5]);
            if g.parse(&next).is_ok_and(|s| !Go2::over(&s)) {
                text = next;
            }
        }
        generic.reset();
        let want = generic.solve(&text).unwrap().score;
        assert_eq!(exact.solve(&text).unwrap().score, want, "{text}");
        checked += 1;
    }
    assert_eq!(checked, 80);
    let out = common::bin()
        .args(["solve", "-e", "go3-exact", "go:3"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let fields: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(fields[..2], ["go:3", "9"], "{text}");
    assert!(!text.contains("estimate"), "{text}");
}
