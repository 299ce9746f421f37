//! Writing records: UHP GameStrings, PGN in Mzinga's layout, move lists in every notation,
//! and one row per move with all notations side by side (for tables and JSON). PGN, direction
//! lists and JSON hold the whole game tree; the others hold its main line.
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

use super::tree::{Annotation, GameTree, Path, Reading};
use super::Record;
use crate::engine::piece::Color;
use crate::notation::algebraic::{AlgebraicMove, Form, Square};
use crate::notation::direction::{DirectionMove, Style};
use crate::notation::frame::Frame;
use crate::notation::uhp::{GameString, MoveString, Turn};
use crate::notation::{notate_game, write_game, NotatedMove, Notation};
use serde::Serialize;
use std::fmt::Write as _;

/// What a record can be written as: one enum for the command line (`--to`) and the app's
/// export menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Export {
    /// Every move in the three notations side by side, one line per move (the command
    /// line's; the app shows the same on screen).
    #[cfg(feature = "cli")]
    Table,
    /// Metadata, notices and every move of the tree (with its path, comment and annotation)
    /// in every notation, as one JSON object.
    #[cfg(feature = "cli")]
    Json,
    /// A UHP GameString.
    #[default]
    Uhp,
    /// PGN in Mzinga's layout, with the variations, comments and annotations.
    Pgn,
    /// A move list in standard notation.
    Standard,
    /// A move list in direction notation, with the variations, comments and annotations.
    Direction,
    /// A move list in direction notation with ASCII symbols (`x`, `*`, `--`), with the
    /// variations, comments and annotations.
    DirectionAscii,
    /// A move list in algebraic notation, short form.
    AlgebraicShort,
    /// A move list in algebraic notation, long form.
    AlgebraicLong,
    /// A move list in algebraic notation, compressed form.
    AlgebraicCompressed,
    /// The position at the end of the main line in the algebraic notation's at-sign form
    /// (`wQ @m0 bQ @n0; White to move`).
    Position,
}

impl Export {
    /// The exports that are game records, in menu order (what the app offers).
    pub const RECORDS: [Export; 9] = [
        Export::Uhp,
        Export::Pgn,
        Export::Standard,
        Export::Direction,
        Export::DirectionAscii,
        Export::AlgebraicShort,
        Export::AlgebraicLong,
        Export::AlgebraicCompressed,
        Export::Position,
    ];

    /// A stable key: the command line's name for it (`algebraic-long`).
    pub fn key(self) -> &'static str {
        match self {
            #[cfg(feature = "cli")]
            Export::Table => "table",
            #[cfg(feature = "cli")]
            Export::Json => "json",
            Export::Uhp => "uhp",
            Export::Pgn => "pgn",
            Export::Standard => "standard",
            Export::Direction => "direction",
            Export::DirectionAscii => "direction-ascii",
            Export::AlgebraicShort => "algebraic-short",
            Export::AlgebraicLong => "algebraic-long",
            Export::AlgebraicCompressed => "algebraic-compressed",
            Export::Position => "position",
        }
    }

    /// The record export with this key (what the app's menu sends back).
    pub fn from_key(key: &str) -> Option<Export> {
        Export::RECORDS.into_iter().find(|e| e.key() == key)
    }

    /// How a menu names it.
    pub fn label(self) -> &'static str {
        match self {
            #[cfg(feature = "cli")]
            Export::Table => "Table of all notations",
            #[cfg(feature = "cli")]
            Export::Json => "JSON",
            Export::Uhp => "UHP game string",
            Export::Pgn => "PGN",
            Export::Standard => "Move list, standard",
            Export::Direction => "Move list, direction",
            Export::DirectionAscii => "Move list, direction (ASCII)",
            Export::AlgebraicShort => "Move list, algebraic short",
            Export::AlgebraicLong => "Move list, algebraic long",
            Export::AlgebraicCompressed => "Move list, algebraic compressed",
            Export::Position => "Position (algebraic @)",
        }
    }

    /// The record written in this format.
    pub fn text(self, rec: &Record) -> String {
        match self {
            #[cfg(feature = "cli")]
            Export::Table => to_table(rec),
            #[cfg(feature = "cli")]
            Export::Json => to_json(rec),
            Export::Uhp if rec.tree.setup().is_some() => UHP_NO_SETUP.to_string(),
            Export::Uhp => format!("{}\n", to_uhp(rec)),
            Export::Pgn => to_pgn(rec),
            Export::Standard => to_list::<MoveString>(rec, ()),
            Export::Direction => to_direction_list(rec, Style::Unicode),
            Export::DirectionAscii => to_direction_list(rec, Style::Ascii),
            Export::AlgebraicShort => to_list::<AlgebraicMove>(rec, Form::Short),
            Export::AlgebraicLong => to_list::<AlgebraicMove>(rec, Form::Long),
            Export::AlgebraicCompressed => to_list::<AlgebraicMove>(rec, Form::Compressed),
            Export::Position => format!("{}\n", super::position::write_position(&rec.position())),
        }
    }

    /// Whether the format can hold the record: a UHP GameString always starts from the
    /// empty board, so it cannot hold a game from a set-up position.
    pub fn can_hold(self, rec: &Record) -> bool {
        self != Export::Uhp || rec.tree.setup().is_none()
    }

    /// A file name for it, from the players' names when known
    /// (`Ann-vs-Bo-algebraic-long.txt`).
    pub fn file_name(self, rec: &Record) -> String {
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
            Export::Uhp => format!("{stem}.uhp"),
            Export::Pgn => format!("{stem}.pgn"),
            #[cfg(feature = "cli")]
            Export::Json => format!("{stem}.json"),
            _ => format!("{stem}-{}.txt", self.key()),
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

/// What the UHP export says of a game from a set-up position.
pub const UHP_NO_SETUP: &str =
    "A UHP GameString cannot start from a set-up position: export PGN (its Position tag holds \
     the start) or a move list instead.\n";

/// One move in every notation.
pub type Row = NotatedMove;

/// Every move of the record in notation `N`, in the record's coordinates where `N` uses
/// them.
pub fn moves_in<N: Notation>(rec: &Record, style: N::Style) -> Vec<String> {
    write_game::<N>(&rec.start(), &rec.moves, rec.coordinates, style)
}

/// Every move in every notation.
pub fn rows(rec: &Record) -> Vec<Row> {
    notate_game(&rec.start(), &rec.moves, rec.coordinates)
}

/// The record as a UHP GameString (its moves in the record's frame; the state is the
/// final position's, as engines check it).
pub fn to_uhp(rec: &Record) -> String {
    let pos = rec.position();
    GameString {
        game_type: rec.game_type,
        state: pos.state(),
        turn: Turn::after(pos.ply()),
        moves: moves_in::<MoveString>(rec, ()),
    }
    .to_string()
}

fn escape_tag(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tag pairs of [`to_pgn`] and the blank line after them.
fn pgn_header(rec: &Record) -> String {
    let m = &rec.meta;
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", escape_tag(value));
    };
    tag("GameType", &rec.game_type.to_string());
    if let Some(setup) = rec.tree.setup() {
        tag("Position", &super::position::write_placements(&setup));
    }
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
    tag("Result", rec.result().name());
    if let Some(tc) = &m.time_control {
        tag("TimeControl", &tc.pgn());
    }
    for (name, v) in &m.extra {
        tag(name, v);
    }
    out.push('\n');
    out
}

/// The record as PGN, in Mzinga's layout: tags GameType, Date, Event, Site, Round, White,
/// Black, Result (as a UHP state), TimeControl when known, the other tags, a blank line, one numbered ply per line
/// of the main line, a blank line and the result. Each variation follows the ply it
/// replaces, on a line of its own, in parentheses (nested ones inline), and every move is
/// written `N. move $n {comment}` with its annotation as a NAG.
/// [`pgn::import`](super::pgn::import) reads it back to an equal tree.
pub fn to_pgn(rec: &Record) -> String {
    let tree = &rec.tree;
    let mut out = pgn_header(rec);
    if let Some(c) = tree.comment(tree.root()) {
        let _ = writeln!(out, "{{{}}}", c.replace('}', ")"));
    }
    // Each move's ply and UHP text, in the record's coordinates.
    let mut moves = vec![(0, String::new()); tree.capacity()];
    tree.visit(|n, pos, mv, _| {
        let text = MoveString::from_move(pos, mv, &Frame::ENGINE).write(());
        moves[n.index()] = (pos.ply() + 1, text);
    });
    let mut depth = 0usize;
    let mut fresh = true;
    for step in tree.reading_order() {
        match step {
            Reading::Move(n) => {
                if !fresh {
                    out.push(if depth == 0 { '\n' } else { ' ' });
                }
                fresh = false;
                let (ply, text) = &moves[n.index()];
                let _ = write!(out, "{ply}. {text}");
                if let Some(a) = tree.annotation(n) {
                    let _ = write!(out, " ${}", a.nag());
                }
                if let Some(c) = tree.comment(n) {
                    let _ = write!(out, " {{{}}}", c.replace('}', ")"));
                }
            }
            Reading::Open => {
                out.push_str(if depth == 0 { "\n(" } else { " (" });
                depth += 1;
                fresh = true;
            }
            Reading::Close => {
                out.push(')');
                depth = depth.saturating_sub(1);
            }
        }
    }
    if !fresh {
        out.push('\n');
    }
    let _ = write!(out, "\n{}\n", rec.result());
    out
}

/// A move list: header lines for what is known, then numbered turns of two moves (the
/// main line).
pub fn to_list<N: Notation>(rec: &Record, style: N::Style) -> String {
    list_text(rec, &moves_in::<N>(rec, style))
}

/// [`to_list`] once the moves are written (one copy of this code for every notation).
fn list_text(rec: &Record, moves: &[String]) -> String {
    let mut out = list_header(rec);
    for (t, pair) in moves.chunks(2).enumerate() {
        let _ = writeln!(out, "{}. {}", t + 1, pair.join(" "));
    }
    out
}

/// The header lines of a move list and the blank line after them.
fn list_header(rec: &Record) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "GameType: {}", rec.game_type);
    if let Some(setup) = rec.tree.setup() {
        let _ = writeln!(
            out,
            "Position: {}",
            super::position::write_placements(&setup)
        );
    }
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
    out
}

/// A direction move list of the whole tree: [`to_list`]'s layout for the main line, one
/// turn per line, and each variation in parentheses right after the move it replaces
/// (`12. A2×Qs (12. Bn G+Lr) Bf`, `12. A2×Qs Bf (12... G+Lr)`), nested ones inside it.
/// Annotations are suffixes (`A2×Qs!?`), comments follow their move in braces, the root's
/// comment comes before the first turn. [`movelist::import`](super::movelist::import)
/// reads it back to an equal tree when the tree was read from a direction list (another
/// may hold two alternatives that mirror each other, which the notation writes alike).
pub fn to_direction_list(rec: &Record, style: Style) -> String {
    let tree = &rec.tree;
    // Every move's ply and text, in its own line's frame.
    let mut moves = vec![(0, String::new()); tree.capacity()];
    tree.visit(|n, pos, mv, frame| {
        moves[n.index()] = (
            pos.ply() + 1,
            DirectionMove::from_move(pos, mv, frame).write(style),
        );
    });
    let mut out = list_header(rec);
    if let Some(c) = tree.comment(tree.root()) {
        let _ = writeln!(out, "{{{}}}", c.replace('}', ")"));
    }
    let mut depth = 0usize;
    // At the start of the moves or of a variation: the next move is numbered, unspaced.
    let mut fresh = true;
    let mut first_turn = true;
    for step in tree.reading_order() {
        match step {
            Reading::Move(n) => {
                let (ply, text) = &moves[n.index()];
                let (white, turn) = (ply % 2 == 1, ply.div_ceil(2));
                if depth == 0 && white {
                    // Each turn of the main line on a line of its own.
                    if !first_turn {
                        out.push('\n');
                    }
                    first_turn = false;
                    let _ = write!(out, "{turn}. ");
                } else {
                    if !fresh {
                        out.push(' ');
                    }
                    if white {
                        let _ = write!(out, "{turn}. ");
                    } else if fresh {
                        let _ = write!(out, "{turn}... ");
                    }
                }
                fresh = false;
                out.push_str(text);
                if let Some(a) = tree.annotation(n) {
                    out.push_str(a.symbol());
                }
                if let Some(c) = tree.comment(n) {
                    let _ = write!(out, " {{{}}}", c.replace('}', ")"));
                }
            }
            Reading::Open => {
                out.push_str(" (");
                depth += 1;
                fresh = true;
            }
            Reading::Close => {
                out.push(')');
                depth = depth.saturating_sub(1);
            }
        }
    }
    if !first_turn {
        out.push('\n');
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
    /// The time control, as PGN's `TimeControl` tag writes it (`600+5`, `-`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_control: Option<String>,
    /// The game was lost on time ([`Record::timeout`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timeout: Option<JsonTimeout>,
    /// The comment before the first move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// Every move of the tree, depth first and main line first ([`GameTree::nodes`]).
    pub moves: Vec<JsonMove>,
}

/// One move of the JSON form: its notations, then where it is in the tree, and its comment
/// and annotation when it has them.
#[derive(Clone, Debug, Serialize)]
pub struct JsonMove {
    #[serde(flatten)]
    pub notated: Row,
    /// The node's [`Path`]: `12`, `12.1.3`.
    pub path: String,
    /// The comment's words, without the commands a record keeps in it: the evaluation and
    /// the drawing have fields of their own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The evaluation a review kept (`[%eval …]`): points from White's side, or `#n`/`#-n`
    /// for a forced win.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub eval: Option<String>,
    /// The arrows drawn on the move (`[%cal …]`), in the algebraic notation's cell names.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub arrows: Vec<JsonShape>,
    /// The cells marked (`[%csl …]`): `from` and `to` the same cell.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<JsonShape>,
    /// The annotation as a NAG (1..=6).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub nag: Option<u8>,
    /// The mover's time left after the move, in seconds: its `[%clk]`, or as it follows
    /// from the time control and the times before (`record::clock::line_times`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<f64>,
    /// The time the move took, in seconds: its `[%emt]`, or as it follows from the clocks.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub elapsed: Option<f64>,
}

/// A game lost on time, in the JSON form.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct JsonTimeout {
    /// `White` or `Black`.
    pub loser: Color,
    /// Each player's time left at the end, in seconds, when known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub white_clock: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub black_clock: Option<f64>,
    /// The record says so (a `Termination` tag); otherwise its clocks tell it.
    pub stated: bool,
    /// `White lost on time (White 0:00, Black 3:12)`.
    pub sentence: String,
}

/// Milliseconds as seconds.
fn seconds(ms: u64) -> f64 {
    ms as f64 / 1000.0
}

/// An arrow or a marked cell of the JSON form.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct JsonShape {
    /// `green`, `red`, `blue` or `yellow`.
    pub colour: &'static str,
    pub from: String,
    pub to: String,
}

/// A comment as the JSON form gives it: the words, the evaluation, the arrows, the marks.
type SplitComment = (
    Option<String>,
    Option<String>,
    Vec<JsonShape>,
    Vec<JsonShape>,
);

fn split_comment(comment: Option<&str>) -> SplitComment {
    let Some(c) = comment else {
        return (None, None, Vec::new(), Vec::new());
    };
    let eval = super::review_notes::eval_in(c);
    let read = super::drawing::Drawing::read(&super::review_notes::without_eval(c));
    // The clock has fields of its own.
    let words = super::clock::without_clock(&read.prose);
    let (mut arrows, mut marks) = (Vec::new(), Vec::new());
    for s in &read.drawing.shapes {
        let shape = JsonShape {
            colour: s.colour.name(),
            from: Square::of(s.from).to_string(),
            to: Square::of(s.to).to_string(),
        };
        if s.is_mark() {
            marks.push(shape);
        } else {
            arrows.push(shape);
        }
    }
    ((!words.is_empty()).then_some(words), eval, arrows, marks)
}

/// The record as a JSON object: [`json_record`].
#[cfg(feature = "cli")]
pub fn to_json(rec: &Record) -> String {
    let json = serde_json::to_string_pretty(&json_record(rec))
        // Strings, numbers and options only: serialising them cannot fail.
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    json + "\n"
}

/// The JSON form's contents: metadata, notices, error, the root's comment and every move of
/// the tree in every notation, each in its own line's frame.
pub fn json_record(rec: &Record) -> JsonRecord {
    let m = &rec.meta;
    let tree = &rec.tree;
    let mut rows = tree.notate(rec.coordinates);
    let paths = paths(tree);
    let times = super::clock::tree_times(tree, m.time_control.as_ref());
    let moves = tree
        .nodes()
        .into_iter()
        .filter_map(|n| {
            let (comment, eval, arrows, marks) = split_comment(tree.comment(n));
            let t = times.get(n.index()).copied().flatten();
            Some(JsonMove {
                notated: rows.get_mut(n.index())?.take()?,
                path: paths.get(n.index())?.to_string(),
                comment,
                eval,
                arrows,
                marks,
                nag: tree.annotation(n).map(Annotation::nag),
                clock: t.and_then(|t| t.left).map(seconds),
                elapsed: t.and_then(|t| t.used).map(seconds),
            })
        })
        .collect();
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
        time_control: m.time_control.as_ref().map(|tc| tc.pgn()),
        timeout: rec.timeout().map(|t| JsonTimeout {
            loser: t.loser,
            white_clock: t.clocks.white.left.map(seconds),
            black_clock: t.clocks.black.left.map(seconds),
            stated: t.stated,
            sentence: t.sentence(),
        }),
        comment: split_comment(tree.comment(tree.root())).0,
        moves,
    }
}

/// Every node's path, indexed by [`NodeId::index`], each from one already known
/// ([`GameTree::path`] for each node would walk up from each).
fn paths(tree: &GameTree) -> Vec<Path> {
    let mut paths = vec![Path::default(); tree.capacity()];
    for n in tree.nodes() {
        let Some(parent) = tree.parent(n) else {
            continue;
        };
        let siblings = tree.children(parent);
        let path = match siblings.iter().position(|&c| c == n) {
            // The first child: one move further along its parent's line.
            Some(0) => {
                let mut p = paths[parent.index()].clone();
                match p.variations.last_mut() {
                    Some(last) => last.1 += 1,
                    None => p.plies += 1,
                }
                p
            }
            // A later child: a variation replacing the first one (preorder reached it).
            Some(v) => {
                let mut p = paths[siblings[0].index()].clone();
                p.variations.push((v, 1));
                p
            }
            None => continue,
        };
        paths[n.index()] = path;
    }
    paths
}

/// A readable table: one line per turn, both players' moves in every notation.
pub fn to_table(rec: &Record) -> String {
    let rows = rows(rec);
    let first = rec.start().first_to_move();
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
                if r.player == 1 { first } else { first.other() }
                    .name()
                    .to_string(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::import;

    const EXAMPLE: &str = include_str!("../../tests/data/direction-game-1.md");

    #[test]
    fn every_export_reads_back_and_names_its_file() {
        let rec = import(EXAMPLE, None).unwrap();
        assert_eq!(rec.moves.len(), 56);
        for kind in Export::RECORDS {
            assert_eq!(Export::from_key(kind.key()), Some(kind));
            let back = import(&kind.text(&rec), None).unwrap();
            assert!(back.error.is_none(), "{}: {:?}", kind.key(), back.error);
            if kind == Export::Position {
                // The final position, as a set-up position with no moves.
                assert_eq!(back.format, crate::record::Format::Position);
                let end = crate::record::position::canonical_setup(&rec.position());
                assert_eq!(back.tree.setup().map(|s| s.stacks), Some(end.stacks));
                continue;
            }
            assert_eq!(back.moves.len(), rec.moves.len(), "{}", kind.key());
        }
        assert_eq!(Export::from_key("table"), None);
        assert_eq!(Export::from_key("nonsense"), None);
        let pgn = import("[White \"Ann Lee\"]\n[Black \"B/o\"]\n\n1. wS1\n", None).unwrap();
        assert_eq!(Export::Pgn.file_name(&pgn), "Ann-Lee-vs-B-o.pgn");
        assert_eq!(
            Export::AlgebraicLong.file_name(&rec),
            "Frank-Chen-vs-Joe-Schultz-algebraic-long.txt"
        );
        let unnamed = import("Base;InProgress;White[2];wS1;bS1 -wS1", None).unwrap();
        assert_eq!(
            Export::DirectionAscii.file_name(&unnamed),
            "hive-game-direction-ascii.txt"
        );
        assert_eq!(Export::Uhp.file_name(&unnamed), "hive-game.uhp");
    }

    #[test]
    fn the_json_form_gives_words_evaluations_and_drawings_their_own_fields() {
        let pgn = "[GameType \"Base\"]\n\n{Start [%csl Ym0]}\n1. wS1 {Opening [%cal Gm0n1] [%eval 0.35]}\n2. bS1 wS1- {[%csl Rm0] [%eval #-3]}\n";
        let rec = import(pgn, None).unwrap();
        let j = json_record(&rec);
        assert_eq!(j.comment.as_deref(), Some("Start"));
        let (a, b) = (&j.moves[0], &j.moves[1]);
        assert_eq!(a.comment.as_deref(), Some("Opening"));
        assert_eq!(a.eval.as_deref(), Some("0.35"));
        assert_eq!(
            a.arrows,
            vec![JsonShape {
                colour: "green",
                from: "m0".into(),
                to: "n1".into()
            }]
        );
        assert!(a.marks.is_empty());
        assert_eq!(b.comment, None);
        assert_eq!(b.eval.as_deref(), Some("#-3"));
        assert_eq!(b.marks.len(), 1);
        assert_eq!(b.marks[0].colour, "red");
        // No command is left in any text of it.
        #[cfg(feature = "cli")]
        assert!(!to_json(&rec).contains("[%"));
    }
}
