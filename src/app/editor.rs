//! The position editor: set up any position piece by piece, then study it. The logic here
//! is free of the DOM (tested natively); [`EditPanel`] is its palette and settings.
//!
//! A click on a palette piece then on a cell places that piece (on top of a stack when the
//! piece climbs); a click on a piece then on another cell moves the top piece there, as a
//! drag does; a right click, or Delete on a chosen cell, removes the top piece. Leaving the
//! editor checks the position (`engine::setup`) and starts a study from it.

use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, GameType};
use crate::engine::position::{Position, Rules};
use crate::engine::setup::Setup;
use crate::notation::Coordinates;
use crate::record::position::{canonical_setup, stand};
use crate::record::tree::GameTree;
use crate::record::{Format, Record};
use crate::view::Replay;
use std::sync::Arc;

pub use panel::EditPanel;

/// What the next click on a cell does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// Place this piece from the palette.
    Palette(Color, Bug),
    /// Move the top piece of this cell.
    Cell(Hex),
}

/// A position being set up, in its own (canonical) coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editing {
    pub setup: Setup,
    pub held: Option<Held>,
    /// Why the last action or the check on leaving failed.
    pub error: Option<String>,
}

fn climbs(bug: Bug) -> bool {
    matches!(bug, Bug::Beetle | Bug::Mosquito)
}

impl Editing {
    /// The editor opened on a position (of a game, a study, or a set-up), in its game's
    /// canonical frame, so that the grid shows the names the algebraic notation uses.
    pub fn of(pos: &Position) -> Editing {
        Editing {
            setup: canonical_setup(pos),
            held: None,
            error: None,
        }
    }

    /// Pieces of a kind not yet on the board.
    pub fn remaining(&self, color: Color, bug: Bug) -> usize {
        if !self.setup.game_type.includes(bug) {
            return 0;
        }
        let used = self
            .setup
            .stacks
            .iter()
            .flat_map(|(_, s)| s)
            .filter(|p| **p == (color, bug))
            .count();
        usize::from(bug.count()).saturating_sub(used)
    }

    fn stack(&self, h: Hex) -> Option<&Vec<(Color, Bug)>> {
        self.setup
            .stacks
            .iter()
            .find(|(c, _)| *c == h)
            .map(|(_, s)| s)
    }

    /// Puts a piece on a cell (on top of its stack when it climbs).
    pub fn place(&mut self, h: Hex, color: Color, bug: Bug) -> Result<(), String> {
        if self.remaining(color, bug) == 0 {
            return Err(format!(
                "no {} {} is left to place",
                color.name(),
                bug.name()
            ));
        }
        self.put(h, color, bug)
    }

    fn put(&mut self, h: Hex, color: Color, bug: Bug) -> Result<(), String> {
        match self.setup.stacks.iter_mut().find(|(c, _)| *c == h) {
            Some((_, s)) if !s.is_empty() && !climbs(bug) => Err(format!(
                "the {} cannot stand on another piece: only Beetles and Mosquitoes climb",
                bug.name()
            )),
            Some((_, s)) => {
                s.push((color, bug));
                Ok(())
            }
            None => {
                self.setup.stacks.push((h, vec![(color, bug)]));
                Ok(())
            }
        }
    }

    /// Takes the top piece off a cell.
    pub fn remove_top(&mut self, h: Hex) -> Option<(Color, Bug)> {
        let i = self.setup.stacks.iter().position(|(c, _)| *c == h)?;
        let top = self.setup.stacks[i].1.pop();
        if self.setup.stacks[i].1.is_empty() {
            self.setup.stacks.remove(i);
        }
        top
    }

    /// Moves the top piece of one cell onto another.
    pub fn move_top(&mut self, from: Hex, to: Hex) -> Result<(), String> {
        if from == to {
            return Ok(());
        }
        let Some(&(color, bug)) = self.stack(from).and_then(|s| s.last()) else {
            return Ok(());
        };
        if self.stack(to).is_some_and(|s| !s.is_empty()) && !climbs(bug) {
            return Err(format!(
                "the {} cannot stand on another piece: only Beetles and Mosquitoes climb",
                bug.name()
            ));
        }
        self.remove_top(from);
        self.put(to, color, bug)
    }

    /// A click on a cell: places the held palette piece, moves the held cell's top piece,
    /// or holds this cell's piece.
    pub fn click(&mut self, h: Hex) {
        let result = match self.held {
            Some(Held::Palette(color, bug)) => self.place(h, color, bug),
            Some(Held::Cell(from)) => {
                self.held = None;
                self.move_top(from, h)
            }
            None => {
                if self.stack(h).is_some() {
                    self.held = Some(Held::Cell(h));
                }
                Ok(())
            }
        };
        self.error = result.err();
    }

    /// Changes the game type; pieces the new one leaves out are taken off.
    pub fn set_game_type(&mut self, gt: GameType) {
        self.setup.game_type = gt;
        for (_, s) in &mut self.setup.stacks {
            s.retain(|(_, b)| gt.includes(*b));
        }
        self.setup.stacks.retain(|(_, s)| !s.is_empty());
        if let Some(Held::Palette(_, b)) = self.held {
            if !gt.includes(b) {
                self.held = None;
            }
        }
    }

    pub fn clear(&mut self) {
        self.setup.stacks.clear();
        self.held = None;
        self.error = None;
    }

    /// What the board shows while editing.
    pub fn replay(&self) -> Arc<Replay> {
        Arc::new(Replay::of_legal(
            self.setup.position_unchecked(Rules::default()),
            &[],
        ))
    }

    /// The record a study starts from, once the position is checked.
    pub fn finish(&self) -> Result<Record, String> {
        let pos = stand(&self.setup, Rules::default()).map_err(|e| e.to_string())?;
        let mut rec = Record::new(self.setup.game_type, Format::Position);
        rec.coordinates = Coordinates::Canonical;
        if pos.is_split() {
            rec.notices.push(
                "the hive is in several parts: the position is shown, but no move can be played \
                 from it"
                    .to_string(),
            );
        }
        rec.tree = GameTree::from_position(pos);
        Ok(rec)
    }
}

/// The palette of both colours' bugs and the settings (side to move, game type, clear),
/// shown while editing. Static markup, its state set by one effect, its events delegated.
pub(super) mod panel {
    use super::{Editing, Held};
    use crate::app::kit::chunk::{wasm_split, Unavailable};
    use crate::app::kit::{self, dom, services, Control as _, Markup, Stored};
    use crate::app::Viewer;
    use crate::engine::piece::{Bug, Color, GameType, PieceId};
    use crate::notation::frame::Frame;
    use crate::view::{svg, Layout, Orientation, TileShape};
    use leptos::prelude::*;

    crate::controls! {
        /// The panel's controls.
        pub(in crate::app) enum Control {
            SideToMove = "side-to-move",
            GameType = "edit-game-type",
            Clear = "clear-position",
            Done = "done-editing",
            Error = "edit-error",
        }
    }

    /// The panel's markup: a palette button per colour and bug (with its art), then the
    /// settings.
    fn markup() -> String {
        let layout = Layout::new(Frame::EMPTY, Orientation::NoonUp, TileShape::Flat);
        let mut s =
            String::from(r#"<div class="palette" role="group" aria-label="Pieces to place">"#);
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
            .control("select", Control::SideToMove, r#"><option value="w">White</option><option value="b">Black</option></select>"#)
            .raw(r#"<label for="edit-game-type">Game</label>"#)
            .control("select", Control::GameType, &types)
            .raw(r#"<button type="button""#)
            .id(Control::Clear)
            .raw(r#">Clear</button><button type="button""#)
            .id(Control::Done)
            .raw(r#">Done</button></div>"#)
            .control("p", Control::Error, r#" class="error" role="alert"></p>"#)
            .raw(r#"<p class="hint">Choose a piece, then a cell. Drag to move; right-click or Delete to take off.</p>"#)
            .done()
    }

    #[component]
    pub fn EditPanel(viewer: Viewer) -> impl IntoView {
        let root = NodeRef::<leptos::html::Section>::new();
        // One effect shows the panel while the editor is open; what it shows is set, and on
        // the first time its controls are listened to, by code loaded on first use (with
        // the editor itself: `show_later`).
        let listening = Stored::new(false);
        kit::watch(Box::new(move || {
            let Some(root) = root.get() else { return };
            let root: web_sys::Element = root.into();
            let open = viewer.edit.with(Option::is_some);
            dom::set_flag(&root, "hidden", !open);
            if open {
                let first = !listening.get_value();
                listening.set_value(true);
                services::spawn(async move {
                    let _ = show_later(viewer, root, first).await;
                });
            }
        }));
        view! {
            <section
                id="position-editor"
                class="position-editor"
                aria-label="Position editor"
                hidden
                node_ref=root
                inner_html=markup()
            ></section>
        }
    }

    /// [`show`], in the chunk of the panels' actions (with the editor itself).
    #[wasm_split(panels, fallible)]
    fn show_later(viewer: Viewer, root: web_sys::Element, first: bool) -> Result<(), Unavailable> {
        show(viewer, &root, first);
        Ok(())
    }

    /// Sets what the open editor's panel shows (the pieces left to place, the side to move,
    /// the game type, the last error) and, the `first` time, listens to its controls.
    fn show(viewer: Viewer, root: &web_sys::Element, first: bool) {
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
            if let Some(s) = dom::find(root, &format!("#{}", Control::SideToMove.id())) {
                dom::set_value(&s, &e.setup.to_move.letter().to_string());
            }
            if let Some(s) = dom::find(root, &format!("#{}", Control::GameType.id())) {
                dom::set_value(&s, &e.setup.game_type.to_string());
            }
            if let Some(p) = dom::find(root, &format!("#{}", Control::Error.id())) {
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
            let Some(control) = Control::from_id(&el.id()) else {
                return;
            };
            let change = ev.type_() == "change";
            match control {
                Control::SideToMove if change => {
                    let black = dom::value_of(&el) == "b";
                    update(&|e| e.setup.to_move = if black { Color::Black } else { Color::White });
                }
                Control::GameType if change => {
                    if let Ok(gt) = dom::value_of(&el).parse::<GameType>() {
                        update(&|e| e.set_game_type(gt));
                    }
                }
                Control::Clear if !change => update(&|e| e.clear()),
                Control::Done if !change => toggle(viewer),
                Control::SideToMove
                | Control::GameType
                | Control::Clear
                | Control::Done
                | Control::Error => {}
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
    /// checked and a study starts from it (on an error the editor stays, saying why). The
    /// editor's code loads on first use.
    pub(in crate::app) fn toggle(viewer: Viewer) {
        services::spawn(async move {
            if toggle_later(viewer).await.is_err() {
                viewer
                    .load_error
                    .set(Some(crate::app::game::LoadError::Unavailable.to_string()));
            }
        });
    }

    /// [`toggle_now`], in the chunk of the panels' actions: setting up a position and
    /// turning it into a game are needed only once someone edits.
    #[wasm_split(panels, fallible)]
    fn toggle_later(viewer: Viewer) -> Result<(), Unavailable> {
        toggle_now(viewer);
        Ok(())
    }

    /// What [`toggle`] does, at once.
    fn toggle_now(viewer: Viewer) {
        let finished = viewer
            .edit
            .with_untracked(|e| e.as_ref().map(Editing::finish));
        match finished {
            None => {
                viewer.playing.set(false);
                viewer.pick.set(None);
                let editing = viewer.position.with_untracked(|a| Editing::of(&a.pos));
                viewer.edit.set(Some(editing));
            }
            Some(Ok(rec)) => {
                let game = crate::app::game::Game::new(rec);
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
                kit::controls::check_markup::<Control>(&m),
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::position::write;

    fn empty() -> Editing {
        Editing {
            setup: Setup {
                game_type: GameType::BASE,
                to_move: Color::White,
                stacks: Vec::new(),
            },
            held: None,
            error: None,
        }
    }

    #[test]
    fn pieces_are_placed_moved_and_removed() {
        let mut e = empty();
        let (a, b, c) = (Hex::new(0, 0), Hex::new(1, 0), Hex::new(-1, 1));
        e.held = Some(Held::Palette(Color::White, Bug::Queen));
        e.click(a);
        assert_eq!(e.remaining(Color::White, Bug::Queen), 0);
        // No second Queen, and an Ant cannot climb.
        e.click(b);
        assert!(e.error.as_deref().unwrap().contains("no White Queen"));
        e.held = Some(Held::Palette(Color::Black, Bug::Ant));
        e.click(b);
        e.click(a);
        assert!(e
            .error
            .as_deref()
            .unwrap()
            .contains("only Beetles and Mosquitoes climb"));
        e.held = Some(Held::Palette(Color::Black, Bug::Beetle));
        e.click(a);
        assert_eq!(e.error, None);
        assert_eq!(write(&e.setup), "wQ @m0 bB @m0 bA @n0; White to move");
        // Hold the beetle's cell, then click another: it moves onto the ant.
        e.held = None;
        e.click(a);
        assert_eq!(e.held, Some(Held::Cell(a)));
        e.click(b);
        assert_eq!(write(&e.setup), "wQ @m0 bA @n0 bB @n0; White to move");
        assert_eq!(e.move_top(b, c), Ok(()));
        assert_eq!(e.remove_top(c), Some((Color::Black, Bug::Beetle)));
        assert_eq!(e.remove_top(c), None);
        assert_eq!(write(&e.setup), "wQ @m0 bA @n0; White to move");
        // A game type without the Mosquito takes it off.
        e.set_game_type("Base+M".parse().unwrap());
        e.place(c, Color::White, Bug::Mosquito).unwrap();
        e.set_game_type(GameType::BASE);
        assert_eq!(e.remaining(Color::White, Bug::Mosquito), 0);
        assert_eq!(write(&e.setup), "wQ @m0 bA @n0; White to move");
    }

    #[test]
    fn finishing_checks_the_position_and_starts_a_study() {
        let mut e = empty();
        e.place(Hex::new(0, 0), Color::White, Bug::Queen).unwrap();
        e.place(Hex::new(1, 0), Color::Black, Bug::Queen).unwrap();
        e.setup.to_move = Color::Black;
        let rec = e.finish().unwrap();
        assert_eq!(rec.format, Format::Position);
        assert_eq!(rec.start().to_move(), Color::Black);
        assert!(!rec.start().legal_moves().is_empty());
        // Apart: shown, with a notice, and no move.
        e.move_top(Hex::new(1, 0), Hex::new(3, 0)).unwrap();
        let rec = e.finish().unwrap();
        assert_eq!(rec.notices.len(), 1);
        assert!(rec.start().legal_moves().is_empty());
        // A position taken from a game opens in its canonical frame.
        let game = crate::app::game::Game::example();
        let pos = game.record.position_at(20);
        let e = Editing::of(&pos);
        assert_eq!(
            write(&e.setup),
            crate::record::position::write_position(&pos)
        );
        assert_eq!(e.replay().snapshot(0).stacks.len(), e.setup.stacks.len());
    }
}
