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
//! assert_eq!(p.status(), "Not this one. White to move");
//! assert_eq!(p.attempt(rec.moves[0]), Verdict::Right { reply: Some(rec.moves[1]) });
//! assert_eq!(p.attempt(rec.moves[2]), Verdict::Solved);
//! assert_eq!(p.status(), "Solved");
//! ```

use crate::engine::piece::{Color, PieceId};
use crate::engine::position::{Move, Position};
use crate::notation::frame::Frame;
use crate::notation::Coordinates;
use crate::record::position::{canonical_setup, stand};
use crate::record::tree::GameTree;
use crate::record::{Format, Metadata, Record};

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

    /// What the status line says: whose move it is (after a miss, that it was not the
    /// move), or that the puzzle is solved.
    pub fn status(&self) -> String {
        if self.is_solved() {
            "Solved".to_string()
        } else if self.misses > 0 {
            format!("Not this one. {} to move", self.solver.name())
        } else {
            format!("{} to move", self.solver.name())
        }
    }
}

/// The puzzle of a position reached in a game and the moves that follow it there: the
/// position set up in its game's canonical frame (the squares the algebraic notation names),
/// the moves carried over into it, and the game's players kept.
pub fn puzzle_record(meta: &Metadata, pos: &Position, line: &[Move]) -> Result<Record, String> {
    if line.is_empty() {
        return Err("a puzzle needs at least one move to find after the position".to_string());
    }
    let frame = Frame::of_position(pos);
    let setup = canonical_setup(pos);
    let start = stand(&setup, pos.rules()).map_err(|e| e.to_string())?;
    // Each move made again in the set-up position, where pieces are numbered afresh: a
    // placement takes the next piece of its kind, a movement the piece on its cell.
    let mut cur = start.clone();
    let mut moves = Vec::with_capacity(line.len());
    for &mv in line {
        let f = |h| frame.to_canonical(h);
        let m = match mv {
            Move::Pass => Some(Move::Pass),
            Move::Place { piece, to } => cur
                .in_hand(piece.color())
                .find(|p| p.bug() == piece.bug())
                .map(|piece| Move::Place { piece, to: f(to) }),
            Move::Move { from, to, .. } => cur.board().top(f(from)).map(|piece| Move::Move {
                piece,
                from: f(from),
                to: f(to),
            }),
        };
        match m.map(|m| (m, cur.play(m))) {
            Some((m, Ok(()))) => moves.push(m),
            _ => {
                return Err(format!(
                    "move {} of the line cannot be played from the set-up position",
                    moves.len() + 1
                ))
            }
        }
    }
    let mut rec = Record::new(pos.game_type(), Format::Position);
    rec.meta = meta.clone();
    rec.meta.result = None;
    rec.coordinates = Coordinates::Canonical;
    rec.rules = pos.rules();
    rec.set_tree(GameTree::from_line(start, &moves).map_err(|e| e.to_string())?);
    rec.puzzle = true;
    Ok(rec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::import;

    #[test]
    fn a_game_position_becomes_a_puzzle_in_its_canonical_frame() {
        let text = include_str!("../../tests/data/direction-game-1.md");
        let rec = import(text, None).unwrap();
        for at in [10, 25, 40] {
            let pos = rec.position_at(at);
            let line = &rec.moves[at..at + 3];
            let p = puzzle_record(&rec.meta, &pos, line).unwrap();
            assert!(p.puzzle);
            assert_eq!(p.moves.len(), 3);
            assert_eq!(p.meta.white, rec.meta.white);
            // Every position of the puzzle is the game's, in the game's canonical frame.
            for k in 0..=3 {
                assert_eq!(
                    canonical_setup(&p.position_at(k)).stacks,
                    canonical_setup(&rec.position_at(at + k)).stacks,
                    "ply {at} + {k}"
                );
            }
            // And it survives a permalink.
            let link = crate::record::permalink::encode_ply(&p, 0);
            let (back, _) = crate::record::permalink::decode(&link).unwrap();
            assert!(back.puzzle);
            assert_eq!(back.tree, p.tree);
        }
        assert!(puzzle_record(&rec.meta, &rec.position(), &[]).is_err());
    }
}
