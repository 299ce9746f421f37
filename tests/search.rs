//! The analysis engine: wins found at small depth, legal and repeatable answers, the UHP
//! engine's every command (bad ones too), and `beeline analyse` on the direction-notation
//! article's two games.

use beeline::collection::key::PositionKey;
use beeline::engine::piece::GameType;
use beeline::engine::position::{GameState, Move, Position, Rules};
use beeline::record::{import, Record};
use beeline::search::game_review::{judge, win_probability, Judgement, SCALE};
use beeline::search::uhp::{parse_time, UhpEngine};
use beeline::search::{Clock, Limits, NoClock, Searcher, WallClock, WIN};
use proptest::prelude::*;

mod common;
use common::{beeline, test_data};

fn game(n: u8) -> Record {
    let rec = import(&test_data(&format!("direction-game-{n}.md")), None).unwrap();
    assert!(rec.error.is_none());
    rec
}

fn search(pos: &Position, depth: u8) -> beeline::search::SearchResult {
    Searcher::new(4).search(pos, &Limits::depth(depth), &NoClock)
}

/// The last move of each game surrounds a Queen: one ply before it, the winner's search
/// finds a surrounding move at depth 1 and 2, scored as a win in one ply.
#[test]
fn surrounds_a_queen_in_one_move() {
    for (n, winner) in [(1, GameState::BlackWins), (2, GameState::WhiteWins)] {
        let rec = game(n);
        assert_eq!(rec.result(), winner);
        let pos = rec.position_at(rec.moves.len() - 1);
        for depth in [1, 2] {
            let r = search(&pos, depth);
            assert_eq!(r.score, WIN - 1, "game {n} depth {depth}");
            assert_eq!(r.win_in(), Some(1));
            let mut after = pos.clone();
            after.play(r.best.unwrap()).unwrap();
            assert_eq!(after.state(), winner, "game {n} depth {depth}");
        }
    }
}

/// Three plies before the end of game 2, White surrounds the black Queen in two moves
/// whatever Black does: found at depth 3, and Black, a ply later, sees the loss.
#[test]
fn surrounds_a_queen_in_two_moves() {
    let rec = game(2);
    let n = rec.moves.len();
    let pos = rec.position_at(n - 3);
    let r = search(&pos, 3);
    assert_eq!(r.score, WIN - 3);
    assert_eq!(r.pv.len(), 3);
    let mut line = pos.clone();
    for m in &r.pv {
        line.play(*m).unwrap();
    }
    assert_eq!(line.state(), GameState::WhiteWins);
    // At depth 1 the win is out of sight.
    assert!(search(&pos, 1).score < WIN - 100);
    let defender = rec.position_at(n - 2);
    assert_eq!(search(&defender, 2).score, -(WIN - 2));
}

/// A fixed depth gives the same move, score, line and node count every time.
#[test]
fn fixed_depth_is_deterministic() {
    let rec = game(1);
    for ply in [8, 20, 33] {
        let pos = rec.position_at(ply);
        let a = search(&pos, 3);
        let b = search(&pos, 3);
        assert_eq!(a, b, "ply {ply}");
        assert!(a.depth == 3 && a.nodes > 0 && a.best.is_some());
    }
}

fn search_lines(pos: &Position, depth: u8, lines: u8) -> beeline::search::SearchResult {
    Searcher::new(4).search(pos, &Limits::depth(depth).with_lines(lines), &NoClock)
}

/// Plays a line on a copy of `pos`: every move legal, the game over after the last if the
/// line is shorter than `want`.
fn assert_line_plays(pos: &Position, pv: &[Move], want: usize, what: &str) {
    let mut line = pos.clone();
    for (k, m) in pv.iter().enumerate() {
        assert!(
            line.play(*m).is_ok(),
            "{what}: move {k} ({m:?}) is not legal"
        );
    }
    assert!(
        pv.len() >= want || line.state().is_over(),
        "{what}: {} moves, where {want} were due",
        pv.len()
    );
}

/// Several lines: as many as asked, distinct first moves, best first, each legal and as
/// long as the depth; the first is the single-line search's move and score, or better.
#[test]
fn several_lines_are_distinct_ordered_and_the_first_is_the_best_move() {
    let rec = game(1);
    for ply in [6, 14, 20, 27, 33] {
        let pos = rec.position_at(ply);
        for depth in [2, 4] {
            let what = format!("ply {ply} depth {depth}");
            let one = search(&pos, depth);
            let three = search_lines(&pos, depth, 3);
            assert_eq!(one.lines.len(), 1, "{what}");
            assert_eq!(one.lines[0].pv, one.pv, "{what}");
            assert_eq!(three.lines.len(), 3.min(pos.legal_moves().len()), "{what}");
            // Below the null move's depth the searches are the same tree; above it, the
            // other lines fill the table, and a null move's cut-off (which depends on what
            // the table holds) may then differ: the first line is the single search's
            // move, or a better one with the single search's move among the lines.
            let firsts: Vec<Move> = three.lines.iter().map(|l| l.pv[0]).collect();
            if depth < 3 {
                assert_eq!((three.best, three.score), (one.best, one.score), "{what}");
            } else if three.best != one.best {
                assert!(
                    three.score > one.score && one.best.is_some_and(|m| firsts.contains(&m)),
                    "{what}: {} against {} ({:?})",
                    three.score,
                    one.score,
                    three.lines.iter().map(|l| l.score).collect::<Vec<_>>()
                );
            }
            assert_eq!(
                (three.lines[0].score, &three.lines[0].pv),
                (three.score, &three.pv)
            );
            for (i, m) in firsts.iter().enumerate() {
                assert!(!firsts[..i].contains(m), "{what}: {m:?} starts two lines");
            }
            for w in three.lines.windows(2) {
                assert!(
                    w[0].score >= w[1].score,
                    "{what}: {} before {}",
                    w[0].score,
                    w[1].score
                );
            }
            for (k, l) in three.lines.iter().enumerate() {
                assert_line_plays(&pos, &l.pv, usize::from(depth), &format!("{what} line {k}"));
            }
        }
    }
}

/// At depth 2 (no reductions) a line's score is exact: the k-th line scores what the k-th
/// best choice scores when each is searched on its own a ply shallower (a choice: the moves
/// that lead to one position up to the board's symmetries).
#[test]
fn each_line_scores_its_move_as_a_search_of_it_alone() {
    let rec = game(2);
    for ply in [1, 10, 21] {
        let pos = rec.position_at(ply);
        let mut alone: Vec<(PositionKey, i32)> = pos
            .legal_moves()
            .into_iter()
            .map(|m| {
                let mut after = pos.clone();
                after.play(m).unwrap();
                (PositionKey::of(&after), -search(&after, 1).score)
            })
            .collect();
        alone.sort_unstable_by_key(|&(k, s)| (k, std::cmp::Reverse(s)));
        alone.dedup_by_key(|&mut (k, _)| k);
        let mut best: Vec<i32> = alone.iter().map(|&(_, s)| s).collect();
        best.sort_unstable_by(|a, b| b.cmp(a));
        let r = search_lines(&pos, 2, 4);
        let scores: Vec<i32> = r.lines.iter().map(|l| l.score).collect();
        assert_eq!(scores, best[..4], "ply {ply}");
    }
}

/// Moves that lead to the same position up to the board's symmetries (after the first
/// piece, every cell around it) start one line, not several.
#[test]
fn lines_start_with_different_choices_not_mirror_images() {
    let rec = game(1);
    for ply in [1, 2, 9] {
        let pos = rec.position_at(ply);
        let r = search_lines(&pos, 2, 5);
        assert_eq!(r.lines.len(), 5, "ply {ply}");
        let keys: Vec<PositionKey> = r
            .lines
            .iter()
            .map(|l| {
                let mut after = pos.clone();
                after.play(l.pv[0]).unwrap();
                PositionKey::of(&after)
            })
            .collect();
        for (i, k) in keys.iter().enumerate() {
            assert!(
                !keys[..i].contains(k),
                "ply {ply}: line {i} repeats a position"
            );
        }
    }
}

/// A position with fewer legal moves than lines asked gives a line a move; a line that
/// ends the game stops there.
#[test]
fn lines_stop_at_the_legal_moves_and_at_the_end_of_the_game() {
    let pos = Position::with_rules(GameType::all()[0], Rules::uhp());
    let r = search_lines(&pos, 3, 8);
    assert_eq!(r.lines.len(), pos.legal_moves().len().min(8));
    let rec = game(2);
    let n = rec.moves.len();
    let pos = rec.position_at(n - 3);
    let r = search_lines(&pos, 3, 2);
    assert_eq!(r.score, WIN - 3);
    assert_eq!(r.pv.len(), 3, "the winning line ends with the game");
    assert_line_plays(&pos, &r.lines[1].pv, 3, "the second line");
}

/// A deeper search's line reaches its depth (up to 8 moves) even where the table cut it
/// off, and so does a search in slices, which takes each iteration up again from its root.
#[test]
fn lines_are_as_long_as_the_depth() {
    let rec = game(1);
    for ply in [12, 20, 33] {
        let pos = rec.position_at(ply);
        let r = search(&pos, 7);
        assert_line_plays(&pos, &r.pv, 7, &format!("ply {ply}"));
        let (sliced, _, _) = search_in_slices(&pos, 6);
        assert_line_plays(&pos, &sliced.pv, 6, &format!("ply {ply}, in slices"));
    }
}

/// Threat mode: with the side to move passing, the opponent's best line is the Queen
/// surrounded in one, where the game's winner did surround it a move later.
#[test]
fn the_threat_is_the_surround_the_opponent_would_play() {
    for (n, winner) in [(1, GameState::BlackWins), (2, GameState::WhiteWins)] {
        let rec = game(n);
        // The loser to move, one move before the end: passing, the winner surrounds.
        let pos = rec.position_at(rec.moves.len() - 2);
        let threat = beeline::search::threat_position(&pos);
        assert_eq!(threat.to_move(), pos.to_move().other());
        assert_ne!(threat.key(), pos.key(), "the side to move is in the key");
        assert_eq!(threat.moves().len(), pos.moves().len() + 1);
        let r = search(&threat, 2);
        assert_eq!(r.score, WIN - 1, "game {n}");
        let mut after = threat.clone();
        after.play(r.best.unwrap()).unwrap();
        assert_eq!(after.state(), winner, "game {n}");
    }
}

/// A clock that moves a millisecond at each reading: a search in slices then gives way
/// every few thousand nodes, whatever the machine's speed.
struct Ticks(std::cell::Cell<u64>);

impl Clock for Ticks {
    fn elapsed_ms(&self) -> u64 {
        let t = self.0.get();
        self.0.set(t + 1);
        t
    }
}

/// Runs a search in slices of four clock readings; the result, the depths reported and
/// the number of slices.
fn search_in_slices(pos: &Position, depth: u8) -> (beeline::search::SearchResult, Vec<u8>, usize) {
    let mut searcher = Searcher::new(4);
    let clock = Ticks(std::cell::Cell::new(0));
    let mut run = searcher.begin(pos, &Limits::depth(depth), &clock);
    let mut depths = Vec::new();
    let mut slices = 0;
    loop {
        slices += 1;
        let pause_at = clock.elapsed_ms() + 4;
        if searcher.deepen(&mut run, &clock, Some(pause_at), &mut |r| {
            depths.push(r.depth)
        }) {
            break;
        }
        assert!(!run.is_done());
        assert!(slices < 10_000, "a search in slices must get on");
    }
    assert!(run.is_done());
    (run.result().clone(), depths, slices)
}

/// A search that gives way now and then (the browser's worker, so that it can read its
/// messages) takes each iteration up again where the table left it: it reaches the depth,
/// reports every iteration once, finds the forced win, and costs about the nodes of one
/// run (an iteration searched again from scratch at each slice would cost many times more).
#[test]
fn a_search_in_slices_takes_up_where_it_stopped() {
    let rec = game(1);
    for ply in [20, 33] {
        let pos = rec.position_at(ply);
        let whole = search(&pos, 6);
        let (sliced, depths, slices) = search_in_slices(&pos, 6);
        assert!(slices > 10, "ply {ply}: {slices} slices");
        assert_eq!(depths, (1..=6).collect::<Vec<u8>>(), "ply {ply}");
        assert_eq!(sliced.depth, 6);
        let best = sliced.best.expect("a move");
        assert!(pos.legal_moves().contains(&best), "ply {ply}");
        assert!(
            sliced.nodes * 2 < whole.nodes * 3,
            "ply {ply}: {} nodes in {slices} slices, {} in one run",
            sliced.nodes,
            whole.nodes
        );
    }
    let rec = game(2);
    let pos = rec.position_at(rec.moves.len() - 3);
    let (r, _, _) = search_in_slices(&pos, 3);
    assert_eq!(r.score, WIN - 3);
}

/// The search never answers a finished game with a move.
#[test]
fn a_finished_game_has_no_best_move() {
    let rec = game(1);
    let end = rec.position();
    assert!(end.state().is_over());
    let r = search(&end, 3);
    assert_eq!(r.best, None);
    assert_eq!(r.legal_moves, 0);
}

/// A judgement's name reads back as it (the browser's review sends names).
#[test]
fn judgements_read_back_from_their_names() {
    for name in ["best", "good", "inaccuracy", "mistake", "blunder", "forced"] {
        assert_eq!(Judgement::from_name(name).map(Judgement::name), Some(name));
    }
    assert_eq!(Judgement::from_name("Blunder"), None);
    assert_eq!(Judgement::from_name(""), None);
}

/// The judgement thresholds: forced beats everything, then best, then the drop in the
/// mover's winning chances.
#[test]
fn judgements_follow_the_drop_in_winning_chances() {
    assert_eq!(judge(false, 1, 500, -500), Judgement::Forced);
    assert_eq!(judge(true, 30, 200, 100), Judgement::Best);
    assert_eq!(judge(false, 30, 200, 210), Judgement::Best);
    // The score after which the mover's chances are `p` (from an even position).
    let at = |p: f64| (-SCALE * (1.0 / p - 1.0).ln()).round() as i32;
    assert_eq!(judge(false, 30, 0, at(0.47)), Judgement::Good);
    assert_eq!(judge(false, 30, 0, at(0.43)), Judgement::Inaccuracy);
    assert_eq!(judge(false, 30, 0, at(0.35)), Judgement::Mistake);
    assert_eq!(judge(false, 30, 0, at(0.25)), Judgement::Blunder);
    assert_eq!(judge(false, 30, at(0.9), at(0.75)), Judgement::Mistake);
    assert_eq!(judge(false, 30, WIN - 3, 0), Judgement::Blunder);
    assert!((win_probability(0) - 0.5).abs() < 1e-9);
    assert!(win_probability(100) > 0.5 && win_probability(-100) < 0.5);
    assert_eq!(win_probability(WIN - 1), 1.0);
}

/// A random legal game of `plies` plies from the picks.
fn random_position(gt: GameType, picks: &[usize]) -> Position {
    let mut pos = Position::with_rules(gt, Rules::uhp());
    for &p in picks {
        if pos.state().is_over() {
            break;
        }
        let moves = pos.legal_moves();
        pos.play_unchecked(moves[p % moves.len()]);
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Whatever the position, the best move is one of the legal moves and its line plays.
    #[test]
    fn best_move_is_always_legal(
        gt in prop::sample::select(GameType::all().to_vec()),
        picks in prop::collection::vec(any::<usize>(), 0..70),
        depth in 1u8..=2,
    ) {
        let pos = random_position(gt, &picks);
        let r = search(&pos, depth);
        if pos.state().is_over() {
            prop_assert_eq!(r.best, None);
        } else {
            let best = r.best.unwrap();
            prop_assert!(pos.legal_moves().contains(&best), "{:?} in {:?}", best, pos);
            let mut line = pos.clone();
            for m in &r.pv {
                prop_assert!(line.play(*m).is_ok(), "{:?} in the line of {:?}", m, pos);
            }
        }
    }

    /// No line of text makes the UHP engine panic, and every answer ends with `ok`.
    #[test]
    fn any_uhp_line_gets_an_answer(lines in prop::collection::vec(uhp_line(), 1..12)) {
        let mut e = UhpEngine::new();
        for line in &lines {
            let r = e.command(line, &NoClock);
            if r.exit {
                break;
            }
            prop_assert_eq!(r.lines.last().map(String::as_str), Some("ok"), "{}", line);
        }
    }
}

fn uhp_line() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "newgame",
        "newgame Base+MLP",
        "newgame Base+Q",
        "newgame Base;InProgress;White[2];wS1;bS1 wS1-",
        "newgame Base;Draw;White[1]",
        "play",
        "play wS1",
        "play bS1 wS1-",
        "play wQ -wS1",
        "play wQ \\\\bS1",
        "play wB9 x",
        "pass",
        "validmoves",
        "validmoves now",
        "undo",
        "undo 2",
        "undo -1",
        "undo 99999999999999999999",
        "bestmove",
        "bestmove depth 1",
        "bestmove depth 0",
        "bestmove depth 300",
        "bestmove time 1:2",
        "bestmove time 00:61:00",
        "options",
        "options get TableSizeMiB",
        "options set TableSizeMiB 0",
        "options set TableSizeMiB 2",
        "options set Verbose maybe",
        "info",
        "",
    ]);
    prop_oneof![
        4 => words.prop_map(String::from),
        1 => "\\PC{0,30}",
    ]
}

fn run(e: &mut UhpEngine, line: &str) -> Vec<String> {
    let r = e.command(line, &NoClock);
    assert_eq!(r.lines.last().map(String::as_str), Some("ok"), "{line}");
    r.lines[..r.lines.len() - 1].to_vec()
}

fn one(e: &mut UhpEngine, line: &str) -> String {
    let out = run(e, line);
    assert_eq!(out.len(), 1, "{line}: {out:?}");
    out[0].clone()
}

#[test]
fn uhp_commands() {
    let mut e = UhpEngine::new();
    assert_eq!(
        e.greeting(),
        [
            format!("id Beeline {}", env!("CARGO_PKG_VERSION")),
            "Mosquito;Ladybug;Pillbug".to_string(),
            "ok".to_string()
        ]
    );
    assert_eq!(run(&mut e, "info")[1], "Mosquito;Ladybug;Pillbug");
    // Nothing to work on before a game.
    for cmd in ["validmoves", "play wS1", "pass", "undo", "bestmove depth 1"] {
        assert!(one(&mut e, cmd).starts_with("err no game"), "{cmd}");
    }
    assert_eq!(one(&mut e, "newgame"), "Base;NotStarted;White[1]");
    assert_eq!(
        one(&mut e, "newgame Base+MLP"),
        "Base+MLP;NotStarted;White[1]"
    );
    assert_eq!(one(&mut e, "validmoves"), "wS1;wB1;wG1;wA1;wM;wL;wP");
    assert_eq!(one(&mut e, "play wS1"), "Base+MLP;InProgress;Black[1];wS1");
    assert_eq!(
        one(&mut e, "play bG1 -wS1"),
        "Base+MLP;InProgress;White[2];wS1;bG1 -wS1"
    );
    // Moves the rules refuse, and text that is no move.
    assert!(one(&mut e, "play wQ -bG1").starts_with("invalidmove"));
    assert!(one(&mut e, "play wS1 -bG1").starts_with("invalidmove"));
    assert!(one(&mut e, "play nonsense").starts_with("invalidmove"));
    assert!(one(&mut e, "pass").starts_with("invalidmove"));
    assert!(one(&mut e, "play").starts_with("err"));
    // The position is unchanged by all of that.
    assert_eq!(
        one(&mut e, "undo 0"),
        "Base+MLP;InProgress;White[2];wS1;bG1 -wS1"
    );
    let best = one(&mut e, "bestmove depth 2");
    let valid = one(&mut e, "validmoves");
    assert!(valid.split(';').any(|m| m == best), "{best} in {valid}");
    let clock = WallClock::start();
    let r = e.command("bestmove time 00:00:00.05", &clock);
    let timed = r.lines[0].clone();
    assert!(valid.split(';').any(|m| m == timed), "{timed} in {valid}");
    for bad in [
        "bestmove",
        "bestmove depth",
        "bestmove depth 0",
        "bestmove depth x",
        "bestmove time 1",
        "bestmove time 00:00:xx",
        "bestmove time 00:00:01 extra",
        "bestmove nodes 5",
    ] {
        assert!(one(&mut e, bad).starts_with("err"), "{bad}");
    }
    assert_eq!(one(&mut e, "undo 2"), "Base+MLP;NotStarted;White[1]");
    assert!(one(&mut e, "undo").starts_with("err undo 1: only 0"));
    assert!(one(&mut e, "undo two").starts_with("err"));
    assert!(one(&mut e, "validmoves please").starts_with("err"));
    assert!(one(&mut e, "newgame Chess").starts_with("err newgame"));
    assert!(one(&mut e, "newgame Base;InProgress;White[2];wS1;wS2").starts_with("err newgame"));
    assert!(one(&mut e, "frobnicate").starts_with("err unknown command"));
    // A bad newgame keeps the game that was going.
    assert_eq!(one(&mut e, "play wG1"), "Base+MLP;InProgress;Black[1];wG1");
    assert!(e.command("exit", &NoClock).exit);
}

#[test]
fn uhp_finished_game() {
    let mut e = UhpEngine::new();
    let rec = game(2);
    let gs = beeline::notation::uhp::GameString::from_position(&rec.position()).to_string();
    assert!(gs.starts_with("Base+MLP;WhiteWins;"));
    assert_eq!(one(&mut e, &format!("newgame {gs}")), gs);
    assert!(one(&mut e, "bestmove depth 1").starts_with("err bestmove: the game is over"));
    let r = e.command("bestmove time 00:00:01", &WallClock::start());
    assert!(r.lines[0].starts_with("err"));
    assert!(one(&mut e, "play wQ -bQ").starts_with("invalidmove"));
    assert!(run(&mut e, "validmoves").is_empty());
    // Taking the last move back reopens it.
    let reopened = one(&mut e, "undo");
    assert!(reopened.contains(";InProgress;"), "{reopened}");
    let best = one(&mut e, "bestmove depth 1");
    assert_eq!(
        one(&mut e, &format!("play {best}")),
        gs.replace(&rec_last(&gs), &best)
    );
}

fn rec_last(gs: &str) -> String {
    gs.rsplit(';').next().unwrap().to_string()
}

#[test]
fn uhp_options() {
    let mut e = UhpEngine::new();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    assert_eq!(
        run(&mut e, "options"),
        [
            "TableSizeMiB;int;64;64;1;1024".to_string(),
            format!("NumThreads;int;1;1;1;{cores}"),
            "Verbose;bool;False;False".to_string(),
            "Lines;int;1;1;1;8".to_string(),
            "Level;int;8;8;1;8".to_string(),
            "Seed;int;0;0;0;4294967295".to_string()
        ]
    );
    assert_eq!(
        one(&mut e, &format!("options set NumThreads {cores}")),
        format!("NumThreads;int;{cores};1;1;{cores}")
    );
    assert!(one(&mut e, &format!("options set NumThreads {}", cores + 1)).starts_with("err"));
    assert!(one(&mut e, "options set NumThreads 0").starts_with("err"));
    assert_eq!(
        one(&mut e, "options set TableSizeMiB 8"),
        "TableSizeMiB;int;8;64;1;1024"
    );
    assert_eq!(
        one(&mut e, "options get TableSizeMiB"),
        "TableSizeMiB;int;8;64;1;1024"
    );
    assert_eq!(
        one(&mut e, "options set Verbose True"),
        "Verbose;bool;True;False"
    );
    for bad in [
        "options set TableSizeMiB 0",
        "options set TableSizeMiB 5000",
        "options set TableSizeMiB lots",
        "options set Verbose yes",
        "options set Lines 0",
        "options set Lines 9",
        "options set Level 0",
        "options set Level 9",
        "options set Seed -1",
        "options set Seed 4294967296",
        "options get Aggression",
        "options set Aggression 3",
        "options frob",
    ] {
        assert!(one(&mut e, bad).starts_with("err options"), "{bad}");
    }
    // Verbose reports the search on the log, not in the protocol's lines; with every
    // core searching the answer is still a legal move.
    one(
        &mut e,
        "newgame Base+MLP;InProgress;White[3];wS1;bG1 -wS1;wQ wS1/;bQ /bG1",
    );
    let best = one(&mut e, "bestmove depth 3");
    assert!(
        one(&mut e, "validmoves").split(';').any(|m| m == best),
        "{best}"
    );
    let r = e.command("bestmove depth 2", &NoClock);
    assert_eq!(r.lines.len(), 2);
    assert!(r.log[0].starts_with("depth 2 score "), "{:?}", r.log);
    // With several lines the answer is still one move, the first line's; the log has
    // every line.
    assert_eq!(one(&mut e, "options set Lines 3"), "Lines;int;3;1;1;8");
    let r = e.command("bestmove depth 2", &NoClock);
    assert_eq!(r.lines.len(), 2);
    assert_eq!(r.log.len(), 4, "{:?}", r.log);
    for (k, l) in r.log[1..].iter().enumerate() {
        assert!(l.starts_with(&format!("line {} score ", k + 1)), "{l}");
    }
    let first_move = r.log[1]
        .split(" pv ")
        .nth(1)
        .and_then(|pv| pv.split("; ").next());
    assert_eq!(first_move, Some(r.lines[0].as_str()));
}

/// A practice level plays legal moves, and the same seed plays the same game again after
/// `newgame`; another seed, another game.
#[test]
fn uhp_levels_replay_with_their_seed() {
    let game = |seed: u32| {
        let mut e = UhpEngine::new();
        assert_eq!(one(&mut e, "options set Level 2"), "Level;int;2;8;1;8");
        one(&mut e, &format!("options set Seed {seed}"));
        let mut all = Vec::new();
        for _ in 0..2 {
            one(&mut e, "newgame Base+MLP");
            let mut moves = Vec::new();
            for _ in 0..16 {
                let m = one(&mut e, "bestmove depth 4");
                assert!(one(&mut e, "validmoves").split(';').any(|v| v == m), "{m}");
                assert!(!one(&mut e, &format!("play {m}")).starts_with("err"));
                moves.push(m);
            }
            all.push(moves);
        }
        assert_eq!(all[0], all[1], "seed {seed}: newgame replays the choices");
        all.swap_remove(0)
    };
    let (a, b) = (game(1), game(2));
    assert_ne!(a, b, "two seeds, one game");
}

#[test]
fn uhp_times() {
    assert_eq!(parse_time("00:00:01"), Some(1000));
    assert_eq!(parse_time("01:02:03"), Some(3_723_000));
    assert_eq!(parse_time("00:00:00.25"), Some(250));
    assert_eq!(parse_time("00:00:00"), Some(1));
    for bad in [
        "1",
        "00:01",
        "00:60:00",
        "00:00:60",
        "a:b:c",
        "00:00:01:00",
        "-1:00:00",
    ] {
        assert_eq!(parse_time(bad), None, "{bad}");
    }
}

/// `beeline analyse --json` judges every ply of both games and gives the same JSON twice.
#[test]
fn analyse_judges_every_ply_of_the_article_games() {
    for n in [1, 2] {
        let path = format!(
            "{}/tests/data/direction-game-{n}.md",
            env!("CARGO_MANIFEST_DIR")
        );
        let a = beeline(&["analyse", &path, "--depth", "2", "--json"]);
        assert!(a.status.success(), "{}", String::from_utf8_lossy(&a.stderr));
        let b = beeline(&["analyse", &path, "--depth", "2", "--json"]);
        assert_eq!(a.stdout, b.stdout, "game {n}");
        let rows: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
        let rows = rows.as_array().unwrap();
        let plies = game(n).moves.len();
        // Every ply, and no row after the end: the game is over.
        assert_eq!(rows.len(), plies, "game {n}");
        for (i, row) in rows.iter().enumerate() {
            assert_eq!(row["ply"], i + 1);
            let j = row["judgement"].as_str().unwrap();
            assert!(
                ["best", "good", "inaccuracy", "mistake", "blunder", "forced"].contains(&j),
                "{j}"
            );
            for key in ["standard", "direction", "algebraic"] {
                assert!(row["played"][key].is_string(), "ply {} {key}", i + 1);
                assert!(row["best"][key].is_string(), "ply {} {key}", i + 1);
            }
            assert!(!row["pv"].as_array().unwrap().is_empty());
            // Depth 2, or less where a forced end was seen sooner.
            let depth = row["depth"].as_u64().unwrap();
            assert!(
                depth == 2 || (depth == 1 && !row["win_in"].is_null()),
                "{row}"
            );
            let p = row["win_probability"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&p));
            assert!(row["eval"].is_number());
        }
        // The winning move is the best one, and the last position before it is won.
        let last = &rows[plies - 1];
        assert_eq!(last["judgement"], "best");
        assert_eq!(last["best"], last["played"]);
        let winner_white = n == 2;
        assert_eq!(last["win_in"], if winner_white { 1 } else { -1 });
        assert_eq!(
            last["win_probability"],
            if winner_white { 1.0 } else { 0.0 }
        );
    }
}

/// The text table and a position record (no moves: one row, the position's best line).
#[test]
fn analyse_a_position_and_the_table() {
    let path = format!(
        "{}/tests/data/direction-game-2.md",
        env!("CARGO_MANIFEST_DIR")
    );
    let t = beeline(&["analyse", &path, "--depth", "1"]);
    assert!(t.status.success());
    let text = String::from_utf8(t.stdout).unwrap();
    assert!(text.lines().next().unwrap().contains("judgement"));
    assert_eq!(text.lines().count(), game(2).moves.len() + 1);

    let dir = std::env::temp_dir().join(format!("beeline-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("position.txt");
    std::fs::write(&file, "wQ @m0 bQ @n0 wA @l0; White to move\n").unwrap();
    let o = beeline(&["analyse", file.to_str().unwrap(), "--depth", "2", "--json"]);
    std::fs::remove_dir_all(&dir).ok();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), 1);
    assert!(rows[0]["played"].is_null() && rows[0]["judgement"].is_null());
    assert!(rows[0]["best"]["standard"].is_string());

    let bad = beeline(&["analyse", &path, "--depth", "0"]);
    assert_eq!(bad.status.code(), Some(2));
    let bad = beeline(&["analyse", &path, "--time", "-1"]);
    assert_eq!(bad.status.code(), Some(2));
    let missing = beeline(&["analyse", "/nonexistent/game.pgn"]);
    assert_eq!(missing.status.code(), Some(2));
}

/// `beeline analyse --lines 3 --json`: each ply's `lines`, best first for the player to
/// move, with distinct first moves, the first one the row's own evaluation and line; the
/// table lists the others under each ply; a number of lines out of range is refused.
#[test]
fn analyse_writes_several_lines() {
    let path = format!(
        "{}/tests/data/direction-game-1.md",
        env!("CARGO_MANIFEST_DIR")
    );
    let o = beeline(&["analyse", &path, "--depth", "2", "--lines", "3", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let rows: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = rows.as_array().unwrap();
    assert_eq!(rows.len(), game(1).moves.len());
    for row in rows {
        let ply = &row["ply"];
        let lines = row["lines"].as_array().unwrap();
        assert_eq!(
            lines.len(),
            3.min(row["legal_moves"].as_u64().unwrap() as usize),
            "ply {ply}"
        );
        assert_eq!(lines[0]["eval"], row["eval"], "ply {ply}");
        assert_eq!(lines[0]["pv"], row["pv"], "ply {ply}");
        let white = row["player"] == "white";
        let evals: Vec<f64> = lines.iter().map(|l| l["eval"].as_f64().unwrap()).collect();
        for w in evals.windows(2) {
            let ordered = if white { w[0] >= w[1] } else { w[0] <= w[1] };
            assert!(ordered, "ply {ply}: {evals:?} for {}", row["player"]);
        }
        let firsts: Vec<&serde_json::Value> =
            lines.iter().map(|l| &l["pv"][0]["standard"]).collect();
        for (i, f) in firsts.iter().enumerate() {
            assert!(
                f.is_string() && !firsts[..i].contains(f),
                "ply {ply}: {firsts:?}"
            );
        }
        for l in lines {
            assert_eq!(l["depth"], row["depth"], "ply {ply}");
            assert!(l["win_probability"]
                .as_f64()
                .is_some_and(|p| (0.0..=1.0).contains(&p)));
        }
    }
    let t = beeline(&["analyse", &path, "--depth", "1", "--lines", "2"]);
    let text = String::from_utf8(t.stdout).unwrap();
    assert_eq!(
        text.lines()
            .filter(|l| l.trim_start().starts_with("line 2"))
            .count(),
        rows.len()
    );
    for bad in ["0", "9", "x"] {
        let o = beeline(&["analyse", &path, "--depth", "1", "--lines", bad]);
        assert_eq!(o.status.code(), Some(2), "--lines {bad}");
    }
}

/// `beeline analyse --learn`: each inaccuracy, mistake and blunder of the analysis (of the
/// player chosen) is an exercise whose puzzle link opens as a puzzle solved by the best move.
#[test]
fn analyse_learn_writes_the_mistakes_as_puzzles() {
    let path = format!(
        "{}/tests/data/direction-game-1.md",
        env!("CARGO_MANIFEST_DIR")
    );
    let rows = beeline(&["analyse", &path, "--depth", "2", "--json"]);
    let rows: serde_json::Value = serde_json::from_slice(&rows.stdout).unwrap();
    let errors: Vec<&serde_json::Value> = rows
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| {
            ["inaccuracy", "mistake", "blunder"].contains(&r["judgement"].as_str().unwrap_or(""))
        })
        .collect();
    let o = beeline(&["analyse", &path, "--depth", "2", "--learn", "--json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let found: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let found = found.as_array().unwrap();
    assert_eq!(found.len(), errors.len());
    for (e, r) in found.iter().zip(&errors) {
        assert_eq!(e["ply"], r["ply"]);
        assert_eq!(e["judgement"], r["judgement"]);
        assert_eq!(e["best"], r["best"]);
        let (puzzle, _) =
            beeline::record::permalink::decode(e["puzzle"].as_str().unwrap()).unwrap();
        assert!(puzzle.puzzle && puzzle.moves.len() == 1, "ply {}", e["ply"]);
    }
    let black = beeline(&[
        "analyse", &path, "--depth", "2", "--learn", "--player", "black", "--json",
    ]);
    let black: serde_json::Value = serde_json::from_slice(&black.stdout).unwrap();
    let black = black.as_array().unwrap();
    assert!(black.iter().all(|e| e["player"] == "black"));
    assert_eq!(
        black.len(),
        errors.iter().filter(|r| r["player"] == "black").count()
    );
    let text = beeline(&["analyse", &path, "--depth", "2", "--learn"]);
    let text = String::from_utf8(text.stdout).unwrap();
    assert_eq!(
        text.lines()
            .filter(|l| l.starts_with("  puzzle: #"))
            .count(),
        errors.len()
    );
    let alone = beeline(&["analyse", &path, "--depth", "2", "--player", "white"]);
    assert_eq!(alone.status.code(), Some(2), "--player goes with --learn");
}

/// The evaluation sees a Queen closing in: in the last positions of both games the side
/// about to win is ahead by more than a free Ant, whichever side is to move.
#[test]
fn evaluation_sees_the_surrounded_queen() {
    use beeline::search::eval::evaluate;
    use beeline::search::white_view;
    for (n, white_wins) in [(1, false), (2, true)] {
        let rec = game(n);
        let len = rec.moves.len();
        for back in 1..=3 {
            let pos = rec.position_at(len - back);
            let white = white_view(evaluate(&pos), pos.to_move());
            let winner = if white_wins { white } else { -white };
            assert!(
                winner > 100,
                "game {n}, {back} plies before the end: {white}"
            );
        }
    }
}
