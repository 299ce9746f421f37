//! How a viewer sits on its page.
//!
//! A page holds one viewer: the full-page app, or an embedded game in an iframe (a page of
//! its own, `app::embed`). The markup's ids (`#board`, `#notation`, …) are page-wide, so a
//! second viewer inside one page would first need them scoped to its root.

/// How a viewer is placed on its page; [`Default`] is the full-page app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewerOptions {
    /// Open the permalink in the page's address, keep the address on the move shown and follow
    /// a link typed into it. Only one viewer on a page can own the address.
    pub sync_address: bool,
    /// Also answer the step keys (arrow keys, Home, End) pressed with the focus on no element
    /// at all (the page's `<body>`, as after the page opens or a focused button goes away);
    /// those pressed inside the viewer always reach it, never while typing in a field.
    pub page_keys: bool,
}

impl Default for ViewerOptions {
    fn default() -> ViewerOptions {
        ViewerOptions {
            sync_address: true,
            page_keys: true,
        }
    }
}
