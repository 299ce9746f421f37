//! Counting, numbering and reference pieces: the parts of the direction notation that the
//! standard writer shares.
//!
//! **Counting order.** Pieces are counted from the one farthest toward noon to the one
//! farthest toward midnight; pieces equally far go from the forenoon side to the sunset side.
//! In canonical coordinates (noon = east, sunset = south-west) that is: larger `2q + r` first,
//! then smaller `r` first. The same order breaks every tie, whatever the pieces' colours and
//! kinds: it is an order of cells, and two candidates never share a cell except a covered
//! Queen and the piece on it, which never have the same priority.
//!
//! **Numbers.** A visible (uncovered) piece gets a number only when another visible piece of
//! its colour and kind is in the hive: its 1-based place in counting order among them.
//!
//! **Reference.** The candidates are the top pieces of the stacks next to the destination, plus
//! a Queen covered in one of those stacks, never the moved piece. When the moved piece is
//! itself the top of a neighbouring stack (a Beetle stepping down beside its cell), the piece
//! under it stays and is a candidate, ranked as a covered piece (a Queen, or "any piece").
//! Priorities, best first: a Queen, covered or not; an uncovered Ladybug, Mosquito or Pillbug;
//! the only visible piece of its colour and kind; any piece. Ties go by counting order.
//!
//! ```
//! use beeline::notation::{frame::Frame, reference};
//! use beeline::engine::piece::{Bug, Color};
//! use beeline::notation::uhp::GameString;
//! // wA1 goes north of wS1 first, so canonically it lies south: wA1 and wA2 are then
//! // equally far toward noon, and wA2 (on the forenoon side) counts first.
//! let g: GameString = "Base;InProgress;Black[5];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;\
//!     wA1 \\wS1;bA1 bQ-;wA2 /wS1;bA2 bA1-;wA3 -wQ"
//!     .parse()
//!     .unwrap();
//! let pos = g.replay().unwrap();
//! let frame = Frame::of_position(&pos);
//! let ants = reference::counting_order(pos.board(), &frame, Color::White, Bug::Ant);
//! let names: Vec<String> = ants.iter().map(|a| a.to_string()).collect();
//! assert_eq!(names, ["wA2", "wA1", "wA3"]);
//! assert_eq!(reference::number_of(pos.board(), &frame, ants[2]), Some(3));
//! ```

use crate::engine::board::Board;
use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, PieceId};
use crate::notation::frame::Frame;

/// The sort key of a cell in counting order (smaller counts first).
pub fn counting_key(frame: &Frame, hex: Hex) -> (i32, i32) {
    let c = frame.to_canonical(hex);
    (-(2 * c.q + c.r), c.r)
}

/// The visible pieces of one colour and kind, in counting order.
pub fn counting_order(board: &Board, frame: &Frame, color: Color, bug: Bug) -> Vec<PieceId> {
    let mut v: Vec<(PieceId, Hex)> = PieceId::of_kind(color, bug)
        .filter(|p| board.is_on_top(*p))
        .filter_map(|p| board.position(p).map(|h| (p, h)))
        .collect();
    crate::engine::hex::sort_small(&mut v, |(_, h)| counting_key(frame, *h));
    v.into_iter().map(|(p, _)| p).collect()
}

/// The number the direction notation gives a visible piece: `None` when it is the only
/// visible piece of its colour and kind (or is covered or not on the board).
pub fn number_of(board: &Board, frame: &Frame, piece: PieceId) -> Option<u8> {
    if !board.is_on_top(piece) {
        return None;
    }
    let me = counting_key(frame, board.position(piece)?);
    let mut others = 0;
    let mut before = 0u8;
    for p in PieceId::of_kind(piece.color(), piece.bug()) {
        if p == piece || !board.is_on_top(p) {
            continue;
        }
        others += 1;
        if let Some(h) = board.position(p) {
            if counting_key(frame, h) < me {
                before += 1;
            }
        }
    }
    (others > 0).then_some(before + 1)
}

/// Whether `piece` is the only visible piece of its colour and kind.
fn only_visible(board: &Board, piece: PieceId) -> bool {
    PieceId::of_kind(piece.color(), piece.bug())
        .filter(|p| board.is_on_top(*p))
        .count()
        == 1
}

/// A reference candidate: the piece, its cell, and whether it counts as covered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub piece: PieceId,
    pub hex: Hex,
    pub covered: bool,
}

/// Every piece that may serve as a reference for a destination, in no particular order.
pub fn candidates(board: &Board, moved: Option<PieceId>, dest: Hex) -> Vec<Candidate> {
    let mut out = Vec::with_capacity(8);
    for n in dest.neighbors() {
        let Some(mut top) = board.top(n) else {
            continue;
        };
        let mut covered = false;
        if Some(top) == moved {
            match board.below(top) {
                Some(b) => {
                    top = b;
                    covered = true;
                }
                None => continue,
            }
        }
        out.push(Candidate {
            piece: top,
            hex: n,
            covered,
        });
        if top.bug() != Bug::Queen && board.height(n) > 1 {
            let mut cur = board.below(top);
            while let Some(p) = cur {
                if p.bug() == Bug::Queen {
                    out.push(Candidate {
                        piece: p,
                        hex: n,
                        covered: true,
                    });
                }
                cur = board.below(p);
            }
        }
    }
    out
}

/// The priority of a candidate (smaller is better). (Inlined where it is used: the web app's
/// chunks use it too, and a function of its own in the first screen's module costs more than
/// its copies.)
#[inline(always)]
pub fn priority(board: &Board, c: &Candidate) -> u8 {
    let bug = c.piece.bug();
    if bug == Bug::Queen {
        0
    } else if c.covered {
        3
    } else if matches!(bug, Bug::Ladybug | Bug::Mosquito | Bug::Pillbug) {
        1
    } else if only_visible(board, c.piece) {
        2
    } else {
        3
    }
}

/// The reference piece for moving `moved` to `dest` (see the module docs).
pub fn select_reference(
    board: &Board,
    frame: &Frame,
    moved: PieceId,
    dest: Hex,
) -> Option<PieceId> {
    select_candidate(board, frame, Some(moved), dest).map(|c| c.piece)
}

/// Like [`select_reference`], with the candidate's cell; `moved` is `None` for a placement
/// before the piece is known.
pub fn select_candidate(
    board: &Board,
    frame: &Frame,
    moved: Option<PieceId>,
    dest: Hex,
) -> Option<Candidate> {
    candidates(board, moved, dest)
        .into_iter()
        .min_by_key(|c| (priority(board, c), counting_key(frame, c.hex)))
}

/// Why the reference of a destination is the piece it is, in one sentence: the rule of the
/// priority above that chose it, and the counting order when several pieces share that
/// rule. `None` when no piece is next to the destination.
pub fn why(board: &Board, frame: &Frame, moved: Option<PieceId>, dest: Hex) -> Option<String> {
    let candidates = candidates(board, moved, dest);
    let best = select_candidate(board, frame, moved, dest)?;
    let rank = priority(board, &best);
    let rule = match rank {
        0 => "a Queen next to the destination always comes first",
        1 => "no Queen touches the destination, so an uncovered Ladybug, Mosquito or Pillbug comes next",
        2 => "no Queen, Ladybug, Mosquito or Pillbug touches the destination, so a piece alone of its colour and kind in sight comes next",
        _ => "no Queen, Ladybug, Mosquito, Pillbug or piece alone of its kind touches the destination, so any piece will do",
    };
    let tied = candidates
        .iter()
        .filter(|c| priority(board, c) == rank)
        .count();
    let tie = if tied > 1 {
        format!("; of the {tied} that do, it is counted first (from noon, then the forenoon side)")
    } else {
        String::new()
    };
    Some(format!("The reference is {}: {rule}{tie}.", best.piece))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::uhp::GameString;

    fn pos(s: &str) -> crate::engine::position::Position {
        s.parse::<GameString>().unwrap().replay().unwrap()
    }

    #[test]
    fn counting_goes_noon_first_then_forenoon_side() {
        // wA1 (north of wS1) is the first piece off the axis, so the frame is mirrored:
        // canonically wA1 lies at (-1, 1) and wA2 at (0, -1).
        let p = pos("Base;InProgress;Black[5];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wS1;bA1 bQ-;wA2 /wS1;bA2 bA1-;wA3 -wQ");
        let f = Frame::of_position(&p);
        let b = p.board();
        let name = |id: PieceId| id.to_string();
        let order: Vec<String> = counting_order(b, &f, Color::White, Bug::Ant)
            .into_iter()
            .map(name)
            .collect();
        // wA2 and wA1 are equally far toward noon (2q + r = -1): forenoon side (smaller r)
        // first; wA3 at (-2, 0) is farther toward midnight.
        assert_eq!(
            f.to_canonical(b.position(PieceId(9)).unwrap()),
            Hex::new(0, -1)
        );
        assert_eq!(order, ["wA2", "wA1", "wA3"]);
        for (i, a) in counting_order(b, &f, Color::White, Bug::Ant)
            .iter()
            .enumerate()
        {
            assert_eq!(number_of(b, &f, *a), Some(i as u8 + 1));
        }
        let s = PieceId::of_kind(Color::White, Bug::Spider).next().unwrap();
        assert_eq!(number_of(b, &f, s), None);
    }

    #[test]
    fn covered_queen_first_and_moved_piece_never() {
        // wB1 climbs onto bQ; bB1 sits next to the stack.
        let p = pos("Base;InProgress;Black[6];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wS1;bB1 bQ/;wB1 wS1/;bA1 bQ\\;wB1 bS1;bA2 bQ-;wB1 bQ");
        let f = Frame::of_position(&p);
        let b = p.board();
        let id = |s: &str| s.parse::<crate::engine::piece::Piece>().unwrap().id();
        let (bq, wb1, bb1, ba1) = (id("bQ"), id("wB1"), id("bB1"), id("bA1"));
        assert_eq!(b.top(Hex::new(2, 0)), Some(wb1));
        // (2,-1) touches bB1, the wB1-on-bQ stack and bS1: the covered Queen wins.
        let dest = Hex::new(2, -1);
        let all: Vec<PieceId> = candidates(b, None, dest).iter().map(|c| c.piece).collect();
        assert_eq!(all.len(), 4, "{all:?}");
        assert_eq!(select_reference(b, &f, ba1, dest), Some(bq));
        // wB1 stepping off the Queen: the Queen under it stays and is still the reference.
        let c = select_candidate(b, &f, Some(wb1), dest).unwrap();
        assert_eq!((c.piece, c.covered), (bq, true));
        // (4,-1) touches bB1 and bA2: bA2 comes first in counting order, but bB1 is the
        // only visible black Beetle, which ranks higher.
        assert_eq!(select_reference(b, &f, wb1, Hex::new(4, -1)), Some(bb1));
    }

    #[test]
    fn why_names_the_rule_that_chose_the_reference() {
        // bQ /bS1 next to bS1 and wS1: no Queen on the board yet, two Spiders, each alone
        // of its colour and kind, the first counted from noon chosen.
        let p = pos("Base;InProgress;White[2];wS1;bS1 wS1-");
        let f = Frame::of_position(&p);
        let b = p.board();
        let wq = p
            .legal_moves()
            .into_iter()
            .find(|m| m.piece().is_some_and(|x| x.to_string() == "wQ"))
            .unwrap();
        let sentence = why(b, &f, wq.piece(), wq.to().unwrap()).unwrap();
        assert!(
            sentence.contains("a piece alone of its colour and kind"),
            "{sentence}"
        );
        // With a Queen beside the destination, the Queen.
        let p = pos("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
        let f = Frame::of_position(&p);
        let dest = p
            .board()
            .position(PieceId::of_kind(Color::White, Bug::Queen).next().unwrap())
            .unwrap();
        let next = dest
            .neighbors()
            .into_iter()
            .find(|h| p.board().top(*h).is_none())
            .unwrap();
        let s = why(p.board(), &f, None, next).unwrap();
        assert!(
            s.starts_with(
                "The reference is wQ: a Queen next to the destination always comes first"
            ),
            "{s}"
        );
        // Nothing next to a far cell: no reason.
        assert_eq!(why(p.board(), &f, None, Hex::new(20, 20)), None);
    }
}
