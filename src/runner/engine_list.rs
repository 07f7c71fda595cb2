//! The `engines` list of an experiment file: plain spec strings, or tables that give a spec a
//! short label for tables, figures and headlines
//! (`engines = ["negamax", { spec = "uci[depth=10]:/usr/games/glaurung", label = "Glaurung d10" }]`).
//! The run saves the file in its metadata (`experiment_source`), where the analysis finds the
//! labels ([`crate::analysis::labels`]).

use serde::Deserialize;

/// One entry of `engines`.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub enum EngineEntry {
    /// A spec alone.
    Spec(String),
    /// A spec with its label.
    Labelled { spec: String, label: String },
}

impl EngineEntry {
    /// The engine spec.
    #[must_use]
    pub fn spec(&self) -> &str {
        match self {
            Self::Spec(s) | Self::Labelled { spec: s, .. } => s,
        }
    }
}

/// The specs of `entries`, in order, after checking the labels: each non-empty, printable on
/// one line, and used once.
pub fn specs(entries: &[EngineEntry]) -> Result<Vec<String>, String> {
    let mut labels: Vec<&str> = Vec::new();
    for e in entries {
        if let EngineEntry::Labelled { spec, label } = e {
            if label.trim().is_empty() || label.contains(['\n', '|', '`']) {
                return Err(format!(
                    "key `engines`: the label of `{spec}` must be one line of text without `|` \
                     or backquotes, got {label:?}"
                ));
            }
            if labels.contains(&label.as_str()) {
                return Err(format!("key `engines`: label `{label}` is given twice"));
            }
            labels.push(label);
        }
    }
    Ok(entries.iter().map(|e| e.spec().to_string()).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize)]
    struct List {
        engines: Vec<EngineEntry>,
    }

    fn parse(s: &str) -> Result<Vec<String>, String> {
        let l: List = toml::from_str(s).map_err(|e| e.to_string())?;
        specs(&l.engines)
    }

    #[test]
    fn strings_and_labelled_tables_mix() {
        let got = parse(
            r#"engines = ["negamax", { spec = "uci[depth=10]:/usr/games/glaurung", label = "Glaurung d10" }]"#,
        )
        .unwrap();
        assert_eq!(got, ["negamax", "uci[depth=10]:/usr/games/glaurung"]);
        let twice =
            parse(r#"engines = [{ spec = "a", label = "x" }, { spec = "b", label = "x" }]"#);
        assert!(twice.unwrap_err().contains("label `x` is given twice"));
        let empty = parse(r#"engines = [{ spec = "a", label = " " }, "b"]"#);
        assert!(empty.unwrap_err().contains("the label of `a`"));
        assert!(parse(r#"engines = [{ spec = "a" }]"#).is_err());
    }
}
