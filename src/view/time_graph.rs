//! The time graph: both players' clocks along a game's main line, one point a move, drawn
//! under the board (and under the evaluation graph when the analysis shows one). Each point
//! is the mover's time left after the move, or, where the record gives no clock (a BoardSpace
//! game without a time control), the time the move took. A point names its move
//! (`data-ply`), so that a click goes there.
//!
//! ```
//! use beeline::engine::piece::Color;
//! use beeline::record::clock::{MoveClock, MoveTimes};
//! use beeline::view::time_graph;
//! let t = |mover, left| MoveTimes { mover, left: Some(left), used: None, spent: None, written: MoveClock::default() };
//! let svg = time_graph::markup(&[t(Color::White, 180_000), t(Color::Black, 175_000)]).unwrap();
//! assert!(svg.contains(r#"data-ply="2""#));
//! assert!(time_graph::markup(&[]).is_none());
//! ```

use std::fmt::Write as _;

use super::svg::num;
use crate::engine::piece::Color;
use crate::record::clock::{short, MoveTimes};

const WIDTH: f64 = 600.0;
const HEIGHT: f64 = 90.0;

/// What the graph plots.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Measure {
    /// The mover's time left after each move.
    Left,
    /// The time each move took.
    Used,
}

impl Measure {
    fn of(self, t: &MoveTimes) -> Option<u64> {
        match self {
            Measure::Left => t.left,
            Measure::Used => t.used,
        }
    }
}

/// The measure a game's times allow: the clocks when any move has one, else the times used,
/// else none (no graph).
pub fn measure(times: &[MoveTimes]) -> Option<Measure> {
    if times.iter().any(|t| t.left.is_some()) {
        Some(Measure::Left)
    } else if times.iter().any(|t| t.used.is_some()) {
        Some(Measure::Used)
    } else {
        None
    }
}

/// Where the graph draws ply `ply` (1 the first move) of `total`.
pub fn x_of(ply: usize, total: usize) -> f64 {
    if total <= 1 {
        WIDTH / 2.0
    } else {
        (ply.saturating_sub(1)) as f64 * WIDTH / (total - 1) as f64
    }
}

/// The graph of the main line's `times` (index = ply − 1): a line per player through their
/// moves' points, each point a circle with its move and time (`<title>`), and the line on the
/// move shown (`.time-shown`, hidden until placed with [`x_of`]). `None` when no move has a
/// time.
pub fn markup(times: &[MoveTimes]) -> Option<String> {
    let m = measure(times)?;
    let top = times.iter().filter_map(|t| m.of(t)).max()?.max(1) as f64;
    let total = times.len();
    let y = |v: u64| HEIGHT - v as f64 / top * HEIGHT;
    let what = match m {
        Measure::Left => "time left",
        Measure::Used => "time used a move",
    };
    let mut s = format!(
        r#"<svg viewBox="-6 -6 {} {}" preserveAspectRatio="none" role="group" aria-label="Time graph: each player's {what} along the game"><rect x="0" y="0" width="{}" height="{}" class="time-ground"/><line x1="0" y1="0" x2="0" y2="{}" class="time-shown" visibility="hidden"/>"#,
        num(WIDTH + 12.0),
        num(HEIGHT + 12.0),
        num(WIDTH),
        num(HEIGHT),
        num(HEIGHT)
    );
    for player in [Color::White, Color::Black] {
        let side = if player == Color::White {
            "white"
        } else {
            "black"
        };
        let points: Vec<(usize, u64)> = times
            .iter()
            .enumerate()
            .filter(|(_, t)| t.mover == player)
            .filter_map(|(i, t)| Some((i + 1, m.of(t)?)))
            .collect();
        let line: Vec<String> = points
            .iter()
            .map(|&(ply, v)| format!("{},{}", num(x_of(ply, total)), num(y(v))))
            .collect();
        if line.len() > 1 {
            let _ = write!(
                s,
                r#"<polyline points="{}" class="time-line {side}"/>"#,
                line.join(" ")
            );
        }
        for (ply, v) in points {
            let _ = write!(
                s,
                r#"<circle data-ply="{ply}" cx="{}" cy="{}" r="3.5" class="time-point {side}"><title>Ply {ply}, {}: {} {what}</title></circle>"#,
                num(x_of(ply, total)),
                num(y(v)),
                player.name(),
                short(v)
            );
        }
    }
    s.push_str("</svg>");
    Some(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::clock::MoveClock;

    fn t(mover: Color, left: Option<u64>, used: Option<u64>) -> MoveTimes {
        MoveTimes {
            mover,
            left,
            used,
            spent: None,
            written: MoveClock::default(),
        }
    }

    #[test]
    fn each_move_is_a_point_of_its_player_placed_by_its_time() {
        let times = [
            t(Color::White, Some(180_000), None),
            t(Color::Black, Some(170_000), None),
            t(Color::White, Some(90_000), None),
            t(Color::Black, None, None),
        ];
        let svg = markup(&times).unwrap();
        assert_eq!(svg.matches("<circle").count(), 3);
        assert_eq!(svg.matches("time-point white").count(), 2);
        assert!(svg.contains(r#"data-ply="3" cx="400" cy="45""#), "{svg}");
        assert!(
            svg.contains("<title>Ply 2, Black: 2:50 time left</title>"),
            "{svg}"
        );
        // White's two points make a line; Black's one point none.
        assert_eq!(svg.matches("<polyline").count(), 1);
    }

    #[test]
    fn times_used_when_no_clock_is_known_and_nothing_when_no_time_is() {
        let used = [
            t(Color::White, None, Some(4_000)),
            t(Color::Black, None, Some(8_000)),
        ];
        assert_eq!(measure(&used), Some(Measure::Used));
        let svg = markup(&used).unwrap();
        assert!(svg.contains("time used a move"));
        assert!(svg.contains(r#"data-ply="2" cx="600" cy="0""#), "{svg}");
        assert_eq!(markup(&[t(Color::White, None, None)]), None);
        assert_eq!(x_of(1, 1), WIDTH / 2.0);
    }
}
