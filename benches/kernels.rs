//! The taflbench kernels under criterion, in elements per second: random playouts (games)
//! and copy-make (plays), on the same jobs `taflbench` times (`taflcount::bench`).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use taflcount::bench::{find_kernel, GameSource, KernelOptions, Workload};

fn bench_kernel(c: &mut Criterion, id: &str, variants: &[&str]) {
    let kernel = find_kernel(id).expect("a taflbench kernel");
    let prepare = kernel.prepare.expect("an available kernel");
    let mut group = c.benchmark_group(kernel.title);
    group.sample_size(10);
    for name in variants {
        let workload = Workload::new(name, GameSource::BuiltIn).expect("a catalog variant");
        let mut job = prepare(&workload, &KernelOptions { threads: 1 });
        group.throughput(Throughput::Elements((job.run)()));
        group.bench_function(*name, |b| b.iter(&mut job.run));
    }
    group.finish();
}

fn bench_playouts(c: &mut Criterion) {
    bench_kernel(c, "playouts", &["brandub", "copenhagen"]);
}

fn bench_copy_make(c: &mut Criterion) {
    bench_kernel(c, "copy-make", &["brandub", "copenhagen", "alea-evangelii"]);
}

criterion_group!(benches, bench_playouts, bench_copy_make);
criterion_main!(benches);
