//! The algebraic grid over a board: the name of every occupied cell and of the empty cells
//! around the hive, in the canonical frame (the algebraic notation's own coordinates), so
//! that a player can read a position's squares and write its moves.
//!
//! ```
//! use beeline::engine::piece::GameType;
//! use beeline::engine::position::Rules;
//! use beeline::notation::uhp::GameString;
//! use beeline::view::{grid, Replay};
//! let g: GameString = "Base;InProgress;White[2];wS1;bS1 wS1-".parse().unwrap();
//! let replay = Replay::new(GameType::BASE, Rules::default(), &g.replay().unwrap().moves());
//! let cells = grid::cells(replay.snapshot(2), &replay.frame());
//! let names: Vec<&str> = cells.iter().filter(|c| c.occupied).map(|c| c.name.as_str()).collect();
//! assert_eq!(names, ["m0", "n0"]);
//! assert_eq!(cells.len(), 2 + 8);
//! ```

use super::Snapshot;
use crate::engine::hex::Hex;
use crate::notation::algebraic::Square;
use crate::notation::frame::Frame;

/// A named cell of the grid.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridCell {
    /// The engine hex.
    pub hex: Hex,
    /// Its algebraic name (`m0`, `n-1`).
    pub name: String,
    pub occupied: bool,
}

/// The occupied cells and the ring of empty cells around them (the origin alone on an empty
/// board), named in `frame`, sorted by row then column as the names read.
pub fn cells(snapshot: &Snapshot, frame: &Frame) -> Vec<GridCell> {
    let occupied: Vec<Hex> = snapshot.stacks.iter().map(|(h, _)| *h).collect();
    let mut hexes: Vec<(Hex, bool)> = occupied.iter().map(|h| (*h, true)).collect();
    for h in &occupied {
        for n in h.neighbors() {
            if !occupied.contains(&n) && !hexes.iter().any(|(x, _)| *x == n) {
                hexes.push((n, false));
            }
        }
    }
    if hexes.is_empty() {
        hexes.push((Hex::ORIGIN, false));
    }
    let mut out: Vec<(Hex, GridCell)> = hexes
        .into_iter()
        .map(|(hex, occupied)| {
            let c = frame.to_canonical(hex);
            let name = Square::of(c).to_string();
            (
                c,
                GridCell {
                    hex,
                    name,
                    occupied,
                },
            )
        })
        .collect();
    crate::engine::hex::sort_by_row(&mut out, |(c, _)| *c);
    out.into_iter().map(|(_, cell)| cell).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hex::Direction;

    #[test]
    fn cells_are_named_in_the_canonical_frame() {
        // Piece 2 north-west of piece 1 in the engine: canonically it is east, `n0`.
        let nw = Hex::ORIGIN.step(Direction::NW);
        let snap = Snapshot {
            stacks: vec![(Hex::ORIGIN, vec![]), (nw, vec![])],
        };
        let frame = Frame::EMPTY
            .after(crate::engine::position::Move::Place {
                piece: crate::engine::piece::PieceId(0),
                to: Hex::ORIGIN,
            })
            .after(crate::engine::position::Move::Place {
                piece: crate::engine::piece::PieceId(14),
                to: nw,
            });
        let cells = cells(&snap, &frame);
        let named = |n: &str| {
            cells
                .iter()
                .find(|c| c.name == n)
                .map(|c| (c.hex, c.occupied))
        };
        assert_eq!(named("m0"), Some((Hex::ORIGIN, true)));
        assert_eq!(named("n0"), Some((nw, true)));
        // Every empty neighbour once, none occupied twice.
        assert_eq!(cells.iter().filter(|c| !c.occupied).count(), 8);
        let mut names: Vec<&str> = cells.iter().map(|c| c.name.as_str()).collect();
        names.dedup();
        assert_eq!(names.len(), 10);
        // Row by row, top to bottom.
        let rows: Vec<i32> = cells.iter().map(|c| frame.to_canonical(c.hex).r).collect();
        assert!(rows.windows(2).all(|w| w[0] <= w[1]));
        // The empty board has its first cell.
        let empty = super::cells(&Snapshot::default(), &Frame::EMPTY);
        assert_eq!(empty.len(), 1);
        assert_eq!(empty[0].name, "m0");
    }
}
