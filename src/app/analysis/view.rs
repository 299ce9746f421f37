//! What the analysis panel shows, as text and markup, free of the DOM: the evaluation's
//! words, the bar's share, the lines and the threat, the review's graph and summary (what
//! it draws on the board is `arrows`'). Tested natively.

use crate::protocol::analysis_messages::{ReviewRow, SearchLine};
use crate::search::game_review::{win_probability, Judgement, Notated};
use crate::view::svg::{escape, num};
use std::fmt::Write;

/// A count as a player reads it at a glance: `950`, `12.3k`, `4.1M`.
pub fn count_text(n: u64) -> String {
    match n {
        0..=999 => n.to_string(),
        1_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}

/// The evaluation as players read it: `+0.35` (White better), `−1.20`, `White wins in 3`.
pub fn eval_text(eval: f64, win_in: Option<i32>) -> String {
    match win_in {
        Some(n) if n > 0 => format!("White wins in {n}"),
        Some(n) => format!("Black wins in {}", -n),
        None if eval.abs() < 0.005 => "0.00".to_string(),
        None if eval > 0.0 => format!("+{eval:.2}"),
        None => format!("−{:.2}", -eval),
    }
}

/// The evaluation said in words, for a screen reader.
pub fn eval_words(eval: f64, win_in: Option<i32>, depth: u8) -> String {
    let side = match win_in {
        Some(n) if n > 0 => format!("White wins in {n} plies"),
        Some(n) => format!("Black wins in {} plies", -n),
        None if eval.abs() < 0.005 => "even".to_string(),
        None if eval > 0.0 => format!("White ahead by {eval:.2}"),
        None => format!("Black ahead by {:.2}", -eval),
    };
    format!("Evaluation {side}, depth {depth}")
}

/// White's share of the evaluation bar: White's chances of winning.
pub fn white_share(eval: f64, win_in: Option<i32>) -> f64 {
    match win_in {
        Some(n) if n > 0 => 1.0,
        Some(_) => 0.0,
        None => win_probability((eval * 100.0).round() as i32),
    }
}

/// The best line as a list: each move a button in the three notations.
pub fn line_markup(moves: &[Notated], first_ply: usize, rank: usize) -> String {
    let mut s = String::new();
    for (i, m) in moves.iter().enumerate() {
        let ply = first_ply + i;
        let _ = write!(
            s,
            r#"<li><button type="button" data-line="{rank}" data-move="{i}" title="Play the line up to here (ply {ply})"><span class="ply">{ply}.</span> <span class="standard">{}</span> <span class="direction">{}</span> <span class="algebraic">{}</span></button></li>"#,
            escape(&m.standard),
            escape(&m.direction),
            escape(&m.algebraic),
        );
    }
    s
}

/// The engine's lines, best first, each a `[data-line]` block (its rank, `data-eval` from
/// White's side, `data-depth`) with its evaluation and its moves (the first line's list is
/// `#best-line`).
pub fn lines_markup(lines: &[(&SearchLine, Vec<Notated>)], first_ply: usize) -> String {
    let mut s = String::new();
    for (k, (line, moves)) in lines.iter().enumerate() {
        let rank = k + 1;
        let id = if rank == 1 { r#" id="best-line""# } else { "" };
        let _ = write!(
            s,
            r#"<div class="engine-line" data-line="{rank}" data-eval="{:.2}" data-depth="{}"><span class="line-eval">{}</span><ol{id} class="best-line" aria-label="{}">{}</ol></div>"#,
            line.eval,
            line.depth,
            escape(&eval_text(line.eval, line.win_in)),
            if rank == 1 {
                "Best line".to_string()
            } else {
                format!("Line {rank}")
            },
            line_markup(moves, first_ply, rank),
        );
    }
    s
}

/// The threat: what the opponent would play if the side to move passed, with the
/// evaluation of that position, its moves as items (`[data-move]`), not buttons: a line
/// after a pass cannot be played into the game.
pub fn threat_markup(moves: &[Notated], eval: f64, win_in: Option<i32>) -> String {
    let mut s = format!(
        r#"<span class="line-eval">Threat · {}</span><ol class="best-line threat" aria-label="Threat line">"#,
        escape(&eval_text(eval, win_in))
    );
    for (i, m) in moves.iter().enumerate() {
        let _ = write!(
            s,
            r#"<li data-move="{i}"><span class="standard">{}</span> <span class="direction">{}</span> <span class="algebraic">{}</span></li>"#,
            escape(&m.standard),
            escape(&m.direction),
            escape(&m.algebraic),
        );
    }
    s.push_str("</ol>");
    s
}

/// A review row's judgement where it marks the move (an inaccuracy, a mistake, a blunder).
pub fn judged(row: &ReviewRow) -> Option<Judgement> {
    row.judgement.filter(|j| j.mark().is_some())
}

/// The graph's drawing size, in its own units.
const GRAPH_WIDTH: f64 = 600.0;
const GRAPH_HEIGHT: f64 = 120.0;

/// Where the graph draws the position after `ply` moves, of `total` positions.
fn graph_x(ply: usize, total: usize) -> f64 {
    ply as f64 * GRAPH_WIDTH / (total.max(2) - 1) as f64
}

/// The evaluation graph of a review: White's chances along the game, one point per
/// position (`data-ply` is the number of moves played before it: 0 is the start), the
/// judged moves marked, and a line (`.graph-shown`, hidden) that [`graph_shown_x`] puts on
/// the position shown. The page keeps the frame ([`graph_frame`]) and writes its two parts
/// ([`graph_parts`]) when the review changes: a step only moves the line. (The whole graph,
/// as the page puts it together, for the tests.)
#[cfg(test)]
pub fn graph_markup(rows: &[ReviewRow], total: usize) -> String {
    let (back, points) = graph_parts(rows, total);
    graph_frame()
        .replacen("></g>", &format!(">{back}</g>"), 1)
        .replacen("></g></svg>", &format!(">{points}</g></svg>"), 1)
}

/// The graph's frame: its parts' groups (`.graph-back`, `.graph-points`) empty, and between
/// them the line on the position shown.
pub fn graph_frame() -> String {
    format!(
        r#"<svg viewBox="-6 -6 {} {}" preserveAspectRatio="none" role="group" aria-label="Evaluation graph: White's chances along the game"><g class="graph-back"></g><line x1="0" y1="0" x2="0" y2="{}" class="graph-shown" visibility="hidden"/><g class="graph-points"></g></svg>"#,
        num(GRAPH_WIDTH + 12.0),
        num(GRAPH_HEIGHT + 12.0),
        num(GRAPH_HEIGHT)
    )
}

/// The graph's background and curve, and its points.
pub fn graph_parts(rows: &[ReviewRow], total: usize) -> (String, String) {
    let (width, height) = (GRAPH_WIDTH, GRAPH_HEIGHT);
    let x = |ply: usize| graph_x(ply, total);
    let y = |r: &ReviewRow| (1.0 - white_share(r.eval, r.win_in)) * height;
    let mut s = format!(
        r#"<rect x="0" y="0" width="{}" height="{}" class="graph-black"/><rect x="0" y="0" width="{}" height="{}" class="graph-white" clip-path="url(#graph-clip)"/><line x1="0" y1="{}" x2="{}" y2="{}" class="graph-even"/>"#,
        num(width),
        num(height),
        num(width),
        num(height),
        num(height / 2.0),
        num(width),
        num(height / 2.0),
    );
    let before = |r: &ReviewRow| (r.ply as usize).saturating_sub(1);
    if !rows.is_empty() {
        let pts: Vec<String> = rows
            .iter()
            .map(|r| format!("{},{}", num(x(before(r))), num(y(r))))
            .collect();
        let last = rows.last().map_or(0.0, |r| x(before(r)));
        let _ = write!(
            s,
            r#"<clipPath id="graph-clip"><polygon points="0,{} {} {},{}"/></clipPath><polyline points="{}" class="graph-line"/>"#,
            num(height),
            pts.join(" "),
            num(last),
            num(height),
            pts.join(" "),
        );
    }
    let mut p = String::new();
    for r in rows {
        let ply = before(r);
        let judged = judged(r);
        let mark = judged.map_or("", |j| j.name());
        let _ = write!(
            p,
            r#"<circle data-ply="{ply}" cx="{}" cy="{}" r="{}" class="graph-point {mark}"><title>{}: {}{}</title></circle>"#,
            num(x(ply)),
            num(y(r)),
            if judged.is_some() { "5" } else { "3.5" },
            if ply == 0 {
                "Start".to_string()
            } else {
                format!("After ply {ply}")
            },
            eval_text(r.eval, r.win_in),
            judged.map_or(String::new(), |j| format!(", then a {}", j.name())),
        );
    }
    (s, p)
}

/// Where the graph's line for the position after `shown` moves goes (`x1` and `x2`), or
/// `None` past the positions reviewed.
pub fn graph_shown_x(total: usize, shown: usize) -> Option<String> {
    (shown < total).then(|| num(graph_x(shown, total)))
}

/// Each player's inaccuracies, mistakes and blunders; `white_first` says who made the first
/// move.
pub fn summary(rows: &[ReviewRow], white_first: bool) -> String {
    let mut counts = [[0usize; 3]; 2];
    for r in rows {
        let Some(j) = judged(r) else { continue };
        let white = (r.ply % 2 == 1) == white_first;
        let k = match j {
            Judgement::Inaccuracy => 0,
            Judgement::Mistake => 1,
            _ => 2,
        };
        counts[usize::from(!white)][k] += 1;
    }
    let say = |c: [usize; 3]| {
        let word =
            |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
        format!(
            "{}, {}, {}",
            word(c[0], "inaccuracy", "inaccuracies"),
            word(c[1], "mistake", "mistakes"),
            word(c[2], "blunder", "blunders")
        )
    };
    format!("White: {}. Black: {}.", say(counts[0]), say(counts[1]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_read_at_a_glance() {
        assert_eq!(count_text(950), "950");
        assert_eq!(count_text(12_345), "12.3k");
        assert_eq!(count_text(4_100_000), "4.1M");
    }

    #[test]
    fn evaluations_read_as_players_say_them() {
        assert_eq!(eval_text(0.35, None), "+0.35");
        assert_eq!(eval_text(-1.2, None), "−1.20");
        assert_eq!(eval_text(0.001, None), "0.00");
        assert_eq!(eval_text(100.0, Some(3)), "White wins in 3");
        assert_eq!(eval_text(-100.0, Some(-4)), "Black wins in 4");
        assert_eq!(
            eval_words(-0.5, None, 7),
            "Evaluation Black ahead by 0.50, depth 7"
        );
        assert_eq!(white_share(100.0, Some(1)), 1.0);
        assert_eq!(white_share(-100.0, Some(-1)), 0.0);
        assert!((white_share(0.0, None) - 0.5).abs() < 1e-9);
        assert!(white_share(3.0, None) > 0.5 && white_share(-3.0, None) < 0.5);
    }

    #[test]
    fn the_line_lists_each_move_in_three_notations() {
        let m = line_markup(
            &[
                Notated {
                    standard: "wA1 -bQ".into(),
                    direction: "A2×Qs".into(),
                    algebraic: "wA m n2".into(),
                },
                Notated {
                    standard: "bB1 wA1-".into(),
                    direction: "B<".into(),
                    algebraic: "bB n0".into(),
                },
            ],
            9,
            2,
        );
        assert_eq!(m.matches("<li>").count(), 2);
        assert!(m.contains(r#"data-line="2" data-move="0""#));
        assert!(m.contains(r#"data-line="2" data-move="1""#));
        assert!(m.contains(r#"<span class="ply">10.</span>"#));
        assert!(m.contains(r#"<span class="direction">A2×Qs</span>"#));
        assert!(m.contains(r#"<span class="direction">B&lt;</span>"#));
    }

    /// Each line is a block with its rank, evaluation and depth; the first one's list is
    /// `#best-line`, and only it.
    #[test]
    fn the_lines_are_ranked_blocks_and_the_threat_is_no_button() {
        let moves = vec![Notated {
            standard: "wQ -bA1".into(),
            direction: "Q+As".into(),
            algebraic: "wQ l0".into(),
        }];
        let line = |eval: f64| SearchLine {
            depth: 7,
            eval,
            win_in: None,
            nodes: 1000,
            ms: 10,
            moves: vec![],
            legal_moves: 30,
        };
        let (a, b) = (line(0.5), line(-0.25));
        let m = lines_markup(&[(&a, moves.clone()), (&b, moves.clone())], 5);
        assert_eq!(m.matches(r#"class="engine-line""#).count(), 2);
        assert!(
            m.contains(r#"data-line="1" data-eval="0.50" data-depth="7""#),
            "{m}"
        );
        assert!(
            m.contains(r#"data-line="2" data-eval="-0.25" data-depth="7""#),
            "{m}"
        );
        assert_eq!(m.matches(r#"id="best-line""#).count(), 1);
        assert!(m.find(r#"id="best-line""#) < m.find(r#"data-line="2""#));
        assert!(m.contains(r#"data-line="2" data-move="0""#), "{m}");
        let t = threat_markup(&moves, 3.5, None);
        assert!(
            t.contains(r#"<li data-move="0">"#) && !t.contains("<button"),
            "{t}"
        );
        assert!(t.contains("Threat · +3.50"), "{t}");
    }

    fn row(ply: usize, eval: f64, j: Option<Judgement>) -> ReviewRow {
        ReviewRow {
            done: 0,
            total: 0,
            ply: ply as u32,
            eval,
            eval_after: 0.0,
            win_in: None,
            judgement: j,
            best: None,
            depth: 0,
        }
    }

    #[test]
    fn the_graph_has_a_point_per_position_and_marks_the_judged_moves() {
        let rows = vec![
            row(1, 0.1, Some(Judgement::Best)),
            row(2, 0.3, Some(Judgement::Blunder)),
            row(3, -4.0, Some(Judgement::Inaccuracy)),
            row(4, -4.2, None),
        ];
        let g = graph_markup(&rows, 4);
        for ply in 0..4 {
            assert!(g.contains(&format!(r#"data-ply="{ply}""#)), "{g}");
        }
        assert_eq!(g.matches("graph-point blunder").count(), 1);
        assert_eq!(g.matches("graph-point inaccuracy").count(), 1);
        assert!(g.contains("After ply 1: +0.30, then a blunder"), "{g}");
        // Lower is better for Black: the third point sits below the even line.
        assert!(g.contains(r#"class="graph-shown" visibility="hidden""#));
        // The line goes where the point of the position shown is.
        let x = graph_shown_x(4, 2).expect("a position reviewed");
        assert!(g.contains(&format!(r#"data-ply="2" cx="{x}""#)), "{g}");
        assert_eq!(graph_shown_x(4, 4), None);
        assert_eq!(
            summary(&rows, true),
            "White: 1 inaccuracy, 0 mistakes, 0 blunders. Black: 0 inaccuracies, 0 mistakes, 1 blunder."
        );
        assert_eq!(
            summary(&rows, false),
            "White: 0 inaccuracies, 0 mistakes, 1 blunder. Black: 1 inaccuracy, 0 mistakes, 0 blunders."
        );
        assert_eq!(Judgement::Blunder.mark(), Some("??"));
        assert_eq!(Judgement::Good.mark(), None);
    }
}
