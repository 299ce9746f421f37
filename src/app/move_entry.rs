//! Playing moves by typing them: a field that takes a move in any notation, the reason a
//! text is not a move, the names of the move a hovered destination would play, and a pass
//! button offered only when passing is the only legal move.

use super::study;
use super::Viewer;
use crate::engine::position::Move;
use leptos::prelude::*;

#[component]
pub fn MoveEntry(viewer: Viewer) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    // A message about the last move played by typing (for screen readers too).
    let played = RwSignal::new(String::new());

    let submit = move || {
        let typed = text.get_untracked();
        let coordinates = viewer.game.with_untracked(|g| g.record.coordinates);
        let at = viewer.position.get_untracked();
        let read = study::read_typed(&at.pos, coordinates, &typed);
        let result = read.map_err(|e| e.to_string()).and_then(|mv| {
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

    // The three names of the move a hovered destination would play.
    let candidate = move || {
        let mv = viewer.candidate.get()?;
        let coordinates = viewer.game.with(|g| g.record.coordinates);
        let at = viewer.position.get();
        at.pos
            .is_legal(mv)
            .then(|| study::notate_candidate(&at.pos, coordinates, mv))
    };
    let only_pass = move || {
        viewer
            .position
            .with(|at| at.pos.legal_moves() == [Move::Pass])
    };
    let over = move || viewer.position.with(|at| at.pos.state().is_over());

    view! {
        <div class="move-entry">
            <form class="move-form" on:submit=move |ev| {
                ev.prevent_default();
                submit();
            }>
                <label for="move-input">"Play a move"</label>
                <input id="move-input" type="text" autocomplete="off" spellcheck="false"
                    placeholder=move || if over() { "The game is over" } else { "wA1 -bQ, A2×Qs or wA m n2" }
                    aria-describedby="move-error"
                    aria-invalid=move || if error.with(Option::is_some) { "true" } else { "false" }
                    prop:value=move || text.get()
                    on:input=move |ev| {
                        text.set(event_target_value(&ev));
                        error.set(None);
                    }
                    on:keydown=move |ev| {
                        if ev.key() == "Escape" {
                            text.set(String::new());
                            error.set(None);
                        }
                    }/>
                <button type="submit" id="play-typed">"Play"</button>
                <Show when=only_pass>
                    <button type="button" id="pass" on:click=move |_| {
                        if let Err(e) = viewer.play(Move::Pass) {
                            error.set(Some(e));
                        }
                    }>"Pass"</button>
                </Show>
            </form>
            <p id="move-error" class="move-error" role="alert">{move || error.get()}</p>
            <p class="move-candidate" id="move-candidate" aria-live="polite">
                {move || match candidate() {
                    Some(row) => view! {
                        <span class="label">"This move: "</span>
                        <span class="standard">{row.standard}</span>
                        <span class="direction">{row.direction}</span>
                        <span class="algebraic">{row.algebraic_short}</span>
                    }.into_any(),
                    None => view! { <span class="played">{move || played.get()}</span> }.into_any(),
                }}
            </p>
        </div>
    }
}
