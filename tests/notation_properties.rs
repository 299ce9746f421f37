//! Properties of the notations over random legal games: algebraic, direction and canonical
//! standard notation do not see rotations and reflections, the record frame's standard
//! notation does, and algebraic text reads back to the same game.

mod common;

use beeline::engine::piece::{GameType, PieceId};
use beeline::engine::position::{Move, Position};
use beeline::notation::algebraic::{AlgebraicMove, Form};
use beeline::notation::direction::DirectionMove;
use beeline::notation::frame::Frame;
use beeline::notation::uhp::MoveString;
use beeline::notation::{read_game, write_game, Coordinates, Notation};
use common::{random_game, seeded_picks, transform};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// Replays with every move checked.
fn replay(gt: GameType, moves: &[Move]) -> Position {
    let mut pos = Position::new(gt);
    for (i, mv) in moves.iter().enumerate() {
        if let Err(e) = pos.play(*mv) {
            panic!("move {} {mv:?}: {e}", i + 1);
        }
    }
    pos
}

/// Every move in notation `N`, in the given coordinates where `N` uses them.
fn written<N: Notation>(
    gt: GameType,
    moves: &[Move],
    coordinates: Coordinates,
    style: N::Style,
) -> Vec<String> {
    write_game::<N>(&Position::new(gt), moves, coordinates, style)
}

fn algebraic(gt: GameType, moves: &[Move], form: Form) -> Vec<String> {
    written::<AlgebraicMove>(gt, moves, Coordinates::Canonical, form)
}

fn direction(gt: GameType, moves: &[Move]) -> Vec<String> {
    written::<DirectionMove>(gt, moves, Coordinates::Canonical, Default::default())
}

fn standard(gt: GameType, moves: &[Move], coordinates: Coordinates) -> Vec<String> {
    written::<MoveString>(gt, moves, coordinates, ())
}

/// Stacks by canonical hex.
fn canonical_stacks(pos: &Position, frame: &Frame) -> BTreeMap<(i32, i32), Vec<PieceId>> {
    pos.board()
        .occupied()
        .map(|h| {
            let c = frame.to_canonical(h);
            ((c.q, c.r), pos.board().stack(h))
        })
        .collect()
}

fn check_symmetry(gt: GameType, moves: &[Move]) {
    let alg: Vec<Vec<String>> = Form::ALL.iter().map(|f| algebraic(gt, moves, *f)).collect();
    let dir = direction(gt, moves);
    let std0 = standard(gt, moves, Coordinates::Record);
    let std_canonical = standard(gt, moves, Coordinates::Canonical);
    let mut standard_changed = false;
    for k in 0..6u8 {
        for mirror in [false, true] {
            let t = transform(moves, k, mirror);
            replay(gt, &t);
            for (form, expected) in Form::ALL.iter().zip(&alg) {
                let got = algebraic(gt, &t, *form);
                assert_eq!(&got, expected, "{form:?}, rotation {k}, mirror {mirror}");
            }
            assert_eq!(
                direction(gt, &t),
                dir,
                "direction, rotation {k}, mirror {mirror}"
            );
            assert_eq!(
                standard(gt, &t, Coordinates::Canonical),
                std_canonical,
                "canonical standard, rotation {k}, mirror {mirror}"
            );
            standard_changed |= standard(gt, &t, Coordinates::Record) != std0;
        }
    }
    if moves.len() >= 2 {
        assert!(
            standard_changed,
            "the record frame's notation ignored every rotation"
        );
    }
}

fn check_round_trip(gt: GameType, moves: &[Move]) {
    let frame = Frame::of_moves(moves);
    for form in Form::ALL {
        let texts = algebraic(gt, moves, form);
        let mut read_back = Position::new(gt);
        if let Err(e) =
            read_game::<AlgebraicMove, _>(&mut read_back, Coordinates::Canonical, &texts)
        {
            panic!("{form:?}: {e}\n{texts:?}");
        }
        let read = read_back.moves();
        assert_eq!(read.len(), moves.len());
        let read_frame = Frame::of_moves(&read);
        let (mut a, mut b) = (Position::new(gt), Position::new(gt));
        for (i, (x, y)) in moves.iter().zip(&read).enumerate() {
            a.play_unchecked(*x);
            b.play_unchecked(*y);
            assert_eq!(
                canonical_stacks(&a, &frame),
                canonical_stacks(&b, &read_frame),
                "{form:?}: after move {} '{}'",
                i + 1,
                texts[i]
            );
            // A game read from algebraic text is built in the canonical frame itself.
            for h in b.board().occupied() {
                assert_eq!(read_frame.to_canonical(h), h);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn notation_ignores_rotation_and_reflection(picks in prop::collection::vec(any::<u32>(), 2..90), mlp in any::<bool>()) {
        let gt = if mlp { GameType::MLP } else { GameType::BASE };
        check_symmetry(gt, &random_game(gt, &picks).moves());
    }

    #[test]
    fn algebraic_reads_back_what_it_writes(picks in prop::collection::vec(any::<u32>(), 1..120), mlp in any::<bool>()) {
        let gt = if mlp { GameType::MLP } else { GameType::BASE };
        check_round_trip(gt, &random_game(gt, &picks).moves());
    }
}

/// Fixed seeds, long Base+MLP games: the generator reaches throws, stacks and every bug,
/// and both properties hold there.
#[test]
fn seeded_games_cover_the_special_cases() {
    let gt = GameType::MLP;
    let (mut throws, mut enemy_throws, mut climbs, mut mosquito_throws) = (0, 0, 0, 0);
    let mut bugs_moved = std::collections::BTreeSet::new();
    for seed in 0..12u64 {
        let moves = random_game(gt, &seeded_picks(seed, 150)).moves();
        let frame = Frame::of_moves(&moves);
        let mut pos = Position::new(gt);
        for mv in &moves {
            let text = AlgebraicMove::from_move(&pos, *mv, &frame).write(Form::Short);
            if let Move::Move { piece, from, to } = *mv {
                bugs_moved.insert(piece.bug());
                if pos.board().height(to) > 0 || pos.board().height(from) > 1 {
                    climbs += 1;
                }
                if text.ends_with(')') {
                    throws += 1;
                    assert!(!pos.throwers(piece, to).is_empty(), "{text}");
                }
                if piece.color() != pos.to_move() {
                    enemy_throws += 1;
                    assert!(text.ends_with(')'), "{text}");
                }
                mosquito_throws += usize::from(text.ends_with("M)"));
            }
            pos.play_unchecked(*mv);
        }
        check_symmetry(gt, &moves);
        check_round_trip(gt, &moves);
    }
    assert!(throws >= 5, "{throws} throws");
    assert!(enemy_throws >= 2, "{enemy_throws} enemy throws");
    assert!(climbs >= 5, "{climbs} climbs");
    assert!(mosquito_throws >= 1, "{mosquito_throws} Mosquito throws");
    assert_eq!(bugs_moved.len(), 8, "{bugs_moved:?}");
}
