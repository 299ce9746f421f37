//! The opening explorer: for a position, every move played from it in a collection, with
//! how many games played it and how they ended for the player to move.
//!
//! Positions are matched by their [`PositionKey`] (translations, the 12 symmetries of the
//! grid and colour swaps give one key), so transpositions and mirrored games meet. A game
//! counts once per position it reaches, however often it repeats it, and once per move it
//! plays from there. A move is told by the key of the position after it, so moves that
//! mirror each other are one move.
//!
//! ```
//! use beeline::collection::{Collection, explorer::{Explorer, Filter, play_line}};
//! let mut c = Collection::new();
//! c.add_text("a.pgn", "[GameType \"Base\"]\n[Result \"WhiteWins\"]\n\n1. wS1\n2. bS1 wS1-\n");
//! c.add_text("b.pgn", "[GameType \"Base\"]\n[Result \"BlackWins\"]\n\n1. wS1\n2. bG1 -wS1\n");
//! let ex = Explorer::build(&c, &Filter::default());
//! let pos = play_line("wS1").unwrap();
//! let report = ex.explore(&c, &pos);
//! assert_eq!(report.games, 2);
//! assert_eq!(report.position.games, 2);
//! // Black to move: it won one of the two games.
//! assert_eq!((report.position.to_move_wins, report.position.to_move_losses), (1, 1));
//! let moves: Vec<&str> = report.moves.iter().map(|m| m.direction.as_str()).collect();
//! assert_eq!(moves, ["G", "S"]);
//! ```

use super::key::PositionKey;
use super::{Collection, GameInfo, Outcome};
use crate::engine::piece::{Color, GameType};
use crate::engine::position::{Move, Position, Rules};
use crate::engine::setup::Setup;
use crate::notation::algebraic::AlgebraicMove;
use crate::notation::direction::{DirectionMove, Style};
use crate::notation::frame::Frame;
use crate::notation::uhp::MoveString;
use crate::notation::{standard, Notation, ReadError};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use thiserror::Error;

/// Which games the explorer counts. The default counts every game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only games of this game type.
    pub game_type: Option<GameType>,
    /// Only games of at least this many plies.
    pub min_plies: usize,
    /// Only games where either player's name contains this (case-insensitive).
    pub player: Option<String>,
}

impl Filter {
    /// The filter in words (`game type Base+M, 20 plies or more, player "ann"`; empty for
    /// none), as a saved index records it.
    pub fn describe(&self) -> String {
        let mut parts = Vec::new();
        if let Some(gt) = self.game_type {
            parts.push(format!("game type {gt}"));
        }
        if self.min_plies > 0 {
            parts.push(format!("{} plies or more", self.min_plies));
        }
        if let Some(p) = self
            .player
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
        {
            parts.push(format!("player {p:?}"));
        }
        parts.join(", ")
    }

    pub fn accepts(&self, info: &GameInfo) -> bool {
        if self.game_type.is_some_and(|gt| gt != info.game_type) || info.plies < self.min_plies {
            return false;
        }
        match self.player.as_deref().map(str::trim) {
            None | Some("") => true,
            Some(p) => {
                let p = p.to_lowercase();
                [&info.white, &info.black]
                    .iter()
                    .any(|n| n.as_deref().is_some_and(|n| n.to_lowercase().contains(&p)))
            }
        }
    }
}

/// Games and how they ended, for the player to move in the position.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize)]
pub struct Tally {
    pub games: u32,
    pub to_move_wins: u32,
    pub draws: u32,
    pub to_move_losses: u32,
}

impl Tally {
    pub(crate) fn add(&mut self, outcome: Outcome, to_move: Color) {
        self.games += 1;
        match (outcome, to_move) {
            (Outcome::WhiteWins, Color::White) | (Outcome::BlackWins, Color::Black) => {
                self.to_move_wins += 1
            }
            (Outcome::WhiteWins, Color::Black) | (Outcome::BlackWins, Color::White) => {
                self.to_move_losses += 1
            }
            (Outcome::Draw, _) => self.draws += 1,
            (Outcome::Unfinished, _) => {}
        }
    }

    /// The two tallies together (games of two collections, or a book's and a collection's).
    pub fn plus(self, o: Tally) -> Tally {
        Tally {
            games: self.games + o.games,
            to_move_wins: self.to_move_wins + o.to_move_wins,
            draws: self.draws + o.draws,
            to_move_losses: self.to_move_losses + o.to_move_losses,
        }
    }

    /// Games that ended neither way (unfinished): `games - wins - draws - losses`.
    pub fn unfinished(&self) -> u32 {
        self.games - self.to_move_wins - self.draws - self.to_move_losses
    }
}

/// One move from the explored position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MoveStats {
    /// In direction notation, in the frame of the explored line.
    pub direction: String,
    /// In standard notation, in the explored line's coordinates.
    pub standard: String,
    #[serde(flatten)]
    pub tally: Tally,
    /// The key of the position after the move ([`PositionKey::short`]).
    #[serde(skip)]
    pub key: u64,
    /// The move of the explored position that plays it (`None` when that position cannot
    /// make it itself, e.g. a throw its history forbids).
    #[serde(skip)]
    pub mv: Option<Move>,
    /// A game of the collection that played it (its index).
    #[serde(skip)]
    pub game: usize,
}

/// One move played from a position, as an index knows it: the key after it
/// ([`PositionKey::short`]), its tally, a game that played it (its number in the
/// collection the index was built from) and, when known, the ply it left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Continuation {
    pub child: u64,
    pub tally: Tally,
    pub game: usize,
    pub ply: Option<usize>,
}

/// What the explorer knows of a position.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Report {
    /// Games in the explorer (after the filter).
    pub games: usize,
    /// The games that reached the position.
    pub position: Tally,
    /// Every move played from it, most played first (ties by direction notation).
    pub moves: Vec<MoveStats>,
}

impl Report {
    /// Two reports on one position as one (a book's and a collection's): games and tallies
    /// added, moves matched by the key after them (the first report's notation and game
    /// kept), sorted as a report is.
    pub fn merge(&self, other: &Report) -> Report {
        let mut moves = self.moves.clone();
        for m in &other.moves {
            match moves.iter_mut().find(|x| x.key == m.key) {
                Some(x) => x.tally = x.tally.plus(m.tally),
                None => moves.push(m.clone()),
            }
        }
        sort_moves(&mut moves);
        Report {
            games: self.games + other.games,
            position: self.position.plus(other.position),
            moves,
        }
    }
}

/// A hasher for keys that are already hashes.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut b = [0u8; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0 ^ u64::from_le_bytes(b)).rotate_left(29);
        }
    }

    fn write_u128(&mut self, i: u128) {
        self.0 ^= (i as u64) ^ ((i >> 64) as u64);
    }
}

type KeyMap<V> = HashMap<PositionKey, V, BuildHasherDefault<KeyHasher>>;

const NONE: u32 = u32::MAX;

/// A position of the explorer: its tally and its last-added move (`NONE` when none).
#[derive(Clone, Debug)]
struct ExplorerNode {
    tally: Tally,
    first_edge: u32,
}

/// A move of the explorer: the position after it, its tally, and the next move from the
/// same position (`NONE` at the end).
#[derive(Clone, Debug)]
struct ExplorerEdge {
    child: PositionKey,
    tally: Tally,
    /// A game that played the move, and the ply of the position it was played from.
    game: u32,
    ply: u32,
    next: u32,
}

/// The index of a collection's positions and moves.
#[derive(Clone, Debug, Default)]
pub struct Explorer {
    games: usize,
    index: KeyMap<u32>,
    nodes: Vec<ExplorerNode>,
    edges: Vec<ExplorerEdge>,
}

impl Explorer {
    /// Indexes every game of `collection` that `filter` accepts.
    pub fn build(collection: &Collection, filter: &Filter) -> Explorer {
        let mut ex = Explorer::default();
        let plies: usize = collection.games.iter().map(|g| g.keys.len()).sum();
        // At most one position and one move per ply; fewer when games share openings.
        ex.index.reserve(plies);
        ex.nodes.reserve(plies);
        ex.edges.reserve(plies);
        let mut seen_nodes: Vec<u32> = Vec::new();
        let mut seen_edges: Vec<(u32, PositionKey)> = Vec::new();
        for (g, game) in collection.games.iter().enumerate() {
            if !filter.accepts(&game.info) {
                continue;
            }
            ex.games += 1;
            seen_nodes.clear();
            seen_edges.clear();
            let mut prev: Option<u32> = None;
            for (ply, &key) in game.keys.iter().enumerate() {
                // A placement adds a piece for good: no earlier position comes back.
                if ply > 0 && matches!(game.moves.get(ply - 1), Some(Move::Place { .. })) {
                    seen_nodes.clear();
                    seen_edges.clear();
                }
                let node = ex.node(key);
                let to_move = if ply % 2 == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                if let Some(from) = prev {
                    if !seen_edges.contains(&(from, key)) {
                        seen_edges.push((from, key));
                        let mover = to_move.other();
                        ex.edge(from, key, g as u32, (ply - 1) as u32)
                            .add(game.outcome, mover);
                    }
                }
                if !seen_nodes.contains(&node) {
                    seen_nodes.push(node);
                    ex.nodes[node as usize].tally.add(game.outcome, to_move);
                }
                prev = Some(node);
            }
        }
        ex
    }

    fn node(&mut self, key: PositionKey) -> u32 {
        let next = self.nodes.len() as u32;
        let id = *self.index.entry(key).or_insert(next);
        if id == next {
            self.nodes.push(ExplorerNode {
                tally: Tally::default(),
                first_edge: NONE,
            });
        }
        id
    }

    fn edge(&mut self, from: u32, child: PositionKey, game: u32, ply: u32) -> &mut Tally {
        let mut e = self.nodes[from as usize].first_edge;
        while e != NONE {
            if self.edges[e as usize].child == child {
                return &mut self.edges[e as usize].tally;
            }
            e = self.edges[e as usize].next;
        }
        let id = self.edges.len();
        self.edges.push(ExplorerEdge {
            child,
            tally: Tally::default(),
            game,
            ply,
            next: self.nodes[from as usize].first_edge,
        });
        self.nodes[from as usize].first_edge = id as u32;
        &mut self.edges[id].tally
    }

    /// Games indexed (those the filter accepted).
    pub fn games(&self) -> usize {
        self.games
    }

    /// Distinct positions indexed.
    pub fn positions(&self) -> usize {
        self.nodes.len()
    }

    /// The games that reached a position (zero games when none did).
    pub fn tally(&self, key: PositionKey) -> Tally {
        self.index
            .get(&key)
            .map(|&n| self.nodes[n as usize].tally)
            .unwrap_or_default()
    }

    /// The moves played from a position: the key after each, its tally, and one game that
    /// played it (its index in the collection and the ply of the position it left).
    pub fn continuations(&self, key: PositionKey) -> Vec<(PositionKey, Tally, usize, usize)> {
        let mut out = Vec::new();
        let Some(&n) = self.index.get(&key) else {
            return out;
        };
        let mut e = self.nodes[n as usize].first_edge;
        while e != NONE {
            let edge = &self.edges[e as usize];
            out.push((
                edge.child,
                edge.tally,
                edge.game as usize,
                edge.ply as usize,
            ));
            e = edge.next;
        }
        out
    }

    /// The explorer's report on `pos`, a position reached by a line from the empty board
    /// (see [`play_line`]): its tally and every move played from it, written in the line's
    /// frame (direction) and coordinates (standard). `collection` must be the one the
    /// explorer was built from.
    pub fn explore(&self, collection: &Collection, pos: &Position) -> Report {
        let key = PositionKey::of(pos);
        let conts = self
            .continuations(key)
            .into_iter()
            .map(|(child, tally, game, ply)| Continuation {
                child: child.short(),
                tally,
                game,
                ply: Some(ply),
            })
            .collect();
        report(pos, self.games, self.tally(key), conts, Some(collection))
    }
}

/// The report on `pos` from what an index knows of it: its tally and the moves played from
/// it. Each legal move of `pos` is keyed, and those that lead to a continuation's key are
/// written in the line's frame (direction) and coordinates (standard), the smallest
/// (direction, standard) text standing for several that lead to one key. A continuation
/// no legal move reaches (a throw the position's history forbids, a bug its game type
/// lacks) is written as its game wrote it when `collection` holds the games, else from the
/// same stacks with no history in Base+MLP ([`notate_without_history`]).
pub fn report(
    pos: &Position,
    games: usize,
    position: Tally,
    conts: Vec<Continuation>,
    collection: Option<&Collection>,
) -> Report {
    let line = pos.moves();
    let frame = Frame::of_line(pos, &line);
    let mut named = name_moves(pos, &frame, &conts);
    let mut moves: Vec<MoveStats> = conts
        .into_iter()
        .map(|c| {
            let (direction, standard, mv) = match named.iter().position(|n| n.0 == c.child) {
                Some(i) => {
                    let (_, d, s, mv) = named.swap_remove(i);
                    (d, s, mv)
                }
                None => {
                    let (d, s) = collection
                        .and_then(|col| {
                            notate_in_game(
                                col,
                                c.game,
                                c.ply,
                                PositionKey::of(pos).short(),
                                c.child,
                            )
                        })
                        .unwrap_or_else(|| notate_without_history(pos, &frame, c.child));
                    (d, s, None)
                }
            };
            MoveStats {
                direction,
                standard,
                tally: c.tally,
                key: c.child,
                mv,
                game: c.game,
            }
        })
        .collect();
    sort_moves(&mut moves);
    Report {
        games,
        position,
        moves,
    }
}

/// A report's order: most games first, then by direction and standard text.
fn sort_moves(moves: &mut [MoveStats]) {
    moves.sort_by(|a, b| {
        b.tally
            .games
            .cmp(&a.tally.games)
            .then_with(|| a.direction.cmp(&b.direction))
            .then_with(|| a.standard.cmp(&b.standard))
    });
}

/// Each legal move of `pos` that leads to a continuation, by the key after it: the
/// notation of the smallest (direction, standard) text among those that lead there.
/// (A short list, searched in place: a map per kind costs the browser's bundle.)
fn name_moves(
    pos: &Position,
    frame: &Frame,
    conts: &[Continuation],
) -> Vec<(u64, String, String, Option<Move>)> {
    let mut named: Vec<(u64, String, String, Option<Move>)> = Vec::new();
    if conts.is_empty() {
        return named;
    }
    let mut after = pos.clone();
    for mv in pos.legal_moves() {
        after.play_unchecked(mv);
        let k = PositionKey::of(&after).short();
        after.undo();
        if !conts.iter().any(|c| c.child == k) {
            continue;
        }
        let f = frame.after(mv);
        let dir = DirectionMove::from_move(pos, mv, &f).write(Style::Unicode);
        let std = standard::write_with(pos, &f, &Frame::ENGINE, mv).to_string();
        match named.iter_mut().find(|n| n.0 == k) {
            Some(slot) => {
                if (&dir, &std) < (&slot.1, &slot.2) {
                    *slot = (k, dir, std, Some(mv));
                }
            }
            None => named.push((k, dir, std, Some(mv))),
        }
    }
    named
}

/// A move `pos` cannot make, found among the moves of the same stacks with no history in
/// Base+MLP without the tournament opening (which lifts the limits a history or a game
/// type sets), and written in the line's frame; `?` when none leads to `child`.
pub fn notate_without_history(pos: &Position, frame: &Frame, child: u64) -> (String, String) {
    let mut setup = Setup::of(pos);
    setup.game_type = GameType::MLP;
    let free = setup.position_unchecked(Rules::default().with_tournament_opening(false));
    let mut after = free.clone();
    let mut best: Option<(String, String)> = None;
    for mv in free.legal_moves() {
        after.play_unchecked(mv);
        let k = PositionKey::of(&after).short();
        after.undo();
        if k != child {
            continue;
        }
        let f = frame.after(mv);
        let dir = DirectionMove::from_move(&free, mv, &f).write(Style::Unicode);
        let std = standard::write_with(&free, &f, &Frame::ENGINE, mv).to_string();
        if best.as_ref().is_none_or(|b| (&dir, &std) < (&b.0, &b.1)) {
            best = Some((dir, std));
        }
    }
    best.unwrap_or_else(|| ("?".into(), "?".into()))
}

/// A move as the game that played it writes it (for a move the explored position cannot
/// make itself, e.g. a throw its last move forbids there): direction notation in that
/// game's frame, standard in its coordinates. The ply is the one given, else the first
/// where the game goes from the key `from` to `child`.
fn notate_in_game(
    collection: &Collection,
    game: usize,
    ply: Option<usize>,
    from: u64,
    child: u64,
) -> Option<(String, String)> {
    let g = collection.games.get(game)?;
    let ply = ply.or_else(|| {
        g.keys
            .windows(2)
            .position(|w| w[0].short() == from && w[1].short() == child)
    })?;
    let &mv = g.moves.get(ply)?;
    let mut pos = g.start();
    let f = Frame::of_line(&pos, &g.moves[..=ply]);
    for &m in &g.moves[..ply] {
        pos.play_unchecked(m);
    }
    let dir = DirectionMove::from_move(&pos, mv, &f).write(Style::Unicode);
    let std = standard::write_with(&pos, &f, &Frame::ENGINE, mv).to_string();
    Some((dir, std))
}

/// Why a line cannot be played.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LineError {
    /// The move of the line (1-based) is no legal move in any notation.
    #[error("move {index} of the line: {error}")]
    Move { index: usize, error: ReadError },
}

/// The game type and rules lines are played in: every bug, and no tournament opening
/// (old games open with the Queen), so that any game of a collection can be followed.
pub fn line_position() -> Position {
    Position::with_rules(
        GameType::MLP,
        Rules::default().with_tournament_opening(false),
    )
}

/// Reads one move in any notation: standard (in the line's coordinates), then direction
/// and algebraic (in the line's canonical frame). The error is the first notation's that
/// could parse the text, else the direction notation's.
pub fn read_any(pos: &Position, text: &str) -> Result<Move, ReadError> {
    let frame = Frame::of_moves(&pos.moves());
    let attempts = [
        MoveString::read(pos, &Frame::ENGINE, text),
        DirectionMove::read(pos, &frame, text),
        AlgebraicMove::read(pos, &frame, text),
    ];
    let mut first_err = None;
    let mut parsed_err = None;
    for a in attempts {
        match a {
            Ok(mv) => return Ok(mv),
            Err(ReadError::Syntax(e)) => {
                first_err.get_or_insert(ReadError::Syntax(e));
            }
            Err(e) => {
                parsed_err.get_or_insert(e);
            }
        }
    }
    Err(parsed_err
        .or(first_err)
        .unwrap_or_else(|| ReadError::no_match(text, crate::notation::Mismatch::GameOver)))
}

/// Plays a line from the empty board (see [`line_position`]): moves in any notation
/// separated by `;`, or separated by blanks (direction notation, which has no blanks
/// inside a move; turn numbers such as `3.` are skipped). An empty line is the empty
/// board.
pub fn play_line(text: &str) -> Result<Position, LineError> {
    let mut pos = line_position();
    let tokens: Vec<&str> = if text.contains(';') {
        text.split(';')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .collect()
    } else {
        text.split_whitespace()
            .filter(|t| !is_turn_number(t))
            .collect()
    };
    for (i, t) in tokens.iter().enumerate() {
        let mv = read_any(&pos, t).map_err(|error| LineError::Move {
            index: i + 1,
            error,
        })?;
        pos.play_unchecked(mv);
    }
    Ok(pos)
}

fn is_turn_number(t: &str) -> bool {
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && t[digits..].bytes().all(|b| b == b'.') && digits < t.len()
}

fn percent(n: u32, of: u32) -> String {
    if of == 0 {
        "-".to_string()
    } else {
        format!("{:.0}%", 100.0 * f64::from(n) / f64::from(of))
    }
}

impl Report {
    /// The report as a table for people: the position's games and results, then one row
    /// per move (games, wins, draws, losses for the player to move, and the win share).
    pub fn table(&self) -> String {
        use std::fmt::Write;
        let p = &self.position;
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} games in the collection; {} reached this position: {} won, {} drawn, {} lost by \
             the player to move, {} unfinished",
            self.games,
            p.games,
            p.to_move_wins,
            p.draws,
            p.to_move_losses,
            p.unfinished()
        );
        if self.moves.is_empty() {
            let _ = writeln!(out, "no move was played from this position");
            return out;
        }
        let width = |f: &dyn Fn(&MoveStats) -> usize, head: &str| {
            self.moves
                .iter()
                .map(f)
                .max()
                .unwrap_or(0)
                .max(head.chars().count())
        };
        let dw = width(&|m| m.direction.chars().count(), "direction");
        let sw = width(&|m| m.standard.chars().count(), "standard");
        let _ = writeln!(
            out,
            "{:<dw$}  {:<sw$}  {:>6}  {:>6}  {:>6}  {:>6}  {:>5}",
            "direction", "standard", "games", "wins", "draws", "losses", "win%"
        );
        for m in &self.moves {
            let t = &m.tally;
            let pad = |s: &str, w: usize| format!("{s}{}", " ".repeat(w - s.chars().count()));
            let _ = writeln!(
                out,
                "{}  {}  {:>6}  {:>6}  {:>6}  {:>6}  {:>5}",
                pad(&m.direction, dw),
                pad(&m.standard, sw),
                t.games,
                t.to_move_wins,
                t.draws,
                t.to_move_losses,
                percent(t.to_move_wins, t.games)
            );
        }
        out
    }
}
