//! Where hexes go on the screen.
//!
//! Board units: a hex has circumradius 1. The engine's pointy-top axial grid is turned by an
//! angle chosen from the orientation and the tile shape: "noon up" works in the canonical
//! frame and turns noon (canonical east) to the top of the screen, which makes tiles flat-topped;
//! pointy tiles turn it a further 30° (noon then points up and to the right). "As played" keeps
//! the record's own coordinates with UHP's pointy-top view (east to the right) or, for flat
//! tiles, turned 30° clockwise.

use crate::engine::hex::{Direction, Hex};
use crate::notation::frame::Frame;

/// A point in board units, y growing downward (as in SVG).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Orientation {
    /// The direction frame: noon up, the game's handedness as the notation sees it.
    #[default]
    NoonUp,
    /// The record's own coordinates, as the game was played.
    AsPlayed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum TileShape {
    #[default]
    Flat,
    Pointy,
}

/// Maps engine hexes to screen points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub frame: Frame,
    pub orientation: Orientation,
    pub shape: TileShape,
    /// Clockwise screen rotation applied to the pointy-top layout, in degrees.
    angle: f64,
}

const SQRT3: f64 = 1.732_050_807_568_877_2;

impl Layout {
    pub fn new(frame: Frame, orientation: Orientation, shape: TileShape) -> Layout {
        let angle = match (orientation, shape) {
            (Orientation::NoonUp, TileShape::Flat) => -90.0,
            (Orientation::NoonUp, TileShape::Pointy) => -60.0,
            (Orientation::AsPlayed, TileShape::Pointy) => 0.0,
            (Orientation::AsPlayed, TileShape::Flat) => 30.0,
        };
        Layout {
            frame,
            orientation,
            shape,
            angle,
        }
    }

    /// The hex in the coordinates this layout draws (canonical or record).
    fn drawn(&self, h: Hex) -> Hex {
        match self.orientation {
            Orientation::NoonUp => self.frame.to_canonical(h),
            Orientation::AsPlayed => h,
        }
    }

    fn turn(&self, x: f64, y: f64) -> Point {
        let (s, c) = self.angle.to_radians().sin_cos();
        Point {
            x: x * c - y * s,
            y: x * s + y * c,
        }
    }

    /// The centre of an engine hex.
    pub fn center(&self, h: Hex) -> Point {
        let d = self.drawn(h);
        let x = SQRT3 * (d.q as f64 + d.r as f64 / 2.0);
        let y = 1.5 * d.r as f64;
        self.turn(x, y)
    }

    /// The six corners of a tile of circumradius `size` centred on `c`.
    pub fn corners(&self, c: Point, size: f64) -> [Point; 6] {
        let start = match self.shape {
            TileShape::Pointy => 30.0,
            TileShape::Flat => 0.0,
        };
        std::array::from_fn(|i| {
            let a = (start + 60.0 * i as f64).to_radians();
            Point {
                x: c.x + size * a.cos(),
                y: c.y + size * a.sin(),
            }
        })
    }

    /// The unit screen vector of an engine direction.
    pub fn direction_vector(&self, d: Direction) -> Point {
        let a = self.center(Hex::ORIGIN);
        let b = self.center(Hex::ORIGIN.step(d));
        let len = SQRT3;
        Point {
            x: (b.x - a.x) / len,
            y: (b.y - a.y) / len,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::piece::PieceId;
    use crate::engine::position::Move;

    fn place(q: i32, r: i32) -> Move {
        Move::Place {
            piece: PieceId(1),
            to: Hex::new(q, r),
        }
    }

    #[test]
    fn noon_points_up_and_afternoon_clockwise_of_it() {
        // Piece 2 north-west of piece 1 in the record; an off-axis piece fixes the handedness.
        let f = Frame::of_moves(&[place(0, 0), place(0, -1), place(-1, 1)]);
        let l = Layout::new(f, Orientation::NoonUp, TileShape::Flat);
        let noon = l.direction_vector(f.dir_from_canonical(Direction::E));
        assert!(
            (noon.x).abs() < 1e-9 && (noon.y + 1.0).abs() < 1e-9,
            "{noon:?}"
        );
        let afternoon = l.direction_vector(f.dir_from_canonical(Direction::SE));
        assert!(afternoon.x > 0.0 && afternoon.y < 0.0, "{afternoon:?}");
        // Neighbouring centres are one tile width apart in every layout.
        for o in [Orientation::NoonUp, Orientation::AsPlayed] {
            for s in [TileShape::Flat, TileShape::Pointy] {
                let l = Layout::new(f, o, s);
                for d in Direction::ALL {
                    let v = l.direction_vector(d);
                    assert!(((v.x * v.x + v.y * v.y).sqrt() - 1.0).abs() < 1e-9);
                }
            }
        }
    }

    #[test]
    fn as_played_keeps_uhp_directions() {
        let l = Layout::new(Frame::EMPTY, Orientation::AsPlayed, TileShape::Pointy);
        let east = l.direction_vector(Direction::E);
        assert!((east.x - 1.0).abs() < 1e-9 && east.y.abs() < 1e-9);
        let ne = l.direction_vector(Direction::NE);
        assert!(ne.x > 0.0 && ne.y < 0.0);
    }
}
