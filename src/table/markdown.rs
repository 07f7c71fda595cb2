//! GitHub-flavoured Markdown (pipe tables).

use super::{Align, Table, TableFormat};

/// A bold title, a pipe table (total row in bold), the notes as paragraphs; text escaped.
#[derive(Debug, Clone, Copy, Default)]
pub struct Markdown;

/// A bare pipe table inside a larger Markdown document: header, rule and rows only (no title,
/// no notes, no bold total row). Cells are written as given, since they are Markdown already
/// (code spans, bold); an empty cell is written `| |`. Rules: `---` left, `---:` right, `:-:`
/// centred.
#[derive(Debug, Clone, Copy, Default)]
pub struct PipeTable;

/// Escape the characters that would break a pipe-table cell or start emphasis.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        if matches!(ch, '|' | '\\' | '*' | '_' | '`' | '<' | '>' | '[' | ']') {
            out.push('\\');
        }
        out.push(ch);
    }
    out
}

impl TableFormat for Markdown {
    fn extension(&self) -> &'static str {
        "md"
    }

    fn render(&self, t: &Table) -> String {
        let mut out = format!("**{}**\n\n", escape(&t.title));
        let header: Vec<String> = t.columns.iter().map(|c| escape(&c.header)).collect();
        out.push_str(&format!("| {} |\n", header.join(" | ")));
        let rule: Vec<&str> = t
            .columns
            .iter()
            .map(|c| match c.align {
                Align::Left => ":---",
                Align::Right => "---:",
                Align::Center => ":---:",
            })
            .collect();
        out.push_str(&format!("|{}|\n", rule.join("|")));
        for (k, row) in t.rows.iter().enumerate() {
            let total = t.total_row && k + 1 == t.rows.len();
            let cells: Vec<String> = row
                .iter()
                .map(|c| {
                    let e = escape(&c.text);
                    if total && !c.text.is_empty() {
                        format!("**{e}**")
                    } else {
                        e
                    }
                })
                .collect();
            out.push_str(&format!("| {} |\n", cells.join(" | ")));
        }
        for n in &t.notes {
            out.push('\n');
            out.push_str(&escape(n));
            out.push('\n');
        }
        out
    }
}

impl TableFormat for PipeTable {
    fn extension(&self) -> &'static str {
        "md"
    }

    fn render(&self, t: &Table) -> String {
        let line = |cells: &mut dyn Iterator<Item = &str>| {
            let mut s = String::from("|");
            for c in cells {
                if !c.is_empty() {
                    s.push(' ');
                    s.push_str(c);
                }
                s.push_str(" |");
            }
            s.push('\n');
            s
        };
        let mut out = line(&mut t.columns.iter().map(|c| c.header.as_str()));
        out.push('|');
        for c in &t.columns {
            out.push_str(match c.align {
                Align::Left => "---",
                Align::Right => "---:",
                Align::Center => ":-:",
            });
            out.push('|');
        }
        out.push('\n');
        for row in &t.rows {
            out.push_str(&line(&mut row.iter().map(|c| c.text.as_str())));
        }
        out
    }
}
