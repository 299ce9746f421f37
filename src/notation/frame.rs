//! The canonical frame: where a game's notation stands, independent of how the board was
//! turned or mirrored when it was played.
//!
//! Piece 1 stands on `(0, 0)` and piece 2 east of it, on `(1, 0)`; the first piece placed or
//! moved off that line lies south of it (`r > 0`, pointy-top axial with `r` downward). The
//! direction notation names the same frame's directions: noon is east, then clockwise
//! afternoon, sunset, midnight, sunrise, forenoon (see `docs/NOTATION.md`).
//!
//! Before piece 2 is placed only the origin is known; before the first off-axis move every
//! piece lies on the noon–midnight line, so the missing mirror does not show in any notation.
//!
//! ```
//! use beeline::engine::hex::{Direction, Hex};
//! use beeline::notation::frame::Frame;
//! use beeline::notation::uhp::GameString;
//! // Black's first piece north-west of White's, then White's next piece off the line.
//! let g: GameString = "Base;InProgress;Black[2];wS1;bS1 \\wS1;wG1 /wS1".parse().unwrap();
//! let pos = g.replay().unwrap();
//! let f = Frame::of_moves(&pos.moves());
//! assert!(f.is_complete());
//! assert_eq!(f.to_canonical(Hex::new(0, -1)), Hex::new(1, 0));
//! assert_eq!(f.dir_to_canonical(Direction::NW), Direction::E);
//! assert!(f.to_canonical(Hex::new(-1, 1)).r > 0);
//! ```

use crate::engine::hex::{Direction, Hex};
use crate::engine::position::{Move, Position};

/// How much of the frame the moves so far have fixed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// No piece yet.
    Empty,
    /// Piece 1 placed: the origin is known.
    Origin,
    /// Piece 2 placed: the noon–midnight axis is known.
    Axis,
    /// A piece went off the axis: the handedness is known too.
    Complete,
}

/// A map from engine coordinates to canonical coordinates: translate, rotate, mirror.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Frame {
    origin: Hex,
    /// Clockwise sixths of a turn that bring piece 2's direction to east.
    rotation: u8,
    /// Whether rows are negated after the rotation.
    mirrored: bool,
    stage: Stage,
}

impl Default for Frame {
    fn default() -> Self {
        Frame::EMPTY
    }
}

impl Frame {
    pub const EMPTY: Frame = Frame {
        origin: Hex::ORIGIN,
        rotation: 0,
        mirrored: false,
        stage: Stage::Empty,
    };

    /// The engine's own coordinates, as a complete frame that maps nothing: notation written
    /// in it uses a record's own coordinates.
    pub const ENGINE: Frame = Frame {
        origin: Hex::ORIGIN,
        rotation: 0,
        mirrored: false,
        stage: Stage::Complete,
    };

    /// The frame fixed by a game's moves (from the empty board).
    pub fn of_moves(moves: &[Move]) -> Frame {
        moves.iter().fold(Frame::EMPTY, |f, m| f.after(*m))
    }

    /// The frame before a game's first move: empty for a game from the empty board; for a
    /// set-up position, the coordinates it was set up in (`engine::setup`), complete from
    /// the start, since its pieces were never placed in an order that could fix one.
    pub fn at_start(pos: &Position) -> Frame {
        if pos.is_set_up() {
            Frame::ENGINE
        } else {
            Frame::EMPTY
        }
    }

    /// The frame of the game that reached `pos` ([`Frame::at_start`], then its moves).
    pub fn of_position(pos: &Position) -> Frame {
        Frame::of_line(pos, &pos.moves())
    }

    /// The frame after `moves` played from a game whose start is like `pos`'s.
    pub fn of_line(pos: &Position, moves: &[Move]) -> Frame {
        moves.iter().fold(Frame::at_start(pos), |f, m| f.after(*m))
    }

    /// The frame after one more move. Only placements and movements matter.
    pub fn after(self, mv: Move) -> Frame {
        let Some(to) = mv.to() else { return self };
        match self.stage {
            Stage::Empty => Frame {
                origin: to,
                stage: Stage::Origin,
                ..self
            },
            Stage::Origin => match self.origin.direction_to(to) {
                Some(d) => Frame {
                    rotation: ((6 - d.index()) % 6) as u8,
                    stage: Stage::Axis,
                    ..self
                },
                // A move that does not set the axis (e.g. piece 1 moving) leaves it open.
                None => self,
            },
            Stage::Axis => {
                let c = self.rotated(to);
                if c.r == 0 {
                    self
                } else {
                    Frame {
                        mirrored: c.r < 0,
                        stage: Stage::Complete,
                        ..self
                    }
                }
            }
            Stage::Complete => self,
        }
    }

    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Whether the handedness (and so every direction) is fixed.
    pub fn is_complete(&self) -> bool {
        self.stage == Stage::Complete
    }

    /// Whether the noon–midnight axis is fixed.
    pub fn has_axis(&self) -> bool {
        matches!(self.stage, Stage::Axis | Stage::Complete)
    }

    fn rotated(&self, h: Hex) -> Hex {
        Hex::new(h.q - self.origin.q, h.r - self.origin.r).rotate_cw(self.rotation)
    }

    /// Engine hex to canonical hex.
    pub fn to_canonical(&self, h: Hex) -> Hex {
        let c = self.rotated(h);
        if self.mirrored {
            c.mirror()
        } else {
            c
        }
    }

    /// Canonical hex to engine hex.
    pub fn from_canonical(&self, c: Hex) -> Hex {
        let c = if self.mirrored { c.mirror() } else { c };
        let h = c.rotate_cw((6 - self.rotation % 6) % 6);
        Hex::new(h.q + self.origin.q, h.r + self.origin.r)
    }

    /// Engine direction to canonical direction.
    pub fn dir_to_canonical(&self, d: Direction) -> Direction {
        let c = Direction::from_index(d.index() + self.rotation as usize);
        if self.mirrored {
            c.mirror()
        } else {
            c
        }
    }

    /// Canonical direction to engine direction.
    pub fn dir_from_canonical(&self, c: Direction) -> Direction {
        let c = if self.mirrored { c.mirror() } else { c };
        Direction::from_index(c.index() + 6 - self.rotation as usize % 6)
    }

    /// The same frame with the other handedness; used to read a move that would fix it.
    pub fn mirrored(self) -> Frame {
        Frame {
            mirrored: !self.mirrored,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::piece::PieceId;

    fn place(q: i32, r: i32) -> Move {
        Move::Place {
            piece: PieceId(1),
            to: Hex::new(q, r),
        }
    }

    #[test]
    fn frame_maps_both_ways_in_every_orientation() {
        for rot in 0..6u8 {
            for mirror in [false, true] {
                let orient = |h: Hex| {
                    let h = h.rotate_cw(rot);
                    let h = if mirror { h.mirror() } else { h };
                    Hex::new(h.q + 5, h.r - 3)
                };
                // A canonical game: origin, east, then a piece south-east of the origin.
                let canon = [
                    Hex::new(0, 0),
                    Hex::new(1, 0),
                    Hex::new(-1, 0),
                    Hex::new(0, 1),
                ];
                let moves: Vec<Move> = canon
                    .iter()
                    .map(|c| {
                        let h = orient(*c);
                        place(h.q, h.r)
                    })
                    .collect();
                let f = Frame::of_moves(&moves);
                assert!(f.is_complete());
                for c in canon {
                    assert_eq!(f.to_canonical(orient(c)), c, "rot {rot} mirror {mirror}");
                    assert_eq!(f.from_canonical(c), orient(c));
                }
                for d in Direction::ALL {
                    let c = f.dir_to_canonical(d);
                    assert_eq!(f.dir_from_canonical(c), d);
                    let a = orient(Hex::ORIGIN);
                    let b = a.step(d);
                    assert_eq!(f.to_canonical(a).direction_to(f.to_canonical(b)), Some(c));
                }
            }
        }
    }

    #[test]
    fn stages_advance_only_when_fixed() {
        let f = Frame::EMPTY.after(place(0, 0));
        assert_eq!(f.stage(), Stage::Origin);
        let f = f.after(Move::Pass).after(place(0, 1));
        assert_eq!(f.stage(), Stage::Axis);
        // On the axis (south-west of the origin is its midnight side here).
        let f = f.after(place(0, -1));
        assert_eq!(f.stage(), Stage::Axis);
        let f = f.after(place(1, -1));
        assert!(f.is_complete());
        assert_eq!(f.to_canonical(Hex::new(0, 1)), Hex::new(1, 0));
        assert!(f.to_canonical(Hex::new(1, -1)).r > 0);
    }
}
