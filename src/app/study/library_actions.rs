//! What the library's list and buttons do: open, rename, export and delete a kept study,
//! start one from the game shown, export the whole library as one file and import one.

use super::desk;
use super::library::{Entry, LibraryRow};
use super::state::{self, Desk};
use super::store;
use crate::app::kit::{dom, services};
use crate::study::{file, Chapter, Study};

/// A click, change or key in the library's list.
pub(super) fn on_list(d: Desk, e: &web_sys::Event, _: &web_sys::Element) {
    let Some(row) = dom::event_closest(e, "li[data-study]") else {
        return;
    };
    let Some(id) = row.get_attribute("data-study") else {
        return;
    };
    let kind = e.type_();
    if let Some(input) = dom::event_closest(e, "input.study-name") {
        let key = js_key(e);
        match (kind.as_str(), key.as_deref()) {
            ("change", _) | ("keydown", Some("Enter")) => {
                let title = dom::value_of(&input);
                d.renaming.set(None);
                services::spawn(rename(d, id, title));
            }
            ("keydown", Some("Escape")) => d.renaming.set(None),
            _ => {}
        }
        return;
    }
    if kind != "click" {
        return;
    }
    let Some(button) = dom::event_closest(e, "button") else {
        return;
    };
    let class = button.get_attribute("class").unwrap_or_default();
    match class.as_str() {
        "study-open" => services::spawn(async move {
            desk::open_kept(d, &id, None).await;
        }),
        "study-rename" => {
            d.renaming.set(Some(id.clone()));
            // The field is written with the list; give it the focus once it is there.
            services::after(std::time::Duration::ZERO, move || {
                if let Ok(Some(f)) = leptos::prelude::document().query_selector(&format!(
                    "li[data-study=\"{}\"] input.study-name",
                    crate::view::svg::escape(&id)
                )) {
                    dom::focus(&f);
                }
            });
        }
        "study-export" => services::spawn(export_one(d, id)),
        "study-delete" => {
            // Twice: the first click asks.
            if button.get_attribute("data-confirm").is_none() {
                dom::set_attr(&button, "data-confirm", Some("true"));
                button.set_text_content(Some("Really delete?"));
                return;
            }
            services::spawn(delete(d, id));
        }
        _ => {}
    }
}

/// The key of a keyboard event (read by name: no typed import).
fn js_key(e: &web_sys::Event) -> Option<String> {
    crate::app::kit::js::field(e, "key").as_string()
}

/// Renames a kept study (kept apart from the other titles).
async fn rename(d: Desk, id: String, wanted: String) {
    let wanted = crate::study::clean_name(&wanted);
    if wanted.is_empty() {
        return;
    }
    let own = d.rows.with_untracked(|rows| {
        rows.iter().find_map(|r| match r {
            LibraryRow::Kept(e) if e.id == id => Some(e.title.clone()),
            _ => None,
        })
    });
    let title = desk::free_title(d, &wanted, own.as_deref());
    let open_here = d
        .open
        .with_value(|o| o.as_ref().is_some_and(|o| o.id == id));
    if open_here {
        desk::edit(d, move |o| {
            o.title = title;
            Ok(None)
        });
        return;
    }
    let read = store::text(&id).await.map(|t| file::read(&t));
    let Ok(mut read) = read else {
        d.note
            .set("Not done: the study cannot be read.".to_string());
        return;
    };
    let Some(mut study) = read.studies.first_mut().map(std::mem::take) else {
        return;
    };
    study.title = title;
    let entry = store::entry(&id).await.ok().flatten();
    keep_as(d, &id, study, entry).await;
}

/// Keeps a study under an id, its entry made from the one it had.
async fn keep_as(d: Desk, id: &str, study: Study, old: Option<Entry>) {
    let entry = Entry {
        id: id.to_string(),
        title: study.title.clone(),
        chapters: study.chapters.len(),
        updated: state::now() as u64,
        rev: old.as_ref().map_or(1, |e| e.rev.wrapping_add(1)),
        tab: state::tab(),
        source: old.as_ref().map(|e| e.source.clone()).unwrap_or_default(),
        origin: old.map(|e| e.origin).unwrap_or_default(),
    };
    match store::put(&entry, &file::write(&study)).await {
        Ok(()) => desk::refresh(d).await,
        Err(why) => desk::refuse(d, &why),
    }
}

/// A file's name for a title: its letters and digits, dashes between.
fn file_name(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "study.pgn".to_string()
    } else {
        format!("{out}.pgn")
    }
}

fn download(d: Desk, text: &str, name: &str) {
    if services::download(text, name, "application/x-chess-pgn").is_err() {
        d.note
            .set(format!("The browser refused to download {name}."));
    }
}

/// Downloads the open study.
pub(super) fn export_open(d: Desk) {
    // The file a save writes: the chapter shown as the board last had it (kept in step with
    // it by `desk::follow_board`), each chapter's text reused when it was written before.
    if let Some((entry, text)) = super::saving::prepare(d) {
        download(d, &text, &file_name(&entry.title));
    }
}

/// Downloads a kept study.
async fn export_one(d: Desk, id: String) {
    let open_here = d
        .open
        .with_value(|o| o.as_ref().is_some_and(|o| o.id == id));
    if open_here {
        export_open(d);
        return;
    }
    match store::text(&id).await {
        Ok(text) => {
            let title = store::entry(&id)
                .await
                .ok()
                .flatten()
                .map_or_else(|| "study".to_string(), |e| e.title);
            download(d, &text, &file_name(&title));
        }
        Err(why) => d.note.set(format!("Not done: {why}.")),
    }
}

/// Downloads every kept study as one file (each the same as its own export).
pub(super) fn export_all(d: Desk) {
    services::spawn(async move {
        desk::save(d).await;
        let listed = match store::entries().await {
            Ok(l) => l,
            Err(why) => return desk::refuse(d, &why),
        };
        let mut texts = Vec::new();
        let mut skipped = 0;
        for (id, entry) in listed {
            match (entry, store::text(&id).await) {
                (Ok(_), Ok(t)) => texts.push(t),
                _ => skipped += 1,
            }
        }
        if texts.is_empty() {
            d.note
                .set("The library holds no study to export.".to_string());
            return;
        }
        download(d, &file::join(texts), "beeline-library.pgn");
        if skipped > 0 {
            d.note.set(format!(
                "{skipped} damaged {} left out of the export.",
                if skipped == 1 {
                    "study was"
                } else {
                    "studies were"
                }
            ));
        }
    });
}

/// Forgets a kept study (closing it when it is open).
async fn delete(d: Desk, id: String) {
    let open_here = d
        .open
        .with_value(|o| o.as_ref().is_some_and(|o| o.id == id));
    if open_here {
        super::lesson::stop(d, true);
        desk::forget(d);
    }
    match store::delete(&id).await {
        Ok(()) => {
            d.note.set("The study was deleted.".to_string());
            desk::refresh(d).await;
        }
        Err(why) => desk::refuse(d, &why),
    }
}

/// A new study whose first chapter is the game shown.
pub(super) fn new_study(d: Desk) {
    let rec = d.viewer.study.game.with_untracked(|g| (*g.record).clone());
    let mut study = Study::new("Study");
    let name = crate::study::default_chapter_name(&rec, 1);
    let mut chapter = Chapter::new(&name, rec);
    chapter.record.puzzle = false;
    study.chapters.push(chapter);
    services::spawn(desk::open_new(d, study, None, None));
}

/// Imports the studies of a chosen file into the library (each under a title of its own)
/// and opens the first.
pub(super) fn import(d: Desk, input: &web_sys::Element) {
    use wasm_bindgen::JsCast;
    let file = input
        .dyn_ref::<web_sys::HtmlInputElement>()
        .and_then(|i| i.files())
        .and_then(|f| f.get(0));
    let Some(file) = file else {
        return;
    };
    services::read_file(file, crate::record::MAX_INPUT, move |text| match text {
        Ok(text) => services::spawn(import_text(d, text, false)),
        Err(_) => d.note.set("Not done: the file cannot be read.".to_string()),
    });
}

/// Imports the studies of a text: each joins the library, the first opens; what could not
/// be read is said. With `again`, a study opened before from the same file opens as it was
/// kept (a file pasted or dropped again), else each is a new study (an import).
pub(super) async fn import_text(d: Desk, text: String, again: bool) {
    let read = file::read(&text);
    let faults = read.all_faults();
    let mut studies: Vec<Study> = read
        .studies
        .into_iter()
        .filter(|s| !s.chapters.is_empty())
        .collect();
    if studies.is_empty() {
        d.note.set(match faults.first() {
            Some((_, f)) => format!("Not done: no chapter could be read ({f})."),
            None => "Not done: the file holds no study.".to_string(),
        });
        return;
    }
    let first = studies.remove(0);
    desk::open_study(d, first, None, None, again).await;
    let count = studies.len() + 1;
    for mut study in studies {
        study.title = desk::free_title(d, &study.title, None);
        keep_as(d, &state::random_id(), study, None).await;
    }
    let mut said = if count == 1 {
        "Kept in the library.".to_string()
    } else {
        format!("{count} studies were imported into the library.")
    };
    if let Some((_, f)) = faults.first() {
        said.push_str(&format!(
            " Some of it could not be read: {f}{}",
            if faults.len() > 1 {
                " (and more)."
            } else {
                "."
            }
        ));
    }
    d.note.set(said);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_made_of_the_title() {
        assert_eq!(
            file_name("Beetle tricks: part 2!"),
            "beetle-tricks-part-2.pgn"
        );
        assert_eq!(file_name("ÉÉ"), "study.pgn");
    }
}
