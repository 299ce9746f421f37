//! UHP GameStrings as records: `Base+MLP;InProgress;White[3];wS1;bS1 -wS1`.
//!
//! The header is read leniently: a TurnString or GameStateString that disagrees with the
//! moves (or a lower-case `white[3]`) gives a notice, not an error; only the moves count.
//!
//! ```
//! use beeline::engine::position::Rules;
//! use beeline::record::uhp_game;
//! let rec = uhp_game::import("Base;InProgress;white[5];wS1;bS1 -wS1", Rules::default()).unwrap();
//! assert_eq!(rec.moves.len(), 2);
//! // `white[5]` is read as White[5], which the moves (leading to White[2]) contradict.
//! assert_eq!(rec.notices.len(), 2);
//! ```

use super::{Format, HeaderFault, Opening, Record, RecordError, Replayer};
use crate::engine::piece::GameType;
use crate::engine::position::{GameState, Position, Rules};
use crate::notation::uhp::Turn;

/// Each `;`-separated field and the line where it starts.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut fields: Vec<(usize, &str)> = Vec::new();
    for (line, l) in super::numbered_lines(text) {
        for f in l.split(';') {
            fields.push((line, f.trim()));
        }
    }
    fields
}

/// [`super::import_opening`] for a GameString whose state says how the game ended (one in
/// progress takes its result from the final position).
pub(crate) fn import_opening(
    text: &str,
    rules: Rules,
    plies: usize,
    each: &mut dyn FnMut(&Position),
) -> Option<Opening> {
    let mut it = fields(text)
        .into_iter()
        .filter(|(_, f)| !f.is_empty())
        .peekable();
    let game_type: GameType = it.next()?.1.parse().ok()?;
    let state = it.peek().and_then(|&(_, f)| GameState::parse(f))?;
    if !state.is_over() {
        return None;
    }
    it.next();
    if it.peek().is_some_and(|&(_, f)| f.parse::<Turn>().is_ok()) {
        it.next();
    }
    let mut rec = Record::new(game_type, Format::Uhp);
    rec.rules = rules;
    // A stated end is the result, whatever the final position (e.g. a resignation).
    rec.meta.result = Some(state);
    let mut r = Replayer::new(rec);
    each(&r.pos);
    let mut n = 0;
    for (_, text) in it {
        super::opening_move(&mut r, n, plies, game_type, text, each)?;
        n += 1;
    }
    super::opening_of(r, n)
}

/// Reads a GameString (one line, or several lines joined: moves may follow on new lines).
pub fn import(text: &str, rules: Rules) -> Result<Record, RecordError> {
    // Where each `;`-separated field starts, to report lines.
    let fields = fields(text);
    // Fields of an unterminated line continue; empty ones (trailing `;`) are skipped.
    let mut it = fields.into_iter().filter(|(_, f)| !f.is_empty()).peekable();
    let (gt_line, gt_text) = it.next().ok_or(RecordError::Empty)?;
    let game_type: GameType = gt_text.parse().map_err(|e| RecordError::Header {
        line: gt_line,
        fault: HeaderFault::GameType(e),
    })?;
    let mut rec = Record::new(game_type, Format::Uhp);
    rec.rules = rules;
    let mut said_state = None;
    let mut said_turn = None;
    if let Some(&(_, f)) = it.peek() {
        if let Some(s) = GameState::parse(f) {
            said_state = Some(s);
            it.next();
        }
    }
    if let Some(&(_, f)) = it.peek() {
        if let Ok(t) = f.parse::<Turn>() {
            if !f.starts_with("White") && !f.starts_with("Black") {
                rec.notices
                    .push(format!("the turn string '{f}' is read as {t}"));
            }
            said_turn = Some(t);
            it.next();
        }
    }
    let mut r = Replayer::new(rec);
    for (line, text) in it {
        match r.uhp_move(text) {
            Ok(mv) => r.play_resolved(mv),
            Err(reason) => {
                r.fail(line, text, reason);
                break;
            }
        }
    }
    if !r.stopped() {
        let actual = Turn::after(r.pos.ply());
        if let Some(t) = said_turn.filter(|t| *t != actual) {
            r.notice(format!(
                "the turn string says {t} but the {} moves lead to {actual}",
                r.pos.ply()
            ));
        }
        let state = r.pos.state();
        if let Some(s) = said_state.filter(|s| *s != state) {
            r.notice(format!(
                "the game state says {s} but the moves lead to {state}"
            ));
            // A stated end (e.g. a resignation) is kept as the result.
            if s.is_over() {
                r.rec.meta.result = Some(s);
            }
        }
    }
    Ok(r.finish())
}
