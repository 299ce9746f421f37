//! Working on the chosen move of a study: its annotation and comment, and its place in the
//! game tree (promote the variation, make it the main line, delete from here), with undo.
//!
//! The controls are static markup with one delegated handler and effects that set what can
//! be used, rather than a reactive attribute per control.

use super::dom;
use super::var::Var;
use super::Viewer;
use crate::record::tree::{Annotation, GameTree, NodeId};
use leptos::html;
use leptos::prelude::*;

/// What the controls show for the chosen node.
#[derive(Clone, Debug, Default, PartialEq)]
struct NodeState {
    at_root: bool,
    /// Not its parent's first child: it can be promoted.
    variation: bool,
    /// Off the main line: its line can become the main line.
    off_main_line: bool,
    can_undo: bool,
    annotation: Option<Annotation>,
}

fn node_state(tree: &GameTree, n: NodeId, can_undo: bool) -> NodeState {
    let is_first = |c: NodeId| {
        tree.parent(c)
            .is_none_or(|p| tree.children(p).first() == Some(&c))
    };
    let mut off_main_line = false;
    let mut cur = n;
    while let Some(p) = tree.parent(cur) {
        off_main_line |= !is_first(cur);
        cur = p;
    }
    NodeState {
        at_root: n == tree.root(),
        variation: !is_first(n),
        off_main_line,
        can_undo,
        annotation: tree.annotation(n),
    }
}

const MARKUP: &str = concat!(
    r#"<div class="node-buttons" role="group" aria-label="Variations">"#,
    r#"<label for="annotation">Mark</label>"#,
    r#"<select id="annotation" title="Annotate the move: good, mistake, brilliant, blunder, interesting, dubious">"#,
    r#"<option value="">—</option><option value="!">! good</option><option value="?">? mistake</option>"#,
    r#"<option value="!!">!! brilliant</option><option value="??">?? blunder</option>"#,
    r#"<option value="!?">!? interesting</option><option value="?!">?! dubious</option></select>"#,
    r#"<button type="button" id="promote" title="Move this variation one place up among its alternatives">Promote</button>"#,
    r#"<button type="button" id="make-main-line" title="Make the line through this move the main line">Make main line</button>"#,
    r#"<button type="button" id="delete-from" title="Delete this move and every move after it">Delete from here</button>"#,
    r#"<button type="button" id="undo" title="Undo the last change (Ctrl+Z)" aria-keyshortcuts="Control+Z">Undo</button>"#,
    r#"</div>"#,
    r#"<label for="comment-input" class="comment-label">Comment</label>"#,
    r#"<textarea id="comment-input" rows="2" placeholder="A comment on the chosen move"></textarea>"#,
    r#"<p class="status" role="status"></p>"#,
);

/// The controls: static markup, set by one effect, with their events delegated (see
/// `controls` for why).
#[component]
pub fn NodeTools(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<html::Section>::new();
    let status = Var::new(String::new());
    let report = move |r: Result<(), String>| match r {
        Ok(()) => status.set(String::new()),
        Err(e) => status.set(format!("Not done: {e}.")),
    };
    let state = dom::memo(Box::new(move |_| {
        let n = viewer.node();
        let undo = viewer.can_undo();
        viewer.game.with(|g| node_state(g.tree(), n, undo))
    }));
    let comment = move || {
        let n = viewer.node();
        viewer
            .game
            .with(|g| g.tree().comment(n).unwrap_or_default().to_string())
    };

    dom::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let root: web_sys::Element = root.into();
        // What can be used, and the chosen node's annotation, comment and the last report.
        let found = root.clone();
        dom::watch(Box::new(move || {
            let s = state.get();
            let find = |selector: &str| dom::find(&found, selector);
            for (id, disabled) in [
                ("#annotation", s.at_root),
                ("#promote", !s.variation),
                ("#make-main-line", !s.off_main_line),
                ("#delete-from", s.at_root),
                ("#undo", !s.can_undo),
            ] {
                if let Some(el) = find(id) {
                    dom::set_flag(&el, "disabled", disabled);
                }
            }
            if let Some(select) = find("#annotation") {
                dom::set_value(&select, s.annotation.map_or("", Annotation::symbol));
            }
        }));
        // The comment box, written only when it reads otherwise (most steps pass from one
        // move without a comment to another, and a written value costs a step its share).
        let area = dom::find(&root, "#comment-input");
        dom::watch(Box::new(move || {
            let text = comment();
            if let Some(area) = area.as_ref().filter(|a| dom::value_of(a) != text) {
                dom::set_value(area, &text);
            }
        }));
        let found = root.clone();
        dom::watch(Box::new(move || {
            let text = status.get();
            if let Some(p) = dom::find(&found, ".status") {
                dom::set_text(&p, &text);
            }
        }));

        dom::listen(&root, &["click", "change"], move |e| {
            let Some(el) = dom::event_closest(&e, "button, select, textarea") else {
                return;
            };
            match (e.type_().as_str(), el.id().as_str()) {
                ("click", "promote") => report(viewer.edit(|t, n| t.promote(n).map(|()| n))),
                ("click", "make-main-line") => {
                    report(viewer.edit(|t, n| t.make_main_line(n).map(|()| n)))
                }
                ("click", "delete-from") => report(viewer.edit(|t, n| {
                    let parent = t.parent(n);
                    t.delete_from(n)?;
                    Ok(parent.unwrap_or(t.root()))
                })),
                ("click", "undo") => {
                    viewer.undo();
                }
                ("change", "annotation") => {
                    let value = dom::value_of(&el);
                    let a = Annotation::ALL.into_iter().find(|a| a.symbol() == value);
                    if a != state.get_untracked().annotation {
                        report(viewer.edit(|t, n| t.set_annotation(n, a).map(|()| n)));
                    }
                }
                ("change", "comment-input") => {
                    let value = dom::value_of(&el);
                    if value.trim() != comment().trim() {
                        report(viewer.edit(|t, n| t.set_comment(n, Some(&value)).map(|()| n)));
                    }
                }
                _ => {}
            }
        });
    }));

    view! { <section class="node-tools" aria-label="This move" node_ref=root inner_html=MARKUP></section> }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game::Game;

    #[test]
    fn node_states_follow_the_tree() {
        let g = Game::example();
        let tree = g.tree();
        let main = tree.mainline_nodes();
        let root = node_state(tree, tree.root(), false);
        assert!(root.at_root && !root.variation && !root.off_main_line);
        let mut t = tree.clone();
        let pos = t.position_at(main[3]).unwrap();
        let other = pos
            .legal_moves()
            .into_iter()
            .find(|m| Some(*m) != t.mv(main[4]))
            .unwrap();
        let v = t.add_move(main[3], other).unwrap();
        t.set_annotation(v, Some(Annotation::Dubious)).unwrap();
        let s = node_state(&t, v, true);
        assert!(s.variation && s.off_main_line && s.can_undo && !s.at_root);
        assert_eq!(s.annotation, Some(Annotation::Dubious));
        let later = node_state(&t, main[10], false);
        assert!(!later.variation && !later.off_main_line);
    }
}
