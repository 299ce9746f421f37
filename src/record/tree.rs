//! Game trees: a game with its variations, comments and move annotations.
//!
//! A [`GameTree`] is an arena of nodes. The root stands for the empty board (it may carry
//! a comment, the one before the first move); every other node holds one legal move, an
//! optional comment and an optional [`Annotation`]. A node's first child is the main line;
//! later children are variations, alternatives to the first child. The tree never holds an
//! illegal move: [`GameTree::add_move`] replays the line to its parent and checks the move.
//!
//! ## Paths
//!
//! A [`Path`] names a node as numbers joined by dots. The first number counts plies along
//! the main line (`"12"` is the main line's 12th ply, `"0"` the root). Then come pairs
//! `v.n`: take the `v`-th variation that is an alternative to the node reached so far (the
//! `v`-th later sibling of it, so `1` is its parent's second child), and walk `n` moves
//! along that variation, counting its first move. `"12.1.3"` is the 3rd move of the 1st
//! variation that replaces main-line ply 12 (it is ply 14 of the game); `"12.1.3.2.1"` is
//! the first move of the 2nd variation replacing that 3rd move. Every node has exactly one
//! path: a pair whose `n` is 1 is last (an alternative to a variation's first move is a
//! sibling of it, spelt with the earlier pair), and `"0"` has no pairs.
//!
//! ```
//! use beeline::engine::{piece::GameType, position::{Position, Rules}};
//! use beeline::record::tree::{GameTree, Path};
//! let mut pos = Position::new(GameType::BASE);
//! let mut tree = GameTree::new(GameType::BASE, Rules::default());
//! let first = pos.legal_moves()[0];
//! let a = tree.add_move(tree.root(), first).unwrap();
//! pos.play(first).unwrap();
//! let replies = pos.legal_moves();
//! let main = tree.add_move(a, replies[0]).unwrap();
//! let alt = tree.add_move(a, replies[1]).unwrap();
//! assert_eq!(tree.mainline(), vec![first, replies[0]]);
//! assert_eq!(tree.path(alt).unwrap().to_string(), "2.1.1");
//! assert_eq!(tree.node_at(&"2".parse::<Path>().unwrap()), Some(main));
//! tree.make_main_line(alt).unwrap();
//! assert_eq!(tree.mainline(), vec![first, replies[1]]);
//! ```

use super::ImportError;
use crate::engine::piece::GameType;
use crate::engine::position::{Illegal, Move, Position, Rules};
use crate::engine::setup::Setup;
use crate::notation::frame::Frame;
use crate::notation::uhp::MoveString;
use crate::notation::{Coordinates, NotatedMove};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// A move annotation, written as a suffix (`!`, `?`, …) or a NAG (`$1`..`$6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Annotation {
    /// `!`, `$1`.
    Good,
    /// `?`, `$2`.
    Mistake,
    /// `!!`, `$3`.
    Brilliant,
    /// `??`, `$4`.
    Blunder,
    /// `!?`, `$5`.
    Interesting,
    /// `?!`, `$6`.
    Dubious,
}

impl Annotation {
    pub const ALL: [Annotation; 6] = [
        Annotation::Good,
        Annotation::Mistake,
        Annotation::Brilliant,
        Annotation::Blunder,
        Annotation::Interesting,
        Annotation::Dubious,
    ];

    /// The PGN Numeric Annotation Glyph (1..=6).
    pub fn nag(self) -> u8 {
        match self {
            Annotation::Good => 1,
            Annotation::Mistake => 2,
            Annotation::Brilliant => 3,
            Annotation::Blunder => 4,
            Annotation::Interesting => 5,
            Annotation::Dubious => 6,
        }
    }

    pub fn from_nag(nag: u8) -> Option<Annotation> {
        Annotation::ALL.into_iter().find(|a| a.nag() == nag)
    }

    /// The suffix players write (`!?`).
    pub fn symbol(self) -> &'static str {
        match self {
            Annotation::Good => "!",
            Annotation::Mistake => "?",
            Annotation::Brilliant => "!!",
            Annotation::Blunder => "??",
            Annotation::Interesting => "!?",
            Annotation::Dubious => "?!",
        }
    }

    pub fn from_symbol(s: &str) -> Option<Annotation> {
        Annotation::ALL.into_iter().find(|a| a.symbol() == s)
    }
}

impl fmt::Display for Annotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// One step of a tree in reading order ([`GameTree::reading_order`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reading {
    /// A move.
    Move(NodeId),
    /// A variation starts: the moves until its `Close` replace the move read before it.
    Open,
    Close,
}

/// A node of a [`GameTree`]: an index into its arena, valid until the node is deleted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

impl NodeId {
    /// The node's place in its tree's arena: below [`GameTree::capacity`], never reused, so
    /// that data about nodes can live in a plain vector.
    pub fn index(self) -> usize {
        self.0
    }
}

/// Why a tree operation was refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TreeError {
    #[error("there is no such node in the game tree (it may have been deleted)")]
    NoSuchNode,
    #[error("the root of the game tree holds no move, so it cannot be changed this way")]
    Root,
    #[error("move {ply} is illegal here: {reason}")]
    Illegal {
        /// The ply the move would have been (1 for the first move).
        ply: usize,
        #[source]
        reason: Illegal,
    },
}

/// Why a text is not a [`Path`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PathError {
    #[error("'{0}' is not a path (expected numbers joined by dots, such as 12.1.3)")]
    Syntax(String),
    #[error(
        "'{0}' is not a path: after the first number, numbers come in pairs (variation, moves)"
    )]
    Unpaired(String),
    #[error("'{0}' is not a path: variations and move counts start at 1")]
    Zero(String),
    #[error("'{0}' is not a path: only the last variation may be one move long (an alternative to a variation's first move is that variation's sibling)")]
    NotCanonical(String),
}

/// Where a node is: main-line plies, then (variation, moves) pairs. See the module docs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct Path {
    /// Plies along the main line (0: the root).
    pub plies: usize,
    /// Each: the variation (1 = the first alternative) replacing the node reached so far,
    /// and the moves walked along it (at least 1, its first move included).
    pub variations: Vec<(usize, usize)>,
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.plies)?;
        for (v, n) in &self.variations {
            write!(f, ".{v}.{n}")?;
        }
        Ok(())
    }
}

impl FromStr for Path {
    type Err = PathError;

    fn from_str(s: &str) -> Result<Path, PathError> {
        let t = s.trim();
        let nums = t
            .split('.')
            .map(|p| {
                if p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit()) {
                    None
                } else {
                    p.parse::<usize>().ok()
                }
            })
            .collect::<Option<Vec<usize>>>()
            .ok_or_else(|| PathError::Syntax(t.to_string()))?;
        let (&plies, rest) = nums
            .split_first()
            .ok_or_else(|| PathError::Syntax(t.to_string()))?;
        if rest.len() % 2 != 0 {
            return Err(PathError::Unpaired(t.to_string()));
        }
        let variations: Vec<(usize, usize)> = rest.chunks(2).map(|c| (c[0], c[1])).collect();
        if (plies == 0 && !variations.is_empty())
            || variations.iter().any(|&(v, n)| v == 0 || n == 0)
        {
            return Err(PathError::Zero(t.to_string()));
        }
        let k = variations.len();
        if variations
            .iter()
            .take(k.saturating_sub(1))
            .any(|&(_, n)| n == 1)
        {
            return Err(PathError::NotCanonical(t.to_string()));
        }
        Ok(Path { plies, variations })
    }
}

/// A step of a depth-first walk that keeps one position: enter a node (play its move), or
/// leave it (take the move back). A stack of steps, not recursion: lines may be deep.
pub(crate) enum WalkStep {
    Enter(NodeId),
    Leave,
}

#[derive(Clone, Debug)]
struct TreeNode {
    /// `None` for the root.
    mv: Option<Move>,
    parent: Option<NodeId>,
    children: Vec<NodeId>,
    comment: Option<String>,
    annotation: Option<Annotation>,
    /// False once deleted: the slot stays so that other ids keep their meaning.
    alive: bool,
}

impl TreeNode {
    fn new(mv: Option<Move>, parent: Option<NodeId>) -> TreeNode {
        TreeNode {
            mv,
            parent,
            children: Vec::new(),
            comment: None,
            annotation: None,
            alive: true,
        }
    }
}

/// A game with variations. Trees compare by content (game type, rules, and the moves,
/// comments and annotations in child order), not by arena layout or the errors of the
/// record they were read from.
#[derive(Clone, Debug)]
pub struct GameTree {
    game_type: GameType,
    rules: Rules,
    /// The position before the first move: the empty board, or a set-up position.
    start: Position,
    nodes: Vec<TreeNode>,
    /// What stopped variations while a record was read (not part of the tree's content).
    pub(crate) variation_errors: Vec<ImportError>,
}

const ROOT: NodeId = NodeId(0);

impl GameTree {
    /// The empty tree of a game type: the root alone.
    pub fn new(game_type: GameType, rules: Rules) -> GameTree {
        GameTree::from_position(Position::with_rules(game_type, rules))
    }

    /// The empty tree whose moves start from `start` (a set-up position, or the empty board
    /// with either side to move); the moves already played to reach it are forgotten.
    pub fn from_position(start: Position) -> GameTree {
        GameTree {
            game_type: start.game_type(),
            rules: start.rules(),
            start: start.without_history(),
            nodes: vec![TreeNode::new(None, None)],
            variation_errors: Vec::new(),
        }
    }

    /// A tree holding one line, the main line.
    pub fn from_moves(
        game_type: GameType,
        rules: Rules,
        moves: &[Move],
    ) -> Result<GameTree, TreeError> {
        GameTree::from_line(Position::with_rules(game_type, rules), moves)
    }

    /// A tree holding one line from `start`, the main line.
    pub fn from_line(start: Position, moves: &[Move]) -> Result<GameTree, TreeError> {
        let mut tree = GameTree::from_position(start);
        let mut pos = tree.start();
        let mut node = ROOT;
        for (i, &mv) in moves.iter().enumerate() {
            pos.play(mv)
                .map_err(|reason| TreeError::Illegal { ply: i + 1, reason })?;
            node = tree.push(node, mv);
        }
        Ok(tree)
    }

    pub fn game_type(&self) -> GameType {
        self.game_type
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn root(&self) -> NodeId {
        ROOT
    }

    /// The unreadable or illegal moves that stopped variations of the record the tree was
    /// read from (each variation is kept up to the move before).
    pub fn variation_errors(&self) -> &[ImportError] {
        &self.variation_errors
    }

    /// The position before the first move.
    pub fn start(&self) -> Position {
        self.start.clone()
    }

    /// The set-up the tree starts from, when it does not start from the empty board with
    /// White to move.
    pub fn setup(&self) -> Option<Setup> {
        self.start.is_set_up_start().then(|| Setup::of(&self.start))
    }

    fn node(&self, id: NodeId) -> Option<&TreeNode> {
        self.nodes.get(id.0).filter(|n| n.alive)
    }

    fn node_mut(&mut self, id: NodeId) -> Result<&mut TreeNode, TreeError> {
        self.nodes
            .get_mut(id.0)
            .filter(|n| n.alive)
            .ok_or(TreeError::NoSuchNode)
    }

    /// Whether the node exists (it was not deleted).
    pub fn contains(&self, id: NodeId) -> bool {
        self.node(id).is_some()
    }

    /// The node's move (`None` for the root or a missing node).
    pub fn mv(&self, id: NodeId) -> Option<Move> {
        self.node(id)?.mv
    }

    /// The node's children, main line first (empty for a missing node).
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        self.node(id).map_or(&[], |n| &n.children[..])
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id)?.parent
    }

    pub fn comment(&self, id: NodeId) -> Option<&str> {
        self.node(id)?.comment.as_deref()
    }

    /// The words of a node's comment, without the drawing kept in it (`record::drawing`).
    pub fn comment_words(&self, id: NodeId) -> Option<String> {
        super::drawing::prose(self.comment(id)?)
    }

    /// Sets or clears a node's comment (the root's is the one before the first move). The
    /// text is trimmed, and an empty one clears it, as a record would read it back.
    pub fn set_comment(&mut self, id: NodeId, comment: Option<&str>) -> Result<(), TreeError> {
        let c = comment.map(str::trim).filter(|c| !c.is_empty());
        self.node_mut(id)?.comment = c.map(str::to_string);
        Ok(())
    }

    pub fn annotation(&self, id: NodeId) -> Option<Annotation> {
        self.node(id)?.annotation
    }

    /// Sets or clears a move's annotation (the root has no move to annotate).
    pub fn set_annotation(
        &mut self,
        id: NodeId,
        annotation: Option<Annotation>,
    ) -> Result<(), TreeError> {
        if id == ROOT {
            return Err(TreeError::Root);
        }
        self.node_mut(id)?.annotation = annotation;
        Ok(())
    }

    /// The node's ply: how many moves lead to it from the root (`None` for a missing node).
    pub fn ply(&self, id: NodeId) -> Option<usize> {
        self.node(id)?;
        Some(self.ancestors(id).len())
    }

    /// The nodes from the root's first child down to `id` (empty for the root).
    fn ancestors(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut cur = id;
        while let Some(n) = self.node(cur) {
            match n.parent {
                Some(p) => {
                    out.push(cur);
                    cur = p;
                }
                None => break,
            }
        }
        out.reverse();
        out
    }

    /// The nodes of the main line, first move first.
    pub fn mainline_nodes(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut cur = ROOT;
        while let Some(&c) = self.children(cur).first() {
            out.push(c);
            cur = c;
        }
        out
    }

    /// The main line's last node: the root when the game has no move.
    pub fn mainline_end(&self) -> NodeId {
        let mut cur = ROOT;
        while let Some(&c) = self.children(cur).first() {
            cur = c;
        }
        cur
    }

    /// The moves of the main line.
    pub fn mainline(&self) -> Vec<Move> {
        self.mainline_nodes()
            .into_iter()
            .filter_map(|n| self.mv(n))
            .collect()
    }

    /// The moves from the root to the node, its own included (empty for a missing node).
    pub fn line_to(&self, id: NodeId) -> Vec<Move> {
        self.ancestors(id)
            .into_iter()
            .filter_map(|n| self.mv(n))
            .collect()
    }

    /// The position after the node's move.
    pub fn position_at(&self, id: NodeId) -> Option<Position> {
        self.node(id)?;
        let mut pos = self.start();
        for mv in self.line_to(id) {
            // Every move was checked when it was added.
            pos.play_unchecked(mv);
        }
        Some(pos)
    }

    /// Adds a legal move after `parent`, as its last variation, and returns it; a move
    /// `parent` already has is followed instead (its existing child is returned).
    pub fn add_move(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, TreeError> {
        if let Some(&c) = self
            .children(parent)
            .iter()
            .find(|&&c| self.mv(c) == Some(mv))
        {
            return Ok(c);
        }
        let mut pos = self.position_at(parent).ok_or(TreeError::NoSuchNode)?;
        pos.play(mv).map_err(|reason| TreeError::Illegal {
            ply: pos.ply() + 1,
            reason,
        })?;
        Ok(self.push(parent, mv))
    }

    /// [`GameTree::add_move`] for a move the caller has checked in the position after
    /// `parent` (readers that replay their lines anyway).
    pub(crate) fn push(&mut self, parent: NodeId, mv: Move) -> NodeId {
        if let Some(&c) = self
            .children(parent)
            .iter()
            .find(|&&c| self.mv(c) == Some(mv))
        {
            return c;
        }
        let id = NodeId(self.nodes.len());
        self.nodes.push(TreeNode::new(Some(mv), Some(parent)));
        if let Some(p) = self.nodes.get_mut(parent.0) {
            p.children.push(id);
        }
        id
    }

    /// Moves the node's branch one place up among its siblings (the second child becomes
    /// the main line). The first child stays where it is.
    pub fn promote(&mut self, id: NodeId) -> Result<(), TreeError> {
        let parent = self.parent_of(id)?;
        let siblings = &mut self.node_mut(parent)?.children;
        if let Some(i) = siblings.iter().position(|&c| c == id).filter(|&i| i > 0) {
            siblings.swap(i - 1, i);
        }
        Ok(())
    }

    /// Makes the line through the node the main line: it and each of its ancestors become
    /// their parent's first child (the others keep their order).
    pub fn make_main_line(&mut self, id: NodeId) -> Result<(), TreeError> {
        self.node(id).ok_or(TreeError::NoSuchNode)?;
        for n in self.ancestors(id) {
            let parent = self.parent_of(n)?;
            let siblings = &mut self.node_mut(parent)?.children;
            if let Some(i) = siblings.iter().position(|&c| c == n) {
                let c = siblings.remove(i);
                siblings.insert(0, c);
            }
        }
        Ok(())
    }

    /// Removes the node and every node after it.
    pub fn delete_from(&mut self, id: NodeId) -> Result<(), TreeError> {
        let parent = self.parent_of(id)?;
        self.node_mut(parent)?.children.retain(|&c| c != id);
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            if let Some(node) = self.nodes.get_mut(n.0) {
                node.alive = false;
                node.comment = None;
                stack.append(&mut node.children);
            }
        }
        Ok(())
    }

    fn parent_of(&self, id: NodeId) -> Result<NodeId, TreeError> {
        let n = self.node(id).ok_or(TreeError::NoSuchNode)?;
        n.parent.ok_or(TreeError::Root)
    }

    /// The node's path (see the module docs); `None` for a missing node.
    pub fn path(&self, id: NodeId) -> Option<Path> {
        self.node(id)?;
        let mut path = Path::default();
        let mut depth = 0;
        // Where the current segment started (its replaced node's depth).
        let mut start = 0;
        for n in self.ancestors(id) {
            depth += 1;
            let parent = self.parent(n)?;
            let index = self.children(parent).iter().position(|&c| c == n)?;
            if index > 0 {
                match path.variations.last_mut() {
                    Some(last) => last.1 = depth - start + 1,
                    None => path.plies = depth,
                }
                path.variations.push((index, 0));
                start = depth;
            }
        }
        match path.variations.last_mut() {
            Some(last) => last.1 = depth - start + 1,
            None => path.plies = depth,
        }
        Some(path)
    }

    /// Every node's [`path`](Self::path), indexed by [`NodeId::index`] (`None` where no node
    /// is): one step per node from its parent's path, since a parent always comes before its
    /// children in the arena, instead of a walk from the root for each node.
    pub fn paths(&self) -> Vec<Option<Path>> {
        let mut out: Vec<Option<Path>> = vec![None; self.capacity()];
        for i in 0..self.capacity() {
            let Some(id) = self.node_by_index(i) else {
                continue;
            };
            out[i] = match self.parent(id) {
                None => self.path(id),
                Some(p) => {
                    let known = out.get(p.index()).cloned().flatten();
                    known.or_else(|| self.path(p)).and_then(|mut path| {
                        let index = self.children(p).iter().position(|&c| c == id)?;
                        // One move further along the segment the parent is on; an
                        // alternative then starts a variation of its own.
                        match path.variations.last_mut() {
                            Some(last) => last.1 += 1,
                            None => path.plies += 1,
                        }
                        if index > 0 {
                            path.variations.push((index, 1));
                        }
                        Some(path)
                    })
                }
            };
        }
        out
    }

    /// The node a path names, if the tree has it.
    pub fn node_at(&self, path: &Path) -> Option<NodeId> {
        let mut cur = ROOT;
        for _ in 0..path.plies {
            cur = *self.children(cur).first()?;
        }
        for &(v, n) in &path.variations {
            if v == 0 || n == 0 || cur == ROOT {
                return None;
            }
            let parent = self.parent(cur)?;
            let siblings = self.children(parent);
            let here = siblings.iter().position(|&c| c == cur)?;
            if here != 0 {
                // Not canonical: an alternative to a variation's first move.
                return None;
            }
            cur = *siblings.get(v)?;
            for _ in 1..n {
                cur = *self.children(cur).first()?;
            }
        }
        Some(cur)
    }

    /// Every live node below the root, in depth-first order, main line first.
    pub fn nodes(&self) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack: Vec<NodeId> = self.children(ROOT).iter().rev().copied().collect();
        while let Some(n) = stack.pop() {
            out.push(n);
            stack.extend(self.children(n).iter().rev());
        }
        out
    }

    /// The live node at an arena index (as [`NodeId::index`] gives it).
    pub fn node_by_index(&self, index: usize) -> Option<NodeId> {
        let id = NodeId(index);
        self.contains(id).then_some(id)
    }

    /// One more than the largest [`NodeId::index`] of the tree.
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// The frame fixed by the moves from the root through each node, its own included
    /// (`Frame::of_line(&self.start(), &self.line_to(n))`), indexed by [`NodeId::index`]: one step per
    /// node, since a node's parent always comes before it in the arena.
    pub fn played_frames(&self) -> Vec<Frame> {
        let mut frames = vec![Frame::at_start(&self.start); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            if let (true, Some(p), Some(mv)) = (n.alive, n.parent, n.mv) {
                frames[i] = frames[p.0].after(mv);
            }
        }
        frames
    }

    /// The canonical frame of every node's line: the line from the root through the node
    /// and on along first children to its end. A variation that branches before the frame
    /// is fixed may turn or mirror it (the direction notation takes its frame from the
    /// game's first moves), so each line has its own; indexed by [`NodeId::index`].
    pub fn frames(&self) -> Vec<Frame> {
        self.line_frames(&self.played_frames())
    }

    /// [`GameTree::frames`] from [`GameTree::played_frames`].
    fn line_frames(&self, played: &[Frame]) -> Vec<Frame> {
        let mut frames = vec![Frame::at_start(&self.start); self.nodes.len()];
        for (i, n) in self.nodes.iter().enumerate() {
            if !n.alive || !n.children.is_empty() {
                continue;
            }
            // A line's end: its frame holds for every node whose first-child line ends here.
            let frame = played[i];
            let mut cur = NodeId(i);
            frames[i] = frame;
            while let Some(p) = self.parent(cur) {
                if self.children(p).first() != Some(&cur) {
                    break;
                }
                frames[p.0] = frame;
                cur = p;
            }
        }
        frames
    }

    /// Calls `f` for every move of the tree, depth first and main line first, with the
    /// position before the move and the frame of its line ([`GameTree::frames`]).
    pub fn visit(&self, mut f: impl FnMut(NodeId, &Position, Move, &Frame)) {
        self.visit_played(|n, pos, mv, frame, _| f(n, pos, mv, frame));
    }

    /// [`GameTree::visit`], also giving the frame fixed by the moves before each move
    /// (`Frame::of_position(&pos)`).
    pub fn visit_played(&self, mut f: impl FnMut(NodeId, &Position, Move, &Frame, &Frame)) {
        let played = self.played_frames();
        let frames = self.line_frames(&played);
        let mut pos = self.start();
        let mut stack: Vec<WalkStep> = self
            .children(ROOT)
            .iter()
            .rev()
            .map(|&c| WalkStep::Enter(c))
            .collect();
        while let Some(step) = stack.pop() {
            match step {
                WalkStep::Enter(n) => {
                    let Some(mv) = self.mv(n) else { continue };
                    let before = self.parent(n).map_or(played[0], |p| played[p.0]);
                    f(n, &pos, mv, &frames[n.0], &before);
                    // Every move was checked when it was added.
                    pos.play_unchecked(mv);
                    stack.push(WalkStep::Leave);
                    stack.extend(self.children(n).iter().rev().map(|&c| WalkStep::Enter(c)));
                }
                WalkStep::Leave => {
                    pos.undo();
                }
            }
        }
    }

    /// The tree as PGN and chess viewers read it: the main line, and right after each move
    /// the variations that replace it, each in parentheses, nested as they nest.
    pub fn reading_order(&self) -> Vec<Reading> {
        /// What is left to read, last first (a stack, not recursion: nesting may be deep).
        enum Task {
            /// The line from this node on.
            Line(NodeId),
            Open,
            Close,
        }
        let mut out = Vec::with_capacity(self.len() + 8);
        let mut tasks: Vec<Task> = self
            .children(ROOT)
            .first()
            .map(|&n| Task::Line(n))
            .into_iter()
            .collect();
        while let Some(task) = tasks.pop() {
            match task {
                Task::Line(n) => {
                    out.push(Reading::Move(n));
                    // A first child's alternatives follow it, then its line goes on.
                    let alternatives = match self.parent(n) {
                        Some(p) if self.children(p).first() == Some(&n) => &self.children(p)[1..],
                        _ => &[],
                    };
                    if let Some(&next) = self.children(n).first() {
                        tasks.push(Task::Line(next));
                    }
                    for &alt in alternatives.iter().rev() {
                        tasks.push(Task::Close);
                        tasks.push(Task::Line(alt));
                        tasks.push(Task::Open);
                    }
                }
                Task::Open => out.push(Reading::Open),
                Task::Close => out.push(Reading::Close),
            }
        }
        out
    }

    /// Every move of the tree in every notation, indexed by [`NodeId::index`] (`None` for
    /// the root and deleted nodes). Each move is written in its own line's frame.
    pub fn notate(&self, coordinates: Coordinates) -> Vec<Option<NotatedMove>> {
        let mut rows = vec![None; self.nodes.len()];
        self.visit(|n, pos, mv, frame| {
            let standard = coordinates.frame_for::<MoveString>(*frame);
            rows[n.0] = Some(NotatedMove::new(pos, mv, frame, &standard));
        });
        rows
    }

    /// The number of moves in the tree.
    pub fn len(&self) -> usize {
        self.nodes.iter().filter(|n| n.alive).count() - 1
    }

    pub fn is_empty(&self) -> bool {
        self.children(ROOT).is_empty()
    }
}

impl PartialEq for GameTree {
    fn eq(&self, other: &GameTree) -> bool {
        if self.game_type != other.game_type
            || self.rules != other.rules
            || self.setup() != other.setup()
        {
            return false;
        }
        let mut stack = vec![(ROOT, ROOT)];
        while let Some((a, b)) = stack.pop() {
            let (Some(na), Some(nb)) = (self.node(a), other.node(b)) else {
                return false;
            };
            if na.mv != nb.mv
                || na.comment != nb.comment
                || na.annotation != nb.annotation
                || na.children.len() != nb.children.len()
            {
                return false;
            }
            stack.extend(na.children.iter().copied().zip(nb.children.iter().copied()));
        }
        true
    }
}

impl Eq for GameTree {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_at_once_is_each_nodes_path() {
        let check = |tree: &GameTree| {
            let all = tree.paths();
            assert_eq!(all.len(), tree.capacity());
            for (i, p) in all.iter().enumerate() {
                let one = tree.node_by_index(i).and_then(|n| tree.path(n));
                assert_eq!(p, &one, "node {i}");
            }
        };
        let rec = crate::record::import(include_str!("../../tests/data/tree-500.pgn"), None)
            .unwrap_or_else(|e| panic!("{e}"));
        let mut tree = rec.tree;
        assert!(tree.len() >= 490);
        check(&tree);
        // Variations inside variations: an alternative to each variation's first reply.
        let in_variation = (0..tree.capacity())
            .filter_map(|i| tree.node_by_index(i))
            .filter(|&n| {
                tree.path(n).is_some_and(|p| p.variations.len() == 1) && tree.children(n).len() == 1
            })
            .take(5)
            .collect::<Vec<_>>();
        let mut nested = Vec::new();
        for v in in_variation {
            let pos = tree.position_at(v).unwrap();
            let taken = tree.mv(tree.children(v)[0]);
            let other = pos.legal_moves().into_iter().find(|&m| Some(m) != taken);
            if let Some(mv) = other {
                let alt = tree.add_move(v, mv).unwrap();
                nested.push(alt);
                let mut after = pos.clone();
                after.play(mv).unwrap();
                if let Some(&reply) = after.legal_moves().first() {
                    nested.push(tree.add_move(alt, reply).unwrap());
                }
            }
        }
        assert!(nested.len() >= 4, "nested variations added");
        check(&tree);
        // After edits: a variation promoted and made the main line, a line deleted (a hole).
        tree.promote(nested[0]).unwrap();
        check(&tree);
        tree.make_main_line(nested[nested.len() / 2]).unwrap();
        check(&tree);
        tree.delete_from(nested[nested.len() - 1]).unwrap();
        check(&tree);
    }

    fn tree_with_branches() -> (GameTree, Vec<NodeId>) {
        let gt = GameType::BASE;
        let mut pos = Position::new(gt);
        let mut tree = GameTree::new(gt, Rules::default());
        let mut ids = Vec::new();
        let mut cur = tree.root();
        for _ in 0..4 {
            let mv = pos.legal_moves()[0];
            pos.play(mv).unwrap();
            cur = tree.add_move(cur, mv).unwrap();
            ids.push(cur);
        }
        (tree, ids)
    }

    #[test]
    fn annotations_both_ways() {
        for a in Annotation::ALL {
            assert_eq!(Annotation::from_nag(a.nag()), Some(a));
            assert_eq!(Annotation::from_symbol(a.symbol()), Some(a));
        }
        assert_eq!(Annotation::from_nag(7), None);
        assert_eq!(Annotation::from_symbol("!!!"), None);
    }

    #[test]
    fn paths_parse_and_print() {
        for s in ["0", "1", "12", "12.1.3", "12.1.3.2.1", "3.2.2.1.4"] {
            assert_eq!(s.parse::<Path>().unwrap().to_string(), s);
        }
        for s in [
            "",
            "a",
            "1.",
            ".1",
            "1.1",
            "0.1.1",
            "1.0.1",
            "1.1.0",
            "12.1.1.2.1",
            "-1",
        ] {
            assert!(s.parse::<Path>().is_err(), "{s}");
        }
        let e = "12.1.1.2.1".parse::<Path>().unwrap_err().to_string();
        assert!(e.contains("'12.1.1.2.1'"), "{e}");
    }

    #[test]
    fn every_move_is_notated_in_its_own_lines_frame() {
        use crate::notation::notate_game;
        let (mut tree, ids) = tree_with_branches();
        // Variations at ply 2 (before the frame is fixed) and at ply 4, two moves long.
        let mut variations = Vec::new();
        for at in [0, 2] {
            let mut pos = tree.position_at(ids[at]).unwrap();
            let mut cur = ids[at];
            for k in 0..2 {
                let legal = pos.legal_moves();
                let mv = legal[legal.len() - 1 - k];
                pos.play(mv).unwrap();
                cur = tree.add_move(cur, mv).unwrap();
                variations.push(cur);
            }
        }
        let rows = tree.notate(Coordinates::Canonical);
        assert!(rows[tree.root().index()].is_none());
        for n in tree.nodes() {
            // The line through the node, on along first children.
            let mut line = tree.line_to(n);
            let mut end = n;
            while let Some(&c) = tree.children(end).first() {
                line.push(tree.mv(c).unwrap());
                end = c;
            }
            let depth = tree.ply(n).unwrap();
            let expected = &notate_game(&tree.start(), &line, Coordinates::Canonical)[depth - 1];
            assert_eq!(rows[n.index()].as_ref(), Some(expected));
        }
        assert_eq!(rows.iter().flatten().count(), 8);
        // The frames kept node by node are those of each node's moves, and a visit gives
        // the one before each move.
        let played = tree.played_frames();
        for n in tree.nodes() {
            assert_eq!(played[n.index()], Frame::of_moves(&tree.line_to(n)));
        }
        tree.visit_played(|_, pos, _, _, before| {
            assert_eq!(*before, Frame::of_position(pos));
        });
    }

    #[test]
    fn illegal_and_missing() {
        let (mut tree, ids) = tree_with_branches();
        let first = tree.mv(ids[0]).unwrap();
        // Placing the first piece again is illegal after the first move.
        let err = tree.add_move(ids[0], first);
        assert!(
            matches!(err, Err(TreeError::Illegal { ply: 2, .. })),
            "{err:?}"
        );
        assert_eq!(tree.promote(tree.root()), Err(TreeError::Root));
        assert_eq!(tree.delete_from(tree.root()), Err(TreeError::Root));
        tree.delete_from(ids[2]).unwrap();
        assert_eq!(tree.add_move(ids[3], first), Err(TreeError::NoSuchNode));
        assert_eq!(tree.path(ids[3]), None);
        assert_eq!(tree.mainline().len(), 2);
        assert_eq!(tree.len(), 2);
        assert_eq!(
            tree.node_at(&Path {
                plies: 3,
                variations: vec![]
            }),
            None
        );
    }

    #[test]
    fn the_main_lines_end_is_its_last_node_or_the_root() {
        let empty = GameTree::from_position(Position::new(GameType::BASE));
        assert_eq!(empty.mainline_end(), empty.root());
        let rec = crate::record::import(
            "[GameType \"Base\"]\n\n1. wS1 2. bS1 -wS1 (2. bG1 -wS1 3. wQ wS1/)\n",
            None,
        )
        .unwrap();
        let t = &rec.tree;
        assert_eq!(Some(t.mainline_end()), t.mainline_nodes().last().copied());
    }
}
