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
//! * [`search`]: the analysis engine (alpha-beta search, evaluation, transposition table,
//!   the UHP engine and the review of a whole game);
//! * [`learn`]: the built-in courses and the notation trainer's questions;
//! * [`study`]: studies of several chapters (normal or interactive lessons), their PGN
//!   files and permalinks;
//! * [`view`]: the render model of a game on screen, free of the DOM;
//! * [`protocol`]: what the page and its workers say to each other, as typed messages;
//! * `app`: the browser app (Leptos), behind the `web` feature, with its analysis panel;
//! * `worker`: the worker the app starts, behind the `worker` feature: the collection reader
//!   and the analysis engine's searches and reviews.

pub mod codec;
pub mod collection;
pub mod engine;
pub mod insights;
pub mod learn;
pub mod notation;
pub mod protocol;
pub mod puzzles;
pub mod record;
pub mod search;
pub mod study;
pub mod view;

#[cfg(feature = "web")]
pub mod app;

#[cfg(feature = "worker")]
pub mod worker;
