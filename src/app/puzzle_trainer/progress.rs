//! What the trainer remembers between visits (in the browser's local storage): the streak
//! of puzzles solved cleanly in a row and the best one, the puzzles solved, the player's
//! Glicko-2 rating, the number of tries, the last [`HISTORY`] tries, the local ratings of the
//! last [`LOCAL_RATINGS`] puzzles tried, the tries and solves by theme and by difficulty,
//! and the best Storm.
//!
//! ```text
//! streak 3
//! best 7
//! solved 0f7406c382d3 30a34bc93909
//! rating 1587.31 290.40 0.06000
//! tries 12
//! storm-best 14
//! theme surround-2 5 3
//! difficulty 3 5 3
//! puzzle 0f7406c382d3 1421.90 187.32 0.06000
//! try 0f7406c382d3 surround-2 1 +87
//! ```
//!
//! A line a fact; `puzzle` lines oldest first, `try` lines oldest first (`1` solved, `0`
//! failed, then the rating's change). A value of the first format (streak, best, solved)
//! reads as a new player's with those; a damaged line is passed over.

use crate::puzzles::choice::{RecentTries, RECENT_TRIES};
use crate::puzzles::glicko::Glicko;
use crate::puzzles::rating::{puzzle_glicko, rate_try, PuzzleTry};
use crate::puzzles::PuzzleTheme;
use std::collections::{BTreeSet, VecDeque};
use std::fmt::Write;

/// The local storage key.
pub(super) const STORAGE_KEY: &str = "beeline-puzzles";
/// The tries kept in the history: those the next puzzle's choice looks back on.
pub(super) const HISTORY: usize = RECENT_TRIES;
/// The puzzles whose local rating is kept, the most recently tried.
pub(super) const LOCAL_RATINGS: usize = 500;
/// The tries of a theme before it can be named the weakest.
pub(super) const WEAKEST_AFTER: u32 = 3;

/// One try of the history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct TriedPuzzle {
    pub id: String,
    pub theme: PuzzleTheme,
    /// Solved with no wrong move, hint or solution (a win for the rating).
    pub solved: bool,
    /// The player's rating after it less before it (both rounded).
    pub change: i32,
}

/// Tries and solves of a theme or a difficulty.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct SuccessCount {
    pub tries: u32,
    pub solved: u32,
}

impl SuccessCount {
    /// The share solved, in whole percent (0 without tries).
    pub fn percent(self) -> u32 {
        if self.tries == 0 {
            0
        } else {
            ((u64::from(self.solved) * 100 + u64::from(self.tries) / 2) / u64::from(self.tries))
                as u32
        }
    }
}

/// The trainer's record of the solver.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct TrainerProgress {
    /// Puzzles solved in a row without a wrong move, a hint or the solution.
    pub streak: u32,
    pub best: u32,
    /// The ids of the puzzles solved (with or without help).
    pub solved: BTreeSet<String>,
    /// The player's rating (a new player's to begin with).
    pub rating: Glicko,
    /// Tries rated so far, all told: the seed of the next puzzle's choice.
    pub tries: u64,
    /// The last [`HISTORY`] tries, oldest first.
    pub history: VecDeque<TriedPuzzle>,
    /// The local ratings of the puzzles tried, the most recent last (at most
    /// [`LOCAL_RATINGS`]).
    pub puzzles: Vec<(String, Glicko)>,
    /// Tries and solves of each theme, in [`PuzzleTheme::ALL`]'s order.
    pub themes: [SuccessCount; 5],
    /// Tries and solves of each difficulty, 1 to 9.
    pub difficulties: [SuccessCount; 9],
    /// The best Storm's score.
    pub storm_best: u32,
}

/// A puzzle's place in [`PuzzleTheme::ALL`].
fn theme_index(theme: PuzzleTheme) -> usize {
    PuzzleTheme::ALL
        .iter()
        .position(|t| *t == theme)
        .unwrap_or(0)
}

fn is_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 32 && id.chars().all(|c| c.is_ascii_hexdigit())
}

impl TrainerProgress {
    /// A puzzle solved: `clean` without a wrong try, a hint or the solution shown.
    pub fn solve(&mut self, id: &str, clean: bool) {
        if clean {
            self.streak += 1;
            self.best = self.best.max(self.streak);
        } else {
            self.streak = 0;
        }
        self.solved.insert(id.to_string());
    }

    /// A wrong try, a hint or the solution: the streak is over.
    pub fn break_streak(&mut self) {
        self.streak = 0;
    }

    /// A puzzle's local rating, if it was tried lately.
    pub fn local_rating(&self, id: &str) -> Option<Glicko> {
        self.puzzles
            .iter()
            .rev()
            .find(|(i, _)| i == id)
            .map(|p| p.1)
    }

    /// A puzzle's rating for the choice: its local one if it was tried lately, else its
    /// set's.
    pub fn rating_of(&self, id: &str, set_rating: u16) -> f64 {
        self.local_rating(id)
            .map_or(f64::from(set_rating), |g| g.rating)
    }

    /// Rates a try (the player against the puzzle, `rate_try`), remembers it in the history
    /// and the counts; the change of the player's rating, rounded.
    pub fn rate(
        &mut self,
        id: &str,
        theme: PuzzleTheme,
        difficulty: u8,
        set_rating: u16,
        outcome: &PuzzleTry,
    ) -> i32 {
        let puzzle = self
            .local_rating(id)
            .unwrap_or_else(|| puzzle_glicko(set_rating));
        let before = self.rating.rating.round() as i32;
        let (player, puzzle) = rate_try(self.rating, puzzle, outcome);
        self.rating = player;
        let change = player.rating.round() as i32 - before;
        self.puzzles.retain(|(i, _)| i != id);
        self.puzzles.push((id.to_string(), puzzle));
        if self.puzzles.len() > LOCAL_RATINGS {
            self.puzzles.drain(..self.puzzles.len() - LOCAL_RATINGS);
        }
        let won = outcome.won();
        self.remember(TriedPuzzle {
            id: id.to_string(),
            theme,
            solved: won,
            change,
        });
        self.tries += 1;
        for count in [
            &mut self.themes[theme_index(theme)],
            &mut self.difficulties[usize::from(difficulty.clamp(1, 9) - 1)],
        ] {
            count.tries += 1;
            count.solved += u32::from(won);
        }
        change
    }

    fn remember(&mut self, tried: TriedPuzzle) {
        if self.history.len() == HISTORY {
            self.history.pop_front();
        }
        self.history.push_back(tried);
    }

    /// The history as the next puzzle's choice reads it.
    pub fn recent(&self) -> RecentTries {
        let mut r = RecentTries::default();
        for t in &self.history {
            r.push(&t.id, t.solved);
        }
        r
    }

    /// The theme solved least often of those tried [`WEAKEST_AFTER`] times or more (the
    /// first in the menu's order among equals).
    pub fn weakest(&self) -> Option<(PuzzleTheme, SuccessCount)> {
        PuzzleTheme::ALL
            .iter()
            .zip(self.themes)
            .filter(|(_, c)| c.tries >= WEAKEST_AFTER)
            .min_by(|(_, a), (_, b)| {
                // a.solved / a.tries against b.solved / b.tries, without rounding.
                (u64::from(a.solved) * u64::from(b.tries))
                    .cmp(&(u64::from(b.solved) * u64::from(a.tries)))
            })
            .map(|(t, c)| (*t, c))
    }

    pub fn to_text(&self) -> String {
        let solved: Vec<&str> = self.solved.iter().map(String::as_str).collect();
        let g = |g: &Glicko| format!("{:.2} {:.2} {:.5}", g.rating, g.deviation, g.volatility);
        let mut s = format!(
            "streak {}\nbest {}\nsolved {}\nrating {}\ntries {}\nstorm-best {}\n",
            self.streak,
            self.best,
            solved.join(" "),
            g(&self.rating),
            self.tries,
            self.storm_best
        );
        for (t, c) in PuzzleTheme::ALL.iter().zip(self.themes) {
            if c.tries > 0 {
                let _ = writeln!(s, "theme {t} {} {}", c.tries, c.solved);
            }
        }
        for (d, c) in self.difficulties.iter().enumerate() {
            if c.tries > 0 {
                let _ = writeln!(s, "difficulty {} {} {}", d + 1, c.tries, c.solved);
            }
        }
        for (id, r) in &self.puzzles {
            let _ = writeln!(s, "puzzle {id} {}", g(r));
        }
        for t in &self.history {
            let _ = writeln!(
                s,
                "try {} {} {} {:+}",
                t.id,
                t.theme,
                u8::from(t.solved),
                t.change
            );
        }
        s
    }

    /// Reads what [`TrainerProgress::to_text`] wrote; anything else (another program's value, a
    /// damaged one) reads as far as it makes sense, never as an error.
    pub fn parse(text: &str) -> TrainerProgress {
        let mut p = TrainerProgress::default();
        for line in text.lines() {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let f: Vec<&str> = rest.split_whitespace().collect();
            let num = |i: usize| f.get(i).and_then(|v| v.parse::<u32>().ok());
            match key {
                "streak" => p.streak = num(0).unwrap_or(0),
                "best" => p.best = num(0).unwrap_or(0),
                "storm-best" => p.storm_best = num(0).unwrap_or(0),
                "tries" => p.tries = f.first().and_then(|v| v.parse().ok()).unwrap_or(0),
                "solved" => {
                    p.solved = f
                        .iter()
                        .filter(|id| is_id(id))
                        .map(|id| id.to_string())
                        .collect()
                }
                "rating" => p.rating = glicko(&f).unwrap_or_default(),
                "theme" => {
                    if let (Some(t), Some(c)) =
                        (f.first().and_then(|n| PuzzleTheme::from_name(n)), count(&f))
                    {
                        p.themes[theme_index(t)] = c;
                    }
                }
                "difficulty" => {
                    let d = f.first().and_then(|d| d.parse::<usize>().ok());
                    if let (Some(d @ 1..=9), Some(c)) = (d, count(&f)) {
                        p.difficulties[d - 1] = c;
                    }
                }
                "puzzle" => {
                    if let (Some(id), Some(g)) = (
                        f.first().filter(|i| is_id(i)),
                        glicko(f.get(1..).unwrap_or_default()),
                    ) {
                        p.puzzles.retain(|(i, _)| i != id);
                        p.puzzles.push((id.to_string(), g));
                    }
                }
                "try" => {
                    if let Some(t) = tried(&f) {
                        p.remember(t);
                    }
                }
                _ => {}
            }
        }
        if p.puzzles.len() > LOCAL_RATINGS {
            p.puzzles.drain(..p.puzzles.len() - LOCAL_RATINGS);
        }
        p.best = p.best.max(p.streak);
        p.tries = p.tries.max(p.history.len() as u64);
        p
    }
}

/// `RATING DEVIATION VOLATILITY`, kept within Glicko's bounds.
fn glicko(f: &[&str]) -> Option<Glicko> {
    let n = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok());
    Some(
        Glicko {
            rating: n(0)?,
            deviation: n(1)?,
            volatility: n(2)?,
        }
        .clamped(),
    )
}

/// `NAME TRIES SOLVED` (never more solved than tries).
fn count(f: &[&str]) -> Option<SuccessCount> {
    let n = |i: usize| f.get(i).and_then(|v| v.parse::<u32>().ok());
    let (tries, solved) = (n(1)?, n(2)?);
    Some(SuccessCount {
        tries,
        solved: solved.min(tries),
    })
}

/// `ID THEME 1|0 CHANGE`.
fn tried(f: &[&str]) -> Option<TriedPuzzle> {
    let [id, theme, solved, change] = f[..] else {
        return None;
    };
    Some(TriedPuzzle {
        id: is_id(id).then(|| id.to_string())?,
        theme: PuzzleTheme::from_name(theme)?,
        solved: match solved {
            "1" => true,
            "0" => false,
            _ => return None,
        },
        change: change.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const WIN: PuzzleTry = PuzzleTry {
        solved: true,
        wrong_move: false,
        hint: false,
        solution_shown: false,
    };
    const MISS: PuzzleTry = PuzzleTry {
        solved: false,
        wrong_move: true,
        hint: false,
        solution_shown: false,
    };

    #[test]
    fn a_streak_counts_clean_solves_and_survives_a_round_trip() {
        let mut p = TrainerProgress::default();
        p.solve("aa", true);
        p.solve("bb", true);
        assert_eq!((p.streak, p.best), (2, 2));
        p.solve("cc", false);
        assert_eq!((p.streak, p.best), (0, 2));
        p.solve("dd", true);
        let back = TrainerProgress::parse(&p.to_text());
        assert_eq!(back, p);
        assert_eq!(back.solved.len(), 4);
        p.break_streak();
        assert_eq!(p.streak, 0);
    }

    #[test]
    fn tries_move_the_rating_fill_the_history_and_the_counts_and_read_back() {
        let mut p = TrainerProgress::default();
        assert_eq!(p.rating, Glicko::NEW_PLAYER);
        let up = p.rate("a1", PuzzleTheme::Surround2, 3, 1500, &WIN);
        assert!(up > 0, "{up}");
        assert_eq!(p.rating.rating.round() as i32, 1500 + up);
        let down = p.rate("b2", PuzzleTheme::Defence, 5, 1400, &MISS);
        assert!(down < 0, "{down}");
        // The puzzle beaten lost points, the one that won gained them.
        assert!(p.local_rating("a1").is_some_and(|g| g.rating < 1500.0));
        assert!(p.local_rating("b2").is_some_and(|g| g.rating > 1400.0));
        assert!(p.rating_of("b2", 1400) > 1400.0);
        assert_eq!(p.rating_of("cc", 1234), 1234.0);
        assert_eq!(p.tries, 2);
        assert_eq!(
            p.history
                .iter()
                .map(|t| (t.solved, t.change))
                .collect::<Vec<_>>(),
            [(true, up), (false, down)]
        );
        assert_eq!(
            p.themes[1],
            SuccessCount {
                tries: 1,
                solved: 1
            }
        );
        assert_eq!(
            p.themes[4],
            SuccessCount {
                tries: 1,
                solved: 0
            }
        );
        assert_eq!(p.difficulties[2].tries, 1);
        assert_eq!(
            p.difficulties[4],
            SuccessCount {
                tries: 1,
                solved: 0
            }
        );
        // The choice reads the history: the one solved is kept away, the one failed not.
        assert!(p.recent().solved("a1") && !p.recent().solved("b2"));
        p.storm_best = 9;
        let text = p.to_text();
        assert!(text.contains("\ntry b2 defence 0 "), "{text}");
        let back = TrainerProgress::parse(&text);
        assert_eq!(back.history, p.history);
        assert_eq!((back.tries, back.storm_best), (2, 9));
        assert_eq!((back.themes, back.difficulties), (p.themes, p.difficulties));
        // Two decimals kept: the same rating when rounded.
        assert!((back.rating.rating - p.rating.rating).abs() < 0.01);
        assert_eq!(back.puzzles.len(), 2);
        assert_eq!(back.to_text(), text);
    }

    #[test]
    fn the_history_and_the_local_ratings_are_capped_the_counts_are_not() {
        let mut p = TrainerProgress::default();
        for i in 0..LOCAL_RATINGS + 20 {
            let outcome = if i % 2 == 0 { WIN } else { MISS };
            p.rate(
                &format!("{i:04x}"),
                PuzzleTheme::Surround1,
                1,
                900,
                &outcome,
            );
        }
        assert_eq!(p.history.len(), HISTORY);
        let last = format!("{:04x}", LOCAL_RATINGS + 19);
        assert_eq!(p.history.back().map(|t| &t.id), Some(&last));
        assert_eq!(p.puzzles.len(), LOCAL_RATINGS);
        assert!(p.local_rating("0000").is_none() && p.local_rating(&last).is_some());
        assert_eq!(p.themes[0].tries as usize, LOCAL_RATINGS + 20);
        assert_eq!(p.tries as usize, LOCAL_RATINGS + 20);
        // A try again of a puzzle rated moves it to the newest.
        p.rate("0100", PuzzleTheme::Surround1, 1, 900, &WIN);
        assert_eq!(p.puzzles.last().map(|x| x.0.as_str()), Some("0100"));
        assert_eq!(p.puzzles.len(), LOCAL_RATINGS);
        assert_eq!(TrainerProgress::parse(&p.to_text()).history, p.history);
    }

    #[test]
    fn the_weakest_theme_needs_three_tries() {
        let mut p = TrainerProgress::default();
        assert_eq!(p.weakest(), None);
        for (i, o) in [WIN, MISS].iter().enumerate() {
            p.rate(&format!("d{i}"), PuzzleTheme::Defence, 2, 1000, o);
        }
        assert_eq!(p.weakest(), None);
        p.rate("d9", PuzzleTheme::Defence, 2, 1000, &WIN);
        for (i, o) in [WIN, MISS, MISS, WIN].iter().enumerate() {
            p.rate(&format!("e{i}"), PuzzleTheme::OnlyMove, 2, 1000, o);
        }
        // Defence 2 of 3 (67 %), only-move 2 of 4 (50 %).
        let (t, c) = p.weakest().unwrap();
        assert_eq!(
            (t, c.tries, c.solved, c.percent()),
            (PuzzleTheme::OnlyMove, 4, 2, 50)
        );
        assert_eq!(p.themes[4].percent(), 67);
        assert_eq!(SuccessCount::default().percent(), 0);
    }

    #[test]
    fn the_first_format_still_reads() {
        let old = "streak 2\nbest 5\nsolved 0f7406c382d3 30a34bc93909\n";
        let p = TrainerProgress::parse(old);
        assert_eq!((p.streak, p.best, p.solved.len()), (2, 5, 2));
        assert_eq!(p.rating, Glicko::NEW_PLAYER);
        assert_eq!((p.tries, p.history.len(), p.storm_best), (0, 0, 0));
    }

    #[test]
    fn a_damaged_value_reads_as_far_as_it_makes_sense() {
        let p = TrainerProgress::parse("streak x\nbest 4\nsolved ab <script> cd\nother 1");
        assert_eq!(p.streak, 0);
        assert_eq!(p.best, 4);
        assert_eq!(p.solved.len(), 2);
        assert_eq!(TrainerProgress::parse(""), TrainerProgress::default());
        let p = TrainerProgress::parse(
            "rating NaN 20 x\n\
             rating 99999 -5 7\n\
             tries -3\n\
             theme nothing 3 1\ntheme defence 2 9\ntheme surround-1 x 1\n\
             difficulty 0 1 1\ndifficulty 10 1 1\ndifficulty 4 3\ndifficulty 2 6 1\n\
             puzzle <b> 1500 100 0.06\npuzzle ab inf 100 0.06\npuzzle cd 1400\n\
             try ab defence 1 +12\ntry ab defence 2 +1\ntry ab nothing 1 0\n\
             try ab defence 0 x\ntry a\"b defence 0 -3\ntry cd only-move 0 -7 extra\n\
             storm-best 1e9",
        );
        // The last rating line with three numbers, brought within bounds.
        assert_eq!(p.rating.rating, 3500.0);
        assert_eq!(p.rating.deviation, 30.0);
        assert_eq!(
            p.themes[4],
            SuccessCount {
                tries: 2,
                solved: 2
            }
        );
        assert_eq!(p.themes[0], SuccessCount::default());
        assert_eq!(p.difficulties.iter().filter(|c| c.tries > 0).count(), 1);
        assert_eq!(
            p.difficulties[1],
            SuccessCount {
                tries: 6,
                solved: 1
            }
        );
        assert_eq!(p.puzzles.len(), 1);
        assert_eq!(p.local_rating("ab").map(|g| g.rating), Some(3500.0));
        assert_eq!(p.history.len(), 1);
        assert_eq!(p.history[0].change, 12);
        assert_eq!((p.tries, p.storm_best), (1, 0));
    }
}
