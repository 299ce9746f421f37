//! What the board shows: its `<svg>` element's attributes, each layer's markup bound to its
//! signals (see `kit::bind`), the tiles drawn by hand (see `tiles`), the carried piece and the
//! destination under it, and the popover.

use std::cell::RefCell;
use std::rc::Rc;

use super::state::{BoardState, Grab};
use super::tiles::TileLayer;
use crate::app::kit::{self, dom, Sink};
use crate::view::svg;

/// The tiles: drawn by hand (see `tiles`), marked movable and picked as the play goes. The
/// board's layers are found in its `<svg>` once it is mounted (one element type of node
/// reference fewer in the bundle than a reference per layer).
pub(super) fn tiles(s: BoardState, tiles: Rc<RefCell<TileLayer>>) {
    kit::on_mount(
        s.board,
        Box::new(move |svg| {
            let Some(layer) = dom::find(&svg, "g.tiles") else {
                return;
            };
            let tiles = Rc::clone(&tiles);
            kit::watch(Box::new(move || {
                let mut t = tiles.borrow_mut();
                // The layout the items were made with (`items` follows it).
                let l = s.layout.get_untracked();
                s.items.with(|items| t.draw(&layer, items, &l));
                let picked = s.picked_hex();
                s.movable.with(|m| t.mark(m, picked));
            }));
        }),
    );
}

/// The `<svg>` element's class: what the pointer is doing and whether the editor is open.
fn class(s: BoardState) -> Option<String> {
    let dragging = s
        .drag
        .with(|d| d.is_some_and(|d| d.moved && !matches!(d.grab, Grab::Piece(_))));
    let mut c = String::from("hive-board");
    if dragging {
        c.push_str(" dragging");
    }
    if s.carrying() {
        c.push_str(" carrying");
    }
    if s.viewer.edit.with(Option::is_some) {
        c.push_str(" editing");
    }
    Some(c)
}

/// What the board's element and its layers show, each bound to its signals.
pub(super) fn show(s: BoardState) {
    kit::on_mount(
        s.board,
        Box::new(move |svg| {
            let layer = |class: &str| dom::find(&svg, &format!("g.{class}"));
            kit::bind(svg.clone(), Sink::Attr("class"), Box::new(move || class(s)));
            kit::bind(
                svg.clone(),
                Sink::Attr("aria-label"),
                Box::new(move || Some(format!("Hive board after {} moves", s.ply.get()))),
            );
            kit::bind(
                svg.clone(),
                Sink::Attr("data-ply"),
                Box::new(move || Some(s.ply.get().to_string())),
            );
            kit::bind(
                svg.clone(),
                Sink::Attr("viewBox"),
                Box::new(move || Some(s.view_box_attr())),
            );
            // Patched where only values change: a step moves the cell left and the arrow.
            if let Some(g) = layer("under") {
                kit::bind(g, Sink::Markup, Box::new(move || Some(s.under())));
            }
            // The arrow and the compass apart: the compass seldom changes, and `kit::bind`
            // leaves markup that reads the same, so a step rewrites only the arrow.
            if let Some(g) = layer("over > .arrows") {
                kit::bind(g, Sink::Markup, Box::new(move || Some(s.arrow())));
            }
            if let Some(g) = layer("over > .compasses") {
                kit::bind(g, Sink::Markup, Box::new(move || Some(s.compass())));
            }
            if let Some(g) = layer("grid") {
                kit::bind(g, Sink::Html, Box::new(move || Some(s.grid())));
            }
            if let Some(g) = layer("destinations") {
                kit::bind(g, Sink::Html, Box::new(move || Some(s.marks())));
            }
            if let Some(g) = layer("drop") {
                kit::bind(g, Sink::Html, Box::new(move || s.drop_target()));
            }
            if let Some(g) = layer("ghost") {
                ghost(s, g);
            }
        }),
    );
}

/// The carried piece, drawn under the pointer.
fn ghost(s: BoardState, g: web_sys::Element) {
    kit::bind(
        g.clone(),
        Sink::Attr("transform"),
        Box::new(move || {
            s.play
                .ghost
                .get()
                .map(|p| format!("translate({} {})", svg::num(p.x), svg::num(p.y)))
        }),
    );
    kit::bind(
        g,
        Sink::Html,
        Box::new(move || if s.carrying() { s.carried() } else { None }),
    );
}

/// The popover: a stack's pieces or a piece's name, until closed.
pub(super) fn popover(s: BoardState) {
    let popover = s.popover;
    kit::on_mount(
        s.board,
        Box::new(move |svg| {
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
        }),
    );
}

#[cfg(test)]
mod tests {
    /// The board's own layers: the arrow and the cell left of one move and of the next
    /// differ only in values.
    #[test]
    fn the_next_move_is_a_patch() {
        use crate::app::model::game::NotatedGame;
        use crate::view::{svg, Layout, Orientation, TileShape};
        let g = NotatedGame::example();
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
