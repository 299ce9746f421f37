//! The library's entries (what the list shows of each kept study) and the list's markup,
//! free of the DOM and tested natively; `store` keeps them in the browser.

use crate::puzzles::daily::civil_from_days;
use crate::view::svg::escape;

/// Where a study in the library stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// Its key.
    pub id: String,
    pub title: String,
    pub chapters: usize,
    /// Its last change, in milliseconds since 1970 (UTC).
    pub updated: u64,
    /// Counts its saves: a save that finds a higher count than it read was overtaken by
    /// another tab's.
    pub rev: u32,
    /// The tab that saved it last (each page picks a name of its own).
    pub tab: String,
    /// The address it was opened from, if any.
    pub source: String,
    /// A checksum of the file or link it was first opened from: opening the same one again
    /// opens the kept study instead of a copy.
    pub origin: String,
}

const FORM: &str = "1";

impl Entry {
    /// The entry as kept: its fields on one line, between tabs (no field holds one: names
    /// are kept on one line without control characters).
    pub fn to_text(&self) -> String {
        let clean = |s: &str| s.replace(['\t', '\n', '\r'], " ");
        [
            FORM.to_string(),
            clean(&self.title),
            self.chapters.to_string(),
            self.updated.to_string(),
            self.rev.to_string(),
            clean(&self.tab),
            clean(&self.source),
            clean(&self.origin),
        ]
        .join("\t")
    }

    /// Reads an entry kept under `id`, or says why it cannot be.
    pub fn parse(id: &str, text: &str) -> Result<Entry, String> {
        let f: Vec<&str> = text.split('\t').collect();
        let number = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok());
        match (f.as_slice(), number(2), number(3), number(4)) {
            (
                [FORM, title, _, _, _, tab, source, origin],
                Some(chapters),
                Some(updated),
                Some(rev),
            ) if !title.is_empty() => Ok(Entry {
                id: id.to_string(),
                title: title.to_string(),
                chapters: chapters as usize,
                updated,
                rev: u32::try_from(rev).unwrap_or(u32::MAX),
                tab: tab.to_string(),
                source: source.to_string(),
                origin: origin.to_string(),
            }),
            _ => Err("its entry is damaged".to_string()),
        }
    }
}

/// A time as the list shows it: `2026-11-28 14:05 UTC`.
pub fn when(ms: u64) -> String {
    let secs = ms / 1000;
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let (year, month, d) = civil_from_days(days);
    format!("{year}-{month:02}-{d:02} {h:02}:{m:02} UTC")
}

/// A row of the list: a study kept, or one whose entry cannot be read (named and skipped).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LibraryRow {
    Kept(Entry),
    Damaged { id: String, why: String },
}

/// The list's rows, the latest change first; damaged ones last.
pub fn rows(listed: Vec<(String, Result<Entry, String>)>) -> Vec<LibraryRow> {
    let mut rows: Vec<LibraryRow> = listed
        .into_iter()
        .map(|(id, e)| match e {
            Ok(e) => LibraryRow::Kept(e),
            Err(why) => LibraryRow::Damaged { id, why },
        })
        .collect();
    rows.sort_by(|a, b| match (a, b) {
        (LibraryRow::Kept(a), LibraryRow::Kept(b)) => {
            b.updated.cmp(&a.updated).then(a.title.cmp(&b.title))
        }
        (LibraryRow::Kept(_), LibraryRow::Damaged { .. }) => std::cmp::Ordering::Less,
        (LibraryRow::Damaged { .. }, LibraryRow::Kept(_)) => std::cmp::Ordering::Greater,
        (LibraryRow::Damaged { id: a, .. }, LibraryRow::Damaged { id: b, .. }) => a.cmp(b),
    });
    rows
}

/// The list's items: one a study (`li[data-study]`, with `data-chapters`; the open one
/// `aria-current`): its title as the button that opens it, its chapters and last change, and
/// its actions.
pub fn markup(rows: &[LibraryRow], open: Option<&str>, renaming: Option<&str>) -> String {
    let mut out = String::new();
    for row in rows {
        match row {
            LibraryRow::Kept(e) => {
                let id = escape(&e.id);
                let title = escape(&e.title);
                let current = if open == Some(e.id.as_str()) {
                    r#" aria-current="true""#
                } else {
                    ""
                };
                let name = if renaming == Some(e.id.as_str()) {
                    format!(
                        r#"<input class="study-name" type="text" value="{title}" aria-label="New title of {title}" maxlength="200">"#
                    )
                } else {
                    format!(r#"<button type="button" class="study-open">{title}</button>"#)
                };
                let chapters = match e.chapters {
                    1 => "1 chapter".to_string(),
                    n => format!("{n} chapters"),
                };
                out.push_str(&format!(
                    r#"<li data-study="{id}" data-chapters="{n}"{current}>{name}<span class="study-facts">{chapters} · {when}</span><span class="study-actions"><button type="button" class="study-rename" aria-label="Rename {title}">Rename</button><button type="button" class="study-export" aria-label="Export {title}">Export</button><button type="button" class="study-delete" aria-label="Delete {title}">Delete</button></span></li>"#,
                    n = e.chapters,
                    when = when(e.updated),
                ));
            }
            LibraryRow::Damaged { id, why } => {
                let id = escape(id);
                out.push_str(&format!(
                    r#"<li data-study="{id}" data-damaged="true"><span class="study-facts">A study that cannot be read ({why}): skipped</span><span class="study-actions"><button type="button" class="study-delete" aria-label="Delete the damaged study">Delete</button></span></li>"#,
                    why = escape(why)
                ));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(id: &str, title: &str, updated: u64) -> Entry {
        Entry {
            id: id.into(),
            title: title.into(),
            chapters: 3,
            updated,
            rev: 2,
            tab: "t1".into(),
            source: String::new(),
            origin: "abc".into(),
        }
    }

    #[test]
    fn entries_are_kept_as_text_and_read_back() {
        let e = entry("s1", "Beetle <tricks>", 1_764_338_400_000);
        let text = e.to_text();
        assert_eq!(Entry::parse("s1", &text), Ok(e.clone()));
        // A tab in a field cannot break the line.
        let mut odd = e;
        odd.source = "a\tb".into();
        assert_eq!(Entry::parse("s1", &odd.to_text()).unwrap().source, "a b");
        for bad in [
            "",
            "garbage",
            "1\tx\tthree\t0\t0\t\t\t",
            "2\tx\t1\t0\t0\t\t\t",
        ] {
            assert!(Entry::parse("s", bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn times_are_written_as_dates() {
        assert_eq!(when(0), "1970-01-01 00:00 UTC");
        assert_eq!(when(1_764_338_700_000), "2025-11-28 14:05 UTC");
        assert_eq!(when(951_782_400_000), "2000-02-29 00:00 UTC");
    }

    #[test]
    fn the_list_shows_the_latest_first_and_names_the_damaged() {
        let rows = rows(vec![
            ("a".into(), Ok(entry("a", "Old", 1))),
            ("z".into(), Err("its entry is damaged".into())),
            ("b".into(), Ok(entry("b", "New & shiny", 5))),
        ]);
        assert!(matches!(&rows[0], LibraryRow::Kept(e) if e.id == "b"));
        assert!(matches!(&rows[2], LibraryRow::Damaged { id, .. } if id == "z"));
        let m = markup(&rows, Some("a"), None);
        assert!(
            m.contains(r#"<li data-study="a" data-chapters="3" aria-current="true">"#),
            "{m}"
        );
        assert!(m.contains("New &amp; shiny"));
        assert!(m.contains("3 chapters · 1970-01-01 00:00 UTC"));
        assert!(m.contains(r#"data-study="z" data-damaged="true""#));
        assert_eq!(m.matches("<li").count(), 3);
        let renaming = markup(&rows, None, Some("b"));
        assert!(
            renaming.contains(r#"<input class="study-name" type="text" value="New &amp; shiny""#)
        );
    }
}
