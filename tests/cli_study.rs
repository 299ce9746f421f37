//! `beeline study check/split/join` and `beeline convert` of a study, run as the built
//! binary on study files written into a scratch folder.

use beeline::study::file;
use beeline::study::ChapterMode;
use std::path::{Path, PathBuf};

mod common;
use common::{beeline, err, out, scratch};

/// Writes `text` as `dir/name` and gives its path as an argument.
fn put(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

/// Two chapters: a normal one with a variation, and a lesson for Black with two moves to
/// find.
const GOOD: &str = include_str!("data/study-beetles.pgn");

/// Chapter 2's third move names a piece not on the board (line 14).
const ILLEGAL: &str = r#"[StudyName "Broken"]
[ChapterName "Fine"]
[GameType "Base"]

1. wS1
2. bS1 -wS1

[StudyName "Broken"]
[ChapterName "Illegal"]
[GameType "Base"]

1. wS1
2. bS1 -wS1
3. wQ bQ-
"#;

/// An interactive chapter whose only move is the other side's.
const NOTHING_TO_FIND: &str = r#"[StudyName "Lessons"]
[ChapterName "Nothing to find"]
[ChapterMode "interactive"]
[Orientation "black"]
[GameType "Base"]

1. wS1 {over to Black}
"#;

/// A chapter from the start and one from a set-up position.
const SET_UP: &str = r#"[StudyName "Setups"]
[ChapterName "From the start"]
[GameType "Base"]

1. wS1
2. bS1 -wS1

[StudyName "Setups"]
[ChapterName "Set up"]
[GameType "Base"]
[Position "wQ @m0 bQ @n0 wA @l1; Black to move"]

1. bA1 bQ/
"#;

#[test]
fn check_lists_a_good_studys_chapters() {
    let dir = scratch("study-check-good");
    let path = put(&dir, "good.pgn", GOOD);
    let o = beeline(&["study", "check", &path]);
    assert!(o.status.success(), "{}", err(&o));
    assert_eq!(
        out(&o),
        format!(
            "{path}: \"Beetle tricks\", 2 chapters\n\
             \x20 1. The climb: normal, 3 moves, 1 variation\n\
             \x20 2. Find it: interactive, black, 4 moves, 0 variations, 2 to find\n"
        )
    );
    assert_eq!(err(&o), "");
}

#[test]
fn check_names_the_file_chapter_move_and_reason_and_checks_every_file() {
    let dir = scratch("study-check-illegal");
    let bad = put(&dir, "bad.pgn", ILLEGAL);
    let good = put(&dir, "good.pgn", GOOD);
    let o = beeline(&["study", "check", &bad, &good]);
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(
        e.contains(&format!(
            "beeline: {bad}: chapter 2 (Illegal): move 3 'wQ bQ-': line 14: "
        )),
        "{e}"
    );
    assert!(e.contains("bQ is not on the board"), "{e}");
    assert!(e.contains("1 fault in 1 of 2 files"), "{e}");
    // The good file after it is still checked, and the bad one listed up to its fault.
    let listing = out(&o);
    assert!(
        listing.contains("\"Beetle tricks\", 2 chapters"),
        "{listing}"
    );
    assert!(
        listing.contains("  2. Illegal: normal, 2 moves, 0 variations\n"),
        "{listing}"
    );
}

#[test]
fn check_fails_a_lesson_with_nothing_to_find() {
    let dir = scratch("study-check-lesson");
    let path = put(&dir, "lesson.pgn", NOTHING_TO_FIND);
    let o = beeline(&["study", "check", &path]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains(&format!(
            "{path}: chapter 1 (Nothing to find): an interactive chapter needs a main-line move for the reader (Black) to find"
        )),
        "{}",
        err(&o)
    );
    assert!(out(&o).contains("0 to find"), "{}", out(&o));
}

#[test]
fn check_names_a_missing_file_a_bad_tag_and_a_file_without_a_study() {
    let dir = scratch("study-check-files");
    let missing = dir.join("missing.pgn").to_string_lossy().into_owned();
    let tag = put(
        &dir,
        "tag.pgn",
        "[StudyName \"S\"]\n[ChapterName \"one\"]\n[Orientation \"north\"]\n[GameType \"Base\"]\n\n1. wS1\n",
    );
    let plain = put(
        &dir,
        "plain.pgn",
        "[GameType \"Base\"]\n[White \"A\"]\n[Black \"B\"]\n\n1. wS1\n\n[GameType \"Base\"]\n\n1. wG1\n",
    );
    let o = beeline(&["study", "check", &missing, &tag, &plain]);
    assert_eq!(o.status.code(), Some(2));
    let e = err(&o);
    assert!(e.contains(&format!("cannot read {missing}")), "{e}");
    assert!(
        e.contains(&format!(
            "{tag}: chapter 1 (one): line 1: Orientation 'north' is neither white nor black"
        )),
        "{e}"
    );
    assert!(e.contains("2 faults in 2 of 3 files"), "{e}");
    // The plain file is checked, its games as chapters, with a note.
    assert!(e.contains(&format!("note: {plain} names no study")), "{e}");
    assert!(
        out(&o).contains("  1. A – B: normal, 1 move, 0 variations\n  2. Chapter 2: normal"),
        "{}",
        out(&o)
    );
    // Alone, a file without a study is no fault.
    assert!(beeline(&["study", "check", &plain]).status.success());
}

/// The study of a file, read by the library.
fn study_of(path: &Path) -> beeline::study::Study {
    let read = file::read(&std::fs::read_to_string(path).unwrap());
    assert_eq!(read.all_faults(), vec![]);
    assert_eq!(read.studies.len(), 1);
    read.studies.into_iter().next().unwrap()
}

#[test]
fn split_then_join_gives_back_the_same_study() {
    let dir = scratch("study-split-join");
    let path = put(&dir, "good.pgn", GOOD);
    let parts = dir.join("parts/deeper");
    let o = beeline(&["study", "split", &path, "--out", &parts.to_string_lossy()]);
    assert!(o.status.success(), "{}", err(&o));
    let written: Vec<PathBuf> = out(&o).lines().map(PathBuf::from).collect();
    assert_eq!(
        written,
        [parts.join("01-the-climb.pgn"), parts.join("02-find-it.pgn")]
    );
    // Each part is a one-chapter study with its tags.
    let lesson = study_of(&written[1]);
    assert_eq!(lesson.title, "Beetle tricks");
    assert_eq!(lesson.chapters.len(), 1);
    assert_eq!(lesson.chapters[0].mode, ChapterMode::Interactive);
    assert_eq!(lesson.chapters[0].name, "Find it");

    let args: Vec<String> = written
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let joined = dir.join("joined.pgn");
    let mut join = vec!["study", "join"];
    join.extend(args.iter().map(String::as_str));
    let to_stdout = beeline(&join);
    assert!(to_stdout.status.success(), "{}", err(&to_stdout));
    let joined_arg = joined.to_string_lossy().into_owned();
    join.extend(["--out", &joined_arg]);
    let o = beeline(&join);
    assert!(o.status.success(), "{}", err(&o));
    let original = file::read(GOOD).studies;
    assert_eq!(vec![study_of(&joined)], original);
    assert_eq!(std::fs::read_to_string(&joined).unwrap(), out(&to_stdout));

    // A title of one's own.
    join.extend(["--title", "Renamed"]);
    assert!(beeline(&join).status.success());
    let renamed = study_of(&joined);
    assert_eq!(renamed.title, "Renamed");
    assert_eq!(renamed.chapters, original[0].chapters);
}

#[test]
fn join_takes_plain_games_as_chapters_numbered_in_the_study() {
    let dir = scratch("study-join-plain");
    let good = put(&dir, "good.pgn", GOOD);
    let game = put(
        &dir,
        "game.pgn",
        "[GameType \"Base\"]\n\n1. wS1\n2. bG1 -wS1\n",
    );
    let o = beeline(&["study", "join", &good, &game]);
    assert!(o.status.success(), "{}", err(&o));
    let read = file::read(&out(&o));
    let s = &read.studies[0];
    assert_eq!(s.title, "Beetle tricks");
    let names: Vec<&str> = s.chapters.iter().map(|c| c.name.as_str()).collect();
    // The game was its file's "Chapter 1"; it is the study's third.
    assert_eq!(names, ["The climb", "Find it", "Chapter 3"]);
    assert_eq!(s.chapters[2].mode, ChapterMode::Normal);
    assert_eq!(s.chapters[2].record.moves.len(), 2);
    // A file that cannot be read is named; the others are joined, with status 2.
    let missing = dir.join("missing.pgn").to_string_lossy().into_owned();
    let o = beeline(&["study", "join", &good, &missing]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        err(&o).contains(&format!("cannot read {missing}")),
        "{}",
        err(&o)
    );
    assert_eq!(file::read(&out(&o)).studies[0].chapters.len(), 2);
}

#[test]
fn convert_writes_every_chapter_of_a_study() {
    let dir = scratch("study-convert");
    let path = put(&dir, "good.pgn", GOOD);
    let pgn = beeline(&["convert", &path, "--to", "pgn"]);
    assert!(pgn.status.success(), "{}", err(&pgn));
    assert_eq!(file::read(&out(&pgn)).studies, file::read(GOOD).studies);

    let json = beeline(&["convert", &path, "--to", "json"]);
    assert!(json.status.success(), "{}", err(&json));
    let v: serde_json::Value = serde_json::from_str(&out(&json)).unwrap();
    assert_eq!(v["study"], "Beetle tricks");
    let chapters = v["chapters"].as_array().unwrap();
    assert_eq!(chapters.len(), 2);
    assert_eq!(
        (
            &chapters[1]["name"],
            &chapters[1]["mode"],
            &chapters[1]["orientation"]
        ),
        (&"Find it".into(), &"interactive".into(), &"black".into())
    );
    // Each record as the single-game export has it: the variation's move included.
    assert_eq!(chapters[0]["record"]["game_type"], "Base+M");
    assert_eq!(chapters[0]["record"]["white"], "Ann");
    assert_eq!(chapters[0]["record"]["moves"].as_array().unwrap().len(), 4);
    assert_eq!(chapters[1]["record"]["moves"][1]["comment"], "right");

    let list = beeline(&["convert", &path, "--to", "standard"]);
    assert!(list.status.success(), "{}", err(&list));
    let text = out(&list);
    assert!(
        text.starts_with("# Study: Beetle tricks\n\n# Chapter 1: The climb (normal)\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n# Chapter 2: Find it (interactive, black)\nGameType: Base\n\n1. wS1 bS1 -wS1\n"
        ),
        "{text}"
    );
}

#[test]
fn convert_names_what_a_study_could_not_give() {
    let dir = scratch("study-convert-faults");
    // A chapter from a set-up position is no UHP game string; the other one is written.
    let set_up = put(&dir, "setup.pgn", SET_UP);
    let o = beeline(&["convert", &set_up, "--to", "uhp"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        out(&o).contains(
            "# Chapter 1: From the start (normal)\nBase;InProgress;White[2];wS1;bS1 -wS1\n"
        ),
        "{}",
        out(&o)
    );
    assert!(!out(&o).contains("Chapter 2"), "{}", out(&o));
    assert!(
        err(&o).contains(&format!(
            "{set_up}: chapter 2 (Set up): A UHP GameString cannot start from a set-up position"
        )),
        "{}",
        err(&o)
    );
    // PGN holds it.
    assert!(beeline(&["convert", &set_up, "--to", "pgn"])
        .status
        .success());

    // A stopped move: the chapters are written up to it, and it is named.
    let bad = put(&dir, "bad.pgn", ILLEGAL);
    let o = beeline(&["convert", &bad, "--to", "pgn"]);
    assert_eq!(o.status.code(), Some(2));
    let back = file::read(&out(&o)).studies;
    assert_eq!(back[0].chapters.len(), 2);
    assert_eq!(back[0].chapters[1].record.moves.len(), 2);
    assert!(
        err(&o).contains(&format!(
            "{bad}: chapter 2 (Illegal): move 3 'wQ bQ-': line 14"
        )),
        "{}",
        err(&o)
    );

    // A lesson with nothing to find converts faithfully, with a note.
    let lesson = put(&dir, "lesson.pgn", NOTHING_TO_FIND);
    let o = beeline(&["convert", &lesson, "--to", "pgn"]);
    assert!(o.status.success(), "{}", err(&o));
    assert!(err(&o).contains("note: "), "{}", err(&o));
    assert!(out(&o).contains("[ChapterMode \"interactive\"]"));

    // A plain PGN of two games is no study: read as one record, as before.
    let plain = put(
        &dir,
        "plain.pgn",
        "[GameType \"Base\"]\n\n1. wS1\n\n[GameType \"Base\"]\n\n1. wG1\n",
    );
    let o = beeline(&["convert", &plain, "--to", "uhp"]);
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(out(&o), "Base;InProgress;Black[1];wS1\n");
    assert!(err(&o).contains("stopped at move 2"), "{}", err(&o));
}
