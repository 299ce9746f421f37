//! The moves in three notations, one row each, with variations indented under the move they
//! replace and comments under their move; the current move is marked and kept in view, a
//! click jumps to it and hovering previews it on the board.
//!
//! Long studies have hundreds of rows, so each row is markup (written by [`item_markup`]):
//! when the game changes, only the rows that changed are replaced ([`changed_rows`]), and a
//! new game's rows are parsed by the browser in table bodies of [`CHUNK`] rows that it skips
//! while they are out of view: the first [`FIRST_ROWS`] at once, the rest in the next task. The rows share listeners on the
//! table, and one effect writes them and marks the current row.

use super::rows::{item_markup, mark_row, panel_items, PanelItem};
use crate::app::kit::{self, controls, dom, services, Markup, Memo, Sink};
use crate::app::kit::{Stored, Var};
use crate::app::model::labels;
use crate::app::model::viewer::Viewer;
use crate::notation::algebraic::Form;
use crate::notation::direction::Style;
use crate::record::tree::NodeId;
use crate::search::game_review::Judgement;
use leptos::html;
use leptos::prelude::*;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::time::Duration;
use wasm_bindgen::JsCast;

#[component]
pub fn NotationPanel(viewer: Viewer) -> impl IntoView {
    let form = Var::new(Form::default());
    let style = Var::new(Style::default());

    let items = kit::memo(Box::new(move |_| {
        let (style, form) = (style.get(), form.get());
        viewer.study.game.with(|g| panel_items(g, style, form))
    }));

    // The rows as one piece of markup: the browser parses hundreds of rows far faster than
    // they can be built one by one, and rows out of view skip layout (see the style sheet).
    let markup = kit::memo(Box::new(move |_| {
        items.with(|v| Arc::new(v.iter().map(item_markup).collect::<Vec<_>>()))
    }));
    let root = NodeRef::<html::Section>::new();

    // The node of the row an event happened in.
    let node_of =
        move |e: &web_sys::Event| row_node(viewer, &dom::event_closest(e, "tr[data-node]")?);
    // Where the pointer last was: Chromium sends a mousemove at the same place when the table
    // scrolls under a still pointer (as after a key step), which must not start a preview.
    let pointer = Stored::new((i32::MIN, i32::MIN));
    // Clicks so far: a preview that was waiting when a row was chosen is dropped.
    let clicks = Stored::new(0u32);

    // The panel is static markup (see `controls` for why); once it is on the page, its
    // elements are found, bound and listened to.
    kit::on_mount(
        root,
        Box::new(move |root| {
            let table = controls::element(&root, NotationControl::Table)
                .and_then(|t| t.dyn_into::<web_sys::HtmlTableElement>().ok());
            let scroller = dom::find(&root, ".notation-scroll")
                .and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok());
            let (Some(table), Some(scroller)) = (table, scroller) else {
                return;
            };

            keep_rows(viewer, items, markup, &table, &scroller);
            if let Some(p) = dom::find(&root, ".root-comment") {
                let comment = move || {
                    viewer
                        .study
                        .game
                        .with(|g| g.tree().comment_words(g.tree().root()))
                };
                kit::bind(p.clone(), Sink::Text, Box::new(comment));
                let none = move || {
                    let has = viewer
                        .study
                        .game
                        .with(|g| g.tree().comment_words(g.tree().root()).is_some());
                    (!has).then(String::new)
                };
                kit::bind(p, Sink::Attr("hidden"), Box::new(none));
            }
            if let Some(p) = dom::find(&root, ".empty") {
                let moves = move || {
                    viewer
                        .study
                        .game
                        .with(|g| !g.tree().is_empty())
                        .then(String::new)
                };
                kit::bind(p, Sink::Attr("hidden"), Box::new(moves));
            }

            // The notation choices.
            controls::listen(
                &root,
                &["change"],
                move |c: NotationControl, _, el| match c {
                    NotationControl::Form => {
                        form.set(Form::from_name(&dom::value_of(el)).unwrap_or_default())
                    }
                    NotationControl::Ascii => {
                        let checked = el
                            .dyn_ref::<web_sys::HtmlInputElement>()
                            .is_some_and(|i| i.checked());
                        style.set(if checked {
                            Style::Ascii
                        } else {
                            Style::Unicode
                        });
                    }
                    NotationControl::Table | NotationControl::Figurines => {}
                },
            );
            // Leaving also drops a preview still waiting for the pointer to rest.
            dom::listen(&scroller, &["mouseleave"], move |_| {
                pointer.set_value((i32::MIN, i32::MIN));
                viewer.study.preview.set(None)
            });
            // A click chooses a row; keyboard users reach a row with Tab and choose it with Enter
            // or Space; hovering previews it.
            dom::listen(&table, &["click", "keydown", "mousemove"], move |e| match e
                .type_()
                .as_str()
            {
                "click" => {
                    clicks.update_value(|c| *c = c.wrapping_add(1));
                    if let Some(n) = node_of(&e) {
                        viewer.study.go_to(n);
                    }
                }
                "keydown" => {
                    let activates = e
                        .dyn_ref::<web_sys::KeyboardEvent>()
                        .is_some_and(|k| matches!(k.key().as_str(), "Enter" | " "));
                    if activates {
                        if let Some(n) = node_of(&e) {
                            e.prevent_default();
                            viewer.study.go_to(n);
                        }
                    }
                }
                _ => {
                    let Some(m) = e.dyn_ref::<web_sys::MouseEvent>() else {
                        return;
                    };
                    let at = (m.client_x(), m.client_y());
                    if pointer.get_value() == at {
                        return;
                    }
                    pointer.set_value(at);
                    // The preview waits for the pointer to rest ([`PREVIEW_DELAY`]). The row
                    // is read when it lands: another game may have been written meanwhile,
                    // whose rows replaced this one (or kept it, as the same move).
                    let row = dom::event_closest(&e, "tr[data-node]");
                    let clicks_then = clicks.get_value();
                    services::after(PREVIEW_DELAY, move || {
                        let still = pointer.get_value() == at && clicks.get_value() == clicks_then;
                        let n = row
                            .as_ref()
                            .filter(|r| r.is_connected())
                            .and_then(|r| row_node(viewer, r));
                        if still && viewer.study.preview.get_untracked() != n {
                            viewer.study.preview.set(n);
                        }
                    });
                }
            });
        }),
    );

    view! { <section class="notation-panel" aria-label="Moves" node_ref=root inner_html=panel_markup()></section> }
}

/// The node of a row of the table, in the game shown now.
fn row_node(viewer: Viewer, row: &web_sys::Element) -> Option<NodeId> {
    let index = row.get_attribute("data-node")?.parse().ok()?;
    viewer
        .study
        .game
        .with_untracked(|g| g.tree().node_by_index(index))
}

crate::controls! {
    /// The notation choices and the table.
    enum NotationControl {
        Form = "algebraic-form",
        Ascii = "direction-ascii",
        Figurines = "figurines",
        Table = "notation",
    }
}

/// How long the pointer rests on a row before the board previews it: redrawing the board
/// as a tap or a quick click arrived made Chromium miss the press on a row at the window's
/// bottom edge (the click went to the panel below).
const PREVIEW_DELAY: Duration = Duration::from_millis(60);

/// Writes the rows when they change, marks the chosen move's row, and keeps it in view
/// inside the panel (never scrolling the page) just before the next paint, so that a step
/// does not force an extra layout.
fn keep_rows(
    viewer: Viewer,
    items: Memo<Vec<PanelItem>>,
    markup: Memo<Arc<Vec<String>>>,
    table: &web_sys::HtmlTableElement,
    scroller: &web_sys::HtmlElement,
) {
    let (table, scroller) = (table.clone(), scroller.clone());
    // The rows the table holds, as written (shared with `markup`, never copied).
    let shown = Stored::new(Arc::new(Vec::<String>::new()));
    // A new game's rows past the first screenfuls, written in the next task (see
    // `FIRST_ROWS`); whatever runs next writes them first.
    let pending = Rc::new(RefCell::new(None::<Arc<Vec<String>>>));
    let scroll = {
        let scroller = scroller.clone();
        services::Settle::next_frame(Box::new(move || scroll_to_current(&scroller)))
    };
    // The review's judgements the rows show, by ply.
    let marks = Stored::new(Arc::new(Vec::<Option<Judgement>>::new()));
    let flush = {
        let (table, pending) = (table.clone(), Rc::clone(&pending));
        move || {
            if let Some(rows) = pending.borrow_mut().take() {
                let rest = rows.get(FIRST_ROWS..).unwrap_or_default();
                let _ = table.insert_adjacent_html("beforeend", &chunked(rest));
                marks.with_value(|m| mark_rows(&table, &[], m, true));
            }
        }
    };
    kit::watch(Box::new(move || {
        let node = viewer.study.node();
        let judged = viewer.study.judgements.get();
        flush();
        let mut written = false;
        markup.with(|rows| {
            shown.update_value(|old| {
                if Arc::ptr_eq(old, rows) {
                    return;
                }
                written = true;
                let (front, removed, _) = changed_rows(old, rows);
                let whole = front == 0 && removed == old.len();
                let at = node.index().to_string();
                let current = items.with_untracked(|v| {
                    v.iter()
                        .position(|i| i.node.as_deref() == Some(at.as_str()))
                });
                if whole && rows.len() > FIRST_ROWS && current.is_some_and(|i| i < FIRST_ROWS) {
                    write_rows(&table, old, &rows[..FIRST_ROWS]);
                    *pending.borrow_mut() = Some(rows.clone());
                    let flush = flush.clone();
                    services::after(Duration::ZERO, flush);
                } else {
                    write_rows(&table, old, rows);
                }
                *old = rows.clone();
            })
        });
        // A review's new row touches only the rows whose mark changed; rows written again
        // get theirs again.
        marks.update_value(|m| {
            // (A step changes neither: nothing to compare.)
            if written || !Arc::ptr_eq(m, &judged) {
                mark_rows(&table, m, &judged, written);
                *m = judged;
            }
        });
        if let Ok(Some(old)) = table.query_selector("tr[aria-current]") {
            let _ = old.remove_attribute("aria-current");
        }
        let selector = format!("tr[data-node=\"{}\"]", node.index());
        if let Ok(Some(row)) = table.query_selector(&selector) {
            let _ = row.set_attribute("aria-current", "true");
        }
        scroll.schedule();
    }));
}

/// Sets the judgements `new` on the main line's rows whose mark differs from `old`, and on
/// every marked row when the rows were written again (`all`).
fn mark_rows(
    table: &web_sys::HtmlTableElement,
    old: &[Option<Judgement>],
    new: &[Option<Judgement>],
    all: bool,
) {
    for ply in 0..old.len().max(new.len()) {
        let (was, is) = (
            old.get(ply).copied().flatten(),
            new.get(ply).copied().flatten(),
        );
        if was != is || (all && is.is_some()) {
            let selector = ["tr[data-ply=\"", &ply.to_string(), "\"]"].concat();
            if let Ok(Some(row)) = table.query_selector(&selector) {
                mark_row(&row, is);
            }
        }
    }
}

/// The panel's static markup: the notation choices and the table's head (the rows are
/// written into it by the panel's effect).
fn panel_markup() -> String {
    let mut forms = String::from(">");
    for f in labels::ALGEBRAIC_MENU {
        let selected = if f == Form::default() {
            " selected"
        } else {
            ""
        };
        forms.push_str(&format!(
            "<option value=\"{0}\"{selected}>{0}</option>",
            f.name()
        ));
    }
    forms.push_str("</select>");
    Markup::new()
        .raw(r#"<div class="notation-options"><label for="algebraic-form">Algebraic</label>"#)
        .control("select", NotationControl::Form, &forms)
        .raw(r#"<span class="option">"#)
        .control("input", NotationControl::Ascii, r#" type="checkbox">"#)
        .raw(r#"<label for="direction-ascii">ASCII direction</label></span><span class="option">"#)
        // Drawn by the style sheet from `data-figurines` on the page's root, which
        // index.html's script keeps and shows in this box.
        .control("input", NotationControl::Figurines, r#" type="checkbox">"#)
        .raw(r#"<label for="figurines">Figurines</label></span></div>"#)
        .raw(r#"<div class="notation-scroll" tabindex="0" role="region" aria-label="Move list"><p class="root-comment" hidden></p>"#)
        .control("table", NotationControl::Table, concat!(
            r#"><caption class="visually-hidden">Moves in standard, direction and algebraic notation</caption>"#,
            r#"<thead><tr><th scope="col" title="Each player's own turn number">Turn</th>"#,
            r#"<th scope="col"><span class="visually-hidden">Player</span></th>"#,
            r#"<th scope="col">Standard</th><th scope="col">Direction</th><th scope="col">Algebraic</th></tr></thead>"#,
            r#"</table><p class="empty" hidden>No moves.</p></div>"#,
        ))
        .done()
}

/// Which rows differ between what the body shows and what it should: `(kept in front,
/// removed, inserted)`; the rows after them are the same in both.
fn changed_rows(old: &[String], new: &[String]) -> (usize, usize, usize) {
    let front = old.iter().zip(new).take_while(|(a, b)| a == b).count();
    let back = old[front..]
        .iter()
        .rev()
        .zip(new[front..].iter().rev())
        .take_while(|(a, b)| a == b)
        .count();
    (front, old.len() - front - back, new.len() - front - back)
}

/// How many rows of a new game are written at once when its current row is among them (a
/// few screenfuls); the rest follow in the next task, so that a long study's panel is drawn
/// before the browser has parsed hundreds of rows nobody sees yet.
const FIRST_ROWS: usize = 2 * CHUNK;

/// How many rows a table body holds when a game's rows are written: the browser skips the
/// bodies out of view (style and layout), so only a few of them are laid out.
const CHUNK: usize = 32;

/// Replaces the rows that changed; a new game's rows in one go, in bodies of [`CHUNK`] rows.
fn write_rows(table: &web_sys::HtmlTableElement, old: &[String], new: &[String]) {
    let (front, removed, inserted) = changed_rows(old, new);
    if removed == 0 && inserted == 0 {
        return;
    }
    let bodies = table.t_bodies();
    if front == 0 && removed == old.len() {
        while let Some(body) = bodies.item(0) {
            body.remove();
        }
        let _ = table.insert_adjacent_html("beforeend", &chunked(new));
        return;
    }
    // The rows of every body, in order.
    let mut rows = Vec::with_capacity(old.len());
    for b in 0..bodies.length() {
        if let Some(body) = bodies.item(b) {
            let children = body.children();
            rows.extend((0..children.length()).filter_map(|i| children.item(i)));
        }
    }
    let row = |i: usize| rows.get(i).cloned();
    for i in (front..front + removed).rev() {
        if let Some(r) = row(i) {
            let body = r.parent_element();
            r.remove();
            // A body left empty would still hold its estimated height.
            if let Some(b) = body.filter(|b| b.child_element_count() == 0) {
                b.remove();
            }
        }
    }
    if inserted == 0 {
        return;
    }
    let markup = new[front..front + inserted].concat();
    let _ = match (front.checked_sub(1).and_then(row), bodies.item(0)) {
        (Some(before), _) => before.insert_adjacent_html("afterend", &markup),
        (None, Some(first)) => first.insert_adjacent_html("afterbegin", &markup),
        (None, None) => {
            table.insert_adjacent_html("beforeend", &format!("<tbody>{markup}</tbody>"))
        }
    };
}

/// Rows as table bodies of [`CHUNK`] rows each.
fn chunked(rows: &[String]) -> String {
    let len = rows.iter().map(String::len).sum::<usize>() + rows.len() / CHUNK * 16 + 16;
    let mut s = String::with_capacity(len);
    for chunk in rows.chunks(CHUNK) {
        s.push_str("<tbody>");
        for r in chunk {
            s.push_str(r);
        }
        s.push_str("</tbody>");
    }
    s
}

/// Scrolls the current row into view inside the panel.
fn scroll_to_current(container: &web_sys::HtmlElement) {
    let find = |selector: &str| {
        container
            .query_selector(selector)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    };
    let header = find("thead").map_or(0, |h| h.offset_height());
    if let Some(row) = find("tr[aria-current=\"true\"]") {
        dom::scroll_row_into_view(container, &row, header);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::game::NotatedGame;

    #[test]
    fn the_panel_offers_each_algebraic_form_and_selects_the_default() {
        let m = panel_markup();
        assert_eq!(m.matches("<option").count(), labels::ALGEBRAIC_MENU.len());
        let d = Form::default().name();
        assert!(
            m.contains(&format!("<option value=\"{d}\" selected>{d}</option>")),
            "{m}"
        );
        assert_eq!(m.matches(" selected").count(), 1);
        assert!(m.contains(r#"<select id="algebraic-form"><option"#), "{m}");
        assert!(
            m.contains(
                r#"</select><span class="option"><input id="direction-ascii" type="checkbox">"#
            ),
            "{m}"
        );
        assert!(m.contains(r#"<div class="notation-scroll" tabindex="0" role="region" aria-label="Move list"><p class="root-comment" hidden></p><table id="notation"><caption"#), "{m}");
        assert!(m.contains(r#"<input id="figurines" type="checkbox"><label for="figurines">"#));
        assert_eq!(
            controls::check_markup::<NotationControl>(&m),
            Vec::<String>::new()
        );
    }

    #[test]
    fn only_changed_rows_are_rewritten() {
        let rows = |s: &str| s.split(' ').map(str::to_string).collect::<Vec<_>>();
        // A variation row inserted after the third row.
        assert_eq!(
            changed_rows(&rows("a b c d e"), &rows("a b c x d e")),
            (3, 0, 1)
        );
        assert_eq!(changed_rows(&rows("a b c d e"), &rows("a b e")), (2, 2, 0));
        assert_eq!(changed_rows(&rows("a b c"), &rows("a y c")), (1, 1, 1));
        assert_eq!(changed_rows(&rows("a b"), &rows("a b")), (2, 0, 0));
        assert_eq!(changed_rows(&[], &rows("a b")), (0, 0, 2));
        assert_eq!(changed_rows(&rows("a b"), &rows("x y z")), (0, 2, 3));
        // Repeated rows: front and back never overlap.
        assert_eq!(changed_rows(&rows("a a"), &rows("a a a")), (2, 0, 1));
        assert_eq!(changed_rows(&rows("a a a"), &rows("a")), (1, 2, 0));
    }

    #[test]
    fn rows_are_escaped_markup_with_their_hooks() {
        let g = NotatedGame::example();
        let items = panel_items(&g, Style::Unicode, Form::Short);
        assert_eq!(items.len(), 56);
        let r18 = &items[17];
        assert_eq!(r18.ply.as_deref(), Some("18"));
        assert_eq!(r18.path.as_deref(), Some("18"));
        assert!(
            r18.cells.contains("<td class=\"direction\">A2×Qs</td>"),
            "{}",
            r18.cells
        );
        assert!(r18.cells.contains("<td class=\"turn\">9.</td>"));
        let ascii = panel_items(&g, Style::Ascii, Form::Short);
        assert!(ascii[17].cells.contains("A2xQs"));
        let tr = item_markup(r18);
        assert!(
            tr.starts_with("<tr data-node=\"")
                && tr.contains(
                    " data-ply=\"18\" data-path=\"18\" class=\"move player-2\" tabindex=\"0\">"
                ),
            "{tr}"
        );
        assert!(!tr.contains("data-variation"));
        // A comment with markup in it is text, under its move, indented with a variation.
        let mut rec = (*g.record).clone();
        let mut tree = rec.tree.clone();
        let main = tree.mainline_nodes();
        tree.set_comment(main[2], Some("<b>&</b>")).unwrap();
        rec.set_tree(tree);
        let g2 = NotatedGame::new(rec);
        let items = panel_items(&g2, Style::Unicode, Form::Short);
        let comment = &items[3];
        assert_eq!(comment.comment_for.as_deref(), Some("3"));
        assert!(
            comment.cells.contains("&lt;b&gt;&amp;&lt;/b&gt;"),
            "{}",
            comment.cells
        );
        assert!(comment.node.is_none() && !comment.focusable);
        let tr = item_markup(comment);
        assert!(
            tr.starts_with("<tr data-comment-for=\"3\" class=\"comment\"><td colspan=\"5\">"),
            "{tr}"
        );
        // Variations are indented by their depth's class; quotes are escaped too.
        let mut tree = g.tree().clone();
        let at = tree.mainline_nodes()[9];
        let pos = tree.position_at(at).unwrap();
        let other = pos
            .legal_moves()
            .into_iter()
            .find(|m| Some(*m) != tree.mv(tree.children(at)[0]))
            .unwrap();
        let v = tree.add_move(at, other).unwrap();
        tree.set_comment(v, Some("\"it's\"")).unwrap();
        let mut rec = (*g.record).clone();
        rec.set_tree(tree);
        let items = panel_items(&NotatedGame::new(rec), Style::Unicode, Form::Short);
        let i = items.iter().position(|r| r.variation).unwrap();
        assert!(items[i].class.ends_with(" depth-1"), "{}", items[i].class);
        let tr = item_markup(&items[i + 1]);
        assert!(
            tr.contains(" class=\"comment variation depth-1\"><td colspan=\"5\">&quot;it&#39;s&quot;</td></tr>"),
            "{tr}"
        );
        let mut chunks = chunked(&vec!["<tr></tr>".to_string(); CHUNK + 1]);
        assert_eq!(chunks.matches("<tbody>").count(), 2);
        chunks.truncate(7);
        assert_eq!(chunks, "<tbody>");
    }
}
