//! A reactive variable, read and written like Leptos's `RwSignal` (`get`, `with`, `set`,
//! `update`, and their untracked forms), for the bundle's sake: every value type of an
//! `RwSignal` brings its own copy of the signal machinery (about 1.3 KB each, thirty types),
//! while a `Var` keeps its value in a `StoredValue` and tells its readers through one
//! `Trigger` type shared by all (docs/SPEED.md).

use leptos::prelude::{
    GetValue, LocalStorage, Notify, SetValue, StoredValue, Track, Trigger, UpdateValue, WithValue,
};

/// A value that effects and memos reading it follow: `set` and `update` wake them.
pub struct Var<T: 'static> {
    value: StoredValue<T, LocalStorage>,
    changed: Trigger,
}

impl<T> Clone for Var<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Var<T> {}

impl<T: 'static> Var<T> {
    pub fn new(value: T) -> Var<T> {
        Var {
            value: StoredValue::new_local(value),
            changed: Trigger::new(),
        }
    }

    /// Makes the running effect or memo follow this variable.
    pub fn track(&self) {
        self.changed.track();
    }

    /// Reads the value, followed.
    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.changed.track();
        self.value.with_value(f)
    }

    /// Reads the value without following it.
    pub fn with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.value.with_value(f)
    }

    /// Reads the value without following it, if it is still there (its owner not yet gone).
    pub fn try_with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> Option<R> {
        self.value.try_with_value(f)
    }

    /// Replaces the value and wakes its readers.
    pub fn set(&self, value: T) {
        self.value.set_value(value);
        self.changed.notify();
    }

    /// Changes the value in place and wakes its readers; what `f` returns, if the value is
    /// still there (its owner not yet gone).
    pub fn try_update<R>(&self, f: impl FnOnce(&mut T) -> R) -> Option<R> {
        let r = self.value.try_update_value(f);
        self.changed.notify();
        r
    }

    /// Changes the value in place and wakes its readers.
    pub fn update(&self, f: impl FnOnce(&mut T)) {
        self.value.update_value(f);
        self.changed.notify();
    }
}

impl<T: Clone + 'static> Var<T> {
    /// A copy of the value, followed.
    pub fn get(&self) -> T {
        self.changed.track();
        self.value.get_value()
    }

    /// A copy of the value, not followed.
    pub fn get_untracked(&self) -> T {
        self.value.get_value()
    }
}
