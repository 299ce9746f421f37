//! The board: the position at a ply as an SVG of tiles with their artwork, the last move and
//! the highlighted move's direction notation, with a toolbar to zoom, pan, fit, turn the board,
//! change the tile shape and download the picture. Ctrl + wheel zooms about the pointer; a
//! drag (mouse or one finger) pans; two fingers pinch to zoom.
//!
//! Moves are played on it: a click (or tap, or Enter) on a piece of the player to move, or on
//! a kind of piece in a reserve ([`Reserve`], under the board), picks it and marks its
//! destinations; a click on one plays it ([`Viewer::play`]). Dragging a piece onto a
//! destination plays it too: a press on a piece that can move carries it, a press anywhere
//! else pans. Hovering (or carrying a piece over) a destination explains its move on the
//! board instead of the current one. Escape, a click on the empty board or on the picked
//! piece drops the pick.
//!
//! The markup of every tile comes from [`crate::view::svg`], which also writes the downloaded
//! image, so the board and the image always agree. The destinations are a layer of their own,
//! so that a pick redraws no tile.
//!
//! The board is arranged in rooms, each a module:
//!
//! - this module: the [`Board`] component, which composes the rooms and holds the markup;
//! - [`state`]: the board's state (view box, orientation, tile shape, drag, pinch, popover)
//!   and what is derived from it (layout, scene, tiles, destinations, what can be played);
//! - [`drawing_tool`]: the arrows and marked cells a player draws on a move, and the board's
//!   one entry point into code loaded on first use;
//! - [`input`]: the pointer, pinch, wheel, the editor's keys and right click, the
//!   destinations' and the tiles' events, Escape;
//! - [`layers`]: what the `<svg>` and each of its layers show, the carried piece, the popover;
//! - [`tiles`]: the tiles, drawn by hand;
//! - [`toolbar`]: the toolbar, as typed controls;
//! - [`play`]: playing on the board, shared with [`reserve`] (the pieces in hand), which
//!   imports it and nothing else of the board.

mod clocks;
pub(crate) mod drawing_tool;
pub(crate) mod edit_panel;
pub(crate) mod editor;
mod input;
mod layers;
mod play;
mod reserve;
mod state;
pub(crate) mod steps;
mod tiles;
mod toolbar;
mod why;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use leptos::prelude::*;

use crate::app::kit::{Memo, Var};
use crate::app::model::viewer::Viewer;
use crate::view::{Highlight, Orientation, Replay};
use reserve::Reserve;
use state::BoardState;
use tiles::TileLayer;

/// The board at `ply` of `replay`, explaining `highlight` when given, where the viewer's
/// player to move plays at the chosen node.
#[component]
pub fn Board(
    viewer: Viewer,
    replay: Memo<Arc<Replay>>,
    ply: Memo<usize>,
    highlight: Memo<Option<Highlight>>,
    /// Changes when another game is loaded: the board fits itself to it.
    #[prop(into)]
    fit: Var<u32>,
    /// The board alone, as an embedded game shows it: no toolbar, no reserves, no playing.
    #[prop(optional)]
    compact: bool,
    /// How the board is turned at first.
    #[prop(optional)]
    orientation: Orientation,
) -> impl IntoView {
    let s = BoardState::new(viewer, replay, ply, highlight, compact, orientation);
    s.keep_fitted(fit);
    input::focus_first_destination(s);
    input::escape(s);
    let tiles = Rc::new(RefCell::new(TileLayer::default()));
    layers::tiles(s, Rc::clone(&tiles));
    input::tiles(s, tiles);
    layers::show(s);
    drawing_tool::show(s);
    layers::popover(s);
    input::board(s);
    input::destinations(s);
    let bar = NodeRef::<leptos::html::Div>::new();
    toolbar::toolbar(s, bar);
    let (board, play) = (s.board, s.play);
    let (items, placeable, to_move) = (s.reserve, s.placeable, s.to_move);

    view! {
        <section class="board-panel" aria-label="Board">
            <div
                class="board-toolbar"
                role="group"
                aria-label="Board view"
                hidden=compact
                node_ref=bar
                inner_html=toolbar::markup()
            ></div>
            <div class="board-frame">
                <svg
                    id="board"
                    class="hive-board"
                    xmlns="http://www.w3.org/2000/svg"
                    role="group"
                    node_ref=board
                >
                    <g class="under"></g>
                    <g class="tiles"></g>
                    <g class="over"><g class="arrows"></g><g class="compasses"></g></g>
                    <g class="drawings" pointer-events="none"></g>
                    <g class="grid"></g>
                    <g class="destinations"></g>
                    <g class="drop"></g>
                    <g class="ghost" pointer-events="none" opacity="0.85"></g>
                </svg>
                <p class="board-popover" role="status" hidden>
                    <span></span>
                    <button type="button" class="board-popover-close" aria-label="Close">
                        "×"
                    </button>
                </p>
            </div>
            {(!compact)
                .then(|| {
                    view! {
                        <Reserve play=play items=items placeable=placeable to_move=to_move/>
                    }
                })}
        </section>
    }
}
