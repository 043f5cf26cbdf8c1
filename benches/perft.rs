//! Perft and move generation, in elements per second: leaves for perft, moves for move
//! generation. Positions for move generation come from real copenhagen games.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use taflcount::moves::{Position, Tables};
use taflcount::notation::{parse_games, replay};
use taflcount::perft::{perft, Counting};
use taflcount::rules::catalog;

fn tables(name: &str) -> Tables {
    Tables::new(&catalog::find(name).unwrap().rules()).unwrap()
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (name, depth, counting, label) in [
        ("copenhagen", 3, Counting::Bulk, "bulk"),
        ("copenhagen", 3, Counting::Full, "full"),
        ("brandub", 4, Counting::Bulk, "bulk"),
        ("alea-evangelii", 2, Counting::Bulk, "bulk"),
    ] {
        let t = tables(name);
        let start = Position::start(&t);
        let leaves = perft(&t, &start, depth, counting);
        group.throughput(Throughput::Elements(leaves));
        group.bench_with_input(
            BenchmarkId::new(format!("{name}/{label}"), depth),
            &depth,
            |b, &d| b.iter(|| perft(&t, black_box(&start), d, counting)),
        );
    }
    group.finish();
}

/// Positions reached in the first 40 recorded copenhagen games.
fn real_positions(t: &Tables) -> Vec<Position> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/games/copenhagen.csv");
    let text = std::fs::read_to_string(path).expect("fixtures/games/copenhagen.csv");
    parse_games(&text)
        .unwrap()
        .iter()
        .take(40)
        .flat_map(|g| replay(t, g).unwrap().positions)
        .filter(|p| !p.is_over(t))
        .collect()
}

fn bench_move_generation(c: &mut Criterion) {
    let t = tables("copenhagen");
    let positions = real_positions(&t);
    let moves: u64 = positions.iter().map(|p| p.count_moves(&t)).sum();
    let mut group = c.benchmark_group("move generation (copenhagen, real games)");
    group.throughput(Throughput::Elements(moves));
    group.bench_function("count", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_moves(&t))
                .sum::<u64>()
        })
    });
    group.bench_function("generate", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).legal_moves(&t).len())
                .sum::<usize>()
        })
    });
    group.bench_function("generate and play", |b| {
        b.iter(|| {
            let mut n = 0u64;
            for p in &positions {
                p.for_each_piece_moves(&t, |pm| {
                    for mv in pm.iter() {
                        let mut child = p.clone();
                        child.play(&t, mv);
                        n += child.hash() & 1;
                    }
                });
            }
            n
        })
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_move_generation);
criterion_main!(benches);
