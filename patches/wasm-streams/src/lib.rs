//! A stand-in for `wasm-streams` 0.5, patched into Beeline's build.
//!
//! Leptos always builds the browser client of its server functions, whose streaming request
//! and response bodies go through `wasm_streams::ReadableStream`. The real crate exports
//! JavaScript classes (`IntoUnderlyingSource`, `IntoUnderlyingSink`, ...) with
//! `#[wasm_bindgen]`; the linker keeps every export, so they, their futures and their glue
//! stayed in the app's module although Beeline has no server and never calls them: about
//! 6 KB gzipped of a first visit. This crate offers the same calls without exports:
//!
//! - [`ReadableStream::into_stream`] reads a web stream through its reader, as the real one
//!   does;
//! - [`ReadableStream::from_stream`] (a Rust stream as a request body) needs a source that
//!   JavaScript calls back into Rust, so here it gives a stream that fails at once with a
//!   message saying so.

use futures_util::stream::{self, Stream};
use js_sys::Reflect;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// A web `ReadableStream`.
pub struct ReadableStream {
    raw: web_sys::ReadableStream,
}

impl ReadableStream {
    /// Wraps a web stream.
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        ReadableStream { raw }
    }

    /// The web stream.
    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.raw
    }

    /// A Rust stream as a web stream: not available in this build (see the crate's
    /// documentation), so the web stream errors as soon as it starts.
    pub fn from_stream<St>(stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        drop(stream);
        let source = js_sys::Object::new();
        let start =
            Closure::once_into_js(|controller: web_sys::ReadableStreamDefaultController| {
                controller.error_with_e(&JsValue::from_str(
                    "streaming a request body is not available in this build",
                ));
            });
        let _ = Reflect::set(&source, &JsValue::from_str("start"), &start);
        // The constructor throws only for a source it cannot use; this one it can.
        let raw = web_sys::ReadableStream::new_with_underlying_source(&source)
            .unwrap_or_else(|e| e.unchecked_into());
        ReadableStream { raw }
    }

    /// The web stream's chunks, read one by one until it is done or fails.
    pub fn into_stream(self) -> impl Stream<Item = Result<JsValue, JsValue>> {
        let reader = self
            .raw
            .get_reader()
            .dyn_into::<web_sys::ReadableStreamDefaultReader>()
            .ok();
        stream::unfold(reader, |reader| async move {
            let reader = reader?;
            match JsFuture::from(reader.read()).await {
                Ok(result) => {
                    let done = Reflect::get(&result, &JsValue::from_str("done"))
                        .map(|d| d.is_truthy())
                        .unwrap_or(true);
                    if done {
                        return None;
                    }
                    let value = Reflect::get(&result, &JsValue::from_str("value"))
                        .unwrap_or(JsValue::UNDEFINED);
                    Some((Ok(value), Some(reader)))
                }
                Err(e) => Some((Err(e), None)),
            }
        })
    }
}
