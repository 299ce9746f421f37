//! `beeline insights` and the insights module: results and openings counted against
//! hand-counted games, every missed win and allowed loss replayed and proved again, a
//! player who is absent, unreadable files counted, the JSON's fields and its sameness.

mod common;

use beeline::collection::{read_games, Game};
use beeline::engine::piece::Color;
use beeline::engine::position::Position;
use beeline::insights::games::{side_of, LeftOut, PlayerGame};
use beeline::insights::report::InsightsReport;
use beeline::insights::review::{GameFacts, Reviewer};
use beeline::insights::tactics::{Tactic, TacticKind, WITHIN};
use beeline::notation::uhp::{move_string, replay_moves, GameString};
use beeline::search::surround::{won_by, Prover};
use beeline::search::{Limits, NoClock};
use common::{beeline, err, out, scratch};
use serde_json::Value;

fn ann_pgn() -> String {
    format!("{}/tests/data/insights/ann.pgn", env!("CARGO_MANIFEST_DIR"))
}

fn json_of(args: &[&str]) -> Value {
    let o = beeline(args);
    assert!(o.status.success(), "{}", err(&o));
    serde_json::from_str(&out(&o)).unwrap()
}

fn results(v: &Value) -> (u64, u64, u64, u64) {
    let n = |k: &str| v[k].as_u64().unwrap();
    (n("games"), n("wins"), n("draws"), n("losses"))
}

#[test]
fn results_are_counted_as_by_hand() {
    let r = json_of(&[
        "insights",
        &ann_pgn(),
        "--player",
        "ann",
        "--depth",
        "1",
        "--json",
    ]);
    // Ann's games: 1 won as White, 2 lost as Black, 3 drawn as White, 4 won as Black, 5
    // unfinished as White, 6 lost as White against Joanne (whose name contains "ann" too:
    // Ann's is the exact one). Annie against Joanna is left out: both contain "ann".
    assert_eq!(results(&r), (6, 2, 1, 2));
    assert_eq!(r["unfinished"], 1);
    assert_eq!(r["score"], 0.5);
    assert_eq!(results(&r["by_colour"]["white"]), (4, 1, 1, 1));
    assert_eq!(results(&r["by_colour"]["black"]), (2, 1, 0, 1));
    assert_eq!(r["ambiguous"], 1);
    assert_eq!(r["names"], serde_json::json!(["Ann"]));
    let opponents: Vec<(String, (u64, u64, u64, u64))> = r["by_opponent"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| (o["name"].as_str().unwrap().to_string(), results(o)))
        .collect();
    assert_eq!(
        opponents,
        [
            ("Bob".to_string(), (3, 1, 0, 1)),
            ("Cy".to_string(), (2, 1, 1, 0)),
            ("Joanne".to_string(), (1, 0, 0, 1)),
        ]
    );
    let types: Vec<(&str, u64)> = r["by_game_type"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap(), t["games"].as_u64().unwrap()))
        .collect();
    assert_eq!(types, [("Base", 4), ("Base+MLP", 2)]);
    let months: Vec<(&str, u64, f64)> = r["by_month"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["month"].as_str().unwrap(),
                m["games"].as_u64().unwrap(),
                m["score"].as_f64().unwrap(),
            )
        })
        .collect();
    // Game 5 has no date: it is in no month.
    assert_eq!(
        months,
        [
            ("2024-01", 2, 0.5),
            ("2024-02", 2, 0.75),
            ("2024-03", 1, 0.0)
        ]
    );
    let list: Vec<(u64, &str, &str)> = r["games_list"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["index"].as_u64().unwrap(),
                g["colour"].as_str().unwrap(),
                g["result"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        list,
        [
            (1, "white", "win"),
            (2, "black", "loss"),
            (3, "white", "draw"),
            (4, "black", "win"),
            (5, "white", "unfinished"),
            (6, "white", "loss"),
        ]
    );
}

#[test]
fn openings_are_the_same_up_to_mirroring() {
    let r = json_of(&[
        "insights",
        &ann_pgn(),
        "--player",
        "Ann",
        "--depth",
        "1",
        "--json",
    ]);
    let openings = r["openings"].as_array().unwrap();
    // Games 1 and 3 open with the same three plies, mirrored: one opening, a win and a
    // draw, named by the first game's moves.
    let first = &openings[0];
    assert_eq!(first["colour"], "white");
    assert_eq!(first["player_moves"], 2);
    assert_eq!(first["moves"], "wG1; bG1 wG1-; wQ -wG1");
    assert_eq!(results(first), (2, 1, 1, 0));
    assert_eq!(first["score"], 0.75);
    assert_eq!(r["best_openings"]["white"]["moves"], first["moves"]);
    // Black's openings were each played once: the best is the won one.
    assert_eq!(
        r["best_openings"]["black"]["moves"],
        "wL; bL wL-; wQ -wL; bQ bL-"
    );
    assert_eq!(
        r["worst_openings"]["black"]["moves"],
        "wS1; bS1 wS1-; wQ -wS1; bQ bS1-"
    );
    // The unfinished game's opening has no score.
    let unscored = openings
        .iter()
        .find(|o| o["moves"] == "wS1; bG1 wS1-; wQ -wS1")
        .unwrap();
    assert_eq!(unscored["score"], Value::Null);
    // Two and three moves for each game long enough: 5 games × 2, game 5 has 4 plies.
    let total: u64 = openings.iter().map(|o| o["games"].as_u64().unwrap()).sum();
    assert_eq!(total, 11);
}

#[test]
fn the_json_has_its_fields_and_is_the_same_at_a_fixed_depth() {
    let args = [
        "insights",
        &ann_pgn(),
        "--player",
        "ann",
        "--depth",
        "2",
        "--json",
    ];
    let one = out(&beeline(&[&args[..], &["--jobs", "1"]].concat()));
    let two = out(&beeline(&[&args[..], &["--jobs", "2"]].concat()));
    assert_eq!(one, two);
    let r: Value = serde_json::from_str(&one).unwrap();
    for field in [
        "player",
        "games",
        "wins",
        "draws",
        "losses",
        "by_colour",
        "openings",
        "accuracy",
        "games_list",
        "missed_wins",
        "allowed_losses",
        "by_phase",
        "by_bug",
        "by_month",
        "unreadable",
    ] {
        assert!(r.get(field).is_some(), "{field}");
    }
    let g = &r["games_list"][0];
    for field in [
        "file",
        "index",
        "colour",
        "result",
        "accuracy",
        "judgements",
    ] {
        assert!(g.get(field).is_some(), "{field}");
    }
    assert!(g["file"].as_str().unwrap().ends_with("ann.pgn"));
    let accuracy = r["accuracy"].as_f64().unwrap();
    assert!((0.0..=100.0).contains(&accuracy), "{accuracy}");
    // Phases and bugs count only the player's moves: Ann played 17 moves, 6 of them her
    // first placements (never scored).
    let scored: u64 = r["by_phase"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["moves"].as_u64().unwrap())
        .sum();
    assert_eq!(scored, 17 - 6);
}

#[test]
fn an_absent_player_is_told_the_nearest_names() {
    let o = beeline(&["insights", &ann_pgn(), "--player", "Bobby", "--depth", "1"]);
    assert!(!o.status.success());
    let e = err(&o);
    assert!(e.contains("no game of \"Bobby\""), "{e}");
    assert!(e.contains("the nearest names: Bob,"), "{e}");
}

#[test]
fn unreadable_files_are_counted_and_named_and_the_rest_is_read() {
    let dir = scratch("insights-unreadable");
    let bad = dir.join("bad.pgn");
    std::fs::write(&bad, "[White \"Ann\"]\n\nthis is no game\n").unwrap();
    let missing = dir.join("missing.pgn");
    let r = json_of(&[
        "insights",
        bad.to_str().unwrap(),
        missing.to_str().unwrap(),
        &ann_pgn(),
        "--player",
        "ann",
        "--depth",
        "1",
        "--json",
    ]);
    assert_eq!(r["games"], 6);
    let unreadable = r["unreadable"].as_array().unwrap();
    assert_eq!(unreadable.len(), 2, "{unreadable:?}");
    for path in [&bad, &missing] {
        let f = unreadable
            .iter()
            .find(|f| {
                f["source"]
                    .as_str()
                    .unwrap()
                    .contains(path.to_str().unwrap())
            })
            .unwrap_or_else(|| panic!("{} in {unreadable:?}", path.display()));
        assert!(!f["error"].as_str().unwrap().is_empty());
    }
    // The same file twice: its games count once.
    let r = json_of(&[
        "insights",
        &ann_pgn(),
        &ann_pgn(),
        "--player",
        "ann",
        "--depth",
        "1",
        "--json",
    ]);
    assert_eq!(r["games"], 6);
    assert_eq!(r["duplicates"], 6);
}

/// A position of the built-in puzzles: White surrounds the black Queen in two moves.
const WON_IN_TWO: &str = "Base+MLP;InProgress;White[11];wB1;bM wB1/;wM -wB1;bB1 bM-;wA1 wM\\;\
    bB2 bB1-;wQ wB1\\;bQ \\bM;wM \\bQ;bL /bB2;wA2 -wM;bP bQ-;wA1 -bQ;bP wQ/;wA2 bQ/;bL /wQ;\
    wB1 bM;bA1 bP-;wA3 -wM;bB1 wQ-";

/// The game to the position of [`WON_IN_TWO`], then White's first legal move that does not
/// win, as a PGN with players.
fn missed_win_game() -> (String, usize) {
    let gs: GameString = WON_IN_TWO.parse().unwrap();
    let pos = gs.replay().unwrap();
    let mut prover = Prover::full();
    let miss = pos
        .legal_moves()
        .into_iter()
        .find(|&m| !prover.wins_with(&pos, m, 2))
        .unwrap();
    let mut moves: Vec<String> = gs.moves.iter().map(|m| m.to_string()).collect();
    moves.push(move_string(&pos, miss));
    let body: Vec<String> = moves
        .iter()
        .enumerate()
        .map(|(i, m)| format!("{}. {m}", i + 1))
        .collect();
    let pgn = format!(
        "[GameType \"Base+MLP\"]\n[Date \"2024.04.02\"]\n[White \"Ann\"]\n[Black \"Bob\"]\n[Result \"*\"]\n\n{}\n",
        body.join("\n")
    );
    (pgn, pos.ply())
}

fn review(game: &Game, depth: u8) -> GameFacts {
    Reviewer::new(Limits::depth(depth)).review(&game.start(), &game.moves, &|| Box::new(NoClock))
}

/// Proves a tactic again from the game's moves: the surround in its number of moves from
/// its position, its line played out to the surround, and what makes it one (the move
/// played not winning; an escape the player had).
fn prove_again(game: &Game, t: &Tactic) {
    let at = |plies: usize| {
        let mut p: Position = game.start();
        for &m in &game.moves[..plies] {
            p.play(m).unwrap();
        }
        p
    };
    let pos = at(t.ply);
    let mut full = Prover::full();
    assert_eq!(full.shortest_win(&pos, WITHIN), Some(t.moves), "{t:?}");
    let solver = pos.to_move();
    let mut line_end = pos.clone();
    replay_moves(&mut line_end, &t.line).unwrap();
    assert!(won_by(&line_end, solver), "{t:?}");
    assert_eq!(t.line.len(), 2 * usize::from(t.moves) - 1, "{t:?}");
    match t.kind {
        TacticKind::MissedWin => {
            assert_eq!(solver, t.by);
            let played = game.moves[t.ply];
            assert!(!Prover::full().wins_with(&pos, played, WITHIN), "{t:?}");
        }
        TacticKind::AllowedLoss => {
            assert_eq!(solver, t.by.other());
            let before = at(t.ply - 1);
            let escape = before.legal_moves().into_iter().find(|&m| {
                let mut p = before.clone();
                p.play(m).unwrap();
                let mut full = Prover::full();
                full.shortest_win(&p, WITHIN).is_none() && !full.exhausted()
            });
            assert!(escape.is_some(), "{t:?}");
        }
    }
}

#[test]
fn a_missed_win_is_found_and_proved_again() {
    let (pgn, ply) = missed_win_game();
    // The browser's tests open the same game from the project's data.
    let path = format!(
        "{}/tests/data/insights/missed-win.pgn",
        env!("CARGO_MANIFEST_DIR")
    );
    assert_eq!(std::fs::read_to_string(path).unwrap(), pgn);
    let games = read_games("missed.pgn", &pgn);
    let game = games[0].1.as_ref().unwrap();
    let facts = review(game, 1);
    let missed: Vec<&Tactic> = facts
        .tactics
        .iter()
        .filter(|t| t.kind == TacticKind::MissedWin)
        .collect();
    assert_eq!(missed.len(), 1, "{:?}", facts.tactics);
    assert_eq!(
        (missed[0].ply, missed[0].by, missed[0].moves),
        (ply, Color::White, 2)
    );
    assert!(["wA3 /bQ", "wA3 bQ-"].contains(&missed[0].line[0].as_str()));
    for t in &facts.tactics {
        prove_again(game, t);
    }
    // In the report, as Ann's.
    let colour = side_of(&game.info, "ann").unwrap().unwrap();
    let report = InsightsReport::build(
        "ann",
        "depth 1".into(),
        &[(PlayerGame::of(game, colour), facts.clone())],
        LeftOut::default(),
    );
    assert_eq!(report.missed_wins.len(), 1);
    assert_eq!(report.missed_wins[0].ply, ply);
    // Bob's view of the same game: his allowed losses, not Ann's missed win.
    let bob = InsightsReport::build(
        "bob",
        "depth 1".into(),
        &[(PlayerGame::of(game, Color::Black), facts)],
        LeftOut::default(),
    );
    assert!(bob.missed_wins.is_empty());
}

#[test]
fn the_missed_wins_become_a_puzzle_set() {
    let (pgn, ply) = missed_win_game();
    let dir = scratch("insights-puzzles");
    let file = dir.join("missed.pgn");
    std::fs::write(&file, pgn).unwrap();
    let set = dir.join("set");
    let r = json_of(&[
        "insights",
        file.to_str().unwrap(),
        "--player",
        "Ann",
        "--depth",
        "1",
        "--json",
        "--puzzles",
        set.to_str().unwrap(),
    ]);
    assert_eq!(r["missed_wins"][0]["ply"], ply);
    let manifest = std::fs::read_to_string(set.join("puzzles.txt")).unwrap();
    assert!(manifest.contains("surround-2"), "{manifest}");
}

/// Every tactic of the real games, proved again.
#[test]
#[ignore = "needs ../shared/fixtures beside the repository"]
fn the_tactics_of_real_games_are_proved_again() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/fixtures/mzinga-recordings");
    let mut paths: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    paths.sort();
    let mut found = 0;
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        for (_, game) in read_games(&path.display().to_string(), &text) {
            let game = game.unwrap();
            let facts = review(&game, 1);
            for t in &facts.tactics {
                prove_again(&game, t);
                found += 1;
            }
        }
    }
    assert!(found > 0, "the real games hold tactics to prove");
}

#[test]
fn a_games_facts_read_back_from_their_text() {
    let (pgn, _) = missed_win_game();
    let games = read_games("missed.pgn", &pgn);
    let game = games[0].1.as_ref().unwrap();
    let facts = review(game, 2);
    assert!(!facts.tactics.is_empty() && facts.moves.len() == game.moves.len());
    let text = facts.to_text();
    assert_eq!(GameFacts::from_text(&text), Some(facts));
    for bad in [
        "",
        "v2\t|",
        "v1\twQo0x\t|",
        "v1\twQo9-\t|",
        "v1\t|\tXw3,1,wQ",
    ] {
        assert_eq!(GameFacts::from_text(bad), None, "{bad:?}");
    }
    assert_eq!(GameFacts::from_text("v1\t|"), Some(GameFacts::default()));
}

#[test]
fn a_selection_lists_the_players_most_games_first() {
    let text = std::fs::read_to_string(ann_pgn()).unwrap();
    let mut selection = beeline::insights::games::Selection::new("bob");
    let taken: Vec<usize> = read_games("ann.pgn", &text)
        .into_iter()
        .filter_map(|(_, g)| selection.take(&g.unwrap()).map(|p| p.index))
        .collect();
    assert_eq!(taken, [1, 2, 5, 8]);
    let players = selection.players();
    assert_eq!(
        players[..3],
        [
            ("Ann".to_string(), 6),
            ("Bob".to_string(), 4),
            ("Cy".to_string(), 3)
        ]
    );
    assert_eq!(players.len(), 6, "{players:?}");
    let none = beeline::insights::games::Selection::new("Zed").none_taken();
    assert!(none.contains("the records name no players"), "{none}");
}
