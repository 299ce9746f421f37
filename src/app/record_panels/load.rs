//! Loading a game: pasted text, a chosen file, or a file dropped anywhere on the viewer (its
//! root element calls [`on_drag_over`] and [`on_drop`]).

use crate::app::kit::chunk::wasm_split;
use crate::app::kit::{self, dom, services, Markup, Sink, Var};
use crate::app::model::game::{self, LoadError, NotatedGame};
use crate::app::model::viewer::Viewer;
use leptos::ev::DragEvent;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Reads a file and loads it (or says why not); a zip archive or a saved explorer index
/// opens as a collection.
fn load_file(viewer: Viewer, file: web_sys::File) {
    if crate::collection::opens_as_collection(&file.name()) {
        crate::app::collection_panels::panel::open_files(viewer, vec![file]);
        return;
    }
    services::read_file(file, crate::record::MAX_INPUT, move |result| match result {
        Ok(text) => load_text(viewer, text),
        Err(e) => viewer.fail(e.into()),
    });
}

/// Something is dragged over the viewer: accept a drop there (instead of the browser opening
/// the file) and show where it goes.
pub fn on_drag_over(dragging: Var<bool>, e: &DragEvent) {
    e.prevent_default();
    if !dragging.get_untracked() {
        prefetch_records();
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
        crate::app::collection_panels::panel::open_files(viewer, files);
    } else if let Some(file) = files.into_iter().next() {
        load_file(viewer, file);
    } else if let Some(text) = data
        .and_then(|d| d.get_data("text/plain").ok())
        .filter(|t| !t.trim().is_empty())
    {
        load_text(viewer, text);
    }
}

crate::controls! {
    /// The panel's controls.
    pub(crate) enum LoadControl {
        Text = "record-input",
        Load = "load-record",
        File = "record-file",
    }
}

/// The panel's markup, its ids from [`LoadControl`].
fn markup() -> String {
    Markup::new()
        .raw(r#"<label for="record-input">Load a game</label>"#)
        .control("textarea", LoadControl::Text, r#" rows="4" spellcheck="false" placeholder="Paste a UHP game string, PGN, BoardSpace SGF, or a move list in any notation"></textarea>"#)
        .raw(r#"<div class="load-actions">"#)
        .control("button", LoadControl::Load, r#" type="button">Load</button>"#)
        .raw(r#"<label for="record-file" class="file-label">or choose a file</label>"#)
        .control("input", LoadControl::File, r#" type="file" accept=".sgf,.pgn,.txt,.uhp,.md,.zip,text/plain"></div>"#)
        .raw(r#"<p class="hint small">You can also drop a file anywhere on the viewer: the board, the moves or this panel.</p>"#)
        .done()
}

/// What a pasted or dropped text holds.
enum PastedText {
    /// One game, or why it could not be read.
    Game(Result<NotatedGame, LoadError>),
    /// Several records: the text opens as a collection.
    Collection(String),
    /// A study's file (its games name their study): opens as a study.
    Study(String),
}

/// Reads a pasted or dropped text (see [`game::load_text`]), in a chunk of its own (every
/// format's reader, the at-sign positions); several records are a collection, read by the
/// collection worker.
#[wasm_split(records, fallible)]
fn read_text(text: String) -> Result<PastedText, LoadError> {
    Ok(if crate::study::file::names_a_study(&text) {
        PastedText::Study(text)
    } else if crate::collection::split::split_records(&text).len() > 1 {
        PastedText::Collection(text)
    } else {
        PastedText::Game(game::load_text(&text))
    })
}

/// Loads a pasted or dropped text (its reader loads on first use); on failure the current
/// game stays. Several records open as a collection. Of loads that overlap, the last one
/// given wins.
pub fn load_text(viewer: Viewer, text: String) {
    let ticket = viewer.reading.get_value().wrapping_add(1);
    viewer.reading.set_value(ticket);
    services::spawn(async move {
        let loaded = read_text(text).await;
        if viewer.reading.get_value() != ticket {
            return;
        }
        match loaded {
            Ok(PastedText::Game(Ok(game))) => {
                let node = game.first_node();
                viewer.show(game, node);
            }
            Ok(PastedText::Game(Err(e))) | Err(e) => viewer.fail(e),
            Ok(PastedText::Collection(text)) => {
                crate::app::collection_panels::panel::open_text(viewer, text)
            }
            Ok(PastedText::Study(text)) => crate::app::board::drawing_tool::ask(
                viewer,
                crate::app::board::drawing_tool::BoardWork::Study(
                    crate::app::study::StudyWork::Text(text),
                ),
            ),
        }
    });
}

/// Starts fetching the record readers' chunk (when the load panel is used), so that a
/// paste or drop reads at once.
fn prefetch_records() {
    services::spawn(async {
        let _ = __wasm_split_preload_read_text().await;
    });
}

/// The panel: static markup with its events delegated (see `controls` for why).
#[component]
pub fn LoadPanel(
    viewer: Viewer,
    /// Something is dragged over the viewer.
    dragging: Var<bool>,
) -> impl IntoView {
    let root = NodeRef::<html::Section>::new();
    kit::on_mount(
        root,
        Box::new(move |section| {
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
                    prefetch_records();
                    return;
                }
                let Some((control, el)) = kit::controls::control_of::<LoadControl>(&e) else {
                    return;
                };
                let click = e.type_() == "click";
                match control {
                    LoadControl::Load if click => {
                        if let Some(input) = kit::controls::element(&at, LoadControl::Text) {
                            load_text(viewer, dom::value_of(&input));
                        }
                    }
                    LoadControl::File if !click => {
                        let file = el
                            .dyn_ref::<web_sys::HtmlInputElement>()
                            .and_then(|i| i.files())
                            .and_then(|f| f.get(0));
                        if let Some(file) = file {
                            load_file(viewer, file);
                        }
                    }
                    LoadControl::Text | LoadControl::Load | LoadControl::File => {}
                }
            });
        }),
    );
    view! {
        <section
            class="load-panel"
            aria-label="Load a game"
            node_ref=root
            inner_html=markup()
        ></section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markup_is_written_from_the_controls_as_it_was_by_hand() {
        let by_hand = concat!(
            r#"<label for="record-input">Load a game</label>"#,
            r#"<textarea id="record-input" rows="4" spellcheck="false" placeholder="Paste a UHP game string, PGN, BoardSpace SGF, or a move list in any notation"></textarea>"#,
            r#"<div class="load-actions"><button id="load-record" type="button">Load</button>"#,
            r#"<label for="record-file" class="file-label">or choose a file</label>"#,
            r#"<input id="record-file" type="file" accept=".sgf,.pgn,.txt,.uhp,.md,.zip,text/plain"></div>"#,
            r#"<p class="hint small">You can also drop a file anywhere on the viewer: the board, the moves or this panel.</p>"#,
        );
        assert_eq!(markup(), by_hand);
        assert_eq!(
            kit::controls::check_markup::<LoadControl>(&markup()),
            Vec::<String>::new()
        );
    }

    #[test]
    fn one_record_loads_as_a_game_and_several_as_a_collection() {
        let one = kit::chunk::ready(read_text("Base;InProgress;White[2];wS1;bS1 -wS1".into()));
        match one {
            Ok(PastedText::Game(Ok(g))) => assert_eq!(g.main_line().len(), 2),
            _ => panic!("one UHP game should load as a game"),
        }
        let bad = kit::chunk::ready(read_text("hello".into()));
        assert!(matches!(
            bad,
            Ok(PastedText::Game(Err(LoadError::FirstMove(_))))
        ));
        let empty = kit::chunk::ready(read_text("   ".into()));
        assert!(matches!(
            empty,
            Ok(PastedText::Game(Err(LoadError::Record(_))))
        ));
        let two = "[Event \"a\"]\n\n1. wS1\n\n[Event \"b\"]\n\n1. wG1\n";
        match kit::chunk::ready(read_text(two.into())) {
            Ok(PastedText::Collection(t)) => assert_eq!(t, two),
            _ => panic!("two PGN games should open as a collection"),
        }
        let study = "[StudyName \"s\"]\n\n1. wS1\n";
        match kit::chunk::ready(read_text(study.into())) {
            Ok(PastedText::Study(t)) => assert_eq!(t, study),
            _ => panic!("a file naming its study should open as a study"),
        }
    }
}
