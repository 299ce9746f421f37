//! Copying or downloading the game as UHP, PGN or a move list in any notation. Static markup
//! with its events delegated (see `controls` for why).

use std::fmt::Write as _;

use super::kit::{self, dom, services};
use super::lazy::{self, Source};
use super::Viewer;
use crate::record::export::Export;
use leptos::prelude::*;

/// The panel's markup: the formats offered (the default selected) and the two actions.
fn markup() -> String {
    let mut s =
        String::from(r#"<label for="export-format">Export as</label><select id="export-format">"#);
    for k in Export::RECORDS {
        let selected = if k == Export::default() {
            " selected"
        } else {
            ""
        };
        let _ = write!(
            s,
            "<option value=\"{}\"{selected}>{}</option>",
            k.key(),
            k.label()
        );
    }
    s.push_str(concat!(
        r#"</select><button id="copy-export" type="button">Copy</button>"#,
        r#"<button id="download-export" type="button">Download</button>"#,
        r#"<span class="status" role="status"></span>"#,
    ));
    s
}

#[derive(Clone, Copy)]
enum Action {
    Copy,
    Download,
}

/// What a control of the panel does (`kind`: the event's type, `id`: the control's): the
/// export chosen copied or downloaded, or the last report cleared when the format changes.
pub(super) fn act(viewer: Viewer, at: &web_sys::Element, kind: &str, id: &str) {
    let (Some(select), Some(status)) = (dom::find(at, "#export-format"), dom::find(at, ".status"))
    else {
        return;
    };
    let say = move |text: &str| status.set_text_content(Some(text));
    let format = Export::from_key(&dom::value_of(&select)).unwrap_or_default();
    let action = match (kind, id) {
        ("change", "export-format") => return say(""),
        ("click", "copy-export") => Action::Copy,
        ("click", "download-export") => Action::Download,
        _ => return,
    };
    // A UHP game string has no variations: it holds the line on the board. A position is
    // the one on the board.
    let (source, name) = viewer.game.with_untracked(|g| {
        let source = match format {
            Export::Position => Source::Position(Box::new(
                viewer.position.with_untracked(|a| (*a.pos).clone()),
            )),
            Export::Uhp => Source::Line(Box::new(g.line_record(&viewer.line.get_untracked()))),
            _ => Source::Record(g.record.clone()),
        };
        (source, format.file_name(&g.record))
    });
    // The writers load on first use: the browser still counts the click as the user's for
    // the copy or download that follows.
    leptos::task::spawn_local(async move {
        let text = match lazy::export_text(format, source).await {
            Ok(text) => text,
            Err(e) => return say(&format!("Could not export: {e}.")),
        };
        match action {
            Action::Copy => services::copy_text(&text, move |ok| {
                say(if ok {
                    "Copied."
                } else {
                    "The browser refused to copy."
                })
            }),
            Action::Download => {
                match services::download(&text, &name, "text/plain;charset=utf-8") {
                    Ok(()) => say(&format!("Saved {name}.")),
                    Err(_) => say("The browser refused the download."),
                }
            }
        }
    });
}

#[component]
pub fn ExportPanel(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    kit::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let section: web_sys::Element = root.into();
        let at = section.clone();
        // The export is made by code loaded on first use (`lazy::export`), which loads the
        // writers in turn.
        dom::listen(&section, &["click", "change"], move |e| {
            let Some(el) = dom::event_closest(&e, "button, select") else {
                return;
            };
            let (at, kind, id) = (at.clone(), e.type_(), el.id());
            leptos::task::spawn_local(async move {
                if let Err(e) = lazy::export(viewer, at.clone(), kind, id).await {
                    if let Some(s) = dom::find(&at, ".status") {
                        s.set_text_content(Some(&format!("Could not export: {e}.")));
                    }
                }
            });
        });
    }));
    view! {
        <section class="export-panel" aria-label="Export" node_ref=root inner_html=markup()></section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_is_offered_and_the_default_selected() {
        let m = markup();
        assert_eq!(m.matches("<option").count(), Export::RECORDS.len());
        assert_eq!(m.matches(" selected>").count(), 1);
        let d = Export::default();
        assert!(m.contains(&format!(
            "<option value=\"{}\" selected>{}</option>",
            d.key(),
            d.label()
        )));
    }
}
