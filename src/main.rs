//! `beeline`: convert Hive game records and check the engine from the command line.

use beeline::engine::perft::perft;
use beeline::engine::piece::GameType;
use beeline::engine::position::Position;
use beeline::notation::frame::Frame;
use beeline::notation::uhp::{GameString, MoveString};
use beeline::notation::Notation;
use beeline::record::export::Export;
use beeline::record::tree::Path;
use beeline::record::{import, permalink, Format, Record};
use clap::{Parser, Subcommand};
use std::io::Read;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "beeline",
    version,
    about = "Hive game records in three notations"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count move sequences from a position, one line per depth: `<depth> <count>`.
    Perft {
        /// A GameType (`Base+MLP`) or a whole UHP GameString.
        game: String,
        /// Deepest depth to count.
        depth: u32,
    },
    /// Print every legal move of the side to move, one UHP MoveString per line.
    Validmoves {
        /// A UHP GameString.
        game: String,
    },
    /// Convert a game record (UHP, PGN, BoardSpace SGF or a move list) to another format.
    Convert {
        /// The record file; `-` or nothing reads standard input.
        file: Option<String>,
        /// The input format (detected when left out).
        #[arg(long, value_enum)]
        from: Option<Format>,
        /// The output format.
        #[arg(long, value_enum, default_value = "table")]
        to: Export,
    },
    /// Print the permalink fragment of a game record.
    Link {
        /// The record file; `-` or nothing reads standard input.
        file: Option<String>,
        /// The main line's ply to show (default: the end of the main line).
        #[arg(long, conflicts_with = "path")]
        ply: Option<usize>,
        /// The move to show by its path in the game tree: `12` is ply 12 of the main line,
        /// `12.1.3` the 3rd move of the first variation replacing it.
        #[arg(long)]
        path: Option<Path>,
    },
}

fn read_input(file: Option<&str>) -> Result<String, String> {
    let mut bytes = Vec::new();
    match file {
        None | Some("-") => std::io::stdin()
            .take(beeline::record::MAX_INPUT as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?,
        Some(path) => std::fs::File::open(path)
            .and_then(|f| {
                f.take(beeline::record::MAX_INPUT as u64 + 1)
                    .read_to_end(&mut bytes)
            })
            .map_err(|e| format!("cannot read {path}: {e}"))?,
    };
    // Records in other encodings still read as far as their ASCII goes.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

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

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft { game, depth } => {
            let mut pos = position_of(&game)?;
            for d in 1..=depth {
                println!("{d} {}", perft(&mut pos, d));
            }
        }
        Command::Validmoves { game } => {
            // A finished game has no legal moves: nothing is printed, as UHP engines do.
            let pos = position_of(&game)?;
            for m in pos.legal_moves() {
                println!("{}", MoveString::from_move(&pos, m, &Frame::ENGINE));
            }
        }
        Command::Convert { file, from, to } => {
            let rec = load(file.as_deref(), from)?;
            if !to.can_hold(&rec) {
                return Err(to.text(&rec).trim_end().to_string());
            }
            print!("{}", to.text(&rec));
            finish(&rec)?;
        }
        Command::Link { file, ply, path } => {
            let rec = load(file.as_deref(), None)?;
            let link = match path {
                Some(path) => {
                    let node = rec.tree.node_at(&path).ok_or_else(|| {
                        format!(
                            "--path {path} names no move of the game (its main line has {} moves)",
                            rec.moves.len()
                        )
                    })?;
                    permalink::encode(&rec, node)
                }
                None => {
                    let ply = ply.unwrap_or(rec.moves.len());
                    if ply > rec.moves.len() {
                        return Err(format!(
                            "--ply {ply} is past the end of the game ({} moves)",
                            rec.moves.len()
                        ));
                    }
                    permalink::encode_ply(&rec, ply)
                }
            };
            println!("{link}");
            finish(&rec)?;
        }
    }
    Ok(())
}

fn main() -> ExitCode {
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("beeline: {e}");
            ExitCode::from(2)
        }
    }
}
