//! The app's state and its logic, free of the DOM and tested natively: the [`viewer::Viewer`]
//! and its handles, the game with its notation rows ([`game`]), the study board's logic
//! ([`study`]), undo and redo ([`history`]), keys, labels, the position being set up
//! ([`editing`]), the open collection as the panels see it ([`open_collection`]), a try at
//! a puzzle ([`puzzle_try`]) and how a viewer sits on its page ([`options`]). Nothing here
//! knows a panel.

pub mod editing;
pub mod game;
pub mod history;
pub mod keys;
pub mod labels;
pub mod open_collection;
pub mod options;
pub mod puzzle_try;
pub mod shown;
pub mod study;
pub mod viewer;
