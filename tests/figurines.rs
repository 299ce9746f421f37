//! The move list's figurines (assets/icons/figurines/) are the board's own tiles: each file
//! is what `view::svg::piece_markup` draws for its piece. After a change to the artwork,
//! `BLESS=1 cargo test --test figurines` writes them again.

use beeline::engine::piece::{Bug, Color, PieceId};
use beeline::notation::frame::Frame;
use beeline::view::{svg, Layout, Orientation, TileShape};
use std::path::Path;

fn icon(color: Color, bug: Bug) -> Option<String> {
    let layout = Layout::new(Frame::EMPTY, Orientation::NoonUp, TileShape::Flat);
    let id = PieceId::of_kind(color, bug).next()?;
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"-1 -1 2 2\">{}</svg>\n",
        svg::piece_markup(id, &layout)
    ))
}

#[test]
fn each_figurine_is_the_board_tile_of_its_piece() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/icons/figurines");
    let bless = std::env::var_os("BLESS").is_some();
    let mut stale = Vec::new();
    for color in [Color::White, Color::Black] {
        for bug in Bug::ALL {
            let want = icon(color, bug).expect("every kind has a first piece");
            let name = format!("{}{}.svg", color.letter(), bug.letter());
            let path = dir.join(&name);
            if bless {
                std::fs::create_dir_all(&dir).expect("the icons' folder can be made");
                std::fs::write(&path, &want).expect("the icon can be written");
            } else if std::fs::read_to_string(&path).ok().as_deref() != Some(want.as_str()) {
                stale.push(name);
            }
        }
    }
    assert!(
        stale.is_empty(),
        "figurines differ from the board's art: {stale:?} (BLESS=1 cargo test --test figurines)"
    );
    // And the style sheet names each of them.
    let css =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/style.css"))
            .expect("the style sheet is there");
    for color in ["w", "b"] {
        for bug in Bug::ALL {
            let rule = format!("url(\"icons/figurines/{color}{}.svg\")", bug.letter());
            assert!(css.contains(&rule), "{rule} missing from style.css");
        }
    }
}
