//! Guesses a record's format from its text.
//!
//! SGF starts with `(;` (or holds BoardSpace's `GM[27]`); PGN opens with tag pairs or
//! numbered plies of MoveStrings; a UHP GameString starts with a GameType and `;`. Anything
//! else is a move list, whose notation is told by its first move: `wA1 -bQ` is standard,
//! `wA m-1 n+2` / `wA@m0` algebraic, `A+Pa` direction. `{Comments}` are set aside, and so
//! are a PGN body's variations and annotations when its plies are counted.
//!
//! ```
//! use beeline::record::{detect::detect, Format};
//! assert_eq!(detect("Base;NotStarted;White[1]"), Some(Format::Uhp));
//! assert_eq!(detect("(;GM[27]SU[hive]\n; P0[0 Start P0]\n)"), Some(Format::Sgf));
//! assert_eq!(detect("[GameType \"Base\"]\n\n1. wS1\n"), Some(Format::Pgn));
//! assert_eq!(detect("1. L P\n2. M+Lm A+Pn\n"), Some(Format::Direction));
//! assert_eq!(detect("wA1\nbG1 -wA1\n"), Some(Format::Standard));
//! assert_eq!(detect("wG @m0\nbG n0\n"), Some(Format::Algebraic));
//! assert_eq!(detect("wQ @m0 bQ @n0\nWhite to move\n"), Some(Format::Position));
//! assert_eq!(detect("Position: wQ @m0 bQ @n0; White to move\n"), Some(Format::Position));
//! ```

use super::movelist::decode_entities;
use super::pgn::{strip_number, tag_pair};
use super::Format;
use crate::engine::piece::{GameType, Piece};

pub fn detect(text: &str) -> Option<Format> {
    let t = text.trim_start_matches('\u{feff}').trim_start();
    if t.starts_with('(') || t.contains("GM[27]") {
        return Some(Format::Sgf);
    }
    let first_line = t.lines().next().unwrap_or("").trim();
    if let Some((gt, _)) = first_line.split_once(';') {
        if gt.trim().parse::<GameType>().is_ok() {
            return Some(Format::Uhp);
        }
    }
    if first_line.parse::<GameType>().is_ok() && t.lines().count() == 1 {
        return Some(Format::Uhp);
    }
    if tag_pair(first_line).is_some() {
        return Some(Format::Pgn);
    }
    if super::position::looks_like(t) {
        return Some(Format::Position);
    }
    let decoded = decode_entities(t);
    // A stray `{` that never closes hides nothing.
    let first_move = first_move(&without(&decoded, false)).or_else(|| first_move(&decoded))?;
    let mut words = first_move.split_whitespace();
    let head = words.next()?;
    let piece_first = head.len() >= 2
        && head.starts_with(['w', 'b'])
        && head[1..].starts_with(|c: char| c.is_ascii_uppercase());
    if !piece_first {
        return Some(Format::Direction);
    }
    // `wA1`, `wA1 -bQ`, `wB1 bQ`, `wS1 .`: standard. `wG @m0`, `wA m n2`, `wAmn2`: algebraic.
    if head.parse::<Piece>().is_err() {
        return Some(Format::Algebraic);
    }
    let second = words.next();
    let standard_ref =
        |w: &str| w == "." || w.trim_matches(['-', '/', '\\']).parse::<Piece>().is_ok();
    if second.is_none_or(standard_ref) {
        // Numbered one-ply-per-line lists of MoveStrings are Mzinga's PGN body (its
        // variations, comments and annotations aside).
        let decoded = without(&decoded, true);
        let numbered = decoded
            .lines()
            .filter(|l| strip_number(l).0.is_some())
            .count();
        if numbered > 0 && numbered == decoded.lines().filter(|l| !l.trim().is_empty()).count() {
            let plies_one_per_line = decoded.lines().filter(|l| !l.trim().is_empty()).all(|l| {
                let words = strip_number(l).1.split_whitespace();
                words.filter(|w| !is_annotation(w)).count() <= 2
            });
            if plies_one_per_line && consecutive_numbers(&decoded) {
                return Some(Format::Pgn);
            }
        }
        return Some(Format::Standard);
    }
    Some(Format::Algebraic)
}

/// The text without its `{comments}` and, with `variations`, its `( … )` variations
/// (nested); line breaks are kept. (Algebraic moves may hold parentheses: `wG j3 k1 (wP)`.)
fn without(text: &str, variations: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_comment = false;
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '\n' => out.push('\n'),
            _ if in_comment => in_comment = c != '}',
            '{' => in_comment = true,
            '(' if variations => depth += 1,
            ')' if variations && depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// A NAG (`$1`) or a suffix standing alone (`!?`).
fn is_annotation(word: &str) -> bool {
    word.starts_with('$') || word.bytes().all(|b| b == b'!' || b == b'?')
}

/// Whether the numbered lines count 1, 2, 3… (plies, as PGN numbers them).
fn consecutive_numbers(text: &str) -> bool {
    let ns: Vec<usize> = text.lines().filter_map(|l| strip_number(l).0).collect();
    ns.len() > 1 && ns.windows(2).all(|w| w[1] == w[0] + 1)
}

/// The text of the first move of a move list (after headers, numbers, table pipes).
fn first_move(text: &str) -> Option<String> {
    for line in text.lines() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') || l.starts_with("//") || l.starts_with('>') {
            continue;
        }
        if let Some(inner) = l.strip_prefix('|') {
            let mut cells = inner.split('|').map(str::trim);
            let first = cells.next().unwrap_or("");
            if first.trim_end_matches('.').parse::<usize>().is_ok() {
                if let Some(c) = cells.find(|c| !c.is_empty()) {
                    return Some(c.to_string());
                }
            }
            continue;
        }
        if l.contains(':') && !l.contains('|') {
            continue; // a header line
        }
        let (_, body) = strip_number(l);
        if !body.is_empty() {
            // The first move only: for standard lists, a piece and its reference.
            let words: Vec<&str> = body.split_whitespace().collect();
            return Some(words.iter().take(2).copied().collect::<Vec<_>>().join(" "));
        }
    }
    None
}
