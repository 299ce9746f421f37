//! Tunes the evaluation's weights on finished games, by Texel's method: the weights that
//! make `1 / (1 + exp(-eval / K))` predict the games' results best (least squared error over
//! every position), `K` fitted first to the weights in use. The evaluation is linear in its
//! weights, so each position is evaluated once per weight (that weight 1, the others 0) and
//! the fit runs on those counts.
//!
//! ```text
//! cargo run --release --example tune_eval -- [--skip 8] [--steps 3000] [--l2 0.001] LOG...
//! ```
//!
//! A LOG is a PGN or SGF file of games with their results (`beeline selfplay` writes them),
//! or any other text with one UHP GameString a line, as `scripts/match.py` prints them
//! (`Base+MLP;WhiteWins;White[23];wS1;…`; other lines are skipped). A game met twice counts
//! once. A game still in progress counts as a draw (the match's ply cap). One game in five
//! is held out: the error on those says whether the new weights predict games they were not
//! fitted to. `--l2` pulls each weight towards its value in use (the penalty `l2` times the
//! sum of the squared changes in points): a weight the games hardly test then stays put
//! instead of following the noise. Prints the weights found, as Rust, to be copied into `search::eval::WEIGHTS`
//! and then played against the old ones (docs/ANALYSIS.md, "Tuning the evaluation").

use beeline::collection::split::split_records;
use beeline::engine::piece::Color;
use beeline::engine::position::GameState;
use beeline::search::eval::{evaluate_with, Weights, WEIGHTS};
use std::collections::HashSet;

/// Weights left as they are: the Queen in hand (never held past the fourth turn).
const FIXED: [usize; 1] = [22];
/// Each weight is found as this many times its count (integer arithmetic: the in-hand
/// third rounds down).
const UNIT: i32 = 1000;

struct Sample {
    features: [f64; Weights::COUNT],
    /// White's result: 1, ½ or 0.
    result: f64,
}

fn main() {
    let mut skip = 8usize;
    let mut steps = 3000usize;
    let mut l2 = 0.001f64;
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--skip" => skip = args.next().and_then(|v| v.parse().ok()).unwrap_or(skip),
            "--steps" => steps = args.next().and_then(|v| v.parse().ok()).unwrap_or(steps),
            "--l2" => l2 = args.next().and_then(|v| v.parse().ok()).unwrap_or(l2),
            _ => paths.push(a),
        }
    }
    if paths.is_empty() {
        eprintln!("usage: tune_eval [--skip PLIES] [--steps N] [--l2 PENALTY] LOG...");
        std::process::exit(2);
    }
    let (train, held, games) = read_samples(&paths, skip);
    println!(
        "{games} games: {} positions to fit, {} held out (from ply {skip} on)",
        train.len(),
        held.len()
    );
    let start: Vec<f64> = WEIGHTS.to_array().iter().map(|&w| f64::from(w)).collect();
    let k = fit_scale(&train, &start);
    println!("K = {k:.0} for the weights in use");
    let err = |s: &[Sample], w: &[f64]| error(s, w, k);
    println!(
        "error before: {:.6} (held out {:.6})",
        err(&train, &start),
        err(&held, &start)
    );
    let tuned = descend(&train, &start, k, steps, l2);
    let rounded: Vec<f64> = tuned.iter().map(|w| w.round()).collect();
    println!(
        "error after:  {:.6} (held out {:.6})",
        err(&train, &rounded),
        err(&held, &rounded)
    );
    println!("\n{:<24} {:>6} {:>6}", "weight", "before", "after");
    for (i, name) in Weights::NAMES.iter().enumerate() {
        println!("{name:<24} {:>6} {:>6}", start[i], rounded[i]);
    }
    let mut a = [0; Weights::COUNT];
    for (x, w) in a.iter_mut().zip(&rounded) {
        *x = *w as i32;
    }
    println!("\n{:?}", Weights::from_array(a));
}

/// The positions of every game in the logs after `skip` plies, with their counts; every
/// fifth game's go to the second list.
fn read_samples(paths: &[String], skip: usize) -> (Vec<Sample>, Vec<Sample>, usize) {
    let mut seen = HashSet::new();
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let mut games = 0usize;
    for path in paths {
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("cannot read {path}");
            continue;
        };
        for (text, result) in games_in(path, &text) {
            if !seen.insert(text.to_string()) {
                continue;
            }
            let Ok(record) = beeline::record::import(text, None) else {
                continue;
            };
            if record.error.is_some() {
                continue;
            }
            let result = match result.or(record.meta.result) {
                Some(GameState::WhiteWins) => 1.0,
                Some(GameState::BlackWins) => 0.0,
                Some(GameState::Draw | GameState::InProgress) => 0.5,
                _ => continue,
            };
            let out = if games % 5 == 4 {
                &mut held
            } else {
                &mut train
            };
            games += 1;
            let mut pos = record.start();
            for (ply, &m) in record.moves.iter().enumerate() {
                if ply >= skip && !pos.state().is_over() {
                    out.push(Sample {
                        features: features(&pos),
                        result,
                    });
                }
                pos.play_unchecked(m);
            }
        }
    }
    (train, held, games)
}

/// The games of a file and their results where the text says them: a PGN's or SGF's games
/// (results from their tags), else every line that is a UHP GameString (its state).
fn games_in<'a>(path: &str, text: &'a str) -> Vec<(&'a str, Option<GameState>)> {
    if path.ends_with(".pgn") || path.ends_with(".sgf") {
        return split_records(text)
            .into_iter()
            .map(|c| (c.text, None))
            .collect();
    }
    text.lines()
        .map(str::trim)
        .filter(|l| l.starts_with("Base"))
        .filter_map(|l| {
            let state = match l.split(';').nth(1)? {
                "WhiteWins" => GameState::WhiteWins,
                "BlackWins" => GameState::BlackWins,
                "Draw" => GameState::Draw,
                "InProgress" => GameState::InProgress,
                _ => return None,
            };
            Some((l, Some(state)))
        })
        .collect()
}

/// Each weight's count in the position, from White's side.
fn features(pos: &beeline::engine::position::Position) -> [f64; Weights::COUNT] {
    let mut f = [0.0; Weights::COUNT];
    for (i, x) in f.iter_mut().enumerate() {
        let mut unit = [0; Weights::COUNT];
        unit[i] = UNIT;
        let s = evaluate_with(pos, &Weights::from_array(unit));
        let white = if pos.to_move() == Color::White { s } else { -s };
        *x = f64::from(white) / f64::from(UNIT);
    }
    f
}

fn predict(s: &Sample, w: &[f64], k: f64) -> f64 {
    let eval: f64 = s.features.iter().zip(w).map(|(f, w)| f * w).sum();
    1.0 / (1.0 + (-eval / k).exp())
}

/// The mean squared error of the predictions.
fn error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| (s.result - predict(s, w, k)).powi(2))
        .sum();
    sum / samples.len().max(1) as f64
}

/// The `K` that makes the weights predict best (golden-section search).
fn fit_scale(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (100.0f64, 5000.0f64);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Gradient descent (Adam) on the squared error and the pull towards the weights in use,
/// from them.
fn descend(samples: &[Sample], start: &[f64], k: f64, steps: usize, l2: f64) -> Vec<f64> {
    let n = start.len();
    let mut w = start.to_vec();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (rate, b1, b2) = (1.0, 0.9, 0.999);
    for t in 1..=steps {
        let mut grad = vec![0.0; n];
        for s in samples {
            let p = predict(s, &w, k);
            // d/dw (r − p)² = −2 (r − p) p (1 − p) f / K
            let g = -2.0 * (s.result - p) * p * (1.0 - p) / k;
            for (gi, f) in grad.iter_mut().zip(&s.features) {
                *gi += g * f;
            }
        }
        for i in 0..n {
            if FIXED.contains(&i) {
                continue;
            }
            let g = grad[i] / samples.len() as f64 + 2.0 * l2 * (w[i] - start[i]) / 1e4;
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= rate * mh / (vh.sqrt() + 1e-12);
        }
    }
    w
}
