//! What a quick review finds in one game, for both players: each move's judgement, the
//! chances it lost, its bug and its phase, and the game's missed wins and allowed losses.
//! Nothing here depends on whose insights are asked for, so one game's facts serve every
//! player (the browser keeps them per game).

use super::tactics::{allowed_loss, missed_win, Tactic, TacticKind};
use crate::engine::piece::{Bug, Color};
use crate::engine::position::{Move, Position};
use crate::notation::Coordinates;
use crate::search::game_review::{Judgement, Review};
use crate::search::surround::open_cells;
use crate::search::{Clock, Limits, Searcher};
use serde::Serialize;

/// The quick setting: every position searched to this depth, a move whose judgement is in
/// doubt a ply deeper (`game_review::SECOND_LOOK`), the table kept from one position to the
/// next and cleared at each game's start, so that a game's facts depend on the game alone
/// (docs/INSIGHTS.md, "Speed and agreement").
pub const QUICK_DEPTH: u8 = 3;

/// The reviewer's table, in MiB: the browser's worker uses the same, so that a game's facts
/// are the same in both at the same depth.
pub const TABLE_MIB: usize = 16;

/// The plies of the opening phase.
pub const OPENING_PLIES: usize = 12;

/// Where in a game a move falls: the first [`OPENING_PLIES`] plies; the end, from the first
/// position where either Queen has at most two empty neighbours; the middle between.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Phase {
    Opening,
    Middle,
    End,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Opening, Phase::Middle, Phase::End];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Opening => "opening",
            Phase::Middle => "middle",
            Phase::End => "end",
        }
    }
}

/// One move of a reviewed game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveFacts {
    pub mover: Color,
    /// The bug moved or placed; `None` for a pass.
    pub bug: Option<Bug>,
    pub phase: Phase,
    pub judgement: Judgement,
    /// The mover's chances of winning the move lost against the best one, in thousandths
    /// (0 to 1000); `None` for a move that is not scored: a forced one, or a side's first
    /// placement (which the review never marks: docs/ANALYSIS.md, "Judgements").
    pub lost: Option<u16>,
}

impl MoveFacts {
    /// The chances lost from 0 to 1, if the move is scored.
    pub fn lost_chances(&self) -> Option<f64> {
        self.lost.map(|l| f64::from(l) / 1000.0)
    }
}

/// A reviewed game.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameFacts {
    /// One per move of the main line, in order.
    pub moves: Vec<MoveFacts>,
    /// Missed wins and allowed losses of both players, in the order of their plies.
    pub tactics: Vec<Tactic>,
}

impl GameFacts {
    /// The facts as one line of text, as the browser keeps them and a worker sends them:
    /// `v1`, then a field a move (`w` or `b`, the bug's letter or `.`, `o`, `m` or `e`, the
    /// judgement's number, the chances lost in thousandths or `-`), then a field a tactic
    /// (`M` or `A`, `w` or `b`, `ply,moves,` and the line's MoveStrings between `;`); fields
    /// between tabs, moves and tactics between a field `|`.
    pub fn to_text(&self) -> String {
        let mut out = String::from("v1");
        for m in &self.moves {
            out.push('\t');
            out.push(colour_letter(m.mover));
            out.push(m.bug.map_or('.', Bug::letter));
            out.push(match m.phase {
                Phase::Opening => 'o',
                Phase::Middle => 'm',
                Phase::End => 'e',
            });
            out.push(char::from(b'0' + m.judgement as u8));
            match m.lost {
                Some(l) => out.push_str(&l.to_string()),
                None => out.push('-'),
            }
        }
        out.push_str("\t|");
        for t in &self.tactics {
            out.push('\t');
            out.push(match t.kind {
                TacticKind::MissedWin => 'M',
                TacticKind::AllowedLoss => 'A',
            });
            out.push(colour_letter(t.by));
            out.push_str(&format!("{},{},{}", t.ply, t.moves, t.line.join(";")));
        }
        out
    }

    /// Reads [`GameFacts::to_text`]; `None` for anything else (a cache of another version).
    pub fn from_text(text: &str) -> Option<GameFacts> {
        let mut fields = text.split('\t');
        if fields.next()? != "v1" {
            return None;
        }
        let mut facts = GameFacts::default();
        for f in fields.by_ref() {
            if f == "|" {
                break;
            }
            let mut c = f.chars();
            let mover = colour_of(c.next()?)?;
            let bug = match c.next()? {
                '.' => None,
                b => Some(Bug::from_letter(b)?),
            };
            let phase = match c.next()? {
                'o' => Phase::Opening,
                'm' => Phase::Middle,
                'e' => Phase::End,
                _ => return None,
            };
            let judgement = Judgement::from_index(c.next()?.to_digit(10)? as u8)?;
            let lost = match c.as_str() {
                "-" => None,
                l => Some(l.parse::<u16>().ok().filter(|&l| l <= 1000)?),
            };
            facts.moves.push(MoveFacts {
                mover,
                bug,
                phase,
                judgement,
                lost,
            });
        }
        for f in fields {
            let kind = match f.get(..1)? {
                "M" => TacticKind::MissedWin,
                "A" => TacticKind::AllowedLoss,
                _ => return None,
            };
            let by = colour_of(f[1..].chars().next()?)?;
            let mut parts = f.get(2..)?.splitn(3, ',');
            let ply = parts.next()?.parse().ok()?;
            let moves = parts.next()?.parse().ok()?;
            let line = parts.next()?.split(';').map(str::to_string).collect();
            facts.tactics.push(Tactic {
                kind,
                by,
                ply,
                line,
                moves,
            });
        }
        Some(facts)
    }
}

fn colour_letter(c: Color) -> char {
    match c {
        Color::White => 'w',
        Color::Black => 'b',
    }
}

fn colour_of(c: char) -> Option<Color> {
    match c {
        'w' => Some(Color::White),
        'b' => Some(Color::Black),
        _ => None,
    }
}

/// Reviews games one after another with one searcher (one per thread).
pub struct Reviewer {
    limits: Limits,
    searcher: Option<Searcher>,
}

impl Reviewer {
    pub fn new(limits: Limits) -> Reviewer {
        Reviewer::with_searcher(limits, Searcher::new(TABLE_MIB))
    }

    /// A reviewer with a searcher of the caller's (the browser's worker makes a small one).
    pub fn with_searcher(limits: Limits, searcher: Searcher) -> Reviewer {
        Reviewer {
            limits: limits.with_lines(1),
            searcher: Some(searcher),
        }
    }

    /// The facts of the main line `moves` from `start`; `clock_for` starts the clock of
    /// each position's search (only a time limit reads it).
    pub fn review(
        &mut self,
        start: &Position,
        moves: &[Move],
        clock_for: &dyn Fn() -> Box<dyn Clock>,
    ) -> GameFacts {
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| Searcher::new(TABLE_MIB));
        // Each game starts from a cleared table: its facts depend on it alone.
        searcher.clear();
        let mut review =
            Review::with_searcher(searcher, start, moves, Coordinates::Canonical, self.limits)
                .keeping_table();
        let mut facts = GameFacts {
            moves: Vec::with_capacity(moves.len()),
            tactics: Vec::new(),
        };
        let mut pos = start.clone();
        let mut end_reached = false;
        for &m in moves {
            let Some(Some(j)) = review.next_judged(clock_for().as_ref()) else {
                break;
            };
            let Some(judgement) = j.judgement else {
                break;
            };
            end_reached = end_reached || near_end(&pos);
            let phase = if pos.ply() < OPENING_PLIES {
                Phase::Opening
            } else if end_reached {
                Phase::End
            } else {
                Phase::Middle
            };
            let first_placement = pos.placed_count(j.mover) == 0;
            let scored = judgement != Judgement::Forced && !first_placement;
            facts.moves.push(MoveFacts {
                mover: j.mover,
                bug: m.piece().map(|p| p.bug()),
                phase,
                judgement,
                lost: scored.then(|| (j.chances_lost() * 1000.0).round().min(1000.0) as u16),
            });
            let before = pos.clone();
            facts.tactics.extend(missed_win(&pos, m));
            if pos.play(m).is_err() {
                break;
            }
            facts.tactics.extend(allowed_loss(&before, &pos));
        }
        self.searcher = Some(review.into_searcher());
        facts
    }
}

/// Whether either Queen has at most two empty neighbours: the end has begun.
fn near_end(pos: &Position) -> bool {
    [Color::White, Color::Black]
        .into_iter()
        .any(|c| open_cells(pos, c).is_some_and(|open| open <= 2))
}
