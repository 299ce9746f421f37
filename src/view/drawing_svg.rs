//! A move's drawing on the board: its arrows and marked cells as SVG, each named by its
//! algebraic cells (`data-user-arrow="m0-n1"`, `data-user-mark="m0"`) and its colour.
//!
//! The shapes are kept in the canonical frame of the move they were drawn on; `frame` maps
//! them back to engine cells, and the layout draws those as it draws the tiles, so a drawing
//! follows the board's orientation and tile shape.
//!
//! ```
//! use beeline::notation::frame::Frame;
//! use beeline::record::drawing::Drawing;
//! use beeline::view::{drawing_svg, Layout, Orientation, TileShape};
//! let d = Drawing::read("[%cal Rm0n0] [%csl Gm1]").drawing;
//! let layout = Layout::new(Frame::EMPTY, Orientation::AsPlayed, TileShape::Pointy);
//! let svg = drawing_svg::markup(&d, &Frame::EMPTY, &layout);
//! assert!(svg.contains(r#"data-user-arrow="m0-n0" data-colour="red""#));
//! assert!(svg.contains(r#"data-user-mark="m1" data-colour="green""#));
//! ```

use std::fmt::Write;

use super::svg::num;
use super::{Layout, Point};
use crate::notation::algebraic::Square;
use crate::notation::frame::Frame;
use crate::record::drawing::{Colour, Drawing, Shape};

/// How each colour is painted: opaque, each at least 3:1 against both tiles and the board's
/// ground in either theme (docs/THEMES.md), so strong enough over any bug's artwork.
fn paint(c: Colour) -> &'static str {
    match c {
        Colour::Green => "#2b8a3e",
        Colour::Red => "#e03131",
        Colour::Blue => "#3b82f6",
        Colour::Yellow => "#ad7b00",
    }
}

/// The drawing's markup, arrows over marks, in drawing order.
pub fn markup(drawing: &Drawing, frame: &Frame, layout: &Layout) -> String {
    let mut s = String::new();
    let at = |c| layout.center(frame.from_canonical(c));
    for mark in drawing.shapes.iter().filter(|s| s.is_mark()) {
        let p = at(mark.from);
        let _ = write!(
            s,
            r#"<circle class="user-mark" data-user-mark="{}" data-colour="{}" cx="{}" cy="{}" r="0.74" fill="none" stroke="{}" stroke-width="0.13"/>"#,
            Square::of(mark.from),
            mark.colour.name(),
            num(p.x),
            num(p.y),
            paint(mark.colour)
        );
    }
    for arrow in drawing.shapes.iter().filter(|s| !s.is_mark()) {
        arrow_markup(&mut s, arrow, at(arrow.from), at(arrow.to));
    }
    s
}

/// One arrow, from the centre of its first cell to near the centre of its second.
fn arrow_markup(s: &mut String, shape: &Shape, from: Point, to: Point) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let len = dx.hypot(dy).max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let tip = Point {
        x: to.x - ux * 0.3,
        y: to.y - uy * 0.3,
    };
    let base = Point {
        x: tip.x - ux * 0.5,
        y: tip.y - uy * 0.5,
    };
    let wing = |side: f64| {
        format!(
            "{},{}",
            num(base.x - uy * 0.32 * side),
            num(base.y + ux * 0.32 * side)
        )
    };
    let colour = paint(shape.colour);
    let _ = write!(
        s,
        r#"<g class="user-arrow" data-user-arrow="{}-{}" data-colour="{}"><path d="M{} {}L{} {}" stroke="{colour}" stroke-width="0.22" stroke-linecap="round"/><polygon points="{},{} {} {}" fill="{colour}"/></g>"#,
        Square::of(shape.from),
        Square::of(shape.to),
        shape.colour.name(),
        num(from.x),
        num(from.y),
        num(base.x),
        num(base.y),
        num(tip.x),
        num(tip.y),
        wing(1.0),
        wing(-1.0)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hex::Hex;
    use crate::engine::piece::PieceId;
    use crate::engine::position::Move;
    use crate::view::{Orientation, TileShape};

    /// Where a shape's cells are drawn follows the frame, orientation and tile shape: the
    /// same canonical cell is drawn on the same engine cell whatever the board's turn.
    #[test]
    fn shapes_follow_the_frame_and_the_layout() {
        // A game turned and shifted: piece 1 on (2, 1), piece 2 south-west of it.
        let place = |q, r| Move::Place {
            piece: PieceId(1),
            to: Hex::new(q, r),
        };
        let frame = Frame::of_moves(&[place(2, 1), place(1, 2)]);
        let d = Drawing::read("[%cal Gm0n0] [%csl Bm0]").drawing;
        for o in [Orientation::NoonUp, Orientation::AsPlayed] {
            for t in [TileShape::Flat, TileShape::Pointy] {
                let layout = Layout::new(frame, o, t);
                let svg = markup(&d, &frame, &layout);
                let first = layout.center(Hex::new(2, 1));
                let circle = format!(r#"cx="{}" cy="{}""#, num(first.x), num(first.y));
                assert!(svg.contains(&circle), "{o:?} {t:?}: {svg}");
                let path = format!("M{} {}L", num(first.x), num(first.y));
                assert!(svg.contains(&path), "{svg}");
                assert!(svg.contains(r#"data-user-arrow="m0-n0" data-colour="green""#));
                assert!(svg.contains(r#"data-user-mark="m0" data-colour="blue""#));
            }
        }
        assert_eq!(
            markup(
                &Drawing::default(),
                &frame,
                &Layout::new(frame, Orientation::NoonUp, TileShape::Flat)
            ),
            ""
        );
    }
}
