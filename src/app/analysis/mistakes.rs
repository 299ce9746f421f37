//! Learn from the mistakes (`#learn`, after a review): for the player chosen, each of their
//! inaccuracies, mistakes and blunders in turn, the position before it and "find a better
//! move". The move tried is accepted when it is the review's best move, or when the live
//! search of the position after it (to the review's depth, less the ply it has been played)
//! leaves the mover's winning chances within [`ACCEPTED`] of the best move's; otherwise it is
//! refuted, and the engine's answer to it is on the board. *Show the solution* plays the best
//! move, *Skip* goes on; a summary ends the run. The tries stay in the study as variations.
//!
//! The state and its rules are here, free of the DOM and tested natively; the panel binds
//! and drives them.

use crate::engine::piece::Color;
use crate::engine::position::Move;
use crate::protocol::analysis_messages::{ReviewRow, SearchLine};
use crate::record::tree::NodeId;
use crate::search::game_review::{win_probability, Judgement, INACCURACY};
use crate::search::WIN;

/// How far below the best move's winning chances a move tried may fall and still be
/// accepted: less than an inaccuracy's (5 points), the review's own line between a good move
/// and an inaccuracy.
pub const ACCEPTED: f64 = INACCURACY;

/// One mistake to learn from.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnItem {
    /// The ply of the move that was a mistake (1-based), and the main line's node before it.
    pub ply: usize,
    pub node: NodeId,
    pub judgement: Judgement,
    pub best: Option<Move>,
    /// The position's evaluation with the best move, from White's side, and its depth.
    pub eval: f64,
    pub win_in: Option<i32>,
    pub depth: u8,
}

/// What a try came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TryVerdict {
    Accepted,
    /// With the engine's answer to the move tried.
    Refuted(Option<Move>),
    /// The solution was shown.
    Shown,
}

impl TryVerdict {
    /// `data-verdict`'s value.
    pub fn name(self) -> &'static str {
        match self {
            TryVerdict::Accepted => "accepted",
            TryVerdict::Refuted(_) => "refuted",
            TryVerdict::Shown => "shown",
        }
    }
}

/// A run through one player's mistakes.
#[derive(Clone, Debug, PartialEq)]
pub struct LearnRun {
    pub player: Color,
    pub items: Vec<LearnItem>,
    /// The item shown (`items.len()` once done).
    pub at: usize,
    /// The latest try's verdict at the item shown, and the node it was made at.
    pub verdict: Option<(TryVerdict, NodeId)>,
    pub found: usize,
    pub shown: usize,
    pub skipped: usize,
}

/// Points from a score as the review writes them, back to a score for the win probability.
fn score_of(eval: f64, win_in: Option<i32>) -> i32 {
    match win_in {
        Some(n) if n > 0 => WIN - n,
        Some(n) => -(WIN + n),
        None => (eval * 100.0).round() as i32,
    }
}

/// White's winning chances at an evaluation.
fn white_chances(eval: f64, win_in: Option<i32>) -> f64 {
    win_probability(score_of(eval, win_in))
}

impl LearnRun {
    /// The run of `player`'s mistakes among a review's rows; `nodes[p]` is the main line's
    /// node after `p` moves and `first` the side that moves first there.
    pub fn new(player: Color, rows: &[ReviewRow], nodes: &[NodeId], first: Color) -> LearnRun {
        let mover = |ply: usize| {
            if (ply - 1) % 2 == 0 {
                first
            } else {
                first.other()
            }
        };
        let items = rows
            .iter()
            .filter_map(|r| {
                let ply = r.ply as usize;
                let judgement = crate::app::analysis::view::judged(r)?;
                let node = *nodes.get(ply.checked_sub(1)?)?;
                (mover(ply) == player).then_some(LearnItem {
                    ply,
                    node,
                    judgement,
                    best: r.best,
                    eval: r.eval,
                    win_in: r.win_in,
                    depth: r.depth,
                })
            })
            .collect();
        LearnRun {
            player,
            items,
            at: 0,
            verdict: None,
            found: 0,
            shown: 0,
            skipped: 0,
        }
    }

    pub fn item(&self) -> Option<&LearnItem> {
        self.items.get(self.at)
    }

    pub fn is_done(&self) -> bool {
        self.at >= self.items.len()
    }

    /// The verdict of the move `tried` from the item shown, with the live search's lines of
    /// the position after it (`None` while they are not deep enough to say).
    pub fn judge(&self, tried: Move, after: Option<&SearchLine>) -> Option<TryVerdict> {
        let item = self.item()?;
        if Some(tried) == item.best {
            return Some(TryVerdict::Accepted);
        }
        // The review valued a move one ply shallower than its best move's search.
        let l = after.filter(|l| l.depth >= item.depth.saturating_sub(1).max(1))?;
        let sign = if self.player == Color::White {
            1.0
        } else {
            -1.0
        };
        let best = white_chances(item.eval, item.win_in);
        let now = white_chances(l.eval, l.win_in);
        let lost = sign * (best - now);
        Some(if lost < ACCEPTED {
            TryVerdict::Accepted
        } else {
            TryVerdict::Refuted(l.moves.first().copied())
        })
    }

    /// Records a verdict at `node`, once.
    pub fn record(&mut self, verdict: TryVerdict, node: NodeId) {
        if self.verdict.is_some_and(|(_, n)| n == node) {
            return;
        }
        if verdict == TryVerdict::Accepted && !self.solved() {
            self.found += 1;
        }
        if verdict == TryVerdict::Shown && !self.solved() {
            self.shown += 1;
        }
        self.verdict = Some((verdict, node));
    }

    /// Whether the item shown has been found or its solution shown.
    pub fn solved(&self) -> bool {
        matches!(
            self.verdict,
            Some((TryVerdict::Accepted | TryVerdict::Shown, _))
        )
    }

    /// On to the next item (a skip if it was not solved).
    pub fn next(&mut self) {
        if self.is_done() {
            return;
        }
        if !self.solved() {
            self.skipped += 1;
        }
        self.at += 1;
        self.verdict = None;
    }

    /// What `#learn-status` says.
    pub fn status(&self, played: &str, best: &str, reply: &str) -> String {
        let side = match self.player {
            Color::White => "White",
            Color::Black => "Black",
        };
        if self.items.is_empty() {
            return format!("{side} made no inaccuracy, mistake or blunder in this review.");
        }
        let Some(item) = self.item() else {
            return format!(
                "Done: {} found, {} shown, {} skipped, of {}.",
                self.found,
                self.shown,
                self.skipped,
                self.items.len()
            );
        };
        let n = format!("{} of {}", self.at + 1, self.items.len());
        match self.verdict {
            None => format!(
                "{n}: at move {}, {side} played {played}, {} {}. Find a better move.",
                item.ply.div_ceil(2),
                if item.judgement == Judgement::Inaccuracy {
                    "an"
                } else {
                    "a"
                },
                item.judgement.name()
            ),
            Some((TryVerdict::Accepted, _)) => {
                format!("{n}: good, that keeps the position. Skip goes to the next one.")
            }
            Some((TryVerdict::Refuted(_), _)) => {
                format!("{n}: not better: the engine answers {reply}. Step back and try again.")
            }
            Some((TryVerdict::Shown, _)) => format!("{n}: the best move was {best}."),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hex::Hex;
    use crate::engine::piece::PieceId;

    fn row(ply: u32, eval: f64, judgement: Option<Judgement>, best: Option<Move>) -> ReviewRow {
        ReviewRow {
            done: ply,
            total: 10,
            ply,
            eval,
            eval_after: eval - 2.0,
            win_in: None,
            judgement,
            best,
            depth: 4,
        }
    }

    fn place(n: u8) -> Move {
        Move::Place {
            piece: PieceId(n),
            to: Hex::new(0, 0),
        }
    }

    fn line(eval: f64, depth: u8) -> SearchLine {
        SearchLine {
            depth,
            eval,
            win_in: None,
            nodes: 1,
            ms: 1,
            moves: vec![place(9)],
            legal_moves: 3,
        }
    }

    /// The example game's main line nodes (after 0, 1, … moves).
    fn nodes() -> Vec<NodeId> {
        crate::app::model::game::NotatedGame::example()
            .main_line()
            .nodes
            .clone()
    }

    fn run(player: Color) -> LearnRun {
        let nodes = nodes();
        let rows = [
            row(1, 0.3, None, Some(place(1))),
            row(2, 0.4, Some(Judgement::Mistake), Some(place(2))),
            row(3, 1.0, Some(Judgement::Blunder), Some(place(3))),
            row(4, -0.5, Some(Judgement::Inaccuracy), Some(place(4))),
        ];
        LearnRun::new(player, &rows, &nodes, Color::White)
    }

    #[test]
    fn a_run_holds_the_players_errors_before_each() {
        let black = run(Color::Black);
        assert_eq!(
            black.items.iter().map(|i| i.ply).collect::<Vec<_>>(),
            [2, 4]
        );
        assert_eq!(black.items[0].node, nodes()[1], "the position before ply 2");
        let white = run(Color::White);
        assert_eq!(white.items.iter().map(|i| i.ply).collect::<Vec<_>>(), [3]);
    }

    #[test]
    fn the_best_move_is_accepted_a_worse_one_refuted_with_its_answer() {
        let r = run(Color::Black);
        // The best move, whatever the search says.
        assert_eq!(r.judge(place(2), None), Some(TryVerdict::Accepted));
        // Another move: the verdict waits for a search deep enough.
        assert_eq!(r.judge(place(5), None), None);
        assert_eq!(r.judge(place(5), Some(&line(0.4, 2))), None);
        // Black's best keeps White at +0.40: +0.45 loses a point of chance, accepted;
        // +5.00 loses far more, refuted with the engine's answer.
        assert_eq!(
            r.judge(place(5), Some(&line(0.45, 3))),
            Some(TryVerdict::Accepted)
        );
        assert_eq!(
            r.judge(place(5), Some(&line(5.0, 3))),
            Some(TryVerdict::Refuted(Some(place(9))))
        );
    }

    #[test]
    fn the_run_counts_found_shown_and_skipped_and_sums_up() {
        let mut r = run(Color::Black);
        assert!(r.status("bA1 wQ-", "", "").starts_with(
            "1 of 2: at move 1, Black played bA1 wQ-, a mistake. Find a better move."
        ));
        let n = nodes();
        r.record(TryVerdict::Refuted(None), n[7]);
        r.record(TryVerdict::Accepted, n[8]);
        r.record(TryVerdict::Accepted, n[8]);
        assert_eq!(r.found, 1);
        r.next();
        r.record(TryVerdict::Shown, n[9]);
        r.next();
        assert!(r.is_done());
        assert_eq!((r.found, r.shown, r.skipped), (1, 1, 0));
        assert_eq!(
            r.status("", "", ""),
            "Done: 1 found, 1 shown, 0 skipped, of 2."
        );
        let mut s = run(Color::Black);
        s.next();
        s.next();
        assert_eq!(s.skipped, 2);
    }
}
