//! Analysis of a game: for every ply of its main line, the evaluation before and after the
//! move, the best move and its line in the three notations, the depth reached and a
//! judgement of the move played.
//!
//! Each position of the game is searched to the limit; a move other than the best one is
//! valued by searching the position after it one ply shallower than that search went, so
//! the best move and the move played are seen equally far.

use super::{white_view, win_in, Clock, Limits, Score, SearchResult, Searcher, WIN_BOUND};
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

/// Scale of the logistic win probability: `1 / (1 + exp(-score / SCALE))` for the side the
/// score favours. Calibrated on games against nokamute (docs/ANALYSIS.md).
pub const SCALE: f64 = 1295.0;

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
    let drop = win_probability(best) - win_probability(after);
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
    let mut searcher = Searcher::default();
    let mut pos = start.clone();
    let mut results: Vec<SearchResult> = Vec::with_capacity(moves.len() + 1);
    let mut afters: Vec<Score> = Vec::with_capacity(moves.len());
    let mut movers: Vec<Color> = Vec::with_capacity(moves.len() + 1);
    for (i, &m) in moves.iter().enumerate() {
        let clock = clock_for();
        movers.push(pos.to_move());
        let r = searcher.search(&pos, limits, clock.as_ref());
        pos.play_unchecked(m);
        // The move played is valued as the search valued the best one: its position one
        // ply shallower, so both see equally far (the next position's own search sees a
        // ply further, and Hive's evaluations swing from one ply to the next).
        let after = if r.best == Some(m) {
            r.score
        } else if let Some(s) = super::terminal(&pos, 1) {
            -s
        } else if r.depth <= 1 {
            -super::eval::evaluate(&pos)
        } else {
            let d = Limits::depth(r.depth - 1);
            -searcher.search(&pos, &d, &super::NoClock).score
        };
        afters.push(after);
        results.push(r);
        progress(i + 1, moves.len() + 1);
    }
    let clock = clock_for();
    movers.push(pos.to_move());
    results.push(searcher.search(&pos, limits, clock.as_ref()));
    progress(moves.len() + 1, moves.len() + 1);

    let mut pos = start.clone();
    let mut out = Vec::with_capacity(moves.len());
    for (i, &m) in moves.iter().enumerate() {
        let r = &results[i];
        let mover = movers[i];
        let after = afters[i];
        let before = r.score;
        let line: Vec<Move> = moves[..i].to_vec();
        let played = notate_line(start, &line, &[m], coordinates)
            .pop()
            .unwrap_or_else(|| fallback(&pos, m));
        let pv = notate_line(start, &line, &r.pv, coordinates);
        out.push(PlyAnalysis {
            ply: i + 1,
            player: if mover == Color::White {
                "white"
            } else {
                "black"
            },
            played: Some(played),
            best: pv.first().cloned(),
            pv,
            eval: points(white_view(before, mover)),
            eval_after: points(white_view(after, mover)),
            win_probability: round3(win_probability(white_view(before, mover))),
            win_probability_after: round3(win_probability(white_view(after, mover))),
            win_in: win_in(white_view(before, mover)),
            depth: r.depth,
            nodes: r.nodes,
            legal_moves: r.legal_moves,
            judgement: Some(judge(r.best == Some(m), r.legal_moves, before, after)),
        });
        pos.play_unchecked(m);
    }
    // The position reached, when the game goes on: its evaluation and best line.
    if let (Some(r), Some(&mover)) = (results.last(), movers.last()) {
        if !pos.state().is_over() {
            let pv = notate_line(start, moves, &r.pv, coordinates);
            let score = white_view(r.score, mover);
            out.push(PlyAnalysis {
                ply: moves.len() + 1,
                player: if mover == Color::White {
                    "white"
                } else {
                    "black"
                },
                played: None,
                best: pv.first().cloned(),
                pv,
                eval: points(score),
                eval_after: points(score),
                win_probability: round3(win_probability(score)),
                win_probability_after: round3(win_probability(score)),
                win_in: win_in(score),
                depth: r.depth,
                nodes: r.nodes,
                legal_moves: r.legal_moves,
                judgement: None,
            });
        }
    }
    out
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
    }
    s
}

/// `tail` played after `line` from `start`, in the three notations, in the frame of the
/// whole line (as the viewer writes a variation).
fn notate_line(
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
