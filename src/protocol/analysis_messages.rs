//! The analysis engine's worker (`worker::engine`) and the page's analysis
//! (`app::analysis`): a position searched deeper and deeper, a whole game reviewed.
//!
//! | the page asks | the worker answers |
//! |---|---|
//! | [`EngineRequest::Search`] | after its delay, unless another search came meanwhile (it replaces this one): [`EngineAnswer::Started`], then [`EngineAnswer::Lines`] after each depth, then [`EngineAnswer::Searched`] |
//! | [`EngineRequest::Halt`] | nothing: the search under way or waiting stops |
//! | [`EngineRequest::Review`] | [`EngineAnswer::Row`] per position, then [`EngineAnswer::Reviewed`] |
//! | [`EngineRequest::Play`] | [`EngineAnswer::Played`]: a practice level's move |
//! | [`EngineRequest::Insights`] | [`EngineAnswer::Insights`]: a game's facts for a player's insights |
//! | [`EngineRequest::Puzzles`] | [`EngineAnswer::Puzzles`]: puzzles made of positions (a player's missed wins) |
//!
//! A request that cannot be read, or a position that is none, is answered
//! [`EngineAnswer::Failed`].

use super::{FieldReader, Fields, Message, ProtocolError};
use crate::engine::position::Move;
use crate::search::game_review::Judgement;
use crate::search::MAX_LINES;

/// What the page asks the engine.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineRequest {
    /// Search a position, deeper and deeper.
    Search {
        /// The position with its moves, as `engine::transfer` bytes.
        position: Vec<u8>,
        /// The deepest depth, 0 for none: a search to a depth runs in one go (the command
        /// line's answer), one without gives way to the next message between slices.
        depth: u8,
        /// The longest search, 0 for none.
        limit_ms: u64,
        /// The job's number, in each of its answers.
        job: u32,
        /// How long to wait before starting (a key held through a game asks a position a
        /// step and needs no search of each).
        delay_ms: u32,
        /// How many lines to find (1 to `search::MAX_LINES`), best first.
        lines: u8,
        /// Search the position as if the side to move passed: the opponent's threat.
        threat: bool,
    },
    /// Stop the search under way or waiting.
    Halt,
    /// Review every move of a line.
    Review {
        /// The line's last position with its moves, as `engine::transfer` bytes.
        position: Vec<u8>,
        /// Each position searched to this depth; 0: for `ms_per_ply`.
        depth: u8,
        ms_per_ply: u64,
    },
    /// Choose a move at a practice level (`search::practice`), at once.
    Play {
        position: Vec<u8>,
        /// 1 to 8.
        level: u8,
        /// The game's seed: with the position's moves, it makes the level's choice.
        seed: u32,
        /// The longest search.
        limit_ms: u64,
        job: u32,
    },
    /// Review a game for a player's insights (`insights::review`): its facts, for both
    /// players, at the quick setting's depth.
    Insights {
        /// The game's last position with its moves, as `engine::transfer` bytes.
        position: Vec<u8>,
        depth: u8,
        /// The job's number, in its answer.
        job: u32,
    },
    /// Make puzzles of positions (`puzzles::miner`, verified as the miner verifies its own):
    /// a player's missed wins to train.
    Puzzles { positions: Vec<PuzzlePosition> },
}

/// A position to make a puzzle of, with the game it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzlePosition {
    /// The position with the game's moves to it, as `engine::transfer` bytes.
    pub position: Vec<u8>,
    pub white: String,
    pub black: String,
    /// Where the game was read (a file and its number).
    pub game: String,
}

/// One of an iteration's lines at a depth (the search's figures, `depth`, `nodes`, `ms` and
/// `legal_moves`, are the same in each).
#[derive(Clone, Debug, PartialEq)]
pub struct SearchLine {
    pub depth: u8,
    /// Points from White's side (forced results ±100).
    pub eval: f64,
    /// Plies to a forced end, positive when White wins.
    pub win_in: Option<i32>,
    pub nodes: u64,
    pub ms: u64,
    pub moves: Vec<Move>,
    pub legal_moves: u32,
}

/// One position of a review.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewRow {
    /// Positions reviewed so far, and in all.
    pub done: u32,
    pub total: u32,
    /// The position's ply (0: the start), the move judged the one played from it.
    pub ply: u32,
    /// Points from White's side before the move, and after the move played.
    pub eval: f64,
    pub eval_after: f64,
    /// Plies to a forced end, positive when White wins.
    pub win_in: Option<i32>,
    /// The move played's judgement (`None`: good, or the last position).
    pub judgement: Option<Judgement>,
    pub best: Option<Move>,
    pub depth: u8,
}

/// What the engine answers.
#[derive(Clone, Debug, PartialEq)]
pub enum EngineAnswer {
    /// The search of a job has started (it can no longer be replaced before it runs).
    Started {
        job: u32,
    },
    /// A job's search has finished a depth: its lines, best first (never none).
    Lines {
        job: u32,
        lines: Vec<SearchLine>,
    },
    /// A job's search has stopped: its depth or time reached.
    Searched {
        job: u32,
        depth: u8,
    },
    Row(ReviewRow),
    /// The review is complete.
    Reviewed,
    /// A practice level's move for a job (`None`: the game is over).
    Played {
        job: u32,
        mv: Option<Move>,
    },
    /// Why a request could not be answered.
    Failed(String),
    /// A game's insights facts (`GameFacts::to_text`) for a job.
    Insights {
        job: u32,
        facts: String,
    },
    /// The puzzles made, as lines of a set's shard (`MinedPuzzle::to_line`): positions that
    /// make none are left out.
    Puzzles {
        lines: Vec<String>,
    },
}

impl Message for EngineRequest {
    const CHANNEL: u8 = b'E';

    fn write(&self, w: &mut Fields) {
        match self {
            EngineRequest::Search {
                position,
                depth,
                limit_ms,
                job,
                delay_ms,
                lines,
                threat,
            } => {
                w.tag(0)
                    .bytes(position)
                    .uint(u64::from(*depth))
                    .uint(*limit_ms);
                w.uint(u64::from(*job)).uint(u64::from(*delay_ms));
                w.uint(u64::from(*lines)).uint(u64::from(*threat));
            }
            EngineRequest::Halt => {
                w.tag(1);
            }
            EngineRequest::Review {
                position,
                depth,
                ms_per_ply,
            } => {
                w.tag(2)
                    .bytes(position)
                    .uint(u64::from(*depth))
                    .uint(*ms_per_ply);
            }
            EngineRequest::Play {
                position,
                level,
                seed,
                limit_ms,
                job,
            } => {
                w.tag(3).bytes(position).uint(u64::from(*level));
                w.uint(u64::from(*seed))
                    .uint(*limit_ms)
                    .uint(u64::from(*job));
            }
            EngineRequest::Insights {
                position,
                depth,
                job,
            } => {
                w.tag(4)
                    .bytes(position)
                    .uint(u64::from(*depth))
                    .uint(u64::from(*job));
            }
            EngineRequest::Puzzles { positions } => {
                w.tag(5).uint(positions.len() as u64);
                for p in positions {
                    w.bytes(&p.position)
                        .text(&p.white)
                        .text(&p.black)
                        .text(&p.game);
                }
            }
        }
    }

    fn read(tag: u8, r: &mut FieldReader) -> Result<Self, ProtocolError> {
        Ok(match tag {
            0 => EngineRequest::Search {
                position: r.bytes()?,
                depth: r.byte()?,
                limit_ms: r.uint()?,
                job: r.u32()?,
                delay_ms: r.u32()?,
                lines: r.byte()?,
                threat: r.flag()?,
            },
            1 => EngineRequest::Halt,
            2 => EngineRequest::Review {
                position: r.bytes()?,
                depth: r.byte()?,
                ms_per_ply: r.uint()?,
            },
            3 => EngineRequest::Play {
                position: r.bytes()?,
                level: r.byte()?,
                seed: r.u32()?,
                limit_ms: r.uint()?,
                job: r.u32()?,
            },
            4 => EngineRequest::Insights {
                position: r.bytes()?,
                depth: r.byte()?,
                job: r.u32()?,
            },
            5 => {
                let n = r.u32()?;
                let mut positions = Vec::new();
                for _ in 0..n {
                    positions.push(PuzzlePosition {
                        position: r.bytes()?,
                        white: r.text()?,
                        black: r.text()?,
                        game: r.text()?,
                    });
                }
                EngineRequest::Puzzles { positions }
            }
            t => return Err(ProtocolError::Tag(t)),
        })
    }
}

fn write_win_in(w: &mut Fields, win_in: Option<i32>) {
    w.option(win_in, |w, n| {
        w.int(n);
    });
}

fn read_win_in(r: &mut FieldReader) -> Result<Option<i32>, ProtocolError> {
    r.option(FieldReader::int)
}

impl Message for EngineAnswer {
    const CHANNEL: u8 = b'E';

    fn write(&self, w: &mut Fields) {
        match self {
            EngineAnswer::Started { job } => {
                w.tag(0).uint(u64::from(*job));
            }
            EngineAnswer::Lines { job, lines } => {
                w.tag(1).uint(u64::from(*job)).uint(lines.len() as u64);
                for line in lines {
                    w.uint(u64::from(line.depth)).number(line.eval);
                    write_win_in(w, line.win_in);
                    w.uint(line.nodes).uint(line.ms).moves(&line.moves);
                    w.uint(u64::from(line.legal_moves));
                }
            }
            EngineAnswer::Searched { job, depth } => {
                w.tag(2).uint(u64::from(*job)).uint(u64::from(*depth));
            }
            EngineAnswer::Row(row) => {
                w.tag(3)
                    .uint(u64::from(row.done))
                    .uint(u64::from(row.total));
                w.uint(u64::from(row.ply))
                    .number(row.eval)
                    .number(row.eval_after);
                write_win_in(w, row.win_in);
                w.option(row.judgement, |w, j| {
                    w.tag(j as u8);
                });
                w.option(row.best, |w, m| {
                    w.one_move(m);
                });
                w.uint(u64::from(row.depth));
            }
            EngineAnswer::Reviewed => {
                w.tag(4);
            }
            EngineAnswer::Failed(why) => {
                w.tag(5).text(why);
            }
            EngineAnswer::Played { job, mv } => {
                w.tag(6).uint(u64::from(*job));
                w.option(*mv, |w, m| {
                    w.one_move(m);
                });
            }
            EngineAnswer::Insights { job, facts } => {
                w.tag(7).uint(u64::from(*job)).text(facts);
            }
            EngineAnswer::Puzzles { lines } => {
                w.tag(8).uint(lines.len() as u64);
                for l in lines {
                    w.text(l);
                }
            }
        }
    }

    fn read(tag: u8, r: &mut FieldReader) -> Result<Self, ProtocolError> {
        Ok(match tag {
            0 => EngineAnswer::Started { job: r.u32()? },
            1 => {
                let job = r.u32()?;
                let count = r.byte()?;
                let mut lines = Vec::with_capacity(usize::from(count.min(MAX_LINES)));
                for _ in 0..count {
                    lines.push(SearchLine {
                        depth: r.byte()?,
                        eval: r.number()?,
                        win_in: read_win_in(r)?,
                        nodes: r.uint()?,
                        ms: r.uint()?,
                        moves: r.moves()?,
                        legal_moves: r.u32()?,
                    });
                }
                EngineAnswer::Lines { job, lines }
            }
            2 => EngineAnswer::Searched {
                job: r.u32()?,
                depth: r.byte()?,
            },
            3 => EngineAnswer::Row(ReviewRow {
                done: r.u32()?,
                total: r.u32()?,
                ply: r.u32()?,
                eval: r.number()?,
                eval_after: r.number()?,
                win_in: read_win_in(r)?,
                judgement: r.option(|r| {
                    let t = r.byte()?;
                    Judgement::from_index(t).ok_or(ProtocolError::Tag(t))
                })?,
                best: r.option(FieldReader::one_move)?,
                depth: r.byte()?,
            }),
            4 => EngineAnswer::Reviewed,
            5 => EngineAnswer::Failed(r.text()?),
            6 => EngineAnswer::Played {
                job: r.u32()?,
                mv: r.option(FieldReader::one_move)?,
            },
            7 => EngineAnswer::Insights {
                job: r.u32()?,
                facts: r.text()?,
            },
            8 => {
                let n = r.u32()?;
                let mut lines = Vec::new();
                for _ in 0..n {
                    lines.push(r.text()?);
                }
                EngineAnswer::Puzzles { lines }
            }
            t => return Err(ProtocolError::Tag(t)),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hex::Hex;
    use crate::engine::piece::PieceId;
    use crate::engine::transfer;

    fn moves() -> Vec<Move> {
        vec![
            Move::Place {
                piece: PieceId(0),
                to: Hex::new(0, 0),
            },
            Move::Move {
                piece: PieceId(14),
                from: Hex::new(1, 0),
                to: Hex::new(-1, 2),
            },
        ]
    }

    #[test]
    fn every_request_reads_back() {
        let pos = crate::engine::position::Position::new(Default::default());
        let requests = [
            EngineRequest::Search {
                position: transfer::encode(&pos),
                depth: 0,
                limit_ms: 60_000,
                job: 7,
                delay_ms: 150,
                lines: 3,
                threat: false,
            },
            EngineRequest::Search {
                position: vec![],
                depth: 40,
                limit_ms: 0,
                job: u32::MAX,
                delay_ms: 0,
                lines: 1,
                threat: true,
            },
            EngineRequest::Halt,
            EngineRequest::Review {
                position: vec![1, 2, 3],
                depth: 6,
                ms_per_ply: 400,
            },
            EngineRequest::Play {
                position: transfer::encode(&pos),
                level: 3,
                seed: u32::MAX,
                limit_ms: 1000,
                job: 9,
            },
            EngineRequest::Insights {
                position: transfer::encode(&pos),
                depth: 3,
                job: 41,
            },
            EngineRequest::Puzzles {
                positions: vec![PuzzlePosition {
                    position: transfer::encode(&pos),
                    white: "Ann".into(),
                    black: String::new(),
                    game: "games.pgn #3".into(),
                }],
            },
            EngineRequest::Puzzles { positions: vec![] },
        ];
        for q in requests {
            assert_eq!(EngineRequest::decode(&q.encode()), Ok(q));
        }
    }

    #[test]
    fn every_answer_reads_back() {
        let line = SearchLine {
            depth: 8,
            eval: -1.25,
            win_in: None,
            nodes: 1 << 40,
            ms: 999,
            moves: moves(),
            legal_moves: 53,
        };
        let answers = [
            EngineAnswer::Started { job: 3 },
            EngineAnswer::Lines {
                job: 3,
                lines: vec![line.clone()],
            },
            EngineAnswer::Lines {
                job: 4,
                lines: vec![
                    SearchLine {
                        depth: 1,
                        eval: 100.0,
                        win_in: Some(-3),
                        nodes: 0,
                        ms: 0,
                        moves: vec![],
                        legal_moves: 0,
                    },
                    line,
                ],
            },
            EngineAnswer::Searched { job: 3, depth: 12 },
            EngineAnswer::Row(ReviewRow {
                done: 5,
                total: 61,
                ply: 4,
                eval: 0.35,
                eval_after: -2.0,
                win_in: Some(7),
                judgement: Some(Judgement::Blunder),
                best: Some(Move::Pass),
                depth: 9,
            }),
            EngineAnswer::Row(ReviewRow {
                done: 61,
                total: 61,
                ply: 60,
                eval: 0.0,
                eval_after: 0.0,
                win_in: None,
                judgement: None,
                best: None,
                depth: 0,
            }),
            EngineAnswer::Reviewed,
            EngineAnswer::Failed("the position's bytes end too early".into()),
            EngineAnswer::Insights {
                job: 41,
                facts: "v1\twQo0-\t|".into(),
            },
            EngineAnswer::Puzzles {
                lines: vec!["a\tb".into(), String::new()],
            },
            EngineAnswer::Played {
                job: 9,
                mv: Some(moves()[1]),
            },
            EngineAnswer::Played { job: 10, mv: None },
        ];
        for a in answers {
            assert_eq!(EngineAnswer::decode(&a.encode()), Ok(a));
        }
    }

    #[test]
    fn every_judgement_has_its_tag() {
        for j in Judgement::ALL {
            assert_eq!(Judgement::from_index(j as u8), Some(j));
        }
        assert_eq!(Judgement::from_index(Judgement::ALL.len() as u8), None);
    }

    #[test]
    fn a_request_is_no_answer_of_another_channel() {
        let q = EngineRequest::Halt.encode();
        assert_eq!(
            crate::protocol::collection_messages::CollectionRequest::decode(&q),
            Err(ProtocolError::Channel(b'E'))
        );
    }
}
