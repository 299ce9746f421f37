//! Colours, bugs, pieces and game types.
//!
//! Every physical piece has a fixed [`PieceId`]: 14 per colour, in the order
//! Q, S1, S2, B1, B2, G1, G2, G3, A1, A2, A3, M, L, P. The number of a bug is its
//! placement order, so the engine always places the lowest unplaced one of a kind.
//!
//! ```
//! use beeline::engine::piece::{Bug, Color, Piece};
//! let p: Piece = "wA2".parse().unwrap();
//! assert_eq!((p.color, p.bug, p.number), (Color::White, Bug::Ant, 2));
//! assert_eq!(p.to_string(), "wA2");
//! ```

use std::fmt;
use std::str::FromStr;
use thiserror::Error;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// `w` or `b`, as in UHP piece names.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum Bug {
    Queen,
    Spider,
    Beetle,
    Grasshopper,
    Ant,
    Mosquito,
    Ladybug,
    Pillbug,
}

impl Bug {
    pub const ALL: [Bug; 8] = [
        Bug::Queen,
        Bug::Spider,
        Bug::Beetle,
        Bug::Grasshopper,
        Bug::Ant,
        Bug::Mosquito,
        Bug::Ladybug,
        Bug::Pillbug,
    ];

    pub const fn letter(self) -> char {
        match self {
            Bug::Queen => 'Q',
            Bug::Spider => 'S',
            Bug::Beetle => 'B',
            Bug::Grasshopper => 'G',
            Bug::Ant => 'A',
            Bug::Mosquito => 'M',
            Bug::Ladybug => 'L',
            Bug::Pillbug => 'P',
        }
    }

    pub fn from_letter(c: char) -> Option<Bug> {
        Bug::ALL
            .into_iter()
            .find(|b| b.letter() == c.to_ascii_uppercase())
    }

    /// How many of this bug each player has.
    pub const fn count(self) -> u8 {
        match self {
            Bug::Queen | Bug::Mosquito | Bug::Ladybug | Bug::Pillbug => 1,
            Bug::Spider | Bug::Beetle => 2,
            Bug::Grasshopper | Bug::Ant => 3,
        }
    }

    /// Bugs with one copy per player carry no number in UHP.
    pub const fn is_unique(self) -> bool {
        self.count() == 1
    }

    pub const fn name(self) -> &'static str {
        match self {
            Bug::Queen => "Queen Bee",
            Bug::Spider => "Spider",
            Bug::Beetle => "Beetle",
            Bug::Grasshopper => "Grasshopper",
            Bug::Ant => "Soldier Ant",
            Bug::Mosquito => "Mosquito",
            Bug::Ladybug => "Ladybug",
            Bug::Pillbug => "Pillbug",
        }
    }

    /// Index of the first piece of this bug within a colour's 14 pieces.
    const fn first_slot(self) -> u8 {
        match self {
            Bug::Queen => 0,
            Bug::Spider => 1,
            Bug::Beetle => 3,
            Bug::Grasshopper => 5,
            Bug::Ant => 8,
            Bug::Mosquito => 11,
            Bug::Ladybug => 12,
            Bug::Pillbug => 13,
        }
    }
}

/// Pieces per colour.
pub const PIECES_PER_COLOR: usize = 14;
/// All pieces of both colours.
pub const PIECE_COUNT: usize = 2 * PIECES_PER_COLOR;

const SLOT_BUGS: [(Bug, u8); PIECES_PER_COLOR] = [
    (Bug::Queen, 0),
    (Bug::Spider, 1),
    (Bug::Spider, 2),
    (Bug::Beetle, 1),
    (Bug::Beetle, 2),
    (Bug::Grasshopper, 1),
    (Bug::Grasshopper, 2),
    (Bug::Grasshopper, 3),
    (Bug::Ant, 1),
    (Bug::Ant, 2),
    (Bug::Ant, 3),
    (Bug::Mosquito, 0),
    (Bug::Ladybug, 0),
    (Bug::Pillbug, 0),
];

/// A physical piece: colour, bug and number (0 for unique bugs, else 1..=count).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub color: Color,
    pub bug: Bug,
    pub number: u8,
}

impl Piece {
    /// Builds a piece, checking the number against the bug's count.
    pub fn new(color: Color, bug: Bug, number: u8) -> Option<Piece> {
        let ok = if bug.is_unique() {
            number == 0
        } else {
            (1..=bug.count()).contains(&number)
        };
        ok.then_some(Piece { color, bug, number })
    }

    pub const fn id(self) -> PieceId {
        let n = if self.number == 0 { 0 } else { self.number - 1 };
        PieceId(self.color as u8 * PIECES_PER_COLOR as u8 + self.bug.first_slot() + n)
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.letter(), self.bug.letter())?;
        if self.number > 0 {
            write!(f, "{}", self.number)?;
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PieceParseError {
    #[error("'{0}' is not a piece name (expected e.g. wQ, bA2)")]
    Syntax(String),
    #[error("'{0}': a {1} has no number {2}")]
    Number(String, &'static str, u8),
}

impl FromStr for Piece {
    type Err = PieceParseError;

    /// Parses a UHP piece name. Accepts BoardSpace's `wM1`, `wL1`, `wP1`, `wQ1` for the
    /// unique bugs (the `1` is dropped).
    fn from_str(s: &str) -> Result<Piece, PieceParseError> {
        let syntax = || PieceParseError::Syntax(s.to_string());
        let mut chars = s.chars();
        let color = match chars.next() {
            Some('w') => Color::White,
            Some('b') => Color::Black,
            _ => return Err(syntax()),
        };
        let bug_char = chars
            .next()
            .filter(char::is_ascii_uppercase)
            .ok_or_else(syntax)?;
        let bug = Bug::from_letter(bug_char).ok_or_else(syntax)?;
        let number = match chars.as_str() {
            "" => 0,
            d if d.len() == 1 && d.as_bytes()[0].is_ascii_digit() => d.as_bytes()[0] - b'0',
            _ => return Err(syntax()),
        };
        let number = if bug.is_unique() && number == 1 {
            0
        } else {
            number
        };
        Piece::new(color, bug, number).ok_or(PieceParseError::Number(
            s.to_string(),
            bug.name(),
            number,
        ))
    }
}

/// Dense index of a piece, 0..28 (white 0..14, black 14..28).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceId(pub u8);

/// The pieces of a mask (bit `id` for each), in id order.
#[inline(always)]
pub(crate) fn pieces_in(mask: u32) -> impl Iterator<Item = PieceId> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let p = PieceId(rest.trailing_zeros() as u8);
            rest &= rest - 1;
            p
        })
    })
}

impl PieceId {
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn color(self) -> Color {
        if (self.0 as usize) < PIECES_PER_COLOR {
            Color::White
        } else {
            Color::Black
        }
    }

    pub const fn bug(self) -> Bug {
        SLOT_BUGS[self.0 as usize % PIECES_PER_COLOR].0
    }

    pub const fn piece(self) -> Piece {
        let (bug, number) = SLOT_BUGS[self.0 as usize % PIECES_PER_COLOR];
        Piece {
            color: self.color(),
            bug,
            number,
        }
    }

    pub fn all() -> impl Iterator<Item = PieceId> {
        (0..PIECE_COUNT as u8).map(PieceId)
    }

    /// The Queen of `color` (every game type has exactly one per colour).
    pub const fn queen(color: Color) -> PieceId {
        PieceId(color as u8 * PIECES_PER_COLOR as u8 + Bug::Queen.first_slot())
    }

    /// The pieces of one colour and bug, in number order.
    pub fn of_kind(color: Color, bug: Bug) -> impl Iterator<Item = PieceId> {
        let first = color as u8 * PIECES_PER_COLOR as u8 + bug.first_slot();
        (first..first + bug.count()).map(PieceId)
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.piece().fmt(f)
    }
}

/// Which expansion bugs are in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct GameType {
    pub mosquito: bool,
    pub ladybug: bool,
    pub pillbug: bool,
}

impl GameType {
    pub const BASE: GameType = GameType {
        mosquito: false,
        ladybug: false,
        pillbug: false,
    };
    pub const MLP: GameType = GameType {
        mosquito: true,
        ladybug: true,
        pillbug: true,
    };

    /// All eight game types, in UHP's order.
    pub fn all() -> [GameType; 8] {
        [
            "Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP",
        ]
        .map(|s| s.parse().unwrap_or_default())
    }

    pub fn includes(self, bug: Bug) -> bool {
        match bug {
            Bug::Mosquito => self.mosquito,
            Bug::Ladybug => self.ladybug,
            Bug::Pillbug => self.pillbug,
            _ => true,
        }
    }
}

impl fmt::Display for GameType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Base")?;
        if self.mosquito || self.ladybug || self.pillbug {
            f.write_str("+")?;
            for (on, c) in [
                (self.mosquito, "M"),
                (self.ladybug, "L"),
                (self.pillbug, "P"),
            ] {
                if on {
                    f.write_str(c)?;
                }
            }
        }
        Ok(())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("'{0}' is not a game type (expected Base, Base+M, Base+L, Base+P, Base+ML, Base+MP, Base+LP or Base+MLP)")]
pub struct GameTypeParseError(pub String);

impl FromStr for GameType {
    type Err = GameTypeParseError;

    /// Parses `Base[+MLP]`; expansions may come in any order and any case.
    fn from_str(s: &str) -> Result<GameType, GameTypeParseError> {
        let err = || GameTypeParseError(s.to_string());
        let t = s.trim();
        let (base, exp) = match t.split_once('+') {
            Some((b, e)) if !e.is_empty() => (b, e),
            Some(_) => return Err(err()),
            None => (t, ""),
        };
        if !base.eq_ignore_ascii_case("base") {
            return Err(err());
        }
        let mut g = GameType::BASE;
        for c in exp.chars() {
            let flag = match c.to_ascii_uppercase() {
                'M' => &mut g.mosquito,
                'L' => &mut g.ladybug,
                'P' => &mut g.pillbug,
                _ => return Err(err()),
            };
            if *flag {
                return Err(err());
            }
            *flag = true;
        }
        Ok(g)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piece_ids_round_trip() {
        for id in PieceId::all() {
            let p = id.piece();
            assert_eq!(p.id(), id);
            assert_eq!(p.to_string().parse::<Piece>(), Ok(p));
        }
        assert_eq!(PieceId::of_kind(Color::Black, Bug::Ant).count(), 3);
        for c in [Color::White, Color::Black] {
            assert_eq!(
                PieceId::of_kind(c, Bug::Queen).collect::<Vec<_>>(),
                [PieceId::queen(c)]
            );
        }
    }

    #[test]
    fn piece_names() {
        assert_eq!(
            "wM1".parse::<Piece>().map(|p| p.to_string()),
            Ok("wM".into())
        );
        assert!("wA4".parse::<Piece>().is_err());
        assert!("wQ2".parse::<Piece>().is_err());
        assert!("xQ".parse::<Piece>().is_err());
        assert!("w".parse::<Piece>().is_err());
        assert!("wA12".parse::<Piece>().is_err());
        assert!("wZ".parse::<Piece>().is_err());
        assert!("wA".parse::<Piece>().is_err());
    }

    #[test]
    fn game_types() {
        let names: Vec<String> = GameType::all().iter().map(|g| g.to_string()).collect();
        assert_eq!(
            names,
            ["Base", "Base+M", "Base+L", "Base+P", "Base+ML", "Base+MP", "Base+LP", "Base+MLP"]
        );
        assert_eq!("base+plm".parse::<GameType>(), Ok(GameType::MLP));
        assert!("Base+".parse::<GameType>().is_err());
        assert!("Base+MM".parse::<GameType>().is_err());
        assert!("Chess".parse::<GameType>().is_err());
    }
}
