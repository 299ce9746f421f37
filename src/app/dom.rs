//! Small DOM helpers the components share; each tolerates a missing browser API.

use js_sys::{Function, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// `location.hash`, if there is a window.
pub fn location_hash() -> Option<String> {
    web_sys::window()?.location().hash().ok()
}

/// `location.href`, if there is a window.
pub fn location_href() -> Option<String> {
    web_sys::window()?.location().href().ok()
}

/// Puts `#fragment` in the address bar without a new history entry.
pub fn replace_fragment(fragment: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let Some(href) = location_href() else {
        return;
    };
    let url = super::game::share_url(&href, fragment);
    if url == href {
        return;
    }
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// Whether a key event comes from a field the user types in.
pub fn event_is_typing(e: &web_sys::KeyboardEvent) -> bool {
    let Some(el) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    else {
        return false;
    };
    let input_type = el
        .dyn_ref::<web_sys::HtmlInputElement>()
        .map(|i| i.type_())
        .unwrap_or_default();
    super::keys::is_typing_target(&el.tag_name(), &input_type)
}

/// Calls `handler` for every event of these kinds on `target`, for as long as it lives.
pub fn listen(
    target: &web_sys::EventTarget,
    kinds: &[&str],
    handler: impl FnMut(web_sys::Event) + 'static,
) {
    let handler = Closure::<dyn FnMut(web_sys::Event)>::new(handler).into_js_value();
    for kind in kinds {
        let _ = target.add_event_listener_with_callback(kind, handler.unchecked_ref());
    }
}

/// Whether an event was aimed at no element in particular: the window, or the page's
/// `<body>` or `<html>`, as key presses are while no element has the focus.
pub fn event_targets_page(e: &web_sys::Event) -> bool {
    match e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    {
        Some(el) => matches!(el.tag_name().as_str(), "BODY" | "HTML"),
        None => true,
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

/// Reads a file as text: `Ok(text)` or why not.
pub fn read_file(
    file: web_sys::File,
    done: impl Fn(Result<String, super::game::LoadError>) + Clone + 'static,
) {
    use super::game::LoadError;
    if let Err(e) = super::game::check_file_size(file.size()) {
        done(Err(e));
        return;
    }
    let name = file.name();
    let promise = file.text();
    let done2 = done.clone();
    on_settled(
        &promise,
        move |v| match v.as_string() {
            Some(text) => done(Ok(text)),
            None => done(Err(LoadError::File(Some(name)))),
        },
        move |_| done2(Err(LoadError::File(None))),
    );
}

/// Offers `text` as a file download.
pub fn download(text: &str, file_name: &str, mime: &str) -> Result<(), JsValue> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
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

/// Scrolls `container` so that its child `row` is in view (nearest edge), without moving
/// the page itself; `header` is a sticky header height to keep clear.
pub fn scroll_row_into_view(
    container: &web_sys::HtmlElement,
    row: &web_sys::HtmlElement,
    header: i32,
) {
    // The row's offset is relative to its table, the table's to the (positioned) container.
    let table_top = row
        .offset_parent()
        .and_then(|p| p.dyn_into::<web_sys::HtmlElement>().ok())
        .map_or(0, |t| t.offset_top());
    let top = table_top + row.offset_top();
    let bottom = top + row.offset_height();
    let view_top = container.scroll_top();
    let view_height = container.client_height();
    if top - header < view_top {
        container.set_scroll_top((top - header).max(0));
    } else if bottom > view_top + view_height {
        container.set_scroll_top(bottom - view_height);
    }
}

/// The first element under `root` that matches a selector.
pub fn find(root: &web_sys::Element, selector: &str) -> Option<web_sys::Element> {
    root.query_selector(selector).ok().flatten()
}

/// Sets an attribute, or removes it for `None`; an attribute that already reads so is left
/// alone (a write of the same value still costs the page a style check and its observers a
/// record, and a step makes dozens).
pub fn set_attr(el: &web_sys::Element, name: &str, value: Option<&str>) {
    if el.get_attribute(name).as_deref() == value {
        return;
    }
    let _ = match value {
        Some(v) => el.set_attribute(name, v),
        None => el.remove_attribute(name),
    };
}

/// Sets an element's text, unless it already reads so. An element holding one text node
/// keeps it and changes its words: a new text node is a new node to style and lay out.
pub fn set_text(el: &web_sys::Element, text: &str) {
    if el.text_content().as_deref() == Some(text) {
        return;
    }
    match el.first_child() {
        Some(node)
            if node.node_type() == web_sys::Node::TEXT_NODE && node.next_sibling().is_none() =>
        {
            node.set_node_value(Some(text));
        }
        _ => el.set_text_content(Some(text)),
    }
}

/// Sets or removes a boolean attribute such as `disabled`.
pub fn set_flag(el: &web_sys::Element, name: &str, on: bool) {
    set_attr(el, name, on.then_some(""));
}

/// Sets the value of a field (`<input>`, `<select>`, `<textarea>`) as the user would see it.
pub fn set_value(el: &web_sys::Element, value: &str) {
    let _ = Reflect::set(el, &JsValue::from_str("value"), &JsValue::from_str(value));
}

/// The value of a field an event came from.
pub fn value_of(el: &web_sys::Element) -> String {
    Reflect::get(el, &JsValue::from_str("value"))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// The element an event happened in, or its closest ancestor matching a selector.
pub fn event_closest(e: &web_sys::Event, selector: &str) -> Option<web_sys::Element> {
    let el: web_sys::Element = e.target()?.dyn_into().ok()?;
    el.closest(selector).ok().flatten()
}

/// Keeps an attribute of `el` (or, for `"innerHTML"` and `"textContent"`, its content) set to what `value` gives,
/// as its signals change; `None` removes the attribute. A value equal to the last one writes
/// nothing, so `value` can be a plain closure where a memo would otherwise keep the DOM still.
/// `"markup"` is `"innerHTML"` for a layer nothing else changes: markup that differs from the
/// last only in attribute values sets those on the elements kept ([`super::patch`]).
/// The closure is boxed so that every binding shares one effect type: each closure type of an
/// effect costs the bundle its own copy of the effect machinery.
pub fn bind(el: web_sys::Element, name: &'static str, value: Box<dyn Fn() -> Option<String>>) {
    leptos::prelude::Effect::new(move |last: Option<Option<String>>| {
        let v = value();
        if last.as_ref() != Some(&v) {
            if name == "markup" {
                let old = last.as_ref().and_then(|l| l.as_deref()).unwrap_or("");
                let new = v.as_deref().unwrap_or("");
                match super::patch::changes(old, new) {
                    Some(changes) => {
                        let all = el.get_elements_by_tag_name("*");
                        for c in changes {
                            let target = u32::try_from(c.element).ok().and_then(|i| all.item(i));
                            if let Some(target) = target {
                                let _ = target.set_attribute(c.name, c.value);
                            }
                        }
                    }
                    None => el.set_inner_html(new),
                }
            } else if name == "innerHTML" {
                el.set_inner_html(v.as_deref().unwrap_or(""));
            } else if name == "textContent" {
                set_text(&el, v.as_deref().unwrap_or(""));
            } else {
                set_attr(&el, name, v.as_deref());
            }
        }
        v
    });
}

/// Runs `act` now and again whenever a signal it reads changes: an effect whose closure is
/// boxed, so that every such effect shares one copy of the effect machinery (as [`bind`]'s
/// do) instead of each closure type bringing its own.
pub fn watch(act: Box<dyn Fn()>) {
    leptos::prelude::Effect::new(move |_| act());
}

/// A memo ([`super::memo::Memo`]: its closure boxed and its value type-erased, so that every
/// memo shares one copy of the memo machinery; see [`watch`]).
pub fn memo<T: PartialEq + Send + Sync + 'static>(
    f: super::memo::Compute<T>,
) -> super::memo::Memo<T> {
    super::memo::Memo::new(f)
}

/// Runs an action once a delay has passed since the last [`Settle::poke`], with one JS
/// function for its whole life and at most one timeout pending: a step pokes, and creating
/// and clearing a timeout (and the closure it calls) at every step cost a step about 0.1 ms.
/// A pending timeout is cleared when the last copy is dropped (with the effect that holds it).
#[derive(Clone)]
pub struct Settle(std::rc::Rc<SettleInner>);

struct SettleInner {
    /// The delay, or `None` for the next frame (`requestAnimationFrame`).
    delay_ms: Option<i32>,
    /// Pokes since the pending timeout was set: the timeout waits again if there were any.
    pokes: std::cell::Cell<u32>,
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

    /// Runs `act` before the next frame is painted, once however often it is poked before
    /// then: the notation panel's scroll to the current row, which reads the layout.
    pub fn next_frame(act: Box<dyn Fn()>) -> Settle {
        Settle::with(None, act)
    }

    fn with(delay_ms: Option<i32>, act: Box<dyn Fn()>) -> Settle {
        let inner = std::rc::Rc::new(SettleInner {
            delay_ms,
            pokes: std::cell::Cell::new(0),
            pending: std::cell::Cell::new(None),
            callback: std::cell::RefCell::new(None),
            act,
        });
        // The callback holds its timer weakly: no cycle keeps either alive.
        let weak = std::rc::Rc::downgrade(&inner);
        let callback = Closure::<dyn FnMut()>::new(move || {
            if let Some(inner) = weak.upgrade() {
                inner.pending.set(None);
                if inner.pokes.take() > 1 && inner.delay_ms.is_some() {
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
    /// more pokes it waits `delay` again (so the action runs between one and two delays
    /// after the last poke, without reading the clock at every poke).
    pub fn poke(&self) {
        let inner = &self.0;
        inner.pokes.set(inner.pokes.get().saturating_add(1));
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
        // The poke that set it is not one to wait for.
        self.pokes.set(1);
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
