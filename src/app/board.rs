//! The board: the position at a ply as an SVG of tiles with their artwork, the last move and
//! the highlighted move's direction notation, with a toolbar to zoom, pan, fit, turn the board,
//! change the tile shape and download the picture. Ctrl + wheel zooms about the pointer; a
//! drag (mouse or one finger) pans; two fingers pinch to zoom.
//!
//! The markup of every tile comes from [`crate::view::svg`], which also writes the downloaded
//! image, so the board and the image always agree.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use leptos::ev;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::dom;
use crate::view::{svg, Highlight, Layout, Orientation, Point, Rect, Replay, Scene, TileShape};

/// How much one zoom step scales the view.
const ZOOM_STEP: f64 = 1.25;
/// A press becomes a drag once the pointer moved this far (pixels); shorter presses are taps.
const DRAG_THRESHOLD: f64 = 4.0;

/// One tile as the board draws it; `key` changes whenever anything drawn changes, so the keyed
/// list rebuilds only the tiles a step touched.
#[derive(Clone, Debug, PartialEq)]
struct TileItem {
    key: u64,
    /// `data-*` attributes, as the downloaded image has them.
    attributes: Vec<(&'static str, String)>,
    label: String,
    markup: String,
}

fn tile_items(scene: &Scene, layout: &Layout) -> Vec<TileItem> {
    svg::drawing_order(scene)
        .into_iter()
        .map(|t| {
            let attributes = svg::tile_attributes(t);
            let markup = svg::tile_markup(t, layout);
            let mut h = DefaultHasher::new();
            attributes.hash(&mut h);
            markup.hash(&mut h);
            TileItem {
                key: h.finish(),
                attributes,
                label: svg::tile_label(t),
                markup,
            }
        })
        .collect()
}

/// Sets a tile group's `data-*` attributes when it is created (a keyed tile never changes).
fn data_attributes(el: web_sys::Element, attributes: Vec<(&'static str, String)>) {
    for (name, value) in &attributes {
        let _ = el.set_attribute(name, value);
    }
}

/// The element's box on screen, without needing `DomRect` bindings.
fn client_rect(el: &web_sys::Element) -> Option<Rect> {
    let get = |o: &wasm_bindgen::JsValue, k: &str| {
        js_sys::Reflect::get(o, &wasm_bindgen::JsValue::from_str(k)).ok()
    };
    let f: js_sys::Function = get(el, "getBoundingClientRect")?.dyn_into().ok()?;
    let r = f.call0(el).ok()?;
    let n = |k| get(&r, k).and_then(|v| v.as_f64());
    Some(Rect::new(n("left")?, n("top")?, n("width")?, n("height")?))
}

/// Where a drag started: pointer position and the view box then.
#[derive(Clone, Copy, Debug)]
struct Drag {
    pointer: i32,
    x: f64,
    y: f64,
    start: Rect,
    moved: bool,
}

/// A two-finger zoom: the view and the fingers' distance when it began, and the board point
/// that was between them.
#[derive(Clone, Copy, Debug)]
struct Pinch {
    start: Rect,
    distance: f64,
    at: Point,
}

/// The element a handler is attached to (the board).
fn event_element(e: &ev::PointerEvent) -> Option<web_sys::Element> {
    e.current_target()?.dyn_into().ok()
}

/// Where a mouse, pen or finger event happened, in client pixels.
fn client_point(e: &ev::MouseEvent) -> Point {
    Point {
        x: f64::from(e.client_x()),
        y: f64::from(e.client_y()),
    }
}

/// The point halfway between two pointers (id, client x, y).
fn midpoint(a: (i32, f64, f64), b: (i32, f64, f64)) -> Point {
    Point {
        x: (a.1 + b.1) / 2.0,
        y: (a.2 + b.2) / 2.0,
    }
}

/// The board at `ply` of `replay`, explaining `highlight` when given.
#[component]
pub fn Board(
    #[prop(into)] replay: Signal<Arc<Replay>>,
    #[prop(into)] ply: Signal<usize>,
    #[prop(into)] highlight: Signal<Option<Highlight>>,
    /// Changes when another game is loaded: the board fits itself to it.
    #[prop(into)]
    fit: Signal<u32>,
) -> impl IntoView {
    let orientation = RwSignal::new(Orientation::NoonUp);
    let shape = RwSignal::new(TileShape::Flat);
    // `None`: fit the board; `Some`: the user's zoom and pan.
    let view = RwSignal::new(None::<Rect>);
    let drag = RwSignal::new(None::<Drag>);
    // Pointers down on the board (id, client x, y), and a two-finger pinch in progress.
    let pointers = StoredValue::new(Vec::<(i32, f64, f64)>::new());
    let pinch = StoredValue::new(None::<Pinch>);
    let popover = RwSignal::new(None::<String>);

    let layout =
        Memo::new(move |_| Layout::new(replay.with(|r| r.frame()), orientation.get(), shape.get()));
    let scene = Memo::new(move |_| {
        let layout = layout.get();
        let hl = highlight.get();
        replay.with(|r| r.scene(ply.get(), &layout, hl.as_ref()))
    });
    let items = Memo::new(move |_| scene.with(|s| tile_items(s, &layout.get())));
    let under = Memo::new(move |_| {
        scene.with(|s| {
            let l = layout.get();
            let mut m = svg::under_markup(s, &l);
            if s.tiles.is_empty() {
                m.push_str(&svg::empty_markup(&l));
            }
            m
        })
    });
    let over = Memo::new(move |_| scene.with(svg::over_markup));

    // A new game, or a new way of drawing it, starts fitted.
    Effect::new(move |_| {
        fit.track();
        orientation.track();
        shape.track();
        view.set(None);
        popover.set(None);
    });
    // A step that would leave pieces out of view fits the board again.
    Effect::new(move |_| {
        let extent = scene.with(Scene::tiles_extent);
        if let (Some(v), Some(e)) = (view.get_untracked(), extent) {
            if !v.contains(e) {
                view.set(None);
            }
        }
    });

    let view_box = move || view.get().unwrap_or_else(|| scene.with(|s| s.view_box));
    let view_box_attr = move || {
        let v = view_box();
        format!(
            "{} {} {} {}",
            svg::num(v.x),
            svg::num(v.y),
            svg::num(v.width),
            svg::num(v.height)
        )
    };
    let zoom = move |factor: f64| view.set(Some(view_box().zoomed(factor)));

    let on_wheel = move |e: ev::WheelEvent| {
        if e.ctrl_key() || e.meta_key() {
            e.prevent_default();
            let factor = if e.delta_y() < 0.0 {
                ZOOM_STEP.sqrt()
            } else {
                1.0 / ZOOM_STEP.sqrt()
            };
            // Zoom about the pointer, so that what is under it stays there.
            let vb = view_box();
            let at = e
                .current_target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| client_rect(&el))
                .and_then(|rect| vb.board_point(rect, client_point(&e)));
            match at {
                Some(at) => view.set(Some(vb.zoomed_at(factor, at))),
                None => zoom(factor),
            }
        }
    };
    let on_pointer_down = move |e: ev::PointerEvent| {
        if e.button() != 0 {
            return;
        }
        let (id, x, y) = (
            e.pointer_id(),
            f64::from(e.client_x()),
            f64::from(e.client_y()),
        );
        pointers.update_value(|ps| {
            ps.retain(|p| p.0 != id);
            ps.push((id, x, y));
        });
        let el = event_element(&e);
        if pointers.with_value(Vec::len) == 2 {
            // A second finger: pinch about the point between the two.
            drag.set(None);
            let (a, b) = pointers.with_value(|ps| (ps[0], ps[1]));
            let start = view_box();
            let at = el
                .as_ref()
                .and_then(client_rect)
                .and_then(|rect| start.board_point(rect, midpoint(a, b)));
            if let (Some(el), Some(at)) = (el, at) {
                let _ = el.set_pointer_capture(a.0);
                let _ = el.set_pointer_capture(b.0);
                pinch.set_value(Some(Pinch {
                    start,
                    distance: (a.1 - b.1).hypot(a.2 - b.2).max(1.0),
                    at,
                }));
            }
            return;
        }
        drag.set(Some(Drag {
            pointer: id,
            x,
            y,
            start: view_box(),
            moved: false,
        }));
    };
    let on_pointer_move = move |e: ev::PointerEvent| {
        let id = e.pointer_id();
        let (px, py) = (f64::from(e.client_x()), f64::from(e.client_y()));
        pointers.update_value(|ps| {
            if let Some(p) = ps.iter_mut().find(|p| p.0 == id) {
                (p.1, p.2) = (px, py);
            }
        });
        if let Some(pz) = pinch.get_value() {
            let two = pointers.with_value(|ps| (ps.len() >= 2).then(|| (ps[0], ps[1])));
            let rect = event_element(&e).as_ref().and_then(client_rect);
            if let (Some((a, b)), Some(rect)) = (two, rect) {
                let factor = (a.1 - b.1).hypot(a.2 - b.2) / pz.distance;
                // Scale about the point first pinched, then keep it between the fingers.
                let z = pz.start.zoomed_at(factor, pz.at);
                if let Some(now) = z.board_point(rect, midpoint(a, b)) {
                    let x = z.x + pz.at.x - now.x;
                    let y = z.y + pz.at.y - now.y;
                    view.set(Some(Rect::new(x, y, z.width, z.height)));
                }
            }
            return;
        }
        let Some(d) = drag.get_untracked() else {
            return;
        };
        if d.pointer != id {
            return;
        }
        let (dx, dy) = (px - d.x, py - d.y);
        if !d.moved && dx.hypot(dy) < DRAG_THRESHOLD {
            return;
        }
        let Some(el) = event_element(&e) else {
            return;
        };
        if !d.moved {
            let _ = el.set_pointer_capture(d.pointer);
            drag.set(Some(Drag { moved: true, ..d }));
        }
        let size = Rect::new(
            0.0,
            0.0,
            f64::from(el.client_width()),
            f64::from(el.client_height()),
        );
        if let Some(v) = d.start.panned(size, dx, dy) {
            view.set(Some(v));
        }
    };
    let on_pointer_up = move |e: ev::PointerEvent| {
        let id = e.pointer_id();
        pointers.update_value(|ps| ps.retain(|p| p.0 != id));
        if pointers.with_value(Vec::len) < 2 {
            pinch.set_value(None);
        }
        if drag.get_untracked().is_some_and(|d| d.pointer == id) {
            drag.set(None);
        }
    };

    let download_svg = move |_| {
        let l = layout.get_untracked();
        let doc = scene.with_untracked(|s| svg::scene_svg(s, &l));
        let name = format!("beeline-ply-{}.svg", ply.get_untracked());
        if let Err(e) = dom::download(&doc, &name, "image/svg+xml") {
            leptos::logging::warn!("download failed: {e:?}");
        }
    };

    let is_noon_up = move || orientation.get() == Orientation::NoonUp;
    let is_flat = move || shape.get() == TileShape::Flat;

    view! {
        <section class="board-panel" aria-label="Board">
            <div class="board-toolbar" role="group" aria-label="Board view">
                <button
                    type="button"
                    id="zoom-out"
                    aria-label="Zoom out"
                    title="Zoom out"
                    on:click=move |_| zoom(1.0 / ZOOM_STEP)
                >
                    "−"
                </button>
                <button
                    type="button"
                    id="zoom-in"
                    aria-label="Zoom in"
                    title="Zoom in (or ctrl + wheel)"
                    on:click=move |_| zoom(ZOOM_STEP)
                >
                    "+"
                </button>
                <button
                    type="button"
                    id="fit-board"
                    aria-label="Fit the board to the view"
                    title="Fit the board"
                    on:click=move |_| view.set(None)
                >
                    "Fit"
                </button>
                <button
                    type="button"
                    id="orientation"
                    aria-pressed=move || if is_noon_up() { "true" } else { "false" }
                    title="Noon up: the direction notation's frame (pressed), or as the record was played"
                    on:click=move |_| {
                        orientation
                            .update(|o| {
                                *o = match *o {
                                    Orientation::NoonUp => Orientation::AsPlayed,
                                    Orientation::AsPlayed => Orientation::NoonUp,
                                }
                            })
                    }
                >
                    "Noon up"
                </button>
                <button
                    type="button"
                    id="tile-shape"
                    aria-label=move || {
                        if is_flat() {
                            "Tiles: flat. Switch to pointy"
                        } else {
                            "Tiles: pointy. Switch to flat"
                        }
                    }
                    title="Flat or pointy tiles"
                    on:click=move |_| {
                        shape
                            .update(|s| {
                                *s = match *s {
                                    TileShape::Flat => TileShape::Pointy,
                                    TileShape::Pointy => TileShape::Flat,
                                }
                            })
                    }
                >
                    {move || if is_flat() { "⬢ Flat" } else { "⬣ Pointy" }}
                </button>
                <button
                    type="button"
                    id="download-svg"
                    aria-label="Download the current board as an SVG image"
                    title="Download the board as an SVG image"
                    on:click=download_svg
                >
                    "⤓ SVG"
                </button>
            </div>
            <div class="board-frame">
                <svg
                    id="board"
                    class="hive-board"
                    class:dragging=move || drag.get().is_some_and(|d| d.moved)
                    xmlns="http://www.w3.org/2000/svg"
                    role="group"
                    aria-label=move || format!("Hive board after {} moves", ply.get())
                    data-ply=move || ply.get().to_string()
                    viewBox=view_box_attr
                    on:wheel=on_wheel
                    on:pointerdown=on_pointer_down
                    on:pointermove=on_pointer_move
                    on:pointerup=on_pointer_up
                    on:pointercancel=on_pointer_up
                >
                    <g class="under" inner_html=move || under.get()></g>
                    <For
                        each=move || items.get()
                        key=|t| t.key
                        children=move |t: TileItem| {
                            let label = t.label.clone();
                            let on_show = {
                                let label = label.clone();
                                move || popover.set(Some(label.clone()))
                            };
                            let on_focus = on_show.clone();
                            view! {
                                <g
                                    class="piece"
                                    tabindex="0"
                                    role="img"
                                    aria-label=label
                                    use:data_attributes=t.attributes
                                    on:click=move |_| {
                                        if !drag.get_untracked().is_some_and(|d| d.moved) {
                                            on_show()
                                        }
                                    }
                                    on:focus=move |_| on_focus()
                                    on:blur=move |_| popover.set(None)
                                    inner_html=t.markup
                                ></g>
                            }
                        }
                    />
                    <g class="over" inner_html=move || over.get()></g>
                </svg>
                <Show when=move || popover.with(Option::is_some)>
                    <p class="board-popover" role="status">
                        {move || popover.get().unwrap_or_default()}
                        <button
                            type="button"
                            class="board-popover-close"
                            aria-label="Close"
                            on:click=move |_| popover.set(None)
                        >
                            "×"
                        </button>
                    </p>
                </Show>
            </div>
        </section>
    }
}
