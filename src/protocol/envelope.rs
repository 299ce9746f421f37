//! Messages as the browser carries them between the page and a worker: a JS array of the
//! message's bytes (a `Uint8Array`) and then its attachments, the values that cannot be bytes
//! (files, a buffer handed over).

use js_sys::{Array, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};

/// A message's bytes with its attachments.
pub fn pack(bytes: &[u8], attachments: &[JsValue]) -> Array {
    let a = Array::new();
    a.push(&Uint8Array::from(bytes).into());
    for v in attachments {
        a.push(v);
    }
    a
}

/// The message that says a worker is ready: no bytes.
pub fn ready() -> Array {
    pack(&[], &[])
}

/// A message's bytes and its attachments (`None` for anything not packed by [`pack`]).
pub fn unpack(data: &JsValue) -> Option<(Vec<u8>, Array)> {
    let a = data.dyn_ref::<Array>()?;
    let bytes = a.get(0).dyn_into::<Uint8Array>().ok()?.to_vec();
    Some((bytes, a.slice(1, a.length())))
}
