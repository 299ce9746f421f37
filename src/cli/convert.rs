//! `beeline convert`: a game record in another format.

use beeline::record::export::Export;
use beeline::record::Format;

/// Convert a game record (UHP, PGN, BoardSpace SGF or a move list) to another format.
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
    let rec = super::load(args.file.as_deref(), args.from)?;
    if !args.to.can_hold(&rec) {
        return Err(args.to.text(&rec).trim_end().to_string());
    }
    print!("{}", args.to.text(&rec));
    super::finish(&rec)
}
