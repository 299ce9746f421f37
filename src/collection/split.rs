//! Splits a text holding several game records into one text per game.
//!
//! * **PGN**, as chess PGN separates games: a tag pair line (`[Name "value"]`) that comes
//!   after movetext starts a new game. Tag lines inside a `{comment}` that spans lines do not
//!   count, nor do brackets inside comments or moves.
//! * **SGF**: each game tree `(;…)` at the top level is a game (brackets inside property
//!   values, `\]` escapes included, do not count), except a tree whose root node (the game's
//!   properties: players, date, game name) is an earlier tree's: BoardSpace writes some
//!   records twice in one file, and the importer reads the first.
//! * **UHP GameStrings**: a line starting with a GameType and `;` is a game by itself.
//!
//! Anything else stays with the game before it (move lists in the three notations are one
//! game per text). Blank stretches between games are dropped.
//!
//! ```
//! use beeline::collection::split::split_records;
//! let text = "[White \"a\"]\n\n1. wS1\n\n[White \"b\"]\n\n1. wA1 {see [this]}\n";
//! let games = split_records(text);
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[1].line, 5);
//! assert!(games[1].text.starts_with("[White \"b\"]"));
//! ```

use crate::engine::piece::GameType;
use crate::record::pgn::tag_pair;
use std::collections::HashSet;

/// One game's text inside a larger text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Chunk<'a> {
    /// The 1-based line of the larger text where the game starts.
    pub line: usize,
    /// The byte offset where it starts.
    pub offset: usize,
    pub text: &'a str,
}

/// Whether a line starts a UHP GameString (`Base+MLP;InProgress;…`).
fn is_game_string(line: &str) -> bool {
    // Game types start with `Base` (a quick refusal of the other lines).
    line.starts_with(['B', 'b'])
        && line
            .split_once(';')
            .is_some_and(|(gt, _)| !gt.is_empty() && gt.trim().parse::<GameType>().is_ok())
}

/// Whether a line opens an SGF game tree: `(` then, after blanks, `;`.
fn opens_sgf(line: &str) -> bool {
    line.strip_prefix('(')
        .is_some_and(|rest| rest.trim_start().starts_with(';'))
}

/// The end (exclusive) of the SGF game tree starting at byte `start` of `text` (a `(`):
/// after its matching `)`, or the end of the text if it never closes.
fn sgf_end(text: &str, start: usize) -> usize {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut in_value = false;
    let mut i = start;
    while i < b.len() {
        let c = b[i];
        if in_value {
            match c {
                b'\\' => i += 1,
                b']' => in_value = false,
                _ => {}
            }
        } else {
            match c {
                b'[' => in_value = true,
                b'(' => depth += 1,
                b')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return i + 1;
                    }
                }
                _ => {}
            }
        }
        i += 1;
    }
    b.len()
}

/// The root node of an SGF game tree (its game properties: players, date, game name…),
/// without blanks: two trees with the same root are one game written twice.
fn sgf_root(tree: &str) -> String {
    let body = tree.trim_start().trim_start_matches('(').trim_start();
    let body = body.strip_prefix(';').unwrap_or(body);
    let mut out = String::new();
    let mut in_value = false;
    let mut escaped = false;
    for c in body.chars() {
        if in_value {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == ']' {
                in_value = false;
            }
        } else if c == '[' {
            in_value = true;
        } else if matches!(c, ';' | '(' | ')') {
            break;
        }
        if !c.is_whitespace() {
            out.push(c);
        }
    }
    out
}

/// Splits `text` into the games it holds, in order (see the module's documentation). A text
/// of one game gives one chunk; a blank text none.
pub fn split_records(text: &str) -> Vec<Chunk<'_>> {
    // A list, not a hash set: the first screen splits pasted texts, and a set's hashing
    // would be its code alone.
    split_tail(text, &mut Vec::new())
        .chunks
        .into_iter()
        .map(|(chunk, _)| chunk)
        .collect()
}

/// A text split ([`split_tail`]).
pub struct SplitText<'a> {
    /// Its chunks, each with the SGF root it added to the roots seen, if it is an SGF tree.
    pub chunks: Vec<(Chunk<'a>, Option<u64>)>,
    /// The place (byte offset, line) of the last SGF tree left out as a game written twice.
    pub dropped: Option<(usize, usize)>,
}

/// The SGF roots seen so far: whether one is new (then kept), and one taken out again.
pub trait Roots {
    fn insert_new(&mut self, root: u64) -> bool;
    fn forget(&mut self, root: u64);
}

impl Roots for Vec<u64> {
    fn insert_new(&mut self, root: u64) -> bool {
        let new = !self.contains(&root);
        if new {
            self.push(root);
        }
        new
    }
    fn forget(&mut self, root: u64) {
        self.retain(|&r| r != root);
    }
}

impl Roots for HashSet<u64> {
    fn insert_new(&mut self, root: u64) -> bool {
        self.insert(root)
    }
    fn forget(&mut self, root: u64) {
        self.remove(&root);
    }
}

/// The fingerprint of an SGF tree's root node, by which a tree written twice is known
/// (64-bit FNV-1a: a few instructions on the first screen, where SipHash would be its code).
fn root_key(root: &str) -> u64 {
    root.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// [`split_records`] for a text read in blocks: `seen` holds the SGF roots of the blocks
/// before, and each chunk comes with the root it added to `seen`, if it is an SGF tree, so
/// that a chunk held back for the next block (the last, maybe cut by the block's end) can
/// take its root out again. Also the place of the last SGF tree left out as a game written
/// twice: when no chunk starts after it, a block's end may cut that tree, and the next block
/// must start with it to skip the rest of it.
pub fn split_tail<'a>(text: &'a str, seen: &mut impl Roots) -> SplitText<'a> {
    let mut dropped = None;
    let mut out = Vec::new();
    let mut push = |start: usize, line: usize, end: usize, root: Option<u64>| {
        let s = &text[start..end];
        if !s.trim().is_empty() {
            // Start at the first non-blank line, so line numbers point at the game.
            let lead = s.len() - s.trim_start().len();
            let skipped = &s[..lead];
            let back = skipped.rfind('\n').map_or(0, |i| i + 1);
            let blank_lines = skipped[..back].matches('\n').count();
            out.push((
                Chunk {
                    line: line + blank_lines,
                    offset: start + back,
                    text: &s[back..],
                },
                root,
            ));
        }
    };
    let mut start = 0usize; // the current chunk
    let mut start_line = 1usize;
    let mut has_moves = false;
    let mut in_comment = false;
    let mut at = 0usize; // the current line
    let mut line_no = 1usize;
    while at < text.len() {
        let end = text[at..].find('\n').map_or(text.len(), |i| at + i + 1);
        let line = &text[at..end];
        let trimmed = line.trim_start_matches('\u{feff}').trim();
        if !in_comment && opens_sgf(trimmed) {
            push(start, start_line, at, None);
            let open =
                at + (line.len() - line.trim_start_matches(['\u{feff}', ' ', '\t', '\r']).len());
            let close = sgf_end(text, open);
            // The rest of the closing line belongs to the tree.
            let next = text[close..]
                .find('\n')
                .map_or(text.len(), |i| close + i + 1);
            // BoardSpace writes some records twice in one file: a tree with the root node
            // (players, date, game name) of an earlier one is that game again.
            let root = root_key(&sgf_root(&text[open..close]));
            if seen.insert_new(root) {
                push(at, line_no, next, Some(root));
            } else {
                dropped = Some((at, line_no));
            }
            line_no += text[at..next].matches('\n').count();
            at = next;
            start = at;
            start_line = line_no;
            has_moves = false;
            continue;
        }
        if !in_comment && is_game_string(trimmed) {
            push(start, start_line, at, None);
            push(at, line_no, end, None);
            start = end;
            start_line = line_no + 1;
            has_moves = false;
        } else if !in_comment && tag_pair(trimmed).is_some() {
            if has_moves {
                push(start, start_line, at, None);
                start = at;
                start_line = line_no;
                has_moves = false;
            }
        } else if !trimmed.is_empty() {
            if !in_comment {
                has_moves = true;
            }
            for &b in trimmed.as_bytes() {
                match b {
                    b'{' => in_comment = true,
                    b'}' => in_comment = false,
                    // A `;` comment runs to the end of the line.
                    b';' if !in_comment => break,
                    _ => {}
                }
            }
        }
        at = end;
        line_no += 1;
    }
    push(start, start_line, text.len(), None);
    SplitText {
        chunks: out,
        dropped,
    }
}
