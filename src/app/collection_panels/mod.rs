//! Collections of games in the app: the game list with its filters ([`panel`]), the opening
//! explorer ([`explorer`]) and the page's side of the collection worker ([`link`]).

pub mod explorer;
pub mod link;
pub mod panel;
