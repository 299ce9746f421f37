//! The built-in puzzle set, as the app serves it from `assets/puzzles/` and the command line
//! prints it (`beeline puzzles --builtin --json`). Where its games came from is in
//! docs/PUZZLES.md; `scripts/make-puzzles.sh` mines it again and writes this file's list.

use super::set::{read_shard, SetManifest, MANIFEST};
use super::MinedPuzzle;

/// The set's files: (name, text), the manifest first.
pub const FILES: &[(&str, &str)] = &[
    // generated: start
    (
        "puzzles.txt",
        include_str!("../../assets/puzzles/puzzles.txt"),
    ),
    (
        "surround-1-0.txt",
        include_str!("../../assets/puzzles/surround-1-0.txt"),
    ),
    (
        "surround-1-1.txt",
        include_str!("../../assets/puzzles/surround-1-1.txt"),
    ),
    (
        "surround-1-2.txt",
        include_str!("../../assets/puzzles/surround-1-2.txt"),
    ),
    (
        "surround-1-3.txt",
        include_str!("../../assets/puzzles/surround-1-3.txt"),
    ),
    (
        "surround-1-4.txt",
        include_str!("../../assets/puzzles/surround-1-4.txt"),
    ),
    (
        "surround-1-5.txt",
        include_str!("../../assets/puzzles/surround-1-5.txt"),
    ),
    (
        "surround-1-6.txt",
        include_str!("../../assets/puzzles/surround-1-6.txt"),
    ),
    (
        "surround-1-7.txt",
        include_str!("../../assets/puzzles/surround-1-7.txt"),
    ),
    (
        "surround-1-8.txt",
        include_str!("../../assets/puzzles/surround-1-8.txt"),
    ),
    (
        "surround-1-9.txt",
        include_str!("../../assets/puzzles/surround-1-9.txt"),
    ),
    (
        "surround-1-10.txt",
        include_str!("../../assets/puzzles/surround-1-10.txt"),
    ),
    (
        "surround-1-11.txt",
        include_str!("../../assets/puzzles/surround-1-11.txt"),
    ),
    (
        "surround-2-0.txt",
        include_str!("../../assets/puzzles/surround-2-0.txt"),
    ),
    (
        "surround-2-1.txt",
        include_str!("../../assets/puzzles/surround-2-1.txt"),
    ),
    (
        "surround-2-2.txt",
        include_str!("../../assets/puzzles/surround-2-2.txt"),
    ),
    (
        "surround-2-3.txt",
        include_str!("../../assets/puzzles/surround-2-3.txt"),
    ),
    (
        "surround-2-4.txt",
        include_str!("../../assets/puzzles/surround-2-4.txt"),
    ),
    (
        "surround-2-5.txt",
        include_str!("../../assets/puzzles/surround-2-5.txt"),
    ),
    (
        "surround-2-6.txt",
        include_str!("../../assets/puzzles/surround-2-6.txt"),
    ),
    (
        "surround-2-7.txt",
        include_str!("../../assets/puzzles/surround-2-7.txt"),
    ),
    (
        "surround-2-8.txt",
        include_str!("../../assets/puzzles/surround-2-8.txt"),
    ),
    (
        "surround-2-9.txt",
        include_str!("../../assets/puzzles/surround-2-9.txt"),
    ),
    (
        "surround-2-10.txt",
        include_str!("../../assets/puzzles/surround-2-10.txt"),
    ),
    (
        "surround-2-11.txt",
        include_str!("../../assets/puzzles/surround-2-11.txt"),
    ),
    (
        "surround-2-12.txt",
        include_str!("../../assets/puzzles/surround-2-12.txt"),
    ),
    (
        "surround-2-13.txt",
        include_str!("../../assets/puzzles/surround-2-13.txt"),
    ),
    (
        "surround-2-14.txt",
        include_str!("../../assets/puzzles/surround-2-14.txt"),
    ),
    (
        "surround-3-0.txt",
        include_str!("../../assets/puzzles/surround-3-0.txt"),
    ),
    (
        "surround-3-1.txt",
        include_str!("../../assets/puzzles/surround-3-1.txt"),
    ),
    (
        "surround-3-2.txt",
        include_str!("../../assets/puzzles/surround-3-2.txt"),
    ),
    (
        "surround-3-3.txt",
        include_str!("../../assets/puzzles/surround-3-3.txt"),
    ),
    (
        "surround-3-4.txt",
        include_str!("../../assets/puzzles/surround-3-4.txt"),
    ),
    (
        "surround-3-5.txt",
        include_str!("../../assets/puzzles/surround-3-5.txt"),
    ),
    (
        "surround-3-6.txt",
        include_str!("../../assets/puzzles/surround-3-6.txt"),
    ),
    (
        "surround-3-7.txt",
        include_str!("../../assets/puzzles/surround-3-7.txt"),
    ),
    (
        "surround-3-8.txt",
        include_str!("../../assets/puzzles/surround-3-8.txt"),
    ),
    (
        "surround-3-9.txt",
        include_str!("../../assets/puzzles/surround-3-9.txt"),
    ),
    (
        "surround-3-10.txt",
        include_str!("../../assets/puzzles/surround-3-10.txt"),
    ),
    (
        "surround-3-11.txt",
        include_str!("../../assets/puzzles/surround-3-11.txt"),
    ),
    (
        "surround-3-12.txt",
        include_str!("../../assets/puzzles/surround-3-12.txt"),
    ),
    (
        "surround-3-13.txt",
        include_str!("../../assets/puzzles/surround-3-13.txt"),
    ),
    (
        "surround-3-14.txt",
        include_str!("../../assets/puzzles/surround-3-14.txt"),
    ),
    (
        "surround-3-15.txt",
        include_str!("../../assets/puzzles/surround-3-15.txt"),
    ),
    (
        "surround-3-16.txt",
        include_str!("../../assets/puzzles/surround-3-16.txt"),
    ),
    (
        "surround-3-17.txt",
        include_str!("../../assets/puzzles/surround-3-17.txt"),
    ),
    (
        "surround-3-18.txt",
        include_str!("../../assets/puzzles/surround-3-18.txt"),
    ),
    (
        "surround-3-19.txt",
        include_str!("../../assets/puzzles/surround-3-19.txt"),
    ),
    (
        "surround-3-20.txt",
        include_str!("../../assets/puzzles/surround-3-20.txt"),
    ),
    (
        "surround-3-21.txt",
        include_str!("../../assets/puzzles/surround-3-21.txt"),
    ),
    (
        "only-move-0.txt",
        include_str!("../../assets/puzzles/only-move-0.txt"),
    ),
    (
        "only-move-1.txt",
        include_str!("../../assets/puzzles/only-move-1.txt"),
    ),
    (
        "defence-0.txt",
        include_str!("../../assets/puzzles/defence-0.txt"),
    ),
    (
        "defence-1.txt",
        include_str!("../../assets/puzzles/defence-1.txt"),
    ),
    (
        "defence-2.txt",
        include_str!("../../assets/puzzles/defence-2.txt"),
    ),
    (
        "defence-3.txt",
        include_str!("../../assets/puzzles/defence-3.txt"),
    ),
    (
        "defence-4.txt",
        include_str!("../../assets/puzzles/defence-4.txt"),
    ),
    (
        "defence-5.txt",
        include_str!("../../assets/puzzles/defence-5.txt"),
    ),
    (
        "defence-6.txt",
        include_str!("../../assets/puzzles/defence-6.txt"),
    ),
    (
        "defence-7.txt",
        include_str!("../../assets/puzzles/defence-7.txt"),
    ),
    (
        "defence-8.txt",
        include_str!("../../assets/puzzles/defence-8.txt"),
    ),
    // generated: end
];

/// What the set's manifest says of it.
pub fn about() -> String {
    manifest().map(|m| m.about).unwrap_or_default()
}

/// The set's manifest.
pub fn manifest() -> Result<SetManifest, String> {
    let text = FILES
        .iter()
        .find(|(n, _)| *n == MANIFEST)
        .map(|(_, t)| *t)
        .ok_or("no manifest")?;
    SetManifest::parse(text).map_err(|e| e.to_string())
}

/// Every puzzle of the set, and what could not be read.
pub fn puzzles() -> (Vec<MinedPuzzle>, Vec<String>) {
    let m = match manifest() {
        Ok(m) => m,
        Err(e) => return (Vec::new(), vec![e]),
    };
    let mut out = Vec::new();
    let mut errors = Vec::new();
    for e in &m.shards {
        match FILES.iter().find(|(n, _)| *n == e.name) {
            None => errors.push(format!("{} is not built in", e.name)),
            Some((_, text)) => match read_shard(e, text) {
                Ok(r) => {
                    out.extend(r.puzzles);
                    errors.extend(r.errors);
                }
                Err(err) => errors.push(err.to_string()),
            },
        }
    }
    (out, errors)
}
