//! Position tests for the tricky spots of the rules: gates on the ground and at height,
//! stacks, Pillbug throws and their limits, the Ladybug over stacks, a Mosquito next to a
//! Beetle on top, the one-hive rule, the Queen rules, passing, the end of the game, the
//! threefold-repetition option, and the wording of rule errors.

use beeline::engine::hex::Hex;
use beeline::engine::piece::{Bug, Color, GameType, Piece, PieceId};
use beeline::engine::position::{GameState, Illegal, Move, Position, Rules};
use beeline::notation::frame::Frame;
use beeline::notation::uhp::{replay_moves, MoveString};
use beeline::notation::{Notation, ReadError};
use std::collections::BTreeSet;

/// Replays `moves` (UHP MoveStrings separated by `;`) from the empty board.
fn game(gt: &str, moves: &str) -> Position {
    let mut pos = Position::new(gt.parse().unwrap());
    let list: Vec<&str> = moves.split(';').filter(|m| !m.is_empty()).collect();
    replay_moves(&mut pos, &list).unwrap();
    pos
}

fn id(name: &str) -> PieceId {
    name.parse::<Piece>().unwrap().id()
}

/// The destinations of one piece among the legal moves.
fn destinations(pos: &Position, name: &str) -> BTreeSet<Hex> {
    let p = id(name);
    pos.legal_moves()
        .into_iter()
        .filter(|m| m.piece() == Some(p))
        .filter_map(|m| m.to())
        .collect()
}

/// Why a MoveString is refused: the rule it breaks, or another reading error.
#[derive(Debug)]
enum MoveError {
    Illegal(Illegal),
    #[allow(dead_code)] // shown in failure messages
    Read(ReadError),
}

/// Resolves a MoveString against the position, checking legality.
fn check(pos: &Position, text: &str) -> Result<Move, MoveError> {
    let ms = text.parse::<MoveString>().unwrap();
    ms.to_move(pos, &Frame::ENGINE).map_err(|e| match e {
        ReadError::Illegal { rule, .. } => MoveError::Illegal(rule),
        e => MoveError::Read(e),
    })
}

/// wQ on (-1,0) is ringed by its own pieces except to the north-west, where the two cells
/// flanking that gap (wA1 north-east, wG2 west) are both occupied.
const GATE: &str =
    "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wA1 \\wS1;bA1 bQ-;wA2 /wS1;bA2 bQ\\;wG1 /wQ;bA3 bQ/;wG2 -wQ;bG1 bA1-";

#[test]
fn ground_gates_block_sliding() {
    let pos = game("Base", GATE);
    assert_eq!(pos.board().position(id("wQ")), Some(Hex::new(-1, 0)));
    // Not pinned (the ring holds the hive together), yet it cannot slide through the gap.
    assert!(destinations(&pos, "wQ").is_empty());
    match check(&pos, "wQ -wA1") {
        Err(MoveError::Illegal(e @ Illegal::Unreachable(p))) => {
            assert_eq!(p, id("wQ"));
            assert_eq!(e.to_string(), "wQ cannot reach that cell");
        }
        other => panic!("{other:?}"),
    }
    // The gap itself is open from outside: an Ant slides in around the ring.
    let ant = destinations(&pos, "wG1");
    assert!(
        !ant.contains(&Hex::new(-1, -1)),
        "a Grasshopper only jumps: {ant:?}"
    );
    assert!(destinations(&pos, "wA2").contains(&Hex::new(-1, -1)));
}

#[test]
fn a_beetle_on_top_crosses_a_ground_gate() {
    // wB1 climbs over wA1 onto the Queen; from height 1 it may step down into the gated gap,
    // whose two flanking cells hold single pieces.
    let pos = game(
        "Base",
        &format!("{GATE};wB1 \\wA1;bA3 bG1-;wB1 wA1;bA3 bG1/;wB1 wQ;bA3 bG1-"),
    );
    assert_eq!(pos.board().height(Hex::new(-1, 0)), 2);
    let d = destinations(&pos, "wB1");
    assert!(d.contains(&Hex::new(-1, -1)), "{d:?}");
    assert!(d.contains(&Hex::new(0, 0)), "climbs onto wS1");
    // The covered Queen cannot move at all.
    assert!(destinations(&pos, "wQ").is_empty());
    assert!(matches!(
        check(&pos, "wQ -wA1"),
        Err(MoveError::Illegal(Illegal::Covered(_)))
    ));
}

const PILL: &str = "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wP \\wS1;bA1 bQ-";

#[test]
fn pillbug_throws_a_neighbour_to_its_own_empty_neighbours() {
    let pos = game("Base+P", PILL);
    let wq = id("wQ");
    let own: BTreeSet<Hex> = pos.own_destinations(wq).into_iter().collect();
    let all = destinations(&pos, "wQ");
    // Walking: one step to (-1,-1) or (-1,1). Thrown over wP (0,-1): (0,-2), (1,-2), (1,-1).
    assert_eq!(own, [Hex::new(-1, -1), Hex::new(-1, 1)].into());
    let thrown: BTreeSet<Hex> = all.difference(&own).copied().collect();
    assert_eq!(
        thrown,
        [Hex::new(0, -2), Hex::new(1, -2), Hex::new(1, -1)].into()
    );
    for to in &thrown {
        assert_eq!(pos.throwers(wq, *to), vec![id("wP")]);
    }
    // A destination it walks to is one move, however many ways lead there.
    let n = pos
        .legal_moves()
        .iter()
        .filter(|m| m.piece() == Some(wq))
        .count();
    assert_eq!(n, 5);
}

#[test]
fn pillbug_limits_just_moved_pieces_and_frozen_throws() {
    // Black's Ant arrives next to the Pillbug: White may not throw it right away.
    let pos = game("Base+P", &format!("{PILL};wA1 \\wQ;bA1 wP/"));
    assert!(destinations(&pos, "bA1").is_empty());
    assert!(matches!(
        check(&pos, "bA1 \\wP"),
        Err(MoveError::Illegal(Illegal::JustMoved(_)))
    ));
    // One turn later it may.
    let mut pos = game(
        "Base+P",
        &format!("{PILL};wA1 \\wQ;bA1 wP/;wA1 -wQ;bQ bS1\\"),
    );
    assert_eq!(
        destinations(&pos, "bA1"),
        [Hex::new(-1, -1), Hex::new(0, -2), Hex::new(1, -1)].into()
    );
    pos.play(check(&pos, "bA1 \\wP").unwrap()).unwrap();
    // The thrown Ant may not move on Black's next turn.
    assert_eq!(pos.to_move(), beeline::engine::piece::Color::Black);
    assert!(destinations(&pos, "bA1").is_empty());
    assert!(matches!(
        check(&pos, "bA1 bS1/"),
        Err(MoveError::Illegal(Illegal::JustMoved(_)))
    ));
}

#[test]
fn pillbug_cannot_throw_pieces_of_a_stack_or_a_pinned_piece() {
    // wQ is the only link between wP and the hive once wS1 is not adjacent: it is pinned.
    let pos = game("Base+P", "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wP \\wQ;bA1 bQ-");
    assert!(pos.throwers(id("wQ"), Hex::new(-2, -1)).is_empty());
    assert!(destinations(&pos, "wQ").is_empty());
    // A Beetle on top of a piece next to the Pillbug cannot be thrown, nor the piece under it.
    let pos = game(
        "Base+P",
        "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wP \\wS1;bA1 bQ-;wB1 /wQ;bA1 /bQ;wB1 wQ;bA1 bQ\\",
    );
    assert_eq!(pos.board().height(Hex::new(-1, 0)), 2);
    for to in [Hex::new(0, -2), Hex::new(1, -2), Hex::new(1, -1)] {
        assert!(pos.throwers(id("wB1"), to).is_empty());
        assert!(pos.throwers(id("wQ"), to).is_empty());
    }
}

#[test]
fn mosquito_copies_the_pillbug_including_its_ability() {
    // wM next to wP throws wQ like the Pillbug would.
    let pos = game(
        "Base+MP",
        "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wP \\wS1;bA1 bQ-;wM \\wQ;bA1 bQ\\",
    );
    let wq = id("wQ");
    let throwers: BTreeSet<PieceId> = [Hex::new(-2, -1), Hex::new(-1, -2)]
        .into_iter()
        .flat_map(|to| pos.throwers(wq, to))
        .collect();
    assert!(throwers.contains(&id("wM")), "{throwers:?}");
    assert!(!pos.own_destinations(wq).contains(&Hex::new(-2, -1)));
    assert!(destinations(&pos, "wQ").contains(&Hex::new(-2, -1)));
}

#[test]
fn mosquito_next_to_a_beetle_on_top_copies_the_beetle() {
    // wM touches only the stack wQ+wB1: it copies the Beetle on top (and may climb), not the
    // covered Queen.
    let m = "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wQ;bA1 bQ-;wB1 wQ;bA2 bA1\\;wM /wQ;bA3 bA2\\";
    let pos = game("Base+ML", m);
    let d = destinations(&pos, "wM");
    assert!(d.contains(&Hex::new(-1, 0)), "climbs the stack: {d:?}");
    assert_eq!(d.len(), 3);
    // On top of the hive a Mosquito moves only as a Beetle: one step in any direction.
    let pos = game("Base+ML", &format!("{m};wM wB1;bA3 bQ\\"));
    assert_eq!(pos.board().height(Hex::new(-1, 0)), 3);
    let d = destinations(&pos, "wM");
    assert_eq!(d.len(), 6, "{d:?}");
    assert!(d.iter().all(|h| Hex::new(-1, 0).distance(*h) == 1));
}

#[test]
fn ladybug_walks_over_stacks_and_comes_down() {
    // wL touches only a stack of two; two steps on top, the third down.
    let l = "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wQ;bA1 bQ-;wB1 wQ;bA2 bA1\\;wL /wQ;bA3 bA2\\";
    let pos = game("Base+ML", l);
    assert_eq!(
        destinations(&pos, "wL"),
        [
            Hex::new(0, -1),
            Hex::new(1, -1),
            Hex::new(0, 1),
            Hex::new(-1, 1)
        ]
        .into()
    );
    // Never on top, never back home.
    for to in destinations(&pos, "wL") {
        assert_eq!(pos.board().height(to), 0);
    }
}

#[test]
fn one_hive_pins_connecting_pieces() {
    let pos = game("Base", "wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
    // wS1 and bS1 hold the line together.
    assert!(destinations(&pos, "wS1").is_empty());
    assert!(matches!(
        check(&pos, "wS1 \\wQ"),
        Err(MoveError::Illegal(Illegal::BreaksHive(_)))
    ));
    assert!(!destinations(&pos, "wQ").is_empty());
}

#[test]
fn queen_rules() {
    let pos = Position::new(GameType::BASE);
    assert!(matches!(
        check(&pos, "wQ"),
        Err(MoveError::Illegal(Illegal::QueenOnFirstTurn))
    ));
    let old = Position::with_rules(
        GameType::BASE,
        Rules::default().with_tournament_opening(false),
    );
    assert!(check(&old, "wQ").is_ok());
    // Without a Queen by the fourth turn only the Queen may be placed.
    let pos = game("Base", "wS1;bS1 wS1-;wA1 -wS1;bA1 bS1-;wA2 -wA1;bA2 bA1-");
    assert_eq!(pos.turn_number(), 4);
    assert!(pos
        .legal_moves()
        .iter()
        .all(|m| m.piece() == Some(id("wQ"))));
    assert!(matches!(
        check(&pos, "wG1 -wA2"),
        Err(MoveError::Illegal(Illegal::QueenRequired))
    ));
    // Nothing moves before its Queen is placed.
    let pos = game("Base", "wS1;bS1 wS1-;wA1 -wS1;bQ bS1-");
    assert!(matches!(
        check(&pos, "wA1 bQ-"),
        Err(MoveError::Illegal(Illegal::QueenNotPlaced))
    ));
    // Placing next to the opponent, or numbering out of order, is refused.
    assert!(matches!(
        check(&pos, "wG1 bQ-"),
        Err(MoveError::Illegal(Illegal::TouchesOpponent))
    ));
    match check(&pos, "wA3 -wA1") {
        Err(MoveError::Illegal(e @ Illegal::OutOfOrder(first, tried))) => {
            assert_eq!((first, tried), (id("wA2"), id("wA3")));
            assert!(
                e.to_string().starts_with("wA2 must be placed before wA3"),
                "{e}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn pass_only_when_nothing_else_is_possible() {
    // From a real BoardSpace game (HV-Dumbot-Kaur50-2023-01-17-0059): White is smothered.
    let moves = "wB1;bP wB1/;wM wB1\\;bM bP/;wS1 -wM;bQ bM\\;wQ \\wS1;bA1 \\bP;wM /bQ;bP bQ/;wS2 \\wQ;bA1 wS2/;wA1 wM\\;bA2 \\bP;wA1 -bM;bQ wA1/;wA2 /wM;bA2 wM-;wS1 -wS2;bP bQ-;wA2 bP\\;bA3 bP/;wL /wM;bA3 /wQ;wA3 /wL;bS1 bA2\\;wA3 -bA3;bS1 wA2-;wA3 \\bQ;bG1 bA2-;wB2 wA3/;bA3 wB2/;wG1 \\wA3;bG1 -wQ;wG2 /wL;bB1 \\bA1;wS1 \\bB1;bB2 /bG1;wG3 -wG2;bB2 bG1;wP -wG3;bB2 wQ;wP /bB2;bB2 wB1;wQ /bG1;bM wB2\\;wA3 -bQ;bA3 \\wG1;wS1 -bA3;bB1 wA3;wS1 bA3-;bA3 -wQ;wG1 bM/;bS2 \\bA3;wG1 \\bB2;bG1 /wQ;wS1 bM-;bA1 -wB2;wS1 bS1-;bS2 -wS2;wS1 bM-;bA3 wS1/";
    let mut pos = game("Base+MLP", moves);
    assert_eq!(pos.legal_moves(), vec![Move::Pass]);
    assert!(matches!(
        check(&pos, "wS1 -bA3"),
        Err(MoveError::Illegal(_))
    ));
    let (board, key) = (pos.board().key(), pos.key());
    pos.play(Move::Pass).unwrap();
    // The same stacks with the other player to move are another position.
    assert_eq!(pos.board().key(), board);
    assert_ne!(pos.key(), key);
    // Black has moves, so Black may not pass; the error names one of Black's real moves.
    match pos.play(Move::Pass) {
        Err(e @ Illegal::MustMove(m)) => {
            assert!(pos.is_legal(m), "{m:?}");
            let p = m.piece().unwrap();
            assert_eq!(p.color(), Color::Black);
            assert!(e.to_string().contains(&p.to_string()), "{e}");
        }
        other => panic!("{other:?}"),
    }
}

/// A Queen is surrounded when all six neighbouring cells are occupied.
fn surrounded(pos: &Position, queen: &str) -> bool {
    pos.board()
        .position(id(queen))
        .is_some_and(|h| h.neighbors().iter().all(|n| pos.board().height(*n) > 0))
}

#[test]
fn surrounding_a_queen_ends_the_game() {
    // Seeded random games in every game type, played until they end or run long.
    let mut seed: u64 = 0x5eed_cafe;
    let mut endings = 0;
    for gt in GameType::all() {
        for _ in 0..40 {
            let mut pos = Position::new(gt);
            while !pos.state().is_over() && pos.ply() < 400 {
                let moves = pos.legal_moves();
                let distinct: BTreeSet<(Option<PieceId>, Option<Hex>)> =
                    moves.iter().map(|m| (m.piece(), m.to())).collect();
                assert_eq!(distinct.len(), moves.len(), "duplicate moves in {pos:?}");
                assert_eq!(pos.count_legal_moves(), moves.len() as u64, "{pos:?}");
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
                let expected = match (surrounded(&pos, "wQ"), surrounded(&pos, "bQ")) {
                    (true, true) => GameState::Draw,
                    (true, false) => GameState::BlackWins,
                    (false, true) => GameState::WhiteWins,
                    (false, false) => GameState::InProgress,
                };
                assert_eq!(pos.state(), expected, "{pos:?}");
            }
            if pos.state().is_over() {
                endings += 1;
                assert!(pos.legal_moves().is_empty());
                assert!(matches!(pos.play(Move::Pass), Err(Illegal::GameOver)));
            }
        }
    }
    assert!(endings > 0, "no random game ended");
}

/// A position index per `Illegal` variant. The `match` has no catch-all on purpose: a new
/// variant does not compile until it is listed here, in `VARIANTS` and in `every_illegal`.
fn variant_index(e: &Illegal) -> usize {
    match e {
        Illegal::GameOver => 0,
        Illegal::NotInGame(_) => 1,
        Illegal::WrongColor(_) => 2,
        Illegal::QueenOnFirstTurn => 3,
        Illegal::QueenRequired => 4,
        Illegal::OutOfOrder(..) => 5,
        Illegal::FirstPlacement => 6,
        Illegal::Occupied => 7,
        Illegal::TouchesOpponent => 8,
        Illegal::NotTouchingOwn => 9,
        Illegal::QueenNotPlaced => 10,
        Illegal::NotOnBoard(_) => 11,
        Illegal::Covered(_) => 12,
        Illegal::JustMoved(_) => 13,
        Illegal::BreaksHive(_) => 14,
        Illegal::Unreachable(_) => 15,
        Illegal::PassNotAllowed => 16,
        Illegal::MustMove(_) => 17,
        Illegal::MustPass => 18,
        Illegal::SplitHive => 19,
    }
}

const VARIANTS: usize = 20;

/// Every variant, with every shape of `MustMove`'s move.
fn every_illegal() -> Vec<Illegal> {
    let (wa1, ba2, wq) = (id("wA1"), id("bA2"), id("wQ"));
    vec![
        Illegal::GameOver,
        Illegal::NotInGame(Bug::Mosquito),
        Illegal::WrongColor(ba2),
        Illegal::QueenOnFirstTurn,
        Illegal::QueenRequired,
        Illegal::OutOfOrder(wa1, id("wA3")),
        Illegal::FirstPlacement,
        Illegal::Occupied,
        Illegal::TouchesOpponent,
        Illegal::NotTouchingOwn,
        Illegal::QueenNotPlaced,
        Illegal::NotOnBoard(wa1),
        Illegal::Covered(wq),
        Illegal::JustMoved(ba2),
        Illegal::BreaksHive(wq),
        Illegal::Unreachable(id("bG3")),
        Illegal::PassNotAllowed,
        Illegal::MustMove(Move::Place {
            piece: wa1,
            to: Hex::new(-3, 2),
        }),
        Illegal::MustMove(Move::Move {
            piece: wq,
            from: Hex::new(-1, 0),
            to: Hex::new(-1, 1),
        }),
        Illegal::MustMove(Move::Pass),
        Illegal::MustPass,
        Illegal::SplitHive,
    ]
}

#[test]
fn every_rule_error_reads_as_a_sentence() {
    let all = every_illegal();
    let listed: BTreeSet<usize> = all.iter().map(variant_index).collect();
    assert_eq!(listed, (0..VARIANTS).collect(), "a variant is missing");
    for e in &all {
        let msg = e.to_string();
        assert!(!msg.trim().is_empty(), "{e:?}");
        // No Rust debug output: braces, type names, coordinates, Option wrappers.
        for debug in ["{", "}", "PieceId(", "Hex {", "Hex(", "Some(", "None", "::"] {
            assert!(!msg.contains(debug), "{e:?} reads {msg:?}");
        }
    }
    // Pieces as players write them, bugs by name, colours by name.
    let says = |e: Illegal, text: &str| assert!(e.to_string().contains(text), "{e}: {text}");
    says(Illegal::NotInGame(Bug::Mosquito), "Mosquito");
    says(Illegal::NotInGame(Bug::Grasshopper), "Grasshopper");
    says(
        Illegal::WrongColor(id("bA2")),
        "bA2 belongs to Black, and it is White's turn",
    );
    says(Illegal::OutOfOrder(id("wA1"), id("wA3")), "wA1");
    says(Illegal::OutOfOrder(id("wA1"), id("wA3")), "wA3");
    says(Illegal::Covered(id("wQ")), "wQ");
    says(
        Illegal::BreaksHive(id("bS2")),
        "moving bS2 would split the hive",
    );
    let all = every_illegal();
    let must: Vec<String> = all[17..20].iter().map(|e| e.to_string()).collect();
    assert_eq!(
        must,
        [
            "the player cannot pass: wA1 can still be placed",
            "the player cannot pass: wQ can still move",
            "the player cannot pass: a move is possible",
        ]
    );
}

#[test]
fn rule_errors_from_real_positions_name_the_pieces() {
    let mut pos = Position::new(GameType::BASE);
    // Black's piece on White's turn; a bug the game type leaves out.
    let e = pos.play(Move::Place {
        piece: id("bS1"),
        to: Hex::ORIGIN,
    });
    assert_eq!(
        e.map_err(|e| e.to_string()),
        Err("bS1 belongs to Black, and it is White's turn".to_string())
    );
    let e = pos
        .play(Move::Place {
            piece: id("wM"),
            to: Hex::ORIGIN,
        })
        .unwrap_err();
    assert_eq!(e, Illegal::NotInGame(Bug::Mosquito));
    assert_eq!(e.to_string(), "the Mosquito is not part of this game type");
    // A pass while a placement is possible names the piece that can be placed.
    pos.play(check(&pos, "wS1").unwrap()).unwrap();
    let e = pos.play(Move::Pass).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the player cannot pass: bS1 can still be placed"
    );
    // One hive: the error names the pinned piece.
    let pos = game("Base", "wS1;bS1 wS1-;wQ -wS1;bQ bS1-");
    match check(&pos, "wS1 \\wQ") {
        Err(MoveError::Illegal(e)) => assert_eq!(e.to_string(), "moving wS1 would split the hive"),
        other => panic!("{other:?}"),
    }
}

/// The Queens step out and back: after each round of four plies the opening position
/// (White to move) is on the board again.
const OPENING: &str = "wS1;bS1 wS1-;wQ -wS1;bQ bS1-";
const SHUFFLE: [&str; 4] = ["wQ \\wS1", "bQ bS1/", "wQ -wS1", "bQ bS1-"];

#[test]
fn threefold_repetition_is_a_draw_when_the_rule_is_on() {
    for on in [false, true] {
        let rules = Rules::default().with_repetition_draw(on);
        let mut pos = Position::with_rules(GameType::BASE, rules);
        for m in OPENING.split(';') {
            pos.play(check(&pos, m).unwrap()).unwrap();
        }
        let start = pos.key();
        assert_eq!(pos.occurrences(), 1);
        for round in 1..=2 {
            for m in SHUFFLE {
                // Nothing has occurred three times yet, so the game goes on.
                assert_eq!(pos.state(), GameState::InProgress, "rule {on}, {m}");
                pos.play(check(&pos, m).unwrap()).unwrap();
            }
            assert_eq!(pos.key(), start);
            assert_eq!(pos.occurrences(), round + 1);
        }
        if !on {
            // Without the rule a third occurrence is an ordinary position.
            assert_eq!(pos.state(), GameState::InProgress);
            assert!(!pos.drawn_by_repetition());
            assert!(!pos.legal_moves().is_empty());
            continue;
        }
        assert_eq!(pos.state(), GameState::Draw);
        assert!(pos.drawn_by_repetition());
        assert!(pos.legal_moves().is_empty());
        assert_eq!(pos.count_legal_moves(), 0);
        let step_out = Move::Move {
            piece: id("wQ"),
            from: Hex::new(-1, 0),
            to: Hex::new(0, -1),
        };
        assert_eq!(pos.play(step_out), Err(Illegal::GameOver));
        // Taking the last move back restores the game, its key and its count.
        pos.undo();
        assert_eq!(pos.state(), GameState::InProgress);
        assert!(!pos.drawn_by_repetition());
        assert_eq!(pos.occurrences(), 2);
        let last = check(&pos, SHUFFLE[3]).unwrap();
        pos.play(last).unwrap();
        assert_eq!(pos.state(), GameState::Draw);
        // Undoing everything reaches the empty board with its key.
        while pos.undo().is_some() {}
        assert_eq!(pos.state(), GameState::NotStarted);
        assert_eq!(pos.board().key(), 0);
        assert_eq!(pos.key(), Position::new(GameType::BASE).key());
    }
}

#[test]
fn a_placement_between_repeats_breaks_the_count() {
    // The same shuffle, but a piece is placed after the first round: the boards before it
    // have one piece fewer, so the count starts again and two more rounds give only two.
    let rules = Rules::default().with_repetition_draw(true);
    let mut pos = Position::with_rules(GameType::BASE, rules);
    for m in OPENING.split(';').chain(SHUFFLE) {
        pos.play(check(&pos, m).unwrap()).unwrap();
    }
    assert_eq!(pos.occurrences(), 2);
    // Each Ant touches both its Queen and its Spider, so the Queens stay free to move.
    for m in ["wA1 /wS1", "bA1 bS1\\"] {
        pos.play(check(&pos, m).unwrap()).unwrap();
    }
    assert_eq!(pos.occurrences(), 1);
    for m in SHUFFLE {
        pos.play(check(&pos, m).unwrap()).unwrap();
    }
    assert_eq!(pos.occurrences(), 2);
    assert_eq!(pos.state(), GameState::InProgress);
}
