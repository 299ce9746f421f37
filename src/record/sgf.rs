//! BoardSpace SGF records: an SGF shell around a log of user-interface actions (pick a
//! tile, drop it, confirm) that is replayed to keep only the confirmed moves.
//!
//! Both dialects are read: the modern one (`dropb wL1 N 13 .`, `Move W wP1 N 13 .`) and the
//! old lower-case one without colours (`dropb g1 M 13 .`). The cell (`N 13`) decides where
//! a piece goes; the reference after it is only a courtesy (`.` for the first piece, for a
//! climb, or for nothing at all), so it is not needed.
//!
//! As in any SGF, several subtrees after a sequence of nodes are alternatives: the first
//! goes on with the main line, the others are variations, replayed from the same point by
//! the same rules (a branch may even come between a drop and its `Done`). `C[…]` comments
//! go into the record's tree. (The BoardSpace records seen so far have neither.)
//!
//! Clocks: `TC[…]` is the time control; the `TM[ms]` after the action that makes a move (the
//! player's time used since the start) gives the move's `[%emt …]`, and with the time
//! control its `[%clk …]`, in its comment; the closing `P0[time …]`/`P1[time …]` are each
//! player's time used in all ([`super::Metadata::time_used`]).
//!
//! ```
//! use beeline::engine::position::{GameState, Rules};
//! use beeline::record::sgf;
//! let text = "(;GM[27]SU[hive]P0[id \"ann\"]P1[id \"bob\"]RE[Game won by bob]\n\
//!             ; P0[1 pick W 6 wS1]\n; P0[2 dropb wS1 N 13 .]\n; P0[3 done]\n\
//!             ; P1[4 Move B bS1 O 13 wS1-]\n; P1[5 Done]\n)";
//! let rec = sgf::import(text, Rules::default()).unwrap();
//! assert_eq!(rec.moves.len(), 2);
//! assert_eq!(rec.meta.result, Some(GameState::BlackWins));
//! assert_eq!(rec.meta.white.as_deref(), Some("ann"));
//! ```

use super::clock::{self, MoveClock, TimeControl};
use super::drawing;
use super::pgn::MAX_NESTING;
use super::tree::{GameTree, NodeId};
use super::{Format, HeaderFault, ImportFault, Record, RecordError, Replayer};
use crate::engine::hex::Hex;
use crate::engine::piece::{Bug, Color, GameType, Piece};
use crate::engine::position::{GameState, Move, Rules};

/// One SGF property value with the line it starts on.
struct Prop {
    name: String,
    value: String,
    line: usize,
}

/// A piece of an SGF game tree.
enum SgfToken {
    /// `(`: a subtree starts (after a sequence, each subtree is an alternative).
    Open,
    /// `)`: the subtree ends.
    Close,
    /// `;`: a node starts.
    Node,
    Prop(Prop),
}

/// Reads the first SGF game tree, up to the paren closing it (some files hold the record
/// twice; a second game tree is not read).
fn tokens(text: &str) -> Vec<SgfToken> {
    let mut toks = Vec::new();
    let mut line = 1;
    let mut name = String::new();
    let mut after_value = false;
    let mut depth = 0usize;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\n' => line += 1,
            '(' => {
                depth += 1;
                toks.push(SgfToken::Open);
            }
            ')' if depth > 0 => {
                depth -= 1;
                toks.push(SgfToken::Close);
                if depth == 0 {
                    break;
                }
            }
            ';' => {
                toks.push(SgfToken::Node);
                name.clear();
            }
            '[' => {
                let start = line;
                let mut value = String::new();
                while let Some(v) = chars.next() {
                    match v {
                        // SGF escaping: `\\` is one backslash, `\]` a bracket.
                        '\\' => {
                            if let Some(e) = chars.next() {
                                line += usize::from(e == '\n');
                                value.push(e);
                            }
                        }
                        ']' => break,
                        _ => {
                            line += usize::from(v == '\n');
                            value.push(v);
                        }
                    }
                }
                // `P0[a][b]`: a repeated value keeps the name.
                toks.push(SgfToken::Prop(Prop {
                    name: name.clone(),
                    value,
                    line: start,
                }));
                after_value = true;
            }
            c if c.is_ascii_alphanumeric() => {
                if after_value {
                    name.clear();
                    after_value = false;
                }
                if name.len() < 16 {
                    name.push(c);
                }
            }
            _ => {}
        }
    }
    toks
}

/// A bug token of either dialect: `wA1`, `bQ`, `wM1` (modern), `a1`, `Q`, `B2` (old).
/// Returns the colour if the token carries one.
fn bug_token(tok: &str) -> Option<(Option<Color>, Bug, u8)> {
    let b = tok.as_bytes();
    let (color, rest) = if b.len() >= 2
        && matches!(b[0], b'w' | b'b')
        && Bug::from_letter(b[1] as char).is_some()
    {
        let c = if b[0] == b'w' {
            Color::White
        } else {
            Color::Black
        };
        (Some(c), &tok[1..])
    } else {
        (None, tok)
    };
    let mut rc = rest.chars();
    let bug = Bug::from_letter(rc.next()?.to_ascii_uppercase())?;
    let digits: String = rc.collect();
    let n = match digits.as_str() {
        "" => 0,
        d => d.parse::<u8>().ok()?,
    };
    let n = if bug.is_unique() && n == 1 { 0 } else { n };
    Some((color, bug, n))
}

/// A cell `<col> <row>`: column letter(s) A..Z, row number.
fn cell(col: &str, row: &str) -> Option<(i32, i32)> {
    let mut c: i32 = 0;
    if col.is_empty() || col.len() > 3 {
        return None;
    }
    for ch in col.chars() {
        if !ch.is_ascii_alphabetic() {
            return None;
        }
        c = c * 26 + (ch.to_ascii_uppercase() as i32 - 'A' as i32 + 1);
    }
    let r: i32 = row.parse().ok().filter(|r: &i32| r.abs() < 10_000)?;
    Some((c, r))
}

/// The game type of an `SU` value (`hive-plm`, `Hive-PLM`, `hive-plm 2 0 101`).
fn variant(su: &str) -> Result<GameType, HeaderFault> {
    let word = su
        .split_whitespace()
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let letters = match word.strip_prefix("hive") {
        Some(rest) => rest.trim_start_matches('-'),
        None => return Err(HeaderFault::NotHive(su.to_string())),
    };
    let mut gt = GameType::BASE;
    for ch in letters.chars() {
        match ch {
            'm' => gt.mosquito = true,
            'l' => gt.ladybug = true,
            'p' => gt.pillbug = true,
            _ => return Err(HeaderFault::UnknownVariant(su.to_string())),
        }
    }
    Ok(gt)
}

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// `yyyy.mm.dd` from BoardSpace's free-text dates: `Fri Apr 19 19:54:39 CDT 2013`,
/// `28 October 2018`, `October 2, 2019`.
pub fn pgn_date(dt: &str) -> Option<String> {
    let words: Vec<String> = dt
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let month = words.iter().find_map(|w| {
        MONTHS
            .iter()
            .position(|m| w.len() >= 3 && w.starts_with(m))
            .map(|i| i + 1)
    })?;
    let numbers: Vec<u32> = words.iter().filter_map(|w| w.parse().ok()).collect();
    let year = numbers.iter().copied().find(|n| *n > 1900)?;
    let day = numbers.iter().copied().find(|n| (1..=31).contains(n))?;
    Some(format!("{year:04}.{month:02}.{day:02}"))
}

/// A pending move: the bug, its cell, the colour hint, and the node's text.
#[derive(Clone)]
struct PendingMove {
    color: Color,
    /// The token carried no colour (old dialect): the colour is a guess.
    colourless: bool,
    bug: Bug,
    number: u8,
    cell: (i32, i32),
    line: usize,
    text: String,
}

#[derive(Clone)]
enum Act {
    Pass,
    Move(PendingMove),
}

/// The replay of the interface actions of one line of the record.
#[derive(Clone)]
struct Actions {
    r: Replayer,
    /// The first piece's cell: the engine's origin.
    origin: Option<(i32, i32)>,
    pending: Option<Act>,
    pick_color: Option<Color>,
    /// A draw offer or answer is under way: its `Done` takes no turn.
    draw_talk: bool,
    /// A resignation ended the line: later actions make no moves.
    ended: bool,
}

/// A line being read: the main line, or a variation (a subtree after the first).
#[derive(Clone)]
struct SgfLine {
    /// `None` once an error stopped a variation: the rest of it is skipped. (Boxed: a
    /// position is large, and skipped subtrees may nest deep.)
    play: Option<Box<Actions>>,
    /// The tree node of the line's last move.
    node: NodeId,
    /// How many of the replayer's moves are in the tree.
    in_tree: usize,
    /// The first subtree after each of the main line's sequences.
    main: bool,
    /// Subtrees opened after the line's sequence so far.
    subtrees: usize,
    /// Whether the line has a move yet (the main line always has: the root).
    started: bool,
    /// A comment before a variation's first move, waiting for it (with its line).
    waiting: Option<(usize, String)>,
    /// Each player's time used (`TM`) at their last timed move, White's first.
    spent: [u64; 2],
    /// A move of a player came without a `TM`: their next `TM` gives no time used.
    lapsed: [bool; 2],
    /// The move the last action made and who made it, until its `TM` comes.
    timed: Option<(Color, NodeId)>,
}

/// Reads a BoardSpace SGF record: the first subtree after each sequence continues the main
/// line, later ones are variations (alternatives from the same point, replayed by the same
/// rules). `C[…]` comments go to the move before them (before any move: the root's); one
/// before a variation's first move goes to that move. An error in a variation stops that
/// variation only, kept in [`GameTree::variation_errors`] and told in a notice; one on the
/// main line stops the import there.
pub fn import(text: &str, rules: Rules) -> Result<Record, RecordError> {
    let toks = tokens(text);
    if !toks
        .iter()
        .any(|t| matches!(t, SgfToken::Node | SgfToken::Prop(_)))
    {
        return Err(RecordError::Header {
            line: 1,
            fault: HeaderFault::NoSgfProperties,
        });
    }
    let mut game_type = None;
    let mut ids: [Option<String>; 2] = [None, None];
    let mut time_used: [Option<u64>; 2] = [None, None];
    let mut control = None;
    let mut notices = Vec::new();
    let (mut dt, mut gn, mut re) = (None, None, None);
    let mut depth = 0usize;
    for t in &toks {
        let p = match t {
            SgfToken::Open => {
                depth += 1;
                continue;
            }
            SgfToken::Close => {
                depth = depth.saturating_sub(1);
                continue;
            }
            SgfToken::Node => continue,
            // The game's properties are in its root sequence, not in variations.
            SgfToken::Prop(p) if depth <= 1 => p,
            SgfToken::Prop(_) => continue,
        };
        match p.name.as_str() {
            "SU" => {
                game_type = Some(variant(&p.value).map_err(|fault| RecordError::Header {
                    line: p.line,
                    fault,
                })?)
            }
            "DT" => dt = Some(p.value.trim().to_string()),
            "GN" => gn = Some(p.value.trim().to_string()),
            "RE" => re = Some(p.value.trim().to_string()),
            "TC" => control = Some(TimeControl::from_sgf(&p.value)),
            "P0" | "P1" => {
                let k = usize::from(p.name == "P1");
                let v = p.value.trim();
                if let Some(id) = v.strip_prefix("id ") {
                    ids[k] = Some(id.trim().trim_matches('"').to_string());
                } else if let Some(t) = v.strip_prefix("time ") {
                    // The closing node's clocks: each player's time used in all.
                    match clock::parse_time(t) {
                        Some(ms) => time_used[k] = Some(ms),
                        None => notices.push(format!(
                            "line {}: '{v}' is not a player's time (expected h:mm:ss); it is \
                             ignored",
                            p.line
                        )),
                    }
                }
            }
            _ => {}
        }
    }
    let mut rec = Record::new(game_type.unwrap_or(GameType::BASE), Format::Sgf);
    if game_type.is_none() {
        rec.notices
            .push("the record names no variant (SU); it is read as Base".into());
    }
    rec.rules = rules;
    rec.notices.extend(notices);
    rec.meta.time_control = control.clone();
    rec.meta.time_used = time_used;
    rec.meta.white = ids[0].clone();
    rec.meta.black = ids[1].clone();
    rec.meta.date = dt.as_deref().and_then(pgn_date);
    for (name, v) in [("SgfDate", &dt), ("SgfGameName", &gn), ("SgfResult", &re)] {
        if let Some(v) = v.as_ref().filter(|v| !v.is_empty()) {
            rec.meta.extra.push((name.to_string(), v.clone()));
        }
    }
    rec.meta.result = re.as_deref().and_then(|re| winner(re, &ids));

    let mut reader = SgfReader {
        tree: GameTree::new(rec.game_type, rec.rules),
        notices: Vec::new(),
        main_stop: None,
        main: None,
        control,
    };
    let mut stack = vec![SgfLine {
        play: Some(Box::new(Actions {
            r: Replayer::new(rec),
            origin: None,
            pending: None,
            pick_color: None,
            draw_talk: false,
            ended: false,
        })),
        node: reader.tree.root(),
        in_tree: 0,
        main: true,
        subtrees: 0,
        started: true,
        waiting: None,
        spent: [0; 2],
        lapsed: [false; 2],
        timed: None,
    }];
    // The first `(` opens the game tree whose sequence the bottom line reads.
    let mut in_root = false;
    for t in &toks {
        match t {
            SgfToken::Open if !in_root => in_root = true,
            SgfToken::Open => {
                let Some(top) = stack.last_mut() else { break };
                let first = top.subtrees == 0;
                top.subtrees += 1;
                // The first subtree continues the line (and takes its waiting comment);
                // later ones are alternatives to it, from the same point.
                let waiting = if first { top.waiting.take() } else { None };
                let mut line = SgfLine {
                    main: top.main && first,
                    subtrees: 0,
                    started: top.started && first,
                    waiting,
                    ..top.clone()
                };
                if stack.len() >= MAX_NESTING && line.play.take().is_some() {
                    reader.notice(format!(
                        "variations nested more than {MAX_NESTING} deep are skipped"
                    ));
                }
                stack.push(line);
            }
            SgfToken::Close => {
                let Some(line) = stack.pop() else { break };
                reader.end(line);
            }
            SgfToken::Node => {}
            SgfToken::Prop(p) => {
                if let Some(line) = stack.last_mut() {
                    reader.prop(line, p);
                }
            }
        }
    }
    while let Some(line) = stack.pop() {
        if !line.main {
            reader.notice("the record ends inside a variation".into());
        }
        reader.end(line);
    }
    let SgfReader {
        tree,
        notices,
        main,
        ..
    } = reader;
    let mut r = main.ok_or(RecordError::Empty)?;
    for n in notices {
        r.notice(n);
    }
    let mut rec = r.finish();
    rec.set_tree(tree);
    Ok(rec)
}

/// Reads the lines of a record into its tree.
struct SgfReader {
    tree: GameTree,
    notices: Vec<String>,
    /// Where the main line stopped on an error: no variation may continue it from there.
    main_stop: Option<NodeId>,
    /// The main line's replayer, once its last subtree is read.
    main: Option<Replayer>,
    /// The time control (`TC`), which gives a move's time left from the time used.
    control: Option<TimeControl>,
}

impl SgfReader {
    fn notice(&mut self, s: String) {
        if !self.notices.contains(&s) {
            self.notices.push(s);
        }
    }

    /// Reads one property on a line: a comment, or an action whose moves go into the tree.
    fn prop(&mut self, line: &mut SgfLine, p: &Prop) {
        let Some(play) = line.play.as_mut() else {
            return;
        };
        if play.r.stopped() {
            return;
        }
        if p.name == "TM" {
            self.time(line, p);
            return;
        }
        if p.name == "C" {
            // Drawing commands kept in one spelling; malformed ones left out, told.
            let (c, problems) = drawing::tidy(&p.value);
            for problem in problems {
                self.notices
                    .push(format!("line {}: {problem}; it is ignored", p.line));
            }
            let Some(c) = c else {
                return;
            };
            if line.started {
                let joined = join(self.tree.comment(line.node), &c);
                let tidy = drawing::tidy(&joined).0;
                let _ = self.tree.set_comment(line.node, tidy.as_deref());
            } else {
                let (at, old) = match line.waiting.take() {
                    Some((at, old)) => (at, Some(old)),
                    None => (p.line, None),
                };
                line.waiting = Some((at, join(old.as_deref(), &c)));
            }
            return;
        }
        if play.ended {
            return;
        }
        let actor = match p.name.as_str() {
            "P0" => Some(Color::White),
            "P1" => Some(Color::Black),
            _ => None,
        };
        if actor.is_some() {
            if let Some((player, _)) = line.timed.take() {
                line.lapsed[player.index()] = true;
            }
        }
        play.act(p);
        let moved = play.r.rec.moves.len() > line.in_tree;
        let mover = play.r.pos.to_move().other();
        for &mv in &play.r.rec.moves[line.in_tree..] {
            if !line.main
                && Some(line.node) == self.main_stop
                && self.tree.children(line.node).is_empty()
            {
                self.notices.push(format!(
                    "line {}: a variation that would continue the main line after its last \
                     move is ignored (the main line stops there on an error)",
                    p.line
                ));
                line.play = None;
                return;
            }
            // Every move was played on the line's replayer.
            line.node = self.tree.push(line.node, mv);
            if let Some((_, c)) = line.waiting.take() {
                let joined = join(Some(&c), self.tree.comment(line.node).unwrap_or(""));
                let tidy = drawing::tidy(&joined).0;
                let _ = self.tree.set_comment(line.node, tidy.as_deref());
            }
            line.started = true;
        }
        if moved && actor == Some(mover) {
            line.timed = Some((mover, line.node));
        }
        line.in_tree = play.r.rec.moves.len();
        if !line.main {
            if let Some(e) = play.r.rec.error.take() {
                self.notices
                    .push(format!("{e}; the variation is read up to that move"));
                self.tree.variation_errors.push(e);
                line.play = None;
            }
        }
    }

    /// A `TM[ms]` after an action: the actor's time used since the start. After the action
    /// that made a move, the move's comment gets its time used (`[%emt]`, from the player's
    /// `TM` at their move before) and, when the time control gives it, the time left
    /// (`[%clk]`); other actions' `TM`s are passed over.
    fn time(&mut self, line: &mut SgfLine, p: &Prop) {
        let Some((player, node)) = line.timed.take() else {
            return;
        };
        let Ok(tm) = p.value.trim().parse::<u64>() else {
            self.notice(format!(
                "line {}: 'TM[{}]' is not a time in milliseconds; it is ignored",
                p.line, p.value
            ));
            line.lapsed[player.index()] = true;
            return;
        };
        let k = player.index();
        let used = tm.checked_sub(line.spent[k]).filter(|_| !line.lapsed[k]);
        if tm < line.spent[k] {
            self.notice(format!(
                "line {}: TM[{tm}] is less than {}'s time used before ({}); the move's time \
                 used is left out",
                p.line,
                player.name(),
                line.spent[k]
            ));
        }
        line.spent[k] = tm;
        line.lapsed[k] = false;
        // Every SGF game starts from the empty board, White first.
        let ply = self.tree.ply(node).unwrap_or(0) as u64;
        let moves = if player == Color::White {
            ply.div_ceil(2)
        } else {
            ply / 2
        };
        let left = self.control.as_ref().and_then(|c| c.left_after(tm, moves));
        let comment = clock::with_clock(self.tree.comment(node), MoveClock { left, used });
        let _ = self.tree.set_comment(node, comment.as_deref());
    }

    /// A line's subtree is read. The first main one to end is the main line's last.
    fn end(&mut self, line: SgfLine) {
        if let Some((at, _)) = line.waiting {
            self.notice(format!(
                "line {at}: a comment in a variation without moves is ignored"
            ));
        }
        if line.main && self.main.is_none() {
            if let Some(play) = line.play {
                if play.r.stopped() {
                    self.main_stop = Some(line.node);
                }
                self.main = Some(play.r);
            }
        }
    }
}

/// Two comments at one place, joined by a space (either may be empty).
fn join(old: Option<&str>, new: &str) -> String {
    match old.filter(|o| !o.is_empty()) {
        Some(o) if !new.is_empty() => format!("{o} {new}"),
        Some(o) => o.to_string(),
        None => new.to_string(),
    }
}

impl Actions {
    /// Replays one action of a player (`P0[…]`, `P1[…]`; other properties are not actions).
    fn act(&mut self, p: &Prop) {
        let Actions {
            r,
            origin,
            pending,
            pick_color,
            draw_talk,
            ended,
        } = self;
        let actor = match p.name.as_str() {
            "P0" => Color::White,
            "P1" => Color::Black,
            _ => return,
        };
        let words: Vec<&str> = p.value.split_whitespace().collect();
        let words = match words.first() {
            Some(w) if w.bytes().all(|b| b.is_ascii_digit()) => &words[1..],
            _ => &words[..],
        };
        let Some(cmd) = words.first().map(|w| w.to_ascii_lowercase()) else {
            return;
        };
        let args = &words[1..];
        let colour_word = |w: Option<&&str>| match w.map(|w| w.to_ascii_lowercase()) {
            Some(w) if w == "w" => Some(Color::White),
            Some(w) if w == "b" => Some(Color::Black),
            _ => None,
        };
        // Parses `<bug> <col> <row>` starting at args[i].
        let drop_at = |i: usize, hint: Option<Color>| -> Option<PendingMove> {
            let (c, bug, number) = bug_token(args.get(i)?)?;
            let cell = cell(args.get(i + 1)?, args.get(i + 2)?)?;
            Some(PendingMove {
                color: c.or(hint).unwrap_or(actor),
                colourless: c.is_none(),
                bug,
                number,
                cell,
                line: p.line,
                text: p.value.trim().to_string(),
            })
        };
        let mut commit = false;
        match cmd.as_str() {
            "pick" => {
                *pick_color = colour_word(args.first());
            }
            "pickb" => {
                *pick_color = args
                    .get(2)
                    .and_then(|t| bug_token(t))
                    .and_then(|(c, _, _)| c)
                    .or_else(|| {
                        let (c, rw) = cell(args.first()?, args.get(1)?)?;
                        let (c0, r0) = (*origin)?;
                        let top = r.pos.board().top(Hex::new(c - c0, -(rw - r0)))?;
                        Some(top.color())
                    });
            }
            "dropb" | "pdropb" => match drop_at(0, pick_color.or(Some(actor))) {
                Some(d) => *pending = Some(Act::Move(d)),
                None => r.fail(p.line, &p.value, ImportFault::UnreadableDrop),
            },
            "drop" => *pending = None,
            "move" | "pmove" | "movedone" | "pmovedone" => {
                match drop_at(1, colour_word(args.first()).or(Some(actor))) {
                    Some(d) => *pending = Some(Act::Move(d)),
                    None => r.fail(p.line, &p.value, ImportFault::UnreadableMove),
                }
                commit = cmd.ends_with("done");
            }
            "pass" => *pending = Some(Act::Pass),
            "passdone" => {
                *pending = Some(Act::Pass);
                commit = true;
            }
            "offerdraw" | "declinedraw" => *draw_talk = true,
            "acceptdraw" => {
                *draw_talk = true;
                r.rec.meta.result = Some(GameState::Draw);
            }
            "resign" => {
                let won = match actor {
                    Color::White => GameState::BlackWins,
                    Color::Black => GameState::WhiteWins,
                };
                r.rec.meta.result.get_or_insert(won);
                r.notice(format!("{} resigns", actor.name()));
                *ended = true;
                return;
            }
            "done" => {
                if pending.is_some() {
                    commit = true;
                } else if *draw_talk {
                    *draw_talk = false;
                } else if actor == r.pos.to_move() && r.pos.ply() > 0 {
                    *pending = Some(Act::Pass);
                    commit = true;
                }
            }
            _ => {}
        }
        if !commit {
            return;
        }
        *pick_color = None;
        match pending.take() {
            Some(Act::Pass) => {
                if r.pos.legal_moves() == [Move::Pass] {
                    r.play(p.line, "pass", Move::Pass);
                } else if cmd == "done" {
                    r.notice(format!(
                        "line {}: an empty Done is not a pass here (a move is possible); it is ignored",
                        p.line
                    ));
                } else {
                    r.play(p.line, "pass", Move::Pass);
                }
            }
            Some(Act::Move(d)) => {
                // Newer clients omit forced passes.
                if actor != r.pos.to_move() && r.pos.legal_moves() == [Move::Pass] {
                    r.notice(format!(
                        "line {}: a forced pass the record leaves out is played",
                        d.line
                    ));
                    r.play(d.line, "pass", Move::Pass);
                }
                let (c0, r0) = *origin.get_or_insert(d.cell);
                let to = Hex::new(d.cell.0 - c0, -(d.cell.1 - r0));
                let mv = candidates(&d)
                    .into_iter()
                    .map(|piece| (piece, r.move_to_preview(piece, to)))
                    .find(|(_, mv)| r.pos.is_legal(*mv))
                    .map(|(piece, _)| r.move_to(piece, to));
                match mv {
                    Some(mv) => {
                        r.note_token_piece(&d);
                        r.play(d.line, &d.text, mv);
                    }
                    None => {
                        let piece = candidates(&d).into_iter().next();
                        match piece {
                            Some(piece) => {
                                let mv = r.move_to(piece, to);
                                r.play(d.line, &d.text, mv);
                            }
                            None => r.fail(d.line, &d.text, ImportFault::NoSuchPiece),
                        }
                    }
                }
            }
            None => {}
        }
    }
}

/// The pieces a token may stand for: its colour (or the hint) first, then the other one
/// for colourless old tokens.
fn candidates(d: &PendingMove) -> Vec<Piece> {
    let colours = if d.colourless {
        vec![d.color, d.color.other()]
    } else {
        vec![d.color]
    };
    colours
        .into_iter()
        .filter_map(|c| Piece::new(c, d.bug, d.number))
        .collect()
}

/// The winner named in a result sentence, by looking for a player id in it (the sentence
/// itself is in the viewer's language). No id at all: a draw.
fn winner(re: &str, ids: &[Option<String>; 2]) -> Option<GameState> {
    if re.trim().is_empty() {
        return None;
    }
    let found: Vec<usize> = (0..2)
        .filter(|&k| ids[k].as_deref().is_some_and(|id| mentions(re, id)))
        .collect();
    let k = match found.as_slice() {
        [] => return Some(GameState::Draw),
        [k] => *k,
        _ => {
            // Both appear: one id contains the other; the longer one is meant.
            let len = |k: usize| ids[k].as_deref().map_or(0, str::len);
            if len(0) > len(1) {
                0
            } else {
                1
            }
        }
    };
    Some(if k == 0 {
        GameState::WhiteWins
    } else {
        GameState::BlackWins
    })
}

/// Whether `id` occurs in `text` as a whole word (`a` is not found in `draw`).
fn mentions(text: &str, id: &str) -> bool {
    if id.is_empty() {
        return false;
    }
    let word = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
    text.match_indices(id).any(|(i, _)| {
        !word(text[..i].chars().next_back()) && !word(text[i + id.len()..].chars().next())
    })
}

impl Replayer {
    /// The move a piece would make to `to`, without recording its name.
    fn move_to_preview(&self, written: Piece, to: Hex) -> Move {
        let mut probe = Replayer {
            pos: self.pos.clone(),
            rec: Record::new(self.rec.game_type, Format::Sgf),
            names: self.names,
            comments: Vec::new(),
            noted_unique_one: true,
            noted_old_dialect: true,
        };
        probe.move_to(written, to)
    }

    fn note_token_piece(&mut self, d: &PendingMove) {
        if d.colourless && !self.noted_old_dialect {
            self.noted_old_dialect = true;
            self.notice(
                "the record is in BoardSpace's old dialect (bug names without colour); \
                 colours are taken from the players' actions"
                    .into(),
            );
        }
    }
}
