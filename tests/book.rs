//! Books: the shards of an index give its answers at every position of every game, each
//! query reading one shard of at most 64 KB; the command line's book folder answers as
//! `explore` does; damaged shards and foreign manifests are refused with a reason.

use beeline::collection::book::{self, BookError, Manifest, Shard, VERSION};
use beeline::collection::explorer::{play_line, Filter, Report, Tally};
use beeline::collection::index::{Index, DEPTH};
use beeline::collection::{generate, Collection};
use std::collections::HashMap;

fn generated(n: usize, seed: u64) -> Collection {
    let mut c = Collection::new();
    for i in 0..n {
        c.add_text(&format!("g{i}.pgn"), &generate::game_pgn(seed, i));
    }
    c
}

fn in_memory(ix: &Index) -> (Manifest, HashMap<String, Vec<u8>>) {
    let mut files = HashMap::new();
    let m = book::write(ix, &mut |name, bytes| {
        assert!(files.insert(name.to_string(), bytes.to_vec()).is_none());
        Ok(())
    })
    .unwrap();
    (m, files)
}

/// Notation and tallies of each move (a book knows no games).
fn moves(r: &Report) -> Vec<(String, String, Tally, u64)> {
    r.moves
        .iter()
        .map(|m| (m.direction.clone(), m.standard.clone(), m.tally, m.key))
        .collect()
}

#[test]
fn a_book_answers_as_its_index() {
    let c = generated(400, 11);
    let ix = Index::build(&c.games, &Filter::default(), DEPTH);
    let (m, files) = in_memory(&ix);
    assert_eq!(
        Manifest::parse(&String::from_utf8_lossy(&files["book.txt"])),
        Ok(m.clone())
    );
    assert_eq!(
        (m.games, m.depth, m.positions),
        (400, DEPTH, ix.positions())
    );
    // Every shard of the prefix length is there, each small.
    assert_eq!(files.len(), (1 << (4 * m.digits)) + 1);
    let largest = files.values().map(Vec::len).max().unwrap();
    assert!(largest <= 64 << 10, "{largest}");
    let mut positions = 0;
    for g in &c.games {
        let mut pos = g.start();
        for ply in 0..=g.moves.len().min(DEPTH) {
            let shard = Shard::parse(&files[&book::shard_of(&pos, m.digits)]).unwrap();
            let got = shard.report(&m, &pos);
            let want = ix.explore(&pos, None);
            assert_eq!((got.games, got.position), (want.games, want.position));
            assert_eq!(moves(&got), moves(&want), "{} ply {ply}", g.info.source);
            positions += 1;
            if let Some(&mv) = g.moves.get(ply) {
                pos.play_unchecked(mv);
            }
        }
    }
    assert!(positions > 400 * DEPTH / 2);
    // A book beside a collection: the two reports as one.
    let pos = play_line("wS1").unwrap();
    let r = ix.explore(&pos, None);
    let both = r.merge(&r);
    assert_eq!(both.games, 800);
    assert_eq!(both.position.games, 2 * r.position.games);
    assert_eq!(both.moves.len(), r.moves.len());
    assert_eq!(both.moves[0].tally.games, 2 * r.moves[0].tally.games);
}

#[test]
fn damaged_shards_and_foreign_manifests_are_refused() {
    let c = generated(30, 2);
    let ix = Index::build(&c.games, &Filter::default(), 8);
    let (m, files) = in_memory(&ix);
    let pos = play_line("").unwrap();
    let bytes = &files[&book::shard_of(&pos, m.digits)];
    assert!(!Shard::parse(bytes).unwrap().is_empty());
    for n in 0..bytes.len() {
        assert!(Shard::parse(&bytes[..n]).is_err(), "{n}");
    }
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x24;
        assert!(Shard::parse(&b).is_err(), "byte {i}");
    }
    let mut v2 = bytes.clone();
    v2[4] = 2;
    assert_eq!(Shard::parse(&v2), Err(BookError::Version(2)));
    assert!(matches!(
        Shard::parse(b"<html>"),
        Err(BookError::Foreign(_))
    ));
    assert!(matches!(
        Manifest::parse("<!doctype html>"),
        Err(BookError::Foreign(_))
    ));
    assert_eq!(
        Manifest::parse("beeline-book 9\nshard-digits 2\n"),
        Err(BookError::Version(9))
    );
    assert!(Manifest::parse(&format!("beeline-book {VERSION}\ngames x\n")).is_err());
    assert!(Manifest::parse(&format!("beeline-book {VERSION}\ngames 3\n")).is_err());
}

#[test]
fn the_book_command_writes_a_folder_explore_reads() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("book-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let pgn = dir.join("games.pgn");
    let text: String = (0..300).map(|i| generate::game_pgn(9, i)).collect();
    std::fs::write(&pgn, text).unwrap();
    let out = dir.join("book");
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_beeline"))
            .args(args)
            .output()
            .unwrap()
    };
    let (pgn, out_s) = (pgn.display().to_string(), out.display().to_string());
    let o = run(&["book", &pgn, "--out", &out_s]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.join("book.txt").is_file());
    for line in ["", "wA1", "wA1;bP wA1\\", "S G"] {
        let a = run(&["explore", &pgn, "--line", line, "--json"]);
        let b = run(&["explore", "--book", &out_s, "--line", line, "--json"]);
        assert!(b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
        assert_eq!(
            String::from_utf8_lossy(&a.stdout),
            String::from_utf8_lossy(&b.stdout)
        );
    }
    // Filters are the book's: others are refused.
    let o = run(&["explore", "--book", &out_s, "--player", "ann"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("this index holds every game"));
    // A shard gone: the reason, naming it.
    let m = Manifest::parse(&std::fs::read_to_string(out.join("book.txt")).unwrap()).unwrap();
    let shard = out.join(book::shard_of(&play_line("").unwrap(), m.digits));
    std::fs::remove_file(&shard).unwrap();
    let o = run(&["explore", "--book", &out_s]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains(&shard.display().to_string()));
}
