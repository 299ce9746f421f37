//! The analysis on the study board (docs/ANALYSIS.md, "In the browser"): the engine's
//! evaluation, best line and best move for the position on the board, deeper and deeper,
//! and a review of the whole game with its graph and each move judged.
//!
//! All of it is code loaded on first use: the first screen has only the toolbar's
//! *Analyse* button (and its key, `A`), which asks the board's entry point
//! (`board::drawing::Ask::Analyse`); [`toggle`] then builds the panel, the evaluation bar and
//! the board's layer, and the effects that keep them. The engine runs in workers of its own
//! ([`link`]): a new position replaces the old search in the live worker, which reads it
//! between two slices of its search; a search to a depth (`&analyse=N`) runs in one go from
//! scratch, so that its answer is the command line's (`beeline analyse --depth N`), and is
//! stopped by stopping its worker.
//!
//! Hooks: `#analyse` (`aria-pressed`), `#eval` (`data-eval` in points from White's side,
//! `data-depth`, `data-ply`, `data-done` once the search has stopped), `#best-line`
//! `[data-move]` with `.standard`, `.direction`, `.algebraic`, `svg#board
//! [data-best-move]`, `#review`, `#stop-review`, `#review-progress`, `#eval-graph
//! [data-ply]`, `#keep-review`, `tr[data-judgement]` in the notation.

mod link;
pub mod view;

use crate::app::kit::{self, dom, services, Memo, Var};
use crate::app::viewer::Viewer;
use crate::engine::position::Move;
use crate::engine::transfer;
use crate::record::tree::{Annotation, NodeId};
use crate::search::analysis::{notate_line, Judgement};
use crate::view::Layout;
use js_sys::Array;
use leptos::prelude::{Get, GetUntracked, NodeRef};
use link::Slot;
use std::cell::RefCell;
use view::{Line, Row};
use wasm_bindgen::JsCast;

/// How long the board must rest on a position before its search starts (the worker waits),
/// when it came less than [`QUICK_MS`] after the one before: stepping through a game with a
/// key held hands each position to the waiting worker without a search per step, while a
/// single step or the analysis turned on starts at once. Longer than the pause between two
/// steps of a key held or of quick clicks, so that the engine does not take a core from the
/// page between them.
const SETTLE_MS: f64 = 150.0;
const QUICK_MS: f64 = 250.0;

/// Without a depth in the address, a position is searched for at most this long (a worker
/// left running would drain a phone's battery).
const SEARCH_MS: f64 = 60_000.0;

/// A review's search time a position, without a depth in the address: with the check of the
/// move played (a ply shallower), about half a second a position.
const REVIEW_MS: f64 = 400.0;

/// The analysis's state, made at the first [`toggle`].
#[derive(Clone, Copy)]
struct Session {
    viewer: Viewer,
    layout: Memo<Layout>,
    board: NodeRef<leptos::svg::Svg>,
    on: Var<bool>,
    /// The position searched (its node), and the deepest answer so far.
    line: Var<Option<(NodeId, Line)>>,
    /// The search of the position has stopped (its depth or time reached).
    done: Var<bool>,
    /// Why there is no answer (a worker that could not run, a finished game).
    status: Var<String>,
    /// The move of the best line hovered or focused.
    hover: Var<Option<usize>>,
    review: Var<Review>,
    /// From the address (`&analyse=N`): search and review to this depth; 0 for none.
    depth: u8,
}

/// A review of the main line.
#[derive(Clone, Debug, Default, PartialEq)]
struct Review {
    /// The main line reviewed (its rows mean nothing for another).
    moves: Vec<Move>,
    rows: Vec<Row>,
    running: bool,
}

impl Review {
    /// Positions to review: the moves and the last position.
    fn total(&self) -> usize {
        self.moves.len() + 1
    }

    /// Whether its rows say something of this main line (they are of it, and there are some).
    fn of_mainline(&self, mainline: &[Move]) -> bool {
        !self.rows.is_empty() && self.moves == mainline
    }
}

/// The workers: the live search's, the review's.
#[derive(Default)]
struct Workers {
    live: Option<Slot>,
    review: Option<Slot>,
    next_id: u32,
    /// The live search's job: its number, the node searched and the message that asks it.
    job: Option<(f64, NodeId, Array)>,
    /// What the live search was last asked for: the node, its position's key, on, editing.
    asked: Option<(NodeId, u64, bool, bool)>,
    /// When it was asked (`Date.now()`).
    asked_at: f64,
    /// A hand-over to the workers is due (`hand_over`).
    flushing: bool,
}

thread_local! {
    static SESSION: RefCell<Option<Session>> = const { RefCell::new(None) };
    static WORKERS: RefCell<Workers> = RefCell::new(Workers::default());
}

fn session() -> Option<Session> {
    SESSION.with(|s| *s.borrow())
}

/// Turns the analysis on or off (the toolbar's button, its key, a permalink's `&analyse`).
pub fn toggle(viewer: Viewer, layout: Memo<Layout>, board: NodeRef<leptos::svg::Svg>) {
    let s = session().unwrap_or_else(|| {
        let s = start(viewer, layout, board);
        SESSION.with(|x| *x.borrow_mut() = Some(s));
        s
    });
    let on = !s.on.get_untracked();
    s.on.set(on);
    if !on {
        stop_all(s);
        s.review.update(|r| r.running = false);
    }
    if let Some(b) = by_id("analyse") {
        dom::set_attr(&b, "aria-pressed", Some(if on { "true" } else { "false" }));
    }
    for id in ["analysis", "eval-bar"] {
        if let Some(el) = by_id(id) {
            dom::set_flag(&el, "hidden", !on);
        }
    }
    address_option(on.then_some(s.depth));
}

/// The depth asked by the address, `&analyse=N` (0: none).
fn depth_in_address() -> u8 {
    depth_of(&services::location_hash().unwrap_or_default())
}

/// The depth an address's fragment asks for: `&analyse=N`, at most 40; 0 for none or for
/// anything else.
fn depth_of(hash: &str) -> u8 {
    hash.split('&')
        .find_map(|o| o.strip_prefix("analyse="))
        .and_then(|d| d.parse::<u8>().ok())
        .map_or(0, |d| d.min(40))
}

/// Writes `&analyse` (with its depth) into the address, or takes it out: the address
/// keeps its options from move to move (`game::share_url`), so a link copied or the page
/// reloaded opens with the analysis as it is.
fn address_option(on: Option<u8>) {
    let Some(href) = services::location_href() else {
        return;
    };
    let (base, hash) = href.split_once('#').unwrap_or((&href, ""));
    let mut parts: Vec<&str> = hash
        .split('&')
        .filter(|p| *p != "analyse" && !p.starts_with("analyse="))
        .collect();
    let option = match on {
        Some(0) => "analyse".to_string(),
        Some(d) => format!("analyse={d}"),
        None => String::new(),
    };
    if !option.is_empty() {
        parts.push(&option);
    }
    services::replace_address(&format!("{base}#{}", parts.join("&")));
}

/// The notation's rows marked by a review ([`mark_rows`]).
struct Marks {
    /// What they were marked from: whether the review was of the main line, its rows.
    from: (bool, Vec<Row>),
    rows: Vec<web_sys::Element>,
}

thread_local! {
    /// What the review's graph was last drawn from: valid, positions, rows.
    static GRAPH: RefCell<Option<(bool, usize, Vec<Row>)>> = const { RefCell::new(None) };
    /// The notation's rows last marked, once every row judged was there to mark.
    static MARKED: RefCell<Option<Marks>> = const { RefCell::new(None) };
    /// The markup last written into each part (by name): rewritten only when it changes, so
    /// that a button under the pointer is not replaced by its twin at every depth.
    static WRITTEN: RefCell<Vec<(&'static str, String)>> = const { RefCell::new(Vec::new()) };
}

/// Writes markup into an element unless it already holds it.
fn set_markup(part: &'static str, el: &web_sys::Element, markup: String) {
    WRITTEN.with(|w| {
        let mut w = w.borrow_mut();
        match w.iter_mut().find(|(p, _)| *p == part) {
            Some((_, old)) if *old == markup => {}
            Some((_, old)) => {
                el.set_inner_html(&markup);
                *old = markup;
            }
            None => {
                el.set_inner_html(&markup);
                w.push((part, markup));
            }
        }
    });
}

/// The page's element with an id.
fn by_id(id: &str) -> Option<web_sys::Element> {
    leptos::prelude::document()
        .query_selector(&format!("#{id}"))
        .ok()
        .flatten()
}

/// Stops the search and the review. The live worker stays unless it searches to a depth
/// (which it cannot leave): turned on again, the analysis starts without waiting for a
/// module to load.
fn stop_all(s: Session) {
    WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        halt_live(&mut w, s.depth);
        if let Some(review) = w.review.take() {
            review.stop();
        }
    });
}

/// Stops the live worker's search: a search in slices is told to halt, one to a depth is
/// stopped with its worker (a worker that has not started it takes the next job instead).
fn halt_live(w: &mut Workers, depth: u8) {
    match w.live.take() {
        Some(l) if depth > 0 && l.busy.get() => l.stop(),
        Some(l) => {
            l.post(&link::halt());
            w.live = Some(l);
        }
        None => {}
    }
}

/// Builds the panel, the bar and the board's layer, and the effects that keep them.
fn start(viewer: Viewer, layout: Memo<Layout>, board: NodeRef<leptos::svg::Svg>) -> Session {
    let s = Session {
        viewer,
        layout,
        board,
        on: Var::new(false),
        line: Var::new(None),
        done: Var::new(false),
        status: Var::new(String::new()),
        hover: Var::new(None),
        review: Var::new(Review::default()),
        depth: depth_in_address(),
    };
    if let Some(svg) = board.get_untracked() {
        let svg: web_sys::Element = svg.into();
        let _ = svg.insert_adjacent_html(
            "beforeend",
            r#"<g class="analysis-layer" pointer-events="none"></g>"#,
        );
        if let Some(frame) = svg.parent_element() {
            let _ = frame.insert_adjacent_html("afterbegin", EVAL_BAR);
            // At the end of the board's column: under the board, and under its step controls
            // (a phone keeps them next to the board).
            let stage = frame.closest("section").ok().flatten();
            if let Some(stage) = stage.and_then(|p| p.parent_element()) {
                let _ = stage.insert_adjacent_html("beforeend", PANEL);
            }
        }
    }
    if let Some(panel) = by_id("analysis") {
        listen(s, &panel);
    }
    // The notation's choices (its algebraic form, ASCII directions) write its rows again:
    // they are marked again once written (its effect runs before the next frame).
    if let Some(notation) = by_id("notation").and_then(|t| t.closest("section").ok().flatten()) {
        dom::listen(&notation, &["change"], move |_| {
            let review = s.review.get_untracked();
            let valid = s
                .viewer
                .study
                .game
                .with_untracked(|g| review.of_mainline(&g.tree().mainline()));
            services::next_frame(move || mark_rows(&review, valid));
        });
    }
    // The search follows the position chosen, and the parts show what it found: one effect
    // (each closure handed to the page's reactive code costs the first screen a stub).
    kit::watch(Box::new(move || {
        follow(s);
        show_line(s);
        show_on_board(s);
        show_review(s);
    }));
    s
}

const EVAL_BAR: &str = r#"<div id="eval-bar" class="eval-bar" aria-hidden="true"><div class="eval-bar-white"></div></div>"#;

const PANEL: &str = r#"<section id="analysis" class="analysis-panel" aria-label="Analysis"><div class="analysis-head"><p id="eval" class="eval" data-depth="0"><span class="eval-number">…</span> <span class="eval-depth"></span></p><button type="button" id="review" title="Judge every move of the main line">Review the game</button></div><p class="analysis-status" role="status"></p><ol id="best-line" class="best-line" aria-label="Best line"></ol><div class="review-progress" hidden><progress id="review-progress" max="1" value="0" aria-label="Review"></progress> <span class="count"></span> <button type="button" id="stop-review">Stop</button></div><div id="eval-graph" class="eval-graph" hidden></div><p class="review-summary" role="status"></p><button type="button" id="keep-review" hidden title="Mark the judged moves (?!, ?, ??) and write each evaluation into the comments, as [%eval …]">Keep in the study</button></section>"#;

/// Starts a worker for the analysis, its answers handed to [`answered`].
fn spawn(w: &mut Workers) -> Option<Slot> {
    w.next_id += 1;
    Slot::start(w.next_id, answered)
}

/// A new position (or the analysis turned on or off): the old search stops now ([`hand_over`])
/// and the new one starts once the board has rested on it. Nothing when nothing it depends
/// on changed.
fn follow(s: Session) {
    let on = s.on.get();
    let at = s.viewer.study.position.get();
    let editing = s.viewer.edit.with(Option::is_some);
    // A review under way has the engine to itself (a second search would halve its speed,
    // and on two cores leave the page none).
    let reviewing = s.review.with(|r| r.running);
    // The position by its key: an edit elsewhere in the game (a comment) makes a new
    // position object for the same position, which needs no new search.
    let asked = (at.node, at.pos.key(), on && !reviewing, editing);
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
    s.line.set(None);
    s.done.set(false);
    s.hover.set(None);
    s.status.set(String::new());
    let over = at.pos.state().is_over();
    if on && reviewing {
        s.status
            .set("The search waits while the game is reviewed.".into());
    }
    let job = (on && !reviewing && !editing && !over).then(|| {
        let limit = if s.depth > 0 { 0.0 } else { SEARCH_MS };
        let number = WORKERS.with(|w| {
            let mut w = w.borrow_mut();
            w.next_id += 1;
            f64::from(w.next_id)
        });
        let msg = link::job(
            "search",
            &transfer::encode(&at.pos),
            &[
                f64::from(s.depth),
                limit,
                number,
                if quick { SETTLE_MS } else { 0.0 },
            ],
        );
        (number, at.node, msg)
    });
    if on && over {
        s.status
            .set("The game is over: there is nothing to search.".into());
        s.done.set(true);
    }
    // The worker is given the job right after the step (the board drawn first).
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
            halt_live(&mut w, s.depth);
            return true;
        }
        // A search to a depth cannot be replaced: its worker is stopped.
        if s.depth > 0 && w.live.as_ref().is_some_and(|l| l.busy.get()) {
            if let Some(l) = w.live.take() {
                l.stop();
            }
        }
        post_job(&mut w)
    });
    if !posted {
        s.status
            .set("This build has no engine worker: the analysis cannot run.".into());
    }
}

/// Gives the live job to the live worker, started if there is none.
fn post_job(w: &mut Workers) -> bool {
    let Some((_, _, msg)) = w.job.clone() else {
        return true;
    };
    if w.live.is_none() {
        w.live = spawn(w);
    }
    let Some(live) = w.live.as_ref() else {
        return false;
    };
    live.post(&msg);
    true
}

/// A worker's answer (`link` hands them over).
fn answered(id: u32, msg: Array) {
    let Some(s) = session() else { return };
    let text = |i| msg.get(i).as_string().unwrap_or_default();
    let number = |i| msg.get(i).as_f64().unwrap_or(0.0);
    let win_in = |i| msg.get(i).as_f64().map(|n| n as i32);
    let (review_id, live_id, job) = WORKERS.with(|w| {
        let w = w.borrow();
        (
            w.review.as_ref().map(|r| r.id),
            w.live.as_ref().map(|l| l.id),
            w.job.as_ref().map(|(n, node, _)| (*n, *node)),
        )
    });
    // The live worker's answer about the live job (an answer carries its job's number last).
    let last = msg.length().saturating_sub(1);
    let live = job.filter(|(n, _)| live_id == Some(id) && msg.get(last).as_f64() == Some(*n));
    match text(0).as_str() {
        // A search to a depth that started before its worker got the next job: stopped, and
        // the job goes to another worker. (A search in slices reads the job next.)
        "started" if live_id == Some(id) && live.is_none() && s.depth > 0 => WORKERS.with(|w| {
            let mut w = w.borrow_mut();
            if let Some(l) = w.live.take() {
                l.stop();
            }
            if !post_job(&mut w) {
                s.status
                    .set("This build has no engine worker: the analysis cannot run.".into());
            }
        }),
        "line" => {
            let Some((_, node)) = live else { return };
            let moves = text(6)
                .split_whitespace()
                .map_while(transfer::read_move_code)
                .collect();
            s.line.set(Some((
                node,
                Line {
                    depth: number(1) as u8,
                    eval: number(2),
                    win_in: win_in(3),
                    nodes: number(4),
                    ms: number(5),
                    moves,
                    legal_moves: number(7) as usize,
                },
            )));
        }
        "searched" if live.is_some() => s.done.set(true),
        "row" if review_id == Some(id) => {
            let row = Row {
                ply: number(3) as usize,
                eval: number(4),
                win_in: win_in(6),
                judgement: Judgement::from_name(&text(7)),
                best: transfer::read_move_code(&text(8)),
            };
            s.review.update(|r| r.rows.push(row));
        }
        "reviewed" if review_id == Some(id) => {
            s.review.update(|r| r.running = false);
            stop_review_worker();
        }
        "analysis-error" => {
            if review_id == Some(id) {
                s.review.update(|r| r.running = false);
            }
            if live_id == Some(id) || review_id == Some(id) {
                s.status.set(format!("The analysis stopped: {}.", text(1)));
            }
        }
        _ => {}
    }
}

/// The evaluation, the bar and the best line.
fn show_line(s: Session) {
    let line = s.line.get();
    let done = s.done.get();
    let status = s.status.get();
    let at = s.viewer.study.position.get();
    let coordinates = s.viewer.study.game.with(|g| g.record.coordinates);
    let (Some(eval), Some(list), Some(bar), Some(said)) = (
        by_id("eval"),
        by_id("best-line"),
        by_id("eval-bar"),
        by_id("analysis").and_then(|p| dom::find(&p, ".analysis-status")),
    ) else {
        return;
    };
    dom::set_text(&said, &status);
    let line = line.filter(|(node, _)| *node == at.node).map(|(_, l)| l);
    dom::set_attr(
        &eval,
        "data-done",
        Some(if done { "true" } else { "false" }),
    );
    let ply = at.pos.moves().len();
    dom::set_attr(&eval, "data-ply", Some(&ply.to_string()));
    let Some(l) = line else {
        dom::set_attr(&eval, "data-depth", Some("0"));
        dom::set_attr(&eval, "data-eval", None);
        if let Some(n) = dom::find(&eval, ".eval-number") {
            dom::set_text(&n, if done { "–" } else { "…" });
        }
        if let Some(d) = dom::find(&eval, ".eval-depth") {
            dom::set_text(&d, if done { "" } else { "searching" });
        }
        set_markup("line", &list, String::new());
        return;
    };
    dom::set_attr(&eval, "data-depth", Some(&l.depth.to_string()));
    dom::set_attr(&eval, "data-eval", Some(&format!("{:.2}", l.eval)));
    dom::set_attr(
        &eval,
        "aria-label",
        Some(&view::eval_words(l.eval, l.win_in, l.depth)),
    );
    if let Some(n) = dom::find(&eval, ".eval-number") {
        dom::set_text(&n, &view::eval_text(l.eval, l.win_in));
    }
    if let Some(d) = dom::find(&eval, ".eval-depth") {
        let knps = if l.ms > 0.0 { l.nodes / l.ms } else { 0.0 };
        dom::set_text(
            &d,
            &format!(
                "depth {}{} · {:.0}k nodes/s",
                l.depth,
                if done { "" } else { "…" },
                knps
            ),
        );
    }
    if let Some(white) = dom::find(&bar, ".eval-bar-white") {
        let share = view::white_share(l.eval, l.win_in);
        dom::set_attr(
            &white,
            "style",
            Some(&format!("height:{:.1}%", share * 100.0)),
        );
    }
    let start = at.pos.initial();
    let played = at.pos.moves();
    let notated = notate_line(&start, &played, &l.moves, coordinates);
    set_markup("line", &list, view::line_markup(&notated, ply + 1));
}

/// The best move on the board, or the best line up to a hovered move.
fn show_on_board(s: Session) {
    let line = s.line.get();
    let hover = s.hover.get();
    let layout = s.layout.get();
    let at = s.viewer.study.position.get();
    let hidden = !s.on.get()
        || s.viewer.study.preview.with(Option::is_some)
        || s.viewer.edit.with(Option::is_some);
    let coordinates = s.viewer.study.game.with(|g| g.record.coordinates);
    let Some(layer) = s
        .board
        .get()
        .and_then(|svg| dom::find(&svg.into(), "g.analysis-layer"))
    else {
        return;
    };
    let markup = match line.filter(|(node, _)| *node == at.node && !hidden) {
        Some((_, l)) => match (hover, l.moves.first()) {
            (Some(k), _) => view::line_preview_markup(&at.pos, &l.moves, k, &layout),
            (None, Some(&best)) => {
                let start = at.pos.initial();
                let named = notate_line(&start, &at.pos.moves(), &[best], coordinates);
                named
                    .first()
                    .map(|n| view::best_move_markup(&at.pos, best, n, &layout))
                    .unwrap_or_default()
            }
            (None, None) => String::new(),
        },
        None => String::new(),
    };
    set_markup("board", &layer, markup);
}

/// Starts reviewing the main line (a review under way is replaced).
fn review(s: Session) {
    let (moves, bytes) = s.viewer.study.game.with_untracked(|g| {
        let tree = g.tree();
        let moves = tree.mainline();
        let last = tree.mainline_nodes().last().copied().unwrap_or(tree.root());
        let pos = tree.position_at(last).unwrap_or_else(|| tree.start());
        (moves, transfer::encode(&pos))
    });
    let started = WORKERS.with(|w| {
        let mut w = w.borrow_mut();
        if let Some(old) = w.review.take() {
            old.stop();
        }
        let slot = spawn(&mut w)?;
        slot.post(&link::job(
            "review",
            &bytes,
            &[f64::from(s.depth), REVIEW_MS],
        ));
        w.review = Some(slot);
        Some(())
    });
    if started.is_none() {
        s.status
            .set("This build has no engine worker: the review cannot run.".into());
        return;
    }
    s.review.set(Review {
        moves,
        rows: Vec::new(),
        running: true,
    });
}

fn stop_review_worker() {
    if let Some(r) = WORKERS.with(|w| w.borrow_mut().review.take()) {
        r.stop();
    }
}

fn stop_review(s: Session) {
    stop_review_worker();
    s.review.update(|r| r.running = false);
}

/// The review's progress, graph, summary and the judged rows of the notation.
fn show_review(s: Session) {
    let review = s.review.get();
    let (mainline, white_first) = s.viewer.study.game.with(|g| {
        let t = g.tree();
        (
            t.mainline(),
            t.start().to_move() == crate::engine::piece::Color::White,
        )
    });
    let shown = s.viewer.study.position.with(|a| a.pos.moves().len());
    let valid = review.of_mainline(&mainline);
    let (Some(panel), Some(graph)) = (by_id("analysis"), by_id("eval-graph")) else {
        return;
    };
    if let Some(p) = dom::find(&panel, ".review-progress") {
        dom::set_flag(&p, "hidden", !review.running);
        if let Some(bar) = dom::find(&p, "progress") {
            dom::set_attr(&bar, "max", Some(&review.total().to_string()));
            dom::set_attr(&bar, "value", Some(&review.rows.len().to_string()));
        }
        if let Some(c) = dom::find(&p, ".count") {
            dom::set_text(
                &c,
                &format!("{} of {} positions", review.rows.len(), review.total()),
            );
        }
    }
    dom::set_flag(&graph, "hidden", !valid);
    // The graph is drawn again when the review changes, not at each step (a thousand
    // points took a step 10 ms and more): a step only moves its line.
    let drawn = (valid, review.total(), review.rows.clone());
    if GRAPH.with(|g| g.borrow().as_ref() != Some(&drawn)) {
        let markup = if valid {
            view::graph_markup(&review.rows, review.total())
        } else {
            String::new()
        };
        set_markup("graph", &graph, markup);
        GRAPH.with(|g| *g.borrow_mut() = Some(drawn));
    }
    if let Some(line) = dom::find(&graph, ".graph-shown") {
        let x = view::graph_shown_x(review.total(), shown);
        dom::set_attr(&line, "x1", x.as_deref());
        dom::set_attr(&line, "x2", x.as_deref());
        dom::set_attr(&line, "visibility", x.is_none().then_some("hidden"));
    }
    if let Some(sum) = dom::find(&panel, ".review-summary") {
        let done = valid && !review.running;
        dom::set_text(
            &sum,
            &if done {
                view::summary(&review.rows, white_first)
            } else {
                String::new()
            },
        );
    }
    if let Some(keep) = dom::find(&panel, "#keep-review") {
        dom::set_flag(&keep, "hidden", !valid || review.running);
    }
    // The notation is drawn by its own effect: marked after it.
    services::next_frame(move || mark_rows(&review, valid));
}

/// `data-judgement` on the notation's main-line rows the review judged.
fn mark_rows(review: &Review, valid: bool) {
    let Some(table) = by_id("notation") else {
        return;
    };
    // Nothing to do at a step when the same review has marked every row it judges and the
    // notation has not written any of them again (a row written again is a new element,
    // without the marks): a thousand rows read at every step cost it milliseconds.
    let key = (valid, review.rows.clone());
    let same = MARKED.with(|m| {
        m.borrow()
            .as_ref()
            .is_some_and(|m| m.from == key && m.rows.iter().all(in_notation))
    });
    if same {
        return;
    }
    let judged = if valid {
        review.rows.iter().filter(|r| r.judged().is_some()).count()
    } else {
        0
    };
    let mut marked = Vec::with_capacity(judged);
    // Each ply's judgement (the rows come in order, but a review may have gaps).
    let mut by_ply = vec![None; review.total() + 1];
    for r in &review.rows {
        if let Some(j) = by_ply.get_mut(r.ply) {
            *j = r.judged();
        }
    }
    let rows = table.get_elements_by_tag_name("tr");
    for i in 0..rows.length() {
        let Some(tr) = rows.item(i) else { continue };
        if tr.has_attribute("data-variation") {
            continue;
        }
        let ply: Option<usize> = tr.get_attribute("data-ply").and_then(|p| p.parse().ok());
        let judged = ply
            .filter(|_| valid)
            .and_then(|p| by_ply.get(p).copied().flatten());
        if judged.is_some() {
            marked.push(tr.clone());
        }
        dom::set_attr(&tr, "data-judgement", judged.map(|j| j.name()));
        dom::set_attr(
            &tr,
            "title",
            judged
                .map(|j| format!("{} ({})", j.name(), view::mark(j)))
                .as_deref(),
        );
    }
    // Rows not written yet (a long game's are written a part at a time) are marked later.
    let complete = marked.len() == judged;
    MARKED.with(|m| {
        *m.borrow_mut() = complete.then_some(Marks {
            from: key,
            rows: marked,
        })
    });
}

/// Whether a row is still in the notation's table (not one it has written again).
fn in_notation(row: &web_sys::Element) -> bool {
    row.closest("#notation").ok().flatten().is_some()
}

/// Keeps the review in the study: the judged moves annotated (where they have no
/// annotation yet) and every move's evaluation after it in its comment, `[%eval 0.35]`, as
/// chess tools write it (replacing one written before). One change, undone as one.
fn keep(s: Session) {
    let review = s.review.get_untracked();
    let changed = s
        .viewer
        .study
        .edit_at(s.viewer.study.node_untracked(), |t, n| {
            let nodes = t.mainline_nodes();
            for (i, &node) in nodes.iter().enumerate() {
                let Some(row) = review.rows.iter().find(|r| r.ply == i + 1) else {
                    continue;
                };
                if t.annotation(node).is_none() {
                    if let Some(a) = row
                        .judged()
                        .and_then(|j| Annotation::from_symbol(view::mark(j)))
                    {
                        t.set_annotation(node, Some(a))?;
                    }
                }
                // The evaluation of the position the move left: the next row's.
                let after = review.rows.iter().find(|r| r.ply == i + 2);
                let Some(after) = after else { continue };
                let eval = match after.win_in {
                    Some(w) if w > 0 => format!("#{w}"),
                    Some(w) => format!("#-{}", -w),
                    None => format!("{:.2}", after.eval),
                };
                let old = t.comment(node).unwrap_or_default();
                let kept = without_eval(old);
                let comment = format!("{kept} [%eval {eval}]");
                t.set_comment(node, Some(comment.trim()))?;
            }
            Ok(n)
        });
    if let Err(e) = changed {
        s.status.set(format!("The review could not be kept: {e}."));
    }
}

/// A comment without its `[%eval …]` command.
fn without_eval(comment: &str) -> String {
    match comment.find("[%eval") {
        Some(i) => {
            let rest = &comment[i..];
            let end = rest.find(']').map_or(rest.len(), |e| e + 1);
            format!("{} {}", comment[..i].trim_end(), rest[end..].trim_start())
                .trim()
                .to_string()
        }
        None => comment.trim().to_string(),
    }
}

/// Plays the best line up to its `k`th move (0-based) into the study, from the node it was
/// searched at (a variation, or the moves already there).
fn play_line(s: Session, k: usize) {
    let Some((node, line)) = s.line.get_untracked() else {
        return;
    };
    if node != s.viewer.study.node_untracked() {
        return;
    }
    let moves: Vec<Move> = line.moves.iter().take(k + 1).copied().collect();
    let played = s.viewer.study.edit_at(node, |t, n| {
        let mut at = n;
        for &m in &moves {
            at = t.add_move(at, m)?;
        }
        Ok(at)
    });
    if let Err(e) = played {
        s.status.set(format!("The line could not be played: {e}."));
    }
}

/// The panel's clicks, and the best line's hover and focus.
fn listen(s: Session, panel: &web_sys::Element) {
    dom::listen(
        panel,
        &["click", "mouseover", "mouseout", "focusin", "focusout"],
        move |e| {
            let kind = e.type_();
            let target = dom::event_closest(&e, "button, [data-ply]");
            let id = target.as_ref().map(|t| t.id()).unwrap_or_default();
            let move_index = target
                .as_ref()
                .and_then(|t| t.get_attribute("data-move"))
                .and_then(|m| m.parse::<usize>().ok());
            match kind.as_str() {
                "mouseover" | "focusin" => s.hover.set(move_index),
                "mouseout" | "focusout" => {
                    // Leaving a move's button for one of its own parts is no leaving.
                    let into = e
                        .dyn_ref::<web_sys::MouseEvent>()
                        .and_then(|m| m.related_target())
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                        .and_then(|t| t.closest("[data-move]").ok().flatten());
                    if into.is_none() || into != target {
                        s.hover.set(None);
                    }
                }
                _ => match (id.as_str(), move_index) {
                    (_, Some(k)) => play_line(s, k),
                    ("review", _) => review(s),
                    ("stop-review", _) => stop_review(s),
                    ("keep-review", _) => keep(s),
                    _ => {
                        let ply = target
                            .and_then(|t| t.get_attribute("data-ply"))
                            .and_then(|p| p.parse::<usize>().ok());
                        if let Some(p) = ply {
                            go_to_main_line(s, p);
                        }
                    }
                },
            }
        },
    );
}

/// Shows the main line's position after `ply` moves.
fn go_to_main_line(s: Session, ply: usize) {
    let node = s
        .viewer
        .study
        .game
        .with_untracked(|g| g.main_line().node_at(ply));
    s.viewer.study.go_to(node);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_asks_for_a_depth() {
        assert_eq!(depth_of("#AgAB&analyse=6"), 6);
        assert_eq!(depth_of("#AgAB&analyse"), 0);
        assert_eq!(depth_of("#AgAB"), 0);
        assert_eq!(depth_of("#AgAB&analyse=x"), 0);
        assert_eq!(depth_of("#AgAB&analyse=-3"), 0);
        assert_eq!(depth_of("#&analyse=255"), 40);
        assert_eq!(depth_of("#&analyse=300"), 0);
    }

    #[test]
    fn an_evaluation_kept_replaces_the_one_before() {
        assert_eq!(without_eval("Nice [%eval 0.35] move"), "Nice move");
        assert_eq!(without_eval("[%eval #3]"), "");
        assert_eq!(without_eval("[%cal Gm0n1] words"), "[%cal Gm0n1] words");
        assert_eq!(without_eval("open [%eval 1"), "open");
    }

    #[test]
    fn the_worker_gets_the_whole_line() {
        let game = crate::app::game::Game::example();
        let node = game.main_line().node_at(12);
        let pos = game.tree().position_at(node).unwrap();
        let back = transfer::decode(&transfer::encode(&pos)).unwrap();
        assert_eq!(back.moves(), pos.moves());
        assert_eq!(back.key(), pos.key());
    }
}
