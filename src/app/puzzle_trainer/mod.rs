//! The puzzle trainer (docs/PUZZLES.md, "The trainer"): puzzles of a set mined by `beeline
//! puzzles` (the built-in one beside the app, or one the address names with
//! `?puzzles=URL`), one after another near the player's rating, on the viewer's board in its
//! puzzle mode; the rating, the history, the dashboard, the Storm and the day's puzzle. All of it is code loaded on first use: the first screen has only the
//! toolbar's *Puzzles* button, which asks the board's entry point
//! (`board::drawing_tool::BoardWork::Puzzles`); [`toggle`] then builds the panel.
//!
//! Hooks: `#puzzles` (`aria-pressed`), `#puzzle-trainer` (`data-puzzle-id` of the puzzle
//! shown, `data-streak`), `#puzzle-status` (the viewer's: what to find and how the last try
//! went), `#puzzle-theme`, `#puzzle-difficulty`, `#puzzle-hint`, `#puzzle-solution`,
//! `#puzzle-next`, `#puzzle-reset`, `#puzzle-note`, `#puzzle-facts`, `#puzzle-permalink`,
//! `#puzzle-rating` (`data-rating`), `#daily-puzzle`, `#storm`, `#storm-clock`,
//! `#storm-score`, `#storm-best`, `#puzzle-history`, `#puzzle-dashboard`,
//! `#puzzle-train-weakest` (docs/PUZZLES.md, "The trainer").

mod panel;
mod pose;
mod progress;
mod serve;
mod set_source;
mod state;
mod storm;
mod storm_rules;
mod trainer;
mod views;

use crate::app::kit::{self, dom};
use crate::app::model::viewer::Viewer;
use state::Trainer;
use std::cell::Cell;

thread_local! {
    static TRAINER: Cell<Option<Trainer>> = const { Cell::new(None) };
}

/// Opens the trainer (the first time: builds it and reads the set) or closes it.
pub fn toggle(viewer: Viewer) {
    let t = TRAINER
        .with(Cell::get)
        .unwrap_or_else(|| made(viewer, true));
    let open = !t.open.get_untracked();
    show(t, open);
}

/// The trainer built, its set read when `start`.
fn made(viewer: Viewer, start: bool) -> Trainer {
    let t = Trainer::new(viewer);
    TRAINER.with(|x| x.set(Some(t)));
    panel::build(t);
    kit::watch(Box::new(move || trainer::follow(t)));
    if start {
        trainer::start(t);
    }
    t
}

/// Opens the trainer on a set made in the page (a player's missed wins, from their
/// insights): `files` as `puzzles::set::write_set` writes them.
pub fn open_set(viewer: Viewer, files: Vec<(String, String)>) {
    set_source::keep_made(files);
    let t = TRAINER
        .with(Cell::get)
        .unwrap_or_else(|| made(viewer, false));
    t.folder.set(set_source::MADE.to_string());
    t.manifest.set(None);
    t.current.set(None);
    t.theme.set(None);
    t.difficulty.set((1, 9));
    trainer::start(t);
    show(t, true);
}

/// Opens or closes the trainer's panel.
fn show(t: Trainer, open: bool) {
    t.open.set(open);
    let page = leptos::prelude::document();
    if let Ok(Some(b)) = page.query_selector("#puzzles") {
        dom::set_attr(
            &b,
            "aria-pressed",
            Some(if open { "true" } else { "false" }),
        );
    }
}
