//! The `beeline` command line: perft, validmoves, convert and link, exit statuses and
//! messages on bad input.

use beeline::record::import;
use std::io::Write;
use std::process::{Command, Output, Stdio};

fn beeline(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_beeline"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        pipe.write_all(text.as_bytes()).unwrap();
    }
    drop(pipe);
    child.wait_with_output().unwrap()
}

mod common;
use common::data_path as data;

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn perft_counts() {
    let o = beeline(&["perft", "Base+MLP", "3"], None);
    assert!(o.status.success());
    assert_eq!(out(&o), "1 7\n2 294\n3 6678\n");
    let bad = beeline(&["perft", "Chess", "1"], None);
    assert_eq!(bad.status.code(), Some(2));
    assert!(err(&bad).contains("Chess"));
}

#[test]
fn validmoves_lists_moves() {
    let o = beeline(&["validmoves", "Base;InProgress;Black[1];wS1"], None);
    assert!(o.status.success());
    let lines: Vec<String> = out(&o).lines().map(String::from).collect();
    assert_eq!(lines.len(), 4 * 6);
    assert!(lines.contains(&"bA1 wS1-".to_string()));
    let bad = beeline(&["validmoves", "Base;InProgress;White[2];wQ;bQ -wQ"], None);
    assert_eq!(bad.status.code(), Some(2));
    let e = err(&bad);
    assert!(
        e.contains("move 1") && e.contains("'wQ'") && e.contains("first turn"),
        "{e}"
    );
    // A finished game has no valid moves: nothing printed, success, as UHP engines do.
    let finished = std::fs::read_to_string(data("game.uhp")).unwrap();
    let done = beeline(&["validmoves", finished.trim()], None);
    assert!(done.status.success(), "{}", err(&done));
    assert_eq!(out(&done), "");
    // A stated result the moves contradict is still an error.
    let wrong = finished.trim().replacen("WhiteWins", "InProgress", 1);
    let contradicted = beeline(&["validmoves", &wrong], None);
    assert_eq!(contradicted.status.code(), Some(2));
    assert!(
        err(&contradicted).contains("WhiteWins"),
        "{}",
        err(&contradicted)
    );
}

#[test]
fn convert_to_every_format() {
    let sgf = data("boardspace_modern.sgf");
    let uhp = beeline(&["convert", &sgf, "--to", "uhp"], None);
    assert!(uhp.status.success(), "{}", err(&uhp));
    assert!(out(&uhp).starts_with("Base+MLP;WhiteWins;Black[16];wP;bS1 \\wP;"));
    let pgn = beeline(&["convert", &sgf, "--to", "pgn"], None);
    assert!(out(&pgn).contains("[White \"alice\"]\n[Black \"bob\"]\n[Result \"WhiteWins\"]"));
    let dir = beeline(&["convert", &sgf, "--to", "direction-ascii"], None);
    assert!(out(&dir).contains("\n4. A+Pr AxQs\n"), "{}", out(&dir));
    let table = beeline(&["convert", &sgf], None);
    assert!(out(&table).contains("alice vs bob"));
    // Standard input, a given input format, and JSON.
    let json = beeline(
        &["convert", "-", "--from", "direction", "--to", "json"],
        Some("L\nP\nM+Lm\n"),
    );
    assert!(json.status.success(), "{}", err(&json));
    let v: serde_json::Value = serde_json::from_str(&out(&json)).unwrap();
    assert_eq!(v["format"], "direction");
    assert_eq!(v["game_type"], "Base+MLP");
    assert_eq!(v["moves"][2]["direction"], "M+Lm");
    assert_eq!(v["moves"][2]["player"], 1);
    assert_eq!(v["moves"][2]["turn"], 2);
    assert_eq!(v["moves"][0]["standard"], "wL");
}

#[test]
fn convert_reports_a_bad_move_after_the_prefix() {
    let o = beeline(&["convert", &data("illegal_move.pgn"), "--to", "uhp"], None);
    assert_eq!(o.status.code(), Some(2));
    // The prefix is converted…
    assert_eq!(out(&o).trim().split(';').count(), 3 + 8);
    // …and the error names the move, its line and the reason.
    let e = err(&o);
    assert!(
        e.contains("move 9") && e.contains("line 11") && e.contains("wS1 bA1-"),
        "{e}"
    );
}

#[test]
fn convert_refuses_unreadable_input() {
    let empty = beeline(&["convert", "-"], Some(""));
    assert_eq!(empty.status.code(), Some(2));
    assert!(err(&empty).contains("empty"));
    let missing = beeline(&["convert", "/nonexistent/record.pgn"], None);
    assert_eq!(missing.status.code(), Some(2));
    assert!(err(&missing).contains("/nonexistent/record.pgn"));
    let garbage = beeline(&["convert", "-", "--from", "uhp"], Some("Chess;InProgress"));
    assert_eq!(garbage.status.code(), Some(2));
    assert!(err(&garbage).contains("line 1"), "{}", err(&garbage));
    let notes = beeline(
        &["convert", &data("queen_opening.pgn"), "--to", "uhp"],
        None,
    );
    assert!(notes.status.success());
    assert!(err(&notes).contains("note: White places the Queen"));
}

#[test]
fn link_prints_a_permalink_that_decodes() {
    let path = data("game.uhp");
    let o = beeline(&["link", &path, "--ply", "12"], None);
    assert!(o.status.success(), "{}", err(&o));
    let link = out(&o).trim().to_string();
    let (rec, node) = beeline::record::permalink::decode(&link).unwrap();
    assert_eq!(rec.tree.path(node).unwrap().to_string(), "12");
    let original = beeline::record::import(&std::fs::read_to_string(&path).unwrap(), None).unwrap();
    assert_eq!(rec.moves, original.moves);
    let past = beeline(&["link", &path, "--ply", "99"], None);
    assert_eq!(past.status.code(), Some(2));
    assert!(err(&past).contains("past the end"));
}

#[test]
fn validmoves_after_a_draw_by_repetition_is_empty() {
    let game = "Base;Draw;White[7];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-";
    let o = beeline(&["validmoves", game], None);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(out(&o), "");
    // Said to go on, the same moves contradict the state.
    let o = beeline(&["validmoves", &game.replace("Draw", "InProgress")], None);
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn convert_keeps_variations_where_the_format_can() {
    let pgn = data("variations.pgn");
    let json = beeline(&["convert", &pgn, "--to", "json"], None);
    assert!(json.status.success(), "{}", err(&json));
    let text = out(&json);
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["comment"], "A club game");
    // Every move, main line first, then each variation depth first.
    let moves = v["moves"].as_array().unwrap();
    let paths: Vec<&str> = moves.iter().filter_map(|m| m["path"].as_str()).collect();
    assert_eq!(
        paths,
        [
            "1",
            "2",
            "3",
            "4",
            "5",
            "2.1.1",
            "2.1.2",
            "2.1.3",
            "2.1.2.1.1",
            "2.2.1"
        ]
    );
    // Main-line rows keep their fields, in their order, and add the path.
    assert!(
        text.contains("\"algebraic_compressed\": \"wP@m0\",\n      \"path\": \"1\"\n"),
        "{text}"
    );
    let row = |i: usize, key: &str| moves[i].get(key).cloned();
    assert_eq!(row(1, "standard"), Some("bS1 \\wP".into()));
    assert_eq!(row(1, "nag"), Some(1.into()));
    assert_eq!(row(3, "comment"), Some("solid".into()));
    // Comment and annotation are left out where a move has none.
    assert_eq!((row(0, "comment"), row(0, "nag")), (None, None));
    // Variation rows: their own ply, player and turn, and their notations.
    assert_eq!(row(5, "standard"), Some("bS1 wP-".into()));
    assert_eq!(
        (row(5, "ply"), row(5, "player"), row(5, "turn")),
        (Some(2.into()), Some(2.into()), Some(1.into()))
    );
    assert_eq!(row(5, "comment"), Some("east instead".into()));
    assert_eq!(row(7, "nag"), Some(4.into()));
    assert_eq!(row(8, "nag"), Some(5.into()));
    assert_eq!(row(8, "standard"), Some("wQ -wP".into()));
    assert_eq!(
        (row(9, "nag"), row(9, "comment")),
        (Some(6.into()), Some("a Mosquito".into()))
    );

    // PGN keeps the whole tree.
    let original = import(&std::fs::read_to_string(&pgn).unwrap(), None).unwrap();
    let back = beeline(&["convert", &pgn, "--to", "pgn"], None);
    assert!(back.status.success(), "{}", err(&back));
    assert_eq!(import(&out(&back), None).unwrap().tree, original.tree);
    // UHP and the table have the main line.
    let uhp = beeline(&["convert", &pgn, "--to", "uhp"], None);
    assert_eq!(
        out(&uhp),
        "Base+MLP;InProgress;Black[3];wP;bS1 \\wP;wM wP\\;bA1 -bS1;wQ /wP\n"
    );
    let table = beeline(&["convert", &pgn, "--to", "table"], None);
    assert_eq!(out(&table).lines().count(), 2 + 5);
}

#[test]
fn positions_convert_both_ways() {
    let text = "wA @l1 wQ @m0 bQ @n0 bB @n0\nBlack to move\n";
    // Read (detected), written canonically, and as PGN with its Position tag.
    let o = beeline(&["convert", "-", "--to", "position"], Some(text));
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(out(&o), "wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move\n");
    let o = beeline(
        &["convert", "-", "--from", "position", "--to", "pgn"],
        Some(text),
    );
    assert!(out(&o).contains("[Position \"wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move\"]"));
    // A UHP game string cannot start from it: refused with the reason.
    let o = beeline(&["convert", "-", "--to", "uhp"], Some(text));
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("cannot start from a set-up position"),
        "{}",
        err(&o)
    );
    // A position that cannot stand says why, and a hive in parts is noted.
    let o = beeline(
        &["convert", "-", "--from", "position"],
        Some("wQ @m0 bA @m0 w"),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains("only Beetles and Mosquitoes climb"),
        "{}",
        err(&o)
    );
    let o = beeline(
        &["convert", "-", "--to", "position"],
        Some("wQ @m0 bQ @p0 w"),
    );
    assert!(o.status.success());
    assert!(err(&o).contains("several parts"), "{}", err(&o));
    // The final position of a game, in its canonical frame.
    let game = format!(
        "{}/tests/data/direction-game-1.md",
        env!("CARGO_MANIFEST_DIR")
    );
    let o = beeline(&["convert", &game, "--to", "position"], None);
    let written = out(&o);
    // Every bug of Base+MLP is down, so the game type goes without saying.
    assert!(written.starts_with("bP @n-1 wG @i0 "), "{written}");
    assert!(written.ends_with(" wA @k5; White to move\n"), "{written}");
    let back = beeline(&["convert", "-", "--to", "position"], Some(&written));
    assert_eq!(out(&back), written);
}

#[test]
fn output_into_a_closed_pipe_ends_quietly() {
    // `beeline perft … | head -1`: the reader is gone before the command writes.
    let mut child = Command::new(env!("CARGO_BIN_EXE_beeline"))
        .args(["perft", "Base", "3"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let o = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(!stderr.contains("panicked"), "{stderr}");
    // Ended by the signal (or done before the reader went), never with a panic's status.
    assert_ne!(o.status.code(), Some(101), "{stderr}");
}
