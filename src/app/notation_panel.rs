//! The moves in three notations, one row each; the current move is marked and kept in
//! view, a click jumps to it and hovering previews it on the board.

use super::labels;
use super::{dom, Viewer};
use crate::notation::algebraic::Form;
use crate::notation::direction::Style;
use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

#[component]
pub fn NotationPanel(viewer: Viewer) -> impl IntoView {
    let form = RwSignal::new(Form::default());
    let style = RwSignal::new(Style::default());
    let scroller = NodeRef::<html::Div>::new();

    // Keep the chosen move's row in view inside the panel (never scrolling the page), just
    // before the next paint so that a step does not force an extra layout.
    Effect::new(move |_| {
        let ply = viewer.ply.get();
        viewer.game.track();
        request_animation_frame(move || {
            if let Some(container) = scroller.get_untracked() {
                scroll_to_row(&container, ply.max(1));
            }
        });
    });

    // Where the pointer last was: Chromium sends a mousemove at the same place when the table
    // scrolls under a still pointer (as after a key step), which must not start a preview.
    let pointer = StoredValue::new((i32::MIN, i32::MIN));

    // Only the rows that stop or start being current update on a step.
    let current = Selector::new(move || viewer.ply.get());
    let rows = move || {
        let current = current.clone();
        viewer.game.with(|g| {
            g.rows
                .iter()
                .map(|row| {
                    let n = row.ply;
                    let r = row.clone();
                    let r2 = row.clone();
                    let who = if row.player == 1 { "white" } else { "black" };
                    let current = current.clone();
                    view! {
                        <tr data-ply=n.to_string()
                            class=format!("move player-{}", row.player)
                            aria-current=move || current.selected(&n).then_some("true")
                            tabindex="0"
                            on:click=move |_| {
                                viewer.preview.set(None);
                                viewer.ply.set(n);
                            }
                            // Keyboard users reach a row with Tab and choose it with Enter or Space.
                            on:keydown=move |ev| {
                                if matches!(ev.key().as_str(), "Enter" | " ") {
                                    ev.prevent_default();
                                    viewer.preview.set(None);
                                    viewer.ply.set(n);
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
                            <td class="turn">{labels::turn_label(row)}</td>
                            <td class="player">
                                <span class=format!("swatch {who}") aria-hidden="true"></span>
                                <span class="visually-hidden">{format!("player {} ({who})", row.player)}</span>
                            </td>
                            <td class="standard">{row.standard.clone()}</td>
                            <td class="direction">{move || r.direction(style.get()).to_string()}</td>
                            <td class="algebraic">{move || r2.algebraic(form.get()).to_string()}</td>
                        </tr>
                    }
                })
                .collect_view()
        })
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
                    <tbody>{rows}</tbody>
                </table>
                <Show when=move || viewer.moves() == 0>
                    <p class="empty">"No moves."</p>
                </Show>
            </div>
        </section>
    }
}

fn scroll_to_row(container: &web_sys::HtmlElement, ply: usize) {
    let find = |selector: &str| {
        container
            .query_selector(selector)
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    };
    let header = find("thead").map_or(0, |h| h.offset_height());
    if let Some(row) = find(&format!("tr[data-ply=\"{ply}\"]")) {
        dom::scroll_row_into_view(container, &row, header);
    }
}
