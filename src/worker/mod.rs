//! The collection worker (feature `worker`, binary `beeline-worker`): reads collections,
//! indexes them for the explorer and answers the page's panels, in a Web Worker of its own.
//! The page's bundle carries none of this code (it loads when a collection is first opened)
//! and the page stays responsive while 10,000 games are read.
//!
//! Messages are arrays, an operation's name first (`app::collection_worker` is the other
//! side):
//!
//! | the page asks | the worker answers |
//! |---|---|
//! | (nothing: the worker has started) | `["ready"]`; the page holds its messages until then |
//! | `["open", [File or text, …], filter]` | `["progress", games, done, total]` as it reads, then `["opened", games, failures, wasm memory bytes]` |
//! | `["list", query]` (`ListQuery::to_text`) | `["list", rows' markup, status, Uint32Array of every game listed]` |
//! | `["book", URL of its folder]` | `["book", the table's caption]`, or `["book", "", why not]` |
//! | `["explore", filter, position]` (`ListFilter::to_text`, `engine::transfer` bytes) | `["explore", tables' markup, summary]`: the collection's and the book's moves |
//! | `["game", index]` | `["game", index, permalink fragment]` |
//! | `["save-index"]` | `["index", the explorer's index as a saved index file's bytes]` |
//!
//! A file opened alone that is a saved index (`beeline explore --save`, or the app's *Save
//! index*) opens as that index, without games: the explorer answers from it.
//!
//! Zip entries are inflated here with `miniz_oxide`: the browser's `DecompressionStream` costs
//! about half a millisecond an entry, which made a zip of 10,000 files take seconds longer
//! than the same games in one file.

use crate::collection::library::{Library, ListFilter, ListQuery};

pub mod analysis;
pub mod book;
pub mod tables;
use crate::collection::index::{self, Index};
use crate::collection::{is_zip_name, text_of, zip};
use crate::collection::{Collection, Failure};
use crate::engine::transfer;
use js_sys::{Array, Uint32Array, Uint8Array};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Games (or archive entries) read between two progress messages.
const CHUNK: usize = 250;

/// Collections larger than this (16 MiB of files, about 20,000 games of PGN) are keyed at
/// their games' first [`index::DEPTH`] plies only (see [`Library::new`]).
const LARGE_BYTES: f64 = 16.0 * 1024.0 * 1024.0;

/// Starts answering the page.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let library: RefCell<Option<Library>> = RefCell::new(None);
    // The book the page named, or why it cannot be read (said with every answer).
    let book: RefCell<Option<Result<book::Book, String>>> = RefCell::new(None);
    let out = scope.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let msg = Array::from(&e.data());
        let text = |i| msg.get(i).as_string().unwrap_or_default();
        let post = |answer: Array| {
            let _ = out.post_message(&answer);
        };
        let mut library = library.borrow_mut();
        match text(0).as_str() {
            "open" => {
                let filter = ListFilter::from_text(&text(2)).explorer;
                let sources = Array::from(&msg.get(1));
                let opened = match saved_index(&sources) {
                    Some(Ok(index)) => Library::from_index(index),
                    Some(Err(failure)) => {
                        let mut c = Collection::new();
                        c.failures.push(failure);
                        Library::new(c, &filter)
                    }
                    None => Library::new(read_sources(&sources, &|p| post(p)), &filter),
                };
                let games = if opened.saved {
                    opened.index.games()
                } else {
                    opened.collection.games.len()
                };
                let failures = opened.collection.failures.len();
                *library = Some(opened);
                post(answer(
                    "opened",
                    &[games.into(), failures.into(), memory().into()],
                ));
            }
            "save-index" => {
                // The index as `beeline explore --index` reads it (its buffer handed over,
                // not copied).
                if let Some(l) = library.as_ref() {
                    let bytes = Uint8Array::from(&l.index.save()[..]);
                    let _ = out.post_message_with_transfer(
                        &answer("index", &[bytes.clone().into()]),
                        &Array::of1(&bytes.buffer()),
                    );
                }
            }
            // Every question is answered, with nothing when no collection is open, so that
            // the page never waits for an answer that will not come.
            "list" => {
                let listing = library
                    .as_ref()
                    .map(|l| tables::listing(l, &ListQuery::from_text(&text(1))))
                    .unwrap_or_default();
                post(answer(
                    "list",
                    &[
                        listing.markup.into(),
                        listing.status.into(),
                        Uint32Array::from(&listing.rows[..]).into(),
                    ],
                ));
            }
            "book" => {
                let opened = book::Book::open(&text(1));
                let values = match &opened {
                    Ok(b) => vec![b.name().into()],
                    Err(e) => vec!["".into(), e.into()],
                };
                *book.borrow_mut() = Some(opened);
                post(answer("book", &values));
            }
            "explore" => {
                let filter = ListFilter::from_text(&text(1)).explorer;
                let bytes = Uint8Array::new(&msg.get(2)).to_vec();
                let (markup, summary) = match transfer::decode(&bytes) {
                    Ok(pos) => explore(library.as_mut(), book.borrow_mut().as_mut(), &filter, &pos),
                    Err(e) => (
                        String::new(),
                        format!("The explorer cannot read the position: {e}."),
                    ),
                };
                post(answer("explore", &[markup.into(), summary.into()]));
            }
            "game" => {
                let i = msg.get(1).as_f64().unwrap_or(-1.0);
                let link = library
                    .as_ref()
                    .filter(|_| i >= 0.0)
                    .and_then(|l| l.game_link(i as usize));
                if let Some(link) = link {
                    post(answer("game", &[i.into(), link.into()]));
                }
            }
            op => {
                analysis::answer_message(op, &msg, &post);
            }
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    // Messages that came while the module loaded were dropped: the page holds them until now.
    let _ = scope.post_message(&answer("ready", &[]));
}

/// The explorer's tables and summary for a position: the open collection's, then the
/// book's (nothing when neither is open).
fn explore(
    library: Option<&mut Library>,
    book: Option<&mut Result<book::Book, String>>,
    filter: &crate::collection::explorer::Filter,
    pos: &crate::engine::position::Position,
) -> (String, String) {
    let collection = library.map(|l| tables::explore(l, filter, pos));
    let from_book = book.map(|b| match b {
        Ok(b) => (b.name(), b.explore(pos)),
        Err(e) => (String::new(), Err(e.clone())),
    });
    let mut summary = collection.as_ref().map(|c| c.1.clone()).unwrap_or_default();
    let mut rows = None;
    if let Some((name, answer)) = &from_book {
        let said = match answer {
            Ok((markup, text)) => {
                rows = Some((name.as_str(), markup.as_str()));
                text.clone()
            }
            Err(e) => format!("The book cannot answer: {e}."),
        };
        if !summary.is_empty() {
            summary.push(' ');
        }
        summary.push_str(&said);
    }
    let markup = tables::explorer_tables(collection.as_ref().map(|c| c.0.as_str()), rows);
    (markup, summary)
}

fn answer(op: &str, values: &[JsValue]) -> Array {
    let a = Array::new();
    a.push(&op.into());
    for v in values {
        a.push(v);
    }
    a
}

/// The bytes of the worker's wasm memory.
fn memory() -> f64 {
    wasm_bindgen::memory()
        .dyn_into::<js_sys::WebAssembly::Memory>()
        .map(|m| {
            m.buffer()
                .unchecked_into::<js_sys::ArrayBuffer>()
                .byte_length() as f64
        })
        .unwrap_or(0.0)
}

/// The saved explorer index among `sources`, when they are one file that starts as one
/// (`collection::index`): read [`SLICE`] bytes at a time, never whole beside its copy.
fn saved_index(sources: &Array) -> Option<Result<Index, Failure>> {
    if sources.length() != 1 {
        return None;
    }
    let file = sources.get(0).dyn_into::<web_sys::File>().ok()?;
    let reader = web_sys::FileReaderSync::new().ok()?;
    let mut slices = FileSlices {
        file: &file,
        reader: &reader,
        at: 0.0,
    };
    let mut magic = [0u8; 8];
    std::io::Read::read_exact(&mut slices, &mut magic).ok()?;
    if &magic != index::MAGIC {
        return None;
    }
    let failed = |error: String| Failure {
        source: file.name(),
        error,
    };
    if let Err(e) = crate::collection::check_file_size(file.size() as u64) {
        return Some(Err(failed(e)));
    }
    let slices = FileSlices {
        file: &file,
        reader: &reader,
        at: 0.0,
    };
    let mut read = std::io::BufReader::with_capacity(SLICE, slices);
    Some(Index::read_from(&mut read, file.size() as u64).map_err(|e| failed(e.to_string())))
}

/// The bytes read from a file at once: each read is a `FileReaderSync` call of its own,
/// which costs about as much as a megabyte's copy.
const SLICE: usize = 16 << 20;

/// A file read in slices, as `std::io::Read`.
struct FileSlices<'a> {
    file: &'a web_sys::File,
    reader: &'a web_sys::FileReaderSync,
    at: f64,
}

impl std::io::Read for FileSlices<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let end = (self.at + buf.len().min(SLICE) as f64).min(self.file.size());
        if end <= self.at {
            return Ok(0);
        }
        let unreadable = |_| std::io::Error::other("the browser could not read the file");
        let blob = self
            .file
            .slice_with_f64_and_f64(self.at, end)
            .map_err(unreadable)?;
        let buffer = self
            .reader
            .read_as_array_buffer(&blob)
            .map_err(unreadable)?;
        let bytes = Uint8Array::new(&buffer);
        let n = (bytes.length() as usize).min(buf.len());
        bytes.subarray(0, n as u32).copy_to(&mut buf[..n]);
        self.at += n as f64;
        Ok(n)
    }
}

/// Reads files (zips entry by entry) and texts into a collection, telling the page how far
/// it is every [`CHUNK`] games or entries.
fn read_sources(sources: &Array, post: &dyn Fn(Array)) -> Collection {
    let mut c = Collection::new();
    // A large collection is keyed, and so indexed, at its games' first plies only: the
    // keys of every ply of an archive would not fit, and keying is most of the reading.
    let bytes: f64 = sources
        .iter()
        .map(|s| match s.dyn_ref::<web_sys::File>() {
            Some(f) => f.size(),
            None => s.as_string().map_or(0, |t| t.len()) as f64,
        })
        .sum();
    if bytes > LARGE_BYTES {
        c.key_plies = Some(index::DEPTH);
    }
    let total = sources.length() as usize;
    let reader = web_sys::FileReaderSync::new().ok();
    let progress = |c: &Collection, done: usize| {
        post(answer(
            "progress",
            &[c.games.len().into(), done.into(), total.into()],
        ));
    };
    for (k, source) in sources.iter().enumerate() {
        let (name, bytes) = match source.dyn_ref::<web_sys::File>() {
            Some(f) => {
                // A file too large is refused from its size, before any of it is read.
                let bytes = crate::collection::check_file_size(f.size() as u64).and_then(|()| {
                    reader
                        .as_ref()
                        .and_then(|r| r.read_as_array_buffer(f).ok())
                        .map(|b| Uint8Array::new(&b).to_vec())
                        .ok_or_else(|| "the browser could not read the file".to_string())
                });
                (f.name(), bytes)
            }
            None => (
                "pasted text".to_string(),
                Ok(source.as_string().unwrap_or_default().into_bytes()),
            ),
        };
        match bytes {
            Err(error) => c.failures.push(Failure {
                source: name,
                error,
            }),
            Ok(bytes) => {
                let mut read = 0;
                let mut each = |c: &Collection| {
                    read += 1;
                    if read % CHUNK == 0 {
                        progress(c, k);
                    }
                };
                if zip::looks_like_zip(&bytes) || is_zip_name(&name) {
                    c.add_zip_with(&name, &bytes, &zip::inflate, &mut each);
                } else {
                    c.add_text_with(&name, &text_of(&bytes), &mut each);
                }
            }
        }
        progress(&c, k + 1);
    }
    c
}
