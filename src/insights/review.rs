//! What a quick review finds in one game, for both players: each move's judgement, the
//! chances it lost, its bug and its phase, and the game's missed wins and allowed losses.
//! Nothing here depends on whose insights are asked for, so one game's facts serve every
//! player (the browser keeps them per game).

use super::tactics::{allowed_loss, missed_win, Tactic};
use crate::engine::piece::{Bug, Color};
use crate::engine::position::{Move, Position};
use crate::notation::Coordinates;
use crate::search::game_review::{Judgement, Review};
use crate::search::surround::open_cells;
use crate::search::{Clock, Limits, Searcher};
use serde::Serialize;

/// The quick setting: every position searched to this depth from a cleared table, so that
/// a game's facts depend on the game alone (docs/INSIGHTS.md, "Speed and agreement").
pub const QUICK_DEPTH: u8 = 4;

/// The plies of the opening phase.
pub const OPENING_PLIES: usize = 12;

/// Where in a game a move falls: the first [`OPENING_PLIES`] plies; the end, from the first
/// position where either Queen has at most two empty neighbours; the middle between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Opening,
    Middle,
    End,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Opening, Phase::Middle, Phase::End];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Middle => "middle",
            Phase::End => "end",
        }
    }
}

/// One move of a reviewed game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveFacts {
    pub mover: Color,
    /// The bug moved or placed; `None` for a pass.
    pub bug: Option<Bug>,
    pub phase: Phase,
    pub judgement: Judgement,
    /// The mover's chances of winning the move lost against the best one (0 to 1); `None`
    /// for a move that is not scored: a forced one, or a side's first placement (which the
    /// review never marks: docs/ANALYSIS.md, "Judgements").
    pub lost: Option<f32>,
}

/// A reviewed game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameFacts {
    /// One per move of the main line, in order.
    pub moves: Vec<MoveFacts>,
    /// Missed wins and allowed losses of both players, in the order of their plies.
    pub tactics: Vec<Tactic>,
}

/// Reviews games one after another with one searcher (one per thread).
pub struct Reviewer {
    limits: Limits,
    searcher: Option<Searcher>,
}

impl Reviewer {
    pub fn new(limits: Limits) -> Reviewer {
        Reviewer::with_searcher(limits, Searcher::new(16))
    }

    /// A reviewer with a searcher of the caller's (the browser's worker makes a small one).
    pub fn with_searcher(limits: Limits, searcher: Searcher) -> Reviewer {
        Reviewer {
            limits: limits.with_lines(1),
            searcher: Some(searcher),
        }
    }

    /// The facts of the main line `moves` from `start`; `clock_for` starts the clock of
    /// each position's search (only a time limit reads it).
    pub fn review(
        &mut self,
        start: &Position,
        moves: &[Move],
        clock_for: &dyn Fn() -> Box<dyn Clock>,
    ) -> GameFacts {
        let searcher = self.searcher.take().unwrap_or_else(|| Searcher::new(16));
        let mut review =
            Review::with_searcher(searcher, start, moves, Coordinates::Canonical, self.limits);
        let mut facts = GameFacts {
            moves: Vec::with_capacity(moves.len()),
            tactics: Vec::new(),
        };
        let mut pos = start.clone();
        let mut end_reached = false;
        for &m in moves {
            let Some(Some(j)) = review.next_judged(clock_for().as_ref()) else {
                break;
            };
            let Some(judgement) = j.judgement else {
                break;
            };
            end_reached = end_reached || near_end(&pos);
            let phase = if pos.ply() < OPENING_PLIES {
                Phase::Opening
            } else if end_reached {
                Phase::End
            } else {
                Phase::Middle
            };
            let first_placement = pos.placed_count(j.mover) == 0;
            let scored = judgement != Judgement::Forced && !first_placement;
            facts.moves.push(MoveFacts {
                mover: j.mover,
                bug: m.piece().map(|p| p.bug()),
                phase,
                judgement,
                lost: scored.then(|| j.chances_lost() as f32),
            });
            let before = pos.clone();
            facts.tactics.extend(missed_win(&pos, m));
            if pos.play(m).is_err() {
                break;
            }
            facts.tactics.extend(allowed_loss(&before, &pos));
        }
        self.searcher = Some(review.into_searcher());
        facts
    }
}

/// Whether either Queen has at most two empty neighbours: the end has begun.
fn near_end(pos: &Position) -> bool {
    [Color::White, Color::Black]
        .into_iter()
        .any(|c| open_cells(pos, c).is_some_and(|open| open <= 2))
}
