//! The opening explorer: for the position on the board, every move the open collection
//! played from it (matched as positions: transpositions, turned, mirrored or colour-swapped
//! boards alike), with its games and results for the player to move. Clicking a move plays
//! it; clicking a game opens it.

use super::collection_panel::open_game;
use super::library;
use super::{dom, study, Viewer};
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
    dom::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let root: web_sys::Element = root.into();
        let (Some(body), Some(summary)) = (
            dom::find(&root, "tbody"),
            dom::find(&root, ".explorer-summary"),
        ) else {
            return;
        };
        let at = viewer.position.get();
        viewer.library.with(|l| {
            dom::set_flag(&root, "hidden", l.is_none());
            let Some(l) = l else { return };
            let report = l.report(&at.pos);
            body.set_inner_html(&library::explorer_markup(l, &at.pos, &report));
            summary.set_text_content(Some(&library::explorer_summary(&report)));
        });
    }));
    dom::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let root: web_sys::Element = root.into();
        dom::listen(&root, &["click"], move |e| {
            let Some(b) = dom::event_closest(&e, "button") else {
                return;
            };
            if let Some(i) = b
                .get_attribute("data-open-game")
                .and_then(|v| v.parse().ok())
            {
                open_game(viewer, i);
                return;
            }
            let Some(row) = dom::event_closest(&e, "tr[data-explorer-move]") else {
                return;
            };
            let text = row.get_attribute("data-explorer-move").unwrap_or_default();
            let (pos, coordinates) = (
                viewer.position.with_untracked(|a| a.pos.clone()),
                viewer.game.with_untracked(|g| g.record.coordinates),
            );
            // The move as the explorer names it, read in the position shown.
            match study::read_typed(&pos, coordinates, &text) {
                Ok(mv) => {
                    if let Err(e) = viewer.play(mv) {
                        leptos::logging::warn!("could not play {text}: {e}");
                    }
                }
                Err(e) => leptos::logging::warn!("could not play {text}: {e}"),
            }
        });
    }));
    view! { <section id="explorer" class="explorer-panel" aria-label="Explorer" hidden node_ref=root inner_html=MARKUP></section> }
}
