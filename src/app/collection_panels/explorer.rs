//! The opening explorer: for the position on the board, every move the open collection
//! played from it (matched as positions: transpositions, turned, mirrored or colour-swapped
//! boards alike), with its games and results for the player to move, and a book's moves
//! when the address names one (`?book=URL`, or `?book` for the `book/` folder beside the
//! app). Clicking a move plays it; clicking a game opens it.

use super::panel::{later, CollectionAction};
use crate::app::kit::{self, dom, services};
use crate::app::model::viewer::Viewer;
use leptos::prelude::*;

/// The tables come from the worker (`worker::tables::explorer_tables`).
const MARKUP: &str = r#"<h2>Explorer</h2><p class="explorer-summary" role="status"></p><div class="explorer-tables"></div>"#;

#[component]
pub fn ExplorerPanel(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    // The position on the board asked of the worker, under the list's filters (by the
    // collection's code: `link::explore`).
    kit::watch(Box::new(move || {
        // `|`, not `||`: both are followed.
        if !(viewer.collection.library.with(Option::is_some) | viewer.collection.book.get()) {
            return;
        }
        viewer.collection.filter.track();
        viewer.study.position.track();
        if let Some(root) = root.get_untracked() {
            let root: web_sys::Element = root.into();
            later(
                viewer,
                root.clone(),
                CollectionAction::Explore,
                root,
                "Not explored",
            );
        }
    }));
    kit::on_mount(
        root,
        Box::new(move |root| {
            let (Some(body), Some(summary)) = (
                dom::find(&root, ".explorer-tables"),
                dom::find(&root, ".explorer-summary"),
            ) else {
                return;
            };
            let open =
                viewer.collection.library.with(Option::is_some) | viewer.collection.book.get();
            dom::set_flag(&root, "hidden", !open);
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
            // An address that may name a book: the collection's code reads it.
            if services::location_search().is_some_and(|q| q.len() > 1) {
                later(
                    viewer,
                    root.clone(),
                    CollectionAction::OpenBook,
                    root.clone(),
                    "No book",
                );
            }
            let at = root.clone();
            dom::listen(&root, &["click"], move |e| {
                let Some(b) = dom::event_closest(&e, "button") else {
                    return;
                };
                if let Some(i) = b
                    .get_attribute("data-open-game")
                    .and_then(|v| v.parse().ok())
                {
                    later(
                        viewer,
                        b,
                        CollectionAction::OpenGame(i),
                        at.clone(),
                        "Not done",
                    );
                    return;
                }
                // The move itself (a move the position cannot make itself has none: it is
                // listed, not played).
                if let Some(row) = dom::event_closest(&e, "tr[data-play]") {
                    later(
                        viewer,
                        row,
                        CollectionAction::PlayExplored,
                        at.clone(),
                        "Not played",
                    );
                }
            });
        }),
    );
    view! { <section id="explorer" class="explorer-panel" aria-label="Explorer" hidden node_ref=root inner_html=MARKUP></section> }
}
