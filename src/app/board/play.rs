//! Playing on the board, shared by the board and the reserves: what a pick can play
//! ([`Targets`]), what a candidate move shows, the pieces in hand on a previewed board, and
//! [`Play`], the handle both hand a carried piece to. The board and the reserves import this,
//! never each other.

use crate::app::kit::{Memo, Stored, Var};
use leptos::ev;
use leptos::prelude::{GetUntracked, NodeRef};
use wasm_bindgen::JsCast;

use crate::app::model::study::{self, Pick, ReserveItem};
use crate::app::model::viewer::Viewer;
use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, GameType};
use crate::engine::position::{Move, Position};
use crate::notation::frame::Frame;
use crate::notation::uhp::MoveString;
use crate::notation::{direction, standard, Coordinates};
use crate::view::svg::{destination_at, Destination};
use crate::view::{Highlight, Layout, Point, Rect, Snapshot};

/// A press becomes a drag once the pointer moved this far (pixels); shorter presses are taps.
pub(super) const DRAG_THRESHOLD: f64 = 4.0;

/// The moves a pick can play, one per destination, and their marks (in the same order).
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Targets {
    pub moves: Vec<Move>,
    pub marks: Vec<Destination>,
}

/// The destinations of a pick in `pos`, each move written as the standard column would write
/// it once played (as [`study::notate_candidate`] does, without the other notations).
pub(super) fn targets(
    pos: &Position,
    coordinates: Coordinates,
    pick: Pick,
    layout: &Layout,
) -> Targets {
    let before = Frame::of_position(pos);
    let mut out = Targets::default();
    for mv in study::destinations(pos, pick) {
        let Some(to) = mv.to() else {
            continue;
        };
        let frame = before.after(mv);
        let written =
            standard::write_with(pos, &frame, &coordinates.frame_for::<MoveString>(frame), mv);
        let occupied = pos.board().top(to).is_some();
        out.moves.push(mv);
        out.marks
            .push(Destination::new(layout, to, written.to_string(), occupied));
    }
    out
}

/// Both players' pieces in hand on a board drawn from a snapshot (a previewed move), in the
/// order of [`study::reserve`], none placeable.
pub(super) fn reserve_at(snapshot: &Snapshot, game_type: GameType) -> Vec<ReserveItem> {
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        for bug in Bug::ALL.into_iter().filter(|b| game_type.includes(*b)) {
            let placed = snapshot
                .stacks
                .iter()
                .flat_map(|(_, s)| s)
                .filter(|p| p.color() == color && p.bug() == bug)
                .count();
            let count = usize::from(bug.count()).saturating_sub(placed);
            if count > 0 {
                out.push(ReserveItem {
                    color,
                    bug,
                    count,
                    placeable: false,
                });
            }
        }
    }
    out
}

/// What a legal move of `pos` would show on the board if played: its direction notation's
/// highlight, and the frame after it (where the compass points).
pub(super) fn candidate_highlight(pos: &Position, mv: Move) -> Option<(Highlight, Frame)> {
    if !pos.is_legal(mv) {
        return None;
    }
    let frame = Frame::of_position(pos).after(mv);
    let e = direction::explain(pos, &frame, mv)?;
    Some((Highlight::from_explanation(&e), frame))
}

/// The element's box on screen, without needing `DomRect` bindings.
fn client_rect(el: &web_sys::Element) -> Option<Rect> {
    let get = |o: &wasm_bindgen::JsValue, k: &str| {
        js_sys::Reflect::get(o, &wasm_bindgen::JsValue::from_str(k)).ok()
    };
    let f: js_sys::Function = get(el, "getBoundingClientRect")?.dyn_into().ok()?;
    let r = f.call0(el).ok()?;
    let n = |k| get(&r, k).and_then(|v| v.as_f64());
    Some(Rect::new(n("left")?, n("top")?, n("width")?, n("height")?))
}

/// The box the board is drawn in, on screen: the element's, inside its border.
pub(super) fn content_rect(el: &web_sys::Element) -> Option<Rect> {
    let r = client_rect(el)?;
    let (w, h) = (f64::from(el.client_width()), f64::from(el.client_height()));
    if w <= 0.0 || h <= 0.0 {
        return Some(r);
    }
    Some(Rect::new(
        r.x + f64::from(el.client_left()),
        r.y + f64::from(el.client_top()),
        w,
        h,
    ))
}

/// Where a mouse, pen or finger event happened, in client pixels.
pub(super) fn client_point(e: &ev::MouseEvent) -> Point {
    Point {
        x: f64::from(e.client_x()),
        y: f64::from(e.client_y()),
    }
}

/// Playing on the board: what can be played now and a piece carried to a destination, shared
/// with the reserves (whose pieces are dragged onto the board too).
#[derive(Clone, Copy)]
pub(super) struct Play {
    pub viewer: Viewer,
    /// Whether moves can be played now: the board shows the chosen node (no notation row is
    /// being previewed) and the game goes on there.
    pub(super) live: Memo<bool>,
    pub(super) targets: Memo<Targets>,
    pub(super) board: NodeRef<leptos::svg::Svg>,
    pub layout: Memo<Layout>,
    pub(super) view_box: Memo<Rect>,
    /// Where a carried piece is drawn (board units), while it is dragged.
    pub(super) ghost: Var<Option<Point>>,
    /// The destination under a carried piece.
    pub(super) over: Var<Option<usize>>,
    /// A pick was made with the keyboard: its first destination takes the focus.
    pub(super) focus_marks: Stored<bool>,
}

impl Play {
    /// Picks a piece or a kind in a reserve, or drops the pick when it is picked already.
    pub fn toggle(self, pick: Pick) {
        if !self.live.get_untracked() {
            return;
        }
        let same = self.viewer.study.pick.get_untracked() == Some(pick);
        self.viewer.study.candidate.set(None);
        self.viewer.study.pick.set((!same).then_some(pick));
    }

    /// Picks (or drops) with the keyboard: the focus goes to the first destination.
    pub fn toggle_by_key(self, pick: Pick) {
        self.toggle(pick);
        self.focus_marks
            .set_value(self.viewer.study.pick.get_untracked() == Some(pick));
    }

    /// Drops the pick (and any piece being carried).
    pub fn cancel(self) {
        self.end_drag();
        if self.viewer.study.pick.get_untracked().is_some() {
            self.viewer.study.pick.set(None);
        }
        self.hover(None);
    }

    /// Starts carrying a piece: it is picked, its destinations marked.
    pub fn carry(self, pick: Pick) {
        if self.live.get_untracked() && self.viewer.study.pick.get_untracked() != Some(pick) {
            self.viewer.study.candidate.set(None);
            self.viewer.study.pick.set(Some(pick));
        }
    }

    /// Plays the move of a destination.
    pub fn play(self, index: usize) {
        let mv = self.targets.with_untracked(|t| t.moves.get(index).copied());
        self.end_drag();
        if let Some(mv) = mv {
            if let Err(e) = self.viewer.play(mv) {
                leptos::logging::warn!("could not play: {e}");
            }
        }
    }

    /// Explains the move of a destination on the board (or the current move again, for
    /// `None`).
    pub(super) fn hover(self, index: Option<usize>) {
        let mv = index.and_then(|i| self.targets.with_untracked(|t| t.moves.get(i).copied()));
        if self.viewer.study.candidate.get_untracked() != mv {
            self.viewer.study.candidate.set(mv);
        }
    }

    /// The board point and hex under a client point inside the board.
    pub(super) fn hex_at(self, client: Point) -> Option<(Point, Hex)> {
        let el = self.board.get_untracked()?;
        let rect = content_rect(&el)?;
        let inside = client.x >= rect.x
            && client.y >= rect.y
            && client.x <= rect.x + rect.width
            && client.y <= rect.y + rect.height;
        if !inside {
            return None;
        }
        let at = self.view_box.get_untracked().board_point(rect, client)?;
        Some((at, self.layout.get_untracked().hex_at(at)))
    }

    /// The carried piece is at a client point: it is drawn there, and the destination under
    /// it is marked and explained.
    pub fn drag_to(self, client: Point) {
        let under = self.hex_at(client);
        self.ghost.set(under.map(|(at, _)| at));
        let over =
            under.and_then(|(_, h)| self.targets.with_untracked(|t| destination_at(&t.marks, h)));
        if over != self.over.get_untracked() {
            self.over.set(over);
            self.hover(over);
        }
    }

    /// The carried piece is let go at a client point: played when that is a destination.
    pub fn drop(self, client: Point) {
        self.drag_to(client);
        match self.over.get_untracked() {
            Some(i) => self.play(i),
            None => self.end_drag(),
        }
    }

    /// No piece is carried any more.
    pub fn end_drag(self) {
        if self.ghost.get_untracked().is_some() {
            self.ghost.set(None);
        }
        if self.over.get_untracked().is_some() {
            self.over.set(None);
            self.hover(None);
        }
    }

    /// Whether a piece is being carried.
    pub(super) fn carrying(self) -> bool {
        self.ghost.get_untracked().is_some() || self.over.get_untracked().is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::game::NotatedGame;
    use crate::view::{Orientation, TileShape};

    /// Every pick of the player to move: the pieces that can move and the kinds in hand.
    fn picks(pos: &Position) -> Vec<Pick> {
        let mut out: Vec<Pick> = study::movable_cells(pos)
            .into_iter()
            .map(Pick::Board)
            .collect();
        out.extend(
            study::reserve(pos)
                .into_iter()
                .filter(|r| r.placeable)
                .map(|r| Pick::Reserve(r.color, r.bug)),
        );
        out
    }

    #[test]
    fn destinations_are_written_as_the_standard_column_writes_them() {
        let game = NotatedGame::example();
        let tree = game.tree();
        let line = game.main_line();
        let coordinates = game.record.coordinates;
        let layout = Layout::new(line.replay.frame(), Orientation::NoonUp, TileShape::Flat);
        let mut checked = 0;
        for ply in 0..line.len() {
            let pos = tree.position_at(line.node_at(ply)).unwrap();
            let mut all: Vec<Move> = Vec::new();
            for pick in picks(&pos) {
                let t = targets(&pos, coordinates, pick, &layout);
                assert_eq!(t.moves.len(), t.marks.len());
                assert!(
                    !t.moves.is_empty(),
                    "ply {ply}: {pick:?} has no destination"
                );
                for (mv, mark) in t.moves.iter().zip(&t.marks) {
                    let row = study::notate_candidate(&pos, coordinates, *mv);
                    assert_eq!(mark.written, row.standard, "ply {ply}");
                    assert_eq!(Some(mark.hex), mv.to());
                    assert_eq!(mark.occupied, pos.board().top(mark.hex).is_some());
                    checked += 1;
                }
                all.extend(t.moves);
            }
            // Every legal move is some pick's destination (one per cell and piece).
            let legal = pos.legal_moves();
            assert!(all.iter().all(|m| legal.contains(m)));
            assert!(legal.iter().all(|m| all.iter().any(|a| a.to() == m.to()
                && a.from() == m.from()
                && (a.from().is_some()
                    || a.piece().map(|p| p.bug()) == m.piece().map(|p| p.bug())))));
            // The recorded move is one of them.
            let next = tree.mv(line.node_at(ply + 1)).unwrap();
            assert!(all.contains(&next), "ply {ply}");
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn a_candidate_is_explained_as_its_row_would_be() {
        let game = NotatedGame::example();
        let tree = game.tree();
        let line = game.main_line();
        for ply in 1..line.len() {
            let pos = tree.position_at(line.node_at(ply)).unwrap();
            let node = line.node_at(ply + 1);
            let mv = tree.mv(node).unwrap();
            let (hl, frame) = candidate_highlight(&pos, mv).unwrap();
            assert_eq!(Some(hl), game.highlight(node), "ply {}", ply + 1);
            assert_eq!(frame, Frame::of_position(&pos).after(mv));
        }
        // An illegal move explains nothing.
        let pos = tree.position_at(line.node_at(10)).unwrap();
        let other = tree.mv(line.node_at(10)).unwrap();
        assert!(candidate_highlight(&pos, other).is_none());
        assert!(candidate_highlight(&pos, Move::Pass).is_none());
    }

    #[test]
    fn a_previewed_board_counts_the_pieces_in_hand() {
        let game = NotatedGame::example();
        let line = game.main_line();
        for ply in 0..=line.len() {
            let pos = game.tree().position_at(line.node_at(ply)).unwrap();
            let mut expected = study::reserve(&pos);
            for r in &mut expected {
                r.placeable = false;
            }
            let got = reserve_at(line.replay.snapshot(ply), line.replay.game_type());
            assert_eq!(got, expected, "ply {ply}");
        }
    }

    #[test]
    fn reserve_picks_place_the_next_piece_of_their_kind() {
        let game = NotatedGame::example();
        let pos = game
            .tree()
            .position_at(game.main_line().node_at(0))
            .unwrap();
        let layout = Layout::new(Frame::EMPTY, Orientation::NoonUp, TileShape::Flat);
        let t = targets(
            &pos,
            game.record.coordinates,
            Pick::Reserve(Color::White, crate::engine::piece::Bug::Ant),
            &layout,
        );
        // The first piece goes to the only cell there is.
        assert_eq!(t.moves.len(), 1);
        assert_eq!(t.marks[0].written, "wA1");
        assert!(!t.marks[0].occupied);
    }
}
