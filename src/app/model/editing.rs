//! The position being set up in the position editor, piece by piece, free of the DOM (tested
//! natively); `editor` is its panel (the palette and settings) and its toggle.
//!
//! A click on a palette piece then on a cell places that piece (on top of a stack when the
//! piece climbs); a click on a piece then on another cell moves the top piece there, as a
//! drag does; a right click, or Delete on a chosen cell, removes the top piece. Leaving the
//! editor checks the position (`engine::setup`) and starts a study from it.

use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, GameType};
use crate::engine::position::{Position, Rules};
use crate::engine::setup::Setup;
use crate::notation::Coordinates;
use crate::record::position::{canonical_setup, stand};
use crate::record::tree::GameTree;
use crate::record::{Format, Record};
use crate::view::Replay;
use std::sync::Arc;

/// What the next click on a cell does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// Place this piece from the palette.
    Palette(Color, Bug),
    /// Move the top piece of this cell.
    Cell(Hex),
}

/// A position being set up, in its own (canonical) coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editing {
    pub setup: Setup,
    pub held: Option<Held>,
    /// Why the last action or the check on leaving failed.
    pub error: Option<String>,
}

fn climbs(bug: Bug) -> bool {
    matches!(bug, Bug::Beetle | Bug::Mosquito)
}

impl Editing {
    /// The editor opened on a position (of a game, a study, or a set-up), in its game's
    /// canonical frame, so that the grid shows the names the algebraic notation uses.
    pub fn of(pos: &Position) -> Editing {
        Editing {
            setup: canonical_setup(pos),
            held: None,
            error: None,
        }
    }

    /// Pieces of a kind not yet on the board.
    pub fn remaining(&self, color: Color, bug: Bug) -> usize {
        if !self.setup.game_type.includes(bug) {
            return 0;
        }
        let used = self
            .setup
            .stacks
            .iter()
            .flat_map(|(_, s)| s)
            .filter(|p| **p == (color, bug))
            .count();
        usize::from(bug.count()).saturating_sub(used)
    }

    fn stack(&self, h: Hex) -> Option<&Vec<(Color, Bug)>> {
        self.setup
            .stacks
            .iter()
            .find(|(c, _)| *c == h)
            .map(|(_, s)| s)
    }

    /// Puts a piece on a cell (on top of its stack when it climbs).
    pub fn place(&mut self, h: Hex, color: Color, bug: Bug) -> Result<(), String> {
        if self.remaining(color, bug) == 0 {
            return Err(format!(
                "no {} {} is left to place",
                color.name(),
                bug.name()
            ));
        }
        self.put(h, color, bug)
    }

    fn put(&mut self, h: Hex, color: Color, bug: Bug) -> Result<(), String> {
        match self.setup.stacks.iter_mut().find(|(c, _)| *c == h) {
            Some((_, s)) if !s.is_empty() && !climbs(bug) => Err(format!(
                "the {} cannot stand on another piece: only Beetles and Mosquitoes climb",
                bug.name()
            )),
            Some((_, s)) => {
                s.push((color, bug));
                Ok(())
            }
            None => {
                self.setup.stacks.push((h, vec![(color, bug)]));
                Ok(())
            }
        }
    }

    /// Takes the top piece off a cell.
    pub fn remove_top(&mut self, h: Hex) -> Option<(Color, Bug)> {
        let i = self.setup.stacks.iter().position(|(c, _)| *c == h)?;
        let top = self.setup.stacks[i].1.pop();
        if self.setup.stacks[i].1.is_empty() {
            self.setup.stacks.remove(i);
        }
        top
    }

    /// Moves the top piece of one cell onto another.
    pub fn move_top(&mut self, from: Hex, to: Hex) -> Result<(), String> {
        if from == to {
            return Ok(());
        }
        let Some(&(color, bug)) = self.stack(from).and_then(|s| s.last()) else {
            return Ok(());
        };
        if self.stack(to).is_some_and(|s| !s.is_empty()) && !climbs(bug) {
            return Err(format!(
                "the {} cannot stand on another piece: only Beetles and Mosquitoes climb",
                bug.name()
            ));
        }
        self.remove_top(from);
        self.put(to, color, bug)
    }

    /// A click on a cell: places the held palette piece, moves the held cell's top piece,
    /// or holds this cell's piece.
    pub fn click(&mut self, h: Hex) {
        let result = match self.held {
            Some(Held::Palette(color, bug)) => self.place(h, color, bug),
            Some(Held::Cell(from)) => {
                self.held = None;
                self.move_top(from, h)
            }
            None => {
                if self.stack(h).is_some() {
                    self.held = Some(Held::Cell(h));
                }
                Ok(())
            }
        };
        self.error = result.err();
    }

    /// Changes the game type; pieces the new one leaves out are taken off.
    pub fn set_game_type(&mut self, gt: GameType) {
        self.setup.game_type = gt;
        for (_, s) in &mut self.setup.stacks {
            s.retain(|(_, b)| gt.includes(*b));
        }
        self.setup.stacks.retain(|(_, s)| !s.is_empty());
        if let Some(Held::Palette(_, b)) = self.held {
            if !gt.includes(b) {
                self.held = None;
            }
        }
    }

    pub fn clear(&mut self) {
        self.setup.stacks.clear();
        self.held = None;
        self.error = None;
    }

    /// What the board shows while editing.
    pub fn replay(&self) -> Arc<Replay> {
        Arc::new(Replay::of_legal(
            self.setup.position_unchecked(Rules::default()),
            &[],
        ))
    }

    /// The record a study starts from, once the position is checked.
    pub fn finish(&self) -> Result<Record, String> {
        let pos = stand(&self.setup, Rules::default()).map_err(|e| e.to_string())?;
        let mut rec = Record::new(self.setup.game_type, Format::Position);
        rec.coordinates = Coordinates::Canonical;
        if pos.is_split() {
            rec.notices.push(
                "the hive is in several parts: the position is shown, but no move can be played \
                 from it"
                    .to_string(),
            );
        }
        rec.tree = GameTree::from_position(pos);
        Ok(rec)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::position::write;

    fn empty() -> Editing {
        Editing {
            setup: Setup {
                game_type: GameType::BASE,
                to_move: Color::White,
                stacks: Vec::new(),
            },
            held: None,
            error: None,
        }
    }

    #[test]
    fn pieces_are_placed_moved_and_removed() {
        let mut e = empty();
        let (a, b, c) = (Hex::new(0, 0), Hex::new(1, 0), Hex::new(-1, 1));
        e.held = Some(Held::Palette(Color::White, Bug::Queen));
        e.click(a);
        assert_eq!(e.remaining(Color::White, Bug::Queen), 0);
        // No second Queen, and an Ant cannot climb.
        e.click(b);
        assert!(e.error.as_deref().unwrap().contains("no White Queen"));
        e.held = Some(Held::Palette(Color::Black, Bug::Ant));
        e.click(b);
        e.click(a);
        assert!(e
            .error
            .as_deref()
            .unwrap()
            .contains("only Beetles and Mosquitoes climb"));
        e.held = Some(Held::Palette(Color::Black, Bug::Beetle));
        e.click(a);
        assert_eq!(e.error, None);
        assert_eq!(write(&e.setup), "wQ @m0 bB @m0 bA @n0; White to move");
        // Hold the beetle's cell, then click another: it moves onto the ant.
        e.held = None;
        e.click(a);
        assert_eq!(e.held, Some(Held::Cell(a)));
        e.click(b);
        assert_eq!(write(&e.setup), "wQ @m0 bA @n0 bB @n0; White to move");
        assert_eq!(e.move_top(b, c), Ok(()));
        assert_eq!(e.remove_top(c), Some((Color::Black, Bug::Beetle)));
        assert_eq!(e.remove_top(c), None);
        assert_eq!(write(&e.setup), "wQ @m0 bA @n0; White to move");
        // A game type without the Mosquito takes it off.
        e.set_game_type("Base+M".parse().unwrap());
        e.place(c, Color::White, Bug::Mosquito).unwrap();
        e.set_game_type(GameType::BASE);
        assert_eq!(e.remaining(Color::White, Bug::Mosquito), 0);
        assert_eq!(write(&e.setup), "wQ @m0 bA @n0; White to move");
    }

    #[test]
    fn finishing_checks_the_position_and_starts_a_study() {
        let mut e = empty();
        e.place(Hex::new(0, 0), Color::White, Bug::Queen).unwrap();
        e.place(Hex::new(1, 0), Color::Black, Bug::Queen).unwrap();
        e.setup.to_move = Color::Black;
        let rec = e.finish().unwrap();
        assert_eq!(rec.format, Format::Position);
        assert_eq!(rec.start().to_move(), Color::Black);
        assert!(!rec.start().legal_moves().is_empty());
        // Apart: shown, with a notice, and no move.
        e.move_top(Hex::new(1, 0), Hex::new(3, 0)).unwrap();
        let rec = e.finish().unwrap();
        assert_eq!(rec.notices.len(), 1);
        assert!(rec.start().legal_moves().is_empty());
        // A position taken from a game opens in its canonical frame.
        let game = super::super::game::NotatedGame::example();
        let pos = game.record.position_at(20);
        let e = Editing::of(&pos);
        assert_eq!(
            write(&e.setup),
            crate::record::position::write_position(&pos)
        );
        assert_eq!(e.replay().snapshot(0).stacks.len(), e.setup.stacks.len());
    }
}
