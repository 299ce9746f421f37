//! The move notations: standard (BoardSpace/UHP), direction-based and algebraic.
//!
//! Every notation has the same shape, that of the [`Notation`] trait: a syntax type that
//! parses and prints on its own (`FromStr + Display`, no position needed), a writer
//! ([`Notation::from_move`]) that gives the one canonical form of a legal move, and a
//! resolver ([`Notation::to_move`]) that finds the one legal move a text stands for. The
//! generic [`write_game`] and [`read_game`] work over any of them, and every reader fails
//! with the same [`ReadError`].
//!
//! Coordinates come from a [`Frame`]: the game's canonical frame (the direction notation's
//! own, so that rotated, mirrored and colour-swapped games read the same) or
//! [`Frame::ENGINE`], the record's own coordinates, in which the standard notation of a UHP,
//! PGN or SGF record is written.
//!
//! ```
//! use beeline::notation::{algebraic::AlgebraicMove, direction::DirectionMove, uhp::MoveString};
//! use beeline::notation::{read_game, write_game, Coordinates, Notation};
//! use beeline::engine::{piece::GameType, position::{Position, Rules}};
//! let mut pos = Position::new(GameType::MLP);
//! read_game::<DirectionMove, _>(&mut pos, Coordinates::Canonical, &["L", "P", "M+Lm", "A+Pn"]).unwrap();
//! let moves = pos.moves();
//! let standard = write_game::<MoveString>(&pos.initial(), &moves, Coordinates::Record, ());
//! assert_eq!(standard, ["wL", "bP wL-", "wM -wL", "bA1 bP-"]);
//! let algebraic = write_game::<AlgebraicMove>(&pos.initial(), &moves, Coordinates::Record, Default::default());
//! assert_eq!(algebraic[3], "bA @o0");
//! ```

pub mod algebraic;
pub mod direction;
pub mod frame;
pub mod reference;
pub mod standard;
pub mod uhp;

use crate::engine::piece::{Bug, Piece};
use crate::engine::position::{Illegal, Move, Position};
use frame::Frame;
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A move notation: a syntax type that parses and prints on its own, written from and
/// resolved to legal moves.
pub trait Notation: Sized + FromStr<Err = SyntaxError> + fmt::Display {
    /// The ways the notation can be printed (symbols, forms); `Default` is its usual one.
    type Style: Copy + Default + fmt::Debug + PartialEq;

    /// The notation's name in messages (`"direction"`).
    const NAME: &'static str;

    /// Whether the notation is written in a record's own coordinates when the record has
    /// them ([`Coordinates::Record`]); otherwise it is always written canonically.
    const RECORD_COORDINATES: bool;

    /// The canonical notation of a legal move `mv` of `pos`, with coordinates in `frame`:
    /// the game's canonical frame (at least as fixed as `Frame::of_position(&pos)
    /// .after(mv)`; the frame of the whole game is fine) or [`Frame::ENGINE`].
    fn from_move(pos: &Position, mv: Move, frame: &Frame) -> Self;

    /// The one legal move of `pos` this notation stands for, reading coordinates in
    /// `frame`: the frame fixed by the moves so far, or [`Frame::ENGINE`].
    fn to_move(&self, pos: &Position, frame: &Frame) -> Result<Move, ReadError>;

    /// The text in a style.
    fn write(&self, style: Self::Style) -> String;

    /// Reads a move's text against `pos`: parse, then resolve; errors quote the text as
    /// written. Notations whose text can be parsed several ways let the legal moves decide.
    fn read(pos: &Position, frame: &Frame, text: &str) -> Result<Move, ReadError> {
        text.parse::<Self>()?
            .to_move(pos, frame)
            .map_err(|e| e.with_text(text))
    }
}

/// Which coordinates a game's notation is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub enum Coordinates {
    /// The record's own (UHP, PGN, SGF and standard move lists): the engine keeps the
    /// record's coordinates, and the standard notation writes references as recorded.
    #[default]
    Record,
    /// The canonical frame, for records that carry no coordinates of their own (direction
    /// or algebraic move lists).
    Canonical,
}

impl Coordinates {
    /// The frame notation `N` is written in, given the game's canonical frame.
    pub fn frame_for<N: Notation>(self, canonical: Frame) -> Frame {
        if N::RECORD_COORDINATES && self == Coordinates::Record {
            Frame::ENGINE
        } else {
            canonical
        }
    }
}

/// Text that is not a move in the notation at all.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{text}' is not {notation} notation: {reason}")]
pub struct SyntaxError {
    pub notation: &'static str,
    pub text: String,
    /// What is wrong, as a sentence without the text.
    pub reason: String,
}

impl SyntaxError {
    pub fn new(notation: &'static str, text: &str, reason: impl Into<String>) -> SyntaxError {
        SyntaxError {
            notation,
            text: text.trim().to_string(),
            reason: reason.into(),
        }
    }
}

/// A piece kind as a reader names it: a colour when written, and the bug.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind {
    pub color: Option<crate::engine::piece::Color>,
    pub bug: Bug,
}

impl fmt::Display for Kind {
    /// `wA` with a colour, the bug's name without one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.color {
            Some(c) => write!(f, "{}{}", c.letter(), self.bug.letter()),
            None => f.write_str(self.bug.name()),
        }
    }
}

/// Why no legal move matches a readable text: the first requirement no legal move meets.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Mismatch {
    #[error("the game is over")]
    GameOver,
    #[error("a player may pass only when no other move is possible")]
    PassNotLegal,
    #[error("the only legal turn is a pass")]
    MustPass,
    #[error("no legal turn places or moves {0}")]
    Piece(Kind),
    #[error("the reference piece {0} is not on the board")]
    UnknownReference(Piece),
    #[error("only the first move of a game may leave out the reference piece")]
    NeedsReference,
    #[error("a piece cannot climb onto itself")]
    ClimbsItself,
    #[error("no {bug} numbered {number} can make that move", bug = .bug.name())]
    Number { bug: Bug, number: u8 },
    #[error("no destination of the {bug} is next to the reference {reference}", bug = .bug.name(), reference = .reference.name())]
    NotNextToReference { bug: Bug, reference: Bug },
    #[error("the {bug} cannot reach that destination", bug = .0.name())]
    Unreachable(Bug),
    #[error("no {piece} can go to {square}")]
    Destination {
        piece: Kind,
        square: algebraic::Square,
    },
    #[error("{piece} can reach {square} by moving, not by placement")]
    NotPlacement {
        piece: Kind,
        square: algebraic::Square,
    },
    #[error("{piece} can reach {square} only by placement")]
    NotMovement {
        piece: Kind,
        square: algebraic::Square,
    },
    #[error("no {piece} from {origin} can reach {square}")]
    Origin {
        piece: Kind,
        origin: algebraic::Origin,
        square: algebraic::Square,
    },
    #[error("{thrower} cannot move {piece} to {square}")]
    Thrower {
        thrower: algebraic::Thrower,
        piece: Kind,
        square: algebraic::Square,
    },
}

/// Why a move's text does not give one legal move, in any notation.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReadError {
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    #[error("no legal move matches '{text}': {why}")]
    NoMatch {
        text: String,
        #[source]
        why: Mismatch,
    },
    #[error("'{text}' matches several legal moves: {}", candidates.join(", "))]
    Ambiguous {
        text: String,
        /// Each matching move, written canonically in the same notation.
        candidates: Vec<String>,
    },
    #[error("'{text}' is not a legal move here: {rule}")]
    Illegal {
        text: String,
        #[source]
        rule: Illegal,
    },
}

impl ReadError {
    pub(crate) fn no_match(text: &str, why: Mismatch) -> ReadError {
        ReadError::NoMatch {
            text: text.trim().to_string(),
            why,
        }
    }

    /// The same error about `text` as the user wrote it (readers that tidy a text up first
    /// report the original).
    pub fn with_text(self, text: &str) -> ReadError {
        let text = text.trim().to_string();
        match self {
            ReadError::Syntax(e) => ReadError::Syntax(SyntaxError { text, ..e }),
            ReadError::NoMatch { why, .. } => ReadError::NoMatch { text, why },
            ReadError::Ambiguous { candidates, .. } => ReadError::Ambiguous { text, candidates },
            ReadError::Illegal { rule, .. } => ReadError::Illegal { text, rule },
        }
    }
}

/// A move of a game that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("move {index}: {error}")]
pub struct GameReadError {
    /// 1-based position of the move in the game.
    pub index: usize,
    #[source]
    pub error: ReadError,
}

/// Every move of a game (legal moves from `start`, the empty board or a set-up position) in
/// notation `N`.
pub fn write_game<N: Notation>(
    start: &Position,
    moves: &[Move],
    coordinates: Coordinates,
    style: N::Style,
) -> Vec<String> {
    let frame = coordinates.frame_for::<N>(Frame::of_line(start, moves));
    let mut pos = start.clone();
    moves
        .iter()
        .map(|&mv| {
            let text = N::from_move(&pos, mv, &frame).write(style);
            pos.play_unchecked(mv);
            text
        })
        .collect()
}

/// Reads the moves of a game written in notation `N` and plays them on `pos`. Games read
/// in canonical coordinates are built in the canonical frame itself. On error, `pos` holds
/// the position before the bad move.
pub fn read_game<N: Notation, S: AsRef<str>>(
    pos: &mut Position,
    coordinates: Coordinates,
    texts: &[S],
) -> Result<(), GameReadError> {
    let mut canonical = Frame::of_position(pos);
    for text in texts {
        let frame = coordinates.frame_for::<N>(canonical);
        let mv = N::read(pos, &frame, text.as_ref()).map_err(|error| GameReadError {
            index: pos.ply() + 1,
            error,
        })?;
        pos.play_unchecked(mv);
        canonical = canonical.after(mv);
    }
    Ok(())
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

impl NotatedMove {
    /// A legal move of `pos` in every notation: `frame` is the canonical frame of the line
    /// the move is in (it breaks reference ties, as the direction notation does, and is at
    /// least as fixed as the frame after this move), `standard_frame` the one the standard
    /// notation is written in (see [`Coordinates::frame_for`]).
    pub fn new(pos: &Position, mv: Move, frame: &Frame, standard_frame: &Frame) -> NotatedMove {
        use algebraic::{AlgebraicMove, Form};
        use direction::DirectionMove;
        let ply = pos.ply();
        let dir = DirectionMove::from_move(pos, mv, frame);
        let alg = AlgebraicMove::from_move(pos, mv, frame);
        let standard = standard::write_with(pos, frame, standard_frame, mv);
        NotatedMove {
            ply: ply + 1,
            player: (ply % 2) as u8 + 1,
            turn: ply / 2 + 1,
            standard: standard.to_string(),
            direction: dir.write(direction::Style::Unicode),
            direction_ascii: dir.write(direction::Style::Ascii),
            algebraic_long: alg.write(Form::Long),
            algebraic_short: alg.write(Form::Short),
            algebraic_compressed: alg.write(Form::Compressed),
        }
    }

    /// The direction notation in a style.
    pub fn direction(&self, style: direction::Style) -> &str {
        match style {
            direction::Style::Unicode => &self.direction,
            direction::Style::Ascii => &self.direction_ascii,
        }
    }

    /// The algebraic notation in a form.
    pub fn algebraic(&self, form: algebraic::Form) -> &str {
        match form {
            algebraic::Form::Long => &self.algebraic_long,
            algebraic::Form::Short => &self.algebraic_short,
            algebraic::Form::Compressed => &self.algebraic_compressed,
        }
    }
}

/// Writes every move of a legal game in the three notations, in one pass over the game
/// (each move is described once per notation and printed in every style).
///
/// ```
/// use beeline::notation::{notate_game, Coordinates};
/// use beeline::notation::uhp::GameString;
/// let g: GameString = "Base+MLP;InProgress;White[3];wL;bP wL-;wM /wL;bQ bP/".parse().unwrap();
/// let pos = g.replay().unwrap();
/// let start = beeline::engine::position::Position::new(pos.game_type());
/// let rows = notate_game(&start, &pos.moves(), Coordinates::Record);
/// assert_eq!(rows[0].direction, "L");
/// assert_eq!(rows[1].standard, "bP wL-");
/// assert_eq!(rows[2].algebraic_long, "wM @l+1");
/// assert_eq!((rows[3].player, rows[3].turn), (2, 2));
/// ```
pub fn notate_game(start: &Position, moves: &[Move], coordinates: Coordinates) -> Vec<NotatedMove> {
    let frame = Frame::of_line(start, moves);
    let standard_frame = coordinates.frame_for::<uhp::MoveString>(frame);
    let mut pos = start.clone();
    let mut rows = Vec::with_capacity(moves.len());
    for &mv in moves {
        rows.push(NotatedMove::new(&pos, mv, &frame, &standard_frame));
        pos.play_unchecked(mv);
    }
    rows
}
