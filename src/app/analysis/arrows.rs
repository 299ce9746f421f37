//! The analysis drawn on the board, as SVG markup free of the DOM: each line's first move
//! (or the threat's) as the direction notation draws a move, and a line up to a move
//! hovered in the panel as numbered arrows. Tested natively.

use crate::engine::position::{Move, Position};
use crate::notation::direction;
use crate::notation::frame::Frame;
use crate::search::game_review::Notated;
use crate::view::svg::{escape, num};
use crate::view::Layout;
use crate::view::Point;
use std::fmt::Write;

/// The best move's colour on the board: apart from the direction notation's own red, the
/// last move's orange and the drawings' four.
pub const BEST_COLOR: &str = "#8b5cf6";

/// The threat's colour: a crimson apart from the direction notation's red.
pub const THREAT_COLOR: &str = "#e8364f";

/// What a move drawn by [`move_markup`] is: one of the engine's lines (its rank from 1:
/// the first drawn strongest, the others fainter), or the threat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveMark {
    Line(usize),
    Threat,
}

impl MoveMark {
    fn color(self) -> &'static str {
        match self {
            MoveMark::Line(_) => BEST_COLOR,
            MoveMark::Threat => THREAT_COLOR,
        }
    }

    /// The group's opacity: the best line's and the threat's whole, the others fainter.
    fn opacity(self) -> f64 {
        match self {
            MoveMark::Line(rank) if rank > 1 => (0.75 - 0.12 * rank as f64).max(0.3),
            _ => 1.0,
        }
    }
}

/// An arrow from `from` to `to` (board units), its head short of the destination's centre.
fn arrow(s: &mut String, from: Point, to: Point, width: f64, color: &str) {
    let (dx, dy) = (to.x - from.x, to.y - from.y);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let start = Point {
        x: from.x + ux * 0.2,
        y: from.y + uy * 0.2,
    };
    let tip = Point {
        x: to.x - ux * 0.35,
        y: to.y - uy * 0.35,
    };
    let base = Point {
        x: tip.x - ux * 0.42,
        y: tip.y - uy * 0.42,
    };
    let wing = |side: f64| Point {
        x: base.x - uy * 0.26 * side,
        y: base.y + ux * 0.26 * side,
    };
    let (w1, w2) = (wing(1.0), wing(-1.0));
    let _ = write!(
        s,
        r##"<path d="M{} {}L{} {}" stroke="#fff" stroke-opacity="0.85" stroke-width="{}" stroke-linecap="round"/><path d="M{} {}L{} {}" stroke="{color}" stroke-width="{}" stroke-linecap="round"/><polygon points="{},{} {},{} {},{}" fill="{color}" stroke="#fff" stroke-width="0.04" stroke-linejoin="round"/>"##,
        num(start.x),
        num(start.y),
        num(base.x),
        num(base.y),
        num(width + 0.12),
        num(start.x),
        num(start.y),
        num(base.x),
        num(base.y),
        num(width),
        num(tip.x),
        num(tip.y),
        num(w1.x),
        num(w1.y),
        num(w2.x),
        num(w2.y),
    );
}

/// A line's first move (or the threat's) drawn as the direction notation draws a move: a
/// ring on its reference piece, an arrow from the reference (or the piece's own cell) in the
/// named direction to the destination, the destination outlined, and, for the best line
/// and the threat, the move's direction notation written beside it. `written` is the move's
/// name, for the group's `data-best-move` (with `data-rank`) or `data-threat-move`.
pub fn move_markup(
    pos: &Position,
    mv: Move,
    written: &Notated,
    layout: &Layout,
    mark: MoveMark,
) -> String {
    let Some(to) = mv.to() else {
        return String::new();
    };
    let color = mark.color();
    let frame = Frame::of_position(pos).after(mv);
    let e = direction::explain(pos, &frame, mv);
    let reference = e.as_ref().and_then(|e| e.reference.map(|(_, h)| h));
    let from = reference.or(e.as_ref().and_then(|e| e.from));
    let end = layout.center(to);
    let (standard, named) = (escape(&written.standard), escape(&written.direction));
    let mut s = match mark {
        MoveMark::Line(rank) => format!(
            r#"<g data-best-move="{standard}" data-rank="{rank}" class="best-move" opacity="{}" role="img" aria-label="Line {rank}: {named}">"#,
            num(mark.opacity())
        ),
        MoveMark::Threat => format!(
            r#"<g data-threat-move="{standard}" class="threat-move" role="img" aria-label="Threat {named}">"#
        ),
    };
    if let Some(r) = reference {
        let c = layout.center(r);
        let _ = write!(
            s,
            r#"<circle cx="{}" cy="{}" r="0.78" fill="none" stroke="{color}" stroke-width="0.1" stroke-dasharray="0.22 0.12"/>"#,
            num(c.x),
            num(c.y)
        );
    }
    let _ = write!(
        s,
        r#"<circle cx="{}" cy="{}" r="0.62" fill="{color}" fill-opacity="0.12" stroke="{color}" stroke-width="0.07"/>"#,
        num(end.x),
        num(end.y)
    );
    let labelled = matches!(mark, MoveMark::Line(1) | MoveMark::Threat);
    if let Some(f) = from {
        let width = if labelled { 0.14 } else { 0.1 };
        arrow(&mut s, layout.center(f), end, width, color);
    }
    if labelled {
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="0.42" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="{color}" stroke="#fff" stroke-width="0.1" paint-order="stroke">{named}</text>"##,
            num(end.x),
            num(end.y + 0.95),
        );
    }
    s.push_str("</g>");
    s
}

/// The best line up to its `upto`th move (0-based) drawn as numbered arrows: what hovering a
/// move of the line previews on the board.
pub fn line_preview_markup(pos: &Position, moves: &[Move], upto: usize, layout: &Layout) -> String {
    let mut s = String::from(r#"<g class="best-line-preview">"#);
    let mut p = pos.clone();
    for (i, &m) in moves.iter().enumerate().take(upto + 1) {
        if !p.is_legal(m) {
            break;
        }
        if let Some(to) = m.to() {
            let end = layout.center(to);
            let start = match m {
                Move::Move { from, .. } => Some(layout.center(from)),
                _ => None,
            };
            if let Some(start) = start {
                arrow(
                    &mut s,
                    start,
                    end,
                    if i == upto { 0.14 } else { 0.08 },
                    BEST_COLOR,
                );
            }
            let _ = write!(
                s,
                r##"<circle cx="{}" cy="{}" r="0.3" fill="{BEST_COLOR}" stroke="#fff" stroke-width="0.05"/><text x="{}" y="{}" font-size="0.36" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">{}</text>"##,
                num(end.x),
                num(end.y),
                num(end.x),
                num(end.y + 0.13),
                i + 1
            );
        }
        p.play_unchecked(m);
    }
    s.push_str("</g>");
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{Orientation, TileShape};

    fn layout(pos: &Position) -> Layout {
        Layout::new(
            Frame::of_position(pos),
            Orientation::NoonUp,
            TileShape::Flat,
        )
    }

    /// The best move is drawn from its reference piece, named as the direction notation
    /// names it, in its own colour; a line previews as numbered arrows.
    #[test]
    fn the_best_move_is_drawn_as_its_direction_notation_says() {
        let game = crate::app::model::game::NotatedGame::example();
        let tree = game.tree();
        let (pos, reply) = (
            tree.position_at(game.main_line().node_at(6)).unwrap(),
            tree.mainline()[6],
        );
        let written = Notated {
            standard: "bA1 wX".into(),
            direction: "A<&>".into(),
            algebraic: "bA m n".into(),
        };
        let l = layout(&pos);
        let m = move_markup(&pos, reply, &written, &l, MoveMark::Line(1));
        assert!(
            m.starts_with(
                r#"<g data-best-move="bA1 wX" data-rank="1" class="best-move" opacity="1""#
            ),
            "{m}"
        );
        assert!(m.contains(BEST_COLOR));
        // The reference ring, the arrow, and the name escaped.
        assert!(m.contains(r#"r="0.78""#), "{m}");
        assert!(m.contains("<polygon"), "{m}");
        assert!(m.contains(">A&lt;&amp;&gt;</text></g>"), "{m}");
        let to = l.center(reply.to().unwrap());
        assert!(m.contains(&format!(
            r#"cx="{}" cy="{}" r="0.62""#,
            num(to.x),
            num(to.y)
        )));

        // The second line's move: fainter, thinner, unnamed; the threat's: its own colour.
        let second = move_markup(&pos, reply, &written, &l, MoveMark::Line(2));
        assert!(
            second.contains(r#"data-rank="2""#) && !second.contains("<text"),
            "{second}"
        );
        assert!(second.contains(r#"opacity="0.51""#), "{second}");
        let threat = move_markup(&pos, reply, &written, &l, MoveMark::Threat);
        assert!(
            threat.starts_with(r#"<g data-threat-move="bA1 wX""#),
            "{threat}"
        );
        assert!(threat.contains(THREAT_COLOR) && !threat.contains(BEST_COLOR));

        let line = &tree.mainline()[6..9];
        let p = line_preview_markup(&pos, line, 1, &l);
        assert_eq!(p.matches("<text").count(), 2);
        assert!(p.contains(">2</text>") && !p.contains(">3</text>"));
        // An illegal move ends the preview.
        let p = line_preview_markup(&pos, &tree.mainline()[7..8], 0, &l);
        assert_eq!(p, r#"<g class="best-line-preview"></g>"#);
    }
}
