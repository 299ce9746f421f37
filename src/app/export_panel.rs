//! Copying or downloading the game as UHP, PGN or a move list in any notation. Static markup
//! with its events delegated (see `controls` for why).

use std::fmt::Write as _;

use super::{dom, Viewer};
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

#[component]
pub fn ExportPanel(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    dom::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let section: web_sys::Element = root.into();
        let at = section.clone();
        dom::listen(&section, &["click", "change"], move |e| {
            let Some(el) = dom::event_closest(&e, "button, select") else {
                return;
            };
            let (Some(select), Some(status)) =
                (dom::find(&at, "#export-format"), dom::find(&at, ".status"))
            else {
                return;
            };
            let say = move |text: &str| status.set_text_content(Some(text));
            let kind = Export::from_key(&dom::value_of(&select)).unwrap_or_default();
            // A UHP game string has no variations: it holds the line on the board. A
            // position is the one on the board.
            let text = move || {
                viewer.game.with_untracked(|g| match kind {
                    Export::Position => viewer.position.with_untracked(|a| {
                        format!("{}\n", crate::record::position::write_position(&a.pos))
                    }),
                    Export::Uhp => {
                        let line = viewer.line.get_untracked();
                        kind.text(&g.line_record(&line))
                    }
                    _ => kind.text(&g.record),
                })
            };
            match (e.type_().as_str(), el.id().as_str()) {
                ("change", "export-format") => say(""),
                ("click", "copy-export") => dom::copy_text(&text(), move |ok| {
                    say(if ok {
                        "Copied."
                    } else {
                        "The browser refused to copy."
                    })
                }),
                ("click", "download-export") => {
                    let name = viewer.game.with_untracked(|g| kind.file_name(&g.record));
                    match dom::download(&text(), &name, "text/plain;charset=utf-8") {
                        Ok(()) => say(&format!("Saved {name}.")),
                        Err(_) => say("The browser refused the download."),
                    }
                }
                _ => {}
            }
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
