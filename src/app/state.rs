//! The viewer's state and logic, free of the DOM so that it runs (and is tested) natively:
//! loading text, files and permalinks into a [`Game`], clamping plies, the notation rows,
//! the highlight that explains each move, the keyboard mapping and the export texts.
//!
//! ```
//! use beeline::app::state::{Game, Step};
//! let game = Game::example();
//! assert_eq!(game.rows.len(), game.len());
//! assert_eq!(Step::Next.apply(game.len(), game.len()), game.len());
//! assert!(game.highlight_at(1).is_some());
//! ```

use crate::engine::position::{GameState, Position};
use crate::notation::direction;
use crate::record::export::{self, Notation, Row};
use crate::record::{self, permalink, Format, Record};
use crate::view::{Highlight, Replay};
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
        let n = self.record.moves.len();
        let failed = n + 1;
        let player = if failed % 2 == 1 { 1 } else { 2 };
        let kept = match n {
            0 => "No move before it could be read.".to_string(),
            1 => "The move before it is shown.".to_string(),
            _ => format!("The {n} moves before it are shown."),
        };
        Some(format!(
            "Move {failed} (turn {}, player {player}) could not be read: {e}. {kept}",
            failed.div_ceil(2)
        ))
    }
}

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

/// Loads a pasted or dropped text. `Err` (a sentence for the user) when not a single move
/// could be read, so that the game on screen stays; a record that stops later is `Ok` with
/// [`Game::error_message`].
pub fn load_text(text: &str) -> Result<Game, String> {
    match record::import(text, None) {
        Ok(rec) if rec.moves.is_empty() && rec.error.is_some() => {
            let game = Game::new(rec);
            Err(game.error_message().unwrap_or_default())
        }
        Ok(rec) => Ok(Game::new(rec)),
        Err(e) => Err(format!("Could not read the record: {e}.")),
    }
}

/// A file larger than the importer accepts is refused before it is read.
pub fn check_file_size(bytes: f64) -> Result<(), String> {
    if bytes > record::MAX_INPUT as f64 {
        let e = record::RecordError::TooLarge(bytes as usize);
        return Err(format!("Could not read the file: {e}."));
    }
    Ok(())
}

/// Loads a permalink fragment (with or without its '#'): the game and the ply it shows.
pub fn load_fragment(fragment: &str) -> Result<(Game, usize), String> {
    match permalink::decode(fragment) {
        Ok((rec, ply)) => {
            let game = Game::new(rec);
            let ply = game.clamp(ply);
            Ok((game, ply))
        }
        Err(e) => Err(format!("Could not open the link: {e}.")),
    }
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

/// A move among the plies of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    First,
    Prev,
    Next,
    Last,
    To(usize),
}

impl Step {
    /// The ply after this step from `ply` in a game of `len` moves.
    pub fn apply(self, ply: usize, len: usize) -> usize {
        match self {
            Step::First => 0,
            Step::Prev => ply.saturating_sub(1),
            Step::Next => ply.saturating_add(1).min(len),
            Step::Last => len,
            Step::To(p) => p.min(len),
        }
    }

    /// The step a key press asks for (`key` as in `KeyboardEvent.key`); none while a
    /// modifier is held, so that browser shortcuts keep working.
    pub fn from_key(key: &str, modifier: bool) -> Option<Step> {
        if modifier {
            return None;
        }
        match key {
            "ArrowLeft" => Some(Step::Prev),
            "ArrowRight" => Some(Step::Next),
            "Home" => Some(Step::First),
            "End" => Some(Step::Last),
            _ => None,
        }
    }
}

/// Whether key presses on an element with this tag name belong to the element (typing),
/// not to the viewer. `input_type` is the `type` of an `<input>`.
pub fn is_typing_target(tag: &str, input_type: &str) -> bool {
    match tag.to_ascii_lowercase().as_str() {
        "textarea" | "select" => true,
        "input" => !matches!(
            input_type.to_ascii_lowercase().as_str(),
            "button" | "checkbox" | "radio" | "submit" | "reset"
        ),
        _ => false,
    }
}

/// A ply typed into the move-number field, clamped; `None` when it is not a number.
pub fn parse_ply(text: &str, len: usize) -> Option<usize> {
    let t = text.trim();
    if let Some(negative) = t.strip_prefix('-') {
        return negative.parse::<u64>().ok().map(|_| 0);
    }
    t.parse::<u64>()
        .ok()
        .map(|p| usize::try_from(p).unwrap_or(usize::MAX).min(len))
}

/// Which form of the algebraic notation the table shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AlgebraicForm {
    #[default]
    Short,
    Long,
    Compressed,
}

impl AlgebraicForm {
    pub const ALL: [AlgebraicForm; 3] = [
        AlgebraicForm::Short,
        AlgebraicForm::Long,
        AlgebraicForm::Compressed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            AlgebraicForm::Short => "short",
            AlgebraicForm::Long => "long",
            AlgebraicForm::Compressed => "compressed",
        }
    }

    pub fn parse(s: &str) -> AlgebraicForm {
        AlgebraicForm::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .unwrap_or_default()
    }

    pub fn cell(self, row: &Row) -> &str {
        match self {
            AlgebraicForm::Short => &row.algebraic_short,
            AlgebraicForm::Long => &row.algebraic_long,
            AlgebraicForm::Compressed => &row.algebraic_compressed,
        }
    }
}

/// The direction notation of a row, with symbols or in ASCII.
pub fn direction_cell(row: &Row, ascii: bool) -> &str {
    if ascii {
        &row.direction_ascii
    } else {
        &row.direction
    }
}

/// The move number as the direction notation counts it (turns per player): "12.".
pub fn turn_label(row: &Row) -> String {
    format!("{}.", row.turn)
}

/// The facts of a record, as shown to the user.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub format: String,
    pub game_type: String,
    /// (label, value) pairs of the metadata that is known, in display order.
    pub facts: Vec<(&'static str, String)>,
    pub notices: Vec<String>,
}

impl Info {
    pub fn of(rec: &Record) -> Info {
        let m = &rec.meta;
        let mut facts = Vec::new();
        let mut push = |label: &'static str, v: &Option<String>| {
            if let Some(v) = v.as_ref().filter(|v| !v.trim().is_empty()) {
                facts.push((label, v.clone()));
            }
        };
        push("White", &m.white);
        push("Black", &m.black);
        push("Date", &m.date);
        push("Event", &m.event);
        push("Site", &m.site);
        push("Round", &m.round);
        facts.push(("Result", result_text(rec.result()).to_string()));
        Info {
            format: format_text(rec.format).to_string(),
            game_type: rec.game_type.to_string(),
            facts,
            notices: rec.notices.clone(),
        }
    }
}

pub fn format_text(f: Format) -> &'static str {
    match f {
        Format::Uhp => "UHP game string",
        Format::Pgn => "PGN",
        Format::Sgf => "BoardSpace SGF",
        Format::Standard => "move list (standard notation)",
        Format::Direction => "move list (direction notation)",
        Format::Algebraic => "move list (algebraic notation)",
    }
}

pub fn result_text(s: GameState) -> &'static str {
    match s {
        GameState::NotStarted => "not started",
        GameState::InProgress => "in progress",
        GameState::Draw => "draw",
        GameState::WhiteWins => "White wins",
        GameState::BlackWins => "Black wins",
    }
}

/// What the export panel writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExportKind {
    #[default]
    Uhp,
    Pgn,
    List(Notation),
}

impl ExportKind {
    pub const ALL: [ExportKind; 8] = [
        ExportKind::Uhp,
        ExportKind::Pgn,
        ExportKind::List(Notation::Standard),
        ExportKind::List(Notation::Direction { ascii: false }),
        ExportKind::List(Notation::Direction { ascii: true }),
        ExportKind::List(Notation::AlgebraicShort),
        ExportKind::List(Notation::AlgebraicLong),
        ExportKind::List(Notation::AlgebraicCompressed),
    ];

    /// A stable key (for `<option value>`).
    pub fn key(self) -> &'static str {
        match self {
            ExportKind::Uhp => "uhp",
            ExportKind::Pgn => "pgn",
            ExportKind::List(Notation::Standard) => "standard",
            ExportKind::List(Notation::Direction { ascii: false }) => "direction",
            ExportKind::List(Notation::Direction { ascii: true }) => "direction-ascii",
            ExportKind::List(Notation::AlgebraicShort) => "algebraic-short",
            ExportKind::List(Notation::AlgebraicLong) => "algebraic-long",
            ExportKind::List(Notation::AlgebraicCompressed) => "algebraic-compressed",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ExportKind::Uhp => "UHP game string",
            ExportKind::Pgn => "PGN",
            ExportKind::List(Notation::Standard) => "Move list, standard",
            ExportKind::List(Notation::Direction { ascii: false }) => "Move list, direction",
            ExportKind::List(Notation::Direction { ascii: true }) => "Move list, direction (ASCII)",
            ExportKind::List(Notation::AlgebraicShort) => "Move list, algebraic short",
            ExportKind::List(Notation::AlgebraicLong) => "Move list, algebraic long",
            ExportKind::List(Notation::AlgebraicCompressed) => "Move list, algebraic compressed",
        }
    }

    pub fn parse(key: &str) -> ExportKind {
        ExportKind::ALL
            .into_iter()
            .find(|k| k.key() == key)
            .unwrap_or_default()
    }

    pub fn text(self, rec: &Record) -> String {
        match self {
            ExportKind::Uhp => export::to_uhp(rec),
            ExportKind::Pgn => export::to_pgn(rec),
            ExportKind::List(n) => export::to_list(rec, n),
        }
    }

    /// A file name for the download, from the players' names when known.
    pub fn file_name(self, rec: &Record) -> String {
        let ext = match self {
            ExportKind::Uhp => "uhp",
            ExportKind::Pgn => "pgn",
            ExportKind::List(_) => "txt",
        };
        let players: Vec<String> = [&rec.meta.white, &rec.meta.black]
            .into_iter()
            .flatten()
            .map(|s| slug(s))
            .filter(|s| !s.is_empty())
            .collect();
        let stem = if players.is_empty() {
            "hive-game".to_string()
        } else {
            players.join("-vs-")
        };
        match self {
            ExportKind::List(_) => format!("{stem}-{}.{ext}", self.key()),
            _ => format!("{stem}.{ext}"),
        }
    }
}

/// Letters and digits of a name, the rest as single dashes.
fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').chars().take(40).collect()
}

/// Autoplay speeds (milliseconds per move) offered, slowest first.
pub const SPEEDS_MS: [u32; 5] = [2000, 1200, 800, 500, 250];

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
        assert_eq!(turn_label(&g.rows[17]), "9.");
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
    fn stepping_clamps_to_the_game() {
        assert_eq!(Step::Prev.apply(0, 10), 0);
        assert_eq!(Step::Next.apply(10, 10), 10);
        assert_eq!(Step::Next.apply(3, 10), 4);
        assert_eq!(Step::Prev.apply(3, 10), 2);
        assert_eq!(Step::First.apply(7, 10), 0);
        assert_eq!(Step::Last.apply(0, 10), 10);
        assert_eq!(Step::To(99).apply(0, 10), 10);
        assert_eq!(Step::Next.apply(usize::MAX, usize::MAX), usize::MAX);
    }

    #[test]
    fn keys_map_to_steps_unless_typing_or_modified() {
        assert_eq!(Step::from_key("ArrowRight", false), Some(Step::Next));
        assert_eq!(Step::from_key("ArrowLeft", false), Some(Step::Prev));
        assert_eq!(Step::from_key("Home", false), Some(Step::First));
        assert_eq!(Step::from_key("End", false), Some(Step::Last));
        assert_eq!(Step::from_key("ArrowRight", true), None);
        assert_eq!(Step::from_key("a", false), None);
        assert!(is_typing_target("TEXTAREA", ""));
        assert!(is_typing_target("INPUT", "number"));
        assert!(is_typing_target("input", "range"));
        assert!(!is_typing_target("INPUT", "checkbox"));
        assert!(!is_typing_target("BUTTON", ""));
    }

    #[test]
    fn typed_plies_are_clamped_and_checked() {
        assert_eq!(parse_ply(" 12 ", 40), Some(12));
        assert_eq!(parse_ply("400", 40), Some(40));
        assert_eq!(parse_ply("99999999999999999999999", 40), None);
        assert_eq!(parse_ply("-3", 40), Some(0));
        assert_eq!(parse_ply("x", 40), None);
        assert_eq!(parse_ply("", 40), None);
    }

    #[test]
    fn pasted_records_load_or_explain_why_not() {
        let g = load_text(GAME_100).unwrap();
        assert_eq!(g.len(), 100);
        assert!(g.error_message().is_none());
        let err = load_text("hello").unwrap_err();
        assert!(
            err.starts_with("Move 1 (turn 1, player 1) could not be read: line 1: 'hello'"),
            "{err}"
        );
        let err = load_text("{}").unwrap_err();
        assert!(err.contains("not recognised"), "{err}");
        let err = load_text("   ").unwrap_err();
        assert!(err.contains("empty"), "{err}");
        let big = "x".repeat(record::MAX_INPUT + 1);
        let err = load_text(&big).unwrap_err();
        assert!(err.contains("larger than"), "{err}");
        assert!(check_file_size(2e6).unwrap_err().contains("refused"));
        assert!(check_file_size(1000.0).is_ok());
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

    #[test]
    fn info_shows_what_the_record_says() {
        let text = "[GameType \"Base\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Event \"Cup\"]\n[Result \"1-0\"]\n\n1. wS1\n2. bS1 -wS1\n";
        let g = load_text(text).unwrap();
        let info = g.info();
        assert_eq!(info.format, "PGN");
        assert_eq!(info.game_type, "Base");
        assert!(info.facts.contains(&("White", "Ann".to_string())));
        assert!(info.facts.contains(&("Event", "Cup".to_string())));
        assert!(info.facts.contains(&("Result", "White wins".to_string())));
        assert!(!info.facts.iter().any(|(l, _)| *l == "Date"));
    }

    #[test]
    fn exports_name_their_files_and_read_back() {
        let g = Game::example();
        for kind in ExportKind::ALL {
            assert_eq!(ExportKind::parse(kind.key()), kind);
            let text = kind.text(&g.record);
            let back = record::import(&text, None).unwrap();
            assert_eq!(back.moves.len(), g.len(), "{}", kind.key());
        }
        let pgn = load_text("[White \"Ann Lee\"]\n[Black \"B/o\"]\n\n1. wS1\n").unwrap();
        assert_eq!(ExportKind::Pgn.file_name(&pgn.record), "Ann-Lee-vs-B-o.pgn");
        assert_eq!(
            ExportKind::List(Notation::AlgebraicLong).file_name(&g.record),
            "Frank-Chen-vs-Joe-Schultz-algebraic-long.txt"
        );
        let unnamed = load_text("Base;InProgress;White[2];wS1;bS1 -wS1").unwrap();
        assert_eq!(
            ExportKind::List(Notation::AlgebraicLong).file_name(&unnamed.record),
            "hive-game-algebraic-long.txt"
        );
    }

    #[test]
    fn notation_cells_follow_the_toggles() {
        let g = Game::example();
        let row = &g.rows[25];
        assert_eq!(AlgebraicForm::parse("long").cell(row), row.algebraic_long);
        assert_eq!(AlgebraicForm::parse("?"), AlgebraicForm::Short);
        let star = g.rows.iter().find(|r| r.direction.contains('✳')).unwrap();
        assert!(direction_cell(star, true).contains('*'));
        assert!(direction_cell(star, false).contains('✳'));
    }
}
