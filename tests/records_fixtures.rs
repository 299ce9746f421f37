//! Real BoardSpace records against Mzinga's conversions of them (read from
//! `../shared/fixtures/mzinga-recordings` when it exists): after every ply the SGF import
//! and the PGN import must show the same stacks on the same hexes.

use beeline::engine::board::Board;
use beeline::engine::hex::Hex;
use beeline::engine::piece::PieceId;
use beeline::engine::position::Position;
use beeline::record::{import, Format};

mod common;

fn stacks(b: &Board) -> Vec<(Hex, Vec<PieceId>)> {
    let mut v: Vec<_> = b.occupied().map(|h| (h, b.stack(h))).collect();
    v.sort_by_key(|(h, _)| (h.q, h.r));
    v
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn sgf_and_pgn_twins_give_the_same_positions() {
    let dir = common::shared_recordings();
    let mut pairs = 0;
    let mut plies = 0;
    let mut report = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .collect();
    names.sort();
    for sgf_path in names {
        let pgn_path = sgf_path.with_extension("pgn");
        let sgf_text = std::fs::read_to_string(&sgf_path).unwrap();
        let pgn_text = std::fs::read_to_string(&pgn_path).unwrap();
        let sgf = import(&sgf_text, None).unwrap();
        let pgn = import(&pgn_text, None).unwrap();
        assert_eq!(sgf.format, Format::Sgf);
        assert_eq!(pgn.format, Format::Pgn);
        let name = sgf_path.file_name().unwrap().to_string_lossy().to_string();
        assert_eq!(sgf.game_type, pgn.game_type, "{name}");
        assert_eq!(sgf.meta.white, pgn.meta.white, "{name}");
        assert_eq!(sgf.meta.black, pgn.meta.black, "{name}");
        assert_eq!(sgf.meta.date, pgn.meta.date, "{name}");
        assert_eq!(sgf.result(), pgn.result(), "{name}");
        let mut a = Position::with_rules(sgf.game_type, sgf.rules);
        let mut b = Position::with_rules(pgn.game_type, pgn.rules);
        let n = sgf.moves.len().min(pgn.moves.len());
        for i in 0..n {
            a.play(sgf.moves[i]).unwrap();
            b.play(pgn.moves[i]).unwrap();
            assert_eq!(
                stacks(a.board()),
                stacks(b.board()),
                "{name}: after ply {}",
                i + 1
            );
        }
        plies += n;
        pairs += 1;
        report.push(format!(
            "{name}: sgf {} plies{}, pgn {} plies{}; notices {:?}",
            sgf.moves.len(),
            sgf.error
                .as_ref()
                .map(|e| format!(" (stopped: {e})"))
                .unwrap_or_default(),
            pgn.moves.len(),
            pgn.error
                .as_ref()
                .map(|e| format!(" (stopped: {e})"))
                .unwrap_or_default(),
            sgf.notices
        ));
        assert_eq!(
            sgf.moves.len(),
            pgn.moves.len(),
            "{name}: {}",
            report.last().unwrap()
        );
    }
    for r in &report {
        println!("{r}");
    }
    println!("{pairs} SGF/PGN pairs checked, {plies} plies compared");
    assert!(pairs > 0);
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn left_out_forced_passes_are_played() {
    let dir = common::shared_recordings();
    let text = std::fs::read_to_string(dir.join("HV-Dumbot-Mormor51-2023-05-11-0957.sgf")).unwrap();
    let full = import(&text, None).unwrap();
    let passes = full
        .moves
        .iter()
        .filter(|m| **m == beeline::engine::position::Move::Pass)
        .count();
    assert_eq!(passes, 3);
    // The newest clients leave forced passes out: drop each `Pass` node and its `Done`.
    let lines: Vec<&str> = text.lines().collect();
    let mut kept = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].contains(" Pass ]") {
            i += 2;
            continue;
        }
        kept.push(lines[i]);
        i += 1;
    }
    let without = import(&kept.join("\n"), None).unwrap();
    assert_eq!(without.moves, full.moves);
    assert_eq!(
        without
            .notices
            .iter()
            .filter(|n| n.contains("forced pass"))
            .count(),
        3
    );
}
