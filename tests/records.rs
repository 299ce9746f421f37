//! Importing and exporting records: every format and every quirk, on hand-made records in
//! `tests/data/records/` (all of them one legal 31-ply Base+MLP game, or a part of it,
//! written in different ways).

use beeline::engine::position::{GameState, Move, Position, Rules};
use beeline::notation::algebraic::{AlgebraicMove, Form};
use beeline::notation::direction::{DirectionMove, Style};
use beeline::notation::uhp::GameString;
use beeline::notation::uhp::MoveString;
use beeline::notation::Coordinates;
use beeline::record::export;
use beeline::record::{import, Format, Record, RecordError};

mod common;
use common::data;

/// The reference game, replayed by the engine from its GameString.
fn reference() -> Position {
    let g: GameString = data("game.uhp").trim().parse().unwrap();
    g.replay().unwrap()
}

/// Records in the record frame must give exactly the reference game's moves.
fn assert_reference_game(rec: &Record, plies: usize) {
    let moves = reference().moves();
    assert_eq!(rec.moves.len(), plies, "{:?}", rec.error);
    assert_eq!(rec.moves[..], moves[..plies]);
}

/// Records read in the canonical frame: same game up to rotation and mirroring, so every
/// position after every ply must have the same direction notation.
fn assert_same_game_up_to_frame(rec: &Record) {
    let reference = import(&data("game.uhp"), None).unwrap();
    assert_eq!(rec.moves.len(), reference.moves.len());
    assert_eq!(
        export::moves_in::<DirectionMove>(rec, Style::Unicode),
        export::moves_in::<DirectionMove>(&reference, Style::Unicode)
    );
    assert_eq!(rec.position().state(), GameState::WhiteWins);
}

#[test]
fn uhp_game_string() {
    let rec = import(&data("game.uhp"), None).unwrap();
    assert_eq!(rec.format, Format::Uhp);
    assert_eq!(rec.coordinates, Coordinates::Record);
    assert_reference_game(&rec, 31);
    assert!(rec.notices.is_empty(), "{:?}", rec.notices);
    assert_eq!(rec.result(), GameState::WhiteWins);
}

#[test]
fn uhp_lenient_header_gives_notices() {
    let rec = import(&data("uhp_lenient_header.uhp"), None).unwrap();
    assert_reference_game(&rec, 12);
    assert!(rec.error.is_none());
    assert_eq!(rec.notices.len(), 2, "{:?}", rec.notices);
    assert!(rec.notices[0].contains("black[9]"));
    assert!(rec.notices[1].contains("White[7]"));
}

#[test]
fn mzinga_pgn_with_tags_comments_and_result() {
    let rec = import(&data("mzinga.pgn"), None).unwrap();
    assert_eq!(rec.format, Format::Pgn);
    assert_reference_game(&rec, 31);
    let m = &rec.meta;
    assert_eq!(m.white.as_deref(), Some("alice"));
    assert_eq!(m.black.as_deref(), Some("bob"));
    assert_eq!(m.date.as_deref(), Some("2024.03.01"));
    assert_eq!(m.event.as_deref(), Some("Club night"));
    assert_eq!(m.site, None);
    assert_eq!(m.result, Some(GameState::WhiteWins));
    assert_eq!(
        m.extra,
        vec![("Annotator".to_string(), "carol".to_string())]
    );
    assert_eq!(rec.comment_at(5), Some("the Queen comes out"));
    assert_eq!(rec.comment_at(12), Some("bB1 climbs"));
    assert_eq!(rec.tree.nodes().len(), rec.moves.len());
    assert_eq!(
        rec.tree
            .nodes()
            .iter()
            .filter(|&&n| rec.tree.comment(n).is_some())
            .count(),
        2
    );
}

#[test]
fn hivegame_pgn_with_chess_results_and_boardspace_names() {
    let rec = import(&data("hivegame.pgn"), None).unwrap();
    assert_eq!(rec.format, Format::Pgn);
    assert_reference_game(&rec, 31);
    assert_eq!(rec.meta.result, Some(GameState::WhiteWins));
    assert_eq!(rec.meta.site.as_deref(), Some("hivegame.com"));
    assert_eq!(rec.meta.round.as_deref(), Some("3"));
    assert_eq!(rec.notices.len(), 1, "{:?}", rec.notices);
    assert!(rec.notices[0].contains("wP1"));
}

#[test]
fn boardgamearena_numbering_is_repaired() {
    let rec = import(&data("bga_numbering.pgn"), None).unwrap();
    assert_reference_game(&rec, 31);
    assert_eq!(rec.notices.len(), 4, "{:?}", rec.notices);
    assert!(rec
        .notices
        .iter()
        .any(|n| n.contains("bA3 is the first black") && n.contains("read as bA1")));
}

#[test]
fn illegal_move_keeps_the_prefix_and_names_the_move() {
    let rec = import(&data("illegal_move.pgn"), None).unwrap();
    assert_reference_game(&rec, 8);
    let e = rec.error.as_ref().unwrap();
    assert_eq!(e.line, 11);
    assert_eq!(e.text, "wS1 bA1-");
    let fault = e.fault.to_string();
    assert!(fault.contains("touch the opponent"), "{fault}");
    let shown = e.to_string();
    assert!(
        shown.contains("line 11") && shown.contains("wS1 bA1-"),
        "{shown}"
    );
}

#[test]
fn queen_opening_loads_with_a_notice() {
    let rec = import(&data("queen_opening.pgn"), None).unwrap();
    assert!(rec.error.is_none());
    assert_eq!(rec.moves.len(), 4);
    assert!(!rec.rules.tournament_opening);
    assert!(rec.notices[0].contains("Queen on the first turn"));
    // Only that rule is relaxed: another illegal move still stops the import.
    let bad = import(
        "[GameType \"Base\"]\n\n1. wQ\n2. bQ wQ-\n3. wA1 bQ-\n",
        None,
    )
    .unwrap();
    assert_eq!(bad.moves.len(), 2);
    assert!(bad.error.is_some());
    // A modern game with a legal opening keeps the tournament rule.
    assert!(
        import(&data("game.uhp"), None)
            .unwrap()
            .rules
            .tournament_opening
    );
}

#[test]
fn boardspace_sgf_modern_dialect() {
    let rec = import(&data("boardspace_modern.sgf"), None).unwrap();
    assert_eq!(rec.format, Format::Sgf);
    // Re-drops, a piece put back, MoveDone, declined draw, `.` climbs, a trailing-dot
    // climb, an omitted reference on an empty cell, Pdropb and PMove: all 31 plies.
    assert_reference_game(&rec, 31);
    assert!(rec.error.is_none(), "{:?}", rec.error);
    assert!(rec.notices.is_empty(), "{:?}", rec.notices);
    let m = &rec.meta;
    assert_eq!(m.white.as_deref(), Some("alice"));
    assert_eq!(m.black.as_deref(), Some("bob"));
    assert_eq!(m.date.as_deref(), Some("2024.03.02"));
    // The result sentence is French: the winner is found by the player id in it.
    assert_eq!(m.result, Some(GameState::WhiteWins));
    assert!(m.extra.contains(&(
        "SgfGameName".to_string(),
        "T!HV-alice-bob-2024-03-02-1915".to_string()
    )));
}

#[test]
fn boardspace_sgf_old_dialect_resign_and_record_twice() {
    let rec = import(&data("boardspace_old_twice.sgf"), None).unwrap();
    assert_eq!(rec.format, Format::Sgf);
    // The file holds the record twice: only the first copy is read.
    assert_reference_game(&rec, 12);
    assert_eq!(rec.meta.result, Some(GameState::WhiteWins));
    assert_eq!(rec.meta.date.as_deref(), Some("2013.04.19"));
    assert!(rec.notices.iter().any(|n| n.contains("old dialect")));
    assert!(rec.notices.iter().any(|n| n.contains("Black resigns")));
}

#[test]
fn sgf_passes_draws_and_empty_dones() {
    // A two-move game, then an empty Done by the side to move where a move exists: it is
    // not a pass, so it is ignored with a notice.
    let text = "(;GM[27]SU[hive]P0[id \"ann\"]P1[id \"bob\"]RE[The game is a draw]\n\
        ; P0[1 dropb wS1 N 13 .]\n; P0[2 done]\n\
        ; P1[3 dropb bS1 O 13 wS1-]\n; P1[4 done]\n\
        ; P0[5 done]\n)";
    let rec = import(text, None).unwrap();
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(rec.meta.result, Some(GameState::Draw));
    assert!(rec.notices[0].contains("empty Done"), "{:?}", rec.notices);
    // An unknown variant is a header error: nothing can be read.
    let ultimate = "(;GM[27]SU[Hive-Ultimate]\n; P0[1 dropb wS1 N 13 .]\n)";
    assert!(matches!(
        import(ultimate, None),
        Err(RecordError::Header { line: 1, .. })
    ));
}

#[test]
fn standard_list_in_numbered_turns() {
    let rec = import(&data("standard_turns.txt"), None).unwrap();
    assert_eq!(rec.format, Format::Standard);
    assert_eq!(rec.coordinates, Coordinates::Record);
    assert_reference_game(&rec, 31);
    assert_eq!(rec.meta.white.as_deref(), Some("alice"));
    assert_eq!(rec.meta.date.as_deref(), Some("2024.03.01"));
    assert!(rec.notices.is_empty(), "{:?}", rec.notices);
}

#[test]
fn direction_tables_as_in_the_notation_examples() {
    let rec = import(&data("direction_tables.md"), None).unwrap();
    assert_eq!(rec.format, Format::Direction);
    assert_eq!(rec.coordinates, Coordinates::Canonical);
    assert!(rec.error.is_none(), "{:?}", rec.error);
    assert_same_game_up_to_frame(&rec);
    assert_eq!(rec.meta.white.as_deref(), Some("alice"));
    assert_eq!(rec.meta.black.as_deref(), Some("bob"));
    assert_eq!(rec.meta.date.as_deref(), Some("2024.03.01"));
    assert_eq!(rec.meta.event.as_deref(), Some("Club night"));
    assert_eq!(rec.game_type.to_string(), "Base+MLP");
    assert!(rec.notices.iter().any(|n| n.contains("second game")));
}

#[test]
fn direction_list_in_ascii() {
    let rec = import(&data("direction_ascii.txt"), None).unwrap();
    assert_eq!(rec.format, Format::Direction);
    assert_same_game_up_to_frame(&rec);
}

#[test]
fn algebraic_lists_in_every_form() {
    for (name, event) in [
        ("algebraic_long.txt", None),
        ("algebraic_short.txt", Some("algebraic short")),
        ("algebraic_compressed.txt", Some("algebraic compressed")),
    ] {
        let rec = import(&data(name), None).unwrap();
        assert_eq!(rec.format, Format::Algebraic, "{name}");
        assert_eq!(rec.coordinates, Coordinates::Canonical);
        assert!(rec.error.is_none(), "{name}: {:?}", rec.error);
        assert_same_game_up_to_frame(&rec);
        assert_eq!(rec.meta.event.as_deref(), event);
    }
    let long = import(&data("algebraic_long.txt"), None).unwrap();
    assert_eq!(long.meta.white.as_deref(), Some("alice"));
}

#[test]
fn move_lists_fill_in_forced_passes_in_tables_and_stop_on_gaps() {
    // Turn 2 of Black is missing but a move was possible: an error naming the turn.
    let text = "| Turn | Player 1 | Player 2 |\n|---|---|---|\n| 1. | S | S |\n| 2. | Q+Ss |  |\n| 3. | A+Qs | |\n";
    let rec = import(text, Some(Format::Direction)).unwrap();
    assert_eq!(rec.moves.len(), 3);
    let e = rec.error.unwrap();
    assert_eq!(e.line, 5);
    let fault = e.fault.to_string();
    assert!(fault.contains("turn 2 of Black is missing"), "{fault}");
}

#[test]
fn passes_in_move_lists() {
    // `--`, `—` and `pass` are passes; an illegal pass is an error with the engine's reason.
    let rec = import("S\nS\n--\n", Some(Format::Direction)).unwrap();
    assert_eq!(rec.moves.len(), 2);
    // No game type named and no expansion bug used: Base (when the whole list reads).
    assert_eq!(rec.game_type, beeline::engine::piece::GameType::MLP);
    let base = import("S\nS\nQ+Ss\n", Some(Format::Direction)).unwrap();
    assert_eq!(base.game_type, beeline::engine::piece::GameType::BASE);
    assert!(base.notices[0].contains("read as Base"));
    assert!(rec.error.unwrap().fault.to_string().contains("pass"));
}

#[test]
fn detection() {
    for (name, f) in [
        ("game.uhp", Format::Uhp),
        ("mzinga.pgn", Format::Pgn),
        ("hivegame.pgn", Format::Pgn),
        ("boardspace_modern.sgf", Format::Sgf),
        ("boardspace_old_twice.sgf", Format::Sgf),
        ("standard_turns.txt", Format::Standard),
        ("direction_tables.md", Format::Direction),
        ("direction_ascii.txt", Format::Direction),
        ("algebraic_long.txt", Format::Algebraic),
        ("algebraic_short.txt", Format::Algebraic),
        ("algebraic_compressed.txt", Format::Algebraic),
        // With variations.
        ("variations.pgn", Format::Pgn),
        ("boardspace_variations.sgf", Format::Sgf),
        ("direction_variations.txt", Format::Direction),
    ] {
        assert_eq!(
            beeline::record::detect::detect(&data(name)),
            Some(f),
            "{name}"
        );
    }
    // A PGN body without tags is still PGN (one numbered ply per line).
    assert_eq!(
        beeline::record::detect::detect("1. wS1\n2. bS1 -wS1\n3. wQ wS1/\n"),
        Some(Format::Pgn)
    );
}

#[test]
fn refusals() {
    assert_eq!(import("", None), Err(RecordError::Empty));
    assert_eq!(import(" \n\t", None), Err(RecordError::Empty));
    let big = "1. wS1\n".repeat(200_000);
    assert!(matches!(import(&big, None), Err(RecordError::TooLarge(_))));
    assert!(import("Chess;InProgress;White[1]", Some(Format::Uhp)).is_err());
}

#[test]
fn exports_round_trip() {
    for name in [
        "game.uhp",
        "mzinga.pgn",
        "boardspace_modern.sgf",
        "standard_turns.txt",
        "direction_tables.md",
        "algebraic_short.txt",
    ] {
        let rec = import(&data(name), None).unwrap();
        // UHP and PGN keep the record's frame and metadata.
        let uhp = import(&export::to_uhp(&rec), Some(Format::Uhp)).unwrap();
        assert_eq!(uhp.moves, rec.moves, "{name} via UHP");
        let pgn = import(&export::to_pgn(&rec), None).unwrap();
        assert_eq!(pgn.format, Format::Pgn);
        assert_eq!(pgn.moves, rec.moves, "{name} via PGN");
        assert_eq!(pgn.meta.white, rec.meta.white);
        assert_eq!(pgn.meta.date, rec.meta.date);
        assert_eq!(pgn.result(), rec.result());
        // Move lists: the standard one keeps the coordinates of its frame; the direction
        // list gives the same game up to the frame.
        let st = import(&export::to_list::<MoveString>(&rec, ()), None).unwrap();
        assert_eq!(st.format, Format::Standard, "{name}");
        assert_eq!(
            export::moves_in::<MoveString>(&st, ()),
            export::moves_in::<MoveString>(&rec, ()),
            "{name} via a standard list"
        );
        for style in [Style::Unicode, Style::Ascii] {
            let text = export::to_list::<DirectionMove>(&rec, style);
            let d = import(&text, None).unwrap();
            assert_eq!(d.format, Format::Direction, "{name}");
            assert!(d.error.is_none(), "{name}: {:?}", d.error);
            assert_eq!(
                export::moves_in::<DirectionMove>(&d, style),
                export::moves_in::<DirectionMove>(&rec, style)
            );
            assert_eq!(d.meta.white, rec.meta.white);
        }
        for form in Form::ALL {
            let a = import(&export::to_list::<AlgebraicMove>(&rec, form), None).unwrap();
            assert_eq!(a.format, Format::Algebraic, "{name}");
            assert!(a.error.is_none(), "{name}: {:?}", a.error);
            assert_eq!(
                export::moves_in::<AlgebraicMove>(&a, form),
                export::moves_in::<AlgebraicMove>(&rec, form),
                "{name}"
            );
        }
    }
}

#[test]
fn pgn_export_follows_mzinga_layout() {
    let rec = import(&data("boardspace_modern.sgf"), None).unwrap();
    let pgn = export::to_pgn(&rec);
    let head: Vec<&str> = pgn.lines().take(12).collect();
    assert_eq!(
        head,
        [
            "[GameType \"Base+MLP\"]",
            "[Date \"2024.03.02\"]",
            "[Event \"\"]",
            "[Site \"\"]",
            "[Round \"\"]",
            "[White \"alice\"]",
            "[Black \"bob\"]",
            "[Result \"WhiteWins\"]",
            // `TC[None]`.
            "[TimeControl \"-\"]",
            "[SgfDate \"Sat Mar 02 20:15:00 CET 2024\"]",
            "[SgfGameName \"T!HV-alice-bob-2024-03-02-1915\"]",
            "[SgfResult \"Partie gagnée par alice\"]",
        ]
    );
    // The one move with a `TM` after it keeps its time used.
    assert!(pgn.contains("\n\n1. wP\n2. bS1 \\wP {[%emt 0:00:05]}\n3. wM"));
    assert!(pgn.ends_with("\n31. wL bQ\\\n\nWhiteWins\n"));
}

#[test]
fn json_rows_count_turns_per_player() {
    let rec = import(&data("game.uhp"), None).unwrap();
    let json: serde_json::Value = serde_json::from_str(&export::to_json(&rec)).unwrap();
    assert_eq!(json["game_type"], "Base+MLP");
    assert_eq!(json["result"], "WhiteWins");
    assert_eq!(json["format"], "uhp");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 31);
    assert_eq!(moves[0]["standard"], "wP");
    assert_eq!(moves[0]["direction"], "P");
    assert_eq!(moves[0]["algebraic_long"], "wP @m0");
    assert_eq!(moves[0]["algebraic_compressed"], "wP@m0");
    assert_eq!(moves[3]["algebraic_short"], "bA @n1");
    assert_eq!(
        (moves[2]["player"].as_u64(), moves[2]["turn"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(
        (moves[3]["player"].as_u64(), moves[3]["turn"].as_u64()),
        (Some(2), Some(2))
    );
    let table = export::to_table(&rec);
    assert!(table.lines().nth(2).unwrap().contains("wP"));
    assert_eq!(table.lines().count(), 2 + 31);
}

#[test]
fn record_positions_replay() {
    let rec = import(&data("mzinga.pgn"), None).unwrap();
    assert_eq!(rec.position_at(5).ply(), 5);
    assert_eq!(rec.position().moves(), reference().moves());
    let relaxed = Position::with_rules(
        rec.game_type,
        Rules {
            tournament_opening: false,
            ..Rules::default()
        },
    );
    assert!(relaxed.legal_moves().iter().any(
        |m| matches!(m, Move::Place { piece, .. } if piece.bug() == beeline::engine::piece::Bug::Queen)
    ));
}

/// Queens shuffling back and forth: after 12 plies the position after ply 4 occurs for the
/// third time with White to move.
const REPEATED: &str = "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-";

#[test]
fn threefold_repetition_ends_uhp_and_pgn_games_in_a_draw() {
    let uhp = format!("Base;Draw;White[7];{REPEATED}");
    let pgn = {
        let mut t = String::from("[GameType \"Base\"]\n[Result \"1/2-1/2\"]\n\n");
        for (i, m) in REPEATED.split(';').enumerate() {
            t.push_str(&format!("{}. {m}\n", i + 1));
        }
        t + "\nDraw\n"
    };
    for text in [uhp.as_str(), pgn.as_str()] {
        let rec = import(text, None).unwrap();
        assert!(rec.error.is_none(), "{:?}", rec.error);
        assert_eq!(rec.moves.len(), 12);
        assert!(rec.rules.repetition_draw);
        assert_eq!(rec.position().state(), GameState::Draw);
        assert!(rec.drawn_by_repetition());
        assert_eq!(rec.result(), GameState::Draw);
        // The stated Draw agrees with the moves: the only notice is the repetition.
        assert_eq!(rec.notices.len(), 1, "{:?}", rec.notices);
        assert!(
            rec.notices[0].contains("threefold repetition"),
            "{:?}",
            rec.notices
        );
        // A permalink keeps the rule, so the link shows the same finished game.
        let (back, _) =
            beeline::record::permalink::decode(&beeline::record::permalink::encode_ply(&rec, 12))
                .unwrap();
        assert!(back.drawn_by_repetition());
    }
    // A record that plays on after the third occurrence (as Mzinga's PGN of BoardSpace games
    // do) is read without the rule, and says so.
    let more = import(
        &format!("Base;InProgress;Black[7];{REPEATED};wQ \\wS1"),
        None,
    )
    .unwrap();
    assert!(more.error.is_none(), "{:?}", more.error);
    assert_eq!(more.moves.len(), 13);
    assert!(!more.rules.repetition_draw);
    assert!(!more.drawn_by_repetition());
    assert_eq!(more.notices.len(), 1, "{:?}", more.notices);
    assert!(more.notices[0].contains("plays on"), "{:?}", more.notices);
    // The GameString itself replays to the draw.
    let g: GameString = uhp.parse().unwrap();
    assert!(g.replay().unwrap().drawn_by_repetition());
    // Move lists carry no such rule: the game goes on.
    let list = import(
        &format!("{}\nwQ \\wS1\n", REPEATED.replace(';', "\n")),
        Some(Format::Standard),
    )
    .unwrap();
    assert!(list.error.is_none(), "{:?}", list.error);
    assert_eq!(list.moves.len(), 13);
}
