//! The browser's IndexedDB, database `beeline`: one object store a feature, each holding
//! text values under text keys: `studies` (the library, `app::study::store`) and
//! `reviews` (the insights' reviews of games, `app::insights::cache`).
//!
//! IndexedDB is used by name ([`super::js`]): each typed `web-sys` call would be a shim of
//! the first visit's script. Every failure is a sentence (the browser's error's name when it
//! gives one: `QuotaExceededError`, `InvalidStateError` in some private modes, …).

use super::js::{self, call, field};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

const DATABASE: &str = "beeline";
/// 2: the `reviews` store added (version 1 had `studies` only; an upgrade keeps it).
const VERSION: u32 = 2;
/// The stores, made when the database is made or upgraded.
pub const STUDIES: &str = "studies";
pub const REVIEWS: &str = "reviews";

thread_local! {
    /// The database, once open.
    static DB: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

pub fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// The name of an error a request or transaction holds, in words.
pub fn error_of(target: &JsValue, what: &str) -> String {
    let e = field(target, "error");
    let name = field(&e, "name").as_string().unwrap_or_default();
    match name.as_str() {
        "QuotaExceededError" => "the browser's storage is full".to_string(),
        "" => format!("the browser refused to {what}"),
        other => format!("the browser refused to {what} ({other})"),
    }
}

/// The database, opened (and made or upgraded, the first time) on first use.
async fn db() -> Result<JsValue, String> {
    if let Some(db) = DB.with(|d| d.borrow().clone()) {
        return Ok(db);
    }
    let window: JsValue = web_sys::window().ok_or("no window")?.into();
    let idb = field(&window, "indexedDB");
    if !js::is_some(&idb) {
        return Err("this browser keeps no databases (IndexedDB is off)".to_string());
    }
    let request = call(&idb, "open", &[&s(DATABASE), &JsValue::from(VERSION)])
        .ok_or("the browser refused to open its database (a private window?)")?;
    // The stores missing are made in the upgrade's own transaction.
    let upgrade = Closure::<dyn FnMut(JsValue)>::new({
        let request = request.clone();
        move |_: JsValue| {
            let db = field(&request, "result");
            let names = field(&db, "objectStoreNames");
            for store in [STUDIES, REVIEWS] {
                if call(&names, "contains", &[&s(store)]).and_then(|v| v.as_bool()) != Some(true) {
                    call(&db, "createObjectStore", &[&s(store)]);
                }
            }
        }
    });
    call(
        &request,
        "addEventListener",
        &[&s("upgradeneeded"), upgrade.as_ref()],
    );
    let opened = js::event(&request, &["success"], &["error", "blocked"]).await;
    drop(upgrade);
    opened.map_err(|_| error_of(&request, "open its database"))?;
    let db = field(&request, "result");
    // Another page deleting or upgrading the database: this one lets go (and opens it again
    // when next needed), so that neither waits on the other.
    let closing = db.clone();
    let let_go = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| {
        call(&closing, "close", &[]);
        DB.with(|d| *d.borrow_mut() = None);
    });
    call(
        &db,
        "addEventListener",
        &[&s("versionchange"), let_go.as_ref()],
    );
    let_go.forget();
    DB.with(|d| *d.borrow_mut() = Some(db.clone()));
    Ok(db)
}

/// A transaction on a store and the store in it.
pub async fn store(name: &str, mode: &str) -> Result<(JsValue, JsValue), String> {
    let db = db().await?;
    let tx = call(&db, "transaction", &[&s(name), &s(mode)])
        .ok_or("the browser refused to use its database")?;
    let store = call(&tx, "objectStore", &[&s(name)])
        .ok_or_else(|| format!("the database has no {name}"))?;
    Ok((tx, store))
}

/// A request's result, awaited.
pub async fn result(request: Option<JsValue>, what: &str) -> Result<JsValue, String> {
    let request = request.ok_or_else(|| format!("the browser refused to {what}"))?;
    js::event(&request, &["success"], &["error"])
        .await
        .map_err(|_| error_of(&request, what))?;
    Ok(field(&request, "result"))
}

/// A transaction's end, awaited.
pub async fn done(tx: &JsValue, what: &str) -> Result<(), String> {
    js::event(tx, &["complete"], &["error", "abort"])
        .await
        .map(|_| ())
        .map_err(|_| error_of(tx, what))
}
