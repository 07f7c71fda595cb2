//! The generated Method section of a report: what was run, how it was timed, what the records
//! show about the run (order rotation, score agreement), what the repeats allow, the machine and
//! its load, and what the statistics test. Written as Markdown (code spans in backticks);
//! [`inline_html`] renders it for the HTML page.

use crate::analysis::{Analysis, AnalyzeOptions, ExperimentAnalysis};
use crate::engine::connect4::SolverConfig;

/// Metadata fields kept out of the report's machine table: bookkeeping of the runner, not facts
/// about the machine (`resumed_at`, `skipped`, `shard`, `partial`); the Method section states
/// what matters of them.
pub const HIDDEN_META: [&str; 4] = ["resumed_at", "skipped", "shard", "partial"];

pub use crate::table::html::inline_html;

fn meta_str<'a>(exp: &'a ExperimentAnalysis, key: &str) -> Option<&'a serde_json::Value> {
    exp.metadata.iter().find_map(|(_, m)| m.get(key))
}

fn loads(v: Option<&serde_json::Value>) -> Option<String> {
    let a = v?.as_array()?;
    let x: Vec<String> = a
        .iter()
        .filter_map(|x| x.as_f64())
        .map(|x| format!("{x:.2}"))
        .collect();
    (x.len() == 3).then(|| x.join(" / "))
}

/// The table each engine was given, in words (engines with the same table grouped).
pub(crate) fn table_sizes(exp: &ExperimentAnalysis) -> String {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for e in &exp.engine_specs() {
        let text = match SolverConfig::parse(e) {
            Ok(Some(cfg)) => match cfg.search.tt_bits {
                Some(bits) => {
                    let bytes = (1u64 << bits) * 8;
                    format!(
                        "2^{bits} entries of 8 bytes ({} MiB)",
                        bytes as f64 / (1 << 20) as f64
                    )
                }
                None => "no table".to_string(),
            },
            _ => "its own tables".to_string(),
        };
        match groups.iter_mut().find(|(t, _)| *t == text) {
            Some((_, engines)) => engines.push(format!("`{e}`")),
            None => groups.push((text, vec![format!("`{e}`")])),
        }
    }
    if let [(text, _)] = groups.as_slice() {
        return format!("{text} for every engine");
    }
    groups
        .into_iter()
        .map(|(t, e)| format!("{t} for {}", e.join(", ")))
        .collect::<Vec<_>>()
        .join("; ")
}

/// What was timed and what is known of the table resets, per engine: from the run's metadata
/// (`engine_timing`, written by `runner::meta`), else what the engine's spec allows to say.
fn engine_timing(exp: &ExperimentAnalysis) -> String {
    let recorded: Vec<crate::runner::meta::EngineTiming> = meta_str(exp, "engine_timing")
        .and_then(|v| serde_json::from_value(v.clone()).ok())
        .unwrap_or_default();
    let specs = exp.engine_specs();
    let per_engine = specs
        .iter()
        .map(|e| match recorded.iter().find(|t| t.engine == *e) {
            Some(t) => format!(
                "`{e}`: timed: {}; table resets: {}; nodes: {}.",
                t.timed,
                t.tables,
                if t.nodes_reported {
                    "reported"
                } else {
                    "not reported (n/a)"
                }
            ),
            None if e.starts_with("ext") => format!(
                "`{e}` (another process): what its times hold (its own report or the round \
                 trip) and whether it reset its tables were not recorded in this run's metadata."
            ),
            None => format!(
                "`{e}`: timed: the solve call alone, in process; table resets: known, by the \
                 harness before every solve, outside the timed call."
            ),
        });
    format!("Per engine: {}", per_engine.collect::<Vec<_>>().join(" "))
}

fn list(items: impl IntoIterator<Item = String>) -> String {
    items.into_iter().collect::<Vec<_>>().join(", ")
}

/// The Method section's paragraphs (Markdown).
#[must_use]
pub fn method(analysis: &Analysis, exp: &ExperimentAnalysis) -> Vec<String> {
    let mut out = vec![
        engines_paragraph(analysis, exp),
        order_paragraph(exp),
        repeats_paragraph(exp),
    ];
    out.extend(machine_paragraph(exp));
    out.push(statistics_paragraph(&exp.options));
    out.push(super::table::CAVEAT.to_string());
    out
}

/// The note under a run report's headline: how to read a line, in one sentence.
#[must_use]
pub fn headline_note(exp: &ExperimentAnalysis) -> String {
    format!(
        "Each line: candidate vs baseline over all plies; the geometric-mean speed-up (> 1: the \
         candidate is faster) with its {c:.0}% interval and the p-value of the same Wilcoxon \
         signed-rank test; the figure shows it per ply. How it is computed: Method, in the \
         appendix.",
        c = exp.options.confidence * 100.0
    )
}

/// The Method in short paragraphs a reader can skim: what was run, and what the headline's
/// number is; [`method`] is the full description.
#[must_use]
pub fn method_short(exp: &ExperimentAnalysis) -> Vec<String> {
    let (f, o) = (&exp.facts, &exp.options);
    let chess = exp.chess.is_some();
    let clock = meta_str(exp, "clock")
        .and_then(|v| v.as_str())
        .map_or(String::new(), |c| format!(" on the {c} clock"));
    let agree = if f.score_disagreements == 0 {
        "every engine returned the same score on every position".to_string()
    } else {
        format!("the scores differed on {} positions", f.score_disagreements)
    };
    let repeats = if f.repeats <= 1 {
        "Each position was solved once, so the intervals describe the spread across positions, \
         not run-to-run noise."
            .to_string()
    } else {
        format!("Each position was solved {} times.", f.repeats)
    };
    vec![
        format!(
            "What was run: {} engines {} the same {} seeded positions (a random position \
             reached after `ply` moves), {} {} in all, each timed by the harness{clock}; the \
             engines took turns going first; {agree}. {repeats}",
            exp.engines.len(),
            if chess { "searched" } else { "solved" },
            f.positions,
            exp.records,
            if chess { "searches" } else { "solves" },
        ),
        format!(
            "The headline's number is the geometric-mean speed-up: the typical ratio baseline \
             time / candidate time, every position weighing the same. Its {c:.0}% interval comes \
             from the two-sided Wilcoxon signed-rank test on the per-position log ratios, so it \
             excludes 1 exactly when p < {a}. Per-ply p-values are Holm-adjusted across the \
             plies (* marks adjusted p < {a}). The ratio of mean times is shown beside it; the \
             slowest positions dominate it.",
            c = o.confidence * 100.0,
            a = o.alpha
        ),
    ]
}

/// What was run and timed: the engines, positions, files, clock, tables and build.
fn engines_paragraph(analysis: &Analysis, exp: &ExperimentAnalysis) -> String {
    let f = &exp.facts;
    let clock = meta_str(exp, "clock").and_then(|v| v.as_str()).map_or(
        "the runner's clock (not recorded in this run's metadata)".to_string(),
        |c| format!("the {c} clock"),
    );
    let resolution = meta_str(exp, "clock_resolution_ns")
        .and_then(|v| v.as_u64())
        .map_or(String::new(), |r| format!(", resolution {r} ns"));
    let target = meta_str(exp, "build_target")
        .and_then(|v| v.as_str())
        .map_or(String::new(), |t| format!(" for {t}"));
    let profile = meta_str(exp, "build_profile")
        .and_then(|v| v.as_str())
        .map_or(String::new(), |p| {
            format!(" The binary was a {p} build{target}.")
        });
    let chess = exp.chess.is_some();
    let uci = chess && exp.engine_specs().iter().any(|e| e.starts_with("uci"));
    let timing = if chess && !uci {
        format!(
            "The engines are the generic search core on chess, in process, each searching to \
             the fixed depth of its spec from a table the harness resets before every solve \
             (outside the timed call). The harness's clock was {clock}{resolution}; times are \
             recorded in integer nanoseconds.{profile} {}",
            engine_timing(exp)
        )
    } else if chess {
        format!(
            "Before every position the harness sent the engine `ucinewgame` and waited for \
             `readyok` (the engine clears its tables; nothing enforces it, `treebench verify \
             --game chess` checks it). Times are the time to depth: from writing `go` to reading \
             `bestmove`, on {clock}{resolution}, recorded in integer nanoseconds; the engines' \
             own `time` reports (milliseconds) are kept beside them.{profile}"
        )
    } else {
        format!(
            "The tables: {}. The harness's clock was {clock}{resolution}; times are recorded in \
             integer nanoseconds.{profile} {}",
            table_sizes(exp),
            engine_timing(exp)
        )
    };
    format!(
        "Each of the {} engines of experiment `{}` ({}) {} every position (a seeded random \
         position reached after `ply` moves); {} solves of {} positions in all, read from {}. \
         {timing}",
        exp.engines.len(),
        exp.name,
        list(exp.engines.iter().map(|e| match exp.spec_of(e) {
            // The full spec is named here once; tables and figures use the label.
            s if s != e => format!("{e} (`{s}`)"),
            s => format!("`{s}`"),
        })),
        if chess { "searched" } else { "solved" },
        exp.records,
        f.positions,
        list(
            analysis
                .sources
                .iter()
                .map(|p| format!("`{}`", p.display()))
        ),
    )
}

/// The solve order and the agreement of the scores.
fn order_paragraph(exp: &ExperimentAnalysis) -> String {
    let f = &exp.facts;
    let chess = exp.chess.is_some();
    let slots = list(f.slots.iter().map(|(e, c)| {
        format!(
            "`{e}` {}",
            c.iter().map(u64::to_string).collect::<Vec<_>>().join("/")
        )
    }));
    let rotation = if f.rotation_balanced() {
        format!(
            "The solve order rotated from one position to the next, so that every engine was \
             first, second, ... equally often (solves per slot, first/second/...: {slots})."
        )
    } else {
        format!(
            "The solve order rotated from one position to the next; positions dropped after \
             their solves (trivial ones, `min_nodes`) or an interrupted run leave the slots \
             somewhat uneven (solves per slot, first/second/...: {slots})."
        )
    };
    let scores = if f.score_disagreements == 0 {
        format!(
            "All engines returned the same score on every one of the {} positions.",
            f.positions
        )
    } else if chess {
        format!(
            "The scores differed on {} of the {} positions: engines searching to a fixed depth \
             need not agree (`agreement = \"report\"`); the agreement table counts it per pair \
             and ply.",
            f.score_disagreements, f.positions
        )
    } else {
        format!(
            "The scores differed on {} of the {} positions: at least one engine is wrong there.",
            f.score_disagreements, f.positions
        )
    };
    format!("{rotation} {scores}")
}

/// Repeats (and so what the intervals describe) and the harness overhead.
fn repeats_paragraph(exp: &ExperimentAnalysis) -> String {
    let (o, f) = (&exp.options, &exp.facts);
    let repeats = if f.repeats <= 1 {
        "Each engine solved each position once (repeats = 1): the data hold no estimate of \
         run-to-run noise, and every interval and test below describes the spread across \
         positions only; a rerun on a differently loaded machine may shift all times together."
            .to_string()
    } else if o.collapse_repeats {
        format!(
            "Each engine solved each position {} times (repeats = {}); the repeats of a position \
             are averaged first, so n counts positions, and their spread is the run-to-run noise.",
            f.repeats, f.repeats
        )
    } else {
        format!(
            "Each engine solved each position {} times; every repeat is its own pair here, so n \
             counts solves (the pairs of one position are not independent).",
            f.repeats
        )
    };
    let overhead = meta_str(exp, "overhead_ns_per_solve")
        .and_then(|v| v.as_f64())
        .map_or(String::new(), |ns| {
            format!(
                " The harness overhead, `overhead_ns_per_solve` = {:.1} µs, is the run's wall \
                 time not spent inside the timed solve calls (table resets, score checks, writing \
                 records, progress), divided by the number of solves; it is in no time shown.",
                ns / 1e3
            )
        });
    format!("{repeats}{overhead}")
}

/// The machine and its load, when the metadata recorded them.
fn machine_paragraph(exp: &ExperimentAnalysis) -> Option<String> {
    let cpu = meta_str(exp, "cpu_model").and_then(|v| v.as_str());
    let cores = meta_str(exp, "cores").and_then(|v| v.as_u64());
    let mhz = meta_str(exp, "cpu_mhz").and_then(|v| v.as_f64());
    let governor = meta_str(exp, "cpu_governor").and_then(|v| v.as_str());
    let (l0, l1) = (
        loads(meta_str(exp, "load_avg_start")),
        loads(meta_str(exp, "load_avg_end")),
    );
    let unreadable: Vec<String> = meta_str(exp, "unreadable")
        .and_then(|v| v.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|x| x.as_str().map(|s| format!("`{s}`")))
                .collect()
        })
        .unwrap_or_default();
    if cpu.is_none() && l0.is_none() {
        return None;
    }
    {
        let mut s = format!(
            "Machine: {}{}{}; frequency governor {}.",
            cpu.unwrap_or("CPU not recorded"),
            cores.map_or(String::new(), |c| format!(", {c} cores")),
            mhz.map_or(String::new(), |m| format!(", {m:.0} MHz at the start")),
            governor.map_or("not readable".to_string(), |g| format!("`{g}`")),
        );
        match (l0, l1) {
            (Some(a), Some(b)) => s.push_str(&format!(
                " Load average (1/5/15 min) {a} at the start and {b} at the end."
            )),
            (Some(a), None) => s.push_str(&format!(" Load average (1/5/15 min) {a} at the start.")),
            _ => s.push_str(" The machine's load was not recorded."),
        }
        if !unreadable.is_empty() {
            s.push_str(&format!(
                " Not readable on this machine: {}.",
                unreadable.join(", ")
            ));
        }
        Some(s)
    }
}

/// The statistics: the claim's estimand and test, the second figures, the p-value methods.
fn statistics_paragraph(o: &AnalyzeOptions) -> String {
    format!(
        "Statistics, per ply and over all plies, for each comparison (candidate vs baseline): \
         mean ± sd of each engine's time. The claim of each comparison, in the headline, the \
         summary and the speed-up figure, is one estimand with its own test: the geometric-mean \
         speed-up, exp of the Hodges–Lehmann estimate (the median of the Walsh averages) of the \
         per-position log ratio ln(baseline time / candidate time), > 1 when the candidate is \
         faster; its {c:.0}% interval is the set of ratios that the same two-sided Wilcoxon \
         signed-rank test on those log ratios does not reject, so at the default confidence \
         (1 − alpha) the interval excludes 1 exactly when p < {a}, up to the discreteness of \
         small exact tests. Because it works on ratios, every position weighs the same, fast or \
         slow. The ratio of mean times, mean baseline time / mean candidate time, is shown \
         beside it as a second, labelled figure, with a {c:.0}% paired percentile-bootstrap \
         interval ({} resamples; the delta-method normal interval above {} pairs) and no test of \
         its own: it weighs each position by its time, so the slowest positions dominate it, \
         and it can lie on the other side of 1 from the geometric mean. Also shown: the median \
         of the per-position ratios; the ratio of total nodes; time per node. The tables add \
         the Wilcoxon signed-rank test on the differences baseline − candidate computed exactly \
         in integer nanoseconds (equal differences tie and equal times are zeros, counted and \
         left out: scipy's `zero_method='wilcox'`) with the Hodges–Lehmann estimate of that \
         difference and the interval of the same test. For both tests the p-value is exact \
         without ties or zeros up to 50 pairs, exact over all sign flips with ties or zeros up \
         to 13, and the tie-corrected normal approximation otherwise (scipy 1.17's \
         `method='auto'`). The per-ply p-values are also shown Holm-adjusted across the plies \
         of a comparison; * marks adjusted p < {a}.",
        o.bootstrap_resamples,
        o.bootstrap_max_pairs,
        c = o.confidence * 100.0,
        a = o.alpha,
    )
}

#[cfg(test)]
mod tests {
    use super::inline_html;

    #[test]
    fn code_spans_become_code_elements() {
        assert_eq!(
            inline_html("the `mtdf` engine <b> & `a<b`"),
            "the <code>mtdf</code> engine &lt;b&gt; &amp; <code>a&lt;b</code>"
        );
        assert_eq!(inline_html("odd ` mark"), "odd  mark");
        assert_eq!(inline_html("none"), "none");
    }
}
