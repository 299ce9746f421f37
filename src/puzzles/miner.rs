//! The puzzle miner: every position of a game is asked, cheapest question first,
//!
//! 1. whether the side to move forces a surround within 1, 2 or 3 moves (the proof search
//!    of `search::surround`, only where the other Queen has at most three open cells);
//! 2. whether the other side threatens one within 2 moves (as if the side to move passed)
//!    and exactly one move, up to symmetry, stops every such surround (`defence`);
//! 3. where a Queen has at most two open cells: whether a short two-line search finds one
//!    move that keeps at least an even game when every other leaves clearly less
//!    (`only-move`).
//!
//! Each candidate is then verified by a deeper search than the one that found it (the
//! proof search without its pruning, and the engine's own search to a greater depth) and
//! dropped where they disagree. The thresholds are [`MinerSettings`]; docs/PUZZLES.md says
//! why they are what they are.

use super::rating::{difficulty, seed_rating};
use super::{puzzle_id, MinedPuzzle, PuzzleSource, PuzzleTheme};
use crate::collection::key::PositionKey;
use crate::collection::Game;
use crate::engine::piece::Color;
use crate::engine::position::{Move, Position};
use crate::notation::uhp::GameString;
use crate::record::puzzle::{Branch, Solution};
use crate::search::game_review::win_probability;
use crate::search::surround::{open_cells, won_by, Prover, MAX_MOVES};
use crate::search::{threat_position, win_in, Limits, NoClock, SearchResult, Searcher};
use std::collections::HashSet;

/// What the miner looks for and how hard it checks.
#[derive(Clone, Debug, PartialEq)]
pub struct MinerSettings {
    /// Forced surrounds of up to this many moves (1 to 3).
    pub max_surround: u8,
    /// Look for only moves (the costliest question).
    pub only_moves: bool,
    /// The depth of the two-line search that finds only-move candidates.
    pub screen_depth: u8,
    /// The depth of the engine's search that verifies a candidate and rates it.
    pub verify_depth: u8,
    /// The win probability the only move keeps at least (an even game: a move that merely
    /// wins more than the others is no puzzle).
    pub keeps: f64,
    /// How much less every other move leaves, at least (in probability).
    pub gap: f64,
    /// The transposition table of each miner's search, in MiB.
    pub table_mib: usize,
}

impl Default for MinerSettings {
    fn default() -> MinerSettings {
        MinerSettings {
            max_surround: MAX_MOVES,
            only_moves: true,
            screen_depth: 2,
            verify_depth: 5,
            keeps: 0.5,
            gap: 0.1,
            table_mib: 16,
        }
    }
}

/// What a miner did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MinerStats {
    pub games: usize,
    /// Games passed over: set up from a position a GameString cannot state.
    pub skipped: usize,
    pub positions: usize,
    /// Candidates the verification disagreed with.
    pub rejected: usize,
}

impl MinerStats {
    pub fn add(&mut self, o: &MinerStats) {
        self.games += o.games;
        self.skipped += o.skipped;
        self.positions += o.positions;
        self.rejected += o.rejected;
    }
}

/// Mines games one at a time; one per thread.
pub struct Miner {
    pub settings: MinerSettings,
    /// Verifies and rates candidates: cleared before each, so that a puzzle's rating does
    /// not depend on what was searched before it (nor the set on how games were shared
    /// among threads).
    searcher: Searcher,
    /// The only-move screen's: small, cleared before each search for the same reason.
    screen: Searcher,
    pub stats: MinerStats,
}

impl Miner {
    pub fn new(settings: MinerSettings) -> Miner {
        let searcher = Searcher::new(settings.table_mib);
        Miner {
            settings,
            searcher,
            screen: Searcher::new(1),
            stats: MinerStats::default(),
        }
    }

    /// The puzzles of one game, in the order of its positions (not yet told apart from
    /// other games': see [`Dedup`]).
    pub fn mine_game(&mut self, game: &Game) -> Vec<MinedPuzzle> {
        self.stats.games += 1;
        if game.setup.is_some() {
            self.stats.skipped += 1;
            return Vec::new();
        }
        let mut pos = game.start();
        let mut out = Vec::new();
        // After a puzzle, the same side's next positions belong to the same attack.
        let mut quiet_until = [0usize; 2];
        for &mv in &game.moves {
            if pos.state().is_over() {
                break;
            }
            self.stats.positions += 1;
            let side = pos.to_move().index();
            if pos.ply() >= quiet_until[side] {
                if let Some(p) = self.examine(&pos, game) {
                    let moves = match p.theme {
                        PuzzleTheme::Surround2 => 2,
                        PuzzleTheme::Surround3 => 3,
                        _ => 1,
                    };
                    quiet_until[side] = pos.ply() + 2 * moves;
                    out.push(p);
                }
            }
            if pos.play(mv).is_err() {
                break;
            }
        }
        out
    }

    /// The puzzle a position makes, if any, verified.
    pub fn examine(&mut self, pos: &Position, game: &Game) -> Option<MinedPuzzle> {
        let source = PuzzleSource {
            white: game.info.white.clone(),
            black: game.info.black.clone(),
            event: game.info.event.clone(),
            game: game.info.source.clone(),
            ply: pos.ply(),
        };
        self.puzzle_at(pos, source)
    }

    /// The puzzle a position makes, if any, verified, from the game `source` names (its
    /// `ply` is the position's).
    pub fn puzzle_at(&mut self, pos: &Position, source: PuzzleSource) -> Option<MinedPuzzle> {
        let (theme, solution, nodes) = self.find(pos)?;
        // The GameString must replay to this very position (a record read with other rules
        // might not).
        let text = GameString::from_position(pos).to_string();
        let replayed = text.parse::<GameString>().ok()?.replay().ok()?;
        if replayed.key() != pos.key() {
            return None;
        }
        Some(MinedPuzzle {
            id: puzzle_id(&replayed),
            theme,
            difficulty: difficulty(nodes),
            rating: seed_rating(nodes),
            position: replayed,
            solution,
            source: PuzzleSource {
                ply: pos.ply(),
                ..source
            },
        })
    }

    /// The theme and verified solution of a position, if it is a puzzle, with the nodes the
    /// engine's search needed to keep to a solving move (its difficulty and rating:
    /// [`difficulty`], [`seed_rating`]).
    pub fn find(&mut self, pos: &Position) -> Option<(PuzzleTheme, Solution, u64)> {
        let me = pos.to_move();
        let (mine, theirs) = (open_cells(pos, me)?, open_cells(pos, me.other())?);
        if theirs <= self.settings.max_surround {
            if let Some(n) = Prover::pruned().shortest_win(pos, self.settings.max_surround) {
                return self.surround(pos, n);
            }
        }
        if mine <= 2 {
            if let Some(found) = self.defence(pos) {
                return found;
            }
        }
        if self.settings.only_moves && mine.min(theirs) <= 3 {
            return self.only_move(pos);
        }
        None
    }

    fn reject<T>(&mut self) -> Option<T> {
        // (Counted, so that the run says how often the verification disagreed.)
        self.stats.rejected += 1;
        None
    }

    /// A forced surround in `n` found by the pruned proof search, verified by the full one
    /// (every move at every turn, with a budget forty times the first's); rated by the
    /// engine's search to the win's depth. (The engine's search reduces and prunes, and at
    /// that depth misses about half of the surrounds in three: it rates, it does not judge.
    /// The test suite checks every built-in puzzle with it two plies deeper.)
    fn surround(&mut self, pos: &Position, n: u8) -> Option<(PuzzleTheme, Solution, u64)> {
        let mut full = Prover::full();
        let solution = surround_tree(&mut full, pos, n);
        let shorter = n > 1 && full.shortest_win(pos, n - 1).is_some();
        if full.exhausted() || solution.branches.is_empty() || shorter {
            return self.reject();
        }
        let first = solution.first_moves();
        let (_, nodes) = self.rated_search(pos, Limits::depth(2 * n - 1), &first);
        Some((PuzzleTheme::surround(n)?, solution, nodes))
    }

    /// Searches `pos` from a cleared table, and counts how hard the search found it to
    /// settle on one of `accepted`: the nodes searched when it chose one and kept to it.
    fn rated_search(
        &mut self,
        pos: &Position,
        limits: Limits,
        accepted: &[Move],
    ) -> (SearchResult, u64) {
        self.searcher.clear();
        let mut settled: Option<u64> = None;
        let found = self.searcher.search_with(pos, &limits, &NoClock, &mut |r| {
            let good = r.best.is_some_and(|b| accepted.contains(&b));
            match (good, settled) {
                (true, None) => settled = Some(r.nodes),
                (false, _) => settled = None,
                _ => {}
            }
        });
        // Never settled: harder than anything the search did.
        let nodes = settled.unwrap_or(found.nodes.saturating_mul(4));
        (found, nodes)
    }

    /// Outer `None`: not a defence position; `Some(None)`: one, but no puzzle.
    fn defence(&mut self, pos: &Position) -> Option<Option<(PuzzleTheme, Solution, u64)>> {
        let mut fast = Prover::pruned();
        fast.shortest_win(&threat_position(pos), 2)?;
        // Each move: whether the other side still surrounds within 2 after it.
        let mut classes: Vec<(PositionKey, bool, Vec<Move>)> = Vec::new();
        let mut after = pos.clone();
        for m in pos.legal_moves() {
            after.play_unchecked(m);
            let loses = won_by(&after, pos.to_move().other())
                || Prover::pruned().shortest_win(&after, 2).is_some();
            let key = PositionKey::of(&after);
            after.undo();
            match classes.iter_mut().find(|c| c.0 == key) {
                Some(c) => c.2.push(m),
                None => classes.push((key, loses, vec![m])),
            }
        }
        let savers: Vec<&(PositionKey, bool, Vec<Move>)> =
            classes.iter().filter(|c| !c.1).collect();
        if savers.len() != 1 || classes.len() < 2 {
            return Some(None);
        }
        let moves = savers[0].2.clone();
        // Verified: no surround within 2 after the saving move even without pruning, and
        // the engine's deeper search sees no forced loss after it.
        let mut after = pos.clone();
        after.play_unchecked(moves[0]);
        let mut full = Prover::full();
        if full.shortest_win(&after, 2).is_some() || full.exhausted() {
            return Some(self.reject());
        }
        self.searcher.clear();
        let found = self.searcher.search(
            &after,
            &Limits::depth(self.settings.verify_depth - 1),
            &NoClock,
        );
        if win_in(found.score).is_some_and(|p| p > 0) {
            return Some(self.reject());
        }
        let reply = found.best;
        let (_, nodes) = self.rated_search(pos, Limits::depth(self.settings.verify_depth), &moves);
        Some(Some((PuzzleTheme::Defence, answered(&moves, reply), nodes)))
    }

    /// One move that keeps at least an even game where every other leaves clearly less, by a
    /// short two-line search, confirmed by a deeper one.
    fn only_move(&mut self, pos: &Position) -> Option<(PuzzleTheme, Solution, u64)> {
        // The puzzle is shown without the game before it, so a defence that goes back to a
        // position of that game is no draw there: judged without the repetition rule.
        let mut pos = pos.clone();
        pos.set_rules(pos.rules().with_repetition_draw(false));
        let pos = &pos;
        let s = &self.settings;
        let (screen, verify, keeps, gap) = (s.screen_depth, s.verify_depth, s.keeps, s.gap);
        let single = |r: &SearchResult, keeps: f64, gap: f64| {
            let (best, second) = (r.lines.first()?, r.lines.get(1)?);
            let (b, o) = (win_probability(best.score), win_probability(second.score));
            best.pv
                .first()
                .copied()
                .filter(|_| b >= keeps && b - o >= gap)
        };
        let limits = |d| Limits::depth(d).with_lines(2);
        // The short search only picks the positions worth the deep one: at two plies an
        // evaluation still moves by more than the gap, so it asks for half of it.
        self.screen.clear();
        let first = self.screen.search(pos, &limits(screen), &NoClock);
        single(&first, keeps - gap / 2.0, gap / 2.0)?;
        self.searcher.clear();
        let deep = self.searcher.search(pos, &limits(verify), &NoClock);
        let Some(best) = single(&deep, keeps, gap) else {
            return self.reject();
        };
        // A short forced surround the proof search missed is no only-move puzzle either.
        if deep.win_in().is_some_and(|p| p > 0 && p <= 5) {
            return self.reject();
        }
        // One ply deeper still (the depth the test suite checks at): an evaluation that
        // turns with the next ply is no only move.
        self.searcher.clear();
        let deeper = self.searcher.search(pos, &limits(verify + 1), &NoClock);
        if single(&deeper, keeps, gap) != Some(best) {
            return self.reject();
        }
        let mut after = pos.clone();
        after.play_unchecked(best);
        let key = PositionKey::of(&after);
        after.undo();
        let moves: Vec<Move> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                after.play_unchecked(m);
                let same = PositionKey::of(&after) == key;
                after.undo();
                same
            })
            .collect();
        let reply = deep.lines.first().and_then(|l| l.pv.get(1)).copied();
        let (_, nodes) = self.rated_search(pos, Limits::depth(verify), &moves);
        Some((PuzzleTheme::OnlyMove, answered(&moves, reply), nodes))
    }
}

/// Accepted moves that end the puzzle, the first answered by `reply` (the engine's) so that
/// the board shows what follows.
fn answered(moves: &[Move], reply: Option<Move>) -> Solution {
    Solution {
        branches: moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| Branch {
                mv,
                reply: reply.filter(|_| i == 0).map(|r| (r, Solution::default())),
            })
            .collect(),
    }
}

/// Every move of `pos` that surrounds within `n`, each with the defence that holds out
/// longest (of those, the one leaving the fewest winning moves) and the turn after it.
/// The first turn's moves come from `full` (every solving first move is listed); the later
/// turns' from the pruned search, falling back on `full` where it finds no win.
pub fn surround_tree(full: &mut Prover, pos: &Position, n: u8) -> Solution {
    let moves = full.winning_moves(pos, n);
    tree_of(full, pos, n, moves)
}

fn tree_of(full: &mut Prover, pos: &Position, n: u8, moves: Vec<Move>) -> Solution {
    let solver: Color = pos.to_move();
    let mut branches = Vec::new();
    for mv in moves {
        let mut after = pos.clone();
        after.play_unchecked(mv);
        if won_by(&after, solver) || n <= 1 {
            branches.push(Branch { mv, reply: None });
            continue;
        }
        let defences = Prover::pruned()
            .longest_defences(&after, n - 1)
            .or_else(|| full.longest_defences(&after, n - 1));
        let Some((replies, needs)) = defences else {
            continue;
        };
        // Of the replies that hold out longest, the first few are compared (the Queen's own
        // moves and pieces leaving her side come first): the one leaving the fewest winning
        // moves is the defence shown.
        let mut best: Option<(usize, Move, Vec<Move>)> = None;
        for r in likeliest_first(&after, replies)
            .into_iter()
            .take(DEFENCES_COMPARED)
        {
            let wins = if needs == 0 {
                Vec::new()
            } else {
                after.play_unchecked(r);
                let mut moves = Prover::pruned().winning_moves(&after, needs);
                if moves.is_empty() {
                    moves = full.winning_moves(&after, needs);
                }
                after.undo();
                moves
            };
            if best.as_ref().is_none_or(|b| wins.len() < b.0) {
                best = Some((wins.len(), r, wins));
            }
        }
        let best = best.map(|(n, r, wins)| {
            after.play_unchecked(r);
            let next = if needs == 0 {
                Solution::default()
            } else {
                tree_of(full, &after, needs, wins)
            };
            after.undo();
            (n, r, next)
        });
        if let Some((_, r, next)) = best {
            branches.push(Branch {
                mv,
                reply: Some((r, next)),
            });
        }
    }
    Solution { branches }
}

/// Replies compared for the most resistant defence.
const DEFENCES_COMPARED: usize = 8;

/// The defender's replies with the Queen's own moves first, then those of pieces beside her.
fn likeliest_first(pos: &Position, mut replies: Vec<Move>) -> Vec<Move> {
    let queen = crate::engine::piece::PieceId::queen(pos.to_move());
    let q = pos.board().position(queen);
    let rank = |m: &Move| {
        if m.piece() == Some(queen) {
            0
        } else if m.from().zip(q).is_some_and(|(f, q)| f.distance(q) == 1) {
            1
        } else {
            2
        }
    };
    replies.sort_by_key(rank);
    replies
}

/// Tells puzzles apart across games: the first of each position (up to rotation,
/// mirroring and colours) is kept. Each id is kept as a number: about 16 bytes a puzzle, the
/// one thing a run holds that grows with the games mined.
#[derive(Default)]
pub struct Dedup {
    seen: HashSet<u64>,
}

impl Dedup {
    /// Whether `p` is new (and remembers it).
    pub fn is_new(&mut self, p: &MinedPuzzle) -> bool {
        match u64::from_str_radix(&p.id, 16) {
            Ok(n) => self.seen.insert(n),
            Err(_) => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::Collection;
    use crate::engine::hex::Hex;

    fn games(text: &str) -> Vec<Game> {
        let mut c = Collection::new();
        c.add_text("test.pgn", text);
        c.games
    }

    fn direction_games() -> Vec<Game> {
        [
            include_str!("../../tests/data/direction-game-1.md"),
            include_str!("../../tests/data/direction-game-2.md"),
        ]
        .into_iter()
        .flat_map(games)
        .collect()
    }

    #[test]
    fn a_game_won_by_a_surround_ends_with_a_surround_puzzle() {
        let mut miner = Miner::new(MinerSettings::default());
        let mut checked = 0;
        for g in direction_games() {
            let mut end = g.start();
            for &m in &g.moves {
                end.play(m).unwrap();
            }
            if !end.state().is_over() {
                continue;
            }
            let found = miner.mine_game(&g);
            let last = found.last().expect("a puzzle");
            // The last puzzle is the winner's: the game's final move solves it.
            assert!(last.source.ply < g.moves.len());
            assert!(matches!(
                last.theme,
                PuzzleTheme::Surround1 | PuzzleTheme::Surround2 | PuzzleTheme::Surround3
            ));
            if last.source.ply == g.moves.len() - 1 {
                assert!(last
                    .solution
                    .first_moves()
                    .contains(&g.moves[last.source.ply]));
            }
            checked += 1;
        }
        assert!(checked >= 1);
        assert_eq!(miner.stats.games, 2);
    }

    /// The game with every cell reflected across the line through the origin (q and r
    /// swapped), and so every position mirrored.
    fn mirrored(g: &Game) -> Game {
        let f = |h: Hex| Hex::new(h.r, h.q);
        let mut m = g.clone();
        m.moves = g
            .moves
            .iter()
            .map(|&mv| match mv {
                Move::Place { piece, to } => Move::Place { piece, to: f(to) },
                Move::Move { piece, from, to } => Move::Move {
                    piece,
                    from: f(from),
                    to: f(to),
                },
                Move::Pass => Move::Pass,
            })
            .collect();
        m
    }

    #[test]
    fn a_position_and_its_mirror_image_give_one_puzzle() {
        let mut miner = Miner::new(MinerSettings::default());
        let g = direction_games().remove(0);
        let m = mirrored(&g);
        // The mirrored game is legal and different.
        let mut p = m.start();
        for &mv in &m.moves {
            p.play(mv).unwrap();
        }
        assert_ne!(m.moves, g.moves);
        let a = miner.mine_game(&g);
        let b = miner.mine_game(&m);
        assert!(!a.is_empty());
        assert_eq!(
            a.iter().map(|p| &p.id).collect::<Vec<_>>(),
            b.iter().map(|p| &p.id).collect::<Vec<_>>()
        );
        let mut dedup = Dedup::default();
        let kept = a.iter().chain(&b).filter(|p| dedup.is_new(p)).count();
        assert_eq!(kept, a.len());
    }
}
