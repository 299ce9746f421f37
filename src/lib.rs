//! Beeline: a Hive engine with three notations and the record formats players use.
//!
//! The engine modules ([`hex`], [`piece`], [`board`], [`position`], [`uhp`], [`perft`])
//! know nothing of the web; the browser app lives in `app` behind the `web` feature.

pub mod board;
pub mod hex;
mod movegen;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod record;
pub mod uhp;
pub mod view;

#[cfg(feature = "web")]
pub mod app;
