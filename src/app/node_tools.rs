//! Working on the chosen move of a study: its annotation and comment, and its place in the
//! game tree (promote the variation, make it the main line, delete from here), with undo.
//!
//! The controls are static markup with one delegated handler and one effect that sets what
//! can be used, rather than a reactive attribute per control.

use super::dom;
use super::Viewer;
use crate::record::tree::{Annotation, GameTree, NodeId};
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

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

#[component]
pub fn NodeTools(viewer: Viewer) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let group = NodeRef::<html::Div>::new();
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

    // The controls' states follow the chosen node.
    dom::watch(Box::new(move || {
        let s = state.get();
        let Some(group) = group.get() else { return };
        let set = |id: &str, disabled: bool| {
            if let Ok(Some(el)) = group.query_selector(&format!("#{id}")) {
                let _ = if disabled {
                    el.set_attribute("disabled", "")
                } else {
                    el.remove_attribute("disabled")
                };
            }
        };
        set("annotation", s.at_root);
        set("promote", !s.variation);
        set("make-main-line", !s.off_main_line);
        set("delete-from", s.at_root);
        set("undo", !s.can_undo);
        if let Ok(Some(el)) = group.query_selector("#annotation") {
            if let Ok(select) = el.dyn_into::<web_sys::HtmlSelectElement>() {
                select.set_value(s.annotation.map_or("", Annotation::symbol));
            }
        }
    }));

    let on_click = move |ev: leptos::ev::MouseEvent| {
        let Some(id) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|el| el.closest("button").ok().flatten())
            .map(|b| b.id())
        else {
            return;
        };
        match id.as_str() {
            "promote" => report(viewer.edit(|t, n| t.promote(n).map(|()| n))),
            "make-main-line" => report(viewer.edit(|t, n| t.make_main_line(n).map(|()| n))),
            "delete-from" => report(viewer.edit(|t, n| {
                let parent = t.parent(n);
                t.delete_from(n)?;
                Ok(parent.unwrap_or(t.root()))
            })),
            "undo" => {
                viewer.undo();
            }
            _ => {}
        }
    };
    let on_change = move |ev: leptos::ev::Event| {
        let value = event_target_value(&ev);
        let a = Annotation::ALL.into_iter().find(|a| a.symbol() == value);
        if a != state.get_untracked().annotation {
            report(viewer.edit(|t, n| t.set_annotation(n, a).map(|()| n)));
        }
    };
    let set_comment = move |value: String| {
        if value.trim() != comment().trim() {
            report(viewer.edit(|t, n| t.set_comment(n, Some(&value)).map(|()| n)));
        }
    };

    view! {
        <section class="node-tools" aria-label="This move">
            <div class="node-buttons" role="group" aria-label="Variations" node_ref=group
                on:click=on_click on:change=on_change>
                <label for="annotation">"Mark"</label>
                <select id="annotation"
                    title="Annotate the move: good, mistake, brilliant, blunder, interesting, dubious">
                    <option value="">"—"</option>
                    <option value="!">"! good"</option>
                    <option value="?">"? mistake"</option>
                    <option value="!!">"!! brilliant"</option>
                    <option value="??">"?? blunder"</option>
                    <option value="!?">"!? interesting"</option>
                    <option value="?!">"?! dubious"</option>
                </select>
                <button type="button" id="promote"
                    title="Move this variation one place up among its alternatives">"Promote"</button>
                <button type="button" id="make-main-line"
                    title="Make the line through this move the main line">"Make main line"</button>
                <button type="button" id="delete-from"
                    title="Delete this move and every move after it">"Delete from here"</button>
                <button type="button" id="undo" title="Undo the last change (Ctrl+Z)"
                    aria-keyshortcuts="Control+Z">"Undo"</button>
            </div>
            <label for="comment-input" class="comment-label">"Comment"</label>
            <textarea id="comment-input" rows="2" placeholder="A comment on the chosen move"
                prop:value=comment
                on:change=move |ev| set_comment(event_target_value(&ev))></textarea>
            <p class="status" role="status">{move || status.get()}</p>
        </section>
    }
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
