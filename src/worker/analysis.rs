//! The analysis engine in the worker: the position on the board searched deeper and deeper,
//! and a whole game reviewed ply by ply (`search`, `search::analysis`). The page keeps one
//! worker for its searches and starts another for a review (`app::analysis::link`).
//!
//! | the page asks | the worker answers |
//! |---|---|
//! | `["search", position bytes, max depth, max ms, job, delay ms]` (`engine::transfer`; 0: no limit) | after the delay, unless another search came meanwhile (it replaces this one): `["started", job]`, then `["line", depth, eval, win in, nodes, ms, line, legal moves, job]` after each depth (`eval` in points from White's side, forced wins ±100 with `win in` plies, positive for White, else `null`; the line as `transfer::move_code`s joined by spaces), then `["searched", depth, job]` |
//! | `["halt"]` | nothing: the search under way or waiting stops |
//! | `["review", position bytes, depth, ms a ply]` (the main line's last position; depth 0: a time a ply) | `["row", done, total, ply, eval, eval after, win in, judgement, best move code, depth]` per ply (judgement `""` on the last position), then `["reviewed"]` |
//!
//! A position that cannot be read is answered `["analysis-error", why]`.
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

use super::answer;
use crate::engine::piece::Color;
use crate::engine::transfer;
use crate::notation::Coordinates;
use crate::search::analysis::{self, Review};
use crate::search::{white_view, Clock, Deepening, Limits, SearchResult, Searcher};
use js_sys::{Array, Uint8Array};
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

/// A search waiting for its delay: the job's message and the timeout's id.
struct Pending {
    msg: Array,
    timeout: i32,
}

/// A search without a depth under way: its job's number and clock, and the side to move.
struct Running {
    search: Deepening,
    clock: PerfClock,
    job: f64,
    mover: Color,
}

/// The worker's searches: one waiting for its delay, one under way, the searcher kept for
/// them, and the channel that starts each slice.
#[derive(Default)]
struct Searches {
    pending: Option<Pending>,
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
fn post(a: &Array) {
    let _ = scope().post_message(a);
}

/// Starts the search waiting (its delay is over).
fn run_pending() {
    let Some(p) = SEARCHES.with(|s| s.borrow_mut().pending.take()) else {
        return;
    };
    let number = |i: u32| p.msg.get(i).as_f64().unwrap_or(0.0).max(0.0);
    let (depth, ms, job) = (number(2) as u8, number(3) as u64, number(4));
    let pos = match transfer::decode(&Uint8Array::new(&p.msg.get(1)).to_vec()) {
        Ok(pos) => pos,
        Err(e) => return post(&answer("analysis-error", &[e.to_string().into()])),
    };
    post(&answer("started", &[job.into()]));
    let limits = Limits {
        time_ms: (ms > 0).then_some(ms),
        ..Limits::depth(if depth == 0 { u8::MAX } else { depth })
    };
    let clock = PerfClock::start();
    let mover = pos.to_move();
    if depth > 0 {
        let r = searcher().search_with(&pos, &limits, &clock, &mut |r| line(r, mover, job));
        post(&answer("searched", &[r.depth.into(), job.into()]));
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
        let Ok(channel) = web_sys::MessageChannel::new() else {
            post(&answer(
                "analysis-error",
                &["the browser would not give the worker a channel".into()],
            ));
            return;
        };
        let run = Closure::<dyn FnMut()>::new(slice);
        channel
            .port1()
            .set_onmessage(Some(run.as_ref().unchecked_ref()));
        // The handler lives as long as the worker.
        run.forget();
        s.channel = Some(channel);
    }
    if let Some(c) = &s.channel {
        s.scheduled = c.port2().post_message(&JsValue::NULL).is_ok();
    }
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
            post(&answer("searched", &[depth.into(), job.into()]));
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
fn hold(msg: &Array) {
    halt();
    let delay = msg.get(5).as_f64().unwrap_or(0.0).clamp(0.0, 1000.0) as i32;
    let run = Closure::once_into_js(run_pending);
    let timeout = scope()
        .set_timeout_with_callback_and_timeout_and_arguments_0(run.unchecked_ref(), delay)
        .unwrap_or(0);
    SEARCHES.with(|s| {
        s.borrow_mut().pending = Some(Pending {
            msg: msg.clone(),
            timeout,
        })
    });
}

/// Answers an analysis message (`op` is its name); `false` for a message of another kind.
pub fn answer_message(op: &str, msg: &Array) -> bool {
    let number = |i: u32| msg.get(i).as_f64().unwrap_or(0.0).max(0.0);
    let position = || transfer::decode(&Uint8Array::new(&msg.get(1)).to_vec());
    match op {
        "search" => hold(msg),
        "halt" => halt(),
        "review" => match position() {
            Ok(pos) => review(&pos, number(2) as u8, number(3) as u64),
            Err(e) => post(&answer("analysis-error", &[e.to_string().into()])),
        },
        _ => return false,
    }
    true
}

/// Posts what an iteration found.
fn line(r: &SearchResult, mover: Color, job: f64) {
    let score = white_view(r.score, mover);
    let line: Vec<String> = r.pv.iter().map(|&m| transfer::move_code(m)).collect();
    post(&answer(
        "line",
        &[
            r.depth.into(),
            analysis::points(score).into(),
            win_in(score),
            (r.nodes as f64).into(),
            (r.elapsed_ms as f64).into(),
            line.join(" ").into(),
            r.legal_moves.into(),
            job.into(),
        ],
    ));
}

fn win_in(score: crate::search::Score) -> JsValue {
    crate::search::win_in(score).map_or(JsValue::NULL, JsValue::from)
}

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
    let mut r = Review::with_searcher(searcher(), &start, &moves, Coordinates::default(), limits);
    while let Some(row) = r.next_row(&PerfClock::start()) {
        let Some(row) = row else { continue };
        let ply = row.ply;
        let best = row.best_move.map(transfer::move_code).unwrap_or_default();
        post(&answer(
            "row",
            &[
                r.done().into(),
                r.total().into(),
                ply.into(),
                row.eval.into(),
                row.eval_after.into(),
                row.win_in.map_or(JsValue::NULL, JsValue::from),
                row.judgement.map_or("", |j| j.name()).into(),
                best.into(),
                row.depth.into(),
            ],
        ));
    }
    post(&answer("reviewed", &[]));
}
