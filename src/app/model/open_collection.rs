//! The open collection as the page knows it: what the collection worker (`collection_worker`)
//! last answered, and what the collection panel and the explorer ask of it. A `Copy` handle
//! of variables, shared by those three.

use crate::app::kit::Var;
use crate::collection::library::{ListColumn, ListFilter};

/// A collection opened in the worker.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Opened {
    pub games: usize,
    pub failures: usize,
    /// The worker's wasm memory, in bytes.
    pub memory: f64,
    /// Counts the collections opened (a new one is a change even with as many games).
    pub serial: u32,
}

/// What is being read: games so far, and the files left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub games: usize,
    pub done: usize,
    pub total: usize,
}

/// The open collection's handle.
#[derive(Clone, Copy)]
pub struct OpenCollection {
    /// The collection open in the worker.
    pub library: Var<Option<Opened>>,
    /// A collection being read.
    pub loading: Var<Option<Progress>>,
    /// Why the worker cannot read collections, if it cannot.
    pub error: Var<Option<String>>,
    /// The game list's rows (markup) and status, as the worker last answered.
    pub listing: Var<Option<(String, String)>>,
    /// The explorer's tables (markup) and summary, as the worker last answered.
    pub explored: Var<Option<(String, String)>>,
    /// A book was named (`?book`): the explorer shows its moves, with or without a
    /// collection.
    pub book: Var<bool>,
    /// The game list's filters (player, game type and length filter the explorer too).
    pub filter: Var<ListFilter>,
    /// The game list's order: a column, descending or not.
    pub sort: Var<(ListColumn, bool)>,
    /// The game of the list on the board.
    pub open_game: Var<Option<usize>>,
}

impl Default for OpenCollection {
    fn default() -> OpenCollection {
        OpenCollection::new()
    }
}

impl OpenCollection {
    /// No collection open.
    pub fn new() -> OpenCollection {
        OpenCollection {
            library: Var::new(None),
            loading: Var::new(None),
            error: Var::new(None),
            listing: Var::new(None),
            explored: Var::new(None),
            book: Var::new(false),
            filter: Var::new(ListFilter::default()),
            sort: Var::new((ListColumn::Date, false)),
            open_game: Var::new(None),
        }
    }
}
