//! The byte encodings the crate's binary formats share: LEB128 varints (zigzagged for signed
//! numbers) and a [`ByteReader`] that reads them back checked, FNV-1a 64, and URL-safe
//! base64 without padding. Permalinks ([`crate::record::permalink`]), the positions handed to
//! the collection worker ([`crate::engine::transfer`]) and books
//! ([`crate::collection::book`]) are written with them, so nothing here may change the bytes
//! it writes nor refuse any it wrote before: links have been shared and books saved.
//!
//! Base64 is written here rather than taken from the `base64` crate: a 40-line codec beats a
//! dependency on the first visit's size.

use std::hash::Hasher;
use thiserror::Error;

/// Appends `n` as a LEB128 varint: seven bits a byte, low bits first, the high bit set on
/// every byte but the last.
pub fn put_varint(out: &mut Vec<u8>, mut n: u64) {
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

/// Appends a signed number as a varint, zigzagged so that it stays small either side of
/// zero (0, -1, 1, -2… → 0, 1, 2, 3…).
pub fn put_zigzag(out: &mut Vec<u8>, v: i32) {
    put_varint(out, u64::from(zigzag(v)));
}

/// A signed number as an unsigned one, small either side of zero.
fn zigzag(v: i32) -> u32 {
    ((v << 1) ^ (v >> 31)) as u32
}

/// The signed number of [`zigzag`].
fn unzigzag(z: u32) -> i32 {
    ((z >> 1) as i32) ^ -((z & 1) as i32)
}

/// Why bytes do not hold what a [`ByteReader`] was asked for. Each format turns it into its
/// own error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum ByteError {
    #[error("the bytes end too early")]
    Truncated,
    #[error("a number runs past its bits")]
    Overlong,
    #[error("a text is not UTF-8")]
    Text,
}

/// Bytes read from the front, each read checked: bytes from elsewhere give a [`ByteError`],
/// never a panic.
#[derive(Clone, Debug)]
pub struct ByteReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> ByteReader<'a> {
    pub fn new(bytes: &'a [u8]) -> ByteReader<'a> {
        ByteReader { bytes, at: 0 }
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.at..]
    }

    pub fn byte(&mut self) -> Result<u8, ByteError> {
        let b = *self.bytes.get(self.at).ok_or(ByteError::Truncated)?;
        self.at += 1;
        Ok(b)
    }

    /// The next `n` bytes.
    pub fn bytes(&mut self, n: usize) -> Result<&'a [u8], ByteError> {
        let end = self.at.checked_add(n).ok_or(ByteError::Truncated)?;
        let s = self.bytes.get(self.at..end).ok_or(ByteError::Truncated)?;
        self.at = end;
        Ok(s)
    }

    /// The next `N` bytes, as an array (for fixed-width numbers).
    pub fn array<const N: usize>(&mut self) -> Result<[u8; N], ByteError> {
        let mut a = [0; N];
        a.copy_from_slice(self.bytes(N)?);
        Ok(a)
    }

    /// The next `n` bytes as text.
    pub fn str(&mut self, n: usize) -> Result<&'a str, ByteError> {
        std::str::from_utf8(self.bytes(n)?).map_err(|_| ByteError::Text)
    }

    /// A varint of at most `bits` bits (1 to 64): one that goes on past ⌈bits / 7⌉ bytes, or
    /// whose last byte holds bits past `bits`, is [`ByteError::Overlong`].
    pub fn varint(&mut self, bits: u32) -> Result<u64, ByteError> {
        let mut n = 0u64;
        let mut shift = 0;
        while shift < bits {
            let b = self.byte()?;
            let payload = u64::from(b & 0x7f);
            if shift + 7 > bits && payload >> (bits - shift) != 0 {
                return Err(ByteError::Overlong);
            }
            n |= payload << shift;
            if b & 0x80 == 0 {
                return Ok(n);
            }
            shift += 7;
        }
        Err(ByteError::Overlong)
    }

    /// A signed number [`put_zigzag`] wrote, of at most `bits` bits (1 to 32) in its
    /// zigzag form.
    pub fn zigzag(&mut self, bits: u32) -> Result<i32, ByteError> {
        // At most 32 bits, so the cast keeps them all.
        Ok(unzigzag(self.varint(bits.min(32))? as u32))
    }
}

/// FNV-1a 64's offset basis and prime.
const FNV_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// FNV-1a 64 of some bytes (the permalinks' checksum keeps its low 32 bits).
pub fn fnv1a_64(bytes: &[u8]) -> u64 {
    let mut h = Fnv1a::default();
    h.write(bytes);
    h.finish()
}

/// FNV-1a 64 as a [`Hasher`]: for keys that need no protection against chosen collisions,
/// where std's SipHash would add its code to the app's bundle.
#[derive(Clone, Debug)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Fnv1a {
        Fnv1a(FNV_BASIS)
    }
}

impl Hasher for Fnv1a {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(FNV_PRIME);
        }
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// Why a text is no URL-safe base64.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
pub enum Base64Error {
    #[error("'{0}' is no base64 character")]
    Character(char),
    /// A length of 1 mod 4, or bits set past the last byte.
    #[error("the base64's length or last character is wrong")]
    Length,
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// URL-safe base64 without padding.
pub fn base64url_encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 4 / 3 + 3);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for i in 0..=chunk.len() {
            out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
        }
    }
    out
}

/// The bytes of [`base64url_encode`]'s text. Strict: the unused bits of the last character
/// must be zero, so every byte string has exactly one spelling.
pub fn base64url_decode(text: &str) -> Result<Vec<u8>, Base64Error> {
    let mut vals = Vec::with_capacity(text.len());
    for c in text.chars() {
        let v = ALPHABET
            .iter()
            .position(|&a| a as char == c)
            .ok_or(Base64Error::Character(c))?;
        vals.push(v as u32);
    }
    if vals.len() % 4 == 1 {
        return Err(Base64Error::Length);
    }
    let mut out = Vec::with_capacity(vals.len() * 3 / 4);
    for chunk in vals.chunks(4) {
        let mut n = 0u32;
        for (i, v) in chunk.iter().enumerate() {
            n |= v << (18 - 6 * i);
        }
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        let keep = chunk.len() - 1;
        if keep < 3 && bytes[keep..].iter().any(|&b| b != 0) {
            return Err(Base64Error::Length);
        }
        out.extend_from_slice(&bytes[..keep]);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn varint_bytes(n: u64) -> Vec<u8> {
        let mut out = Vec::new();
        put_varint(&mut out, n);
        out
    }

    /// Edge values of every width: each power of two, one either side, and the ends.
    fn edge_values() -> Vec<u64> {
        let mut v = vec![0, 1, 127, 128, 255, 256, 300, 16_383, 16_384, u64::MAX];
        for k in 1..64 {
            v.extend([(1u64 << k) - 1, 1 << k, (1 << k) + 1]);
        }
        v
    }

    #[test]
    fn varints_are_leb128() {
        assert_eq!(varint_bytes(0), [0]);
        assert_eq!(varint_bytes(127), [0x7f]);
        assert_eq!(varint_bytes(128), [0x80, 0x01]);
        assert_eq!(varint_bytes(300), [0xac, 0x02]);
        assert_eq!(varint_bytes(16_384), [0x80, 0x80, 0x01]);
        let mut max = vec![0xff; 9];
        max.push(0x01);
        assert_eq!(varint_bytes(u64::MAX), max);
    }

    #[test]
    fn varints_read_back_with_the_bytes_after_them() {
        for n in edge_values() {
            let mut bytes = varint_bytes(n);
            // ⌈bits / 7⌉ bytes, one at least.
            let bits = (64 - n.leading_zeros()).max(1);
            assert_eq!(bytes.len(), bits.div_ceil(7) as usize, "{n}");
            bytes.push(0xaa);
            let mut r = ByteReader::new(&bytes);
            assert_eq!(r.varint(64), Ok(n));
            assert_eq!(r.rest(), [0xaa]);
            // Any width that holds the value reads it; a narrower one does not.
            let mut r = ByteReader::new(&bytes);
            assert_eq!(r.varint(bits), Ok(n), "{n} in {bits} bits");
            if bits > 1 {
                let mut r = ByteReader::new(&bytes);
                assert!(r.varint(bits - 1).is_err(), "{n} in {} bits", bits - 1);
            }
        }
    }

    #[test]
    fn cut_varints_are_truncated() {
        for n in edge_values() {
            let bytes = varint_bytes(n);
            for cut in 0..bytes.len() {
                let mut r = ByteReader::new(&bytes[..cut]);
                assert_eq!(r.varint(64), Err(ByteError::Truncated), "{n} cut at {cut}");
            }
        }
    }

    #[test]
    fn varints_past_their_bits_are_overlong() {
        // Eleven bytes that all go on: past 64 bits before they end.
        let mut r = ByteReader::new(&[0x80; 11]);
        assert_eq!(r.varint(64), Err(ByteError::Overlong));
        // A tenth byte of 2 is bit 64.
        let mut ten = vec![0xff; 9];
        ten.push(0x02);
        assert_eq!(ByteReader::new(&ten).varint(64), Err(ByteError::Overlong));
        // 28 bits: four bytes at most, all of the fourth usable.
        let max28 = [0xff, 0xff, 0xff, 0x7f];
        assert_eq!(ByteReader::new(&max28).varint(28), Ok((1 << 28) - 1));
        let five = [0x80, 0x80, 0x80, 0x80, 0x00];
        assert_eq!(ByteReader::new(&five).varint(28), Err(ByteError::Overlong));
        assert_eq!(ByteReader::new(&five).varint(64), Ok(0));
        // 32 bits: five bytes, four bits of the fifth.
        let max32 = [0xff, 0xff, 0xff, 0xff, 0x0f];
        assert_eq!(ByteReader::new(&max32).varint(32), Ok(u64::from(u32::MAX)));
        let past32 = [0xff, 0xff, 0xff, 0xff, 0x1f];
        assert_eq!(
            ByteReader::new(&past32).varint(32),
            Err(ByteError::Overlong)
        );
        assert_eq!(ByteReader::new(&[0x02]).varint(1), Err(ByteError::Overlong));
    }

    #[test]
    fn zigzag_keeps_small_numbers_small() {
        for (v, z) in [
            (0, 0),
            (-1, 1),
            (1, 2),
            (-2, 3),
            (2, 4),
            (-64, 127),
            (64, 128),
            (i32::MAX, u32::MAX - 1),
            (i32::MIN, u32::MAX),
        ] {
            assert_eq!(zigzag(v), z, "{v}");
            assert_eq!(unzigzag(z), v, "{z}");
        }
    }

    #[test]
    fn zigzagged_numbers_read_back() {
        let values = [
            0,
            -1,
            1,
            -63,
            -64,
            -65,
            63,
            64,
            1 << 20,
            -(1 << 27),
            i32::MAX,
            i32::MIN,
        ];
        let mut out = Vec::new();
        for v in values {
            put_zigzag(&mut out, v);
        }
        assert_eq!(out[..3], [0, 1, 2]);
        let mut r = ByteReader::new(&out);
        for v in values {
            assert_eq!(r.zigzag(32), Ok(v));
        }
        assert!(r.rest().is_empty());
        assert_eq!(r.zigzag(32), Err(ByteError::Truncated));
        // 28 bits hold -2²⁷ (zigzag 2²⁸ - 1) but not 2²⁷.
        let mut out = Vec::new();
        put_zigzag(&mut out, -(1 << 27));
        assert_eq!(ByteReader::new(&out).zigzag(28), Ok(-(1 << 27)));
        let mut out = Vec::new();
        put_zigzag(&mut out, 1 << 27);
        assert_eq!(ByteReader::new(&out).zigzag(28), Err(ByteError::Overlong));
        // More than 32 bits is no i32, whatever width is asked for.
        let past32 = [0xff, 0xff, 0xff, 0xff, 0x1f];
        assert_eq!(
            ByteReader::new(&past32).zigzag(64),
            Err(ByteError::Overlong)
        );
    }

    #[test]
    fn bytes_and_texts_are_checked() {
        let data = [1, 2, b'h', b'i', 0xff, 0xfe, 9];
        let mut r = ByteReader::new(&data);
        assert_eq!(r.byte(), Ok(1));
        assert_eq!(r.bytes(usize::MAX), Err(ByteError::Truncated));
        assert_eq!(r.bytes(7), Err(ByteError::Truncated));
        // A failed read takes nothing.
        assert_eq!(r.rest().len(), 6);
        assert_eq!(r.bytes(1), Ok(&[2][..]));
        assert_eq!(r.str(2), Ok("hi"));
        assert_eq!(r.clone().str(2), Err(ByteError::Text));
        assert_eq!(r.clone().str(4), Err(ByteError::Truncated));
        assert_eq!(r.array::<2>(), Ok([0xff, 0xfe]));
        assert_eq!(r.array::<2>(), Err(ByteError::Truncated));
        assert_eq!(r.bytes(0), Ok(&[][..]));
        assert_eq!(r.byte(), Ok(9));
        assert_eq!(r.byte(), Err(ByteError::Truncated));
        assert_eq!(r.str(0), Ok(""));
        let mut r = ByteReader::new("é".as_bytes());
        assert_eq!(r.clone().str(1), Err(ByteError::Text));
        assert_eq!(r.str(2), Ok("é"));
    }

    #[test]
    fn fnv1a_matches_the_published_vectors() {
        for (text, hash) in [
            ("", 0xcbf2_9ce4_8422_2325),
            ("a", 0xaf63_dc4c_8601_ec8c),
            ("ab", 0x089c_4407_b545_986a),
            ("abc", 0xe71f_a219_0541_574b),
            ("foobar", 0x8594_4171_f739_67e8),
        ] {
            assert_eq!(fnv1a_64(text.as_bytes()), hash, "{text:?}");
        }
    }

    #[test]
    fn the_hasher_is_fnv1a_of_everything_written() {
        let mut h = Fnv1a::default();
        h.write(b"foo");
        h.write(b"");
        h.write_u8(b'b');
        h.write(b"ar");
        assert_eq!(h.finish(), fnv1a_64(b"foobar"));
        assert_eq!(Fnv1a::default().finish(), fnv1a_64(b""));
    }

    #[test]
    fn base64_matches_rfc_4648() {
        for (bytes, text) in [
            (&b""[..], ""),
            (b"f", "Zg"),
            (b"fo", "Zm8"),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg"),
            (b"fooba", "Zm9vYmE"),
            (b"foobar", "Zm9vYmFy"),
            // The two characters URL-safe base64 has instead of `+` and `/`.
            (&[0xfb, 0xff], "-_8"),
            (&[0xff, 0xff, 0xff], "____"),
            (&[0, 0, 0], "AAAA"),
        ] {
            assert_eq!(base64url_encode(bytes), text);
            assert_eq!(base64url_decode(text).as_deref(), Ok(bytes), "{text}");
        }
    }

    #[test]
    fn base64_reads_back_every_length_and_byte() {
        for len in 0..=12usize {
            for seed in 0..=255u8 {
                let bytes: Vec<u8> = (0..len)
                    .map(|i| {
                        seed.wrapping_mul(31)
                            .wrapping_add((i as u8).wrapping_mul(97))
                    })
                    .collect();
                let text = base64url_encode(&bytes);
                // Four characters per three bytes, the last group short and unpadded.
                assert_eq!(text.len(), (len * 4).div_ceil(3), "{len}");
                assert_eq!(base64url_decode(&text), Ok(bytes));
            }
        }
    }

    #[test]
    fn base64_has_one_spelling_and_no_other_characters() {
        for (bad, c) in [
            ("Zm9v+", '+'),
            ("Zm9/", '/'),
            ("Zg==", '='),
            ("Zm 9", ' '),
            ("Zmé9", 'é'),
            ("\n", '\n'),
        ] {
            assert_eq!(
                base64url_decode(bad),
                Err(Base64Error::Character(c)),
                "{bad}"
            );
        }
        for bad in ["A", "Zm9vY", "Zm9vYmFyZ"] {
            assert_eq!(base64url_decode(bad), Err(Base64Error::Length), "{bad}");
        }
        // Of every two- and three-character text, exactly those with the last character's
        // unused bits clear decode, and each to what spells it.
        let chars: Vec<char> = ALPHABET.iter().map(|&a| a as char).collect();
        for &a in &chars {
            for &b in &chars {
                let two: String = [a, b].iter().collect();
                let value = chars.iter().position(|&x| x == b).unwrap_or(0);
                // One byte takes 8 of the 12 bits, two bytes 16 of the 18.
                let clear = value & 15 == 0;
                match base64url_decode(&two) {
                    Ok(bytes) => {
                        assert!(clear, "{two}");
                        assert_eq!(base64url_encode(&bytes), two);
                    }
                    Err(e) => {
                        assert!(!clear, "{two}");
                        assert_eq!(e, Base64Error::Length);
                    }
                }
                let three = format!("A{two}");
                assert_eq!(base64url_decode(&three).is_ok(), value & 3 == 0, "{three}");
            }
        }
    }
}
