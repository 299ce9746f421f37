//! A book (`collection::book`) read over the network in the collection worker: its
//! `book.txt` when the page names it, then for each position asked of the explorer the
//! one shard its key names, kept for the next questions.
//!
//! Requests are synchronous: a worker may block, each answer is one small file (a shard
//! averages at most 16 KB), and the explorer's questions are answered in order anyway.
//! The service worker (`assets/sw.js`) keeps what was fetched, so a book read once works
//! offline.

use super::tables::{book_markup, book_summary, grouped};
use crate::collection::book::{shard_of, Manifest, Shard};
use crate::engine::position::Position;
use js_sys::Uint8Array;
use std::collections::HashMap;
use web_sys::{XmlHttpRequest, XmlHttpRequestResponseType};

/// Shards kept in memory at most (all dropped past it: the service worker still has them).
const KEPT: usize = 256;

/// An open book.
pub struct Book {
    /// The book's folder, ending in `/`.
    base: String,
    manifest: Manifest,
    shards: HashMap<String, Shard>,
}

impl Book {
    /// Reads the book at `base` (a folder's absolute URL): its `book.txt`.
    pub fn open(base: &str) -> Result<Book, String> {
        let mut base = base.to_string();
        if !base.ends_with('/') {
            base.push('/');
        }
        let bytes = get(&format!("{base}book.txt"))?;
        let manifest =
            Manifest::parse(&String::from_utf8_lossy(&bytes)).map_err(|e| e.to_string())?;
        Ok(Book {
            base,
            manifest,
            shards: HashMap::new(),
        })
    }

    /// What the table's caption says of the book.
    pub fn name(&self) -> String {
        let m = &self.manifest;
        let mut name = format!(
            "Book: {} games, their first {} plies",
            grouped(m.games as u64),
            m.depth
        );
        if !m.filter.is_empty() {
            name.push_str(&format!(" ({})", m.filter));
        }
        name
    }

    /// The book's rows and summary for a position (its shard fetched if need be).
    pub fn explore(&mut self, pos: &Position) -> Result<(String, String), String> {
        let path = shard_of(pos, self.manifest.digits);
        if !self.shards.contains_key(&path) {
            let bytes = get(&format!("{}{path}", self.base))?;
            let shard = Shard::parse(&bytes).map_err(|e| format!("{path}: {e}"))?;
            if self.shards.len() >= KEPT {
                self.shards.clear();
            }
            self.shards.insert(path.clone(), shard);
        }
        let shard = &self.shards[&path];
        let report = shard.report(&self.manifest, pos);
        Ok((
            book_markup(pos, &report),
            book_summary(self.manifest.depth, pos, &report),
        ))
    }
}

/// The bytes at `url`, or why not.
fn get(url: &str) -> Result<Vec<u8>, String> {
    let failed = |why: &str| format!("{url} could not be fetched ({why})");
    let request = XmlHttpRequest::new().map_err(|_| failed("no requests here"))?;
    request
        .open_with_async("GET", url, false)
        .map_err(|_| failed("a bad address"))?;
    request.set_response_type(XmlHttpRequestResponseType::Arraybuffer);
    // A network error (offline, and not kept by the service worker; another site without
    // CORS) throws.
    request
        .send()
        .map_err(|_| failed("offline, or the site does not allow it"))?;
    let status = request.status().unwrap_or(0);
    if status != 200 {
        return Err(failed(&format!("HTTP {status}")));
    }
    let body = request.response().map_err(|_| failed("no body"))?;
    Ok(Uint8Array::new(&body).to_vec())
}
