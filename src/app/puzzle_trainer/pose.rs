//! A puzzle posed on the viewer's board in its puzzle mode: the position in its game's
//! canonical frame, what to find said in the status line, the address naming it.

use super::state::{permalink, Attempt, Trainer};
use crate::app::kit::services;
use crate::app::model::game::{self, NotatedGame};
use crate::engine::piece::Color;
use crate::puzzles::{MinedPuzzle, PuzzleTheme};
use crate::record::puzzle::{puzzle_record_of, Puzzle};
use crate::record::Metadata;
use std::rc::Rc;

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
        PuzzleTheme::OnlyMove => "find the one move that keeps the game".to_string(),
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

/// Poses a puzzle on the board: whether it could be.
pub(super) fn show(t: Trainer, p: Rc<MinedPuzzle>) -> bool {
    let meta = Metadata {
        white: p.source.white.clone(),
        black: p.source.black.clone(),
        event: p.source.event.clone(),
        ..Metadata::default()
    };
    let (rec, solution) = match puzzle_record_of(&meta, &p.position, &p.solution) {
        Ok(x) => x,
        Err(e) => {
            t.note.set(format!("Puzzle {} cannot be shown: {e}.", p.id));
            return false;
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
    if !t.storm_running() {
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
    true
}
