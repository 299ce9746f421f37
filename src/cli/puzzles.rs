//! `beeline puzzles`: puzzles mined from collections of games, as a set of static files or
//! as JSON lines.

use beeline::collection::files;
use beeline::puzzles::miner::{Dedup, Miner, MinerSettings, MinerStats};
use beeline::puzzles::set::{self, write_set};
use beeline::puzzles::{builtin, MinedPuzzle, PuzzleTheme};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Mine puzzles from games: positions where the side to move surrounds the Queen by force
/// in 1, 2 or 3 moves, stops such a surround with its one saving move, or has one move that
/// alone keeps the game (at least even, every other move clearly worse), each verified by a
/// deeper search.
#[derive(clap::Args)]
pub struct PuzzlesArgs {
    /// Record files (PGN with many games, SGF, UHP, move lists), folders (read
    /// recursively) and zip archives of them.
    #[arg(required_unless_present = "builtin", conflicts_with = "builtin")]
    files: Vec<PathBuf>,
    /// The built-in set instead of mining (with --json: print it).
    #[arg(long)]
    builtin: bool,
    /// Write the set here: puzzles.txt and its shards, as the app reads them.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Print each puzzle as a JSON object, one a line.
    #[arg(long)]
    json: bool,
    /// Stop once this many puzzles are found.
    #[arg(long)]
    limit: Option<usize>,
    /// Forced surrounds of up to this many moves (1 to 3).
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u8).range(1..=3))]
    max_surround: u8,
    /// Do not look for only moves (the slowest question; surrounds and defences stay).
    #[arg(long)]
    no_only_moves: bool,
    /// The depth of the two-line search that finds only-move candidates.
    #[arg(long, default_value_t = MinerSettings::default().screen_depth)]
    screen_depth: u8,
    /// The depth of the search that verifies and rates each puzzle.
    #[arg(long, default_value_t = MinerSettings::default().verify_depth)]
    verify_depth: u8,
    /// The winning chance the only move keeps at least (only moves).
    #[arg(long, default_value_t = MinerSettings::default().keeps)]
    keeps: f64,
    /// How much less every other move leaves, at least (only moves).
    #[arg(long, default_value_t = MinerSettings::default().gap)]
    gap: f64,
    /// What the set's manifest says of where the puzzles came from.
    #[arg(long, default_value = "Mined by beeline puzzles")]
    about: String,
    /// Threads mining (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
}

pub fn run(args: PuzzlesArgs) -> Result<(), String> {
    if args.builtin {
        let (puzzles, errors) = builtin::puzzles();
        if let Some(e) = errors.first() {
            return Err(format!("the built-in set: {e}"));
        }
        return emit(&args, &puzzles, &builtin::about());
    }
    if !(0.0..=1.0).contains(&args.keeps) || !(0.0..=1.0).contains(&args.gap) {
        return Err("--keeps and --gap are probabilities, from 0 to 1".to_string());
    }
    let settings = MinerSettings {
        max_surround: args.max_surround,
        only_moves: !args.no_only_moves,
        screen_depth: args.screen_depth.clamp(1, 8),
        verify_depth: args
            .verify_depth
            .clamp(args.screen_depth.clamp(1, 8) + 1, 9),
        keeps: args.keeps,
        gap: args.gap,
        ..MinerSettings::default()
    };
    let threads = super::threads(args.threads);
    let mut miners: Vec<Miner> = (0..threads).map(|_| Miner::new(settings.clone())).collect();
    let (paths, failures, _) = files::expand(&args.files);
    for f in &failures {
        eprintln!("beeline: {}: {}", f.source, f.error);
    }
    let mut dedup = Dedup::default();
    // The puzzles are kept only to write a set: JSON lines go out as they are found, so
    // that a million games are mined in the memory of one part of them (and the ids seen).
    let keep = args.out.is_some();
    let mut kept: Vec<MinedPuzzle> = Vec::new();
    let mut found_count = 0;
    let mut by_theme = [0usize; 5];
    let mut stdout = std::io::stdout().lock();
    let mut progress = MiningProgress::new();
    let mut write_error = None;
    let limit = args.limit.unwrap_or(usize::MAX);
    files::read_paths_in_parts(&paths, threads, &mut |part| {
        if found_count >= limit || write_error.is_some() {
            return;
        }
        for f in &part.failures {
            eprintln!("beeline: {}: {}", f.source, f.error);
        }
        let per = part.games.len().div_ceil(threads).max(1);
        let found: Vec<Vec<MinedPuzzle>> = std::thread::scope(|s| {
            let handles: Vec<_> = part
                .games
                .chunks(per)
                .zip(miners.iter_mut())
                .map(|(games, miner)| {
                    s.spawn(move || {
                        games
                            .iter()
                            .flat_map(|g| miner.mine_game(g))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        for p in found.into_iter().flatten() {
            if found_count >= limit || !dedup.is_new(&p) {
                continue;
            }
            found_count += 1;
            by_theme[p.theme as usize] += 1;
            if args.json && args.out.is_none() {
                let line = serde_json::to_string(&p.json()).unwrap_or_default();
                if let Err(e) = writeln!(stdout, "{line}") {
                    write_error = Some(e);
                    return;
                }
            }
            if keep {
                kept.push(p);
            }
        }
        let mut stats = MinerStats::default();
        for m in &miners {
            stats.add(&m.stats);
        }
        progress.show(&stats, found_count);
    });
    progress.done();
    if let Some(e) = write_error {
        return Err(format!("cannot write the puzzles: {e}"));
    }
    if let Some(dir) = &args.out {
        write_dir(dir, &kept, &args.about)?;
        if args.json {
            print_json(&kept)?;
        }
    }
    if !args.json {
        print_counts(found_count, &by_theme);
    }
    Ok(())
}

/// The built-in set: written (`--out`), printed as JSON lines, or counted.
fn emit(args: &PuzzlesArgs, puzzles: &[MinedPuzzle], about: &str) -> Result<(), String> {
    if let Some(dir) = &args.out {
        write_dir(dir, puzzles, about)?;
    }
    if args.json {
        print_json(puzzles)?;
    } else {
        let mut by_theme = [0usize; 5];
        for p in puzzles {
            by_theme[p.theme as usize] += 1;
        }
        print_counts(puzzles.len(), &by_theme);
    }
    Ok(())
}

fn print_json(puzzles: &[MinedPuzzle]) -> Result<(), String> {
    let mut out = std::io::stdout().lock();
    for p in puzzles {
        let line = serde_json::to_string(&p.json()).unwrap_or_default();
        writeln!(out, "{line}").map_err(|e| format!("cannot write the puzzles: {e}"))?;
    }
    Ok(())
}

/// `2225 puzzles: surround-1 436, …`
fn print_counts(total: usize, by_theme: &[usize; 5]) {
    let parts: Vec<String> = PuzzleTheme::ALL
        .iter()
        .map(|t| format!("{t} {}", by_theme[*t as usize]))
        .collect();
    println!("{total} puzzles: {}", parts.join(", "));
}

pub(super) fn write_dir(dir: &Path, puzzles: &[MinedPuzzle], about: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    // The shards of an earlier set in the folder go: the manifest names only the new ones.
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".txt")
                && beeline::puzzles::PuzzleTheme::ALL
                    .iter()
                    .any(|t| name.starts_with(t.name()))
            {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
    for (name, text) in write_set(puzzles, about) {
        let path = dir.join(&name);
        std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    eprintln!(
        "beeline: wrote {} puzzles to {} ({})",
        puzzles.len(),
        dir.display(),
        set::MANIFEST
    );
    Ok(())
}

/// MiningProgress on a terminal's standard error: games, positions, puzzles, speed.
struct MiningProgress {
    start: Instant,
    terminal: bool,
}

impl MiningProgress {
    fn new() -> MiningProgress {
        MiningProgress {
            start: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
        }
    }

    fn show(&mut self, s: &MinerStats, kept: usize) {
        let secs = self.start.elapsed().as_secs_f64().max(1e-3);
        let line = format!(
            "beeline puzzles: {} games, {} positions, {kept} puzzles ({} rejected by the verification), {:.0} games a minute",
            s.games,
            s.positions,
            s.rejected,
            s.games as f64 * 60.0 / secs
        );
        if self.terminal {
            eprint!("\r{line}");
        } else {
            eprintln!("{line}");
        }
    }

    fn done(&self) {
        if self.terminal {
            eprintln!();
        }
    }
}
