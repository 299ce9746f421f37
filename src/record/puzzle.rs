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

/// What the solver may play at one turn of a puzzle, and what follows each move: a tree,
/// since a puzzle may have several solving moves (a surround reached two ways), each with
/// its own best defence. A plain line is a tree of one branch a turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Solution {
    /// The accepted moves, the main one first.
    pub branches: Vec<Branch>,
}

/// One accepted move, and the opponent's reply with the turn after it (`None` when the
/// move ends the puzzle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Branch {
    pub mv: Move,
    pub reply: Option<(Move, Solution)>,
}

impl Solution {
    /// The tree of one line: the solver's moves at even indices, the replies at odd ones.
    pub fn line(moves: &[Move]) -> Solution {
        let Some((&mv, rest)) = moves.split_first() else {
            return Solution::default();
        };
        let reply = rest
            .split_first()
            .map(|(&r, after)| (r, Solution::line(after)));
        Solution {
            branches: vec![Branch { mv, reply }],
        }
    }

    /// The main line: each turn's first move and its reply.
    pub fn main_line(&self) -> Vec<Move> {
        let mut out = Vec::new();
        let mut node = self;
        while let Some(b) = node.branches.first() {
            out.push(b.mv);
            match &b.reply {
                Some((r, next)) => {
                    out.push(*r);
                    node = next;
                }
                None => break,
            }
        }
        out
    }

    /// The moves accepted at this turn.
    pub fn first_moves(&self) -> Vec<Move> {
        self.branches.iter().map(|b| b.mv).collect()
    }
}

/// A puzzle being solved.
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The turn the solver is at (empty once solved).
    turn: Solution,
    /// The moves played so far: the solver's and the replies.
    played: Vec<Move>,
    solver: Color,
    /// Wrong tries at the current move.
    misses: u32,
    /// What to find, said after whose move it is ("surround the black Queen in 2").
    goal: Option<String>,
}

/// What became of a try.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Not an accepted move: taken back. `hint` is the piece to move once two tries
    /// have missed.
    Wrong { misses: u32, hint: Option<PieceId> },
    /// An accepted move; `reply` is the opponent's answer, played next (when it ends the
    /// line, the puzzle is solved with it).
    Right { reply: Option<Move> },
    /// The last move to find: solved.
    Solved,
    /// The puzzle is solved already.
    Over,
}

/// Tries after which the piece to move is shown.
pub const HINT_AFTER: u32 = 2;

impl Puzzle {
    /// The puzzle of a solution line from `start`; `None` without a line.
    pub fn new(line: &[Move], start: Position) -> Option<Puzzle> {
        Puzzle::of_solution(Solution::line(line), start)
    }

    /// The puzzle of a solution tree from `start`; `None` without a move to find.
    pub fn of_solution(solution: Solution, start: Position) -> Option<Puzzle> {
        if solution.branches.is_empty() {
            return None;
        }
        Some(Puzzle {
            turn: solution,
            played: Vec::new(),
            solver: start.to_move(),
            misses: 0,
            goal: None,
        })
    }

    /// The puzzle with what to find said in its status.
    pub fn with_goal(mut self, goal: String) -> Puzzle {
        self.goal = Some(goal);
        self
    }

    /// The side the solver plays.
    pub fn solver(&self) -> Color {
        self.solver
    }

    /// How many moves of the line stand on the board.
    pub fn done(&self) -> usize {
        self.played.len()
    }

    /// The moves played so far, then the main line from there: what the board steps
    /// through once solved.
    pub fn line(&self) -> Vec<Move> {
        let mut line = self.played.clone();
        line.extend(self.turn.main_line());
        line
    }

    pub fn is_solved(&self) -> bool {
        self.turn.branches.is_empty()
    }

    /// Wrong tries at the current move.
    pub fn misses(&self) -> u32 {
        self.misses
    }

    /// The piece of the main move at this turn (the hint).
    pub fn piece_to_move(&self) -> Option<PieceId> {
        self.turn.branches.first().and_then(|b| b.mv.piece())
    }

    /// The piece the solver should move, once the tries at this move earned a hint.
    pub fn hint(&self) -> Option<PieceId> {
        if self.misses < HINT_AFTER {
            return None;
        }
        self.piece_to_move()
    }

    /// Plays the solver's try.
    pub fn attempt(&mut self, mv: Move) -> Verdict {
        if self.is_solved() {
            return Verdict::Over;
        }
        let Some(i) = self.turn.branches.iter().position(|b| b.mv == mv) else {
            self.misses += 1;
            return Verdict::Wrong {
                misses: self.misses,
                hint: self.hint(),
            };
        };
        self.misses = 0;
        let branch = self.turn.branches.swap_remove(i);
        self.played.push(mv);
        match branch.reply {
            None => {
                self.turn = Solution::default();
                Verdict::Solved
            }
            // A line that ends with the opponent's move is solved once it is played.
            Some((reply, next)) => {
                self.played.push(reply);
                self.turn = next;
                Verdict::Right { reply: Some(reply) }
            }
        }
    }

    /// What the status line says: whose move it is (after a miss, that it was not the
    /// move), or that the puzzle is solved.
    pub fn status(&self) -> String {
        let task = match &self.goal {
            Some(g) => format!("{} to move: {g}", self.solver.name()),
            None => format!("{} to move", self.solver.name()),
        };
        if self.is_solved() {
            "Solved".to_string()
        } else if self.misses > 0 {
            format!("Not this one. {task}")
        } else {
            task
        }
    }
}

/// The puzzle of a position reached in a game and the moves that follow it there: the
/// position set up in its game's canonical frame (the squares the algebraic notation names),
/// the moves carried over into it, and the game's players kept.
pub fn puzzle_record(meta: &Metadata, pos: &Position, line: &[Move]) -> Result<Record, String> {
    puzzle_record_of(meta, pos, &Solution::line(line)).map(|(rec, _)| rec)
}

/// [`puzzle_record`] for a solution tree: the record (its main line the tree's) and the tree
/// carried into the record's set-up position.
pub fn puzzle_record_of(
    meta: &Metadata,
    pos: &Position,
    solution: &Solution,
) -> Result<(Record, Solution), String> {
    if solution.branches.is_empty() {
        return Err("a puzzle needs at least one move to find after the position".to_string());
    }
    let frame = Frame::of_position(pos);
    let setup = canonical_setup(pos);
    let start = stand(&setup, pos.rules()).map_err(|e| e.to_string())?;
    let mut cur = start.clone();
    let mut count = 0;
    let carried = carry_tree(&mut cur, &frame, solution, &mut count)?;
    let mut rec = Record::new(pos.game_type(), Format::Position);
    rec.meta = meta.clone();
    rec.meta.result = None;
    rec.coordinates = Coordinates::Canonical;
    rec.rules = pos.rules();
    rec.set_tree(GameTree::from_line(start, &carried.main_line()).map_err(|e| e.to_string())?);
    rec.puzzle = true;
    Ok((rec, carried))
}

/// Each move made again in the set-up position, where pieces are numbered afresh: a
/// placement takes the next piece of its kind, a movement the piece on its cell.
fn carry(cur: &mut Position, frame: &Frame, mv: Move, count: &mut usize) -> Result<Move, String> {
    *count += 1;
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
        Some((m, Ok(()))) => Ok(m),
        _ => Err(format!(
            "move {count} of the solution cannot be played from the set-up position"
        )),
    }
}

fn carry_tree(
    cur: &mut Position,
    frame: &Frame,
    node: &Solution,
    count: &mut usize,
) -> Result<Solution, String> {
    let mut branches = Vec::with_capacity(node.branches.len());
    for b in &node.branches {
        let mv = carry(cur, frame, b.mv, count)?;
        let reply = match &b.reply {
            None => None,
            Some((r, next)) => {
                let r2 = carry(cur, frame, *r, count)?;
                let next = carry_tree(cur, frame, next, count)?;
                cur.undo();
                Some((r2, next))
            }
        };
        cur.undo();
        branches.push(Branch { mv, reply });
    }
    Ok(Solution { branches })
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

    #[test]
    fn a_puzzle_with_two_solving_first_moves_accepts_either() {
        let rec = import(
            "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-",
            None,
        )
        .unwrap();
        let start = rec.position();
        let legal = start.legal_moves();
        let (a, b, wrong) = (legal[0], legal[1], legal[2]);
        let mut after_a = start.clone();
        after_a.play(a).unwrap();
        let reply = after_a.legal_moves()[0];
        let solution = Solution {
            branches: vec![
                Branch {
                    mv: a,
                    reply: Some((reply, Solution::default())),
                },
                Branch { mv: b, reply: None },
            ],
        };
        let mut p = Puzzle::of_solution(solution.clone(), start.clone()).unwrap();
        assert!(matches!(p.attempt(wrong), Verdict::Wrong { misses: 1, .. }));
        assert_eq!(p.attempt(a), Verdict::Right { reply: Some(reply) });
        assert!(p.is_solved());
        assert_eq!(p.line(), vec![a, reply]);
        let mut q = Puzzle::of_solution(solution.clone(), start.clone()).unwrap();
        assert_eq!(q.line(), vec![a, reply]);
        assert_eq!(q.attempt(b), Verdict::Solved);
        assert_eq!(q.line(), vec![b]);
        assert_eq!(q.attempt(a), Verdict::Over);
        // Carried into a set-up position, both moves are still there.
        let (record, carried) = puzzle_record_of(&rec.meta, &start, &solution).unwrap();
        assert_eq!(carried.branches.len(), 2);
        assert_eq!(record.moves.len(), 2);
        assert!(record.start().is_legal(carried.branches[1].mv));
    }
}
