//! The analysis engine in the worker: the position on the board searched deeper and deeper,
//! and a whole game reviewed ply by ply (`search`, `search::review`), answering the
//! requests of `protocol::analysis_messages`. The page keeps one worker for its searches and
//! starts another for a review (`app::analysis::engine_link`).
//!
//! A search without a depth runs in slices of [`SLICE_MS`], each a task of its own
//! (`Searcher::deepen`), so that a new position or a halt is read between two slices and
//! replaces it there: the page never has to stop the worker, and a step never waits for a
//! new one to load. It keeps its searcher (the transposition table) from position to
//! position. A search to a depth runs in one go with a fresh searcher, so that its answer is
//! the command line's (`beeline analyse --depth N`); the page stops its worker to stop it.
//!
//! The delay lets a page step through a game with a key held without a search per step: a
//! search that has not started yet is replaced by the next position.
//!
//! A review makes one row a task, so that between two rows the worker is idle and its
//! failures (an error, memory run out) come to the page's error handler as they happen.

use crate::engine::piece::Color;
use crate::engine::transfer;
use crate::insights::review::Reviewer;
use crate::notation::Coordinates;
use crate::protocol::analysis_messages::{
    EngineAnswer, EngineRequest, PuzzlePosition, ReviewRow, SearchLine,
};
use crate::protocol::{envelope, Message};
use crate::puzzles::miner::{Miner, MinerSettings};
use crate::puzzles::PuzzleSource;
use crate::search::game_review::{self, Review};
use crate::search::practice::{self, Dice, Level};
use crate::search::{white_view, Clock, Deepening, Limits, NoClock, SearchResult, Searcher};
use std::cell::RefCell;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The worker's clock: `performance.now()`, from when it was made.
struct PerfClock {
    performance: Option<web_sys::Performance>,
    start: f64,
}

impl PerfClock {
    fn start() -> PerfClock {
        let performance = js_sys::global()
            .dyn_into::<web_sys::WorkerGlobalScope>()
            .ok()
            .and_then(|s| s.performance());
        let start = performance.as_ref().map_or(0.0, |p| p.now());
        PerfClock { performance, start }
    }
}

impl Clock for PerfClock {
    fn elapsed_ms(&self) -> u64 {
        self.performance
            .as_ref()
            .map_or(0.0, |p| (p.now() - self.start).max(0.0)) as u64
    }
}

/// The worker's table, in MiB (the native default is 64).
const TABLE_MIB: usize = 16;

/// A searcher with a [`TABLE_MIB`] table, or 4 MiB where the browser will not give that (a
/// phone). Smaller than the native 64 MiB: at the browser's speed it reaches the same depths
/// (as natively at 1 s a position, where 4, 16 and 64 MiB give the same), with less memory
/// for a phone to find.
fn searcher() -> Searcher {
    [TABLE_MIB, 4]
        .into_iter()
        .find_map(Searcher::try_new)
        .unwrap_or_else(|| Searcher::new(1))
}

/// A search without a depth gives way to the worker's messages this often.
const SLICE_MS: u64 = 20;

/// A search waiting for its delay: what it asks, and the timeout's id.
struct DelayedSearch {
    position: Vec<u8>,
    depth: u8,
    limit_ms: u64,
    job: u32,
    lines: u8,
    threat: bool,
    timeout: i32,
}

/// A search without a depth under way: its job's number and clock, and the side to move.
struct Running {
    search: Deepening,
    clock: PerfClock,
    job: u32,
    mover: Color,
}

/// The worker's searches: one waiting for its delay, one under way, the searcher kept for
/// them, and the channel that starts each slice.
#[derive(Default)]
struct Searches {
    pending: Option<DelayedSearch>,
    running: Option<Running>,
    searcher: Option<Searcher>,
    /// Its port 2 posts to port 1, whose handler runs a slice (timers would wait 4 ms
    /// each after the fifth).
    channel: Option<web_sys::MessageChannel>,
    /// A slice's message is on its way (at most one at a time, whatever was replaced).
    scheduled: bool,
}

thread_local! {
    static SEARCHES: RefCell<Searches> = RefCell::new(Searches::default());
}

fn scope() -> web_sys::DedicatedWorkerGlobalScope {
    js_sys::global().unchecked_into()
}

/// Sends an answer to the page.
fn post(a: &EngineAnswer) {
    let _ = scope().post_message(&envelope::pack(&a.encode(), &[]));
}

fn failed(why: impl ToString) {
    post(&EngineAnswer::Failed(why.to_string()));
}

/// Starts the search waiting (its delay is over).
fn run_pending() {
    let Some(p) = SEARCHES.with(|s| s.borrow_mut().pending.take()) else {
        return;
    };
    let (depth, ms, job) = (p.depth, p.limit_ms, p.job);
    let pos = match transfer::decode(&p.position) {
        Ok(pos) if p.threat => crate::search::threat_position(&pos),
        Ok(pos) => pos,
        Err(e) => return failed(e),
    };
    post(&EngineAnswer::Started { job });
    let limits = Limits {
        time_ms: (ms > 0).then_some(ms),
        ..Limits::depth(if depth == 0 { u8::MAX } else { depth })
    }
    .with_lines(p.lines);
    let clock = PerfClock::start();
    let mover = pos.to_move();
    if depth > 0 {
        let r = searcher().search_with(&pos, &limits, &clock, &mut |r| line(r, mover, job));
        post(&EngineAnswer::Searched {
            job,
            depth: r.depth,
        });
        return;
    }
    SEARCHES.with(|s| {
        let mut s = s.borrow_mut();
        let searcher = s.searcher.get_or_insert_with(searcher);
        let search = searcher.begin(&pos, &limits, &clock);
        s.running = Some(Running {
            search,
            clock,
            job,
            mover,
        });
        schedule(&mut s);
    });
}

/// Has the next slice run as a task of its own, unless one is on its way already.
fn schedule(s: &mut Searches) {
    if s.scheduled {
        return;
    }
    if s.channel.is_none() {
        s.channel = task_channel(slice);
    }
    match &s.channel {
        Some(c) => s.scheduled = c.port2().post_message(&JsValue::NULL).is_ok(),
        None => failed(NO_CHANNEL),
    }
}

const NO_CHANNEL: &str = "the browser would not give the worker a channel";

/// A channel whose messages each run `run` as a task of its own (timers would wait 4 ms
/// each after the fifth); `None` when the browser gives none.
fn task_channel(run: fn()) -> Option<web_sys::MessageChannel> {
    let channel = web_sys::MessageChannel::new().ok()?;
    let run = Closure::<dyn FnMut()>::new(run);
    channel
        .port1()
        .set_onmessage(Some(run.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    run.forget();
    Some(channel)
}

/// Searches the running search for a slice; then the next slice, or its end.
fn slice() {
    SEARCHES.with(|s| {
        let mut s = s.borrow_mut();
        s.scheduled = false;
        let Searches {
            running, searcher, ..
        } = &mut *s;
        let (Some(r), Some(searcher)) = (running.as_mut(), searcher.as_mut()) else {
            return;
        };
        let pause_at = r.clock.elapsed_ms() + SLICE_MS;
        let (mover, job) = (r.mover, r.job);
        let done = searcher.deepen(&mut r.search, &r.clock, Some(pause_at), &mut |found| {
            line(found, mover, job)
        });
        if done {
            let depth = r.search.result().depth;
            post(&EngineAnswer::Searched { job, depth });
            s.running = None;
        } else {
            schedule(&mut s);
        }
    });
}

/// Stops the search under way and the one waiting.
fn halt() {
    SEARCHES.with(|s| {
        let mut s = s.borrow_mut();
        s.running = None;
        if let Some(old) = s.pending.take() {
            scope().clear_timeout_with_handle(old.timeout);
        }
    });
}

/// Holds a search for its delay, in place of the one under way or waiting.
fn hold(search: EngineRequest) {
    let EngineRequest::Search {
        position,
        depth,
        limit_ms,
        job,
        delay_ms,
        lines,
        threat,
    } = search
    else {
        return;
    };
    halt();
    let run = Closure::once_into_js(run_pending);
    let delay = delay_ms.min(1000) as i32;
    let timeout = scope()
        .set_timeout_with_callback_and_timeout_and_arguments_0(run.unchecked_ref(), delay)
        .unwrap_or(0);
    SEARCHES.with(|s| {
        s.borrow_mut().pending = Some(DelayedSearch {
            position,
            depth,
            limit_ms,
            job,
            lines,
            threat,
            timeout,
        })
    });
}

/// Answers a request of the analysis's channel (`bytes`, as the page sent them).
pub fn answer_request(bytes: &[u8]) {
    match EngineRequest::decode(bytes) {
        Ok(search @ EngineRequest::Search { .. }) => hold(search),
        Ok(EngineRequest::Halt) => halt(),
        Ok(EngineRequest::Play {
            position,
            level,
            seed,
            limit_ms,
            job,
        }) => match transfer::decode(&position) {
            Ok(pos) => play(&pos, level, seed, limit_ms, job),
            Err(e) => failed(e),
        },
        Ok(EngineRequest::Review {
            position,
            depth,
            ms_per_ply,
        }) => match transfer::decode(&position) {
            Ok(pos) => review(&pos, depth, ms_per_ply),
            Err(e) => failed(e),
        },
        Ok(EngineRequest::Insights {
            position,
            depth,
            job,
        }) => match transfer::decode(&position) {
            Ok(pos) => insights(&pos, depth, job),
            Err(e) => failed(e),
        },
        Ok(EngineRequest::Puzzles { positions }) => puzzles(&positions),
        Err(e) => failed(e),
    }
}

thread_local! {
    /// The insights' reviewer and its depth, kept from game to game (its table is cleared
    /// at each game's start).
    static INSIGHTS: RefCell<Option<(u8, Reviewer)>> = const { RefCell::new(None) };
}

/// Makes puzzles of positions, as the miner makes and verifies its own (a position that
/// makes none, or cannot be read, is left out).
fn puzzles(positions: &[PuzzlePosition]) {
    let mut miner = Miner::new(MinerSettings {
        table_mib: 4,
        ..MinerSettings::default()
    });
    let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
    let lines = positions
        .iter()
        .filter_map(|p| {
            let pos = transfer::decode(&p.position).ok()?;
            let source = PuzzleSource {
                white: opt(&p.white),
                black: opt(&p.black),
                event: None,
                game: p.game.clone(),
                ply: pos.ply(),
            };
            Some(miner.puzzle_at(&pos, source)?.to_line())
        })
        .collect();
    post(&EngineAnswer::Puzzles { lines });
}

/// Reviews a game for a player's insights, in one go (a game takes about a second; the
/// page stops the worker to stop it), with the command line's table size, so that a game's
/// facts are the command line's at the same depth.
fn insights(pos: &crate::engine::position::Position, depth: u8, job: u32) {
    let depth = depth.max(1);
    let facts = INSIGHTS.with(|x| {
        let mut x = x.borrow_mut();
        if x.as_ref().is_none_or(|(d, _)| *d != depth) {
            *x = Some((
                depth,
                Reviewer::with_searcher(Limits::depth(depth), searcher()),
            ));
        }
        x.as_mut()
            .map(|(_, r)| r.review(&pos.initial(), &pos.moves(), &|| Box::new(NoClock)))
    });
    match facts {
        Some(f) => post(&EngineAnswer::Insights {
            job,
            facts: f.to_text(),
        }),
        None => failed("the insights' reviewer could not be made"),
    }
}

/// Posts the lines an iteration found.
fn line(r: &SearchResult, mover: Color, job: u32) {
    let lines = r
        .lines
        .iter()
        .map(|l| {
            let score = white_view(l.score, mover);
            SearchLine {
                depth: r.depth,
                eval: game_review::points(score),
                win_in: crate::search::win_in(score),
                nodes: r.nodes,
                ms: r.elapsed_ms,
                moves: l.pv.clone(),
                legal_moves: u32::try_from(r.legal_moves).unwrap_or(u32::MAX),
            }
        })
        .collect();
    post(&EngineAnswer::Lines { job, lines });
}

/// A practice level's move, searched at once with the worker's searcher (the live search
/// is off while a practice game goes on). The dice are the game's seed and the position's
/// ply, so that the same game at the same level replays the same moves.
fn play(pos: &crate::engine::position::Position, level: u8, seed: u32, limit_ms: u64, job: u32) {
    halt();
    let ply = pos.moves().len() as u64;
    let mut dice = Dice::new(u64::from(seed) ^ ply.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mv = SEARCHES.with(|s| {
        let mut s = s.borrow_mut();
        let searcher = s.searcher.get_or_insert_with(searcher);
        practice::choose(
            searcher,
            pos,
            &Level::new(level),
            &Limits::time_ms(limit_ms.max(50)),
            &PerfClock::start(),
            &mut dice,
        )
    });
    post(&EngineAnswer::Played { job, mv });
}

thread_local! {
    /// The review under way, one row a task, and the channel that starts each.
    static REVIEW: RefCell<(Option<Review>, Option<web_sys::MessageChannel>)> =
        const { RefCell::new((None, None)) };
}

/// Starts a review: a row a task, so that the worker stays a worker between rows (a
/// failure in the middle of a review, an answer to the page's messages, a test's probe).
fn review(pos: &crate::engine::position::Position, depth: u8, ms: u64) {
    let limits = if depth > 0 {
        Limits::depth(depth)
    } else {
        Limits::time_ms(ms.max(50))
    };
    let start = pos.initial();
    let moves = pos.moves();
    // The notations of the rows are not sent (the page writes moves in its own settings),
    // so the coordinates do not matter here.
    let r = Review::with_searcher(searcher(), &start, &moves, Coordinates::default(), limits);
    REVIEW.with(|x| x.borrow_mut().0 = Some(r));
    next_review_row();
}

/// Has the review's next row made as a task of its own.
fn next_review_row() {
    let posted = REVIEW.with(|x| {
        let mut x = x.borrow_mut();
        if x.1.is_none() {
            x.1 = task_channel(review_row);
        }
        x.1.as_ref()?.port2().post_message(&JsValue::NULL).ok()
    });
    if posted.is_none() {
        failed(NO_CHANNEL);
    }
}

/// Makes the review's next row and posts it, then asks for the one after; or says the
/// review is over.
fn review_row() {
    let count = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
    // `None`: no review; `Some(None)`: a position with no row to post.
    let answer = REVIEW.with(|x| {
        let mut x = x.borrow_mut();
        let r = x.0.as_mut()?;
        Some(match r.next_row(&PerfClock::start()) {
            None => {
                x.0 = None;
                Some(EngineAnswer::Reviewed)
            }
            Some(None) => None,
            Some(Some(row)) => Some(EngineAnswer::Row(ReviewRow {
                done: count(r.done()),
                total: count(r.total()),
                ply: count(row.ply),
                eval: row.eval,
                eval_after: row.eval_after,
                win_in: row.win_in,
                judgement: row.judgement,
                best: row.best_move,
                depth: row.depth,
            })),
        })
    });
    match answer {
        None => {}
        Some(Some(EngineAnswer::Reviewed)) => post(&EngineAnswer::Reviewed),
        Some(row) => {
            if let Some(row) = row {
                post(&row);
            }
            next_review_row();
        }
    }
}
