//! The records as the analysis holds them: one polars [`DataFrame`] of numeric columns, the
//! experiment and the engine as codes into name lists (no string per row), and the per-position
//! order that pairs the engines by sorting integer keys instead of joining.

use polars::prelude::*;
use rayon::prelude::*;

use super::AnalysisError;

/// The analysis' columns, in this order: `experiment` and `engine` (codes into
/// [`Frame::experiments`] and [`Frame::engines`]), `seed`, `ply`, `index`, `slot`, `repeat`,
/// `score`, `nodes` (not reported: 0), `nanos`, `probes`.
#[derive(Debug, Default)]
pub(super) struct Columns {
    pub experiment: Vec<u32>,
    pub engine: Vec<u32>,
    pub seed: Vec<u64>,
    pub ply: Vec<u32>,
    pub index: Vec<u32>,
    pub slot: Vec<u32>,
    pub repeat: Vec<u32>,
    pub score: Vec<i32>,
    pub nodes: Vec<u64>,
    pub nanos: Vec<u64>,
    pub probes: Vec<u32>,
    pub experiments: Vec<String>,
    pub engines: Vec<String>,
}

impl Columns {
    /// The columns of another part (a file's second half) appended, its names' codes
    /// (`experiments`, `engines`: the part's code → this one's) turned into these.
    pub(super) fn append(&mut self, columns: Columns, experiments: &[u32], engines: &[u32]) {
        let c = self;
        // Every column named (no `..`): a column added to `Columns` must be appended here too.
        let Columns {
            experiment,
            engine,
            seed,
            ply,
            index,
            slot,
            repeat,
            score,
            nodes,
            nanos,
            probes,
            experiments: _,
            engines: _,
        } = columns;
        c.experiment
            .extend(experiment.iter().map(|&e| experiments[e as usize]));
        c.engine.extend(engine.iter().map(|&g| engines[g as usize]));
        c.seed.extend(seed);
        c.ply.extend(ply);
        c.index.extend(index);
        c.slot.extend(slot);
        c.repeat.extend(repeat);
        c.score.extend(score);
        c.nodes.extend(nodes);
        c.nanos.extend(nanos);
        c.probes.extend(probes);
    }

    /// Room for `rows` more rows in every column (no reallocation, no copy, while they come).
    pub(super) fn reserve(&mut self, rows: usize) {
        // Every column named (no `..`): a column added to `Columns` is reserved too.
        let Columns {
            experiment,
            engine,
            seed,
            ply,
            index,
            slot,
            repeat,
            score,
            nodes,
            nanos,
            probes,
            experiments: _,
            engines: _,
        } = self;
        for v in [experiment, engine, ply, index, slot, repeat, probes] {
            v.reserve(rows);
        }
        for v in [seed, nodes, nanos] {
            v.reserve(rows);
        }
        score.reserve(rows);
    }
}

/// The records of the results files: the frame and the names its codes stand for.
#[derive(Debug)]
pub struct Frame {
    pub df: DataFrame,
    /// Experiment names, in order of first appearance (the `experiment` column's codes).
    pub experiments: Vec<String>,
    /// Engine specs, in order of first appearance (the `engine` column's codes).
    pub engines: Vec<String>,
}

fn col<T: PolarsNumericType>(name: &str, v: Vec<T::Native>) -> Column {
    ChunkedArray::<T>::from_vec(name.into(), v)
        .into_series()
        .into()
}

impl Frame {
    pub(super) fn new(c: Columns) -> Result<Self, AnalysisError> {
        let height = c.ply.len();
        let df = DataFrame::new(
            height,
            vec![
                col::<UInt32Type>("experiment", c.experiment),
                col::<UInt32Type>("engine", c.engine),
                col::<UInt64Type>("seed", c.seed),
                col::<UInt32Type>("ply", c.ply),
                col::<UInt32Type>("index", c.index),
                col::<UInt32Type>("slot", c.slot),
                col::<UInt32Type>("repeat", c.repeat),
                col::<Int32Type>("score", c.score),
                col::<UInt64Type>("nodes", c.nodes),
                col::<UInt64Type>("nanos", c.nanos),
                col::<UInt32Type>("probes", c.probes),
            ],
        )?;
        Ok(Self {
            df,
            experiments: c.experiments,
            engines: c.engines,
        })
    }

    /// The frame of [`super::read_results`]'s full-schema frame (the path for files the single
    /// pass of [`super::scan`] leaves to the general readers).
    pub(super) fn from_results(df: &DataFrame) -> Result<Self, AnalysisError> {
        let mut c = Columns::default();
        c.experiment = codes(df, "experiment", &mut c.experiments)?;
        c.engine = codes(df, "engine", &mut c.engines)?;
        c.seed = df.column("seed")?.u64()?.into_no_null_iter().collect();
        for (name, v) in [
            ("ply", &mut c.ply),
            ("index", &mut c.index),
            ("slot", &mut c.slot),
            ("repeat", &mut c.repeat),
            ("probes", &mut c.probes),
        ] {
            *v = df.column(name)?.u32()?.into_no_null_iter().collect();
        }
        c.score = df.column("score")?.i32()?.into_no_null_iter().collect();
        c.nodes = df
            .column("nodes")?
            .u64()?
            .iter()
            .map(|v| v.unwrap_or(0))
            .collect();
        c.nanos = df.column("nanos")?.u64()?.into_no_null_iter().collect();
        Self::new(c)
    }

    pub(super) fn u32s(&self, name: &str) -> Result<&[u32], AnalysisError> {
        Ok(self.df.column(name)?.u32()?.cont_slice()?)
    }

    pub(super) fn u64s(&self, name: &str) -> Result<&[u64], AnalysisError> {
        Ok(self.df.column(name)?.u64()?.cont_slice()?)
    }

    pub(super) fn i32s(&self, name: &str) -> Result<&[i32], AnalysisError> {
        Ok(self.df.column(name)?.i32()?.cont_slice()?)
    }

    /// The code of an experiment or engine name.
    pub(super) fn code(names: &[String], name: &str) -> Option<u32> {
        names.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// The rows of experiment `name`, in file and row order.
    pub(super) fn rows_of(&self, name: &str) -> Result<Vec<u32>, AnalysisError> {
        let Some(code) = Self::code(&self.experiments, name) else {
            return Ok(Vec::new());
        };
        Ok(self
            .u32s("experiment")?
            .iter()
            .enumerate()
            .filter(|(_, e)| **e == code)
            .map(|(i, _)| i as u32)
            .collect())
    }
}

/// The codes of a text column, with the names in order of first appearance.
fn codes(df: &DataFrame, name: &str, names: &mut Vec<String>) -> Result<Vec<u32>, AnalysisError> {
    let mut out = Vec::with_capacity(df.height());
    for v in df.column(name)?.str()?.iter() {
        let v = v.unwrap_or_default();
        out.push(intern(names, v.as_bytes()).unwrap_or_default());
    }
    Ok(out)
}

/// The code of a name in `names`, the name added at the end when new; `None` when `b` is new
/// and not UTF-8.
pub(super) fn intern(names: &mut Vec<String>, b: &[u8]) -> Option<u32> {
    if let Some(i) = names.iter().position(|n| n.as_bytes() == b) {
        return Some(i as u32);
    }
    names.push(std::str::from_utf8(b).ok()?.to_string());
    Some(names.len() as u32 - 1)
}

/// The rows of one experiment sorted by `(ply, seed, index, repeat, engine)`: the solves of one
/// position and repeat are adjacent, so pairing engines is a walk over the groups.
pub(super) struct Keyed<'a> {
    pub ply: &'a [u32],
    pub seed: &'a [u64],
    pub index: &'a [u32],
    pub repeat: &'a [u32],
    pub engine: &'a [u32],
    /// Row numbers in key order.
    pub order: Vec<u32>,
}

impl<'a> Keyed<'a> {
    pub(super) fn new(f: &'a Frame, rows: &[u32]) -> Result<Self, AnalysisError> {
        let mut k = Keyed {
            ply: f.u32s("ply")?,
            seed: f.u64s("seed")?,
            index: f.u32s("index")?,
            repeat: f.u32s("repeat")?,
            engine: f.u32s("engine")?,
            order: Vec::new(),
        };
        k.order = k.sorted(rows);
        Ok(k)
    }

    /// The rows sorted by key: packed into one u128 each where the key's fields fit (the seeds
    /// by rank), else compared field by field.
    fn sorted(&self, rows: &[u32]) -> Vec<u32> {
        let mut seeds: Vec<u64> = rows.iter().map(|&r| self.seed[r as usize]).collect();
        seeds.par_sort_unstable();
        seeds.dedup();
        let bits = |m: u64| 64 - m.leading_zeros();
        let max = |v: &[u32]| rows.iter().map(|&r| v[r as usize]).max().unwrap_or(0);
        let widths = [
            bits(max(self.ply).into()),
            bits(seeds.len() as u64),
            bits(max(self.index).into()),
            bits(max(self.repeat).into()),
            bits(max(self.engine).into()),
            bits(rows.len() as u64),
        ];
        if widths.iter().sum::<u32>() > 128 {
            let mut order = rows.to_vec();
            order.par_sort_unstable_by_key(|&r| self.key(r));
            return order;
        }
        let mut packed: Vec<u128> = rows
            .par_iter()
            .enumerate()
            .map(|(i, &r)| {
                let r = r as usize;
                let seed = seeds.binary_search(&self.seed[r]).unwrap_or(0) as u128;
                let fields = [
                    self.ply[r].into(),
                    seed,
                    self.index[r].into(),
                    self.repeat[r].into(),
                    self.engine[r].into(),
                    i as u128,
                ];
                fields
                    .iter()
                    .zip(widths)
                    .fold(0u128, |acc, (v, w)| (acc << w) | v)
            })
            .collect();
        packed.par_sort_unstable();
        let mask = (1u128 << widths[5]) - 1;
        packed.iter().map(|p| rows[(p & mask) as usize]).collect()
    }

    fn key(&self, r: u32) -> (u32, u64, u32, u32, u32) {
        let r = r as usize;
        (
            self.ply[r],
            self.seed[r],
            self.index[r],
            self.repeat[r],
            self.engine[r],
        )
    }

    /// Whether rows `a` and `b` are the same position.
    pub(super) fn same_position(&self, a: u32, b: u32) -> bool {
        let (a, b) = (a as usize, b as usize);
        self.ply[a] == self.ply[b] && self.seed[a] == self.seed[b] && self.index[a] == self.index[b]
    }

    /// Whether rows `a` and `b` are the same position and repeat.
    pub(super) fn same_solve(&self, a: u32, b: u32) -> bool {
        self.same_position(a, b) && self.repeat[a as usize] == self.repeat[b as usize]
    }

    /// The groups of one position and repeat: ranges of [`Self::order`].
    pub(super) fn groups(&self) -> Vec<std::ops::Range<usize>> {
        let o = &self.order;
        let mut out = Vec::new();
        let mut start = 0;
        for i in 1..=o.len() {
            if i == o.len() || !self.same_solve(o[i], o[start]) {
                out.push(start..i);
                start = i;
            }
        }
        out
    }
}
