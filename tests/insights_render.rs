//! The insights panel's markup (`insights::render`): the figures it shows, the charts' scales,
//! the tables' order, and every record's text escaped.

use beeline::collection::Failure;
use beeline::engine::piece::{Bug, Color};
use beeline::insights::games::{LeftOut, OpeningSeen, PlayerGame, PlayerResult};
use beeline::insights::render::*;
use beeline::insights::report::{InsightsReport, TacticFigures};
use beeline::insights::review::{GameFacts, MoveFacts, Phase};
use beeline::insights::tactics::{Tactic, TacticKind};
use beeline::search::game_review::Judgement;
use Color::{Black, White};
use PlayerResult::{Draw, Loss, Unfinished, Win};

const BOB: &str = "Bob <script>alert(1)</script> & Co";
const BOB_ESCAPED: &str = "Bob &lt;script&gt;alert(1)&lt;/script&gt; &amp; Co";

/// Eight plies, both sides alike: first placements unscored, the opening and the end best,
/// the middle losing `middle` thousandths.
fn facts(middle: u16, tactics: Vec<Tactic>) -> GameFacts {
    let plan = [
        (Bug::Spider, Phase::Opening, None),
        (Bug::Queen, Phase::Opening, Some(0)),
        (Bug::Ant, Phase::Middle, Some(middle)),
        (Bug::Beetle, Phase::End, Some(0)),
    ];
    let judge = |lost: Option<u16>| match lost.unwrap_or(0) {
        0 => Judgement::Best,
        1..50 => Judgement::Good,
        50..100 => Judgement::Inaccuracy,
        100..200 => Judgement::Mistake,
        _ => Judgement::Blunder,
    };
    let moves = plan.iter().flat_map(|&(bug, phase, lost)| {
        [White, Black].map(|mover| MoveFacts {
            mover,
            bug: Some(bug),
            phase,
            judgement: judge(lost),
            lost,
        })
    });
    GameFacts {
        moves: moves.collect(),
        tactics,
    }
}

fn opening(player_moves: u8, key: u64, direction: &str) -> OpeningSeen {
    let (moves, direction) = (format!("wS1; bS1 \"{key}\""), direction.to_string());
    OpeningSeen {
        player_moves,
        key,
        moves,
        direction,
    }
}

fn game(file: &str, colour: Color, vs: &str, result: PlayerResult, month: &str) -> PlayerGame {
    PlayerGame {
        file: file.to_string(),
        index: 3,
        name: "Ann".to_string(),
        colour,
        opponent: Some(vs.to_string()),
        result,
        game_type: "Base+MLP".to_string(),
        month: (!month.is_empty()).then(|| month.to_string()),
        plies: 40,
        openings: Vec::new(),
    }
}

fn tactic(kind: TacticKind, by: Color, ply: usize) -> Tactic {
    let line = vec!["wQ -bG1".to_string(), "bA1 wQ/".to_string()];
    let moves = 2;
    Tactic {
        kind,
        by,
        ply,
        line,
        moves,
    }
}

/// Five games over two months: 2 wins, a draw, a loss and one unfinished (a score of 0.625).
fn sample() -> InsightsReport {
    let mut g1 = game("a&b.pgn", White, BOB, Win, "2023-01");
    g1.openings = vec![opening(2, 1, "S → Q"), opening(3, 3, "S → Q → A")];
    let mut g3 = game("c.pgn", White, "Cy", Draw, "2023-02");
    g3.openings = vec![opening(2, 1, "S → Q")];
    let mut g5 = game("e.pgn", White, "Dee", Unfinished, "2023-02");
    g5.openings = vec![opening(2, 2, "A <b> Q")];
    let games = vec![
        (g1, facts(0, vec![tactic(TacticKind::MissedWin, White, 38)])),
        (
            game("c.pgn", Black, "Cy", Loss, "2023-01"),
            facts(150, vec![tactic(TacticKind::AllowedLoss, Black, 12)]),
        ),
        (g3, facts(60, Vec::new())),
        (game("d.pgn", Black, BOB, Win, ""), facts(300, Vec::new())),
        (g5, facts(20, Vec::new())),
    ];
    let (source, error) = ("x.pgn".to_string(), "bad".to_string());
    let left_out = LeftOut {
        ambiguous: 1,
        unreadable: vec![Failure { source, error }],
        ..LeftOut::default()
    };
    InsightsReport::build("Ann", "depth 3".to_string(), &games, left_out)
}

/// Every tag closed in order, none left open: the markup parses as it is meant to.
fn balanced(html: &str) {
    let mut open: Vec<&str> = Vec::new();
    for tag in html.split('<').skip(1) {
        let tag = &tag[..tag.find('>').expect("a tag ends")];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(open.pop(), Some(name), "in {html}");
        } else if !tag.ends_with('/') {
            open.push(tag.split(' ').next().unwrap_or(""));
        }
    }
    assert!(open.is_empty(), "{open:?} left open in {html}");
}

/// The figure whose caption is `caption`.
fn figure<'a>(html: &'a str, caption: &str) -> Option<&'a str> {
    let caption = format!("<figcaption>{caption}<");
    html.split("<figure").find(|f| f.contains(&caption))
}

/// The number in `s`'s first attribute `name`.
fn attr(s: &str, name: &str) -> f64 {
    let at = s.find(&format!(" {name}=\"")).expect("the attribute") + name.len() + 3;
    s[at..at + s[at..].find('"').unwrap()].parse().unwrap()
}

#[test]
fn summary_states_the_results_and_what_was_left_out() {
    let r = sample();
    let s = summary(&r);
    balanced(&s);
    assert!(s.contains("5 games (1 unfinished)"), "{s}");
    assert!(s.contains("2 wins, 1 draw, 1 loss: score 63%"), "{s}");
    assert!(s.contains("1 missed win, 1 allowed loss"), "{s}");
    let accuracy = format!("<dd>{:.1}</dd>", r.accuracy.unwrap());
    assert!(s.contains(&accuracy), "{s}");
    assert!(s.contains("Left out: 1 game where both") && s.contains("1 record that"));
    assert!(!s.contains("read twice") && !s.contains("read only up to"));
    let left_out = LeftOut::default();
    assert!(!summary(&InsightsReport { left_out, ..r }).contains("Left out"));
}

#[test]
fn charts_are_well_formed_and_to_scale() {
    let html = charts(&sample());
    balanced(&html);
    for tag in [
        "<figure",
        "</svg>",
        "<figcaption>",
        "width=\"100%",
        "aria-label",
    ] {
        assert_eq!(html.matches(tag).count(), 4, "{tag}");
    }
    assert!(!html.contains("insights-empty") && !html.contains("px"));
    // Every bar and dot carries its figures as hover text (the legend's swatches close).
    for shape in ["<rect", "<circle"] {
        for s in html.split(shape).skip(1) {
            let tag = &s[..s.find('>').unwrap()];
            let titled = s[tag.len()..].starts_with("><title>");
            assert!(tag.ends_with('/') || titled, "{s}");
        }
    }
    // Results: a segment a result, all to one scale, labelled with the counts.
    let results = figure(&html, "Results by colour").unwrap();
    assert!(results.contains(">1 W, 1 D, 0 L<") && results.contains(">1 W, 0 D, 1 L<"));
    let segments = results.split("<rect class=\"bar-").skip(1);
    let widths: Vec<f64> = segments
        .filter(|s| !s[..s.find('>').unwrap()].contains("swatch"))
        .map(|s| attr(s, "width"))
        .collect();
    assert_eq!(widths.len(), 4);
    assert!(widths.iter().all(|&w| w == widths[0]), "{widths:?}");
    // Accuracy: widths proportional to the accuracies in the bars' titles.
    for caption in ["Accuracy by phase", "Accuracy by bug"] {
        let fig = figure(&html, caption).unwrap();
        let bars: Vec<(f64, f64)> = (fig.split("<rect class=\"bar-series\"").skip(1))
            .map(|s| {
                let acc = s.split("accuracy ").nth(1).unwrap().split(' ').next();
                (attr(s, "width"), acc.unwrap().parse().unwrap())
            })
            .collect();
        let full = bars.iter().find(|b| b.1 == 100.0).unwrap().0;
        assert!(bars.iter().any(|b| b.1 < 90.0), "{bars:?}");
        for (w, a) in &bars {
            assert!((w - full * a / 100.0).abs() <= 0.06, "{w} for {a}: {fig}");
        }
    }
    // Bugs present only: the Spiders' placements are never scored.
    let bugs = figure(&html, "Accuracy by bug").unwrap();
    assert_eq!(bugs.matches("<rect").count(), 3);
    assert!(!bugs.contains("Spider") && bugs.contains("Soldier Ant"));
    // Two months: a line with a dot each.
    let months = figure(&html, "Accuracy by month").unwrap();
    assert_eq!(months.matches("<circle").count(), 2);
    assert_eq!(months.matches("<polyline").count(), 1);
    assert!(months.contains(">2023-01<") && months.contains(">2023-02<"));
}

#[test]
fn month_chart_needs_dates_and_thins_its_labels() {
    let report = |games: &[_]| {
        charts(&InsightsReport::build(
            "",
            String::new(),
            games,
            LeftOut::default(),
        ))
    };
    let undated = [(game("u.pgn", White, "Cy", Win, ""), facts(60, vec![]))];
    let html = report(&undated);
    assert!(figure(&html, "Accuracy by month").is_none());
    assert_eq!(html.matches("<figure").count(), 3);
    assert!(html.contains(r#"<p class="insights-empty">No dated games"#));
    // One month: a bar, not a line.
    let one = [(
        game("u.pgn", White, "Cy", Win, "2024-05"),
        facts(60, vec![]),
    )];
    let html = report(&one);
    let month = figure(&html, "Accuracy by month").unwrap();
    assert!(month.contains(r#"<rect class="bar-series""#) && !month.contains("<circle"));
    // Five years: sixty dots, a handful of labels.
    let many: Vec<_> = (0..60u16)
        .map(|i| {
            let month = format!("{}-{:02}", 2019 + i / 12, i % 12 + 1);
            let g = game("m.pgn", Black, "Cy", Loss, &month);
            (g, facts(10 * i, vec![]))
        })
        .collect();
    let html = report(&many);
    balanced(&html);
    let month = figure(&html, "Accuracy by month").unwrap();
    assert_eq!(month.matches("<circle").count(), 60);
    let labels = month.matches(r#"text-anchor="middle">20"#).count();
    assert!((3..=6).contains(&labels), "{labels} labels");
    assert!(month.contains(">2019-01<"));
}

/// The names of a table's rows, in order.
fn row_names(table: &str) -> Vec<String> {
    let cells = table.split(r#"<td class="insights-name""#).skip(1);
    cells
        .map(|s| s[s.find('>').unwrap() + 1..s.find("</td>").unwrap()].to_string())
        .collect()
}

#[test]
fn opponents_sort_stably_and_mark_the_sorted_column() {
    let r = sample();
    let bob = BOB_ESCAPED;
    let t = opponents_table(&r, TableColumn::Score, true);
    balanced(&t);
    assert_eq!(row_names(&t), [bob, "Cy", "Dee"]);
    assert!(t.contains(r#"<td class="num">–</td>"#) && !t.contains("<script>"));
    let names = |c, descending| row_names(&opponents_table(&r, c, descending));
    assert_eq!(names(TableColumn::Score, false), ["Dee", "Cy", bob]);
    // Cy and Dee have no wins: they keep the report's order both ways.
    let t = opponents_table(&r, TableColumn::Wins, true);
    assert_eq!(row_names(&t), [bob, "Cy", "Dee"]);
    assert_eq!(t.matches("aria-sort").count(), 1);
    let sorted = r#"<th scope="col" class="num" aria-sort="descending"><button type="button" data-sort="wins" data-table="opponents""#;
    assert!(t.contains(sorted), "{t}");
    assert_eq!(names(TableColumn::Wins, false), ["Cy", "Dee", bob]);
    let t = opponents_table(&r, TableColumn::Name, false);
    assert_eq!(row_names(&t), [bob, "Cy", "Dee"]);
    let sorted = r#"<th scope="col" aria-sort="ascending"><button type="button" data-sort="name""#;
    assert!(t.contains(sorted), "{t}");
    assert_eq!(t.matches("<button").count(), 6);
    for c in TableColumn::ALL {
        assert_eq!(TableColumn::from_name(c.name()), Some(c));
    }
    assert_eq!(TableColumn::from_name("colour"), None);
}

#[test]
fn openings_table_limits_its_rows() {
    let r = sample();
    assert_eq!(r.openings.len(), 3);
    let t = openings_table(&r, TableColumn::Games, true, 2);
    balanced(&t);
    assert!(t.contains("<caption>") && t.contains(r#"data-table="openings""#));
    assert_eq!(t.matches("<tr>").count(), 1 + 2);
    assert!(t.contains(r#"<td colspan="8">1 more opening</td>"#), "{t}");
    let uhp = r#"title="wS1; bS1 &quot;1&quot;">S → Q</td>"#;
    assert!(t.contains(uhp), "{t}");
    assert!(t.contains(r#"<td class="num">75%</td>"#) && t.contains(">–</td>"));
    let t = openings_table(&r, TableColumn::Name, true, 3);
    assert_eq!(row_names(&t), ["S → Q → A", "S → Q", "A &lt;b&gt; Q"]);
    assert!(!t.contains("more opening"));
}

#[test]
fn tactics_open_their_games_when_the_games_are_known() {
    let r = sample();
    let all = [r.missed_wins.clone(), r.allowed_losses.clone()].concat();
    assert_eq!(all.len(), 2);
    let number = |t: &TacticFigures| (t.file == "a&b.pgn").then_some(7);
    let html = tactics_list(&all, &number, "None.");
    balanced(&html);
    assert!(html.starts_with(r#"<ol class="insights-tactics">"#));
    assert_eq!(html.matches("<li>").count(), 2);
    assert_eq!(html.matches(r#"data-game="7""#).count(), 1);
    assert_eq!(html.matches("data-game").count(), 1);
    let open = format!(r#"data-ply="38">against {BOB_ESCAPED} as White, after ply 38<"#);
    assert!(html.contains(&open), "{html}");
    assert!(html.contains("<li>against Cy as Black, after ply 12 "));
    assert!(html.contains("<code>wQ -bG1; bA1 wQ/</code>") && html.contains("a&amp;b.pgn #3"));
    assert!(!html.contains("<script>"));
    let none = tactics_list(&[], &number, "No missed <wins>.");
    let p = r#"<p class="insights-empty">No missed &lt;wins&gt;.</p>"#;
    assert_eq!(none, p);
}
