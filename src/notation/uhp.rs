//! Universal Hive Protocol strings: GameTypeString, GameStateString, TurnString, MoveString
//! and the whole GameString.
//!
//! A MoveString is the syntax of the standard notation: it is parsed on its own
//! ([`MoveString`], no position needed), and the [`Notation`](crate::notation::Notation)
//! impl in [`standard`](crate::notation::standard) writes and resolves it against a position.
//!
//! ```
//! use beeline::notation::uhp::GameString;
//! let g: GameString = "Base;InProgress;White[2];wS1;bG1 -wS1".parse().unwrap();
//! let pos = g.replay().unwrap();
//! assert_eq!(pos.ply(), 2);
//! assert_eq!(GameString::from_position(&pos).to_string(), "Base;InProgress;White[2];wS1;bG1 -wS1");
//! ```

use crate::engine::hex::Direction;
use crate::engine::piece::{Color, GameType, GameTypeParseError, Piece};
use crate::engine::position::{GameState, Move, Position, Rules};
use crate::notation::frame::Frame;
use crate::notation::{write_game, Coordinates, Notation, ReadError, SyntaxError};
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

fn syntax(text: &str, reason: impl Into<String>) -> SyntaxError {
    SyntaxError::new(<MoveString as Notation>::NAME, text, reason)
}

impl FromStr for MoveString {
    type Err = SyntaxError;

    fn from_str(s: &str) -> Result<MoveString, SyntaxError> {
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(MoveString::Pass);
        }
        let expected = "expected a piece and a reference, such as wA1 -bQ, wB1 bQ or pass";
        let mut parts = t.split_whitespace();
        let (Some(p), rest, None) = (parts.next(), parts.next(), parts.next()) else {
            return Err(syntax(s, expected));
        };
        let piece: Piece = p.parse().map_err(|e| syntax(s, format!("{e}")))?;
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
            _ => {
                return Err(syntax(
                    s,
                    "a direction goes either before or after the reference",
                ))
            }
        };
        let reference: Piece = body.parse().map_err(|e| syntax(s, format!("{e}")))?;
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
    #[error("move {index}: {error}")]
    Move {
        /// 1-based position of the move in the game.
        index: usize,
        #[source]
        error: ReadError,
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
    /// The GameString of a position, its moves in standard notation in the position's own
    /// coordinates.
    pub fn from_position(pos: &Position) -> GameString {
        GameString {
            game_type: pos.game_type(),
            state: pos.state(),
            turn: Turn::after(pos.ply()),
            moves: write_game::<MoveString>(&pos.initial(), &pos.moves(), Coordinates::Record, ()),
        }
    }

    /// Replays every move with tournament rules and the repetition rule, checking each one,
    /// and checks the header.
    /// UHP servers end a game drawn on the third repetition of a position, so a GameString
    /// that says `Draw` after one is valid: the repetition rule is on.
    pub fn replay(&self) -> Result<Position, UhpError> {
        self.replay_with(Rules::uhp())
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

/// The MoveString of a legal move of `pos`, as UHP writes it (references by piece, so the
/// frame does not matter).
pub fn move_string(pos: &Position, mv: Move) -> String {
    MoveString::from_move(pos, mv, &Frame::ENGINE).to_string()
}

/// Plays MoveStrings on `pos` in order; the error names the first bad one (1-based index
/// counted from the start of the game) and leaves `pos` after the moves before it.
pub fn replay_moves<S: AsRef<str>>(pos: &mut Position, moves: &[S]) -> Result<(), UhpError> {
    for text in moves {
        let text = text.as_ref();
        let index = pos.ply() + 1;
        let err = |error| UhpError::Move { index, error };
        let ms: MoveString = text.parse().map_err(|e| err(ReadError::Syntax(e)))?;
        let mv = ms.to_move(pos, &Frame::ENGINE).map_err(err)?;
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
    use crate::engine::hex::Hex;
    use crate::engine::position::Illegal;

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
            let ms = s.parse::<MoveString>().unwrap();
            let mv = ms.to_move(&pos, &Frame::ENGINE).unwrap();
            assert_eq!(mv.to(), Some(Hex::ORIGIN.step(d)), "{s}");
            assert_eq!(
                MoveString::from_move(&pos, mv, &Frame::ENGINE).to_string(),
                s
            );
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
                error:
                    ReadError::Illegal {
                        text,
                        rule: Illegal::QueenOnFirstTurn,
                    },
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
