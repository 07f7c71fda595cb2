//! The one engine spec grammar: `NAME[:key=value,key=value...]`.
//!
//! Spaces around the name, keys and values are trimmed. A `:` must be followed by at least one
//! option, and every item must be `key=value` with a non-empty key and value (so `mtdf:`,
//! `mtdf:,,` and `a=1,,b=2` are errors, not silently read as fewer options), and no key may be
//! given twice. Which keys an engine takes, and what their values mean, is
//! up to the engine's family; the [registry](super::registry) maps the name to the family.
//!
//! `ext[OPTIONS]:COMMAND` is the one exception: the part after `:` is a command line, read by
//! [`super::external`].

/// A bad engine spec: names what is wrong and what would be right.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(pub String);

/// Options of a spec as `(key, value)` pairs, in the order written.
pub type SpecOptions<'a> = Vec<(&'a str, &'a str)>;

/// The engine name of a spec: everything before the first `:`, trimmed.
#[must_use]
pub fn spec_name(spec: &str) -> &str {
    spec.split_once(':').map_or(spec, |(name, _)| name).trim()
}

/// Split a spec into its name and options, checking the grammar (not the keys).
pub fn parse_spec(spec: &str) -> Result<(&str, SpecOptions<'_>), SpecError> {
    let bad = |m: String| SpecError(format!("engine `{spec}`: {m}"));
    let mut opts: SpecOptions<'_> = Vec::new();
    let Some((_, rest)) = spec.split_once(':') else {
        return Ok((spec_name(spec), opts));
    };
    if rest.trim().is_empty() {
        return Err(bad(format!(
            "no options after `:` (write `{}` alone, or `{}:KEY=VALUE,...`)",
            spec_name(spec),
            spec_name(spec)
        )));
    }
    for item in rest.split(',') {
        if item.trim().is_empty() {
            return Err(bad(
                "empty option (a doubled, leading or trailing `,`): write KEY=VALUE,KEY=VALUE"
                    .to_string(),
            ));
        }
        let (k, v) = item
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| bad(format!("option `{}` is not KEY=VALUE", item.trim())))?;
        if k.is_empty() {
            return Err(bad(format!("option `{}` has no key", item.trim())));
        }
        if v.is_empty() {
            return Err(bad(format!("option `{k}` has no value")));
        }
        if opts.iter().any(|(k2, _)| *k2 == k) {
            return Err(bad(format!("option `{k}` given twice")));
        }
        opts.push((k, v));
    }
    Ok((spec_name(spec), opts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grammar() {
        assert_eq!(parse_spec("mtdf").unwrap(), ("mtdf", vec![]));
        assert_eq!(parse_spec(" mtdf ").unwrap(), ("mtdf", vec![]));
        assert_eq!(
            parse_spec("ttt-tt: table = bounds, order=centre").unwrap(),
            ("ttt-tt", vec![("table", "bounds"), ("order", "centre")])
        );
        let err = |s: &str| parse_spec(s).unwrap_err().0;
        assert!(err("mtdf:").contains("no options after `:`"));
        assert!(err(" mtdf : ").contains("no options after `:`"));
        for s in [
            "mtdf:,,",
            "mtdf:tt=20,",
            "mtdf:,tt=20",
            "mtdf:tt=20,,etc=off",
        ] {
            assert!(err(s).contains("empty option"), "{s}: {}", err(s));
            assert!(!err(s).contains('\n'), "{s}");
        }
        assert!(err("mtdf:tt").contains("`tt` is not KEY=VALUE"));
        assert!(err("mtdf:tt=").contains("`tt` has no value"));
        assert!(err("mtdf:=3").contains("has no key"));
        assert!(err("mtdf:tt=20,etc=off,tt=22").contains("`tt` given twice"));
        assert!(err("mtdf:tt").starts_with("engine `mtdf:tt`: "));
        assert_eq!(spec_name("ext:./engine --x"), "ext");
    }
}
