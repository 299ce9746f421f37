//! The browser user interface (Leptos, client-side rendered): a game on the board, its
//! moves in three notations, and ways to load, step through, share and export it.
//!
//! One component per file; this module holds the viewer component [`Beeline`], the full-page
//! [`App`] and the [`Viewer`] signals they share with the others. [`ViewerOptions`] says how a
//! viewer sits on its page. The logic lives in modules free of the DOM, tested natively:
//! [`game`] (loading), [`keys`] (stepping) and [`labels`] (texts).

use crate::record::puzzle::Puzzle;
use kit::{dom, services, Sink, Var};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

mod analysis;
mod board;
mod collection_panels;
pub mod embed;
pub mod kit;
mod learn;
pub mod model;
mod move_list;
mod puzzle_trainer;
mod record_panels;
pub mod study;

use board::steps::Controls;
use board::Board;
use model::game::initial;
pub use model::options::ViewerOptions;
use model::viewer::{BoardInput, Viewer};
use move_list::entry::MoveEntry;
use move_list::node_tools::NodeTools;
use move_list::table::NotationPanel;
use record_panels::export::ExportPanel;
use record_panels::game_info::GameInfo;
use record_panels::load::LoadPanel;
use record_panels::share::Share;

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
                    "dragover" => record_panels::load::on_drag_over(dragging, d),
                    "drop" => record_panels::load::on_drop(viewer, dragging, d),
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
    if options.page_keys {
        services::on_window(leptos::ev::keydown, move |e| {
            if dom::event_targets_page(&e) {
                viewer.on_key(&e);
            }
        });
    }
    if options.sync_address {
        record_panels::share::follow_address(viewer);
    }

    let BoardInput {
        replay,
        ply,
        highlight,
        ..
    } = viewer.board_input();

    // The puzzle's status, and the piece it hints at.
    kit::on_mount(
        root,
        Box::new(move |root| {
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
        }),
    );

    // `tabindex="-1"`: a click anywhere in the viewer gives it the focus, so that its keys
    // work, without adding a stop to the Tab order.
    view! {
        <div
            id="app"
            class="app"
            tabindex="-1"
            data-ready="false"
            node_ref=root
            use:root_listeners=(viewer, dragging)
        >
            <header class="app-header">
                <h1 class="app-title">"Beeline"</h1>
                // The colour theme's toggle: index.html's script takes its clicks and the
                // style sheet shows the words for the theme it turns to.
                <button id="theme" type="button" class="theme-toggle">
                    <span class="to-dark">"☾ Dark"</span>
                    <span class="to-light">"☀ Light"</span>
                </button>
                <p class="hint">
                    "Hive games move by move, in three notations. Paste a record below, drop a file on the viewer, or open a permalink."
                </p>
            </header>
            <div class="layout">
                <div class="stage">
                    <p id="puzzle-status" class="puzzle-status" role="status" hidden></p>
                    <Board viewer=viewer replay=replay ply=ply highlight=highlight fit=viewer.study.loads/>
                    <board::edit_panel::EditPanel viewer=viewer/>
                    <Controls viewer=viewer/>
                    <MoveEntry viewer=viewer/>
                </div>
                <aside class="side">
                    <GameInfo viewer=viewer/>
                    <NotationPanel viewer=viewer/>
                    <NodeTools viewer=viewer/>
                    <Share viewer=viewer sync_address=options.sync_address/>
                    <LoadPanel viewer=viewer dragging=dragging/>
                    <collection_panels::explorer::ExplorerPanel viewer=viewer/>
                    <collection_panels::panel::CollectionPanel viewer=viewer/>
                    <ExportPanel viewer=viewer/>
                </aside>
            </div>
        </div>
    }
}
