//! The Storm played (its rules are `storm_rules`): a run started or stopped from its
//! button, its clock read every [`TICK_MS`] until the run's deadline, each puzzle solved or
//! missed counted and the next one asked for at once.

use super::serve::{self, TrainerWork};
use super::state::{end_storm, now, Trainer};
use super::storm_rules::{StormRun, BONUS_EVERY};
use super::views;
use crate::app::kit::services;
use std::time::Duration;

/// How often the clock is read while a run lasts.
const TICK_MS: u64 = 250;

/// Starts a run, or stops the one going on.
pub(super) fn toggle(t: Trainer) {
    if t.storm_running() {
        end_storm(t, false);
        return;
    }
    let theme = t.theme.get_untracked();
    let Some(base) = t.manifest.with_untracked(|m| {
        m.as_ref()
            .and_then(|m| m.shards_of(theme).map(|e| e.rating.0).min())
    }) else {
        t.note
            .set("The Storm needs puzzles: none of this theme are read yet.".to_string());
        return;
    };
    let number = t.storm(|s| s.as_ref().map_or(0, |r| r.number.wrapping_add(1)));
    let run = StormRun::new(number, now(), f64::from(base), theme);
    t.storm_update(|s| *s = Some(run));
    // The puzzle on the board until the run's first arrives counts for nothing.
    t.attempt_update(|a| {
        a.rated = true;
        a.counted = true;
    });
    t.note.set(format!(
        "Storm: solve as many as you can in 3 minutes. A wrong move costs 10 s; every {BONUS_EVERY} in a row give 3 s more."
    ));
    serve::request(t, TrainerWork::Storm);
    tick(t, number);
}

/// Reads the clock of run `number`, ending it when its time is up; else reads it again
/// [`TICK_MS`] later.
fn tick(t: Trainer, number: u32) {
    let Some((ends, seconds)) = t.storm(|s| {
        s.as_ref()
            .filter(|r| r.number == number && !r.over)
            .map(|r| (r.ends, r.seconds))
    }) else {
        return;
    };
    let left = ends - now();
    if left <= 0.0 {
        end_storm(t, true);
        return;
    }
    // The page changes only when the seconds shown do.
    if views::seconds(left) != seconds {
        t.storm_update(|s| {
            if let Some(r) = s {
                r.seconds = views::seconds(left);
            }
        });
    }
    services::after(Duration::from_millis(TICK_MS), move || tick(t, number));
}

/// The puzzle on the board was solved (`right`) or missed, in a run.
pub(super) fn tried(t: Trainer, right: bool) {
    let mut bonus = false;
    let now = now();
    t.storm_update(|s| {
        if let Some(r) = s {
            if right {
                bonus = r.right();
            } else {
                r.wrong();
            }
            r.read(now);
        }
    });
    let Some((score, seconds)) = t.storm(|s| s.as_ref().map(|r| (r.score, r.seconds))) else {
        return;
    };
    if seconds == 0 {
        end_storm(t, true);
        return;
    }
    t.note.set(match (right, bonus) {
        (true, true) => format!("Solved: {score}. {BONUS_EVERY} in a row: 3 s more!"),
        (true, false) => format!("Solved: {score}."),
        (false, _) => "Not this one: 10 s less. The next one…".to_string(),
    });
    serve::request(t, TrainerWork::Storm);
}
