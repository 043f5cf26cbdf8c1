//! Sharing work among threads, written once: every multi-threaded loop of the library
//! (perft's root moves, a unit's positions, self-play's games) goes through [`share_out`].
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

/// The threads [`share_out`] starts at most for `jobs` jobs: never more than the jobs,
/// and at least one (the caller's).
pub fn used(threads: usize, jobs: usize) -> usize {
    threads.min(jobs).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::sync::Mutex;

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
