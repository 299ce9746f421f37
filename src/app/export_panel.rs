//! Copying or downloading the game as UHP, PGN or a move list in any notation.

use super::{dom, Viewer};
use crate::record::export::Export;
use leptos::prelude::*;

#[component]
pub fn ExportPanel(viewer: Viewer) -> impl IntoView {
    let kind = RwSignal::new(Export::default());
    let status = RwSignal::new(String::new());
    // A UHP game string has no variations: it holds the line on the board.
    let text = move || {
        let k = kind.get_untracked();
        viewer.game.with_untracked(|g| match k {
            Export::Uhp => {
                let line = viewer.line.get_untracked();
                k.text(&g.line_record(&line))
            }
            _ => k.text(&g.record),
        })
    };
    let copy = move |_| {
        dom::copy_text(&text(), move |ok| {
            status.set(
                if ok {
                    "Copied."
                } else {
                    "The browser refused to copy."
                }
                .to_string(),
            )
        });
    };
    let download = move |_| {
        let k = kind.get_untracked();
        let name = viewer.game.with_untracked(|g| k.file_name(&g.record));
        let result = dom::download(&text(), &name, "text/plain;charset=utf-8");
        status.set(match result {
            Ok(()) => format!("Saved {name}."),
            Err(_) => "The browser refused the download.".to_string(),
        });
    };
    view! {
        <section class="export-panel" aria-label="Export">
            <label for="export-format">"Export as"</label>
            <select id="export-format" on:change=move |ev| {
                kind.set(Export::from_key(&event_target_value(&ev)).unwrap_or_default());
                status.set(String::new());
            }>
                {Export::RECORDS.into_iter().map(|k| view! {
                    <option value=k.key() selected=move || kind.get() == k>{k.label()}</option>
                }).collect_view()}
            </select>
            <button id="copy-export" type="button" on:click=copy>"Copy"</button>
            <button id="download-export" type="button" on:click=download>"Download"</button>
            <span class="status" role="status">{move || status.get()}</span>
        </section>
    }
}
