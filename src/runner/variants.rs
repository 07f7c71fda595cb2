//! Variants of one engine spec: an **ablation** turns named switches of a base spec off (one at
//! a time, or every combination: Schaeffer's design), a **sweep** sets one option of one or more
//! base specs to each of a list of values (Plaat's memory experiment: `tt=12..24`).
//!
//! An experiment file names the design in an `[ablation]` or `[sweep]` table instead of (or
//! besides) `engines`; the variants become its engines, run paired on the same seeded positions
//! by the ordinary paired runner, and `treebench ablate` turns their records into per-switch
//! (per-value) statistics, a table and a figure.
//!
//! ```toml
//! [ablation]
//! base = "mtdf"                                  # any spec in the KEY=VALUE grammar
//! switches = ["etc", "dthreat", "mirror"]        # each set to `off` (and `on`)
//! design = "one-off"                             # or "factorial" (up to 4 switches)
//!
//! [sweep]
//! bases = ["negamax", "mtdf"]
//! option = "tt"
//! values = ["12", "14", "16"]                    # or a range of numbers: "12-24:2"
//! ```
//!
//! A switch is off as `KEY=off`; on, it keeps the base spec's value for `KEY` when that is not
//! `off`, else `KEY=on`. So the one grammar covers the Connect-4 switches (`etc=off`) and any
//! engine whose switches read `on`/`off`.

use crate::engine::spec::{parse_spec, spec_name};
use serde::Deserialize;

/// The most switches of a factorial design (2^4 = 16 variants).
pub const MAX_FACTORIAL: usize = 4;

/// Which variants an ablation runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Design {
    /// The base, and the base with each switch off alone.
    OneOff,
    /// Every combination of the switches on and off (2^k variants).
    Factorial,
}

/// The `[ablation]` table of an experiment file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AblationSpec {
    pub base: String,
    pub switches: Vec<String>,
    #[serde(default = "one_off")]
    pub design: Design,
}

fn one_off() -> Design {
    Design::OneOff
}

/// The `[sweep]` table of an experiment file.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SweepSpec {
    pub bases: Vec<String>,
    pub option: String,
    pub values: toml::Value,
}

/// One engine of a design: its spec and where it sits in the design.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    /// The engine spec (an engine of the experiment).
    pub spec: String,
    /// Ablation: the switches this variant turns off (empty for the base). Sweep: empty.
    pub off: Vec<String>,
    /// Sweep: the base spec and the option's value; `None` in an ablation.
    pub point: Option<(String, String)>,
}

impl Variant {
    /// A short label: `base`, `etc off`, `etc+dthreat off`; a sweep's `mtdf tt=16`.
    #[must_use]
    pub fn label(&self, option: Option<&str>) -> String {
        match (&self.point, option) {
            (Some((base, v)), Some(o)) => format!("{base} {o}={v}"),
            _ if self.off.is_empty() => "base".to_string(),
            _ => format!("{} off", self.off.join("+")),
        }
    }
}

/// A design and its variants, in experiment order (the first is the baseline).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Plan {
    Ablation {
        switches: Vec<String>,
        design: Design,
        variants: Vec<Variant>,
    },
    Sweep {
        option: String,
        variants: Vec<Variant>,
    },
}

impl Plan {
    /// The variants, in experiment order.
    #[must_use]
    pub fn variants(&self) -> &[Variant] {
        match self {
            Plan::Ablation { variants, .. } | Plan::Sweep { variants, .. } => variants,
        }
    }
}

/// `spec` with option `key` set to `value` (replaced where given, else appended).
pub fn with_option(spec: &str, key: &str, value: &str) -> Result<String, String> {
    if spec_name(spec) == "ext" {
        return Err(format!(
            "`{spec}`: an ext: engine has no KEY=VALUE options to vary"
        ));
    }
    let (name, opts) = parse_spec(spec).map_err(|e| e.0)?;
    let mut items: Vec<String> = opts
        .iter()
        .filter(|(k, _)| *k != key)
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    items.push(format!("{key}={value}"));
    Ok(format!("{name}:{}", items.join(",")))
}

/// The variants of an ablation of `base` over `switches`.
pub fn ablation(base: &str, switches: &[String], design: Design) -> Result<Vec<Variant>, String> {
    check_switches(base, switches, design)?;
    let masks: Vec<u32> = match design {
        Design::OneOff => std::iter::once(0)
            .chain((0..switches.len()).map(|i| 1 << i))
            .collect(),
        Design::Factorial => {
            let mut m: Vec<u32> = (0..1u32 << switches.len()).collect();
            m.sort_by_key(|m| (m.count_ones(), *m));
            m
        }
    };
    masks
        .into_iter()
        .map(|mask| {
            let off: Vec<String> = (0..switches.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| switches[i].clone())
                .collect();
            let mut spec = base.to_string();
            for k in &off {
                spec = with_option(&spec, k, "off")?;
            }
            Ok(Variant {
                spec,
                off,
                point: None,
            })
        })
        .collect()
}

fn check_switches(base: &str, switches: &[String], design: Design) -> Result<(), String> {
    if switches.is_empty() {
        return Err("no switches given".into());
    }
    if design == Design::Factorial && switches.len() > MAX_FACTORIAL {
        return Err(format!(
            "a factorial design takes at most {MAX_FACTORIAL} switches (2^{MAX_FACTORIAL} \
             variants), got {}; use design = \"one-off\"",
            switches.len()
        ));
    }
    let (_, opts) = parse_spec(base).map_err(|e| e.0)?;
    for (i, k) in switches.iter().enumerate() {
        if switches[..i].contains(k) {
            return Err(format!("switch `{k}` is listed twice"));
        }
        if opts.iter().any(|(o, v)| o == k && *v == "off") {
            return Err(format!(
                "switch `{k}` is already off in the base `{base}`: ablate a base with it on"
            ));
        }
    }
    Ok(())
}

/// The variants of a sweep: every base with `option` at every value, base by base.
pub fn sweep(bases: &[String], option: &str, values: &[String]) -> Result<Vec<Variant>, String> {
    if bases.is_empty() || values.len() < 2 {
        return Err("a sweep needs one base or more and two values or more".into());
    }
    let mut out = Vec::new();
    for base in bases {
        for v in values {
            out.push(Variant {
                spec: with_option(base, option, v)?,
                off: Vec::new(),
                point: Some((base.clone(), v.clone())),
            });
        }
    }
    Ok(out)
}

/// The values of a sweep: a list of strings or numbers, or a range string (`"12-24:2"`).
pub fn sweep_values(v: &toml::Value) -> Result<Vec<String>, String> {
    match v {
        toml::Value::String(s) if s.contains('-') => Ok(crate::util::limits::parse_range(s)?
            .into_iter()
            .map(|n| n.to_string())
            .collect()),
        toml::Value::Array(items) => items
            .iter()
            .map(|i| match i {
                toml::Value::String(s) => Ok(s.clone()),
                toml::Value::Integer(n) => Ok(n.to_string()),
                other => Err(format!("{other} is not a value")),
            })
            .collect(),
        other => Err(format!(
            "{other} is not a list of values or a range like \"12-24:2\""
        )),
    }
}

/// The plan of an experiment file's `[ablation]` or `[sweep]` table (`None` without either).
pub fn plan(
    ablation_spec: Option<&AblationSpec>,
    sweep_spec: Option<&SweepSpec>,
) -> Result<Option<Plan>, String> {
    match (ablation_spec, sweep_spec) {
        (Some(_), Some(_)) => Err("an experiment is an ablation or a sweep, not both".into()),
        (Some(a), None) => Ok(Some(Plan::Ablation {
            switches: a.switches.clone(),
            design: a.design,
            variants: ablation(&a.base, &a.switches, a.design)
                .map_err(|e| format!("[ablation]: {e}"))?,
        })),
        (None, Some(s)) => {
            let values = sweep_values(&s.values).map_err(|e| format!("[sweep] values: {e}"))?;
            Ok(Some(Plan::Sweep {
                option: s.option.clone(),
                variants: sweep(&s.bases, &s.option, &values)
                    .map_err(|e| format!("[sweep]: {e}"))?,
            }))
        }
        (None, None) => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_string()).collect()
    }

    #[test]
    fn options_are_replaced_or_appended() {
        assert_eq!(with_option("mtdf", "etc", "off").unwrap(), "mtdf:etc=off");
        assert_eq!(
            with_option("mtdf:etc=10,tt=20", "etc", "off").unwrap(),
            "mtdf:tt=20,etc=off"
        );
        assert!(with_option("ext:./x", "tt", "1").is_err());
    }

    #[test]
    fn factorial_of_three_switches_is_eight_distinct_buildable_specs() {
        let s = names(&["etc", "dthreat", "mirror"]);
        let v = ablation("mtdf:tt=16", &s, Design::Factorial).unwrap();
        assert_eq!(v.len(), 8);
        let specs: std::collections::HashSet<_> = v.iter().map(|x| &x.spec).collect();
        assert_eq!(specs.len(), 8);
        assert_eq!(
            (v[0].spec.as_str(), v[0].label(None)),
            ("mtdf:tt=16", "base".into())
        );
        assert_eq!(v[7].off, s);
        for x in &v {
            crate::engine::registry::build(&x.spec).unwrap();
        }
        // every switch is off in exactly half of the variants
        for k in &s {
            assert_eq!(v.iter().filter(|x| x.off.contains(k)).count(), 4);
        }
    }

    #[test]
    fn one_off_and_refusals() {
        let v = ablation("mtdf", &names(&["etc", "inherit"]), Design::OneOff).unwrap();
        let specs: Vec<_> = v.iter().map(|x| x.spec.as_str()).collect();
        assert_eq!(specs, ["mtdf", "mtdf:etc=off", "mtdf:inherit=off"]);
        assert_eq!(v[2].label(None), "inherit off");
        let five = names(&["a", "b", "c", "d", "e"]);
        assert!(ablation("mtdf", &five, Design::Factorial).is_err());
        assert!(ablation("mtdf:etc=off", &names(&["etc"]), Design::OneOff).is_err());
        assert!(ablation("mtdf", &names(&["etc", "etc"]), Design::OneOff).is_err());
    }

    #[test]
    fn an_experiment_file_expands_its_design() {
        let text = "name = \"a\"\nseed = 1\nplies = [10]\npositions = 2\n\
                    [ablation]\nbase = \"mtdf\"\nswitches = [\"etc\", \"dthreat\"]\n\
                    design = \"factorial\"\n";
        let e = crate::runner::experiment::Experiment::parse(text, "t").unwrap();
        assert_eq!(
            e.engines,
            [
                "mtdf",
                "mtdf:etc=off",
                "mtdf:dthreat=off",
                "mtdf:etc=off,dthreat=off"
            ]
        );
        assert!(matches!(e.plan, Some(Plan::Ablation { .. })));
        let both =
            format!("{text}[sweep]\nbases = [\"mtdf\"]\noption = \"tt\"\nvalues = \"12-14\"\n");
        let err = crate::runner::experiment::Experiment::parse(&both, "t").unwrap_err();
        assert!(err.to_string().contains("not both"), "{err}");
    }

    #[test]
    fn sweeps_cross_bases_and_values() {
        let vals = sweep_values(&toml::Value::String("12-16:2".into())).unwrap();
        assert_eq!(vals, ["12", "14", "16"]);
        let v = sweep(&names(&["negamax", "mtdf"]), "tt", &vals).unwrap();
        assert_eq!(v.len(), 6);
        assert_eq!(v[4].spec, "mtdf:tt=14");
        assert_eq!(v[4].label(Some("tt")), "mtdf tt=14");
        assert!(sweep(&names(&["mtdf"]), "tt", &vals[..1]).is_err());
    }
}
