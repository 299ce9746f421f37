//! The Hive engine: hexes, pieces, the board, the rules and move generation, and perft.
//!
//! Plain Rust with no knowledge of notations, records or the web; everything else in the
//! crate builds on it.

pub mod board;
pub mod hex;
pub(crate) mod movegen;
pub mod perft;
pub mod piece;
pub mod position;
pub mod setup;
pub mod transfer;
