//! An interactive chapter played as a lesson (lichess's "gamebook"): the reader plays the
//! chapter's orientation, and must find each of that side's main-line moves; the other
//! side's moves play themselves.
//!
//! * The comment at the position reached is the prompt: the comment after the other side's
//!   last move (or the chapter's opening comment), which says what to find.
//! * The main line's move is right: it is played, and its own comment shows.
//! * Any other move is taken back. If the author has it as a variation, the variation's first
//!   comment says why not; else it is a plain "not this one".
//! * A hint names the piece to move; after [`HINT_AFTER`] misses the hint is offered. *Show*
//!   plays the move for the reader.
//! * At the end of the main line the lesson is done, and [`Lesson::summary`] counts the moves
//!   found at once, after a miss or a hint, and shown.
//! * A prompt with the command `[%name direction]` (or `standard`, `algebraic`) asks for the
//!   move to be named rather than played: the page draws it, and the reader types it in that
//!   notation ([`Lesson::try_named`]), read by that notation's reader only.
//!
//! ```
//! use beeline::record::import;
//! use beeline::study::lesson::{Answer, Lesson, LessonTurn};
//! use beeline::engine::piece::Color;
//! let rec = import("[GameType \"Base\"]\n\n1. wS1 {Black to play}\n2. bS1 -wS1 {right}\n3. wQ wS1/\n", None).unwrap();
//! let mut lesson = Lesson::new(rec.tree.clone(), Color::Black);
//! assert_eq!(lesson.turn(), LessonTurn::Other);
//! lesson.play_other();
//! assert_eq!(lesson.prompt(), Some("Black to play".to_string()));
//! assert!(matches!(lesson.try_move(rec.moves[2]), Answer::Wrong { .. }));
//! assert_eq!(lesson.try_move(rec.moves[1]), Answer::Right { comment: Some("right".into()) });
//! lesson.play_other();
//! assert!(lesson.is_done());
//! assert_eq!(lesson.summary().after_miss, 1);
//! ```

use super::side_at;
use crate::engine::piece::Color;
use crate::engine::position::Move;
use crate::learn::NotationName;
use crate::notation::Coordinates;
use crate::record::tree::{GameTree, NodeId};

/// Misses after which the hint is offered.
pub const HINT_AFTER: u32 = 3;

/// The command that makes a prompt a question to name the move: `[%name direction]`.
const NAME_COMMAND: &str = "[%name";

/// A comment's `[%name …]` command, read: the notation named (`Err` with the word when it
/// is no notation; `Ok(None)` when there is no command), and the comment without it.
pub fn name_command(comment: &str) -> (Result<Option<NotationName>, String>, String) {
    let Some(start) = comment.find(NAME_COMMAND) else {
        return (Ok(None), comment.to_string());
    };
    let rest = &comment[start + NAME_COMMAND.len()..];
    let Some(end) = rest.find(']') else {
        return (Err(rest.trim().to_string()), comment.to_string());
    };
    let word = rest[..end].trim();
    let without = [comment[..start].trim_end(), rest[end + 1..].trim_start()]
        .join(" ")
        .trim()
        .to_string();
    let named = NotationName::from_key(word).ok_or_else(|| word.to_string());
    (named.map(Some), without)
}

/// A comment's words without the `[%name …]` command (`None` when nothing is left).
fn without_command(words: Option<String>) -> Option<String> {
    let (_, rest) = name_command(&words?);
    (!rest.is_empty()).then_some(rest)
}

/// Whose move the lesson waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LessonTurn {
    /// The reader's: a move to find.
    Reader,
    /// The other side's, which plays itself ([`Lesson::play_other`]).
    Other,
    /// The main line is over.
    Done,
}

/// How a reader's move was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    AtOnce,
    /// After a miss or a hint.
    AfterMiss,
    /// Played by *Show*.
    Shown,
}

/// What a try answers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The main line's move: played. `comment` is the author's, after it.
    Right { comment: Option<String> },
    /// Another move, to be taken back: `explanation` is the author's, when the move is a
    /// variation with a comment. `misses` counts the misses at this move.
    Wrong {
        explanation: Option<String>,
        misses: u32,
    },
    /// Not the reader's turn (the other side's move plays first, or the lesson is over).
    Waiting,
}

/// The moves found, counted for the lesson's summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    pub at_once: usize,
    pub after_miss: usize,
    pub shown: usize,
    /// The reader's moves in the whole chapter.
    pub total: usize,
}

/// A lesson being played.
#[derive(Clone, Debug)]
pub struct Lesson {
    tree: GameTree,
    reader: Color,
    /// The main line's nodes, its first move first.
    main: Vec<NodeId>,
    /// Main-line moves on the board.
    played: usize,
    /// Misses at the move to find now.
    misses: u32,
    /// A hint was taken at the move to find now.
    helped: bool,
    /// How each of the reader's moves so far was found.
    found: Vec<Found>,
}

impl Lesson {
    /// A lesson of a chapter's tree, for the reader playing `reader`, at its start.
    pub fn new(tree: GameTree, reader: Color) -> Lesson {
        let main = tree.mainline_nodes();
        Lesson {
            tree,
            reader,
            main,
            played: 0,
            misses: 0,
            helped: false,
            found: Vec::new(),
        }
    }

    pub fn reader(&self) -> Color {
        self.reader
    }

    /// Main-line moves on the board.
    pub fn played(&self) -> usize {
        self.played
    }

    /// The node reached: the last main-line move played (the root before any).
    pub fn node(&self) -> NodeId {
        self.played
            .checked_sub(1)
            .map_or(self.tree.root(), |i| self.main[i])
    }

    fn side_of(&self, index: usize) -> Color {
        side_at(self.tree.start().to_move(), index)
    }

    pub fn turn(&self) -> LessonTurn {
        if self.played >= self.main.len() {
            LessonTurn::Done
        } else if self.side_of(self.played) == self.reader {
            LessonTurn::Reader
        } else {
            LessonTurn::Other
        }
    }

    pub fn is_done(&self) -> bool {
        self.turn() == LessonTurn::Done
    }

    /// The words of the comment at the position reached (its drawings left out): what to
    /// find, or the chapter's last words once it is done.
    pub fn prompt(&self) -> Option<String> {
        without_command(self.tree.comment_words(self.node()))
    }

    /// The notation the move to find is to be named in, when the prompt asks for a name
    /// (`[%name …]`) rather than a move on the board.
    pub fn asks_name(&self) -> Option<NotationName> {
        if self.turn() != LessonTurn::Reader {
            return None;
        }
        let comment = self.tree.comment(self.node())?;
        name_command(comment).0.ok().flatten()
    }

    /// A name typed for the move to find, read in the notation the prompt asks for (any
    /// notation when it asks for none), in a record of `coordinates`: judged as the move it
    /// names, or a miss with the reader's reason when the text names no legal move.
    pub fn try_named(&mut self, text: &str, coordinates: Coordinates) -> Answer {
        if self.expected().is_none() {
            return Answer::Waiting;
        }
        let Some(pos) = self.tree.position_at(self.node()) else {
            return Answer::Waiting;
        };
        let notations = match self.asks_name() {
            Some(n) => vec![n],
            None => NotationName::ALL.to_vec(),
        };
        let mut reason = None;
        let expected = self.expected();
        for n in notations {
            match n.read(&pos, coordinates, text) {
                Ok(mv) => {
                    // Before the frame is fixed, a move and its mirror image (or rotation)
                    // share a name, which reads as one of them: the name is what is asked.
                    let same_name = expected.is_some_and(|e| {
                        n.write(&pos, mv, coordinates) == n.write(&pos, e, coordinates)
                    });
                    return self.try_move(if same_name {
                        expected.unwrap_or(mv)
                    } else {
                        mv
                    });
                }
                Err(e) => reason = reason.or(Some(e.to_string())),
            }
        }
        self.misses += 1;
        Answer::Wrong {
            explanation: reason,
            misses: self.misses,
        }
    }

    /// The move to find now, if it is the reader's turn.
    pub fn expected(&self) -> Option<Move> {
        (self.turn() == LessonTurn::Reader)
            .then(|| self.tree.mv(self.main[self.played]))
            .flatten()
    }

    /// Misses at the move to find now.
    pub fn misses(&self) -> u32 {
        self.misses
    }

    /// Whether the hint is offered (after [`HINT_AFTER`] misses at this move).
    pub fn hint_offered(&self) -> bool {
        self.misses >= HINT_AFTER
    }

    /// A move the reader tries.
    pub fn try_move(&mut self, mv: Move) -> Answer {
        let Some(expected) = self.expected() else {
            return Answer::Waiting;
        };
        if mv == expected {
            let how = if self.misses == 0 && !self.helped {
                Found::AtOnce
            } else {
                Found::AfterMiss
            };
            self.advance(Some(how));
            return Answer::Right {
                comment: without_command(self.tree.comment_words(self.node())),
            };
        }
        self.misses += 1;
        let here = self.node();
        let explanation = self
            .tree
            .children(here)
            .iter()
            .skip(1)
            .find(|&&c| self.tree.mv(c) == Some(mv))
            .and_then(|&c| self.first_comment_from(c));
        Answer::Wrong {
            explanation,
            misses: self.misses,
        }
    }

    /// The first comment along a variation's line from `node`.
    fn first_comment_from(&self, node: NodeId) -> Option<String> {
        let mut at = Some(node);
        while let Some(n) = at {
            if let Some(c) = without_command(self.tree.comment_words(n)) {
                return Some(c);
            }
            at = self.tree.children(n).first().copied();
        }
        None
    }

    fn advance(&mut self, how: Option<Found>) {
        self.played += 1;
        if let Some(h) = how {
            self.found.push(h);
        }
        self.misses = 0;
        self.helped = false;
    }

    /// Plays the other side's move, when it is theirs: the node it reaches.
    pub fn play_other(&mut self) -> Option<NodeId> {
        (self.turn() == LessonTurn::Other).then(|| {
            self.advance(None);
            self.node()
        })
    }

    /// The move to find, for a hint (the piece it moves is to be marked); the move then no
    /// longer counts as found at once.
    pub fn hint(&mut self) -> Option<Move> {
        let mv = self.expected()?;
        self.helped = true;
        Some(mv)
    }

    /// Plays the move to find for the reader: the move.
    pub fn show(&mut self) -> Option<Move> {
        let mv = self.expected()?;
        self.advance(Some(Found::Shown));
        Some(mv)
    }

    /// Back to the chapter's start, nothing found.
    pub fn restart(&mut self) {
        self.played = 0;
        self.misses = 0;
        self.helped = false;
        self.found.clear();
    }

    /// How the reader's moves so far were found.
    pub fn summary(&self) -> Summary {
        let count = |f: Found| self.found.iter().filter(|&&x| x == f).count();
        Summary {
            at_once: count(Found::AtOnce),
            after_miss: count(Found::AfterMiss),
            shown: count(Found::Shown),
            total: (0..self.main.len())
                .filter(|&i| self.side_of(i) == self.reader)
                .count(),
        }
    }

    /// The game on the board: the main line as far as it is played, with the comments and
    /// annotations of those moves (the prompt among them), and nothing of what is still to
    /// find.
    pub fn shown_tree(&self) -> GameTree {
        let moves: Vec<Move> = self.main[..self.played]
            .iter()
            .filter_map(|&n| self.tree.mv(n))
            .collect();
        let Ok(mut shown) = GameTree::from_line(self.tree.start(), &moves) else {
            // A chapter's main line is legal; should it not be, the start is shown.
            return GameTree::from_position(self.tree.start());
        };
        let pairs = std::iter::once(self.tree.root())
            .chain(self.main[..self.played].iter().copied())
            .zip(
                std::iter::once(shown.root())
                    .chain(shown.mainline_nodes())
                    .collect::<Vec<_>>(),
            );
        for (from, to) in pairs {
            let comment = self.tree.comment(from).map(|c| name_command(c).1);
            let _ = shown.set_comment(to, comment.as_deref());
            let _ = shown.set_annotation(to, self.tree.annotation(from));
        }
        shown
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::import;

    /// Black finds two moves; White's first move has a variation with an explanation, the
    /// second a variation without one.
    const LESSON: &str = "[GameType \"Base\"]\n\n{Black to play: copy the Spider.}\n1. wS1\n\
        2. bS1 -wS1 {The mirror.}\n(2. bG1 -wS1 {A Grasshopper is wasted here.})\n(2. bA1 -wS1 3. wQ wS1/ {Too early for the Ant.})\n\
        3. wQ wS1/ {Now the Queen.}\n4. bQ /bS1\n(4. bB1 /bS1)\n5. wA1 wQ-\n";

    fn lesson(reader: Color) -> (Lesson, Vec<Move>, GameTree) {
        let rec = import(LESSON, None).unwrap();
        let tree = rec.tree.clone();
        (Lesson::new(rec.tree, reader), rec.moves, tree)
    }

    fn variation(tree: &GameTree, ply: usize, k: usize) -> Move {
        let parent = if ply == 1 {
            tree.root()
        } else {
            tree.mainline_nodes()[ply - 2]
        };
        tree.mv(tree.children(parent)[k]).unwrap()
    }

    #[test]
    fn the_other_side_plays_itself_and_the_reader_finds_the_main_line() {
        let (mut l, moves, tree) = lesson(Color::Black);
        assert_eq!(l.turn(), LessonTurn::Other);
        assert_eq!(
            l.prompt().as_deref(),
            Some("Black to play: copy the Spider.")
        );
        assert_eq!(l.try_move(moves[1]), Answer::Waiting);
        assert_eq!(l.play_other(), Some(tree.mainline_nodes()[0]));
        assert_eq!(l.turn(), LessonTurn::Reader);
        assert_eq!(l.expected(), Some(moves[1]));
        assert_eq!(l.play_other(), None);
        assert_eq!(
            l.try_move(moves[1]),
            Answer::Right {
                comment: Some("The mirror.".into())
            }
        );
        assert_eq!(l.prompt().as_deref(), Some("The mirror."));
        l.play_other();
        assert_eq!(l.prompt().as_deref(), Some("Now the Queen."));
        assert_eq!(l.try_move(moves[3]), Answer::Right { comment: None });
        // White's last move plays itself and the lesson is done.
        assert!(!l.is_done());
        l.play_other();
        assert!(l.is_done());
        assert_eq!(l.try_move(moves[3]), Answer::Waiting);
        assert_eq!(
            l.summary(),
            Summary {
                at_once: 2,
                after_miss: 0,
                shown: 0,
                total: 2
            }
        );
    }

    #[test]
    fn a_wrong_move_is_explained_by_its_variation_or_plainly() {
        let (mut l, moves, tree) = lesson(Color::Black);
        l.play_other();
        // The Grasshopper: its variation's comment.
        let g = variation(&tree, 2, 1);
        assert_eq!(
            l.try_move(g),
            Answer::Wrong {
                explanation: Some("A Grasshopper is wasted here.".into()),
                misses: 1
            }
        );
        // The Ant: the first comment along its variation.
        let a = variation(&tree, 2, 2);
        assert_eq!(
            l.try_move(a),
            Answer::Wrong {
                explanation: Some("Too early for the Ant.".into()),
                misses: 2
            }
        );
        assert!(!l.hint_offered());
        // A move the author does not have.
        let pos = tree.position_at(l.node()).unwrap();
        let other = pos
            .legal_moves()
            .into_iter()
            .find(|m| ![moves[1], g, a].contains(m))
            .unwrap();
        assert_eq!(
            l.try_move(other),
            Answer::Wrong {
                explanation: None,
                misses: 3
            }
        );
        assert!(l.hint_offered());
        assert_eq!(l.played(), 1, "a wrong move is never played");
        // Found after misses.
        l.try_move(moves[1]);
        assert_eq!(l.misses(), 0);
        assert!(!l.hint_offered());
        l.play_other();
        // A variation without a comment is a plain miss.
        let b = variation(&tree, 4, 1);
        assert_eq!(
            l.try_move(b),
            Answer::Wrong {
                explanation: None,
                misses: 1
            }
        );
        assert_eq!(l.summary().after_miss, 1);
    }

    #[test]
    fn hints_and_shown_moves_are_counted() {
        let (mut l, moves, _) = lesson(Color::Black);
        l.play_other();
        assert_eq!(l.hint(), Some(moves[1]));
        l.try_move(moves[1]);
        l.play_other();
        assert_eq!(l.show(), Some(moves[3]));
        assert_eq!(l.turn(), LessonTurn::Other);
        l.play_other();
        assert!(l.is_done());
        assert_eq!(l.hint(), None);
        assert_eq!(l.show(), None);
        let s = l.summary();
        assert_eq!((s.at_once, s.after_miss, s.shown, s.total), (0, 1, 1, 2));
        l.restart();
        assert_eq!((l.played(), l.summary().shown), (0, 0));
    }

    #[test]
    fn white_moves_first_when_white_reads() {
        let (mut l, moves, _) = lesson(Color::White);
        assert_eq!(l.turn(), LessonTurn::Reader);
        assert_eq!(l.summary().total, 3);
        assert_eq!(l.try_move(moves[0]), Answer::Right { comment: None });
        assert_eq!(l.turn(), LessonTurn::Other);
    }

    #[test]
    fn the_board_shows_only_what_is_played() {
        let (mut l, moves, _) = lesson(Color::Black);
        assert_eq!(l.shown_tree().len(), 0);
        assert_eq!(
            l.shown_tree().comment(l.shown_tree().root()),
            Some("Black to play: copy the Spider.")
        );
        l.play_other();
        l.try_move(moves[1]);
        let shown = l.shown_tree();
        assert_eq!(shown.mainline(), moves[..2].to_vec());
        let last = shown.mainline_nodes()[1];
        assert_eq!(shown.comment(last), Some("The mirror."));
        // No variation, nothing ahead.
        assert_eq!(shown.len(), 2);
    }

    /// Black plays its first move, then names its second in the direction notation.
    const NAMING: &str = "[GameType \"Base\"]\n\n1. wS1 {Play.}\n2. bS1 -wS1\n\
        3. wQ wS1/ {Name Black's move drawn on the board. [%name direction]}\n\
        4. bQ /bS1 {Right: the Queen.}\n(4. bG1 /bS1 {Not a Grasshopper.})\n5. wA1 wQ- {Now play it.}\n6. bA1 -bS1\n";

    #[test]
    fn a_name_is_read_in_the_notation_asked_for_only() {
        let rec = import(NAMING, None).unwrap();
        let mut l = Lesson::new(rec.tree.clone(), Color::Black);
        assert_eq!(l.asks_name(), None, "White's move plays first");
        l.play_other();
        assert_eq!(l.asks_name(), None);
        assert!(matches!(l.try_move(rec.moves[1]), Answer::Right { .. }));
        l.play_other();
        assert_eq!(l.asks_name(), Some(NotationName::Direction));
        assert_eq!(
            l.prompt().as_deref(),
            Some("Name Black's move drawn on the board.")
        );
        let pos = rec.tree.position_at(l.node()).unwrap();
        let right = NotationName::Direction.write(&pos, rec.moves[3], Coordinates::Record);
        let standard = NotationName::Standard.write(&pos, rec.moves[3], Coordinates::Record);
        // The standard name of the right move is no answer in the direction notation.
        let Answer::Wrong {
            explanation,
            misses,
        } = l.try_named(&standard, Coordinates::Record)
        else {
            panic!("the standard notation was taken for the direction notation");
        };
        assert!(explanation.is_some_and(|e| !e.is_empty()));
        assert_eq!(misses, 1);
        // A name of the variation's move is that variation's explanation.
        let grasshopper = rec.tree.mv(rec.tree.children(l.node())[1]).unwrap();
        let g = NotationName::Direction.write(&pos, grasshopper, Coordinates::Record);
        assert_eq!(
            l.try_named(&g, Coordinates::Record),
            Answer::Wrong {
                explanation: Some("Not a Grasshopper.".into()),
                misses: 2
            }
        );
        assert_eq!(
            l.try_named(&format!(" {right} "), Coordinates::Record),
            Answer::Right {
                comment: Some("Right: the Queen.".into())
            }
        );
        assert_eq!(l.summary().after_miss, 1);
        // The command never shows on the board's copy of the game.
        let shown = l.shown_tree();
        assert_eq!(
            shown.comment(shown.mainline_nodes()[2]),
            Some("Name Black's move drawn on the board.")
        );
        l.play_other();
        assert_eq!(l.asks_name(), None, "a plain prompt asks for a move");
    }

    #[test]
    fn the_name_command_is_read_and_taken_out() {
        let (n, rest) = name_command("Name it. [%name algebraic] Then go on.");
        assert_eq!(n, Ok(Some(NotationName::Algebraic)));
        assert_eq!(rest, "Name it. Then go on.");
        assert_eq!(name_command("[%name uhp]").0, Err("uhp".into()));
        assert_eq!(name_command("plain words").0, Ok(None));
    }
}
