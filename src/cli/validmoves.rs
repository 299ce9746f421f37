//! `beeline validmoves`: the legal moves of a position, as UHP engines list them.

use beeline::notation::frame::Frame;
use beeline::notation::uhp::MoveString;
use beeline::notation::Notation;

/// Print every legal move of the side to move, one UHP MoveString per line.
#[derive(clap::Args)]
pub struct ValidmovesArgs {
    /// A UHP GameString.
    game: String,
}

pub fn run(args: ValidmovesArgs) -> Result<(), String> {
    // A finished game has no legal moves: nothing is printed, as UHP engines do.
    let pos = super::position_of(&args.game)?;
    for m in pos.legal_moves() {
        println!("{}", MoveString::from_move(&pos, m, &Frame::ENGINE));
    }
    Ok(())
}
