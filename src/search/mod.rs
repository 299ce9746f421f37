//! The analysis engine: the best move, its line and an evaluation from any position.
//!
//! An alpha-beta (negamax) search over the engine's own rules (`Position::play_unchecked` and
//! `undo` on one position, its incremental key), deepened one ply at a time, with a
//! transposition table, principal-variation (null-window) search, late-move reductions, and
//! move ordering by the table's move, killer moves, history and what a move does to the
//! Queens. [`eval`] scores the leaves; [`uhp`] is the Universal Hive Protocol engine,
//! [`game_review`] judges every move of a game and [`practice`] plays at a chosen level. docs/ANALYSIS.md says why this is not the
//! `minimax` crate, and what the scores mean.
//!
//! Plain Rust with no threads or system clock: time comes through [`Clock`], so the same
//! search runs in a browser worker; the command line gives it [`WallClock`].

pub mod eval;
pub mod game_review;
pub mod learn;
pub mod practice;
pub mod selfplay;
pub mod surround;
mod table;
pub mod uhp;

use crate::collection::key::PositionKey;
use crate::engine::board::{cell_of, neighbor, CellIndex, CellSet, CELLS};
use crate::engine::piece::{Color, PieceId, PIECE_COUNT};
use crate::engine::position::{GameState, Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use table::{fingerprint_cells, Bound, Table, TableEntry};

/// A score for the side to move, in hundredths (see [`eval`]).
pub type Score = i32;
/// The score of a won game at the root; a win `n` plies away scores `WIN - n`.
pub const WIN: Score = 30_000;
/// Deepest ply the search reaches (iterations stop before it).
pub const MAX_PLY: usize = 96;
/// Scores beyond this are forced wins or losses.
pub const WIN_BOUND: Score = WIN - 2 * MAX_PLY as Score;
/// Default transposition table size.
pub const DEFAULT_TABLE_MIB: usize = 64;

/// The score of a finished game for the side to move, `ply` plies below the root; `None`
/// while the game goes on.
pub(crate) fn terminal(pos: &Position, ply: usize) -> Option<Score> {
    let win = WIN - ply as Score;
    let me = pos.to_move();
    match pos.state() {
        GameState::Draw => Some(0),
        GameState::WhiteWins => Some(if me == Color::White { win } else { -win }),
        GameState::BlackWins => Some(if me == Color::Black { win } else { -win }),
        GameState::NotStarted | GameState::InProgress => None,
    }
}

/// Milliseconds since the search started. The browser worker has no `std::time::Instant`,
/// so the time limit asks the caller.
pub trait Clock {
    fn elapsed_ms(&self) -> u64;
}

/// A clock that never moves: for searches limited by depth alone.
pub struct NoClock;

impl Clock for NoClock {
    fn elapsed_ms(&self) -> u64 {
        0
    }
}

/// The system's monotonic clock, from when it was made.
#[cfg(not(target_arch = "wasm32"))]
pub struct WallClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl WallClock {
    pub fn start() -> WallClock {
        WallClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for WallClock {
    fn elapsed_ms(&self) -> u64 {
        self.0.elapsed().as_millis() as u64
    }
}

/// The most lines a search finds at once ([`Limits::lines`]).
pub const MAX_LINES: u8 = 8;

/// The longest line written out past the search's own: a line is followed to at least the
/// depth searched, up to this many moves ([`Searcher::deepen`]).
const READABLE_LINE: usize = 8;

/// When to stop: after `depth` plies, or once `time_ms` is used, whichever comes first;
/// and how many lines to find (the best move's and the next best first moves').
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub depth: u8,
    pub time_ms: Option<u64>,
    /// 1 to [`MAX_LINES`]: each iteration searches the best move's line, then the best
    /// line of the moves not yet taken, and so on ("multi-PV").
    pub lines: u8,
}

impl Limits {
    pub fn depth(depth: u8) -> Limits {
        Limits {
            depth: depth.clamp(1, MAX_PLY as u8 - 2),
            time_ms: None,
            lines: 1,
        }
    }

    pub fn time_ms(ms: u64) -> Limits {
        Limits {
            depth: MAX_PLY as u8 - 2,
            time_ms: Some(ms),
            lines: 1,
        }
    }

    /// The same limits, finding `lines` lines (clamped to 1..=[`MAX_LINES`]).
    pub fn with_lines(self, lines: u8) -> Limits {
        Limits {
            lines: lines.clamp(1, MAX_LINES),
            ..self
        }
    }
}

/// One of the lines a search found: its score for the side to move and its moves, the
/// first of which no other line of the search starts with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoredLine {
    pub score: Score,
    pub pv: Vec<Move>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the game is over.
    pub best: Option<Move>,
    /// For the side to move.
    pub score: Score,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
    /// Deepest iteration completed.
    pub depth: u8,
    pub nodes: u64,
    pub elapsed_ms: u64,
    /// Number of legal moves at the root.
    pub legal_moves: usize,
    /// The lines found, best first, as many as asked for and the legal moves allow; the
    /// first is `score` and `pv`. Each has at least as many moves as `depth` (up to 8)
    /// unless the game ends or a position repeats sooner.
    pub lines: Vec<ScoredLine>,
}

impl SearchResult {
    /// Plies to a forced end when the score is a win (positive) or a loss (negative).
    pub fn win_in(&self) -> Option<i32> {
        win_in(self.score)
    }
}

/// A search under way ([`Searcher::begin`], [`Searcher::deepen`]): its position, limits and
/// what it has found so far.
pub struct Deepening {
    pos: Position,
    limits: Limits,
    /// The clock's reading when it began.
    start: u64,
    /// The iteration to search next.
    depth: u8,
    done: bool,
    result: SearchResult,
    /// With several lines: each root move (its fingerprint) and the position it leads to,
    /// up to the board's symmetries. Moves to the same position are one choice (the first
    /// moves of a game, or two Ants to the same place), so no two lines start with both.
    root_moves: Vec<(u32, PositionKey)>,
}

impl Deepening {
    /// What the search has found so far (all of it, once done).
    pub fn result(&self) -> &SearchResult {
        &self.result
    }

    pub fn is_done(&self) -> bool {
        self.done
    }
}

/// Plies to a forced win (positive) or loss (negative) that `score` stands for.
pub fn win_in(score: Score) -> Option<i32> {
    if score > WIN_BOUND {
        Some(WIN - score)
    } else if score < -WIN_BOUND {
        Some(-(WIN + score))
    } else {
        None
    }
}

/// The search's memory: the transposition table and the move-ordering tables. Keep one
/// across the moves of a game; it is cleared by [`Searcher::clear`].
pub struct Searcher {
    /// Shared with the helper threads of a parallel search.
    table: Arc<Table>,
    /// Set when a parallel search's main thread is done: helpers stop.
    stop: Option<Arc<AtomicBool>>,
    age: u8,
    /// Two moves per ply that cut off there, as fingerprints (0 for none).
    killers: Vec<[u32; 2]>,
    /// Beta cut-offs by (piece, destination cell).
    history: Vec<i32>,
    /// Each ply's moves: the ordering score and the move's fingerprint, which names its
    /// piece and cells (turned into a `Move` only when played).
    move_lists: Vec<Vec<(i32, u32)>>,
    pv: Vec<Move>,
    pv_len: [usize; MAX_PLY + 1],
    nodes: u64,
    next_check: u64,
    /// Whether the game is drawn by repetition (`Rules::repetition_draw`).
    repetition: bool,
    stopped: bool,
    deadline: Option<u64>,
    /// Where a search in slices gives way ([`Searcher::deepen`]), and whether it has.
    pause_at: Option<u64>,
    paused: bool,
    root_best: Option<(Move, Score)>,
    /// Whether the move into each ply's position was a null move.
    nulled: [bool; MAX_PLY + 1],
    /// The root moves (fingerprints) a search of a line after the first leaves out: the
    /// first moves of the lines found before it.
    excluded: Vec<u32>,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(DEFAULT_TABLE_MIB)
    }
}

impl Searcher {
    /// A searcher whose transposition table takes about `table_mib` MiB (at most; a power
    /// of two of entries). Panics if the memory cannot be had: see [`Searcher::try_new`].
    pub fn new(table_mib: usize) -> Searcher {
        match Searcher::try_new(table_mib) {
            Some(s) => s,
            None => panic!("no memory for a {table_mib} MiB transposition table"),
        }
    }

    /// [`Searcher::new`], or `None` when the system will not give the table's memory (a
    /// UHP client may ask for any size).
    pub fn try_new(table_mib: usize) -> Option<Searcher> {
        Some(Searcher::with_table(Arc::new(Table::new(table_mib)?)))
    }

    fn with_table(table: Arc<Table>) -> Searcher {
        Searcher {
            table,
            stop: None,
            age: 0,
            killers: vec![[0; 2]; MAX_PLY + 1],
            history: vec![0; PIECE_COUNT * CELLS],
            move_lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(128)).collect(),
            pv: vec![Move::Pass; (MAX_PLY + 1) * (MAX_PLY + 1)],
            pv_len: [0; MAX_PLY + 1],
            nodes: 0,
            next_check: 0,
            repetition: false,
            stopped: false,
            deadline: None,
            pause_at: None,
            paused: false,
            root_best: None,
            nulled: [false; MAX_PLY + 1],
            excluded: Vec::new(),
        }
    }

    /// Forgets everything learnt: the next search is as from a fresh searcher.
    pub fn clear(&mut self) {
        self.table.clear();
        self.history.fill(0);
        self.killers.fill([0; 2]);
        self.age = 0;
    }

    /// Searches `pos` to the limits. Deterministic for a depth limit and the same history
    /// of searches; a time limit stops at the clock.
    pub fn search(&mut self, pos: &Position, limits: &Limits, clock: &dyn Clock) -> SearchResult {
        self.search_with(pos, limits, clock, &mut |_| {})
    }

    /// [`Searcher::search`] with `threads` threads in all (native builds): the others
    /// search the same position to the same limit, sharing the transposition table, until
    /// this one is done (a "lazy" parallel search: they fill the table with results this
    /// one then reads). Not repeatable: which thread stores what first varies.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn search_threads(
        &mut self,
        pos: &Position,
        limits: &Limits,
        clock: &dyn Clock,
        threads: usize,
    ) -> SearchResult {
        if threads <= 1 {
            return self.search(pos, limits, clock);
        }
        let stop = Arc::new(AtomicBool::new(false));
        // Helpers' entries count as this search's (the same age) when replacing.
        let age = self.age;
        std::thread::scope(|s| {
            let helpers: Vec<_> = (1..threads)
                .map(|i| {
                    let table = Arc::clone(&self.table);
                    let stop = Arc::clone(&stop);
                    let pos = pos.clone();
                    let depth = limits.depth;
                    s.spawn(move || {
                        let mut h = Searcher::with_table(table);
                        h.stop = Some(stop);
                        h.age = age;
                        let mut search = h.begin(&pos, &Limits::depth(depth), &NoClock);
                        // Every other helper runs an iteration ahead of the main thread: in
                        // step with it, a helper searches the same trees at the same time
                        // and stores little the main thread has not found itself.
                        if i % 2 == 1 {
                            search.depth = 2;
                        }
                        h.deepen(&mut search, &NoClock, None, &mut |_| {});
                        search.result.nodes
                    })
                })
                .collect();
            let mut r = self.search(pos, limits, clock);
            stop.store(true, Ordering::Relaxed);
            for h in helpers {
                r.nodes += h.join().unwrap_or(0);
            }
            r
        })
    }

    /// [`Searcher::search`], calling `progress` after every completed iteration.
    pub fn search_with(
        &mut self,
        pos: &Position,
        limits: &Limits,
        clock: &dyn Clock,
        progress: &mut dyn FnMut(&SearchResult),
    ) -> SearchResult {
        let mut search = self.begin(pos, limits, clock);
        self.deepen(&mut search, clock, None, progress);
        search.result
    }

    /// Starts a search of `pos` to the limits, to be run by [`Searcher::deepen`] (in
    /// slices, if it must give way now and then).
    pub fn begin(&mut self, pos: &Position, limits: &Limits, clock: &dyn Clock) -> Deepening {
        let start = clock.elapsed_ms();
        self.age = self.age.wrapping_add(1);
        self.nodes = 0;
        self.next_check = 0;
        // Stop a little early: the answer still has to be written.
        self.deadline = limits
            .time_ms
            .map(|t| start + t.saturating_sub(8 + t / 100).max(1));
        for h in self.history.iter_mut() {
            *h /= 8;
        }
        let mut pos = pos.clone();
        let legal = pos.legal_moves();
        // The engine's repetition rule compares each new position with the earlier ones
        // at every move; the search instead calls a position met before (in the game or the
        // line searched) a draw, and checks only where it branches.
        self.repetition = pos.rules().repetition_draw;
        pos.set_rules(pos.rules().with_repetition_draw(false));
        let mut result = SearchResult {
            best: None,
            score: terminal(&pos, 0).unwrap_or(0),
            pv: Vec::new(),
            depth: 0,
            nodes: 0,
            elapsed_ms: 0,
            legal_moves: legal.len(),
            lines: Vec::new(),
        };
        if let Some(&first) = legal.first() {
            result.best = Some(first);
            result.pv = vec![first];
            result.lines = vec![ScoredLine {
                score: result.score,
                pv: vec![first],
            }];
        }
        let mut root_moves = Vec::new();
        if limits.lines > 1 {
            let mut after = pos.clone();
            for &m in &legal {
                after.play_unchecked(m);
                root_moves.push((table::fingerprint(m), PositionKey::of(&after)));
                after.undo();
            }
        }
        Deepening {
            pos,
            limits: *limits,
            start,
            depth: 1,
            done: legal.is_empty(),
            result,
            root_moves,
        }
    }

    /// Runs a search begun by [`Searcher::begin`], calling `progress` after every completed
    /// iteration, until its limits (`true`) or, given `pause_at`, until the clock reads it
    /// (`false`): the iteration under way is then searched again from its root by the next
    /// call, and the table, which holds every subtree it finished, answers those at once.
    /// A search in slices is not repeatable (the killers and history that order the moves
    /// have moved on when the iteration is taken up again). Between two calls the searcher
    /// must not search anything else.
    pub fn deepen(
        &mut self,
        search: &mut Deepening,
        clock: &dyn Clock,
        pause_at: Option<u64>,
        progress: &mut dyn FnMut(&SearchResult),
    ) -> bool {
        self.stopped = false;
        self.paused = false;
        self.pause_at = pause_at;
        let Deepening {
            pos,
            limits,
            start,
            depth,
            done,
            result,
            root_moves,
        } = search;
        let max_depth = limits.depth.clamp(1, MAX_PLY as u8 - 2);
        let choices = {
            let mut keys: Vec<PositionKey> = root_moves.iter().map(|&(_, k)| k).collect();
            keys.sort_unstable();
            keys.dedup();
            keys.len().max(1)
        };
        let wanted = usize::from(limits.lines.clamp(1, MAX_LINES)).min(choices);
        while !*done && *depth <= max_depth {
            self.root_best = None;
            self.excluded.clear();
            let score = self.negamax(pos, i32::from(*depth), 0, -WIN - 1, WIN + 1, clock);
            if self.paused {
                return false;
            }
            if self.stopped {
                // A move searched in full this iteration and better than the last
                // iteration's best (which is searched first) is still worth playing.
                if let Some((m, s)) = self.root_best {
                    if Some(m) != result.best {
                        let mut pv = vec![m];
                        let readable = usize::from(result.depth).min(READABLE_LINE);
                        self.lengthen(pos, &mut pv, readable);
                        result.best = Some(m);
                        result.score = s;
                        result.pv = pv.clone();
                        result.lines = vec![ScoredLine { score: s, pv }];
                    }
                }
                break;
            }
            let mut lines = vec![ScoredLine {
                score,
                pv: self.pv[..self.pv_len[0]].to_vec(),
            }];
            // The other lines: the root searched again without the first moves found.
            while lines.len() < wanted && !self.stopped {
                let taken: Vec<u32> = lines
                    .iter()
                    .filter_map(|l| l.pv.first())
                    .map(|&m| table::fingerprint(m))
                    .collect();
                let taken_keys: Vec<PositionKey> = root_moves
                    .iter()
                    .filter(|(fp, _)| taken.contains(fp))
                    .map(|&(_, k)| k)
                    .collect();
                self.excluded = root_moves
                    .iter()
                    .filter(|(_, k)| taken_keys.contains(k))
                    .map(|&(fp, _)| fp)
                    .collect();
                let s = self.negamax(pos, i32::from(*depth), 0, -WIN - 1, WIN + 1, clock);
                if self.stopped || self.pv_len[0] == 0 {
                    break;
                }
                lines.push(ScoredLine {
                    score: s,
                    pv: self.pv[..self.pv_len[0]].to_vec(),
                });
            }
            self.excluded.clear();
            if self.paused {
                return false;
            }
            // An iteration stopped among its other lines keeps the lines of the one before.
            if self.stopped && lines.len() < wanted && result.lines.len() >= wanted {
                break;
            }
            // Ordered by score; a tie keeps the order found (the first line first).
            lines.sort_by_key(|l| std::cmp::Reverse(l.score));
            let readable = usize::from(*depth).min(READABLE_LINE);
            for l in &mut lines {
                self.lengthen(pos, &mut l.pv, readable);
            }
            result.score = lines[0].score;
            result.depth = *depth;
            result.pv = lines[0].pv.clone();
            if let Some(&m) = result.pv.first() {
                result.best = Some(m);
            }
            result.lines = lines;
            result.nodes = self.nodes;
            result.elapsed_ms = clock.elapsed_ms() - *start;
            progress(result);
            if self.stopped {
                break;
            }
            *depth += 1;
            // A forced result within reach needs no deeper look.
            if win_in(score).is_some_and(|n| n.unsigned_abs() <= u32::from(result.depth)) {
                break;
            }
            if let Some(t) = limits.time_ms {
                // The next iteration takes several times as long as this one and will not
                // finish; but its first moves searched may still find a better one (kept
                // above), so only the last quarter of the time is not worth starting on.
                let used = clock.elapsed_ms() - *start;
                if used * 4 > t * 3 {
                    break;
                }
            }
            if result.legal_moves == 1 && result.depth >= 2 && limits.time_ms.is_some() {
                break;
            }
        }
        *done = true;
        result.nodes = self.nodes;
        result.elapsed_ms = clock.elapsed_ms() - *start;
        true
    }

    fn negamax(
        &mut self,
        pos: &mut Position,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        clock: &dyn Clock,
    ) -> Score {
        self.pv_len[ply] = 0;
        self.nodes += 1;
        if let Some(s) = terminal(pos, ply) {
            return s;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return eval::evaluate(pos);
        }
        if ply > 0 && self.repetition && pos.occurrences() >= 2 {
            return 0;
        }
        // Leaves count as nodes but return above: a counter of its own makes sure the
        // clock is read every 1024 nodes whichever nodes they are.
        if self.nodes >= self.next_check {
            self.next_check = self.nodes + 1024;
            let told = self
                .stop
                .as_ref()
                .is_some_and(|f| f.load(Ordering::Relaxed));
            let now =
                (self.deadline.is_some() || self.pause_at.is_some()).then(|| clock.elapsed_ms());
            let at = |limit: Option<u64>| limit.zip(now).is_some_and(|(l, t)| t >= l);
            if told || at(self.deadline) {
                self.stopped = true;
            } else if at(self.pause_at) {
                self.stopped = true;
                self.paused = true;
            }
        }
        if self.stopped {
            return 0;
        }

        let key = search_key(pos);
        // A root searched without some moves is not the position's own result.
        let partial = ply == 0 && !self.excluded.is_empty();
        let mut tt_move = 0;
        if let Some(entry) = self.table.probe(key) {
            tt_move = entry.mv;
            if ply > 0 && entry.depth as i32 >= depth {
                let s = from_table(entry.score, ply);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }

        // A null move: when passing still leaves the side to move at or above beta at a
        // reduced depth, a real move would too (Hive has few positions where every move
        // hurts), and the node is cut at the cost of a shallow search. Not at the root, not
        // in a full window, not twice in a row, not before both sides have placed a few
        // pieces (the Queen's deadline counts turns), not near a forced result.
        if ply > 0
            && depth >= NULL_MOVE_DEPTH
            && beta - alpha == 1
            && !self.nulled[ply]
            && pos.ply() >= 8
            && beta.abs() < WIN_BOUND
            && eval::evaluate(pos) >= beta
        {
            let r = if depth >= 6 { 3 } else { 2 };
            pos.play_unchecked(Move::Pass);
            self.nulled[ply + 1] = true;
            let s = -self.negamax(pos, depth - 1 - r, ply + 1, -beta, -beta + 1, clock);
            self.nulled[ply + 1] = false;
            pos.undo();
            if self.stopped {
                return 0;
            }
            if s >= beta && s < WIN_BOUND {
                return s;
            }
        }

        let mut moves = std::mem::take(&mut self.move_lists[ply]);
        self.order(pos, ply, tt_move, &mut moves);

        let alpha0 = alpha;
        let mut best = -WIN - 1;
        let mut best_move = 0;
        for i in 0..moves.len() {
            pick(&mut moves, i);
            let (order, fp) = moves[i];
            if partial && self.excluded.contains(&fp) {
                continue;
            }
            let m = table::move_of(fp, pos.board());
            pos.play_unchecked(m);
            // The child probes the table unless it is a leaf: its slot is on its way while
            // the child checks for the end of the game and repetitions.
            if depth > 1 {
                self.table.touch(search_key(pos));
            }
            let score = if i == 0 {
                -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, clock)
            } else {
                // Late quiet moves are searched shallower first; a move that then beats
                // the best so far gets the full depth.
                let reduce = if depth >= 3 && i >= 3 && order < QUIET_CEILING {
                    if i >= 12 && depth >= 5 {
                        2
                    } else {
                        1
                    }
                } else {
                    0
                };
                let mut s =
                    -self.negamax(pos, depth - 1 - reduce, ply + 1, -alpha - 1, -alpha, clock);
                if s > alpha && reduce > 0 {
                    s = -self.negamax(pos, depth - 1, ply + 1, -alpha - 1, -alpha, clock);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, clock);
                }
                s
            };
            pos.undo();
            if self.stopped {
                self.move_lists[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = fp;
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, m);
                    if ply == 0 {
                        self.root_best = Some((m, score));
                    }
                    if alpha >= beta {
                        if order < QUIET_CEILING {
                            let k = &mut self.killers[ply];
                            if k[0] != fp {
                                k[1] = k[0];
                                k[0] = fp;
                            }
                        }
                        if let Some(h) = history_index(fp) {
                            self.history[h] += depth * depth;
                        }
                        break;
                    }
                }
            }
        }
        self.move_lists[ply] = moves;
        if partial {
            return best;
        }

        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.store(
            key,
            TableEntry {
                mv: best_move,
                score: to_table(best, ply),
                depth: depth.clamp(0, u8::MAX as i32) as u8,
                bound,
                age: self.age,
            },
        );
        best
    }

    /// Follows `pv` on past where the search's own line stops (a table cut-off ends it, and
    /// so does an iteration taken up again from its root) until it has `want` moves: the
    /// table's move of each position, if it is legal there, else the move that scores best
    /// one ply on. Stops where the game ends or a position repeats.
    fn lengthen(&self, pos: &Position, pv: &mut Vec<Move>, want: usize) {
        if pv.len() >= want {
            return;
        }
        let mut line = pos.clone();
        for &m in pv.iter() {
            line.play_unchecked(m);
        }
        while pv.len() < want && terminal(&line, pv.len()).is_none() {
            if self.repetition && line.occurrences() >= 2 {
                break;
            }
            let legal = line.legal_moves();
            let from_table = self
                .table
                .probe(search_key(&line))
                .filter(|e| e.mv != 0)
                .map(|e| table::move_of(e.mv, line.board()))
                .filter(|m| legal.contains(m));
            let next = from_table.or_else(|| {
                legal.iter().copied().max_by_key(|&m| {
                    line.play_unchecked(m);
                    let s = -eval::evaluate(&line);
                    line.undo();
                    s
                })
            });
            let Some(m) = next else {
                break;
            };
            line.play_unchecked(m);
            pv.push(m);
        }
    }

    fn set_pv(&mut self, ply: usize, m: Move) {
        let row = ply * (MAX_PLY + 1);
        let child = (ply + 1) * (MAX_PLY + 1);
        self.pv[row] = m;
        let n = self.pv_len[ply + 1];
        for i in 0..n {
            self.pv[row + 1 + i] = self.pv[child + i];
        }
        self.pv_len[ply] = n + 1;
    }

    /// Generates the legal moves into `out` with their ordering scores (see [`pick`]).
    fn order(&self, pos: &Position, ply: usize, tt_move: u32, out: &mut Vec<(i32, u32)>) {
        out.clear();
        let me = pos.to_move();
        let b = pos.board();
        let ring = |q: Option<CellIndex>| {
            let mut set = CellSet::new();
            if let Some(q) = q {
                for d in 0..6 {
                    set.insert(neighbor(q, d));
                }
            }
            set
        };
        let own_q = b.position(PieceId::queen(me)).map(cell_of);
        let opp_q = b.position(PieceId::queen(me.other())).map(cell_of);
        let (own_ring, opp_ring) = (ring(own_q), ring(opp_q));
        let killers = self.killers[ply];
        // The moves first, then their scores in a loop of its own: the generator's
        // callback stays small, and the scoring loop runs over the fingerprints.
        crate::engine::movegen::generate_cells(pos, &mut |m| out.push((0, fingerprint_cells(m))));
        let queen = PieceId::queen(me);
        for (score, fp) in out.iter_mut() {
            let fp = *fp;
            if tt_move != 0 && fp == tt_move {
                *score = 1 << 30;
                continue;
            }
            let mut s = 0;
            if killers[0] == fp {
                s += KILLER;
            } else if killers[1] == fp {
                s += KILLER / 2;
            }
            if let Some((piece, to)) = table::piece_and_to(fp) {
                // Only a movement has a cell it leaves.
                let from = (fp >> 26 == 2).then_some((fp & 0x3ff) as CellIndex);
                if let Some(q) = opp_q {
                    let was_adjacent = from.is_some_and(|f| opp_ring.contains(f));
                    if to == q || (opp_ring.contains(to) && !was_adjacent) {
                        s += ATTACK;
                    }
                }
                if let (Some(_), Some(from)) = (own_q, from) {
                    if piece == queen || own_ring.contains(from) {
                        s += RELIEF;
                    }
                }
                s += self.history[history_slot(piece, to)].min(HISTORY_CAP);
            }
            *score = s;
        }
    }
}

/// Puts the move to search `i`-th at `i`: the best-scored of the rest, the generator's
/// order breaking ties (so searches are repeatable). Most nodes cut off after a move or
/// two, so the first few are picked one by one and the rest sorted only when reached.
fn pick(moves: &mut [(i32, u32)], i: usize) {
    const PICKED: usize = 4;
    if i < PICKED {
        let mut best = i;
        for j in i + 1..moves.len() {
            if moves[j].0 > moves[best].0 {
                best = j;
            }
        }
        // A rotation, not a swap, keeps the others in their order.
        moves[i..=best].rotate_right(1);
    } else if i == PICKED {
        moves[i..].sort_by_key(|e| std::cmp::Reverse(e.0));
    }
}

/// The least depth at which a null move is tried.
const NULL_MOVE_DEPTH: i32 = 3;

/// Ordering bonuses: the table's move first, then moves onto the opponent's Queen's
/// neighbours (or onto her), then moves freeing one's own Queen, killers, and history.
const ATTACK: i32 = 1 << 22;
const RELIEF: i32 = 1 << 21;
const KILLER: i32 = 1 << 20;
const HISTORY_CAP: i32 = (1 << 20) - 1;
/// Moves ordered below this are "quiet": candidates for reduction, killers.
const QUIET_CEILING: i32 = KILLER / 2;

/// The history table's slot of a move's fingerprint: its piece and destination cell.
fn history_index(fp: u32) -> Option<usize> {
    table::piece_and_to(fp).map(|(p, to)| history_slot(p, to))
}

/// The history table's slot of a piece going to a cell: by cell first, so that the
/// placements of every kind on one cell (generated one after the other) share a cache line.
fn history_slot(piece: PieceId, to: CellIndex) -> usize {
    (to % CELLS) * PIECE_COUNT + piece.index()
}

/// The position's key plus the piece that may not move this turn, which changes the legal
/// moves (a Pillbug cannot throw it).
fn search_key(pos: &Position) -> u64 {
    let last = pos.last_moved().map_or(0xff, |p| p.0 as u64);
    let mut z = (last ^ 0x005e_ed0f_1a57).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 29)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    pos.key() ^ z ^ (z >> 32)
}

/// Win scores are stored relative to the node, so a transposition at another ply reads
/// the right distance.
fn to_table(s: Score, ply: usize) -> Score {
    if s > WIN_BOUND {
        s + ply as Score
    } else if s < -WIN_BOUND {
        s - ply as Score
    } else {
        s
    }
}

fn from_table(s: Score, ply: usize) -> Score {
    if s > WIN_BOUND {
        s - ply as Score
    } else if s < -WIN_BOUND {
        s + ply as Score
    } else {
        s
    }
}

/// The position the threat search looks at: `pos` as if its side to move had passed, so
/// that the opponent moves again. In Hive a pass is legal only when no other move is; here
/// it is a question asked of the engine ("what would they play if it were their turn?"),
/// never a move of the game.
pub fn threat_position(pos: &Position) -> Position {
    let mut passed = pos.clone();
    passed.play_unchecked(Move::Pass);
    passed
}

/// A score from the side to move's view turned to White's.
pub fn white_view(score: Score, to_move: Color) -> Score {
    match to_move {
        Color::White => score,
        Color::Black => -score,
    }
}
