//! The study board's logic, free of the DOM: the line being looked at, the order of the
//! notation panel's rows for a game tree, which pieces can move and where, and moves typed
//! in any notation.
//!
//! ```
//! use beeline::app::model::game::NotatedGame;
//! use beeline::app::model::study::read_typed;
//! let game = NotatedGame::example();
//! // Turn 9 of player 2 in the direction notation's example game.
//! let line = game.main_line();
//! let before = line.node_at(17);
//! let pos = game.record.tree.position_at(before).unwrap();
//! let mv = read_typed(&pos, game.record.coordinates, "A2×Qs").unwrap();
//! assert_eq!(game.record.tree.mv(line.node_at(18)), Some(mv));
//! ```

use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color};
use crate::engine::position::{Move, Position};
use crate::notation::algebraic::AlgebraicMove;
use crate::notation::direction::DirectionMove;
use crate::notation::frame::Frame;
use crate::notation::uhp::MoveString;
use crate::notation::{Coordinates, NotatedMove, Notation, ReadError};
use crate::record::tree::{GameTree, NodeId, Reading};
use crate::view::Replay;
use std::fmt;
use std::sync::Arc;

/// The line on the board: from the root through the chosen node and on along first
/// children, with every position of it. Stepping moves along it; after going back,
/// stepping forward again follows the same line.
#[derive(Clone, Debug)]
pub struct Line {
    root: NodeId,
    /// The line's nodes, its first move first.
    pub nodes: Vec<NodeId>,
    pub replay: Arc<Replay>,
}

impl Line {
    /// The line through `node` (the main line for the root or a missing node).
    pub fn through(tree: &GameTree, node: NodeId) -> Line {
        let mut nodes: Vec<NodeId> = Vec::new();
        let mut cur = node;
        while let Some(p) = tree.parent(cur) {
            nodes.push(cur);
            cur = p;
        }
        nodes.reverse();
        let mut end = nodes.last().copied().unwrap_or(tree.root());
        while let Some(&c) = tree.children(end).first() {
            nodes.push(c);
            end = c;
        }
        let moves: Vec<Move> = nodes.iter().filter_map(|&n| tree.mv(n)).collect();
        Line {
            root: tree.root(),
            // Every move of a tree was checked when it was added.
            replay: Arc::new(Replay::of_legal(tree.start(), &moves)),
            nodes,
        }
    }

    /// Number of moves; plies run from 0 (the root) to `len()`.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The node after `ply` moves of the line (clamped; 0 is the root).
    pub fn node_at(&self, ply: usize) -> NodeId {
        match ply.min(self.nodes.len()) {
            0 => self.root,
            p => self.nodes[p - 1],
        }
    }

    /// The ply of a node of the line, if it is on it.
    pub fn ply_of(&self, node: NodeId) -> Option<usize> {
        if node == self.root {
            return Some(0);
        }
        self.nodes.iter().position(|&n| n == node).map(|i| i + 1)
    }
}

/// Whether `node` is on the line through `end` (see [`Line::through`]): an ancestor of it,
/// or on the first-children continuation after it. Without building the line.
pub fn on_line_through(tree: &GameTree, end: NodeId, node: NodeId) -> bool {
    if !tree.contains(end) || !tree.contains(node) {
        return false;
    }
    let mut cur = end;
    loop {
        if cur == node {
            return true;
        }
        match tree.parent(cur) {
            Some(p) => cur = p,
            None => break,
        }
    }
    // After `end`: every step from `end` down to `node` must be a first child.
    let mut cur = node;
    while let Some(p) = tree.parent(cur) {
        if tree.children(p).first() != Some(&cur) {
            return false;
        }
        if p == end {
            return true;
        }
        cur = p;
    }
    false
}

/// One row of the notation panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PanelRow {
    pub node: NodeId,
    /// How deep in variations the row is: 0 on the main line.
    pub depth: usize,
    /// The node's path (`12`, `12.1.3`).
    pub path: String,
}

/// The notation panel's rows in reading order, as chess viewers and PGN have them: the
/// main line, and after each move the variations that replace it, each variation's moves
/// in order with its own variations nested one level deeper.
pub fn panel_rows(tree: &GameTree) -> Vec<PanelRow> {
    let mut out = Vec::with_capacity(tree.len());
    let mut depth = 0usize;
    let paths = tree.paths();
    for step in tree.reading_order() {
        match step {
            Reading::Move(node) => out.push(PanelRow {
                node,
                depth,
                path: paths
                    .get(node.index())
                    .and_then(Option::as_ref)
                    .map(|p| p.to_string())
                    .unwrap_or_default(),
            }),
            Reading::Open => depth += 1,
            Reading::Close => depth = depth.saturating_sub(1),
        }
    }
    out
}

/// What the player picked to move: a piece on the board (the top of its stack) or a kind
/// of piece from a reserve.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pick {
    Board(Hex),
    Reserve(Color, Bug),
}

/// The legal moves of what was picked: the piece's own moves, or a throw by a Pillbug (or a
/// Mosquito copying one) for a piece on the board; the placements of the next piece of the
/// kind for a reserve. Each destination once.
pub fn destinations(pos: &Position, pick: Pick) -> Vec<Move> {
    let mut out: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| match (*m, pick) {
            (Move::Move { from, .. }, Pick::Board(h)) => from == h,
            (Move::Place { piece, .. }, Pick::Reserve(c, b)) => {
                piece.color() == c && piece.bug() == b
            }
            _ => false,
        })
        .collect();
    crate::engine::hex::sort_small(&mut out, |m| m.to().map(|h| (h.r, h.q)));
    out.dedup_by_key(|m| m.to());
    out
}

/// The cells whose top piece can move (by itself or thrown), for the player to move.
pub fn movable_cells(pos: &Position) -> Vec<Hex> {
    let mut out: Vec<Hex> = pos.legal_moves().iter().filter_map(Move::from).collect();
    crate::engine::hex::sort_by_row(&mut out, |h| *h);
    out.dedup();
    out
}

/// One kind of piece in a player's reserve: how many are left, and whether one can be
/// placed now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReserveItem {
    pub color: Color,
    pub bug: Bug,
    pub count: usize,
    pub placeable: bool,
}

impl ReserveItem {
    /// The hook name, `wA`.
    pub fn code(&self) -> String {
        let c = match self.color {
            Color::White => 'w',
            Color::Black => 'b',
        };
        format!("{c}{}", self.bug.letter())
    }
}

/// Both players' unplayed pieces by kind, White first, in the game type's order of bugs.
pub fn reserve(pos: &Position) -> Vec<ReserveItem> {
    let legal = pos.legal_moves();
    let mut out = Vec::new();
    for color in [Color::White, Color::Black] {
        let mut kinds: Vec<ReserveItem> = Vec::new();
        for p in pos.in_hand(color) {
            let bug = p.bug();
            match kinds.iter_mut().find(|k| k.bug == bug) {
                Some(k) => k.count += 1,
                None => kinds.push(ReserveItem {
                    color,
                    bug,
                    count: 1,
                    placeable: legal.iter().any(|m| {
                        matches!(m, Move::Place { piece, .. } if piece.color() == color && piece.bug() == bug)
                    }),
                }),
            }
        }
        out.extend(kinds);
    }
    out
}

/// A legal move of `pos` in every notation, as its row would show it if played now: in the
/// frame of the moves so far and this one.
pub fn notate_candidate(pos: &Position, coordinates: Coordinates, mv: Move) -> NotatedMove {
    let frame = Frame::of_position(pos).after(mv);
    let standard = coordinates.frame_for::<MoveString>(frame);
    NotatedMove::new(pos, mv, &frame, &standard)
}

/// Why a typed move cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TypedError {
    Empty,
    /// The game is over: no move can follow.
    Over,
    /// The text reads as different moves (in one notation or across notations): each
    /// candidate in the standard notation.
    Ambiguous {
        text: String,
        candidates: Vec<String>,
    },
    /// No notation reads a legal move; the most telling reason.
    Unreadable(ReadError),
}

impl fmt::Display for TypedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TypedError::Empty => {
                f.write_str("Type a move in any notation, e.g. wA1 -bQ, A2×Qs or wA m n2.")
            }
            TypedError::Over => f.write_str("The game is over: no move can follow."),
            TypedError::Ambiguous { text, candidates } => write!(
                f,
                "'{text}' could be any of: {}. Add the piece's number or a reference to choose.",
                candidates.join(", ")
            ),
            TypedError::Unreadable(e) => write!(f, "{}.", capitalised(&e.to_string())),
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(first) => first.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Reads a move typed in any of the three notations (UHP included, with the forgiving
/// readers of records) in the position it is to be played in. A text that only one
/// notation reads, or that several read as the same move, is that move.
pub fn read_typed(
    pos: &Position,
    coordinates: Coordinates,
    text: &str,
) -> Result<Move, TypedError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(TypedError::Empty);
    }
    if pos.state().is_over() {
        return Err(TypedError::Over);
    }
    let frame = Frame::of_position(pos);
    let standard = coordinates.frame_for::<MoveString>(frame);
    let results = [
        MoveString::read(pos, &standard, text),
        DirectionMove::read(pos, &frame, text),
        AlgebraicMove::read(pos, &frame, text),
    ];
    let mut found: Vec<Move> = Vec::new();
    for mv in results.iter().filter_map(|r| r.as_ref().ok()) {
        if !found.contains(mv) {
            found.push(*mv);
        }
    }
    let write = |mv: Move| MoveString::from_move(pos, mv, &standard).write(());
    match found.len() {
        1 => return Ok(found[0]),
        n if n > 1 => {
            return Err(TypedError::Ambiguous {
                text: text.to_string(),
                candidates: found.into_iter().map(write).collect(),
            })
        }
        _ => {}
    }
    // Nothing legal: the notation that understood the text best says why. An ambiguity
    // lists its candidates; a move that parsed but matches nothing beats a syntax error.
    let errors: Vec<ReadError> = results.into_iter().filter_map(Result::err).collect();
    let rank = |e: &ReadError| match e {
        ReadError::Ambiguous { .. } => 0,
        ReadError::Illegal { .. } => 1,
        ReadError::NoMatch { .. } => 2,
        ReadError::Syntax(_) => 3,
    };
    match errors.into_iter().min_by_key(rank) {
        Some(ReadError::Ambiguous { text, candidates }) => {
            Err(TypedError::Ambiguous { text, candidates })
        }
        Some(e) => Err(TypedError::Unreadable(e)),
        None => Err(TypedError::Empty),
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::NotatedGame;
    use super::*;
    use crate::engine::piece::GameType;

    #[test]
    fn typed_moves_in_every_notation_play_the_recorded_move() {
        let game = NotatedGame::example();
        let tree = &game.record.tree;
        let line = game.main_line();
        for ply in 0..line.len() {
            let pos = tree.position_at(line.node_at(ply)).unwrap();
            let node = line.node_at(ply + 1);
            let row = game.row(node).unwrap();
            let expected = tree.mv(node).unwrap();
            for text in [
                &row.standard,
                &row.direction,
                &row.algebraic_long,
                &row.algebraic_short,
            ] {
                assert_eq!(
                    read_typed(&pos, game.record.coordinates, text),
                    Ok(expected),
                    "ply {} '{text}'",
                    ply + 1
                );
            }
        }
    }

    #[test]
    fn typed_errors_say_why() {
        let pos = Position::new(GameType::MLP);
        assert_eq!(
            read_typed(&pos, Coordinates::Record, "  "),
            Err(TypedError::Empty)
        );
        let e = read_typed(&pos, Coordinates::Record, "hello").unwrap_err();
        assert!(matches!(e, TypedError::Unreadable(_)), "{e:?}");
        let mut pos = Position::new(GameType::MLP);
        pos.play(read_typed(&pos, Coordinates::Record, "wL").unwrap())
            .unwrap();
        pos.play(read_typed(&pos, Coordinates::Record, "bL wL-").unwrap())
            .unwrap();
        // Pieces of a kind enter in number order: the reason is the rule's.
        let e = read_typed(&pos, Coordinates::Record, "wA2 -wL")
            .unwrap_err()
            .to_string();
        assert!(e.contains("wA1 must be placed before wA2"), "{e}");
        assert!(
            !e.starts_with(char::is_lowercase) && e.ends_with('.'),
            "{e}"
        );
        // Turn 9 of player 2 in the example game: two Ants can reach the Queen's sunset.
        let game = NotatedGame::example();
        let before = game.main_line().node_at(17);
        let pos = game.record.tree.position_at(before).unwrap();
        let amb = read_typed(&pos, game.record.coordinates, "A×Qs").unwrap_err();
        assert_eq!(
            amb,
            TypedError::Ambiguous {
                text: "A×Qs".into(),
                candidates: vec!["A3×Qs".into(), "A2×Qs".into()]
            }
        );
        assert!(amb.to_string().contains("could be any of"), "{amb}");
    }

    #[test]
    fn panel_rows_put_variations_after_the_move_they_replace() {
        let game = NotatedGame::example();
        let mut tree = game.record.tree.clone();
        let main = tree.mainline_nodes();
        // Two alternatives to ply 3, one nested alternative to the first one's 2nd move.
        let add_line = |tree: &mut GameTree, parent: NodeId, pick: usize, n: usize| {
            let mut pos = tree.position_at(parent).unwrap();
            let mut cur = parent;
            let mut ids = Vec::new();
            for _ in 0..n {
                let legal = pos.legal_moves();
                let mv = legal[(pick + ids.len()) % legal.len()];
                pos.play(mv).unwrap();
                cur = tree.add_move(cur, mv).unwrap();
                ids.push(cur);
            }
            ids
        };
        let a = add_line(&mut tree, main[1], 5, 3);
        let b = add_line(&mut tree, main[1], 9, 1);
        let c = add_line(&mut tree, a[0], 2, 2);
        let rows = panel_rows(&tree);
        let order: Vec<NodeId> = rows.iter().map(|r| r.node).collect();
        let mut expected = vec![
            main[0], main[1], main[2], a[0], a[1], c[0], c[1], a[2], b[0],
        ];
        expected.extend(&main[3..]);
        assert_eq!(order, expected);
        let depth_of = |n| rows.iter().find(|r| r.node == n).unwrap().depth;
        assert_eq!(
            (depth_of(main[5]), depth_of(a[2]), depth_of(c[0])),
            (0, 1, 2)
        );
        assert_eq!(rows[3].path, "3.1.1");
        assert_eq!(rows.len(), tree.len());
    }

    #[test]
    fn lines_follow_first_children_from_their_node() {
        let game = NotatedGame::example();
        let tree = &game.record.tree;
        let main = tree.mainline_nodes();
        let line = Line::through(tree, main[10]);
        assert_eq!(line.nodes, main);
        assert_eq!(line.ply_of(main[10]), Some(11));
        assert_eq!(line.node_at(0), tree.root());
        assert_eq!(line.node_at(999), *main.last().unwrap());
        assert_eq!(line.replay.len(), main.len());
        // Without building lines: ancestors and the continuation are on it, a sibling not.
        let mut t = tree.clone();
        let pos = t.position_at(main[9]).unwrap();
        let other = pos
            .legal_moves()
            .into_iter()
            .find(|m| Some(*m) != t.mv(main[10]))
            .unwrap();
        let v = t.add_move(main[9], other).unwrap();
        for n in t.nodes() {
            for end in [main[20], v, main[3]] {
                let built = Line::through(&t, end).ply_of(n).is_some();
                assert_eq!(on_line_through(&t, end, n), built, "{n:?} {end:?}");
            }
        }
    }

    #[test]
    fn picks_give_destinations_and_the_reserve_counts_pieces() {
        let game = NotatedGame::example();
        let tree = &game.record.tree;
        let line = game.main_line();
        let pos = tree.position_at(line.node_at(10)).unwrap();
        let next = tree.mv(line.node_at(11)).unwrap();
        let pick = match next {
            Move::Move { from, .. } => Pick::Board(from),
            Move::Place { piece, .. } => Pick::Reserve(piece.color(), piece.bug()),
            Move::Pass => unreachable!(),
        };
        let dest = destinations(&pos, pick);
        assert!(dest.contains(&next));
        assert!(dest.iter().all(|m| pos.is_legal(*m)));
        let cells = movable_cells(&pos);
        assert!(cells
            .iter()
            .all(|h| !destinations(&pos, Pick::Board(*h)).is_empty()));
        let reserve = reserve(&pos);
        let placed = pos
            .board()
            .occupied()
            .map(|h| pos.board().stack(h).len())
            .sum::<usize>();
        let total: usize = reserve.iter().map(|r| r.count).sum();
        let per_player: usize = Bug::ALL
            .into_iter()
            .filter(|b| GameType::MLP.includes(*b))
            .map(|b| usize::from(b.count()))
            .sum();
        assert_eq!(total + placed, 2 * per_player);
        let to_move = pos.to_move();
        assert!(reserve
            .iter()
            .filter(|r| r.color != to_move)
            .all(|r| !r.placeable));
        assert_eq!(reserve[0].code().len(), 2);
        let row = notate_candidate(&pos, game.record.coordinates, next);
        assert_eq!(&row, game.row(line.node_at(11)).unwrap());
    }
}
