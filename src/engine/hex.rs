//! Axial hex coordinates and the six directions.
//!
//! The engine works in pointy-top axial coordinates `(q, r)` with `r` growing downward
//! (south). The first piece of a game stands on `(0, 0)`. Directions are listed clockwise
//! starting from east, so `Direction::ALL[i].rotate_cw()` is `ALL[(i + 1) % 6]`.
//!
//! ```
//! use beeline::engine::hex::{Direction, Hex};
//! let h = Hex::ORIGIN.step(Direction::E).step(Direction::SE);
//! assert_eq!(h, Hex::new(1, 1));
//! assert_eq!(Hex::ORIGIN.distance(h), 2);
//! ```

use std::fmt;

/// A cell of the unbounded hex grid, in axial coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hex {
    pub q: i32,
    pub r: i32,
}

impl Hex {
    pub const ORIGIN: Hex = Hex { q: 0, r: 0 };

    pub const fn new(q: i32, r: i32) -> Hex {
        Hex { q, r }
    }

    /// The neighbouring cell in direction `d`.
    pub const fn step(self, d: Direction) -> Hex {
        let (dq, dr) = d.offset();
        Hex {
            q: self.q + dq,
            r: self.r + dr,
        }
    }

    /// The six neighbours, in `Direction::ALL` order.
    pub fn neighbors(self) -> [Hex; 6] {
        Direction::ALL.map(|d| self.step(d))
    }

    /// The direction from `self` to an adjacent cell, if `other` is adjacent.
    pub fn direction_to(self, other: Hex) -> Option<Direction> {
        Direction::from_offset(other.q - self.q, other.r - self.r)
    }

    /// Number of steps between two cells.
    pub fn distance(self, other: Hex) -> i32 {
        let dq = other.q - self.q;
        let dr = other.r - self.r;
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }

    /// The cube coordinate `s = -q - r`.
    pub const fn s(self) -> i32 {
        -self.q - self.r
    }

    /// Rotates the cell about the origin by `steps` sixths of a turn clockwise.
    pub fn rotate_cw(self, steps: u8) -> Hex {
        let mut h = self;
        for _ in 0..steps % 6 {
            // Cube (x, y, z) -> (-z, -x, -y) is one clockwise sixth with r pointing down.
            h = Hex::new(-h.r, h.q + h.r);
        }
        h
    }

    /// Mirrors the cell in the east-west axis through the origin (row r becomes -r).
    pub fn mirror(self) -> Hex {
        Hex::new(self.q + self.r, -self.r)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.q, self.r)
    }
}

/// One of the six directions between neighbouring cells (pointy-top, r downward).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    E = 0,
    SE = 1,
    SW = 2,
    W = 3,
    NW = 4,
    NE = 5,
}

impl Direction {
    /// All six, clockwise from east.
    pub const ALL: [Direction; 6] = [
        Direction::E,
        Direction::SE,
        Direction::SW,
        Direction::W,
        Direction::NW,
        Direction::NE,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i % 6]
    }

    pub const fn offset(self) -> (i32, i32) {
        match self {
            Direction::E => (1, 0),
            Direction::SE => (0, 1),
            Direction::SW => (-1, 1),
            Direction::W => (-1, 0),
            Direction::NW => (0, -1),
            Direction::NE => (1, -1),
        }
    }

    pub fn from_offset(dq: i32, dr: i32) -> Option<Direction> {
        Direction::ALL.into_iter().find(|d| d.offset() == (dq, dr))
    }

    pub const fn opposite(self) -> Direction {
        Direction::from_index(self as usize + 3)
    }

    pub const fn rotate_cw(self) -> Direction {
        Direction::from_index(self as usize + 1)
    }

    pub const fn rotate_ccw(self) -> Direction {
        Direction::from_index(self as usize + 5)
    }

    /// The direction mirrored in the east-west axis (SE <-> NE, SW <-> NW).
    pub const fn mirror(self) -> Direction {
        Direction::from_index(6 - self as usize)
    }
}

/// Sorts a short list stably by a key: insertion sort. The lists sorted this way are a
/// hive's cells or pieces (a few dozen), and this costs a few dozen bytes per item type where
/// the standard library's sort costs kilobytes, which the browser build pays for every type.
pub fn sort_small<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && key(&items[j - 1]) > key(&items[j]) {
            items.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// Sorts items in reading order of their hexes: by row, then column.
pub fn sort_by_row<T>(items: &mut [T], hex: impl Fn(&T) -> Hex) {
    sort_small(items, |t| {
        let h = hex(t);
        (h.r, h.q)
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_and_mirror_agree_with_directions() {
        for d in Direction::ALL {
            let h = Hex::ORIGIN.step(d);
            assert_eq!(h.rotate_cw(1), Hex::ORIGIN.step(d.rotate_cw()), "{d:?}");
            assert_eq!(h.mirror(), Hex::ORIGIN.step(d.mirror()), "{d:?}");
            assert_eq!(d.opposite().opposite(), d);
            assert_eq!(Hex::ORIGIN.direction_to(h), Some(d));
        }
        let h = Hex::new(3, -1);
        assert_eq!(h.rotate_cw(6), h);
        assert_eq!(h.mirror().mirror(), h);
        assert_eq!(Hex::ORIGIN.distance(h), 3);
        assert_eq!(Hex::ORIGIN.direction_to(Hex::new(2, 0)), None);
    }
}
