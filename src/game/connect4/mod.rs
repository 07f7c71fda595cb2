//! Connect-4: bitboard position, score convention.
