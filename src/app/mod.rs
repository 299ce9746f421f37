//! The browser user interface (Leptos, client-side rendered).
//!
//! One component per file; this module holds the root component [`App`].

use leptos::prelude::*;

mod board_view;

pub use board_view::BoardView;

/// The root component, mounted to `<body>` by the `beeline-app` binary.
///
/// Its root element carries `data-ready="true"` once the app has mounted, so that
/// browser tests can wait for it.
#[component]
pub fn App() -> impl IntoView {
    let (ready, set_ready) = signal(false);
    // Effects run after the view has been built and attached to the page.
    Effect::new(move |_| set_ready.set(true));

    view! {
        <main id="app" class="app" data-ready=move || if ready.get() { "true" } else { "false" }>
            <header class="app-header">
                <h1 class="app-title">"Beeline"</h1>
                <p class="hint">"A viewer for games of Hive. Open a game record to replay it move by move."</p>
            </header>
            <BoardView/>
        </main>
    }
}
