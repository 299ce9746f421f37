//! Snapshots of a game at every ply, and the scene to draw for one of them.

use super::layout::{Layout, Point, Rect};
use crate::engine::hex::{Direction, Hex};
use crate::engine::piece::{GameType, PieceId};
use crate::engine::position::{Move, Position, Rules};
use crate::notation::direction::Explanation;
use crate::notation::frame::Frame;

/// The stacks on the board after some ply, bottom piece first, in hex order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    pub stacks: Vec<(Hex, Vec<PieceId>)>,
}

impl Snapshot {
    fn of(pos: &Position) -> Snapshot {
        let b = pos.board();
        let mut stacks: Vec<(Hex, Vec<PieceId>)> = b.occupied().map(|h| (h, b.stack(h))).collect();
        crate::engine::hex::sort_by_row(&mut stacks, |(h, _)| *h);
        Snapshot { stacks }
    }

    /// The stack at a hex (empty when the cell is empty).
    pub fn stack(&self, h: Hex) -> &[PieceId] {
        self.stacks
            .iter()
            .find(|(x, _)| *x == h)
            .map_or(&[], |(_, s)| s.as_slice())
    }
}

/// Every position of a game, kept so that stepping to any ply costs no replay.
#[derive(Clone, Debug)]
pub struct Replay {
    game_type: GameType,
    moves: Vec<Move>,
    snapshots: Vec<Snapshot>,
    frame: Frame,
    /// The frame before the first move (complete from the start for a set-up position).
    start_frame: Frame,
}

impl Replay {
    /// Replays `moves` from the empty board; stops at the first illegal one (a caller passes
    /// the legal prefix of an imported record, so that does not happen in practice).
    pub fn new(game_type: GameType, rules: Rules, moves: &[Move]) -> Replay {
        Replay::build(Position::with_rules(game_type, rules), moves, true)
    }

    /// [`Replay::new`] from a start position (a set-up position, or the empty board).
    pub fn from_start(start: Position, moves: &[Move]) -> Replay {
        Replay::build(start, moves, true)
    }

    /// [`Replay::new`] for moves known to be legal (a line of a game tree, which checked
    /// every move when it was added): no move generation per move.
    pub fn of_legal(start: Position, moves: &[Move]) -> Replay {
        Replay::build(start, moves, false)
    }

    fn build(start: Position, moves: &[Move], check: bool) -> Replay {
        let game_type = start.game_type();
        let start_frame = Frame::at_start(&start);
        let mut pos = start;
        let mut snapshots = Vec::with_capacity(moves.len() + 1);
        snapshots.push(Snapshot::of(&pos));
        let mut played = Vec::with_capacity(moves.len());
        for &m in moves {
            if check {
                if pos.play(m).is_err() {
                    break;
                }
            } else {
                pos.play_unchecked(m);
            }
            played.push(m);
            snapshots.push(Snapshot::of(&pos));
        }
        Replay {
            game_type,
            frame: played.iter().fold(start_frame, |f, m| f.after(*m)),
            start_frame,
            moves: played,
            snapshots,
        }
    }

    pub fn game_type(&self) -> GameType {
        self.game_type
    }

    /// Number of moves (plies); valid plies are `0..=len()`.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The canonical frame of the whole game.
    pub fn frame(&self) -> Frame {
        self.frame
    }

    /// The frame as it stood after `ply` moves (directions may not be established yet).
    pub fn frame_at(&self, ply: usize) -> Frame {
        self.moves[..ply.min(self.moves.len())]
            .iter()
            .fold(self.start_frame, |f, m| f.after(*m))
    }

    /// The board after `ply` moves (clamped to the game's length).
    pub fn snapshot(&self, ply: usize) -> &Snapshot {
        &self.snapshots[ply.min(self.snapshots.len() - 1)]
    }

    /// The move that led to `ply` (1-based), if any.
    pub fn move_to(&self, ply: usize) -> Option<Move> {
        ply.checked_sub(1).and_then(|i| self.moves.get(i)).copied()
    }

    /// What to draw after `ply` moves, with optional highlights explaining a move.
    pub fn scene(&self, ply: usize, layout: &Layout, highlight: Option<&Highlight>) -> Scene {
        let ply = ply.min(self.len());
        self.scene_in(ply, layout, highlight, &self.frame_at(ply.max(1)))
    }

    /// The scene after `ply` moves explaining a move that could be played next (a
    /// candidate), with `frame` the frame after it: `base`'s view box (the board does not
    /// move while a destination is hovered) and, when the candidate names directions, the
    /// compass where `base` has it, or inside the view's top right corner.
    pub fn candidate_scene(
        &self,
        ply: usize,
        layout: &Layout,
        highlight: &Highlight,
        frame: &Frame,
        base: &Scene,
    ) -> Scene {
        let ply = ply.min(self.len());
        let mut scene = self.scene_in(ply, layout, Some(highlight), frame);
        scene.view_box = base.view_box;
        if let Some(c) = &mut scene.compass {
            let vb = base.view_box;
            c.center = base.compass.as_ref().map_or(
                Point {
                    x: vb.x + vb.width - COMPASS_ROOM,
                    y: vb.y + COMPASS_ROOM,
                },
                |b| b.center,
            );
        }
        scene
    }

    /// The scene, the compass (if the highlight asks for it) in `frame`.
    fn scene_in(
        &self,
        ply: usize,
        layout: &Layout,
        highlight: Option<&Highlight>,
        frame: &Frame,
    ) -> Scene {
        let snap = self.snapshot(ply);
        let last = self.move_to(ply);
        let reference = highlight.and_then(|h| h.reference);
        let thrower = highlight.and_then(|h| h.thrower);
        let tiles: Vec<Tile> = snap
            .stacks
            .iter()
            .filter_map(|(h, stack)| {
                let top = *stack.last()?;
                let c = layout.center(*h);
                Some(Tile {
                    hex: *h,
                    x: c.x,
                    y: c.y,
                    stack: stack.clone(),
                    top,
                    last_to: last.and_then(|m| m.to()) == Some(*h),
                    reference: reference == Some(*h),
                    thrower: thrower == Some(*h),
                })
            })
            .collect();
        let last_from = last.and_then(|m| m.from()).map(|h| layout.center(h));
        let arrow = highlight.and_then(|hl| {
            let from = hl.arrow_from?;
            let d = hl.direction?;
            Some(Arrow {
                from: layout.center(from),
                to: layout.center(from.step(d)),
            })
        });
        let mut scene = Scene {
            tiles,
            last_from,
            last_to: last.and_then(|m| m.to()).map(|h| layout.center(h)),
            arrow,
            compass: None,
            view_box: Rect::new(0.0, 0.0, 0.0, 0.0),
        };
        scene.view_box = scene.bounds(layout, highlight);
        if highlight.is_some_and(|h| h.compass) {
            scene.compass = Compass::new(frame, layout, &scene);
            if let Some(c) = &scene.compass {
                scene.view_box = include(scene.view_box, c.center, 2.2);
            }
        }
        scene
    }
}

/// What a move's direction notation points at, to show on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Highlight {
    /// The reference piece's cell.
    pub reference: Option<Hex>,
    /// Where the direction arrow starts (the reference, or the moved piece's origin).
    pub arrow_from: Option<Hex>,
    /// The named direction, as an engine direction.
    pub direction: Option<Direction>,
    /// Whether to draw the compass of directions.
    pub compass: bool,
    /// The Pillbug or Mosquito that threw the moved piece, where the move is a throw.
    pub thrower: Option<Hex>,
}

impl Highlight {
    /// What a move's direction notation names: its reference piece, and the arrow from the
    /// reference (or, for a destination named from the moved piece itself, from its origin)
    /// in the named direction. The compass shows once the move names a direction at all (from
    /// the second piece on): noon and midnight only until the handedness is fixed, all six
    /// once it is (the scene decides which from the frame at that ply).
    pub fn from_explanation(e: &Explanation) -> Highlight {
        let reference = e.reference.map(|(_, h)| h);
        Highlight {
            reference,
            arrow_from: reference.or(e.from),
            direction: e.direction,
            compass: e.direction.is_some() || e.established || e.establishes,
            thrower: e.thrower.map(|(_, h)| h),
        }
    }
}

/// One stack to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    pub hex: Hex,
    pub x: f64,
    pub y: f64,
    /// Bottom first.
    pub stack: Vec<PieceId>,
    pub top: PieceId,
    /// The last move ended here.
    pub last_to: bool,
    /// The highlighted move's reference piece is here.
    pub reference: bool,
    /// The highlighted move's piece was thrown by the piece here.
    pub thrower: bool,
}

impl Tile {
    pub fn height(&self) -> usize {
        self.stack.len()
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrow {
    pub from: Point,
    pub to: Point,
}

/// The six named directions around a point beside the hive.
#[derive(Clone, Debug, PartialEq)]
pub struct Compass {
    pub center: Point,
    /// Label (`n`, `a`, `s`, `m`, `r`, `f`) and the unit vector it points along; only `n`
    /// and `m` until the handedness is established.
    pub points: Vec<(char, Point)>,
}

impl Compass {
    fn new(frame: &Frame, layout: &Layout, scene: &Scene) -> Option<Compass> {
        if !frame.has_axis() {
            return None;
        }
        let labels = ['n', 'a', 's', 'm', 'r', 'f'];
        let points = Direction::ALL
            .into_iter()
            .zip(labels)
            .filter(|(d, _)| frame.is_complete() || matches!(d, Direction::E | Direction::W))
            .map(|(d, l)| (l, layout.direction_vector(frame.dir_from_canonical(d))))
            .collect();
        let vb = scene.view_box;
        Some(Compass {
            center: Point {
                x: vb.x + vb.width + 1.6,
                y: vb.y + 1.6,
            },
            points,
        })
    }
}

/// Everything to draw for one ply.
#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    pub tiles: Vec<Tile>,
    /// Where the last moved piece came from (empty now), for a "from" mark.
    pub last_from: Option<Point>,
    pub last_to: Option<Point>,
    pub arrow: Option<Arrow>,
    pub compass: Option<Compass>,
    /// What to show, in board units, with a margin.
    pub view_box: Rect,
}

impl Scene {
    /// The tiles' extent (centres plus a tile), to tell whether a view still shows every
    /// piece; `None` on an empty board.
    pub fn tiles_extent(&self) -> Option<Rect> {
        Rect::around(self.tiles.iter().map(|t| Point { x: t.x, y: t.y }), 1.0)
    }

    fn bounds(&self, layout: &Layout, highlight: Option<&Highlight>) -> Rect {
        let mut pts: Vec<Point> = self
            .tiles
            .iter()
            .map(|t| Point { x: t.x, y: t.y })
            .collect();
        pts.extend(self.last_from);
        if let Some(a) = self.arrow {
            pts.push(a.to);
        }
        if let Some(from) = highlight.and_then(|h| h.arrow_from) {
            pts.push(layout.center(from));
        }
        if pts.is_empty() {
            pts.push(Point { x: 0.0, y: 0.0 });
        }
        let margin = 1.6;
        let min_x = pts.iter().map(|p| p.x).fold(f64::INFINITY, f64::min) - margin;
        let max_x = pts.iter().map(|p| p.x).fold(f64::NEG_INFINITY, f64::max) + margin;
        let min_y = pts.iter().map(|p| p.y).fold(f64::INFINITY, f64::min) - margin;
        let max_y = pts.iter().map(|p| p.y).fold(f64::NEG_INFINITY, f64::max) + margin;
        // A small hive is shown at the size of a few tiles, not blown up to fill the board.
        let (min_x, w) = at_least(min_x, max_x - min_x, MIN_VIEW);
        let (min_y, h) = at_least(min_y, max_y - min_y, MIN_VIEW);
        Rect::new(min_x, min_y, w, h)
    }
}

/// How far inside a view the compass's centre stays from its edges.
const COMPASS_ROOM: f64 = 1.7;

/// How far a view reaches beyond the centres of the cells next to the hive: a marked
/// destination there shows whole but for the tips of its corners.
const ROOM_MARGIN: f64 = 0.85;

impl Scene {
    /// Grows the view box to hold every empty cell next to the hive, where a piece could
    /// go, so that every destination a pick marks is in view.
    pub fn make_room(&mut self, layout: &Layout) {
        let cells = self.tiles.iter().flat_map(|t| t.hex.neighbors());
        let room = Rect::around(cells.map(|h| layout.center(h)), ROOM_MARGIN);
        if let Some(r) = room {
            let vb = self.view_box;
            let x0 = vb.x.min(r.x);
            let y0 = vb.y.min(r.y);
            let x1 = (vb.x + vb.width).max(r.x + r.width);
            let y1 = (vb.y + vb.height).max(r.y + r.height);
            self.view_box = Rect::new(x0, y0, x1 - x0, y1 - y0);
        }
    }
}

/// The smallest width and height of a view box, in board units (about four tiles).
const MIN_VIEW: f64 = 7.0;

/// Widens the span `[start, start + len]` about its middle to at least `min`.
fn at_least(start: f64, len: f64, min: f64) -> (f64, f64) {
    if len >= min {
        (start, len)
    } else {
        (start - (min - len) / 2.0, min)
    }
}

/// Grows a view box to hold a circle.
fn include(vb: Rect, c: Point, radius: f64) -> Rect {
    let min_x = vb.x.min(c.x - radius);
    let min_y = vb.y.min(c.y - radius);
    let max_x = (vb.x + vb.width).max(c.x + radius);
    let max_y = (vb.y + vb.height).max(c.y + radius);
    Rect::new(min_x, min_y, max_x - min_x, max_y - min_y)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::uhp::GameString;
    use crate::view::{Orientation, TileShape};

    fn replay(s: &str) -> Replay {
        let g: GameString = s.parse().unwrap();
        let pos = g.replay().unwrap();
        Replay::new(g.game_type, Rules::default(), &pos.moves())
    }

    #[test]
    fn a_legal_line_replays_the_same_unchecked() {
        let g: GameString = "Base+MLP;InProgress;White[4];wL;bP wL-;wM -wL;bQ bP\\;wQ /wL;bA1 bQ-"
            .parse()
            .unwrap();
        let moves = g.replay().unwrap().moves();
        let checked = Replay::new(g.game_type, Rules::default(), &moves);
        let unchecked = Replay::of_legal(Position::new(g.game_type), &moves);
        assert_eq!(checked.len(), 6);
        assert_eq!(unchecked.moves(), checked.moves());
        for ply in 0..=6 {
            assert_eq!(unchecked.snapshot(ply), checked.snapshot(ply));
        }
        assert_eq!(unchecked.frame(), checked.frame());
        // The checked replay stops at an illegal move; the first piece again is one.
        let mut bad = moves.clone();
        bad.push(moves[0]);
        assert_eq!(Replay::new(g.game_type, Rules::default(), &bad).len(), 6);
    }

    #[test]
    fn snapshots_follow_every_ply_and_stacks() {
        let r = replay("Base;InProgress;White[6];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wQ;bB1 bQ/;wB1 wQ;bB1 bQ;wB1 wS1;bB1 bS1");
        assert_eq!(r.len(), 10);
        assert!(r.snapshot(0).stacks.is_empty());
        assert_eq!(r.snapshot(1).stacks.len(), 1);
        // After wB1 climbs onto wQ (ply 7) the Queen's cell holds two pieces.
        let q = Hex::new(-1, 0);
        assert_eq!(r.snapshot(7).stack(q).len(), 2);
        assert_eq!(r.snapshot(9).stack(q).len(), 1);
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let s = r.scene(10, &layout, None);
        let tall: Vec<&Tile> = s.tiles.iter().filter(|t| t.height() == 2).collect();
        assert_eq!(tall.len(), 2);
        assert!(s.tiles.iter().any(|t| t.last_to && t.height() == 2));
        assert!(s.last_from.is_some());
        // Every tile fits in the view box.
        let Rect {
            x,
            y,
            width: w,
            height: h,
        } = s.view_box;
        assert!(s
            .tiles
            .iter()
            .all(|t| t.x > x && t.x < x + w && t.y > y && t.y < y + h));
        // A lone first piece is not blown up to fill the board.
        let first = r.scene(1, &layout, None);
        assert!(first.view_box.width >= MIN_VIEW && first.view_box.height >= MIN_VIEW);
        let t = &first.tiles[0];
        let c = first.view_box.center();
        assert!((c.x - t.x).abs() < 1e-9 && (c.y - t.y).abs() < 1e-9);
        // The extent of the tiles lies inside the view.
        let e = s.tiles_extent().unwrap();
        assert!(s.view_box.contains(e));
        assert!(r.scene(0, &layout, None).tiles_extent().is_none());
        // Plies beyond the end clamp to the last position.
        assert_eq!(r.scene(99, &layout, None).tiles, s.tiles);
    }

    /// The example game of the direction notation, with its moves in that notation.
    fn example_game() -> (Replay, Vec<crate::notation::NotatedMove>) {
        let text = include_str!("../../tests/data/direction-game-1.md");
        let rec = crate::record::import(text, None).unwrap();
        let notated = crate::notation::notate_game(
            &rec.start(),
            &rec.moves,
            crate::notation::Coordinates::Record,
        );
        (Replay::new(rec.game_type, rec.rules, &rec.moves), notated)
    }

    /// The highlight of the move leading to `ply`, and the position before it.
    fn highlight_of(r: &Replay, ply: usize) -> (Highlight, Position) {
        let mut pos = Position::new(r.game_type());
        for &m in &r.moves()[..ply - 1] {
            pos.play(m).unwrap();
        }
        let mv = r.move_to(ply).unwrap();
        let e = crate::notation::direction::explain(&pos, &r.frame(), mv).unwrap();
        (Highlight::from_explanation(&e), pos)
    }

    #[test]
    fn highlights_from_explanations_of_a_real_game() {
        let (r, notated) = example_game();
        assert_eq!(r.len(), notated.len());
        let ply_of = |d: &str| notated.iter().find(|n| n.direction == d).unwrap().ply;
        let sunset = r.frame().dir_from_canonical(Direction::SW);

        // A2×Qs: black's Ant goes sunset of the white Queen.
        let ply = ply_of("A2×Qs");
        let (hl, pos) = highlight_of(&r, ply);
        let wq = pos
            .board()
            .position(
                PieceId::of_kind(
                    crate::engine::piece::Color::White,
                    crate::engine::piece::Bug::Queen,
                )
                .next()
                .unwrap(),
            )
            .unwrap();
        assert_eq!(hl.reference, Some(wq));
        assert_eq!(hl.arrow_from, Some(wq));
        assert_eq!(hl.direction, Some(sunset));
        assert!(hl.compass);
        let dest = r.move_to(ply).and_then(|m| m.to()).unwrap();
        assert_eq!(wq.step(sunset), dest);
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let scene = r.scene(ply, &layout, Some(&hl));
        let reference: Vec<&Tile> = scene.tiles.iter().filter(|t| t.reference).collect();
        assert_eq!(reference.len(), 1);
        assert_eq!(reference[0].hex, wq);
        let arrow = scene.arrow.unwrap();
        let to = layout.center(dest);
        assert!((arrow.to.x - to.x).abs() < 1e-9 && (arrow.to.y - to.y).abs() < 1e-9);
        // Sunset is down and to the right with noon up.
        assert!(arrow.to.x > arrow.from.x && arrow.to.y > arrow.from.y);

        // Qs: the Queen steps sunset from where it stood, with no reference piece.
        let ply = ply_of("Qs");
        let (hl, _) = highlight_of(&r, ply);
        let from = r.move_to(ply).and_then(|m| m.from()).unwrap();
        assert_eq!(hl.reference, None);
        assert_eq!(hl.arrow_from, Some(from));
        assert_eq!(hl.direction, Some(sunset));

        // The first piece names nothing; the compass waits for the axis and the handedness.
        let (first, _) = highlight_of(&r, 1);
        assert_eq!(
            (first.reference, first.arrow_from, first.compass),
            (None, None, false)
        );
        let (second, _) = highlight_of(&r, 2);
        assert!(second.compass);
        let early = r.scene(2, &layout, Some(&second));
        assert!(early.arrow.is_none());
        let labels: Vec<char> = early.compass.unwrap().points.iter().map(|p| p.0).collect();
        assert_eq!(labels, ['n', 'm']);
    }

    #[test]
    fn highlight_draws_reference_arrow_and_compass() {
        let r = replay("Base;InProgress;Black[2];wS1;bS1 wS1-;wQ /wS1");
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let hl = Highlight {
            reference: Some(Hex::ORIGIN),
            arrow_from: Some(Hex::ORIGIN),
            direction: Some(Direction::SW),
            compass: true,
            thrower: None,
        };
        let s = r.scene(3, &layout, Some(&hl));
        assert_eq!(s.tiles.iter().filter(|t| t.reference).count(), 1);
        let a = s.arrow.unwrap();
        let q = s.tiles.iter().find(|t| t.hex == Hex::new(-1, 1)).unwrap();
        assert!((a.to.x - q.x).abs() < 1e-9 && (a.to.y - q.y).abs() < 1e-9);
        let c = s.compass.unwrap();
        assert_eq!(c.points.len(), 6);
        // Before the handedness is fixed the compass shows noon and midnight only.
        let s2 = r.scene(2, &layout, Some(&hl));
        assert_eq!(s2.compass.unwrap().points.len(), 2);
    }

    #[test]
    fn room_holds_every_cell_next_to_the_hive() {
        let r = replay("Base;InProgress;White[6];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wQ;bB1 bQ/;wB1 wQ;bB1 bQ;wB1 wS1;bB1 bS1");
        for shape in [TileShape::Flat, TileShape::Pointy] {
            let layout = Layout::new(r.frame(), Orientation::NoonUp, shape);
            let base = r.scene(10, &layout, None);
            let mut s = base.clone();
            s.make_room(&layout);
            assert!(s.view_box.contains(base.view_box));
            for t in &s.tiles {
                for n in t.hex.neighbors() {
                    let c = layout.center(n);
                    let cell = Rect::new(c.x - 0.8, c.y - 0.8, 1.6, 1.6);
                    assert!(s.view_box.contains(cell), "{n:?} in {:?}", s.view_box);
                }
            }
            // Only the view box changes.
            assert_eq!(s.tiles, base.tiles);
        }
        // A lone piece's minimum view already has the room.
        let first = replay("Base;InProgress;Black[1];wS1");
        let layout = Layout::new(first.frame(), Orientation::NoonUp, TileShape::Flat);
        let mut s = first.scene(1, &layout, None);
        let before = s.view_box;
        s.make_room(&layout);
        assert_eq!(s.view_box, before);
        // The empty board has no room to make.
        let mut empty = first.scene(0, &layout, None);
        let before = empty.view_box;
        empty.make_room(&layout);
        assert_eq!(empty.view_box, before);
    }

    #[test]
    fn a_candidate_is_drawn_in_the_view_of_the_position_it_would_follow() {
        // At ply 1 nothing names a direction yet; the second piece fixes the axis.
        let r = replay("Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1");
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let mut base = r.scene(1, &layout, None);
        base.make_room(&layout);
        let mv = r.move_to(2).unwrap();
        let mut pos = Position::new(r.game_type());
        pos.play(r.move_to(1).unwrap()).unwrap();
        let frame = Frame::of_position(&pos).after(mv);
        let e = crate::notation::direction::explain(&pos, &frame, mv).unwrap();
        let hl = Highlight::from_explanation(&e);
        let s = r.candidate_scene(1, &layout, &hl, &frame, &base);
        assert_eq!(s.view_box, base.view_box);
        assert_eq!(s.tiles.len(), 1);
        // The compass (noon and midnight) sits inside the view, which has none of its own.
        let c = s.compass.expect("a compass");
        assert_eq!(c.points.len(), 2);
        let inside = Rect::new(c.center.x - 1.0, c.center.y - 1.0, 2.0, 2.0);
        assert!(s.view_box.contains(inside), "{c:?} {:?}", s.view_box);
        // With a compass in the base, the candidate's takes its place.
        let base2 = r.scene(2, &layout, Some(&hl));
        let mut p = pos.clone();
        p.play(mv).unwrap();
        let m3 = r.move_to(3).unwrap();
        let f3 = Frame::of_position(&p).after(m3);
        let hl3 =
            Highlight::from_explanation(&crate::notation::direction::explain(&p, &f3, m3).unwrap());
        let s3 = r.candidate_scene(2, &layout, &hl3, &f3, &base2);
        assert_eq!(
            s3.compass.map(|c| c.center),
            base2.compass.map(|c| c.center)
        );
        assert!(s3.arrow.is_some());
    }
}
