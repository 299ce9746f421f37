//! PGN-style records as Mzinga and hivegame.com write them: tag pairs, then one numbered ply
//! per line (`3. wQ wL-`), `{comments}`, and a result line.
//!
//! ```
//! use beeline::engine::position::{GameState, Rules};
//! use beeline::record::pgn;
//! let text = "[GameType \"Base\"]\n[Result \"0-1\"]\n\n1. wS1 {solid}\n2. bS1 -wS1\n\n0-1\n";
//! let rec = pgn::import(text, Rules::default()).unwrap();
//! assert_eq!(rec.moves.len(), 2);
//! assert_eq!(rec.meta.result, Some(GameState::BlackWins));
//! assert_eq!(rec.comments, vec![(1, "solid".to_string())]);
//! ```

use super::{parse_result, Format, HeaderFault, Record, RecordError, Replayer};
use crate::engine::piece::GameType;
use crate::engine::position::Rules;

/// One `[Name "value"]` tag pair, if the line is one.
pub(crate) fn tag_pair(line: &str) -> Option<(&str, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    // PGN escapes: \" and \\.
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    Some((name, out))
}

/// Strips a leading ply/turn number (`12.`, `12...`).
pub(crate) fn strip_number(s: &str) -> (Option<usize>, &str) {
    let t = s.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return (None, t);
    }
    let rest = &t[digits..];
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    if dots == 0 {
        return (None, t);
    }
    (t[..digits].parse().ok(), rest[dots..].trim_start())
}

pub fn import(text: &str, rules: Rules) -> Result<Record, RecordError> {
    let mut game_type = None;
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut body_start = 0;
    for (line, l) in super::numbered_lines(text) {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        match tag_pair(t) {
            Some((name, value)) => {
                if name.eq_ignore_ascii_case("GameType") {
                    let gt: GameType = value.parse().map_err(|e| RecordError::Header {
                        line,
                        fault: HeaderFault::GameType(e),
                    })?;
                    game_type = Some(gt);
                } else {
                    tags.push((name.to_string(), value));
                }
            }
            None => {
                body_start = line;
                break;
            }
        }
    }
    let mut rec = Record::new(game_type.unwrap_or(GameType::BASE), Format::Pgn);
    if game_type.is_none() {
        rec.notices
            .push("the record names no GameType; it is read as Base".to_string());
    }
    rec.rules = rules;
    for (name, value) in &tags {
        rec.meta.set(name, value);
    }
    let mut r = Replayer::new(rec);
    if body_start == 0 {
        return Ok(r.finish());
    }
    for (line, l) in super::numbered_lines(text).skip(body_start - 1) {
        if r.stopped() {
            break;
        }
        let mut rest = l.trim();
        // A line may hold several plies and comments: `1. wS1 {c} 2. bS1 -wS1`.
        while !rest.is_empty() && !r.stopped() {
            if let Some(after) = rest.strip_prefix('{') {
                let (c, more) = after.split_once('}').unwrap_or((after, ""));
                r.comment(c);
                rest = more.trim_start();
                continue;
            }
            if rest.starts_with(';') || rest.starts_with('%') {
                r.comment(rest[1..].trim());
                break;
            }
            let (_, after_number) = strip_number(rest);
            if after_number.is_empty() {
                break;
            }
            // The move runs up to the next comment or number.
            let end = next_move_end(after_number);
            let mv_text = after_number[..end].trim();
            rest = after_number[end..].trim_start();
            if mv_text.is_empty() {
                continue;
            }
            if let Some(res) = parse_result(mv_text).filter(|_| !mv_text.contains(' ')) {
                if r.rec.meta.result.is_none() {
                    r.rec.meta.result = Some(res);
                }
                continue;
            }
            if mv_text == "*" {
                continue;
            }
            match r.uhp_move(mv_text) {
                Ok(mv) => {
                    r.play(line, mv_text, mv);
                }
                Err(reason) => r.fail(line, mv_text, reason),
            }
        }
    }
    Ok(r.finish())
}

/// Where one MoveString ends in `s`: before a `{` comment or the next `N.` number.
fn next_move_end(s: &str) -> usize {
    let mut tokens = 0;
    let mut i = 0;
    let bytes = s.as_bytes();
    while i < bytes.len() {
        if bytes[i] == b'{' {
            return i;
        }
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b'{' {
            i += 1;
        }
        if strip_number(&s[start..i]).0.is_some() || tokens == 2 {
            return start;
        }
        tokens += 1;
    }
    s.len()
}
