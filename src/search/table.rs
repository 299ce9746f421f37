//! The transposition table: what earlier searches learnt of a position (a score and how it
//! bounds the true one, the depth searched, the best move), shared by every thread of a
//! search without locks.
//!
//! Each slot is two 64-bit words, the data and the key XORed with the data: a slot torn by
//! two threads writing at once fails the key check and reads as empty, so no lock is
//! needed. The move is kept as a fingerprint (kind, piece, torus cells), matched against
//! the moves generated at the node, so a stale or colliding entry can never make the search
//! play an illegal move.

use crate::engine::board::{Board, CellIndex};
use crate::engine::movegen::CellMove;
use crate::engine::piece::PieceId;
use crate::engine::position::Move;
use std::sync::atomic::{AtomicU64, Ordering};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    Exact,
    Lower,
    Upper,
}

/// One slot's content.
#[derive(Clone, Copy, Debug)]
pub(crate) struct TableEntry {
    /// [`fingerprint`] of the best move, 0 for none.
    pub(crate) mv: u32,
    pub(crate) score: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    pub(crate) age: u8,
}

impl TableEntry {
    fn pack(self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.mv & 0x0fff_ffff)
            | u64::from(self.score as i16 as u16) << 28
            | u64::from(self.depth) << 44
            | bound << 52
            | u64::from(self.age) << 54
    }

    fn unpack(d: u64) -> TableEntry {
        TableEntry {
            mv: (d & 0x0fff_ffff) as u32,
            score: i32::from((d >> 28) as u16 as i16),
            depth: (d >> 44) as u8,
            bound: match (d >> 52) & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            age: (d >> 54) as u8,
        }
    }
}

/// A move as 28 bits: its kind, piece and cells. Distinct for the legal moves of one
/// position (cells near the hive have distinct torus indices); 0 is no move. The search
/// makes them from the generator's moves by cells ([`fingerprint_cells`]), and the root's
/// moves left out of a line's search from its moves.
pub(crate) fn fingerprint(m: Move) -> u32 {
    use crate::engine::board::cell_of;
    match m {
        Move::Place { piece, to } => {
            1 << 26 | u32::from(piece.0) << 20 | (cell_of(to) as u32) << 10
        }
        Move::Move { piece, from, to } => {
            2 << 26 | u32::from(piece.0) << 20 | (cell_of(to) as u32) << 10 | cell_of(from) as u32
        }
        Move::Pass => 3 << 26,
    }
}

/// [`fingerprint`] of a move the generator gives by cells: the same number as for the
/// move it stands for.
pub(crate) fn fingerprint_cells(m: CellMove) -> u32 {
    match m {
        CellMove::Place { piece, to } => 1 << 26 | u32::from(piece.0) << 20 | (to as u32) << 10,
        CellMove::Move { piece, from, to } => {
            2 << 26 | u32::from(piece.0) << 20 | (to as u32) << 10 | from as u32
        }
        CellMove::Pass => 3 << 26,
    }
}

/// The moving piece and destination cell of a fingerprint (none for a pass).
pub(crate) fn piece_and_to(fp: u32) -> Option<(PieceId, CellIndex)> {
    (fp >> 26 != 3).then_some((
        PieceId((fp >> 20 & 0x3f) as u8),
        (fp >> 10 & 0x3ff) as CellIndex,
    ))
}

/// The move a fingerprint of one of the legal moves here stands for.
pub(crate) fn move_of(fp: u32, b: &Board) -> Move {
    let m = match (fp >> 26, piece_and_to(fp)) {
        (1, Some((piece, to))) => CellMove::Place { piece, to },
        (2, Some((piece, to))) => CellMove::Move {
            piece,
            from: (fp & 0x3ff) as CellIndex,
            to,
        },
        _ => CellMove::Pass,
    };
    m.to_move(b)
}

/// Asks for the table's memory in huge pages (2 MiB on x86-64): a probe lands anywhere in
/// tens of megabytes, and with 4 KiB pages nearly every one also missed the TLB. Only
/// advice: the kernel may ignore it, and the memory is the same either way.
#[cfg(target_os = "linux")]
fn advise_huge_pages(slots: &[[AtomicU64; 2]]) {
    const PAGE: usize = 4096;
    let start = slots.as_ptr() as usize;
    let end = start + std::mem::size_of_val(slots);
    let first = start.next_multiple_of(PAGE);
    if end > first + PAGE {
        let len = (end - first) / PAGE * PAGE;
        // SAFETY: madvise reads no memory; the range lies within the table's allocation,
        // which stays alive for the call, and MADV_HUGEPAGE keeps its contents.
        unsafe {
            libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
        }
    }
}

pub(crate) struct Table {
    slots: Box<[[AtomicU64; 2]]>,
}

impl Table {
    /// A table of about `mib` MiB (a power of two of slots, at least 1024), or `None` when
    /// the memory cannot be had. Allocated zeroed (`bytemuck`: fresh pages from the system
    /// are zero already), so a new table costs nothing until it is written: the browser's
    /// analysis starts a searcher for every position.
    pub(crate) fn new(mib: usize) -> Option<Table> {
        let bytes = mib.clamp(1, 1 << 20).saturating_mul(1 << 20);
        let mut n = bytes / std::mem::size_of::<[AtomicU64; 2]>();
        if !n.is_power_of_two() {
            n = n.next_power_of_two() / 2;
        }
        let n = n.max(1024);
        let slots = bytemuck::allocation::try_zeroed_slice_box(n).ok()?;
        #[cfg(target_os = "linux")]
        advise_huge_pages(&slots);
        Some(Table { slots })
    }

    fn slot(&self, key: u64) -> &[AtomicU64; 2] {
        &self.slots[(key as usize) & (self.slots.len() - 1)]
    }

    /// Starts bringing `key`'s slot into the cache: a load whose value is dropped, issued
    /// where the work before the probe can run while it is on its way.
    #[inline(always)]
    pub(crate) fn touch(&self, key: u64) {
        std::hint::black_box(self.slot(key)[1].load(Ordering::Relaxed));
    }

    pub(crate) fn probe(&self, key: u64) -> Option<TableEntry> {
        let s = self.slot(key);
        let check = s[0].load(Ordering::Relaxed);
        let data = s[1].load(Ordering::Relaxed);
        (check ^ data == key && data != 0).then(|| TableEntry::unpack(data))
    }

    /// Stores unless the slot holds a deeper result of this search about another position.
    pub(crate) fn store(&self, key: u64, e: TableEntry) {
        let s = self.slot(key);
        let check = s[0].load(Ordering::Relaxed);
        let data = s[1].load(Ordering::Relaxed);
        if data != 0 && check ^ data != key {
            let old = TableEntry::unpack(data);
            if old.age == e.age && old.depth > e.depth {
                return;
            }
        }
        let d = e.pack();
        s[0].store(key ^ d, Ordering::Relaxed);
        s[1].store(d, Ordering::Relaxed);
    }

    pub(crate) fn clear(&self) {
        for s in &self.slots {
            s[0].store(0, Ordering::Relaxed);
            s[1].store(0, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::movegen::generate_cells;
    use crate::engine::position::random_walk;

    /// A move generated by cells has the fingerprint of the move it stands for, and the
    /// fingerprint gives that move back, in every position of seeded random games of every
    /// game type (placements, movements, throws and passes).
    #[test]
    fn fingerprints_by_cells_name_the_moves() {
        let mut checked = 0usize;
        random_walk(0x6670_7269_6e74, 4, 200, &mut |pos, moves| {
            let b = pos.board();
            let mut by_cells = Vec::new();
            generate_cells(pos, &mut |m| by_cells.push(m));
            assert_eq!(by_cells.len(), moves.len());
            for (c, m) in by_cells.iter().zip(moves) {
                let fp = fingerprint_cells(*c);
                assert_eq!(fp, fingerprint(*m), "{m:?} in {pos:?}");
                assert_eq!(move_of(fp, b), *m, "{pos:?}");
                checked += 1;
            }
        });
        assert!(checked > 100_000, "{checked}");
    }
}
