//! Practice against the engine from the move shown (`#practice` in the analysis panel): the
//! player chooses a level (1 to 8, `search::practice`) and a colour and starts; the engine
//! answers each of the player's moves in the live worker, and every move goes into the study,
//! as a variation where the game went otherwise. *Take back* returns to the player's last
//! turn; the result is said when the game ends. The engine's evaluation and lines are not
//! shown meanwhile: they would play the player's moves for them.

use crate::engine::piece::Color;
use crate::engine::position::{GameState, Position};

/// A practice game under way.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PracticeGame {
    /// 1 to 8.
    pub level: u8,
    /// The player's side; the engine plays the other.
    pub player: Color,
    /// The seed of the level's choices: the same seed and moves replay the same game.
    pub seed: u32,
    /// The ply it started at: taking back goes no further.
    pub start_ply: usize,
}

impl PracticeGame {
    /// Whether the engine is to move in `pos`.
    pub fn engine_to_move(&self, pos: &Position) -> bool {
        pos.to_move() != self.player && !pos.state().is_over()
    }

    /// How long the engine may think: the full engine a few seconds, the others a second at
    /// most (their depth caps them well before).
    pub fn limit_ms(&self) -> u64 {
        if self.level >= crate::search::practice::MAX_LEVEL {
            3000
        } else {
            1000
        }
    }

    /// The ply *Take back* goes to from `ply` (the player's turn before their last move), if
    /// the game has gone that far.
    pub fn take_back_to(&self, pos: &Position, ply: usize) -> Option<usize> {
        let back = if pos.to_move() == self.player || pos.state().is_over() {
            // The engine's reply and the player's move; a game the player ended, one.
            if pos.state().is_over() && pos.to_move() != self.player {
                1
            } else {
                2
            }
        } else {
            1
        };
        ply.checked_sub(back).filter(|&p| p >= self.start_ply)
    }

    /// What the status line says in `pos`.
    pub fn status(&self, pos: &Position) -> String {
        let side = |c: Color| match c {
            Color::White => "White",
            Color::Black => "Black",
        };
        let level = self.level;
        match pos.state() {
            GameState::Draw => "A draw. Take back, or start again from any move.".into(),
            GameState::WhiteWins | GameState::BlackWins => {
                let winner = if pos.state() == GameState::WhiteWins {
                    Color::White
                } else {
                    Color::Black
                };
                if winner == self.player {
                    format!("{} wins: you beat level {level}.", side(winner))
                } else {
                    format!(
                        "{} wins: level {level} won. Take back to try again.",
                        side(winner)
                    )
                }
            }
            _ if self.engine_to_move(pos) => format!("Level {level} is thinking…"),
            _ => format!("Your move ({}), against level {level}.", side(self.player)),
        }
    }
}

/// The colour a menu's value names (`white`, `black`: the practice's and the learning's
/// player menus).
pub fn colour_named(value: &str) -> Color {
    if value == "black" {
        Color::Black
    } else {
        Color::White
    }
}

/// The colour a player would practise with in `pos`: the side to move.
pub fn default_colour(pos: &Position) -> &'static str {
    match pos.to_move() {
        Color::White => "white",
        Color::Black => "black",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::position::Position;

    fn game(player: Color, start_ply: usize) -> PracticeGame {
        PracticeGame {
            level: 3,
            player,
            seed: 1,
            start_ply,
        }
    }

    fn after(moves: usize) -> Position {
        let mut pos = Position::new(Default::default());
        for _ in 0..moves {
            let m = pos.legal_moves()[0];
            pos.play(m).unwrap();
        }
        pos
    }

    #[test]
    fn the_engine_moves_on_its_turn_and_the_status_says_whose_it_is() {
        let g = game(Color::White, 0);
        assert!(!g.engine_to_move(&after(0)));
        assert!(g.engine_to_move(&after(1)));
        assert_eq!(g.status(&after(0)), "Your move (White), against level 3.");
        assert_eq!(g.status(&after(1)), "Level 3 is thinking…");
        assert_eq!(default_colour(&after(1)), "black");
        assert_eq!(colour_named(default_colour(&after(1))), Color::Black);
        assert_eq!(colour_named(default_colour(&after(0))), Color::White);
    }

    /// The example game ends with Black surrounding White's Queen: the result is said from
    /// the player's side.
    #[test]
    fn the_result_is_said_when_the_game_ends() {
        let example = crate::app::model::game::NotatedGame::example();
        let line = example.main_line();
        let end = example.tree().position_at(line.node_at(line.len()));
        let end = end.unwrap_or_else(|| unreachable!());
        assert_eq!(end.state(), GameState::BlackWins);
        assert_eq!(
            game(Color::White, 0).status(&end),
            "Black wins: level 3 won. Take back to try again."
        );
        assert_eq!(
            game(Color::Black, 0).status(&end),
            "Black wins: you beat level 3."
        );
        assert!(!game(Color::White, 0).engine_to_move(&end));
    }

    #[test]
    fn take_back_returns_to_the_players_turn_and_not_before_the_start() {
        let g = game(Color::White, 2);
        // White to move after 4 plies: back over Black's reply and White's move.
        assert_eq!(g.take_back_to(&after(4), 4), Some(2));
        // The engine thinking after 5 plies: back over White's move only.
        assert_eq!(g.take_back_to(&after(5), 5), Some(4));
        // Not before the ply it started at.
        assert_eq!(g.take_back_to(&after(3), 3), Some(2));
        assert_eq!(g.take_back_to(&after(2), 2), None);
    }
}
