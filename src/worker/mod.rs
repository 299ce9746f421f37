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
//! index*) opens as that index, without games: `["opened", …]` comes once its header is read,
//! and the explorer answers straight from the file while the worker reads the rest a slice
//! per task (`index::Loading`, between the page's questions); a second `["opened", …]` says
//! it is read and checked, or (as a failure) that it is damaged.
//!
//! Zip entries are inflated here with `miniz_oxide`: the browser's `DecompressionStream` costs
//! about half a millisecond an entry, which made a zip of 10,000 files take seconds longer
//! than the same games in one file.

use crate::collection::library::{Indexing, Library, ListFilter, ListQuery};

pub mod analysis;
pub mod book;
pub mod tables;
use crate::collection::index::{self, ReadAt, SavedLayout};
use crate::collection::{is_zip_name, text_of, zip};
use crate::collection::{Collection, Failure};
use crate::engine::transfer;
use js_sys::{Array, Uint32Array, Uint8Array};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// Games (or archive entries) read between two progress messages.
const CHUNK: usize = 250;

/// Collections larger than this (16 MiB of files, about 20,000 games of PGN) are keyed at
/// their games' first [`index::DEPTH`] plies only, indexed as they are read, and their games
/// keep only their openings ([`read_sources`]).
const LARGE_BYTES: f64 = 16.0 * 1024.0 * 1024.0;

/// The bytes of a saved index read in one task: a question waits for at most one slice
/// (about 25 ms).
const READ_SLICE: usize = 4 << 20;

/// Starts answering the page.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let library: Rc<RefCell<Option<Library>>> = Rc::new(RefCell::new(None));
    let reading = read_in_slices(&scope, &library);
    // The files of the collection open (a large one's games are read again from them).
    let opened_sources: RefCell<Option<Array>> = RefCell::new(None);
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
                *opened_sources.borrow_mut() = Some(sources.clone());
                let opened = match saved_index(&sources) {
                    Some(Ok((name, mut opened))) => {
                        *reading.name.borrow_mut() = name.clone();
                        // The rest is read after the first answer (or a moment, if no
                        // question comes), which then waits for no slice; without a
                        // channel, the whole index is read now.
                        reading.started.set(false);
                        let later = reading.kick.as_ref().is_some_and(|kick| {
                            out.set_timeout_with_callback_and_timeout_and_arguments_0(kick, 300)
                                .is_ok()
                        });
                        let read = match later {
                            true => Ok(()),
                            false => opened.read_all(),
                        };
                        match read {
                            Ok(()) => opened,
                            Err(e) => unreadable(name, e),
                        }
                    }
                    Some(Err(failure)) => failed(failure),
                    None => read_sources(&sources, &filter, &|p| post(p)),
                };
                post(opened_answer(&opened));
                *library = Some(opened);
            }
            "save-index" => {
                // The index as `beeline explore --index` reads it (its buffer handed over,
                // not copied), read whole first.
                if let Some(Err(e)) = library.as_mut().map(Library::read_all) {
                    let opened = unreadable(reading.name.borrow().clone(), e);
                    post(opened_answer(&opened));
                    *library = Some(opened);
                }
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
                    .as_mut()
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
                reading.start();
            }
            "game" => {
                let i = msg.get(1).as_f64().unwrap_or(-1.0);
                // A game of a large collection keeps only its opening: its record is read
                // again from the files.
                let link = library.as_ref().filter(|_| i >= 0.0).and_then(|l| {
                    let i = i as usize;
                    l.game_link(i).or_else(|| {
                        let span = l.collection.games.get(i)?.span.clone()?;
                        let files = opened_sources.borrow();
                        let source = files.as_ref()?.get(span.source);
                        let read = |slice| {
                            let text = record_text(&source, &span, slice)?;
                            l.game_link_from(i, &text)
                        };
                        read(true).or_else(|| read(false))
                    })
                });
                if let Some(link) = link {
                    post(answer("game", &[i.into(), link.into()]));
                }
            }
            op => {
                analysis::answer_message(op, &msg);
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

/// What reads a saved index's slices: a message to `port` asks for the next.
struct Reading {
    /// None where the worker cannot open a channel.
    port: Option<web_sys::MessagePort>,
    /// The file's name, for a failure.
    name: Rc<RefCell<String>>,
    /// Whether the slices of the index opened last have been asked for.
    started: Rc<Cell<bool>>,
    /// A function that starts them ([`Reading::start`]), for a timer.
    kick: Option<js_sys::Function>,
}

impl Reading {
    /// Asks for the first slice, unless it was asked for (a second chain of slices would
    /// only read twice as often).
    fn start(&self) {
        start(self.port.as_ref(), &self.started);
    }
}

fn start(port: Option<&web_sys::MessagePort>, started: &Cell<bool>) {
    if let Some(port) = port.filter(|_| !started.replace(true)) {
        let _ = port.post_message(&JsValue::NULL);
    }
}

/// Reads the rest of an opened saved index a slice per task, each task started by a message
/// on a channel of the worker's own (timers would wait 4 ms each after the fifth), so that
/// the page's questions come between two slices.
fn read_in_slices(
    scope: &DedicatedWorkerGlobalScope,
    library: &Rc<RefCell<Option<Library>>>,
) -> Reading {
    let name = Rc::new(RefCell::new(String::new()));
    // Nothing to start until an index is opened.
    let started = Rc::new(Cell::new(true));
    let Ok(channel) = web_sys::MessageChannel::new() else {
        return Reading {
            port: None,
            name,
            started,
            kick: None,
        };
    };
    let (out, lib, file) = (scope.clone(), library.clone(), name.clone());
    let port = channel.port2();
    let next = port.clone();
    let step = Closure::<dyn FnMut(MessageEvent)>::new(move |_: MessageEvent| {
        let mut library = lib.borrow_mut();
        // A collection opened since, or a read finished by `save-index`: nothing to read.
        let Some(l) = library.as_mut().filter(|l| l.read_fraction().is_some()) else {
            return;
        };
        let done = match l.read_more(READ_SLICE) {
            Ok(true) => {
                let _ = next.post_message(&JsValue::NULL);
                return;
            }
            Ok(false) => opened_answer(l),
            Err(e) => {
                let opened = unreadable(file.borrow().clone(), e);
                let done = opened_answer(&opened);
                *l = opened;
                done
            }
        };
        let _ = out.post_message(&done);
    });
    channel
        .port1()
        .set_onmessage(Some(step.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    step.forget();
    let (first, once) = (port.clone(), started.clone());
    let kick = Closure::<dyn FnMut()>::new(move || start(Some(&first), &once));
    let function = kick.as_ref().unchecked_ref::<js_sys::Function>().clone();
    kick.forget();
    Reading {
        port: Some(port),
        name,
        started,
        kick: Some(function),
    }
}

/// The saved index `name` that its whole read found damaged (or could not read), said as
/// an unreadable file.
fn unreadable(name: String, e: index::IndexError) -> Library {
    failed(Failure {
        source: name,
        error: e.to_string(),
    })
}

/// A collection of nothing but `failure`.
fn failed(failure: Failure) -> Library {
    let mut c = Collection::new();
    c.failures.push(failure);
    Library::new(c, &crate::collection::explorer::Filter::default())
}

/// `["opened", games, failures, wasm memory bytes]`.
fn opened_answer(l: &Library) -> Array {
    let games = if l.saved {
        l.index.games()
    } else {
        l.collection.games.len()
    };
    let failures = l.collection.failures.len();
    answer("opened", &[games.into(), failures.into(), memory().into()])
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
/// (`collection::index`), with the file's name: its header read, the rest left to
/// [`Library::read_more`].
fn saved_index(sources: &Array) -> Option<Result<(String, Library), Failure>> {
    if sources.length() != 1 {
        return None;
    }
    let file = sources.get(0).dyn_into::<web_sys::File>().ok()?;
    let (name, size) = (file.name(), file.size() as u64);
    let at = FileAt {
        file,
        reader: web_sys::FileReaderSync::new().ok()?,
    };
    let mut magic = [0u8; 8];
    at.read_at(0, &mut magic).ok()?;
    if &magic != index::MAGIC {
        return None;
    }
    let failed = |error: String| Failure {
        source: name.clone(),
        error,
    };
    if let Err(e) = crate::collection::check_file_size(size) {
        return Some(Err(failed(e)));
    }
    Some(match SavedLayout::read(&at, size) {
        Ok(layout) => Ok((name.clone(), Library::from_file(layout, Box::new(at)))),
        Err(e) => Err(failed(e.to_string())),
    })
}

/// A file read at any offset: each read is a `FileReaderSync` call of its own, about as
/// dear as a megabyte's copy, so an answer reads a run of slots or an item at a time and
/// the whole read a slice ([`READ_SLICE`]) at a time.
struct FileAt {
    file: web_sys::File,
    reader: web_sys::FileReaderSync,
}

impl ReadAt for FileAt {
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let end = at as f64 + buf.len() as f64;
        if end > self.file.size() {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        let unreadable = |_| std::io::Error::other("the browser could not read the file");
        let blob = self
            .file
            .slice_with_f64_and_f64(at as f64, end)
            .map_err(unreadable)?;
        let buffer = self
            .reader
            .read_as_array_buffer(&blob)
            .map_err(unreadable)?;
        let bytes = Uint8Array::new(&buffer);
        if bytes.length() as usize != buf.len() {
            return Err(std::io::ErrorKind::UnexpectedEof.into());
        }
        bytes.copy_to(buf);
        Ok(())
    }
}

/// Reads files (zips entry by entry) and texts into a collection and its explorer index under
/// `filter`, telling the page how far it is every [`CHUNK`] games or entries.
///
/// A large collection is indexed as it is read, at its games' first plies only, and each game
/// then keeps only its opening (`Game::keep_opening`; its span reads it again when it is
/// opened, [`record_text`]): every move and key of a million games would not fit in a tab.
fn read_sources(
    sources: &Array,
    filter: &crate::collection::explorer::Filter,
    post: &dyn Fn(Array),
) -> Library {
    let mut c = Collection::new();
    let bytes: f64 = sources
        .iter()
        .map(|s| match s.dyn_ref::<web_sys::File>() {
            Some(f) => f.size(),
            None => s.as_string().map_or(0, |t| t.len()) as f64,
        })
        .sum();
    let mut indexing = (bytes > LARGE_BYTES).then(|| Indexing::new(filter));
    if indexing.is_some() {
        // Keying is most of the reading.
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
                let mut each = |c: &mut Collection| {
                    if let Some(indexing) = indexing.as_mut() {
                        indexing.take(c, k as u32);
                    }
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
    match indexing {
        Some(indexing) => indexing.finish(c),
        None => Library::new(c, filter),
    }
}

/// The text of the record at `span` among `source` (a file, or a pasted text). With `slice`,
/// the span's bytes alone, where they can be read so: from a file itself, not an archive's
/// entry or a text (a file of UTF-8 has the same bytes in its text); nothing elsewhere.
/// Without, the whole file, archive entry or text read again and its span taken (the span
/// counts in the text, which differs from the bytes where a file is not UTF-8).
fn record_text(source: &JsValue, span: &crate::collection::Span, slice: bool) -> Option<String> {
    let Some(file) = source.dyn_ref::<web_sys::File>() else {
        let whole = source.as_string().filter(|_| !slice)?;
        return whole.get(span.range.clone()).map(str::to_string);
    };
    let reader = web_sys::FileReaderSync::new().ok()?;
    let read = |blob: &web_sys::Blob| {
        let buffer = reader.read_as_array_buffer(blob).ok()?;
        Some(Uint8Array::new(&buffer).to_vec())
    };
    if slice {
        if span.entry.is_some() {
            return None;
        }
        let (start, end) = (span.range.start as f64, span.range.end as f64);
        let bytes = read(&file.slice_with_f64_and_f64(start, end).ok()?)?;
        return Some(text_of(&bytes).into_owned());
    }
    let bytes = read(file)?;
    let data = match span.entry {
        Some(e) => {
            let archive = zip::Archive::parse(&bytes).ok()?;
            let entry = archive.entries().get(e as usize)?;
            archive
                .read(entry, &zip::inflate, zip::entry_limit(false))
                .ok()?
        }
        None => bytes,
    };
    text_of(&data).get(span.range.clone()).map(str::to_string)
}
