//! `beeline study`: study files (lichess's PGN of chapters) checked, split into one file a
//! chapter, and joined back.

use beeline::record::{RecordError, MAX_INPUT};
use beeline::study::file::{self, StudyRead};
use beeline::study::{default_chapter_name, orientation_name, Chapter, ChapterMode, Study};
use beeline::study::{StudyFault, MAX_CHAPTERS};
use std::path::{Path, PathBuf};

/// Check, split and join studies: PGN files of several games, each a chapter, with
/// lichess's tags (StudyName, ChapterName, ChapterMode, Orientation).
#[derive(clap::Args)]
pub struct StudyArgs {
    #[command(subcommand)]
    command: StudyCommand,
}

#[derive(clap::Subcommand)]
enum StudyCommand {
    Check(CheckArgs),
    Split(SplitArgs),
    Join(JoinArgs),
}

/// Replay every chapter of study files (variations too), check their tags and that each
/// interactive chapter has a move for the reader to find, and list the chapters.
#[derive(clap::Args)]
struct CheckArgs {
    /// The study files; `-` reads standard input.
    #[arg(required = true)]
    files: Vec<String>,
}

/// Write each chapter of a study as a study file of its own: 01-<name>.pgn, 02-…
#[derive(clap::Args)]
struct SplitArgs {
    /// The study file; `-` reads standard input.
    file: String,
    /// The folder to write the chapters into (created if needed).
    #[arg(long)]
    out: PathBuf,
}

/// Join the chapters of study files (or games of plain PGN files), in order, into one
/// study.
#[derive(clap::Args)]
struct JoinArgs {
    /// The study or game files, in chapter order.
    #[arg(required = true)]
    files: Vec<String>,
    /// The study's title (default: the first file's).
    #[arg(long)]
    title: Option<String>,
    /// The file to write; `-` or nothing writes standard output.
    #[arg(long)]
    out: Option<String>,
}

pub fn run(args: StudyArgs) -> Result<(), String> {
    match args.command {
        StudyCommand::Check(a) => check(a),
        StudyCommand::Split(a) => split(a),
        StudyCommand::Join(a) => join(a),
    }
}

/// How messages name a file.
pub(super) fn label(file: &str) -> &str {
    if file == "-" {
        "standard input"
    } else {
        file
    }
}

/// The studies of a study file's text. The whole file is read at once (its chapters share
/// one title), so it has the size limit of a single record.
pub(super) fn read_text(text: &str) -> Result<StudyRead, String> {
    if text.len() > MAX_INPUT {
        return Err(RecordError::TooLarge(text.len()).to_string());
    }
    let read = file::read(text);
    if read.studies.iter().all(|s| s.chapters.is_empty()) && read.faults.is_empty() {
        return Err(RecordError::Empty.to_string());
    }
    Ok(read)
}

/// The studies of a file, the error naming the file.
fn read_file(file: &str) -> Result<StudyRead, String> {
    let text = super::read_input(Some(file))?;
    read_text(&text).map_err(|e| format!("{}: {e}", label(file)))
}

/// A study's faults sorted for what reads it.
pub(super) struct Faults {
    /// What stops the file from being the study it means: a game left out, a move that
    /// stopped its chapter, a tag that could not be read. What was written from it lacks
    /// these, so they fail every command.
    pub reading: Vec<(usize, StudyFault)>,
    /// Interactive chapters with nothing for the reader to find, and prompts that ask for a
    /// name wrongly (`[%name …]`): faults of the study that
    /// `check` fails, but that a conversion or a split keeps faithfully (a note there).
    pub lesson: Vec<(usize, StudyFault)>,
}

impl Faults {
    pub fn of(read: &StudyRead) -> Faults {
        let (lesson, reading) = read.all_faults().into_iter().partition(|(s, f)| {
            let chapter = read
                .studies
                .get(*s)
                .and_then(|s| s.chapters.get(f.chapter.checked_sub(1)?));
            // Told from the others by its chapter, so that a new kind of fault fails.
            f.mv.is_none()
                && !read.faults.iter().any(|(_, r)| r == f)
                && chapter.is_some_and(|c| {
                    c.name == f.name
                        && ((c.mode == ChapterMode::Interactive && c.reader_moves() == 0)
                            || c.name_faults().contains(&f.reason))
                })
        });
        Faults { reading, lesson }
    }
}

/// A fault as one line: the file, the study when the file holds several, the chapter, the
/// move and the reason.
pub(super) fn fault_line(file: &str, read: &StudyRead, (s, fault): &(usize, StudyFault)) -> String {
    match read.studies.get(*s) {
        Some(study) if read.studies.len() > 1 => {
            format!("{}: study \"{}\": {fault}", label(file), study.title)
        }
        _ => format!("{}: {fault}", label(file)),
    }
}

/// Prints the repairs made while reading each chapter as notes on standard error.
pub(super) fn print_notes(file: &str, read: &StudyRead) {
    for study in &read.studies {
        for (i, c) in study.chapters.iter().enumerate() {
            for n in &c.record.notices {
                eprintln!(
                    "beeline: note: {}: chapter {} ({}): {n}",
                    label(file),
                    i + 1,
                    c.name
                );
            }
        }
    }
}

/// "1 move", "3 moves".
pub(super) fn count(n: usize, what: &str) -> String {
    if n == 1 {
        format!("{n} {what}")
    } else {
        format!("{n} {what}s")
    }
}

/// A chapter's mode as listed: `normal`, or `interactive, black` (the reader's side).
pub(super) fn mode_text(c: &Chapter) -> String {
    match c.mode {
        ChapterMode::Normal => c.mode.name().to_string(),
        ChapterMode::Interactive => {
            format!("{}, {}", c.mode.name(), orientation_name(c.orientation))
        }
    }
}

/// The listing of a study: its title, then one line a chapter.
fn listing(file: &str, study: &Study) -> String {
    let mut out = format!(
        "{}: \"{}\", {}\n",
        label(file),
        study.title,
        count(study.chapters.len(), "chapter")
    );
    for (i, c) in study.chapters.iter().enumerate() {
        let s = c.summary();
        out.push_str(&format!(
            "  {}. {}: {}, {}, {}",
            i + 1,
            c.name,
            mode_text(c),
            count(s.moves, "move"),
            count(s.variations, "variation")
        ));
        if c.mode == ChapterMode::Interactive {
            out.push_str(&format!(", {} to find", s.reader_moves));
        }
        out.push('\n');
    }
    out
}

/// Every file is checked, whatever the one before held; the status says whether any had
/// a fault.
fn check(args: CheckArgs) -> Result<(), String> {
    let mut faults = 0;
    let mut failed_files = 0;
    for file in &args.files {
        let read = match read_file(file) {
            Ok(read) => read,
            Err(e) => {
                eprintln!("beeline: {e}");
                faults += 1;
                failed_files += 1;
                continue;
            }
        };
        if !read.named {
            eprintln!(
                "beeline: note: {} names no study (no StudyName tag): its games are checked as the chapters of one",
                label(file)
            );
        }
        print_notes(file, &read);
        for study in &read.studies {
            print!("{}", listing(file, study));
        }
        let found = read.all_faults();
        for f in &found {
            eprintln!("beeline: {}", fault_line(file, &read, f));
        }
        faults += found.len();
        failed_files += usize::from(!found.is_empty());
    }
    if faults > 0 {
        return Err(format!(
            "{} in {} of {}",
            count(faults, "fault"),
            failed_files,
            count(args.files.len(), "file")
        ));
    }
    Ok(())
}

/// A file name's part from a chapter's name: ASCII letters and digits, lower case, the rest
/// as single dashes; "chapter" when nothing is left (a name in another script).
fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out: String = out.chars().take(40).collect();
    let out = out.trim_end_matches('-');
    if out.is_empty() {
        "chapter".to_string()
    } else {
        out.to_string()
    }
}

/// The file names of a split, in chapter order: numbered so that they sort in order.
fn split_names(names: &[&str]) -> Vec<String> {
    let width = names.len().to_string().len().max(2);
    names
        .iter()
        .enumerate()
        .map(|(i, name)| format!("{:0width$}-{}.pgn", i + 1, slug(name)))
        .collect()
}

/// Writes what could be read, then fails on the faults of reading (as convert does).
fn split(args: SplitArgs) -> Result<(), String> {
    let read = read_file(&args.file)?;
    if !read.named {
        eprintln!(
            "beeline: note: {} names no study (no StudyName tag): each chapter's file is titled \"{}\"",
            label(&args.file),
            read.studies.first().map_or("", |s| s.title.as_str())
        );
    }
    print_notes(&args.file, &read);
    let chapters: Vec<(&Study, &Chapter)> = read
        .studies
        .iter()
        .flat_map(|s| s.chapters.iter().map(move |c| (s, c)))
        .collect();
    let names: Vec<&str> = chapters.iter().map(|(_, c)| c.name.as_str()).collect();
    std::fs::create_dir_all(&args.out)
        .map_err(|e| format!("cannot create {}: {e}", args.out.display()))?;
    for ((study, chapter), name) in chapters.iter().zip(split_names(&names)) {
        let path = args.out.join(name);
        write_file(&path, &file::chapter_text(&study.title, chapter))?;
        println!("{}", path.display());
    }
    finish(&args.file, &read)
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Prints a study's faults of reading (those of the lesson as notes) and fails on the
/// first kind.
pub(super) fn finish(file: &str, read: &StudyRead) -> Result<(), String> {
    let faults = Faults::of(read);
    for f in &faults.lesson {
        eprintln!("beeline: note: {}", fault_line(file, read, f));
    }
    report(file, read, &faults.reading)
}

/// Prints each fault and fails when there is one.
fn report(file: &str, read: &StudyRead, faults: &[(usize, StudyFault)]) -> Result<(), String> {
    for f in faults {
        eprintln!("beeline: {}", fault_line(file, read, f));
    }
    match faults.len() {
        0 => Ok(()),
        n => Err(format!(
            "{}: {}; what could be read was written",
            label(file),
            count(n, "fault")
        )),
    }
}

/// The files' chapters as one study, titled by the first file that names one (a game's
/// Event is no study's title). A file that names no study gives its games as chapters, those
/// without players or event named by their number in the joined study; one that cannot be
/// read is named and left out, the others joined (status 2).
fn join(args: JoinArgs) -> Result<(), String> {
    let mut chapters: Vec<Chapter> = Vec::new();
    let mut first_title = None;
    let mut failed = 0;
    for file in &args.files {
        let read = match read_file(file) {
            Ok(read) => read,
            Err(e) => {
                eprintln!("beeline: {e}");
                failed += 1;
                continue;
            }
        };
        print_notes(file, &read);
        if let Some(first) = read.studies.first().filter(|_| read.named) {
            first_title.get_or_insert_with(|| first.title.clone());
        }
        for study in &read.studies {
            for (i, c) in study.chapters.iter().enumerate() {
                let mut c = c.clone();
                // "Chapter 2" of its own file is the joined study's "Chapter 7".
                if !read.named && c.name == default_chapter_name(&c.record, i + 1) {
                    c.name = default_chapter_name(&c.record, chapters.len() + 1);
                }
                chapters.push(c);
            }
        }
        if finish(file, &read).is_err() {
            failed += 1;
        }
    }
    if chapters.len() > MAX_CHAPTERS {
        return Err(format!(
            "the files hold {} chapters; a study holds at most {MAX_CHAPTERS}: nothing was written",
            chapters.len()
        ));
    }
    if chapters.is_empty() {
        return Err("no chapter could be read: nothing was written".to_string());
    }
    let title = match &args.title {
        Some(t) if Study::new(t).title.is_empty() => {
            return Err("--title is empty".to_string());
        }
        Some(t) => t.clone(),
        None => first_title.unwrap_or_else(|| "Study".to_string()),
    };
    let mut study = Study::new(&title);
    study.chapters = chapters;
    let text = file::write(&study);
    match args.out.as_deref() {
        None | Some("-") => print!("{text}"),
        Some(path) => {
            write_file(Path::new(path), &text)?;
            println!("{path}");
        }
    }
    match failed {
        0 => Ok(()),
        n => Err(format!(
            "{} of {} had faults; the chapters that could be read were joined",
            n,
            count(args.files.len(), "file")
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slugs_are_ascii_and_never_empty() {
        assert_eq!(slug("The climb!"), "the-climb");
        assert_eq!(slug("  Ann – Bob (2) "), "ann-bob-2");
        assert_eq!(slug("Ферзь"), "chapter");
        assert_eq!(slug("Café au lait"), "caf-au-lait");
        assert!(slug(&"ab ".repeat(50)).len() <= 40);
        assert!(!slug(&"ab ".repeat(50)).ends_with('-'));
    }

    #[test]
    fn split_names_sort_in_chapter_order() {
        let names = split_names(&["b", "a"]);
        assert_eq!(names, ["01-b.pgn", "02-a.pgn"]);
        let many: Vec<String> = (0..120).map(|i| i.to_string()).collect();
        let refs: Vec<&str> = many.iter().map(String::as_str).collect();
        let names = split_names(&refs);
        assert_eq!(names[0], "001-0.pgn");
        let mut sorted = names.clone();
        sorted.sort();
        assert_eq!(sorted, names);
    }
}
