//! What the trainer does: the panel's parts written from its state, each try at the puzzle
//! on the board rated once (the player's rating and the puzzle's local one) and counted in
//! the streak, the history and the dashboard; hints, the solution, the next puzzle
//! (`serve`), the day's, the weakest theme's, and the reset.

use super::pose::show;
use super::progress::TrainerProgress;
use super::serve::{self, TrainerWork};
use super::state::{link_base, save_progress, Trainer};
use super::storm;
use super::views;
use crate::app::model::study::Pick;
use crate::puzzles::rating::PuzzleTry;
use crate::record::puzzle::Puzzle;

/// What the panel's parts show, in `panel::bind`'s order.
pub(super) fn shown(t: Trainer) -> Vec<Option<String>> {
    let open = t.open.get();
    let current = t.current.get();
    let solved = t
        .viewer
        .puzzle
        .with(|p| p.as_ref().is_none_or(Puzzle::is_solved));
    let storm = t.visit.with(|v| v.storm.clone());
    let running = storm.as_ref().is_some_and(|r| !r.over);
    let base = link_base(t);
    let link = current.as_ref().map(|p| format!("{base}{}", p.id));
    let flag = |on: bool| on.then(String::new);
    let mut parts = t.progress.with(|progress| {
        let facts = current.as_ref().map(|p| {
            format!(
                "{} · difficulty {} · rated {} · {} solved · best streak {}",
                p.theme.label(),
                p.difficulty,
                progress.rating_of(&p.id, p.rating).round() as i32,
                progress.solved.len(),
                progress.best
            )
        });
        let weakest = progress.weakest().map(|w| w.0);
        vec![
            flag(!open),
            current.as_ref().map(|p| p.id.clone()),
            Some(progress.streak.to_string()),
            Some(t.note.get()),
            facts,
            link.clone(),
            flag(link.is_none()),
            flag(solved || running),
            flag(solved || running),
            current.as_ref().map(|p| p.theme.name().to_string()),
            Some(views::rating_html(
                &progress.rating,
                t.visit.with(|v| v.change),
            )),
            Some((progress.rating.rating.round() as u32).to_string()),
            Some(progress.storm_best.to_string()),
            Some(views::history_html(progress.history.iter(), |id| {
                format!("{base}{id}")
            })),
            Some(views::dashboard_html(progress)),
            flag(weakest.is_none()),
            weakest.map(|w| format!("Train {}", w.label())),
            weakest.map(|w| w.name().to_string()),
        ]
    });
    let daily = t.visit.with(|v| v.daily.clone());
    parts.extend([
        daily.as_ref().map(|(_, p)| format!("{base}{}", p.id)),
        flag(daily.is_none()),
        daily.as_ref().map(|(d, _)| views::daily_name(*d)),
        daily.as_ref().map(|(_, p)| p.id.clone()),
        Some(if running { "Stop the Storm" } else { "Storm" }.to_string()),
        Some(views::clock(
            1000.0 * f64::from(storm.as_ref().map_or(180, |r| r.seconds)),
        )),
        Some(storm.as_ref().map_or(0, |r| r.score).to_string()),
        storm
            .as_ref()
            .map(|r| if r.over { "over" } else { "running" }.to_string()),
        flag(running),
        flag(running),
        flag(running),
    ]);
    parts
}

/// Rates the try at the puzzle on the board, once: the player's rating and the puzzle's move
/// (not in a Storm).
fn rate(t: Trainer, outcome: PuzzleTry) {
    if t.attempt().rated || t.storm_running() {
        return;
    }
    let Some(p) = t.current.get_untracked() else {
        return;
    };
    t.attempt_update(|a| a.rated = true);
    let change = t
        .progress
        .try_update(|pr| pr.rate(&p.id, p.theme, p.difficulty, p.rating, &outcome));
    t.visit.update(|v| v.change = change);
}

/// Follows the puzzle on the board: a wrong try ends the streak and is rated as a loss, a
/// solve is counted (and rated as a win if it was clean); in a Storm, either moves on.
pub(super) fn follow(t: Trainer) {
    let Some(id) = t.current.with(|c| c.as_ref().map(|p| p.id.clone())) else {
        return;
    };
    let (missed, solved) = t.viewer.puzzle.with(|p| match p {
        Some(p) => (p.misses() > 0, p.is_solved()),
        None => (false, false),
    });
    let a = t.attempt();
    if a.counted {
        return;
    }
    if t.storm_running() {
        if missed || solved {
            t.attempt_update(|a| {
                a.counted = true;
                a.rated = true;
            });
            storm::tried(t, solved && !missed);
        }
        return;
    }
    if missed && !a.missed {
        t.attempt_update(|a| a.missed = true);
        rate(
            t,
            PuzzleTry {
                wrong_move: true,
                ..PuzzleTry::default()
            },
        );
        t.progress.update(|p| p.break_streak());
        t.progress.with_untracked(save_progress);
        t.note
            .set("Not this one: the streak starts again.".to_string());
    }
    if solved {
        let a = t.attempt();
        let clean = !a.missed && !a.helped;
        if clean {
            rate(
                t,
                PuzzleTry {
                    solved: true,
                    ..PuzzleTry::default()
                },
            );
        }
        t.attempt_update(|a| a.counted = true);
        t.progress.update(|p| p.solve(&id, clean));
        t.progress.with_untracked(save_progress);
        let streak = t.progress.with_untracked(|p| p.streak);
        t.note.set(if clean {
            format!("Solved! Streak {streak}. Next puzzle when you are ready.")
        } else {
            "Solved, with help. Next puzzle when you are ready.".to_string()
        });
    }
}

/// Picks the piece to move on the board (the streak is over, the try lost).
pub(super) fn hint(t: Trainer) {
    let Some(piece) = t
        .viewer
        .puzzle
        .with_untracked(|p| p.as_ref().and_then(Puzzle::piece_to_move))
    else {
        return;
    };
    t.attempt_update(|a| a.helped = true);
    rate(
        t,
        PuzzleTry {
            hint: true,
            ..PuzzleTry::default()
        },
    );
    t.progress.update(|p| p.break_streak());
    t.progress.with_untracked(save_progress);
    let study = t.viewer.study;
    let pick = study
        .position
        .with_untracked(|a| match a.pos.board().position(piece) {
            Some(h) => Pick::Board(h),
            None => Pick::Reserve(piece.color(), piece.bug()),
        });
    study.pick.set(Some(pick));
    t.note
        .set(format!("Hint: move the {}.", piece.bug().name()));
}

/// Plays the rest of the main line (the streak is over, the try lost).
pub(super) fn solution(t: Trainer) {
    t.attempt_update(|a| a.helped = true);
    rate(
        t,
        PuzzleTry {
            solution_shown: true,
            ..PuzzleTry::default()
        },
    );
    t.progress.update(|p| p.break_streak());
    t.progress.with_untracked(save_progress);
    let viewer = t.viewer;
    viewer.puzzle.update(|p| {
        if let Some(p) = p {
            while let Some(mv) = p.line().get(p.done()).copied() {
                p.attempt(mv);
            }
        }
    });
    viewer.follow_puzzle_line();
    let done = viewer
        .puzzle
        .with_untracked(|p| p.as_ref().map_or(0, Puzzle::done));
    viewer.study.ply.set(done);
}

/// Shows the next puzzle near the player's rating.
pub(super) fn next(t: Trainer) {
    serve::request(t, TrainerWork::Next);
}

/// Reads the set, then shows the puzzle the address names or the next one.
pub(super) fn start(t: Trainer) {
    serve::request(t, TrainerWork::Start);
}

/// Shows the day's puzzle.
pub(super) fn daily(t: Trainer) {
    if let Some((_, p)) = t.visit.with_untracked(|v| v.daily.clone()) {
        if !t.storm_running() {
            serve::ask();
            let _ = show(t, p);
        }
    }
}

/// Sets the theme menu to the weakest theme and shows a puzzle of it.
pub(super) fn train_weakest(t: Trainer) {
    if t.storm_running() {
        return;
    }
    if let Some((theme, _)) = t.progress.with_untracked(|p| p.weakest()) {
        t.theme.set(Some(theme));
        next(t);
    }
}

/// Forgets the puzzles solved, the streak, the rating, the history, the dashboard and the
/// best Storm: the trainer as on a first visit.
pub(super) fn reset(t: Trainer) {
    t.progress.set(TrainerProgress::default());
    t.progress.with_untracked(save_progress);
    t.visit.update(|v| v.change = None);
    t.note
        .set("Progress reset: the rating, the history and the dashboard start again.".to_string());
}
