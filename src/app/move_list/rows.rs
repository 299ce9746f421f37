//! The notation table's rows as markup, free of the DOM: a move's row with its cells in the
//! three notations, its annotation and a review's judgement, and the comment under it.

use crate::app::model::game::NotatedGame;
use crate::notation::algebraic::Form;
use crate::notation::direction::Style;
use crate::search::game_review::Judgement;
use crate::view::svg::push_escaped;

/// One row of the table: a move, or the comment under one. Everything is text, written
/// once.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct PanelItem {
    /// The move's node index (`data-node`; none on comment rows).
    pub node: Option<String>,
    /// Main-line moves only.
    pub ply: Option<String>,
    pub path: Option<String>,
    pub variation: bool,
    pub comment_for: Option<String>,
    pub class: String,
    pub focusable: bool,
    /// The mover's time left after the move, as a clock shows it (`data-clock`), where the
    /// record has one (`[%clk]`).
    pub clock: Option<String>,
    pub cells: String,
}

/// The rows for a game, their direction and algebraic cells in the chosen style and form
/// (a review's judgements are set on the rows apart: [`mark_row`]).
pub(super) fn panel_items(g: &NotatedGame, style: Style, form: Form) -> Vec<PanelItem> {
    let tree = g.tree();
    let mut out = Vec::with_capacity(g.panel.len() + 8);
    for pr in g.panel.iter() {
        let Some(row) = g.row(pr.node) else { continue };
        let main = pr.depth == 0;
        let depth = pr.depth.min(4);
        let mark = tree.annotation(pr.node).map_or("", |a| a.symbol());
        let clock = tree.comment(pr.node).and_then(clock_of);
        let mut cells = row_markup(
            row.turn,
            row.player,
            [&row.standard, row.direction(style), row.algebraic(form)],
            mark,
        );
        if let Some(c) = &clock {
            // In the last cell, at its end: the time left beside the move.
            cells.truncate(cells.len() - "</td>".len());
            cells.push_str("<span class=\"clock\">");
            cells.push_str(c);
            cells.push_str("</span></td>");
        }
        let mut class = String::with_capacity(40);
        class.push_str(if main { "move" } else { "move variation" });
        class.push_str(if row.player == 1 {
            " player-1"
        } else {
            " player-2"
        });
        push_depth(&mut class, depth);
        out.push(PanelItem {
            node: Some(pr.node.index().to_string()),
            ply: main.then(|| row.ply.to_string()),
            path: Some(pr.path.clone()),
            variation: !main,
            comment_for: None,
            class,
            focusable: true,
            clock,
            cells,
        });
        if let Some(c) = tree.comment_words(pr.node) {
            let mut cells = String::with_capacity(c.len() + 24);
            cells.push_str("<td colspan=\"5\">");
            push_escaped(&mut cells, &c);
            cells.push_str("</td>");
            let mut class = String::from(if main { "comment" } else { "comment variation" });
            push_depth(&mut class, depth);
            out.push(PanelItem {
                node: None,
                ply: None,
                path: None,
                variation: false,
                comment_for: Some(pr.path.clone()),
                class,
                focusable: false,
                clock: None,
                cells,
            });
        }
    }
    out
}

/// The mover's time left that a move's comment gives (`[%clk 0:02:55.5]`, kept in one
/// spelling by the readers: `record::clock`), as a clock shows it (`2:55`): read as text, since
/// the clock's arithmetic would cost the first visit 1.7 KB.
fn clock_of(comment: &str) -> Option<String> {
    let at = comment.find("[%clk ")? + "[%clk ".len();
    let t = comment[at..].split(']').next()?.trim();
    let t = t.split('.').next()?;
    // No hours when there are none, and no leading zero of the minutes.
    let t = t.strip_prefix("0:").unwrap_or(t);
    let t = match t.strip_prefix('0') {
        Some(rest) if rest.len() == 4 => rest,
        _ => t,
    };
    (!t.is_empty()).then(|| t.to_string())
}

/// A variation row's class for its indent (one step per level; deeper levels share the
/// fourth's), which the style sheet turns into padding.
fn push_depth(class: &mut String, depth: usize) {
    const DEPTHS: [&str; 5] = ["", " depth-1", " depth-2", " depth-3", " depth-4"];
    class.push_str(DEPTHS[depth.min(4)]);
}

/// A row's markup, attributes and cells.
pub(super) fn item_markup(item: &PanelItem) -> String {
    let mut s = String::with_capacity(item.cells.len() + 120);
    s.push_str("<tr");
    let attrs = [
        (" data-node=\"", item.node.as_deref()),
        (" data-ply=\"", item.ply.as_deref()),
        (" data-path=\"", item.path.as_deref()),
        (" data-variation=\"", item.variation.then_some("true")),
        (" data-comment-for=\"", item.comment_for.as_deref()),
        (" data-clock=\"", item.clock.as_deref()),
        (" class=\"", Some(item.class.as_str())),
        (" tabindex=\"", item.focusable.then_some("0")),
    ];
    for (name, value) in attrs {
        if let Some(v) = value {
            s.push_str(name);
            push_escaped(&mut s, v);
            s.push('"');
        }
    }
    s.push('>');
    s.push_str(&item.cells);
    s.push_str("</tr>");
    s
}

/// Sets a review's judgement on a main-line row (`data-judgement` and its title), or takes
/// it away.
pub(super) fn mark_row(row: &web_sys::Element, judgement: Option<Judgement>) {
    match judgement {
        Some(j) => {
            let title = [j.name(), " (", j.mark().unwrap_or_default(), ")"].concat();
            let _ = row.set_attribute("data-judgement", j.name());
            let _ = row.set_attribute("title", &title);
        }
        None => {
            let _ = row.remove_attribute("data-judgement");
            let _ = row.remove_attribute("title");
        }
    }
}

/// The cells of a move's row: the turn, the player (a swatch drawn by the style sheet, and
/// words for screen readers), and the three notations, each with the move's annotation.
fn row_markup(turn: usize, player: u8, notations: [&str; 3], mark: &str) -> String {
    let mut s = String::with_capacity(200);
    s.push_str("<td class=\"turn\">");
    s.push_str(&turn.to_string());
    s.push_str(".</td><td class=\"player\"><span class=\"visually-hidden\">");
    s.push_str(if player == 1 {
        "player 1 (white)"
    } else {
        "player 2 (black)"
    });
    s.push_str("</span></td>");
    for (class, text) in ["standard", "direction", "algebraic"]
        .into_iter()
        .zip(notations)
    {
        s.push_str("<td class=\"");
        s.push_str(class);
        s.push_str("\">");
        if class == "algebraic" {
            // Its long forms wrap between words and before a bracket, but never at a
            // coordinate's hyphen (Chromium ends lines there: `n-` then `2`).
            for (i, word) in text.split(' ').enumerate() {
                if i > 0 {
                    s.push(' ');
                }
                for (j, part) in word.split('(').enumerate() {
                    if j > 0 {
                        s.push_str("<wbr>(");
                    }
                    let hyphen = part.contains('-');
                    if hyphen {
                        s.push_str("<span class=\"nb\">");
                    }
                    push_pieces(&mut s, part);
                    if hyphen {
                        s.push_str("</span>");
                    }
                }
            }
        } else if class == "standard" {
            push_pieces(&mut s, text);
        } else {
            push_escaped(&mut s, text);
        }
        push_escaped(&mut s, mark);
        s.push_str("</td>");
    }
    s
}

/// Writes a move in standard or algebraic notation, escaped, each piece's colour and bug
/// (`wA`, `bQ`) in a `<span class="fig" data-p="wA">` that the figurines option draws as the
/// board's icon (the text stays, so a copied row is still text).
fn push_pieces(s: &mut String, text: &str) {
    let b = text.as_bytes();
    let mut from = 0;
    let mut i = 0;
    while i + 1 < b.len() {
        let piece = matches!(b[i], b'w' | b'b')
            && b"QBGSAMLP".contains(&b[i + 1])
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric());
        if piece {
            push_escaped(s, &text[from..i]);
            let code = &text[i..i + 2];
            s.push_str("<span class=\"fig\" data-p=\"");
            s.push_str(code);
            s.push_str("\">");
            s.push_str(code);
            s.push_str("</span>");
            i += 2;
            from = i;
        } else {
            i += 1;
        }
    }
    push_escaped(s, &text[from..]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_algebraic_coordinate_is_kept_on_one_line_and_the_text_is_unchanged() {
        let row = row_markup(3, 2, ["bP wM/", "P+Ma", "bP q0 r-1 (wM r0)"], "?");
        let (bp, wm) = (
            r#"<span class="fig" data-p="bP">bP</span>"#,
            r#"<span class="fig" data-p="wM">wM</span>"#,
        );
        assert!(
            row.ends_with(&format!(
                r#"<td class="algebraic">{bp} q0 <span class="nb">r-1</span> <wbr>({wm} r0)?</td>"#
            )),
            "{row}"
        );
        // The compressed form may break before its bracket.
        let compressed = row_markup(3, 2, ["bP wM/", "P+Ma", "bPqr-1(wM)"], "");
        assert!(
            compressed.ends_with(&format!(
                r#"<td class="algebraic"><span class="nb">{bp}qr-1</span><wbr>({wm})</td>"#
            )),
            "{compressed}"
        );
        // The standard notation's pieces are marked too; the direction's are written as
        // they are.
        assert!(
            row.contains(&format!(r#"<td class="standard">{bp} {wm}/?</td>"#)),
            "{row}"
        );
        assert!(row.contains(r#"<td class="direction">P+Ma?</td>"#), "{row}");
        let plain = row_markup(1, 1, ["wA1", "A", "wA m0"], "");
        assert!(
            plain.ends_with(
                r#"<td class="algebraic"><span class="fig" data-p="wA">wA</span> m0</td>"#
            ),
            "{plain}"
        );
    }

    #[test]
    fn each_move_shows_the_time_left_its_record_gives() {
        let pgn = "[GameType \"Base\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n[Result \"0-1\"]\n[Termination \"Time forfeit\"]\n\n1. wS1 {[%clk 0:03:00]}\n2. bS1 wS1- {good [%clk 0:02:55]}\n3. wQ -wS1 {[%clk 0:00:00]}\n\n0-1\n";
        let g = crate::app::model::game::load_text(pgn).unwrap();
        let items = panel_items(&g, Style::Unicode, Form::Short);
        let clocks: Vec<_> = items
            .iter()
            .filter(|i| i.node.is_some())
            .map(|i| i.clock.as_deref())
            .collect();
        assert_eq!(clocks, [Some("3:00"), Some("2:55"), Some("0:00")]);
        let second = item_markup(&items[1]);
        assert!(second.contains(r#" data-clock="2:55""#), "{second}");
        assert!(
            second.contains(r#"<span class="clock">2:55</span></td></tr>"#),
            "{second}"
        );
        // The comment shows its words only.
        assert!(items[2].cells.contains(">good<"), "{:?}", items[2]);
        // A game with no clocks has none.
        let plain =
            crate::app::model::game::load_text("Base;InProgress;White[2];wS1;bS1 wS1-").unwrap();
        assert!(panel_items(&plain, Style::Unicode, Form::Short)
            .iter()
            .all(|i| i.clock.is_none()));
        for (comment, shown) in [
            ("[%clk 1:02:03]", Some("1:02:03")),
            ("a [%clk 0:10:00.25] [%emt 0:00:03]", Some("10:00")),
            ("[%clk 0:00:00]", Some("0:00")),
            ("[%clk 12:05]", Some("12:05")),
            ("[%emt 0:00:03]", None),
            ("[%clk ]", None),
        ] {
            assert_eq!(clock_of(comment).as_deref(), shown, "{comment}");
        }
    }

    #[test]
    fn pieces_are_marked_only_where_a_piece_is_named() {
        let marked = |t: &str| {
            let mut s = String::new();
            push_pieces(&mut s, t);
            s
        };
        assert_eq!(
            marked(r"wB1 \bQ"),
            r#"<span class="fig" data-p="wB">wB</span>1 \<span class="fig" data-p="bQ">bQ</span>"#
        );
        assert_eq!(marked("-bQ"), r#"-<span class="fig" data-p="bQ">bQ</span>"#);
        // A column letter, a word or a lone letter is no piece.
        assert_eq!(marked("b2 web wX b"), "b2 web wX b");
        assert_eq!(
            marked("<wA>"),
            r#"&lt;<span class="fig" data-p="wA">wA</span>&gt;"#
        );
    }
}
