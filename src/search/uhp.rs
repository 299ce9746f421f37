//! A Universal Hive Protocol engine as a state machine: one command line in, its answer
//! lines out (ending with `ok`), so the command line, tests and a browser worker drive the
//! same code. Answers follow what Mzinga and nokamute write: a GameString after
//! `newgame`, `play`, `pass` and `undo`; MoveStrings joined by `;` for `validmoves`; one
//! MoveString for `bestmove`; `err <reason>` for anything wrong with a command and
//! `invalidmove <reason>` for a move the rules refuse. No input makes it panic.

use super::practice::{self, Dice, Level, MAX_LEVEL};
use super::{Clock, Limits, Searcher, DEFAULT_TABLE_MIB, MAX_LINES};
use crate::engine::piece::GameType;
use crate::engine::position::{Move, Position, Rules};
use crate::notation::frame::Frame;
use crate::notation::uhp::{move_string, GameString, MoveString};
use crate::notation::Notation;

/// Largest transposition table the `TableSizeMiB` option accepts.
const MAX_TABLE_MIB: usize = 1024;

/// The engine: a game in progress (or none yet) and the search's memory.
pub struct UhpEngine {
    pos: Option<Position>,
    searcher: Searcher,
    table_mib: usize,
    /// Whether `bestmove` reports its search (depth, score, nodes) on the log.
    verbose: bool,
    /// Threads searching (native builds; the browser's worker has one).
    threads: usize,
    /// Lines `bestmove` searches (the `Lines` option): it still answers one move, and
    /// with `Verbose` on logs every line.
    lines: u8,
    /// The practice level `bestmove` plays at (`Level`, 1 to 8; 8 the full engine).
    level: u8,
    /// The seed of the level's choices (`Seed`); each `newgame` starts its dice again.
    seed: u64,
    dice: Dice,
}

/// The answer to one command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The lines to write, the last one `ok`.
    pub lines: Vec<String>,
    /// Whether the command was `exit`: write nothing more and stop.
    pub exit: bool,
    /// Lines for a log (standard error), not for the protocol: the search's figures when
    /// the `Verbose` option is on.
    pub log: Vec<String>,
}

impl Default for UhpEngine {
    fn default() -> Self {
        UhpEngine::new()
    }
}

impl UhpEngine {
    pub fn new() -> UhpEngine {
        UhpEngine {
            pos: None,
            searcher: Searcher::new(DEFAULT_TABLE_MIB),
            table_mib: DEFAULT_TABLE_MIB,
            verbose: false,
            threads: 1,
            lines: 1,
            level: MAX_LEVEL,
            seed: 0,
            dice: Dice::new(0),
        }
    }

    /// What an engine writes when it starts: its `info`, then `ok`.
    pub fn greeting(&self) -> Vec<String> {
        let mut lines = info();
        lines.push("ok".into());
        lines
    }

    /// Runs one command line. `clock` measures `bestmove time`: start it when the line
    /// arrives.
    pub fn command(&mut self, line: &str, clock: &dyn Clock) -> Reply {
        let line = line.trim();
        let (cmd, args) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        let mut log = Vec::new();
        let result = match cmd {
            "" => Ok(Vec::new()),
            "exit" => {
                return Reply {
                    lines: Vec::new(),
                    exit: true,
                    log: Vec::new(),
                }
            }
            "info" => no_args(cmd, args).map(|_| info()),
            "newgame" => self.newgame(args),
            "validmoves" => no_args(cmd, args).and_then(|_| self.validmoves()),
            "play" => self.play(args),
            "pass" => no_args(cmd, args).and_then(|_| self.play("pass")),
            "undo" => self.undo(args),
            "bestmove" => self.bestmove(args, clock, &mut log),
            "options" => self.options(args),
            _ => Err(Fault::Err(format!("unknown command '{cmd}'"))),
        };
        let mut lines = match result {
            Ok(lines) => lines,
            Err(Fault::Err(e)) => vec![format!("err {e}")],
            Err(Fault::InvalidMove(e)) => vec![format!("invalidmove {e}")],
        };
        lines.push("ok".into());
        Reply {
            lines,
            exit: false,
            log,
        }
    }

    /// The game in progress, if any.
    pub fn position(&self) -> Option<&Position> {
        self.pos.as_ref()
    }

    fn game(&mut self) -> Result<&mut Position, Fault> {
        self.pos
            .as_mut()
            .ok_or_else(|| Fault::Err("no game: start one with newgame".into()))
    }

    fn game_string(&mut self) -> Result<Vec<String>, Fault> {
        let pos = self.game()?;
        Ok(vec![GameString::from_position(pos).to_string()])
    }

    fn newgame(&mut self, args: &str) -> Result<Vec<String>, Fault> {
        let args = if args.is_empty() { "Base" } else { args };
        let pos = if args.contains(';') {
            let gs: GameString = args
                .parse()
                .map_err(|e| Fault::Err(format!("newgame: {e}")))?;
            gs.replay()
                .map_err(|e| Fault::Err(format!("newgame: {e}")))?
        } else {
            let gt: GameType = args
                .parse()
                .map_err(|e| Fault::Err(format!("newgame: {e}")))?;
            Position::with_rules(gt, Rules::uhp())
        };
        self.pos = Some(pos);
        self.searcher.clear();
        // A new game replays a level's choices from its seed.
        self.dice = Dice::new(self.seed);
        self.game_string()
    }

    fn validmoves(&mut self) -> Result<Vec<String>, Fault> {
        let pos = self.game()?;
        if pos.state().is_over() {
            // Nothing is legal in a finished game: an empty answer, as other engines give.
            return Ok(Vec::new());
        }
        let moves: Vec<String> = pos
            .legal_moves()
            .into_iter()
            .map(|m| move_string(pos, m))
            .collect();
        Ok(vec![moves.join(";")])
    }

    fn play(&mut self, args: &str) -> Result<Vec<String>, Fault> {
        let pos = self.game()?;
        if args.is_empty() {
            return Err(Fault::Err(
                "play needs a MoveString, such as wA1 -bQ".into(),
            ));
        }
        if pos.state().is_over() {
            return Err(Fault::InvalidMove(format!(
                "{args}: the game is over ({})",
                pos.state()
            )));
        }
        let mv = MoveString::read(pos, &Frame::ENGINE, args)
            .map_err(|e| Fault::InvalidMove(e.to_string()))?;
        pos.play(mv)
            .map_err(|e| Fault::InvalidMove(format!("{args}: {e}")))?;
        self.game_string()
    }

    fn undo(&mut self, args: &str) -> Result<Vec<String>, Fault> {
        let n = if args.is_empty() {
            1
        } else {
            args.parse::<usize>().map_err(|_| {
                Fault::Err(format!(
                    "undo: '{args}' is not a number of moves to take back"
                ))
            })?
        };
        let pos = self.game()?;
        if n > pos.ply() {
            return Err(Fault::Err(format!(
                "undo {n}: only {} moves have been played",
                pos.ply()
            )));
        }
        for _ in 0..n {
            pos.undo();
        }
        self.game_string()
    }

    fn bestmove(
        &mut self,
        args: &str,
        clock: &dyn Clock,
        log: &mut Vec<String>,
    ) -> Result<Vec<String>, Fault> {
        let usage = "bestmove takes 'time hh:mm:ss' or 'depth N'";
        let mut words = args.split_whitespace();
        let limits = match (words.next(), words.next(), words.next()) {
            (Some("time"), Some(t), None) => Limits::time_ms(parse_time(t).ok_or_else(|| {
                Fault::Err(format!("bestmove time: '{t}' is not a time hh:mm:ss"))
            })?),
            (Some("depth"), Some(d), None) => match d.parse::<u8>() {
                Ok(d) if d >= 1 => Limits::depth(d),
                _ => {
                    return Err(Fault::Err(format!(
                        "bestmove depth: '{d}' is not a depth from 1 to 255"
                    )))
                }
            },
            _ => return Err(Fault::Err(usage.into())),
        }
        .with_lines(self.lines);
        let pos = self
            .pos
            .as_ref()
            .ok_or_else(|| Fault::Err("no game: start one with newgame".into()))?;
        if pos.state().is_over() {
            return Err(Fault::Err(format!(
                "bestmove: the game is over ({})",
                pos.state()
            )));
        }
        if self.level < MAX_LEVEL {
            let level = Level::new(self.level);
            let best = practice::choose(
                &mut self.searcher,
                pos,
                &level,
                &limits,
                clock,
                &mut self.dice,
            )
            .ok_or_else(|| Fault::Err("bestmove: no legal move".into()))?;
            return Ok(vec![move_string(pos, best)]);
        }
        #[cfg(not(target_arch = "wasm32"))]
        let result = self
            .searcher
            .search_threads(pos, &limits, clock, self.threads);
        #[cfg(target_arch = "wasm32")]
        let result = self.searcher.search(pos, &limits, clock);
        if self.verbose {
            let line_text = |pv: &[Move]| {
                let mut p = pos.clone();
                let moves: Vec<String> = pv
                    .iter()
                    .map(|&m| {
                        let s = move_string(&p, m);
                        p.play_unchecked(m);
                        s
                    })
                    .collect();
                moves.join("; ")
            };
            log.push(format!(
                "depth {} score {} nodes {} time {} ms nps {} pv {}",
                result.depth,
                result.score,
                result.nodes,
                result.elapsed_ms,
                result.nodes * 1000 / result.elapsed_ms.max(1),
                line_text(&result.pv)
            ));
            if self.lines > 1 {
                for (k, l) in result.lines.iter().enumerate() {
                    log.push(format!(
                        "line {} score {} pv {}",
                        k + 1,
                        l.score,
                        line_text(&l.pv)
                    ));
                }
            }
        }
        let best = result
            .best
            .ok_or_else(|| Fault::Err("bestmove: no legal move".into()))?;
        Ok(vec![move_string(pos, best)])
    }

    fn options(&mut self, args: &str) -> Result<Vec<String>, Fault> {
        let words: Vec<&str> = args.split_whitespace().collect();
        match words.as_slice() {
            [] => Ok(vec![
                self.table_option(),
                self.threads_option(),
                self.verbose_option(),
                self.lines_option(),
                self.level_option(),
                self.seed_option(),
            ]),
            ["get", "Level"] => Ok(vec![self.level_option()]),
            ["set", "Level", v] => {
                let n = whole_number("Level", v, usize::from(MAX_LEVEL))?;
                self.level = u8::try_from(n).unwrap_or(MAX_LEVEL);
                Ok(vec![self.level_option()])
            }
            ["get", "Seed"] => Ok(vec![self.seed_option()]),
            ["set", "Seed", v] => {
                self.seed = v
                    .parse::<u32>()
                    .map_err(|_| {
                        Fault::Err(format!(
                            "options: Seed takes a whole number from 0 to {}, not '{v}'",
                            u32::MAX
                        ))
                    })?
                    .into();
                self.dice = Dice::new(self.seed);
                Ok(vec![self.seed_option()])
            }
            ["get", "Lines"] => Ok(vec![self.lines_option()]),
            ["set", "Lines", v] => {
                // At most MAX_LINES, so the conversion cannot fail.
                let n = whole_number("Lines", v, usize::from(MAX_LINES))?;
                self.lines = u8::try_from(n).unwrap_or(MAX_LINES);
                Ok(vec![self.lines_option()])
            }
            ["get", "NumThreads"] => Ok(vec![self.threads_option()]),
            ["set", "NumThreads", v] => {
                self.threads = whole_number("NumThreads", v, max_threads())?;
                Ok(vec![self.threads_option()])
            }
            ["get", "TableSizeMiB"] => Ok(vec![self.table_option()]),
            ["get", "Verbose"] => Ok(vec![self.verbose_option()]),
            ["set", "Verbose", v] => {
                self.verbose = match *v {
                    "True" | "true" => true,
                    "False" | "false" => false,
                    _ => {
                        return Err(Fault::Err(format!(
                            "options: Verbose takes True or False, not '{v}'"
                        )))
                    }
                };
                Ok(vec![self.verbose_option()])
            }
            ["set", "TableSizeMiB", v] => {
                let mib = whole_number("TableSizeMiB", v, MAX_TABLE_MIB)?;
                if mib != self.table_mib {
                    // The old table goes first, so that its memory can be the new one's.
                    self.searcher = Searcher::new(1);
                    match Searcher::try_new(mib) {
                        Some(s) => {
                            self.searcher = s;
                            self.table_mib = mib;
                        }
                        None => {
                            self.searcher = Searcher::new(self.table_mib);
                            return Err(Fault::Err(format!(
                                "options: no memory for a {mib} MiB table; it stays at {} MiB",
                                self.table_mib
                            )));
                        }
                    }
                }
                Ok(vec![self.table_option()])
            }
            ["get", name] | ["set", name, _] => {
                Err(Fault::Err(format!("options: unknown option '{name}'")))
            }
            _ => Err(Fault::Err(
                "options takes nothing, 'get NAME' or 'set NAME VALUE'".into(),
            )),
        }
    }

    fn threads_option(&self) -> String {
        format!("NumThreads;int;{};1;1;{}", self.threads, max_threads())
    }

    fn level_option(&self) -> String {
        format!("Level;int;{};{MAX_LEVEL};1;{MAX_LEVEL}", self.level)
    }

    fn seed_option(&self) -> String {
        format!("Seed;int;{};0;0;{}", self.seed, u32::MAX)
    }

    fn lines_option(&self) -> String {
        format!("Lines;int;{};1;1;{MAX_LINES}", self.lines)
    }

    fn verbose_option(&self) -> String {
        let name = |b: bool| if b { "True" } else { "False" };
        format!("Verbose;bool;{};False", name(self.verbose))
    }

    fn table_option(&self) -> String {
        format!(
            "TableSizeMiB;int;{};{DEFAULT_TABLE_MIB};1;{MAX_TABLE_MIB}",
            self.table_mib
        )
    }
}

enum Fault {
    Err(String),
    InvalidMove(String),
}

/// The most threads `NumThreads` accepts: the machine's cores (one in a browser worker).
/// An option's value: a whole number from 1 to `max`, or why not.
fn whole_number(option: &str, v: &str, max: usize) -> Result<usize, Fault> {
    v.parse::<usize>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| {
            Fault::Err(format!(
                "options: {option} takes a whole number from 1 to {max}, not '{v}'"
            ))
        })
}

fn max_threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    }
    #[cfg(target_arch = "wasm32")]
    {
        1
    }
}

fn info() -> Vec<String> {
    vec![
        format!("id Beeline {}", env!("CARGO_PKG_VERSION")),
        "Mosquito;Ladybug;Pillbug".into(),
    ]
}

fn no_args(cmd: &str, args: &str) -> Result<(), Fault> {
    if args.is_empty() {
        Ok(())
    } else {
        Err(Fault::Err(format!(
            "{cmd} takes no arguments, not '{args}'"
        )))
    }
}

/// `hh:mm:ss` (seconds may have a fraction) in milliseconds; at least 1.
pub fn parse_time(t: &str) -> Option<u64> {
    let mut parts = t.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let h: u64 = h.parse().ok()?;
    let m: u64 = m.parse().ok()?;
    let s: f64 = s.parse().ok()?;
    if m >= 60 || !(0.0..60.0).contains(&s) || h > 99 {
        return None;
    }
    let ms = (h * 3600 + m * 60) * 1000 + (s * 1000.0).round() as u64;
    Some(ms.max(1))
}
