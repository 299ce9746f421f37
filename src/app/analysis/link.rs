//! The page's side of the analysis workers (`crate::worker::analysis`, its messages): the
//! same worker module as the collection reader's, one for the live search and one for a
//! review, so that neither waits behind the other.
//!
//! The live worker takes each new position between two slices of its search; a search to a
//! depth, or a review, is stopped by terminating its worker, at once, whatever it is doing.
//! Each worker gets its own handler, which drops what a replaced worker still sends.

use js_sys::Array;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// A started worker: it holds its messages until its module has loaded.
pub struct Slot {
    pub id: u32,
    worker: web_sys::Worker,
    /// Messages posted before the worker said `ready` (it would drop them).
    queue: Rc<RefCell<Option<Vec<Array>>>>,
    /// Searching (it said `started`) and not finished: it cannot take another job.
    pub busy: Rc<Cell<bool>>,
}

impl Slot {
    /// Starts a worker (`None` when this build has none or the browser refuses it); its
    /// answers go to `answer` (a function: called directly, not through a table), its
    /// failure too (as `["analysis-error", why]`).
    pub fn start(id: u32, answer: impl Fn(u32, Array) + 'static) -> Option<Slot> {
        let url = leptos::prelude::document()
            .query_selector("meta[name=beeline-worker]")
            .ok()
            .flatten()
            .and_then(|m| m.get_attribute("content"))?;
        let worker = web_sys::Worker::new(&url).ok()?;
        let queue: Rc<RefCell<Option<Vec<Array>>>> = Rc::new(RefCell::new(Some(Vec::new())));
        let busy = Rc::new(Cell::new(false));
        let (q, w, b) = (Rc::clone(&queue), worker.clone(), Rc::clone(&busy));
        // One handler for its messages and its failure (one closure type for both).
        let on_event = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            let msg = match e.dyn_ref::<web_sys::MessageEvent>() {
                Some(m) => Array::from(&m.data()),
                None => [
                    JsValue::from("analysis-error"),
                    "the browser could not run the engine".into(),
                ]
                .into_iter()
                .collect(),
            };
            match msg.get(0).as_string().as_deref() {
                Some("ready") => {
                    for m in q.borrow_mut().take().unwrap_or_default() {
                        let _ = w.post_message(&m);
                    }
                    return;
                }
                Some("started") => b.set(true),
                Some("searched" | "reviewed" | "analysis-error") => b.set(false),
                _ => {}
            }
            answer(id, msg);
        });
        let handler = on_event.as_ref().unchecked_ref();
        worker.set_onmessage(Some(handler));
        worker.set_onerror(Some(handler));
        on_event.forget();
        Some(Slot {
            id,
            worker,
            queue,
            busy,
        })
    }

    /// Gives the worker a job (a search waiting in it is replaced).
    pub fn post(&self, msg: &Array) {
        match self.queue.borrow_mut().as_mut() {
            Some(queue) => queue.push(msg.clone()),
            None => {
                let _ = self.worker.post_message(msg);
            }
        }
    }

    /// Stops the worker, whatever it is doing.
    pub fn stop(self) {
        self.worker.terminate();
    }
}

/// The message that halts a worker's search.
pub fn halt() -> Array {
    std::iter::once(JsValue::from("halt")).collect()
}

/// A job's message: its name, the position's bytes, then numbers.
pub fn job(op: &str, bytes: &[u8], numbers: &[f64]) -> Array {
    let a = Array::new();
    a.push(&op.into());
    a.push(&js_sys::Uint8Array::from(bytes).into());
    for &n in numbers {
        a.push(&n.into());
    }
    a
}
