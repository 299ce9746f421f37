//! Set-up positions: pieces stood on the board by hand (a puzzle, a formation, a position
//! copied from a diagram) rather than reached by play.
//!
//! A [`Setup`] lists stacks of pieces by colour and bug, bottom to top, and who is to move.
//! [`Setup::position`] checks it against the rules of the pieces (how many of a kind the
//! game type has, which bugs can stand on others, whether the game is already decided) and
//! numbers the pieces of each kind in reading order, so that the pieces still in hand are
//! the higher-numbered ones, as the placement rule expects.
//!
//! What a set-up position cannot tell is assumed (`docs/POSITIONS.md`): no piece moved
//! last (so the Pillbug may throw anything), the queen rule counts the pieces a side has on
//! the board, and a hive in several parts is shown but no move is legal from it.
//!
//! ```
//! use beeline::engine::hex::Hex;
//! use beeline::engine::piece::{Bug, Color, GameType};
//! use beeline::engine::setup::Setup;
//! let s = Setup {
//!     game_type: GameType::BASE,
//!     to_move: Color::Black,
//!     stacks: vec![
//!         (Hex::new(0, 0), vec![(Color::White, Bug::Queen)]),
//!         (Hex::new(1, 0), vec![(Color::Black, Bug::Queen), (Color::White, Bug::Beetle)]),
//!     ],
//! };
//! let pos = s.position(Default::default()).unwrap();
//! assert_eq!(pos.to_move(), Color::Black);
//! assert_eq!(pos.board().stack(Hex::new(1, 0)).len(), 2);
//! ```

use crate::engine::board::GRID;
use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, GameType, PieceId};
use crate::engine::position::{Position, Rules};
use std::fmt;
use thiserror::Error;

/// A position stood up by hand: stacks (bottom to top) on cells, and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub game_type: GameType,
    pub to_move: Color,
    pub stacks: Vec<(Hex, Vec<(Color, Bug)>)>,
}

/// Why a set-up position cannot stand.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    #[error("{} {} {}: {} has only {allowed}", count, color.name(), plural(*bug, *count), game_type_name(*bug))]
    TooMany {
        color: Color,
        bug: Bug,
        count: usize,
        allowed: usize,
    },
    #[error("the {} is not part of {game_type}", bug.name())]
    NotInGame { bug: Bug, game_type: GameType },
    #[error("{} {} cannot stand on another piece at {at}: only Beetles and Mosquitoes climb", color.name(), bug.name())]
    CannotClimb {
        color: Color,
        bug: Bug,
        at: NamedCell,
    },
    #[error("both Queens are surrounded: the game would already be over, drawn")]
    BothQueensSurrounded,
    #[error("the pieces lie too far apart for one board (more than {} cells across)", GRID - 4)]
    TooWide,
}

/// Where an error is, as the caller names cells (the engine's own hex unless a notation
/// fills in its name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NamedCell {
    pub hex: Hex,
    pub name: Option<String>,
}

impl fmt::Display for NamedCell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.name {
            Some(n) => f.write_str(n),
            None => write!(f, "({}, {})", self.hex.q, self.hex.r),
        }
    }
}

fn plural(bug: Bug, count: usize) -> String {
    let name = bug.name();
    if count == 1 {
        name.to_string()
    } else if let Some(stem) = name.strip_suffix('y') {
        format!("{stem}ies")
    } else {
        format!("{name}s")
    }
}

fn game_type_name(bug: Bug) -> &'static str {
    if matches!(bug, Bug::Mosquito | Bug::Ladybug | Bug::Pillbug) {
        "its expansion"
    } else {
        "every game type"
    }
}

impl Setup {
    /// The set-up position of a position: its stacks, sorted by cell (row, then column),
    /// and the side to move.
    pub fn of(pos: &Position) -> Setup {
        let b = pos.board();
        let mut cells: Vec<Hex> = b.occupied().collect();
        crate::engine::hex::sort_by_row(&mut cells, |h| *h);
        Setup {
            game_type: pos.game_type(),
            to_move: pos.to_move(),
            stacks: cells
                .into_iter()
                .map(|h| {
                    let pieces = b.stack(h).iter().map(|p| (p.color(), p.bug())).collect();
                    (h, pieces)
                })
                .collect(),
        }
    }

    /// The smallest game type that has every piece listed.
    pub fn smallest_game_type(&self) -> GameType {
        let mut gt = GameType::BASE;
        for (_, stack) in &self.stacks {
            for &(_, bug) in stack {
                match bug {
                    Bug::Mosquito => gt.mosquito = true,
                    Bug::Ladybug => gt.ladybug = true,
                    Bug::Pillbug => gt.pillbug = true,
                    _ => {}
                }
            }
        }
        gt
    }

    /// Whether the pieces form one hive (an empty board counts as one).
    pub fn is_connected(&self) -> bool {
        let cells: Vec<Hex> = self.stacks.iter().map(|(h, _)| *h).collect();
        let Some(&first) = cells.first() else {
            return true;
        };
        let mut seen = vec![first];
        let mut todo = vec![first];
        while let Some(h) = todo.pop() {
            for n in h.neighbors() {
                if cells.contains(&n) && !seen.contains(&n) {
                    seen.push(n);
                    todo.push(n);
                }
            }
        }
        cells.iter().all(|c| seen.contains(c))
    }

    /// The position, after checking that it can stand. `name` names a cell in errors (e.g.
    /// by its algebraic coordinate).
    pub fn position_named(
        &self,
        rules: Rules,
        name: &dyn Fn(Hex) -> Option<String>,
    ) -> Result<Position, SetupError> {
        let gt = self.game_type;
        let mut count = [[0usize; Bug::ALL.len()]; 2];
        // A cell listed again stacks on it: what lies under a piece is what came before.
        let mut seen: Vec<Hex> = Vec::with_capacity(self.stacks.len());
        for (h, pieces) in &self.stacks {
            let mut under = seen.contains(h);
            seen.push(*h);
            for &(color, bug) in pieces {
                if !gt.includes(bug) {
                    return Err(SetupError::NotInGame { bug, game_type: gt });
                }
                if under && !matches!(bug, Bug::Beetle | Bug::Mosquito) {
                    return Err(SetupError::CannotClimb {
                        color,
                        bug,
                        at: NamedCell {
                            hex: *h,
                            name: name(*h),
                        },
                    });
                }
                under = true;
                let n = &mut count[color.index()][bug as usize];
                *n += 1;
                if *n > usize::from(bug.count()) {
                    return Err(SetupError::TooMany {
                        color,
                        bug,
                        count: *n,
                        allowed: usize::from(bug.count()),
                    });
                }
            }
        }
        let span = |f: fn(&Hex) -> i32| {
            let v = seen.iter().map(f);
            v.clone().max().unwrap_or(0) - v.min().unwrap_or(0)
        };
        let limit = GRID as i32 - 4;
        if span(|h| h.q) > limit || span(|h| h.r) > limit || span(|h| h.s()) > limit {
            return Err(SetupError::TooWide);
        }
        let pos = self.position_unchecked(rules);
        if pos.state() == crate::engine::position::GameState::Draw {
            return Err(SetupError::BothQueensSurrounded);
        }
        Ok(pos)
    }

    /// The position as it stands, unchecked: pieces past their kind's count are left out.
    /// For showing a position still being set up (the editor checks it when done).
    pub fn position_unchecked(&self, rules: Rules) -> Position {
        let mut count = [[0usize; Bug::ALL.len()]; 2];
        let mut stacks: Vec<(Hex, Vec<PieceId>)> = Vec::new();
        for (h, pieces) in &self.stacks {
            let mut ids = Vec::new();
            for &(color, bug) in pieces {
                let n = &mut count[color.index()][bug as usize];
                if let Some(id) = PieceId::of_kind(color, bug).nth(*n) {
                    *n += 1;
                    ids.push(id);
                }
            }
            match stacks.iter_mut().find(|(c, _)| c == h) {
                Some((_, s)) => s.extend(ids),
                None => stacks.push((*h, ids)),
            }
        }
        Position::set_up(
            self.game_type,
            rules,
            &stacks,
            self.to_move,
            !self.is_connected(),
        )
    }

    /// [`Setup::position_named`] with cells named by their engine coordinates.
    pub fn position(&self, rules: Rules) -> Result<Position, SetupError> {
        self.position_named(rules, &|_| None)
    }
}
