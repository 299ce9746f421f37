//! The trainer's state: the set, the theme and difficulty chosen, the puzzle shown and how
//! its try goes, the progress kept in local storage, the day's puzzle and the Storm; and the
//! puzzles' addresses.

use super::progress::{TrainerProgress, STORAGE_KEY};
use super::set_source;
use super::storm_rules::StormRun;
use crate::app::kit::{js, services, Var};
use crate::app::model::viewer::Viewer;
use crate::puzzles::daily::CalendarDate;
use crate::puzzles::set::SetManifest;
use crate::puzzles::{MinedPuzzle, PuzzleTheme};
use std::rc::Rc;

/// How the puzzle on the board is going.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Attempt {
    /// A wrong try was made.
    pub missed: bool,
    /// A hint or the solution was asked for.
    pub helped: bool,
    /// Its try is rated already (at the first wrong move, hint or solution, or solved).
    pub rated: bool,
    /// Its solve is counted already.
    pub counted: bool,
}

/// What this visit of the trainer shows beside the puzzle and the progress. (One variable:
/// each type of value a variable holds costs the first visit a little, docs/SPEED.md.)
#[derive(Clone, Debug, Default)]
pub(super) struct TrainerVisit {
    pub attempt: Attempt,
    /// The player's rating's change at the last try of this visit.
    pub change: Option<i32>,
    /// The day's puzzle, once found.
    pub daily: Option<(CalendarDate, Rc<MinedPuzzle>)>,
    /// The Storm run going on, or the last one.
    pub storm: Option<StormRun>,
}

/// The trainer's state, made when it is first opened.
#[derive(Clone, Copy)]
pub(super) struct Trainer {
    pub viewer: Viewer,
    pub open: Var<bool>,
    /// The set's folder (ending with `/`).
    pub folder: Var<String>,
    pub manifest: Var<Option<Rc<SetManifest>>>,
    /// Each theme's number of puzzles, once the set is read.
    pub counts: Var<Vec<(PuzzleTheme, usize)>>,
    /// `None`: every theme.
    pub theme: Var<Option<PuzzleTheme>>,
    /// The difficulties to show, lowest and highest (1 to 9).
    pub difficulty: Var<(u8, u8)>,
    pub current: Var<Option<Rc<MinedPuzzle>>>,
    /// The try at the puzzle on the board, the rating's last change, the day's puzzle and
    /// the Storm.
    pub visit: Var<TrainerVisit>,
    pub progress: Var<TrainerProgress>,
    /// What the trainer says: the last outcome, or why it cannot go on.
    pub note: Var<String>,
}

impl Trainer {
    pub fn new(viewer: Viewer) -> Trainer {
        let query = services::location_search().unwrap_or_default();
        Trainer {
            viewer,
            open: Var::new(false),
            folder: Var::new(set_source::set_folder(&query)),
            manifest: Var::new(None),
            counts: Var::new(Vec::new()),
            theme: Var::new(None),
            difficulty: Var::new((1, 9)),
            current: Var::new(None),
            visit: Var::new(TrainerVisit::default()),
            progress: Var::new(load_progress()),
            note: Var::new("Loading the puzzles…".to_string()),
        }
    }

    /// The try at the puzzle on the board, not followed.
    pub fn attempt(self) -> Attempt {
        self.visit.with_untracked(|v| v.attempt)
    }

    pub fn attempt_update(self, f: impl FnOnce(&mut Attempt)) {
        self.visit.update(|v| f(&mut v.attempt));
    }

    /// Reads the Storm run, not followed.
    pub fn storm<R>(self, f: impl FnOnce(&Option<StormRun>) -> R) -> R {
        self.visit.with_untracked(|v| f(&v.storm))
    }

    pub fn storm_update(self, f: impl FnOnce(&mut Option<StormRun>)) {
        self.visit.update(|v| f(&mut v.storm));
    }

    /// Whether a Storm run is going on.
    pub fn storm_running(self) -> bool {
        self.storm(|s| s.as_ref().is_some_and(|r| !r.over))
    }
}

/// The page's local storage (read by name: see `kit::js`).
fn storage() -> Option<wasm_bindgen::JsValue> {
    js::local_storage()
}

fn load_progress() -> TrainerProgress {
    storage()
        .and_then(|s| js::call(&s, "getItem", &[&STORAGE_KEY.into()]))
        .and_then(|v| v.as_string())
        .map(|t| TrainerProgress::parse(&t))
        .unwrap_or_default()
}

pub(super) fn save_progress(p: &TrainerProgress) {
    if let Some(s) = storage() {
        // (A full or forbidden storage only means the progress is not kept.)
        let _ = js::call(&s, "setItem", &[&STORAGE_KEY.into(), &p.to_text().into()]);
    }
}

/// A puzzle's address but its id: the set (unless it is the built-in one), then
/// `&puzzle=`.
pub(super) fn link_base(t: Trainer) -> String {
    let folder = t.folder.get_untracked();
    let set = if folder == set_source::BUILT_IN {
        "puzzles".to_string()
    } else {
        format!("puzzles={}", escape(&folder))
    };
    let base = services::location_href().unwrap_or_default();
    let base = base
        .split(['?', '#'])
        .next()
        .unwrap_or_default()
        .to_string();
    format!("{base}?{set}&puzzle=")
}

/// The puzzle's address: the set (unless it is the built-in one) and the puzzle's id.
pub(super) fn permalink(t: Trainer, id: &str) -> String {
    format!("{}{id}", link_base(t))
}

/// A query value, escaped as a URL component.
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `Date.now()`.
pub(super) fn now() -> f64 {
    js_sys::Date::now()
}

/// Ends the run (its time up, or stopped), keeping its score if it is the best.
pub(super) fn end_storm(t: Trainer, time_up: bool) {
    let Some(score) = t.storm(|s| s.as_ref().filter(|r| !r.over).map(|r| r.score)) else {
        return;
    };
    t.storm_update(|s| {
        if let Some(r) = s {
            r.over = true;
            if time_up {
                r.seconds = 0;
            }
        }
    });
    t.progress
        .update(|p| p.storm_best = p.storm_best.max(score));
    t.progress.with_untracked(save_progress);
    // The puzzle left on the board is no longer rated.
    t.attempt_update(|a| {
        a.rated = true;
        a.counted = true;
    });
    let best = t.progress.with_untracked(|p| p.storm_best);
    let plural = if score == 1 { "" } else { "s" };
    t.note.set(format!(
        "{} The Storm is over: {score} puzzle{plural} solved. Best: {best}.",
        if time_up { "Time!" } else { "Stopped." }
    ));
}
