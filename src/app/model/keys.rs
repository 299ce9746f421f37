//! Moving among the plies of a game: the steps, the keys that ask for them, which key
//! presses belong to a field being typed in instead, and plies typed as numbers.
//!
//! ```
//! use beeline::app::model::keys::Step;
//! assert_eq!(Step::from_key("ArrowRight", false), Some(Step::Next));
//! assert_eq!(Step::Next.apply(56, 56), 56);
//! ```

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

/// What a key press asks of the viewer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Step(Step),
    /// To the next (`true`) or previous sibling variation.
    Variation(bool),
    Undo,
    Redo,
}

impl Action {
    /// The action of a key press: `command` is Ctrl or Cmd held. Plain keys step and switch
    /// variations; Ctrl/Cmd+Z undoes, Ctrl/Cmd+Y and Ctrl/Cmd+Shift+Z redo; anything else
    /// is left to the browser.
    pub fn from_key(key: &str, command: bool, alt: bool, shift: bool) -> Option<Action> {
        if command {
            let z = key.eq_ignore_ascii_case("z");
            return match (alt, shift) {
                (false, false) if z => Some(Action::Undo),
                (false, false) if key.eq_ignore_ascii_case("y") => Some(Action::Redo),
                (false, true) if z => Some(Action::Redo),
                _ => None,
            };
        }
        if alt || shift {
            return None;
        }
        match key {
            "ArrowUp" => Some(Action::Variation(false)),
            "ArrowDown" => Some(Action::Variation(true)),
            _ => Step::from_key(key, false).map(Action::Step),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(
            Action::from_key("z", true, false, false),
            Some(Action::Undo)
        );
        assert_eq!(
            Action::from_key("Z", true, false, false),
            Some(Action::Undo)
        );
        assert_eq!(
            Action::from_key("y", true, false, false),
            Some(Action::Redo)
        );
        assert_eq!(Action::from_key("Z", true, false, true), Some(Action::Redo));
        assert_eq!(Action::from_key("z", true, true, false), None);
        assert_eq!(Action::from_key("y", true, false, true), None);
        assert_eq!(Action::from_key("z", false, false, false), None);
        assert_eq!(Action::from_key("y", false, false, false), None);
        assert_eq!(
            Action::from_key("ArrowDown", false, false, false),
            Some(Action::Variation(true))
        );
        assert_eq!(
            Action::from_key("ArrowUp", false, false, false),
            Some(Action::Variation(false))
        );
        assert_eq!(Action::from_key("ArrowUp", false, false, true), None);
        assert_eq!(
            Action::from_key("End", false, false, false),
            Some(Action::Step(Step::Last))
        );
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
}
