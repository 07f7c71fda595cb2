//! HTML tables, for the self-contained report page.

use super::{Align, Table, TableFormat};

/// A `<table>` with a `<caption>`, the total row in `<tfoot>`, the notes as paragraphs after it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Html;

/// Escape text for HTML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for ch in s.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

impl TableFormat for Html {
    fn extension(&self) -> &'static str {
        "html"
    }

    fn render(&self, t: &Table) -> String {
        let class = |a: Align| match a {
            Align::Left => "l",
            Align::Right => "r",
            Align::Center => "c",
        };
        let mut out = String::from("<table>\n");
        out.push_str(&format!(
            "<caption>{}</caption>\n<thead><tr>",
            inline_html(&t.title)
        ));
        for c in &t.columns {
            out.push_str(&format!(
                "<th class=\"{}\">{}</th>",
                class(c.align),
                escape(&c.header)
            ));
        }
        out.push_str("</tr></thead>\n<tbody>\n");
        for (k, row) in t.rows.iter().enumerate() {
            let total = t.total_row && k + 1 == t.rows.len();
            if total {
                out.push_str("</tbody>\n<tfoot>\n");
            }
            out.push_str("<tr>");
            for (cell, c) in row.iter().zip(&t.columns) {
                out.push_str(&format!(
                    "<td class=\"{}\">{}</td>",
                    class(c.align),
                    escape(&cell.text)
                ));
            }
            out.push_str("</tr>\n");
            if total {
                out.push_str("</tfoot>\n");
            }
        }
        if !t.total_row || t.rows.is_empty() {
            out.push_str("</tbody>\n");
        }
        out.push_str("</table>\n");
        for n in &t.notes {
            out.push_str(&format!("<p class=\"note\">{}</p>\n", inline_html(n)));
        }
        out
    }
}

/// A Markdown paragraph's text as HTML: escaped, with `code spans` as `<code>` (no backtick is
/// left in the output).
#[must_use]
pub fn inline_html(s: &str) -> String {
    let mut out = String::new();
    let mut parts = s.split('`');
    let mut code = false;
    let mut pending: Option<&str> = parts.next();
    while let Some(p) = pending {
        let next = parts.next();
        if code && next.is_none() {
            // An unmatched backtick: keep the text, drop the stray mark.
            out.push_str(&escape(p));
        } else if code {
            out.push_str(&format!("<code>{}</code>", escape(p)));
        } else {
            out.push_str(&escape(p));
        }
        code = !code;
        pending = next;
    }
    out
}
