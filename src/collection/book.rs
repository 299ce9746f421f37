//! Books: an explorer index as static files any web host can serve, read a position at a
//! time. A book is a folder holding `book.txt` (what it is: format, version, games, depth,
//! how its shards are named) and `shards/`, the positions split by the first hexadecimal
//! digits of their key ([`PositionKey::short`]), each shard a small binary file. A reader
//! needs, for one position, the one shard its key names ([`shard_path`]): about 10 KB on
//! average, and never more than the positions of one prefix.
//!
//! Nothing here touches the file system: [`write`] hands each file to the caller, and
//! [`Manifest::parse`], [`Shard::parse`] and [`Shard::report`] read what the caller
//! fetched (the command line from the disk, the app over the network). The format is in
//! docs/EXPLORER.md ("Books").

use super::explorer::{report, Continuation, Report, Tally};
use super::index::Index;
use super::key::PositionKey;
use crate::codec::{put_varint, ByteError, ByteReader};
use crate::engine::position::Position;
use thiserror::Error;

/// The book format's version, in `book.txt` and every shard.
pub const VERSION: u32 = 1;
/// The first bytes of a shard.
pub const SHARD_MAGIC: &[u8; 4] = b"BLBK";
/// The first line of `book.txt`.
pub const MANIFEST_HEAD: &str = "beeline-book";
/// The bytes a shard holds on average, at most (the digits of its name are chosen so).
pub const SHARD_TARGET: usize = 16 << 10;

/// Why a book, or a shard of it, cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookError {
    #[error("not a Beeline book ({0})")]
    Foreign(&'static str),
    #[error("a book of format version {0}; this Beeline reads version {VERSION}")]
    Version(u32),
    #[error("book.txt: {0}")]
    Manifest(String),
    #[error("the shard is cut short")]
    Truncated,
    #[error("the shard is damaged: {0}")]
    Damaged(&'static str),
}

/// What `book.txt` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Manifest {
    pub version: u32,
    /// Games indexed.
    pub games: usize,
    /// Plies of each game indexed.
    pub depth: usize,
    /// The filter the games were picked by (empty: every game).
    pub filter: String,
    /// Hexadecimal digits of the key naming each shard.
    pub digits: usize,
    pub positions: usize,
    pub moves: usize,
}

impl Manifest {
    /// `book.txt`: the head and version, then one `name value` line each.
    pub fn to_text(&self) -> String {
        format!(
            "{MANIFEST_HEAD} {}\ngames {}\ndepth {}\nshard-digits {}\npositions {}\nmoves {}\nfilter {}\n",
            self.version,
            self.games,
            self.depth,
            self.digits,
            self.positions,
            self.moves,
            self.filter.replace('\n', " ")
        )
    }

    pub fn parse(text: &str) -> Result<Manifest, BookError> {
        let mut lines = text.lines();
        let head = lines.next().unwrap_or("");
        let version = head
            .strip_prefix(MANIFEST_HEAD)
            .and_then(|v| v.trim().parse::<u32>().ok())
            .ok_or(BookError::Foreign(
                "book.txt does not start with beeline-book",
            ))?;
        if version != VERSION {
            return Err(BookError::Version(version));
        }
        let mut m = Manifest {
            version,
            games: 0,
            depth: 0,
            filter: String::new(),
            digits: 0,
            positions: 0,
            moves: 0,
        };
        let mut digits = None;
        for line in lines {
            let (name, value) = line.split_once(' ').unwrap_or((line, ""));
            let number = || {
                value
                    .trim()
                    .parse::<usize>()
                    .map_err(|_| BookError::Manifest(format!("{name}: {value:?} is not a number")))
            };
            match name {
                "games" => m.games = number()?,
                "depth" => m.depth = number()?,
                "shard-digits" => digits = Some(number()?),
                "positions" => m.positions = number()?,
                "moves" => m.moves = number()?,
                "filter" => m.filter = value.to_string(),
                _ => {} // later versions' additions
            }
        }
        m.digits = digits
            .filter(|d| (1..=16).contains(d))
            .ok_or_else(|| BookError::Manifest("no shard-digits between 1 and 16".into()))?;
        Ok(m)
    }
}

/// The shard holding a position's key, relative to the book's folder: `shards/` and the
/// key's first `digits` hexadecimal digits, in a folder of their first two when there are
/// more than two (`shards/3f/3fa.bin`), so that folders stay small.
pub fn shard_path(key: u64, digits: usize) -> String {
    let hex = format!("{key:016x}");
    let prefix = &hex[..digits.clamp(1, 16)];
    if prefix.len() > 2 {
        format!("shards/{}/{prefix}.bin", &prefix[..2])
    } else {
        format!("shards/{prefix}.bin")
    }
}

/// The shard of a position: [`shard_path`] of its key.
pub fn shard_of(pos: &Position, digits: usize) -> String {
    shard_path(PositionKey::of(pos).short(), digits)
}

fn put_tally(out: &mut Vec<u8>, t: Tally) {
    for v in [t.games, t.to_move_wins, t.draws, t.to_move_losses] {
        put_varint(out, u64::from(v));
    }
}

/// Digits of the shards' names for an index: enough that shards average at most
/// [`SHARD_TARGET`] bytes.
pub fn digits_for(index: &Index) -> usize {
    // About 14 bytes a position and 12 a move.
    let total = index.positions() * 14 + index.moves() * 12;
    let mut digits = 1;
    while digits < 8 && total >> (4 * digits) > SHARD_TARGET {
        digits += 1;
    }
    digits
}

/// Where [`write`] puts each file: its path in the book's folder and its bytes.
pub type Put<'a> = dyn FnMut(&str, &[u8]) -> Result<(), String> + 'a;

/// Writes an index as a book: `put(path, bytes)` for `book.txt` and each shard (every
/// shard of the prefix length is written, empty ones too, so a missing shard is an error
/// and not an empty answer). Returns the manifest.
pub fn write(index: &Index, put: &mut Put) -> Result<Manifest, String> {
    let digits = digits_for(index);
    let manifest = Manifest {
        version: VERSION,
        games: index.games(),
        depth: index.depth(),
        filter: index.filter().to_string(),
        digits,
        positions: index.positions(),
        moves: index.moves(),
    };
    // The positions in key order, so each shard is a run of them.
    let mut order: Vec<u64> = Vec::with_capacity(index.positions());
    index.for_each_key(&mut |k| order.push(k));
    order.sort_unstable();
    let shift = 64 - 4 * digits as u32;
    let mut at = 0;
    for prefix in 0..1u64 << (4 * digits) {
        let start = at;
        while at < order.len() && order[at] >> shift == prefix {
            at += 1;
        }
        let mut out = Vec::new();
        out.extend_from_slice(SHARD_MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        put_varint(&mut out, (at - start) as u64);
        for &key in &order[start..at] {
            out.extend_from_slice(&key.to_le_bytes());
            put_tally(&mut out, index.tally(key));
            let moves = index.continuations(key);
            put_varint(&mut out, moves.len() as u64);
            for m in moves {
                out.extend_from_slice(&m.child.to_le_bytes());
                put_tally(&mut out, m.tally);
            }
        }
        let crc = super::zip::crc32(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        put(&shard_path(prefix << shift, digits), &out)?;
    }
    put("book.txt", manifest.to_text().as_bytes())?;
    Ok(manifest)
}

/// One shard, read: its positions (sorted by key) and their moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shard {
    positions: Vec<(u64, Tally, usize, usize)>,
    moves: Vec<(u64, Tally)>,
}

impl From<ByteError> for BookError {
    fn from(e: ByteError) -> BookError {
        match e {
            ByteError::Truncated => BookError::Truncated,
            ByteError::Overlong => BookError::Damaged("a number runs on"),
            // Shards hold no text.
            ByteError::Text => BookError::Damaged("a text is not UTF-8"),
        }
    }
}

fn read_u32(r: &mut ByteReader) -> Result<u32, BookError> {
    let v = r.varint(64)?;
    u32::try_from(v).map_err(|_| BookError::Damaged("a count past 32 bits"))
}

fn read_key(r: &mut ByteReader) -> Result<u64, BookError> {
    Ok(u64::from_le_bytes(r.array()?))
}

fn read_tally(r: &mut ByteReader) -> Result<Tally, BookError> {
    Ok(Tally {
        games: read_u32(r)?,
        to_move_wins: read_u32(r)?,
        draws: read_u32(r)?,
        to_move_losses: read_u32(r)?,
    })
}

impl Shard {
    /// Reads a shard's bytes, checking them: a file that is not a shard, of another
    /// version, cut short or damaged gives a [`BookError`], never a panic.
    pub fn parse(bytes: &[u8]) -> Result<Shard, BookError> {
        if !bytes.starts_with(SHARD_MAGIC) {
            return Err(BookError::Foreign("a shard does not start with BLBK"));
        }
        let body = bytes.len().checked_sub(4).ok_or(BookError::Truncated)?;
        let version = bytes
            .get(4..8)
            .filter(|_| body >= 8)
            .map(|v| u32::from_le_bytes([v[0], v[1], v[2], v[3]]))
            .ok_or(BookError::Truncated)?;
        if version != VERSION {
            return Err(BookError::Version(version));
        }
        let stated = u32::from_le_bytes([
            bytes[body],
            bytes[body + 1],
            bytes[body + 2],
            bytes[body + 3],
        ]);
        if super::zip::crc32(&bytes[..body]) != stated {
            return Err(BookError::Damaged("the checksum does not match"));
        }
        // The version is read (and `body` is 8 at least).
        let mut r = ByteReader::new(&bytes[8..body]);
        // Each position takes at least 13 bytes, each move 12: counts past that are lies.
        let n = r.varint(64)? as usize;
        if n > body / 13 {
            return Err(BookError::Damaged("more positions than bytes"));
        }
        let mut shard = Shard::default();
        let mut last = None;
        for _ in 0..n {
            let key = read_key(&mut r)?;
            if last.is_some_and(|l| l >= key) {
                return Err(BookError::Damaged("positions out of order"));
            }
            last = Some(key);
            let tally = read_tally(&mut r)?;
            let m = r.varint(64)? as usize;
            if m > body / 12 {
                return Err(BookError::Damaged("more moves than bytes"));
            }
            let start = shard.moves.len();
            for _ in 0..m {
                let child = read_key(&mut r)?;
                let t = read_tally(&mut r)?;
                shard.moves.push((child, t));
            }
            shard.positions.push((key, tally, start, shard.moves.len()));
        }
        if !r.rest().is_empty() {
            return Err(BookError::Damaged("bytes after the last position"));
        }
        Ok(shard)
    }

    /// A position's tally and moves (by its [`PositionKey::short`]), if the shard holds it.
    pub fn get(&self, key: u64) -> Option<(Tally, Vec<Continuation>)> {
        let i = self.positions.binary_search_by_key(&key, |p| p.0).ok()?;
        let (_, tally, start, end) = self.positions[i];
        let moves = self.moves[start..end]
            .iter()
            .map(|&(child, tally)| Continuation {
                child,
                tally,
                game: usize::MAX,
                ply: None,
            })
            .collect();
        Some((tally, moves))
    }

    /// The book's report on `pos`, from the shard [`shard_of`] names for it (a shard of
    /// another prefix reports no games).
    pub fn report(&self, manifest: &Manifest, pos: &Position) -> Report {
        let key = PositionKey::of(pos).short();
        let (tally, moves) = self.get(key).unwrap_or_default();
        report(pos, manifest.games, tally, moves, None)
    }

    /// Positions in the shard.
    pub fn len(&self) -> usize {
        self.positions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty()
    }
}
