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
/// position and repeat are adjacent, so pairing engines is a walk over the groups. The key's
/// fields are kept in that order too (entry `i` of each belongs to row `order[i]`), so that the
/// walks read them in sequence instead of gathering each row's fields from the frame.
pub(super) struct Keyed {
    /// Row numbers in key order.
    pub order: Vec<u32>,
    pub ply: Vec<u32>,
    pub seed: Vec<u64>,
    pub index: Vec<u32>,
    pub repeat: Vec<u32>,
    pub engine: Vec<u32>,
}

/// The values of column `v` at the rows `order`, in that order.
pub(super) fn gather<T: Copy + Send + Sync>(v: &[T], order: &[u32]) -> Vec<T> {
    order.par_iter().map(|&r| v[r as usize]).collect()
}

/// The frame's key columns, by row.
struct KeyColumns<'a> {
    ply: &'a [u32],
    seed: &'a [u64],
    index: &'a [u32],
    repeat: &'a [u32],
    engine: &'a [u32],
}

impl KeyColumns<'_> {
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
}

impl Keyed {
    pub(super) fn new(f: &Frame, rows: &[u32]) -> Result<Self, AnalysisError> {
        let c = KeyColumns {
            ply: f.u32s("ply")?,
            seed: f.u64s("seed")?,
            index: f.u32s("index")?,
            repeat: f.u32s("repeat")?,
            engine: f.u32s("engine")?,
        };
        Ok(Self::sorted(&c, rows))
    }

    /// The rows sorted by key: packed into one u128 each where the key's fields fit (the seeds
    /// by rank), and the fields read back from the sorted keys; else compared field by field
    /// and gathered.
    fn sorted(c: &KeyColumns, rows: &[u32]) -> Self {
        let mut seeds: Vec<u64> = rows.iter().map(|&r| c.seed[r as usize]).collect();
        seeds.par_sort_unstable();
        seeds.dedup();
        let bits = |m: u64| 64 - m.leading_zeros();
        let max = |v: &[u32]| rows.iter().map(|&r| v[r as usize]).max().unwrap_or(0);
        let widths = [
            bits(max(c.ply).into()),
            bits(seeds.len() as u64),
            bits(max(c.index).into()),
            bits(max(c.repeat).into()),
            bits(max(c.engine).into()),
            bits(rows.len() as u64),
        ];
        if widths.iter().sum::<u32>() > 128 {
            // Ties (duplicate solves, refused later) by row, as the packed keys' last field.
            let mut order = rows.to_vec();
            order.par_sort_unstable_by_key(|&r| (c.key(r), r));
            return Self::gathered(c, order);
        }
        let mut packed: Vec<u128> = rows
            .par_iter()
            .enumerate()
            .map(|(i, &r)| {
                let r = r as usize;
                let seed = seeds.binary_search(&c.seed[r]).unwrap_or(0) as u128;
                let fields = [
                    c.ply[r].into(),
                    seed,
                    c.index[r].into(),
                    c.repeat[r].into(),
                    c.engine[r].into(),
                    i as u128,
                ];
                fields
                    .iter()
                    .zip(widths)
                    .fold(0u128, |acc, (v, w)| (acc << w) | v)
            })
            .collect();
        packed.par_sort_unstable();
        Self::unpacked(&packed, widths, rows, &seeds)
    }

    /// The order and the key's fields read back from the sorted packed keys (`widths` as
    /// packed, the seeds by rank in `seeds`).
    fn unpacked(packed: &[u128], widths: [u32; 6], rows: &[u32], seeds: &[u64]) -> Self {
        // Each field's shift: the widths of the fields packed after it.
        let mut shifts = [0u32; 6];
        for f in (0..5).rev() {
            shifts[f] = shifts[f + 1] + widths[f + 1];
        }
        let field = |p: u128, f: usize| -> u64 {
            match widths[f] {
                0 => 0,
                w => ((p >> shifts[f]) & ((1u128 << w) - 1)) as u64,
            }
        };
        let n = packed.len();
        let mut k = Keyed {
            order: Vec::with_capacity(n),
            ply: Vec::with_capacity(n),
            seed: Vec::with_capacity(n),
            index: Vec::with_capacity(n),
            repeat: Vec::with_capacity(n),
            engine: Vec::with_capacity(n),
        };
        // Every field fits its column's type: it was packed from it.
        for &p in packed {
            k.ply.push(field(p, 0) as u32);
            k.seed.push(seeds[field(p, 1) as usize]);
            k.index.push(field(p, 2) as u32);
            k.repeat.push(field(p, 3) as u32);
            k.engine.push(field(p, 4) as u32);
            k.order.push(rows[field(p, 5) as usize]);
        }
        k
    }

    /// The key's fields of `order` gathered from the columns.
    fn gathered(c: &KeyColumns, order: Vec<u32>) -> Self {
        Keyed {
            ply: gather(c.ply, &order),
            seed: gather(c.seed, &order),
            index: gather(c.index, &order),
            repeat: gather(c.repeat, &order),
            engine: gather(c.engine, &order),
            order,
        }
    }

    /// Whether entries `a` and `b` of the order are the same position.
    pub(super) fn same_position(&self, a: usize, b: usize) -> bool {
        self.ply[a] == self.ply[b] && self.seed[a] == self.seed[b] && self.index[a] == self.index[b]
    }

    /// Whether entries `a` and `b` of the order are the same position and repeat.
    pub(super) fn same_solve(&self, a: usize, b: usize) -> bool {
        self.same_position(a, b) && self.repeat[a] == self.repeat[b]
    }

    /// The groups of one position and repeat: ranges of [`Self::order`].
    pub(super) fn groups(&self) -> Vec<std::ops::Range<usize>> {
        let o = &self.order;
        let mut out = Vec::new();
        let mut start = 0;
        for i in 1..=o.len() {
            if i == o.len() || !self.same_solve(i, start) {
                out.push(start..i);
                start = i;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(k: &Keyed) -> (&[u32], &[u32], &[u64], &[u32], &[u32], &[u32]) {
        (&k.order, &k.ply, &k.seed, &k.index, &k.repeat, &k.engine)
    }

    /// The fields read back from the packed keys are the rows' own, in the order of a plain
    /// sort by key; keys too wide to pack take the gathering path to the same result.
    #[test]
    fn packed_and_gathered_keys_agree_with_a_plain_sort() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |m: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % m
        };
        for wide in [false, true] {
            let n = 5000;
            let big = |v: u64| if wide { v << 28 } else { v };
            let ply: Vec<u32> = (0..n).map(|_| big(next(8)) as u32).collect();
            let seed: Vec<u64> = (0..n).map(|_| next(3) * 0x0123_4567_89ab).collect();
            let index: Vec<u32> = (0..n).map(|_| big(next(12)) as u32).collect();
            let repeat: Vec<u32> = (0..n).map(|_| big(next(2)) as u32).collect();
            let engine: Vec<u32> = (0..n).map(|_| big(next(3)) as u32).collect();
            let c = KeyColumns {
                ply: &ply,
                seed: &seed,
                index: &index,
                repeat: &repeat,
                engine: &engine,
            };
            // Every other row, as one experiment's rows among others.
            let rows: Vec<u32> = (0..n as u32).filter(|r| r % 2 == 1).collect();
            let mut plain = rows.clone();
            plain.sort_by_key(|&r| (c.key(r), r));
            let want = Keyed::gathered(&c, plain);
            let got = Keyed::sorted(&c, &rows);
            assert!(fields(&got) == fields(&want), "wide {wide}");
            for (i, &r) in got.order.iter().enumerate() {
                assert_eq!(c.key(r).0, got.ply[i]);
            }
            assert!(got.groups().len() > 100);
        }
    }
}
