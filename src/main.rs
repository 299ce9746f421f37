//! `beeline`: convert Hive game records and studies, explore collections of them and check
//! the engine from the command line. Each subcommand is a module of `src/cli/`.

mod cli;

use clap::{Parser, Subcommand};
use cli::{
    analyse, book, convert, explore, generate, insights, learn, link, perft, puzzles, selfplay,
    study, uhp, validmoves,
};
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

/// The subcommands, described by their arguments' doc comments (`--help`).
#[derive(Subcommand)]
enum Command {
    Perft(perft::PerftArgs),
    Validmoves(validmoves::ValidmovesArgs),
    Convert(convert::ConvertArgs),
    Link(link::LinkArgs),
    Study(study::StudyArgs),
    Learn(learn::LearnArgs),
    Explore(explore::ExploreArgs),
    Book(book::BookArgs),
    Uhp(uhp::UhpArgs),
    Analyse(analyse::AnalyseArgs),
    Puzzles(puzzles::PuzzlesArgs),
    Insights(insights::InsightsArgs),
    Selfplay(selfplay::SelfplayArgs),
    #[command(hide = true)]
    Generate(generate::GenerateArgs),
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft(args) => perft::run(args),
        Command::Validmoves(args) => validmoves::run(args),
        Command::Convert(args) => convert::run(args),
        Command::Link(args) => link::run(args),
        Command::Study(args) => study::run(args),
        Command::Learn(args) => learn::run(args),
        Command::Explore(args) => explore::run(args),
        Command::Book(args) => book::run(args),
        Command::Uhp(args) => uhp::run(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Puzzles(args) => puzzles::run(args),
        Command::Insights(args) => insights::run(args),
        Command::Selfplay(args) => selfplay::run(args),
        Command::Generate(args) => generate::run(args),
    }
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing into a pipe whose reader has gone (`beeline explore
    // … | head`) would panic; the default action ends the program quietly instead.
    #[cfg(unix)]
    // SAFETY: setting a signal's action to its default, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("beeline: {e}");
            ExitCode::from(2)
        }
    }
}
