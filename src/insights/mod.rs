//! Insights: what a player's games say about them. Each game of the player is reviewed
//! quickly ([`review`]: every move judged as the analysis judges it, the missed wins and
//! allowed losses proved by [`tactics`]), and the reviews are summed up into a [`report`]:
//! results by colour, game type, opponent and month, the openings chosen (up to rotation,
//! mirroring and colours), [`accuracy`] by phase, bug and month, and the tactics.
//! docs/INSIGHTS.md says how each figure is counted.

pub mod accuracy;
pub mod games;
pub mod render;
pub mod report;
pub mod review;
pub mod tactics;
