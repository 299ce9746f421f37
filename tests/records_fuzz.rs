//! No input makes an importer, the detector or the permalink decoder panic: random bytes,
//! and the hand-made records mutated by deleting, duplicating and replacing characters.

use beeline::record::{detect::detect, import, permalink, Format};
use proptest::prelude::*;

const FILES: [&str; 10] = [
    "game.uhp",
    "mzinga.pgn",
    "hivegame.pgn",
    "boardspace_modern.sgf",
    "boardspace_old_twice.sgf",
    "standard_turns.txt",
    "direction_tables.md",
    "direction_ascii.txt",
    "algebraic_short.txt",
    "algebraic_compressed.txt",
];

fn data(i: usize) -> String {
    std::fs::read_to_string(format!(
        "{}/tests/data/records/{}",
        env!("CARGO_MANIFEST_DIR"),
        FILES[i % FILES.len()]
    ))
    .unwrap()
}

fn every_reader(text: &str) {
    let _ = detect(text);
    if let Ok(rec) = import(text, None) {
        // Whatever was read replays.
        assert_eq!(rec.position().ply(), rec.moves.len());
        let _ = beeline::record::export::to_pgn(&rec);
    }
    for f in Format::ALL {
        let _ = import(text, Some(f));
    }
    let _ = permalink::decode(text);
}

#[derive(Debug, Clone)]
enum Edit {
    Delete(usize, usize),
    Duplicate(usize, usize),
    Replace(usize, char),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), 1usize..20).prop_map(|(a, n)| Edit::Delete(a, n)),
        (any::<usize>(), 1usize..40).prop_map(|(a, n)| Edit::Duplicate(a, n)),
        (
            any::<usize>(),
            prop_oneof![
                Just(';'),
                Just('['),
                Just(']'),
                Just('('),
                Just(')'),
                Just('\\'),
                Just('-'),
                Just('/'),
                Just('.'),
                Just('|'),
                Just('\n'),
                Just(' '),
                Just('{'),
                Just('×'),
                any::<char>()
            ]
        )
            .prop_map(|(a, c)| Edit::Replace(a, c)),
    ]
}

fn apply(text: &str, edits: &[Edit]) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for e in edits {
        let n = chars.len().max(1);
        match *e {
            Edit::Delete(a, k) => {
                let a = a % n;
                let b = (a + k).min(chars.len());
                if a < b {
                    chars.drain(a..b);
                }
            }
            Edit::Duplicate(a, k) => {
                let a = a % n;
                let b = (a + k).min(chars.len());
                if a < b {
                    let piece: Vec<char> = chars[a..b].to_vec();
                    chars.splice(b..b, piece);
                }
            }
            Edit::Replace(a, c) => {
                if !chars.is_empty() {
                    let i = a % chars.len();
                    chars[i] = c;
                }
            }
        }
    }
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        every_reader(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_records(file in 0usize..10, edits in proptest::collection::vec(edit(), 1..6)) {
        every_reader(&apply(&data(file), &edits));
    }

    #[test]
    fn mutated_links(edits in proptest::collection::vec(edit(), 1..4)) {
        let rec = import(&data(0), None).unwrap();
        let link = permalink::encode_ply(&rec, 10);
        let text = apply(&link, &edits);
        if let Ok((back, _)) = permalink::decode(&text) {
            prop_assert_eq!(back.moves, rec.moves);
        }
    }
}
