//! "Why this reference?": the direction notation's reference of a move, explained in one
//! sentence (`notation::direction::why_reference`) where the move is looked at: in the
//! tooltip of a destination hovered on the board (its `<title>`, after "Play …"), and as the
//! title of a hovered row's direction cell in the move list. Code loaded on first use, asked
//! through the board's entry point (`BoardWork::Why`).

use crate::app::kit::dom;
use crate::app::model::study;
use crate::app::model::viewer::Viewer;
use crate::notation::direction;
use crate::notation::frame::Frame;

/// Explains the destination hovered on the board, and the row hovered in the move list.
pub(super) fn explain(viewer: Viewer) {
    let page = leptos::prelude::document();
    if let Some(mv) = viewer.study.candidate.get_untracked() {
        let coordinates = viewer.study.game.with_untracked(|g| g.record.coordinates);
        let said = viewer.study.position.with_untracked(|at| {
            if !at.pos.is_legal(mv) {
                return None;
            }
            let frame = Frame::of_position(&at.pos).after(mv);
            let why = direction::why_reference(&at.pos, &frame, mv)?;
            let written = study::notate_candidate(&at.pos, coordinates, mv).standard;
            Some((written, why))
        });
        // The hovered destination's tooltip (its `<title>`): words under the move field
        // would push the board away from the pointer.
        let layer = page
            .query_selector("svg#board g.destinations")
            .ok()
            .flatten();
        if let (Some((written, why)), Some(layer)) = (said, layer) {
            let mut cell = layer.first_element_child();
            while let Some(c) = cell {
                if c.get_attribute("data-move").as_deref() == Some(written.as_str()) {
                    if let Some(title) = dom::find(&c, "title") {
                        dom::set_text(&title, &format!("Play {written}. {why}"));
                    }
                }
                cell = c.next_element_sibling();
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
