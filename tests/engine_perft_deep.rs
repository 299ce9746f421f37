//! Perft to depth 5 for every game type and depth 6 for Base+MLP (Mzinga's published
//! counts). Heavy: it runs in optimised builds (`cargo test --profile ci`) and is reported
//! as ignored in debug builds.

use beeline::engine::perft::perft;
use beeline::engine::piece::GameType;
use beeline::engine::position::Position;

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "minutes in a debug build: run optimised (cargo test --profile ci)"
)]
fn published_counts_depth_5_and_6() {
    let depth5 = [
        ("Base", 516_240),
        ("Base+M", 1_252_800),
        ("Base+L", 1_252_800),
        ("Base+P", 1_255_932),
        ("Base+ML", 2_725_920),
        ("Base+MP", 2_730_888),
        ("Base+LP", 2_730_240),
        ("Base+MLP", 5_427_108),
    ];
    for (name, want) in depth5 {
        let mut pos = Position::new(name.parse::<GameType>().unwrap());
        assert_eq!(perft(&mut pos, 5), want, "{name} depth 5");
    }
    let mut pos = Position::new(GameType::MLP);
    assert_eq!(perft(&mut pos, 6), 192_353_904, "Base+MLP depth 6");
}
