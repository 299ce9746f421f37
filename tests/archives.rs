//! Archives nothing can break: each kind of damaged or hostile archive, written here in code,
//! is refused or read in part with the entry named, within bounded memory and time: a
//! deflate bomb (a gigabyte of zeros in 6.5 MB), zip64 archives (forced, and past 65,535
//! entries), corrupt data, encrypted entries, and files too large to read, refused from
//! their size.

use beeline::collection::files::{check_file_size, read_path, MAX_FILE};
use beeline::collection::zip::{
    self, crc32, deflate, Archive, Method, Writer, ZipError, RECORD_ENTRY_LIMIT,
};
use beeline::collection::Collection;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Instant;

const PGN: &str = "[GameType \"Base\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"WhiteWins\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n";

/// Raw deflate data of `1 + 258 n` zero bytes written by hand, without deflating them: one
/// block of fixed Huffman codes, a literal zero, then `n` copies of <length 258, distance 1>
/// (13 bits for 258 bytes), then the end of the block.
fn zeros_deflated(n: usize) -> Vec<u8> {
    let mut out = Vec::with_capacity(n * 13 / 8 + 8);
    let (mut acc, mut bits) = (0u64, 0u32);
    let mut put = |out: &mut Vec<u8>, value: u32, n: u32| {
        acc |= u64::from(value) << bits;
        bits += n;
        while bits >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            bits -= 8;
        }
    };
    // Huffman codes are packed from their most significant bit.
    let code = |c: u32, n: u32| c.reverse_bits() >> (32 - n);
    put(&mut out, 1, 1); // the last block
    put(&mut out, 1, 2); // fixed codes
    put(&mut out, code(0b0011_0000, 8), 8); // literal 0
    for _ in 0..n {
        put(&mut out, code(0b1100_0101, 8), 8); // length 258 (code 285)
        put(&mut out, 0, 5); // distance 1 (code 0)
    }
    put(&mut out, 0, 7); // end of block (code 256)
    put(&mut out, 0, 7); // flush the last bits
    out
}

/// An inflater that records what it is asked for, around the command line's.
struct Recording {
    asked: RefCell<Vec<usize>>,
}

impl Recording {
    fn new() -> Recording {
        Recording {
            asked: RefCell::new(Vec::new()),
        }
    }

    fn inflate(&self, data: &[u8], size: usize) -> Result<Vec<u8>, String> {
        self.asked.borrow_mut().push(size);
        zip::inflate(data, size)
    }
}

#[test]
fn the_hand_written_bomb_is_real() {
    // Three copies: 775 zeros, as a real inflater reads them.
    let small = zeros_deflated(3);
    assert_eq!(zip::inflate(&small, 775), Ok(vec![0; 775]));
    // It stops one byte past the size asked (the byte that shows a lie), and no further.
    assert_eq!(zip::inflate(&small, 774).map(|v| v.len()), Ok(775));
    assert!(zip::inflate(&small, 773).is_err());
}

#[test]
fn a_bomb_is_refused_from_its_size_or_cut_short() {
    let n = (1usize << 30) / 258; // a gigabyte of zeros
    let size = 1 + 258 * n as u64;
    let bomb = zeros_deflated(n);
    assert!(bomb.len() < 7 << 20, "{} bytes", bomb.len());
    let zeros_crc = crc32(&[0; 1000]);
    let mut w = Writer::new();
    w.add_stored("good.pgn", PGN.as_bytes());
    // The directory tells the truth: a gigabyte.
    w.add("honest.pgn", Method::Deflated, &bomb, 0, size);
    // The directory lies: 1,000 bytes.
    w.add("liar.pgn", Method::Deflated, &bomb, zeros_crc, 1000);
    // A nested archive is held to its own limit.
    w.add("inner.zip", Method::Deflated, &bomb, 0, size);
    let bytes = w.finish();

    let started = Instant::now();
    let rec = Rc::new(Recording::new());
    let inflater = rec.clone();
    let mut c = Collection::new();
    c.add_zip("bomb.zip", &bytes, &move |d, s| inflater.inflate(d, s));
    let elapsed = started.elapsed();
    assert_eq!(c.games.len(), 1);
    let errors: Vec<String> = c
        .failures
        .iter()
        .map(|f| format!("{}: {}", f.source, f.error))
        .collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(
        errors[0].starts_with("bomb.zip/honest.pgn: ")
            && errors[0].contains(&format!("{size} bytes once inflated"))
            && errors[0].contains(&RECORD_ENTRY_LIMIT.to_string()),
        "{errors:?}"
    );
    assert!(
        errors[1].starts_with("bomb.zip/liar.pgn: ")
            && errors[1].contains("more than the 1000 bytes"),
        "{errors:?}"
    );
    assert!(errors[2].starts_with("bomb.zip/inner.zip: "), "{errors:?}");
    // Only the liar was inflated, and only as far as it said.
    assert_eq!(*rec.asked.borrow(), [1000]);
    // Inflating the gigabyte takes seconds; refusing it, milliseconds.
    assert!(elapsed.as_secs_f64() < 1.0, "{elapsed:?}");

    // The same through `Archive::read`, with the error's kind.
    let archive = Archive::parse(&bytes).unwrap();
    let honest = &archive.entries()[1];
    assert!(matches!(
        archive.read(honest, &zip::inflate, RECORD_ENTRY_LIMIT),
        Err(ZipError::TooLarge { .. })
    ));
    // Under a limit it fits, the bomb is read (a small one: 775 zeros).
    let mut w = Writer::new();
    let small = zeros_deflated(3);
    w.add("z.txt", Method::Deflated, &small, crc32(&[0; 775]), 775);
    let bytes = w.finish();
    let a = Archive::parse(&bytes).unwrap();
    assert_eq!(
        a.read(&a.entries()[0], &zip::inflate, 775),
        Ok(vec![0; 775])
    );
    assert!(matches!(
        a.read(&a.entries()[0], &zip::inflate, 774),
        Err(ZipError::TooLarge {
            size: 775,
            limit: 774,
            ..
        })
    ));
}

fn find(bytes: &[u8], sig: &[u8]) -> Vec<usize> {
    bytes
        .windows(sig.len())
        .enumerate()
        .filter(|(_, w)| *w == sig)
        .map(|(i, _)| i)
        .collect()
}

#[test]
fn zip64_archives_read() {
    let mut w = Writer::zip64();
    w.add_stored("games/one.pgn", PGN.as_bytes());
    let many = PGN.repeat(3);
    w.add(
        "games/three.pgn",
        Method::Deflated,
        &deflate(many.as_bytes()),
        crc32(many.as_bytes()),
        many.len() as u64,
    );
    let bytes = w.finish();
    // Written as zip64: its end record and locator, the classic end record's fields full.
    assert_eq!(find(&bytes, b"PK\x06\x06").len(), 1);
    assert_eq!(find(&bytes, b"PK\x06\x07").len(), 1);
    let eocd = find(&bytes, b"PK\x05\x06")[0];
    assert_eq!(&bytes[eocd + 10..eocd + 20], &[0xff; 10]);
    // Every entry's sizes are in its zip64 extra field.
    let central = find(&bytes, b"PK\x01\x02");
    assert_eq!(central.len(), 2);
    for at in central {
        assert_eq!(&bytes[at + 20..at + 28], &[0xff; 8]);
    }
    let mut c = Collection::new();
    c.add_zip("big.zip", &bytes, &zip::inflate);
    assert!(c.failures.is_empty(), "{:?}", c.failures);
    assert_eq!(c.games.len(), 4);
    assert_eq!(c.games[0].info.source, "big.zip/games/one.pgn");
    assert_eq!(
        c.games[3].info.source,
        "big.zip/games/three.pgn #3 (line 17)"
    );
    assert_eq!(c.games[3].keys, c.games[0].keys);
}

#[test]
fn archives_of_more_than_65535_entries_read() {
    let n = 70_000;
    let mut w = Writer::new();
    for i in 0..n {
        w.add_stored(&format!("{i}.txt"), b"");
    }
    w.add_stored("last.pgn", PGN.as_bytes());
    let bytes = w.finish();
    assert_eq!(find(&bytes[bytes.len() - 200..], b"PK\x06\x06").len(), 1);
    let archive = Archive::parse(&bytes).unwrap();
    assert_eq!(archive.entries().len(), n + 1);
    assert_eq!(archive.entries()[n].name, "last.pgn");
    let mut c = Collection::new();
    c.add_zip("many.zip", &bytes, &zip::inflate);
    assert_eq!(c.games.len(), 1);
    // Empty `.txt` entries are records with no game: listed as failures, not fatal.
    assert_eq!(c.failures.len(), n);
}

#[test]
fn corrupt_entries_are_named_and_skipped() {
    let b = PGN.as_bytes();
    let mut w = Writer::new();
    w.add_stored("a.pgn", b);
    // One byte of the data changed, its CRC left.
    let mut bad = deflate(b);
    let mid = bad.len() / 2;
    bad[mid] ^= 0x10;
    w.add(
        "flipped.pgn",
        Method::Deflated,
        &bad,
        crc32(b),
        b.len() as u64,
    );
    // The deflate data cut short.
    let d = deflate(b);
    w.add(
        "cut.pgn",
        Method::Deflated,
        &d[..d.len() / 2],
        crc32(b),
        b.len() as u64,
    );
    // Stored bytes shorter than the directory says.
    w.add(
        "short.pgn",
        Method::Stored,
        &b[..10],
        crc32(b),
        b.len() as u64,
    );
    w.add_stored("z.pgn", b);
    let bytes = w.finish();
    let mut c = Collection::new();
    c.add_zip("corrupt.zip", &bytes, &zip::inflate);
    assert_eq!(c.games.len(), 2);
    let sources: Vec<&str> = c.failures.iter().map(|f| f.source.as_str()).collect();
    assert_eq!(
        sources,
        [
            "corrupt.zip/flipped.pgn",
            "corrupt.zip/cut.pgn",
            "corrupt.zip/short.pgn"
        ]
    );
    assert!(
        c.failures[2].error.contains("the directory says"),
        "{:?}",
        c.failures
    );
}

#[test]
fn encrypted_entries_are_named_and_skipped() {
    let mut w = Writer::new();
    w.add_stored("open.pgn", PGN.as_bytes());
    w.add_stored("secret.pgn", PGN.as_bytes());
    let mut bytes = w.finish();
    // Mark the second entry encrypted (general purpose flag bit 0), in its local header and
    // in the directory.
    let local = find(&bytes, b"PK\x03\x04")[1];
    bytes[local + 6] |= 1;
    let central = find(&bytes, b"PK\x01\x02")[1];
    bytes[central + 8] |= 1;
    let mut c = Collection::new();
    c.add_zip("locked.zip", &bytes, &zip::inflate);
    assert_eq!(c.games.len(), 1);
    assert_eq!(c.games[0].info.source, "locked.zip/open.pgn");
    assert_eq!(c.failures.len(), 1);
    assert_eq!(c.failures[0].source, "locked.zip/secret.pgn");
    assert!(
        c.failures[0].error.contains("encrypted"),
        "{:?}",
        c.failures
    );
}

#[test]
fn a_huge_file_is_refused_from_its_size() {
    assert!(check_file_size(MAX_FILE).is_ok());
    let e = check_file_size(MAX_FILE + 1).unwrap_err();
    assert!(e.contains("larger than 1073741824 bytes"), "{e}");
    // A sparse file of 5 GiB: no disk and no memory for it, refused without reading it.
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("archives-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["huge.pgn", "huge.zip"] {
        let path = dir.join(name);
        let f = std::fs::File::create(&path).unwrap();
        f.set_len(5 << 30).unwrap();
        drop(f);
        let started = Instant::now();
        let c = read_path(&path);
        assert!(started.elapsed().as_secs_f64() < 0.5, "{name} was read");
        assert!(c.games.is_empty());
        assert_eq!(c.failures.len(), 1);
        assert!(
            c.failures[0].error.contains("the file is 5368709120 bytes"),
            "{:?}",
            c.failures
        );
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn an_entry_whose_local_header_is_damaged_is_named_and_skipped() {
    let mut w = Writer::new();
    w.add_stored("a.pgn", PGN.as_bytes());
    w.add_stored("b.pgn", PGN.as_bytes());
    w.add_stored("c.pgn", PGN.as_bytes());
    let mut bytes = w.finish();
    let local = find(&bytes, b"PK\x03\x04")[1];
    bytes[local + 2] = b'X';
    let mut c = Collection::new();
    c.add_zip("hurt.zip", &bytes, &zip::inflate);
    assert_eq!(c.games.len(), 2);
    assert_eq!(c.failures.len(), 1);
    assert_eq!(c.failures[0].source, "hurt.zip/b.pgn");
    assert!(
        c.failures[0]
            .error
            .starts_with("b.pgn: its local header cannot be read"),
        "{:?}",
        c.failures
    );
}
