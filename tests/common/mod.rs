//! Helpers the integration tests share: the project's own data files, the built command
//! line run, random legal games from shrinkable picks, and the symmetries of the grid.
#![allow(dead_code)]

use beeline::engine::hex::Hex;
use beeline::engine::piece::{Bug, GameType};
use beeline::engine::position::{Move, Position};

/// The built `beeline` run with `args`, what it printed and its status.
pub fn beeline(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_beeline"))
        .args(args)
        .output()
        .unwrap()
}

/// What a run printed on standard output.
pub fn out(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What a run printed on standard error.
pub fn err(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A fresh, empty folder for one test's files, under Cargo's scratch folder for
/// integration tests (named by the process, so two runs never share one).
pub fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("scratch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The path of a file under `tests/data/records/`.
pub fn data_path(name: &str) -> String {
    format!("{}/tests/data/records/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The text of a file under `tests/data/records/`.
pub fn data(name: &str) -> String {
    let path = data_path(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of a file under `tests/data/`.
pub fn test_data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The peers' recordings beside the repository (`../shared/fixtures/mzinga-recordings`).
/// Tests that need them are `#[ignore]`d and run explicitly where they exist; run without
/// them, they fail rather than pass having checked nothing.
pub fn shared_recordings() -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/fixtures/mzinga-recordings");
    assert!(
        dir.is_dir(),
        "{} is missing: this test needs the shared fixtures",
        dir.display()
    );
    dir
}

/// Moves that exercise the notations' special cases: Pillbug throws, stacks, the
/// expansion bugs.
pub fn is_special(pos: &Position, mv: &Move) -> bool {
    match *mv {
        Move::Place { piece, .. } => {
            matches!(piece.bug(), Bug::Mosquito | Bug::Ladybug | Bug::Pillbug)
        }
        Move::Move { piece, from, to } => {
            piece.color() != pos.to_move()
                || pos.board().height(to) > 0
                || pos.board().height(from) > 1
                || matches!(
                    piece.bug(),
                    Bug::Mosquito | Bug::Ladybug | Bug::Pillbug | Bug::Beetle
                )
                || !pos.own_destinations(piece).contains(&to)
        }
        Move::Pass => false,
    }
}

/// A legal game, one move per pick (until the game ends). An odd pick chooses among the
/// special moves when there are any, so that games reach throws and stacks; the rest of the
/// pick indexes the list. Proptest shrinks picks toward short games of first moves.
pub fn random_game(gt: GameType, picks: &[u32]) -> Position {
    let mut pos = Position::new(gt);
    for &p in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let special: Vec<Move> = if p & 1 == 1 {
            legal
                .iter()
                .copied()
                .filter(|m| is_special(&pos, m))
                .collect()
        } else {
            Vec::new()
        };
        let pool = if special.is_empty() { &legal } else { &special };
        pos.play_unchecked(pool[(p >> 1) as usize % pool.len()]);
    }
    pos
}

/// `n` picks from a seed (a fixed game for a fixed seed).
pub fn seeded_picks(seed: u64, n: usize) -> Vec<u32> {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    (0..n)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as u32
        })
        .collect()
}

/// Transforms every hex of a move.
pub fn map_move(mv: Move, t: impl Fn(Hex) -> Hex) -> Move {
    match mv {
        Move::Place { piece, to } => Move::Place { piece, to: t(to) },
        Move::Move { piece, from, to } => Move::Move {
            piece,
            from: t(from),
            to: t(to),
        },
        Move::Pass => Move::Pass,
    }
}

/// The moves under one of the 12 symmetries of the grid: an optional mirror, then a
/// rotation by `k` sixths.
pub fn transform(moves: &[Move], k: u8, mirror: bool) -> Vec<Move> {
    let t = |h: Hex| if mirror { h.mirror() } else { h }.rotate_cw(k);
    moves.iter().map(|m| map_move(*m, t)).collect()
}
