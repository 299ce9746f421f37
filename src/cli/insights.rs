//! `beeline insights`: what a player's games say about them (docs/INSIGHTS.md).

use beeline::collection::{files, Game};
use beeline::engine::position::Position;
use beeline::insights::games::{PlayerGame, Selection};
use beeline::insights::report::{InsightsReport, TacticFigures};
use beeline::insights::review::{GameFacts, Reviewer, QUICK_DEPTH};
use beeline::insights::tactics::TacticKind;
use beeline::puzzles::miner::{Dedup, Miner, MinerSettings};
use beeline::puzzles::MinedPuzzle;
use beeline::search::{Clock, Limits, NoClock, WallClock};
use std::io::IsTerminal;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// A player's insights over their games: results by colour, game type, opponent and
/// month; their openings; accuracy by phase, bug and month from a quick review of every
/// game; and the wins they missed and the losses they allowed, each proved.
#[derive(clap::Args)]
pub struct InsightsArgs {
    /// Record files (PGN with many games, SGF, UHP, move lists), folders (read
    /// recursively) and zip archives of them.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// The player: games where a player's name contains this (any case) are theirs.
    #[arg(long)]
    player: String,
    /// The report as one JSON object (docs/INSIGHTS.md, "The report").
    #[arg(long)]
    json: bool,
    /// Search every position to this depth (the same report every run).
    #[arg(long, conflicts_with = "time", default_value_t = QUICK_DEPTH)]
    depth: u8,
    /// Seconds of search a position instead of a depth.
    #[arg(long)]
    time: Option<f64>,
    /// Games reviewed at once (default: the machine's cores).
    #[arg(long)]
    jobs: Option<usize>,
    /// Write the missed wins here as a puzzle set the trainer opens (`?puzzles=URL`).
    #[arg(long)]
    puzzles: Option<PathBuf>,
}

pub fn run(args: InsightsArgs) -> Result<(), String> {
    let (limits, setting) = match args.time {
        Some(t) if t.is_finite() && t > 0.0 && t <= 3600.0 => (
            Limits::time_ms((t * 1000.0).round().max(1.0) as u64),
            format!("{t} s a position"),
        ),
        Some(t) => return Err(format!("--time {t}: give seconds between 0 and 3600")),
        None if args.depth >= 1 => (Limits::depth(args.depth), format!("depth {}", args.depth)),
        None => return Err("--depth must be at least 1".into()),
    };
    if args.player.trim().is_empty() {
        return Err("--player: give a name".into());
    }
    let jobs = super::threads(args.jobs);
    let (paths, failures, _) = files::expand(&args.files);
    let mut selection = Selection::new(&args.player);
    selection.left_out.unreadable = failures;
    let mut reviewed: Vec<(PlayerGame, GameFacts)> = Vec::new();
    let mut puzzles: Vec<MinedPuzzle> = Vec::new();
    let mut reviewers: Vec<Reviewer> = (0..jobs).map(|_| Reviewer::new(limits)).collect();
    let mut progress = ReviewProgress::new();
    let timed = limits.time_ms.is_some();
    // The player's games wait here until there are enough to keep every thread busy (a
    // folder of one-game files comes a file at a time).
    let mut pending: Vec<(PlayerGame, Game)> = Vec::new();
    let batch = 32 * jobs;
    let mut review = |pending: &mut Vec<(PlayerGame, Game)>| {
        let games = std::mem::take(pending);
        let done = review_all(
            &mut reviewers,
            &games,
            timed,
            args.puzzles.is_some(),
            &mut progress,
        );
        for ((g, _), (facts, found)) in games.into_iter().zip(done) {
            reviewed.push((g, facts));
            puzzles.extend(found);
        }
    };
    files::read_paths_in_parts(&paths, jobs, &mut |part| {
        selection.left_out.unreadable.extend(part.failures);
        for game in part.games {
            if let Some(g) = selection.take(&game) {
                pending.push((g, game));
            }
        }
        if pending.len() >= batch {
            review(&mut pending);
        }
    });
    review(&mut pending);
    progress.done();
    if reviewed.is_empty() {
        return Err(selection.none_taken());
    }
    let report = InsightsReport::build(&args.player, setting, &reviewed, selection.left_out);
    if let Some(dir) = &args.puzzles {
        let mut dedup = Dedup::default();
        puzzles.retain(|p| dedup.is_new(p));
        let about = format!("Missed wins of {}", report.player);
        super::puzzles::write_dir(dir, &puzzles, &about)?;
    }
    if args.json {
        let text = serde_json::to_string_pretty(&report)
            .map_err(|e| format!("cannot write the report: {e}"))?;
        println!("{text}");
    } else {
        print!("{}", text(&report));
    }
    Ok(())
}

/// A game's review and the puzzles made of its missed wins.
type Reviewed = (GameFacts, Vec<MinedPuzzle>);

/// Reviews `games` on the reviewers' threads, each taking the next game when it is free;
/// with `puzzles`, each missed win made a puzzle too. The answers are in `games`' order.
fn review_all(
    reviewers: &mut [Reviewer],
    games: &[(PlayerGame, Game)],
    timed: bool,
    puzzles: bool,
    progress: &mut ReviewProgress,
) -> Vec<Reviewed> {
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<Reviewed>>> = Mutex::new(vec![None; games.len()]);
    let progress = Mutex::new(progress);
    let clock_for = move || -> Box<dyn Clock> {
        if timed {
            Box::new(WallClock::start())
        } else {
            Box::new(NoClock)
        }
    };
    std::thread::scope(|s| {
        for reviewer in reviewers.iter_mut() {
            let (next, out, progress) = (&next, &out, &progress);
            s.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some((g, game)) = games.get(i) else {
                    break;
                };
                let facts = reviewer.review(&game.start(), &game.moves, &clock_for);
                let found = if puzzles {
                    missed_win_puzzles(game, &facts, g)
                } else {
                    Vec::new()
                };
                if let Ok(mut out) = out.lock() {
                    out[i] = Some((facts, found));
                }
                if let Ok(mut p) = progress.lock() {
                    p.one_more();
                }
            });
        }
    });
    out.into_inner()
        .unwrap_or_default()
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect()
}

/// The player's missed wins in `game` as puzzles, verified as the puzzle miner verifies
/// its own.
fn missed_win_puzzles(game: &Game, facts: &GameFacts, g: &PlayerGame) -> Vec<MinedPuzzle> {
    let mut miner = Miner::new(MinerSettings::default());
    let mut out = Vec::new();
    for t in &facts.tactics {
        if t.kind != TacticKind::MissedWin || t.by != g.colour {
            continue;
        }
        let mut pos: Position = game.start();
        if game.moves[..t.ply.min(game.moves.len())]
            .iter()
            .any(|&m| pos.play(m).is_err())
        {
            continue;
        }
        out.extend(miner.examine(&pos, game));
    }
    out
}

/// Games reviewed, on a terminal's standard error.
struct ReviewProgress {
    start: Instant,
    done: usize,
    terminal: bool,
}

impl ReviewProgress {
    fn new() -> ReviewProgress {
        ReviewProgress {
            start: Instant::now(),
            done: 0,
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn one_more(&mut self) {
        self.done += 1;
        if self.terminal {
            let secs = self.start.elapsed().as_secs_f64().max(1e-3);
            eprint!(
                "\rbeeline insights: {} games reviewed, {:.1} a second",
                self.done,
                self.done as f64 / secs
            );
        }
    }

    fn done(&self) {
        if self.terminal && self.done > 0 {
            eprintln!();
        }
    }
}

/// The report for reading.
fn text(r: &InsightsReport) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let pct = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{:.0}%", x * 100.0));
    let acc = |x: Option<f64>| x.map_or("–".to_string(), |x| format!("{x:.1}"));
    let _ = writeln!(
        s,
        "Insights for {} ({}), review at {}",
        r.player,
        r.names.join(", "),
        r.setting
    );
    let _ = writeln!(
        s,
        "{} games: {} won, {} drawn, {} lost, {} unfinished; score {}; accuracy {}",
        r.games,
        r.wins,
        r.draws,
        r.losses,
        r.unfinished,
        pct(r.score),
        acc(r.accuracy)
    );
    let _ = writeln!(s, "\nResults");
    let row = |s: &mut String, name: &str, x: &beeline::insights::report::Results| {
        let _ = writeln!(
            s,
            "  {name:<24} {:>5} games  +{} ={} -{}  score {}",
            x.games,
            x.wins,
            x.draws,
            x.losses,
            pct(x.score)
        );
    };
    row(&mut s, "as White", &r.by_colour.white);
    row(&mut s, "as Black", &r.by_colour.black);
    for t in &r.by_game_type {
        row(&mut s, &t.name, &t.results);
    }
    let _ = writeln!(s, "\nOpponents (the {} most played)", r.by_opponent.len());
    for o in &r.by_opponent {
        row(&mut s, &o.name, &o.results);
    }
    if !r.by_month.is_empty() {
        let _ = writeln!(s, "\nBy month");
        for m in &r.by_month {
            let _ = writeln!(
                s,
                "  {:<8} {:>5} games  score {:>4}  accuracy {:>5}  blunders a game {:.2}",
                m.month,
                m.results.games,
                pct(m.results.score),
                acc(m.accuracy),
                m.blunders_per_game
            );
        }
    }
    let _ = writeln!(s, "\nOpenings (the player's first two and three moves)");
    for o in r.openings.iter().take(12) {
        let _ = writeln!(
            s,
            "  {:<5} {}  {:>4} × score {:>4}  {}",
            format!("{:?}", o.colour),
            o.player_moves,
            o.results.games,
            pct(o.results.score),
            o.direction
        );
    }
    for (label, pick) in [("Best", &r.best_openings), ("Worst", &r.worst_openings)] {
        for o in [&pick.white, &pick.black].into_iter().flatten() {
            let _ = writeln!(
                s,
                "  {label} as {:?}: {} (played {} ×, score {})",
                o.colour,
                o.direction,
                o.results.games,
                pct(o.results.score)
            );
        }
    }
    let _ = writeln!(s, "\nMoves (accuracy; chances lost a move; ?! ? ??)");
    for f in r.by_phase.iter().chain(&r.by_bug) {
        let x = &f.figures;
        let _ = writeln!(
            s,
            "  {:<12} {:>5} moves  accuracy {:>5}  lost {:>5}  {} {} {}",
            f.name,
            x.moves,
            acc(x.accuracy),
            x.lost_per_move.map_or("–".into(), |l| format!("{l:.1}")),
            x.inaccuracies,
            x.mistakes,
            x.blunders
        );
    }
    let _ = writeln!(
        s,
        "  per game: {:.2} inaccuracies, {:.2} mistakes, {:.2} blunders",
        r.inaccuracies_per_game, r.mistakes_per_game, r.blunders_per_game
    );
    let tactics = |s: &mut String, title: &str, list: &[TacticFigures]| {
        let _ = writeln!(s, "\n{title}: {}", list.len());
        for t in list {
            let _ = writeln!(
                s,
                "  {} #{} after ply {}: {}",
                t.file,
                t.index,
                t.ply,
                t.line.join("; ")
            );
        }
    };
    tactics(
        &mut s,
        "Missed wins (a forced surround within two moves, not played)",
        &r.missed_wins,
    );
    tactics(
        &mut s,
        "Allowed losses (the opponent's forced surround within two, avoidable)",
        &r.allowed_losses,
    );
    let left = &r.left_out;
    if left.ambiguous > 0 {
        let _ = writeln!(
            s,
            "\n{} games left out: both players' names contain {:?}",
            left.ambiguous, r.player
        );
    }
    if left.duplicates > 0 {
        let _ = writeln!(s, "\n{} games read twice, counted once", left.duplicates);
    }
    if !left.unreadable.is_empty() {
        let _ = writeln!(s, "\n{} unreadable:", left.unreadable.len());
        for f in &left.unreadable {
            let _ = writeln!(s, "  {}: {}", f.source, f.error);
        }
    }
    s
}
