//! What the trainer remembers between visits (in the browser's local storage): the streak
//! of puzzles solved cleanly in a row, the best streak, and the puzzles solved.
//!
//! ```text
//! streak 3
//! best 7
//! solved 0f7406c382d3 30a34bc93909
//! ```

use std::collections::BTreeSet;

/// The local storage key.
pub(super) const STORAGE_KEY: &str = "beeline-puzzles";

/// The trainer's record of the solver.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct TrainerProgress {
    /// Puzzles solved in a row without a wrong move, a hint or the solution.
    pub streak: u32,
    pub best: u32,
    /// The ids of the puzzles solved (with or without help).
    pub solved: BTreeSet<String>,
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

    pub fn to_text(&self) -> String {
        let solved: Vec<&str> = self.solved.iter().map(String::as_str).collect();
        format!(
            "streak {}\nbest {}\nsolved {}\n",
            self.streak,
            self.best,
            solved.join(" ")
        )
    }

    /// Reads what [`TrainerProgress::to_text`] wrote; anything else (another program's value, a
    /// damaged one) reads as far as it makes sense, never as an error.
    pub fn parse(text: &str) -> TrainerProgress {
        let mut p = TrainerProgress::default();
        for line in text.lines() {
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "streak" => p.streak = rest.trim().parse().unwrap_or(0),
                "best" => p.best = rest.trim().parse().unwrap_or(0),
                "solved" => {
                    p.solved = rest
                        .split_whitespace()
                        .filter(|id| id.len() <= 32 && id.chars().all(|c| c.is_ascii_hexdigit()))
                        .map(String::from)
                        .collect()
                }
                _ => {}
            }
        }
        p.best = p.best.max(p.streak);
        p
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_damaged_value_reads_as_far_as_it_makes_sense() {
        let p = TrainerProgress::parse("streak x\nbest 4\nsolved ab <script> cd\nother 1");
        assert_eq!(p.streak, 0);
        assert_eq!(p.best, 4);
        assert_eq!(p.solved.len(), 2);
        assert_eq!(TrainerProgress::parse(""), TrainerProgress::default());
    }
}
