//! Markup patches: when a layer's new markup has the same elements as its old (the same
//! tags, in the same order, with the same attributes and words) and differs only in
//! attribute values, the layer's elements are kept and those values set, instead of the
//! browser parsing the markup and styling new elements. A step's arrow and the cell the last
//! piece left change so: their shapes move, their structure stays.
//!
//! Reads only the markup the app writes ([`crate::view::svg`]): elements, attributes quoted
//! with `"`, text; no comments, no `>` inside a value.

/// One element's attribute to set: the element's index in document order among the layer's
/// elements, the attribute's name and its new value.
#[derive(Debug, PartialEq)]
pub struct Change<'a> {
    pub element: usize,
    pub name: &'a str,
    pub value: &'a str,
}

#[derive(PartialEq)]
enum Token<'a> {
    /// An element's start (or a whole empty element): its name and attributes.
    Open(&'a str, Vec<(&'a str, &'a str)>),
    Close,
    Text(&'a str),
}

/// The attribute changes that turn the elements `old` made into those `new` would make, or
/// `None` when the two differ in more than attribute values (or in a value the patch cannot
/// set as written, one with an entity) and the markup must be written.
pub fn changes<'a>(old: &str, new: &'a str) -> Option<Vec<Change<'a>>> {
    let (a, b) = (tokens(old)?, tokens(new)?);
    if a.len() != b.len() {
        return None;
    }
    let mut out = Vec::new();
    let mut element = 0;
    for (x, y) in a.iter().zip(&b) {
        match (x, y) {
            (Token::Open(n, xs), Token::Open(m, ys)) => {
                if n != m || xs.len() != ys.len() {
                    return None;
                }
                for ((k, v), (l, w)) in xs.iter().zip(ys) {
                    if k != l {
                        return None;
                    }
                    if v != w {
                        if w.contains('&') {
                            return None;
                        }
                        out.push(Change {
                            element,
                            name: l,
                            value: w,
                        });
                    }
                }
                element += 1;
            }
            (Token::Close, Token::Close) => {}
            (Token::Text(s), Token::Text(t)) if s == t => {}
            _ => return None,
        }
    }
    Some(out)
}

/// The markup's tokens, or `None` for markup this reader does not take.
fn tokens(s: &str) -> Option<Vec<Token<'_>>> {
    let mut out = Vec::new();
    let mut rest = s;
    while !rest.is_empty() {
        let Some(tag) = rest.strip_prefix('<') else {
            let end = rest.find('<').unwrap_or(rest.len());
            out.push(Token::Text(&rest[..end]));
            rest = &rest[end..];
            continue;
        };
        let end = tag.find('>')?;
        let (inside, after) = (&tag[..end], &tag[end + 1..]);
        rest = after;
        if inside.starts_with('/') {
            out.push(Token::Close);
            continue;
        }
        let (inside, empty) = match inside.strip_suffix('/') {
            Some(i) => (i, true),
            None => (inside, false),
        };
        let name_end = inside
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(inside.len());
        let (name, mut attrs) = (&inside[..name_end], &inside[name_end..]);
        if name.is_empty() || name.starts_with('!') {
            return None;
        }
        let mut list = Vec::new();
        loop {
            attrs = attrs.trim_start();
            if attrs.is_empty() {
                break;
            }
            let eq = attrs.find("=\"")?;
            let key = &attrs[..eq];
            let value_and_rest = &attrs[eq + 2..];
            let close = value_and_rest.find('"')?;
            list.push((key, &value_and_rest[..close]));
            attrs = &value_and_rest[close + 1..];
        }
        out.push(Token::Open(name, list));
        if empty {
            out.push(Token::Close);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moved_shapes_are_attribute_changes() {
        let old =
            r#"<g class="arrow"><line x1="1" y1="2"/><polygon points="0,0 1,1" fill="red"/></g>"#;
        let new =
            r#"<g class="arrow"><line x1="1" y1="3"/><polygon points="0,0 2,2" fill="red"/></g>"#;
        assert_eq!(
            changes(old, new),
            Some(vec![
                Change {
                    element: 1,
                    name: "y1",
                    value: "3"
                },
                Change {
                    element: 2,
                    name: "points",
                    value: "0,0 2,2"
                },
            ])
        );
        assert_eq!(changes(new, new), Some(vec![]));
    }

    #[test]
    fn other_structure_is_written_anew() {
        let one = r#"<polygon points="0,0"/>"#;
        // Gone, another element, another attribute, other words, an entity, unreadable.
        assert_eq!(changes(one, ""), None);
        assert_eq!(changes(one, r#"<circle points="0,0"/>"#), None);
        assert_eq!(changes(one, r#"<polygon d="0,0"/>"#), None);
        assert_eq!(changes(one, r#"<polygon points="0,0" fill="red"/>"#), None);
        assert_eq!(
            changes("<text>a</text>", "<text>b</text>"),
            None,
            "words change"
        );
        assert_eq!(changes(one, r#"<polygon points="&amp;"/>"#), None);
        assert_eq!(changes(one, r#"<polygon points="0,0"#), None);
        // Same words, a moved element: patched.
        assert_eq!(
            changes(
                r#"<text x="1">a</text><g><circle r="1"/></g>"#,
                r#"<text x="2">a</text><g><circle r="1"/></g>"#
            ),
            Some(vec![Change {
                element: 0,
                name: "x",
                value: "2"
            }])
        );
        assert_eq!(changes("", ""), Some(vec![]));
    }

    /// The board's own layers: the arrow and the cell left of one move and of the next
    /// differ only in values.
    #[test]
    fn the_next_move_is_a_patch() {
        use crate::app::game::Game;
        use crate::view::{svg, Layout, Orientation, TileShape};
        let g = Game::example();
        let line = g.main_line();
        let r = &line.replay;
        let layout = Layout::new(r.frame(), Orientation::NoonUp, TileShape::Flat);
        let scene = |ply| {
            let h = g.highlight(line.node_at(ply));
            r.scene(ply, &layout, h.as_ref())
        };
        let (a, b) = (scene(17), scene(18));
        let (arrow_a, arrow_b) = (svg::arrow_markup(&a), svg::arrow_markup(&b));
        assert!(arrow_a.contains("<polygon") && arrow_a != arrow_b);
        let patch = changes(&arrow_a, &arrow_b).unwrap();
        assert!(patch.iter().any(|c| c.name == "points"), "{patch:?}");
        let (under_a, under_b) = (
            svg::under_markup(&a, &layout),
            svg::under_markup(&b, &layout),
        );
        assert!(under_a.contains("last-from") && under_a != under_b);
        assert_eq!(changes(&under_a, &under_b).map(|p| p.len()), Some(1));
    }
}
