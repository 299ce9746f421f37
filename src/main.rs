//! `beeline`: convert Hive game records, explore collections of them and check the engine
//! from the command line.

use beeline::collection::explorer::{play_line, Filter, Report};
use beeline::collection::index::{Index, IndexError, SavedLayout, Scratch};
use beeline::collection::{files, generate};
use beeline::engine::perft::perft;
use beeline::engine::piece::GameType;
use beeline::engine::position::Position;
use beeline::notation::frame::Frame;
use beeline::notation::uhp::{GameString, MoveString};
use beeline::notation::Notation;
use beeline::record::export::Export;
use beeline::record::tree::Path;
use beeline::record::{import, permalink, Format, Record};
use beeline::search::analysis;
use beeline::search::uhp::UhpEngine;
use beeline::search::{Limits, WallClock};
use clap::{Parser, Subcommand};
use std::io::{Read, Write};
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "beeline",
    version,
    about = "Hive game records in three notations"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count move sequences from a position, one line per depth: `<depth> <count>`.
    Perft {
        /// A GameType (`Base+MLP`) or a whole UHP GameString.
        game: String,
        /// Deepest depth to count.
        depth: u32,
    },
    /// Print every legal move of the side to move, one UHP MoveString per line.
    Validmoves {
        /// A UHP GameString.
        game: String,
    },
    /// Convert a game record (UHP, PGN, BoardSpace SGF or a move list) to another format.
    Convert {
        /// The record file; `-` or nothing reads standard input.
        file: Option<String>,
        /// The input format (detected when left out).
        #[arg(long, value_enum)]
        from: Option<Format>,
        /// The output format.
        #[arg(long, value_enum, default_value = "table")]
        to: Export,
    },
    /// Print the permalink fragment of a game record.
    Link {
        /// The record file; `-` or nothing reads standard input.
        file: Option<String>,
        /// The main line's ply to show (default: the end of the main line).
        #[arg(long, conflicts_with = "path")]
        ply: Option<usize>,
        /// The move to show by its path in the game tree: `12` is ply 12 of the main line,
        /// `12.1.3` the 3rd move of the first variation replacing it.
        #[arg(long)]
        path: Option<Path>,
    },
    /// Explore a collection of games: every move played from a position, with its results.
    Explore {
        /// Record files (PGN with many games, SGF, UHP, move lists), folders (read
        /// recursively) and zip archives of them.
        #[arg(required_unless_present_any = ["index", "book"], conflicts_with_all = ["index", "book"])]
        files: Vec<std::path::PathBuf>,
        /// Answer from an index saved with `--save` instead of reading games.
        #[arg(long, conflicts_with = "book")]
        index: Option<std::path::PathBuf>,
        /// Answer from a book written by `beeline book` (its folder), reading one shard.
        #[arg(long)]
        book: Option<std::path::PathBuf>,
        /// Save the index of the games read to this file (reopen it with `--index`).
        #[arg(long, conflicts_with = "book")]
        save: Option<std::path::PathBuf>,
        /// With `--index`: read the whole index and check it (its checksum and every
        /// number) before answering. Without it only the bytes the answer needs are read
        /// (a few kilobytes of a million games' 620 MB), each number checked where it is
        /// used, so a damaged file cannot crash the answer, though only the checksum would
        /// have noticed a changed count.
        #[arg(long, requires = "index")]
        verify: bool,
        /// Plies of each game indexed: positions a game reaches later do not count for it.
        #[arg(long, default_value_t = beeline::collection::index::DEPTH)]
        depth: usize,
        /// The position: a line from the empty board, moves in any notation separated by
        /// `;`, or direction notation separated by spaces (default: the empty board).
        #[arg(long, default_value = "")]
        line: String,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Only games of this game type (`Base+MLP`).
        #[arg(long)]
        game_type: Option<GameType>,
        /// Only games of at least this many plies.
        #[arg(long, default_value_t = 0)]
        min_plies: usize,
        /// Only games where either player's name contains this (case-insensitive).
        #[arg(long)]
        player: Option<String>,
        /// Play every move of every game under the rules (slower): by default only the
        /// indexed plies of a record that states its result are played, the later moves
        /// counted and checked for form, so a rule broken after the depth goes untold.
        #[arg(long)]
        check_all: bool,
        /// Threads reading the games (default: the machine's cores).
        #[arg(long, hide = true)]
        threads: Option<usize>,
    },
    /// Write a book: the explorer's index of a collection as static files (shards) a web
    /// site can serve beside the app, which reads only the shard of the position shown.
    Book {
        /// Record files, folders and zip archives, as `explore` reads them.
        #[arg(required_unless_present = "index", conflicts_with = "index")]
        files: Vec<std::path::PathBuf>,
        /// Write the book from an index saved with `explore --save`.
        #[arg(long)]
        index: Option<std::path::PathBuf>,
        /// The folder to write the book into (created if need be).
        #[arg(long)]
        out: std::path::PathBuf,
        /// Plies of each game indexed.
        #[arg(long, default_value_t = beeline::collection::index::DEPTH)]
        depth: usize,
        /// Only games of this game type.
        #[arg(long)]
        game_type: Option<GameType>,
        /// Only games of at least this many plies.
        #[arg(long, default_value_t = 0)]
        min_plies: usize,
        /// Only games where either player's name contains this (case-insensitive).
        #[arg(long)]
        player: Option<String>,
        /// As `explore --check-all`: play every move of every game under the rules.
        #[arg(long)]
        check_all: bool,
        #[arg(long, hide = true)]
        threads: Option<usize>,
    },
    /// Run as a Universal Hive Protocol engine on standard input and output (for
    /// MzingaViewer and other UHP tools).
    Uhp,
    /// Analyse a game: for every move, the evaluation before and after, the best move and
    /// its line in the three notations, and a judgement of the move played.
    Analyse {
        /// The record file (any format `convert` reads, a position too); `-` or nothing
        /// reads standard input.
        file: Option<String>,
        /// The input format (detected when left out).
        #[arg(long, value_enum)]
        from: Option<Format>,
        /// Seconds of search per position (default 1).
        #[arg(long, conflicts_with = "depth")]
        time: Option<f64>,
        /// Search every position to this depth instead of for a time (repeatable results).
        #[arg(long)]
        depth: Option<u8>,
        /// One JSON object per ply, in an array.
        #[arg(long)]
        json: bool,
    },
    /// Write random legal games (for timing `explore`): one PGN file of them all and/or a
    /// zip of one PGN file per game.
    #[command(hide = true)]
    Generate {
        #[arg(long, default_value_t = 10_000)]
        games: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// The multi-game PGN file to write.
        #[arg(long)]
        pgn: Option<std::path::PathBuf>,
        /// The zip archive to write (deflated entries).
        #[arg(long)]
        zip: Option<std::path::PathBuf>,
    },
}

fn read_input(file: Option<&str>) -> Result<String, String> {
    let mut bytes = Vec::new();
    match file {
        None | Some("-") => std::io::stdin()
            .take(beeline::record::MAX_INPUT as u64 + 1)
            .read_to_end(&mut bytes)
            .map_err(|e| format!("cannot read standard input: {e}"))?,
        Some(path) => std::fs::File::open(path)
            .and_then(|f| {
                f.take(beeline::record::MAX_INPUT as u64 + 1)
                    .read_to_end(&mut bytes)
            })
            .map_err(|e| format!("cannot read {path}: {e}"))?,
    };
    // Records in other encodings still read as far as their ASCII goes.
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

fn load(file: Option<&str>, from: Option<Format>) -> Result<Record, String> {
    let text = read_input(file)?;
    import(&text, from).map_err(|e| e.to_string())
}

/// Prints notices, and the error of a record read only in part (then exit status 2).
fn finish(rec: &Record) -> Result<(), String> {
    for n in &rec.notices {
        eprintln!("beeline: note: {n}");
    }
    match &rec.error {
        Some(e) => Err(format!(
            "stopped at move {} ({e}); the {} moves before it were converted",
            rec.moves.len() + 1,
            rec.moves.len()
        )),
        None => Ok(()),
    }
}

/// Reads a GameType or a GameString into a position.
fn position_of(text: &str) -> Result<Position, String> {
    if !text.contains(';') {
        if let Ok(gt) = text.trim().parse::<GameType>() {
            return Ok(Position::new(gt));
        }
    }
    let gs: GameString = text.parse().map_err(|e| format!("{e}"))?;
    gs.replay().map_err(|e| format!("{e}"))
}

fn run(cli: Cli) -> Result<(), String> {
    match cli.command {
        Command::Perft { game, depth } => {
            let mut pos = position_of(&game)?;
            for d in 1..=depth {
                println!("{d} {}", perft(&mut pos, d));
            }
        }
        Command::Validmoves { game } => {
            // A finished game has no legal moves: nothing is printed, as UHP engines do.
            let pos = position_of(&game)?;
            for m in pos.legal_moves() {
                println!("{}", MoveString::from_move(&pos, m, &Frame::ENGINE));
            }
        }
        Command::Convert { file, from, to } => {
            let rec = load(file.as_deref(), from)?;
            if !to.can_hold(&rec) {
                return Err(to.text(&rec).trim_end().to_string());
            }
            print!("{}", to.text(&rec));
            finish(&rec)?;
        }
        Command::Link { file, ply, path } => {
            let rec = load(file.as_deref(), None)?;
            let link = match path {
                Some(path) => {
                    let node = rec.tree.node_at(&path).ok_or_else(|| {
                        format!(
                            "--path {path} names no move of the game (its main line has {} moves)",
                            rec.moves.len()
                        )
                    })?;
                    permalink::encode(&rec, node)
                }
                None => {
                    let ply = ply.unwrap_or(rec.moves.len());
                    if ply > rec.moves.len() {
                        return Err(format!(
                            "--ply {ply} is past the end of the game ({} moves)",
                            rec.moves.len()
                        ));
                    }
                    permalink::encode_ply(&rec, ply)
                }
            };
            println!("{link}");
            finish(&rec)?;
        }
        Command::Book {
            files,
            index,
            out,
            depth,
            game_type,
            min_plies,
            player,
            check_all,
            threads,
        } => {
            let filter = Filter {
                game_type,
                min_plies,
                player,
            };
            let index = match index {
                Some(path) => open_index(&path, &filter)?,
                None => index_files(&files, &filter, depth, check_all, threads)?,
            };
            let m = files::write_book(&index, &out)?;
            eprintln!(
                "beeline: {}: {} games, {} positions and {} moves in {} shards",
                out.display(),
                m.games,
                m.positions,
                m.moves,
                1usize << (4 * m.digits)
            );
        }
        Command::Explore {
            book: Some(dir),
            line,
            json,
            game_type,
            min_plies,
            player,
            ..
        } => {
            let book = files::BookDir::open(&dir)?;
            let filter = Filter {
                game_type,
                min_plies,
                player,
            };
            check_filter(&dir, &filter, &book.manifest.filter)?;
            let pos = play_line(&line).map_err(|e| format!("--line: {e}"))?;
            print_report(&book.explore(&pos)?, json)?;
        }
        Command::Explore {
            files,
            index,
            book: None,
            save,
            verify,
            depth,
            line,
            json,
            game_type,
            min_plies,
            player,
            check_all,
            threads,
        } => {
            let filter = Filter {
                game_type,
                min_plies,
                player,
            };
            if let (Some(path), None, false) = (&index, &save, verify) {
                return explore_file(path, &filter, &line, json);
            }
            let index = match index {
                Some(path) => open_index(&path, &filter)?,
                None => index_files(&files, &filter, depth, check_all, threads)?,
            };
            if let Some(path) = save {
                let cannot = |e: std::io::Error| format!("cannot write {}: {e}", path.display());
                let mut w = std::io::BufWriter::new(std::fs::File::create(&path).map_err(cannot)?);
                index.write_to(&mut w).map_err(cannot)?;
                w.flush().map_err(cannot)?;
            }
            explore(index.depth(), &line, json, |pos| {
                Ok(index.explore(pos, None))
            })?;
        }
        Command::Generate {
            games,
            seed,
            pgn,
            zip,
        } => generate(games, seed, pgn.as_deref(), zip.as_deref())?,
        Command::Uhp => uhp()?,
        Command::Analyse {
            file,
            from,
            time,
            depth,
            json,
        } => {
            let limits = match (depth, time) {
                (Some(d), _) if d >= 1 => Limits::depth(d),
                (Some(_), _) => return Err("--depth must be at least 1".into()),
                (None, Some(t)) if t.is_finite() && t > 0.0 && t <= 86_400.0 => {
                    Limits::time_ms((t * 1000.0).round().max(1.0) as u64)
                }
                (None, Some(t)) => {
                    return Err(format!("--time {t}: give seconds between 0 and 86400"))
                }
                (None, None) => Limits::time_ms(1000),
            };
            let rec = load(file.as_deref(), from)?;
            analyse(&rec, &limits, json)?;
            finish(&rec)?;
        }
    }
    Ok(())
}

/// `beeline uhp`: the UHP engine on standard input and output, one command per line.
fn uhp() -> Result<(), String> {
    use std::io::BufRead;
    let mut engine = UhpEngine::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let write = |out: &mut std::io::StdoutLock, lines: &[String]| -> Result<(), String> {
        for l in lines {
            writeln!(out, "{l}").map_err(|e| format!("cannot write: {e}"))?;
        }
        out.flush().map_err(|e| format!("cannot write: {e}"))
    };
    write(&mut out, &engine.greeting())?;
    for line in std::io::stdin().lock().lines() {
        // The clock starts when the command arrives: `bestmove time` counts from here.
        let clock = WallClock::start();
        let line = line.map_err(|e| format!("cannot read standard input: {e}"))?;
        let reply = engine.command(&line, &clock);
        if reply.exit {
            break;
        }
        for l in &reply.log {
            eprintln!("{l}");
        }
        write(&mut out, &reply.lines)?;
    }
    Ok(())
}

/// `beeline analyse`: every ply of the main line searched and judged; a progress bar on
/// standard error when it is a terminal.
fn analyse(rec: &Record, limits: &Limits, json: bool) -> Result<(), String> {
    use std::io::IsTerminal;
    let bar = std::io::stderr().is_terminal();
    let start = rec.start();
    let rows = analysis::analyse(
        &start,
        &rec.moves,
        rec.format.coordinates(),
        limits,
        &|| Box::new(WallClock::start()),
        &mut |done, total| {
            if bar {
                let width = 40;
                let filled = done * width / total.max(1);
                eprint!(
                    "\r[{}{}] {done}/{total} positions",
                    "#".repeat(filled),
                    "-".repeat(width - filled)
                );
                if done == total {
                    eprintln!();
                }
            }
        },
    );
    if json {
        let text = serde_json::to_string_pretty(&rows).map_err(|e| e.to_string())?;
        println!("{text}");
    } else {
        print!("{}", analysis::table(&rows));
    }
    Ok(())
}

/// Reads the games of `files` into a compact index, one part at a time (failures and notes
/// on standard error); the games are not kept.
fn index_files(
    files: &[std::path::PathBuf],
    filter: &Filter,
    depth: usize,
    check_all: bool,
    threads: Option<usize>,
) -> Result<Index, String> {
    let threads = threads.unwrap_or_else(|| {
        std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(1)
    });
    let mut index = Index::new(depth, filter);
    let mut scratch = Scratch::default();
    let (mut games, mut failures, mut notes, mut skipped) = (0usize, Vec::new(), Vec::new(), 0);
    let mut each = |part: beeline::collection::Collection| {
        for g in &part.games {
            if let Some(e) = &g.info.error {
                notes.push(format!(
                    "beeline: note: {}: read up to move {} ({e})",
                    g.info.source, g.info.plies
                ));
            }
            if filter.accepts(&g.info) {
                index.add(g, games, &mut scratch);
            }
            games += 1;
        }
        failures.extend(part.failures);
        skipped += part.skipped.len();
        // The part's games are dropped here, once indexed.
    };
    if check_all {
        files::read_paths_keyed(files, threads, Some(depth), &mut each);
    } else {
        files::read_paths_opening(files, threads, depth, &mut each);
    }
    for f in &failures {
        eprintln!("beeline: {}: {}", f.source, f.error);
    }
    for n in &notes {
        eprintln!("{n}");
    }
    if !failures.is_empty() || skipped > 0 || !notes.is_empty() {
        eprintln!(
            "beeline: {games} games read, {} unreadable, {} read in part, {skipped} other files skipped",
            failures.len(),
            notes.len(),
        );
    }
    if games == 0 && !failures.is_empty() {
        return Err("no game could be read".into());
    }
    Ok(index)
}

/// Opens an index saved with `--save`; filters were applied when it was built, so others
/// are refused.
fn open_index(path: &std::path::Path, filter: &Filter) -> Result<Index, String> {
    let (file, layout) = open_layout(path, filter)?;
    // Read a slice at a time: no copy of the file beside the index.
    Index::read_rest(layout, &file).map_err(|e| format!("{}: {e}", path.display()))
}

/// A saved index's file and its header, refused before the rest is read when it was built
/// under another filter.
fn open_layout(
    path: &std::path::Path,
    filter: &Filter,
) -> Result<(std::fs::File, SavedLayout), String> {
    let cannot = |e: std::io::Error| format!("{}: cannot read it: {e}", path.display());
    let file = std::fs::File::open(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    let layout = SavedLayout::read(&file, len).map_err(|e| format!("{}: {e}", path.display()))?;
    check_filter(path, filter, layout.head().filter())?;
    Ok((file, layout))
}

/// Filters apply when an index or a book is built: asking one for others is refused, naming
/// what it holds.
fn check_filter(path: &std::path::Path, filter: &Filter, built: &str) -> Result<(), String> {
    let asked = filter.describe();
    if asked.is_empty() || asked == built {
        return Ok(());
    }
    let holds = if built.is_empty() {
        "every game"
    } else {
        built
    };
    Err(format!(
        "{}: this index holds {holds}; filters apply when an index is built (--save, book)",
        path.display()
    ))
}

/// `beeline explore --index` without `--verify`: the answer straight from the saved index,
/// reading only what it needs (`index::SavedLayout`).
fn explore_file(
    path: &std::path::Path,
    filter: &Filter,
    line: &str,
    json: bool,
) -> Result<(), String> {
    let (file, layout) = open_layout(path, filter)?;
    explore(layout.head().depth(), line, json, |pos| {
        layout
            .explore(&file, pos)
            .map_err(|e: IndexError| format!("{}: {e}", path.display()))
    })
}

/// `beeline explore`: the report on the position after the line, from an index of the first
/// `depth` plies.
fn explore(
    depth: usize,
    line: &str,
    json: bool,
    answer: impl FnOnce(&Position) -> Result<Report, String>,
) -> Result<(), String> {
    let pos = play_line(line).map_err(|e| format!("--line: {e}"))?;
    if pos.ply() > depth {
        eprintln!(
            "beeline: note: the index holds the first {depth} plies of each game; the line has {}",
            pos.ply()
        );
    }
    print_report(&answer(&pos)?, json)
}

fn print_report(report: &Report, json: bool) -> Result<(), String> {
    if json {
        let text = serde_json::to_string_pretty(report).map_err(|e| e.to_string())?;
        println!("{text}");
    } else {
        print!("{}", report.table());
    }
    Ok(())
}

/// `beeline generate`: random legal games as one PGN file and as a zip of one file each.
fn generate(
    games: usize,
    seed: u64,
    pgn: Option<&std::path::Path>,
    zip: Option<&std::path::Path>,
) -> Result<(), String> {
    let texts: Vec<String> = (0..games).map(|i| generate::game_pgn(seed, i)).collect();
    if let Some(path) = pgn {
        std::fs::write(path, texts.concat())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    if let Some(path) = zip {
        let mut w = beeline::collection::zip::Writer::new();
        for (i, t) in texts.iter().enumerate() {
            let data = t.as_bytes();
            w.add(
                &format!("games/{:05}.pgn", i + 1),
                beeline::collection::zip::Method::Deflated,
                &files::deflate(data),
                beeline::collection::zip::crc32(data),
                data.len() as u64,
            );
        }
        std::fs::write(path, w.finish())
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    Ok(())
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing into a pipe whose reader has gone (`beeline explore
    // … | head`) would panic; the default action ends the program quietly instead.
    #[cfg(unix)]
    // SAFETY: setting a signal's action to its default, before any thread starts.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    match run(Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("beeline: {e}");
            ExitCode::from(2)
        }
    }
}
