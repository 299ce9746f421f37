//! The app's kit: the one place that touches Leptos's reactive primitives and the browser's
//! plumbing. Panels build on it and on nothing lower:
//!
//! - reactive values: [`Var`] (a variable), [`Stored`] (a value kept for a component's
//!   life), [`Memo`] (a derived value), [`watch`] (an effect), [`on_mount`];
//! - [`bind`]: an element's attribute, text or markup ([`Sink`]) kept equal to a closure;
//! - [`controls`]: typed controls, their markup and their events;
//! - [`chunk`]: code loaded on first use;
//! - [`dom`]: element helpers; [`services`]: the address bar, clipboard, files, downloads,
//!   timers; [`js`]: browser objects used by name, their promises and events awaited;
//!   [`idb`]: the browser's database, a store a feature;
//! - [`worker_link`]: a worker spoken to in typed messages (`crate::protocol`).
//!
//! The kit imports nothing from the app's features. Its types exist for the bundle's sake:
//! every value type of a Leptos signal, memo or effect brings its own copy of the machinery,
//! while these share one (docs/SPEED.md). Outside the kit, clippy refuses Leptos's
//! `RwSignal`, `Memo`, `Effect`, `StoredValue` and `signal` (`clippy.toml`).
#![allow(clippy::disallowed_types, clippy::disallowed_methods)]

pub mod bind;
pub mod chunk;
pub mod controls;
pub mod dom;
pub mod idb;
pub mod js;
pub mod memo;
pub mod patch;
pub mod services;
#[cfg(test)]
pub mod testing;
pub mod var;
pub mod watch;
pub mod worker_link;

pub use bind::{bind, bind_parts, Sink};
pub use controls::{Control, Markup};
pub use memo::Memo;
pub use var::{Stored, Var};
pub use watch::{on_mount, watch};
pub use worker_link::WorkerLink;

/// A memo ([`Memo`]: its closure boxed and its value type-erased, so that every memo shares
/// one copy of the memo machinery).
pub fn memo<T: PartialEq + Send + Sync + 'static>(f: memo::Compute<T>) -> Memo<T> {
    Memo::new(f)
}
