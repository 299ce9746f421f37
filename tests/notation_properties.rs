//! Properties of the notations over random legal games: algebraic, direction and canonical
//! standard notation do not see rotations and reflections, the record frame's standard
//! notation does, and algebraic text reads back to the same game.

use beeline::engine::hex::Hex;
use beeline::engine::piece::{Bug, GameType, PieceId};
use beeline::engine::position::{Move, Position, Rules};
use beeline::notation::algebraic::{self, Form};
use beeline::notation::frame::Frame;
use beeline::notation::{direction, standard};
use proptest::prelude::*;
use std::collections::BTreeMap;
use std::time::Instant;

/// xorshift64*: a small deterministic generator, so a seed names a game.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// Moves that exercise the notation's special cases: Pillbug throws, stacks, expansion bugs.
fn is_special(pos: &Position, mv: &Move) -> bool {
    match *mv {
        Move::Place { piece, .. } => {
            matches!(piece.bug(), Bug::Mosquito | Bug::Ladybug | Bug::Pillbug)
        }
        Move::Move { piece, from, to } => {
            piece.color() != pos.to_move()
                || pos.board().height(to) > 0
                || pos.board().height(from) > 1
                || matches!(
                    piece.bug(),
                    Bug::Mosquito | Bug::Ladybug | Bug::Pillbug | Bug::Beetle
                )
                || !pos.own_destinations(piece).contains(&to)
        }
        Move::Pass => false,
    }
}

/// A legal game of up to `plies` moves, half of the moves chosen among the special ones.
fn random_game(seed: u64, plies: usize, gt: GameType) -> Vec<Move> {
    let mut rng = Rng::new(seed);
    let mut pos = Position::new(gt);
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let special: Vec<Move> = if rng.below(2) == 0 {
            legal
                .iter()
                .copied()
                .filter(|m| is_special(&pos, m))
                .collect()
        } else {
            Vec::new()
        };
        let pool = if special.is_empty() { &legal } else { &special };
        let mv = pool[rng.below(pool.len())];
        pos.play_unchecked(mv);
    }
    pos.moves()
}

/// Rotation by `k` sixths after an optional mirror: one of the 12 symmetries of the grid.
fn transform(moves: &[Move], k: u8, mirror: bool) -> Vec<Move> {
    let t = |h: Hex| if mirror { h.mirror() } else { h }.rotate_cw(k);
    moves
        .iter()
        .map(|m| match *m {
            Move::Place { piece, to } => Move::Place { piece, to: t(to) },
            Move::Move { piece, from, to } => Move::Move {
                piece,
                from: t(from),
                to: t(to),
            },
            Move::Pass => Move::Pass,
        })
        .collect()
}

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

/// Standard notation, in the record frame (`canonical: false`) or the canonical one.
fn standard(gt: GameType, moves: &[Move], canonical: bool) -> Vec<String> {
    standard::write_game(gt, Rules::default(), moves, canonical)
        .iter()
        .map(|m| m.to_string())
        .collect()
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
    let alg: Vec<Vec<String>> = Form::ALL
        .iter()
        .map(|f| algebraic::write_game(gt, Rules::default(), moves, *f))
        .collect();
    let dir = direction::write_game(gt, Rules::default(), moves, false);
    let std0 = standard(gt, moves, false);
    let std_canonical = standard(gt, moves, true);
    let mut standard_changed = false;
    for k in 0..6u8 {
        for mirror in [false, true] {
            let t = transform(moves, k, mirror);
            replay(gt, &t);
            for (form, expected) in Form::ALL.iter().zip(&alg) {
                let got = algebraic::write_game(gt, Rules::default(), &t, *form);
                assert_eq!(&got, expected, "{form:?}, rotation {k}, mirror {mirror}");
            }
            assert_eq!(
                direction::write_game(gt, Rules::default(), &t, false),
                dir,
                "direction, rotation {k}, mirror {mirror}"
            );
            assert_eq!(
                standard(gt, &t, true),
                std_canonical,
                "canonical standard, rotation {k}, mirror {mirror}"
            );
            standard_changed |= standard(gt, &t, false) != std0;
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
        let texts = algebraic::write_game(gt, Rules::default(), moves, form);
        let read = match algebraic::read_game(gt, Rules::default(), &texts) {
            Ok(p) => p.moves(),
            Err(e) => panic!("{form:?}: {e}\n{texts:?}"),
        };
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
    fn notation_ignores_rotation_and_reflection(seed in any::<u64>(), plies in 2usize..90, mlp in any::<bool>()) {
        let gt = if mlp { GameType::MLP } else { GameType::BASE };
        let moves = random_game(seed, plies, gt);
        check_symmetry(gt, &moves);
    }

    #[test]
    fn algebraic_reads_back_what_it_writes(seed in any::<u64>(), plies in 1usize..120, mlp in any::<bool>()) {
        let gt = if mlp { GameType::MLP } else { GameType::BASE };
        let moves = random_game(seed, plies, gt);
        check_round_trip(gt, &moves);
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
        let moves = random_game(seed, 150, gt);
        let frame = Frame::of_moves(&moves);
        let mut pos = Position::new(gt);
        for mv in &moves {
            let text = algebraic::write(&pos, &frame, *mv, Form::Short);
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

/// Writing a 100-ply game in all three forms stays well under half a millisecond in release.
#[test]
fn writing_is_fast() {
    let gt = GameType::MLP;
    let moves = random_game(7, 100, gt);
    assert_eq!(moves.len(), 100);
    let mut best = f64::MAX;
    for _ in 0..20 {
        let t = Instant::now();
        let mut n = 0;
        for form in Form::ALL {
            n += algebraic::write_game(gt, Rules::default(), &moves, form).len();
        }
        assert_eq!(n, 300);
        best = best.min(t.elapsed().as_secs_f64());
    }
    eprintln!("algebraic, 100 plies, three forms: {:.3} ms", best * 1e3);
    if !cfg!(debug_assertions) {
        assert!(best < 0.5e-3, "{:.3} ms", best * 1e3);
    }
}
