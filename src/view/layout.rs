//! Where hexes go on the screen.
//!
//! Board units: a hex has circumradius 1. The engine's pointy-top axial grid is turned by an
//! angle chosen from the orientation and the tile shape: "noon up" works in the canonical
//! frame and turns noon (canonical east) to the top of the screen, which makes tiles flat-topped;
//! pointy tiles turn it a further 30° (noon then points up and to the right). "As played" keeps
//! the record's own coordinates with UHP's pointy-top view (east to the right) or, for flat
//! tiles, turned 30° clockwise.
//!
//! The way back, from the screen to the board, is here too: the board point under a pointer
//! for a view drawn to fit its element, the hex under a board point, and the zoom and pan of a
//! view box.

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

/// The widths a view box may be zoomed to, in board units: a tile or so at the closest, and a
/// large hive at the farthest.
pub const MIN_VIEW_WIDTH: f64 = 3.0;
pub const MAX_VIEW_WIDTH: f64 = 80.0;

/// An axis-aligned rectangle: a view box in board units, or an element's box on screen in
/// pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub width: f64,
    pub height: f64,
}

impl Rect {
    pub const fn new(x: f64, y: f64, width: f64, height: f64) -> Rect {
        Rect {
            x,
            y,
            width,
            height,
        }
    }

    /// The smallest rectangle holding every point, grown by `margin` on each side.
    pub fn around(points: impl IntoIterator<Item = Point>, margin: f64) -> Option<Rect> {
        let mut it = points.into_iter();
        let first = it.next()?;
        let (mut x0, mut y0, mut x1, mut y1) = (first.x, first.y, first.x, first.y);
        for p in it {
            x0 = x0.min(p.x);
            y0 = y0.min(p.y);
            x1 = x1.max(p.x);
            y1 = y1.max(p.y);
        }
        Some(Rect::new(
            x0 - margin,
            y0 - margin,
            x1 - x0 + 2.0 * margin,
            y1 - y0 + 2.0 * margin,
        ))
    }

    pub fn center(self) -> Point {
        Point {
            x: self.x + self.width / 2.0,
            y: self.y + self.height / 2.0,
        }
    }

    /// Whether `inner` lies wholly inside.
    pub fn contains(self, inner: Rect) -> bool {
        inner.x >= self.x
            && inner.y >= self.y
            && inner.x + inner.width <= self.x + self.width
            && inner.y + inner.height <= self.y + self.height
    }

    /// The view scaled about a point of it (factor > 1 zooms in), its width kept between
    /// [`MIN_VIEW_WIDTH`] and [`MAX_VIEW_WIDTH`]; the point stays where it is on screen.
    pub fn zoomed_at(self, factor: f64, at: Point) -> Rect {
        let width = (self.width / factor).clamp(MIN_VIEW_WIDTH, MAX_VIEW_WIDTH);
        let k = width / self.width;
        Rect::new(
            at.x - (at.x - self.x) * k,
            at.y - (at.y - self.y) * k,
            width,
            self.height * k,
        )
    }

    /// The view scaled about its centre.
    pub fn zoomed(self, factor: f64) -> Rect {
        self.zoomed_at(factor, self.center())
    }

    /// Board units per pixel for this view drawn to fit ("meet") in `client`, centred: the
    /// larger of the two ratios. `None` for an element with no size.
    fn units_per_pixel(self, client: Rect) -> Option<f64> {
        (client.width > 0.0 && client.height > 0.0)
            .then(|| (self.width / client.width).max(self.height / client.height))
    }

    /// The board point under a screen point, for this view drawn to fit in `client`.
    pub fn board_point(self, client: Rect, screen: Point) -> Option<Point> {
        let scale = self.units_per_pixel(client)?;
        let pad_x = (client.width - self.width / scale) / 2.0;
        let pad_y = (client.height - self.height / scale) / 2.0;
        Some(Point {
            x: self.x + (screen.x - client.x - pad_x) * scale,
            y: self.y + (screen.y - client.y - pad_y) * scale,
        })
    }

    /// The view after the board was dragged by `(dx, dy)` pixels in `client`: what was under
    /// the pointer stays under it.
    pub fn panned(self, client: Rect, dx: f64, dy: f64) -> Option<Rect> {
        let scale = self.units_per_pixel(client)?;
        Some(Rect::new(
            self.x - dx * scale,
            self.y - dy * scale,
            self.width,
            self.height,
        ))
    }
}

/// Maps engine hexes to screen points.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub frame: Frame,
    pub orientation: Orientation,
    pub shape: TileShape,
    /// Clockwise screen rotation applied to the pointy-top layout, in degrees (a multiple
    /// of 30).
    angle: i32,
}

const SQRT3: f64 = 1.732_050_807_568_877_2;
const HALF_SQRT3: f64 = SQRT3 / 2.0;

/// (sine, cosine) of a multiple of 30 degrees, exactly: every angle a board is drawn at is
/// one, and a table keeps the trigonometry (and its code) out of the app.
fn sin_cos_deg(degrees: i32) -> (f64, f64) {
    const TABLE: [(f64, f64); 12] = [
        (0.0, 1.0),
        (0.5, HALF_SQRT3),
        (HALF_SQRT3, 0.5),
        (1.0, 0.0),
        (HALF_SQRT3, -0.5),
        (0.5, -HALF_SQRT3),
        (0.0, -1.0),
        (-0.5, -HALF_SQRT3),
        (-HALF_SQRT3, -0.5),
        (-1.0, 0.0),
        (-HALF_SQRT3, 0.5),
        (-0.5, HALF_SQRT3),
    ];
    TABLE[(degrees / 30).rem_euclid(12) as usize]
}

impl Layout {
    pub fn new(frame: Frame, orientation: Orientation, shape: TileShape) -> Layout {
        let angle = match (orientation, shape) {
            (Orientation::NoonUp, TileShape::Flat) => -90,
            (Orientation::NoonUp, TileShape::Pointy) => -60,
            (Orientation::AsPlayed, TileShape::Pointy) => 0,
            (Orientation::AsPlayed, TileShape::Flat) => 30,
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
        let (s, c) = sin_cos_deg(self.angle);
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

    /// The engine hex whose cell holds a board point: the inverse of [`Layout::center`].
    pub fn hex_at(&self, p: Point) -> Hex {
        // Undo the turn, then the pointy-top axial layout, and round to the nearest cell.
        let (s, c) = sin_cos_deg(self.angle);
        let x = p.x * c + p.y * s;
        let y = p.y * c - p.x * s;
        let r = y / 1.5;
        let q = x / SQRT3 - r / 2.0;
        let d = round_axial(q, r);
        match self.orientation {
            Orientation::NoonUp => self.frame.from_canonical(d),
            Orientation::AsPlayed => d,
        }
    }

    /// The six corners of a tile of circumradius `size` centred on `c`.
    pub fn corners(&self, c: Point, size: f64) -> [Point; 6] {
        let start = match self.shape {
            TileShape::Pointy => 30,
            TileShape::Flat => 0,
        };
        std::array::from_fn(|i| {
            let (sin, cos) = sin_cos_deg(start + 60 * i as i32);
            Point {
                x: c.x + size * cos,
                y: c.y + size * sin,
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

/// The hex nearest to fractional axial coordinates: round all three cube coordinates and
/// recompute the one that moved most, so that the three still add up to zero.
fn round_axial(q: f64, r: f64) -> Hex {
    let s = -q - r;
    let (mut rq, mut rr, rs) = (q.round(), r.round(), s.round());
    let (dq, dr, ds) = ((rq - q).abs(), (rr - r).abs(), (rs - s).abs());
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Hex::new(rq as i32, rr as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_the_trigonometry_of_every_multiple_of_30_degrees() {
        for k in -24..24 {
            let d = 30 * k;
            let (s, c) = sin_cos_deg(d);
            let (es, ec) = f64::from(d).to_radians().sin_cos();
            assert!((s - es).abs() < 1e-12 && (c - ec).abs() < 1e-12, "{d}°");
        }
    }
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

    fn all_layouts() -> Vec<Layout> {
        // No frame yet; one turned and fixed by an off-axis piece; its mirror image; and one
        // whose origin is away from (0, 0).
        let turned = Frame::of_moves(&[place(0, 0), place(0, -1), place(-1, 1)]);
        let moved = Frame::of_moves(&[place(2, -1), place(3, -2), place(3, -1)]);
        let mut out = Vec::new();
        for f in [Frame::EMPTY, turned, turned.mirrored(), moved] {
            for o in [Orientation::NoonUp, Orientation::AsPlayed] {
                for s in [TileShape::Flat, TileShape::Pointy] {
                    out.push(Layout::new(f, o, s));
                }
            }
        }
        out
    }

    #[test]
    fn hex_at_inverts_center_in_every_layout() {
        for l in all_layouts() {
            for q in -7..=7 {
                for r in -7..=7 {
                    let h = Hex::new(q, r);
                    let c = l.center(h);
                    assert_eq!(l.hex_at(c), h, "{l:?} {h:?}");
                    // Near each corner of the drawn cell, and just inside each edge, is still
                    // the same hex; just past an edge is the neighbour.
                    for p in l.corners(c, 0.97) {
                        assert_eq!(l.hex_at(p), h, "{l:?} {h:?} corner {p:?}");
                    }
                    for d in Direction::ALL {
                        let v = l.direction_vector(d);
                        let at = |k: f64| Point {
                            x: c.x + v.x * k,
                            y: c.y + v.y * k,
                        };
                        // The edge's middle is half the distance between centres, √3/2.
                        assert_eq!(l.hex_at(at(0.84)), h, "{l:?} {h:?} {d:?}");
                        assert_eq!(l.hex_at(at(0.9)), h.step(d), "{l:?} {h:?} {d:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn hex_at_follows_the_frame_with_noon_up() {
        let f = Frame::of_moves(&[place(2, -1), place(3, -2), place(3, -1)]);
        let noon = Layout::new(f, Orientation::NoonUp, TileShape::Flat);
        // Piece 1 is drawn at the origin of the board, noon (piece 2) right above it.
        assert_eq!(noon.hex_at(Point { x: 0.0, y: 0.0 }), Hex::new(2, -1));
        assert_eq!(noon.hex_at(Point { x: 0.0, y: -SQRT3 }), Hex::new(3, -2));
        let played = Layout::new(f, Orientation::AsPlayed, TileShape::Pointy);
        assert_eq!(played.hex_at(Point { x: 0.0, y: 0.0 }), Hex::ORIGIN);
        assert_eq!(played.hex_at(Point { x: SQRT3, y: 0.1 }), Hex::new(1, 0));
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    #[test]
    fn zoom_about_a_point_keeps_it_on_screen_and_clamps_the_width() {
        let client = Rect::new(100.0, 50.0, 800.0, 600.0);
        let view = Rect::new(-6.0, -4.0, 12.0, 8.0);
        for screen in [
            Point { x: 500.0, y: 350.0 },
            Point { x: 130.0, y: 620.0 },
            Point { x: 880.0, y: 60.0 },
        ] {
            let at = view.board_point(client, screen).unwrap();
            for factor in [1.25, 0.8, 2.0] {
                let z = view.zoomed_at(factor, at);
                assert!(close(z.width, 12.0 / factor) && close(z.height, 8.0 / factor));
                let back = z.board_point(client, screen).unwrap();
                assert!(
                    close(back.x, at.x) && close(back.y, at.y),
                    "{factor} {screen:?}"
                );
            }
        }
        let centred = view.zoomed(2.0);
        assert_eq!(centred, Rect::new(-3.0, -2.0, 6.0, 4.0));
        // Widths stay within bounds, keeping the aspect ratio.
        let near = view.zoomed(100.0);
        assert!(
            close(near.width, MIN_VIEW_WIDTH) && close(near.height, MIN_VIEW_WIDTH * 8.0 / 12.0)
        );
        let far = view.zoomed(0.001);
        assert!(close(far.width, MAX_VIEW_WIDTH));
        assert!(close(far.center().x, 0.0) && close(far.center().y, 0.0));
    }

    #[test]
    fn screen_points_map_to_a_view_fitted_in_its_element() {
        // A square view in a wide element: bars left and right, one unit per 30 pixels.
        let client = Rect::new(10.0, 20.0, 400.0, 300.0);
        let view = Rect::new(0.0, 0.0, 10.0, 10.0);
        let p = |x, y| view.board_point(client, Point { x, y }).unwrap();
        assert_eq!(p(210.0, 170.0), Point { x: 5.0, y: 5.0 });
        assert_eq!(p(60.0, 20.0), Point { x: 0.0, y: 0.0 });
        assert_eq!(p(360.0, 320.0), Point { x: 10.0, y: 10.0 });
        assert_eq!(
            view.board_point(Rect::new(0.0, 0.0, 0.0, 300.0), Point { x: 1.0, y: 1.0 }),
            None
        );
        // Dragging moves the view the other way, keeping the board point under the pointer.
        let from = Point { x: 100.0, y: 200.0 };
        let under = view.board_point(client, from).unwrap();
        let moved = view.panned(client, 60.0, -30.0).unwrap();
        let to = Point { x: 160.0, y: 170.0 };
        let now = moved.board_point(client, to).unwrap();
        assert!(close(now.x, under.x) && close(now.y, under.y));
        assert!(moved.x < view.x && moved.y > view.y && moved.width == view.width);
    }

    #[test]
    fn rects_hold_points_and_each_other() {
        let pts = [Point { x: 1.0, y: 2.0 }, Point { x: -3.0, y: 5.0 }];
        let r = Rect::around(pts, 1.0).unwrap();
        assert_eq!(r, Rect::new(-4.0, 1.0, 6.0, 5.0));
        assert!(Rect::around([], 1.0).is_none());
        assert!(r.contains(r) && r.contains(Rect::new(-3.0, 2.0, 1.0, 1.0)));
        assert!(!r.contains(Rect::new(-5.0, 2.0, 1.0, 1.0)));
        assert!(!Rect::new(0.0, 0.0, 1.0, 1.0).contains(r));
    }
}
