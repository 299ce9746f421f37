//! A loaded game and everything the viewer derives from it, and loading one from pasted or
//! dropped text, a file or a permalink. Free of the DOM, so that it runs (and is tested)
//! natively.
//!
//! ```
//! use beeline::app::game::Game;
//! let game = Game::example();
//! assert_eq!(game.rows.len(), game.len());
//! assert_eq!(game.first_ply(), 1);
//! assert!(game.highlight_at(1).is_some());
//! ```

use super::labels::Info;
use crate::engine::position::Position;
use crate::notation::direction;
use crate::record::export::{self, Row};
use crate::record::permalink::PermalinkError;
use crate::record::{self, permalink, Format, ImportError, Record, RecordError};
use crate::view::{Highlight, Replay};
use std::fmt;
use std::sync::Arc;

/// The game shown when the app opens: the direction notation's example game 1.
const EXAMPLE: &str = include_str!("../../tests/data/direction-game-1.md");

/// A loaded game with everything the viewer derives from it, computed once per load so that
/// stepping through it never replays moves.
#[derive(Clone, Debug)]
pub struct Game {
    pub record: Arc<Record>,
    pub replay: Arc<Replay>,
    /// One row per move, in every notation.
    pub rows: Arc<Vec<Row>>,
    /// The highlight that explains the move leading to each ply (index 0: none).
    highlights: Arc<Vec<Option<Highlight>>>,
}

impl Game {
    pub fn new(record: Record) -> Game {
        let replay = Replay::new(record.game_type, record.rules, &record.moves);
        let rows = export::rows(&record);
        let highlights = highlights(&record, &replay);
        Game {
            record: Arc::new(record),
            replay: Arc::new(replay),
            rows: Arc::new(rows),
            highlights: Arc::new(highlights),
        }
    }

    /// The built-in example game (falls back to an empty game if it ever failed to read).
    pub fn example() -> Game {
        match record::import(EXAMPLE, None) {
            Ok(rec) => Game::new(rec),
            Err(_) => Game::new(Record::new(
                crate::engine::piece::GameType::MLP,
                Format::Direction,
            )),
        }
    }

    /// Number of moves; plies run from 0 (empty board) to `len()`.
    pub fn len(&self) -> usize {
        self.replay.len()
    }

    pub fn is_empty(&self) -> bool {
        self.replay.is_empty()
    }

    /// The ply to show when a game has just been loaded: its first move.
    pub fn first_ply(&self) -> usize {
        self.len().min(1)
    }

    pub fn clamp(&self, ply: usize) -> usize {
        ply.min(self.len())
    }

    /// What the direction notation of the move leading to `ply` refers to.
    pub fn highlight_at(&self, ply: usize) -> Option<Highlight> {
        self.highlights.get(ply).copied().flatten()
    }

    /// The permalink fragment (without '#') of the game at `ply`.
    pub fn fragment(&self, ply: usize) -> String {
        permalink::encode(&self.record, self.clamp(ply))
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
        }
    }
}

impl std::error::Error for LoadError {}

/// Explains every move once, on a single replay of the game.
fn highlights(rec: &Record, replay: &Replay) -> Vec<Option<Highlight>> {
    let frame = replay.frame();
    let mut pos = Position::with_rules(rec.game_type, rec.rules);
    let mut out = Vec::with_capacity(replay.len() + 1);
    out.push(None);
    for &mv in replay.moves() {
        out.push(direction::explain(&pos, &frame, mv).map(|e| Highlight::from_explanation(&e)));
        if pos.play(mv).is_err() {
            break;
        }
    }
    out
}

/// Loads a pasted or dropped text. `Err` when not a single move could be read, so that the
/// game on screen stays; a record that stops later is `Ok` with [`Game::error_message`].
pub fn load_text(text: &str) -> Result<Game, LoadError> {
    let mut rec = record::import(text, None).map_err(LoadError::Record)?;
    if rec.moves.is_empty() {
        if let Some(e) = rec.error.take() {
            return Err(LoadError::FirstMove(e));
        }
    }
    Ok(Game::new(rec))
}

/// A file larger than the importer accepts is refused before it is read.
pub fn check_file_size(bytes: f64) -> Result<(), LoadError> {
    if bytes > record::MAX_INPUT as f64 {
        return Err(LoadError::FileTooLarge(bytes as usize));
    }
    Ok(())
}

/// Loads a permalink fragment (with or without its '#'): the game and the ply it shows.
pub fn load_fragment(fragment: &str) -> Result<(Game, usize), LoadError> {
    let (rec, ply) = permalink::decode(fragment).map_err(LoadError::Link)?;
    let game = Game::new(rec);
    let ply = game.clamp(ply);
    Ok((game, ply))
}

/// The URL fragment of a location, without '#', if it holds anything.
pub fn fragment_of(hash: &str) -> Option<&str> {
    let f = hash.strip_prefix('#').unwrap_or(hash).trim();
    (!f.is_empty()).then_some(f)
}

/// The address of the game at a ply: the page's address without its fragment, then '#'.
pub fn share_url(href: &str, fragment: &str) -> String {
    let base = href.split('#').next().unwrap_or(href);
    format!("{base}#{fragment}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::piece::{Bug, Color, Piece};

    const GAME_100: &str = include_str!("../../tests/data/game-100.uhp");

    #[test]
    fn example_game_loads_whole_at_its_first_move() {
        let g = Game::example();
        assert_eq!(g.record.format, Format::Direction);
        assert!(g.record.error.is_none());
        // 28 turns of both players, the last one `M×Qf  M×Qa`.
        assert_eq!(g.len(), 56);
        assert_eq!(g.rows.len(), 56);
        assert_eq!(g.rows[55].direction, "M×Qa");
        assert_eq!(g.first_ply(), 1);
        assert_eq!(g.rows[0].direction, "L");
        assert_eq!((g.rows[17].turn, g.rows[17].player), (9, 2));
        assert_eq!(g.rows[17].direction, "A2×Qs");
    }

    #[test]
    fn highlight_points_at_the_reference_of_the_direction_notation() {
        let g = Game::example();
        // Turn 9 of player 2, `A2×Qs`: the reference is the first player's Queen.
        let h = g.highlight_at(18).unwrap();
        let queen_hex = h.reference.unwrap();
        let snap = g.replay.snapshot(18);
        let top = *snap.stack(queen_hex).last().unwrap();
        assert_eq!(
            top.piece(),
            Piece {
                color: Color::White,
                bug: Bug::Queen,
                number: 0
            }
        );
        assert!(g.highlight_at(0).is_none());
        assert!(g.highlight_at(1000).is_none());
        // The first move has no reference.
        assert!(g.highlight_at(1).unwrap().reference.is_none());
    }

    #[test]
    fn pasted_records_load_or_explain_why_not() {
        let g = load_text(GAME_100).unwrap();
        assert_eq!(g.len(), 100);
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
        let err = check_file_size(2e6).unwrap_err().to_string();
        assert!(
            err.starts_with("Could not read the file") && err.contains("refused"),
            "{err}"
        );
        assert!(check_file_size(1000.0).is_ok());
        assert_eq!(
            LoadError::File(Some("a.pgn".into())).to_string(),
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
        assert_eq!(g.len(), 2);
        let msg = g.error_message().unwrap();
        assert!(msg.starts_with("Move 3 (turn 2, player 1)"), "{msg}");
        assert!(msg.contains("wQ bQ-"), "{msg}");
        assert!(msg.contains("The 2 moves before it are shown."), "{msg}");
    }

    #[test]
    fn permalinks_round_trip_through_the_address() {
        let g = load_text(GAME_100).unwrap();
        let frag = g.fragment(37);
        let url = share_url("https://example.org/beeline/?x=1#old", &frag);
        assert_eq!(url, format!("https://example.org/beeline/?x=1#{frag}"));
        let hash = &url[url.find('#').unwrap()..];
        let (back, ply) = load_fragment(fragment_of(hash).unwrap()).unwrap();
        assert_eq!(ply, 37);
        assert_eq!(back.record.moves, g.record.moves);
        assert_eq!(back.rows, g.rows);
        assert!(load_fragment("#AAAA").is_err());
        assert_eq!(fragment_of("#"), None);
        assert_eq!(fragment_of(""), None);
    }
}
