//! The reviews an insights run keeps in the browser (`kit::idb`, store `reviews`): a game's
//! facts (`GameFacts::to_text`) under its key, so that a second run over the same games is
//! immediate and a grown collection reviews only its new games. A full or refused storage
//! only costs the keeping: the run goes on without it.

use crate::app::kit::idb::{self, done, result, s, REVIEWS};
use crate::app::kit::js::call;
use crate::insights::review::GameFacts;

/// A game's key: the review's depth and a hash (FNV-1a, 64 bits) of its moves' bytes
/// (`engine::transfer`), the same whichever collection the game is read from.
pub(super) fn key(depth: u8, position: &[u8]) -> String {
    let h = crate::codec::fnv1a_64(position);
    format!("d{depth}:{h:016x}:{}", position.len())
}

/// The facts kept under each key (`None` where none is, or it cannot be read), in order.
pub(super) async fn kept(keys: &[String]) -> Result<Vec<Option<GameFacts>>, String> {
    let (_, store) = idb::store(REVIEWS, "readonly").await?;
    // Every request is made before any is awaited: the transaction stays open for them.
    let requests: Vec<_> = keys.iter().map(|k| call(&store, "get", &[&s(k)])).collect();
    let mut out = Vec::with_capacity(keys.len());
    for r in requests {
        let v = result(r, "read its reviews").await?;
        out.push(v.as_string().and_then(|t| GameFacts::from_text(&t)));
    }
    Ok(out)
}

/// Keeps a game's facts.
pub(super) async fn keep(key: &str, facts: &str) -> Result<(), String> {
    let (tx, store) = idb::store(REVIEWS, "readwrite").await?;
    call(&store, "put", &[&s(facts), &s(key)]).ok_or("the browser refused to keep a review")?;
    done(&tx, "keep a review").await
}
