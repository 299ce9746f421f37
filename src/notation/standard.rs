//! The standard notation (BoardSpace / UHP MoveStrings: `wA1 -bQ`, `wB1 bQ`, `wL`).
//!
//! The syntax is [`MoveString`]; this module chooses the reference the way the direction
//! notation does, and writes and reads directions either in the record's own coordinates
//! (`frame: None`: engine directions as they are) or in the canonical [`Frame`]
//! (`Some(frame)`), for games that carry no frame of their own.
//!
//! * First move: the bare piece (`wL`).
//! * Climbing: the piece on top of the stack climbed (`wB1 bQ`).
//! * Otherwise the reference is the piece the direction notation would pick (Queen, then
//!   Ladybug/Mosquito/Pillbug, then the only visible piece of its kind, then any, ties in
//!   counting order), written as the top piece of its stack. For a move the direction
//!   notation writes with a direct destination, the same priorities pick among the
//!   destination's neighbours, never the moved piece.
//!
//! The reader takes any valid reference, `.` or nothing after the first piece, `wM1`,
//! `wL1`, `wP1`, and letters in the wrong case where that cannot change the meaning
//! (`WA1 -bq`, `PASS`); the move must be legal, and the error names the broken rule.
//!
//! ```
//! use beeline::notation::standard;
//! use beeline::engine::piece::GameType;
//! use beeline::engine::position::Position;
//! let mut pos = Position::new(GameType::MLP);
//! for text in ["wL", "bP wL-", "wM -wL", "bA1 bP-", "wQ /wL"] {
//!     let mv = standard::read(&pos, None, text).unwrap();
//!     pos.play(mv).unwrap();
//! }
//! let mv = standard::read(&pos, None, "bQ bP\\").unwrap();
//! // Next to bP and wL: the Queen rule does not apply, the Pillbug (unique) does.
//! assert_eq!(standard::write(&pos, None, mv).to_string(), "bQ bP\\");
//! ```

use crate::engine::piece::{GameType, PieceId};
use crate::engine::position::{Move, Position, Rules};
use crate::notation::frame::Frame;
use crate::notation::reference;
use crate::notation::uhp::{MoveError, MoveString, Target};
use thiserror::Error;

/// A standard move that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{text}': {error}")]
pub struct ReadError {
    pub text: String,
    pub error: MoveError,
}

/// The canonical standard notation of a legal move of `pos`. With `Some(frame)` (a frame at
/// least as fixed as the one after `mv`) directions are canonical; with `None` they are the
/// engine's own. Ties between references are broken in the canonical frame either way.
pub fn write(pos: &Position, frame: Option<&Frame>, mv: Move) -> MoveString {
    match frame {
        Some(f) => write_with(pos, f, Some(f), mv),
        None => {
            let counting = Frame::of_moves(&pos.moves()).after(mv);
            write_with(pos, &counting, None, mv)
        }
    }
}

/// [`write`] with the frame that breaks ties (`counting`) given separately from the frame
/// directions are written in (`output`).
pub fn write_with(
    pos: &Position,
    counting: &Frame,
    output: Option<&Frame>,
    mv: Move,
) -> MoveString {
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
    match reference::select_candidate(board, counting, Some(piece), to) {
        Some(c) => {
            // The top of the reference's stack, unless that is the moved piece itself.
            let shown = board.top(c.hex).filter(|t| *t != piece).unwrap_or(c.piece);
            let dir = c.hex.direction_to(to).map(|d| match output {
                Some(f) => f.dir_to_canonical(d),
                None => d,
            });
            MoveString::Move {
                piece: piece.piece(),
                target: Target {
                    reference: shown.piece(),
                    direction: dir,
                },
            }
        }
        // Not reachable for legal moves: every destination after the first touches the hive.
        None => MoveString::from_move(pos, mv),
    }
}

/// Every move of a game in standard notation; `canonical` writes directions in the game's
/// canonical frame rather than in its own coordinates.
pub fn write_game(
    game_type: GameType,
    rules: Rules,
    moves: &[Move],
    canonical: bool,
) -> Vec<MoveString> {
    let frame = Frame::of_moves(moves);
    let output = canonical.then_some(&frame);
    let mut pos = Position::with_rules(game_type, rules);
    moves
        .iter()
        .map(|mv| {
            let s = write_with(&pos, &frame, output, *mv);
            pos.play_unchecked(*mv);
            s
        })
        .collect()
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

/// Reads a standard move against `pos` and checks it is legal. With `Some(frame)` (the
/// canonical frame of the game so far) the directions are canonical ones; before the axis
/// is fixed they are the engine's own, as the canonical frame is then just a translation.
pub fn read(pos: &Position, frame: Option<&Frame>, text: &str) -> Result<Move, ReadError> {
    let err = |error| ReadError {
        text: text.to_string(),
        error,
    };
    let ms: MoveString = normalize_case(text).parse().map_err(err)?;
    let ms = match (frame, ms) {
        (
            Some(f),
            MoveString::Move {
                piece,
                target:
                    Target {
                        reference,
                        direction: Some(d),
                    },
            },
        ) if f.has_axis() => MoveString::Move {
            piece,
            target: Target {
                reference,
                direction: Some(f.dir_from_canonical(d)),
            },
        },
        (_, ms) => ms,
    };
    ms.to_move(pos).map_err(err)
}

/// The piece a standard move names, if any (for messages and links).
pub fn moved_piece(ms: &MoveString) -> Option<PieceId> {
    match ms {
        MoveString::Pass => None,
        MoveString::First(p) | MoveString::Move { piece: p, .. } => Some(p.id()),
    }
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
