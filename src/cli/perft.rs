//! `beeline perft`: the engine's move generation checked by counting.

use beeline::engine::perft::perft;

/// Count move sequences from a position, one line per depth: `<depth> <count>`.
#[derive(clap::Args)]
pub struct PerftArgs {
    /// A GameType (`Base+MLP`) or a whole UHP GameString.
    game: String,
    /// Deepest depth to count.
    depth: u32,
}

pub fn run(args: PerftArgs) -> Result<(), String> {
    let mut pos = super::position_of(&args.game)?;
    for d in 1..=args.depth {
        println!("{d} {}", perft(&mut pos, d));
    }
    Ok(())
}
