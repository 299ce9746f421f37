//! A puzzle set as static files (the book's idea): `puzzles.txt` says what the set holds
//! and names its shards, each a small text file of one theme's puzzles, easiest first, with
//! its checksum. A reader fetches the manifest, then a shard at a time as the solver goes.
//! Nothing here touches the file system or the network: [`write_set`] hands each file to
//! the caller, [`SetManifest::parse`] and [`read_shard`] read what the caller fetched.
//!
//! Within a theme the shards go from the lowest rating to the highest, and each manifest line
//! gives its shard's range of ratings, so that a trainer fetches the shard near its player's
//! rating without reading the others.
//!
//! ```text
//! beeline-puzzles 2
//! puzzles 312
//! about Mined by beeline puzzles from …
//! shard surround-1-0.txt surround-1 20 1-1 612-771 8f3c…
//! ```
//!
//! Version 1 (no ratings) is still read: each puzzle's rating is then its difficulty's
//! ([`rating::rating_of_difficulty`](super::rating::rating_of_difficulty)).

use super::rating::rating_of_difficulty;
use super::{MinedPuzzle, PuzzleTheme};
use crate::codec::fnv1a_64;
use std::fmt::Write;
use thiserror::Error;

/// The set format's version, in `puzzles.txt` and every shard: 2 added the ratings.
pub const VERSION: u32 = 2;
/// The oldest version read.
pub const OLDEST_VERSION: u32 = 1;
/// The manifest's file name.
pub const MANIFEST: &str = "puzzles.txt";
const MANIFEST_HEAD: &str = "beeline-puzzles";
const SHARD_HEAD: &str = "beeline-puzzle-shard";
/// Puzzles a shard holds at most: about 40 KB with games of 80 plies (8 KB gzipped), and a
/// set of a few thousand puzzles in no more than the 64 shards the trainer keeps offline.
pub const SHARD_SIZE: usize = 64;

/// Why a set or a shard of it cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetError {
    #[error("not a Beeline puzzle set ({0})")]
    Foreign(&'static str),
    #[error(
        "a puzzle set of format version {0}; this Beeline reads versions {OLDEST_VERSION} to {VERSION}"
    )]
    Version(u32),
    #[error("puzzles.txt, line {line}: {why}")]
    Manifest { line: usize, why: String },
    #[error("the shard {0} is damaged (its checksum does not match the set's)")]
    Damaged(String),
}

/// One shard as the manifest lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardEntry {
    /// Its file name, beside `puzzles.txt`.
    pub name: String,
    pub theme: PuzzleTheme,
    pub count: usize,
    /// The easiest and hardest puzzle in it.
    pub difficulty: (u8, u8),
    /// The lowest and highest rating in it (of a version 1 set: those of its difficulties).
    pub rating: (u16, u16),
    /// FNV-1a (64 bits) of the file's bytes.
    pub checksum: u64,
}

/// What `puzzles.txt` says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetManifest {
    /// The version it was written in ([`SetManifest::to_text`] writes the present one).
    pub version: u32,
    pub puzzles: usize,
    /// Where the puzzles came from, in a sentence.
    pub about: String,
    pub shards: Vec<ShardEntry>,
}

impl SetManifest {
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{MANIFEST_HEAD} {VERSION}\npuzzles {}\nabout {}\n",
            self.puzzles,
            self.about.replace('\n', " ")
        );
        for e in &self.shards {
            let _ = writeln!(
                s,
                "shard {} {} {} {}-{} {}-{} {:016x}",
                e.name,
                e.theme,
                e.count,
                e.difficulty.0,
                e.difficulty.1,
                e.rating.0,
                e.rating.1,
                e.checksum
            );
        }
        s
    }

    pub fn parse(text: &str) -> Result<SetManifest, SetError> {
        let mut lines = text.lines();
        let version = lines
            .next()
            .and_then(|h| h.strip_prefix(MANIFEST_HEAD))
            .and_then(|v| v.trim().parse::<u32>().ok())
            .ok_or(SetError::Foreign(
                "puzzles.txt does not start with beeline-puzzles",
            ))?;
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            return Err(SetError::Version(version));
        }
        let mut m = SetManifest {
            version,
            puzzles: 0,
            about: String::new(),
            shards: Vec::new(),
        };
        for (i, line) in lines.enumerate() {
            let bad = |why: &str| SetError::Manifest {
                line: i + 2,
                why: why.to_string(),
            };
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "puzzles" => m.puzzles = rest.trim().parse().map_err(|_| bad("not a count"))?,
                "about" => m.about = rest.to_string(),
                "shard" => m.shards.push(shard_entry(rest).map_err(|w| bad(&w))?),
                "" => {}
                // Lines a later version may add are passed over.
                _ => {}
            }
        }
        let sum: usize = m.shards.iter().map(|e| e.count).sum();
        if sum != m.puzzles {
            return Err(SetError::Manifest {
                line: 2,
                why: format!("it says {} puzzles, its shards hold {sum}", m.puzzles),
            });
        }
        Ok(m)
    }

    /// The shards of a theme (all of them for `None`), in order.
    pub fn shards_of(&self, theme: Option<PuzzleTheme>) -> impl Iterator<Item = &ShardEntry> {
        self.shards
            .iter()
            .filter(move |e| theme.is_none_or(|t| e.theme == t))
    }

    /// How many puzzles a theme has.
    pub fn count(&self, theme: PuzzleTheme) -> usize {
        self.shards_of(Some(theme)).map(|e| e.count).sum()
    }
}

/// A `shard` line's fields: `NAME THEME COUNT D1-D2 R1-R2 CHECKSUM` (version 1: no
/// ratings).
fn shard_entry(rest: &str) -> Result<ShardEntry, String> {
    let f: Vec<&str> = rest.split_whitespace().collect();
    let (name, theme, count, diff, ratings, sum) = match f[..] {
        [name, theme, count, diff, ratings, sum] => (name, theme, count, diff, Some(ratings), sum),
        [name, theme, count, diff, sum] => (name, theme, count, diff, None, sum),
        _ => {
            return Err(
                "a shard line has a name, theme, count, difficulties, ratings and checksum".into(),
            )
        }
    };
    // A name is a plain file name: never a path out of the set's folder.
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '.' || c == '_')
        || name.starts_with('.')
    {
        return Err(format!("'{name}' is not a shard's file name"));
    }
    let theme = PuzzleTheme::from_name(theme).ok_or_else(|| format!("no theme '{theme}'"))?;
    let count = count
        .parse()
        .map_err(|_| format!("'{count}' is not a count"))?;
    let (lo, hi): (u8, u8) =
        range(diff).ok_or_else(|| format!("'{diff}' is not a difficulty range"))?;
    let rating = match ratings {
        Some(r) => range(r).ok_or_else(|| format!("'{r}' is not a rating range"))?,
        None => (rating_of_difficulty(lo), rating_of_difficulty(hi)),
    };
    let checksum =
        u64::from_str_radix(sum, 16).map_err(|_| format!("'{sum}' is not a checksum"))?;
    Ok(ShardEntry {
        name: name.to_string(),
        theme,
        count,
        difficulty: (lo, hi),
        rating,
        checksum,
    })
}

/// `LOW-HIGH`, low first.
fn range<T: std::str::FromStr + PartialOrd>(text: &str) -> Option<(T, T)> {
    let (a, b) = text.split_once('-')?;
    let (a, b) = (a.parse().ok()?, b.parse().ok()?);
    (a <= b).then_some((a, b))
}

/// The files of a set of `puzzles` (sorted by theme, rating, difficulty and id; shards of at
/// most [`SHARD_SIZE`]): `(file name, text)`, the manifest first.
pub fn write_set(puzzles: &[MinedPuzzle], about: &str) -> Vec<(String, String)> {
    let mut sorted: Vec<&MinedPuzzle> = puzzles.iter().collect();
    sorted.sort_by(|a, b| {
        (a.theme, a.rating, a.difficulty, &a.id).cmp(&(b.theme, b.rating, b.difficulty, &b.id))
    });
    let mut shards = Vec::new();
    let mut files = Vec::new();
    for theme in PuzzleTheme::ALL {
        let of: Vec<&&MinedPuzzle> = sorted.iter().filter(|p| p.theme == theme).collect();
        for (k, chunk) in of.chunks(SHARD_SIZE).enumerate() {
            let name = format!("{theme}-{k}.txt");
            let mut text = format!("{SHARD_HEAD} {VERSION} {theme}\n");
            for p in chunk {
                text.push_str(&p.to_line());
                text.push('\n');
            }
            shards.push(ShardEntry {
                name: name.clone(),
                theme,
                count: chunk.len(),
                difficulty: span(chunk, |p| p.difficulty),
                rating: span(chunk, |p| p.rating),
                checksum: fnv1a_64(text.as_bytes()),
            });
            files.push((name, text));
        }
    }
    let manifest = SetManifest {
        version: VERSION,
        puzzles: puzzles.len(),
        about: about.to_string(),
        shards,
    };
    files.insert(0, (MANIFEST.to_string(), manifest.to_text()));
    files
}

/// The lowest and highest of a field over a shard's puzzles.
fn span<T: Ord + Copy + Default>(chunk: &[&&MinedPuzzle], f: impl Fn(&MinedPuzzle) -> T) -> (T, T) {
    let values = chunk.iter().map(|p| f(p));
    (
        values.clone().min().unwrap_or_default(),
        values.max().unwrap_or_default(),
    )
}

/// A shard read: its puzzles, and the lines that could not be read (with why), which the
/// rest of the shard does not depend on.
#[derive(Clone, Debug, Default)]
pub struct ShardRead {
    pub puzzles: Vec<MinedPuzzle>,
    pub errors: Vec<String>,
}

/// Reads a shard's text, checked against its entry in the manifest.
pub fn read_shard(entry: &ShardEntry, text: &str) -> Result<ShardRead, SetError> {
    if fnv1a_64(text.as_bytes()) != entry.checksum {
        return Err(SetError::Damaged(entry.name.clone()));
    }
    let mut lines = text.lines();
    let head = lines.next().unwrap_or("");
    let version = head
        .strip_prefix(SHARD_HEAD)
        .and_then(|v| v.split_whitespace().next()?.parse::<u32>().ok())
        .ok_or(SetError::Foreign(
            "a shard does not start with beeline-puzzle-shard",
        ))?;
    if !(OLDEST_VERSION..=VERSION).contains(&version) {
        return Err(SetError::Version(version));
    }
    let mut out = ShardRead::default();
    for (i, line) in lines.enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match MinedPuzzle::from_line(line) {
            Ok(p) if p.theme == entry.theme => out.puzzles.push(p),
            Ok(p) => out.errors.push(format!(
                "{} line {}: puzzle {} is {}, in a shard of {}",
                entry.name,
                i + 2,
                p.id,
                p.theme,
                entry.theme
            )),
            Err(e) => out
                .errors
                .push(format!("{} line {}: {e}", entry.name, i + 2)),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::collection::Collection;
    use crate::puzzles::miner::{Miner, MinerSettings};

    fn some_puzzles() -> Vec<MinedPuzzle> {
        let mut c = Collection::new();
        c.add_text("1.md", include_str!("../../tests/data/direction-game-1.md"));
        c.add_text("2.md", include_str!("../../tests/data/direction-game-2.md"));
        let mut miner = Miner::new(MinerSettings::default());
        c.games.iter().flat_map(|g| miner.mine_game(g)).collect()
    }

    #[test]
    fn a_set_reads_back_and_a_damaged_shard_is_refused_alone() {
        let puzzles = some_puzzles();
        assert!(puzzles.len() >= 2);
        let files = write_set(&puzzles, "test games");
        assert_eq!(files[0].0, MANIFEST);
        let m = SetManifest::parse(&files[0].1).unwrap();
        assert_eq!(m.puzzles, puzzles.len());
        assert_eq!(m.about, "test games");
        assert_eq!(m.shards.len(), files.len() - 1);
        let mut read = 0;
        for e in &m.shards {
            let text = &files.iter().find(|f| f.0 == e.name).unwrap().1;
            let r = read_shard(e, text).unwrap();
            assert!(r.errors.is_empty());
            assert_eq!(r.puzzles.len(), e.count);
            assert!(r.puzzles.iter().all(|p| p.theme == e.theme));
            read += r.puzzles.len();
            // One byte changed: the checksum says so.
            let mut bad = text.clone().into_bytes();
            let last = bad.len() - 2;
            bad[last] ^= 1;
            let bad = String::from_utf8_lossy(&bad);
            assert_eq!(
                read_shard(e, &bad).unwrap_err(),
                SetError::Damaged(e.name.clone())
            );
        }
        assert_eq!(read, puzzles.len());
    }

    #[test]
    fn another_version_and_broken_manifests_are_named() {
        assert_eq!(
            SetManifest::parse("beeline-puzzles 3\npuzzles 0\n").unwrap_err(),
            SetError::Version(3)
        );
        assert_eq!(
            SetManifest::parse("beeline-puzzles 0\npuzzles 0\n").unwrap_err(),
            SetError::Version(0)
        );
        let e = SetManifest::parse(
            "beeline-puzzles 2\npuzzles 1\nshard x.txt surround-1 1 1-1 900-800 00\n",
        )
        .unwrap_err();
        assert!(
            e.to_string().contains("'900-800' is not a rating range"),
            "{e}"
        );
        assert!(matches!(
            SetManifest::parse("<html>").unwrap_err(),
            SetError::Foreign(_)
        ));
        let e = SetManifest::parse(
            "beeline-puzzles 1\npuzzles 1\nshard ../x.txt surround-1 1 1-1 00\n",
        )
        .unwrap_err();
        assert!(e.to_string().contains("line 3"), "{e}");
        let e = SetManifest::parse("beeline-puzzles 1\npuzzles 5\n").unwrap_err();
        assert!(e.to_string().contains("shards hold 0"), "{e}");
        // Cut anywhere: an error or a manifest, never a panic.
        let text = write_set(&some_puzzles(), "x").remove(0).1;
        for i in 0..text.len() {
            let _ = SetManifest::parse(&text[..i]);
        }
    }

    #[test]
    fn shards_go_up_in_rating_and_say_their_range() {
        let puzzles = some_puzzles();
        let files = write_set(&puzzles, "x");
        let m = SetManifest::parse(&files[0].1).unwrap();
        assert_eq!(m.version, VERSION);
        for theme in PuzzleTheme::ALL {
            let mut last = 0;
            for e in m.shards_of(Some(theme)) {
                let text = &files.iter().find(|f| f.0 == e.name).unwrap().1;
                let r = read_shard(e, text).unwrap();
                let ratings: Vec<u16> = r.puzzles.iter().map(|p| p.rating).collect();
                assert_eq!(e.rating.0, *ratings.iter().min().unwrap());
                assert_eq!(e.rating.1, *ratings.iter().max().unwrap());
                assert!(ratings.windows(2).all(|w| w[0] <= w[1]));
                assert!(e.rating.0 >= last);
                last = e.rating.1;
            }
        }
    }

    #[test]
    fn a_set_of_the_first_version_reads_with_its_difficulties_ratings() {
        let puzzles = some_puzzles();
        // The same set as version 1 wrote it: no rating on the shard lines nor the puzzles.
        let mut shards = Vec::new();
        let mut manifest = format!("{MANIFEST_HEAD} 1\npuzzles {}\nabout old\n", puzzles.len());
        for (k, p) in puzzles.iter().enumerate() {
            let line = p.to_line();
            let mut fields: Vec<&str> = line.split('\t').collect();
            fields.remove(3);
            let text = format!("{SHARD_HEAD} 1 {}\n{}\n", p.theme, fields.join("\t"));
            let name = format!("old-{k}.txt");
            manifest.push_str(&format!(
                "shard {name} {} 1 {d}-{d} {:016x}\n",
                p.theme,
                fnv1a_64(text.as_bytes()),
                d = p.difficulty
            ));
            shards.push((name, text));
        }
        let m = SetManifest::parse(&manifest).unwrap();
        assert_eq!(m.version, 1);
        for (e, p) in m.shards.iter().zip(&puzzles) {
            let expected = rating_of_difficulty(p.difficulty);
            assert_eq!(e.rating, (expected, expected));
            let text = &shards.iter().find(|s| s.0 == e.name).unwrap().1;
            let r = read_shard(e, text).unwrap();
            assert!(r.errors.is_empty(), "{:?}", r.errors);
            assert_eq!(r.puzzles[0].id, p.id);
            assert_eq!(r.puzzles[0].rating, expected);
        }
        // Written again, it is a set of the present version.
        assert!(m
            .to_text()
            .starts_with(&format!("{MANIFEST_HEAD} {VERSION}\n")));
    }

    #[test]
    fn a_puzzle_whose_solution_is_illegal_is_reported_and_the_rest_is_read() {
        let puzzles = some_puzzles();
        let mut broken = puzzles[0].clone();
        broken.theme = puzzles[1].theme;
        let good = puzzles[1].clone();
        // The first puzzle's solution played from the second's position: not legal there.
        let mut lines = format!("{SHARD_HEAD} {VERSION} {}\n", good.theme);
        lines.push_str(&good.to_line());
        lines.push('\n');
        let mut fields: Vec<String> = broken.to_line().split('\t').map(String::from).collect();
        fields[4] = crate::notation::uhp::GameString::from_position(&good.position).to_string();
        lines.push_str(&fields.join("\t"));
        lines.push('\n');
        let entry = ShardEntry {
            name: "x.txt".into(),
            theme: good.theme,
            count: 2,
            difficulty: (1, 1),
            rating: (900, 900),
            checksum: fnv1a_64(lines.as_bytes()),
        };
        let r = read_shard(&entry, &lines).unwrap();
        assert_eq!(r.puzzles.len(), 1);
        assert_eq!(r.puzzles[0].id, good.id);
        assert_eq!(r.errors.len(), 1);
        assert!(
            r.errors[0].starts_with("x.txt line 3: the solution"),
            "{}",
            r.errors[0]
        );
    }
}
