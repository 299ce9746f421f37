//! An interactive chapter played on the board (`study::lesson` has its rules): the board shows
//! the chapter's main line as far as it is played, the reader plays their side there (on the
//! board or typed, as any move), and each move that lands is judged: the right one stays and
//! the other side answers a moment later; a wrong one is shown, explained and taken back.
//!
//! While a lesson plays, what can be undone is set aside (a reader's moves are no change of
//! the study) and the root carries `data-lesson`, which hides the study's editing tools.

use super::state::Desk;
use crate::app::kit::{self, services, Stored, Var};
use crate::app::model::game::NotatedGame;
use crate::app::model::history::{History, StudyHistory};
use crate::app::model::study::Pick;
use crate::engine::position::Move;
use crate::record::Record;
use crate::study::lesson::{Answer, Lesson, LessonTurn};
use crate::study::ChapterMode;
use std::sync::Arc;
use std::time::Duration;

/// How long the other side's answer waits after the reader's move.
const REPLY_AFTER: Duration = Duration::from_millis(450);
/// How long a wrong move stays on the board before it is taken back.
const TAKE_BACK_AFTER: Duration = Duration::from_millis(600);

/// What the last try or help gave (`#lesson-status[data-verdict]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LessonVerdict {
    None,
    Right,
    Wrong,
    Hint,
    Shown,
    Done,
}

impl LessonVerdict {
    pub fn name(self) -> &'static str {
        match self {
            LessonVerdict::None => "",
            LessonVerdict::Right => "right",
            LessonVerdict::Wrong => "wrong",
            LessonVerdict::Hint => "hint",
            LessonVerdict::Shown => "shown",
            LessonVerdict::Done => "done",
        }
    }
}

/// A lesson being played.
#[derive(Clone)]
pub(super) struct LessonPlay {
    pub lesson: Lesson,
    /// The chapter's game, which the board's games are made from.
    pub record: Arc<Record>,
    pub chapter_name: String,
    /// The game last put on the board: another one there is a reader's move (or something
    /// else the lesson takes back).
    pub shown: Arc<Record>,
    pub verdict: LessonVerdict,
    /// What the status says.
    pub said: String,
}

/// The lesson being played (`None` while none plays), and the undo history set aside.
type LessonState = (Var<Option<LessonPlay>>, Stored<Option<StudyHistory>>);

thread_local! {
    static STATE: std::cell::Cell<Option<LessonState>> = const { std::cell::Cell::new(None) };
}

/// The lesson's variable (`None` while none plays) and the undo history set aside.
pub(super) fn state() -> LessonState {
    if let Some(s) = STATE.with(std::cell::Cell::get) {
        return s;
    }
    let s = (Var::new(None), Stored::new(None));
    STATE.with(|x| x.set(Some(s)));
    s
}

/// Follows the board while a lesson plays.
pub(super) fn build(d: Desk) {
    kit::watch(Box::new(move || follow(d)));
}

pub(super) fn playing(_: Desk) -> bool {
    state().0.with_untracked(Option::is_some)
}

fn set_root_flag(on: bool) {
    if let Ok(Some(app)) = leptos::prelude::document().query_selector("#app") {
        kit::dom::set_attr(&app, "data-lesson", on.then_some("true"));
    }
}

/// Starts the lesson of the chapter shown (it must be interactive).
pub(super) fn start(d: Desk) {
    let chapter = d.open.with_value(|o| {
        o.as_ref().map(|o| {
            let s = o.slot();
            (s.record.clone(), s.orientation, s.name.clone(), s.mode)
        })
    });
    let Some((record, reader, name, ChapterMode::Interactive)) = chapter else {
        return;
    };
    let (lesson, history) = state();
    if history.with_value(Option::is_none) {
        let kept = d.viewer.study.swap_history(History::new(200));
        history.set_value(Some(kept));
    }
    lesson.set(Some(LessonPlay {
        lesson: Lesson::new(record.tree.clone(), reader),
        record: record.clone(),
        chapter_name: name,
        shown: record,
        verdict: LessonVerdict::None,
        said: String::new(),
    }));
    set_root_flag(true);
    put_on_board(d);
    go_on(d);
}

/// Ends the lesson: what can be undone comes back, and with `restore` the chapter's game
/// goes back on the board (where the lesson left it, when it is on the chapter's line).
pub(super) fn stop(d: Desk, restore: bool) {
    let (lesson, history) = state();
    let Some(play) = lesson.with_untracked(Clone::clone) else {
        return;
    };
    lesson.set(None);
    set_root_flag(false);
    if let Some(kept) = history.try_update_value(Option::take).flatten() {
        d.viewer.study.swap_history(kept);
    }
    if restore {
        let game = NotatedGame::new((*play.record).clone());
        let node = play.lesson.node();
        let node = if game.tree().contains(node) {
            node
        } else {
            game.first_node()
        };
        d.viewer.study.replace_game(game, node);
    }
}

/// The board shows the lesson as far as it is played.
fn put_on_board(d: Desk) {
    let (lesson, _) = state();
    let Some(game) = lesson.with_untracked(|l| {
        l.as_ref().map(|l| {
            let mut rec = (*l.record).clone();
            let mut tree = l.lesson.shown_tree();
            if let (Some(_), Some(mv)) = (l.lesson.asks_name(), l.lesson.expected()) {
                // A move to name is drawn on the board, as the prompt says.
                let node = tree.mainline_end();
                let comment = crate::learn::drawn(&tree, node, mv);
                let _ = tree.set_comment(node, Some(&comment));
            }
            rec.set_tree(tree);
            rec.meta.result = None;
            rec.error = None;
            NotatedGame::new(rec)
        })
    }) else {
        return;
    };
    let node = game.tree().mainline_end();
    let shown = game.record.clone();
    lesson.update(|l| {
        if let Some(l) = l {
            l.shown = shown;
        }
    });
    d.viewer.study.replace_game(game, node);
}

/// The other side's move, a moment from now, when it is theirs; the end, when it is there.
fn go_on(d: Desk) {
    let (lesson, _) = state();
    let turn = lesson.with_untracked(|l| l.as_ref().map(|l| l.lesson.turn()));
    match turn {
        Some(LessonTurn::Other) => services::after(REPLY_AFTER, move || {
            let played = lesson
                .try_update(|l| l.as_mut().and_then(|l| l.lesson.play_other()))
                .flatten();
            if played.is_some() {
                put_on_board(d);
                go_on(d);
            }
        }),
        Some(LessonTurn::Done) => {
            say(LessonVerdict::Done, None);
            if let (Some(course), Some(chapter)) = (
                super::state::course_open(d),
                lesson.with_untracked(|l| l.as_ref().map(|l| l.chapter_name.clone())),
            ) {
                super::state::finish_chapter(&course, &chapter);
            }
        }
        _ => {}
    }
}

/// Sets the status.
fn say(verdict: LessonVerdict, words: Option<String>) {
    state().0.update(|l| {
        if let Some(l) = l {
            l.verdict = verdict;
            l.said = match (verdict, words) {
                (_, Some(w)) => w,
                // The last move's words stay, the end said after them.
                (LessonVerdict::Done, None) => format!("{} The chapter is over.", l.said)
                    .trim_start()
                    .to_string(),
                _ => String::new(),
            };
        }
    });
}

/// The board's game changed: a reader's move to judge, or something the lesson takes back.
fn follow(d: Desk) {
    d.viewer.study.game.track();
    let (lesson, _) = state();
    let shown = lesson.with_untracked(|l| l.as_ref().map(|l| l.shown.clone()));
    let Some(shown) = shown else {
        return;
    };
    let mine = d
        .viewer
        .study
        .game
        .with_untracked(|g| Arc::ptr_eq(&g.record, &shown));
    if mine {
        return;
    }
    // (Outside the effect: judging writes the board's game.)
    services::after(Duration::ZERO, move || judge_board(d));
}

fn judge_board(d: Desk) {
    let (lesson, _) = state();
    let Some((shown, expected_at)) = lesson.with_untracked(|l| {
        l.as_ref()
            .map(|l| (l.shown.clone(), l.shown.tree.mainline_end()))
    }) else {
        return;
    };
    let node = d.viewer.study.node_untracked();
    let played = d.viewer.study.game.with_untracked(|g| {
        if Arc::ptr_eq(&g.record, &shown) {
            return None;
        }
        let tree = g.tree();
        let parent = tree.parent(node)?;
        let is_new = !shown.tree.contains(node) || shown.tree.parent(node) != Some(parent);
        (parent == expected_at && is_new)
            .then(|| tree.mv(node))
            .flatten()
    });
    let naming = lesson.with_untracked(|l| l.as_ref().and_then(|l| l.lesson.asks_name()));
    match played {
        Some(_) if naming.is_some() => {
            let n = naming.map_or("", crate::learn::NotationName::title);
            say(
                LessonVerdict::Wrong,
                Some(format!("Name the move drawn: type it in {n} below.")),
            );
            put_on_board(d);
        }
        Some(mv) => judge(d, mv),
        None => {
            let still = d
                .viewer
                .study
                .game
                .with_untracked(|g| Arc::ptr_eq(&g.record, &shown));
            if !still {
                say(
                    LessonVerdict::Wrong,
                    Some("The lesson goes on from its latest position.".to_string()),
                );
                put_on_board(d);
            }
        }
    }
}

/// A reader's move, on the board now.
fn judge(d: Desk, mv: Move) {
    let (lesson, _) = state();
    let answer = lesson
        .try_update(|l| l.as_mut().map(|l| l.lesson.try_move(mv)))
        .flatten();
    answered(d, answer);
}

/// A name typed for the move drawn (`#lesson-name`).
pub(super) fn name(d: Desk, text: &str) {
    let (lesson, _) = state();
    let coordinates = d.viewer.study.game.with_untracked(|g| g.record.coordinates);
    let answer = lesson
        .try_update(|l| l.as_mut().map(|l| l.lesson.try_named(text, coordinates)))
        .flatten();
    answered(d, answer);
}

/// Says how a try went and goes on: a right move stays and the other side answers, a wrong
/// one is taken back.
fn answered(d: Desk, answer: Option<Answer>) {
    match answer {
        Some(Answer::Right { comment }) => {
            let words = match comment {
                Some(c) => format!("Right! {c}"),
                None => "Right!".to_string(),
            };
            say(LessonVerdict::Right, Some(words));
            put_on_board(d);
            go_on(d);
        }
        Some(Answer::Wrong {
            explanation,
            misses,
        }) => {
            let mut words = explanation.unwrap_or_else(|| "Not this one.".to_string());
            if misses >= crate::study::lesson::HINT_AFTER {
                words.push_str(" Stuck? Take a hint.");
            }
            say(LessonVerdict::Wrong, Some(words));
            services::after(TAKE_BACK_AFTER, move || {
                if state().0.with_untracked(Option::is_some) {
                    put_on_board(d);
                }
            });
        }
        Some(Answer::Waiting) | None => put_on_board(d),
    }
}

/// Marks the piece to move.
pub(super) fn hint(d: Desk) {
    let (lesson, _) = state();
    let Some(mv) = lesson
        .try_update(|l| l.as_mut().and_then(|l| l.lesson.hint()))
        .flatten()
    else {
        return;
    };
    let pick = match mv {
        Move::Place { piece, .. } => Some(Pick::Reserve(piece.color(), piece.bug())),
        Move::Move { from, .. } => Some(Pick::Board(from)),
        Move::Pass => None,
    };
    say(
        LessonVerdict::Hint,
        Some(match pick {
            Some(Pick::Reserve(..)) => "Hint: place a piece of the marked kind.".to_string(),
            Some(Pick::Board(_)) => "Hint: move the marked piece.".to_string(),
            None => "Hint: there is no move but to pass.".to_string(),
        }),
    );
    // The board first shows the lesson's latest position.
    put_on_board(d);
    if pick.is_some() {
        services::after(Duration::from_millis(30), move || {
            d.viewer.study.pick.set(pick);
        });
    }
}

/// Plays the move to find for the reader.
pub(super) fn show(d: Desk) {
    let (lesson, _) = state();
    let shown = lesson
        .try_update(|l| l.as_mut().and_then(|l| l.lesson.show()))
        .flatten();
    if shown.is_none() {
        return;
    }
    put_on_board(d);
    let name = d.viewer.study.game.with_untracked(|g| {
        let node = g.tree().mainline_end();
        g.row(node)
            .map(|r| format!("{} ({})", r.standard, r.direction))
    });
    say(
        LessonVerdict::Shown,
        Some(format!(
            "The move was {}.",
            name.unwrap_or_else(|| "played".to_string())
        )),
    );
    go_on(d);
}

/// Back to the chapter's start.
pub(super) fn restart(d: Desk) {
    let (lesson, _) = state();
    lesson.update(|l| {
        if let Some(l) = l {
            l.lesson.restart();
            l.verdict = LessonVerdict::None;
            l.said.clear();
        }
    });
    put_on_board(d);
    go_on(d);
}

/// Back to editing the chapter (the author's way out of a preview).
pub(super) fn edit(d: Desk) {
    stop(d, true);
    d.listed.update(|n| *n = n.wrapping_add(1));
}
