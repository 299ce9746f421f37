//! Collections: multi-game texts split into games, the zip container reader (archives
//! written here and one written by another tool), loading games with their summaries and
//! failures, and damaged archives that must fail cleanly.

mod common;

use beeline::collection::split::split_records;
use beeline::collection::zip::{crc32, Archive, Method, Writer, ZipError};
use beeline::collection::{read_game, Collection, Outcome};
use beeline::engine::position::GameState;
use common::{data, data_path};
use proptest::prelude::*;

fn inflate(data: &[u8], size: usize) -> Result<Vec<u8>, String> {
    miniz_oxide::inflate::decompress_to_vec_with_limit(data, size + 1)
        .map_err(|e| format!("bad deflate data ({:?})", e.status))
}

fn deflate(data: &[u8]) -> Vec<u8> {
    miniz_oxide::deflate::compress_to_vec(data, 6)
}

fn add_deflated(w: &mut Writer, name: &str, text: &str) {
    let b = text.as_bytes();
    w.add(
        name,
        Method::Deflated,
        &deflate(b),
        crc32(b),
        b.len() as u64,
    );
}

const PGN_ONE: &str = "[GameType \"Base\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"WhiteWins\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n\nWhiteWins\n";

/// Three games, the second with brackets in comments (one spanning lines, with a line that
/// looks like a tag), the third with an unreadable move after two good ones; then a game
/// whose header cannot be read at all, then a good one.
const PGN_MANY: &str = "[GameType \"Base\"]
[Event \"Open\"]
[White \"Ann\"]
[Black \"Bo\"]
[Result \"WhiteWins\"]

1. wS1
2. bS1 wS1-

[GameType \"Base+M\"]
[White \"Cy\"]
[Black \"Di\"]
[Result \"BlackWins\"]

{before [the] first move}
1. wM {a [bracketed] note}
2. bS1 wM- {a comment
[White \"not a tag\"]
that spans lines}
3. wQ -wM ; a line comment with a [bracket
4. bQ bS1-

[GameType \"Base\"]
[White \"Ed\"]
[Black \"Flo\"]

1. wA1
2. bA1 wA1-
3. wQ bZ9

[GameType \"Chess\"]
[White \"Gil\"]

1. e4

[GameType \"Base\"]
[White \"Hal\"]
[Black \"Ivy\"]
[Result \"Draw\"]

1. wG1
";

#[test]
fn pgn_games_split_where_a_header_follows_movetext() {
    let chunks = split_records(PGN_MANY);
    assert_eq!(chunks.len(), 5, "{chunks:#?}");
    let lines: Vec<usize> = chunks.iter().map(|c| c.line).collect();
    assert_eq!(lines, [1, 10, 23, 31, 36]);
    assert!(chunks[1].text.contains("that spans lines}"));
    assert!(chunks[1].text.contains("4. bQ bS1-"));
    for c in &chunks {
        assert!(c.text.starts_with("[GameType"), "{:?}", c.text);
        assert_eq!(&PGN_MANY[c.offset..c.offset + c.text.len()], c.text);
    }
    // One game is one chunk; nothing is none.
    assert_eq!(split_records(PGN_ONE).len(), 1);
    assert_eq!(split_records("  \n\n").len(), 0);
}

#[test]
fn many_games_load_with_failures_listed() {
    let mut c = Collection::new();
    let loaded = c.add_text("many.pgn", PGN_MANY);
    assert_eq!(loaded, 4);
    assert_eq!(c.failures.len(), 1);
    assert_eq!(c.failures[0].source, "many.pgn #4 (line 31)");
    assert!(
        c.failures[0].error.contains("Chess"),
        "{}",
        c.failures[0].error
    );
    let g = &c.games;
    assert_eq!(g[0].info.source, "many.pgn #1 (line 1)");
    assert_eq!(
        (
            g[0].info.white.as_deref(),
            g[0].info.black.as_deref(),
            g[0].info.event.as_deref()
        ),
        (Some("Ann"), Some("Bo"), Some("Open"))
    );
    assert_eq!(g[0].info.result, GameState::WhiteWins);
    assert_eq!(g[0].outcome, Outcome::WhiteWins);
    assert_eq!(g[1].info.game_type.to_string(), "Base+M");
    assert_eq!(g[1].info.plies, 4);
    assert_eq!(g[1].keys.len(), 5);
    assert_eq!(g[1].outcome, Outcome::BlackWins);
    // Read up to its bad move, the error kept; no result stated and none on the board.
    assert_eq!(g[2].info.plies, 2);
    assert!(g[2].info.error.as_deref().unwrap_or("").contains("bZ9"));
    assert_eq!(g[2].outcome, Outcome::Unfinished);
    assert_eq!(g[3].outcome, Outcome::Draw);
    assert_eq!(g[3].info.plies, 1);
}

#[test]
fn game_summaries() {
    let g = read_game("one.pgn", PGN_ONE).unwrap();
    assert_eq!(g.info.plies, 3);
    assert_eq!(g.opening(), "S S Q+Sm");
    assert_eq!(g.info.format.to_string(), "pgn");
    let long = read_game("game.uhp", &data("game.uhp")).unwrap();
    assert_eq!(long.info.plies, 31);
    assert_eq!(long.opening().split(' ').count(), 8);
    assert_eq!(long.info.result, GameState::WhiteWins);
    // JSON for a game list.
    let v = serde_json::to_value(&g.info).unwrap();
    assert_eq!(v["game_type"], "Base");
    assert_eq!(v["result"], "WhiteWins");
    assert_eq!(v["white"], "Ann");
}

#[test]
fn sgf_trees_and_game_strings_split() {
    let sgf = data("boardspace_modern.sgf");
    let uhp = data("game.uhp");
    let text = format!("{sgf}\n{}\n{uhp}\n{PGN_ONE}", sgf.replace("alice", "zoe"));
    let chunks = split_records(&text);
    assert_eq!(chunks.len(), 4, "{chunks:#?}");
    let mut c = Collection::new();
    c.add_text("mixed.txt", &text);
    assert_eq!(c.games.len(), 4, "{:?}", c.failures);
    assert_eq!(c.games[1].info.white.as_deref(), Some("zoe"));
    assert_eq!(c.games[2].info.plies, 31);
    // BoardSpace writes some records twice in one file: the same game is read once.
    let twice = data("boardspace_old_twice.sgf");
    assert_eq!(split_records(&twice).len(), 1);
}

#[test]
fn zips_written_here_read_back() {
    let mut w = Writer::new();
    w.add_stored("top/", b"");
    w.add_stored("top/one.pgn", PGN_ONE.as_bytes());
    add_deflated(&mut w, "top/deeper/many.PGN", PGN_MANY);
    add_deflated(&mut w, "top/deeper/notes.md", "not a game\n");
    w.add_stored("game.uhp", data("game.uhp").as_bytes());
    let bytes = w.finish();
    let archive = Archive::parse(&bytes).unwrap();
    let names: Vec<&str> = archive.entries().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "top/",
            "top/one.pgn",
            "top/deeper/many.PGN",
            "top/deeper/notes.md",
            "game.uhp"
        ]
    );
    assert!(archive.entries()[0].is_dir());
    assert_eq!(archive.entries()[2].method, Method::Deflated);
    assert_eq!(archive.entries()[2].file_name(), "many.PGN");
    let many = archive
        .read(&archive.entries()[2], &inflate, 1 << 20)
        .unwrap();
    assert_eq!(many, PGN_MANY.as_bytes());
    // Stored entries need no inflater.
    let no_inflater = |_: &[u8], _: usize| -> Result<Vec<u8>, String> { Err("none".into()) };
    assert_eq!(
        archive
            .read(&archive.entries()[1], &no_inflater, 1 << 20)
            .unwrap(),
        PGN_ONE.as_bytes()
    );

    let mut c = Collection::new();
    c.add_zip("games.zip", &bytes, &inflate);
    assert_eq!(c.games.len(), 1 + 4 + 1);
    assert_eq!(c.failures.len(), 1);
    assert_eq!(c.skipped, ["games.zip/top/deeper/notes.md"]);
    assert_eq!(c.games[0].info.source, "games.zip/top/one.pgn");
    assert_eq!(
        c.games[1].info.source,
        "games.zip/top/deeper/many.PGN #1 (line 1)"
    );
    // An archive inside an archive is read too.
    let mut outer = Writer::new();
    outer.add_stored("inner.zip", &bytes);
    let mut c2 = Collection::new();
    c2.add_zip("outer.zip", &outer.finish(), &inflate);
    assert_eq!(c2.games.len(), 6);
    assert_eq!(c2.games[0].info.source, "outer.zip/inner.zip/top/one.pgn");
}

/// The browser's way: the container read here, deflated entries inflated elsewhere, each
/// entry's bytes handed back.
#[test]
fn entries_inflated_by_the_caller() {
    let bytes = std::fs::read(format!(
        "{}/tests/data/collection/sample.zip",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let archive = Archive::parse(&bytes).unwrap();
    let mut c = Collection::new();
    for e in archive.entries() {
        let data = archive.data(e).unwrap();
        let plain = match e.method {
            Method::Stored => data.to_vec(),
            _ => inflate(data, e.size as usize).unwrap(),
        };
        c.add_inflated("sample.zip", e, &plain);
    }
    assert_eq!(c.games.len(), 2);
    assert_eq!(c.skipped, ["sample.zip/README.md"]);
    // Bytes that are not the entry's are refused.
    let e = &archive.entries()[2];
    c.add_inflated("sample.zip", e, b"[GameType \"Base\"]\n\n1. wS1\n");
    assert_eq!(c.games.len(), 2);
    assert!(c.failures[0].error.contains("bytes"), "{:?}", c.failures);
}

#[test]
fn a_zip_from_another_tool_reads() {
    // Written by Python's zipfile: folders, a deflated PGN, a stored SGF, a README.
    let bytes = std::fs::read(format!(
        "{}/tests/data/collection/sample.zip",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let archive = Archive::parse(&bytes).unwrap();
    let methods: Vec<(String, Method)> = archive
        .entries()
        .iter()
        .map(|e| (e.name.clone(), e.method))
        .collect();
    assert_eq!(methods[2], ("games/a.pgn".to_string(), Method::Deflated));
    assert_eq!(methods[3], ("games/deep/b.sgf".to_string(), Method::Stored));
    let mut c = Collection::new();
    c.add_zip("sample.zip", &bytes, &inflate);
    assert!(c.failures.is_empty(), "{:?}", c.failures);
    assert_eq!(c.skipped, ["sample.zip/README.md"]);
    let sources: Vec<&str> = c.games.iter().map(|g| g.info.source.as_str()).collect();
    assert_eq!(
        sources,
        ["sample.zip/games/a.pgn", "sample.zip/games/deep/b.sgf"]
    );
    let direct = read_game("b.sgf", &data("boardspace_modern.sgf")).unwrap();
    assert_eq!(c.games[1].moves, direct.moves);
    assert_eq!(c.games[1].keys, direct.keys);
    assert!(std::path::Path::new(&data_path("mzinga.pgn")).exists());
}

#[test]
fn corrupt_entries_are_reported_and_the_rest_loads() {
    let mut w = Writer::new();
    w.add_stored("good.pgn", PGN_ONE.as_bytes());
    // A deflated entry whose data is garbage, one whose CRC is wrong, one in an unknown
    // method.
    let b = PGN_ONE.as_bytes();
    w.add(
        "garbage.pgn",
        Method::Deflated,
        &[0xff; 40],
        crc32(b),
        b.len() as u64,
    );
    w.add("crc.pgn", Method::Stored, b, crc32(b) ^ 1, b.len() as u64);
    w.add("odd.pgn", Method::Other(12), b, crc32(b), b.len() as u64);
    let bytes = w.finish();
    let mut c = Collection::new();
    c.add_zip("bad.zip", &bytes, &inflate);
    assert_eq!(c.games.len(), 1);
    let errors: Vec<String> = c
        .failures
        .iter()
        .map(|f| format!("{}: {}", f.source, f.error))
        .collect();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert!(errors[0].starts_with("bad.zip/garbage.pgn: "), "{errors:?}");
    assert!(errors[1].contains("CRC-32"), "{errors:?}");
    assert!(errors[2].contains("method 12"), "{errors:?}");
    // Not an archive at all.
    let mut c = Collection::new();
    c.add_zip("text.zip", PGN_ONE.as_bytes(), &inflate);
    assert_eq!(c.failures.len(), 1);
    assert!(c.failures[0].error.contains("not a zip"));
    assert!(matches!(Archive::parse(b"PK"), Err(ZipError::NotZip)));
}

/// Every prefix, and every single-byte change, of a small archive: errors, never panics.
#[test]
fn damaged_archives_never_panic() {
    let mut w = Writer::new();
    w.add_stored("a/one.pgn", PGN_ONE.as_bytes());
    add_deflated(&mut w, "a/many.pgn", PGN_MANY);
    let bytes = w.finish();
    for n in 0..bytes.len() {
        let mut c = Collection::new();
        c.add_zip("cut.zip", &bytes[..n], &inflate);
    }
    for i in 0..bytes.len() {
        for x in [0x00u8, 0xff, 0x80, 0x01] {
            let mut b = bytes.clone();
            b[i] ^= x;
            let mut c = Collection::new();
            c.add_zip("flip.zip", &b, &inflate);
            assert!(c.games.len() <= 5);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn random_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let mut with_end = bytes.clone();
        // Give some of them an end record to find, pointing anywhere.
        with_end.extend_from_slice(b"PK\x05\x06\0\0\0\0\x02\0\x02\0\x40\0\0\0\x00\0\0\0\0\0");
        for b in [&bytes, &with_end] {
            if let Ok(a) = Archive::parse(b) {
                for e in a.entries() {
                    let _ = a.read(e, &inflate, 1 << 20);
                }
            }
            let _ = split_records(&String::from_utf8_lossy(b));
        }
    }

    #[test]
    fn random_records_split_into_their_own_slices(
        parts in proptest::collection::vec(0usize..10, 0..40)
    ) {
        let pieces = [
            "[White \"a\"]\n", "1. wS1\n", "{c [x]\n", "}\n", " (;GM[27]P0[id \"é\"]\n",
            ")\n", "Base;InProgress;White[1]\n", "\n", "; P0[1 done\\]]\n", "2. bS1 wS1- ; c {\n",
        ];
        let text: String = parts.iter().map(|&i| pieces[i]).collect();
        let chunks = split_records(&text);
        let mut last = 0;
        for c in &chunks {
            prop_assert_eq!(&text[c.offset..c.offset + c.text.len()], c.text);
            prop_assert!(c.offset >= last, "chunks in order, not overlapping");
            last = c.offset + c.text.len();
        }
        let mut coll = Collection::new();
        coll.add_text("random.txt", &text);
    }

    #[test]
    fn random_text_splits_into_its_own_slices(text in "[\\[\\]{}();a-z\" \n×é✳︎\\\\]{0,200}") {
        for c in split_records(&text) {
            prop_assert_eq!(&text[c.offset..c.offset + c.text.len()], c.text);
            prop_assert!(!c.text.trim().is_empty());
        }
    }
}
