//! Sharing work among threads, written once: every multi-threaded loop of the library
//! goes through [`share_out`] (perft's root moves, a unit's positions, self-play's games,
//! the hard tier's positions) or, when the results are gathered on the calling thread as
//! they come, [`share_collect`] (match games).
//!
//! A thread count is a wish, not an order: more threads than jobs would only wait, and a
//! thread the system refuses (a memory or process limit) is not needed either, because
//! the threads that did start pull jobs from one queue until it is empty.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

/// The most threads any tool accepts (`--threads`, `--concurrency`): one range
/// everywhere, checked where the number enters. More would only wait on a machine of
/// today, and a wish for millions once spent minutes starting threads.
pub const MAX_THREADS: u16 = 1024;

/// Runs `work(i)` once for every job `i` in `0..jobs`, on the calling thread and up to
/// `threads - 1` more, never more threads than jobs. Jobs are handed out in increasing
/// order from one counter; each thread takes the next as it finishes one. A thread the
/// system refuses to start leaves its share to the others, so every job runs whatever
/// happens, even on the calling thread alone.
pub fn share_out(threads: usize, jobs: usize, work: &(dyn Fn(usize) + Sync)) {
    let next = AtomicUsize::new(0);
    let worker = || loop {
        let i = next.fetch_add(1, Ordering::Relaxed);
        if i >= jobs {
            break;
        }
        work(i);
    };
    let threads = threads.min(jobs);
    if threads <= 1 {
        worker();
        return;
    }
    // One flag per extra thread: set once the thread runs our code, so a thread that
    // died while the system set it up (std panics when it cannot map a thread's signal
    // stack under a memory limit) is told apart from a job that panicked.
    let running: Vec<AtomicBool> = (1..threads).map(|_| AtomicBool::new(false)).collect();
    std::thread::scope(|s| {
        let mut started = Vec::new();
        for flag in &running {
            let job = || {
                flag.store(true, Ordering::SeqCst);
                worker()
            };
            // A refused thread (out of memory, too many processes) is no error: the
            // calling thread and the others empty the queue between them.
            match std::thread::Builder::new().spawn_scoped(s, job) {
                Ok(handle) => started.push((handle, flag)),
                Err(_) => break,
            }
        }
        worker();
        for (handle, flag) in started {
            if let Err(panic) = handle.join() {
                if flag.load(Ordering::SeqCst) {
                    // A job panicked: that is a bug, not a limit; pass it on.
                    std::panic::resume_unwind(panic);
                }
                // The thread never ran a job; the others did its share.
            }
        }
    });
}

/// Runs `job(i)` for jobs 0..count on up to `threads` threads and hands each result to
/// `collect` on the calling thread, in finishing order; `collect` may lower the number
/// of jobs to start (`Some(n)`: no job numbered n or more starts). Once `stop` is set,
/// no further job starts; the jobs running end and are collected.
///
/// A thread count is a wish, as in [`share_out`]: never more threads than jobs, and a
/// thread the system refuses is no error. If it refuses every one, the calling thread
/// runs the jobs itself, one after another, stopping early the same way.
pub fn share_collect<T: Send>(
    count: usize,
    threads: usize,
    stop: Option<&AtomicBool>,
    job: &(dyn Fn(usize) -> T + Sync),
    collect: &mut dyn FnMut(usize, T) -> Option<usize>,
) {
    let stopped = || stop.is_some_and(|s| s.load(Ordering::SeqCst));
    let next = AtomicUsize::new(0);
    let limit = AtomicUsize::new(count);
    // The next job to start, if any: none once stopped or past the limit.
    let claim = || {
        if stopped() {
            return None;
        }
        let i = next.fetch_add(1, Ordering::SeqCst);
        (i < limit.load(Ordering::SeqCst)).then_some(i)
    };
    let mut take = |i: usize, result: T| {
        if let Some(new_limit) = collect(i, result) {
            limit.fetch_min(new_limit, Ordering::SeqCst);
        }
    };
    let wanted = used(threads, count);
    // Set by each thread once it runs our code: a thread that died while the system
    // set it up is told apart from a job that panicked.
    let running: Vec<AtomicBool> = (0..wanted).map(|_| AtomicBool::new(false)).collect();
    std::thread::scope(|s| {
        let (tx, rx) = std::sync::mpsc::channel::<(usize, T)>();
        let mut started = Vec::new();
        for flag in &running {
            let tx = tx.clone();
            let worker = move || {
                flag.store(true, Ordering::SeqCst);
                while let Some(i) = claim() {
                    if tx.send((i, job(i))).is_err() {
                        break;
                    }
                }
            };
            match std::thread::Builder::new().spawn_scoped(s, worker) {
                Ok(handle) => started.push((handle, flag)),
                Err(_) => break,
            }
        }
        drop(tx);
        for (i, result) in rx {
            take(i, result);
        }
        // Jobs no thread took (the system refused every thread, or those it started
        // died before their first job) run here.
        while let Some(i) = claim() {
            take(i, job(i));
        }
        for (handle, flag) in started {
            if let Err(panic) = handle.join() {
                if flag.load(Ordering::SeqCst) {
                    // A job panicked: that is a bug, not a limit; pass it on.
                    std::panic::resume_unwind(panic);
                }
            }
        }
    });
}

/// The threads [`share_out`] starts at most for `jobs` jobs: never more than the jobs,
/// and at least one (the caller's).
pub fn used(threads: usize, jobs: usize) -> usize {
    threads.min(jobs).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::sync::{Condvar, Mutex};

    /// A gate in phases that threads wait at: a barrier that opens on an event, not on
    /// a count of threads.
    #[derive(Default)]
    struct Gate {
        phase: Mutex<u32>,
        opened: Condvar,
    }

    impl Gate {
        fn wait_for(&self, phase: u32) {
            let mut now = self.phase.lock().unwrap();
            while *now < phase {
                now = self.opened.wait(now).unwrap();
            }
        }

        fn open(&self, phase: u32) {
            let mut now = self.phase.lock().unwrap();
            *now = (*now).max(phase);
            self.opened.notify_all();
        }
    }

    #[test]
    fn share_collect_hands_every_job_to_the_caller_once_and_stops_when_told() {
        for threads in [0, 1, 3, 64] {
            let mut seen = Vec::new();
            share_collect(40, threads, None, &|i| i * i, &mut |i, r| {
                seen.push((i, r));
                None
            });
            seen.sort_unstable();
            assert_eq!(seen, (0..40).map(|i| (i, i * i)).collect::<Vec<_>>());
            // Lowering the limit: no job numbered 10 or more starts once job 3 is in.
            // Jobs from 4 on are held at a gate, not slowed by sleeps, so the count
            // below holds on any machine. Phase 1: job 3 is collected (the limit is
            // lowered as `collect` returns). The first held job then goes on; every
            // other waits for phase 2, when that job's result is collected, which
            // `share_collect` does only after it lowered the limit. So before the
            // limit is lowered a thread can have taken at most two jobs from 4 on (one
            // held at the gate, one more after the first went on), and none after it
            // is: at most 4 + 2 * threads jobs, or 0..10 alone.
            let gate = Gate::default();
            let first_through = AtomicBool::new(false);
            let job = |i: usize| {
                if i >= 4 {
                    gate.wait_for(1);
                    if first_through.swap(true, Ordering::SeqCst) {
                        gate.wait_for(2);
                    }
                }
                i
            };
            let mut seen = Vec::new();
            share_collect(1000, threads, None, &job, &mut |i, _| {
                seen.push(i);
                if i == 3 {
                    gate.open(1);
                    return Some(10);
                }
                if i >= 4 {
                    gate.open(2);
                }
                None
            });
            let most = (4 + 2 * used(threads, 1000)).max(10);
            assert!(seen.len() <= most, "{threads}: {seen:?}");
            assert!((0..10).all(|i| seen.contains(&i)), "{seen:?}");
            // A stop set before the start: nothing runs.
            let stop = AtomicBool::new(true);
            let mut seen = 0;
            share_collect(10, threads, Some(&stop), &|i| i, &mut |_, _| {
                seen += 1;
                None
            });
            assert_eq!(seen, 0);
        }
    }

    #[test]
    fn every_job_runs_exactly_once_on_any_thread_count() {
        for threads in [0, 1, 2, 7, 1000] {
            for jobs in [0, 1, 5, 64] {
                let seen = Mutex::new(Vec::new());
                share_out(threads, jobs, &|i| seen.lock().unwrap().push(i));
                let mut seen = seen.into_inner().unwrap();
                seen.sort();
                assert_eq!(seen, (0..jobs).collect::<Vec<_>>(), "{threads} {jobs}");
            }
        }
    }

    #[test]
    fn no_more_threads_than_jobs() {
        // Three jobs and a wish for a million threads: at most three threads ever run a
        // job (the old code started every thread asked for).
        let ids = Mutex::new(HashSet::new());
        share_out(1_000_000, 3, &|_| {
            ids.lock().unwrap().insert(std::thread::current().id());
            std::thread::sleep(std::time::Duration::from_millis(20));
        });
        assert!(ids.into_inner().unwrap().len() <= 3);
        assert_eq!(used(1_000_000, 3), 3);
        assert_eq!(used(4, 0), 1);
    }
}
