//! Perft: the number of distinct move sequences of a given length, to check move generation
//! against published counts.

use crate::engine::position::{Move, Position};

/// Leaf count at `depth` plies from `pos` (bulk-counted at the last ply).
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(128); depth as usize];
    walk(pos, depth, &mut buffers)
}

/// One move buffer per remaining depth, so the walk allocates nothing after warm-up.
fn walk(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        _ => {
            let Some((moves, rest)) = buffers.split_first_mut() else {
                return 0;
            };
            moves.clear();
            pos.legal_moves_into(moves);
            let mut total = 0;
            for &m in moves.iter() {
                pos.play_unchecked(m);
                total += walk(pos, depth - 1, rest);
                pos.undo();
            }
            total
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::piece::GameType;

    /// Mzinga's published counts, depth 1 to 4, for every game type.
    const COUNTS: [(&str, [u64; 4]); 8] = [
        ("Base", [4, 96, 1440, 21600]),
        ("Base+M", [5, 150, 2610, 45414]),
        ("Base+L", [5, 150, 2610, 45414]),
        ("Base+P", [5, 150, 2610, 45414]),
        ("Base+ML", [6, 216, 4320, 86400]),
        ("Base+MP", [6, 216, 4320, 86400]),
        ("Base+LP", [6, 216, 4320, 86400]),
        ("Base+MLP", [7, 294, 6678, 151686]),
    ];

    #[test]
    fn published_counts_to_depth_4() {
        for (name, counts) in COUNTS {
            let gt: GameType = name.parse().unwrap();
            let mut pos = Position::new(gt);
            for (d, want) in counts.iter().enumerate() {
                assert_eq!(
                    perft(&mut pos, d as u32 + 1),
                    *want,
                    "{name} depth {}",
                    d + 1
                );
            }
            assert_eq!(pos.ply(), 0);
        }
    }
}
