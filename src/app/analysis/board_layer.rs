//! The analysis on the board: the best move drawn as the direction notation draws a move, or
//! the best line up to a move hovered in the panel.

use super::session::Session;
use super::view;
use crate::app::kit::{self, dom, Sink};
use crate::search::game_review::notate_line;
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

/// The layer's markup for what the session shows now.
fn markup(s: Session) -> String {
    let line = s.line.get();
    let hover = s.hover.get();
    let layout = s.layout.get();
    let at = s.viewer.study.position.get();
    let hidden = !s.on.get()
        || s.viewer.study.preview.with(Option::is_some)
        || s.viewer.edit.with(Option::is_some);
    let coordinates = s.viewer.study.game.with(|g| g.record.coordinates);
    let Some((_, l)) = line.filter(|(node, _)| *node == at.node && !hidden) else {
        return String::new();
    };
    match (hover, l.moves.first()) {
        (Some(k), _) => view::line_preview_markup(&at.pos, &l.moves, k, &layout),
        (None, Some(&best)) => {
            let start = at.pos.initial();
            let named = notate_line(&start, &at.pos.moves(), &[best], coordinates);
            named
                .first()
                .map(|n| view::best_move_markup(&at.pos, best, n, &layout))
                .unwrap_or_default()
        }
        (None, None) => String::new(),
    }
}
