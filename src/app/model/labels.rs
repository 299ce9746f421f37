//! What the viewer says about a record in words: its format, result and metadata, and the
//! notation table's choices (the direction notation with symbols or in ASCII, the algebraic
//! form chosen).

use crate::engine::position::GameState;
use crate::notation::algebraic::Form;
use crate::record::Record;

/// The algebraic forms in the order the notation table's menu offers them.
pub const ALGEBRAIC_MENU: [Form; 3] = [Form::Short, Form::Long, Form::Compressed];

/// The facts of a record, as shown to the user.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    pub format: String,
    pub game_type: String,
    /// (label, value) pairs of the metadata that is known, in display order.
    pub facts: Vec<(&'static str, String)>,
    pub notices: Vec<String>,
}

impl Info {
    pub fn of(rec: &Record) -> Info {
        let m = &rec.meta;
        let mut facts = Vec::new();
        let mut push = |label: &'static str, v: &Option<String>| {
            if let Some(v) = v.as_ref().filter(|v| !v.trim().is_empty()) {
                facts.push((label, v.clone()));
            }
        };
        push("White", &m.white);
        push("Black", &m.black);
        push("Date", &m.date);
        push("Event", &m.event);
        push("Site", &m.site);
        push("Round", &m.round);
        let result = match rec.result() {
            GameState::Draw if rec.drawn_by_repetition() => "draw by threefold repetition",
            r => result_text(r),
        };
        facts.push(("Result", result.to_string()));
        Info {
            format: rec.format.description().to_string(),
            game_type: rec.game_type.to_string(),
            facts,
            notices: rec.notices.clone(),
        }
    }
}

pub fn result_text(s: GameState) -> &'static str {
    match s {
        GameState::NotStarted => "not started",
        GameState::InProgress => "in progress",
        GameState::Draw => "draw",
        GameState::WhiteWins => "White wins",
        GameState::BlackWins => "Black wins",
    }
}

#[cfg(test)]
mod tests {
    use super::super::game::{load_text, NotatedGame};
    use super::*;
    use crate::notation::direction::Style;

    #[test]
    fn info_shows_what_the_record_says() {
        let text = "[GameType \"Base\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Event \"Cup\"]\n[Result \"1-0\"]\n\n1. wS1\n2. bS1 -wS1\n";
        let g = load_text(text).unwrap();
        let info = g.info();
        assert_eq!(info.format, "PGN");
        assert_eq!(info.game_type, "Base");
        assert!(info.facts.contains(&("White", "Ann".to_string())));
        assert!(info.facts.contains(&("Event", "Cup".to_string())));
        assert!(info.facts.contains(&("Result", "White wins".to_string())));
        assert!(!info.facts.iter().any(|(l, _)| *l == "Date"));
        // A game drawn by threefold repetition says so.
        let shuffle = "wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-";
        let text = format!("Base;Draw;White[7];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;{shuffle};{shuffle}");
        let info = load_text(&text).unwrap().info();
        assert!(
            info.facts
                .contains(&("Result", "draw by threefold repetition".to_string())),
            "{:?}",
            info.facts
        );
    }

    #[test]
    fn notation_cells_follow_the_toggles() {
        let g = NotatedGame::example();
        let line = g.main_line();
        let rows: Vec<_> = line.nodes.iter().map(|&n| g.row(n).unwrap()).collect();
        let row = rows[25];
        let long = Form::from_name("long").unwrap();
        assert_eq!(row.algebraic(long), row.algebraic_long);
        assert_eq!(Form::from_name("?"), None);
        assert_eq!(
            ALGEBRAIC_MENU.map(Form::name),
            ["short", "long", "compressed"]
        );
        let star = rows.iter().find(|r| r.direction.contains('✳')).unwrap();
        assert!(star.direction(Style::Ascii).contains('*'));
        assert!(star.direction(Style::Unicode).contains('✳'));
    }
}
