//! Collections from the disk (feature `cli`): files, folders read recursively, zip
//! archives inflated with `miniz_oxide`.

use super::book::{self, Manifest, Shard};
use super::explorer::Report;
use super::index::Index;
use super::{is_record_name, is_zip_name, text_of, zip, Collection, Failure, Game};
use std::io::Read;
use std::path::{Path, PathBuf};

pub use super::zip::{deflate, inflate};
pub use super::{check_file_size, MAX_FILE};

/// A file's bytes; a file larger than [`MAX_FILE`] is refused from its size, before a byte is
/// read (and one that grows past it while being read, once it has).
fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    let cannot = |e: std::io::Error| format!("cannot read it: {e}");
    let file = std::fs::File::open(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    check_file_size(len)?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.take(MAX_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(cannot)?;
    check_file_size(bytes.len() as u64)?;
    Ok(bytes)
}

/// One file's games, read without touching a collection: the unit of work the command
/// line spreads over threads. A zip archive (by its name or its first bytes) is read
/// entry by entry; any other file as text.
pub fn read_path(path: &Path) -> Collection {
    let mut c = Collection::new();
    let source = path.display().to_string();
    match read_file(path) {
        Err(error) => c.failures.push(Failure { source, error }),
        Ok(bytes) if is_zip_name(&source) || zip::looks_like_zip(&bytes) => {
            c.add_zip(&source, &bytes, &inflate)
        }
        Ok(bytes) => {
            c.add_text(&source, &text_of(&bytes));
        }
    }
    c
}

/// The files a list of paths stands for: files as given (any name), folders walked
/// recursively for record files and zips (sorted, so the order is the same every time).
/// Paths that do not exist or cannot be listed are failures; files of other kinds in
/// folders are skipped.
pub fn expand(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<Failure>, Vec<String>) {
    let mut files = Vec::new();
    let mut failures = Vec::new();
    let mut skipped = Vec::new();
    for p in paths {
        walk(p, true, &mut files, &mut failures, &mut skipped, 0);
    }
    (files, failures, skipped)
}

fn walk(
    p: &Path,
    given: bool,
    files: &mut Vec<PathBuf>,
    failures: &mut Vec<Failure>,
    skipped: &mut Vec<String>,
    depth: usize,
) {
    let fail = |failures: &mut Vec<Failure>, error: String| {
        failures.push(Failure {
            source: p.display().to_string(),
            error,
        })
    };
    let meta = match std::fs::metadata(p) {
        Ok(m) => m,
        Err(e) => return fail(failures, format!("cannot read it: {e}")),
    };
    if meta.is_dir() {
        if depth > 64 {
            return fail(failures, "folders nested too deep".into());
        }
        let mut children: Vec<PathBuf> = match std::fs::read_dir(p) {
            Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
            Err(e) => return fail(failures, format!("cannot list it: {e}")),
        };
        children.sort();
        for c in children {
            walk(&c, false, files, failures, skipped, depth + 1);
        }
    } else {
        let name = p.display().to_string();
        if given || is_record_name(&name) || is_zip_name(&name) {
            files.push(p.to_path_buf());
        } else {
            skipped.push(name);
        }
    }
}

/// Reads every file of `paths` (see [`expand`]) into one collection, in order, over up
/// to `threads` threads.
pub fn read_paths(paths: &[PathBuf], threads: usize) -> Collection {
    let mut out = Collection::new();
    read_paths_in_parts(paths, threads, &mut |part| {
        out.games.extend(part.games);
        out.failures.extend(part.failures);
        out.skipped.extend(part.skipped);
    });
    out
}

/// Games handed over at a time by [`read_paths_in_parts`].
pub const PART: usize = 4096;

/// Reads every file of `paths` as [`read_paths`] does, handing the games over in order, in
/// parts of at most [`PART`] games or archive entries (with the failures and skipped files
/// among them) as they are read: a caller that keeps only an index of them holds one part
/// at a time, not the collection. A big file of many games is split across the threads,
/// and so are a zip's entries.
pub fn read_paths_in_parts(paths: &[PathBuf], threads: usize, f: &mut dyn FnMut(Collection)) {
    read_paths_keyed(paths, threads, None, f);
}

/// [`read_paths_in_parts`], keying only the positions of each game's first `key_plies`
/// plies when given ([`super::read_game_keyed`]): for an index of no more.
pub fn read_paths_keyed(
    paths: &[PathBuf],
    threads: usize,
    key_plies: Option<usize>,
    f: &mut dyn FnMut(Collection),
) {
    read_paths_with(paths, threads, key_plies, false, f);
}

/// [`read_paths_keyed`] playing only the keyed plies of records that state their result
/// ([`super::read_game_opening`]): for an index of the first `plies` plies.
pub fn read_paths_opening(
    paths: &[PathBuf],
    threads: usize,
    plies: usize,
    f: &mut dyn FnMut(Collection),
) {
    read_paths_with(paths, threads, Some(plies), true, f);
}

/// Parts read ahead of the caller: it handles one while the next are read.
const AHEAD: usize = 2;

fn read_paths_with(
    paths: &[PathBuf],
    threads: usize,
    key_plies: Option<usize>,
    opening_only: bool,
    f: &mut dyn FnMut(Collection),
) {
    let threads = threads.max(1);
    if threads == 1 {
        return read_parts(paths, 1, key_plies, opening_only, f);
    }
    // The caller's work on a part (indexing it) overlaps the reading of the next: one
    // reading thread hands the parts over in order.
    let (tx, rx) = std::sync::mpsc::sync_channel(AHEAD);
    std::thread::scope(|s| {
        s.spawn(move || {
            read_parts(paths, threads, key_plies, opening_only, &mut |part| {
                // The receiver leaves only when the reading is over.
                let _ = tx.send(part);
            })
        });
        for part in rx {
            f(part);
        }
    });
}

fn read_parts(
    paths: &[PathBuf],
    threads: usize,
    key_plies: Option<usize>,
    opening_only: bool,
    f: &mut dyn FnMut(Collection),
) {
    let new = || Collection {
        key_plies,
        opening_only,
        ..Collection::default()
    };
    let (files, failures, skipped) = expand(paths);
    f(Collection {
        failures,
        skipped,
        ..Collection::default()
    });
    for file in &files {
        let source = file.display().to_string();
        let bytes = match read_file(file) {
            Ok(b) => b,
            Err(error) => {
                let mut c = new();
                c.failures.push(Failure { source, error });
                f(c);
                continue;
            }
        };
        if is_zip_name(&source) || zip::looks_like_zip(&bytes) {
            read_zip_in_parts(&source, &bytes, threads, &new, f);
            continue;
        }
        let text = text_of(&bytes);
        let chunks = super::split::split_records(&text);
        if chunks.is_empty() {
            let mut c = new();
            c.add_text(&source, &text);
            f(c);
            continue;
        }
        let many = chunks.len() > 1;
        for (p, part) in chunks.chunks(PART).enumerate() {
            let jobs: Vec<(String, &str)> = part
                .iter()
                .enumerate()
                .map(|(i, ch)| {
                    let name = if many {
                        format!("{source} #{} (line {})", p * PART + i + 1, ch.line)
                    } else {
                        source.clone()
                    };
                    (name, ch.text)
                })
                .collect();
            let mut c = new();
            for (name, game) in parallel_games(jobs, threads, key_plies, opening_only) {
                c.push(name, game);
            }
            f(c);
        }
    }
}

/// A zip's entries read on `threads` threads (inflating included), in the archive's order,
/// [`PART`] entries at a time.
fn read_zip_in_parts(
    source: &str,
    bytes: &[u8],
    threads: usize,
    new: &(dyn Fn() -> Collection + Sync),
    f: &mut dyn FnMut(Collection),
) {
    let archive = match zip::Archive::parse(bytes) {
        Ok(a) => a,
        Err(e) => {
            let mut c = new();
            c.failures.push(Failure {
                source: source.to_string(),
                error: e.to_string(),
            });
            f(c);
            return;
        }
    };
    for batch in archive.entries().chunks(PART) {
        let parts = split_evenly(batch.len(), threads);
        let results: Vec<Collection> = std::thread::scope(|s| {
            let handles: Vec<_> = parts
                .iter()
                .map(|&(lo, hi)| {
                    let archive = &archive;
                    s.spawn(move || {
                        let mut part = new();
                        for entry in &batch[lo..hi] {
                            read_entry(&mut part, source, archive, entry);
                        }
                        part
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        let mut c = new();
        for part in results {
            c.games.extend(part.games);
            c.failures.extend(part.failures);
            c.skipped.extend(part.skipped);
        }
        f(c);
    }
}

fn read_entry(c: &mut Collection, source: &str, archive: &zip::Archive, entry: &zip::ZipEntry) {
    if entry.is_dir() {
        return;
    }
    let name = format!("{source}/{}", entry.name);
    let nested = is_zip_name(&entry.name);
    if !nested && !is_record_name(&entry.name) {
        c.skipped.push(name);
        return;
    }
    match archive.read(entry, &inflate, zip::entry_limit(nested)) {
        Ok(data) if nested => c.add_zip_at(&name, &data, &inflate, 1, &mut |_| {}),
        Ok(data) => {
            c.add_text(&name, &text_of(&data));
        }
        Err(e) => c.failures.push(Failure {
            source: name,
            error: e.to_string(),
        }),
    }
}

fn split_evenly(n: usize, parts: usize) -> Vec<(usize, usize)> {
    let parts = parts.clamp(1, n.max(1));
    (0..parts)
        .map(|i| (n * i / parts, n * (i + 1) / parts))
        .collect()
}

/// Reads games on `threads` threads, keeping their order.
fn parallel_games(
    jobs: Vec<(String, &str)>,
    threads: usize,
    key_plies: Option<usize>,
    opening_only: bool,
) -> Vec<(String, Result<Game, String>)> {
    let read = |name: &str, text: &str| super::read_game_with(name, text, key_plies, opening_only);
    if jobs.len() < 64 || threads == 1 {
        return jobs
            .into_iter()
            .map(|(name, text)| {
                let g = read(&name, text);
                (name, g)
            })
            .collect();
    }
    let parts = split_evenly(jobs.len(), threads);
    let jobs = &jobs;
    std::thread::scope(|s| {
        let handles: Vec<_> = parts
            .iter()
            .map(|&(lo, hi)| {
                s.spawn(move || {
                    jobs[lo..hi]
                        .iter()
                        .map(|(name, text)| (name.clone(), read(name, text)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| {
                h.join()
                    .unwrap_or_else(|_| vec![("?".into(), Err("a reader thread failed".into()))])
            })
            .collect()
    })
}

/// Writes an index as a book in `dir` (see [`book::write`]), creating its folders.
pub fn write_book(index: &Index, dir: &Path) -> Result<Manifest, String> {
    book::write(index, &mut |name, bytes| {
        let path = dir.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .map_err(|e| format!("cannot create {}: {e}", parent.display()))?;
        }
        std::fs::write(&path, bytes).map_err(|e| format!("cannot write {}: {e}", path.display()))
    })
}

/// A book on the disk, read a shard at a time.
#[derive(Clone, Debug)]
pub struct BookDir {
    pub dir: PathBuf,
    pub manifest: Manifest,
}

impl BookDir {
    /// Reads the book's `book.txt`.
    pub fn open(dir: &Path) -> Result<BookDir, String> {
        let path = dir.join("book.txt");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("{}: cannot read it: {e}", path.display()))?;
        let manifest = Manifest::parse(&text).map_err(|e| format!("{}: {e}", dir.display()))?;
        Ok(BookDir {
            dir: dir.to_path_buf(),
            manifest,
        })
    }

    /// The book's report on `pos`, from the one shard of its key.
    pub fn explore(&self, pos: &crate::engine::position::Position) -> Result<Report, String> {
        let path = self.dir.join(book::shard_of(pos, self.manifest.digits));
        let bytes =
            std::fs::read(&path).map_err(|e| format!("{}: cannot read it: {e}", path.display()))?;
        let shard = Shard::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(shard.report(&self.manifest, pos))
    }
}
