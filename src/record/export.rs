//! Writing records: UHP GameStrings, PGN in Mzinga's layout, move lists in every notation,
//! and one row per move with all notations side by side (for tables and JSON).
//!
//! ```
//! use beeline::record::{export, import};
//! let rec = import("Base;InProgress;White[2];wS1;bS1 -wS1", None).unwrap();
//! assert_eq!(export::to_uhp(&rec), "Base;InProgress;White[2];wS1;bS1 -wS1");
//! let pgn = export::to_pgn(&rec);
//! assert!(pgn.starts_with("[GameType \"Base\"]\n"));
//! assert!(pgn.contains("\n1. wS1\n2. bS1 -wS1\n\nInProgress\n"));
//! let rows = export::rows(&rec);
//! assert_eq!(rows[1].direction, "S");
//! ```

use super::{Record, RecordFrame};
use crate::notation::algebraic::{self, Form};
use crate::notation::uhp::{GameString, Turn};
use crate::notation::{direction, notate_game, standard, NotatedMove, StandardFrame};
use serde::Serialize;
use std::fmt::Write as _;

/// A notation a move list can be written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Notation {
    Standard,
    Direction { ascii: bool },
    AlgebraicLong,
    AlgebraicShort,
    AlgebraicCompressed,
}

/// One move in every notation.
pub type Row = NotatedMove;

/// The standard notation of every move, in the record's frame.
pub fn standard_moves(rec: &Record) -> Vec<String> {
    standard::write_game(
        rec.game_type,
        rec.rules,
        &rec.moves,
        rec.frame == RecordFrame::Canonical,
    )
    .into_iter()
    .map(|m| m.to_string())
    .collect()
}

/// Every move of the record in one notation.
pub fn moves_in(rec: &Record, notation: Notation) -> Vec<String> {
    match notation {
        Notation::Standard => standard_moves(rec),
        Notation::Direction { ascii } => {
            direction::write_game(rec.game_type, rec.rules, &rec.moves, ascii)
        }
        Notation::AlgebraicLong | Notation::AlgebraicShort | Notation::AlgebraicCompressed => {
            algebraic_moves(rec, notation)
        }
    }
}

fn algebraic_moves(rec: &Record, notation: Notation) -> Vec<String> {
    let form = match notation {
        Notation::AlgebraicLong => Form::Long,
        Notation::AlgebraicCompressed => Form::Compressed,
        _ => Form::Short,
    };
    algebraic::write_game(rec.game_type, rec.rules, &rec.moves, form)
}

/// Every move in every notation.
pub fn rows(rec: &Record) -> Vec<Row> {
    let frame = match rec.frame {
        RecordFrame::Record => StandardFrame::Record,
        RecordFrame::Canonical => StandardFrame::Canonical,
    };
    notate_game(rec.game_type, rec.rules, &rec.moves, frame)
}

/// The record as a UHP GameString (its moves in the record's frame; the state is the
/// final position's, as engines check it).
pub fn to_uhp(rec: &Record) -> String {
    let pos = rec.position();
    GameString {
        game_type: rec.game_type,
        state: pos.state(),
        turn: Turn::after(pos.ply()),
        moves: standard_moves(rec),
    }
    .to_string()
}

fn escape_tag(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The record as PGN, in Mzinga's layout: tags GameType, Date, Event, Site, Round, White,
/// Black, Result (as a UHP state), the other tags, a blank line, one numbered ply per line
/// with its comments, a blank line and the result.
pub fn to_pgn(rec: &Record) -> String {
    let m = &rec.meta;
    let result = rec.result();
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", escape_tag(value));
    };
    tag("GameType", &rec.game_type.to_string());
    for (name, v) in [
        ("Date", &m.date),
        ("Event", &m.event),
        ("Site", &m.site),
        ("Round", &m.round),
        ("White", &m.white),
        ("Black", &m.black),
    ] {
        tag(name, v.as_deref().unwrap_or(""));
    }
    tag("Result", result.name());
    for (name, v) in &m.extra {
        tag(name, v);
    }
    out.push('\n');
    for (_, c) in rec.comments.iter().filter(|(p, _)| *p == 0) {
        let _ = writeln!(out, "{{{c}}}");
    }
    for (i, s) in standard_moves(rec).iter().enumerate() {
        let _ = write!(out, "{}. {s}", i + 1);
        for (_, c) in rec.comments.iter().filter(|(p, _)| *p == i + 1) {
            let _ = write!(out, " {{{}}}", c.replace('}', ")"));
        }
        out.push('\n');
    }
    let _ = write!(out, "\n{result}\n");
    out
}

/// A move list: header lines for what is known, then numbered turns of two moves.
pub fn to_list(rec: &Record, notation: Notation) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "GameType: {}", rec.game_type);
    let m = &rec.meta;
    for (name, v) in [
        ("White", &m.white),
        ("Black", &m.black),
        ("Date", &m.date),
        ("Event", &m.event),
        ("Site", &m.site),
        ("Round", &m.round),
    ] {
        if let Some(v) = v {
            let _ = writeln!(out, "{name}: {v}");
        }
    }
    if let Some(r) = m.result {
        let _ = writeln!(out, "Result: {r}");
    }
    out.push('\n');
    let moves = moves_in(rec, notation);
    for (t, pair) in moves.chunks(2).enumerate() {
        let _ = writeln!(out, "{}. {}", t + 1, pair.join(" "));
    }
    out
}

/// The JSON form of a record (fields in this order).
#[derive(Clone, Debug, Serialize)]
pub struct JsonRecord {
    pub game_type: String,
    pub result: &'static str,
    pub format: &'static str,
    pub white: Option<String>,
    pub black: Option<String>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub site: Option<String>,
    pub round: Option<String>,
    pub notices: Vec<String>,
    pub error: Option<String>,
    pub moves: Vec<Row>,
}

/// The JSON object of a record: metadata, notices, error and every move in every notation.
pub fn to_json(rec: &Record) -> JsonRecord {
    let m = &rec.meta;
    JsonRecord {
        game_type: rec.game_type.to_string(),
        result: rec.result().name(),
        format: rec.format.name(),
        white: m.white.clone(),
        black: m.black.clone(),
        date: m.date.clone(),
        event: m.event.clone(),
        site: m.site.clone(),
        round: m.round.clone(),
        notices: rec.notices.clone(),
        error: rec.error.as_ref().map(|e| e.to_string()),
        moves: rows(rec),
    }
}

/// A readable table: one line per turn, both players' moves in every notation.
pub fn to_table(rec: &Record) -> String {
    let rows = rows(rec);
    let header = [
        "ply",
        "turn",
        "player",
        "standard",
        "direction",
        "algebraic",
    ];
    let cells: Vec<[String; 6]> = rows
        .iter()
        .map(|r| {
            [
                r.ply.to_string(),
                r.turn.to_string(),
                if r.player == 1 { "White" } else { "Black" }.to_string(),
                r.standard.clone(),
                r.direction.clone(),
                r.algebraic_short.clone(),
            ]
        })
        .collect();
    let mut widths = header.map(|h| h.chars().count());
    for c in &cells {
        for (w, s) in widths.iter_mut().zip(c) {
            *w = (*w).max(s.chars().count());
        }
    }
    let mut out = String::new();
    let m = &rec.meta;
    let names = format!(
        "{} vs {}",
        m.white.as_deref().unwrap_or("White"),
        m.black.as_deref().unwrap_or("Black")
    );
    let _ = write!(out, "{} — {names}", rec.game_type);
    if let Some(d) = &m.date {
        let _ = write!(out, " — {d}");
    }
    if let Some(e) = &m.event {
        let _ = write!(out, " — {e}");
    }
    let _ = writeln!(out, " — {}", rec.result());
    let line = |out: &mut String, c: &[String]| {
        let parts: Vec<String> = c
            .iter()
            .zip(widths)
            .enumerate()
            .map(|(i, (s, w))| {
                let pad = w.saturating_sub(s.chars().count());
                if i < 2 {
                    format!("{}{s}", " ".repeat(pad))
                } else {
                    format!("{s}{}", " ".repeat(pad))
                }
            })
            .collect();
        let _ = writeln!(out, "{}", parts.join("  ").trim_end());
    };
    line(&mut out, &header.map(String::from));
    for c in &cells {
        line(&mut out, c);
    }
    out
}
