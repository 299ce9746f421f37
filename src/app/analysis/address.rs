//! The analysis's option in the address: `&analyse` (on), `&analyse=N` (on, searching and
//! reviewing to depth N, with the command line's answers). The address keeps its options
//! from move to move (`game::share_url`), so a link copied or the page reloaded opens with
//! the analysis as it is.

use crate::app::kit::services;

/// The depth asked by the address, `&analyse=N` (0: none).
pub(super) fn depth_in_address() -> u8 {
    depth_of(&services::location_hash().unwrap_or_default())
}

/// The depth an address's fragment asks for: `&analyse=N`, at most 40; 0 for none or for
/// anything else.
pub(super) fn depth_of(hash: &str) -> u8 {
    hash.split('&')
        .find_map(|o| o.strip_prefix("analyse="))
        .and_then(|d| d.parse::<u8>().ok())
        .map_or(0, |d| d.min(40))
}

/// Whether an address's fragment asks for the analysis (`&analyse`, with a depth or not).
pub(super) fn asks_analysis(hash: &str) -> bool {
    hash.split('&')
        .skip(1)
        .any(|o| o == "analyse" || o.starts_with("analyse="))
}

/// Writes `&analyse` (with its depth) into the address, or takes it out.
pub(super) fn set_option(on: Option<u8>) {
    let Some(href) = services::location_href() else {
        return;
    };
    let (base, hash) = href.split_once('#').unwrap_or((&href, ""));
    let mut parts: Vec<&str> = hash
        .split('&')
        .filter(|p| *p != "analyse" && !p.starts_with("analyse="))
        .collect();
    let option = match on {
        Some(0) => "analyse".to_string(),
        Some(d) => format!("analyse={d}"),
        None => String::new(),
    };
    if !option.is_empty() {
        parts.push(&option);
    }
    services::replace_address(&format!("{base}#{}", parts.join("&")));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_asks_for_a_depth() {
        assert_eq!(depth_of("#AgAB&analyse=6"), 6);
        assert_eq!(depth_of("#AgAB&analyse"), 0);
        assert_eq!(depth_of("#AgAB"), 0);
        assert_eq!(depth_of("#AgAB&analyse=x"), 0);
        assert_eq!(depth_of("#AgAB&analyse=-3"), 0);
        assert_eq!(depth_of("#&analyse=255"), 40);
        assert_eq!(depth_of("#&analyse=300"), 0);
    }

    #[test]
    fn a_link_asks_for_the_analysis() {
        assert!(asks_analysis("#AgAB&analyse"));
        assert!(asks_analysis("#AgAB&threat&analyse=6"));
        assert!(asks_analysis("#AgAB&analyse=x"));
        assert!(!asks_analysis("#AgAB"));
        assert!(!asks_analysis("#AgAB&analysed"));
        // The game's own bytes are not an option.
        assert!(!asks_analysis("#analyse"));
    }
}
