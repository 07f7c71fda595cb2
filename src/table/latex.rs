//! LaTeX with booktabs rules (`\usepackage{booktabs}`), text escaped.

use super::{Align, Table, TableFormat};

/// A `table` float with a caption, a booktabs `tabular`, the notes in small print below.
#[derive(Debug, Clone, Copy, Default)]
pub struct Latex;

/// Escape LaTeX's special characters and spell the few non-ASCII symbols of the tables.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for ch in s.chars() {
        match ch {
            '\\' => out.push_str(r"\textbackslash{}"),
            '&' | '%' | '$' | '#' | '_' | '{' | '}' => {
                out.push('\\');
                out.push(ch);
            }
            '~' => out.push_str(r"\textasciitilde{}"),
            '^' => out.push_str(r"\textasciicircum{}"),
            '<' => out.push_str(r"\textless{}"),
            '>' => out.push_str(r"\textgreater{}"),
            '±' => out.push_str(r"$\pm$"),
            'Δ' => out.push_str(r"$\Delta$"),
            'µ' => out.push_str(r"$\mu$"),
            '−' => out.push_str(r"$-$"),
            '–' => out.push_str("--"),
            '—' => out.push_str("---"),
            _ => out.push(ch),
        }
    }
    out
}

impl TableFormat for Latex {
    fn extension(&self) -> &'static str {
        "tex"
    }

    fn render(&self, t: &Table) -> String {
        let spec: String = t
            .columns
            .iter()
            .map(|c| match c.align {
                Align::Left => 'l',
                Align::Right => 'r',
                Align::Center => 'c',
            })
            .collect();
        let line = |cells: Vec<String>| format!("{} \\\\\n", cells.join(" & "));
        let mut out = String::new();
        out.push_str("% requires \\usepackage{booktabs}\n");
        out.push_str("\\begin{table}[htbp]\n\\centering\n");
        out.push_str(&format!("\\caption{{{}}}\n", escape(&t.title)));
        out.push_str(&format!("\\begin{{tabular}}{{{spec}}}\n\\toprule\n"));
        out.push_str(&line(t.columns.iter().map(|c| escape(&c.header)).collect()));
        out.push_str("\\midrule\n");
        for (k, row) in t.rows.iter().enumerate() {
            if t.total_row && k + 1 == t.rows.len() && k > 0 {
                out.push_str("\\midrule\n");
            }
            out.push_str(&line(row.iter().map(|c| escape(&c.text)).collect()));
        }
        out.push_str("\\bottomrule\n\\end{tabular}\n");
        if !t.notes.is_empty() {
            out.push_str("\\par\\smallskip\n{\\footnotesize\n");
            for n in &t.notes {
                out.push_str(&escape(n));
                out.push_str("\\par\n");
            }
            out.push_str("}\n");
        }
        out.push_str("\\end{table}\n");
        out
    }
}
