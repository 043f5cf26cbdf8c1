//! Runs taflbench's AI-search kernel (`search`) once per variant named, untimed, and
//! prints the nodes searched: the fixed work to profile with callgrind, so that
//! instructions per node are those of the benchmark's own positions.
//!
//! Usage: `valgrind --tool=callgrind target/release/examples/search_kernel copenhagen [RUNS]`
//! (setting up the workload costs instructions too: compare RUNS 1 and 3 and divide the
//! difference by twice the nodes for the kernel's instructions per node).

use taflcount::bench::{find_kernel, GameSource, KernelOptions, Workload};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let runs: u32 = args
        .get(1)
        .map_or(1, |r| r.parse().expect("RUNS: a number"));
    let variants: Vec<String> = args.into_iter().take(1).collect();
    let kernel = find_kernel("search").expect("the search kernel");
    let prepare = kernel.prepare.expect("the search kernel has a job");
    for variant in if variants.is_empty() {
        vec!["copenhagen".to_string()]
    } else {
        variants
    } {
        let w = Workload::new(&variant, GameSource::BuiltIn)
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        let mut job = prepare(&w, &KernelOptions { threads: 1 });
        for _ in 0..runs {
            println!("{variant}: {}, {} nodes", job.work, (job.run)());
        }
    }
}
