//! The command line: argument parsing and one file per subcommand. Files here only translate
//! arguments into library calls and results into exit codes. [`main_with`] is the binary's
//! `main`: `src/main.rs` calls it with no added game, an example binary with its own
//! ([`GameEntry`], see docs/add-a-game.md).

use clap::{Parser, Subcommand};

#[cfg(feature = "analysis")]
pub mod ablate;
#[cfg(feature = "analysis")]
pub mod analyze;
pub mod bench;
pub mod boards;
pub mod cpu;
pub mod entry;
pub mod gate;
mod gate_games;
pub mod match_cmd;
pub mod merge;
pub mod moves;
#[cfg(feature = "analysis")]
pub mod plot;
pub mod positions;
#[cfg(feature = "analysis")]
pub mod probes;
#[cfg(feature = "analysis")]
pub mod report;
pub mod run;
#[cfg(feature = "analysis")]
pub mod scaling;
pub mod serve;
pub mod solve;
pub mod textbook;
pub mod threads;
pub mod verify;

pub use entry::{register_built_in, GameEntry};

/// treebench: benchmark and verify game-tree search engines.
#[derive(Debug, Parser)]
#[command(name = "treebench", version, long_version = long_version(), about, long_about = None)]
pub struct Cli {
    /// A game served by another process over the game protocol (docs/game-protocol.md), named
    /// as its server says: `--game-server 'python3 scripts/openspiel_game.py hex(board_size=3)'`
    /// then `--game hex3`, `hex3-mtdf`, … in every command.
    #[arg(long, global = true, value_name = "COMMAND")]
    pub game_server: Option<String>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve positions (move strings) and print `moves score nodes micros` per line.
    Solve(solve::SolveArgs),
    /// Every move's value by an engine (default: the exact Connect-4 solver), or with
    /// `--choose` the move an engine chooses.
    Moves(moves::MovesArgs),
    /// Run an experiment: paired, alternated solves of seeded positions into results/.
    Run(run::RunArgs),
    /// Print an experiment's positions (move strings), one per line.
    Positions(positions::PositionsArgs),
    /// Join shard results files into one.
    Merge(merge::MergeArgs),
    /// Per-ply paired comparison tables (terminal, Markdown, CSV, LaTeX) from results files.
    #[cfg(feature = "analysis")]
    Analyze(analyze::AnalyzeArgs),
    /// Figures (SVG, 300-dpi PNG and PDF) from results files.
    #[cfg(feature = "analysis")]
    Plot(plot::PlotArgs),
    /// Run an experiment with an `[ablation]` (switches off one at a time or in every
    /// combination) or `[sweep]` (one option over values) design and write what each switch or
    /// value is worth: paired ratios with intervals, tables, figures.
    #[cfg(feature = "analysis")]
    Ablate(ablate::AblateArgs),
    /// A report per experiment: README.md, index.html, tables and figures.
    #[cfg(feature = "analysis")]
    Report(report::ReportArgs),
    /// The probes of each driver on one position: the trace (CSV) and the convergence figure
    /// (SVG, PNG, PDF).
    #[cfg(feature = "analysis")]
    Probes(probes::ProbesArgs),
    /// Speed-up against board size from one results file per board: table and figure.
    #[cfg(feature = "analysis")]
    Scaling(scaling::ScalingArgs),
    /// (Needs the `analysis` feature, not in this build.)
    #[cfg(not(feature = "analysis"))]
    Analyze(Lean),
    /// (Needs the `analysis` feature, not in this build.)
    #[cfg(not(feature = "analysis"))]
    Plot(Lean),
    /// (Needs the `analysis` feature, not in this build.)
    #[cfg(not(feature = "analysis"))]
    Ablate(Lean),
    /// (Needs the `analysis` feature, not in this build.)
    #[cfg(not(feature = "analysis"))]
    Report(Lean),
    /// (Needs the `analysis` feature, not in this build.)
    #[cfg(not(feature = "analysis"))]
    Probes(Lean),
    /// (Needs the `analysis` feature, not in this build.)
    #[cfg(not(feature = "analysis"))]
    Scaling(Lean),
    /// Reproduce the textbook node counts (tic-tac-toe, random trees, MTD(f), UCT).
    Textbook(textbook::TextbookArgs),
    /// Serve an engine over the line protocol: a position per line on stdin, `score nodes
    /// micros` per line on stdout.
    Serve(serve::ServeArgs),
    /// CI regression gate: correctness, node signature and paired speed of a candidate against
    /// a baseline. Exit 0 pass, 1 slower, 2 usage/infrastructure, 3 wrong scores, 4 signature.
    Gate(gate::GateArgs),
    /// Play game pairs between engines from seeded openings: W/D/L, pentanomial, Elo ± 95%,
    /// normalized Elo, LOS, SPRT; a games file with one row per game.
    Match(match_cmd::MatchArgs),
    /// Node signature of an engine on the gate position set; check or write a signature file.
    Bench(bench::BenchArgs),
    /// Solve the empty board of every size up to `--max-cells`: table, CSV, figure, and the
    /// check against Tromp's published table (exit 3 on a disagreement).
    Boards(boards::BoardsArgs),
    /// Solve a position set with 1, 2, 4, … threads: wall time, speed-up, efficiency and the
    /// nodes of all threads (search overhead); exit 3 if a thread count changes a score.
    Threads(threads::ThreadsArgs),
    /// Verify engines: driver agreement, mirror symmetry, units, books, BitBully, brute force,
    /// mutants. Prints a table; exits 1 on any failure.
    Verify(verify::VerifyArgs),
}

/// `--version`: the version, the git revision, the compiler and what the binary was compiled
/// for (as the run metadata records them), one line.
fn long_version() -> &'static str {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    TEXT.get_or_init(|| {
        format!(
            "{} (revision {}, {}, {})",
            env!("CARGO_PKG_VERSION"),
            env!("TREEBENCH_GIT_REV"),
            env!("TREEBENCH_RUSTC"),
            crate::util::cpu::build_target()
        )
    })
}

/// The `treebench` command with `games` added to the built-in ones: [`run_with`] on the
/// process's arguments, then exit with the command's code (an error: its one line on stderr,
/// exit 2; `--help` and argument errors as clap prints them). A CPU that lacks a feature the
/// build was compiled for ([`crate::util::cpu`]) gets that one line and exit 2 before anything.
pub fn main_with(games: &[&'static GameEntry]) -> ! {
    if let Some(e) = crate::util::cpu::missing() {
        eprintln!("error: {e}");
        std::process::exit(crate::util::exit::BAD_INPUT);
    }
    match run_with(std::env::args_os(), games) {
        Ok(code) => std::process::exit(code),
        Err(e) if is_broken_pipe(&e) => std::process::exit(crate::util::exit::OK),
        Err(e) => match e.downcast_ref::<clap::Error>() {
            Some(usage) => usage.exit(),
            None => {
                eprintln!("error: {}", one_line(&e));
                std::process::exit(crate::util::exit::BAD_INPUT);
            }
        },
    }
}

/// Register `games` ([`crate::engine::registry::register_game`]), parse `args` (the program
/// name first) and run the command; returns its exit code. Registering a game again is a no-op,
/// so a test may call this many times in one process.
pub fn run_with<I, T>(args: I, games: &[&'static GameEntry]) -> anyhow::Result<i32>
where
    I: IntoIterator<Item = T>,
    T: Into<std::ffi::OsString> + Clone,
{
    register_built_in()?;
    for g in games {
        crate::engine::registry::register_game(&g.engines)?;
    }
    let args: Vec<T> = args.into_iter().collect();
    if !games.is_empty() {
        // printed commands must start this binary: the plain `treebench` lacks its games
        let exe = std::env::current_exe().ok();
        let argv0 = args
            .first()
            .map(|a| std::path::PathBuf::from(a.clone().into()));
        if let Some(path) = exe
            .filter(|e| e.parent().is_some_and(|d| d.ends_with("examples")))
            .or(argv0)
        {
            crate::util::repro::set_program(crate::util::repro::program_for(&path));
        }
    }
    run(Cli::try_parse_from(args)?, games)
}

/// The reader of our output went away (`treebench solve … | head -1`): not an error.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

/// The error and its causes on one line, each cause once: a cause whose text the message
/// already holds (`path: File exists (os error 17)` over `File exists (os error 17)`) is not
/// repeated.
fn one_line(e: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in e.chain() {
        let text = cause.to_string();
        if out.contains(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out.replace('\n', " ")
}

/// Run the parsed command with the added `games`; returns the process exit code (one of
/// [`crate::util::exit`]).
pub fn run(cli: Cli, games: &[&'static GameEntry]) -> anyhow::Result<i32> {
    register_built_in()?;
    let mut all: Vec<&'static GameEntry> = entry::BUILT_IN.iter().chain(games).copied().collect();
    if let Some(command) = &cli.game_server {
        let served = entry::served(command).map_err(anyhow::Error::msg)?;
        crate::engine::registry::register_game(&served.engines)?;
        all.push(served);
        let quoted = shell_words::quote(command);
        crate::util::repro::set_program(format!("treebench --game-server {quoted}"));
    }
    let code = dispatch(cli.command, &all);
    report_served();
    code
}

/// What the game server's requests cost, on stderr, when a command used one.
fn report_served() {
    let (n, waited) = crate::game::served::requests();
    if n > 0 {
        eprintln!(
            "game server: {n} requests, {:.1} µs each on average (every time measured on a served game includes them)",
            waited.as_secs_f64() * 1e6 / n as f64
        );
    }
}

/// Run the command with `games` registered.
fn dispatch(command: Command, games: &[&'static GameEntry]) -> anyhow::Result<i32> {
    match command {
        Command::Solve(a) => solve::run(a),
        Command::Moves(a) => moves::run(a),
        Command::Run(a) => run::run(a),
        Command::Positions(a) => positions::run(a),
        Command::Merge(a) => merge::run(a),
        #[cfg(feature = "analysis")]
        Command::Analyze(a) => analyze::run(a),
        #[cfg(feature = "analysis")]
        Command::Plot(a) => plot::run(a),
        #[cfg(feature = "analysis")]
        Command::Ablate(a) => ablate::run(a),
        #[cfg(feature = "analysis")]
        Command::Report(a) => report::run(a),
        #[cfg(feature = "analysis")]
        Command::Probes(a) => probes::run(a),
        #[cfg(feature = "analysis")]
        Command::Scaling(a) => scaling::run(a),
        #[cfg(not(feature = "analysis"))]
        Command::Analyze(_) => Ok(needs_analysis("analyze")),
        #[cfg(not(feature = "analysis"))]
        Command::Plot(_) => Ok(needs_analysis("plot")),
        #[cfg(not(feature = "analysis"))]
        Command::Ablate(_) => Ok(needs_analysis("ablate")),
        #[cfg(not(feature = "analysis"))]
        Command::Report(_) => Ok(needs_analysis("report")),
        #[cfg(not(feature = "analysis"))]
        Command::Probes(_) => Ok(needs_analysis("probes")),
        #[cfg(not(feature = "analysis"))]
        Command::Scaling(_) => Ok(needs_analysis("scaling")),
        Command::Textbook(a) => textbook::run(a),
        Command::Serve(a) => serve::run(a),
        Command::Gate(a) => gate::run(a),
        Command::Match(a) => match_cmd::run(a),
        Command::Bench(a) => bench::run(a),
        Command::Verify(a) => verify::run(a, games),
        Command::Boards(a) => boards::run(a),
        Command::Threads(a) => threads::run(a),
    }
}

/// The arguments of a command left out of a lean build (taken and ignored).
#[cfg(not(feature = "analysis"))]
#[derive(Debug, clap::Args)]
pub struct Lean {
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    pub args: Vec<String>,
}

/// How to build a command of the `analysis` feature.
#[cfg(not(feature = "analysis"))]
pub const ANALYSIS_BUILD: &str = "cargo build --release --features analysis";

/// The message of a command left out of a lean build; exit 2.
#[cfg(not(feature = "analysis"))]
fn needs_analysis(command: &str) -> i32 {
    eprintln!(
        "error: `treebench {command}` needs the cargo feature `analysis` (polars, plotters), which this binary was built without (--no-default-features); build it with `{ANALYSIS_BUILD}` (the default features)"
    );
    crate::util::exit::BAD_INPUT
}

/// Refuse a chess engine in a command that only knows Connect-4 and the textbook games (one
/// line, exit 2).
pub fn not_chess(command: &str, engine: &dyn crate::engine::Engine) -> anyhow::Result<()> {
    if engine.game() == crate::game::GameKind::Chess {
        anyhow::bail!(
            "`treebench {command}` does not take chess engines (`{}` plays chess); chess engines \
             work with solve, run, positions, bench, gate --game chess and verify --game chess",
            engine.spec()
        );
    }
    Ok(())
}
