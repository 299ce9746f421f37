//! Records in and out: loading a pasted or dropped record ([`load`]), the game's players
//! and result ([`game_info`]), links, embeds and puzzles to share ([`share`]) and the
//! exports ([`export`]).

pub mod export;
pub mod game_info;
pub mod load;
pub mod share;
