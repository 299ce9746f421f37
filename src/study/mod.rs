//! Studies: a title and an ordered list of chapters, each a game tree (from the start or
//! from a set-up position, with its variations, comments, annotations and drawings) with a
//! name and a mode. A *normal* chapter is read as any game is; an *interactive* one is a
//! lesson ([`lesson`]): the reader plays one side's main-line moves and the other side's
//! play themselves.
//!
//! A study's file is a PGN of several games, one a chapter, with lichess's tags
//! (`StudyName`, `ChapterName`, `ChapterMode`, `Orientation`: [`file`]); a study that fits
//! one has a permalink of its own ([`link`]). Like `record::tree`, this is plain Rust: the
//! app's study panel and lesson (`app::study`) and the command line (`beeline study`) sit on
//! it.
//!
//! ```
//! use beeline::study::{file, ChapterMode};
//! let text = "[StudyName \"Openings\"]\n[ChapterName \"Ant first\"]\n[ChapterMode \"gamebook\"]\n\
//!             [Orientation \"black\"]\n[GameType \"Base\"]\n\n1. wA1\n2. bS1 -wA1\n";
//! let read = file::read(text);
//! let study = &read.studies[0];
//! assert_eq!(study.title, "Openings");
//! assert_eq!(study.chapters[0].name, "Ant first");
//! assert_eq!(study.chapters[0].mode, ChapterMode::Interactive);
//! // Written back and read again, it is the same study.
//! assert_eq!(&file::read(&file::write(study)).studies[0], study);
//! ```

pub mod file;
pub mod lesson;
pub mod link;

use crate::engine::piece::{Color, GameType};
use crate::engine::position::{Position, Rules};
use crate::notation::Coordinates;
use crate::record::position::{canonical_setup, stand};
use crate::record::tree::GameTree;
use crate::record::{Format, Metadata, Record};

/// Most chapters a study holds (as lichess's studies): a file with more is read as several
/// studies, each of this many at most.
pub const MAX_CHAPTERS: usize = 64;

/// Longest title or chapter name kept, in characters (longer ones are cut).
pub const MAX_NAME: usize = 200;

/// How a chapter is read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum ChapterMode {
    /// A game to read and study, as any other.
    #[default]
    Normal,
    /// A lesson: the reader finds one side's main-line moves (lichess's "interactive
    /// lesson", its PGN's `gamebook`).
    Interactive,
}

impl ChapterMode {
    pub const ALL: [ChapterMode; 2] = [ChapterMode::Normal, ChapterMode::Interactive];

    /// The mode's name, as the `ChapterMode` tag writes it.
    pub fn name(self) -> &'static str {
        match self {
            ChapterMode::Normal => "normal",
            ChapterMode::Interactive => "interactive",
        }
    }

    /// Reads a `ChapterMode` tag (any case; lichess's `gamebook` is an interactive lesson,
    /// its `practice` and `conceal` modes are read as normal chapters).
    pub fn parse(text: &str) -> Option<ChapterMode> {
        match text.trim().to_ascii_lowercase().as_str() {
            "interactive" | "gamebook" => Some(ChapterMode::Interactive),
            "normal" | "" | "practice" | "conceal" => Some(ChapterMode::Normal),
            _ => None,
        }
    }
}

/// Reads an `Orientation` tag: the side the reader plays (`white` or `black`, any case).
pub fn parse_orientation(text: &str) -> Option<Color> {
    match text.trim().to_ascii_lowercase().as_str() {
        "white" | "w" => Some(Color::White),
        "black" | "b" => Some(Color::Black),
        _ => None,
    }
}

/// The `Orientation` tag's word for a side.
pub fn orientation_name(side: Color) -> &'static str {
    match side {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// One chapter: a named game tree and how it is read. Two chapters are equal when a file
/// tells them apart: names, mode, orientation, the game's facts, start, moves, comments and
/// annotations (not the format it came in, nor the rules it was read under).
#[derive(Clone, Debug)]
pub struct Chapter {
    pub name: String,
    pub mode: ChapterMode,
    /// The side the reader plays in an interactive chapter (and the side the board is seen
    /// from).
    pub orientation: Color,
    /// The game: its tree, start and metadata.
    pub record: Record,
}

impl PartialEq for Chapter {
    fn eq(&self, other: &Chapter) -> bool {
        self.name == other.name
            && self.mode == other.mode
            && self.orientation == other.orientation
            && self.record.meta == other.record.meta
            && same_tree(&self.record.tree, &other.record.tree)
    }
}

impl Eq for Chapter {}

/// Whether two game trees hold the same game: start, moves, comments and annotations.
pub fn same_tree(a: &GameTree, b: &GameTree) -> bool {
    if a.game_type() != b.game_type() || a.setup() != b.setup() {
        return false;
    }
    let mut stack = vec![(a.root(), b.root())];
    while let Some((x, y)) = stack.pop() {
        let (cx, cy) = (a.children(x), b.children(y));
        if a.mv(x) != b.mv(y)
            || a.comment(x) != b.comment(y)
            || a.annotation(x) != b.annotation(y)
            || cx.len() != cy.len()
        {
            return false;
        }
        stack.extend(cx.iter().copied().zip(cy.iter().copied()));
    }
    true
}

impl Chapter {
    /// A normal chapter of a game, White's side up.
    pub fn new(name: &str, record: Record) -> Chapter {
        Chapter {
            name: clean_name(name),
            mode: ChapterMode::Normal,
            orientation: Color::White,
            record,
        }
    }

    /// A chapter from the empty board of a game type, with no move yet.
    pub fn empty(name: &str, game_type: GameType) -> Chapter {
        let mut rec = Record::new(game_type, Format::Pgn);
        rec.tree = GameTree::new(game_type, Rules::default());
        Chapter::new(name, rec)
    }

    /// A chapter that starts from a position (written in its canonical frame, as a set-up
    /// position is), with the facts of the game it came from; `None` when the position
    /// cannot stand as a start (a split hive).
    pub fn from_position(name: &str, meta: &Metadata, pos: &Position) -> Option<Chapter> {
        let mut rec = Record::new(pos.game_type(), Format::Position);
        if pos.ply() > 0 {
            let start = stand(&canonical_setup(pos), pos.rules()).ok()?;
            rec.tree = GameTree::from_position(start);
            rec.coordinates = Coordinates::Canonical;
        } else {
            rec.tree = GameTree::from_position(pos.clone());
        }
        rec.rules = pos.rules();
        rec.meta = meta.clone();
        rec.meta.result = None;
        Some(Chapter::new(name, rec))
    }

    /// What the chapter holds: its main line, its variations and the reader's moves.
    pub fn summary(&self) -> ChapterSummary {
        let tree = &self.record.tree;
        let main = tree.mainline_nodes();
        let reader = self.reader_moves();
        // Every node off the main line that starts a variation: a child other than the first
        // (of the root too: a variation on the first move).
        let variations = std::iter::once(tree.root())
            .chain(tree.nodes())
            .map(|n| tree.children(n).len().saturating_sub(1))
            .sum();
        ChapterSummary {
            moves: main.len(),
            variations,
            reader_moves: reader,
        }
    }

    /// What is wrong with the chapter's `[%name …]` prompts (`lesson::name_command`): a
    /// notation that is none of the three, or a prompt where the next main-line move is not
    /// the reader's to find.
    pub fn name_faults(&self) -> Vec<String> {
        let tree = &self.record.tree;
        let first = tree.start().to_move();
        let main = tree.mainline_nodes();
        let nodes = std::iter::once(tree.root()).chain(main.iter().copied());
        let mut out = Vec::new();
        for (i, node) in nodes.enumerate() {
            let Some(comment) = tree.comment(node) else {
                continue;
            };
            let where_ = if i == 0 {
                "the opening comment".to_string()
            } else {
                format!("the comment after move {i}")
            };
            match lesson::name_command(comment).0 {
                Err(word) => out.push(format!(
                    "{where_}: '[%name {word}]' names no notation (standard, direction or algebraic)"
                )),
                Ok(Some(_)) if i >= main.len() || side_at(first, i) != self.orientation => out
                    .push(format!(
                        "{where_} asks to name a move, but the next main-line move is not the reader's"
                    )),
                Ok(_) => {}
            }
        }
        out
    }

    /// The main-line moves the reader plays (the orientation's side's).
    pub fn reader_moves(&self) -> usize {
        let tree = &self.record.tree;
        let first = tree.start().to_move();
        tree.mainline_nodes()
            .iter()
            .enumerate()
            .filter(|(i, _)| side_at(first, *i) == self.orientation)
            .count()
    }
}

/// The side that plays the `i`th move (0-based) of a line whose first move is `first`'s.
pub(crate) fn side_at(first: Color, i: usize) -> Color {
    if i % 2 == 0 {
        first
    } else {
        first.other()
    }
}

/// What a chapter holds (`beeline study check` prints it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ChapterSummary {
    /// Moves of the main line.
    pub moves: usize,
    /// Variations: each move that replaces another one.
    pub variations: usize,
    /// Main-line moves of the orientation's side (those a reader finds in a lesson).
    pub reader_moves: usize,
}

/// A study: a title and its chapters, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Study {
    pub title: String,
    pub chapters: Vec<Chapter>,
}

impl Study {
    pub fn new(title: &str) -> Study {
        Study {
            title: clean_name(title),
            chapters: Vec::new(),
        }
    }

    /// The name a new chapter gets: "Chapter N" for the first N free.
    pub fn next_chapter_name(&self) -> String {
        let taken: Vec<&str> = self.chapters.iter().map(|c| c.name.as_str()).collect();
        (self.chapters.len() + 1..)
            .map(|n| format!("Chapter {n}"))
            .find(|name| !taken.contains(&name.as_str()))
            .unwrap_or_default()
    }

    /// Whether another chapter fits.
    pub fn is_full(&self) -> bool {
        self.chapters.len() >= MAX_CHAPTERS
    }

    /// What is wrong with the study as a file others read, one sentence a fault: a chapter
    /// whose record stopped at a move, an interactive chapter with nothing for the reader
    /// to find. (Empty: none.)
    pub fn faults(&self) -> Vec<StudyFault> {
        let mut out = Vec::new();
        for (i, c) in self.chapters.iter().enumerate() {
            let at = |reason: String, mv: Option<String>| StudyFault {
                chapter: i + 1,
                name: c.name.clone(),
                mv,
                reason,
            };
            if let Some(e) = &c.record.error {
                out.push(at(
                    format!("line {}: {}", e.line, e.fault),
                    Some(format!("move {} '{}'", c.record.moves.len() + 1, e.text)),
                ));
            }
            for e in c.record.tree.variation_errors() {
                out.push(at(
                    format!("line {}: {} (in a variation)", e.line, e.fault),
                    Some(format!("'{}'", e.text)),
                ));
            }
            out.extend(c.name_faults().into_iter().map(|r| at(r, None)));
            if c.mode == ChapterMode::Interactive && c.reader_moves() == 0 {
                out.push(at(
                    format!(
                        "an interactive chapter needs a main-line move for the reader ({}) to find",
                        c.orientation.name()
                    ),
                    None,
                ));
            }
        }
        out
    }
}

/// A fault of a study's chapter, said as `beeline study check` says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StudyFault {
    /// The chapter's number, from 1.
    pub chapter: usize,
    pub name: String,
    /// The move at fault, as written, when one is.
    pub mv: Option<String>,
    pub reason: String,
}

impl std::fmt::Display for StudyFault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "chapter {} ({}): ", self.chapter, self.name)?;
        if let Some(mv) = &self.mv {
            write!(f, "{mv}: ")?;
        }
        f.write_str(&self.reason)
    }
}

/// A title or name as kept: one line, trimmed, at most [`MAX_NAME`] characters.
pub fn clean_name(name: &str) -> String {
    let one_line: String = name
        .split(char::is_control)
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    one_line.trim().chars().take(MAX_NAME).collect()
}

/// `wanted`, or `wanted (2)`, `(3)`, … when a title of `taken` has it already: studies with
/// the same name are kept apart, never one in place of another.
pub fn unique_title(wanted: &str, taken: &[&str]) -> String {
    let wanted = clean_name(wanted);
    let wanted = if wanted.is_empty() {
        "Study".to_string()
    } else {
        wanted
    };
    if !taken.contains(&wanted.as_str()) {
        return wanted;
    }
    // "Name (2)" taken already gives "Name (3)", not "Name (2) (2)".
    let base = match wanted.rsplit_once(" (") {
        Some((b, n))
            if n.strip_suffix(')')
                .is_some_and(|d| d.parse::<u32>().is_ok()) =>
        {
            b.to_string()
        }
        _ => wanted.clone(),
    };
    (2u32..)
        .map(|n| format!("{base} ({n})"))
        .find(|t| !taken.contains(&t.as_str()))
        .unwrap_or(wanted)
}

/// A chapter's name when its file gives none: the players, else the event, else its number.
pub fn default_chapter_name(rec: &Record, number: usize) -> String {
    match (&rec.meta.white, &rec.meta.black) {
        (Some(w), Some(b)) => format!("{w} – {b}"),
        _ => rec
            .meta
            .event
            .clone()
            .unwrap_or_else(|| format!("Chapter {number}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::import;

    #[test]
    fn modes_and_orientations_read_as_lichess_writes_them() {
        assert_eq!(
            ChapterMode::parse("gamebook"),
            Some(ChapterMode::Interactive)
        );
        assert_eq!(
            ChapterMode::parse("Interactive"),
            Some(ChapterMode::Interactive)
        );
        assert_eq!(ChapterMode::parse("normal"), Some(ChapterMode::Normal));
        assert_eq!(ChapterMode::parse("practice"), Some(ChapterMode::Normal));
        assert_eq!(ChapterMode::parse("sideways"), None);
        assert_eq!(parse_orientation("Black"), Some(Color::Black));
        assert_eq!(parse_orientation(" white "), Some(Color::White));
        assert_eq!(parse_orientation("north"), None);
        for m in ChapterMode::ALL {
            assert_eq!(ChapterMode::parse(m.name()), Some(m));
        }
    }

    #[test]
    fn titles_are_kept_apart() {
        assert_eq!(unique_title("Openings", &[]), "Openings");
        assert_eq!(unique_title("Openings", &["Openings"]), "Openings (2)");
        assert_eq!(
            unique_title("Openings", &["Openings", "Openings (2)"]),
            "Openings (3)"
        );
        assert_eq!(
            unique_title("Openings (2)", &["Openings", "Openings (2)"]),
            "Openings (3)"
        );
        assert_eq!(unique_title("  ", &[]), "Study");
        assert_eq!(clean_name("a\nb\tc "), "a b c");
        assert_eq!(clean_name(&"x".repeat(300)).chars().count(), MAX_NAME);
    }

    #[test]
    fn a_chapter_counts_its_moves_variations_and_the_readers_moves() {
        let text =
            "[GameType \"Base\"]\n\n1. wS1\n2. bS1 -wS1\n(2. bG1 -wS1 (2. bA1 -wS1))\n3. wQ wS1/\n";
        let rec = import(text, None).unwrap();
        let mut c = Chapter::new("x", rec);
        assert_eq!(
            c.summary(),
            ChapterSummary {
                moves: 3,
                variations: 2,
                reader_moves: 2
            }
        );
        c.orientation = Color::Black;
        assert_eq!(c.reader_moves(), 1);
        // A chapter from the empty board has nothing to find.
        let mut empty = Chapter::empty("e", GameType::MLP);
        assert_eq!(empty.summary().moves, 0);
        empty.mode = ChapterMode::Interactive;
        let mut study = Study::new("s");
        study.chapters.push(empty);
        let faults = study.faults();
        assert_eq!(faults.len(), 1);
        assert_eq!(
            faults[0].to_string(),
            "chapter 1 (e): an interactive chapter needs a main-line move for the reader (White) to find"
        );
        assert_eq!(study.next_chapter_name(), "Chapter 2");
    }

    #[test]
    fn a_chapter_from_a_position_starts_there() {
        let rec = import(
            "Base;InProgress;White[3];wS1;bS1 -wS1;wQ wS1/;bQ /bS1",
            None,
        )
        .unwrap();
        let pos = rec.position();
        let c = Chapter::from_position("p", &rec.meta, &pos).unwrap();
        let start = c.record.tree.start();
        assert_eq!(start.to_move(), pos.to_move());
        assert!(c.record.tree.setup().is_some());
        assert_eq!(start.board().occupied().count(), 4);
        assert_eq!(c.record.moves.len(), 0);
        // From the empty board: no set-up.
        let empty = Chapter::from_position("e", &rec.meta, &Position::new(GameType::BASE));
        assert!(empty.unwrap().record.tree.setup().is_none());
    }

    #[test]
    fn a_stopped_record_is_a_fault_naming_the_move() {
        let rec = import(
            "[GameType \"Base\"]\n\n1. wS1\n2. bS1 -wS1\n3. wQ bQ-\n",
            None,
        )
        .unwrap();
        let mut study = Study::new("s");
        study.chapters.push(Chapter::new("broken", rec));
        let f = &study.faults()[0];
        assert_eq!(f.chapter, 1);
        assert_eq!(f.mv.as_deref(), Some("move 3 'wQ bQ-'"));
        assert!(f.reason.starts_with("line 5:"), "{}", f.reason);
    }

    #[test]
    fn a_name_prompt_must_ask_the_reader_in_a_notation() {
        let text = "[StudyName \"N\"]\n[ChapterMode \"interactive\"]\n[Orientation \"black\"]\n[GameType \"Base\"]\n\n\
            {Opening. [%name direction]}\n1. wS1 {[%name uhp]}\n2. bS1 -wS1 {[%name standard]}\n3. wQ wS1/ {[%name algebraic]}\n4. bQ /bS1\n";
        let study = file::read(text).studies.remove(0);
        let faults: Vec<String> = study.faults().iter().map(ToString::to_string).collect();
        assert_eq!(faults.len(), 3, "{faults:?}");
        assert!(
            faults[0].contains("the opening comment asks to name a move"),
            "{faults:?}"
        );
        assert!(
            faults[1].contains("'[%name uhp]' names no notation"),
            "{faults:?}"
        );
        assert!(
            faults[2].contains("the comment after move 2 asks"),
            "{faults:?}"
        );
    }

    #[test]
    fn a_variation_on_the_first_move_is_counted() {
        let text = "[StudyName \"V\"]\n[GameType \"Base\"]\n\n1. wS1 (1. wG1) (1. wA1) 2. bS1 -wS1 (2. bG1 -wS1)\n";
        let study = file::read(text).studies.remove(0);
        assert_eq!(study.chapters[0].summary().variations, 3);
    }
}
