//! Stepping through the game: first/previous/next/last, a slider, a move-number field and
//! autoplay at an adjustable speed.

use super::keys::{self, Step};
use super::Viewer;
use leptos::prelude::*;
use std::time::Duration;

/// A small icon drawn in SVG (fonts lack some media symbols): bars and triangles.
fn icon(path: &'static str) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d=path fill="currentColor"></path>
        </svg>
    }
}

/// Autoplay speeds (milliseconds per move) offered, slowest first.
const SPEEDS_MS: [u32; 5] = [2000, 1200, 800, 500, 250];

const FIRST: &str = "M3 3h2v10H3zM13 3v10L6 8z";
const PREV: &str = "M12 3v10L4 8z";
const NEXT: &str = "M4 3v10l8-5z";
const LAST: &str = "M11 3h2v10h-2zM3 3v10l7-5z";
const PLAY: &str = "M2 3v10l6-5zM8 3v10l6-5z";
const PAUSE: &str = "M4 3h3v10H4zM9 3h3v10H9z";

#[component]
pub fn Controls(viewer: Viewer) -> impl IntoView {
    let speed = RwSignal::new(SPEEDS_MS[2]);
    let timer = StoredValue::new(None::<IntervalHandle>);

    // Autoplay: one move per tick until the end; restarts when the speed changes.
    Effect::new(move |_| {
        let playing = viewer.playing.get();
        let ms = speed.get();
        if let Some(h) = timer.get_value() {
            h.clear();
        }
        timer.set_value(None);
        if !playing {
            return;
        }
        let handle = set_interval_with_handle(
            move || {
                if viewer.ply.get_untracked() >= viewer.moves() {
                    viewer.playing.set(false);
                } else {
                    viewer.step(Step::Next);
                }
            },
            Duration::from_millis(u64::from(ms)),
        );
        timer.set_value(handle.ok());
    });
    on_cleanup(move || {
        if let Some(h) = timer.get_value() {
            h.clear();
        }
    });

    let toggle_play = move |_| {
        if viewer.playing.get_untracked() {
            viewer.playing.set(false);
        } else {
            if viewer.ply.get_untracked() >= viewer.moves() {
                viewer.step(Step::First);
            }
            viewer.playing.set(true);
        }
    };
    let len = move || viewer.moves();
    let at_start = move || viewer.ply.get() == 0;
    let at_end = move || viewer.ply.get() >= len();
    let status = move || {
        let ply = viewer.ply.get();
        let node = viewer.node();
        let len = len();
        viewer.game.with(|g| match g.row(node) {
            Some(row) => format!(
                "Move {ply} of {len} · player {}, turn {}",
                row.player, row.turn
            ),
            None => format!("Start · {len} moves"),
        })
    };

    view! {
        <div class="controls" role="group" aria-label="Move through the game">
            <div class="buttons">
                <button id="first" type="button" aria-label="First position (Home)" title="First position (Home)"
                    disabled=at_start on:click=move |_| viewer.step(Step::First)>{icon(FIRST)}</button>
                <button id="prev" type="button" aria-label="Previous move (Left arrow)" title="Previous move (←)"
                    disabled=at_start on:click=move |_| viewer.step(Step::Prev)>{icon(PREV)}</button>
                <button id="autoplay" type="button" class="play"
                    aria-pressed=move || if viewer.playing.get() { "true" } else { "false" }
                    aria-label=move || if viewer.playing.get() { "Pause" } else { "Play through the game" }
                    on:click=toggle_play>
                    {move || if viewer.playing.get() { icon(PAUSE) } else { icon(PLAY) }}
                </button>
                <button id="next" type="button" aria-label="Next move (Right arrow)" title="Next move (→)"
                    disabled=at_end on:click=move |_| viewer.step(Step::Next)>{icon(NEXT)}</button>
                <button id="last" type="button" aria-label="Last position (End)" title="Last position (End)"
                    disabled=at_end on:click=move |_| viewer.step(Step::Last)>{icon(LAST)}</button>
            </div>
            <input id="ply-slider" class="slider" type="range" min="0" max=move || len().to_string()
                aria-label="Position in the game"
                prop:value=move || viewer.ply.get().to_string()
                on:input=move |ev| {
                    if let Some(p) = keys::parse_ply(&event_target_value(&ev), len()) {
                        viewer.step(Step::To(p));
                    }
                }/>
            <div class="fields">
                <label for="move-number">"Move"</label>
                <input id="move-number" type="number" min="0" max=move || len().to_string() inputmode="numeric"
                    prop:value=move || viewer.ply.get().to_string()
                    on:change=move |ev| {
                        if let Some(p) = keys::parse_ply(&event_target_value(&ev), len()) {
                            viewer.step(Step::To(p));
                        }
                    }/>
                <span class="of">{move || format!("of {}", len())}</span>
                <label for="autoplay-speed">"Speed"</label>
                <select id="autoplay-speed"
                    on:change=move |ev| {
                        if let Ok(ms) = event_target_value(&ev).parse::<u32>() {
                            speed.set(ms);
                        }
                    }>
                    {SPEEDS_MS.into_iter().map(|ms| view! {
                        <option value=ms.to_string() selected=move || speed.get() == ms>
                            {format!("{}.{:02} s", ms / 1000, ms % 1000 / 10)}
                        </option>
                    }).collect_view()}
                </select>
            </div>
            <p class="status" aria-live="polite">{status}</p>
        </div>
    }
}
