//! Where the trainer's puzzles come from: the set the address names (`?puzzles=URL`, a
//! folder holding `puzzles.txt`, relative to the page or not) or the built-in one beside the
//! app (`puzzles/`), fetched a file at a time (the manifest, then each shard as the solver
//! reaches it) and kept for the visit. The service worker keeps every file fetched, so a set
//! once opened works offline (docs/OFFLINE.md).

use crate::app::kit::js::{self, fetch_text};
use crate::app::kit::services::query_value;
use crate::puzzles::set::{read_shard, SetManifest, ShardEntry, MANIFEST};
use crate::puzzles::MinedPuzzle;
use std::cell::RefCell;
use std::rc::Rc;

/// The built-in set's folder, beside the app.
pub(super) const BUILT_IN: &str = "puzzles/";

/// The set's folder, ending with `/`: the address's, else the built-in one.
pub(super) fn set_folder(query: &str) -> String {
    match query_value(query, "puzzles").filter(|v| !v.is_empty()) {
        Some(v) if v.ends_with(MANIFEST) => v[..v.len() - MANIFEST.len()].to_string(),
        Some(v) if v.ends_with('/') => v,
        Some(v) => format!("{v}/"),
        None => BUILT_IN.to_string(),
    }
}

/// The folder of a set made in the page ([`keep_made`]).
pub(super) const MADE: &str = "made:missed-wins/";

thread_local! {
    /// The files of the set made in the page, by URL: read instead of fetched.
    static MADE_FILES: RefCell<Vec<(String, String)>> = const { RefCell::new(Vec::new()) };
}

/// Keeps the files of a set made in the page (a player's missed wins, from their insights)
/// under [`MADE`], in place of the one made before.
pub(super) fn keep_made(files: Vec<(String, String)>) {
    MADE_FILES.with(|m| {
        *m.borrow_mut() = files
            .into_iter()
            .map(|(name, text)| (format!("{MADE}{name}"), text))
            .collect()
    });
    SHARDS.with(|s| s.borrow_mut().retain(|(url, _)| !url.starts_with(MADE)));
}

/// A file of a set: made in the page, or fetched.
async fn text(url: &str) -> Result<String, String> {
    let made = MADE_FILES.with(|m| {
        m.borrow()
            .iter()
            .find(|(u, _)| u == url)
            .map(|(_, t)| t.clone())
    });
    match made {
        Some(t) => Ok(t),
        None if url.starts_with(MADE) => Err(format!("{url} is not kept any more")),
        None => fetch_text(url).await,
    }
}

pub(super) async fn manifest(folder: &str) -> Result<SetManifest, String> {
    let url = format!("{folder}{MANIFEST}");
    let text = text(&url).await?;
    SetManifest::parse(&text).map_err(|e| format!("{url}: {e}"))
}

/// A shard's puzzles, and what of it could not be read.
pub(super) struct FetchedShard {
    pub puzzles: Vec<Rc<MinedPuzzle>>,
    pub errors: Vec<String>,
}

thread_local! {
    /// The shards read this visit, with their URLs. (A list: a hash map here made the first
    /// visit larger, its code shared with the first screen's.)
    static SHARDS: RefCell<Vec<(String, Rc<FetchedShard>)>> = const { RefCell::new(Vec::new()) };
}

/// A shard of the set, fetched the first time and kept.
pub(super) async fn shard(folder: &str, entry: &ShardEntry) -> Result<Rc<FetchedShard>, String> {
    let url = format!("{folder}{}", entry.name);
    let kept = SHARDS.with(|m| {
        m.borrow()
            .iter()
            .find(|(u, _)| *u == url)
            .map(|(_, s)| s.clone())
    });
    if let Some(s) = kept {
        return Ok(s);
    }
    let text = text(&url).await?;
    let read = read_shard(entry, &text).map_err(|e| e.to_string())?;
    let shard = Rc::new(FetchedShard {
        puzzles: read.puzzles.into_iter().map(Rc::new).collect(),
        errors: read.errors,
    });
    SHARDS.with(|m| m.borrow_mut().push((url, shard.clone())));
    Ok(shard)
}

/// Whether a service worker controls the page (and so keeps what it fetches).
fn controlled() -> bool {
    let Some(w) = web_sys::window() else {
        return false;
    };
    js::is_some(&js::field(
        &js::field(&w.navigator(), "serviceWorker"),
        "controller",
    ))
}

/// Fetches every file of a small set (up to 64 shards) once a service worker controls the
/// page, so that it keeps them all: the whole set works offline after one visit, not only
/// the shards solved so far. (On a first visit the worker takes the page over a few
/// seconds after it loads: until then, fetches pass it by, so this waits for it.)
pub(super) async fn keep_offline(folder: &str, manifest: &SetManifest) {
    if manifest.shards.len() > 64 || folder.starts_with(MADE) {
        return;
    }
    if !controlled() {
        let Some(w) = web_sys::window() else {
            return;
        };
        let workers = js::field(&w.navigator(), "serviceWorker");
        if !js::is_some(&workers)
            || js::event(&workers, &["controllerchange"], &[])
                .await
                .is_err()
        {
            return;
        }
    }
    let _ = fetch_text(&format!("{folder}{MANIFEST}")).await;
    for e in &manifest.shards {
        let _ = fetch_text(&format!("{folder}{}", e.name)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_names_the_set_or_the_built_in_one_is_used() {
        assert_eq!(set_folder("?puzzles"), "puzzles/");
        assert_eq!(set_folder(""), "puzzles/");
        assert_eq!(set_folder("?x=1&puzzles=sets/hard"), "sets/hard/");
        assert_eq!(
            set_folder("?puzzles=https%3A%2F%2Fexample.org%2Fp%2Fpuzzles.txt"),
            "https://example.org/p/"
        );
        assert_eq!(
            query_value("?puzzles&puzzle=0f74", "puzzle").as_deref(),
            Some("0f74")
        );
        assert_eq!(query_value("?puzzles", "puzzle"), None);
    }
}
