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

/// Where a `Var<T>` keeps its value: a `RefCell<T>`, type-erased so that every `Var` shares
/// one `StoredValue` type, and read through one non-generic function.
type Cell = Rc<dyn Any>;

/// A value that effects and memos reading it follow: `set` and `update` wake them.
pub struct Var<T: 'static> {
    value: StoredValue<Cell, LocalStorage>,
    changed: Trigger,
    ty: PhantomData<fn() -> T>,
}

impl<T> Clone for Var<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Var<T> {}

/// The cell, if the variable is still there (its owner not yet gone).
fn cell(v: &StoredValue<Cell, LocalStorage>) -> Option<Cell> {
    v.try_get_value()
}

/// The value in a `Var<T>`'s cell: every cell a `Var<T>` holds was made from a `T`.
fn value<T: 'static>(c: &Cell) -> &RefCell<T> {
    match c.downcast_ref::<RefCell<T>>() {
        Some(v) => v,
        None => unreachable!("a variable's cell holds the variable's type"),
    }
}

impl<T: 'static> Var<T> {
    pub fn new(value: T) -> Var<T> {
        let cell: Cell = Rc::new(RefCell::new(value));
        Var {
            value: StoredValue::new_local(cell),
            changed: Trigger::new(),
            ty: PhantomData,
        }
    }

    /// Makes the running effect or memo follow this variable.
    pub fn track(&self) {
        self.changed.track();
    }

    /// Reads the value, followed.
    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        self.changed.track();
        self.with_untracked(f)
    }

    /// Reads the value without following it.
    pub fn with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        match self.try_with_untracked(f) {
            Some(r) => r,
            None => unreachable!("a variable read after its owner was cleaned up"),
        }
    }

    /// Reads the value without following it, if it is still there (its owner not yet gone).
    pub fn try_with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> Option<R> {
        let c = cell(&self.value)?;
        let r = f(&value::<T>(&c).borrow());
        Some(r)
    }

    /// Replaces the value and wakes its readers.
    pub fn set(&self, value: T) {
        self.update(|v| *v = value);
    }

    /// Changes the value in place and wakes its readers; what `f` returns, if the value is
    /// still there (its owner not yet gone).
    pub fn try_update<R>(&self, f: impl FnOnce(&mut T) -> R) -> Option<R> {
        let c = cell(&self.value)?;
        let r = f(&mut value::<T>(&c).borrow_mut());
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
            let sum = crate::app::memo::Memo::new(Box::new(move |_: Option<&usize>| {
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
