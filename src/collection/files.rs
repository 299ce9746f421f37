//! Collections from the disk (feature `cli`): files, folders read recursively, zip
//! archives inflated with `miniz_oxide`.

use super::book::{self, Manifest, Shard};
use super::explorer::Report;
use super::index::Index;
use super::split::{split_tail, Roots};
use super::{is_record_name, is_zip_name, text_of, zip, Collection, Failure, Game};
use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

pub use super::zip::{deflate, inflate};
pub use super::{check_file_size, MAX_FILE};

/// Why a file could not be read.
fn cannot(e: std::io::Error) -> String {
    format!("cannot read it: {e}")
}

/// A file opened for reading, with its size; one larger than [`MAX_FILE`] is refused from
/// its size, before a byte is read, and one that grows past it while being read is cut one
/// byte past it (for the reader's own check to refuse).
fn open(path: &Path) -> Result<(std::io::Take<std::fs::File>, u64), String> {
    let file = std::fs::File::open(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    check_file_size(len)?;
    Ok((file.take(MAX_FILE + 1), len))
}

/// A file's bytes (see [`open`]).
fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    let (mut file, len) = open(path)?;
    let mut bytes = Vec::with_capacity(len as usize);
    file.read_to_end(&mut bytes).map_err(cannot)?;
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
        Err(e) => return fail(failures, cannot(e)),
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
        let read = FileReading {
            source: &source,
            threads,
            key_plies,
            opening_only,
            block: BLOCK,
        };
        if let Err(error) = read.file(file, &new, f) {
            let mut c = new();
            c.failures.push(Failure { source, error });
            f(c);
        }
    }
}

/// Bytes of a text file read at a time. Its games are split and read a block at a time, so
/// that a file of a million games is never held whole: the peak is the index's.
const BLOCK: usize = 4 << 20;

/// How one file's games are read.
struct FileReading<'a> {
    source: &'a str,
    threads: usize,
    key_plies: Option<usize>,
    opening_only: bool,
    /// Bytes read at a time ([`BLOCK`]; tests cut games with small ones).
    block: usize,
}

impl FileReading<'_> {
    /// Reads a file: a zip whole (its directory is at its end), text a block at a time.
    fn file(
        &self,
        path: &Path,
        new: &(dyn Fn() -> Collection + Sync),
        f: &mut dyn FnMut(Collection),
    ) -> Result<(), String> {
        let (mut file, _) = open(path)?;
        let mut pending = Vec::new();
        let eof = fill(&mut file, &mut pending, self.block).map_err(cannot)?;
        if is_zip_name(self.source) || zip::looks_like_zip(&pending) {
            file.read_to_end(&mut pending).map_err(cannot)?;
            check_file_size(pending.len() as u64)?;
            read_zip_in_parts(self.source, &pending, self.threads, new, f);
            return Ok(());
        }
        self.text(&mut file, pending, eof, new, f)
    }

    /// Reads the games of a text, `pending` being its first bytes (all of them if `eof`).
    fn text(
        &self,
        reader: &mut impl Read,
        mut pending: Vec<u8>,
        mut eof: bool,
        new: &(dyn Fn() -> Collection + Sync),
        f: &mut dyn FnMut(Collection),
    ) -> Result<(), String> {
        let mut seen: HashSet<u64> = HashSet::new(); // the SGF roots so far
        let mut line = 1; // the line where `pending` starts
        let mut count = 0; // the games handed over
        let mut read_bytes = pending.len();
        loop {
            check_file_size(read_bytes as u64)?;
            let cut = if eof {
                pending.len()
            } else {
                whole_chars(&pending)
            };
            let text = text_of(&pending[..cut]);
            let split = split_tail(&text, &mut seen);
            let (mut chunks, dropped) = (split.chunks, split.dropped);
            // The last game may go on in the next block: it waits for it, and so does a
            // game written twice after it, which the next block must skip whole.
            let mut held = None;
            if !eof {
                let last = chunks.last().map(|(ch, _)| ch.offset);
                held = match dropped {
                    Some((offset, line)) if last.is_none_or(|l| l < offset) => {
                        Some((offset, line, None))
                    }
                    _ => chunks.pop().map(|(ch, root)| (ch.offset, ch.line, root)),
                };
            }
            let many = count + chunks.len() > 1 || held.is_some();
            if eof && count + chunks.len() == 0 {
                let mut c = new();
                c.add_text(self.source, &text);
                f(c);
            }
            for part in chunks.chunks(PART) {
                let jobs: Vec<(String, &str)> = part
                    .iter()
                    .map(|(ch, _)| {
                        count += 1;
                        let name = if many {
                            format!("{} #{count} (line {})", self.source, line + ch.line - 1)
                        } else {
                            self.source.to_string()
                        };
                        (name, ch.text)
                    })
                    .collect();
                let mut c = new();
                let games = parallel_games(jobs, self.threads, self.key_plies, self.opening_only);
                for (name, game) in games {
                    c.push(name, game);
                }
                f(c);
            }
            if eof {
                return Ok(());
            }
            let mut rest = match held {
                Some((offset, at, root)) => {
                    if let Some(root) = root {
                        seen.forget(root);
                    }
                    line += at - 1;
                    text[offset..].as_bytes().to_vec()
                }
                None => {
                    line += text.matches('\n').count();
                    Vec::new()
                }
            };
            rest.extend_from_slice(&pending[cut..]);
            pending = rest;
            // A game longer than a block doubles the next one, so each byte is split a
            // bounded number of times.
            let want = self.block.max(pending.len());
            let before = pending.len();
            eof = fill(reader, &mut pending, want).map_err(cannot)?;
            read_bytes += pending.len() - before;
        }
    }
}

/// Reads until `buf` has grown by `more` bytes or the reader ends; says whether it ended.
fn fill(reader: &mut impl Read, buf: &mut Vec<u8>, more: usize) -> std::io::Result<bool> {
    let goal = buf.len() + more;
    let got = reader.take(more as u64).read_to_end(buf)?;
    Ok(buf.len() < goal || got == 0)
}

/// The length of `bytes` without a UTF-8 character cut by their end.
fn whole_chars(bytes: &[u8]) -> usize {
    for back in 1..=bytes.len().min(3) {
        let b = bytes[bytes.len() - back];
        if b & 0xC0 != 0x80 {
            // A lead byte (or ASCII): does its character fit?
            let need = match b {
                0xF0.. => 4,
                0xE0.. => 3,
                0xC0.. => 2,
                _ => 1,
            };
            return if need > back {
                bytes.len() - back
            } else {
                bytes.len()
            };
        }
    }
    bytes.len()
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Games of every kind the splitter knows, with names in several scripts, a comment
    /// that spans lines, an SGF game written twice and blank stretches.
    fn mixed_text() -> String {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
        let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_default();
        let mut text = String::new();
        for name in [
            "hivegame.pgn",
            "boardspace_old_twice.sgf",
            "game.uhp",
            "mzinga.pgn",
        ] {
            text.push_str(&read(name));
            text.push_str("\n\n");
        }
        text.push_str("[White \"Zoë 🐝 Ørsted\"]\n[Black \"蜂\"]\n\n1. wS1 {a comment\n[Black \"not a tag\"]\n} 2. bG1 -wS1\n\n\n");
        text.push_str("Base;InProgress;White[2];wA1;bA1 wA1-\n");
        text
    }

    /// The games of a text read a block at a time, as (name, game or error) in order.
    fn streamed(text: &str, block: usize) -> Vec<(String, Result<Game, String>)> {
        let read = FileReading {
            source: "games.pgn",
            threads: 2,
            key_plies: None,
            opening_only: false,
            block,
        };
        let mut reader = std::io::Cursor::new(text.as_bytes().to_vec());
        let mut first = Vec::new();
        let eof = fill(&mut reader, &mut first, block).unwrap_or(true);
        let mut out = Vec::new();
        let mut gather = |c: Collection| {
            out.extend(c.games.into_iter().map(|g| (g.info.source.clone(), Ok(g))));
            out.extend(c.failures.into_iter().map(|e| (e.source, Err(e.error))));
        };
        let result = read.text(&mut reader, first, eof, &Collection::new, &mut gather);
        assert_eq!(result, Ok(()));
        out
    }

    fn whole(text: &str) -> Vec<(String, Result<Game, String>)> {
        let mut c = Collection::new();
        c.add_text("games.pgn", text);
        let mut out: Vec<_> = c
            .games
            .into_iter()
            .map(|mut g| {
                g.span = None;
                (g.info.source.clone(), Ok(g))
            })
            .collect();
        out.extend(c.failures.into_iter().map(|e| (e.source, Err(e.error))));
        out
    }

    #[test]
    fn a_text_read_in_blocks_gives_the_games_of_the_whole_text() {
        let text = mixed_text();
        let expected = whole(&text);
        // The SGF game written twice counts once; all the others load.
        assert!(expected.len() >= 6, "{expected:?}");
        assert!(expected.iter().all(|(_, g)| g.is_ok()), "{expected:?}");
        for block in [1, 2, 3, 5, 7, 64, 999, 1 << 20] {
            let got = streamed(&text, block);
            let names = |v: &[(String, Result<Game, String>)]| {
                v.iter().map(|(n, _)| n.clone()).collect::<Vec<_>>()
            };
            assert_eq!(names(&got), names(&expected), "block {block}");
            assert_eq!(got, expected, "block {block}");
        }
    }

    #[test]
    fn one_game_read_in_blocks_keeps_the_file_name() {
        let text = "[White \"a\"]\n\n1. wS1 2. bS1 wS1-\n";
        for block in [3, 1000] {
            let got = streamed(text, block);
            assert_eq!(got.len(), 1);
            assert_eq!(got[0].0, "games.pgn");
            assert_eq!(got[0].1.as_ref().map(|g| g.moves.len()), Ok(2));
        }
        let blank = streamed("\n \n\n", 2);
        assert_eq!(blank.len(), 1);
        assert!(blank[0].1.is_err());
    }

    #[test]
    fn a_character_cut_by_a_block_is_joined_again() {
        for s in ["a", "é", "蜂", "🐝"] {
            let bytes = s.as_bytes();
            for cut in 1..bytes.len() {
                assert_eq!(whole_chars(&bytes[..cut]), 0, "{s} cut at {cut}");
            }
            assert_eq!(whole_chars(bytes), bytes.len());
            let mut more = b"xy".to_vec();
            more.extend_from_slice(bytes);
            assert_eq!(whole_chars(&more), more.len());
        }
        // Invalid bytes are not held back for ever.
        assert_eq!(whole_chars(&[0x80, 0x80, 0x80, 0x80]), 4);
    }
}
