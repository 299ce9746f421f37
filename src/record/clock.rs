//! Clocks: the time control a game was played under and the players' times per move.
//!
//! A move's times live in its comment, as chess PGN tools keep them: `[%clk 0:04:53]` is the
//! mover's time left after the move, `[%emt 0:00:07]` the time the move took (`h:mm:ss`, with
//! tenths or milliseconds when known: `0:00:07.25`). So every place a comment goes (the PGN,
//! the permalink, undo) keeps the times with no format of its own. The comment's words a
//! reader shows leave the commands out (`GameTree::comment_words`), and the readers of records
//! keep them in one spelling after the words, before a drawing.
//!
//! The time control is the record's [`Metadata::time_control`](super::Metadata): PGN's
//! `[TimeControl "600+5"]` (seconds, plus seconds added after each move) or BoardSpace's
//! `TC[Fixed 600000]` (milliseconds). What a record leaves out follows from the rest
//! ([`line_times`]): the time used from two clocks of the same player (and the increment),
//! the time left from the time used.
//!
//! All times are in milliseconds.
//!
//! ```
//! use beeline::engine::piece::Color;
//! use beeline::record::clock::{self, MoveClock, TimeControl};
//! use beeline::record::import;
//! let pgn = "[GameType \"Base\"]\n[TimeControl \"60+2\"]\n[Result \"BlackWins\"]\n\n\
//!            1. wS1 {[%clk 0:00:59]}\n2. bS1 -wS1 {Fast [%clk 0:01:00]}\n\
//!            3. wQ wS1/ {[%clk 0:00:00]}\n";
//! let rec = import(pgn, None).unwrap();
//! assert_eq!(rec.meta.time_control, Some(TimeControl::Increment { base: 60_000, increment: 2_000 }));
//! assert_eq!(rec.tree.comment_words(rec.tree.mainline_nodes()[1]).as_deref(), Some("Fast"));
//! let times = rec.times();
//! assert_eq!(times[1].used, Some(2_000)); // 60 s + 2 s - 60 s
//! assert_eq!(times[2].used, Some(61_000));
//! assert_eq!(rec.lost_on_time(), Some(Color::White));
//! assert_eq!(clock::short(rec.final_clocks().black.left.unwrap()), "1:00");
//! assert_eq!(MoveClock { left: Some(293_000), used: Some(7_250) }.commands(), "[%clk 0:04:53] [%emt 0:00:07.25]");
//! ```

use super::tree::{GameTree, NodeId};
use super::{push_words, Record};
use crate::engine::piece::Color;
use crate::engine::position::GameState;
use std::fmt;

/// The longest time read (a correspondence game's days fit; a typo's years do not overflow).
const MAX_HOURS: u64 = 100_000;

/// How much time the players have.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TimeControl {
    /// No clock (PGN `-`, BoardSpace `TC[None]`).
    Untimed,
    /// `base` for the game, and `increment` added after each of the player's moves (PGN
    /// `600+5`; BoardSpace `Fixed 600000`, and `PlusTime 600000 30000`).
    Increment { base: u64, increment: u64 },
    /// BoardSpace's `Differential 0 900000`: a player's time runs out once they have used more
    /// than `base` and `lead` more than the other player.
    Differential { base: u64, lead: u64 },
    /// Another time control (`40/7200:3600`, `?`), kept as written.
    Other(String),
}

impl TimeControl {
    /// A PGN `TimeControl` tag's value: `600+5`, `600`, `-`, or BoardSpace's spelling (which
    /// [`TimeControl::pgn`] writes for the kinds chess has not); anything else as written.
    /// `None` for an empty value.
    pub fn from_pgn(value: &str) -> Option<TimeControl> {
        let v = value.trim();
        if v.is_empty() {
            return None;
        }
        if v == "-" {
            return Some(TimeControl::Untimed);
        }
        let (base, increment) = v.split_once('+').unwrap_or((v, "0"));
        match (seconds(base), seconds(increment)) {
            (Some(base), Some(increment)) => Some(TimeControl::Increment { base, increment }),
            _ => Some(TimeControl::from_sgf(v)),
        }
    }

    /// A BoardSpace `TC[…]` value: `None`, `Fixed 600000`, `PlusTime 600000 30000`,
    /// `Differential 0 900000` (milliseconds); anything else as written.
    pub fn from_sgf(value: &str) -> TimeControl {
        let words: Vec<&str> = value.split_whitespace().collect();
        let ms = |i: usize| words.get(i).and_then(|w| w.parse::<u64>().ok());
        let kind = words.first().map(|w| w.to_ascii_lowercase());
        let read = match (kind.as_deref(), words.len()) {
            (Some("none"), 1) => Some(TimeControl::Untimed),
            (Some("fixed"), 2) => ms(1).map(|base| TimeControl::Increment { base, increment: 0 }),
            (Some("plustime"), 3) => ms(1)
                .zip(ms(2))
                .map(|(base, increment)| TimeControl::Increment { base, increment }),
            (Some("differential"), 3) => ms(1)
                .zip(ms(2))
                .map(|(base, lead)| TimeControl::Differential { base, lead }),
            _ => None,
        };
        read.unwrap_or_else(|| TimeControl::Other(value.trim().to_string()))
    }

    /// The PGN `TimeControl` value: `600+5` (`600` without an increment), `-` untimed,
    /// BoardSpace's `Differential 0 900000` (chess has no such clock), another as written.
    pub fn pgn(&self) -> String {
        match self {
            TimeControl::Untimed => "-".to_string(),
            TimeControl::Increment { base, increment: 0 } => write_seconds(*base),
            TimeControl::Increment { base, increment } => {
                format!("{}+{}", write_seconds(*base), write_seconds(*increment))
            }
            TimeControl::Differential { base, lead } => format!("Differential {base} {lead}"),
            TimeControl::Other(s) => s.clone(),
        }
    }

    /// Each player's time before their first move, when the control gives one.
    pub fn start(&self) -> Option<u64> {
        match self {
            TimeControl::Increment { base, .. } => Some(*base),
            _ => None,
        }
    }

    /// The time a player has had for their first `moves` moves: the start and the
    /// increments (saturating: a control read from a file may be absurd).
    fn allowed(&self, moves: u64) -> Option<u64> {
        let added = self.increment().saturating_mul(moves);
        Some(self.start()?.saturating_add(added))
    }

    /// The time added after each move.
    pub fn increment(&self) -> u64 {
        match self {
            TimeControl::Increment { increment, .. } => *increment,
            _ => 0,
        }
    }

    /// A player's time left after their `moves`th move, having used `spent` in all.
    pub fn left_after(&self, spent: u64, moves: u64) -> Option<u64> {
        Some(self.allowed(moves)?.saturating_sub(spent))
    }

    /// Whether a player who used `spent` in all (the other `other_spent`) has no time left
    /// after their `moves`th move.
    pub fn ran_out(&self, spent: u64, other_spent: u64, moves: u64) -> bool {
        match self {
            TimeControl::Differential { base, lead } => {
                spent > *base && spent.saturating_sub(other_spent) > *lead
            }
            _ => self.left_after(spent, moves) == Some(0),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pgn())
    }
}

/// Whole or decimal seconds (`600`, `0.5`) as milliseconds.
fn seconds(s: &str) -> Option<u64> {
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 9 {
        return None;
    }
    Some(whole.parse::<u64>().ok()? * 1000 + fraction(frac)?)
}

/// Milliseconds as seconds, decimals only when needed (`600`, `0.5`).
fn write_seconds(ms: u64) -> String {
    let mut s = (ms / 1000).to_string();
    push_fraction(&mut s, ms % 1000);
    s
}

/// Up to three digits after a decimal point as milliseconds (more are cut); `""` is 0.
fn fraction(digits: &str) -> Option<u64> {
    if !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 9 {
        return None;
    }
    let ms: String = digits.chars().chain("000".chars()).take(3).collect();
    ms.parse().ok()
}

/// `.25` for 250 ms, nothing for 0.
fn push_fraction(out: &mut String, ms: u64) {
    if ms > 0 {
        let digits = format!("{ms:03}");
        out.push('.');
        out.push_str(digits.trim_end_matches('0'));
    }
}

/// A clock time as chess PGN writes it: `h:mm:ss`, `h:mm:ss.s` (any number of decimals) or
/// `m:ss`, in milliseconds. `None` when it is not one (`1:75`, `abc`, `-0:01`).
pub fn parse_time(s: &str) -> Option<u64> {
    let s = s.trim();
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let parts: Vec<&str> = whole.split(':').collect();
    if !(2..=3).contains(&parts.len()) || (s.contains('.') && frac.is_empty()) {
        return None;
    }
    let mut total: u64 = 0;
    for (i, part) in parts.iter().enumerate() {
        let first = i == 0;
        let digits_ok = part.bytes().all(|b| b.is_ascii_digit())
            && !part.is_empty()
            && (if first {
                part.len() <= 6
            } else {
                part.len() == 2
            });
        if !digits_ok {
            return None;
        }
        let n: u64 = part.parse().ok()?;
        if !first && n >= 60 {
            return None;
        }
        total = total * 60 + n;
    }
    if parts.len() == 3 && total / 3600 > MAX_HOURS {
        return None;
    }
    Some(total * 1000 + fraction(frac)?)
}

/// A clock time as a command writes it: `h:mm:ss`, then the decimals it has (`0:04:53`,
/// `0:00:07.25`).
pub fn write_time(ms: u64) -> String {
    let s = ms / 1000;
    let mut out = format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
    push_fraction(&mut out, ms % 1000);
    out
}

/// A clock time as a clock shows it, in whole seconds: `3:12`, `0:00`, `1:02:03`.
pub fn short(ms: u64) -> String {
    let s = ms / 1000;
    if s >= 3600 {
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    } else {
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A clock command of a comment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClockCommand {
    /// `[%clk …]`: the mover's time left after the move.
    Left,
    /// `[%emt …]`: the time the move took.
    Used,
}

impl ClockCommand {
    pub const ALL: [ClockCommand; 2] = [ClockCommand::Left, ClockCommand::Used];

    /// Its opening, `[%clk` or `[%emt`.
    pub fn opening(self) -> &'static str {
        match self {
            ClockCommand::Left => "[%clk",
            ClockCommand::Used => "[%emt",
        }
    }

    /// The command starting `s`, if one does (`[%clkx` is another command).
    pub fn at(s: &[u8]) -> Option<ClockCommand> {
        ClockCommand::ALL.into_iter().find(|c| {
            s.starts_with(c.opening().as_bytes())
                && s.get(5)
                    .is_none_or(|b| b.is_ascii_whitespace() || *b == b']')
        })
    }

    /// The time in a command's body (what follows its name, up to its `]`), or the sentence
    /// saying why it is not one.
    pub fn read(self, body: &str) -> Result<u64, String> {
        parse_time(body).ok_or_else(|| {
            format!(
                "'{} {}]' is not a clock time (expected h:mm:ss, h:mm:ss.s or m:ss)",
                self.opening(),
                body.trim()
            )
        })
    }
}

/// The times a move's comment gives.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveClock {
    /// `[%clk]`: the mover's time left after the move.
    pub left: Option<u64>,
    /// `[%emt]`: the time the move took.
    pub used: Option<u64>,
}

impl MoveClock {
    /// The well-formed clock commands of a comment (a later one replaces an earlier one; a
    /// malformed one is passed over: the readers of records tell it when they read it).
    pub fn of(comment: &str) -> MoveClock {
        let mut clock = MoveClock::default();
        for (command, body, _) in commands(comment) {
            if let Ok(t) = command.read(body) {
                clock.set(command, t);
            }
        }
        clock
    }

    pub fn is_empty(&self) -> bool {
        self.left.is_none() && self.used.is_none()
    }

    /// Sets the time of one command.
    pub fn set(&mut self, command: ClockCommand, ms: u64) {
        match command {
            ClockCommand::Left => self.left = Some(ms),
            ClockCommand::Used => self.used = Some(ms),
        }
    }

    /// Its commands, `[%clk …]` then `[%emt …]`, each only when known (empty when neither).
    pub fn commands(&self) -> String {
        let mut out = Vec::new();
        for (command, t) in [
            (ClockCommand::Left, self.left),
            (ClockCommand::Used, self.used),
        ] {
            if let Some(t) = t {
                out.push(format!("{} {}]", command.opening(), write_time(t)));
            }
        }
        out.join(" ")
    }
}

/// Every clock command of a comment, well-formed or not: the command, its body and the byte
/// range it takes (to the end of the comment when no `]` closes it).
fn commands(comment: &str) -> Vec<(ClockCommand, &str, std::ops::Range<usize>)> {
    let b = comment.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let Some(command) = ClockCommand::at(&b[i..]) else {
            i += 1;
            continue;
        };
        let body_start = i + 5;
        let end = comment[body_start..]
            .find(']')
            .map_or(b.len(), |e| body_start + e);
        out.push((
            command,
            &comment[body_start..end],
            i..(end + 1).min(b.len()),
        ));
        i = end + 1;
    }
    out
}

/// A comment without its clock commands (spaces around them joined into one).
pub fn without_clock(comment: &str) -> String {
    let mut out = String::new();
    let mut from = 0;
    for (_, _, range) in commands(comment) {
        push_words(&mut out, &comment[from..range.start]);
        from = range.end;
    }
    push_words(&mut out, &comment[from..]);
    out
}

/// A comment with its clock commands replaced by `clock`'s, written where the readers of
/// records keep them: after the words, before a drawing (`[%cal`, `[%csl`). `None` when
/// nothing is left.
pub fn with_clock(comment: Option<&str>, clock: MoveClock) -> Option<String> {
    let rest = without_clock(comment.unwrap_or_default());
    let at = ["[%cal", "[%csl"]
        .iter()
        .filter_map(|c| rest.find(c))
        .min()
        .unwrap_or(rest.len());
    let mut out = String::new();
    push_words(&mut out, &rest[..at]);
    push_words(&mut out, &clock.commands());
    push_words(&mut out, &rest[at..]);
    (!out.is_empty()).then_some(out)
}

/// One move's times: those its comment gives and those that follow from the moves before.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveTimes {
    pub mover: Color,
    /// The mover's time left after the move.
    pub left: Option<u64>,
    /// The time the move took.
    pub used: Option<u64>,
    /// The mover's time used since the start, this move's included.
    pub spent: Option<u64>,
    /// What the comment gives (the rest is derived).
    pub written: MoveClock,
}

/// What is known of a player's clock along a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct PlayerTime {
    left: Option<u64>,
    spent: Option<u64>,
    moves: u64,
}

impl PlayerTime {
    fn new(control: Option<&TimeControl>) -> PlayerTime {
        PlayerTime {
            left: control.and_then(TimeControl::start),
            spent: Some(0),
            moves: 0,
        }
    }

    /// The player's next move, with the times its comment gives.
    fn step(&mut self, control: Option<&TimeControl>, mover: Color, w: MoveClock) -> MoveTimes {
        let increment = control.map_or(0, TimeControl::increment);
        self.moves += 1;
        let before = self.left.map(|l| l.saturating_add(increment));
        let used = w
            .used
            .or_else(|| before.zip(w.left).and_then(|(b, l)| b.checked_sub(l)));
        let mut spent = self.spent.zip(used).map(|(s, u)| s.saturating_add(u));
        let left = w
            .left
            .or_else(|| before.zip(used).map(|(b, u)| b.saturating_sub(u)))
            .or_else(|| control?.left_after(spent?, self.moves));
        if spent.is_none() {
            let allowed = control.and_then(|c| c.allowed(self.moves));
            spent = allowed.zip(left).and_then(|(a, l)| a.checked_sub(l));
        }
        self.left = left;
        self.spent = spent;
        MoveTimes {
            mover,
            left,
            used,
            spent,
            written: w,
        }
    }
}

/// The times of the moves of a line (`nodes`, from the first move on, each the child of the
/// one before), under a time control.
pub fn line_times(
    tree: &GameTree,
    control: Option<&TimeControl>,
    nodes: &[NodeId],
) -> Vec<MoveTimes> {
    let mut mover = tree.start().to_move();
    let mut players = [PlayerTime::new(control); 2];
    nodes
        .iter()
        .map(|&n| {
            let written = tree.comment(n).map(MoveClock::of).unwrap_or_default();
            let t = players[mover.index()].step(control, mover, written);
            mover = mover.other();
            t
        })
        .collect()
}

/// The times of every move of the tree, indexed by [`NodeId::index`] (`None` for the root
/// and the indices no node has): each along its own line.
pub fn tree_times(tree: &GameTree, control: Option<&TimeControl>) -> Vec<Option<MoveTimes>> {
    let mut times = vec![None; tree.capacity()];
    // Each node's players after it, and who moves next (parents come before their children
    // in `nodes`).
    let mut after: Vec<Option<([PlayerTime; 2], Color)>> = vec![None; tree.capacity()];
    if let Some(root) = after.get_mut(tree.root().index()) {
        *root = Some(([PlayerTime::new(control); 2], tree.start().to_move()));
    }
    for n in tree.nodes() {
        let Some(parent) = tree.parent(n) else {
            continue;
        };
        let Some((mut players, mover)) = after.get(parent.index()).copied().flatten() else {
            continue;
        };
        let written = tree.comment(n).map(MoveClock::of).unwrap_or_default();
        let t = players[mover.index()].step(control, mover, written);
        if let (Some(slot), Some(state)) = (times.get_mut(n.index()), after.get_mut(n.index())) {
            *slot = Some(t);
            *state = Some((players, mover.other()));
        }
    }
    times
}

/// A player's clock at the end of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerClock {
    /// The time left.
    pub left: Option<u64>,
    /// The time used in the whole game.
    pub spent: Option<u64>,
}

/// Both players' clocks at the end of a game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FinalClocks {
    pub white: PlayerClock,
    pub black: PlayerClock,
}

impl FinalClocks {
    pub fn of(&self, player: Color) -> PlayerClock {
        match player {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Whether either clock is known.
    pub fn is_known(&self) -> bool {
        *self != FinalClocks::default()
    }
}

/// A game lost on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timeout {
    /// Who ran out of time.
    pub loser: Color,
    /// Both clocks at the end ([`Record::final_clocks`]); when the record states the timeout,
    /// the loser's is 0 (their flag fell after their last clock was written).
    pub clocks: FinalClocks,
    /// The record says so (a PGN `Termination` tag); otherwise its clocks tell it.
    pub stated: bool,
}

impl Timeout {
    /// What a reader is told: `White lost on time (White 0:00, Black 3:12)`, the clocks
    /// left when known, else the time used.
    pub fn sentence(&self) -> String {
        let clock = |c: PlayerClock| c.left.or(c.spent).map(short);
        let clocks: Vec<String> = [Color::White, Color::Black]
            .into_iter()
            .filter_map(|p| Some(format!("{} {}", p.name(), clock(self.clocks.of(p))?)))
            .collect();
        let mut s = format!("{} lost on time", self.loser.name());
        if !clocks.is_empty() {
            s.push_str(&format!(" ({})", clocks.join(", ")));
        }
        s
    }
}

/// Either time, or the one `pick` picks of both.
fn later(a: Option<u64>, b: Option<u64>, pick: fn(u64, u64) -> u64) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(pick(a, b)),
        (a, b) => a.or(b),
    }
}

/// Whether a PGN `Termination` tag says the game ended on time (`time forfeit`, lichess's
/// `Time forfeit`, `Black won on time`).
fn termination_on_time(value: &str) -> bool {
    let v = value.to_ascii_lowercase();
    v.contains("time forfeit") || v.contains("on time") || v.trim() == "time"
}

impl Record {
    /// The times of the main line's moves, from the first (see [`line_times`]).
    pub fn times(&self) -> Vec<MoveTimes> {
        let nodes = self.tree.mainline_nodes();
        line_times(&self.tree, self.meta.time_control.as_ref(), &nodes)
    }

    /// Both players' clocks at the end of the main line: from the last move of each that
    /// gives them, and from the time each used in all as the record states it at its end
    /// (BoardSpace's closing `P0[time …]`, which counts the time after the last move too, a
    /// draw offered say) with the time control; the later of the two.
    pub fn final_clocks(&self) -> FinalClocks {
        let control = self.meta.time_control.as_ref();
        let times = self.times();
        let clock = |player: Color| {
            let mine = || times.iter().filter(|t| t.mover == player);
            let moves = mine().count() as u64;
            let spent = later(
                mine().filter_map(|t| t.spent).next_back(),
                self.meta.time_used[player.index()],
                u64::max,
            );
            let left = later(
                mine().filter_map(|t| t.left).next_back(),
                spent.and_then(|s| control?.left_after(s, moves)),
                u64::min,
            );
            PlayerClock { left, spent }
        };
        FinalClocks {
            white: clock(Color::White),
            black: clock(Color::Black),
        }
    }

    /// The game was lost on time, and by whom: the record says so (a PGN `Termination` tag
    /// such as `time forfeit`, with the result naming the winner), or its clocks do (the
    /// loser's at 0:00, or past a BoardSpace limit, and the result, when stated, not saying
    /// the loser won). Never when the final position is over (a Queen surrounded).
    pub fn timeout(&self) -> Option<Timeout> {
        if self.position().state().is_over() {
            return None;
        }
        let clocks = self.final_clocks();
        let winner = match self.meta.result {
            Some(GameState::WhiteWins) => Some(Color::White),
            Some(GameState::BlackWins) => Some(Color::Black),
            _ => None,
        };
        let stated = self
            .meta
            .extra
            .iter()
            .any(|(n, v)| n.eq_ignore_ascii_case("Termination") && termination_on_time(v));
        if let (true, Some(w)) = (stated, winner) {
            // The loser's flag fell after their last clock was written.
            let mut clocks = clocks;
            match w.other() {
                Color::White => clocks.white.left = Some(0),
                Color::Black => clocks.black.left = Some(0),
            }
            return Some(Timeout {
                loser: w.other(),
                clocks,
                stated: true,
            });
        }
        if self.meta.result == Some(GameState::Draw) {
            return None;
        }
        // An increment's clock stops at 0 (`left`); a differential one has no time left
        // of its own, only a lead over the other player not to pass.
        let out = |p: Color| {
            let (mine, other) = (clocks.of(p), clocks.of(p.other()));
            let differential = match &self.meta.time_control {
                Some(c @ TimeControl::Differential { .. }) => mine
                    .spent
                    .is_some_and(|s| c.ran_out(s, other.spent.unwrap_or(0), 0)),
                _ => false,
            };
            mine.left == Some(0) || differential
        };
        let loser = match (out(Color::White), out(Color::Black)) {
            (true, true) => winner?.other(),
            (true, false) => Color::White,
            (false, true) => Color::Black,
            (false, false) => return None,
        };
        (winner != Some(loser)).then_some(Timeout {
            loser,
            clocks,
            stated: false,
        })
    }

    /// Who lost on time, if the game was lost so ([`Record::timeout`]).
    pub fn lost_on_time(&self) -> Option<Color> {
        self.timeout().map(|t| t.loser)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times_are_read_in_every_spelling_and_written_in_one() {
        assert_eq!(parse_time("1:02:03"), Some(3_723_000));
        assert_eq!(parse_time("0:00:07.25"), Some(7_250));
        assert_eq!(parse_time("0:02:59.9"), Some(179_900));
        assert_eq!(parse_time("4:59"), Some(299_000));
        assert_eq!(parse_time("12:05"), Some(725_000));
        assert_eq!(parse_time(" 0:00:00 "), Some(0));
        assert_eq!(parse_time("0:00:01.23456"), Some(1_234));
        for bad in [
            "",
            "5",
            "1:75",
            "0:60:00",
            "0:1:00",
            "a:bc",
            "-0:01",
            "1:2:3:4",
            "0:00:01.",
            "0:0x:01",
            "1::00",
            "0:00:01.5s",
            "9999999:00:00",
        ] {
            assert_eq!(parse_time(bad), None, "{bad}");
        }
        assert_eq!(write_time(3_723_000), "1:02:03");
        assert_eq!(write_time(7_250), "0:00:07.25");
        assert_eq!(write_time(12_119), "0:00:12.119");
        assert_eq!(short(192_400), "3:12");
        assert_eq!(short(900), "0:00");
        assert_eq!(short(3_723_000), "1:02:03");
    }

    #[test]
    fn time_controls_of_pgn_and_boardspace() {
        let inc = |base, increment| Some(TimeControl::Increment { base, increment });
        assert_eq!(TimeControl::from_pgn("600+5"), inc(600_000, 5_000));
        assert_eq!(TimeControl::from_pgn("180"), inc(180_000, 0));
        assert_eq!(TimeControl::from_pgn("0.5+0.25"), inc(500, 250));
        assert_eq!(TimeControl::from_pgn("-"), Some(TimeControl::Untimed));
        assert_eq!(TimeControl::from_pgn(" "), None);
        assert_eq!(
            TimeControl::from_pgn("40/7200:3600"),
            Some(TimeControl::Other("40/7200:3600".into()))
        );
        assert_eq!(
            TimeControl::from_sgf("Fixed 600000"),
            inc(600_000, 0).unwrap()
        );
        assert_eq!(TimeControl::from_sgf("None"), TimeControl::Untimed);
        assert_eq!(
            TimeControl::from_sgf("PlusTime 600000 30000"),
            inc(600_000, 30_000).unwrap()
        );
        let diff = TimeControl::from_sgf("Differential 0 900000");
        assert_eq!(
            diff,
            TimeControl::Differential {
                base: 0,
                lead: 900_000
            }
        );
        assert_eq!(
            TimeControl::from_sgf("Fixed soon"),
            TimeControl::Other("Fixed soon".into())
        );
        // Written for PGN, and read back the same.
        for tc in [
            inc(600_000, 5_000).unwrap(),
            inc(600_000, 0).unwrap(),
            inc(500, 250).unwrap(),
            TimeControl::Untimed,
            diff,
            TimeControl::Other("?".into()),
        ] {
            assert_eq!(TimeControl::from_pgn(&tc.pgn()), Some(tc.clone()), "{tc}");
        }
        assert_eq!(inc(600_000, 5_000).unwrap().pgn(), "600+5");
        assert_eq!(inc(600_000, 0).unwrap().pgn(), "600");
    }

    #[test]
    fn a_comments_clock_is_read_and_replaced_in_place() {
        let c = "Sharp [%clk 0:04:53] [%emt 0:00:07] [%cal Gm0n1]";
        assert_eq!(
            MoveClock::of(c),
            MoveClock {
                left: Some(293_000),
                used: Some(7_000)
            }
        );
        assert_eq!(without_clock(c), "Sharp [%cal Gm0n1]");
        // A malformed command is no time; an unclosed one runs to the end.
        assert_eq!(MoveClock::of("[%clk soon] [%emt 0:01]").left, None);
        assert_eq!(MoveClock::of("[%clk soon] [%emt 0:01]").used, Some(1_000));
        assert_eq!(without_clock("a [%clk 0:01:00"), "a");
        assert_eq!(MoveClock::of("[%clkx 0:01:00]"), MoveClock::default());
        let clock = MoveClock {
            left: Some(60_000),
            used: None,
        };
        assert_eq!(
            with_clock(Some(c), clock).as_deref(),
            Some("Sharp [%clk 0:01:00] [%cal Gm0n1]")
        );
        assert_eq!(with_clock(None, clock).as_deref(), Some("[%clk 0:01:00]"));
        assert_eq!(
            with_clock(Some("[%emt 0:00:01]"), MoveClock::default()),
            None
        );
    }

    #[test]
    fn the_times_left_out_follow_from_the_others() {
        let control = TimeControl::Increment {
            base: 60_000,
            increment: 2_000,
        };
        let mut p = PlayerTime::new(Some(&control));
        let w = |left, used| MoveClock { left, used };
        // A clock only: used from the one before, with the increment.
        let a = p.step(Some(&control), Color::White, w(Some(55_000), None));
        assert_eq!((a.used, a.spent), (Some(7_000), Some(7_000)));
        // A time used only: the clock from the one before.
        let b = p.step(Some(&control), Color::White, w(None, Some(10_000)));
        assert_eq!((b.left, b.spent), (Some(47_000), Some(17_000)));
        // Nothing: nothing follows; the next clock gives the time spent again.
        let c = p.step(Some(&control), Color::White, w(None, None));
        assert_eq!((c.left, c.used, c.spent), (None, None, None));
        let d = p.step(Some(&control), Color::White, w(Some(30_000), None));
        assert_eq!((d.used, d.spent), (None, Some(38_000)));
        // Time added by the other player: no negative time used.
        let e = p.step(Some(&control), Color::White, w(Some(50_000), None));
        assert_eq!(e.used, None);
        // Overstepped: the clock stops at 0.
        let f = p.step(Some(&control), Color::White, w(None, Some(99_000)));
        assert_eq!(f.left, Some(0));
        // An absurd time control is no overflow.
        let huge = TimeControl::from_sgf("PlusTime 18446744073709551615 18446744073709551615");
        let mut h = PlayerTime::new(Some(&huge));
        let g = h.step(Some(&huge), Color::White, w(None, None));
        assert_eq!((g.left, g.spent), (None, None));
        assert_eq!(
            h.step(Some(&huge), Color::White, w(Some(5), None)).used,
            None
        );
        assert_eq!(huge.left_after(1, 3), Some(u64::MAX - 1));
        // Without a time control, clocks give the time used as if there were no increment.
        let mut q = PlayerTime::new(None);
        q.step(None, Color::Black, w(Some(100_000), None));
        assert_eq!(
            q.step(None, Color::Black, w(Some(90_000), None)).used,
            Some(10_000)
        );
    }
}
