//! What the board shows: the chosen node, or the one hovered in the notation, on its line
//! ([`ShownNode`]), and what the board is given of it ([`BoardInput`]).

use crate::app::kit::Memo;
use crate::record::tree::NodeId;
use crate::view::{Highlight, Replay};
use std::sync::Arc;

/// What the board shows: a node, the line it is drawn from and its ply on that line.
#[derive(Clone, Debug)]
pub struct ShownNode {
    pub node: NodeId,
    pub(super) replay: Arc<Replay>,
    pub(super) ply: usize,
}

impl PartialEq for ShownNode {
    fn eq(&self, other: &ShownNode) -> bool {
        self.node == other.node && self.ply == other.ply && Arc::ptr_eq(&self.replay, &other.replay)
    }
}

/// What the board is given: the shown node's line, its ply there and its move's highlight.
pub struct BoardInput {
    pub shown: Memo<ShownNode>,
    pub replay: Memo<Arc<Replay>>,
    pub ply: Memo<usize>,
    pub highlight: Memo<Option<Highlight>>,
}
