//! The search counters of the records (`interior`, `leaves`, ..., `researches`): per engine and
//! ply, what the solves did besides counting nodes, so that a comparison can say *why* one
//! engine wins (fewer leaves, a better first move, fewer re-searches).
//!
//! Medians are per solve; rates pool the solves (total hits / total table lookups, total first-move
//! cut-offs / total beta cut-offs). An engine that does not count has empty counter columns and
//! shows "n/a" here, never 0.

use std::path::PathBuf;

use crate::runner::record::{read_all, Record, RecordError};
use crate::table::{Column, Table};

/// The counters of one engine at one ply (or over all plies).
#[derive(Debug, Clone, PartialEq)]
pub struct CounterRow {
    pub engine: String,
    /// `None`: all plies.
    pub ply: Option<u32>,
    /// Solves, and of them those with counters.
    pub solves: usize,
    pub counted: usize,
    pub leaves: Option<f64>,
    pub interior: Option<f64>,
    pub qnodes: Option<f64>,
    pub tt_lookups: Option<f64>,
    /// Lookups that found an entry / lookups.
    pub hit_rate: Option<f64>,
    /// Lookups that ended the node / lookups.
    pub cutoff_rate: Option<f64>,
    /// First-move beta cut-offs / beta cut-offs: the ordering quality.
    pub first_move_rate: Option<f64>,
    /// Mean re-searches per solve.
    pub researches: Option<f64>,
}

fn median(mut v: Vec<f64>) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let m = v.len() / 2;
    Some(if v.len() % 2 == 1 {
        v[m]
    } else {
        (v[m - 1] + v[m]) / 2.0
    })
}

/// Whether `r` carries counters (all its counter columns are filled by the same engine call).
#[must_use]
pub fn counted(r: &Record) -> bool {
    r.leaves.is_some()
}

fn ratio(num: u64, den: u64) -> Option<f64> {
    (den > 0).then(|| num as f64 / den as f64)
}

/// The row of `rows` (one engine, one ply or all).
fn row(engine: &str, ply: Option<u32>, rows: &[&Record]) -> CounterRow {
    let c: Vec<&Record> = rows.iter().copied().filter(|r| counted(r)).collect();
    let med = |f: fn(&Record) -> Option<u64>| {
        median(c.iter().filter_map(|r| f(r)).map(|v| v as f64).collect())
    };
    let total = |f: fn(&Record) -> Option<u64>| c.iter().filter_map(|r| f(r)).sum::<u64>();
    CounterRow {
        engine: engine.to_string(),
        ply,
        solves: rows.len(),
        counted: c.len(),
        leaves: med(|r| r.leaves),
        interior: med(|r| r.interior),
        qnodes: med(|r| r.qnodes),
        tt_lookups: med(|r| r.tt_lookups),
        hit_rate: ratio(total(|r| r.tt_hits), total(|r| r.tt_lookups)),
        cutoff_rate: ratio(total(|r| r.tt_cutoffs), total(|r| r.tt_lookups)),
        first_move_rate: ratio(total(|r| r.first_move_cutoffs), total(|r| r.beta_cutoffs)),
        researches: (!c.is_empty()).then(|| total(|r| r.researches) as f64 / c.len() as f64),
    }
}

/// Per engine (in the order of `engines`) one row per ply and one over all plies, from the
/// records of `experiment`.
#[must_use]
pub fn counter_rows(records: &[Record], experiment: &str, engines: &[String]) -> Vec<CounterRow> {
    let mut out = Vec::new();
    for e in engines {
        let mine: Vec<&Record> = records
            .iter()
            .filter(|r| r.experiment == experiment && &r.engine == e)
            .collect();
        let mut plies: Vec<u32> = mine.iter().map(|r| r.ply).collect();
        plies.sort_unstable();
        plies.dedup();
        for p in &plies {
            let at: Vec<&Record> = mine.iter().copied().filter(|r| r.ply == *p).collect();
            out.push(row(e, Some(*p), &at));
        }
        if plies.len() > 1 {
            out.push(row(e, None, &mine));
        }
    }
    out
}

/// The rows of `experiment` from its results files, or `None` when no engine counted.
pub fn counter_rows_of(
    sources: &[PathBuf],
    experiment: &str,
    engines: &[String],
) -> Result<Option<Vec<CounterRow>>, RecordError> {
    let mut records = Vec::new();
    for p in sources.iter().filter(|p| p.exists()) {
        records.extend(
            read_all(p)?
                .into_iter()
                .filter(|r| r.experiment == experiment),
        );
    }
    if !records.iter().any(counted) {
        return Ok(None);
    }
    Ok(Some(counter_rows(&records, experiment, engines)))
}

fn num(v: Option<f64>) -> String {
    v.map_or("n/a".into(), |x| format!("{x:.0}"))
}

fn pct(v: Option<f64>) -> String {
    v.map_or("n/a".into(), |x| format!("{:.1}%", x * 100.0))
}

/// The counters table: one line per row of [`counter_rows`].
#[must_use]
pub fn counters_table(rows: &[CounterRow], title: &str) -> Table {
    let mut t = Table::new(vec![
        Column::left("engine"),
        Column::right("ply"),
        Column::right("solves"),
        Column::right("leaves"),
        Column::right("interior"),
        Column::right("qnodes"),
        Column::right("tt lookups"),
        Column::right("hit rate"),
        Column::right("tt cut-off rate"),
        Column::right("first-move cut-offs"),
        Column::right("re-searches"),
    ]);
    t.title = title.to_string();
    for r in rows {
        t.push_row([
            r.engine.clone(),
            r.ply.map_or("all".into(), |p| p.to_string()),
            r.solves.to_string(),
            num(r.leaves),
            num(r.interior),
            num(r.qnodes),
            num(r.tt_lookups),
            pct(r.hit_rate),
            pct(r.cutoff_rate),
            pct(r.first_move_rate),
            r.researches.map_or("n/a".into(), |x| format!("{x:.2}")),
        ]);
    }
    t.notes.push(
        "Leaves, interior nodes, quiescence nodes and table lookups: medians per solve. Hit rate: \
         lookups that found an entry / lookups; tt cut-off rate: lookups whose bound ended the \
         node / lookups; first-move cut-offs: beta cut-offs made by the first move searched / all beta \
         cut-offs (move-ordering quality); re-searches: mean per solve (PVS re-searches, \
         aspiration fails, root probes after the first). n/a: the engine does not count."
            .into(),
    );
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(engine: &str, ply: u32, leaves: Option<u64>) -> Record {
        Record {
            experiment: "x".into(),
            engine: engine.into(),
            ply,
            leaves,
            interior: leaves.map(|l| l * 2),
            tt_lookups: leaves.map(|_| 100),
            tt_hits: leaves.map(|_| 25),
            beta_cutoffs: leaves.map(|_| 10),
            first_move_cutoffs: leaves.map(|_| 9),
            researches: leaves.map(|_| 3),
            ..Record::default()
        }
    }

    #[test]
    fn rows_pool_rates_and_missing_counters_are_na() {
        let rs = vec![
            rec("mtdf", 8, Some(10)),
            rec("mtdf", 8, Some(30)),
            rec("mtdf", 10, Some(20)),
            rec("ext:x", 8, None),
        ];
        let engines = vec!["mtdf".to_string(), "ext:x".to_string()];
        let rows = counter_rows(&rs, "x", &engines);
        assert_eq!(rows.len(), 4); // mtdf 8, 10, all; ext 8
        assert_eq!(rows[0].leaves, Some(20.0));
        assert_eq!(rows[0].hit_rate, Some(0.25));
        assert_eq!(rows[0].first_move_rate, Some(0.9));
        assert_eq!(rows[2].ply, None);
        assert_eq!(rows[2].researches, Some(3.0));
        assert_eq!((rows[3].leaves, rows[3].hit_rate), (None, None));
        let t = counters_table(&rows, "c");
        assert_eq!(t.rows[3][3].text, "n/a");
        assert_eq!(t.rows[3][9].text, "n/a");
        assert_eq!(t.rows[0][9].text, "90.0%");
    }
}
