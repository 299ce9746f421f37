//! What the first screen does not need, loaded on first use.
//!
//! Each `#[wasm_split]` function below is a split point: `scripts/split-wasm.sh` moves it,
//! with the code only it reaches, into a chunk of its own that the browser fetches the first
//! time the function is called (later calls run at once). Reading pasted or dropped records
//! (every format's reader, the at-sign positions), writing exports, reading typed moves and
//! the panels' actions (editing the tree, the share panel's texts) are such code: a first
//! visit shows a permalinked game or the example without them (docs/SPEED.md).
//!
//! A chunk that cannot be fetched (offline before the service worker had cached it) is an
//! error the panel shows, never a trap: the functions are `fallible`. Natively (tests, the
//! command line's checks) they are plain calls.

use std::fmt;
use std::sync::Arc;

use wasm_split_helpers::{wasm_split, SplitLoaderError};

use super::game::{self, Game, LoadError};
use super::Viewer;
use crate::engine::position::{Move, Position};
use crate::notation::Coordinates;
use crate::record::export::Export;
use crate::record::tree::NodeId;
use crate::record::Record;

/// A chunk of the app could not be fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unavailable;

impl fmt::Display for Unavailable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("this part of Beeline could not be loaded (is the network off?); try again")
    }
}

impl From<SplitLoaderError> for Unavailable {
    fn from(_: SplitLoaderError) -> Self {
        Unavailable
    }
}

impl From<SplitLoaderError> for LoadError {
    fn from(_: SplitLoaderError) -> Self {
        LoadError::Unavailable
    }
}

/// What a pasted or dropped text holds.
pub enum Loaded {
    /// One game, or why it could not be read.
    Game(Result<Game, LoadError>),
    /// Several records: the text opens as a collection.
    Collection(String),
}

/// Reads a pasted or dropped text (see [`game::load_text`]); several records are a
/// collection, read by the collection worker.
#[wasm_split(records, fallible)]
pub fn load_text(text: String) -> Result<Loaded, LoadError> {
    Ok(
        if crate::collection::split::split_records(&text).len() > 1 {
            Loaded::Collection(text)
        } else {
            Loaded::Game(game::load_text(&text))
        },
    )
}

/// What to export: the record, the line on the board (UHP holds no variations) or the
/// position on the board.
pub enum Source {
    Record(Arc<Record>),
    Line(Box<Record>),
    Position(Box<Position>),
}

/// The text of an export.
#[wasm_split(export, fallible)]
pub fn export_text(kind: Export, source: Source) -> Result<String, Unavailable> {
    Ok(match source {
        Source::Record(rec) => kind.text(&rec),
        Source::Line(rec) => kind.text(&rec),
        Source::Position(pos) => {
            format!("{}\n", crate::record::position::write_position(&pos))
        }
    })
}

/// A move typed in any notation (`study::read_typed`), or why the text is not one, in words:
/// the three notations' readers and their messages are needed only once someone types.
#[wasm_split(typing, fallible)]
pub fn read_typed(
    pos: Box<Position>,
    coordinates: Coordinates,
    text: String,
) -> Result<Result<Move, String>, Unavailable> {
    Ok(super::study::read_typed(&pos, coordinates, &text).map_err(|e| e.to_string()))
}

/// A node tool used on the chosen node (`node_tools::act`): editing the tree (promoting,
/// deleting, annotating, commenting) is needed only once someone edits. The report to show.
#[wasm_split(panels, fallible)]
pub fn node_tool(
    viewer: Viewer,
    node: NodeId,
    kind: String,
    id: String,
    value: String,
) -> Result<Option<String>, Unavailable> {
    Ok(super::node_tools::act(viewer, node, &kind, &id, &value))
}

/// A button of the share panel (`share::act`): the link, the embed code or the puzzle link
/// written into its field and copied.
#[wasm_split(panels, fallible)]
pub fn share(
    viewer: Viewer,
    section: web_sys::Element,
    kind: String,
    sync_address: bool,
) -> Result<(), Unavailable> {
    super::share::act(viewer, &section, &kind, sync_address);
    Ok(())
}

/// A control of the export panel used (`export_panel::act`).
#[wasm_split(panels, fallible)]
pub fn export(
    viewer: Viewer,
    section: web_sys::Element,
    kind: String,
    id: String,
) -> Result<(), Unavailable> {
    super::export_panel::act(viewer, &section, &kind, &id);
    Ok(())
}

/// A control of the collection panel used (`collection_panel::act`).
#[wasm_split(panels, fallible)]
pub fn collection(
    viewer: Viewer,
    control: web_sys::Element,
    kind: String,
) -> Result<(), Unavailable> {
    super::collection_panel::act(viewer, &control, &kind);
    Ok(())
}

/// The position editor opened or closed (`Viewer::toggle_edit`): setting up a position and
/// turning it into a game are needed only once someone edits.
#[wasm_split(panels, fallible)]
pub fn toggle_edit(viewer: Viewer) -> Result<(), Unavailable> {
    viewer.toggle_edit_now();
    Ok(())
}

/// What the open position editor's panel shows (`editor::panel::show`).
#[wasm_split(panels, fallible)]
pub fn edit_panel(viewer: Viewer, root: web_sys::Element, first: bool) -> Result<(), Unavailable> {
    super::editor::panel::show(viewer, &root, first);
    Ok(())
}

/// What the collection panel shows (`collection_panel::show`).
#[wasm_split(panels, fallible)]
pub fn collection_shown(viewer: Viewer, root: web_sys::Element) -> Result<(), Unavailable> {
    super::collection_panel::show(viewer, &root);
    Ok(())
}

/// The board shown at `ply` downloaded as an SVG image (`view::svg::scene_svg`).
#[wasm_split(panels, fallible)]
pub fn download_svg(
    scene: Box<crate::view::Scene>,
    layout: crate::view::Layout,
    ply: usize,
) -> Result<(), Unavailable> {
    let doc = crate::view::svg::scene_svg(&scene, &layout);
    let name = format!("beeline-ply-{ply}.svg");
    if super::services::download(&doc, &name, "image/svg+xml").is_err() {
        leptos::logging::warn!("the browser refused to download {name}");
    }
    Ok(())
}

/// Starts fetching the typed moves' reader (when the move field is focused).
pub fn prefetch_typing() {
    leptos::task::spawn_local(async {
        let _ = __wasm_split_preload_read_typed().await;
    });
}

/// Starts fetching the record readers' chunk (when the load panel is used), so that a
/// paste or drop reads at once.
pub fn prefetch_records() {
    leptos::task::spawn_local(async {
        let _ = __wasm_split_preload_load_text().await;
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The functions are plain calls natively: polled once, they are ready.
    fn ready<T>(f: impl std::future::Future<Output = T>) -> T {
        use std::task::{Context, Poll, Waker};
        let mut f = std::pin::pin!(f);
        match f.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
            Poll::Ready(v) => v,
            Poll::Pending => panic!("a split function waited natively"),
        }
    }

    #[test]
    fn one_record_loads_as_a_game_and_several_as_a_collection() {
        let one = ready(load_text("Base;InProgress;White[2];wS1;bS1 -wS1".into()));
        match one {
            Ok(Loaded::Game(Ok(g))) => assert_eq!(g.main_line().len(), 2),
            _ => panic!("one UHP game should load as a game"),
        }
        let bad = ready(load_text("hello".into()));
        assert!(matches!(
            bad,
            Ok(Loaded::Game(Err(LoadError::FirstMove(_))))
        ));
        let empty = ready(load_text("   ".into()));
        assert!(matches!(empty, Ok(Loaded::Game(Err(LoadError::Record(_))))));
        let two = "[Event \"a\"]\n\n1. wS1\n\n[Event \"b\"]\n\n1. wG1\n";
        match ready(load_text(two.into())) {
            Ok(Loaded::Collection(t)) => assert_eq!(t, two),
            _ => panic!("two PGN games should open as a collection"),
        }
    }

    #[test]
    fn exports_write_the_record_the_line_or_the_position() {
        let g = game::load_text("Base;InProgress;White[3];wS1;bS1 -wS1;wQ wS1-").unwrap();
        let rec = g.record.clone();
        let uhp = ready(export_text(Export::Uhp, Source::Record(rec.clone()))).unwrap();
        assert_eq!(uhp, Export::Uhp.text(&rec));
        assert!(uhp.contains("wQ wS1-"), "{uhp}");
        let line = g.line_record(&g.main_line());
        let expected = Export::Uhp.text(&line);
        assert_eq!(
            ready(export_text(Export::Uhp, Source::Line(Box::new(line)))).unwrap(),
            expected
        );
        let end = *rec.tree.mainline_nodes().last().unwrap();
        let pos = rec.tree.position_at(end).unwrap();
        let written = crate::record::position::write_position(&pos);
        assert!(written.contains("wQ"), "{written}");
        let at = ready(export_text(
            Export::Position,
            Source::Position(Box::new(pos)),
        ))
        .unwrap();
        assert_eq!(at, format!("{written}\n"));
    }

    #[test]
    fn a_typed_move_is_read_or_its_error_put_in_words() {
        let g = game::load_text("Base;InProgress;White[2];wS1;bS1 -wS1").unwrap();
        let rec = &g.record;
        let end = *rec.tree.mainline_nodes().last().unwrap();
        let pos = rec.tree.position_at(end).unwrap();
        let expected = super::super::study::read_typed(&pos, rec.coordinates, "wQ wS1-").unwrap();
        let read = ready(read_typed(
            Box::new(pos.clone()),
            rec.coordinates,
            "wQ wS1-".into(),
        ));
        assert_eq!(read, Ok(Ok(expected)));
        let bad = ready(read_typed(
            Box::new(pos.clone()),
            rec.coordinates,
            "hello".into(),
        ));
        let words = super::super::study::read_typed(&pos, rec.coordinates, "hello")
            .unwrap_err()
            .to_string();
        assert!(!words.is_empty());
        assert_eq!(bad, Ok(Err(words)));
    }
}
