//! Set-up positions: the algebraic at-sign form read and written, the checks a position
//! must pass, play from a set-up position (against the same position reached by play),
//! the PGN `Position` tag, permalinks and puzzles.

mod common;

use beeline::engine::hex::Hex;
use beeline::engine::piece::{Bug, Color, GameType};
use beeline::engine::position::{Illegal, Move, Position, Rules};
use beeline::engine::setup::{Setup, SetupError};
use beeline::notation::frame::Frame;
use beeline::record::export::{to_pgn, Export};
use beeline::record::position::{
    canonical_setup, read, read_position, write, write_position, PositionFault,
};
use beeline::record::puzzle::{Puzzle, Verdict};
use beeline::record::{detect::detect, import, permalink, Format, RecordError};
use common::{random_game, seeded_picks};
use std::collections::BTreeSet;

fn stand(text: &str) -> Position {
    read_position(text, Rules::default())
        .map(|(pos, _)| pos)
        .unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn fault(text: &str) -> PositionFault {
    match read_position(text, Rules::default()) {
        Ok(_) => panic!("{text} should not stand"),
        Err(e) => e.fault,
    }
}

#[test]
fn written_positions_read_back_unchanged() {
    // Canonical text reads and writes back to itself: stacks, every bug, both sides.
    for text in [
        "wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move",
        "wQ @m0 bQ @n0; White to move",
        "bM @m-1 bP @o-1 wQ @m0 bQ @n0 wB @n0 bB @n0 wL @l1 wP @k2; White to move",
        "wA @m0 wA @n0 wA @o0 bA @p0 bA @q0 bA @r0; Black to move; Base+MLP",
        "wS @a5 wG @b5; White to move",
    ] {
        let r = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(write(&r.setup), text);
        assert!(r.notices.is_empty(), "{text}: {:?}", r.notices);
        let pos = stand(text);
        assert_eq!(write_position(&pos), text);
    }
}

#[test]
fn lenient_forms_read_as_the_canonical_one() {
    let canonical = "wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move";
    for text in [
        // Any order of stacks, signed rows, no at signs, numbers, commas and lines.
        "wA @l+1, wQ @m0, bQ @n0, bB @n0\nBlack to move",
        "wQ m0 bQ n0 bB1 n0 wA1 l1 b",
        "Black to move:\nwQ @m0\nbQ @n0\nbB @n0\nwA @l1",
        // Copied with its label from a move list's header.
        "Position: wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move",
    ] {
        let r = read(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(write(&r.setup), canonical, "{text}");
    }
    // The first piece may stand anywhere: the set-up keeps its own grid.
    assert_eq!(
        write(&read("wQ @c3 bQ @d3 w").unwrap().setup),
        "wQ @c3 bQ @d3; White to move"
    );
    // Without a side to move, the side with fewer pieces moves, and a notice says so.
    let r = read("wQ @m0 bQ @n0 wA @l1").unwrap();
    assert_eq!(r.setup.to_move, Color::Black);
    assert_eq!(r.notices.len(), 1);
    assert!(r.notices[0].contains("Black is taken to move"));
    // The game type: the smallest that has the pieces, unless one is given.
    assert_eq!(
        read("wQ @m0 bM @n0 b").unwrap().setup.game_type,
        "Base+M".parse().unwrap()
    );
    assert_eq!(
        read("wQ @m0 bQ @n0 w Base+LP").unwrap().setup.game_type,
        "Base+LP".parse().unwrap()
    );
}

/// Writes a position reached by play in its game's canonical frame and reads it back: the
/// same stacks (in that frame), the same side to move, the same text again, and the same
/// legal moves but for what only history forbids (moving the piece moved last).
fn check_round_trip(played: &Position, what: &str) {
    let text = write_position(played);
    let (set_up, read) =
        read_position(&text, played.rules()).unwrap_or_else(|e| panic!("{what}: {text}: {e}"));
    assert!(
        read.notices.is_empty(),
        "{what}: {text}: {:?}",
        read.notices
    );
    assert_eq!(write_position(&set_up), text, "{what}");
    assert_eq!(set_up.to_move(), played.to_move(), "{what}");
    assert_eq!(
        Setup::of(&set_up).stacks,
        canonical_setup(played).stacks,
        "{what}: {text}"
    );
    assert_eq!(set_up.state(), played.state(), "{what}: {text}");
    let frame = Frame::of_position(played);
    let kinds = |pos: &Position, f: &dyn Fn(Hex) -> Hex| -> BTreeSet<String> {
        pos.legal_moves()
            .into_iter()
            .map(|m| match m {
                Move::Place { piece, to } => {
                    let t = f(to);
                    format!(
                        "{}{:?} @{},{}",
                        piece.color().letter(),
                        piece.bug(),
                        t.q,
                        t.r
                    )
                }
                Move::Move { piece, from, to } => {
                    let (a, b) = (f(from), f(to));
                    let c = piece.color().letter();
                    format!("{c}{:?} {},{} {},{}", piece.bug(), a.q, a.r, b.q, b.r)
                }
                Move::Pass => "pass".into(),
            })
            .collect()
    };
    let mut from_play = kinds(played, &|h| frame.to_canonical(h));
    let from_setup = kinds(&set_up, &|h| h);
    // A pass forced only by what history forbids is a move in the set-up position.
    if !from_setup.contains("pass") {
        from_play.remove("pass");
    }
    let missing: Vec<_> = from_play.difference(&from_setup).collect();
    assert!(missing.is_empty(), "{what}: {text}: {missing:?}");
    // What the set-up adds are what the piece moved last may not do in play: move, or (a
    // Pillbug, or a Mosquito beside one) throw a piece next to it.
    let last = played.last_moved().and_then(|p| {
        let h = played.board().position(p)?;
        Some((p.bug(), frame.to_canonical(h)))
    });
    for extra in from_setup.difference(&from_play) {
        let (bug, last) = last.unwrap_or_else(|| panic!("{what}: {text}: {extra}"));
        let from = extra.split(' ').nth(1).and_then(|c| {
            let (q, r) = c.split_once(',')?;
            Some(Hex::new(q.parse().ok()?, r.parse().ok()?))
        });
        let moved_it = from == Some(last);
        let threw_it = matches!(bug, Bug::Pillbug | Bug::Mosquito)
            && from.is_some_and(|f| f.neighbors().contains(&last));
        assert!(moved_it || threw_it, "{what}: {text}: {extra}");
    }
}

#[test]
fn positions_reached_by_play_are_written_and_read_back() {
    let mut checked = 0;
    for (g, gt) in GameType::all().into_iter().enumerate() {
        for seed in 0..8u64 {
            let picks = seeded_picks(seed * 31 + g as u64, 20 + 7 * seed as usize);
            let played = random_game(gt, &picks);
            if played.state() == beeline::engine::position::GameState::Draw {
                continue;
            }
            check_round_trip(&played, &format!("{gt} seed {seed}"));
            checked += 1;
        }
    }
    assert!(checked > 40, "{checked}");
}

#[test]
fn positions_of_real_games_are_written_and_read_back() {
    // Every position of the direction notation's example game and of the records under
    // tests/data (BoardSpace, Mzinga, hivegame.com, BoardGameArena).
    let mut games = vec![common::test_data("direction-game-1.md")];
    let dir = format!("{}/tests/data/records", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    names.sort();
    games.extend(names.iter().filter_map(|p| std::fs::read_to_string(p).ok()));
    let mut plies = 0;
    for (i, text) in games.iter().enumerate() {
        let Ok(rec) = import(text, None) else {
            continue;
        };
        if rec.tree.setup().is_some() {
            continue;
        }
        for ply in 1..=rec.moves.len() {
            let pos = rec.position_at(ply);
            if pos.state() == beeline::engine::position::GameState::Draw {
                continue;
            }
            check_round_trip(&pos, &format!("game {i} ply {ply}"));
            plies += 1;
        }
    }
    assert!(plies > 300, "{plies}");
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn positions_of_the_shared_recordings_are_written_and_read_back() {
    let dir = common::shared_recordings();
    let mut plies = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let Ok(rec) = import(&text, None) else {
            continue;
        };
        for ply in 1..=rec.moves.len() {
            let pos = rec.position_at(ply);
            if pos.state() != beeline::engine::position::GameState::Draw {
                check_round_trip(&pos, &format!("{} ply {ply}", path.display()));
                plies += 1;
            }
        }
    }
    assert!(plies > 1000, "{plies}");
}

#[test]
fn play_goes_on_from_a_set_up_position() {
    // Black to move, with White's Queen out: Black's placement must touch only black.
    let mut pos = stand("wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move");
    assert!(pos.is_set_up());
    assert_eq!(pos.to_move(), Color::Black);
    assert_eq!(pos.ply(), 0);
    // Nothing moved last: the beetle on the queen may move at once.
    assert!(pos
        .legal_moves()
        .iter()
        .any(|m| matches!(m, Move::Move { piece, .. } if piece.bug() == Bug::Beetle)));
    let mv = pos.legal_moves()[0];
    pos.play(mv).unwrap();
    assert_eq!(pos.to_move(), Color::White);
    assert_eq!(pos.initial().ply(), 0);
    assert!(pos.initial().is_set_up());
}

#[test]
fn the_queen_rule_counts_the_pieces_on_the_board() {
    // White has three pieces and no Queen: only the Queen may be placed.
    let pos = stand("wA @m0 bQ @n0 wS @l0 wG @k0; White to move");
    let moves = pos.legal_moves();
    assert!(!moves.is_empty());
    assert!(moves
        .iter()
        .all(|m| matches!(m, Move::Place { piece, .. } if piece.bug() == Bug::Queen)));
    // Black, with its Queen down, may move; with two pieces and no Queen, it may place
    // anything but not move.
    let pos = stand("wQ @m0 bA @n0 bS @o0; Black to move");
    assert!(pos
        .legal_moves()
        .iter()
        .any(|m| matches!(m, Move::Place { piece, .. } if piece.bug() == Bug::Ant)));
    assert!(pos
        .legal_moves()
        .iter()
        .all(|m| matches!(m, Move::Place { .. })));
    // A side with no piece yet may not open with its Queen (tournament rule).
    let pos = stand("wQ @m0 wA @n0; Black to move");
    assert!(pos
        .legal_moves()
        .iter()
        .all(|m| !matches!(m, Move::Place { piece, .. } if piece.bug() == Bug::Queen)));
}

#[test]
fn positions_that_cannot_stand_are_refused_with_the_reason() {
    assert!(matches!(
        fault("wA @m0 wA @n0 wA @o0 wA @p0 w"),
        PositionFault::Setup(SetupError::TooMany {
            bug: Bug::Ant,
            count: 4,
            allowed: 3,
            ..
        })
    ));
    let e = read_position("wQ @m0 bA @m0 w", Rules::default()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "the position cannot stand: Black Soldier Ant cannot stand on another piece at m0: only Beetles \
         and Mosquitoes climb"
    );
    assert!(matches!(
        fault("wQ @m0 bM @n0 w Base"),
        PositionFault::Setup(SetupError::NotInGame {
            bug: Bug::Mosquito,
            ..
        })
    ));
    let e = read("wQ @m0\nbX @n0").unwrap_err();
    assert_eq!(
        (e.line, e.text.as_str(), e.fault),
        (2, "bX", PositionFault::UnknownBug)
    );
    assert_eq!(
        read("wQ @m0 bQ w").unwrap_err().fault,
        PositionFault::NoCell
    );
    assert_eq!(
        read("wQ @m0 bQ @n").unwrap_err().fault,
        PositionFault::BadCell
    );
    assert_eq!(
        read("wQ @m0 bQ @n0 w b").unwrap_err().fault,
        PositionFault::TwoSides
    );
    assert_eq!(
        read("; White to move").unwrap_err().fault,
        PositionFault::NoPieces
    );
    assert_eq!(
        read("wQ @m0 hello").unwrap_err().fault,
        PositionFault::Unexpected
    );
    // Import reports the same error with where it is.
    let e = import(
        "wQ @m0 bQ @n0\nwZ @l1\nWhite to move",
        Some(Format::Position),
    )
    .unwrap_err();
    assert!(matches!(e, RecordError::Position(_)));
    assert!(e.to_string().starts_with("line 2: 'wZ'"), "{e}");
}

#[test]
fn both_queens_surrounded_is_refused() {
    // Two Queens side by side, each ringed by the other and the pieces around them (two
    // cells touch both).
    let text = "wQ @m0 bQ @n0 wA @l0 wA @m-1 wA @l1 wS @m1 bA @n-1 bA @o-1 bA @o0 bS @n1; \
                White to move";
    match read_position(text, Rules::default()) {
        Err(e) => assert_eq!(
            e.fault,
            PositionFault::Setup(SetupError::BothQueensSurrounded),
            "{e}"
        ),
        Ok(_) => panic!("{text} should not stand"),
    }
}

#[test]
fn a_split_hive_is_shown_but_not_played() {
    let r = read("wQ @m0 bQ @p0; White to move").unwrap();
    assert_eq!(r.notices.len(), 1);
    assert!(r.notices[0].contains("several parts"));
    let mut pos = stand("wQ @m0 bQ @p0; White to move");
    assert!(pos.is_split());
    assert!(pos.legal_moves().is_empty());
    let mv = Move::Place {
        piece: beeline::engine::piece::PieceId::of_kind(Color::White, Bug::Ant)
            .next()
            .unwrap(),
        to: Hex::new(-1, 0),
    };
    assert_eq!(pos.play(mv), Err(Illegal::SplitHive));
    assert!(Illegal::SplitHive.to_string().contains("several parts"));
}

#[test]
fn detection_tells_positions_from_move_lists() {
    assert_eq!(
        detect("wQ @m0 bQ @n0\nWhite to move\n"),
        Some(Format::Position)
    );
    assert_eq!(detect("wQ @m0 bQ @n0 b"), Some(Format::Position));
    // A move list's header alone, copied with its label; with moves it is still a move list.
    assert_eq!(
        detect("Position: wQ @m0 bQ @n0; White to move\n"),
        Some(Format::Position)
    );
    assert_eq!(
        detect("Position: wQ @m0 bQ @n0; White to move\n\n1. wA @l1\n"),
        Some(Format::Algebraic)
    );
    // Placements without a side to move are a move list.
    assert_eq!(detect("wG @m0\nbG @n0\n"), Some(Format::Algebraic));
    let rec = import("wQ @m0 bQ @n0 bB @n0 wA @l1\nBlack to move", None).unwrap();
    assert_eq!(rec.format, Format::Position);
    assert!(rec.moves.is_empty());
    assert_eq!(rec.position().to_move(), Color::Black);
}

const GAME: &str = "[GameType \"Base+MLP\"]\n[Position \"wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move\"]\n\
                    [White \"Ann\"]\n\n1. bA1 bB1-\n2. wA2 /wA1 {a comment}\n(2. wP \\wQ)\n3. bB1 bQ-\n";

#[test]
fn pgn_position_tag_round_trips() {
    let rec = import(GAME, None).unwrap();
    assert!(rec.error.is_none(), "{:?}", rec.error);
    assert_eq!(rec.game_type, GameType::MLP);
    assert_eq!(rec.moves.len(), 3);
    assert_eq!(rec.tree.len(), 4);
    let setup = rec.tree.setup().unwrap();
    assert_eq!(
        write(&setup),
        "wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move; Base+MLP"
    );
    let pgn = to_pgn(&rec);
    assert!(
        pgn.contains("[Position \"wQ @m0 bQ @n0 bB @n0 wA @l1; Black to move\"]"),
        "{pgn}"
    );
    let back = import(&pgn, None).unwrap();
    assert_eq!(back.tree, rec.tree);
    assert_eq!(back.game_type, rec.game_type);
    // The moves in every notation, and move lists that carry the position back.
    for export in [Export::Direction, Export::AlgebraicLong, Export::Standard] {
        let text = export.text(&rec);
        assert!(text.contains("Position: wQ @m0"), "{text}");
        let again = import(&text, None).unwrap();
        assert_eq!(again.moves, rec.moves, "{text}");
        assert_eq!(again.tree.setup(), rec.tree.setup());
    }
    // The players: Black moves first.
    let table = beeline::record::export::to_table(&rec);
    assert!(table.lines().nth(2).unwrap().contains("Black"), "{table}");
    // A GameString cannot hold it.
    assert!(!Export::Uhp.can_hold(&rec));
    assert!(Export::Pgn.can_hold(&rec));
    // The final position in at-sign form.
    let end = Export::Position.text(&rec);
    assert_eq!(read(&end).unwrap().setup, Setup::of(&rec.position()));
}

#[test]
fn permalinks_carry_the_start_position_and_the_puzzle_flag() {
    let mut rec = import(GAME, None).unwrap();
    for puzzle in [false, true] {
        rec.puzzle = puzzle;
        let node = rec.tree.mainline_nodes()[1];
        let link = permalink::encode(&rec, node);
        let (back, at) = permalink::decode(&link).unwrap();
        assert_eq!(back.tree, rec.tree);
        assert_eq!(back.puzzle, puzzle);
        assert_eq!(back.game_type, rec.game_type);
        assert_eq!(at, node);
        assert_eq!(
            back.position_at(2).board().key(),
            rec.position_at(2).board().key()
        );
    }
    // A position alone, Black to move on the empty board included.
    let rec = import("wQ @m0 bQ @n0 b", None).unwrap();
    let (back, _) = permalink::decode(&permalink::encode_ply(&rec, 0)).unwrap();
    assert_eq!(back.tree.setup(), rec.tree.setup());
}

#[test]
fn puzzles_take_back_wrong_moves_and_hint_after_two() {
    let rec = import(GAME, None).unwrap();
    let line = rec.moves.clone();
    let mut p = Puzzle::new(&line, rec.start()).unwrap();
    assert_eq!(p.solver(), Color::Black);
    assert_eq!(p.status(), "Black to move");
    let wrong = rec
        .start()
        .legal_moves()
        .into_iter()
        .find(|m| *m != line[0])
        .unwrap();
    assert_eq!(
        p.attempt(wrong),
        Verdict::Wrong {
            misses: 1,
            hint: None
        }
    );
    assert_eq!(p.hint(), None);
    assert_eq!(
        p.attempt(wrong),
        Verdict::Wrong {
            misses: 2,
            hint: line[0].piece()
        }
    );
    assert_eq!(p.done(), 0);
    assert_eq!(
        p.attempt(line[0]),
        Verdict::Right {
            reply: Some(line[1])
        }
    );
    assert_eq!(p.misses(), 0);
    assert_eq!(p.status(), "Black to move");
    assert_eq!(p.done(), 2);
    assert!(!p.is_solved());
    assert_eq!(p.attempt(line[2]), Verdict::Solved);
    assert!(p.is_solved());
    assert_eq!(p.status(), "Solved");
    assert_eq!(p.attempt(line[2]), Verdict::Over);
    assert!(Puzzle::new(&[], rec.start()).is_none());
}
