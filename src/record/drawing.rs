//! Drawings on the board: the arrows and marked cells a player draws on a move of a study.
//!
//! A node's drawing lives in its comment, as chess PGN tools keep one: `[%cal Gm0n1,Rk0k2]`
//! lists arrows (colour, then the cells from and to) and `[%csl Ym0]` marked cells, each cell
//! named as the algebraic notation names it, in the canonical frame as it stands after the
//! node's move. So every place a comment goes (the PGN, the permalink, the embed, undo) keeps
//! the drawing with no format of its own, and a board turned or drawn with other tiles shows
//! it on the same cells. What a reader shows of a comment is its [`prose`]: the words
//! without the commands.
//!
//! ```
//! use beeline::engine::hex::Hex;
//! use beeline::record::drawing::{self, Colour, Drawing, Shape};
//! let read = Drawing::read("Ant first [%cal Gm0n1,Rk0k2] [%csl Ym0]");
//! assert_eq!(read.prose, "Ant first");
//! assert!(read.problems.is_empty());
//! assert_eq!(read.drawing.shapes[1], Shape { from: Hex::new(-2, 0), to: Hex::new(-2, 2), colour: Colour::Red });
//! assert_eq!(read.drawing.comment("Ant first").as_deref(), Some("Ant first [%cal Gm0n1,Rk0k2] [%csl Ym0]"));
//! assert_eq!(drawing::prose("[%csl Ym0]"), None);
//! ```

use super::clock::{ClockCommand, MoveClock};
use super::push_words;
use crate::engine::hex::Hex;
use crate::notation::algebraic::{Column, Square};

/// Most shapes one move's drawing keeps (a link holds 1,000 bytes of comment anyway).
pub const MAX_SHAPES: usize = 120;

/// A drawing's colour, as chess players choose them: green plain, red with Shift, blue with
/// Ctrl or Alt, yellow with both.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    Green,
    Red,
    Blue,
    Yellow,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Green, Colour::Red, Colour::Blue, Colour::Yellow];

    /// The colour the keys held ask for.
    pub fn of_keys(shift: bool, ctrl_or_alt: bool) -> Colour {
        match (shift, ctrl_or_alt) {
            (false, false) => Colour::Green,
            (true, false) => Colour::Red,
            (false, true) => Colour::Blue,
            (true, true) => Colour::Yellow,
        }
    }

    /// Its letter in `[%cal]` and `[%csl]`.
    pub fn letter(self) -> char {
        match self {
            Colour::Green => 'G',
            Colour::Red => 'R',
            Colour::Blue => 'B',
            Colour::Yellow => 'Y',
        }
    }

    pub fn from_letter(c: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|k| k.letter() == c)
    }

    /// The colour after it, in the order of [`Colour::ALL`] (the toolbar's colour button on
    /// a touch screen, which has no keys to hold).
    pub fn next(self) -> Colour {
        match self {
            Colour::Green => Colour::Red,
            Colour::Red => Colour::Blue,
            Colour::Blue => Colour::Yellow,
            Colour::Yellow => Colour::Green,
        }
    }

    /// Its name (`data-colour` on the board).
    pub fn name(self) -> &'static str {
        match self {
            Colour::Green => "green",
            Colour::Red => "red",
            Colour::Blue => "blue",
            Colour::Yellow => "yellow",
        }
    }
}

/// An arrow from one cell to another, or a marked cell (`from == to`), in canonical
/// coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    pub from: Hex,
    pub to: Hex,
    pub colour: Colour,
}

impl Shape {
    pub fn is_mark(&self) -> bool {
        self.from == self.to
    }
}

/// The shapes drawn on one move, in the order they were drawn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drawing {
    pub shapes: Vec<Shape>,
}

/// A comment read: its drawing, its words, and what could not be read in its commands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Read {
    pub drawing: Drawing,
    /// The comment without its drawing (spaces around the commands joined into one): its
    /// words, then its clock commands (`[%clk …]`, `[%emt …]`) in one spelling, so that
    /// [`Drawing::comment`] of it keeps the clock. [`prose`] of it is the words alone.
    pub prose: String,
    /// One sentence per command or item that was left out.
    pub problems: Vec<String>,
}

/// A command of a comment: the drawing's two, and the clock's ([`super::clock`]), which is
/// kept with the words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CommentCommand {
    Arrows,
    Cells,
    Clock(ClockCommand),
}

/// Where the first command of `s` starts, and which it is; `[%calx` is another command.
/// (On the first screen: no string searcher.)
fn next_command(s: &str) -> Option<(usize, CommentCommand)> {
    let b = s.as_bytes();
    (0..b.len()).find_map(|i| {
        let w = &b[i..];
        if !w.starts_with(b"[%") {
            return None;
        }
        let command = if w.starts_with(b"[%cal") {
            CommentCommand::Arrows
        } else if w.starts_with(b"[%csl") {
            CommentCommand::Cells
        } else {
            return ClockCommand::at(w).map(|c| (i, CommentCommand::Clock(c)));
        };
        let ends = w
            .get(5)
            .is_none_or(|c| c.is_ascii_whitespace() || *c == b']');
        ends.then_some((i, command))
    })
}

/// Whether a comment holds a drawing command.
pub fn has_commands(comment: &str) -> bool {
    let mut rest = comment;
    while let Some((i, command)) = next_command(rest) {
        if !matches!(command, CommentCommand::Clock(_)) {
            return true;
        }
        rest = &rest[i + 5..];
    }
    false
}

/// The body of the command starting `s` (after its name) up to its `]`, and what follows it
/// (`None`: the command is not closed).
fn command_body(s: &str) -> (&str, Option<&str>) {
    let body = &s[5..];
    match body.bytes().position(|c| c == b']') {
        Some(end) => (&body[..end], Some(&body[end + 1..])),
        None => (body, None),
    }
}

/// The words of a comment, without its drawing and its clock; `None` when it has none. A
/// comment is kept as its words, then its commands ([`Drawing::comment`] writes it so, and
/// the readers of records [`tidy`] theirs), so the words are what comes before the first
/// command. (On the first screen: kept small.)
pub fn prose(comment: &str) -> Option<String> {
    let end = next_command(comment).map_or(comment.len(), |(i, _)| i);
    let words = comment[..end].trim();
    (!words.is_empty()).then(|| words.to_string())
}

/// A cell name (`m0`, `n-1`, `aa+2`) at the start of `s`, and the rest.
fn read_square(s: &str) -> Option<(Hex, &str)> {
    let letters = s.bytes().take_while(u8::is_ascii_lowercase).count();
    let column = Column::from_name(&s[..letters])?;
    let rest = &s[letters..];
    let sign = usize::from(rest.starts_with(['-', '+']));
    let digits = rest[sign..].bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 4 {
        return None;
    }
    let row: i32 = rest[..sign + digits].parse().ok()?;
    let square = Square { column, row };
    // The column of that name nearest to the first piece's: a hive spans far fewer than the
    // 52 columns the names go round.
    Some((square.hex_near(0), &rest[sign + digits..]))
}

/// One item of a command: `Gm0n1` (an arrow) or `Gm0` (a cell).
fn read_item(item: &str, arrow: bool) -> Option<Shape> {
    let mut chars = item.chars();
    let colour = Colour::from_letter(chars.next()?)?;
    let (from, rest) = read_square(chars.as_str())?;
    let (to, rest) = if arrow {
        read_square(rest)?
    } else {
        (from, rest)
    };
    (rest.is_empty() && (from != to || !arrow)).then_some(Shape { from, to, colour })
}

impl Drawing {
    /// Reads a comment's commands: every well-formed item is kept (a later shape on the same
    /// cells replaces an earlier one), and each one that is not is named in `problems`.
    pub fn read(comment: &str) -> Read {
        let mut read = Read::default();
        let mut clock = MoveClock::default();
        let mut rest = comment;
        while let Some((i, command)) = next_command(rest) {
            push_words(&mut read.prose, &rest[..i]);
            let (items, after) = command_body(&rest[i..]);
            if after.is_none() {
                read.problems
                    .push(format!("'{}' is not closed by ']'", rest[i..].trim_end()));
            }
            rest = after.unwrap_or("");
            let arrows = match command {
                CommentCommand::Arrows => true,
                CommentCommand::Cells => false,
                CommentCommand::Clock(c) => {
                    // A clock that is not a time is left out with a notice (one for an
                    // unclosed command).
                    match c.read(items) {
                        Ok(t) => clock.set(c, t),
                        Err(p) if after.is_some() => read.problems.push(p),
                        Err(_) => {}
                    }
                    continue;
                }
            };
            for item in items.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                match read_item(item, arrows) {
                    Some(shape) => read.drawing.put(shape),
                    None => read.problems.push(if arrows {
                        format!("'{item}' is not an arrow (a colour G, R, B or Y, then two different cells such as m0n-1)")
                    } else {
                        format!("'{item}' is not a marked cell (a colour G, R, B or Y, then a cell such as m0)")
                    }),
                }
            }
        }
        push_words(&mut read.prose, rest);
        push_words(&mut read.prose, &clock.commands());
        read
    }

    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
    }

    /// Adds a shape, replacing one on the same cells.
    fn put(&mut self, shape: Shape) {
        self.shapes
            .retain(|s| (s.from, s.to) != (shape.from, shape.to));
        if self.shapes.len() < MAX_SHAPES {
            self.shapes.push(shape);
        }
    }

    /// Draws a shape as a player does: the same shape again removes it, the same cells in
    /// another colour recolour it, anything else is added.
    pub fn toggle(&mut self, shape: Shape) {
        if self.shapes.contains(&shape) {
            self.shapes.retain(|s| *s != shape);
        } else {
            self.put(shape);
        }
    }

    /// The comment holding `prose` and this drawing: the words, then `[%cal …]` and
    /// `[%csl …]` (`None` when both are empty).
    pub fn comment(&self, prose: &str) -> Option<String> {
        let mut out = prose.trim().to_string();
        for (name, arrows) in [("[%cal", true), ("[%csl", false)] {
            let items: Vec<String> = self
                .shapes
                .iter()
                .filter(|s| s.is_mark() != arrows)
                .map(|s| {
                    let mut item = format!("{}{}", s.colour.letter(), Square::of(s.from));
                    if arrows {
                        item.push_str(&Square::of(s.to).to_string());
                    }
                    item
                })
                .collect();
            if !items.is_empty() {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push_str(name);
                out.push(' ');
                out.push_str(&items.join(","));
                out.push(']');
            }
        }
        (!out.is_empty()).then_some(out)
    }
}

/// A comment as a record should keep it: its words and the well-formed part of its drawing,
/// written in one spelling, with a sentence for each command or item left out.
pub fn tidy(comment: &str) -> (Option<String>, Vec<String>) {
    if next_command(comment).is_none() {
        let c = comment.trim();
        return ((!c.is_empty()).then(|| c.to_string()), Vec::new());
    }
    let read = Drawing::read(comment);
    (read.drawing.comment(&read.prose), read.problems)
}

/// A comment with new words and the commands it had (its drawing, its clock), as [`tidy`]
/// keeps it; commands among the words are read too. `None` when nothing is left.
pub fn with_words(comment: Option<&str>, words: &str) -> Option<String> {
    let read = Drawing::read(comment.unwrap_or_default());
    let clock = MoveClock::of(&read.prose).commands();
    let commands = read.drawing.comment(&clock).unwrap_or_default();
    tidy(&format!("{words} {commands}")).0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn arrow(from: (i32, i32), to: (i32, i32), colour: Colour) -> Shape {
        Shape {
            from: Hex::new(from.0, from.1),
            to: Hex::new(to.0, to.1),
            colour,
        }
    }

    #[test]
    fn commands_are_read_with_the_algebraic_names() {
        let r = Drawing::read("[%cal Gm0n1, Bm-1aa+2] a line [%csl Rl0,Yzz3] ends");
        assert_eq!(r.prose, "a line ends");
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(
            r.drawing.shapes,
            vec![
                arrow((0, 0), (1, 1), Colour::Green),
                arrow((0, -1), (14, 2), Colour::Blue),
                arrow((-1, 0), (-1, 0), Colour::Red),
                arrow((-13, 3), (-13, 3), Colour::Yellow),
            ]
        );
        // Written back in one spelling, arrows then marks, after the words.
        assert_eq!(
            r.drawing.comment(&r.prose).as_deref(),
            Some("a line ends [%cal Gm0n1,Bm-1aa2] [%csl Rl0,Yzz3]")
        );
    }

    #[test]
    fn malformed_items_are_left_out_with_a_notice() {
        let r = Drawing::read("[%cal Gm0n1,Xm0n1,Gm0m0,Gq9,Rk0k2] [%csl G,Bm0] [%csl Rn1");
        assert_eq!(
            r.drawing.shapes,
            vec![
                arrow((0, 0), (1, 1), Colour::Green),
                arrow((-2, 0), (-2, 2), Colour::Red),
                arrow((0, 0), (0, 0), Colour::Blue),
                arrow((1, 1), (1, 1), Colour::Red),
            ]
        );
        assert_eq!(r.problems.len(), 5, "{:?}", r.problems);
        assert!(r.problems[0].contains("'Xm0n1' is not an arrow"));
        assert!(r.problems[3].contains("'G' is not a marked cell"));
        assert!(r.problems[4].contains("not closed"));
        // Another command is words; a clock is not.
        assert_eq!(
            prose("[%calx] ok [%clk 0:01:00]").as_deref(),
            Some("[%calx] ok")
        );
        let r = Drawing::read("[%clk 0:01:00] [%calx] ok [%emt 1:2] [%clk 0:00:59.5");
        assert_eq!(r.prose, "[%calx] ok [%clk 0:00:59.5]");
        assert_eq!(r.problems.len(), 2, "{:?}", r.problems);
        assert!(r.problems[0].contains("'[%emt 1:2]' is not a clock time"));
        assert!(r.problems[1].contains("not closed"));
    }

    #[test]
    fn drawing_the_same_again_removes_it_and_another_colour_recolours() {
        let mut d = Drawing::default();
        let g = arrow((0, 0), (1, 0), Colour::Green);
        d.toggle(g);
        d.toggle(arrow((0, 0), (0, 0), Colour::Green));
        assert_eq!(d.shapes.len(), 2);
        let r = Shape {
            colour: Colour::Red,
            ..g
        };
        d.toggle(r);
        assert_eq!(d.shapes, vec![arrow((0, 0), (0, 0), Colour::Green), r]);
        d.toggle(r);
        assert_eq!(d.shapes, vec![arrow((0, 0), (0, 0), Colour::Green)]);
        // The reverse arrow is another arrow.
        d.toggle(arrow((1, 0), (0, 0), Colour::Green));
        assert_eq!(d.shapes.len(), 2);
    }

    #[test]
    fn prose_and_tidy() {
        assert_eq!(prose("plain words").as_deref(), Some("plain words"));
        assert_eq!(prose(" [%cal Gm0n1] "), None);
        assert_eq!(prose("a [%csl Gm0] [%cal Gm0n1]").as_deref(), Some("a"));
        // Kept in one spelling, words first, so that `prose` finds them.
        assert_eq!(tidy("a [%csl Gm0] b").0.as_deref(), Some("a b [%csl Gm0]"));
        assert_eq!(
            tidy("keep [%cal Gm0n1,junk]"),
            (
                Some("keep [%cal Gm0n1]".to_string()),
                vec!["'junk' is not an arrow (a colour G, R, B or Y, then two different cells such as m0n-1)".to_string()]
            )
        );
        assert_eq!(tidy("[%csl bad]").0, None);
        // The clock is kept after the words, before the drawing; the words shown leave it out.
        let t = tidy("[%cal Gm0n1] [%emt 0:00:07.50] a [%clk 0:04:53.0] b").0;
        assert_eq!(
            t.as_deref(),
            Some("a b [%clk 0:04:53] [%emt 0:00:07.5] [%cal Gm0n1]")
        );
        assert_eq!(
            prose(t.as_deref().unwrap_or_default()).as_deref(),
            Some("a b")
        );
        assert!(has_commands("a [%clk 0:01:00] [%cal Gm0n1]"));
        assert!(!has_commands("a [%clk 0:01:00] [%emt 0:00:01]"));
        assert_eq!(
            tidy("[%clk 0:01:00] [%emt 0:00:02]").0.as_deref(),
            Some("[%clk 0:01:00] [%emt 0:00:02]")
        );
        // New words keep the drawing and the clock.
        assert_eq!(
            with_words(t.as_deref(), "c").as_deref(),
            Some("c [%clk 0:04:53] [%emt 0:00:07.5] [%cal Gm0n1]")
        );
        assert_eq!(with_words(None, " "), None);
        assert_eq!(
            with_words(Some("[%clk 0:01:00]"), "").as_deref(),
            Some("[%clk 0:01:00]")
        );
        assert_eq!(tidy("  untouched  ").0.as_deref(), Some("untouched"));
        assert_eq!(Colour::of_keys(true, true), Colour::Yellow);
        assert_eq!(Colour::of_keys(false, true), Colour::Blue);
    }
}
