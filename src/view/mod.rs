//! The render model between the engine and the browser: what to draw for a game at a ply,
//! as plain data (positions in board units, stacks, highlights), testable without a DOM.
//!
//! ```
//! use beeline::engine::piece::GameType;
//! use beeline::engine::position::Rules;
//! use beeline::notation::uhp::GameString;
//! use beeline::view::{Layout, Orientation, Replay, TileShape};
//! let g: GameString = "Base;InProgress;White[2];wS1;bS1 wS1-".parse().unwrap();
//! let pos = g.replay().unwrap();
//! let replay = Replay::new(GameType::BASE, Rules::default(), &pos.moves());
//! assert_eq!(replay.len(), 2);
//! let layout = Layout::new(replay.frame(), Orientation::NoonUp, TileShape::Flat);
//! let scene = replay.scene(2, &layout, None);
//! assert_eq!(scene.tiles.len(), 2);
//! // Noon (piece 1 to piece 2) points up the screen.
//! assert!(scene.tiles[1].y < scene.tiles[0].y);
//! ```

pub mod art;
pub mod drawing_svg;
pub mod grid;
mod layout;
mod scene;
pub mod svg;
pub mod time_graph;

pub use layout::{Layout, Orientation, Point, Rect, TileShape};
pub use scene::{Arrow, Compass, Highlight, Replay, Scene, Snapshot, Tile};
