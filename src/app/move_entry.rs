//! Playing moves by typing them: a field that takes a move in any notation, the reason a
//! text is not a move, the names of the move a hovered destination would play, and a pass
//! button offered only when passing is the only legal move.

use super::study;
use super::Viewer;
use crate::engine::position::Move;
use crate::view::svg::escape;
use leptos::prelude::*;

#[component]
pub fn MoveEntry(viewer: Viewer) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    // What the line under the field says: the hovered destination's names, or the move
    // just played.
    let played = RwSignal::new(String::new());

    let submit = move || {
        let typed = text.get_untracked();
        let coordinates = viewer.game.with_untracked(|g| g.record.coordinates);
        let at = viewer.position.get_untracked();
        let result = study::read_typed(&at.pos, coordinates, &typed)
            .map_err(|e| e.to_string())
            .and_then(|mv| {
                let row = study::notate_candidate(&at.pos, coordinates, mv);
                viewer.play(mv).map(|()| row)
            });
        match result {
            Ok(row) => {
                error.set(None);
                text.set(String::new());
                played.set(format!(
                    "Played {} ({}, {}).",
                    row.standard, row.direction, row.algebraic_short
                ));
            }
            Err(e) => {
                played.set(String::new());
                error.set(Some(e));
            }
        }
    };

    // One markup string for the line: a single reactive attribute is far lighter in the
    // bundle than a reactive element per part.
    let line = move || {
        let Some(mv) = viewer.candidate.get() else {
            return escape(&played.get());
        };
        let coordinates = viewer.game.with(|g| g.record.coordinates);
        let at = viewer.position.get();
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
    };
    let only_pass = move || {
        viewer
            .position
            .with(|at| at.pos.legal_moves() == [Move::Pass])
    };

    view! {
        <div class="move-entry">
            <div class="move-form">
                <label for="move-input">"Play a move"</label>
                <input id="move-input" type="text" autocomplete="off" spellcheck="false"
                    placeholder="wA1 -bQ, A2×Qs or wA m n2"
                    aria-describedby="move-error"
                    aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                    prop:value=move || text.get()
                    on:input=move |ev| {
                        text.set(event_target_value(&ev));
                        error.set(None);
                    }
                    on:keydown=move |ev| match ev.key().as_str() {
                        "Enter" => {
                            ev.prevent_default();
                            submit();
                        }
                        "Escape" => {
                            text.set(String::new());
                            error.set(None);
                        }
                        _ => {}
                    }/>
                <button type="button" id="play-typed" on:click=move |_| submit()>"Play"</button>
                <button type="button" id="pass" hidden=move || !only_pass()
                    on:click=move |_| {
                        if let Err(e) = viewer.play(Move::Pass) {
                            error.set(Some(e));
                        }
                    }>"Pass"</button>
            </div>
            <p id="move-error" class="move-error" role="alert">{move || error.get()}</p>
            <p class="move-candidate" id="move-candidate" aria-live="polite" inner_html=line></p>
        </div>
    }
}
