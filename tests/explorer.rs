//! The opening explorer: canonical position keys (invariant under the grid's symmetries,
//! translations and colour swaps; equal for transpositions; different for different
//! positions), counts over a collection built by hand, filters, lines, and the
//! `beeline explore` command.

mod common;

use beeline::collection::explorer::{play_line, Explorer, Filter, Tally};
use beeline::collection::key::{canonical_form, canonical_form_of_stacks, PositionKey};
use beeline::collection::Collection;
use beeline::engine::hex::Hex;
use beeline::engine::piece::{Bug, Color, GameType};
use beeline::engine::position::{Move, Position};
use common::{beeline, err, out, random_game, seeded_picks, transform};
use proptest::prelude::*;

/// Replays moves, checking each.
fn replay(gt: GameType, moves: &[Move]) -> Position {
    let mut pos = Position::new(gt);
    for (i, &mv) in moves.iter().enumerate() {
        if let Err(e) = pos.play(mv) {
            panic!("move {}: {e}", i + 1);
        }
    }
    pos
}

/// The keys of every position of a game.
fn keys(gt: GameType, moves: &[Move]) -> Vec<PositionKey> {
    let mut pos = Position::new(gt);
    let mut out = vec![PositionKey::of(&pos)];
    for &mv in moves {
        pos.play_unchecked(mv);
        out.push(PositionKey::of(&pos));
    }
    out
}

/// The stacks of a position, bottom first, optionally colour-swapped.
fn stacks(pos: &Position, swap: bool) -> Vec<(Hex, Vec<(Color, Bug)>)> {
    let b = pos.board();
    b.occupied()
        .map(|h| {
            let s = b
                .stack(h)
                .into_iter()
                .map(|p| {
                    let c = p.color();
                    (if swap { c.other() } else { c }, p.bug())
                })
                .collect();
            (h, s)
        })
        .collect()
}

fn key_of_stacks(s: &[(Hex, Vec<(Color, Bug)>)], to_move: Color) -> PositionKey {
    PositionKey::of_stacks(s.iter().map(|(h, v)| (*h, v.as_slice())), to_move)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A random legal game under each of the 12 symmetries, translated, and with its
    /// colours swapped (with the player to move): the same key at every ply.
    #[test]
    fn keys_ignore_symmetries_translation_and_colours(
        picks in proptest::collection::vec(any::<u32>(), 0..70),
        k in 0u8..6,
        mirror in any::<bool>(),
        dq in -40i32..40,
        dr in -40i32..40,
    ) {
        let gt = GameType::MLP;
        let game = random_game(gt, &picks);
        let moves = game.moves();
        let turned = transform(&moves, k, mirror);
        let ka = keys(gt, &moves);
        let kb = keys(gt, &turned);
        prop_assert_eq!(&ka, &kb);
        let mut pos = Position::new(gt);
        for (i, &mv) in moves.iter().enumerate() {
            pos.play_unchecked(mv);
            let to_move = pos.to_move();
            let plain = stacks(&pos, false);
            prop_assert_eq!(key_of_stacks(&plain, to_move), ka[i + 1]);
            // Colours swapped with the player to move, moved far away and turned.
            let swapped: Vec<_> = stacks(&pos, true)
                .into_iter()
                .map(|(h, s)| {
                    let h = if mirror { h.mirror() } else { h }.rotate_cw(k);
                    (Hex::new(h.q + dq, h.r + dr), s)
                })
                .collect();
            prop_assert_eq!(key_of_stacks(&swapped, to_move.other()), ka[i + 1]);
            // The other player to move is another position, unless the board is its own
            // colour-swapped image.
            let other = key_of_stacks(&plain, to_move.other());
            let self_image = canonical_form_of_stacks(
                plain.iter().map(|(h, v)| (*h, v.as_slice())), to_move)
                == canonical_form_of_stacks(
                    swapped.iter().map(|(h, v)| (*h, v.as_slice())), to_move);
            prop_assert_eq!(other == ka[i + 1], self_image);
        }
        let turned_pos = replay(gt, &turned);
        prop_assert_eq!(canonical_form(&game), canonical_form(&turned_pos));
    }
}

#[test]
fn transpositions_meet() {
    let line = |s: &str| play_line(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    // White's Queen and Ant in either order.
    let a = line("wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 /wS1;bA1 bQ-");
    let b = line("wS1;bS1 wS1-;wA1 /wS1;bQ bS1-;wQ -wS1;bA1 bQ-");
    assert_eq!(PositionKey::of(&a), PositionKey::of(&b));
    assert_eq!(canonical_form(&a), canonical_form(&b));
    // Half-way they differ.
    let a4 = line("wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
    let b4 = line("wS1;bS1 wS1-;wA1 /wS1;bQ bS1-");
    assert_ne!(PositionKey::of(&a4), PositionKey::of(&b4));
    // The same game in direction notation, which builds it in the canonical frame.
    let d = line("S S Q+Sm Q+Sn A+Qa A+Qn");
    assert_eq!(PositionKey::of(&d), PositionKey::of(&a));
}

#[test]
fn different_positions_have_different_keys() {
    let mut seen = std::collections::HashMap::new();
    let mut add = |name: String, k: PositionKey| {
        if let Some(other) = seen.insert(k, name.clone()) {
            panic!("{name} and {other} share a key");
        }
    };
    let empty = Position::new(GameType::MLP);
    add("empty".into(), PositionKey::of(&empty));
    // Every first piece, and every second piece beside it: 7 + 7 × 7 kinds of position.
    for first in empty.legal_moves() {
        let mut p = empty.clone();
        p.play(first).unwrap();
        add(format!("{first:?}"), PositionKey::of(&p));
        let mut seconds: Vec<_> = p
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut q = p.clone();
                q.play(m).unwrap();
                PositionKey::of(&q)
            })
            .collect();
        seconds.sort();
        seconds.dedup();
        assert_eq!(
            seconds.len(),
            7,
            "one position per second bug after {first:?}"
        );
        for (i, k) in seconds.into_iter().enumerate() {
            add(format!("{first:?} then #{i}"), k);
        }
    }
    // Beetles beside a piece, on it, and stacked on each other.
    let beside = "wQ;bQ wQ-;wB1 -wQ;bB1 bQ-";
    for (i, more) in ["", ";wB1 wQ", ";wB1 wQ;bB1 bQ", ";wB1 wQ;bB1 bQ;wB1 bB1"]
        .iter()
        .enumerate()
    {
        let pos = play_line(&format!("{beside}{more}")).unwrap();
        add(format!("beetles {i}"), PositionKey::of(&pos));
    }
    // The same stacks with the other player to move.
    let s: &[(Color, Bug)] = &[(Color::White, Bug::Queen), (Color::Black, Bug::Beetle)];
    let a: &[(Color, Bug)] = &[(Color::White, Bug::Ant)];
    let both = [(Hex::new(0, 0), s), (Hex::new(1, 0), a)];
    assert_ne!(
        PositionKey::of_stacks(both, Color::White),
        PositionKey::of_stacks(both, Color::Black)
    );
    // Bottom to top matters.
    let t: &[(Color, Bug)] = &[(Color::Black, Bug::Beetle), (Color::White, Bug::Queen)];
    assert_ne!(
        PositionKey::of_stacks(both, Color::White),
        PositionKey::of_stacks([(Hex::new(0, 0), t), (Hex::new(1, 0), a)], Color::White)
    );
}

/// Five games by hand (see each). X, the position after `wG1; bG1 wG1-; wQ -wG1;
/// bQ bG1-` (White to move: `wQ wG1 | bG1 bQ` on a line), is reached by games 1, 2 (turned
/// 60°), 4 (mirrored) and 3, which reaches it with the colours swapped: Black to move
/// after White's Queen stepped into the line. Each plays the same Spider next from X.
const HAND: [&str; 5] = [
    // 1: White wins.
    "[GameType \"Base\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"WhiteWins\"]\n\n\
     1. wG1\n2. bG1 wG1-\n3. wQ -wG1\n4. bQ bG1-\n5. wS1 /wQ\n",
    // 2: game 1 turned a sixth clockwise; Black wins.
    "[GameType \"Base\"]\n[White \"Cy\"]\n[Black \"Ann\"]\n[Result \"BlackWins\"]\n\n\
     1. wG1\n2. bG1 wG1\\\n3. wQ \\wG1\n4. bQ bG1\\\n5. wS1 -wQ\n",
    // 3: the colours swapped: White's Queen steps into the line, then Black plays the
    // Spider at the image of White's; Black wins.
    "[GameType \"Base\"]\n[White \"Di\"]\n[Black \"Ed\"]\n[Result \"BlackWins\"]\n\n\
     1. wG1\n2. bG1 wG1-\n3. wQ /wG1\n4. bQ bG1-\n5. wQ -wG1\n6. bS1 bQ/\n",
    // 4: game 1 mirrored; a draw.
    "[GameType \"Base+MLP\"]\n[White \"Flo\"]\n[Black \"Gil\"]\n[Result \"Draw\"]\n\n\
     1. wG1\n2. bG1 wG1-\n3. wQ -wG1\n4. bQ bG1-\n5. wS1 \\wQ\n",
    // 5: another opening, unfinished, repeating a position (plies 4 and 8).
    "[GameType \"Base\"]\n[White \"Hal\"]\n[Black \"Ivy\"]\n\n\
     1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n4. bQ bS1-\n5. wQ \\wS1\n6. bQ bS1/\n7. wQ -wS1\n8. bQ bS1-\n",
];

fn hand_collection() -> Collection {
    let mut c = Collection::new();
    for (i, g) in HAND.iter().enumerate() {
        c.add_text(&format!("game{}.pgn", i + 1), g);
    }
    assert_eq!(c.games.len(), 5, "{:?}", c.failures);
    assert!(c.games.iter().all(|g| g.info.error.is_none()));
    c
}

fn tally(games: u32, wins: u32, draws: u32, losses: u32) -> Tally {
    Tally {
        games,
        to_move_wins: wins,
        draws,
        to_move_losses: losses,
    }
}

const X: &str = "wG1;bG1 wG1-;wQ -wG1;bQ bG1-";

#[test]
fn explorer_counts_by_hand() {
    let c = hand_collection();
    let ex = Explorer::build(&c, &Filter::default());
    assert_eq!(ex.games(), 5);
    let at = |line: &str| ex.explore(&c, &play_line(line).unwrap());

    // The empty board: every game; White to move won 1, drew 1, lost 2, one unfinished.
    let root = at("");
    assert_eq!(root.games, 5);
    assert_eq!(root.position, tally(5, 1, 1, 2));
    let moves: Vec<(&str, &str, Tally)> = root
        .moves
        .iter()
        .map(|m| (m.direction.as_str(), m.standard.as_str(), m.tally))
        .collect();
    assert_eq!(
        moves,
        [
            ("G", "wG1", tally(4, 1, 1, 2)),
            ("S", "wS1", tally(1, 0, 0, 0))
        ]
    );

    // X: games 1, 2, 4 with White to move, game 3 with Black to move (it won: a win for the
    // player to move).
    let x = at(X);
    assert_eq!(x.position, tally(4, 2, 1, 1));
    assert_eq!(x.moves.len(), 1, "{:?}", x.moves);
    assert_eq!(x.moves[0].tally, tally(4, 2, 1, 1));
    assert_eq!(x.moves[0].direction, "S+Qs");
    // Of the two mirror-image Spiders, the one whose standard text sorts first.
    assert_eq!(x.moves[0].standard, "wS1 /wQ");
    // The same position reached in direction notation, and after the Spider.
    let xd = at("G G Q+Gm Q+Gn");
    assert_eq!(xd.position, x.position);
    assert_eq!(xd.moves[0].direction, "S+Qs");
    // Now Black is to move in games 1, 2 and 4, White in game 3.
    assert_eq!(at(&format!("{X};wS1 \\wQ")).position, tally(4, 1, 1, 2));
    assert!(at(&format!("{X};wS1 \\wQ")).moves.is_empty());

    // Game 3's own route: before White's Queen steps in, only game 3.
    let g3 = at("wG1;bG1 wG1-;wQ /wG1;bQ bG1-");
    assert_eq!(g3.position, tally(1, 0, 0, 1));
    assert_eq!(g3.moves[0].standard, "wQ -wG1");
    assert_eq!(g3.moves[0].tally, tally(1, 0, 0, 1));

    // Game 5 reaches its fourth position twice: counted once, and so is its move from it.
    let y = at("wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
    assert_eq!(y.position, tally(1, 0, 0, 0));
    assert_eq!(y.moves.len(), 1);
    assert_eq!(y.moves[0].tally.games, 1);
    // Its mirror image, "wQ \\wS1", is the same move; "/" sorts first.
    assert_eq!(y.moves[0].standard, "wQ /wS1");
    assert_eq!(y.moves[0].direction, "Qa");

    // A position no game reached.
    let none = at("wA1");
    assert_eq!(none.position, Tally::default());
    assert!(none.moves.is_empty());
}

#[test]
fn filters() {
    let c = hand_collection();
    let count = |f: Filter| Explorer::build(&c, &f).games();
    assert_eq!(count(Filter::default()), 5);
    let mlp = Filter {
        game_type: Some(GameType::MLP),
        ..Filter::default()
    };
    assert_eq!(count(mlp.clone()), 1);
    assert_eq!(
        count(Filter {
            min_plies: 6,
            ..Filter::default()
        }),
        2
    );
    // Either side, any case.
    let ann = Filter {
        player: Some("aNN".into()),
        ..Filter::default()
    };
    assert_eq!(count(ann.clone()), 2);
    let ex = Explorer::build(&c, &ann);
    let x = ex.explore(&c, &play_line(X).unwrap());
    assert_eq!(x.games, 2);
    assert_eq!(x.position, tally(2, 1, 0, 1));
    let ex = Explorer::build(&c, &mlp);
    assert_eq!(
        ex.explore(&c, &play_line(X).unwrap()).position,
        tally(1, 0, 1, 0)
    );
}

#[test]
fn lines_read_any_notation() {
    let std = play_line("wS1; bS1 wS1- ;wQ -wS1").unwrap();
    let dir = play_line("1. S S 2. Q+Sm").unwrap();
    let alg = play_line("wS @m0; bS @n0; wQ @l0").unwrap();
    let mixed = play_line("wS1;S;Q+Sm").unwrap();
    for p in [&dir, &alg, &mixed] {
        assert_eq!(PositionKey::of(p), PositionKey::of(&std));
    }
    assert_eq!(play_line("").unwrap().ply(), 0);
    // Every bug is in the line's game, and old games' Queen openings are allowed.
    assert!(play_line("wQ;bL wQ-;wP -wQ").is_ok());
    let e = play_line("wS1;bS1 wS1-;wQ bS1-").unwrap_err().to_string();
    assert!(e.starts_with("move 3 of the line:"), "{e}");
    let e = play_line("S S Zz").unwrap_err().to_string();
    assert!(e.contains("move 3") && e.contains("Zz"), "{e}");
}

/// A collection and each game's transformed copy: every position reached by both.
#[test]
fn transformed_games_meet_in_the_explorer() {
    let mut c = Collection::new();
    for seed in 0..6u64 {
        let game = random_game(GameType::MLP, &seeded_picks(seed, 40));
        let moves = game.moves();
        for (k, mirror) in [(0, false), (2, true), (5, false)] {
            let t = transform(&moves, k, mirror);
            let pos = replay(GameType::MLP, &t);
            let texts = beeline::notation::write_game::<beeline::notation::uhp::MoveString>(
                &Position::with_rules(GameType::MLP, pos.rules()),
                &t,
                beeline::notation::Coordinates::Record,
                (),
            );
            let pgn: String = String::from("[GameType \"Base+MLP\"]\n[Result \"WhiteWins\"]\n\n")
                + &texts
                    .iter()
                    .enumerate()
                    .map(|(i, t)| format!("{}. {t}\n", i + 1))
                    .collect::<String>();
            c.add_text(&format!("g{seed}-{k}{mirror}.pgn"), &pgn);
        }
    }
    assert_eq!(c.games.len(), 18, "{:?}", c.failures);
    let ex = Explorer::build(&c, &Filter::default());
    for g in &c.games {
        for (ply, k) in g.keys.iter().enumerate() {
            let t = ex.tally(*k);
            assert!(t.games >= 3 && t.games % 3 == 0, "ply {ply}: {t:?}");
        }
    }
    // From the empty board the first moves add up to the games.
    let root = ex.explore(&c, &play_line("").unwrap());
    assert_eq!(root.moves.iter().map(|m| m.tally.games).sum::<u32>(), 18);
}

// The command line.

use std::path::Path;
use std::process::Output;

fn write(path: &Path, text: impl AsRef<[u8]>) -> String {
    if let Some(p) = path.parent() {
        std::fs::create_dir_all(p).unwrap();
    }
    std::fs::write(path, text).unwrap();
    path.display().to_string()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "{}", err(o));
    serde_json::from_str(&out(o)).unwrap_or_else(|e| panic!("{e}: {}", out(o)))
}

#[test]
fn explore_files_folders_and_zips() {
    let dir = common::scratch("inputs");
    let all: String = HAND.concat();
    let many = write(&dir.join("many.pgn"), &all);
    // The same games one file each, in nested folders, with a non-game file.
    for (i, g) in HAND.iter().enumerate() {
        write(&dir.join(format!("tree/{}/game{i}.pgn", i % 2)), g);
    }
    write(&dir.join("tree/readme.md"), "not a game");
    let tree = dir.join("tree").display().to_string();
    // And as a zip (deflated entries).
    let mut w = beeline::collection::zip::Writer::new();
    for (i, g) in HAND.iter().enumerate() {
        let b = g.as_bytes();
        w.add(
            &format!("games/game{i}.pgn"),
            beeline::collection::zip::Method::Deflated,
            &miniz_oxide::deflate::compress_to_vec(b, 6),
            beeline::collection::zip::crc32(b),
            b.len() as u64,
        );
    }
    let zip_bytes = w.finish();
    let zip = write(&dir.join("games.zip"), &zip_bytes);
    // And that zip inside another, with a folder.
    let mut outer = beeline::collection::zip::Writer::new();
    outer.add_stored("inner/games.zip", &zip_bytes);
    let nested = write(&dir.join("nested.zip"), outer.finish());

    let expected = serde_json::json!({
        "games": 5,
        "position": {"games": 4, "to_move_wins": 2, "draws": 1, "to_move_losses": 1},
        "moves": [{"direction": "S+Qs", "standard": "wS1 /wQ", "games": 4,
                   "to_move_wins": 2, "draws": 1, "to_move_losses": 1}]
    });
    for input in [&many, &tree, &zip, &nested] {
        let o = beeline(&["explore", input, "--line", X, "--json"]);
        assert_eq!(json(&o), expected, "{input}");
    }
    // Direction notation separated by spaces; all three inputs at once.
    let o = beeline(&[
        "explore",
        &many,
        &tree,
        &zip,
        "--line",
        "G G Q+Gm Q+Gn",
        "--json",
    ]);
    let v = json(&o);
    assert_eq!(v["games"], 15);
    assert_eq!(v["position"]["games"], 12);
    assert_eq!(v["moves"][0]["games"], 12);
    // The table.
    let o = beeline(&["explore", &many]);
    assert!(o.status.success(), "{}", err(&o));
    let text = out(&o);
    assert!(
        text.starts_with("5 games in the collection; 5 reached this position"),
        "{text}"
    );
    assert!(text.contains("direction"), "{text}");
    let rows: Vec<&str> = text.lines().skip(2).collect();
    assert_eq!(rows.len(), 2, "{text}");
    assert!(
        rows[0].starts_with("G ") && rows[0].contains("wG1"),
        "{text}"
    );
    // The folder's non-game file is skipped, and said so.
    let o = beeline(&["explore", &tree]);
    assert!(err(&o).contains("1 other files skipped"), "{}", err(&o));
}

#[test]
fn explore_json_shape_and_filters() {
    let dir = common::scratch("filters");
    let many = write(&dir.join("many.pgn"), HAND.concat());
    let o = beeline(&["explore", &many, "--json"]);
    let v = json(&o);
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["games", "moves", "position"]);
    let m = v["moves"][0].as_object().unwrap();
    let mut fields: Vec<&String> = m.keys().collect();
    fields.sort();
    assert_eq!(
        fields,
        [
            "direction",
            "draws",
            "games",
            "standard",
            "to_move_losses",
            "to_move_wins"
        ]
    );
    // Sorted by games, then direction.
    assert_eq!(v["moves"][0]["direction"], "G");
    assert_eq!(v["moves"][1]["direction"], "S");
    // Key order as documented.
    let text = out(&o);
    let order = [
        "\"direction\"",
        "\"standard\"",
        "\"games\"",
        "\"to_move_wins\"",
        "\"draws\"",
        "\"to_move_losses\"",
    ];
    let at: Vec<usize> = order.iter().map(|k| text.rfind(k).unwrap()).collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
    assert!(text.find("\"games\"") < text.find("\"position\""));

    let games = |args: &[&str]| {
        let mut a = vec!["explore", many.as_str(), "--json"];
        a.extend_from_slice(args);
        json(&beeline(&a))["games"].as_u64().unwrap()
    };
    assert_eq!(games(&["--game-type", "Base+MLP"]), 1);
    assert_eq!(games(&["--min-plies", "6"]), 2);
    assert_eq!(games(&["--player", "ann"]), 2);
    assert_eq!(games(&["--player", "ANN", "--min-plies", "6"]), 0);
    let bad = beeline(&["explore", &many, "--game-type", "Chess"]);
    assert_eq!(bad.status.code(), Some(2));
    let bad = beeline(&["explore", &many, "--line", "wS1;bQ wS1-;wQ wS1"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        err(&bad).contains("--line: move 3 of the line"),
        "{}",
        err(&bad)
    );
}

#[test]
fn unreadable_games_are_reported_not_fatal() {
    let dir = common::scratch("unreadable");
    let good = write(&dir.join("good.pgn"), HAND[0]);
    let chess = write(&dir.join("chess.pgn"), "[GameType \"Chess\"]\n\n1. e4 e5\n");
    let part = write(
        &dir.join("part.pgn"),
        "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ bS1-\n",
    );
    let missing = dir.join("missing.pgn").display().to_string();
    let o = beeline(&["explore", &good, &chess, &part, &missing, "--json"]);
    let v = json(&o);
    assert_eq!(v["games"], 2);
    let e = err(&o);
    assert!(
        e.contains("chess.pgn: line 1:") && e.contains("Chess"),
        "{e}"
    );
    assert!(e.contains("missing.pgn: cannot read it"), "{e}");
    assert!(e.contains("part.pgn: read up to move 2"), "{e}");
    assert!(
        e.contains("2 games read, 2 unreadable, 1 read in part"),
        "{e}"
    );
    // Nothing readable at all: an error.
    let o = beeline(&["explore", &chess, &missing]);
    assert_eq!(o.status.code(), Some(2));
    assert!(err(&o).contains("no game could be read"), "{}", err(&o));
    // One thread or several: the same report.
    let a = beeline(&["explore", &good, &part, "--json", "--threads", "1"]);
    let b = beeline(&["explore", &good, &part, "--json", "--threads", "3"]);
    assert_eq!(out(&a), out(&b));
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn explore_the_mzinga_recordings() {
    let dir = common::shared_recordings();
    // The readable games, counted one file at a time through the library.
    let mut readable = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let p = e.unwrap().path();
        let name = p.display().to_string();
        if beeline::collection::is_record_name(&name) {
            let text = String::from_utf8_lossy(&std::fs::read(&p).unwrap()).into_owned();
            readable += usize::from(beeline::record::import(&text, None).is_ok());
        }
    }
    assert!(readable >= 38, "{readable}");
    let o = beeline(&["explore", &dir.display().to_string(), "--json"]);
    let v = json(&o);
    assert_eq!(v["games"].as_u64(), Some(readable as u64), "{}", err(&o));
    assert_eq!(v["position"]["games"].as_u64(), Some(readable as u64));
    let firsts: u64 = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["games"].as_u64().unwrap())
        .sum();
    assert_eq!(firsts, readable as u64);
    // Each game's SGF and Mzinga's PGN of it are the same positions: every first move, and
    // every position after it, is reached by an even number of games.
    for m in v["moves"].as_array().unwrap() {
        assert_eq!(m["games"].as_u64().unwrap() % 2, 0, "{m}");
    }
    let w = &v["position"];
    let finished = w["to_move_wins"].as_u64().unwrap()
        + w["draws"].as_u64().unwrap()
        + w["to_move_losses"].as_u64().unwrap();
    assert!(finished <= readable as u64);
    // A line from one of the games, in standard notation.
    let o = beeline(&[
        "explore",
        &dir.display().to_string(),
        "--line",
        "wS1;bL /wS1",
        "--json",
    ]);
    let v = json(&o);
    assert!(v["position"]["games"].as_u64().unwrap() >= 2);
}

/// A move the explored position cannot make itself (here: a Mosquito, exploring a Base
/// board) is written as the game that played it wrote it.
#[test]
fn moves_the_position_cannot_make_are_written_by_their_game() {
    let mut c = hand_collection();
    c.add_text(
        "m.pgn",
        "[GameType \"Base+M\"]\n[Result \"BlackWins\"]\n\n1. wM\n2. bS1 wM-\n",
    );
    let ex = Explorer::build(&c, &Filter::default());
    let base = Position::new(GameType::BASE);
    let r = ex.explore(&c, &base);
    let moves: Vec<(&str, &str, u32)> = r
        .moves
        .iter()
        .map(|m| (m.direction.as_str(), m.standard.as_str(), m.tally.games))
        .collect();
    assert_eq!(moves, [("G", "wG1", 4), ("M", "wM", 1), ("S", "wS1", 1)]);
    assert_eq!(r.moves[1].tally, tally(1, 0, 0, 1));
}
