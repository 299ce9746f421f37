//! The board: stacks of pieces on hex cells.
//!
//! Cells live on a 32×32 torus indexed by `(q mod 32, r mod 32)`. A hive of at most 28
//! connected pieces spans fewer than 30 cells in any axis, so a piece and every cell next to
//! the hive have distinct indices; the true axial position of each piece is kept beside the
//! grid. This keeps neighbour lookups to one table read (a few integer operations in the
//! app's build).

use crate::engine::hex::{Direction, Hex};
use crate::engine::piece::{pieces_in, PieceId, PIECE_COUNT};

pub(crate) const GRID_BITS: u32 = 5;
pub(crate) const GRID: usize = 1 << GRID_BITS;
pub(crate) const CELLS: usize = GRID * GRID;
const MASK: i32 = GRID as i32 - 1;
const NONE: u8 = u8::MAX;

/// Index of a hex on the torus.
pub(crate) type CellIndex = usize;

pub(crate) const fn cell_of(h: Hex) -> CellIndex {
    ((h.q & MASK) | ((h.r & MASK) << GRID_BITS)) as usize
}

/// Every cell's six neighbours (`Direction::ALL` order), for all but the app's build: one
/// table read is about a tenth faster in perft than [`computed_neighbor`], which the command
/// line and the collection worker (its explorer keys every position) want.
#[cfg(not(feature = "web"))]
static NEIGHBORS: [[u16; 6]; CELLS] = neighbor_table();

#[cfg_attr(feature = "web", allow(dead_code))]
const fn neighbor_table() -> [[u16; 6]; CELLS] {
    let mut t = [[0u16; 6]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let q = (c % GRID) as i32;
        let r = (c / GRID) as i32;
        let mut d = 0;
        while d < 6 {
            let (dq, dr) = Direction::ALL[d].offset();
            t[c][d] = cell_of(Hex::new(q + dq, r + dr)) as u16;
            d += 1;
        }
        c += 1;
    }
    t
}

/// The neighbour of cell `c` in direction index `d` (0..6, `Direction::ALL` order).
#[cfg(not(feature = "web"))]
#[inline(always)]
pub(crate) fn neighbor(c: CellIndex, d: usize) -> CellIndex {
    // The mask is free and lets the compiler drop the bounds check (cells are below CELLS).
    NEIGHBORS[c & (CELLS - 1)][d] as CellIndex
}

/// The neighbour of cell `c` in direction index `d`, computed: the app's build (feature
/// `web`) carries no table (its 12 KB cost the first visit 7 KB gzipped).
#[cfg(feature = "web")]
#[inline(always)]
pub(crate) fn neighbor(c: CellIndex, d: usize) -> CellIndex {
    computed_neighbor(c, d)
}

/// What the six directions add to a cell index: the q step to the low bits and the r step
/// to the high bits, each wrapping within its own field.
#[cfg(any(feature = "web", test))]
const STEPS: [(usize, usize); 6] = {
    let mut t = [(0, 0); 6];
    let mut d = 0;
    while d < 6 {
        let (dq, dr) = Direction::ALL[d].offset();
        t[d] = (dq as usize, (dr << GRID_BITS) as usize);
        d += 1;
    }
    t
};

#[cfg(any(feature = "web", test))]
const Q_BITS: usize = GRID - 1;
#[cfg(any(feature = "web", test))]
const R_BITS: usize = Q_BITS << GRID_BITS;

#[cfg(any(feature = "web", test))]
#[inline(always)]
fn computed_neighbor(c: CellIndex, d: usize) -> CellIndex {
    let (dq, dr) = STEPS[d];
    (c.wrapping_add(dq) & Q_BITS) | (c.wrapping_add(dr) & R_BITS)
}

/// The Zobrist key of piece `p` standing `height` pieces high (1 on the ground) at `h`.
///
/// Each (piece, column, row, height) gets its own pseudo-random 64-bit value: the
/// splitmix64 finaliser (a bijection) of the four packed together. Computed rather than
/// looked up, so that the browser build carries no table of incompressible random numbers.
#[inline(always)]
pub(crate) fn piece_key(p: PieceId, h: Hex, height: u8) -> u64 {
    let m = GRID as i32 - 1;
    let packed = (p.index() as u64) << 16
        | ((h.q & m) as u64) << 8
        | ((h.r & m) as u64) << 3
        | u64::from(height & 7);
    let mut z = (packed ^ 0x4869_7665_2d5a_6f62).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The directions a crawler can slide in from a cell whose occupied neighbours are
/// `pattern` (bit `d` for direction `d`), as a mask indexed by the pattern: the target
/// empty, and of the two cells both touch exactly one occupied (both: a gate; neither:
/// leaving the hive).
pub(crate) const SLIDES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut pat = 0;
    while pat < 64 {
        let mut d = 0;
        while d < 6 {
            let left = pat & (1 << ((d + 5) % 6)) != 0;
            let right = pat & (1 << ((d + 1) % 6)) != 0;
            if pat & (1 << d) == 0 && left != right {
                t[pat] |= 1 << d;
            }
            d += 1;
        }
        pat += 1;
    }
    t
};

/// The bit of direction `d` from `a` to `b` when `b` is the neighbour of `a` in that
/// direction, else 0: from the difference of their torus coordinates.
#[inline(always)]
pub(crate) fn toward(a: CellIndex, b: CellIndex) -> u8 {
    let m = GRID - 1;
    let dq = b.wrapping_sub(a) & m;
    let dr = (b >> GRID_BITS).wrapping_sub(a >> GRID_BITS) & m;
    match dq | dr << GRID_BITS {
        0b00000_00001 => 1 << 0,
        0b00001_00000 => 1 << 1,
        0b00001_11111 => 1 << 2,
        0b00000_11111 => 1 << 3,
        0b11111_00000 => 1 << 4,
        0b11111_00001 => 1 << 5,
        _ => 0,
    }
}

/// A fixed-size set of cells.
#[derive(Clone, Copy)]
pub(crate) struct CellSet([u64; CELLS / 64]);

impl CellSet {
    pub(crate) const fn new() -> CellSet {
        CellSet([0; CELLS / 64])
    }

    /// Adds `c`; returns whether it was new.
    #[inline(always)]
    pub(crate) fn insert(&mut self, c: CellIndex) -> bool {
        let (w, b) = ((c / 64) % (CELLS / 64), 1u64 << (c % 64));
        let new = self.0[w] & b == 0;
        self.0[w] |= b;
        new
    }

    #[inline(always)]
    pub(crate) fn contains(&self, c: CellIndex) -> bool {
        self.0[(c / 64) % (CELLS / 64)] & (1u64 << (c % 64)) != 0
    }
}

/// Stacks of pieces on the grid.
///
/// Beside the stacks, kept up to date as cells fill and empty (six neighbours each time),
/// the hive as a graph for the one-hive rule and the evaluation: which neighbours of each
/// cell are occupied, and which ground pieces touch each other.
#[derive(Clone)]
pub struct Board {
    top: [u8; CELLS],
    height: [u8; CELLS],
    /// Bit `d` set when the neighbour of the cell in direction `d` is occupied. Not in the
    /// app's build (feature `web`), like `touching`: it computes this when asked.
    #[cfg(not(feature = "web"))]
    around: [u8; CELLS],
    hex: [Hex; PIECE_COUNT],
    under: [u8; PIECE_COUNT],
    /// For each piece at the bottom of a stack, the bottom pieces of the neighbouring
    /// cells (bit `id`); 0 for the others. Not in the app's build (feature `web`), which
    /// does not search: its pinned pieces come from a plain depth-first search, for size.
    #[cfg(not(feature = "web"))]
    touching: [u32; PIECE_COUNT],
    placed: u32,
    /// The pieces at the bottom of their stacks: one per occupied cell.
    #[cfg(not(feature = "web"))]
    ground: u32,
    /// The pieces with another on top of them.
    covered: u32,
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

impl Board {
    pub fn new() -> Board {
        Board {
            top: [NONE; CELLS],
            height: [0; CELLS],
            #[cfg(not(feature = "web"))]
            around: [0; CELLS],
            hex: [Hex::ORIGIN; PIECE_COUNT],
            under: [NONE; PIECE_COUNT],
            #[cfg(not(feature = "web"))]
            touching: [0; PIECE_COUNT],
            placed: 0,
            #[cfg(not(feature = "web"))]
            ground: 0,
            covered: 0,
        }
    }

    /// Where a piece stands, or `None` while it is in hand.
    pub fn position(&self, p: PieceId) -> Option<Hex> {
        self.is_placed(p).then(|| self.hex[p.index()])
    }

    pub fn is_placed(&self, p: PieceId) -> bool {
        self.placed & (1 << p.0) != 0
    }

    /// The piece on top of the stack at `h`.
    pub fn top(&self, h: Hex) -> Option<PieceId> {
        self.top_c(cell_of(h)).filter(|p| self.hex[p.index()] == h)
    }

    /// Number of pieces stacked at `h` (0 for an empty cell).
    pub fn height(&self, h: Hex) -> u8 {
        match self.top(h) {
            Some(_) => self.height[cell_of(h)],
            None => 0,
        }
    }

    /// The piece directly beneath `p`, if `p` is on a stack.
    pub fn below(&self, p: PieceId) -> Option<PieceId> {
        let u = self.under[p.index()];
        (u != NONE && self.is_placed(p)).then_some(PieceId(u))
    }

    /// Whether nothing stands on `p`.
    pub fn is_on_top(&self, p: PieceId) -> bool {
        (self.placed & !self.covered) & (1 << p.0) != 0
    }

    /// The pieces on top of their stacks (bit `id`).
    #[inline(always)]
    pub(crate) fn tops_mask(&self) -> u32 {
        self.placed & !self.covered
    }

    /// The stack at `h`, bottom first.
    pub fn stack(&self, h: Hex) -> Vec<PieceId> {
        let mut v = Vec::new();
        let mut cur = self.top(h);
        while let Some(p) = cur {
            v.push(p);
            cur = self.below(p);
        }
        v.reverse();
        v
    }

    /// All pieces on the board, in id order.
    pub fn pieces(&self) -> impl Iterator<Item = PieceId> + '_ {
        pieces_in(self.placed)
    }

    /// One hex per occupied cell.
    pub fn occupied(&self) -> impl Iterator<Item = Hex> + '_ {
        self.pieces()
            .filter(|p| self.under[p.index()] == NONE)
            .map(|p| self.hex[p.index()])
    }

    pub fn is_empty(&self) -> bool {
        self.placed == 0
    }

    /// A 64-bit Zobrist key of the stacks (which pieces, bottom to top, on which cells): equal
    /// boards have equal keys, and different boards differ but with probability 2^-64.
    /// Computed afresh here; `Position` keeps it up to date move by move.
    pub fn key(&self) -> u64 {
        let mut key = 0;
        for p in self.pieces() {
            let mut height = 1;
            let mut below = self.under[p.index()];
            while below != NONE {
                height += 1;
                below = self.under[below as usize];
            }
            key ^= piece_key(p, self.hex[p.index()], height);
        }
        key
    }

    /// Puts `p` on top of whatever stands at `h`.
    pub(crate) fn push(&mut self, p: PieceId, h: Hex) {
        let c = cell_of(h);
        #[cfg(not(feature = "web"))]
        if self.height[c] == 0 {
            self.link(p, c);
        }
        if self.height[c] != 0 {
            self.covered |= 1 << self.top[c];
        }
        self.under[p.index()] = self.top[c];
        self.top[c] = p.0;
        self.height[c] += 1;
        self.hex[p.index()] = h;
        self.placed |= 1 << p.0;
    }

    /// Takes the top piece off the stack at `h`.
    pub(crate) fn pop(&mut self, h: Hex) -> Option<PieceId> {
        let c = cell_of(h);
        let p = self.top_c(c)?;
        self.top[c] = self.under[p.index()];
        self.height[c] -= 1;
        self.under[p.index()] = NONE;
        self.placed &= !(1 << p.0);
        if self.height[c] != 0 {
            self.covered &= !(1 << self.top[c]);
        }
        #[cfg(not(feature = "web"))]
        if self.height[c] == 0 {
            self.unlink(p, c);
        }
        Some(p)
    }

    /// `p`, alone on the cell `c` it just filled, joins the graph.
    #[cfg(not(feature = "web"))]
    fn link(&mut self, p: PieceId, c: CellIndex) {
        self.ground |= 1 << p.0;
        let mut touching = 0u32;
        for d in 0..6 {
            let n = neighbor(c, d);
            self.around[n] |= 1 << ((d + 3) % 6);
            if self.height[n] != 0 {
                let g = self.bottom_c(n);
                self.touching[g as usize] |= 1 << p.0;
                touching |= 1 << g;
            }
        }
        self.touching[p.index()] = touching;
    }

    /// `p`, leaving its cell `c` empty, leaves the graph.
    #[cfg(not(feature = "web"))]
    fn unlink(&mut self, p: PieceId, c: CellIndex) {
        self.ground &= !(1 << p.0);
        for d in 0..6 {
            self.around[neighbor(c, d)] &= !(1 << ((d + 3) % 6));
        }
        let mut rest = std::mem::take(&mut self.touching[p.index()]);
        while rest != 0 {
            self.touching[rest.trailing_zeros() as usize] &= !(1 << p.0);
            rest &= rest - 1;
        }
    }

    /// The id of the piece at the bottom of the occupied cell `c`.
    #[cfg(not(feature = "web"))]
    fn bottom_c(&self, c: CellIndex) -> u8 {
        let mut p = self.top[c];
        while self.under[p as usize] != NONE {
            p = self.under[p as usize];
        }
        p
    }

    /// Which neighbours of `c` are occupied: bit `d` for direction `d`.
    #[cfg(not(feature = "web"))]
    #[inline(always)]
    pub(crate) fn around_c(&self, c: CellIndex) -> u8 {
        self.around[c & (CELLS - 1)]
    }

    /// Which neighbours of `c` are occupied, looked up (the app's build keeps no table).
    #[cfg(feature = "web")]
    pub(crate) fn around_c(&self, c: CellIndex) -> u8 {
        (0..6).fold(0, |m, d| {
            m | u8::from(self.height_c(neighbor(c, d)) != 0) << d
        })
    }

    /// The pieces at the bottom of their stacks (bit `id`): one per occupied cell.
    #[cfg(not(feature = "web"))]
    #[inline(always)]
    pub(crate) fn ground_mask(&self) -> u32 {
        self.ground
    }

    /// For a piece at the bottom of its stack, those of the neighbouring cells (bit `id`).
    #[cfg(not(feature = "web"))]
    #[inline(always)]
    pub(crate) fn touching(&self, p: PieceId) -> u32 {
        self.touching[p.index()]
    }

    #[inline(always)]
    pub(crate) fn top_c(&self, c: CellIndex) -> Option<PieceId> {
        let t = self.top[c & (CELLS - 1)];
        (t != NONE).then_some(PieceId(t))
    }

    #[inline(always)]
    pub(crate) fn height_c(&self, c: CellIndex) -> u8 {
        self.height[c & (CELLS - 1)]
    }

    pub(crate) fn hex_of(&self, p: PieceId) -> Hex {
        self.hex[p.index()]
    }

    pub(crate) fn placed_mask(&self) -> u32 {
        self.placed
    }

    /// The real hex of a cell that holds a piece or touches one: found from that piece's own
    /// position, which is exact however far the cell lies from anywhere else on the board.
    pub(crate) fn hex_of_cell(&self, c: CellIndex, fallback: Hex) -> Hex {
        if let Some(p) = self.top_c(c) {
            return self.hex[p.index()];
        }
        for d in Direction::ALL {
            if let Some(p) = self.top_c(neighbor(c, d.index())) {
                return self.hex[p.index()].step(d.opposite());
            }
        }
        Board::hex_near(fallback, c)
    }

    /// The real hex of a cell within 16 steps (in q and in r) of the hex `near`.
    pub(crate) fn hex_near(near: Hex, c: CellIndex) -> Hex {
        let q = (c % GRID) as i32;
        let r = (c / GRID) as i32;
        let wrap = |v: i32, target: i32| v + ((target - v + 16).div_euclid(32)) * 32;
        Hex::new(wrap(q, near.q), wrap(r, near.r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn computed_neighbours_are_the_table_s() {
        let table = neighbor_table();
        for (c, row) in table.iter().enumerate() {
            for (d, &n) in row.iter().enumerate() {
                assert_eq!(
                    computed_neighbor(c, d),
                    n as CellIndex,
                    "cell {c}, direction {d}"
                );
                assert_eq!(neighbor(c, d), n as CellIndex);
            }
        }
    }

    #[test]
    fn toward_names_the_neighbour_s_direction() {
        for c in [0, 31, 32, 500, 992, 1023] {
            for d in 0..6 {
                assert_eq!(toward(c, neighbor(c, d)), 1 << d, "cell {c}, direction {d}");
                assert_eq!(toward(c, neighbor(neighbor(c, d), d)), 0);
            }
            assert_eq!(toward(c, c), 0);
        }
    }

    #[test]
    fn stacks_push_and_pop() {
        let mut b = Board::new();
        let h = Hex::new(-40, 7);
        b.push(PieceId(0), h);
        b.push(PieceId(3), h);
        assert_eq!(b.height(h), 2);
        assert_eq!(b.top(h), Some(PieceId(3)));
        assert_eq!(b.below(PieceId(3)), Some(PieceId(0)));
        assert_eq!(b.stack(h), vec![PieceId(0), PieceId(3)]);
        assert!(!b.is_on_top(PieceId(0)));
        assert_eq!(b.occupied().collect::<Vec<_>>(), vec![h]);
        assert_eq!(b.pop(h), Some(PieceId(3)));
        assert_eq!(b.pop(h), Some(PieceId(0)));
        assert_eq!(b.pop(h), None);
        assert!(b.is_empty());
    }

    #[test]
    fn key_follows_the_stacks() {
        let mut b = Board::new();
        assert_eq!(b.key(), 0);
        let (x, y) = (Hex::new(0, 0), Hex::new(1, 0));
        b.push(PieceId(0), x);
        b.push(PieceId(3), y);
        let two_cells = b.key();
        // The same pieces stacked, in either order, and the same piece on another cell or
        // at another height, are all different boards.
        b.pop(y);
        b.push(PieceId(3), x);
        let stacked = b.key();
        let mut c = Board::new();
        c.push(PieceId(3), x);
        c.push(PieceId(0), x);
        let mut d = Board::new();
        d.push(PieceId(3), y);
        d.push(PieceId(0), x);
        let keys = [two_cells, stacked, c.key()];
        assert!(keys.iter().all(|k| *k != 0));
        assert_ne!(two_cells, stacked);
        assert_ne!(stacked, c.key());
        assert_ne!(two_cells, c.key());
        // Built in another order, the same board has the same key; emptied, the key is 0.
        assert_eq!(d.key(), two_cells);
        b.pop(x);
        b.pop(x);
        assert_eq!(b.key(), 0);
    }

    /// The occupied neighbours and the ground graph kept by `push` and `pop` are those
    /// computed from the stacks, through stacking and unstacking.
    #[test]
    #[cfg(not(feature = "web"))]
    fn graph_follows_the_stacks() {
        fn check(b: &Board) {
            let mut ground = 0u32;
            for c in 0..CELLS {
                let mut around = 0u8;
                for d in 0..6 {
                    if b.height_c(neighbor(c, d)) != 0 {
                        around |= 1 << d;
                    }
                }
                assert_eq!(b.around_c(c), around, "cell {c}");
                if b.height_c(c) != 0 {
                    let g = b.bottom_c(c);
                    ground |= 1 << g;
                    let mut touching = 0u32;
                    for d in 0..6 {
                        let n = neighbor(c, d);
                        if b.height_c(n) != 0 {
                            touching |= 1 << b.bottom_c(n);
                        }
                    }
                    assert_eq!(b.touching(PieceId(g)), touching, "cell {c}");
                }
            }
            assert_eq!(b.ground_mask(), ground);
            let tops: u32 = b
                .pieces()
                .filter(|p| b.top_c(cell_of(b.hex_of(*p))) == Some(*p))
                .fold(0, |m, p| m | 1 << p.0);
            assert_eq!(b.tops_mask(), tops);
        }
        let mut b = Board::new();
        let cells = [
            Hex::new(0, 0),
            Hex::new(1, 0),
            Hex::new(0, 1),
            Hex::new(31, 0),
        ];
        let mut seed: u64 = 0x0067_7261_7068;
        let mut on: Vec<Hex> = Vec::new();
        let mut next_piece = 0u8;
        for _ in 0..400 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let h = cells[(seed >> 33) as usize % cells.len()];
            if (seed >> 40) % 3 != 0 && next_piece < PIECE_COUNT as u8 {
                b.push(PieceId(next_piece), h);
                next_piece += 1;
                on.push(h);
            } else if let Some(h) = on.pop() {
                b.pop(h);
                next_piece -= 1;
            }
            check(&b);
        }
    }

    #[test]
    fn hex_near_recovers_wrapped_coordinates() {
        for near in [Hex::new(0, 0), Hex::new(-45, 31), Hex::new(100, -3)] {
            for d in Direction::ALL {
                let n = near.step(d).step(d);
                assert_eq!(Board::hex_near(near, cell_of(n)), n);
            }
        }
    }

    #[test]
    fn hex_of_cell_is_exact_far_from_the_origin() {
        let mut b = Board::new();
        for q in -13..=14 {
            b.push(PieceId(((q + 13) % 28) as u8), Hex::new(q, 0));
        }
        for h in [
            Hex::new(15, 0),
            Hex::new(-14, 0),
            Hex::new(14, -1),
            Hex::new(-13, 1),
        ] {
            assert_eq!(b.hex_of_cell(cell_of(h), Hex::new(-13, 0)), h);
        }
        assert_eq!(
            b.hex_of_cell(cell_of(Hex::new(3, 0)), Hex::ORIGIN),
            Hex::new(3, 0)
        );
    }
}
