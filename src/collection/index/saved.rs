//! A saved index read in parts: its [`SavedLayout`] from the header, answers straight from the
//! file before the rest is read ([`SavedLayout::explore`]), and the whole read a slice at a time
//! ([`Loading`]), each slice checked as it arrives.
//!
//! A million games' index is 620 MB, which a browser reads and checks in about three
//! seconds, while the answer for one position needs a few kilobytes of it: a probe of the
//! table, the position's key and tally, and its moves. So the app answers from the file at
//! once and reads the whole index behind those answers, a slice per task; the command line
//! answers one question without reading the rest.
//!
//! Answers from the file come before the checksum could vouch for the bytes, so every number
//! read is checked where it is used (a slot, a move, a tally's place) and every walk is
//! bounded ([`MAX_PROBES`], [`MAX_MOVES`]): a damaged or crafted file gives an
//! [`IndexError`], never a panic or a query that runs away. The whole read then checks
//! everything as [`Index::read_from`] always has.

use super::{
    report, slot_of, unpack, Index, IndexEdge, IndexError, Report, Tally, BIG, MAGIC, NONE,
};
use super::{Aids, Continuation, Position, PositionKey, VERSION};
use std::io::{ErrorKind, Read, Seek, SeekFrom};

/// A file (or bytes) read at any offset.
pub trait ReadAt {
    /// Fills `buf` with the bytes from `at`; fewer bytes than asked is an `UnexpectedEof`.
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()>;
}

impl ReadAt for &[u8] {
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let from =
            usize::try_from(at).map_err(|_| std::io::Error::from(ErrorKind::UnexpectedEof))?;
        let bytes = from
            .checked_add(buf.len())
            .and_then(|end| self.get(from..end))
            .ok_or_else(|| std::io::Error::from(ErrorKind::UnexpectedEof))?;
        buf.copy_from_slice(bytes);
        Ok(())
    }
}

impl<R: ReadAt + ?Sized> ReadAt for Box<R> {
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        (**self).read_at(at, buf)
    }
}

impl ReadAt for Vec<u8> {
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        (&self[..]).read_at(at, buf)
    }
}

impl ReadAt for std::fs::File {
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        // `&File` reads and seeks, so a shared file serves positioned reads on every system.
        let mut f = self;
        f.seek(SeekFrom::Start(at))?;
        f.read_exact(buf)
    }
}

/// A file read through a few blocks kept once read, for answers from the file: each read
/// costs the browser about as much whatever its size (a `FileReaderSync` call), and the
/// positions near the start, asked most, were numbered first, so their keys, tallies and
/// first moves lie together.
pub struct Blocks<R> {
    inner: R,
    len: u64,
    /// Blocks by number, with when each was last used.
    kept: std::cell::RefCell<Vec<(u64, u64, Vec<u8>)>>,
    clock: std::cell::Cell<u64>,
}

/// The bytes of a block of [`Blocks`], and how many are kept (8 MiB).
const BLOCK: u64 = 64 << 10;
const BLOCKS_KEPT: usize = 128;

impl<R: ReadAt> Blocks<R> {
    /// Reads `inner`, `len` bytes long, through blocks.
    pub fn new(inner: R, len: u64) -> Blocks<R> {
        Blocks {
            inner,
            len,
            kept: Default::default(),
            clock: Default::default(),
        }
    }

    /// The file itself, read past the blocks (for long reads).
    pub fn inner(&self) -> &R {
        &self.inner
    }
}

impl<R: ReadAt> ReadAt for Blocks<R> {
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        if at
            .checked_add(buf.len() as u64)
            .is_none_or(|end| end > self.len)
        {
            return Err(ErrorKind::UnexpectedEof.into());
        }
        let mut kept = self.kept.borrow_mut();
        let (mut at, mut buf) = (at, buf);
        while !buf.is_empty() {
            let (block, within) = (at / BLOCK, (at % BLOCK) as usize);
            self.clock.set(self.clock.get() + 1);
            let i = match kept.iter().position(|k| k.0 == block) {
                Some(i) => i,
                None => {
                    let start = block * BLOCK;
                    let mut bytes = vec![0; (self.len - start).min(BLOCK) as usize];
                    self.inner.read_at(start, &mut bytes)?;
                    if kept.len() == BLOCKS_KEPT {
                        // The block used longest ago makes way.
                        let oldest = (0..kept.len()).min_by_key(|&i| kept[i].1).unwrap_or(0);
                        kept.swap_remove(oldest);
                    }
                    kept.push((block, 0, bytes));
                    kept.len() - 1
                }
            };
            kept[i].1 = self.clock.get();
            let bytes = &kept[i].2;
            let n = buf.len().min(bytes.len() - within);
            buf[..n].copy_from_slice(&bytes[within..within + n]);
            buf = &mut buf[n..];
            at += n as u64;
        }
        Ok(())
    }
}

/// The arrays of a saved index, in the file's order, with the bytes of one item and the
/// name an error gives the array.
const ARRAYS: [(u64, &str); 6] = [
    (8, "keys"),
    (4, "tallies"),
    (4, "positions"),
    (16, "moves"),
    (16, "tallies"),
    (4, "table"),
];
const KEYS: usize = 0;
const TALLIES: usize = 1;
const FIRST: usize = 2;
const EDGES: usize = 3;
const BIGS: usize = 4;
const SLOTS: usize = 5;

/// Slots a probe of the file reads before it takes the table for damaged: a table at most
/// three quarters full of hashed keys has runs of tens of slots, and the checked read
/// refuses a table with no empty slot.
pub const MAX_PROBES: usize = 1 << 16;
/// Moves of one position an answer from the file reads before it takes the list for
/// damaged: a position of Hive has a few hundred moves at most.
pub const MAX_MOVES: usize = 4096;
/// Slots read at a time by a probe of the file.
const PROBE_RUN: usize = 256;

/// Where everything lies in a saved index, from its header: enough to answer from the file
/// or to read it whole.
#[derive(Clone, Debug)]
pub struct SavedLayout {
    /// The index's depth, games and filter, with no position.
    head: Index,
    /// Items in each of [`ARRAYS`].
    counts: [usize; 6],
    /// Where each array starts, then where the checksum does.
    at: [u64; 7],
    /// The checksum of the header's bytes.
    crc: crc32fast::Hasher,
}

/// The header, read in order and hashed.
struct Header<'a> {
    r: &'a dyn ReadAt,
    at: u64,
    /// Bytes left before the checksum.
    left: u64,
    crc: crc32fast::Hasher,
}

fn read_error(what: &'static str) -> impl Fn(std::io::Error) -> IndexError {
    move |e| match e.kind() {
        ErrorKind::UnexpectedEof => IndexError::Truncated(what),
        _ => IndexError::Read(e.to_string()),
    }
}

impl Header<'_> {
    fn fill(&mut self, buf: &mut [u8], what: &'static str) -> Result<(), IndexError> {
        if buf.len() as u64 > self.left {
            return Err(IndexError::Truncated(what));
        }
        self.r.read_at(self.at, buf).map_err(read_error(what))?;
        self.at += buf.len() as u64;
        self.left -= buf.len() as u64;
        self.crc.update(buf);
        Ok(())
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, IndexError> {
        let mut b = [0u8; 4];
        self.fill(&mut b, what)?;
        Ok(u32::from_le_bytes(b))
    }

    /// A count of items of `size` bytes, checked against the bytes left before anything is
    /// believed of it.
    fn count(&mut self, size: u64, what: &'static str) -> Result<usize, IndexError> {
        let mut b = [0u8; 8];
        self.fill(&mut b, what)?;
        let n = u64::from_le_bytes(b);
        n.checked_mul(size)
            .filter(|&bytes| bytes <= self.left)
            .and_then(|_| usize::try_from(n).ok())
            .ok_or(IndexError::Truncated(what))
    }
}

impl SavedLayout {
    /// Reads the header of a saved index of `len` bytes: a file that is not one, of another
    /// version, or whose counts do not fill it exactly gives an [`IndexError`].
    pub fn read(r: &dyn ReadAt, len: u64) -> Result<SavedLayout, IndexError> {
        let mut magic = [0u8; 8];
        if len < 8 || r.read_at(0, &mut magic).is_err() || &magic != MAGIC {
            return Err(IndexError::Foreign);
        }
        let mut crc = crc32fast::Hasher::new();
        crc.update(&magic);
        let mut h = Header {
            r,
            at: 8,
            left: len
                .checked_sub(8 + 4)
                .ok_or(IndexError::Truncated("header"))?,
            crc,
        };
        let version = h.u32("header")?;
        if version != VERSION {
            return Err(IndexError::Version(version));
        }
        let depth = h.u32("header")?;
        let games = h.u32("header")?;
        let flen = h.count(1, "filter")?;
        let mut fbytes = vec![0u8; flen];
        h.fill(&mut fbytes, "filter")?;
        let filter = String::from_utf8(fbytes)
            .map_err(|_| IndexError::Damaged("the filter is not UTF-8"))?;
        let n = h.count(16, "positions")?;
        let e = h.count(16, "moves")?;
        let b = h.count(16, "tallies")?;
        let s = h.count(4, "table")?;
        let counts = [n, n, n, e, b, s];
        let mut at = [h.at; 7];
        for (k, &(size, what)) in ARRAYS.iter().enumerate() {
            // Each count is at most the bytes left, so these cannot overflow.
            let bytes = counts[k] as u64 * size;
            if bytes > h.left {
                return Err(IndexError::Truncated(what));
            }
            h.left -= bytes;
            at[k + 1] = at[k] + bytes;
        }
        if h.left != 0 {
            return Err(IndexError::Damaged("bytes after the table"));
        }
        if !s.is_power_of_two() || n * 4 > s * 3 {
            return Err(IndexError::Damaged("the table's size"));
        }
        let head = Index {
            depth,
            games,
            filter,
            keys: Vec::new(),
            tallies: Vec::new(),
            first: Vec::new(),
            edges: Vec::new(),
            big: Vec::new(),
            slots: vec![0; 1],
            aids: Aids::default(),
        };
        Ok(SavedLayout {
            head,
            counts,
            at,
            crc: h.crc,
        })
    }

    /// The index's depth, games and filter, with no position: what stands for it while it
    /// is read.
    pub fn head(&self) -> &Index {
        &self.head
    }

    /// The saved file's bytes.
    pub fn file_len(&self) -> u64 {
        self.at[6] + 4
    }

    /// Item `i` of array `k` into `buf` (its size), checked to be there.
    fn item(&self, r: &dyn ReadAt, k: usize, i: usize, buf: &mut [u8]) -> Result<(), IndexError> {
        let (size, what) = ARRAYS[k];
        if i >= self.counts[k] {
            return Err(IndexError::Damaged(what));
        }
        r.read_at(self.at[k] + i as u64 * size, buf)
            .map_err(read_error(what))
    }

    fn word(&self, r: &dyn ReadAt, k: usize, i: usize) -> Result<u32, IndexError> {
        let mut b = [0u8; 4];
        self.item(r, k, i, &mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    fn key(&self, r: &dyn ReadAt, n: usize) -> Result<u64, IndexError> {
        let mut b = [0u8; 8];
        self.item(r, KEYS, n, &mut b)?;
        Ok(u64::from_le_bytes(b))
    }

    fn quad(&self, r: &dyn ReadAt, k: usize, i: usize) -> Result<[u32; 4], IndexError> {
        let mut b = [0u8; 16];
        self.item(r, k, i, &mut b)?;
        Ok(std::array::from_fn(|j| {
            u32::from_le_bytes([b[4 * j], b[4 * j + 1], b[4 * j + 2], b[4 * j + 3]])
        }))
    }

    /// A packed tally, its large tally read from the file when it has one.
    fn tally_of(&self, r: &dyn ReadAt, p: u32, what: &'static str) -> Result<Tally, IndexError> {
        if p & 0xff != BIG {
            return Ok(unpack(p, &[]));
        }
        let [games, to_move_wins, draws, to_move_losses] = self
            .quad(r, BIGS, (p >> 8) as usize)
            .map_err(|_| IndexError::Damaged(what))?;
        Ok(Tally {
            games,
            to_move_wins,
            draws,
            to_move_losses,
        })
    }

    /// The number of the position of `key`, probing the file's table a run of slots at a
    /// time.
    pub fn find(&self, r: &dyn ReadAt, key: u64) -> Result<Option<u32>, IndexError> {
        let (n, s) = (self.counts[KEYS], self.counts[SLOTS]);
        let mut i = slot_of(key, s - 1);
        let mut run = [0u8; 4 * PROBE_RUN];
        let mut probed = 0;
        while probed < s.min(MAX_PROBES) {
            let len = (s - i).min(PROBE_RUN);
            let bytes = &mut run[..4 * len];
            r.read_at(self.at[SLOTS] + 4 * i as u64, bytes)
                .map_err(read_error("table"))?;
            for w in bytes.chunks_exact(4) {
                let slot = u32::from_le_bytes([w[0], w[1], w[2], w[3]]) as usize;
                if slot == 0 {
                    return Ok(None);
                }
                if slot > n {
                    return Err(IndexError::Damaged("the table"));
                }
                if self.key(r, slot - 1)? == key {
                    return Ok(Some(slot as u32 - 1));
                }
            }
            probed += len;
            i = (i + len) & (s - 1);
        }
        Err(IndexError::Damaged("the table"))
    }

    /// The games that reached a position (by its [`PositionKey::short`]).
    pub fn tally(&self, r: &dyn ReadAt, key: u64) -> Result<Tally, IndexError> {
        match self.find(r, key)? {
            Some(n) => {
                let p = self.word(r, TALLIES, n as usize)?;
                self.tally_of(r, p, "a position")
            }
            None => Ok(Tally::default()),
        }
    }

    /// The moves played from a position (by its [`PositionKey::short`]).
    pub fn continuations(&self, r: &dyn ReadAt, key: u64) -> Result<Vec<Continuation>, IndexError> {
        let mut out = Vec::new();
        let Some(n) = self.find(r, key)? else {
            return Ok(out);
        };
        let mut e = self.word(r, FIRST, n as usize)?;
        if e != NONE && e as usize >= self.counts[EDGES] {
            return Err(IndexError::Damaged("a position"));
        }
        while e != NONE {
            if out.len() == MAX_MOVES {
                return Err(IndexError::Damaged("a position's moves"));
            }
            let [child, tally, game, next] = self.quad(r, EDGES, e as usize)?;
            // Each list runs to smaller numbers, so it ends.
            if next != NONE && next >= e {
                return Err(IndexError::Damaged("a move"));
            }
            out.push(Continuation {
                child: self
                    .key(r, child as usize)
                    .map_err(|_| IndexError::Damaged("a move"))?,
                tally: self.tally_of(r, tally, "a move")?,
                game: game as usize,
                ply: None,
            });
            e = next;
        }
        Ok(out)
    }

    /// The explorer's report on `pos`, from the file.
    pub fn explore(&self, r: &dyn ReadAt, pos: &Position) -> Result<Report, IndexError> {
        let key = PositionKey::of(pos).short();
        Ok(report(
            pos,
            self.head.games(),
            self.tally(r, key)?,
            self.continuations(r, key)?,
            None,
        ))
    }
}

/// A saved index being read whole, a slice at a time ([`Loading::step`]): each slice is
/// hashed and its numbers checked as it arrives, so that the last slice leaves only the
/// checksum to compare.
pub struct Loading {
    layout: SavedLayout,
    keys: Vec<u64>,
    tallies: Vec<u32>,
    first: Vec<u32>,
    edges: Vec<[u32; 4]>,
    big: Vec<[u32; 4]>,
    slots: Vec<u32>,
    /// The array being read and the bytes of it read.
    array: usize,
    done: usize,
    crc: crc32fast::Hasher,
    /// Slots filled so far.
    filled: usize,
    /// The first number found out of place: said once the checksum is found good (a
    /// damaged file is said to be damaged by its checksum, as before the slices).
    fault: Option<&'static str>,
}

impl Loading {
    /// Starts reading the index `layout` describes (each array's memory is taken when its
    /// first slice is read).
    pub fn new(layout: SavedLayout) -> Loading {
        Loading {
            keys: Vec::new(),
            tallies: Vec::new(),
            first: Vec::new(),
            edges: Vec::new(),
            big: Vec::new(),
            slots: Vec::new(),
            array: 0,
            done: 0,
            crc: layout.crc.clone(),
            filled: 0,
            fault: None,
            layout,
        }
    }

    /// The index's header, for answers from the file meanwhile.
    pub fn layout(&self) -> &SavedLayout {
        &self.layout
    }

    /// The share of the file read, from 0 to 1.
    pub fn fraction(&self) -> f64 {
        self.read_to() as f64 / self.layout.file_len() as f64
    }

    /// `items` more items of array `k`, zero until read. The array's room is taken whole at
    /// its first slice and written a slice at a time (writing all 600 MB of a million games'
    /// arrays at once would hold an answer for a tenth of a second while the pages are
    /// mapped).
    fn extend(&mut self, k: usize, items: usize) {
        fn grow<T: Clone>(v: &mut Vec<T>, total: usize, items: usize, zero: T) {
            v.reserve_exact(total - v.len());
            v.resize(v.len() + items, zero);
        }
        let total = self.layout.counts[k];
        match k {
            KEYS => grow(&mut self.keys, total, items, 0),
            TALLIES => grow(&mut self.tallies, total, items, 0),
            FIRST => grow(&mut self.first, total, items, 0),
            EDGES => grow(&mut self.edges, total, items, [0; 4]),
            BIGS => grow(&mut self.big, total, items, [0; 4]),
            _ => grow(&mut self.slots, total, items, 0),
        }
    }

    /// Where the bytes not read yet start.
    fn read_to(&self) -> u64 {
        match self.array {
            k if k < ARRAYS.len() => self.layout.at[k] + self.done as u64,
            _ => self.layout.at[ARRAYS.len()],
        }
    }

    /// Reads through what has been read already ([`Loaded`]).
    pub fn through<'a, R: ReadAt>(&'a self, file: &'a R) -> Loaded<'a, R> {
        Loaded {
            loading: self,
            file,
        }
    }

    fn bytes_read(&self, k: usize) -> &[u8] {
        match k {
            KEYS => bytemuck::cast_slice(&self.keys),
            TALLIES => bytemuck::cast_slice(&self.tallies),
            FIRST => bytemuck::cast_slice(&self.first),
            EDGES => bytemuck::cast_slice(&self.edges),
            BIGS => bytemuck::cast_slice(&self.big),
            _ => bytemuck::cast_slice(&self.slots),
        }
    }

    fn bytes(&mut self, k: usize) -> &mut [u8] {
        match k {
            KEYS => bytemuck::cast_slice_mut(&mut self.keys),
            TALLIES => bytemuck::cast_slice_mut(&mut self.tallies),
            FIRST => bytemuck::cast_slice_mut(&mut self.first),
            EDGES => bytemuck::cast_slice_mut(&mut self.edges),
            BIGS => bytemuck::cast_slice_mut(&mut self.big),
            _ => bytemuck::cast_slice_mut(&mut self.slots),
        }
    }

    /// Reads the next slice of at most `budget` bytes (at least one item): `Some` index,
    /// checked whole, once the last is read.
    pub fn step(&mut self, r: &dyn ReadAt, budget: usize) -> Result<Option<Index>, IndexError> {
        while self.array < ARRAYS.len() {
            let k = self.array;
            let (size, what) = ARRAYS[k];
            let size = size as usize;
            let at = self.layout.at[k] + self.done as u64;
            let from = self.done;
            let total = self.layout.counts[k] * size;
            if from == total {
                self.array += 1;
                self.done = 0;
                continue;
            }
            let take = (total - from).min((budget / 16).max(1) * 16);
            self.extend(k, take / size);
            let slice = &mut self.bytes(k)[from..from + take];
            r.read_at(at, slice).map_err(read_error(what))?;
            let mut crc = std::mem::replace(&mut self.crc, crc32fast::Hasher::new());
            crc.update(&self.bytes(k)[from..from + take]);
            self.crc = crc;
            self.done += take;
            self.settle(k, from / size..(from + take) / size);
            return Ok(None);
        }
        let mut stated = [0u8; 4];
        r.read_at(self.layout.at[6], &mut stated)
            .map_err(read_error("checksum"))?;
        if self.crc.clone().finalize() != u32::from_le_bytes(stated) {
            return Err(IndexError::Damaged("the checksum does not match"));
        }
        if let Some(fault) = self.fault {
            return Err(IndexError::Damaged(fault));
        }
        if self.filled != self.layout.counts[KEYS] {
            return Err(IndexError::Damaged("the table"));
        }
        let edges = std::mem::take(&mut self.edges);
        let big = std::mem::take(&mut self.big);
        let head = &self.layout.head;
        Ok(Some(Index {
            depth: head.depth,
            games: head.games,
            filter: head.filter.clone(),
            keys: std::mem::take(&mut self.keys),
            tallies: std::mem::take(&mut self.tallies),
            first: std::mem::take(&mut self.first),
            // Named in place: the same layout.
            edges: edges
                .into_iter()
                .map(|[child, tally, game, next]| IndexEdge {
                    child,
                    tally,
                    game,
                    next,
                })
                .collect(),
            big: big
                .into_iter()
                .map(|[games, to_move_wins, draws, to_move_losses]| Tally {
                    games,
                    to_move_wins,
                    draws,
                    to_move_losses,
                })
                .collect(),
            slots: std::mem::take(&mut self.slots),
            aids: Aids::default(),
        }))
    }

    /// The items `range` of array `k` just read: in the machine's byte order, and checked to
    /// point where they may, so that queries on the index cannot fail or loop. (A key in
    /// another slot than its own would only go unfound; the checksum stands against damage,
    /// this against a file made to crash a reader.)
    fn settle(&mut self, k: usize, range: std::ops::Range<usize>) {
        if cfg!(target_endian = "big") {
            match k {
                KEYS => self.keys[range.clone()]
                    .iter_mut()
                    .for_each(|v| *v = u64::from_le(*v)),
                TALLIES => swap(&mut self.tallies[range.clone()]),
                FIRST => swap(&mut self.first[range.clone()]),
                EDGES => swap(bytemuck::cast_slice_mut(&mut self.edges[range.clone()])),
                BIGS => swap(bytemuck::cast_slice_mut(&mut self.big[range.clone()])),
                _ => swap(&mut self.slots[range.clone()]),
            }
        }
        let [n, _, _, e, b, _] = self.layout.counts;
        let tally_ok = |p: u32| p & 0xff != BIG || ((p >> 8) as usize) < b;
        let ok = match k {
            TALLIES => self.tallies[range].iter().all(|&p| tally_ok(p)),
            FIRST => self.first[range]
                .iter()
                .all(|&f| f == NONE || (f as usize) < e),
            EDGES => {
                let start = range.start;
                self.edges[range]
                    .iter()
                    .enumerate()
                    .all(|(j, &[child, tally, _, next])| {
                        (child as usize) < n
                            && tally_ok(tally)
                            && (next == NONE || (next as usize) < start + j)
                    })
            }
            SLOTS => {
                // Each slot empty or naming a position, and (at the end) as many filled as
                // there are positions: the table keeps empty slots, so a probe ends.
                let mut beyond = false;
                for &s in &self.slots[range] {
                    self.filled += usize::from(s != 0);
                    beyond |= s as usize > n;
                }
                !beyond
            }
            _ => true,
        };
        if !ok && self.fault.is_none() {
            self.fault = Some(match k {
                TALLIES | FIRST => "a position",
                EDGES => "a move",
                _ => "the table",
            });
        }
    }
}

/// A file being read whole, read from the arrays where they hold the bytes asked already
/// (an answer while the index is read then reads the file for the rest only).
pub struct Loaded<'a, R> {
    loading: &'a Loading,
    file: &'a R,
}

impl<R: ReadAt> ReadAt for Loaded<'_, R> {
    fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let l = self.loading;
        let end = at.saturating_add(buf.len() as u64);
        // The arrays hold the file's bytes where the machine is little-endian (elsewhere
        // they are swapped as they are read); each item lies in one array.
        let k = l.layout.at[1..].iter().position(|&next| at < next);
        if let Some(k) = k.filter(|&k| {
            cfg!(target_endian = "little")
                && at >= l.layout.at[k]
                && end <= l.layout.at[k + 1]
                && end <= l.read_to()
        }) {
            let from = (at - l.layout.at[k]) as usize;
            buf.copy_from_slice(&l.bytes_read(k)[from..from + buf.len()]);
            return Ok(());
        }
        self.file.read_at(at, buf)
    }
}

fn swap(words: &mut [u32]) {
    words.iter_mut().for_each(|v| *v = u32::from_le(*v));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Counts the reads that reach the file.
    struct Counted<'a>(&'a [u8], std::cell::Cell<usize>);

    impl ReadAt for Counted<'_> {
        fn read_at(&self, at: u64, buf: &mut [u8]) -> std::io::Result<()> {
            self.1.set(self.1.get() + 1);
            self.0.read_at(at, buf)
        }
    }

    #[test]
    fn blocks_read_what_the_file_holds_and_keep_the_latest() {
        // More blocks than are kept, the last one short.
        let len = BLOCK as usize * (BLOCKS_KEPT + 20) + 1234;
        let file: Vec<u8> = (0..len).map(|i| (i * 7 + i / 251) as u8).collect();
        let blocks = Blocks::new(Counted(&file, Default::default()), len as u64);
        let mut seed = 12345u64;
        for _ in 0..5000 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let at = (seed >> 20) as usize % len;
            let n = ((seed >> 8) as usize % 3000).min(len - at);
            let mut got = vec![0; n];
            blocks.read_at(at as u64, &mut got).unwrap();
            assert_eq!(got, file[at..at + n], "{at} {n}");
        }
        assert!(blocks.kept.borrow().len() <= BLOCKS_KEPT);
        // Past the end, nothing is read.
        let mut past = [0u8; 2];
        let e = blocks.read_at(len as u64 - 1, &mut past).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::UnexpectedEof);
        // A block read once answers again without the file.
        let mut one = [0u8; 16];
        blocks.read_at(100, &mut one).unwrap();
        let reads = blocks.inner().1.get();
        for at in [0, 200, 4000, BLOCK - 16] {
            blocks.read_at(at, &mut one).unwrap();
        }
        assert_eq!(blocks.inner().1.get(), reads);
        // Across two blocks: both.
        let mut across = [0u8; 32];
        blocks.read_at(5 * BLOCK - 16, &mut across).unwrap();
        assert_eq!(across[..], file[5 * BLOCK as usize - 16..][..32]);
    }
}
