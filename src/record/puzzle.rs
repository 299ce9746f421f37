//! Puzzles: a start position and a solution line (the main line of a record's tree). The
//! solver plays the side to move at the start; each right move is answered by the line's
//! next move, played for them; a wrong one is taken back, and after two misses on the same
//! move the piece to move is shown as a hint.
//!
//! ```
//! use beeline::record::{import, puzzle::{Puzzle, Verdict}};
//! let rec = import("Base;InProgress;White[2];wS1;bS1 wS1-;wQ -wS1", None).unwrap();
//! let mut p = Puzzle::new(&rec.moves, rec.start()).unwrap();
//! assert_eq!(p.status(), "White to move");
//! assert!(matches!(p.attempt(rec.moves[1]), Verdict::Wrong { .. }));
//! assert_eq!(p.attempt(rec.moves[0]), Verdict::Right { reply: Some(rec.moves[1]) });
//! assert_eq!(p.attempt(rec.moves[2]), Verdict::Solved);
//! assert_eq!(p.status(), "Solved");
//! ```

use crate::engine::piece::{Color, PieceId};
use crate::engine::position::{Move, Position};

/// A puzzle being solved.
#[derive(Clone, Debug)]
pub struct Puzzle {
    line: Vec<Move>,
    solver: Color,
    /// Moves of the line played so far (the solver's and the replies).
    done: usize,
    /// Wrong tries at the current move.
    misses: u32,
}

/// What became of a try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not the move of the line: taken back. `hint` is the piece to move once two tries
    /// have missed.
    Wrong { misses: u32, hint: Option<PieceId> },
    /// The line's move; `reply` is the opponent's answer, played next (when it ends the
    /// line, the puzzle is solved with it).
    Right { reply: Option<Move> },
    /// The line's last move: solved.
    Solved,
    /// The puzzle is solved already.
    Over,
}

/// Tries after which the piece to move is shown.
pub const HINT_AFTER: u32 = 2;

impl Puzzle {
    /// The puzzle of a solution line from `start`; `None` without a line.
    pub fn new(line: &[Move], start: Position) -> Option<Puzzle> {
        if line.is_empty() {
            return None;
        }
        Some(Puzzle {
            line: line.to_vec(),
            solver: start.to_move(),
            done: 0,
            misses: 0,
        })
    }

    /// The side the solver plays.
    pub fn solver(&self) -> Color {
        self.solver
    }

    /// How many moves of the line stand on the board.
    pub fn done(&self) -> usize {
        self.done
    }

    pub fn is_solved(&self) -> bool {
        self.done >= self.line.len()
    }

    /// Wrong tries at the current move.
    pub fn misses(&self) -> u32 {
        self.misses
    }

    /// The piece the solver should move, once the tries at this move earned a hint.
    pub fn hint(&self) -> Option<PieceId> {
        if self.misses < HINT_AFTER || self.is_solved() {
            return None;
        }
        self.line.get(self.done).and_then(Move::piece)
    }

    /// Plays the solver's try.
    pub fn attempt(&mut self, mv: Move) -> Verdict {
        let Some(&expected) = self.line.get(self.done) else {
            return Verdict::Over;
        };
        if mv != expected {
            self.misses += 1;
            return Verdict::Wrong {
                misses: self.misses,
                hint: self.hint(),
            };
        }
        self.misses = 0;
        self.done += 1;
        if self.is_solved() {
            return Verdict::Solved;
        }
        // A line that ends with the opponent's move is solved once it is played.
        let reply = self.line[self.done];
        self.done += 1;
        Verdict::Right { reply: Some(reply) }
    }

    /// What the status line says: whose move it is, or that the puzzle is solved.
    pub fn status(&self) -> String {
        if self.is_solved() {
            "Solved".to_string()
        } else {
            format!("{} to move", self.solver.name())
        }
    }
}
