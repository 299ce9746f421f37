//! A collection opened in the app, free of the DOM: the games and the explorer's index, and
//! the game list's order and filters. It lives in the collection worker (`crate::worker`),
//! which answers the page's panels (`app::collection_panel`, `app::explorer_panel`) with the
//! markup of their tables (`worker::tables`); the queries travel as the short texts of
//! [`ListQuery`] and [`ListFilter`].

use crate::collection::explorer::{Filter, Report};
use crate::collection::index::{Blocks, Index, IndexError, Loading, ReadAt, SavedLayout, DEPTH};
use crate::collection::{Collection, Game as ListedGame};
use crate::engine::piece::GameType;
use crate::engine::position::{GameState, Position};
use crate::record::tree::GameTree;
use crate::record::{Metadata, Record};

/// Collections of up to this many games are indexed at every ply; larger ones at their
/// first [`DEPTH`] plies, as the command line does, so that an archive fits in a tab.
pub const EVERY_PLY_UP_TO: usize = 20_000;

/// A collection with its explorer index (`collection::index`, built under the explorer's
/// filter), or a saved index alone.
pub struct Library {
    pub collection: Collection,
    pub index: Index,
    /// The filter the index was built under.
    pub filter: Filter,
    /// Opened from a saved index: its games are not here to be listed or indexed again.
    pub saved: bool,
    /// A saved index still being read ([`Library::read_more`]): meanwhile `index` stands
    /// empty for it and the explorer answers straight from its file.
    reading: Option<(Loading, Blocks<Box<dyn ReadAt>>)>,
    /// The last list asked for: its filter, its order and its games ([`Library::rows`]).
    rows: Option<(ListFilter, ListColumn, bool, Vec<usize>)>,
}

impl Library {
    pub fn new(collection: Collection, filter: &Filter) -> Library {
        let index = index_of(&collection, filter);
        Library::indexed(collection, index, filter)
    }

    /// A collection with the index built as it was read, under `filter` (its games may keep
    /// only their openings, `Game::keep_opening`: then it cannot be indexed again).
    fn indexed(collection: Collection, index: Index, filter: &Filter) -> Library {
        Library {
            collection,
            index,
            filter: filter.clone(),
            saved: false,
            reading: None,
            rows: None,
        }
    }

    /// A saved index (`Index::save`), opened without its games.
    pub fn from_index(index: Index) -> Library {
        Library {
            collection: Collection::new(),
            index,
            filter: Filter::default(),
            saved: true,
            reading: None,
            rows: None,
        }
    }

    /// A saved index whose header is read ([`SavedLayout::read`]): it answers from `file` at
    /// once, and [`Library::read_more`] reads the rest.
    pub fn from_file(layout: SavedLayout, file: Box<dyn ReadAt>) -> Library {
        let file = Blocks::new(file, layout.file_len());
        Library {
            index: layout.head().clone(),
            reading: Some((Loading::new(layout), file)),
            ..Library::from_index(Index::new(0, &Filter::default()))
        }
    }

    /// The share of a saved index read, from 0 to 1 (`None` when none is being read).
    pub fn read_fraction(&self) -> Option<f64> {
        self.reading.as_ref().map(|(l, _)| l.fraction())
    }

    /// Reads the next slice, of at most `budget` bytes, of a saved index being read: `true`
    /// while there is more. An index found damaged is dropped, and said.
    pub fn read_more(&mut self, budget: usize) -> Result<bool, IndexError> {
        let Some((loading, file)) = self.reading.as_mut() else {
            return Ok(false);
        };
        match loading.step(file.inner(), budget) {
            Ok(None) => Ok(true),
            Ok(Some(index)) => {
                self.index = index;
                self.reading = None;
                Ok(false)
            }
            Err(e) => {
                self.reading = None;
                self.index = Index::new(0, &Filter::default());
                Err(e)
            }
        }
    }

    /// Indexes the games again under another filter (nothing to do for the same one). A
    /// saved index answers only under the filter it was built with.
    pub fn refilter(&mut self, filter: &Filter) -> Result<(), String> {
        if self.saved {
            let holds = self.index.filter();
            return if filter.describe() == holds {
                Ok(())
            } else {
                let holds = if holds.is_empty() {
                    "every game"
                } else {
                    holds
                };
                Err(format!(
                    "The saved index holds {holds}: filters apply when an index is built, from the games."
                ))
            };
        }
        if *filter != self.filter {
            if !self.collection.games.iter().all(|g| g.is_whole()) {
                return Err(format!(
                    "These {} games were indexed under the filter they were opened with, keeping only each game's opening: open them again to index them under another.",
                    self.collection.games.len()
                ));
            }
            self.index = index_of(&self.collection, filter);
            self.filter = filter.clone();
        }
        Ok(())
    }

    /// Reads the rest of a saved index being read (nothing to do for any other).
    pub fn read_all(&mut self) -> Result<(), IndexError> {
        while self.read_more(64 << 20)? {}
        Ok(())
    }

    /// The games the list shows for `q` ([`listed`]), kept while only the game on the board
    /// changes: sorting a million games' keys takes the worker about a second, and each game
    /// opened from the list asks for it again to mark its row.
    pub fn rows(&mut self, q: &ListQuery) -> &[usize] {
        let same = |(f, s, d, _): &(ListFilter, ListColumn, bool, Vec<usize>)| {
            *f == q.filter && *s == q.sort && *d == q.descending
        };
        if !self.rows.as_ref().is_some_and(same) {
            let rows = listed(&self.collection, &q.filter, q.sort, q.descending);
            self.rows = Some((q.filter.clone(), q.sort, q.descending, rows));
        }
        self.rows.as_ref().map_or(&[], |r| &r.3[..])
    }

    /// What the explorer says of a position (from the file of a saved index being read,
    /// which can be found damaged).
    pub fn report(&self, pos: &Position) -> Result<Report, String> {
        match &self.reading {
            Some((loading, file)) => loading
                .layout()
                .explore(&loading.through(file), pos)
                .map_err(|e| format!("The saved index cannot answer: {e}.")),
            None => Ok(self.index.explore(pos, Some(&self.collection))),
        }
    }

    /// A game of the collection as a permalink fragment (`record::permalink`), shown at its
    /// start.
    pub fn game_link(&self, i: usize) -> Option<String> {
        let g = self.collection.games.get(i).filter(|g| g.is_whole())?;
        let rec = record_of(g);
        Some(crate::record::permalink::encode(&rec, rec.tree.root()))
    }

    /// [`Library::game_link`] for a game that keeps only its opening, from its record's
    /// `text` read again: nothing when the text reads as another game.
    pub fn game_link_from(&self, i: usize, text: &str) -> Option<String> {
        let listed = self.collection.games.get(i)?;
        let g = crate::collection::read_game(&listed.info.source, text).ok()?;
        if g.info != listed.info
            || g.moves[..listed.moves.len().min(g.moves.len())] != listed.moves[..]
        {
            return None;
        }
        let rec = record_of(&g);
        Some(crate::record::permalink::encode(&rec, rec.tree.root()))
    }
}

/// A large collection indexed as it is read ([`Library::indexed`]): each game, once indexed,
/// keeps only its opening when its record can be read again (it has a span).
pub struct Indexing {
    index: Index,
    filter: Filter,
    scratch: crate::collection::index::Scratch,
    /// Games indexed so far.
    done: usize,
}

impl Indexing {
    /// An index of the first [`DEPTH`] plies of the games `filter` accepts (the collection is
    /// to key as many: `Collection::key_plies`).
    pub fn new(filter: &Filter) -> Indexing {
        Indexing {
            index: Index::new(DEPTH, filter),
            filter: filter.clone(),
            scratch: Default::default(),
            done: 0,
        }
    }

    /// Indexes the games of `c` read since the last call, read from its source number
    /// `source` (which their spans then name).
    pub fn take(&mut self, c: &mut Collection, source: u32) {
        for (i, g) in c.games.iter_mut().enumerate().skip(self.done) {
            if self.filter.accepts(&g.info) {
                self.index.add(g, i, &mut self.scratch);
            }
            if let Some(span) = g.span.as_mut() {
                span.source = source;
                g.keep_opening();
            }
        }
        self.done = c.games.len();
    }

    /// The library of `c`, whose games have all been taken.
    pub fn finish(self, c: Collection) -> Library {
        Library::indexed(c, self.index, &self.filter)
    }
}

/// The index of a collection's games that `filter` accepts: as deep as the collection was
/// keyed (`Collection::key_plies`, which a large collection's reader sets), else every ply
/// of every game up to [`EVERY_PLY_UP_TO`] games, and their first [`DEPTH`] plies above.
fn index_of(c: &Collection, filter: &Filter) -> Index {
    Index::build(&c.games, filter, depth_of(c))
}

/// The plies of each game [`index_of`] indexes.
pub fn depth_of(c: &Collection) -> usize {
    match c.key_plies {
        Some(plies) => plies,
        None if is_cut(c) => DEPTH,
        None => c.games.iter().map(|g| g.moves.len()).max().unwrap_or(0),
    }
}

/// Whether [`index_of`] keeps only each game's first plies (a large collection, or one
/// keyed so), rather than every ply of every game.
pub fn is_cut(c: &Collection) -> bool {
    c.key_plies.is_some() || c.games.len() > EVERY_PLY_UP_TO
}

/// What the page asks of the game list: its filters, its order and the game on the board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ListQuery {
    pub filter: ListFilter,
    pub sort: ListColumn,
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
            sort: ListColumn::from_name(next()).unwrap_or_default(),
            descending: next() == "1",
            current: next().parse().ok(),
            filter: ListFilter::from_text(next()),
        }
    }
}

/// The game list's columns, in order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ListColumn {
    Players,
    #[default]
    Date,
    Event,
    Result,
    GameType,
    Plies,
    Opening,
}

impl ListColumn {
    pub const ALL: [ListColumn; 7] = [
        ListColumn::Players,
        ListColumn::Date,
        ListColumn::Event,
        ListColumn::Result,
        ListColumn::GameType,
        ListColumn::Plies,
        ListColumn::Opening,
    ];

    pub fn name(self) -> &'static str {
        match self {
            ListColumn::Players => "players",
            ListColumn::Date => "date",
            ListColumn::Event => "event",
            ListColumn::Result => "result",
            ListColumn::GameType => "game-type",
            ListColumn::Plies => "plies",
            ListColumn::Opening => "opening",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            ListColumn::Players => "Players",
            ListColumn::Date => "Date",
            ListColumn::Event => "Event",
            ListColumn::Result => "Result",
            ListColumn::GameType => "Game",
            ListColumn::Plies => "Plies",
            ListColumn::Opening => "Opening",
        }
    }

    pub fn from_name(name: &str) -> Option<ListColumn> {
        ListColumn::ALL.into_iter().find(|c| c.name() == name)
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

pub fn players(g: &ListedGame) -> String {
    format!(
        "{} – {}",
        g.info.white.as_deref().unwrap_or("?"),
        g.info.black.as_deref().unwrap_or("?")
    )
}

/// The games to list, as indices into the collection: filtered, then sorted by a column
/// (ties in collection order), descending when asked.
pub fn listed(
    c: &Collection,
    filter: &ListFilter,
    sort: ListColumn,
    descending: bool,
) -> Vec<usize> {
    // One sort of (text key, index) pairs for every column: each sort the app uses costs the
    // bundle a copy of the sorting code.
    let key = |g: &ListedGame| -> String {
        let info = &g.info;
        match sort {
            ListColumn::Players => players(g).to_lowercase(),
            ListColumn::Date => info.date.clone().unwrap_or_default(),
            ListColumn::Event => info.event.clone().unwrap_or_default(),
            ListColumn::Result => result_text(info.result).to_string(),
            ListColumn::GameType => info.game_type.to_string(),
            ListColumn::Plies => format!("{:08}", info.plies),
            ListColumn::Opening => g.opening(),
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

/// A game type from the filter's select (`""`: any).
pub fn game_type_of(value: &str) -> Option<GameType> {
    value.parse().ok()
}

/// Three games for the tests of the library and of the tables the worker writes from it.
#[cfg(test)]
pub(crate) mod fixture {
    use super::*;

    pub const GAMES: &str = "[GameType \"Base\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Date \"2024.01.02\"]\n[Result \"WhiteWins\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ -wS1\n\n\
        [GameType \"Base\"]\n[White \"Cy\"]\n[Black \"Ann\"]\n[Date \"2023.05.06\"]\n[Result \"BlackWins\"]\n\n1. wS1\n2. bS1 -wS1\n\n\
        [GameType \"Base+M\"]\n[White \"Bo\"]\n[Black \"Cy\"]\n[Result \"Draw\"]\n\n1. wA1\n2. bM wA1-\n3. wQ -wA1\n4. bQ bM-\n";

    /// A library of three games: Ann–Bo (White wins), Cy–Ann (Black wins), Bo–Cy (a draw,
    /// with the Mosquito).
    pub fn library() -> Library {
        let mut c = Collection::new();
        c.add_text("three.pgn", GAMES);
        assert_eq!(c.games.len(), 3);
        Library::new(c, &Filter::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::fixture::library;

    #[test]
    fn the_list_filters_and_sorts() {
        let lib = library();
        let c = &lib.collection;
        let all = ListFilter::default();
        assert_eq!(listed(c, &all, ListColumn::Plies, false), [1, 0, 2]);
        assert_eq!(listed(c, &all, ListColumn::Plies, true), [2, 0, 1]);
        // The library keeps the last list while only the current game changes.
        let mut kept = library();
        let q = ListQuery {
            sort: ListColumn::Plies,
            ..ListQuery::default()
        };
        assert_eq!(kept.rows(&q), [1, 0, 2]);
        let marked = ListQuery {
            current: Some(2),
            ..q.clone()
        };
        assert_eq!(kept.rows(&marked), [1, 0, 2]);
        let down = ListQuery {
            descending: true,
            ..q
        };
        assert_eq!(kept.rows(&down), [2, 0, 1]);
        assert_eq!(
            kept.rows(&ListQuery::default()),
            listed(c, &all, ListColumn::Date, false)
        );
        assert_eq!(listed(c, &all, ListColumn::Date, false), [2, 1, 0]);
        assert_eq!(listed(c, &all, ListColumn::Players, false), [0, 2, 1]);
        let mut f = ListFilter::default();
        f.explorer.player = Some("ann".into());
        assert_eq!(listed(c, &f, ListColumn::Players, false), [0, 1]);
        f.result = Some(GameState::BlackWins);
        assert_eq!(listed(c, &f, ListColumn::Players, false), [1]);
        let f = ListFilter {
            explorer: Filter {
                min_plies: 3,
                ..Filter::default()
            },
            result: None,
        };
        assert_eq!(listed(c, &f, ListColumn::Plies, false), [0, 2]);
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
            sort: ListColumn::Plies,
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
    fn a_large_collection_indexed_as_it_is_read_keeps_openings_and_reads_its_games_again() {
        use crate::collection::{generate, zip};
        let filter = Filter::default();
        // Two files of several games each, and a zip of one game an entry with a folder
        // and a file that is not a record before them.
        let texts: Vec<String> = (0..2)
            .map(|f| (0..6).map(|i| generate::game_pgn(9, f * 6 + i)).collect())
            .collect();
        let mut w = zip::Writer::new();
        w.add_stored("notes/", b"");
        w.add_stored("README", b"not a game");
        for i in 0..4 {
            w.add_stored(&format!("g{i}.pgn"), generate::game_pgn(10, i).as_bytes());
        }
        let archive = w.finish();
        let read = |each: &mut dyn FnMut(&mut Collection, u32)| {
            let mut c = Collection::new();
            c.key_plies = Some(DEPTH);
            for (k, text) in texts.iter().enumerate() {
                c.add_text_with(&format!("f{k}.pgn"), text, &mut |c| each(c, k as u32));
            }
            c.add_zip_with("a.zip", &archive, &zip::inflate, &mut |c| each(c, 2));
            c
        };
        let mut indexing = Indexing::new(&filter);
        let c = read(&mut |c, k| indexing.take(c, k));
        let slim = indexing.finish(c);
        let whole = Library::new(read(&mut |_, _| {}), &filter);
        assert_eq!(slim.collection.games.len(), 16);
        assert_eq!(slim.index, whole.index);
        for (i, g) in slim.collection.games.iter().enumerate() {
            let full = &whole.collection.games[i];
            assert_eq!((&g.info, g.opening()), (&full.info, full.opening()));
            assert!(!g.is_whole() && g.keys.is_empty(), "{i}");
            assert_eq!(slim.game_link(i), None);
            // Read again from its span: the game itself, and not another's text.
            let span = g.span.clone().unwrap();
            let text = match span.entry {
                None => texts[span.source as usize][span.range.clone()].to_string(),
                Some(e) => {
                    assert_eq!(span.source, 2);
                    let a = zip::Archive::parse(&archive).unwrap();
                    let data = a
                        .read(&a.entries()[e as usize], &zip::inflate, 1 << 20)
                        .unwrap();
                    String::from_utf8(data).unwrap()[span.range.clone()].to_string()
                }
            };
            assert_eq!(slim.game_link_from(i, &text), whole.game_link(i), "{i}");
            assert!(whole.game_link(i).is_some());
            let other = generate::game_pgn(11, i);
            assert_eq!(slim.game_link_from(i, &other), None);
        }
        // The explorer answers as the whole collection's, and no other filter is offered.
        let start = Position::new(GameType::BASE);
        let mut slim = slim;
        assert_eq!(
            slim.report(&start).unwrap().moves.len(),
            whole.report(&start).unwrap().moves.len()
        );
        let base = Filter {
            game_type: Some(GameType::BASE),
            ..Filter::default()
        };
        assert!(slim
            .refilter(&base)
            .unwrap_err()
            .contains("open them again"));
        assert_eq!(slim.refilter(&filter), Ok(()));
    }

    #[test]
    fn a_saved_index_answers_as_its_collection_did_under_its_own_filter_only() {
        use crate::collection::explorer::play_line;
        let lib = library();
        // A small collection is indexed at every ply of every game.
        assert_eq!(lib.index.depth(), 4);
        let bytes = lib.index.save();
        let mut saved = Library::from_index(Index::load(&bytes).unwrap());
        assert!(saved.saved && saved.collection.games.is_empty());
        assert_eq!(saved.index.games(), 3);
        // The same file being read: it answers from the file, a slice at a time, and as
        // the index once read whole.
        let layout = SavedLayout::read(&&bytes[..], bytes.len() as u64).unwrap();
        let mut reading = Library::from_file(layout, Box::new(bytes.clone()));
        assert!(reading.saved && reading.index.games() == 3);
        let lines = ["", "wS1", "wS1; bS1 wS1-", "wA1; bM wA1-; wQ -wA1"];
        let moves = |r: &Report| -> Vec<(String, u32)> {
            r.moves
                .iter()
                .map(|m| (m.direction.clone(), m.tally.games))
                .collect()
        };
        let mut slices = 0;
        loop {
            assert!(reading.read_fraction().is_some());
            for line in lines {
                let pos = play_line(line).unwrap();
                let a = lib.report(&pos).unwrap();
                for b in [&saved, &reading].map(|l| l.report(&pos).unwrap()) {
                    assert_eq!(a.position, b.position, "{line}");
                    assert_eq!(moves(&a), moves(&b), "{line}");
                }
            }
            slices += 1;
            if !reading.read_more(64).unwrap() {
                break;
            }
        }
        assert!(slices > 5, "{slices}");
        assert_eq!(reading.read_fraction(), None);
        assert_eq!(reading.index, saved.index);
        // A damaged file answers until the whole read finds it out, then holds nothing.
        let mut damaged = bytes.clone();
        let last = damaged.len() - 1;
        damaged[last] ^= 1;
        let layout = SavedLayout::read(&&damaged[..], damaged.len() as u64).unwrap();
        let mut reading = Library::from_file(layout, Box::new(damaged));
        let start = play_line("").unwrap();
        assert_eq!(reading.report(&start).unwrap().position.games, 3);
        let e = loop {
            match reading.read_more(1 << 20) {
                Ok(true) => {}
                Ok(false) => panic!("a damaged index was read"),
                Err(e) => break e,
            }
        };
        assert_eq!(e, IndexError::Damaged("the checksum does not match"));
        assert_eq!(reading.index.games(), 0);
        assert_eq!(reading.read_more(1 << 20), Ok(false));
        assert_eq!(saved.refilter(&Filter::default()), Ok(()));
        let base = Filter {
            game_type: Some(GameType::BASE),
            ..Filter::default()
        };
        let refused = saved.refilter(&base).unwrap_err();
        assert!(
            refused.starts_with("The saved index holds every game:"),
            "{refused}"
        );
        // The games themselves index again under any filter.
        let mut lib = lib;
        assert_eq!(lib.refilter(&base), Ok(()));
        assert_eq!(lib.index.games(), 2);
    }

    #[test]
    fn a_collection_keyed_at_its_first_plies_is_indexed_as_deep() {
        use crate::collection::explorer::play_line;
        let mut c = Collection::new();
        c.key_plies = Some(2);
        c.add_text("three.pgn", fixture::GAMES);
        assert!(c.games.iter().all(|g| g.keys.len() <= 3));
        assert_eq!(depth_of(&c), 2);
        let lib = Library::new(c, &Filter::default());
        assert_eq!(lib.index.depth(), 2);
        // Within the depth it answers as the collection keyed at every ply.
        let full = library();
        for line in ["", "wS1", "wS1; bS1 wS1-"] {
            let pos = play_line(line).unwrap();
            assert_eq!(
                lib.report(&pos).unwrap().position,
                full.report(&pos).unwrap().position,
                "{line}"
            );
        }
        // Past it, nothing.
        let deep = play_line("wS1; bS1 wS1-; wQ -wS1").unwrap();
        assert_eq!(lib.report(&deep).unwrap().position.games, 0);
        assert_eq!(full.report(&deep).unwrap().position.games, 1);
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
