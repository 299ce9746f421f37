//! A study's permalink: the whole study, the chapter shown and the move shown in it, in a
//! URL fragment (the app opens it from `?study#…`).
//!
//! Layout, then URL-safe base64 without padding (the varints, checksum and base64 are
//! [`crate::codec`]'s):
//!
//! | size | content |
//! |---|---|
//! | 1 byte | version (16: no game link starts so) |
//! | varint + UTF-8 | the title |
//! | varint + ASCII | the study's key in the library of the page that made the link (empty: none), so that a reload there opens the study kept, not a copy |
//! | varint | number of chapters (1 to [`MAX_CHAPTERS`]) |
//! | varint | the chapter shown, from 0 |
//! | per chapter | its name (varint + UTF-8), a byte of flags (1: interactive, 2: Black's side), then its game as a permalink's bytes (`record::permalink`, its own checksum included; varint length first), at the move shown for the chapter shown and at its start for the others |
//! | 4 bytes | FNV-1a 64 of everything before, low 32 bits |
//!
//! A study longer than [`MAX_LINK`] characters has no link ([`encode`] says `None`): it is
//! shared as a file. Each chapter's part can be made once and kept ([`chapter_part`],
//! [`assemble`]), so that a link follows the move without writing every chapter again.
//!
//! ```
//! use beeline::study::{file, link};
//! let text = "[StudyName \"S\"]\n[ChapterName \"a\"]\n\n1. wS1\n2. bS1 -wS1\n";
//! let study = file::read(text).studies.remove(0);
//! let node = study.chapters[0].record.tree.mainline_nodes()[1];
//! let fragment = link::encode(&study, 0, node).unwrap();
//! let opened = link::decode(&fragment).unwrap();
//! assert_eq!(opened.study, study);
//! assert_eq!((opened.chapter, opened.node), (0, node));
//! ```

use super::{clean_name, Chapter, ChapterMode, Study, MAX_CHAPTERS};
use crate::codec::{self, ByteReader};
use crate::engine::piece::Color;
use crate::record::permalink::{self, PermalinkError};
use crate::record::tree::NodeId;
use thiserror::Error;

const VERSION: u8 = 16;
/// Longest study link, in characters.
pub const MAX_LINK: usize = permalink::MAX_FRAGMENT;

const INTERACTIVE: u8 = 1;
const BLACK: u8 = 2;

#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum StudyLinkError {
    #[error("the study link is empty")]
    Empty,
    #[error("the study link is too long")]
    TooLong,
    #[error("the study link is damaged ({0})")]
    Damaged(&'static str),
    #[error("the study link was made by another version ({0})")]
    Version(u8),
    #[error("chapter {0} of the study link is damaged: {1}")]
    Chapter(usize, PermalinkError),
}

/// A study opened from its link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenedStudy {
    pub study: Study,
    /// Its key in the library it was linked from (empty: none).
    pub key: String,
    /// The chapter shown, from 0.
    pub chapter: usize,
    /// The node shown in it.
    pub node: NodeId,
}

fn put_text(out: &mut Vec<u8>, s: &str) {
    codec::put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// A chapter's part of a link, showing `node` (its name, flags and game).
pub fn chapter_part(chapter: &Chapter, node: NodeId) -> Vec<u8> {
    let mut out = Vec::new();
    put_text(&mut out, &chapter.name);
    let mut flags = 0;
    if chapter.mode == ChapterMode::Interactive {
        flags |= INTERACTIVE;
    }
    if chapter.orientation == Color::Black {
        flags |= BLACK;
    }
    out.push(flags);
    // A game link is base64 of its bytes: always its own bytes back.
    let game =
        permalink::base64_decode(&permalink::encode(&chapter.record, node)).unwrap_or_default();
    codec::put_varint(&mut out, game.len() as u64);
    out.extend_from_slice(&game);
    out
}

/// Longest library key a link holds.
const MAX_KEY: usize = 40;

/// The link of a study whose chapters' parts are made ([`chapter_part`]), showing chapter
/// `shown`, with its library `key`; `None` when it is longer than [`MAX_LINK`] or has no
/// chapter.
pub fn assemble(title: &str, key: &str, parts: &[&[u8]], shown: usize) -> Option<String> {
    if parts.is_empty() || parts.len() > MAX_CHAPTERS {
        return None;
    }
    // Base64 makes 4 characters of 3 bytes: refuse early what cannot fit.
    let size: usize = parts.iter().map(|p| p.len()).sum::<usize>() + title.len() + 16;
    if size.div_ceil(3) * 4 > MAX_LINK + 8 {
        return None;
    }
    let mut out = vec![VERSION];
    put_text(&mut out, title);
    let key = if key.len() <= MAX_KEY && key.bytes().all(|b| b.is_ascii_alphanumeric()) {
        key
    } else {
        ""
    };
    put_text(&mut out, key);
    codec::put_varint(&mut out, parts.len() as u64);
    codec::put_varint(&mut out, shown.min(parts.len() - 1) as u64);
    for p in parts {
        out.extend_from_slice(p);
    }
    let sum = codec::fnv1a_64(&out) as u32;
    out.extend_from_slice(&sum.to_be_bytes());
    let link = permalink::base64_encode(&out);
    (link.len() <= MAX_LINK).then_some(link)
}

/// The link of a study showing `node` of chapter `shown`, if it fits one (with no library
/// key).
pub fn encode(study: &Study, shown: usize, node: NodeId) -> Option<String> {
    let parts: Vec<Vec<u8>> = study
        .chapters
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let at = if i == shown {
                node
            } else {
                c.record.tree.root()
            };
            chapter_part(c, at)
        })
        .collect();
    let refs: Vec<&[u8]> = parts.iter().map(Vec::as_slice).collect();
    assemble(&study.title, "", &refs, shown)
}

/// The first character of every study link: the base64 of its version byte's high six bits
/// (16 is `000100…`, `E`), where every game link starts with `A` (versions 1 and 2). The app's
/// first screen tells the two apart by it, without reading either.
pub const LINK_START: char = 'E';

/// Whether a fragment (`#` or not) is a study's link, without reading it.
pub fn is_study_link(fragment: &str) -> bool {
    fragment
        .trim()
        .trim_start_matches('#')
        .starts_with(LINK_START)
}

fn damaged(_: codec::ByteError) -> StudyLinkError {
    StudyLinkError::Damaged("it ends too early")
}

/// Reads a study's link (a leading `#` is allowed).
pub fn decode(fragment: &str) -> Result<OpenedStudy, StudyLinkError> {
    let text = fragment.trim().trim_start_matches('#');
    if text.is_empty() {
        return Err(StudyLinkError::Empty);
    }
    if text.len() > MAX_LINK {
        return Err(StudyLinkError::TooLong);
    }
    let bytes = codec::base64url_decode(text)
        .map_err(|_| StudyLinkError::Damaged("a character or its length is wrong"))?;
    if bytes.len() < 5 {
        return Err(StudyLinkError::Damaged("it ends too early"));
    }
    let (body, sum) = bytes.split_at(bytes.len() - 4);
    if (codec::fnv1a_64(body) as u32).to_be_bytes() != sum {
        return Err(StudyLinkError::Damaged("checksum mismatch"));
    }
    let mut r = ByteReader::new(body);
    let version = r.byte().map_err(damaged)?;
    if version != VERSION {
        return Err(StudyLinkError::Version(version));
    }
    let text = |r: &mut ByteReader| -> Result<String, StudyLinkError> {
        let n = r.varint(32).map_err(damaged)? as usize;
        let s = r
            .str(n)
            .map_err(|_| StudyLinkError::Damaged("a name in it is not valid text"))?;
        Ok(clean_name(s))
    };
    let title = text(&mut r)?;
    let key = text(&mut r)?;
    if key.len() > MAX_KEY || !key.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(StudyLinkError::Damaged("its key is not one"));
    }
    let count = r.varint(32).map_err(damaged)? as usize;
    let shown = r.varint(32).map_err(damaged)? as usize;
    if count == 0 || count > MAX_CHAPTERS || shown >= count {
        return Err(StudyLinkError::Damaged("its number of chapters is wrong"));
    }
    let mut study = Study::new(&title);
    let mut node = None;
    for i in 0..count {
        let name = text(&mut r)?;
        let flags = r.byte().map_err(damaged)?;
        if flags & !(INTERACTIVE | BLACK) != 0 {
            return Err(StudyLinkError::Damaged("a chapter's mode is unknown"));
        }
        let n = r.varint(32).map_err(damaged)? as usize;
        let game = r.bytes(n).map_err(damaged)?;
        let (record, at) = permalink::decode(&permalink::base64_encode(game))
            .map_err(|e| StudyLinkError::Chapter(i + 1, e))?;
        if i == shown {
            node = Some(at);
        }
        let mut chapter = Chapter::new(&name, record);
        if flags & INTERACTIVE != 0 {
            chapter.mode = ChapterMode::Interactive;
        }
        if flags & BLACK != 0 {
            chapter.orientation = Color::Black;
        }
        study.chapters.push(chapter);
    }
    if !r.rest().is_empty() {
        return Err(StudyLinkError::Damaged("unexpected data at its end"));
    }
    let node = node.unwrap_or_else(|| study.chapters[shown].record.tree.root());
    Ok(OpenedStudy {
        study,
        key,
        chapter: shown,
        node,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::study::file;

    fn study() -> Study {
        let text = "[StudyName \"Beetles\"]\n[ChapterName \"one\"]\n[White \"Ann\"]\n\n{start}\n1. wB1\n2. bS1 -wB1 {climb} (2. bG1 -wB1 $2)\n3. wQ wB1/\n\n\
                    [StudyName \"Beetles\"]\n[ChapterName \"two\"]\n[ChapterMode \"interactive\"]\n[Orientation \"black\"]\n\n1. wS1\n2. bS1 -wS1\n";
        file::read(text).studies.remove(0)
    }

    #[test]
    fn a_study_link_holds_every_chapter_and_the_move_shown() {
        let s = study();
        let var = {
            let t = &s.chapters[0].record.tree;
            t.children(t.mainline_nodes()[0])[1]
        };
        let link = encode(&s, 0, var).unwrap();
        assert!(is_study_link(&link) && is_study_link(&format!("#{link}")));
        let opened = decode(&link).unwrap();
        // The games' metadata a game link keeps (players, event, …) and every move, comment
        // and annotation.
        assert_eq!(opened.study.title, "Beetles");
        assert_eq!(opened.study, s);
        assert_eq!(opened.chapter, 0);
        assert_eq!(
            opened.study.chapters[0]
                .record
                .tree
                .path(opened.node)
                .unwrap()
                .to_string(),
            "2.1.1"
        );
        let second = decode(&encode(&s, 1, s.chapters[1].record.tree.root()).unwrap()).unwrap();
        assert_eq!(second.chapter, 1);
        assert_eq!(second.study.chapters[1].mode, ChapterMode::Interactive);
        // A game link is not a study link: each version's first character.
        let game = permalink::encode(&s.chapters[0].record, var);
        assert!(!is_study_link(&game));
        assert_eq!(
            codec::base64url_encode(&[VERSION, 0, 0]).chars().next(),
            Some(LINK_START)
        );
        assert!(matches!(decode(&game), Err(StudyLinkError::Version(2))));
    }

    #[test]
    fn a_damaged_link_says_why_and_never_panics() {
        let s = study();
        let link = encode(&s, 1, s.chapters[1].record.tree.root()).unwrap();
        assert_eq!(decode(""), Err(StudyLinkError::Empty));
        assert!(matches!(
            decode(&link[..link.len() - 2]),
            Err(StudyLinkError::Damaged(_))
        ));
        let mut bytes = codec::base64url_decode(&link).unwrap();
        bytes[3] ^= 0x10;
        assert_eq!(
            decode(&permalink::base64_encode(&bytes)),
            Err(StudyLinkError::Damaged("checksum mismatch"))
        );
        // Every cut of the link is refused with a reason.
        for cut in 0..link.len() {
            assert!(decode(&link[..cut]).is_err(), "cut at {cut}");
        }
        assert!(decode(&"A".repeat(MAX_LINK + 1)).is_err());
    }

    #[test]
    fn a_study_too_long_for_a_link_has_none() {
        let mut s = study();
        let long = "x".repeat(permalink::MAX_COMMENT);
        let root = s.chapters[0].record.tree.root();
        let mut tree = s.chapters[0].record.tree.clone();
        tree.set_comment(root, Some(&long)).unwrap();
        s.chapters[0].record.set_tree(tree);
        while s.chapters.len() < crate::study::MAX_CHAPTERS {
            s.chapters.push(s.chapters[0].clone());
        }
        assert_eq!(encode(&s, 0, root), None);
        s.chapters.truncate(10);
        assert!(encode(&s, 0, root).is_some());
        assert_eq!(assemble("t", "", &[], 0), None);
        // The library's key goes with the link (a key that is none is left out).
        let part = chapter_part(&s.chapters[0], root);
        let keyed = decode(&assemble("t", "k3y", &[&part], 0).unwrap()).unwrap();
        assert_eq!(keyed.key, "k3y");
        let unkeyed = decode(&assemble("t", "a b", &[&part], 0).unwrap()).unwrap();
        assert_eq!(unkeyed.key, "");
    }
}
