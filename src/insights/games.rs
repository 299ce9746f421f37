//! A player's games in a collection: which side they played (names matched as the
//! collection's player filter matches them), and what a report needs of each game besides
//! its review: the file and number, the opponent, the month, the openings.

use crate::collection::key::PositionKey;
use crate::collection::{Failure, Game, GameInfo};
use crate::engine::piece::Color;
use crate::engine::position::GameState;
use crate::notation::direction::{DirectionMove, Style};
use crate::notation::uhp::MoveString;
use crate::notation::{write_game, Coordinates};
use serde::Serialize;
use std::collections::{BTreeMap, HashSet};
use std::hash::{Hash, Hasher};

/// Which side a player took in a game, if they played it: a side whose name contains the
/// asked name, case-insensitively (as the collection's player filter matches). When both
/// names contain it, the side whose name is the asked one exactly; `Err(())` when that does
/// not settle it.
pub fn side_of(info: &GameInfo, player: &str) -> Option<Result<Color, ()>> {
    let asked = player.trim().to_lowercase();
    if asked.is_empty() {
        return None;
    }
    let name = |n: &Option<String>| n.as_deref().map(|n| n.trim().to_lowercase());
    let (white, black) = (name(&info.white), name(&info.black));
    let contains = |n: &Option<String>| n.as_deref().is_some_and(|n| n.contains(&asked));
    let exact = |n: &Option<String>| n.as_deref() == Some(asked.as_str());
    match (contains(&white), contains(&black)) {
        (false, false) => None,
        (true, false) => Some(Ok(Color::White)),
        (false, true) => Some(Ok(Color::Black)),
        (true, true) => Some(match (exact(&white), exact(&black)) {
            (true, false) => Ok(Color::White),
            (false, true) => Ok(Color::Black),
            _ => Err(()),
        }),
    }
}

/// What a report leaves out, and why.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct LeftOut {
    /// Games where both players' names contain the name asked.
    pub ambiguous: usize,
    /// Games read twice (the same players, result and moves): counted once.
    pub duplicates: usize,
    /// Files, or games in them, that could not be read (a record whose first move is
    /// bad is one).
    pub unreadable: Vec<Failure>,
    /// The player's games read only up to a bad move: their moves before it count.
    pub read_in_part: Vec<Failure>,
}

/// Takes a player's games from a collection's, one at a time (the command line's parts, the
/// browser's collection): which side they played, duplicates counted once, and what is left
/// out and why.
#[derive(Debug, Default)]
pub struct Selection {
    player: String,
    seen: HashSet<u64>,
    pub left_out: LeftOut,
    /// Every player's name, with their games (for the nearest names when none is the
    /// player's).
    names: BTreeMap<String, usize>,
}

impl Selection {
    pub fn new(player: &str) -> Selection {
        Selection {
            player: player.trim().to_string(),
            ..Selection::default()
        }
    }

    /// The game as the player's, if it is one of theirs and not one taken already.
    pub fn take(&mut self, game: &Game) -> Option<PlayerGame> {
        for name in [&game.info.white, &game.info.black].into_iter().flatten() {
            *self.names.entry(name.clone()).or_default() += 1;
        }
        let side = side_of(&game.info, &self.player);
        if let Some(error) = &game.info.error {
            let failure = Failure {
                source: game.info.source.clone(),
                error: error.clone(),
            };
            if game.moves.is_empty() {
                self.left_out.unreadable.push(failure);
                return None;
            }
            if side.is_some() {
                self.left_out.read_in_part.push(failure);
            }
        }
        match side? {
            Err(()) => {
                self.left_out.ambiguous += 1;
                None
            }
            Ok(_) if !self.seen.insert(identity(game)) => {
                self.left_out.duplicates += 1;
                None
            }
            Ok(colour) => Some(PlayerGame::of(game, colour)),
        }
    }

    /// Why no game was taken: the sentence that names the nearest names.
    pub fn none_taken(&self) -> String {
        let near = nearest_names(&self.player, self.names.keys().map(String::as_str), 5);
        let hint = if near.is_empty() {
            "the records name no players".to_string()
        } else {
            format!("the nearest names: {}", near.join(", "))
        };
        let also = match self.left_out.ambiguous {
            0 => String::new(),
            n => format!(" ({n} games where both players' names contain it were left out)"),
        };
        format!("no game of {:?} in the records{also}; {hint}", self.player)
    }

    /// The players seen so far with their games, most games first (then by name).
    pub fn players(&self) -> Vec<(String, usize)> {
        let mut out: Vec<(String, usize)> =
            self.names.iter().map(|(n, &g)| (n.clone(), g)).collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        out
    }
}

/// What makes two records the same game: the players, the result and the moves (a game
/// given as both PGN and SGF is counted once).
fn identity(game: &Game) -> u64 {
    // (FNV-1a, as `codec` keeps it for keys that need no protection: SipHash would add its
    // code to the collection worker.)
    let mut h = crate::codec::Fnv1a::default();
    (
        &game.info.white,
        &game.info.black,
        game.info.result,
        &game.moves,
    )
        .hash(&mut h);
    h.finish()
}

/// The names nearest to `asked` among `names` (at most `n`, nearest first, ties in
/// alphabetical order): for a name that matched no game.
pub fn nearest_names<'a>(
    asked: &str,
    names: impl IntoIterator<Item = &'a str>,
    n: usize,
) -> Vec<String> {
    let asked = asked.trim().to_lowercase();
    let mut scored: Vec<(usize, String)> = names
        .into_iter()
        .map(|name| {
            (
                edit_distance(&asked, &name.to_lowercase()),
                name.to_string(),
            )
        })
        .collect();
    scored.sort();
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(n).map(|(_, name)| name).collect()
}

/// Levenshtein's distance between two strings, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}

/// How a game ended for the player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerResult {
    Win,
    Draw,
    Loss,
    Unfinished,
}

impl PlayerResult {
    pub fn of(state: GameState, colour: Color) -> PlayerResult {
        match (state, colour) {
            (GameState::WhiteWins, Color::White) | (GameState::BlackWins, Color::Black) => {
                PlayerResult::Win
            }
            (GameState::WhiteWins, Color::Black) | (GameState::BlackWins, Color::White) => {
                PlayerResult::Loss
            }
            (GameState::Draw, _) => PlayerResult::Draw,
            _ => PlayerResult::Unfinished,
        }
    }
}

/// An opening a player chose: the position after their second or third move, the same up
/// to rotation, mirroring and colours (the explorer's key), and the moves of the first game
/// that reached it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningSeen {
    /// The player's moves to it (2 or 3).
    pub player_moves: u8,
    pub key: u64,
    /// UHP MoveStrings, separated by `; `.
    pub moves: String,
    /// The direction notation, in the frame that keeps it the same for every game.
    pub direction: String,
}

/// One of the player's games, all but its review.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerGame {
    /// The record's file (or archive entry).
    pub file: String,
    /// The game's number in its file, from 1.
    pub index: usize,
    /// The player's name as the record writes it.
    pub name: String,
    pub colour: Color,
    pub opponent: Option<String>,
    pub result: PlayerResult,
    pub game_type: String,
    /// `YYYY-MM`, from the record's date when it has one.
    pub month: Option<String>,
    pub plies: usize,
    pub openings: Vec<OpeningSeen>,
}

impl PlayerGame {
    pub fn of(game: &Game, colour: Color) -> PlayerGame {
        let info = &game.info;
        let (file, index) = file_and_index(&info.source);
        let (name, opponent) = match colour {
            Color::White => (&info.white, info.black.clone()),
            Color::Black => (&info.black, info.white.clone()),
        };
        PlayerGame {
            file,
            index,
            name: name.clone().unwrap_or_default(),
            colour,
            opponent,
            result: PlayerResult::of(info.result, colour),
            game_type: info.game_type.to_string(),
            month: info.date.as_deref().and_then(month_of),
            plies: info.plies,
            openings: openings_of(game, colour),
        }
    }
}

/// The file and the game's number from a collection's source name: `games.pgn #3 (line
/// 40)` is the third game of `games.pgn`; a name without the number is a file's only game.
pub fn file_and_index(source: &str) -> (String, usize) {
    let numbered = source.rsplit_once(" #").and_then(|(file, rest)| {
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let tail = &rest[digits.len()..];
        let index = digits.parse().ok()?;
        (tail.is_empty() || tail.starts_with(" (line ")).then(|| (file.to_string(), index))
    });
    numbered.unwrap_or_else(|| (source.to_string(), 1))
}

/// `YYYY-MM` from a record's date (`2023.01.17`, `2023-01-17`, `2023/01`, with anything
/// after); `None` when it does not start so.
pub fn month_of(date: &str) -> Option<String> {
    let b = date.trim().as_bytes();
    let digits =
        |r: std::ops::Range<usize>| b.get(r).is_some_and(|d| d.iter().all(u8::is_ascii_digit));
    if !digits(0..4) || !matches!(b.get(4), Some(b'.' | b'-' | b'/')) || !digits(5..7) {
        return None;
    }
    let month = std::str::from_utf8(&b[5..7]).ok()?;
    if !("01"..="12").contains(&month) {
        return None;
    }
    Some(format!("{}-{month}", std::str::from_utf8(&b[0..4]).ok()?))
}

/// The positions after the player's second and third moves, where the game has them and
/// starts from the empty board.
fn openings_of(game: &Game, colour: Color) -> Vec<OpeningSeen> {
    if game.setup.is_some() {
        return Vec::new();
    }
    let start = game.start();
    let mut out = Vec::new();
    for player_moves in [2u8, 3] {
        // White's n-th move is ply 2n − 1, Black's ply 2n.
        let plies = 2 * usize::from(player_moves) - usize::from(colour == Color::White);
        let Some(head) = game.moves.get(..plies) else {
            break;
        };
        let mut pos = start.clone();
        for &m in head {
            if pos.play(m).is_err() {
                return out;
            }
        }
        out.push(OpeningSeen {
            player_moves,
            key: PositionKey::of(&pos).short(),
            moves: write_game::<MoveString>(&start, head, Coordinates::Canonical, ()).join("; "),
            direction: write_game::<DirectionMove>(
                &start,
                head,
                Coordinates::Canonical,
                Style::Unicode,
            )
            .join(" "),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sources_name_files_and_numbers() {
        assert_eq!(file_and_index("a/b.pgn"), ("a/b.pgn".into(), 1));
        assert_eq!(
            file_and_index("games #1.pgn #12 (line 340)"),
            ("games #1.pgn".into(), 12)
        );
        assert_eq!(file_and_index("x.pgn #7"), ("x.pgn".into(), 7));
        assert_eq!(file_and_index("odd #name.pgn"), ("odd #name.pgn".into(), 1));
    }

    #[test]
    fn months_from_dates() {
        assert_eq!(month_of("2023.01.17"), Some("2023-01".into()));
        assert_eq!(month_of("2018-11-03 19:41"), Some("2018-11".into()));
        assert_eq!(month_of("2020/12"), Some("2020-12".into()));
        assert_eq!(month_of("2023.13.01"), None);
        assert_eq!(month_of("??"), None);
        assert_eq!(month_of("2023"), None);
    }

    #[test]
    fn nearest_names_first() {
        let names = ["Dumbot", "WeakBot", "Abbo69", "dumbo"];
        assert_eq!(nearest_names("dumbot", names, 2), ["Dumbot", "dumbo"]);
        assert_eq!(edit_distance("kitten", "sitting"), 3);
    }
}
