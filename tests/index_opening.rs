//! Reading only the plies an index keeps (`read_game_opening`, `explore` by default) gives
//! the index of reading every move: on generated games and on records written in every
//! shape the fast reading takes or leaves to the full import (result stated or not, moves
//! one a line or run together, GameStrings, comments), and on games that break a rule or
//! end early. A rule broken after the depth is the one difference, and it is told:
//! `--check-all` reports it.

mod common;

use beeline::collection::explorer::Filter;
use beeline::collection::index::{Index, DEPTH};
use beeline::collection::{files, generate, read_game_keyed, read_game_opening, Collection, Game};
use beeline::engine::position::GameState;
use beeline::record::import_opening;

/// A generated game's header and move texts.
fn parts(seed: u64, i: usize) -> (Vec<String>, Vec<String>) {
    let text = generate::game_pgn(seed, i);
    let (head, body) = text.split_once("\n\n").unwrap();
    let tags = head.lines().map(str::to_string).collect();
    let moves = body
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.split_once(". ").unwrap().1.to_string())
        .collect();
    (tags, moves)
}

fn pgn(tags: &[String], moves: &[String]) -> String {
    let body: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect();
    format!("{}\n\n{}\n", tags.join("\n"), body.join("\n"))
}

fn tag(tags: &[String], name: &str) -> String {
    let prefix = format!("[{name} \"");
    tags.iter()
        .find_map(|t| t.strip_prefix(&prefix)?.strip_suffix("\"]"))
        .unwrap()
        .to_string()
}

/// The game as the full import reads it, cut to `depth` as the fast reading keeps it.
fn full(text: &str, depth: usize) -> Game {
    let mut g = read_game_keyed("g", text, Some(depth)).unwrap();
    g.moves.truncate(depth);
    g
}

/// The fast reading of `text` is the full one (cut to the depth), summary and all.
fn same(text: &str, depth: usize) {
    let mut fast = read_game_opening("g", text, depth).unwrap();
    // Read whole when the fast reading leaves it to the full import.
    fast.moves.truncate(depth);
    let want = full(text, depth);
    assert_eq!(fast.info, want.info, "{text}");
    assert_eq!(fast.moves, want.moves, "{text}");
    assert_eq!(fast.keys, want.keys, "{text}");
    assert_eq!(fast.outcome, want.outcome, "{text}");
    assert_eq!(fast.setup, want.setup, "{text}");
}

#[test]
fn the_opening_is_the_full_reading_on_generated_games_written_every_way() {
    for i in 0..60 {
        let (tags, moves) = parts(11, i);
        let stated = pgn(&tags, &moves);
        // Depths within, at and past the game's end.
        for depth in [1, 2, 7, DEPTH, moves.len() - 1, moves.len(), 200] {
            same(&stated, depth);
        }
        let no_result: Vec<String> = tags
            .iter()
            .filter(|t| !t.starts_with("[Result"))
            .cloned()
            .collect();
        let result = tag(&tags, "Result");
        let k = 30.min(moves.len() - 1);
        let variants = [
            // No result: it comes from the final position (every move played).
            pgn(&no_result, &moves),
            // A result the reader does not know, and one given after the moves only.
            pgn(
                &[no_result.clone(), vec!["[Result \"won\"]".into()]].concat(),
                &moves,
            ),
            format!("{}{result}\n", pgn(&no_result, &moves)),
            // The result after the moves as well as in the header.
            format!("{stated}\n{result}\n"),
            // Moves run together on one line, numbers glued to them or left out.
            format!("{}\n\n{}\n", tags.join("\n"), moves.join(" ")),
            format!(
                "{}\n\n{}\n",
                tags.join("\n"),
                moves
                    .iter()
                    .enumerate()
                    .map(|(i, m)| format!("{}.{m}", i + 1))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            // A comment or a variation: read by the full import.
            pgn(
                &tags,
                &[
                    &moves[..k],
                    &[format!("{} {{a comment}}", moves[k])],
                    &moves[k + 1..],
                ]
                .concat(),
            ),
            pgn(
                &tags,
                &[
                    &moves[..k],
                    &[format!("{} ({})", moves[k], moves[k])],
                    &moves[k + 1..],
                ]
                .concat(),
            ),
            // As a UHP GameString.
            format!(
                "{};{result};White[1];{}",
                tag(&tags, "GameType"),
                moves.join(";")
            ),
        ];
        // Which of them the fast reading takes (the others go to the full import).
        let over = result != "InProgress";
        let fast = [false, false, false, true, true, true, false, false, over];
        for (text, fast) in variants.iter().zip(fast) {
            same(text, DEPTH);
            same(text, 3);
            assert_eq!(import_opening(text, DEPTH).is_some(), fast, "{text}");
        }
        assert!(import_opening(&stated, DEPTH).is_some());
    }
}

#[test]
fn a_game_that_breaks_a_rule_in_its_opening_or_ends_there_is_read_whole() {
    for i in 0..20 {
        let (tags, moves) = parts(12, i);
        if moves.len() < 32 {
            continue;
        }
        // A move of the wrong colour (the one before, again) at ply 10 of 20: the full
        // import, its error and the legal prefix.
        let mut bad = moves.clone();
        bad.insert(10, moves[9].clone());
        same(&pgn(&tags, &bad), DEPTH);
        let g = read_game_opening("g", &pgn(&tags, &bad), DEPTH).unwrap();
        assert_eq!(g.info.plies, 10);
        assert!(g.info.error.is_some());
        // Garbage, and a lone piece where a reference is needed, after the depth: the
        // full import too.
        for junk in ["wZ9 nowhere", "wA1", "wQ wQ"] {
            let mut bad = moves.clone();
            bad.insert(30, junk.to_string());
            same(&pgn(&tags, &bad), DEPTH);
            let g = read_game_opening("g", &pgn(&tags, &bad), DEPTH).unwrap();
            assert_eq!(g.info.plies, 30, "{junk}");
        }
    }
    // A game that ends (a Queen surrounded) at the depth and goes on: the full import,
    // which stops at the move after the end.
    let mut ended = 0;
    for i in 0..400 {
        let (tags, moves) = parts(13, i);
        if !matches!(tag(&tags, "Result").as_str(), "WhiteWins" | "BlackWins") {
            continue;
        }
        ended += 1;
        let n = moves.len();
        let mut more = moves.clone();
        more.push(moves[n - 2].clone());
        same(&pgn(&tags, &more), n);
        let g = read_game_opening("g", &pgn(&tags, &more), n).unwrap();
        assert_eq!(g.info.plies, n);
        assert!(g.info.error.is_some());
    }
    assert!(ended > 5, "{ended}");
}

#[test]
fn a_rule_broken_after_the_depth_is_not_seen_but_the_index_is_the_same() {
    let mut fast = Collection {
        key_plies: Some(DEPTH),
        opening_only: true,
        ..Collection::default()
    };
    let mut slow = Collection {
        key_plies: Some(DEPTH),
        ..Collection::default()
    };
    for i in 0..40 {
        let (tags, mut moves) = parts(14, i);
        let broken = i % 2 == 0 && moves.len() > 31;
        if broken {
            // A move of the wrong colour at ply 31.
            moves.insert(30, moves[29].clone());
        }
        let text = pgn(&tags, &moves);
        fast.add_text("g.pgn", &text);
        slow.add_text("g.pgn", &text);
        let (f, s) = (&fast.games[i], &slow.games[i]);
        if broken {
            // Read whole (every ply counted, no error) instead of up to ply 30.
            assert_eq!((f.info.plies, &f.info.error), (moves.len(), &None));
            assert_eq!(s.info.plies, 30);
            assert!(s.info.error.is_some());
        } else {
            assert_eq!(f.info, s.info);
        }
        assert_eq!(f.keys, s.keys);
        assert_eq!(f.outcome, s.outcome);
    }
    let filter = Filter::default();
    assert_eq!(
        Index::build(&fast.games, &filter, DEPTH),
        Index::build(&slow.games, &filter, DEPTH)
    );
}

#[test]
fn a_stated_result_is_the_outcome_whatever_the_final_position() {
    let (tags, moves) = parts(15, 0);
    let tags: Vec<String> = tags
        .iter()
        .map(|t| match t.starts_with("[Result") {
            true => "[Result \"BlackWins\"]".to_string(),
            false => t.clone(),
        })
        .collect();
    let g = read_game_opening("g", &pgn(&tags, &moves), DEPTH).unwrap();
    assert_eq!(g.info.result, GameState::BlackWins);
    same(&pgn(&tags, &moves), DEPTH);
}

/// Every game of `paths` read both ways (in parts, over threads): the same games in the
/// same order, and the same index.
fn same_files(paths: &[std::path::PathBuf], threads: usize) -> usize {
    let mut fast = Vec::new();
    files::read_paths_opening(paths, threads, DEPTH, &mut |c| fast.extend(c.games));
    let mut slow = Vec::new();
    files::read_paths_keyed(paths, threads, Some(DEPTH), &mut |c| slow.extend(c.games));
    assert_eq!(fast.len(), slow.len());
    for (f, s) in fast.iter().zip(&slow) {
        assert_eq!(f.info, s.info);
        assert_eq!(f.keys, s.keys);
        assert_eq!(f.outcome, s.outcome);
    }
    let filter = Filter::default();
    assert_eq!(
        Index::build(&fast, &filter, DEPTH),
        Index::build(&slow, &filter, DEPTH)
    );
    fast.len()
}

#[test]
fn files_and_zips_read_for_the_opening_give_the_same_index() {
    let dir = common::scratch("files");
    let text: String = (0..5000).map(|i| generate::game_pgn(16, i)).collect();
    std::fs::write(dir.join("games.pgn"), text).unwrap();
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    for threads in [1, 2, 3] {
        assert_eq!(same_files(&[dir.join("games.pgn")], threads), 5000);
        // The records of every format, the sample zip among them.
        assert!(same_files(std::slice::from_ref(&data), threads) > 20);
    }
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn the_fixtures_read_for_the_opening_give_the_same_index() {
    assert!(same_files(&[common::shared_recordings()], 2) >= 38);
}

#[test]
fn explore_tells_a_rule_broken_after_the_depth_with_check_all() {
    let dir = common::scratch("cli");
    let mut text: String = (0..300).map(|i| generate::game_pgn(17, i)).collect();
    let (tags, mut moves) = parts(17, 300);
    moves.insert(30, moves[29].clone());
    text.push_str(&pgn(&tags, &moves));
    let path = dir.join("games.pgn");
    std::fs::write(&path, text).unwrap();
    let path = path.display().to_string();
    let run = |extra: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_beeline"))
            .args([&["explore", path.as_str(), "--json"], extra].concat())
            .output()
            .unwrap();
        assert!(o.status.success());
        (o.stdout, String::from_utf8_lossy(&o.stderr).to_string())
    };
    let (fast, quiet) = run(&[]);
    let (checked, told) = run(&["--check-all"]);
    assert_eq!(fast, checked);
    assert_eq!(quiet, "");
    assert!(
        told.contains("#301 (line") && told.contains("read up to move 30"),
        "{told}"
    );
    assert!(told.contains("1 read in part"), "{told}");
}
