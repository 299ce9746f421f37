//! What ties a viewer to its page, so that the full-page app and a viewer embedded among other
//! content can share one page.

/// How a viewer is placed on its page; [`Default`] is the full-page app.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ViewerOptions {
    /// The id of the viewer's root element, which carries its key and drop listeners.
    pub root_id: &'static str,
    /// Open the permalink in the page's address, keep the address on the move shown and follow
    /// a link typed into it. Only one viewer on a page can own the address.
    pub sync_address: bool,
    /// Which key presses step through the game.
    pub keys: KeyScope,
}

/// The key presses a viewer answers (arrow keys, Home, End), never while typing in a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyScope {
    /// With the focus inside the viewer, or on no element at all (the page's `<body>`, as after
    /// the page opens or a focused button goes away): for the viewer that is the page.
    Page,
    /// Only with the focus inside the viewer (a click on it gives it the focus).
    Viewer,
}

impl Default for ViewerOptions {
    fn default() -> ViewerOptions {
        ViewerOptions {
            root_id: "app",
            sync_address: true,
            keys: KeyScope::Page,
        }
    }
}
