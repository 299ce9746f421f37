//! A permalink to the game at the current move, or the code that embeds it in another page,
//! copied to the clipboard. Static markup with
//! its one event delegated (see `controls` for why).

use super::kit::{self, dom, services};
use super::{game, lazy, Viewer};
use leptos::prelude::*;

const MARKUP: &str = concat!(
    r#"<button id="copy-link" type="button">Copy link to this move</button>"#,
    r#"<label for="share-url" class="visually-hidden" hidden>Link to this move</label>"#,
    r#"<input id="share-url" type="text" readonly hidden>"#,
    r#"<button id="copy-embed" type="button">Copy embed code</button>"#,
    r#"<label for="embed-code" class="visually-hidden" hidden>Embed code</label>"#,
    r#"<input id="embed-code" type="text" readonly hidden>"#,
    r#"<button id="make-puzzle" type="button" title="Pose the position shown as a puzzle: find the moves that follow">Make puzzle link</button>"#,
    r#"<label for="puzzle-link" class="visually-hidden" hidden>Puzzle link</label>"#,
    r#"<input id="puzzle-link" type="text" readonly hidden>"#,
    r#"<span class="status" role="status"></span>"#,
);

/// The permalink of a puzzle: the position shown, to be solved by the moves that follow
/// it on the line shown.
fn puzzle_fragment(viewer: Viewer) -> Result<String, String> {
    let ply = viewer.ply.get_untracked();
    let pos = viewer.position.with_untracked(|a| a.pos.clone());
    let rec = viewer.game.with_untracked(|g| {
        let tree = g.tree();
        let line: Vec<_> = viewer.line.with_untracked(|l| {
            l.nodes
                .iter()
                .skip(ply)
                .filter_map(|&n| tree.mv(n))
                .collect()
        });
        crate::record::puzzle::puzzle_record(&g.record.meta, &pos, &line)
    })?;
    Ok(crate::record::permalink::encode_ply(&rec, 0))
}

/// What a button of the panel does (`kind`: its id): the text written into its field and
/// copied, the address kept on the move when the viewer keeps it.
pub(super) fn act(viewer: Viewer, at: &web_sys::Element, kind: &str, sync_address: bool) {
    let node = viewer.node_untracked();
    let fragment = viewer.game.with_untracked(|g| g.fragment(node));
    let href = services::location_href().unwrap_or_default();
    let status = dom::find(at, ".status");
    let say = move |text: &str| {
        if let Some(s) = &status {
            s.set_text_content(Some(text));
        }
    };
    let (text, field, done) = if kind == "make-puzzle" {
        match puzzle_fragment(viewer) {
            Ok(f) => (
                game::share_url(&href, &f),
                "puzzle-link",
                "Puzzle link copied.",
            ),
            Err(e) => return say(&e),
        }
    } else if kind == "copy-embed" {
        let code = viewer
            .game
            .with_untracked(|g| super::embed::embed_code(&href, &fragment, &g.record));
        (code, "embed-code", "Embed code copied.")
    } else if kind == "copy-link" {
        (
            game::share_url(&href, &fragment),
            "share-url",
            "Link copied.",
        )
    } else {
        return;
    };
    if sync_address && field != "puzzle-link" {
        show_in_address(&fragment);
    }
    for selector in [format!("label[for={field}]"), format!("#{field}")] {
        if let Some(el) = dom::find(at, &selector) {
            dom::set_flag(&el, "hidden", false);
        }
    }
    if let Some(input) = dom::find(at, &format!("#{field}")) {
        dom::set_value(&input, &text);
    }
    services::copy_text(&text, move |ok| {
        say(if ok {
            done
        } else {
            "Copy it from the field above."
        })
    });
}

#[component]
pub fn Share(
    viewer: Viewer,
    /// Whether the viewer keeps the page's address on the move (then copying shows it there).
    sync_address: bool,
) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    kit::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let section: web_sys::Element = root.into();
        let at = section.clone();
        dom::listen(&section, &["click", "focusin"], move |e| {
            let Some(el) = dom::event_closest(&e, "button, input") else {
                return;
            };
            if e.type_() == "focusin" {
                // The whole link is selected, ready to copy by hand.
                if let Some(i) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlInputElement>(&el) {
                    i.select();
                }
                return;
            }
            let kind = el.id();
            let at = at.clone();
            // The texts are made by code loaded on first use (`lazy::share`); the browser
            // still counts the click as the user's for the copy that follows.
            leptos::task::spawn_local(async move {
                if let Err(e) = lazy::share(viewer, at.clone(), kind, sync_address).await {
                    if let Some(s) = dom::find(&at, ".status") {
                        s.set_text_content(Some(&format!("Not done: {e}.")));
                    }
                }
            });
        });
    }));
    view! { <section class="share" aria-label="Share" node_ref=root inner_html=MARKUP></section> }
}

/// Puts the permalink fragment of the move shown in the address bar (the entry replaced: no
/// history per step).
pub(super) fn show_in_address(fragment: &str) {
    if let Some(href) = services::location_href() {
        services::replace_address(&game::share_url(&href, fragment));
    }
}
