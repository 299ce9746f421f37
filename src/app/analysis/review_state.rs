//! A review of the main line as the page keeps it: its rows as they come, the graph drawn
//! from them, and the judgements the notation marks.

use super::view;
use crate::engine::position::Move;
use crate::protocol::analysis_messages::ReviewRow;
use crate::search::game_review::Judgement;

/// A review of the main line, as the page keeps it.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct ReviewState {
    /// The main line reviewed (its rows mean nothing for another).
    pub moves: Vec<Move>,
    pub rows: Vec<ReviewRow>,
    pub running: bool,
    /// Its worker was ended before the last row (out of memory, an error): the rows so far
    /// stay, and the summary says so.
    pub stopped: bool,
    /// Which review this is (a new one draws the graph again).
    pub id: u32,
    /// The graph's three groups as far as the rows go (White's ground, the curve, the
    /// points): each row adds its piece, which the page adds to what it drew.
    pub graph: [String; 3],
}

impl ReviewState {
    /// Positions to review: the moves and the last position.
    pub fn total(&self) -> usize {
        self.moves.len() + 1
    }

    /// Whether its rows say something of this main line (they are of it, and there are some).
    pub fn of_mainline(&self, mainline: &[Move]) -> bool {
        !self.rows.is_empty() && self.moves == mainline
    }

    /// A row has come.
    pub fn add(&mut self, row: ReviewRow) {
        let piece = view::graph_piece(self.rows.last(), &row, self.total());
        for (part, add) in self
            .graph
            .iter_mut()
            .zip([piece.white, piece.curve, piece.point])
        {
            part.push_str(&add);
        }
        self.rows.push(row);
    }

    /// Each ply's judgement, if it marks the move (`[ply]`, 1-based).
    pub fn judgements(&self) -> Vec<Option<Judgement>> {
        let mut by_ply = vec![None; self.total() + 1];
        for r in &self.rows {
            if let Some(j) = by_ply.get_mut(r.ply as usize) {
                *j = view::judged(r);
            }
        }
        by_ply
    }
}
