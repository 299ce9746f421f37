//! Browser services the panels share, each tolerating a missing browser API: the address
//! bar, the clipboard, files and downloads, and timers.

use js_sys::{Function, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `location.hash`, if there is a window.
pub fn location_hash() -> Option<String> {
    web_sys::window()?.location().hash().ok()
}

/// `location.search` (the query, with its `?`), if there is a window.
pub fn location_search() -> Option<String> {
    web_sys::window()?.location().search().ok()
}

/// `location.href`, if there is a window.
pub fn location_href() -> Option<String> {
    web_sys::window()?.location().href().ok()
}

/// Decodes `%XX` escapes and `+` (a query's space); anything malformed is kept as it is.
pub fn unescape(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match bytes[i] {
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push((h * 16 + l) as u8);
                    i += 3;
                    continue;
                }
                _ => out.push(b'%'),
            },
            b'+' => out.push(b' '),
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// One value of an address's query, unescaped and trimmed (`key` alone is an empty value);
/// the first when the key comes twice.
pub fn query_value(query: &str, key: &str) -> Option<String> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query.split('&').find_map(|pair| {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        (k == key).then(|| unescape(v).trim().to_string())
    })
}

/// Puts `url` (the page's own address with another fragment) in the address bar without a
/// new history entry; an address that reads so already is left alone.
pub fn replace_address(url: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if location_href().as_deref() == Some(url) {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(url));
    }
}

/// Runs `ok` or `err` when a promise settles (errors never reach the console).
pub fn on_settled(
    promise: &JsValue,
    ok: impl FnOnce(JsValue) + 'static,
    err: impl FnOnce(JsValue) + 'static,
) {
    let then = Reflect::get(promise, &JsValue::from_str("then"))
        .ok()
        .and_then(|f| f.dyn_into::<Function>().ok());
    let Some(then) = then else {
        err(JsValue::UNDEFINED);
        return;
    };
    let ok = Closure::once_into_js(ok);
    let err = Closure::once_into_js(err);
    let _ = then.call2(promise, &ok, &err);
}

/// Copies text to the clipboard; `done(true)` once copied, `done(false)` if refused.
pub fn copy_text(text: &str, done: impl Fn(bool) + Clone + 'static) {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        done(false);
        return;
    };
    // Without a secure context there is no `navigator.clipboard` at all.
    let has = Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if !has {
        done(false);
        return;
    }
    let promise = navigator.clipboard().write_text(text);
    let done2 = done.clone();
    on_settled(&promise, move |_| done(true), move |_| done2(false));
}

/// Why a file could not be read as text.
#[derive(Clone, Debug, PartialEq)]
pub enum FileError {
    /// Larger than the limit asked for: its size in bytes.
    TooLarge(f64),
    /// The browser refused to read it (with its name, when it gave one).
    Unreadable(Option<String>),
}

/// Reads a file as text, unless it has more than `limit` bytes: `Ok(text)` or why not.
pub fn read_file(
    file: web_sys::File,
    limit: usize,
    done: impl Fn(Result<String, FileError>) + Clone + 'static,
) {
    let size = file.size();
    if size > limit as f64 {
        done(Err(FileError::TooLarge(size)));
        return;
    }
    let name = file.name();
    let promise = file.text();
    let done2 = done.clone();
    on_settled(
        &promise,
        move |v| match v.as_string() {
            Some(text) => done(Ok(text)),
            None => done(Err(FileError::Unreadable(Some(name)))),
        },
        move |_| done2(Err(FileError::Unreadable(None))),
    );
}

/// Offers `text` as a file download.
pub fn download(text: &str, file_name: &str, mime: &str) -> Result<(), JsValue> {
    download_value(&JsValue::from_str(text), file_name, mime)
}

/// Offers a string or bytes (a `Uint8Array`) as a file download.
pub fn download_value(content: &JsValue, file_name: &str, mime: &str) -> Result<(), JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let parts = js_sys::Array::of1(content);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)?;
    let a: web_sys::HtmlAnchorElement = document.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(file_name);
    a.click();
    // The download reads the URL after this task: revoking it now can cancel the download.
    leptos::prelude::set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(1),
    );
    Ok(())
}

/// Runs an action once a delay has passed since it was last scheduled ([`Settle::schedule`]), with one JS
/// function for its whole life and at most one timeout pending: a step schedules it, and creating
/// and clearing a timeout (and the closure it calls) at every step cost a step about 0.1 ms.
/// A pending timeout is cleared when the last copy is dropped (with the effect that holds it).
#[derive(Clone)]
pub struct Settle(std::rc::Rc<SettleInner>);

struct SettleInner {
    /// The delay, or `None` for the next frame (`requestAnimationFrame`).
    delay_ms: Option<i32>,
    /// Calls to `schedule` since the pending timeout was set: the timeout waits again if there were any.
    scheduled: std::cell::Cell<u32>,
    /// The pending timeout's id.
    pending: std::cell::Cell<Option<i32>>,
    callback: std::cell::RefCell<Option<Closure<dyn FnMut()>>>,
    act: Box<dyn Fn()>,
}

impl Settle {
    pub fn new(delay: std::time::Duration, act: Box<dyn Fn()>) -> Settle {
        Settle::with(
            Some(i32::try_from(delay.as_millis()).unwrap_or(i32::MAX)),
            act,
        )
    }

    /// Runs `act` before the next frame is painted, once however often it is scheduled before
    /// then: the notation panel's scroll to the current row, which reads the layout.
    pub fn next_frame(act: Box<dyn Fn()>) -> Settle {
        Settle::with(None, act)
    }

    fn with(delay_ms: Option<i32>, act: Box<dyn Fn()>) -> Settle {
        let inner = std::rc::Rc::new(SettleInner {
            delay_ms,
            scheduled: std::cell::Cell::new(0),
            pending: std::cell::Cell::new(None),
            callback: std::cell::RefCell::new(None),
            act,
        });
        // The callback holds its timer weakly: no cycle keeps either alive.
        let weak = std::rc::Rc::downgrade(&inner);
        let callback = Closure::<dyn FnMut()>::new(move || {
            if let Some(inner) = weak.upgrade() {
                inner.pending.set(None);
                if inner.scheduled.take() > 1 && inner.delay_ms.is_some() {
                    inner.arm();
                } else {
                    (inner.act)();
                }
            }
        });
        *inner.callback.borrow_mut() = Some(callback);
        Settle(inner)
    }

    /// The action is due `delay` from now: a pending timeout is kept, and when it ends after
    /// more calls it waits `delay` again (so the action runs between one and two delays
    /// after the last call, without reading the clock at each).
    pub fn schedule(&self) {
        let inner = &self.0;
        inner.scheduled.set(inner.scheduled.get().saturating_add(1));
        if inner.pending.get().is_none() {
            inner.arm();
        }
    }
}

impl SettleInner {
    fn arm(&self) {
        let (Some(window), Some(callback)) = (web_sys::window(), &*self.callback.borrow()) else {
            return;
        };
        let f = callback.as_ref().unchecked_ref();
        let id = match self.delay_ms {
            Some(ms) => window.set_timeout_with_callback_and_timeout_and_arguments_0(f, ms),
            None => window.request_animation_frame(f),
        };
        // The call that set it is not one to wait for.
        self.scheduled.set(1);
        self.pending.set(id.ok());
    }
}

impl Drop for SettleInner {
    fn drop(&mut self) {
        // The callback goes with this: its timeout must never fire.
        if let (Some(id), Some(window)) = (self.pending.take(), web_sys::window()) {
            match self.delay_ms {
                Some(_) => window.clear_timeout_with_handle(id),
                None => {
                    let _ = window.cancel_animation_frame(id);
                }
            }
        }
    }
}

/// Runs `act` once, `delay` from now.
pub fn after(delay: std::time::Duration, act: impl FnOnce() + 'static) {
    leptos::prelude::set_timeout(act, delay);
}

/// Runs `act` before the next frame is painted.
pub fn next_frame(act: impl FnOnce() + 'static) {
    leptos::prelude::request_animation_frame(act);
}

/// Runs an action every `period` until [`Interval::stop`].
#[derive(Clone, Copy)]
pub struct Interval(leptos::prelude::IntervalHandle);

impl Interval {
    pub fn start(period: std::time::Duration, act: impl Fn() + 'static) -> Option<Interval> {
        leptos::prelude::set_interval_with_handle(act, period)
            .ok()
            .map(Interval)
    }

    pub fn stop(self) {
        self.0.clear();
    }
}

/// Runs a future on the page's task queue (a chunk fetched, a file read).
pub fn spawn(task: impl std::future::Future<Output = ()> + 'static) {
    leptos::task::spawn_local(task);
}

/// Calls `handler` for every event of this kind on the window, until the owner (the
/// component that asked) is cleaned up.
pub fn on_window<E>(event: E, handler: impl Fn(E::EventType) + 'static)
where
    E: leptos::ev::EventDescriptor + 'static,
    E::EventType: JsCast,
{
    let handle = leptos::prelude::window_event_listener(event, handler);
    leptos::prelude::on_cleanup(move || handle.remove());
}
