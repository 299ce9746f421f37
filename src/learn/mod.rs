//! Learning Hive and its notations: the built-in courses (interactive studies shipped with
//! the app) and the notation trainer's questions.
//!
//! * [`course`]: the courses, as study files, and what a reader's progress is made of;
//! * [`trainer`]: the notation trainer's drills (find a move written in a notation, name a
//!   move drawn on the board), its questions and how an answer is judged.
//!
//! Both speak of the three notations by [`NotationName`], which writes a move in one of them
//! and reads a text back in that one only (a drill or a lesson that asks for the direction
//! notation does not take the standard one).

pub mod course;
pub mod trainer;

use crate::engine::position::{Move, Position};
use crate::notation::algebraic::AlgebraicMove;
use crate::notation::direction::DirectionMove;
use crate::notation::frame::Frame;
use crate::notation::uhp::MoveString;
use crate::notation::{Coordinates, NotatedMove, Notation, ReadError};
use crate::record::drawing::{Colour, Drawing, Shape};
use crate::record::tree::{GameTree, NodeId};

/// A node's comment with a move drawn on it, as the board draws a move's drawing: an arrow
/// from the piece to its destination, or the destination marked for a placement. What the
/// page shows for a move to name (a lesson's `[%name …]` prompt, the trainer's *name*
/// drill); the author's words and drawing stay.
pub fn drawn(tree: &GameTree, node: NodeId, mv: Move) -> String {
    let frame = Frame::of_line(&tree.start(), &tree.line_to(node));
    let read = Drawing::read(tree.comment(node).unwrap_or_default());
    let mut drawing = read.drawing;
    let (from, to) = match mv {
        Move::Place { to, .. } => (to, to),
        Move::Move { from, to, .. } => (from, to),
        Move::Pass => return drawing.comment(&read.prose).unwrap_or_default(),
    };
    drawing.shapes.push(Shape {
        from: frame.to_canonical(from),
        to: frame.to_canonical(to),
        colour: Colour::Green,
    });
    drawing.comment(&read.prose).unwrap_or_default()
}

/// One of the three notations, as the trainer and the lessons name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NotationName {
    /// The BoardSpace/UHP notation (`wA1 -bQ`).
    Standard,
    /// The direction-based notation (`A2×Qs`).
    Direction,
    /// The algebraic notation (`wA m n2`).
    Algebraic,
}

impl NotationName {
    pub const ALL: [NotationName; 3] = [
        NotationName::Standard,
        NotationName::Direction,
        NotationName::Algebraic,
    ];

    /// The name in addresses, files and the page's `value`s: `standard`, `direction`,
    /// `algebraic`.
    pub fn key(self) -> &'static str {
        match self {
            NotationName::Standard => "standard",
            NotationName::Direction => "direction",
            NotationName::Algebraic => "algebraic",
        }
    }

    /// The name in a sentence.
    pub fn title(self) -> &'static str {
        match self {
            NotationName::Standard => "the standard notation",
            NotationName::Direction => "the direction notation",
            NotationName::Algebraic => "the algebraic notation",
        }
    }

    /// The notation of a [`NotationName::key`] (case and spaces ignored).
    pub fn from_key(key: &str) -> Option<NotationName> {
        let k = key.trim().to_ascii_lowercase();
        NotationName::ALL.into_iter().find(|n| n.key() == k)
    }

    /// A legal move of `pos` in this notation, as the move list writes it: the standard
    /// notation in `coordinates` (a record's own, or the canonical frame), the others in the
    /// position's canonical frame; the direction notation with its symbols, the algebraic
    /// one in its long form.
    pub fn write(self, pos: &Position, mv: Move, coordinates: Coordinates) -> String {
        let frame = Frame::of_position(pos).after(mv);
        let standard = coordinates.frame_for::<MoveString>(frame);
        let n = NotatedMove::new(pos, mv, &frame, &standard);
        match self {
            NotationName::Standard => n.standard,
            NotationName::Direction => n.direction,
            NotationName::Algebraic => n.algebraic_long,
        }
    }

    /// The legal move of `pos` that `text` names in this notation, in any form its reader
    /// accepts (frames as for [`NotationName::write`]).
    pub fn read(
        self,
        pos: &Position,
        coordinates: Coordinates,
        text: &str,
    ) -> Result<Move, ReadError> {
        let frame = Frame::of_position(pos);
        match self {
            NotationName::Standard => MoveString::read(
                pos,
                &coordinates.frame_for::<MoveString>(frame),
                text.trim(),
            ),
            NotationName::Direction => DirectionMove::read(pos, &frame, text.trim()),
            NotationName::Algebraic => AlgebraicMove::read(pos, &frame, text.trim()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::uhp::GameString;

    #[test]
    fn each_notation_reads_back_what_it_writes_and_only_its_own() {
        let g: GameString = "Base+MLP;InProgress;White[4];wL;bP wL-;wM /wL;bQ bP/;wQ \\wL;bA1 bQ-"
            .parse()
            .unwrap();
        let pos = g.replay().unwrap();
        for mv in pos.legal_moves() {
            for n in NotationName::ALL {
                let text = n.write(&pos, mv, Coordinates::Record);
                assert_eq!(
                    n.read(&pos, Coordinates::Record, &text).ok(),
                    Some(mv),
                    "{n:?} {text}"
                );
            }
        }
        let mv = pos.legal_moves()[0];
        let standard = NotationName::Standard.write(&pos, mv, Coordinates::Record);
        assert!(NotationName::Direction
            .read(&pos, Coordinates::Record, &standard)
            .is_err());
        assert_eq!(
            NotationName::from_key(" Direction "),
            Some(NotationName::Direction)
        );
        assert_eq!(NotationName::from_key("uhp"), None);
    }

    #[test]
    fn a_move_drawn_is_an_arrow_or_a_marked_cell_beside_the_words() {
        let rec =
            crate::record::import("[GameType \"Base\"]\n\n1. wS1 2. bS1 -wS1 {Look.}\n", None)
                .unwrap();
        let tree = &rec.tree;
        let node = tree.mainline_nodes()[1];
        let pos = tree.position_at(node).unwrap();
        let frame = Frame::of_line(&tree.start(), &tree.line_to(node));
        for mv in pos.legal_moves() {
            let comment = drawn(tree, node, mv);
            let read = Drawing::read(&comment);
            assert_eq!(read.prose, "Look.");
            let shape = read.drawing.shapes[0];
            let (from, to) = match mv {
                Move::Place { to, .. } => (to, to),
                Move::Move { from, to, .. } => (from, to),
                Move::Pass => unreachable!(),
            };
            assert_eq!(
                (
                    frame.from_canonical(shape.from),
                    frame.from_canonical(shape.to)
                ),
                (from, to)
            );
        }
    }
}
