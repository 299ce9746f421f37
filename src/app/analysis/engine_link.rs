//! The page's side of the analysis workers (`worker::analysis_jobs`, the messages of
//! `protocol::analysis_messages`): the same worker module as the collection reader's, one for
//! the live search and one for a review, so that neither waits behind the other.
//!
//! The live worker takes each new position between two slices of its search; a search to a
//! depth, or a review, is stopped by terminating its worker, at once, whatever it is doing.
//! Each worker has a number, and what a replaced worker still sends is dropped.

use super::practice::PracticeGame;
use super::session::{session, Session};
use crate::app::kit::{services, WorkerLink};
use crate::engine::transfer;
use crate::protocol::analysis_messages::{EngineAnswer, EngineRequest};
use crate::record::tree::NodeId;
use std::cell::RefCell;

/// How long the board must rest on a position before its search starts (the worker waits),
/// when it came less than [`QUICK_MS`] after the one before: stepping through a game with a
/// key held hands each position to the waiting worker without a search per step, while a
/// single step or the analysis turned on starts at once. Longer than the pause between two
/// steps of a key held or of quick clicks, so that the engine does not take a core from the
/// page between them.
const SETTLE_MS: u32 = 150;
const QUICK_MS: f64 = 250.0;

/// Without a depth in the address, a position is searched for at most this long (a worker
/// left running would drain a phone's battery), unless *Keep searching* is on.
const SEARCH_MS: u64 = 60_000;

/// A review's search time a position, without a depth in the address: with the check of the
/// move played (a ply shallower), about half a second a position.
const REVIEW_MS: u64 = 400;

/// A started engine worker.
struct EngineWorker {
    id: u32,
    link: WorkerLink,
    /// Searching (it said it started) and not finished: it cannot take another job.
    busy: bool,
}

/// The live search's job.
#[derive(Clone)]
struct Job {
    number: u32,
    node: NodeId,
    request: EngineRequest,
}

/// The workers: the live search's, the review's.
#[derive(Default)]
struct Workers {
    live: Option<EngineWorker>,
    review: Option<EngineWorker>,
    next_id: u32,
    job: Option<Job>,
    /// What the live search was last asked for: the node, its position's key, on, editing,
    /// threat mode and the number of lines, the practice game.
    asked: Option<Asked>,
    /// When it was asked (`Date.now()`).
    asked_at: f64,
    /// A hand-over to the workers is due ([`hand_over`]).
    flushing: bool,
}

thread_local! {
    static WORKERS: RefCell<Workers> = RefCell::new(Workers::default());
}

const NO_WORKER: &str = "This build has no engine worker: the analysis cannot run.";

/// Starts a worker for the analysis, its answers handed to [`answered`].
fn spawn(w: &mut Workers) -> Option<EngineWorker> {
    w.next_id += 1;
    let id = w.next_id;
    let link = WorkerLink::start(move |a: EngineAnswer, _| answered(id, a), move || died(id))?;
    Some(EngineWorker {
        id,
        link,
        busy: false,
    })
}

/// Stops the search and the review. The live worker stays unless it searches to a depth
/// (which it cannot leave): turned on again, the analysis starts without waiting for a
/// module to load.
pub(super) fn stop_all(depth: u8) {
    WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        halt_live(&mut w, depth);
        if let Some(review) = w.review.take() {
            review.link.stop();
        }
    });
}

/// Ends both workers, whatever they are doing, for a new depth (a link followed): how the
/// live worker runs a search depends on the depth it was asked for (to a depth, in one go,
/// reading no message until it ends), so a worker given a job at the old depth could keep the
/// next job waiting for hours. The next search starts a worker of its own.
pub(super) fn end_all() {
    WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        for worker in [w.live.take(), w.review.take()].into_iter().flatten() {
            worker.link.stop();
        }
    });
}

/// Stops the live worker's search: a search in slices is told to halt, one to a depth is
/// stopped with its worker (a worker that has not started it takes the next job instead).
fn halt_live(w: &mut Workers, depth: u8) {
    match w.live.take() {
        Some(l) if depth > 0 && l.busy => l.link.stop(),
        Some(l) => {
            l.link.post(&EngineRequest::Halt);
            w.live = Some(l);
        }
        None => {}
    }
}

/// A new position (or the analysis turned on or off): the old search stops now ([`hand_over`])
/// and the new one starts once the board has rested on it. Nothing when nothing it depends
/// on changed.
pub(super) fn follow(s: Session) {
    let on = s.on.get();
    let at = s.viewer.study.position.get();
    let editing = s.viewer.edit.with(Option::is_some);
    // A review under way has the engine to itself (a second search would halve its speed,
    // and on two cores leave the page none).
    let reviewing = s.review.with(|r| r.running);
    // The position by its key: an edit elsewhere in the game (a comment) makes a new
    // position object for the same position, which needs no new search.
    let (threat, count) = (s.threat.get(), s.line_count.get());
    let endless = s.endless.get();
    let practice = s.practice.get();
    let depth = s.depth.get();
    let asked = (
        at.node,
        at.pos.key(),
        on && !reviewing,
        editing,
        (threat, count, endless, depth),
        practice,
    );
    let now = js_sys::Date::now();
    let (same, quick) = WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        let same = w.asked == Some(asked);
        let quick = now - w.asked_at < QUICK_MS;
        w.asked = Some(asked);
        w.asked_at = now;
        (same, quick)
    });
    if same {
        return;
    }
    s.lines.set(None);
    s.done.set(false);
    s.hover.set(None);
    s.status.set(String::new());
    let over = at.pos.state().is_over();
    if let Some(game) = practice {
        // A practice game: the engine's move on its turn, nothing else searched.
        s.done.set(true);
        if on && editing {
            s.status
                .set("The engine waits while the position is edited.".into());
        }
        let job = (on && !editing && game.engine_to_move(&at.pos)).then(|| {
            let number = next_job_number();
            Job {
                number,
                node: at.node,
                request: EngineRequest::Play {
                    position: transfer::encode(&at.pos),
                    level: game.level,
                    seed: game.seed,
                    limit_ms: game.limit_ms(),
                    job: number,
                },
            }
        });
        give(s, job);
        return;
    }
    if on && reviewing {
        s.status
            .set("The search waits while the game is reviewed.".into());
    } else if on && editing {
        s.status
            .set("The search waits while the position is edited.".into());
    }
    let job = (on && !reviewing && !editing && !over).then(|| {
        let number = next_job_number();
        let request = EngineRequest::Search {
            position: transfer::encode(&at.pos),
            depth,
            limit_ms: if depth > 0 || endless { 0 } else { SEARCH_MS },
            job: number,
            delay_ms: if quick { SETTLE_MS } else { 0 },
            // The threat is one line: what the opponent would play.
            lines: if threat { 1 } else { count },
            threat,
        };
        Job {
            number,
            node: at.node,
            request,
        }
    });
    if on && over {
        s.status
            .set("The game is over: there is nothing to search.".into());
        s.done.set(true);
    }
    give(s, job);
}

/// A number for a new job (its answers carry it).
fn next_job_number() -> u32 {
    WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        w.next_id += 1;
        w.next_id
    })
}

/// Makes `job` the live one: the worker is given it right after the step (the board drawn
/// first).
fn give(s: Session, job: Option<Job>) {
    let flush = WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        w.job = job;
        !std::mem::replace(&mut w.flushing, true)
    });
    if flush {
        services::after(std::time::Duration::ZERO, move || hand_over(s));
    }
}

/// Gives the live job to the live worker, which drops its search for it; or, without a job
/// (off, editing, the game over), halts its search.
fn hand_over(s: Session) {
    let posted = WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        w.flushing = false;
        if w.job.is_none() {
            halt_live(&mut w, s.depth.get_untracked());
            return true;
        }
        // A search to a depth cannot be replaced: its worker is stopped.
        if s.depth.get_untracked() > 0 && w.live.as_ref().is_some_and(|l| l.busy) {
            if let Some(l) = w.live.take() {
                l.link.stop();
            }
        }
        post_job(&mut w)
    });
    if !posted {
        s.status.set(NO_WORKER.into());
    }
}

/// Gives the live job to the live worker, started if there is none.
fn post_job(w: &mut Workers) -> bool {
    let Some(job) = w.job.clone() else {
        return true;
    };
    if w.live.is_none() {
        w.live = spawn(w);
    }
    let Some(live) = w.live.as_ref() else {
        return false;
    };
    live.link.post(&job.request);
    true
}

/// Starts reviewing a line's moves (`position`: its last position's bytes), replacing a
/// review under way; `false` when there is no worker to run it.
pub(super) fn start_review(position: Vec<u8>, depth: u8) -> bool {
    WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        if let Some(old) = w.review.take() {
            old.link.stop();
        }
        let Some(worker) = spawn(&mut w) else {
            return false;
        };
        worker.link.post(&EngineRequest::Review {
            position,
            depth,
            ms_per_ply: if depth > 0 { 0 } else { REVIEW_MS },
        });
        w.review = Some(worker);
        true
    })
}

/// Stops the review's worker, if there is one.
pub(super) fn stop_review() {
    if let Some(r) = WORKERS.with(|w| w.borrow_mut().review.take()) {
        r.link.stop();
    }
}

/// A worker that could not load its module or stopped (out of memory, a panic): it is
/// ended and forgotten, so that the next search or review starts a new one. The game is the
/// page's and stays.
fn died(id: u32) {
    let Some(s) = session() else { return };
    let which = WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        let live = w.live.as_ref().is_some_and(|l| l.id == id);
        let slot = if live { &mut w.live } else { &mut w.review };
        let worker = slot.take_if(|x| x.id == id)?;
        worker.link.stop();
        // The live search asked again starts its new worker.
        w.asked = None;
        Some(live)
    });
    let Some(live) = which else { return };
    if live {
        s.done.set(true);
        s.status.set("The engine stopped (the browser ended it: out of memory, or an error). The game is kept; the next position searched starts a new engine.".into());
    } else {
        // Said by the review's summary (the status is the live search's).
        s.review.update(|r| {
            r.running = false;
            r.stopped = true;
        });
    }
}

/// Which of the workers a worker is, and the live job it answers about.
enum Sender {
    /// The live worker, and the node of the job it was last given.
    Live(Option<(u32, NodeId)>),
    Review,
    /// A worker replaced since.
    Gone,
}

/// What the live worker is asked for ([`Workers::asked`]).
type Asked = (
    NodeId,
    u64,
    bool,
    bool,
    (bool, u8, bool, u8),
    Option<PracticeGame>,
);

/// A worker's answer.
fn answered(id: u32, answer: EngineAnswer) {
    let Some(s) = session() else { return };
    let from = WORKERS.with(|w| {
        let w = &mut *w.borrow_mut();
        let job = w.job.as_ref().map(|j| (j.number, j.node));
        let (live, review) = (w.live.as_mut(), w.review.as_mut());
        let worker = match (live, review) {
            (Some(l), _) if l.id == id => Some((l, Sender::Live(job))),
            (_, Some(r)) if r.id == id => Some((r, Sender::Review)),
            _ => None,
        };
        let Some((worker, from)) = worker else {
            return Sender::Gone;
        };
        match answer {
            EngineAnswer::Started { .. } => worker.busy = true,
            EngineAnswer::Searched { .. }
            | EngineAnswer::Reviewed
            | EngineAnswer::Played { .. }
            | EngineAnswer::Failed(_) => worker.busy = false,
            _ => {}
        }
        from
    });
    // The live worker's answer about the live job.
    let live_job = |job: u32| match from {
        Sender::Live(Some((n, node))) if n == job => Some(node),
        _ => None,
    };
    match (answer, &from) {
        // A search to a depth that started before its worker got the next job: stopped, and
        // the job goes to another worker. (A search in slices reads the job next.)
        (EngineAnswer::Started { job }, Sender::Live(_))
            if live_job(job).is_none() && s.depth.get_untracked() > 0 =>
        {
            WORKERS.with(|w| {
                let mut w = w.borrow_mut();
                if let Some(l) = w.live.take() {
                    l.link.stop();
                }
                if !post_job(&mut w) {
                    s.status.set(NO_WORKER.into());
                }
            })
        }
        (EngineAnswer::Lines { job, lines }, _) => {
            if let Some(node) = live_job(job).filter(|_| !lines.is_empty()) {
                s.lines.set(Some((node, lines)));
            }
        }
        (EngineAnswer::Searched { job, .. }, _) if live_job(job).is_some() => s.done.set(true),
        // The practice level's move, played where it was asked (unless the board has moved
        // on, or the game stopped).
        (EngineAnswer::Played { job, mv: Some(mv) }, _) => {
            let here = live_job(job).is_some_and(|node| node == s.viewer.study.node_untracked());
            if here && s.practice.get_untracked().is_some() {
                if let Err(e) = s.viewer.play(mv) {
                    s.status
                        .set(format!("The engine's move could not be played: {e}."));
                }
            }
        }
        (EngineAnswer::Row(row), Sender::Review) => s.review.update(|r| r.add(row)),
        (EngineAnswer::Reviewed, Sender::Review) => {
            s.review.update(|r| r.running = false);
            stop_review();
        }
        (EngineAnswer::Failed(why), Sender::Live(_) | Sender::Review) => {
            if matches!(from, Sender::Review) {
                s.review.update(|r| r.running = false);
            }
            s.status.set(format!("The analysis stopped: {why}."));
        }
        _ => {}
    }
}
