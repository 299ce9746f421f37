//! The compact index and its saved file give the explorer's answers: on generated games and
//! on the shared fixtures, at every position of every game (with the games cut to the
//! index's depth for the explorer, which keys every ply), under filters; and a saved index
//! that is cut, changed or foreign is refused with a reason, never a panic.

mod common;
use common::beeline;

use beeline::collection::explorer::{Explorer, Filter, Report, Tally};
use beeline::collection::index::{Index, IndexError, SavedLayout, DEPTH, MAGIC};
use beeline::collection::{files, generate, Collection, Game};
use beeline::engine::position::Position;

fn generated(n: usize, seed: u64) -> Collection {
    let mut c = Collection::new();
    for i in 0..n {
        c.add_text(&format!("g{i}.pgn"), &generate::game_pgn(seed, i));
    }
    assert_eq!(c.games.len(), n);
    c
}

/// The games cut to `depth` plies.
fn cut(c: &Collection, depth: usize) -> Collection {
    let mut out = c.clone();
    for g in &mut out.games {
        g.moves.truncate(depth);
        g.keys.truncate(depth + 1);
    }
    out
}

/// Each position of a game up to `depth`, as the game reached it.
fn positions(g: &Game, depth: usize) -> Vec<Position> {
    let mut pos = g.start();
    let mut out = vec![pos.clone()];
    for &mv in g.moves.iter().take(depth) {
        pos.play_unchecked(mv);
        out.push(pos.clone());
    }
    out
}

/// Each move's notation, tally, key and game.
fn summary(r: &Report) -> Vec<(String, String, Tally, u64, usize)> {
    r.moves
        .iter()
        .map(|m| {
            (
                m.direction.clone(),
                m.standard.clone(),
                m.tally,
                m.key,
                m.game,
            )
        })
        .collect()
}

/// The index's report is the explorer's (over the games cut to the depth) at every
/// position of every game; without the games, the same but for the notation of moves the
/// position cannot make. Returns how many positions were compared.
fn compare(c: &Collection, filter: &Filter, depth: usize) -> usize {
    let short = cut(c, depth);
    let oracle = Explorer::build(&short, filter);
    let ix = Index::build(&c.games, filter, depth);
    assert_eq!(ix.games(), oracle.games());
    assert_eq!(ix.positions(), oracle.positions());
    let bytes = ix.save();
    let saved = Index::load(&bytes).unwrap();
    assert_eq!(saved, ix);
    // The same file answering before it is read whole.
    let file = &bytes[..];
    let layout = SavedLayout::read(&file, bytes.len() as u64).unwrap();
    let head = layout.head();
    assert_eq!(head.games(), ix.games());
    assert_eq!((head.depth(), head.filter()), (ix.depth(), ix.filter()));
    assert_eq!(head.positions(), 0);
    let mut compared = 0;
    for g in &c.games {
        for pos in positions(g, depth) {
            let want = oracle.explore(&short, &pos);
            let got = ix.explore(&pos, Some(c));
            assert_eq!(got.games, want.games);
            assert_eq!(got.position, want.position);
            assert_eq!(summary(&got), summary(&want), "{}", g.info.source);
            let alone = saved.explore(&pos, None);
            let from_file = layout.explore(&file, &pos).unwrap();
            assert_eq!(from_file.position, alone.position);
            assert_eq!(summary(&from_file), summary(&alone));
            assert_eq!(alone.position, want.position);
            assert_eq!(alone.moves.len(), want.moves.len());
            for m in &alone.moves {
                let w = want.moves.iter().find(|w| w.key == m.key).unwrap();
                assert_eq!((m.tally, m.mv), (w.tally, w.mv));
                if m.mv.is_some() {
                    assert_eq!((&m.direction, &m.standard), (&w.direction, &w.standard));
                }
            }
            compared += 1;
        }
    }
    compared
}

#[test]
fn the_index_answers_as_the_explorer_on_generated_games() {
    let c = generated(150, 7);
    assert!(compare(&c, &Filter::default(), DEPTH) > 150 * DEPTH / 2);
    // Deep enough for every ply: the explorer's answers, uncut.
    let ix = Index::build(&c.games, &Filter::default(), 1000);
    let ex = Explorer::build(&c, &Filter::default());
    assert_eq!(ix.positions(), ex.positions());
    for g in c.games.iter().step_by(10) {
        for pos in positions(g, 1000) {
            assert_eq!(
                summary(&ix.explore(&pos, Some(&c))),
                summary(&ex.explore(&c, &pos))
            );
        }
    }
    // Under filters, and at other depths.
    let f = Filter {
        player: Some("ann".into()),
        min_plies: 50,
        ..Filter::default()
    };
    assert!(compare(&c, &f, 8) > 0);
    assert!(compare(&c, &Filter::default(), 0) > 0);
}

#[test]
fn the_index_counts_a_game_once_per_position_and_move() {
    // Two games, one of them twice over: the tallies of the first positions.
    let mut c = Collection::new();
    let a = "[GameType \"Base\"]\n[Result \"WhiteWins\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n";
    let b = "[GameType \"Base\"]\n[Result \"BlackWins\"]\n\n1. wS1\n2. bG1 -wS1\n";
    c.add_text("a.pgn", a);
    c.add_text("a2.pgn", a);
    c.add_text("b.pgn", b);
    let ix = Index::build(&c.games, &Filter::default(), DEPTH);
    let r = ix.explore(
        &beeline::collection::explorer::play_line("wS1").unwrap(),
        None,
    );
    assert_eq!(r.games, 3);
    assert_eq!(
        (
            r.position.games,
            r.position.to_move_wins,
            r.position.to_move_losses
        ),
        (3, 1, 2)
    );
    let moves: Vec<(&str, u32)> = r
        .moves
        .iter()
        .map(|m| (m.direction.as_str(), m.tally.games))
        .collect();
    assert_eq!(moves, [("S", 2), ("G", 1)]);
    assert_eq!(r.moves[1].game, 2);
}

#[test]
fn a_saved_index_that_is_cut_changed_or_foreign_is_refused() {
    let c = generated(6, 3);
    let ix = Index::build(&c.games, &Filter::default(), 6);
    let bytes = ix.save();
    assert!(bytes.starts_with(MAGIC));
    assert_eq!(Index::load(&bytes).as_ref(), Ok(&ix));
    // Every prefix.
    for n in 0..bytes.len() {
        let e = Index::load(&bytes[..n]).unwrap_err();
        if n >= 8 {
            assert!(
                matches!(e, IndexError::Truncated(_) | IndexError::Damaged(_)),
                "{n}: {e}"
            );
        }
    }
    // Every byte changed: refused when read whole; answered from the file or refused there,
    // never a panic.
    let keys: Vec<u64> = c.games[0].keys.iter().map(|k| k.short()).collect();
    let mut refused_at_once = 0;
    for i in 0..bytes.len() {
        let mut b = bytes.clone();
        b[i] ^= 0x41;
        assert!(Index::load(&b).is_err(), "byte {i}");
        match SavedLayout::read(&&b[..], b.len() as u64) {
            Ok(layout) => {
                for &k in &keys {
                    let _ = layout.tally(&&b[..], k);
                    let _ = layout.continuations(&&b[..], k);
                }
            }
            Err(_) => refused_at_once += 1,
        }
    }
    // The header's bytes are refused from the header.
    assert!(refused_at_once >= 8 + 4, "{refused_at_once}");
    // Foreign files and other versions, with their reasons.
    assert_eq!(
        Index::load(b"[GameType \"Base\"]"),
        Err(IndexError::Foreign)
    );
    let mut v2 = bytes.clone();
    v2[8] = 2;
    assert_eq!(Index::load(&v2), Err(IndexError::Version(2)));
    assert!(IndexError::Version(2).to_string().contains("version 2"));
    // A count claiming more than the file holds is refused before anything is allocated.
    let mut huge = bytes.clone();
    let at = 8 + 4 + 4 + 4 + 8 + ix.filter().len();
    huge[at..at + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(Index::load(&huge), Err(IndexError::Truncated(_))));
}

/// A saved index with `f` applied to its words (read from `at`), its checksum made good
/// again: what a file crafted to crash a reader looks like.
fn crafted(bytes: &[u8], at: usize, f: impl Fn(&mut [u8])) -> Vec<u8> {
    let mut b = bytes.to_vec();
    let body = b.len() - 4;
    f(&mut b[at..body]);
    let crc = crc32fast::hash(&b[..body]);
    b[body..].copy_from_slice(&crc.to_le_bytes());
    b
}

fn word(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[4 * i], b[4 * i + 1], b[4 * i + 2], b[4 * i + 3]])
}

fn set_word(b: &mut [u8], i: usize, v: u32) {
    b[4 * i..4 * i + 4].copy_from_slice(&v.to_le_bytes());
}

#[test]
fn a_crafted_index_with_a_good_checksum_is_refused_or_answers_without_failing() {
    let c = generated(8, 5);
    let ix = Index::build(&c.games, &Filter::default(), 8);
    let bytes = ix.save();
    let (n, e) = (ix.positions(), ix.moves());
    // The arrays start after the header, the filter and the four counts.
    let counts = 8 + 4 + 4 + 4 + 8 + ix.filter().len();
    let b_count = u64::from_le_bytes(bytes[counts + 16..counts + 24].try_into().unwrap()) as usize;
    let keys = counts + 32;
    let edges = keys + 16 * n;
    let slots = edges + 16 * e + 16 * b_count;
    assert_eq!(crafted(&bytes, 0, |_| {}), bytes);
    let slot_words = (bytes.len() - 4 - slots) / 4;
    let filled: Vec<usize> = (0..slot_words)
        .filter(|&i| word(&bytes[slots..], i) != 0)
        .collect();
    assert_eq!(filled.len(), n);

    // A slot naming a position the index does not have.
    let beyond = crafted(&bytes, slots, |b| set_word(b, filled[0], n as u32 + 1));
    assert_eq!(Index::load(&beyond), Err(IndexError::Damaged("the table")));
    assert!(file_answers(&beyond, &c).contains(&Err(IndexError::Damaged("the table"))));
    // One slot more filled than there are positions (the table could fill up).
    let empty = (0..slot_words)
        .find(|&i| word(&bytes[slots..], i) == 0)
        .unwrap();
    let extra = crafted(&bytes, slots, |b| set_word(b, empty, 1));
    assert_eq!(Index::load(&extra), Err(IndexError::Damaged("the table")));
    // A move to a position beyond the index, and a list of moves that would loop.
    let child = crafted(&bytes, edges, |b| set_word(b, 0, n as u32));
    assert_eq!(Index::load(&child), Err(IndexError::Damaged("a move")));
    assert!(file_answers(&child, &c).contains(&Err(IndexError::Damaged("a move"))));
    let looping = crafted(&bytes, edges, |b| {
        set_word(b, 4 * (e - 1) + 3, e as u32 - 1)
    });
    assert_eq!(Index::load(&looping), Err(IndexError::Damaged("a move")));
    assert!(file_answers(&looping, &c).contains(&Err(IndexError::Damaged("a move"))));
    // A table with no empty slot: a probe from the file stops (the whole read refuses it).
    let full = crafted(&bytes, slots, |b| {
        for i in 0..slot_words {
            set_word(b, i, 1 + (i % n) as u32);
        }
    });
    assert_eq!(Index::load(&full), Err(IndexError::Damaged("the table")));
    assert!(file_answers(&full, &c).iter().all(|a| a.is_ok()));
    let layout = SavedLayout::read(&&full[..], full.len() as u64).unwrap();
    let absent = 0x0123_4567_89ab_cdef;
    assert!(!ix.continuations(absent).iter().any(|_| true) && ix.tally(absent).games == 0);
    assert_eq!(
        layout.tally(&&full[..], absent),
        Err(IndexError::Damaged("the table"))
    );

    // A position named in two slots and so in none of its own: read, and every query
    // answers (a position not found has no games), none fails or runs away.
    let twice = crafted(&bytes, slots, |b| {
        let first = word(b, filled[0]);
        set_word(b, filled[1], first);
    });
    let odd = Index::load(&twice).expect("a table that names a position twice still reads");
    let mut answered = 0;
    for g in &c.games {
        for key in g.keys.iter().take(9) {
            let _ = odd.tally(key.short());
            answered += odd.continuations(key.short()).len();
        }
    }
    assert!(answered > 0);
}

/// The moves the file of a saved index answers for each position of `c`'s games' first
/// plies, or why not (from the file, not read whole).
fn file_answers(bytes: &[u8], c: &Collection) -> Vec<Result<usize, IndexError>> {
    let layout = SavedLayout::read(&bytes, bytes.len() as u64).unwrap();
    c.games
        .iter()
        .flat_map(|g| g.keys.iter().take(9))
        .map(|key| {
            layout.tally(&bytes, key.short())?;
            Ok(layout.continuations(&bytes, key.short())?.len())
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn the_index_answers_as_the_explorer_on_the_fixtures() {
    let dir = common::shared_recordings();
    let c = files::read_paths(&[dir], 2);
    assert!(c.games.len() >= 38, "{}", c.games.len());
    let depth = c.games.iter().map(|g| g.moves.len()).max().unwrap_or(0);
    assert!(compare(&c, &Filter::default(), depth) > 1000);
    assert!(compare(&c, &Filter::default(), DEPTH) > 500);
}

#[test]
fn explore_saves_and_reopens_an_index() {
    let dir = common::scratch("cli");
    let pgn = dir.join("games.pgn");
    let text: String = (0..200).map(|i| generate::game_pgn(5, i)).collect();
    std::fs::write(&pgn, text).unwrap();
    let idx = dir.join("games.idx");
    let (pgn, idx_s) = (pgn.display().to_string(), idx.display().to_string());
    for line in ["", "wA1;bP wA1\\", "S G"] {
        let read = beeline(&["explore", &pgn, "--line", line, "--json", "--save", &idx_s]);
        assert!(
            read.status.success(),
            "{}",
            String::from_utf8_lossy(&read.stderr)
        );
        let reopened = beeline(&["explore", "--index", &idx_s, "--line", line, "--json"]);
        assert!(reopened.status.success());
        assert_eq!(reopened.stdout, read.stdout, "{line}");
    }
    // The saved index is the library's.
    let c = files::read_paths(&[std::path::PathBuf::from(&pgn)], 1);
    let ix = Index::build(&c.games, &Filter::default(), DEPTH);
    assert_eq!(std::fs::read(&idx).unwrap(), ix.save());
    // Filters are the index's: the same one is accepted, another refused.
    let f = dir.join("ann.idx").display().to_string();
    let o = beeline(&["explore", &pgn, "--player", "ann", "--save", &f]);
    assert!(o.status.success());
    assert!(beeline(&["explore", "--index", &f, "--player", "ann"])
        .status
        .success());
    let o = beeline(&["explore", "--index", &f, "--player", "bob"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("player \"ann\""));
    // A damaged, cut or foreign file: exit 2 and the reason, naming the file.
    let mut bytes = std::fs::read(&idx).unwrap();
    for (name, b) in [
        ("cut.idx", bytes[..bytes.len() / 2].to_vec()),
        ("pgn.idx", b"[GameType \"Base\"]\n".to_vec()),
        ("flip.idx", {
            let n = bytes.len() / 3;
            bytes[n] ^= 1;
            bytes.clone()
        }),
    ] {
        let p = dir.join(name);
        std::fs::write(&p, b).unwrap();
        let p = p.display().to_string();
        let o = beeline(&["explore", "--index", &p, "--verify"]);
        assert_eq!(o.status.code(), Some(2), "{name}");
        let e = String::from_utf8_lossy(&o.stderr).into_owned();
        assert!(e.starts_with(&format!("beeline: {p}: ")), "{e}");
        assert!(
            e.contains("cut short") || e.contains("damaged") || e.contains("not a Beeline"),
            "{e}"
        );
        // Answering from the file, only what the answer reads is checked: the header
        // always, so a cut or foreign file is refused the same; a changed byte elsewhere
        // is found only where an answer reads it, never a crash.
        let o = beeline(&["explore", "--index", &p]);
        match name {
            "flip.idx" => assert!(matches!(o.status.code(), Some(0 | 2)), "{o:?}"),
            _ => assert_eq!(
                String::from_utf8_lossy(&o.stderr),
                e,
                "{name}: refused as when read whole"
            ),
        }
    }
}
