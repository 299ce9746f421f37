//! The page's side of the collection worker (`crate::worker`, its messages): started when a
//! collection is first opened, from the file names the build wrote into `index.html`
//! (`<meta name="beeline-worker">`, see `scripts/hash-worker.sh`). Its answers land in the
//! viewer's signals, which the panels draw. A list or explorer question asked while the
//! previous one of its kind is still being answered waits, and only the latest waits: typing
//! a name or stepping fast never queues work behind the worker.

use crate::app::kit::WorkerLink;
use crate::app::model::game::NotatedGame;
use crate::app::model::open_collection::{Opened, Progress};
use crate::app::model::viewer::Viewer;
use crate::protocol::collection_messages::{CollectionAnswer, CollectionRequest};
use crate::record::permalink;
use js_sys::Array;
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// Questions that wait for the previous one of their kind.
#[derive(Clone, Copy)]
pub enum Question {
    List = 0,
    Explore = 1,
}

struct Link {
    worker: WorkerLink,
    busy: [bool; 2],
    waiting: [Option<CollectionRequest>; 2],
    serial: u32,
    /// Every game of the list in order, for the next and previous game keys.
    rows: Vec<u32>,
}

/// What takes the insights' answers.
type InsightsHandler = Box<dyn Fn(CollectionAnswer)>;

thread_local! {
    static LINK: RefCell<Option<Link>> = const { RefCell::new(None) };
    /// The files (or texts) of the last collection opened: a worker that stops loses its
    /// collection, and these read it again ([`reopen`]).
    static SOURCES: RefCell<Option<Array>> = const { RefCell::new(None) };
    /// The index the worker answered, until the panel's code offers it as a file.
    static SAVED: RefCell<Option<JsValue>> = const { RefCell::new(None) };
    /// The book open in the explorer, read again when the files are ([`reopen`]).
    static BOOK: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Where the insights' answers go (`insights`, which registers it when its panel
    /// opens).
    static INSIGHTS: RefCell<Option<InsightsHandler>> = const { RefCell::new(None) };
    /// A game asked to be shown at a ply ([`open_game_at`]): its number and the ply.
    static AT_PLY: std::cell::Cell<Option<(u32, usize)>> = const { std::cell::Cell::new(None) };
}

/// Where the insights' answers ([`CollectionAnswer::Players`], [`CollectionAnswer::PlayerGames`])
/// go from now on.
pub fn on_insights(handler: InsightsHandler) {
    INSIGHTS.with(|h| *h.borrow_mut() = Some(handler));
}

/// Asks the worker an insights question (its answer goes to [`on_insights`]'s handler).
pub fn ask_insights(viewer: Viewer, request: CollectionRequest) {
    with_link(viewer, |l| l.worker.post(&request));
}

/// Opens a game of the collection at the position after `ply` plies of its main line.
pub fn open_game_at(viewer: Viewer, i: usize, ply: usize) {
    let index = u32::try_from(i).unwrap_or(u32::MAX);
    AT_PLY.with(|a| a.set(Some((index, ply))));
    with_link(viewer, |l| {
        l.worker.post(&CollectionRequest::Game { index })
    });
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
    let worker = WorkerLink::start(
        move |a: CollectionAnswer, attachments: Array| answered(viewer, a, &attachments),
        move || stopped(viewer),
    );
    let Some(worker) = worker else {
        viewer
            .collection
            .error
            .set(Some("This build has no collection reader.".into()));
        return None;
    };
    Some(Link {
        worker,
        busy: [false; 2],
        waiting: [None, None],
        serial: 0,
        rows: Vec::new(),
    })
}

/// A worker that failed to load or stopped is dropped: the next collection starts a new one.
fn stopped(viewer: Viewer) {
    LINK.with(|l| {
        if let Some(l) = l.borrow_mut().take() {
            l.worker.stop();
        }
    });
    viewer.collection.loading.set(None);
    viewer.collection.library.set(None);
    viewer.collection.error.set(Some(
        "The collection reader stopped: the browser could not run it, or ended it (out of memory, or an error).".into(),
    ));
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
    // Each file or text is an attachment of its own, as the worker reads them.
    let attachments: Vec<JsValue> = sources.iter().collect();
    with_link(viewer, |l| {
        l.worker
            .post_with(&CollectionRequest::Open { filter }, &attachments)
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
        with_link(viewer, |l| l.worker.post(&CollectionRequest::Book { url }));
    }
    if let Some(sources) = SOURCES.with(|s| s.borrow().clone()) {
        open(viewer, sources);
    }
}

/// Asks the worker for the explorer's index of the open collection: its bytes come back
/// to the panel ([`take_saved`]).
pub fn save_index(viewer: Viewer) {
    with_link(viewer, |l| l.worker.post(&CollectionRequest::SaveIndex));
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
    with_link(viewer, |l| l.worker.post(&CollectionRequest::Book { url }));
    // The explorer's questions follow, answered after the book is read (in order).
    viewer.collection.book.set(true);
}

/// Asks the explorer about the position on the board, under the list's filters.
pub fn explore(viewer: Viewer) {
    let filter = viewer.collection.filter.with_untracked(|f| f.to_text());
    let position = viewer
        .study
        .position
        .with_untracked(|a| crate::engine::transfer::encode(&a.pos));
    ask(
        viewer,
        Question::Explore,
        CollectionRequest::Explore { filter, position },
    );
}

/// Asks a list or explorer question (the latest one waits while one is answered).
pub fn ask(viewer: Viewer, kind: Question, request: CollectionRequest) {
    with_link(viewer, |l| {
        let k = kind as usize;
        if l.busy[k] {
            l.waiting[k] = Some(request);
        } else {
            l.busy[k] = true;
            l.worker.post(&request);
        }
    });
}

/// Opens a game of the collection in the viewer (the list stays).
pub fn open_game(viewer: Viewer, i: usize) {
    let index = u32::try_from(i).unwrap_or(u32::MAX);
    with_link(viewer, |l| {
        l.worker.post(&CollectionRequest::Game { index })
    });
}

/// Asks for the games listed (the first 64, as sorted and filtered), to make a study of.
pub fn make_study(viewer: Viewer) {
    with_link(viewer, |l| {
        let indices = l
            .rows
            .iter()
            .take(crate::study::MAX_CHAPTERS)
            .copied()
            .collect();
        l.worker.post(&CollectionRequest::Games { indices })
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

/// A question of this kind has been answered: the one waiting, if any, is asked.
fn answered_question(kind: Question) {
    LINK.with(|l| {
        if let Some(l) = l.borrow_mut().as_mut() {
            let k = kind as usize;
            l.busy[k] = false;
            if let Some(next) = l.waiting[k].take() {
                l.busy[k] = true;
                l.worker.post(&next);
            }
        }
    })
}

/// What the worker says.
fn answered(viewer: Viewer, answer: CollectionAnswer, attachments: &Array) {
    match answer {
        CollectionAnswer::Progress { games, done, total } => {
            viewer.collection.loading.set(Some(Progress {
                games: games as usize,
                done: done as usize,
                total: total as usize,
            }))
        }
        CollectionAnswer::Opened {
            games,
            failures,
            memory,
        } => {
            let serial = LINK.with(|l| {
                l.borrow_mut().as_mut().map_or(0, |l| {
                    l.serial += 1;
                    l.serial
                })
            });
            viewer.collection.loading.set(None);
            viewer.collection.open_game.set(None);
            viewer.collection.library.set(Some(Opened {
                games: games as usize,
                failures: failures as usize,
                memory,
                serial,
            }));
        }
        CollectionAnswer::List {
            markup,
            status,
            rows,
        } => {
            LINK.with(|l| {
                if let Some(l) = l.borrow_mut().as_mut() {
                    l.rows = rows;
                }
            });
            viewer.collection.listing.set(Some((markup, status)));
            answered_question(Question::List);
        }
        CollectionAnswer::Explore { markup, summary } => {
            viewer.collection.explored.set(Some((markup, summary)));
            answered_question(Question::Explore);
        }
        // The panel shows the list's state again, and offers the index as a file: the
        // error it shows is cleared (there is none while a collection is open), which wakes
        // it without code of its own on the first screen.
        CollectionAnswer::Index => {
            SAVED.with(|s| *s.borrow_mut() = Some(attachments.get(0)));
            viewer.collection.error.set(None);
        }
        CollectionAnswer::Game { index, fragment } => {
            if let Ok((rec, _)) = permalink::decode(&fragment) {
                let game = NotatedGame::new(rec);
                let node = match AT_PLY.with(|a| a.take()) {
                    Some((i, ply)) if i == index => {
                        let tree = game.tree();
                        let mut node = tree.root();
                        for _ in 0..ply {
                            match tree.children(node).first() {
                                Some(&next) => node = next,
                                None => break,
                            }
                        }
                        node
                    }
                    _ => game.first_node(),
                };
                viewer.show(game, node);
                viewer.collection.open_game.set(Some(index as usize));
            }
        }
        CollectionAnswer::Games { fragments } => {
            let title = viewer
                .collection
                .filter
                .with_untracked(|f| f.explorer.player.clone())
                .map_or_else(|| "Collection".to_string(), |p| format!("Games of {p}"));
            use crate::app::board::drawing_tool::{ask, BoardWork};
            use crate::app::study::StudyWork;
            ask(viewer, BoardWork::Study(StudyWork::Games(title, fragments)));
        }
        // The explorer's answers say what the book holds.
        CollectionAnswer::Book { .. } => {}
        a @ (CollectionAnswer::Players { .. } | CollectionAnswer::PlayerGames { .. }) => INSIGHTS
            .with(|h| {
                if let Some(h) = h.borrow().as_ref() {
                    h(a)
                }
            }),
    }
}
