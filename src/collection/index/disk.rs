//! The index and the disk (feature `cli`): record files read into an [`Index`] one part at
//! a time, and saved index files opened, each refused when it was built under a filter other
//! than the one asked for.

use super::{Index, IndexError, SavedLayout, Scratch};
use crate::collection::explorer::Filter;
use crate::collection::{files, Collection, Failure};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// Why an index could not be had from the disk; each names the path it concerns.
#[derive(Debug, Error)]
pub enum DiskIndexError {
    /// The file cannot be opened or its size read.
    #[error("{}: cannot read it: {source}", path.display())]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    /// The file is not a whole, sound saved index.
    #[error("{}: {source}", path.display())]
    Index { path: PathBuf, source: IndexError },
    /// The index (or book) was built under another filter: filters apply when it is built.
    #[error(
        "{}: this index holds {holds}; filters apply when an index is built (--save, book)",
        path.display()
    )]
    OtherFilter {
        path: PathBuf,
        /// What the index holds, in [`Filter::describe`]'s words (`every game` for none).
        holds: String,
    },
    /// Every file given failed and not one game was read.
    #[error("no game could be read")]
    NoGame,
}

/// A game read only up to a move that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadInPart {
    pub source: String,
    /// The plies read before it.
    pub plies: usize,
    pub error: String,
}

impl std::fmt::Display for ReadInPart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: read up to move {} ({})",
            self.source, self.plies, self.error
        )
    }
}

/// Record files read into an index, with what could not be read: the caller tells of it.
#[derive(Debug)]
pub struct Indexed {
    pub index: Index,
    /// Games read, the filter's refusals among them.
    pub games: usize,
    /// Files and archive entries that gave no game.
    pub failures: Vec<Failure>,
    /// Games read only in part (indexed as far as they were read).
    pub in_part: Vec<ReadInPart>,
    /// Files in folders and archives passed over for not being records.
    pub skipped: usize,
}

impl Indexed {
    /// The index, unless files were given and not one game could be read from them.
    pub fn into_index(self) -> Result<Index, DiskIndexError> {
        if self.games == 0 && !self.failures.is_empty() {
            return Err(DiskIndexError::NoGame);
        }
        Ok(self.index)
    }
}

/// Reads the games of `files` (files, folders, zip archives) into an index of their first
/// `depth` plies, one part at a time over `threads` threads (default: the machine's cores):
/// the games are not kept. With `check_all` every move of every game is played under the
/// rules; otherwise only the indexed plies of a record that states its result are.
pub fn index_files(
    files: &[PathBuf],
    filter: &Filter,
    depth: usize,
    check_all: bool,
    threads: Option<usize>,
) -> Indexed {
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let mut read = Indexed {
        index: Index::new(depth, filter),
        games: 0,
        failures: Vec::new(),
        in_part: Vec::new(),
        skipped: 0,
    };
    let mut scratch = Scratch::default();
    let mut each = |part: Collection| {
        for g in &part.games {
            if let Some(e) = &g.info.error {
                read.in_part.push(ReadInPart {
                    source: g.info.source.clone(),
                    plies: g.info.plies,
                    error: e.clone(),
                });
            }
            if filter.accepts(&g.info) {
                read.index.add(g, read.games, &mut scratch);
            }
            read.games += 1;
        }
        read.failures.extend(part.failures);
        read.skipped += part.skipped.len();
        // The part's games are dropped here, once indexed.
    };
    if check_all {
        files::read_paths_keyed(files, threads, Some(depth), &mut each);
    } else {
        files::read_paths_opening(files, threads, depth, &mut each);
    }
    read
}

/// Opens an index saved with [`Index::write_to`], read a slice at a time (no copy of the
/// file beside the index); one built under another filter is refused ([`check_filter`]).
pub fn open_index(path: &Path, filter: &Filter) -> Result<Index, DiskIndexError> {
    let (file, layout) = open_layout(path, filter)?;
    Index::read_rest(layout, &file).map_err(|source| DiskIndexError::Index {
        path: path.to_path_buf(),
        source,
    })
}

/// A saved index's file and its header, refused before the rest is read when it was built
/// under another filter.
pub fn open_layout(
    path: &Path,
    filter: &Filter,
) -> Result<(std::fs::File, SavedLayout), DiskIndexError> {
    let cannot = |source| DiskIndexError::Unreadable {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    let layout = SavedLayout::read(&file, len).map_err(|source| DiskIndexError::Index {
        path: path.to_path_buf(),
        source,
    })?;
    check_filter(path, filter, layout.head().filter())?;
    Ok((file, layout))
}

/// Filters apply when an index or a book is built (`built`, in [`Filter::describe`]'s
/// words): asking one at `path` for others is refused, naming what it holds. No filter
/// asks for whatever it holds.
pub fn check_filter(path: &Path, filter: &Filter, built: &str) -> Result<(), DiskIndexError> {
    let asked = filter.describe();
    if asked.is_empty() || asked == built {
        return Ok(());
    }
    let holds = if built.is_empty() {
        "every game"
    } else {
        built
    };
    Err(DiskIndexError::OtherFilter {
        path: path.to_path_buf(),
        holds: holds.to_string(),
    })
}
