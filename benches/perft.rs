//! Perft benchmarks: Base+MLP depth 5 (target: under 40 ms in release on the project's
//! 2-core machines) and depth 4 for comparison. Run with `cargo bench --bench perft`.

use beeline::engine::perft::perft;
use beeline::engine::piece::GameType;
use beeline::engine::position::Position;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(20);
    for depth in [4, 5] {
        group.bench_function(format!("Base+MLP depth {depth}"), |b| {
            let mut pos = Position::new(GameType::MLP);
            b.iter(|| perft(&mut pos, black_box(depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
