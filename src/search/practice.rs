//! Practice levels: the engine as an opponent of chosen strength, from 1 (a beginner who
//! blunders like one) to 8 (the full engine).
//!
//! A level below 8 searches to a small depth for several lines and then chooses among them,
//! with a chance of a plain blunder:
//!
//! | level | depth | lines | temperature | random move |
//! |---|---|---|---|---|
//! | 1 | 1 | 8 | 400 | 30 % |
//! | 2 | 1 | 6 | 200 | 12 % |
//! | 3 | 2 | 5 | 120 | 6 % |
//! | 4 | 3 | 4 | 80 | 3 % |
//! | 5 | 4 | 3 | 40 | 1 % |
//! | 6 | 5 | 3 | 20 | 0 |
//! | 7 | 6 | 2 | 8 | 0 |
//! | 8 | the time or depth asked | 1 | 0 | 0 |
//!
//! Each level searches a ply deeper than the one below from level 2 on: two levels at one
//! depth differed too little to tell apart in matches, where the colour decided.
//!
//! With the chance in the last column, the move is any legal move, uniformly; otherwise a
//! line is drawn with a weight of `exp(-(best - score) / temperature)` (scores in the
//! evaluation's hundredths), so that a move half the temperature worse than the best is
//! chosen about 0.6 times as often, one twice as bad about 0.14 times. A forced win the
//! search sees is always played (a beginner also finishes a game in one). The time a level
//! is given caps its search too, so a level never thinks longer than it is allowed.
//!
//! The choices come from a seeded generator (SplitMix64): the same seed, level and moves
//! give the same game, so a level's strength can be measured in matches and a player's game
//! replayed.

use super::{win_in, Clock, Limits, Score, Searcher};
use crate::engine::position::{Move, Position};

/// The full engine's level.
pub const MAX_LEVEL: u8 = 8;

/// How a level plays: see the module's table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Level {
    /// 1 to [`MAX_LEVEL`].
    pub number: u8,
    /// The search's depth (0: the limits asked, at level 8).
    pub depth: u8,
    /// Lines searched to choose among.
    pub lines: u8,
    /// How far, in the evaluation's hundredths, a worse line is still chosen often.
    pub temperature: f64,
    /// The chance of any legal move instead.
    pub random: f64,
}

impl Level {
    /// Level `n`, clamped to 1..=8.
    pub fn new(n: u8) -> Level {
        let (depth, lines, temperature, random) = match n.clamp(1, MAX_LEVEL) {
            1 => (1, 8, 400.0, 0.30),
            2 => (1, 6, 200.0, 0.12),
            3 => (2, 5, 120.0, 0.06),
            4 => (3, 4, 80.0, 0.03),
            5 => (4, 3, 40.0, 0.01),
            6 => (5, 3, 20.0, 0.0),
            7 => (6, 2, 8.0, 0.0),
            _ => (0, 1, 0.0, 0.0),
        };
        Level {
            number: n.clamp(1, MAX_LEVEL),
            depth,
            lines,
            temperature,
            random,
        }
    }

    /// The limits of its search, within the limits asked.
    pub fn limits(&self, asked: &Limits) -> Limits {
        if self.depth == 0 {
            return *asked;
        }
        Limits {
            depth: self.depth.min(asked.depth),
            ..*asked
        }
        .with_lines(self.lines)
    }
}

/// A small seeded generator (SplitMix64): enough for choosing moves, repeatable everywhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dice(u64);

impl Dice {
    pub fn new(seed: u64) -> Dice {
        Dice(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index below `n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.unit() * n as f64) as usize).min(n.saturating_sub(1))
    }
}

/// The move a level plays in `pos` (`None` when the game is over), searched within `asked`.
pub fn choose(
    searcher: &mut Searcher,
    pos: &Position,
    level: &Level,
    asked: &Limits,
    clock: &dyn Clock,
    dice: &mut Dice,
) -> Option<Move> {
    let legal = pos.legal_moves();
    if legal.is_empty() || pos.state().is_over() {
        return None;
    }
    let found = searcher.search(pos, &level.limits(asked), clock);
    // The dice are thrown the same number of times whatever the position, so that one
    // choice does not shift the ones after it.
    let (blunder, pick, draw) = (dice.unit(), dice.below(legal.len()), dice.unit());
    if level.depth == 0 || found.win_in().is_some_and(|n| n > 0) {
        return found.best;
    }
    if blunder < level.random {
        return legal.get(pick).copied();
    }
    let best: Score = found.lines.first().map_or(found.score, |l| l.score);
    let weights: Vec<f64> = found
        .lines
        .iter()
        .map(|l| {
            // A line that loses by force is no beginner's choice either, unless all do.
            let lost = win_in(l.score).is_some_and(|n| n < 0) && win_in(best).is_none();
            if lost {
                0.0
            } else {
                (-f64::from(best.saturating_sub(l.score).min(50_000)) / level.temperature).exp()
            }
        })
        .collect();
    let total: f64 = weights.iter().sum();
    if total <= 0.0 {
        return found.best;
    }
    let mut at = draw * total;
    for (l, w) in found.lines.iter().zip(&weights) {
        if at < *w {
            return l.pv.first().copied().or(found.best);
        }
        at -= w;
    }
    found.best
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::NoClock;

    #[test]
    fn levels_grow_in_depth_and_shrink_in_chance() {
        let levels: Vec<Level> = (1..=MAX_LEVEL).map(Level::new).collect();
        for w in levels.windows(2) {
            let (a, b) = (&w[0], &w[1]);
            assert!(b.number == a.number + 1);
            assert!(b.depth >= a.depth || b.depth == 0, "{a:?} {b:?}");
            assert!(b.temperature <= a.temperature && b.random <= a.random);
        }
        assert_eq!(Level::new(0), Level::new(1));
        assert_eq!(Level::new(200), Level::new(MAX_LEVEL));
        // Level 8 is the search asked for; the others are capped.
        let asked = Limits::time_ms(900);
        assert_eq!(Level::new(8).limits(&asked), asked);
        let l3 = Level::new(3).limits(&asked);
        assert_eq!((l3.depth, l3.time_ms, l3.lines), (2, Some(900), 5));
    }

    #[test]
    fn the_dice_are_repeatable_and_spread() {
        let (mut a, mut b) = (Dice::new(7), Dice::new(7));
        let xs: Vec<u64> = (0..5).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..5).map(|_| b.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(Dice::new(8).next_u64(), xs[0]);
        let mut d = Dice::new(1);
        let mut counts = [0usize; 4];
        for _ in 0..4000 {
            counts[d.below(4)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (850..1150).contains(&c)),
            "{counts:?}"
        );
    }

    /// Every level plays legal moves through a whole game, and a seed replays its choices.
    #[test]
    fn every_level_plays_legal_moves_and_a_seed_replays_them() {
        for n in 1..=MAX_LEVEL {
            let level = Level::new(n);
            let asked = Limits::depth(2);
            let play = |seed: u64| {
                let mut pos = Position::new(Default::default());
                let mut searcher = Searcher::new(1);
                let mut dice = Dice::new(seed);
                let mut moves = Vec::new();
                for _ in 0..30 {
                    let Some(m) = choose(&mut searcher, &pos, &level, &asked, &NoClock, &mut dice)
                    else {
                        break;
                    };
                    assert!(pos.legal_moves().contains(&m), "level {n}: {m:?}");
                    pos.play(m).unwrap();
                    moves.push(m);
                }
                moves
            };
            assert_eq!(play(11), play(11), "level {n}");
        }
    }

    /// A weak level varies its moves with the seed; the full engine does not.
    #[test]
    fn weak_levels_vary_with_the_seed() {
        let first_moves = |n: u8| {
            let mut seen = Vec::new();
            for seed in 0..12 {
                let pos = Position::new(Default::default());
                let m = choose(
                    &mut Searcher::new(1),
                    &pos,
                    &Level::new(n),
                    &Limits::depth(2),
                    &NoClock,
                    &mut Dice::new(seed),
                );
                if !seen.contains(&m) {
                    seen.push(m);
                }
            }
            seen.len()
        };
        assert!(first_moves(1) >= 3, "level 1: {}", first_moves(1));
        assert_eq!(first_moves(MAX_LEVEL), 1);
    }
}
