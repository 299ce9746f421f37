//! Drawings kept in a move's comment (`[%cal]` arrows, `[%csl]` marked cells): read from
//! PGN, malformed ones left out with a notice, written back, and carried by permalinks.

use beeline::engine::hex::Hex;
use beeline::record::drawing::{Colour, Drawing, Shape};
use beeline::record::export::to_pgn;
use beeline::record::{import, permalink, Format};

const GAME: &str = "[GameType \"Base\"]\n[White \"Ann\"]\n\n\
    1. wS1 {[%csl Gm0]}\n\
    2. bS1 -wS1 {the Ant next [%cal Gm0n1,Xm0n1,Rk0k2] [%csl Ym0,Bq]}\n\
    3. wQ wS1/ {[%cal Bm0m1}\n";

#[test]
fn pgn_commands_are_read_and_malformed_ones_ignored_with_a_notice() {
    let rec = import(GAME, Some(Format::Pgn)).unwrap();
    assert_eq!(rec.moves.len(), 3, "{:?}", rec.error);
    let main = rec.tree.mainline_nodes();
    // Every well-formed item kept, in one spelling, after the words.
    assert_eq!(rec.tree.comment(main[0]), Some("[%csl Gm0]"));
    assert_eq!(
        rec.tree.comment(main[1]),
        Some("the Ant next [%cal Gm0n1,Rk0k2] [%csl Ym0]")
    );
    // An unclosed command keeps what it holds.
    assert_eq!(rec.tree.comment(main[2]), Some("[%cal Bm0m1]"));
    // The words alone are what a reader shows.
    assert_eq!(rec.tree.comment_words(main[0]), None);
    assert_eq!(
        rec.tree.comment_words(main[1]).as_deref(),
        Some("the Ant next")
    );
    let d = Drawing::read(rec.tree.comment(main[1]).unwrap()).drawing;
    assert_eq!(
        d.shapes,
        vec![
            Shape {
                from: Hex::new(0, 0),
                to: Hex::new(1, 1),
                colour: Colour::Green
            },
            Shape {
                from: Hex::new(-2, 0),
                to: Hex::new(-2, 2),
                colour: Colour::Red
            },
            Shape {
                from: Hex::new(0, 0),
                to: Hex::new(0, 0),
                colour: Colour::Yellow
            },
        ]
    );
    // One notice for each left out, naming it and its line.
    let about = |what: &str| rec.notices.iter().filter(|n| n.contains(what)).count();
    assert_eq!(about("'Xm0n1' is not an arrow"), 1, "{:?}", rec.notices);
    assert_eq!(about("'Bq' is not a marked cell"), 1, "{:?}", rec.notices);
    assert_eq!(about("not closed"), 1, "{:?}", rec.notices);
    assert!(
        rec.notices.iter().any(|n| n.starts_with("line 5: 'Xm0n1'")),
        "{:?}",
        rec.notices
    );
}

#[test]
fn pgn_and_links_keep_drawings() {
    let rec = import(GAME, Some(Format::Pgn)).unwrap();
    let text = to_pgn(&rec);
    assert!(
        text.contains("{the Ant next [%cal Gm0n1,Rk0k2] [%csl Ym0]}"),
        "{text}"
    );
    let back = import(&text, Some(Format::Pgn)).unwrap();
    assert_eq!(back.tree, rec.tree);
    assert!(back.notices.is_empty(), "{:?}", back.notices);
    let link = permalink::encode_ply(&rec, 2);
    let (decoded, node) = permalink::decode(&link).unwrap();
    assert_eq!(decoded.tree, rec.tree);
    assert_eq!(
        decoded.tree.comment(node),
        Some("the Ant next [%cal Gm0n1,Rk0k2] [%csl Ym0]")
    );
}

#[test]
fn a_clock_is_kept_after_the_words_and_not_shown_with_them() {
    let text = "[GameType \"Base\"]\n\n1. wS1 {a [%clk 0:05:00] note [%calx]}\n2. bS1 -wS1\n";
    let rec = import(text, Some(Format::Pgn)).unwrap();
    let first = rec.tree.mainline_nodes()[0];
    assert_eq!(
        rec.tree.comment(first),
        Some("a note [%calx] [%clk 0:05:00]")
    );
    // Another command stays words, as before.
    assert_eq!(
        rec.tree.comment_words(first).as_deref(),
        Some("a note [%calx]")
    );
    assert!(rec.notices.is_empty());
}

#[test]
fn comments_joined_keep_their_words_first() {
    // Two comments on one move: the words of both, then the drawing of both.
    let text = "[GameType \"Base\"]\n\n1. wS1 {a [%cal Gm0n1]} {b [%csl Rm0]}\n2. bS1 -wS1\n";
    let rec = import(text, Some(Format::Pgn)).unwrap();
    let first = rec.tree.mainline_nodes()[0];
    assert_eq!(rec.tree.comment(first), Some("a b [%cal Gm0n1] [%csl Rm0]"));
    assert_eq!(rec.tree.comment_words(first).as_deref(), Some("a b"));
}
