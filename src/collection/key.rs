//! Canonical position keys: one key per position, whatever the board's turn, mirror, place
//! on the grid or colours.
//!
//! A position is its stacks: which pieces stand on which cells, bottom to top. Two positions
//! are the same for the explorer when one becomes the other by
//!
//! * a translation (cells are taken relative to the hive),
//! * one of the 12 symmetries of the hex grid (6 rotations, each with or without a mirror),
//! * swapping the colours together with the player to move: pieces are named "of the player
//!   to move" or "of the other player", never White or Black.
//!
//! The canonical form is the smallest, over the 12 symmetries, of the sorted list of
//! `(cell, stack)` entries after translating the hive so that its bounding box starts at
//! `(0, 0)` (see `docs/EXPLORER.md` for the exact encoding). The key is a 128-bit hash of
//! that form. Piece numbers (`A1`, `A2`), the pieces in hand, the game type and the piece
//! moved last are not part of it.
//!
//! ```
//! use beeline::collection::key::PositionKey;
//! use beeline::engine::piece::GameType;
//! use beeline::engine::position::Position;
//! let pos = Position::new(GameType::BASE);
//! let mut a = pos.clone();
//! let moves = a.legal_moves();
//! a.play(moves[0]).unwrap();
//! // Every second piece next to the first gives the same position.
//! let seconds = a.legal_moves();
//! let keys: Vec<PositionKey> = seconds
//!     .iter()
//!     .filter(|m| m.piece() == seconds[0].piece())
//!     .map(|m| { let mut b = a.clone(); b.play(*m).unwrap(); PositionKey::of(&b) })
//!     .collect();
//! assert_eq!(keys.len(), 6);
//! assert!(keys.iter().all(|k| *k == keys[0]));
//! ```

use crate::engine::board::Board;
use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, PIECE_COUNT};
use crate::engine::position::Position;
use std::fmt;

/// Whose piece, as the explorer sees it: the player to move's or the other player's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Owner {
    ToMove,
    Other,
}

/// The 128-bit hash of a position's canonical form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct PositionKey(pub u128);

impl fmt::Display for PositionKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:032x}", self.0)
    }
}

/// A position's canonical form, readable: each occupied cell (the hive translated so that
/// its bounding box starts at `(0, 0)`, in the symmetry that gives the smallest form) with
/// its stack, bottom first, sorted by row then column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct CanonicalForm {
    pub cells: Vec<(Hex, Vec<(Owner, Bug)>)>,
}

/// At most this many pieces stand in one stack (a ground piece, 4 Beetles, 2 Mosquitoes).
const MAX_STACK: usize = 7;
/// Bits per piece in a stack's code.
const PIECE_BITS: u32 = 5;
/// Bits of a stack's code (7 pieces of 5 bits).
const STACK_BITS: u32 = 40;
/// Bits per coordinate of a cell in an entry.
const COORD_BITS: u32 = 6;

/// The 12 symmetries of the grid as integer matrices on axial coordinates:
/// `(q, r) -> (a q + b r, c q + d r)`, rotations by sixths clockwise, then the same after
/// the east–west mirror.
#[cfg(test)]
const SYMMETRIES: [[i32; 4]; 12] = symmetries();

#[cfg(test)]
const fn symmetries() -> [[i32; 4]; 12] {
    let mut out = [[0; 4]; 12];
    // Identity, then one clockwise sixth (q, r) -> (-r, q + r) applied repeatedly.
    let mut m = [1, 0, 0, 1];
    let mut k = 0;
    while k < 6 {
        out[k] = m;
        // Mirror (q, r) -> (q + r, -r) after the rotation m.
        out[k + 6] = [m[0] + m[2], m[1] + m[3], -m[2], -m[3]];
        // rot ∘ m: q' = -(c q + d r), r' = (a q + b r) + (c q + d r).
        m = [-m[2], -m[3], m[0] + m[2], m[1] + m[3]];
        k += 1;
    }
    out
}

/// One piece's code in a stack: 1 + side × 8 + bug (so 0 is "no piece").
fn piece_code(side: Owner, bug: Bug) -> u64 {
    1 + (side as u64) * 8 + bug as u64
}

fn decode_piece(code: u64) -> Option<(Owner, Bug)> {
    let c = code.checked_sub(1)?;
    let side = if c >= 8 { Owner::Other } else { Owner::ToMove };
    Some((side, *Bug::ALL.get((c % 8) as usize)?))
}

/// The stacks of a board as `(q, r, code)`, the code of a stack being its pieces, each
/// [`PIECE_BITS`] bits, the top piece lowest and the bottom piece highest (so folding
/// bottom first, `code << PIECE_BITS | piece`, gives it too). Returns the number of cells.
fn board_cells(board: &Board, to_move: Color, out: &mut [(i32, i32, u64); PIECE_COUNT]) -> usize {
    let mut n = 0;
    for p in board.pieces() {
        if !board.is_on_top(p) {
            continue;
        }
        let Some(h) = board.position(p) else { continue };
        let mut code = 0u64;
        let mut depth = 0;
        let mut cur = Some(p);
        while let Some(q) = cur {
            if depth == MAX_STACK {
                break;
            }
            let side = if q.color() == to_move {
                Owner::ToMove
            } else {
                Owner::Other
            };
            code |= piece_code(side, q.bug()) << (PIECE_BITS * depth as u32);
            depth += 1;
            cur = board.below(q);
        }
        if n < out.len() {
            out[n] = (h.q, h.r, code);
            n += 1;
        }
    }
    n
}

/// For each of the 12 symmetries (rotations by sixths clockwise, then the same after the
/// east–west mirror), its row and its column as one of the cube
/// coordinates `(q, r, s = -q - r)` (index 0, 1, 2) with a sign: a rotation maps rows and
/// columns to ± a cube coordinate, and its mirror image negates the row.
const ROWS: [(usize, i32); 12] = [
    (1, 1),
    (2, -1),
    (0, 1),
    (1, -1),
    (2, 1),
    (0, -1),
    (1, -1),
    (2, 1),
    (0, -1),
    (1, 1),
    (2, -1),
    (0, 1),
];
/// The symmetries in pairs with the same row (a rotation and a mirror image).
const PAIRS: [(usize, usize); 6] = [(0, 9), (1, 10), (2, 11), (3, 6), (4, 7), (5, 8)];
const COLUMNS: [(usize, i32); 12] = [
    (0, 1),
    (1, -1),
    (2, 1),
    (0, -1),
    (1, 1),
    (2, -1),
    (2, -1),
    (0, 1),
    (1, -1),
    (2, 1),
    (0, -1),
    (1, 1),
];

/// The entries of the canonical form, in `best` (sorted only when `sorted` is asked; the
/// key does not need the order).
///
/// The canonical form is the smallest sorted entry list over the 12 symmetries. Its first
/// entry is the lowest row's leftmost cell (translated) and its stack: one pass finds
/// every symmetry's lowest row and leftmost column from the extremes of the cube
/// coordinates, and a second pass the leftmost cell on each extreme line. That first entry
/// decides unless several symmetries share the smallest (a symmetric position, or
/// nearly); then their lists are compared entry by entry, each the smallest above the one
/// before, without sorting.
fn canonical_entries(
    cells: &[(i32, i32, u64)],
    best: &mut [u64; PIECE_COUNT],
    sorted: bool,
) -> usize {
    let n = cells.len().min(PIECE_COUNT);
    if n == 0 {
        return 0;
    }
    let cells = &cells[..n];
    // Relative to the first cell (so nothing overflows however far the hive wandered).
    let (q0, r0) = (cells[0].0, cells[0].1);
    let mut cube = [[0i32; 3]; PIECE_COUNT];
    let mut codes = [0u64; PIECE_COUNT];
    let mut lo = [i32::MAX; 3];
    let mut hi = [i32::MIN; 3];
    for i in 0..n {
        let (q, r, code) = cells[i];
        let (q, r) = (q.wrapping_sub(q0), r.wrapping_sub(r0));
        let c = [q, r, q.wrapping_neg().wrapping_sub(r)];
        for k in 0..3 {
            lo[k] = lo[k].min(c[k]);
            hi[k] = hi[k].max(c[k]);
        }
        cube[i] = c;
        codes[i] = code;
    }
    let least = |(k, sign): (usize, i32)| {
        if sign > 0 {
            lo[k]
        } else {
            hi[k].wrapping_neg()
        }
    };
    // Each symmetry's first entry, its leftmost column and lowest row. A symmetry and its
    // partner (the rotation and the mirror image sharing its row, `t` and `PARTNER[t]`)
    // have the same lowest row: one scan of it serves both.
    let mut firsts = [(0u64, 0i32, 0i32); 12];
    // The leftmost cell of each symmetry's lowest row, in one pass over the cells: for
    // each of the 6 extreme lines, the cells on it, and for each of its two symmetries the
    // one with the smallest column (column, stack).
    let extreme: [i32; 6] = PAIRS.map(|(t, _)| least(ROWS[t]));
    let mut best_cells = [(i32::MAX, 0u64); 12];
    for i in 0..n {
        let c = cube[i];
        for (p, &(t, u)) in PAIRS.iter().enumerate() {
            let (rk, rs) = ROWS[t];
            if c[rk].wrapping_mul(rs) == extreme[p] {
                for s in [t, u] {
                    let (ck, cs) = COLUMNS[s];
                    let col = c[ck].wrapping_mul(cs);
                    if col < best_cells[s].0 {
                        best_cells[s] = (col, codes[i]);
                    }
                }
            }
        }
    }
    for (p, &(t, u)) in PAIRS.iter().enumerate() {
        for s in [t, u] {
            let min_col = least(COLUMNS[s]);
            let (col, code) = best_cells[s];
            let dq = (col.wrapping_sub(min_col) as u64) & ((1 << COORD_BITS) - 1);
            firsts[s] = ((dq << STACK_BITS) | code, min_col, extreme[p]);
        }
    }
    let lowest = firsts.iter().map(|f| f.0).min().unwrap_or(u64::MAX);
    // A symmetry's entries, translated to its lowest row and leftmost column.
    let entries_of = |t: usize, out: &mut [u64]| {
        let (rk, rs) = ROWS[t];
        let (ck, cs) = COLUMNS[t];
        let (_, min_col, min_row) = firsts[t];
        let mask = (1u64 << COORD_BITS) - 1;
        for i in 0..n.min(out.len()) {
            let c = cube[i];
            let dr = (c[rk].wrapping_mul(rs).wrapping_sub(min_row) as u64) & mask;
            let dq = (c[ck].wrapping_mul(cs).wrapping_sub(min_col) as u64) & mask;
            out[i] = ((dr << COORD_BITS | dq) << STACK_BITS) | codes[i];
        }
    };
    let mut cand = [0usize; 12];
    let mut count = 0;
    for (t, f) in firsts.iter().enumerate() {
        if f.0 == lowest {
            cand[count] = t;
            count += 1;
        }
    }
    if count == 1 {
        entries_of(cand[0], &mut best[..n]);
    } else {
        let mut lists = [[0u64; PIECE_COUNT]; 12];
        for (i, &t) in cand[..count].iter().enumerate() {
            entries_of(t, &mut lists[i][..n]);
        }
        // Compare the sorted lists entry by entry: the k-th entry of each is its smallest
        // above the (k-1)-th, which the remaining candidates share.
        let mut alive = count;
        let mut floor = lowest;
        let mut k = 1;
        while alive > 1 && k < n {
            let mut next = [u64::MAX; 12];
            for i in 0..alive {
                next[i] = lists[i][..n]
                    .iter()
                    .fold(u64::MAX, |m, &e| if e > floor { m.min(e) } else { m });
            }
            let least = next[..alive].iter().copied().min().unwrap_or(u64::MAX);
            // Keep the candidates that reach it, in place.
            let mut kept = 0;
            for (i, &value) in next[..alive].iter().enumerate() {
                if value == least {
                    lists.swap(kept, i);
                    kept += 1;
                }
            }
            alive = kept;
            floor = least;
            k += 1;
        }
        best[..n].copy_from_slice(&lists[0][..n]);
    }
    if sorted {
        insertion_sort(&mut best[..n]);
    }
    n
}

fn insertion_sort(v: &mut [u64]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The key of a canonical form's entries, in any order: two independent 64-bit sums of
/// mixed entries (a multiset hash, so no sort is needed), with the count.
fn hash_entries(entries: &[u64]) -> PositionKey {
    let mut a: u64 = 0x6265_656c_696e_6531 ^ entries.len() as u64;
    let mut b: u64 = 0x6578_706c_6f72_6572;
    for &e in entries {
        a = a.wrapping_add(mix(e ^ 0x2545_f491_4f6c_dd1d));
        b = b.wrapping_add(mix(
            e.wrapping_mul(0xd6e8_feb8_6659_fd93) ^ 0x9e37_79b9_7f4a_7c15
        ));
    }
    PositionKey((u128::from(mix(a)) << 64) | u128::from(mix(b ^ entries.len() as u64)))
}

fn form_of(entries: &[u64]) -> CanonicalForm {
    let mask = (1u64 << COORD_BITS) - 1;
    let cells = entries
        .iter()
        .map(|&e| {
            let cell = e >> STACK_BITS;
            let hex = Hex::new((cell & mask) as i32, ((cell >> COORD_BITS) & mask) as i32);
            let mut code = e & ((1u64 << STACK_BITS) - 1);
            let mut stack = Vec::new();
            while code != 0 {
                if let Some(p) = decode_piece(code & ((1 << PIECE_BITS) - 1)) {
                    stack.push(p);
                }
                code >>= PIECE_BITS;
            }
            stack.reverse();
            (hex, stack)
        })
        .collect();
    CanonicalForm { cells }
}

impl PositionKey {
    /// The key in 64 bits (one of its two independent halves), as the compact index and
    /// books keep it: two positions share it with probability about 2⁻⁶⁴ per pair, so
    /// about one chance in 10⁵ that any two of the 20 million positions of a million
    /// random games do.
    pub fn short(self) -> u64 {
        self.0 as u64
    }

    /// The key of a position (its board and the player to move).
    pub fn of(pos: &Position) -> PositionKey {
        PositionKey::of_board(pos.board(), pos.to_move())
    }

    /// The key of a board with `to_move` to play.
    pub fn of_board(board: &Board, to_move: Color) -> PositionKey {
        let mut cells = [(0, 0, 0); PIECE_COUNT];
        let n = board_cells(board, to_move, &mut cells);
        let mut best = [0u64; PIECE_COUNT];
        let n = canonical_entries(&cells[..n], &mut best, false);
        hash_entries(&best[..n])
    }

    /// The key of stacks given cell by cell (bottom first), with `to_move` to play: for
    /// boards built by hand, such as a colour-swapped copy of a position. At most 28 cells
    /// and 7 pieces a stack are read.
    pub fn of_stacks<'a>(
        stacks: impl IntoIterator<Item = (Hex, &'a [(Color, Bug)])>,
        to_move: Color,
    ) -> PositionKey {
        let (cells, n) = stack_cells(stacks, to_move);
        let mut best = [0u64; PIECE_COUNT];
        let n = canonical_entries(&cells[..n], &mut best, false);
        hash_entries(&best[..n])
    }
}

fn stack_cells<'a>(
    stacks: impl IntoIterator<Item = (Hex, &'a [(Color, Bug)])>,
    to_move: Color,
) -> ([(i32, i32, u64); PIECE_COUNT], usize) {
    let mut cells = [(0, 0, 0); PIECE_COUNT];
    let mut n = 0;
    for (h, stack) in stacks {
        if stack.is_empty() || n == PIECE_COUNT {
            continue;
        }
        let code = stack.iter().take(MAX_STACK).fold(0u64, |acc, &(c, bug)| {
            let side = if c == to_move {
                Owner::ToMove
            } else {
                Owner::Other
            };
            (acc << PIECE_BITS) | piece_code(side, bug)
        });
        cells[n] = (h.q, h.r, code);
        n += 1;
    }
    (cells, n)
}

/// The canonical form of a position, readable (the key is its hash).
pub fn canonical_form(pos: &Position) -> CanonicalForm {
    let mut cells = [(0, 0, 0); PIECE_COUNT];
    let n = board_cells(pos.board(), pos.to_move(), &mut cells);
    let mut best = [0u64; PIECE_COUNT];
    let n = canonical_entries(&cells[..n], &mut best, true);
    form_of(&best[..n])
}

/// The canonical form of stacks given by hand (see [`PositionKey::of_stacks`]).
pub fn canonical_form_of_stacks<'a>(
    stacks: impl IntoIterator<Item = (Hex, &'a [(Color, Bug)])>,
    to_move: Color,
) -> CanonicalForm {
    let (cells, n) = stack_cells(stacks, to_move);
    let mut best = [0u64; PIECE_COUNT];
    let n = canonical_entries(&cells[..n], &mut best, true);
    form_of(&best[..n])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn symmetries_are_the_grid_maps() {
        let h = Hex::new(3, -1);
        for (k, m) in SYMMETRIES.iter().enumerate() {
            let expect = if k < 6 {
                h.rotate_cw(k as u8)
            } else {
                h.rotate_cw((k - 6) as u8).mirror()
            };
            assert_eq!(
                Hex::new(m[0] * h.q + m[1] * h.r, m[2] * h.q + m[3] * h.r),
                expect
            );
        }
    }

    #[test]
    fn rows_and_columns_are_the_symmetries() {
        for h in [Hex::new(3, -1), Hex::new(-2, 5), Hex::new(0, 1)] {
            let cube = [h.q, h.r, -h.q - h.r];
            for (t, m) in SYMMETRIES.iter().enumerate() {
                let (ck, cs) = COLUMNS[t];
                let (rk, rs) = ROWS[t];
                assert_eq!(m[0] * h.q + m[1] * h.r, cs * cube[ck], "column of {t}");
                assert_eq!(m[2] * h.q + m[3] * h.r, rs * cube[rk], "row of {t}");
            }
        }
    }

    #[test]
    fn forms_decode() {
        let q: &[(Color, Bug)] = &[(Color::White, Bug::Queen), (Color::Black, Bug::Beetle)];
        let a: &[(Color, Bug)] = &[(Color::Black, Bug::Ant)];
        let form =
            canonical_form_of_stacks([(Hex::new(5, 5), q), (Hex::new(6, 5), a)], Color::White);
        assert_eq!(form.cells.len(), 2);
        let stacks: Vec<_> = form.cells.iter().map(|(_, s)| s.clone()).collect();
        assert!(stacks.contains(&vec![
            (Owner::ToMove, Bug::Queen),
            (Owner::Other, Bug::Beetle)
        ]));
        assert!(stacks.contains(&vec![(Owner::Other, Bug::Ant)]));
        assert!(form
            .cells
            .iter()
            .all(|(h, _)| h.q >= 0 && h.r >= 0 && h.q <= 1 && h.r <= 1));
    }
}
