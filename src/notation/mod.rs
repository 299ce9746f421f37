//! The three notations: standard (BoardSpace/UHP), direction-based and algebraic.
//!
//! Each notation has a syntax type that parses and prints on its own, a reader that
//! resolves it against a position (exactly one legal move must match), and a writer that
//! gives the one canonical string for a legal move. All three work in the canonical
//! [`frame`], so rotated, mirrored and colour-swapped games read the same.

pub mod algebraic;
pub mod direction;
pub mod frame;
pub mod reference;
pub mod standard;
