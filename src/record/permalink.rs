//! Permalinks: a whole game tree, its metadata and the move shown, in a URL fragment.
//!
//! Layout (version 2), then URL-safe base64 without padding (the varints, the checksum and
//! the base64 are [`crate::codec`]'s):
//!
//! | size | content |
//! |---|---|
//! | 1 byte | version (2) |
//! | 1 byte | game type bits (M, L, P), tournament opening, canonical coordinates, repetition draw, set-up start, puzzle |
//! | 1 byte | format the record came in |
//! | 1 byte | stated result (0 none, else 1 + UHP state) |
//! | varint | the node shown, by its number in preorder (0 the root, 1 the first move) |
//! | 6 × (varint + UTF-8) | White, Black, Date, Event, Site, Round (empty: unknown) |
//! | only with the set-up bit | the start position: side to move (0 White, 1 Black), number of stacks, then per stack its cell (q, r as zigzag varints), its height and one byte per piece bottom to top (8 × colour + bug, in `Bug::ALL` order) |
//! | varint | number of notes |
//! | per note | varint `16 × gap + 8 × (has a comment) + NAG` (NAG 0: no annotation), then the comment as varint + UTF-8 if it has one |
//! | bits | the tree in preorder: per node its move (none for the root) then its number of children |
//! | 4 bytes | FNV-1a 64 of everything before, low 32 bits |
//!
//! Nodes are numbered in preorder, main line first (a node's first child is its main line).
//! Notes come in preorder, one for each node with a comment or an annotation (a game without
//! any costs one byte); a note's gap is its node's number minus the previous note's minus
//! one (the first note's: its node's number). The bits run from the high bit of each byte
//! to the end of the link, the last byte padded with zeros. A move is its index among the
//! legal moves sorted by (kind, piece, from, to), in ⌈log₂ n⌉ bits when n moves are legal:
//! nothing for a forced move. A number of children is `1` for one, `01` for none, and for
//! two or more `00`, then a `1` for each child past the second, then a `0`: a main line
//! costs one bit a move, and the tree needs no count (it ends when every node has its
//! children). The decoder takes one spelling only: two children with the same move, a note
//! of nothing, padding bits set or bytes after the tree are errors.
//!
//! Moves are indices into legal-move lists, so replaying them rebuilds the very same engine
//! coordinates: a record with its own frame (the first piece at the origin, the second
//! where the record put it) keeps its standard notation. The frame bit says which frame
//! the standard notation is written in. Notices and other tags are not kept.
//!
//! The encoder always writes version 2. It leaves out moves past the [`MAX_MOVES`]th in
//! preorder (and any move the record's rules forbid, with what follows it), cuts names to
//! 200 bytes and comments to [`MAX_COMMENT`] bytes, and, should the link still pass
//! [`MAX_FRAGMENT`] characters, drops comments from the last one back until it fits (the
//! rest always does). A node it leaves out is shown by its nearest ancestor kept.
//!
//! Version 1 links (main line only) still open, at the main line's node of their ply:
//!
//! | size | content |
//! |---|---|
//! | 4 bytes, varint, 6 texts | as version 2, with version 1 and the ply shown for the node |
//! | varint | number of moves |
//! | per move | its index among the sorted legal moves: nothing when only one move is legal, 1 byte up to 256, else 2 |
//! | 4 bytes | checksum, as version 2 |
//!
//! ```
//! use beeline::record::{import, permalink};
//! let rec = import("Base;InProgress;White[2];wS1;bS1 -wS1", None).unwrap();
//! let link = permalink::encode_ply(&rec, 1);
//! let (back, node) = permalink::decode(&link).unwrap();
//! assert_eq!(back.tree, rec.tree);
//! assert_eq!(back.tree.path(node).unwrap().to_string(), "1");
//! assert!(permalink::decode(&link[..link.len() - 1]).is_err());
//! ```

use super::tree::{Annotation, GameTree, NodeId};
use super::{Format, Record};
use crate::codec::{self, Base64Error, ByteError, ByteReader};
use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, GameType, PIECE_COUNT};
use crate::engine::position::{GameState, Move, Rules};
use crate::engine::setup::Setup;
use crate::notation::Coordinates;
use std::collections::HashMap;
use thiserror::Error;

const VERSION: u8 = 2;
/// Longest fragment accepted by the decoder: a tree of [`MAX_MOVES`] moves without comments
/// fits, so the encoder can always stay within it.
pub const MAX_FRAGMENT: usize = 64 * 1024;
/// Most moves a link may hold (forced moves take no bits, so the length does not bound it).
pub const MAX_MOVES: usize = 10_000;
/// Longest comment a link may hold, in bytes.
pub const MAX_COMMENT: usize = 1000;
/// Names and other metadata are cut to this many bytes: a link is no archive.
const MAX_META: usize = 200;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PermalinkError {
    #[error("the link is empty")]
    Empty,
    #[error("the link is too long")]
    TooLong,
    #[error("the link has a character that cannot be in it: '{0}'")]
    Character(char),
    #[error("the link is damaged (its length or last character is wrong)")]
    Length,
    #[error("the link is damaged (checksum mismatch)")]
    Checksum,
    #[error("the link was made by another version ({0})")]
    Version(u8),
    #[error("the link is damaged (it ends too early)")]
    Truncated,
    #[error("the link is damaged (it names an unknown format or result)")]
    Header,
    #[error("the link holds more than {MAX_MOVES} moves")]
    TooManyMoves,
    #[error("the link is damaged (move {0} is not a legal move)")]
    BadMove(usize),
    #[error("the link is damaged (move {0} repeats the move of an earlier variation)")]
    Duplicate(usize),
    #[error("the link is damaged (a name or comment in it is not valid text)")]
    Text,
    #[error("the link is damaged (a comment or annotation in it belongs to no move)")]
    Note,
    #[error("the link is damaged (the move it shows is not in the game)")]
    Shown,
    #[error("the link is damaged (unexpected data at its end)")]
    Trailing,
    #[error("the link's start position cannot stand: {0}")]
    Setup(String),
}

/// URL-safe base64 without padding, as links are written ([`codec::base64url_encode`]).
pub fn base64_encode(bytes: &[u8]) -> String {
    codec::base64url_encode(bytes)
}

/// The bytes of a link's text ([`codec::base64url_decode`]): strict, so every byte string
/// has exactly one spelling.
pub fn base64_decode(text: &str) -> Result<Vec<u8>, PermalinkError> {
    codec::base64url_decode(text).map_err(|e| match e {
        Base64Error::Character(c) => PermalinkError::Character(c),
        Base64Error::Length => PermalinkError::Length,
    })
}

impl From<ByteError> for PermalinkError {
    fn from(e: ByteError) -> PermalinkError {
        match e {
            // No link holds a number past its bits: such bytes are as damaged as cut ones.
            ByteError::Truncated | ByteError::Overlong => PermalinkError::Truncated,
            ByteError::Text => PermalinkError::Text,
        }
    }
}

/// Links' numbers are varints of at most 28 bits (ample for [`MAX_FRAGMENT`]).
const NUMBER_BITS: u32 = 28;

fn put_number(out: &mut Vec<u8>, n: usize) {
    codec::put_varint(out, n as u64);
}

fn put_text(out: &mut Vec<u8>, s: &str) {
    put_number(out, s.len());
    out.extend_from_slice(s.as_bytes());
}

/// The longest prefix of `s` of at most `max` bytes that ends at a character boundary.
fn cut(s: &str, max: usize) -> &str {
    let mut end = s.len().min(max);
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

/// A move's place in the fixed order of a position's legal moves, independent of move
/// generation: links hold a move as its index in that order.
fn move_key(m: &Move) -> (u8, u8, i32, i32, i32, i32) {
    match *m {
        Move::Pass => (0, 0, 0, 0, 0, 0),
        Move::Place { piece, to } => (1, piece.0, 0, 0, to.q, to.r),
        Move::Move { piece, from, to } => (2, piece.0, from.q, from.r, to.q, to.r),
    }
}

/// The index of `mv` among the legal moves `moves` in their fixed order (the number of moves
/// before it: the keys are unique), if it is one of them. Counting, not sorting: a link of
/// a long game is written at every step.
fn index_among(moves: &[Move], mv: Move) -> Option<usize> {
    if !moves.contains(&mv) {
        return None;
    }
    let key = move_key(&mv);
    Some(moves.iter().filter(|m| move_key(m) < key).count())
}

/// The move at `index` among the legal moves `moves` in their fixed order: a selection in
/// linear time (on average) rather than a sort of every position's moves, since a link is
/// read when the app opens. Written out: the standard library's selection took 2 KB of the
/// app's first module.
fn move_at(mut moves: Vec<Move>, index: usize) -> Option<Move> {
    if index >= moves.len() {
        return None;
    }
    let (mut lo, mut hi) = (0, moves.len());
    loop {
        // Three parts of moves[lo..hi] around the middle one's key: before, equal, after.
        let pivot = move_key(&moves[lo + (hi - lo) / 2]);
        let (mut lt, mut i, mut gt) = (lo, lo, hi);
        while i < gt {
            let k = move_key(&moves[i]);
            if k < pivot {
                moves.swap(lt, i);
                lt += 1;
                i += 1;
            } else if k > pivot {
                gt -= 1;
                moves.swap(i, gt);
            } else {
                i += 1;
            }
        }
        if index < lt {
            hi = lt;
        } else if index >= gt {
            lo = gt;
        } else {
            return Some(moves[index]);
        }
    }
}

/// Bits for an index among `n` legal moves: ⌈log₂ n⌉.
fn width(n: usize) -> u32 {
    match n {
        0 | 1 => 0,
        _ => usize::BITS - (n - 1).leading_zeros(),
    }
}

fn state_code(s: Option<GameState>) -> u8 {
    match s {
        None => 0,
        Some(GameState::NotStarted) => 1,
        Some(GameState::InProgress) => 2,
        Some(GameState::Draw) => 3,
        Some(GameState::WhiteWins) => 4,
        Some(GameState::BlackWins) => 5,
    }
}

/// A node as the link holds it.
struct LinkNode<'a> {
    id: NodeId,
    /// The move's index among the sorted legal moves, and how many moves were legal.
    index: usize,
    legal: usize,
    /// Children kept in the link.
    children: usize,
    /// 0 for no annotation.
    nag: u8,
    /// Empty for no comment.
    comment: &'a str,
}

impl<'a> LinkNode<'a> {
    fn new(tree: &'a GameTree, id: NodeId, index: usize, legal: usize) -> LinkNode<'a> {
        // Trimmed after the cut, as the decoder's tree would keep it.
        let comment = cut(tree.comment(id).unwrap_or(""), MAX_COMMENT).trim();
        LinkNode {
            id,
            index,
            legal,
            children: 0,
            nag: tree.annotation(id).map_or(0, Annotation::nag),
            comment,
        }
    }
}

/// The nodes a link keeps, in preorder, the root first: at most [`MAX_MOVES`] moves, each
/// legal under the record's rules (the tree's are, unless the record's rules were changed
/// after it was built).
fn walk(rec: &Record) -> Vec<LinkNode<'_>> {
    let tree = &rec.tree;
    let mut nodes = vec![LinkNode::new(tree, tree.root(), 0, 0)];
    let mut pos = rec.start();
    // The open nodes: each one's place in `nodes` and its next child to visit.
    let mut stack = vec![(0, 0)];
    while let Some((at, next)) = stack.last_mut() {
        let at = *at;
        let Some(&child) = tree.children(nodes[at].id).get(*next) else {
            stack.pop();
            if at != 0 {
                pos.undo();
            }
            continue;
        };
        *next += 1;
        if nodes.len() > MAX_MOVES {
            break;
        }
        let legal = pos.legal_moves();
        let Some((mv, index)) = tree
            .mv(child)
            .and_then(|mv| Some((mv, index_among(&legal, mv)?)))
        else {
            continue;
        };
        pos.play_unchecked(mv);
        nodes[at].children += 1;
        nodes.push(LinkNode::new(tree, child, index, legal.len()));
        stack.push((nodes.len() - 1, 0));
    }
    nodes
}

/// Bits, high bit first, appended to bytes.
struct BitWriter {
    out: Vec<u8>,
    /// Bits used in the last byte (0: it is full or there is none).
    used: u32,
}

impl BitWriter {
    fn put(&mut self, value: usize, width: u32) {
        for i in (0..width).rev() {
            if self.used == 0 {
                self.out.push(0);
            }
            if let Some(last) = self.out.last_mut() {
                *last |= u8::from((value >> i) & 1 == 1) << (7 - self.used);
            }
            self.used = (self.used + 1) % 8;
        }
    }

    fn children(&mut self, n: usize) {
        match n {
            0 => self.put(0b01, 2),
            1 => self.put(1, 1),
            _ => {
                self.put(0, 2);
                for _ in 2..n {
                    self.put(1, 1);
                }
                self.put(0, 1);
            }
        }
    }
}

/// A set-up start: the side to move, the number of stacks, then per stack its cell (two
/// zigzag varints), its height and its pieces bottom to top, one byte each (8 × colour +
/// bug).
fn put_setup(out: &mut Vec<u8>, setup: &Setup) {
    out.push(u8::from(setup.to_move == Color::Black));
    put_number(out, setup.stacks.len());
    for (h, pieces) in &setup.stacks {
        codec::put_zigzag(out, h.q);
        codec::put_zigzag(out, h.r);
        out.push(pieces.len() as u8);
        for &(color, bug) in pieces {
            out.push(u8::from(color == Color::Black) << 3 | bug as u8);
        }
    }
}

/// The bytes of a link before its checksum, with the first `comments` comments (in preorder).
fn body(rec: &Record, nodes: &[LinkNode], shown: usize, comments: usize) -> Vec<u8> {
    let mut out = vec![VERSION];
    let gt = rec.game_type;
    let setup = rec.tree.setup();
    let flags = u8::from(gt.mosquito)
        | u8::from(gt.ladybug) << 1
        | u8::from(gt.pillbug) << 2
        | u8::from(rec.rules.tournament_opening) << 3
        | u8::from(rec.coordinates == Coordinates::Canonical) << 4
        | u8::from(rec.rules.repetition_draw) << 5
        | u8::from(setup.is_some()) << 6
        | u8::from(rec.puzzle) << 7;
    out.push(flags);
    out.push(rec.format.code());
    out.push(state_code(rec.meta.result));
    put_number(&mut out, shown);
    let m = &rec.meta;
    for s in [&m.white, &m.black, &m.date, &m.event, &m.site, &m.round] {
        put_text(&mut out, cut(s.as_deref().unwrap_or(""), MAX_META));
    }
    if let Some(setup) = setup {
        put_setup(&mut out, &setup);
    }
    let mut left = comments;
    let notes: Vec<(usize, u8, &str)> = nodes
        .iter()
        .enumerate()
        .filter_map(|(i, n)| {
            let comment = if n.comment.is_empty() || left == 0 {
                ""
            } else {
                left -= 1;
                n.comment
            };
            (n.nag != 0 || !comment.is_empty()).then_some((i, n.nag, comment))
        })
        .collect();
    put_number(&mut out, notes.len());
    let mut next = 0;
    for (i, nag, comment) in notes {
        let has_comment = usize::from(!comment.is_empty());
        put_number(
            &mut out,
            (i - next) << 4 | has_comment << 3 | usize::from(nag),
        );
        if !comment.is_empty() {
            put_text(&mut out, comment);
        }
        next = i + 1;
    }
    let mut bits = BitWriter { out, used: 0 };
    for (i, n) in nodes.iter().enumerate() {
        if i > 0 {
            bits.put(n.index, width(n.legal));
        }
        bits.children(n.children);
    }
    bits.out
}

/// The body with its checksum, in base64.
fn seal(mut body: Vec<u8>) -> String {
    let sum = codec::fnv1a_64(&body) as u32;
    body.extend_from_slice(&sum.to_be_bytes());
    base64_encode(&body)
}

/// The fragment for a record's tree shown at node `at` (the root if the tree has no such
/// node).
pub fn encode(rec: &Record, at: NodeId) -> String {
    let nodes = walk(rec);
    let place: HashMap<NodeId, usize> = nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect();
    let shown = std::iter::successors(Some(at), |&n| rec.tree.parent(n))
        .find_map(|n| place.get(&n).copied())
        .unwrap_or(0);
    let link = |comments| seal(body(rec, &nodes, shown, comments));
    let all = nodes.iter().filter(|n| !n.comment.is_empty()).count();
    let full = link(all);
    if full.len() <= MAX_FRAGMENT {
        return full;
    }
    // Only comments can make a link too long: keep as many of the first ones as fit.
    let (mut fits, mut too_many) = (0, all);
    while too_many - fits > 1 {
        let mid = (fits + too_many) / 2;
        if link(mid).len() <= MAX_FRAGMENT {
            fits = mid;
        } else {
            too_many = mid;
        }
    }
    link(fits)
}

/// The fragment for a record shown at the main line's move of `ply` (clamped to the main
/// line; 0 is the root).
pub fn encode_ply(rec: &Record, ply: usize) -> String {
    let main = rec.tree.mainline_nodes();
    let at = ply
        .min(main.len())
        .checked_sub(1)
        .map_or(rec.tree.root(), |i| main[i]);
    encode(rec, at)
}

fn read_number(r: &mut ByteReader) -> Result<usize, PermalinkError> {
    Ok(r.varint(NUMBER_BITS)? as usize)
}

fn read_text(r: &mut ByteReader) -> Result<String, PermalinkError> {
    let n = read_number(r)?;
    Ok(r.str(n)?.to_string())
}

/// The record the header describes, with no moves, and the node shown.
fn read_header(r: &mut ByteReader) -> Result<(Record, usize), PermalinkError> {
    let flags = r.byte()?;
    let game_type = GameType {
        mosquito: flags & 1 != 0,
        ladybug: flags & 2 != 0,
        pillbug: flags & 4 != 0,
    };
    let format = Format::from_code(r.byte()?).ok_or(PermalinkError::Header)?;
    let mut rec = Record::new(game_type, format);
    rec.rules = Rules {
        tournament_opening: flags & 8 != 0,
        repetition_draw: flags & 32 != 0,
    };
    rec.coordinates = if flags & 16 != 0 {
        Coordinates::Canonical
    } else {
        Coordinates::Record
    };
    rec.meta.result = match r.byte()? {
        0 => None,
        1 => Some(GameState::NotStarted),
        2 => Some(GameState::InProgress),
        3 => Some(GameState::Draw),
        4 => Some(GameState::WhiteWins),
        5 => Some(GameState::BlackWins),
        _ => return Err(PermalinkError::Header),
    };
    let shown = read_number(r)?;
    let m = &mut rec.meta;
    for field in [
        &mut m.white,
        &mut m.black,
        &mut m.date,
        &mut m.event,
        &mut m.site,
        &mut m.round,
    ] {
        *field = Some(read_text(r)?).filter(|s| !s.is_empty());
    }
    rec.puzzle = flags & 128 != 0;
    if flags & 64 != 0 {
        let setup = read_setup(r, game_type)?;
        let start = setup
            .position(rec.rules)
            .map_err(|e| PermalinkError::Setup(e.to_string()))?;
        rec.tree = GameTree::from_position(start);
    }
    Ok((rec, shown))
}

/// A set-up position, as [`put_setup`] writes it.
fn read_setup(r: &mut ByteReader, game_type: GameType) -> Result<Setup, PermalinkError> {
    let to_move = match r.byte()? {
        0 => Color::White,
        1 => Color::Black,
        _ => return Err(PermalinkError::Setup("no side to move".into())),
    };
    let n = read_number(r)?;
    if n > PIECE_COUNT {
        return Err(PermalinkError::Setup("too many stacks".into()));
    }
    let mut stacks = Vec::with_capacity(n);
    for _ in 0..n {
        let q = r.zigzag(NUMBER_BITS)?;
        let row = r.zigzag(NUMBER_BITS)?;
        let height = usize::from(r.byte()?);
        if height == 0 || height > PIECE_COUNT {
            return Err(PermalinkError::Setup("a stack of no pieces".into()));
        }
        let mut pieces = Vec::with_capacity(height);
        for _ in 0..height {
            let b = r.byte()?;
            let bug = *Bug::ALL
                .get(usize::from(b & 7))
                .ok_or(PermalinkError::Header)?;
            let color = if b & 8 == 0 {
                Color::White
            } else {
                Color::Black
            };
            if b >> 4 != 0 {
                return Err(PermalinkError::Setup("an unknown piece".into()));
            }
            pieces.push((color, bug));
        }
        stacks.push((Hex::new(q, row), pieces));
    }
    Ok(Setup {
        game_type,
        to_move,
        stacks,
    })
}

/// A version 1 main line: the tree and its nodes, the root first.
fn read_main_line(
    r: &mut ByteReader,
    rec: &Record,
) -> Result<(GameTree, Vec<NodeId>), PermalinkError> {
    let n = read_number(r)?;
    if n > MAX_MOVES {
        return Err(PermalinkError::TooManyMoves);
    }
    let mut tree = GameTree::from_position(rec.start());
    let mut nodes = vec![tree.root()];
    let mut pos = rec.start();
    for k in 1..=n {
        let legal = pos.legal_moves();
        let i = match legal.len() {
            0 | 1 => 0,
            2..=256 => usize::from(r.byte()?),
            _ => usize::from(u16::from_be_bytes([r.byte()?, r.byte()?])),
        };
        let mv = move_at(legal, i).ok_or(PermalinkError::BadMove(k))?;
        pos.play_unchecked(mv);
        nodes.push(tree.push(nodes[k - 1], mv));
    }
    Ok((tree, nodes))
}

/// Version 2 notes: (node number, annotation, comment), each with one or both.
fn read_notes(r: &mut ByteReader) -> Result<Vec<Note>, PermalinkError> {
    let n = read_number(r)?;
    if n > MAX_MOVES + 1 {
        return Err(PermalinkError::TooManyMoves);
    }
    let mut notes = Vec::new();
    let mut next = 0usize;
    for _ in 0..n {
        let v = read_number(r)?;
        let node = next.checked_add(v >> 4).ok_or(PermalinkError::Note)?;
        let nag = (v & 7) as u8;
        let annotation = match nag {
            0 => None,
            _ => Some(Annotation::from_nag(nag).ok_or(PermalinkError::Note)?),
        };
        let comment = match v & 8 {
            0 => None,
            _ => {
                let len = read_number(r)?;
                if len == 0 {
                    return Err(PermalinkError::Note);
                }
                if len > MAX_COMMENT {
                    return Err(PermalinkError::TooLong);
                }
                Some(r.str(len)?.to_string())
            }
        };
        if annotation.is_none() && comment.is_none() {
            return Err(PermalinkError::Note);
        }
        notes.push(Note {
            node,
            annotation,
            comment,
        });
        next = node + 1;
    }
    Ok(notes)
}

/// A comment or annotation of a version 2 link, by its node's number in preorder.
struct Note {
    node: usize,
    annotation: Option<Annotation>,
    comment: Option<String>,
}

/// Bits, high bit first, that must end in the last byte.
struct BitReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl BitReader<'_> {
    fn bit(&mut self) -> Result<bool, PermalinkError> {
        let byte = self
            .bytes
            .get(self.at / 8)
            .ok_or(PermalinkError::Truncated)?;
        let b = byte >> (7 - self.at % 8) & 1 == 1;
        self.at += 1;
        Ok(b)
    }

    fn take(&mut self, width: u32) -> Result<usize, PermalinkError> {
        let mut n = 0;
        for _ in 0..width {
            n = n << 1 | usize::from(self.bit()?);
        }
        Ok(n)
    }

    fn children(&mut self) -> Result<usize, PermalinkError> {
        if self.bit()? {
            return Ok(1);
        }
        if self.bit()? {
            return Ok(0);
        }
        let mut n = 2;
        while self.bit()? {
            n += 1;
            if n > MAX_MOVES {
                return Err(PermalinkError::TooManyMoves);
            }
        }
        Ok(n)
    }

    /// A version 2 tree and its nodes in preorder, the root first.
    fn tree(&mut self, rec: &Record) -> Result<(GameTree, Vec<NodeId>), PermalinkError> {
        let mut tree = GameTree::from_position(rec.start());
        let root = tree.root();
        let mut nodes = vec![root];
        let mut pos = rec.start();
        // The open nodes, each with how many of its children are still to read.
        let mut stack = vec![(root, self.children()?)];
        while let Some((parent, left)) = stack.last_mut() {
            let parent = *parent;
            if *left == 0 {
                stack.pop();
                if parent != root {
                    pos.undo();
                }
                continue;
            }
            *left -= 1;
            let k = nodes.len();
            if k > MAX_MOVES {
                return Err(PermalinkError::TooManyMoves);
            }
            let legal = pos.legal_moves();
            let i = self.take(width(legal.len()))?;
            let mv = move_at(legal, i).ok_or(PermalinkError::BadMove(k))?;
            // The tree would merge the two: the link would have one spelling too many.
            if tree
                .children(parent)
                .iter()
                .any(|&c| tree.mv(c) == Some(mv))
            {
                return Err(PermalinkError::Duplicate(k));
            }
            pos.play_unchecked(mv);
            let id = tree.push(parent, mv);
            nodes.push(id);
            stack.push((id, self.children()?));
        }
        // Only the last byte's padding may follow, all zeros.
        let rest = self.bytes.get(self.at / 8..).unwrap_or(&[]);
        let padding = match self.at % 8 {
            0 => rest.is_empty(),
            used => rest.len() == 1 && rest[0] << used == 0,
        };
        if !padding {
            return Err(PermalinkError::Trailing);
        }
        Ok((tree, nodes))
    }
}

/// Decodes a fragment (a leading `#` is allowed) into the record and the node shown. The
/// record's tree and moves are set; a version 1 link's tree is its main line.
pub fn decode(fragment: &str) -> Result<(Record, NodeId), PermalinkError> {
    let text = fragment.trim().trim_start_matches('#');
    if text.is_empty() {
        return Err(PermalinkError::Empty);
    }
    if text.len() > MAX_FRAGMENT {
        return Err(PermalinkError::TooLong);
    }
    let bytes = base64_decode(text)?;
    if bytes.len() < 5 {
        return Err(PermalinkError::Truncated);
    }
    let (body, sum) = bytes.split_at(bytes.len() - 4);
    if (codec::fnv1a_64(body) as u32).to_be_bytes() != sum {
        return Err(PermalinkError::Checksum);
    }
    let mut r = ByteReader::new(body);
    let version = r.byte()?;
    if !(1..=VERSION).contains(&version) {
        return Err(PermalinkError::Version(version));
    }
    let (mut rec, shown) = read_header(&mut r)?;
    let (tree, nodes) = if version == 1 {
        let main = read_main_line(&mut r, &rec)?;
        if !r.rest().is_empty() {
            return Err(PermalinkError::Trailing);
        }
        main
    } else {
        let notes = read_notes(&mut r)?;
        let mut bits = BitReader {
            bytes: r.rest(),
            at: 0,
        };
        let (mut tree, nodes) = bits.tree(&rec)?;
        for note in notes {
            let id = *nodes.get(note.node).ok_or(PermalinkError::Note)?;
            if let Some(a) = note.annotation {
                // The root has no move to annotate.
                tree.set_annotation(id, Some(a))
                    .map_err(|_| PermalinkError::Note)?;
            }
            if let Some(c) = note.comment {
                tree.set_comment(id, Some(&c))
                    .map_err(|_| PermalinkError::Note)?;
            }
        }
        (tree, nodes)
    };
    let node = *nodes.get(shown).ok_or(PermalinkError::Shown)?;
    rec.set_tree(tree);
    Ok((rec, node))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::piece::GameType;
    use crate::engine::position::Position;

    /// Counting and selecting give every legal move the index a full sort gives it, in
    /// positions with passes, placements and moves of every kind.
    #[test]
    fn indices_are_the_places_in_the_sorted_order() {
        let mut pos = Position::new(GameType::MLP);
        let mut seen = 0;
        for ply in 0..60 {
            let moves = pos.legal_moves();
            let mut sorted = moves.clone();
            sorted.sort_unstable_by_key(move_key);
            for (i, &m) in sorted.iter().enumerate() {
                assert_eq!(index_among(&moves, m), Some(i), "ply {ply}: {m:?}");
                assert_eq!(move_at(moves.clone(), i), Some(m), "ply {ply}: index {i}");
            }
            assert_eq!(move_at(moves.clone(), moves.len()), None);
            seen += moves.len();
            // A varied game: the move in the middle of the order.
            let Some(&next) = sorted.get(sorted.len() / 2) else {
                break;
            };
            pos.play_unchecked(next);
        }
        assert!(seen > 1000, "{seen} moves checked");
        assert_eq!(index_among(&[Move::Pass], Move::Pass), Some(0));
        assert_eq!(index_among(&[], Move::Pass), None);
    }
}
