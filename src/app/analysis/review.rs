//! The review of the main line: every move judged in the background, its progress, the
//! evaluation graph (a click goes to a position), each player's summary, the judgements the
//! notation marks, and *Keep in the study* (`record::review_notes`).

use super::elements::AnalysisControl;
use super::review_state::ReviewState;
use super::session::Session;
use super::{engine_link, view};
use crate::app::kit::{self, controls, dom, Sink};
use crate::engine::piece::Color;
use crate::engine::transfer;
use crate::record::review_notes::{keep_review, ReviewNote};
use crate::search::game_review::Judgement;
use std::sync::Arc;

/// What the summary says of a review whose worker was ended.
const STOPPED: &str = "The review stopped: the browser ended its engine (out of memory, or an error). The rows reviewed so far are kept; Review starts it again.";

/// Starts reviewing the main line (a review under way is replaced).
pub(super) fn start(s: Session) {
    let (moves, bytes, over) = s.viewer.study.game.with_untracked(|g| {
        let tree = g.tree();
        let moves = tree.mainline();
        let last = tree.mainline_end();
        let pos = tree.position_at(last).unwrap_or_else(|| tree.start());
        (moves, transfer::encode(&pos), pos.state().is_over())
    });
    // No move and no position to search: a review would end with nothing to show.
    if moves.is_empty() && over {
        s.status
            .set("There is nothing to review: the game is over before any move.".into());
        return;
    }
    if !engine_link::start_review(bytes, s.depth.get_untracked()) {
        s.status
            .set("This build has no engine worker: the review cannot run.".into());
        return;
    }
    static REVIEWS: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    s.review.set(ReviewState {
        moves,
        running: true,
        id: REVIEWS.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1,
        ..ReviewState::default()
    });
}

pub(super) fn stop(s: Session) {
    engine_link::stop_review();
    s.review.update(|r| r.running = false);
}

/// Keeps the review in the study: one change, undone as one.
pub(super) fn keep(s: Session) {
    let notes: Vec<ReviewNote> = s.review.with_untracked(|r| {
        r.rows
            .iter()
            .map(|row| ReviewNote {
                ply: row.ply as usize,
                mark: view::judged(row).and_then(Judgement::mark),
                eval: row.eval,
                win_in: row.win_in,
            })
            .collect()
    });
    let node = s.viewer.study.node_untracked();
    let kept = s.viewer.study.edit_at(node, |t, n| {
        keep_review(t, &notes)?;
        Ok(n)
    });
    if let Err(e) = kept {
        s.status.set(format!("The review could not be kept: {e}."));
    }
}

/// Hands the notation the judgements of a review of its main line (none for another line).
pub(super) fn publish_judgements(s: Session) {
    let judged = s.review.with(|r| {
        let valid = s
            .viewer
            .study
            .game
            .with(|g| r.of_mainline(&g.tree().mainline()));
        if valid {
            r.judgements()
        } else {
            Vec::new()
        }
    });
    if s.viewer.study.judgements.with_untracked(|j| **j != judged) {
        s.viewer.study.judgements.set(Arc::new(judged));
    }
}

/// The review's progress, graph (and its line on the position shown), summary and *Keep*
/// button, kept as the review and the position change.
pub(super) fn bind(s: Session, panel: &web_sys::Element) {
    let find = |selector: &str| dom::find(panel, selector);
    let (Some(progress), Some(bar), Some(count), Some(graph)) = (
        find(".review-progress"),
        controls::element(panel, AnalysisControl::ReviewProgress),
        find(".review-progress .count"),
        controls::element(panel, AnalysisControl::Graph),
    ) else {
        return;
    };
    let (Some(back), Some(curve), Some(points), Some(shown)) = (
        find(".graph-back"),
        find(".graph-curve"),
        find(".graph-points"),
        find(".graph-shown"),
    ) else {
        return;
    };
    let (Some(summary), Some(keep)) = (
        find(".review-summary"),
        controls::element(panel, AnalysisControl::KeepReview),
    ) else {
        return;
    };
    let parts = vec![
        (progress, Sink::Attr("hidden")),
        (bar.clone(), Sink::Attr("max")),
        (bar, Sink::Attr("value")),
        (count, Sink::Text),
        (graph, Sink::Attr("hidden")),
        (summary, Sink::Text),
        (keep, Sink::Attr("hidden")),
    ];
    // Whether the review's rows are of the main line shown (the parts and the graph both ask).
    let valid = kit::memo(Box::new(move |_| {
        let mainline = s.viewer.study.game.with(|g| g.tree().mainline());
        s.review.with(|r| r.of_mainline(&mainline))
    }));
    // What changes with the review and the game, not at a step.
    kit::bind_parts(
        parts,
        Box::new(move || {
            let valid = valid.get();
            let white_first = s
                .viewer
                .study
                .game
                .with(|g| g.tree().start().to_move() == Color::White);
            s.review.with(|r| {
                let flag = |hidden: bool| hidden.then(String::new);
                let done = valid && !r.running;
                vec![
                    flag(!r.running),
                    Some(r.total().to_string()),
                    Some(r.rows.len().to_string()),
                    Some(format!("{} of {} positions", r.rows.len(), r.total())),
                    flag(!valid),
                    Some(if r.stopped {
                        STOPPED.to_string()
                    } else if done {
                        view::summary(&r.rows, white_first)
                    } else {
                        String::new()
                    }),
                    flag(!valid || r.running),
                ]
            })
        }),
    );
    // The graph's groups: what a row adds is added to what is drawn, so that a row costs as
    // much at the end of a long game as at its start; a new review, or the rows no longer
    // of the main line, draw them again.
    let groups = [back, curve, points];
    let drawn = std::cell::Cell::new((0u32, [0usize; 3]));
    kit::watch(Box::new(move || {
        let valid = valid.get();
        s.review.with(|r| {
            let id = if valid { r.id } else { 0 };
            let (was, lens) = drawn.get();
            let again = id != was || r.graph.iter().zip(lens).any(|(p, l)| p.len() < l);
            for ((g, part), len) in groups.iter().zip(&r.graph).zip(lens) {
                let part = if id == 0 { "" } else { part.as_str() };
                if again {
                    g.set_inner_html(part);
                } else if let Some(new) = part.get(len..).filter(|n| !n.is_empty()) {
                    let _ = g.insert_adjacent_html("beforeend", new);
                }
            }
            let lens = r
                .graph
                .each_ref()
                .map(|p| if id == 0 { 0 } else { p.len() });
            drawn.set((id, lens));
        })
    }));
    // A step only moves the graph's line (a thousand points' markup is not read again).
    let line = vec![
        (shown.clone(), Sink::Attr("x1")),
        (shown.clone(), Sink::Attr("x2")),
        (shown, Sink::Attr("visibility")),
    ];
    kit::bind_parts(
        line,
        Box::new(move || {
            let shown = s.viewer.study.position.with(|a| a.pos.moves().len());
            let x = s.review.with(|r| view::graph_shown_x(r.total(), shown));
            let hidden = x.is_none().then(|| "hidden".to_string());
            vec![x.clone(), x, hidden]
        }),
    );
}
