//! Search counters per engine and ply ([`crate::analysis::counters`]): the share of beta
//! cut-offs made by the first move searched (move-ordering quality), or the table hit rate.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::dodged::{draw_dodged, DodgedData, Group};
use super::Figure;
use crate::analysis::counters::CounterRow;
use crate::render::RenderError;
use crate::util::names::file_stem;

/// Which rate a [`CounterRates`] figure shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rate {
    /// First-move beta cut-offs / beta cut-offs.
    FirstMove,
    /// Lookups that found an entry / lookups.
    Hits,
}

/// One rate per engine and ply, engines side by side (engines without counters are not drawn).
pub struct CounterRates {
    name: String,
    rows: Vec<CounterRow>,
    rate: Rate,
}

impl CounterRates {
    pub fn new(experiment: &str, rows: &[CounterRow], rate: Rate) -> Self {
        Self {
            name: experiment.to_string(),
            rows: rows.to_vec(),
            rate,
        }
    }

    fn value(&self, r: &CounterRow) -> Option<f64> {
        match self.rate {
            Rate::FirstMove => r.first_move_rate,
            Rate::Hits => r.hit_rate,
        }
    }

    fn groups(&self) -> Vec<Group> {
        let mut out: Vec<Group> = Vec::new();
        for r in &self.rows {
            let (Some(p), Some(v)) = (r.ply, self.value(r)) else {
                continue;
            };
            if out.last().is_none_or(|g| g.label != r.engine) {
                out.push(Group {
                    label: r.engine.clone(),
                    points: Vec::new(),
                });
            }
            let pct = v * 100.0;
            out.last_mut()
                .expect("pushed")
                .points
                .push((p, pct, pct, pct));
        }
        out
    }

    fn what(&self) -> (&'static str, &'static str) {
        match self.rate {
            Rate::FirstMove => ("first_move", "first-move cut-offs (% of beta cut-offs)"),
            Rate::Hits => ("hit_rate", "table hit rate (% of lookups)"),
        }
    }
}

impl Figure for CounterRates {
    fn stem(&self) -> String {
        format!("{}_{}", file_stem(&self.name), self.what().0)
    }
    fn title(&self) -> String {
        format!("{}: {}", self.name, self.what().1)
    }
    fn description(&self) -> String {
        match self.rate {
            Rate::FirstMove => "Per engine and ply, the share of beta cut-offs made by the first \
                 move searched, pooled over the solves: the standard measure of move-ordering \
                 quality (engines that do not count are not drawn)."
                .into(),
            Rate::Hits => "Per engine and ply, the share of transposition-table lookups that \
                 found an entry for the position, pooled over the solves (engines that do not \
                 count are not drawn)."
                .into(),
        }
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        draw_dodged(
            root,
            &DodgedData {
                figure: "search counters",
                title: self.title(),
                y_desc: self.what().1.into(),
                groups: self.groups(),
                log: false,
            },
        )
    }
}
