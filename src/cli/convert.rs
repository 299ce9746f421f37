//! `beeline convert`: a game record in another format, or every chapter of a study.

use super::study::{self as cli_study, label};
use beeline::record::export::{json_record, Export, JsonRecord};
use beeline::record::{import, Format};
use beeline::study::file::{self, StudyRead};
use beeline::study::{orientation_name, Study};
use serde::Serialize;

/// Convert a game record (UHP, PGN, BoardSpace SGF or a move list) to another format. A
/// study (a PGN with StudyName tags) is converted chapter by chapter.
#[derive(clap::Args)]
pub struct ConvertArgs {
    /// The record file; `-` or nothing reads standard input.
    file: Option<String>,
    /// The input format (detected when left out).
    #[arg(long, value_enum)]
    from: Option<Format>,
    /// The output format.
    #[arg(long, value_enum, default_value = "table")]
    to: Export,
}

pub fn run(args: ConvertArgs) -> Result<(), String> {
    let text = super::read_input(args.file.as_deref())?;
    // A study's games follow each other: read as one record, it would stop at the second.
    if matches!(args.from, None | Some(Format::Pgn)) && file::names_a_study(&text) {
        let name = args.file.as_deref().unwrap_or("-");
        return convert_study(name, &cli_study::read_text(&text)?, args.to);
    }
    let rec = import(&text, args.from).map_err(|e| e.to_string())?;
    if !args.to.can_hold(&rec) {
        return Err(args.to.text(&rec).trim_end().to_string());
    }
    print!("{}", args.to.text(&rec));
    super::finish(&rec)
}

/// The JSON form of a study: its title and its chapters, each with its game as the
/// single-record export writes it.
#[derive(Serialize)]
struct JsonStudy<'a> {
    study: &'a str,
    chapters: Vec<JsonChapter<'a>>,
}

#[derive(Serialize)]
struct JsonChapter<'a> {
    name: &'a str,
    mode: &'static str,
    orientation: &'static str,
    record: JsonRecord,
}

fn json_study(study: &Study) -> String {
    let json = JsonStudy {
        study: &study.title,
        chapters: study
            .chapters
            .iter()
            .map(|c| JsonChapter {
                name: &c.name,
                mode: c.mode.name(),
                orientation: orientation_name(c.orientation),
                record: json_record(&c.record),
            })
            .collect(),
    };
    // Strings, numbers and options only: serialising them cannot fail.
    serde_json::to_string_pretty(&json).unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}")) + "\n"
}

/// Every chapter of the file's studies: PGN as the study file, JSON as one object a study,
/// the other formats one chapter after another under a header line. What could be read is
/// written; then the faults of reading, and the chapters the format cannot hold, are named
/// (status 2).
fn convert_study(file: &str, read: &StudyRead, to: Export) -> Result<(), String> {
    cli_study::print_notes(file, read);
    let studies = read.studies.iter().filter(|s| !s.chapters.is_empty());
    let mut refused = 0;
    match to {
        Export::Pgn => print!("{}", file::join(studies.map(file::write))),
        Export::Json => studies.for_each(|s| print!("{}", json_study(s))),
        _ => {
            for (k, study) in studies.enumerate() {
                if k > 0 {
                    println!();
                }
                println!("# Study: {}", study.title);
                for (i, c) in study.chapters.iter().enumerate() {
                    if !to.can_hold(&c.record) {
                        eprintln!(
                            "beeline: {}: chapter {} ({}): {}",
                            label(file),
                            i + 1,
                            c.name,
                            to.text(&c.record).trim_end()
                        );
                        refused += 1;
                        continue;
                    }
                    println!(
                        "\n# Chapter {}: {} ({})",
                        i + 1,
                        c.name,
                        cli_study::mode_text(c)
                    );
                    print!("{}", to.text(&c.record));
                }
            }
        }
    }
    let read_back = cli_study::finish(file, read);
    match (read_back, refused) {
        (Err(e), _) => Err(e),
        (Ok(()), 0) => Ok(()),
        (Ok(()), n) => Err(format!(
            "{}: {} of the study could not be written as {}",
            label(file),
            cli_study::count(n, "chapter"),
            to.key()
        )),
    }
}
