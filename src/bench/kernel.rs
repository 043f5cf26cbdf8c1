//! The kernels taflbench times and the criterion benches share: each turns a workload into
//! a job, a fixed unit of work that returns how many elements it processed.
//!
//! Adding a kernel is one entry in [`KERNELS`].

use super::workload::Workload;
use crate::moves::{Move, Position, Tables};
use crate::perft::{perft_threads, Counting};
use crate::rng::SplitMix64;
use crate::search::{Limits, Searcher};
use std::hint::black_box;

/// Settings the kernels share.
#[derive(Clone, Copy, Debug)]
pub struct KernelOptions {
    /// Threads for the perft kernels (the others run on one thread).
    pub threads: usize,
}

/// A kernel prepared for one workload.
pub struct Job<'a> {
    /// What one unit of work is, precisely enough that two runs with equal `work` did the
    /// same thing: "depth 4 from the start, 1 thread".
    pub work: String,
    /// Does the unit once; returns the elements processed (always the same number).
    pub run: Box<dyn FnMut() -> u64 + 'a>,
}

/// Builds a kernel's job for a workload.
pub type Prepare = for<'a> fn(&'a Workload, &KernelOptions) -> Job<'a>;

/// One figure per variant.
pub struct Kernel {
    /// Stable key in saved files: "perft-bulk".
    pub id: &'static str,
    /// What the table shows: "perft, bulk counting".
    pub title: &'static str,
    /// Rate unit: "leaves/s".
    pub unit: &'static str,
    /// The job, or why there is none yet.
    pub prepare: Result<Prepare, &'static str>,
}

/// Every kernel, in the order the table shows them.
pub const KERNELS: &[Kernel] = &[
    Kernel {
        id: "movegen",
        title: "move generation",
        unit: "moves/s",
        prepare: Ok(move_generation),
    },
    Kernel {
        id: "perft-bulk",
        title: "perft, bulk counting",
        unit: "leaves/s",
        prepare: Ok(perft_bulk),
    },
    Kernel {
        id: "perft-full",
        title: "perft, played out",
        unit: "positions/s",
        prepare: Ok(perft_full),
    },
    Kernel {
        id: "copy-make",
        title: "copy-make",
        unit: "plays/s",
        prepare: Ok(copy_make),
    },
    Kernel {
        id: "playouts",
        title: "random playouts",
        unit: "games/s",
        prepare: Ok(playouts),
    },
    Kernel {
        id: "search",
        title: "AI search",
        unit: "nodes/s",
        prepare: Ok(search),
    },
];

/// The kernel with this id.
pub fn find_kernel(id: &str) -> Option<&'static Kernel> {
    KERNELS.iter().find(|k| k.id == id)
}

/// Perft depth with bulk counting: tens of millions of leaves at most.
pub fn bulk_depth(dim: usize) -> u32 {
    if dim <= 11 {
        4
    } else {
        3
    }
}

/// Perft depth when every leaf is played: about a million plays at most.
pub fn full_depth(dim: usize) -> u32 {
    match dim {
        0..=7 => 4,
        8..=11 => 3,
        _ => 2,
    }
}

/// Random games per playout job, their seeds, and the ply at which a game is cut off.
pub const PLAYOUT_GAMES: u64 = 20;
/// The seed of the first playout game; game i uses `PLAYOUT_SEED + i`.
pub const PLAYOUT_SEED: u64 = 0xBE7C;
/// The ply at which a playout game is cut off if the rules have not ended it.
pub const PLAYOUT_MAX_PLIES: usize = 1000;

fn threads_text(threads: usize) -> String {
    if threads == 1 {
        "1 thread".into()
    } else {
        format!("{threads} threads")
    }
}

/// Generates every move of every workload position, one at a time.
fn move_generation<'a>(w: &'a Workload, _: &KernelOptions) -> Job<'a> {
    let (t, positions) = (&w.tables, &w.positions);
    Job {
        work: format!("every move of {}", w.describe_positions()),
        run: Box::new(move || {
            let mut moves = 0;
            for p in positions {
                p.for_each_piece_moves(t, |piece| {
                    for mv in piece.iter() {
                        black_box(mv);
                        moves += 1;
                    }
                });
            }
            moves
        }),
    }
}

fn perft_job<'a>(
    w: &'a Workload,
    options: &KernelOptions,
    depth: u32,
    counting: Counting,
) -> Job<'a> {
    let threads = options.threads;
    Job {
        work: format!("depth {depth} from the start, {}", threads_text(threads)),
        run: Box::new(move || {
            perft_threads(&w.tables, black_box(&w.start), depth, counting, threads)
        }),
    }
}

fn perft_bulk<'a>(w: &'a Workload, options: &KernelOptions) -> Job<'a> {
    perft_job(w, options, bulk_depth(w.dim), Counting::Bulk)
}

fn perft_full<'a>(w: &'a Workload, options: &KernelOptions) -> Job<'a> {
    perft_job(w, options, full_depth(w.dim), Counting::Full)
}

/// Copies a position and plays one move on the copy, for every legal move of every
/// workload position; the moves are generated beforehand, so only copy and play count.
fn copy_make<'a>(w: &'a Workload, _: &KernelOptions) -> Job<'a> {
    let t = &w.tables;
    let plays: Vec<(&Position, Move)> = w
        .positions
        .iter()
        .flat_map(|p| p.legal_moves(t).into_iter().map(move |mv| (p, mv)))
        .collect();
    Job {
        work: format!("every move of {}", w.describe_positions()),
        run: Box::new(move || {
            let mut hashes = 0u64;
            for (p, mv) in &plays {
                let mut child = (*p).clone();
                child.play(t, *mv);
                hashes = hashes.wrapping_add(child.hash());
            }
            black_box(hashes);
            plays.len() as u64
        }),
    }
}

/// Positions the search kernel searches, from the start of the workload's list.
pub const SEARCH_POSITIONS: usize = 8;

/// Search depth of the search kernel: a few hundred thousand nodes a unit at most.
pub fn search_depth(dim: usize) -> u32 {
    if dim <= 9 {
        4
    } else {
        3
    }
}

/// The AI's search (`taflcount::search`) to a fixed depth from each of the first
/// positions of the workload; returns the nodes searched (deterministic, so every unit
/// does the same work). One searcher serves every position, as it serves every move of
/// a game in play: each search starts from cleared tables (`Searcher::best_move`), so
/// the work is that of a fresh searcher (tested) without building 5.5 MB of tables per
/// position inside the timing.
fn search<'a>(w: &'a Workload, _: &KernelOptions) -> Job<'a> {
    let t = &w.tables;
    let positions: Vec<&Position> = w
        .positions
        .iter()
        .filter(|p| !p.is_over(t))
        .take(SEARCH_POSITIONS)
        .collect();
    let depth = search_depth(t.dim());
    let mut searcher = Searcher::new(t, Limits::depth(depth));
    Job {
        work: format!(
            "depth {depth} from {} positions, 1 thread, one searcher",
            positions.len()
        ),
        run: Box::new(move || {
            positions
                .iter()
                .map(|p| searcher.best_move(p, &[]).nodes)
                .sum()
        }),
    }
}

/// One random game from `start`, moves drawn uniformly by `rng`; returns the plies played.
/// The game ends by the rules (repetition aside) or at `max_plies`.
pub fn random_game(t: &Tables, start: &Position, rng: &mut SplitMix64, max_plies: usize) -> usize {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for ply in 0..max_plies {
        if pos.is_over(t) {
            return ply;
        }
        moves.clear();
        pos.for_each_piece_moves(t, |piece| moves.extend(piece.iter()));
        pos.play(t, moves[rng.below(moves.len())]);
    }
    max_plies
}

/// `PLAYOUT_GAMES` seeded random games from the start.
fn playouts<'a>(w: &'a Workload, _: &KernelOptions) -> Job<'a> {
    let games = |plies: &mut usize| {
        for game in 0..PLAYOUT_GAMES {
            let mut rng = SplitMix64::new(PLAYOUT_SEED + game);
            *plies += random_game(&w.tables, black_box(&w.start), &mut rng, PLAYOUT_MAX_PLIES);
        }
        PLAYOUT_GAMES
    };
    let mut plies = 0;
    games(&mut plies);
    Job {
        work: format!("{PLAYOUT_GAMES} seeded games from the start, {plies} plies, cut at {PLAYOUT_MAX_PLIES}"),
        run: Box::new(move || games(&mut 0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bench::GameSource;

    fn workload(name: &str) -> Workload {
        Workload::new(name, GameSource::BuiltIn).unwrap()
    }

    fn run(id: &str, w: &Workload, threads: usize) -> (String, u64) {
        let prepare = find_kernel(id).unwrap().prepare.unwrap();
        let mut job = prepare(w, &KernelOptions { threads });
        let first = (job.run)();
        assert_eq!(
            (job.run)(),
            first,
            "{id}: a unit of work must be the same every time"
        );
        (job.work, first)
    }

    #[test]
    fn perft_kernels_count_the_spec_numbers() {
        let w = workload("brandub");
        // Brandub perft 4 = 1,007,392 (docs/perft.md, three engines).
        assert_eq!(
            run("perft-bulk", &w, 1),
            ("depth 4 from the start, 1 thread".into(), 1_007_392)
        );
        assert_eq!(run("perft-full", &w, 2).1, 1_007_392);
        assert_eq!(
            run("perft-full", &w, 2).0,
            "depth 4 from the start, 2 threads"
        );
    }

    #[test]
    fn move_generation_and_copy_make_see_every_move() {
        let w = workload("copenhagen");
        let moves: u64 = w.positions.iter().map(|p| p.count_moves(&w.tables)).sum();
        assert_eq!(run("movegen", &w, 1).1, moves);
        assert_eq!(run("copy-make", &w, 1).1, moves);
    }

    #[test]
    fn playouts_are_seeded() {
        let w = workload("brandub");
        let (work, games) = run("playouts", &w, 1);
        assert_eq!(games, PLAYOUT_GAMES);
        assert_eq!(work, run("playouts", &w, 1).0);
    }

    #[test]
    fn the_search_kernel_does_the_same_work_every_time() {
        let w = workload("brandub");
        let (work, nodes) = run("search", &w, 1);
        assert!(nodes > 0);
        assert_eq!((work, nodes), run("search", &w, 1));
    }

    #[test]
    fn a_reused_searcher_searches_as_fresh_ones_do() {
        // The search kernel keeps one searcher for all its positions: each search must
        // be the one a new searcher makes (same move, score and nodes), in any order.
        for variant in ["brandub", "copenhagen"] {
            let w = workload(variant);
            let t = &w.tables;
            let depth = search_depth(t.dim());
            let positions: Vec<&Position> = w
                .positions
                .iter()
                .filter(|p| !p.is_over(t))
                .take(SEARCH_POSITIONS)
                .collect();
            let fresh: Vec<_> = positions
                .iter()
                .map(|p| {
                    let r = Searcher::new(t, Limits::depth(depth)).best_move(p, &[]);
                    (r.best_move, r.score, r.nodes)
                })
                .collect();
            let mut reused = Searcher::new(t, Limits::depth(depth));
            for (i, p) in positions.iter().enumerate().rev() {
                let r = reused.best_move(p, &[]);
                assert_eq!((r.best_move, r.score, r.nodes), fresh[i], "{variant} #{i}");
            }
            let total: u64 = fresh.iter().map(|f| f.2).sum();
            assert_eq!(run("search", &w, 1).1, total);
        }
    }

    #[test]
    fn kernel_ids_are_unique() {
        let mut ids: Vec<_> = KERNELS.iter().map(|k| k.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), KERNELS.len());
    }
}
