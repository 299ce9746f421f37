//! The page's side of the collection worker (`crate::worker`, its messages): started when a
//! collection is first opened, from the file names the build wrote into `index.html`
//! (`<meta name="beeline-worker">`, see `scripts/hash-worker.sh`). Its answers land in the
//! viewer's signals, which the panels draw. A list or explorer question asked while the
//! previous one of its kind is still being answered waits, and only the latest waits: typing
//! a name or stepping fast never queues work behind the worker.

use super::collection_state::{Opened, Progress};
use super::game::Game;
use super::viewer::Viewer;
use crate::record::permalink;
use js_sys::{Array, Uint32Array};
use leptos::prelude::*;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Questions that wait for the previous one of their kind.
#[derive(Clone, Copy)]
pub enum Kind {
    List = 0,
    Explore = 1,
}

struct Link {
    worker: web_sys::Worker,
    /// Messages posted before the worker said it is ready (it loads its module first, and
    /// would drop them).
    queue: Option<Vec<Array>>,
    busy: [bool; 2],
    waiting: [Option<Array>; 2],
    serial: u32,
    /// Every game of the list in order, for the next and previous game keys.
    rows: Vec<u32>,
}

thread_local! {
    static LINK: RefCell<Option<Link>> = const { RefCell::new(None) };
    /// The files (or texts) of the last collection opened: a worker that stops loses its
    /// collection, and these read it again ([`reopen`]).
    static SOURCES: RefCell<Option<Array>> = const { RefCell::new(None) };
    /// The index the worker answered, until the panel's code offers it as a file.
    static SAVED: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    /// The book open in the explorer, read again when the files are ([`reopen`]).
    static BOOK: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The worker, started at the first call.
fn with_link<R>(viewer: Viewer, f: impl FnOnce(&mut Link) -> R) -> Option<R> {
    LINK.with(|link| {
        let mut link = link.borrow_mut();
        if link.is_none() {
            *link = start(viewer);
        }
        link.as_mut().map(f)
    })
}

fn start(viewer: Viewer) -> Option<Link> {
    let url = document()
        .query_selector("meta[name=beeline-worker]")
        .ok()
        .flatten()
        .and_then(|m| m.get_attribute("content"));
    let worker = url.and_then(|u| web_sys::Worker::new(&u).ok());
    let Some(worker) = worker else {
        viewer
            .collection
            .error
            .set(Some("This build has no collection reader.".into()));
        return None;
    };
    let on_message =
        Closure::<dyn FnMut(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
            answered(viewer, &Array::from(&e.data()));
        });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // A worker that failed to load or stopped is dropped: the next collection starts a new one.
    let on_error = Closure::<dyn FnMut()>::new(move || {
        LINK.with(|l| {
            if let Some(l) = l.borrow_mut().take() {
                l.worker.terminate();
            }
        });
        viewer.collection.loading.set(None);
        viewer.collection.library.set(None);
        viewer.collection.error.set(Some(
            "The collection reader stopped: the browser could not run it.".into(),
        ));
    });
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    on_error.forget();
    Some(Link {
        worker,
        queue: Some(Vec::new()),
        busy: [false; 2],
        waiting: [None, None],
        serial: 0,
        rows: Vec::new(),
    })
}

fn message(values: &[JsValue]) -> Array {
    values.iter().collect()
}

impl Link {
    fn post(&mut self, msg: Array) {
        match self.queue.as_mut() {
            Some(queue) => queue.push(msg),
            None => {
                let _ = self.worker.post_message(&msg);
            }
        }
    }
}

/// Opens files and texts as a collection (replacing the one open).
pub fn open(viewer: Viewer, sources: Array) {
    viewer.collection.error.set(None);
    viewer.collection.loading.set(Some(Progress {
        games: 0,
        done: 0,
        total: sources.length() as usize,
    }));
    let filter = viewer.collection.filter.with_untracked(|f| f.to_text());
    SOURCES.with(|s| *s.borrow_mut() = Some(sources.clone()));
    with_link(viewer, |l| {
        l.post(message(&["open".into(), sources.into(), filter.into()]))
    });
}

/// Whether the last collection's files are kept, to be read again.
pub fn can_reopen() -> bool {
    SOURCES.with(|s| s.borrow().is_some())
}

/// Reads the last collection's files again (in a new worker when the last one stopped),
/// after the book open in the explorer, if any.
pub fn reopen(viewer: Viewer) {
    if let Some(url) = BOOK.with(|b| b.borrow().clone()) {
        with_link(viewer, |l| l.post(message(&["book".into(), url.into()])));
    }
    if let Some(sources) = SOURCES.with(|s| s.borrow().clone()) {
        open(viewer, sources);
    }
}

/// Asks the worker for the explorer's index of the open collection: its bytes come back
/// to the panel ([`take_saved`]).
pub fn save_index(viewer: Viewer) {
    with_link(viewer, |l| l.post(message(&["save-index".into()])));
}

/// The index the worker answered to [`save_index`], if it has not been taken.
pub fn take_saved() -> Option<JsValue> {
    SAVED.with(|s| s.borrow_mut().take())
}

/// Reads the book at `url` (its folder) for the explorer, which shows its moves from then on.
pub fn open_book(viewer: Viewer, url: String) {
    viewer
        .collection
        .explored
        .set(Some((String::new(), "Reading the book…".into())));
    BOOK.with(|b| *b.borrow_mut() = Some(url.clone()));
    with_link(viewer, |l| l.post(message(&["book".into(), url.into()])));
    // The explorer's questions follow, answered after the book is read (in order).
    viewer.collection.book.set(true);
}

/// Asks the explorer about the position on the board, under the list's filters.
pub fn explore(viewer: Viewer) {
    let filter = viewer.collection.filter.with_untracked(|f| f.to_text());
    let bytes = viewer
        .study
        .position
        .with_untracked(|a| crate::engine::transfer::encode(&a.pos));
    let bytes = js_sys::Uint8Array::from(&bytes[..]);
    ask(
        viewer,
        Kind::Explore,
        &["explore".into(), filter.into(), bytes.into()],
    );
}

/// Asks a list or explorer question (the latest one waits while one is answered).
pub fn ask(viewer: Viewer, kind: Kind, values: &[JsValue]) {
    let msg = message(values);
    with_link(viewer, |l| {
        let k = kind as usize;
        if l.busy[k] {
            l.waiting[k] = Some(msg);
        } else {
            l.busy[k] = true;
            l.post(msg);
        }
    });
}

/// Opens a game of the collection in the viewer (the list stays).
pub fn open_game(viewer: Viewer, i: usize) {
    with_link(viewer, |l| {
        l.post(message(&["game".into(), (i as f64).into()]))
    });
}

/// The next or previous game of the list, as sorted and filtered.
pub fn step_game(viewer: Viewer, forward: bool) {
    let at = viewer.collection.open_game.get_untracked();
    let next = LINK.with(|l| {
        let l = l.borrow();
        let rows = &l.as_ref()?.rows;
        let p = at.and_then(|g| rows.iter().position(|&r| r as usize == g));
        match (p, forward) {
            (None, _) => rows.first(),
            (Some(p), true) => rows.get(p + 1),
            (Some(p), false) => p.checked_sub(1).and_then(|p| rows.get(p)),
        }
        .copied()
    });
    if let Some(i) = next {
        open_game(viewer, i as usize);
    }
}

/// What the worker says.
fn answered(viewer: Viewer, msg: &Array) {
    let text = |i| msg.get(i).as_string().unwrap_or_default();
    let number = |i| msg.get(i).as_f64().unwrap_or(0.0);
    let done = |kind: Kind| {
        LINK.with(|l| {
            if let Some(l) = l.borrow_mut().as_mut() {
                let k = kind as usize;
                l.busy[k] = false;
                if let Some(next) = l.waiting[k].take() {
                    l.busy[k] = true;
                    l.post(next);
                }
            }
        })
    };
    match text(0).as_str() {
        "ready" => LINK.with(|l| {
            if let Some(l) = l.borrow_mut().as_mut() {
                for msg in l.queue.take().unwrap_or_default() {
                    l.post(msg);
                }
            }
        }),
        "progress" => viewer.collection.loading.set(Some(Progress {
            games: number(1) as usize,
            done: number(2) as usize,
            total: number(3) as usize,
        })),
        "opened" => {
            let serial = LINK.with(|l| {
                l.borrow_mut().as_mut().map_or(0, |l| {
                    l.serial += 1;
                    l.serial
                })
            });
            viewer.collection.loading.set(None);
            viewer.collection.open_game.set(None);
            viewer.collection.library.set(Some(Opened {
                games: number(1) as usize,
                failures: number(2) as usize,
                memory: number(3),
                serial,
            }));
        }
        "list" => {
            let rows = Uint32Array::new(&msg.get(3)).to_vec();
            LINK.with(|l| {
                if let Some(l) = l.borrow_mut().as_mut() {
                    l.rows = rows;
                }
            });
            viewer.collection.listing.set(Some((text(1), text(2))));
            done(Kind::List);
        }
        "explore" => {
            viewer.collection.explored.set(Some((text(1), text(2))));
            done(Kind::Explore);
        }
        // The panel shows the list's state again, and offers the index as a file: the
        // error it shows is cleared (there is none while a collection is open), which wakes
        // it without code of its own on the first screen.
        "index" => {
            SAVED.with(|s| *s.borrow_mut() = Some(msg.get(1)));
            viewer.collection.error.set(None);
        }
        "game" => {
            if let Ok((rec, _)) = permalink::decode(&text(2)) {
                let game = Game::new(rec);
                let node = game.first_node();
                viewer.show(game, node);
                viewer.collection.open_game.set(Some(number(1) as usize));
            }
        }
        _ => {}
    }
}
