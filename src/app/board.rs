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

use super::kit::{Stored, Var};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::editing::{self, Held};
use super::kit::Memo;
use super::kit::{self, dom, services, Sink};
use super::reserve::Reserve;
use super::study::{self, Pick, ReserveItem};
use super::tiles::{tile_items, TileLayer};
use super::viewer::{At, Viewer};
use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, GameType};
use crate::engine::position::{Move, Position};
use crate::notation::frame::Frame;
use crate::notation::uhp::MoveString;
use crate::notation::{direction, standard, Coordinates};
use crate::view::svg::{destination_at, Destination};
use crate::view::{
    svg, Highlight, Layout, Orientation, Point, Rect, Replay, Scene, Snapshot, TileShape,
};

/// The toolbar's buttons; [`Board`] sets their state.
const TOOLBAR: &str = concat!(
    r#"<button type="button" id="zoom-out" aria-label="Zoom out" title="Zoom out">−</button>"#,
    r#"<button type="button" id="zoom-in" aria-label="Zoom in" title="Zoom in (or ctrl + wheel)">+</button>"#,
    r#"<button type="button" id="fit-board" aria-label="Fit the board to the view" title="Fit the board">Fit</button>"#,
    r#"<button type="button" id="orientation" aria-pressed="true" title="Noon up: the direction notation's frame (pressed), or as the record was played">Noon up</button>"#,
    r#"<button type="button" id="tile-shape" aria-label="Tiles: flat. Switch to pointy" title="Flat or pointy tiles">⬢ Flat</button>"#,
    r#"<button type="button" id="download-svg" aria-label="Download the current board as an SVG image" title="Download the board as an SVG image">⤓ SVG</button>"#,
    r#"<button type="button" id="show-grid" aria-pressed="false" title="Name the cells (algebraic grid)">Grid</button>"#,
    r#"<button type="button" id="edit-position" aria-pressed="false" title="Set up a position">✎ Edit from here</button>"#,
);

/// How much one zoom step scales the view.
const ZOOM_STEP: f64 = 1.25;
/// A press becomes a drag once the pointer moved this far (pixels); shorter presses are taps.
pub(super) const DRAG_THRESHOLD: f64 = 4.0;

/// The moves a pick can play, one per destination, and their marks (in the same order).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Targets {
    pub moves: Vec<Move>,
    pub marks: Vec<Destination>,
}

/// The destinations of a pick in `pos`, each move written as the standard column would write
/// it once played (as [`study::notate_candidate`] does, without the other notations).
pub(super) fn targets(
    pos: &Position,
    coordinates: Coordinates,
    pick: Pick,
    layout: &Layout,
) -> Targets {
    let before = Frame::of_position(pos);
    let mut out = Targets::default();
    for mv in study::destinations(pos, pick) {
        let Some(to) = mv.to() else {
            continue;
        };
        let frame = before.after(mv);
        let written =
            standard::write_with(pos, &frame, &coordinates.frame_for::<MoveString>(frame), mv);
        let occupied = pos.board().top(to).is_some();
        out.moves.push(mv);
        out.marks
            .push(Destination::new(layout, to, written.to_string(), occupied));
    }
    out
}

/// Both players' pieces in hand on a board drawn from a snapshot (a previewed move), in the
/// order of [`study::reserve`], none placeable.
pub(super) fn reserve_at(snapshot: &Snapshot, game_type: GameType) -> Vec<ReserveItem> {
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        for bug in Bug::ALL.into_iter().filter(|b| game_type.includes(*b)) {
            let placed = snapshot
                .stacks
                .iter()
                .flat_map(|(_, s)| s)
                .filter(|p| p.color() == color && p.bug() == bug)
                .count();
            let count = usize::from(bug.count()).saturating_sub(placed);
            if count > 0 {
                out.push(ReserveItem {
                    color,
                    bug,
                    count,
                    placeable: false,
                });
            }
        }
    }
    out
}

/// What a legal move of `pos` would show on the board if played: its direction notation's
/// highlight, and the frame after it (where the compass points).
pub(super) fn candidate_highlight(pos: &Position, mv: Move) -> Option<(Highlight, Frame)> {
    if !pos.is_legal(mv) {
        return None;
    }
    let frame = Frame::of_position(pos).after(mv);
    let e = direction::explain(pos, &frame, mv)?;
    Some((Highlight::from_explanation(&e), frame))
}

/// The element's box on screen, without needing `DomRect` bindings.
fn client_rect(el: &web_sys::Element) -> Option<Rect> {
    let get = |o: &wasm_bindgen::JsValue, k: &str| {
        js_sys::Reflect::get(o, &wasm_bindgen::JsValue::from_str(k)).ok()
    };
    let f: js_sys::Function = get(el, "getBoundingClientRect")?.dyn_into().ok()?;
    let r = f.call0(el).ok()?;
    let n = |k| get(&r, k).and_then(|v| v.as_f64());
    Some(Rect::new(n("left")?, n("top")?, n("width")?, n("height")?))
}

/// The box the board is drawn in, on screen: the element's, inside its border.
fn content_rect(el: &web_sys::Element) -> Option<Rect> {
    let r = client_rect(el)?;
    let (w, h) = (f64::from(el.client_width()), f64::from(el.client_height()));
    if w <= 0.0 || h <= 0.0 {
        return Some(r);
    }
    Some(Rect::new(
        r.x + f64::from(el.client_left()),
        r.y + f64::from(el.client_top()),
        w,
        h,
    ))
}

/// The position moves are played in, as the board last marked it, and whether moves could
/// be played there.
#[derive(Clone, Debug)]
struct Settled {
    at: At,
    live: bool,
}

/// What a press on the board took hold of.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Grab {
    /// The board itself (an empty cell, a piece that cannot move): a drag pans.
    Board,
    /// A piece of the player to move: a drag carries it.
    Piece(Hex),
    /// A marked destination: a tap plays it, a drag pans.
    Destination(usize),
    /// A cell of the position editor: a tap acts on it, a drag moves its top piece.
    Cell(Hex),
}

/// Where a press started: pointer position, the view box then and what it took hold of.
#[derive(Clone, Copy, Debug)]
struct Drag {
    pointer: i32,
    x: f64,
    y: f64,
    start: Rect,
    moved: bool,
    grab: Grab,
}

/// A two-finger zoom: the view and the fingers' distance when it began, and the board point
/// that was between them.
#[derive(Clone, Copy, Debug)]
struct Pinch {
    start: Rect,
    distance: f64,
    at: Point,
}

/// The element a handler is attached to (the board).
fn event_element(e: &ev::PointerEvent) -> Option<web_sys::Element> {
    e.current_target()?.dyn_into().ok()
}

/// Where a mouse, pen or finger event happened, in client pixels.
pub(super) fn client_point(e: &ev::MouseEvent) -> Point {
    Point {
        x: f64::from(e.client_x()),
        y: f64::from(e.client_y()),
    }
}

/// The point halfway between two pointers (id, client x, y).
fn midpoint(a: (i32, f64, f64), b: (i32, f64, f64)) -> Point {
    Point {
        x: (a.1 + b.1) / 2.0,
        y: (a.2 + b.2) / 2.0,
    }
}

/// The index of the destination an event happened in (or, for `related`, went to).
fn destination_index(target: Option<web_sys::EventTarget>) -> Option<usize> {
    let el: web_sys::Element = target?.dyn_into().ok()?;
    el.closest("[data-destination]")
        .ok()??
        .get_attribute("data-destination")?
        .parse()
        .ok()
}

/// Gives an element (HTML or SVG) the focus.
fn focus(el: &web_sys::Element) {
    let f = js_sys::Reflect::get(el, &wasm_bindgen::JsValue::from_str("focus"));
    if let Ok(f) = f.and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = f.call0(el);
    }
}

/// Whether a key press activates a button (Enter or Space).
fn activates(e: &ev::KeyboardEvent) -> bool {
    matches!(e.key().as_str(), "Enter" | " ")
}

/// Playing on the board: what can be played now and a piece carried to a destination, shared
/// with the reserves (whose pieces are dragged onto the board too).
#[derive(Clone, Copy)]
pub(super) struct Play {
    pub viewer: Viewer,
    /// Whether moves can be played now: the board shows the chosen node (no notation row is
    /// being previewed) and the game goes on there.
    live: Memo<bool>,
    targets: Memo<Targets>,
    board: NodeRef<leptos::svg::Svg>,
    pub layout: Memo<Layout>,
    view_box: Memo<Rect>,
    /// Where a carried piece is drawn (board units), while it is dragged.
    ghost: Var<Option<Point>>,
    /// The destination under a carried piece.
    over: Var<Option<usize>>,
    /// A pick was made with the keyboard: its first destination takes the focus.
    focus_marks: Stored<bool>,
}

impl Play {
    /// Picks a piece or a kind in a reserve, or drops the pick when it is picked already.
    pub fn toggle(self, pick: Pick) {
        if !self.live.get_untracked() {
            return;
        }
        let same = self.viewer.study.pick.get_untracked() == Some(pick);
        self.viewer.study.candidate.set(None);
        self.viewer.study.pick.set((!same).then_some(pick));
    }

    /// Picks (or drops) with the keyboard: the focus goes to the first destination.
    pub fn toggle_by_key(self, pick: Pick) {
        self.toggle(pick);
        self.focus_marks
            .set_value(self.viewer.study.pick.get_untracked() == Some(pick));
    }

    /// Drops the pick (and any piece being carried).
    pub fn cancel(self) {
        self.end_drag();
        if self.viewer.study.pick.get_untracked().is_some() {
            self.viewer.study.pick.set(None);
        }
        self.hover(None);
    }

    /// Starts carrying a piece: it is picked, its destinations marked.
    pub fn carry(self, pick: Pick) {
        if self.live.get_untracked() && self.viewer.study.pick.get_untracked() != Some(pick) {
            self.viewer.study.candidate.set(None);
            self.viewer.study.pick.set(Some(pick));
        }
    }

    /// Plays the move of a destination.
    pub fn play(self, index: usize) {
        let mv = self.targets.with_untracked(|t| t.moves.get(index).copied());
        self.end_drag();
        if let Some(mv) = mv {
            if let Err(e) = self.viewer.play(mv) {
                leptos::logging::warn!("could not play: {e}");
            }
        }
    }

    /// Explains the move of a destination on the board (or the current move again, for
    /// `None`).
    fn hover(self, index: Option<usize>) {
        let mv = index.and_then(|i| self.targets.with_untracked(|t| t.moves.get(i).copied()));
        if self.viewer.study.candidate.get_untracked() != mv {
            self.viewer.study.candidate.set(mv);
        }
    }

    /// The board point and hex under a client point inside the board.
    fn hex_at(self, client: Point) -> Option<(Point, Hex)> {
        let el = self.board.get_untracked()?;
        let rect = content_rect(&el)?;
        let inside = client.x >= rect.x
            && client.y >= rect.y
            && client.x <= rect.x + rect.width
            && client.y <= rect.y + rect.height;
        if !inside {
            return None;
        }
        let at = self.view_box.get_untracked().board_point(rect, client)?;
        Some((at, self.layout.get_untracked().hex_at(at)))
    }

    /// The carried piece is at a client point: it is drawn there, and the destination under
    /// it is marked and explained.
    pub fn drag_to(self, client: Point) {
        let under = self.hex_at(client);
        self.ghost.set(under.map(|(at, _)| at));
        let over =
            under.and_then(|(_, h)| self.targets.with_untracked(|t| destination_at(&t.marks, h)));
        if over != self.over.get_untracked() {
            self.over.set(over);
            self.hover(over);
        }
    }

    /// The carried piece is let go at a client point: played when that is a destination.
    pub fn drop(self, client: Point) {
        self.drag_to(client);
        match self.over.get_untracked() {
            Some(i) => self.play(i),
            None => self.end_drag(),
        }
    }

    /// No piece is carried any more.
    pub fn end_drag(self) {
        if self.ghost.get_untracked().is_some() {
            self.ghost.set(None);
        }
        if self.over.get_untracked().is_some() {
            self.over.set(None);
            self.hover(None);
        }
    }

    /// Whether a piece is being carried.
    fn carrying(self) -> bool {
        self.ghost.get_untracked().is_some() || self.over.get_untracked().is_some()
    }
}

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
    let orientation = Var::new(orientation);
    let shape = Var::new(TileShape::Flat);
    // Whether the algebraic grid is drawn over the board (always in the editor).
    let show_grid = Var::new(false);
    // `None`: fit the board; `Some`: the user's zoom and pan.
    let view = Var::new(None::<Rect>);
    let drag = Var::new(None::<Drag>);
    // Pointers down on the board (id, client x, y), and a two-finger pinch in progress.
    let pointers = Stored::new(Vec::<(i32, f64, f64)>::new());
    let pinch = Stored::new(None::<Pinch>);
    let popover = Var::new(None::<String>);
    let board = NodeRef::<leptos::svg::Svg>::new();

    let live = kit::memo(Box::new(move |_| {
        !compact
            && viewer.edit.with(Option::is_none)
            && viewer.study.preview.with(Option::is_none)
            && viewer.study.position.with(|a| !a.pos.state().is_over())
    }));
    // The cells whose piece the player to move can move (or have thrown), worked out when a
    // press or key asks (read untracked: nothing redraws from it).
    let movable_now = kit::memo(Box::new(move |_| {
        if live.get() {
            viewer.study.position.with(|a| study::movable_cells(&a.pos))
        } else {
            Vec::new()
        }
    }));
    let can_move = move |h: Hex| movable_now.with_untracked(|m| m.contains(&h));
    // What the board marks as playable: the chosen position's, taken a moment after each step
    // (once the board is drawn), so that working out the legal moves never slows a step.
    let settled = Var::new(None::<Settled>);
    let settle = services::Settle::new(
        Duration::ZERO,
        Box::new(move || {
            if let (Some(at), Some(live)) = (
                viewer.study.position.try_get_untracked(),
                live.try_get_untracked(),
            ) {
                settled.set(Some(Settled { at, live }));
            }
        }),
    );
    kit::watch(Box::new(move || {
        viewer.study.ply.track();
        viewer.study.line.track();
        viewer.study.game.track();
        viewer.study.preview.track();
        settle.poke();
    }));
    let movable = kit::memo(Box::new(move |_| {
        settled.with(|s| match s {
            Some(s) if s.live => study::movable_cells(&s.at.pos),
            _ => Vec::new(),
        })
    }));
    let placeable = kit::memo(Box::new(move |_| {
        settled.with(|s| match s {
            Some(s) if s.live => study::reserve(&s.at.pos)
                .into_iter()
                .filter(|r| r.placeable)
                .map(|r| (r.color, r.bug))
                .collect(),
            _ => Vec::new(),
        })
    }));
    let to_move = kit::memo(Box::new(move |_| {
        settled.with(|s| s.as_ref().filter(|s| s.live).map(|s| s.at.pos.to_move()))
    }));
    // The piece picked on the board, if any (a memo: most changes of the pick leave it).
    let picked_hex = move || match viewer.study.pick.get() {
        Some(Pick::Board(h)) if live.get() => Some(h),
        _ => None,
    };
    let layout = kit::memo(Box::new(move |_| {
        Layout::new(replay.with(|r| r.frame()), orientation.get(), shape.get())
    }));
    let targets = kit::memo(Box::new(move |_| {
        let Some(pick) = viewer.study.pick.get() else {
            return Targets::default();
        };
        if !live.get() {
            return Targets::default();
        }
        let coordinates = viewer.study.game.with(|g| g.record.coordinates);
        let l = layout.get();
        viewer
            .study.position
            .with(|a| targets(&a.pos, coordinates, pick, &l))
    }));
    // The move a hovered destination would play, explained instead of the current one.
    let candidate = kit::memo(Box::new(move |_| {
        let mv = viewer.study.candidate.get()?;
        if !live.get() {
            return None;
        }
        viewer.study.position.with(|a| candidate_highlight(&a.pos, mv))
    }));
    let scene = kit::memo(Box::new(move |_| {
        let layout = layout.get();
        let hl = highlight.get();
        let cand = candidate.get();
        let ply = ply.get();
        replay.with(|r| {
            let mut base = r.scene(ply, &layout, hl.as_ref());
            base.make_room(&layout);
            match cand {
                Some((h, frame)) => r.candidate_scene(ply, &layout, &h, &frame, &base),
                None => base,
            }
        })
    }));
    let items = kit::memo(Box::new(move |_| {
        scene.with(|s| tile_items(s, &layout.get()))
    }));
    // Closures rather than memos where recomputing is cheap (`dom::bind` writes only what
    // changed): every memo type costs the bundle its own copy of the memo machinery.
    let under = move || {
        scene.with(|s| {
            let l = layout.get();
            let mut m = svg::under_markup(s, &l);
            if s.tiles.is_empty() {
                m.push_str(&svg::empty_markup(&l));
            }
            m
        })
    };
    let arrow = move || scene.with(svg::arrow_markup);
    // The compass apart from the scene: it changes only with the frame and the board's fit,
    // and its markup (some forty numbers) is then made again, not at every step.
    let compass = kit::memo(Box::new(move |_| scene.with(|s| s.compass.clone())));
    let compass = move || compass.with(|c| svg::compass_markup(c.as_ref()));
    // The algebraic grid, when asked for and always in the editor (whose cells take clicks).
    let grid = move || {
        let editing = viewer.edit.with(|e| e.as_ref().map(|e| e.held));
        if !show_grid.get() && editing.is_none() {
            return String::new();
        }
        let held = match editing {
            Some(Some(Held::Cell(h))) => Some(h),
            _ => None,
        };
        let l = layout.get();
        let p = ply.get();
        replay.with(|r| {
            let cells = crate::view::grid::cells(r.snapshot(p), &r.frame());
            svg::grid_markup(&cells, &l, editing.is_some(), held)
        })
    };
    let view_box = kit::memo(Box::new(move |_| {
        view.get().unwrap_or_else(|| scene.with(|s| s.view_box))
    }));

    let play = Play {
        viewer,
        live,
        targets,
        board,
        layout,
        view_box,
        ghost: Var::new(None),
        over: Var::new(None),
        focus_marks: Stored::new(false),
    };
    let marks = move || {
        let l = layout.get();
        targets.with(|t| svg::destinations_markup(&t.marks, &l))
    };
    let drop_target = move || {
        let i = play.over.get()?;
        let l = layout.get();
        targets.with(|t| t.marks.get(i).map(|d| svg::drop_target_markup(i, d, &l)))
    };
    // The piece picked, drawn under the pointer while it is carried.
    let carried = move || {
        let pick = viewer.study.pick.get()?;
        let l = layout.get();
        viewer.study.position.with(|a| {
            let id = match pick {
                Pick::Board(h) => a.pos.board().top(h)?,
                Pick::Reserve(c, b) => a.pos.in_hand(c).find(|p| p.bug() == b)?,
            };
            Some(svg::piece_markup(id, &l))
        })
    };
    let carrying = move || play.ghost.with(Option::is_some);
    // The pieces in hand on the board shown.
    let reserve = kit::memo(Box::new(move |_| {
        let p = ply.get();
        replay.with(|r| reserve_at(r.snapshot(p), r.game_type()))
    }));

    // A new game, or a new way of drawing it, starts fitted.
    kit::watch(Box::new(move || {
        fit.track();
        orientation.track();
        shape.track();
        view.set(None);
        popover.set(None);
    }));
    // A step that would leave pieces out of view fits the board again.
    kit::watch(Box::new(move || {
        let extent = scene.with(Scene::tiles_extent);
        if let (Some(v), Some(e)) = (view.get_untracked(), extent) {
            if !v.contains(e) {
                view.set(None);
            }
        }
    }));
    // A pick made with the keyboard takes the focus to its first destination, once drawn.
    kit::watch(Box::new(move || {
        targets.track();
        if play.focus_marks.get_value() {
            play.focus_marks.set_value(false);
            request_animation_frame(move || {
                if let Some(el) = board
                    .get_untracked()
                    .and_then(|b| b.query_selector(".destinations [data-destination]").ok())
                    .flatten()
                {
                    focus(&el);
                }
            });
        }
    }));
    // Escape drops the pick, wherever the focus is; from a destination the focus goes back to
    // what was picked.
    let escape = window_event_listener(ev::keydown, move |e| {
        if e.key() != "Escape" {
            return;
        }
        // In the editor, Escape lets go of the chosen piece or cell.
        if viewer
            .edit
            .with_untracked(|ed| ed.as_ref().is_some_and(|ed| ed.held.is_some()))
        {
            viewer.edit.update(|ed| {
                if let Some(ed) = ed {
                    ed.held = None;
                }
            });
            return;
        }
        let pick = viewer.study.pick.get_untracked();
        if pick.is_none() && !play.carrying() {
            return;
        }
        let document = document();
        let on_mark = document
            .active_element()
            .and_then(|el| el.closest("[data-destination]").ok().flatten())
            .is_some();
        let back = match pick {
            _ if !on_mark => None,
            None => None,
            Some(Pick::Board(_)) => board
                .get_untracked()
                .and_then(|b| b.query_selector(".piece[data-selected]").ok().flatten()),
            Some(Pick::Reserve(c, b)) => document
                .query_selector(&format!("[data-reserve=\"{}{}\"]", c.letter(), b.letter()))
                .ok()
                .flatten(),
        };
        drag.set(None);
        play.cancel();
        if let Some(el) = back {
            focus(&el);
        }
    });
    on_cleanup(move || escape.remove());

    // The tiles: drawn by hand (see `tiles`), marked movable and picked as the play goes.
    // The board's layers are found in its `<svg>` once it is mounted (one element type of
    // node reference fewer in the bundle than a reference per layer).
    let layer_of = move |class: &str| {
        let svg: web_sys::Element = board.get()?.into();
        dom::find(&svg, &format!("g.{class}"))
    };
    let tiles = Rc::new(RefCell::new(TileLayer::default()));
    {
        let tiles = Rc::clone(&tiles);
        kit::watch(Box::new(move || {
            let Some(layer) = layer_of("tiles") else {
                return;
            };
            let tiles = Rc::clone(&tiles);
            kit::watch(Box::new(move || {
                let mut t = tiles.borrow_mut();
                // The layout the items were made with (`items` follows it).
                let l = layout.get_untracked();
                items.with(|items| t.draw(&layer, items, &l));
                let picked = picked_hex();
                movable.with(|m| t.mark(m, picked));
            }));
        }));
    }
    // Its events, delegated: a click on a piece that cannot move (or a keyboard's) shows its
    // popover, Enter or Space picks a piece that can; focus shows the popover too.
    kit::watch(Box::new(move || {
        let Some(layer) = layer_of("tiles") else {
            return;
        };
        let tiles = Rc::clone(&tiles);
        dom::listen(
            &layer,
            &["click", "keydown", "focusin", "focusout"],
            move |e: web_sys::Event| {
                let kind = e.type_();
                if kind == "focusout" {
                    popover.set(None);
                    return;
                }
                let Some((hex, label)) = tiles.borrow().tile_of(e.target()) else {
                    return;
                };
                match kind.as_str() {
                    "click" => {
                        let by_key = e
                            .dyn_ref::<web_sys::MouseEvent>()
                            .is_some_and(|m| m.detail() == 0);
                        if !can_move(hex) {
                            popover.set(Some(label));
                        } else if by_key {
                            play.toggle_by_key(Pick::Board(hex));
                        }
                    }
                    "keydown" => {
                        let activated =
                            e.dyn_ref::<web_sys::KeyboardEvent>().is_some_and(activates);
                        if activated && can_move(hex) {
                            e.prevent_default();
                            popover.set(None);
                            play.toggle_by_key(Pick::Board(hex));
                        }
                    }
                    // A press gives the focus too; only the keyboard's shows the popover.
                    _ if drag.get_untracked().is_none() => popover.set(Some(label)),
                    _ => {}
                }
            },
        );
    }));

    let view_box_attr = move || {
        let v = view_box.get();
        format!(
            "{} {} {} {}",
            svg::num(v.x),
            svg::num(v.y),
            svg::num(v.width),
            svg::num(v.height)
        )
    };
    let zoom = move |factor: f64| view.set(Some(view_box.get_untracked().zoomed(factor)));

    // Changes the position being edited.
    let edit = move |f: &dyn Fn(&mut editing::Editing)| {
        viewer.edit.update(|e| {
            if let Some(e) = e {
                f(e);
            }
        })
    };
    // What a press at a client point takes hold of.
    let grab_at = move |p: Point| -> Grab {
        let Some((_, h)) = play.hex_at(p) else {
            return Grab::Board;
        };
        if viewer.edit.with_untracked(Option::is_some) {
            return Grab::Cell(h);
        }
        if let Some(i) = targets.with_untracked(|t| destination_at(&t.marks, h)) {
            return Grab::Destination(i);
        }
        if can_move(h) {
            return Grab::Piece(h);
        }
        Grab::Board
    };

    let on_wheel = move |e: ev::WheelEvent| {
        if e.ctrl_key() || e.meta_key() {
            e.prevent_default();
            let factor = if e.delta_y() < 0.0 {
                ZOOM_STEP.sqrt()
            } else {
                1.0 / ZOOM_STEP.sqrt()
            };
            // Zoom about the pointer, so that what is under it stays there.
            let vb = view_box.get_untracked();
            let at = e
                .current_target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| content_rect(&el))
                .and_then(|rect| vb.board_point(rect, client_point(&e)));
            match at {
                Some(at) => view.set(Some(vb.zoomed_at(factor, at))),
                None => zoom(factor),
            }
        }
    };
    let on_pointer_down = move |e: ev::PointerEvent| {
        if e.button() != 0 {
            return;
        }
        let (id, x, y) = (
            e.pointer_id(),
            f64::from(e.client_x()),
            f64::from(e.client_y()),
        );
        pointers.update_value(|ps| {
            ps.retain(|p| p.0 != id);
            ps.push((id, x, y));
        });
        let el = event_element(&e);
        if pointers.with_value(Vec::len) == 2 {
            // A second finger: pinch about the point between the two.
            drag.set(None);
            play.end_drag();
            let (a, b) = pointers.with_value(|ps| (ps[0], ps[1]));
            let start = view_box.get_untracked();
            let at = el
                .as_ref()
                .and_then(content_rect)
                .and_then(|rect| start.board_point(rect, midpoint(a, b)));
            if let (Some(el), Some(at)) = (el, at) {
                let _ = el.set_pointer_capture(a.0);
                let _ = el.set_pointer_capture(b.0);
                pinch.set_value(Some(Pinch {
                    start,
                    distance: (a.1 - b.1).hypot(a.2 - b.2).max(1.0),
                    at,
                }));
            }
            return;
        }
        drag.set(Some(Drag {
            pointer: id,
            x,
            y,
            start: view_box.get_untracked(),
            moved: false,
            grab: grab_at(Point { x, y }),
        }));
    };
    let on_pointer_move = move |e: ev::PointerEvent| {
        let id = e.pointer_id();
        let (px, py) = (f64::from(e.client_x()), f64::from(e.client_y()));
        pointers.update_value(|ps| {
            if let Some(p) = ps.iter_mut().find(|p| p.0 == id) {
                (p.1, p.2) = (px, py);
            }
        });
        if let Some(pz) = pinch.get_value() {
            let two = pointers.with_value(|ps| (ps.len() >= 2).then(|| (ps[0], ps[1])));
            let rect = event_element(&e).as_ref().and_then(content_rect);
            if let (Some((a, b)), Some(rect)) = (two, rect) {
                let factor = (a.1 - b.1).hypot(a.2 - b.2) / pz.distance;
                // Scale about the point first pinched, then keep it between the fingers.
                let z = pz.start.zoomed_at(factor, pz.at);
                if let Some(now) = z.board_point(rect, midpoint(a, b)) {
                    let x = z.x + pz.at.x - now.x;
                    let y = z.y + pz.at.y - now.y;
                    view.set(Some(Rect::new(x, y, z.width, z.height)));
                }
            }
            return;
        }
        let Some(d) = drag.get_untracked() else {
            return;
        };
        if d.pointer != id {
            return;
        }
        let (dx, dy) = (px - d.x, py - d.y);
        if !d.moved && dx.hypot(dy) < DRAG_THRESHOLD {
            return;
        }
        let Some(el) = event_element(&e) else {
            return;
        };
        if !d.moved {
            let _ = el.set_pointer_capture(d.pointer);
            drag.set(Some(Drag { moved: true, ..d }));
            if let Grab::Piece(h) = d.grab {
                popover.set(None);
                play.carry(Pick::Board(h));
            }
        }
        if let Grab::Piece(_) = d.grab {
            play.drag_to(Point { x: px, y: py });
            return;
        }
        if let Grab::Cell(_) = d.grab {
            return;
        }
        let size = Rect::new(
            0.0,
            0.0,
            f64::from(el.client_width()),
            f64::from(el.client_height()),
        );
        if let Some(v) = d.start.panned(size, dx, dy) {
            view.set(Some(v));
        }
    };
    let on_pointer_up = move |e: ev::PointerEvent| {
        let id = e.pointer_id();
        pointers.update_value(|ps| ps.retain(|p| p.0 != id));
        if pointers.with_value(Vec::len) < 2 {
            pinch.set_value(None);
        }
        let Some(d) = drag.get_untracked().filter(|d| d.pointer == id) else {
            return;
        };
        drag.set(None);
        if e.type_() == "pointercancel" {
            play.end_drag();
            return;
        }
        match (d.grab, d.moved) {
            (Grab::Cell(from), moved) => {
                let to = play.hex_at(client_point(&e)).map(|(_, h)| h);
                edit(&|ed| match to {
                    Some(to) if moved && to != from => {
                        ed.held = None;
                        ed.error = ed.move_top(from, to).err();
                    }
                    _ => ed.click(from),
                });
            }
            (Grab::Piece(_), true) => play.drop(client_point(&e)),
            (Grab::Piece(h), false) => play.toggle(Pick::Board(h)),
            (Grab::Destination(i), false) => play.play(i),
            (Grab::Board, false) => play.cancel(),
            _ => {}
        }
    };

    // The destinations layer: hovering or focusing one explains its move; Enter, Space or a
    // click that no pointer made (assistive technology) plays it. Pointer taps are played by
    // the board's pointer handlers.
    let on_marks_over = move |e: ev::PointerEvent| {
        if !play.carrying() {
            if let Some(i) = destination_index(e.target()) {
                play.hover(Some(i));
            }
        }
    };
    let on_marks_out = move |e: ev::PointerEvent| {
        if !play.carrying() {
            play.hover(destination_index(e.related_target()));
        }
    };
    let on_marks_key = move |e: ev::KeyboardEvent| {
        if activates(&e) {
            if let Some(i) = destination_index(e.target()) {
                e.prevent_default();
                play.play(i);
            }
        }
    };
    let on_marks_click = move |e: ev::MouseEvent| {
        if e.detail() == 0 {
            if let Some(i) = destination_index(e.target()) {
                play.play(i);
            }
        }
    };

    // What the board's element and its layers show, each bound to its signals (see
    // `dom::bind`).
    kit::watch(Box::new(move || {
        let Some(svg) = board.get() else { return };
        let svg: web_sys::Element = svg.into();
        kit::bind(
            svg.clone(),
            Sink::Attr("class"),
            Box::new(move || {
                let dragging =
                    drag.with(|d| d.is_some_and(|d| d.moved && !matches!(d.grab, Grab::Piece(_))));
                let mut c = String::from("hive-board");
                if dragging {
                    c.push_str(" dragging");
                }
                if carrying() {
                    c.push_str(" carrying");
                }
                if viewer.edit.with(Option::is_some) {
                    c.push_str(" editing");
                }
                Some(c)
            }),
        );
        kit::bind(
            svg.clone(),
            Sink::Attr("aria-label"),
            Box::new(move || Some(format!("Hive board after {} moves", ply.get()))),
        );
        kit::bind(
            svg.clone(),
            Sink::Attr("data-ply"),
            Box::new(move || Some(ply.get().to_string())),
        );
        kit::bind(
            svg.clone(),
            Sink::Attr("viewBox"),
            Box::new(move || Some(view_box_attr())),
        );
        // Patched where only values change: a step moves the cell left and the arrow.
        if let Some(g) = layer_of("under") {
            kit::bind(g, Sink::Markup, Box::new(move || Some(under())));
        }
        // The arrow and the compass apart: the compass seldom changes, and `dom::bind`
        // leaves markup that reads the same, so a step rewrites only the arrow.
        if let Some(g) = layer_of("over > .arrows") {
            kit::bind(g, Sink::Markup, Box::new(move || Some(arrow())));
        }
        if let Some(g) = layer_of("over > .compasses") {
            kit::bind(g, Sink::Markup, Box::new(move || Some(compass())));
        }
        if let Some(g) = layer_of("grid") {
            kit::bind(g, Sink::Html, Box::new(move || Some(grid())));
        }
        if let Some(g) = layer_of("destinations") {
            kit::bind(g, Sink::Html, Box::new(move || Some(marks())));
        }
        if let Some(g) = layer_of("drop") {
            kit::bind(g, Sink::Html, Box::new(drop_target));
        }
        if let Some(g) = layer_of("ghost") {
            kit::bind(
                g.clone(),
                Sink::Attr("transform"),
                Box::new(move || {
                    play.ghost
                        .get()
                        .map(|p| format!("translate({} {})", svg::num(p.x), svg::num(p.y)))
                }),
            );
            kit::bind(
                g,
                Sink::Html,
                Box::new(move || if carrying() { carried() } else { None }),
            );
        }
    }));
    // The popover: a stack's pieces or a piece's name, until closed.
    kit::watch(Box::new(move || {
        let Some(svg) = board.get() else { return };
        let frame = svg.parent_element();
        let Some(p) = frame.and_then(|f| dom::find(&f, ".board-popover")) else {
            return;
        };
        if let Some(text) = p.first_element_child() {
            kit::bind(text, Sink::Text, Box::new(move || popover.get()));
        }
        kit::bind(
            p.clone(),
            Sink::Attr("hidden"),
            Box::new(move || popover.with(Option::is_none).then(String::new)),
        );
        dom::listen(&p, &["click"], move |e| {
            if dom::event_closest(&e, "button").is_some() {
                popover.set(None);
            }
        });
    }));
    // The board's and the destinations' events, delegated to one listener each.
    kit::watch(Box::new(move || {
        let Some(svg) = board.get() else { return };
        dom::listen(
            &svg,
            &[
                "wheel",
                "pointerdown",
                "pointermove",
                "pointerup",
                "pointercancel",
                "contextmenu",
                "keydown",
            ],
            move |e| {
                if let Some(w) = e.dyn_ref::<ev::WheelEvent>() {
                    on_wheel(w.clone());
                    return;
                }
                if viewer.edit.with_untracked(Option::is_none) {
                    if e.type_() == "contextmenu" || e.type_() == "keydown" {
                        return;
                    }
                } else if let Some(k) = e.dyn_ref::<ev::KeyboardEvent>() {
                    // A focused cell: Enter or Space acts on it, Delete takes its top piece.
                    let Some(cell) = dom::event_closest(&e, "[data-cell]") else {
                        return;
                    };
                    let coord = |n: &str| cell.get_attribute(n).and_then(|v| v.parse().ok());
                    let (Some(q), Some(r)) = (coord("data-q"), coord("data-r")) else {
                        return;
                    };
                    let h = Hex::new(q, r);
                    let key = k.key();
                    if activates(k) {
                        k.prevent_default();
                        edit(&|ed| ed.click(h));
                    } else if key == "Delete" || key == "Backspace" {
                        k.prevent_default();
                        edit(&|ed| {
                            ed.remove_top(h);
                            ed.held = None;
                        });
                    }
                    return;
                } else if e.type_() == "contextmenu" {
                    // A right click takes the top piece off.
                    e.prevent_default();
                    if let Some(m) = e.dyn_ref::<ev::MouseEvent>() {
                        if let Some((_, h)) = play.hex_at(client_point(m)) {
                            edit(&|ed| {
                                ed.remove_top(h);
                                ed.held = None;
                            });
                        }
                    }
                    return;
                }
                let Some(p) = e.dyn_ref::<ev::PointerEvent>().cloned() else {
                    return;
                };
                match e.type_().as_str() {
                    "pointerdown" => on_pointer_down(p),
                    "pointermove" => on_pointer_move(p),
                    _ => on_pointer_up(p),
                }
            },
        );
    }));
    kit::watch(Box::new(move || {
        let Some(g) = layer_of("destinations") else {
            return;
        };
        dom::listen(
            &g,
            &[
                "pointerover",
                "pointerout",
                "focusin",
                "focusout",
                "keydown",
                "click",
            ],
            move |e| match e.type_().as_str() {
                "pointerover" | "pointerout" => {
                    if let Some(p) = e.dyn_ref::<ev::PointerEvent>().cloned() {
                        if e.type_() == "pointerover" {
                            on_marks_over(p);
                        } else {
                            on_marks_out(p);
                        }
                    }
                }
                "focusin" => {
                    if let Some(i) = destination_index(e.target()) {
                        play.hover(Some(i));
                    }
                }
                "focusout" => play.hover(None),
                "keydown" => {
                    if let Some(k) = e.dyn_ref::<ev::KeyboardEvent>() {
                        on_marks_key(k.clone());
                    }
                }
                _ => {
                    if let Some(m) = e.dyn_ref::<ev::MouseEvent>() {
                        on_marks_click(m.clone());
                    }
                }
            },
        );
    }));

    // The image is written by code loaded on first use (`lazy::download_svg`).
    let download_svg = move || {
        let l = layout.get_untracked();
        let hl = highlight.get_untracked();
        let p = ply.get_untracked();
        let scene = replay.with_untracked(|r| r.scene(p, &l, hl.as_ref()));
        leptos::task::spawn_local(async move {
            if super::lazy::download_svg(Box::new(scene), l, p)
                .await
                .is_err()
            {
                let e = super::game::LoadError::Unavailable.to_string();
                viewer.load_error.set(Some(e));
            }
        });
    };

    // The toolbar: static markup, its state set by an effect and its clicks delegated (see
    // `controls` for why).
    let toolbar = NodeRef::<leptos::html::Div>::new();
    kit::watch(Box::new(move || {
        let Some(bar) = toolbar.get() else { return };
        let noon_up = orientation.get() == Orientation::NoonUp;
        let flat = shape.get() == TileShape::Flat;
        if let Some(b) = dom::find(&bar, "#orientation") {
            dom::set_attr(
                &b,
                "aria-pressed",
                Some(if noon_up { "true" } else { "false" }),
            );
        }
        let pressed = |on: bool| Some(if on { "true" } else { "false" });
        let editing = viewer.edit.with(Option::is_some);
        if let Some(b) = dom::find(&bar, "#show-grid") {
            dom::set_attr(&b, "aria-pressed", pressed(show_grid.get() || editing));
        }
        if let Some(b) = dom::find(&bar, "#edit-position") {
            dom::set_attr(&b, "aria-pressed", pressed(editing));
            b.set_text_content(Some(if editing {
                "✓ Done editing"
            } else {
                "✎ Edit from here"
            }));
        }
        if let Some(b) = dom::find(&bar, "#tile-shape") {
            let label = if flat {
                "Tiles: flat. Switch to pointy"
            } else {
                "Tiles: pointy. Switch to flat"
            };
            dom::set_attr(&b, "aria-label", Some(label));
            b.set_text_content(Some(if flat { "⬢ Flat" } else { "⬣ Pointy" }));
        }
    }));
    kit::watch(Box::new(move || {
        let Some(bar) = toolbar.get() else { return };
        dom::listen(&bar, &["click"], move |e| {
            let Some(b) = dom::event_closest(&e, "button") else {
                return;
            };
            match b.id().as_str() {
                "zoom-out" => zoom(1.0 / ZOOM_STEP),
                "zoom-in" => zoom(ZOOM_STEP),
                "fit-board" => view.set(None),
                "orientation" => orientation.update(|o| {
                    *o = match *o {
                        Orientation::NoonUp => Orientation::AsPlayed,
                        Orientation::AsPlayed => Orientation::NoonUp,
                    }
                }),
                "tile-shape" => shape.update(|s| {
                    *s = match *s {
                        TileShape::Flat => TileShape::Pointy,
                        TileShape::Pointy => TileShape::Flat,
                    }
                }),
                "download-svg" => download_svg(),
                "show-grid" => show_grid.update(|g| *g = !*g),
                "edit-position" => super::editor::toggle(viewer),
                _ => {}
            }
        });
    }));

    view! {
        <section class="board-panel" aria-label="Board">
            <div
                class="board-toolbar"
                role="group"
                aria-label="Board view"
                hidden=compact
                node_ref=toolbar
                inner_html=TOOLBAR
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
                    view! { <Reserve play=play items=reserve placeable=placeable to_move=to_move/> }
                })}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game::Game;

    /// Every pick of the player to move: the pieces that can move and the kinds in hand.
    fn picks(pos: &Position) -> Vec<Pick> {
        let mut out: Vec<Pick> = study::movable_cells(pos)
            .into_iter()
            .map(Pick::Board)
            .collect();
        out.extend(
            study::reserve(pos)
                .into_iter()
                .filter(|r| r.placeable)
                .map(|r| Pick::Reserve(r.color, r.bug)),
        );
        out
    }

    #[test]
    fn destinations_are_written_as_the_standard_column_writes_them() {
        let game = Game::example();
        let tree = game.tree();
        let line = game.main_line();
        let coordinates = game.record.coordinates;
        let layout = Layout::new(line.replay.frame(), Orientation::NoonUp, TileShape::Flat);
        let mut checked = 0;
        for ply in 0..line.len() {
            let pos = tree.position_at(line.node_at(ply)).unwrap();
            let mut all: Vec<Move> = Vec::new();
            for pick in picks(&pos) {
                let t = targets(&pos, coordinates, pick, &layout);
                assert_eq!(t.moves.len(), t.marks.len());
                assert!(
                    !t.moves.is_empty(),
                    "ply {ply}: {pick:?} has no destination"
                );
                for (mv, mark) in t.moves.iter().zip(&t.marks) {
                    let row = study::notate_candidate(&pos, coordinates, *mv);
                    assert_eq!(mark.written, row.standard, "ply {ply}");
                    assert_eq!(Some(mark.hex), mv.to());
                    assert_eq!(mark.occupied, pos.board().top(mark.hex).is_some());
                    checked += 1;
                }
                all.extend(t.moves);
            }
            // Every legal move is some pick's destination (one per cell and piece).
            let legal = pos.legal_moves();
            assert!(all.iter().all(|m| legal.contains(m)));
            assert!(legal.iter().all(|m| all.iter().any(|a| a.to() == m.to()
                && a.from() == m.from()
                && (a.from().is_some()
                    || a.piece().map(|p| p.bug()) == m.piece().map(|p| p.bug())))));
            // The recorded move is one of them.
            let next = tree.mv(line.node_at(ply + 1)).unwrap();
            assert!(all.contains(&next), "ply {ply}");
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn a_candidate_is_explained_as_its_row_would_be() {
        let game = Game::example();
        let tree = game.tree();
        let line = game.main_line();
        for ply in 1..line.len() {
            let pos = tree.position_at(line.node_at(ply)).unwrap();
            let node = line.node_at(ply + 1);
            let mv = tree.mv(node).unwrap();
            let (hl, frame) = candidate_highlight(&pos, mv).unwrap();
            assert_eq!(Some(hl), game.highlight(node), "ply {}", ply + 1);
            assert_eq!(frame, Frame::of_position(&pos).after(mv));
        }
        // An illegal move explains nothing.
        let pos = tree.position_at(line.node_at(10)).unwrap();
        let other = tree.mv(line.node_at(10)).unwrap();
        assert!(candidate_highlight(&pos, other).is_none());
        assert!(candidate_highlight(&pos, Move::Pass).is_none());
    }

    #[test]
    fn a_previewed_board_counts_the_pieces_in_hand() {
        let game = Game::example();
        let line = game.main_line();
        for ply in 0..=line.len() {
            let pos = game.tree().position_at(line.node_at(ply)).unwrap();
            let mut expected = study::reserve(&pos);
            for r in &mut expected {
                r.placeable = false;
            }
            let got = reserve_at(line.replay.snapshot(ply), line.replay.game_type());
            assert_eq!(got, expected, "ply {ply}");
        }
    }

    #[test]
    fn reserve_picks_place_the_next_piece_of_their_kind() {
        let game = Game::example();
        let pos = game
            .tree()
            .position_at(game.main_line().node_at(0))
            .unwrap();
        let layout = Layout::new(Frame::EMPTY, Orientation::NoonUp, TileShape::Flat);
        let t = targets(
            &pos,
            game.record.coordinates,
            Pick::Reserve(Color::White, crate::engine::piece::Bug::Ant),
            &layout,
        );
        // The first piece goes to the only cell there is.
        assert_eq!(t.moves.len(), 1);
        assert_eq!(t.marks[0].written, "wA1");
        assert!(!t.marks[0].occupied);
    }

    /// The board's own layers: the arrow and the cell left of one move and of the next
    /// differ only in values.
    #[test]
    fn the_next_move_is_a_patch() {
        use crate::app::game::Game;
        use crate::view::{svg, Layout, Orientation, TileShape};
        let g = Game::example();
        let line = g.main_line();
        let r = &line.replay;
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let scene = |ply| {
            let h = g.highlight(line.node_at(ply));
            r.scene(ply, &layout, h.as_ref())
        };
        let (a, b) = (scene(17), scene(18));
        let (arrow_a, arrow_b) = (svg::arrow_markup(&a), svg::arrow_markup(&b));
        assert!(arrow_a.contains("<polygon") && arrow_a != arrow_b);
        let patch = crate::app::kit::patch::changes(&arrow_a, &arrow_b).unwrap();
        assert!(patch.iter().any(|c| c.name == "points"), "{patch:?}");
        let (under_a, under_b) = (
            svg::under_markup(&a, &layout),
            svg::under_markup(&b, &layout),
        );
        assert!(under_a.contains("last-from") && under_a != under_b);
        assert_eq!(
            crate::app::kit::patch::changes(&under_a, &under_b).map(|p| p.len()),
            Some(1)
        );
    }
}
