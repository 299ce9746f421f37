//! Direction-based notation: the article's two example games, its own examples, the reader's
//! variants and errors, and symmetry/round-trip properties on random games.

use beeline::engine::hex::Hex;
use beeline::engine::piece::Bug;
use beeline::engine::piece::GameType;
use beeline::engine::position::{Move, Position, Rules};
use beeline::notation::direction::{self, DirectionMove, Style};
use beeline::notation::frame::Frame;
use beeline::notation::uhp::GameString;
use beeline::notation::{write_game as write_moves, Coordinates, Mismatch, Notation, ReadError};
use common::{map_move, random_game};
use proptest::prelude::*;

mod common;

/// Reads one turn in the frame the game so far has fixed.
fn read(pos: &Position, text: &str) -> Result<Move, ReadError> {
    DirectionMove::read(pos, &Frame::of_moves(&pos.moves()), text)
}

fn write(pos: &Position, frame: &Frame, mv: Move) -> DirectionMove {
    DirectionMove::from_move(pos, mv, frame)
}

fn write_game(gt: GameType, rules: Rules, moves: &[Move], ascii: bool) -> Vec<String> {
    let style = if ascii { Style::Ascii } else { Style::Unicode };
    write_moves::<DirectionMove>(
        &Position::with_rules(gt, rules),
        moves,
        Coordinates::Canonical,
        style,
    )
}

/// The moves of a game from the article's markdown tables, in playing order. A turn may be
/// split over two tables (the article shows a diagram between the players' halves).
fn table_moves(md: &str) -> Vec<String> {
    let mut cells: Vec<(u32, usize, String)> = Vec::new();
    for line in md.lines() {
        let parts: Vec<&str> = line.split('|').map(str::trim).collect();
        if parts.len() < 4 {
            continue;
        }
        let Some(turn) = parts[1].strip_suffix('.').and_then(|n| n.parse().ok()) else {
            continue;
        };
        for player in 0..2 {
            if !parts[2 + player].is_empty() {
                cells.push((turn, player, parts[2 + player].to_string()));
            }
        }
    }
    cells.sort_by_key(|c| (c.0, c.1));
    cells.into_iter().map(|c| c.2).collect()
}

fn game(file: &str) -> Vec<String> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    table_moves(&std::fs::read_to_string(path).unwrap())
}

/// Reads a whole game, asserting each move is legal; returns the final position.
fn replay(texts: &[String]) -> Position {
    let mut pos = Position::new(GameType::MLP);
    for (i, t) in texts.iter().enumerate() {
        let mv = read(&pos, t).unwrap_or_else(|e| panic!("move {}: {e}", i + 1));
        pos.play(mv)
            .unwrap_or_else(|e| panic!("move {} {t}: {e}", i + 1));
    }
    pos
}

fn position_before(texts: &[String], ply: usize) -> Position {
    replay(&texts[..ply])
}

#[test]
fn example_game_1_reads_and_writes_back() {
    let texts = game("direction-game-1.md");
    assert_eq!(texts.len(), 56);
    assert_eq!(texts[25], "G\u{2733}\u{FE0E}Qm");
    let pos = replay(&texts);
    // 28. … M×Qa surrounds White's Queen: player 2 (Black here) wins.
    assert_eq!(pos.state(), beeline::engine::position::GameState::BlackWins);
    let written = write_game(GameType::MLP, Rules::default(), &pos.moves(), false);
    assert_eq!(written, texts);
    let ascii = write_game(GameType::MLP, Rules::default(), &pos.moves(), true);
    assert_eq!(ascii[25], "G*Qm");
    assert_eq!(ascii[17], "A2xQs");
    assert_eq!(ascii[53], "xLPs");
}

#[test]
fn example_game_2_reads_and_writes_back() {
    let texts = game("direction-game-2.md");
    assert_eq!(texts.len(), 53);
    let pos = replay(&texts);
    let written = write_game(GameType::MLP, Rules::default(), &pos.moves(), false);
    assert_eq!(written, texts);
}

#[test]
fn games_are_built_in_the_canonical_frame() {
    let pos = replay(&game("direction-game-1.md"));
    let moves = pos.moves();
    assert_eq!(moves[0].to(), Some(Hex::new(0, 0)));
    assert_eq!(moves[1].to(), Some(Hex::new(1, 0)));
    // 3. Q+Ls is the first placement off the axis: it lies south (r > 0).
    assert_eq!(moves[4].to(), Some(Hex::new(-1, 1)));
    let f = Frame::of_moves(&moves);
    for h in [Hex::new(3, -2), Hex::new(-1, 4)] {
        assert_eq!(f.to_canonical(h), h);
    }
}

#[test]
fn counting_order_pins_the_articles_numbers() {
    // 6. A×A1a: White's Ant goes afternoon of Black's Ant 1, the Ant farther toward noon.
    let texts = game("direction-game-1.md");
    let pos = position_before(&texts, 10);
    let mv = read(&pos, "A×A1a").unwrap();
    let e = direction::explain(&pos, &Frame::of_moves(&pos.moves()).after(mv), mv).unwrap();
    let (r, rh) = e.reference.unwrap();
    assert_eq!(r.to_string(), "bA2");
    assert_eq!(rh, Hex::new(1, 2));
    // The other black Ant (bA1, at (-2, 0)) is farther toward midnight.
    assert_eq!(
        pos.board()
            .position("bA1".parse::<beeline::engine::piece::Piece>().unwrap().id()),
        Some(Hex::new(-2, 0))
    );
    // 9. … A2×Qs: Black's three Ants, counted from noon.
    let pos = position_before(&texts, 17);
    let a2 = read(&pos, "A2×Qs").unwrap();
    assert_eq!(a2.from(), Some(Hex::new(2, -1)));
    let ants = beeline::notation::reference::counting_order(
        pos.board(),
        &Frame::of_moves(&pos.moves()),
        beeline::engine::piece::Color::Black,
        beeline::engine::piece::Bug::Ant,
    );
    let cells: Vec<Hex> = ants
        .iter()
        .map(|a| pos.board().position(*a).unwrap())
        .collect();
    // Noon keys 2q + r: 4, 3, -4; so the Ant on (2, -1) is A2, as the article has it.
    assert_eq!(cells, [Hex::new(1, 2), Hex::new(2, -1), Hex::new(-2, 0)]);
}

#[test]
fn the_articles_own_examples() {
    let g1 = game("direction-game-1.md");
    let g2 = game("direction-game-2.md");
    for (texts, ex) in [
        (&g1, "G\u{2733}\u{FE0E}Qm"),
        (&g1, "×LPs"),
        (&g1, "Ba"),
        (&g2, "QPm"),
        (&g1, "A2×Qs"),
        (&g1, "B+A2m"),
    ] {
        let i = texts.iter().position(|t| t == ex).unwrap();
        let pos = position_before(texts, i);
        let mv = read(&pos, ex).unwrap();
        let f = Frame::of_moves(&pos.moves()).after(mv);
        assert_eq!(write(&pos, &f, mv).to_string(), ex);
    }
    // ×LPs: Black's Pillbug throws White's Ladybug to its sunset side.
    let i = g1.iter().position(|t| t == "×LPs").unwrap();
    let pos = position_before(&g1, i);
    let mv = read(&pos, "×LPs").unwrap();
    assert_eq!(mv.piece().unwrap().to_string(), "wL");
    assert_eq!(pos.throwers(mv.piece().unwrap(), mv.to().unwrap()).len(), 1);
    // QPm: the Queen thrown two cells by its own Pillbug, so the destination is referenced.
    let i = g2.iter().position(|t| t == "QPm").unwrap();
    let pos = position_before(&g2, i);
    let mv = read(&pos, "QPm").unwrap();
    assert_eq!(mv.from().unwrap().distance(mv.to().unwrap()), 2);
    // M+Qn and A2×Pm: found in seeded random games.
    for ex in ["M+Qn", "A2×Pm"] {
        let (pos, mv) = find_example(ex).unwrap_or_else(|| panic!("no position for {ex}"));
        assert_eq!(read(&pos, ex), Ok(mv), "{ex}");
    }
}

/// A small deterministic generator (xorshift) for searching example positions.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as usize
    }
}

fn find_example(text: &str) -> Option<(Position, Move)> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..400 {
        let mut pos = Position::new(GameType::MLP);
        for _ in 0..60 {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                break;
            }
            for mv in &legal {
                let f = Frame::of_moves(&pos.moves()).after(*mv);
                if write(&pos, &f, *mv).to_string() == text {
                    // Rebuild in the canonical frame so that reading is comparable.
                    let canon = canonical_replay(&pos.moves());
                    let c = canonical_move(&f, *mv);
                    return Some((canon, c));
                }
            }
            pos.play_unchecked(legal[rng.next() % legal.len()]);
        }
    }
    None
}

fn canonical_move(f: &Frame, mv: Move) -> Move {
    map_move(mv, |h| f.to_canonical(h))
}

fn canonical_replay(moves: &[Move]) -> Position {
    let f = Frame::of_moves(moves);
    let mut pos = Position::new(GameType::MLP);
    for mv in moves {
        pos.play(canonical_move(&f, *mv)).unwrap();
    }
    pos
}

#[test]
fn reader_variants() {
    let g1 = game("direction-game-1.md");
    // Before 9. … A2×Qs.
    let pos = position_before(&g1, 17);
    let want = read(&pos, "A2×Qs").unwrap();
    for v in ["A2xQs", "9. A2×Qs", "9...A2×Qs", " A2 × Q s "] {
        assert_eq!(read(&pos, v), Ok(want), "{v}");
    }
    // Before 13. … G✳︎Qm: every spelling of the star.
    let pos = position_before(&g1, 25);
    let want = read(&pos, "G\u{2733}\u{FE0E}Qm").unwrap();
    for v in ["G\u{2733}Qm", "G*Qm", "G+×Qm", "G+xQm", "G✳︎Q"] {
        assert_eq!(read(&pos, v), Ok(want), "{v}");
    }
    // Omitted number (18. A1×B1a → A1×Ba), omitted reference (3. Q+Ls → Q+L is unique,
    // 5. A+Pa → A+a), omitted direction (13. B+Lr → B+L).
    for (ply, canonical, variant) in [
        (34, "A1×B1a", "A1×Ba"),
        (36, "A2×A1a", "A2×Aa"),
        (4, "Q+Ls", "Q+L"),
        (8, "A+Pa", "A+a"),
        (12, "B+Lr", "B+L"),
        (43, "B2n", "Bn"),
        (47, "G1m", "Gm"),
    ] {
        let pos = position_before(&g1, ply);
        assert_eq!(g1[ply], canonical);
        let want = read(&pos, canonical).unwrap();
        assert_eq!(read(&pos, variant), Ok(want), "{variant}");
    }
    // Another adjacent reference: 9. Qs (White's Queen to (-2, 2)) said from the Pillbug.
    let pos = position_before(&g1, 16);
    let want = read(&pos, "Qs").unwrap();
    assert_eq!(want.to(), Some(Hex::new(-2, 2)));
    assert_eq!(read(&pos, "QPm"), Ok(want));
    // Passes: only when no move exists.
    let pass_pos = GameString::from_position(&pos).replay().unwrap();
    for p in ["—", "–", "--", "---", "pass"] {
        assert!(matches!(
            read(&pass_pos, p),
            Err(ReadError::NoMatch {
                why: Mismatch::PassNotLegal,
                ..
            })
        ));
    }
}

#[test]
fn no_match_and_ambiguous_are_different_errors() {
    let g1 = game("direction-game-1.md");
    let pos = position_before(&g1, 17);
    match read(&pos, "A×Qs") {
        Err(ReadError::Ambiguous { text, candidates }) => {
            assert_eq!(text, "A×Qs");
            assert_eq!(candidates, ["A3×Qs", "A2×Qs"]);
        }
        other => panic!("{other:?}"),
    }
    match read(&pos, "B") {
        Err(ReadError::NoMatch {
            why: Mismatch::Piece(k),
            ..
        }) => assert_eq!(k.bug, Bug::Beetle),
        other => panic!("{other:?}"),
    }
    match read(&pos, "A2×Lf") {
        Err(ReadError::NoMatch { why, .. }) => {
            assert_eq!(
                why,
                Mismatch::NotNextToReference {
                    bug: Bug::Ant,
                    reference: Bug::Ladybug
                }
            );
            assert!(why.to_string().contains("reference"), "{why}");
        }
        other => panic!("{other:?}"),
    }
    // Every Ant of Black's is on the board: no placement of one.
    match read(&pos, "A+Qn") {
        Err(ReadError::NoMatch {
            why: Mismatch::Piece(k),
            ..
        }) => assert_eq!(k.bug, Bug::Ant),
        other => panic!("{other:?}"),
    }
    assert!(matches!(read(&pos, "A2×Q?"), Err(ReadError::Syntax { .. })));
    let e = read(&pos, "A×Qs").unwrap_err().to_string();
    assert!(e.contains("A3×Qs") && e.contains("A2×Qs"), "{e}");
}

#[test]
fn handedness_is_fixed_toward_afternoon_and_sunset() {
    let mut pos = Position::new(GameType::BASE);
    for t in ["A", "A", "Q+Am", "Q+An"] {
        pos.play(read(&pos, t).unwrap()).unwrap();
    }
    // Every piece is on the noon–midnight line; the first one off it lies sunset/afternoon.
    let mv = read(&pos, "S+Qs").unwrap();
    assert_eq!(mv.to(), Some(Hex::new(-2, 1)));
    match read(&pos, "S+Qr") {
        Err(ReadError::NoMatch { .. }) => {}
        other => panic!("sunrise cannot be the first direction off the line: {other:?}"),
    }
    // The same game played with a mirrored, rotated board writes the same.
    let g: GameString = "Base;InProgress;Black[3];wA1;bA1 \\wA1;wQ wA1\\;bQ \\bA1;wS1 /wQ"
        .parse()
        .unwrap();
    let pos = g.replay().unwrap();
    let written = write_game(GameType::BASE, Rules::default(), &pos.moves(), false);
    assert_eq!(written, ["A", "A", "Q+Am", "Q+An", "S+Qs"]);
    let last = pos.moves()[4];
    let before = GameString {
        moves: g.moves[..4].to_vec(),
        turn: beeline::notation::uhp::Turn::after(4),
        ..g.clone()
    }
    .replay()
    .unwrap();
    let e = direction::explain(&before, &Frame::of_moves(&pos.moves()), last).unwrap();
    assert!(e.established && e.establishes);
    assert_eq!(e.reference.map(|r| r.0.to_string()), Some("wQ".into()));
}

#[test]
fn explanation_of_direct_and_referenced_turns() {
    let g1 = game("direction-game-1.md");
    let pos = position_before(&g1, 27); // 14. … Gn: a Grasshopper's own jump
    let mv = read(&pos, "Gn").unwrap();
    let f = Frame::of_moves(&pos.moves()).after(mv);
    let e = direction::explain(&pos, &f, mv).unwrap();
    assert_eq!(e.reference, None);
    assert_eq!(e.direction, Some(beeline::engine::hex::Direction::E));
    assert!(e.from.unwrap().distance(e.to) > 1);
    assert!(direction::explain(&pos, &f, Move::Pass).is_none());
}

#[test]
fn syntax_prints_canonically() {
    let m: DirectionMove = "13. G*Qm".parse().unwrap();
    assert_eq!(m.to_string(), "G\u{2733}\u{FE0E}Qm");
    assert_eq!(m.write(Style::Ascii), "G*Qm");
    assert_eq!("--".parse::<DirectionMove>().unwrap().to_string(), "—");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn written_notation_reads_back(picks in prop::collection::vec(any::<u32>(), 0..90)) {
        let pos = random_game(GameType::MLP, &picks);
        let moves = pos.moves();
        let texts = write_game(GameType::MLP, Rules::default(), &moves, false);
        let ascii = write_game(GameType::MLP, Rules::default(), &moves, true);
        let f = Frame::of_moves(&moves);
        let mut a = Position::new(GameType::MLP);
        let mut b = Position::new(GameType::MLP);
        for (i, mv) in moves.iter().enumerate() {
            let want = canonical_move(&f, *mv);
            prop_assert_eq!(read(&a, &texts[i]), Ok(want), "move {}", i + 1);
            prop_assert_eq!(read(&b, &ascii[i]), Ok(want), "move {}", i + 1);
            a.play_unchecked(want);
            b.play_unchecked(want);
        }
    }

    #[test]
    fn rotations_and_reflections_write_the_same(picks in prop::collection::vec(any::<u32>(), 0..90)) {
        let pos = random_game(GameType::MLP, &picks);
        let moves = pos.moves();
        let texts = write_game(GameType::MLP, Rules::default(), &moves, false);
        for steps in 0..6u8 {
            for mirror in [false, true] {
                let t = |h: Hex| {
                    let h = h.rotate_cw(steps);
                    if mirror { h.mirror() } else { h }
                };
                let moved: Vec<Move> = moves.iter().map(|m| map_move(*m, t)).collect();
                let w = write_game(GameType::MLP, Rules::default(), &moved, false);
                prop_assert_eq!(&w, &texts, "rotation {} mirror {}", steps, mirror);
            }
        }
    }
}
