//! A position with its history as bytes, exactly: the same pieces (numbers included) on the
//! same cells, the same start, the same moves. The page hands positions to the collection
//! worker this way (`app::collection_worker`), and moves come back as short texts
//! ([`move_code`]). A permalink would do too, but it numbers moves among the legal ones,
//! which costs a move generation a ply; this costs a copy.
//!
//! Bytes: a version, the game type and rules, who moved first, the set-up stacks (bottom to
//! top) and the moves, integers as LEB128 varints (coordinates zigzagged). Bytes from
//! elsewhere are checked: a bad piece, a duplicate or an illegal move is an error, never a
//! panic.

use super::hex::Hex;
use super::piece::{Color, GameType, PieceId, PIECE_COUNT};
use super::position::{Move, Position, Rules};
use thiserror::Error;

const VERSION: u8 = 1;

/// Why bytes are no position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TransferError {
    #[error("the position's bytes end too early")]
    Truncated,
    #[error("the position's bytes are of another version ({0})")]
    Version(u8),
    #[error("piece {0} does not exist")]
    Piece(u8),
    #[error("a piece stands on the board twice")]
    Duplicate,
    #[error("move {0} of the position's line is illegal")]
    Illegal(usize),
}

/// The bytes of a position and the moves that reached it.
pub fn encode(pos: &Position) -> Vec<u8> {
    let start = pos.initial();
    let gt = pos.game_type();
    let rules = pos.rules();
    let mut out = vec![
        VERSION,
        u8::from(gt.mosquito)
            | u8::from(gt.ladybug) << 1
            | u8::from(gt.pillbug) << 2
            | u8::from(rules.tournament_opening) << 3
            | u8::from(rules.repetition_draw) << 4
            | u8::from(start.first_to_move() == Color::Black) << 5
            | u8::from(start.is_split()) << 6,
    ];
    let board = start.board();
    let cells: Vec<Hex> = board.occupied().collect();
    put(&mut out, cells.len() as u64);
    for h in cells {
        put_hex(&mut out, h);
        let stack = board.stack(h);
        put(&mut out, stack.len() as u64);
        out.extend(stack.iter().map(|p| p.0));
    }
    let moves = pos.moves();
    put(&mut out, moves.len() as u64);
    for mv in moves {
        match mv {
            Move::Pass => out.push(0),
            Move::Place { piece, to } => {
                out.extend([1, piece.0]);
                put_hex(&mut out, to);
            }
            Move::Move { piece, from, to } => {
                out.extend([2, piece.0]);
                put_hex(&mut out, from);
                put_hex(&mut out, to);
            }
        }
    }
    out
}

/// The position of [`encode`]'s bytes, its moves replayed and checked.
pub fn decode(bytes: &[u8]) -> Result<Position, TransferError> {
    let mut r = Reader { bytes, at: 0 };
    let version = r.byte()?;
    if version != VERSION {
        return Err(TransferError::Version(version));
    }
    let flags = r.byte()?;
    let bit = |k: u8| flags >> k & 1 == 1;
    let game_type = GameType {
        mosquito: bit(0),
        ladybug: bit(1),
        pillbug: bit(2),
    };
    let rules = Rules {
        tournament_opening: bit(3),
        repetition_draw: bit(4),
    };
    let first = if bit(5) { Color::Black } else { Color::White };
    let mut seen = [false; PIECE_COUNT];
    let mut stacks = Vec::new();
    for _ in 0..r.count()? {
        let h = r.hex()?;
        let mut stack = Vec::new();
        for _ in 0..r.count()? {
            let p = r.piece()?;
            if std::mem::replace(&mut seen[p.index()], true) {
                return Err(TransferError::Duplicate);
            }
            stack.push(p);
        }
        stacks.push((h, stack));
    }
    let mut pos = Position::set_up(game_type, rules, &stacks, first, bit(6));
    for i in 0..r.count()? {
        let mv = match r.byte()? {
            0 => Move::Pass,
            1 => Move::Place {
                piece: r.piece()?,
                to: r.hex()?,
            },
            _ => Move::Move {
                piece: r.piece()?,
                from: r.hex()?,
                to: r.hex()?,
            },
        };
        pos.play(mv).map_err(|_| TransferError::Illegal(i + 1))?;
    }
    Ok(pos)
}

/// A move as a short text for markup (`p3,1,-2` places piece 3 on (1, -2); `m3,1,-2,0,0`
/// moves it from there to (0, 0); `x` passes).
pub fn move_code(mv: Move) -> String {
    match mv {
        Move::Pass => "x".to_string(),
        Move::Place { piece, to } => format!("p{},{},{}", piece.0, to.q, to.r),
        Move::Move { piece, from, to } => {
            format!("m{},{},{},{},{}", piece.0, from.q, from.r, to.q, to.r)
        }
    }
}

/// The move of a [`move_code`] text (`None` for any other text).
pub fn read_move_code(text: &str) -> Option<Move> {
    if text == "x" {
        return Some(Move::Pass);
    }
    let kind = text.get(..1)?;
    let mut n = text[1..].split(',').map(|s| s.parse::<i32>().ok());
    let mut next = || n.next().flatten();
    let piece = PieceId(
        u8::try_from(next()?)
            .ok()
            .filter(|&p| (p as usize) < PIECE_COUNT)?,
    );
    let mut hex = || Some(Hex::new(next()?, next()?));
    let mv = match kind {
        "p" => Move::Place { piece, to: hex()? },
        "m" => Move::Move {
            piece,
            from: hex()?,
            to: hex()?,
        },
        _ => return None,
    };
    n.next().is_none().then_some(mv)
}

/// Appends `n` as a LEB128 varint (also the permalinks' integers).
pub(crate) fn put_varint(out: &mut Vec<u8>, mut n: u64) {
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

/// A signed coordinate as an unsigned one, small either side of zero.
pub(crate) fn zigzag(v: i32) -> u32 {
    ((v << 1) ^ (v >> 31)) as u32
}

/// The coordinate of [`zigzag`].
pub(crate) fn unzigzag(z: u32) -> i32 {
    ((z >> 1) as i32) ^ -((z & 1) as i32)
}

/// The byte at `at` in `bytes`, moving past it (`None` at the end).
pub(crate) fn read_byte(bytes: &[u8], at: &mut usize) -> Option<u8> {
    let b = *bytes.get(*at)?;
    *at += 1;
    Some(b)
}

/// A LEB128 varint of at most `bits` bits at `at` (`None` if it is cut short or longer).
pub(crate) fn read_varint(bytes: &[u8], at: &mut usize, bits: u32) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..bits).step_by(7) {
        let b = read_byte(bytes, at)?;
        n |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(n);
        }
    }
    None
}

fn put(out: &mut Vec<u8>, n: u64) {
    put_varint(out, n);
}

fn put_hex(out: &mut Vec<u8>, h: Hex) {
    for v in [h.q, h.r] {
        put(out, u64::from(zigzag(v)));
    }
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, TransferError> {
        read_byte(self.bytes, &mut self.at).ok_or(TransferError::Truncated)
    }

    fn varint(&mut self) -> Result<u64, TransferError> {
        read_varint(self.bytes, &mut self.at, 64).ok_or(TransferError::Truncated)
    }

    /// A count, bounded by the bytes left (each item takes at least one).
    fn count(&mut self) -> Result<usize, TransferError> {
        let n = self.varint()?;
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= self.bytes.len() - self.at)
            .ok_or(TransferError::Truncated)
    }

    fn piece(&mut self) -> Result<PieceId, TransferError> {
        let p = self.byte()?;
        if (p as usize) < PIECE_COUNT {
            Ok(PieceId(p))
        } else {
            Err(TransferError::Piece(p))
        }
    }

    fn hex(&mut self) -> Result<Hex, TransferError> {
        let mut coord = || -> Result<i32, TransferError> {
            let z = u32::try_from(self.varint()?).map_err(|_| TransferError::Truncated)?;
            Ok(unzigzag(z))
        };
        let q = coord()?;
        Ok(Hex::new(q, coord()?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A game of `plies` moves, the first legal move of each ply but varied by the ply.
    fn played(mut pos: Position, plies: usize) -> Position {
        for i in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[(i * 7 + 3) % moves.len()]);
        }
        pos
    }

    #[test]
    fn positions_come_back_exactly() {
        for gt in ["Base", "Base+MLP"] {
            let pos = played(Position::new(gt.parse().unwrap()), 40);
            let back = decode(&encode(&pos)).unwrap();
            assert_eq!(back.moves(), pos.moves());
            assert_eq!(back.board().key(), pos.board().key());
            assert_eq!(back.game_type(), pos.game_type());
            assert_eq!(back.legal_moves(), pos.legal_moves());
        }
    }

    #[test]
    fn set_up_starts_keep_their_pieces_and_side() {
        let (start, _) = crate::record::position::read_position(
            "wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move",
            Rules::default(),
        )
        .unwrap();
        let pos = played(start.clone(), 6);
        let back = decode(&encode(&pos)).unwrap();
        assert!(back.is_set_up());
        assert_eq!(back.first_to_move(), Color::Black);
        assert_eq!(back.initial().board().key(), start.board().key());
        assert_eq!(back.moves(), pos.moves());
        assert_eq!(back.to_move(), pos.to_move());
    }

    #[test]
    fn bad_bytes_are_errors() {
        let pos = played(Position::new(GameType::BASE), 10);
        let bytes = encode(&pos);
        for n in 0..bytes.len() {
            assert!(decode(&bytes[..n]).is_err(), "cut at {n}");
        }
        assert_eq!(decode(&[9]).err(), Some(TransferError::Version(9)));
        // One stack holding piece 40.
        assert_eq!(
            decode(&[1, 0, 1, 0, 0, 1, 40, 0]).err(),
            Some(TransferError::Piece(40))
        );
        assert_eq!(
            decode(&[1, 0, 2, 0, 0, 1, 3, 2, 0, 1, 3, 0]).err(),
            Some(TransferError::Duplicate)
        );
        // The same piece placed twice.
        let mut twice = vec![1, 0, 0, 2];
        twice.extend([1, 3, 0, 0, 1, 3, 2, 0]);
        assert_eq!(decode(&twice).err(), Some(TransferError::Illegal(2)));
    }

    #[test]
    fn move_codes_read_back() {
        let pos = played(Position::new(GameType::BASE), 12);
        for mv in pos
            .moves()
            .into_iter()
            .chain(pos.legal_moves())
            .chain([Move::Pass])
        {
            assert_eq!(read_move_code(&move_code(mv)), Some(mv));
        }
        for bad in [
            "", "p", "p3", "p3,1", "p99,0,0", "q1,0,0", "p1,0,0,0", "m1,0,0,1", "px,0,0",
        ] {
            assert_eq!(read_move_code(bad), None, "{bad}");
        }
    }
}
