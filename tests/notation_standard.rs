//! Standard (BoardSpace/UHP) notation: reference choice shared with the direction notation,
//! climbing, the first move, the reader's variants and legality errors.

use beeline::engine::piece::GameType;
use beeline::engine::position::{Illegal, Move, Position};
use beeline::notation::direction::DirectionMove;
use beeline::notation::uhp::{GameString, MoveString};
use beeline::notation::{frame::Frame, read_game, write_game, Coordinates, Mismatch};
use beeline::notation::{Notation, ReadError};

fn direction_game(texts: &[&str]) -> Position {
    let mut pos = Position::new(GameType::MLP);
    read_game::<DirectionMove, _>(&mut pos, Coordinates::Canonical, texts).unwrap();
    pos
}

/// Reads a move in the record's own coordinates, or in a canonical frame.
fn read(pos: &Position, frame: Option<&Frame>, text: &str) -> Result<Move, ReadError> {
    MoveString::read(pos, frame.unwrap_or(&Frame::ENGINE), text)
}

/// The game in standard notation, in its own coordinates or canonically.
fn standard_game(gt: GameType, moves: &[Move], coordinates: Coordinates) -> Vec<String> {
    write_game::<MoveString>(&Position::new(gt), moves, coordinates, ())
}

/// Game 1 of the direction article, first 19 plies (built in the canonical frame).
const OPENING: [&str; 19] = [
    "L", "P", "M+Lm", "A+Pn", "Q+Ls", "Q+Pa", "P+Qa", "A×Mm", "A+Pa", "A+Qa", "A×A1a", "M+Qf",
    "B+Lr", "A+Mr", "Ba", "MQs", "Qs", "A2×Qs", "Bn",
];

#[test]
fn writer_uses_the_direction_notations_reference() {
    let pos = direction_game(&OPENING);
    let written = standard_game(GameType::MLP, &pos.moves(), Coordinates::Record);
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
    let canon = standard_game(GameType::MLP, &pos.moves(), Coordinates::Canonical);
    assert_eq!(canon, written);
}

#[test]
fn record_and_canonical_directions_differ_for_a_turned_board() {
    // Black's first piece north-west of White's; the first off-axis piece north of the line.
    let g: GameString = "Base;InProgress;White[4];wS1;bS1 \\wS1;wQ wS1\\;bQ \\bS1;wA1 wQ/;bA1 bQ/"
        .parse()
        .unwrap();
    let pos = g.replay().unwrap();
    let moves = pos.moves();
    let own = standard_game(GameType::BASE, &moves, Coordinates::Record);
    let canon = standard_game(GameType::BASE, &moves, Coordinates::Canonical);
    assert_eq!(own[1].to_string(), "bS1 \\wS1");
    assert_eq!(canon[1].to_string(), "bS1 wS1-"); // noon is east in the canonical frame
    assert_eq!(canon[2].to_string(), "wQ -wS1");
    // Read back: own strings in the record frame, canonical ones against the canonical frame.
    let mut a = Position::new(GameType::BASE);
    let mut b = Position::new(GameType::BASE);
    let f = Frame::of_moves(&moves);
    for (i, mv) in moves.iter().enumerate() {
        let ma = read(&a, None, &own[i].to_string()).unwrap();
        assert_eq!(ma, *mv);
        a.play(ma).unwrap();
        let fb = Frame::of_moves(&b.moves());
        let mb = read(&b, Some(&fb), &canon[i].to_string()).unwrap();
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
            read(&pos, None, first),
            Ok(Move::Place {
                piece: "wL".parse::<beeline::engine::piece::Piece>().unwrap().id(),
                to: beeline::engine::hex::Hex::ORIGIN
            }),
            "{first}"
        );
    }
    match read(&pos, None, "wQ") {
        Err(ReadError::Illegal { text, rule }) => {
            assert_eq!((text.as_str(), rule), ("wQ", Illegal::QueenOnFirstTurn))
        }
        other => panic!("{other:?}"),
    }
    pos.play(read(&pos, None, "wL").unwrap()).unwrap();
    pos.play(read(&pos, None, "bP1 wL-").unwrap()).unwrap();
    pos.play(read(&pos, None, "wM1 -wL").unwrap()).unwrap();
    pos.play(read(&pos, None, "BA1 bp-").unwrap()).unwrap();
    // Any valid reference: (-1, 1) is south-west of wL and south-east of wM.
    let c = read(&pos, None, "wQ wM\\").unwrap();
    assert_eq!(c.to(), Some(beeline::engine::hex::Hex::new(-1, 1)));
    assert_eq!(read(&pos, None, "wQ /wL"), Ok(c));
    assert_eq!(
        MoveString::from_move(&pos, c, &Frame::ENGINE).to_string(),
        "wQ /wL"
    );
    // Illegal: touches the opponent; unknown reference; self reference; syntax.
    let e = read(&pos, None, "wQ wL/").unwrap_err();
    assert!(matches!(
        e,
        ReadError::Illegal {
            rule: Illegal::TouchesOpponent,
            ..
        }
    ));
    assert!(e.to_string().contains("wQ wL/"));
    assert!(matches!(
        read(&pos, None, "wQ -wG1").unwrap_err(),
        ReadError::NoMatch {
            why: Mismatch::UnknownReference(_),
            ..
        }
    ));
    assert!(matches!(
        read(&pos, None, "wM wM").unwrap_err(),
        ReadError::NoMatch {
            why: Mismatch::ClimbsItself,
            ..
        }
    ));
    assert!(matches!(
        read(&pos, None, "wQ -wL-").unwrap_err(),
        ReadError::Syntax(_)
    ));
    assert!(matches!(
        read(&pos, None, "pass").unwrap_err(),
        ReadError::Illegal {
            rule: Illegal::MustMove(_),
            ..
        }
    ));
}

/// A move may name the moving piece itself as its reference: `wB1 /wB1` steps the Beetle
/// down south-west of the stack it leaves. Readers accept it; writers never produce it.
#[test]
fn the_moved_piece_may_be_its_own_reference() {
    let g: GameString =
        "Base;InProgress;White[5];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wS1;bB1 bQ/;wB1 wS1;bA1 bQ\\"
            .parse()
            .unwrap();
    let pos = g.replay().unwrap();
    // wB1 stands on wS1 at the origin; south-west of it is empty and touches wQ.
    let mv = read(&pos, None, "wB1 /wB1").unwrap();
    assert_eq!(mv.to(), Some(beeline::engine::hex::Hex::new(-1, 1)));
    let written = MoveString::from_move(&pos, mv, &Frame::ENGINE).to_string();
    assert_ne!(written, "wB1 /wB1");
    assert_eq!(read(&pos, None, &written), Ok(mv));
    // As a GameString too.
    let again: GameString = format!("{g};wB1 /wB1").parse().unwrap();
    assert!(again.moves.last().is_some_and(|m| m == "wB1 /wB1"));
    let mut p = pos.clone();
    beeline::notation::uhp::replay_moves(&mut p, &["wB1 /wB1"]).unwrap();
    assert_eq!(p.last_move(), Some(mv));
}

#[test]
fn uhp_example_game_replays() {
    let text = "Base+MLP;WhiteWins;Black[16];wP;bS1 \\wP;wM wP\\;bA1 -bS1;wQ -wM;bQ bS1/;wA1 wM/;bA1 /wQ;wM bQ/;bB1 -bA1;wA1 -bQ;bB1 bA1;wB1 wM-;bB1 wQ;wB1 wM\\;bA2 -bB1;wG1 wB1/;bA3 bB1\\;wG1 -wM;bM \\bA2;wG2 \\wG1;bA1 \\wG2;wG3 wB1/;bA3 wG3/;wL \\wM;bM wL/;wA2 -wG1;bA2 wB1\\;wA2 -bM;bA1 -wG2;wL -bA2";
    let g: GameString = text.parse().unwrap();
    let mut pos = Position::new(GameType::MLP);
    for m in &g.moves {
        let mv = read(&pos, None, m).unwrap_or_else(|e| panic!("{e}"));
        pos.play(mv).unwrap();
    }
    assert_eq!(pos.state(), beeline::engine::position::GameState::WhiteWins);
    // Written back and read again, the same game.
    let written = standard_game(GameType::MLP, &pos.moves(), Coordinates::Record);
    let mut again = Position::new(GameType::MLP);
    for (i, w) in written.iter().enumerate() {
        let mv = read(&again, None, &w.to_string()).unwrap();
        assert_eq!(mv, pos.moves()[i]);
        again.play(mv).unwrap();
    }
    // Climbs name the top of the stack climbed.
    assert_eq!(written[11].to_string(), "bB1 bA1");
    assert_eq!(written[13].to_string(), "bB1 wQ");
}
