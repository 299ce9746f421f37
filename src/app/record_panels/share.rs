//! A permalink to the game at the current move, or the code that embeds it in another page,
//! copied to the clipboard. Static markup with
//! its one event delegated (see `controls` for why).

use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::{self, controls, dom, services, Control as _, Markup};
use crate::app::model::game;
use crate::app::model::viewer::Viewer;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

crate::controls! {
    /// The panel's buttons and the fields they fill.
    pub(crate) enum ShareControl {
        CopyLink = "copy-link",
        ShareUrl = "share-url",
        CopyEmbed = "copy-embed",
        EmbedCode = "embed-code",
        MakePuzzle = "make-puzzle",
        PuzzleLink = "puzzle-link",
    }
}

/// The panel's markup: each button, then its field (hidden until it is filled).
fn markup() -> String {
    use ShareControl as C;
    let mut m = Markup::new();
    for (button, text, field, label) in [
        (
            C::CopyLink,
            ">Copy link to this move",
            C::ShareUrl,
            "Link to this move",
        ),
        (C::CopyEmbed, ">Copy embed code", C::EmbedCode, "Embed code"),
        (
            C::MakePuzzle,
            r#" title="Pose the position shown as a puzzle: find the moves that follow">Make puzzle link"#,
            C::PuzzleLink,
            "Puzzle link",
        ),
    ] {
        m = m
            .control("button", button, r#" type="button""#)
            .raw(text)
            .raw("</button>")
            .raw(&format!(
                r#"<label for="{}" class="visually-hidden" hidden>{label}</label>"#,
                field.id()
            ))
            .control("input", field, r#" type="text" readonly hidden>"#);
    }
    m.raw(r#"<span class="status" role="status"></span>"#)
        .done()
}

/// The permalink of a puzzle: the position shown, to be solved by the moves that follow
/// it on the line shown.
fn puzzle_fragment(viewer: Viewer) -> Result<String, String> {
    let ply = viewer.study.ply.get_untracked();
    let pos = viewer.study.position.with_untracked(|a| a.pos.clone());
    let rec = viewer.study.game.with_untracked(|g| {
        let tree = g.tree();
        let line: Vec<_> = viewer.study.line.with_untracked(|l| {
            l.nodes
                .iter()
                .skip(ply)
                .filter_map(|&n| tree.mv(n))
                .collect()
        });
        crate::record::puzzle::puzzle_record(&g.record.meta, &pos, &line)
    })?;
    Ok(crate::record::permalink::encode_ply(&rec, 0))
}

/// What a button of the panel does, in the chunk of the panels' actions: the text written
/// into its field and copied, the address kept on the move when the viewer keeps it.
#[wasm_split(panels, fallible)]
fn share_in_chunk(
    viewer: Viewer,
    at: web_sys::Element,
    button: ShareControl,
    sync_address: bool,
) -> Result<(), Unavailable> {
    act(viewer, &at, button, sync_address);
    Ok(())
}

/// What [`share_in_chunk`] does.
fn act(viewer: Viewer, at: &web_sys::Element, button: ShareControl, sync_address: bool) {
    let node = viewer.study.node_untracked();
    // The game's own link (an embed shows one game) and the page's (a study's, when one is
    // open).
    let (fragment, link) = viewer
        .study
        .game
        .with_untracked(|g| (g.fragment(node), g.page_fragment(node)));
    let href = services::location_href().unwrap_or_default();
    let status = dom::find(at, ".status");
    let say = move |text: &str| {
        if let Some(s) = &status {
            s.set_text_content(Some(text));
        }
    };
    let (text, field, done) = match button {
        ShareControl::MakePuzzle => match puzzle_fragment(viewer) {
            Ok(f) => (
                game::share_url(&href, &f),
                ShareControl::PuzzleLink,
                "Puzzle link copied.",
            ),
            Err(e) => return say(&e),
        },
        ShareControl::CopyEmbed => {
            let code = viewer
                .study
                .game
                .with_untracked(|g| crate::app::embed::embed_code(&href, &fragment, &g.record));
            (code, ShareControl::EmbedCode, "Embed code copied.")
        }
        ShareControl::CopyLink => (
            game::share_url(&href, &link),
            ShareControl::ShareUrl,
            "Link copied.",
        ),
        ShareControl::ShareUrl | ShareControl::EmbedCode | ShareControl::PuzzleLink => return,
    };
    if sync_address && field != ShareControl::PuzzleLink {
        show_in_address(&link);
    }
    let id = field.id();
    for selector in [format!("label[for={id}]"), format!("#{id}")] {
        if let Some(el) = dom::find(at, &selector) {
            dom::set_flag(&el, "hidden", false);
        }
    }
    if let Some(input) = dom::find(at, &format!("#{id}")) {
        dom::set_value(&input, &text);
    }
    services::copy_text(&text, move |ok| {
        say(if ok {
            done
        } else {
            "Copy it from the field above."
        })
    });
}

#[component]
pub fn Share(
    viewer: Viewer,
    /// Whether the viewer keeps the page's address on the move (then copying shows it there).
    sync_address: bool,
) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    kit::on_mount(
        root,
        Box::new(move |section| {
            let at = section.clone();
            controls::listen(&section, &["click", "focusin"], move |control, e, el| {
                match control {
                    ShareControl::ShareUrl | ShareControl::EmbedCode | ShareControl::PuzzleLink => {
                        // The whole text is selected, ready to copy by hand.
                        if e.type_() == "focusin" {
                            if let Some(i) = el.dyn_ref::<web_sys::HtmlInputElement>() {
                                i.select();
                            }
                        }
                    }
                    ShareControl::CopyLink | ShareControl::CopyEmbed | ShareControl::MakePuzzle => {
                        if e.type_() != "click" {
                            return;
                        }
                        let at = at.clone();
                        // The texts are made by code loaded on first use (`share_in_chunk`); the
                        // browser still counts the click as the user's for the copy that follows.
                        services::spawn(async move {
                            if let Err(e) =
                                share_in_chunk(viewer, at.clone(), control, sync_address).await
                            {
                                if let Some(s) = dom::find(&at, ".status") {
                                    s.set_text_content(Some(&format!("Not done: {e}.")));
                                }
                            }
                        });
                    }
                }
            });
        }),
    );
    view! { <section class="share" aria-label="Share" node_ref=root inner_html=markup()></section> }
}

thread_local! {
    /// The fragment this page last put in the address bar (or opened with): a `hashchange`
    /// to it is the page's own, not a link to load.
    static WRITTEN: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Makes `fragment` the address's own; whether it was not already.
fn remember(fragment: &str) -> bool {
    WRITTEN.with(|w| {
        let mut written = w.borrow_mut();
        let new = *written != fragment;
        if new {
            fragment.clone_into(&mut written);
        }
        new
    })
}

/// Puts the permalink fragment of the move shown in the address bar (the entry replaced: no
/// history per step).
pub(crate) fn show_in_address(fragment: &str) {
    remember(fragment);
    if let Some(href) = services::location_href() {
        services::replace_address(&game::share_url(&href, fragment));
    }
}

/// How long the address bar waits after the last step before it follows the move.
const ADDRESS_DELAY: std::time::Duration = std::time::Duration::from_millis(250);

/// Keeps the address bar on the move shown (the entry replaced: no history per step) and
/// follows a permalink typed or pasted into it.
pub fn follow_address(viewer: Viewer) {
    let opened = services::location_hash();
    if let Some(fragment) = opened.as_deref().and_then(game::fragment_of) {
        remember(fragment);
    }
    services::on_window(leptos::ev::hashchange, move |_| {
        let Some(hash) = services::location_hash() else {
            return;
        };
        let Some(fragment) = game::fragment_of(&hash) else {
            return;
        };
        // The link followed is now the address's: following back to the one before, even
        // before this one's move was written (`ADDRESS_DELAY`), loads it again.
        if remember(fragment) {
            if crate::study::link::is_study_link(fragment) {
                use crate::app::board::drawing_tool::{ask, BoardWork};
                ask(
                    viewer,
                    BoardWork::Study(crate::app::study::StudyWork::FromAddress),
                );
            } else {
                viewer.load_fragment(fragment);
            }
        }
    });
    viewer.study.when_settled(ADDRESS_DELAY, show_in_address);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markup_is_written_from_the_controls_as_it_was_by_hand() {
        let by_hand = concat!(
            r#"<button id="copy-link" type="button">Copy link to this move</button>"#,
            r#"<label for="share-url" class="visually-hidden" hidden>Link to this move</label>"#,
            r#"<input id="share-url" type="text" readonly hidden>"#,
            r#"<button id="copy-embed" type="button">Copy embed code</button>"#,
            r#"<label for="embed-code" class="visually-hidden" hidden>Embed code</label>"#,
            r#"<input id="embed-code" type="text" readonly hidden>"#,
            r#"<button id="make-puzzle" type="button" title="Pose the position shown as a puzzle: find the moves that follow">Make puzzle link</button>"#,
            r#"<label for="puzzle-link" class="visually-hidden" hidden>Puzzle link</label>"#,
            r#"<input id="puzzle-link" type="text" readonly hidden>"#,
            r#"<span class="status" role="status"></span>"#,
        );
        assert_eq!(markup(), by_hand);
        assert_eq!(
            controls::check_markup::<ShareControl>(&markup()),
            Vec::<String>::new()
        );
    }
}
