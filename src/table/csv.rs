//! CSV with full-precision numbers, for other tools (one header line, no notes).

use super::{Table, TableFormat};

/// One column per CSV key of each [`super::Column`]; raw values at full precision
/// (Rust's shortest round-trip representation), missing values empty.
#[derive(Debug, Clone, Copy, Default)]
pub struct Csv;

impl TableFormat for Csv {
    fn extension(&self) -> &'static str {
        "csv"
    }

    fn render(&self, t: &Table) -> String {
        let mut w = csv::WriterBuilder::new()
            .terminator(csv::Terminator::Any(b'\n'))
            .from_writer(Vec::new());
        let header: Vec<&str> = t
            .columns
            .iter()
            .flat_map(|c| c.csv_keys.iter().map(String::as_str))
            .collect();
        w.write_record(&header).expect("write to a Vec");
        for row in &t.rows {
            let fields: Vec<&str> = row
                .iter()
                .flat_map(|c| c.raw.iter().map(String::as_str))
                .collect();
            w.write_record(&fields).expect("write to a Vec");
        }
        String::from_utf8(w.into_inner().expect("flush a Vec")).expect("UTF-8 input")
    }
}
