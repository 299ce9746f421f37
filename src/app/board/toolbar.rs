//! The board's toolbar, as typed controls: static markup written from [`BoardTool`], its buttons'
//! state set by an effect and their clicks delegated to one listener (see `controls` for
//! why).

use leptos::prelude::NodeRef;

use super::drawing_tool::{self, BoardWork};
use super::state::{BoardState, ZOOM_STEP};
use crate::app::kit::controls::{listen, Control, Markup};
use crate::app::kit::{self, dom, services};
use crate::app::model::game;
use crate::app::study::StudyWork;
use crate::record::drawing::Colour;
use crate::view::{Orientation, TileShape};

crate::controls! {
    /// The toolbar's buttons.
    pub(super) enum BoardTool {
        ZoomOut = "zoom-out",
        ZoomIn = "zoom-in",
        Fit = "fit-board",
        Orientation = "orientation",
        More = "board-more",
        TileShape = "tile-shape",
        DownloadSvg = "download-svg",
        ShowGrid = "show-grid",
        Draw = "draw-mode",
        DrawColour = "draw-colour",
        ClearDrawings = "clear-drawings",
        EditPosition = "edit-position",
        Analyse = "analyse",
        Puzzles = "puzzles",
        Library = "library-open",
        Learn = "learn-open",
    }
}

/// One button: its type, its id from `tool`, then `rest` (the attributes after the id, its
/// text and its end tag), in the order the toolbar has always had.
fn button(m: Markup, tool: BoardTool, rest: &str) -> Markup {
    m.raw(r#"<button type="button" id=""#)
        .raw(tool.id())
        .raw("\"")
        .raw(rest)
}

/// Each button's control and what follows its id: its attributes, text and end tag.
const BUTTONS: [(BoardTool, &str); 16] = [
    (
        BoardTool::ZoomOut,
        r#" aria-label="Zoom out" title="Zoom out">−</button>"#,
    ),
    (
        BoardTool::ZoomIn,
        r#" aria-label="Zoom in" title="Zoom in (or ctrl + wheel)">+</button>"#,
    ),
    (
        BoardTool::Fit,
        r#" aria-label="Fit the board to the view" title="Fit the board">Fit</button>"#,
    ),
    (
        BoardTool::Orientation,
        r#" aria-pressed="true" title="Noon up: the direction notation's frame (pressed), or as the record was played">Noon up</button>"#,
    ),
    (
        BoardTool::More,
        r#" class="more-toggle" aria-expanded="false" aria-label="More tools" title="More tools">⋯</button>"#,
    ),
    (
        BoardTool::TileShape,
        r#" class="more" aria-label="Tiles: flat. Switch to pointy" title="Flat or pointy tiles">⬢ Flat</button>"#,
    ),
    (
        BoardTool::DownloadSvg,
        r#" class="more" aria-label="Download the current board as an SVG image" title="Download the board as an SVG image">⤓ SVG</button>"#,
    ),
    (
        BoardTool::ShowGrid,
        r#" class="more" aria-pressed="false" title="Name the cells (algebraic grid)">Grid</button>"#,
    ),
    (
        BoardTool::Draw,
        r#" aria-pressed="false" title="Taps and drags draw (so does the right button)">↗ Draw</button>"#,
    ),
    (
        BoardTool::DrawColour,
        r#" hidden aria-label="Drawing colour: green. Change" title="The colour taps and drags draw in (keys held choose their own)">● Green</button>"#,
    ),
    (
        BoardTool::ClearDrawings,
        r#" class="more" title="Clear this move's drawing">Clear drawings</button>"#,
    ),
    (
        BoardTool::EditPosition,
        r#" class="more" aria-pressed="false" title="Set up a position">✎ Edit from here</button>"#,
    ),
    (
        BoardTool::Analyse,
        r#" aria-pressed="false" aria-keyshortcuts="A" title="Engine analysis (A)">Analyse</button>"#,
    ),
    (
        BoardTool::Puzzles,
        r#" aria-pressed="false" title="Puzzles mined from games">Puzzles</button>"#,
    ),
    (
        BoardTool::Library,
        r#" aria-pressed="false" title="Studies kept in this browser">Studies</button>"#,
    ),
    (
        BoardTool::Learn,
        r#" aria-pressed="false" title="Courses and the notation trainer">Learn</button>"#,
    ),
];

/// The toolbar's markup; [`state`] sets its buttons' state.
pub(super) fn markup() -> String {
    BUTTONS
        .iter()
        .fold(Markup::new(), |m, &(tool, rest)| button(m, tool, rest))
        .done()
}

/// Downloads the board shown as an SVG image, with the move's drawing, by code loaded on
/// first use (`drawing_tool::BoardWork::Svg`).
fn download_svg(s: BoardState) {
    let l = s.layout.get_untracked();
    let hl = s.highlight.get_untracked();
    let p = s.ply.get_untracked();
    let scene = s.replay.with_untracked(|r| r.scene(p, &l, hl.as_ref()));
    drawing_tool::ask(s.viewer, BoardWork::Svg(Box::new(scene), l, p));
}

/// Shows or hides the tools that a narrow screen keeps behind *More* (the style sheet hides
/// `.more` there unless the toolbar has `data-more`), so that the toolbar takes two rows.
fn show_more(button: &web_sys::Element) {
    let open = button.get_attribute("aria-expanded").as_deref() != Some("true");
    dom::set_attr(
        button,
        "aria-expanded",
        Some(if open { "true" } else { "false" }),
    );
    if let Some(bar) = button.parent_element() {
        dom::set_flag(&bar, "data-more", open);
    }
}

/// What a click on a button does.
fn click(s: BoardState, tool: BoardTool) {
    match tool {
        BoardTool::ZoomOut => s.zoom(1.0 / ZOOM_STEP),
        BoardTool::ZoomIn => s.zoom(ZOOM_STEP),
        BoardTool::Fit => s.view.set(None),
        BoardTool::Orientation => s.orientation.update(|o| {
            *o = match *o {
                Orientation::NoonUp => Orientation::AsPlayed,
                Orientation::AsPlayed => Orientation::NoonUp,
            }
        }),
        BoardTool::TileShape => s.shape.update(|sh| {
            *sh = match *sh {
                TileShape::Flat => TileShape::Pointy,
                TileShape::Pointy => TileShape::Flat,
            }
        }),
        BoardTool::DownloadSvg => download_svg(s),
        BoardTool::ShowGrid => s.show_grid.update(|g| *g = !*g),
        BoardTool::Draw => s.draw_mode.update(|d| *d = !*d),
        BoardTool::DrawColour => s.draw_colour.update(|c| *c = c.next()),
        BoardTool::ClearDrawings => drawing_tool::clear(s),
        BoardTool::EditPosition => drawing_tool::ask(s.viewer, BoardWork::EditPosition),
        BoardTool::Analyse => drawing_tool::analyse(s),
        BoardTool::Puzzles => drawing_tool::ask(s.viewer, BoardWork::Puzzles),
        BoardTool::Library => drawing_tool::ask(s.viewer, BoardWork::Study(StudyWork::Library)),
        BoardTool::Learn => drawing_tool::ask(s.viewer, BoardWork::Learn(false)),
        BoardTool::More => {}
    }
}

/// Sets the buttons' state (pressed, labels) as the board and the viewer change.
fn state(s: BoardState, bar: &web_sys::Element) {
    let viewer = s.viewer;
    let noon_up = s.orientation.get() == Orientation::NoonUp;
    let flat = s.shape.get() == TileShape::Flat;
    if let Some(b) = kit::controls::element(bar, BoardTool::Orientation) {
        dom::set_attr(
            &b,
            "aria-pressed",
            Some(if noon_up { "true" } else { "false" }),
        );
    }
    let pressed = |on: bool| Some(if on { "true" } else { "false" });
    let editing = viewer.edit.with(Option::is_some);
    if let Some(b) = kit::controls::element(bar, BoardTool::ShowGrid) {
        dom::set_attr(&b, "aria-pressed", pressed(s.show_grid.get() || editing));
    }
    let drawing = s.draw_mode.get();
    if let Some(b) = kit::controls::element(bar, BoardTool::Draw) {
        dom::set_attr(&b, "aria-pressed", pressed(drawing));
    }
    if let Some(b) = kit::controls::element(bar, BoardTool::DrawColour) {
        // (Each text written whole: `to_lowercase` would bring Unicode's case tables.)
        let colour = s.draw_colour.get();
        let shown = match colour {
            Colour::Green => "● Green",
            Colour::Red => "● Red",
            Colour::Blue => "● Blue",
            Colour::Yellow => "● Yellow",
        };
        dom::set_flag(&b, "hidden", !drawing);
        dom::set_attr(&b, "data-colour", Some(colour.name()));
        let label = ["Drawing colour: ", colour.name(), ". Change"].concat();
        dom::set_attr(&b, "aria-label", Some(&label));
        b.set_text_content(Some(shown));
    }
    if let Some(b) = kit::controls::element(bar, BoardTool::EditPosition) {
        dom::set_attr(&b, "aria-pressed", pressed(editing));
        b.set_text_content(Some(if editing {
            "✓ Done editing"
        } else {
            "✎ Edit from here"
        }));
    }
    if let Some(b) = kit::controls::element(bar, BoardTool::TileShape) {
        let label = if flat {
            "Tiles: flat. Switch to pointy"
        } else {
            "Tiles: pointy. Switch to flat"
        };
        dom::set_attr(&b, "aria-label", Some(label));
        b.set_text_content(Some(if flat { "⬢ Flat" } else { "⬣ Pointy" }));
    }
}

/// Whether a part of the address holds `what`. (Bytes compared: the first screen has no
/// string searcher.)
fn asks(part: Option<String>, what: &[u8]) -> bool {
    part.is_some_and(|p| p.as_bytes().windows(what.len()).any(|w| w == what))
}

/// The toolbar's state and clicks, once it is on the page.
pub(super) fn toolbar(s: BoardState, bar: NodeRef<leptos::html::Div>) {
    kit::on_mount(bar, Box::new(move |bar| state(s, &bar)));
    kit::on_mount(
        bar,
        Box::new(move |bar| {
            listen::<BoardTool>(&bar, &["click"], move |tool, _, el| match tool {
                BoardTool::More => show_more(el),
                _ => click(s, tool),
            });
            // A permalink may open with the analysis on (`#…&analyse`).
            if !s.compact && asks(services::location_hash(), b"&analyse") {
                drawing_tool::analyse(s);
            }
            // An address that asks for a panel (`?puzzles`, `?study=URL`, `?learn`) or holds a
            // study's link (`#E…`): the loaded code reads which (one ask for all of them).
            let hash = services::location_hash().unwrap_or_default();
            let study_link =
                game::fragment_of(&hash).is_some_and(crate::study::link::is_study_link);
            if !s.compact
                && (study_link || services::location_search().is_some_and(|q| q.len() > 1))
            {
                drawing_tool::ask(s.viewer, BoardWork::Address);
            }
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::controls::check_markup;

    /// The toolbar's buttons, written out.
    const TOOLBAR: &str = concat!(
        r#"<button type="button" id="zoom-out" aria-label="Zoom out" title="Zoom out">−</button>"#,
        r#"<button type="button" id="zoom-in" aria-label="Zoom in" title="Zoom in (or ctrl + wheel)">+</button>"#,
        r#"<button type="button" id="fit-board" aria-label="Fit the board to the view" title="Fit the board">Fit</button>"#,
        r#"<button type="button" id="orientation" aria-pressed="true" title="Noon up: the direction notation's frame (pressed), or as the record was played">Noon up</button>"#,
        r#"<button type="button" id="board-more" class="more-toggle" aria-expanded="false" aria-label="More tools" title="More tools">⋯</button>"#,
        r#"<button type="button" id="tile-shape" class="more" aria-label="Tiles: flat. Switch to pointy" title="Flat or pointy tiles">⬢ Flat</button>"#,
        r#"<button type="button" id="download-svg" class="more" aria-label="Download the current board as an SVG image" title="Download the board as an SVG image">⤓ SVG</button>"#,
        r#"<button type="button" id="show-grid" class="more" aria-pressed="false" title="Name the cells (algebraic grid)">Grid</button>"#,
        r#"<button type="button" id="draw-mode" aria-pressed="false" title="Taps and drags draw (so does the right button)">↗ Draw</button>"#,
        r#"<button type="button" id="draw-colour" hidden aria-label="Drawing colour: green. Change" title="The colour taps and drags draw in (keys held choose their own)">● Green</button>"#,
        r#"<button type="button" id="clear-drawings" class="more" title="Clear this move's drawing">Clear drawings</button>"#,
        r#"<button type="button" id="edit-position" class="more" aria-pressed="false" title="Set up a position">✎ Edit from here</button>"#,
        r#"<button type="button" id="analyse" aria-pressed="false" aria-keyshortcuts="A" title="Engine analysis (A)">Analyse</button>"#,
        r#"<button type="button" id="puzzles" aria-pressed="false" title="Puzzles mined from games">Puzzles</button>"#,
        r#"<button type="button" id="library-open" aria-pressed="false" title="Studies kept in this browser">Studies</button>"#,
        r#"<button type="button" id="learn-open" aria-pressed="false" title="Courses and the notation trainer">Learn</button>"#,
    );

    #[test]
    fn the_toolbar_is_written_from_its_controls_as_before() {
        let m = markup();
        assert!(
            check_markup::<BoardTool>(&m).is_empty(),
            "{:?}",
            check_markup::<BoardTool>(&m)
        );
        assert_eq!(m, TOOLBAR);
    }
}
