//! How long the exact bounds take: Alea Evangelii (19x19, 73 pieces, 8 symmetries) is
//! the largest catalog variant and must stay well under a second.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use taflcount::complexity::{count_material, ComplexityReport, ComplexitySpec};
use taflcount::rules::catalog;

fn spec(name: &str) -> ComplexitySpec {
    ComplexitySpec::from_rules(&catalog::find(name).expect("catalog variant").rules())
        .expect("valid spec")
}

fn bench_complexity(c: &mut Criterion) {
    for name in ["copenhagen", "alea-evangelii"] {
        let spec = spec(name);
        c.bench_function(&format!("complexity report {name}"), |b| {
            b.iter(|| ComplexityReport::compute(black_box(&spec), &[]))
        });
        c.bench_function(&format!("burnside material {name}"), |b| {
            b.iter(|| count_material(black_box(&spec)))
        });
    }
}

criterion_group!(benches, bench_complexity);
criterion_main!(benches);
