//! Analysis of a game: for every ply of its main line, the evaluation before and after the
//! move, the best move and its line in the three notations, the depth reached and a
//! judgement of the move played.
//!
//! Each position of the game is searched to the limit; a move other than the best one is
//! valued by searching the position after it one ply shallower than that search went, so
//! the best move and the move played are seen equally far. Under a time limit, a judgement
//! near a threshold gets a second, longer look ([`SECOND_LOOK`]).

use super::{white_view, win_in, Clock, Limits, Score, Searcher, WIN_BOUND};
use crate::engine::piece::Color;
use crate::engine::position::{Move, Position};
use crate::notation::frame::Frame;
use crate::notation::uhp::MoveString;
use crate::notation::{Coordinates, NotatedMove};
use serde::Serialize;

/// How far, in the mover's chances of winning, a move falls short of the best one when it
/// becomes an inaccuracy, a mistake, a blunder (docs/ANALYSIS.md); less is `good`.
pub const INACCURACY: f64 = 0.05;
pub const MISTAKE: f64 = 0.10;
pub const BLUNDER: f64 = 0.20;

/// A move whose fall short of the best one, in the mover's chances, lies from
/// `SECOND_LOOK.0` to below `SECOND_LOOK.1` is searched again for `SECOND_LOOK.2` times the
/// time (under a time limit): near the thresholds a quick search's judgement is in doubt.
pub const SECOND_LOOK: (f64, f64, u64) = (0.03, 0.30, 2);

/// Whether a move that falls from `best` to `after` (for the mover) is judged near a
/// threshold: [`SECOND_LOOK`].
fn in_doubt(best: Score, after: Score) -> bool {
    (SECOND_LOOK.0..SECOND_LOOK.1).contains(&chances_lost(best, after))
}

/// How far, in the mover's chances of winning, a move valued `after` falls short of the
/// best one's `best`: what the judgements' thresholds are measured in.
fn chances_lost(best: Score, after: Score) -> f64 {
    win_probability(best) - win_probability(after)
}

/// Scale of the logistic win probability: `1 / (1 + exp(-score / SCALE))` for the side the
/// score favours. Fitted to human games with the present evaluation (docs/ANALYSIS.md,
/// "Win probability").
pub const SCALE: f64 = 760.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    Best,
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
    Forced,
}

impl Judgement {
    /// Every judgement, in order of its [`Judgement::from_index`] number.
    pub const ALL: [Judgement; 6] = [
        Judgement::Best,
        Judgement::Good,
        Judgement::Inaccuracy,
        Judgement::Mistake,
        Judgement::Blunder,
        Judgement::Forced,
    ];

    /// The judgement numbered `i` (its place in [`Judgement::ALL`], as `j as u8` gives it).
    pub fn from_index(i: u8) -> Option<Judgement> {
        Judgement::ALL.get(usize::from(i)).copied()
    }

    /// The mark a judged move gets in the notation (`?!`, `?`, `??`); `None` for a
    /// judgement that marks nothing (best, good, forced).
    pub fn mark(self) -> Option<&'static str> {
        match self {
            Judgement::Inaccuracy => Some("?!"),
            Judgement::Mistake => Some("?"),
            Judgement::Blunder => Some("??"),
            _ => None,
        }
    }

    /// The judgement [`Judgement::name`] writes as `name`.
    pub fn from_name(name: &str) -> Option<Judgement> {
        Judgement::ALL.into_iter().find(|j| j.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Judgement::Best => "best",
            Judgement::Good => "good",
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
            Judgement::Forced => "forced",
        }
    }
}

/// A move in the three notations.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Notated {
    pub standard: String,
    pub direction: String,
    pub algebraic: String,
}

/// One of the lines searched in a position (`beeline analyse --lines N`), from White's side
/// as [`PlyAnalysis`]'s evaluations are.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LineAnalysis {
    pub eval: f64,
    pub win_probability: f64,
    /// Plies to a forced end: positive when White wins, negative when Black does.
    pub win_in: Option<i32>,
    pub depth: u8,
    pub pv: Vec<Notated>,
}

/// One ply of the analysis. Evaluations are in points (hundredths of [`super::eval`]'s
/// unit) from White's side; forced wins are ±100 with `win_in` set.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlyAnalysis {
    /// 1-based.
    pub ply: usize,
    /// `"white"` or `"black"`.
    pub player: &'static str,
    /// `None` on the last row: the position the game stopped at, still in play.
    pub played: Option<Notated>,
    pub best: Option<Notated>,
    /// The best move itself (not written: `best` names it).
    #[serde(skip)]
    pub best_move: Option<Move>,
    pub pv: Vec<Notated>,
    /// Before the move, with best play.
    pub eval: f64,
    /// After the move played.
    pub eval_after: f64,
    /// White's chances before the move.
    pub win_probability: f64,
    /// White's chances after the move played.
    pub win_probability_after: f64,
    /// Plies to a forced end before the move: positive when White wins, negative when
    /// Black does.
    pub win_in: Option<i32>,
    pub depth: u8,
    pub nodes: u64,
    pub legal_moves: usize,
    /// `None` on the last row, where no move was played.
    pub judgement: Option<Judgement>,
    /// The lines searched, best first (the first is `eval` and `pv`), with distinct first
    /// moves: as many as [`Limits::lines`] asks and the legal moves allow.
    pub lines: Vec<LineAnalysis>,
}

/// One position of a review, searched and its move judged, before anything is written:
/// scores are for the mover, as the search gives them.
#[derive(Clone, Debug)]
pub struct Judged {
    pub mover: Color,
    /// `None` for the last position, where no move was played.
    pub played: Option<Move>,
    /// The position's value with best play.
    pub before: Score,
    /// The value after the move played (`before` when none was).
    pub after: Score,
    /// `None` for the last position.
    pub judgement: Option<Judgement>,
    pub search: super::SearchResult,
}

impl Judged {
    /// How far the move played lowered the mover's chances of winning, from 0 to 1: what
    /// the judgements' thresholds and an accuracy are measured in.
    pub fn chances_lost(&self) -> f64 {
        chances_lost(self.before, self.after).max(0.0)
    }
}

/// Points from a score, for display: forced wins as ±100.
pub fn points(score: Score) -> f64 {
    if score > WIN_BOUND {
        100.0
    } else if score < -WIN_BOUND {
        -100.0
    } else {
        (score as f64 / 100.0 * 100.0).round() / 100.0
    }
}

/// The chance of winning for the side the score is for.
pub fn win_probability(score: Score) -> f64 {
    if score > WIN_BOUND {
        1.0
    } else if score < -WIN_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-(score as f64) / SCALE).exp())
    }
}

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

/// The judgement of a move whose result `after` (for the mover) compares with the best
/// move's `best` score.
pub fn judge(played_is_best: bool, legal_moves: usize, best: Score, after: Score) -> Judgement {
    if legal_moves <= 1 {
        return Judgement::Forced;
    }
    if played_is_best || after >= best {
        return Judgement::Best;
    }
    let drop = chances_lost(best, after);
    if drop < INACCURACY {
        Judgement::Good
    } else if drop < MISTAKE {
        Judgement::Inaccuracy
    } else if drop < BLUNDER {
        Judgement::Mistake
    } else {
        Judgement::Blunder
    }
}

/// The judgement of a side's first placement: never marked. The engine's values of the
/// first pieces differ by more than it can tell apart (a quick review marked the first move
/// of 9 games in 13), and players choose their opening piece by taste.
fn first_placement(j: Judgement) -> Judgement {
    match j {
        Judgement::Inaccuracy | Judgement::Mistake | Judgement::Blunder => Judgement::Good,
        j => j,
    }
}

/// Analyses the main line `moves` from `start`, calling `progress(done, total)` after each
/// position searched.
pub fn analyse(
    start: &Position,
    moves: &[Move],
    coordinates: Coordinates,
    limits: &Limits,
    clock_for: &dyn Fn() -> Box<dyn Clock>,
    progress: &mut dyn FnMut(usize, usize),
) -> Vec<PlyAnalysis> {
    let mut review = Review::new(start, moves, coordinates, *limits);
    let mut out = Vec::with_capacity(moves.len() + 1);
    while let Some(row) = review.next_row(clock_for().as_ref()) {
        out.extend(row);
        progress(review.done(), review.total());
    }
    out
}

/// The analysis of a game one position at a time, so that a caller can show each ply as it
/// comes (the browser's review) or stop.
///
/// Under a depth limit every position is searched from a cleared searcher: a ply's result
/// depends on its position and the depth alone, so the command line, a review and the live
/// analysis of one position agree. Under a time limit the searcher keeps what it learnt
/// from one position to the next (the next search goes deeper in the same time).
pub struct Review {
    searcher: Searcher,
    start: Position,
    moves: Vec<Move>,
    coordinates: Coordinates,
    limits: Limits,
    pos: Position,
    /// Positions searched so far (the next one is `pos`, after `moves[..done]`).
    done: usize,
    /// Under a depth limit, clear the table before each position (see the type's note).
    clear: bool,
}

impl Review {
    pub fn new(
        start: &Position,
        moves: &[Move],
        coordinates: Coordinates,
        limits: Limits,
    ) -> Review {
        Review::with_searcher(Searcher::default(), start, moves, coordinates, limits)
    }

    /// [`Review::new`] with a searcher of the caller's (a browser worker makes a smaller
    /// table when memory is short).
    pub fn with_searcher(
        searcher: Searcher,
        start: &Position,
        moves: &[Move],
        coordinates: Coordinates,
        limits: Limits,
    ) -> Review {
        Review {
            searcher,
            start: start.clone(),
            moves: moves.to_vec(),
            coordinates,
            limits,
            pos: start.clone(),
            done: 0,
            clear: true,
        }
    }

    /// The same review keeping the table from one position to the next under a depth limit
    /// too, and giving a move whose judgement is in doubt ([`SECOND_LOOK`]) a search a ply
    /// deeper, as a time limit gives it twice the time: `insights`' quick review. A
    /// position's result then depends on the game before it as well (the same for the same
    /// game and table size); the table saves about a third of the time, the position after
    /// each move having been searched a ply shallower already.
    pub fn keeping_table(self) -> Review {
        Review {
            clear: false,
            ..self
        }
    }

    /// Positions searched so far.
    pub fn done(&self) -> usize {
        self.done
    }

    /// Positions to search: one per move and the last one.
    pub fn total(&self) -> usize {
        self.moves.len() + 1
    }

    /// Searches the next position: `Some(Some(row))` for a ply (or the last position, still
    /// in play), `Some(None)` for a last position where the game is over, `None` once every
    /// position is done.
    pub fn next_row(&mut self, clock: &dyn Clock) -> Option<Option<PlyAnalysis>> {
        let i = self.done;
        let judged = self.next_judged(clock)?;
        let Some(j) = judged else {
            return Some(None);
        };
        let player = if j.mover == Color::White {
            "white"
        } else {
            "black"
        };
        let line = &self.moves[..i];
        let r = &j.search;
        let pv = notate_line(&self.start, line, &r.pv, self.coordinates);
        let lines = self.lines(r, line, j.mover);
        let before = white_view(j.before, j.mover);
        let after = white_view(j.after, j.mover);
        let played = j.played.map(|m| {
            notate_line(&self.start, line, &[m], self.coordinates)
                .pop()
                .unwrap_or_else(|| {
                    let mut at = self.start.clone();
                    for &p in line {
                        at.play_unchecked(p);
                    }
                    fallback(&at, m)
                })
        });
        Some(Some(PlyAnalysis {
            ply: i + 1,
            player,
            played,
            best: pv.first().cloned(),
            best_move: r.best,
            pv,
            eval: points(before),
            eval_after: points(after),
            win_probability: round3(win_probability(before)),
            win_probability_after: round3(win_probability(after)),
            win_in: win_in(before),
            depth: r.depth,
            nodes: r.nodes,
            legal_moves: r.legal_moves,
            judgement: j.judgement,
            lines,
        }))
    }

    /// Searches the next position and judges the move played there, writing nothing:
    /// [`Review::next_row`] without the notation (what `insights` needs of every game).
    /// `Some(None)` for a last position where the game is over, `None` once every position
    /// is done.
    pub fn next_judged(&mut self, clock: &dyn Clock) -> Option<Option<Judged>> {
        let i = self.done;
        if i > self.moves.len() {
            return None;
        }
        self.done += 1;
        if self.limits.time_ms.is_none() && self.clear {
            self.searcher.clear();
        }
        let mover = self.pos.to_move();
        let Some(&m) = self.moves.get(i) else {
            // The position reached, when the game goes on: its evaluation and best line.
            if self.pos.state().is_over() {
                return Some(None);
            }
            let search = self.searcher.search(&self.pos, &self.limits, clock);
            return Some(Some(Judged {
                mover,
                played: None,
                before: search.score,
                after: search.score,
                judgement: None,
                search,
            }));
        };
        let mut r = self.searcher.search(&self.pos, &self.limits, clock);
        let mut next = self.pos.clone();
        next.play_unchecked(m);
        let mut after = self.played_score(&r, m, &next, clock);
        // A second, longer look where the judgement is in doubt: a quick search's scores
        // move by a few points from one depth to the next, enough to carry a move across a
        // threshold (docs/ANALYSIS.md, "How far a quick review can be trusted"). Not for a
        // side's first placement, which is never marked ([`first_placement`]).
        let first = self.pos.placed_count(mover) == 0;
        if !first && r.best != Some(m) && r.legal_moves > 1 && in_doubt(r.score, after) {
            // Twice the time, or a ply deeper when kept to a depth (and asked to).
            let longer = match self.limits.time_ms {
                Some(t) => Some(Limits {
                    time_ms: Some(t * SECOND_LOOK.2),
                    ..self.limits
                }),
                None => (!self.clear).then(|| Limits::depth(self.limits.depth + 1)),
            };
            if let Some(longer) = longer {
                r = self.searcher.search(&self.pos, &longer, clock);
                after = self.played_score(&r, m, &next, clock);
            }
        }
        let mut judgement = judge(r.best == Some(m), r.legal_moves, r.score, after);
        if first {
            judgement = first_placement(judgement);
        }
        self.pos = next;
        Some(Some(Judged {
            mover,
            played: Some(m),
            before: r.score,
            after,
            judgement: Some(judgement),
            search: r,
        }))
    }

    /// The searcher back, for the next game's review.
    pub fn into_searcher(self) -> Searcher {
        self.searcher
    }

    /// The score, for the mover, of the move `m` that leads to `next`, valued as the search
    /// `r` valued the best move: `next` one ply shallower, so both see equally far (the
    /// next position's own search sees a ply further, and Hive's evaluations swing from one
    /// ply to the next). A move that starts one of the lines has its score already.
    fn played_score(
        &mut self,
        r: &super::SearchResult,
        m: Move,
        next: &Position,
        clock: &dyn Clock,
    ) -> Score {
        if r.best == Some(m) {
            r.score
        } else if let Some(l) = r.lines.iter().find(|l| l.pv.first() == Some(&m)) {
            l.score
        } else if let Some(s) = super::terminal(next, 1) {
            -s
        } else if r.depth <= 1 {
            -super::eval::evaluate(next)
        } else {
            let d = after_limits(&self.limits, r.depth);
            -self.searcher.search(next, &d, clock).score
        }
    }

    /// A search's lines, notated after `line` and seen from White's side.
    fn lines(&self, r: &super::SearchResult, line: &[Move], mover: Color) -> Vec<LineAnalysis> {
        r.lines
            .iter()
            .map(|l| {
                let score = white_view(l.score, mover);
                LineAnalysis {
                    eval: points(score),
                    win_probability: round3(win_probability(score)),
                    win_in: win_in(score),
                    depth: r.depth,
                    pv: notate_line(&self.start, line, &l.pv, self.coordinates),
                }
            })
            .collect()
    }
}

/// The limits of the search that values a move played after a search of `depth`: one ply
/// shallower and, under a time limit, the same time again at most (a quick search may reach
/// a depth in a forced line that a search of the position after takes minutes to).
fn after_limits(limits: &Limits, depth: u8) -> Limits {
    Limits {
        time_ms: limits.time_ms,
        ..Limits::depth(depth.saturating_sub(1))
    }
}

/// The analysis as a text table: one line per ply.
pub fn table(rows: &[PlyAnalysis]) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:>4}  {:<22} {:<12} {:<14} {:>7} {:>7} {:>5}  {:<10} {:<22} {:>5}  line",
        "ply",
        "played",
        "direction",
        "algebraic",
        "before",
        "after",
        "win%",
        "judgement",
        "best",
        "depth"
    );
    for r in rows {
        let (std_, dir, alg) = match &r.played {
            Some(p) => (
                p.standard.as_str(),
                p.direction.as_str(),
                p.algebraic.as_str(),
            ),
            None => ("(to play)", "", ""),
        };
        let best = r.best.as_ref().map_or("", |b| b.standard.as_str());
        let line: Vec<&str> = r.pv.iter().map(|m| m.direction.as_str()).collect();
        let eval = |e: f64, w: Option<i32>| match w {
            Some(n) if n > 0 => format!("W+{n}"),
            Some(n) => format!("B+{}", -n),
            None => format!("{e:+.2}"),
        };
        let _ = writeln!(
            s,
            "{:>4}  {:<22} {:<12} {:<14} {:>7} {:>7} {:>5.1}  {:<10} {:<22} {:>5}  {}",
            r.ply,
            std_,
            dir,
            alg,
            eval(r.eval, r.win_in),
            format!("{:+.2}", r.eval_after),
            r.win_probability * 100.0,
            r.judgement.map_or("", |j| j.name()),
            best,
            r.depth,
            line.join(" ")
        );
        // The other lines under the first, each with its evaluation.
        for (k, l) in r.lines.iter().enumerate().skip(1) {
            let moves: Vec<&str> = l.pv.iter().map(|m| m.direction.as_str()).collect();
            let first = l.pv.first().map_or("", |m| m.standard.as_str());
            let _ = writeln!(
                s,
                "{:>4}  {:<22} {:<12} {:<14} {:>7} {:>7} {:>5.1}  {:<10} {:<22} {:>5}  {}",
                "",
                format!("line {}", k + 1),
                "",
                "",
                eval(l.eval, l.win_in),
                "",
                l.win_probability * 100.0,
                "",
                first,
                l.depth,
                moves.join(" ")
            );
        }
    }
    s
}

/// `tail` played after `line` from `start`, in the three notations, in the frame of the
/// whole line (as the viewer writes a variation).
pub fn notate_line(
    start: &Position,
    line: &[Move],
    tail: &[Move],
    coordinates: Coordinates,
) -> Vec<Notated> {
    let mut all = line.to_vec();
    all.extend_from_slice(tail);
    let frame = Frame::of_line(start, &all);
    let standard_frame = coordinates.frame_for::<MoveString>(frame);
    let mut pos = start.clone();
    for &m in line {
        pos.play_unchecked(m);
    }
    let mut out = Vec::with_capacity(tail.len());
    for &m in tail {
        let n = NotatedMove::new(&pos, m, &frame, &standard_frame);
        out.push(Notated {
            standard: n.standard,
            direction: n.direction,
            algebraic: n.algebraic_short,
        });
        pos.play_unchecked(m);
    }
    out
}

fn fallback(pos: &Position, m: Move) -> Notated {
    let s = crate::notation::Notation::write(
        &<MoveString as crate::notation::Notation>::from_move(pos, m, &Frame::ENGINE),
        (),
    );
    Notated {
        standard: s.clone(),
        direction: s.clone(),
        algebraic: s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_move_played_is_searched_a_ply_shallower_and_within_the_time() {
        let timed = after_limits(&Limits::time_ms(400), 12);
        assert_eq!((timed.depth, timed.time_ms), (11, Some(400)));
        // Under a depth limit the result depends on the position and the depth alone.
        let fixed = after_limits(&Limits::depth(6), 6);
        assert_eq!((fixed.depth, fixed.time_ms), (5, None));
    }

    #[test]
    fn a_first_placement_is_never_marked() {
        use crate::engine::piece::GameType;
        use crate::search::NoClock;
        let start = Position::new(GameType::MLP);
        // Each of White's first placements, then each of Black's after one of them.
        let mut lines: Vec<Vec<Move>> = start.legal_moves().into_iter().map(|m| vec![m]).collect();
        if let Some(&first) = lines.first().and_then(|l| l.first()) {
            let mut after = start.clone();
            after.play_unchecked(first);
            lines.extend(after.legal_moves().into_iter().map(|m| vec![first, m]));
        }
        let mut would_be_marked = 0;
        for line in &lines {
            let rows = analyse(
                &start,
                line,
                Coordinates::Record,
                &Limits::depth(4),
                &|| Box::new(NoClock),
                &mut |_, _| {},
            );
            let row = &rows[line.len() - 1];
            assert!(row.judgement.and_then(Judgement::mark).is_none(), "{row:?}");
            // What the rule hides: the fall in the mover's chances against the best move.
            let lost = row.win_probability - row.win_probability_after;
            let lost = if row.player == "white" { lost } else { -lost };
            would_be_marked += usize::from(lost >= INACCURACY);
        }
        assert!(
            would_be_marked > 0,
            "no first placement falls short: nothing was tested"
        );
    }

    #[test]
    fn a_second_look_is_for_judgements_near_a_threshold() {
        let at = |p: f64| -(SCALE * (1.0 / p - 1.0).ln()) as Score;
        // A move that costs 1 % or 40 % of the chances is clearly good or a blunder.
        assert!(!in_doubt(0, at(0.49)));
        assert!(!in_doubt(0, at(0.10)));
        // Near the inaccuracy's, the mistake's and the blunder's thresholds.
        for p in [0.46, 0.44, 0.41, 0.39, 0.31, 0.29] {
            assert!(in_doubt(0, at(p)), "{p}");
        }
    }
}
