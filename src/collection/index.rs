//! The compact explorer index: what the explorer needs of a collection, in about 40 bytes
//! for a position and the move to it (620 bytes a game for random games), for the positions
//! of each game's first [`DEPTH`] plies.
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
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::io::Write;
use thiserror::Error;

#[cfg(feature = "cli")]
pub mod disk;
mod saved;
pub use saved::{Blocks, Loaded, Loading, ReadAt, SavedLayout, MAX_MOVES, MAX_PROBES};

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
struct IndexEdge {
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
    edges: Vec<IndexEdge>,
    /// Tallies of 255 games or more.
    big: Vec<Tally>,
    /// Open addressing by key: position number + 1, 0 for an empty slot; a power of two
    /// long, never more than three quarters full.
    slots: Vec<u32>,
    aids: Aids,
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

/// A key's byte kept beside its slot ([`Aids::tags`]).
fn tag_of(key: u64) -> u8 {
    (key >> 56) as u8
}

/// Moves from a position with more than this many are also found by a hash map while
/// building ([`Aids::moves`]) rather than by walking the list.
const WIDE: usize = 8;

/// What speeds up building, not saved (an index read back has none, and builds them when
/// positions are added to it); two indexes are equal whatever their aids.
#[derive(Clone, Debug, Default)]
struct Aids {
    /// One byte of each slot's key beside `slots`: a probe compares it before reading the
    /// key, which lies far off in memory (most probes while indexing are for new positions
    /// and would read a key at each slot passed).
    tags: Vec<u8>,
    /// Positions with more than [`WIDE`] moves (a bit each): the first plies' positions,
    /// whose lists are long and spread through memory.
    wide: Vec<u64>,
    /// The moves from the wide positions, by [`pair`], to the move.
    moves: HashMap<u64, u32, BuildHasherDefault<PairHasher>>,
}

impl PartialEq for Aids {
    fn eq(&self, _: &Aids) -> bool {
        true
    }
}

impl Eq for Aids {}

impl Aids {
    fn is_wide(&self, n: u32) -> bool {
        self.wide
            .get(n as usize / 64)
            .is_some_and(|w| w & 1 << (n % 64) != 0)
    }
}

/// The key of a move in [`Aids::moves`]: its position and the position after it.
fn pair(from: u32, child: u32) -> u64 {
    u64::from(from) << 32 | u64::from(child)
}

/// A hasher for a pair of position numbers.
#[derive(Default)]
struct PairHasher(u64);

impl Hasher for PairHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        }
    }

    fn write_u64(&mut self, i: u64) {
        let x = (self.0 ^ i).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.0 = x ^ x >> 29;
    }
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
            aids: Aids {
                tags: vec![0; 1024],
                ..Aids::default()
            },
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
        // The slots of the game's positions, read together first: their cache misses then
        // overlap instead of coming one after another (the table is far larger than the
        // caches).
        let mask = self.slots.len() - 1;
        let mut touched = 0u32;
        for key in &game.keys[..last] {
            let i = slot_of(key.short(), mask);
            touched ^= self.slots[i] ^ u32::from(self.aids.tags.get(i).copied().unwrap_or(0));
        }
        std::hint::black_box(touched);
        for (ply, key) in game.keys[..last].iter().enumerate() {
            // A placement adds a piece for good: no earlier position comes back.
            if ply > 0 && matches!(game.moves.get(ply - 1), Some(Move::Place { .. })) {
                s.nodes.clear();
                s.edges.clear();
            }
            let (node, new) = self.node(key.short());
            let to_move = if ply % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            if let Some(from) = prev {
                // A position new to the index has no move to it yet: no list to walk.
                if new || !s.edges.contains(&(from, node)) {
                    s.edges.push((from, node));
                    let e = match new {
                        true => self.push_edge(from, node, number),
                        false => self.edge(from, node, number),
                    };
                    add(
                        &mut self.edges[e].tally,
                        &mut self.big,
                        game.outcome,
                        to_move.other(),
                    );
                }
            }
            if new || !s.nodes.contains(&node) {
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

    /// The position of `key`: its number, or the empty slot where it would go.
    fn probe(&self, key: u64) -> Result<u32, usize> {
        let mask = self.slots.len().wrapping_sub(1);
        let mut i = slot_of(key, mask);
        let tags = (self.aids.tags.len() == self.slots.len()).then_some(&self.aids.tags);
        let tag = tag_of(key);
        // At most every slot once (the table always has an empty one).
        for _ in 0..self.slots.len() {
            let Some(&s) = self.slots.get(i) else { break };
            if s == 0 {
                return Err(i);
            }
            if tags.is_none_or(|t| t[i] == tag) && self.keys.get(s as usize - 1) == Some(&key) {
                return Ok(s - 1);
            }
            i = (i + 1) & mask;
        }
        Err(usize::MAX)
    }

    fn find(&self, key: u64) -> Option<u32> {
        self.probe(key).ok()
    }

    /// The position of `key`, added when new (and whether it was).
    fn node(&mut self, key: u64) -> (u32, bool) {
        if self.aids.tags.len() != self.slots.len() {
            self.retag();
        }
        let mut slot = match self.probe(key) {
            Ok(n) => return (n, false),
            Err(slot) => slot,
        };
        if (self.keys.len() + 1) * 4 > self.slots.len() * 3 {
            self.grow();
            slot = usize::MAX;
        }
        let n = self.keys.len() as u32;
        self.keys.push(key);
        self.tallies.push(0);
        self.first.push(NONE);
        match slot {
            usize::MAX => self.place(key, n),
            i => {
                self.slots[i] = n + 1;
                self.aids.tags[i] = tag_of(key);
            }
        }
        (n, true)
    }

    fn place(&mut self, key: u64, n: u32) {
        let mask = self.slots.len() - 1;
        let mut i = slot_of(key, mask);
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = n + 1;
        self.aids.tags[i] = tag_of(key);
    }

    fn grow(&mut self) {
        self.slots = vec![0; self.slots.len() * 2];
        self.aids.tags = vec![0; self.slots.len()];
        for n in 0..self.keys.len() {
            self.place(self.keys[n], n as u32);
        }
    }

    /// The tags of an index read back, before positions are added to it.
    fn retag(&mut self) {
        self.aids.tags = self
            .slots
            .iter()
            .map(|&s| match s {
                0 => 0,
                s => self.keys.get(s as usize - 1).map_or(0, |&k| tag_of(k)),
            })
            .collect();
    }

    fn edge(&mut self, from: u32, child: u32, game: u32) -> usize {
        if self.aids.is_wide(from) {
            if let Some(&e) = self.aids.moves.get(&pair(from, child)) {
                return e as usize;
            }
            return self.push_edge(from, child, game);
        }
        let mut e = self.first[from as usize];
        let mut walked = 0;
        while e != NONE {
            let edge = &self.edges[e as usize];
            if edge.child == child {
                return e as usize;
            }
            e = edge.next;
            walked += 1;
        }
        if walked >= WIDE {
            self.widen(from);
        }
        self.push_edge(from, child, game)
    }

    /// Marks a position wide, its moves in the map from now on.
    fn widen(&mut self, from: u32) {
        let word = from as usize / 64;
        if self.aids.wide.len() <= word {
            self.aids.wide.resize(word + 1 + self.keys.len() / 64, 0);
        }
        self.aids.wide[word] |= 1 << (from % 64);
        let mut e = self.first[from as usize];
        while let Some(edge) = self.edges.get(e as usize) {
            self.aids.moves.insert(pair(from, edge.child), e);
            e = edge.next;
        }
    }

    /// A move not in the index yet, first of its position's list.
    fn push_edge(&mut self, from: u32, child: u32, game: u32) -> usize {
        self.edges.push(IndexEdge {
            child,
            tally: 0,
            game,
            next: self.first[from as usize],
        });
        let e = (self.edges.len() - 1) as u32;
        self.first[from as usize] = e;
        if self.aids.is_wide(from) {
            self.aids.moves.insert(pair(from, child), e);
        }
        e as usize
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
    #[error("cannot read it: {0}")]
    Read(String),
}

/// The first bytes of a saved index.
pub const MAGIC: &[u8; 8] = b"BLNINDEX";
/// The format version [`Index::save`] writes and [`Index::load`] reads.
pub const VERSION: u32 = 1;

/// Bytes written at a time, and read at a time by [`Index::read_from`].
const CHUNK: usize = 1 << 20;

/// A writer that hashes what it writes, a chunk at a time.
struct CrcWriter<'a> {
    w: &'a mut dyn Write,
    crc: crc32fast::Hasher,
    buf: Vec<u8>,
}

impl CrcWriter<'_> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.buf.extend_from_slice(bytes);
        if self.buf.len() >= CHUNK {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.crc.update(&self.buf);
        self.w.write_all(&self.buf)?;
        self.buf.clear();
        Ok(())
    }
}

impl Index {
    /// Writes the index as one file (format in docs/EXPLORER.md, "Saved indexes"): a
    /// header, the arrays as they are in memory (little-endian), and a CRC-32 of everything
    /// before it; a chunk at a time, so saving needs no second copy of the index.
    pub fn write_to(&self, w: &mut dyn Write) -> std::io::Result<()> {
        let mut s = CrcWriter {
            w,
            crc: crc32fast::Hasher::new(),
            buf: Vec::with_capacity(CHUNK + 64),
        };
        s.put(MAGIC)?;
        s.put(&VERSION.to_le_bytes())?;
        s.put(&self.depth.to_le_bytes())?;
        s.put(&self.games.to_le_bytes())?;
        s.put(&(self.filter.len() as u64).to_le_bytes())?;
        s.put(self.filter.as_bytes())?;
        for n in [
            self.keys.len(),
            self.edges.len(),
            self.big.len(),
            self.slots.len(),
        ] {
            s.put(&(n as u64).to_le_bytes())?;
        }
        for k in &self.keys {
            s.put(&k.to_le_bytes())?;
        }
        for v in self.tallies.iter().chain(&self.first) {
            s.put(&v.to_le_bytes())?;
        }
        for e in &self.edges {
            for v in [e.child, e.tally, e.game, e.next] {
                s.put(&v.to_le_bytes())?;
            }
        }
        for t in &self.big {
            for v in [t.games, t.to_move_wins, t.draws, t.to_move_losses] {
                s.put(&v.to_le_bytes())?;
            }
        }
        for v in &self.slots {
            s.put(&v.to_le_bytes())?;
        }
        s.flush()?;
        let crc = s.crc.clone().finalize();
        s.w.write_all(&crc.to_le_bytes())
    }

    /// The saved index's bytes ([`Index::write_to`]).
    pub fn save(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.bytes() + 128 + self.filter.len());
        // Writing to a vector cannot fail.
        let _ = self.write_to(&mut out);
        out
    }

    /// Reads a saved index from its bytes (see [`Index::read_from`]).
    pub fn load(bytes: &[u8]) -> Result<Index, IndexError> {
        Index::read_from(&bytes, bytes.len() as u64)
    }

    /// Reads a saved index of `len` bytes, checking everything: a file that is not one, of
    /// another version, cut short or damaged gives an [`IndexError`], never a panic or a
    /// query that runs away, and no count is believed past the bytes that hold it. (The
    /// app reads it in slices between answers, with [`Loading`].)
    pub fn read_from(r: &dyn ReadAt, len: u64) -> Result<Index, IndexError> {
        Index::read_rest(SavedLayout::read(r, len)?, r)
    }

    /// [`Index::read_from`] of a file whose header is read already (`layout`).
    pub fn read_rest(layout: SavedLayout, r: &dyn ReadAt) -> Result<Index, IndexError> {
        let mut loading = Loading::new(layout);
        loop {
            if let Some(index) = loading.step(r, 16 * CHUNK)? {
                return Ok(index);
            }
        }
    }
}
