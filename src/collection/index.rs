//! The compact explorer index: what the explorer needs of a collection, in about 30 bytes a
//! position and a move, for the positions of each game's first [`DEPTH`] plies.
//!
//! [`Explorer`](super::explorer::Explorer) keys every ply of every game with its 128-bit key,
//! hash map entries and all (about 10 KB a game with the collection it needs). This index
//! keeps, for each position reached within the depth, its 64-bit key
//! ([`PositionKey::short`]), its [`Tally`] packed in 32 bits, and the moves played from it
//! (the position after each, its tally and a game that played it), in flat arrays with an
//! open-addressing table of positions, so that it can be saved as it stands and read back
//! without rebuilding anything ([`Index::save`], [`Index::load`]). The games themselves
//! are not needed once indexed: the command line indexes each as it is read and drops it.
//!
//! It counts as the explorer does (a game once per position it reaches, once per move it
//! plays from there, results for the player to move), up to the depth: a position a game
//! reaches only after [`DEPTH`] plies does not count for that game. So for every position,
//! its answer is the explorer's over the same games cut to the depth.

use super::explorer::{report, Continuation, Filter, Report, Tally};
use super::key::PositionKey;
use super::{Game, Outcome};
use crate::engine::piece::Color;
use crate::engine::position::{Move, Position};
use thiserror::Error;

/// Plies keyed in each game: the first ten moves of each player, the opening an explorer is
/// asked about. Deeper positions need ten times the memory of random games' openings for a
/// use the explorer rarely has.
pub const DEPTH: usize = 20;

const NONE: u32 = u32::MAX;
/// A packed tally's games byte when the tally lives in `big` (its index in the other 24 bits).
const BIG: u32 = 0xff;

/// A move of the index: the position after it, its tally, a game that played it and the
/// next move from the same position (`NONE` at the end; always a smaller number, so the
/// lists end).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Edge {
    child: u32,
    tally: u32,
    game: u32,
    next: u32,
}

/// The compact index of a collection's openings (see the module's text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Index {
    depth: u32,
    games: u32,
    /// The filter the games were picked by, as [`Filter::describe`] writes it.
    filter: String,
    /// Per position: its key, its packed tally and its first move (`NONE` when none).
    keys: Vec<u64>,
    tallies: Vec<u32>,
    first: Vec<u32>,
    edges: Vec<Edge>,
    /// Tallies of 255 games or more.
    big: Vec<Tally>,
    /// Open addressing by key: position number + 1, 0 for an empty slot; a power of two
    /// long, never more than three quarters full.
    slots: Vec<u32>,
}

fn pack(t: Tally, big: &mut Vec<Tally>, at: Option<u32>) -> u32 {
    if t.games < BIG {
        return t.games | t.to_move_wins << 8 | t.draws << 16 | t.to_move_losses << 24;
    }
    let i = match at {
        Some(i) => {
            big[i as usize] = t;
            i
        }
        None => {
            big.push(t);
            (big.len() - 1) as u32
        }
    };
    BIG | i << 8
}

fn unpack(p: u32, big: &[Tally]) -> Tally {
    if p & 0xff == BIG {
        return big.get((p >> 8) as usize).copied().unwrap_or_default();
    }
    Tally {
        games: p & 0xff,
        to_move_wins: p >> 8 & 0xff,
        draws: p >> 16 & 0xff,
        to_move_losses: p >> 24,
    }
}

fn add(p: &mut u32, big: &mut Vec<Tally>, outcome: Outcome, to_move: Color) {
    let mut t = unpack(*p, big);
    t.add(outcome, to_move);
    let at = (*p & 0xff == BIG).then_some(*p >> 8);
    *p = pack(t, big, at);
}

fn slot_of(key: u64, mask: usize) -> usize {
    // The key is a hash already; fold its halves.
    ((key ^ key >> 32) as usize) & mask
}

impl Index {
    /// An empty index of games cut to `depth` plies, built under `filter` (which picks the
    /// games offered to [`Index::add`]).
    pub fn new(depth: usize, filter: &Filter) -> Index {
        Index {
            depth: depth.min(u32::MAX as usize) as u32,
            games: 0,
            filter: filter.describe(),
            keys: Vec::new(),
            tallies: Vec::new(),
            first: Vec::new(),
            edges: Vec::new(),
            big: Vec::new(),
            slots: vec![0; 1024],
        }
    }

    /// Indexes every game of `games` that `filter` accepts (numbered by their place).
    pub fn build(games: &[Game], filter: &Filter, depth: usize) -> Index {
        let mut ix = Index::new(depth, filter);
        let mut scratch = Scratch::default();
        for (i, g) in games.iter().enumerate() {
            if filter.accepts(&g.info) {
                ix.add(g, i, &mut scratch);
            }
        }
        ix
    }

    /// Adds one game (the caller's filter accepted it); `number` is its place in the
    /// collection, which moves remember as a game that played them. `s` holds what the
    /// game has counted (kept from game to game to spare allocations).
    pub fn add(&mut self, game: &Game, number: usize, s: &mut Scratch) {
        self.games += 1;
        s.nodes.clear();
        s.edges.clear();
        let number = number.min(u32::MAX as usize) as u32;
        let mut prev: Option<u32> = None;
        let last = game.keys.len().min(self.depth as usize + 1);
        for (ply, key) in game.keys[..last].iter().enumerate() {
            // A placement adds a piece for good: no earlier position comes back.
            if ply > 0 && matches!(game.moves.get(ply - 1), Some(Move::Place { .. })) {
                s.nodes.clear();
                s.edges.clear();
            }
            let node = self.node(key.short());
            let to_move = if ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            if let Some(from) = prev {
                if !s.edges.contains(&(from, node)) {
                    s.edges.push((from, node));
                    let e = self.edge(from, node, number);
                    add(
                        &mut self.edges[e].tally,
                        &mut self.big,
                        game.outcome,
                        to_move.other(),
                    );
                }
            }
            if !s.nodes.contains(&node) {
                s.nodes.push(node);
                add(
                    &mut self.tallies[node as usize],
                    &mut self.big,
                    game.outcome,
                    to_move,
                );
            }
            prev = Some(node);
        }
    }

    fn find(&self, key: u64) -> Option<u32> {
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = slot_of(key, mask);
        // At most every slot once (the table always has an empty one).
        for _ in 0..self.slots.len() {
            let s = *self.slots.get(i)?;
            if s == 0 {
                return None;
            }
            if self.keys.get(s as usize - 1) == Some(&key) {
                return Some(s - 1);
            }
            i = (i + 1) & mask;
        }
        None
    }

    fn node(&mut self, key: u64) -> u32 {
        if let Some(n) = self.find(key) {
            return n;
        }
        if (self.keys.len() + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let n = self.keys.len() as u32;
        self.keys.push(key);
        self.tallies.push(0);
        self.first.push(NONE);
        self.place(key, n);
        n
    }

    fn place(&mut self, key: u64, n: u32) {
        let mask = self.slots.len() - 1;
        let mut i = slot_of(key, mask);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = n + 1;
    }

    fn grow(&mut self) {
        self.slots = vec![0; self.slots.len() * 2];
        for n in 0..self.keys.len() {
            self.place(self.keys[n], n as u32);
        }
    }

    fn edge(&mut self, from: u32, child: u32, game: u32) -> usize {
        let mut e = self.first[from as usize];
        while e != NONE {
            let edge = &self.edges[e as usize];
            if edge.child == child {
                return e as usize;
            }
            e = edge.next;
        }
        self.edges.push(Edge {
            child,
            tally: 0,
            game,
            next: self.first[from as usize],
        });
        self.first[from as usize] = (self.edges.len() - 1) as u32;
        self.edges.len() - 1
    }

    /// Games indexed.
    pub fn games(&self) -> usize {
        self.games as usize
    }

    /// Plies keyed in each game.
    pub fn depth(&self) -> usize {
        self.depth as usize
    }

    /// The filter the games were picked by ([`Filter::describe`]).
    pub fn filter(&self) -> &str {
        &self.filter
    }

    /// Distinct positions indexed.
    pub fn positions(&self) -> usize {
        self.keys.len()
    }

    /// Moves indexed (distinct position and position after).
    pub fn moves(&self) -> usize {
        self.edges.len()
    }

    /// The bytes the index holds (its arrays' lengths, as saved).
    pub fn bytes(&self) -> usize {
        self.keys.len() * 16 + self.edges.len() * 16 + self.big.len() * 16 + self.slots.len() * 4
    }

    /// The games that reached a position (by its [`PositionKey::short`]).
    pub fn tally(&self, key: u64) -> Tally {
        self.find(key)
            .map(|n| unpack(self.tallies[n as usize], &self.big))
            .unwrap_or_default()
    }

    /// The moves played from a position (by its [`PositionKey::short`]).
    pub fn continuations(&self, key: u64) -> Vec<Continuation> {
        let mut out = Vec::new();
        let Some(n) = self.find(key) else {
            return out;
        };
        let mut e = self.first[n as usize];
        while let Some(edge) = self.edges.get(e as usize) {
            out.push(Continuation {
                child: self.keys.get(edge.child as usize).copied().unwrap_or(0),
                tally: unpack(edge.tally, &self.big),
                game: edge.game as usize,
                ply: None,
            });
            e = edge.next;
        }
        out
    }

    /// Calls `f` with every position's key ([`PositionKey::short`]), in the index's order.
    pub fn for_each_key(&self, f: &mut dyn FnMut(u64)) {
        self.keys.iter().for_each(|&k| f(k));
    }

    /// The explorer's report on `pos` (see [`report`]): with the collection the index was
    /// built from, moves the position cannot make are written as their game wrote them.
    pub fn explore(&self, pos: &Position, collection: Option<&super::Collection>) -> Report {
        let key = PositionKey::of(pos).short();
        report(
            pos,
            self.games(),
            self.tally(key),
            self.continuations(key),
            collection,
        )
    }
}

/// What one game has counted already (positions since its last placement, and moves).
#[derive(Default)]
pub struct Scratch {
    nodes: Vec<u32>,
    edges: Vec<(u32, u32)>,
}

/// Why a saved index cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum IndexError {
    #[error("not a Beeline explorer index (it does not start with {MAGIC:?})")]
    Foreign,
    #[error("an explorer index of format version {0}; this Beeline reads version {VERSION}")]
    Version(u32),
    #[error("the index is cut short: {0}")]
    Truncated(&'static str),
    #[error("the index is damaged: {0}")]
    Damaged(&'static str),
}

/// The first bytes of a saved index.
pub const MAGIC: &[u8; 8] = b"BLNINDEX";
/// The format version [`Index::save`] writes and [`Index::load`] reads.
pub const VERSION: u32 = 1;

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], IndexError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&e| e <= self.bytes.len())
            .ok_or(IndexError::Truncated(what))?;
        let s = &self.bytes[self.at..end];
        self.at = end;
        Ok(s)
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, IndexError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    fn u64(&mut self, what: &'static str) -> Result<u64, IndexError> {
        let b = self.take(8, what)?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }

    /// A count of items of `size` bytes, checked against the bytes left before anything is
    /// allocated for them.
    fn count(&mut self, size: usize, what: &'static str) -> Result<usize, IndexError> {
        let n = self.u64(what)?;
        usize::try_from(n)
            .ok()
            .filter(|&n| {
                n.checked_mul(size)
                    .is_some_and(|b| b <= self.bytes.len() - self.at)
            })
            .ok_or(IndexError::Truncated(what))
    }

    fn u32s(&mut self, n: usize, what: &'static str) -> Result<Vec<u32>, IndexError> {
        let b = self.take(n * 4, what)?;
        Ok(b.chunks_exact(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect())
    }
}

impl Index {
    /// The index as one file (format in docs/EXPLORER.md, "Saved indexes"): a header, the
    /// arrays as they are in memory (little-endian), and a CRC-32 of everything before it.
    pub fn save(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.bytes() + 128 + self.filter.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&self.depth.to_le_bytes());
        out.extend_from_slice(&self.games.to_le_bytes());
        out.extend_from_slice(&(self.filter.len() as u64).to_le_bytes());
        out.extend_from_slice(self.filter.as_bytes());
        for n in [
            self.keys.len(),
            self.edges.len(),
            self.big.len(),
            self.slots.len(),
        ] {
            out.extend_from_slice(&(n as u64).to_le_bytes());
        }
        for k in &self.keys {
            out.extend_from_slice(&k.to_le_bytes());
        }
        for v in self.tallies.iter().chain(&self.first) {
            out.extend_from_slice(&v.to_le_bytes());
        }
        for e in &self.edges {
            for v in [e.child, e.tally, e.game, e.next] {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        for t in &self.big {
            for v in [t.games, t.to_move_wins, t.draws, t.to_move_losses] {
                out.extend_from_slice(&v.to_le_bytes());
            }
        }
        for s in &self.slots {
            out.extend_from_slice(&s.to_le_bytes());
        }
        let crc = super::zip::crc32(&out);
        out.extend_from_slice(&crc.to_le_bytes());
        out
    }

    /// Reads a saved index, checking everything: a file that is not one, of another
    /// version, cut short or damaged gives an [`IndexError`], never a panic or a query that
    /// runs away.
    pub fn load(bytes: &[u8]) -> Result<Index, IndexError> {
        if !bytes.starts_with(MAGIC) {
            return Err(IndexError::Foreign);
        }
        let mut r = Reader { bytes, at: 8 };
        let version = r.u32("header")?;
        if version != VERSION {
            return Err(IndexError::Version(version));
        }
        let body = bytes
            .len()
            .checked_sub(4)
            .ok_or(IndexError::Truncated("checksum"))?;
        let stated = u32::from_le_bytes([
            bytes[body],
            bytes[body + 1],
            bytes[body + 2],
            bytes[body + 3],
        ]);
        let r_bytes = &bytes[..body];
        let mut r = Reader {
            bytes: r_bytes,
            at: r.at,
        };
        let depth = r.u32("header")?;
        let games = r.u32("header")?;
        let flen = r.count(1, "filter")?;
        let filter = String::from_utf8(r.take(flen, "filter")?.to_vec())
            .map_err(|_| IndexError::Damaged("the filter is not UTF-8"))?;
        let n = r.count(16, "positions")?;
        let e = r.count(16, "moves")?;
        let b = r.count(16, "tallies")?;
        let s = r.count(4, "table")?;
        let mut keys = Vec::with_capacity(n);
        for c in r.take(n * 8, "keys")?.chunks_exact(8) {
            let mut a = [0u8; 8];
            a.copy_from_slice(c);
            keys.push(u64::from_le_bytes(a));
        }
        let tallies = r.u32s(n, "tallies")?;
        let first = r.u32s(n, "positions")?;
        let flat = r.u32s(e * 4, "moves")?;
        let edges: Vec<Edge> = flat
            .chunks_exact(4)
            .map(|c| Edge {
                child: c[0],
                tally: c[1],
                game: c[2],
                next: c[3],
            })
            .collect();
        let flat = r.u32s(b * 4, "tallies")?;
        let big: Vec<Tally> = flat
            .chunks_exact(4)
            .map(|c| Tally {
                games: c[0],
                to_move_wins: c[1],
                draws: c[2],
                to_move_losses: c[3],
            })
            .collect();
        let slots = r.u32s(s, "table")?;
        if r.at != r_bytes.len() {
            return Err(IndexError::Damaged("bytes after the table"));
        }
        if super::zip::crc32(r_bytes) != stated {
            return Err(IndexError::Damaged("the checksum does not match"));
        }
        let ix = Index {
            depth,
            games,
            filter,
            keys,
            tallies,
            first,
            edges,
            big,
            slots,
        };
        ix.check()?;
        Ok(ix)
    }

    /// Every number inside the index points where it may: queries then cannot fail or loop.
    fn check(&self) -> Result<(), IndexError> {
        let (n, e) = (self.keys.len(), self.edges.len());
        let tally_ok = |p: u32| p & 0xff != BIG || ((p >> 8) as usize) < self.big.len();
        if !self.slots.len().is_power_of_two() || n * 4 > self.slots.len() * 3 {
            return Err(IndexError::Damaged("the table's size"));
        }
        if self.slots.iter().filter(|&&s| s != 0).count() != n
            || self.slots.iter().any(|&s| s as usize > n)
        {
            return Err(IndexError::Damaged("the table"));
        }
        if !self.tallies.iter().all(|&p| tally_ok(p))
            || !self.first.iter().all(|&f| f == NONE || (f as usize) < e)
        {
            return Err(IndexError::Damaged("a position"));
        }
        for (i, edge) in self.edges.iter().enumerate() {
            if edge.child as usize >= n
                || !tally_ok(edge.tally)
                || (edge.next != NONE && edge.next as usize >= i)
            {
                return Err(IndexError::Damaged("a move"));
            }
        }
        // Every position is found where the table says.
        for (i, &k) in self.keys.iter().enumerate() {
            if self.find(k) != Some(i as u32) {
                return Err(IndexError::Damaged("the table does not find a position"));
            }
        }
        Ok(())
    }
}
