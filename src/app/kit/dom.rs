//! Element helpers the panels share: finding elements, reading and writing their attributes,
//! text and values, and listening to their events. Each tolerates a missing browser API.

use js_sys::Reflect;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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
    is_typing_target(&el.tag_name(), &input_type)
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

/// Whether key presses on an element with this tag name belong to the element (typing),
/// not to the viewer. `input_type` is the `type` of an `<input>`.
pub fn is_typing_target(tag: &str, input_type: &str) -> bool {
    match tag.to_ascii_lowercase().as_str() {
        "textarea" | "select" => true,
        "input" => !matches!(
            input_type.to_ascii_lowercase().as_str(),
            "button" | "checkbox" | "radio" | "submit" | "reset"
        ),
        _ => false,
    }
}

/// Gives an element (HTML or SVG) the focus.
pub fn focus(el: &web_sys::Element) {
    let f = Reflect::get(el, &JsValue::from_str("focus"));
    if let Ok(f) = f.and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = f.call0(el);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_take_their_keys_and_buttons_do_not() {
        assert!(is_typing_target("TEXTAREA", ""));
        assert!(is_typing_target("select", ""));
        assert!(is_typing_target("INPUT", "number"));
        assert!(is_typing_target("input", "range"));
        assert!(is_typing_target("input", "TEXT"));
        assert!(!is_typing_target("INPUT", "checkbox"));
        assert!(!is_typing_target("input", "submit"));
        assert!(!is_typing_target("BUTTON", ""));
        assert!(!is_typing_target("div", "text"));
    }
}
