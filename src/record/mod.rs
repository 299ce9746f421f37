//! Game records: import every format players have (UHP GameStrings, PGN, BoardSpace SGF,
//! move lists in any of the three notations), export them again, and share them as
//! permalinks.
//!
//! Import reads as far as it can: the first unreadable or illegal move stops it, the legal
//! prefix is kept in [`Record::moves`] and [`Record::error`] says where and why. Repairs
//! (renumbered pieces, an old Queen opening) are made openly, one notice each.
//!
//! ```
//! use beeline::record::{import, Format};
//! let text = "[GameType \"Base\"]\n[White \"Ann\"]\n\n1. wS1\n2. bS1 -wS1\n3. wQ wS1/\n";
//! let rec = import(text, None).unwrap();
//! assert_eq!(rec.format, Format::Pgn);
//! assert_eq!(rec.meta.white.as_deref(), Some("Ann"));
//! assert_eq!(rec.moves.len(), 3);
//! assert!(rec.error.is_none());
//! assert_eq!(rec.position().ply(), 3);
//! ```

pub mod clock;
pub mod detect;
pub mod drawing;
pub mod export;
pub mod movelist;
pub mod permalink;
pub mod pgn;
pub mod position;
pub mod puzzle;
pub mod review_notes;
pub mod sgf;
pub mod tree;
pub mod uhp_game;

use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, GameType, Piece, PIECE_COUNT};
use crate::engine::position::{GameState, Illegal, Move, Position, Rules};
use crate::notation::frame::Frame;
use crate::notation::uhp::{MoveString, Target};
use crate::notation::{Coordinates, Notation, ReadError};
use std::fmt;
use thiserror::Error;

/// How the notices name a threefold repetition.
const THIRD_TIME: &str =
    "the same position, with the same player to move, occurs for the third time";

/// Inputs larger than this are refused: no real record comes close.
pub const MAX_INPUT: usize = 1 << 20;

/// A record format.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum Format {
    /// A UHP GameString (`Base+MLP;InProgress;White[3];wS1;…`).
    Uhp,
    /// PGN-style files of Mzinga and hivegame.com.
    Pgn,
    /// BoardSpace SGF.
    Sgf,
    /// A move list in the standard (BoardSpace/UHP) notation.
    Standard,
    /// A move list in the direction-based notation.
    Direction,
    /// A move list in the algebraic notation (any of its forms).
    Algebraic,
    /// A position in the algebraic notation's at-sign form (`wQ @m0 bQ @n0; White to move`).
    Position,
}

impl Format {
    pub const ALL: [Format; 7] = [
        Format::Uhp,
        Format::Pgn,
        Format::Sgf,
        Format::Standard,
        Format::Direction,
        Format::Algebraic,
        Format::Position,
    ];

    /// The format's byte in a permalink.
    pub fn code(self) -> u8 {
        match self {
            Format::Uhp => 0,
            Format::Pgn => 1,
            Format::Sgf => 2,
            Format::Standard => 3,
            Format::Direction => 4,
            Format::Algebraic => 5,
            Format::Position => 6,
        }
    }

    pub fn from_code(code: u8) -> Option<Format> {
        Format::ALL.into_iter().find(|f| f.code() == code)
    }

    /// The lower-case name used in JSON (and, through `clap::ValueEnum`, on the command line).
    pub fn name(self) -> &'static str {
        match self {
            Format::Uhp => "uhp",
            Format::Pgn => "pgn",
            Format::Sgf => "sgf",
            Format::Standard => "standard",
            Format::Direction => "direction",
            Format::Algebraic => "algebraic",
            Format::Position => "position",
        }
    }

    /// The coordinates records in this format carry: their own (references that fix where
    /// each piece went on the record's board), or none, so that notation is canonical.
    pub fn coordinates(self) -> Coordinates {
        match self {
            Format::Uhp | Format::Pgn | Format::Sgf | Format::Standard => Coordinates::Record,
            Format::Direction | Format::Algebraic | Format::Position => Coordinates::Canonical,
        }
    }

    /// How the format is named to users ("BoardSpace SGF").
    pub fn description(self) -> &'static str {
        match self {
            Format::Uhp => "UHP game string",
            Format::Pgn => "PGN",
            Format::Sgf => "BoardSpace SGF",
            Format::Standard => "move list (standard notation)",
            Format::Direction => "move list (direction notation)",
            Format::Algebraic => "move list (algebraic notation)",
            Format::Position => "position (algebraic notation)",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Who played, when and where, and how it ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    pub white: Option<String>,
    pub black: Option<String>,
    pub date: Option<String>,
    pub event: Option<String>,
    pub site: Option<String>,
    pub round: Option<String>,
    /// The result the record states (it may differ from the final position, e.g. after a
    /// resignation).
    pub result: Option<GameState>,
    /// The time control (PGN `TimeControl`, BoardSpace `TC`).
    pub time_control: Option<clock::TimeControl>,
    /// Each player's time used in the whole game, in milliseconds, White's first, as the
    /// record states it at its end (BoardSpace's closing `P0[time …]`); the moves' own times
    /// are in their comments ([`clock`]).
    pub time_used: [Option<u64>; 2],
    /// Every other tag, in the order read.
    pub extra: Vec<(String, String)>,
}

impl Metadata {
    /// Sets a known tag (case-insensitive name) or keeps it as an extra one.
    pub fn set(&mut self, name: &str, value: &str) {
        let v = || Some(value.to_string()).filter(|s| !s.is_empty());
        match name.to_ascii_lowercase().as_str() {
            "white" => self.white = v(),
            "black" => self.black = v(),
            "date" => self.date = v(),
            "event" => self.event = v(),
            "site" => self.site = v(),
            "round" => self.round = v(),
            "result" => self.result = parse_result(value),
            "timecontrol" => self.time_control = clock::TimeControl::from_pgn(value),
            _ => self.extra.push((name.to_string(), value.to_string())),
        }
    }
}

/// A result as UHP (`WhiteWins`) or chess (`1-0`, `0-1`, `1/2-1/2`) writes it.
pub fn parse_result(s: &str) -> Option<GameState> {
    match s.trim() {
        "1-0" => Some(GameState::WhiteWins),
        "0-1" => Some(GameState::BlackWins),
        "1/2-1/2" | "½-½" => Some(GameState::Draw),
        t => GameState::parse(t),
    }
}

/// Why a move of a record could not be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ImportFault {
    /// The move's text, in the record's notation, gives no legal move.
    #[error(transparent)]
    Read(#[from] ReadError),
    /// The move the record names breaks a rule.
    #[error("{0}")]
    Illegal(#[from] Illegal),
    #[error("this turn was already given")]
    TurnRepeated,
    #[error("turn {turn} of {color} is missing before this move", color = .color.name())]
    TurnMissing { turn: usize, color: Color },
    #[error("this drop cannot be read (expected a piece and a cell, such as wA1 N 13)")]
    UnreadableDrop,
    #[error(
        "this move cannot be read (expected a colour, a piece and a cell, such as W wA1 N 13)"
    )]
    UnreadableMove,
    #[error("there is no such piece in a game of Hive")]
    NoSuchPiece,
}

/// The first unreadable or illegal move of a record.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct ImportError {
    /// 1-based line of the input.
    pub line: usize,
    /// The move as written.
    pub text: String,
    #[source]
    pub fault: ImportFault,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.fault {
            // A reader's error quotes the text itself.
            ImportFault::Read(e) => write!(f, "line {}: {e}", self.line),
            fault => write!(f, "line {}: '{}': {fault}", self.line, self.text),
        }
    }
}

/// Why nothing at all could be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("the input is empty")]
    Empty,
    #[error("the input is {0} bytes; records larger than {MAX_INPUT} bytes are refused")]
    TooLarge(usize),
    #[error("the format of the input is not recognised (expected UHP, PGN, SGF or a move list)")]
    UnknownFormat,
    #[error(transparent)]
    Position(#[from] position::PositionError),
    #[error("line {line}: {fault}")]
    Header {
        line: usize,
        #[source]
        fault: HeaderFault,
    },
}

/// What is wrong with a record's header.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum HeaderFault {
    #[error(transparent)]
    GameType(#[from] crate::engine::piece::GameTypeParseError),
    #[error("'{0}' is not a Hive variant")]
    NotHive(String),
    #[error("the variant '{0}' has no UHP equivalent")]
    UnknownVariant(String),
    #[error("no SGF properties found")]
    NoSgfProperties,
}

/// An imported game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    pub meta: Metadata,
    pub game_type: GameType,
    pub rules: Rules,
    /// The legal prefix of the record, in engine coordinates.
    pub moves: Vec<Move>,
    /// The whole game: the main line (equal to `moves`), its variations, and the comments
    /// and annotations of its moves (the root's comment comes before the first move).
    pub tree: tree::GameTree,
    pub format: Format,
    /// The coordinates the standard notation is written in.
    pub coordinates: Coordinates,
    /// Repairs and oddities, one human-readable sentence each.
    pub notices: Vec<String>,
    /// The move that stopped the import, if any.
    pub error: Option<ImportError>,
    /// The record poses a puzzle: its start is the position, its main line the solution.
    pub puzzle: bool,
}

impl Record {
    /// An empty record of a game type.
    pub fn new(game_type: GameType, format: Format) -> Record {
        Record {
            meta: Metadata::default(),
            game_type,
            rules: Rules::default(),
            moves: Vec::new(),
            tree: tree::GameTree::new(game_type, Rules::default()),
            format,
            coordinates: format.coordinates(),
            notices: Vec::new(),
            error: None,
            puzzle: false,
        }
    }

    /// Replaces the game tree; `moves` becomes its main line.
    pub fn set_tree(&mut self, tree: tree::GameTree) {
        self.moves = tree.mainline();
        self.tree = tree;
    }

    /// The comment after the main line's move of `ply` (0: before the first move).
    pub fn comment_at(&self, ply: usize) -> Option<&str> {
        let node = match ply {
            0 => self.tree.root(),
            _ => *self.tree.mainline_nodes().get(ply - 1)?,
        };
        self.tree.comment(node)
    }

    /// The position before the first move: the empty board of the record's game type, or
    /// the set-up position its tree starts from, under the record's rules.
    pub fn start(&self) -> Position {
        if self.tree.setup().is_some() {
            let mut pos = self.tree.start();
            pos.set_rules(self.rules);
            pos
        } else {
            Position::with_rules(self.game_type, self.rules)
        }
    }

    /// The position after every move of the record.
    pub fn position(&self) -> Position {
        self.position_at(self.moves.len())
    }

    /// The position after the first `ply` moves (clamped to the record).
    pub fn position_at(&self, ply: usize) -> Position {
        let mut pos = self.start();
        for &mv in self.moves.iter().take(ply) {
            if pos.play(mv).is_err() {
                break;
            }
        }
        pos
    }

    /// Whether the game ended in a draw by threefold repetition (under the record's rules).
    pub fn drawn_by_repetition(&self) -> bool {
        self.position().drawn_by_repetition()
    }

    /// The result: the one the record states, else the final position's state.
    pub fn result(&self) -> GameState {
        self.meta.result.unwrap_or_else(|| self.position().state())
    }
}

/// Reads a record. `format: None` detects it. `Err` only when nothing is readable.
pub fn import(text: &str, format: Option<Format>) -> Result<Record, RecordError> {
    check_size(text)?;
    let format = match format {
        Some(f) => f,
        None => detect::detect(text).ok_or(RecordError::UnknownFormat)?,
    };
    // Servers that write UHP game strings and PGN end a game drawn on a threefold
    // repetition; Mzinga's PGN of BoardSpace games plays on (BoardSpace has no such rule).
    let rules = match format {
        Format::Uhp | Format::Pgn => Rules::uhp(),
        _ => Rules::default(),
    };
    read_repaired(text, rules, &|t: &str, r: Rules| import_with(t, format, r))
}

/// The first plies of a record, read by [`import_opening`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The record with only its first plies in `moves` (its tree is left empty), and the
    /// result it states.
    pub rec: Record,
    /// Plies in the whole main line, counted but not played past the first.
    pub plies: usize,
}

/// Reads only the first `plies` moves of a record whose result is stated (a PGN `Result`
/// tag, a UHP GameString's finished state), for an index that keeps no more: those moves
/// are played under every rule, the later ones only counted and checked for form (each a
/// MoveString of the game's pieces naming a reference), not played. For a record that is
/// valid to its end everything [`import`] gives that an opening needs is the same: the
/// first moves, the result, the number of plies.
///
/// `None` when the record needs [`import`]: another format, no result stated (it comes
/// from the final position), a set-up position, variations, comments or annotations, a
/// move that stops or ends the game within the first plies, a later one that is not well
/// formed.
pub fn import_opening(text: &str, plies: usize) -> Option<Opening> {
    import_opening_with(text, plies, &mut |_| {})
}

/// [`import_opening`], calling `each` with the position before the first move and after
/// each move played (the first `plies`), as they are played: a caller keying them needs
/// not play them again. (When it gives `None`, some may have been called.)
pub fn import_opening_with(
    text: &str,
    plies: usize,
    each: &mut dyn FnMut(&Position),
) -> Option<Opening> {
    check_size(text).ok()?;
    if plies == 0 {
        return None;
    }
    match detect::detect(text)? {
        Format::Pgn => pgn::import_opening(text, Rules::uhp(), plies, each),
        Format::Uhp => uhp_game::import_opening(text, Rules::uhp(), plies, each),
        _ => None,
    }
}

/// Whether a move after an opening's first plies is well formed: a MoveString (a pass, or
/// a piece and its reference: the board is not empty any more) of the game's pieces.
pub(crate) fn well_formed_later(text: &str, game_type: GameType) -> bool {
    match text.parse::<MoveString>() {
        Ok(MoveString::Pass) => true,
        Ok(MoveString::Move { piece, target }) => {
            game_type.includes(piece.bug)
                && game_type.includes(target.reference.bug)
                && (piece != target.reference || target.direction.is_some())
        }
        _ => false,
    }
}

/// One move of a record read for its opening: the `n`th (from 0) is played when it is
/// within the first `plies` (`each` sees the position after it), checked for form only
/// after them; `None` when it breaks a rule or is not a move.
pub(crate) fn opening_move(
    r: &mut Replayer,
    n: usize,
    plies: usize,
    game_type: GameType,
    text: &str,
    each: &mut dyn FnMut(&Position),
) -> Option<()> {
    if n < plies {
        let mv = r.uhp_move(text).ok()?;
        r.play_resolved(mv);
        each(&r.pos);
        Some(())
    } else {
        well_formed_later(text, game_type).then_some(())
    }
}

/// The end of an opening read by a [`Replayer`]: `None` when it stopped, or when the game
/// is over after its first plies and the record goes on (a move would break a rule there).
pub(crate) fn opening_of(r: Replayer, plies: usize) -> Option<Opening> {
    if r.stopped() || (r.pos.state().is_over() && plies > r.rec.moves.len()) {
        return None;
    }
    Some(Opening { rec: r.rec, plies })
}

fn check_size(text: &str) -> Result<(), RecordError> {
    if text.len() > MAX_INPUT {
        return Err(RecordError::TooLarge(text.len()));
    }
    if text.trim().is_empty() {
        return Err(RecordError::Empty);
    }
    Ok(())
}

/// A reader of one format under some rules.
type FormatReader<'a> = dyn Fn(&str, Rules) -> Result<Record, RecordError> + 'a;

/// Reads with `rules`, and again without the repetition rule when the record plays on
/// after a third repetition.
fn read_repaired(text: &str, rules: Rules, read: &FormatReader) -> Result<Record, RecordError> {
    let rec = read_with_repairs(text, rules, read)?;
    if rec.error.is_none() || !rec.drawn_by_repetition() {
        return Ok(rec);
    }
    // The record plays on after a third repetition: read it without the rule.
    let n = rec.moves.len();
    let mut rec = read_with_repairs(text, rules.with_repetition_draw(false), read)?;
    rec.notices.push(format!(
        "after move {n} {THIRD_TIME}, a draw on servers such as hivegame.com; the record plays \
         on, so it is read without the repetition rule"
    ));
    Ok(rec)
}

/// Reads a record with `rules`, or without the tournament opening rule when a Queen on the
/// first turn is what stops it (old games did that).
fn read_with_repairs(text: &str, rules: Rules, read: &FormatReader) -> Result<Record, RecordError> {
    let strict = read(text, rules)?;
    if strict.error.is_none() {
        return Ok(strict);
    }
    // Keep the retry only if the Queen opening is exactly what stopped the strict import.
    let mut relaxed = read(text, rules.with_tournament_opening(false))?;
    let k = strict.moves.len();
    let queen_opening = matches!(relaxed.moves.get(k), Some(Move::Place { piece, .. })
        if piece.bug() == Bug::Queen && k < 2);
    if relaxed.moves.len() > k && queen_opening {
        let who = if k == 0 { "White" } else { "Black" };
        relaxed.notices.insert(
            0,
            format!(
                "{who} places the Queen on the first turn (move {}), which the tournament opening \
                 rule forbids; the game is read without that rule",
                k + 1
            ),
        );
        return Ok(relaxed);
    }
    Ok(strict)
}

fn import_with(text: &str, format: Format, rules: Rules) -> Result<Record, RecordError> {
    match format {
        Format::Uhp => uhp_game::import(text, rules),
        Format::Pgn => pgn::import(text, rules),
        Format::Sgf => sgf::import(text, rules),
        Format::Position => position::import(text, rules),
        Format::Standard | Format::Direction | Format::Algebraic => {
            movelist::import(text, format, rules)
        }
    }
}

/// Plays a record's moves one by one, with the repairs every importer shares: pieces
/// renumbered into placement order, BoardSpace's `wM1` names.
#[derive(Clone)]
pub(crate) struct Replayer {
    pub pos: Position,
    pub rec: Record,
    /// Written name → the piece it stands for, fixed at the piece's placement.
    names: [Option<Piece>; PIECE_COUNT],
    /// Comments, each after the move of its ply (0: before the first move).
    comments: Vec<(usize, String)>,
    noted_unique_one: bool,
    noted_old_dialect: bool,
}

impl Replayer {
    pub fn new(rec: Record) -> Replayer {
        let pos = rec.start();
        // A set-up position's pieces go by their own names.
        let mut names = [None; PIECE_COUNT];
        for p in pos.board().pieces() {
            names[p.index()] = Some(p.piece());
        }
        Replayer {
            pos,
            rec,
            names,
            comments: Vec::new(),
            noted_unique_one: false,
            noted_old_dialect: false,
        }
    }

    /// Whether the import has stopped.
    pub fn stopped(&self) -> bool {
        self.rec.error.is_some()
    }

    pub fn fail(&mut self, line: usize, text: &str, fault: impl Into<ImportFault>) {
        if self.rec.error.is_none() {
            self.rec.error = Some(ImportError {
                line,
                text: text.trim().to_string(),
                fault: fault.into(),
            });
        }
    }

    /// Takes back the last move (a variation starts before it); no error is pending then.
    pub fn take_back(&mut self) {
        if self.pos.undo().is_some() {
            self.rec.moves.pop();
        }
        self.rec.error = None;
    }

    pub fn notice(&mut self, s: String) {
        if !self.rec.notices.contains(&s) {
            self.rec.notices.push(s);
        }
    }

    /// Plays a legal move; an illegal one stops the import with the engine's reason.
    pub fn play(&mut self, line: usize, text: &str, mv: Move) -> bool {
        match self.pos.play(mv) {
            Ok(()) => {
                self.rec.moves.push(mv);
                true
            }
            Err(e) => {
                self.fail(line, text, e);
                false
            }
        }
    }

    /// Plays a move [`Replayer::uhp_move`] gave: it resolved the move among the legal ones,
    /// so it is not checked again.
    pub fn play_resolved(&mut self, mv: Move) {
        self.pos.play_unchecked(mv);
        self.rec.moves.push(mv);
    }

    /// Notes a BoardSpace-style `wM1` token.
    pub fn note_token(&mut self, token: &str) {
        let b = token.as_bytes();
        if !self.noted_unique_one
            && b.len() == 3
            && b[2] == b'1'
            && Bug::from_letter(b[1] as char).is_some_and(|bug| bug.is_unique())
        {
            self.noted_unique_one = true;
            self.notice(format!(
                "BoardSpace piece names such as {token} are read as UHP names ({})",
                &token[..2]
            ));
        }
    }

    /// The piece a written name stands for. A name not seen before on a moving piece is a
    /// placement: it takes the next number in placement order of its colour and kind
    /// (BoardGameArena numbers otherwise). Every placement passes through here, so every
    /// piece on the board has its name recorded.
    pub fn piece(&mut self, written: Piece, moving: bool) -> Piece {
        if written.bug.is_unique() {
            return written;
        }
        if let Some(p) = self.names[written.id().index()] {
            return p;
        }
        if !moving {
            return written;
        }
        let used = self
            .names
            .iter()
            .flatten()
            .filter(|p| p.color == written.color && p.bug == written.bug)
            .count() as u8;
        let actual = Piece::new(written.color, written.bug, used + 1).unwrap_or(written);
        if actual != written {
            self.notice(format!(
                "{written} is the {} {} placed, so it is read as {actual} \
                 (pieces are numbered in placement order)",
                ordinal(used + 1),
                kind_name(written)
            ));
        }
        self.names[written.id().index()] = Some(actual);
        actual
    }

    /// Resolves a UHP MoveString (with the repairs) against the current position.
    pub fn uhp_move(&mut self, text: &str) -> Result<Move, ReadError> {
        // Once told, the notice is not looked for again.
        if !self.noted_unique_one {
            for tok in text.split_whitespace() {
                // The direction marks are ASCII: trimmed as bytes, without decoding chars.
                let b = tok.as_bytes();
                let dir = |c: &u8| matches!(c, b'-' | b'/' | b'\\');
                let start = b.iter().position(|c| !dir(c)).unwrap_or(b.len());
                let end = b.iter().rposition(|c| !dir(c)).map_or(start, |i| i + 1);
                self.note_token(&tok[start..end]);
            }
        }
        let ms: MoveString = text.parse()?;
        let ms = match ms {
            MoveString::Pass => MoveString::Pass,
            MoveString::First(p) => MoveString::First(self.piece(p, true)),
            MoveString::Move { piece, target } => MoveString::Move {
                piece: self.piece(piece, true),
                target: Target {
                    reference: self.piece(target.reference, false),
                    direction: target.direction,
                },
            },
        };
        // Renamed pieces are resolved under their new names; errors quote the text.
        ms.to_move(&self.pos, &Frame::ENGINE)
            .map_err(|e| e.with_text(text))
    }

    /// The move of a written piece to a hex (placement or movement, from the board).
    pub fn move_to(&mut self, written: Piece, to: Hex) -> Move {
        let id = self.piece(written, true).id();
        match self.pos.board().position(id) {
            Some(from) => Move::Move {
                piece: id,
                from,
                to,
            },
            None => Move::Place { piece: id, to },
        }
    }

    /// A comment after the last move played.
    pub fn comment(&mut self, text: &str) {
        self.comment_at(self.rec.moves.len(), text);
    }

    /// A comment after the move of `ply` (0: before the first move); comments at the same
    /// place are joined.
    pub fn comment_at(&mut self, ply: usize, text: &str) {
        let t = text.trim();
        if t.is_empty() {
            return;
        }
        match self.comments.iter_mut().find(|(p, _)| *p == ply) {
            Some((_, c)) => {
                c.push(' ');
                c.push_str(t);
            }
            None => self.comments.push((ply, t.to_string())),
        }
    }

    /// The record: its moves as the tree's main line, with the comments on their moves.
    pub fn finish(mut self) -> Record {
        if self.rec.error.is_none() && self.pos.drawn_by_repetition() {
            self.notice(format!(
                "the game ends in a draw by threefold repetition: after move {} {THIRD_TIME}",
                self.pos.ply()
            ));
        }
        let mut tree = tree::GameTree::from_position(self.pos.initial());
        let mut nodes = vec![tree.root()];
        for &mv in &self.rec.moves {
            let last = nodes[nodes.len() - 1];
            // Every move was played on the replayer's position.
            nodes.push(tree.push(last, mv));
        }
        for (ply, c) in &self.comments {
            if let Some(&n) = nodes.get(*ply) {
                let _ = tree.set_comment(n, Some(c));
            }
        }
        self.rec.tree = tree;
        self.rec
    }
}

fn ordinal(n: u8) -> &'static str {
    match n {
        1 => "first",
        2 => "second",
        _ => "third",
    }
}

fn kind_name(p: Piece) -> String {
    let c = match p.color {
        Color::White => "white",
        Color::Black => "black",
    };
    format!("{c} {}", p.bug.name())
}

/// Splits text into lines, numbered from 1.
/// Appends a piece of a comment (words or commands), trimmed, one space after what is there.
pub(crate) fn push_words(out: &mut String, words: &str) {
    let w = words.trim();
    if !w.is_empty() {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(w);
    }
}

pub(crate) fn numbered_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, l)| (i + 1, l))
}
