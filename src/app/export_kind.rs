//! What the export panel writes: UHP, PGN or a move list in one notation, its text and the
//! name of the downloaded file.

use crate::record::export::{self, Notation};
use crate::record::Record;

/// What the export panel writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ExportKind {
    #[default]
    Uhp,
    Pgn,
    List(Notation),
}

impl ExportKind {
    pub const ALL: [ExportKind; 8] = [
        ExportKind::Uhp,
        ExportKind::Pgn,
        ExportKind::List(Notation::Standard),
        ExportKind::List(Notation::Direction { ascii: false }),
        ExportKind::List(Notation::Direction { ascii: true }),
        ExportKind::List(Notation::AlgebraicShort),
        ExportKind::List(Notation::AlgebraicLong),
        ExportKind::List(Notation::AlgebraicCompressed),
    ];

    /// A stable key (for `<option value>`).
    pub fn key(self) -> &'static str {
        match self {
            ExportKind::Uhp => "uhp",
            ExportKind::Pgn => "pgn",
            ExportKind::List(Notation::Standard) => "standard",
            ExportKind::List(Notation::Direction { ascii: false }) => "direction",
            ExportKind::List(Notation::Direction { ascii: true }) => "direction-ascii",
            ExportKind::List(Notation::AlgebraicShort) => "algebraic-short",
            ExportKind::List(Notation::AlgebraicLong) => "algebraic-long",
            ExportKind::List(Notation::AlgebraicCompressed) => "algebraic-compressed",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ExportKind::Uhp => "UHP game string",
            ExportKind::Pgn => "PGN",
            ExportKind::List(Notation::Standard) => "Move list, standard",
            ExportKind::List(Notation::Direction { ascii: false }) => "Move list, direction",
            ExportKind::List(Notation::Direction { ascii: true }) => "Move list, direction (ASCII)",
            ExportKind::List(Notation::AlgebraicShort) => "Move list, algebraic short",
            ExportKind::List(Notation::AlgebraicLong) => "Move list, algebraic long",
            ExportKind::List(Notation::AlgebraicCompressed) => "Move list, algebraic compressed",
        }
    }

    pub fn parse(key: &str) -> ExportKind {
        ExportKind::ALL
            .into_iter()
            .find(|k| k.key() == key)
            .unwrap_or_default()
    }

    pub fn text(self, rec: &Record) -> String {
        match self {
            ExportKind::Uhp => export::to_uhp(rec),
            ExportKind::Pgn => export::to_pgn(rec),
            ExportKind::List(n) => export::to_list(rec, n),
        }
    }

    /// A file name for the download, from the players' names when known.
    pub fn file_name(self, rec: &Record) -> String {
        let ext = match self {
            ExportKind::Uhp => "uhp",
            ExportKind::Pgn => "pgn",
            ExportKind::List(_) => "txt",
        };
        let players: Vec<String> = [&rec.meta.white, &rec.meta.black]
            .into_iter()
            .flatten()
            .map(|s| slug(s))
            .filter(|s| !s.is_empty())
            .collect();
        let stem = if players.is_empty() {
            "hive-game".to_string()
        } else {
            players.join("-vs-")
        };
        match self {
            ExportKind::List(_) => format!("{stem}-{}.{ext}", self.key()),
            _ => format!("{stem}.{ext}"),
        }
    }
}

/// Letters and digits of a name, the rest as single dashes.
fn slug(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_matches('-').chars().take(40).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game::{load_text, Game};
    use crate::record;

    #[test]
    fn exports_name_their_files_and_read_back() {
        let g = Game::example();
        for kind in ExportKind::ALL {
            assert_eq!(ExportKind::parse(kind.key()), kind);
            let text = kind.text(&g.record);
            let back = record::import(&text, None).unwrap();
            assert_eq!(back.moves.len(), g.len(), "{}", kind.key());
        }
        let pgn = load_text("[White \"Ann Lee\"]\n[Black \"B/o\"]\n\n1. wS1\n").unwrap();
        assert_eq!(ExportKind::Pgn.file_name(&pgn.record), "Ann-Lee-vs-B-o.pgn");
        assert_eq!(
            ExportKind::List(Notation::AlgebraicLong).file_name(&g.record),
            "Frank-Chen-vs-Joe-Schultz-algebraic-long.txt"
        );
        let unnamed = load_text("Base;InProgress;White[2];wS1;bS1 -wS1").unwrap();
        assert_eq!(
            ExportKind::List(Notation::AlgebraicLong).file_name(&unnamed.record),
            "hive-game-algebraic-long.txt"
        );
    }
}
