//! The Connect-4 solver's spec: a driver and the search switches, parsed from
//! `DRIVER[:key=value,...]` and printed back in canonical form (`mtdf:tt=20,etc=off`).

use crate::engine::mutant::Core;
use crate::engine::parallel::{Smp, MAX_THREADS};
use crate::engine::root::Driver;
use crate::engine::search::{Eval, Mutant, Ordering, SearchConfig};
use crate::engine::spec::{parse_spec, spec_name, SpecError};
use crate::game::connect4::Position;
use std::fmt;

/// A solver configuration: driver and search switches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SolverConfig {
    pub driver: Driver,
    /// The first guess of MTD(f) and aspiration (0 for the other drivers).
    pub guess: i32,
    /// The half-width of aspiration's first window ([`DEFAULT_DELTA`] for the other drivers).
    pub delta: i32,
    pub search: SearchConfig,
    /// Iterative deepening: run the driver at depth 1, 2, … before the full depth.
    pub iterative: bool,
    /// Threads of a solve (1: the one-thread engine; more: a parallel solve, [`super::parallel`]).
    pub threads: u32,
    /// How the threads of a parallel solve share the work.
    pub smp: Smp,
}

const OPTIONS: &str =
    "tt, ways, order, clamp, nonlosing, mirror, etc, dthreat, ttmin, prefetch, huge, depth, eval, id, guess, delta, mswap, inherit, pfearly, wpair, evens, evkids, nofour, fwin, fpass, useful, fixed, mutant, count, threads, smp";

impl SolverConfig {
    /// Parse `DRIVER[:key=value,...]` for the drivers of [`Driver::connect4_names`].
    /// Returns `Ok(None)` when the name is not a Connect-4 driver.
    pub fn parse(spec: &str) -> Result<Option<Self>, SpecError> {
        let Some(driver) = Driver::from_name(spec_name(spec)).filter(|d| d.prunes()) else {
            return Ok(None);
        };
        let (_, opts) = parse_spec(spec)?;
        Self::with_options(driver, &opts)
            .map(Some)
            .map_err(|e| SpecError(format!("engine `{spec}`: {e}")))
    }

    /// The configuration of `driver` with `options` (parsed by [`super::spec::parse_spec`])
    /// applied to its default search; `Err` names the bad option and what would be right.
    pub fn with_options(driver: Driver, options: &[(&str, &str)]) -> Result<Self, String> {
        let mut cfg = SolverConfig {
            driver,
            guess: 0,
            delta: DEFAULT_DELTA,
            search: SearchConfig::default(),
            iterative: false,
            threads: 1,
            smp: Smp::default(),
        }
        .with_driver(driver);
        for (key, value) in options {
            cfg.set(key, value)?;
        }
        cfg.check_parallel(options.iter().any(|(k, _)| *k == "smp"))?;
        if cfg.search.count && cfg.search.mutant != Mutant::None {
            return Err(
                "option `count=on`: the counters are compiled for the correct search \
                        only (drop `mutant`)"
                    .into(),
            );
        }
        Ok(cfg)
    }

    /// A parallel solve shares a table and runs the correct search: `threads > 1` refuses
    /// `tt=off` and mutants, and `smp` needs `threads > 1`.
    fn check_parallel(&self, smp_given: bool) -> Result<(), String> {
        if self.threads == 1 {
            if smp_given {
                return Err(format!(
                    "option `smp={}` needs threads=N with N > 1",
                    self.smp.name()
                ));
            }
            return Ok(());
        }
        if self.search.tt_bits.is_none() {
            return Err(format!(
                "option `threads={}`: the threads share the transposition table, so `tt=off` \
                 cannot run in parallel",
                self.threads
            ));
        }
        if self.search.mutant != Mutant::None {
            return Err(format!(
                "option `threads={}`: mutants are compiled for one thread only (drop `mutant` or \
                 use threads=1)",
                self.threads
            ));
        }
        if self.search.count {
            return Err(format!(
                "option `threads={}`: the counters are compiled for one thread only (drop \
                 `count` or use threads=1)",
                self.threads
            ));
        }
        Ok(())
    }

    /// The same search options under another driver, from its default guess and width (PVS
    /// inside the tree follows the driver).
    #[must_use]
    pub fn with_driver(self, driver: Driver) -> Self {
        let mut c = self;
        (c.driver, c.guess, c.delta) = (driver, 0, DEFAULT_DELTA);
        c.search.pvs = driver.pvs();
        c
    }

    /// The same configuration with another first guess (ignored by drivers without one).
    #[must_use]
    pub fn with_guess(self, guess: i32) -> Self {
        Self { guess, ..self }
    }

    /// The driver's start for [`crate::engine::drivers::solve`]: (first guess, half-width).
    #[must_use]
    pub fn start(&self) -> (i32, i32) {
        (self.guess, self.delta)
    }

    /// Apply one option; `Err` names the option and what would be right.
    fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        if let Some(flag) = switch(&mut self.search, key) {
            *flag = parse_switch(key, value)?;
            return Ok(());
        }
        if self.set_table(key, value)? || self.set_driver(key, value)? {
            return Ok(());
        }
        match key {
            "threads" => {
                self.threads = parse_num(key, value)?;
                if !(1..=MAX_THREADS).contains(&self.threads) {
                    return Err(format!(
                        "option `threads={value}`: expected 1..={MAX_THREADS}"
                    ));
                }
            }
            "smp" => {
                self.smp = Smp::from_name(value).ok_or_else(|| {
                    format!("option `smp={value}`: expected {}", Smp::NAMES.join(" or "))
                })?
            }
            "mutant" => {
                self.search.mutant = Mutant::parse(Core::Connect4, value)
                    .map_err(|e| format!("option `mutant={value}`: {e}"))?
            }
            _ => return Err(format!("unknown option `{key}` (options: {OPTIONS})")),
        }
        Ok(())
    }

    /// The table and pruning options with values other than on/off; `false` for other keys.
    fn set_table(&mut self, key: &str, value: &str) -> Result<bool, String> {
        let s = &mut self.search;
        match key {
            "tt" => s.tt_bits = parse_tt(value)?,
            "ways" => {
                s.tt_ways = match value {
                    "1" => 1,
                    "2" => 2,
                    _ => return Err(format!("option `ways={value}`: expected 1 or 2")),
                }
            }
            "order" => s.ordering = parse_order(value)?,
            "mirror" => {
                s.mirror_min_left =
                    parse_threshold(key, value, SearchConfig::DEFAULT_MIRROR_MIN_LEFT)?
            }
            "etc" => {
                s.etc_min_left = parse_threshold(key, value, SearchConfig::DEFAULT_ETC_MIN_LEFT)?
            }
            "ttmin" => s.tt_min_left = parse_num(key, value)?,
            "nofour" => {
                s.no_four_max_left =
                    parse_threshold(key, value, SearchConfig::DEFAULT_NO_FOUR_MAX_LEFT)?
            }
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// The driver's options (depth limit, horizon evaluation, iterative deepening, first guess,
    /// aspiration width); `false` for other keys.
    fn set_driver(&mut self, key: &str, value: &str) -> Result<bool, String> {
        match key {
            "depth" => {
                self.search.max_depth = match value {
                    "off" => None,
                    v => Some(parse_num(key, v)?),
                }
            }
            "eval" => {
                self.search.eval = match value {
                    "rollout" => Eval::Rollout,
                    "threats" => Eval::Threats,
                    _ => {
                        return Err(format!(
                            "option `eval={value}`: expected rollout or threats"
                        ))
                    }
                }
            }
            "id" => self.iterative = parse_switch(key, value)?,
            "guess" if self.driver.takes_guess() => {
                self.guess = parse_in(key, value, -MAX_WINDOW..=MAX_WINDOW)?;
            }
            "guess" => {
                return Err(format!(
                    "option `guess` applies to mtdf and aspiration only, not {}",
                    self.driver.name()
                ))
            }
            "delta" if self.driver == Driver::Aspiration => {
                self.delta = parse_in(key, value, 1..=MAX_WINDOW)?;
            }
            "delta" => {
                return Err(format!(
                    "option `delta` applies to aspiration only, not {}",
                    self.driver.name()
                ))
            }
            _ => return Ok(false),
        }
        Ok(true)
    }
}

/// The on/off switches of the search, in the order the canonical spec prints them: the last
/// ([`AFTER_MUTANT`] on) after the mutant, the others before it.
const SWITCHES: [&str; 16] = [
    "clamp",
    "nonlosing",
    "dthreat",
    "prefetch",
    "huge",
    "mswap",
    "inherit",
    "pfearly",
    "wpair",
    "evens",
    "evkids",
    "fwin",
    "fpass",
    "useful",
    "fixed",
    "count",
];

/// Where the switches printed after the mutant start in [`SWITCHES`]: `count`.
const AFTER_MUTANT: usize = SWITCHES.len() - 1;

/// The field of the on/off switch `key`, `None` for another key.
fn switch<'a>(s: &'a mut SearchConfig, key: &str) -> Option<&'a mut bool> {
    Some(match key {
        "clamp" => &mut s.clamp,
        "nonlosing" => &mut s.non_losing,
        "dthreat" => &mut s.double_threat,
        "prefetch" => &mut s.prefetch,
        "huge" => &mut s.huge_pages,
        "mswap" => &mut s.mirror_swap,
        "inherit" => &mut s.inherit_threats,
        "pfearly" => &mut s.prefetch_early,
        "wpair" => &mut s.win_pairs,
        "evens" => &mut s.claimeven,
        "evkids" => &mut s.claimeven_children,
        "fwin" => &mut s.forced_wins,
        "fpass" => &mut s.forced_pass,
        "useful" => &mut s.useful_threats,
        "fixed" => &mut s.fixed,
        "count" => &mut s.count,
        _ => return None,
    })
}

/// `tt=BITS` or `tt=off`.
fn parse_tt(value: &str) -> Result<Option<u32>, String> {
    if value == "off" {
        return Ok(None);
    }
    let bits: u32 = parse_num("tt", value)?;
    let min = crate::engine::tt::TranspositionTable::min_bits(Position::<7, 6>::KEY_BITS);
    if !(min..=32).contains(&bits) {
        return Err(format!(
            "option `tt={value}`: table bits must be {min}..=32 (2^bits entries of 8 bytes) or `off`"
        ));
    }
    Ok(Some(bits))
}

fn parse_order(value: &str) -> Result<Ordering, String> {
    match value {
        "threats" => Ok(Ordering::Threats),
        "centre" | "center" => Ok(Ordering::Centre),
        "none" => Ok(Ordering::None),
        _ => Err(format!(
            "option `order={value}`: expected threats, centre or none"
        )),
    }
}

fn parse_num<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("option `{key}={value}`: expected a number"))
}

/// The default half-width of aspiration's first window.
pub const DEFAULT_DELTA: i32 = 2;

/// The largest `guess` and `delta` (scores lie within ±21 on 7x6 and within ±(cells/2) on any
/// board, so a wider value means the same as this one; `guess ± delta` never overflows).
const MAX_WINDOW: i32 = 1000;

/// A number of `range`, or an error naming the key and the range.
fn parse_in<T>(key: &str, value: &str, range: std::ops::RangeInclusive<T>) -> Result<T, String>
where
    T: std::str::FromStr + PartialOrd + std::fmt::Display,
{
    match value.parse::<T>() {
        Ok(v) if range.contains(&v) => Ok(v),
        _ => Err(format!(
            "option `{key}={value}`: expected a whole number from {} to {}",
            range.start(),
            range.end()
        )),
    }
}

fn parse_switch(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" | "true" | "yes" => Ok(true),
        "off" | "false" | "no" => Ok(false),
        _ => Err(format!("option `{key}={value}`: expected on or off")),
    }
}

fn parse_threshold(key: &str, value: &str, default: u32) -> Result<Option<u32>, String> {
    match value {
        "on" => Ok(Some(default)),
        "off" => Ok(None),
        v => v.parse().map(Some).map_err(|_| {
            format!("option `{key}={v}`: expected on, off or a number of empty cells")
        }),
    }
}

/// The switches that differ from the default, as `name=on|off`, in canonical order, for the
/// names among `names`.
fn changed_switches(s: &SearchConfig, names: &[&str]) -> Vec<String> {
    let (mut s, mut d) = (*s, SearchConfig::default());
    names
        .iter()
        .filter_map(|&n| {
            let (v, dv) = (*switch(&mut s, n)?, *switch(&mut d, n)?);
            (v != dv).then(|| format!("{n}={}", if v { "on" } else { "off" }))
        })
        .collect()
}

impl SolverConfig {
    /// The table and pruning options that differ from the default, in canonical order.
    fn table_options(&self) -> Vec<String> {
        let (s, d) = (&self.search, SearchConfig::default());
        let mut opts = Vec::new();
        if s.tt_bits != d.tt_bits {
            opts.push(format!(
                "tt={}",
                s.tt_bits.map_or("off".into(), |b| b.to_string())
            ));
        }
        if s.tt_ways != d.tt_ways {
            opts.push(format!("ways={}", s.tt_ways));
        }
        if s.ordering != d.ordering {
            let o = match s.ordering {
                Ordering::Threats => "threats",
                Ordering::Centre => "centre",
                Ordering::None => "none",
            };
            opts.push(format!("order={o}"));
        }
        opts.extend(changed_switches(s, &SWITCHES[..2]));
        let threshold = |t: Option<u32>| t.map_or("off".to_string(), |v| v.to_string());
        if s.mirror_min_left != d.mirror_min_left {
            opts.push(format!("mirror={}", threshold(s.mirror_min_left)));
        }
        if s.etc_min_left != d.etc_min_left {
            opts.push(format!("etc={}", threshold(s.etc_min_left)));
        }
        opts.extend(changed_switches(s, &SWITCHES[2..3]));
        if s.tt_min_left != d.tt_min_left {
            opts.push(format!("ttmin={}", s.tt_min_left));
        }
        opts.extend(changed_switches(s, &SWITCHES[3..5]));
        if s.no_four_max_left != d.no_four_max_left {
            opts.push(format!("nofour={}", threshold(s.no_four_max_left)));
        }
        opts
    }

    /// The driver's options that differ from the default, in canonical order.
    fn driver_options(&self) -> Vec<String> {
        let s = &self.search;
        let mut opts = Vec::new();
        if let Some(depth) = s.max_depth {
            opts.push(format!("depth={depth}"));
        }
        if s.eval != SearchConfig::default().eval {
            opts.push(format!("eval={}", s.eval.name()));
        }
        if self.iterative {
            opts.push("id=on".to_string());
        }
        if self.driver.takes_guess() && self.guess != 0 {
            opts.push(format!("guess={}", self.guess));
        }
        if self.driver == Driver::Aspiration && self.delta != DEFAULT_DELTA {
            opts.push(format!("delta={}", self.delta));
        }
        opts
    }
}

/// Prints the canonical spec: the driver, then the options that differ from the default.
impl fmt::Display for SolverConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.search;
        let mut opts = self.table_options();
        opts.extend(self.driver_options());
        opts.extend(changed_switches(s, &SWITCHES[5..AFTER_MUTANT]));
        if s.mutant != Mutant::None {
            opts.push(format!("mutant={}", s.mutant.name()));
        }
        opts.extend(changed_switches(s, &SWITCHES[AFTER_MUTANT..]));
        if self.threads != 1 {
            opts.push(format!("threads={}", self.threads));
            if self.smp != Smp::default() {
                opts.push(format!("smp={}", self.smp.name()));
            }
        }
        f.write_str(self.driver.name())?;
        if !opts.is_empty() {
            write!(f, ":{}", opts.join(","))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_round_trip() {
        for s in [
            "mtdf",
            "negamax",
            "null-window",
            "mtdf:tt=20,etc=off",
            "mtdf:tt=off,ways=1,order=none,clamp=off,nonlosing=off,mirror=off,etc=10,dthreat=off,ttmin=5,prefetch=off,huge=off,depth=8,guess=-3,mutant=drop-move",
            "pvs:id=on",
            "mtdf:mswap=off,inherit=off",
            "mtdf:ttmin=5,prefetch=off,nofour=12",
            "mtdf:nofour=16,evens=off",
            "mtdf:evens=off,fwin=off,fixed=off",
            "mtdf:fpass=off",
            "mtdf:evkids=off,fixed=off,mutant=drop-move",
            "mtdf:mswap=off,inherit=off,pfearly=off,fixed=off",
            "aspiration:depth=6,eval=threats,id=on,guess=2,delta=3",
            "sss",
            "dual:tt=20",
            "mtdf:threads=4",
            "null-window:tt=20,threads=2,smp=lazy",
            "mtdf:threads=2",
        ] {
            let c = SolverConfig::parse(s).unwrap().unwrap();
            assert_eq!(c.to_string(), s);
        }
        // Only the default search takes the instantiation with its switches compiled in.
        let search = |s: &str| SolverConfig::parse(s).unwrap().unwrap().search;
        assert!(search("mtdf").default_search() && search("pvs:tt=20").default_search());
        assert!(!search("mtdf:fixed=off").default_search());
        // A mutant or counting is a const parameter the compiled-in default does not take.
        assert!(
            !search("mtdf:mutant=drop-move").default_search()
                && !search("mtdf:count=on").default_search()
        );
        assert!(
            !search("mtdf:etc=off").default_search() && !search("mtdf:tt=off").default_search()
        );
        assert_eq!(
            SolverConfig::parse("mtdf:guess=0")
                .unwrap()
                .unwrap()
                .to_string(),
            "mtdf"
        );
        assert_eq!(SolverConfig::parse("alphazero").unwrap(), None);
        let e = SolverConfig::parse("mtdf:foo=1").unwrap_err().0;
        assert!(e.contains("unknown option `foo`"), "{e}");
        let e = SolverConfig::parse("negamax:guess=1").unwrap_err().0;
        assert!(e.contains("mtdf and aspiration only"), "{e}");
        let e = SolverConfig::parse("mtdf:delta=1").unwrap_err().0;
        assert!(e.contains("aspiration only"), "{e}");
        let e = SolverConfig::parse("aspiration:delta=0").unwrap_err().0;
        assert!(e.contains("delta=0"), "{e}");
        let e = SolverConfig::parse("mtdf:tt=40").unwrap_err().0;
        assert!(e.contains("tt=40"), "{e}");
        assert_eq!(
            SolverConfig::parse("mtdf:threads=1")
                .unwrap()
                .unwrap()
                .to_string(),
            "mtdf"
        );
        for (spec, msg) in [
            ("mtdf:threads=0", "expected 1..=256"),
            ("mtdf:threads=two", "expected a number"),
            ("mtdf:smp=abdada", "needs threads=N with N > 1"),
            ("mtdf:threads=2,smp=ybwc", "expected lazy or abdada"),
            ("mtdf:threads=2,tt=off", "`tt=off` cannot run in parallel"),
            (
                "mtdf:threads=2,mutant=drop-move",
                "mutants are compiled for one thread",
            ),
        ] {
            let e = SolverConfig::parse(spec).unwrap_err().0;
            assert!(e.contains(msg), "{spec}: {e}");
        }
    }
}
