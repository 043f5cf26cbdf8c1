//! Search speed in nodes (positions made) per second, one thread: the start positions
//! of copenhagen and brandub at fixed depths (the target: 10 million/s on copenhagen).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use taflcount::moves::{Position, Tables};
use taflcount::rules::catalog;
use taflcount::search::{Limits, Searcher};

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, depth) in [("copenhagen", 4), ("brandub", 5)] {
        let t = Tables::new(&catalog::find(name).unwrap().rules()).unwrap();
        let start = Position::start(&t);
        let mut searcher = Searcher::new(&t, Limits::depth(depth));
        let nodes = searcher.best_move(&start, &[]).nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &depth, |b, _| {
            b.iter(|| searcher.best_move(black_box(&start), &[]).nodes)
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
