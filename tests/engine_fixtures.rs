//! Replays the real games of `../shared/fixtures/mzinga-recordings/*.pgn` (BoardSpace games
//! converted by Mzinga) move by move through the engine. The folder lives outside the
//! repository, so the test is ignored by default: run it with `--ignored` where it exists.

use beeline::engine::piece::GameType;
use beeline::engine::position::{GameState, Position, Rules};
use beeline::notation::uhp::replay_moves;
use std::path::PathBuf;

/// The fixture games; a missing folder fails the test, since a run that replays nothing
/// checks nothing.
fn fixtures() -> Vec<PathBuf> {
    let dir =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/mzinga-recordings");
    let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| {
        panic!(
            "cannot read {} ({e}): this test needs the shared fixtures next to the repository",
            dir.display()
        )
    });
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    files
}

fn tag<'a>(text: &'a str, name: &str) -> Option<&'a str> {
    let prefix = format!("[{name} \"");
    text.lines()
        .find_map(|l| l.strip_prefix(prefix.as_str()))
        .and_then(|l| l.strip_suffix("\"]"))
}

/// The move texts of a Mzinga PGN: lines `N. move`.
fn moves(text: &str) -> Vec<String> {
    text.lines()
        .filter_map(|l| {
            let (n, m) = l.split_once(". ")?;
            n.trim().parse::<usize>().ok()?;
            Some(m.trim().to_string())
        })
        .collect()
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn real_games_replay_to_their_recorded_result() {
    let files = fixtures();
    assert!(!files.is_empty(), "fixture folder holds no .pgn files");
    let mut queen_openings = 0;
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let gt: GameType = tag(&text, "GameType").unwrap().parse().unwrap();
        let moves = moves(&text);
        // Old games opened with the Queen; they replay with the tournament opening off.
        let queen_first = moves
            .iter()
            .take(2)
            .any(|m| m.starts_with("wQ") || m.starts_with("bQ"));
        queen_openings += queen_first as usize;
        let rules = Rules::default().with_tournament_opening(!queen_first);
        let mut pos = Position::with_rules(gt, rules);
        replay_moves(&mut pos, &moves).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(pos.ply(), moves.len());
        let result = tag(&text, "Result").unwrap();
        let expected = GameState::parse(result).unwrap();
        // A resigned game is over on the record but still in progress on the board.
        if expected.is_over() && pos.state() != GameState::InProgress {
            assert_eq!(pos.state(), expected, "{}", f.display());
        }
        // Undo takes every move back to the empty board.
        while pos.undo().is_some() {}
        assert!(pos.board().is_empty());
    }
    println!(
        "replayed {} real games ({queen_openings} with a Queen opening)",
        files.len()
    );
}
