//! The three notations: standard (BoardSpace/UHP), direction-based and algebraic.
//!
//! Each notation has a syntax type that parses and prints on its own, a reader that
//! resolves it against a position (exactly one legal move must match), and a writer that
//! gives the one canonical string for a legal move. All three work in the canonical
//! [`frame`], so rotated, mirrored and colour-swapped games read the same.

pub mod algebraic;
pub mod direction;
pub mod frame;
pub mod reference;
pub mod standard;
pub mod uhp;

use crate::engine::piece::GameType;
use crate::engine::position::{Move, Position, Rules};
use frame::Frame;

/// How the standard notation orients its references.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub enum StandardFrame {
    /// The record's own coordinates (UHP, PGN, SGF and standard move lists).
    #[default]
    Record,
    /// The canonical frame, for games that carry no frame (direction or algebraic lists).
    Canonical,
}

/// One move in every notation, numbered as each notation numbers it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct NotatedMove {
    /// 1-based position in the game.
    pub ply: usize,
    /// 1 for the player who moved first, 2 for the other.
    pub player: u8,
    /// That player's own turn number (the direction notation counts turns per player).
    pub turn: usize,
    pub standard: String,
    pub direction: String,
    #[serde(skip_serializing)]
    pub direction_ascii: String,
    pub algebraic_long: String,
    pub algebraic_short: String,
    pub algebraic_compressed: String,
}

/// Writes every move of a legal game in the three notations, in one pass over the game.
///
/// ```
/// use beeline::notation::{notate_game, StandardFrame};
/// use beeline::notation::uhp::GameString;
/// let g: GameString = "Base+MLP;InProgress;White[3];wL;bP wL-;wM /wL;bQ bP/".parse().unwrap();
/// let pos = g.replay().unwrap();
/// let rows = notate_game(pos.game_type(), pos.rules(), &pos.moves(), StandardFrame::Record);
/// assert_eq!(rows[0].direction, "L");
/// assert_eq!(rows[1].standard, "bP wL-");
/// assert_eq!(rows[2].algebraic_long, "wM @l+1");
/// assert_eq!((rows[3].player, rows[3].turn), (2, 2));
/// ```
pub fn notate_game(
    game_type: GameType,
    rules: Rules,
    moves: &[Move],
    standard_frame: StandardFrame,
) -> Vec<NotatedMove> {
    let frame = Frame::of_moves(moves);
    let output = (standard_frame == StandardFrame::Canonical).then_some(&frame);
    let mut pos = Position::with_rules(game_type, rules);
    let mut rows = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        let dir = direction::write(&pos, &frame, mv);
        // Short and compressed forms share one move; only the spacing differs.
        let short = algebraic::AlgebraicMove::from_move(&pos, &frame, mv, algebraic::Form::Short);
        rows.push(NotatedMove {
            ply: i + 1,
            player: (i % 2) as u8 + 1,
            turn: i / 2 + 1,
            standard: standard::write_with(&pos, &frame, output, mv).to_string(),
            direction: dir.to_string(),
            direction_ascii: dir.to_ascii(),
            algebraic_long: algebraic::write(&pos, &frame, mv, algebraic::Form::Long),
            algebraic_short: short.format(algebraic::Form::Short),
            algebraic_compressed: short.format(algebraic::Form::Compressed),
        });
        pos.play_unchecked(mv);
    }
    rows
}
