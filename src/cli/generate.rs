//! `beeline generate`: random legal games, for timing `explore`.

use beeline::collection::zip::{crc32, Method, Writer};
use beeline::collection::{files, generate};
use std::path::PathBuf;

/// Write random legal games (for timing `explore`): one PGN file of them all and/or a
/// zip of one PGN file per game.
#[derive(clap::Args)]
pub struct GenerateArgs {
    #[arg(long, default_value_t = 10_000)]
    games: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The multi-game PGN file to write.
    #[arg(long)]
    pgn: Option<PathBuf>,
    /// The zip archive to write (deflated entries).
    #[arg(long)]
    zip: Option<PathBuf>,
}

/// The games as one PGN file and as a zip of one file each.
pub fn run(args: GenerateArgs) -> Result<(), String> {
    let texts: Vec<String> = (0..args.games)
        .map(|i| generate::game_pgn(args.seed, i))
        .collect();
    if let Some(path) = &args.pgn {
        std::fs::write(path, texts.concat())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = &args.zip {
        let mut w = Writer::new();
        for (i, t) in texts.iter().enumerate() {
            let data = t.as_bytes();
            w.add(
                &format!("games/{:05}.pgn", i + 1),
                Method::Deflated,
                &files::deflate(data),
                crc32(data),
                data.len() as u64,
            );
        }
        std::fs::write(path, w.finish())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}
