//! A game's clocks on the page, by code loaded on first use: the board's watch asks for it
//! (`BoardWork::Clocks`) at each step of a game whose record has times, and once more when a
//! game without them replaces one.
//!
//! - The time graph (`#time-graph`, drawn by `view::time_graph`) at the end of the board's
//!   column, under the evaluation graph when the analysis shows one: both players' clocks
//!   along the main line, the move shown marked, a click on a point going to its move.
//! - A game lost on time says so under its last move's row (`data-timeout`, which the style
//!   sheet writes out) and in the graph's caption, with both clocks.
//!
//! The rows carry each move's time left themselves (`move_list::rows`, `data-clock`).

use std::cell::Cell;
use std::sync::Arc;

use wasm_bindgen::JsCast;

use crate::app::kit::dom;
use crate::app::model::keys::Step;
use crate::app::model::viewer::Viewer;
use crate::view::time_graph::{self, Measure};

thread_local! {
    /// The record whose graph is drawn (its address) and its number of moves.
    static DRAWN: Cell<Option<(usize, usize)>> = const { Cell::new(None) };
}

/// Draws the clocks of the game shown, or takes them away when it has none.
pub(crate) fn show(viewer: Viewer) {
    let page = leptos::prelude::document();
    let key = viewer
        .study
        .game
        .with_untracked(|g| Arc::as_ptr(&g.record) as usize);
    let section = page.get_element_by_id("time-graph");
    let total = match DRAWN.get() {
        Some((k, total)) if k == key && section.is_some() => total,
        _ => {
            let drawn = viewer.study.game.with_untracked(|g| {
                let times = g.record.times();
                let svg = time_graph::markup(&times)?;
                let what = match time_graph::measure(&times) {
                    Some(Measure::Used) => "Clocks: the time each move took",
                    _ => "Clocks: each player's time left after each move",
                };
                let timeout = g.record.timeout().map(|t| t.sentence());
                Some((svg, what, timeout, times.len()))
            });
            let Some((svg, what, timeout, total)) = drawn else {
                if let Some(s) = section {
                    s.remove();
                }
                DRAWN.set(None);
                return;
            };
            let Some(section) = section.or_else(|| create(viewer)) else {
                return;
            };
            let mut caption = String::from(r#"<p class="time-caption">"#);
            caption.push_str(what);
            if let Some(t) = &timeout {
                caption.push_str(r#". <strong class="time-out">"#);
                crate::view::svg::push_escaped(&mut caption, t);
                caption.push_str("</strong>");
            }
            caption.push_str("</p>");
            section.set_inner_html(&[caption, svg].concat());
            dom::set_attr(&section, "data-timeout", timeout.as_deref());
            DRAWN.set(Some((key, total)));
            total
        }
    };
    let Some(section) = page.get_element_by_id("time-graph") else {
        return;
    };
    // Last in the board's column: under the analysis's panel, which comes later.
    if let Some(stage) = section.parent_element() {
        if stage.last_element_child().as_ref() != Some(&section) {
            let _ = stage.append_child(&section);
        }
    }
    // The move shown, if it is on the main line.
    let node = viewer.study.node_untracked();
    let ply = viewer.study.game.with_untracked(|g| {
        g.tree()
            .mainline_nodes()
            .iter()
            .position(|&n| n == node)
            .map(|i| i + 1)
    });
    if let Some(line) = dom::find(&section, ".time-shown") {
        match ply {
            Some(p) => {
                let x = crate::view::svg::num(time_graph::x_of(p, total));
                dom::set_attr(&line, "x1", Some(&x));
                dom::set_attr(&line, "x2", Some(&x));
                dom::set_attr(&line, "visibility", None);
            }
            None => dom::set_attr(&line, "visibility", Some("hidden")),
        }
    }
    // The timeout under the last move's row (the rows are written again with the game, so
    // this is set again at each ask).
    if let Some(sentence) = section.get_attribute("data-timeout") {
        let selector = format!(r#"#notation tr[data-ply="{total}"]"#);
        if let Ok(Some(row)) = page.query_selector(&selector) {
            dom::set_attr(&row, "data-timeout", Some(&sentence));
        }
    }
}

/// The graph's section at the end of the board's column, a click on a point going to its
/// move.
fn create(viewer: Viewer) -> Option<web_sys::Element> {
    let page = leptos::prelude::document();
    let stage = page.query_selector(".stage").ok()??;
    let section = page.create_element("section").ok()?;
    let _ = section.set_attribute("id", "time-graph");
    let _ = section.set_attribute("class", "time-graph");
    let _ = section.set_attribute("aria-label", "Clocks");
    dom::listen(&section, &["click"], move |e| {
        let ply = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .and_then(|t| t.closest("[data-ply]").ok().flatten())
            .and_then(|p| p.get_attribute("data-ply")?.parse::<usize>().ok());
        if let Some(p) = ply {
            viewer.step(Step::To(p));
        }
    });
    let _ = stage.append_child(&section);
    Some(section)
}
