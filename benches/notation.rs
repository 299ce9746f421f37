//! Writing all three notations for a 100-ply game (target: under 0.5 ms in release).
//! Run with `cargo bench --bench notation`.

use beeline::engine::piece::GameType;
use beeline::engine::position::{Move, Position};
use beeline::notation::{notate_game, Coordinates};
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

/// A 100-ply Base+MLP game from a fixed seed (random legal moves, restarted if it ends).
fn game() -> (Position, Vec<Move>) {
    let mut seed: u64 = 7;
    loop {
        let mut pos = Position::new(GameType::MLP);
        while pos.ply() < 100 && !pos.state().is_over() {
            let moves = pos.legal_moves();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
        }
        if pos.ply() == 100 {
            let moves = pos.moves();
            return (pos, moves);
        }
    }
}

fn bench_notation(c: &mut Criterion) {
    let (pos, moves) = game();
    c.bench_function("notate 100-ply game (3 notations)", |b| {
        b.iter(|| {
            notate_game(
                &Position::with_rules(pos.game_type(), pos.rules()),
                black_box(&moves),
                Coordinates::Record,
            )
        })
    });
}

criterion_group!(benches, bench_notation);
criterion_main!(benches);
