//! What the loaded record says: its format, players, date, event, result and notices, and
//! why loading stopped when it did.

use super::Viewer;
use leptos::prelude::*;

#[component]
pub fn GameInfo(viewer: Viewer) -> impl IntoView {
    let info = Memo::new(move |_| viewer.game.with(|g| g.info()));
    let error = move || {
        viewer
            .load_error
            .get()
            .or_else(|| viewer.game.with(|g| g.error_message()))
    };
    view! {
        <section class="game-info" aria-label="Game">
            <p class="format">
                <span id="record-format">{move || info.with(|i| i.format.clone())}</span>
                " · "
                <span id="game-type">{move || info.with(|i| i.game_type.clone())}</span>
            </p>
            <dl id="game-meta" class="meta">
                {move || info.with(|i| i.facts.iter().map(|(label, value)| view! {
                    <div class="fact" data-fact=label.to_ascii_lowercase()>
                        <dt>{*label}</dt>
                        <dd>{value.clone()}</dd>
                    </div>
                }).collect_view())}
            </dl>
            <Show when=move || info.with(|i| !i.notices.is_empty())>
                <ul id="record-notices" class="notices">
                    {move || info.with(|i| i.notices.iter().map(|n| view! { <li>{n.clone()}</li> }).collect_view())}
                </ul>
            </Show>
            {move || error().map(|e| view! { <p id="record-error" class="error" role="alert">{e}</p> })}
        </section>
    }
}
