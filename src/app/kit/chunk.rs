//! Code loaded on first use: a function marked `#[wasm_split(chunk, fallible)]` (from
//! `wasm_split_helpers`) is moved by `scripts/split-wasm.sh`, with the code only it reaches,
//! into a chunk the browser fetches the first time the function is called; later calls run
//! at once, and natively it is a plain call (docs/SPEED.md says what goes where).
//!
//! Each feature marks its own such functions beside its code; they return
//! `Result<_, Unavailable>` (or an error that converts from a `SplitLoaderError`), so that a
//! chunk that cannot be fetched (offline before the service worker had cached it) is an
//! error the panel shows, never a trap.

use std::fmt;

pub use wasm_split_helpers::wasm_split;
use wasm_split_helpers::SplitLoaderError;

/// A chunk of the app could not be fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unavailable;

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("this part of Beeline could not be loaded (is the network off?); try again")
    }
}

impl From<SplitLoaderError> for Unavailable {
    fn from(_: SplitLoaderError) -> Self {
        Unavailable
    }
}

/// The value of a future that is ready at once, as a split function's natively is (tests).
#[cfg(test)]
pub fn ready<T>(f: impl std::future::Future<Output = T>) -> T {
    use std::task::{Context, Poll, Waker};
    let mut f = std::pin::pin!(f);
    match f.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(v) => v,
        Poll::Pending => panic!("a split function waited natively"),
    }
}
