//! The studies' state on the page ([`Desk`]), made the first time they are used, and the
//! page's own facts they need: the time, fresh keys, this tab's name.

use super::library::LibraryRow;
use super::open::OpenStudy;
use crate::app::kit::js::{self, call, field};
use crate::app::kit::{Stored, Var};
use crate::app::model::viewer::Viewer;
use crate::learn::course::CourseProgress;
use crate::record::Record;
use std::sync::Arc;

/// Something made of a chapter (its text in the study's file, its part of the study's link),
/// kept with what it was made of: its game, by identity, and a key of the rest.
pub(super) type Made<T> = (Arc<Record>, String, T);

/// What is made of `record` under `key`: taken out of `old` when it was made before, else
/// made now.
pub(super) fn reuse<T>(
    old: &mut Vec<Made<T>>,
    record: &Arc<Record>,
    key: String,
    make: impl FnOnce() -> T,
) -> Made<T> {
    match old
        .iter()
        .position(|(r, k, _)| Arc::ptr_eq(r, record) && *k == key)
    {
        Some(i) => old.swap_remove(i),
        None => (record.clone(), key, make()),
    }
}

/// The studies' state.
#[derive(Clone, Copy)]
pub(super) struct Desk {
    pub viewer: Viewer,
    /// The study open, if any (not followed: [`Desk::listed`] says when its list changed).
    pub open: Stored<Option<OpenStudy>>,
    /// Bumped when the open study's title, chapters or chapter shown change.
    pub listed: Var<u32>,
    /// The library's rows, as last listed.
    pub rows: Var<Vec<LibraryRow>>,
    /// The library is shown.
    pub library_shown: Var<bool>,
    /// The library's row being renamed.
    pub renaming: Var<Option<String>>,
    /// What the panel says: the last save, a refusal, a word from another tab.
    pub note: Var<String>,
    /// The browser refused to keep studies: why.
    pub refused: Var<Option<String>>,
    /// The `loads` count of the board after the study's own last switch of chapter.
    pub loads: Stored<u32>,
    /// A save is due or running; `dirty`: a change came while it ran.
    pub saving: Stored<(bool, bool)>,
    /// The revision this tab last read or saved of the open study.
    pub rev: Stored<u32>,
    /// Each chapter's text in the study's file, with what it was written from.
    pub texts: Stored<Vec<Made<String>>>,
    /// Each chapter's part of the study's link, with what it was made from.
    pub parts: Stored<Vec<Made<Vec<u8>>>>,
    /// The study as it stood when each game the board showed came: undo and redo give a
    /// game back, and the study is put back as it was with it.
    pub seen: Stored<Vec<(Arc<Record>, OpenStudy)>>,
}

/// The desk, if the studies were used.
pub(super) fn current() -> Option<Desk> {
    DESK.with(std::cell::Cell::get)
}

/// Keeps the desk for the page's life.
pub(super) fn install(d: Desk) {
    DESK.with(|x| x.set(Some(d)));
}

/// A desk with nothing open.
pub(super) fn new(viewer: Viewer) -> Desk {
    Desk {
        viewer,
        open: Stored::new(None),
        listed: Var::new(0),
        rows: Var::new(Vec::new()),
        library_shown: Var::new(false),
        renaming: Var::new(None),
        note: Var::new(String::new()),
        refused: Var::new(None),
        loads: Stored::new(viewer.study.loads.get_untracked()),
        saving: Stored::new((false, false)),
        rev: Stored::new(0),
        texts: Stored::new(Vec::new()),
        parts: Stored::new(Vec::new()),
        seen: Stored::new(Vec::new()),
    }
}

thread_local! {
    static DESK: std::cell::Cell<Option<Desk>> = const { std::cell::Cell::new(None) };
    /// This page's name for itself in the entries it saves.
    static TAB: String = random_id();
}

/// A fresh key: the time and a random number, in base 36.
pub(super) fn random_id() -> String {
    let n = (now() as u64).wrapping_mul(1_000_003) ^ (random() * 1e15) as u64;
    base36(n)
}

pub(super) fn base36(mut n: u64) -> String {
    let mut out = Vec::new();
    loop {
        out.push(b"0123456789abcdefghijklmnopqrstuvwxyz"[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    out.reverse();
    String::from_utf8(out).unwrap_or_default()
}

fn global(name: &str) -> wasm_bindgen::JsValue {
    web_sys::window()
        .map(|w| field(&w.into(), name))
        .unwrap_or(wasm_bindgen::JsValue::UNDEFINED)
}

/// Milliseconds since 1970.
pub(super) fn now() -> f64 {
    call(&global("Date"), "now", &[])
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0)
}

fn random() -> f64 {
    call(&global("Math"), "random", &[])
        .and_then(|v| v.as_f64())
        .unwrap_or(0.5)
}

pub(super) fn tab() -> String {
    TAB.with(Clone::clone)
}

/// The id a built-in course has while it is open: it is not kept in the library (the app
/// has it), and its lessons finished count as the reader's progress. (A link's library key
/// is letters and digits: `courserules`.)
pub(crate) const COURSE_ID: &str = "course";

/// Where the courses' progress is kept (`CourseProgress::write`'s lines).
const PROGRESS_KEY: &str = "beeline-learn-progress";

/// The course open, if the study open is one: its id.
pub(super) fn course_open(d: Desk) -> Option<String> {
    d.open.with_value(|o| {
        o.as_ref()
            .and_then(|o| o.id.strip_prefix(COURSE_ID).map(str::to_string))
    })
}

/// The built-in course a library key names (`courserules`).
pub(super) fn course_of_key(key: &str) -> Option<&'static crate::learn::course::Course> {
    key.strip_prefix(COURSE_ID)
        .and_then(crate::learn::course::find)
}

/// The courses' progress as kept in the browser.
pub(super) fn kept_progress() -> CourseProgress {
    CourseProgress::read(&js::kept(PROGRESS_KEY).unwrap_or_default())
}

thread_local! {
    static PROGRESS_CHANGES: std::cell::Cell<Option<Var<u32>>> = const { std::cell::Cell::new(None) };
}

/// A count that changes each time a course's chapter is finished.
pub(super) fn progress_changes() -> Var<u32> {
    if let Some(v) = PROGRESS_CHANGES.with(std::cell::Cell::get) {
        return v;
    }
    let v = Var::new(0);
    PROGRESS_CHANGES.with(|c| c.set(Some(v)));
    v
}

/// A course's chapter was finished: kept, and said to whoever follows the progress.
pub(super) fn finish_chapter(course: &str, chapter: &str) {
    let mut p = kept_progress();
    if p.finish(course, chapter) {
        js::keep(PROGRESS_KEY, &p.write());
        progress_changes().update(|n| *n = n.wrapping_add(1));
    }
}

/// Forgets a course's progress.
pub(crate) fn reset_progress(course: &str) {
    let mut p = kept_progress();
    p.reset(course);
    js::keep(PROGRESS_KEY, &p.write());
    progress_changes().update(|n| *n = n.wrapping_add(1));
}
