//! Beeline: a Hive engine with three notations and the record formats players use.
//!
//! The crate reads in layers, each knowing only those before it:
//!
//! * [`codec`]: the byte encodings the binary formats share (LEB128 varints, FNV-1a,
//!   URL-safe base64);
//! * [`engine`]: hexes, pieces, the board, the rules, move generation, perft;
//! * [`notation`]: the move notations (standard/UHP, direction-based, algebraic) and the
//!   frame they share;
//! * [`record`]: game records (UHP GameStrings, PGN, BoardSpace SGF, move lists) and
//!   permalinks;
//! * [`collection`]: many games at once (multi-game texts, zip archives) and the opening
//!   explorer over them;
//! * [`view`]: the render model of a game on screen, free of the DOM;
//! * `app`: the browser app (Leptos), behind the `web` feature;
//! * `worker`: the collection worker the app starts, behind the `worker` feature.

pub mod codec;
pub mod collection;
pub mod engine;
pub mod notation;
pub mod protocol;
pub mod record;
pub mod search;
pub mod view;

#[cfg(feature = "web")]
pub mod app;

#[cfg(feature = "worker")]
pub mod worker;
