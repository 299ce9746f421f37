//! Algebraic notation: the seed's examples in positions where they are legal, reader
//! variants, error kinds and column wrapping.

use beeline::engine::hex::Hex;
use beeline::engine::piece::GameType;
use beeline::engine::position::{Move, Position, Rules};
use beeline::notation::algebraic::{AlgebraicMove, Form};
use beeline::notation::frame::Frame;
use beeline::notation::uhp::GameString;
use beeline::notation::{
    read_game as read_moves, write_game as write_moves, Coordinates, GameReadError, Mismatch,
    Notation, ReadError,
};

/// Reads one move in the frame the game so far has fixed.
fn read(pos: &Position, text: &str) -> Result<Move, ReadError> {
    AlgebraicMove::read(pos, &Frame::of_moves(&pos.moves()), text)
}

fn write(pos: &Position, frame: &Frame, mv: Move, form: Form) -> String {
    AlgebraicMove::from_move(pos, mv, frame).write(form)
}

fn write_game(gt: GameType, rules: Rules, moves: &[Move], form: Form) -> Vec<String> {
    write_moves::<AlgebraicMove>(
        &Position::with_rules(gt, rules),
        moves,
        Coordinates::Canonical,
        form,
    )
}

fn read_game<S: AsRef<str>>(
    gt: GameType,
    rules: Rules,
    texts: &[S],
) -> Result<Position, GameReadError> {
    let mut pos = Position::with_rules(gt, rules);
    read_moves::<AlgebraicMove, S>(&mut pos, Coordinates::Canonical, texts)?;
    Ok(pos)
}

fn game(gt: GameType, moves: &[&str]) -> Position {
    match read_game(gt, Rules::default(), moves) {
        Ok(pos) => pos,
        Err(e) => panic!("{e}"),
    }
}

/// The three written forms of move `index` (0-based) of the game.
fn written(pos: &Position, index: usize) -> [String; 3] {
    Form::ALL
        .map(|form| write_game(pos.game_type(), pos.rules(), &pos.moves(), form)[index].clone())
}

/// The position before move `index` (0-based) and that move.
fn before(pos: &Position, index: usize) -> (Position, Move) {
    let moves = pos.moves();
    let mut p = Position::with_rules(pos.game_type(), pos.rules());
    for mv in &moves[..index] {
        p.play(*mv).unwrap();
    }
    (p, moves[index])
}

fn assert_reads(pos: &Position, mv: Move, texts: &[&str]) {
    for t in texts {
        assert_eq!(read(pos, t), Ok(mv), "reading '{t}'");
    }
}

fn no_match(pos: &Position, text: &str) -> Mismatch {
    match read(pos, text) {
        Err(ReadError::NoMatch { why, .. }) => why,
        other => panic!("'{text}': expected no match, got {other:?}"),
    }
}

/// wG @m0 ... wA m-1 n+2 ... wA @m-1, bM p0, bG @o0 (the seed's moves 1, 7, 9, 22, 24).
const ANT_GAME: [&str; 12] = [
    "wG @m0",
    "bS @n0",
    "wQ @l0",
    "bQ @n1",
    "wA @m-1",
    "bA @o1",
    "wA m-1 n+2",
    "bM @o0",
    "wA @m-1",
    "bM p0",
    "wS @k0",
    "bG @o0",
];

#[test]
fn seed_placements_and_first_ant_move() {
    let pos = game(GameType::MLP, &ANT_GAME);
    let short = write_game(GameType::MLP, Rules::default(), &pos.moves(), Form::Short);
    assert_eq!(
        short,
        [
            "wG @m0", "bS @n0", "wQ @l0", "bQ @n1", "wA @m-1", "bA @o1", "wA m n2", "bM @o0",
            "wA @m-1", "bM p0", "wS @k0", "bG @o0"
        ]
    );
    assert_eq!(written(&pos, 0), ["wG @m0", "wG @m0", "wG@m0"]);
    assert_eq!(written(&pos, 6), ["wA m-1 n+2", "wA m n2", "wAmn2"]);
    assert_eq!(written(&pos, 9), ["bM o0 p0", "bM p0", "bMp0"]);
    assert_eq!(written(&pos, 11), ["bG @o0", "bG @o0", "bG@o0"]);
    // The first piece stands on (0, 0), the second east of it: read games are canonical.
    let moves = pos.moves();
    assert_eq!(moves[0].to(), Some(Hex::new(0, 0)));
    assert_eq!(moves[1].to(), Some(Hex::new(1, 0)));
    assert_eq!(moves[3].to(), Some(Hex::new(1, 1)));
    assert_eq!(moves[6].from(), Some(Hex::new(0, -1)));
    assert_eq!(moves[6].to(), Some(Hex::new(1, 2)));
}

#[test]
fn reader_accepts_every_form_of_the_ant_move() {
    let pos = game(GameType::MLP, &ANT_GAME);
    let (p, mv) = before(&pos, 6);
    assert_reads(
        &p,
        mv,
        &[
            "wA m-1 n+2",
            "wA m n2",
            "wAmn2",
            "wA n2",
            "wA n+2",
            "A m n2",
            "wA m-1 n2",
            "wA -1 n2",
            "wAm-1n+2",
            "wA-1n2",
            "  wA   m  n2  ",
        ],
    );
    let (p, mv) = before(&pos, 9);
    assert_reads(&p, mv, &["bM p0", "bM o0 p0", "bMp0", "M p0", "bM o p+0"]);
    // The seed's move 9: without `@` the second ant's placement is ambiguous, since the
    // first ant could move there.
    let (p, mv) = before(&pos, 8);
    assert_reads(&p, mv, &["wA @m-1", "wA@m-1", "A @m-1"]);
    match read(&p, "wA m-1") {
        Err(ReadError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["wA @m-1", "wA n+2 m-1"])
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
}

#[test]
fn reader_explains_why_nothing_matches() {
    let pos = game(GameType::MLP, &ANT_GAME);
    let (p, _) = before(&pos, 6);
    assert!(matches!(
        no_match(&p, "wA @n2"),
        Mismatch::NotPlacement { .. }
    ));
    assert!(matches!(no_match(&p, "wA l n2"), Mismatch::Origin { .. }));
    assert!(matches!(
        no_match(&p, "wA m n9"),
        Mismatch::Destination { .. }
    ));
    assert!(matches!(no_match(&p, "bA o n2"), Mismatch::Piece(_)));
    assert!(matches!(
        no_match(&p, "wA n2 (wP)"),
        Mismatch::Thrower { .. }
    ));
    assert!(matches!(no_match(&p, "pass"), Mismatch::PassNotLegal));
    let (p, _) = before(&pos, 8);
    assert!(matches!(no_match(&p, "bQ @k0"), Mismatch::Piece(_)));
    let text = no_match(&p, "wA m n9").to_string();
    assert!(text.contains("n9"), "{text}");
}

#[test]
fn reader_rejects_bad_syntax() {
    let pos = game(GameType::MLP, &ANT_GAME);
    for bad in [
        "",
        "wX m0",
        "wa m0",
        "w m0",
        "wA",
        "wA m",
        "wA m n2 o3",
        "wA @m n2",
        "wA m n2 (wQ)",
        "wA m n2)",
        "wA (m) n2",
        "wA m× n2",
        "wA mnop2",
        "wA m n99999999999",
        "wA m n+",
        "wA m n2 (wP q)",
    ] {
        match read(&pos, bad) {
            Err(ReadError::Syntax(e)) => assert!(!e.reason.is_empty()),
            other => panic!("'{bad}': expected a syntax error, got {other:?}"),
        }
        assert!(bad.parse::<AlgebraicMove>().is_err(), "{bad}");
    }
}

/// The seed's move 45: a grasshopper moved by the Pillbug, with all three white
/// grasshoppers placed so that its column (j2) and its row (k3) are both shared.
const PILLBUG_GAME: [&str; 13] = [
    "wS @m0",
    "bS @n0",
    "wQ @l1",
    "bQ @o0",
    "wP @k2",
    "bS @o-1",
    "wG @j3",
    "bA @p-1",
    "wG @j2",
    "bA @p0",
    "wG @k3",
    "bA @q-1",
    "wG j3 k1 (wP)",
];

#[test]
fn seed_pillbug_throw_with_both_clashes() {
    let pos = game(GameType::MLP, &PILLBUG_GAME);
    assert_eq!(
        written(&pos, 12),
        ["wG j+3 k+1 (wP k+2)", "wG j3 k1 (wP)", "wGj3k1(wP)"]
    );
    let (p, mv) = before(&pos, 12);
    assert_eq!(mv.from(), Some(Hex::new(-3, 3)));
    assert_eq!(mv.to(), Some(Hex::new(-2, 1)));
    assert_reads(
        &p,
        mv,
        &[
            "wG j3 k1 (wP)",
            "wG j+3 k+1 (wP k+2)",
            "wGj3k1(wP)",
            "wG j3 k1 (wP k2)",
            "wG j3 k1 (P)",
            "wG j3 k1",
            "G j3 k1 (wPk2)",
        ],
    );
    // Three grasshoppers can be thrown to k1: column or row alone is not enough.
    for vague in ["wG k1", "wG 3 k1 (wP)", "wG j k1"] {
        match read(&p, vague) {
            Err(ReadError::Ambiguous { candidates, .. }) => {
                assert!(candidates.len() >= 2, "{vague}: {candidates:?}");
                assert!(candidates.contains(&"wG j+3 k+1 (wP k+2)".to_string()));
            }
            other => panic!("'{vague}': expected ambiguity, got {other:?}"),
        }
    }
    let err = read(&p, "wG k1").unwrap_err().to_string();
    assert!(err.contains("wG j+2 k+1 (wP k+2)"), "{err}");
    assert!(matches!(
        no_match(&p, "wG j3 k1 (wP j2)"),
        Mismatch::Thrower { .. }
    ));
    assert!(matches!(
        no_match(&p, "wG j3 k1 (bP)"),
        Mismatch::Thrower { .. }
    ));
    assert!(matches!(
        no_match(&p, "wG j3 k1 (wM)"),
        Mismatch::Thrower { .. }
    ));
}

#[test]
fn seed_pillbug_throw_row_only() {
    // As in the seed: two grasshoppers share column j, all three rows differ.
    let mut moves = PILLBUG_GAME;
    moves[10] = "wG @l2";
    moves[12] = "wG 3 k1 (wP)";
    let pos = game(GameType::MLP, &moves);
    assert_eq!(
        written(&pos, 12),
        ["wG j+3 k+1 (wP k+2)", "wG 3 k1 (wP)", "wG3k1(wP)"]
    );
    let (p, mv) = before(&pos, 12);
    assert_reads(
        &p,
        mv,
        &["wG j3 k1 (wP)", "wG 3 k1 (wP k2)", "wG 3 k1", "wG3k1(wP)"],
    );
    // An own move of a piece next to the Pillbug carries no annotation.
    let (p, _) = before(&pos, 12);
    let own = read(&p, "wG j3 n-1").unwrap();
    assert_eq!(
        write(&p, &Frame::of_moves(&pos.moves()), own, Form::Long),
        "wG j+3 n-1"
    );
}

#[test]
fn thrown_enemy_piece() {
    // White's Pillbug moves Black's Ant, which Black's Queen keeps attached.
    let pos = game(
        GameType::MLP,
        &[
            "wP @m0",
            "bA @n0",
            "wQ @l0",
            "bQ @n1",
            "wS @k0",
            "bQ m1",
            "bA n n-1 (wP)",
        ],
    );
    assert_eq!(
        written(&pos, 6),
        ["bA n0 n-1 (wP m0)", "bA n n-1 (wP)", "bAnn-1(wP)"]
    );
    let (p, mv) = before(&pos, 6);
    assert_eq!(p.to_move(), beeline::engine::piece::Color::White);
    assert_eq!(mv.piece().map(|x| x.to_string()), Some("bA1".to_string()));
    assert_reads(
        &p,
        mv,
        &["bA n-1 (wP)", "bA n n-1", "A n-1", "bA n0 n-1 (P m0)"],
    );
    assert!(matches!(
        no_match(&p, "bA n-1 (bP)"),
        Mismatch::Thrower { .. }
    ));
}

/// The seed's move 70: a black beetle jumps down from a stack of two.
const BEETLE_GAME: [&str; 12] = [
    "wG @m0", "bS @n0", "wQ @l1", "bQ @o0", "wA @k1", "bB @o-1", "wS @k2", "bB o n-1", "wG @k0",
    "bB n m0", "wA @j2", "bB m l0",
];

#[test]
fn seed_beetle_climbs_down() {
    let pos = game(GameType::BASE, &BEETLE_GAME);
    assert_eq!(written(&pos, 7), ["bB o-1 n-1", "bB o n-1", "bBon-1"]);
    assert_eq!(written(&pos, 9), ["bB n-1 m0", "bB n m0", "bBnm0"]);
    assert_eq!(written(&pos, 11), ["bB m0 l0", "bB m l0", "bBml0"]);
    let (p, mv) = before(&pos, 11);
    assert_eq!(p.board().height(Hex::ORIGIN), 2);
    assert_reads(&p, mv, &["bB m0 l0", "bB m l0", "bB l0", "bBml0", "B m l0"]);
    assert_eq!(pos.board().height(Hex::new(-1, 0)), 1);
}

#[test]
fn covered_piece_of_the_same_kind_counts_as_sharing() {
    // White's first Ant is covered by Black's Beetle on m0; White's second Ant leaves m-1,
    // in the same column: the row is written instead of the column.
    let pos = game(
        GameType::BASE,
        &[
            "wA @m0", "bB @n0", "wQ @l1", "bQ @o-1", "wA @l2", "bA @o0", "wS @k2", "bA o n-1",
            "wA l m-1", "bB n m0", "wA -1 l2",
        ],
    );
    let (p, _) = before(&pos, 10);
    assert_eq!(p.board().height(Hex::ORIGIN), 2);
    assert_eq!(written(&pos, 8)[1], "wA l m-1");
    assert_eq!(written(&pos, 10), ["wA m-1 l+2", "wA -1 l2", "wA-1l2"]);
    // The covered Ant cannot move, so the column alone also reads.
    let (p, mv) = before(&pos, 10);
    assert_reads(&p, mv, &["wA -1 l2", "wA m l2", "wA m-1 l+2", "wA m-1 l2"]);
    // Without an origin, the second Ant's placement on l2 matches too.
    assert!(matches!(
        read(&p, "wA l2"),
        Err(ReadError::Ambiguous { .. })
    ));
}

#[test]
fn a_piece_in_its_own_stack_does_not_clash() {
    // Both white Beetles on one stack: the top one leaves and writes only its column.
    let pos = game(
        GameType::BASE,
        &[
            "wB @m0", "bS @n0", "wQ @l1", "bQ @o0", "wB @l0", "bA @p0", "wB l m0", "bA @q0",
            "wB m l0",
        ],
    );
    let (p, _) = before(&pos, 8);
    assert_eq!(p.board().height(Hex::ORIGIN), 2);
    assert_eq!(written(&pos, 6), ["wB l0 m0", "wB l m0", "wBlm0"]);
    assert_eq!(written(&pos, 8), ["wB m0 l0", "wB m l0", "wBml0"]);
}

#[test]
fn symmetric_readings_build_the_canonical_frame() {
    let pos = game(GameType::BASE, &["wS @m0", "bS @n0", "wQ @l1", "bQ o-1"]);
    let frame = Frame::of_moves(&pos.moves());
    assert!(frame.is_complete());
    for h in [
        Hex::new(0, 0),
        Hex::new(1, 0),
        Hex::new(-1, 1),
        Hex::new(2, -1),
    ] {
        assert_eq!(frame.to_canonical(h), h);
        assert!(pos.board().top(h).is_some(), "{h}");
    }
    // A game imported from UHP keeps its own coordinates; algebraic names still agree.
    let g: GameString = "Base;InProgress;White[2];wS1;bS1 wS1/".parse().unwrap();
    let mut p = g.replay().unwrap();
    let mv = read(&p, "wQ @l1").unwrap();
    p.play(mv).unwrap();
    let moves = p.moves();
    let f = Frame::of_moves(&moves);
    assert_eq!(f.to_canonical(mv.to().unwrap()), Hex::new(-1, 1));
    assert_ne!(mv.to(), Some(Hex::new(-1, 1)));
    let short = write_game(GameType::BASE, Rules::default(), &moves, Form::Short);
    assert_eq!(short, ["wS @m0", "bS @n0", "wQ @l1"]);
}

/// White grows west in one line down to column zz while Black's Ant walks to and fro;
/// then White's last Ant leaves zz.
const WEST_LINE: [&str; 29] = [
    "wS @m0",
    "bS @n0",
    "wQ @l0",
    "bQ @o0",
    "wS @k0",
    "bA @p0",
    "wB @j0",
    "bA p o1",
    "wB @i0",
    "bA o p0",
    "wM @h0",
    "bA p o1",
    "wL @g0",
    "bA o p0",
    "wP @f0",
    "bA p o1",
    "wG @e0",
    "bA o p0",
    "wG @d0",
    "bA p o1",
    "wG @c0",
    "bA o p0",
    "wA @b0",
    "bA p o1",
    "wA @a0",
    "bA o p0",
    "wA @zz0",
    "bA p o1",
    "wA zz n-1",
];

/// Black grows east in one line up to column aa while White's Ant walks to and fro; then
/// White's Ant goes to the east end (bb) and Black, every piece pinned, must pass.
const EAST_LINE: [&str; 30] = [
    "wS @m0", "bS @n0", "wQ @l1", "bQ @o0", "wA @m-1", "bS @p0", "wG @k1", "bB @q0", "wA m l0",
    "bB @r0", "wA l m-1", "bM @s0", "wA m l0", "bL @t0", "wA l m-1", "bP @u0", "wA m l0", "bG @v0",
    "wA l m-1", "bG @w0", "wA m l0", "bG @x0", "wA l m-1", "bA @y0", "wA m l0", "bA @z0",
    "wA l m-1", "bA @aa0", "wA m bb0", "pass",
];

#[test]
fn columns_wrap_west() {
    let pos = game(GameType::MLP, &WEST_LINE);
    let moves = pos.moves();
    assert_eq!(moves[24].to(), Some(Hex::new(-12, 0)));
    assert_eq!(moves[26].to(), Some(Hex::new(-13, 0)));
    assert_eq!(moves[28].from(), Some(Hex::new(-13, 0)));
    assert_eq!(moves[28].to(), Some(Hex::new(1, -1)));
    let short = write_game(GameType::MLP, Rules::default(), &moves, Form::Short);
    assert_eq!(short, WEST_LINE);
    assert_eq!(written(&pos, 28), ["wA zz0 n-1", "wA zz n-1", "wAzzn-1"]);
    let (p, mv) = before(&pos, 28);
    assert_reads(&p, mv, &["wA zz0 n-1", "wAzzn-1", "wA zz+0 n-1", "wA n-1"]);
    let (p, mv) = before(&pos, 26);
    assert_reads(&p, mv, &["wA @zz0", "wA@zz0", "wA zz0"]);
}

#[test]
fn columns_wrap_east_and_pass() {
    let pos = game(GameType::MLP, &EAST_LINE);
    let moves = pos.moves();
    assert_eq!(moves[27].to(), Some(Hex::new(14, 0)));
    assert_eq!(moves[28].to(), Some(Hex::new(15, 0)));
    assert_eq!(moves[29], Move::Pass);
    let short = write_game(GameType::MLP, Rules::default(), &moves, Form::Short);
    assert_eq!(short, EAST_LINE);
    assert_eq!(written(&pos, 28), ["wA m-1 bb0", "wA m bb0", "wAmbb0"]);
    assert_eq!(written(&pos, 29), ["pass", "pass", "pass"]);
    let (p, _) = before(&pos, 28);
    assert!(matches!(no_match(&p, "pass"), Mismatch::PassNotLegal));
    let (p, _) = before(&pos, 29);
    assert!(matches!(no_match(&p, "bA aa bb1"), Mismatch::MustPass));
    assert_eq!(read(&p, "PASS"), Ok(Move::Pass));
    // Every written form reads back to the same game.
    for form in Form::ALL {
        let texts = write_game(GameType::MLP, Rules::default(), &moves, form);
        let again = read_game(GameType::MLP, Rules::default(), &texts).unwrap();
        assert_eq!(again.moves(), moves, "{form:?}");
    }
}

/// A move across 28 columns: White's Ant from zz (the west end) to bb (the east end).
#[test]
fn ant_walks_the_whole_line() {
    let pos = game(
        GameType::MLP,
        &[
            "wS @m0",
            "bS @n0",
            "wQ @l0",
            "bQ @o0",
            "wS @k0",
            "bS @p0",
            "wB @j0",
            "bB @q0",
            "wB @i0",
            "bB @r0",
            "wM @h0",
            "bM @s0",
            "wL @g0",
            "bL @t0",
            "wP @f0",
            "bP @u0",
            "wG @e0",
            "bG @v0",
            "wG @d0",
            "bG @w0",
            "wG @c0",
            "bG @x0",
            "wA @b0",
            "bA @y0",
            "wA @a0",
            "bA @z0",
            "wA @zz0",
            "bA @aa0",
            "wA zz bb0",
            "pass",
        ],
    );
    assert_eq!(pos.moves()[28].to(), Some(Hex::new(15, 0)));
}

#[test]
fn compressed_column_runs_are_resolved_by_legal_moves() {
    // An ant moving within its column: compressed `wAnn-1` also reads as "to nn-1".
    let pos = game(
        GameType::BASE,
        &[
            "wS @m0", "bS @n0", "wQ @l1", "bQ @n1", "wA @l2", "bA @o1", "wA l n2", "bA @p1",
            "wAnn-1",
        ],
    );
    let (_, mv) = before(&pos, 8);
    assert_eq!(mv.from(), Some(Hex::new(1, 2)));
    assert_eq!(mv.to(), Some(Hex::new(1, -1)));
    assert_eq!(written(&pos, 8), ["wA n+2 n-1", "wA n n-1", "wAnn-1"]);
}
