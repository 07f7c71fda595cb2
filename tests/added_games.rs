//! `verify` on games added in one file, beyond Nim: `examples/mnk.rs` (no closed form, so its
//! values are checked by brute force to the end and by a known-values file), and three broken
//! copies of it (a move onto an occupied cell, a text that does not read back, a key that
//! ignores who owns a cell), each of which `verify` must fail, naming the position and the rule.

mod common;

use std::collections::HashMap;
use treebench::game::{GameDef, GameKind, MoveList, OpenGame, SearchGame};
use treebench::verify::generic::GenericReport;
use treebench::verify::open::verify_open;

#[path = "../examples/mnk.rs"]
#[allow(dead_code)]
mod mnk;

use mnk::{Board, Mnk};

/// `mnk ARGS...` in process: the exit code.
fn mnk_cli(args: &[&str]) -> i32 {
    let argv = std::iter::once("mnk").chain(args.iter().copied());
    treebench::cli::run_with(argv, &[&mnk::MNK]).unwrap()
}

/// The exact value of `b` for the side to move, by plain negamax to the end with a memo: the
/// game's rules alone, none of treebench's search.
fn exact(b: Board, memo: &mut HashMap<Board, i32>) -> i32 {
    if let Some(&v) = memo.get(&b) {
        return v;
    }
    let v = match Mnk.terminal(&b, 0) {
        Some(v) => v,
        None => {
            let mut moves = MoveList::default();
            Mnk.moves(&b, &mut moves);
            let children = moves.as_slice().iter().map(|&m| Mnk.play(&b, m));
            children.map(|c| -exact(c, memo)).max().unwrap()
        }
    };
    memo.insert(b, v);
    v
}

#[test]
fn mnk_values_are_checked_to_the_end_and_against_a_known_values_file() {
    static DEF: GameDef = GameDef::of::<Mnk>();
    let r = verify_open::<Mnk>(GameKind::Open(&DEF), 2, 7, None).unwrap();
    assert!(r.passed(), "{r}");
    let end = r.end_of_game.as_ref().unwrap();
    assert!(end.brute_force >= 10, "{r}");
    assert!(
        end.out_of_reach > 0,
        "the early plies are out of reach\n{r}"
    );
    assert_eq!(end.closed_form, 0, "{r}");
    assert!(r.to_string().contains("out of reach of brute force"), "{r}");
    let structure = r.structure.as_ref().unwrap();
    assert!(
        structure.positions > 1000 && structure.failure_count == 0,
        "{r}"
    );

    // a known-values file: positions two plies in, their values by the memo above
    let dir = common::scratch("added-games-known");
    let mut memo = HashMap::new();
    let mut lines = String::from("# position<TAB>value<TAB>ply\n");
    for (a, b) in [(0u8, 5u8), (1, 2), (5, 6), (0, 11)] {
        let p = Mnk.play(&Mnk.play(&Mnk.start(), a), b);
        lines += &format!("{}\t{}\t2\n", Mnk.text(&p), exact(p, &mut memo));
    }
    let file = dir.join("known.tsv");
    std::fs::write(&file, &lines).unwrap();
    let r = verify_open::<Mnk>(GameKind::Open(&DEF), 1, 7, Some(&file)).unwrap();
    assert!(r.passed(), "{r}");
    assert_eq!(r.end_of_game.as_ref().unwrap().known.as_ref().unwrap().1, 4);
    let f = file.to_str().unwrap();
    assert_eq!(
        mnk_cli(&["verify", "--game", "mnk433", "--per-ply", "1", "--known", f]),
        0
    );

    // one wrong value: verify fails, naming the position
    let first = lines.lines().nth(1).unwrap();
    let (pos, rest) = first.split_once('\t').unwrap();
    let (value, _) = rest.split_once('\t').unwrap();
    let wrong: i32 = value.parse::<i32>().unwrap() + 1;
    std::fs::write(&file, format!("{pos}\t{wrong}\t2\n")).unwrap();
    let r = verify_open::<Mnk>(GameKind::Open(&DEF), 1, 7, Some(&file)).unwrap();
    assert!(!r.passed());
    assert!(
        r.to_string()
            .contains(&format!("FAILED known values: position `{pos}`")),
        "{r}"
    );
    assert_eq!(
        mnk_cli(&["verify", "--game", "mnk433", "--per-ply", "1", "--known", f]),
        1
    );
    // and a malformed file is a one-line error naming the line
    std::fs::write(&file, "..../..../....\tdraw\n").unwrap();
    let e = verify_open::<Mnk>(GameKind::Open(&DEF), 1, 7, Some(&file)).unwrap_err();
    assert!(
        e.contains("line 1") && e.contains("`draw`") && !e.contains('\n'),
        "{e}"
    );
}

/// Which rule a broken copy of the m,n,k-game breaks.
const ILLEGAL_MOVE: u8 = 1;
const ROUND_TRIP: u8 = 2;
const KEY_COLLISION: u8 = 3;

/// The m,n,k-game with one seeded bug: `moves` also offers the first occupied cell
/// ([`ILLEGAL_MOVE`]), `parse` reads the rows bottom first ([`ROUND_TRIP`]), or the key forgets
/// whose mark a cell holds ([`KEY_COLLISION`]).
#[derive(Debug, Clone, Copy, Default)]
struct Broken<const BUG: u8>;

impl<const BUG: u8> SearchGame for Broken<BUG> {
    type State = Board;
    type Move = u8;
    const BOUND: i32 = Mnk::BOUND;
    const HISTORY_SIZE: usize = Mnk::HISTORY_SIZE;

    fn parse(&self, text: &str) -> Result<Board, String> {
        if BUG != ROUND_TRIP {
            return Mnk.parse(text);
        }
        let mut rows: Vec<&str> = text.split('/').collect();
        rows.reverse();
        Mnk.parse(&rows.join("/"))
    }
    fn key(&self, s: &Board) -> u64 {
        match BUG {
            KEY_COLLISION => u64::from(s.x | s.o),
            _ => Mnk.key(s),
        }
    }
    fn terminal(&self, s: &Board, ply: u32) -> Option<i32> {
        Mnk.terminal(s, ply)
    }
    fn moves(&self, s: &Board, out: &mut MoveList<u8>) {
        Mnk.moves(s, out);
        let taken = s.x | s.o;
        if BUG == ILLEGAL_MOVE && taken != 0 {
            out.push(taken.trailing_zeros() as u8);
        }
    }
    fn play(&self, s: &Board, m: u8) -> Board {
        Mnk.play(s, m)
    }
    fn evaluate(&self, s: &Board) -> i32 {
        Mnk.evaluate(s)
    }
    fn move_index(&self, m: u8) -> usize {
        Mnk.move_index(m)
    }
    fn move_text(&self, s: &Board, m: u8) -> String {
        Mnk.move_text(s, m)
    }
}

impl<const BUG: u8> OpenGame for Broken<BUG> {
    const NAME: &'static str = "mnk_broken";
    const MAX_PLY: u32 = Mnk::MAX_PLY;
    const CHECK_DEPTH: (u32, bool) = (3, false);
    fn start(&self) -> Board {
        Mnk.start()
    }
    fn text(&self, s: &Board) -> String {
        Mnk.text(s)
    }
}

/// `verify` of the broken copy: its report.
fn verify_broken<const BUG: u8>() -> GenericReport {
    let def: &'static GameDef = Box::leak(Box::new(GameDef::of::<Broken<BUG>>()));
    verify_open::<Broken<BUG>>(GameKind::Open(def), 1, 7, None).unwrap()
}

/// `verify` fails on `report`, with a structure failure of `rule` naming a position.
fn assert_caught(report: &GenericReport, rule: &str) {
    assert!(!report.passed(), "{report}");
    let s = report.structure.as_ref().unwrap();
    let f = s.failures.iter().find(|f| f.rule == rule);
    let f = f.unwrap_or_else(|| panic!("no `{rule}` failure:\n{report}"));
    assert!(Mnk.parse(&f.position).is_ok(), "{f:?}");
    let line = format!("FAILED structure, rule `{rule}`: position `{}`", f.position);
    assert!(report.to_string().contains(&line), "{report}");
}

#[test]
fn verify_names_an_illegal_move_a_round_trip_bug_and_a_key_collision() {
    let r = verify_broken::<ILLEGAL_MOVE>();
    assert_caught(&r, "moves are legal");
    let r = verify_broken::<ROUND_TRIP>();
    assert_caught(&r, "round trip");
    let r = verify_broken::<KEY_COLLISION>();
    assert_caught(&r, "distinct keys");
    let f = r.structure.as_ref().unwrap().failures.iter();
    let f = f.filter(|f| f.rule == "distinct keys").next().unwrap();
    assert!(f.detail.contains("is also the key of"), "{f:?}");
}

/// Whether the side to move completes a line with one mark: from the lines alone.
fn wins_now(b: &Board) -> bool {
    let (own, other) = b.sides();
    mnk::LINES
        .iter()
        .any(|&l| l & other == 0 && (l & own).count_ones() == mnk::K - 1)
}

#[test]
fn exclude_immediate_win_leaves_out_positions_won_in_one_move() {
    use treebench::runner::positions::positions_for_ply;
    static DEF: GameDef = GameDef::of::<Mnk>();
    for ply in 4..8 {
        let with = positions_for_ply(GameKind::Open(&DEF), 3, ply, 20, true);
        assert!(!with.is_empty());
        for d in &with {
            let b = Mnk.parse(&d.moves).unwrap();
            assert!(!wins_now(&b), "{} wins at once", d.moves);
        }
        let all = positions_for_ply(GameKind::Open(&DEF), 3, ply, 20, false);
        let wins = all
            .iter()
            .filter(|d| wins_now(&Mnk.parse(&d.moves).unwrap()))
            .count();
        assert!(
            ply < 5 || wins > 0,
            "ply {ply}: the check must have something to exclude"
        );
    }
}

/// The committed known-values file of mnk433 (written by `scripts/mnk_known_values.py`, a brute
/// force in Python) agrees with this file's own brute force on every line, and every driver and
/// variant of treebench agrees with it.
#[test]
fn committed_mnk_known_values_hold() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/known/mnk433.tsv");
    let known = treebench::game::open::read_known_values(&path).unwrap();
    assert_eq!(known.len(), 805);
    let mut memo = HashMap::new();
    for k in &known {
        let b = Mnk.parse(&k.position).unwrap();
        assert_eq!(Mnk.text(&b), k.position);
        assert_eq!(exact(b, &mut memo), k.value, "{}", k.position);
    }
    static DEF: GameDef = GameDef::of::<Mnk>();
    let r = verify_open::<Mnk>(GameKind::Open(&DEF), 1, 7, Some(&path)).unwrap();
    assert!(r.passed(), "{r}");
    assert_eq!(
        r.end_of_game.as_ref().unwrap().known.as_ref().unwrap().1,
        805
    );
}

#[test]
fn run_checks_every_score_against_a_known_values_file() {
    let dir = common::scratch("added-known-run");
    let known =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("experiments/known/mnk433.tsv");
    let experiment = |file: &std::path::Path| {
        let toml = dir.join(format!(
            "{}.toml",
            file.file_stem().unwrap().to_string_lossy()
        ));
        std::fs::write(
            &toml,
            format!(
                "name = \"known\"\nseed = 1\ngame = \"mnk433\"\npositions_file = \"{}\"\npositions = 60\nengines = [\"mnk433-negamax\", \"mnk433-mtdf\"]\n",
                file.display()
            ),
        )
        .unwrap();
        let results = dir.join("results");
        mnk_cli(&[
            "run",
            toml.to_str().unwrap(),
            "--no-report",
            "--force",
            "--results",
            results.to_str().unwrap(),
        ])
    };
    assert_eq!(experiment(&known), 0, "every score equals the file's");
    // One value changed in the file: the run stops with exit 3 (engines and file disagree).
    let text = std::fs::read_to_string(&known).unwrap();
    let line = text
        .lines()
        .find(|l| l.starts_with("..../..../..x.\t"))
        .unwrap();
    let bad = dir.join("bad.tsv");
    std::fs::write(&bad, text.replace(line, "..../..../..x.\t-3\t1")).unwrap();
    assert_eq!(experiment(&bad), 3);
}
