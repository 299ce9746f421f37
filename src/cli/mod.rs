//! The subcommands of `beeline`, one module each: its arguments and what it does.

pub mod analyse;
pub mod book;
pub mod convert;
pub mod explore;
pub mod generate;
pub mod indexing;
pub mod insights;
pub mod learn;
pub mod link;
pub mod perft;
pub mod puzzles;
pub mod selfplay;
pub mod study;
pub mod uhp;
pub mod validmoves;

use beeline::engine::piece::GameType;
use beeline::engine::position::Position;
use beeline::notation::uhp::GameString;
use beeline::record::{import, Format, Record, MAX_INPUT};
use std::io::Read;

/// A record file's text, or standard input's for `-` or none, up to one byte past
/// [`MAX_INPUT`] (the reader refuses more).
fn read_input(file: Option<&str>) -> Result<String, String> {
    let mut bytes = Vec::new();
    match file {
        None | Some("-") => std::io::stdin()
            .take(MAX_INPUT as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?,
        Some(path) => std::fs::File::open(path)
            .and_then(|f| f.take(MAX_INPUT as u64 + 1).read_to_end(&mut bytes))
            .map_err(|e| format!("cannot read {path}: {e}"))?,
    };
    // Records in other encodings still read as far as their ASCII goes.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// The record of a file (see [`read_input`]) in `from`'s format, or the one detected.
fn load(file: Option<&str>, from: Option<Format>) -> Result<Record, String> {
    let text = read_input(file)?;
    import(&text, from).map_err(|e| e.to_string())
}

/// Prints notices, and the error of a record read only in part (then exit status 2).
fn finish(rec: &Record) -> Result<(), String> {
    for n in &rec.notices {
        eprintln!("beeline: note: {n}");
    }
    match &rec.error {
        Some(e) => Err(format!(
            "stopped at move {} ({e}); the {} moves before it were converted",
            rec.moves.len() + 1,
            rec.moves.len()
        )),
        None => Ok(()),
    }
}

/// The threads a subcommand runs on: those asked for, else the machine's cores (1 to 64).
fn threads(asked: Option<usize>) -> usize {
    asked
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, 64)
}

/// Reads a GameType or a GameString into a position.
fn position_of(text: &str) -> Result<Position, String> {
    if !text.contains(';') {
        if let Ok(gt) = text.trim().parse::<GameType>() {
            return Ok(Position::new(gt));
        }
    }
    let gs: GameString = text.parse().map_err(|e| format!("{e}"))?;
    gs.replay().map_err(|e| format!("{e}"))
}
