//! Loading a collection of 1,000 random legal games (about 60 plies each; see
//! `collection::generate`) in phases: splitting the multi-game PGN, importing, the position
//! keys, the explorer's index and the compact one, and queries. `scripts/bench-explore.sh` times the whole
//! command on 10,000. Run with `cargo bench --bench collection`.

use beeline::collection::explorer::{play_line, Explorer, Filter};
use beeline::collection::index::{Index, DEPTH};
use beeline::collection::key::PositionKey;
use beeline::collection::{generate, read_games, split, Collection};
use beeline::engine::position::Position;
use beeline::record::import;
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;

const GAMES: usize = 1000;

fn bench_collection(c: &mut Criterion) {
    let text: String = (0..GAMES).map(|i| generate::game_pgn(1, i)).collect();
    let mut g = c.benchmark_group("1000 games");
    g.sample_size(10);
    g.bench_function("split", |b| {
        b.iter(|| split::split_records(black_box(&text)).len())
    });
    let chunks = split::split_records(&text);
    g.bench_function("import", |b| {
        b.iter(|| {
            chunks
                .iter()
                .map(|ch| import(ch.text, None).map_or(0, |r| r.moves.len()))
                .sum::<usize>()
        })
    });
    let recs: Vec<_> = chunks
        .iter()
        .filter_map(|ch| import(ch.text, None).ok())
        .collect();
    let plies: usize = recs.iter().map(|r| r.moves.len() + 1).sum();
    g.bench_function(format!("replay and key {plies} positions"), |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for r in &recs {
                let mut pos = Position::with_rules(r.game_type, r.rules);
                sum = sum.wrapping_add(PositionKey::of(&pos).0 as u64);
                for &m in &r.moves {
                    pos.play_unchecked(m);
                    sum = sum.wrapping_add(PositionKey::of(&pos).0 as u64);
                }
            }
            sum
        })
    });
    g.bench_function("replay only", |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for r in &recs {
                let mut pos = Position::with_rules(r.game_type, r.rules);
                for &m in &r.moves {
                    pos.play_unchecked(m);
                }
                sum += pos.ply();
            }
            sum
        })
    });
    g.bench_function("read_games (import and keys)", |b| {
        b.iter(|| read_games("bench.pgn", black_box(&text)).len())
    });
    let mut coll = Collection::new();
    coll.add_text("bench.pgn", &text);
    g.bench_function("index", |b| {
        b.iter(|| Explorer::build(black_box(&coll), &Filter::default()).positions())
    });
    let ex = Explorer::build(&coll, &Filter::default());
    let pos = play_line("").unwrap_or_else(|e| panic!("{e}"));
    g.bench_function("explore the empty board", |b| {
        b.iter(|| ex.explore(&coll, &pos).moves.len())
    });
    g.bench_function("compact index", |b| {
        b.iter(|| Index::build(black_box(&coll.games), &Filter::default(), DEPTH).positions())
    });
    let ix = Index::build(&coll.games, &Filter::default(), DEPTH);
    // An answer: the position's moves keyed and written (the index's size does not change
    // its cost: one table lookup).
    let deeper = play_line("wA1;bP wA1\\").unwrap_or_else(|e| panic!("{e}"));
    for (name, p) in [("empty board", &pos), ("position after two moves", &deeper)] {
        g.bench_function(format!("compact index: answer on the {name}"), |b| {
            b.iter(|| ix.explore(black_box(p), None).moves.len())
        });
    }
    g.finish();
}

criterion_group!(benches, bench_collection);
criterion_main!(benches);
