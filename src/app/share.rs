//! A permalink to the game at the current move, copied to the clipboard.

use super::{dom, game, Viewer};
use leptos::prelude::*;

#[component]
pub fn Share(
    viewer: Viewer,
    /// Whether the viewer keeps the page's address on the move (then copying shows it there).
    sync_address: bool,
) -> impl IntoView {
    let link = RwSignal::new(String::new());
    let status = RwSignal::new(String::new());
    let copy = move |_| {
        let node = viewer.node_untracked();
        let fragment = viewer.game.with_untracked(|g| g.fragment(node));
        let href = dom::location_href().unwrap_or_default();
        let url = game::share_url(&href, &fragment);
        if sync_address {
            dom::replace_fragment(&fragment);
        }
        link.set(url.clone());
        dom::copy_text(&url, move |ok| {
            status.set(if ok {
                "Link copied.".to_string()
            } else {
                "Copy the link above.".to_string()
            })
        });
    };
    view! {
        <section class="share" aria-label="Share">
            <button id="copy-link" type="button" on:click=copy>"Copy link to this move"</button>
            <Show when=move || !link.get().is_empty()>
                <label for="share-url" class="visually-hidden">"Link to this move"</label>
                <input id="share-url" type="text" readonly prop:value=move || link.get()
                    on:focus=move |ev| {
                        use wasm_bindgen::JsCast;
                        if let Some(i) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                            i.select();
                        }
                    }/>
            </Show>
            <span class="status" role="status">{move || status.get()}</span>
        </section>
    }
}
