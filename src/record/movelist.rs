//! Move lists in any of the three notations: one move per line, numbered turns with two
//! moves (`3. Q+Ls Q+Pa`), or the markdown tables of the direction notation's examples
//! (`| 4. | A+Pa | A+Qa |`), with a few header lines (`White: …`, `Date: …`).
//!
//! `—`, `--` and `pass` are passes. In tables the turn numbers count: an empty cell is
//! skipped (examples split a turn across two tables), a missing forced pass is filled in, and
//! a table starting again at turn 1 is a second game, which is not read.
//!
//! A direction list outside tables holds a whole game tree, written as PGN writes one: a
//! parenthesised group replaces the move just before it and may nest
//! (`12. A2×Qs (12. Bn G+Lr) Bf`), `{comments}` follow their move and may span lines, and
//! `!`, `?`, `!!`, `??`, `!?`, `?!` or `$1`..`$6` annotate it. Turn numbers (`12.`, `12...`)
//! may stand anywhere and are not checked. It is read by the PGN reader's rules
//! ([`pgn::import`](super::pgn::import)), each move in its line's canonical frame.
//!
//! ```
//! use beeline::engine::position::Rules;
//! use beeline::record::{movelist, Format};
//! let text = "White: Ann\n1. wS1 bS1 -wS1\n2. wQ wS1/ bQ -bS1\n";
//! let rec = movelist::import(text, Format::Standard, Rules::default()).unwrap();
//! assert_eq!(rec.moves.len(), 4);
//! assert_eq!(rec.meta.white.as_deref(), Some("Ann"));
//! ```

use super::pgn::strip_number;
use super::tree::{GameTree, WalkStep};
use super::{parse_result, Format, ImportFault, Record, RecordError, Replayer};
use crate::engine::piece::{Bug, GameType};
use crate::engine::position::{Move, Position, Rules};
use crate::notation::algebraic::AlgebraicMove;
use crate::notation::direction::DirectionMove;
use crate::notation::frame::Frame;
use crate::notation::uhp::MoveString;
use crate::notation::{Notation, ReadError};

/// The largest turn number a table row may carry.
const MAX_TURN: usize = 5_000;

/// One move as written, with where it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
struct MoveListEntry {
    line: usize,
    /// In a table: the ply the cell stands for (0-based).
    ply: Option<usize>,
    text: String,
    /// Comment written after the move.
    comment: Option<String>,
}

/// Decodes the HTML character references markdown files carry (`&#xFE0E;`, `&times;`).
pub fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(i) = rest.find('&') {
        out.push_str(&rest[..i]);
        let after = &rest[i..];
        let decoded = after.find(';').filter(|&j| j <= 10).and_then(|j| {
            let name = &after[1..j];
            let c = match name {
                "times" => Some('×'),
                "mdash" => Some('—'),
                "ndash" => Some('–'),
                "amp" => Some('&'),
                "nbsp" => Some(' '),
                _ => {
                    let n = if let Some(h) = name.strip_prefix("#x").or(name.strip_prefix("#X")) {
                        u32::from_str_radix(h, 16).ok()
                    } else {
                        name.strip_prefix('#').and_then(|d| d.parse().ok())
                    };
                    n.and_then(char::from_u32)
                }
            };
            c.map(|c| (c, j))
        });
        match decoded {
            Some((c, j)) => {
                out.push(c);
                rest = &after[j + 1..];
            }
            None => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A header line `Key: value` (markdown decorations allowed), if it is one.
fn header(line: &str) -> Option<(&'static str, String)> {
    let t = line.trim_start_matches(|c: char| c == '>' || c.is_whitespace());
    let (key, value) = t.split_once(':')?;
    let key = key.trim().trim_matches('*').trim().to_ascii_lowercase();
    let name = match key.as_str() {
        "white" | "player 1" | "player1" => "White",
        "black" | "player 2" | "player2" => "Black",
        "date" => "Date",
        "event" | "tournament" => "Event",
        "site" => "Site",
        "round" => "Round",
        "result" => "Result",
        "game type" | "gametype" | "game" | "variant" => "GameType",
        "position" | "start" | "start position" => "Position",
        _ => return None,
    };
    let value = value
        .trim()
        .trim_matches(|c: char| c == '*' || c == '_' || c.is_whitespace())
        .to_string();
    Some((name, value))
}

fn is_set(m: &super::Metadata, name: &str) -> bool {
    match name {
        "White" => m.white.is_some(),
        "Black" => m.black.is_some(),
        "Date" => m.date.is_some(),
        "Event" => m.event.is_some(),
        "Site" => m.site.is_some(),
        "Round" => m.round.is_some(),
        "Result" => m.result.is_some(),
        _ => true,
    }
}

fn is_pass(t: &str) -> bool {
    matches!(t, "—" | "–" | "--" | "---" | "-") || t.eq_ignore_ascii_case("pass")
}

/// Whether a token names a piece in standard/algebraic style (`wA1`, `bQ`, `wM1`).
fn is_piece_token(t: &str) -> bool {
    let b = t.as_bytes();
    b.len() >= 2 && matches!(b[0], b'w' | b'b') && Bug::from_letter(b[1] as char).is_some()
}

/// Splits a line's moves for a notation. `before` is the number of moves already read.
fn split_moves(format: Format, text: &str, before: usize) -> Vec<String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let mut moves: Vec<String> = Vec::new();
    match format {
        Format::Standard => {
            // A move is a piece and at most one reference; a bare piece after a piece is a
            // climb's reference, except after the game's very first move (which has none).
            let mut open = false;
            for t in tokens {
                let symbol = t.starts_with(['-', '/', '\\']) || t.ends_with(['-', '/', '\\']);
                let joins =
                    open && (symbol || t == "." || (is_piece_token(t) && before + moves.len() > 1));
                if joins {
                    if let Some(last) = moves.last_mut() {
                        last.push(' ');
                        last.push_str(t);
                    }
                    open = false;
                } else {
                    moves.push(t.to_string());
                    open = is_piece_token(t);
                }
            }
        }
        Format::Algebraic => {
            for t in tokens {
                match moves.last_mut() {
                    Some(last) if !is_piece_token(t) && !is_pass(t) && !is_pass(last) => {
                        last.push(' ');
                        last.push_str(t);
                    }
                    _ => moves.push(t.to_string()),
                }
            }
        }
        _ => moves = tokens.into_iter().map(String::from).collect(),
    }
    moves
}

/// What a list holds besides its header lines.
#[derive(Default)]
struct Body {
    /// The moves, one by one (tables, and lists in the standard and algebraic notations).
    entries: Vec<MoveListEntry>,
    /// Comments on lines of their own, each after the number of moves before it.
    comments: Vec<(usize, String)>,
    /// A direction list without tables: its move lines, the other lines left empty so that
    /// lines keep their numbers, read as a whole (variations and comments may span lines).
    text: Option<String>,
}

/// The header and moves of a move list (the text's HTML references decoded).
fn entries(text: &str, format: Format, rec: &mut Record, given: &mut bool) -> Body {
    let has_table = text.lines().any(|l| table_row(l).is_some());
    let mut out: Vec<MoveListEntry> = Vec::new();
    let mut comments = Vec::new();
    let mut kept: Vec<&str> = Vec::new();
    let whole = format == Format::Direction && !has_table;
    // Inside a `{comment}` that goes on, a line is the comment's, whatever it looks like.
    let mut in_comment = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if whole {
            kept.resize(i, "");
        }
        if in_comment {
            kept.push(raw);
            in_comment = comment_open(true, raw);
            continue;
        }
        if let Some((turn, cells)) = table_row(raw) {
            for (j, cell) in cells.iter().enumerate().take(2) {
                let cell = cell.trim();
                if !cell.is_empty() {
                    out.push(MoveListEntry {
                        line,
                        ply: Some(2 * (turn - 1) + j),
                        text: cell.to_string(),
                        comment: None,
                    });
                }
            }
            continue;
        }
        if let Some((name, value)) = header(raw) {
            // Headers after the moves (e.g. of a second game) do not overwrite the first.
            if !out.is_empty() && is_set(&rec.meta, name) {
                continue;
            }
            if name == "GameType" {
                if let Ok(gt) = value.parse::<GameType>() {
                    rec.game_type = gt;
                    *given = true;
                }
            } else if name == "Position" {
                rec.meta.extra.push((name.to_string(), value));
            } else if name == "Date" {
                // `March 1, 2024` becomes PGN's `2024.03.01` when it can be read.
                let date = super::sgf::pgn_date(&value).unwrap_or(value);
                rec.meta.set(name, &date);
            } else if !value.is_empty() {
                rec.meta.set(name, &value);
            }
            continue;
        }
        if has_table {
            continue;
        }
        let mut t = raw.trim();
        if t.is_empty() || t.starts_with('#') || t.starts_with("//") {
            continue;
        }
        if let Some((name, value)) = super::pgn::tag_pair(t) {
            if name.eq_ignore_ascii_case("GameType") {
                if let Ok(gt) = value.parse::<GameType>() {
                    rec.game_type = gt;
                    *given = true;
                }
            } else {
                rec.meta.set(name, &value);
            }
            continue;
        }
        if whole {
            kept.push(raw);
            in_comment = comment_open(false, raw);
            continue;
        }
        let mut comment = None;
        let owned;
        if let Some(a) = t.find('{') {
            let c = &t[a + 1..];
            comment = Some(c.split('}').next().unwrap_or("").trim().to_string());
            owned = t[..a].to_string();
            t = owned.as_str();
        }
        let (_, body) = strip_number(t);
        if let Some(res) = parse_result(body) {
            rec.meta.result = Some(res);
            continue;
        }
        let moves = split_moves(format, body, out.len());
        let n = moves.len();
        for (k, m) in moves.into_iter().enumerate() {
            out.push(MoveListEntry {
                line,
                ply: None,
                text: m,
                comment: if k + 1 == n { comment.take() } else { None },
            });
        }
        if let Some(c) = comment {
            comments.push((out.len(), c));
        }
    }
    Body {
        entries: out,
        comments,
        text: whole.then(|| kept.join("\n")),
    }
}

/// Whether a `{comment}` is still open after `line` (braces do not nest).
fn comment_open(open: bool, line: &str) -> bool {
    line.chars().fold(open, |open, c| match c {
        '{' => true,
        '}' => false,
        _ => open,
    })
}

/// A markdown table row with a turn number: `|  4. | A+Pa | A+Qa |`.
fn table_row(line: &str) -> Option<(usize, Vec<String>)> {
    let t = line.trim();
    let inner = t.strip_prefix('|')?;
    let inner = inner.strip_suffix('|').unwrap_or(inner);
    let mut cells = inner.split('|');
    let first = cells.next()?.trim();
    // Turn numbers past any real game are not a table of moves.
    let turn: usize = first
        .trim_end_matches('.')
        .parse()
        .ok()
        .filter(|t| (1..=MAX_TURN).contains(t))?;
    Some((turn, cells.map(|c| c.trim().to_string()).collect()))
}

/// Reads one move of a list in its notation.
pub(crate) fn read_move(format: Format, r: &mut Replayer, text: &str) -> Result<Move, ReadError> {
    if is_pass(text) {
        return Ok(Move::Pass);
    }
    // Lists in these notations are built in the canonical frame, as fixed so far.
    let canonical = || Frame::of_position(&r.pos);
    match format {
        Format::Direction => DirectionMove::read(&r.pos, &canonical(), text),
        Format::Algebraic => AlgebraicMove::read(&r.pos, &canonical(), text),
        // BoardGameArena renumbering first, then the standard reader's looser forms.
        _ => r
            .uhp_move(text)
            .or_else(|e| MoveString::read(&r.pos, &Frame::ENGINE, text).map_err(|_| e)),
    }
}

/// Reads a move list in `format`'s notation (see the module docs).
///
/// ```
/// use beeline::engine::position::Rules;
/// use beeline::record::{movelist, tree::Path, Format};
/// let text = "1. A G (1... M {or the Mosquito})\n2. Q+Am Q+Gn\n";
/// let rec = movelist::import(text, Format::Direction, Rules::default()).unwrap();
/// assert_eq!((rec.moves.len(), rec.tree.len()), (4, 5));
/// let alt = rec.tree.node_at(&"2.1.1".parse::<Path>().unwrap()).unwrap();
/// assert_eq!(rec.tree.comment(alt), Some("or the Mosquito"));
/// ```
/// The text without its `{…}` comments.
fn without_comments(t: &str) -> String {
    let mut out = String::with_capacity(t.len());
    let mut depth = 0usize;
    for c in t.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    out
}

pub fn import(text: &str, format: Format, rules: Rules) -> Result<Record, RecordError> {
    let mut rec = Record::new(GameType::MLP, format);
    rec.rules = rules;
    let mut given = false;
    let text = decode_entities(text);
    let body = entries(&text, format, &mut rec, &mut given);
    let position = rec.meta.extra.iter().position(|(n, _)| n == "Position");
    if let Some(i) = position {
        let (_, value) = rec.meta.extra.remove(i);
        super::position::start_record(&mut rec, &value, given)?;
        given = true;
    }
    // Comments alone are no record.
    let empty = match &body.text {
        Some(t) => without_comments(t).trim().is_empty(),
        None => body.entries.is_empty(),
    };
    if empty && !given && rec.meta == Default::default() {
        return Err(RecordError::UnknownFormat);
    }
    let mut rec = match &body.text {
        Some(t) => super::pgn::read_tree(rec, t, 1, format)?,
        None => play(rec, &body.entries, &body.comments, format),
    };
    if !given {
        // No game type named: the smallest one holding the bugs the game uses, in any line.
        let mut gt = GameType::BASE;
        for n in rec.tree.nodes() {
            match rec.tree.mv(n).and_then(|m| m.piece()).map(|p| p.bug()) {
                Some(Bug::Mosquito) => gt.mosquito = true,
                Some(Bug::Ladybug) => gt.ladybug = true,
                Some(Bug::Pillbug) => gt.pillbug = true,
                _ => {}
            }
        }
        if gt != rec.game_type && rec.error.is_none() {
            if let Some(tree) = retyped(&rec.tree, gt) {
                rec.game_type = gt;
                rec.set_tree(tree);
            }
        }
        rec.notices.insert(
            0,
            format!(
                "the list names no game type; it is read as {} (the bugs it uses)",
                rec.game_type
            ),
        );
    }
    Ok(rec)
}

/// The tree as a game of another type, if every move of it is legal there.
fn retyped(tree: &GameTree, gt: GameType) -> Option<GameTree> {
    let mut out = GameTree::new(gt, tree.rules());
    out.set_comment(out.root(), tree.comment(tree.root()))
        .ok()?;
    out.variation_errors = tree.variation_errors.clone();
    let mut ids = vec![out.root(); tree.capacity()];
    let mut pos = Position::with_rules(gt, tree.rules());
    // Depth first with one position, played and taken back: a replay per node would be
    // quadratic in long games.
    let mut stack = vec![WalkStep::Enter(tree.root())];
    while let Some(step) = stack.pop() {
        let n = match step {
            WalkStep::Enter(n) => n,
            WalkStep::Leave => {
                pos.undo();
                continue;
            }
        };
        if let (Some(mv), Some(parent)) = (tree.mv(n), tree.parent(n)) {
            pos.play(mv).ok()?;
            let id = out.push(ids[parent.index()], mv);
            out.set_comment(id, tree.comment(n)).ok()?;
            out.set_annotation(id, tree.annotation(n)).ok()?;
            ids[n.index()] = id;
            stack.push(WalkStep::Leave);
        }
        stack.extend(tree.children(n).iter().rev().map(|&c| WalkStep::Enter(c)));
    }
    Some(out)
}

fn play(
    rec: Record,
    list: &[MoveListEntry],
    comments: &[(usize, String)],
    format: Format,
) -> Record {
    let mut r = Replayer::new(rec);
    for e in list {
        if r.stopped() {
            break;
        }
        if let Some(target) = e.ply {
            let next = r.pos.ply();
            if target < next {
                if target == 0 {
                    r.notice(format!(
                        "line {}: a second game starts here; only the first is read",
                        e.line
                    ));
                } else {
                    r.fail(e.line, &e.text, ImportFault::TurnRepeated);
                }
                break;
            }
            // Missing cells: forced passes are filled in; anything else is an error.
            while r.pos.ply() < target && r.pos.legal_moves() == [Move::Pass] {
                r.notice(format!(
                    "line {}: a forced pass the list leaves out is played",
                    e.line
                ));
                r.play(e.line, "pass", Move::Pass);
            }
            if r.pos.ply() < target {
                let missing = r.pos.ply();
                r.fail(
                    e.line,
                    &e.text,
                    ImportFault::TurnMissing {
                        turn: missing / 2 + 1,
                        color: r.pos.to_move(),
                    },
                );
                break;
            }
        }
        match read_move(format, &mut r, &e.text) {
            Ok(mv) => {
                if r.play(e.line, &e.text, mv) {
                    if let Some(c) = &e.comment {
                        r.comment(c);
                    }
                }
            }
            Err(reason) => r.fail(e.line, &e.text, reason),
        }
    }
    for (ply, c) in comments {
        r.comment_at(*ply, c);
    }
    r.finish()
}
