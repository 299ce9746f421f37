//! Self-play: the engine's practice levels against each other, for games the project can
//! ship (the built-in puzzles are mined from them, `beeline selfplay`). Each game starts
//! with a few random legal moves, so no two games share an opening, and each side plays a
//! level drawn from a range; a level below 8 errs as its table says (`practice`), which is
//! what leaves positions worth a puzzle. The same seed and index give the same game.

use super::practice::{choose, Dice, Level};
use super::{Limits, NoClock, Searcher};
use crate::collection::generate::pgn_text;
use crate::engine::piece::GameType;
use crate::engine::position::{Move, Position, Rules};

/// What games to play.
#[derive(Clone, Debug, PartialEq)]
pub struct SelfPlay {
    pub seed: u64,
    pub game_type: GameType,
    /// The lowest and highest level a side is given (1 to 7).
    pub levels: (u8, u8),
    /// Random legal plies before the levels play: between these two.
    pub random_plies: (usize, usize),
    /// A game still going here stops unfinished.
    pub max_plies: usize,
}

impl Default for SelfPlay {
    fn default() -> SelfPlay {
        SelfPlay {
            seed: 1,
            game_type: GameType::MLP,
            levels: (2, 6),
            random_plies: (2, 4),
            max_plies: 160,
        }
    }
}

/// A game played.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// Its number in the run (from 0).
    pub index: usize,
    pub white_level: u8,
    pub black_level: u8,
    pub position: Position,
}

impl SelfPlay {
    /// Game `index` of the run, played with `searcher` (cleared first, so that the game
    /// does not depend on the ones before it).
    pub fn game(&self, index: usize, searcher: &mut Searcher) -> PlayedGame {
        let mut dice = Dice::new(self.seed ^ (index as u64).wrapping_mul(0xa076_1d64_78bd_642f));
        let (lo, hi) = (self.levels.0.clamp(1, 7), self.levels.1.clamp(1, 7));
        let (lo, hi) = (lo.min(hi), lo.max(hi));
        let mut level = || lo + dice.below(usize::from(hi - lo) + 1) as u8;
        let (white_level, black_level) = (level(), level());
        let (rlo, rhi) = self.random_plies;
        let random = rlo.min(rhi) + dice.below(rhi.abs_diff(rlo) + 1);
        searcher.clear();
        let mut pos = Position::with_rules(self.game_type, Rules::default());
        let asked = Limits::depth(8);
        while pos.ply() < self.max_plies && !pos.state().is_over() {
            let mv: Option<Move> = if pos.ply() < random {
                let legal = pos.legal_moves();
                legal.get(dice.below(legal.len().max(1))).copied()
            } else {
                let n = if pos.ply() % 2 == 0 {
                    white_level
                } else {
                    black_level
                };
                choose(searcher, &pos, &Level::new(n), &asked, &NoClock, &mut dice)
            };
            match mv {
                Some(m) => pos.play_unchecked(m),
                None => break,
            }
        }
        PlayedGame {
            index,
            white_level,
            black_level,
            position: pos,
        }
    }

    /// A game as a PGN record: who played (the levels), the seed and game number that
    /// replay it, and the result.
    pub fn pgn(&self, game: &PlayedGame) -> String {
        let tags = [
            ("GameType", self.game_type.to_string()),
            ("Event", format!("Beeline self-play, seed {}", self.seed)),
            ("Round", (game.index + 1).to_string()),
            ("White", format!("Beeline level {}", game.white_level)),
            ("Black", format!("Beeline level {}", game.black_level)),
            ("Result", game.position.state().to_string()),
        ];
        pgn_text(&tags, &game.position)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::import;

    #[test]
    fn a_seed_replays_its_game_and_the_record_reads_back() {
        let run = SelfPlay {
            levels: (1, 2),
            ..SelfPlay::default()
        };
        let mut s = Searcher::new(4);
        let a = run.game(3, &mut s);
        let b = run.game(3, &mut s);
        assert_eq!(a.position.moves(), b.position.moves());
        assert_ne!(a.position.moves(), run.game(4, &mut s).position.moves());
        assert!(a.position.ply() > 4);
        let rec = import(&run.pgn(&a), None).unwrap();
        assert_eq!(rec.moves, a.position.moves());
        assert_eq!(rec.result(), a.position.state());
        assert_eq!(
            rec.meta.white.as_deref(),
            Some(format!("Beeline level {}", a.white_level).as_str())
        );
    }
}
