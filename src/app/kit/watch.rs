//! Effects: code that runs again whenever a signal it reads changes.
//!
//! Every effect of the app goes through here with its closure boxed, so that they all share
//! one copy of Leptos's effect machinery instead of each closure type bringing its own
//! (docs/SPEED.md).

use leptos::prelude::{Effect, Get, NodeRef};
use leptos::tachys::html::element::ElementType;
use wasm_bindgen::JsCast;

/// Runs `act` now and again whenever a signal it reads changes.
pub fn watch(act: Box<dyn Fn()>) {
    Effect::new(move |_| act());
}

/// An effect that hands its last value to the next run (the bindings' last writes).
pub(super) fn effect<T: 'static>(run: Box<dyn Fn(Option<T>) -> T>) {
    Effect::new(run);
}

/// Runs `act` with a component's element once it is on the page (and again if it is
/// replaced): where a panel finds its parts, listens to them and binds them.
pub fn on_mount<E>(node: NodeRef<E>, act: Box<dyn Fn(web_sys::Element)>)
where
    E: ElementType + 'static,
    E::Output: JsCast + Clone + Into<web_sys::Element> + 'static,
{
    watch(Box::new(move || {
        if let Some(el) = node.get() {
            act(el.into());
        }
    }));
}
