//! Drawing on the board: arrows and marked cells on the move shown (`record::drawing`), kept
//! in its comment so that they go wherever the study goes.
//!
//! A right-button drag from one cell to another draws an arrow, a right click marks a cell,
//! the same again removes it (Shift: red, Ctrl or Alt: blue, both: yellow, else green); with
//! the toolbar's *Draw* pressed the left button and a finger draw too. The work (reading the
//! drawing, drawing it, changing it) is code loaded on first use: the first screen only asks
//! for it when the move shown has a drawing or one is drawn.
//!
//! [`BoardWork`] and [`board_work_in_chunk`] are the board's one entry point into that code, for the
//! toolbar's SVG download and the position editor (opening it and its panel) too: each entry
//! point costs the first screen its loader and the task that awaits it.

use super::state::BoardState;
use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::{self, dom, services, Memo, Sink, Var};
use crate::app::model::game::LoadError;
use crate::app::model::viewer::Viewer;
use crate::engine::hex::Hex;
use crate::engine::position::Move;
use crate::notation::frame::Frame;
use crate::record::drawing::{self, Colour, Drawing, Shape};
use crate::record::tree::{GameTree, NodeId};
use crate::view::{Layout, Scene};
use leptos::prelude::NodeRef;

/// What the code loaded on first use is asked, about a move.
pub(crate) enum BoardWork {
    /// Its drawing's markup, for the layer given while the move is still shown.
    Show(Var<String>, NodeId, Layout),
    /// The same with the shape a drag would draw (from, to, colour), while the drag lasts.
    Preview(Var<String>, NodeId, Layout, Hex, Hex, Colour),
    /// A shape drawn, between two engine cells (the same for a mark).
    Draw(NodeId, Hex, Hex, Colour),
    /// Its drawing cleared.
    Clear(NodeId),
    /// The board at a ply written as an SVG image, with the move's drawing, and downloaded
    /// (the toolbar's: one entry point for the board's work, as each costs the first screen).
    Svg(Box<Scene>, Layout, usize),
    /// The position editor opened on the position shown, or left (the toolbar's).
    EditPosition,
    /// A try at the open puzzle judged (`Viewer::answer_try`): the move, and the moves of
    /// the puzzle's line done when it was played.
    PuzzleTry(Move, usize),
    /// What the open editor's panel shows, set; its controls listened to the `first` time
    /// (`editor::show`).
    Editor(web_sys::Element, bool),
    /// The analysis turned on or off, drawn on this board (the toolbar's).
    Analyse(Memo<Layout>, NodeRef<leptos::svg::Svg>),
    /// The puzzle trainer opened or closed (the toolbar's, or an address with `?puzzles`).
    Puzzles,
    /// Work for the studies' code (its own chunk, fetched from here: the first screen has no
    /// loader of its own for it).
    Study(crate::app::study::StudyWork),
    /// The reference of the destination hovered and of the row hovered, explained
    /// (`super::why`).
    Why,
    /// The courses and the notation trainer (`app::learn`), shown or hidden; `true` when
    /// the address asks for them (`?learn`, `?learn=notation`).
    Learn(bool),
    /// What the page's address asks for: the puzzle trainer (`?puzzles`, `?puzzles=URL`), a
    /// study (its link `#E…`, `?study=URL`), the courses or the trainer (`?learn…`).
    Address,
    /// The game's clocks: the time graph, the move shown on it, a timeout
    /// (`super::clocks`).
    Clocks,
}

/// [`act`], in the chunk of the panels' actions, with its answer shown: the markup in its
/// layer (unless the board has left the move since: answers come in the order asked), or
/// why a change was not made.
#[wasm_split(panels, fallible)]
fn board_work_in_chunk(viewer: Viewer, work: BoardWork) -> Result<(), Unavailable> {
    let layer = match work {
        BoardWork::Show(drawn, node, _) => Some((drawn, node)),
        // A preview that comes after its drag ended is dropped (the drawing was shown since).
        BoardWork::Preview(drawn, node, ..) if DRAG.get().is_some() => Some((drawn, node)),
        BoardWork::Preview(..) => return Ok(()),
        _ => None,
    };
    let said = act(viewer, work);
    match layer {
        Some((drawn, node)) if shown(viewer) == node => drawn.set(said),
        Some(_) => {}
        None if said.is_empty() => {}
        None => viewer.load_error.set(Some(said)),
    }
    Ok(())
}

/// The markup asked for, or why a change was not made (empty when it was).
pub(super) fn act(viewer: Viewer, work: BoardWork) -> String {
    match work {
        BoardWork::Show(_, node, layout) => markup(viewer, node, layout),
        BoardWork::Preview(_, node, layout, from, to, colour) => {
            markup_with(viewer, node, layout, Some((from, to, colour)))
        }
        BoardWork::Draw(node, from, to, colour) => change(viewer, node, &|d, frame| {
            d.toggle(Shape {
                from: frame.to_canonical(from),
                to: frame.to_canonical(to),
                colour,
            })
        }),
        BoardWork::Clear(node) => change(viewer, node, &|d, _| d.shapes.clear()),
        BoardWork::Svg(scene, layout, ply) => {
            let mut doc = crate::view::svg::scene_svg(&scene, &layout);
            // The move's drawing over everything, as the board shows it.
            if let Some(end) = doc.rfind("</svg>") {
                doc.insert_str(end, &markup(viewer, shown(viewer), layout));
            }
            let name = format!("beeline-ply-{ply}.svg");
            if services::download(&doc, &name, "image/svg+xml").is_err() {
                leptos::logging::warn!("the browser refused to download {name}");
            }
            String::new()
        }
        BoardWork::EditPosition => {
            super::editor::toggle_now(viewer);
            String::new()
        }
        BoardWork::PuzzleTry(mv, done) => {
            viewer.answer_try(mv, done);
            String::new()
        }
        BoardWork::Editor(root, first) => {
            super::editor::show(viewer, &root, first);
            String::new()
        }
        BoardWork::Analyse(layout, board) => {
            crate::app::analysis::toggle(viewer, layout, board);
            String::new()
        }
        BoardWork::Puzzles => {
            crate::app::puzzle_trainer::toggle(viewer);
            String::new()
        }
        BoardWork::Study(work) => {
            crate::app::study::ask(viewer, work);
            String::new()
        }
        BoardWork::Why => {
            super::why::explain(viewer);
            String::new()
        }
        BoardWork::Learn(from_address) => {
            crate::app::learn::ask(viewer, from_address);
            String::new()
        }
        BoardWork::Address => {
            from_address(viewer);
            String::new()
        }
        BoardWork::Clocks => {
            super::clocks::show(viewer);
            String::new()
        }
    }
}

/// Opens what the address asks for (see [`BoardWork::Address`]).
fn from_address(viewer: Viewer) {
    use crate::app::study::{ask, StudyWork};
    let query = services::location_search().unwrap_or_default();
    let hash = services::location_hash().unwrap_or_default();
    if query.contains("puzzles") {
        crate::app::puzzle_trainer::toggle(viewer);
    }
    let study_link =
        crate::app::model::game::fragment_of(&hash).is_some_and(crate::study::link::is_study_link);
    if study_link || query.contains("study=") {
        ask(viewer, StudyWork::FromAddress);
    }
    if query.contains("learn") {
        crate::app::learn::ask(viewer, true);
    }
}

/// A move's drawing as the board draws it.
fn markup(viewer: Viewer, node: NodeId, layout: Layout) -> String {
    markup_with(viewer, node, layout, None)
}

/// [`markup`], with the shape a drag would draw (engine cells and its colour) in place of
/// any between the same cells.
fn markup_with(
    viewer: Viewer,
    node: NodeId,
    layout: Layout,
    drag: Option<(Hex, Hex, Colour)>,
) -> String {
    viewer.study.game.with_untracked(|g| {
        let tree = g.tree();
        let frame = frame_at(tree, node);
        let mut drawing = Drawing::read(tree.comment(node).unwrap_or_default()).drawing;
        if let Some((from, to, colour)) = drag {
            let (from, to) = (frame.to_canonical(from), frame.to_canonical(to));
            drawing.shapes.retain(|s| (s.from, s.to) != (from, to));
            drawing.shapes.push(Shape { from, to, colour });
        }
        crate::view::drawing_svg::markup(&drawing, &frame, &layout)
    })
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

/// The move the board shows: the one hovered in the move list, else the chosen one.
fn shown(viewer: Viewer) -> NodeId {
    let preview = viewer.study.preview.get_untracked();
    preview.unwrap_or_else(|| viewer.study.node_untracked())
}

/// Asks the loaded code (one task for every piece of work: each kind costs the first screen).
pub(crate) fn ask(viewer: Viewer, work: BoardWork) {
    services::spawn(async move {
        if board_work_in_chunk(viewer, work).await.is_err() {
            viewer
                .load_error
                .set(Some(LoadError::Unavailable.to_string()));
        }
    });
}

/// The analysis turned on or off (the toolbar's button, its key, a permalink's).
pub(super) fn analyse(s: BoardState) {
    ask(s.viewer, BoardWork::Analyse(s.layout, s.board));
}

thread_local! {
    /// The drawing's layer (set when the board is made).
    static LAYER: std::cell::Cell<Option<Var<String>>> = const { std::cell::Cell::new(None) };
    /// The cell a drawing drag last previewed (`None` over no cell), while one lasts.
    static DRAG: std::cell::Cell<Option<Option<Hex>>> = const { std::cell::Cell::new(None) };
}

/// A shape drawn on the move shown (`None`: a drag let go off the board, which draws nothing
/// and takes its preview away).
pub(super) fn draw(s: BoardState, from: Hex, to: Option<Hex>, colour: Colour) {
    let v = s.viewer;
    let previewed = DRAG.take().is_some();
    match to {
        Some(to) => ask(v, BoardWork::Draw(shown(v), from, to, colour)),
        // The drawing as it was, asked after the previews so that it comes after them.
        None if previewed => refresh(s),
        None => {}
    }
}

/// The drawing of the move shown, asked again.
fn refresh(s: BoardState) {
    let v = s.viewer;
    if let Some(drawn) = LAYER.get() {
        ask(
            v,
            BoardWork::Show(drawn, shown(v), s.layout.get_untracked()),
        );
    }
}

/// A drawing drag is over `to` (`None`: off the board): the shape it would draw is shown
/// until it is let go.
pub(super) fn preview(s: BoardState, from: Hex, to: Option<Hex>, colour: Colour) {
    if DRAG.replace(Some(to)) == Some(to) {
        return;
    }
    let (v, Some(drawn)) = (s.viewer, LAYER.get()) else {
        return;
    };
    match to {
        Some(to) => ask(
            v,
            BoardWork::Preview(drawn, shown(v), s.layout.get_untracked(), from, to, colour),
        ),
        None => refresh(s),
    }
}

thread_local! {
    /// Whether the game last shown had times (its clocks were asked for).
    static CLOCKED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// A drag cancelled by the browser: its preview goes.
pub(super) fn cancel(s: BoardState) {
    if DRAG.take().is_some() {
        refresh(s);
    }
}

/// Judges a try at the open puzzle, through the board's entry point.
fn judge_try(viewer: Viewer, mv: Move, done: usize) {
    ask(viewer, BoardWork::PuzzleTry(mv, done));
}

/// Clears the move shown's drawing.
pub(super) fn clear(s: BoardState) {
    let v = s.viewer;
    ask(v, BoardWork::Clear(shown(v)));
}

/// The drawing of the move shown, in its own layer: worked out by the loaded code when the
/// move's comment holds one, after each step, change or new way of drawing the board. (The
/// same watch asks why a hovered move's reference is the one it is.)
pub(super) fn show(s: BoardState) {
    let drawn = Var::new(String::new());
    LAYER.set(Some(drawn));
    crate::app::model::viewer::JUDGE.with(|j| j.set(Some(judge_try)));
    kit::watch(Box::new(move || {
        let v = s.viewer;
        let preview = v.study.preview.get();
        // A destination or a row hovered: why its reference is the one it is.
        if !s.compact && (v.study.candidate.with(Option::is_some) | preview.is_some()) {
            ask(v, BoardWork::Why);
        }
        let node = preview.unwrap_or_else(|| v.study.node());
        // A game with times: its clocks at each step; once more when one without replaces
        // it, to take its graph away.
        let clocked = v.study.game.with(|g| {
            let t = g.tree();
            g.record.meta.time_control.is_some()
                || t.children(t.root())
                    .first()
                    .and_then(|&n| t.comment(n))
                    .is_some_and(|c| c.contains("[%clk") || c.contains("[%emt"))
        });
        let was = CLOCKED.replace(clocked);
        if !s.compact && (clocked || was) {
            ask(v, BoardWork::Clocks);
        }
        let layout = s.layout.get();
        let has = v.edit.with(Option::is_none)
            && v.study
                .game
                .with(|g| g.tree().comment(node).is_some_and(drawing::has_commands));
        if has {
            ask(v, BoardWork::Show(drawn, node, layout));
        } else {
            drawn.set(String::new());
        }
    }));
    kit::on_mount(
        s.board,
        Box::new(move |svg| {
            if let Some(g) = dom::find(&svg, "g.drawings") {
                kit::bind(g, Sink::Html, Box::new(move || Some(drawn.get())));
            }
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::{Orientation, TileShape};

    /// Drawn on one move, shown on it (in the board's cells), gone on the next, cleared by
    /// one undoable change.
    #[test]
    fn a_drawing_belongs_to_its_move() {
        crate::app::kit::testing::with_owner(a_drawing_on_the_example);
    }

    fn a_drawing_on_the_example() {
        let game = crate::app::model::game::NotatedGame::example();
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
        assert_eq!(act(viewer, BoardWork::Draw(at, from, to, Colour::Red)), "");
        assert_eq!(act(viewer, BoardWork::Draw(at, to, to, Colour::Green)), "");
        let comment = tree(&|t| t.comment(at).unwrap_or_default().to_string());
        assert!(
            comment.contains("[%cal R") && comment.contains("[%csl G"),
            "{comment}"
        );
        let shown = |node| {
            let layout = Layout::new(line.replay.frame(), Orientation::NoonUp, TileShape::Pointy);
            markup(viewer, node, layout)
        };
        let svg = shown(at);
        assert!(
            svg.contains(r#"data-colour="red""#) && svg.contains("data-user-mark"),
            "{svg}"
        );
        assert_eq!(shown(next), "");
        // A drag's preview shows its shape with the drawing, and changes nothing.
        let layout = Layout::new(line.replay.frame(), Orientation::NoonUp, TileShape::Pointy);
        let before = tree(&|t| t.comment(at).unwrap_or_default().to_string());
        let far = to.neighbors()[0];
        let preview = act(
            viewer,
            BoardWork::Preview(Var::new(String::new()), at, layout, from, far, Colour::Blue),
        );
        assert!(
            preview.contains(r#"data-colour="blue""#) && preview.contains(r#"data-colour="red""#),
            "{preview}"
        );
        assert_eq!(
            tree(&|t| t.comment(at).unwrap_or_default().to_string()),
            before
        );
        // The same arrow again removes it; clearing takes the mark, and undo brings it back.
        act(viewer, BoardWork::Draw(at, from, to, Colour::Red));
        assert!(!shown(at).contains("data-user-arrow"));
        act(viewer, BoardWork::Clear(at));
        assert_eq!(shown(at), "");
        assert!(viewer.study.undo());
        assert!(shown(at).contains("data-user-mark"));
    }
}
