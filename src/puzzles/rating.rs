//! Puzzle ratings: a puzzle's difficulty and rating in the set, both from how hard the
//! engine's search found it, and a trainer's try rated as a Glicko-2 game of the player against the puzzle
//! ([`rate_try`]), which moves both the player's rating and the puzzle's own (local) one.
//!
//! The seed is on the difficulty's scale made continuous: the nodes the engine searched
//! before it kept to a solving move ([`difficulty`] cuts the same count into the
//! difficulties 1 to 9), [`POINTS_PER_STEP`] points for every four times as many, so that a new player (1500) meets the middle of the medium puzzles (difficulty 3
//! to 5): 8,192 nodes, the middle of difficulty 4, is 1500.

use super::glicko::Glicko;

/// Points for every four times as many nodes: one difficulty step.
pub const POINTS_PER_STEP: f64 = 200.0;
/// The lowest and highest seed: 400 is about four nodes (a surround in one takes a few
/// dozen), 3000 some 10¹⁰ nodes, beyond any search the miner runs.
pub const SEED_RANGE: (u16, u16) = (400, 3000);
/// A puzzle's deviation as the set seeds it: its rating is measured, not guessed, so less
/// uncertain than a new player's (500), yet only by one engine's search.
pub const PUZZLE_DEVIATION: f64 = 200.0;
/// The rating at the middle of difficulty 4 (8,192 nodes).
const ANCHOR: f64 = 1500.0;

/// The difficulty on a continuous scale: 2 at 256 nodes, one more for every four times as
/// many (so [`difficulty`] is its integer part from 2 on).
fn steps(nodes: u64) -> f64 {
    (nodes.max(1) as f64 / 256.0).log(4.0) + 2.0
}

/// A puzzle's difficulty from the nodes the engine's search needed before it chose an
/// accepted move and kept to it: 1 under 256 nodes, one more for every four times as many,
/// up to 9 (four million and more).
pub fn difficulty(nodes: u64) -> u8 {
    let mut d = 1u8;
    let mut limit = 256u64;
    while nodes >= limit && d < 9 {
        d += 1;
        limit = limit.saturating_mul(4);
    }
    d
}

/// A puzzle's rating from the nodes the engine searched before it kept to a solving move:
/// 1500 at 8,192 (the middle of difficulty 4), [`POINTS_PER_STEP`] more for every four
/// times as many, within [`SEED_RANGE`].
pub fn seed_rating(nodes: u64) -> u16 {
    let r = ANCHOR + POINTS_PER_STEP * (steps(nodes) - 4.5);
    r.round()
        .clamp(f64::from(SEED_RANGE.0), f64::from(SEED_RANGE.1)) as u16
}

/// The rating of a puzzle known only by its difficulty (a set written before ratings): its
/// difficulty's middle on the same scale, 1500 for 4, [`POINTS_PER_STEP`] a step (900 for
/// 1, 2500 for 9). Within the ratings [`seed_rating`] gives that difficulty.
pub fn rating_of_difficulty(difficulty: u8) -> u16 {
    let d = f64::from(difficulty.clamp(1, 9));
    (ANCHOR + POINTS_PER_STEP * (d - 4.0)) as u16
}

/// A puzzle's Glicko-2 rating as the set seeds it (its rating, [`PUZZLE_DEVIATION`]).
pub fn puzzle_glicko(rating: u16) -> Glicko {
    Glicko {
        rating: f64::from(rating),
        deviation: PUZZLE_DEVIATION,
        ..Glicko::NEW_PLAYER
    }
}

/// How a try at a puzzle went, as the trainer saw it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleTry {
    /// Every turn played to the end.
    pub solved: bool,
    /// A wrong move was played (and taken back) at some turn.
    pub wrong_move: bool,
    /// The hint showed the piece to move.
    pub hint: bool,
    /// The solution was played for the solver.
    pub solution_shown: bool,
}

impl PuzzleTry {
    /// Whether the try counts as a win: solved with no wrong move, no hint and no solution
    /// shown (the streak's rule). Anything else is a loss.
    pub fn won(&self) -> bool {
        self.solved && !self.wrong_move && !self.hint && !self.solution_shown
    }
}

/// A try as one Glicko-2 game of its own rating period: the player's rating and the
/// puzzle's, both after it, each computed from the other's rating before the try (the
/// puzzle wins when the player loses).
pub fn rate_try(player: Glicko, puzzle: Glicko, outcome: &PuzzleTry) -> (Glicko, Glicko) {
    let score = if outcome.won() { 1.0 } else { 0.0 };
    (
        player.after_game(puzzle, score),
        puzzle.after_game(player, 1.0 - score),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn difficulty_grows_with_the_search() {
        assert_eq!(difficulty(0), 1);
        assert_eq!(difficulty(255), 1);
        assert_eq!(difficulty(256), 2);
        assert_eq!(difficulty(1023), 2);
        assert_eq!(difficulty(1024), 3);
        assert_eq!(difficulty(u64::MAX), 9);
    }

    #[test]
    fn the_seed_is_the_difficulty_made_continuous() {
        assert_eq!(seed_rating(8192), 1500);
        // One difficulty step, four times the nodes, is POINTS_PER_STEP.
        assert_eq!(seed_rating(4 * 8192), 1700);
        assert_eq!(seed_rating(8192 / 4), 1300);
        // Finer than the difficulty: nodes within one difficulty spread.
        assert!(seed_rating(5000) < seed_rating(6000));
        assert_eq!(difficulty(5000), difficulty(6000));
        assert_eq!(seed_rating(0), seed_rating(1));
        assert_eq!(seed_rating(1), SEED_RANGE.0);
        assert_eq!(seed_rating(u64::MAX), SEED_RANGE.1);
        // Ordered as the difficulty, and the difficulty's own rating falls among its
        // puzzles' ratings.
        let mut last = 0;
        for k in 0..60 {
            let nodes = 1u64 << k;
            let r = seed_rating(nodes);
            assert!(r >= last);
            last = r;
            let d = difficulty(nodes);
            let (lo, hi) = (seed_rating(nodes / 2), seed_rating(nodes.saturating_mul(2)));
            assert!(lo <= hi);
            if (2..9).contains(&d) {
                let mid = rating_of_difficulty(d);
                let bucket = (256u64 << (2 * (d - 2)), 256u64 << (2 * (d - 1)));
                assert!(seed_rating(bucket.0) <= mid && mid < seed_rating(bucket.1));
            }
        }
        assert!(rating_of_difficulty(1) < seed_rating(256));
        assert_eq!(rating_of_difficulty(4), 1500);
        assert_eq!(rating_of_difficulty(0), rating_of_difficulty(1));
        assert_eq!(rating_of_difficulty(200), rating_of_difficulty(9));
    }

    #[test]
    fn a_try_moves_the_player_and_the_puzzle_opposite_ways() {
        let player = Glicko::NEW_PLAYER;
        let puzzle = puzzle_glicko(1600);
        let clean = PuzzleTry {
            solved: true,
            ..PuzzleTry::default()
        };
        assert!(clean.won());
        let (p, z) = rate_try(player, puzzle, &clean);
        assert!(p.rating > player.rating && z.rating < puzzle.rating);
        // Solved, but with a hint, a wrong move or the solution: a loss.
        for lost in [
            PuzzleTry {
                hint: true,
                ..clean
            },
            PuzzleTry {
                wrong_move: true,
                ..clean
            },
            PuzzleTry {
                solution_shown: true,
                ..clean
            },
            PuzzleTry::default(),
        ] {
            assert!(!lost.won());
            let (p, z) = rate_try(player, puzzle, &lost);
            assert!(p.rating < player.rating && z.rating > puzzle.rating);
        }
        // The puzzle's smaller deviation moves it less than the new player.
        let (p, z) = rate_try(player, puzzle, &clean);
        assert!((p.rating - player.rating).abs() > (z.rating - puzzle.rating).abs());
    }
}
