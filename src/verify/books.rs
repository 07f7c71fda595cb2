//! The opening books as oracles: BitBully's books ([`super::book`]) read as what they expect of
//! an engine's score.

use super::book::{Book, BookKind, BookValue};

/// What a book says about a position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expected {
    /// Only the outcome: −1 loss, 0 draw, +1 win for the side to move.
    Sign(i32),
    /// The exact score.
    Exact(i32),
}

impl Expected {
    /// Whether an engine score agrees.
    #[must_use]
    pub fn agrees(self, score: i32) -> bool {
        match self {
            Expected::Sign(s) => s == score.signum(),
            Expected::Exact(s) => s == score,
        }
    }
}

impl std::fmt::Display for Expected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Expected::Sign(1) => f.write_str("win"),
            Expected::Sign(0) => f.write_str("draw"),
            Expected::Sign(_) => f.write_str("loss"),
            Expected::Exact(s) => write!(f, "{s}"),
        }
    }
}

/// The opening books the suite checks against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookChoice {
    /// BitBully's 8-ply book (win/draw/loss).
    Ply8,
    /// BitBully's 12-ply distance book (exact scores).
    Ply12Distances,
}

impl BookChoice {
    /// The check name.
    #[must_use]
    pub fn check_name(self) -> &'static str {
        match self {
            BookChoice::Ply8 => "book-8ply",
            BookChoice::Ply12Distances => "book-12ply-dist",
        }
    }
}

/// An opening book as an oracle: its records and lookups as [`Expected`] values.
pub struct BookOracle(Book);

fn expected(v: BookValue) -> Expected {
    match v {
        BookValue::Score(s) => Expected::Exact(s),
        other => Expected::Sign(other.sign()),
    }
}

impl BookOracle {
    /// Records in the book.
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether the book is empty.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `n` distinct records drawn with `seed`: (move string, value).
    pub fn sample(&self, n: usize, seed: u64) -> Result<Vec<(String, Expected)>, String> {
        self.0
            .sample(n, seed)
            .map(|v| v.into_iter().map(|(m, b)| (m, expected(b))).collect())
            .map_err(|e| e.to_string())
    }

    /// The position and value of record `index`.
    pub fn record(&self, index: usize) -> Result<(String, Expected), String> {
        let moves = self.0.position_at(index).map_err(|e| e.to_string())?;
        let value = self.0.entry(index).map_err(|e| e.to_string())?.value;
        Ok((moves, expected(value)))
    }

    /// The value of any position of the book's ply (absent positions are wins).
    pub fn lookup(&self, moves: &str) -> Result<Expected, String> {
        self.0
            .lookup(moves)
            .map(expected)
            .map_err(|e| e.to_string())
    }
}

/// Open the book `choice` (located as [`Book::locate`] does), or say why it cannot be opened.
pub fn open(choice: BookChoice) -> Result<BookOracle, String> {
    let kind = match choice {
        BookChoice::Ply8 => BookKind::Ply8,
        BookChoice::Ply12Distances => BookKind::Ply12Distances,
    };
    Book::open_default(kind)
        .map(BookOracle)
        .map_err(|e| e.to_string())
}
