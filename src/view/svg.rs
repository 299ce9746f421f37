//! SVG markup of a scene: the standalone image a user downloads, and the pieces of markup the
//! browser board draws (the same tiles, artwork and highlights, from the same functions).
//!
//! ```
//! use beeline::engine::piece::GameType;
//! use beeline::engine::position::Rules;
//! use beeline::notation::uhp::GameString;
//! use beeline::view::{svg, Layout, Orientation, Replay, TileShape};
//! let g: GameString = "Base;InProgress;White[2];wS1;bS1 wS1-".parse().unwrap();
//! let replay = Replay::new(GameType::BASE, Rules::default(), &g.replay().unwrap().moves());
//! let layout = Layout::new(replay.frame(), Orientation::NoonUp, TileShape::Flat);
//! let doc = svg::scene_svg(&replay.scene(2, &layout, None), &layout);
//! assert!(doc.starts_with("<svg") && doc.contains(r#"data-piece="bS1""#));
//! ```

use std::fmt::Write;

use super::art::{self, Paint, GLYPH_BOX, INK};
use super::layout::{Layout, Point, Rect};
use super::scene::{Compass, Scene, Tile};
use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, PieceId};

/// Circumradius of a drawn tile (a cell has circumradius 1; the rest is the gap).
pub const TILE_SIZE: f64 = 0.93;
/// Width of the glyph on a tile, in board units.
const GLYPH_SIZE: f64 = 1.12;
/// How far each piece under the top one peeks out, down and to the right.
const STACK_STEP: Point = Point { x: 0.1, y: 0.13 };

/// Colour of the last move's marks. Every mark's colour keeps 3:1 against both tiles and the
/// board's ground in either theme (docs/THEMES.md: its luminance between 0.175 and 0.25).
pub const LAST_COLOR: &str = "#e8590c";
/// Colour of the reference piece and the direction arrow.
pub const REFERENCE_COLOR: &str = "#e8457a";
/// Colour of the compass.
pub const COMPASS_COLOR: &str = "#4c6ef5";

/// Colour of a picked piece's destinations.
pub const DESTINATION_COLOR: &str = "#2b8a3e";

/// A number in SVG attributes: at most three decimals, no trailing zeros.
pub fn num(v: f64) -> String {
    // Thousandths as an integer, its digits written by hand: the float printer would add
    // about 12 KB of wasm to the browser build, and `core::fmt` is a long path for a number
    // written dozens of times a step (by code that runs unoptimised for its first thousands
    // of calls; see docs/SPEED.md).
    let milli = (v * 1000.0).round();
    if !milli.is_finite() || milli.abs() > 9e15 {
        return "0".to_string();
    }
    let milli = milli as i64;
    let mut s = String::with_capacity(12);
    if milli < 0 {
        s.push('-');
    }
    let m = milli.unsigned_abs();
    push_digits(&mut s, m / 1000);
    let frac = m % 1000;
    if frac != 0 {
        s.push('.');
        let shown = if frac % 10 != 0 {
            3
        } else if frac % 100 != 0 {
            2
        } else {
            1
        };
        for unit in [100, 10, 1].into_iter().take(shown) {
            push_digit(&mut s, frac / unit);
        }
    }
    s
}

/// Appends a number's decimal digits.
fn push_digits(s: &mut String, n: u64) {
    let mut unit = 1;
    while n / unit >= 10 {
        unit *= 10;
    }
    while unit > 0 {
        push_digit(s, n / unit);
        unit /= 10;
    }
}

/// Appends the last decimal digit of `n`.
fn push_digit(s: &mut String, n: u64) {
    s.push(char::from(b'0' + (n % 10) as u8));
}

/// Escapes text for markup (SVG, XML or HTML) content and attribute values: the one escaper
/// of the crate's markup.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_escaped(&mut out, s);
    out
}

/// Appends `text` with the characters markup gives a meaning escaped (see [`escape`]).
pub fn push_escaped(out: &mut String, text: &str) {
    let mut rest = text;
    while let Some(i) = rest.find(['&', '<', '>', '"', '\'']) {
        out.push_str(&rest[..i]);
        out.push_str(match rest.as_bytes()[i] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            b'"' => "&quot;",
            _ => "&#39;",
        });
        rest = &rest[i + 1..];
    }
    out.push_str(rest);
}

fn points(pts: &[Point]) -> String {
    pts.iter()
        .map(|p| format!("{},{}", num(p.x), num(p.y)))
        .collect::<Vec<_>>()
        .join(" ")
}

fn hexagon(layout: &Layout, c: Point, size: f64) -> String {
    points(&layout.corners(c, size))
}

fn bug_name(bug: Bug) -> &'static str {
    match bug {
        Bug::Queen => "Queen",
        Bug::Spider => "Spider",
        Bug::Beetle => "Beetle",
        Bug::Grasshopper => "Grasshopper",
        Bug::Ant => "Ant",
        Bug::Mosquito => "Mosquito",
        Bug::Ladybug => "Ladybug",
        Bug::Pillbug => "Pillbug",
    }
}

/// A piece in words: "white Ant 2 (wA2)".
pub fn piece_words(id: PieceId) -> String {
    let p = id.piece();
    let side = match p.color {
        Color::White => "white",
        Color::Black => "black",
    };
    if p.number == 0 {
        format!("{side} {} ({p})", bug_name(p.bug))
    } else {
        format!("{side} {} {} ({p})", bug_name(p.bug), p.number)
    }
}

/// What a tile shows, in words (its `<title>` and accessible name): the top piece, and for a
/// stack every piece in it, top first.
pub fn tile_label(tile: &Tile) -> String {
    let mut s = piece_words(tile.top);
    if tile.height() > 1 {
        let under: Vec<String> = tile
            .stack
            .iter()
            .rev()
            .skip(1)
            .map(|&p| piece_words(p))
            .collect();
        let _ = write!(
            s,
            ", on top of a stack of {}: above {}",
            tile.height(),
            under.join(", then ")
        );
    }
    if tile.last_to {
        s.push_str("; moved last");
    }
    if tile.reference {
        s.push_str("; reference piece");
    }
    if tile.thrower {
        s.push_str("; threw the piece moved");
    }
    s
}

/// The artwork of one piece centred on `c`, `width` board units wide.
pub fn glyph_markup(id: PieceId, c: Point, width: f64) -> String {
    let pal = art::palette(id.color());
    let bug = pal.bug(id.bug());
    let mut s = format!(
        r#"<g class="glyph" transform="translate({} {}) scale({})">"#,
        num(c.x),
        num(c.y),
        num(width / GLYPH_BOX)
    );
    for part in art::glyph(id.bug()) {
        let paint = match part.paint {
            Paint::Body => format!(r#"fill="{bug}""#),
            Paint::Line(w) => format!(
                r#"fill="none" stroke="{bug}" stroke-width="{w}" stroke-linecap="round" stroke-linejoin="round""#
            ),
            Paint::Pane => {
                format!(r#"fill="{bug}" fill-opacity="0.3" stroke="{bug}" stroke-width="2.5""#)
            }
            Paint::Cut(w) => format!(
                r#"fill="none" stroke="{}" stroke-width="{w}" stroke-linecap="round""#,
                pal.tile
            ),
            Paint::Ink => format!(r#"fill="{INK}""#),
        };
        let _ = write!(s, r#"<path d="{}" {paint}/>"#, part.d);
    }
    s.push_str("</g>");
    s
}

/// The inside of a tile's group: title, the pieces peeking out under a stack, the tile, its
/// artwork, piece number, height badge and marks. Coordinates are absolute board units.
pub fn tile_markup(tile: &Tile, layout: &Layout) -> String {
    format!(
        "<title>{}</title>{}{}",
        escape(&tile_label(tile)),
        tile_art(tile, layout),
        tile_marks(tile, layout)
    )
}

/// The outline of a tile at the origin: what the layout (orientation, shape, turn) makes of
/// every tile's artwork.
pub fn tile_outline(layout: &Layout) -> String {
    hexagon(layout, Point { x: 0.0, y: 0.0 }, TILE_SIZE)
}

/// The artwork of a tile, which a step leaves alone unless the piece moved: what lies under
/// a stack, the tile, the bug, its number and the stack's height.
pub fn tile_art(tile: &Tile, layout: &Layout) -> String {
    let c = Point {
        x: tile.x,
        y: tile.y,
    };
    let mut s = String::new();
    let h = tile.height();
    if h > 1 {
        // A soft shadow, then each lower piece offset a little further down-right.
        let depth = (h - 1) as f64;
        let shadow = Point {
            x: c.x + STACK_STEP.x * (depth + 0.8),
            y: c.y + STACK_STEP.y * (depth + 0.8),
        };
        let _ = write!(
            s,
            r##"<polygon class="stack-shadow" points="{}" fill="#000" fill-opacity="0.22"/>"##,
            hexagon(layout, shadow, TILE_SIZE)
        );
        for (k, &p) in tile.stack[..h - 1].iter().enumerate() {
            let off = depth - k as f64;
            let pc = Point {
                x: c.x + STACK_STEP.x * off,
                y: c.y + STACK_STEP.y * off,
            };
            let pal = art::palette(p.color());
            let _ = write!(
                s,
                r#"<polygon class="under" points="{}" fill="{}" stroke="{}" stroke-width="0.04"/>"#,
                hexagon(layout, pc, TILE_SIZE),
                pal.tile,
                pal.edge
            );
        }
    }
    let pal = art::palette(tile.top.color());
    let _ = write!(
        s,
        r#"<polygon class="hex tile" points="{}" fill="{}" stroke="{}" stroke-width="0.05" stroke-linejoin="round"/>"#,
        hexagon(layout, c, TILE_SIZE),
        pal.tile,
        pal.edge
    );
    s.push_str(&glyph_markup(tile.top, c, GLYPH_SIZE));
    let number = tile.top.piece().number;
    if number > 0 {
        let _ = write!(
            s,
            r#"<text class="number" x="{}" y="{}" font-size="0.3" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="{}">{number}</text>"#,
            num(c.x + 0.5),
            num(c.y + 0.52),
            pal.text
        );
    }
    if h > 1 {
        let b = Point {
            x: c.x + 0.5,
            y: c.y - 0.46,
        };
        let _ = write!(
            s,
            r##"<g class="height"><circle cx="{x}" cy="{y}" r="0.21" fill="{INK}" stroke="#fff" stroke-width="0.04"/><text x="{x}" y="{ty}" font-size="0.28" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">{h}</text></g>"##,
            x = num(b.x),
            y = num(b.y),
            ty = num(b.y + 0.1),
        );
    }
    s
}

/// The marks drawn over a tile, last in its group: the outline of the last move's
/// destination and the ring of the direction notation's reference piece.
pub fn tile_marks(tile: &Tile, layout: &Layout) -> String {
    marks(tile, layout, tile.last_to, tile.reference, tile.thrower)
}

/// Both marks of a tile, whatever it is: the board keeps them in every tile and its style
/// shows those its `data-last` and `data-reference` ask for, so that a step changes two
/// attributes instead of writing markup.
pub fn tile_mark_shapes(tile: &Tile, layout: &Layout) -> String {
    marks(tile, layout, true, true, true)
}

fn marks(tile: &Tile, layout: &Layout, last_to: bool, reference: bool, thrower: bool) -> String {
    let c = Point {
        x: tile.x,
        y: tile.y,
    };
    let mut s = String::new();
    if last_to {
        let _ = write!(
            s,
            r#"<polygon class="last-to" points="{}" fill="none" stroke="{LAST_COLOR}" stroke-width="0.09" stroke-linejoin="round"/>"#,
            hexagon(layout, c, TILE_SIZE - 0.04)
        );
    }
    if reference {
        let _ = write!(
            s,
            r#"<polygon class="reference" points="{}" fill="{REFERENCE_COLOR}" fill-opacity="0.12" stroke="{REFERENCE_COLOR}" stroke-width="0.12" stroke-linejoin="round"/>"#,
            hexagon(layout, c, TILE_SIZE + 0.02)
        );
    }
    if thrower {
        // The last move's colour, dashed: the piece whose throw the move was.
        let _ = write!(
            s,
            r#"<polygon class="thrower" points="{}" fill="none" stroke="{LAST_COLOR}" stroke-width="0.1" stroke-dasharray="0.16 0.1" stroke-linejoin="round"/>"#,
            hexagon(layout, c, TILE_SIZE - 0.05)
        );
    }
    s
}

/// The attributes of a tile's group (`data-piece`, and the flags the tests and styles use).
pub fn tile_attributes(tile: &Tile) -> Vec<(&'static str, String)> {
    let mut a = vec![("data-piece", tile.top.to_string())];
    if tile.height() > 1 {
        a.push(("data-height", tile.height().to_string()));
    }
    if tile.last_to {
        a.push(("data-last", "true".to_string()));
    }
    if tile.reference {
        a.push(("data-reference", "true".to_string()));
    }
    if tile.thrower {
        a.push(("data-thrower", "true".to_string()));
    }
    a
}

/// Marks drawn under the tiles: the cell the last moved piece left.
pub fn under_markup(scene: &Scene, layout: &Layout) -> String {
    let mut s = String::new();
    if let Some(p) = scene.last_from {
        let _ = write!(
            s,
            r#"<polygon class="last-from" points="{}" fill="{LAST_COLOR}" fill-opacity="0.08" stroke="{LAST_COLOR}" stroke-width="0.05" stroke-dasharray="0.12 0.1"/>"#,
            hexagon(layout, p, TILE_SIZE - 0.05)
        );
    }
    s
}

/// Marks drawn over the tiles: the direction arrow and the compass.
pub fn over_markup(scene: &Scene) -> String {
    let mut s = arrow_markup(scene);
    s.push_str(&compass_markup(scene.compass.as_ref()));
    s
}

/// The arrow from the reference piece to the destination, if the move has one.
pub fn arrow_markup(scene: &Scene) -> String {
    let mut s = String::new();
    if let Some(a) = scene.arrow {
        let (dx, dy) = (a.to.x - a.from.x, a.to.y - a.from.y);
        let len = (dx * dx + dy * dy).sqrt().max(1e-9);
        let (ux, uy) = (dx / len, dy / len);
        // From near the reference's centre to near the destination's centre, head included.
        let start = Point {
            x: a.from.x + ux * 0.15,
            y: a.from.y + uy * 0.15,
        };
        // The head stops on the destination's edge, leaving its artwork readable.
        let tip = Point {
            x: a.to.x - ux * 0.5,
            y: a.to.y - uy * 0.5,
        };
        let base = Point {
            x: tip.x - ux * 0.4,
            y: tip.y - uy * 0.4,
        };
        let wing = |side: f64| Point {
            x: base.x - uy * 0.24 * side,
            y: base.y + ux * 0.24 * side,
        };
        // The shaft as a path (one attribute where a line has four): the board moves the
        // arrow at every step by setting its values (`app::patch`).
        let shaft = format!(
            "M{} {}L{} {}",
            num(start.x),
            num(start.y),
            num(base.x),
            num(base.y)
        );
        let _ = write!(
            s,
            r##"<g class="arrow"><path d="{shaft}" stroke="#fff" stroke-opacity="0.85" stroke-width="0.26" stroke-linecap="round"/><path d="{shaft}" stroke="{REFERENCE_COLOR}" stroke-width="0.14" stroke-linecap="round"/><polygon points="{}" fill="{REFERENCE_COLOR}" stroke="#fff" stroke-width="0.04" stroke-linejoin="round"/></g>"##,
            points(&[tip, wing(1.0), wing(-1.0)])
        );
    }
    s
}

/// The compass of directions, if the move names one. Apart from the arrow: the board keeps
/// it from step to step, as it changes only with the frame and the board's fit.
pub fn compass_markup(compass: Option<&Compass>) -> String {
    let mut s = String::new();
    if let Some(c) = compass {
        let _ = write!(
            s,
            r##"<g class="compass" aria-label="compass of directions"><circle cx="{}" cy="{}" r="0.95" fill="#fff" fill-opacity="0.75" stroke="{COMPASS_COLOR}" stroke-opacity="0.35" stroke-width="0.04"/>"##,
            num(c.center.x),
            num(c.center.y)
        );
        for &(label, v) in &c.points {
            let end = Point {
                x: c.center.x + v.x * 0.85,
                y: c.center.y + v.y * 0.85,
            };
            let text = Point {
                x: c.center.x + v.x * 1.3,
                y: c.center.y + v.y * 1.3 + 0.16,
            };
            let strong = label == 'n';
            let _ = write!(
                s,
                r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{COMPASS_COLOR}" stroke-width="{}" stroke-linecap="round"/><text x="{}" y="{}" font-size="0.46" font-family="sans-serif" font-weight="{}" text-anchor="middle" fill="{COMPASS_COLOR}">{}</text>"#,
                num(c.center.x),
                num(c.center.y),
                num(end.x),
                num(end.y),
                if strong { "0.12" } else { "0.07" },
                num(text.x),
                num(text.y),
                if strong { 800 } else { 600 },
                escape(&label.to_string())
            );
        }
        s.push_str("</g>");
    }
    s
}

/// A cell a picked piece can go to, as the board marks it.
#[derive(Clone, Debug, PartialEq)]
pub struct Destination {
    pub hex: Hex,
    pub center: Point,
    /// The move that goes there, as the standard notation writes it (`wA1 -bQ`).
    pub written: String,
    /// The cell holds a stack the piece would climb onto.
    pub occupied: bool,
}

impl Destination {
    pub fn new(layout: &Layout, hex: Hex, written: String, occupied: bool) -> Destination {
        Destination {
            hex,
            center: layout.center(hex),
            written,
            occupied,
        }
    }
}

/// The index of the destination at a hex, if one is there.
pub fn destination_at(destinations: &[Destination], hex: Hex) -> Option<usize> {
    destinations.iter().position(|d| d.hex == hex)
}

/// One destination's group: a button to assistive technology, focusable, with its index
/// (`data-destination`) and its move as written (`data-move`). A pale cell with a dot; over a
/// stack the cell is fainter, so that the piece under it stays readable.
pub fn destination_markup(index: usize, d: &Destination, layout: &Layout) -> String {
    let written = escape(&d.written);
    let (fill, dash) = if d.occupied {
        ("0.1", "")
    } else {
        ("0.18", r#" stroke-dasharray="0.16 0.1""#)
    };
    format!(
        r#"<g class="destination" data-destination="{index}" data-move="{written}" tabindex="0" role="button" aria-label="Play {written}"><title>Play {written}</title><polygon class="target" points="{}" fill="{DESTINATION_COLOR}" fill-opacity="{fill}" stroke="{DESTINATION_COLOR}" stroke-width="0.06"{dash}/><circle class="dot" cx="{}" cy="{}" r="0.17" fill="{DESTINATION_COLOR}" fill-opacity="0.8"/></g>"#,
        hexagon(layout, d.center, TILE_SIZE - 0.05),
        num(d.center.x),
        num(d.center.y),
    )
}

/// Every destination's group, in order (the board's destinations layer).
pub fn destinations_markup(destinations: &[Destination], layout: &Layout) -> String {
    let mut s = String::new();
    for (i, d) in destinations.iter().enumerate() {
        s.push_str(&destination_markup(i, d, layout));
    }
    s
}

/// The mark of the destination a dragged piece is over.
pub fn drop_target_markup(index: usize, d: &Destination, layout: &Layout) -> String {
    format!(
        r#"<polygon class="drop-target" data-over="{index}" points="{}" fill="{DESTINATION_COLOR}" fill-opacity="0.3" stroke="{DESTINATION_COLOR}" stroke-width="0.14" stroke-linejoin="round" pointer-events="none"/>"#,
        hexagon(layout, d.center, TILE_SIZE)
    )
}

/// A piece on its own, centred on the origin: the tile and its artwork, as the board draws
/// it (a reserve's pieces, the piece being dragged).
pub fn piece_markup(id: PieceId, layout: &Layout) -> String {
    let pal = art::palette(id.color());
    let c = Point { x: 0.0, y: 0.0 };
    let mut s = format!(
        r#"<polygon class="hex tile" points="{}" fill="{}" stroke="{}" stroke-width="0.05" stroke-linejoin="round"/>"#,
        hexagon(layout, c, TILE_SIZE),
        pal.tile,
        pal.edge
    );
    s.push_str(&glyph_markup(id, c, GLYPH_SIZE));
    s
}

/// Drawn when the board is empty: one faint cell where the first piece goes.
pub fn empty_markup(layout: &Layout) -> String {
    format!(
        r##"<polygon class="hex empty" points="{}" fill="none" stroke="#b9ad8f" stroke-width="0.04" stroke-dasharray="0.15 0.1"/>"##,
        hexagon(layout, Point { x: 0.0, y: 0.0 }, TILE_SIZE)
    )
}

/// The tiles in the order to draw them: stacks after single pieces, so that what peeks out
/// under a stack lies over its neighbours, as a taller stack would.
pub fn drawing_order(scene: &Scene) -> Vec<&Tile> {
    let mut tiles: Vec<&Tile> = scene.tiles.iter().collect();
    crate::engine::hex::sort_small(&mut tiles, |t| t.height());
    tiles
}

/// One tile's whole group, as the board and the image both draw it.
pub fn tile_group(tile: &Tile, layout: &Layout) -> String {
    let mut s = String::from(r#"<g class="piece""#);
    for (k, v) in tile_attributes(tile) {
        let _ = write!(s, r#" {k}="{}""#, escape(&v));
    }
    s.push('>');
    s.push_str(&tile_markup(tile, layout));
    s.push_str("</g>");
    s
}

/// A standalone SVG document of the scene: the tiles, artwork and highlights, at 64 pixels per
/// board unit.
pub fn scene_svg(scene: &Scene, layout: &Layout) -> String {
    let Rect {
        x,
        y,
        width: w,
        height: h,
    } = scene.view_box;
    let mut s = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="{}" height="{}">"#,
        num(x),
        num(y),
        num(w),
        num(h),
        num((w * 64.0).round()),
        num((h * 64.0).round())
    );
    let _ = write!(
        s,
        r##"<rect class="background" x="{}" y="{}" width="{}" height="{}" fill="#faf7ef"/>"##,
        num(x),
        num(y),
        num(w),
        num(h)
    );
    if scene.tiles.is_empty() {
        s.push_str(&empty_markup(layout));
    }
    s.push_str(&under_markup(scene, layout));
    for t in drawing_order(scene) {
        s.push_str(&tile_group(t, layout));
    }
    s.push_str(&over_markup(scene));
    s.push_str("</svg>\n");
    s
}

/// The grid's cells: each a group named by `data-cell` (its algebraic name, and `data-q`,
/// `data-r` its engine hex), with its outline and name. `editable` cells take clicks and
/// the focus (the position editor's); otherwise the grid lets every pointer through. The
/// `held` cell (whose piece the next click moves) is marked.
pub fn grid_markup(
    cells: &[super::grid::GridCell],
    layout: &Layout,
    editable: bool,
    held: Option<Hex>,
) -> String {
    let mut s = String::new();
    for c in cells {
        let p = layout.center(c.hex);
        let state = match (c.occupied, held == Some(c.hex)) {
            (_, true) => "occupied held",
            (true, false) => "occupied",
            (false, false) => "empty",
        };
        let _ = write!(
            s,
            r#"<g class="cell {state}" data-cell="{name}" data-q="{q}" data-r="{r}""#,
            name = c.name,
            q = c.hex.q,
            r = c.hex.r
        );
        if editable {
            let _ = write!(
                s,
                r#" tabindex="0" role="button" aria-label="{}, {state}""#,
                c.name
            );
        }
        let _ = write!(
            s,
            r#"><polygon class="cell-area" points="{}"/><text class="cell-name" x="{}" y="{}">{}</text></g>"#,
            hexagon(layout, p, TILE_SIZE),
            num(p.x),
            num(p.y + 0.62),
            c.name
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::hex::Direction;
    use crate::engine::position::Rules;
    use crate::notation::uhp::GameString;
    use crate::view::{Highlight, Orientation, Replay, TileShape};

    fn replay(s: &str) -> Replay {
        let g: GameString = s.parse().unwrap();
        let pos = g.replay().unwrap();
        Replay::new(g.game_type, Rules::default(), &pos.moves())
    }

    /// Checks that tags open and close in order (a tiny XML well-formedness check).
    fn balanced(doc: &str) -> Result<usize, String> {
        let mut stack: Vec<String> = Vec::new();
        let mut count = 0;
        let mut rest = doc;
        while let Some(i) = rest.find('<') {
            let j = rest[i..].find('>').ok_or("unclosed tag")? + i;
            let tag = &rest[i + 1..j];
            rest = &rest[j + 1..];
            if tag.starts_with('?') || tag.starts_with('!') {
                continue;
            }
            if tag.matches('"').count() % 2 != 0 {
                return Err(format!("unbalanced quotes in <{tag}>"));
            }
            count += 1;
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or(format!("stray </{name}>"))?;
                if open != name {
                    return Err(format!("<{open}> closed by </{name}>"));
                }
            } else if !tag.ends_with('/') {
                let name = tag.split_whitespace().next().ok_or("empty tag")?;
                stack.push(name.to_string());
            }
            let text = rest.split('<').next().unwrap_or("");
            if text.contains('&') && !text.contains(';') {
                return Err(format!("unescaped text {text:?}"));
            }
        }
        if stack.is_empty() {
            Ok(count)
        } else {
            Err(format!("unclosed {stack:?}"))
        }
    }

    #[test]
    fn document_has_one_group_per_top_piece_and_is_well_formed() {
        // wB1 climbs onto the white Queen: three stacks... and one of height two.
        let r =
            replay("Base;InProgress;Black[4];wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wB1 \\wQ;bB1 bQ/;wB1 wQ");
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let scene = r.scene(7, &layout, None);
        let doc = scene_svg(&scene, &layout);
        assert!(doc.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        balanced(&doc).unwrap();
        assert_eq!(doc.matches("data-piece=").count(), scene.tiles.len());
        assert_eq!(scene.tiles.len(), 5);
        for id in ["wS1", "bS1", "bQ", "wB1", "bB1"] {
            assert!(doc.contains(&format!(r#"data-piece="{id}""#)), "{id}");
        }
        // The Queen is under the Beetle: no group of its own, but named in the stack's title.
        assert!(!doc.contains(r#"data-piece="wQ""#));
        assert!(doc.contains("on top of a stack of 2: above white Queen (wQ)"));
        assert_eq!(doc.matches(r#"data-last="true""#).count(), 1);
        assert!(doc.contains(r#"data-piece="wB1" data-height="2" data-last="true""#));
        // The stack comes last, over its neighbours.
        assert!(doc.rfind("data-piece=").unwrap() == doc.find(r#"data-piece="wB1""#).unwrap());
        assert!(doc.contains(r#"class="last-from""#));
        assert!(!doc.contains("data-reference"));
        // The view box of the scene is the document's.
        let Rect {
            x,
            y,
            width: w,
            height: h,
        } = scene.view_box;
        assert!(doc.contains(&format!(
            r#"viewBox="{} {} {} {}""#,
            num(x),
            num(y),
            num(w),
            num(h)
        )));
    }

    #[test]
    fn highlight_marks_the_reference_and_draws_arrow_and_compass() {
        let r = replay("Base;InProgress;Black[2];wS1;bS1 wS1-;wQ /wS1");
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Pointy);
        let hl = Highlight {
            reference: Some(Hex::ORIGIN),
            arrow_from: Some(Hex::ORIGIN),
            direction: Some(Direction::SW),
            compass: true,
            thrower: None,
        };
        let scene = r.scene(3, &layout, Some(&hl));
        let doc = scene_svg(&scene, &layout);
        balanced(&doc).unwrap();
        assert_eq!(doc.matches(r#"data-reference="true""#).count(), 1);
        assert!(doc.contains(r#"data-piece="wS1" data-reference="true""#));
        assert!(doc.contains(r#"class="arrow""#));
        for l in ["n", "a", "s", "m", "r", "f"] {
            assert!(doc.contains(&format!(">{l}</text>")), "compass label {l}");
        }
        let plain = scene_svg(&r.scene(3, &layout, None), &layout);
        assert!(!plain.contains("class=\"arrow\"") && !plain.contains("class=\"compass\""));
    }

    #[test]
    fn every_ply_of_a_real_game_draws_each_top_piece_once() {
        let text = include_str!("../../tests/data/direction-game-1.md");
        let rec = crate::record::import(text, None).unwrap();
        let r = Replay::new(rec.game_type, rec.rules, &rec.moves);
        assert_eq!(r.len(), rec.moves.len());
        for shape in [TileShape::Flat, TileShape::Pointy] {
            let layout = Layout::new(r.frame(), Orientation::AsPlayed, shape);
            for ply in 0..=r.len() {
                let scene = r.scene(ply, &layout, None);
                let doc = scene_svg(&scene, &layout);
                balanced(&doc).unwrap_or_else(|e| panic!("ply {ply}: {e}"));
                let stacks = &r.snapshot(ply).stacks;
                assert_eq!(
                    doc.matches("data-piece=").count(),
                    stacks.len(),
                    "ply {ply}"
                );
                for (_, stack) in stacks {
                    let top = stack.last().unwrap();
                    assert_eq!(doc.matches(&format!(r#"data-piece="{top}""#)).count(), 1);
                    // Every piece of the stack is named in its title.
                    for p in stack {
                        assert!(doc.contains(&format!("({p})")), "ply {ply}: {p}");
                    }
                }
                assert_eq!(
                    doc.matches(r#"data-last="true""#).count(),
                    usize::from(ply > 0)
                );
            }
        }
    }

    #[test]
    fn text_is_escaped_and_numbers_are_short() {
        assert_eq!(
            escape(r#"a<b & "c" 'd'>"#),
            "a&lt;b &amp; &quot;c&quot; &#39;d&#39;&gt;"
        );
        assert_eq!(num(1.0), "1");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(1.23456), "1.235");
        assert_eq!(num(-2.5), "-2.5");
        assert_eq!(num(-0.05), "-0.05");
        assert_eq!(num(10.0405), "10.041");
        assert_eq!(num(1e300), "0");
        assert_eq!(num(f64::NAN), "0");
        // Every length of whole part and of fraction, as `{}` would write them.
        for (v, text) in [
            (0.0, "0"),
            (0.5, "0.5"),
            (0.001, "0.001"),
            (0.01, "0.01"),
            (0.105, "0.105"),
            (100.0, "100"),
            (1234.5, "1234.5"),
            (-1000.01, "-1000.01"),
            (9.9996, "10"),
            (-9.9996, "-10"),
        ] {
            assert_eq!(num(v), text, "{v}");
        }
        for milli in (-20_000_i64..20_000).step_by(7) {
            let v = milli as f64 / 1000.0;
            let text = num(v);
            assert_eq!(text.parse::<f64>().ok(), Some(v), "{v}");
            assert!(!(text.contains('.') && text.ends_with('0')), "{text}");
        }
        assert!(balanced("<a><b></a></b>").is_err());
        assert!(balanced(r#"<a x="1><b/></a>"#).is_err());
    }

    #[test]
    fn empty_board_draws_a_placeholder_cell() {
        let r = replay("Base;NotStarted;White[1]");
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let doc = scene_svg(&r.scene(0, &layout, None), &layout);
        balanced(&doc).unwrap();
        assert!(doc.contains("hex empty") && !doc.contains("data-piece"));
    }

    #[test]
    fn destinations_are_focusable_buttons_naming_their_moves() {
        let r = replay("Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1");
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let dests = vec![
            Destination::new(&layout, Hex::new(1, 0), "wA1 -bQ".into(), false),
            Destination::new(&layout, Hex::ORIGIN, "wB1 wS1".into(), true),
        ];
        assert_eq!(destination_at(&dests, Hex::ORIGIN), Some(1));
        assert_eq!(destination_at(&dests, Hex::new(5, 5)), None);
        let doc = destinations_markup(&dests, &layout);
        balanced(&doc).unwrap();
        assert_eq!(doc.matches(r#"class="destination""#).count(), 2);
        assert!(doc.contains(
            r#"data-destination="0" data-move="wA1 -bQ" tabindex="0" role="button" aria-label="Play wA1 -bQ""#
        ));
        assert!(doc.contains(r#"data-destination="1" data-move="wB1 wS1""#));
        // Centred on their cells.
        let c = layout.center(Hex::new(1, 0));
        assert!(doc.contains(&format!(r#"cx="{}" cy="{}""#, num(c.x), num(c.y))));
        // Moves are escaped (the standard notation writes backslashes, never quotes, but
        // markup must hold whatever it is given).
        let odd = Destination::new(&layout, Hex::ORIGIN, r#"wA1 \"x"#.into(), false);
        let m = destination_markup(3, &odd, &layout);
        balanced(&m).unwrap();
        assert!(m.contains(r#"data-move="wA1 \&quot;x""#));
        let over = drop_target_markup(1, &dests[1], &layout);
        balanced(&over).unwrap();
        assert!(over.contains(r#"data-over="1""#) && over.contains(r#"pointer-events="none""#));
    }

    #[test]
    fn a_piece_alone_is_drawn_as_on_the_board() {
        let layout = Layout::new(
            crate::notation::frame::Frame::EMPTY,
            Orientation::NoonUp,
            TileShape::Pointy,
        );
        let id = PieceId::of_kind(Color::Black, Bug::Ant).next().unwrap();
        let m = piece_markup(id, &layout);
        balanced(&m).unwrap();
        assert!(m.contains(&glyph_markup(id, Point { x: 0.0, y: 0.0 }, GLYPH_SIZE)));
        assert!(m.contains(&hexagon(&layout, Point { x: 0.0, y: 0.0 }, TILE_SIZE)));
        assert!(m.contains(art::palette(Color::Black).tile));
    }
}
