//! Puzzles mined from games: positions where the side to move has a forced surround or a
//! single good move, found and verified by the engine ([`miner`]), kept as a set of small
//! static files any web host serves ([`set`]), and solved in the app's trainer.
//!
//! A puzzle is written as one line of text (tab-separated, [`MinedPuzzle::to_line`]): its id,
//! theme, difficulty, rating, the UHP GameString of the position the solver faces, the
//! solution tree ([`record::puzzle::Solution`](crate::record::puzzle::Solution)) in UHP
//! MoveStrings, and the game it came from. The format is in docs/PUZZLES.md.
//!
//! For a trainer: [`glicko`] rates the player, [`rating`] rates a try (player against
//! puzzle), [`choice`] picks the next puzzle near the player's rating and the shards to fetch
//! for it, [`daily`] the puzzle of a date.

#[cfg(not(target_arch = "wasm32"))]
pub mod builtin;
pub mod choice;
pub mod daily;
pub mod glicko;
pub mod miner;
pub mod rating;
pub mod set;

use crate::collection::key::PositionKey;
use crate::engine::piece::Color;
use crate::engine::position::{Move, Position};
use crate::notation::frame::Frame;
use crate::notation::uhp::{move_string, GameString, MoveString};
use crate::notation::Notation;
use crate::record::puzzle::{Branch, Solution};
use serde::Serialize;
use std::fmt;

/// What a puzzle asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PuzzleTheme {
    /// Surround the Queen in one move.
    #[serde(rename = "surround-1")]
    Surround1,
    /// In two moves, against every defence.
    #[serde(rename = "surround-2")]
    Surround2,
    /// In three.
    #[serde(rename = "surround-3")]
    Surround3,
    /// The one move that keeps the game: at least even after it, clearly worse after any other.
    OnlyMove,
    /// The one move that stops a forced surround of one's own Queen.
    Defence,
}

impl PuzzleTheme {
    pub const ALL: [PuzzleTheme; 5] = [
        PuzzleTheme::Surround1,
        PuzzleTheme::Surround2,
        PuzzleTheme::Surround3,
        PuzzleTheme::OnlyMove,
        PuzzleTheme::Defence,
    ];

    pub fn name(self) -> &'static str {
        match self {
            PuzzleTheme::Surround1 => "surround-1",
            PuzzleTheme::Surround2 => "surround-2",
            PuzzleTheme::Surround3 => "surround-3",
            PuzzleTheme::OnlyMove => "only-move",
            PuzzleTheme::Defence => "defence",
        }
    }

    /// What the trainer's theme menu says.
    pub fn label(self) -> &'static str {
        match self {
            PuzzleTheme::Surround1 => "Surround in 1",
            PuzzleTheme::Surround2 => "Surround in 2",
            PuzzleTheme::Surround3 => "Surround in 3",
            PuzzleTheme::OnlyMove => "Only move",
            PuzzleTheme::Defence => "Defence",
        }
    }

    pub fn from_name(s: &str) -> Option<PuzzleTheme> {
        PuzzleTheme::ALL.into_iter().find(|t| t.name() == s)
    }

    /// The surround theme of `n` solver's moves.
    pub fn surround(n: u8) -> Option<PuzzleTheme> {
        match n {
            1 => Some(PuzzleTheme::Surround1),
            2 => Some(PuzzleTheme::Surround2),
            3 => Some(PuzzleTheme::Surround3),
            _ => None,
        }
    }
}

impl fmt::Display for PuzzleTheme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The game a puzzle came from.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PuzzleSource {
    pub white: Option<String>,
    pub black: Option<String>,
    pub event: Option<String>,
    /// Where the record was read (a file, an archive's entry, a game's number in it).
    pub game: String,
    /// Moves played before the puzzle's position.
    pub ply: usize,
}

/// A puzzle: a position, what solves it, and where it came from.
#[derive(Clone, Debug)]
pub struct MinedPuzzle {
    /// The same for positions equal up to rotation, mirroring and colours.
    pub id: String,
    pub theme: PuzzleTheme,
    /// 1 (seen at once) to 9 (see docs/PUZZLES.md): how many nodes the engine's search
    /// needed before it kept to a solving move.
    pub difficulty: u8,
    /// The rating the set seeds it with, on the same measure made continuous
    /// ([`rating::seed_rating`]; 1500 is the middle of the medium puzzles).
    pub rating: u16,
    /// The position the solver faces, with the game's moves that led there.
    pub position: Position,
    pub solution: Solution,
    pub source: PuzzleSource,
}

/// A puzzle's id: its position's canonical key, in 12 hexadecimal digits.
pub fn puzzle_id(pos: &Position) -> String {
    format!("{:012x}", PositionKey::of(pos).short() >> 16)
}

/// One field of a puzzle's line, without the tabs and line breaks that separate fields.
fn field(s: &str) -> String {
    s.replace(['\t', '\n', '\r'], " ")
}

/// Why a puzzle's line cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleLineError(pub String);

impl fmt::Display for PuzzleLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl MinedPuzzle {
    pub fn solver(&self) -> Color {
        self.position.to_move()
    }

    /// The puzzle as one line of a set's shard (no line break), in the set's present
    /// format (eleven fields).
    pub fn to_line(&self) -> String {
        let opt = |s: &Option<String>| field(s.as_deref().unwrap_or(""));
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.theme,
            self.difficulty,
            self.rating,
            GameString::from_position(&self.position),
            write_tree(&mut self.position.clone(), &self.solution),
            opt(&self.source.white),
            opt(&self.source.black),
            opt(&self.source.event),
            field(&self.source.game),
            self.source.ply,
        )
    }

    /// Reads a line written by [`MinedPuzzle::to_line`], checking that the position replays
    /// and that every move of the solution is legal where it stands. A line of the first
    /// format (ten fields, no rating) is read too, its rating that of its difficulty
    /// ([`rating::rating_of_difficulty`]).
    pub fn from_line(line: &str) -> Result<MinedPuzzle, PuzzleLineError> {
        let mut f: Vec<&str> = line.split('\t').collect();
        let rating = match f.len() {
            10 => None,
            11 => {
                let r = f.remove(3);
                Some(
                    r.parse::<u16>()
                        .map_err(|_| PuzzleLineError(format!("'{r}' is not a rating")))?,
                )
            }
            n => {
                return Err(PuzzleLineError(format!(
                    "{n} fields where a puzzle has 11 (or 10 without its rating)"
                )))
            }
        };
        let id = f[0].to_string();
        if id.is_empty() || !id.chars().all(|c| c.is_ascii_hexdigit()) {
            return Err(PuzzleLineError(format!("'{}' is not a puzzle id", f[0])));
        }
        let theme = PuzzleTheme::from_name(f[1])
            .ok_or_else(|| PuzzleLineError(format!("no theme '{}'", f[1])))?;
        let difficulty: u8 = f[2]
            .parse()
            .map_err(|_| PuzzleLineError(format!("'{}' is not a difficulty", f[2])))?;
        let rating = rating.unwrap_or_else(|| rating::rating_of_difficulty(difficulty));
        let gs: GameString = f[3]
            .parse()
            .map_err(|e| PuzzleLineError(format!("the position: {e}")))?;
        let position = gs
            .replay()
            .map_err(|e| PuzzleLineError(format!("the position: {e}")))?;
        if position.state().is_over() {
            return Err(PuzzleLineError("the position's game is over".to_string()));
        }
        let mut p = position.clone();
        let solution = TreeReader { text: f[4], at: 0 }
            .solution(&mut p)
            .map_err(|e| PuzzleLineError(format!("the solution: {e}")))?;
        if solution.branches.is_empty() {
            return Err(PuzzleLineError("the solution has no move".to_string()));
        }
        let opt = |s: &str| (!s.is_empty()).then(|| s.to_string());
        let ply = f[9]
            .parse()
            .map_err(|_| PuzzleLineError(format!("'{}' is not a ply", f[9])))?;
        Ok(MinedPuzzle {
            id,
            theme,
            difficulty,
            rating,
            position,
            solution,
            source: PuzzleSource {
                white: opt(f[5]),
                black: opt(f[6]),
                event: opt(f[7]),
                game: f[8].to_string(),
                ply,
            },
        })
    }

    /// The puzzle as `beeline puzzles --json` prints it.
    pub fn json(&self) -> PuzzleJson {
        let mut p = self.position.clone();
        let solution = self
            .solution
            .main_line()
            .into_iter()
            .map(|m| {
                let t = move_string(&p, m);
                p.play_unchecked(m);
                t
            })
            .collect();
        PuzzleJson {
            id: self.id.clone(),
            position: GameString::from_position(&self.position).to_string(),
            solver: if self.solver() == Color::White {
                "white"
            } else {
                "black"
            },
            solution,
            first_moves: self
                .solution
                .first_moves()
                .into_iter()
                .map(|m| move_string(&self.position, m))
                .collect(),
            theme: self.theme,
            difficulty: self.difficulty,
            rating: self.rating,
            tree: write_tree(&mut self.position.clone(), &self.solution),
            source: self.source.clone(),
        }
    }
}

/// A puzzle in JSON: its moves in UHP MoveStrings.
#[derive(Clone, Debug, Serialize)]
pub struct PuzzleJson {
    pub id: String,
    /// The UHP GameString of the position the solver faces.
    pub position: String,
    pub solver: &'static str,
    /// The main line: the solver's and the defender's moves alternating.
    pub solution: Vec<String>,
    /// Every first move that solves it.
    pub first_moves: Vec<String>,
    pub theme: PuzzleTheme,
    pub difficulty: u8,
    pub rating: u16,
    /// The whole solution tree (docs/PUZZLES.md).
    pub tree: String,
    pub source: PuzzleSource,
}

/// The solution tree in text: `branch,branch`, each branch `MOVE` or `MOVE>REPLY(tree)`.
pub fn write_tree(pos: &mut Position, node: &Solution) -> String {
    let mut parts = Vec::with_capacity(node.branches.len());
    for b in &node.branches {
        let mut s = move_string(pos, b.mv);
        if let Some((r, next)) = &b.reply {
            pos.play_unchecked(b.mv);
            s.push('>');
            s.push_str(&move_string(pos, *r));
            pos.play_unchecked(*r);
            s.push('(');
            s.push_str(&write_tree(pos, next));
            s.push(')');
            pos.undo();
            pos.undo();
        }
        parts.push(s);
    }
    parts.join(",")
}

/// Reads a solution tree, each move against the position where it stands.
struct TreeReader<'a> {
    text: &'a str,
    at: usize,
}

impl TreeReader<'_> {
    fn solution(&mut self, pos: &mut Position) -> Result<Solution, String> {
        let mut branches = Vec::new();
        loop {
            if self.peek().is_none_or(|c| c == ')') {
                return Ok(Solution { branches });
            }
            let mv = self.read_move(pos)?;
            let reply = if self.peek() == Some('>') {
                self.at += 1;
                pos.play_unchecked(mv);
                let r = self.read_move(pos)?;
                pos.play_unchecked(r);
                if self.peek() != Some('(') {
                    return Err(format!("'(' expected at character {}", self.at + 1));
                }
                self.at += 1;
                let next = self.solution(pos)?;
                if self.peek() != Some(')') {
                    return Err(format!("')' expected at character {}", self.at + 1));
                }
                self.at += 1;
                pos.undo();
                pos.undo();
                Some((r, next))
            } else {
                None
            };
            branches.push(Branch { mv, reply });
            match self.peek() {
                Some(',') => self.at += 1,
                None | Some(')') => return Ok(Solution { branches }),
                Some(c) => return Err(format!("'{c}' at character {}", self.at + 1)),
            }
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn read_move(&mut self, pos: &Position) -> Result<Move, String> {
        let rest = &self.text[self.at..];
        let len = rest.find([',', '>', '(', ')']).unwrap_or(rest.len());
        let word = &rest[..len];
        self.at += len;
        if pos.state().is_over() {
            return Err(format!("'{word}' comes after the game is over"));
        }
        MoveString::read(pos, &Frame::ENGINE, word.trim()).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_back_and_bad_lines_are_refused() {
        let position: Position = "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-"
            .parse::<GameString>()
            .unwrap()
            .replay()
            .unwrap();
        let legal = position.legal_moves();
        let mut after = position.clone();
        after.play_unchecked(legal[0]);
        let reply = after.legal_moves()[1];
        let solution = Solution {
            branches: vec![
                Branch {
                    mv: legal[0],
                    reply: Some((reply, Solution::line(&[]))),
                },
                Branch {
                    mv: legal[3],
                    reply: None,
                },
            ],
        };
        let p = MinedPuzzle {
            id: puzzle_id(&position),
            theme: PuzzleTheme::OnlyMove,
            difficulty: 3,
            rating: 1234,
            position,
            solution,
            source: PuzzleSource {
                white: Some("ann\tb".into()),
                black: None,
                event: Some("Cup".into()),
                game: "games.pgn #2".into(),
                ply: 4,
            },
        };
        let line = p.to_line();
        let back = MinedPuzzle::from_line(&line).unwrap();
        assert_eq!(back.solution, p.solution);
        assert_eq!(back.source.white.as_deref(), Some("ann b"));
        assert_eq!(back.to_line(), line);
        assert_eq!(back.rating, 1234);
        // A line of the first format (no rating): its difficulty's rating.
        let mut old: Vec<&str> = line.split('\t').collect();
        old.remove(3);
        let back = MinedPuzzle::from_line(&old.join("\t")).unwrap();
        assert_eq!(back.rating, rating::rating_of_difficulty(3));
        assert_eq!(back.solution, p.solution);
        let bad_rating = line.replace("\t1234\t", "\tfirm\t");
        assert!(MinedPuzzle::from_line(&bad_rating)
            .unwrap_err()
            .0
            .contains("'firm' is not a rating"));
        // A move that is not legal where it stands names the solution.
        let broken = line.replace(&move_string(&p.position, legal[3]), "wQ -bQ");
        assert!(MinedPuzzle::from_line(&broken)
            .unwrap_err()
            .0
            .starts_with("the solution"));
        assert!(MinedPuzzle::from_line("abc\tsurround-1").is_err());
        let bad_theme = line.replace("only-move", "fork");
        assert!(MinedPuzzle::from_line(&bad_theme)
            .unwrap_err()
            .0
            .contains("fork"));
        // Cut anywhere, a line is an error, never a panic.
        for i in 0..line.len() {
            if line.is_char_boundary(i) {
                let _ = MinedPuzzle::from_line(&line[..i]);
            }
        }
    }
}
