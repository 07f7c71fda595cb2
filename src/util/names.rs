//! Names made safe for file and directory names.

/// A name made safe for a file name: ASCII letters, digits, `-` and `.` kept, anything else
/// (`:`, `=`, `/`, `~`, spaces, ...) turned into `_`; an empty name or one starting with `.`
/// gets a leading `_` (no hidden files, no `..`).
#[must_use]
pub fn file_stem(name: &str) -> String {
    let s: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with('.') {
        format!("_{s}")
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_stems() {
        assert_eq!(file_stem("mtdf:tt=20,order=none"), "mtdf_tt_20_order_none");
        assert_eq!(file_stem("origin/main~1"), "origin_main_1");
        assert_eq!(file_stem("a_b-c.d"), "a_b-c.d");
        assert_eq!(file_stem("ext:./x y"), "ext_._x_y");
        assert_eq!(file_stem(""), "_");
        assert_eq!(file_stem(".."), "_..");
        assert_eq!(file_stem("é"), "_");
    }
}
