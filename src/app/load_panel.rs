//! Loading a game: pasted text, a chosen file, or a file dropped anywhere on the page.

use super::{dom, Viewer};
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Reads a file and loads it (or says why not).
fn load_file(viewer: Viewer, file: web_sys::File) {
    dom::read_file(file, move |result| match result {
        Ok(text) => viewer.load_text(&text),
        Err(e) => viewer.load_error.set(Some(e)),
    });
}

#[component]
pub fn LoadPanel(viewer: Viewer) -> impl IntoView {
    let input = NodeRef::<html::Textarea>::new();
    let dragging = RwSignal::new(false);

    let load = move |_| {
        if let Some(el) = input.get() {
            viewer.load_text(&el.value());
        }
    };
    let drag_over = window_event_listener(leptos::ev::dragover, move |e| {
        e.prevent_default();
        dragging.set(true);
    });
    let drag_leave = window_event_listener(leptos::ev::dragleave, move |_| dragging.set(false));
    let drop = window_event_listener(leptos::ev::drop, move |e| {
        e.prevent_default();
        dragging.set(false);
        let file = e
            .data_transfer()
            .and_then(|d| d.files())
            .and_then(|f| f.get(0));
        if let Some(file) = file {
            load_file(viewer, file);
        } else if let Some(text) = e
            .data_transfer()
            .and_then(|d| d.get_data("text/plain").ok())
            .filter(|t| !t.trim().is_empty())
        {
            viewer.load_text(&text);
        }
    });
    on_cleanup(move || {
        drag_over.remove();
        drag_leave.remove();
        drop.remove();
    });

    view! {
        <section class="load-panel" class:dragging=move || dragging.get() aria-label="Load a game">
            <label for="record-input">"Load a game"</label>
            <textarea id="record-input" node_ref=input rows="4" spellcheck="false"
                placeholder="Paste a UHP game string, PGN, BoardSpace SGF, or a move list in any notation"></textarea>
            <div class="load-actions">
                <button id="load-record" type="button" on:click=load>"Load"</button>
                <label for="record-file" class="file-label">"or choose a file"</label>
                <input id="record-file" type="file" accept=".sgf,.pgn,.txt,.uhp,.md,text/plain"
                    on:change=move |ev| {
                        let file = ev
                            .target()
                            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                            .and_then(|i| i.files())
                            .and_then(|f| f.get(0));
                        if let Some(file) = file {
                            load_file(viewer, file);
                        }
                    }/>
            </div>
            <p class="hint small">"You can also drop a file anywhere on the page."</p>
        </section>
    }
}
