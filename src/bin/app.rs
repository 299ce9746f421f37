//! Browser entry point: built by trunk for `wasm32-unknown-unknown` with the `web` feature.

fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(beeline::app::App);
}
