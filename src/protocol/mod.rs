//! What the page and its workers say to each other, as types: [`analysis_messages`] for the analysis
//! engine's worker, [`collection_messages`] for the collection reader's (one worker module serves
//! both). Each message is an enum, written to bytes and read back by one codec ([`Message`]),
//! and tested natively; the page (`app::kit::worker_link`) and the worker (`worker`) only
//! carry the bytes.
//!
//! A message's bytes start with its channel (`b'E'` or `b'C'`), so the worker knows which
//! enum to read, then its variant's tag, then its fields: integers as LEB128 varints,
//! numbers as 8 bytes (little-endian `f64`), texts and byte strings after their length.
//! What cannot be bytes (a `File` the page hands over, an index's buffer handed back) travels
//! beside them as an attachment ([`envelope`]). An empty message says a worker is ready: it
//! drops what comes before that, so the page holds its messages until then.
//!
//! Bytes from elsewhere are checked: an unknown channel or tag, a field cut short or bytes
//! left over is a [`ProtocolError`], never a panic.

pub mod analysis_messages;
pub mod collection_messages;

#[cfg(any(feature = "web", feature = "worker"))]
pub mod envelope;

use crate::codec::{self, ByteReader};
use crate::engine::position::Move;
use crate::engine::transfer::{self, TransferError};
use thiserror::Error;

/// Why bytes are no message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProtocolError {
    #[error("the message ends too early")]
    Truncated,
    #[error("the message is for another channel ({0})")]
    Channel(u8),
    #[error("the message has an unknown kind ({0})")]
    Tag(u8),
    #[error("the message has a text that is not UTF-8")]
    Text,
    #[error("the message has a move that does not exist")]
    Move,
    #[error("the message has bytes after its end")]
    Trailing,
}

/// A message of one channel: written to bytes and read back exactly.
pub trait Message: Sized {
    /// The first byte of each of its messages.
    const CHANNEL: u8;

    /// Writes the variant's tag and fields.
    fn write(&self, w: &mut Fields);

    /// Reads a variant (its tag given) from the fields after it.
    fn read(tag: u8, r: &mut FieldReader) -> Result<Self, ProtocolError>;

    fn encode(&self) -> Vec<u8> {
        let mut w = Fields(vec![Self::CHANNEL]);
        self.write(&mut w);
        w.0
    }

    fn decode(bytes: &[u8]) -> Result<Self, ProtocolError> {
        let mut r = FieldReader(ByteReader::new(bytes));
        let channel = r.byte()?;
        if channel != Self::CHANNEL {
            return Err(ProtocolError::Channel(channel));
        }
        let tag = r.byte()?;
        let m = Self::read(tag, &mut r)?;
        match r.0.rest().is_empty() {
            true => Ok(m),
            false => Err(ProtocolError::Trailing),
        }
    }
}

/// The channel of a message's bytes (`None` for the empty message that says "ready").
pub fn channel_of(bytes: &[u8]) -> Option<u8> {
    bytes.first().copied()
}

/// A message's fields as they are written.
pub struct Fields(Vec<u8>);

impl Fields {
    pub fn tag(&mut self, tag: u8) -> &mut Fields {
        self.0.push(tag);
        self
    }

    pub fn uint(&mut self, n: u64) -> &mut Fields {
        codec::put_varint(&mut self.0, n);
        self
    }

    pub fn int(&mut self, n: i32) -> &mut Fields {
        codec::put_zigzag(&mut self.0, n);
        self
    }

    pub fn number(&mut self, x: f64) -> &mut Fields {
        self.0.extend_from_slice(&x.to_le_bytes());
        self
    }

    pub fn bytes(&mut self, b: &[u8]) -> &mut Fields {
        self.uint(b.len() as u64);
        self.0.extend_from_slice(b);
        self
    }

    pub fn text(&mut self, t: &str) -> &mut Fields {
        self.bytes(t.as_bytes())
    }

    /// `None`, or a flag and the value.
    pub fn option<T>(&mut self, v: Option<T>, f: impl FnOnce(&mut Fields, T)) -> &mut Fields {
        match v {
            None => self.tag(0),
            Some(v) => {
                self.tag(1);
                f(self, v);
                self
            }
        }
    }

    /// Many numbers (a list's million rows) as 4 bytes each: copied, not a varint each.
    pub fn u32s(&mut self, v: &[u32]) -> &mut Fields {
        self.uint(v.len() as u64);
        self.0.reserve(4 * v.len());
        for n in v {
            self.0.extend_from_slice(&n.to_le_bytes());
        }
        self
    }

    pub fn moves(&mut self, moves: &[Move]) -> &mut Fields {
        self.uint(moves.len() as u64);
        for &m in moves {
            self.one_move(m);
        }
        self
    }

    /// A move as `engine::transfer` writes the moves of a position.
    pub fn one_move(&mut self, m: Move) -> &mut Fields {
        transfer::put_move(&mut self.0, m);
        self
    }
}

/// A message's fields as they are read, each checked.
pub struct FieldReader<'a>(ByteReader<'a>);

impl FieldReader<'_> {
    pub fn byte(&mut self) -> Result<u8, ProtocolError> {
        self.0.byte().map_err(|_| ProtocolError::Truncated)
    }

    pub fn uint(&mut self) -> Result<u64, ProtocolError> {
        self.0.varint(64).map_err(|_| ProtocolError::Truncated)
    }

    /// An unsigned integer that fits 32 bits (a count, an index, a job's number).
    pub fn u32(&mut self) -> Result<u32, ProtocolError> {
        let n = self.0.varint(32).map_err(|_| ProtocolError::Truncated)?;
        u32::try_from(n).map_err(|_| ProtocolError::Truncated)
    }

    pub fn int(&mut self) -> Result<i32, ProtocolError> {
        self.0.zigzag(32).map_err(|_| ProtocolError::Truncated)
    }

    pub fn number(&mut self) -> Result<f64, ProtocolError> {
        let a = self.0.array::<8>().map_err(|_| ProtocolError::Truncated)?;
        Ok(f64::from_le_bytes(a))
    }

    pub fn bytes(&mut self) -> Result<Vec<u8>, ProtocolError> {
        let n = usize::try_from(self.uint()?).map_err(|_| ProtocolError::Truncated)?;
        let b = self.0.bytes(n).map_err(|_| ProtocolError::Truncated)?;
        Ok(b.to_vec())
    }

    pub fn text(&mut self) -> Result<String, ProtocolError> {
        String::from_utf8(self.bytes()?).map_err(|_| ProtocolError::Text)
    }

    /// A yes or no, written as `uint(0)` or `uint(1)`.
    pub fn flag(&mut self) -> Result<bool, ProtocolError> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            t => Err(ProtocolError::Tag(t)),
        }
    }

    pub fn option<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ProtocolError>,
    ) -> Result<Option<T>, ProtocolError> {
        match self.byte()? {
            0 => Ok(None),
            1 => f(self).map(Some),
            t => Err(ProtocolError::Tag(t)),
        }
    }

    pub fn u32s(&mut self) -> Result<Vec<u32>, ProtocolError> {
        let n = usize::try_from(self.uint()?).map_err(|_| ProtocolError::Truncated)?;
        let bytes = n
            .checked_mul(4)
            .and_then(|len| self.0.bytes(len).ok())
            .ok_or(ProtocolError::Truncated)?;
        Ok(bytes
            .chunks_exact(4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect())
    }

    pub fn moves(&mut self) -> Result<Vec<Move>, ProtocolError> {
        let n = self.uint()?;
        // No more moves than bytes left: a damaged count cannot ask for a huge vector.
        let mut out = Vec::with_capacity((n as usize).min(self.0.rest().len()));
        for _ in 0..n {
            out.push(self.one_move()?);
        }
        Ok(out)
    }

    pub fn one_move(&mut self) -> Result<Move, ProtocolError> {
        transfer::read_move(&mut self.0).map_err(|e| match e {
            TransferError::MoveKind(k) => ProtocolError::Tag(k),
            TransferError::Piece(_) => ProtocolError::Move,
            _ => ProtocolError::Truncated,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hex::Hex;
    use crate::engine::piece::{PieceId, PIECE_COUNT};

    /// A message of every kind of field, to test the codec itself.
    #[derive(Debug, PartialEq)]
    enum Sample {
        Empty,
        All {
            n: u64,
            i: i32,
            x: f64,
            t: String,
            b: Vec<u8>,
            o: Option<u32>,
            m: Vec<Move>,
            u: Vec<u32>,
        },
    }

    impl Message for Sample {
        const CHANNEL: u8 = b'T';

        fn write(&self, w: &mut Fields) {
            match self {
                Sample::Empty => {
                    w.tag(0);
                }
                Sample::All {
                    n,
                    i,
                    x,
                    t,
                    b,
                    o,
                    m,
                    u,
                } => {
                    w.tag(1).uint(*n).int(*i).number(*x).text(t).bytes(b);
                    w.option(*o, |w, v| {
                        w.uint(u64::from(v));
                    })
                    .moves(m)
                    .u32s(u);
                }
            }
        }

        fn read(tag: u8, r: &mut FieldReader) -> Result<Self, ProtocolError> {
            Ok(match tag {
                0 => Sample::Empty,
                1 => Sample::All {
                    n: r.uint()?,
                    i: r.int()?,
                    x: r.number()?,
                    t: r.text()?,
                    b: r.bytes()?,
                    o: r.option(FieldReader::u32)?,
                    m: r.moves()?,
                    u: r.u32s()?,
                },
                t => return Err(ProtocolError::Tag(t)),
            })
        }
    }

    fn sample() -> Sample {
        Sample::All {
            n: u64::MAX,
            i: -1234567,
            x: -0.125,
            t: "Frank Chen · 陈".into(),
            b: vec![0, 255, 128],
            o: Some(u32::MAX),
            m: vec![
                Move::Pass,
                Move::Place {
                    piece: PieceId(3),
                    to: Hex::new(1, -2),
                },
                Move::Move {
                    piece: PieceId(27),
                    from: Hex::new(-40, 7),
                    to: Hex::new(0, 0),
                },
            ],
            u: vec![0, 1, u32::MAX, 70_000],
        }
    }

    #[test]
    fn every_field_reads_back_as_written() {
        for m in [Sample::Empty, sample()] {
            assert_eq!(Sample::decode(&m.encode()), Ok(m));
        }
    }

    #[test]
    fn damaged_bytes_are_errors() {
        let bytes = sample().encode();
        // Every cut is an error, never a panic or another message.
        for n in 0..bytes.len() {
            assert!(Sample::decode(&bytes[..n]).is_err(), "cut at {n}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(Sample::decode(&longer), Err(ProtocolError::Trailing));
        assert_eq!(Sample::decode(b"E\x00"), Err(ProtocolError::Channel(b'E')));
        assert_eq!(Sample::decode(b"T\x07"), Err(ProtocolError::Tag(7)));
        assert_eq!(Sample::decode(b""), Err(ProtocolError::Truncated));
        // A text that is not UTF-8, a piece that does not exist.
        let mut w = Fields(vec![b'T']);
        w.tag(1).uint(0).int(0).number(0.0).bytes(&[0xff]);
        assert_eq!(Sample::decode(&w.0), Err(ProtocolError::Text));
        let mut w = Fields(vec![b'T']);
        w.tag(1).uint(0).int(0).number(0.0).text("").bytes(&[]);
        w.tag(0).uint(1).tag(1).tag(PIECE_COUNT as u8).int(0).int(0);
        assert_eq!(Sample::decode(&w.0), Err(ProtocolError::Move));
    }

    #[test]
    fn a_huge_count_in_damaged_bytes_allocates_nothing_big() {
        let mut w = Fields(vec![b'T']);
        w.tag(1).uint(0).int(0).number(0.0).text("").bytes(&[]);
        w.tag(0).uint(u64::MAX);
        assert_eq!(Sample::decode(&w.0), Err(ProtocolError::Truncated));
    }

    #[test]
    fn the_ready_message_has_no_channel() {
        assert_eq!(channel_of(&[]), None);
        assert_eq!(channel_of(&sample().encode()), Some(b'T'));
    }
}
