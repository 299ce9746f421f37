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
//!
//! Every list and explorer question is answered, with nothing when no collection is open, so
//! that the page never waits for an answer that will not come.

use super::{FieldReader, Fields, Message, ProtocolError};

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
            t => return Err(ProtocolError::Tag(t)),
        })
    }
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
            CollectionAnswer::decode(b"C\x09"),
            Err(ProtocolError::Tag(9))
        );
        assert_eq!(
            CollectionAnswer::decode(b"C\x03\x02"),
            Err(ProtocolError::Tag(2))
        );
    }
}
