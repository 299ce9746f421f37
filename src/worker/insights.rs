//! The collection worker's answers for a player's insights (`app::insights`): the
//! collection's players, and a player's games with their moves, chosen as the command line
//! chooses them (`insights::games::Selection`). The reviews themselves are the analysis
//! workers' (`analysis_jobs`).

use crate::collection::library::Library;
use crate::collection::{Failure, Game};
use crate::engine::transfer;
use crate::insights::games::Selection;
use crate::protocol::collection_messages::{CollectionAnswer, InsightsGame};

/// Every player's name with their games, most games first.
pub fn players(library: Option<&Library>) -> CollectionAnswer {
    let mut selection = Selection::new("");
    for g in library.map_or(&[][..], |l| &l.collection.games[..]) {
        selection.take(g);
    }
    let players = selection
        .players()
        .into_iter()
        .map(|(name, games)| (name, u32::try_from(games).unwrap_or(u32::MAX)))
        .collect();
    CollectionAnswer::Players { players }
}

/// The player's games, each whole (`whole(number)`: a game of a large collection keeps only
/// its opening and is read again), with what was left out.
pub fn player_games(
    library: Option<&Library>,
    player: &str,
    whole: &dyn Fn(usize) -> Option<Game>,
) -> CollectionAnswer {
    let mut selection = Selection::new(player);
    let mut games = Vec::new();
    if let Some(l) = library {
        selection.left_out.unreadable = l.collection.failures.clone();
        for (i, listed) in l.collection.games.iter().enumerate() {
            let Some(game) = selection.take(listed) else {
                continue;
            };
            let Some(full) = whole(i) else {
                selection.left_out.unreadable.push(Failure {
                    source: listed.info.source.clone(),
                    error: "its record could not be read again".into(),
                });
                continue;
            };
            let mut pos = full.start();
            // (The collection played every move already: a legal prefix.)
            for &m in &full.moves {
                if pos.play(m).is_err() {
                    break;
                }
            }
            games.push(InsightsGame {
                number: u32::try_from(i).unwrap_or(u32::MAX),
                game,
                position: transfer::encode(&pos),
            });
        }
    }
    let none = games.is_empty().then(|| selection.none_taken());
    CollectionAnswer::PlayerGames {
        games,
        left_out: selection.left_out,
        none,
    }
}
