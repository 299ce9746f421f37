//! Bindings: a part of an element (an attribute, its text or its markup) kept equal to what a
//! closure over signals gives, as the signals change.
//!
//! What a new value writes is decided by [`plan`], which knows nothing of the page (tested
//! natively); [`bind`] only carries the plan out.

use super::patch::{self, Change};

/// The part of an element a binding writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sink {
    /// An attribute; `None` removes it.
    Attr(&'static str),
    /// The element's text (one text node, kept and changed).
    Text,
    /// The element's markup, parsed anew at each change.
    Html,
    /// The markup of a layer nothing else writes: markup that differs from the last only in
    /// attribute values sets those on the elements kept ([`patch`]) instead of being parsed.
    Markup,
}

/// What a binding writes for a value.
#[derive(Debug, PartialEq)]
pub enum Write<'a> {
    /// The value is the last one: nothing.
    Nothing,
    /// Sets the attribute, or removes it for `None`.
    Attr(&'static str, Option<&'a str>),
    Text(&'a str),
    Html(&'a str),
    /// Sets these attributes of the layer's elements (in document order).
    Patch(Vec<Change<'a>>),
}

/// What a binding to `sink` writes when its value goes from `last` (`None` before the first
/// write) to `new`.
pub fn plan<'a>(
    sink: Sink,
    last: Option<&'a Option<String>>,
    new: &'a Option<String>,
) -> Write<'a> {
    if last == Some(new) {
        return Write::Nothing;
    }
    let text = new.as_deref().unwrap_or("");
    match sink {
        Sink::Attr(name) => Write::Attr(name, new.as_deref()),
        Sink::Text => Write::Text(text),
        Sink::Html => Write::Html(text),
        Sink::Markup => {
            let old = last.and_then(|l| l.as_deref()).unwrap_or("");
            match patch::changes(old, text) {
                Some(changes) => Write::Patch(changes),
                None => Write::Html(text),
            }
        }
    }
}

/// Keeps `sink` of `el` set to what `value` gives, as its signals change. A value equal to the
/// last one writes nothing, so `value` can be a plain closure where a memo would otherwise
/// keep the page still.
///
/// The closure is boxed so that every binding shares one effect type: each closure type of an
/// effect costs the bundle its own copy of the effect machinery (docs/SPEED.md).
pub fn bind(el: web_sys::Element, sink: Sink, value: Box<dyn Fn() -> Option<String>>) {
    super::watch::effect(Box::new(move |last: Option<Option<String>>| {
        let v = value();
        write(&el, plan(sink, last.as_ref(), &v));
        v
    }));
}

/// Keeps several parts of elements set to what one closure gives, a value per part in their
/// order, as [`bind`] keeps one. For code loaded on first use: each
/// closure such code hands to the page costs the first screen a stub, so a panel of such code
/// binds its parts with one.
pub fn bind_parts(
    parts: Vec<(web_sys::Element, Sink)>,
    values: Box<dyn Fn() -> Vec<Option<String>>>,
) {
    super::watch::effect(Box::new(move |last: Option<Vec<Option<String>>>| {
        let new = values();
        for (i, ((el, sink), v)) in parts.iter().zip(&new).enumerate() {
            write(el, plan(*sink, last.as_ref().and_then(|l| l.get(i)), v));
        }
        new
    }));
}

/// Carries a plan out.
fn write(el: &web_sys::Element, plan: Write) {
    match plan {
        Write::Nothing => {}
        Write::Attr(name, value) => super::dom::set_attr(el, name, value),
        Write::Text(text) => super::dom::set_text(el, text),
        Write::Html(markup) => el.set_inner_html(markup),
        Write::Patch(changes) => {
            let all = el.get_elements_by_tag_name("*");
            for c in changes {
                let target = u32::try_from(c.element).ok().and_then(|i| all.item(i));
                if let Some(target) = target {
                    let _ = target.set_attribute(c.name, c.value);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some(s: &str) -> Option<String> {
        Some(s.to_string())
    }

    #[test]
    fn the_same_value_writes_nothing() {
        for sink in [Sink::Attr("class"), Sink::Text, Sink::Html, Sink::Markup] {
            assert_eq!(plan(sink, Some(&some("a")), &some("a")), Write::Nothing);
            assert_eq!(plan(sink, Some(&None), &None), Write::Nothing);
        }
    }

    #[test]
    fn the_first_value_is_always_written() {
        assert_eq!(
            plan(Sink::Attr("hidden"), None, &None),
            Write::Attr("hidden", None)
        );
        assert_eq!(plan(Sink::Text, None, &some("x")), Write::Text("x"));
        assert_eq!(plan(Sink::Html, None, &None), Write::Html(""));
        // A first markup of no elements is a patch of nothing against the empty layer.
        assert_eq!(plan(Sink::Markup, None, &some("")), Write::Patch(vec![]));
        assert_eq!(plan(Sink::Markup, None, &some("<g/>")), Write::Html("<g/>"));
    }

    #[test]
    fn attributes_are_set_or_removed() {
        assert_eq!(
            plan(Sink::Attr("data-ply"), Some(&some("3")), &some("4")),
            Write::Attr("data-ply", Some("4"))
        );
        assert_eq!(
            plan(Sink::Attr("hidden"), Some(&some("")), &None),
            Write::Attr("hidden", None)
        );
    }

    #[test]
    fn text_and_html_write_the_new_value_whole() {
        assert_eq!(plan(Sink::Text, Some(&some("a")), &None), Write::Text(""));
        assert_eq!(
            plan(Sink::Html, Some(&some("<b>a</b>")), &some("<b>b</b>")),
            Write::Html("<b>b</b>")
        );
    }

    #[test]
    fn markup_that_moves_is_patched_and_markup_that_changes_is_written() {
        let (old, new) = (
            some(r#"<circle cx="1" r="2"/>"#),
            some(r#"<circle cx="5" r="2"/>"#),
        );
        assert_eq!(
            plan(Sink::Markup, Some(&old), &new),
            Write::Patch(vec![Change {
                element: 0,
                name: "cx",
                value: "5"
            }])
        );
        let (old, new) = (some(r#"<circle cx="1"/>"#), some(r#"<rect x="1"/>"#));
        assert_eq!(
            plan(Sink::Markup, Some(&old), &new),
            Write::Html(r#"<rect x="1"/>"#)
        );
    }
}
