//! The report as the browser shows it: HTML and SVG text, written natively and tested here.
//!
//! Plain strings rather than DOM nodes, so that the panel's markup is tested without a
//! browser and the app only sets it. Colours are never written here: the markup carries
//! classes, and `assets/style.css` ("Insights panel") colours them for both themes. Every
//! text that comes from the records (names, files, moves) goes through [`escape`].

use super::report::{
    InsightsReport, MonthFigures, NamedFigures, NamedResults, OpeningFigures, Results,
    TacticFigures,
};
use crate::engine::piece::Color;
use crate::view::svg::escape;
use std::fmt::Write;

/// A column a table can be sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableColumn {
    Name,
    Games,
    Wins,
    Draws,
    Losses,
    Score,
}

impl TableColumn {
    pub const ALL: [TableColumn; 6] = [
        TableColumn::Name,
        TableColumn::Games,
        TableColumn::Wins,
        TableColumn::Draws,
        TableColumn::Losses,
        TableColumn::Score,
    ];

    /// The column's name in the markup's `data-sort` attributes.
    pub fn name(self) -> &'static str {
        match self {
            TableColumn::Name => "name",
            TableColumn::Games => "games",
            TableColumn::Wins => "wins",
            TableColumn::Draws => "draws",
            TableColumn::Losses => "losses",
            TableColumn::Score => "score",
        }
    }

    /// The column a `data-sort` attribute names.
    pub fn from_name(s: &str) -> Option<TableColumn> {
        TableColumn::ALL.into_iter().find(|c| c.name() == s)
    }

    /// The heading of a results column (the name column's depends on the table), and the
    /// letter a phone's column shows instead, so that eight columns fit in 390 px.
    fn heading(self) -> (&'static str, &'static str) {
        match self {
            TableColumn::Name => ("Name", "Name"),
            TableColumn::Games => ("Games", "G"),
            TableColumn::Wins => ("Wins", "W"),
            TableColumn::Draws => ("Draws", "D"),
            TableColumn::Losses => ("Losses", "L"),
            TableColumn::Score => ("Score", "%"),
        }
    }
}

/// The summary's inner HTML, a `<dl>`: the player's names, games, wins, draws and losses
/// with the score, the mean accuracy, inaccuracies, mistakes and blunders a game, the missed
/// wins and allowed losses, and the review's setting; then, only when something was, one
/// line of what was left out (ambiguous games, duplicates, unreadable records, games read in
/// part), so that a count that looks short says why.
pub fn summary(r: &InsightsReport) -> String {
    let mut out = String::from(r#"<dl class="insights-summary">"#);
    let names = if r.names.is_empty() {
        escape(&r.player)
    } else {
        escape(&r.names.join(", "))
    };
    item(&mut out, "Player", &names);
    let games = match r.unfinished {
        0 => plural(r.games, "game", "games"),
        n => format!("{} ({n} unfinished)", plural(r.games, "game", "games")),
    };
    item(&mut out, "Games", &games);
    let score = match r.score {
        Some(s) => format!(": score {}", percent(s)),
        None => String::new(),
    };
    let results = format!(
        "{}, {}, {}{score}",
        plural(r.wins, "win", "wins"),
        plural(r.draws, "draw", "draws"),
        plural(r.losses, "loss", "losses"),
    );
    item(&mut out, "Results", &results);
    let accuracy = r.accuracy.map_or_else(|| "–".to_string(), accuracy_text);
    item(&mut out, "Accuracy", &accuracy);
    let per_game = format!(
        "{}, {}, {}",
        per_game(r.inaccuracies_per_game, "inaccuracy", "inaccuracies"),
        per_game(r.mistakes_per_game, "mistake", "mistakes"),
        per_game(r.blunders_per_game, "blunder", "blunders"),
    );
    item(&mut out, "Per game", &per_game);
    let tactics = format!(
        "{}, {}",
        plural(r.missed_wins.len(), "missed win", "missed wins"),
        plural(r.allowed_losses.len(), "allowed loss", "allowed losses"),
    );
    item(&mut out, "Tactics", &tactics);
    // The best and the worst two-move openings of each colour (docs/INSIGHTS.md).
    for (term, picks) in [
        ("Best opening", &r.best_openings),
        ("Worst opening", &r.worst_openings),
    ] {
        let named: Vec<String> = [(&picks.white, "White"), (&picks.black, "Black")]
            .into_iter()
            .filter_map(|(o, colour)| {
                let o = o.as_ref()?;
                Some(format!(
                    "as {colour} {} ({}, {})",
                    escape(&o.direction),
                    plural(o.results.games, "game", "games"),
                    o.results.score.map_or_else(|| "–".to_string(), percent)
                ))
            })
            .collect();
        if !named.is_empty() {
            item(&mut out, term, &named.join("; "));
        }
    }
    if !r.setting.is_empty() {
        item(&mut out, "Review", &escape(&r.setting));
    }
    out.push_str("</dl>");
    let lo = &r.left_out;
    let mut parts = Vec::new();
    if lo.ambiguous > 0 {
        parts.push(format!(
            "{} where both players' names match",
            plural(lo.ambiguous, "game", "games")
        ));
    }
    if lo.duplicates > 0 {
        parts.push(format!(
            "{} read twice (counted once)",
            plural(lo.duplicates, "game", "games")
        ));
    }
    if !lo.unreadable.is_empty() {
        parts.push(format!(
            "{} that could not be read",
            plural(lo.unreadable.len(), "record", "records")
        ));
    }
    if !lo.read_in_part.is_empty() {
        parts.push(format!(
            "{} read only up to a bad move (the moves before it count)",
            plural(lo.read_in_part.len(), "game", "games")
        ));
    }
    if !parts.is_empty() {
        let _ = write!(
            out,
            r#"<p class="insights-left-out">Left out: {}.</p>"#,
            parts.join("; ")
        );
    }
    out
}

/// One `<dt>`/`<dd>` pair; `value` is markup already escaped.
fn item(out: &mut String, term: &str, value: &str) {
    let _ = write!(out, "<div><dt>{term}</dt><dd>{value}</dd></div>");
}

/// The width of the charts' coordinates (a phone's column, give or take): the SVGs scale to
/// their box from there, so their text stays readable from 390 px to 1280 px.
const VIEW_W: f64 = 360.0;
/// Where the bars start: the rows' names end just left of it.
const BARS_X: f64 = 84.0;
/// The length of a full bar (100 accuracy, the most games), leaving room for its label.
const BAR_W: f64 = 160.0;
const ROW_H: f64 = 22.0;
const BAR_H: f64 = 14.0;
const TOP: f64 = 4.0;

/// The charts' inner HTML: a `<figure class="insights-chart">` each, captioned, its SVG an
/// image named by `aria-label` and `<title>`: results by colour (a stacked bar a colour),
/// accuracy by phase and by bug (bars from 0 to 100, with the value and the moves), and
/// accuracy by month (a line with a dot a month from two months on, a bar for one; the
/// months' labels thinned to a handful). A chart without data is a `<p>` saying so. Each
/// SVG is 360 units wide and as wide as its box, so one drawing serves a 390 px phone and a
/// 1280 px screen; every bar and dot has a `<title>` with its exact figures (hover text).
pub fn charts(r: &InsightsReport) -> String {
    let mut out = String::new();
    results_chart(&mut out, r);
    accuracy_bars(
        &mut out,
        &r.by_phase,
        "Accuracy by phase",
        "No scored moves: no accuracy by phase.",
    );
    accuracy_bars(
        &mut out,
        &r.by_bug,
        "Accuracy by bug",
        "No scored moves: no accuracy by bug.",
    );
    month_chart(&mut out, &r.by_month);
    out
}

/// A figure of an SVG `height` high; `label` (plain text) is both its accessible name and
/// its title.
fn figure(out: &mut String, caption: &str, label: &str, height: f64, body: &str) {
    let label = escape(label);
    let _ = write!(
        out,
        r#"<figure class="insights-chart"><figcaption>{caption}</figcaption><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {VIEW_W} {height}" width="100%" role="img" aria-label="{label}"><title>{label}</title>{body}</svg></figure>"#
    );
}

/// What a chart would have shown, and why it is not there.
fn no_chart(out: &mut String, sentence: &str) {
    let _ = write!(out, r#"<p class="insights-empty">{sentence}</p>"#);
}

/// A row's name, left of its bar.
fn row_label(body: &mut String, y: f64, name: &str) {
    let _ = write!(
        body,
        r#"<text class="label" x="{}" y="{}" text-anchor="end">{}</text>"#,
        BARS_X - 6.0,
        y + BAR_H - 3.0,
        escape(name)
    );
}

/// A row's figures, right of the longest bar.
fn row_value(body: &mut String, y: f64, text: &str) {
    let _ = write!(
        body,
        r#"<text class="value" x="{}" y="{}">{}</text>"#,
        BARS_X + BAR_W + 6.0,
        y + BAR_H - 3.0,
        escape(text)
    );
}

/// A bar (or a segment of one) with its exact figures as hover text.
fn bar(body: &mut String, class: &str, x: f64, y: f64, w: f64, h: f64, title: &str) {
    let _ = write!(
        body,
        r#"<rect class="{class}" x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}"><title>{}</title></rect>"#,
        escape(title)
    );
}

/// Wins, draws and losses a colour, one stacked bar each, the bars to one scale (the most
/// finished games) so that the colours' numbers of games compare too.
fn results_chart(out: &mut String, r: &InsightsReport) {
    let rows = [
        (Color::White, &r.by_colour.white),
        (Color::Black, &r.by_colour.black),
    ];
    let finished = |x: &Results| x.wins + x.draws + x.losses;
    let most = rows.iter().map(|(_, x)| finished(x)).max().unwrap_or(0);
    if most == 0 {
        return no_chart(out, "No finished games: no results by colour.");
    }
    let mut body = String::new();
    let mut label = String::from("Results by colour.");
    for (i, (colour, x)) in rows.iter().enumerate() {
        let y = TOP + i as f64 * ROW_H;
        let name = colour.name();
        row_label(&mut body, y, name);
        let score = x
            .score
            .map_or_else(String::new, |s| format!(", score {}", percent(s)));
        let unfinished = match x.games - finished(x) {
            0 => String::new(),
            n => format!(", {n} unfinished"),
        };
        let _ = write!(
            label,
            " {name}: {}, {}, {}{score}{unfinished}.",
            plural(x.wins, "win", "wins"),
            plural(x.draws, "draw", "draws"),
            plural(x.losses, "loss", "losses"),
        );
        if finished(x) == 0 {
            row_value(&mut body, y, "no finished games");
            continue;
        }
        let mut at = BARS_X;
        for (n, class, one, many) in [
            (x.wins, "bar-win", "win", "wins"),
            (x.draws, "bar-draw", "draw", "draws"),
            (x.losses, "bar-loss", "loss", "losses"),
        ] {
            if n == 0 {
                continue;
            }
            let w = n as f64 / most as f64 * BAR_W;
            let title = format!(
                "{name}: {} of {} finished{score}",
                plural(n, one, many),
                plural(finished(x), "game", "games"),
            );
            bar(&mut body, class, at, y, w, BAR_H, &title);
            at += w;
        }
        row_value(
            &mut body,
            y,
            &format!("{} W, {} D, {} L", x.wins, x.draws, x.losses),
        );
    }
    // The legend: which colour of bar is which result.
    let y = TOP + 2.0 * ROW_H + 4.0;
    for (i, (class, word)) in [
        ("bar-win", "wins"),
        ("bar-draw", "draws"),
        ("bar-loss", "losses"),
    ]
    .into_iter()
    .enumerate()
    {
        let x = BARS_X + i as f64 * 64.0;
        let _ = write!(
            body,
            r#"<rect class="{class} swatch" x="{x}" y="{y}" width="10" height="10"/><text class="tick" x="{}" y="{}">{word}</text>"#,
            x + 14.0,
            y + 9.0
        );
    }
    figure(out, "Results by colour", &label, y + 16.0, &body);
}

/// Accuracy a phase (or a bug), one bar each from 0 to 100, with lines at 0, 50 and 100.
fn accuracy_bars(out: &mut String, rows: &[NamedFigures], caption: &str, none: &str) {
    if rows.iter().all(|f| f.figures.accuracy.is_none()) {
        return no_chart(out, none);
    }
    let mut body = String::new();
    let bottom = TOP + rows.len() as f64 * ROW_H;
    for v in [0.0, 50.0, 100.0] {
        let x = BARS_X + v / 100.0 * BAR_W;
        let _ = write!(
            body,
            r#"<line class="grid" x1="{x}" y1="{}" x2="{x}" y2="{bottom}"/><text class="tick" x="{x}" y="{}" text-anchor="middle">{v}</text>"#,
            TOP - 2.0,
            bottom + 10.0
        );
    }
    let mut label = format!("{caption}, from 0 to 100.");
    for (i, f) in rows.iter().enumerate() {
        let y = TOP + i as f64 * ROW_H;
        let name = capitalised(&f.name);
        row_label(&mut body, y, &name);
        let m = &f.figures;
        let moves = plural(m.moves, "move", "moves");
        let Some(a) = m.accuracy else {
            row_value(&mut body, y, "no moves scored");
            let _ = write!(label, " {name}: no moves scored.");
            continue;
        };
        let lost = m
            .lost_per_move
            .map_or_else(String::new, |l| format!(", {l:.1} points lost a move"));
        let title = format!(
            "{name}: accuracy {} over {moves}{lost}; {}, {}, {}",
            accuracy_text(a),
            plural(m.inaccuracies, "inaccuracy", "inaccuracies"),
            plural(m.mistakes, "mistake", "mistakes"),
            plural(m.blunders, "blunder", "blunders"),
        );
        bar(
            &mut body,
            "bar-series",
            BARS_X,
            y,
            a.clamp(0.0, 100.0) / 100.0 * BAR_W,
            BAR_H,
            &title,
        );
        let value = format!("{}, {moves}", accuracy_text(a));
        row_value(&mut body, y, &value);
        let _ = write!(label, " {name}: {value}.");
    }
    figure(out, caption, &label, bottom + 14.0, &body);
}

/// The month chart's plot area.
const PLOT_L: f64 = 30.0;
const PLOT_R: f64 = VIEW_W - 24.0;
const PLOT_T: f64 = 8.0;
const PLOT_B: f64 = 138.0;
/// Month names on the x-axis at most: "2023-01" takes about 40 units.
const MONTH_LABELS: usize = 6;

/// Accuracy a month: a line through a dot a month once two months have one, a bar otherwise
/// (one point makes no line). Months sit in equal bands whatever their dates, as the report
/// lists them (only months with games).
fn month_chart(out: &mut String, months: &[MonthFigures]) {
    if months.is_empty() {
        return no_chart(out, "No dated games: no accuracy by month.");
    }
    let measured = months.iter().filter(|m| m.accuracy.is_some()).count();
    if measured == 0 {
        return no_chart(out, "No scored moves in dated games: no accuracy by month.");
    }
    let n = months.len();
    let band = (PLOT_R - PLOT_L) / n as f64;
    let x_of = |i: usize| PLOT_L + (i as f64 + 0.5) * band;
    let y_of = |a: f64| PLOT_B - a.clamp(0.0, 100.0) / 100.0 * (PLOT_B - PLOT_T);
    let mut body = String::new();
    for v in [0.0, 50.0, 100.0] {
        let y = y_of(v);
        let _ = write!(
            body,
            r#"<line class="grid" x1="{PLOT_L}" y1="{y}" x2="{PLOT_R}" y2="{y}"/><text class="tick" x="{}" y="{}" text-anchor="end">{v}</text>"#,
            PLOT_L - 4.0,
            y + 3.5
        );
    }
    let step = n.div_ceil(MONTH_LABELS);
    for (i, m) in months.iter().enumerate().step_by(step) {
        let _ = write!(
            body,
            r#"<text class="tick" x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
            x_of(i),
            PLOT_B + 14.0,
            escape(&m.month)
        );
    }
    let title = |m: &MonthFigures, a: f64| {
        let r = &m.results;
        format!(
            "{}: accuracy {} over {} ({}, {}, {})",
            m.month,
            accuracy_text(a),
            plural(r.games, "game", "games"),
            plural(r.wins, "win", "wins"),
            plural(r.draws, "draw", "draws"),
            plural(r.losses, "loss", "losses"),
        )
    };
    if measured >= 2 {
        // A line through each run of months that have an accuracy: a month without one
        // breaks it rather than being drawn as a guess.
        let mut run: Vec<String> = Vec::new();
        let mut lines = String::new();
        let flush = |run: &mut Vec<String>, lines: &mut String| {
            if run.len() >= 2 {
                let _ = write!(
                    lines,
                    r#"<polyline class="line" points="{}"/>"#,
                    run.join(" ")
                );
            }
            run.clear();
        };
        for (i, m) in months.iter().enumerate() {
            match m.accuracy {
                Some(a) => run.push(format!("{:.1},{:.1}", x_of(i), y_of(a))),
                None => flush(&mut run, &mut lines),
            }
        }
        flush(&mut run, &mut lines);
        body.push_str(&lines);
        let radius = (band / 3.0).clamp(1.5, 3.5);
        for (i, m) in months.iter().enumerate() {
            if let Some(a) = m.accuracy {
                let _ = write!(
                    body,
                    r#"<circle class="dot" cx="{:.1}" cy="{:.1}" r="{radius:.1}"><title>{}</title></circle>"#,
                    x_of(i),
                    y_of(a),
                    escape(&title(m, a))
                );
            }
        }
    } else {
        let w = (band * 0.6).min(40.0);
        for (i, m) in months.iter().enumerate() {
            if let Some(a) = m.accuracy {
                let y = y_of(a);
                bar(
                    &mut body,
                    "bar-series",
                    x_of(i) - w / 2.0,
                    y,
                    w,
                    PLOT_B - y,
                    &title(m, a),
                );
            }
        }
    }
    let _ = write!(
        body,
        r#"<line class="axis" x1="{PLOT_L}" y1="{PLOT_B}" x2="{PLOT_R}" y2="{PLOT_B}"/>"#
    );
    let mut label = format!(
        "Accuracy by month, from 0 to 100, {} to {}.",
        months[0].month,
        months[n - 1].month
    );
    if measured <= 12 {
        for m in months {
            if let Some(a) = m.accuracy {
                let _ = write!(label, " {}: {}.", m.month, accuracy_text(a));
            }
        }
    } else {
        let values = months.iter().filter_map(|m| m.accuracy);
        let low = values.clone().fold(f64::INFINITY, f64::min);
        let high = values.fold(f64::NEG_INFINITY, f64::max);
        let _ = write!(
            label,
            " {measured} months, from {} to {}.",
            accuracy_text(low),
            accuracy_text(high)
        );
    }
    figure(out, "Accuracy by month", &label, PLOT_B + 20.0, &body);
}

/// The openings table (`<table class="insights-table">`, captioned): a row an opening of
/// `r.openings` with its colour, the player's moves (2 or 3), the direction notation (the UHP
/// moves as its `title`), games, wins, draws, losses and score (`–` with none finished).
/// The sortable headings are buttons (`data-sort` a [`TableColumn::name`], `data-table="openings"`)
/// for the app to answer clicks on; the sorted one has `aria-sort`. The name column sorts by
/// the direction text; `descending` reverses the order, ties keep the report's (most played
/// first). At most `limit` rows, then one saying how many more; no openings (games from a
/// set-up position, or too short) is a `<p>` saying so.
pub fn openings_table(
    r: &InsightsReport,
    sort: TableColumn,
    descending: bool,
    limit: usize,
) -> String {
    if r.openings.is_empty() {
        let mut out = String::new();
        no_chart(
            &mut out,
            "No openings: no game reached the player's second move from the empty board.",
        );
        return out;
    }
    let mut rows: Vec<&OpeningFigures> = r.openings.iter().collect();
    sort_rows(
        &mut rows,
        sort,
        descending,
        |o| &o.direction,
        |o| &o.results,
    );
    let mut out = String::from(
        r#"<table class="insights-table"><caption>Openings: the positions after the player's second and third moves, the same up to rotation and mirroring</caption><thead><tr><th scope="col">Colour</th><th scope="col" class="num">Moves</th>"#,
    );
    headings(&mut out, "openings", "Opening", sort, descending);
    out.push_str("</tr></thead><tbody>");
    for o in rows.iter().take(limit) {
        let _ = write!(
            out,
            r#"<tr><td>{}</td><td class="num">{}</td><td class="insights-name" title="{}">{}</td>"#,
            o.colour.name(),
            o.player_moves,
            escape(&o.moves),
            escape(&o.direction)
        );
        result_cells(&mut out, &o.results);
        out.push_str("</tr>");
    }
    more_row(&mut out, rows.len(), limit, 8, "opening", "openings");
    out.push_str("</tbody></table>");
    out
}

/// The opponents table, as [`openings_table`] (`data-table="opponents"`): a row an opponent
/// of `r.by_opponent` (the most played, so no limit), with games, wins, draws, losses and
/// score; no games is a `<p>` saying so.
pub fn opponents_table(r: &InsightsReport, sort: TableColumn, descending: bool) -> String {
    if r.by_opponent.is_empty() {
        let mut out = String::new();
        no_chart(&mut out, "No opponents: no games.");
        return out;
    }
    let mut rows: Vec<&NamedResults> = r.by_opponent.iter().collect();
    sort_rows(&mut rows, sort, descending, |o| &o.name, |o| &o.results);
    // (The report lists the ten most played; fewer are all of them.)
    let caption = if r.by_opponent.len() < super::report::OPPONENTS {
        "Opponents".to_string()
    } else {
        format!("Opponents: the {} most played", super::report::OPPONENTS)
    };
    let mut out =
        format!(r#"<table class="insights-table"><caption>{caption}</caption><thead><tr>"#);
    headings(&mut out, "opponents", "Opponent", sort, descending);
    out.push_str("</tr></thead><tbody>");
    for o in &rows {
        let _ = write!(
            out,
            r#"<tr><td class="insights-name">{}</td>"#,
            escape(&o.name)
        );
        result_cells(&mut out, &o.results);
        out.push_str("</tr>");
    }
    out.push_str("</tbody></table>");
    out
}

/// Sorts a table's rows by a column, stably (ties keep the report's order, most played
/// first); names compare without regard to case, a score of no finished game below any.
fn sort_rows<T>(
    rows: &mut [&T],
    sort: TableColumn,
    descending: bool,
    name: impl Fn(&T) -> &str,
    results: impl Fn(&T) -> &Results,
) {
    let order = |a: &T, b: &T| {
        let (x, y) = (results(a), results(b));
        match sort {
            TableColumn::Name => name(a).to_lowercase().cmp(&name(b).to_lowercase()),
            TableColumn::Games => x.games.cmp(&y.games),
            TableColumn::Wins => x.wins.cmp(&y.wins),
            TableColumn::Draws => x.draws.cmp(&y.draws),
            TableColumn::Losses => x.losses.cmp(&y.losses),
            TableColumn::Score => match (x.score, y.score) {
                (Some(s), Some(t)) => s.total_cmp(&t),
                (s, t) => s.is_some().cmp(&t.is_some()),
            },
        }
    };
    rows.sort_by(|a, b| if descending { order(b, a) } else { order(a, b) });
}

/// The sortable headings, the name column's called `name`: a button each for the app to
/// sort by, and `aria-sort` on the column sorted by.
fn headings(out: &mut String, table: &str, name: &str, sort: TableColumn, descending: bool) {
    for c in TableColumn::ALL {
        let aria = if c != sort {
            ""
        } else if descending {
            r#" aria-sort="descending""#
        } else {
            r#" aria-sort="ascending""#
        };
        let button = format!(
            r#"<button type="button" data-sort="{}" data-table="{table}""#,
            c.name()
        );
        if c == TableColumn::Name {
            let _ = write!(
                out,
                r#"<th scope="col"{aria}>{button}>{name}</button></th>"#
            );
            continue;
        }
        // The button's name is the word, whichever of the two shows.
        let (long, short) = c.heading();
        let _ = write!(
            out,
            r#"<th scope="col" class="num"{aria}>{button} aria-label="{long}"><span class="insights-long">{long}</span><span class="insights-short" aria-hidden="true">{short}</span></button></th>"#
        );
    }
}

fn result_cells(out: &mut String, r: &Results) {
    let score = r.score.map_or_else(|| "–".to_string(), percent);
    let _ = write!(
        out,
        r#"<td class="num">{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{}</td><td class="num">{score}</td>"#,
        r.games, r.wins, r.draws, r.losses
    );
}

/// The row that says how many rows the limit left out, if it left any.
fn more_row(out: &mut String, rows: usize, limit: usize, span: usize, one: &str, many: &str) {
    if rows > limit {
        let more = rows - limit;
        let _ = write!(
            out,
            r#"<tr class="insights-more"><td colspan="{span}">{} more {}</td></tr>"#,
            more,
            if more == 1 { one } else { many }
        );
    }
}

/// Missed wins or allowed losses as `<ol class="insights-tactics">`. An item names the
/// opponent, the player's colour and the position (`after ply 38`): a button carrying
/// `data-game` (from `game_number`) and `data-ply` for the app to open the game there, or
/// plain text when `game_number` knows no such game; then the game's file and number, and
/// the forced line in UHP in a `<code>` (after the button, which it would make a long name
/// of). An empty list is `empty` in a `<p>`.
pub fn tactics_list(
    list: &[TacticFigures],
    game_number: &dyn Fn(&TacticFigures) -> Option<usize>,
    empty: &str,
) -> String {
    if list.is_empty() {
        return format!(r#"<p class="insights-empty">{}</p>"#, escape(empty));
    }
    let mut out = String::from(r#"<ol class="insights-tactics">"#);
    for t in list {
        let opponent = t.opponent.as_deref().unwrap_or("an unnamed opponent");
        let what = escape(&format!(
            "against {opponent} as {}, after ply {}",
            t.colour.name(),
            t.ply
        ));
        out.push_str("<li>");
        match game_number(t) {
            Some(n) => {
                let _ = write!(
                    out,
                    r#"<button type="button" class="insights-open" data-game="{n}" data-ply="{}">{what}</button>"#,
                    t.ply
                );
            }
            None => out.push_str(&what),
        }
        let _ = write!(
            out,
            r#" <span class="insights-file">({} #{})</span>: a surround in {}: <code>{}</code></li>"#,
            escape(&t.file),
            t.index,
            plural(usize::from(t.moves), "move", "moves"),
            escape(&t.line.join("; "))
        );
    }
    out.push_str("</ol>");
    out
}

/// A score from 0 to 1 as a whole percentage, halves rounded up (0.625 is 63%).
fn percent(score: f64) -> String {
    format!("{:.0}%", (score * 100.0).round())
}

fn accuracy_text(a: f64) -> String {
    format!("{a:.1}")
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// A mean a game (two decimals at most, as the report rounds it), with its noun.
fn per_game(x: f64, one: &str, many: &str) -> String {
    format!("{x} {}", if x == 1.0 { one } else { many })
}

/// `opening` as a row's name: `Opening` (bugs' names are capitalised already).
fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
