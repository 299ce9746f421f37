//! The analysis's state: one [`Session`] for the page, made when the analysis is first
//! turned on, whose variables the panel, the board's layer and the review are bound to.

use super::mistakes::LearnRun;
use super::practice::PracticeGame;
use super::review_state::ReviewState;
use crate::app::kit::{Memo, Var};
use crate::app::model::viewer::Viewer;
use crate::protocol::analysis_messages::SearchLine;
use crate::record::tree::NodeId;
use crate::view::Layout;
use leptos::prelude::NodeRef;
use std::cell::Cell;

/// The analysis's state, made at the first [`toggle`].
#[derive(Clone, Copy)]
pub(super) struct Session {
    pub viewer: Viewer,
    pub layout: Memo<Layout>,
    pub board: NodeRef<leptos::svg::Svg>,
    pub on: Var<bool>,
    /// The position searched (its node), and the deepest answer's lines so far, best
    /// first (in threat mode, the threat's line).
    pub lines: Var<Option<(NodeId, Vec<SearchLine>)>>,
    /// How many lines to show (the panel's choice: 3 beside a wide board, 1 on a phone).
    pub line_count: Var<u8>,
    /// Threat mode (`#threat`, key `X`): the position is searched as if its side to move
    /// passed, and the opponent's best line shown.
    pub threat: Var<bool>,
    /// The search of the position has stopped (its depth or time reached).
    pub done: Var<bool>,
    /// Why there is no answer (a worker that could not run, a finished game).
    pub status: Var<String>,
    /// *Keep searching* (`#keep-searching`, `aria-pressed`): no time limit, the search goes
    /// on until the analysis is turned off or the position changes.
    pub endless: Var<bool>,
    /// The move hovered or focused in a line: the line's index and the move's, from 0.
    pub hover: Var<Option<(usize, usize)>>,
    pub review: Var<ReviewState>,
    /// The practice game under way, if any (`practice`).
    pub practice: Var<Option<PracticeGame>>,
    /// The practice controls are shown (`#practice`, `aria-expanded`).
    pub practice_open: Var<bool>,
    /// Learning from the mistakes of a review (`mistakes`), once started.
    pub learn: Var<Option<LearnRun>>,
    /// The learning controls are shown (`#learn`, `aria-expanded`).
    pub learn_open: Var<bool>,
    /// From the address (`&analyse=N`): search and review to this depth; 0 for none. A link
    /// followed in the open page sets it again (`follow_link`).
    pub depth: Var<u8>,
}

thread_local! {
    pub(super) static SESSION: Cell<Option<Session>> = const { Cell::new(None) };
}

pub(super) fn session() -> Option<Session> {
    SESSION.with(Cell::get)
}
