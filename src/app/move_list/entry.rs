//! Playing moves by typing them: a field that takes a move in any notation, the reason a
//! text is not a move, the names of the move a hovered destination would play, and a pass
//! button offered only when passing is the only legal move.

use std::time::Duration;

use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::{self, dom, services, Markup, Sink, Var};
use crate::app::model::study;
use crate::app::model::viewer::{ChosenPosition, Viewer};
use crate::engine::position::Move;
use crate::view::svg::escape;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

crate::controls! {
    /// The field, its buttons and its lines.
    pub(crate) enum MoveEntryControl {
        Input = "move-input",
        Play = "play-typed",
        Pass = "pass",
        Error = "move-error",
        Candidate = "move-candidate",
    }
}

/// The markup, its ids from [`MoveEntryControl`].
fn markup() -> String {
    Markup::new()
        .raw(r#"<div class="move-form"><label for="move-input">Play a move</label>"#)
        .control("input", MoveEntryControl::Input, r#" type="text" autocomplete="off" spellcheck="false" placeholder="wA1 -bQ, A2×Qs or wA m n2" aria-describedby="move-error" aria-invalid="false">"#)
        .raw(r#"<button type="button""#)
        .id(MoveEntryControl::Play)
        .raw(r#">Play</button><button type="button""#)
        .id(MoveEntryControl::Pass)
        .raw(r#" hidden>Pass</button></div>"#)
        .control("p", MoveEntryControl::Error, r#" class="move-error" role="alert"></p>"#)
        .raw(r#"<p class="move-candidate""#)
        .id(MoveEntryControl::Candidate)
        .raw(r#" aria-live="polite"></p>"#)
        .done()
}

/// Reads the move typed in `input` (`study::read_typed`, in any notation) and plays it if
/// the board still shows the position `at` it was typed in; `error` or `played` says how it
/// went. In a chunk of its own: the three notations' readers and their messages, and this
/// handling, are needed only once someone types.
#[wasm_split(typing, fallible)]
fn play_typed_in_chunk(
    viewer: Viewer,
    error: Var<Option<String>>,
    played: Var<String>,
    input: web_sys::Element,
    at: Box<ChosenPosition>,
    typed: String,
) -> Result<(), Unavailable> {
    if viewer.study.position.with_untracked(|now| *now != *at) {
        return Ok(());
    }
    match play_text(viewer, &at, &typed) {
        Ok(said) => {
            error.set(None);
            dom::set_value(&input, "");
            played.set(said);
        }
        Err(e) => {
            played.set(String::new());
            error.set(Some(e));
        }
    }
    Ok(())
}

/// Plays the move `typed` names in the position `at`: what the line under the field then
/// says, or why the text is no move there.
fn play_text(viewer: Viewer, at: &ChosenPosition, typed: &str) -> Result<String, String> {
    let coordinates = viewer.study.game.with_untracked(|g| g.record.coordinates);
    let mv = study::read_typed(&at.pos, coordinates, typed).map_err(|e| e.to_string())?;
    let row = study::notate_candidate(&at.pos, coordinates, mv);
    viewer.play(mv)?;
    Ok(format!(
        "Played {} ({}, {}).",
        row.standard, row.direction, row.algebraic_short
    ))
}

/// Starts fetching the typed moves' reader (when the field is focused).
fn prefetch_typing() {
    services::spawn(async {
        let _ = __wasm_split_preload_play_typed_in_chunk().await;
    });
}

/// Plays the move typed in `input` ([`play_typed_in_chunk`], loaded on first use).
fn play_typed(
    viewer: Viewer,
    error: Var<Option<String>>,
    played: Var<String>,
    input: &web_sys::Element,
) {
    let input = input.clone();
    let typed = dom::value_of(&input);
    let at = Box::new(viewer.study.position.get_untracked());
    services::spawn(async move {
        if let Err(e) = play_typed_in_chunk(viewer, error, played, input, at, typed).await {
            error.set(Some(format!("Could not read the move: {e}.")));
        }
    });
}

/// The line under the field (markup): the hovered destination's names, or the move just
/// played.
fn candidate_line(viewer: Viewer, played: Var<String>) -> String {
    let Some(mv) = viewer.study.candidate.get() else {
        return escape(&played.get());
    };
    let coordinates = viewer.study.game.with(|g| g.record.coordinates);
    let at = viewer.study.position.get();
    if !at.pos.is_legal(mv) {
        return String::new();
    }
    let row = study::notate_candidate(&at.pos, coordinates, mv);
    format!(
        "<span class=\"label\">This move:</span> <span class=\"standard\">{}</span> \
         <span class=\"direction\">{}</span> <span class=\"algebraic\">{}</span>",
        escape(&row.standard),
        escape(&row.direction),
        escape(&row.algebraic_short)
    )
}

/// The field and its lines: static markup, set by effects, with the events delegated (see
/// `controls` for why).
#[component]
pub fn MoveEntry(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<leptos::html::Div>::new();
    let error = Var::new(None::<String>);
    // What the line under the field says: the hovered destination's names, or the move
    // just played.
    let played = Var::new(String::new());

    let submit = move |input: &web_sys::Element| play_typed(viewer, error, played, input);
    let line = move || candidate_line(viewer, played);
    // The elements found once, then kept up to date.
    kit::on_mount(
        root,
        Box::new(move |root| {
            let find = |c: MoveEntryControl| kit::controls::element(&root, c);
            let (input, message, pass, candidate) = (
                find(MoveEntryControl::Input),
                find(MoveEntryControl::Error),
                find(MoveEntryControl::Pass),
                find(MoveEntryControl::Candidate),
            );
            kit::watch(Box::new(move || {
                let text = error.get();
                if let Some(input) = &input {
                    let invalid = if text.is_some() { "true" } else { "false" };
                    dom::set_attr(input, "aria-invalid", Some(invalid));
                }
                if let Some(p) = &message {
                    p.set_text_content(text.as_deref());
                }
            }));
            // Whether passing is the only move: worked out in the task after a step (the legal
            // moves are no part of drawing it).
            let settle = services::Settle::new(
                Duration::ZERO,
                Box::new(move || {
                    let only_pass = viewer
                        .study
                        .position
                        .try_with_untracked(|at| at.pos.legal_moves() == [Move::Pass]);
                    if let (Some(b), Some(only_pass)) = (&pass, only_pass) {
                        dom::set_flag(b, "hidden", !only_pass);
                    }
                }),
            );
            kit::watch(Box::new(move || {
                viewer.study.position.track();
                settle.schedule();
            }));
            if let Some(p) = candidate {
                kit::bind(p, Sink::Html, Box::new(move || Some(line())));
            }
        }),
    );
    kit::on_mount(
        root,
        Box::new(move |div| {
            let at = div.clone();
            dom::listen(&div, &["input", "keydown", "click", "focusin"], move |e| {
                let Some(input) = kit::controls::element(&at, MoveEntryControl::Input) else {
                    return;
                };
                let Some((control, _)) = kit::controls::control_of::<MoveEntryControl>(&e) else {
                    return;
                };
                match (control, e.type_().as_str()) {
                    (MoveEntryControl::Input, "focusin") => prefetch_typing(),
                    (MoveEntryControl::Input, "input") => error.set(None),
                    (MoveEntryControl::Input, "keydown") => {
                        let key = e
                            .dyn_ref::<web_sys::KeyboardEvent>()
                            .map(|k| k.key())
                            .unwrap_or_default();
                        match key.as_str() {
                            "Enter" => {
                                e.prevent_default();
                                submit(&input);
                            }
                            "Escape" => {
                                dom::set_value(&input, "");
                                error.set(None);
                            }
                            _ => {}
                        }
                    }
                    (MoveEntryControl::Play, "click") => submit(&input),
                    (MoveEntryControl::Pass, "click") => {
                        if let Err(e) = viewer.play(Move::Pass) {
                            error.set(Some(e));
                        }
                    }
                    (
                        MoveEntryControl::Input
                        | MoveEntryControl::Play
                        | MoveEntryControl::Pass
                        | MoveEntryControl::Error
                        | MoveEntryControl::Candidate,
                        _,
                    ) => {}
                }
            });
        }),
    );

    view! { <div class="move-entry" node_ref=root inner_html=markup()></div> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markup_is_written_from_the_controls_as_it_was_by_hand() {
        let by_hand = concat!(
            r#"<div class="move-form"><label for="move-input">Play a move</label>"#,
            r#"<input id="move-input" type="text" autocomplete="off" spellcheck="false" placeholder="wA1 -bQ, A2×Qs or wA m n2" aria-describedby="move-error" aria-invalid="false">"#,
            r#"<button type="button" id="play-typed">Play</button>"#,
            r#"<button type="button" id="pass" hidden>Pass</button></div>"#,
            r#"<p id="move-error" class="move-error" role="alert"></p>"#,
            r#"<p class="move-candidate" id="move-candidate" aria-live="polite"></p>"#,
        );
        assert_eq!(markup(), by_hand);
        assert_eq!(
            kit::controls::check_markup::<MoveEntryControl>(&markup()),
            Vec::<String>::new()
        );
    }

    #[test]
    fn a_typed_move_is_played_or_its_error_put_in_words() {
        kit::testing::with_owner(|| {
            let g = crate::app::model::game::load_text("Base;InProgress;White[2];wS1;bS1 -wS1")
                .unwrap();
            let end = *g.record.tree.mainline_nodes().last().unwrap();
            let pos = g.record.tree.position_at(end).unwrap();
            let words = study::read_typed(&pos, g.record.coordinates, "hello")
                .unwrap_err()
                .to_string();
            let viewer = Viewer::new(g, end, None);
            let at = viewer.study.position.get_untracked();
            assert_eq!(play_text(viewer, &at, "hello"), Err(words));
            assert_eq!(viewer.study.node_untracked(), end, "nothing played");
            let said = play_text(viewer, &at, "wQ wS1-").unwrap();
            assert!(said.starts_with("Played wQ wS1- ("), "{said}");
            let now = viewer.study.node_untracked();
            assert_eq!(
                viewer.study.game.with_untracked(|g| g.tree().parent(now)),
                Some(end)
            );
        });
    }
}
