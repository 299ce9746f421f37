//! The Storm's rules: three minutes of puzzles in rising difficulty. The run starts at the lowest
//! rating of the set (of the chosen theme, or all) and climbs: its n-th puzzle (from 0) is
//! the lowest-rated not yet served at or above that rating plus [`STEP`] × n (past the top
//! of the set, the highest-rated left). A puzzle solved scores 1 and moves on; a wrong move
//! costs [`MISS_COST_MS`] and moves on at once; every [`BONUS_EVERY`] solved in a row give
//! [`BONUS_MS`] more. The clock is a deadline read from `Date.now()`, so a page's timers
//! only redraw it. Storm tries leave the rating, the history and the dashboard alone; the
//! best score is kept with the trainer's progress.

use super::views;
use crate::puzzles::PuzzleTheme;

/// A run's length.
pub(super) const STORM_MS: f64 = 180_000.0;
/// What a wrong move costs.
pub(super) const MISS_COST_MS: f64 = 10_000.0;
/// Puzzles solved in a row that earn [`BONUS_MS`].
pub(super) const BONUS_EVERY: u32 = 5;
pub(super) const BONUS_MS: f64 = 3_000.0;
/// How far the ladder climbs a puzzle, in rating points.
pub(super) const STEP: f64 = 40.0;

/// A Storm run, going on or over.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct StormRun {
    /// Which run of the visit (its clock's timer is told from an earlier run's by it).
    pub number: u32,
    /// When it ends (`Date.now()`, ms).
    pub ends: f64,
    /// The whole seconds its clock shows.
    pub seconds: u32,
    pub score: u32,
    /// Solved in a row.
    pub row: u32,
    /// The puzzles served, in order.
    pub served: Vec<String>,
    /// The ladder's foot: the set's lowest rating.
    pub base: f64,
    pub theme: Option<PuzzleTheme>,
    pub over: bool,
}

impl StormRun {
    pub fn new(number: u32, now: f64, base: f64, theme: Option<PuzzleTheme>) -> StormRun {
        StormRun {
            number,
            ends: now + STORM_MS,
            seconds: views::seconds(STORM_MS),
            score: 0,
            row: 0,
            served: Vec::new(),
            base,
            theme,
            over: false,
        }
    }

    /// The rating the next puzzle is chosen at.
    pub fn target(&self) -> f64 {
        self.base + STEP * self.served.len() as f64
    }

    /// A puzzle solved: whether it earned time.
    pub fn right(&mut self) -> bool {
        self.score += 1;
        self.row += 1;
        let bonus = self.row % BONUS_EVERY == 0;
        if bonus {
            self.ends += BONUS_MS;
        }
        bonus
    }

    /// A wrong move.
    pub fn wrong(&mut self) {
        self.row = 0;
        self.ends -= MISS_COST_MS;
    }

    /// The clock read at `now`.
    pub fn read(&mut self, now: f64) {
        self.seconds = views::seconds(self.ends - now);
    }
}

/// The Storm's puzzle at `target`: of those not `served`, the lowest-rated at or above it
/// (the first id among equals), else the highest-rated below it.
pub(super) fn storm_pick<'a>(
    puzzles: impl Iterator<Item = (&'a str, u16)>,
    target: f64,
    served: &[String],
) -> Option<(&'a str, u16)> {
    let mut up: Option<(&str, u16)> = None;
    let mut down: Option<(&str, u16)> = None;
    for (id, r) in puzzles {
        if served.iter().any(|s| s == id) {
            continue;
        }
        if f64::from(r) >= target {
            if up.is_none_or(|(i, u)| (r, id) < (u, i)) {
                up = Some((id, r));
            }
        } else if down.is_none_or(|(i, d)| (r, std::cmp::Reverse(id)) > (d, std::cmp::Reverse(i))) {
            down = Some((id, r));
        }
    }
    up.or(down)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_counts_solves_costs_misses_and_rewards_rows() {
        let mut r = StormRun::new(0, 1_000.0, 600.0, None);
        assert_eq!((r.ends, r.seconds), (181_000.0, 180));
        assert_eq!(views::clock(r.ends - 1_000.0), "3:00");
        for n in 1..=4 {
            assert!(!r.right());
            assert_eq!(r.score, n);
        }
        // The fifth in a row: 3 s more.
        assert!(r.right());
        assert_eq!(r.ends, 184_000.0);
        r.wrong();
        assert_eq!((r.ends, r.row, r.score), (174_000.0, 0, 5));
        // A row starts again after a miss: four more earn nothing.
        for _ in 0..4 {
            assert!(!r.right());
        }
        r.read(20_500.0);
        assert_eq!(r.seconds, 154);
        r.read(200_000.0);
        assert_eq!(r.seconds, 0);
        // The ladder climbs with each puzzle served.
        assert_eq!(r.target(), 600.0);
        r.served.push("aa".into());
        r.served.push("bb".into());
        assert_eq!(r.target(), 600.0 + 2.0 * STEP);
    }

    #[test]
    fn the_storm_climbs_by_rating_and_serves_a_puzzle_once() {
        let set = [("a", 700), ("b", 650), ("c", 900), ("d", 650), ("e", 1200)];
        let pick = |target: f64, served: &[&str]| {
            let served: Vec<String> = served.iter().map(|s| s.to_string()).collect();
            storm_pick(set.iter().copied(), target, &served).map(|p| p.0)
        };
        // The lowest at or above the target, the first id among equals.
        assert_eq!(pick(0.0, &[]), Some("b"));
        assert_eq!(pick(0.0, &["b"]), Some("d"));
        assert_eq!(pick(660.0, &[]), Some("a"));
        assert_eq!(pick(701.0, &["c"]), Some("e"));
        // Past the top: the highest left below.
        assert_eq!(pick(5000.0, &[]), Some("e"));
        assert_eq!(pick(5000.0, &["e", "c"]), Some("a"));
        assert_eq!(pick(5000.0, &["e", "c", "a"]), Some("b"));
        assert_eq!(pick(0.0, &["a", "b", "c", "d", "e"]), None);
    }
}
