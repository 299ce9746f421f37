//! A reactive variable, read and written like Leptos's `RwSignal` (`get`, `with`, `set`,
//! `update`, and their untracked forms), for the bundle's sake: every value type of an
//! `RwSignal` brings its own copy of the signal machinery (about 1.3 KB each, thirty types),
//! while every `Var` keeps its value in a `RefCell` behind one type-erased `StoredValue` type
//! and tells its readers through one `Trigger` type (docs/SPEED.md).

use leptos::prelude::{GetValue, LocalStorage, Notify, StoredValue, Track, Trigger};
use std::any::Any;
use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;

/// Where a [`Stored<T>`] keeps its value: a `RefCell<T>`, type-erased so that every one
/// shares one `StoredValue` type, and looked up through one non-generic function.
type Cell = Rc<dyn Any>;

/// A value kept for the life of its owner (a component), copied into closures as a handle:
/// Leptos's `StoredValue`, with one store type for every value type (see [`Var`]).
pub struct Stored<T: 'static> {
    cell: StoredValue<Cell, LocalStorage>,
    ty: PhantomData<fn() -> T>,
}

impl<T> Clone for Stored<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Stored<T> {}

/// The cell, if the value is still there (its owner not yet gone).
fn cell(v: &StoredValue<Cell, LocalStorage>) -> Option<Cell> {
    v.try_get_value()
}

/// The value in a `Stored<T>`'s cell: every cell a `Stored<T>` holds was made from a `T`.
fn value<T: 'static>(c: &Cell) -> &RefCell<T> {
    match c.downcast_ref::<RefCell<T>>() {
        Some(v) => v,
        None => unreachable!("a stored value's cell holds its type"),
    }
}

impl<T: 'static> Stored<T> {
    pub fn new(value: T) -> Stored<T> {
        let cell: Cell = Rc::new(RefCell::new(value));
        Stored {
            cell: StoredValue::new_local(cell),
            ty: PhantomData,
        }
    }

    /// Reads the value, if it is still there (its owner not yet gone).
    pub fn try_with_value<R>(&self, f: impl FnOnce(&T) -> R) -> Option<R> {
        let c = cell(&self.cell)?;
        let r = f(&value::<T>(&c).borrow());
        Some(r)
    }

    /// Reads the value.
    pub fn with_value<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        match self.try_with_value(f) {
            Some(r) => r,
            None => unreachable!("a value read after its owner was cleaned up"),
        }
    }

    /// Changes the value in place, if it is still there; what `f` returns.
    pub fn try_update_value<R>(&self, f: impl FnOnce(&mut T) -> R) -> Option<R> {
        let c = cell(&self.cell)?;
        let r = f(&mut value::<T>(&c).borrow_mut());
        Some(r)
    }

    /// Changes the value in place (nothing once its owner is gone).
    pub fn update_value(&self, f: impl FnOnce(&mut T)) {
        let _ = self.try_update_value(f);
    }

    /// Replaces the value (nothing once its owner is gone).
    pub fn set_value(&self, value: T) {
        self.update_value(|v| *v = value);
    }
}

impl<T: Clone + 'static> Stored<T> {
    /// A copy of the value.
    pub fn get_value(&self) -> T {
        self.with_value(T::clone)
    }
}

/// A value that effects and memos reading it follow: `set` and `update` wake them.
pub struct Var<T: 'static> {
    value: Stored<T>,
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
            value: Stored::new(value),
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
        self.update(|v| *v = value);
    }

    /// Changes the value in place and wakes its readers; what `f` returns, if the value is
    /// still there (its owner not yet gone).
    pub fn try_update<R>(&self, f: impl FnOnce(&mut T) -> R) -> Option<R> {
        let r = self.value.try_update_value(f)?;
        self.changed.notify();
        Some(r)
    }

    /// Changes the value in place and wakes its readers.
    pub fn update(&self, f: impl FnOnce(&mut T)) {
        let _ = self.try_update(f);
    }
}

impl<T: Clone + 'static> Var<T> {
    /// A copy of the value, followed.
    pub fn get(&self) -> T {
        self.with(T::clone)
    }

    /// A copy of the value, not followed.
    pub fn get_untracked(&self) -> T {
        self.with_untracked(T::clone)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use leptos::prelude::Owner;

    #[test]
    fn a_variable_reads_back_what_was_set_and_wakes_its_readers() {
        let owner = Owner::new();
        owner.with(|| {
            let a = Var::new(vec![1_u8]);
            let b = Var::new(String::from("x"));
            let sum = crate::app::kit::memo::Memo::new(Box::new(move |_: Option<&usize>| {
                a.with(|v| v.len()) + b.with(String::len)
            }));
            assert_eq!(sum.get(), 2);
            a.update(|v| v.push(2));
            b.set(String::from("xyz"));
            assert_eq!(sum.get(), 5);
            assert_eq!(a.get_untracked(), vec![1, 2]);
            assert_eq!(a.try_update(|v| v.pop()), Some(Some(2)));
            assert_eq!(a.try_with_untracked(Vec::len), Some(1));
        });
        // Once its owner is gone, a variable is gone: nothing to read, and a write is a no-op.
        let gone = owner.with(|| Var::new(3_u8));
        drop(owner);
        assert_eq!(gone.try_with_untracked(|v| *v), None);
        assert_eq!(gone.try_update(|v| *v), None);
        gone.set(4);
    }
}
