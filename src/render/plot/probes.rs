//! Probes (root searches) per solve, per driver and ply, from the `probes` column of the
//! results.

use std::path::PathBuf;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::dodged::{draw_dodged, DodgedData, Group};
use super::Figure;
use crate::render::RenderError;
use crate::runner::record::read_all;
use crate::util::names::file_stem;

/// The probes of every solve of one engine, per ply (ascending).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EngineProbes {
    pub engine: String,
    pub by_ply: Vec<(u32, Vec<u32>)>,
}

/// The `probes` of every solve of `experiment` in the results files, per engine (in the order
/// of `engines`) and ply. A source that no longer exists (an analysis kept in memory) adds
/// nothing.
pub fn probe_counts(
    sources: &[PathBuf],
    experiment: &str,
    engines: &[String],
) -> Result<Vec<EngineProbes>, RenderError> {
    let mut out: Vec<EngineProbes> = engines
        .iter()
        .map(|e| EngineProbes {
            engine: e.clone(),
            by_ply: Vec::new(),
        })
        .collect();
    for path in sources.iter().filter(|p| p.exists()) {
        for r in read_all(path)? {
            if r.experiment != experiment {
                continue;
            }
            let Some(e) = out.iter_mut().find(|e| e.engine == r.engine) else {
                continue;
            };
            match e.by_ply.iter_mut().find(|(p, _)| *p == r.ply) {
                Some((_, v)) => v.push(r.probes),
                None => e.by_ply.push((r.ply, vec![r.probes])),
            }
        }
    }
    for e in &mut out {
        e.by_ply.sort_by_key(|(p, _)| *p);
    }
    Ok(out)
}

/// Mean probes per solve of every engine per ply, with a bar from the fewest to the most;
/// engines side by side. A driver's probes are the root searches it made (1 for wide-window
/// negamax, several null-window searches for MTD(f), SSS*, DUAL*, ...).
pub struct ProbesPerSolve {
    name: String,
    counts: Vec<EngineProbes>,
}

impl ProbesPerSolve {
    pub fn new(experiment: &str, counts: Vec<EngineProbes>) -> Self {
        Self {
            name: experiment.to_string(),
            counts,
        }
    }

    fn groups(&self) -> Vec<Group> {
        self.counts
            .iter()
            .map(|e| Group {
                label: e.engine.clone(),
                points: e
                    .by_ply
                    .iter()
                    .filter(|(_, v)| !v.is_empty())
                    .map(|(p, v)| {
                        let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / v.len() as f64;
                        let lo = v.iter().copied().min().unwrap_or(0);
                        let hi = v.iter().copied().max().unwrap_or(0);
                        (*p, mean, f64::from(lo), f64::from(hi))
                    })
                    .collect(),
            })
            .collect()
    }
}

impl Figure for ProbesPerSolve {
    fn stem(&self) -> String {
        format!("{}_probes", file_stem(&self.name))
    }
    fn title(&self) -> String {
        format!("{}: probes per solve", self.name)
    }
    fn description(&self) -> String {
        "Probes (root searches) per solve, per driver and ply: the mean over the solves, with a \
         bar from the fewest to the most; drivers side by side (engines that report no probes \
         are not drawn)."
            .into()
    }
    fn draw(&self, root: DrawingArea<SVGBackend<'_>, Shift>) -> Result<(), RenderError> {
        draw_dodged(
            root,
            &DodgedData {
                figure: "probes per solve",
                title: self.title(),
                y_desc: "probes per solve".into(),
                groups: self.groups(),
                log: false,
            },
        )
    }
}
