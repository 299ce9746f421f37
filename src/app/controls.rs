//! Stepping through the game: first/previous/next/last, a slider, a move-number field and
//! autoplay at an adjustable speed.
//!
//! The markup is static and its state is set by one effect, with the events delegated to the
//! group: a view built element by element costs the bundle several times as much.

use super::keys::{self, Step};
use super::kit::{self, dom};
use super::kit::{Stored, Var};
use super::Viewer;
use leptos::prelude::*;
use std::time::Duration;

/// Autoplay speeds (milliseconds per move) offered, slowest first; the default is the middle
/// one (selected in [`MARKUP`]).
const SPEEDS_MS: [u32; 5] = [2000, 1200, 800, 500, 250];
const DEFAULT_SPEED_MS: u32 = 800;

/// Icons drawn in SVG (fonts lack some media symbols): bars and triangles.
const PLAY: &str = "M2 3v10l6-5zM8 3v10l6-5z";
const PAUSE: &str = "M4 3h3v10H4zM9 3h3v10H9z";

const MARKUP: &str = concat!(
    r#"<div class="buttons">"#,
    r#"<button id="first" type="button" aria-label="First position (Home)" title="First position (Home)" disabled><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M3 3h2v10H3zM13 3v10L6 8z" fill="currentColor"></path></svg></button>"#,
    r#"<button id="prev" type="button" aria-label="Previous move (Left arrow)" title="Previous move (←)" disabled><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M12 3v10L4 8z" fill="currentColor"></path></svg></button>"#,
    r#"<button id="autoplay" type="button" class="play" aria-pressed="false" aria-label="Play through the game"><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M2 3v10l6-5zM8 3v10l6-5z" fill="currentColor"></path></svg></button>"#,
    r#"<button id="next" type="button" aria-label="Next move (Right arrow)" title="Next move (→)"><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M4 3v10l8-5z" fill="currentColor"></path></svg></button>"#,
    r#"<button id="last" type="button" aria-label="Last position (End)" title="Last position (End)"><svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="M11 3h2v10h-2zM3 3v10l7-5z" fill="currentColor"></path></svg></button>"#,
    r#"</div>"#,
    r#"<input id="ply-slider" class="slider" type="range" min="0" max="0" value="0" aria-label="Position in the game">"#,
    r#"<div class="fields"><label for="move-number">Move</label>"#,
    r#"<input id="move-number" type="number" min="0" max="0" value="0" inputmode="numeric">"#,
    r#"<span class="of"></span><label for="autoplay-speed">Speed</label><select id="autoplay-speed">"#,
    r#"<option value="2000">2.00 s</option><option value="1200">1.20 s</option>"#,
    r#"<option value="800" selected>0.80 s</option><option value="500">0.50 s</option>"#,
    r#"<option value="250">0.25 s</option></select></div>"#,
    r#"<p class="status" aria-live="polite"></p>"#,
);

/// What the controls last showed, besides the fields and the status.
#[derive(Clone, Copy)]
struct Shown {
    at_start: bool,
    at_end: bool,
    len: usize,
    playing: bool,
}

#[component]
pub fn Controls(viewer: Viewer) -> impl IntoView {
    let speed = Var::new(DEFAULT_SPEED_MS);
    let timer = Stored::new(None::<IntervalHandle>);
    let root = NodeRef::<leptos::html::Div>::new();

    // Autoplay: one move per tick until the end; restarts when the speed changes.
    kit::watch(Box::new(move || {
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
    }));
    on_cleanup(move || {
        if let Some(h) = timer.get_value() {
            h.clear();
        }
    });

    // The state shown: the buttons that can act, the play button, the fields and the status
    // (the elements found once, then set at every step). What was last written is kept, so
    // that a step writes the fields and the status and nothing else: every write (and every
    // read of the page to compare) costs a step its share.
    kit::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let find = |selector: &str| dom::find(&root, selector);
        let back = [find("#first"), find("#prev")];
        let on = [find("#next"), find("#last")];
        let (play, icon) = (find("#autoplay"), find("#autoplay path"));
        let fields = [find("#ply-slider"), find("#move-number")];
        let (of, status) = (find(".of"), find(".status"));
        let written = std::cell::RefCell::new(None::<Shown>);
        kit::watch(Box::new(move || {
            let ply = viewer.ply.get();
            let len = viewer.moves();
            let playing = viewer.playing.get();
            let node = viewer.node();
            let text = viewer.game.with(|g| match g.row(node) {
                Some(row) => format!(
                    "Move {ply} of {len} · player {}, turn {}",
                    row.player, row.turn
                ),
                None => format!("Start · {len} moves"),
            });
            let now = Shown {
                at_start: ply == 0,
                at_end: ply >= len,
                len,
                playing,
            };
            let mut written = written.borrow_mut();
            let old = written.as_ref();
            if old.map(|o| o.at_start) != Some(now.at_start) {
                for el in back.iter().flatten() {
                    dom::set_flag(el, "disabled", now.at_start);
                }
            }
            if old.map(|o| o.at_end) != Some(now.at_end) {
                for el in on.iter().flatten() {
                    dom::set_flag(el, "disabled", now.at_end);
                }
            }
            if old.map(|o| o.playing) != Some(playing) {
                if let Some(el) = &play {
                    let (pressed, label) = if playing {
                        ("true", "Pause")
                    } else {
                        ("false", "Play through the game")
                    };
                    dom::set_attr(el, "aria-pressed", Some(pressed));
                    dom::set_attr(el, "aria-label", Some(label));
                }
                if let Some(el) = &icon {
                    dom::set_attr(el, "d", Some(if playing { PAUSE } else { PLAY }));
                }
            }
            let ply_text = ply.to_string();
            if old.map(|o| o.len) != Some(len) {
                let len_text = len.to_string();
                for el in fields.iter().flatten() {
                    dom::set_attr(el, "max", Some(&len_text));
                }
                if let Some(el) = &of {
                    dom::set_text(el, &format!("of {len}"));
                }
            }
            // The fields as the user may have left them (a number typed, not yet entered).
            for el in fields.iter().flatten() {
                if dom::value_of(el) != ply_text {
                    dom::set_value(el, &ply_text);
                }
            }
            if let Some(el) = &status {
                dom::set_text(el, &text);
            }
            *written = Some(now);
        }));
    }));

    // What the user does: the buttons, the slider, the move number and the speed.
    kit::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        dom::listen(&root, &["click", "input", "change"], move |e| {
            let Some(el) = dom::event_closest(&e, "button, input, select") else {
                return;
            };
            let kind = e.type_();
            match (kind.as_str(), el.id().as_str()) {
                ("click", "first") => viewer.step(Step::First),
                ("click", "prev") => viewer.step(Step::Prev),
                ("click", "next") => viewer.step(Step::Next),
                ("click", "last") => viewer.step(Step::Last),
                ("click", "autoplay") => {
                    if viewer.playing.get_untracked() {
                        viewer.playing.set(false);
                    } else {
                        if viewer.ply.get_untracked() >= viewer.moves() {
                            viewer.step(Step::First);
                        }
                        viewer.playing.set(true);
                    }
                }
                ("input", "ply-slider") | ("change", "move-number") => {
                    if let Some(p) = keys::parse_ply(&dom::value_of(&el), viewer.moves()) {
                        viewer.step(Step::To(p));
                    }
                }
                ("change", "autoplay-speed") => {
                    if let Ok(ms) = dom::value_of(&el).parse::<u32>() {
                        if SPEEDS_MS.contains(&ms) {
                            speed.set(ms);
                        }
                    }
                }
                _ => {}
            }
        });
    }));

    view! {
        <div
            class="controls"
            role="group"
            aria-label="Move through the game"
            node_ref=root
            inner_html=MARKUP
        ></div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markup_offers_every_speed_and_selects_the_default() {
        for ms in SPEEDS_MS {
            let option = format!(
                "<option value=\"{ms}\"{}>{}.{:02} s</option>",
                if ms == DEFAULT_SPEED_MS {
                    " selected"
                } else {
                    ""
                },
                ms / 1000,
                ms % 1000 / 10
            );
            assert!(MARKUP.contains(&option), "{option}");
        }
        assert_eq!(MARKUP.matches("<option").count(), SPEEDS_MS.len());
        // The play button starts with the play icon.
        assert!(MARKUP.contains(&format!("<path d=\"{PLAY}\"")));
        for id in [
            "first",
            "prev",
            "autoplay",
            "next",
            "last",
            "ply-slider",
            "move-number",
        ] {
            assert!(MARKUP.contains(&format!("id=\"{id}\"")), "{id}");
        }
    }
}
