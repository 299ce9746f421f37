//! A position with its history as bytes, exactly: the same pieces (numbers included) on the
//! same cells, the same start, the same moves. The page hands positions to the collection
//! worker this way (`app::collection_worker`), and moves come back as short texts
//! ([`move_code`]). A permalink would do too, but it numbers moves among the legal ones,
//! which costs a move generation a ply; this costs a copy.
//!
//! Bytes: a version, the game type and rules, who moved first, the set-up stacks (bottom to
//! top) and the moves, integers as LEB128 varints (coordinates zigzagged; [`crate::codec`]).
//! Bytes from elsewhere are checked: a bad piece, a duplicate or an illegal move is an
//! error, never a panic.

use super::hex::Hex;
use super::piece::{Color, GameType, PieceId, PIECE_COUNT};
use super::position::{Move, Position, Rules};
use crate::codec::{put_varint, put_zigzag, ByteError, ByteReader};
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
    #[error("the position's bytes hold a move of an unknown kind ({0})")]
    MoveKind(u8),
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
    put_varint(&mut out, cells.len() as u64);
    for h in cells {
        put_hex(&mut out, h);
        let stack = board.stack(h);
        put_varint(&mut out, stack.len() as u64);
        out.extend(stack.iter().map(|p| p.0));
    }
    let moves = pos.moves();
    put_varint(&mut out, moves.len() as u64);
    for mv in moves {
        put_move(&mut out, mv);
    }
    out
}

/// Appends a move's bytes: its kind (0 pass, 1 placement, 2 movement), its piece and its
/// cells (also the workers' messages' moves, `protocol`).
pub(crate) fn put_move(out: &mut Vec<u8>, mv: Move) {
    match mv {
        Move::Pass => out.push(0),
        Move::Place { piece, to } => {
            out.extend([1, piece.0]);
            put_hex(out, to);
        }
        Move::Move { piece, from, to } => {
            out.extend([2, piece.0]);
            put_hex(out, from);
            put_hex(out, to);
        }
    }
}

/// The move of [`put_move`]'s bytes (its piece checked, not its legality).
pub(crate) fn read_move(r: &mut ByteReader) -> Result<Move, TransferError> {
    Ok(match r.byte()? {
        0 => Move::Pass,
        1 => Move::Place {
            piece: piece(r)?,
            to: hex(r)?,
        },
        2 => Move::Move {
            piece: piece(r)?,
            from: hex(r)?,
            to: hex(r)?,
        },
        k => return Err(TransferError::MoveKind(k)),
    })
}

/// The position of [`encode`]'s bytes, its moves replayed and checked.
pub fn decode(bytes: &[u8]) -> Result<Position, TransferError> {
    let mut r = ByteReader::new(bytes);
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
    for _ in 0..count(&mut r)? {
        let h = hex(&mut r)?;
        let mut stack = Vec::new();
        for _ in 0..count(&mut r)? {
            let p = piece(&mut r)?;
            if std::mem::replace(&mut seen[p.index()], true) {
                return Err(TransferError::Duplicate);
            }
            stack.push(p);
        }
        stacks.push((h, stack));
    }
    let mut pos = Position::set_up(game_type, rules, &stacks, first, bit(6));
    for i in 0..count(&mut r)? {
        let mv = read_move(&mut r)?;
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

fn put_hex(out: &mut Vec<u8>, h: Hex) {
    put_zigzag(out, h.q);
    put_zigzag(out, h.r);
}

impl From<ByteError> for TransferError {
    fn from(e: ByteError) -> TransferError {
        match e {
            // A coordinate or count past its bits is as damaged as a cut: the encoder
            // writes neither (and no texts).
            ByteError::Truncated | ByteError::Overlong | ByteError::Text => {
                TransferError::Truncated
            }
        }
    }
}

/// A count, bounded by the bytes left (each item takes at least one).
fn count(r: &mut ByteReader) -> Result<usize, TransferError> {
    let n = r.varint(64)?;
    usize::try_from(n)
        .ok()
        .filter(|&n| n <= r.rest().len())
        .ok_or(TransferError::Truncated)
}

fn piece(r: &mut ByteReader) -> Result<PieceId, TransferError> {
    let p = r.byte()?;
    if (p as usize) < PIECE_COUNT {
        Ok(PieceId(p))
    } else {
        Err(TransferError::Piece(p))
    }
}

fn hex(r: &mut ByteReader) -> Result<Hex, TransferError> {
    let q = r.zigzag(32)?;
    Ok(Hex::new(q, r.zigzag(32)?))
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
