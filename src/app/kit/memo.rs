//! A memo, read like Leptos's `Memo` (`get`, `with`, `track` and their untracked forms), for
//! the bundle's sake: every value type of a Leptos `Memo` brings its own copy of the memo
//! machinery (1–2.5 KB each, twenty types), while every `Memo` here is one Leptos memo type
//! whose value is type-erased, compared through a function of its own type (docs/SPEED.md).

use leptos::prelude::{Get, GetUntracked, Track};
use std::any::Any;
use std::marker::PhantomData;
use std::sync::Arc;

/// What a memo computes from its previous value.
pub type Compute<T> = Box<dyn Fn(Option<&T>) -> T + Send + Sync>;

type Erased = Arc<dyn Any + Send + Sync>;

/// A memo's value, of the type its [`Memo`] says.
#[derive(Clone)]
pub struct Value {
    value: Erased,
    same: fn(&Erased, &Erased) -> bool,
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        (self.same)(&self.value, &other.value)
    }
}

fn same<T: PartialEq + 'static>(a: &Erased, b: &Erased) -> bool {
    match (a.downcast_ref::<T>(), b.downcast_ref::<T>()) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// A value computed from signals, computed again when they change; its readers are woken
/// only when it comes out different.
pub struct Memo<T> {
    inner: leptos::prelude::Memo<Value>,
    ty: PhantomData<fn() -> T>,
}

impl<T> Clone for Memo<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Memo<T> {}

impl<T: PartialEq + Send + Sync + 'static> Memo<T> {
    pub fn new(f: Compute<T>) -> Memo<T> {
        Memo::with_same(f, same::<T>)
    }
}

impl<U: Send + Sync + 'static> Memo<Arc<U>> {
    /// A memo of a shared value, which changes when it is another value (compared by
    /// identity, not content: the game's replay, say).
    pub fn of_shared(f: Box<dyn Fn() -> Arc<U> + Send + Sync>) -> Memo<Arc<U>> {
        Memo::with_same(Box::new(move |_| f()), same_shared::<U>)
    }
}

fn same_shared<U: Send + Sync + 'static>(a: &Erased, b: &Erased) -> bool {
    match (a.downcast_ref::<Arc<U>>(), b.downcast_ref::<Arc<U>>()) {
        (Some(a), Some(b)) => Arc::ptr_eq(a, b),
        _ => false,
    }
}

impl<T: Send + Sync + 'static> Memo<T> {
    fn with_same(f: Compute<T>, same: fn(&Erased, &Erased) -> bool) -> Memo<T> {
        // Boxed: one closure type for every memo (each closure type of a Leptos memo brings
        // its own copy of its constructor).
        let compute: Compute<Value> = Box::new(move |old: Option<&Value>| Value {
            value: Arc::new(f(old.and_then(|v| v.value.downcast_ref::<T>()))),
            same,
        });
        Memo {
            inner: leptos::prelude::Memo::new(compute),
            ty: PhantomData,
        }
    }
}

/// The value of a memo of `T`: every `Value` a `Memo<T>` holds was made from a `T`.
fn cast<T: 'static>(v: &Value) -> &T {
    match v.value.downcast_ref::<T>() {
        Some(t) => t,
        None => unreachable!("a memo's value is of the memo's type"),
    }
}

// The reads go through the shared, non-generic reads of the one Leptos memo type (which
// hand out the value's `Arc`), so that each read of each type is a downcast and a call.
impl<T: 'static> Memo<T> {
    pub fn with<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        f(cast(&read(&self.inner)))
    }

    pub fn with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> R {
        f(cast(&read_untracked(&self.inner)))
    }

    /// The value, or `None` once the memo is gone (its owner cleaned up).
    pub fn try_with_untracked<R>(&self, f: impl FnOnce(&T) -> R) -> Option<R> {
        try_read_untracked(&self.inner).map(|v| f(cast(&v)))
    }

    pub fn track(&self) {
        self.inner.track();
    }
}

fn read(m: &leptos::prelude::Memo<Value>) -> Value {
    m.get()
}

fn read_untracked(m: &leptos::prelude::Memo<Value>) -> Value {
    m.get_untracked()
}

fn try_read_untracked(m: &leptos::prelude::Memo<Value>) -> Option<Value> {
    m.try_get_untracked()
}

impl<T: Clone + 'static> Memo<T> {
    pub fn get(&self) -> T {
        self.with(T::clone)
    }

    pub fn get_untracked(&self) -> T {
        self.with_untracked(T::clone)
    }

    pub fn try_get_untracked(&self) -> Option<T> {
        self.try_with_untracked(T::clone)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::var::Var;
    use leptos::prelude::Owner;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[test]
    fn a_memo_follows_its_signals_and_hands_its_last_value_on() {
        let owner = Owner::new();
        owner.with(|| {
            let n = Var::new(2_usize);
            let runs = Arc::new(AtomicUsize::new(0));
            let counted = Arc::clone(&runs);
            let halves = Memo::new(Box::new(move |old: Option<&Vec<usize>>| {
                counted.fetch_add(1, Ordering::SeqCst);
                let mut v = old.cloned().unwrap_or_default();
                v.push(n.get() / 2);
                v
            }));
            assert_eq!(halves.get(), vec![1]);
            n.set(6);
            assert_eq!(halves.get(), vec![1, 3]);
            assert_eq!(halves.with(Vec::len), 2);
            assert_eq!(halves.get_untracked(), vec![1, 3]);
            assert_eq!(runs.load(Ordering::SeqCst), 2);
            // Read again without a change: not computed again.
            assert_eq!(halves.try_get_untracked(), Some(vec![1, 3]));
            assert_eq!(runs.load(Ordering::SeqCst), 2);
        });
    }

    #[test]
    fn a_shared_value_changes_when_it_is_another_one() {
        let owner = Owner::new();
        owner.with(|| {
            let shared = Arc::new(vec![1, 2]);
            let which = Var::new(Arc::clone(&shared));
            let memo = Memo::of_shared(Box::new(move || which.get()));
            let seen = Arc::new(AtomicUsize::new(0));
            let counted = Arc::clone(&seen);
            let readers = Memo::new(Box::new(move |_: Option<&usize>| {
                counted.fetch_add(1, Ordering::SeqCst);
                memo.with(|v| v.len())
            }));
            assert_eq!(readers.get(), 2);
            // Equal content, another value: its readers run again.
            which.set(Arc::new(vec![1, 2]));
            assert_eq!(readers.get(), 2);
            assert_eq!(seen.load(Ordering::SeqCst), 2);
            // The same value again: they do not.
            let same = memo.get_untracked();
            which.set(same);
            assert_eq!(readers.get(), 2);
            assert_eq!(seen.load(Ordering::SeqCst), 2);
            assert!(Arc::ptr_eq(&memo.get_untracked(), &which.get_untracked()));
        });
    }

    #[test]
    fn values_compare_as_their_type_does() {
        let a = |v: u8| Value {
            value: Arc::new(v),
            same: same::<u8>,
        };
        assert!(a(3) == a(3));
        assert!(a(3) != a(4));
        let s = Value {
            value: Arc::new(3_u16),
            same: same::<u16>,
        };
        assert!(a(3) != s);
    }
}
