//! Copying or downloading the game as UHP, PGN or a move list in any notation. Static markup
//! with its events delegated (see `controls` for why).

use std::fmt::Write as _;

use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::{self, controls, dom, services, Markup};
use crate::app::model::viewer::Viewer;
use crate::engine::position::Position;
use crate::record::export::Export;
use crate::record::Record;
use leptos::prelude::*;
use std::sync::Arc;

crate::controls! {
    /// The panel's controls.
    pub(crate) enum ExportControl {
        Format = "export-format",
        Copy = "copy-export",
        Download = "download-export",
    }
}

/// What to export: the record, the line on the board (UHP holds no variations) or the
/// position on the board.
pub enum Source {
    Record(Arc<Record>),
    Line(Box<Record>),
    Position(Box<Position>),
}

/// The text of an export, written by code loaded on first use (the writers of every
/// format).
#[wasm_split(export, fallible)]
pub fn export_text(kind: Export, source: Source) -> Result<String, Unavailable> {
    Ok(match source {
        Source::Record(rec) => kind.text(&rec),
        Source::Line(rec) => kind.text(&rec),
        Source::Position(pos) => {
            format!("{}\n", crate::record::position::write_position(&pos))
        }
    })
}

/// The panel's markup: the formats offered (the default selected) and the two actions.
fn markup() -> String {
    let mut s = String::from(">");
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
    s.push_str("</select>");
    Markup::new()
        .raw(r#"<label for="export-format">Export as</label>"#)
        .control("select", ExportControl::Format, &s)
        .control(
            "button",
            ExportControl::Copy,
            r#" type="button">Copy</button>"#,
        )
        .control(
            "button",
            ExportControl::Download,
            r#" type="button">Download</button>"#,
        )
        .raw(r#"<span class="status" role="status"></span>"#)
        .done()
}

#[derive(Clone, Copy)]
enum ExportAction {
    Copy,
    Download,
}

/// What a control of the panel does, in the chunk of the panels' actions: the export chosen
/// copied or downloaded, or the last report cleared when the format changes.
#[wasm_split(panels, fallible)]
fn export_in_chunk(
    viewer: Viewer,
    at: web_sys::Element,
    control: ExportControl,
) -> Result<(), Unavailable> {
    act(viewer, &at, control);
    Ok(())
}

/// What [`export_in_chunk`] does.
fn act(viewer: Viewer, at: &web_sys::Element, control: ExportControl) {
    let (Some(select), Some(status)) = (dom::find(at, "#export-format"), dom::find(at, ".status"))
    else {
        return;
    };
    let say = move |text: &str| status.set_text_content(Some(text));
    let format = Export::from_key(&dom::value_of(&select)).unwrap_or_default();
    let action = match control {
        ExportControl::Format => return say(""),
        ExportControl::Copy => ExportAction::Copy,
        ExportControl::Download => ExportAction::Download,
    };
    // A UHP game string has no variations: it holds the line on the board. A position is
    // the one on the board.
    let (source, name) = viewer.study.game.with_untracked(|g| {
        let source = match format {
            Export::Position => Source::Position(Box::new(
                viewer.study.position.with_untracked(|a| (*a.pos).clone()),
            )),
            Export::Uhp => {
                Source::Line(Box::new(g.line_record(&viewer.study.line.get_untracked())))
            }
            _ => Source::Record(g.record.clone()),
        };
        (source, format.file_name(&g.record))
    });
    // The writers load on first use: the browser still counts the click as the user's for
    // the copy or download that follows.
    services::spawn(async move {
        let text = match export_text(format, source).await {
            Ok(text) => text,
            Err(e) => return say(&format!("Could not export: {e}.")),
        };
        match action {
            ExportAction::Copy => services::copy_text(&text, move |ok| {
                say(if ok {
                    "Copied."
                } else {
                    "The browser refused to copy."
                })
            }),
            ExportAction::Download => {
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
    kit::on_mount(
        root,
        Box::new(move |section| {
            let at = section.clone();
            // The export is made by code loaded on first use (`export_in_chunk`), which loads the
            // writers in turn.
            controls::listen(&section, &["click", "change"], move |control, e, _| {
                let wanted = match control {
                    ExportControl::Format => "change",
                    ExportControl::Copy | ExportControl::Download => "click",
                };
                if e.type_() != wanted {
                    return;
                }
                let at = at.clone();
                services::spawn(async move {
                    if let Err(e) = export_in_chunk(viewer, at.clone(), control).await {
                        if let Some(s) = dom::find(&at, ".status") {
                            s.set_text_content(Some(&format!("Could not export: {e}.")));
                        }
                    }
                });
            });
        }),
    );
    view! {
        <section class="export-panel" aria-label="Export" node_ref=root inner_html=markup()></section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markup_is_written_from_the_controls() {
        let m = markup();
        assert_eq!(
            controls::check_markup::<ExportControl>(&m),
            Vec::<String>::new()
        );
        assert!(m.starts_with(
            r#"<label for="export-format">Export as</label><select id="export-format"><option"#
        ));
        assert!(m.ends_with(concat!(
            r#"</select><button id="copy-export" type="button">Copy</button>"#,
            r#"<button id="download-export" type="button">Download</button>"#,
            r#"<span class="status" role="status"></span>"#,
        )));
    }

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

    #[test]
    fn exports_write_the_record_the_line_or_the_position() {
        let g = crate::app::model::game::load_text("Base;InProgress;White[3];wS1;bS1 -wS1;wQ wS1-")
            .unwrap();
        let rec = g.record.clone();
        let uhp = kit::chunk::ready(export_text(Export::Uhp, Source::Record(rec.clone()))).unwrap();
        assert_eq!(uhp, Export::Uhp.text(&rec));
        assert!(uhp.contains("wQ wS1-"), "{uhp}");
        let line = g.line_record(&g.main_line());
        let expected = Export::Uhp.text(&line);
        assert_eq!(
            kit::chunk::ready(export_text(Export::Uhp, Source::Line(Box::new(line)))).unwrap(),
            expected
        );
        let end = *rec.tree.mainline_nodes().last().unwrap();
        let pos = rec.tree.position_at(end).unwrap();
        let written = crate::record::position::write_position(&pos);
        assert!(written.contains("wQ"), "{written}");
        let at = kit::chunk::ready(export_text(
            Export::Position,
            Source::Position(Box::new(pos)),
        ))
        .unwrap();
        assert_eq!(at, format!("{written}\n"));
    }
}
