//! The moves: the notation table in three notations ([`table`]), a move typed in any of
//! them ([`entry`]) and the tools for the move chosen: annotation, comment, promotion,
//! deletion ([`node_tools`]).

pub mod entry;
pub mod node_tools;
mod rows;
pub mod table;
