//! The browser user interface (Leptos, client-side rendered): a game on the board, its
//! moves in three notations, and ways to load, step through, share and export it.
//!
//! One component per file; this module holds the viewer component [`Beeline`], the full-page
//! [`App`] and the [`Viewer`] signals they share with the others. [`ViewerOptions`] says how a
//! viewer sits on its page. The logic lives in modules free of the DOM, tested natively:
//! [`game`] (loading), [`keys`] (stepping) and [`labels`] (texts).

use kit::{dom, services, Memo, Sink, Stored, Var};
use leptos::prelude::*;
use std::sync::Arc;
use std::time::Duration;
use wasm_bindgen::JsCast;

mod board;
mod collection_panel;
mod collection_worker;
mod controls;
pub mod editor;
pub mod embed;
mod explorer_panel;
mod export_panel;
pub mod game;
mod game_info;
pub mod keys;
pub mod kit;
pub mod labels;
pub mod lazy;
mod load_panel;
mod move_entry;
mod node_tools;
mod notation_panel;
pub mod options;
mod share;
pub mod study;

use crate::collection::library::{Column, ListFilter};
use crate::engine::position::{Move, Position};
use crate::record::puzzle::{Puzzle, Verdict};
use crate::record::tree::{GameTree, NodeId, TreeError};
use board::Board;
use controls::Controls;
use export_panel::ExportPanel;
use game::{Game, LoadError};
use game_info::GameInfo;
use keys::{Action, Step};
use load_panel::LoadPanel;
use move_entry::MoveEntry;
use node_tools::NodeTools;
use notation_panel::NotationPanel;
pub use options::{KeyScope, ViewerOptions};
use share::Share;
use study::{History, Line, Pick};

/// How long a puzzle's reply waits after the solver's move.
const REPLY_DELAY: Duration = Duration::from_millis(350);

/// The puzzle a game poses, if it is one.
fn puzzle_of(game: &Game) -> Option<Puzzle> {
    let rec = &game.record;
    rec.puzzle
        .then(|| Puzzle::new(&rec.moves, rec.start()))
        .flatten()
}

/// How long the address bar waits after the last step before it follows the move.
const ADDRESS_DELAY: Duration = Duration::from_millis(250);

/// The viewer's signals, shared by every component (all `Copy`; every closure that uses them
/// copies them, so the struct stays small).
#[derive(Clone, Copy)]
pub struct Viewer {
    pub game: Var<Game>,
    /// The line on the board (the current node's, see [`Line`]).
    pub line: Var<Arc<Line>>,
    /// The ply chosen along the line (0: empty board).
    pub ply: Var<usize>,
    /// A move hovered in the notation: shown on the board without being chosen.
    pub preview: Var<Option<NodeId>>,
    /// Why the last text, file or link could not be loaded at all, as shown (set by
    /// [`Viewer::fail`] from a [`LoadError`]).
    pub load_error: Var<Option<String>>,
    pub playing: Var<bool>,
    /// The games and nodes before each change of the game tree, latest last (undo).
    history: Var<History<(Game, NodeId)>>,
    /// Bumped when another game is loaded (the board fits itself to it).
    pub loads: Var<u32>,
    /// Counts the texts given to read: only the last one's reading is shown.
    reading: Stored<u32>,
    /// The piece picked on the board or in a reserve, whose destinations are marked.
    pub pick: Var<Option<Pick>>,
    /// A destination hovered: the move it would play, named under the board and explained
    /// on it before it is played.
    pub candidate: Var<Option<Move>>,
    /// The position at the chosen node, where moves are played.
    pub position: Memo<At>,
    /// The position editor, while it is open.
    pub edit: Var<Option<editor::Editing>>,
    /// Whether the algebraic grid is drawn over the board.
    pub grid: Var<bool>,
    /// The puzzle posed by the game, while it is one.
    pub puzzle: Var<Option<Puzzle>>,
    /// The collection open in the collection worker.
    pub library: Var<Option<collection_worker::Opened>>,
    /// A collection being read.
    pub loading: Var<Option<collection_worker::Progress>>,
    /// Why the collection worker cannot read collections, if it cannot.
    pub collection_error: Var<Option<String>>,
    /// The game list's rows (markup) and status, as the worker last answered.
    pub listing: Var<Option<(String, String)>>,
    /// The explorer's table body (markup) and summary, as the worker last answered.
    pub explored: Var<Option<(String, String)>>,
    /// The game list's filters (player, game type and length filter the explorer too).
    pub list_filter: Var<ListFilter>,
    /// The game list's order: a column, descending or not.
    pub list_sort: Var<(Column, bool)>,
    /// The game of the list on the board.
    pub open_game: Var<Option<usize>>,
}

/// The position at the chosen node (compared by identity: a new one is a change).
#[derive(Clone, Debug)]
pub struct At {
    pub node: NodeId,
    pub pos: Arc<Position>,
}

impl PartialEq for At {
    fn eq(&self, other: &At) -> bool {
        self.node == other.node && Arc::ptr_eq(&self.pos, &other.pos)
    }
}

/// Most changes kept for undo.
const UNDO_DEPTH: usize = 200;

impl Viewer {
    fn new(game: Game, node: NodeId, load_error: Option<LoadError>) -> Viewer {
        // A puzzle always opens on its position.
        let node = if game.record.puzzle {
            game.tree().root()
        } else {
            node
        };
        let line = game.line_through(node);
        let ply = line.ply_of(node).unwrap_or(0);
        let game = Var::new(game);
        let line = Var::new(Arc::new(line));
        let ply = Var::new(ply);
        let position = kit::memo(Box::new(move |_| {
            let node = line.with(|l| l.node_at(ply.get()));
            let pos = game.with(|g| g.tree().position_at(node));
            At {
                node,
                pos: Arc::new(pos.unwrap_or_else(|| game.with(|g| g.tree().start()))),
            }
        }));
        let pick = Var::new(None);
        let candidate = Var::new(None);
        // Whatever changes the node drops the pick.
        // (Only when set: setting a signal wakes everything that reads it, at every step.)
        kit::watch(Box::new(move || {
            position.track();
            if pick.with_untracked(Option::is_some) {
                pick.set(None);
            }
            if candidate.with_untracked(Option::is_some) {
                candidate.set(None);
            }
        }));
        let puzzle = Var::new(game.with_untracked(puzzle_of));
        Viewer {
            library: Var::new(None),
            loading: Var::new(None),
            collection_error: Var::new(None),
            listing: Var::new(None),
            explored: Var::new(None),
            list_filter: Var::new(ListFilter::default()),
            list_sort: Var::new((Column::Date, false)),
            open_game: Var::new(None),
            edit: Var::new(None),
            grid: Var::new(false),
            puzzle,
            game,
            line,
            ply,
            preview: Var::new(None),
            load_error: Var::new(load_error.map(|e| e.to_string())),
            playing: Var::new(false),
            history: Var::new(History::new(UNDO_DEPTH)),
            loads: Var::new(0),
            reading: Stored::new(0),
            pick,
            candidate,
            position,
        }
    }

    /// The chosen node.
    pub fn node(self) -> NodeId {
        let ply = self.ply.get();
        self.line.with(|l| l.node_at(ply))
    }

    pub fn node_untracked(self) -> NodeId {
        let ply = self.ply.get_untracked();
        self.line.with_untracked(|l| l.node_at(ply))
    }

    /// Number of moves of the line shown.
    pub fn moves(self) -> usize {
        self.line.with(|l| l.len())
    }

    /// Goes to a node: along the current line when it is on it (so that stepping forward
    /// again follows the same line), else onto the line through it.
    pub fn go_to(self, node: NodeId) {
        self.preview.set(None);
        if let Some(p) = self.line.with_untracked(|l| l.ply_of(node)) {
            self.ply.set(p);
            return;
        }
        let line = self.game.with_untracked(|g| g.line_through(node));
        let ply = line.ply_of(node).unwrap_or(0);
        self.line.set(Arc::new(line));
        self.ply.set(ply);
    }

    pub fn show(self, game: Game, node: NodeId) {
        let node = if game.record.puzzle {
            game.tree().root()
        } else {
            node
        };
        self.playing.set(false);
        self.preview.set(None);
        self.load_error.set(None);
        self.edit.set(None);
        self.puzzle.set(puzzle_of(&game));
        self.history.update(History::clear);
        let line = game.line_through(node);
        let ply = line.ply_of(node).unwrap_or(0);
        self.game.set(game);
        self.line.set(Arc::new(line));
        self.ply.set(ply);
        self.loads.update(|n| *n = n.wrapping_add(1));
    }

    /// Replaces the game after a change of its tree and goes to `node`; the change can be
    /// undone.
    pub fn change(self, game: Game, node: NodeId) {
        let before = (self.game.get_untracked(), self.node_untracked());
        self.history.update(|h| h.push(before));
        self.set_game(game, node);
    }

    /// A new game tree, keeping the current line where it still exists.
    fn set_game(self, game: Game, node: NodeId) {
        self.playing.set(false);
        self.preview.set(None);
        let old_end = self.line.with_untracked(|l| l.nodes.last().copied());
        // Keep following the line the user was on when the node is on it.
        let through = old_end
            .filter(|&end| study::on_line_through(game.tree(), end, node))
            .unwrap_or(node);
        let line = game.line_through(through);
        let ply = line.ply_of(node).unwrap_or(0);
        self.game.set(game);
        self.line.set(Arc::new(line));
        self.ply.set(ply);
    }

    /// Takes back the last change of the game tree (a move played, a line deleted, …).
    pub fn undo(self) -> bool {
        let Some((game, node)) = self.history.try_update(History::pop).flatten() else {
            return false;
        };
        self.set_game(game, node);
        true
    }

    /// Whether there is a change to undo.
    pub fn can_undo(self) -> bool {
        self.history.with(|h| !h.is_empty())
    }

    /// Plays a move at the chosen node: follows the game when it continues with that move,
    /// else starts a variation.
    pub fn play(self, mv: Move) -> Result<(), String> {
        if self
            .puzzle
            .with_untracked(|p| p.as_ref().is_some_and(|p| !p.is_solved()))
        {
            return self.try_puzzle(mv);
        }
        let node = self.node_untracked();
        let played = self.game.with_untracked(|g| g.play(node, mv));
        match played {
            Ok((game, next)) => {
                let added = game.tree().len() != self.game.with_untracked(|g| g.tree().len());
                if added {
                    self.change(game, next);
                } else {
                    self.go_to(next);
                }
                Ok(())
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// A try at the puzzle: the line's move is played and answered; another is taken back
    /// (it never reaches the board), with a hint after two misses.
    fn try_puzzle(self, mv: Move) -> Result<(), String> {
        let Some(done) = self.puzzle.with_untracked(|p| p.as_ref().map(Puzzle::done)) else {
            return Ok(());
        };
        if self.ply.get_untracked() != done {
            self.ply.set(done);
            return Err("the puzzle goes on from its latest position".to_string());
        }
        let verdict = self
            .puzzle
            .try_update(|p| p.as_mut().map(|p| p.attempt(mv)))
            .flatten();
        match verdict {
            // After two misses the piece to move is picked, its destinations marked.
            Some(Verdict::Wrong {
                hint: Some(piece), ..
            }) => {
                let pick = self
                    .position
                    .with_untracked(|a| match a.pos.board().position(piece) {
                        Some(h) => Pick::Board(h),
                        None => Pick::Reserve(piece.color(), piece.bug()),
                    });
                self.pick.set(Some(pick));
            }
            Some(Verdict::Right { .. } | Verdict::Solved) => {
                let done = self
                    .puzzle
                    .with_untracked(|p| p.as_ref().map_or(0, Puzzle::done));
                // The solver's move at once, the reply a moment later.
                self.ply.set(done.min(self.ply.get_untracked() + 1));
                if self.ply.get_untracked() < done {
                    set_timeout(move || self.ply.set(done), REPLY_DELAY);
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Opens the position editor on the position shown, or leaves it: the position is
    /// checked and a study starts from it (on an error the editor stays, saying why). The
    /// editor's code loads on first use (`lazy::toggle_edit`).
    pub fn toggle_edit(self) {
        leptos::task::spawn_local(async move {
            if lazy::toggle_edit(self).await.is_err() {
                self.load_error
                    .set(Some(LoadError::Unavailable.to_string()));
            }
        });
    }

    /// What [`Viewer::toggle_edit`] does, at once.
    fn toggle_edit_now(self) {
        let finished = self
            .edit
            .with_untracked(|e| e.as_ref().map(editor::Editing::finish));
        match finished {
            None => {
                self.playing.set(false);
                self.pick.set(None);
                let editing = self
                    .position
                    .with_untracked(|a| editor::Editing::of(&a.pos));
                self.edit.set(Some(editing));
            }
            Some(Ok(rec)) => {
                let game = Game::new(rec);
                let root = game.tree().root();
                self.show(game, root);
            }
            Some(Err(e)) => self.edit.update(|ed| {
                if let Some(ed) = ed {
                    ed.error = Some(e);
                }
            }),
        }
    }

    /// Changes the game tree at the chosen node (promote, delete, comment, …) and goes to
    /// the node the change gives.
    pub fn edit(
        self,
        change: impl FnOnce(&mut GameTree, NodeId) -> Result<NodeId, TreeError>,
    ) -> Result<(), String> {
        self.edit_at(self.node_untracked(), change)
    }

    /// Changes the game tree at `node`, which the board may have left since (a comment
    /// written, then another move clicked): the board stays where it is then, so the change
    /// must keep the tree's nodes (a comment, an annotation).
    pub fn edit_at(
        self,
        node: NodeId,
        change: impl FnOnce(&mut GameTree, NodeId) -> Result<NodeId, TreeError>,
    ) -> Result<(), String> {
        let shown = self.node_untracked();
        let edited = self.game.with_untracked(|g| g.edit(|t| change(t, node)));
        match edited {
            Ok((game, next)) => {
                self.change(game, if shown == node { next } else { shown });
                Ok(())
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Goes to the previous or next sibling of the chosen node (the variations that replace
    /// the same move), onto its line.
    pub fn switch_variation(self, forward: bool) {
        let node = self.node_untracked();
        let target = self.game.with_untracked(|g| {
            let tree = g.tree();
            let siblings = tree.children(tree.parent(node)?);
            let i = siblings.iter().position(|&c| c == node)?;
            let j = if forward {
                i.checked_add(1)?
            } else {
                i.checked_sub(1)?
            };
            siblings.get(j).copied()
        });
        if let Some(t) = target {
            self.preview.set(None);
            let line = self.game.with_untracked(|g| g.line_through(t));
            let ply = line.ply_of(t).unwrap_or(0);
            self.line.set(Arc::new(line));
            self.ply.set(ply);
        }
    }

    /// Loads a pasted or dropped text (its reader loads on first use); on failure the
    /// current game stays. Several records open as a collection. Of loads that overlap, the
    /// last one given wins.
    pub fn load_text(self, text: String) {
        let ticket = self.reading.get_value().wrapping_add(1);
        self.reading.set_value(ticket);
        leptos::task::spawn_local(async move {
            let loaded = lazy::load_text(text).await;
            if self.reading.get_value() != ticket {
                return;
            }
            match loaded {
                Ok(lazy::Loaded::Game(Ok(game))) => {
                    let node = game.first_node();
                    self.show(game, node);
                }
                Ok(lazy::Loaded::Game(Err(e))) | Err(e) => self.fail(e),
                Ok(lazy::Loaded::Collection(text)) => collection_panel::open_text(self, text),
            }
        });
    }

    pub fn load_fragment(self, fragment: &str) {
        match game::load_fragment(fragment) {
            Ok((game, node)) => self.show(game, node),
            Err(e) => self.fail(e),
        }
    }

    /// Shows why a text, file or link could not be loaded; the game on screen stays.
    pub fn fail(self, e: LoadError) {
        self.load_error.set(Some(e.to_string()));
    }

    pub fn step(self, step: Step) {
        let mut len = self.moves();
        // An open puzzle steps only through the moves found so far.
        if let Some(done) = self
            .puzzle
            .with_untracked(|p| p.as_ref().filter(|p| !p.is_solved()).map(Puzzle::done))
        {
            len = len.min(done);
        }
        // (Only when set: setting it wakes everything that reads it.)
        if self.preview.with_untracked(Option::is_some) {
            self.preview.set(None);
        }
        self.ply.update(|p| *p = step.apply(*p, len));
    }

    /// Calls `act` with the permalink fragment of the chosen move, `delay` after the last
    /// step or change of the game: fast stepping never encodes the game at every step.
    fn when_settled(self, delay: Duration, act: impl Fn(&str) + 'static) {
        let settle = services::Settle::new(
            delay,
            Box::new(move || {
                let node = self.node_untracked();
                if let Some(fragment) = self.game.try_with_untracked(|g| g.fragment(node)) {
                    act(&fragment);
                }
            }),
        );
        kit::watch(Box::new(move || {
            self.node();
            self.game.track();
            settle.poke();
        }));
    }

    /// Acts on a key press, unless it is typing in a field.
    fn on_key(self, e: &leptos::ev::KeyboardEvent) {
        if dom::event_is_typing(e) {
            return;
        }
        let command = e.ctrl_key() || e.meta_key();
        let other = e.alt_key() || e.shift_key();
        match Action::from_key(&e.key(), command, other) {
            Some(Action::Step(step)) => {
                e.prevent_default();
                self.step(step);
            }
            Some(Action::Variation(forward)) => {
                e.prevent_default();
                self.switch_variation(forward);
            }
            Some(Action::Undo) if self.undo() => e.prevent_default(),
            _ => {}
        }
    }
}

/// The game and node a viewer opens with: the permalink in the address when it follows the
/// address and there is one, else the example.
fn initial(hash: Option<&str>) -> (Game, NodeId, Option<LoadError>) {
    if let Some(fragment) = hash.and_then(game::fragment_of) {
        match game::load_fragment(fragment) {
            Ok((game, node)) => return (game, node, None),
            Err(e) => {
                let game = Game::example();
                let node = game.first_node();
                return (game, node, Some(e));
            }
        }
    }
    let game = Game::example();
    let node = game.first_node();
    (game, node, None)
}

/// What the board shows: a node, the line it is drawn from and its ply on that line.
#[derive(Clone, Debug)]
struct ShownNode {
    node: NodeId,
    replay: Arc<crate::view::Replay>,
    ply: usize,
}

impl PartialEq for ShownNode {
    fn eq(&self, other: &ShownNode) -> bool {
        self.node == other.node && self.ply == other.ply && Arc::ptr_eq(&self.replay, &other.replay)
    }
}

/// The board shows the chosen node, or the one hovered in the notation (on its own line
/// when it is not on the chosen one).
fn shown_node(viewer: Viewer) -> Memo<ShownNode> {
    kit::memo(Box::new(move |_| {
        let node = viewer.preview.get().unwrap_or_else(|| viewer.node());
        let on_line = viewer
            .line
            .with(|l| l.ply_of(node).map(|p| (l.replay.clone(), p)));
        let (replay, ply) = on_line.unwrap_or_else(|| {
            let l = viewer.game.with(|g| g.line_through(node));
            let p = l.ply_of(node).unwrap_or(0);
            (l.replay, p)
        });
        ShownNode { node, replay, ply }
    }))
}

/// What the board is given: the shown node's line, its ply there and its move's highlight.
struct BoardInput {
    shown: Memo<ShownNode>,
    replay: Memo<Arc<crate::view::Replay>>,
    ply: Memo<usize>,
    highlight: Memo<Option<crate::view::Highlight>>,
}

fn board_input(viewer: Viewer) -> BoardInput {
    let shown = shown_node(viewer);
    // The position editor's board, while it is open, instead of the game's.
    let editing = move || viewer.edit.with(Option::is_some);
    BoardInput {
        shown,
        replay: Memo::of_shared(Box::new(move || {
            viewer
                .edit
                .with(|e| e.as_ref().map(editor::Editing::replay))
                .unwrap_or_else(|| shown.with(|s| s.replay.clone()))
        })),
        ply: kit::memo(Box::new(
            move |_| {
                if editing() {
                    0
                } else {
                    shown.with(|s| s.ply)
                }
            },
        )),
        highlight: kit::memo(Box::new(move |_| {
            if editing() {
                return None;
            }
            let node = shown.with(|s| s.node);
            viewer.game.with(|g| g.highlight(node))
        })),
    }
}

/// The whole page, mounted to `<body>` by the `beeline-app` binary: one viewer, or an
/// embedded game when the address asks for one (`?embed`, see [`embed`]).
#[component]
pub fn App() -> impl IntoView {
    let search = web_sys::window().and_then(|w| w.location().search().ok());
    match search.as_deref().and_then(embed::EmbedOptions::parse) {
        Some(options) => leptos::either::Either::Left(view! { <embed::Embed options=options/> }),
        None => leptos::either::Either::Right(view! {
            <main class="page">
                <Beeline options=ViewerOptions::default()/>
            </main>
        }),
    }
}

/// Keeps the address bar on the move shown and follows a permalink typed or pasted into it.
fn sync_address(viewer: Viewer) {
    let hash = window_event_listener(leptos::ev::hashchange, move |_| {
        let Some(hash) = services::location_hash() else {
            return;
        };
        let Some(fragment) = game::fragment_of(&hash) else {
            return;
        };
        let node = viewer.node_untracked();
        let current = viewer.game.with_untracked(|g| g.fragment(node));
        if fragment != current {
            viewer.load_fragment(fragment);
        }
    });
    on_cleanup(move || hash.remove());

    // The address bar follows the chosen move, replacing the entry (no history per step).
    viewer.when_settled(ADDRESS_DELAY, share::show_in_address);
}

/// The viewer's root element takes the key presses inside it and what is dropped on it (one
/// listener for the four kinds); `dragging` shows that something is dragged over it.
fn root_listeners(root: web_sys::Element, (viewer, dragging): (Viewer, Var<bool>)) {
    // Whether the editor is open, whether a puzzle is open or solved.
    kit::bind(
        root.clone(),
        Sink::Attr("data-editing"),
        Box::new(move || {
            viewer
                .edit
                .with(Option::is_some)
                .then(|| "true".to_string())
        }),
    );
    kit::bind(
        root.clone(),
        Sink::Attr("data-puzzle"),
        Box::new(move || {
            viewer.puzzle.with(|p| {
                p.as_ref()
                    .map(|p| if p.is_solved() { "solved" } else { "open" }.to_string())
            })
        }),
    );
    dom::listen(
        &root,
        &["keydown", "dragover", "dragleave", "drop"],
        move |e| {
            if let Some(k) = e.dyn_ref::<leptos::ev::KeyboardEvent>() {
                viewer.on_key(k);
            } else if let Some(d) = e.dyn_ref::<leptos::ev::DragEvent>() {
                match e.type_().as_str() {
                    "dragover" => load_panel::on_drag_over(dragging, d),
                    "drop" => load_panel::on_drop(viewer, dragging, d),
                    _ => dragging.set(false),
                }
            }
        },
    );
}

/// A viewer: board, controls and panels in one root element, which takes the key presses
/// and the files dropped on it.
///
/// The root carries `data-ready="true"` once the viewer has mounted, so that browser tests
/// can wait for it.
#[component]
pub fn Beeline(options: ViewerOptions) -> impl IntoView {
    let hash = options.sync_address.then(services::location_hash).flatten();
    let (game, node, error) = initial(hash.as_deref());
    let viewer = Viewer::new(game, node, error);
    // A file or text is being dragged over the viewer.
    let dragging = Var::new(false);
    // Effects run after the view has been built and attached to the page.
    let root = NodeRef::<leptos::html::Div>::new();
    kit::watch(Box::new(move || {
        if let Some(root) = root.get() {
            dom::set_attr(&root, "data-ready", Some("true"));
        }
    }));

    // The page's viewer also answers keys pressed while no element has the focus; those
    // inside the root reach it through its own listener.
    if options.keys == KeyScope::Page {
        let keys = window_event_listener(leptos::ev::keydown, move |e| {
            if dom::event_targets_page(&e) {
                viewer.on_key(&e);
            }
        });
        on_cleanup(move || keys.remove());
    }
    if options.sync_address {
        sync_address(viewer);
    }

    let BoardInput {
        replay,
        ply,
        highlight,
        ..
    } = board_input(viewer);

    // The puzzle's status, and the piece it hints at.
    kit::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let Some(p) = dom::find(&root, "#puzzle-status") else {
            return;
        };
        let puzzle = viewer.puzzle;
        kit::bind(
            p.clone(),
            Sink::Text,
            Box::new(move || puzzle.with(|pz| pz.as_ref().map(Puzzle::status))),
        );
        kit::bind(
            p.clone(),
            Sink::Attr("hidden"),
            Box::new(move || puzzle.with(Option::is_none).then(String::new)),
        );
        kit::bind(
            p,
            Sink::Attr("data-hint"),
            Box::new(move || {
                puzzle
                    .with(|pz| pz.as_ref().and_then(Puzzle::hint))
                    .map(|id| id.to_string())
            }),
        );
    }));

    // `tabindex="-1"`: a click anywhere in the viewer gives it the focus, so that its keys
    // work, without adding a stop to the Tab order.
    view! {
        <div
            id=options.root_id
            class="app"
            tabindex="-1"
            data-ready="false"
            node_ref=root
            use:root_listeners=(viewer, dragging)
        >
            <header class="app-header">
                <h1 class="app-title">"Beeline"</h1>
                <p class="hint">
                    "Hive games move by move, in three notations. Paste a record below, drop a file on the page, or open a permalink."
                </p>
            </header>
            <div class="layout">
                <div class="stage">
                    <p id="puzzle-status" class="puzzle-status" role="status" hidden></p>
                    <Board viewer=viewer replay=replay ply=ply highlight=highlight fit=viewer.loads/>
                    <editor::EditPanel viewer=viewer/>
                    <Controls viewer=viewer/>
                    <MoveEntry viewer=viewer/>
                </div>
                <aside class="side">
                    <GameInfo viewer=viewer/>
                    <NotationPanel viewer=viewer/>
                    <NodeTools viewer=viewer/>
                    <Share viewer=viewer sync_address=options.sync_address/>
                    <LoadPanel viewer=viewer dragging=dragging/>
                    <explorer_panel::ExplorerPanel viewer=viewer/>
                    <collection_panel::CollectionPanel viewer=viewer/>
                    <ExportPanel viewer=viewer/>
                </aside>
            </div>
        </div>
    }
}
