//! The collection worker's entry point: built by trunk for `wasm32-unknown-unknown` with the
//! `worker` feature, started by the app in a Web Worker (see `beeline::worker`).

fn main() {
    beeline::worker::run();
}
