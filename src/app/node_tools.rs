//! Working on the chosen move of a study: its annotation and comment, and its place in the
//! game tree (promote the variation, make it the main line, delete from here), with undo.

use super::Viewer;
use crate::record::tree::Annotation;
use leptos::prelude::*;

#[component]
pub fn NodeTools(viewer: Viewer) -> impl IntoView {
    let status = RwSignal::new(String::new());
    let report = move |r: Result<(), String>| match r {
        Ok(()) => status.set(String::new()),
        Err(e) => status.set(format!("Not done: {e}.")),
    };
    let node = move || viewer.node();
    let at_root = move || viewer.game.with(|g| g.tree().root()) == node();
    let annotation = move || {
        let n = node();
        viewer.game.with(|g| g.tree().annotation(n))
    };
    let comment = move || {
        let n = node();
        viewer
            .game
            .with(|g| g.tree().comment(n).unwrap_or_default().to_string())
    };
    // Whether the move is a variation (not its parent's first child) / off the main line.
    let is_variation = move || {
        let n = node();
        viewer.game.with(|g| {
            let t = g.tree();
            t.parent(n)
                .is_some_and(|p| t.children(p).first() != Some(&n))
        })
    };
    let off_main_line = move || {
        let n = node();
        viewer.game.with(|g| {
            let t = g.tree();
            let mut cur = n;
            while let Some(p) = t.parent(cur) {
                if t.children(p).first() != Some(&cur) {
                    return true;
                }
                cur = p;
            }
            false
        })
    };

    let set_annotation = move |value: String| {
        let a = Annotation::ALL.into_iter().find(|a| a.symbol() == value);
        if a == annotation() {
            return;
        }
        report(viewer.edit(|t, n| t.set_annotation(n, a).map(|()| n)));
    };
    let set_comment = move |value: String| {
        if value.trim() == comment().trim() {
            return;
        }
        report(viewer.edit(|t, n| t.set_comment(n, Some(&value)).map(|()| n)));
    };

    view! {
        <section class="node-tools" aria-label="This move">
            <div class="node-buttons" role="group" aria-label="Variations">
                <label for="annotation">"Mark"</label>
                <select id="annotation" disabled=at_root
                    title="Annotate the move: good, mistake, brilliant, blunder, interesting, dubious"
                    on:change=move |ev| set_annotation(event_target_value(&ev))>
                    <option value="" selected=move || annotation().is_none()>"—"</option>
                    {Annotation::ALL.into_iter().map(|a| view! {
                        <option value=a.symbol() selected=move || annotation() == Some(a)>
                            {format!("{} {}", a.symbol(), annotation_name(a))}
                        </option>
                    }).collect_view()}
                </select>
                <button type="button" id="promote" disabled=move || !is_variation()
                    title="Move this variation one place up among its alternatives"
                    on:click=move |_| report(viewer.edit(|t, n| t.promote(n).map(|()| n)))>
                    "Promote"
                </button>
                <button type="button" id="make-main-line" disabled=move || !off_main_line()
                    title="Make the line through this move the main line"
                    on:click=move |_| report(viewer.edit(|t, n| t.make_main_line(n).map(|()| n)))>
                    "Make main line"
                </button>
                <button type="button" id="delete-from" disabled=at_root
                    title="Delete this move and every move after it"
                    on:click=move |_| report(viewer.edit(|t, n| {
                        let parent = t.parent(n);
                        t.delete_from(n)?;
                        Ok(parent.unwrap_or(t.root()))
                    }))>
                    "Delete from here"
                </button>
                <button type="button" id="undo" disabled=move || !viewer.can_undo()
                    title="Undo the last change (Ctrl+Z)"
                    aria-keyshortcuts="Control+Z"
                    on:click=move |_| { viewer.undo(); }>
                    "Undo"
                </button>
            </div>
            <label for="comment-input" class="comment-label">
                {move || if at_root() { "Comment before the first move" } else { "Comment on this move" }}
            </label>
            <textarea id="comment-input" rows="2"
                prop:value=comment
                on:change=move |ev| set_comment(event_target_value(&ev))></textarea>
            <p class="status" role="status">{move || status.get()}</p>
        </section>
    }
}

fn annotation_name(a: Annotation) -> &'static str {
    match a {
        Annotation::Good => "good",
        Annotation::Mistake => "mistake",
        Annotation::Brilliant => "brilliant",
        Annotation::Blunder => "blunder",
        Annotation::Interesting => "interesting",
        Annotation::Dubious => "dubious",
    }
}
