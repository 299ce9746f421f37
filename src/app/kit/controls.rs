//! Typed controls: each panel names its buttons and fields with an enum ([`Control`],
//! declared with [`controls!`](crate::controls)), writes their markup from it
//! ([`Markup`]) and receives their events as its variants ([`listen`]): a control without a
//! handler does not compile, an id in the markup without a variant fails the panel's test
//! ([`check_markup`]).

use wasm_bindgen::JsCast;

/// A panel's controls: one variant per element with an id.
pub trait Control: Copy + Sized + 'static {
    /// Every control, in the order of the markup.
    const ALL: &'static [Self];

    /// The element's id (page-wide, as the browser tests know it).
    fn id(self) -> &'static str;

    /// The control of an element id.
    fn from_id(id: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|c| c.id() == id)
    }
}

/// Declares a panel's controls: an enum whose variants are its elements' ids.
///
/// ```
/// use beeline::app::kit::controls::Control;
///
/// beeline::controls! {
///     /// The step buttons.
///     pub enum Step { First = "first", Last = "last" }
/// }
///
/// assert_eq!(Step::First.id(), "first");
/// assert_eq!(Step::from_id("last"), Some(Step::Last));
/// assert_eq!(Step::ALL, &[Step::First, Step::Last]);
/// ```
#[macro_export]
macro_rules! controls {
    ($(#[$meta:meta])* $vis:vis enum $name:ident { $($(#[$vmeta:meta])* $variant:ident = $id:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        $vis enum $name { $($(#[$vmeta])* $variant),+ }

        impl $crate::app::kit::controls::Control for $name {
            const ALL: &'static [$name] = &[$($name::$variant),+];

            fn id(self) -> &'static str {
                match self { $($name::$variant => $id),+ }
            }
        }
    };
}

/// Markup written piece by piece, the controls' ids coming from their variants.
#[derive(Default)]
pub struct Markup(String);

impl Markup {
    pub fn new() -> Markup {
        Markup::default()
    }

    /// Markup without a control.
    pub fn raw(mut self, markup: &str) -> Markup {
        self.0.push_str(markup);
        self
    }

    /// A control's element: `<tag id="…"` then `rest`: the attributes after the id, the
    /// content and the end tag (` type="button">Fit</button>`).
    pub fn control(mut self, tag: &str, control: impl Control, rest: &str) -> Markup {
        self.0.push('<');
        self.0.push_str(tag);
        self.id(control).raw(rest)
    }

    /// A control's id attribute, ` id="…"`, inside a start tag written with [`Markup::raw`].
    pub fn id(mut self, control: impl Control) -> Markup {
        self.0.push_str(" id=\"");
        self.0.push_str(control.id());
        self.0.push('"');
        self
    }

    pub fn done(self) -> String {
        self.0
    }
}

/// The ids written in some markup (`id="…"`), in order.
pub fn ids(markup: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = markup;
    while let Some(i) = rest.find(" id=\"") {
        let after = &rest[i + 5..];
        let Some(end) = after.find('"') else { break };
        out.push(&after[..end]);
        rest = &after[end..];
    }
    out
}

/// Checks a panel's markup against its controls: every id in it names a control, and every
/// control has exactly one element. The mismatches, in words (empty when they agree).
pub fn check_markup<C: Control>(markup: &str) -> Vec<String> {
    let ids = ids(markup);
    let mut out = Vec::new();
    for id in &ids {
        if C::from_id(id).is_none() {
            out.push(format!("id \"{id}\" has no control"));
        }
    }
    for c in C::ALL {
        let n = ids.iter().filter(|i| **i == c.id()).count();
        if n != 1 {
            out.push(format!("control \"{}\" has {n} elements", c.id()));
        }
    }
    out
}

/// A control's element under `root`.
pub fn element(root: &web_sys::Element, control: impl Control) -> Option<web_sys::Element> {
    super::dom::find(root, &format!("#{}", control.id()))
}

/// The control an event happened in (its element, or the closest ancestor with an id that
/// names one of `C`), with that element.
pub fn control_of<C: Control>(e: &web_sys::Event) -> Option<(C, web_sys::Element)> {
    let mut el: Option<web_sys::Element> = e.target()?.dyn_into().ok();
    while let Some(at) = el {
        if let Some(c) = C::from_id(&at.id()) {
            return Some((c, at));
        }
        el = at.parent_element();
    }
    None
}

/// Calls `handler` with the control of every event of these kinds on `root` (delegated: one
/// listener for the panel); events outside every control are left alone.
pub fn listen<C: Control>(
    root: &web_sys::EventTarget,
    kinds: &[&str],
    handler: impl Fn(C, &web_sys::Event, &web_sys::Element) + 'static,
) {
    super::dom::listen(root, kinds, move |e| {
        if let Some((c, el)) = control_of::<C>(&e) {
            handler(c, &e, &el);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    crate::controls! {
        /// Two buttons.
        enum Two {
            Zoom = "zoom",
            Fit = "fit-board",
        }
    }

    #[test]
    fn ids_name_their_variants_and_back() {
        assert_eq!(Two::Zoom.id(), "zoom");
        assert_eq!(Two::from_id("fit-board"), Some(Two::Fit));
        assert_eq!(Two::from_id("fit"), None);
        assert_eq!(Two::ALL, &[Two::Zoom, Two::Fit]);
    }

    #[test]
    fn markup_is_written_from_the_variants_and_checked_against_them() {
        let m = Markup::new()
            .raw(r#"<div class="x">"#)
            .control("button", Two::Zoom, r#" type="button">+</button>"#)
            .raw(r#"<button type="button""#)
            .id(Two::Fit)
            .raw(r#">Fit</button>"#)
            .raw("</div>")
            .done();
        assert_eq!(
            m,
            r#"<div class="x"><button id="zoom" type="button">+</button><button type="button" id="fit-board">Fit</button></div>"#
        );
        assert_eq!(ids(&m), ["zoom", "fit-board"]);
        assert!(check_markup::<Two>(&m).is_empty());
        // A stray id, a control missing, a control twice.
        let stray = format!(r#"{m}<p id="zoom-out"></p>"#);
        assert_eq!(
            check_markup::<Two>(&stray),
            ["id \"zoom-out\" has no control"]
        );
        let missing = r#"<button id="zoom"></button>"#;
        assert_eq!(
            check_markup::<Two>(missing),
            ["control \"fit-board\" has 0 elements"]
        );
        let twice = format!("{m}{missing}");
        assert_eq!(
            check_markup::<Two>(&twice),
            ["control \"zoom\" has 2 elements"]
        );
    }
}
