//! A permalink to the game at the current move, or the code that embeds it in another page,
//! copied to the clipboard. Static markup with
//! its one event delegated (see `controls` for why).

use super::{dom, game, Viewer};
use leptos::prelude::*;

const MARKUP: &str = concat!(
    r#"<button id="copy-link" type="button">Copy link to this move</button>"#,
    r#"<label for="share-url" class="visually-hidden" hidden>Link to this move</label>"#,
    r#"<input id="share-url" type="text" readonly hidden>"#,
    r#"<button id="copy-embed" type="button">Copy embed code</button>"#,
    r#"<label for="embed-code" class="visually-hidden" hidden>Embed code</label>"#,
    r#"<input id="embed-code" type="text" readonly hidden>"#,
    r#"<span class="status" role="status"></span>"#,
);

#[component]
pub fn Share(
    viewer: Viewer,
    /// Whether the viewer keeps the page's address on the move (then copying shows it there).
    sync_address: bool,
) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    Effect::new(move |_| {
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
            let embed = match el.id().as_str() {
                "copy-link" => false,
                "copy-embed" => true,
                _ => return,
            };
            let node = viewer.node_untracked();
            let fragment = viewer.game.with_untracked(|g| g.fragment(node));
            let href = dom::location_href().unwrap_or_default();
            let (text, field, done) = if embed {
                let code = viewer
                    .game
                    .with_untracked(|g| super::embed::embed_code(&href, &fragment, &g.record));
                (code, "embed-code", "Embed code copied.")
            } else {
                (
                    game::share_url(&href, &fragment),
                    "share-url",
                    "Link copied.",
                )
            };
            if sync_address {
                dom::replace_fragment(&fragment);
            }
            for selector in [format!("label[for={field}]"), format!("#{field}")] {
                if let Some(el) = dom::find(&at, &selector) {
                    dom::set_flag(&el, "hidden", false);
                }
            }
            if let Some(input) = dom::find(&at, &format!("#{field}")) {
                dom::set_value(&input, &text);
            }
            let status = dom::find(&at, ".status");
            dom::copy_text(&text, move |ok| {
                if let Some(s) = &status {
                    s.set_text_content(Some(if ok {
                        done
                    } else {
                        "Copy it from the field above."
                    }));
                }
            });
        });
    });
    view! { <section class="share" aria-label="Share" node_ref=root inner_html=MARKUP></section> }
}
