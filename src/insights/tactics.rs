//! The tactics of a game, proved by the puzzle miner's proof search (`search::surround`),
//! never estimated:
//!
//! - a **missed win**: the side to move forces a surround of the other Queen within two of
//!   its moves, and the move played is not a first move of one;
//! - an **allowed loss**: after a move, the other side forces a surround within two of its
//!   moves, and another move would have escaped every such surround.
//!
//! The pruned proof search finds the candidates (a win it reports is real); the full one
//! decides whether the move played was a first move of a win, and that an escape existed.
//! A search that runs out of its budget counts nothing.

use crate::engine::piece::Color;
use crate::engine::position::{Move, Position};
use crate::notation::uhp::move_string;
use crate::puzzles::miner::surround_tree;
use crate::record::puzzle::Solution;
use crate::search::surround::{open_cells, Prover};

/// Forced surrounds of up to this many of the solver's moves count.
pub const WITHIN: u8 = 2;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TacticKind {
    MissedWin,
    AllowedLoss,
}

/// A missed win or an allowed loss.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactic {
    pub kind: TacticKind,
    /// The player who missed the win or allowed the loss.
    pub by: Color,
    /// The position after this many plies: for a missed win the one the player was to
    /// move in; for an allowed loss the one after the player's move.
    pub ply: usize,
    /// The forced surround from that position in UHP MoveStrings, the first by the side to
    /// move there, each defence the one that holds out longest.
    pub line: Vec<String>,
    /// The solver's moves to the surround (1 or 2).
    pub moves: u8,
}

/// Whether a Queen of either side could be surrounded within [`WITHIN`] moves at all (with
/// room for a Pillbug's throw of the Queen herself): a cheap test before any proof search.
fn near_surround(pos: &Position, queen_of: Color) -> bool {
    open_cells(pos, queen_of).is_some_and(|open| open <= WITHIN + 1)
}

/// The missed win of the side to move in `pos`, who played `played`, if there is one.
pub fn missed_win(pos: &Position, played: Move) -> Option<Tactic> {
    let player = pos.to_move();
    if pos.state().is_over() || !near_surround(pos, player.other()) {
        return None;
    }
    let n = Prover::pruned().shortest_win(pos, WITHIN)?;
    let mut full = Prover::full();
    if full.wins_with(pos, played, WITHIN) || full.exhausted() {
        return None;
    }
    let line = forced_line(&mut full, pos, n)?;
    Some(Tactic {
        kind: TacticKind::MissedWin,
        by: player,
        ply: pos.ply(),
        line,
        moves: n,
    })
}

/// The loss that the move from `before` to `after` allowed, if it did.
pub fn allowed_loss(before: &Position, after: &Position) -> Option<Tactic> {
    let player = before.to_move();
    if after.state().is_over() || !near_surround(after, player) {
        return None;
    }
    let n = Prover::pruned().shortest_win(after, WITHIN)?;
    let mut full = Prover::full();
    let line = forced_line(&mut full, after, n)?;
    if !has_escape(before) {
        return None;
    }
    Some(Tactic {
        kind: TacticKind::AllowedLoss,
        by: player,
        ply: after.ply(),
        line,
        moves: n,
    })
}

/// Whether the side to move in `pos` has a move after which the other side forces no
/// surround within [`WITHIN`] moves (proved by the full search, which must not run out).
fn has_escape(pos: &Position) -> bool {
    let mut p = pos.clone();
    for m in pos.legal_moves() {
        p.play_unchecked(m);
        // The pruned search's win is real: such a move is no escape, and is passed over
        // cheaply; a "no" from it is checked by the full one.
        let escapes = Prover::pruned().shortest_win(&p, WITHIN).is_none() && {
            let mut full = Prover::full();
            full.shortest_win(&p, WITHIN).is_none() && !full.exhausted()
        };
        p.undo();
        if escapes {
            return true;
        }
    }
    false
}

/// A forced surround in `n` from `pos` as UHP MoveStrings: the first winning move, the
/// longest defence, and so on (the puzzle miner's solution tree, its first branches).
fn forced_line(full: &mut Prover, pos: &Position, n: u8) -> Option<Vec<String>> {
    let tree = surround_tree(full, pos, n);
    if full.exhausted() {
        return None;
    }
    let mut p = pos.clone();
    let mut line = Vec::new();
    let mut node: &Solution = &tree;
    while let Some(branch) = node.branches.first() {
        line.push(move_string(&p, branch.mv));
        p.play_unchecked(branch.mv);
        let Some((reply, next)) = &branch.reply else {
            break;
        };
        line.push(move_string(&p, *reply));
        p.play_unchecked(*reply);
        node = next;
    }
    (!line.is_empty()).then_some(line)
}
