//! The moves in three notations, one row each; the current move is marked and kept in
//! view, a click jumps to it and hovering previews it on the board.

use super::game::Game;
use super::labels;
use super::{dom, Viewer};
use crate::notation::algebraic::Form;
use crate::notation::direction::Style;
use crate::record::export::Row;
use crate::record::tree::NodeId;
use leptos::html;
use leptos::prelude::*;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use wasm_bindgen::JsCast;

#[component]
pub fn NotationPanel(viewer: Viewer) -> impl IntoView {
    let form = RwSignal::new(Form::default());
    let style = RwSignal::new(Style::default());
    let scroller = NodeRef::<html::Div>::new();

    // Keep the chosen move's row in view inside the panel (never scrolling the page), just
    // before the next paint so that a step does not force an extra layout.
    Effect::new(move |_| {
        viewer.node();
        viewer.game.track();
        request_animation_frame(move || {
            if let Some(container) = scroller.get_untracked() {
                scroll_to_current(&container);
            }
        });
    });

    // Where the pointer last was: Chromium sends a mousemove at the same place when the table
    // scrolls under a still pointer (as after a key step), which must not start a preview.
    let pointer = StoredValue::new((i32::MIN, i32::MIN));

    // Only the rows that stop or start being current update on a step; after an edit, only
    // the rows whose content changed are rebuilt (the list is keyed by content).
    let current = Selector::new(move || viewer.node());
    let items = Memo::new(move |_| viewer.game.with(panel_items));
    let row_view = move |item: PanelItem| {
        let PanelItem {
            node: n,
            depth,
            path,
            row,
            mark,
            comment,
            ..
        } = item;
        let main = depth == 0;
        let who = if row.player == 1 { "white" } else { "black" };
        let current = current.clone();
        let standard = format!("{}{mark}", row.standard);
        let class = if main {
            format!("move player-{}", row.player)
        } else {
            format!(
                "move variation player-{} depth-{}",
                row.player,
                depth.min(4)
            )
        };
        // Variations are indented under the move they replace.
        let indent = indent(depth);
        let turn = labels::turn_label(&row);
        let player = format!("player {} ({who})", row.player);
        let ply = main.then(|| row.ply.to_string());
        let r = row.clone();
        view! {
            <tr data-ply=ply
                data-path=path.clone()
                data-variation=(!main).then_some("true")
                class=class
                aria-current=move || current.selected(&n).then_some("true")
                tabindex="0"
                on:click=move |_| viewer.go_to(n)
                // Keyboard users reach a row with Tab and choose it with Enter or Space.
                on:keydown=move |ev| {
                    if matches!(ev.key().as_str(), "Enter" | " ") {
                        ev.prevent_default();
                        viewer.go_to(n);
                    }
                }
                // Moving the pointer previews, not a row scrolling under a still pointer.
                on:mousemove=move |ev| {
                    let at = (ev.client_x(), ev.client_y());
                    if pointer.get_value() == at {
                        return;
                    }
                    pointer.set_value(at);
                    if viewer.preview.get_untracked() != Some(n) {
                        viewer.preview.set(Some(n));
                    }
                }
                on:mouseleave=move |_| viewer.preview.set(None)>
                <td class="turn">{turn}</td>
                <td class="player">
                    <span class=format!("swatch {who}") aria-hidden="true"></span>
                    <span class="visually-hidden">{player}</span>
                </td>
                <td class="standard" style=indent.clone()>{standard}</td>
                <td class="direction">{move || format!("{}{mark}", r.direction(style.get()))}</td>
                <td class="algebraic">{move || format!("{}{mark}", row.algebraic(form.get()))}</td>
            </tr>
            {comment.map(|c| view! {
                <tr class=if main { "comment" } else { "comment variation" } data-comment-for=path>
                    <td colspan="5" style=indent>{c}</td>
                </tr>
            })}
        }
    };

    let root_comment = move || {
        viewer
            .game
            .with(|g| g.tree().comment(g.tree().root()).map(str::to_string))
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
                        <option value=f.name() selected=move || form.get() == f>{f.name()}</option>
                    }).collect_view()}
                </select>
                <input id="direction-ascii" type="checkbox"
                    prop:checked=move || style.get() == Style::Ascii
                    on:change=move |ev| {
                        style.set(if event_target_checked(&ev) { Style::Ascii } else { Style::Unicode })
                    }/>
                <label for="direction-ascii">"ASCII direction"</label>
            </div>
            <div class="notation-scroll" node_ref=scroller
                on:mouseleave=move |_| viewer.preview.set(None)>
                {move || root_comment().map(|c| view! { <p class="root-comment">{c}</p> })}
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
                    <tbody>
                        <For each=move || items.get() key=|item| item.key children=row_view/>
                    </tbody>
                </table>
                <Show when=move || viewer.game.with(|g| g.tree().is_empty())>
                    <p class="empty">"No moves."</p>
                </Show>
            </div>
        </section>
    }
}

/// A row's indent, before its first notation: one step per level of variation (deeper
/// levels share the fourth's).
fn indent(depth: usize) -> Option<String> {
    (depth > 0).then(|| format!("padding-left: calc(0.4em + {}em)", depth.min(4)))
}

/// One move of the panel with everything its rows show.
#[derive(Clone, Debug, PartialEq)]
struct PanelItem {
    /// Changes whenever anything shown changes, so that the keyed list keeps the other rows.
    key: u64,
    node: NodeId,
    depth: usize,
    path: String,
    row: Row,
    mark: &'static str,
    comment: Option<String>,
}

fn panel_items(g: &Game) -> Vec<PanelItem> {
    let tree = g.tree();
    g.panel
        .iter()
        .filter_map(|pr| {
            let row = g.row(pr.node)?.clone();
            let mark = tree.annotation(pr.node).map_or("", |a| a.symbol());
            let comment = tree.comment(pr.node).map(str::to_string);
            let mut h = DefaultHasher::new();
            (pr.node, pr.depth, &pr.path, &row, mark, &comment).hash(&mut h);
            Some(PanelItem {
                key: h.finish(),
                node: pr.node,
                depth: pr.depth,
                path: pr.path.clone(),
                row,
                mark,
                comment,
            })
        })
        .collect()
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
