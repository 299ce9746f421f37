//! The board's tiles: one `<g class="piece">` per occupied cell, written from the markup of
//! [`crate::view::svg`] and kept while its artwork lasts. A tile's artwork is drawn about the
//! origin and put in its place by the group's `transform`, so that a piece that moves keeps
//! its element (and the focus) and a step writes one attribute; the last move's and the
//! reference's marks (and the words that name them) are changed in place. Written by hand rather than with a keyed list: the list's
//! machinery cost the bundle more than the rest of the board together, and a board has a few
//! dozen tiles.

use std::fmt::Write as _;
use std::hash::{Hash, Hasher};

use wasm_bindgen::JsCast;

use crate::app::kit::dom;

use crate::codec::Fnv1a;
use crate::engine::hex::Hex;
use crate::view::{svg, Layout, Scene, Tile};

const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// One tile as the board draws it; `key` changes whenever its artwork changes (not when it
/// only moves). The artwork itself is written only for a tile that is created: a step keeps
/// them all but for a stack that grew or shrank.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TileItem {
    pub key: u64,
    pub hex: Hex,
    /// `data-*` attributes, as the downloaded image has them.
    pub attributes: Vec<(&'static str, String)>,
    pub label: String,
    pub tile: Tile,
}

/// The attributes a step changes in place.
const MARK_ATTRIBUTES: [&str; 3] = ["data-last", "data-reference", "data-thrower"];

/// The tiles of a scene, in drawing order.
pub(super) fn tile_items(scene: &Scene, layout: &Layout) -> Vec<TileItem> {
    // What the artwork is made of: the layout (as the outline of one tile) and the tile's
    // stack; its place is the group's transform.
    let outline = svg::tile_outline(layout);
    svg::drawing_order(scene)
        .into_iter()
        .map(|t| {
            let attributes = svg::tile_attributes(t);
            // FNV-1a: a tile's key needs no protection against chosen collisions.
            let mut h = Fnv1a::default();
            for (name, value) in &attributes {
                if !MARK_ATTRIBUTES.contains(name) {
                    (name, value).hash(&mut h);
                }
            }
            outline.hash(&mut h);
            for p in &t.stack {
                h.write_u8(p.0);
            }
            TileItem {
                key: h.finish(),
                hex: t.hex,
                attributes,
                label: svg::tile_label(t),
                tile: t.clone(),
            }
        })
        .collect()
}

/// What a tile says to assistive technology, given whether its piece can move now and
/// whether it is the picked one.
pub(super) fn tile_aria_label(label: &str, movable: bool, picked: bool) -> String {
    if !movable {
        label.to_string()
    } else if picked {
        format!("{label}; picked: its destinations follow the pieces")
    } else {
        format!("{label}; can move: Enter picks it")
    }
}

/// A tile on the page and what was last written on it.
struct Drawn {
    key: u64,
    hex: Hex,
    /// The centre its `transform` puts it at (compared rather than the attribute's text:
    /// formatting every tile's place to find it unchanged cost a step 0.03–0.05 ms).
    at: (f64, f64),
    label: String,
    /// Whether the last move's, the reference's and the thrower's marks show.
    marks: (bool, bool, bool),
    el: web_sys::Element,
    state: Option<(bool, bool)>,
}

/// The tiles drawn in a layer (`<g>`), in order.
#[derive(Default)]
pub(super) struct TileLayer {
    drawn: Vec<Drawn>,
}

impl TileLayer {
    /// Makes the layer draw `items`: tiles whose key is drawn already stay (moved if the
    /// order changed), the others are created, and those gone are removed.
    pub fn draw(&mut self, layer: &web_sys::Element, items: &[TileItem], layout: &Layout) {
        let same = self.drawn.len() == items.len()
            && self.drawn.iter().zip(items).all(|(d, t)| d.key == t.key);
        if same {
            for (d, t) in self.drawn.iter_mut().zip(items) {
                d.update(t);
            }
            return;
        }
        // A board drawn from nothing (the first, or a new game's): every tile in one parse,
        // instead of one element and one parse per tile.
        if !items.is_empty()
            && items
                .iter()
                .all(|t| self.drawn.iter().all(|d| d.key != t.key))
        {
            self.redraw(layer, items, layout);
            return;
        }
        let Some(document) = layer.owner_document() else {
            return;
        };
        let mut old = std::mem::take(&mut self.drawn);
        let mut next = Vec::with_capacity(items.len());
        for t in items {
            let reused = old
                .iter()
                .position(|d| d.key == t.key)
                .map(|i| old.swap_remove(i));
            let drawn = match reused {
                Some(mut d) => {
                    d.update(t);
                    d
                }
                None => match create(&document, t, layout) {
                    Some(el) => Drawn::new(t, el),
                    None => continue,
                },
            };
            next.push(drawn);
        }
        for d in old {
            d.el.remove();
        }
        // Put the tiles in order, moving only those out of place.
        let mut at = layer.first_element_child();
        for d in &next {
            if at.as_ref() == Some(&d.el) {
                at = d.el.next_element_sibling();
            } else {
                let _ = layer.insert_before(&d.el, at.as_ref().map(|e| e.as_ref()));
            }
        }
        self.drawn = next;
    }

    /// Replaces the layer's tiles with `items`, written as one piece of markup.
    fn redraw(&mut self, layer: &web_sys::Element, items: &[TileItem], layout: &Layout) {
        let markup: String = items.iter().map(|t| markup(t, layout)).collect();
        layer.set_inner_html(&markup);
        let children = layer.children();
        self.drawn = items
            .iter()
            .enumerate()
            .filter_map(|(i, t)| Some(Drawn::new(t, children.item(u32::try_from(i).ok()?)?)))
            .collect();
    }

    /// Marks the tiles whose piece can move (`movable`) and the picked one.
    pub fn mark(&mut self, movable: &[Hex], picked: Option<Hex>) {
        for d in &mut self.drawn {
            let state = (movable.contains(&d.hex), picked == Some(d.hex));
            if d.state == Some(state) {
                continue;
            }
            d.state = Some(state);
            let (can, is_picked) = state;
            dom::set_attr(&d.el, "data-movable", can.then_some("true"));
            dom::set_attr(&d.el, "data-selected", is_picked.then_some("true"));
            let _ =
                d.el.set_attribute("aria-label", &tile_aria_label(&d.label, can, is_picked));
        }
    }

    /// The cell and label of the tile an event happened in.
    pub fn tile_of(&self, target: Option<web_sys::EventTarget>) -> Option<(Hex, String)> {
        let el: web_sys::Element = target?.dyn_into().ok()?;
        let tile = el.closest(".piece").ok()??;
        self.drawn
            .iter()
            .find(|d| d.el == tile)
            .map(|d| (d.hex, d.label.clone()))
    }
}

impl Drawn {
    /// The tile `t` drawn as `el`, which its markup made.
    fn new(t: &TileItem, el: web_sys::Element) -> Drawn {
        Drawn {
            key: t.key,
            hex: t.hex,
            at: (t.tile.x, t.tile.y),
            label: t.label.clone(),
            marks: marks_of(t),
            el,
            state: None,
        }
    }

    /// Brings a kept tile's marks and the words naming it up to date: its marks are
    /// shapes it always holds, shown by the board's style as its mark attributes ask, so a
    /// step sets attributes and writes no markup.
    fn update(&mut self, t: &TileItem) {
        self.hex = t.hex;
        let at = (t.tile.x, t.tile.y);
        if self.at != at {
            let _ = self.el.set_attribute("transform", &place(&t.tile));
            self.at = at;
        }
        let marks = marks_of(t);
        // Only the mark that changed, written without reading it back first.
        for (name, was, is) in [
            (MARK_ATTRIBUTES[0], self.marks.0, marks.0),
            (MARK_ATTRIBUTES[1], self.marks.1, marks.1),
            (MARK_ATTRIBUTES[2], self.marks.2, marks.2),
        ] {
            if was != is {
                let _ = if is {
                    self.el.set_attribute(name, "true")
                } else {
                    self.el.remove_attribute(name)
                };
            }
        }
        self.marks = marks;
        if self.label != t.label {
            // The tile's first child (see `markup`).
            if let Some(title) = self.el.first_element_child() {
                dom::set_text(&title, &t.label);
            }
            self.label = t.label.clone();
            // The accessible name is written again by the next `mark`.
            self.state = None;
        }
    }
}

/// Which of a tile's marks show: the last move's, the reference's, the thrower's.
fn marks_of(t: &TileItem) -> (bool, bool, bool) {
    (t.tile.last_to, t.tile.reference, t.tile.thrower)
}

/// Where a tile's group puts its artwork, drawn about the origin.
fn place(tile: &Tile) -> String {
    format!("translate({} {})", svg::num(tile.x), svg::num(tile.y))
}

/// A tile's markup: its group with the attributes the page and the downloaded image share
/// and its place, its words (`aria-label`, `<title>`, first), artwork and both marks (shown as
/// its attributes ask), drawn about the origin.
fn markup(t: &TileItem, layout: &Layout) -> String {
    let mut s = String::from(r#"<g class="piece" tabindex="0" role="img""#);
    for (name, value) in &t.attributes {
        let _ = write!(s, r#" {name}="{}""#, svg::escape(value));
    }
    let label = svg::escape(&t.label);
    let at_origin = Tile {
        x: 0.0,
        y: 0.0,
        ..t.tile.clone()
    };
    let _ = write!(
        s,
        r#" transform="{}" aria-label="{label}"><title>{label}</title>{}{}</g>"#,
        place(&t.tile),
        svg::tile_art(&at_origin, layout),
        svg::tile_mark_shapes(&at_origin, layout)
    );
    s
}

/// One tile's element, parsed from its markup in a detached group (an SVG context).
fn create(document: &web_sys::Document, t: &TileItem, layout: &Layout) -> Option<web_sys::Element> {
    let holder = document.create_element_ns(Some(SVG_NS), "g").ok()?;
    holder.set_inner_html(&markup(t, layout));
    holder.first_element_child()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position::Rules;
    use crate::notation::uhp::GameString;
    use crate::view::{Orientation, Replay, TileShape};

    /// A board's tiles written in one piece of markup carry what tiles made one by one and
    /// the downloaded image carry: attributes, words, artwork; and every mark.
    #[test]
    fn tile_markup_has_the_attributes_words_and_artwork_of_the_image() {
        let g: GameString =
            "Base;InProgress;Black[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wQ;bB1 bQ/;wB1 wQ"
                .parse()
                .unwrap();
        let r = Replay::new(g.game_type, Rules::default(), &g.replay().unwrap().moves());
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let scene = r.scene(7, &layout, None);
        let items = tile_items(&scene, &layout);
        assert_eq!(items.len(), 5);
        for t in &items {
            let m = markup(t, &layout);
            assert!(
                m.starts_with(r#"<g class="piece" tabindex="0" role="img" data-piece=""#),
                "{m}"
            );
            let shapes = svg::tile_mark_shapes(
                &Tile {
                    x: 0.0,
                    y: 0.0,
                    ..t.tile.clone()
                },
                &layout,
            );
            assert!(m.ends_with(&format!("{shapes}</g>")), "{m}");
            // The last move's, the reference's and the thrower's.
            assert_eq!(shapes.matches("<polygon").count(), 3);
            for (name, value) in &t.attributes {
                assert!(
                    m.contains(&format!(r#" {name}="{}""#, svg::escape(value))),
                    "{name}: {m}"
                );
            }
            let label = svg::escape(&t.label);
            assert!(m.contains(&format!(r#"aria-label="{label}"><title>{label}</title>"#)));
            // The artwork about the origin, put in the tile's place by the group.
            let at_origin = Tile {
                x: 0.0,
                y: 0.0,
                ..t.tile.clone()
            };
            assert!(m.contains(&svg::tile_art(&at_origin, &layout)));
            assert!(
                m.contains(&format!(
                    r#" transform="translate({} {})""#,
                    svg::num(t.tile.x),
                    svg::num(t.tile.y)
                )),
                "{m}"
            );
            let image = svg::tile_group(&t.tile, &layout);
            let open = &image[..image.find('>').unwrap()];
            assert!(
                m.contains(&open["<g class=\"piece\"".len()..]),
                "{open} in {m}"
            );
        }
        // The Beetle on the Queen names the stack, escaped where it must be.
        assert!(items
            .iter()
            .any(|t| markup(t, &layout).contains("above white Queen (wQ)")));
    }

    /// A piece that moves keeps its tile (the same key, another place); a stack that grows
    /// makes new artwork.
    #[test]
    fn a_piece_that_moves_keeps_its_artwork() {
        let g: GameString =
            "Base;InProgress;White[5];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wQ \\wS1;bB1 bQ/;wB1 /wQ;bB1 bQ"
                .parse()
                .unwrap();
        let r = Replay::new(g.game_type, Rules::default(), &g.replay().unwrap().moves());
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let at = |ply: usize, piece: &str| {
            tile_items(&r.scene(ply, &layout, None), &layout)
                .into_iter()
                .find(|t| t.tile.stack.iter().any(|p| p.to_string() == piece))
                .unwrap()
        };
        let (before, after) = (at(4, "wQ"), at(5, "wQ"));
        assert_ne!(before.hex, after.hex);
        assert_ne!(place(&before.tile), place(&after.tile));
        assert_eq!(before.key, after.key);
        // The Beetle climbs the black Queen: her tile now holds a stack.
        assert_ne!(at(7, "bQ").key, at(8, "bQ").key);
        assert_eq!(at(8, "bQ").key, at(8, "bB1").key);
    }

    #[test]
    fn movable_tiles_say_how_to_pick_them() {
        assert_eq!(
            tile_aria_label("White Queen Bee", false, false),
            "White Queen Bee"
        );
        assert_eq!(
            tile_aria_label("White Queen Bee", true, false),
            "White Queen Bee; can move: Enter picks it"
        );
        assert_eq!(
            tile_aria_label("White Queen Bee", true, true),
            "White Queen Bee; picked: its destinations follow the pieces"
        );
    }
}
