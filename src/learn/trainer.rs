//! The notation trainer: drills on the three notations, as lichess's coordinate trainer
//! drills a chessboard's squares.
//!
//! * [`Drill::Find`]: a move is written in a notation; the reader plays it on the board
//!   (clicks the piece, or the reserve's kind, and the destination), judged by
//!   [`judge_find`] against the question's move.
//! * [`Drill::Name`]: the move is drawn on the board; the reader types it in the notation,
//!   in any form that notation's reader accepts, judged by [`judge_name`], which reads the
//!   text in the question's position with that notation's reader only.
//!
//! Questions come from positions of the games in `trainer_games.txt` (real games from the
//! repository's test records and the engine's self-play; the file's header says which). A
//! [`Round`] is seeded: it samples a game and a position in it, and asks about one of the
//! legal moves there (not necessarily the move the game played), cycling through the
//! [`MoveKind`]s so that a round mixes placements, slides, climbs, jumps and throws, and
//! never asks the same move in the same position twice (nor a rotation or mirror image of
//! it, which the direction and algebraic notations write alike before the frame is fixed).
//!
//! ```
//! use beeline::learn::trainer::{judge_find, judge_name, Round, TrainerVerdict};
//! use beeline::learn::NotationName;
//! let mut round = Round::new(7);
//! let q = round.next_question();
//! let answer = q.text(NotationName::Direction);
//! assert_eq!(judge_name(&q, NotationName::Direction, &answer), TrainerVerdict::Right);
//! assert_eq!(judge_find(&q, NotationName::Direction, q.mv), TrainerVerdict::Right);
//! assert!(q.position().is_legal(q.mv));
//! ```

use crate::engine::hex::{Direction, Hex};
use crate::engine::piece::{Bug, GameType, PieceId, PIECE_COUNT};
use crate::engine::position::{Move, Position};
use crate::learn::NotationName;
use crate::notation::uhp::{move_string, GameString};
use crate::notation::Coordinates;
use crate::search::practice::Dice;
use std::collections::HashSet;

/// The bundled games: one UHP GameString a line, `#` comments.
const GAMES: &str = include_str!("trainer_games.txt");

/// Positions sampled in search of the kind a question is due to be, before that kind is
/// skipped for this question: enough to find a throw most of the time, few enough to keep
/// a question well under a millisecond of replaying.
const TRIES_PER_KIND: usize = 6;

/// What the reader is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Drill {
    /// The move is written; the reader plays it on the board.
    Find,
    /// The move is drawn; the reader types it.
    Name,
}

impl Drill {
    pub const ALL: [Drill; 2] = [Drill::Find, Drill::Name];

    /// The name in addresses and the page's `value`s: `find`, `name`.
    pub fn key(self) -> &'static str {
        match self {
            Drill::Find => "find",
            Drill::Name => "name",
        }
    }

    /// The drill of a [`Drill::key`] (case and spaces ignored).
    pub fn from_key(key: &str) -> Option<Drill> {
        let k = key.trim().to_ascii_lowercase();
        Drill::ALL.into_iter().find(|d| d.key() == k)
    }
}

/// A move's kind, as it shows in the notations: each kind is written its own way (a
/// placement with `+`, a climb onto the piece on top in the standard notation, a jump's
/// destination direct in the direction notation, a throw with `×`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece from the reserve put on the board.
    Placement,
    /// A piece moving by itself from the ground to an empty cell on the ground: a Queen,
    /// Spider, Ant, Pillbug or a Beetle on the ground stepping, a Ladybug (which walks over
    /// the hive but starts and ends on the ground), a Mosquito copying one of them.
    Slide,
    /// A piece moving by itself onto a stack, or down off one (a Beetle, or a Mosquito
    /// copying one or standing on the hive).
    Climb,
    /// A Grasshopper's jump, or a Mosquito's copying one (a straight line over pieces, next
    /// to a Grasshopper).
    Jump,
    /// A piece moved by a Pillbug, or by a Mosquito copying one: an opponent's piece, or the
    /// mover's own to a cell it could not reach by itself.
    Throw,
}

impl MoveKind {
    pub const ALL: [MoveKind; 5] = [
        MoveKind::Placement,
        MoveKind::Slide,
        MoveKind::Climb,
        MoveKind::Jump,
        MoveKind::Throw,
    ];

    /// The name in addresses and the page's `value`s: `placement`, `slide`, `climb`,
    /// `jump`, `throw`.
    pub fn key(self) -> &'static str {
        match self {
            MoveKind::Placement => "placement",
            MoveKind::Slide => "slide",
            MoveKind::Climb => "climb",
            MoveKind::Jump => "jump",
            MoveKind::Throw => "throw",
        }
    }
}

/// The kind of a legal move of `pos`; `None` for a pass. A movement the mover's own piece
/// can make both by itself and by being thrown counts as its own (the notations write the
/// two alike).
pub fn classify(pos: &Position, mv: Move) -> Option<MoveKind> {
    kind_of(pos, mv, |piece, to| {
        pos.own_destinations(piece).contains(&to)
    })
}

/// [`classify`], with `reaches(piece, to)` telling whether the mover's own piece reaches
/// `to` by its own movement (so callers can compute each piece's destinations once).
fn kind_of(
    pos: &Position,
    mv: Move,
    mut reaches: impl FnMut(PieceId, Hex) -> bool,
) -> Option<MoveKind> {
    let (piece, from, to) = match mv {
        Move::Pass => return None,
        Move::Place { .. } => return Some(MoveKind::Placement),
        Move::Move { piece, from, to } => (piece, from, to),
    };
    let b = pos.board();
    let kind = if piece.color() != pos.to_move() || !reaches(piece, to) {
        MoveKind::Throw
    } else if b.height(from) > 1 || b.height(to) > 0 {
        MoveKind::Climb
    } else if is_jump(pos, piece, from, to) {
        MoveKind::Jump
    } else {
        MoveKind::Slide
    };
    Some(kind)
}

/// Whether a move of `piece` on the ground is a Grasshopper's jump. A Mosquito next to a
/// Grasshopper may reach the same cell by copying something else (an Ant); the straight
/// line over pieces is what the reader sees, so it counts as a jump.
fn is_jump(pos: &Position, piece: PieceId, from: Hex, to: Hex) -> bool {
    let b = pos.board();
    match piece.bug() {
        Bug::Grasshopper => true,
        Bug::Mosquito => {
            let beside_grasshopper = from
                .neighbors()
                .iter()
                .any(|&n| b.top(n).is_some_and(|t| t.bug() == Bug::Grasshopper));
            beside_grasshopper
                && Direction::ALL.into_iter().any(|d| {
                    let mut h = from.step(d);
                    let mut over = 0;
                    while b.height(h) > 0 {
                        h = h.step(d);
                        over += 1;
                    }
                    over > 0 && h == to
                })
        }
        _ => false,
    }
}

/// The legal moves of `pos` that `wanted` lets through (cheaply, before classifying), with
/// their kinds; passes left out. Each piece's own destinations are computed once.
fn kinds_of_moves(pos: &Position, wanted: impl Fn(Move) -> bool) -> Vec<(Move, MoveKind)> {
    let mut own: Vec<Option<Vec<Hex>>> = vec![None; PIECE_COUNT];
    let mut out = Vec::new();
    for mv in pos.legal_moves().into_iter().filter(|&m| wanted(m)) {
        let kind = kind_of(pos, mv, |piece, to| {
            own[piece.index()]
                .get_or_insert_with(|| pos.own_destinations(piece))
                .contains(&to)
        });
        if let Some(k) = kind {
            out.push((mv, k));
        }
    }
    out
}

/// One question: a move in a game's position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NotationQuestion {
    pub game_type: GameType,
    /// The game's moves from its start up to the question's position: replayed (rather than
    /// set up) so that the board and the notations' frames are the game's own.
    pub moves: Vec<Move>,
    /// The move asked about, legal after `moves`.
    pub mv: Move,
    pub kind: MoveKind,
}

impl NotationQuestion {
    /// The position asked about: `moves` replayed from the empty board with tournament
    /// rules (stopping at a move that is not legal, which a round never gives).
    pub fn position(&self) -> Position {
        let mut pos = Position::new(self.game_type);
        for &mv in &self.moves {
            if pos.play(mv).is_err() {
                break;
            }
        }
        pos
    }

    /// The move's UHP MoveString in the record's own coordinates (`wA1 -bQ`).
    pub fn uhp(&self) -> String {
        move_string(&self.position(), self.mv)
    }

    /// The canonical answer in a notation: the move as the move list writes it (the
    /// standard notation in the record's coordinates).
    pub fn text(&self, n: NotationName) -> String {
        n.write(&self.position(), self.mv, Coordinates::Record)
    }
}

/// How an answer is judged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrainerVerdict {
    Right,
    /// `answer` is the canonical text of the question's move in the drill's notation;
    /// `reason` says why a typed text named no legal move (the reader's error), and is
    /// `None` when the text or the move played was another legal move.
    Wrong {
        answer: String,
        reason: Option<String>,
    },
}

/// A typed name for the question's move, read in notation `n` only, in the question's
/// position. A text naming another move that the notation writes the same way is right
/// too: before the hive fixes the frame, rotations and mirror images of a move share one
/// text (`bA @n0` is every first Black placement), and the reader picks one of them.
pub fn judge_name(q: &NotationQuestion, n: NotationName, typed: &str) -> TrainerVerdict {
    let pos = q.position();
    let answer = n.write(&pos, q.mv, Coordinates::Record);
    let reason = match n.read(&pos, Coordinates::Record, typed) {
        Ok(mv) if mv == q.mv || n.write(&pos, mv, Coordinates::Record) == answer => {
            return TrainerVerdict::Right
        }
        Ok(_) => None,
        Err(e) => Some(e.to_string()),
    };
    TrainerVerdict::Wrong { answer, reason }
}

/// A move played on the board for the question's move written in notation `n`: right if
/// the notation writes it as the question's text (see [`judge_name`]). A placement counts
/// by its kind and cell, whichever piece of that kind the page took from the reserve.
pub fn judge_find(q: &NotationQuestion, n: NotationName, played: Move) -> TrainerVerdict {
    let pos = q.position();
    let answer = n.write(&pos, q.mv, Coordinates::Record);
    let played = as_legal_placement(&pos, played);
    if played == q.mv
        || (pos.is_legal(played) && n.write(&pos, played, Coordinates::Record) == answer)
    {
        TrainerVerdict::Right
    } else {
        TrainerVerdict::Wrong {
            answer,
            reason: None,
        }
    }
}

/// A placement of a piece that may not be placed yet (`wA2` before `wA1`) as the legal
/// placement of its kind on that cell, if there is one; any other move as it is.
fn as_legal_placement(pos: &Position, mv: Move) -> Move {
    let Move::Place { piece, to } = mv else {
        return mv;
    };
    if pos.is_legal(mv) {
        return mv;
    }
    let same = |m: &Move| {
        matches!(*m, Move::Place { piece: p, to: t }
            if p.color() == piece.color() && p.bug() == piece.bug() && t == to)
    };
    pos.legal_moves().into_iter().find(same).unwrap_or(mv)
}

/// A game read from its line.
#[derive(Clone, Debug)]
struct SourceGame {
    game_type: GameType,
    moves: Vec<Move>,
}

/// A game's line, read when a question first samples it (a round rarely needs them all).
#[derive(Clone, Debug)]
enum Slot {
    Unread(String),
    Read(SourceGame),
    /// A line that does not replay, or has no move to ask about: skipped.
    Bad,
}

/// A GameString line read as a game, if it replays and has a move.
fn read_game(line: &str) -> Option<SourceGame> {
    let pos = line.parse::<GameString>().ok()?.replay().ok()?;
    let moves = pos.moves();
    (!moves.is_empty()).then(|| SourceGame {
        game_type: pos.game_type(),
        moves,
    })
}

/// The questions of one round: seeded (the same seed gives the same questions), cycling
/// through the move kinds, never the same move in the same position twice.
#[derive(Clone, Debug)]
pub struct Round {
    games: Vec<Slot>,
    dice: Dice,
    /// Index in [`MoveKind::ALL`] of the kind the next question should be.
    next_kind: usize,
    /// (position key, move) of every question asked.
    asked: HashSet<(u64, Move)>,
    /// (position key, direction notation) of every question asked: before the frame is
    /// fixed, rotations and mirror images of a move are the same question (`bA @n0`).
    named: HashSet<(u64, String)>,
}

impl Round {
    /// A round over the bundled games.
    pub fn new(seed: u64) -> Round {
        Round::with_games(GAMES, seed)
    }

    /// A round over the games of a text in the bundled file's format (one UHP GameString a
    /// line, `#` comments); lines that do not replay are skipped.
    pub fn with_games(text: &str, seed: u64) -> Round {
        let games = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .map(|l| Slot::Unread(l.to_string()))
            .collect();
        Round {
            games,
            dice: Dice::new(seed),
            next_kind: 0,
            asked: HashSet::new(),
            named: HashSet::new(),
        }
    }

    /// Questions asked so far.
    pub fn asked(&self) -> usize {
        self.asked.len()
    }

    /// The next question: of the kind due, or the next kind after it when several sampled
    /// positions have no fresh move of that kind. Should the games run out of fresh moves
    /// (a tiny set of games), the round starts over rather than fail.
    pub fn next_question(&mut self) -> NotationQuestion {
        for _ in 0..MoveKind::ALL.len() {
            let kind = MoveKind::ALL[self.next_kind];
            self.next_kind = (self.next_kind + 1) % MoveKind::ALL.len();
            for _ in 0..TRIES_PER_KIND {
                if let Some(q) = self.sample(Some(kind)) {
                    return q;
                }
            }
        }
        for _ in 0..TRIES_PER_KIND {
            if let Some(q) = self.sample(None) {
                return q;
            }
        }
        self.asked.clear();
        self.named.clear();
        loop {
            // The position before a game's first move always has placements, so this ends.
            if let Some(q) = self.sample(None) {
                return q;
            }
        }
    }

    /// A fresh question of `kind` (any kind if `None`) in a sampled position, if it has one.
    fn sample(&mut self, kind: Option<MoveKind>) -> Option<NotationQuestion> {
        let (game_type, moves) = self.sample_position();
        let mut pos = Position::new(game_type);
        for &mv in &moves {
            pos.play_unchecked(mv);
        }
        let key = pos.key();
        let placement = kind.map(|k| k == MoveKind::Placement);
        let mut fresh: Vec<(Move, MoveKind)> = kinds_of_moves(&pos, |mv| {
            placement.is_none_or(|p| p == matches!(mv, Move::Place { .. }))
                && !self.asked.contains(&(key, mv))
        })
        .into_iter()
        .filter(|&(_, k)| kind.is_none_or(|want| want == k))
        .collect();
        while !fresh.is_empty() {
            let (mv, kind) = fresh.swap_remove(self.dice.below(fresh.len()));
            self.asked.insert((key, mv));
            let name = NotationName::Direction.write(&pos, mv, Coordinates::Canonical);
            if self.named.insert((key, name)) {
                return Some(NotationQuestion {
                    game_type,
                    moves,
                    mv,
                    kind,
                });
            }
        }
        None
    }

    /// A game's type and its moves up to a sampled position (the position before one of
    /// its moves); the empty board when no game can be read.
    fn sample_position(&mut self) -> (GameType, Vec<Move>) {
        let len = self.games.len();
        let start = self.dice.below(len);
        // A bad line passes the draw on to the next good one (each line is read once).
        for k in 0..len {
            let i = (start + k) % len;
            if let Slot::Unread(line) = &self.games[i] {
                self.games[i] = read_game(line).map_or(Slot::Bad, Slot::Read);
            }
            if let Slot::Read(g) = &self.games[i] {
                let ply = self.dice.below(g.moves.len());
                return (g.game_type, g.moves[..ply].to_vec());
            }
        }
        (GameType::MLP, Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(game: &str) -> Position {
        let g: GameString = game.parse().unwrap();
        g.replay().unwrap()
    }

    /// The kind of a move written in the standard notation, after the moves of `line`
    /// (`;`-separated MoveStrings of a Base+MLP game).
    fn kind_after(line: &str, mv: &str) -> (Option<MoveKind>, Position, Move) {
        let n = line.split(';').count();
        let turn = if n % 2 == 0 {
            format!("White[{}]", n / 2 + 1)
        } else {
            format!("Black[{}]", n.div_ceil(2))
        };
        let pos = replay(&format!("Base+MLP;InProgress;{turn};{line}"));
        let m = NotationName::Standard
            .read(&pos, Coordinates::Record, mv)
            .unwrap();
        (classify(&pos, m), pos, m)
    }

    #[test]
    fn classify_names_each_kind() {
        use MoveKind::*;
        let row = "wS1;bS1 wS1-;wQ -wS1;bQ bS1-";
        assert_eq!(kind_after("wS1;bS1 wS1-", "wQ -wS1").0, Some(Placement));
        assert_eq!(kind_after(row, "wQ \\wS1").0, Some(Slide));
        // A Ladybug walks over the hive but starts and ends on the ground.
        let ladybug = format!("{row};wL -wQ;bA1 bQ-");
        assert_eq!(kind_after(&ladybug, "wL \\bS1").0, Some(Slide));
        let hopper = format!("{row};wG1 -wQ;bA1 bQ-");
        assert_eq!(kind_after(&hopper, "wG1 bA1-").0, Some(Jump));
        // A Mosquito whose only neighbour is a Grasshopper jumps over it.
        let mosquito = format!("{hopper};wM /wG1;bB1 bA1-");
        assert_eq!(kind_after(&mosquito, "wM \\wQ").0, Some(Jump));
        let beetle = format!("{row};wB1 -wQ;bA1 bQ-");
        assert_eq!(kind_after(&beetle, "wB1 wQ").0, Some(Climb));
        let on_top = format!("{beetle};wB1 wQ;bB1 bA1-");
        assert_eq!(kind_after(&on_top, "wB1 -wQ").0, Some(Climb));
        assert_eq!(kind_after(&on_top, "wB1 wS1").0, Some(Climb));
        let pos = kind_after(row, "wQ \\wS1").1;
        assert_eq!(classify(&pos, Move::Pass), None);
    }

    fn throwers(pos: &Position, mv: Move) -> Vec<Bug> {
        let (Some(piece), Some(to)) = (mv.piece(), mv.to()) else {
            return Vec::new();
        };
        pos.throwers(piece, to).iter().map(|t| t.bug()).collect()
    }

    #[test]
    fn classify_tells_a_throw_by_whoever_throws() {
        // Black's Pillbug throws a white Ant.
        let pillbug = "wS1;bP wS1-;wQ -wS1;bQ bP-;wA1 /wS1;bA1 bQ-;wA1 bP\\;bA1 bQ\\;wQ \\wS1";
        let (kind, pos, mv) = kind_after(pillbug, "wA1 /bP");
        assert_eq!(kind, Some(MoveKind::Throw));
        assert_eq!(throwers(&pos, mv), [Bug::Pillbug]);
        // Black's Mosquito, next to the Pillbug, throws the Ant only it touches.
        let mosquito = "wS1;bP wS1-;wQ -wS1;bM bP-;wA1 /wS1;bQ bM-;wA1 bM\\;bA1 bQ-;wG1 -wQ";
        let (kind, pos, mv) = kind_after(mosquito, "wA1 \\bM");
        assert_eq!(kind, Some(MoveKind::Throw));
        assert_eq!(throwers(&pos, mv), [Bug::Mosquito]);
        // Black's Pillbug throws Black's own Spider where the Spider cannot go; where it
        // can, the move is the Spider's own.
        let own = "wS1;bP wS1-;wQ -wS1;bS1 bP\\;wA1 -wQ;bQ bP-;wG1 -wA1";
        let (kind, pos, mv) = kind_after(own, "bS1 \\bP");
        assert_eq!(kind, Some(MoveKind::Throw));
        assert_eq!(throwers(&pos, mv), [Bug::Pillbug]);
        assert_eq!(kind_after(own, "bS1 bQ/").0, Some(MoveKind::Slide));
    }

    fn judges(n: NotationName, seed: u64) {
        let mut round = Round::new(seed);
        let mut alike = 0;
        for i in 0..1000 {
            let q = round.next_question();
            let pos = q.position();
            let answer = q.text(n);
            assert_eq!(
                judge_name(&q, n, &answer),
                TrainerVerdict::Right,
                "{n:?} {answer}"
            );
            assert_eq!(judge_find(&q, n, q.mv), TrainerVerdict::Right);
            let wrong = TrainerVerdict::Wrong {
                answer: answer.clone(),
                reason: None,
            };
            let written: Vec<(Move, String)> = pos
                .legal_moves()
                .into_iter()
                .filter(|&m| m != q.mv && m != Move::Pass)
                .map(|m| (m, n.write(&pos, m, Coordinates::Record)))
                .collect();
            let (same, others): (Vec<_>, Vec<_>) =
                written.into_iter().partition(|(_, text)| *text == answer);
            if let Some((other, text)) = others.get(i % others.len().max(1)) {
                assert_eq!(judge_name(&q, n, text), wrong, "{n:?} {text} for {answer}");
                assert_eq!(judge_find(&q, n, *other), wrong);
            }
            // Moves the notation cannot tell from the question's (rotations and mirror
            // images before the frame is fixed) are played right.
            for (m, _) in &same {
                assert_eq!(
                    judge_find(&q, n, *m),
                    TrainerVerdict::Right,
                    "{n:?} {answer}"
                );
            }
            alike += same.len();
            for junk in ["", "??", "hello world"] {
                match judge_name(&q, n, junk) {
                    TrainerVerdict::Wrong {
                        answer: a,
                        reason: Some(r),
                    } => assert!(a == answer && !r.is_empty()),
                    v => panic!("{n:?} '{junk}' judged {v:?}"),
                }
            }
        }
        // The standard notation is written in the record's own coordinates: no two moves
        // share a text.
        assert_eq!(alike == 0, n == NotationName::Standard, "{n:?}: {alike}");
    }

    #[test]
    fn the_standard_notation_is_judged() {
        judges(NotationName::Standard, 1);
    }

    #[test]
    fn the_direction_notation_is_judged() {
        judges(NotationName::Direction, 2);
    }

    #[test]
    fn the_algebraic_notation_is_judged() {
        judges(NotationName::Algebraic, 3);
    }

    #[test]
    fn a_round_mixes_every_kind_and_never_repeats() {
        let mut round = Round::new(2026);
        let mut seen = HashSet::new();
        let mut named = HashSet::new();
        let mut kinds = HashSet::new();
        for _ in 0..200 {
            let q = round.next_question();
            let pos = q.position();
            assert_eq!(pos.ply(), q.moves.len(), "the moves replay");
            assert!(pos.is_legal(q.mv));
            assert_eq!(classify(&pos, q.mv), Some(q.kind));
            assert!(seen.insert((pos.key(), q.mv)), "asked twice: {}", q.uhp());
            let name = q.text(NotationName::Direction);
            assert!(named.insert((pos.key(), name)), "named twice: {}", q.uhp());
            kinds.insert(q.kind);
        }
        assert_eq!(kinds.len(), MoveKind::ALL.len(), "{kinds:?}");
        assert_eq!(round.asked(), 200);
    }

    #[test]
    fn the_same_seed_gives_the_same_questions() {
        let questions = |seed| {
            let mut r = Round::new(seed);
            (0..50).map(|_| r.next_question()).collect::<Vec<_>>()
        };
        assert_eq!(questions(9), questions(9));
        assert_ne!(questions(9), questions(10));
    }

    #[test]
    fn every_bundled_game_replays() {
        let lines: Vec<&str> = GAMES
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .collect();
        assert!(lines.len() >= 30, "{} games", lines.len());
        for (i, line) in lines.iter().enumerate() {
            let g: GameString = line
                .parse()
                .unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
            let pos = g.replay().unwrap_or_else(|e| panic!("game {}: {e}", i + 1));
            assert!(pos.ply() > 0, "game {} has no moves", i + 1);
        }
    }

    #[test]
    fn bad_lines_are_skipped() {
        let text = "# a comment\nnot a game\nBase;InProgress;White[9];wQ\n\
            Base;InProgress;Black[2];wS1;bS1 wS1-;wQ -wS1\n";
        let mut round = Round::with_games(text, 5);
        for _ in 0..10 {
            let q = round.next_question();
            assert!(q.moves.len() < 3 && q.game_type == GameType::BASE);
            assert!(q.position().is_legal(q.mv));
        }
        // With no game at all, the questions come from the empty board.
        let q = Round::with_games("", 5).next_question();
        assert!(q.moves.is_empty() && q.kind == MoveKind::Placement);
    }

    #[test]
    fn keys_read_back() {
        for d in Drill::ALL {
            assert_eq!(Drill::from_key(&d.key().to_uppercase()), Some(d));
        }
        assert_eq!(Drill::from_key("play"), None);
    }
}
