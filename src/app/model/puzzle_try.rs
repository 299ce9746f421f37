//! A try at the open puzzle, judged by code loaded on first use (through the board's entry
//! point): an accepted move is played and, a moment later, answered; the game's line follows
//! the puzzle's where a move accepted off it has left it.

use super::game::NotatedGame;
use super::study::Pick;
use super::viewer::Viewer;
use crate::app::kit::services;
use crate::engine::position::Move;
use crate::record::puzzle::{Puzzle, Verdict};
use crate::record::tree::GameTree;
use std::sync::Arc;
use std::time::Duration;

/// How long a puzzle's reply waits after the solver's move.
const REPLY_DELAY: Duration = Duration::from_millis(350);

impl Viewer {
    /// A try at the puzzle (from its latest position, `done` moves in): an accepted move is
    /// played and answered; another is taken back (it never reaches the board), with a hint
    /// after two misses.
    pub fn answer_try(self, mv: Move, done: usize) {
        let ply = self.study.ply;
        let verdict = self
            .puzzle
            .try_update(|p| p.as_mut().map(|p| p.attempt(mv)))
            .flatten();
        match verdict {
            // After two misses the piece to move is picked, its destinations marked.
            Some(Verdict::Wrong {
                hint: Some(piece), ..
            }) => {
                let pick =
                    self.study
                        .position
                        .with_untracked(|a| match a.pos.board().position(piece) {
                            Some(h) => Pick::Board(h),
                            None => Pick::Reserve(piece.color(), piece.bug()),
                        });
                self.study.pick.set(Some(pick));
            }
            Some(Verdict::Right { .. } | Verdict::Solved) => {
                self.follow_puzzle_line();
                let before = done;
                let done = self
                    .puzzle
                    .with_untracked(|p| p.as_ref().map_or(0, Puzzle::done));
                // The solver's move at once, the reply a moment later: unless by then
                // another puzzle is on the board (a Storm poses its next at once), or
                // this one again.
                ply.set(done.min(before + 1));
                if ply.get_untracked() < done {
                    let game = self.study.game.with_untracked(|g| Arc::clone(&g.record));
                    services::after(REPLY_DELAY, move || {
                        let same = self
                            .study
                            .game
                            .with_untracked(|g| Arc::ptr_eq(&g.record, &game))
                            && self
                                .puzzle
                                .with_untracked(|p| p.as_ref().map(Puzzle::done) == Some(done));
                        if same {
                            ply.set(done);
                        }
                    });
                }
            }
            _ => {}
        }
    }

    /// Makes the game's line the puzzle's, where a move accepted off it (a puzzle may
    /// have several solving moves, each with its own defence) or a solution shown has left
    /// it: the board steps through the moves played.
    pub fn follow_puzzle_line(self) {
        let Some(line) = self.puzzle.with_untracked(|p| p.as_ref().map(Puzzle::line)) else {
            return;
        };
        let game = self.study.game.with_untracked(|g| {
            if g.record.moves == line {
                return None;
            }
            let mut rec = (*g.record).clone();
            let tree = GameTree::from_line(rec.start(), &line).ok()?;
            rec.set_tree(tree);
            Some(NotatedGame::new(rec))
        });
        if let Some(g) = game {
            let root = g.tree().root();
            self.study.show(g, root);
        }
    }
}
