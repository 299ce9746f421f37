//! Zip archives: the container is read by the `zip` crate (the end record, zip64 included,
//! the central directory and each entry's local header); each entry's bytes are inflated by
//! the caller's inflater within a limit, then checked. The command line and the collection
//! worker inflate with [`inflate`] (`miniz_oxide`, features `cli` and `worker`); stored
//! entries (method 0) need no inflater.
//!
//! Nothing in an archive is trusted. An entry is inflated only when the directory's size is
//! within the caller's limit, and never past that size (one byte more shows a lie), so a
//! "zip bomb" costs at most the limit in memory and the time to inflate that much.
//! Encrypted entries, other methods and damaged data (a CRC-32 or a size that disagrees)
//! give a [`ZipError`] naming the entry, and the other entries still read. Multi-disk
//! archives are refused.
//!
//! The `zip` crate is used for the container only: inflating a slice of the archive with
//! `miniz_oxide` costs about 8 µs an entry against 11 µs through the crate's readers, and
//! keeps the collection worker free of a second deflate implementation (docs/EXPLORER.md).
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
use std::ops::Range;
use thiserror::Error;

const EOCD_SIG: u32 = 0x0605_4b50;
const EOCD64_SIG: u32 = 0x0606_4b50;
const LOCATOR64_SIG: u32 = 0x0706_4b50;
const CENTRAL_SIG: u32 = 0x0201_4b50;
const LOCAL_SIG: u32 = 0x0403_4b50;
const EOCD_LEN: usize = 22;

/// The largest entry read as a record file: a text of many games (each game is still held to
/// `record::MAX_INPUT`). A larger entry is refused from the directory's size, uninflated.
pub const RECORD_ENTRY_LIMIT: u64 = 16 << 20;

/// The largest entry read as an archive inside an archive.
pub const ARCHIVE_ENTRY_LIMIT: u64 = 256 << 20;

/// The limit of an entry read as an archive (`nested`) or as a record file.
pub fn entry_limit(nested: bool) -> u64 {
    if nested {
        ARCHIVE_ENTRY_LIMIT
    } else {
        RECORD_ENTRY_LIMIT
    }
}

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

    /// The method of the `zip` crate's description (built without its codecs, so every
    /// method but stored is one it names by number).
    #[allow(deprecated)]
    fn of_crate(m: zip::CompressionMethod) -> Method {
        if m == zip::CompressionMethod::Stored {
            Method::Stored
        } else if m == zip::CompressionMethod::DEFLATE {
            Method::Deflated
        } else if let zip::CompressionMethod::Unsupported(n) = m {
            Method::from_code(n)
        } else {
            Method::Other(u16::MAX)
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
    /// The container is damaged (the `zip` crate's reason).
    #[error("the archive is damaged: {0}")]
    Damaged(String),
    #[error("{0}")]
    Unsupported(String),
    #[error("{name}: the local header at byte {offset} is damaged: {why}")]
    Local {
        name: String,
        offset: u64,
        why: String,
    },
    #[error("{name}: {why}")]
    Entry { name: String, why: String },
    #[error("{name}: {method} compression is not supported")]
    Method { name: String, method: Method },
    #[error("{name}: the entry is encrypted")]
    Encrypted { name: String },
    #[error("{name}: {size} bytes once inflated; entries over {limit} bytes are not read")]
    TooLarge { name: String, size: u64, limit: u64 },
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

impl ZipError {
    fn of_crate(e: zip::result::ZipError) -> ZipError {
        use zip::result::ZipError as Z;
        match e {
            Z::UnsupportedArchive(why) => {
                ZipError::Unsupported(format!("unsupported archive: {why}"))
            }
            Z::InvalidArchive(why) => ZipError::Damaged(why.into_owned()),
            Z::Io(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
                ZipError::Damaged("it is cut short".into())
            }
            other => ZipError::Damaged(other.to_string()),
        }
    }
}

/// One file or folder of an archive, as its central directory describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ZipEntry {
    /// The path inside the archive (`/`-separated; UTF-8, or code page 437 when the archive
    /// does not say UTF-8).
    pub name: String,
    pub method: Method,
    /// The CRC-32 of the uncompressed bytes.
    pub crc32: u32,
    pub compressed_size: u64,
    pub size: u64,
    pub encrypted: bool,
    /// Where the entry's local header starts.
    pub local_offset: u64,
    /// The compressed bytes' place in the archive, or why it cannot be found.
    data: Result<Range<usize>, ZipError>,
}

impl ZipEntry {
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
    entries: Vec<ZipEntry>,
}

fn u16_at(b: &[u8], at: usize) -> Option<u16> {
    let s = b.get(at..at.checked_add(2)?)?;
    Some(u16::from_le_bytes([s[0], s[1]]))
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    let s = b.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([s[0], s[1], s[2], s[3]]))
}

/// Whether the bytes end as an archive does: an end record in the last 22 bytes plus a
/// comment of up to 65,535 (so a text is "not a zip archive", not a damaged one).
fn has_end_record(bytes: &[u8]) -> bool {
    let Some(last) = bytes.len().checked_sub(EOCD_LEN) else {
        return false;
    };
    let lowest = last.saturating_sub(0xffff);
    (lowest..=last).rev().any(|at| {
        u32_at(bytes, at) == Some(EOCD_SIG)
            && u16_at(bytes, at + 20).is_some_and(|c| at + EOCD_LEN + c as usize <= bytes.len())
    })
}

impl<'a> Archive<'a> {
    /// Reads the end record, the central directory and every entry's local header.
    pub fn parse(bytes: &'a [u8]) -> Result<Archive<'a>, ZipError> {
        if !has_end_record(bytes) {
            return Err(ZipError::NotZip);
        }
        let mut zip =
            zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(ZipError::of_crate)?;
        let mut entries = Vec::with_capacity(zip.len());
        for i in 0..zip.len() {
            let name = zip.name_for_index(i).unwrap_or("?").to_string();
            let entry = match zip.by_index_raw(i) {
                Ok(f) => {
                    let (start, len) = (f.data_start(), f.compressed_size());
                    let data = usize::try_from(start)
                        .ok()
                        .zip(usize::try_from(len).ok())
                        .and_then(|(s, n)| Some(s..s.checked_add(n)?))
                        .filter(|r| r.end <= bytes.len())
                        .ok_or_else(|| ZipError::Local {
                            name: name.clone(),
                            offset: f.header_start(),
                            why: "the data runs past the end of the archive".into(),
                        });
                    ZipEntry {
                        method: Method::of_crate(f.compression()),
                        crc32: f.crc32(),
                        compressed_size: len,
                        size: f.size(),
                        encrypted: f.encrypted(),
                        local_offset: f.header_start(),
                        data,
                        name,
                    }
                }
                // The directory describes it but its local header cannot be read.
                Err(e) => ZipEntry {
                    data: Err(ZipError::Entry {
                        name: name.clone(),
                        why: format!("its local header cannot be read: {}", ZipError::of_crate(e)),
                    }),
                    name,
                    method: Method::Stored,
                    crc32: 0,
                    compressed_size: 0,
                    size: 0,
                    encrypted: false,
                    local_offset: 0,
                },
            };
            entries.push(entry);
        }
        Ok(Archive { bytes, entries })
    }

    /// The entries, in the directory's order (folders included; a name given twice is read
    /// once).
    pub fn entries(&self) -> &[ZipEntry] {
        &self.entries
    }

    /// An entry's compressed bytes.
    pub fn data(&self, entry: &ZipEntry) -> Result<&'a [u8], ZipError> {
        if entry.encrypted {
            return Err(ZipError::Encrypted {
                name: entry.name.clone(),
            });
        }
        let range = entry.data.clone()?;
        self.bytes.get(range).ok_or_else(|| ZipError::Local {
            name: entry.name.clone(),
            offset: entry.local_offset,
            why: "the data runs past the end of the archive".into(),
        })
    }

    /// An entry's uncompressed bytes: stored entries as they are, deflated ones through
    /// `inflate(compressed, size)`; checked against the directory's size and CRC-32 either
    /// way. An entry whose directory size is over `limit` is refused without inflating it,
    /// and the inflater is never asked for more than `size + 1` bytes.
    pub fn read(
        &self,
        entry: &ZipEntry,
        inflate: &Inflate,
        limit: u64,
    ) -> Result<Vec<u8>, ZipError> {
        if entry.size > limit {
            return Err(ZipError::TooLarge {
                name: entry.name.clone(),
                size: entry.size,
                limit,
            });
        }
        let data = self.data(entry)?;
        let out = match entry.method {
            Method::Stored => {
                if data.len() as u64 != entry.size {
                    return Err(ZipError::Size {
                        name: entry.name.clone(),
                        expected: entry.size,
                        found: data.len() as u64,
                    });
                }
                data.to_vec()
            }
            Method::Deflated => {
                // Within `limit`, so within the address space.
                let size = usize::try_from(entry.size).unwrap_or(usize::MAX - 1);
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

/// An inflater: raw deflate data and the size it must give, to the bytes or why not. It
/// must stop past `size + 1` bytes (a lying directory then shows as a size error).
pub type Inflate = dyn Fn(&[u8], usize) -> Result<Vec<u8>, String>;

/// Inflates raw deflate data of a known size (a zip entry's), with `miniz_oxide`, stopping
/// one byte past that size: the command line's inflater and the collection worker's
/// (features `cli`, `worker`).
#[cfg(any(feature = "cli", feature = "worker"))]
pub fn inflate(data: &[u8], size: usize) -> Result<Vec<u8>, String> {
    miniz_oxide::inflate::decompress_to_vec_with_limit(data, size.saturating_add(1)).map_err(|e| {
        match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => {
                format!("the data inflates to more than the {size} bytes the directory says")
            }
            status => format!("the deflate data is damaged ({status:?})"),
        }
    })
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

/// The CRC-32 (IEEE 802.3, as zip uses it) of bytes.
pub fn crc32(data: &[u8]) -> u32 {
    crc32fast::hash(data)
}

/// Writes a zip archive entry by entry. Entries and the end record take their zip64 forms
/// when they need them (past 4 GiB, or 65,535 entries and more), or always with
/// [`Writer::zip64`].
#[derive(Clone, Debug, Default)]
pub struct Writer {
    out: Vec<u8>,
    central: Vec<u8>,
    count: u64,
    zip64: bool,
}

impl Writer {
    pub fn new() -> Writer {
        Writer::default()
    }

    /// A writer that writes every entry and the end record in their zip64 forms.
    pub fn zip64() -> Writer {
        Writer {
            zip64: true,
            ..Writer::default()
        }
    }

    /// Adds a file stored as it is.
    pub fn add_stored(&mut self, name: &str, data: &[u8]) {
        self.add(name, Method::Stored, data, crc32(data), data.len() as u64);
    }

    /// Adds an entry whose bytes are already compressed with `method`; `crc` and `size`
    /// are those of the uncompressed bytes.
    pub fn add(&mut self, name: &str, method: Method, compressed: &[u8], crc: u32, size: u64) {
        let offset = self.out.len() as u64;
        let clen = compressed.len() as u64;
        let big = self.zip64 || [offset, clen, size].iter().any(|&v| v >= 0xffff_ffff);
        let name_b = name.as_bytes();
        let small = |v: u64| if big { 0xffff_ffff } else { v as u32 };
        let header = |sig: u32, central: bool| {
            let mut h = Vec::with_capacity(46 + 28 + name_b.len());
            let version: u16 = if big { 45 } else { 20 };
            h.extend_from_slice(&sig.to_le_bytes());
            if central {
                h.extend_from_slice(&version.to_le_bytes()); // made by
            }
            h.extend_from_slice(&version.to_le_bytes()); // needed
            h.extend_from_slice(&0x800u16.to_le_bytes()); // UTF-8 names
            h.extend_from_slice(&method.code().to_le_bytes());
            h.extend_from_slice(&0u16.to_le_bytes()); // time
            h.extend_from_slice(&0x21u16.to_le_bytes()); // date: 1980-01-01
            h.extend_from_slice(&crc.to_le_bytes());
            h.extend_from_slice(&small(clen).to_le_bytes());
            h.extend_from_slice(&small(size).to_le_bytes());
            h.extend_from_slice(&(name_b.len() as u16).to_le_bytes());
            // The zip64 extra field: sizes, and the offset in the directory.
            let extra: u16 = match (big, central) {
                (false, _) => 0,
                (true, false) => 20,
                (true, true) => 28,
            };
            h.extend_from_slice(&extra.to_le_bytes());
            if central {
                h.extend_from_slice(&0u16.to_le_bytes()); // comment
                h.extend_from_slice(&0u16.to_le_bytes()); // disk
                h.extend_from_slice(&0u16.to_le_bytes()); // internal attributes
                h.extend_from_slice(&0u32.to_le_bytes()); // external attributes
                h.extend_from_slice(&small(offset).to_le_bytes());
            }
            h.extend_from_slice(name_b);
            if big {
                h.extend_from_slice(&1u16.to_le_bytes());
                h.extend_from_slice(&(extra - 4).to_le_bytes());
                h.extend_from_slice(&size.to_le_bytes());
                h.extend_from_slice(&clen.to_le_bytes());
                if central {
                    h.extend_from_slice(&offset.to_le_bytes());
                }
            }
            h
        };
        self.out.extend_from_slice(&header(LOCAL_SIG, false));
        self.out.extend_from_slice(compressed);
        self.central.extend_from_slice(&header(CENTRAL_SIG, true));
        self.count += 1;
    }

    /// The archive's bytes.
    pub fn finish(mut self) -> Vec<u8> {
        let cd_offset = self.out.len() as u64;
        let cd_size = self.central.len() as u64;
        self.out.extend_from_slice(&self.central);
        let big = self.zip64
            || self.count >= 0xffff
            || cd_offset >= 0xffff_ffff
            || cd_size >= 0xffff_ffff;
        if big {
            // The zip64 end record, then its locator.
            let eocd64 = self.out.len() as u64;
            self.out.extend_from_slice(&EOCD64_SIG.to_le_bytes());
            self.out.extend_from_slice(&44u64.to_le_bytes()); // the record's size after this
            self.out.extend_from_slice(&45u16.to_le_bytes()); // made by
            self.out.extend_from_slice(&45u16.to_le_bytes()); // needed
            self.out.extend_from_slice(&[0; 8]); // disks
            self.out.extend_from_slice(&self.count.to_le_bytes());
            self.out.extend_from_slice(&self.count.to_le_bytes());
            self.out.extend_from_slice(&cd_size.to_le_bytes());
            self.out.extend_from_slice(&cd_offset.to_le_bytes());
            self.out.extend_from_slice(&LOCATOR64_SIG.to_le_bytes());
            self.out.extend_from_slice(&0u32.to_le_bytes());
            self.out.extend_from_slice(&eocd64.to_le_bytes());
            self.out.extend_from_slice(&1u32.to_le_bytes()); // disks
        }
        let count16 = if big { 0xffff } else { self.count as u16 };
        let small = |v: u64| if big { 0xffff_ffff } else { v as u32 };
        self.out.extend_from_slice(&EOCD_SIG.to_le_bytes());
        self.out.extend_from_slice(&[0; 4]); // disks
        self.out.extend_from_slice(&count16.to_le_bytes());
        self.out.extend_from_slice(&count16.to_le_bytes());
        self.out.extend_from_slice(&small(cd_size).to_le_bytes());
        self.out.extend_from_slice(&small(cd_offset).to_le_bytes());
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
