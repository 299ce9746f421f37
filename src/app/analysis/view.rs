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
/// the position shown. The page keeps the frame ([`graph_frame`]: Black's ground, the even
/// line) and adds to its three groups what each row adds ([`graph_piece`]), so that a row
/// costs the same at the end of a long game as at its start, and a step only moves the
/// line. (The whole graph, as the page puts it together, for the tests.)
#[cfg(test)]
pub fn graph_markup(rows: &[ReviewRow], total: usize) -> String {
    let (mut white, mut curve, mut points) = (String::new(), String::new(), String::new());
    for (i, r) in rows.iter().enumerate() {
        let piece = graph_piece(i.checked_sub(1).map(|j| &rows[j]), r, total);
        white.push_str(&piece.white);
        curve.push_str(&piece.curve);
        points.push_str(&piece.point);
    }
    graph_frame()
        .replacen(
            r#"class="graph-back"></g>"#,
            &format!(r#"class="graph-back">{white}</g>"#),
            1,
        )
        .replacen(
            r#"class="graph-curve"></g>"#,
            &format!(r#"class="graph-curve">{curve}</g>"#),
            1,
        )
        .replacen(
            r#"class="graph-points"></g>"#,
            &format!(r#"class="graph-points">{points}</g>"#),
            1,
        )
}

/// The graph's frame: Black's ground, the groups of White's ground (`.graph-back`), of the
/// curve (`.graph-curve`) and of the points (`.graph-points`) empty, the even line, and the
/// line on the position shown.
pub fn graph_frame() -> String {
    let (width, height) = (GRAPH_WIDTH, GRAPH_HEIGHT);
    format!(
        r#"<svg viewBox="-6 -6 {} {}" preserveAspectRatio="none" role="group" aria-label="Evaluation graph: White's chances along the game"><rect x="0" y="0" width="{}" height="{}" class="graph-black"/><g class="graph-back"></g><line x1="0" y1="{}" x2="{}" y2="{}" class="graph-even"/><g class="graph-curve"></g><line x1="0" y1="0" x2="0" y2="{}" class="graph-shown" visibility="hidden"/><g class="graph-points"></g></svg>"#,
        num(width + 12.0),
        num(height + 12.0),
        num(width),
        num(height),
        num(height / 2.0),
        num(width),
        num(height / 2.0),
        num(height)
    )
}

/// What a row adds to the graph ([`graph_piece`]).
pub struct GraphPiece {
    /// White's ground between the row before and this one.
    pub white: String,
    /// The curve between them.
    pub curve: String,
    /// The row's point.
    pub point: String,
}

/// What a row adds to the graph, after the row before it (none for the first).
pub fn graph_piece(before: Option<&ReviewRow>, r: &ReviewRow, total: usize) -> GraphPiece {
    let height = GRAPH_HEIGHT;
    let x = |r: &ReviewRow| graph_x((r.ply as usize).saturating_sub(1), total);
    let y = |r: &ReviewRow| (1.0 - white_share(r.eval, r.win_in)) * height;
    let (mut white, mut curve) = (String::new(), String::new());
    if let Some(b) = before {
        let (x0, y0, x1, y1) = (num(x(b)), num(y(b)), num(x(r)), num(y(r)));
        let h = num(height);
        let _ = write!(
            white,
            r#"<polygon points="{x0},{h} {x0},{y0} {x1},{y1} {x1},{h}" class="graph-white"/>"#
        );
        let _ = write!(
            curve,
            r#"<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" class="graph-line"/>"#
        );
    }
    let ply = (r.ply as usize).saturating_sub(1);
    let judged = judged(r);
    let mark = judged.map_or("", |j| j.name());
    let point = format!(
        r#"<circle data-ply="{ply}" cx="{}" cy="{}" r="{}" class="graph-point {mark}"><title>{}: {}{}</title></circle>"#,
        num(x(r)),
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
    GraphPiece {
        white,
        curve,
        point,
    }
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
        // Between each two points, White's ground and the curve: one piece a row.
        assert_eq!(g.matches("<polygon").count(), rows.len() - 1);
        assert_eq!(g.matches(r#"class="graph-line""#).count(), rows.len() - 1);
        let second = graph_piece(Some(&rows[0]), &rows[1], 4);
        let (x0, x1) = (num(graph_x(0, 4)), num(graph_x(1, 4)));
        assert!(
            second.curve.starts_with(&format!(r#"<line x1="{x0}""#)),
            "{}",
            second.curve
        );
        assert!(
            second.curve.contains(&format!(r#"x2="{x1}""#)),
            "{}",
            second.curve
        );
        assert!(graph_piece(None, &rows[0], 4).white.is_empty());
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
