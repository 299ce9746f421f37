//! Which puzzle the trainer shows, and the shards it fetches for it: the next one near the
//! player's rating (`puzzles::choice::next_puzzle`, the shards read nearest first), the one
//! the address names, the Storm's next, the day's. Each is asked through [`request`] (one
//! task type for all, so that the page holds one stub for them); an answer that arrives
//! after a newer ask is dropped.

use super::pose::show;
use super::set_source::{self, FetchedShard};
use super::state::{end_storm, now, Trainer};
use super::storm_rules::storm_pick;
use super::views;
use crate::app::kit::services;
use crate::puzzles::choice::{next_puzzle, shards_near, RatedPuzzle};
use crate::puzzles::daily::daily_puzzle;
use crate::puzzles::set::{SetManifest, ShardEntry};
use crate::puzzles::{MinedPuzzle, PuzzleTheme};
use std::cell::Cell;
use std::rc::Rc;

/// What the trainer is asked to do.
pub(super) enum TrainerWork {
    /// Read the set's manifest, then show the puzzle the address names or the next one, then
    /// find the day's puzzle.
    Start,
    /// The next puzzle near the player's rating.
    Next,
    /// The Storm's next puzzle.
    Storm,
    /// Fetch every file of the set, for the service worker to keep (`set_source::keep_offline`).
    KeepOffline(String, Rc<SetManifest>),
}

thread_local! {
    /// Puzzles asked for: an answer to an older ask is dropped. (A plain cell: a `Var<u32>`
    /// written here made the first visit keep its code whole.)
    static ASKED: Cell<u32> = const { Cell::new(0) };
}

/// Counts a new ask (the day's puzzle shown, say): the work asked before it shows nothing.
pub(super) fn ask() -> u32 {
    ASKED.with(|a| {
        a.set(a.get().wrapping_add(1));
        a.get()
    })
}

/// Whether `asked` is still the last ask.
fn last(asked: u32) -> bool {
    ASKED.with(Cell::get) == asked
}

/// Does a piece of work, dropping its puzzle if another is asked for meanwhile.
pub(super) fn request(t: Trainer, work: TrainerWork) {
    let asked = match work {
        // (Not an ask for a puzzle: the one asked before still shows.)
        TrainerWork::KeepOffline(..) => ASKED.with(Cell::get),
        _ => ask(),
    };
    services::spawn(run(t, work, asked));
}

async fn run(t: Trainer, work: TrainerWork, asked: u32) {
    let storm = matches!(work, TrainerWork::Storm);
    let found = match work {
        TrainerWork::Start => {
            if !start(t).await {
                return;
            }
            let query = services::location_search().unwrap_or_default();
            let found = match services::query_value(&query, "puzzle").filter(|id| !id.is_empty()) {
                Some(id) => match find_id(t, &id).await {
                    Some(p) => Some(p),
                    None => {
                        t.note
                            .set(format!("This set has no puzzle {id}: here is another."));
                        next(t).await
                    }
                },
                None => next(t).await,
            };
            if last(asked) {
                if let Some(p) = found {
                    let _ = show(t, p);
                }
            }
            daily(t).await;
            return;
        }
        TrainerWork::Next => next(t).await,
        TrainerWork::Storm => storm_next(t).await,
        TrainerWork::KeepOffline(folder, m) => {
            set_source::keep_offline(&folder, &m).await;
            return;
        }
    };
    if !last(asked) {
        return;
    }
    match (found, storm) {
        (Some(p), true) => {
            if t.storm_running() {
                t.storm_update(|s| {
                    if let Some(r) = s {
                        r.served.push(p.id.clone());
                    }
                });
                // A puzzle that cannot be posed is passed over.
                if !show(t, p) {
                    request(t, TrainerWork::Storm);
                }
            }
        }
        (Some(p), false) => {
            let _ = show(t, p);
        }
        (None, true) => {
            if t.storm_running() {
                end_storm(t, false);
                t.note
                    .set("The Storm has served every puzzle of this theme.".to_string());
            }
        }
        (None, false) => {}
    }
}

/// Reads the set's manifest: whether it could be.
async fn start(t: Trainer) -> bool {
    let folder = t.folder.get_untracked();
    let m = match set_source::manifest(&folder).await {
        Ok(m) => m,
        Err(e) => {
            t.note.set(format!("The puzzles could not be read: {e}"));
            return false;
        }
    };
    let counts = PuzzleTheme::ALL
        .iter()
        .map(|&th| (th, m.count(th)))
        .collect();
    t.counts.set(counts);
    let m = Rc::new(m);
    request(t, TrainerWork::KeepOffline(folder, m.clone()));
    t.manifest.set(Some(m));
    true
}

/// Reads a shard, saying what could not be read of it.
async fn read(t: Trainer, entry: &ShardEntry) -> Option<Rc<FetchedShard>> {
    let folder = t.folder.get_untracked();
    match set_source::shard(&folder, entry).await {
        Ok(s) => {
            if let Some(e) = s.errors.first() {
                leptos::logging::warn!("puzzles: {e}");
            }
            Some(s)
        }
        Err(e) => {
            t.note
                .set(format!("Part of the set could not be read: {e}"));
            None
        }
    }
}

fn manifest(t: Trainer) -> Option<Rc<SetManifest>> {
    t.manifest.get_untracked()
}

/// The shards to read for the next puzzle, nearest the rating first (`shards_near`), of the
/// chosen theme and holding puzzles of the chosen difficulties; and how many to read before
/// choosing: for every theme, the nearest of each theme, so that each has its chance.
pub(super) fn fetch_order(
    m: &SetManifest,
    rating: f64,
    theme: Option<PuzzleTheme>,
    (lo, hi): (u8, u8),
) -> (Vec<ShardEntry>, usize) {
    let near: Vec<&ShardEntry> = shards_near(m, rating, theme)
        .into_iter()
        .filter(|e| e.difficulty.1 >= lo && e.difficulty.0 <= hi)
        .collect();
    if theme.is_some() {
        return (near.into_iter().cloned().collect(), 1);
    }
    let mut first: Vec<&ShardEntry> = Vec::new();
    for e in &near {
        if !first.iter().any(|f| f.theme == e.theme) {
            first.push(e);
        }
    }
    let batch = first.len().max(1);
    let rest = near
        .iter()
        .filter(|e| !first.iter().any(|f| std::ptr::eq(*f, **e)));
    let order = first.iter().chain(rest).map(|e| (*e).clone()).collect();
    (order, batch)
}

/// The next puzzle near the player's rating: of the chosen theme and difficulties, not
/// solved in the last tries, not the one shown; the shards read nearest first until one
/// holds a candidate.
async fn next(t: Trainer) -> Option<Rc<MinedPuzzle>> {
    let m = manifest(t)?;
    let theme = t.theme.get_untracked();
    let (lo, hi) = t.difficulty.get_untracked();
    let (rating, recent, seed) = t
        .progress
        .with_untracked(|p| (p.rating.rating, p.recent(), p.tries));
    let (order, batch) = fetch_order(&m, rating, theme, (lo, hi));
    let current = t
        .current
        .with_untracked(|c| c.as_ref().map(|p| p.id.clone()));
    let mut read_so_far: Vec<Rc<FetchedShard>> = Vec::new();
    for (i, entry) in order.iter().enumerate() {
        if let Some(s) = read(t, entry).await {
            read_so_far.push(s);
        }
        if i + 1 < batch {
            continue;
        }
        let found = t.progress.with_untracked(|pr| {
            let open = || {
                read_so_far
                    .iter()
                    .flat_map(|s| s.puzzles.iter())
                    .filter(|p| {
                        lo <= p.difficulty && p.difficulty <= hi && Some(&p.id) != current.as_ref()
                    })
            };
            let candidates = open().map(|p| RatedPuzzle {
                rating: pr.rating_of(&p.id, p.rating),
                ..RatedPuzzle::of(p)
            });
            let id = next_puzzle(candidates, rating, theme, &recent, seed)?.id;
            open().find(|p| p.id == id).cloned()
        });
        if found.is_some() {
            return found;
        }
    }
    if !order.is_empty() {
        t.note.set(
            "Every puzzle of this theme and difficulty was solved lately. Choose others, or Reset to start again."
                .to_string(),
        );
    }
    None
}

/// The puzzle with this id, looking through the whole set.
async fn find_id(t: Trainer, id: &str) -> Option<Rc<MinedPuzzle>> {
    let m = manifest(t)?;
    for entry in &m.shards {
        let Some(shard) = read(t, entry).await else {
            continue;
        };
        if let Some(p) = shard.puzzles.iter().find(|p| p.id == id) {
            return Some(p.clone());
        }
    }
    None
}

/// The Storm's next puzzle: up the ladder from its target (`storm_pick`), the shards read
/// lowest first while they may hold a lower one; past the top, the highest left.
async fn storm_next(t: Trainer) -> Option<Rc<MinedPuzzle>> {
    let m = manifest(t)?;
    let (theme, target, served) =
        t.storm(|s| s.as_ref().map(|r| (r.theme, r.target(), r.served.clone())))?;
    let mut up: Vec<&ShardEntry> = m
        .shards_of(theme)
        .filter(|e| f64::from(e.rating.1) >= target)
        .collect();
    up.sort_by_key(|e| e.rating.0);
    let mut down: Vec<&ShardEntry> = m.shards_of(theme).collect();
    down.sort_by_key(|e| std::cmp::Reverse(e.rating.1));
    let mut pool: Vec<Rc<FetchedShard>> = Vec::new();
    let mut best: Option<(String, u16)> = None;
    for (entry, rising) in up
        .iter()
        .map(|e| (*e, true))
        .chain(down.iter().map(|e| (*e, false)))
    {
        let done = match &best {
            Some((_, r)) if rising => entry.rating.0 > *r,
            Some((_, r)) => f64::from(*r) >= target || entry.rating.1 < *r,
            None => false,
        };
        if done {
            if rising {
                continue;
            }
            break;
        }
        if let Some(s) = read(t, entry).await {
            if !pool.iter().any(|p| Rc::ptr_eq(p, &s)) {
                pool.push(s);
            }
        }
        let all = pool
            .iter()
            .flat_map(|s| s.puzzles.iter())
            .map(|p| (p.id.as_str(), p.rating));
        best = storm_pick(all, target, &served).map(|(id, r)| (id.to_string(), r));
    }
    let (id, _) = best?;
    pool.iter()
        .flat_map(|s| s.puzzles.iter())
        .find(|p| p.id == id)
        .cloned()
}

/// Finds the day's puzzle (in UTC: the same for every reader of the set) for its link.
async fn daily(t: Trainer) {
    let Some(m) = manifest(t) else {
        return;
    };
    let Some(date) = views::date_of_ms(now()) else {
        return;
    };
    let Some(at) = daily_puzzle(&m, date) else {
        return;
    };
    let Some(shard) = read(t, at.shard).await else {
        return;
    };
    if let Some(p) = shard.puzzles.get(at.index) {
        t.visit.update(|v| v.daily = Some((date, p.clone())));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shards_nearest_the_rating_come_first_one_of_each_theme_for_all() {
        let m = SetManifest::parse(
            "beeline-puzzles 2\npuzzles 10\n\
             shard s1-0.txt surround-1 2 1-1 500-700 00\n\
             shard s1-1.txt surround-1 2 1-2 700-1100 00\n\
             shard s2-0.txt surround-2 2 2-3 800-1000 00\n\
             shard s2-1.txt surround-2 2 4-5 1400-1600 00\n\
             shard d-0.txt defence 2 6-7 1900-2100 00\n",
        )
        .unwrap();
        let names = |(order, batch): (Vec<ShardEntry>, usize)| {
            (order.into_iter().map(|e| e.name).collect::<Vec<_>>(), batch)
        };
        assert_eq!(
            names(fetch_order(&m, 1500.0, None, (1, 9))),
            (
                vec!["s2-1.txt", "s1-1.txt", "d-0.txt", "s2-0.txt", "s1-0.txt"]
                    .into_iter()
                    .map(String::from)
                    .collect(),
                3
            )
        );
        let (order, batch) = names(fetch_order(&m, 900.0, Some(PuzzleTheme::Surround2), (1, 9)));
        assert_eq!(
            (order, batch),
            (vec!["s2-0.txt".into(), "s2-1.txt".into()], 1)
        );
        // The difficulty filters the shards.
        let (order, _) = names(fetch_order(&m, 900.0, None, (3, 5)));
        assert_eq!(order, ["s2-0.txt", "s2-1.txt"]);
        assert!(fetch_order(&m, 900.0, Some(PuzzleTheme::OnlyMove), (1, 9))
            .0
            .is_empty());
    }
}
