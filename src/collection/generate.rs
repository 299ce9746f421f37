//! Random legal games, for timing the collection code (`beeline generate`,
//! `scripts/bench-explore.sh`). They are legal but not realistic play: each move is drawn
//! uniformly from the legal moves, each game stops at a length drawn between 40 and 80 plies
//! (about 60 on average) or when it ends. The same seed gives the same games.

use crate::engine::piece::GameType;
use crate::engine::position::{Move, Position, Rules};
use crate::notation::uhp::MoveString;
use crate::notation::{write_game, Coordinates};
use std::fmt::Write;

/// A small deterministic generator (xorshift64*).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        ((self.next_u64() >> 16) % n.max(1) as u64) as usize
    }
}

/// One random legal game of `game_type`: moves drawn uniformly until `plies` or the end.
pub fn random_game(rng: &mut Rng, game_type: GameType, plies: usize) -> Position {
    let mut pos = Position::with_rules(game_type, Rules::default());
    let mut legal = Vec::with_capacity(256);
    while pos.ply() < plies && !pos.state().is_over() {
        legal.clear();
        pos.legal_moves_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let mv: Move = legal[rng.below(legal.len())];
        pos.play_unchecked(mv);
    }
    pos
}

/// Game `index` (from 0) of a seed, as a PGN record: game types vary (Base+MLP most), the
/// players are named from a small pool, the result is the final position's.
pub fn game_pgn(seed: u64, index: usize) -> String {
    let mut rng = Rng::new(seed ^ (index as u64).wrapping_mul(0xd6e8_feb8_6659_fd93));
    let types = [
        "Base+MLP", "Base+MLP", "Base+MLP", "Base", "Base+M", "Base+P",
    ];
    let gt: GameType = types[rng.below(types.len())]
        .parse()
        .unwrap_or(GameType::MLP);
    let plies = 40 + rng.below(41);
    let pos = random_game(&mut rng, gt, plies);
    let names = [
        "ann", "bob", "cleo", "dmitri", "eve", "farid", "gus", "hana",
    ];
    let white = names[rng.below(names.len())];
    let black = names[rng.below(names.len())];
    let tags = [
        ("GameType", gt.to_string()),
        ("Date", format!("2026.01.{:02}", 1 + index % 28)),
        ("Event", format!("Random game {}", index + 1)),
        ("White", white.to_string()),
        ("Black", black.to_string()),
        ("Result", pos.state().to_string()),
    ];
    pgn_text(&tags, &pos)
}

/// A game as a plain PGN record: the tags in order, then one numbered UHP move a line
/// (as `beeline generate` and `beeline selfplay` write their games).
pub fn pgn_text(tags: &[(&str, String)], pos: &Position) -> String {
    let texts = write_game::<MoveString>(&pos.initial(), &pos.moves(), Coordinates::Record, ());
    let mut out = String::with_capacity(16 * texts.len() + 40 * tags.len());
    for (name, value) in tags {
        let _ = writeln!(out, "[{name} \"{value}\"]");
    }
    out.push('\n');
    for (i, t) in texts.iter().enumerate() {
        let _ = writeln!(out, "{}. {t}", i + 1);
    }
    out.push('\n');
    out
}
