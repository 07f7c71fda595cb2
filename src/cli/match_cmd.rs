//! `treebench match`: engines play game pairs from seeded openings; prints W/D/L, the
//! pentanomial pair counts, Elo with its 95% interval, normalized Elo, LOS, the SPRT's LLR and
//! verdict, and for more than two engines a crosstable.

use crate::engine::GameKind;
use crate::runner::match_play::{
    self, adjudicate, Budget, MatchOptions, MatchPlan, MatchSummary, Tally,
};
use crate::stats::games::{elo_estimate, normalized_elo, Accepted, EloModel, Sprt};
use crate::util::exit;
use anyhow::{bail, Result};
use clap::Args;
use std::path::PathBuf;

/// The non-regression preset of `--sprt nonreg`: fishtest's bounds [-1.75, 0.25].
pub const NONREG: (f64, f64) = (-1.75, 0.25);
/// The gain preset of `--sprt gain`: fishtest's bounds [0, 2].
pub const GAIN: (f64, f64) = (0.0, 2.0);

#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Engine specs (two or more; the same spec twice plays an engine against itself). The
    /// first is the tested engine of the Elo and SPRT figures.
    #[arg(required = true, num_args = 2..)]
    pub engines: Vec<String>,
    /// The game (`connect4`, `connect4:WxH`, `tictactoe`, `chess`); default: the first engine's.
    #[arg(long)]
    pub game: Option<String>,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Plies of the openings, comma-separated (seeded positions of each ply).
    #[arg(long, value_delimiter = ',', default_value = "4")]
    pub plies: Vec<u32>,
    /// Openings drawn per ply; each is one game pair per pairing of engines.
    #[arg(long, default_value_t = 10)]
    pub openings: u32,
    /// Only openings whose exact value is a draw (Connect-4: solved by `mtdf`; tic-tac-toe:
    /// by `ttt-minimax`; an added game searched to the end: by `NAME-mtdf`), so that every
    /// lost game is an engine's error.
    #[arg(long, conflicts_with = "openings_file")]
    pub balanced: bool,
    /// Openings from a file instead of seeded ones, every position of it in order: chess FEN
    /// or EPD lines (a test suite's `bm`/`am` are ignored) or a PGN file (each game's last
    /// position), Connect-4 Pons' `MOVES SCORE` lines, a known-values file of an added game.
    #[arg(long, value_name = "FILE")]
    pub openings_file: Option<PathBuf>,
    /// A clock per side, `BASE+INC` in seconds (`10+0.1`); without it each move has the budget
    /// its engine's spec names.
    #[arg(long, value_name = "BASE+INC")]
    pub tc: Option<String>,
    /// The first engine against each other one, instead of a round robin.
    #[arg(long)]
    pub gauntlet: bool,
    /// Games file (one row per game).
    #[arg(long, default_value = "results/match.games.csv")]
    pub games: PathBuf,
    /// Continue an existing games file, keeping its completed pairs.
    #[arg(long)]
    pub resume: bool,
    /// Overwrite an existing games file.
    #[arg(long)]
    pub force: bool,
    /// Play shard K of N of the pairs (`K/N`).
    #[arg(long, value_parser = parse_shard)]
    pub shard: Option<(u32, u32)>,
    /// Games played at once, each thread with its own engine instances.
    #[arg(long, default_value_t = 1)]
    pub concurrency: usize,
    /// Stop early by an SPRT of the first engine against the second: `ELO0,ELO1` (`-20,20`
    /// needs no `=`), or `nonreg` ([-1.75, 0.25]) or `gain` ([0, 2]).
    #[arg(long, value_parser = parse_sprt_bounds, allow_hyphen_values = true)]
    pub sprt: Option<(f64, f64)>,
    /// The SPRT's false-acceptance rate of H1.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub alpha: f64,
    /// The SPRT's false-acceptance rate of H0.
    #[arg(long, default_value_t = 0.05, requires = "sprt")]
    pub beta: f64,
    /// Units of the SPRT bounds: `normalized` (fishtest's new tests) or `logistic`.
    #[arg(long, default_value = "normalized", value_parser = parse_model, requires = "sprt")]
    pub elo_model: EloModel,
    /// At most this many games (kept ones included); an SPRT still open there is inconclusive.
    #[arg(long)]
    pub max_games: Option<u64>,
    /// A game that reaches this many moves after its opening is drawn by adjudication.
    #[arg(long, default_value_t = match_play::DEFAULT_MAX_PLIES)]
    pub max_plies: u32,
    /// Adjudicate a loss when both engines score the game at least SCORE for one side for
    /// MOVES moves each in a row (cutechess's `-resign movecount=MOVES score=SCORE`; chess
    /// scores in centipawns): `MOVES,SCORE`.
    #[arg(long, value_name = "MOVES,SCORE", value_parser = adjudicate::parse_resign)]
    pub resign: Option<adjudicate::Resign>,
    /// Adjudicate a draw from full move AFTER on when both engines score the game within SCORE
    /// of level for MOVES moves each in a row (cutechess's `-draw`): `AFTER,MOVES,SCORE`.
    #[arg(long, value_name = "AFTER,MOVES,SCORE", value_parser = adjudicate::parse_draw)]
    pub draw: Option<adjudicate::Draw>,
    /// Chess: also write every game of the games file (kept and new) as PGN to this file.
    #[arg(long, value_name = "FILE")]
    pub pgn: Option<PathBuf>,
    /// Write the match report (tables, Elo and LLR figures, README.md, index.html) into this
    /// directory; `--resume` on a finished match redraws it without playing.
    #[arg(long, value_name = "DIR")]
    pub report: Option<PathBuf>,
    /// The engine the rating list of a round robin or gauntlet is anchored on (its Elo is 0):
    /// a spec of the list or its number from 1; default the first engine.
    #[arg(long, value_name = "ENGINE")]
    pub anchor: Option<String>,
    /// Short labels of the engines for the report, comma-separated in the engines' order
    /// (default: derived from the specs); the full specs stay in its engines table.
    #[arg(long, value_delimiter = ',', requires = "report")]
    pub labels: Vec<String>,
}

fn parse_shard(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("shard `{s}`: expected K/N with 1 <= K <= N");
    let (k, n) = s.split_once('/').ok_or_else(bad)?;
    let (k, n) = (k.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?);
    if k == 0 || k > n {
        return Err(bad());
    }
    Ok((k, n))
}

/// `ELO0,ELO1`, `nonreg` or `gain`.
pub fn parse_sprt_bounds(s: &str) -> Result<(f64, f64), String> {
    match s {
        "nonreg" => return Ok(NONREG),
        "gain" => return Ok(GAIN),
        _ => {}
    }
    let bad = || format!("--sprt `{s}`: expected ELO0,ELO1 (e.g. 0,5), `nonreg` or `gain`");
    let (a, b) = s.split_once(',').ok_or_else(bad)?;
    let (a, b): (f64, f64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if !(a.is_finite() && b.is_finite()) {
        return Err(format!(
            "--sprt `{s}`: ELO0 and ELO1 must be finite numbers"
        ));
    }
    if a.partial_cmp(&b) != Some(std::cmp::Ordering::Less) {
        return Err(format!("--sprt `{s}`: ELO0 must be below ELO1"));
    }
    Ok((a, b))
}

/// `normalized` or `logistic`.
pub fn parse_model(s: &str) -> Result<EloModel, String> {
    match s {
        "normalized" => Ok(EloModel::Normalized),
        "logistic" => Ok(EloModel::Logistic),
        _ => Err(format!(
            "--elo-model `{s}`: expected normalized or logistic"
        )),
    }
}

/// The most openings drawn at a ply (`--openings`).
pub const MAX_OPENINGS: u32 = 1_000_000;

/// Openings to draw per ply: `--openings`, cut to what `--max-games` can play (the plan plays
/// openings in order, so the later ones would never be reached).
fn openings_wanted(args: &MatchArgs) -> Result<u32> {
    if args.openings == 0 || args.openings > MAX_OPENINGS {
        bail!(
            "--openings {}: expected 1 to {MAX_OPENINGS} openings a ply",
            args.openings
        );
    }
    let Some(games) = args.max_games else {
        return Ok(args.openings);
    };
    if games < 2 {
        bail!("--max-games {games}: a game pair needs 2 games");
    }
    let n = args.engines.len() as u64;
    let pairings = if args.gauntlet {
        n - 1
    } else {
        n * (n - 1) / 2
    };
    let openings = (games / 2).div_ceil(pairings.max(1));
    Ok(args
        .openings
        .min(u32::try_from(openings).unwrap_or(u32::MAX)))
}

/// The plan of `args`: its game, seeded openings and budget.
pub fn plan_of(args: &MatchArgs) -> Result<MatchPlan> {
    let game = match &args.game {
        Some(g) => GameKind::parse(g).map_err(anyhow::Error::msg)?,
        None => crate::engine::registry::build(&args.engines[0])?.game(),
    };
    let budget = Budget::of_tc(args.tc.as_deref()).map_err(anyhow::Error::msg)?;
    let count = openings_wanted(args)?;
    let openings = if let Some(f) = &args.openings_file {
        crate::runner::experiment::file_positions(&f.to_string_lossy(), game, None)
            .map_err(|e| anyhow::anyhow!("--openings-file {}: {e}", f.display()))?
            .into_iter()
            .map(|d| match_play::Opening {
                ply: d.ply,
                index: d.index,
                moves: d.moves,
            })
            .collect()
    } else if args.balanced {
        let solver = match game {
            GameKind::Connect4(_) => "mtdf".to_string(),
            GameKind::TicTacToe => "ttt-minimax".to_string(),
            GameKind::Open(def) if def.end_in_reach => format!("{}-mtdf", def.name),
            g => bail!(
                "--balanced: no exact solver of {g} (connect4, tictactoe and added games searched to the end have one)"
            ),
        };
        let mut solver = crate::engine::registry::build_for(&solver, game)?;
        MatchPlan::balanced_openings(game, args.seed, &args.plies, count, solver.as_mut())?
    } else {
        MatchPlan::seeded_openings(game, args.seed, &args.plies, count)
    };
    if openings.is_empty() {
        bail!(
            "no openings: --openings must be positive and the plies undecided positions of {game}"
        );
    }
    Ok(MatchPlan {
        game,
        engines: args.engines.clone(),
        gauntlet: args.gauntlet,
        seed: args.seed,
        openings,
        budget,
        max_plies: args.max_plies,
        adjudication: adjudicate::Adjudication {
            resign: args.resign,
            draw: args.draw,
        },
    })
}

/// The options of `args`.
pub fn options_of(args: &MatchArgs) -> Result<MatchOptions> {
    let sprt = match args.sprt {
        Some((e0, e1)) => Some(Sprt::new(e0, e1, args.alpha, args.beta, args.elo_model)?),
        None => None,
    };
    Ok(MatchOptions {
        games: args.games.clone(),
        resume: args.resume,
        force: args.force,
        shard: args.shard,
        concurrency: args.concurrency,
        sprt,
        max_pairs: args.max_games.map(|g| g / 2),
    })
}

/// The lines of one pairing: W/D/L, pentanomial, Elo ± 95%, nElo, LOS.
pub fn pairing_lines(engines: &[String], t: &Tally) -> Vec<String> {
    let g = &t.games;
    let mut out = vec![format!(
        "{} vs {}: games {}  W {}  D {}  L {}  (forfeits {})",
        engines[t.a as usize],
        engines[t.b as usize],
        g.games(),
        g.wins(),
        g.draws(),
        g.losses(),
        t.forfeits
    )];
    let p = t.pairs.counts;
    out.push(format!(
        "  pentanomial [LL, LD+DL, LW+DD+WL, DW+WD, WW] = [{}, {}, {}, {}, {}]  ({} pairs)",
        p[0],
        p[1],
        p[2],
        p[3],
        p[4],
        t.pairs.pairs()
    ));
    match (elo_estimate(&t.pairs), normalized_elo(&t.pairs)) {
        (Ok(e), Ok(n)) => out.push(format!(
            "  Elo {:+.1} ± {:.1} (95%)  nElo {:+.1} ± {:.1}  LOS {:.1}%",
            e.elo,
            e.elo95,
            n.nelo,
            n.nelo95,
            100.0 * e.los
        )),
        (Err(e), _) | (_, Err(e)) => out.push(format!("  Elo n/a ({e})")),
    }
    out
}

/// The crosstable: the row engine's points / games against each column engine, and its total.
pub fn crosstable(engines: &[String], tallies: &[Tally]) -> Vec<String> {
    let n = engines.len();
    let pts = match_play::points_table(n, tallies);
    let name_w = engines.iter().map(String::len).max().unwrap_or(0).max(6);
    let head: String = (0..n).map(|j| format!("{:>10}", j + 1)).collect();
    let mut out = vec![
        "crosstable (the row engine's points / games):".to_string(),
        format!("  {:>2}  {:<name_w$}{head}  {:>10}", "#", "engine", "total"),
    ];
    for (i, row) in pts.iter().enumerate() {
        let (cells, total) = match_play::crosstable_row(row);
        let cells: String = cells.iter().map(|c| format!("{c:>10}")).collect();
        out.push(format!(
            "  {:>2}  {:<name_w$}{cells}  {total:>10}",
            i + 1,
            engines[i]
        ));
    }
    out
}

/// The engine `--anchor` names (a spec of the list, or its number from 1); 0 without it.
fn anchor_of(args: &MatchArgs, engines: &[String]) -> Result<usize> {
    let Some(a) = &args.anchor else {
        return Ok(0);
    };
    if let Some(i) = engines.iter().position(|e| e == a) {
        return Ok(i);
    }
    match a.parse::<usize>() {
        Ok(k) if (1..=engines.len()).contains(&k) => Ok(k - 1),
        _ => bail!(
            "--anchor `{a}`: not an engine of this match (give its spec or its number 1..{})",
            engines.len()
        ),
    }
}

/// The rating list: every engine's Elo against `anchor` (0) by maximum likelihood over all
/// games, with its 95% interval, best first.
pub fn rating_lines(engines: &[String], tallies: &[Tally], anchor: usize) -> Vec<String> {
    let head = format!(
        "rating list (logistic Elo by maximum likelihood over all games, one virtual draw a \
         pairing; anchored at {} = 0; 95% intervals):",
        engines[anchor]
    );
    let list = match match_play::record::rating_list(engines.len(), tallies, anchor) {
        Ok(list) => list,
        Err(e) => return vec![head, format!("  n/a ({e})")],
    };
    let mut out = vec![head];
    for (rank, (i, r)) in list.into_iter().enumerate() {
        let interval = if i == anchor {
            "(anchor)".to_string()
        } else {
            format!("± {:.1}", r.elo95)
        };
        out.push(format!(
            "  {:>2}. {:+8.1} {interval:<10} {}",
            rank + 1,
            r.elo,
            engines[i]
        ));
    }
    out
}

/// The SPRT's line: LLR, bounds and verdict.
pub fn sprt_line(sprt: &Sprt, summary: &MatchSummary) -> String {
    let llr = summary.llr_path.last().copied().unwrap_or(0.0);
    let (e0, e1) = sprt.elo_bounds();
    let at = summary
        .llr_path
        .iter()
        .position(|&l| sprt.accepted(l).is_some())
        .map_or(String::new(), |i| format!(" at pair {}", i + 1));
    let verdict = match summary.accepted {
        Some(Accepted::H1) => format!("H1 accepted{at}"),
        Some(Accepted::H0) => format!("H0 accepted{at}"),
        None => "inconclusive".to_string(),
    };
    format!(
        "SPRT [{e0}, {e1}] ({:?} Elo): LLR {llr:.3} (bounds [{:.3}, {:.3}]) after {} pairs: {verdict}",
        sprt.model(),
        sprt.lower_bound(),
        sprt.upper_bound(),
        summary.llr_path.len()
    )
}

/// Run `treebench match`: play, then print the figures of every pairing. Exit 0 whatever the
/// verdict (the gate turns a verdict into an exit code).
pub fn run(args: MatchArgs) -> Result<i32> {
    let plan = plan_of(&args)?;
    let opts = options_of(&args)?;
    if !args.labels.is_empty() && args.labels.len() != plan.engines.len() {
        bail!(
            "--labels: {} labels for {} engines",
            args.labels.len(),
            plan.engines.len()
        );
    }
    if args.pgn.is_some() && plan.game != GameKind::Chess {
        bail!(
            "--pgn: PGN records chess games; this match plays {}",
            plan.game
        );
    }
    let summary = match_play::run(&plan, &opts)?;
    if let Some(p) = &args.pgn {
        let all = [summary.rows.clone(), summary.beyond.clone()].concat();
        match_play::pgn::write_pgn(&all, p).map_err(anyhow::Error::msg)?;
    }
    let mut out = vec![format!(
        "{}: {} games ({} pairs kept, {} played) -> {}",
        plan.game,
        summary.rows.len() + summary.beyond.len(),
        summary.kept_pairs,
        summary.played_pairs,
        opts.games.display()
    )];
    if match_play::sgf::go_size(plan.game).is_some() {
        let f = match_play::sgf::sgf_path(&opts.games);
        out.push(format!("SGF: {}", f.display()));
    }
    out.extend(summary.notes.iter().map(|n| format!("note: {n}")));
    if summary.duplicates > 0 {
        out.push(format!(
            "{} repeated games of the resumed file dropped",
            summary.duplicates
        ));
    }
    if !summary.beyond.is_empty() {
        let n = summary.beyond.len() / 2;
        out.push(format!(
            "{n} {} after the SPRT's verdict (in flight then): in the games file, not counted below",
            if n == 1 { "pair finished" } else { "pairs finished" }
        ));
    }
    let tallies = match_play::tally(&summary.rows);
    for t in &tallies {
        for l in pairing_lines(&plan.engines, t) {
            out.push(l);
        }
    }
    if plan.engines.len() > 2 {
        for l in crosstable(&plan.engines, &tallies) {
            out.push(l);
        }
        let anchor = anchor_of(&args, &plan.engines)?;
        out.extend(rating_lines(&plan.engines, &tallies, anchor));
    }
    if let Some(s) = &opts.sprt {
        out.push(sprt_line(s, &summary));
    }
    if let Some(dir) = &args.report {
        let written = write_report(&args, &plan, &opts, &summary, dir)?;
        out.push(format!("report: {} files in {}", written, dir.display()));
    }
    // A reader that left early (`| head`) is not an error: the files are written.
    crate::util::stdout::print(&(out.join("\n") + "\n"))?;
    Ok(exit::OK)
}

/// The budget of a move, in words.
#[cfg(feature = "analysis")]
fn budget_text(args: &MatchArgs) -> String {
    match &args.tc {
        Some(tc) => format!("a clock of {tc} s (base + increment) per side"),
        None => {
            "each move within its engine's own budget (the depth, nodes or playouts its spec names)"
                .into()
        }
    }
}

/// What the match played, in a sentence for the report.
#[cfg(feature = "analysis")]
fn method(args: &MatchArgs, plan: &MatchPlan, notes: &[String]) -> String {
    let openings = match &args.openings_file {
        Some(f) => format!("the {} openings of {}", plan.openings.len(), f.display()),
        None => {
            let plies: Vec<String> = args.plies.iter().map(u32::to_string).collect();
            format!(
                "{} seeded openings ({} per ply at plies {}, seed {}{})",
                plan.openings.len(),
                openings_wanted(args).unwrap_or(args.openings),
                plies.join(", "),
                plan.seed,
                if args.balanced {
                    "; only openings whose exact value is a draw"
                } else {
                    ""
                }
            )
        }
    };
    let mut adjudicated = String::new();
    if let Some(r) = args.resign {
        adjudicated.push_str(&format!(
            " A game both engines scored at least {} for one side for {} moves each in a row was \
             adjudicated a win for that side.",
            r.score, r.moves
        ));
    }
    if let Some(d) = args.draw {
        adjudicated.push_str(&format!(
            " From move {} on, a game both engines scored within {} of level for {} moves each in \
             a row was adjudicated a draw.",
            d.after, d.score, d.moves
        ));
    }
    format!(
        "{}: game pairs from {openings}, each opening played twice with the colours swapped; \
         {}; {}; {} game(s) at once; a game reaching {} moves after its opening is drawn by \
         adjudication.{adjudicated}{}",
        plan.game,
        budget_text(args),
        if plan.gauntlet {
            "the first engine against each other one"
        } else {
            "a round robin"
        },
        args.concurrency.max(1),
        plan.max_plies,
        notes
            .iter()
            .map(|n| format!(" Note: {n}."))
            .collect::<String>()
    )
}

/// Write the report of the match into `dir`; the number of files written.
#[cfg(feature = "analysis")]
fn write_report(
    args: &MatchArgs,
    plan: &MatchPlan,
    opts: &MatchOptions,
    summary: &MatchSummary,
    dir: &std::path::Path,
) -> Result<usize> {
    let stem = opts.games.file_name().map_or("match".to_string(), |n| {
        let n = n.to_string_lossy();
        n.trim_end_matches(".csv")
            .trim_end_matches(".games")
            .to_string()
    });
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let report = crate::render::games::MatchReport {
        name: stem,
        engines: plan.engines.clone(),
        labels: if args.labels.is_empty() {
            crate::analysis::labels::derive(&plan.engines)
        } else {
            args.labels.clone()
        },
        rows: &summary.rows,
        anchor: anchor_of(args, &plan.engines)?,
        sprt: opts
            .sprt
            .map(|s| (s, summary.llr_path.clone(), summary.accepted)),
        method: method(args, plan, &summary.notes),
        reproduce: format!(
            "{} {}",
            crate::util::repro::program(),
            shell_words::join(argv)
        ),
    };
    Ok(crate::render::games::write_match_report(&report, dir)?.len())
}

/// Without the `analysis` feature (the lean build) there is no report.
#[cfg(not(feature = "analysis"))]
fn write_report(
    _args: &MatchArgs,
    _plan: &MatchPlan,
    _opts: &MatchOptions,
    _summary: &MatchSummary,
    _dir: &std::path::Path,
) -> Result<usize> {
    bail!("--report: this build has no reports (built without the `analysis` feature)")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::games::{Pentanomial, Trinomial};

    #[test]
    fn sprt_bounds_presets_and_errors() {
        assert_eq!(parse_sprt_bounds("nonreg"), Ok((-1.75, 0.25)));
        assert_eq!(parse_sprt_bounds("gain"), Ok((0.0, 2.0)));
        assert_eq!(parse_sprt_bounds("0, 5"), Ok((0.0, 5.0)));
        assert!(parse_sprt_bounds("5,0").is_err() && parse_sprt_bounds("5").is_err());
        assert_eq!(parse_shard("2/3"), Ok((2, 3)));
        assert!(parse_shard("0/3").is_err() && parse_shard("4/3").is_err());
    }

    #[test]
    fn the_crosstable_gives_each_side_its_points() {
        let engines: Vec<String> = ["a", "b", "c"].iter().map(|s| s.to_string()).collect();
        let t = |a, b, w, d, l| Tally {
            a,
            b,
            games: Trinomial::from_wdl(w, d, l),
            pairs: Pentanomial::default(),
            forfeits: 0,
        };
        let lines = crosstable(&engines, &[t(0, 1, 3, 2, 1), t(1, 2, 0, 0, 6)]);
        let cells =
            |i: usize| -> Vec<String> { lines[i].split_whitespace().map(str::to_string).collect() };
        assert_eq!(cells(2), ["1", "a", "-", "4/6", "-", "4/6"]);
        assert_eq!(cells(3), ["2", "b", "2/6", "-", "0/6", "2/12"]);
        assert_eq!(cells(4), ["3", "c", "-", "6/6", "-", "6/6"]);
    }
}
