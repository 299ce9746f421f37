//! The position editor's panel: the palette of both colours' bugs and the settings (side to
//! move, game type, clear, done), shown while editing, and opening and leaving the editor.
//! Static markup (shown by `edit_panel`), its state set by one effect, its events delegated;
//! what it shows and does is code loaded on first use. The position itself is `editing::Editing`.
//!
//! A click on a palette piece then on a cell places that piece (on top of a stack when the
//! piece climbs); a click on a piece then on another cell moves the top piece there, as a
//! drag does; a right click, or Delete on a chosen cell, removes the top piece. Leaving the
//! editor checks the position (`engine::setup`) and starts a study from it.

use crate::app::kit::{self, dom, Control as _, Markup};
use crate::app::model::editing::{Editing, Held};
use crate::app::model::viewer::Viewer;
use crate::engine::piece::{Bug, Color, GameType, PieceId};
use crate::notation::frame::Frame;
use crate::view::{svg, Layout, Orientation, TileShape};

crate::controls! {
    /// The panel's controls.
    pub(crate) enum EditorControl {
        SideToMove = "side-to-move",
        GameType = "edit-game-type",
        Clear = "clear-position",
        Done = "done-editing",
        Error = "edit-error",
    }
}

/// The panel's markup: a palette button per colour and bug (with its art), then the
/// settings.
pub(super) fn markup() -> String {
    let layout = Layout::new(Frame::EMPTY, Orientation::NoonUp, TileShape::Flat);
    let mut s = String::from(r#"<div class="palette" role="group" aria-label="Pieces to place">"#);
    for color in [Color::White, Color::Black] {
        for bug in Bug::ALL {
            let Some(id) = PieceId::of_kind(color, bug).next() else {
                continue;
            };
            s.push_str(&format!(
                r#"<button type="button" class="palette-piece" data-palette="{c}{b}" data-count="0" aria-pressed="false" title="{n} {bn}"><svg viewBox="-1 -1 2 2" aria-hidden="true">{art}</svg><span class="count"></span><span class="visually-hidden">{n} {bn}</span></button>"#,
                c = color.letter(),
                b = bug.letter(),
                n = color.name(),
                bn = bug.name(),
                art = svg::piece_markup(id, &layout),
            ));
        }
    }
    let mut types = String::from(">");
    for gt in GameType::all() {
        types.push_str(&format!(r#"<option value="{gt}">{gt}</option>"#));
    }
    types.push_str("</select>");
    Markup::new()
        .raw(&s)
        .raw(r#"</div><div class="editor-settings">"#)
        .raw(r#"<label for="side-to-move">To move</label>"#)
        .control("select", EditorControl::SideToMove, r#"><option value="w">White</option><option value="b">Black</option></select>"#)
        .raw(r#"<label for="edit-game-type">Game</label>"#)
        .control("select", EditorControl::GameType, &types)
        .raw(r#"<button type="button""#)
        .id(EditorControl::Clear)
        .raw(r#">Clear</button><button type="button""#)
        .id(EditorControl::Done)
        .raw(r#">Done</button></div>"#)
        .control("p", EditorControl::Error, r#" class="error" role="alert"></p>"#)
        .raw(r#"<p class="hint">Choose a piece, then a cell. Drag to move; right-click or Delete to take off.</p>"#)
        .done()
}

/// Sets what the open editor's panel shows (the pieces left to place, the side to move,
/// the game type, the last error) and, the `first` time, listens to its controls.
pub(super) fn show(viewer: Viewer, root: &web_sys::Element, first: bool) {
    if first {
        listen(root, viewer);
    }
    viewer.edit.with_untracked(|e| {
        let Some(e) = e else { return };
        for color in [Color::White, Color::Black] {
            for bug in Bug::ALL {
                let code = format!("{}{}", color.letter(), bug.letter());
                let Some(b) = dom::find(root, &format!("[data-palette=\"{code}\"]")) else {
                    continue;
                };
                let n = e.remaining(color, bug);
                let count = n.to_string();
                dom::set_attr(&b, "data-count", Some(&count));
                if let Some(c) = dom::find(&b, ".count") {
                    c.set_text_content(Some(&count));
                }
                dom::set_flag(&b, "hidden", !e.setup.game_type.includes(bug));
                dom::set_flag(&b, "disabled", n == 0);
                let held = e.held == Some(Held::Palette(color, bug));
                dom::set_attr(
                    &b,
                    "aria-pressed",
                    Some(if held { "true" } else { "false" }),
                );
            }
        }
        if let Some(s) = kit::controls::element(root, EditorControl::SideToMove) {
            dom::set_value(&s, &e.setup.to_move.letter().to_string());
        }
        if let Some(s) = kit::controls::element(root, EditorControl::GameType) {
            dom::set_value(&s, &e.setup.game_type.to_string());
        }
        if let Some(p) = kit::controls::element(root, EditorControl::Error) {
            p.set_text_content(e.error.as_deref());
        }
    });
}

/// The panel's clicks and changes: a palette piece is chosen (or let go), the side to
/// move and the game type are set, the position cleared, the editor left.
fn listen(root: &web_sys::Element, viewer: Viewer) {
    let update = move |f: &dyn Fn(&mut Editing)| {
        viewer.edit.update(|e| {
            if let Some(e) = e {
                f(e);
            }
        })
    };
    dom::listen(root, &["click", "change"], move |ev| {
        let Some(el) = dom::event_closest(&ev, "button, select") else {
            return;
        };
        if let Some(code) = el.get_attribute("data-palette") {
            let (color, bug) = palette_code(&code);
            update(&|e| {
                let held = Some(Held::Palette(color, bug));
                e.held = if e.held == held { None } else { held };
            });
            return;
        }
        let Some(control) = EditorControl::from_id(&el.id()) else {
            return;
        };
        let change = ev.type_() == "change";
        match control {
            EditorControl::SideToMove if change => {
                let black = dom::value_of(&el) == "b";
                update(&|e| e.setup.to_move = if black { Color::Black } else { Color::White });
            }
            EditorControl::GameType if change => {
                if let Ok(gt) = dom::value_of(&el).parse::<GameType>() {
                    update(&|e| e.set_game_type(gt));
                }
            }
            EditorControl::Clear if !change => update(&|e| e.clear()),
            EditorControl::Done if !change => toggle_now(viewer),
            EditorControl::SideToMove
            | EditorControl::GameType
            | EditorControl::Clear
            | EditorControl::Done
            | EditorControl::Error => {}
        }
    });
}

/// The colour and bug of a palette code (`wA`).
fn palette_code(code: &str) -> (Color, Bug) {
    let mut c = code.chars();
    let color = if c.next() == Some('b') {
        Color::Black
    } else {
        Color::White
    };
    (
        color,
        c.next().and_then(Bug::from_letter).unwrap_or(Bug::Queen),
    )
}

/// Opens the position editor on the position shown, or leaves it: the position is
/// checked and a study starts from it (on an error the editor stays, saying why). Code
/// loaded on first use: the board's toolbar asks for it through `board::drawing_tool`'s entry
/// point, the editor's own Done button is in the same chunk.
pub fn toggle_now(viewer: Viewer) {
    let finished = viewer
        .edit
        .with_untracked(|e| e.as_ref().map(Editing::finish));
    match finished {
        None => {
            viewer.study.playing.set(false);
            viewer.study.pick.set(None);
            let editing = viewer
                .study
                .position
                .with_untracked(|a| Editing::of(&a.pos));
            viewer.edit.set(Some(editing));
        }
        Some(Ok(rec)) => {
            let game = crate::app::model::game::NotatedGame::new(rec);
            let root = game.tree().root();
            viewer.show(game, root);
        }
        Some(Err(e)) => viewer.edit.update(|ed| {
            if let Some(ed) = ed {
                ed.error = Some(e);
            }
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markup_names_its_controls_once_each() {
        let m = markup();
        assert_eq!(
            kit::controls::check_markup::<EditorControl>(&m),
            Vec::<String>::new()
        );
        assert!(m.contains(concat!(
            r#"<button type="button" id="clear-position">Clear</button>"#,
            r#"<button type="button" id="done-editing">Done</button></div>"#,
            r#"<p id="edit-error" class="error" role="alert"></p>"#
        )));
        assert!(m.contains(r#"<select id="side-to-move"><option value="w">White</option>"#));
        assert!(m.contains(r#"<select id="edit-game-type"><option value="Base">Base</option>"#));
        assert_eq!(m.matches("data-palette=").count(), 16);
    }
}
