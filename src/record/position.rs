//! Positions in the algebraic notation's at-sign form: `wQ @m0 bQ @n0 bB @n0 wA @l1; Black
//! to move`.
//!
//! The seed (`002_*`) uses the at sign "to record any arbitrary position, as in a puzzle,
//! solo game, or example formation", with any cell for the first piece. A position is a
//! list of placements, one stack's pieces bottom to top (a cell named again stacks on it),
//! who is to move, and optionally the game type; `docs/POSITIONS.md` has the details.
//!
//! Reading is lenient: placements are separated by spaces, commas, semicolons or new lines;
//! the at sign may be left out (`wQ m0`); rows may be signed or not (`l+1`, `l1`); pieces
//! may carry numbers (`wA2`, ignored: pieces of a kind are numbered in reading order); the
//! side to move is `White to move`, `Black to move`, `w` or `b` (when it is missing, the
//! side with fewer pieces on the board moves, White on a tie, and a notice says so). The
//! game type, when given, is a UHP name (`Base+MLP`); otherwise the smallest that has every
//! piece listed.
//!
//! Writing is canonical: stacks sorted by row, then column (left to right), each stack's
//! pieces bottom to top, short rows, then the side to move, then the game type when it is
//! larger than the pieces need.
//!
//! ```
//! use beeline::record::position::{read, write};
//! let e = read("wQ @m0\nbX @n0").unwrap_err();
//! assert_eq!(e.to_string(), "line 2: 'bX': there is no such bug (expected A, B, G, L, M, P, Q or S)");
//! let p = read("wQ @m0 bQ @n0 bB @n0 wA @l1\nBlack to move").unwrap();
//! assert_eq!(write(&p.setup), "wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move");
//! ```

use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, GameType, Piece};
use crate::engine::position::{Position, Rules};
use crate::engine::setup::{Setup, SetupError};
use crate::notation::algebraic::{Column, Square};
use crate::notation::frame::Frame;
use crate::notation::Coordinates;
use std::fmt;
use thiserror::Error;

/// A position as read, with what the reader had to assume.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadPosition {
    pub setup: Setup,
    /// Whether the text named the game type (else it is the smallest one the pieces need).
    pub game_type_given: bool,
    /// Assumptions made while reading, one sentence each.
    pub notices: Vec<String>,
}

/// Where a position's text is wrong, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct PositionError {
    /// 1-based line of the text (0: the position as a whole).
    pub line: usize,
    /// The word at fault (empty for the position as a whole).
    pub text: String,
    #[source]
    pub fault: PositionFault,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "the position cannot stand: {}", self.fault),
            line => write!(f, "line {line}: '{}': {}", self.text, self.fault),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionFault {
    #[error("expected a piece (such as wA or bQ), a cell after one (such as @m0), the side to move or a game type")]
    Unexpected,
    #[error("there is no such bug (expected A, B, G, L, M, P, Q or S)")]
    UnknownBug,
    #[error("this piece has no cell (expected one such as @m0 after it)")]
    NoCell,
    #[error("this cell is not a column and a row (such as m0, n-1 or l+2)")]
    BadCell,
    #[error("the side to move is given twice, differently")]
    TwoSides,
    #[error("the game type is given twice, differently")]
    TwoGameTypes,
    #[error("the position has no pieces")]
    NoPieces,
    #[error("{0}")]
    Setup(#[from] SetupError),
}

/// What one word of the text is.
enum Word<'a> {
    Piece(Color, Bug),
    Cell(&'a str),
    Side(Color),
    GameType(GameType),
    /// `to`, `move`, `moves`: the rest of `White to move`.
    Filler,
}

fn word(w: &str) -> Result<Word<'_>, PositionFault> {
    let lower = w.to_ascii_lowercase();
    match lower.as_str() {
        "w" | "white" => return Ok(Word::Side(Color::White)),
        "b" | "black" => return Ok(Word::Side(Color::Black)),
        // `Position:` is the label a move list's header gives it, copied with it.
        "to" | "move" | "moves" | "plays" | "position" => return Ok(Word::Filler),
        _ => {}
    }
    if let Ok(gt) = w.parse::<GameType>() {
        return Ok(Word::GameType(gt));
    }
    if let Some(cell) = w.strip_prefix('@') {
        return Ok(Word::Cell(cell));
    }
    let b = w.as_bytes();
    if b.len() >= 2 && matches!(b[0], b'w' | b'b') && b[1].is_ascii_uppercase() {
        let color = if b[0] == b'w' {
            Color::White
        } else {
            Color::Black
        };
        let bug = Bug::from_letter(char::from(b[1])).ok_or(PositionFault::UnknownBug)?;
        // A number (`wA2`) is accepted when it names a real piece, and then ignored.
        let rest = &w[2..];
        if !rest.is_empty() && w.parse::<Piece>().is_err() {
            return Err(PositionFault::Unexpected);
        }
        return Ok(Word::Piece(color, bug));
    }
    if b.first().is_some_and(u8::is_ascii_lowercase) && square(w).is_some() {
        return Ok(Word::Cell(w));
    }
    Err(PositionFault::Unexpected)
}

/// A cell's name: a column (`m`, `aa`) and a row (`0`, `-1`, `+2`, `2`).
fn square(s: &str) -> Option<Square> {
    let split = s.find(|c: char| !c.is_ascii_lowercase()).unwrap_or(s.len());
    let (col, row) = s.split_at(split);
    let column = Column::from_name(col)?;
    let digits = row.strip_prefix('+').unwrap_or(row);
    if digits.is_empty() || digits.starts_with('+') {
        return None;
    }
    Some(Square {
        column,
        row: digits.parse().ok()?,
    })
}

/// Reads a position (see the module's documentation).
pub fn read(text: &str) -> Result<ReadPosition, PositionError> {
    let mut stacks: Vec<(Hex, Vec<(Color, Bug)>)> = Vec::new();
    let mut side: Option<Color> = None;
    let mut game_type: Option<GameType> = None;
    // A piece waiting for its cell, with where it was written.
    let mut pending: Option<(Color, Bug, usize, String)> = None;
    let mut near_q = 0;
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        let err = |w: &str, fault| PositionError {
            line: line_no,
            text: w.to_string(),
            fault,
        };
        let words = line
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .map(|w| w.trim_end_matches(['.', ':']))
            .filter(|w| !w.is_empty());
        for w in words {
            let parsed = word(w).map_err(|f| err(w, f))?;
            if let Some((color, bug, at, text)) = pending.take() {
                let Word::Cell(cell) = parsed else {
                    return Err(PositionError {
                        line: at,
                        text,
                        fault: PositionFault::NoCell,
                    });
                };
                let sq = square(cell).ok_or_else(|| err(w, PositionFault::BadCell))?;
                let hex = sq.hex_near(near_q);
                near_q = hex.q;
                match stacks.iter_mut().find(|(h, _)| *h == hex) {
                    Some((_, s)) => s.push((color, bug)),
                    None => stacks.push((hex, vec![(color, bug)])),
                }
                continue;
            }
            match parsed {
                Word::Piece(color, bug) => pending = Some((color, bug, line_no, w.to_string())),
                Word::Cell(_) => return Err(err(w, PositionFault::Unexpected)),
                Word::Side(c) => {
                    if side.is_some_and(|s| s != c) {
                        return Err(err(w, PositionFault::TwoSides));
                    }
                    side = Some(c);
                }
                Word::GameType(gt) => {
                    if game_type.is_some_and(|g| g != gt) {
                        return Err(err(w, PositionFault::TwoGameTypes));
                    }
                    game_type = Some(gt);
                }
                Word::Filler => {}
            }
        }
    }
    if let Some((_, _, at, text)) = pending {
        return Err(PositionError {
            line: at,
            text,
            fault: PositionFault::NoCell,
        });
    }
    if stacks.is_empty() {
        return Err(PositionError {
            line: 0,
            text: String::new(),
            fault: PositionFault::NoPieces,
        });
    }
    let mut notices = Vec::new();
    let to_move = side.unwrap_or_else(|| {
        let count = |c: Color| -> usize {
            stacks
                .iter()
                .map(|(_, s)| s.iter().filter(|(pc, _)| *pc == c).count())
                .sum()
        };
        let c = if count(Color::Black) < count(Color::White) {
            Color::Black
        } else {
            Color::White
        };
        notices.push(format!(
            "the position does not say who is to move: {} is taken to move (the side with \
             fewer pieces on the board, White on a tie)",
            c.name()
        ));
        c
    });
    let mut setup = Setup {
        game_type: GameType::BASE,
        to_move,
        stacks,
    };
    setup.game_type = game_type.unwrap_or_else(|| setup.smallest_game_type());
    if !setup.is_connected() {
        notices.push(
            "the hive is in several parts: the position is shown, but no move can be played \
             from it"
                .to_string(),
        );
    }
    Ok(ReadPosition {
        setup,
        game_type_given: game_type.is_some(),
        notices,
    })
}

/// The position a set-up stands for, with errors naming cells by their algebraic names.
pub fn stand(setup: &Setup, rules: Rules) -> Result<Position, PositionError> {
    setup
        .position_named(rules, &|h| Some(Square::of(h).to_string()))
        .map_err(|e| PositionError {
            line: 0,
            text: String::new(),
            fault: e.into(),
        })
}

/// Reads and checks a position: [`read`], then [`stand`].
pub fn read_position(text: &str, rules: Rules) -> Result<(Position, ReadPosition), PositionError> {
    let read = read(text)?;
    let pos = stand(&read.setup, rules)?;
    Ok((pos, read))
}

/// Writes a set-up position canonically (its cells as they are: a set-up's own grid).
pub fn write(setup: &Setup) -> String {
    let mut out = write_placements(setup);
    if setup.game_type != setup.smallest_game_type() {
        out.push_str("; ");
        out.push_str(&setup.game_type.to_string());
    }
    out
}

/// [`write`] without the game type, for records that name it elsewhere (PGN's `GameType`
/// tag).
pub fn write_placements(setup: &Setup) -> String {
    let mut stacks: Vec<&(Hex, Vec<(Color, Bug)>)> = setup.stacks.iter().collect();
    crate::engine::hex::sort_by_row(&mut stacks, |(h, _)| *h);
    let mut out = String::new();
    for (h, pieces) in stacks {
        for &(color, bug) in pieces {
            if !out.is_empty() {
                out.push(' ');
            }
            out.push(color.letter());
            out.push(bug.letter());
            out.push_str(" @");
            out.push_str(&Square::of(*h).to_string());
        }
    }
    out.push_str("; ");
    out.push_str(setup.to_move.name());
    out.push_str(" to move");
    out
}

/// The set-up of a position in its game's canonical frame (a set-up game's own grid), the
/// coordinates the algebraic notation names its cells by.
pub fn canonical_setup(pos: &Position) -> Setup {
    let frame = Frame::of_position(pos);
    let mut setup = Setup::of(pos);
    for (h, _) in &mut setup.stacks {
        *h = frame.to_canonical(*h);
    }
    crate::engine::hex::sort_by_row(&mut setup.stacks, |(h, _)| *h);
    setup
}

/// A position written in its game's canonical frame.
pub fn write_position(pos: &Position) -> String {
    write(&canonical_setup(pos))
}

/// Reads a position as a record: no moves, the set-up as its start.
pub fn import(text: &str, rules: Rules) -> Result<super::Record, super::RecordError> {
    let (pos, read) = read_position(text, rules)?;
    let mut rec = super::Record::new(read.setup.game_type, super::Format::Position);
    rec.rules = rules;
    rec.coordinates = Coordinates::Canonical;
    rec.notices = read.notices;
    rec.tree = super::tree::GameTree::from_position(pos);
    Ok(rec)
}

/// Whether text reads as a position and says who is to move (what tells a position from an
/// algebraic move list of placements).
pub fn looks_like(text: &str) -> bool {
    let lower = text.to_ascii_lowercase();
    let says_side = lower.contains("to move")
        || lower
            .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
            .any(|w| w == "w" || w == "b");
    says_side && read(text).is_ok()
}

/// Starts a record from the position of a header (PGN's `[Position "…"]`, a move list's
/// `Position: …`): its game type is the header's when `game_type_given`, else the
/// position's own.
pub(crate) fn start_record(
    rec: &mut super::Record,
    text: &str,
    game_type_given: bool,
) -> Result<(), PositionError> {
    let mut read = read(text)?;
    if game_type_given {
        read.setup.game_type = rec.game_type;
    }
    let pos = stand(&read.setup, rec.rules)?;
    rec.game_type = read.setup.game_type;
    rec.notices.extend(read.notices);
    rec.tree = super::tree::GameTree::from_position(pos);
    Ok(())
}
