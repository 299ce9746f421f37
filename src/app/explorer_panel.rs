//! The opening explorer: for the position on the board, every move the open collection
//! played from it (matched as positions: transpositions, turned, mirrored or colour-swapped
//! boards alike), with its games and results for the player to move. Clicking a move plays
//! it; clicking a game opens it.

use super::collection_panel::{later, Action};
use super::collection_worker;
use super::kit::{self, dom};
use super::viewer::Viewer;
use leptos::prelude::*;

const MARKUP: &str = concat!(
    r#"<h2>Explorer</h2><p class="explorer-summary" role="status"></p>"#,
    r#"<table class="explorer-table"><thead><tr><th scope="col">Move</th><th scope="col">Games</th>"#,
    r#"<th scope="col">Wins · draws · losses (player to move)</th><th scope="col">A game</th></tr></thead>"#,
    r#"<tbody></tbody></table>"#,
);

#[component]
pub fn ExplorerPanel(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    // The position on the board asked of the worker, under the list's filters (by the
    // collection's code: `collection_worker::explore`).
    kit::watch(Box::new(move || {
        if viewer.collection.library.get().is_none() {
            return;
        }
        viewer.collection.filter.track();
        viewer.study.position.track();
        if let Some(root) = root.get_untracked() {
            let root: web_sys::Element = root.into();
            later(viewer, root.clone(), Action::Explore, root, "Not explored");
        }
    }));
    kit::on_mount(
        root,
        Box::new(move |root| {
            let (Some(body), Some(summary)) = (
                dom::find(&root, "tbody"),
                dom::find(&root, ".explorer-summary"),
            ) else {
                return;
            };
            dom::set_flag(&root, "hidden", viewer.collection.library.get().is_none());
            viewer.collection.explored.with(|e| {
                if let Some((markup, text)) = e {
                    body.set_inner_html(markup);
                    summary.set_text_content(Some(text));
                }
            });
        }),
    );
    kit::on_mount(
        root,
        Box::new(move |root| {
            let at = root.clone();
            dom::listen(&root, &["click"], move |e| {
                let Some(b) = dom::event_closest(&e, "button") else {
                    return;
                };
                if let Some(i) = b
                    .get_attribute("data-open-game")
                    .and_then(|v| v.parse().ok())
                {
                    collection_worker::open_game(viewer, i);
                    return;
                }
                // The move itself (a move the position cannot make itself has none: it is
                // listed, not played).
                if let Some(row) = dom::event_closest(&e, "tr[data-play]") {
                    later(viewer, row, Action::PlayExplored, at.clone(), "Not played");
                }
            });
        }),
    );
    view! { <section id="explorer" class="explorer-panel" aria-label="Explorer" hidden node_ref=root inner_html=MARKUP></section> }
}
