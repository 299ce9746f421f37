//! Both players' pieces in hand, under the board: one button per kind with its artwork and how
//! many are left. The player to move's kinds that can be placed now are buttons that pick the
//! kind (its destinations are marked on the board) or are dragged onto a destination; the
//! others are shown inactive. While a notation row is previewed they are the pieces in hand on
//! the board shown, none of them placeable.

use leptos::ev;
use leptos::prelude::*;

use super::board::{client_point, Play, DRAG_THRESHOLD};
use super::study::{Pick, ReserveItem};
use crate::engine::piece::{Bug, Color, PieceId};
use crate::view::svg;

/// What a reserve item says to assistive technology: "White Soldier Ant, 3 left".
pub fn item_label(item: &ReserveItem) -> String {
    format!(
        "{} {}, {} left",
        item.color.name(),
        item.bug.name(),
        item.count
    )
}

/// A press on a reserve button: the pointer, where it started and whether it moved enough
/// to be a drag.
#[derive(Clone, Copy, Debug)]
struct Press {
    pointer: i32,
    x: f64,
    y: f64,
    moved: bool,
}

/// One kind of piece in hand; `placeable` says whether it can be placed now, `picked`
/// whether it is the pick.
#[component]
fn ReserveButton(
    play: Play,
    item: ReserveItem,
    placeable: Signal<bool>,
    picked: Signal<bool>,
) -> impl IntoView {
    let pick = Pick::Reserve(item.color, item.bug);
    let picked = move || placeable.get() && picked.get();
    let icon = move || {
        let l = play.layout.get();
        PieceId::of_kind(item.color, item.bug)
            .next()
            .map(|id| svg::piece_markup(id, &l))
            .unwrap_or_default()
    };
    let press = StoredValue::new(None::<Press>);
    // A drag ended on this button: the click that follows is no click.
    let dragged = StoredValue::new(false);

    let on_down = move |e: ev::PointerEvent| {
        dragged.set_value(false);
        if !placeable.get_untracked() || e.button() != 0 {
            return;
        }
        let p = client_point(&e);
        press.set_value(Some(Press {
            pointer: e.pointer_id(),
            x: p.x,
            y: p.y,
            moved: false,
        }));
        if let Some(el) = e
            .current_target()
            .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        {
            let _ = el.set_pointer_capture(e.pointer_id());
        }
    };
    let on_move = move |e: ev::PointerEvent| {
        let Some(pr) = press.get_value().filter(|p| p.pointer == e.pointer_id()) else {
            return;
        };
        let p = client_point(&e);
        if !pr.moved {
            if (p.x - pr.x).hypot(p.y - pr.y) < DRAG_THRESHOLD {
                return;
            }
            press.set_value(Some(Press { moved: true, ..pr }));
            play.carry(pick);
        }
        play.drag_to(p);
    };
    let on_up = move |e: ev::PointerEvent| {
        let Some(pr) = press.get_value().filter(|p| p.pointer == e.pointer_id()) else {
            return;
        };
        press.set_value(None);
        if pr.moved {
            dragged.set_value(true);
            if e.type_() == "pointercancel" {
                play.end_drag();
            } else {
                play.drop(client_point(&e));
            }
        }
    };
    let on_click = move |e: ev::MouseEvent| {
        if dragged.get_value() {
            dragged.set_value(false);
            return;
        }
        // Enter or Space (no pointer): the focus goes on to the destinations.
        if e.detail() == 0 {
            play.toggle_by_key(pick);
        } else {
            play.toggle(pick);
        }
    };

    view! {
        <button
            type="button"
            class="reserve-item"
            data-reserve=item.code()
            data-count=item.count.to_string()
            data-selected=move || picked().then_some("true")
            aria-label=item_label(&item)
            aria-pressed=move || placeable.get().then(|| if picked() { "true" } else { "false" })
            disabled=move || !placeable.get()
            on:pointerdown=on_down
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=on_up
            on:click=on_click
        >
            <svg class="reserve-art" viewBox="-1 -1 2 2" aria-hidden="true" inner_html=icon></svg>
            <span class="reserve-count" aria-hidden="true">
                {item.count}
            </span>
        </button>
    }
}

/// Both players' pieces in hand, White's first: `items` as [`super::study::reserve`] gives
/// them (their counts), `placeable` the kinds that can be placed now and `to_move` whose turn
/// it is, when moves can be played.
#[component]
pub fn Reserve(
    play: Play,
    #[prop(into)] items: Signal<Vec<ReserveItem>>,
    #[prop(into)] placeable: Signal<Vec<(Color, Bug)>>,
    #[prop(into)] to_move: Signal<Option<Color>>,
) -> impl IntoView {
    // The kind picked in a reserve, if any (a memo: most changes of the pick leave it).
    let picked_kind = Memo::new(move |_| match play.viewer.pick.get() {
        Some(Pick::Reserve(c, b)) => Some((c, b)),
        _ => None,
    });
    let row = move |color: Color| {
        let of_color = move || {
            items.with(|v| {
                v.iter()
                    .filter(|i| i.color == color)
                    .copied()
                    .collect::<Vec<_>>()
            })
        };
        let none = move || items.with(|v| v.iter().all(|i| i.color != color));
        view! {
            <div
                class="reserve"
                role="group"
                aria-label=format!("{}'s pieces in hand", color.name())
                data-color=color.letter().to_string()
                data-to-move=move || (to_move.get() == Some(color)).then_some("true")
            >
                <For
                    each=of_color
                    key=|i| (i.bug, i.count)
                    children=move |item| {
                        let kind = (item.color, item.bug);
                        let can = Signal::derive(move || placeable.with(|p| p.contains(&kind)));
                        let picked = Signal::derive(move || picked_kind.get() == Some(kind));
                        view! { <ReserveButton play=play item=item placeable=can picked=picked/> }
                    }
                />
                <Show when=none>
                    <span class="reserve-empty">{format!("{}: all placed", color.name())}</span>
                </Show>
            </div>
        }
    };
    view! { <div class="reserves">{row(Color::White)} {row(Color::Black)}</div> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_are_named_with_their_counts() {
        let item = ReserveItem {
            color: Color::White,
            bug: Bug::Ant,
            count: 3,
            placeable: true,
        };
        assert_eq!(item_label(&item), "White Soldier Ant, 3 left");
        assert_eq!(item.code(), "wA");
    }
}
