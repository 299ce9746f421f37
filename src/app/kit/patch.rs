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
    /// An element's start (or a whole empty element): its name and its attributes as written.
    Open(&'a str, &'a str),
    Close,
    Text(&'a str),
    /// Markup this reader does not take.
    Unreadable,
}

/// The attribute changes that turn the elements `old` made into those `new` would make, or
/// `None` when the two differ in more than attribute values (or in a value the patch cannot
/// set as written, one with an entity) and the markup must be written.
pub fn changes<'a>(old: &str, new: &'a str) -> Option<Vec<Change<'a>>> {
    let mut out = Vec::new();
    let mut element = 0;
    let (mut a, mut b) = (Tokens::new(old), Tokens::new(new));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return Some(out),
            (Some(Token::Open(n, xs)), Some(Token::Open(m, ys))) if n == m => {
                let (mut xs, mut ys) = (Attributes(xs), Attributes(ys));
                loop {
                    match (xs.next(), ys.next()) {
                        (None, None) => break,
                        (Some(Some((k, v))), Some(Some((l, w)))) if k == l => {
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
                        _ => return None,
                    }
                }
                element += 1;
            }
            (Some(Token::Close), Some(Token::Close)) => {}
            (Some(Token::Text(s)), Some(Token::Text(t))) if s == t => {}
            _ => return None,
        }
    }
}

/// The tokens of a piece of markup.
struct Tokens<'a> {
    rest: &'a str,
    /// The end of an empty element (`<polygon …/>`) comes next.
    close: bool,
}

impl<'a> Tokens<'a> {
    fn new(markup: &'a str) -> Tokens<'a> {
        Tokens {
            rest: markup,
            close: false,
        }
    }
}

impl<'a> Iterator for Tokens<'a> {
    type Item = Token<'a>;

    fn next(&mut self) -> Option<Token<'a>> {
        if std::mem::take(&mut self.close) {
            return Some(Token::Close);
        }
        let rest = self.rest;
        if rest.is_empty() {
            return None;
        }
        let Some(tag) = rest.strip_prefix('<') else {
            let end = rest.find('<').unwrap_or(rest.len());
            self.rest = &rest[end..];
            return Some(Token::Text(&rest[..end]));
        };
        let Some(end) = tag.find('>') else {
            self.rest = "";
            return Some(Token::Unreadable);
        };
        let inside = &tag[..end];
        self.rest = &tag[end + 1..];
        if inside.starts_with('/') {
            return Some(Token::Close);
        }
        let inside = match inside.strip_suffix('/') {
            Some(i) => {
                self.close = true;
                i
            }
            None => inside,
        };
        let name_end = inside
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(inside.len());
        let name = &inside[..name_end];
        if name.is_empty() || name.starts_with('!') {
            return Some(Token::Unreadable);
        }
        Some(Token::Open(name, &inside[name_end..]))
    }
}

/// The attributes of an element's start, as written: `Some(None)` for one this reader does
/// not take.
struct Attributes<'a>(&'a str);

impl<'a> Iterator for Attributes<'a> {
    type Item = Option<(&'a str, &'a str)>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.0.trim_start();
        if rest.is_empty() {
            return None;
        }
        let parsed = rest.find("=\"").and_then(|eq| {
            let value = &rest[eq + 2..];
            let close = value.find('"')?;
            Some((&rest[..eq], &value[..close], &value[close + 1..]))
        });
        Some(match parsed {
            Some((key, value, after)) => {
                self.0 = after;
                Some((key, value))
            }
            None => {
                self.0 = "";
                None
            }
        })
    }
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
        // An empty element is its start and its end.
        assert_eq!(changes("<g/>", "<g></g>"), Some(vec![]));
        assert_eq!(changes("<g/><g/>", "<g><g/></g>"), None);
    }
}
