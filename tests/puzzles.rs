//! The built-in puzzle set, every puzzle checked again by the engine's own alpha-beta search
//! (not the miner's proof search) two plies deeper than the miner needed, and by playing out
//! every line of its solution.

use beeline::engine::hex::Hex;
use beeline::engine::piece::{Bug, Color, PieceId};
use beeline::engine::position::{GameState, Position};
use beeline::puzzles::daily::{daily_puzzle, CalendarDate};
use beeline::puzzles::miner::MinerSettings;
use beeline::puzzles::rating::seed_rating;
use beeline::puzzles::set::read_shard;
use beeline::puzzles::{builtin, MinedPuzzle, PuzzleTheme};
use beeline::record::puzzle::Solution;
use beeline::search::game_review::win_probability;
use beeline::search::{Limits, NoClock, SearchResult, Searcher};
use std::collections::HashSet;

/// The engine's search from a cleared table, without the repetition rule: with it the search
/// calls a position met before a draw, and a defence that goes back to a position of the
/// game would look like one, where a repetition draws only the third time.
fn search(s: &mut Searcher, pos: &Position, limits: Limits) -> SearchResult {
    s.clear();
    let mut pos = pos.clone();
    pos.set_rules(pos.rules().with_repetition_draw(false));
    s.search(&pos, &limits, &NoClock)
}

/// Whether the game is over and won by `c`.
fn won_by(pos: &Position, c: Color) -> bool {
    pos.state()
        == if c == Color::White {
            GameState::WhiteWins
        } else {
            GameState::BlackWins
        }
}

/// Every path through a surround's tree ends with the solver's surround, within `n` moves.
fn every_line_surrounds(pos: &mut Position, node: &Solution, n: u8, solver: Color) {
    assert!(n >= 1, "a line longer than its theme");
    assert!(!node.branches.is_empty(), "a turn without a move");
    for b in &node.branches {
        pos.play(b.mv).expect("a legal solver's move");
        match &b.reply {
            None => assert!(won_by(pos, solver), "a line that does not surround"),
            Some((r, next)) => {
                pos.play(*r).expect("a legal reply");
                if won_by(pos, solver) {
                    assert!(next.branches.is_empty());
                } else {
                    every_line_surrounds(pos, next, n - 1, solver);
                }
                pos.undo();
            }
        }
        pos.undo();
    }
}

/// Whether the solver, to move, surrounds the other Queen within `n` moves against every
/// defence: a plain exhaustive search, written apart from the miner's. Its one shortcut is
/// exact: with one move left, only a move onto a cell beside the Queen, or a move of the
/// Queen herself (a throw, by a Pillbug or Mosquito of the solver beside her), can surround
/// her; so without a thrower beside her, two open cells are never closed, and one is closed
/// only by the legal moves onto it.
fn forced(pos: &mut Position, solver: Color, n: u8) -> bool {
    let queen = PieceId::queen(solver.other());
    let Some(q) = pos.board().position(queen) else {
        return false;
    };
    let board = pos.board();
    let open: Vec<Hex> = q
        .neighbors()
        .into_iter()
        .filter(|&c| board.top(c).is_none())
        .collect();
    let thrower = q.neighbors().iter().any(|&c| {
        board
            .top(c)
            .is_some_and(|p| p.color() == solver && matches!(p.bug(), Bug::Pillbug | Bug::Mosquito))
    });
    let moves = if n == 1 && !thrower {
        if open.len() != 1 {
            return false;
        }
        let mut onto = Vec::new();
        pos.legal_moves_to(open[0], &mut onto);
        onto
    } else {
        pos.legal_moves()
    };
    moves.into_iter().any(|m| {
        if n == 1 && m.piece() != Some(queen) && m.to().is_none_or(|t| t.distance(q) != 1) {
            return false;
        }
        pos.play_unchecked(m);
        let wins = won_by(pos, solver)
            || (n > 1 && !pos.state().is_over() && defended_in_vain(pos, solver, n - 1));
        pos.undo();
        wins
    })
}

/// Whether every reply of the defender, to move, leaves the solver a surround within `n`.
fn defended_in_vain(pos: &mut Position, solver: Color, n: u8) -> bool {
    pos.legal_moves().into_iter().all(|r| {
        pos.play_unchecked(r);
        let lost = won_by(pos, solver) || (!pos.state().is_over() && forced(pos, solver, n));
        pos.undo();
        lost
    })
}

fn check_surround(s: &mut Searcher, p: &MinedPuzzle, n: u8) {
    let solver = p.solver();
    let mut pos = p.position.clone();
    // No shorter surround.
    if n > 1 {
        assert!(
            !forced(&mut pos, solver, n - 1),
            "{}: a shorter surround",
            p.id
        );
    }
    // Exactly the listed first moves surround within n.
    let first = p.solution.first_moves();
    for m in p.position.legal_moves() {
        pos.play_unchecked(m);
        let wins = won_by(&pos, solver)
            || (n > 1 && !pos.state().is_over() && defended_in_vain(&mut pos, solver, n - 1));
        pos.undo();
        assert_eq!(wins, first.contains(&m), "{}: {m:?}", p.id);
    }
    // The engine's search (alpha-beta, another program) to the win's depth: where it sees a
    // forced win, it sees none shorter. (It reduces late moves, and may miss a surround in
    // three even two plies deeper, or report a longer one.)
    let r = search(s, &p.position, Limits::depth(2 * n - 1));
    if let Some(seen) = r.win_in() {
        assert!(
            seen >= 2 * i32::from(n) - 1,
            "{}: the engine's win in {seen} plies",
            p.id
        );
    }
    every_line_surrounds(&mut p.position.clone(), &p.solution, n, solver);
}

fn check_defence(s: &mut Searcher, p: &MinedPuzzle) {
    let accepted = p.solution.first_moves();
    let other = p.solver().other();
    for m in p.position.legal_moves() {
        let mut after = p.position.clone();
        after.play(m).unwrap();
        // Every other move lets the other side surround within two moves; the saving
        // move does not.
        let lost =
            won_by(&after, other) || (!after.state().is_over() && forced(&mut after, other, 2));
        assert_eq!(lost, !accepted.contains(&m), "{}: {m:?}", p.id);
        if accepted.contains(&m) {
            // Nor does the engine see a surround within two after it.
            let r = search(s, &after, Limits::depth(5));
            assert!(r.win_in().is_none_or(|w| !(1..=3).contains(&w)), "{}", p.id);
        }
    }
}

fn check_only_move(s: &mut Searcher, p: &MinedPuzzle) {
    let settings = MinerSettings::default();
    let r = search(
        s,
        &p.position,
        Limits::depth(settings.verify_depth + 1).with_lines(2),
    );
    let first = p.solution.first_moves();
    assert!(
        first.contains(&r.best.unwrap()),
        "{}: the engine's move",
        p.id
    );
    let (b, o) = (
        win_probability(r.lines[0].score),
        win_probability(r.lines[1].score),
    );
    assert!(b - o >= settings.gap / 2.0, "{}: {b} against {o}", p.id);
}

#[test]
fn the_built_in_set_reads_whole() {
    let (puzzles, errors) = builtin::puzzles();
    assert!(errors.is_empty(), "{errors:?}");
    assert!(puzzles.len() >= 2000, "{} puzzles", puzzles.len());
    let ids: HashSet<&str> = puzzles.iter().map(|p| p.id.as_str()).collect();
    assert_eq!(ids.len(), puzzles.len(), "an id twice");
    for t in PuzzleTheme::ALL {
        let n = puzzles.iter().filter(|p| p.theme == t).count();
        assert!(n >= 100, "{n} {t} puzzles");
    }
    // And the JSON of each carries every solving first move.
    for p in &puzzles {
        let j = p.json();
        assert_eq!(j.first_moves.len(), p.solution.branches.len());
        assert_eq!(j.solution.len(), p.solution.main_line().len());
    }
    // A puzzle's rating lies among the ratings of its difficulty's node counts, and the
    // shards of a theme go up in rating.
    for p in &puzzles {
        let d = u32::from(p.difficulty);
        let low = if d <= 1 { 0 } else { 256u64 << (2 * (d - 2)) };
        let high = if d >= 9 {
            u64::MAX
        } else {
            256u64 << (2 * (d - 1))
        };
        assert!(
            (seed_rating(low)..=seed_rating(high)).contains(&p.rating),
            "{}: difficulty {d}, rating {}",
            p.id,
            p.rating
        );
    }
    let m = builtin::manifest().unwrap();
    // The trainer fetches every shard of a set of up to 64 for offline use.
    assert!(m.shards.len() <= 64, "{} shards", m.shards.len());
    for t in PuzzleTheme::ALL {
        let shards: Vec<_> = m.shards_of(Some(t)).collect();
        assert!(shards.windows(2).all(|w| w[0].rating.1 <= w[1].rating.0));
    }
}

#[test]
fn the_built_in_set_has_a_puzzle_for_every_day() {
    let m = builtin::manifest().unwrap();
    let (puzzles, _) = builtin::puzzles();
    let mut days = HashSet::new();
    for d in 1..=28 {
        let date = CalendarDate::new(2026, 2, d).unwrap();
        let daily = daily_puzzle(&m, date).unwrap();
        // The shard named, read alone, holds it; the set read whole has it at the same place.
        let text = builtin::FILES
            .iter()
            .find(|f| f.0 == daily.shard.name)
            .unwrap()
            .1;
        let shard = read_shard(daily.shard, text).unwrap();
        let p = &shard.puzzles[daily.index];
        let before: usize = m
            .shards
            .iter()
            .take_while(|e| e.name != daily.shard.name)
            .map(|e| e.count)
            .sum();
        assert_eq!(puzzles[before + daily.index].id, p.id);
        assert_eq!(daily_puzzle(&m, date).unwrap(), daily);
        days.insert(p.id.clone());
    }
    assert!(days.len() >= 25, "{} puzzles in 28 days", days.len());
}

#[test]
fn every_built_in_puzzle_is_verified_by_a_deeper_search() {
    let (puzzles, _) = builtin::puzzles();
    // Shared among the machine's cores: a minute and a half of searching on one.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    std::thread::scope(|scope| {
        for part in puzzles.chunks(puzzles.len().div_ceil(threads).max(1)) {
            scope.spawn(move || {
                let mut s = Searcher::new(16);
                for p in part {
                    match p.theme {
                        PuzzleTheme::Surround1 => check_surround(&mut s, p, 1),
                        PuzzleTheme::Surround2 => check_surround(&mut s, p, 2),
                        PuzzleTheme::Surround3 => check_surround(&mut s, p, 3),
                        PuzzleTheme::Defence => check_defence(&mut s, p),
                        PuzzleTheme::OnlyMove => check_only_move(&mut s, p),
                    }
                }
            });
        }
    });
    // A surround in three is the longest line: five moves.
    assert!(puzzles.iter().all(|p| p.solution.main_line().len() <= 5));
}

fn run(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_beeline"))
        .args(args)
        .output()
        .unwrap()
}

#[test]
fn selfplay_games_are_mined_into_a_set_the_built_in_reader_reads() {
    let dir = std::env::temp_dir().join(format!("beeline-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let games = dir.join("games.pgn");
    let g = games.to_str().unwrap();
    // Self-play: the same seed, the same games.
    let o = run(&[
        "selfplay", "--games", "6", "--seed", "5", "--levels", "2-3", "--out", g,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let first = std::fs::read_to_string(&games).unwrap();
    assert_eq!(first.matches("[Result ").count(), 6);
    run(&[
        "selfplay", "--games", "6", "--seed", "5", "--levels", "2-3", "--out", g,
    ]);
    assert_eq!(std::fs::read_to_string(&games).unwrap(), first);
    // Mined twice over (the same file given twice): each puzzle once.
    let o = run(&["puzzles", g, g, "--json"]);
    assert!(o.status.success());
    let lines: Vec<serde_json::Value> = String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(
        !lines.is_empty(),
        "six games of levels 2 and 3 leave some puzzle"
    );
    let ids: HashSet<&str> = lines.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), lines.len());
    for p in &lines {
        for field in [
            "position",
            "solver",
            "solution",
            "first_moves",
            "theme",
            "difficulty",
            "rating",
            "source",
        ] {
            assert!(!p[field].is_null(), "{field} missing in {p}");
        }
        assert_eq!(p["source"]["event"], "Beeline self-play, seed 5");
    }
    // Written as a set: the manifest and its shards read back, puzzle for puzzle.
    let out = dir.join("set");
    let o = run(&["puzzles", g, "--out", out.to_str().unwrap()]);
    assert!(o.status.success());
    let text = std::fs::read_to_string(out.join("puzzles.txt")).unwrap();
    let m = beeline::puzzles::set::SetManifest::parse(&text).unwrap();
    assert_eq!(m.puzzles, lines.len());
    for e in &m.shards {
        let shard = std::fs::read_to_string(out.join(&e.name)).unwrap();
        let r = beeline::puzzles::set::read_shard(e, &shard).unwrap();
        assert!(r.errors.is_empty());
        assert!(r.puzzles.iter().all(|p| ids.contains(p.id.as_str())));
    }
    // Bad input: a file that is not there is named, the exit status says so.
    let o = run(&["puzzles", "no-such-file.pgn", "--json"]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("no-such-file.pgn"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_built_in_set_prints_as_json() {
    let o = run(&["puzzles", "--builtin", "--json"]);
    assert!(o.status.success());
    let (puzzles, _) = builtin::puzzles();
    let text = String::from_utf8_lossy(&o.stdout);
    assert_eq!(text.lines().count(), puzzles.len());
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["id"], puzzles[0].id.as_str());
    assert_eq!(first["rating"], puzzles[0].rating);
}
