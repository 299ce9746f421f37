//! The board's state: how it is viewed (view box, orientation, tile shape), what the pointer
//! is doing (a drag, a pinch), the popover, and what is worked out from them and the viewer
//! (the layout, the scene, the tiles, the destinations, what can be played), as one `Copy`
//! handle, [`BoardState`], that the other rooms read and write.

use std::sync::Arc;
use std::time::Duration;

use leptos::prelude::NodeRef;

use super::play::{candidate_highlight, reserve_at, targets, Play, Targets};
use super::tiles::{tile_items, TileItem};
use crate::app::kit::{self, services, Memo, Stored, Var};
use crate::app::model::editing::{self, Held};
use crate::app::model::study::{self, Pick, ReserveItem};
use crate::app::model::viewer::{ChosenPosition, Viewer};
use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color};
use crate::record::drawing::Colour;
use crate::view::{
    svg, Compass, Highlight, Layout, Orientation, Point, Rect, Replay, Scene, TileShape,
};

/// How much one zoom step scales the view.
pub(super) const ZOOM_STEP: f64 = 1.25;

/// The position moves are played in, as the board last marked it, and whether moves could
/// be played there.
#[derive(Clone, Debug)]
struct Settled {
    at: ChosenPosition,
    live: bool,
}

/// What a press on the board took hold of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Grab {
    /// The board itself (an empty cell, a piece that cannot move): a drag pans.
    Board,
    /// A piece of the player to move: a drag carries it.
    Piece(Hex),
    /// A marked destination: a tap plays it, a drag pans.
    Destination(usize),
    /// A cell drawn from (the right button, or any with *Draw* on): a drag draws an arrow,
    /// a tap marks the cell.
    Draw(Hex, Colour),
    /// A cell of the position editor: a tap acts on it, a drag moves its top piece.
    Cell(Hex),
}

/// Where a press started: pointer position, the view box then and what it took hold of.
#[derive(Clone, Copy, Debug)]
pub(super) struct Drag {
    pub pointer: i32,
    pub x: f64,
    pub y: f64,
    pub start: Rect,
    pub moved: bool,
    pub grab: Grab,
}

/// A two-finger zoom: the view and the fingers' distance when it began, and the board point
/// that was between them.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pinch {
    pub start: Rect,
    pub distance: f64,
    pub at: Point,
}

/// The board's state and what is derived from it: handles, copied into every closure.
#[derive(Clone, Copy)]
pub(super) struct BoardState {
    pub viewer: Viewer,
    /// An embedded game's board: no playing, no drawing.
    pub compact: bool,
    /// The left button and fingers draw (the toolbar's *Draw*).
    pub draw_mode: Var<bool>,
    /// What *Draw* draws in without keys held (a touch screen has none to hold).
    pub draw_colour: Var<crate::record::drawing::Colour>,
    pub replay: Memo<Arc<Replay>>,
    pub ply: Memo<usize>,
    pub highlight: Memo<Option<Highlight>>,
    pub orientation: Var<Orientation>,
    pub shape: Var<TileShape>,
    /// Whether the algebraic grid is drawn over the board (always in the editor).
    pub show_grid: Var<bool>,
    /// `None`: fit the board; `Some`: the user's zoom and pan.
    pub view: Var<Option<Rect>>,
    pub drag: Var<Option<Drag>>,
    /// Pointers down on the board (id, client x, y), and a two-finger pinch in progress.
    pub pointers: Stored<Vec<(i32, f64, f64)>>,
    pub pinch: Stored<Option<Pinch>>,
    /// A stack's pieces or a piece's name, shown until closed.
    pub popover: Var<Option<String>>,
    pub board: NodeRef<leptos::svg::Svg>,
    /// Whether moves can be played now (see [`Play`]).
    pub live: Memo<bool>,
    /// The cells whose piece the player to move can move (or have thrown), worked out when a
    /// press or key asks (read untracked: nothing redraws from it).
    movable_now: Memo<Vec<Hex>>,
    /// What the board marks as movable, placeable and whose turn it is: the chosen
    /// position's, taken a moment after each step (see [`settled`]).
    pub movable: Memo<Vec<Hex>>,
    pub placeable: Memo<Vec<(Color, Bug)>>,
    pub to_move: Memo<Option<Color>>,
    pub layout: Memo<Layout>,
    pub targets: Memo<Targets>,
    pub scene: Memo<Scene>,
    pub items: Memo<Vec<TileItem>>,
    /// The compass apart from the scene: it changes only with the frame and the board's fit,
    /// and its markup (some forty numbers) is then made again, not at every step.
    compass: Memo<Option<Compass>>,
    pub view_box: Memo<Rect>,
    /// The pieces in hand on the board shown.
    pub reserve: Memo<Vec<ReserveItem>>,
    pub play: Play,
}

/// What the board marks as playable, from a position settled after each step.
struct Marked {
    movable: Memo<Vec<Hex>>,
    placeable: Memo<Vec<(Color, Bug)>>,
    to_move: Memo<Option<Color>>,
}

/// What the board marks as playable: the chosen position's, taken a moment after each step
/// (once the board is drawn), so that working out the legal moves never slows a step.
fn settled(viewer: Viewer, live: Memo<bool>) -> Marked {
    let settled = Var::new(None::<Settled>);
    let settle = services::Settle::new(
        Duration::ZERO,
        Box::new(move || {
            if let (Some(at), Some(live)) = (
                viewer.study.position.try_get_untracked(),
                live.try_get_untracked(),
            ) {
                settled.set(Some(Settled { at, live }));
            }
        }),
    );
    kit::watch(Box::new(move || {
        viewer.study.ply.track();
        viewer.study.line.track();
        viewer.study.game.track();
        viewer.study.preview.track();
        settle.schedule();
    }));
    let movable = kit::memo(Box::new(move |_| {
        settled.with(|s| match s {
            Some(s) if s.live => study::movable_cells(&s.at.pos),
            _ => Vec::new(),
        })
    }));
    let placeable = kit::memo(Box::new(move |_| {
        settled.with(|s| match s {
            Some(s) if s.live => study::reserve(&s.at.pos)
                .into_iter()
                .filter(|r| r.placeable)
                .map(|r| (r.color, r.bug))
                .collect(),
            _ => Vec::new(),
        })
    }));
    let to_move = kit::memo(Box::new(move |_| {
        settled.with(|s| s.as_ref().filter(|s| s.live).map(|s| s.at.pos.to_move()))
    }));
    Marked {
        movable,
        placeable,
        to_move,
    }
}

/// The scene drawn at `ply`: the highlighted move explained, or a hovered destination's
/// move instead.
fn scene(
    viewer: Viewer,
    replay: Memo<Arc<Replay>>,
    ply: Memo<usize>,
    highlight: Memo<Option<Highlight>>,
    live: Memo<bool>,
    layout: Memo<Layout>,
) -> Memo<Scene> {
    // The move a hovered destination would play, explained instead of the current one.
    let candidate = kit::memo(Box::new(move |_| {
        let mv = viewer.study.candidate.get()?;
        if !live.get() {
            return None;
        }
        viewer
            .study
            .position
            .with(|a| candidate_highlight(&a.pos, mv))
    }));
    kit::memo(Box::new(move |_| {
        let layout = layout.get();
        let hl = highlight.get();
        let cand = candidate.get();
        let ply = ply.get();
        replay.with(|r| {
            let mut base = r.scene(ply, &layout, hl.as_ref());
            base.make_room(&layout);
            match cand {
                Some((h, frame)) => r.candidate_scene(ply, &layout, &h, &frame, &base),
                None => base,
            }
        })
    }))
}

impl BoardState {
    /// The board at `ply` of `replay`, explaining `highlight`, turned as `orientation` says at
    /// first; `compact` boards play no moves.
    pub fn new(
        viewer: Viewer,
        replay: Memo<Arc<Replay>>,
        ply: Memo<usize>,
        highlight: Memo<Option<Highlight>>,
        compact: bool,
        orientation: Orientation,
    ) -> BoardState {
        let orientation = Var::new(orientation);
        let shape = Var::new(TileShape::Flat);
        let show_grid = Var::new(false);
        let view = Var::new(None::<Rect>);
        let board = NodeRef::<leptos::svg::Svg>::new();
        let live = kit::memo(Box::new(move |_| {
            !compact
                && viewer.edit.with(Option::is_none)
                && viewer.study.preview.with(Option::is_none)
                && viewer.study.position.with(|a| !a.pos.state().is_over())
        }));
        let movable_now = kit::memo(Box::new(move |_| {
            if live.get() {
                viewer.study.position.with(|a| study::movable_cells(&a.pos))
            } else {
                Vec::new()
            }
        }));
        let marked = settled(viewer, live);
        let layout = kit::memo(Box::new(move |_| {
            Layout::new(replay.with(|r| r.frame()), orientation.get(), shape.get())
        }));
        let targets = kit::memo(Box::new(move |_| {
            let Some(pick) = viewer.study.pick.get() else {
                return Targets::default();
            };
            if !live.get() {
                return Targets::default();
            }
            let coordinates = viewer.study.game.with(|g| g.record.coordinates);
            let l = layout.get();
            viewer
                .study
                .position
                .with(|a| targets(&a.pos, coordinates, pick, &l))
        }));
        let scene = scene(viewer, replay, ply, highlight, live, layout);
        let items = kit::memo(Box::new(move |_| {
            scene.with(|s| tile_items(s, &layout.get()))
        }));
        let compass = kit::memo(Box::new(move |_| scene.with(|s| s.compass.clone())));
        let view_box = kit::memo(Box::new(move |_| {
            view.get().unwrap_or_else(|| scene.with(|s| s.view_box))
        }));
        let play = Play {
            viewer,
            live,
            targets,
            board,
            layout,
            view_box,
            ghost: Var::new(None),
            over: Var::new(None),
            focus_marks: Stored::new(false),
        };
        let reserve = kit::memo(Box::new(move |_| {
            let p = ply.get();
            replay.with(|r| reserve_at(r.snapshot(p), r.game_type()))
        }));
        BoardState {
            viewer,
            compact,
            draw_mode: Var::new(false),
            draw_colour: Var::new(crate::record::drawing::Colour::Green),
            replay,
            ply,
            highlight,
            orientation,
            shape,
            show_grid,
            view,
            drag: Var::new(None),
            pointers: Stored::new(Vec::new()),
            pinch: Stored::new(None),
            popover: Var::new(None),
            board,
            live,
            movable_now,
            movable: marked.movable,
            placeable: marked.placeable,
            to_move: marked.to_move,
            layout,
            targets,
            scene,
            items,
            compass,
            view_box,
            reserve,
            play,
        }
    }

    /// A new game, or a new way of drawing it, starts fitted; a step that would leave pieces
    /// out of view fits the board again.
    pub fn keep_fitted(self, fit: Var<u32>) {
        let s = self;
        kit::watch(Box::new(move || {
            fit.track();
            s.orientation.track();
            s.shape.track();
            s.view.set(None);
            s.popover.set(None);
        }));
        kit::watch(Box::new(move || {
            let extent = s.scene.with(Scene::tiles_extent);
            if let (Some(v), Some(e)) = (s.view.get_untracked(), extent) {
                if !v.contains(e) {
                    s.view.set(None);
                }
            }
        }));
    }

    /// Whether the piece on a cell can move now.
    pub fn can_move(self, h: Hex) -> bool {
        self.movable_now.with_untracked(|m| m.contains(&h))
    }

    /// The piece picked on the board, if any.
    pub fn picked_hex(self) -> Option<Hex> {
        match self.viewer.study.pick.get() {
            Some(Pick::Board(h)) if self.live.get() => Some(h),
            _ => None,
        }
    }

    /// Zooms the view by a factor about its centre.
    pub fn zoom(self, factor: f64) {
        self.view
            .set(Some(self.view_box.get_untracked().zoomed(factor)));
    }

    /// Changes the position being edited.
    pub fn edit(self, f: &dyn Fn(&mut editing::Editing)) {
        self.viewer.edit.update(|e| {
            if let Some(e) = e {
                f(e);
            }
        })
    }

    /// Whether a piece is being carried (followed).
    pub fn carrying(self) -> bool {
        self.play.ghost.with(Option::is_some)
    }

    // What the layers show: functions rather than memos where recomputing is cheap
    // (`kit::bind` writes only what changed): every memo type costs the bundle its own copy
    // of the memo machinery.

    /// The last move's cells under the tiles, or the empty board's mark.
    pub fn under(self) -> String {
        self.scene.with(|s| {
            let l = self.layout.get();
            let mut m = svg::under_markup(s, &l);
            if s.tiles.is_empty() {
                m.push_str(&svg::empty_markup(&l));
            }
            m
        })
    }

    pub fn arrow(self) -> String {
        self.scene.with(svg::arrow_markup)
    }

    pub fn compass(self) -> String {
        self.compass.with(|c| svg::compass_markup(c.as_ref()))
    }

    /// The algebraic grid, when asked for and always in the editor (whose cells take clicks).
    pub fn grid(self) -> String {
        let viewer = self.viewer;
        let editing = viewer.edit.with(|e| e.as_ref().map(|e| e.held));
        if !self.show_grid.get() && editing.is_none() {
            return String::new();
        }
        let held = match editing {
            Some(Some(Held::Cell(h))) => Some(h),
            _ => None,
        };
        let l = self.layout.get();
        let p = self.ply.get();
        self.replay.with(|r| {
            // The frame as it stands at the move shown, as its drawing names cells: before a
            // piece leaves the first two pieces' line the handedness is not known there, and
            // the later moves' frame would name the cells off that line the other way round.
            let cells = crate::view::grid::cells(r.snapshot(p), &r.frame_at(p));
            svg::grid_markup(&cells, &l, editing.is_some(), held)
        })
    }

    /// The pick's destinations.
    pub fn marks(self) -> String {
        let l = self.layout.get();
        self.targets
            .with(|t| svg::destinations_markup(&t.marks, &l))
    }

    /// The destination under a carried piece.
    pub fn drop_target(self) -> Option<String> {
        let i = self.play.over.get()?;
        let l = self.layout.get();
        self.targets
            .with(|t| t.marks.get(i).map(|d| svg::drop_target_markup(i, d, &l)))
    }

    /// The piece picked, drawn under the pointer while it is carried.
    pub fn carried(self) -> Option<String> {
        let pick = self.viewer.study.pick.get()?;
        let l = self.layout.get();
        self.viewer.study.position.with(|a| {
            let id = match pick {
                Pick::Board(h) => a.pos.board().top(h)?,
                Pick::Reserve(c, b) => a.pos.in_hand(c).find(|p| p.bug() == b)?,
            };
            Some(svg::piece_markup(id, &l))
        })
    }

    /// The `viewBox` attribute.
    pub fn view_box_attr(self) -> String {
        let v = self.view_box.get();
        format!(
            "{} {} {} {}",
            svg::num(v.x),
            svg::num(v.y),
            svg::num(v.width),
            svg::num(v.height)
        )
    }
}
