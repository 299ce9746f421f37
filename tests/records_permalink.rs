//! Permalinks: exact round trips, size, and damaged links that must fail rather than show
//! another game.

use beeline::engine::piece::GameType;
use beeline::engine::position::{GameState, Move, Position};
use beeline::notation::frame::Frame;
use beeline::notation::uhp::MoveString;
use beeline::notation::{Coordinates, Notation};
use beeline::record::permalink::{decode, encode};
use beeline::record::{import, Format, Record};

mod common;
use common::data;

/// A long legal game: moves picked by a fixed pseudo-random sequence.
fn random_game(plies: usize, seed: u64) -> Record {
    let mut s = seed;
    'again: loop {
        let mut pos = Position::new(GameType::MLP);
        let mut moves = Vec::new();
        while moves.len() < plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                continue 'again;
            }
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = legal[(s >> 33) as usize % legal.len()];
            pos.play(mv).unwrap();
            moves.push(mv);
        }
        let mut rec = Record::new(GameType::MLP, Format::Uhp);
        rec.moves = moves;
        rec.meta.white = Some("Ånna Σ".into());
        rec.meta.black = Some("Bob".into());
        rec.meta.date = Some("2024.03.01".into());
        rec.meta.event = Some("Random".into());
        return rec;
    }
}

fn same(a: &Record, b: &Record) -> bool {
    a.moves == b.moves
        && a.meta.white == b.meta.white
        && a.meta.black == b.meta.black
        && a.meta.date == b.meta.date
        && a.meta.event == b.meta.event
        && a.meta.result == b.meta.result
        && a.game_type == b.game_type
        && a.rules == b.rules
        && a.coordinates == b.coordinates
        && a.format == b.format
}

#[test]
fn round_trips_keep_the_game_its_frame_and_metadata() {
    for name in [
        "game.uhp",
        "boardspace_modern.sgf",
        "direction_tables.md",
        "queen_opening.pgn",
    ] {
        let rec = import(&data(name), None).unwrap();
        for ply in [0, 1, rec.moves.len()] {
            let link = encode(&rec, ply);
            let (back, p) = decode(&link).unwrap();
            assert!(same(&rec, &back), "{name}");
            assert_eq!(p, ply);
            assert_eq!(
                beeline::record::export::moves_in::<MoveString>(&back, ()),
                beeline::record::export::moves_in::<MoveString>(&rec, ()),
                "{name}: the standard notation must not change"
            );
        }
    }
    let canonical = import(&data("direction_tables.md"), None).unwrap();
    assert_eq!(
        decode(&encode(&canonical, 3)).unwrap().0.coordinates,
        Coordinates::Canonical
    );
}

#[test]
fn a_hundred_ply_game_fits_in_1500_characters() {
    for seed in 1..4 {
        let rec = random_game(100, seed);
        let link = encode(&rec, 57);
        println!("100-ply game: {} characters", link.len());
        assert!(link.len() <= 1500, "{}", link.len());
        let (back, ply) = decode(&link).unwrap();
        assert!(same(&rec, &back));
        assert_eq!(ply, 57);
    }
}

#[test]
fn damaged_links_fail_or_give_the_identical_game() {
    let rec = random_game(40, 7);
    let link = encode(&rec, 40);
    let chars: Vec<char> = link.chars().collect();
    let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut errors = 0;
    for i in 0..chars.len() {
        for c in alphabet.chars().step_by(5).chain(['+', '/', '=', 'é']) {
            if c == chars[i] {
                continue;
            }
            let mut m = chars.clone();
            m[i] = c;
            let text: String = m.into_iter().collect();
            match decode(&text) {
                Err(_) => errors += 1,
                Ok((back, _)) => assert!(same(&rec, &back), "mutated at {i} to {c}"),
            }
        }
    }
    assert!(errors > 0);
    for n in 0..chars.len() {
        assert!(decode(&link[..n]).is_err(), "truncated to {n}");
    }
    // Appended data and other versions are refused too.
    assert!(decode(&format!("{link}A")).is_err());
    assert!(decode(&format!("{link}AA")).is_err());
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn every_move_kind_survives() {
    // A Mzinga recording with passes and Pillbug throws.
    let path = common::shared_recordings().join("HV-Dumbot-Mormor51-2023-05-11-0957.sgf");
    let text = std::fs::read_to_string(&path).unwrap();
    let rec = import(&text, None).unwrap();
    assert!(rec.moves.contains(&Move::Pass));
    let (back, _) = decode(&encode(&rec, 0)).unwrap();
    assert!(same(&rec, &back));
}

/// A link made by an earlier version of the encoder, and what it must open forever.
struct OldLink {
    link: &'static str,
    ply: usize,
    game_type: &'static str,
    /// Tournament opening, repetition draw.
    rules: (bool, bool),
    coordinates: Coordinates,
    format: Format,
    result: Option<GameState>,
    /// White, Black, Date, Event, Site, Round.
    meta: [Option<&'static str>; 6],
    /// UHP MoveStrings joined by ';' (any reference names the same move).
    moves: &'static str,
}

/// The 31 plies of `tests/data/records/game.uhp` (and of the other records of that game).
const GAME: &str = "wP;bS1 \\wP;wM wP\\;bA1 -bS1;wQ -wM;bQ bS1/;wA1 wM/;bA1 /wQ;wM bQ/;\
    bB1 -bA1;wA1 -bQ;bB1 bA1;wB1 wM-;bB1 wQ;wB1 wM\\;bA2 -bB1;wG1 wB1/;bA3 bB1\\;wG1 -wM;\
    bM \\bA2;wG2 \\wG1;bA1 \\wG2;wG3 wB1/;bA3 wG3/;wL \\wM;bM wL/;wA2 -wG1;bA2 wB1\\;wA2 -bM;\
    bA1 -wG2;wL -bA2";

const MLP: &str = "Base+MLP";

/// Version 1 links, made before version 2 existed.
const OLD_LINKS: [OldLink; 7] = [
    OldLink {
        link: "AS8AAAAAAAAAAAAfBgIQDAAEFjQtBSwlDRkpERYXMhgUOhZnFX8Lay9DVXG4oaY",
        ply: 0,
        game_type: MLP,
        rules: (true, true),
        coordinates: Coordinates::Record,
        format: Format::Uhp,
        result: None,
        meta: [None; 6],
        moves: GAME,
    },
    OldLink {
        link: "AS8AAB8AAAAAAAAfBgIQDAAEFjQtBSwlDRkpERYXMhgUOhZnFX8Lay9DVclzaQc",
        ply: 31,
        game_type: MLP,
        rules: (true, true),
        coordinates: Coordinates::Record,
        format: Format::Uhp,
        result: None,
        meta: [None; 6],
        moves: GAME,
    },
    OldLink {
        link: "AS8BBAUFYWxpY2UDYm9iAAZPbmxpbmUMaGl2ZWdhbWUuY29tATMfBgIQDAAEFjQtBSwlDRkpERYXMhgUOhZnFX8Lay9DVZPgXmc",
        ply: 5,
        game_type: MLP,
        rules: (true, true),
        coordinates: Coordinates::Record,
        format: Format::Pgn,
        result: Some(GameState::WhiteWins),
        meta: [Some("alice"), Some("bob"), None, Some("Online"), Some("hivegame.com"), Some("3")],
        moves: GAME,
    },
    OldLink {
        link: "AQ8CBAQFYWxpY2UDYm9iCjIwMjQuMDMuMDIAAAAfBgIQDAAEFjQtBSwlDRkpERYXMhgUOhZnFX8Lay9DVePFmCw",
        ply: 4,
        game_type: MLP,
        rules: (true, false),
        coordinates: Coordinates::Record,
        format: Format::Sgf,
        result: Some(GameState::WhiteWins),
        meta: [Some("alice"), Some("bob"), Some("2024.03.02"), None, None, None],
        moves: GAME,
    },
    // An old game with a Queen on the first turn: no tournament opening.
    OldLink {
        link: "ASABAAMDb2xkBXRpbWVyAAAAAAQABQkL-IUbrw",
        ply: 3,
        game_type: "Base",
        rules: (false, true),
        coordinates: Coordinates::Record,
        format: Format::Pgn,
        result: None,
        meta: [Some("old"), Some("timer"), None, None, None, None],
        moves: "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-",
    },
    // A draw by threefold repetition: the rule must come back with the game.
    OldLink {
        link: "ASgAAAwAAAAAAAAMAAUAAhUVFBUVFRQVKtYx0Q",
        ply: 12,
        game_type: "Base",
        rules: (true, true),
        coordinates: Coordinates::Record,
        format: Format::Uhp,
        result: None,
        meta: [None; 6],
        moves: "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;\
            wQ -wS1;bQ bS1-",
    },
    // A direction-notation game (canonical coordinates) with unicode player names.
    OldLink {
        link: "AR8EAAcIw4VubmEgzqMJ0JFvYiDwn5CdCjIwMjQuMDMuMDEKQ2x1YiBuaWdodAAAHwYFDwwDAhc1LwcvJAoZKBMUFDMbGkIUYReBDmIzS05uUoK5",
        ply: 7,
        game_type: MLP,
        rules: (true, false),
        coordinates: Coordinates::Canonical,
        format: Format::Direction,
        result: None,
        meta: [Some("Ånna Σ"), Some("Бob 🐝"), Some("2024.03.01"), Some("Club night"), None, None],
        moves: "wP;bS1 wP-;wM -wP;bA1 bS1\\;wQ /wP;bQ bS1/;wA1 \\wP;bA1 /wQ;wM bQ/;bB1 bA1\\;\
            wA1 bQ\\;bB1 bA1;wB1 \\wM;bB1 wQ;wB1 \\bQ;bA2 bB1\\;wG1 \\wM;bA3 -bB1;wG1 bQ-;\
            bM bA2-;wG2 wG1-;bA1 wG2-;wG3 \\wM;bA3 wG3/;wL wM-;bM wL/;wA2 wA1-;bA2 -wB1;\
            wA2 bM\\;bA1 wG2\\;wL -bQ",
    },
];

/// UHP MoveStrings replayed from the empty board of `rec`'s game, in engine coordinates.
fn uhp_moves(rec: &Record, moves: &str) -> Vec<Move> {
    let mut pos = Position::with_rules(rec.game_type, rec.rules);
    moves
        .split(';')
        .map(|s| {
            let ms: MoveString = s.trim().parse().unwrap();
            let mv = ms.to_move(&pos, &Frame::ENGINE).unwrap();
            pos.play(mv).unwrap();
            mv
        })
        .collect()
}

#[test]
fn old_links_open_the_same_game_at_the_same_move() {
    for old in OLD_LINKS {
        let (rec, ply) = decode(old.link).unwrap();
        let what = old.link;
        assert_eq!(ply, old.ply, "{what}");
        assert_eq!(rec.game_type, old.game_type.parse().unwrap(), "{what}");
        assert_eq!(
            (rec.rules.tournament_opening, rec.rules.repetition_draw),
            old.rules,
            "{what}"
        );
        assert_eq!(rec.coordinates, old.coordinates, "{what}");
        assert_eq!(rec.format, old.format, "{what}");
        assert_eq!(rec.meta.result, old.result, "{what}");
        let m = &rec.meta;
        let meta = [&m.white, &m.black, &m.date, &m.event, &m.site, &m.round].map(|s| s.as_deref());
        assert_eq!(meta, old.meta, "{what}");
        assert_eq!(rec.moves, uhp_moves(&rec, old.moves), "{what}");
        assert_eq!(rec.tree.mainline(), rec.moves, "{what}");
    }
    assert!(decode(OLD_LINKS[5].link).unwrap().0.drawn_by_repetition());
}
