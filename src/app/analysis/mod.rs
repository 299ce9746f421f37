//! The analysis on the study board (docs/ANALYSIS.md, "In the browser"): the engine's
//! evaluation, best line and best move for the position on the board, deeper and deeper,
//! and a review of the whole game with its graph and each move judged.
//!
//! All of it is code loaded on first use: the first screen has only the toolbar's
//! *Analyse* button (and its key, `A`), which asks the board's entry point
//! (`board::drawing_tool::BoardWork::Analyse`); [`toggle`] then builds the panel and the bar
//! ([`panel`]), the board's layer ([`board_layer`]) and the review's parts ([`review`]),
//! each bound to the [`Session`]'s state. The engine runs in workers of its own
//! ([`engine_link`]): a new position replaces the old search in the live worker, which reads
//! it between two slices of its search; a search to a depth (`&analyse=N`, [`address`]) runs
//! in one go from scratch, so that its answer is the command line's (`beeline analyse
//! --depth N`), and is stopped by stopping its worker. A review's judgements go to the
//! study (`Study::judgements`), whose notation marks their rows.
//!
//! Hooks: `#analyse` (`aria-pressed`), `#eval` (`data-eval` in points from White's side,
//! `data-depth`, `data-ply`, `data-done` once the search has stopped), `#engine-lines`
//! with a `[data-line]` per line (its rank from 1, `data-eval`, `data-depth`) holding its
//! moves as `[data-move]` with `.standard`, `.direction`, `.algebraic` (the first line's
//! list is `#best-line`), `#engine-line-count`, `svg#board [data-best-move][data-rank]`,
//! `#keep-searching` (`aria-pressed`), `#threat` (`aria-pressed`), `#threat-line [data-move]`, `svg#board
//! [data-threat-move]`, `#practice` (`aria-expanded`) with `#practice-level`,
//! `#practice-colour`, `#practice-start`, `#practice-takeback`, `#practice-status` (and
//! `data-seed` on `#practice-panel` while a game goes on), `#learn` after a review (with
//! `#learn-player`, `#learn-start`, `#learn-status` and its `data-verdict`,
//! `#learn-solution`, `#learn-skip`), `#review`, `#stop-review`, `#review-progress`, `#eval-graph
//! [data-ply]`, `#keep-review`, `tr[data-judgement]` in the notation.

mod address;
mod arrows;
mod board_layer;
mod elements;
mod engine_link;
mod learning_panel;
mod mistakes;
mod panel;
mod practice;
mod practice_panel;
mod review;
mod review_state;
mod session;
pub mod view;

use crate::app::kit::{self, dom, services, Memo, Var};
use crate::app::model::viewer::Viewer;
use crate::view::Layout;
use leptos::prelude::NodeRef;
use review_state::ReviewState;
use session::{session, Session, SESSION};

/// Turns the analysis on or off (the toolbar's button, its key, a permalink's `&analyse`).
pub fn toggle(viewer: Viewer, layout: Memo<Layout>, board: NodeRef<leptos::svg::Svg>) {
    let s = session().unwrap_or_else(|| {
        let s = start(viewer, layout, board);
        SESSION.with(|x| x.set(Some(s)));
        s
    });
    let on = !s.on.get_untracked();
    s.on.set(on);
    if !on {
        engine_link::stop_all(s.depth.get_untracked());
        s.review.update(|r| r.running = false);
        s.practice.set(None);
        s.learn.set(None);
    }
    let page = leptos::prelude::document();
    if let Ok(Some(b)) = page.query_selector("#analyse") {
        dom::set_attr(&b, "aria-pressed", Some(if on { "true" } else { "false" }));
    }
    for id in ["#analysis", "#eval-bar"] {
        if let Ok(Some(el)) = page.query_selector(id) {
            dom::set_flag(&el, "hidden", !on);
        }
    }
    address::set_option(on.then_some(s.depth.get_untracked()));
}

/// A link followed in the open page (typed into the address bar, back or forward): the
/// analysis takes the depth the link asks for (none without `&analyse=N`), as opening it
/// would, and is turned on if the link asks for it. A link that does not ask leaves it on or
/// off as the player has it, and the address then says which. Without this, a search and a
/// review would go on at the depth of the page's first link while the address shows another.
fn follow_link(s: Session) {
    let hash = services::location_hash().unwrap_or_default();
    let depth = address::depth_of(&hash);
    if depth != s.depth.get_untracked() {
        // A search or a review to the old depth cannot take the new one: their workers end
        // (the search starts again at the new depth, the review when asked).
        engine_link::end_all();
        if s.review.with_untracked(|r| r.running) {
            review::stop(s);
        }
        s.depth.set(depth);
    }
    let on = s.on.get_untracked();
    if address::asks_analysis(&hash) && !on {
        toggle(s.viewer, s.layout, s.board);
    } else {
        address::set_option(on.then_some(depth));
    }
}

/// Builds the panel, the bar and the board's layer, and binds them to a new session.
fn start(viewer: Viewer, layout: Memo<Layout>, board: NodeRef<leptos::svg::Svg>) -> Session {
    let s = Session {
        viewer,
        layout,
        board,
        on: Var::new(false),
        lines: Var::new(None),
        line_count: Var::new(1),
        threat: Var::new(false),
        endless: Var::new(false),
        done: Var::new(false),
        status: Var::new(String::new()),
        hover: Var::new(None),
        review: Var::new(ReviewState::default()),
        practice: Var::new(None),
        practice_open: Var::new(false),
        learn: Var::new(None),
        learn_open: Var::new(false),
        depth: Var::new(address::depth_in_address()),
    };
    let page: web_sys::EventTarget = leptos::prelude::window().into();
    dom::listen(&page, &["hashchange"], move |_| follow_link(s));
    if let Some(panel) = panel::build(s) {
        review::bind(s, &panel);
    }
    board_layer::bind(s);
    // The search follows the position chosen; the notation follows the review.
    kit::watch(Box::new(move || {
        engine_link::follow(s);
        review::publish_judgements(s);
        learning_panel::judge_try(s);
    }));
    // Another game shown (a record pasted, a link, a puzzle): a review of the one before
    // ends, or it would keep the engine from the new game for rows that cannot be shown;
    // so does learning from its mistakes, whose positions are the game before's.
    let loads = std::cell::Cell::new(viewer.study.loads.get_untracked());
    kit::watch(Box::new(move || {
        let now = s.viewer.study.loads.get();
        if loads.replace(now) == now {
            return;
        }
        if s.review.with_untracked(|r| r.running) {
            review::stop(s);
        }
        if s.learn.with_untracked(Option::is_some) {
            s.learn.set(None);
        }
    }));
    s
}

#[cfg(test)]
mod tests {
    use crate::engine::transfer;

    #[test]
    fn the_worker_gets_the_whole_line() {
        let game = crate::app::model::game::NotatedGame::example();
        let node = game.main_line().node_at(12);
        let pos = game.tree().position_at(node).unwrap();
        let back = transfer::decode(&transfer::encode(&pos)).unwrap();
        assert_eq!(back.moves(), pos.moves());
        assert_eq!(back.key(), pos.key());
    }
}
