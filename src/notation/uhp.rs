//! Universal Hive Protocol strings: GameTypeString, GameStateString, TurnString, MoveString
//! and the whole GameString.
//!
//! A MoveString is parsed on its own ([`MoveString`], no position needed), then resolved
//! against a position ([`MoveString::to_move`]) which checks it is legal. Writing goes the
//! other way ([`MoveString::from_move`]).
//!
//! ```
//! use beeline::notation::uhp::GameString;
//! let g: GameString = "Base;InProgress;White[2];wS1;bG1 -wS1".parse().unwrap();
//! let pos = g.replay().unwrap();
//! assert_eq!(pos.ply(), 2);
//! assert_eq!(GameString::from_position(&pos).to_string(), "Base;InProgress;White[2];wS1;bG1 -wS1");
//! ```

use crate::engine::hex::{Direction, Hex};
use crate::engine::piece::{Color, GameType, GameTypeParseError, Piece, PieceId, PieceParseError};
use crate::engine::position::{GameState, Illegal, Move, Position, Rules};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Where a move goes relative to a reference piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Target {
    pub reference: Piece,
    /// `None`: on top of the reference (a climb).
    pub direction: Option<Direction>,
}

/// A parsed MoveString.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveString {
    Pass,
    /// `piece` alone (or followed by `.`): only the very first move of a game.
    First(Piece),
    Move {
        piece: Piece,
        target: Target,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    #[error("'{0}' is not a move (expected e.g. wA1 -bQ, wB1 bQ, pass)")]
    Syntax(String),
    #[error(transparent)]
    Piece(#[from] PieceParseError),
    #[error("the reference piece {0} is not on the board")]
    UnknownReference(String),
    #[error("only the first move of a game may omit the reference piece")]
    NeedsReference,
    #[error("{0} may not be its own reference")]
    SelfReference(String),
    #[error("{0}")]
    Illegal(#[from] Illegal),
}

impl MoveString {
    /// The UHP symbol pair for a direction: text before and after the reference.
    pub fn direction_symbols(d: Direction) -> (&'static str, &'static str) {
        match d {
            Direction::E => ("", "-"),
            Direction::SE => ("", "\\"),
            Direction::SW => ("/", ""),
            Direction::W => ("-", ""),
            Direction::NW => ("\\", ""),
            Direction::NE => ("", "/"),
        }
    }

    /// Resolves the string against `pos` and checks that the move is legal there.
    pub fn to_move(&self, pos: &Position) -> Result<Move, MoveError> {
        let mv = self.to_move_unchecked(pos)?;
        if pos.is_legal(mv) {
            Ok(mv)
        } else {
            Err(MoveError::Illegal(pos.explain(mv)))
        }
    }

    /// Resolves the string to a move without checking the rules.
    pub fn to_move_unchecked(&self, pos: &Position) -> Result<Move, MoveError> {
        let (piece, to) = match *self {
            MoveString::Pass => return Ok(Move::Pass),
            MoveString::First(piece) => {
                if !pos.board().is_empty() {
                    return Err(MoveError::NeedsReference);
                }
                (piece, Hex::ORIGIN)
            }
            MoveString::Move { piece, target } => {
                if piece == target.reference {
                    return Err(MoveError::SelfReference(piece.to_string()));
                }
                let r = pos
                    .board()
                    .position(target.reference.id())
                    .ok_or_else(|| MoveError::UnknownReference(target.reference.to_string()))?;
                (piece, target.direction.map_or(r, |d| r.step(d)))
            }
        };
        let id = piece.id();
        Ok(match pos.board().position(id) {
            Some(from) => Move::Move {
                piece: id,
                from,
                to,
            },
            None => Move::Place { piece: id, to },
        })
    }

    /// A MoveString for a legal move of `pos`, with a deterministic choice of reference:
    /// the piece climbed onto, else the first neighbour of the destination clockwise from
    /// east that is not the moved piece.
    pub fn from_move(pos: &Position, mv: Move) -> MoveString {
        let (piece, to) = match mv {
            Move::Pass => return MoveString::Pass,
            Move::Place { piece, to } | Move::Move { piece, to, .. } => (piece, to),
        };
        let b = pos.board();
        if b.is_empty() {
            return MoveString::First(piece.piece());
        }
        let usable = |h: Hex| -> Option<PieceId> {
            let stack = b.stack(h);
            stack.iter().rev().copied().find(|p| *p != piece)
        };
        if let Some(r) = usable(to) {
            return MoveString::Move {
                piece: piece.piece(),
                target: Target {
                    reference: r.piece(),
                    direction: None,
                },
            };
        }
        for d in Direction::ALL {
            if let Some(r) = usable(to.step(d.opposite())) {
                return MoveString::Move {
                    piece: piece.piece(),
                    target: Target {
                        reference: r.piece(),
                        direction: Some(d),
                    },
                };
            }
        }
        // Unreachable for legal moves: every destination after the first touches the hive.
        MoveString::First(piece.piece())
    }
}

impl fmt::Display for MoveString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveString::Pass => f.write_str("pass"),
            MoveString::First(p) => write!(f, "{p}"),
            MoveString::Move { piece, target } => match target.direction {
                None => write!(f, "{piece} {}", target.reference),
                Some(d) => {
                    let (pre, post) = MoveString::direction_symbols(d);
                    write!(f, "{piece} {pre}{}{post}", target.reference)
                }
            },
        }
    }
}

impl FromStr for MoveString {
    type Err = MoveError;

    fn from_str(s: &str) -> Result<MoveString, MoveError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(MoveString::Pass);
        }
        let mut parts = t.split_whitespace();
        let (Some(p), rest, None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(MoveError::Syntax(s.to_string()));
        };
        let piece: Piece = p.parse()?;
        let Some(rest) = rest.filter(|r| *r != ".") else {
            return Ok(MoveString::First(piece));
        };
        let (pre, body) = match rest.chars().next() {
            Some(c @ ('-' | '/' | '\\')) => (Some(c), &rest[1..]),
            _ => (None, rest),
        };
        let (body, post) = match body.chars().last() {
            Some(c @ ('-' | '/' | '\\')) => (&body[..body.len() - 1], Some(c)),
            _ => (body, None),
        };
        let direction = match (pre, post) {
            (None, None) => None,
            (Some('-'), None) => Some(Direction::W),
            (Some('/'), None) => Some(Direction::SW),
            (Some('\\'), None) => Some(Direction::NW),
            (None, Some('-')) => Some(Direction::E),
            (None, Some('/')) => Some(Direction::NE),
            (None, Some('\\')) => Some(Direction::SE),
            _ => return Err(MoveError::Syntax(s.to_string())),
        };
        let reference: Piece = body.parse()?;
        Ok(MoveString::Move {
            piece,
            target: Target {
                reference,
                direction,
            },
        })
    }
}

/// A TurnString: the side to move and its own turn number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Turn {
    pub color: Color,
    pub number: usize,
}

impl Turn {
    /// The turn after `ply` moves.
    pub fn after(ply: usize) -> Turn {
        Turn {
            color: if ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            },
            number: ply / 2 + 1,
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}[{}]", self.color.name(), self.number)
    }
}

impl FromStr for Turn {
    type Err = UhpError;

    /// Parses `White[3]`; the colour may be in any case.
    fn from_str(s: &str) -> Result<Turn, UhpError> {
        let err = || UhpError::Turn(s.to_string());
        let (c, rest) = s.trim().split_once('[').ok_or_else(err)?;
        let n = rest.strip_suffix(']').ok_or_else(err)?;
        let color = if c.eq_ignore_ascii_case("white") {
            Color::White
        } else if c.eq_ignore_ascii_case("black") {
            Color::Black
        } else {
            return Err(err());
        };
        let number: usize = n.parse().map_err(|_| err())?;
        if number == 0 {
            return Err(err());
        }
        Ok(Turn { color, number })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UhpError {
    #[error("the game string is empty")]
    Empty,
    #[error(transparent)]
    GameType(#[from] GameTypeParseError),
    #[error(
        "'{0}' is not a game state (expected NotStarted, InProgress, Draw, WhiteWins or BlackWins)"
    )]
    State(String),
    #[error("'{0}' is not a turn string (expected e.g. White[3])")]
    Turn(String),
    #[error("move {index} '{text}': {error}")]
    Move {
        /// 1-based position of the move in the game.
        index: usize,
        text: String,
        error: MoveError,
    },
    #[error("the turn string says {said} but {moves} moves lead to {actual}")]
    TurnMismatch {
        said: Turn,
        actual: Turn,
        moves: usize,
    },
    #[error("the game state says {said} but the moves lead to {actual}")]
    StateMismatch { said: GameState, actual: GameState },
}

/// A GameString, parsed but not yet replayed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameString {
    pub game_type: GameType,
    pub state: GameState,
    pub turn: Turn,
    /// The MoveStrings as written.
    pub moves: Vec<String>,
}

impl GameString {
    /// The GameString of a position, moves written with [`MoveString::from_move`].
    pub fn from_position(pos: &Position) -> GameString {
        let mut replay = Position::with_rules(pos.game_type(), pos.rules());
        let mut moves = Vec::with_capacity(pos.ply());
        for mv in pos.moves() {
            moves.push(MoveString::from_move(&replay, mv).to_string());
            replay.play_unchecked(mv);
        }
        GameString {
            game_type: pos.game_type(),
            state: pos.state(),
            turn: Turn::after(pos.ply()),
            moves,
        }
    }

    /// Replays every move with tournament rules, checking each one, and checks the header.
    pub fn replay(&self) -> Result<Position, UhpError> {
        self.replay_with(Rules::default())
    }

    pub fn replay_with(&self, rules: Rules) -> Result<Position, UhpError> {
        let mut pos = Position::with_rules(self.game_type, rules);
        replay_moves(&mut pos, &self.moves)?;
        let actual = Turn::after(pos.ply());
        if actual != self.turn {
            return Err(UhpError::TurnMismatch {
                said: self.turn,
                actual,
                moves: pos.ply(),
            });
        }
        if pos.state() != self.state {
            return Err(UhpError::StateMismatch {
                said: self.state,
                actual: pos.state(),
            });
        }
        Ok(pos)
    }
}

/// Plays MoveStrings on `pos` in order; the error names the first bad one (1-based index
/// counted from the start of the game) and leaves `pos` after the moves before it.
pub fn replay_moves<S: AsRef<str>>(pos: &mut Position, moves: &[S]) -> Result<(), UhpError> {
    for text in moves {
        let text = text.as_ref();
        let index = pos.ply() + 1;
        let err = |error| UhpError::Move {
            index,
            text: text.to_string(),
            error,
        };
        let ms: MoveString = text.parse().map_err(err)?;
        let mv = ms.to_move(pos).map_err(err)?;
        pos.play_unchecked(mv);
    }
    Ok(())
}

impl fmt::Display for GameString {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{};{};{}", self.game_type, self.state, self.turn)?;
        for m in &self.moves {
            write!(f, ";{m}")?;
        }
        Ok(())
    }
}

impl FromStr for GameString {
    type Err = UhpError;

    fn from_str(s: &str) -> Result<GameString, UhpError> {
        let mut parts = s.trim().split(';').map(str::trim);
        let gt = parts
            .next()
            .filter(|p| !p.is_empty())
            .ok_or(UhpError::Empty)?;
        let game_type: GameType = gt.parse()?;
        let st = parts.next().unwrap_or("NotStarted");
        let state = GameState::parse(st).ok_or_else(|| UhpError::State(st.to_string()))?;
        let turn: Turn = parts.next().unwrap_or("White[1]").parse()?;
        let moves = parts.filter(|m| !m.is_empty()).map(String::from).collect();
        Ok(GameString {
            game_type,
            state,
            turn,
            moves,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_strings_round_trip() {
        for s in [
            "pass", "wQ", "wA1 -bQ", "bG2 /wS1", "wB1 \\bP", "bA3 wL-", "wS2 bM/", "bB2 wQ\\",
            "wB1 bQ",
        ] {
            let m: MoveString = s.parse().unwrap();
            assert_eq!(m.to_string(), s);
        }
        assert_eq!(
            "wL .".parse::<MoveString>(),
            Ok(MoveString::First("wL".parse().unwrap()))
        );
        assert_eq!(
            "wM1 -bQ".parse::<MoveString>().map(|m| m.to_string()),
            Ok("wM -bQ".into())
        );
        for bad in ["", "wA1 -bQ-", "wA1 -bQ x", "zz", "wA1 --bQ", "wA1 -"] {
            assert!(bad.parse::<MoveString>().is_err(), "{bad}");
        }
    }

    #[test]
    fn direction_symbols_follow_uhp() {
        // wS1 at the origin; each reference direction lands on the named neighbour.
        let g: GameString = "Base;InProgress;Black[1];wS1".parse().unwrap();
        let pos = g.replay().unwrap();
        for (s, d) in [
            ("bG1 wS1-", Direction::E),
            ("bG1 wS1\\", Direction::SE),
            ("bG1 /wS1", Direction::SW),
            ("bG1 -wS1", Direction::W),
            ("bG1 \\wS1", Direction::NW),
            ("bG1 wS1/", Direction::NE),
        ] {
            let mv = s.parse::<MoveString>().unwrap().to_move(&pos).unwrap();
            assert_eq!(mv.to(), Some(Hex::ORIGIN.step(d)), "{s}");
            assert_eq!(MoveString::from_move(&pos, mv).to_string(), s);
        }
    }

    #[test]
    fn game_string_round_trip_and_errors() {
        let text = "Base+MLP;WhiteWins;Black[16];wP;bS1 \\wP;wM wP\\;bA1 -bS1;wQ -wM;bQ bS1/;wA1 wM/;bA1 /wQ;wM bQ/;bB1 -bA1;wA1 -bQ;bB1 bA1;wB1 wM-;bB1 wQ;wB1 wM\\;bA2 -bB1;wG1 wB1/;bA3 bB1\\;wG1 -wM;bM \\bA2;wG2 \\wG1;bA1 \\wG2;wG3 wB1/;bA3 wG3/;wL \\wM;bM wL/;wA2 -wG1;bA2 wB1\\;wA2 -bM;bA1 -wG2;wL -bA2";
        let g: GameString = text.parse().unwrap();
        let pos = g.replay().unwrap();
        assert_eq!(pos.state(), GameState::WhiteWins);
        assert_eq!(pos.ply(), 31);
        let again: GameString = GameString::from_position(&pos).to_string().parse().unwrap();
        assert_eq!(
            again.replay().unwrap().board().occupied().count(),
            pos.board().occupied().count()
        );

        let bad: GameString = "Base;InProgress;White[2];wQ;bQ -wQ".parse().unwrap();
        match bad.replay() {
            Err(UhpError::Move {
                index: 1,
                text,
                error: MoveError::Illegal(Illegal::QueenOnFirstTurn),
            }) => {
                assert_eq!(text, "wQ")
            }
            other => panic!("{other:?}"),
        }
        let mismatch: GameString = "Base;InProgress;White[3];wS1;bS1 -wS1".parse().unwrap();
        assert!(matches!(
            mismatch.replay(),
            Err(UhpError::TurnMismatch { .. })
        ));
        assert!("Chess;InProgress;White[1]".parse::<GameString>().is_err());
        assert!("Base;Playing;White[1]".parse::<GameString>().is_err());
        assert!("Base;InProgress;Red[1]".parse::<GameString>().is_err());
        assert!("Base;InProgress;white[1]".parse::<GameString>().is_ok());
    }
}
