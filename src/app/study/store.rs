//! The library's storage: the browser's IndexedDB, database `beeline`, one object store
//! `studies` holding two strings a study: its entry (`m:<id>`, [`Entry::to_text`]) and its
//! file (`t:<id>`, the study's PGN). The list reads the entries only, so that it stays quick
//! whatever the studies hold; a study's file is read when it is opened.
//!
//! The database is the kit's (`kit::idb`), where every failure is a sentence.

use super::library::Entry;
use crate::app::kit::idb::{done, result, s, STUDIES};
use crate::app::kit::js::{call, field};
use wasm_bindgen::prelude::*;

/// A transaction on the studies' store and the store in it.
async fn store(mode: &str) -> Result<(JsValue, JsValue), String> {
    crate::app::kit::idb::store(STUDIES, mode).await
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
