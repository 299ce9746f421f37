//! `beeline link`: the permalink of a game record at a move.

use beeline::record::permalink;
use beeline::record::tree::Path;

/// Print the permalink fragment of a game record.
#[derive(clap::Args)]
pub struct LinkArgs {
    /// The record file; `-` or nothing reads standard input.
    file: Option<String>,
    /// The main line's ply to show (default: the end of the main line).
    #[arg(long, conflicts_with = "path")]
    ply: Option<usize>,
    /// The move to show by its path in the game tree: `12` is ply 12 of the main line,
    /// `12.1.3` the 3rd move of the first variation replacing it.
    #[arg(long)]
    path: Option<Path>,
}

pub fn run(args: LinkArgs) -> Result<(), String> {
    let rec = super::load(args.file.as_deref(), None)?;
    let link = match args.path {
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
            let ply = args.ply.unwrap_or(rec.moves.len());
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
    super::finish(&rec)
}
