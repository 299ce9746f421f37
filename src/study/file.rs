//! A study's file: a PGN of several games, one a chapter, with lichess's tags.
//!
//! | tag | what |
//! |---|---|
//! | `StudyName` | the study's title (every chapter carries it) |
//! | `ChapterName` | the chapter's name |
//! | `ChapterMode` | `interactive` for a lesson (lichess's `gamebook` reads as the same); left out for a normal chapter |
//! | `Orientation` | `white` or `black`: the side the reader plays in a lesson |
//!
//! Games follow each other as chess PGN has them ([`split_records`]). Consecutive games with
//! the same `StudyName` are one study; a game without the tag belongs to the study before
//! it; a new name starts a new study, so a whole library is one file. A run longer than
//! [`MAX_CHAPTERS`] is cut into studies of that many. A game that cannot be read at all is
//! named and skipped; one that stops at a move keeps the moves before it, and
//! [`Study::faults`] names the move.

use super::{
    clean_name, default_chapter_name, orientation_name, parse_orientation, Chapter, ChapterMode,
    Study, StudyFault, MAX_CHAPTERS,
};
use crate::collection::split::split_records;
use crate::engine::piece::Color;
use crate::engine::position::GameState;
use crate::record::pgn::tag_pair;
use crate::record::{export, import, Record, RecordError};

/// The study tags, as written.
pub const STUDY_NAME: &str = "StudyName";
pub const CHAPTER_NAME: &str = "ChapterName";
pub const CHAPTER_MODE: &str = "ChapterMode";
pub const ORIENTATION: &str = "Orientation";

/// What a text gave: its studies, and the games that could not be read or whose tags were
/// wrong, each with its study (index into `studies`, or the one it would have joined).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StudyRead {
    pub studies: Vec<Study>,
    pub faults: Vec<(usize, StudyFault)>,
    /// Whether any game named its study (`StudyName`): a PGN without one is a collection.
    pub named: bool,
}

impl StudyRead {
    /// Every fault, those of reading and those of the chapters read, in file order.
    pub fn all_faults(&self) -> Vec<(usize, StudyFault)> {
        let mut out = self.faults.clone();
        for (i, s) in self.studies.iter().enumerate() {
            out.extend(s.faults().into_iter().map(|f| (i, f)));
        }
        out.sort_by_key(|(i, f)| (*i, f.chapter));
        out
    }
}

/// Whether a text names a study: a `StudyName` tag on a line of its own.
pub fn names_a_study(text: &str) -> bool {
    text.lines().any(|l| {
        let l = l.trim_start();
        l.starts_with("[StudyName") && tag_pair(l).is_some()
    })
}

/// The value of a tag in a game's header (the tag lines before its moves).
fn header_tag(text: &str, name: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .skip_while(|l| l.is_empty())
        .map_while(tag_pair)
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v)
}

/// Reads a study file (or a whole library's).
pub fn read(text: &str) -> StudyRead {
    let mut out = StudyRead::default();
    let mut current: Option<Study> = None;
    for chunk in split_records(text) {
        let named = header_tag(chunk.text, STUDY_NAME);
        out.named |= named.is_some();
        let starts_new = match (&current, &named) {
            (None, _) => true,
            (Some(s), Some(n)) => clean_name(n) != s.title || s.is_full(),
            (Some(s), None) => s.is_full(),
        };
        if starts_new {
            if let Some(s) = current.take() {
                out.studies.push(s);
            }
            let title = named.clone().unwrap_or_default();
            current = Some(Study::new(&title));
        }
        let Some(study) = current.as_mut() else {
            continue;
        };
        let number = study.chapters.len() + 1;
        let name = header_tag(chunk.text, CHAPTER_NAME);
        // A game whose very first move cannot be read holds nothing: it is no chapter.
        let read = match import(chunk.text, None) {
            Ok(mut rec) => {
                shift_lines(&mut rec, chunk.line - 1);
                match rec.error.take() {
                    Some(e) if rec.moves.is_empty() && rec.tree.setup().is_none() => {
                        // (Its parts written here: the error's own `Display` stays the first screen's.)
                        Err(format!(
                            "its first move cannot be read: line {}: {}",
                            e.line, e.fault
                        ))
                    }
                    error => {
                        rec.error = error;
                        Ok(rec)
                    }
                }
            }
            Err(mut e) => {
                if let RecordError::Header { line, .. } = &mut e {
                    *line += chunk.line - 1;
                }
                Err(e.to_string())
            }
        };
        match read {
            Ok(rec) => {
                let (chapter, faults) = chapter_of(rec, number);
                out.faults.extend(faults.into_iter().map(|reason| {
                    (
                        out.studies.len(),
                        StudyFault {
                            chapter: number,
                            name: chapter.name.clone(),
                            mv: None,
                            reason: format!("line {}: {reason}", chunk.line),
                        },
                    )
                }));
                study.chapters.push(chapter);
            }
            Err(why) => out.faults.push((
                out.studies.len(),
                StudyFault {
                    chapter: number,
                    name: name.map_or_else(|| format!("Chapter {number}"), |n| clean_name(&n)),
                    mv: None,
                    reason: format!(
                        "line {}: the game cannot be read ({why}); it is left out",
                        chunk.line
                    ),
                },
            )),
        }
    }
    if let Some(s) = current {
        out.studies.push(s);
    }
    for s in &mut out.studies {
        if s.title.is_empty() {
            s.title = s
                .chapters
                .first()
                .and_then(|c| c.record.meta.event.clone())
                .map_or_else(|| "Study".to_string(), |e| clean_name(&e));
        }
    }
    out
}

/// Moves the lines a record's errors name by `by` (a game read out of a larger file).
fn shift_lines(rec: &mut Record, by: usize) {
    if let Some(e) = &mut rec.error {
        e.line += by;
    }
    for e in &mut rec.tree.variation_errors {
        e.line += by;
    }
}

/// A record as a chapter: its study tags taken out of its metadata, with what was wrong
/// with them.
fn chapter_of(mut rec: Record, number: usize) -> (Chapter, Vec<String>) {
    let mut faults = Vec::new();
    // A game "in progress" states no result (the file writes one for every chapter).
    if rec.meta.result == Some(GameState::InProgress) {
        rec.meta.result = None;
    }
    let mut name = None;
    let mut mode = ChapterMode::Normal;
    let mut orientation = Color::White;
    rec.meta.extra.retain(|(tag, value)| {
        let is = |t: &str| tag.eq_ignore_ascii_case(t);
        if is(STUDY_NAME) {
        } else if is(CHAPTER_NAME) {
            name = Some(clean_name(value));
        } else if is(CHAPTER_MODE) {
            match ChapterMode::parse(value) {
                Some(m) => mode = m,
                None => faults.push(format!(
                    "ChapterMode '{value}' is neither normal nor interactive; read as normal"
                )),
            }
        } else if is(ORIENTATION) {
            match parse_orientation(value) {
                Some(o) => orientation = o,
                None => faults.push(format!(
                    "Orientation '{value}' is neither white nor black; read as white"
                )),
            }
        } else {
            return true;
        }
        false
    });
    let name = name
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| default_chapter_name(&rec, number));
    let mut chapter = Chapter::new(&name, rec);
    chapter.mode = mode;
    chapter.orientation = orientation;
    (chapter, faults)
}

/// One chapter as a game of the study's file.
pub fn chapter_text(title: &str, chapter: &Chapter) -> String {
    let mut rec = chapter.record.clone();
    let mut tags = vec![
        (STUDY_NAME.to_string(), title.to_string()),
        (CHAPTER_NAME.to_string(), chapter.name.clone()),
    ];
    if chapter.mode != ChapterMode::Normal {
        tags.push((CHAPTER_MODE.to_string(), chapter.mode.name().to_string()));
    }
    tags.push((
        ORIENTATION.to_string(),
        orientation_name(chapter.orientation).to_string(),
    ));
    let is_study_tag = |t: &str| {
        [STUDY_NAME, CHAPTER_NAME, CHAPTER_MODE, ORIENTATION]
            .iter()
            .any(|s| s.eq_ignore_ascii_case(t))
    };
    tags.extend(rec.meta.extra.drain(..).filter(|(t, _)| !is_study_tag(t)));
    rec.meta.extra = tags;
    export::to_pgn(&rec)
}

/// A study as its file: its chapters' games, one after another.
pub fn write(study: &Study) -> String {
    join(study.chapters.iter().map(|c| chapter_text(&study.title, c)))
}

/// Games' texts as one file, a blank line between them.
pub fn join(texts: impl IntoIterator<Item = String>) -> String {
    let mut out = String::new();
    for t in texts {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(t.trim_end());
        out.push('\n');
    }
    out
}

/// A study made of a collection's games (or any texts of one game each), in order: at most
/// [`MAX_CHAPTERS`], each named by its players; the texts that cannot be read are named in
/// the faults.
pub fn from_games<'a>(title: &str, texts: impl IntoIterator<Item = &'a str>) -> StudyRead {
    let mut study = Study::new(title);
    let mut faults = Vec::new();
    for (i, text) in texts.into_iter().enumerate() {
        if study.is_full() {
            faults.push((
                0,
                StudyFault {
                    chapter: i + 1,
                    name: format!("Chapter {}", i + 1),
                    mv: None,
                    reason: format!(
                        "a study holds at most {MAX_CHAPTERS} chapters; the games from here on are left out"
                    ),
                },
            ));
            break;
        }
        let number = study.chapters.len() + 1;
        match import(text, None) {
            Ok(rec) => {
                let (chapter, _) = chapter_of(rec, number);
                study.chapters.push(chapter);
            }
            Err(e) => faults.push((
                0,
                StudyFault {
                    chapter: number,
                    name: format!("Game {}", i + 1),
                    mv: None,
                    reason: format!("the game cannot be read ({e}); it is left out"),
                },
            )),
        }
    }
    StudyRead {
        studies: vec![study],
        faults,
        named: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::piece::GameType;
    use crate::record::tree::Annotation;

    /// Two chapters: a normal one with a variation, and a lesson for Black (the command
    /// line's tests read the same file).
    const STUDY: &str = include_str!("../../tests/data/study-beetles.pgn");

    #[test]
    fn a_study_reads_its_chapters_with_their_modes() {
        let read = read(STUDY);
        assert!(read.named);
        assert_eq!(read.faults, vec![]);
        assert_eq!(read.studies.len(), 1);
        let s = &read.studies[0];
        assert_eq!(s.title, "Beetle tricks");
        assert_eq!(s.chapters.len(), 2);
        let (a, b) = (&s.chapters[0], &s.chapters[1]);
        assert_eq!(
            (a.name.as_str(), a.mode),
            ("The climb", ChapterMode::Normal)
        );
        assert_eq!(a.record.game_type, "Base+M".parse::<GameType>().unwrap());
        assert_eq!(a.record.meta.white.as_deref(), Some("Ann"));
        // The study tags are the chapter's, not the game's.
        assert!(a.record.meta.extra.is_empty(), "{:?}", a.record.meta.extra);
        assert_eq!(a.summary().variations, 1);
        assert_eq!(
            (b.mode, b.orientation),
            (ChapterMode::Interactive, Color::Black)
        );
        assert_eq!(b.reader_moves(), 2);
        let tree = &a.record.tree;
        let var = tree.children(tree.mainline_nodes()[0])[1];
        assert_eq!(tree.annotation(var), Some(Annotation::Mistake));
        assert_eq!(tree.comment(tree.root()), Some("Watch the Beetle."));
    }

    #[test]
    fn export_then_import_is_the_same_study() {
        let s = read(STUDY).studies.remove(0);
        let text = write(&s);
        assert!(text.contains("[ChapterMode \"interactive\"]"), "{text}");
        assert!(text.contains("[Orientation \"black\"]"));
        assert_eq!(text.matches("[StudyName \"Beetle tricks\"]").count(), 2);
        let back = read(&text);
        assert_eq!(back.faults, vec![]);
        assert_eq!(back.studies, vec![s.clone()]);
        // And again: the file is stable.
        assert_eq!(write(&back.studies[0]), text);
        // Names with quotes and backslashes survive.
        let mut odd = s;
        odd.title = r#"The "odd" \ one"#.to_string();
        odd.chapters[0].name = "Ann's \"best\"".to_string();
        assert_eq!(read(&write(&odd)).studies, vec![odd]);
    }

    #[test]
    fn a_library_file_holds_several_studies_and_long_ones_are_cut() {
        let a = read(STUDY).studies.remove(0);
        let mut b = a.clone();
        b.title = "Second".to_string();
        let text = join([write(&a), write(&b)]);
        let read_back = read(&text);
        assert_eq!(read_back.studies, vec![a.clone(), b]);
        // 70 chapters of one name: two studies, 64 and 6.
        let mut big = Study::new("Big");
        for i in 0..70 {
            let mut c = a.chapters[0].clone();
            c.name = format!("c{i}");
            big.chapters.push(c);
        }
        let parts = read(&write(&big)).studies;
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].chapters.len(), MAX_CHAPTERS);
        assert_eq!(parts[1].chapters.len(), 6);
        assert_eq!(parts[1].chapters[0].name, "c64");
    }

    #[test]
    fn bad_games_and_tags_are_named_and_the_rest_read() {
        let text = "[StudyName \"S\"]\n[ChapterName \"one\"]\n[ChapterMode \"sideways\"]\n\n1. wS1\n\n\
                    [StudyName \"S\"]\n[ChapterName \"two\"]\n[GameType \"Chess\"]\n\n1. e4\n\n\
                    [StudyName \"S\"]\n[ChapterName \"three\"]\n[Orientation \"black\"]\n\n1. wS1\n2. bS1 -wS1\n3. wQ bQ-\n";
        let read = read(text);
        let s = &read.studies[0];
        assert_eq!(
            s.chapters
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>(),
            ["one", "three"]
        );
        let faults = read.all_faults();
        let said: Vec<String> = faults.iter().map(|(_, f)| f.to_string()).collect();
        assert_eq!(said.len(), 3, "{said:?}");
        assert!(
            said[0].starts_with("chapter 1 (one): line 1: ChapterMode 'sideways'"),
            "{said:?}"
        );
        assert!(
            said[1].starts_with("chapter 2 (two): line 7: the game cannot be read"),
            "{said:?}"
        );
        assert!(
            said[1].contains("(line 9: 'Chess' is not a game type"),
            "{said:?}"
        );
        assert!(
            said[2].starts_with("chapter 2 (three): move 3 'wQ bQ-': line 19"),
            "{said:?}"
        );
    }

    #[test]
    fn a_game_of_nothing_readable_is_no_chapter() {
        let text = "[StudyName \"S\"]\n[ChapterName \"a\"]\n\n1. wS1\n\n[StudyName \"S\"]\n[ChapterName \"b\"]\n\n1. hello\n";
        let read = read(text);
        assert_eq!(read.studies[0].chapters.len(), 1);
        let said = read.faults[0].1.to_string();
        assert!(said.starts_with("chapter 2 (b): line 6: the game cannot be read (its first move cannot be read: line 9:"), "{said}");
        // Text that is no study at all gives a study of no chapter, with the reason.
        let none = super::read("this is not a study");
        assert!(none.studies.iter().all(|s| s.chapters.is_empty()));
        assert_eq!(none.faults.len(), 1);
    }

    #[test]
    fn a_pgn_without_study_names_is_no_study_but_can_become_one() {
        let games = "[White \"A\"]\n[Black \"B\"]\n\n1. wS1\n\n[Event \"Club\"]\n\n1. wG1\n";
        assert!(!names_a_study(games));
        assert!(names_a_study(STUDY));
        let r = read(games);
        assert!(!r.named);
        assert_eq!(r.studies[0].title, "Study");
        let texts: Vec<&str> = split_records(games).iter().map(|c| c.text).collect();
        let made = from_games("Club games", texts);
        let s = &made.studies[0];
        assert_eq!(s.title, "Club games");
        assert_eq!(
            s.chapters
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>(),
            ["A – B", "Club"]
        );
        let many = vec!["Base;InProgress;White[2];wS1;bS1 -wS1"; 70];
        let made = from_games("Many", many);
        assert_eq!(made.studies[0].chapters.len(), MAX_CHAPTERS);
        assert!(made.faults[0].1.reason.contains("at most 64"));
    }
}
