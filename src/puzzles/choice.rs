//! Choosing a trainer's next puzzle: among the puzzles of the theme asked, not solved in the
//! last [`RECENT_TRIES`] tries, one of the [`NEAREST`] nearest the player's rating (which one
//! turns with a seed the caller gives, so that a puzzle failed is not served again at once
//! and the same seed gives the same puzzle); and which shards of a set to fetch for a rating
//! ([`shards_near`]), each shard's range of ratings being in the manifest.

use super::set::{SetManifest, ShardEntry};
use super::{MinedPuzzle, PuzzleTheme};
use crate::codec::Fnv1a;
use std::collections::VecDeque;
use std::hash::Hasher;

/// The tries remembered: a puzzle solved in one of them is not served again.
pub const RECENT_TRIES: usize = 100;
/// The next puzzle is one of this many nearest the player's rating.
pub const NEAREST: usize = 5;

/// What the choice needs of a puzzle. The rating is the caller's: the set's, or the puzzle's
/// local rating after the player's tries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatedPuzzle<'a> {
    pub id: &'a str,
    pub theme: PuzzleTheme,
    pub rating: f64,
}

impl<'a> RatedPuzzle<'a> {
    /// A puzzle with the rating of its set.
    pub fn of(p: &'a MinedPuzzle) -> RatedPuzzle<'a> {
        RatedPuzzle {
            id: &p.id,
            theme: p.theme,
            rating: f64::from(p.rating),
        }
    }
}

/// The last [`RECENT_TRIES`] tries, oldest first: each puzzle's id and whether it was solved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecentTries {
    tries: VecDeque<(String, bool)>,
}

impl RecentTries {
    /// Remembers a try, forgetting the oldest beyond [`RECENT_TRIES`].
    pub fn push(&mut self, id: &str, solved: bool) {
        if self.tries.len() == RECENT_TRIES {
            self.tries.pop_front();
        }
        self.tries.push_back((id.to_string(), solved));
    }

    /// Whether the puzzle was solved in one of the tries remembered.
    pub fn solved(&self, id: &str) -> bool {
        self.tries.iter().any(|(i, s)| *s && i == id)
    }

    /// The tries, oldest first.
    pub fn iter(&self) -> impl Iterator<Item = (&str, bool)> {
        self.tries.iter().map(|(i, s)| (i.as_str(), *s))
    }

    pub fn len(&self) -> usize {
        self.tries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.tries.is_empty()
    }

    /// One try a line, oldest first: the id, a space, `1` if solved or `0` (for local
    /// storage).
    pub fn to_text(&self) -> String {
        self.iter()
            .map(|(id, solved)| format!("{id} {}\n", u8::from(solved)))
            .collect()
    }

    /// Reads [`RecentTries::to_text`]'s text; the last [`RECENT_TRIES`] lines are kept.
    pub fn from_text(text: &str) -> Result<RecentTries, String> {
        let mut out = RecentTries::default();
        for (n, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            let solved = match line.trim().rsplit_once(' ') {
                Some((id, "1")) if is_id(id) => (id, true),
                Some((id, "0")) if is_id(id) => (id, false),
                _ => return Err(format!("line {}: '{line}' is not a try", n + 1)),
            };
            out.push(solved.0, solved.1);
        }
        Ok(out)
    }
}

fn is_id(s: &str) -> bool {
    !s.is_empty() && s.chars().all(|c| c.is_ascii_hexdigit())
}

/// The next puzzle: of the `candidates` of `theme` (any for `None`) not solved in `recent`,
/// the [`NEAREST`] nearest `player_rating` (ties by id), and of those the one `seed` picks
/// (the caller turns it with each try, e.g. the number of tries so far). The same candidates,
/// in any order, and the same seed give the same puzzle. `None` when none is left.
pub fn next_puzzle<'a>(
    candidates: impl IntoIterator<Item = RatedPuzzle<'a>>,
    player_rating: f64,
    theme: Option<PuzzleTheme>,
    recent: &RecentTries,
    seed: u64,
) -> Option<RatedPuzzle<'a>> {
    let target = if player_rating.is_finite() {
        player_rating
    } else {
        super::glicko::Glicko::NEW_PLAYER.rating
    };
    let distance = |p: &RatedPuzzle| {
        let d = (p.rating - target).abs();
        if d.is_nan() {
            f64::INFINITY
        } else {
            d
        }
    };
    let mut open: Vec<RatedPuzzle<'a>> = candidates
        .into_iter()
        .filter(|p| theme.is_none_or(|t| p.theme == t) && !recent.solved(p.id))
        .collect();
    open.sort_by(|a, b| distance(a).total_cmp(&distance(b)).then(a.id.cmp(b.id)));
    open.dedup_by(|a, b| a.id == b.id);
    open.truncate(NEAREST);
    open.into_iter().min_by_key(|p| {
        let mut h = Fnv1a::default();
        h.write(&seed.to_le_bytes());
        h.write(p.id.as_bytes());
        (h.finish(), p.id)
    })
}

/// The shards to fetch for a player of `rating` and `theme` (all themes for `None`),
/// nearest first: a shard whose range of ratings holds the rating is at distance 0, the
/// others at the distance to their range; ties keep the manifest's order. A trainer fetches
/// the first (for all themes, the first of each theme) and goes down the list when the
/// puzzles it has are all solved lately.
pub fn shards_near(
    manifest: &SetManifest,
    rating: f64,
    theme: Option<PuzzleTheme>,
) -> Vec<&ShardEntry> {
    let rating = if rating.is_finite() { rating } else { 1500.0 };
    let distance = |e: &ShardEntry| {
        let (lo, hi) = (f64::from(e.rating.0), f64::from(e.rating.1));
        (lo - rating).max(rating - hi).max(0.0)
    };
    let mut shards: Vec<&ShardEntry> = manifest.shards_of(theme).collect();
    // A stable sort: equal distances keep the manifest's order.
    shards.sort_by(|a, b| distance(a).total_cmp(&distance(b)));
    shards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pool(
        ids: &[String],
        theme: PuzzleTheme,
        rating: impl Fn(usize) -> f64,
    ) -> Vec<RatedPuzzle<'_>> {
        ids.iter()
            .enumerate()
            .map(|(i, id)| RatedPuzzle {
                id,
                theme,
                rating: rating(i),
            })
            .collect()
    }

    fn ids(n: usize, prefix: &str) -> Vec<String> {
        (0..n).map(|i| format!("{prefix}{i:04x}")).collect()
    }

    #[test]
    fn the_next_puzzle_is_near_the_rating_and_turns_with_the_seed() {
        let a = ids(300, "a");
        let candidates = pool(&a, PuzzleTheme::Surround2, |i| 600.0 + 7.0 * i as f64);
        let none = RecentTries::default();
        for target in [400.0, 1000.0, 1503.0, 2700.0, 9000.0] {
            let mut by_distance: Vec<f64> = candidates
                .iter()
                .map(|p| (p.rating - target).abs())
                .collect();
            by_distance.sort_by(f64::total_cmp);
            let mut picked = std::collections::HashSet::new();
            for seed in 0..50 {
                let p = next_puzzle(candidates.iter().copied(), target, None, &none, seed).unwrap();
                assert!((p.rating - target).abs() <= by_distance[NEAREST - 1]);
                picked.insert(p.id);
                // The same seed, the candidates in another order: the same puzzle.
                let again =
                    next_puzzle(candidates.iter().rev().copied(), target, None, &none, seed);
                assert_eq!(again, Some(p));
            }
            assert!(picked.len() > 1, "the seed turns the choice");
        }
    }

    #[test]
    fn a_puzzle_solved_in_the_last_hundred_tries_is_not_served() {
        let a = ids(150, "b");
        let candidates = pool(&a, PuzzleTheme::Defence, |_| 1500.0);
        let mut recent = RecentTries::default();
        // Solve them one after another, as the choice serves them.
        let mut served = Vec::new();
        for seed in 0..RECENT_TRIES as u64 {
            let p = next_puzzle(candidates.iter().copied(), 1500.0, None, &recent, seed).unwrap();
            assert!(!served.contains(&p.id), "{} served twice", p.id);
            served.push(p.id);
            recent.push(p.id, true);
        }
        assert_eq!(recent.len(), RECENT_TRIES);
        // A try more forgets the oldest, which can be served again; a failed try does not
        // keep a puzzle away.
        let fresh = ids(1, "c");
        recent.push(&fresh[0], false);
        assert!(!recent.solved(served[0]) && recent.solved(served[1]));
        let only_old = candidates
            .iter()
            .copied()
            .filter(|p| served.contains(&p.id));
        assert_eq!(
            next_puzzle(only_old, 1500.0, None, &recent, 7).map(|p| p.id),
            Some(served[0])
        );
        // Every candidate solved lately: none.
        let mut all = RecentTries::default();
        for p in &candidates[..RECENT_TRIES] {
            all.push(p.id, true);
        }
        assert_eq!(
            next_puzzle(
                candidates[..RECENT_TRIES].iter().copied(),
                1500.0,
                None,
                &all,
                3
            ),
            None
        );
        // Read back from its text; bad text is named.
        assert_eq!(
            RecentTries::from_text(&recent.to_text()),
            Ok(recent.clone())
        );
        assert!(RecentTries::from_text("abc 1\nabc 2\n")
            .unwrap_err()
            .starts_with("line 2"));
    }

    #[test]
    fn the_theme_asked_is_served() {
        let (a, b) = (ids(20, "d"), ids(20, "e"));
        let mut candidates = pool(&a, PuzzleTheme::OnlyMove, |i| 1500.0 + i as f64);
        candidates.extend(pool(&b, PuzzleTheme::Surround1, |i| 1500.0 - i as f64));
        let none = RecentTries::default();
        for seed in 0..20 {
            for theme in [PuzzleTheme::OnlyMove, PuzzleTheme::Surround1] {
                let p = next_puzzle(candidates.iter().copied(), 1500.0, Some(theme), &none, seed);
                assert_eq!(p.map(|p| p.theme), Some(theme));
            }
            let p = next_puzzle(
                candidates.iter().copied(),
                1500.0,
                Some(PuzzleTheme::Defence),
                &none,
                seed,
            );
            assert_eq!(p, None);
        }
        // A rating that is not a number is a new player's.
        let p = next_puzzle(candidates.iter().copied(), f64::NAN, None, &none, 1).unwrap();
        assert!((p.rating - 1500.0).abs() < 5.0);
    }

    #[test]
    fn the_shards_near_a_rating_come_first() {
        let text = "beeline-puzzles 2\npuzzles 6\n\
            shard s1-0.txt surround-1 2 1-1 500-700 00\n\
            shard s1-1.txt surround-1 2 1-2 700-1100 00\n\
            shard s1-2.txt surround-1 2 2-3 1150-1400 00\n";
        let m = SetManifest::parse(text).unwrap();
        let names = |r: f64| -> Vec<&str> {
            shards_near(&m, r, Some(PuzzleTheme::Surround1))
                .iter()
                .map(|e| e.name.as_str())
                .collect()
        };
        assert_eq!(names(900.0), ["s1-1.txt", "s1-0.txt", "s1-2.txt"]);
        assert_eq!(names(1120.0), ["s1-1.txt", "s1-2.txt", "s1-0.txt"]);
        assert_eq!(names(1140.0), ["s1-2.txt", "s1-1.txt", "s1-0.txt"]);
        assert_eq!(names(3000.0), ["s1-2.txt", "s1-1.txt", "s1-0.txt"]);
        // On a boundary both shards hold it: the manifest's order.
        assert_eq!(names(700.0)[..2], ["s1-0.txt", "s1-1.txt"]);
        assert!(shards_near(&m, 900.0, Some(PuzzleTheme::Defence)).is_empty());
        assert_eq!(shards_near(&m, f64::NAN, None).len(), 3);
    }
}
