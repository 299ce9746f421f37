//! The bug artwork: one flat, top-down glyph per kind, drawn for Beeline as SVG path data.
//!
//! A glyph lives in a 100×100 box centred on the origin (head up, y down) and is made of
//! parts painted in the bug's colour, in the tile's colour (stripes, wing panes), or in ink
//! (the Ladybug's spots). Colours follow common sets: gold Queen, purple Beetle, green
//! Grasshopper, brown Spider, blue Ant, grey Mosquito, red Ladybug, teal Pillbug.
//!
//! ```
//! use beeline::engine::piece::{Bug, Color};
//! use beeline::view::art::{glyph, palette};
//! assert!(!glyph(Bug::Queen).is_empty());
//! // Black tiles are dark and carry lighter bugs than white tiles.
//! assert_ne!(palette(Color::White).tile, palette(Color::Black).tile);
//! assert_ne!(palette(Color::White).bug(Bug::Ant), palette(Color::Black).bug(Bug::Ant));
//! ```

use crate::engine::piece::{Bug, Color};

/// How a part of a glyph is painted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// Filled with the bug's colour.
    Body,
    /// Stroked in the bug's colour, this wide (legs, antennae).
    Line(u8),
    /// Filled with a wash of the bug's colour and outlined in it (wings).
    Pane,
    /// Stroked in the tile's colour, this wide (stripes, seams drawn over the body).
    Cut(u8),
    /// Filled with ink (spots).
    Ink,
}

/// One path of a glyph.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part {
    pub d: &'static str,
    pub paint: Paint,
}

const fn part(d: &'static str, paint: Paint) -> Part {
    Part { d, paint }
}

/// Size of the glyph box (centred on the origin).
pub const GLYPH_BOX: f64 = 100.0;

/// The colours of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Palette {
    pub tile: &'static str,
    pub edge: &'static str,
    /// Text drawn on the tile (piece number).
    pub text: &'static str,
    bugs: [&'static str; 8],
}

impl Palette {
    /// The colour of a bug on this side's tiles.
    pub fn bug(&self, bug: Bug) -> &'static str {
        self.bugs[bug_index(bug)]
    }
}

/// Ivory tiles with saturated bugs, charcoal tiles with light bugs.
pub fn palette(color: Color) -> &'static Palette {
    match color {
        Color::White => &WHITE,
        Color::Black => &BLACK,
    }
}

/// The ink of spots and outlines.
pub const INK: &str = "#1c1a17";

const WHITE: Palette = Palette {
    tile: "#f6efdc",
    edge: "#a89a78",
    text: "#4a4234",
    // Queen, Beetle, Grasshopper, Spider, Ant, Mosquito, Ladybug, Pillbug
    bugs: [
        "#d49a12", "#7a48a6", "#3b9436", "#8f5228", "#2a67b8", "#6f757d", "#d02d2a", "#1f8f8c",
    ],
};

const BLACK: Palette = Palette {
    tile: "#2e2b28",
    edge: "#0d0c0b",
    text: "#d8d0bf",
    bugs: [
        "#f4c443", "#bb92e6", "#80d46c", "#d9985e", "#72aef4", "#c9ced5", "#f4645d", "#5fcfc8",
    ],
};

fn bug_index(bug: Bug) -> usize {
    match bug {
        Bug::Queen => 0,
        Bug::Beetle => 1,
        Bug::Grasshopper => 2,
        Bug::Spider => 3,
        Bug::Ant => 4,
        Bug::Mosquito => 5,
        Bug::Ladybug => 6,
        Bug::Pillbug => 7,
    }
}

/// The glyph of a bug, parts in painting order.
pub fn glyph(bug: Bug) -> &'static [Part] {
    match bug {
        Bug::Queen => QUEEN,
        Bug::Beetle => BEETLE,
        Bug::Grasshopper => GRASSHOPPER,
        Bug::Spider => SPIDER,
        Bug::Ant => ANT,
        Bug::Mosquito => MOSQUITO,
        Bug::Ladybug => LADYBUG,
        Bug::Pillbug => PILLBUG,
    }
}

/// A bee: striped abdomen, two wings spread forward.
const QUEEN: &[Part] = &[
    part(
        "M-4,-12 A16,7 26.6 1 0 -32,-30 A16,7 26.6 1 0 -4,-12 Z \
         M4,-12 A16,7 -26.6 1 1 32,-30 A16,7 -26.6 1 1 4,-12 Z",
        Paint::Pane,
    ),
    part(
        "M0,-40 a8,8 0 1 0 0.01,0 Z \
         M0,-26 a10,9 0 1 0 0.01,0 Z \
         M0,-9 C12,-9 15,6 14,16 C13,30 6,40 0,44 C-6,40 -13,30 -14,16 C-15,6 -12,-9 0,-9 Z",
        Paint::Body,
    ),
    part("M-14,6 H14 M-14,18 H14 M-11,30 H11", Paint::Cut(4)),
    part("M-3,-39 L-10,-47 M3,-39 L10,-47", Paint::Line(3)),
];

/// A beetle: a broad shell split down the middle, short legs, mandibles.
const BEETLE: &[Part] = &[
    part(
        "M-18,-6 L-30,-16 M-20,8 L-33,8 M-18,22 L-30,34 \
         M18,-6 L30,-16 M20,8 L33,8 M18,22 L30,34 \
         M-6,-32 L-10,-44 M6,-32 L10,-44",
        Paint::Line(4),
    ),
    part(
        "M-11,-30 a11,8 0 1 0 22,0 a11,8 0 1 0 -22,0 Z \
         M0,-22 C18,-22 25,-8 25,10 C25,30 13,42 0,42 C-13,42 -25,30 -25,10 C-25,-8 -18,-22 0,-22 Z",
        Paint::Body,
    ),
    part("M0,-20 V41 M-25,-6 H25", Paint::Cut(3)),
];

/// A grasshopper: a long body with big bent hind legs and long antennae.
const GRASSHOPPER: &[Part] = &[
    part(
        "M-6,6 L-20,-12 L-14,40 M6,6 L20,-12 L14,40 \
         M-5,-12 L-16,-20 M5,-12 L16,-20 \
         M-3,-38 C-8,-48 -16,-50 -22,-48 M3,-38 C8,-48 16,-50 22,-48",
        Paint::Line(4),
    ),
    part(
        "M0,-42 a8,8 0 1 0 0.01,0 Z \
         M0,-26 C9,-26 10,-10 9,6 C8,24 5,38 0,46 C-5,38 -8,24 -9,6 C-10,-10 -9,-26 0,-26 Z",
        Paint::Body,
    ),
    part("M-9,-6 H9", Paint::Cut(3)),
];

/// A spider: two round body parts and eight bent legs.
const SPIDER: &[Part] = &[
    part(
        "M-8,-16 L-26,-32 L-32,-44 M-9,-11 L-30,-16 L-42,-24 \
         M-9,-7 L-30,-2 L-42,8 M-8,-3 L-24,14 L-30,30 \
         M8,-16 L26,-32 L32,-44 M9,-11 L30,-16 L42,-24 \
         M9,-7 L30,-2 L42,8 M8,-3 L24,14 L30,30",
        Paint::Line(4),
    ),
    part(
        "M-12,-10 a12,12 0 1 0 24,0 a12,12 0 1 0 -24,0 Z \
         M-17,18 a17,19 0 1 0 34,0 a17,19 0 1 0 -34,0 Z",
        Paint::Body,
    ),
];

/// An ant: head, thorax and abdomen in a line, six legs, bent antennae.
const ANT: &[Part] = &[
    part(
        "M-4,-14 L-20,-26 L-26,-36 M-5,-10 L-24,-8 L-34,-14 M-4,-6 L-18,10 L-26,24 \
         M4,-14 L20,-26 L26,-36 M5,-10 L24,-8 L34,-14 M4,-6 L18,10 L26,24 \
         M-4,-38 L-10,-46 L-18,-46 M4,-38 L10,-46 L18,-46",
        Paint::Line(4),
    ),
    part(
        "M-9,-32 a9,9 0 1 0 18,0 a9,9 0 1 0 -18,0 Z \
         M-7,-10 a7,10 0 1 0 14,0 a7,10 0 1 0 -14,0 Z \
         M-13,20 a13,17 0 1 0 26,0 a13,17 0 1 0 -26,0 Z",
        Paint::Body,
    ),
];

/// A mosquito: a slim body, a long proboscis, narrow wings, long thin legs.
const MOSQUITO: &[Part] = &[
    part(
        "M-3,-6 A24,5 -50 1 0 -24,28 A24,5 -50 1 0 -3,-6 Z \
         M3,-6 A24,5 50 1 1 24,28 A24,5 50 1 1 3,-6 Z",
        Paint::Pane,
    ),
    part(
        "M0,-26 V-48 \
         M-4,-12 L-22,-30 L-30,-44 M-4,-8 L-30,-10 L-44,-2 M-4,-4 L-22,18 L-26,44 \
         M4,-12 L22,-30 L30,-44 M4,-8 L30,-10 L44,-2 M4,-4 L22,18 L26,44",
        Paint::Line(3),
    ),
    part(
        "M-7,-26 a7,7 0 1 0 14,0 a7,7 0 1 0 -14,0 Z \
         M0,-18 C7,-18 8,-4 7,10 C6,26 3,36 0,42 C-3,36 -6,26 -7,10 C-8,-4 -7,-18 0,-18 Z",
        Paint::Body,
    ),
];

/// A ladybug: a round shell with a seam and black spots, a small head.
const LADYBUG: &[Part] = &[
    part(
        "M-18,-16 L-30,-24 M-24,4 L-36,4 M-18,24 L-30,34 \
         M18,-16 L30,-24 M24,4 L36,4 M18,24 L30,34",
        Paint::Line(4),
    ),
    part(
        "M-12,-26 a12,9 0 1 0 24,0 a12,9 0 1 0 -24,0 Z \
         M-27,8 a27,28 0 1 0 54,0 a27,28 0 1 0 -54,0 Z",
        Paint::Body,
    ),
    part("M0,-20 V36", Paint::Cut(3)),
    part(
        "M-19,-2 a6,6 0 1 0 12,0 a6,6 0 1 0 -12,0 Z \
         M7,-2 a6,6 0 1 0 12,0 a6,6 0 1 0 -12,0 Z \
         M-20,18 a5,5 0 1 0 10,0 a5,5 0 1 0 -10,0 Z \
         M10,18 a5,5 0 1 0 10,0 a5,5 0 1 0 -10,0 Z \
         M-10,-18 a4,4 0 1 0 8,0 a4,4 0 1 0 -8,0 Z \
         M2,-18 a4,4 0 1 0 8,0 a4,4 0 1 0 -8,0 Z",
        Paint::Ink,
    ),
];

/// A pillbug (woodlouse): an oval of overlapping plates, short antennae and many legs.
const PILLBUG: &[Part] = &[
    part(
        "M-18,-16 L-28,-20 M-20,-4 L-31,-6 M-20,8 L-31,8 M-19,20 L-30,22 \
         M18,-16 L28,-20 M20,-4 L31,-6 M20,8 L31,8 M19,20 L30,22 \
         M-6,-38 L-14,-48 M6,-38 L14,-48",
        Paint::Line(3),
    ),
    part(
        "M0,-40 C16,-40 22,-22 22,2 C22,26 14,42 0,42 C-14,42 -22,26 -22,2 C-22,-22 -16,-40 0,-40 Z",
        Paint::Body,
    ),
    part(
        "M-20,-20 Q0,-12 20,-20 M-22,-6 Q0,2 22,-6 M-22,8 Q0,16 22,8 M-21,22 Q0,30 21,22",
        Paint::Cut(3),
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Parameters each path command takes.
    fn arity(cmd: char) -> Option<usize> {
        match cmd.to_ascii_uppercase() {
            'M' | 'L' | 'T' => Some(2),
            'H' | 'V' => Some(1),
            'C' => Some(6),
            'S' | 'Q' => Some(4),
            'A' => Some(7),
            'Z' => Some(0),
            _ => None,
        }
    }

    /// Checks path data: starts with a move, known commands, whole groups of numbers.
    /// Returns the number of commands and the absolute end point of every segment.
    fn parse(d: &str) -> Result<(usize, Vec<(f64, f64)>), String> {
        let mut groups: Vec<(char, Vec<f64>)> = Vec::new();
        let mut token = String::new();
        let flush =
            |token: &mut String, groups: &mut Vec<(char, Vec<f64>)>| -> Result<(), String> {
                if !token.is_empty() {
                    let v: f64 = token.parse().map_err(|_| format!("bad number {token:?}"))?;
                    groups
                        .last_mut()
                        .ok_or("number before any command")?
                        .1
                        .push(v);
                    token.clear();
                }
                Ok(())
            };
        for ch in d.chars() {
            if ch.is_ascii_alphabetic() {
                flush(&mut token, &mut groups)?;
                arity(ch).ok_or_else(|| format!("unknown command {ch}"))?;
                if groups.is_empty() && !ch.eq_ignore_ascii_case(&'M') {
                    return Err("path does not start with a move".into());
                }
                groups.push((ch, Vec::new()));
            } else if ch == ',' || ch.is_whitespace() {
                flush(&mut token, &mut groups)?;
            } else if ch == '-' && !token.is_empty() {
                flush(&mut token, &mut groups)?;
                token.push(ch);
            } else {
                token.push(ch);
            }
        }
        flush(&mut token, &mut groups)?;
        let (mut x, mut y, mut start) = (0.0, 0.0, (0.0, 0.0));
        let mut ends = Vec::new();
        for (c, args) in &groups {
            let n = arity(*c).unwrap_or(0);
            if (n == 0 && !args.is_empty()) || (n > 0 && (args.is_empty() || args.len() % n != 0)) {
                return Err(format!("{c} has {} numbers", args.len()));
            }
            let rel = c.is_ascii_lowercase();
            for a in args.chunks(n.max(1)) {
                let (ox, oy) = if rel { (x, y) } else { (0.0, 0.0) };
                match c.to_ascii_uppercase() {
                    'H' => x = ox + a[0],
                    'V' => y = oy + a[0],
                    'Z' => {}
                    _ => {
                        x = ox + a[n - 2];
                        y = oy + a[n - 1];
                    }
                }
                if c.eq_ignore_ascii_case(&'M') {
                    start = (x, y);
                }
                ends.push((x, y));
            }
            if c.eq_ignore_ascii_case(&'Z') {
                (x, y) = start;
            }
        }
        Ok((groups.len(), ends))
    }

    #[test]
    fn every_bug_has_a_glyph_of_valid_paths_in_its_box() {
        for bug in Bug::ALL {
            let parts = glyph(bug);
            assert!(
                parts.iter().any(|p| p.paint == Paint::Body),
                "{bug:?} has a body"
            );
            for p in parts {
                let (cmds, ends) = parse(p.d).unwrap_or_else(|e| panic!("{bug:?}: {e}: {}", p.d));
                assert!(cmds >= 2, "{bug:?}: {}", p.d);
                assert!(
                    ends.iter()
                        .all(|(x, y)| x.abs() <= GLYPH_BOX / 2.0 && y.abs() <= GLYPH_BOX / 2.0),
                    "{bug:?} leaves its box: {}",
                    p.d
                );
            }
        }
    }

    #[test]
    fn glyphs_differ_and_colours_tell_sides_and_kinds_apart() {
        for a in Bug::ALL {
            for b in Bug::ALL {
                if a != b {
                    assert_ne!(glyph(a), glyph(b), "{a:?} and {b:?}");
                    assert_ne!(palette(Color::White).bug(a), palette(Color::White).bug(b));
                }
            }
        }
        let (w, b) = (palette(Color::White), palette(Color::Black));
        assert_ne!(w.tile, b.tile);
        for bug in Bug::ALL {
            assert_ne!(w.bug(bug), w.tile);
            assert_ne!(b.bug(bug), b.tile);
        }
    }

    #[test]
    fn the_checker_rejects_broken_paths() {
        assert!(parse("M0,0 L1").is_err());
        assert!(parse("L0,0 L1,1").is_err());
        assert!(parse("M0,0 X1,1").is_err());
        assert!(parse("M0,0 L1,1 Z").is_ok());
        assert_eq!(
            parse("M-1-2 l3,4").unwrap().1,
            vec![(-1.0, -2.0), (2.0, 2.0)]
        );
        assert_eq!(
            parse("M1,1 H5 v2 Z m1,0").unwrap().1.last(),
            Some(&(2.0, 1.0))
        );
    }
}
