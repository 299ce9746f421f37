//! The position editor's panel on the first screen: its markup (`editor::markup`), shown
//! while the editor is open; what it shows and does is the editor's code, loaded on first use
//! through the board's entry point (`BoardWork::Editor`).

use super::drawing_tool::{ask, BoardWork};
use super::editor::markup;
use crate::app::kit::{self, dom, Stored};
use crate::app::model::viewer::Viewer;
use leptos::prelude::*;

#[component]
pub fn EditPanel(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    // One effect shows the panel while the editor is open; what it shows is set, and on
    // the first time its controls are listened to, by code loaded on first use (with
    // the editor itself: the board's entry point, `BoardWork::Editor`).
    let listening = Stored::new(false);
    kit::on_mount(
        root,
        Box::new(move |root| {
            let open = viewer.edit.with(Option::is_some);
            dom::set_flag(&root, "hidden", !open);
            if open {
                let first = !listening.get_value();
                listening.set_value(true);
                ask(viewer, BoardWork::Editor(root, first));
            }
        }),
    );
    view! {
        <section
            id="position-editor"
            class="position-editor"
            aria-label="Position editor"
            hidden
            node_ref=root
            inner_html=markup()
        ></section>
    }
}
