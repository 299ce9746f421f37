//! The board drawing: an SVG of hexagonal cells in pointy-top axial coordinates.

use leptos::prelude::*;

/// Circumradius of one cell, in SVG user units.
const CELL_SIZE: f64 = 40.0;

/// The cells drawn until the board shows a real position: a centre cell and its six
/// neighbours, as axial `(q, r)` pairs.
const PLACEHOLDER_CELLS: [(i32, i32); 7] =
    [(0, 0), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)];

/// Centre of the cell `(q, r)` (pointy-top axial, `r` increasing downward).
fn cell_center(q: i32, r: i32, size: f64) -> (f64, f64) {
    let (q, r) = (f64::from(q), f64::from(r));
    (size * 3f64.sqrt() * (q + r / 2.0), size * 1.5 * r)
}

/// The `points` attribute of the hexagon outlining cell `(q, r)`.
fn hex_points(q: i32, r: i32, size: f64) -> String {
    let (cx, cy) = cell_center(q, r, size);
    (0..6)
        .map(|i| {
            let angle = (60.0 * f64::from(i) - 30.0).to_radians();
            format!(
                "{:.2},{:.2}",
                cx + size * angle.cos(),
                cy + size * angle.sin()
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The board, drawn as `<svg id="board">`.
#[component]
pub fn BoardView() -> impl IntoView {
    let cells = PLACEHOLDER_CELLS
        .iter()
        .map(|&(q, r)| {
            view! { <polygon class="hex" data-q=q data-r=r points=hex_points(q, r, CELL_SIZE)/> }
        })
        .collect_view();

    view! {
        <svg id="board" class="board" viewBox="-160 -140 320 280" role="img" aria-label="Hive board">
            {cells}
        </svg>
    }
}
