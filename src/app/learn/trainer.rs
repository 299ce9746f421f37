//! The notation trainer on the page (`#trainer`, above the board): lichess's coordinate
//! trainer, for moves. A round asks questions (`crate::learn::trainer::Round`) in one notation
//! and one drill: *find* writes a move and the reader plays it on the board; *name* draws a
//! move on the board and the reader types it. Each answer is judged at once and the next
//! question put on the board; a round lasts 30 s (or 60, or is untimed), and the best score
//! of each notation and drill is kept in the browser.
//!
//! Hooks: `#trainer`, `#trainer-notation` (`standard`, `direction`, `algebraic`),
//! `#trainer-drill` (`find`, `name`), `#trainer-time` (seconds, `0` untimed),
//! `#trainer-start`, `#trainer-clock`, `#trainer-prompt` (`data-move`: the question's move in
//! UHP; `data-asked`: the questions asked in the round), `#trainer-answer-form` with `#trainer-answer`, `#trainer-score`, `#trainer-status`
//! (`data-verdict`: `right`, `wrong`, `over`), `#trainer-best`, `#trainer-close`.

use crate::app::kit::{self, dom, js, services, Stored, Var};
use crate::app::model::game::NotatedGame;
use crate::app::model::viewer::Viewer;
use crate::engine::position::{Move, Position};
use crate::learn::trainer::{
    judge_find, judge_name, Drill, NotationQuestion, Round, TrainerVerdict,
};
use crate::learn::NotationName;
use crate::record::tree::GameTree;
use crate::record::{Format, Record};
use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::Duration;

/// Where the best scores are kept: `notation/drill score`, one a line.
const BEST_KEY: &str = "beeline-trainer-best";

/// What the panel shows.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct TrainerView {
    pub(super) open: bool,
    pub(super) notation: NotationName,
    pub(super) drill: Drill,
    pub(super) seconds: u32,
    pub(super) running: bool,
    /// Seconds left (timed rounds).
    pub(super) left: Option<u32>,
    pub(super) score: u32,
    pub(super) prompt: String,
    /// The question's move in UHP.
    pub(super) uhp: Option<String>,
    /// Questions asked in the round (`data-asked`: a new question is told by it).
    pub(super) asked: usize,
    pub(super) verdict: Option<&'static str>,
    pub(super) said: String,
    pub(super) best: BTreeMap<String, u32>,
}

/// A round being played.
struct Playing {
    round: Round,
    question: Option<NotationQuestion>,
    /// The game put on the board for the question: another one there is the reader's move.
    board: Option<Arc<Record>>,
    /// When a timed round ends (`Date.now()`, ms): also what tells its clock's ticks from
    /// an earlier round's.
    ends: Option<f64>,
}

#[derive(Clone, Copy)]
pub(super) struct NotationTrainer {
    pub(super) viewer: Viewer,
    pub(super) shown: Var<TrainerView>,
    playing: Stored<Option<Playing>>,
}

thread_local! {
    static STATE: std::cell::Cell<Option<NotationTrainer>> = const { std::cell::Cell::new(None) };
}

/// `Date.now()`, read by name (see `kit::js`: no new import for the first screen's script).
fn now() -> f64 {
    web_sys::window()
        .and_then(|w| js::call(&js::field(&w.into(), "Date"), "now", &[]))
        .and_then(|v| v.as_f64())
        .unwrap_or(0.0)
}

pub(super) fn best_key(n: NotationName, d: Drill) -> String {
    format!("{}/{}", n.key(), d.key())
}

fn read_best() -> BTreeMap<String, u32> {
    js::kept(BEST_KEY)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| {
            let (k, v) = l.split_once(' ')?;
            Some((k.to_string(), v.trim().parse().ok()?))
        })
        .collect()
}

fn write_best(best: &BTreeMap<String, u32>) -> String {
    best.iter().map(|(k, v)| format!("{k} {v}\n")).collect()
}

/// Shows the trainer; a study open is closed, since the trainer puts its own positions on
/// the board.
pub(super) fn show(t: NotationTrainer) {
    crate::app::study::close_study();
    t.shown.update(|s| s.open = true);
    if let Some(p) = leptos::prelude::document()
        .query_selector("#trainer")
        .ok()
        .flatten()
    {
        js::scroll_to(&p);
    }
}

/// The trainer's state, and whether it was made now (its panel is then to be built).
pub(super) fn state(viewer: Viewer) -> (NotationTrainer, bool) {
    if let Some(t) = STATE.with(std::cell::Cell::get) {
        return (t, false);
    }
    let t = NotationTrainer {
        viewer,
        shown: Var::new(TrainerView {
            open: false,
            notation: NotationName::Standard,
            drill: Drill::Find,
            seconds: 30,
            running: false,
            left: None,
            score: 0,
            prompt: "Choose a notation and a drill, then Start.".to_string(),
            uhp: None,
            asked: 0,
            verdict: None,
            said: String::new(),
            best: read_best(),
        }),
        playing: Stored::new(None),
    };
    STATE.with(|s| s.set(Some(t)));
    kit::watch(Box::new(move || follow(t)));
    (t, true)
}

pub(super) fn toggle(t: NotationTrainer) {
    if t.shown.with_untracked(|s| s.running) {
        end(t, "Stopped.");
    } else {
        start(t);
    }
}

fn start(t: NotationTrainer) {
    let seconds = t.shown.with_untracked(|s| s.seconds);
    let ends = (seconds > 0).then(|| now() + f64::from(seconds) * 1000.0);
    t.playing.set_value(Some(Playing {
        round: Round::new(now() as u64),
        question: None,
        board: None,
        ends,
    }));
    if let Some(ends) = ends {
        tick_later(t, ends);
    }
    t.shown.update(|s| {
        s.running = true;
        s.score = 0;
        s.left = (seconds > 0).then_some(seconds);
        s.verdict = None;
        s.said = String::new();
    });
    ask(t);
}

/// The clock of the round that ends at `ends`, a fifth of a second from now (a timeout a
/// tick rather than an interval: the first screen's autoplay keeps the interval's code).
fn tick_later(t: NotationTrainer, ends: f64) {
    services::after(Duration::from_millis(200), move || tick(t, ends));
}

fn tick(t: NotationTrainer, ends: f64) {
    // (A tick of a round stopped since is dropped.)
    if t.playing.with_value(|p| p.as_ref().and_then(|p| p.ends)) != Some(ends) {
        return;
    }
    let left = ((ends - now()) / 1000.0).ceil().max(0.0) as u32;
    if left == 0 {
        end(t, "Time!");
    } else {
        t.shown.update(|s| s.left = Some(left));
        tick_later(t, ends);
    }
}

/// Ends the round: the best score kept.
fn end(t: NotationTrainer, why: &str) {
    t.playing.set_value(None);
    t.shown.update(|s| {
        let key = best_key(s.notation, s.drill);
        let best = s.best.get(&key).copied().unwrap_or(0);
        let record = s.score > best;
        if record {
            s.best.insert(key, s.score);
            js::keep(BEST_KEY, &write_best(&s.best));
        }
        s.running = false;
        s.left = None;
        s.verdict = Some("over");
        s.said = format!(
            "{why} Score {}{}",
            s.score,
            if record { ": a new best." } else { "." }
        );
    });
}

pub(super) fn close(t: NotationTrainer) {
    if t.shown.with_untracked(|s| s.running) {
        end(t, "Stopped.");
    }
    t.shown.update(|s| s.open = false);
}

/// The game a question is put on the board as: its moves, the move to name drawn.
fn board_game(q: &NotationQuestion, drill: Drill) -> Option<NotatedGame> {
    let tree = GameTree::from_line(Position::new(q.game_type), &q.moves).ok()?;
    let mut tree = tree;
    let last = tree.mainline_end();
    if drill == Drill::Name {
        let comment = crate::learn::drawn(&tree, last, q.mv);
        let _ = tree.set_comment(last, Some(&comment));
    }
    let mut rec = Record::new(q.game_type, Format::Uhp);
    rec.set_tree(tree);
    Some(NotatedGame::new(rec).without_highlights())
}

/// What the drawing of a move to name shows, in words: a placement's mark does not say
/// which piece is placed.
fn drawn_words(mv: Move) -> String {
    match mv {
        Move::Place { piece, .. } => {
            let bug = piece.bug().name();
            let article = match bug.as_bytes().first() {
                Some(b'A' | b'E' | b'I' | b'O' | b'U') => "an",
                _ => "a",
            };
            format!(
                "{} places {article} {bug} on the marked cell",
                piece.color().name()
            )
        }
        _ => "the arrow".to_string(),
    }
}

/// Puts the next question on the board.
fn ask(t: NotationTrainer) {
    let (notation, drill) = t.shown.with_untracked(|s| (s.notation, s.drill));
    let q = t
        .playing
        .try_update_value(|p| p.as_mut().map(|p| p.round.next_question()))
        .flatten();
    let Some(q) = q else {
        return;
    };
    let prompt = match drill {
        Drill::Find => format!("Play {}", q.text(notation)),
        Drill::Name => format!(
            "Name the move drawn ({}), in {}.",
            drawn_words(q.mv),
            notation.title()
        ),
    };
    let uhp = q.uhp();
    let asked = t
        .playing
        .with_value(|p| p.as_ref().map_or(0, |p| p.round.asked()));
    t.playing.update_value(|p| {
        if let Some(p) = p {
            p.question = Some(q);
        }
    });
    t.shown.update(|s| {
        s.prompt = prompt;
        s.uhp = Some(uhp);
        s.asked = asked;
    });
    put_on_board(t, true);
    if drill == Drill::Name {
        if let Ok(Some(a)) = leptos::prelude::document().query_selector("#trainer-answer") {
            dom::focus(&a);
        }
    }
}

/// The board's game changed: in a *find* round, the reader's move to judge; in a *name*
/// round, a move is no answer and goes back.
fn follow(t: NotationTrainer) {
    t.viewer.study.game.track();
    let board = t
        .playing
        .with_value(|p| p.as_ref().and_then(|p| p.board.clone()));
    let Some(board) = board else {
        return;
    };
    if t.viewer
        .study
        .game
        .with_untracked(|g| Arc::ptr_eq(&g.record, &board))
    {
        return;
    }
    // (Outside the effect: judging puts the next question on the board.)
    services::after(Duration::ZERO, move || judge_board(t, board));
}

fn judge_board(t: NotationTrainer, board: Arc<Record>) {
    let node = t.viewer.study.node_untracked();
    let played: Option<Move> = t.viewer.study.game.with_untracked(|g| {
        let tree = g.tree();
        let parent = tree.parent(node)?;
        (parent == board.tree.mainline_end() && !board.tree.contains(node))
            .then(|| tree.mv(node))
            .flatten()
    });
    let (notation, drill) = t.shown.with_untracked(|s| (s.notation, s.drill));
    let question = t
        .playing
        .with_value(|p| p.as_ref().and_then(|p| p.question.clone()));
    let (Some(q), Some(mv), Drill::Find) = (question, played, drill) else {
        // Anything else (a step back, a move while a name is asked) puts the question back.
        if drill == Drill::Name && played.is_some() {
            t.shown
                .update(|s| s.said = "Type the move's name below.".to_string());
        }
        put_on_board(t, false);
        return;
    };
    verdict(t, judge_find(&q, notation, mv), &q, notation);
}

/// Puts the question asked on the board (`fit`: a new question, the board fitted to it;
/// else the same one back, after a move that was no answer).
fn put_on_board(t: NotationTrainer, fit: bool) {
    let drill = t.shown.with_untracked(|s| s.drill);
    let q = t
        .playing
        .with_value(|p| p.as_ref().and_then(|p| p.question.clone()));
    let Some(game) = q.and_then(|q| board_game(&q, drill)) else {
        return;
    };
    let node = game.tree().mainline_end();
    let record = game.record.clone();
    t.playing.update_value(|p| {
        if let Some(p) = p {
            p.board = Some(record);
        }
    });
    if fit {
        t.viewer.study.switch_game(game, node);
    } else {
        t.viewer.study.replace_game(game, node);
    }
}

pub(super) fn answer_named(t: NotationTrainer, text: &str) {
    let notation = t.shown.with_untracked(|s| s.notation);
    let q = t
        .playing
        .with_value(|p| p.as_ref().and_then(|p| p.question.clone()));
    if let Some(q) = q {
        verdict(t, judge_name(&q, notation, text), &q, notation);
    }
}

/// Says how the answer went, counts it, and asks the next question.
fn verdict(t: NotationTrainer, v: TrainerVerdict, q: &NotationQuestion, notation: NotationName) {
    t.shown.update(|s| match &v {
        TrainerVerdict::Right => {
            s.score += 1;
            s.verdict = Some("right");
            s.said = format!("Right: {}.", q.text(notation));
        }
        TrainerVerdict::Wrong { answer, reason } => {
            s.verdict = Some("wrong");
            s.said = match reason {
                Some(r) => format!("Wrong: it was {answer} ({r})."),
                None => format!("Wrong: it was {answer}."),
            };
        }
    });
    ask(t);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_scores_are_kept_by_line() {
        let mut best = BTreeMap::new();
        best.insert(best_key(NotationName::Direction, Drill::Name), 7);
        best.insert(best_key(NotationName::Standard, Drill::Find), 12);
        let text = write_best(&best);
        assert_eq!(text, "direction/name 7\nstandard/find 12\n");
    }

    #[test]
    fn a_placement_to_name_says_which_piece_is_placed() {
        use crate::engine::hex::Hex;
        use crate::engine::piece::{Bug, Color, PieceId};
        let ant = PieceId::of_kind(Color::Black, Bug::Ant).next().unwrap();
        let place = Move::Place {
            piece: ant,
            to: Hex::new(1, 0),
        };
        assert_eq!(
            drawn_words(place),
            "Black places a Soldier Ant on the marked cell"
        );
        let step = Move::Move {
            piece: ant,
            from: Hex::new(1, 0),
            to: Hex::new(2, 0),
        };
        assert_eq!(drawn_words(step), "the arrow");
    }
}
