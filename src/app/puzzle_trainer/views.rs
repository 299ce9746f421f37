//! What the trainer's panel writes from its state: the rating, the history's rows, the
//! dashboard's tables, the Storm's clock and the day's name. Pure text, tested natively.

use super::progress::{SuccessCount, TrainerProgress, TriedPuzzle, WEAKEST_AFTER};
use crate::puzzles::daily::{civil_from_days, CalendarDate};
use crate::puzzles::glicko::Glicko;
use crate::puzzles::PuzzleTheme;
use crate::view::svg::escape;
use std::fmt::Write;

/// A deviation over this marks the rating as provisional (`?`), as lichess does.
pub(super) const PROVISIONAL: f64 = 110.0;

/// A rating's change: `+87`, `−64` (a minus sign), `±0`.
pub(super) fn signed(change: i32) -> String {
    match change {
        0 => "±0".to_string(),
        c if c > 0 => format!("+{c}"),
        c => format!("−{}", c.unsigned_abs()),
    }
}

fn change_html(change: i32) -> String {
    let way = match change {
        0 => "none",
        c if c > 0 => "up",
        _ => "down",
    };
    format!(
        r#"<span class="rating-change" data-change="{way}">{}</span>"#,
        signed(change)
    )
}

/// `Rating 1500?` (the `?` while the rating is provisional), then the last try's change.
pub(super) fn rating_html(rating: &Glicko, change: Option<i32>) -> String {
    let mut s = format!(
        "Rating {}{}",
        rating.rating.round() as i32,
        if rating.deviation > PROVISIONAL {
            "?"
        } else {
            ""
        }
    );
    if let Some(c) = change {
        s.push(' ');
        s.push_str(&change_html(c));
    }
    s
}

/// The history's rows, newest first: each links the puzzle (`link` gives its address) and
/// names its theme and the rating's change.
pub(super) fn history_html<'a>(
    history: impl DoubleEndedIterator<Item = &'a TriedPuzzle>,
    link: impl Fn(&str) -> String,
) -> String {
    let mut s = String::new();
    for t in history.rev() {
        let _ = write!(
            s,
            r#"<li data-result="{}"><a href="{}">Puzzle {}</a> <span class="history-theme">{}</span> {}</li>"#,
            if t.solved { "solved" } else { "failed" },
            escape(&link(&t.id)),
            t.id,
            t.theme.label(),
            change_html(t.change)
        );
    }
    s
}

/// One row of a dashboard's table.
fn row(s: &mut String, attr: &str, key: &str, label: &str, c: SuccessCount) {
    let _ = write!(
        s,
        r#"<tr {attr}="{key}" data-tries="{}" data-solved="{}"><th scope="row">{label}</th><td>{}</td><td>{}</td><td>{} %</td></tr>"#,
        c.tries,
        c.solved,
        c.tries,
        c.solved,
        c.percent()
    );
}

fn table(s: &mut String, caption: &str, first: &str) {
    let _ = write!(
        s,
        r#"<table class="trainer-table"><caption>{caption}</caption><thead><tr><th scope="col">{first}</th><th scope="col">Tries</th><th scope="col">Solved</th><th scope="col">Success</th></tr></thead><tbody>"#
    );
}

/// The dashboard: success by theme and by difficulty (the themes and difficulties tried),
/// and the weakest theme named.
pub(super) fn dashboard_html(p: &TrainerProgress) -> String {
    if p.themes.iter().all(|c| c.tries == 0) {
        return "<p>No tries yet: each puzzle tried counts here, by theme and difficulty.</p>"
            .to_string();
    }
    let mut s = String::new();
    table(&mut s, "By theme", "Theme");
    for (t, c) in PuzzleTheme::ALL.iter().zip(p.themes) {
        if c.tries > 0 {
            row(&mut s, "data-theme", t.name(), t.label(), c);
        }
    }
    s.push_str("</tbody></table>");
    table(&mut s, "By difficulty", "Difficulty");
    for (d, c) in p.difficulties.iter().enumerate() {
        if c.tries > 0 {
            let d = (d + 1).to_string();
            row(&mut s, "data-difficulty", &d, &d, *c);
        }
    }
    s.push_str("</tbody></table>");
    match p.weakest() {
        Some((t, c)) => {
            let _ = write!(
                s,
                r#"<p class="trainer-weakest" data-theme="{}">Weakest theme: {} ({} of {} solved, {} %).</p>"#,
                t.name(),
                t.label(),
                c.solved,
                c.tries,
                c.percent()
            );
        }
        None => {
            let _ = write!(
                s,
                "<p>The weakest theme is named once a theme has {WEAKEST_AFTER} tries.</p>"
            );
        }
    }
    s
}

/// A Storm's time left as its clock shows it: `m:ss`, whole seconds rounded up (3:00 at the
/// start, 0:00 only at the end).
pub(super) fn clock(ms_left: f64) -> String {
    let secs = seconds(ms_left);
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// Whole seconds left, rounded up.
pub(super) fn seconds(ms_left: f64) -> u32 {
    if ms_left.is_nan() || ms_left <= 0.0 {
        0
    } else {
        (ms_left / 1000.0).ceil().min(f64::from(u32::MAX)) as u32
    }
}

/// The date (in UTC) of a time in milliseconds since 1970 (`Date.now()`).
pub(super) fn date_of_ms(ms: f64) -> Option<CalendarDate> {
    if !ms.is_finite() {
        return None;
    }
    let (year, month, day) = civil_from_days((ms / 86_400_000.0).floor() as i64);
    CalendarDate::new(
        u16::try_from(year).ok()?,
        u8::try_from(month).ok()?,
        u8::try_from(day).ok()?,
    )
    .ok()
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The daily puzzle's name: `Puzzle of 29 November`.
pub(super) fn daily_name(date: CalendarDate) -> String {
    let month = MONTHS
        .get(usize::from(date.month()).saturating_sub(1))
        .copied()
        .unwrap_or("");
    format!("Puzzle of {} {month}", date.day())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::rating::PuzzleTry;

    #[test]
    fn the_rating_is_marked_provisional_and_its_change_signed() {
        assert_eq!(rating_html(&Glicko::NEW_PLAYER, None), "Rating 1500?");
        let settled = Glicko {
            rating: 1623.6,
            deviation: 80.0,
            ..Glicko::NEW_PLAYER
        };
        assert_eq!(
            rating_html(&settled, Some(-64)),
            r#"Rating 1624 <span class="rating-change" data-change="down">−64</span>"#
        );
        assert_eq!(signed(87), "+87");
        assert_eq!(signed(0), "±0");
    }

    #[test]
    fn the_history_is_newest_first_with_links_and_the_dashboard_counts() {
        let mut p = TrainerProgress::default();
        let win = PuzzleTry {
            solved: true,
            ..PuzzleTry::default()
        };
        let miss = PuzzleTry {
            wrong_move: true,
            ..PuzzleTry::default()
        };
        p.rate("aa11", PuzzleTheme::Surround2, 3, 1500, &win);
        p.rate("bb22", PuzzleTheme::Defence, 3, 1500, &miss);
        let h = history_html(p.history.iter(), |id| format!("x?puzzles&puzzle={id}"));
        let first = h.find("bb22").unwrap();
        assert!(first < h.find("aa11").unwrap());
        assert!(h.starts_with(r#"<li data-result="failed"><a href="x?puzzles&amp;puzzle=bb22">Puzzle bb22</a> <span class="history-theme">Defence</span>"#), "{h}");
        assert_eq!(h.matches("<li ").count(), 2);
        let d = dashboard_html(&p);
        assert!(d.contains(r#"<tr data-theme="surround-2" data-tries="1" data-solved="1"><th scope="row">Surround in 2</th><td>1</td><td>1</td><td>100 %</td></tr>"#), "{d}");
        assert!(d.contains(r#"<tr data-difficulty="3" data-tries="2" data-solved="1">"#));
        assert!(!d.contains("data-theme=\"surround-1\""));
        assert!(!d.contains("Weakest theme"));
        p.rate("cc33", PuzzleTheme::Defence, 4, 1500, &miss);
        p.rate("dd44", PuzzleTheme::Defence, 4, 1500, &win);
        assert!(dashboard_html(&p)
            .contains(r#"<p class="trainer-weakest" data-theme="defence">Weakest theme: Defence (1 of 3 solved, 33 %).</p>"#));
        assert!(dashboard_html(&TrainerProgress::default()).starts_with("<p>No tries yet"));
    }

    #[test]
    fn the_clock_rounds_up_and_days_are_named_in_utc() {
        assert_eq!(clock(180_000.0), "3:00");
        assert_eq!(clock(179_001.0), "3:00");
        assert_eq!(clock(170_000.0), "2:50");
        assert_eq!(clock(9_500.0), "0:10");
        assert_eq!(clock(0.0), "0:00");
        assert_eq!(clock(-5.0), "0:00");
        assert_eq!(clock(f64::NAN), "0:00");
        let day = |ms: f64| date_of_ms(ms).map(|d| d.to_string());
        assert_eq!(day(0.0).as_deref(), Some("1970-01-01"));
        // 2025-11-29T00:00:00Z, a millisecond before, and the end of that day.
        assert_eq!(day(1_764_374_400_000.0).as_deref(), Some("2025-11-29"));
        assert_eq!(day(1_764_374_399_999.0).as_deref(), Some("2025-11-28"));
        assert_eq!(day(1_764_460_799_999.0).as_deref(), Some("2025-11-29"));
        // A leap day, and the turn of a century that is no leap year's.
        assert_eq!(day(951_782_400_000.0).as_deref(), Some("2000-02-29"));
        assert_eq!(day(4_107_542_400_000.0).as_deref(), Some("2100-03-01"));
        assert_eq!(day(f64::INFINITY), None);
        let date = CalendarDate::new(2025, 11, 29).unwrap();
        assert_eq!(daily_name(date), "Puzzle of 29 November");
        assert_eq!(
            daily_name(CalendarDate::new(2026, 1, 3).unwrap()),
            "Puzzle of 3 January"
        );
    }
}
