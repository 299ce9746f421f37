//! The puzzle of the day: chosen from the date alone and the set, so that every reader of
//! the same set meets the same puzzle on the same date, with nothing stored and nothing
//! asked of a server. The date's text (`YYYY-MM-DD`) is hashed (FNV-1a, then mixed: the
//! hashes of neighbouring dates differ little in their low bits) to a number below the
//! set's count of puzzles, which names a puzzle in the manifest's order: the shard to fetch
//! and the puzzle's place in it. Only the manifest is needed to know which shard to fetch.

use super::set::{SetManifest, ShardEntry};
use crate::codec::fnv1a_64;
use std::fmt;

/// The Gregorian date (year, month, day) of a count of days since 1970-01-01, for any
/// count (Howard Hinnant's days-to-civil).
pub fn civil_from_days(days: i64) -> (i64, i64, i64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// A day of the Gregorian calendar, checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CalendarDate {
    year: u16,
    month: u8,
    day: u8,
}

impl CalendarDate {
    /// The date, if there is one: years 1 to 9999, a month of 1 to 12, a day of that month.
    pub fn new(year: u16, month: u8, day: u8) -> Result<CalendarDate, String> {
        // (Patterns and comparisons rather than `RangeInclusive::contains`, which the app's
        // first screen has inlined: the trainer's call kept a copy whole for it.)
        if !matches!(year, 1..=9999) {
            return Err(format!("{year} is not a year from 1 to 9999"));
        }
        if !matches!(month, 1..=12) {
            return Err(format!("{month} is not a month"));
        }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
        let days = match month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        };
        if day < 1 || day > days {
            return Err(format!("{year:04}-{month:02} has no day {day}"));
        }
        Ok(CalendarDate { year, month, day })
    }

    /// Reads `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Result<CalendarDate, String> {
        let bad = || format!("'{text}' is not a date (YYYY-MM-DD)");
        let mut parts = text.trim().split('-');
        let mut next = |len: usize| {
            parts
                .next()
                .filter(|p| p.len() == len && p.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|p| p.parse::<u16>().ok())
                .ok_or_else(bad)
        };
        let (year, month, day) = (next(4)?, next(2)?, next(2)?);
        if parts.next().is_some() {
            return Err(bad());
        }
        // Two digits fit a u8.
        CalendarDate::new(year, month as u8, day as u8)
    }

    pub fn year(self) -> u16 {
        self.year
    }

    pub fn month(self) -> u8 {
        self.month
    }

    pub fn day(self) -> u8 {
        self.day
    }
}

impl fmt::Display for CalendarDate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// Where the day's puzzle is: its shard, and its place among the shard's puzzles (the
/// `index`-th puzzle line, from 0, as [`read_shard`](super::set::read_shard) reads them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DailyPuzzle<'m> {
    pub shard: &'m ShardEntry,
    pub index: usize,
}

/// The day's puzzle of a set: `None` only for a set without puzzles.
pub fn daily_puzzle(manifest: &SetManifest, date: CalendarDate) -> Option<DailyPuzzle<'_>> {
    let total: usize = manifest.shards.iter().map(|e| e.count).sum();
    if total == 0 {
        return None;
    }
    let mut at = (mix(fnv1a_64(date.to_string().as_bytes())) % total as u64) as usize;
    for shard in &manifest.shards {
        if at < shard.count {
            return Some(DailyPuzzle { shard, index: at });
        }
        at -= shard.count;
    }
    None
}

/// SplitMix64's finaliser: every bit of the hash moves every bit of the result.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn manifest(counts: &[usize]) -> SetManifest {
        let mut text = format!(
            "beeline-puzzles 2\npuzzles {}\n",
            counts.iter().sum::<usize>()
        );
        for (k, c) in counts.iter().enumerate() {
            text.push_str(&format!("shard s-{k}.txt defence {c} 1-9 900-2500 00\n"));
        }
        SetManifest::parse(&text).unwrap()
    }

    #[test]
    fn the_same_date_gives_the_same_puzzle_and_dates_spread_over_the_set() {
        let m = manifest(&[20, 20, 7, 20, 20, 13, 20]);
        let day = CalendarDate::new(2026, 3, 14).unwrap();
        let first = daily_puzzle(&m, day).unwrap();
        assert_eq!(daily_puzzle(&m, day), Some(first));
        // Read from its text, the same date.
        assert_eq!(CalendarDate::parse("2026-03-14"), Ok(day));
        assert_eq!(day.to_string(), "2026-03-14");
        // A year of dates: most days another puzzle than the day before, and the puzzles
        // drawn from every shard.
        let mut seen: HashMap<(String, usize), usize> = HashMap::new();
        let mut same_as_before = 0;
        let mut last = None;
        for month in 1..=12 {
            for d in 1..=31 {
                let Ok(date) = CalendarDate::new(2027, month, d) else {
                    continue;
                };
                let p = daily_puzzle(&m, date).unwrap();
                assert!(p.index < p.shard.count);
                let key = (p.shard.name.clone(), p.index);
                same_as_before += usize::from(last.as_ref() == Some(&key));
                *seen.entry(key.clone()).or_default() += 1;
                last = Some(key);
            }
        }
        assert!(same_as_before <= 3, "{same_as_before}");
        // 365 draws from 120 puzzles: nearly all of them met.
        assert!(seen.len() > 100, "{} puzzles of 120", seen.len());
        for e in &m.shards {
            assert!(seen.keys().any(|(name, _)| *name == e.name));
        }
        assert_eq!(daily_puzzle(&manifest(&[]), day), None);
    }

    #[test]
    fn dates_are_checked() {
        assert!(CalendarDate::new(2024, 2, 29).is_ok());
        assert!(CalendarDate::new(2000, 2, 29).is_ok());
        assert!(CalendarDate::new(1900, 2, 29).is_err());
        assert!(CalendarDate::new(2026, 4, 31).is_err());
        assert!(CalendarDate::new(2026, 13, 1).is_err());
        assert!(CalendarDate::new(0, 1, 1).is_err());
        assert!(CalendarDate::new(2026, 1, 0).is_err());
        for bad in [
            "2026-1-01",
            "2026-01-01-01",
            "20x6-01-01",
            "",
            "2026-02-30",
            "+026-01-01",
        ] {
            assert!(CalendarDate::parse(bad).is_err(), "{bad}");
        }
    }
}
