//! The collection worker (feature `worker`, binary `beeline-worker`): reads collections,
//! indexes them for the explorer and answers the page's panels, in a Web Worker of its own.
//! The page's bundle carries none of this code (it loads when a collection is first opened)
//! and the page stays responsive while 10,000 games are read.
//!
//! It answers the requests of `protocol::collection_messages` (and, in a worker started for
//! the analysis, those of `protocol::analysis_messages`, in [`analysis_jobs`]); the page's
//! side is `app::collection::link`.
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

pub mod analysis_jobs;
pub mod book;
pub mod insights;
pub mod tables;
use crate::collection::index::{self, ReadAt, SavedLayout};
use crate::collection::{is_zip_name, text_of, zip};
use crate::collection::{Collection, Failure};
use crate::engine::transfer;
use crate::protocol::collection_messages::{CollectionAnswer, CollectionRequest};
use crate::protocol::{self, envelope, Message};
use js_sys::{Array, Uint8Array};
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

/// The collection reader's state between two requests.
struct CollectionReader {
    scope: DedicatedWorkerGlobalScope,
    library: Rc<RefCell<Option<Library>>>,
    reading: SliceReading,
    /// The files of the collection open (a large one's games are read again from them).
    sources: Option<Array>,
    /// The book the page named, or why it cannot be read (said with every answer).
    book: Option<Result<book::Book, String>>,
}

/// Starts answering the page.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let library: Rc<RefCell<Option<Library>>> = Rc::new(RefCell::new(None));
    let reading = read_in_slices(&scope, &library);
    let mut reader = CollectionReader {
        scope: scope.clone(),
        library,
        reading,
        sources: None,
        book: None,
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let Some((bytes, attachments)) = envelope::unpack(&e.data()) else {
            return;
        };
        match protocol::channel_of(&bytes) {
            // A request that cannot be read comes from a page of another build: nothing it
            // could wait for can be answered.
            Some(CollectionRequest::CHANNEL) => {
                if let Ok(request) = CollectionRequest::decode(&bytes) {
                    reader.answer(request, &attachments);
                }
            }
            _ => analysis_jobs::answer_request(&bytes),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    // Messages that came while the module loaded were dropped: the page holds them until now.
    let _ = scope.post_message(&envelope::ready());
}

/// Sends an answer to the page.
fn post(scope: &DedicatedWorkerGlobalScope, answer: &CollectionAnswer) {
    let _ = scope.post_message(&envelope::pack(&answer.encode(), &[]));
}

impl CollectionReader {
    fn post(&self, answer: &CollectionAnswer) {
        post(&self.scope, answer);
    }

    fn answer(&mut self, request: CollectionRequest, attachments: &Array) {
        match request {
            CollectionRequest::Open { filter } => self.open(attachments, &filter),
            CollectionRequest::SaveIndex => self.save_index(),
            // Every question is answered, with nothing when no collection is open, so that
            // the page never waits for an answer that will not come.
            CollectionRequest::List { query } => {
                let listing = self
                    .library
                    .borrow_mut()
                    .as_mut()
                    .map(|l| tables::listing(l, &ListQuery::from_text(&query)))
                    .unwrap_or_default();
                self.post(&CollectionAnswer::List {
                    markup: listing.markup,
                    status: listing.status,
                    rows: listing.rows,
                });
            }
            CollectionRequest::Book { url } => {
                let opened = book::Book::open(&url);
                let caption = match &opened {
                    Ok(b) => Ok(b.name()),
                    Err(e) => Err(e.clone()),
                };
                self.book = Some(opened);
                self.post(&CollectionAnswer::Book { caption });
            }
            CollectionRequest::Explore { filter, position } => {
                let filter = ListFilter::from_text(&filter).explorer;
                let (markup, summary) = match transfer::decode(&position) {
                    Ok(pos) => explore(
                        self.library.borrow_mut().as_mut(),
                        self.book.as_mut(),
                        &filter,
                        &pos,
                    ),
                    Err(e) => (
                        String::new(),
                        format!("The explorer cannot read the position: {e}."),
                    ),
                };
                self.post(&CollectionAnswer::Explore { markup, summary });
                self.reading.start();
            }
            CollectionRequest::Game { index } => {
                if let Some(fragment) = self.game_link(index as usize) {
                    self.post(&CollectionAnswer::Game { index, fragment });
                }
            }
            CollectionRequest::Games { indices } => {
                let fragments = indices
                    .iter()
                    .filter_map(|&i| self.game_link(i as usize))
                    .collect();
                self.post(&CollectionAnswer::Games { fragments });
            }
            CollectionRequest::Players => {
                let answer = insights::players(self.library.borrow().as_ref());
                self.post(&answer);
            }
            CollectionRequest::PlayerGames { player } => {
                let answer =
                    insights::player_games(self.library.borrow().as_ref(), &player, &|i| {
                        self.whole_game(i)
                    });
                self.post(&answer);
            }
        }
    }

    /// Opens files and texts (or a saved index) as the collection.
    fn open(&mut self, sources: &Array, filter: &str) {
        let filter = ListFilter::from_text(filter).explorer;
        // The collection open is dropped first: a wasm memory never shrinks, and the two
        // together would set its size for the rest of the session (a soak test's 5,000
        // games took 37 MB for the first, 70 MB from the second on).
        *self.library.borrow_mut() = None;
        self.sources = Some(sources.clone());
        let reading = &self.reading;
        let opened = match saved_index(sources) {
            Some(Ok((name, mut opened))) => {
                *reading.name.borrow_mut() = name.clone();
                // The rest is read after the first answer (or a moment, if no question
                // comes), which then waits for no slice; without a channel, the whole index
                // is read now.
                reading.started.set(false);
                let later = reading.kick.as_ref().is_some_and(|kick| {
                    self.scope
                        .set_timeout_with_callback_and_timeout_and_arguments_0(kick, 300)
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
            None => read_sources(sources, &filter, &|p| self.post(&p)),
        };
        self.post(&opened_answer(&opened));
        *self.library.borrow_mut() = Some(opened);
    }

    /// The index as `beeline explore --index` reads it (its buffer handed over, not
    /// copied), read whole first.
    fn save_index(&mut self) {
        let mut library = self.library.borrow_mut();
        if let Some(Err(e)) = library.as_mut().map(Library::read_all) {
            let opened = unreadable(self.reading.name.borrow().clone(), e);
            self.post(&opened_answer(&opened));
            *library = Some(opened);
        }
        if let Some(l) = library.as_ref() {
            let bytes = Uint8Array::from(&l.index.save()[..]);
            let _ = self.scope.post_message_with_transfer(
                &envelope::pack(&CollectionAnswer::Index.encode(), &[bytes.clone().into()]),
                &Array::of1(&bytes.buffer()),
            );
        }
    }

    /// A game with every move: a game of a large collection keeps only its opening, and its
    /// record is read again from the files (and must read as the same game).
    fn whole_game(&self, i: usize) -> Option<crate::collection::Game> {
        let library = self.library.borrow();
        let g = library.as_ref()?.collection.games.get(i)?;
        if g.is_whole() {
            return Some(g.clone());
        }
        let span = g.span.clone()?;
        let source = self.sources.as_ref()?.get(span.source);
        let read = |slice| {
            let text = record_text(&source, &span, slice)?;
            let again = crate::collection::read_game(&g.info.source, &text).ok()?;
            (again.info == g.info).then_some(again)
        };
        read(true).or_else(|| read(false))
    }

    /// A game's permalink fragment. A game of a large collection keeps only its opening: its
    /// record is read again from the files.
    fn game_link(&self, i: usize) -> Option<String> {
        let library = self.library.borrow();
        let l = library.as_ref()?;
        l.game_link(i).or_else(|| {
            let span = l.collection.games.get(i)?.span.clone()?;
            let source = self.sources.as_ref()?.get(span.source);
            let read = |slice| {
                let text = record_text(&source, &span, slice)?;
                l.game_link_from(i, &text)
            };
            read(true).or_else(|| read(false))
        })
    }
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
struct SliceReading {
    /// None where the worker cannot open a channel.
    port: Option<web_sys::MessagePort>,
    /// The file's name, for a failure.
    name: Rc<RefCell<String>>,
    /// Whether the slices of the index opened last have been asked for.
    started: Rc<Cell<bool>>,
    /// A function that starts them ([`SliceReading::start`]), for a timer.
    kick: Option<js_sys::Function>,
}

impl SliceReading {
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
) -> SliceReading {
    let name = Rc::new(RefCell::new(String::new()));
    // Nothing to start until an index is opened.
    let started = Rc::new(Cell::new(true));
    let Ok(channel) = web_sys::MessageChannel::new() else {
        return SliceReading {
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
        post(&out, &done);
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
    SliceReading {
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

/// The collection is open: its games and failures, the worker's memory.
fn opened_answer(l: &Library) -> CollectionAnswer {
    let games = if l.saved {
        l.index.games()
    } else {
        l.collection.games.len()
    };
    CollectionAnswer::Opened {
        games: count(games),
        failures: count(l.collection.failures.len()),
        memory: memory(),
    }
}

/// A count for a message (none comes near `u32::MAX`: a collection holds fewer games).
fn count(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
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
    post: &dyn Fn(CollectionAnswer),
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
        post(CollectionAnswer::Progress {
            games: count(c.games.len()),
            done: count(done),
            total: count(total),
        });
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
