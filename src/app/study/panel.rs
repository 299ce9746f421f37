//! The study panel (`#study`, at the top of the side column): the open study's title and
//! chapters (`#chapters`, one `[data-chapter]` each, the one shown `aria-current`), the
//! chapter's tools (name, mode, the reader's side, order, delete, a reader's preview), adding
//! a chapter, and the library (`#library`). Written once, when the studies are first used;
//! one listener for all of it.

use super::desk;
use super::library;
use super::open::OpenStudy;
use super::state::Desk;
use super::{lesson, library_actions};
use crate::app::kit::controls::{self, Markup};
use crate::app::kit::{self, dom, Sink};
use crate::engine::piece::Color;
use crate::study::{parse_orientation, Chapter, ChapterMode};
use crate::view::svg::escape;

crate::controls! {
    /// The panel's elements.
    pub(super) enum StudyControl {
        Panel = "study",
        Open = "study-open",
        Title = "study-title",
        Export = "study-export",
        Close = "study-close",
        Chapters = "chapters",
        ChapterName = "chapter-name",
        Mode = "chapter-mode",
        Orientation = "chapter-orientation",
        Up = "chapter-up",
        Down = "chapter-down",
        Delete = "chapter-delete",
        Preview = "lesson-preview",
        Source = "chapter-source",
        Add = "chapter-add",
        Note = "study-note",
        Library = "library",
        List = "library-list",
        New = "study-new",
        ExportAll = "library-export",
        Import = "library-import",
    }
}

fn markup() -> String {
    use StudyControl as C;
    Markup::new()
        .control("section", C::Panel, r#" class="study-panel" aria-label="Studies" hidden>"#)
        .control("div", C::Open, r#" class="study-open" hidden><div class="study-head"><label for="study-title">Study</label>"#)
        .control("input", C::Title, r#" type="text" maxlength="200" autocomplete="off">"#)
        .control("button", C::Export, r#" type="button" title="Download the study as a PGN file">Export</button>"#)
        .control("button", C::Close, r#" type="button" title="Close the study (it stays in the library)">Close</button></div>"#)
        .control("ol", C::Chapters, r#" class="chapters" aria-label="Chapters"></ol>"#)
        .raw(r#"<div class="chapter-tools"><span class="field chapter-name"><label for="chapter-name">Chapter</label>"#)
        .control("input", C::ChapterName, r#" type="text" maxlength="200" autocomplete="off"></span>"#)
        .raw(r#"<span class="field"><label for="chapter-mode">Mode</label>"#)
        .control("select", C::Mode, r#"><option value="normal">Normal</option><option value="interactive">Interactive lesson</option></select></span>"#)
        .raw(r#"<span class="field"><label for="chapter-orientation">Reader plays</label>"#)
        .control("select", C::Orientation, r#"><option value="white">White</option><option value="black">Black</option></select></span>"#)
        .control("button", C::Up, r#" type="button" aria-label="Move the chapter up" title="Move up">↑</button>"#)
        .control("button", C::Down, r#" type="button" aria-label="Move the chapter down" title="Move down">↓</button>"#)
        .control("button", C::Delete, r#" type="button">Delete chapter</button>"#)
        .control("button", C::Preview, r#" type="button" title="Play the lesson as a reader would">Play as a reader</button></div>"#)
        .raw(r#"<div class="chapter-add"><span class="field"><label for="chapter-source">New chapter from</label>"#)
        .control("select", C::Source, r#"><option value="game">the game shown</option><option value="position">the position shown</option><option value="empty">an empty board</option></select></span>"#)
        .control("button", C::Add, r#" type="button">Add chapter</button></div></div>"#)
        .control("p", C::Note, r#" class="study-note" role="status" aria-live="polite"></p>"#)
        .control("div", C::Library, r#" class="library" hidden><h2>Library</h2>"#)
        .control("ul", C::List, r#" class="library-list" aria-label="Studies kept in this browser"></ul>"#)
        .raw(r#"<div class="library-actions">"#)
        .control("button", C::New, r#" type="button">New study from the game shown</button>"#)
        .control("button", C::ExportAll, r#" type="button">Export the library</button>"#)
        .raw(r#"<label for="library-import" class="file-label">Import studies</label>"#)
        .control("input", C::Import, r#" type="file" accept=".pgn,.txt,text/plain"></div></div></section>"#)
        .done()
}

/// The chapter list's items.
fn chapters_markup(o: &OpenStudy) -> String {
    let mut out = String::new();
    for (i, c) in o.chapters.iter().enumerate() {
        let current = if i == o.current {
            r#" aria-current="true""#
        } else {
            ""
        };
        let mode = match (c.mode, c.orientation) {
            (ChapterMode::Normal, _) => String::new(),
            (ChapterMode::Interactive, side) => format!(
                r#" <span class="chapter-mode">lesson, {} plays</span>"#,
                side.name()
            ),
        };
        out.push_str(&format!(
            r#"<li data-chapter="{i}" data-mode="{}"{current}><button type="button" class="open-chapter">{}. {}</button>{mode}</li>"#,
            c.mode.name(),
            i + 1,
            escape(&c.name),
        ));
    }
    out
}

/// Puts the panel at the top of the side column, binds and listens to it.
pub(super) fn build(d: Desk) {
    let page = leptos::prelude::document();
    let Some(side) = page.query_selector("aside.side").ok().flatten() else {
        return;
    };
    let _ = side.insert_adjacent_html("afterbegin", &markup());
    let Some(panel) = page.query_selector("#study").ok().flatten() else {
        return;
    };
    bind(d, &panel);
    let at = panel.clone();
    controls::listen(&panel, &["click", "change", "keydown"], move |c, e, el| {
        act(d, &at, c, e, el)
    });
}

fn bind(d: Desk, panel: &web_sys::Element) {
    use StudyControl as C;
    let find = |c| controls::element(panel, c);
    let (Some(open), Some(chapters), Some(note), Some(library), Some(list), Some(preview)) = (
        find(C::Open),
        find(C::Chapters),
        find(C::Note),
        find(C::Library),
        find(C::List),
        find(C::Preview),
    ) else {
        return;
    };
    let parts = vec![
        (panel.clone(), Sink::Attr("hidden")),
        (open, Sink::Attr("hidden")),
        (chapters, Sink::Html),
        (note, Sink::Text),
        (library, Sink::Attr("hidden")),
        (list, Sink::Html),
        (preview, Sink::Attr("hidden")),
    ];
    let (lesson_var, _) = lesson::state();
    kit::bind_parts(
        parts,
        Box::new(move || {
            d.listed.track();
            let flag = |on: bool| on.then(String::new);
            let shown_library = d.library_shown.get();
            let playing = lesson_var.with(Option::is_some);
            let (is_open, list, open_id, normal) = d.open.with_value(|o| match o {
                Some(o) => (
                    true,
                    chapters_markup(o),
                    Some(o.id.clone()),
                    o.slot().mode == ChapterMode::Normal,
                ),
                None => (false, String::new(), None, true),
            });
            let rows = d.rows.with(|r| {
                d.renaming
                    .with(|n| library::markup(r, open_id.as_deref(), n.as_deref()))
            });
            vec![
                flag(!is_open && !shown_library),
                flag(!is_open),
                Some(list),
                Some(d.note.get()),
                flag(!shown_library),
                Some(rows),
                flag(normal || playing),
            ]
        }),
    );
    // The fields show the study's and the chapter's own values (set as values: a field the
    // reader typed in no longer follows its attribute).
    let fields = panel.clone();
    kit::watch(Box::new(move || {
        d.listed.track();
        let values = d.open.with_value(|o| {
            o.as_ref().map(|o| {
                let s = o.slot();
                (
                    o.title.clone(),
                    s.name.clone(),
                    s.mode.name(),
                    crate::study::orientation_name(s.orientation),
                )
            })
        });
        let Some((title, name, mode, side)) = values else {
            return;
        };
        for (c, v) in [
            (C::Title, title.as_str()),
            (C::ChapterName, name.as_str()),
            (C::Mode, mode),
            (C::Orientation, side),
        ] {
            if let Some(el) = controls::element(&fields, c) {
                dom::set_value(&el, v);
            }
        }
    }));
}

/// The chapter a list item or its button stands for.
fn chapter_of(el: &web_sys::Element) -> Option<usize> {
    el.closest("[data-chapter]")
        .ok()
        .flatten()?
        .get_attribute("data-chapter")?
        .parse()
        .ok()
}

/// What an event on the panel does.
fn act(
    d: Desk,
    panel: &web_sys::Element,
    c: StudyControl,
    e: &web_sys::Event,
    el: &web_sys::Element,
) {
    use StudyControl as C;
    let kind = e.type_();
    let click = kind == "click";
    let change = kind == "change";
    let value = || dom::value_of(el);
    match c {
        C::Chapters if click => {
            let target = dom::event_closest(e, ".open-chapter").and_then(|b| chapter_of(&b));
            if let Some(i) = target {
                desk::switch(d, i, None);
            }
        }
        C::Title if change => {
            let title = crate::study::clean_name(&value());
            if !title.is_empty() {
                let own = d.open.with_value(|o| o.as_ref().map(|o| o.title.clone()));
                let title = desk::free_title(d, &title, own.as_deref());
                desk::edit(d, move |o| {
                    o.title = title;
                    Ok(None)
                });
            }
        }
        C::ChapterName if change => {
            let name = crate::study::clean_name(&value());
            if !name.is_empty() {
                desk::edit(d, move |o| {
                    let i = o.current;
                    o.chapters[i].name = name;
                    Ok(None)
                });
            }
        }
        C::Mode if change => {
            let mode = ChapterMode::parse(&value()).unwrap_or_default();
            desk::edit(d, move |o| {
                let i = o.current;
                o.chapters[i].mode = mode;
                Ok(None)
            });
        }
        C::Orientation if change => {
            let side = parse_orientation(&value()).unwrap_or(Color::White);
            desk::edit(d, move |o| {
                let i = o.current;
                o.chapters[i].orientation = side;
                Ok(None)
            });
        }
        C::Up | C::Down if click => {
            desk::edit(d, move |o| o.shift(o.current, c == C::Up).map(|_| None));
        }
        C::Delete if click => desk::edit(d, |o| {
            o.delete(o.current)?;
            Ok(Some(o.current))
        }),
        C::Preview if click => lesson::start(d),
        C::Add if click => {
            let source = controls::element(panel, C::Source)
                .map(|s| dom::value_of(&s))
                .unwrap_or_default();
            add_chapter(d, &source);
        }
        C::Export if click => library_actions::export_open(d),
        C::Close if click => desk::close(d),
        C::List => library_actions::on_list(d, e, el),
        C::New if click => library_actions::new_study(d),
        C::ExportAll if click => library_actions::export_all(d),
        C::Import if change => library_actions::import(d, el),
        _ => {}
    }
}

/// Adds a chapter after the one shown, from the game shown, the position shown or an empty
/// board, and shows it.
fn add_chapter(d: Desk, source: &str) {
    let viewer = d.viewer;
    let name = d
        .open
        .with_value(|o| o.as_ref().map(OpenStudy::next_name))
        .unwrap_or_default();
    // During a lesson the chapter's own game, not the lesson's part of it.
    let (lesson_var, _) = lesson::state();
    let record = lesson_var
        .with_untracked(|l| l.as_ref().map(|l| l.record.clone()))
        .unwrap_or_else(|| viewer.study.game.with_untracked(|g| g.record.clone()));
    let chapter = match source {
        "position" => {
            let pos = viewer.study.position.with_untracked(|p| p.pos.clone());
            match Chapter::from_position(&name, &record.meta, &pos) {
                Some(c) => c,
                None => {
                    d.note
                        .set("Not done: the position shown cannot start a chapter.".to_string());
                    return;
                }
            }
        }
        "empty" => Chapter::empty(&name, record.game_type),
        _ => {
            let mut c = Chapter::new(&name, (*record).clone());
            c.record.puzzle = false;
            c
        }
    };
    desk::edit(d, move |o| o.add(chapter).map(Some));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::controls::Control;
    use crate::study::file;

    #[test]
    fn every_element_of_the_markup_is_a_control() {
        assert_eq!(
            controls::check_markup::<StudyControl>(&markup()),
            Vec::<String>::new()
        );
        assert_eq!(StudyControl::ALL.len(), 21);
        assert!(StudyControl::from_id("chapters").is_some());
    }

    #[test]
    fn the_chapter_list_names_each_chapter_and_marks_the_one_shown() {
        let text = "[StudyName \"S\"]\n[ChapterName \"<one>\"]\n\n1. wS1\n\n\
                    [StudyName \"S\"]\n[ChapterName \"two\"]\n[ChapterMode \"interactive\"]\n[Orientation \"black\"]\n\n1. wG1\n";
        let mut o = OpenStudy::new("k".into(), file::read(text).studies.remove(0), None);
        o.current = 1;
        let m = chapters_markup(&o);
        assert!(m.contains(r#"<li data-chapter="0" data-mode="normal"><button type="button" class="open-chapter">1. &lt;one&gt;</button></li>"#), "{m}");
        assert!(
            m.contains(r#"<li data-chapter="1" data-mode="interactive" aria-current="true">"#),
            "{m}"
        );
        assert!(m.contains("lesson, Black plays"));
    }
}
