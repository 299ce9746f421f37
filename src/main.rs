//! `beeline`: convert Hive game records and check the engine from the command line.

use beeline::perft::perft;
use beeline::piece::GameType;
use beeline::position::{Move, Position};
use beeline::uhp::{GameString, MoveString};
use clap::{Parser, Subcommand};
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
            let pos = position_of(&game)?;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return Err(format!("the game is over ({})", pos.state()));
            }
            for m in moves {
                let text = match m {
                    Move::Pass => "pass".to_string(),
                    m => MoveString::from_move(&pos, m).to_string(),
                };
                println!("{text}");
            }
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
