//! The trainer's state and what it does: one puzzle after another of the chosen theme,
//! easiest first, skipping those solved; each posed on the viewer's board in its puzzle mode
//! (`record::puzzle`: any solving move is accepted, the defence answers), its outcome
//! counted in the streak and kept in local storage.

use super::progress::{TrainerProgress, STORAGE_KEY};
use super::set_source::{self, FetchedShard};
use crate::app::kit::{js, services, Var};
use crate::app::model::game::{self, NotatedGame};
use crate::app::model::study::Pick;
use crate::app::model::viewer::Viewer;
use crate::engine::piece::Color;
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
    /// Its outcome is counted already.
    pub counted: bool,
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
    pub attempt: Var<Attempt>,
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
            attempt: Var::new(Attempt::default()),
            progress: Var::new(load_progress()),
            note: Var::new("Loading the puzzles…".to_string()),
        }
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

fn save_progress(p: &TrainerProgress) {
    if let Some(s) = storage() {
        // (A full or forbidden storage only means the progress is not kept.)
        let _ = js::call(&s, "setItem", &[&STORAGE_KEY.into(), &p.to_text().into()]);
    }
}

/// What the panel's parts show, in `panel::bind`'s order.
pub(super) fn shown(t: Trainer) -> Vec<Option<String>> {
    let open = t.open.get();
    let current = t.current.get();
    let progress = t.progress.get();
    let solved = t
        .viewer
        .puzzle
        .with(|p| p.as_ref().is_none_or(Puzzle::is_solved));
    let facts = current.as_ref().map(|p| {
        format!(
            "{} · difficulty {} · {} solved · best streak {}",
            p.theme.label(),
            p.difficulty,
            progress.solved.len(),
            progress.best
        )
    });
    let link = current.as_ref().map(|p| permalink(t, &p.id));
    let flag = |on: bool| on.then(String::new);
    vec![
        flag(!open),
        current.as_ref().map(|p| p.id.clone()),
        Some(progress.streak.to_string()),
        Some(t.note.get()),
        facts,
        link.clone(),
        flag(link.is_none()),
        flag(solved),
        flag(solved),
    ]
}

/// The puzzle's address: the set (unless it is the built-in one) and the puzzle's id.
fn permalink(t: Trainer, id: &str) -> String {
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
    format!("{base}?{set}&puzzle={id}")
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

/// Reads the set's manifest, then shows the puzzle the address names or the first one to
/// solve.
pub(super) fn start(t: Trainer) {
    let folder = t.folder.get_untracked();
    services::spawn(async move {
        let m = match set_source::manifest(&folder).await {
            Ok(m) => m,
            Err(e) => {
                t.note.set(format!("The puzzles could not be read: {e}"));
                return;
            }
        };
        let counts = PuzzleTheme::ALL
            .iter()
            .map(|&th| (th, m.count(th)))
            .collect();
        t.counts.set(counts);
        let m = Rc::new(m);
        set_source::keep_offline(folder, m.clone(), 30);
        t.manifest.set(Some(m));
        let query = services::location_search().unwrap_or_default();
        match services::query_value(&query, "puzzle").filter(|id| !id.is_empty()) {
            Some(id) => show_id(t, id),
            None => next(t),
        }
    });
}

/// The shards to look through: of the chosen theme (all of them for every theme), holding
/// puzzles of the chosen difficulties.
fn shards_of(t: Trainer) -> Vec<crate::puzzles::set::ShardEntry> {
    let theme = t.theme.get_untracked();
    let (lo, hi) = t.difficulty.get_untracked();
    t.manifest
        .with_untracked(|m| {
            m.as_ref().map(|m| {
                m.shards_of(theme)
                    .filter(|e| e.difficulty.1 >= lo && e.difficulty.0 <= hi)
                    .cloned()
                    .collect()
            })
        })
        .unwrap_or_default()
}

/// Reads a shard, saying what could not be read of it.
async fn read(t: Trainer, entry: &crate::puzzles::set::ShardEntry) -> Option<Rc<FetchedShard>> {
    let folder = t.folder.get_untracked();
    match set_source::shard(&folder, entry).await {
        Ok(s) => {
            if let Some(e) = s.errors.first() {
                leptos::logging::warn!("puzzles: {e}");
            }
            Some(s)
        }
        Err(e) => {
            t.note
                .set(format!("Part of the set could not be read: {e}"));
            None
        }
    }
}

/// Shows the next puzzle not yet solved (of the chosen theme, easiest first).
pub(super) fn next(t: Trainer) {
    let shards = shards_of(t);
    let current = t
        .current
        .with_untracked(|c| c.as_ref().map(|p| p.id.clone()));
    let (lo, hi) = t.difficulty.get_untracked();
    services::spawn(async move {
        for entry in &shards {
            let Some(shard) = read(t, entry).await else {
                continue;
            };
            let found = t.progress.with_untracked(|pr| {
                shard
                    .puzzles
                    .iter()
                    .find(|p| {
                        (lo..=hi).contains(&p.difficulty)
                            && !pr.solved.contains(&p.id)
                            && Some(&p.id) != current.as_ref()
                    })
                    .cloned()
            });
            if let Some(p) = found {
                show(t, p);
                return;
            }
        }
        if !shards.is_empty() {
            t.note.set(
                "Every puzzle of this theme and difficulty is solved. Choose others, or Reset to start again."
                    .to_string(),
            );
        }
    });
}

/// Shows the puzzle with this id, looking through the whole set.
fn show_id(t: Trainer, id: String) {
    let shards = shards_of(t);
    services::spawn(async move {
        for entry in &shards {
            let Some(shard) = read(t, entry).await else {
                continue;
            };
            if let Some(p) = shard.puzzles.iter().find(|p| p.id == id) {
                show(t, p.clone());
                return;
            }
        }
        t.note
            .set(format!("This set has no puzzle {id}: here is another."));
        next(t);
    });
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
fn show(t: Trainer, p: Rc<MinedPuzzle>) {
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
    t.attempt.set(Attempt::default());
    t.note.set(origin(&p));
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

/// Follows the puzzle on the board: a wrong try ends the streak, a solve is counted.
pub(super) fn follow(t: Trainer) {
    let Some(id) = t.current.with(|c| c.as_ref().map(|p| p.id.clone())) else {
        return;
    };
    let (missed, solved) = t.viewer.puzzle.with(|p| match p {
        Some(p) => (p.misses() > 0, p.is_solved()),
        None => (false, false),
    });
    let a = t.attempt.get_untracked();
    if a.counted {
        return;
    }
    if missed && !a.missed {
        t.attempt.update(|a| a.missed = true);
        t.progress.update(|p| p.break_streak());
        t.progress.with_untracked(save_progress);
        t.note
            .set("Not this one: the streak starts again.".to_string());
    }
    if solved {
        let a = t.attempt.get_untracked();
        let clean = !a.missed && !a.helped;
        t.attempt.update(|a| a.counted = true);
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

/// Picks the piece to move on the board (the streak is over).
pub(super) fn hint(t: Trainer) {
    let Some(piece) = t
        .viewer
        .puzzle
        .with_untracked(|p| p.as_ref().and_then(Puzzle::piece_to_move))
    else {
        return;
    };
    t.attempt.update(|a| a.helped = true);
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

/// Plays the rest of the main line (the streak is over).
pub(super) fn solution(t: Trainer) {
    t.attempt.update(|a| a.helped = true);
    t.progress.update(|p| p.break_streak());
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

/// Forgets the puzzles solved and the streak.
pub(super) fn reset(t: Trainer) {
    t.progress.set(TrainerProgress::default());
    t.progress.with_untracked(save_progress);
    t.note
        .set("TrainerProgress reset: every puzzle is new again.".to_string());
}
