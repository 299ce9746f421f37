//! `beeline selfplay`: games of the engine's practice levels against each other, as PGN.

use beeline::engine::piece::GameType;
use beeline::search::selfplay::SelfPlay;
use beeline::search::Searcher;
use std::io::Write;
use std::path::PathBuf;

/// Play the engine against itself at practice levels (random first moves, a level per
/// side drawn from a range) and write the games as PGN. The same seed gives the same games.
#[derive(clap::Args)]
pub struct SelfplayArgs {
    #[arg(long, default_value_t = 100)]
    games: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The levels a side may be given, `LOW-HIGH` (1 to 7).
    #[arg(long, default_value = "2-6", value_parser = parse_levels)]
    levels: (u8, u8),
    #[arg(long, default_value = "Base+MLP")]
    game_type: GameType,
    /// A game still going at this ply stops unfinished.
    #[arg(long, default_value_t = 160)]
    max_plies: usize,
    /// The PGN file to write (default: standard output).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Games played at once (default: the machine's cores).
    #[arg(long)]
    threads: Option<usize>,
}

fn parse_levels(s: &str) -> Result<(u8, u8), String> {
    let bad = || format!("'{s}' is not a range of levels such as 2-6");
    let (a, b) = s.split_once('-').unwrap_or((s, s));
    let a: u8 = a.trim().parse().map_err(|_| bad())?;
    let b: u8 = b.trim().parse().map_err(|_| bad())?;
    if !(1..=7).contains(&a) || !(1..=7).contains(&b) || a > b {
        return Err(format!("{}: levels go from 1 to 7, low first", bad()));
    }
    Ok((a, b))
}

pub fn run(args: SelfplayArgs) -> Result<(), String> {
    let run = SelfPlay {
        seed: args.seed,
        game_type: args.game_type,
        levels: args.levels,
        max_plies: args.max_plies,
        ..SelfPlay::default()
    };
    let threads = super::threads(args.threads);
    let mut out: Box<dyn Write> = match &args.out {
        Some(p) => Box::new(std::io::BufWriter::new(
            std::fs::File::create(p).map_err(|e| format!("cannot write {}: {e}", p.display()))?,
        )),
        None => Box::new(std::io::stdout().lock()),
    };
    let cannot = |e: std::io::Error| format!("cannot write the games: {e}");
    let mut next = 0;
    while next < args.games {
        // A batch of games, one thread each, written in order.
        let batch: Vec<usize> = (next..args.games.min(next + threads)).collect();
        let texts: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = batch
                .iter()
                .map(|&i| {
                    let run = &run;
                    s.spawn(move || {
                        let mut searcher = Searcher::new(16);
                        run.pgn(&run.game(i, &mut searcher))
                    })
                })
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        for t in texts {
            out.write_all(t.as_bytes()).map_err(cannot)?;
        }
        next += batch.len();
        eprint!("\rbeeline selfplay: {next}/{} games", args.games);
    }
    eprintln!();
    out.flush().map_err(cannot)
}
