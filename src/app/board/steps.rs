//! Stepping through the game: first/previous/next/last, a slider, a move-number field and
//! autoplay at an adjustable speed.
//!
//! The markup is static and its state is set by one effect, with the events delegated to the
//! group: a view built element by element costs the bundle several times as much.

use crate::app::kit::{self, controls, dom, services, Markup};
use crate::app::kit::{Stored, Var};
use crate::app::model::keys::{self, Step};
use crate::app::model::viewer::Viewer;
use leptos::prelude::*;
use std::time::Duration;

/// Autoplay speeds (milliseconds per move) offered, slowest first; the default is the middle
/// one (selected in the markup).
const SPEEDS_MS: [u32; 5] = [2000, 1200, 800, 500, 250];
const DEFAULT_SPEED_MS: u32 = 800;

/// Icons drawn in SVG (fonts lack some media symbols): bars and triangles.
const PLAY: &str = "M2 3v10l6-5zM8 3v10l6-5z";
const PAUSE: &str = "M4 3h3v10H4zM9 3h3v10H9z";

crate::controls! {
    /// The controls' elements.
    enum StepControl {
        First = "first",
        Prev = "prev",
        Autoplay = "autoplay",
        Next = "next",
        Last = "last",
        Slider = "ply-slider",
        MoveNumber = "move-number",
        Speed = "autoplay-speed",
    }
}

/// A button's icon: one path.
fn icon(path: &str) -> String {
    format!(
        r#"<svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true"><path d="{path}" fill="currentColor"></path></svg></button>"#
    )
}

/// The controls' markup, their ids from [`StepControl`].
fn markup() -> String {
    use StepControl as C;
    let button = r#" type="button" "#;
    Markup::new()
        .raw(r#"<div class="buttons">"#)
        .control("button", C::First, &format!(r#"{button}aria-label="First position (Home)" title="First position (Home)" disabled>{}"#, icon("M3 3h2v10H3zM13 3v10L6 8z")))
        .control("button", C::Prev, &format!(r#"{button}aria-label="Previous move (Left arrow)" title="Previous move (←)" disabled>{}"#, icon("M12 3v10L4 8z")))
        .control("button", C::Autoplay, &format!(r#"{button}class="play" aria-pressed="false" aria-label="Play through the game">{}"#, icon(PLAY)))
        .control("button", C::Next, &format!(r#"{button}aria-label="Next move (Right arrow)" title="Next move (→)">{}"#, icon("M4 3v10l8-5z")))
        .control("button", C::Last, &format!(r#"{button}aria-label="Last position (End)" title="Last position (End)">{}"#, icon("M11 3h2v10h-2zM3 3v10l7-5z")))
        .raw("</div>")
        .control("input", C::Slider, r#" class="slider" type="range" min="0" max="0" value="0" aria-label="Position in the game">"#)
        .raw(r#"<div class="fields"><label for="move-number">Move</label>"#)
        .control("input", C::MoveNumber, r#" type="number" min="0" max="0" value="0" inputmode="numeric">"#)
        .raw(r#"<span class="of"></span><label for="autoplay-speed">Speed</label>"#)
        .control("select", C::Speed, &speed_options())
        .raw("</div>")
        .raw(r#"<p class="status" aria-live="polite"></p>"#)
        .done()
}

/// The speed menu's options (the default selected) and its end tag.
fn speed_options() -> String {
    let mut s = String::from(">");
    for ms in SPEEDS_MS {
        let selected = if ms == DEFAULT_SPEED_MS {
            " selected"
        } else {
            ""
        };
        s.push_str(&format!(
            "<option value=\"{ms}\"{selected}>{}.{:02} s</option>",
            ms / 1000,
            ms % 1000 / 10
        ));
    }
    s.push_str("</select>");
    s
}

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
    let root = NodeRef::<leptos::html::Div>::new();
    autoplay(viewer, speed);
    kit::on_mount(
        root,
        Box::new(move |root| {
            show_state(viewer, &root);
            listen(viewer, speed, &root);
        }),
    );
    view! {
        <div
            class="controls"
            role="group"
            aria-label="Move through the game"
            node_ref=root
            inner_html=markup()
        ></div>
    }
}

/// Autoplay: one move per tick until the end; restarts when the speed changes.
fn autoplay(viewer: Viewer, speed: Var<u32>) {
    let timer = Stored::new(None::<services::Interval>);
    kit::watch(Box::new(move || {
        let playing = viewer.study.playing.get();
        let ms = speed.get();
        if let Some(t) = timer.get_value() {
            t.stop();
        }
        timer.set_value(None);
        if !playing {
            return;
        }
        let tick = move || {
            if viewer.study.ply.get_untracked() >= viewer.study.moves() {
                viewer.study.playing.set(false);
            } else {
                viewer.step(Step::Next);
            }
        };
        timer.set_value(services::Interval::start(
            Duration::from_millis(u64::from(ms)),
            tick,
        ));
    }));
    on_cleanup(move || {
        if let Some(t) = timer.get_value() {
            t.stop();
        }
    });
}

/// The state shown: the buttons that can act, the play button, the fields and the status
/// (the elements found once, then set at every step). What was last written is kept, so
/// that a step writes the fields and the status and nothing else: every write (and every
/// read of the page to compare) costs a step its share.
fn show_state(viewer: Viewer, root: &web_sys::Element) {
    let find = |selector: &str| dom::find(root, selector);
    let id = |c: StepControl| controls::element(root, c);
    let back = [id(StepControl::First), id(StepControl::Prev)];
    let on = [id(StepControl::Next), id(StepControl::Last)];
    let (play, icon) = (id(StepControl::Autoplay), find("#autoplay path"));
    let fields = [id(StepControl::Slider), id(StepControl::MoveNumber)];
    let (of, status) = (find(".of"), find(".status"));
    let written = std::cell::RefCell::new(None::<Shown>);
    kit::watch(Box::new(move || {
        let ply = viewer.study.ply.get();
        let len = viewer.study.moves();
        let playing = viewer.study.playing.get();
        let node = viewer.study.node();
        let text = viewer.study.game.with(|g| match g.row(node) {
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
}

/// What the user does: the buttons, the slider, the move number and the speed.
fn listen(viewer: Viewer, speed: Var<u32>, root: &web_sys::Element) {
    controls::listen(root, &["click", "input", "change"], move |c, e, el| {
        let click = e.type_() == "click";
        match c {
            StepControl::First if click => viewer.step(Step::First),
            StepControl::Prev if click => viewer.step(Step::Prev),
            StepControl::Next if click => viewer.step(Step::Next),
            StepControl::Last if click => viewer.step(Step::Last),
            StepControl::Autoplay if click => {
                if viewer.study.playing.get_untracked() {
                    viewer.study.playing.set(false);
                } else {
                    if viewer.study.ply.get_untracked() >= viewer.study.moves() {
                        viewer.step(Step::First);
                    }
                    viewer.study.playing.set(true);
                }
            }
            StepControl::Slider | StepControl::MoveNumber if !click => {
                if let Some(p) = keys::parse_ply(&dom::value_of(el), viewer.study.moves()) {
                    viewer.step(Step::To(p));
                }
            }
            StepControl::Speed if e.type_() == "change" => {
                if let Ok(ms) = dom::value_of(el).parse::<u32>() {
                    if SPEEDS_MS.contains(&ms) {
                        speed.set(ms);
                    }
                }
            }
            StepControl::First
            | StepControl::Prev
            | StepControl::Next
            | StepControl::Last
            | StepControl::Autoplay
            | StepControl::Slider
            | StepControl::MoveNumber
            | StepControl::Speed => {}
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The markup as it was written by hand before it was written from [`StepControl`]: the
    /// browser tests and the page's styles know it so.
    const BY_HAND: &str = concat!(
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

    #[test]
    fn the_markup_is_written_from_the_controls_as_it_was_by_hand() {
        let m = markup();
        assert_eq!(m, BY_HAND);
        assert_eq!(
            controls::check_markup::<StepControl>(&m),
            Vec::<String>::new()
        );
    }

    #[test]
    fn the_markup_offers_every_speed_and_selects_the_default() {
        let m = markup();
        assert_eq!(m.matches("<option").count(), SPEEDS_MS.len());
        assert_eq!(m.matches(" selected>").count(), 1);
        assert!(m.contains(&format!("<option value=\"{DEFAULT_SPEED_MS}\" selected>")));
        // The play button starts with the play icon.
        assert!(m.contains(&format!("<path d=\"{PLAY}\"")));
    }
}
