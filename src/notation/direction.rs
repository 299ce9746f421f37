//! Pavel Soukenik's direction-based notation (`A2×Qs`, `M+Qn`, `G✳︎Qm`, `Ba`).
//!
//! A turn names the moved piece and its destination, read from the position at the start of
//! the turn:
//!
//! * **Piece**: `×` when it belongs to the opponent (a Pillbug throw), the letter, and a
//!   number when another visible piece of its colour and kind is in the hive (its place in
//!   [counting order](crate::notation::reference)). Placements never carry a number.
//! * **Direct destination**: just the direction (`Ba`) when the destination is next to the
//!   moved piece, or is a Grasshopper's own straight jump from where it stands (even when a
//!   Pillbug moved it). A Mosquito copying a Grasshopper is referenced unless adjacent.
//! * **Referenced destination**: the [reference piece](crate::notation::reference) (with `×`
//!   when it is the opponent's) and the direction from it (`A2×Qs`).
//! * **Placement**: `+` between the piece and the destination; `+×` is written `✳︎`.
//!   A player's first placement is the bare letter (`L`). A pass is `—`.
//!
//! Directions: `n` noon, `a` afternoon, `s` sunset, `m` midnight, `r` sunrise, `f` forenoon;
//! they are the canonical [`Frame`]'s east, south-east, south-west, west, north-west and
//! north-east.
//!
//! The reader also takes `x`, `*`, `+×`, `+x`, `✳` without U+FE0E, `–`, `--`, `---`, `pass`,
//! a turn number prefix (`12.`), and forms with the number, the reference or the direction
//! left out, or another adjacent reference, as long as exactly one legal turn matches.
//! The canonical reading of a string always wins over looser ones, so every canonical
//! string reads back as the move it was written for.
//!
//! ```
//! use beeline::engine::{piece::GameType, position::Position};
//! use beeline::notation::{direction::DirectionMove, read_game, write_game, Coordinates};
//! let mut pos = Position::new(GameType::MLP);
//! let turns = ["L", "P", "M+Lm", "A+Pn", "Q+Ls"];
//! read_game::<DirectionMove, _>(&mut pos, Coordinates::Canonical, &turns).unwrap();
//! let written = write_game::<DirectionMove>(
//!     &pos.initial(), &pos.moves(), Coordinates::Canonical, Default::default());
//! assert_eq!(written, turns);
//! ```

use crate::engine::board::Board;
use crate::engine::hex::{Direction, Hex};
use crate::engine::piece::{Bug, PieceId};
use crate::engine::position::{Move, Position};
use crate::notation::frame::{Frame, Stage};
use crate::notation::reference::{self, Candidate};
use crate::notation::{Mismatch, Notation, ReadError, SyntaxError};
use std::fmt;
use std::str::FromStr;

/// The letter of a canonical direction: `n a s m r f` for E, SE, SW, W, NW, NE.
pub const fn direction_letter(d: Direction) -> char {
    match d {
        Direction::E => 'n',
        Direction::SE => 'a',
        Direction::SW => 's',
        Direction::W => 'm',
        Direction::NW => 'r',
        Direction::NE => 'f',
    }
}

/// The canonical direction named by a letter.
pub fn direction_of_letter(c: char) -> Option<Direction> {
    Direction::ALL
        .into_iter()
        .find(|d| direction_letter(*d) == c)
}

/// A piece as the notation names it: relative to the player whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceRef {
    /// The opponent's piece (`×`).
    pub opponent: bool,
    pub bug: Bug,
    /// Its place in counting order; `None` when it is the only visible one, or left out.
    pub number: Option<u8>,
}

/// The syntax of one turn, canonical or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DirectionMove {
    /// `—`
    Pass,
    Turn {
        piece: PieceRef,
        /// `+` (or `✳︎`, which also marks the reference as the opponent's).
        placement: bool,
        reference: Option<PieceRef>,
        /// Canonical direction (E = noon); from the reference, or from the moved piece when
        /// there is no reference.
        direction: Option<Direction>,
    },
}

/// Output symbols.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Style {
    /// `×`, `✳︎` (U+2733 U+FE0E), `—`.
    #[default]
    Unicode,
    /// `x`, `*`, `--`.
    Ascii,
}

impl DirectionMove {
    /// A display adapter in the given style.
    pub fn styled(&self, style: Style) -> Styled<'_> {
        Styled(self, style)
    }
}

impl Notation for DirectionMove {
    type Style = Style;
    const NAME: &'static str = "direction";
    const RECORD_COORDINATES: bool = false;

    fn from_move(pos: &Position, mv: Move, frame: &Frame) -> DirectionMove {
        write(pos, frame, mv)
    }

    fn to_move(&self, pos: &Position, frame: &Frame) -> Result<Move, ReadError> {
        resolve(pos, frame, self, &self.to_string())
    }

    fn write(&self, style: Style) -> String {
        self.styled(style).to_string()
    }
}

/// [`DirectionMove`] printed in a [`Style`].
pub struct Styled<'a>(&'a DirectionMove, Style);

impl fmt::Display for Styled<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ascii = self.1 == Style::Ascii;
        let (times, star, dash) = if ascii {
            ("x", "*", "--")
        } else {
            ("×", "\u{2733}\u{FE0E}", "—")
        };
        let piece = |f: &mut fmt::Formatter<'_>, p: &PieceRef, mark: bool| {
            if mark && p.opponent {
                f.write_str(times)?;
            }
            write!(f, "{}", p.bug.letter())?;
            match p.number {
                Some(n) => write!(f, "{n}"),
                None => Ok(()),
            }
        };
        match self.0 {
            DirectionMove::Pass => f.write_str(dash),
            DirectionMove::Turn {
                piece: p,
                placement,
                reference,
                direction,
            } => {
                piece(f, p, true)?;
                let ref_opponent = reference.is_some_and(|r| r.opponent);
                if *placement {
                    f.write_str(if ref_opponent { star } else { "+" })?;
                }
                if let Some(r) = reference {
                    piece(f, r, !placement)?;
                }
                if let Some(d) = direction {
                    write!(f, "{}", direction_letter(*d))?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for DirectionMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.styled(Style::Unicode).fmt(f)
    }
}

fn syntax(text: &str, reason: impl Into<String>) -> SyntaxError {
    SyntaxError::new(<DirectionMove as Notation>::NAME, text, reason)
}

/// Strips an optional turn number (`12.`, `12...`) from the front.
fn strip_turn_number(t: &str) -> &str {
    let digits = t.len() - t.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits > 0 && t[digits..].starts_with('.') {
        t[digits..].trim_start_matches('.').trim_start()
    } else {
        t
    }
}

impl FromStr for DirectionMove {
    type Err = SyntaxError;

    fn from_str(text: &str) -> Result<DirectionMove, SyntaxError> {
        let t = strip_turn_number(text.trim());
        if matches!(t, "—" | "–" | "--" | "---") || t.eq_ignore_ascii_case("pass") {
            return Ok(DirectionMove::Pass);
        }
        let chars: Vec<char> = t.chars().filter(|c| !c.is_whitespace()).collect();
        if chars.is_empty() {
            return Err(syntax(text, "empty"));
        }
        let mut i = 0;
        let eat = |i: &mut usize, f: &dyn Fn(char) -> bool| -> Option<char> {
            let c = *chars.get(*i)?;
            f(c).then(|| {
                *i += 1;
                c
            })
        };
        let is_times = |c: char| c == '×' || c == 'x';
        let piece = |i: &mut usize, opponent: bool, what: &str| -> Result<PieceRef, SyntaxError> {
            let c = eat(i, &|c| c.is_ascii_uppercase())
                .ok_or_else(|| syntax(text, format!("expected the {what}'s letter")))?;
            let bug = Bug::from_letter(c).ok_or_else(|| syntax(text, format!("no piece '{c}'")))?;
            let number = match eat(i, &|c| c.is_ascii_digit()) {
                Some(d @ '1'..='3') => Some(d as u8 - b'0'),
                Some(d) => return Err(syntax(text, format!("no piece is numbered {d}"))),
                None => None,
            };
            Ok(PieceRef {
                opponent,
                bug,
                number,
            })
        };
        let opponent = eat(&mut i, &is_times).is_some();
        let moved = piece(&mut i, opponent, "moved piece")?;
        let mut placement = false;
        let mut ref_opponent = false;
        if eat(&mut i, &|c| c == '+').is_some() {
            placement = true;
            ref_opponent = eat(&mut i, &is_times).is_some();
        } else if eat(&mut i, &|c| c == '✳' || c == '*').is_some() {
            placement = true;
            ref_opponent = true;
            eat(&mut i, &|c| c == '\u{FE0E}' || c == '\u{FE0F}');
        } else if eat(&mut i, &is_times).is_some() {
            ref_opponent = true;
        }
        let reference = if ref_opponent || chars.get(i).is_some_and(|c| c.is_ascii_uppercase()) {
            Some(piece(&mut i, ref_opponent, "reference piece")?)
        } else {
            None
        };
        let direction = match chars.get(i) {
            Some(c) => match direction_of_letter(*c) {
                Some(d) => {
                    i += 1;
                    Some(d)
                }
                None => {
                    return Err(syntax(
                        text,
                        format!("unexpected '{c}' (directions are n a s m r f)"),
                    ))
                }
            },
            None => None,
        };
        if let Some(c) = chars.get(i) {
            return Err(syntax(
                text,
                format!("unexpected '{c}' after the direction"),
            ));
        }
        Ok(DirectionMove::Turn {
            piece: moved,
            placement,
            reference,
            direction,
        })
    }
}

/// Where a Grasshopper standing on `from` lands jumping toward `d`, if it jumps over
/// at least one piece.
pub fn jump_target(board: &Board, from: Hex, d: Direction) -> Option<Hex> {
    let mut h = from.step(d);
    if board.height(h) == 0 {
        return None;
    }
    while board.height(h) > 0 {
        h = h.step(d);
    }
    Some(h)
}

/// The engine direction of a direct destination, if the move has one.
fn direct_direction(board: &Board, piece: PieceId, from: Hex, to: Hex) -> Option<Direction> {
    from.direction_to(to).or_else(|| {
        (piece.bug() == Bug::Grasshopper)
            .then(|| {
                Direction::ALL
                    .into_iter()
                    .find(|d| jump_target(board, from, *d) == Some(to))
            })
            .flatten()
    })
}

/// How a turn is notated, in engine terms.
#[derive(Clone, Copy, Debug)]
struct Described {
    piece: PieceId,
    from: Option<Hex>,
    to: Hex,
    first_turn: bool,
    reference: Option<Candidate>,
    /// Engine direction from the reference (or the moved piece) to the destination.
    direction: Option<Direction>,
}

fn describe(pos: &Position, frame: &Frame, mv: Move) -> Option<Described> {
    let board = pos.board();
    let piece = mv.piece()?;
    let to = mv.to()?;
    let from = mv.from();
    let mut d = Described {
        piece,
        from,
        to,
        first_turn: false,
        reference: None,
        direction: None,
    };
    if from.is_none() && first_turn(pos) {
        d.first_turn = true;
        // The first piece has no direction; the second lies noon of the first.
        d.direction = board.occupied().next().and_then(|h| h.direction_to(to));
        return Some(d);
    }
    if let Some(dir) = from.and_then(|f| direct_direction(board, piece, f, to)) {
        d.direction = Some(dir);
        return Some(d);
    }
    d.reference = reference::select_candidate(board, frame, Some(piece), to);
    d.direction = d.reference.and_then(|r| r.hex.direction_to(to));
    Some(d)
}

fn piece_ref(board: &Board, frame: &Frame, pos: &Position, c: &Candidate) -> PieceRef {
    PieceRef {
        opponent: c.piece.color() != pos.to_move(),
        bug: c.piece.bug(),
        number: if c.covered {
            None
        } else {
            reference::number_of(board, frame, c.piece)
        },
    }
}

/// Whether the side to move has its first turn of a game from the empty board: its
/// placement is then written as the bare bug, the frame alone fixing where it goes. (From a
/// set-up position every placement names a reference.)
fn first_turn(pos: &Position) -> bool {
    pos.turn_number() == 1 && !pos.is_set_up()
}

/// The canonical notation of a legal move of `pos`. `frame` must be at least as fixed as
/// `Frame::of_position(&pos).after(mv)`; the frame of the whole game is fine.
fn write(pos: &Position, frame: &Frame, mv: Move) -> DirectionMove {
    let Some(d) = describe(pos, frame, mv) else {
        return DirectionMove::Pass;
    };
    let board = pos.board();
    let placement = d.from.is_none();
    let piece = PieceRef {
        opponent: d.piece.color() != pos.to_move(),
        bug: d.piece.bug(),
        number: if placement {
            None
        } else {
            reference::number_of(board, frame, d.piece)
        },
    };
    if d.first_turn {
        return DirectionMove::Turn {
            piece,
            placement: false,
            reference: None,
            direction: None,
        };
    }
    DirectionMove::Turn {
        piece,
        placement,
        reference: d.reference.map(|c| piece_ref(board, frame, pos, &c)),
        direction: d.direction.map(|e| frame.dir_to_canonical(e)),
    }
}

/// The candidate turns a reader considers, each with the frame it would be notated in.
/// Games read from this notation are built in the canonical frame: the first piece on the
/// origin, the second east of it, the first piece off that line south of it. Candidates that
/// would break that are left out (they are mirror or rotated twins of ones kept).
fn reader_candidates(pos: &Position, f0: &Frame) -> Vec<(Move, Frame)> {
    pos.legal_moves()
        .into_iter()
        .filter(|m| *m != Move::Pass)
        .filter(|m| {
            let Some(to) = m.to() else { return false };
            let c = f0.to_canonical(to);
            match f0.stage() {
                Stage::Empty => c == Hex::ORIGIN,
                Stage::Origin => c == Hex::new(1, 0),
                Stage::Axis => c.r >= 0,
                Stage::Complete => true,
            }
        })
        .map(|m| (m, f0.after(m)))
        .collect()
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Looseness {
    /// The destination is direct when no reference is written.
    Direct,
    /// The reference may be left out of a referenced destination.
    AnyReference,
}

fn matches_piece(pos: &Position, frame: &Frame, spec: &PieceRef, mv: &Move, plus: bool) -> bool {
    let Some(p) = mv.piece() else { return false };
    let placement = mv.from().is_none();
    let first_turn = placement && first_turn(pos);
    if p.bug() != spec.bug || (p.color() != pos.to_move()) != spec.opponent {
        return false;
    }
    // A bare letter on a player's first turn is a placement without `+`.
    let form_fits = placement == plus || (first_turn && !plus);
    if !form_fits {
        return false;
    }
    match spec.number {
        None => true,
        Some(_) if placement => false,
        Some(n) => reference::number_of(pos.board(), frame, p) == Some(n),
    }
}

fn matches_reference(
    pos: &Position,
    frame: &Frame,
    spec: &PieceRef,
    c: &Candidate,
    to: Hex,
    direction: Option<Direction>,
) -> bool {
    c.piece.bug() == spec.bug
        && (c.piece.color() != pos.to_move()) == spec.opponent
        && (spec.number.is_none()
            || (!c.covered && reference::number_of(pos.board(), frame, c.piece) == spec.number))
        && direction.is_none_or(|d| c.hex.step(frame.dir_from_canonical(d)) == to)
}

fn loose_match(
    pos: &Position,
    frame: &Frame,
    parsed: &DirectionMove,
    mv: &Move,
    looseness: Looseness,
) -> bool {
    let DirectionMove::Turn {
        piece,
        placement,
        reference,
        direction,
    } = parsed
    else {
        return false;
    };
    if !matches_piece(pos, frame, piece, mv, *placement) {
        return false;
    }
    let (Some(p), Some(to)) = (mv.piece(), mv.to()) else {
        return false;
    };
    let board = pos.board();
    if let Some(r) = reference {
        return reference::candidates(board, Some(p), to)
            .iter()
            .any(|c| matches_reference(pos, frame, r, c, to, *direction));
    }
    match looseness {
        Looseness::Direct => match mv.from() {
            // A bare letter on a player's first turn.
            None => first_turn(pos) && direction.is_none() && !placement,
            Some(from) => match direct_direction(board, p, from, to) {
                Some(e) => direction.is_none_or(|d| frame.dir_from_canonical(d) == e),
                None => false,
            },
        },
        Looseness::AnyReference => match direction {
            None => true,
            Some(d) => {
                let e = frame.dir_from_canonical(*d);
                reference::candidates(board, Some(p), to)
                    .iter()
                    .any(|c| c.hex.step(e) == to)
            }
        },
    }
}

/// Resolves parsed text against `pos` in `frame` (the frame fixed by the moves so far):
/// exactly one legal turn must match, its canonical reading first, then looser ones.
fn resolve(
    pos: &Position,
    frame: &Frame,
    parsed: &DirectionMove,
    text: &str,
) -> Result<Move, ReadError> {
    let no_match = |why| ReadError::no_match(text, why);
    if pos.state().is_over() {
        return Err(no_match(Mismatch::GameOver));
    }
    let legal = pos.legal_moves();
    if *parsed == DirectionMove::Pass {
        return if legal == [Move::Pass] {
            Ok(Move::Pass)
        } else {
            Err(no_match(Mismatch::PassNotLegal))
        };
    }
    if legal == [Move::Pass] {
        return Err(no_match(Mismatch::MustPass));
    }
    let cands = reader_candidates(pos, frame);
    let pick = |found: Vec<&(Move, Frame)>| -> Option<Result<Move, ReadError>> {
        match found.as_slice() {
            [] => None,
            [(m, _)] => Some(Ok(*m)),
            many => Some(Err(ReadError::Ambiguous {
                text: text.trim().to_string(),
                candidates: many
                    .iter()
                    .map(|(m, f)| write(pos, f, *m).to_string())
                    .collect(),
            })),
        }
    };
    let canonical = cands
        .iter()
        .filter(|(m, f)| write(pos, f, *m) == *parsed)
        .collect();
    if let Some(r) = pick(canonical) {
        return r;
    }
    for looseness in [Looseness::Direct, Looseness::AnyReference] {
        let found = cands
            .iter()
            .filter(|(m, f)| loose_match(pos, f, parsed, m, looseness))
            .collect();
        if let Some(r) = pick(found) {
            return r;
        }
    }
    Err(no_match(why_no_match(pos, &cands, parsed)))
}

/// Why nothing matched: the first requirement no candidate meets.
fn why_no_match(pos: &Position, cands: &[(Move, Frame)], parsed: &DirectionMove) -> Mismatch {
    let DirectionMove::Turn {
        piece,
        placement,
        reference,
        ..
    } = parsed
    else {
        return Mismatch::PassNotLegal;
    };
    let any_number = PieceRef {
        number: None,
        ..*piece
    };
    let of_kind: Vec<&(Move, Frame)> = cands
        .iter()
        .filter(|(m, f)| matches_piece(pos, f, &any_number, m, *placement))
        .collect();
    if of_kind.is_empty() {
        let color = if piece.opponent {
            pos.to_move().other()
        } else {
            pos.to_move()
        };
        return Mismatch::Piece(crate::notation::Kind {
            color: Some(color),
            bug: piece.bug,
        });
    }
    if let Some(n) = piece.number {
        if !of_kind
            .iter()
            .any(|(m, f)| matches_piece(pos, f, piece, m, *placement))
        {
            return Mismatch::Number {
                bug: piece.bug,
                number: n,
            };
        }
    }
    if let Some(r) = reference {
        let near = of_kind.iter().any(|(m, f)| {
            let (Some(p), Some(to)) = (m.piece(), m.to()) else {
                return false;
            };
            reference::candidates(pos.board(), Some(p), to)
                .iter()
                .any(|c| matches_reference(pos, f, r, c, to, None))
        });
        if !near {
            return Mismatch::NotNextToReference {
                bug: piece.bug,
                reference: r.bug,
            };
        }
    }
    Mismatch::Unreachable(piece.bug)
}

/// What a turn's notation refers to, for showing it on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explanation {
    pub piece: PieceId,
    /// Where it stood (`None` for a placement).
    pub from: Option<Hex>,
    pub to: Hex,
    /// The reference piece and its cell, for a referenced destination.
    pub reference: Option<(PieceId, Hex)>,
    /// Engine direction from the reference (or from the moved piece) to the destination;
    /// `None` for the first piece of the game.
    pub direction: Option<Direction>,
    /// Whether the frame's handedness is fixed once this turn is played (before that, only
    /// noon and midnight are named).
    pub established: bool,
    /// Whether this very turn fixed the handedness.
    pub establishes: bool,
    /// The Pillbug or Mosquito whose throw the movement is, and its cell, for a piece that
    /// could not move there by itself.
    pub thrower: Option<(PieceId, Hex)>,
}

/// Explains a legal move of `pos` (`None` for a pass). `frame` as for [`write`].
pub fn explain(pos: &Position, frame: &Frame, mv: Move) -> Option<Explanation> {
    explain_after(pos, frame, &Frame::of_position(pos), mv)
}

/// [`explain`], given `before`, the frame the moves of `pos` fixed
/// (`Frame::of_position(&pos)`), for callers that keep it move by move.
pub fn explain_after(
    pos: &Position,
    frame: &Frame,
    before: &Frame,
    mv: Move,
) -> Option<Explanation> {
    let d = describe(pos, frame, mv)?;
    let before = *before;
    let after = before.after(mv);
    Some(Explanation {
        piece: d.piece,
        from: d.from,
        to: d.to,
        reference: d.reference.map(|c| (c.piece, c.hex)),
        direction: d.direction,
        established: after.is_complete(),
        establishes: after.is_complete() && !before.is_complete(),
        thrower: thrower(pos, &d),
    })
}

/// The thrower of a described movement, with its cell.
fn thrower(pos: &Position, d: &Described) -> Option<(PieceId, Hex)> {
    d.from?;
    let t = pos.thrower_needed(d.piece, d.to)?;
    Some((t, pos.board().position(t)?))
}

/// Why a move's direction notation names the reference it names, in one sentence (the
/// priority of `reference`), or why it names none: the first piece of the game, a
/// destination next to the moved piece or at the end of its jump. `None` for a pass.
pub fn why_reference(pos: &Position, frame: &Frame, mv: Move) -> Option<String> {
    let d = describe(pos, frame, mv)?;
    let why = if d.reference.is_none() {
        let words = match pos.board().pieces().count() {
            0 => "No reference: the first piece has nothing to be placed next to.",
            1 if d.from.is_none() => {
                "No reference: the second piece sets where noon is, so it needs none."
            }
            _ => "No reference: the destination touches the piece, or ends its jump, so the direction alone names it.",
        };
        words.to_string()
    } else {
        let moved = d.from.map(|_| d.piece);
        reference::why(pos.board(), frame, moved, d.to)?
    };
    // The notation names the moved piece only: say whose throw it was.
    Some(match thrower(pos, &d) {
        Some((t, _)) => {
            let side = if t.color() == crate::engine::piece::Color::White {
                "white"
            } else {
                "black"
            };
            let copying = if t.bug() == Bug::Mosquito {
                ", copying a Pillbug,"
            } else {
                ""
            };
            format!(
                "The {side} {} ({t}){copying} throws it. {why}",
                t.bug().name()
            )
        }
        None => why,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_throw_names_its_thrower_and_a_piece_moving_itself_none() {
        // White's Pillbug between the two Queens can throw its own Queen round to the far
        // side; the Queen can also step by herself.
        let g: crate::notation::uhp::GameString =
            "Base+P;InProgress;White[3];wP;bS1 wP-;wQ -wP;bQ bS1-"
                .parse()
                .unwrap();
        let pos = g.replay().unwrap();
        let frame = Frame::of_position(&pos);
        let (mut thrown, mut walked) = (0, 0);
        for mv in pos.legal_moves() {
            let Some(from) = mv.from() else { continue };
            let e = explain(&pos, &frame, mv).unwrap();
            let own = pos
                .own_destinations(mv.piece().unwrap())
                .contains(&mv.to().unwrap());
            let why = why_reference(&pos, &frame, mv).unwrap();
            if own {
                walked += 1;
                assert_eq!(e.thrower, None, "{mv:?}");
                assert!(!why.contains("throws"), "{why}");
            } else {
                thrown += 1;
                let (t, at) = e.thrower.expect("a move the piece cannot make is a throw");
                assert_eq!((t.to_string().as_str(), at), ("wP", Hex::ORIGIN));
                assert_eq!(from.distance(at), 1);
                assert!(
                    why.starts_with("The white Pillbug (wP) throws it. "),
                    "{why}"
                );
            }
        }
        assert!(
            thrown > 0 && walked > 0,
            "{thrown} throws, {walked} own moves"
        );
    }

    #[test]
    fn a_reference_is_explained_by_its_rule_and_none_by_why_not() {
        // An Ant placed next to a Queen: the Queen is its reference.
        let g: crate::notation::uhp::GameString =
            "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
                .parse()
                .unwrap();
        let pos = g.replay().unwrap();
        let frame = Frame::of_position(&pos);
        let mv = pos
            .legal_moves()
            .into_iter()
            .find(|m| {
                m.piece().is_some_and(|p| p.bug() == Bug::Ant)
                    && m.to().is_some_and(|t| {
                        reference::candidates(pos.board(), None, t)
                            .iter()
                            .any(|c| c.piece.bug() == Bug::Queen)
                    })
            })
            .unwrap();
        let why = why_reference(&pos, &frame, mv).unwrap();
        assert!(
            why.contains("a Queen next to the destination always comes first"),
            "{why}"
        );
        let first = Position::new(crate::engine::piece::GameType::BASE);
        let mv = first.legal_moves()[0];
        assert!(why_reference(&first, &Frame::of_position(&first), mv)
            .unwrap()
            .starts_with("No reference: the first piece"));
        let mut second = first.clone();
        second.play(mv).unwrap();
        let reply = second.legal_moves()[0];
        assert!(why_reference(&second, &Frame::of_position(&second), reply)
            .unwrap()
            .contains("sets where noon is"));
    }

    #[test]
    fn syntax_round_trips_and_variants() {
        for s in [
            "L",
            "M+Lm",
            "A2×Pm",
            "G✳\u{FE0E}Qm",
            "×LPs",
            "QPm",
            "Ba",
            "—",
            "B",
            "A×P",
            "M+n",
            "A1×A2m",
        ] {
            let m: DirectionMove = s.parse().unwrap();
            assert_eq!(m.to_string(), s);
        }
        let star: DirectionMove = "G✳\u{FE0E}Qm".parse().unwrap();
        for v in ["G✳Qm", "G*Qm", "G+×Qm", "G+xQm", "13. G✳Qm", "G ✳ Q m"] {
            assert_eq!(v.parse::<DirectionMove>().unwrap(), star, "{v}");
        }
        assert_eq!(star.write(Style::Ascii), "G*Qm");
        for p in ["—", "–", "--", "---", "pass", "PASS", "4. --"] {
            assert_eq!(
                p.parse::<DirectionMove>().unwrap(),
                DirectionMove::Pass,
                "{p}"
            );
        }
        assert_eq!(DirectionMove::Pass.write(Style::Ascii), "--");
        assert_eq!(
            "A2xPm".parse::<DirectionMove>().unwrap().to_string(),
            "A2×Pm"
        );
        for bad in ["", "a", "Z+Qm", "A4", "A+Qz", "A×", "G✳m", "Ban", "Qm+"] {
            assert!(bad.parse::<DirectionMove>().is_err(), "{bad}");
        }
    }
}
