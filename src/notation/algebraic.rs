//! M. C. DeMarco's algebraic (grid) notation: `wA m n2`.
//!
//! ```
//! use beeline::engine::{piece::GameType, position::Position};
//! use beeline::notation::algebraic::{AlgebraicMove, Form};
//! use beeline::notation::{read_game, write_game, Coordinates};
//!
//! let mut pos = Position::new(GameType::BASE);
//! let texts = ["wG @m0", "bS n0", "wQ @l0", "bQ @n1", "wA @m-1", "bA @o1", "wA m n2"];
//! read_game::<AlgebraicMove, _>(&mut pos, Coordinates::Canonical, &texts).unwrap();
//! let (start, moves) = (pos.initial(), pos.moves());
//! let long = write_game::<AlgebraicMove>(&start, &moves, Coordinates::Canonical, Form::Long);
//! assert_eq!(long[6], "wA m-1 n+2");
//! let short = write_game::<AlgebraicMove>(&start, &moves, Coordinates::Canonical, Form::Compressed);
//! assert_eq!(short[6], "wAmn2");
//! ```
//!
//! # The grid
//!
//! Squares are named in the canonical [`Frame`]: the first piece stands on `m0`, the second on
//! `n0`, and the first piece placed or moved off that line lies on a positive row. Rows are
//! the canonical `r` (negative above the starting axis, positive below); columns are the
//! canonical `q`, so a column leans to the left going up (in pointy-top axial coordinates
//! with `r` downward, the cell above-left of `(q, r)` is `(q, r - 1)`). Column `q` is named
//! `NAMES[(q + 12) mod 52]` with `NAMES = a..z, aa, bb, ..., zz`: `m` is 0, `z` is 13, `aa`
//! is 14, `a` is −12 and `zz` is −13. A hive never spans 52 columns, so a name read back is
//! the column of that name nearest to the hive ([`Column::nearest_q`]); the reader gets this
//! for free by comparing names of the legal moves' squares.
//!
//! # The three forms
//!
//! | | placement | movement | Pillbug throw | pass |
//! |---|---|---|---|---|
//! | long | `wG @m0` | `wA m-1 n+2` | `wG j+3 k+1 (wP k+2)` | `pass` |
//! | short | `wG @m0` | `wA m n2`, `bM p0` | `wG j3 k1 (wP)` | `pass` |
//! | compressed | `wG@m0` | `wAmn2`, `bMp0` | `wGj3k1(wP)` | `pass` |
//!
//! - The colour letter and the bug letter come first; pieces carry no number.
//! - A placement always writes `@`, a movement never does.
//! - Long form writes the full origin square and signed rows (`+2`, `-1`, `0`).
//! - Short and compressed forms write no origin for Q, M, L and P. For A, B, G and S they
//!   write the origin column; the origin row instead when another piece of the same colour and
//!   kind on another square shares that column; both when another such piece also shares the
//!   row. "Another piece" counts every piece of that colour and kind on the board, covered
//!   ones included (a player tracking squares on paper knows them all), except pieces in the
//!   moved piece's own stack (they share its square, so no origin tells them apart, and they
//!   cannot move anyway).
//! - A movement the piece could not make by its own movement (it was moved by a Pillbug, or
//!   by a Mosquito copying one) carries the mover's piece in parentheses: `(wP)` in short
//!   and compressed form, `(wP k+2)` with its square in long form. When both the Pillbug and
//!   a Mosquito could have done it, the Pillbug is named.
//!
//! # Reading
//!
//! The reader accepts all three forms and mixtures of them: `@` optional, origin column, row,
//! both or neither, signed or unsigned rows, wrapped column names, annotations with or without
//! a colour and square (`(P)`, `(wP)`, `(wP k2)`), and no colour letter. Text is resolved
//! against the legal moves, each seen in the frame it would leave behind (the first move off
//! the axis fixes the handedness: it lands on a positive row). No match and several matches
//! are different errors; the second lists the candidates in long form. Moves that differ only
//! by the symmetry of a position whose frame is not yet fixed (the second piece, the first
//! piece off the axis) are one move: the reader picks the one that keeps the engine's
//! coordinates canonical, so games read from algebraic text are built in the canonical frame
//! itself (first piece at `(0, 0)`, second at `(1, 0)`, first off-axis piece south).
//!
//! Compressed text can run two column names together (`wAnn2`: ant from `n` to `n2`, or to
//! `nn2`?). Every split is tried, and the legal moves decide.

use crate::engine::hex::{Direction, Hex};
use crate::engine::piece::{Bug, Color, PieceId};
use crate::engine::position::{Move, Position};
use crate::notation::frame::Frame;
use crate::notation::{Kind, Mismatch, Notation, ReadError, SyntaxError};
use std::fmt;
use std::str::FromStr;

/// How much a written move says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Form {
    /// Full origin and destination, signed rows: `wA m-1 n+2`.
    Long,
    /// Minimal origin: `wA m n2`.
    #[default]
    Short,
    /// The short form without spaces: `wAmn2`.
    Compressed,
}

impl Form {
    pub const ALL: [Form; 3] = [Form::Long, Form::Short, Form::Compressed];

    /// The form's name: `short`, `long` or `compressed`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Long => "long",
            Form::Short => "short",
            Form::Compressed => "compressed",
        }
    }

    pub fn from_name(name: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.name() == name)
    }
}

/// Column names, indexed by `(q + 12) mod 52`.
const NAMES: [&str; 52] = [
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s",
    "t", "u", "v", "w", "x", "y", "z", "aa", "bb", "cc", "dd", "ee", "ff", "gg", "hh", "ii", "jj",
    "kk", "ll", "mm", "nn", "oo", "pp", "qq", "rr", "ss", "tt", "uu", "vv", "ww", "xx", "yy", "zz",
];

/// A column name: one of the 52 names, standing for every canonical `q` congruent mod 52.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Column(u8);

impl Column {
    /// The name of canonical column `q`.
    pub fn of_q(q: i32) -> Column {
        Column((q + 12).rem_euclid(NAMES.len() as i32) as u8)
    }

    /// Parses `a`..`z` or a doubled letter `aa`..`zz`.
    pub fn from_name(s: &str) -> Option<Column> {
        NAMES.iter().position(|n| *n == s).map(|i| Column(i as u8))
    }

    pub fn name(self) -> &'static str {
        NAMES[self.0 as usize]
    }

    /// The canonical `q` with this name nearest to `near` (e.g. a column of the hive).
    pub fn nearest_q(self, near: i32) -> i32 {
        let n = NAMES.len() as i32;
        let base = self.0 as i32 - 12;
        base + (near - base + n / 2).div_euclid(n) * n
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A named square: column and row of the canonical frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Square {
    pub column: Column,
    pub row: i32,
}

impl Square {
    /// The name of a canonical hex.
    pub fn of(canonical: Hex) -> Square {
        Square {
            column: Column::of_q(canonical.q),
            row: canonical.r,
        }
    }

    /// Whether this is the name of the canonical hex `c`.
    pub fn names(self, c: Hex) -> bool {
        Column::of_q(c.q) == self.column && c.r == self.row
    }

    /// The canonical hex of this name nearest to column `near_q`.
    pub fn hex_near(self, near_q: i32) -> Hex {
        Hex::new(self.column.nearest_q(near_q), self.row)
    }

    fn write(self, out: &mut String, form: Form) {
        out.push_str(self.column.name());
        write_row(out, self.row, form);
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column, self.row)
    }
}

fn write_row(out: &mut String, row: i32, form: Form) {
    if form == Form::Long && row > 0 {
        out.push('+');
    }
    out.push_str(&row.to_string());
}

/// What is written of a moved piece's origin: column, row, both or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Origin {
    pub column: Option<Column>,
    pub row: Option<i32>,
}

impl Origin {
    pub fn is_empty(&self) -> bool {
        self.column.is_none() && self.row.is_none()
    }

    fn matches(&self, c: Hex) -> bool {
        self.column.is_none_or(|col| col == Column::of_q(c.q)) && self.row.is_none_or(|r| r == c.r)
    }

    fn write(&self, out: &mut String, form: Form) {
        if let Some(c) = self.column {
            out.push_str(c.name());
        }
        if let Some(r) = self.row {
            write_row(out, r, form);
        }
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s, Form::Short);
        f.write_str(&s)
    }
}

/// The parenthesised piece that moved another one: `(wP)`, `(bM)`, `(wP k+2)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Thrower {
    pub color: Option<Color>,
    /// [`Bug::Pillbug`] or [`Bug::Mosquito`].
    pub bug: Bug,
    pub square: Option<Square>,
}

impl Thrower {
    fn write(&self, out: &mut String, form: Form) {
        out.push('(');
        write_piece(out, self.color, self.bug);
        // The short forms name the mover only; its square is the long form's.
        if let Some(sq) = self.square.filter(|_| form == Form::Long) {
            out.push(' ');
            sq.write(out, form);
        }
        out.push(')');
    }
}

impl fmt::Display for Thrower {
    /// Short form: `(wP)`, `(wP k2)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s, Form::Short);
        f.write_str(&s)
    }
}

/// A placement or movement as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BugMove {
    /// `None` when the text leaves the colour out.
    pub color: Option<Color>,
    pub bug: Bug,
    /// Written `@`: a placement.
    pub placement: bool,
    /// What the short form writes of the origin (as much as the text gives, for read text).
    pub origin: Origin,
    /// The whole origin square, which the long form writes, when known (a move written from
    /// a position).
    pub from: Option<Square>,
    pub to: Square,
    pub thrower: Option<Thrower>,
}

/// One turn in algebraic notation, parsed or to be printed; no position needed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AlgebraicMove {
    Pass,
    Bug(BugMove),
}

fn write_piece(out: &mut String, color: Option<Color>, bug: Bug) {
    if let Some(c) = color {
        out.push(c.letter());
    }
    out.push(bug.letter());
}

impl AlgebraicMove {
    /// Every reading of `text`. Compressed text may run two column names together
    /// (`nn2`: column `nn`, or columns `n` and `n`); each split that fits the grammar is one
    /// alternative, the split into more columns first.
    pub fn alternatives(text: &str) -> Result<Vec<AlgebraicMove>, SyntaxError> {
        parse::alternatives(text)
    }
}

impl Notation for AlgebraicMove {
    type Style = Form;
    const NAME: &'static str = "algebraic";
    const RECORD_COORDINATES: bool = false;

    /// Everything any form writes: the short form's origin, the whole origin square and the
    /// thrower's square.
    fn from_move(pos: &Position, mv: Move, frame: &Frame) -> AlgebraicMove {
        let (piece, from, to) = match mv {
            Move::Pass => return AlgebraicMove::Pass,
            Move::Place { piece, to } => {
                return AlgebraicMove::Bug(BugMove {
                    color: Some(piece.color()),
                    bug: piece.bug(),
                    placement: true,
                    origin: Origin::default(),
                    from: None,
                    to: Square::of(frame.to_canonical(to)),
                    thrower: None,
                })
            }
            Move::Move { piece, from, to } => (piece, from, to),
        };
        let start = frame.to_canonical(from);
        let thrower = pos.thrower_needed(piece, to).map(|t| Thrower {
            color: Some(t.color()),
            bug: t.bug(),
            square: pos
                .board()
                .position(t)
                .map(|h| Square::of(frame.to_canonical(h))),
        });
        AlgebraicMove::Bug(BugMove {
            color: Some(piece.color()),
            bug: piece.bug(),
            placement: false,
            origin: short_origin(pos, frame, piece, from, start),
            from: Some(Square::of(start)),
            to: Square::of(frame.to_canonical(to)),
            thrower,
        })
    }

    fn to_move(&self, pos: &Position, frame: &Frame) -> Result<Move, ReadError> {
        resolve(pos, frame, &[*self], &self.to_string())
    }

    /// The text in one form. The value decides what can be written (origin parts, thrower
    /// square); the form decides how much of it, the spacing and the signs.
    fn write(&self, form: Form) -> String {
        let m = match self {
            AlgebraicMove::Pass => return "pass".to_string(),
            AlgebraicMove::Bug(m) => m,
        };
        let mut out = String::with_capacity(20);
        let space = |out: &mut String| {
            if form != Form::Compressed {
                out.push(' ');
            }
        };
        write_piece(&mut out, m.color, m.bug);
        space(&mut out);
        if m.placement {
            out.push('@');
        } else {
            match (form, m.from) {
                (Form::Long, Some(sq)) => {
                    sq.write(&mut out, form);
                    space(&mut out);
                }
                _ if !m.origin.is_empty() => {
                    m.origin.write(&mut out, form);
                    space(&mut out);
                }
                _ => {}
            }
        }
        m.to.write(&mut out, form);
        if let Some(t) = &m.thrower {
            space(&mut out);
            t.write(&mut out, form);
        }
        out
    }

    /// Tries every reading of the text (compressed text can run column names together).
    fn read(pos: &Position, frame: &Frame, text: &str) -> Result<Move, ReadError> {
        let alts = parse::alternatives(text)?;
        resolve(pos, frame, &alts, text)
    }
}

/// Short-form origin of a piece leaving `from` (canonical `start`).
fn short_origin(pos: &Position, frame: &Frame, piece: PieceId, from: Hex, start: Hex) -> Origin {
    if piece.bug().is_unique() {
        return Origin::default();
    }
    let (mut col_clash, mut row_clash) = (false, false);
    for other in PieceId::of_kind(piece.color(), piece.bug()) {
        let Some(h) = pos.board().position(other) else {
            continue;
        };
        if h == from {
            continue;
        }
        let c = frame.to_canonical(h);
        col_clash |= c.q == start.q;
        row_clash |= c.r == start.r;
    }
    Origin {
        column: (!col_clash || row_clash).then(|| Column::of_q(start.q)),
        row: col_clash.then_some(start.r),
    }
}

impl fmt::Display for AlgebraicMove {
    /// The short form.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write(Form::Short))
    }
}

impl FromStr for AlgebraicMove {
    type Err = SyntaxError;

    /// The first of [`AlgebraicMove::alternatives`].
    fn from_str(s: &str) -> Result<AlgebraicMove, SyntaxError> {
        let alts = parse::alternatives(s)?;
        alts.into_iter().next().ok_or_else(|| {
            SyntaxError::new(<AlgebraicMove as Notation>::NAME, s, "nothing to read")
        })
    }
}

/// The one legal move of `pos` that one of the readings `alts` of `text` names, with
/// coordinates in `frame` (the frame fixed by the moves so far).
fn resolve(
    pos: &Position,
    frame: &Frame,
    alts: &[AlgebraicMove],
    text: &str,
) -> Result<Move, ReadError> {
    let no_match = |why| ReadError::no_match(text, why);
    let legal = pos.legal_moves();
    if legal.is_empty() {
        return Err(no_match(Mismatch::GameOver));
    }
    if alts.contains(&AlgebraicMove::Pass) {
        return if legal == [Move::Pass] {
            Ok(Move::Pass)
        } else {
            Err(no_match(Mismatch::PassNotLegal))
        };
    }
    if legal == [Move::Pass] {
        return Err(no_match(Mismatch::MustPass));
    }
    let candidates: Vec<(Move, Frame)> = legal.iter().map(|&m| (m, frame.after(m))).collect();
    let mut found: Vec<(Move, Frame)> = Vec::new();
    let mut deepest: Option<(usize, Box<Mismatch>)> = None;
    for alt in alts {
        let AlgebraicMove::Bug(bm) = alt else {
            continue;
        };
        match matching(pos, bm, &candidates) {
            Ok(ms) => {
                for m in ms {
                    if !found.iter().any(|(f, _)| *f == m.0) {
                        found.push(m);
                    }
                }
            }
            Err((depth, why)) => {
                if deepest.as_ref().is_none_or(|(d, _)| depth > *d) {
                    deepest = Some((depth, why));
                }
            }
        }
    }
    let long = |(m, f): &(Move, Frame)| AlgebraicMove::from_move(pos, *m, f).write(Form::Long);
    match found.as_slice() {
        [] => {
            // Every reading names a piece (passes were handled above), so one of them failed
            // at some depth.
            debug_assert!(deepest.is_some(), "no reading of '{text}' was tried");
            Err(no_match(
                deepest.map_or(Mismatch::PassNotLegal, |(_, why)| *why),
            ))
        }
        [(m, _)] => Ok(*m),
        [first, ..] => {
            let longs: Vec<String> = found.iter().map(long).collect();
            if longs.iter().all(|l| *l == longs[0]) {
                // Images of one move under the symmetry of a frame not yet fixed.
                let best = found.iter().min_by_key(|(_, f)| frame_preference(f));
                Ok(best.unwrap_or(first).0)
            } else {
                let mut candidates = Vec::new();
                for l in longs {
                    if !candidates.contains(&l) {
                        candidates.push(l);
                    }
                }
                Err(ReadError::Ambiguous {
                    text: text.trim().to_string(),
                    candidates,
                })
            }
        }
    }
}

/// Orders frames: unmirrored before mirrored, then by rotation, so that a game read from
/// scratch keeps engine coordinates equal to canonical ones.
fn frame_preference(f: &Frame) -> (bool, usize) {
    let e = f.dir_to_canonical(Direction::E);
    let mirrored = f.dir_to_canonical(Direction::SE) != e.rotate_cw();
    let rotation = if mirrored { e.mirror() } else { e }.index();
    (mirrored, rotation)
}

/// A legal move and the frame it leaves behind.
type FramedMove = (Move, Frame);

/// The candidates a parsed move matches, or how far matching got and why it failed.
fn matching(
    pos: &Position,
    bm: &BugMove,
    candidates: &[(Move, Frame)],
) -> Result<Vec<FramedMove>, (usize, Box<Mismatch>)> {
    let label = Kind {
        color: bm.color,
        bug: bm.bug,
    };
    let square = bm.to;
    let stage = |depth: usize,
                 set: Vec<(Move, Frame)>,
                 keep: &dyn Fn(&(Move, Frame)) -> bool,
                 why: &dyn Fn() -> Mismatch| {
        let kept: Vec<(Move, Frame)> = set.into_iter().filter(|c| keep(c)).collect();
        if kept.is_empty() {
            Err((depth, Box::new(why())))
        } else {
            Ok(kept)
        }
    };
    let set = stage(
        0,
        candidates.to_vec(),
        &|(m, _)| {
            m.piece()
                .is_some_and(|p| p.bug() == bm.bug && bm.color.is_none_or(|c| c == p.color()))
        },
        &|| Mismatch::Piece(label),
    )?;
    let set = stage(
        1,
        set,
        &|(m, f)| m.to().is_some_and(|to| bm.to.names(f.to_canonical(to))),
        &|| Mismatch::Destination {
            piece: label,
            square,
        },
    )?;
    let set = if bm.placement {
        stage(2, set, &|(m, _)| matches!(m, Move::Place { .. }), &|| {
            Mismatch::NotPlacement {
                piece: label,
                square,
            }
        })?
    } else if !bm.origin.is_empty() || bm.thrower.is_some() {
        stage(2, set, &|(m, _)| matches!(m, Move::Move { .. }), &|| {
            Mismatch::NotMovement {
                piece: label,
                square,
            }
        })?
    } else {
        set
    };
    let set = stage(
        3,
        set,
        &|(m, f)| {
            m.from()
                .is_none_or(|from| bm.origin.matches(f.to_canonical(from)))
        },
        &|| Mismatch::Origin {
            piece: label,
            origin: bm.origin,
            square,
        },
    )?;
    let Some(t) = bm.thrower else {
        return Ok(set);
    };
    stage(
        4,
        set,
        &|(m, f)| {
            let (Some(p), Some(to)) = (m.piece(), m.to()) else {
                return false;
            };
            pos.throwers(p, to).into_iter().any(|th| {
                th.bug() == t.bug
                    && t.color.is_none_or(|c| c == th.color())
                    && t.square.is_none_or(|sq| {
                        pos.board()
                            .position(th)
                            .is_some_and(|h| sq.names(f.to_canonical(h)))
                    })
            })
        },
        &|| Mismatch::Thrower {
            thrower: t,
            piece: label,
            square,
        },
    )
}

/// The text grammar: `[colour] bug [@] [origin] square [(thrower)]` or `pass`.
mod parse {
    use super::*;

    /// One coordinate as written: a column name or a row number.
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum CoordinateItem {
        Col(Column),
        Row(i32),
    }

    fn err(text: &str, reason: impl Into<String>) -> SyntaxError {
        SyntaxError::new(<AlgebraicMove as Notation>::NAME, text, reason)
    }

    pub(super) fn alternatives(text: &str) -> Result<Vec<AlgebraicMove>, SyntaxError> {
        let t = text.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(vec![AlgebraicMove::Pass]);
        }
        if t.is_empty() {
            return Err(err(text, "empty"));
        }
        if let Some(c) = t
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || c.is_whitespace() || "@+-()".contains(*c)))
        {
            return Err(err(text, format!("unexpected character '{c}'")));
        }
        let (body, thrower) = match t.strip_suffix(')') {
            Some(rest) => {
                let open = rest
                    .rfind('(')
                    .ok_or_else(|| err(text, "')' without '('"))?;
                let thrower = thrower(text, &rest[open + 1..])?;
                (&rest[..open], Some(thrower))
            }
            None => (t, None),
        };
        if body.contains(['(', ')']) {
            return Err(err(
                text,
                "parentheses only around the moving Pillbug or Mosquito",
            ));
        }
        let (color, bug, rest) = piece(text, body.trim())?;
        let rest = rest.trim_start();
        let (placement, rest) = match rest.strip_prefix('@') {
            Some(r) => (true, r),
            None => (false, rest),
        };
        if rest.contains('@') {
            return Err(err(text, "'@' goes right before the destination"));
        }
        let mut out = Vec::new();
        let mut why = "expected a destination such as n2";
        for items in items(text, rest)? {
            let Some((origin, to)) = shape(&items) else {
                continue;
            };
            if placement && !origin.is_empty() {
                why = "a placement ('@') has no origin";
                continue;
            }
            let m = AlgebraicMove::Bug(BugMove {
                color,
                bug,
                placement,
                origin,
                from: None,
                to,
                thrower,
            });
            if !out.contains(&m) {
                out.push(m);
            }
        }
        if out.is_empty() {
            return Err(err(text, why));
        }
        Ok(out)
    }

    /// `w`/`b` (optional) and the bug letter; returns the rest.
    fn piece<'a>(text: &str, s: &'a str) -> Result<(Option<Color>, Bug, &'a str), SyntaxError> {
        let b = s.as_bytes();
        let (color, i) = match (b.first(), b.get(1)) {
            (Some(b'w'), Some(n)) if n.is_ascii_uppercase() => (Some(Color::White), 1),
            (Some(b'b'), Some(n)) if n.is_ascii_uppercase() => (Some(Color::Black), 1),
            _ => (None, 0),
        };
        let bug = b
            .get(i)
            .filter(|c| c.is_ascii_uppercase())
            .and_then(|c| Bug::from_letter(*c as char))
            .ok_or_else(|| {
                err(
                    text,
                    "expected a piece: optional w or b, then Q, S, B, G, A, M, L or P",
                )
            })?;
        Ok((color, bug, &s[i + 1..]))
    }

    fn thrower(text: &str, inner: &str) -> Result<Thrower, SyntaxError> {
        let (color, bug, rest) = piece(text, inner.trim())?;
        if !matches!(bug, Bug::Pillbug | Bug::Mosquito) {
            return Err(err(
                text,
                "only a Pillbug or a Mosquito moves another piece",
            ));
        }
        let alts = items(text, rest)?;
        let square = if rest.trim().is_empty() {
            None
        } else {
            match alts.iter().find_map(|it| match it.as_slice() {
                [CoordinateItem::Col(c), CoordinateItem::Row(r)] => Some(Square {
                    column: *c,
                    row: *r,
                }),
                _ => None,
            }) {
                Some(sq) => Some(sq),
                None => return Err(err(text, "expected the mover's square, e.g. (wP k2)")),
            }
        };
        Ok(Thrower { color, bug, square })
    }

    /// Origin and destination from the coordinate items.
    fn shape(items: &[CoordinateItem]) -> Option<(Origin, Square)> {
        use CoordinateItem::{Col, Row};
        let sq = |c: &Column, r: &i32| Square {
            column: *c,
            row: *r,
        };
        Some(match items {
            [Col(c), Row(r)] => (Origin::default(), sq(c, r)),
            [Col(oc), Col(c), Row(r)] => (
                Origin {
                    column: Some(*oc),
                    row: None,
                },
                sq(c, r),
            ),
            [Row(or), Col(c), Row(r)] => (
                Origin {
                    column: None,
                    row: Some(*or),
                },
                sq(c, r),
            ),
            [Col(oc), Row(or), Col(c), Row(r)] => (
                Origin {
                    column: Some(*oc),
                    row: Some(*or),
                },
                sq(c, r),
            ),
            _ => return None,
        })
    }

    /// All item sequences the coordinate text can mean (letter runs split every way).
    fn items(text: &str, s: &str) -> Result<Vec<Vec<CoordinateItem>>, SyntaxError> {
        let mut seqs: Vec<Vec<CoordinateItem>> = vec![Vec::new()];
        for token in s.split_whitespace() {
            let b = token.as_bytes();
            let mut i = 0;
            while i < b.len() {
                let c = b[i];
                if c.is_ascii_lowercase() {
                    let start = i;
                    while i < b.len() && b[i].is_ascii_lowercase() {
                        i += 1;
                    }
                    if i - start > 4 {
                        return Err(err(text, format!("'{}' is not a column", &token[start..i])));
                    }
                    let splits = split_columns(&b[start..i]);
                    seqs = seqs
                        .iter()
                        .flat_map(|seq| {
                            splits.iter().map(move |cols| {
                                let mut v = seq.clone();
                                v.extend(cols.iter().map(|c| CoordinateItem::Col(*c)));
                                v
                            })
                        })
                        .collect();
                } else if c.is_ascii_digit() || c == b'+' || c == b'-' {
                    let start = i;
                    if !c.is_ascii_digit() {
                        i += 1;
                    }
                    let digits = i;
                    while i < b.len() && b[i].is_ascii_digit() {
                        i += 1;
                    }
                    if i == digits {
                        return Err(err(text, "a sign must be followed by a row number"));
                    }
                    let row: i32 = token[start..i]
                        .trim_start_matches('+')
                        .parse()
                        .ok()
                        .filter(|r: &i32| r.abs() <= 999)
                        .ok_or_else(|| err(text, "row number out of range"))?;
                    for seq in &mut seqs {
                        seq.push(CoordinateItem::Row(row));
                    }
                } else {
                    return Err(err(text, format!("unexpected '{}'", c as char)));
                }
            }
        }
        Ok(seqs)
    }

    /// Ways to read a run of letters as column names (`x` or `xx`), more names first.
    fn split_columns(run: &[u8]) -> Vec<Vec<Column>> {
        if run.is_empty() {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for len in [1, 2] {
            if run.len() < len || (len == 2 && run[0] != run[1]) {
                continue;
            }
            let name = std::str::from_utf8(&run[..len]).ok();
            let Some(col) = name.and_then(Column::from_name) else {
                continue;
            };
            for mut rest in split_columns(&run[len..]) {
                rest.insert(0, col);
                out.push(rest);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn column_names_wrap() {
        assert_eq!(Column::of_q(0).name(), "m");
        assert_eq!(Column::of_q(1).name(), "n");
        assert_eq!(Column::of_q(13).name(), "z");
        assert_eq!(Column::of_q(14).name(), "aa");
        assert_eq!(Column::of_q(-12).name(), "a");
        assert_eq!(Column::of_q(-13).name(), "zz");
        assert_eq!(Column::of_q(-14).name(), "yy");
        assert_eq!(Column::of_q(40).name(), "a");
        for q in -200..200 {
            let c = Column::of_q(q);
            assert_eq!(Column::from_name(c.name()), Some(c));
            assert_eq!(c.nearest_q(q + 25), q);
            assert_eq!(c.nearest_q(q - 25), q);
        }
    }

    #[test]
    fn syntax_round_trips() {
        for (text, form) in [
            ("wG @m0", Form::Long),
            ("wA m-1 n+2", Form::Long),
            ("wG j+3 k+1 (wP k+2)", Form::Long),
            ("wA m n2", Form::Short),
            ("bM p0", Form::Short),
            ("wG j3 k1 (wP)", Form::Short),
            ("wG 3 k1 (wP)", Form::Short),
            ("bB m l0", Form::Short),
            ("wA n-1 zz-2", Form::Short),
            ("wAmn2", Form::Compressed),
            ("wG@o0", Form::Compressed),
            ("wGj3k1(wP)", Form::Compressed),
            ("pass", Form::Short),
        ] {
            let m: AlgebraicMove = text.parse().unwrap();
            assert_eq!(m.write(form), text);
        }
    }

    #[test]
    fn compressed_runs_split_every_way() {
        let alts = AlgebraicMove::alternatives("wAnn2").unwrap();
        assert_eq!(alts.len(), 2);
        assert_eq!(alts[0].write(Form::Short), "wA n n2");
        assert_eq!(alts[1].write(Form::Short), "wA nn2");
        let spaced = AlgebraicMove::alternatives("wA n n2").unwrap();
        assert_eq!(spaced.len(), 1);
    }
}
