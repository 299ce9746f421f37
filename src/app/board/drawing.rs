//! Drawing on the board: arrows and marked cells on the move shown (`record::drawing`), kept
//! in its comment so that they go wherever the study goes.
//!
//! A right-button drag from one cell to another draws an arrow, a right click marks a cell,
//! the same again removes it (Shift: red, Ctrl or Alt: blue, both: yellow, else green); with
//! the toolbar's *Draw* pressed the left button and a finger draw too. The work (reading the
//! drawing, drawing it, changing it) is code loaded on first use: the first screen only asks
//! for it when the move shown has a drawing or one is drawn.

use super::state::BoardState;
use crate::app::game::Game;
use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::{self, dom, services, Sink, Stored};
use crate::app::viewer::Viewer;
use crate::engine::hex::Hex;
use crate::notation::frame::Frame;
use crate::record::drawing::{self, Colour, Drawing, Shape};
use crate::record::tree::{GameTree, NodeId};
use crate::view::Layout;

/// What the code loaded on first use is asked.
pub(super) enum Ask {
    /// The markup of a move's drawing, as the board draws it.
    Show(Game, NodeId, Layout),
    /// A shape drawn on a move, between two engine cells (the same for a mark).
    Draw(Viewer, NodeId, Hex, Hex, Colour),
    /// A move's drawing cleared.
    Clear(Viewer, NodeId),
}

/// [`act`], in the chunk of the panels' actions.
#[wasm_split(panels, fallible)]
fn act_later(ask: Ask) -> Result<String, Unavailable> {
    Ok(act(ask))
}

/// The markup asked for, or why a change was not made (empty when it was).
pub(super) fn act(ask: Ask) -> String {
    match ask {
        Ask::Show(game, node, layout) => {
            let tree = game.tree();
            let drawing = Drawing::read(tree.comment(node).unwrap_or_default()).drawing;
            crate::view::drawing::markup(&drawing, &frame_at(tree, node), &layout)
        }
        Ask::Draw(viewer, node, from, to, colour) => change(viewer, node, &|d, frame| {
            d.toggle(Shape {
                from: frame.to_canonical(from),
                to: frame.to_canonical(to),
                colour,
            })
        }),
        Ask::Clear(viewer, node) => change(viewer, node, &|d, _| d.shapes.clear()),
    }
}

/// The canonical frame as it stands after a node's move: the one its drawing is kept in.
fn frame_at(tree: &GameTree, node: NodeId) -> Frame {
    Frame::of_line(&tree.start(), &tree.line_to(node))
}

/// Changes a node's drawing, keeping its words, as a change of the game (undone as one).
fn change(viewer: Viewer, node: NodeId, f: &dyn Fn(&mut Drawing, &Frame)) -> String {
    let new = |t: &GameTree| {
        let read = Drawing::read(t.comment(node).unwrap_or_default());
        let mut d = read.drawing;
        f(&mut d, &frame_at(t, node));
        d.comment(&read.prose)
    };
    let same = viewer
        .study
        .game
        .with_untracked(|g| new(g.tree()).as_deref() == g.tree().comment(node));
    if same {
        return String::new();
    }
    match viewer
        .study
        .edit_at(node, |t, n| t.set_comment(n, new(t).as_deref()).map(|()| n))
    {
        Ok(()) => String::new(),
        Err(e) => format!("The drawing could not be changed: {e}."),
    }
}

/// Asks the loaded code (one task type for every ask: each costs the first screen): the
/// markup of the shown move's drawing when `shown` is the latest ask's number, else a change,
/// whose failure is shown.
fn ask(s: BoardState, ask: Ask, shown: Option<(Stored<u32>, u32)>) {
    services::spawn(async move {
        let said = act_later(ask).await;
        match shown {
            Some((asked, n)) => {
                if asked.get_value() == n {
                    s.drawn.set(said.unwrap_or_default());
                }
            }
            None => {
                let said = said.unwrap_or_else(|e| e.to_string());
                if !said.is_empty() {
                    s.viewer.load_error.set(Some(said));
                }
            }
        }
    });
}

/// A shape drawn on the move shown.
pub(super) fn draw(s: BoardState, from: Hex, to: Hex, colour: Colour) {
    let node = s.shown.with_untracked(|n| n.node);
    ask(s, Ask::Draw(s.viewer, node, from, to, colour), None);
}

/// Clears the move shown's drawing.
pub(super) fn clear(s: BoardState) {
    let node = s.shown.with_untracked(|n| n.node);
    ask(s, Ask::Clear(s.viewer, node), None);
}

/// The drawing of the move shown, in its own layer: worked out by the loaded code when the
/// move's comment holds one, after each step, change or new way of drawing the board.
pub(super) fn show(s: BoardState) {
    let asked = Stored::new(0u32);
    kit::watch(Box::new(move || {
        let node = s.shown.with(|n| n.node);
        let layout = s.layout.get();
        let game = s.viewer.study.game.get();
        let n = asked.get_value().wrapping_add(1);
        asked.set_value(n);
        let drawn = s.viewer.edit.with(Option::is_none)
            && game.tree().comment(node).is_some_and(drawing::has_commands);
        if drawn {
            ask(s, Ask::Show(game, node, layout), Some((asked, n)));
        } else {
            s.drawn.set(String::new());
        }
    }));
    kit::on_mount(
        s.board,
        Box::new(move |svg| {
            if let Some(g) = dom::find(&svg, "g.drawings") {
                kit::bind(g, Sink::Html, Box::new(move || Some(s.drawn.get())));
            }
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{Orientation, TileShape};

    /// Effects are created natively but never run: `act` must not need them.
    struct SetAside;

    impl any_spawner::CustomExecutor for SetAside {
        fn spawn(&self, _: any_spawner::PinnedFuture<()>) {}
        fn spawn_local(&self, _: any_spawner::PinnedLocalFuture<()>) {}
        fn poll_local(&self) {}
    }

    /// Drawn on one move, shown on it (in the board's cells), gone on the next, cleared by
    /// one undoable change.
    #[test]
    fn a_drawing_belongs_to_its_move() {
        // Set once per test process (a second call is refused, and that is fine).
        let _ = any_spawner::Executor::init_custom_executor(SetAside);
        leptos::prelude::Owner::new().with(a_drawing_on_the_example);
    }

    fn a_drawing_on_the_example() {
        let game = Game::example();
        let line = game.main_line();
        let (at, next) = (line.node_at(10), line.node_at(11));
        let viewer = Viewer::new(game, at, None);
        let tree =
            |f: &dyn Fn(&GameTree) -> String| viewer.study.game.with_untracked(|g| f(g.tree()));
        let frame = tree(&|t| format!("{:?}", frame_at(t, at)));
        assert!(!frame.is_empty());
        // Two engine cells next to each other, as the board gives them.
        let pos = viewer
            .study
            .game
            .with_untracked(|g| g.tree().position_at(at).unwrap());
        let from = pos.board().occupied().next().unwrap();
        let to = from.neighbors()[0];
        assert_eq!(act(Ask::Draw(viewer, at, from, to, Colour::Red)), "");
        assert_eq!(act(Ask::Draw(viewer, at, to, to, Colour::Green)), "");
        let comment = tree(&|t| t.comment(at).unwrap_or_default().to_string());
        assert!(
            comment.contains("[%cal R") && comment.contains("[%csl G"),
            "{comment}"
        );
        let shown = |node| {
            let g = viewer.study.game.get_untracked();
            let layout = Layout::new(line.replay.frame(), Orientation::NoonUp, TileShape::Pointy);
            act(Ask::Show(g, node, layout))
        };
        let svg = shown(at);
        assert!(
            svg.contains(r#"data-colour="red""#) && svg.contains("data-user-mark"),
            "{svg}"
        );
        assert_eq!(shown(next), "");
        // The same arrow again removes it; clearing takes the mark, and undo brings it back.
        act(Ask::Draw(viewer, at, from, to, Colour::Red));
        assert!(!shown(at).contains("data-user-arrow"));
        act(Ask::Clear(viewer, at));
        assert_eq!(shown(at), "");
        assert!(viewer.study.undo());
        assert!(shown(at).contains("data-user-mark"));
    }
}
