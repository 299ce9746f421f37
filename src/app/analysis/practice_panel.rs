//! The practice controls of the analysis panel (`#practice`): their bindings and what their
//! buttons do, over the game of `practice`.

use super::elements::AnalysisControl;
use super::practice;
use super::session::Session;
use crate::app::kit::{self, controls, Sink};

/// The practice controls: shown or not, the game's status and seed, *Take back*.
pub(super) fn bind_practice(s: Session, panel: &web_sys::Element) {
    use AnalysisControl as C;
    let find = |c| controls::element(panel, c);
    let (Some(button), Some(box_), Some(status), Some(back)) = (
        find(C::Practice),
        find(C::PracticePanel),
        find(C::PracticeStatus),
        find(C::PracticeTakeback),
    ) else {
        return;
    };
    let parts = vec![
        (button, Sink::Attr("aria-expanded")),
        (box_.clone(), Sink::Attr("hidden")),
        (box_, Sink::Attr("data-seed")),
        (status, Sink::Text),
        (back, Sink::Attr("disabled")),
    ];
    kit::bind_parts(
        parts,
        Box::new(move || {
            let open = s.practice_open.get();
            let game = s.practice.get();
            let at = s.viewer.study.position.get();
            let ply = s.viewer.study.ply.get();
            let status = game.map_or_else(
                || {
                    "Choose a level and your colour, then start: the engine plays the other side."
                        .to_string()
                },
                |g| g.status(&at.pos),
            );
            let can_take_back = game.is_some_and(|g| g.take_back_to(&at.pos, ply).is_some());
            vec![
                Some(open.to_string()),
                (!open).then(String::new),
                game.map(|g| g.seed.to_string()),
                Some(status),
                (!can_take_back).then(String::new),
            ]
        }),
    );
}

/// Starts a practice game from the move shown, at `level`, the player with `colour`.
pub(super) fn start_practice(s: Session, level: u8, colour: &str) {
    let at = s.viewer.study.position.with_untracked(|a| a.clone());
    let player = practice::colour_named(colour);
    // A seed of its own for each game, shown on the panel (`data-seed`).
    let seed = (js_sys::Date::now() as u64 % u64::from(u32::MAX)) as u32;
    s.threat.set(false);
    s.practice.set(Some(practice::PracticeGame {
        level: level.clamp(1, crate::search::practice::MAX_LEVEL),
        player,
        seed,
        start_ply: at.pos.moves().len(),
    }));
}

/// Stops the game (the moves stay in the study).
pub(super) fn stop_practice(s: Session) {
    s.practice.set(None);
}

/// Takes the last move pair back: the board goes to the player's last turn.
pub(super) fn take_back(s: Session) {
    let Some(game) = s.practice.get_untracked() else {
        return;
    };
    let at = s.viewer.study.position.with_untracked(|a| a.clone());
    let ply = s.viewer.study.ply.get_untracked();
    if let Some(to) = game.take_back_to(&at.pos, ply) {
        s.viewer.study.ply.set(to);
    }
}
