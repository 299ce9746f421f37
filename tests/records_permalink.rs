//! Permalinks: exact round trips, size, and damaged links that must fail rather than show
//! another game.

use beeline::engine::piece::GameType;
use beeline::engine::position::{Move, Position};
use beeline::notation::uhp::MoveString;
use beeline::notation::Coordinates;
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
