//! What the board does with its events: the pointer (press, drag, pinch, release), the
//! wheel, the editor's cell keys and right click, the destinations' hover, focus, keys and
//! clicks, the tiles' clicks, keys and focus, and Escape. Each is delegated to one listener
//! on its element or layer.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::ev;
use leptos::prelude::GetUntracked;
use wasm_bindgen::JsCast;

use super::drawing_tool;
use super::play::{client_point, content_rect, DRAG_THRESHOLD};
use super::state::{BoardState, Drag, Grab, Pinch, ZOOM_STEP};
use super::tiles::TileLayer;
use crate::app::kit::{self, dom, services};
use crate::app::model::study::Pick;
use crate::engine::hex::Hex;
use crate::record::drawing::Colour;
use crate::view::svg::destination_at;
use crate::view::{Point, Rect};

/// The element a handler is attached to (the board).
fn event_element(e: &ev::PointerEvent) -> Option<web_sys::Element> {
    e.current_target()?.dyn_into().ok()
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

/// Whether a key press activates a button (Enter or Space).
fn activates(e: &ev::KeyboardEvent) -> bool {
    matches!(e.key().as_str(), "Enter" | " ")
}

/// What a press at a client point takes hold of.
fn grab_at(s: BoardState, p: Point) -> Grab {
    let Some((_, h)) = s.play.hex_at(p) else {
        return Grab::Board;
    };
    if s.viewer.edit.with_untracked(Option::is_some) {
        return Grab::Cell(h);
    }
    if let Some(i) = s.targets.with_untracked(|t| destination_at(&t.marks, h)) {
        return Grab::Destination(i);
    }
    if s.can_move(h) {
        return Grab::Piece(h);
    }
    Grab::Board
}

/// Ctrl + wheel zooms about the pointer.
fn wheel(s: BoardState, e: &ev::WheelEvent) {
    if e.ctrl_key() || e.meta_key() {
        e.prevent_default();
        let factor = if e.delta_y() < 0.0 {
            ZOOM_STEP.sqrt()
        } else {
            1.0 / ZOOM_STEP.sqrt()
        };
        // Zoom about the pointer, so that what is under it stays there.
        let vb = s.view_box.get_untracked();
        let at = e
            .current_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| content_rect(&el))
            .and_then(|rect| vb.board_point(rect, client_point(e)));
        match at {
            Some(at) => s.view.set(Some(vb.zoomed_at(factor, at))),
            None => s.zoom(factor),
        }
    }
}

/// What a press draws from, if it draws: the right button (not in the editor, whose right
/// click takes a piece off), or any press with *Draw* on; the keys held choose the colour.
fn draw_grab(s: BoardState, e: &ev::PointerEvent) -> Option<Grab> {
    let right = e.button() == 2;
    let draws = (right || s.draw_mode.get_untracked())
        && !s.compact
        && s.viewer.edit.with_untracked(Option::is_none);
    if !draws {
        return None;
    }
    let (_, h) = s.play.hex_at(client_point(e))?;
    let (shift, other) = (e.shift_key(), e.ctrl_key() || e.alt_key());
    let colour = match shift || other || !s.draw_mode.get_untracked() {
        true => Colour::of_keys(shift, other),
        false => s.draw_colour.get_untracked(),
    };
    Some(Grab::Draw(h, colour))
}

fn pointer_down(s: BoardState, e: &ev::PointerEvent) {
    let draw = draw_grab(s, e);
    if e.button() != 0 && draw.is_none() {
        return;
    }
    let (id, x, y) = (
        e.pointer_id(),
        f64::from(e.client_x()),
        f64::from(e.client_y()),
    );
    let pointers = s.pointers;
    // (The right button counts for no pinch.)
    let left = e.button() == 0;
    pointers.update_value(|ps| {
        ps.retain(|p| p.0 != id);
        if left {
            ps.push((id, x, y));
        }
    });
    let el = event_element(e);
    if pointers.with_value(Vec::len) == 2 && left {
        // A second finger: pinch about the point between the two.
        s.drag.set(None);
        s.play.end_drag();
        let (a, b) = pointers.with_value(|ps| (ps[0], ps[1]));
        let start = s.view_box.get_untracked();
        let at = el
            .as_ref()
            .and_then(content_rect)
            .and_then(|rect| start.board_point(rect, midpoint(a, b)));
        if let (Some(el), Some(at)) = (el, at) {
            let _ = el.set_pointer_capture(a.0);
            let _ = el.set_pointer_capture(b.0);
            s.pinch.set_value(Some(Pinch {
                start,
                distance: (a.1 - b.1).hypot(a.2 - b.2).max(1.0),
                at,
            }));
        }
        return;
    }
    s.drag.set(Some(Drag {
        pointer: id,
        x,
        y,
        start: s.view_box.get_untracked(),
        moved: false,
        grab: draw.unwrap_or_else(|| grab_at(s, Point { x, y })),
    }));
}

fn pointer_move(s: BoardState, e: &ev::PointerEvent) {
    let id = e.pointer_id();
    let (px, py) = (f64::from(e.client_x()), f64::from(e.client_y()));
    let pointers = s.pointers;
    pointers.update_value(|ps| {
        if let Some(p) = ps.iter_mut().find(|p| p.0 == id) {
            (p.1, p.2) = (px, py);
        }
    });
    if let Some(pz) = s.pinch.get_value() {
        let two = pointers.with_value(|ps| (ps.len() >= 2).then(|| (ps[0], ps[1])));
        let rect = event_element(e).as_ref().and_then(content_rect);
        if let (Some((a, b)), Some(rect)) = (two, rect) {
            let factor = (a.1 - b.1).hypot(a.2 - b.2) / pz.distance;
            // Scale about the point first pinched, then keep it between the fingers.
            let z = pz.start.zoomed_at(factor, pz.at);
            if let Some(now) = z.board_point(rect, midpoint(a, b)) {
                let x = z.x + pz.at.x - now.x;
                let y = z.y + pz.at.y - now.y;
                s.view.set(Some(Rect::new(x, y, z.width, z.height)));
            }
        }
        return;
    }
    let Some(d) = s.drag.get_untracked() else {
        return;
    };
    if d.pointer != id {
        return;
    }
    let (dx, dy) = (px - d.x, py - d.y);
    if !d.moved && dx.hypot(dy) < DRAG_THRESHOLD {
        return;
    }
    let Some(el) = event_element(e) else {
        return;
    };
    if !d.moved {
        let _ = el.set_pointer_capture(d.pointer);
        s.drag.set(Some(Drag { moved: true, ..d }));
        if let Grab::Piece(h) = d.grab {
            s.popover.set(None);
            s.play.carry(Pick::Board(h));
        }
    }
    if let Grab::Piece(_) = d.grab {
        s.play.drag_to(Point { x: px, y: py });
        return;
    }
    if let Grab::Draw(from, colour) = d.grab {
        // The shape follows the pointer until the button is let go.
        let to = s.play.hex_at(Point { x: px, y: py }).map(|(_, h)| h);
        drawing_tool::preview(s, from, to, colour);
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
        s.view.set(Some(v));
    }
}

fn pointer_up(s: BoardState, e: &ev::PointerEvent) {
    let id = e.pointer_id();
    let pointers = s.pointers;
    pointers.update_value(|ps| ps.retain(|p| p.0 != id));
    if pointers.with_value(Vec::len) < 2 {
        s.pinch.set_value(None);
    }
    let Some(d) = s.drag.get_untracked().filter(|d| d.pointer == id) else {
        return;
    };
    s.drag.set(None);
    if e.type_() == "pointercancel" {
        s.play.end_drag();
        drawing_tool::cancel(s);
        return;
    }
    let play = s.play;
    match (d.grab, d.moved) {
        (Grab::Cell(from), moved) => {
            let to = play.hex_at(client_point(e)).map(|(_, h)| h);
            s.edit(&|ed| match to {
                Some(to) if moved && to != from => {
                    ed.held = None;
                    ed.error = ed.move_top(from, to).err();
                }
                _ => ed.click(from),
            });
        }
        (Grab::Draw(from, colour), moved) => {
            // A click marks its cell; a drag let go off the board draws nothing.
            let to = match moved {
                true => play.hex_at(client_point(e)).map(|(_, h)| h),
                false => Some(from),
            };
            drawing_tool::draw(s, from, to, colour);
        }
        (Grab::Piece(_), true) => play.drop(client_point(e)),
        (Grab::Piece(h), false) => play.toggle(Pick::Board(h)),
        (Grab::Destination(i), false) => play.play(i),
        (Grab::Board, false) => play.cancel(),
        _ => {}
    }
}

/// A focused cell of the editor: Enter or Space acts on it, Delete takes its top piece.
fn cell_key(s: BoardState, e: &web_sys::Event, k: &ev::KeyboardEvent) {
    let Some(cell) = dom::event_closest(e, "[data-cell]") else {
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
        s.edit(&|ed| ed.click(h));
    } else if key == "Delete" || key == "Backspace" {
        k.prevent_default();
        s.edit(&|ed| {
            ed.remove_top(h);
            ed.held = None;
        });
    }
}

/// An event on the board's element.
fn board_event(s: BoardState, e: &web_sys::Event) {
    if let Some(w) = e.dyn_ref::<ev::WheelEvent>() {
        wheel(s, w);
        return;
    }
    if s.viewer.edit.with_untracked(Option::is_none) {
        if e.type_() == "contextmenu" || e.type_() == "keydown" {
            // The right button draws (`drawing_tool`), so the board has no context menu.
            if e.type_() == "contextmenu" && !s.compact {
                e.prevent_default();
            }
            return;
        }
    } else if let Some(k) = e.dyn_ref::<ev::KeyboardEvent>() {
        cell_key(s, e, k);
        return;
    } else if e.type_() == "contextmenu" {
        // A right click takes the top piece off.
        e.prevent_default();
        if let Some(m) = e.dyn_ref::<ev::MouseEvent>() {
            if let Some((_, h)) = s.play.hex_at(client_point(m)) {
                s.edit(&|ed| {
                    ed.remove_top(h);
                    ed.held = None;
                });
            }
        }
        return;
    }
    let Some(p) = e.dyn_ref::<ev::PointerEvent>() else {
        return;
    };
    match e.type_().as_str() {
        "pointerdown" => pointer_down(s, p),
        "pointermove" => pointer_move(s, p),
        _ => pointer_up(s, p),
    }
}

/// The board's events (pointer, wheel, the editor's keys and right click), delegated to one
/// listener.
pub(super) fn board(s: BoardState) {
    kit::on_mount(
        s.board,
        Box::new(move |svg| {
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
                move |e| board_event(s, &e),
            );
        }),
    );
}

/// An event on the destinations layer: hovering or focusing one explains its move; Enter,
/// Space or a click that no pointer made (assistive technology) plays it. Pointer taps are
/// played by the board's pointer handlers.
fn destination_event(s: BoardState, e: &web_sys::Event) {
    let play = s.play;
    match e.type_().as_str() {
        "pointerover" | "pointerout" => {
            let Some(p) = e.dyn_ref::<ev::PointerEvent>() else {
                return;
            };
            if play.carrying() {
                return;
            }
            if e.type_() == "pointerover" {
                if let Some(i) = destination_index(p.target()) {
                    play.hover(Some(i));
                }
            } else {
                play.hover(destination_index(p.related_target()));
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
                if activates(k) {
                    if let Some(i) = destination_index(k.target()) {
                        k.prevent_default();
                        play.play(i);
                    }
                }
            }
        }
        _ => {
            if let Some(m) = e.dyn_ref::<ev::MouseEvent>() {
                if m.detail() == 0 {
                    if let Some(i) = destination_index(m.target()) {
                        play.play(i);
                    }
                }
            }
        }
    }
}

/// The destinations' events, delegated to one listener.
pub(super) fn destinations(s: BoardState) {
    kit::on_mount(
        s.board,
        Box::new(move |svg| {
            let Some(g) = dom::find(&svg, "g.destinations") else {
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
                move |e| destination_event(s, &e),
            );
        }),
    );
}

/// The tiles' events, delegated: a click on a piece that cannot move (or a keyboard's) shows
/// its popover, Enter or Space picks a piece that can; focus shows the popover too.
pub(super) fn tiles(s: BoardState, tiles: Rc<RefCell<TileLayer>>) {
    kit::on_mount(
        s.board,
        Box::new(move |svg| {
            let Some(layer) = dom::find(&svg, "g.tiles") else {
                return;
            };
            let tiles = Rc::clone(&tiles);
            dom::listen(
                &layer,
                &["click", "keydown", "focusin", "focusout"],
                move |e: web_sys::Event| tile_event(s, &tiles, &e),
            );
        }),
    );
}

fn tile_event(s: BoardState, tiles: &RefCell<TileLayer>, e: &web_sys::Event) {
    let kind = e.type_();
    if kind == "focusout" {
        s.popover.set(None);
        return;
    }
    let Some((hex, label)) = tiles.borrow().tile_of(e.target()) else {
        return;
    };
    match kind.as_str() {
        // A tap with *Draw* on marks the cell (the pointer's handlers), nothing more.
        "click" if s.draw_mode.get_untracked() => {}
        "click" => {
            let by_key = e
                .dyn_ref::<web_sys::MouseEvent>()
                .is_some_and(|m| m.detail() == 0);
            if !s.can_move(hex) {
                s.popover.set(Some(label));
            } else if by_key {
                s.play.toggle_by_key(Pick::Board(hex));
            }
        }
        "keydown" => {
            let activated = e.dyn_ref::<web_sys::KeyboardEvent>().is_some_and(activates);
            if activated && s.can_move(hex) {
                e.prevent_default();
                s.popover.set(None);
                s.play.toggle_by_key(Pick::Board(hex));
            }
        }
        // A press gives the focus too; only the keyboard's shows the popover.
        _ if s.drag.get_untracked().is_none() => s.popover.set(Some(label)),
        _ => {}
    }
}

/// A pick made with the keyboard takes the focus to its first destination, once drawn.
pub(super) fn focus_first_destination(s: BoardState) {
    kit::watch(Box::new(move || {
        s.targets.track();
        if s.play.focus_marks.get_value() {
            s.play.focus_marks.set_value(false);
            services::next_frame(move || {
                if let Some(el) = s
                    .board
                    .get_untracked()
                    .and_then(|b| b.query_selector(".destinations [data-destination]").ok())
                    .flatten()
                {
                    dom::focus(&el);
                }
            });
        }
    }));
}

/// Escape drops the pick, wherever the focus is; from a destination the focus goes back to
/// what was picked. In the editor, it lets go of the chosen piece or cell.
pub(super) fn escape(s: BoardState) {
    services::on_window(ev::keydown, move |e| match e.key().as_str() {
        "Escape" => on_escape(s),
        // The analysis's key, as the toolbar's button (boards that play only).
        "a" | "A"
            if !(s.compact
                || e.ctrl_key()
                || e.meta_key()
                || e.alt_key()
                || dom::event_is_typing(&e)) =>
        {
            super::drawing_tool::analyse(s);
        }
        _ => {}
    });
}

fn on_escape(s: BoardState) {
    let viewer = s.viewer;
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
    if pick.is_none() && !s.play.carrying() {
        return;
    }
    let document = leptos::prelude::document();
    let on_mark = document
        .active_element()
        .and_then(|el| el.closest("[data-destination]").ok().flatten())
        .is_some();
    let back = match pick {
        _ if !on_mark => None,
        None => None,
        Some(Pick::Board(_)) => s
            .board
            .get_untracked()
            .and_then(|b| b.query_selector(".piece[data-selected]").ok().flatten()),
        Some(Pick::Reserve(c, b)) => document
            .query_selector(&format!("[data-reserve=\"{}{}\"]", c.letter(), b.letter()))
            .ok()
            .flatten(),
    };
    s.drag.set(None);
    s.play.cancel();
    if let Some(el) = back {
        dom::focus(&el);
    }
}
