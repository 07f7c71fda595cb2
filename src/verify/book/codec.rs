//! The book's key codec: a key is the Huffman code of the position, written MSB first: columns
//! 0→6 (our columns 1→7), each bottom→top, a stone of the side to move is `10`, an opponent stone
//! `11`, and `0` ends the column (also after a full column); one final `0` pads to 2·n + 8 bits
//! (24 at 8 ply, 32 at 12 ply). Also the value codec of the distance book.

use super::board::{Columns, COLS, ROWS};
use super::BookError;

impl Columns {
    /// Huffman code of the position as the book stores it: 2·n + 8 bits, sign-extended from 32
    /// bits when n = 12 (24-bit codes stay positive).
    pub fn key(&self) -> i64 {
        let mut code: u64 = 0;
        let mut bits: u32 = 0;
        for col in &self.0 {
            for &mine in col {
                code = (code << 2) | if mine { 0b10 } else { 0b11 };
                bits += 2;
            }
            code <<= 1;
            bits += 1;
        }
        code <<= 1;
        bits += 1;
        if bits == 32 {
            i64::from(code as u32 as i32)
        } else {
            code as i64
        }
    }
}

/// Decodes a key of a `plies`-stone position (2·plies + 8 bits; the two low value bits of the
/// non-distance books must already be cleared) into its columns.
pub fn decode_key(key: i64, plies: usize) -> Result<Columns, BookError> {
    let bits = 2 * plies as u32 + 8;
    let bad = |reason: &str| BookError::BadKey {
        key,
        bits,
        reason: reason.to_string(),
    };
    if bits > 40 {
        return Err(bad("too many stones"));
    }
    let code = (key as u64) & ((1u64 << bits) - 1);
    if bits < 32 && (key as u64) >> bits != 0 {
        return Err(bad("key has bits above the code length"));
    }
    let mut pos = bits;
    let mut next = || -> Option<bool> {
        if pos == 0 {
            None
        } else {
            pos -= 1;
            Some(code >> pos & 1 == 1)
        }
    };
    let mut cols: [Vec<bool>; COLS] = Default::default();
    for col in cols.iter_mut() {
        loop {
            match next() {
                None => return Err(bad("code ends inside a column")),
                Some(false) => break,
                Some(true) => {
                    if col.len() == ROWS {
                        return Err(bad("a column holds more than six stones"));
                    }
                    match next() {
                        None => return Err(bad("code ends inside a stone")),
                        Some(second) => col.push(!second),
                    }
                }
            }
        }
    }
    if next() != Some(false) {
        return Err(bad("missing final padding bit 0"));
    }
    if pos != 0 {
        return Err(bad("stone count does not match the code length"));
    }
    let c = Columns(cols);
    if c.stones() != plies {
        return Err(bad("stone count does not match the code length"));
    }
    Ok(c)
}

/// Converts a distance-book byte of a `plies`-stone position into our score, or `None` if the
/// byte is not a valid value (wrong parity for the winner, or out of range).
pub fn distance_to_score(v: i8, plies: usize) -> Option<i32> {
    if v == 0 {
        return Some(0);
    }
    let v = i32::from(v);
    let left = (42 - plies) as i32;
    // Plies from this position to the final (winning) move, and the ply number of that move.
    let d = 100 - v.abs();
    if d < 1 || d > left {
        return None;
    }
    let final_ply = plies as i32 + d;
    // The side to move plays plies n+1, n+3, ...: it wins iff d is odd.
    if (v > 0) != (d % 2 == 1) {
        return None;
    }
    // Stones the winner has placed when completing four.
    let k = (final_ply + 1) / 2;
    let s = 22 - k;
    Some(if v > 0 { s } else { -s })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::book::columns_of;

    #[test]
    fn hand_worked_key_8ply() {
        // 11111122: column 1 holds x o x o x o bottom→top (first player = side to move at even
        // ply = x), column 2 holds x o. Code: 10 11 10 11 10 11 0 | 10 11 0 | 0 0 0 0 0 | 0.
        let cols = columns_of("11111122").unwrap();
        assert_eq!(cols.render(), "xoxoxo|xo|||||");
        let want = 0b1011_1011_1011_0_1011_0_00000_0i64;
        assert_eq!(cols.key(), want);
        assert_eq!(cols.key(), 0xbbb580);
        assert_eq!(decode_key(want, 8).unwrap(), cols);
    }

    #[test]
    fn twelve_ply_keys_are_signed() {
        // 111111223354 starts with a stone, so its 32-bit code has the top bit set.
        let cols = columns_of("111111223354").unwrap();
        assert_eq!(cols.key(), i64::from(0xbbb5ada0u32 as i32));
        assert!(cols.key() < 0);
        assert_eq!(decode_key(cols.key(), 12).unwrap(), cols);
        // An empty first column gives a positive key.
        assert_eq!(columns_of("444444332265").unwrap().key(), 0x5ad776d0);
    }

    #[test]
    fn side_to_move_is_ten_on_odd_plies_too() {
        // After one move the second player is to move: the first player's stone is `11`.
        let cols = columns_of("4").unwrap();
        assert_eq!(cols.render(), "|||o|||");
        assert_eq!(cols.key(), 0b0_0_0_11_0_0_0_0_0);
    }

    #[test]
    fn decode_rejects_malformed_codes() {
        // Too few stones for 8 plies.
        assert!(decode_key(columns_of("1234").unwrap().key() << 8, 8).is_err());
        // Seven stones in a column: 10 x7 does not fit.
        assert!(decode_key(0xAAAA << 8, 8).is_err());
        // Non-zero padding bit.
        assert!(decode_key(columns_of("11111122").unwrap().key() | 1, 8).is_err());
    }

    #[test]
    fn distance_values() {
        // Documented examples (bitbully-databases): 71 → first player wins in 29 plies,
        // 73 → in 27, −88 → loses in 12.
        assert_eq!(distance_to_score(71, 12), Some(1));
        assert_eq!(distance_to_score(73, 12), Some(2));
        assert_eq!(distance_to_score(97, 12), Some(14));
        assert_eq!(distance_to_score(-88, 12), Some(-10));
        assert_eq!(distance_to_score(-70, 12), Some(-1));
        assert_eq!(distance_to_score(-98, 12), Some(-15));
        assert_eq!(distance_to_score(0, 12), Some(0));
        // Wrong parity, out of range.
        assert_eq!(distance_to_score(72, 12), None);
        assert_eq!(distance_to_score(-71, 12), None);
        assert_eq!(distance_to_score(69, 12), None);
        assert_eq!(distance_to_score(100, 12), None);
    }
}
