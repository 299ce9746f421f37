//! A game position: the board, whose turn it is, and the rules that decide legality.
//!
//! ```
//! use beeline::engine::piece::GameType;
//! use beeline::engine::position::Position;
//! let mut pos = Position::new(GameType::BASE);
//! assert_eq!(pos.legal_moves().len(), 4); // S, B, G, A: no Queen on the first turn
//! let first = pos.legal_moves()[0];
//! pos.play(first).unwrap();
//! assert_eq!(pos.legal_moves().len(), 4 * 6);
//! ```

use crate::engine::board::{cell_of, neighbor, piece_key, Board};
use crate::engine::hex::Hex;
use crate::engine::movegen;
use crate::engine::piece::{Bug, Color, GameType, PieceId, PIECES_PER_COLOR};
use std::fmt;

/// One turn: a placement, a movement (including being moved by a Pillbug), or a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Place { piece: PieceId, to: Hex },
    Move { piece: PieceId, from: Hex, to: Hex },
    Pass,
}

impl Move {
    pub fn piece(&self) -> Option<PieceId> {
        match *self {
            Move::Place { piece, .. } | Move::Move { piece, .. } => Some(piece),
            Move::Pass => None,
        }
    }

    pub fn to(&self) -> Option<Hex> {
        match *self {
            Move::Place { to, .. } | Move::Move { to, .. } => Some(to),
            Move::Pass => None,
        }
    }

    pub fn from(&self) -> Option<Hex> {
        match *self {
            Move::Move { from, .. } => Some(from),
            _ => None,
        }
    }
}

/// Whether the game goes on, as UHP names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum GameState {
    NotStarted,
    InProgress,
    Draw,
    WhiteWins,
    BlackWins,
}

impl GameState {
    pub fn is_over(self) -> bool {
        matches!(
            self,
            GameState::Draw | GameState::WhiteWins | GameState::BlackWins
        )
    }

    pub fn name(self) -> &'static str {
        match self {
            GameState::NotStarted => "NotStarted",
            GameState::InProgress => "InProgress",
            GameState::Draw => "Draw",
            GameState::WhiteWins => "WhiteWins",
            GameState::BlackWins => "BlackWins",
        }
    }

    pub fn parse(s: &str) -> Option<GameState> {
        [
            GameState::NotStarted,
            GameState::InProgress,
            GameState::Draw,
            GameState::WhiteWins,
            GameState::BlackWins,
        ]
        .into_iter()
        .find(|g| g.name().eq_ignore_ascii_case(s))
    }
}

impl fmt::Display for GameState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Game-level rule options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// No Queen on a player's first turn (tournament opening). Old records break it.
    pub tournament_opening: bool,
    /// The game is drawn when the same position (the same stacks on the same cells, the same
    /// player to move) occurs for the third time, as hivegame.com and other servers rule.
    /// Off by default: the printed rules have no such ending and perft counts go on past it.
    pub repetition_draw: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            tournament_opening: true,
            repetition_draw: false,
        }
    }
}

impl Rules {
    /// The rules of UHP game strings and PGN records as servers such as hivegame.com play
    /// them: tournament opening, and a draw on the third repetition of a position.
    pub const fn uhp() -> Rules {
        Rules {
            tournament_opening: true,
            repetition_draw: true,
        }
    }

    /// These rules with the tournament opening on or off.
    pub const fn with_tournament_opening(self, on: bool) -> Rules {
        Rules {
            tournament_opening: on,
            ..self
        }
    }

    /// These rules with the threefold-repetition draw on or off.
    pub const fn with_repetition_draw(self, on: bool) -> Rules {
        Rules {
            repetition_draw: on,
            ..self
        }
    }
}

/// Why a move is not legal here. Each message is a plain sentence naming pieces as players
/// write them (`wA1`, `bQ`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Illegal {
    /// The game has ended; no move is legal.
    GameOver,
    /// A piece of a bug the game type leaves out.
    NotInGame(Bug),
    /// The piece belongs to the player not to move (and, in a move, no Pillbug can throw it).
    WrongColor(PieceId),
    QueenOnFirstTurn,
    QueenRequired,
    /// `.1` placed while `.0`, a lower-numbered piece of the same kind, is still in hand.
    OutOfOrder(PieceId, PieceId),
    FirstPlacement,
    Occupied,
    TouchesOpponent,
    NotTouchingOwn,
    QueenNotPlaced,
    /// A movement of a piece still in hand.
    NotOnBoard(PieceId),
    Covered(PieceId),
    JustMoved(PieceId),
    BreaksHive(PieceId),
    Unreachable(PieceId),
    PassNotAllowed,
    /// A pass while a move exists; carries one such move.
    MustMove(Move),
    MustPass,
    /// A set-up position whose hive is in several parts.
    SplitHive,
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Illegal::GameOver => f.write_str("the game is already over"),
            Illegal::NotInGame(bug) => {
                write!(f, "the {} is not part of this game type", bug.name())
            }
            Illegal::WrongColor(p) => write!(
                f,
                "{p} belongs to {}, and it is {}'s turn",
                p.color().name(),
                p.color().other().name()
            ),
            Illegal::QueenOnFirstTurn => f.write_str(
                "the Queen may not be placed on a player's first turn (tournament opening)",
            ),
            Illegal::QueenRequired => f.write_str(
                "the Queen must be placed by a player's fourth turn, so only the Queen may be \
                 placed now",
            ),
            Illegal::OutOfOrder(first, tried) => write!(
                f,
                "{first} must be placed before {tried}: pieces of a kind enter in number order"
            ),
            Illegal::FirstPlacement => {
                f.write_str("the first piece of the game must be placed alone, at the centre")
            }
            Illegal::Occupied => {
                f.write_str("that cell is occupied: a new piece may not be placed on another")
            }
            Illegal::TouchesOpponent => {
                f.write_str("a new piece may not touch the opponent's pieces")
            }
            Illegal::NotTouchingOwn => {
                f.write_str("a new piece must touch a piece of its own colour")
            }
            Illegal::QueenNotPlaced => {
                f.write_str("no piece may move before its player's Queen is placed")
            }
            Illegal::NotOnBoard(p) => write!(f, "{p} is not on the board yet, so it cannot move"),
            Illegal::Covered(p) => write!(f, "{p} is covered by another piece and cannot move"),
            Illegal::JustMoved(p) => write!(
                f,
                "{p} was moved on the last turn, so it cannot move or be moved now"
            ),
            Illegal::BreaksHive(p) => write!(f, "moving {p} would split the hive"),
            Illegal::Unreachable(p) => write!(f, "{p} cannot reach that cell"),
            Illegal::PassNotAllowed => {
                f.write_str("a player may pass only when no other move exists")
            }
            Illegal::MustMove(mv) => {
                f.write_str("the player cannot pass: ")?;
                match mv {
                    Move::Place { piece, .. } => write!(f, "{piece} can still be placed"),
                    Move::Move { piece, .. } => write!(f, "{piece} can still move"),
                    Move::Pass => f.write_str("a move is possible"),
                }
            }
            Illegal::MustPass => f.write_str("no move is possible: the only legal turn is a pass"),
            Illegal::SplitHive => f.write_str(
                "the position's hive is in several parts, so no move can be played from it",
            ),
        }
    }
}

impl std::error::Error for Illegal {}

/// Side-to-move part of `Position::key` (the board's key covers the stacks).
const BLACK_TO_MOVE: u64 = 0x9b4a_0e3c_52f1_d687;

#[derive(Clone, Copy, Debug)]
struct Undo {
    mv: Move,
    last_moved: Option<PieceId>,
    state: GameState,
    /// `Position::board_key` before the move: with the side to move known from the ply,
    /// the key of every earlier position, for the repetition rule.
    board_key: u64,
}

/// A position with its history, so moves can be taken back.
#[derive(Clone)]
pub struct Position {
    board: Board,
    game_type: GameType,
    rules: Rules,
    last_moved: Option<PieceId>,
    state: GameState,
    history: Vec<Undo>,
    /// `Board::key` of the current board, updated by each move in O(1).
    board_key: u64,
    /// Who moves at ply 0: White from the empty board, either side from a set-up position.
    first: Color,
    /// Whether pieces stood on the board before ply 0 (`engine::setup`).
    set_up: bool,
    /// A set-up hive in several parts: shown, but no move is legal from it.
    split: bool,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "Position({}, ply {}, {:?})",
            self.game_type,
            self.ply(),
            self.moves()
        )
    }
}

impl Position {
    /// The empty board of a game type, with tournament rules.
    pub fn new(game_type: GameType) -> Position {
        Position::with_rules(game_type, Rules::default())
    }

    pub fn with_rules(game_type: GameType, rules: Rules) -> Position {
        Position {
            board: Board::new(),
            game_type,
            rules,
            last_moved: None,
            state: GameState::NotStarted,
            history: Vec::new(),
            board_key: 0,
            first: Color::White,
            set_up: false,
            split: false,
        }
    }

    /// A position with `stacks` (bottom to top) already on the board and `to_move` to
    /// move; checked by `engine::setup::Setup`, which is the way in.
    pub(crate) fn set_up(
        game_type: GameType,
        rules: Rules,
        stacks: &[(Hex, Vec<PieceId>)],
        to_move: Color,
        split: bool,
    ) -> Position {
        let mut pos = Position::with_rules(game_type, rules);
        for (h, pieces) in stacks {
            for &p in pieces {
                pos.board.push(p, *h);
            }
        }
        pos.board_key = pos.board.key();
        pos.first = to_move;
        pos.set_up = !pos.board.is_empty();
        pos.split = split;
        pos.state = pos.compute_state();
        pos
    }

    /// Whether the game started from a set-up position rather than the empty board.
    pub fn is_set_up(&self) -> bool {
        self.set_up
    }

    /// The position before the game's first move (the empty board or the set-up position).
    pub fn initial(&self) -> Position {
        let mut pos = self.clone();
        while pos.undo().is_some() {}
        pos
    }

    /// Whether the game starts from anything but the empty board with White to move.
    pub fn is_set_up_start(&self) -> bool {
        self.set_up || self.first != Color::White
    }

    /// This position as the start of a game: the moves that reached it are forgotten (so
    /// no piece counts as moved last).
    pub fn without_history(&self) -> Position {
        if self.history.is_empty() {
            return self.clone();
        }
        let mut pos = self.clone();
        pos.first = self.to_move();
        pos.history.clear();
        pos.last_moved = None;
        pos.set_up = !pos.board.is_empty();
        pos.state = pos.compute_state();
        pos
    }

    /// Whether this is a set-up position whose hive is in several parts (no move is legal).
    pub fn is_split(&self) -> bool {
        self.split
    }

    /// The number of `c`'s pieces on the board.
    pub fn placed_count(&self, c: Color) -> u32 {
        let own = ((1u32 << PIECES_PER_COLOR) - 1) << (c.index() * PIECES_PER_COLOR);
        (self.board.placed_mask() & own).count_ones()
    }

    /// Whether the side to move may place only its Queen now: it has placed three pieces
    /// without her (from the empty board: its fourth turn has come, passes included).
    pub fn must_place_queen(&self) -> bool {
        let me = self.to_move();
        !self.queen_placed(me)
            && (self.placed_count(me) >= 3 || (!self.set_up && self.turn_number() >= 4))
    }

    /// Whether the tournament opening forbids the side to move to place its Queen now: it
    /// has no piece on the board yet.
    pub fn queen_forbidden(&self) -> bool {
        self.rules.tournament_opening && self.placed_count(self.to_move()) == 0
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    pub fn game_type(&self) -> GameType {
        self.game_type
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn set_rules(&mut self, rules: Rules) {
        self.rules = rules;
    }

    /// Turns played so far (passes included).
    pub fn ply(&self) -> usize {
        self.history.len()
    }

    /// White moves first (from a set-up position, the side it names).
    pub fn to_move(&self) -> Color {
        if self.ply() % 2 == 0 {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Who moved (or moves) at ply 0.
    pub fn first_to_move(&self) -> Color {
        self.first
    }

    /// The side to move's own turn number, from 1.
    pub fn turn_number(&self) -> usize {
        self.ply() / 2 + 1
    }

    pub fn state(&self) -> GameState {
        self.state
    }

    /// The piece moved (or placed) on the last turn; it may not move, nor be thrown, now.
    pub fn last_moved(&self) -> Option<PieceId> {
        self.last_moved
    }

    /// The moves played, in order.
    pub fn moves(&self) -> Vec<Move> {
        self.history.iter().map(|u| u.mv).collect()
    }

    pub fn last_move(&self) -> Option<Move> {
        self.history.last().map(|u| u.mv)
    }

    /// Whether `c`'s Queen is on the board.
    pub fn queen_placed(&self, c: Color) -> bool {
        self.board.is_placed(PieceId::queen(c))
    }

    /// A 64-bit key of the position as the repetition rule sees it: the stacks on their
    /// cells (`Board::key`) and the player to move. Equal positions have equal keys; the
    /// same board with the other player to move has another.
    pub fn key(&self) -> u64 {
        match self.to_move() {
            Color::White => self.board_key,
            Color::Black => self.board_key ^ BLACK_TO_MOVE,
        }
    }

    /// How many times the current position has occurred with the same player to move,
    /// counting this one.
    pub fn occurrences(&self) -> usize {
        // Positions an even number of plies apart have the same player to move, so their
        // board keys alone tell whether they are equal. A placement adds a piece for good,
        // so no position before one can recur after it: the walk back stops there.
        let key = self.board_key;
        let h = &self.history;
        let mut count = 1;
        let mut ply = h.len();
        while ply >= 2
            && !matches!(h[ply - 1].mv, Move::Place { .. })
            && !matches!(h[ply - 2].mv, Move::Place { .. })
        {
            ply -= 2;
            count += usize::from(h[ply].board_key == key);
        }
        count
    }

    /// Whether the game ended in a draw by threefold repetition (`Rules::repetition_draw`),
    /// rather than by both Queens being surrounded.
    pub fn drawn_by_repetition(&self) -> bool {
        self.state == GameState::Draw
            && !(self.surrounded(Color::White) && self.surrounded(Color::Black))
    }

    /// The pieces of `c` not yet on the board.
    pub fn in_hand(&self, c: Color) -> impl Iterator<Item = PieceId> + '_ {
        Bug::ALL
            .into_iter()
            .filter(|b| self.game_type.includes(*b))
            .flat_map(move |b| PieceId::of_kind(c, b))
            .filter(|p| !self.board.is_placed(*p))
    }

    /// Every legal move of the side to move; `[Pass]` when nothing else is possible and
    /// nothing once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut v = Vec::with_capacity(64);
        self.legal_moves_into(&mut v);
        v
    }

    /// Appends the legal moves to `out`, reusing its allocation.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        movegen::generate(self, &mut |m| out.push(m));
    }

    /// The legal moves that end on `to`, appended to `out`: [`Position::legal_moves`]
    /// filtered by destination, without generating the others (and never a pass).
    pub fn legal_moves_to(&self, to: Hex, out: &mut Vec<Move>) {
        movegen::generate_to(self, to, &mut |m| out.push(m));
    }

    /// Whether the side to move may place a piece on a cell not next to `h` (a move that
    /// changes nothing around `h`).
    pub fn places_away_from(&self, h: Hex) -> bool {
        movegen::places_away_from(self, h)
    }

    /// Number of legal moves, as `legal_moves().len()` but without building them.
    pub fn count_legal_moves(&self) -> u64 {
        movegen::count(self)
    }

    /// Whether `mv` is one of [`Position::legal_moves`]; checks the one move (a movement
    /// generates only its piece's moves) rather than generating them all.
    pub fn is_legal(&self, mv: Move) -> bool {
        movegen::is_legal(self, mv)
    }

    /// Where `piece` can go by its own movement (a Mosquito by what it copies),
    /// ignoring Pillbug throws; empty when it may not move now.
    pub fn own_destinations(&self, piece: PieceId) -> Vec<Hex> {
        let mut out = Vec::new();
        if self.state.is_over()
            || self.split
            || piece.color() != self.to_move()
            || !self.queen_placed(piece.color())
            || Some(piece) == self.last_moved
            || !self.board.is_on_top(piece)
        {
            return out;
        }
        let ctx = movegen::Ctx::new(self);
        if ctx.is_pinned(piece) {
            return out;
        }
        let from = self.board.hex_of(piece);
        let mut seen = crate::engine::board::CellSet::new();
        ctx.own_moves(piece, &mut seen, &mut |c| {
            out.push(self.board.hex_of_cell(c, from))
        });
        out
    }

    /// The Pillbug (preferred) or Mosquito whose throw makes the movement of `piece` to `to`
    /// possible, when the piece cannot make it by its own movement: the thrower the notations
    /// name and the board marks. `None` for a movement the piece makes itself.
    pub fn thrower_needed(&self, piece: PieceId, to: Hex) -> Option<PieceId> {
        if !self.game_type.pillbug {
            return None;
        }
        // A throw needs a Pillbug or Mosquito of the side to move next to both ends; checking
        // that first spares the move generation below for almost every move.
        let board = &self.board;
        let from = board.position(piece)?;
        let me = self.to_move();
        let possible = from.neighbors().into_iter().any(|n| {
            board.top(n).is_some_and(|t| {
                t.color() == me
                    && matches!(t.bug(), Bug::Pillbug | Bug::Mosquito)
                    && n.distance(to) == 1
            })
        });
        if !possible {
            return None;
        }
        if piece.color() == me && self.own_destinations(piece).contains(&to) {
            return None;
        }
        let throwers = self.throwers(piece, to);
        throwers
            .iter()
            .copied()
            .find(|t| t.bug() == Bug::Pillbug)
            .or_else(|| throwers.first().copied())
    }

    /// The pieces (Pillbug, or Mosquito copying one) that could throw `piece` to `to` now.
    pub fn throwers(&self, piece: PieceId, to: Hex) -> Vec<PieceId> {
        let mut out = Vec::new();
        if self.state.is_over()
            || self.split
            || !self.game_type.pillbug
            || !self.queen_placed(self.to_move())
        {
            return out;
        }
        let ctx = movegen::Ctx::new(self);
        if !ctx.throwable(piece) {
            return out;
        }
        let Some(ph) = self.board.position(piece) else {
            return out;
        };
        for n in ph.neighbors() {
            if let Some(t) = self.board.top(n) {
                if ctx.can_throw(t) {
                    let mut hit = false;
                    ctx.throws(t, piece, &mut |c| {
                        hit |= self.board.hex_of_cell(c, ph) == to
                    });
                    if hit {
                        out.push(t);
                    }
                }
            }
        }
        out
    }

    /// Plays a move after checking it; on error the position is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<(), Illegal> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(self.explain(mv))
        }
    }

    /// Plays a move known to be legal (from `legal_moves`).
    pub fn play_unchecked(&mut self, mv: Move) {
        self.history.push(Undo {
            mv,
            last_moved: self.last_moved,
            state: self.state,
            board_key: self.board_key,
        });
        match mv {
            Move::Place { piece, to } => {
                self.board.push(piece, to);
                self.board_key ^= piece_key(piece, to, self.board.height_c(cell_of(to)));
                self.last_moved = Some(piece);
            }
            Move::Move { piece, from, to } => {
                let lifted = piece_key(piece, from, self.board.height_c(cell_of(from)));
                self.board.pop(from);
                self.board.push(piece, to);
                let landed = piece_key(piece, to, self.board.height_c(cell_of(to)));
                self.board_key ^= lifted ^ landed;
                self.last_moved = Some(piece);
            }
            Move::Pass => self.last_moved = None,
        }
        self.state = self.compute_state();
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<Move> {
        let u = self.history.pop()?;
        match u.mv {
            Move::Place { to, .. } => {
                self.board.pop(to);
            }
            Move::Move { piece, from, to } => {
                self.board.pop(to);
                self.board.push(piece, from);
            }
            Move::Pass => {}
        }
        self.last_moved = u.last_moved;
        self.state = u.state;
        self.board_key = u.board_key;
        Some(u.mv)
    }

    fn surrounded(&self, c: Color) -> bool {
        self.board.position(PieceId::queen(c)).is_some_and(|h| {
            let cell = cell_of(h);
            (0..6).all(|d| self.board.height_c(neighbor(cell, d)) > 0)
        })
    }

    fn compute_state(&self) -> GameState {
        match (self.surrounded(Color::White), self.surrounded(Color::Black)) {
            (true, true) => GameState::Draw,
            (true, false) => GameState::BlackWins,
            (false, true) => GameState::WhiteWins,
            _ if self.board.is_empty() && self.history.is_empty() => GameState::NotStarted,
            _ if self.rules.repetition_draw && self.occurrences() >= 3 => GameState::Draw,
            _ => GameState::InProgress,
        }
    }

    /// The rule a move breaks. Only meaningful for a move that `is_legal` rejects.
    pub fn explain(&self, mv: Move) -> Illegal {
        if self.state.is_over() {
            return Illegal::GameOver;
        }
        if self.split {
            return Illegal::SplitHive;
        }
        let me = self.to_move();
        let legal = self.legal_moves();
        let Some(piece) = mv.piece() else {
            // Name one of the player's own moves if there is one, rather than a throw of an
            // opponent's piece.
            let own = legal
                .iter()
                .find(|m| m.piece().is_some_and(|p| p.color() == me));
            return match own.or(legal.first()) {
                Some(m) if *m != Move::Pass => Illegal::MustMove(*m),
                _ => Illegal::PassNotAllowed,
            };
        };
        if legal == [Move::Pass] {
            return Illegal::MustPass;
        }
        if !self.game_type.includes(piece.bug()) {
            return Illegal::NotInGame(piece.bug());
        }
        match mv {
            Move::Place { to, .. } => {
                if piece.color() != me {
                    return Illegal::WrongColor(piece);
                }
                if piece.bug() == Bug::Queen && self.queen_forbidden() {
                    return Illegal::QueenOnFirstTurn;
                }
                if self.must_place_queen() && piece.bug() != Bug::Queen {
                    return Illegal::QueenRequired;
                }
                if let Some(first) =
                    PieceId::of_kind(me, piece.bug()).find(|p| !self.board.is_placed(*p))
                {
                    if first != piece {
                        return Illegal::OutOfOrder(first, piece);
                    }
                }
                if self.board.height(to) > 0 {
                    return Illegal::Occupied;
                }
                if self.board.is_empty() {
                    return Illegal::FirstPlacement;
                }
                let near = to.neighbors();
                if near
                    .iter()
                    .any(|n| self.board.top(*n).is_some_and(|p| p.color() != me))
                    && self.board.placed_mask().count_ones() > 1
                {
                    return Illegal::TouchesOpponent;
                }
                Illegal::NotTouchingOwn
            }
            Move::Move { .. } => {
                if !self.board.is_placed(piece) {
                    return Illegal::NotOnBoard(piece);
                }
                if !self.board.is_on_top(piece) {
                    return Illegal::Covered(piece);
                }
                if Some(piece) == self.last_moved {
                    return Illegal::JustMoved(piece);
                }
                if !self.queen_placed(me) {
                    return Illegal::QueenNotPlaced;
                }
                if piece.color() == me
                    && self.board.height(self.board.hex_of(piece)) == 1
                    && movegen::is_pinned(&self.board, piece)
                {
                    return Illegal::BreaksHive(piece);
                }
                if piece.color() != me && self.throwers_of(piece).is_empty() {
                    return Illegal::WrongColor(piece);
                }
                Illegal::Unreachable(piece)
            }
            Move::Pass => Illegal::PassNotAllowed,
        }
    }

    fn throwers_of(&self, piece: PieceId) -> Vec<PieceId> {
        let ctx = movegen::Ctx::new(self);
        let Some(h) = self.board.position(piece) else {
            return Vec::new();
        };
        h.neighbors()
            .into_iter()
            .filter_map(|n| self.board.top(n))
            .filter(|t| ctx.can_throw(*t))
            .collect()
    }
}

/// Calls `f` with every position of `games` seeded random games of every game type (each
/// cut at `max_ply`) and its legal moves, before a move of them is played: the walk the
/// engine's consistency tests check their fast paths over.
#[cfg(test)]
pub(crate) fn random_walk(
    mut seed: u64,
    games: usize,
    max_ply: usize,
    f: &mut dyn FnMut(&Position, &[Move]),
) {
    for gt in GameType::all() {
        for _ in 0..games {
            let mut pos = Position::new(gt);
            while !pos.state().is_over() && pos.ply() < max_ply {
                let moves = pos.legal_moves();
                f(&pos, &moves);
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The key kept move by move equals the key computed afresh, through play and undo, in
    /// seeded random games of every game type (stacks, throws and passes included).
    #[test]
    fn incremental_key_matches_the_board() {
        let mut seed: u64 = 0x6b65_7973;
        for gt in GameType::all() {
            for _ in 0..6 {
                let mut pos = Position::new(gt);
                let mut keys = vec![pos.key()];
                while !pos.state().is_over() && pos.ply() < 300 {
                    let moves = pos.legal_moves();
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    pos.play_unchecked(moves[(seed >> 33) as usize % moves.len()]);
                    assert_eq!(pos.board_key, pos.board().key(), "{pos:?}");
                    keys.push(pos.key());
                }
                while pos.undo().is_some() {
                    keys.pop();
                    assert_eq!(pos.board_key, pos.board().key(), "{pos:?}");
                    assert_eq!(Some(&pos.key()), keys.last());
                }
            }
        }
    }
}
