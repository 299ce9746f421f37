//! Collections of games: many records read at once (texts holding several games, zip
//! archives of them), a summary of each game for a list, and the opening explorer over
//! them.
//!
//! * [`split`]: one text into its games (PGN as chess separates them, SGF game trees, UHP
//!   GameStrings);
//! * [`zip`]: the zip container (entries, their method and compressed bytes), with the
//!   inflater left to the caller;
//! * [`key`]: canonical position keys, the same for rotated, mirrored, translated and
//!   colour-swapped positions;
//! * [`explorer`]: the index of positions and the moves played from them, with filters;
//! * [`index`]: the compact index of the same for the first plies of each game, saved and
//!   read back as one file;
//! * [`book`]: an index as static shards a web host can serve, read a position at a time;
//! * `files` (feature `cli`): files, folders and zips from the disk, inflated with a crate.
//!
//! Nothing here touches the file system or needs threads, so it runs in the browser too.
//!
//! ```
//! use beeline::collection::{Collection, explorer::{Explorer, Filter}};
//! let mut c = Collection::new();
//! let text = "[GameType \"Base\"]\n[Result \"WhiteWins\"]\n\n1. wS1\n2. bS1 wS1-\n\n\
//!             [GameType \"Base\"]\n[Result \"BlackWins\"]\n\n1. wA1\n2. bZ9 wA1-\n";
//! c.add_text("two.pgn", text);
//! assert_eq!(c.games.len(), 2);
//! assert_eq!(c.games[0].info.plies, 2);
//! assert_eq!(c.games[0].opening(), "S S");
//! // The second stops at its second move: it loads up to there, with the error noted.
//! assert_eq!(c.games[1].info.plies, 1);
//! assert!(c.games[1].info.error.is_some());
//! let ex = Explorer::build(&c, &Filter::default());
//! assert_eq!(ex.games(), 2);
//! ```

pub mod book;
pub mod explorer;
#[cfg(feature = "cli")]
pub mod files;
pub mod generate;
pub mod index;
pub mod key;
pub mod library;
pub mod split;
pub mod zip;

use crate::engine::piece::GameType;
use crate::engine::position::{GameState, Move, Position, Rules};
use crate::engine::setup::Setup;
use crate::notation::direction::{DirectionMove, Style};
use crate::notation::{write_game, Coordinates};
use crate::record::{import, import_opening_with, Format, Record};
use key::PositionKey;

/// Plies of the opening shown in a game list: the first four turns of each player.
pub const OPENING_PLIES: usize = 8;

/// Files larger than this are refused (a collection file, not one record), from their size
/// before they are read: on the command line and in the collection worker.
pub const MAX_FILE: u64 = 1 << 30;

/// Whether a file of `len` bytes may be read as a collection file (at most [`MAX_FILE`]).
pub fn check_file_size(len: u64) -> Result<(), String> {
    if len > MAX_FILE {
        return Err(format!(
            "the file is {len} bytes; files larger than {MAX_FILE} bytes (1 GiB) are not read"
        ));
    }
    Ok(())
}

/// Archives nested in archives are read this deep.
const MAX_ZIP_DEPTH: usize = 4;

/// What a game list shows of a game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameInfo {
    /// Where the game came from: a file, an archive's entry, and its number in a text that
    /// holds several (`games.pgn #3`).
    pub source: String,
    pub white: Option<String>,
    pub black: Option<String>,
    pub date: Option<String>,
    pub event: Option<String>,
    /// The result the record states, else the state of its final position.
    pub result: GameState,
    #[serde(serialize_with = "display")]
    pub game_type: GameType,
    #[serde(serialize_with = "display")]
    pub format: Format,
    /// Plies read (the legal prefix when the record stops at a bad move).
    pub plies: usize,
    /// Where and why the record stopped, when it stops before its end.
    pub error: Option<String>,
}

fn display<T: std::fmt::Display, S: serde::Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

/// How a game ended, for the explorer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    WhiteWins,
    BlackWins,
    Draw,
    /// Not finished (or no result stated and the final position goes on): counted among a
    /// position's games, but not as a win, a draw or a loss.
    Unfinished,
}

impl Outcome {
    pub fn of(state: GameState) -> Outcome {
        match state {
            GameState::WhiteWins => Outcome::WhiteWins,
            GameState::BlackWins => Outcome::BlackWins,
            GameState::Draw => Outcome::Draw,
            GameState::NotStarted | GameState::InProgress => Outcome::Unfinished,
        }
    }
}

/// A game of a collection: its summary, its moves and the key of every position (the
/// opening for a game list is [`Game::opening`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub info: GameInfo,
    pub rules: Rules,
    /// The position the game starts from when it is not the empty board (a PGN's
    /// `Position` tag).
    pub setup: Option<Setup>,
    /// The main line (the legal prefix), in the record's coordinates (its first plies only
    /// when read for an index of openings, [`read_game_opening`]).
    pub moves: Vec<Move>,
    /// The key of the position before each move and after the last: `moves.len() + 1`
    /// (fewer when read for an index of the first plies, [`read_game_keyed`]).
    pub keys: Vec<PositionKey>,
    pub outcome: Outcome,
    /// Where its record lies among the texts of a collection, to read it again once only
    /// its opening is kept ([`Game::keep_opening`]); `None` for a game read on its own or
    /// from an archive inside an archive.
    pub span: Option<Span>,
}

/// Where a game's record lies: in which source of a collection, which entry of it when it is
/// a zip archive, and which bytes of that text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// The source's number, as the reader numbers the files it opens (the collection worker
    /// sets it).
    pub source: u32,
    /// The entry of a zip archive: its number among the archive's entries.
    pub entry: Option<u32>,
    /// The record's bytes in the text read (`text_of` the file's or the entry's bytes).
    pub range: std::ops::Range<usize>,
}

/// A record that could not be read at all, or an archive entry that could not be opened.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Failure {
    pub source: String,
    pub error: String,
}

/// Games read from many records.
#[derive(Clone, Debug, Default)]
pub struct Collection {
    pub games: Vec<Game>,
    pub failures: Vec<Failure>,
    /// Files passed over because they are not game records (by their extension), such as
    /// an archive's `README`.
    pub skipped: Vec<String>,
    /// Key only the positions of each game's first plies ([`read_game_keyed`]); all when
    /// `None`.
    pub key_plies: Option<usize>,
    /// With `key_plies`, play only those plies of a record that states its result
    /// ([`read_game_opening`]): for an index of openings, which needs no more.
    pub opening_only: bool,
}

/// Whether a file name is one a game record may have: `.sgf`, `.pgn`, `.uhp`, `.txt`
/// (any case). Other files in archives and folders are skipped.
pub fn is_record_name(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    [".sgf", ".pgn", ".uhp", ".txt"]
        .iter()
        .any(|ext| lower.ends_with(ext))
}

/// Whether a file name is a zip archive's.
pub fn is_zip_name(name: &str) -> bool {
    name.to_ascii_lowercase().ends_with(".zip")
}

/// Whether a file opens as a collection by its name alone: a zip archive, or a saved
/// explorer index (`.blnindex`, as the app saves one).
pub fn opens_as_collection(name: &str) -> bool {
    let name = name.to_ascii_lowercase();
    name.ends_with(".zip") || name.ends_with(".blnindex")
}

/// Reads one game's text: import, summary, the key of every position.
pub fn read_game(source: &str, text: &str) -> Result<Game, String> {
    read_game_keyed(source, text, None)
}

/// [`read_game`], keying only the positions of the first `plies` plies when given (for an
/// index that keeps no more: keying is a fifth of reading a game): `keys` then holds
/// `plies + 1` keys at most.
pub fn read_game_keyed(source: &str, text: &str, plies: Option<usize>) -> Result<Game, String> {
    let rec = import(text, None).map_err(|e| e.to_string())?;
    Ok(game_keyed(source, rec, plies.unwrap_or(usize::MAX)))
}

/// [`read_game_keyed`] with `plies` keyed, playing only those plies when the record states
/// its result and allows it ([`crate::record::import_opening`]: the later moves are counted and checked
/// for form, not played); else the whole game, as [`read_game_keyed`] reads it. `moves`
/// then holds the keyed plies only, and `info.plies` counts them all.
///
/// For a game valid to its end the index of either is the same. A game that breaks a rule
/// after `plies` is read whole here (no `info.error`, every ply counted); one that breaks
/// it sooner, or writes a later move that is not a MoveString of its pieces, is read as
/// [`read_game_keyed`] reads it, error and all.
pub fn read_game_opening(source: &str, text: &str, plies: usize) -> Result<Game, String> {
    // Keyed as the importer plays them (the opening is at most `plies` + 1 positions).
    let mut keys = Vec::with_capacity(plies.min(64) + 1);
    let opening = import_opening_with(text, plies, &mut |pos| keys.push(PositionKey::of(pos)))
        .and_then(|o| Some((o.rec.meta.result?, o)));
    match opening {
        Some((result, o)) => Ok(game_of(source, o.rec, o.plies, keys, result)),
        None => read_game_keyed(source, text, Some(plies)),
    }
}

/// The game of a whole record, keying its first `keyed` plies.
fn game_keyed(source: &str, rec: Record, keyed: usize) -> Game {
    let mut pos = rec.start();
    let keyed = keyed.min(rec.moves.len());
    let mut keys = Vec::with_capacity(keyed + 1);
    keys.push(PositionKey::of(&pos));
    // With a stated result the final position is not needed: only the keyed plies are
    // played.
    let played = match rec.meta.result {
        Some(_) => keyed,
        None => rec.moves.len(),
    };
    for (i, &mv) in rec.moves[..played].iter().enumerate() {
        // The importer played every move of `moves` on this same start.
        pos.play_unchecked(mv);
        if i < keyed {
            keys.push(PositionKey::of(&pos));
        }
    }
    let result = rec.meta.result.unwrap_or_else(|| pos.state());
    let plies = rec.moves.len();
    game_of(source, rec, plies, keys, result)
}

/// A game from its record, whose main line has `plies` plies (`rec.moves` may hold fewer),
/// with its keys and result.
fn game_of(
    source: &str,
    rec: Record,
    plies: usize,
    keys: Vec<PositionKey>,
    result: GameState,
) -> Game {
    let info = GameInfo {
        source: source.to_string(),
        white: rec.meta.white,
        black: rec.meta.black,
        date: rec.meta.date,
        event: rec.meta.event,
        result,
        game_type: rec.game_type,
        format: rec.format,
        plies,
        error: rec.error.map(|e| e.to_string()),
    };
    Game {
        info,
        setup: rec.tree.setup(),
        rules: rec.rules,
        moves: rec.moves,
        keys,
        outcome: Outcome::of(result),
        span: None,
    }
}

impl Game {
    /// The position before the first move.
    pub fn start(&self) -> Position {
        let empty = || Position::with_rules(self.info.game_type, self.rules);
        match &self.setup {
            Some(s) => s.position(self.rules).unwrap_or_else(|_| empty()),
            None => empty(),
        }
    }

    /// Keeps what a game list needs of a game indexed already, for a collection too large
    /// to keep every move of every game: its first [`OPENING_PLIES`] moves (for
    /// [`Game::opening`]) and no keys. Its [`Span`] reads it whole again.
    pub fn keep_opening(&mut self) {
        self.moves.truncate(OPENING_PLIES);
        self.moves.shrink_to_fit();
        self.keys = Vec::new();
    }

    /// Whether `moves` holds every ply read (not when only the opening is kept).
    pub fn is_whole(&self) -> bool {
        self.moves.len() >= self.info.plies
    }

    /// The opening for a game list: the first [`OPENING_PLIES`] plies (or fewer) in
    /// direction notation, separated by spaces. (Written on demand: notating every game's
    /// opening would slow loading a large collection by a quarter.)
    pub fn opening(&self) -> String {
        let head = &self.moves[..self.moves.len().min(OPENING_PLIES)];
        write_game::<DirectionMove>(&self.start(), head, Coordinates::Canonical, Style::Unicode)
            .join(" ")
    }
}

/// Reads every game of a text (see [`split`]): each with its source, `source` itself for
/// a text of one game, else `source #n (line l)`.
pub fn read_games(source: &str, text: &str) -> Vec<(String, Result<Game, String>)> {
    let mut games = Vec::new();
    for_each_game(source, text, None, false, &mut |name, game, _| {
        games.push((name, game))
    });
    games
}

/// [`read_games`] one game at a time, as each is read.
fn for_each_game(
    source: &str,
    text: &str,
    key_plies: Option<usize>,
    opening_only: bool,
    f: &mut dyn FnMut(String, Result<Game, String>, Option<std::ops::Range<usize>>),
) {
    let chunks = split::split_records(text);
    if chunks.is_empty() {
        f(
            source.to_string(),
            Err(crate::record::RecordError::Empty.to_string()),
            None,
        );
        return;
    }
    let many = chunks.len() > 1;
    for (i, chunk) in chunks.iter().enumerate() {
        let name = if many {
            format!("{source} #{} (line {})", i + 1, chunk.line)
        } else {
            source.to_string()
        };
        let game = read_game_with(&name, chunk.text, key_plies, opening_only);
        // The chunk's place in the text (it is a slice of it).
        let range = (chunk.text.as_ptr() as usize)
            .checked_sub(text.as_ptr() as usize)
            .map(|start| start..start + chunk.text.len())
            .filter(|r| text.get(r.clone()) == Some(chunk.text));
        f(name, game, range);
    }
}

/// A game read as a collection reading keyed plies (and maybe those only) reads it.
pub(crate) fn read_game_with(
    source: &str,
    text: &str,
    key_plies: Option<usize>,
    opening_only: bool,
) -> Result<Game, String> {
    match key_plies {
        Some(p) if opening_only => read_game_opening(source, text, p),
        _ => read_game_keyed(source, text, key_plies),
    }
}

/// Text from bytes: UTF-8, with anything else replaced (records in other encodings still
/// read as far as their ASCII goes).
pub fn text_of(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    String::from_utf8_lossy(bytes)
}

impl Collection {
    pub fn new() -> Collection {
        Collection::default()
    }

    /// Adds a game read on its own (or the reason it could not be read).
    pub fn push(&mut self, source: String, game: Result<Game, String>) {
        match game {
            Ok(g) => self.games.push(g),
            Err(error) => self.failures.push(Failure { source, error }),
        }
    }

    /// Adds every game of a text; returns how many loaded.
    pub fn add_text(&mut self, source: &str, text: &str) -> usize {
        self.add_text_with(source, text, &mut |_| {})
    }

    /// [`Collection::add_text`], calling `each` with the collection after every game read
    /// (the collection worker reports its progress so).
    pub fn add_text_with(
        &mut self,
        source: &str,
        text: &str,
        each: &mut dyn FnMut(&mut Collection),
    ) -> usize {
        self.add_text_at(source, text, Some(None), each)
    }

    /// [`Collection::add_text_with`] of a text that is the zip entry `entry` (`Some(None)`
    /// for a file's text), which the games' spans name; `None` gives them none (an archive's
    /// inside another).
    fn add_text_at(
        &mut self,
        source: &str,
        text: &str,
        entry: Option<Option<u32>>,
        each: &mut dyn FnMut(&mut Collection),
    ) -> usize {
        let before = self.games.len();
        let (key_plies, opening_only) = (self.key_plies, self.opening_only);
        for_each_game(
            source,
            text,
            key_plies,
            opening_only,
            &mut |name, game, range| {
                let game = game.map(|mut g| {
                    g.span = entry.zip(range).map(|(entry, range)| Span {
                        source: 0,
                        entry,
                        range,
                    });
                    g
                });
                self.push(name, game);
                each(self);
            },
        );
        self.games.len() - before
    }

    /// Adds the records of a zip archive: every entry named as a record (see
    /// [`is_record_name`]), archives inside it too, others skipped. `inflate(compressed,
    /// size)` inflates a deflated entry (raw deflate); stored entries need none. An entry
    /// that cannot be read is a [`Failure`]; so is an archive that is not one.
    pub fn add_zip(&mut self, source: &str, bytes: &[u8], inflate: &zip::Inflate) {
        self.add_zip_with(source, bytes, inflate, &mut |_| {});
    }

    /// [`Collection::add_zip`], calling `each` with the collection after every entry read.
    pub fn add_zip_with(
        &mut self,
        source: &str,
        bytes: &[u8],
        inflate: &zip::Inflate,
        each: &mut dyn FnMut(&mut Collection),
    ) {
        self.add_zip_at(source, bytes, inflate, 0, each);
    }

    /// Adds one entry of an archive whose bytes the caller has inflated (or read stored,
    /// `zip::Archive::data`), e.g. with the browser's `DecompressionStream`: checks them against the directory's size and CRC-32, then reads the games if the
    /// entry is named as a record (others are skipped, folders ignored). `archive` names
    /// the archive in the games' sources. Archives inside archives are left to
    /// [`Collection::add_zip`] (they need the inflater).
    pub fn add_inflated(&mut self, archive: &str, entry: &zip::ZipEntry, bytes: &[u8]) {
        if entry.is_dir() {
            return;
        }
        let name = format!("{archive}/{}", entry.name);
        if !is_record_name(&entry.name) {
            self.skipped.push(name);
            return;
        }
        match entry.check(bytes) {
            Ok(()) => {
                self.add_text(&name, &text_of(bytes));
            }
            Err(e) => self.failures.push(Failure {
                source: name,
                error: e.to_string(),
            }),
        }
    }

    fn add_zip_at(
        &mut self,
        source: &str,
        bytes: &[u8],
        inflate: &zip::Inflate,
        depth: usize,
        each: &mut dyn FnMut(&mut Collection),
    ) {
        let archive = match zip::Archive::parse(bytes) {
            Ok(a) => a,
            Err(e) => {
                self.failures.push(Failure {
                    source: source.to_string(),
                    error: e.to_string(),
                });
                return;
            }
        };
        for (number, entry) in archive.entries().iter().enumerate() {
            if entry.is_dir() {
                continue;
            }
            let name = format!("{source}/{}", entry.name);
            let nested = is_zip_name(&entry.name);
            if !nested && !is_record_name(&entry.name) {
                self.skipped.push(name);
                continue;
            }
            if nested && depth + 1 >= MAX_ZIP_DEPTH {
                self.failures.push(Failure {
                    source: name,
                    error: format!("archives nested more than {MAX_ZIP_DEPTH} deep are not read"),
                });
                continue;
            }
            match archive.read(entry, inflate, zip::entry_limit(nested)) {
                Ok(data) if nested => self.add_zip_at(&name, &data, inflate, depth + 1, each),
                Ok(data) => {
                    // Only an entry of the archive opened can be found again by its number.
                    let at = u32::try_from(number).ok().filter(|_| depth == 0).map(Some);
                    self.add_text_at(&name, &text_of(&data), at, &mut |_| {});
                }
                Err(e) => self.failures.push(Failure {
                    source: name,
                    error: e.to_string(),
                }),
            }
            each(self);
        }
    }
}
