//! `beeline book`: a collection's index written as static shards for a web site.

use super::indexing::IndexArgs;
use beeline::collection::files;
use beeline::collection::index::disk;
use std::path::PathBuf;

/// Write a book: the explorer's index of a collection as static files (shards) a web
/// site can serve beside the app, which reads only the shard of the position shown.
#[derive(clap::Args)]
// The shared arguments' help is `explore`'s; `book` words two of them as it always has.
#[command(
    mut_arg("game_type", |a| a.help("Only games of this game type")),
    mut_arg("check_all", |a| a.help(
        "As `explore --check-all`: play every move of every game under the rules"
    )),
)]
pub struct BookArgs {
    /// Record files, folders and zip archives, as `explore` reads them.
    #[arg(required_unless_present = "index", conflicts_with = "index")]
    files: Vec<PathBuf>,
    /// Write the book from an index saved with `explore --save`.
    #[arg(long)]
    index: Option<PathBuf>,
    /// The folder to write the book into (created if need be).
    #[arg(long)]
    out: PathBuf,
    /// Plies of each game indexed.
    #[arg(long, default_value_t = beeline::collection::index::DEPTH)]
    depth: usize,
    #[command(flatten)]
    games: IndexArgs,
}

pub fn run(args: BookArgs) -> Result<(), String> {
    let index = match &args.index {
        Some(path) => disk::open_index(path, &args.games.filter()).map_err(|e| e.to_string())?,
        None => args.games.index_files(&args.files, args.depth)?,
    };
    let m = files::write_book(&index, &args.out)?;
    eprintln!(
        "beeline: {}: {} games, {} positions and {} moves in {} shards",
        args.out.display(),
        m.games,
        m.positions,
        m.moves,
        1usize << (4 * m.digits)
    );
    Ok(())
}
