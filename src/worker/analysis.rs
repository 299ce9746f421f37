//! The analysis engine in the worker: the position on the board searched deeper and deeper,
//! and a whole game reviewed ply by ply (`search`, `search::analysis`). The page starts a
//! worker of its own for each (`app::analysis::link`) and stops a search by terminating
//! its worker: a search never waits for a message, so it runs at full speed and a new
//! position never queues behind an old one.
//!
//! | the page asks | the worker answers |
//! |---|---|
//! | `["search", position bytes, max depth, max ms, job, delay ms]` (`engine::transfer`; 0: no limit) | after the delay, unless another search came meanwhile (it replaces this one): `["started", job]`, then `["line", depth, eval, win in, nodes, ms, line, legal moves, job]` after each depth (`eval` in points from White's side, forced wins ±100 with `win in` plies, positive for White, else `null`; the line as `transfer::move_code`s joined by spaces), then `["searched", depth, job]` |
//! | `["review", position bytes, depth, ms a ply]` (the main line's last position; depth 0: a time a ply) | `["row", done, total, ply, eval, eval after, win in, judgement, best move code, depth]` per ply (judgement `""` on the last position), then `["reviewed"]` |
//!
//! A position that cannot be read is answered `["analysis-error", why]`.
//!
//! The delay lets a page step through a game with a key held without a search per step: a
//! worker that has not started yet takes the next position instead of being stopped.

use super::answer;
use crate::engine::transfer;
use crate::notation::Coordinates;
use crate::search::analysis::{self, Review};
use crate::search::{white_view, Clock, Limits, Searcher};
use js_sys::{Array, Uint8Array};
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
/// (as natively at 1 s a position, where 4, 16 and 64 MiB give the same), and a worker
/// started at each step while the engine is busy costs the page's core less with less memory
/// to map.
fn searcher() -> Searcher {
    [TABLE_MIB, 4]
        .into_iter()
        .find_map(Searcher::try_new)
        .unwrap_or_else(|| Searcher::new(1))
}

/// A search waiting for its delay: the job's message and the timeout's id.
struct Pending {
    msg: Array,
    timeout: i32,
}

thread_local! {
    static PENDING: std::cell::RefCell<Option<Pending>> = const { std::cell::RefCell::new(None) };
}

/// Runs the search waiting, if any (its delay is over).
fn run_pending() {
    let Some(p) = PENDING.with(|p| p.borrow_mut().take()) else {
        return;
    };
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let post = |a: Array| {
        let _ = scope.post_message(&a);
    };
    let number = |i: u32| p.msg.get(i).as_f64().unwrap_or(0.0).max(0.0);
    let job = number(4);
    match transfer::decode(&Uint8Array::new(&p.msg.get(1)).to_vec()) {
        Ok(pos) => {
            post(answer("started", &[job.into()]));
            search(&pos, number(2) as u8, number(3) as u64, job, &post);
        }
        Err(e) => post(answer("analysis-error", &[e.to_string().into()])),
    }
}

/// Holds a search for its delay, replacing one that waits.
fn hold(msg: &Array) {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let delay = msg.get(5).as_f64().unwrap_or(0.0).clamp(0.0, 1000.0) as i32;
    PENDING.with(|p| {
        if let Some(old) = p.borrow_mut().take() {
            scope.clear_timeout_with_handle(old.timeout);
        }
    });
    let run = Closure::once_into_js(run_pending);
    let timeout = scope
        .set_timeout_with_callback_and_timeout_and_arguments_0(run.unchecked_ref(), delay)
        .unwrap_or(0);
    PENDING.with(|p| {
        *p.borrow_mut() = Some(Pending {
            msg: msg.clone(),
            timeout,
        })
    });
}

/// Answers an analysis message (`op` is its name); `false` for a message of another kind.
pub fn answer_message(op: &str, msg: &Array, post: &dyn Fn(Array)) -> bool {
    let number = |i: u32| msg.get(i).as_f64().unwrap_or(0.0).max(0.0);
    let position = || transfer::decode(&Uint8Array::new(&msg.get(1)).to_vec());
    match op {
        "search" => hold(msg),
        "review" => match position() {
            Ok(pos) => review(&pos, number(2) as u8, number(3) as u64, post),
            Err(e) => post(answer("analysis-error", &[e.to_string().into()])),
        },
        _ => return false,
    }
    true
}

fn search(
    pos: &crate::engine::position::Position,
    depth: u8,
    ms: u64,
    job: f64,
    post: &dyn Fn(Array),
) {
    let limits = Limits {
        time_ms: (ms > 0).then_some(ms),
        ..Limits::depth(if depth == 0 { u8::MAX } else { depth })
    };
    let clock = PerfClock::start();
    let mover = pos.to_move();
    let r = searcher().search_with(pos, &limits, &clock, &mut |r| {
        let score = white_view(r.score, mover);
        let line: Vec<String> = r.pv.iter().map(|&m| transfer::move_code(m)).collect();
        post(answer(
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
    });
    post(answer("searched", &[r.depth.into(), job.into()]));
}

fn win_in(score: crate::search::Score) -> JsValue {
    crate::search::win_in(score).map_or(JsValue::NULL, JsValue::from)
}

fn review(pos: &crate::engine::position::Position, depth: u8, ms: u64, post: &dyn Fn(Array)) {
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
        post(answer(
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
    post(answer("reviewed", &[]));
}
