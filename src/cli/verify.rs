//! `treebench verify`: run the verification suite and print its table (exit 1 on a failure).

use super::GameEntry;
use crate::engine::registry;
use crate::engine::uci::UciConfig;
use crate::game::connect4::BoardSize;
use crate::game::GameKind;
use crate::util::exit;
use crate::verify::{self, VerifyOptions};
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

/// The engine verified when none is given (Connect-4's `mtdf`; ignored with `--game chess`).
const DEFAULT_ENGINE: &str = "mtdf";

#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Engine spec to verify (repeatable), e.g. `mtdf`, `negamax:tt=20`.
    #[arg(long = "engine", short, default_value = DEFAULT_ENGINE)]
    pub engines: Vec<String>,
    /// Plies of the seeded random positions, `A-B` or one ply (default 8-36 on 7x6; on other
    /// boards from a fifth of the cells to four before the end, 4-16 on 5x4).
    #[arg(long)]
    pub plies: Option<String>,
    /// The board, `WxH`: 7x6 runs every check; another size the checks that apply to it
    /// (drivers, mirror, brute force up to 24 cells, Tromp's table).
    #[arg(long, default_value = "7x6", value_parser = parse_board)]
    pub board: BoardSize,
    /// Seeded random positions in all (fewer at the expensive low plies).
    #[arg(long, default_value_t = 2000)]
    pub positions: u32,
    /// Seed of positions and samples.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Records sampled from each opening book.
    #[arg(long, default_value_t = 200)]
    pub book_samples: usize,
    /// Seeded 5×4 positions checked against brute force (with --board, of that board).
    #[arg(long, default_value_t = 2000)]
    pub brute_5x4: usize,
    /// The `boards` check: solve the empty board of every size with at most this many cells and
    /// compare with Tromp's published table (0 skips it).
    #[arg(long, default_value_t = 28)]
    pub boards_max_cells: u32,
    /// Skip the 4×4 exhaustive check.
    #[arg(long)]
    pub no_4x4: bool,
    /// Play-outs per ply (plies ≥ 20).
    #[arg(long, default_value_t = 8)]
    pub playouts: u32,
    /// Also run every mutant (`mtdf:mutant=NAME`) and print the mutant × check matrix.
    #[arg(long)]
    pub mutants: bool,
    /// Only these mutants (repeatable; default all).
    #[arg(long = "mutant")]
    pub mutant_names: Vec<String>,
    /// Random positions per mutant (each check stops at its first failure).
    #[arg(long, default_value_t = 1000)]
    pub mutant_positions: u32,
    /// Book records per mutant.
    #[arg(long, default_value_t = 20)]
    pub mutant_book_samples: usize,
    /// Only the mutant matrix, not the table of the real engines.
    #[arg(long)]
    pub only_mutants: bool,
    /// Stop each mutant at the first check that catches it; the later checks show "not run"
    /// (the verdict of the whole matrix, for CI).
    #[arg(long)]
    pub mutant_first_catch: bool,
    /// Only these checks (repeatable): drivers, parallel, mirror, units-parity, units-playout, book-8ply,
    /// book-12ply-dist, bitbully, brute-4x4, brute-5x4, boards.
    #[arg(long = "check")]
    pub checks: Vec<String>,
    /// Check every position of the 8-ply book (hours; resumable, results under --results).
    #[arg(long)]
    pub full_book: bool,
    /// Stop the full-book run after this many new positions (to measure and project).
    #[arg(long)]
    pub full_book_limit: Option<usize>,
    /// Directory of the full-book results file.
    #[arg(long, default_value = "results")]
    pub results: PathBuf,
    /// The game: `connect4` (default), `chess` (UCI engines: the reset, mates and mirror
    /// checks on the built-in chess set, at most --positions of it), or the name of a game
    /// added in one file whose binary this is (its rules' structure, the generic core's
    /// checks, the end of the game, MAX_PLY, `proven()` and `--known`'s values).
    #[arg(long)]
    pub game: Option<String>,
    /// `--game chess` or an added game: seeded positions a ply for the generic core's checks
    /// (chess: plies 8, 16, 24; an added game: every ply below its longest game).
    #[arg(long, alias = "chess-positions", default_value_t = 4,
        value_parser = clap::value_parser!(u32).range(1..))]
    pub per_ply: u32,
    /// An added game: a known-values file (`POSITION<TAB>VALUE[<TAB>PLY]` lines, or for Othello
    /// an `.obf` file: each position's best published score), every driver searched to the end
    /// on each of its positions against its value (exit 3 on a difference).
    #[arg(long, value_name = "FILE")]
    pub known: Option<PathBuf>,
    /// Worker threads (default: all cores).
    #[arg(long)]
    pub threads: Option<usize>,
}

fn parse_board(s: &str) -> std::result::Result<BoardSize, String> {
    s.parse()
        .map_err(|e: crate::game::connect4::BoardError| e.to_string())
}

fn parse_plies(s: &str, board: BoardSize) -> Result<std::ops::RangeInclusive<u32>> {
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let (Ok(a), Ok(b)) = (a.trim().parse::<u32>(), b.trim().parse::<u32>()) else {
        bail!("--plies {s}: expected A-B (e.g. 8-36) or one ply");
    };
    let last = board.cells() - 1;
    if a > b || b > last {
        bail!("--plies {s}: need A ≤ B ≤ {last} (board {board})");
    }
    Ok(a..=b)
}

/// `verify --game chess`: the generic core's checks (driver agreement, the brute-force oracle,
/// the mutants; on `--chess-positions` seeded positions a ply), then the UCI checks for every
/// `uci:` engine given.
fn run_chess(args: &VerifyArgs) -> Result<i32> {
    let report = crate::verify::generic::verify_chess(args.per_ply, args.seed)
        .map_err(anyhow::Error::msg)?;
    println!("{report}");
    let mut passed = report.passed();
    let mut positions = crate::gate::builtin_chess_positions();
    positions.truncate(args.positions as usize);
    for spec in &args.engines {
        let Some(cfg) = UciConfig::parse(spec)? else {
            if spec == DEFAULT_ENGINE || spec.starts_with("chess-") {
                continue; // the in-process engines: checked above
            }
            bail!("--game chess: `{spec}` is not a UCI engine (uci[OPTIONS]:COMMAND)");
        };
        let mut engine = registry::build(spec)?;
        let report = crate::verify::chess::run(
            engine.as_mut(),
            &positions,
            cfg.limit.reproducible(),
            &args.checks,
        )
        .map_err(anyhow::Error::msg)?;
        println!("{report}");
        passed &= report.passed();
    }
    Ok(if passed { exit::OK } else { exit::FAIL })
}

/// `verify --game NAME` for an added game: its [`GameEntry::verify`] (the structure of its
/// rules, the generic core's checks, the end of the game, `--known`'s values) on `--per-ply`
/// seeded positions a ply.
fn run_open(args: &VerifyArgs, entry: &'static GameEntry) -> Result<i32> {
    let known = args.known.as_deref();
    let report =
        (entry.verify)(entry.kind(), args.per_ply, args.seed, known).map_err(anyhow::Error::msg)?;
    println!("{}", report.text);
    Ok(if report.passed { exit::OK } else { exit::FAIL })
}

pub fn run(args: VerifyArgs, games: &[&'static GameEntry]) -> Result<i32> {
    if let Some(g) = &args.game {
        match GameKind::parse(g).map_err(anyhow::Error::msg)? {
            GameKind::Chess => return run_chess(&args),
            GameKind::Connect4(b) if b.is_standard() => {}
            GameKind::Open(def) => {
                let entry = games.iter().find(|e| e.name() == def.name);
                return run_open(
                    &args,
                    entry.expect("an open game is registered by its entry"),
                );
            }
            other => bail!(
                "--game {other}: verify checks connect4 (see --board), chess or an added game"
            ),
        }
    }
    if let Some(spec) = args
        .engines
        .iter()
        .find(|e| UciConfig::parse(e).ok().flatten().is_some())
    {
        bail!("`{spec}` is a chess engine: run `treebench verify --game chess --engine '{spec}'`");
    }
    let require_oracles = crate::util::oracles::required().map_err(anyhow::Error::msg)?;
    let d = VerifyOptions::default();
    let opts = VerifyOptions {
        engines: args.engines,
        plies: match &args.plies {
            Some(p) => parse_plies(p, args.board)?,
            None if args.board.is_standard() => d.plies.clone(),
            None => crate::verify::sized::default_plies(args.board),
        },
        board: args.board,
        positions: args.positions,
        seed: args.seed,
        book_samples: args.book_samples,
        brute_5x4: args.brute_5x4,
        boards_max_cells: args.boards_max_cells,
        brute_4x4: !args.no_4x4,
        playouts_per_ply: args.playouts,
        mutants: args.mutants || args.only_mutants || !args.mutant_names.is_empty(),
        mutant_names: args.mutant_names,
        mutant_positions: args.mutant_positions,
        mutant_book_samples: args.mutant_book_samples,
        only_mutants: args.only_mutants,
        mutant_first_catch: args.mutant_first_catch,
        only: args.checks,
        full_book: args.full_book,
        full_book_limit: args.full_book_limit,
        results_dir: args.results,
        threads: args.threads.unwrap_or(d.threads).max(1),
        require_oracles,
        ..d
    };
    let report = verify::run(&opts)?;
    println!("{report}");
    Ok(if report.passed() {
        exit::OK
    } else {
        exit::FAIL
    })
}
