//! Forced surrounds: whether the side to move (the solver) can surround the other Queen
//! within `n` of its own moves against every defence, which first moves do it, and the
//! defence that holds out longest. This is a proof search (an AND-OR tree to a fixed number
//! of moves), not the engine's evaluation: a win it reports is one, with nothing guessed.
//!
//! [`Prover::pruned`] looks only where a surround can come from: at a solver's turn with `n`
//! moves left the Queen must have at most `n` open cells around it (each move fills at most
//! one). That makes it fast enough to ask of every position of a game, and can only miss a
//! win in which the defender is forced to fill a cell next to its own Queen. [`Prover::full`]
//! looks at every move and is the check of what the pruned one found.
//!
//! ```
//! use beeline::notation::uhp::GameString;
//! use beeline::search::surround::Prover;
//! // A position of the built-in puzzles: White surrounds the black Queen in two moves.
//! let gs: GameString = "Base+MLP;InProgress;White[11];wB1;bM wB1/;wM -wB1;bB1 bM-;wA1 wM\\;\
//!     bB2 bB1-;wQ wB1\\;bQ \\bM;wM \\bQ;bL /bB2;wA2 -wM;bP bQ-;wA1 -bQ;bP wQ/;wA2 bQ/;bL /wQ;\
//!     wB1 bM;bA1 bP-;wA3 -wM;bB1 wQ-".parse().unwrap();
//! let pos = gs.replay().unwrap();
//! let mut prover = Prover::full();
//! assert_eq!(prover.shortest_win(&pos, 3), Some(2));
//! let first: Vec<String> = prover
//!     .winning_moves(&pos, 2)
//!     .into_iter()
//!     .map(|m| beeline::notation::uhp::move_string(&pos, m))
//!     .collect();
//! assert_eq!(first, ["wA3 /bQ", "wA3 bQ-"]);
//! ```

use crate::engine::piece::{Bug, Color, PieceId};
use crate::engine::position::{GameState, Move, Position};
use std::collections::HashMap;

/// The most solver's moves a puzzle's forced surround takes.
pub const MAX_MOVES: u8 = 3;

/// Empty cells next to `color`'s Queen; `None` while it is in hand.
pub fn open_cells(pos: &Position, color: Color) -> Option<u8> {
    let board = pos.board();
    let q = board.position(PieceId::queen(color))?;
    Some(
        q.neighbors()
            .iter()
            .filter(|&&h| board.top(h).is_none())
            .count() as u8,
    )
}

/// Whether the game is over and won by `color`.
pub fn won_by(pos: &Position, color: Color) -> bool {
    matches!(
        (pos.state(), color),
        (GameState::WhiteWins, Color::White) | (GameState::BlackWins, Color::Black)
    )
}

/// A proof search with a budget of positions.
pub struct Prover {
    prune: bool,
    /// Positions the search may still visit; at zero it gives up (`exhausted`).
    budget: u64,
    nodes: u64,
    exhausted: bool,
    /// A move list per depth, reused.
    lists: Vec<Vec<Move>>,
    /// Solver's turns answered already, by position and moves left: a surround in three
    /// reaches the same position by filling two cells in either order.
    known: HashMap<u64, bool>,
}

/// Positions a search visits at most by default.
pub const DEFAULT_BUDGET: u64 = 400_000;

impl Prover {
    /// The fast search (see the module's note), with the default budget.
    pub fn pruned() -> Prover {
        Prover::new(true, DEFAULT_BUDGET)
    }

    /// Every move looked at, with a larger budget: the verification.
    pub fn full() -> Prover {
        Prover::new(false, 40 * DEFAULT_BUDGET)
    }

    pub fn new(prune: bool, budget: u64) -> Prover {
        Prover {
            prune,
            budget,
            nodes: 0,
            exhausted: false,
            lists: Vec::new(),
            known: HashMap::new(),
        }
    }

    /// Whether a search ran out of budget (its answers since are not to be trusted: a
    /// win reported is real, a "no" may not be).
    pub fn exhausted(&self) -> bool {
        self.exhausted
    }

    /// The fewest solver's moves, up to `max`, that force the surround of the other Queen
    /// from `pos` (the side to move being the solver); `None` when none does (or the
    /// budget ran out).
    pub fn shortest_win(&mut self, pos: &Position, max: u8) -> Option<u8> {
        if pos.state().is_over() {
            return None;
        }
        let mut p = pos.clone();
        let solver = p.to_move();
        (1..=max).find(|&n| self.wins_within(&mut p, solver, n, 0))
    }

    /// Every legal move of `pos` that forces the win within `n` solver's moves.
    pub fn winning_moves(&mut self, pos: &Position, n: u8) -> Vec<Move> {
        let mut p = pos.clone();
        let solver = p.to_move();
        pos.legal_moves()
            .into_iter()
            .filter(|&m| self.try_move(&mut p, solver, m, n, 0))
            .collect()
    }

    /// Whether the move `m` of the side to move in `pos` forces the win within `n` of its
    /// moves (counting `m`).
    pub fn wins_with(&mut self, pos: &Position, m: Move, n: u8) -> bool {
        let mut p = pos.clone();
        let solver = p.to_move();
        self.try_move(&mut p, solver, m, n, 0)
    }

    /// The defender's replies in `pos` (after a solver's move) against which the solver
    /// needs the most of its `n` remaining moves, with that number; `None` when some reply
    /// escapes them all. The replies are the legal moves that hold out longest.
    pub fn longest_defences(&mut self, pos: &Position, n: u8) -> Option<(Vec<Move>, u8)> {
        let mut p = pos.clone();
        let solver = p.to_move().other();
        let mut worst = 0;
        let mut replies = Vec::new();
        for r in p.legal_moves() {
            p.play_unchecked(r);
            let needs = if won_by(&p, solver) {
                Some(0)
            } else if p.state().is_over() {
                None
            } else {
                (1..=n).find(|&k| self.wins_within(&mut p, solver, k, 1))
            };
            p.undo();
            let needs = needs?;
            if needs > worst {
                worst = needs;
                replies.clear();
            }
            if needs == worst {
                replies.push(r);
            }
        }
        Some((replies, worst))
    }

    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.exhausted = true;
        }
        !self.exhausted
    }

    fn list(&mut self, depth: usize) -> Vec<Move> {
        if self.lists.len() <= depth {
            self.lists.resize_with(depth + 1, || Vec::with_capacity(96));
        }
        let mut v = std::mem::take(&mut self.lists[depth]);
        v.clear();
        v
    }

    fn give_back(&mut self, depth: usize, v: Vec<Move>) {
        self.lists[depth] = v;
    }

    /// Whether the solver, to move in `pos`, surrounds the other Queen within `n` moves.
    fn wins_within(&mut self, pos: &mut Position, solver: Color, n: u8, depth: usize) -> bool {
        if n < 2 {
            return self.search_wins(pos, solver, n, depth);
        }
        let key = pos.key() ^ u64::from(n).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        if let Some(&known) = self.known.get(&key) {
            return known;
        }
        let wins = self.search_wins(pos, solver, n, depth);
        if !self.exhausted {
            self.known.insert(key, wins);
        }
        wins
    }

    fn search_wins(&mut self, pos: &mut Position, solver: Color, n: u8, depth: usize) -> bool {
        let defender = solver.other();
        let Some(open) = open_cells(pos, defender) else {
            return false;
        };
        // With one move left, a move fills one cell at most, unless a Pillbug (or a
        // Mosquito beside one) throws the Queen herself: exact, in both searches.
        if (open > n && (self.prune || (n == 1 && !may_throw_queen(pos, solver)))) || !self.visit()
        {
            return false;
        }
        let mut moves = self.list(depth);
        let queen = PieceId::queen(defender);
        let q = pos.board().position(queen);
        // Only a move onto a cell next to the Queen, or a throw of the Queen herself, can
        // close the last cell: with one move left, the others need not be played, nor even
        // generated where no throw of the Queen is possible (the hot spot of the search: the
        // moves onto her open cells are found alone).
        let closes = |m: &Move| {
            m.piece() == Some(queen) || m.to().zip(q).is_some_and(|(to, q)| to.distance(q) == 1)
        };
        match q {
            Some(q) if n == 1 && !may_throw_queen(pos, solver) => {
                for c in q.neighbors() {
                    if pos.board().top(c).is_none() {
                        pos.legal_moves_to(c, &mut moves);
                    }
                }
            }
            Some(_) if n == 1 => {
                pos.legal_moves_into(&mut moves);
                moves.retain(closes);
            }
            _ => {
                pos.legal_moves_into(&mut moves);
                // Those first otherwise: most wins end with one.
                front(&mut moves, closes);
            }
        }
        let mut found = false;
        for &m in &moves {
            if self.try_move(pos, solver, m, n, depth) {
                found = true;
                break;
            }
            if self.exhausted {
                break;
            }
        }
        self.give_back(depth, moves);
        found
    }

    /// Whether the solver's move `m` wins within `n` moves (itself included).
    fn try_move(
        &mut self,
        pos: &mut Position,
        solver: Color,
        m: Move,
        n: u8,
        depth: usize,
    ) -> bool {
        pos.play_unchecked(m);
        let wins = if won_by(pos, solver) {
            true
        } else if pos.state().is_over()
            || n <= 1
            || (self.prune && open_cells(pos, solver.other()).is_none_or(|o| o > n - 1))
        {
            false
        } else {
            self.defence_fails(pos, solver, n - 1, depth + 1)
        };
        pos.undo();
        wins
    }

    /// Whether every reply of the defender, to move in `pos`, leaves the solver a win
    /// within `n` moves.
    fn defence_fails(&mut self, pos: &mut Position, solver: Color, n: u8, depth: usize) -> bool {
        if !self.visit() {
            return false;
        }
        let defender = solver.other();
        // With one solver's move left after the reply, a placement away from the Queen
        // leaves her two open cells or more, which no move closes but a throw of the Queen:
        // the defence holds without generating the replies (the full search meets this at
        // most of its second-to-last turns).
        if n == 1
            && open_cells(pos, defender).is_some_and(|o| o >= 2)
            && !may_throw_queen(pos, solver)
            && pos
                .board()
                .position(PieceId::queen(defender))
                .is_some_and(|q| pos.places_away_from(q))
        {
            return false;
        }
        let mut replies = self.list(depth);
        pos.legal_moves_into(&mut replies);
        // The likeliest escapes first: the Queen's own moves, then pieces leaving her side.
        let queen = PieceId::queen(defender);
        if let Some(q) = pos.board().position(queen) {
            front(&mut replies, |m| {
                m.piece() == Some(queen) || m.from().is_some_and(|f| f.distance(q) == 1)
            });
        }
        let mut holds = true;
        for &r in &replies {
            pos.play_unchecked(r);
            let refuted = if won_by(pos, solver) {
                false
            } else if pos.state().is_over() {
                true
            } else {
                !self.wins_within(pos, solver, n, depth + 1)
            };
            pos.undo();
            if refuted || self.exhausted {
                holds = false;
                break;
            }
        }
        self.give_back(depth, replies);
        holds
    }
}

/// Whether a piece of `solver` that may throw pieces (a Pillbug, or a Mosquito, which can
/// copy one) stands next to the other Queen.
fn may_throw_queen(pos: &Position, solver: Color) -> bool {
    let board = pos.board();
    let Some(q) = board.position(PieceId::queen(solver.other())) else {
        return false;
    };
    q.neighbors().iter().any(|&h| {
        board
            .top(h)
            .is_some_and(|p| p.color() == solver && matches!(p.bug(), Bug::Pillbug | Bug::Mosquito))
    })
}

/// Moves the moves that satisfy `first` to the front (in no particular order): cheaper
/// than sorting, which showed in profiles.
fn front(moves: &mut [Move], first: impl Fn(&Move) -> bool) {
    let mut k = 0;
    for i in 0..moves.len() {
        if first(&moves[i]) {
            moves.swap(i, k);
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::uhp::GameString;

    fn pos(s: &str) -> Position {
        s.parse::<GameString>().unwrap().replay().unwrap()
    }

    fn game(text: &str) -> (Position, Vec<Move>) {
        let rec = crate::record::import(text, None).unwrap();
        (rec.start(), rec.moves.clone())
    }

    /// Every position of a game won by a surround, with the game's last move.
    fn won_games() -> Vec<(Position, Vec<Move>)> {
        [
            include_str!("../../tests/data/direction-game-1.md"),
            include_str!("../../tests/data/direction-game-2.md"),
            include_str!("../../tests/data/game-100.uhp"),
        ]
        .into_iter()
        .map(game)
        .collect()
    }

    #[test]
    fn the_winning_move_of_a_game_is_a_surround_in_one() {
        let mut won = 0;
        for (start, moves) in won_games() {
            let mut p = start.clone();
            for &m in &moves[..moves.len() - 1] {
                p.play(m).unwrap();
            }
            let last = moves[moves.len() - 1];
            let mut after = p.clone();
            after.play(last).unwrap();
            if !won_by(&after, p.to_move()) {
                continue;
            }
            won += 1;
            let mut prover = Prover::pruned();
            assert_eq!(prover.shortest_win(&p, 3), Some(1));
            assert!(prover.winning_moves(&p, 1).contains(&last));
            assert!(Prover::full().winning_moves(&p, 1).contains(&last));
        }
        assert!(won >= 1, "no test game ends in a surround");
    }

    #[test]
    fn the_pruned_search_agrees_with_the_full_one_on_real_positions() {
        let mut wins = 0;
        for (start, moves) in won_games() {
            let mut p = start.clone();
            for &m in &moves {
                let fast = Prover::pruned().shortest_win(&p, 2);
                let mut full = Prover::full();
                let slow = full.shortest_win(&p, 2);
                assert!(!full.exhausted());
                assert_eq!(fast, slow, "at ply {}", p.ply());
                wins += usize::from(fast.is_some());
                p.play(m).unwrap();
            }
        }
        assert!(wins >= 1);
    }

    #[test]
    fn no_win_from_the_opening() {
        let p = pos("Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
        let mut prover = Prover::full();
        assert_eq!(prover.shortest_win(&p, 2), None);
        assert!(!prover.exhausted());
    }
}
