//! The opening books as oracles: an adapter from the book reader ([`super::book`]) to
//! [`super::oracle::BookOracle`].

use super::book::{Book, BookKind, BookValue};
use super::oracle::{BookChoice, BookOracle, Expected};

struct Adapter(Book);

fn expected(v: BookValue) -> Expected {
    match v {
        BookValue::Score(s) => Expected::Exact(s),
        other => Expected::Sign(other.sign()),
    }
}

impl BookOracle for Adapter {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn sample(&self, n: usize, seed: u64) -> Result<Vec<(String, Expected)>, String> {
        self.0
            .sample(n, seed)
            .map(|v| v.into_iter().map(|(m, b)| (m, expected(b))).collect())
            .map_err(|e| e.to_string())
    }

    fn record(&self, index: usize) -> Result<(String, Expected), String> {
        let moves = self.0.position_at(index).map_err(|e| e.to_string())?;
        let value = self.0.entry(index).map_err(|e| e.to_string())?.value;
        Ok((moves, expected(value)))
    }

    fn lookup(&self, moves: &str) -> Result<Expected, String> {
        self.0
            .lookup(moves)
            .map(expected)
            .map_err(|e| e.to_string())
    }
}

/// Open the book `choice` (located as [`Book::locate`] does).
pub fn open(choice: BookChoice) -> Result<Box<dyn BookOracle>, String> {
    let kind = match choice {
        BookChoice::Ply8 => BookKind::Ply8,
        BookChoice::Ply12Distances => BookKind::Ply12Distances,
    };
    Book::open_default(kind)
        .map(|b| Box::new(Adapter(b)) as Box<dyn BookOracle>)
        .map_err(|e| e.to_string())
}
