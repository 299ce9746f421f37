//! A loaded game and everything the viewer derives from it, and loading one from pasted or
//! dropped text, a file or a permalink. Free of the DOM, so that it runs (and is tested)
//! natively.
//!
//! ```
//! use beeline::app::model::game::NotatedGame;
//! let game = NotatedGame::example();
//! let first = game.first_node();
//! assert_eq!(game.row(first).unwrap().direction, "L");
//! assert!(game.highlight(first).is_some());
//! assert_eq!(game.main_line().len(), 56);
//! ```

use super::labels::Info;
use super::study::{panel_rows, Line, PanelRow};
use crate::engine::position::Move;
use crate::notation::direction;
use crate::notation::uhp::MoveString;
use crate::notation::NotatedMove;
use crate::record::export::Row;
use crate::record::permalink::PermalinkError;
use crate::record::tree::{GameTree, NodeId, TreeError};
use crate::record::{self, permalink, Format, ImportError, Record, RecordError};
use crate::view::Highlight;
use std::fmt;
use std::sync::Arc;

/// The open study's link at a node of the board's game, if the study fits one.
pub type StudyLink = fn(&NotatedGame, NodeId) -> Option<String>;

thread_local! {
    /// The open study's link, set by `app::study` (code loaded on first use) while a study is
    /// open.
    pub static STUDY_LINK: std::cell::Cell<Option<StudyLink>> = const { std::cell::Cell::new(None) };
}

/// The game shown when the app opens, the direction notation's example game 1
/// (`tests/data/direction-game-1.md`), as a permalink: the first screen then needs no
/// record reader (they load on first use, see `lazy`). A test checks that it is that record
/// at its first move (and prints the link when it is not).
const EXAMPLE: &str = "Ah8EAAEKRnJhbmsgQ2hlbgtKb2UgU2NodWx0egoyMDE5LjA5LjA4LTIwMTkgQm9hcmRTcGFjZS5uZXQgT25saW5lIFdvcmxkIENoYW1waW9uc2hpcAAAAN033RwLmK6xguSrGLQs2tmPWy5E_RyklT1UTQgQkKt9z5cGRLd-lDw7tru69fUmc2CnIEHepD4";

/// A loaded game with everything the viewer derives from it, computed once per load or
/// edit so that stepping through it never replays moves.
#[derive(Clone, Debug)]
pub struct NotatedGame {
    /// The record, its game tree included.
    pub record: Arc<Record>,
    /// Every move in every notation, by [`NodeId::index`].
    rows: Arc<Vec<Option<Row>>>,
    /// The highlight that explains each move, by [`NodeId::index`].
    highlights: Arc<Vec<Option<Highlight>>>,
    /// The notation panel's rows, in reading order.
    pub panel: Arc<Vec<PanelRow>>,
}

impl NotatedGame {
    pub fn new(record: Record) -> NotatedGame {
        let tree = &record.tree;
        // Every move in every notation and its highlight, in one walk through the tree.
        let mut rows = vec![None; tree.capacity()];
        let mut highlights = vec![None; tree.capacity()];
        tree.visit_played(|n, pos, mv, frame, before| {
            let standard = record.coordinates.frame_for::<MoveString>(*frame);
            rows[n.index()] = Some(NotatedMove::new(pos, mv, frame, &standard));
            highlights[n.index()] = direction::explain_after(pos, frame, before, mv)
                .map(|e| Highlight::from_explanation(&e));
        });
        let panel = panel_rows(tree);
        NotatedGame {
            record: Arc::new(record),
            rows: Arc::new(rows),
            highlights: Arc::new(highlights),
            panel: Arc::new(panel),
        }
    }

    /// The game without its moves' highlights: the board then shows no reference, direction
    /// or compass (the notation trainer's questions, which they would give away).
    pub fn without_highlights(mut self) -> NotatedGame {
        // (Emptied in place: `highlight` reads a missing entry as none, and no new vector
        // type's code comes into the first screen's module.)
        if let Some(h) = Arc::get_mut(&mut self.highlights) {
            h.clear();
        }
        self
    }

    /// The built-in example game (falls back to an empty game if it ever failed to read).
    pub fn example() -> NotatedGame {
        match permalink::decode(EXAMPLE) {
            Ok((rec, _)) => NotatedGame::new(rec),
            Err(_) => NotatedGame::new(Record::new(
                crate::engine::piece::GameType::MLP,
                Format::Direction,
            )),
        }
    }

    pub fn tree(&self) -> &GameTree {
        &self.record.tree
    }

    /// A move in every notation (`None` for the root).
    pub fn row(&self, node: NodeId) -> Option<&Row> {
        self.rows.get(node.index())?.as_ref()
    }

    /// What the direction notation of a node's move refers to.
    pub fn highlight(&self, node: NodeId) -> Option<Highlight> {
        self.highlights.get(node.index()).copied().flatten()
    }

    /// The line through a node (see [`Line`]).
    pub fn line_through(&self, node: NodeId) -> Line {
        Line::through(self.tree(), node)
    }

    pub fn main_line(&self) -> Line {
        self.line_through(self.tree().root())
    }

    /// The record of one line of the game, without its variations and comments (for the
    /// formats that hold one line).
    pub fn line_record(&self, line: &Line) -> Record {
        let mut rec = (*self.record).clone();
        let tree = self.tree();
        let moves: Vec<Move> = line.nodes.iter().filter_map(|&n| tree.mv(n)).collect();
        // A line of the tree is legal; should it not be, the main line stays.
        if let Ok(t) = GameTree::from_moves(tree.game_type(), tree.rules(), &moves) {
            // The recorded result is the main line's.
            if moves != rec.moves {
                rec.meta.result = None;
            }
            rec.set_tree(t);
        }
        rec
    }

    /// The node to show when a game has just been loaded: its first move.
    pub fn first_node(&self) -> NodeId {
        let tree = self.tree();
        tree.children(tree.root())
            .first()
            .copied()
            .unwrap_or(tree.root())
    }

    /// The permalink fragment (without '#') of the game at a node.
    pub fn fragment(&self, node: NodeId) -> String {
        permalink::encode(&self.record, node)
    }

    /// The fragment the page's address and *Copy link* give at a node: the open study's link
    /// ([`STUDY_LINK`]), else the game's.
    pub fn page_fragment(&self, node: NodeId) -> String {
        STUDY_LINK
            .with(std::cell::Cell::get)
            .and_then(|link| link(self, node))
            .unwrap_or_else(|| self.fragment(node))
    }

    /// The facts shown above the notation.
    pub fn info(&self) -> Info {
        Info::of(&self.record)
    }

    /// Why the import stopped, naming the move, when it did.
    pub fn error_message(&self) -> Option<String> {
        let e = self.record.error.as_ref()?;
        Some(stopped_at(e, self.record.moves.len()))
    }

    /// The game after a change to its tree, and what the change gave.
    pub fn edit<T>(
        &self,
        change: impl FnOnce(&mut GameTree) -> Result<T, TreeError>,
    ) -> Result<(NotatedGame, T), TreeError> {
        let mut rec = (*self.record).clone();
        let mut tree = rec.tree.clone();
        let out = change(&mut tree)?;
        rec.set_tree(tree);
        Ok((NotatedGame::new(rec), out))
    }

    /// Plays a move after `node`: follows the game when it has that move there, else adds
    /// it as a new variation. Gives the game and the move's node.
    pub fn play(&self, node: NodeId, mv: Move) -> Result<(NotatedGame, NodeId), TreeError> {
        if let Some(&c) = self
            .tree()
            .children(node)
            .iter()
            .find(|&&c| self.tree().mv(c) == Some(mv))
        {
            return Ok((self.clone(), c));
        }
        self.edit(|t| t.add_move(node, mv))
    }
}

/// The sentence for an import that stopped after `kept` moves: the move's number as both
/// notations count it, the line, the text and the rule, and what is still shown.
fn stopped_at(e: &ImportError, kept: usize) -> String {
    let failed = kept + 1;
    let player = if failed % 2 == 1 { 1 } else { 2 };
    let shown = match kept {
        0 => "No move before it could be read.".to_string(),
        1 => "The move before it is shown.".to_string(),
        _ => format!("The {kept} moves before it are shown."),
    };
    format!(
        "Move {failed} (turn {}, player {player}) could not be read: {e}. {shown}",
        failed.div_ceil(2)
    )
}

/// Why a text, file or link could not be shown at all (the game on screen stays). Its
/// `Display` is the sentence the viewer shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// Nothing in the text is a record of any format.
    Record(RecordError),
    /// The record's very first move fails.
    FirstMove(ImportError),
    /// The permalink is damaged.
    Link(PermalinkError),
    /// The file is larger than any record (its size in bytes).
    FileTooLarge(usize),
    /// The browser could not read the file (its name, when known).
    File(Option<String>),
    /// The code that reads records could not be fetched (see `lazy`).
    Unavailable,
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Record(e) => write!(f, "Could not read the record: {e}."),
            LoadError::FirstMove(e) => f.write_str(&stopped_at(e, 0)),
            LoadError::Link(e) => write!(f, "Could not open the link: {e}."),
            LoadError::FileTooLarge(bytes) => {
                write!(
                    f,
                    "Could not read the file: {}.",
                    RecordError::TooLarge(*bytes)
                )
            }
            LoadError::File(Some(name)) => write!(f, "Could not read the file {name}."),
            LoadError::File(None) => f.write_str("Could not read the file."),
            LoadError::Unavailable => write!(
                f,
                "Could not read the record: {}.",
                crate::app::kit::chunk::Unavailable
            ),
        }
    }
}

impl std::error::Error for LoadError {}

/// Loads a pasted or dropped text. `Err` when not a single move could be read, so that the
/// game on screen stays; a record that stops later is `Ok` with [`NotatedGame::error_message`].
pub fn load_text(text: &str) -> Result<NotatedGame, LoadError> {
    let mut rec = record::import(text, None).map_err(LoadError::Record)?;
    if rec.moves.is_empty() {
        if let Some(e) = rec.error.take() {
            return Err(LoadError::FirstMove(e));
        }
    }
    Ok(NotatedGame::new(rec))
}

/// A file larger than the importer accepts is refused before it is read.
impl From<wasm_split_helpers::SplitLoaderError> for LoadError {
    fn from(_: wasm_split_helpers::SplitLoaderError) -> Self {
        LoadError::Unavailable
    }
}

impl From<crate::app::kit::services::FileError> for LoadError {
    fn from(e: crate::app::kit::services::FileError) -> LoadError {
        use crate::app::kit::services::FileError;
        match e {
            FileError::TooLarge(bytes) => LoadError::FileTooLarge(bytes as usize),
            FileError::Unreadable(name) => LoadError::File(name),
        }
    }
}

/// Loads a permalink fragment (with or without its '#'): the game and the node it shows.
pub fn load_fragment(fragment: &str) -> Result<(NotatedGame, NodeId), LoadError> {
    let (rec, node) = permalink::decode(fragment).map_err(LoadError::Link)?;
    Ok((NotatedGame::new(rec), node))
}

/// The URL fragment of a location, without '#', if it holds anything.
pub fn fragment_of(hash: &str) -> Option<&str> {
    let f = hash.strip_prefix('#').unwrap_or(hash);
    // Options follow the game after `&` (`&analyse`): base64 has no `&`.
    let f = f.split('&').next().unwrap_or(f).trim();
    (!f.is_empty()).then_some(f)
}

/// The address of the game at a ply: the page's address without its fragment, then '#'.
pub fn share_url(href: &str, fragment: &str) -> String {
    let base = href.split_once('#').map_or(href, |(base, _)| base);
    // The address's options (`&analyse`) stay.
    format!("{base}#{fragment}{}", options_of(href))
}

/// The options of an address's fragment, from their first `&` (`&analyse=6`), or nothing.
pub fn options_of(href: &str) -> &str {
    let hash = href.split_once('#').map_or("", |(_, hash)| hash);
    hash.find('&').map_or("", |i| &hash[i..])
}

/// The game and node a viewer opens with: the permalink in the address when it follows the
/// address and there is one, else the example (also while a study's link, opened by the
/// study's code loaded on first use, is read).
pub fn initial(hash: Option<&str>) -> (NotatedGame, NodeId, Option<LoadError>) {
    if let Some(fragment) = hash
        .and_then(fragment_of)
        .filter(|f| !crate::study::link::is_study_link(f))
    {
        match load_fragment(fragment) {
            Ok((game, node)) => return (game, node, None),
            Err(e) => {
                let game = NotatedGame::example();
                let node = game.first_node();
                return (game, node, Some(e));
            }
        }
    }
    let game = NotatedGame::example();
    let node = game.first_node();
    (game, node, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::piece::{Bug, Color, Piece};

    const GAME_100: &str = include_str!("../../../tests/data/game-100.uhp");

    #[test]
    fn the_example_is_the_direction_notations_game_1() {
        let text = include_str!("../../../tests/data/direction-game-1.md");
        let rec = record::import(text, None).unwrap();
        let first = rec.tree.children(rec.tree.root())[0];
        assert_eq!(permalink::encode(&rec, first), EXAMPLE);
        let (shown, _) = permalink::decode(EXAMPLE).unwrap();
        assert_eq!(shown.meta, rec.meta);
        assert_eq!(shown.moves, rec.moves);
        assert_eq!(shown.coordinates, rec.coordinates);
        assert_eq!(shown.format, rec.format);
    }

    #[test]
    fn example_game_loads_whole_at_its_first_move() {
        let g = NotatedGame::example();
        assert_eq!(g.record.format, Format::Direction);
        assert!(g.record.error.is_none());
        // 28 turns of both players, the last one `M×Qf  M×Qa`.
        let line = g.main_line();
        assert_eq!(line.len(), 56);
        assert_eq!(g.panel.len(), 56);
        let row = |ply: usize| g.row(line.node_at(ply)).unwrap();
        assert_eq!(row(56).direction, "M×Qa");
        assert_eq!(g.first_node(), line.node_at(1));
        assert_eq!(row(1).direction, "L");
        assert_eq!((row(18).turn, row(18).player), (9, 2));
        assert_eq!(row(18).direction, "A2×Qs");
        assert!(g.row(g.tree().root()).is_none());
    }

    #[test]
    fn highlight_points_at_the_reference_of_the_direction_notation() {
        let g = NotatedGame::example();
        let line = g.main_line();
        // Turn 9 of player 2, `A2×Qs`: the reference is the first player's Queen.
        let h = g.highlight(line.node_at(18)).unwrap();
        let queen_hex = h.reference.unwrap();
        let snap = line.replay.snapshot(18);
        let top = *snap.stack(queen_hex).last().unwrap();
        assert_eq!(
            top.piece(),
            Piece {
                color: Color::White,
                bug: Bug::Queen,
                number: 0
            }
        );
        assert!(g.highlight(g.tree().root()).is_none());
        // The first move has no reference.
        assert!(g.highlight(line.node_at(1)).unwrap().reference.is_none());
    }

    #[test]
    fn playing_follows_the_game_or_starts_a_variation() {
        let g = NotatedGame::example();
        let line = g.main_line();
        let at = line.node_at(10);
        let recorded = g.tree().mv(line.node_at(11)).unwrap();
        let (same, node) = g.play(at, recorded).unwrap();
        assert_eq!(node, line.node_at(11));
        assert_eq!(same.tree().len(), g.tree().len());
        let pos = g.tree().position_at(at).unwrap();
        let other = pos
            .legal_moves()
            .into_iter()
            .find(|m| *m != recorded)
            .unwrap();
        let (branched, node) = g.play(at, other).unwrap();
        assert_eq!(branched.tree().len(), g.tree().len() + 1);
        assert_eq!(branched.tree().path(node).unwrap().to_string(), "11.1.1");
        assert_eq!(branched.record.moves, g.record.moves);
        let row = branched.row(node).unwrap();
        assert_eq!(row.ply, 11);
        assert!(branched
            .panel
            .iter()
            .any(|r| r.node == node && r.depth == 1));
        // The variation's line as a record of its own: the main line up to ply 10, then it.
        let line_rec = branched.line_record(&branched.line_through(node));
        assert_eq!(line_rec.moves.len(), 11);
        assert_eq!(line_rec.moves[..10], g.record.moves[..10]);
        assert_eq!(line_rec.moves[10], other);
        assert_eq!(line_rec.tree.len(), 11);
        // An illegal move is refused and changes nothing.
        let illegal = g.tree().mv(line.node_at(1)).unwrap();
        assert!(g.play(at, illegal).is_err());
    }

    #[test]
    fn pasted_records_load_or_explain_why_not() {
        let g = load_text(GAME_100).unwrap();
        assert_eq!(g.main_line().len(), 100);
        assert!(g.error_message().is_none());
        let err = load_text("hello").unwrap_err();
        assert!(matches!(err, LoadError::FirstMove(_)), "{err:?}");
        let err = err.to_string();
        assert!(
            err.starts_with("Move 1 (turn 1, player 1) could not be read: line 1: 'hello'"),
            "{err}"
        );
        let err = load_text("{}").unwrap_err().to_string();
        assert!(err.contains("not recognised"), "{err}");
        let err = load_text("   ").unwrap_err().to_string();
        assert!(err.contains("empty"), "{err}");
        let big = "x".repeat(record::MAX_INPUT + 1);
        let err = load_text(&big).unwrap_err().to_string();
        assert!(err.contains("larger than"), "{err}");
        use crate::app::kit::services::FileError;
        let err = LoadError::from(FileError::TooLarge(2e6)).to_string();
        assert!(
            err.starts_with("Could not read the file") && err.contains("refused"),
            "{err}"
        );
        assert_eq!(
            LoadError::from(FileError::Unreadable(Some("a.pgn".into()))).to_string(),
            "Could not read the file a.pgn."
        );
        let link = load_fragment("#AAAA").unwrap_err().to_string();
        assert!(
            link.starts_with("Could not open the link: the link is damaged"),
            "{link}"
        );
    }

    #[test]
    fn a_broken_record_keeps_its_prefix_and_names_the_move() {
        let g = load_text("Base;InProgress;White[3];wS1;bS1 -wS1;wQ bQ-").unwrap();
        assert_eq!(g.main_line().len(), 2);
        let msg = g.error_message().unwrap();
        assert!(msg.starts_with("Move 3 (turn 2, player 1)"), "{msg}");
        assert!(msg.contains("wQ bQ-"), "{msg}");
        assert!(msg.contains("The 2 moves before it are shown."), "{msg}");
    }

    #[test]
    fn permalinks_round_trip_through_the_address() {
        let g = load_text(GAME_100).unwrap();
        let node = g.main_line().node_at(37);
        let frag = g.fragment(node);
        let url = share_url("https://example.org/beeline/?x=1#old", &frag);
        assert_eq!(url, format!("https://example.org/beeline/?x=1#{frag}"));
        let hash = &url[url.find('#').unwrap()..];
        let (back, at) = load_fragment(fragment_of(hash).unwrap()).unwrap();
        assert_eq!(back.tree().path(at).unwrap().to_string(), "37");
        assert_eq!(back.record.moves, g.record.moves);
        assert_eq!(back.panel, g.panel);
        assert!(load_fragment("#AAAA").is_err());
        assert_eq!(fragment_of("#"), None);
        assert_eq!(fragment_of(""), None);
        // Options after the game (`&analyse`) stay in the address and are not the game's.
        let with = share_url("https://example.org/#old&analyse=4", &frag);
        assert_eq!(with, format!("https://example.org/#{frag}&analyse=4"));
        assert_eq!(
            fragment_of(&with[with.find('#').unwrap()..]),
            Some(frag.as_str())
        );
        assert_eq!(fragment_of("#&analyse"), None);
        // An address without a game keeps them too (a puzzle's, `?puzzles&puzzle=…`).
        assert_eq!(
            options_of("https://e.org/?puzzles&puzzle=ab#&analyse=4"),
            "&analyse=4"
        );
        assert_eq!(options_of("https://e.org/?puzzles&puzzle=ab#AgAB"), "");
        assert_eq!(options_of("https://e.org/?puzzles&puzzle=ab"), "");
    }
}
