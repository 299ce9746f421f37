//! The opening explorer: for the position on the board, every move the open collection
//! played from it (matched as positions: transpositions, turned, mirrored or colour-swapped
//! boards alike), with its games and results for the player to move. Clicking a move plays
//! it; clicking a game opens it.

use super::collection_panel::open_game;
use super::library;
use super::{dom, Viewer};
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
            // The move itself, from the report on the position shown (a move the position
            // cannot make itself has none: it is listed, not played).
            let Some(k) = dom::event_closest(&e, "tr[data-move]")
                .and_then(|row| row.get_attribute("data-move"))
                .and_then(|v| v.parse::<usize>().ok())
            else {
                return;
            };
            let pos = viewer.position.with_untracked(|a| a.pos.clone());
            let mv = viewer.library.with_untracked(|l| {
                l.as_ref()
                    .and_then(|l| l.report(&pos).moves.get(k).and_then(|m| m.mv))
            });
            if let Some(mv) = mv {
                if let Err(e) = viewer.play(mv) {
                    leptos::logging::warn!("could not play the move: {e}");
                }
            }
        });
    }));
    view! { <section id="explorer" class="explorer-panel" aria-label="Explorer" hidden node_ref=root inner_html=MARKUP></section> }
}
