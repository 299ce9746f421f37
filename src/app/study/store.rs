//! The library's storage: the browser's IndexedDB, database `beeline`, one object store
//! `studies` holding two strings a study: its entry (`m:<id>`, [`Entry::to_text`]) and its
//! file (`t:<id>`, the study's PGN). The list reads the entries only, so that it stays quick
//! whatever the studies hold; a study's file is read when it is opened.
//!
//! IndexedDB is used by name (`kit::js`): each typed `web-sys` call would be a shim of the
//! first visit's script. Every failure is a sentence (the browser's error's name when it
//! gives one: `QuotaExceededError`, `InvalidStateError` in some private modes, …).

use super::library::Entry;
use crate::app::kit::js::{self, call, field};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

const DATABASE: &str = "beeline";
const VERSION: u32 = 1;
const STORE: &str = "studies";

thread_local! {
    /// The database, once open.
    static DB: RefCell<Option<JsValue>> = const { RefCell::new(None) };
}

fn s(text: &str) -> JsValue {
    JsValue::from_str(text)
}

/// The name of an error a request or transaction holds, in words.
fn error_of(target: &JsValue, what: &str) -> String {
    let e = field(target, "error");
    let name = field(&e, "name").as_string().unwrap_or_default();
    match name.as_str() {
        "QuotaExceededError" => "the browser's storage is full".to_string(),
        "" => format!("the browser refused to {what}"),
        other => format!("the browser refused to {what} ({other})"),
    }
}

/// The database, opened (and made, the first time) on first use.
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
    // The first open makes the store, in the upgrade's own transaction.
    let upgrade = Closure::<dyn FnMut(JsValue)>::new({
        let request = request.clone();
        move |_: JsValue| {
            let db = field(&request, "result");
            let names = field(&db, "objectStoreNames");
            if call(&names, "contains", &[&s(STORE)]).and_then(|v| v.as_bool()) != Some(true) {
                call(&db, "createObjectStore", &[&s(STORE)]);
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

/// A transaction on the store and the store in it.
async fn store(mode: &str) -> Result<(JsValue, JsValue), String> {
    let db = db().await?;
    let tx = call(&db, "transaction", &[&s(STORE), &s(mode)])
        .ok_or("the browser refused to use its database")?;
    let store = call(&tx, "objectStore", &[&s(STORE)]).ok_or("the database has no studies")?;
    Ok((tx, store))
}

/// A request's result, awaited.
async fn result(request: Option<JsValue>, what: &str) -> Result<JsValue, String> {
    let request = request.ok_or_else(|| format!("the browser refused to {what}"))?;
    js::event(&request, &["success"], &["error"])
        .await
        .map_err(|_| error_of(&request, what))?;
    Ok(field(&request, "result"))
}

/// A transaction's end, awaited.
async fn done(tx: &JsValue, what: &str) -> Result<(), String> {
    js::event(tx, &["complete"], &["error", "abort"])
        .await
        .map(|_| ())
        .map_err(|_| error_of(tx, what))
}

/// What the library holds: each study's id and its entry, or why the entry cannot be read.
pub(super) async fn entries() -> Result<Vec<(String, Result<Entry, String>)>, String> {
    let (_, store) = store("readonly").await?;
    let window: JsValue = web_sys::window().ok_or("no window")?.into();
    let range = call(
        &field(&window, "IDBKeyRange"),
        "bound",
        &[&s("m:"), &s("m;")],
    )
    .ok_or("the browser refused to list its studies")?;
    let keys = call(&store, "getAllKeys", &[&range]);
    let values = call(&store, "getAll", &[&range]);
    let keys = result(keys, "list its studies").await?;
    let values = result(values, "list its studies").await?;
    // (Both are arrays, as IndexedDB gives them.)
    use wasm_bindgen::JsCast;
    let (keys, values): (js_sys::Array, js_sys::Array) =
        (keys.unchecked_into(), values.unchecked_into());
    Ok((0..keys.length())
        .filter_map(|i| {
            let id = keys.get(i).as_string()?.strip_prefix("m:")?.to_string();
            let entry = values
                .get(i)
                .as_string()
                .ok_or_else(|| "its entry is not text".to_string())
                .and_then(|t| Entry::parse(&id, &t));
            Some((id, entry))
        })
        .collect())
}

/// A study's entry, if the library has it (and it can be read).
pub(super) async fn entry(id: &str) -> Result<Option<Entry>, String> {
    let (_, store) = store("readonly").await?;
    let v = result(
        call(&store, "get", &[&s(&format!("m:{id}"))]),
        "read a study",
    )
    .await?;
    Ok(v.as_string().and_then(|t| Entry::parse(id, &t).ok()))
}

/// A study's file.
pub(super) async fn text(id: &str) -> Result<String, String> {
    let (_, store) = store("readonly").await?;
    result(
        call(&store, "get", &[&s(&format!("t:{id}"))]),
        "read a study",
    )
    .await?
    .as_string()
    .ok_or_else(|| "its file is missing".to_string())
}

/// Keeps a study: its entry and its file, together or not at all.
pub(super) async fn put(entry: &Entry, text: &str) -> Result<(), String> {
    let (tx, store) = store("readwrite").await?;
    let id = &entry.id;
    call(
        &store,
        "put",
        &[&s(&entry.to_text()), &s(&format!("m:{id}"))],
    )
    .ok_or("the browser refused to keep the study")?;
    call(&store, "put", &[&s(text), &s(&format!("t:{id}"))])
        .ok_or("the browser refused to keep the study")?;
    done(&tx, "keep the study").await
}

/// Forgets a study.
pub(super) async fn delete(id: &str) -> Result<(), String> {
    let (tx, store) = store("readwrite").await?;
    for key in [format!("m:{id}"), format!("t:{id}")] {
        call(&store, "delete", &[&s(&key)]).ok_or("the browser refused to delete the study")?;
    }
    done(&tx, "delete the study").await
}
