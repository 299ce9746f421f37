//! Permalinks: a whole game, its metadata and the ply shown, in a URL fragment.
//!
//! Layout (version 1), then URL-safe base64 without padding:
//!
//! | bytes | content |
//! |---|---|
//! | 1 | version (1) |
//! | 1 | game type bits (M, L, P), tournament opening, canonical coordinates, repetition draw |
//! | 1 | format the record came in |
//! | 1 | stated result (0 none, else 1 + UHP state) |
//! | varint | ply shown |
//! | 6 × (varint + UTF-8) | White, Black, Date, Event, Site, Round (empty: unknown) |
//! | varint | number of moves |
//! | per move | its index among the legal moves sorted by (kind, piece, from, to): nothing when only one move is legal, 1 byte up to 256, else 2 |
//! | 4 | FNV-1a 64 of everything before, low 32 bits |
//!
//! Moves are indices into legal-move lists, so replaying them rebuilds the very same engine
//! coordinates: a record with its own frame (the first piece at the origin, the second
//! where the record put it) keeps its standard notation. The frame bit says which frame
//! the standard notation is written in. Comments, notices and other tags are not kept.
//!
//! ```
//! use beeline::record::{import, permalink};
//! let rec = import("Base;InProgress;White[2];wS1;bS1 -wS1", None).unwrap();
//! let link = permalink::encode(&rec, 1);
//! let (back, ply) = permalink::decode(&link).unwrap();
//! assert_eq!((back.moves, ply), (rec.moves, 1));
//! assert!(permalink::decode(&link[..link.len() - 1]).is_err());
//! ```

use super::tree::GameTree;
use super::{Format, Record};
use crate::engine::piece::GameType;
use crate::engine::position::{GameState, Move, Position, Rules};
use crate::notation::Coordinates;
use thiserror::Error;

const VERSION: u8 = 1;
/// Longest fragment accepted by the decoder (a full game is far smaller).
const MAX_FRAGMENT: usize = 16 * 1024;
/// Most moves a link may hold (forced moves take no bytes, so the length does not bound it).
const MAX_MOVES: usize = 10_000;

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
    #[error("the link is damaged (move {0} is not a legal move)")]
    BadMove(usize),
    #[error("the link is damaged (unexpected data at its end)")]
    Trailing,
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// URL-safe base64 without padding.
pub fn base64_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// Strict decoding: unused bits of the last character must be zero, so every byte string
/// has exactly one spelling.
pub fn base64_decode(text: &str) -> Result<Vec<u8>, PermalinkError> {
    let mut vals = Vec::with_capacity(text.len());
    for c in text.chars() {
        let v = ALPHABET
            .iter()
            .position(|&a| a as char == c)
            .ok_or(PermalinkError::Character(c))?;
        vals.push(v as u32);
    }
    if vals.len() % 4 == 1 {
        return Err(PermalinkError::Length);
    }
    let mut out = Vec::with_capacity(vals.len() * 3 / 4);
    for chunk in vals.chunks(4) {
        let mut n = 0u32;
        for (i, v) in chunk.iter().enumerate() {
            n |= v << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        let keep = chunk.len() - 1;
        if keep < 3 && bytes[keep..].iter().any(|&b| b != 0) {
            return Err(PermalinkError::Length);
        }
        out.extend_from_slice(&bytes[..keep]);
    }
    Ok(out)
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn put_varint(out: &mut Vec<u8>, mut n: usize) {
    loop {
        let b = (n & 0x7f) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            return;
        }
        out.push(b | 0x80);
    }
}

/// The legal moves in a fixed order, independent of move generation.
fn sorted_moves(pos: &Position) -> Vec<Move> {
    let mut moves = pos.legal_moves();
    moves.sort_by_key(|m| match *m {
        Move::Pass => (0, 0, 0, 0, 0, 0),
        Move::Place { piece, to } => (1, piece.0, 0, 0, to.q, to.r),
        Move::Move { piece, from, to } => (2, piece.0, from.q, from.r, to.q, to.r),
    });
    moves
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

/// The fragment for a record shown at `ply` (clamped to the record's length).
pub fn encode(rec: &Record, ply: usize) -> String {
    // Each move as its index among the legal moves. A record holds legal moves only; should
    // one not be legal, the link keeps the moves before it.
    let mut pos = Position::with_rules(rec.game_type, rec.rules);
    let mut indices = Vec::with_capacity(rec.moves.len());
    for mv in &rec.moves {
        let legal = sorted_moves(&pos);
        let found = legal.iter().position(|m| m == mv);
        debug_assert!(found.is_some(), "{mv:?} is not legal after {pos:?}");
        let Some(i) = found else { break };
        indices.push((i, legal.len()));
        pos.play_unchecked(*mv);
    }
    let mut out = vec![VERSION];
    let gt = rec.game_type;
    let flags = u8::from(gt.mosquito)
        | u8::from(gt.ladybug) << 1
        | u8::from(gt.pillbug) << 2
        | u8::from(rec.rules.tournament_opening) << 3
        | u8::from(rec.coordinates == Coordinates::Canonical) << 4
        | u8::from(rec.rules.repetition_draw) << 5;
    out.push(flags);
    out.push(rec.format.code());
    out.push(state_code(rec.meta.result));
    put_varint(&mut out, ply.min(indices.len()));
    let m = &rec.meta;
    for s in [&m.white, &m.black, &m.date, &m.event, &m.site, &m.round] {
        let s = s.as_deref().unwrap_or("");
        // Overlong texts are cut at a character boundary: a link is no archive.
        let mut end = s.len().min(200);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        put_varint(&mut out, end);
        out.extend_from_slice(&s.as_bytes()[..end]);
    }
    put_varint(&mut out, indices.len());
    for (i, n) in indices {
        match n {
            0 | 1 => {}
            2..=256 => out.push(i as u8),
            _ => out.extend_from_slice(&(i as u16).to_be_bytes()),
        }
    }
    let sum = fnv1a(&out) as u32;
    out.extend_from_slice(&sum.to_be_bytes());
    base64_encode(&out)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, PermalinkError> {
        let b = *self.bytes.get(self.at).ok_or(PermalinkError::Truncated)?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<usize, PermalinkError> {
        let mut n: usize = 0;
        for shift in (0..28).step_by(7) {
            let b = self.byte()?;
            n |= usize::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(PermalinkError::Truncated)
    }

    fn text(&mut self) -> Result<Option<String>, PermalinkError> {
        let n = self.varint()?;
        let end = self.at.checked_add(n).ok_or(PermalinkError::Truncated)?;
        let s = self
            .bytes
            .get(self.at..end)
            .ok_or(PermalinkError::Truncated)?;
        self.at = end;
        let s = String::from_utf8_lossy(s).into_owned();
        Ok(Some(s).filter(|s| !s.is_empty()))
    }
}

/// Decodes a fragment (a leading `#` is allowed) into the record and the ply shown.
pub fn decode(fragment: &str) -> Result<(Record, usize), PermalinkError> {
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
    if (fnv1a(body) as u32).to_be_bytes() != sum {
        return Err(PermalinkError::Checksum);
    }
    let mut r = Reader { bytes: body, at: 0 };
    let version = r.byte()?;
    if version != VERSION {
        return Err(PermalinkError::Version(version));
    }
    let flags = r.byte()?;
    let game_type = GameType {
        mosquito: flags & 1 != 0,
        ladybug: flags & 2 != 0,
        pillbug: flags & 4 != 0,
    };
    let format = Format::from_code(r.byte()?).ok_or(PermalinkError::Truncated)?;
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
        _ => return Err(PermalinkError::Truncated),
    };
    let ply = r.varint()?;
    rec.meta.white = r.text()?;
    rec.meta.black = r.text()?;
    rec.meta.date = r.text()?;
    rec.meta.event = r.text()?;
    rec.meta.site = r.text()?;
    rec.meta.round = r.text()?;
    let n = r.varint()?;
    if n > MAX_MOVES {
        return Err(PermalinkError::TooLong);
    }
    let mut pos = Position::with_rules(game_type, rec.rules);
    for k in 0..n {
        let legal = sorted_moves(&pos);
        let i = match legal.len() {
            0 => return Err(PermalinkError::BadMove(k + 1)),
            1 => 0,
            2..=256 => usize::from(r.byte()?),
            _ => usize::from(u16::from_be_bytes([r.byte()?, r.byte()?])),
        };
        let mv = *legal.get(i).ok_or(PermalinkError::BadMove(k + 1))?;
        pos.play_unchecked(mv);
        rec.moves.push(mv);
    }
    if r.at != body.len() {
        return Err(PermalinkError::Trailing);
    }
    if ply > n {
        return Err(PermalinkError::Trailing);
    }
    // Every move was chosen among the legal ones.
    let tree = GameTree::from_moves(game_type, rec.rules, &rec.moves)
        .map_err(|_| PermalinkError::BadMove(n))?;
    rec.set_tree(tree);
    Ok((rec, ply))
}
