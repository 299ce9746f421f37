//! Loading the 500-move study (tests/data/tree-500.pgn): reading it, and what the viewer
//! derives from it on load (every move in every notation, each move's highlight); and the
//! permalink of a 100-ply game, written at every step and read when the app opens.
//! Run with `cargo bench --bench tree`.

use beeline::notation::{direction, Coordinates};
use beeline::record;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

const TREE_500: &str = include_str!("../tests/data/tree-500.pgn");
const GAME_100: &str = include_str!("../tests/data/game-100.uhp");

fn bench_tree(c: &mut Criterion) {
    let rec = record::import(TREE_500, None).unwrap();
    assert!(rec.tree.len() >= 490);
    c.bench_function("import the 500-move study", |b| {
        b.iter(|| record::import(black_box(TREE_500), None).unwrap())
    });
    c.bench_function("notate the 500-move study (3 notations)", |b| {
        b.iter(|| black_box(&rec.tree).notate(Coordinates::Record))
    });
    c.bench_function("explain every move of the 500-move study", |b| {
        b.iter(|| {
            let mut n = 0;
            black_box(&rec.tree).visit(|_, pos, mv, frame| {
                n += usize::from(direction::explain(pos, frame, mv).is_some());
            });
            n
        })
    });
    c.bench_function("frames of the 500-move study", |b| {
        b.iter(|| black_box(&rec.tree).frames())
    });
    let game = record::import(GAME_100, None).unwrap();
    let end = *game.tree.mainline_nodes().last().unwrap();
    let link = record::permalink::encode(&game, end);
    c.bench_function("write the permalink of a 100-ply game", |b| {
        b.iter(|| record::permalink::encode(black_box(&game), end))
    });
    c.bench_function("read the permalink of a 100-ply game", |b| {
        b.iter(|| record::permalink::decode(black_box(&link)).unwrap())
    });
}

criterion_group!(benches, bench_tree);
criterion_main!(benches);
