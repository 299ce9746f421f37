//! The viewer's state, shared by every component as `Copy` handles (every closure that uses
//! them copies them): [`Viewer`] holds the handle of each feature, [`StudyBoard`] (the game tree
//! and the move on the board), the puzzle, the position editor and the open collection
//! ([`OpenCollection`]); a component takes the viewer and uses the handles it needs.
//!
//! Nothing here knows a panel: the panels import the viewer, never the other way round.

use super::editing::Editing;
use super::game::{self, LoadError, NotatedGame};
use super::history::{History, Kept, StudyHistory};
use super::keys::{Action, Step};
use super::open_collection::OpenCollection;
pub use super::shown::{BoardInput, ShownNode};
use super::study::{self, Line, Pick};
use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::{self, dom, services, Memo, Stored, Var};
use crate::engine::position::{Move, Position};
use crate::record::puzzle::Puzzle;
use crate::record::tree::{GameTree, NodeId, TreeError};
use crate::search::game_review::Judgement;
use std::sync::Arc;
use std::time::Duration;

/// Most changes kept for undo.
const UNDO_DEPTH: usize = 200;

/// The puzzle a game poses, if it is one.
fn puzzle_of(game: &NotatedGame) -> Option<Puzzle> {
    let rec = &game.record;
    rec.puzzle
        .then(|| Puzzle::new(&rec.moves, rec.start()))
        .flatten()
}

/// The position at the chosen node (compared by identity: a new one is a change).
#[derive(Clone, Debug)]
pub struct ChosenPosition {
    pub node: NodeId,
    pub pos: Arc<Position>,
}

impl PartialEq for ChosenPosition {
    fn eq(&self, other: &ChosenPosition) -> bool {
        self.node == other.node && Arc::ptr_eq(&self.pos, &other.pos)
    }
}

/// The study board: the game tree, the line and move on the board, and what is being played
/// there.
#[derive(Clone, Copy)]
pub struct StudyBoard {
    pub game: Var<NotatedGame>,
    /// The line on the board (the current node's, see [`Line`]).
    pub line: Var<Arc<Line>>,
    /// The ply chosen along the line (0: empty board).
    pub ply: Var<usize>,
    /// A move hovered in the notation: shown on the board without being chosen.
    pub preview: Var<Option<NodeId>>,
    /// Autoplay is on.
    pub playing: Var<bool>,
    /// The games and nodes before each change of the game tree, latest last (undo).
    pub(super) history: Var<StudyHistory>,
    /// Bumped when another game is loaded (the board fits itself to it).
    pub loads: Var<u32>,
    /// The piece picked on the board or in a reserve, whose destinations are marked.
    pub pick: Var<Option<Pick>>,
    /// A destination hovered: the move it would play, named under the board and explained
    /// on it before it is played.
    pub candidate: Var<Option<Move>>,
    /// The position at the chosen node, where moves are played.
    pub position: Memo<ChosenPosition>,
    /// What a review of the main line judged: each ply's mark (`judgements[ply]`, 1-based),
    /// which the notation shows on its row.
    pub judgements: Var<Arc<Vec<Option<Judgement>>>>,
}

impl StudyBoard {
    fn new(game: NotatedGame, node: NodeId) -> StudyBoard {
        let line = game.line_through(node);
        let ply = line.ply_of(node).unwrap_or(0);
        let game = Var::new(game);
        let line = Var::new(Arc::new(line));
        let ply = Var::new(ply);
        let position = kit::memo(Box::new(move |_| {
            let node = line.with(|l| l.node_at(ply.get()));
            let pos = game.with(|g| g.tree().position_at(node));
            ChosenPosition {
                node,
                pos: Arc::new(pos.unwrap_or_else(|| game.with(|g| g.tree().start()))),
            }
        }));
        let pick = Var::new(None);
        let candidate = Var::new(None);
        // Whatever changes the node drops the pick.
        // (Only when set: setting a signal wakes everything that reads it, at every step.)
        kit::watch(Box::new(move || {
            position.track();
            if pick.with_untracked(Option::is_some) {
                pick.set(None);
            }
            if candidate.with_untracked(Option::is_some) {
                candidate.set(None);
            }
        }));
        StudyBoard {
            game,
            line,
            ply,
            preview: Var::new(None),
            playing: Var::new(false),
            history: Var::new(History::new(UNDO_DEPTH)),
            loads: Var::new(0),
            pick,
            candidate,
            position,
            judgements: Var::new(Arc::new(Vec::new())),
        }
    }

    /// The chosen node.
    pub fn node(self) -> NodeId {
        let ply = self.ply.get();
        self.line.with(|l| l.node_at(ply))
    }

    pub fn node_untracked(self) -> NodeId {
        let ply = self.ply.get_untracked();
        self.line.with_untracked(|l| l.node_at(ply))
    }

    /// Number of moves of the line shown.
    pub fn moves(self) -> usize {
        self.line.with(|l| l.len())
    }

    /// Goes to a node: along the current line when it is on it (so that stepping forward
    /// again follows the same line), else onto the line through it.
    pub fn go_to(self, node: NodeId) {
        self.preview.set(None);
        if let Some(p) = self.line.with_untracked(|l| l.ply_of(node)) {
            self.ply.set(p);
            return;
        }
        let line = self.game.with_untracked(|g| g.line_through(node));
        let ply = line.ply_of(node).unwrap_or(0);
        self.line.set(Arc::new(line));
        self.ply.set(ply);
    }

    /// Shows another game at `node`, with nothing to undo.
    pub(super) fn show(self, game: NotatedGame, node: NodeId) {
        self.history.update(History::clear);
        self.switch_game(game, node);
    }

    /// Replaces the game after a change of its tree and goes to `node`; the change can be
    /// undone.
    pub fn change(self, game: NotatedGame, node: NodeId) {
        let before = (self.game.get_untracked(), self.node_untracked());
        self.history.update(|h| h.push(before));
        self.set_game(game, node);
    }

    /// A new game tree, keeping the current line where it still exists.
    pub(super) fn set_game(self, game: NotatedGame, node: NodeId) {
        self.playing.set(false);
        self.preview.set(None);
        let old_end = self.line.with_untracked(|l| l.nodes.last().copied());
        // Keep following the line the user was on when the node is on it.
        let through = old_end
            .filter(|&end| study::on_line_through(game.tree(), end, node))
            .unwrap_or(node);
        let line = game.line_through(through);
        let ply = line.ply_of(node).unwrap_or(0);
        self.game.set(game);
        self.line.set(Arc::new(line));
        self.ply.set(ply);
    }

    /// Shows another game (a study's chapter) at `node`, the board fitted, undo kept.
    pub fn switch_game(self, game: NotatedGame, node: NodeId) {
        self.replace_game(game, node);
        self.loads.update(|n| *n = n.wrapping_add(1));
    }

    /// [`StudyBoard::switch_game`] with the board left as it is (a lesson's moves).
    pub fn replace_game(self, game: NotatedGame, node: NodeId) {
        self.playing.set(false);
        self.preview.set(None);
        let line = game.line_through(node);
        let ply = line.ply_of(node).unwrap_or(0);
        self.game.set(game);
        self.line.set(Arc::new(line));
        self.ply.set(ply);
    }

    /// Keeps the board's game as it is for undo, before a change that is not the game's (an
    /// open study's: a chapter added, renamed, moved), which then puts another game, or
    /// another copy of this one, on the board: the study knows its state by the game undo
    /// gives back.
    pub fn keep_for_undo(self) {
        let before = (self.game.get_untracked(), self.node_untracked());
        self.history.update(|h| h.push(before));
    }

    /// Sets aside what can be undone (a lesson's moves are not changes of the study): the
    /// history kept so far, `kept` in its place.
    pub fn swap_history(self, kept: StudyHistory) -> StudyHistory {
        self.history
            .try_update(|h| std::mem::replace(h, kept))
            .unwrap_or_else(|| History::new(UNDO_DEPTH))
    }

    /// Takes back the last change of the game tree (a move played, a line deleted, …).
    pub fn undo(self) -> bool {
        self.restore(History::undo)
    }

    /// Makes again the last change undone.
    pub fn redo(self) -> bool {
        self.restore(History::redo)
    }

    fn restore(self, pick: fn(&mut StudyHistory, Kept) -> Option<Kept>) -> bool {
        let current = (self.game.get_untracked(), self.node_untracked());
        let Some((game, node)) = self.history.try_update(|h| pick(h, current)).flatten() else {
            return false;
        };
        self.set_game(game, node);
        true
    }

    /// Whether there is a change to undo.
    pub fn can_undo(self) -> bool {
        self.history.with(|h| !h.is_empty())
    }

    /// Whether there is a change undone to make again.
    pub fn can_redo(self) -> bool {
        self.history.with(History::can_redo)
    }

    /// Plays a move at the chosen node: follows the game when it continues with that move,
    /// else starts a variation.
    fn play(self, mv: Move) -> Result<(), String> {
        let node = self.node_untracked();
        let played = self.game.with_untracked(|g| g.play(node, mv));
        match played {
            Ok((game, next)) => {
                let added = game.tree().len() != self.game.with_untracked(|g| g.tree().len());
                if added {
                    self.change(game, next);
                } else {
                    self.go_to(next);
                }
                Ok(())
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Changes the game tree at the chosen node (promote, delete, comment, …) and goes to
    /// the node the change gives.
    pub fn edit(
        self,
        change: impl FnOnce(&mut GameTree, NodeId) -> Result<NodeId, TreeError>,
    ) -> Result<(), String> {
        self.edit_at(self.node_untracked(), change)
    }

    /// Changes the game tree at `node`, which the board may have left since (a comment
    /// written, then another move clicked): the board stays where it is then, so the change
    /// must keep the tree's nodes (a comment, an annotation).
    pub fn edit_at(
        self,
        node: NodeId,
        change: impl FnOnce(&mut GameTree, NodeId) -> Result<NodeId, TreeError>,
    ) -> Result<(), String> {
        let shown = self.node_untracked();
        let edited = self.game.with_untracked(|g| g.edit(|t| change(t, node)));
        match edited {
            Ok((game, next)) => {
                self.change(game, if shown == node { next } else { shown });
                Ok(())
            }
            Err(e) => Err(e.to_string()),
        }
    }

    /// Goes to the previous or next sibling of the chosen node (the variations that replace
    /// the same move), onto its line.
    pub fn switch_variation(self, forward: bool) {
        let node = self.node_untracked();
        let target = self.game.with_untracked(|g| {
            let tree = g.tree();
            let siblings = tree.children(tree.parent(node)?);
            let i = siblings.iter().position(|&c| c == node)?;
            let j = if forward {
                i.checked_add(1)?
            } else {
                i.checked_sub(1)?
            };
            siblings.get(j).copied()
        });
        if let Some(t) = target {
            self.preview.set(None);
            let line = self.game.with_untracked(|g| g.line_through(t));
            let ply = line.ply_of(t).unwrap_or(0);
            self.line.set(Arc::new(line));
            self.ply.set(ply);
        }
    }

    /// Calls `act` with the permalink fragment of the chosen move, `delay` after the last
    /// step or change of the game (not for the move the page opened on): fast stepping never
    /// encodes the game at every step. The encoder is code loaded on first use (the first
    /// screen only decodes links); offline before it was cached, the address simply stays.
    pub fn when_settled(self, delay: Duration, act: impl Fn(&str) + 'static) {
        let act = std::rc::Rc::new(act);
        let settle = services::Settle::new(
            delay,
            Box::new(move || {
                let act = act.clone();
                services::spawn(async move {
                    if let Ok(Some(fragment)) = fragment_in_chunk(self).await {
                        act(&fragment);
                    }
                });
            }),
        );
        // Not for the move the page opened on: a first visit fetches no encoder.
        let opened = std::cell::Cell::new(true);
        kit::watch(Box::new(move || {
            self.node();
            self.game.track();
            if !opened.replace(false) {
                settle.schedule();
            }
        }));
    }
}

/// The permalink fragment of the chosen move, in a chunk of its own (the encoder).
#[wasm_split(address, fallible)]
fn fragment_in_chunk(study: StudyBoard) -> Result<Option<String>, Unavailable> {
    let node = study.node_untracked();
    Ok(study.game.try_with_untracked(|g| g.page_fragment(node)))
}

/// What judges a try at a puzzle ([`Viewer::answer_try`], in the panels' chunk with the
/// trainer): the board's entry point, set when the board is made (the model cannot name the
/// board; an entry point of its own cost the first visit its loader and task).
pub type PuzzleJudge = fn(Viewer, Move, usize);

thread_local! {
    pub static JUDGE: std::cell::Cell<Option<PuzzleJudge>> = const { std::cell::Cell::new(None) };
}

/// The viewer: the handles of its features, shared by every component.
#[derive(Clone, Copy)]
pub struct Viewer {
    /// The game tree and the move on the board.
    pub study: StudyBoard,
    /// The puzzle posed by the game, while it is one.
    pub puzzle: Var<Option<Puzzle>>,
    /// The position editor, while it is open.
    pub edit: Var<Option<Editing>>,
    /// The collection open beside the game, if any.
    pub collection: OpenCollection,
    /// Why the last text, file or link could not be loaded at all, as shown (set by
    /// [`Viewer::fail`] from a [`LoadError`]).
    pub load_error: Var<Option<String>>,
    /// Counts the texts given to read: only the last one's reading is shown (`load_panel`).
    pub reading: Stored<u32>,
}

impl Viewer {
    pub fn new(game: NotatedGame, node: NodeId, load_error: Option<LoadError>) -> Viewer {
        // A puzzle always opens on its position.
        let node = if game.record.puzzle {
            game.tree().root()
        } else {
            node
        };
        let puzzle = Var::new(puzzle_of(&game));
        Viewer {
            study: StudyBoard::new(game, node),
            puzzle,
            edit: Var::new(None),
            collection: OpenCollection::new(),
            load_error: Var::new(load_error.map(|e| e.to_string())),
            reading: Stored::new(0),
        }
    }

    /// Shows another game at `node` (a puzzle at its position), leaving the editor and
    /// forgetting what could be undone.
    pub fn show(self, game: NotatedGame, node: NodeId) {
        let node = if game.record.puzzle {
            game.tree().root()
        } else {
            node
        };
        self.load_error.set(None);
        self.edit.set(None);
        self.puzzle.set(puzzle_of(&game));
        self.study.show(game, node);
    }

    /// Plays a move at the chosen node ([`StudyBoard`]'s), or tries it on the open puzzle.
    pub fn play(self, mv: Move) -> Result<(), String> {
        if self
            .puzzle
            .with_untracked(|p| p.as_ref().is_some_and(|p| !p.is_solved()))
        {
            return self.try_puzzle(mv);
        }
        self.study.play(mv)
    }

    /// A try at the puzzle, from its latest position only: judged by code loaded on first
    /// use ([`Viewer::answer_try`]).
    fn try_puzzle(self, mv: Move) -> Result<(), String> {
        let Some(done) = self.puzzle.with_untracked(|p| p.as_ref().map(Puzzle::done)) else {
            return Ok(());
        };
        let ply = self.study.ply;
        if ply.get_untracked() != done {
            ply.set(done);
            return Err("the puzzle goes on from its latest position".to_string());
        }
        if let Some(judge) = JUDGE.with(std::cell::Cell::get) {
            judge(self, mv, done);
        }
        Ok(())
    }

    pub fn load_fragment(self, fragment: &str) {
        match game::load_fragment(fragment) {
            Ok((game, node)) => self.show(game, node),
            Err(e) => self.fail(e),
        }
    }

    /// Shows why a text, file or link could not be loaded; the game on screen stays.
    pub fn fail(self, e: LoadError) {
        self.load_error.set(Some(e.to_string()));
    }

    /// Steps along the line (an open puzzle only through the moves found so far).
    pub fn step(self, step: Step) {
        let mut len = self.study.moves();
        if let Some(done) = self
            .puzzle
            .with_untracked(|p| p.as_ref().filter(|p| !p.is_solved()).map(Puzzle::done))
        {
            len = len.min(done);
        }
        // (Only when set: setting it wakes everything that reads it.)
        if self.study.preview.with_untracked(Option::is_some) {
            self.study.preview.set(None);
        }
        self.study.ply.update(|p| *p = step.apply(*p, len));
    }

    /// Acts on a key press, unless it is typing in a field.
    pub fn on_key(self, e: &leptos::ev::KeyboardEvent) {
        if dom::event_is_typing(e) {
            return;
        }
        let command = e.ctrl_key() || e.meta_key();
        match Action::from_key(&e.key(), command, e.alt_key(), e.shift_key()) {
            Some(Action::Step(step)) => {
                e.prevent_default();
                self.step(step);
            }
            Some(Action::Variation(forward)) => {
                e.prevent_default();
                self.study.switch_variation(forward);
            }
            Some(Action::Undo) if self.study.undo() => e.prevent_default(),
            Some(Action::Redo) if self.study.redo() => e.prevent_default(),
            _ => {}
        }
    }

    /// What the board is given: the shown node's line, its ply there and its move's
    /// highlight (the position editor's board while it is open).
    pub fn board_input(self) -> BoardInput {
        let shown = shown_node(self.study);
        let edit = self.edit;
        let editing = move || edit.with(Option::is_some);
        let game = self.study.game;
        BoardInput {
            shown,
            replay: Memo::of_shared(Box::new(move || {
                edit.with(|e| e.as_ref().map(Editing::replay))
                    .unwrap_or_else(|| shown.with(|s| s.replay.clone()))
            })),
            ply: kit::memo(Box::new(
                move |_| {
                    if editing() {
                        0
                    } else {
                        shown.with(|s| s.ply)
                    }
                },
            )),
            highlight: kit::memo(Box::new(move |_| {
                if editing() {
                    return None;
                }
                let node = shown.with(|s| s.node);
                game.with(|g| g.highlight(node))
            })),
        }
    }
}

/// The board shows the chosen node, or the one hovered in the notation (on its own line
/// when it is not on the chosen one).
fn shown_node(study: StudyBoard) -> Memo<ShownNode> {
    kit::memo(Box::new(move |_| {
        let node = study.preview.get().unwrap_or_else(|| study.node());
        let on_line = study
            .line
            .with(|l| l.ply_of(node).map(|p| (l.replay.clone(), p)));
        let (replay, ply) = on_line.unwrap_or_else(|| {
            let l = study.game.with(|g| g.line_through(node));
            let p = l.ply_of(node).unwrap_or(0);
            (l.replay, p)
        });
        ShownNode { node, replay, ply }
    }))
}
