//! The arguments `explore` and `book` share, which pick the games indexed and how they are
//! read, and the reading of record files into an index with its failures told.

use beeline::collection::explorer::Filter;
use beeline::collection::index::disk::{self, Indexed};
use beeline::collection::index::Index;
use beeline::engine::piece::GameType;
use std::path::PathBuf;

/// The games indexed and how they are read (their help is `explore`'s; `book` words some
/// of it otherwise). `--depth` is each command's own: `explore` shows it before `--line`
/// and `--json`, which come before these in its help.
#[derive(clap::Args)]
pub struct IndexArgs {
    /// Only games of this game type (`Base+MLP`).
    #[arg(long)]
    pub game_type: Option<GameType>,
    /// Only games of at least this many plies.
    #[arg(long, default_value_t = 0)]
    pub min_plies: usize,
    /// Only games where either player's name contains this (case-insensitive).
    #[arg(long)]
    pub player: Option<String>,
    /// Play every move of every game under the rules (slower): by default only the
    /// indexed plies of a record that states its result are played, the later moves
    /// counted and checked for form, so a rule broken after the depth goes untold.
    #[arg(long)]
    pub check_all: bool,
    /// Threads reading the games (default: the machine's cores).
    #[arg(long, hide = true)]
    pub threads: Option<usize>,
}

impl IndexArgs {
    /// The games asked for.
    pub fn filter(&self) -> Filter {
        Filter {
            game_type: self.game_type,
            min_plies: self.min_plies,
            player: self.player.clone(),
        }
    }

    /// Reads the games of `files` into an index of their first `depth` plies, telling the
    /// failures and the games read in part on standard error.
    pub fn index_files(&self, files: &[PathBuf], depth: usize) -> Result<Index, String> {
        let read = disk::index_files(files, &self.filter(), depth, self.check_all, self.threads);
        tell(&read);
        read.into_index().map_err(|e| e.to_string())
    }
}

fn tell(read: &Indexed) {
    for f in &read.failures {
        eprintln!("beeline: {}: {}", f.source, f.error);
    }
    for n in &read.in_part {
        eprintln!("beeline: note: {n}");
    }
    if !read.failures.is_empty() || read.skipped > 0 || !read.in_part.is_empty() {
        eprintln!(
            "beeline: {} games read, {} unreadable, {} read in part, {} other files skipped",
            read.games,
            read.failures.len(),
            read.in_part.len(),
            read.skipped,
        );
    }
}
