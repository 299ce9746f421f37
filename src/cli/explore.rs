//! `beeline explore`: every move played from a position in a collection, with its results,
//! from the record files, a saved index or a book.

use super::indexing::IndexArgs;
use beeline::collection::explorer::{play_line, Report};
use beeline::collection::files;
use beeline::collection::index::disk;
use beeline::collection::index::IndexError;
use beeline::engine::position::Position;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Explore a collection of games: every move played from a position, with its results.
#[derive(clap::Args)]
pub struct ExploreArgs {
    /// Record files (PGN with many games, SGF, UHP, move lists), folders (read
    /// recursively) and zip archives of them.
    #[arg(required_unless_present_any = ["index", "book"], conflicts_with_all = ["index", "book"])]
    files: Vec<PathBuf>,
    /// Answer from an index saved with `--save` instead of reading games.
    #[arg(long, conflicts_with = "book")]
    index: Option<PathBuf>,
    /// Answer from a book written by `beeline book` (its folder), reading one shard.
    #[arg(long)]
    book: Option<PathBuf>,
    /// Save the index of the games read to this file (reopen it with `--index`).
    #[arg(long, conflicts_with = "book")]
    save: Option<PathBuf>,
    /// With `--index`: read the whole index and check it (its checksum and every
    /// number) before answering. Without it only the bytes the answer needs are read
    /// (a few kilobytes of a million games' 620 MB), each number checked where it is
    /// used, so a damaged file cannot crash the answer, though only the checksum would
    /// have noticed a changed count.
    #[arg(long, requires = "index")]
    verify: bool,
    /// Plies of each game indexed: positions a game reaches later do not count for it.
    #[arg(long, default_value_t = beeline::collection::index::DEPTH)]
    depth: usize,
    /// The position: a line from the empty board, moves in any notation separated by
    /// `;`, or direction notation separated by spaces (default: the empty board).
    #[arg(long, default_value = "")]
    line: String,
    /// Print JSON instead of a table.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    games: IndexArgs,
}

pub fn run(args: ExploreArgs) -> Result<(), String> {
    let filter = args.games.filter();
    if let Some(dir) = &args.book {
        let book = files::BookDir::open(dir)?;
        disk::check_filter(dir, &filter, &book.manifest.filter).map_err(|e| e.to_string())?;
        let pos = play_line(&args.line).map_err(|e| format!("--line: {e}"))?;
        return print_report(&book.explore(&pos)?, args.json);
    }
    if let (Some(path), None, false) = (&args.index, &args.save, args.verify) {
        return explore_file(path, &args);
    }
    let index = match &args.index {
        Some(path) => disk::open_index(path, &filter).map_err(|e| e.to_string())?,
        None => args.games.index_files(&args.files, args.depth)?,
    };
    if let Some(path) = &args.save {
        let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
        let mut w = std::io::BufWriter::new(std::fs::File::create(path).map_err(cannot)?);
        index.write_to(&mut w).map_err(cannot)?;
        w.flush().map_err(cannot)?;
    }
    explore(index.depth(), &args, |pos| Ok(index.explore(pos, None)))
}

/// `--index` without `--verify`: the answer straight from the saved index, reading only
/// what it needs (`index::SavedLayout`).
fn explore_file(path: &Path, args: &ExploreArgs) -> Result<(), String> {
    let (file, layout) =
        disk::open_layout(path, &args.games.filter()).map_err(|e| e.to_string())?;
    explore(layout.head().depth(), args, |pos| {
        layout
            .explore(&file, pos)
            .map_err(|e: IndexError| format!("{}: {e}", path.display()))
    })
}

/// The report on the position after the line, from an index of the first `depth` plies.
fn explore(
    depth: usize,
    args: &ExploreArgs,
    answer: impl FnOnce(&Position) -> Result<Report, String>,
) -> Result<(), String> {
    let pos = play_line(&args.line).map_err(|e| format!("--line: {e}"))?;
    if pos.ply() > depth {
        eprintln!(
            "beeline: note: the index holds the first {depth} plies of each game; the line has {}",
            pos.ply()
        );
    }
    print_report(&answer(&pos)?, args.json)
}

fn print_report(report: &Report, json: bool) -> Result<(), String> {
    if json {
        let text = serde_json::to_string_pretty(report).map_err(|e| e.to_string())?;
        println!("{text}");
    } else {
        print!("{}", report.table());
    }
    Ok(())
}
