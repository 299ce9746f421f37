//! Loading a game: pasted text, a chosen file, or a file dropped anywhere on the viewer (its
//! root element calls [`on_drag_over`] and [`on_drop`]).

use super::kit::Var;
use super::kit::{self, dom, services, Sink};
use super::Viewer;
use leptos::ev::DragEvent;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Reads a file and loads it (or says why not); a zip archive opens as a collection.
fn load_file(viewer: Viewer, file: web_sys::File) {
    if crate::collection::is_zip_name(&file.name()) {
        super::collection_panel::open_files(viewer, vec![file]);
        return;
    }
    services::read_file(file, crate::record::MAX_INPUT, move |result| match result {
        Ok(text) => viewer.load_text(text),
        Err(e) => viewer.fail(e.into()),
    });
}

/// Something is dragged over the viewer: accept a drop there (instead of the browser opening
/// the file) and show where it goes.
pub fn on_drag_over(dragging: Var<bool>, e: &DragEvent) {
    e.prevent_default();
    if !dragging.get_untracked() {
        super::lazy::prefetch_records();
        dragging.set(true);
    }
}

/// Loads a file or text dropped on the viewer.
pub fn on_drop(viewer: Viewer, dragging: Var<bool>, e: &DragEvent) {
    e.prevent_default();
    dragging.set(false);
    let data = e.data_transfer();
    let files: Vec<web_sys::File> = data
        .as_ref()
        .and_then(|d| d.files())
        .map(|list| (0..list.length()).filter_map(|k| list.get(k)).collect())
        .unwrap_or_default();
    // Several files open as a collection; one as a game (or a collection if it holds many).
    if files.len() > 1 {
        super::collection_panel::open_files(viewer, files);
    } else if let Some(file) = files.into_iter().next() {
        load_file(viewer, file);
    } else if let Some(text) = data
        .and_then(|d| d.get_data("text/plain").ok())
        .filter(|t| !t.trim().is_empty())
    {
        viewer.load_text(text);
    }
}

const MARKUP: &str = concat!(
    r#"<label for="record-input">Load a game</label>"#,
    r#"<textarea id="record-input" rows="4" spellcheck="false" placeholder="Paste a UHP game string, PGN, BoardSpace SGF, or a move list in any notation"></textarea>"#,
    r#"<div class="load-actions"><button id="load-record" type="button">Load</button>"#,
    r#"<label for="record-file" class="file-label">or choose a file</label>"#,
    r#"<input id="record-file" type="file" accept=".sgf,.pgn,.txt,.uhp,.md,.zip,text/plain"></div>"#,
    r#"<p class="hint small">You can also drop a file anywhere on the page.</p>"#,
);

/// The panel: static markup with its events delegated (see `controls` for why).
#[component]
pub fn LoadPanel(
    viewer: Viewer,
    /// Something is dragged over the viewer.
    dragging: Var<bool>,
) -> impl IntoView {
    let root = NodeRef::<html::Section>::new();
    kit::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let section: web_sys::Element = root.into();
        // The panel shows where a dragged file may be dropped.
        let class = move || {
            Some(
                if dragging.get() {
                    "load-panel dragging"
                } else {
                    "load-panel"
                }
                .into(),
            )
        };
        kit::bind(section.clone(), Sink::Attr("class"), Box::new(class));
        let at = section.clone();
        dom::listen(&section, &["click", "change", "focusin"], move |e| {
            // About to paste or choose a file: fetch the readers meanwhile.
            if e.type_() == "focusin" {
                super::lazy::prefetch_records();
                return;
            }
            let Some(el) = dom::event_closest(&e, "button, input") else {
                return;
            };
            match (e.type_().as_str(), el.id().as_str()) {
                ("click", "load-record") => {
                    if let Some(input) = dom::find(&at, "#record-input") {
                        viewer.load_text(dom::value_of(&input));
                    }
                }
                ("change", "record-file") => {
                    let file = el
                        .dyn_ref::<web_sys::HtmlInputElement>()
                        .and_then(|i| i.files())
                        .and_then(|f| f.get(0));
                    if let Some(file) = file {
                        load_file(viewer, file);
                    }
                }
                _ => {}
            }
        });
    }));
    view! {
        <section
            class="load-panel"
            aria-label="Load a game"
            node_ref=root
            inner_html=MARKUP
        ></section>
    }
}
