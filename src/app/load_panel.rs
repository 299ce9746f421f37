//! Loading a game: pasted text, a chosen file, or a file dropped anywhere on the viewer (its
//! root element calls [`on_drag_over`] and [`on_drop`]).

use super::{dom, Viewer};
use leptos::ev::DragEvent;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Reads a file and loads it (or says why not).
fn load_file(viewer: Viewer, file: web_sys::File) {
    dom::read_file(file, move |result| match result {
        Ok(text) => viewer.load_text(&text),
        Err(e) => viewer.fail(e),
    });
}

/// Something is dragged over the viewer: accept a drop there (instead of the browser opening
/// the file) and show where it goes.
pub fn on_drag_over(dragging: RwSignal<bool>, e: &DragEvent) {
    e.prevent_default();
    if !dragging.get_untracked() {
        dragging.set(true);
    }
}

/// Loads a file or text dropped on the viewer.
pub fn on_drop(viewer: Viewer, dragging: RwSignal<bool>, e: &DragEvent) {
    e.prevent_default();
    dragging.set(false);
    let data = e.data_transfer();
    let file = data.as_ref().and_then(|d| d.files()).and_then(|f| f.get(0));
    if let Some(file) = file {
        load_file(viewer, file);
    } else if let Some(text) = data
        .and_then(|d| d.get_data("text/plain").ok())
        .filter(|t| !t.trim().is_empty())
    {
        viewer.load_text(&text);
    }
}

#[component]
pub fn LoadPanel(
    viewer: Viewer,
    /// Something is dragged over the viewer.
    dragging: RwSignal<bool>,
) -> impl IntoView {
    let input = NodeRef::<html::Textarea>::new();

    let load = move |_| {
        if let Some(el) = input.get() {
            viewer.load_text(&el.value());
        }
    };

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
