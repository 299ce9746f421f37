//! The built-in courses: interactive studies shipped with the app (and so offline), each a
//! study file beside this module (`courses/*.pgn`) that anyone can read, fix or extend as
//! any study is (`beeline learn --export DIR` writes them out, `beeline study check` checks
//! them).
//!
//! A reader's progress is the chapters they finished, kept by the page as [`CourseProgress`]:
//! one line a chapter, `course/chapter name`, so that a course that gains or reorders
//! chapters keeps what was done.
//!
//! ```
//! use beeline::learn::course::{self, CourseProgress};
//! let rules = course::find("rules").unwrap();
//! let study = rules.study();
//! assert_eq!(study.title, "Hive: the rules");
//! let mut p = CourseProgress::default();
//! p.finish("rules", &study.chapters[0].name);
//! assert_eq!(CourseProgress::read(&p.write()).done_in(rules, &study), 1);
//! ```

use crate::study::{file, Study};
use std::collections::BTreeSet;

/// A built-in course.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Course {
    /// Its name in addresses, files and the kept progress: `rules`, `notations`.
    pub id: &'static str,
    /// One sentence on what it teaches.
    pub summary: &'static str,
    /// The study file.
    pub text: &'static str,
}

/// The courses, in the order a newcomer takes them.
pub const COURSES: [Course; 2] = [
    Course {
        id: "rules",
        summary:
            "How the pieces are placed and move, the one-hive rule, gates, and how a game is won.",
        text: include_str!("courses/rules.pgn"),
    },
    Course {
        id: "notations",
        summary: "Read and write moves in the standard, the direction and the algebraic notation.",
        text: include_str!("courses/notations.pgn"),
    },
];

/// The course of an id.
pub fn find(id: &str) -> Option<&'static Course> {
    COURSES.iter().find(|c| c.id == id)
}

impl Course {
    /// The course as a study (its file holds one study).
    pub fn study(&self) -> Study {
        file::read(self.text)
            .studies
            .into_iter()
            .next()
            .unwrap_or_default()
    }

    /// The name its file is exported under.
    pub fn file_name(&self) -> String {
        format!("{}.pgn", self.id)
    }
}

/// The chapters a reader finished, across the courses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CourseProgress {
    done: BTreeSet<(String, String)>,
}

impl CourseProgress {
    /// CourseProgress as kept: one `course/chapter` a line; lines that are not are skipped (a
    /// kept value is the browser's, and may be anything).
    pub fn read(text: &str) -> CourseProgress {
        let done = text
            .lines()
            .filter_map(|l| l.split_once('/'))
            .filter(|(c, n)| !c.is_empty() && !n.trim().is_empty())
            .map(|(c, n)| (c.to_string(), n.trim().to_string()))
            .collect();
        CourseProgress { done }
    }

    pub fn write(&self) -> String {
        self.done
            .iter()
            .map(|(c, n)| format!("{c}/{n}\n"))
            .collect()
    }

    /// Marks a chapter finished; whether it was not before.
    pub fn finish(&mut self, course: &str, chapter: &str) -> bool {
        self.done
            .insert((course.to_string(), chapter.trim().to_string()))
    }

    pub fn is_done(&self, course: &str, chapter: &str) -> bool {
        self.done
            .contains(&(course.to_string(), chapter.trim().to_string()))
    }

    /// The chapters of a course finished (those it still has), given the course's study as
    /// read (`Course::study`, which reads its file).
    pub fn done_in(&self, course: &Course, study: &Study) -> usize {
        study
            .chapters
            .iter()
            .filter(|c| self.is_done(course.id, &c.name))
            .count()
    }

    /// Forgets a course's progress.
    pub fn reset(&mut self, course: &str) {
        self.done.retain(|(c, _)| c != course);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learn::NotationName;
    use crate::notation::Coordinates;
    use crate::study::lesson::{Answer, Lesson, LessonTurn};
    use crate::study::ChapterMode;

    /// Every course reads whole, is all lessons, and has no fault `beeline study check`
    /// would name.
    #[test]
    fn every_course_reads_as_a_faultless_interactive_study() {
        for course in COURSES {
            let read = file::read(course.text);
            assert!(read.faults.is_empty(), "{}: {:?}", course.id, read.faults);
            assert_eq!(read.studies.len(), 1, "{}: one study", course.id);
            let study = &read.studies[0];
            let faults: Vec<String> = study.faults().iter().map(ToString::to_string).collect();
            assert!(faults.is_empty(), "{}: {faults:?}", course.id);
            for c in &study.chapters {
                assert_eq!(
                    c.mode,
                    ChapterMode::Interactive,
                    "{}: {}",
                    course.id,
                    c.name
                );
                assert!(
                    c.record.notices.is_empty(),
                    "{}: {}: {:?}",
                    course.id,
                    c.name,
                    c.record.notices
                );
            }
        }
        assert!(find("rules").unwrap().study().chapters.len() >= 14);
        assert!(find("notations").unwrap().study().chapters.len() >= 8);
    }

    /// Every chapter played through as a reader would: each move to find has a prompt, is
    /// right when played (or named, in the notation asked for), and the lesson ends.
    #[test]
    fn every_chapter_plays_through_with_a_prompt_for_every_move() {
        for course in COURSES {
            for c in course.study().chapters {
                let tree = &c.record.tree;
                let mut lesson = Lesson::new(tree.clone(), c.orientation);
                let mut found = 0;
                loop {
                    match lesson.turn() {
                        LessonTurn::Done => break,
                        LessonTurn::Other => {
                            lesson.play_other();
                        }
                        LessonTurn::Reader => {
                            let here =
                                format!("{}: {}: move {}", course.id, c.name, lesson.played() + 1);
                            assert!(
                                lesson.prompt().is_some_and(|p| p.len() > 10),
                                "{here}: no prompt"
                            );
                            let mv = lesson.expected().unwrap();
                            let answer = match lesson.asks_name() {
                                Some(n) => {
                                    let pos = tree.position_at(lesson.node()).unwrap();
                                    let text = n.write(&pos, mv, Coordinates::Record);
                                    // No other notation's name of the move is taken.
                                    for other in NotationName::ALL.into_iter().filter(|&o| o != n) {
                                        let wrong = other.write(&pos, mv, Coordinates::Record);
                                        if wrong != text {
                                            let mut probe = lesson.clone();
                                            assert!(
                                                matches!(
                                                    probe.try_named(&wrong, Coordinates::Record),
                                                    Answer::Wrong { .. }
                                                ),
                                                "{here}: {wrong} taken for {}",
                                                n.key()
                                            );
                                        }
                                    }
                                    lesson.try_named(&text, Coordinates::Record)
                                }
                                None => lesson.try_move(mv),
                            };
                            assert!(matches!(answer, Answer::Right { .. }), "{here}: {answer:?}");
                            found += 1;
                        }
                    }
                }
                assert_eq!(found, c.reader_moves());
                assert_eq!(lesson.summary().at_once, found);
            }
        }
    }

    #[test]
    fn progress_is_kept_by_name_and_survives_anything_kept() {
        let mut p = CourseProgress::default();
        assert!(p.finish("rules", "The Spider"));
        assert!(!p.finish("rules", " The Spider "));
        p.finish("notations", "Standard");
        let back = CourseProgress::read(&p.write());
        assert_eq!(back, p);
        assert!(back.is_done("rules", "The Spider"));
        assert!(!back.is_done("notations", "The Spider"));
        let junk = CourseProgress::read("no slash\n/empty course\nrules/\n\u{0}/x\n");
        assert_eq!(junk.write(), "\u{0}/x\n");
        p.reset("rules");
        assert!(!p.is_done("rules", "The Spider") && p.is_done("notations", "Standard"));
    }
}
