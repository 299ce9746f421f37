//! Standard (BoardSpace/UHP) notation: reference choice shared with the direction notation,
//! climbing, the first move, the reader's variants and legality errors.

use beeline::engine::piece::GameType;
use beeline::engine::position::{Illegal, Move, Position, Rules};
use beeline::notation::uhp::{GameString, MoveError};
use beeline::notation::{direction, frame::Frame, standard};

fn direction_game(texts: &[&str]) -> Position {
    let mut pos = Position::new(GameType::MLP);
    for t in texts {
        pos.play(direction::read(&pos, t).unwrap()).unwrap();
    }
    pos
}

/// Game 1 of the direction article, first 19 plies (built in the canonical frame).
const OPENING: [&str; 19] = [
    "L", "P", "M+Lm", "A+Pn", "Q+Ls", "Q+Pa", "P+Qa", "A×Mm", "A+Pa", "A+Qa", "A×A1a", "M+Qf",
    "B+Lr", "A+Mr", "Ba", "MQs", "Qs", "A2×Qs", "Bn",
];

#[test]
fn writer_uses_the_direction_notations_reference() {
    let pos = direction_game(&OPENING);
    let written: Vec<String> =
        standard::write_game(GameType::MLP, Rules::default(), &pos.moves(), false)
            .iter()
            .map(|m| m.to_string())
            .collect();
    assert_eq!(written[0], "wL"); // first move: the bare piece
    assert_eq!(written[1], "bP wL-");
    assert_eq!(written[4], "wQ /wL"); // Q+Ls
    assert_eq!(written[7], "bA1 -wM"); // A×Mm
    assert_eq!(written[10], "wA1 bA2\\"); // A×A1a: the direction notation's A1 is bA2
    assert_eq!(written[14], "wB1 wL"); // Ba: climbing names the top of the stack climbed
    assert_eq!(written[15], "bM /bQ"); // MQs
    assert_eq!(written[17], "bA3 /wQ"); // A2×Qs
    assert_eq!(written[18], "wB1 bP"); // Bn: climbing
                                       // Direct destination (9. Qs): the same priorities among the destination's neighbours,
                                       // never the Queen itself: the Pillbug (unique bug) beats the white Ant.
    assert_eq!(written[16], "wQ -wP");
    // Canonical and record frames agree for a game built in the canonical frame.
    let canon = standard::write_game(GameType::MLP, Rules::default(), &pos.moves(), true);
    assert_eq!(
        canon.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        written
    );
}

#[test]
fn record_and_canonical_directions_differ_for_a_turned_board() {
    // Black's first piece north-west of White's; the first off-axis piece north of the line.
    let g: GameString = "Base;InProgress;White[4];wS1;bS1 \\wS1;wQ wS1\\;bQ \\bS1;wA1 wQ/;bA1 bQ/"
        .parse()
        .unwrap();
    let pos = g.replay().unwrap();
    let moves = pos.moves();
    let own = standard::write_game(GameType::BASE, Rules::default(), &moves, false);
    let canon = standard::write_game(GameType::BASE, Rules::default(), &moves, true);
    assert_eq!(own[1].to_string(), "bS1 \\wS1");
    assert_eq!(canon[1].to_string(), "bS1 wS1-"); // noon is east in the canonical frame
    assert_eq!(canon[2].to_string(), "wQ -wS1");
    // Read back: own strings in the record frame, canonical ones against the canonical frame.
    let mut a = Position::new(GameType::BASE);
    let mut b = Position::new(GameType::BASE);
    let f = Frame::of_moves(&moves);
    for (i, mv) in moves.iter().enumerate() {
        let ma = standard::read(&a, None, &own[i].to_string()).unwrap();
        assert_eq!(ma, *mv);
        a.play(ma).unwrap();
        let fb = Frame::of_moves(&b.moves());
        let mb = standard::read(&b, Some(&fb), &canon[i].to_string()).unwrap();
        assert_eq!(
            mb.to(),
            mv.to().map(|h| f.to_canonical(h)),
            "move {}",
            i + 1
        );
        b.play(mb).unwrap();
    }
}

#[test]
fn reader_variants_and_errors() {
    let mut pos = Position::new(GameType::MLP);
    for first in ["wL", "wL .", "wL1", "WL", "wl ."] {
        assert_eq!(
            standard::read(&pos, None, first),
            Ok(Move::Place {
                piece: "wL".parse::<beeline::engine::piece::Piece>().unwrap().id(),
                to: beeline::engine::hex::Hex::ORIGIN
            }),
            "{first}"
        );
    }
    match standard::read(&pos, None, "wQ") {
        Err(e) => assert_eq!(e.error, MoveError::Illegal(Illegal::QueenOnFirstTurn)),
        other => panic!("{other:?}"),
    }
    pos.play(standard::read(&pos, None, "wL").unwrap()).unwrap();
    pos.play(standard::read(&pos, None, "bP1 wL-").unwrap())
        .unwrap();
    pos.play(standard::read(&pos, None, "wM1 -wL").unwrap())
        .unwrap();
    pos.play(standard::read(&pos, None, "BA1 bp-").unwrap())
        .unwrap();
    // Any valid reference: (-1, 1) is south-west of wL and south-east of wM.
    let c = standard::read(&pos, None, "wQ wM\\").unwrap();
    assert_eq!(c.to(), Some(beeline::engine::hex::Hex::new(-1, 1)));
    assert_eq!(standard::read(&pos, None, "wQ /wL"), Ok(c));
    assert_eq!(standard::write(&pos, None, c).to_string(), "wQ /wL");
    // Illegal: touches the opponent; unknown reference; self reference; syntax.
    let e = standard::read(&pos, None, "wQ wL/").unwrap_err();
    assert_eq!(e.error, MoveError::Illegal(Illegal::TouchesOpponent));
    assert!(e.to_string().contains("wQ wL/"));
    assert!(matches!(
        standard::read(&pos, None, "wQ -wG1").unwrap_err().error,
        MoveError::UnknownReference(_)
    ));
    assert!(matches!(
        standard::read(&pos, None, "wM -wM").unwrap_err().error,
        MoveError::SelfReference(_)
    ));
    assert!(matches!(
        standard::read(&pos, None, "wQ -wL-").unwrap_err().error,
        MoveError::Syntax(_)
    ));
    assert!(matches!(
        standard::read(&pos, None, "pass").unwrap_err().error,
        MoveError::Illegal(Illegal::MustMove(_))
    ));
}

#[test]
fn uhp_example_game_replays() {
    let text = "Base+MLP;WhiteWins;Black[16];wP;bS1 \\wP;wM wP\\;bA1 -bS1;wQ -wM;bQ bS1/;wA1 wM/;bA1 /wQ;wM bQ/;bB1 -bA1;wA1 -bQ;bB1 bA1;wB1 wM-;bB1 wQ;wB1 wM\\;bA2 -bB1;wG1 wB1/;bA3 bB1\\;wG1 -wM;bM \\bA2;wG2 \\wG1;bA1 \\wG2;wG3 wB1/;bA3 wG3/;wL \\wM;bM wL/;wA2 -wG1;bA2 wB1\\;wA2 -bM;bA1 -wG2;wL -bA2";
    let g: GameString = text.parse().unwrap();
    let mut pos = Position::new(GameType::MLP);
    for m in &g.moves {
        let mv = standard::read(&pos, None, m).unwrap_or_else(|e| panic!("{e}"));
        pos.play(mv).unwrap();
    }
    assert_eq!(pos.state(), beeline::engine::position::GameState::WhiteWins);
    // Written back and read again, the same game.
    let written = standard::write_game(GameType::MLP, Rules::default(), &pos.moves(), false);
    let mut again = Position::new(GameType::MLP);
    for (i, w) in written.iter().enumerate() {
        let mv = standard::read(&again, None, &w.to_string()).unwrap();
        assert_eq!(mv, pos.moves()[i]);
        again.play(mv).unwrap();
    }
    // Climbs name the top of the stack climbed.
    assert_eq!(written[11].to_string(), "bB1 bA1");
    assert_eq!(written[13].to_string(), "bB1 wQ");
}

#[test]
fn writing_a_long_game_is_fast() {
    // 100 plies of a real-looking game: direction and standard, written 50 times.
    let g: GameString = "Base+MLP;WhiteWins;Black[16];wP;bS1 \\wP;wM wP\\;bA1 -bS1;wQ -wM;bQ bS1/;wA1 wM/;bA1 /wQ;wM bQ/;bB1 -bA1;wA1 -bQ;bB1 bA1;wB1 wM-;bB1 wQ;wB1 wM\\;bA2 -bB1;wG1 wB1/;bA3 bB1\\;wG1 -wM;bM \\bA2;wG2 \\wG1;bA1 \\wG2;wG3 wB1/;bA3 wG3/;wL \\wM;bM wL/;wA2 -wG1;bA2 wB1\\;wA2 -bM;bA1 -wG2;wL -bA2".parse().unwrap();
    let moves = g.replay().unwrap().moves();
    let start = std::time::Instant::now();
    for _ in 0..50 {
        let d = direction::write_game(GameType::MLP, Rules::default(), &moves, false);
        let s = standard::write_game(GameType::MLP, Rules::default(), &moves, true);
        assert_eq!(d.len(), s.len());
    }
    let per_ply = start.elapsed() / (50 * moves.len() as u32);
    println!("direction + standard: {per_ply:?} per ply");
    // Generous bound (debug builds, busy machines); release is far below it.
    assert!(per_ply < std::time::Duration::from_millis(1));
}
