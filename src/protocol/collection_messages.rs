//! The collection reader's worker (`worker`) and the page's collection panels
//! (`app::collection::link`): collections read, listed and explored, books read, games
//! opened.
//!
//! | the page asks | the worker answers |
//! |---|---|
//! | [`CollectionRequest::Open`], the files and texts beside it | [`CollectionAnswer::Progress`] as it reads, then [`CollectionAnswer::Opened`]; a saved index a second `Opened` once it is read whole and checked (or, as a failure, found damaged) |
//! | [`CollectionRequest::List`] | [`CollectionAnswer::List`] |
//! | [`CollectionRequest::Book`] | [`CollectionAnswer::Book`] |
//! | [`CollectionRequest::Explore`] | [`CollectionAnswer::Explore`]: the collection's and the book's moves |
//! | [`CollectionRequest::Game`] | [`CollectionAnswer::Game`] |
//! | [`CollectionRequest::Games`] | [`CollectionAnswer::Games`] (a study made of them) |
//! | [`CollectionRequest::SaveIndex`] | [`CollectionAnswer::Index`], the index file's buffer beside it (handed over, not copied) |
//! | [`CollectionRequest::Players`] | [`CollectionAnswer::Players`] (the insights' choice of player) |
//! | [`CollectionRequest::PlayerGames`] | [`CollectionAnswer::PlayerGames`] (the games an insights run reviews) |
//!
//! Every list and explorer question is answered, with nothing when no collection is open, so
//! that the page never waits for an answer that will not come.

use super::{FieldReader, Fields, Message, ProtocolError};
use crate::collection::Failure;
use crate::engine::piece::Color;
use crate::insights::games::{LeftOut, OpeningSeen, PlayerGame, PlayerResult};

/// What the page asks the collection reader.
#[derive(Clone, Debug, PartialEq)]
pub enum CollectionRequest {
    /// Read the files and texts attached (a `File` or a string each) as the collection,
    /// replacing the one open, its explorer under `filter` (`ListFilter::to_text`).
    Open { filter: String },
    /// The explorer's index of the open collection as a saved index file.
    SaveIndex,
    /// Read the book at this URL (its folder) for the explorer.
    Book { url: String },
    /// The game list (`ListQuery::to_text`).
    List { query: String },
    /// The explorer's moves from a position (`engine::transfer` bytes) under `filter`.
    Explore { filter: String, position: Vec<u8> },
    /// The record of a game of the collection, by its number.
    Game { index: u32 },
    /// The records of games of the collection, by their numbers, to make a study of.
    Games { indices: Vec<u32> },
    /// The collection's players, for a player's insights.
    Players,
    /// A player's games, for their insights (`insights::games::Selection`).
    PlayerGames { player: String },
}

/// One of a player's games for their insights: its number in the collection, what the
/// report needs of it, and its moves (`engine::transfer` bytes of its last position).
#[derive(Clone, Debug, PartialEq)]
pub struct InsightsGame {
    pub number: u32,
    pub game: PlayerGame,
    pub position: Vec<u8>,
}

/// What the collection reader answers.
#[derive(Clone, Debug, PartialEq)]
pub enum CollectionAnswer {
    /// Games read so far, sources done and in all.
    Progress { games: u32, done: u32, total: u32 },
    /// The collection is open: its games, the files that could not be read, and the bytes
    /// of the worker's memory.
    Opened {
        games: u32,
        failures: u32,
        memory: f64,
    },
    /// The list's rows' markup and status, and every game listed in order (for the next
    /// and previous game).
    List {
        markup: String,
        status: String,
        rows: Vec<u32>,
    },
    /// The book's name for the explorer's caption, or why it cannot be read.
    Book { caption: Result<String, String> },
    /// The explorer's tables' markup and its summary.
    Explore { markup: String, summary: String },
    /// A game's permalink fragment.
    Game { index: u32, fragment: String },
    /// The saved index: its bytes are the attachment.
    Index,
    /// Games' permalink fragments, in the order asked (those that cannot be had left out).
    Games { fragments: Vec<String> },
    /// Every player's name with their games, most games first.
    Players { players: Vec<(String, u32)> },
    /// A player's games, what was left out and why, and when none was taken, why
    /// (`Selection::none_taken`).
    PlayerGames {
        games: Vec<InsightsGame>,
        left_out: LeftOut,
        none: Option<String>,
    },
}

impl Message for CollectionRequest {
    const CHANNEL: u8 = b'C';

    fn write(&self, w: &mut Fields) {
        match self {
            CollectionRequest::Open { filter } => w.tag(0).text(filter),
            CollectionRequest::SaveIndex => w.tag(1),
            CollectionRequest::Book { url } => w.tag(2).text(url),
            CollectionRequest::List { query } => w.tag(3).text(query),
            CollectionRequest::Explore { filter, position } => {
                w.tag(4).text(filter).bytes(position)
            }
            CollectionRequest::Game { index } => w.tag(5).uint(u64::from(*index)),
            CollectionRequest::Games { indices } => w.tag(6).u32s(indices),
            CollectionRequest::Players => w.tag(7),
            CollectionRequest::PlayerGames { player } => w.tag(8).text(player),
        };
    }

    fn read(tag: u8, r: &mut FieldReader) -> Result<Self, ProtocolError> {
        Ok(match tag {
            0 => CollectionRequest::Open { filter: r.text()? },
            1 => CollectionRequest::SaveIndex,
            2 => CollectionRequest::Book { url: r.text()? },
            3 => CollectionRequest::List { query: r.text()? },
            4 => CollectionRequest::Explore {
                filter: r.text()?,
                position: r.bytes()?,
            },
            5 => CollectionRequest::Game { index: r.u32()? },
            6 => CollectionRequest::Games { indices: r.u32s()? },
            7 => CollectionRequest::Players,
            8 => CollectionRequest::PlayerGames { player: r.text()? },
            t => return Err(ProtocolError::Tag(t)),
        })
    }
}

impl Message for CollectionAnswer {
    const CHANNEL: u8 = b'C';

    fn write(&self, w: &mut Fields) {
        match self {
            CollectionAnswer::Progress { games, done, total } => {
                w.tag(0).uint(u64::from(*games));
                w.uint(u64::from(*done)).uint(u64::from(*total))
            }
            CollectionAnswer::Opened {
                games,
                failures,
                memory,
            } => w
                .tag(1)
                .uint(u64::from(*games))
                .uint(u64::from(*failures))
                .number(*memory),
            CollectionAnswer::List {
                markup,
                status,
                rows,
            } => w.tag(2).text(markup).text(status).u32s(rows),
            CollectionAnswer::Book { caption } => match caption {
                Ok(name) => w.tag(3).tag(0).text(name),
                Err(why) => w.tag(3).tag(1).text(why),
            },
            CollectionAnswer::Explore { markup, summary } => w.tag(4).text(markup).text(summary),
            CollectionAnswer::Game { index, fragment } => {
                w.tag(5).uint(u64::from(*index)).text(fragment)
            }
            CollectionAnswer::Index => w.tag(6),
            CollectionAnswer::Games { fragments } => {
                let w = w.tag(7).uint(fragments.len() as u64);
                fragments.iter().fold(w, |w, f| w.text(f))
            }
            CollectionAnswer::Players { players } => {
                let w = w.tag(8).uint(players.len() as u64);
                players
                    .iter()
                    .fold(w, |w, (name, games)| w.text(name).uint(u64::from(*games)))
            }
            CollectionAnswer::PlayerGames {
                games,
                left_out,
                none,
            } => {
                w.tag(9).uint(games.len() as u64);
                for g in games {
                    w.uint(u64::from(g.number)).bytes(&g.position);
                    write_player_game(w, &g.game);
                }
                write_left_out(w, left_out);
                w.option(none.as_deref(), |w, t| {
                    w.text(t);
                })
            }
        };
    }

    fn read(tag: u8, r: &mut FieldReader) -> Result<Self, ProtocolError> {
        Ok(match tag {
            0 => CollectionAnswer::Progress {
                games: r.u32()?,
                done: r.u32()?,
                total: r.u32()?,
            },
            1 => CollectionAnswer::Opened {
                games: r.u32()?,
                failures: r.u32()?,
                memory: r.number()?,
            },
            2 => CollectionAnswer::List {
                markup: r.text()?,
                status: r.text()?,
                rows: r.u32s()?,
            },
            3 => CollectionAnswer::Book {
                caption: match r.byte()? {
                    0 => Ok(r.text()?),
                    1 => Err(r.text()?),
                    t => return Err(ProtocolError::Tag(t)),
                },
            },
            4 => CollectionAnswer::Explore {
                markup: r.text()?,
                summary: r.text()?,
            },
            5 => CollectionAnswer::Game {
                index: r.u32()?,
                fragment: r.text()?,
            },
            6 => CollectionAnswer::Index,
            7 => {
                let n = r.u32()?;
                let mut fragments = Vec::new();
                for _ in 0..n {
                    fragments.push(r.text()?);
                }
                CollectionAnswer::Games { fragments }
            }
            8 => {
                let n = r.u32()?;
                let mut players = Vec::new();
                for _ in 0..n {
                    players.push((r.text()?, r.u32()?));
                }
                CollectionAnswer::Players { players }
            }
            9 => {
                let n = r.u32()?;
                let mut games = Vec::new();
                for _ in 0..n {
                    let number = r.u32()?;
                    let position = r.bytes()?;
                    let game = read_player_game(r)?;
                    games.push(InsightsGame {
                        number,
                        game,
                        position,
                    });
                }
                CollectionAnswer::PlayerGames {
                    games,
                    left_out: read_left_out(r)?,
                    none: r.option(FieldReader::text)?,
                }
            }
            t => return Err(ProtocolError::Tag(t)),
        })
    }
}

fn write_player_game(w: &mut Fields, g: &PlayerGame) {
    w.text(&g.file).uint(g.index as u64).text(&g.name);
    w.tag(g.colour as u8);
    w.option(g.opponent.as_deref(), |w, o| {
        w.text(o);
    });
    w.tag(g.result as u8).text(&g.game_type);
    w.option(g.month.as_deref(), |w, m| {
        w.text(m);
    });
    w.uint(g.plies as u64).uint(g.openings.len() as u64);
    for o in &g.openings {
        w.tag(o.player_moves)
            .uint(o.key)
            .text(&o.moves)
            .text(&o.direction);
    }
}

fn read_player_game(r: &mut FieldReader) -> Result<PlayerGame, ProtocolError> {
    let file = r.text()?;
    let index = r.uint()? as usize;
    let name = r.text()?;
    let colour = match r.byte()? {
        0 => Color::White,
        1 => Color::Black,
        t => return Err(ProtocolError::Tag(t)),
    };
    let opponent = r.option(FieldReader::text)?;
    let result = match r.byte()? {
        0 => PlayerResult::Win,
        1 => PlayerResult::Draw,
        2 => PlayerResult::Loss,
        3 => PlayerResult::Unfinished,
        t => return Err(ProtocolError::Tag(t)),
    };
    let game_type = r.text()?;
    let month = r.option(FieldReader::text)?;
    let plies = r.uint()? as usize;
    let n = r.u32()?;
    let mut openings = Vec::new();
    for _ in 0..n {
        openings.push(OpeningSeen {
            player_moves: r.byte()?,
            key: r.uint()?,
            moves: r.text()?,
            direction: r.text()?,
        });
    }
    Ok(PlayerGame {
        file,
        index,
        name,
        colour,
        opponent,
        result,
        game_type,
        month,
        plies,
        openings,
    })
}

fn write_left_out(w: &mut Fields, l: &LeftOut) {
    w.uint(l.ambiguous as u64).uint(l.duplicates as u64);
    for list in [&l.unreadable, &l.read_in_part] {
        w.uint(list.len() as u64);
        for f in list {
            w.text(&f.source).text(&f.error);
        }
    }
}

fn read_left_out(r: &mut FieldReader) -> Result<LeftOut, ProtocolError> {
    let ambiguous = r.uint()? as usize;
    let duplicates = r.uint()? as usize;
    let mut lists = [Vec::new(), Vec::new()];
    for list in &mut lists {
        let n = r.u32()?;
        for _ in 0..n {
            list.push(Failure {
                source: r.text()?,
                error: r.text()?,
            });
        }
    }
    let [unreadable, read_in_part] = lists;
    Ok(LeftOut {
        ambiguous,
        duplicates,
        unreadable,
        read_in_part,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_request_reads_back() {
        let requests = [
            CollectionRequest::Open {
                filter: "type=Base+MLP&min=10".into(),
            },
            CollectionRequest::SaveIndex,
            CollectionRequest::Book {
                url: "https://example.org/book/".into(),
            },
            CollectionRequest::List {
                query: String::new(),
            },
            CollectionRequest::Explore {
                filter: "player=Chen".into(),
                position: vec![1, 0, 0, 0],
            },
            CollectionRequest::Game { index: 999_999 },
            CollectionRequest::Games {
                indices: vec![3, 1, 4, 1, 5],
            },
            CollectionRequest::Players,
            CollectionRequest::PlayerGames {
                player: "Anna Ü".into(),
            },
        ];
        for q in requests {
            assert_eq!(CollectionRequest::decode(&q.encode()), Ok(q));
        }
    }

    #[test]
    fn every_answer_reads_back() {
        let answers = [
            CollectionAnswer::Progress {
                games: 250,
                done: 1,
                total: 10,
            },
            CollectionAnswer::Opened {
                games: 1_000_000,
                failures: 2,
                memory: 1.39e9,
            },
            CollectionAnswer::List {
                markup: "<tr data-game=\"0\"><td>Chen</td></tr>".into(),
                status: "1 game".into(),
                rows: (0..10_000).rev().collect(),
            },
            CollectionAnswer::Book {
                caption: Ok("Book of 2019".into()),
            },
            CollectionAnswer::Book {
                caption: Err("its book.txt could not be fetched".into()),
            },
            CollectionAnswer::Explore {
                markup: String::new(),
                summary: "No game reached this position.".into(),
            },
            CollectionAnswer::Game {
                index: 12,
                fragment: "AgAB".into(),
            },
            CollectionAnswer::Index,
            CollectionAnswer::Games {
                fragments: vec!["AgAB".into(), String::new(), "AgAC".into()],
            },
            CollectionAnswer::Games { fragments: vec![] },
            CollectionAnswer::Players {
                players: vec![("Ann".into(), 6), ("Bob".into(), 4)],
            },
            CollectionAnswer::PlayerGames {
                games: vec![InsightsGame {
                    number: 7,
                    position: vec![1, 0, 0, 0],
                    game: PlayerGame {
                        file: "games.pgn".into(),
                        index: 3,
                        name: "Ann".into(),
                        colour: Color::Black,
                        opponent: None,
                        result: PlayerResult::Draw,
                        game_type: "Base+MLP".into(),
                        month: Some("2024-02".into()),
                        plies: 61,
                        openings: vec![OpeningSeen {
                            player_moves: 2,
                            key: u64::MAX,
                            moves: "wG1; bG1 wG1-; wQ -wG1; bQ bG1-".into(),
                            direction: "G G Q+Gm Q+Gn".into(),
                        }],
                    },
                }],
                left_out: LeftOut {
                    ambiguous: 1,
                    duplicates: 2,
                    unreadable: vec![Failure {
                        source: "bad.pgn".into(),
                        error: "line 3: no move".into(),
                    }],
                    read_in_part: vec![],
                },
                none: None,
            },
            CollectionAnswer::PlayerGames {
                games: vec![],
                left_out: LeftOut::default(),
                none: Some("no game of \"Zed\"".into()),
            },
        ];
        for a in answers {
            assert_eq!(CollectionAnswer::decode(&a.encode()), Ok(a));
        }
    }

    #[test]
    fn damaged_answers_are_errors() {
        let list = CollectionAnswer::List {
            markup: "m".into(),
            status: "s".into(),
            rows: vec![1, 2, 3],
        }
        .encode();
        for n in 0..list.len() {
            assert!(CollectionAnswer::decode(&list[..n]).is_err(), "cut at {n}");
        }
        assert_eq!(
            CollectionAnswer::decode(b"C\x0a"),
            Err(ProtocolError::Tag(10))
        );
        assert_eq!(
            CollectionAnswer::decode(b"C\x03\x02"),
            Err(ProtocolError::Tag(2))
        );
    }
}
