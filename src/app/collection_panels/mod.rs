//! Collections of games in the app: the game list with its filters ([`panel`]), the opening
//! explorer ([`explorer`]), a player's insights ([`insights`], loaded on first use) and the
//! page's side of the collection worker ([`link`]).

pub mod explorer;
pub mod insights;
mod insights_cache;
mod insights_run;
mod insights_view;
pub mod link;
pub mod panel;
