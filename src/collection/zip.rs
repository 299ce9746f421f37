//! A small reader (and writer) of zip archives' containers: the end record, the central
//! directory and the local headers. It yields each entry's name, compression method and
//! compressed bytes, and leaves inflating to the caller: the command line and the
//! collection worker use [`inflate`] (`miniz_oxide`, features `cli` and `worker`). Stored
//! entries (method 0) need no inflater.
//!
//! It reads what BoardSpace's archives and common tools write: no encryption, no multi-disk
//! archives, no zip64 (an archive or entry past 4 GiB, or with 65,535 entries or more).
//! Everything is bounds-checked: a damaged archive gives a [`ZipError`], never a panic.
//!
//! ```
//! use beeline::collection::zip::{Archive, Method, Writer};
//! let mut w = Writer::new();
//! w.add_stored("games/one.pgn", b"[GameType \"Base\"]\n\n1. wS1\n");
//! let bytes = w.finish();
//! let archive = Archive::parse(&bytes).unwrap();
//! let entry = &archive.entries()[0];
//! assert_eq!(entry.name, "games/one.pgn");
//! assert_eq!(entry.method, Method::Stored);
//! let data = archive.data(entry).unwrap();
//! assert_eq!(entry.check(data), Ok(()));
//! ```

use std::fmt;
use thiserror::Error;

const EOCD_SIG: u32 = 0x0605_4b50;
const CENTRAL_SIG: u32 = 0x0201_4b50;
const LOCAL_SIG: u32 = 0x0403_4b50;
const EOCD_LEN: usize = 22;
const CENTRAL_LEN: usize = 46;
const LOCAL_LEN: usize = 30;

/// How an entry's bytes are compressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    /// Method 0: the bytes as they are.
    Stored,
    /// Method 8: raw deflate (RFC 1951).
    Deflated,
    /// Any other method, by its number.
    Other(u16),
}

impl Method {
    fn from_code(code: u16) -> Method {
        match code {
            0 => Method::Stored,
            8 => Method::Deflated,
            n => Method::Other(n),
        }
    }

    pub fn code(self) -> u16 {
        match self {
            Method::Stored => 0,
            Method::Deflated => 8,
            Method::Other(n) => n,
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Method::Stored => f.write_str("stored"),
            Method::Deflated => f.write_str("deflate"),
            Method::Other(n) => write!(f, "method {n}"),
        }
    }
}

/// Why an archive, or one entry of it, cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ZipError {
    #[error("not a zip archive (no end of central directory record)")]
    NotZip,
    #[error("the archive is truncated: {0}")]
    Truncated(&'static str),
    #[error("the central directory is damaged at byte {offset}: {why}")]
    Central { offset: usize, why: &'static str },
    #[error("{name}: the local header at byte {offset} is damaged: {why}")]
    Local {
        name: String,
        offset: usize,
        why: &'static str,
    },
    #[error("{0}")]
    Unsupported(String),
    #[error("{name}: {method} compression is not supported")]
    Method { name: String, method: Method },
    #[error("{name}: the entry is encrypted")]
    Encrypted { name: String },
    #[error("{name}: {why}")]
    Inflate { name: String, why: String },
    #[error("{name}: the data is damaged (CRC-32 {found:08x}, expected {expected:08x})")]
    Crc {
        name: String,
        expected: u32,
        found: u32,
    },
    #[error("{name}: the data has {found} bytes, the directory says {expected}")]
    Size {
        name: String,
        expected: u64,
        found: u64,
    },
}

/// One file or folder of an archive, as its central directory describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The path inside the archive (`/`-separated; UTF-8, or read as Latin-1-ish text with
    /// replacement characters when the archive does not say UTF-8).
    pub name: String,
    pub method: Method,
    /// The CRC-32 of the uncompressed bytes.
    pub crc32: u32,
    pub compressed_size: u64,
    pub size: u64,
    /// General-purpose flags (bit 0: encrypted).
    pub flags: u16,
    /// Where the entry's local header starts.
    pub local_offset: usize,
}

impl Entry {
    /// Whether the entry is a folder (its name ends in `/`).
    pub fn is_dir(&self) -> bool {
        self.name.ends_with('/')
    }

    /// The file name without its folders.
    pub fn file_name(&self) -> &str {
        self.name.rsplit('/').next().unwrap_or(&self.name)
    }

    /// Checks uncompressed bytes against the directory's size and CRC-32.
    pub fn check(&self, data: &[u8]) -> Result<(), ZipError> {
        if data.len() as u64 != self.size {
            return Err(ZipError::Size {
                name: self.name.clone(),
                expected: self.size,
                found: data.len() as u64,
            });
        }
        let found = crc32(data);
        if found != self.crc32 {
            return Err(ZipError::Crc {
                name: self.name.clone(),
                expected: self.crc32,
                found,
            });
        }
        Ok(())
    }
}

/// An archive's bytes and its central directory.
#[derive(Clone, Debug)]
pub struct Archive<'a> {
    bytes: &'a [u8],
    entries: Vec<Entry>,
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    let s = b.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([s[0], s[1]]))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

fn text(name: &[u8], utf8: bool) -> String {
    if utf8 {
        String::from_utf8_lossy(name).into_owned()
    } else {
        // Code page 437 in principle; ASCII names (nearly all) read the same.
        name.iter()
            .map(|&c| if c < 0x80 { c as char } else { '\u{fffd}' })
            .collect()
    }
}

impl<'a> Archive<'a> {
    /// Reads the end record and the central directory.
    pub fn parse(bytes: &'a [u8]) -> Result<Archive<'a>, ZipError> {
        if bytes.len() < EOCD_LEN {
            return Err(ZipError::NotZip);
        }
        // The end record is the last 22 bytes plus a comment of up to 65,535 bytes.
        let lowest = bytes.len().saturating_sub(EOCD_LEN + 0xffff);
        let mut at = bytes.len() - EOCD_LEN;
        let eocd = loop {
            if u32_at(bytes, at) == Some(EOCD_SIG)
                && u16_at(bytes, at + 20).is_some_and(|c| at + EOCD_LEN + c as usize <= bytes.len())
            {
                break at;
            }
            if at == lowest {
                return Err(ZipError::NotZip);
            }
            at -= 1;
        };
        let field16 = |o: usize| u16_at(bytes, eocd + o).ok_or(ZipError::Truncated("end record"));
        let field32 = |o: usize| u32_at(bytes, eocd + o).ok_or(ZipError::Truncated("end record"));
        let (disk, cd_disk) = (field16(4)?, field16(6)?);
        let count = field16(10)?;
        let cd_size = field32(12)? as usize;
        let cd_offset = field32(16)? as usize;
        if disk != 0 || cd_disk != 0 || field16(8)? != count {
            return Err(ZipError::Unsupported(
                "archives split over several disks are not supported".into(),
            ));
        }
        if count == 0xffff || cd_offset == 0xffff_ffff || cd_size == 0xffff_ffff {
            return Err(ZipError::Unsupported(
                "zip64 archives are not supported".into(),
            ));
        }
        if cd_offset.checked_add(cd_size).is_none_or(|end| end > eocd) {
            return Err(ZipError::Truncated(
                "the central directory lies past its end",
            ));
        }
        let mut entries = Vec::with_capacity(count as usize);
        let mut at = cd_offset;
        for _ in 0..count {
            let bad = |why| ZipError::Central { offset: at, why };
            if u32_at(bytes, at) != Some(CENTRAL_SIG) {
                return Err(bad("no entry signature"));
            }
            let f16 = |o: usize| u16_at(bytes, at + o).ok_or(bad("entry cut short"));
            let f32 = |o: usize| u32_at(bytes, at + o).ok_or(bad("entry cut short"));
            let flags = f16(8)?;
            let method = Method::from_code(f16(10)?);
            let crc32 = f32(16)?;
            let compressed_size = u64::from(f32(20)?);
            let size = u64::from(f32(24)?);
            let name_len = f16(28)? as usize;
            let extra_len = f16(30)? as usize;
            let comment_len = f16(32)? as usize;
            let local_offset = f32(42)? as usize;
            let name_at = at + CENTRAL_LEN;
            let name = bytes
                .get(name_at..name_at + name_len)
                .ok_or(bad("name cut short"))?;
            let next = name_at + name_len + extra_len + comment_len;
            if next > eocd {
                return Err(bad("entry runs past the directory"));
            }
            if compressed_size == 0xffff_ffff || size == 0xffff_ffff || local_offset == 0xffff_ffff
            {
                return Err(ZipError::Unsupported(format!(
                    "{}: zip64 entries are not supported",
                    text(name, flags & 0x800 != 0)
                )));
            }
            entries.push(Entry {
                name: text(name, flags & 0x800 != 0),
                method,
                crc32,
                compressed_size,
                size,
                flags,
                local_offset,
            });
            at = next;
        }
        Ok(Archive { bytes, entries })
    }

    /// The entries, in the directory's order (folders included).
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// An entry's compressed bytes, found through its local header.
    pub fn data(&self, entry: &Entry) -> Result<&'a [u8], ZipError> {
        let at = entry.local_offset;
        let bad = |why| ZipError::Local {
            name: entry.name.clone(),
            offset: at,
            why,
        };
        if entry.flags & 1 != 0 {
            return Err(ZipError::Encrypted {
                name: entry.name.clone(),
            });
        }
        if u32_at(self.bytes, at) != Some(LOCAL_SIG) {
            return Err(bad("no local header signature"));
        }
        let name_len = u16_at(self.bytes, at + 26).ok_or(bad("header cut short"))? as usize;
        let extra_len = u16_at(self.bytes, at + 28).ok_or(bad("header cut short"))? as usize;
        let start = at
            .checked_add(LOCAL_LEN + name_len + extra_len)
            .ok_or(bad("header out of range"))?;
        let end = usize::try_from(entry.compressed_size)
            .ok()
            .and_then(|n| start.checked_add(n))
            .ok_or(bad("data size out of range"))?;
        self.bytes
            .get(start..end)
            .ok_or(bad("the data runs past the end of the archive"))
    }

    /// An entry's uncompressed bytes: stored entries as they are, deflated ones through
    /// `inflate(compressed, expected_size)`; checked against the directory's size and
    /// CRC-32 either way.
    pub fn read(&self, entry: &Entry, inflate: &Inflate) -> Result<Vec<u8>, ZipError> {
        let data = self.data(entry)?;
        let out = match entry.method {
            Method::Stored => data.to_vec(),
            Method::Deflated => {
                let size = usize::try_from(entry.size).map_err(|_| ZipError::Inflate {
                    name: entry.name.clone(),
                    why: "too large".into(),
                })?;
                inflate(data, size).map_err(|why| ZipError::Inflate {
                    name: entry.name.clone(),
                    why,
                })?
            }
            method => {
                return Err(ZipError::Method {
                    name: entry.name.clone(),
                    method,
                })
            }
        };
        entry.check(&out)?;
        Ok(out)
    }
}

/// An inflater: raw deflate data and the size it must give, to the bytes or why not.
pub type Inflate = dyn Fn(&[u8], usize) -> Result<Vec<u8>, String>;

/// Inflates raw deflate data of a known size (a zip entry's), with `miniz_oxide`: the
/// command line's inflater and the collection worker's (features `cli`, `worker`).
#[cfg(any(feature = "cli", feature = "worker"))]
pub fn inflate(data: &[u8], size: usize) -> Result<Vec<u8>, String> {
    // The directory's size bounds the output; one byte more shows a lie.
    miniz_oxide::inflate::decompress_to_vec_with_limit(data, size.saturating_add(1))
        .map_err(|e| format!("the deflate data is damaged ({:?})", e.status))
}

/// Deflates data (raw deflate, for a zip entry).
#[cfg(any(feature = "cli", feature = "worker"))]
pub fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec(data, 6)
}

/// Whether bytes start as a zip archive does (a local header, or an empty archive's end
/// record).
pub fn looks_like_zip(bytes: &[u8]) -> bool {
    bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06")
}

const fn crc_table() -> [u32; 256] {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
}

static CRC_TABLE: [u32; 256] = crc_table();

/// The CRC-32 (IEEE 802.3, as zip uses it) of bytes.
pub fn crc32(data: &[u8]) -> u32 {
    let mut c = 0xffff_ffffu32;
    for &b in data {
        c = CRC_TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8);
    }
    c ^ 0xffff_ffff
}

/// Writes a zip archive entry by entry (no zip64: keep it under 4 GiB and 65,535 entries).
#[derive(Clone, Debug, Default)]
pub struct Writer {
    out: Vec<u8>,
    central: Vec<u8>,
    count: u16,
}

impl Writer {
    pub fn new() -> Writer {
        Writer::default()
    }

    /// Adds a file stored as it is.
    pub fn add_stored(&mut self, name: &str, data: &[u8]) {
        self.add(name, Method::Stored, data, crc32(data), data.len() as u32);
    }

    /// Adds an entry whose bytes are already compressed with `method`; `crc` and `size`
    /// are those of the uncompressed bytes.
    pub fn add(&mut self, name: &str, method: Method, compressed: &[u8], crc: u32, size: u32) {
        let offset = self.out.len() as u32;
        let name_b = name.as_bytes();
        let header = |sig: u32, central: bool| {
            let mut h = Vec::with_capacity(CENTRAL_LEN + name_b.len());
            h.extend_from_slice(&sig.to_le_bytes());
            if central {
                h.extend_from_slice(&20u16.to_le_bytes()); // made by
            }
            h.extend_from_slice(&20u16.to_le_bytes()); // needed
            h.extend_from_slice(&0x800u16.to_le_bytes()); // UTF-8 names
            h.extend_from_slice(&method.code().to_le_bytes());
            h.extend_from_slice(&0u16.to_le_bytes()); // time
            h.extend_from_slice(&0x21u16.to_le_bytes()); // date: 1980-01-01
            h.extend_from_slice(&crc.to_le_bytes());
            h.extend_from_slice(&(compressed.len() as u32).to_le_bytes());
            h.extend_from_slice(&size.to_le_bytes());
            h.extend_from_slice(&(name_b.len() as u16).to_le_bytes());
            h.extend_from_slice(&0u16.to_le_bytes()); // extra
            if central {
                h.extend_from_slice(&0u16.to_le_bytes()); // comment
                h.extend_from_slice(&0u16.to_le_bytes()); // disk
                h.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
                h.extend_from_slice(&0u32.to_le_bytes()); // external attributes
                h.extend_from_slice(&offset.to_le_bytes());
            }
            h.extend_from_slice(name_b);
            h
        };
        self.out.extend_from_slice(&header(LOCAL_SIG, false));
        self.out.extend_from_slice(compressed);
        self.central.extend_from_slice(&header(CENTRAL_SIG, true));
        self.count = self.count.wrapping_add(1);
    }

    /// The archive's bytes.
    pub fn finish(mut self) -> Vec<u8> {
        let cd_offset = self.out.len() as u32;
        let cd_size = self.central.len() as u32;
        self.out.extend_from_slice(&self.central);
        self.out.extend_from_slice(&EOCD_SIG.to_le_bytes());
        self.out.extend_from_slice(&[0; 4]); // disks
        self.out.extend_from_slice(&self.count.to_le_bytes());
        self.out.extend_from_slice(&self.count.to_le_bytes());
        self.out.extend_from_slice(&cd_size.to_le_bytes());
        self.out.extend_from_slice(&cd_offset.to_le_bytes());
        self.out.extend_from_slice(&0u16.to_le_bytes());
        self.out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_of_the_check_string() {
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(crc32(b""), 0);
    }
}
