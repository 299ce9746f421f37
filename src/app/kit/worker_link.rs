//! A worker the page talks to in typed messages (`crate::protocol`): started from the file
//! the build names in `index.html` (`<meta name="beeline-worker">`, see
//! `scripts/hash-worker.sh`), its messages held until it says it is ready (it loads its
//! module first, and would drop them).

use crate::protocol::{envelope, Message};
use js_sys::Array;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;

/// A started worker.
pub struct WorkerLink {
    worker: web_sys::Worker,
    /// Messages posted before the worker said it is ready; `None` once it has.
    queue: Rc<RefCell<Option<Vec<Array>>>>,
}

impl WorkerLink {
    /// Starts a worker (`None` when this build has none or the browser refuses it). Its
    /// answers go to `answer` with their attachments; an answer that cannot be read (a
    /// worker of another build) is dropped. `failed` is called if the worker cannot run or
    /// stops.
    pub fn start<A: Message + 'static>(
        answer: impl Fn(A, Array) + 'static,
        failed: impl Fn() + 'static,
    ) -> Option<WorkerLink> {
        let url = leptos::prelude::document()
            .query_selector("meta[name=beeline-worker]")
            .ok()
            .flatten()
            .and_then(|m| m.get_attribute("content"))?;
        let worker = web_sys::Worker::new(&url).ok()?;
        let queue: Rc<RefCell<Option<Vec<Array>>>> = Rc::new(RefCell::new(Some(Vec::new())));
        let (q, w) = (Rc::clone(&queue), worker.clone());
        // One handler for its messages and its failure (one closure type for both).
        let on_event = Closure::<dyn FnMut(web_sys::Event)>::new(move |e: web_sys::Event| {
            let Some(m) = e.dyn_ref::<web_sys::MessageEvent>() else {
                return failed();
            };
            let Some((bytes, attachments)) = envelope::unpack(&m.data()) else {
                return;
            };
            if bytes.is_empty() {
                for m in q.borrow_mut().take().unwrap_or_default() {
                    let _ = w.post_message(&m);
                }
            } else if let Ok(a) = A::decode(&bytes) {
                answer(a, attachments);
            }
        });
        let handler = on_event.as_ref().unchecked_ref();
        worker.set_onmessage(Some(handler));
        worker.set_onerror(Some(handler));
        // The handler lives as long as the worker.
        on_event.forget();
        Some(WorkerLink { worker, queue })
    }

    /// Sends a message, held until the worker is ready.
    pub fn post(&self, msg: &impl Message) {
        self.post_with(msg, &[]);
    }

    /// Sends a message with its attachments.
    pub fn post_with(&self, msg: &impl Message, attachments: &[JsValue]) {
        let packed = envelope::pack(&msg.encode(), attachments);
        match self.queue.borrow_mut().as_mut() {
            Some(queue) => queue.push(packed),
            None => {
                let _ = self.worker.post_message(&packed);
            }
        }
    }

    /// Stops the worker, whatever it is doing.
    pub fn stop(&self) {
        self.worker.terminate();
    }
}
