//! The standard notation (BoardSpace / UHP MoveStrings: `wA1 -bQ`, `wB1 bQ`, `wL`).
//!
//! The syntax is [`MoveString`]; this module is its [`Notation`]: it chooses the reference
//! the way the direction notation does, and writes and reads directions in the frame it is
//! given: [`Frame::ENGINE`] for the record's own coordinates, or the game's canonical frame
//! for games that carry no coordinates of their own.
//!
//! * First move: the bare piece (`wL`).
//! * Climbing: the piece on top of the stack climbed (`wB1 bQ`).
//! * Otherwise the reference is the piece the direction notation would pick (Queen, then
//!   Ladybug/Mosquito/Pillbug, then the only visible piece of its kind, then any, ties in
//!   counting order), written as the top piece of its stack. For a move the direction
//!   notation writes with a direct destination, the same priorities pick among the
//!   destination's neighbours, never the moved piece.
//!
//! The reader takes any valid reference (the moved piece itself too: `wB1 /wB1`, a Beetle
//! stepping down beside the stack it leaves), `.` or nothing after the first piece, `wM1`,
//! `wL1`, `wP1`, and letters in the wrong case where that cannot change the meaning
//! (`WA1 -bq`, `PASS`); the move must be legal, and the error names the broken rule.
//!
//! ```
//! use beeline::engine::{piece::GameType, position::Position};
//! use beeline::notation::{frame::Frame, uhp::MoveString, Notation};
//! let mut pos = Position::new(GameType::MLP);
//! for text in ["wL", "bP wL-", "wM -wL", "bA1 bP-", "wQ /wL"] {
//!     let mv = MoveString::read(&pos, &Frame::ENGINE, text).unwrap();
//!     pos.play(mv).unwrap();
//! }
//! let mv = MoveString::read(&pos, &Frame::ENGINE, "bQ bP\\").unwrap();
//! // Next to bP and wL: the Queen rule does not apply, the Pillbug (unique) does.
//! assert_eq!(MoveString::from_move(&pos, mv, &Frame::ENGINE).to_string(), "bQ bP\\");
//! ```

use crate::engine::position::{Move, Position};
use crate::notation::frame::Frame;
use crate::notation::reference;
use crate::notation::uhp::{MoveString, Target};
use crate::notation::{Mismatch, Notation, ReadError};

impl Notation for MoveString {
    type Style = ();
    const NAME: &'static str = "standard";
    const RECORD_COORDINATES: bool = true;

    fn from_move(pos: &Position, mv: Move, frame: &Frame) -> MoveString {
        // Reference ties are broken in the canonical frame whatever `frame` is, so that the
        // reference is the one the direction notation names.
        let counting = Frame::of_position(pos).after(mv);
        write_with(pos, &counting, frame, mv)
    }

    fn to_move(&self, pos: &Position, frame: &Frame) -> Result<Move, ReadError> {
        // The text only matters for an error: written then, not for every move read.
        let text = || self.to_string();
        let (piece, to) = match *self {
            MoveString::Pass => (None, None),
            MoveString::First(piece) => {
                if !pos.board().is_empty() {
                    return Err(ReadError::no_match(&text(), Mismatch::NeedsReference));
                }
                (Some(piece), Some(crate::engine::hex::Hex::ORIGIN))
            }
            MoveString::Move { piece, target } => {
                if piece == target.reference && target.direction.is_none() {
                    return Err(ReadError::no_match(&text(), Mismatch::ClimbsItself));
                }
                let r = pos.board().position(target.reference.id()).ok_or_else(|| {
                    ReadError::no_match(&text(), Mismatch::UnknownReference(target.reference))
                })?;
                let to = target
                    .direction
                    .map_or(r, |d| r.step(frame.dir_from_canonical(d)));
                (Some(piece), Some(to))
            }
        };
        let mv = match (piece, to) {
            (Some(piece), Some(to)) => {
                let id = piece.id();
                match pos.board().position(id) {
                    Some(from) => Move::Move {
                        piece: id,
                        from,
                        to,
                    },
                    None => Move::Place { piece: id, to },
                }
            }
            _ => Move::Pass,
        };
        if pos.is_legal(mv) {
            Ok(mv)
        } else {
            Err(ReadError::Illegal {
                text: text(),
                rule: pos.explain(mv),
            })
        }
    }

    fn write(&self, _: ()) -> String {
        self.to_string()
    }

    /// Also reads letters in the wrong case where that cannot change the meaning.
    fn read(pos: &Position, frame: &Frame, text: &str) -> Result<Move, ReadError> {
        let ms: MoveString = normalize_case(text)
            .parse()
            .map_err(|e| ReadError::from(e).with_text(text))?;
        ms.to_move(pos, frame).map_err(|e| e.with_text(text))
    }
}

/// The canonical standard notation of a legal move of `pos`, with reference ties broken
/// in `counting` (the canonical frame, at least as fixed as after `mv`) and directions
/// written in `output`.
pub(crate) fn write_with(pos: &Position, counting: &Frame, output: &Frame, mv: Move) -> MoveString {
    let (piece, to) = match mv {
        Move::Pass => return MoveString::Pass,
        Move::Place { piece, to } | Move::Move { piece, to, .. } => (piece, to),
    };
    let board = pos.board();
    if board.is_empty() {
        return MoveString::First(piece.piece());
    }
    if let Some(top) = board.top(to) {
        return MoveString::Move {
            piece: piece.piece(),
            target: Target {
                reference: top.piece(),
                direction: None,
            },
        };
    }
    let candidate = reference::select_candidate(board, counting, Some(piece), to);
    // Every destination after the first touches the hive (a legal move never leaves it), so
    // a legal move always has a candidate.
    debug_assert!(candidate.is_some(), "{mv:?} touches no piece");
    let Some(c) = candidate else {
        return MoveString::First(piece.piece());
    };
    // The top of the reference's stack, unless that is the moved piece itself.
    let shown = board.top(c.hex).filter(|t| *t != piece).unwrap_or(c.piece);
    MoveString::Move {
        piece: piece.piece(),
        target: Target {
            reference: shown.piece(),
            direction: c.hex.direction_to(to).map(|d| output.dir_to_canonical(d)),
        },
    }
}

/// Puts colour letters in lower case and bug letters in upper case (`WA1` → `wA1`,
/// `bq` → `bQ`); nothing else changes.
fn normalize_case(text: &str) -> String {
    let t = text.trim();
    if t.eq_ignore_ascii_case("pass") {
        return "pass".into();
    }
    t.split_whitespace()
        .map(|tok| {
            let mut out = String::with_capacity(tok.len());
            let mut chars = tok.chars().peekable();
            while let Some(c) = chars.next() {
                let colour = matches!(c, 'w' | 'W' | 'b' | 'B');
                let bug_next = chars
                    .peek()
                    .is_some_and(|n| "qsbgamlpQSBGAMLP".contains(*n));
                if colour && bug_next && (out.is_empty() || out.ends_with(['-', '/', '\\'])) {
                    out.push(c.to_ascii_lowercase());
                    if let Some(n) = chars.next() {
                        out.push(n.to_ascii_uppercase());
                    }
                } else {
                    out.push(c);
                }
            }
            out
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_is_normalised_only_where_harmless() {
        assert_eq!(normalize_case("WA1 -bq"), "wA1 -bQ");
        assert_eq!(normalize_case("bb1 Bq\\"), "bB1 bQ\\");
        assert_eq!(normalize_case(" Pass "), "pass");
        assert_eq!(normalize_case("wL ."), "wL .");
    }
}
