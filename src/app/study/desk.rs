//! The study open beside the board: opening it, its chapters shown and changed, closing it.
//!
//! The board's game is the chapter shown. One effect follows it: a change of the game is a
//! change of the chapter (saved), another game loaded into the viewer (a file, a link, a
//! collection's game) closes the study, which stays in the library.

use super::library::LibraryRow;
use super::open::OpenStudy;
use super::{lesson, store};
use crate::app::kit::services;
use crate::app::model::game::NotatedGame;
use crate::record::tree::{NodeId, Path};
use crate::record::Record;
use crate::study::{file, link, ChapterMode, Study};
use std::sync::Arc;
use std::time::Duration;

pub(super) use super::saving::{free_title, refresh, refuse, save, schedule_save};
use super::saving::{keep, prepare, replace_row};
use super::state::{random_id, reuse, Desk};

/// Most states [`Desk::seen`] keeps: undo's and redo's depths, and some.
const SEEN: usize = 450;

/// The board's game changed, or another was loaded.
pub(super) fn follow_board(d: Desk) {
    let loads = d.viewer.study.loads.get();
    d.viewer.study.game.track();
    if d.open.with_value(Option::is_none) {
        return;
    }
    if loads != d.loads.get_value() {
        // Another game on the board: the study closes (and stays in the library).
        services::after(Duration::ZERO, move || close(d));
        return;
    }
    if lesson::playing(d) {
        return;
    }
    let record = d.viewer.study.game.with_untracked(|g| g.record.clone());
    // A game undo or redo gave back: the study as it was then.
    let back = d.seen.with_value(|seen| {
        seen.iter()
            .find(|(r, _)| Arc::ptr_eq(r, &record))
            .map(|(_, o)| o.clone())
    });
    if let Some(o) = back {
        d.open.set_value(Some(o));
        d.listed.update(|n| *n = n.wrapping_add(1));
    }
    let changed = sync_board(d);
    remember(d, record);
    if changed {
        schedule_save(d);
    }
}

/// Keeps the study as it stands with the board's game it came with (see [`Desk::seen`]).
fn remember(d: Desk, record: Arc<Record>) {
    let Some(now) = d.open.get_value() else {
        return;
    };
    d.seen.update_value(|seen| {
        seen.retain(|(r, _)| !Arc::ptr_eq(r, &record));
        if seen.len() >= SEEN {
            seen.remove(0);
        }
        seen.push((record, now));
    });
}

/// The open study's link at a node of the board's game (`game::STUDY_LINK`, while a
/// study is open).
fn link_of(game: &NotatedGame, node: NodeId) -> Option<String> {
    super::state::current().and_then(|d| study_fragment(d, game, node))
}

/// Takes the board's game and node into the chapter shown: whether its game changed.
fn sync_board(d: Desk) -> bool {
    let node = d.viewer.study.node_untracked();
    d.viewer.study.game.with_untracked(|g| {
        d.open
            .try_update_value(|o| o.as_mut().is_some_and(|o| o.sync(g, node)))
            .unwrap_or(false)
    })
}

/// The study's link at `node` of the chapter shown (its start during a lesson, which the
/// link must not give away), if the study fits one.
fn study_fragment(d: Desk, game: &NotatedGame, node: NodeId) -> Option<String> {
    let lesson = lesson::playing(d);
    d.open.with_value(|o| {
        let o = o.as_ref()?;
        let mut parts = d.parts.get_value();
        let mut kept = Vec::with_capacity(o.chapters.len());
        for (i, slot) in o.chapters.iter().enumerate() {
            let shown = i == o.current;
            let record = if shown && !lesson {
                &game.record
            } else {
                &slot.record
            };
            let at = if shown && !lesson {
                node
            } else {
                record.tree.root()
            };
            let key = format!(
                "{}\u{1}{}\u{1}{:?}\u{1}{}",
                slot.name,
                slot.mode.name(),
                slot.orientation,
                at.index()
            );
            kept.push(reuse(&mut parts, record, key, || {
                let mut chapter = slot.chapter();
                chapter.record = (**record).clone();
                link::chapter_part(&chapter, at)
            }));
        }
        let refs: Vec<&[u8]> = kept.iter().map(|p| p.2.as_slice()).collect();
        let fragment = link::assemble(&o.title, &o.id, &refs, o.current);
        d.parts.set_value(kept);
        fragment
    })
}

/// Opens a study in the viewer at chapter `chapter` (and `node` in it, when given), keeping it
/// in the library under `id`.
pub(super) fn show_study(d: Desk, open: OpenStudy, chapter: usize, node: Option<Path>) {
    lesson::stop(d, false);
    d.open.set_value(Some(open));
    d.texts.set_value(Vec::new());
    d.parts.set_value(Vec::new());
    d.seen.set_value(Vec::new());
    crate::app::model::game::STUDY_LINK.with(|l| l.set(Some(link_of)));
    d.viewer.load_error.set(None);
    show_chapter(d, chapter, node);
    // Nothing from before the study can be undone into it.
    d.viewer
        .study
        .swap_history(crate::app::model::history::History::new(200));
    d.renaming.set(None);
    d.note.set(String::new());
}

/// Shows chapter `i` on the board (at `node`, or where it was left), as a lesson when it is
/// interactive.
pub(super) fn switch(d: Desk, i: usize, node: Option<Path>) {
    lesson::stop(d, true);
    sync_board(d);
    show_chapter(d, i, node);
}

/// Puts chapter `i` on the board (at `node`, or where it was left), as a lesson when it is
/// interactive; the board's game is not taken into the study first.
fn show_chapter(d: Desk, i: usize, node: Option<Path>) {
    let shown = d
        .open
        .try_update_value(|o| {
            let o = o.as_mut()?;
            let (game, at) = o.open(i)?;
            let at = node.and_then(|p| game.tree().node_at(&p)).unwrap_or(at);
            Some((game, at, o.slot().mode))
        })
        .flatten();
    let Some((game, at, mode)) = shown else {
        return;
    };
    d.loads
        .set_value(d.viewer.study.loads.get_untracked().wrapping_add(1));
    d.viewer.study.switch_game(game, at);
    d.listed.update(|n| *n = n.wrapping_add(1));
    if mode == ChapterMode::Interactive {
        lesson::start(d);
    }
}

/// The next (`true`) or previous chapter.
pub(super) fn step_chapter(d: Desk, forward: bool) {
    let target = d.open.with_value(|o| {
        let o = o.as_ref()?;
        if forward {
            (o.current + 1 < o.chapters.len()).then_some(o.current + 1)
        } else {
            o.current.checked_sub(1)
        }
    });
    if let Some(i) = target {
        switch(d, i, None);
    }
}

/// Closes the study (saved first; it stays in the library); the board keeps its game.
pub(super) fn close(d: Desk) {
    if d.open.with_value(Option::is_none) {
        return;
    }
    lesson::stop(d, false);
    // (A built-in course is the app's, not the library's.)
    if super::state::course_open(d).is_none() {
        if let Some((entry, text)) = prepare(d) {
            services::spawn(keep(d, entry, text));
        }
    }
    forget(d);
}

/// The study is no longer open: nothing of it stays on the page.
pub(super) fn forget(d: Desk) {
    crate::app::model::game::STUDY_LINK.with(|l| l.set(None));
    d.open.set_value(None);
    d.seen.set_value(Vec::new());
    d.listed.update(|n| *n = n.wrapping_add(1));
}

/// Changes the open study's list (not the board's game): the change can be undone. `change`
/// gives the chapter to put on the board when the one shown is another now (a chapter added
/// or deleted), or says why it could not be made.
pub(super) fn edit(
    d: Desk,
    change: impl FnOnce(&mut OpenStudy) -> Result<Option<usize>, &'static str>,
) {
    if d.open.with_value(Option::is_none) {
        return;
    }
    lesson::stop(d, true);
    // The study as the board has it now, known by the board's game (for undo).
    sync_board(d);
    let record = d.viewer.study.game.with_untracked(|g| g.record.clone());
    remember(d, record);
    let result = d
        .open
        .try_update_value(|o| o.as_mut().map(change))
        .flatten();
    match result {
        Some(Ok(show)) => {
            d.viewer.study.keep_for_undo();
            d.note.set(String::new());
            match show {
                // (The chapter the board showed may be gone: its game was taken into the
                // list before the change.)
                Some(i) => show_chapter(d, i, None),
                // Another copy of the same game, known with the study as it is now.
                None => {
                    let node = d.viewer.study.node_untracked();
                    let copy = d
                        .viewer
                        .study
                        .game
                        .with_untracked(|g| NotatedGame::new((*g.record).clone()));
                    d.viewer.study.replace_game(copy, node);
                }
            }
            d.listed.update(|n| *n = n.wrapping_add(1));
            schedule_save(d);
        }
        Some(Err(why)) => d.note.set(format!("Not done: {why}.")),
        None => {}
    }
}

/// A checksum of a study's file, to know it when it is opened again.
pub(super) fn origin_of(study: &Study) -> String {
    super::state::base36(crate::codec::fnv1a_64(file::write(study).as_bytes()))
}

/// Opens a study read from a file, a link or a collection: the library's copy when the same
/// one was opened before (by its origin), else a new study kept in the library under a
/// title of its own.
pub(super) async fn open_new(
    d: Desk,
    study: Study,
    source: Option<String>,
    at: Option<(usize, Path)>,
) {
    open_study(d, study, source, at, true).await;
}

/// [`open_new`], or with `again` false a new study whatever the library holds (an import:
/// the library keeps what it is given, apart from what it has).
pub(super) async fn open_study(
    d: Desk,
    study: Study,
    source: Option<String>,
    at: Option<(usize, Path)>,
    again: bool,
) {
    let origin = origin_of(&study);
    if d.rows.with_untracked(Vec::is_empty) {
        refresh(d).await;
    }
    let same = d.rows.with_untracked(|rows| {
        rows.iter().find_map(|r| match r {
            LibraryRow::Kept(e) if again && e.origin == origin && !origin.is_empty() => {
                Some(e.id.clone())
            }
            _ => None,
        })
    });
    if let Some(id) = same {
        if open_kept(d, &id, at.clone()).await {
            return;
        }
    }
    let mut study = study;
    study.title = free_title(d, &study.title, None);
    let id = random_id();
    let open = OpenStudy::new(id.clone(), study, source.clone());
    let (chapter, node) = at.map_or((0, None), |(c, n)| (c, Some(n)));
    show_study(d, open, chapter, node);
    // Joins the library at once, with its origin.
    if let Some((mut entry, text)) = prepare(d) {
        entry.origin = origin;
        entry.rev = 1;
        match store::put(&entry, &text).await {
            Ok(()) => {
                d.rev.set_value(1);
                d.note.set("Kept in the library.".to_string());
                replace_row(d, entry);
            }
            Err(why) => refuse(d, &why),
        }
    }
}

/// Opens a study of the library; whether it could be read (else it is named and skipped).
pub(super) async fn open_kept(d: Desk, id: &str, at: Option<(usize, Path)>) -> bool {
    let Some(entry) = store::entry(id).await.ok().flatten() else {
        return false;
    };
    let entry = Some(entry);
    let text = store::text(id).await;
    let title = entry
        .as_ref()
        .map_or_else(|| id.to_string(), |e| e.title.clone());
    let read = text.map(|t| file::read(&t));
    let (study, faults) = match read {
        Ok(mut r) if !r.studies.is_empty() && !r.studies[0].chapters.is_empty() => {
            let faults = r.all_faults();
            (r.studies.swap_remove(0), faults)
        }
        Ok(_) => {
            d.note.set(format!(
                "The study \u{201c}{title}\u{201d} cannot be read (its file holds no chapter): skipped."
            ));
            return false;
        }
        Err(why) => {
            d.note.set(format!(
                "The study \u{201c}{title}\u{201d} cannot be read ({why}): skipped."
            ));
            return false;
        }
    };
    let mut study = study;
    if let Some(e) = &entry {
        study.title = e.title.clone();
        d.rev.set_value(e.rev);
    }
    let source = entry
        .as_ref()
        .map(|e| e.source.clone())
        .filter(|s| !s.is_empty());
    let open = OpenStudy::new(id.to_string(), study, source);
    let (chapter, node) = at.map_or((0, None), |(c, n)| (c, Some(n)));
    show_study(d, open, chapter, node);
    if let Some((_, f)) = faults.first() {
        d.note.set(format!(
            "Part of \u{201c}{title}\u{201d} cannot be read and is left out: {f}."
        ));
    }
    true
}
