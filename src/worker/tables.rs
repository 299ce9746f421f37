//! The markup of the panels' tables, written here in the worker from the open collection:
//! the game list's rows and the explorer's table body and summary (tested natively). The
//! page's panels (`app::collection_panel`, `app::explorer_panel`) set them as they come.

use crate::collection::explorer::{Filter, Report};
use crate::collection::library::{is_cut, players, result_text, Library, ListQuery};
use crate::collection::Collection;
use crate::engine::position::Position;
use crate::engine::transfer::move_code;
use crate::notation::frame::Frame;
use crate::notation::NotatedMove;
use crate::view::svg::escape;
use std::fmt::Write;

/// Rows the game list shows at once: a filter narrows a larger list.
pub const LIST_LIMIT: usize = 300;

/// The game list as the worker answers it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    pub markup: String,
    pub status: String,
    /// Every game listed, in order (the markup holds the first [`LIST_LIMIT`]).
    pub rows: Vec<u32>,
}

/// The game list for a query: its rows' markup, the status line, and every game it
/// holds in order (for the next and previous game keys).
pub fn listing(lib: &mut Library, q: &ListQuery) -> Listing {
    if lib.saved {
        let games = grouped(lib.index.games() as u64);
        let status = match lib.read_fraction() {
            // Said again by the next listing once the whole index is read and checked.
            Some(f) => format!(
                "A saved explorer index of {games} games, {:.0} % read and checked: the explorer answers from the file meanwhile; the games are not in it.",
                100.0 * f
            ),
            None => format!(
                "A saved explorer index of {games} games: the explorer answers from it; the games are not in it."
            ),
        };
        return Listing {
            status,
            ..Listing::default()
        };
    }
    let games = lib.collection.games.len();
    let rows = lib.rows(q).to_vec();
    let c = &lib.collection;
    let shown = rows.len().min(LIST_LIMIT);
    let mut status = format!("{} of {games} games", rows.len());
    if shown < rows.len() {
        status.push_str(&format!(" (the first {shown} listed: filter to narrow)"));
    }
    if !c.failures.is_empty() {
        status.push_str(&format!(
            "; {} could not be read (listed last)",
            c.failures.len()
        ));
    }
    Listing {
        markup: list_markup(c, &rows, q.current),
        status,
        rows: rows.into_iter().map(|i| i as u32).collect(),
    }
}

/// The explorer's table body and summary for a position, indexed under `filter`.
pub fn explore(lib: &mut Library, filter: &Filter, pos: &Position) -> (String, String) {
    if let Err(e) = lib.refilter(filter) {
        return (String::new(), e);
    }
    let report = match lib.report(pos) {
        Ok(report) => report,
        Err(e) => return (String::new(), e),
    };
    let mut summary = explorer_summary(&report);
    // Past the depth of a cut index (a small collection's is every ply of every game).
    let depth = lib.index.depth();
    let cut = lib.saved || is_cut(&lib.collection);
    if cut && pos.ply() > depth {
        summary.push_str(&format!(
            " The explorer holds each game's first {depth} plies only."
        ));
    }
    (explorer_markup(lib, pos, &report), summary)
}

/// One row of the game list (`tr[data-game]`); `current` marks the game on the board.
pub fn row_markup(out: &mut String, c: &Collection, i: usize, current: bool) {
    let g = &c.games[i];
    let info = &g.info;
    let _ = write!(
        out,
        r#"<tr data-game="{i}"{}><td class="players"><button type="button" class="open-game" data-open-game="{i}">{}</button></td><td class="date">{}</td><td class="event">{}</td><td class="result">{}</td><td class="game-type">{}</td><td class="plies">{}</td><td class="opening">{}</td></tr>"#,
        if current {
            r#" aria-current="true""#
        } else {
            ""
        },
        escape(&players(g)),
        escape(info.date.as_deref().unwrap_or("")),
        escape(info.event.as_deref().unwrap_or("")),
        result_text(info.result),
        info.game_type,
        info.plies,
        escape(&g.opening()),
    );
}

/// The rows of the game list: at most [`LIST_LIMIT`] games, then the records that could
/// not be read, each with its error.
pub fn list_markup(c: &Collection, rows: &[usize], current: Option<usize>) -> String {
    let mut out = String::new();
    for &i in rows.iter().take(LIST_LIMIT) {
        row_markup(&mut out, c, i, current == Some(i));
    }
    for f in &c.failures {
        let _ = write!(
            out,
            r#"<tr class="failed"><td colspan="7">{}: {}</td></tr>"#,
            escape(&f.source),
            escape(&f.error)
        );
    }
    out
}

/// Percent of `part` in `whole`, rounded (0 for none).
fn percent(part: u32, whole: u32) -> u32 {
    (part * 100 + whole / 2).checked_div(whole).unwrap_or(0)
}

/// The explorer's table body for a position: a row per move played from it, most played
/// first, each with its games, its results for the player to move as a bar, and a game
/// that played it.
pub fn explorer_markup(lib: &Library, pos: &Position, report: &Report) -> String {
    let games = &lib.collection.games;
    move_rows(pos, report, Some(&|i| games.get(i).map(players)))
}

/// A book's table body for a position: as [`explorer_markup`], without a game (a book
/// keeps none).
pub fn book_markup(pos: &Position, report: &Report) -> String {
    move_rows(pos, report, None)
}

/// The rows of [`explorer_markup`] and [`book_markup`]; `example` names the game of a
/// number, when there are games to open.
fn move_rows(
    pos: &Position,
    report: &Report,
    example: Option<&dyn Fn(usize) -> Option<String>>,
) -> String {
    let mut out = String::new();
    let frame = Frame::of_position(pos);
    for (k, m) in report.moves.iter().enumerate() {
        let t = m.tally;
        // The other notations of a move the position can make, on hover.
        let title = match m.mv {
            Some(mv) => {
                let f = frame.after(mv);
                let n = NotatedMove::new(pos, mv, &f, &Frame::ENGINE);
                format!("{} · {}", n.standard, n.algebraic_short)
            }
            None => m.standard.clone(),
        };
        let (w, d, l) = (
            percent(t.to_move_wins, t.games),
            percent(t.draws, t.games),
            percent(t.to_move_losses, t.games),
        );
        let play =
            m.mv.map(|mv| format!(r#" data-play="{}""#, move_code(mv)))
                .unwrap_or_default();
        let _ = write!(
            out,
            r#"<tr data-explorer-move="{dir}" data-move="{k}" data-games="{games}" data-wins="{wins}" data-draws="{draws}" data-losses="{losses}"{play}><td class="move"><button type="button" class="play-move" title="{title}">{dir}</button></td><td class="games">{shown}</td><td class="results" title="{w}% wins, {d}% draws, {l}% losses for the player to move"><span class="bar"><span class="win" style="width:{w}%"></span><span class="draw" style="width:{d}%"></span><span class="loss" style="width:{l}%"></span></span><span class="visually-hidden">{w}% wins, {d}% draws, {l}% losses</span></td>"#,
            dir = escape(&m.direction),
            games = t.games,
            shown = grouped(t.games.into()),
            wins = t.to_move_wins,
            draws = t.draws,
            losses = t.to_move_losses,
            title = escape(&title),
        );
        if let Some(example) = example {
            let _ = write!(
                out,
                r#"<td class="example"><button type="button" class="open-game" data-open-game="{}">{}</button></td>"#,
                m.game,
                escape(&example(m.game).unwrap_or_default())
            );
        }
        out.push_str("</tr>");
    }
    out
}

/// The explorer's tables: the open collection's and the book's rows (each when there is
/// one), with their heads; captions name them when both show.
pub fn explorer_tables(collection: Option<&str>, book: Option<(&str, &str)>) -> String {
    const HEAD: &str = r#"<thead><tr><th scope="col">Move</th><th scope="col">Games</th><th scope="col">Wins · draws · losses (player to move)</th>"#;
    let mut out = String::new();
    if let Some(rows) = collection {
        let caption = if book.is_some() {
            "<caption>Open collection</caption>"
        } else {
            ""
        };
        let _ = write!(
            out,
            r#"<table class="explorer-table">{caption}{HEAD}<th scope="col">A game</th></tr></thead><tbody>{rows}</tbody></table>"#
        );
    }
    if let Some((name, rows)) = book {
        let _ = write!(
            out,
            r#"<table class="explorer-table book-table"><caption>{}</caption>{HEAD}</tr></thead><tbody>{rows}</tbody></table>"#,
            escape(name)
        );
    }
    out
}

/// The explorer's summary of a position.
pub fn explorer_summary(report: &Report) -> String {
    let t = report.position;
    if t.games == 0 {
        return format!(
            "No game of the {} reached this position.",
            plural(report.games, "game")
        );
    }
    format!(
        "{} of {} reached this position: {}% won, {}% drawn, {}% lost by the player to move.",
        plural(t.games as usize, "game"),
        grouped(report.games as u64),
        percent(t.to_move_wins, t.games),
        percent(t.draws, t.games),
        percent(t.to_move_losses, t.games)
    )
}

/// A book's summary of a position: as [`explorer_summary`], and past the plies the book
/// keeps of each game, that it keeps no more.
pub fn book_summary(depth: usize, pos: &Position, report: &Report) -> String {
    let mut text = format!("Book: {}", explorer_summary(report));
    if pos.ply() > depth {
        text.push_str(&format!(
            " The book holds each game's first {depth} plies only."
        ));
    }
    text
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{} {what}s", grouped(n as u64))
    }
}

/// A count as players read a large one: digits in groups of three (`1,000,000`).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::explorer::play_line;
    use crate::collection::library::ListColumn;
    use crate::engine::piece::GameType;

    use crate::collection::library::fixture::library;

    #[test]
    fn list_rows_mark_the_game_on_the_board() {
        let lib = library();
        let markup = list_markup(&lib.collection, &[2, 0], Some(0));
        assert!(markup.starts_with(r#"<tr data-game="2">"#), "{markup}");
        assert!(markup.contains(r#"<tr data-game="0" aria-current="true">"#));
        assert!(markup.contains("Bo – Cy") && markup.contains("Draw"));
    }

    #[test]
    fn the_explorer_counts_for_the_player_to_move() {
        let lib = library();
        let start = play_line("").unwrap();
        let report = lib.report(&start).unwrap();
        assert_eq!(report.position.games, 3);
        let markup = explorer_markup(&lib, &start, &report);
        // Two games opened with a Spider (one won by White, the first to move), one with an
        // Ant (a draw).
        assert!(markup.contains(r#"data-explorer-move="S" data-move="0" data-games="2" data-wins="1" data-draws="0" data-losses="1""#), "{markup}");
        assert!(markup.contains(r#"data-explorer-move="A" data-move="1" data-games="1" data-wins="0" data-draws="1" data-losses="0""#), "{markup}");
        assert!(explorer_summary(&report).starts_with("3 games of 3 reached this position"));
        // A filter on the game type counts only those games.
        let mut lib = lib;
        let base = Filter {
            game_type: Some(GameType::BASE),
            ..Filter::default()
        };
        let (markup, summary) = explore(&mut lib, &base, &start);
        assert_eq!(lib.report(&start).unwrap().position.games, 2);
        assert!(
            markup.contains(r#"data-explorer-move="S" data-move="0" data-games="2""#),
            "{markup}"
        );
        assert!(!markup.contains(r#"data-explorer-move="A""#), "{markup}");
        assert!(summary.starts_with("2 games of 2 reached"), "{summary}");
    }

    #[test]
    fn a_books_table_has_no_games_to_open_and_is_named_beside_the_collections() {
        let lib = library();
        let start = play_line("").unwrap();
        let report = lib.report(&start).unwrap();
        let rows = book_markup(&start, &report);
        assert!(
            rows.contains(r#"data-explorer-move="S" data-move="0" data-games="2""#),
            "{rows}"
        );
        assert!(!rows.contains("open-game") && rows.ends_with("</td></tr>"));
        let collection = explorer_markup(&lib, &start, &report);
        assert!(collection.contains(r#"class="open-game" data-open-game="#));
        let both = explorer_tables(Some(&collection), Some(("Book: 3 games", &rows)));
        assert!(
            both.starts_with(
                r#"<table class="explorer-table"><caption>Open collection</caption><thead>"#
            ),
            "{both}"
        );
        assert!(both.contains(
            r#"<table class="explorer-table book-table"><caption>Book: 3 games</caption><thead>"#
        ));
        // Four columns for the collection, three for the book.
        assert_eq!(both.matches(r#"<th scope="col">"#).count(), 7);
        let alone = explorer_tables(Some(&collection), None);
        assert!(!alone.contains("<caption>") && alone.contains("A game"));
        let book_alone = explorer_tables(None, Some(("Book & co", "")));
        assert!(
            book_alone.contains("<caption>Book &amp; co</caption>"),
            "{book_alone}"
        );
        assert_eq!(explorer_tables(None, None), "");
    }

    #[test]
    fn a_books_summary_says_it_keeps_only_its_first_plies() {
        let lib = library();
        let pos = play_line("wS1; bS1 wS1-; wQ -wS1").unwrap();
        let report = lib.report(&pos).unwrap();
        assert!(book_summary(20, &pos, &report).starts_with("Book: 1 game of 3 reached"));
        assert!(!book_summary(3, &pos, &report).contains("first"));
        assert!(book_summary(2, &pos, &report)
            .ends_with(" The book holds each game's first 2 plies only."));
    }

    #[test]
    fn a_saved_index_lists_no_games_and_says_what_it_is() {
        let lib = library();
        let mut saved = Library::from_index(lib.index.clone());
        let l = listing(&mut saved, &ListQuery::default());
        assert!(l.rows.is_empty() && l.markup.is_empty());
        assert!(
            l.status.starts_with("A saved explorer index of 3 games"),
            "{}",
            l.status
        );
        let start = play_line("").unwrap();
        let (markup, summary) = explore(&mut saved, &Filter::default(), &start);
        assert!(summary.starts_with("3 games of 3 reached"), "{summary}");
        assert!(markup.contains(r#"data-explorer-move="S""#));
        // Past its depth (every ply of these games: 4), a saved index says it stops there.
        let deep = play_line("wA1; bM wA1-; wQ -wA1; bQ bM-; wS1 /wQ").unwrap();
        let (_, summary) = explore(&mut saved, &Filter::default(), &deep);
        assert!(
            summary.ends_with("The explorer holds each game's first 4 plies only."),
            "{summary}"
        );
        let (markup, summary) = explore(
            &mut saved,
            &Filter {
                min_plies: 3,
                ..Filter::default()
            },
            &start,
        );
        assert!(
            markup.is_empty() && summary.starts_with("The saved index holds"),
            "{summary}"
        );
    }

    #[test]
    fn large_counts_read_in_groups_of_three_digits() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1000), "1,000");
        assert_eq!(grouped(179_845), "179,845");
        assert_eq!(grouped(1_000_000), "1,000,000");
        assert_eq!(plural(12_345, "game"), "12,345 games");
    }

    #[test]
    fn the_listing_says_what_it_holds() {
        let mut lib = library();
        let mut q = ListQuery {
            sort: ListColumn::Plies,
            ..ListQuery::default()
        };
        let l = listing(&mut lib, &q);
        assert_eq!(l.rows, [1, 0, 2]);
        assert_eq!(l.status, "3 of 3 games");
        q.filter.explorer.min_plies = 3;
        q.current = Some(2);
        let l = listing(&mut lib, &q);
        assert_eq!(l.rows, [0, 2]);
        assert_eq!(l.status, "2 of 3 games");
        assert!(l
            .markup
            .contains(r#"<tr data-game="2" aria-current="true">"#));
    }
}
