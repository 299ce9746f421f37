//! The board's SVG image, written by code loaded on first use (see `kit::chunk`).

use super::kit::chunk::{wasm_split, Unavailable};

/// The board shown at `ply` downloaded as an SVG image (`view::svg::scene_svg`).
#[wasm_split(panels, fallible)]
pub fn download_svg(
    scene: Box<crate::view::Scene>,
    layout: crate::view::Layout,
    ply: usize,
) -> Result<(), Unavailable> {
    let doc = crate::view::svg::scene_svg(&scene, &layout);
    let name = format!("beeline-ply-{ply}.svg");
    if super::services::download(&doc, &name, "image/svg+xml").is_err() {
        leptos::logging::warn!("the browser refused to download {name}");
    }
    Ok(())
}
