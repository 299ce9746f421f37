//! Both players' pieces in hand, under the board: one button per kind with its artwork and how
//! many are left. The player to move's kinds that can be placed now are buttons that pick the
//! kind (its destinations are marked on the board) or are dragged onto a destination; the
//! others are shown inactive. While a notation row is previewed they are the pieces in hand on
//! the board shown, none of them placeable.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::rc::Rc;

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::play::{client_point, Play, DRAG_THRESHOLD};
use crate::app::kit::Memo;
use crate::app::kit::Stored;
use crate::app::kit::{self, dom};
use crate::app::model::study::{Pick, ReserveItem};
use crate::engine::piece::{Bug, Color, PieceId};
use crate::view::{svg, Layout};

/// What a reserve item says to assistive technology: "White Soldier Ant, 3 left".
pub fn item_label(item: &ReserveItem) -> String {
    format!(
        "{} {}, {} left",
        item.color.name(),
        item.bug.name(),
        item.count
    )
}

/// A press on a reserve button: the pointer, the kind, where it started and whether it moved
/// enough to be a drag.
#[derive(Clone, Copy, Debug)]
struct Press {
    pointer: i32,
    pick: Pick,
    x: f64,
    y: f64,
    moved: bool,
}

/// The markup of one player's reserve: a button per kind in hand (its artwork and count), or
/// a note that all are placed. Whether each can be placed and is picked is set on the buttons
/// afterwards ([`mark`]), so that picking rewrites nothing.
pub(super) fn reserve_markup(color: Color, items: &[ReserveItem], layout: &Layout) -> String {
    let mut s = String::new();
    for item in items.iter().filter(|i| i.color == color) {
        let art = PieceId::of_kind(item.color, item.bug)
            .next()
            .map(|id| svg::piece_markup(id, layout))
            .unwrap_or_default();
        let _ = write!(
            s,
            "<button type=\"button\" class=\"reserve-item\" data-reserve=\"{code}\" \
             data-count=\"{n}\" aria-label=\"{label}\" disabled>\
             <svg class=\"reserve-art\" viewBox=\"-1 -1 2 2\" aria-hidden=\"true\">{art}</svg>\
             <span class=\"reserve-count\" aria-hidden=\"true\">{n}</span></button>",
            code = item.code(),
            n = item.count,
            label = item_label(item),
        );
    }
    if s.is_empty() {
        let _ = write!(
            s,
            "<span class=\"reserve-empty\">{}: all placed</span>",
            color.name()
        );
    }
    s
}

/// Shows a kind's new count on its button.
fn set_count(root: &web_sys::Element, item: &ReserveItem) {
    let selector = format!("[data-reserve=\"{}\"]", item.code());
    let Ok(Some(button)) = root.query_selector(&selector) else {
        return;
    };
    let count = item.count.to_string();
    let _ = button.set_attribute("data-count", &count);
    let _ = button.set_attribute("aria-label", &item_label(item));
    if let Some(span) = button.last_element_child() {
        span.set_text_content(Some(&count));
    }
}

/// The kind a reserve button stands for, from its `data-reserve` code ("wA").
fn kind_of(button: &web_sys::Element) -> Option<(Color, Bug)> {
    let code = button.get_attribute("data-reserve")?;
    let mut chars = code.chars();
    let color = match chars.next()? {
        'w' => Color::White,
        'b' => Color::Black,
        _ => return None,
    };
    Some((color, Bug::from_letter(chars.next()?)?))
}

/// Sets whether each button's kind can be placed now and is the pick.
fn mark(row: &web_sys::Element, placeable: &[(Color, Bug)], picked: Option<(Color, Bug)>) {
    let buttons = row.get_elements_by_tag_name("button");
    for i in 0..buttons.length() {
        let Some(b) = buttons.item(i) else { continue };
        let Some(kind) = kind_of(&b) else { continue };
        let can = placeable.contains(&kind);
        let is_picked = can && picked == Some(kind);
        dom::set_flag(&b, "disabled", !can);
        let pressed = if is_picked { "true" } else { "false" };
        dom::set_attr(&b, "aria-pressed", can.then_some(pressed));
        dom::set_attr(&b, "data-selected", is_picked.then_some("true"));
    }
}

/// A press, move, release or click in the reserves: picks a kind, or carries it onto the
/// board.
fn event(play: Play, press: Stored<Option<Press>>, dragged: Stored<bool>, e: &web_sys::Event) {
    let button = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("[data-reserve]").ok().flatten());
    let kind = e.type_();
    if kind == "click" {
        if dragged.get_value() {
            dragged.set_value(false);
            return;
        }
        let Some((color, bug)) = button.as_ref().and_then(kind_of) else {
            return;
        };
        let pick = Pick::Reserve(color, bug);
        // Enter or Space (no pointer): the focus goes on to the destinations.
        let by_key = e
            .dyn_ref::<web_sys::MouseEvent>()
            .is_some_and(|m| m.detail() == 0);
        if by_key {
            play.toggle_by_key(pick);
        } else {
            play.toggle(pick);
        }
        return;
    }
    let Some(pe) = e.dyn_ref::<web_sys::PointerEvent>() else {
        return;
    };
    let p = client_point(pe);
    match kind.as_str() {
        "pointerdown" => {
            dragged.set_value(false);
            let Some(b) = button.filter(|b| !b.has_attribute("disabled")) else {
                return;
            };
            let Some((color, bug)) = kind_of(&b).filter(|_| pe.button() == 0) else {
                return;
            };
            press.set_value(Some(Press {
                pointer: pe.pointer_id(),
                pick: Pick::Reserve(color, bug),
                x: p.x,
                y: p.y,
                moved: false,
            }));
            let _ = b.set_pointer_capture(pe.pointer_id());
        }
        "pointermove" => {
            let Some(pr) = press.get_value().filter(|p| p.pointer == pe.pointer_id()) else {
                return;
            };
            if !pr.moved {
                if (p.x - pr.x).hypot(p.y - pr.y) < DRAG_THRESHOLD {
                    return;
                }
                press.set_value(Some(Press { moved: true, ..pr }));
                play.carry(pr.pick);
            }
            play.drag_to(p);
        }
        _ => {
            let Some(pr) = press.get_value().filter(|p| p.pointer == pe.pointer_id()) else {
                return;
            };
            press.set_value(None);
            if pr.moved {
                dragged.set_value(true);
                if kind == "pointercancel" {
                    play.end_drag();
                } else {
                    play.drop(p);
                }
            }
        }
    }
}

/// Both players' pieces in hand, White's first: `items` as [`crate::app::model::study::reserve`] gives
/// them (their counts), `placeable` the kinds that can be placed now and `to_move` whose turn
/// it is, when moves can be played. A button is picked with a click (or Enter), or dragged
/// onto a destination.
#[component]
pub fn Reserve(
    play: Play,
    items: Memo<Vec<ReserveItem>>,
    placeable: Memo<Vec<(Color, Bug)>>,
    to_move: Memo<Option<Color>>,
) -> impl IntoView {
    let root = NodeRef::<leptos::html::Div>::new();
    // What each row was last written from: its items and the layout of their artwork.
    let written = Rc::new(RefCell::new(None::<(Vec<ReserveItem>, Layout)>));
    kit::on_mount(
        root,
        Box::new(move |root| {
            let rows = root.children();
            let (Some(white), Some(black)) = (rows.item(0), rows.item(1)) else {
                return;
            };
            let layout = play.layout.get();
            items.with(|items| {
                let mut w = written.borrow_mut();
                let kinds =
                    |v: &[ReserveItem]| v.iter().map(|i| (i.color, i.bug)).collect::<Vec<_>>();
                match w.as_ref() {
                    Some((old, l)) if *old == *items && *l == layout => {}
                    // The same kinds: only their counts change, in place.
                    Some((old, l)) if kinds(old) == kinds(items) && *l == layout => {
                        for (item, was) in items.iter().zip(old) {
                            if item.count != was.count {
                                set_count(&root, item);
                            }
                        }
                    }
                    _ => {
                        white.set_inner_html(&reserve_markup(Color::White, items, &layout));
                        black.set_inner_html(&reserve_markup(Color::Black, items, &layout));
                    }
                }
                *w = Some((items.clone(), layout));
            });
            let picked = match play.viewer.study.pick.get() {
                Some(Pick::Reserve(c, b)) => Some((c, b)),
                _ => None,
            };
            let turn = to_move.get();
            placeable.with(|p| {
                for (row, color) in [(&white, Color::White), (&black, Color::Black)] {
                    mark(row, p, picked);
                    let to_move = (turn == Some(color)).then_some("true");
                    dom::set_attr(row, "data-to-move", to_move);
                }
            });
            // Each row names its player (`data-player`, which the style sheet shows with the
            // colour's swatch), so that who plays which colour shows at every move, pieces in
            // hand or none.
            play.viewer.study.game.with(|g| {
                let meta = &g.record.meta;
                for (row, name, color) in [
                    (&white, &meta.white, Color::White),
                    (&black, &meta.black, Color::Black),
                ] {
                    let name = name.as_deref().map(str::trim).filter(|n| !n.is_empty());
                    dom::set_attr(row, "data-player", Some(name.unwrap_or(color.name())));
                }
            });
        }),
    );

    let press = Stored::new(None::<Press>);
    // A drag ended on a button: the click that follows is no click.
    let dragged = Stored::new(false);
    kit::on_mount(
        root,
        Box::new(move |root| {
            dom::listen(
                &root,
                &[
                    "pointerdown",
                    "pointermove",
                    "pointerup",
                    "pointercancel",
                    "click",
                ],
                move |e: web_sys::Event| event(play, press, dragged, &e),
            );
        }),
    );

    let row = |color: Color| {
        view! {
            <div
                class="reserve"
                role="group"
                aria-label=format!("{}'s pieces in hand", color.name())
                data-color=color.letter().to_string()
            ></div>
        }
    };
    view! { <div class="reserves" node_ref=root>{row(Color::White)} {row(Color::Black)}</div> }
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

    #[test]
    fn each_player_gets_a_button_per_kind_in_hand() {
        use crate::engine::position::Position;
        use crate::view::{Orientation, TileShape};
        let pos = Position::new(crate::engine::piece::GameType::BASE);
        let items = crate::app::model::study::reserve(&pos);
        let layout = Layout::new(
            crate::notation::frame::Frame::EMPTY,
            Orientation::NoonUp,
            TileShape::Flat,
        );
        let white = reserve_markup(Color::White, &items, &layout);
        assert_eq!(white.matches("<button").count(), 5, "{white}");
        assert!(white.contains("data-reserve=\"wA\" data-count=\"3\""));
        assert!(white.contains("aria-label=\"White Soldier Ant, 3 left\""));
        assert!(!white.contains("data-reserve=\"b"));
        // Every button starts disabled: `mark` enables the placeable ones.
        assert_eq!(white.matches(" disabled>").count(), 5);
        let none: Vec<ReserveItem> = items
            .into_iter()
            .filter(|i| i.color == Color::Black)
            .collect();
        assert_eq!(
            reserve_markup(Color::White, &none, &layout),
            "<span class=\"reserve-empty\">White: all placed</span>"
        );
    }
}
