//! The browser user interface (Leptos, client-side rendered): a game on the board, its
//! moves in three notations, and ways to load, step through, share and export it.
//!
//! One component per file; this module holds the viewer component [`Beeline`], the full-page
//! [`App`] and the [`Viewer`] signals they share with the others. [`ViewerOptions`] says how a
//! viewer sits on its page. The logic lives in modules free of the DOM, tested natively:
//! [`game`] (loading), [`keys`] (stepping) and [`labels`] (texts).

use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;

mod board;
mod controls;
mod dom;
mod export_panel;
pub mod game;
mod game_info;
pub mod keys;
pub mod labels;
mod load_panel;
mod notation_panel;
pub mod options;
mod share;

use board::Board;
use controls::Controls;
use export_panel::ExportPanel;
use game::{Game, LoadError};
use game_info::GameInfo;
use keys::Step;
use load_panel::LoadPanel;
use notation_panel::NotationPanel;
pub use options::{KeyScope, ViewerOptions};
use share::Share;

/// How long the address bar waits after the last step before it follows the move.
const ADDRESS_DELAY: Duration = Duration::from_millis(250);

/// The viewer's signals, shared by every component (all `Copy`; every closure that uses them
/// copies them, so the struct stays small).
#[derive(Clone, Copy)]
pub struct Viewer {
    pub game: RwSignal<Game>,
    /// The ply chosen (0: empty board).
    pub ply: RwSignal<usize>,
    /// A move hovered in the notation: shown on the board without being chosen.
    pub preview: RwSignal<Option<usize>>,
    /// Why the last text, file or link could not be loaded at all, as shown (set by
    /// [`Viewer::fail`] from a [`LoadError`]).
    pub load_error: RwSignal<Option<String>>,
    pub playing: RwSignal<bool>,
}

impl Viewer {
    fn new(game: Game, ply: usize, load_error: Option<LoadError>) -> Viewer {
        Viewer {
            game: RwSignal::new(game),
            ply: RwSignal::new(ply),
            preview: RwSignal::new(None),
            load_error: RwSignal::new(load_error.map(|e| e.to_string())),
            playing: RwSignal::new(false),
        }
    }

    /// The ply on the board: the previewed one, else the chosen one.
    pub fn shown(self) -> usize {
        let len = self.game.with(Game::len);
        self.preview
            .get()
            .unwrap_or_else(|| self.ply.get())
            .min(len)
    }

    /// Number of moves of the game shown.
    pub fn moves(self) -> usize {
        self.game.with(Game::len)
    }

    pub fn show(self, game: Game, ply: usize) {
        self.playing.set(false);
        self.preview.set(None);
        self.load_error.set(None);
        let ply = game.clamp(ply);
        self.game.set(game);
        self.ply.set(ply);
    }

    /// Loads a pasted or dropped record; on failure the current game stays.
    pub fn load_text(self, text: &str) {
        match game::load_text(text) {
            Ok(game) => {
                let ply = game.first_ply();
                self.show(game, ply);
            }
            Err(e) => self.fail(e),
        }
    }

    pub fn load_fragment(self, fragment: &str) {
        match game::load_fragment(fragment) {
            Ok((game, ply)) => self.show(game, ply),
            Err(e) => self.fail(e),
        }
    }

    /// Shows why a text, file or link could not be loaded; the game on screen stays.
    pub fn fail(self, e: LoadError) {
        self.load_error.set(Some(e.to_string()));
    }

    pub fn step(self, step: Step) {
        let len = self.moves();
        self.preview.set(None);
        self.ply.update(|p| *p = step.apply(*p, len));
    }

    /// Steps as a key press asks, unless it is typing in a field or holds a modifier.
    fn on_key(self, e: &leptos::ev::KeyboardEvent) {
        let modifier = e.ctrl_key() || e.alt_key() || e.meta_key() || e.shift_key();
        if dom::event_is_typing(e) {
            return;
        }
        if let Some(step) = Step::from_key(&e.key(), modifier) {
            e.prevent_default();
            self.step(step);
        }
    }
}

/// The game and ply a viewer opens with: the permalink in the address when it follows the
/// address and there is one, else the example.
fn initial(options: ViewerOptions) -> (Game, usize, Option<LoadError>) {
    let hash = options.sync_address.then(dom::location_hash).flatten();
    if let Some(fragment) = hash.as_deref().and_then(game::fragment_of) {
        match game::load_fragment(fragment) {
            Ok((game, ply)) => return (game, ply, None),
            Err(e) => {
                let game = Game::example();
                let ply = game.first_ply();
                return (game, ply, Some(e));
            }
        }
    }
    let game = Game::example();
    let ply = game.first_ply();
    (game, ply, None)
}

/// The whole page: one viewer, mounted to `<body>` by the `beeline-app` binary.
#[component]
pub fn App() -> impl IntoView {
    view! {
        <main class="page">
            <Beeline options=ViewerOptions::default()/>
        </main>
    }
}

/// Keeps the address bar on the move shown and follows a permalink typed or pasted into it.
fn sync_address(viewer: Viewer) {
    let hash = window_event_listener(leptos::ev::hashchange, move |_| {
        let Some(hash) = dom::location_hash() else {
            return;
        };
        let Some(fragment) = game::fragment_of(&hash) else {
            return;
        };
        let current = viewer
            .game
            .with_untracked(|g| g.fragment(viewer.ply.get_untracked()));
        if fragment != current {
            viewer.load_fragment(fragment);
        }
    });
    on_cleanup(move || hash.remove());

    // The address bar follows the chosen move, replacing the entry (no history per step),
    // a moment after the last step so that fast stepping stays fast.
    let pending = StoredValue::new(None::<TimeoutHandle>);
    Effect::new(move |_| {
        let ply = viewer.ply.get();
        viewer.game.track();
        if let Some(h) = pending.get_value() {
            h.clear();
        }
        let handle = set_timeout_with_handle(
            move || {
                let fragment = viewer.game.with_untracked(|g| g.fragment(ply));
                dom::replace_fragment(&fragment);
            },
            ADDRESS_DELAY,
        );
        pending.set_value(handle.ok());
    });
}

/// The viewer's root element takes the key presses inside it and what is dropped on it (one
/// listener for the four kinds); `dragging` shows that something is dragged over it.
fn root_listeners(root: web_sys::Element, (viewer, dragging): (Viewer, RwSignal<bool>)) {
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
    let (game, ply, error) = initial(options);
    let viewer = Viewer::new(game, ply, error);
    // A file or text is being dragged over the viewer.
    let dragging = RwSignal::new(false);
    let (ready, set_ready) = signal(false);
    // Effects run after the view has been built and attached to the page.
    Effect::new(move |_| set_ready.set(true));

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

    let replay = Signal::derive(move || viewer.game.with(|g| g.replay.clone()));
    let shown = Memo::new(move |_| viewer.shown());
    let highlight = Memo::new(move |_| {
        let ply = shown.get();
        viewer.game.with(|g| g.highlight_at(ply))
    });

    // `tabindex="-1"`: a click anywhere in the viewer gives it the focus, so that its keys
    // work, without adding a stop to the Tab order.
    view! {
        <div
            id=options.root_id
            class="app"
            tabindex="-1"
            data-ready=move || if ready.get() { "true" } else { "false" }
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
                    <Board replay=replay ply=shown highlight=highlight/>
                    <Controls viewer=viewer/>
                </div>
                <aside class="side">
                    <GameInfo viewer=viewer/>
                    <NotationPanel viewer=viewer/>
                    <Share viewer=viewer sync_address=options.sync_address/>
                    <LoadPanel viewer=viewer dragging=dragging/>
                    <ExportPanel viewer=viewer/>
                </aside>
            </div>
        </div>
    }
}
