//! Every error a user can see reads as a sentence: no Rust debug output (`{`, `PieceId(`,
//! `Hex {`) in any variant of the notation, record, permalink and UHP errors. Each list is
//! built by an exhaustive match, so that a new variant fails to compile here until it is
//! listed.

use beeline::engine::hex::Hex;
use beeline::engine::piece::{Bug, Color, GameTypeParseError, Piece};
use beeline::engine::position::{GameState, Illegal};
use beeline::notation::algebraic::{Column, Origin, Square, Thrower};
use beeline::notation::uhp::{GameString, Turn, UhpError};
use beeline::notation::{GameReadError, Kind, Mismatch, ReadError, SyntaxError};
use beeline::record::permalink::PermalinkError;
use beeline::record::position::{PositionError, PositionFault};
use beeline::record::{import, HeaderFault, ImportError, ImportFault, RecordError};

fn assert_sentence(what: &str, message: &str) {
    assert!(!message.trim().is_empty(), "{what}: empty message");
    for bad in ["{", "}", "PieceId(", "Hex {", "Some(", "None"] {
        assert!(
            !message.contains(bad),
            "{what}: '{message}' shows debug output ({bad})"
        );
    }
}

fn piece(name: &str) -> Piece {
    name.parse().unwrap()
}

fn square() -> Square {
    Square::of(Hex::new(1, 2))
}

fn mismatches() -> Vec<Mismatch> {
    let kind = Kind {
        color: Some(Color::White),
        bug: Bug::Ant,
    };
    let all = vec![
        Mismatch::GameOver,
        Mismatch::PassNotLegal,
        Mismatch::MustPass,
        Mismatch::Piece(kind),
        Mismatch::UnknownReference(piece("bQ")),
        Mismatch::NeedsReference,
        Mismatch::ClimbsItself,
        Mismatch::Number {
            bug: Bug::Ant,
            number: 3,
        },
        Mismatch::NotNextToReference {
            bug: Bug::Ant,
            reference: Bug::Queen,
        },
        Mismatch::Unreachable(Bug::Spider),
        Mismatch::Destination {
            piece: kind,
            square: square(),
        },
        Mismatch::NotPlacement {
            piece: kind,
            square: square(),
        },
        Mismatch::NotMovement {
            piece: kind,
            square: square(),
        },
        Mismatch::Origin {
            piece: kind,
            origin: Origin {
                column: Some(Column::of_q(0)),
                row: None,
            },
            square: square(),
        },
        Mismatch::Thrower {
            thrower: Thrower {
                color: Some(Color::Black),
                bug: Bug::Pillbug,
                square: Some(square()),
            },
            piece: kind,
            square: square(),
        },
    ];
    // Exhaustive: a new variant must be added above.
    for m in &all {
        match m {
            Mismatch::GameOver
            | Mismatch::PassNotLegal
            | Mismatch::MustPass
            | Mismatch::Piece(_)
            | Mismatch::UnknownReference(_)
            | Mismatch::NeedsReference
            | Mismatch::ClimbsItself
            | Mismatch::Number { .. }
            | Mismatch::NotNextToReference { .. }
            | Mismatch::Unreachable(_)
            | Mismatch::Destination { .. }
            | Mismatch::NotPlacement { .. }
            | Mismatch::NotMovement { .. }
            | Mismatch::Origin { .. }
            | Mismatch::Thrower { .. } => {}
        }
    }
    all
}

fn read_errors() -> Vec<ReadError> {
    let text = "wA1 -bQ".to_string();
    let mut all = vec![
        ReadError::Syntax(SyntaxError::new("standard", "wA1 --bQ", "two directions")),
        ReadError::Ambiguous {
            text: "A×Qs".into(),
            candidates: vec!["A3×Qs".into(), "A2×Qs".into()],
        },
        ReadError::Illegal {
            text: text.clone(),
            rule: Illegal::QueenOnFirstTurn,
        },
    ];
    all.extend(mismatches().into_iter().map(|why| ReadError::NoMatch {
        text: text.clone(),
        why,
    }));
    for e in &all {
        match e {
            ReadError::Syntax(_)
            | ReadError::NoMatch { .. }
            | ReadError::Ambiguous { .. }
            | ReadError::Illegal { .. } => {}
        }
    }
    all
}

fn import_faults() -> Vec<ImportFault> {
    let mut all = vec![
        ImportFault::Illegal(Illegal::QueenRequired),
        ImportFault::TurnRepeated,
        ImportFault::TurnMissing {
            turn: 2,
            color: Color::Black,
        },
        ImportFault::UnreadableDrop,
        ImportFault::UnreadableMove,
        ImportFault::NoSuchPiece,
    ];
    all.extend(read_errors().into_iter().map(ImportFault::Read));
    for f in &all {
        match f {
            ImportFault::Read(_)
            | ImportFault::Illegal(_)
            | ImportFault::TurnRepeated
            | ImportFault::TurnMissing { .. }
            | ImportFault::UnreadableDrop
            | ImportFault::UnreadableMove
            | ImportFault::NoSuchPiece => {}
        }
    }
    all
}

fn record_errors() -> Vec<RecordError> {
    let faults = vec![
        HeaderFault::GameType(GameTypeParseError("Chess".into())),
        HeaderFault::NotHive("chess".into()),
        HeaderFault::UnknownVariant("hive-x".into()),
        HeaderFault::NoSgfProperties,
    ];
    for f in &faults {
        match f {
            HeaderFault::GameType(_)
            | HeaderFault::NotHive(_)
            | HeaderFault::UnknownVariant(_)
            | HeaderFault::NoSgfProperties => {}
        }
    }
    let mut all = vec![
        RecordError::Empty,
        RecordError::TooLarge(2_000_000),
        RecordError::UnknownFormat,
        RecordError::Position(PositionError {
            line: 2,
            text: "wZ".into(),
            fault: PositionFault::UnknownBug,
        }),
    ];
    all.extend(
        faults
            .into_iter()
            .map(|fault| RecordError::Header { line: 3, fault }),
    );
    for e in &all {
        match e {
            RecordError::Empty
            | RecordError::TooLarge(_)
            | RecordError::UnknownFormat
            | RecordError::Position(_)
            | RecordError::Header { .. } => {}
        }
    }
    all
}

fn permalink_errors() -> Vec<PermalinkError> {
    let all = vec![
        PermalinkError::Empty,
        PermalinkError::TooLong,
        PermalinkError::Character('%'),
        PermalinkError::Length,
        PermalinkError::Checksum,
        PermalinkError::Version(9),
        PermalinkError::Truncated,
        PermalinkError::Header,
        PermalinkError::TooManyMoves,
        PermalinkError::BadMove(4),
        PermalinkError::Duplicate(5),
        PermalinkError::Text,
        PermalinkError::Note,
        PermalinkError::Shown,
        PermalinkError::Trailing,
        PermalinkError::Setup("a stack of no pieces".into()),
    ];
    for e in &all {
        match e {
            PermalinkError::Empty
            | PermalinkError::TooLong
            | PermalinkError::Character(_)
            | PermalinkError::Length
            | PermalinkError::Checksum
            | PermalinkError::Version(_)
            | PermalinkError::Truncated
            | PermalinkError::Header
            | PermalinkError::TooManyMoves
            | PermalinkError::BadMove(_)
            | PermalinkError::Duplicate(_)
            | PermalinkError::Text
            | PermalinkError::Note
            | PermalinkError::Shown
            | PermalinkError::Trailing
            | PermalinkError::Setup(_) => {}
        }
    }
    all
}

fn uhp_errors() -> Vec<UhpError> {
    let white = |number| Turn {
        color: Color::White,
        number,
    };
    let mut all = vec![
        UhpError::Empty,
        UhpError::GameType(GameTypeParseError("Chess".into())),
        UhpError::State("Playing".into()),
        UhpError::Turn("Red[1]".into()),
        UhpError::TurnMismatch {
            said: white(3),
            actual: white(2),
            moves: 2,
        },
        UhpError::StateMismatch {
            said: GameState::InProgress,
            actual: GameState::WhiteWins,
        },
    ];
    all.extend(
        read_errors()
            .into_iter()
            .map(|error| UhpError::Move { index: 3, error }),
    );
    for e in &all {
        match e {
            UhpError::Empty
            | UhpError::GameType(_)
            | UhpError::State(_)
            | UhpError::Turn(_)
            | UhpError::Move { .. }
            | UhpError::TurnMismatch { .. }
            | UhpError::StateMismatch { .. } => {}
        }
    }
    all
}

#[test]
fn every_reading_error_is_a_sentence() {
    for e in read_errors() {
        assert_sentence("ReadError", &e.to_string());
        let in_game = GameReadError { index: 7, error: e };
        let shown = in_game.to_string();
        assert_sentence("GameReadError", &shown);
        assert!(shown.starts_with("move 7: "), "{shown}");
    }
}

#[test]
fn every_import_error_is_a_sentence_naming_line_and_text() {
    for fault in import_faults() {
        let e = ImportError {
            line: 12,
            text: "wA1 -bQ".into(),
            fault,
        };
        let shown = e.to_string();
        assert_sentence("ImportError", &shown);
        assert!(shown.starts_with("line 12: "), "{shown}");
        assert!(
            shown.contains("wA1 -bQ") || shown.contains("A×Qs") || shown.contains("--bQ"),
            "{shown}"
        );
    }
    for e in record_errors() {
        assert_sentence("RecordError", &e.to_string());
    }
}

#[test]
fn every_link_and_uhp_error_is_a_sentence() {
    for e in permalink_errors() {
        assert_sentence("PermalinkError", &e.to_string());
    }
    for e in uhp_errors() {
        assert_sentence("UhpError", &e.to_string());
    }
}

/// Real failures, end to end: the message names the move, its text and the rule.
#[test]
fn real_failures_name_the_move_text_and_rule() {
    let rec = import("Base;InProgress;White[3];wS1;bS1 -wS1;wQ bQ-", None).unwrap();
    let e = rec.error.unwrap();
    let shown = e.to_string();
    assert_sentence("import", &shown);
    assert!(
        shown.contains("line 1") && shown.contains("wQ bQ-"),
        "{shown}"
    );
    let g: GameString = "Base;InProgress;White[2];wS1;pass".parse().unwrap();
    let shown = g.replay().unwrap_err().to_string();
    assert_sentence("replay", &shown);
    assert!(shown.contains("move 2: 'pass'"), "{shown}");
    let rec = import("1. L P\n2. M+Lm Q+Pz\n", None).unwrap();
    let shown = rec.error.unwrap().to_string();
    assert_sentence("direction list", &shown);
    assert!(
        shown.contains("Q+Pz") && shown.contains("direction"),
        "{shown}"
    );
}
