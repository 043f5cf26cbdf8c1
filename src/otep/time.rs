//! Time management for an engine on the host's clock: how long to think on a move,
//! learned from the `clock` lines of the game (beside the OTEP session, free of I/O).

use super::Request;
use std::time::Duration;

/// Moves the remaining time is shared over (a share of it, plus most of the increment).
pub const MOVES_TO_GO: u64 = 30;
/// Never plan to use the last part of the clock: pipe latency, process scheduling.
pub const MIN_MARGIN_MS: u64 = 50;

/// The time for one move, in milliseconds, with `remaining_ms` on the clock and an
/// increment of `increment_ms` after each move: a `MOVES_TO_GO`th of the remaining time
/// plus three quarters of the increment, never more than the remaining time less a
/// margin of `max(MIN_MARGIN_MS, remaining / 10)`, and at least 1 ms (an empty clock
/// means move at once). It grows with the clock: 2 minutes and a 1 s increment give
/// 4750 ms, 10 s and no increment 333 ms.
pub fn move_budget_ms(remaining_ms: u64, increment_ms: u64) -> u64 {
    let margin = (remaining_ms / 10).max(MIN_MARGIN_MS);
    let share = remaining_ms / MOVES_TO_GO + increment_ms.saturating_mul(3) / 4;
    let cap = remaining_ms.saturating_sub(margin);
    share.min(cap).max(1)
}

/// How long a move found after `searched` is held back before it is sent: until
/// `min_reply` from the start (OpenTafl's AI crashes on a move that comes within a few
/// milliseconds of `play`, issue 23), but never past the move's `budget` on the clock.
pub fn reply_wait(budget: Option<Duration>, min_reply: Duration, searched: Duration) -> Duration {
    budget
        .map_or(min_reply, |b| b.min(min_reply))
        .saturating_sub(searched)
}

/// What the engine learned from the clock over a game: the increment, inferred from the
/// time left between two of its moves (OTEP's `clock` line does not state it).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeKeeper {
    /// Our time at the last move and the time that move took.
    last: Option<(u64, u64)>,
    increment_ms: u64,
}

impl TimeKeeper {
    /// The time to spend on this move, with `remaining_ms` left: [`move_budget_ms`] with
    /// the increment inferred from the last move noted by [`TimeKeeper::spent`].
    pub fn budget(&mut self, remaining_ms: u64) -> Duration {
        if let Some((before, used)) = self.last {
            // remaining now = before - used + increment
            self.increment_ms = (remaining_ms + used).saturating_sub(before);
        }
        Duration::from_millis(move_budget_ms(remaining_ms, self.increment_ms))
    }

    /// How long to think on `request`: the seconds an `analyze` allows (at least one), or
    /// for `play` the budget of the `spendable_ms` on the clock; without a clock, the
    /// engine's own limit (`None`) when `untimed` is `None`, else `untimed`.
    pub fn think_budget(
        &mut self,
        request: Request,
        spendable_ms: Option<u64>,
        untimed: Option<Duration>,
    ) -> Option<Duration> {
        match request {
            Request::Analyze { seconds, .. } => Some(Duration::from_secs(seconds.max(1) as u64)),
            Request::Play(_) => match spendable_ms {
                Some(ms) => Some(self.budget(ms)),
                None => untimed,
            },
        }
    }

    /// Notes that the move thought on with `remaining_ms` left took `used`.
    pub fn spent(&mut self, remaining_ms: u64, used: Duration) {
        self.last = Some((remaining_ms, used.as_millis() as u64));
    }

    /// The increment inferred so far, in milliseconds.
    pub fn increment_ms(&self) -> u64 {
        self.increment_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budget_scales_with_the_clock() {
        // Issue 23: 2 minutes left and a 1 s increment: 120000 / 30 + 1000 * 3 / 4
        // = 4000 + 750 = 4750 ms, under the cap of 120000 - 12000 = 108000.
        assert_eq!(move_budget_ms(120_000, 1000), 4750);
        // The same clock before the increment is known: 4000 ms, still above 1 s.
        assert_eq!(move_budget_ms(120_000, 0), 4000);
        // Ten times the time, ten times the share: 1200000 / 30 = 40000 ms.
        assert_eq!(move_budget_ms(1_200_000, 0), 40_000);
        // 10 s and no increment: 10000 / 30 = 333 ms.
        assert_eq!(move_budget_ms(10_000, 0), 333);
        // Little time, a big increment: 1500 / 30 + 2000 * 3 / 4 = 50 + 1500 = 1550,
        // capped at 1500 - max(50, 150) = 1350 ms.
        assert_eq!(move_budget_ms(1500, 2000), 1350);
        // Under a second left: 60 / 30 = 2 ms; the margin is 50 ms, the cap 10 ms.
        assert_eq!(move_budget_ms(60, 0), 2);
        // Less than the margin left: the cap is 0, the budget the 1 ms floor.
        assert_eq!(move_budget_ms(40, 1000), 1);
        assert_eq!(move_budget_ms(0, 0), 1);
        // No overflow on absurd clocks.
        assert!(move_budget_ms(u64::MAX, u64::MAX) < u64::MAX);
    }

    #[test]
    fn analyze_thinks_its_seconds_and_play_its_clock() {
        use crate::board::Side;
        let mut keeper = TimeKeeper::default();
        let analyze = Request::Analyze {
            moves: 1,
            seconds: 0,
        };
        assert_eq!(
            keeper.think_budget(analyze, Some(10_000), None),
            Some(Duration::from_secs(1))
        );
        let play = Request::Play(Side::Attackers);
        assert_eq!(
            keeper.think_budget(play, Some(10_000), None),
            Some(Duration::from_millis(333))
        );
        let second = Some(Duration::from_secs(1));
        assert_eq!(keeper.think_budget(play, None, second), second);
        assert_eq!(keeper.think_budget(play, None, None), None);
    }

    #[test]
    fn the_reply_waits_for_the_minimum_but_never_past_the_budget() {
        let ms = Duration::from_millis;
        // No clock: the minimum reply time, less the time already spent searching.
        assert_eq!(reply_wait(None, ms(50), ms(0)), ms(50));
        assert_eq!(reply_wait(None, ms(50), ms(20)), ms(30));
        assert_eq!(reply_wait(None, ms(50), ms(80)), ms(0));
        // 400 ms on the clock give a 13 ms budget: a 5000 ms minimum waits 13 ms at
        // most, never the 5000 ms.
        let budget = Some(Duration::from_millis(move_budget_ms(400, 0)));
        assert_eq!(reply_wait(budget, ms(5000), ms(0)), ms(13));
        assert_eq!(reply_wait(budget, ms(5000), ms(10)), ms(3));
        // A budget above the minimum: the minimum.
        assert_eq!(reply_wait(Some(ms(2000)), ms(400), ms(1)), ms(399));
        assert_eq!(reply_wait(Some(ms(2000)), ms(0), ms(0)), ms(0));
    }

    /// The least time left over `moves` moves of a game on `base_ms` plus
    /// `increment_ms` a move, for an engine that spends each budget in full and loses
    /// `overhead_ms` more a move to pipes and scheduling; the host's clock is kept as
    /// `engine::otep` keeps it (time used taken off, the increment added).
    fn least_left(base_ms: u64, increment_ms: u64, overhead_ms: u64, moves: usize) -> i64 {
        let mut keeper = TimeKeeper::default();
        let mut left = base_ms as i64;
        let mut least = left;
        for _ in 0..moves {
            let budget = keeper.budget(left as u64);
            keeper.spent(left as u64, budget);
            left += increment_ms as i64 - (budget.as_millis() as u64 + overhead_ms) as i64;
            least = least.min(left);
            if left <= 0 {
                break;
            }
        }
        least
    }

    /// What `taflengine_on_a_clock_never_loses_on_time` (tests/taflmatch_otep.rs) plays
    /// for real, worked out on the computed budgets alone, so that no loaded machine
    /// can make it pass or fail.
    #[test]
    fn a_game_on_the_clock_never_spends_more_than_it_has() {
        // With more than 50 ms left, a budget leaves max(50, left / 10) of it, so the
        // next move starts with at least 50 + increment - overhead; with 50 or less it
        // is 1 ms, and the clock grows by increment - 1 - overhead. So on 1 s + 20 ms
        // an overhead of up to 19 ms a move never empties the clock, however long the
        // game.
        for overhead in [0, 10, 19] {
            assert!(least_left(1000, 20, overhead, 1000) > 0, "{overhead} ms");
        }
        // Over the 30 moves a side makes in 60 plies, each move spends at most a
        // thirtieth of what is left plus 15 ms and gets 20 back: at least
        // 1000 * (29/30)^30 = 361.6 ms stay on the clock.
        assert!(least_left(1000, 20, 0, 30) > 361);
        // The same on 2 s + 20 ms: 2000 * (29/30)^30 = 723.2 ms.
        assert!(least_left(2000, 20, 0, 30) > 723);
        // More overhead than the increment and the margin bear does empty the clock:
        // the check can fail.
        assert!(least_left(1000, 20, 40, 1000) <= 0);
    }

    #[test]
    fn budgets_worked_by_hand() {
        let mut k = TimeKeeper::default();
        // 60 s left, no increment known: 60000 / 30 = 2000 ms, under the cap of 54000.
        assert_eq!(k.budget(60_000), Duration::from_millis(2000));
        k.spent(60_000, Duration::from_millis(2000));
        // 58.5 s left after 2 s used: the increment was 58500 + 2000 - 60000 = 500 ms;
        // 58500 / 30 + 500 * 3 / 4 = 1950 + 375 = 2325 ms.
        assert_eq!(k.budget(58_500), Duration::from_millis(2325));
        assert_eq!(k.increment_ms(), 500);
        // The increment is inferred again from the last move noted: with 400 ms left
        // it is 400 + 2000 - 60000, below zero, so none; 400 / 30 = 13 ms.
        assert_eq!(k.budget(400), Duration::from_millis(13));
        // A share above the cap: 3000 ms left after a move of 0 ms at 1000 left means
        // an increment of 2000; 100 + 1500 = 1600 ms, capped at 3000 - 300 = 2700: 1600.
        let mut k = TimeKeeper::default();
        k.spent(1000, Duration::ZERO);
        assert_eq!(k.budget(3000), Duration::from_millis(1600));
        // The cap: 100 ms left after a move of 0 at 0 (increment 100): 3 + 75 = 78 ms,
        // capped at 100 - 50 = 50 ms.
        let mut k = TimeKeeper::default();
        k.spent(0, Duration::ZERO);
        assert_eq!(k.budget(100), Duration::from_millis(50));
        // Overdrawn (0 left): move at once.
        let mut fresh = TimeKeeper::default();
        assert_eq!(fresh.budget(0), Duration::from_millis(1));
    }
}
