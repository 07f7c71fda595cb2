//! The report of a match (`treebench match --report DIR`): per pairing the W/D/L and
//! pentanomial counts, Elo, normalized Elo and LOS; the crosstable of more than two engines; how
//! the games ended; the engines' full specs; the Elo intervals and, for an SPRT, the LLR's path
//! against its bounds.

use std::path::{Path, PathBuf};

use super::page::{write_page, Page, Section};
use super::plot::{EloIntervals, Figure, LlrPath, PairingElo};
use super::RenderError;
use crate::runner::match_play::record::rating_list;
use crate::runner::match_play::{crosstable_row, points_table, tally, GameRecord, Tally};
use crate::stats::games::{elo_estimate, normalized_elo, wilson_interval, Accepted, Sprt};
use crate::table::{Column, Table};

/// What a match report shows.
pub struct MatchReport<'a> {
    /// The match's name (the report's title and file stems).
    pub name: String,
    /// The engines' specs, in the match's order.
    pub engines: Vec<String>,
    /// Their short labels (tables and figures).
    pub labels: Vec<String>,
    /// Every game.
    pub rows: &'a [GameRecord],
    /// The SPRT, the LLR after each pair and its verdict (two-engine SPRT matches).
    pub sprt: Option<(Sprt, Vec<f64>, Option<Accepted>)>,
    /// The engine the rating list is anchored on (more than two engines).
    pub anchor: usize,
    /// What was played: game, openings, budget, concurrency.
    pub method: String,
    /// The command that plays (or, with `--resume`, redraws) it.
    pub reproduce: String,
}

fn pm(v: f64, h: f64) -> String {
    format!("{v:+.1} ± {h:.1}")
}

/// `0.42 [0.33, 0.52]`: `k` of `n` with Wilson's 95% interval; `n/a` without games.
fn share(k: u64, n: u64) -> String {
    wilson_interval(k, n).map_or("n/a".to_string(), |(lo, hi)| {
        format!("{:.2} [{lo:.2}, {hi:.2}]", k as f64 / n as f64)
    })
}

/// One row per pairing.
fn pairings_table(r: &MatchReport<'_>, tallies: &[Tally]) -> Table {
    let mut t = Table::new(vec![
        Column::left("engine"),
        Column::left("opponent"),
        Column::right("games"),
        Column::right("W"),
        Column::right("D"),
        Column::right("L"),
        Column::right("wins [95% CI]"),
        Column::right("losses [95% CI]"),
        Column::right("forfeits"),
        Column::left("pentanomial"),
        Column::right("Elo ± 95%"),
        Column::right("nElo ± 95%"),
        Column::right("LOS"),
    ]);
    t.title = format!("{}: results per pairing", r.name);
    for x in tallies {
        let g = &x.games;
        let p = x.pairs.counts;
        let (elo, nelo, los) = match (elo_estimate(&x.pairs), normalized_elo(&x.pairs)) {
            (Ok(e), Ok(n)) => (
                pm(e.elo, e.elo95),
                pm(n.nelo, n.nelo95),
                format!("{:.1}%", 100.0 * e.los),
            ),
            _ => ("n/a".into(), "n/a".into(), "n/a".into()),
        };
        t.push_row([
            r.labels[x.a as usize].clone(),
            r.labels[x.b as usize].clone(),
            g.games().to_string(),
            g.wins().to_string(),
            g.draws().to_string(),
            g.losses().to_string(),
            share(g.wins(), g.games()),
            share(g.losses(), g.games()),
            x.forfeits.to_string(),
            format!("[{}, {}, {}, {}, {}]", p[0], p[1], p[2], p[3], p[4]),
            elo,
            nelo,
            los,
        ]);
    }
    t
}

/// The row engine's points / games against each column engine, and its total.
fn crosstable(r: &MatchReport<'_>, tallies: &[Tally]) -> Table {
    let n = r.engines.len();
    let mut cols = vec![Column::left("engine")];
    cols.extend((0..n).map(|j| Column::right((j + 1).to_string())));
    cols.push(Column::right("total"));
    let mut t = Table::new(cols);
    t.title = format!("{}: crosstable (the row engine's points / games)", r.name);
    for (i, row) in points_table(n, tallies).iter().enumerate() {
        let (points, total) = crosstable_row(row);
        let mut cells = vec![format!("{} {}", i + 1, r.labels[i])];
        cells.extend(points);
        cells.push(total);
        t.push_row(cells);
    }
    t
}

/// The rating list: each engine's Elo against the anchor by maximum likelihood over all
/// games ([`rating_list`]), with its 95% interval, best first.
fn rating_table(r: &MatchReport<'_>, tallies: &[Tally]) -> Table {
    let mut t = Table::new(vec![
        Column::right("rank"),
        Column::left("engine"),
        Column::right("Elo"),
        Column::right("± 95%"),
    ]);
    t.title = format!(
        "{}: rating list (anchored at {} = 0)",
        r.name, r.labels[r.anchor]
    );
    t.notes = vec![
        "Logistic Elo by maximum likelihood over all games (Bradley-Terry, as ordo and \
         BayesElo), one virtual draw a pairing; intervals from the likelihood's curvature, \
         games taken as independent."
            .to_string(),
    ];
    let list = match rating_list(r.engines.len(), tallies, r.anchor) {
        Ok(list) => list,
        Err(e) => {
            t.notes.push(format!("No rating list: n/a ({e})."));
            return t;
        }
    };
    for (rank, (i, rating)) in list.into_iter().enumerate() {
        let half = if i == r.anchor {
            "anchor".to_string()
        } else {
            format!("{:.1}", rating.elo95)
        };
        t.push_row(vec![
            (rank + 1).to_string(),
            r.labels[i].clone(),
            format!("{:+.1}", rating.elo),
            half,
        ]);
    }
    t
}

/// How the games ended: each termination and reason with its count.
fn endings_table(r: &MatchReport<'_>) -> Table {
    let mut counts: Vec<((String, String), u64)> = Vec::new();
    for g in r.rows {
        let key = (g.termination.clone(), g.reason.clone());
        match counts.iter_mut().find(|(k, _)| *k == key) {
            Some((_, c)) => *c += 1,
            None => counts.push((key, 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut t = Table::new(vec![
        Column::left("termination"),
        Column::left("reason"),
        Column::right("games"),
    ]);
    t.title = format!("{}: how the games ended", r.name);
    for ((term, reason), c) in counts {
        t.push_row([term, reason, c.to_string()]);
    }
    t
}

/// Each engine's label and full spec.
fn engines_table(r: &MatchReport<'_>) -> Table {
    let mut t = Table::new(vec![
        Column::right("#"),
        Column::left("label"),
        Column::left("spec"),
    ]);
    t.title = format!("{}: engines", r.name);
    for (i, (l, s)) in r.labels.iter().zip(&r.engines).enumerate() {
        t.push_row([(i + 1).to_string(), l.clone(), s.clone()]);
    }
    t
}

fn figures<'a>(r: &MatchReport<'_>, tallies: &[Tally]) -> Vec<Box<dyn Figure + 'a>> {
    let mut out: Vec<Box<dyn Figure + 'a>> = Vec::new();
    let pairings: Vec<PairingElo> = tallies
        .iter()
        .filter_map(|x| {
            let e = elo_estimate(&x.pairs)
                .ok()
                .filter(|_| x.pairs.pairs() > 0)?;
            Some(PairingElo {
                engine: r.labels[x.a as usize].clone(),
                opponent: r.labels[x.b as usize].clone(),
                elo: e.elo,
                half_width: e.elo95,
            })
        })
        .collect();
    if !pairings.is_empty() {
        out.push(Box::new(EloIntervals {
            name: r.name.clone(),
            pairings,
        }));
    }
    if let Some((s, path, _)) = &r.sprt {
        let (e0, e1) = s.elo_bounds();
        out.push(Box::new(LlrPath {
            name: r.name.clone(),
            what: format!(
                "{} vs {}, SPRT [{e0}, {e1}] ({:?} Elo, alpha {}, beta {})",
                r.labels[0],
                r.labels[1],
                s.model(),
                s.alpha(),
                s.beta()
            ),
            path: path.clone(),
            bounds: (s.lower_bound(), s.upper_bound()),
        }));
    }
    out
}

/// The SPRT's sentence: bounds, LLR and verdict.
fn sprt_sentence(r: &MatchReport<'_>) -> Option<String> {
    let (s, path, accepted) = r.sprt.as_ref()?;
    let (e0, e1) = s.elo_bounds();
    let verdict = match accepted {
        Some(Accepted::H1) => "H1 accepted",
        Some(Accepted::H0) => "H0 accepted",
        None => "no hypothesis accepted (inconclusive)",
    };
    Some(format!(
        "SPRT [{e0}, {e1}] ({:?} Elo, alpha {}, beta {}) of {} against {}: LLR {:.3} after {} \
         pairs (bounds {:.3}, {:.3}): {verdict}.",
        s.model(),
        s.alpha(),
        s.beta(),
        r.labels[0],
        r.labels[1],
        path.last().copied().unwrap_or(0.0),
        path.len(),
        s.lower_bound(),
        s.upper_bound()
    ))
}

/// The headline's lines: the Elo of every pairing with its 95% interval (at most six; the
/// table has them all).
fn elo_lines(r: &MatchReport<'_>, tallies: &[Tally]) -> Vec<String> {
    let mut out: Vec<String> = tallies
        .iter()
        .filter(|x| x.pairs.pairs() > 0)
        .filter_map(|x| {
            let e = elo_estimate(&x.pairs).ok()?;
            Some(format!(
                "`{}` vs `{}`: {} Elo (95% CI) over {} game pairs",
                r.labels[x.a as usize],
                r.labels[x.b as usize],
                pm(e.elo, e.elo95),
                x.pairs.pairs()
            ))
        })
        .collect();
    if out.len() > 6 {
        let n = out.len() - 6;
        out.truncate(6);
        out.push(format!("{n} more pairings in the tables below."));
    }
    out
}

/// Write the match report into `dir`: tables in every format, figures, `README.md` and
/// `index.html`.
pub fn write_match_report(r: &MatchReport<'_>, dir: &Path) -> Result<Vec<PathBuf>, RenderError> {
    let tallies = tally(r.rows);
    let stem = crate::util::names::file_stem(&r.name);
    let whole = pairings_table(r, &tallies);
    let mut tables = vec![
        (
            format!("{stem}_pairings"),
            whole.part(
                &[0, 1, 2, 3, 4, 5, 6, 7, 8],
                whole.title.clone(),
                Vec::new(),
            ),
        ),
        (
            format!("{stem}_strength"),
            whole.part(
                &[0, 1, 9, 10, 11, 12],
                format!("{}: Elo per pairing", r.name),
                Vec::new(),
            ),
        ),
    ];
    if r.engines.len() > 2 {
        tables.push((format!("{stem}_ratings"), rating_table(r, &tallies)));
        tables.push((format!("{stem}_crosstable"), crosstable(r, &tallies)));
    }
    tables.push((format!("{stem}_endings"), endings_table(r)));
    tables.push((format!("{stem}_engines"), engines_table(r)));
    let mut figs = figures(r, &tallies);
    let head = if figs.is_empty() {
        Vec::new()
    } else {
        vec![figs.remove(0)]
    };
    let mut headline: Vec<String> = sprt_sentence(r).into_iter().collect();
    headline.extend(elo_lines(r, &tallies));
    let page = Page {
        title: format!("{}: match report", r.name),
        summary: format!(
            "{} games between {} engines. Generated by treebench {}.",
            r.rows.len(),
            r.engines.len(),
            env!("CARGO_PKG_VERSION"),
        ),
        headline,
        headline_note: Some(
            "Elo: the first-named engine's logistic Elo difference with its 95% interval, from \
             the game pairs (pentanomial)."
                .into(),
        ),
        headline_figures: head,
        results: vec![Section {
            heading: "Games".into(),
            tables: tables.into_iter().map(|(s, t)| (Some(s), t)).collect(),
            figures: figs,
            ..Section::default()
        }],
        method: vec![
            r.method.clone(),
            "W, D, L: the first-named engine's wins, draws and losses, with their rates and \
             Wilson 95% intervals; pentanomial: complete game pairs by that engine's points \
             [0, ½, 1, 1½, 2] (LL, LD+DL, LW+DD+WL, DW+WD, WW). Elo: the logistic Elo \
             difference of the first-named engine of a pairing, its 95% interval from the \
             variance of the game-pair (pentanomial) scores; nElo: normalized Elo; LOS: \
             likelihood of superiority; all as fishtest computes them (counts of 0 regularized \
             to 0.001)."
                .to_string(),
        ],
        reproduce: r.reproduce.clone(),
        ..Page::default()
    };
    std::fs::create_dir_all(dir).map_err(|e| RenderError::Io {
        path: dir.to_path_buf(),
        source: e,
    })?;
    Ok(write_page(&page, dir)?.files)
}
