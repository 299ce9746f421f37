//! The moves in three notations, one row each, with variations indented under the move they
//! replace and comments under their move; the current move is marked and kept in view, a
//! click jumps to it and hovering previews it on the board.
//!
//! Long studies have hundreds of rows, so each row is markup (written by [`item_markup`]):
//! when the game changes, only the rows that changed are replaced ([`changed_rows`]), and a
//! new game's rows are parsed by the browser in one go. The rows share listeners on the
//! table body, and one effect writes them and marks the current row.

use super::game::Game;
use super::labels;
use super::{dom, Viewer};
use crate::notation::algebraic::Form;
use crate::notation::direction::Style;
use crate::record::tree::NodeId;
use crate::view::svg::escape;
use leptos::html;
use leptos::prelude::*;
use std::fmt::Write;
use wasm_bindgen::JsCast;

#[component]
pub fn NotationPanel(viewer: Viewer) -> impl IntoView {
    let form = RwSignal::new(Form::default());
    let style = RwSignal::new(Style::default());
    let scroller = NodeRef::<html::Div>::new();
    let body = NodeRef::<html::Tbody>::new();

    let items = Memo::new(move |_| {
        let (style, form) = (style.get(), form.get());
        viewer.game.with(|g| panel_items(g, style, form))
    });

    // The rows as one piece of markup: the browser parses hundreds of rows far faster than
    // they can be built one by one, and rows out of view skip layout (see the style sheet).
    let markup = Memo::new(move |_| items.with(|v| v.iter().map(item_markup).collect::<Vec<_>>()));
    // The rows the table body holds, as written.
    let shown = StoredValue::new(Vec::<String>::new());

    // Write the rows when they change, mark the chosen move's row, and keep it in view inside
    // the panel (never scrolling the page) just before the next paint, so that a step does
    // not force an extra layout.
    Effect::new(move |_| {
        let node = viewer.node();
        let Some(body) = body.get() else { return };
        markup.with(|rows| {
            shown.update_value(|old| {
                write_rows(&body, old, rows);
                old.clone_from(rows);
            })
        });
        if let Ok(Some(old)) = body.query_selector("tr[aria-current]") {
            let _ = old.remove_attribute("aria-current");
        }
        let selector = format!("tr[data-node=\"{}\"]", node.index());
        if let Ok(Some(row)) = body.query_selector(&selector) {
            let _ = row.set_attribute("aria-current", "true");
        }
        request_animation_frame(move || {
            if let Some(container) = scroller.get_untracked() {
                scroll_to_current(&container);
            }
        });
    });

    // The node of the row an event happened in.
    let node_of = move |e: &web_sys::Event| -> Option<NodeId> {
        let row = e
            .target()?
            .dyn_into::<web_sys::Element>()
            .ok()?
            .closest("tr[data-node]")
            .ok()??;
        let index = row.get_attribute("data-node")?.parse().ok()?;
        viewer
            .game
            .with_untracked(|g| g.tree().node_by_index(index))
    };
    // Where the pointer last was: Chromium sends a mousemove at the same place when the table
    // scrolls under a still pointer (as after a key step), which must not start a preview.
    let pointer = StoredValue::new((i32::MIN, i32::MIN));
    let on_move = move |ev: leptos::ev::MouseEvent| {
        let at = (ev.client_x(), ev.client_y());
        if pointer.get_value() == at {
            return;
        }
        pointer.set_value(at);
        let n = node_of(&ev);
        if viewer.preview.get_untracked() != n {
            viewer.preview.set(n);
        }
    };

    view! {
        <section class="notation-panel" aria-label="Moves">
            <div class="notation-options">
                <label for="algebraic-form">"Algebraic"</label>
                <select id="algebraic-form"
                    on:change=move |ev| {
                        form.set(Form::from_name(&event_target_value(&ev)).unwrap_or_default())
                    }>
                    {labels::ALGEBRAIC_MENU.into_iter().map(|f| view! {
                        <option value=f.name() selected=f == Form::default()>{f.name()}</option>
                    }).collect_view()}
                </select>
                <input id="direction-ascii" type="checkbox"
                    on:change=move |ev| {
                        style.set(if event_target_checked(&ev) { Style::Ascii } else { Style::Unicode })
                    }/>
                <label for="direction-ascii">"ASCII direction"</label>
            </div>
            <div class="notation-scroll" node_ref=scroller
                on:mouseleave=move |_| viewer.preview.set(None)>
                {move || {
                    viewer
                        .game
                        .with(|g| g.tree().comment(g.tree().root()).map(str::to_string))
                        .map(|c| view! { <p class="root-comment">{c}</p> })
                }}
                <table id="notation">
                    <caption class="visually-hidden">"Moves in standard, direction and algebraic notation"</caption>
                    <thead>
                        <tr>
                            <th scope="col" title="Each player's own turn number">"Turn"</th>
                            <th scope="col"><span class="visually-hidden">"Player"</span></th>
                            <th scope="col">"Standard"</th>
                            <th scope="col">"Direction"</th>
                            <th scope="col">"Algebraic"</th>
                        </tr>
                    </thead>
                    <tbody node_ref=body
                        on:click=move |ev| {
                            if let Some(n) = node_of(&ev) {
                                viewer.go_to(n);
                            }
                        }
                        // Keyboard users reach a row with Tab and choose it with Enter or Space.
                        on:keydown=move |ev| {
                            if matches!(ev.key().as_str(), "Enter" | " ") {
                                if let Some(n) = node_of(&ev) {
                                    ev.prevent_default();
                                    viewer.go_to(n);
                                }
                            }
                        }
                        on:mousemove=on_move>
                    </tbody>
                </table>
                <Show when=move || viewer.game.with(|g| g.tree().is_empty())>
                    <p class="empty">"No moves."</p>
                </Show>
            </div>
        </section>
    }
}

/// One row of the table: a move, or the comment under one. Everything is text, written
/// once.
#[derive(Clone, Debug, PartialEq)]
struct PanelItem {
    /// The move's node index (`data-node`; none on comment rows).
    node: Option<String>,
    /// Main-line moves only.
    ply: Option<String>,
    path: Option<String>,
    variation: bool,
    comment_for: Option<String>,
    class: String,
    focusable: bool,
    cells: String,
}

/// The rows for a game, their direction and algebraic cells in the chosen style and form.
fn panel_items(g: &Game, style: Style, form: Form) -> Vec<PanelItem> {
    let tree = g.tree();
    let mut out = Vec::with_capacity(g.panel.len() + 8);
    for pr in g.panel.iter() {
        let Some(row) = g.row(pr.node) else { continue };
        let main = pr.depth == 0;
        let mark = tree.annotation(pr.node).map_or("", |a| a.symbol());
        let cells = row_markup(
            &labels::turn_label(row),
            row.player,
            &format!("{}{mark}", row.standard),
            &format!("{}{mark}", row.direction(style)),
            &format!("{}{mark}", row.algebraic(form)),
            pr.depth,
        );
        let class = if main {
            format!("move player-{}", row.player)
        } else {
            format!(
                "move variation player-{} depth-{}",
                row.player,
                pr.depth.min(4)
            )
        };
        out.push(PanelItem {
            node: Some(pr.node.index().to_string()),
            ply: main.then(|| row.ply.to_string()),
            path: Some(pr.path.clone()),
            variation: !main,
            comment_for: None,
            class,
            focusable: true,
            cells,
        });
        if let Some(c) = tree.comment(pr.node) {
            let cells = format!(
                "<td colspan=\"5\"{}>{}</td>",
                indent(pr.depth).map_or(String::new(), |s| format!(" style=\"{s}\"")),
                escape(c)
            );
            let class = if main { "comment" } else { "comment variation" }.to_string();
            out.push(PanelItem {
                node: None,
                ply: None,
                path: None,
                variation: false,
                comment_for: Some(pr.path.clone()),
                class,
                focusable: false,
                cells,
            });
        }
    }
    out
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

/// Replaces the rows that changed; a new game's rows in one go.
fn write_rows(body: &web_sys::HtmlElement, old: &[String], new: &[String]) {
    let (front, removed, inserted) = changed_rows(old, new);
    if removed == 0 && inserted == 0 {
        return;
    }
    if front == 0 && removed == old.len() {
        body.set_inner_html(&new.concat());
        return;
    }
    let rows = body.children();
    for i in (front..front + removed).rev() {
        if let Some(row) = rows.item(i as u32) {
            row.remove();
        }
    }
    let markup = new[front..front + inserted].concat();
    let _ = match front.checked_sub(1).and_then(|i| rows.item(i as u32)) {
        Some(before) => before.insert_adjacent_html("afterend", &markup),
        None => body.insert_adjacent_html("afterbegin", &markup),
    };
}

/// A row's markup, attributes and cells.
fn item_markup(item: &PanelItem) -> String {
    let mut s = String::with_capacity(item.cells.len() + 160);
    s.push_str("<tr");
    let attrs = [
        ("data-node", item.node.as_deref()),
        ("data-ply", item.ply.as_deref()),
        ("data-path", item.path.as_deref()),
        ("data-variation", item.variation.then_some("true")),
        ("data-comment-for", item.comment_for.as_deref()),
        ("class", Some(item.class.as_str())),
        ("tabindex", item.focusable.then_some("0")),
    ];
    for (name, value) in attrs {
        if let Some(v) = value {
            let _ = write!(s, " {name}=\"{}\"", escape(v));
        }
    }
    s.push('>');
    s.push_str(&item.cells);
    s.push_str("</tr>");
    s
}

/// The cells of a move's row.
fn row_markup(
    turn: &str,
    player: u8,
    standard: &str,
    direction: &str,
    algebraic: &str,
    depth: usize,
) -> String {
    let who = if player == 1 { "white" } else { "black" };
    let mut s = String::with_capacity(320);
    let _ = write!(
        s,
        "<td class=\"turn\">{turn}</td><td class=\"player\"><span class=\"swatch {who}\" \
         aria-hidden=\"true\"></span><span class=\"visually-hidden\">player {player} ({who})\
         </span></td><td class=\"standard\"{}>{}</td><td class=\"direction\">{}</td>\
         <td class=\"algebraic\">{}</td>",
        indent(depth).map_or(String::new(), |s| format!(" style=\"{s}\"")),
        escape(standard),
        escape(direction),
        escape(algebraic)
    );
    s
}

/// A row's indent, before its first notation: one step per level of variation (deeper
/// levels share the fourth's).
fn indent(depth: usize) -> Option<String> {
    (depth > 0).then(|| format!("padding-left: calc(0.4em + {}em)", depth.min(4)))
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
        let g = Game::example();
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
        let g2 = Game::new(rec);
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
        assert_eq!(indent(0), None);
        assert_eq!(
            indent(2).as_deref(),
            Some("padding-left: calc(0.4em + 2em)")
        );
        assert_eq!(indent(9), indent(4));
    }
}
