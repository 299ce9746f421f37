//! The browser's objects read and called by name (`js_sys::Reflect`), and their promises and
//! requests awaited: for code loaded on first use. Each typed `web-sys` function the app
//! imports is a shim of the first visit's script whichever chunk calls it, so the trainer's
//! fetches, local storage and the studies' IndexedDB go through these few instead.

use super::services;
use js_sys::{Function, Reflect};
use std::cell::RefCell;
use std::rc::Rc;
use std::task::{Poll, Waker};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// A property of a browser object (`undefined` when it has none).
pub fn field(of: &JsValue, name: &str) -> JsValue {
    Reflect::get(of, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

/// Whether a value is neither `null` nor `undefined`.
pub fn is_some(v: &JsValue) -> bool {
    !v.is_null() && !v.is_undefined()
}

/// Calls a method of a browser object by name (with up to two arguments); `None` when it has
/// no such method or the call threw.
pub fn call(of: &JsValue, name: &str, args: &[&JsValue]) -> Option<JsValue> {
    let f: Function = field(of, name).dyn_into().ok()?;
    match args {
        [] => f.call0(of),
        [a] => f.call1(of, a),
        [a, b, ..] => f.call2(of, a, b),
    }
    .ok()
}

/// The slot an awaited answer lands in, and the task waiting for it.
type Awaited = Rc<RefCell<(Option<Result<JsValue, JsValue>>, Option<Waker>)>>;

fn fill(slot: &Awaited, v: Result<JsValue, JsValue>) {
    let waker = {
        let mut s = slot.borrow_mut();
        if s.0.is_some() {
            return;
        }
        s.0 = Some(v);
        s.1.take()
    };
    if let Some(w) = waker {
        w.wake();
    }
}

async fn wait(slot: Awaited) -> Result<JsValue, JsValue> {
    std::future::poll_fn(move |cx| {
        let mut s = slot.borrow_mut();
        match s.0.take() {
            Some(v) => Poll::Ready(v),
            None => {
                s.1 = Some(cx.waker().clone());
                Poll::Pending
            }
        }
    })
    .await
}

/// What a promise settles to, awaited (through the kit's `on_settled`, not
/// `wasm-bindgen-futures`).
pub async fn settled(promise: JsValue) -> Result<JsValue, JsValue> {
    let slot: Awaited = Rc::new(RefCell::new((None, None)));
    let (ok, err) = (slot.clone(), slot.clone());
    services::on_settled(
        &promise,
        move |v| fill(&ok, Ok(v)),
        move |e| fill(&err, Err(e)),
    );
    wait(slot).await
}

/// The first of some events of a browser object (an IndexedDB request's `success` or
/// `error`, a transaction's `complete`, `error` or `abort`), awaited: `Ok` with the object
/// for the first of `ok`, else `Err` with the event's name. (Listeners added by name: no
/// typed import.)
pub async fn event(target: &JsValue, ok: &[&str], err: &[&str]) -> Result<JsValue, String> {
    let slot: Awaited = Rc::new(RefCell::new((None, None)));
    for (names, good) in [(ok, true), (err, false)] {
        for &name in names {
            let s = slot.clone();
            let t = target.clone();
            let n = name.to_string();
            let f = Closure::once_into_js(move |_: JsValue| {
                fill(
                    &s,
                    if good {
                        Ok(t)
                    } else {
                        Err(JsValue::from_str(&n))
                    },
                )
            });
            call(target, "addEventListener", &[&JsValue::from_str(name), &f]);
        }
    }
    wait(slot)
        .await
        .map_err(|e| e.as_string().unwrap_or_default())
}

/// A file's text, or why it could not be had.
pub async fn fetch_text(url: &str) -> Result<String, String> {
    let window: JsValue = web_sys::window().ok_or("no window")?.into();
    let cannot = |why: &str| format!("{url} could not be fetched ({why})");
    let promise =
        call(&window, "fetch", &[&JsValue::from_str(url)]).ok_or_else(|| cannot("no fetch"))?;
    let response = settled(promise)
        .await
        .map_err(|_| cannot("no network, or the server refused"))?;
    if field(&response, "ok").as_bool() != Some(true) {
        let status = field(&response, "status").as_f64().unwrap_or(0.0);
        return Err(cannot(&format!("HTTP {status}")));
    }
    let text = call(&response, "text", &[]).ok_or_else(|| cannot("no text"))?;
    settled(text)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or_else(|| cannot("not text"))
}

/// The page's local storage, where the browser gives one.
pub fn local_storage() -> Option<JsValue> {
    let s = field(&web_sys::window()?.into(), "localStorage");
    is_some(&s).then_some(s)
}

/// A value kept in the page's local storage.
pub fn kept(key: &str) -> Option<String> {
    local_storage()
        .and_then(|s| call(&s, "getItem", &[&key.into()]))
        .and_then(|v| v.as_string())
}

/// Keeps a value in local storage (a full or forbidden storage only means it is not kept).
pub fn keep(key: &str, value: &str) {
    if let Some(s) = local_storage() {
        let _ = call(&s, "setItem", &[&key.into(), &value.into()]);
    }
}

/// Scrolls the page, if needed, so that `el` is in view (`scrollIntoView({block:
/// "nearest"})`): a panel opened below the board on a phone, which the reader would not see.
pub fn scroll_to(el: &web_sys::Element) {
    let options = js_sys::Object::new();
    let _ = Reflect::set(&options, &"block".into(), &"nearest".into());
    let _ = call(el, "scrollIntoView", &[&options]);
}
