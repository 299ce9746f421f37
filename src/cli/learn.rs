//! `beeline learn`: the built-in courses, listed or written out as study files (which
//! `beeline study check` passes, and which can be edited and opened as any study).

use beeline::learn::course::COURSES;
use std::path::PathBuf;

/// The built-in courses (interactive studies on the rules and on the three notations):
/// list them, or write them as study files.
#[derive(clap::Args)]
#[group(required = true, multiple = false)]
pub struct LearnArgs {
    /// List the courses: id, title, chapters and the moves a reader finds, then each
    /// chapter's name.
    #[arg(long)]
    list: bool,
    /// Write each course as a study file `<id>.pgn` into this folder (created if needed).
    #[arg(long, value_name = "DIR")]
    export: Option<PathBuf>,
}

pub fn run(args: LearnArgs) -> Result<(), String> {
    match args.export {
        Some(dir) => export(&dir),
        None => {
            list();
            Ok(())
        }
    }
}

fn list() {
    for course in COURSES {
        let study = course.study();
        let moves: usize = study.chapters.iter().map(|c| c.reader_moves()).sum();
        println!(
            "{}\t{}\t{} chapters\t{} moves to find\t{}",
            course.id,
            study.title,
            study.chapters.len(),
            moves,
            course.summary
        );
        for (i, c) in study.chapters.iter().enumerate() {
            println!("  {:2}. {}", i + 1, c.name);
        }
    }
}

fn export(dir: &std::path::Path) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for course in COURSES {
        let path = dir.join(course.file_name());
        std::fs::write(&path, course.text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!("{}", path.display());
    }
    Ok(())
}
