//! What the viewer says about a record in words: its format, result and metadata, and the
//! notation table's cells (turn numbers, the direction notation with symbols or in ASCII, the
//! algebraic form chosen).

use crate::engine::position::GameState;
use crate::record::export::Row;
use crate::record::{Format, Record};

/// Which form of the algebraic notation the table shows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AlgebraicForm {
    #[default]
    Short,
    Long,
    Compressed,
}

impl AlgebraicForm {
    pub const ALL: [AlgebraicForm; 3] = [
        AlgebraicForm::Short,
        AlgebraicForm::Long,
        AlgebraicForm::Compressed,
    ];

    pub fn name(self) -> &'static str {
        match self {
            AlgebraicForm::Short => "short",
            AlgebraicForm::Long => "long",
            AlgebraicForm::Compressed => "compressed",
        }
    }

    pub fn parse(s: &str) -> AlgebraicForm {
        AlgebraicForm::ALL
            .into_iter()
            .find(|f| f.name() == s)
            .unwrap_or_default()
    }

    pub fn cell(self, row: &Row) -> &str {
        match self {
            AlgebraicForm::Short => &row.algebraic_short,
            AlgebraicForm::Long => &row.algebraic_long,
            AlgebraicForm::Compressed => &row.algebraic_compressed,
        }
    }
}

/// The direction notation of a row, with symbols or in ASCII.
pub fn direction_cell(row: &Row, ascii: bool) -> &str {
    if ascii {
        &row.direction_ascii
    } else {
        &row.direction
    }
}

/// The move number as the direction notation counts it (turns per player): "12.".
pub fn turn_label(row: &Row) -> String {
    format!("{}.", row.turn)
}

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
        facts.push(("Result", result_text(rec.result()).to_string()));
        Info {
            format: format_text(rec.format).to_string(),
            game_type: rec.game_type.to_string(),
            facts,
            notices: rec.notices.clone(),
        }
    }
}

pub fn format_text(f: Format) -> &'static str {
    match f {
        Format::Uhp => "UHP game string",
        Format::Pgn => "PGN",
        Format::Sgf => "BoardSpace SGF",
        Format::Standard => "move list (standard notation)",
        Format::Direction => "move list (direction notation)",
        Format::Algebraic => "move list (algebraic notation)",
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
    use super::*;
    use crate::app::game::{load_text, Game};

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
    }

    #[test]
    fn notation_cells_follow_the_toggles() {
        let g = Game::example();
        let row = &g.rows[25];
        assert_eq!(AlgebraicForm::parse("long").cell(row), row.algebraic_long);
        assert_eq!(AlgebraicForm::parse("?"), AlgebraicForm::Short);
        let star = g.rows.iter().find(|r| r.direction.contains('✳')).unwrap();
        assert!(direction_cell(star, true).contains('*'));
        assert!(direction_cell(star, false).contains('✳'));
        assert_eq!(turn_label(&g.rows[17]), "9.");
    }
}
