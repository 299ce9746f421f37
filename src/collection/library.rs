//! A collection opened in the app, free of the DOM: the games and the explorer's index, the
//! game list's order and filters, and the markup of the list and the explorer's table
//! (tested natively). It lives in the collection worker (`crate::worker`), which answers
//! the page's panels (`app::collection_panel`, `app::explorer_panel`) with this markup; the
//! queries travel as the short texts of [`ListQuery`] and [`ListFilter`].

use crate::collection::explorer::{Explorer, Filter, Report};
use crate::collection::{Collection, Game as ListedGame};
use crate::engine::piece::GameType;
use crate::engine::position::{GameState, Position};
use crate::engine::transfer::move_code;
use crate::notation::frame::Frame;
use crate::notation::NotatedMove;
use crate::record::tree::GameTree;
use crate::record::{Metadata, Record};
use crate::view::svg::escape;
use std::fmt::Write;

/// Rows the game list shows at once: a filter narrows a larger list.
pub const LIST_LIMIT: usize = 300;

/// A collection with its explorer index (built under the explorer's filter).
pub struct Library {
    pub collection: Collection,
    pub explorer: Explorer,
    /// The filter the index was built under.
    pub filter: Filter,
}

impl Library {
    pub fn new(collection: Collection, filter: &Filter) -> Library {
        let explorer = Explorer::build(&collection, filter);
        Library {
            collection,
            explorer,
            filter: filter.clone(),
        }
    }

    /// Indexes the games again under another filter (nothing to do for the same one).
    pub fn refilter(&mut self, filter: &Filter) {
        if *filter != self.filter {
            self.explorer = Explorer::build(&self.collection, filter);
            self.filter = filter.clone();
        }
    }

    /// What the explorer says of a position.
    pub fn report(&self, pos: &Position) -> Report {
        self.explorer.explore(&self.collection, pos)
    }

    /// The game list for a query: its rows' markup, the status line, and every game it
    /// holds in order (for the next and previous game keys).
    pub fn listing(&self, q: &ListQuery) -> Listing {
        let c = &self.collection;
        let rows = listed(c, &q.filter, q.sort, q.descending);
        let shown = rows.len().min(LIST_LIMIT);
        let mut status = format!("{} of {} games", rows.len(), c.games.len());
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
    pub fn explore(&mut self, filter: &Filter, pos: &Position) -> (String, String) {
        self.refilter(filter);
        let report = self.report(pos);
        (
            explorer_markup(self, pos, &report),
            explorer_summary(&report),
        )
    }

    /// A game of the collection as a permalink fragment (`record::permalink`), shown at its
    /// start.
    pub fn game_link(&self, i: usize) -> Option<String> {
        let rec = record_of(self.collection.games.get(i)?);
        Some(crate::record::permalink::encode(&rec, rec.tree.root()))
    }
}

/// The game list as the worker answers it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Listing {
    pub markup: String,
    pub status: String,
    /// Every game listed, in order (the markup holds the first [`LIST_LIMIT`]).
    pub rows: Vec<u32>,
}

/// What the page asks of the game list: its filters, its order and the game on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListQuery {
    pub filter: ListFilter,
    pub sort: Column,
    pub descending: bool,
    pub current: Option<usize>,
}

impl ListQuery {
    /// As a text: sort column, `1` when descending, the current game (or nothing), then the
    /// filter's text, separated by tabs.
    pub fn to_text(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}",
            self.sort.name(),
            u8::from(self.descending),
            self.current.map(|c| c.to_string()).unwrap_or_default(),
            self.filter.to_text()
        )
    }

    /// The query of [`ListQuery::to_text`] (anything it cannot read takes the default).
    pub fn from_text(text: &str) -> ListQuery {
        let mut parts = text.splitn(4, '\t');
        let mut next = || parts.next().unwrap_or("");
        ListQuery {
            sort: Column::from_name(next()).unwrap_or_default(),
            descending: next() == "1",
            current: next().parse().ok(),
            filter: ListFilter::from_text(next()),
        }
    }
}

/// The game list's columns, in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Column {
    Players,
    #[default]
    Date,
    Event,
    Result,
    GameType,
    Plies,
    Opening,
}

impl Column {
    pub const ALL: [Column; 7] = [
        Column::Players,
        Column::Date,
        Column::Event,
        Column::Result,
        Column::GameType,
        Column::Plies,
        Column::Opening,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Column::Players => "players",
            Column::Date => "date",
            Column::Event => "event",
            Column::Result => "result",
            Column::GameType => "game-type",
            Column::Plies => "plies",
            Column::Opening => "opening",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Column::Players => "Players",
            Column::Date => "Date",
            Column::Event => "Event",
            Column::Result => "Result",
            Column::GameType => "Game",
            Column::Plies => "Plies",
            Column::Opening => "Opening",
        }
    }

    pub fn from_name(name: &str) -> Option<Column> {
        Column::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// What the list is filtered by (none by default). Player, game type and length apply to
/// the explorer too; the result to the list only.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListFilter {
    pub explorer: Filter,
    pub result: Option<GameState>,
}

impl ListFilter {
    /// As a text: player, game type, result (UHP) and minimum plies, separated by tabs
    /// (tabs in the player's name become spaces).
    pub fn to_text(&self) -> String {
        let f = &self.explorer;
        format!(
            "{}\t{}\t{}\t{}",
            f.player.as_deref().unwrap_or("").replace('\t', " "),
            f.game_type.map(|g| g.to_string()).unwrap_or_default(),
            self.result.map(|r| r.to_string()).unwrap_or_default(),
            f.min_plies
        )
    }

    /// The filter of [`ListFilter::to_text`] (anything it cannot read filters nothing).
    pub fn from_text(text: &str) -> ListFilter {
        let mut parts = text.splitn(4, '\t');
        let mut next = || parts.next().unwrap_or("");
        let player = next().trim().to_string();
        let game_type = game_type_of(next());
        let result = GameState::parse(next());
        ListFilter {
            explorer: Filter {
                player: (!player.is_empty()).then_some(player),
                game_type,
                min_plies: next().trim().parse().unwrap_or(0),
            },
            result,
        }
    }

    pub fn accepts(&self, g: &ListedGame) -> bool {
        self.explorer.accepts(&g.info) && self.result.is_none_or(|r| r == g.info.result)
    }
}

/// How a result reads in the list.
pub fn result_text(state: GameState) -> &'static str {
    match state {
        GameState::WhiteWins => "White wins",
        GameState::BlackWins => "Black wins",
        GameState::Draw => "Draw",
        GameState::NotStarted | GameState::InProgress => "Unfinished",
    }
}

fn players(g: &ListedGame) -> String {
    format!(
        "{} – {}",
        g.info.white.as_deref().unwrap_or("?"),
        g.info.black.as_deref().unwrap_or("?")
    )
}

/// The games to list, as indices into the collection: filtered, then sorted by a column
/// (ties in collection order), descending when asked.
pub fn listed(c: &Collection, filter: &ListFilter, sort: Column, descending: bool) -> Vec<usize> {
    // One sort of (text key, index) pairs for every column: each sort the app uses costs the
    // bundle a copy of the sorting code.
    let key = |g: &ListedGame| -> String {
        let info = &g.info;
        match sort {
            Column::Players => players(g).to_lowercase(),
            Column::Date => info.date.clone().unwrap_or_default(),
            Column::Event => info.event.clone().unwrap_or_default(),
            Column::Result => result_text(info.result).to_string(),
            Column::GameType => info.game_type.to_string(),
            Column::Plies => format!("{:08}", info.plies),
            Column::Opening => g.opening(),
        }
    };
    let mut keyed: Vec<(String, usize)> = (0..c.games.len())
        .filter(|&i| filter.accepts(&c.games[i]))
        .map(|i| (key(&c.games[i]), i))
        .collect();
    keyed.sort();
    let mut rows: Vec<usize> = keyed.into_iter().map(|(_, i)| i).collect();
    if descending {
        rows.reverse();
    }
    rows
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

/// The game of a list as a record for the viewer: its players and result, its moves from
/// its start.
pub fn record_of(g: &ListedGame) -> Record {
    let info = &g.info;
    let mut rec = Record::new(info.game_type, info.format);
    rec.rules = g.rules;
    rec.coordinates = info.format.coordinates();
    rec.meta = Metadata {
        white: info.white.clone(),
        black: info.black.clone(),
        date: info.date.clone(),
        event: info.event.clone(),
        result: Some(info.result),
        ..Metadata::default()
    };
    if let Ok(tree) = GameTree::from_line(g.start(), &g.moves) {
        rec.set_tree(tree);
    }
    rec
}

/// Percent of `part` in `whole`, rounded (0 for none).
fn percent(part: u32, whole: u32) -> u32 {
    (part * 100 + whole / 2).checked_div(whole).unwrap_or(0)
}

/// The explorer's table body for a position: a row per move played from it, most played
/// first, each with its games, its results for the player to move as a bar, and a game
/// that played it.
pub fn explorer_markup(lib: &Library, pos: &Position, report: &Report) -> String {
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
        let example = lib
            .collection
            .games
            .get(m.game)
            .map(|g| escape(&players(g)))
            .unwrap_or_default();
        let _ = write!(
            out,
            r#"<tr data-explorer-move="{dir}" data-move="{k}" data-games="{games}" data-wins="{wins}" data-draws="{draws}" data-losses="{losses}"{play}><td class="move"><button type="button" class="play-move" title="{title}">{dir}</button></td><td class="games">{games}</td><td class="results" title="{w}% wins, {d}% draws, {l}% losses for the player to move"><span class="bar"><span class="win" style="width:{w}%"></span><span class="draw" style="width:{d}%"></span><span class="loss" style="width:{l}%"></span></span><span class="visually-hidden">{w}% wins, {d}% draws, {l}% losses</span></td><td class="example"><button type="button" class="open-game" data-open-game="{game}">{example}</button></td></tr>"#,
            dir = escape(&m.direction),
            games = t.games,
            wins = t.to_move_wins,
            draws = t.draws,
            losses = t.to_move_losses,
            title = escape(&title),
            game = m.game,
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
        report.games,
        percent(t.to_move_wins, t.games),
        percent(t.draws, t.games),
        percent(t.to_move_losses, t.games)
    )
}

fn plural(n: usize, what: &str) -> String {
    if n == 1 {
        format!("1 {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// A game type from the filter's select (`""`: any).
pub fn game_type_of(value: &str) -> Option<GameType> {
    value.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::explorer::play_line;

    const GAMES: &str = "[GameType \"Base\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Date \"2024.01.02\"]\n[Result \"WhiteWins\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n\n\
        [GameType \"Base\"]\n[White \"Cy\"]\n[Black \"Ann\"]\n[Date \"2023.05.06\"]\n[Result \"BlackWins\"]\n\n1. wS1\n2. bS1 -wS1\n\n\
        [GameType \"Base+M\"]\n[White \"Bo\"]\n[Black \"Cy\"]\n[Result \"Draw\"]\n\n1. wA1\n2. bM wA1-\n3. wQ -wA1\n4. bQ bM-\n";

    fn library() -> Library {
        let mut c = Collection::new();
        c.add_text("three.pgn", GAMES);
        assert_eq!(c.games.len(), 3);
        Library::new(c, &Filter::default())
    }

    #[test]
    fn the_list_filters_and_sorts() {
        let lib = library();
        let c = &lib.collection;
        let all = ListFilter::default();
        assert_eq!(listed(c, &all, Column::Plies, false), [1, 0, 2]);
        assert_eq!(listed(c, &all, Column::Plies, true), [2, 0, 1]);
        assert_eq!(listed(c, &all, Column::Date, false), [2, 1, 0]);
        assert_eq!(listed(c, &all, Column::Players, false), [0, 2, 1]);
        let mut f = ListFilter::default();
        f.explorer.player = Some("ann".into());
        assert_eq!(listed(c, &f, Column::Players, false), [0, 1]);
        f.result = Some(GameState::BlackWins);
        assert_eq!(listed(c, &f, Column::Players, false), [1]);
        let f = ListFilter {
            explorer: Filter {
                min_plies: 3,
                ..Filter::default()
            },
            result: None,
        };
        assert_eq!(listed(c, &f, Column::Plies, false), [0, 2]);
        let markup = list_markup(c, &[2, 0], Some(0));
        assert!(markup.starts_with(r#"<tr data-game="2">"#), "{markup}");
        assert!(markup.contains(r#"<tr data-game="0" aria-current="true">"#));
        assert!(markup.contains("Bo – Cy") && markup.contains("Draw"));
    }

    #[test]
    fn the_explorer_counts_for_the_player_to_move() {
        let lib = library();
        let start = play_line("").unwrap();
        let report = lib.report(&start);
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
        let (markup, summary) = lib.explore(&base, &start);
        assert_eq!(lib.report(&start).position.games, 2);
        assert!(
            markup.contains(r#"data-explorer-move="S" data-move="0" data-games="2""#),
            "{markup}"
        );
        assert!(!markup.contains(r#"data-explorer-move="A""#), "{markup}");
        assert!(summary.starts_with("2 games of 2 reached"), "{summary}");
    }

    #[test]
    fn queries_travel_as_texts() {
        let q = ListQuery {
            filter: ListFilter {
                explorer: Filter {
                    game_type: Some("Base+MP".parse().unwrap()),
                    min_plies: 12,
                    player: Some("Ann\tB".into()),
                },
                result: Some(GameState::Draw),
            },
            sort: Column::Plies,
            descending: true,
            current: Some(7),
        };
        let back = ListQuery::from_text(&q.to_text());
        assert_eq!(back.filter.explorer.player.as_deref(), Some("Ann B"));
        assert_eq!(
            ListQuery {
                filter: ListFilter {
                    explorer: Filter {
                        player: Some("Ann\tB".into()),
                        ..back.filter.explorer.clone()
                    },
                    ..back.filter.clone()
                },
                ..back
            },
            q
        );
        assert_eq!(
            ListQuery::from_text(&ListQuery::default().to_text()),
            ListQuery::default()
        );
        // Nonsense reads as no filter.
        assert_eq!(ListQuery::from_text("x\ty\tz"), ListQuery::default());
    }

    #[test]
    fn the_listing_says_what_it_holds() {
        let lib = library();
        let mut q = ListQuery {
            sort: Column::Plies,
            ..ListQuery::default()
        };
        let l = lib.listing(&q);
        assert_eq!(l.rows, [1, 0, 2]);
        assert_eq!(l.status, "3 of 3 games");
        q.filter.explorer.min_plies = 3;
        q.current = Some(2);
        let l = lib.listing(&q);
        assert_eq!(l.rows, [0, 2]);
        assert_eq!(l.status, "2 of 3 games");
        assert!(l
            .markup
            .contains(r#"<tr data-game="2" aria-current="true">"#));
    }

    #[test]
    fn a_listed_game_opens_as_a_record() {
        let lib = library();
        let link = lib.game_link(2).unwrap();
        let (rec, node) = crate::record::permalink::decode(&link).unwrap();
        assert_eq!(node, rec.tree.root());
        assert_eq!(rec.moves.len(), 4);
        assert_eq!(rec.meta.black.as_deref(), Some("Cy"));
        assert_eq!(lib.game_link(3), None);
        let rec = record_of(&lib.collection.games[2]);
        assert_eq!(rec.moves.len(), 4);
        assert_eq!(rec.meta.white.as_deref(), Some("Bo"));
        assert_eq!(rec.result(), GameState::Draw);
        assert_eq!(rec.game_type.to_string(), "Base+M");
    }
}
