//! Learn from your mistakes: after a review, each inaccuracy, mistake and blunder of a player
//! becomes an exercise, the position before it with "find a better move", written as a
//! puzzle (`record::puzzle`) whose solution is the engine's best move there, so that it opens
//! from a permalink in the viewer's puzzle mode (`beeline analyse --learn`).

use super::game_review::{Judgement, Notated, PlyAnalysis};
use crate::engine::piece::Color;
use crate::engine::position::{Move, Position};
use crate::record::{permalink, puzzle, Metadata};
use serde::Serialize;

/// One exercise.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Exercise {
    /// The ply of the move to improve on (1-based, as the review's rows).
    pub ply: usize,
    /// `"white"` or `"black"`.
    pub player: &'static str,
    pub judgement: Judgement,
    /// The move played, and the engine's best move instead.
    pub played: Notated,
    pub best: Notated,
    /// The mover's winning chances lost by the move played, in percentage points.
    pub lost: f64,
    /// The puzzle's permalink fragment (without `#`).
    pub puzzle: String,
}

/// Whether a judgement makes an exercise.
fn is_error(j: Option<Judgement>) -> bool {
    matches!(
        j,
        Some(Judgement::Inaccuracy | Judgement::Mistake | Judgement::Blunder)
    )
}

/// The exercises of a reviewed main line (`rows`: the review of `moves` from `start`), for
/// one player or both, in the order of the game.
pub fn exercises(
    start: &Position,
    moves: &[Move],
    rows: &[PlyAnalysis],
    meta: &Metadata,
    player: Option<Color>,
) -> Vec<Exercise> {
    let mut out = Vec::new();
    let mut pos = start.clone();
    for (i, &m) in moves.iter().enumerate() {
        let mover = pos.to_move();
        let row = rows.iter().find(|r| r.ply == i + 1);
        let wanted = player.is_none_or(|p| p == mover);
        if let Some(r) = row.filter(|r| wanted && is_error(r.judgement)) {
            let exercise = r.best_move.and_then(|best| {
                let rec = puzzle::puzzle_record(meta, &pos, &[best]).ok()?;
                // Winning chances are White's: the mover's loss is White's, turned.
                let sign = if mover == Color::White { 1.0 } else { -1.0 };
                let lost = sign * (r.win_probability - r.win_probability_after) * 100.0;
                Some(Exercise {
                    ply: r.ply,
                    player: r.player,
                    judgement: r.judgement?,
                    played: r.played.clone()?,
                    best: r.best.clone()?,
                    lost: (lost * 10.0).round() / 10.0,
                    puzzle: permalink::encode_ply(&rec, 0),
                })
            });
            out.extend(exercise);
        }
        pos.play_unchecked(m);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::key::PositionKey;
    use crate::notation::Coordinates;
    use crate::search::game_review::analyse;
    use crate::search::{Limits, NoClock};

    /// Every error of the player chosen becomes an exercise: its puzzle opens on the position
    /// before the move (up to the board's symmetries), to be solved by the best move.
    #[test]
    fn each_error_is_a_puzzle_of_the_position_before_it() {
        let rec = crate::record::import(
            &std::fs::read_to_string(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/direction-game-1.md"
            ))
            .unwrap_or_default(),
            None,
        )
        .unwrap_or_else(|e| panic!("the article's game reads: {e}"));
        let start = rec.start();
        let rows = analyse(
            &start,
            &rec.moves,
            Coordinates::default(),
            &Limits::depth(2),
            &|| Box::new(NoClock),
            &mut |_, _| {},
        );
        let both = exercises(&start, &rec.moves, &rows, &rec.meta, None);
        let errors = rows.iter().filter(|r| is_error(r.judgement)).count();
        assert!(errors > 0);
        assert_eq!(both.len(), errors);
        let white = exercises(&start, &rec.moves, &rows, &rec.meta, Some(Color::White));
        let black = exercises(&start, &rec.moves, &rows, &rec.meta, Some(Color::Black));
        assert_eq!(white.len() + black.len(), both.len());
        assert!(white.iter().all(|e| e.player == "white"));
        for e in &both {
            let before = rec.position_at(e.ply - 1);
            let (puzzle, _) =
                permalink::decode(&e.puzzle).unwrap_or_else(|err| panic!("ply {}: {err}", e.ply));
            assert!(puzzle.puzzle, "ply {}", e.ply);
            assert_eq!(
                PositionKey::of(&puzzle.start()),
                PositionKey::of(&before),
                "ply {}",
                e.ply
            );
            assert_eq!(puzzle.moves.len(), 1);
            assert!(e.lost > 0.0, "ply {}: {}", e.ply, e.lost);
            assert_ne!(e.played, e.best);
        }
    }
}
