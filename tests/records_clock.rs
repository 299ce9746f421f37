//! Clocks in records: `[%clk]`/`[%emt]` in PGN comments, the time control, BoardSpace's `TM`
//! times and closing clocks, games lost on time, and the exports that keep them.

use beeline::engine::piece::Color;
use beeline::record::clock::{FinalClocks, MoveClock, PlayerClock, TimeControl};
use beeline::record::{export, import, Format};

mod common;
use common::data;

/// A blitz game as lichess writes its clocks (with an evaluation before them), lost on time
/// by White.
const LICHESS: &str = "[Event \"Rated blitz game\"]\n[Site \"https://example.org/x\"]\n\
[GameType \"Base\"]\n[White \"ann\"]\n[Black \"bob\"]\n[Result \"0-1\"]\n\
[TimeControl \"180+2\"]\n[Termination \"Time forfeit\"]\n\n\
1. wS1 { [%eval 0.17] [%clk 0:03:00] }\n2. bS1 -wS1 { [%clk 0:02:58.5] }\n\
3. wQ wS1/ { Slow. [%clk 0:02:41] }\n4. bQ -bS1 { [%clk 0:02:50] }\n\
5. wA1 wQ/ { [%clk 0:00:03] }\n\n0-1\n";

#[test]
fn lichess_clocks_give_every_moves_times() {
    let rec = import(LICHESS, None).unwrap();
    assert!(
        rec.error.is_none() && rec.notices.is_empty(),
        "{:?}",
        rec.notices
    );
    assert_eq!(
        rec.meta.time_control,
        Some(TimeControl::Increment {
            base: 180_000,
            increment: 2_000
        })
    );
    // The tag is the time control, not an extra tag.
    assert!(!rec.meta.extra.iter().any(|(n, _)| n == "TimeControl"));
    let nodes = rec.tree.mainline_nodes();
    // Kept after the words (and the evaluation, which is words), not shown with them.
    assert_eq!(rec.tree.comment(nodes[2]), Some("Slow. [%clk 0:02:41]"));
    assert_eq!(rec.tree.comment_words(nodes[2]).as_deref(), Some("Slow."));
    assert_eq!(
        rec.tree.comment(nodes[0]),
        Some("[%eval 0.17] [%clk 0:03:00]")
    );
    let times = rec.times();
    let used: Vec<Option<u64>> = times.iter().map(|t| t.used).collect();
    // 180 s + 2 s after each move: the first moves took 2 s and 3.5 s.
    assert_eq!(
        used,
        [
            Some(2_000),
            Some(3_500),
            Some(21_000),
            Some(10_500),
            Some(160_000)
        ]
    );
    let spent: Vec<Option<u64>> = times.iter().map(|t| t.spent).collect();
    assert_eq!(
        spent,
        [
            Some(2_000),
            Some(3_500),
            Some(23_000),
            Some(14_000),
            Some(183_000)
        ]
    );
    assert_eq!(times[1].mover, Color::Black);
    assert_eq!(
        times[1].written,
        MoveClock {
            left: Some(178_500),
            used: None
        }
    );
    // The record says White lost on time: White's flag fell after the last clock.
    let t = rec.timeout().unwrap();
    assert_eq!((t.loser, t.stated), (Color::White, true));
    assert_eq!(t.sentence(), "White lost on time (White 0:00, Black 2:50)");
    assert_eq!(rec.lost_on_time(), Some(Color::White));
    assert_eq!(
        rec.final_clocks().white,
        PlayerClock {
            left: Some(3_000),
            spent: Some(183_000)
        }
    );
}

#[test]
fn times_used_and_short_clocks_as_other_tools_write_them() {
    // ChessBase writes the time each move took; some tools write m:ss.
    let pgn = "[GameType \"Base\"]\n[TimeControl \"300\"]\n\n1. wS1 {[%emt 0:00:05]}\n\
               2. bS1 -wS1 {[%clk 4:58] [%emt 0:00:02]}\n3. wQ wS1/ {[%emt 0:01:00.25]}\n";
    let rec = import(pgn, None).unwrap();
    let times = rec.times();
    let left: Vec<Option<u64>> = times.iter().map(|t| t.left).collect();
    assert_eq!(left, [Some(295_000), Some(298_000), Some(234_750)]);
    // No time control: clocks alone give no time left, times used give the time spent.
    let rec = import(&pgn.replace("[TimeControl \"300\"]\n", ""), None).unwrap();
    let times = rec.times();
    assert_eq!(times[2].left, None);
    assert_eq!(times[2].spent, Some(65_250));
    assert_eq!(rec.lost_on_time(), None);
}

#[test]
fn a_malformed_clock_is_told_and_the_move_kept() {
    let pgn = "[GameType \"Base\"]\n\n1. wS1 {ok [%clk 9:99]}\n2. bS1 -wS1 {[%emt soon] [%clk 0:01:00]}\n3. wQ wS1/\n";
    let rec = import(pgn, None).unwrap();
    assert!(rec.error.is_none());
    assert_eq!(rec.moves.len(), 3);
    assert_eq!(
        rec.notices,
        [
            "line 3: '[%clk 9:99]' is not a clock time (expected h:mm:ss, h:mm:ss.s or m:ss); it is ignored",
            "line 4: '[%emt soon]' is not a clock time (expected h:mm:ss, h:mm:ss.s or m:ss); it is ignored",
        ]
    );
    let nodes = rec.tree.mainline_nodes();
    assert_eq!(rec.tree.comment(nodes[0]), Some("ok"));
    assert_eq!(rec.tree.comment(nodes[1]), Some("[%clk 0:01:00]"));
}

#[test]
fn pgn_keeps_the_clocks_and_the_time_control_through_export_and_import() {
    let rec = import(LICHESS, None).unwrap();
    let pgn = export::to_pgn(&rec);
    assert!(
        pgn.contains("[Result \"BlackWins\"]\n[TimeControl \"180+2\"]\n"),
        "{pgn}"
    );
    assert!(pgn.contains("[Termination \"Time forfeit\"]"));
    assert!(pgn.contains("2. bS1 -wS1 {[%clk 0:02:58.5]}\n"), "{pgn}");
    let back = import(&pgn, Some(Format::Pgn)).unwrap();
    assert_eq!(back.meta.time_control, rec.meta.time_control);
    assert_eq!(back.times(), rec.times());
    assert_eq!(back.timeout(), rec.timeout());
    let comments = |r: &beeline::record::Record| {
        r.tree
            .mainline_nodes()
            .iter()
            .map(|&n| r.tree.comment(n).map(str::to_string))
            .collect::<Vec<_>>()
    };
    assert_eq!(comments(&back), comments(&rec));
    // Exported again, the same text.
    assert_eq!(export::to_pgn(&back), pgn);
}

#[test]
fn boardspace_tm_gives_each_moves_time_used_and_left() {
    let rec = import(&data("boardspace_clock.sgf"), None).unwrap();
    assert!(rec.error.is_none(), "{:?}", rec.error);
    assert!(rec.notices.is_empty(), "{:?}", rec.notices);
    assert_eq!(
        rec.meta.time_control,
        Some(TimeControl::Increment {
            base: 60_000,
            increment: 0
        })
    );
    assert_eq!(rec.meta.time_used, [Some(20_000), Some(61_000)]);
    let comments: Vec<Option<&str>> = rec
        .tree
        .mainline_nodes()
        .into_iter()
        .map(|n| rec.tree.comment(n))
        .collect();
    // The `TM` of the action that makes a move, less the player's at their move before;
    // picks and drops before it are passed over.
    assert_eq!(
        comments,
        [
            Some("[%clk 0:00:58] [%emt 0:00:02]"),
            Some("[%clk 0:00:56] [%emt 0:00:04]"),
            Some("a plan [%clk 0:00:47.5] [%emt 0:00:10.5]"),
            Some("[%clk 0:00:30] [%emt 0:00:26]"),
            Some("[%clk 0:00:40] [%emt 0:00:07.5]"),
            Some("[%clk 0:00:00] [%emt 0:00:31]"),
        ]
    );
    // Black went past the minute: lost on time, as the result has it.
    let t = rec.timeout().unwrap();
    assert_eq!((t.loser, t.stated), (Color::Black, false));
    assert_eq!(t.sentence(), "Black lost on time (White 0:40, Black 0:00)");
    let pgn = export::to_pgn(&rec);
    assert!(pgn.contains("[TimeControl \"60\"]"), "{pgn}");
    let back = import(&pgn, None).unwrap();
    assert_eq!(back.times(), rec.times());
    assert_eq!(back.lost_on_time(), Some(Color::Black));
}

#[test]
fn boardspace_closing_clocks_stand_for_the_last_ones_without_tm() {
    let text: String = data("boardspace_clock.sgf")
        .lines()
        .map(|l| l.split("TM[").next().unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    let rec = import(&text, None).unwrap();
    assert!(rec.times().iter().all(|t| t.written.is_empty()));
    assert_eq!(
        rec.final_clocks(),
        FinalClocks {
            white: PlayerClock {
                left: Some(40_000),
                spent: Some(20_000)
            },
            black: PlayerClock {
                left: Some(0),
                spent: Some(61_000)
            },
        }
    );
    assert_eq!(rec.lost_on_time(), Some(Color::Black));
    // Untimed, the same clocks tell nothing of a timeout.
    let untimed = import(&text.replace("TC[Fixed 60000]", "TC[None]"), None).unwrap();
    assert_eq!(untimed.meta.time_control, Some(TimeControl::Untimed));
    assert_eq!(untimed.final_clocks().black.left, None);
    assert_eq!(untimed.final_clocks().black.spent, Some(61_000));
    assert_eq!(untimed.lost_on_time(), None);
    // A closing clock that is not one is told.
    let bad = import(&text.replace("P1[time 0:01:01 ]", "P1[time soon ]"), None).unwrap();
    assert!(
        bad.notices
            .iter()
            .any(|n| n.contains("'time soon' is not a player's time")),
        "{:?}",
        bad.notices
    );
    assert_eq!(bad.meta.time_used, [Some(20_000), None]);
}

#[test]
fn a_malformed_or_backward_tm_is_told_and_the_move_kept() {
    let text = data("boardspace_clock.sgf")
        .replace("; P0[2 Done ]TM[2000]", "; P0[2 Done ]TM[soon]")
        .replace("; P1[10 Done ]TM[30000]", "; P1[10 Done ]TM[3000]");
    let rec = import(&text, None).unwrap();
    assert_eq!(rec.moves.len(), 6);
    assert!(rec.error.is_none());
    assert!(rec.notices[0].contains("'TM[soon]' is not a time in milliseconds"));
    assert!(rec.notices[1].contains("TM[3000] is less than Black's time used before (4000)"));
    let times = rec.times();
    // White's first move has no time; the next `TM` gives a clock, not a time used.
    assert!(times[0].written.is_empty());
    assert_eq!(
        times[2].written,
        MoveClock {
            left: Some(47_500),
            used: None
        }
    );
    assert_eq!(times[3].written.used, None);
}

#[test]
fn no_timeout_without_a_flag_or_with_a_queen_surrounded() {
    let rec = import(&data("hivegame.pgn"), None).unwrap();
    assert!(rec.position().state().is_over());
    // A surrounded Queen ends the game, whatever the termination says.
    let text = data("hivegame.pgn").replace(
        "[TimeControl \"600+5\"]",
        "[TimeControl \"600+5\"]\n[Termination \"time forfeit\"]",
    );
    assert_eq!(import(&text, None).unwrap().lost_on_time(), None);
    // A termination on time with a draw: nobody lost.
    let drawn = LICHESS.replace("[Result \"0-1\"]", "[Result \"1/2-1/2\"]");
    let drawn = drawn.replace("\n0-1\n", "\n1/2-1/2\n");
    assert_eq!(import(&drawn, None).unwrap().lost_on_time(), None);
    // Another termination, and clocks above 0: no timeout.
    let normal = LICHESS.replace("Time forfeit", "Normal");
    assert_eq!(import(&normal, None).unwrap().lost_on_time(), None);
    // The loser's last clock at 0:00 tells it without a termination.
    let flagged = normal.replace("[%clk 0:00:03]", "[%clk 0:00:00]");
    let t = import(&flagged, None).unwrap().timeout().unwrap();
    assert_eq!((t.loser, t.stated), (Color::White, false));
    // But not when the result says that player won.
    let won = flagged
        .replace("\"0-1\"", "\"1-0\"")
        .replace("\n0-1\n", "\n1-0\n");
    assert_eq!(import(&won, None).unwrap().lost_on_time(), None);
}

#[test]
fn the_json_form_gives_clocks_in_seconds_the_time_control_and_the_timeout() {
    let rec = import(LICHESS, None).unwrap();
    let j = export::json_record(&rec);
    assert_eq!(j.time_control.as_deref(), Some("180+2"));
    let t = j.timeout.as_ref().unwrap();
    assert_eq!(t.loser, Color::White);
    assert_eq!((t.white_clock, t.black_clock), (Some(0.0), Some(170.0)));
    assert_eq!(j.moves[1].clock, Some(178.5));
    assert_eq!(j.moves[1].elapsed, Some(3.5));
    // The words alone in the comment: the clock has fields of its own.
    assert_eq!(j.moves[2].comment.as_deref(), Some("Slow."));
    assert_eq!(j.moves[1].comment, None);
    let text = export::to_json(&rec);
    assert!(text.contains("\"clock\": 178.5"), "{text}");
    assert!(text.contains("\"time_control\": \"180+2\""));
    assert!(text.contains("\"loser\": \"White\""));
    assert!(!text.contains("[%clk"));
    // A variation's times follow its own line.
    let with_line = LICHESS.replace(
        "{ [%clk 0:02:58.5] }\n",
        "{ [%clk 0:02:58.5] }\n(2. bA1 wS1- { [%clk 0:02:50] })\n",
    );
    let j = export::json_record(&import(&with_line, None).unwrap());
    let line = j.moves.iter().find(|m| m.path == "2.1.1").unwrap();
    assert_eq!((line.clock, line.elapsed), (Some(170.0), Some(12.0)));
    assert_eq!(j.moves[2].elapsed, Some(21.0));
    // Without clocks, no clock fields at all.
    let plain = export::to_json(&import("Base;InProgress;White[2];wS1;bS1 -wS1", None).unwrap());
    for field in ["clock", "elapsed", "time_control", "timeout"] {
        assert!(!plain.contains(&format!("\"{field}\"")), "{field}: {plain}");
    }
}

/// The real BoardSpace files with `TM` (read from `../shared/fixtures`): every move of each
/// player is timed, the times used add up to the player's last `TM`, and the closing clocks
/// are at least those totals, in whole seconds.
#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn real_boardspace_times_add_up_to_the_closing_clocks() {
    let dir = common::shared_recordings();
    let mut timed = 0;
    for name in [
        "HV-Dumbot-Kaur50-2023-01-17-0059.sgf",
        "HV-Dumbot-Mormor51-2023-05-11-0957.sgf",
        "T!HV-Eucalyx-Jewdoka-2020-12-12-1607.sgf",
        "T!HV-Jewdoka-Eucalyx-2020-12-12-1447.sgf",
        "T!HV-Jewdoka-Eucalyx-2020-12-12-1551.sgf",
        "T!HV-Jewdoka-Quodlibet-2020-12-08-2330.sgf",
        "T!HV-dube-Quodlibet-2021-12-11-1632.sgf",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).unwrap();
        let rec = import(&text, None).unwrap();
        assert!(rec.error.is_none(), "{name}: {:?}", rec.error);
        assert!(
            !rec.notices.iter().any(|n| n.contains("TM")),
            "{name}: {:?}",
            rec.notices
        );
        let times = rec.times();
        for t in &times {
            assert!(t.used.is_some() && t.spent.is_some(), "{name}: {t:?}");
        }
        let clocks = rec.final_clocks();
        for player in [Color::White, Color::Black] {
            let mine: Vec<_> = times.iter().filter(|t| t.mover == player).collect();
            let sum: u64 = mine.iter().filter_map(|t| t.used).sum();
            let last = mine.last().and_then(|t| t.spent).unwrap();
            assert_eq!(sum, last, "{name} {player:?}");
            // The closing clock, in whole seconds, counts the time after the last move too.
            let closing = rec.meta.time_used[player.index()].unwrap();
            assert!(closing + 1000 > last, "{name} {player:?}");
            assert_eq!(clocks.of(player).spent, Some(last.max(closing)));
        }
        // None of these games was lost on time (each ends on the board or in a draw).
        assert_eq!(rec.lost_on_time(), None, "{name}");
        timed += times.len();
    }
    assert!(timed > 400, "{timed}");
    // White offered the draw after their last move: 1:31 more in the closing clock.
    let text =
        std::fs::read_to_string(dir.join("T!HV-Jewdoka-Quodlibet-2020-12-08-2330.sgf")).unwrap();
    let rec = import(&text, None).unwrap();
    assert_eq!(rec.times().last().and_then(|t| t.spent), Some(1_877_174));
    assert_eq!(rec.final_clocks().white.spent, Some((22 * 60 + 24) * 1000));
    // Ten minutes each: White (Eucalyx) had 2:50 left at the end, Black 0:58.
    let text =
        std::fs::read_to_string(dir.join("T!HV-Eucalyx-Jewdoka-2020-12-12-1607.sgf")).unwrap();
    let rec = import(&text, None).unwrap();
    let clocks = rec.final_clocks();
    assert_eq!(clocks.white.left, Some(600_000 - 429_863));
    assert_eq!(clocks.black.left, Some(600_000 - 541_770));
    let first = rec.tree.mainline_nodes()[0];
    assert_eq!(
        rec.tree.comment(first),
        Some("[%clk 0:09:49.839] [%emt 0:00:10.161]")
    );
}

/// The real BoardSpace files without `TM`: their closing clocks are the players' times used.
#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn real_boardspace_closing_clocks_are_read() {
    let dir = common::shared_recordings();
    let text =
        std::fs::read_to_string(dir.join("HV-Quodlibet-Jewdoka-2018-10-10-0140.sgf")).unwrap();
    let rec = import(&text, None).unwrap();
    assert_eq!(rec.meta.time_control, None);
    assert_eq!(
        rec.final_clocks().white,
        PlayerClock {
            left: None,
            spent: Some((3600 + 6 * 60 + 13) * 1000)
        }
    );
    assert_eq!(
        rec.final_clocks().black.spent,
        Some((3600 + 15 * 60 + 58) * 1000)
    );
    assert!(rec.times().iter().all(|t| t.written.is_empty()));
}
