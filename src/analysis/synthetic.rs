//! Synthetic results files with realistic, heavy-tailed solve times, for tests, demos and
//! performance measurements of the analysis (no engine is run).

use std::path::Path;

use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::runner::record::Record;

use super::AnalysisError;

/// What to generate. Every position of every ply is solved by every engine `repeats` times, so
/// the file has `plies.len() × positions_per_ply × engines.len() × repeats` rows.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntheticSpec {
    pub experiment: String,
    pub seed: u64,
    pub plies: std::ops::RangeInclusive<u32>,
    pub positions_per_ply: u32,
    pub repeats: u32,
    /// Engine specs with their typical speed-up over the first engine at the first and the last
    /// ply (the first engine's own factors are ignored). A factor below 1 is a slower engine.
    pub engines: Vec<(String, f64, f64)>,
}

impl Default for SyntheticSpec {
    fn default() -> Self {
        Self {
            experiment: "synthetic".into(),
            seed: 42,
            plies: 8..=20,
            positions_per_ply: 40,
            repeats: 1,
            engines: vec![
                ("negamax:tt=20".into(), 1.0, 1.0),
                ("mtdf".into(), 2.5, 0.9),
            ],
        }
    }
}

impl SyntheticSpec {
    /// Rows the file will have.
    pub fn rows(&self) -> u64 {
        let plies = (*self.plies.end() as u64 + 1).saturating_sub(*self.plies.start() as u64);
        plies * self.positions_per_ply as u64 * self.engines.len() as u64 * self.repeats as u64
    }
}

/// A standard normal draw (Box–Muller).
fn normal(rng: &mut ChaCha8Rng) -> f64 {
    let u = |rng: &mut ChaCha8Rng| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let (a, b) = (u(rng).max(1e-300), u(rng));
    (-2.0 * a.ln()).sqrt() * (2.0 * std::f64::consts::PI * b).cos()
}

/// Write a synthetic results CSV (header included) to `path`.
///
/// Times: per position a log-normal difficulty (σ = 1.3) plus, for one position in twenty, a
/// Pareto tail, on a median that falls tenfold every five plies; each engine's time is the
/// baseline's divided by its speed-up (interpolated over the plies) times a log-normal
/// per-position factor (σ = 0.45); repeats add 5 % noise. Nodes are about 60 ns of work each.
pub fn write_synthetic(path: &Path, spec: &SyntheticSpec) -> Result<(), AnalysisError> {
    let io = |source| AnalysisError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(io)?;
    }
    let file = std::fs::File::create(path).map_err(io)?;
    let mut w = csv::WriterBuilder::new()
        .has_headers(true)
        .from_writer(std::io::BufWriter::with_capacity(1 << 20, file));
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed);
    let (p0, p1) = (*spec.plies.start(), *spec.plies.end());
    let csv_err = |e: csv::Error| AnalysisError::Io {
        path: path.to_path_buf(),
        source: std::io::Error::other(e),
    };
    for ply in spec.plies.clone() {
        let t = if p1 > p0 {
            (ply - p0) as f64 / (p1 - p0) as f64
        } else {
            0.0
        };
        let mu = (40.0f64).ln() - (ply - p0) as f64 * (10f64.ln() / 5.0);
        for index in 0..spec.positions_per_ply {
            let mut difficulty = 1.3 * normal(&mut rng);
            if rng.next_u32() % 20 == 0 {
                // Pareto(α = 1.2) tail: a few positions are orders of magnitude harder.
                let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
                difficulty += (1.0 - u).max(1e-12).powf(-1.0 / 1.2).ln();
            }
            let base_ms = (mu + difficulty).exp();
            let factors: Vec<f64> = spec
                .engines
                .iter()
                .enumerate()
                .map(|(k, (_, s0, s1))| {
                    if k == 0 {
                        1.0
                    } else {
                        let s = s0 * (s1 / s0).powf(t);
                        (0.45 * normal(&mut rng)).exp() / s
                    }
                })
                .collect();
            let moves: String = (0..ply)
                .map(|_| char::from(b'1' + (rng.next_u32() % 7) as u8))
                .collect();
            let score = (rng.next_u32() % 37) as i32 - 18;
            for repeat in 0..spec.repeats {
                for (slot, ((engine, _, _), f)) in spec.engines.iter().zip(&factors).enumerate() {
                    let ms = base_ms * f * (0.05 * normal(&mut rng)).exp();
                    let nanos = (ms * 1e6).max(1.0) as u64;
                    let nodes =
                        ((nanos as f64 / 60.0) * (0.1 * normal(&mut rng)).exp()).max(1.0) as u64;
                    w.serialize(Record {
                        experiment: spec.experiment.clone(),
                        seed: spec.seed,
                        ply,
                        index,
                        moves: moves.clone(),
                        engine: engine.clone(),
                        slot: slot as u32,
                        repeat,
                        score,
                        nodes: Some(nodes),
                        nanos,
                        wall_nanos: nanos + 20_000,
                        probes: 1,
                        best_move: None,
                        depth: None,
                        seldepth: None,
                        engine_nanos: None,
                        ..Record::default()
                    })
                    .map_err(csv_err)?;
                }
            }
        }
    }
    w.flush().map_err(io)?;
    Ok(())
}
