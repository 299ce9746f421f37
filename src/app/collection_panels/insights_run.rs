//! An insights run: the player's games asked of the collection worker, those the browser
//! has reviewed already taken from its keeping ([`super::insights_cache`]), the rest reviewed in
//! engine workers, two at a time where the machine has the cores (`worker::analysis_jobs`,
//! [`EngineRequest::Insights`]), each kept as it comes. *Stop* ends the workers at once; the
//! report then covers the games reviewed so far, and running again reviews only the rest.

use super::insights_cache as cache;
use super::insights_view::{element, say, show, InsightsControl};
use super::link;
use crate::app::kit::{dom, js, services, WorkerLink};
use crate::app::model::viewer::Viewer;
use crate::engine::piece::Color;
use crate::engine::transfer;
use crate::insights::games::LeftOut;
use crate::insights::report::InsightsReport;
use crate::insights::review::{GameFacts, QUICK_DEPTH};
use crate::protocol::analysis_messages::{EngineAnswer, EngineRequest, PuzzlePosition};
use crate::protocol::collection_messages::{CollectionRequest, InsightsGame};
use crate::puzzles::set::write_set;
use crate::puzzles::MinedPuzzle;
use std::cell::RefCell;

/// Workers at most (the page keeps a core where it can).
const WORKERS: usize = 2;

struct Run {
    /// The run's number: what an older run's workers still send is dropped.
    serial: u32,
    player: String,
    games: Vec<InsightsGame>,
    keys: Vec<String>,
    facts: Vec<Option<GameFacts>>,
    left_out: LeftOut,
    /// Games to review, next last.
    queue: Vec<usize>,
    workers: Vec<WorkerLink>,
    /// When the run started (`Date.now()`), for the status.
    started: f64,
    /// Games whose reviews the browser had kept.
    kept: usize,
}

thread_local! {
    static RUN: RefCell<Option<Run>> = const { RefCell::new(None) };
    static SERIAL: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// Asks the collection worker for the player's games ([`start`] follows its answer).
pub(super) fn ask(viewer: Viewer, player: String) {
    stop();
    say(&format!("Reading the games of {player}…"));
    link::ask_insights(viewer, CollectionRequest::PlayerGames { player });
}

/// Starts reviewing the games (those kept already are not reviewed again).
pub(super) fn start(games: Vec<InsightsGame>, left_out: LeftOut) {
    let serial = SERIAL.with(|s| {
        s.set(s.get() + 1);
        s.get()
    });
    let player = games
        .first()
        .map(|g| g.game.name.clone())
        .unwrap_or_default();
    let keys: Vec<String> = games
        .iter()
        .map(|g| cache::key(QUICK_DEPTH, &g.position))
        .collect();
    let n = games.len();
    RUN.with(|r| {
        *r.borrow_mut() = Some(Run {
            serial,
            player,
            games,
            keys: keys.clone(),
            facts: vec![None; n],
            left_out,
            queue: Vec::new(),
            workers: Vec::new(),
            started: js_sys::Date::now(),
            kept: 0,
        })
    });
    set_running(true);
    progress();
    services::spawn(async move {
        let kept = match cache::kept(&keys).await {
            Ok(k) => k,
            Err(e) => {
                leptos::logging::warn!("insights: {e}");
                vec![None; n]
            }
        };
        let started = RUN.with(|r| {
            let mut r = r.borrow_mut();
            let run = r.as_mut().filter(|run| run.serial == serial)?;
            for (i, f) in kept.into_iter().enumerate() {
                if run.facts[i].is_none() {
                    run.facts[i] = f;
                }
            }
            run.queue = (0..n).rev().filter(|&i| run.facts[i].is_none()).collect();
            run.kept = n - run.queue.len();
            Some(())
        });
        if started.is_some() {
            progress();
            hire(serial);
        }
    });
}

/// Starts the workers the queue needs and gives each a game; finishes when none is left.
fn hire(serial: u32) {
    // (By name, as `kit::js` reads the browser: a typed call would be a shim of the first
    // visit's script.)
    let cores = web_sys::window()
        .map(|w| js::field(&w.navigator(), "hardwareConcurrency"))
        .and_then(|n| n.as_f64())
        .map_or(1, |n| n as usize);
    let wanted = WORKERS.min(cores.saturating_sub(1).max(1));
    let finished = RUN.with(|r| {
        let mut r = r.borrow_mut();
        let run = r.as_mut().filter(|run| run.serial == serial)?;
        if run.queue.is_empty() {
            return Some(true);
        }
        while run.workers.len() < wanted.min(run.queue.len()) {
            let slot = run.workers.len();
            let link = WorkerLink::start(
                move |a: EngineAnswer, _| answered(serial, slot, a),
                move || failed(serial),
            );
            let Some(link) = link else {
                break;
            };
            run.workers.push(link);
            give(run, slot);
        }
        Some(run.workers.is_empty())
    });
    if finished == Some(true) {
        finish(serial);
    }
}

/// Gives worker `slot` the next game, if any.
fn give(run: &mut Run, slot: usize) -> bool {
    let Some(i) = run.queue.pop() else {
        return false;
    };
    let request = EngineRequest::Insights {
        position: run.games[i].position.clone(),
        depth: QUICK_DEPTH,
        job: u32::try_from(i).unwrap_or(u32::MAX),
    };
    if let Some(w) = run.workers.get(slot) {
        w.post(&request);
    }
    true
}

/// A worker's answer: a game's facts, kept; its next game, or the end.
fn answered(serial: u32, slot: usize, answer: EngineAnswer) {
    let EngineAnswer::Insights { job, facts } = answer else {
        if let EngineAnswer::Failed(why) = answer {
            stop();
            say(&format!(
                "A review failed ({why}): the report covers the games reviewed so far."
            ));
        }
        return;
    };
    let i = job as usize;
    let kept = RUN.with(|r| {
        let mut r = r.borrow_mut();
        let run = r.as_mut().filter(|run| run.serial == serial)?;
        let read = GameFacts::from_text(&facts)?;
        *run.facts.get_mut(i)? = Some(read);
        let key = run.keys.get(i)?.clone();
        let more = give(run, slot);
        let busy = run.facts.iter().filter(|f| f.is_none()).count();
        Some((key, more || busy > 0))
    });
    let Some((key, going)) = kept else {
        return;
    };
    services::spawn(async move {
        if let Err(e) = cache::keep(&key, &facts).await {
            leptos::logging::warn!("insights: {e}");
        }
    });
    progress();
    if !going {
        finish(serial);
    }
}

/// A worker that failed or stopped: the run stops with what it has.
fn failed(serial: u32) {
    let ours = RUN.with(|r| r.borrow().as_ref().is_some_and(|run| run.serial == serial));
    if ours {
        stop();
        say("The engine's worker stopped (out of memory?): the report covers the games reviewed so far.");
    }
}

/// Stops the run: its workers end at once, and the report covers the games reviewed.
pub(super) fn stop() {
    let stopped = RUN.with(|r| {
        let mut r = r.borrow_mut();
        let run = r.as_mut()?;
        if run.workers.is_empty() && run.queue.is_empty() {
            return None;
        }
        for w in run.workers.drain(..) {
            w.stop();
        }
        run.queue.clear();
        Some(run.serial)
    });
    if let Some(serial) = stopped {
        finish(serial);
    }
}

thread_local! {
    /// The worker making the missed wins' puzzles, while it does.
    static TRAINING: RefCell<Option<WorkerLink>> = const { RefCell::new(None) };
}

/// Makes the missed wins (each a game's file, number and ply) puzzles, in an engine worker
/// as the puzzle miner makes and verifies its own, and opens them in the puzzle trainer.
pub(super) fn train(viewer: Viewer, missed: Vec<(String, usize, usize)>) {
    let (positions, player) = RUN.with(|r| {
        let r = r.borrow();
        let Some(run) = r.as_ref() else {
            return (Vec::new(), String::new());
        };
        let positions = missed
            .iter()
            .filter_map(|(file, index, ply)| {
                let g = run
                    .games
                    .iter()
                    .find(|g| g.game.file == *file && g.game.index == *index)?;
                let whole = transfer::decode(&g.position).ok()?;
                let mut pos = whole.initial();
                for &m in whole.moves().get(..*ply)? {
                    pos.play(m).ok()?;
                }
                let (white, black) = match g.game.colour {
                    Color::White => (g.game.name.clone(), g.game.opponent.clone()),
                    Color::Black => (
                        g.game.opponent.clone().unwrap_or_default(),
                        Some(g.game.name.clone()),
                    ),
                };
                Some(PuzzlePosition {
                    position: transfer::encode(&pos),
                    white,
                    black: black.unwrap_or_default(),
                    game: format!("{file} #{index}"),
                })
            })
            .collect::<Vec<_>>();
        (positions, run.player.clone())
    });
    if positions.is_empty() {
        return;
    }
    say(&format!(
        "Making {} puzzles of the missed wins…",
        positions.len()
    ));
    let link = WorkerLink::start(
        move |a: EngineAnswer, _| {
            TRAINING.with(|t| {
                if let Some(w) = t.borrow_mut().take() {
                    w.stop();
                }
            });
            match a {
                EngineAnswer::Puzzles { lines } => {
                    let puzzles: Vec<MinedPuzzle> = lines
                        .iter()
                        .filter_map(|l| MinedPuzzle::from_line(l).ok())
                        .collect();
                    if puzzles.is_empty() {
                        say("None of the missed wins made a puzzle the miner's checks accept.");
                        return;
                    }
                    say(&format!(
                        "{} puzzles of the missed wins, in the puzzle trainer.",
                        puzzles.len()
                    ));
                    let files = write_set(&puzzles, &format!("Missed wins of {player}"));
                    crate::app::puzzle_trainer::open_set(viewer, files);
                }
                EngineAnswer::Failed(why) => say(&format!("The puzzles could not be made: {why}.")),
                _ => {}
            }
        },
        || say("The engine's worker stopped before the puzzles were made."),
    );
    if let Some(link) = link {
        link.post(&EngineRequest::Puzzles { positions });
        TRAINING.with(|t| *t.borrow_mut() = Some(link));
    }
}

/// Shows the games done and the progress bar.
fn progress() {
    let (done, total, player) = RUN.with(|r| {
        r.borrow().as_ref().map_or((0, 0, String::new()), |run| {
            let done = run.facts.iter().filter(|f| f.is_some()).count();
            (done, run.games.len(), run.player.clone())
        })
    });
    if let Some(bar) = element(InsightsControl::Progress) {
        dom::set_attr(&bar, "max", Some(&total.max(1).to_string()));
        dom::set_attr(&bar, "value", Some(&done.to_string()));
        dom::set_flag(&bar, "hidden", false);
    }
    say(&format!("{done} of {total} games of {player} reviewed…"));
}

/// The report of the games reviewed, shown.
fn finish(serial: u32) {
    let made = RUN.with(|r| {
        let mut r = r.borrow_mut();
        let run = r.as_mut().filter(|run| run.serial == serial)?;
        for w in run.workers.drain(..) {
            w.stop();
        }
        let mut reviewed = Vec::new();
        let mut numbers = Vec::new();
        for (g, f) in run.games.iter().zip(&run.facts) {
            if let Some(f) = f {
                reviewed.push((g.game.clone(), f.clone()));
                numbers.push(((g.game.file.clone(), g.game.index), g.number as usize));
            }
        }
        let setting = format!("depth {QUICK_DEPTH}");
        let report = InsightsReport::build(&run.player, setting, &reviewed, run.left_out.clone());
        let seconds = (js_sys::Date::now() - run.started) / 1000.0;
        let whole = reviewed.len() == run.games.len();
        Some((report, numbers, whole, run.games.len(), seconds, run.kept))
    });
    let Some((report, numbers, whole, total, seconds, kept)) = made else {
        return;
    };
    set_running(false);
    let said = if whole && kept == total {
        format!("{total} games, every review kept from an earlier run ({seconds:.1} s).")
    } else if whole {
        format!(
            "{total} games reviewed in {seconds:.1} s ({kept} of them kept from an earlier run)."
        )
    } else {
        format!(
            "Stopped: the report covers {} of the {total} games; Run reviews the rest.",
            report.games
        )
    };
    say(&said);
    if report.games > 0 {
        show(report, numbers);
    }
}

/// The Run and Stop buttons for a run under way or not.
fn set_running(running: bool) {
    for (c, hidden) in [
        (InsightsControl::Run, running),
        (InsightsControl::Stop, !running),
    ] {
        if let Some(el) = element(c) {
            dom::set_flag(&el, "hidden", hidden);
        }
    }
}
