//! `beeline`: convert Hive game records and check the engine from the command line.

use beeline::engine::perft::perft;
use beeline::engine::piece::GameType;
use beeline::engine::position::{Move, Position};
use beeline::notation::uhp::{GameString, MoveString};
use beeline::record::export::{self, Notation};
use beeline::record::{import, permalink, Format, Record};
use clap::{Parser, Subcommand, ValueEnum};
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
        /// The input format.
        #[arg(long, value_enum, default_value = "auto")]
        from: InputFormat,
        /// The output format.
        #[arg(long, value_enum, default_value = "table")]
        to: OutputFormat,
        /// Direction notation in ASCII (`x`, `*`, `--`).
        #[arg(long)]
        ascii: bool,
    },
    /// Print the permalink fragment of a game record.
    Link {
        /// The record file; `-` or nothing reads standard input.
        file: Option<String>,
        /// The ply to show (default: the end of the game).
        #[arg(long)]
        ply: Option<usize>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum InputFormat {
    Auto,
    Uhp,
    Pgn,
    Sgf,
    Standard,
    Direction,
    Algebraic,
}

#[derive(Clone, Copy, ValueEnum)]
enum OutputFormat {
    Table,
    Json,
    Uhp,
    Pgn,
    Standard,
    Direction,
    AlgebraicLong,
    AlgebraicShort,
    AlgebraicCompressed,
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

fn load(file: Option<&str>, from: InputFormat) -> Result<Record, String> {
    let text = read_input(file)?;
    let format = match from {
        InputFormat::Auto => None,
        InputFormat::Uhp => Some(Format::Uhp),
        InputFormat::Pgn => Some(Format::Pgn),
        InputFormat::Sgf => Some(Format::Sgf),
        InputFormat::Standard => Some(Format::Standard),
        InputFormat::Direction => Some(Format::Direction),
        InputFormat::Algebraic => Some(Format::Algebraic),
    };
    import(&text, format).map_err(|e| e.to_string())
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
        Command::Convert {
            file,
            from,
            to,
            ascii,
        } => {
            let rec = load(file.as_deref(), from)?;
            let out = match to {
                OutputFormat::Table => export::to_table(&rec),
                OutputFormat::Json => {
                    let json = serde_json::to_string_pretty(&export::to_json(&rec))
                        .map_err(|e| format!("cannot write JSON: {e}"))?;
                    format!("{json}\n")
                }
                OutputFormat::Uhp => format!("{}\n", export::to_uhp(&rec)),
                OutputFormat::Pgn => export::to_pgn(&rec),
                OutputFormat::Standard => export::to_list(&rec, Notation::Standard),
                OutputFormat::Direction => export::to_list(&rec, Notation::Direction { ascii }),
                OutputFormat::AlgebraicLong => export::to_list(&rec, Notation::AlgebraicLong),
                OutputFormat::AlgebraicShort => export::to_list(&rec, Notation::AlgebraicShort),
                OutputFormat::AlgebraicCompressed => {
                    export::to_list(&rec, Notation::AlgebraicCompressed)
                }
            };
            print!("{out}");
            finish(&rec)?;
        }
        Command::Link { file, ply } => {
            let rec = load(file.as_deref(), InputFormat::Auto)?;
            let ply = ply.unwrap_or(rec.moves.len());
            if ply > rec.moves.len() {
                return Err(format!(
                    "--ply {ply} is past the end of the game ({} moves)",
                    rec.moves.len()
                ));
            }
            println!("{}", permalink::encode(&rec, ply));
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
