//! The trainer's state and what it does: puzzles of the chosen theme near the player's
//! rating (`serve`), each posed on the viewer's board in its puzzle mode (`record::puzzle`:
//! any solving move is accepted, the defence answers), each try rated once (the player's
//! rating and the puzzle's local one) and counted in the streak, the history and the
//! dashboard, all kept in local storage.

use super::progress::{TrainerProgress, STORAGE_KEY};
use super::serve::{self, TrainerWork};
use super::set_source;
use super::storm::{self, StormRun};
use super::views;
use crate::app::kit::{js, services, Var};
use crate::app::model::game::{self, NotatedGame};
use crate::app::model::study::Pick;
use crate::app::model::viewer::Viewer;
use crate::engine::piece::Color;
use crate::puzzles::daily::CalendarDate;
use crate::puzzles::rating::PuzzleTry;
use crate::puzzles::set::SetManifest;
use crate::puzzles::{MinedPuzzle, PuzzleTheme};
use crate::record::puzzle::{puzzle_record_of, Puzzle};
use crate::record::Metadata;
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

/// A puzzle's address but its id: the set (unless it is the built-in one), then
/// `&puzzle=`.
fn link_base(t: Trainer) -> String {
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
fn permalink(t: Trainer, id: &str) -> String {
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

/// What the status line asks for.
fn goal(p: &MinedPuzzle) -> String {
    let other = if p.solver() == Color::White {
        "black"
    } else {
        "white"
    };
    match p.theme {
        PuzzleTheme::Surround1 => format!("surround the {other} Queen"),
        PuzzleTheme::Surround2 => format!("surround the {other} Queen in 2 moves"),
        PuzzleTheme::Surround3 => format!("surround the {other} Queen in 3 moves"),
        PuzzleTheme::OnlyMove => "find the one move that keeps the advantage".to_string(),
        PuzzleTheme::Defence => "find the one move that saves the Queen".to_string(),
    }
}

/// Where a puzzle came from, in words.
fn origin(p: &MinedPuzzle) -> String {
    let s = &p.source;
    let players = match (&s.white, &s.black) {
        (Some(w), Some(b)) => format!("{w} against {b}"),
        (Some(one), None) | (None, Some(one)) => one.clone(),
        (None, None) => "a game".to_string(),
    };
    format!("Puzzle {}, from {players}, after {} moves.", p.id, s.ply)
}

/// Poses a puzzle on the board.
pub(super) fn show(t: Trainer, p: Rc<MinedPuzzle>) {
    let meta = Metadata {
        white: p.source.white.clone(),
        black: p.source.black.clone(),
        event: p.source.event.clone(),
        ..Metadata::default()
    };
    let (rec, solution) = match puzzle_record_of(&meta, &p.position, &p.solution) {
        Ok(x) => x,
        Err(e) => {
            t.note
                .set(format!("Puzzle {} cannot be shown: {e}. Next one…", p.id));
            if storm::running(t) {
                serve::request(t, TrainerWork::Storm);
            }
            return;
        }
    };
    let start = rec.start();
    let game = NotatedGame::new(rec);
    let root = game.tree().root();
    t.viewer.show(game, root);
    t.viewer
        .puzzle
        .set(Puzzle::of_solution(solution, start).map(|pz| pz.with_goal(goal(&p))));
    t.attempt_update(|a| *a = Attempt::default());
    // (In a Storm the note keeps the last outcome.)
    if !storm::running(t) {
        t.note.set(origin(&p));
    }
    let link = permalink(t, &p.id);
    t.current.set(Some(p));
    // The address names the puzzle (the study's permalink follows in its fragment) and keeps
    // its options: the analysis a reload opens with is the one running (`&analyse=N`).
    let href = services::location_href().unwrap_or_default();
    match game::options_of(&href) {
        "" => services::replace_address(&link),
        options => services::replace_address(&format!("{link}#{options}")),
    }
}

/// Rates the try at the puzzle on the board, once: the player's rating and the puzzle's move
/// (not in a Storm).
fn rate(t: Trainer, outcome: PuzzleTry) {
    if t.attempt().rated || storm::running(t) {
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
    if storm::running(t) {
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
        if !storm::running(t) {
            serve::ask();
            show(t, p);
        }
    }
}

/// Sets the theme menu to the weakest theme and shows a puzzle of it.
pub(super) fn train_weakest(t: Trainer) {
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
