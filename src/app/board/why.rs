//! "Why this reference?": the direction notation's reference of a move, explained in one
//! sentence (`notation::direction::why_reference`) where the move is looked at: under the
//! move field for a destination hovered on the board (`#move-candidate .why`), and as the
//! title of a hovered row's direction cell in the move list. Code loaded on first use, asked
//! through the board's entry point ([`super::drawing_tool::BoardWork::Why`]).

use crate::app::kit::dom;
use crate::app::model::viewer::Viewer;
use crate::notation::direction;
use crate::notation::frame::Frame;
use crate::view::svg::escape;

/// Explains the destination hovered on the board, and the row hovered in the move list.
pub(super) fn explain(viewer: Viewer) {
    let page = leptos::prelude::document();
    if let Some(mv) = viewer.study.candidate.get_untracked() {
        let why = viewer.study.position.with_untracked(|at| {
            if !at.pos.is_legal(mv) {
                return None;
            }
            let frame = Frame::of_position(&at.pos).after(mv);
            direction::why_reference(&at.pos, &frame, mv)
        });
        if let (Some(why), Ok(Some(line))) = (why, page.query_selector("#move-candidate")) {
            if dom::find(&line, ".why").is_none()
                && line.text_content().is_some_and(|t| !t.is_empty())
            {
                let _ = line.insert_adjacent_html(
                    "beforeend",
                    &format!(r#" <span class="why">{}</span>"#, escape(&why)),
                );
            }
        }
    }
    if let Some(node) = viewer.study.preview.get_untracked() {
        let why = viewer.study.game.with_untracked(|g| {
            let tree = g.tree();
            let mv = tree.mv(node)?;
            let pos = tree.position_at(tree.parent(node)?)?;
            let frame = Frame::of_line(&tree.start(), &tree.line_to(node));
            direction::why_reference(&pos, &frame, mv)
        });
        let cell = page
            .query_selector(&format!(
                r#"#notation tr[data-node="{}"] td.direction"#,
                node.index()
            ))
            .ok()
            .flatten();
        if let (Some(why), Some(cell)) = (why, cell) {
            dom::set_attr(&cell, "title", Some(&why));
        }
    }
}
