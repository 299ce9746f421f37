//! The index from the disk (`collection::index::disk`): record files read into the index the
//! command line answers from, with what could not be read told and not fatal unless nothing
//! could; saved index files opened, refused under a filter other than the one they were
//! built under, and refused naming their path when missing or damaged.

mod common;
use common::beeline;

use beeline::collection::explorer::{play_line, Filter};
use beeline::collection::index::disk::{
    check_filter, index_files, open_index, open_layout, DiskIndexError,
};
use beeline::collection::index::{Index, DEPTH};
use beeline::collection::{files, generate};
use std::path::{Path, PathBuf};

fn records() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/records")
}

/// A file of `n` random games (their players' names drawn from a few).
fn generated(dir: &Path, n: usize) -> PathBuf {
    let path = dir.join("games.pgn");
    let text: String = (0..n).map(|i| generate::game_pgn(3, i)).collect();
    std::fs::write(&path, text).unwrap();
    path
}

fn save(index: &Index, path: &Path) {
    let mut bytes = Vec::new();
    index.write_to(&mut bytes).unwrap();
    std::fs::write(path, bytes).unwrap();
}

const LINES: [&str; 4] = ["", "wP", "wS1", "wP;bP wP-"];

/// The records folder indexed by the library answers every line as `beeline explore` does,
/// both ways of reading, and the failures and notes it returns are those the command line
/// prints.
#[test]
fn indexing_the_records_answers_as_the_command_line() {
    let dir = records();
    let dir_s = dir.display().to_string();
    for check_all in [false, true] {
        let read = index_files(
            std::slice::from_ref(&dir),
            &Filter::default(),
            DEPTH,
            check_all,
            Some(2),
        );
        assert!(read.failures.is_empty(), "{:?}", read.failures);
        // illegal_move.pgn stops at its 9th move: indexed up to there, and told.
        assert_eq!(read.in_part.len(), 1, "{:?}", read.in_part);
        let part = &read.in_part[0];
        assert!(part.source.ends_with("illegal_move.pgn"), "{part}");
        assert_eq!(part.plies, 8);
        assert!(read.skipped > 0, "the folder's non-record files");
        let (games, skipped, note) = (read.games, read.skipped, part.to_string());
        let index = read.into_index().unwrap();
        assert!(index.games() > 10 && index.games() <= games);
        for line in LINES {
            let mut args = vec!["explore", dir_s.as_str(), "--json", "--line", line];
            if check_all {
                args.push("--check-all");
            }
            let o = beeline(&args);
            assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
            let pos = play_line(line).unwrap();
            let report = index.explore(&pos, None);
            assert!(report.games > 0);
            let expected = serde_json::to_string_pretty(&report).unwrap() + "\n";
            assert_eq!(String::from_utf8_lossy(&o.stdout), expected, "{line}");
            assert_eq!(
                String::from_utf8_lossy(&o.stderr),
                format!(
                    "beeline: note: {note}\nbeeline: {games} games read, 0 unreadable, \
                     1 read in part, {skipped} other files skipped\n"
                )
            );
        }
    }
    // Every move played: the library's index of the whole collection, to the depth.
    let c = files::read_paths(std::slice::from_ref(&dir), 1);
    let all = index_files(&[dir], &Filter::default(), DEPTH, true, Some(1));
    assert_eq!(
        all.into_index().unwrap(),
        Index::build(&c.games, &Filter::default(), DEPTH)
    );
}

/// Filters apply when an index is built: reopened under the same filter or none it answers,
/// under another it is refused before it is read, naming what it holds.
#[test]
fn a_saved_index_is_refused_under_another_filter() {
    let dir = common::scratch("index-files-filter");
    let pgn = generated(&dir, 60);
    let ann = Filter {
        player: Some("ann".into()),
        ..Filter::default()
    };
    let bob = Filter {
        player: Some("Bob".into()),
        ..Filter::default()
    };
    let index = index_files(std::slice::from_ref(&pgn), &ann, 12, false, Some(1))
        .into_index()
        .unwrap();
    assert!(index.games() > 0 && index.games() < 60, "{}", index.games());
    assert_eq!(index.filter(), "player \"ann\"");
    let path = dir.join("ann.idx");
    save(&index, &path);

    assert_eq!(open_index(&path, &ann).unwrap(), index);
    assert_eq!(open_index(&path, &Filter::default()).unwrap(), index);
    let (_, layout) = open_layout(&path, &ann).unwrap();
    assert_eq!(layout.head().depth(), 12);
    assert_eq!(layout.head().games(), index.games());
    let refused = format!(
        "{}: this index holds player \"ann\"; filters apply when an index is built (--save, book)",
        path.display()
    );
    for e in [
        open_index(&path, &bob).unwrap_err(),
        open_layout(&path, &bob).map(|_| ()).unwrap_err(),
    ] {
        assert!(matches!(e, DiskIndexError::OtherFilter { .. }), "{e:?}");
        assert_eq!(e.to_string(), refused);
    }
    // An index of every game refuses a filter too: it cannot apply one afterwards.
    let every = index_files(&[pgn], &Filter::default(), 12, false, Some(1))
        .into_index()
        .unwrap();
    let path = dir.join("every.idx");
    save(&every, &path);
    let e = open_index(&path, &ann).unwrap_err();
    assert!(e.to_string().contains("this index holds every game"), "{e}");
    // A book's filter is checked the same, by its folder.
    let book = Path::new("book");
    assert!(check_filter(book, &ann, "player \"ann\"").is_ok());
    assert!(check_filter(book, &Filter::default(), "player \"ann\"").is_ok());
    let e = check_filter(book, &bob, "player \"ann\"").unwrap_err();
    assert!(e
        .to_string()
        .starts_with("book: this index holds player \"ann\";"));
}

/// A file that cannot be read, or holds no game, is a failure told beside the index; only
/// when no game at all could be read is it an error.
#[test]
fn unreadable_files_are_reported_not_fatal() {
    let dir = common::scratch("index-files-unreadable");
    let good = dir.join("good.pgn");
    std::fs::write(&good, generate::game_pgn(1, 0)).unwrap();
    let chess = dir.join("chess.pgn");
    std::fs::write(&chess, "[GameType \"Chess\"]\n\n1. e4 e5\n").unwrap();
    let part = dir.join("part.pgn");
    std::fs::write(
        &part,
        "[GameType \"Base\"]\n\n1. wS1\n2. bS1 wS1-\n3. wQ bS1-\n",
    )
    .unwrap();
    let missing = dir.join("missing.pgn");

    let paths = [good.clone(), chess.clone(), part.clone(), missing.clone()];
    let read = index_files(&paths, &Filter::default(), DEPTH, false, Some(1));
    assert_eq!(read.games, 2);
    // Paths that are not there fail before any file is read.
    let sources: Vec<&str> = read.failures.iter().map(|f| f.source.as_str()).collect();
    assert_eq!(
        sources,
        [missing.display().to_string(), chess.display().to_string()]
    );
    assert!(read.failures[0].error.starts_with("cannot read it"));
    assert!(read.failures[1].error.contains("Chess"));
    assert_eq!(read.in_part.len(), 1);
    assert_eq!(read.in_part[0].source, part.display().to_string());
    assert_eq!(read.in_part[0].plies, 2);
    assert!(read.in_part[0]
        .to_string()
        .starts_with(&format!("{}: read up to move 2 (", part.display())));
    let index = read.into_index().unwrap();
    assert_eq!(index.games(), 2);

    // Nothing readable: the failures are still there to tell, and then an error.
    let read = index_files(&[chess, missing], &Filter::default(), DEPTH, false, None);
    assert_eq!((read.games, read.failures.len()), (0, 2));
    let e = read.into_index().unwrap_err();
    assert!(matches!(e, DiskIndexError::NoGame));
    assert_eq!(e.to_string(), "no game could be read");
}

/// A saved index missing, cut short or not an index at all is refused with the reason,
/// naming its path, whether opened whole or by its header.
#[test]
fn a_missing_or_damaged_saved_index_names_its_path() {
    let dir = common::scratch("index-files-damaged");
    let pgn = generated(&dir, 20);
    let index = index_files(
        std::slice::from_ref(&pgn),
        &Filter::default(),
        DEPTH,
        false,
        Some(1),
    )
    .into_index()
    .unwrap();
    let whole = dir.join("whole.idx");
    save(&index, &whole);
    let bytes = std::fs::read(&whole).unwrap();
    let cut = dir.join("cut.idx");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let missing = dir.join("missing.idx");

    for e in [
        open_index(&missing, &Filter::default()).unwrap_err(),
        open_layout(&missing, &Filter::default())
            .map(|_| ())
            .unwrap_err(),
    ] {
        assert!(matches!(e, DiskIndexError::Unreadable { .. }), "{e:?}");
        let prefix = format!("{}: cannot read it: ", missing.display());
        assert!(e.to_string().starts_with(&prefix), "{e}");
    }
    // Cut short: refused from its header, before the rest is read, as when read whole.
    let whole_read = open_index(&cut, &Filter::default()).unwrap_err();
    let header = open_layout(&cut, &Filter::default())
        .map(|_| ())
        .unwrap_err();
    assert_eq!(whole_read.to_string(), header.to_string());
    assert!(matches!(header, DiskIndexError::Index { .. }), "{header:?}");
    let e = header.to_string();
    assert!(
        e.starts_with(&format!("{}: ", cut.display())) && e.contains("cut short"),
        "{e}"
    );
    assert_eq!(open_index(&whole, &Filter::default()).unwrap(), index);
    // A record file is no index.
    let e = open_layout(&pgn, &Filter::default())
        .map(|_| ())
        .unwrap_err();
    assert!(
        e.to_string().starts_with(&format!("{}: ", pgn.display())),
        "{e}"
    );
    assert!(matches!(e, DiskIndexError::Index { .. }), "{e:?}");
}

/// A file longer than the reader's block (4 MiB) is read a block at a time: the games,
/// their names and lines are those of the whole text read at once, the one game cut by
/// each block's end included.
#[test]
fn a_file_of_several_blocks_reads_as_the_whole_text() {
    let dir = tempfile_dir("blocks");
    let path = generated(&dir, 11000);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.len() > 2 * (4 << 20),
        "{} bytes: too few for three blocks",
        text.len()
    );
    let source = path.display().to_string();
    let mut whole = beeline::collection::Collection::new();
    whole.add_text(&source, &text);
    for g in &mut whole.games {
        g.span = None;
    }
    let streamed = files::read_paths(std::slice::from_ref(&path), 2);
    assert_eq!(streamed.games.len(), 11000);
    assert_eq!(streamed.failures, whole.failures);
    assert_eq!(streamed.games, whole.games);
    let _ = std::fs::remove_dir_all(&dir);
}

fn tempfile_dir(name: &str) -> PathBuf {
    let dir =
        std::env::temp_dir().join(format!("beeline-index-files-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
