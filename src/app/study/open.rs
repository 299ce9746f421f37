//! The study open in the viewer: its chapters, which one the board shows and where, and the
//! changes an author makes to the list (add, rename, delete, move, mode). Free of the DOM and
//! tested natively; `desk` keeps it in a variable and undo keeps copies of it.
//!
//! The chapter shown lives on the board (the viewer's game, changed as any game is): its slot
//! here is brought up to date by [`OpenStudy::sync`] whenever the board's game changes, so
//! that a copy of the study is whole.

use crate::app::model::game::NotatedGame;
use crate::engine::piece::Color;
use crate::record::tree::NodeId;
use crate::record::Record;
use crate::study::{Chapter, ChapterMode, Study, MAX_CHAPTERS};
use std::sync::Arc;

/// One chapter of the open study.
#[derive(Clone, Debug)]
pub struct ChapterSlot {
    pub name: String,
    pub mode: ChapterMode,
    pub orientation: Color,
    /// Its game, shared with the board while it is shown.
    pub record: Arc<Record>,
    /// The node last shown in it (the chapter opens there again).
    pub node: NodeId,
}

impl ChapterSlot {
    fn of(chapter: Chapter) -> ChapterSlot {
        let node = chapter.record.tree.root();
        ChapterSlot {
            name: chapter.name,
            mode: chapter.mode,
            orientation: chapter.orientation,
            record: Arc::new(chapter.record),
            node,
        }
    }

    pub fn chapter(&self) -> Chapter {
        Chapter {
            name: self.name.clone(),
            mode: self.mode,
            orientation: self.orientation,
            record: (*self.record).clone(),
        }
    }

    /// The game to put on the board, at the node last shown (the first move when it was
    /// never opened).
    pub fn game(&self) -> (NotatedGame, NodeId) {
        let game = NotatedGame::new((*self.record).clone());
        let node = if self.record.tree.contains(self.node) && self.node != game.tree().root() {
            self.node
        } else {
            game.first_node()
        };
        (game, node)
    }
}

/// A study open in the viewer.
#[derive(Clone, Debug)]
pub struct OpenStudy {
    /// Its key in the library.
    pub id: String,
    pub title: String,
    pub chapters: Vec<ChapterSlot>,
    /// The chapter the board shows.
    pub current: usize,
    /// Where it was opened from (a URL), if anywhere.
    pub source: Option<String>,
}

/// Why a change of the chapter list was not made.
pub type Refused = &'static str;

impl OpenStudy {
    /// A study as opened: at its first chapter (an empty study gets an empty one).
    pub fn new(id: String, mut study: Study, source: Option<String>) -> OpenStudy {
        if study.chapters.is_empty() {
            let name = study.next_chapter_name();
            study
                .chapters
                .push(Chapter::empty(&name, crate::engine::piece::GameType::MLP));
        }
        OpenStudy {
            id,
            title: study.title,
            chapters: study.chapters.into_iter().map(ChapterSlot::of).collect(),
            current: 0,
            source,
        }
    }

    pub fn slot(&self) -> &ChapterSlot {
        &self.chapters[self.current.min(self.chapters.len() - 1)]
    }

    /// Takes the board's game and node into the chapter shown: whether its game changed.
    pub fn sync(&mut self, game: &NotatedGame, node: NodeId) -> bool {
        let Some(slot) = self.chapters.get_mut(self.current) else {
            return false;
        };
        slot.node = node;
        let changed = !Arc::ptr_eq(&slot.record, &game.record);
        slot.record = game.record.clone();
        changed
    }

    /// Makes chapter `i` the one shown: its game and node, for the board (`None`: no such
    /// chapter).
    pub fn open(&mut self, i: usize) -> Option<(NotatedGame, NodeId)> {
        let slot = self.chapters.get_mut(i)?;
        let shown = slot.game();
        // The chapter shares the board's game from now on, so that the board's first sync is
        // no change: opening a chapter (or the study, in another tab too) saves nothing.
        slot.record = shown.0.record.clone();
        self.current = i;
        Some(shown)
    }

    /// Adds a chapter after the one shown: its index.
    pub fn add(&mut self, chapter: Chapter) -> Result<usize, Refused> {
        if self.chapters.len() >= MAX_CHAPTERS {
            return Err("a study holds at most 64 chapters");
        }
        let at = (self.current + 1).min(self.chapters.len());
        self.chapters.insert(at, ChapterSlot::of(chapter));
        Ok(at)
    }

    /// The name a new chapter gets.
    pub fn next_name(&self) -> String {
        let study = Study {
            title: String::new(),
            chapters: self
                .chapters
                .iter()
                .map(|s| Chapter::empty(&s.name, crate::engine::piece::GameType::BASE))
                .collect(),
        };
        study.next_chapter_name()
    }

    /// Deletes chapter `i` (never the last one left); the board then shows the chapter
    /// that took its place.
    pub fn delete(&mut self, i: usize) -> Result<(), Refused> {
        if self.chapters.len() <= 1 {
            return Err("a study keeps at least one chapter");
        }
        if i >= self.chapters.len() {
            return Err("there is no such chapter");
        }
        self.chapters.remove(i);
        if self.current > i || self.current >= self.chapters.len() {
            self.current = self.current.saturating_sub(1);
        }
        Ok(())
    }

    /// Moves chapter `i` one place up (`true`) or down: its new index.
    pub fn shift(&mut self, i: usize, up: bool) -> Result<usize, Refused> {
        let j = if up { i.checked_sub(1) } else { Some(i + 1) }
            .filter(|&j| j < self.chapters.len() && i < self.chapters.len())
            .ok_or("the chapter is at the end already")?;
        self.chapters.swap(i, j);
        if self.current == i {
            self.current = j;
        } else if self.current == j {
            self.current = i;
        }
        Ok(j)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::file;

    const TEXT: &str = "[StudyName \"S\"]\n[ChapterName \"one\"]\n\n1. wS1\n2. bS1 -wS1\n\n\
                        [StudyName \"S\"]\n[ChapterName \"two\"]\n[ChapterMode \"interactive\"]\n\n1. wG1\n";

    fn open() -> OpenStudy {
        OpenStudy::new("k".into(), file::read(TEXT).studies.remove(0), None)
    }

    #[test]
    fn chapters_open_at_their_first_move_and_keep_the_board_s_changes() {
        let mut s = open();
        assert_eq!(s.chapters.len(), 2);
        let (game, node) = s.open(1).unwrap();
        assert_eq!(s.current, 1);
        // The chapter as opened is no change (nothing to save).
        assert!(!s.sync(&game, node), "a chapter opened is no change");
        assert_eq!(game.tree().path(node).unwrap().to_string(), "1");
        // A move played on the board goes into the chapter.
        let pos = game.tree().position_at(node).unwrap();
        let mv = pos.legal_moves()[0];
        let (played, at) = game.play(node, mv).unwrap();
        assert!(s.sync(&played, at));
        assert!(!s.sync(&played, at), "the same game is no change");
        assert_eq!(s.chapters[1].record.moves.len(), 2);
        // Back to the chapter: where the board left it.
        s.open(0).unwrap();
        let (_, node) = s.open(1).unwrap();
        assert_eq!(node, at);
        assert!(s.open(2).is_none());
        assert_eq!(s.current, 1);
    }

    #[test]
    fn the_list_is_changed_and_the_board_follows_its_chapter() {
        let mut s = open();
        s.current = 1;
        let name = s.next_name();
        assert_eq!(name, "Chapter 3");
        let at = s
            .add(Chapter::empty(&name, crate::engine::piece::GameType::MLP))
            .unwrap();
        assert_eq!(at, 2);
        assert_eq!(s.shift(2, true), Ok(1));
        assert_eq!(
            s.chapters
                .iter()
                .map(|c| c.name.as_str())
                .collect::<Vec<_>>(),
            ["one", "Chapter 3", "two"]
        );
        assert_eq!(s.current, 2, "the chapter shown moved down with the swap");
        assert!(s.shift(0, true).is_err());
        s.delete(2).unwrap();
        assert_eq!(s.current, 1);
        s.delete(0).unwrap();
        assert_eq!(s.current, 0);
        assert_eq!(s.delete(0), Err("a study keeps at least one chapter"));
        while s.chapters.len() < MAX_CHAPTERS {
            s.add(Chapter::empty("x", crate::engine::piece::GameType::BASE))
                .unwrap();
        }
        assert!(s
            .add(Chapter::empty("y", crate::engine::piece::GameType::BASE))
            .is_err());
        // An empty study opens with one empty chapter.
        let empty = OpenStudy::new("e".into(), Study::new("E"), None);
        assert_eq!(empty.chapters.len(), 1);
    }
}
