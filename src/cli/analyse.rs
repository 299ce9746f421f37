//! `beeline analyse`: every move of a game searched and judged.

use beeline::engine::piece::Color;
use beeline::record::{Format, Record};
use beeline::search::game_review::{self, Judgement, PlyAnalysis};
use beeline::search::learn;
use beeline::search::{Limits, WallClock, MAX_LINES};

/// Analyse a game: for every move, the evaluation before and after, the best move and
/// its line in the three notations, and a judgement of the move played.
#[derive(clap::Args)]
pub struct AnalyseArgs {
    /// The record file (any format `convert` reads, a position too); `-` or nothing
    /// reads standard input.
    file: Option<String>,
    /// The input format (detected when left out).
    #[arg(long, value_enum)]
    from: Option<Format>,
    /// Seconds of search per position (default 1).
    #[arg(long, conflicts_with = "depth")]
    time: Option<f64>,
    /// Search every position to this depth instead of for a time (repeatable results).
    #[arg(long)]
    depth: Option<u8>,
    /// How many lines to find in each position, best first, each with a first move of its
    /// own (1 to 8; the table lists them under each ply, JSON as `lines`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=MAX_LINES as i64))]
    lines: u8,
    /// One JSON object per ply, in an array.
    #[arg(long)]
    json: bool,
    /// Learn from the mistakes: instead of the table, each inaccuracy, mistake and blunder
    /// as an exercise, the position before it as a puzzle link whose solution is the best
    /// move (with --json, an array of objects).
    #[arg(long)]
    learn: bool,
    /// With --learn, only this player's mistakes.
    #[arg(long, value_enum, requires = "learn")]
    player: Option<Side>,
}

/// A player, for --player.
#[derive(Clone, Copy, clap::ValueEnum)]
enum Side {
    White,
    Black,
}

pub fn run(args: AnalyseArgs) -> Result<(), String> {
    let limits = match (args.depth, args.time) {
        (Some(d), _) if d >= 1 => Limits::depth(d),
        (Some(_), _) => return Err("--depth must be at least 1".into()),
        (None, Some(t)) if t.is_finite() && t > 0.0 && t <= 86_400.0 => {
            Limits::time_ms((t * 1000.0).round().max(1.0) as u64)
        }
        (None, Some(t)) => return Err(format!("--time {t}: give seconds between 0 and 86400")),
        (None, None) => Limits::time_ms(1000),
    }
    .with_lines(args.lines);
    let rec = super::load(args.file.as_deref(), args.from)?;
    let rows = analyse(&rec, &limits);
    if args.learn {
        let player = args.player.map(|p| match p {
            Side::White => Color::White,
            Side::Black => Color::Black,
        });
        let found = learn::exercises(&rec.start(), &rec.moves, &rows, &rec.meta, player);
        if args.json {
            let text = serde_json::to_string_pretty(&found).map_err(|e| e.to_string())?;
            println!("{text}");
        } else if found.is_empty() {
            println!("No inaccuracy, mistake or blunder to learn from.");
        } else {
            for e in &found {
                println!(
                    "ply {}, {}: {} is {} {} ({:.1} points of winning chances lost); better: {}",
                    e.ply,
                    e.player,
                    e.played.standard,
                    if e.judgement == Judgement::Inaccuracy {
                        "an"
                    } else {
                        "a"
                    },
                    e.judgement.name(),
                    e.lost,
                    e.best.standard
                );
                println!("  puzzle: #{}", e.puzzle);
            }
        }
    } else if args.json {
        let text = serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?;
        println!("{text}");
    } else {
        print!("{}", game_review::table(&rows));
    }
    super::finish(&rec)
}

/// Every ply of the main line searched and judged; a progress bar on standard error when it
/// is a terminal.
fn analyse(rec: &Record, limits: &Limits) -> Vec<PlyAnalysis> {
    use std::io::IsTerminal;
    let bar = std::io::stderr().is_terminal();
    let start = rec.start();
    let rows = game_review::analyse(
        &start,
        &rec.moves,
        rec.format.coordinates(),
        limits,
        &|| Box::new(WallClock::start()),
        &mut |done, total| {
            if bar {
                let width = 40;
                let filled = done * width / total.max(1);
                eprint!(
                    "\r[{}{}] {done}/{total} positions",
                    "#".repeat(filled),
                    "-".repeat(width - filled)
                );
                if done == total {
                    eprintln!();
                }
            }
        },
    );
    rows
}
