//! The analysis on the board: the first move of each line drawn as the direction notation
//! draws a move (the best strongest), the threat's in its own colour, or a line up to a move
//! hovered in the panel.

use super::arrows::{self, MoveMark};
use super::session::Session;
use crate::app::kit::{self, dom, Sink};
use crate::search::game_review::notate_line;
use crate::search::threat_position;
use leptos::prelude::GetUntracked;

/// Keeps the board's analysis layer (made by the panel) drawn.
pub(super) fn bind(s: Session) {
    let layer = s
        .board
        .get_untracked()
        .and_then(|svg| dom::find(&svg.into(), "g.analysis-layer"));
    let Some(layer) = layer else { return };
    kit::bind_parts(
        vec![(layer, Sink::Html)],
        Box::new(move || vec![Some(markup(s))]),
    );
}

/// The layer's markup for what the session shows now: the first move of each line, best
/// drawn last (on top), or the threat's; or a line up to a move hovered in the panel.
fn markup(s: Session) -> String {
    let lines = s.lines.get();
    let hover = s.hover.get();
    let threat = s.threat.get();
    let layout = s.layout.get();
    let at = s.viewer.study.position.get();
    let hidden = !s.on.get()
        || super::learning_panel::hides_lines(s, at.node)
        || s.viewer.study.preview.with(Option::is_some)
        || s.viewer.edit.with(Option::is_some);
    let coordinates = s.viewer.study.game.with(|g| g.record.coordinates);
    let Some((_, found)) = lines.filter(|(node, _)| *node == at.node && !hidden) else {
        return String::new();
    };
    let start = at.pos.initial();
    if threat {
        let Some(&m) = found.first().and_then(|l| l.moves.first()) else {
            return String::new();
        };
        let passed = threat_position(&at.pos);
        let named = notate_line(&start, &passed.moves(), &[m], coordinates);
        return named
            .first()
            .map(|n| arrows::move_markup(&passed, m, n, &layout, MoveMark::Threat))
            .unwrap_or_default();
    }
    if let Some((line, k)) = hover {
        return found
            .get(line)
            .map(|l| arrows::line_preview_markup(&at.pos, &l.moves, k, &layout))
            .unwrap_or_default();
    }
    let mut s = String::new();
    for (rank, l) in found.iter().enumerate().rev() {
        let Some(&m) = l.moves.first() else { continue };
        let named = notate_line(&start, &at.pos.moves(), &[m], coordinates);
        if let Some(n) = named.first() {
            s.push_str(&arrows::move_markup(
                &at.pos,
                m,
                n,
                &layout,
                MoveMark::Line(rank + 1),
            ));
        }
    }
    s
}
