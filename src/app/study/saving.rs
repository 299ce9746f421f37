//! Saving the open study in the library within a moment of each change, what the library
//! lists, and what the other tabs say of their saves.

use super::library::{self, Entry, LibraryRow};
use super::state::{now, reuse, tab, Desk};
use super::store;
use crate::app::kit::js::{self, call, field};
use crate::app::kit::services;
use crate::study::file;
use std::time::Duration;

/// How long a change waits before it is saved: a reload, a crash or a closed tab loses at
/// most this much work (and the save's own few milliseconds).
const SAVE_AFTER: Duration = Duration::from_millis(600);

/// The local-storage key a save is announced under, for the other tabs.
const SAVED_KEY: &str = "beeline-study-saved";

/// Saves the open study a moment from now (once, however many changes come meanwhile).
pub(super) fn schedule_save(d: Desk) {
    // A built-in course is the app's: a changed copy is kept by exporting it.
    if super::state::course_open(d).is_some() {
        return;
    }
    let (due, _) = d.saving.get_value();
    if due {
        d.saving.set_value((true, true));
        return;
    }
    d.saving.set_value((true, false));
    services::after(SAVE_AFTER, move || services::spawn(save(d)));
}

/// The open study's file, each chapter written only when it changed since the last save
/// (the chapter shown as the board had it at its last change), and its entry.
pub(super) fn prepare(d: Desk) -> Option<(Entry, String)> {
    d.open.with_value(|o| {
        let o = o.as_ref()?;
        let mut old = d.texts.get_value();
        let mut kept = Vec::with_capacity(o.chapters.len());
        for slot in &o.chapters {
            let key = format!(
                "{}\u{1}{}\u{1}{}\u{1}{:?}",
                o.title,
                slot.name,
                slot.mode.name(),
                slot.orientation
            );
            kept.push(reuse(&mut old, &slot.record, key, || {
                file::chapter_text(&o.title, &slot.chapter())
            }));
        }
        let text = file::join(kept.iter().map(|t| t.2.clone()));
        d.texts.set_value(kept);
        let entry = Entry {
            id: o.id.clone(),
            title: o.title.clone(),
            chapters: o.chapters.len(),
            updated: now() as u64,
            rev: d.rev.get_value().wrapping_add(1),
            tab: tab(),
            source: o.source.clone().unwrap_or_default(),
            origin: String::new(),
        };
        Some((entry, text))
    })
}

/// Saves the open study now.
pub(super) async fn save(d: Desk) {
    let dirty = d.saving.get_value().1;
    d.saving.set_value((false, false));
    if let Some((entry, text)) = prepare(d) {
        keep(d, entry, text).await;
    }
    if dirty {
        schedule_save(d);
    }
}

/// Keeps a study's entry and file in the library (its origin as kept; a save that another
/// tab's overtook still wins, with the higher revision).
pub(super) async fn keep(d: Desk, mut entry: Entry, text: String) {
    let kept = store::entry(&entry.id).await.ok().flatten();
    if let Some(k) = &kept {
        entry.origin = k.origin.clone();
        if k.tab != entry.tab && k.rev >= entry.rev {
            entry.rev = k.rev.wrapping_add(1);
        }
    }
    match store::put(&entry, &text).await {
        Ok(()) => {
            let open_here = d
                .open
                .with_value(|o| o.as_ref().is_some_and(|o| o.id == entry.id));
            if open_here {
                d.rev.set_value(entry.rev);
                // (Over news of saves only: a refusal or a failure said stays.)
                let quiet = d.note.with_untracked(|n| {
                    n.is_empty()
                        || ["Saved", "Kept", "Another tab"]
                            .iter()
                            .any(|p| n.starts_with(p))
                });
                if quiet {
                    d.note.set(format!(
                        "Saved in this browser at {}.",
                        library::when(entry.updated).get(11..).unwrap_or_default()
                    ));
                }
            }
            d.refused.set(None);
            announce(&entry);
            replace_row(d, entry);
        }
        Err(why) => refuse(d, &why),
    }
}

/// The browser refused to keep a study: said in words; the study stays open and exportable.
pub(super) fn refuse(d: Desk, why: &str) {
    d.refused.set(Some(why.to_string()));
    d.note.set(format!(
        "This browser does not keep studies: {why}. The study stays open here: export it to keep it."
    ));
}

/// Tells the other tabs that a study was saved (they hear it as a `storage` event).
fn announce(entry: &Entry) {
    if let Some(s) = js::local_storage() {
        let value = format!("{}\t{}\t{}", entry.id, entry.rev, entry.tab);
        let _ = call(&s, "setItem", &[&SAVED_KEY.into(), &value.into()]);
    }
}

/// Listens for the other tabs' saves: one of the study open here is said, and the library
/// listed again.
pub(super) fn listen_to_other_tabs(d: Desk) {
    services::on_window(leptos::ev::storage, move |e| {
        let e: wasm_bindgen::JsValue = e.into();
        if field(&e, "key").as_string().as_deref() != Some(SAVED_KEY) {
            return;
        }
        let value = field(&e, "newValue").as_string().unwrap_or_default();
        let mut f = value.split('\t');
        let (Some(id), Some(rev), Some(from)) = (f.next(), f.next(), f.next()) else {
            return;
        };
        let open_here = d
            .open
            .with_value(|o| o.as_ref().is_some_and(|o| o.id == id));
        if open_here && from != tab() {
            let rev: u32 = rev.parse().unwrap_or(0);
            if rev > d.rev.get_value() {
                d.note.set(
                    "Another tab saved this study since: what this tab shows is older. The later save wins; reopen the study from the library to see the other tab's.".to_string(),
                );
            }
        }
        services::spawn(refresh(d));
    });
}

/// Lists the library again.
pub(super) async fn refresh(d: Desk) {
    match store::entries().await {
        Ok(listed) => d.rows.set(library::rows(listed)),
        Err(why) => refuse(d, &why),
    }
}

/// Puts a saved entry in the list in place of its old row.
pub(super) fn replace_row(d: Desk, entry: Entry) {
    d.rows.update(|rows| {
        rows.retain(|r| !matches!(r, LibraryRow::Kept(e) if e.id == entry.id));
        rows.insert(0, LibraryRow::Kept(entry));
    });
}

/// `wanted` as a title kept apart from the library's others (`own`, the study's own title
/// when it is renamed, is none of them): `Title (2)` when `Title` is taken.
pub(super) fn free_title(d: Desk, wanted: &str, own: Option<&str>) -> String {
    d.rows.with_untracked(|rows| {
        let taken: Vec<&str> = rows
            .iter()
            .filter_map(|r| match r {
                LibraryRow::Kept(e) if Some(e.title.as_str()) != own => Some(e.title.as_str()),
                _ => None,
            })
            .collect();
        crate::study::unique_title(wanted, &taken)
    })
}
