//! PGN-style records as Mzinga and hivegame.com write them: tag pairs, then one numbered ply
//! per line (`3. wQ wL-`), `{comments}`, and a result line; and as chess PGN has them, with
//! variations and annotations, read into the record's [`GameTree`].
//!
//! ```
//! use beeline::engine::position::{GameState, Rules};
//! use beeline::record::pgn;
//! let text = "[GameType \"Base\"]\n[Result \"0-1\"]\n\n1. wS1 {solid}\n2. bS1 -wS1\n\n0-1\n";
//! let rec = pgn::import(text, Rules::default()).unwrap();
//! assert_eq!(rec.moves.len(), 2);
//! assert_eq!(rec.meta.result, Some(GameState::BlackWins));
//! assert_eq!(rec.comment_at(1), Some("solid"));
//! ```

use super::drawing;
use super::tree::{Annotation, GameTree};
use super::{parse_result, Format, HeaderFault, Opening, Record, RecordError, Replayer};
use crate::engine::piece::GameType;
use crate::engine::position::{Position, Rules};

/// One `[Name "value"]` tag pair, if the line is one.
pub(crate) fn tag_pair(line: &str) -> Option<(&str, String)> {
    let inner = line.trim().strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim();
    let value = rest.strip_prefix('"')?.strip_suffix('"')?;
    // PGN escapes: \" and \\.
    let mut out = String::new();
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(n) = chars.next() {
                out.push(n);
            }
        } else {
            out.push(c);
        }
    }
    Some((name, out))
}

/// Strips a leading ply/turn number (`12.`, `12...`).
pub(crate) fn strip_number(s: &str) -> (Option<usize>, &str) {
    let t = s.trim_start();
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 || digits > 6 {
        return (None, t);
    }
    let rest = &t[digits..];
    let dots = rest.bytes().take_while(|&b| b == b'.').count();
    if dots == 0 {
        return (None, t);
    }
    (t[..digits].parse().ok(), rest[dots..].trim_start())
}

/// Reads the tag pairs: the record so far, and the 1-based line where the moves start (0
/// when there are none).
fn header(text: &str, rules: Rules) -> Result<(Record, usize), RecordError> {
    let mut game_type = None;
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut body_start = 0;
    for (line, l) in super::numbered_lines(text) {
        let t = l.trim();
        if t.is_empty() {
            continue;
        }
        match tag_pair(t) {
            Some((name, value)) => {
                if name.eq_ignore_ascii_case("GameType") {
                    let gt: GameType = value.parse().map_err(|e| RecordError::Header {
                        line,
                        fault: HeaderFault::GameType(e),
                    })?;
                    game_type = Some(gt);
                } else {
                    tags.push((name.to_string(), value));
                }
            }
            None => {
                body_start = line;
                break;
            }
        }
    }
    let mut rec = Record::new(game_type.unwrap_or(GameType::BASE), Format::Pgn);
    let position = tags
        .iter()
        .position(|(name, _)| name.eq_ignore_ascii_case("Position"))
        .map(|i| tags.remove(i).1);
    if game_type.is_none() && position.is_none() {
        rec.notices
            .push("the record names no GameType; it is read as Base".to_string());
    }
    rec.rules = rules;
    for (name, value) in &tags {
        rec.meta.set(name, value);
    }
    if let Some(text) = position {
        super::position::start_record(&mut rec, &text, game_type.is_some())?;
    }
    Ok((rec, body_start))
}

/// Deeper variations are skipped: each level keeps a position.
pub(crate) const MAX_NESTING: usize = 1000;

/// One token of a PGN body with variations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum PgnToken<'a> {
    /// `{…}`, or `;…`/`%…` to the end of the line.
    Comment(&'a str),
    Open,
    Close,
    /// `$n`, the digits (maybe none).
    Nag(&'a str),
    /// A run of `!` and `?` standing alone.
    Suffix(&'a str),
    /// `12.` or `12...`.
    Number,
    /// A word, with the `!`/`?` run glued to its end.
    Word(&'a str, &'a str),
}

/// Splits a PGN body into tokens, counting lines.
#[derive(Clone, Copy)]
struct Lexer<'a> {
    s: &'a str,
    i: usize,
    line: usize,
}

fn is_delimiter(b: u8) -> bool {
    b.is_ascii_whitespace() || matches!(b, b'{' | b'}' | b'(' | b')' | b';' | b'$')
}

impl<'a> Lexer<'a> {
    /// The next token and the line it starts on.
    fn next_token(&mut self) -> Option<(usize, PgnToken<'a>)> {
        let b = self.s.as_bytes();
        while self.i < b.len() && b[self.i].is_ascii_whitespace() {
            if b[self.i] == b'\n' {
                self.line += 1;
            }
            self.i += 1;
        }
        let start = self.i;
        let line = self.line;
        let c = *b.get(start)?;
        // Generic, not `&dyn Fn`: the predicate is inlined into the loop over the bytes.
        fn upto(b: &[u8], i: usize, pred: impl Fn(u8) -> bool) -> usize {
            let mut j = i;
            while j < b.len() && pred(b[j]) {
                j += 1;
            }
            j
        }
        let tok = match c {
            b'{' => {
                let end = upto(b, start + 1, |x| x != b'}');
                self.line += b[start..end].iter().filter(|&&x| x == b'\n').count();
                self.i = (end + 1).min(b.len());
                PgnToken::Comment(&self.s[start + 1..end])
            }
            b';' | b'%' => {
                let end = upto(b, start + 1, |x| x != b'\n');
                self.i = end;
                PgnToken::Comment(&self.s[start + 1..end])
            }
            b'(' | b')' | b'}' => {
                self.i = start + 1;
                // A stray `}` closes nothing; it reads as an empty comment.
                match c {
                    b'(' => PgnToken::Open,
                    b')' => PgnToken::Close,
                    _ => PgnToken::Comment(""),
                }
            }
            b'$' => {
                let end = upto(b, start + 1, |x| x.is_ascii_digit());
                self.i = end;
                PgnToken::Nag(&self.s[start + 1..end])
            }
            b'!' | b'?' => {
                let end = upto(b, start, |x| x == b'!' || x == b'?');
                self.i = end;
                PgnToken::Suffix(&self.s[start..end])
            }
            _ => {
                let end = upto(b, start, |x| !is_delimiter(x));
                let word = &self.s[start..end];
                let digits = word.bytes().take_while(u8::is_ascii_digit).count();
                let dots = word[digits..].bytes().take_while(|&x| x == b'.').count();
                if digits > 0 && dots > 0 {
                    // `12.wS1`: the number, then the rest as the next token.
                    self.i = start + digits + dots;
                    PgnToken::Number
                } else {
                    self.i = end;
                    let core = word.trim_end_matches(['!', '?']);
                    PgnToken::Word(core, &word[core.len()..])
                }
            }
        };
        Some((line, tok))
    }

    fn peek(&self) -> Option<PgnToken<'a>> {
        let mut copy = *self;
        copy.next_token().map(|(_, t)| t)
    }
}

/// A line being read: the main line (index 0) or a variation.
struct PgnLine {
    /// `None` once an error stopped the variation: its tokens are skipped up to its `)`.
    /// (Boxed: a position is large, and skipped lines may nest deep.)
    rep: Option<Box<Replayer>>,
    /// The tree node of the line's last move (where a variation starts: before its first).
    node: crate::record::tree::NodeId,
    /// The line's rank: the main line is 0, each variation ranks after the lines read
    /// before it (those it is nested in among them).
    rank: usize,
    /// Whether the line has a move yet (a comment before a variation's first move waits
    /// for it).
    started: bool,
    pending_comment: Option<String>,
}

fn join_comment(old: Option<&str>, new: &str) -> Option<String> {
    match old {
        Some(o) if !o.is_empty() => Some(format!("{o} {new}")),
        _ => Some(new.to_string()),
    }
}

/// Reads a PGN record with its variations: `Record::moves` is the main line and
/// `Record::tree` the whole game.
///
/// A `( … )` variation is an alternative to the move just before it, played from the
/// position before that move, and may nest. `{comments}` follow their move (before the
/// first move: the root's comment); a comment opening a variation goes to its first move.
/// `$1`..`$6` and the suffixes `!`, `?`, `!!`, `??`, `!?`, `?!` (glued to the move or
/// not) annotate the move before them. Move numbers are ignored wherever they are. A
/// variation whose first move is the move it replaces goes on from that move, as a
/// variation of the line it is in (that line's own next move stays first). An unreadable
/// or illegal move in a variation stops that variation only: the rest of it is skipped,
/// and the error is kept in [`GameTree::variation_errors`] and told in a notice. One on
/// the main line stops the import there, keeping the moves before it.
///
/// ```
/// use beeline::engine::position::Rules;
/// use beeline::record::pgn;
/// let text = "[GameType \"Base\"]\n\n1. wS1\n2. bS1 -wS1 $2 (2. bA1 wS1- {better}) 3. wQ wS1/\n";
/// let rec = pgn::import(text, Rules::default()).unwrap();
/// assert_eq!(rec.moves, rec.tree.mainline());
/// assert_eq!(rec.tree.len(), 4);
/// ```
pub fn import(text: &str, rules: Rules) -> Result<Record, RecordError> {
    let (rec, body_start) = header(text, rules)?;
    read_tree(rec, body_of(text, body_start), body_start, Format::Pgn)
}

/// The text from line `body_start` (numbered from 1) on: the body after the header, empty
/// when there is none (`body_start` 0).
fn body_of(text: &str, body_start: usize) -> &str {
    if body_start == 0 {
        return "";
    }
    let offset: usize = text
        .split_inclusive('\n')
        .take(body_start - 1)
        .map(str::len)
        .sum();
    &text[offset..]
}

/// [`super::import_opening`] for a PGN record: a header stating the result and a plain
/// body (move numbers and MoveStrings, result words), its moves paired as [`import`]
/// pairs them.
pub(crate) fn import_opening(
    text: &str,
    rules: Rules,
    plies: usize,
    each: &mut dyn FnMut(&Position),
) -> Option<Opening> {
    let (rec, body_start) = header(text, rules).ok()?;
    if rec.meta.result.is_none() || rec.tree.setup().is_some() || body_start == 0 {
        return None;
    }
    let body = body_of(text, body_start);
    // Comments, variations and annotations are left to `import`.
    if body.bytes().any(|b| {
        matches!(
            b,
            b'{' | b'}' | b'(' | b')' | b';' | b'%' | b'$' | b'!' | b'?'
        )
    }) {
        return None;
    }
    let game_type = rec.game_type;
    let mut r = Replayer::new(rec);
    each(&r.pos);
    let mut lex = Lexer {
        s: body,
        i: 0,
        line: body_start,
    };
    let mut n = 0;
    let mut pair = String::new();
    // One token looked ahead (not `peek`, which reads it twice).
    let mut next = lex.next_token();
    while let Some((_, tok)) = next {
        next = lex.next_token();
        let PgnToken::Word(word, _) = tok else {
            continue;
        };
        // The header states the result: result words are passed over.
        if word == "*" || parse_result(word).is_some() {
            continue;
        }
        let mut text = word;
        // Once a piece is down every MoveString but a pass names a reference.
        if n > 0 && !word.eq_ignore_ascii_case("pass") {
            if let Some((_, PgnToken::Word(second, _))) = next {
                if parse_result(second).is_none() && second != "*" {
                    next = lex.next_token();
                    pair.clear();
                    pair.push_str(word);
                    pair.push(' ');
                    pair.push_str(second);
                    text = &pair;
                }
            }
        }
        super::opening_move(&mut r, n, plies, game_type, text, each)?;
        n += 1;
    }
    super::opening_of(r, n)
}

/// Reads a body of moves with variations, comments and annotations as [`import`] does
/// into `rec` (its tree, its main line): UHP MoveStrings for [`Format::Pgn`], else one
/// word per move in the list's notation. `first_line` numbers the body's first line.
pub(crate) fn read_tree(
    rec: Record,
    body: &str,
    first_line: usize,
    format: Format,
) -> Result<Record, RecordError> {
    let mut tree = GameTree::from_position(rec.start());
    let main = Replayer::new(rec);
    let mut lines = vec![PgnLine {
        rep: Some(Box::new(main)),
        node: tree.root(),
        rank: 0,
        started: false,
        pending_comment: None,
    }];
    let mut notices: Vec<String> = Vec::new();
    let mut lex = Lexer {
        s: body,
        i: 0,
        line: first_line,
    };
    read_body(&mut lex, &mut lines, &mut tree, &mut notices, format);
    let mut main = lines
        .into_iter()
        .next()
        .and_then(|l| l.rep)
        .map(|rep| *rep)
        .ok_or(RecordError::Empty)?;
    if main.stopped() {
        // A variation that repeats the move it replaces goes on from it, maybe past the move
        // where the main line stops: there the tree stops too, as the record does.
        let n = main.rec.moves.len();
        let end = match n {
            0 => Some(tree.root()),
            _ => tree.mainline_nodes().get(n - 1).copied(),
        };
        let after = end.map(|e| tree.children(e).to_vec()).unwrap_or_default();
        if !after.is_empty() {
            notices.push(format!(
                "a variation going on after move {n}, where the main line stops, is dropped"
            ));
        }
        for c in after {
            let _ = tree.delete_from(c);
        }
    }
    for n in notices {
        main.notice(n);
    }
    let mut rec = main.finish();
    rec.set_tree(tree);
    Ok(rec)
}

fn read_body(
    lex: &mut Lexer,
    lines: &mut Vec<PgnLine>,
    tree: &mut GameTree,
    notices: &mut Vec<String>,
    format: Format,
) {
    // Each node's first-ranked line so far (by `NodeId::index`): where lines meet (a
    // variation that repeats the move it replaces goes on from it), that line's next move is
    // the main line.
    let mut owners: Vec<usize> = vec![0];
    let mut ranks = 0;
    while let Some((line_no, tok)) = lex.next_token() {
        let depth = lines.len() - 1;
        let Some(cur) = lines.last_mut() else { return };
        if depth == 0 && cur.rep.as_ref().is_none_or(|r| r.stopped()) {
            return;
        }
        match tok {
            PgnToken::Open => {
                // A variation replaces the line's last move: it starts before it.
                let node = cur.node;
                let rep = match (&cur.rep, tree.parent(cur.node)) {
                    (Some(_), _) if depth + 1 >= MAX_NESTING => {
                        notices.push(format!(
                            "variations nested more than {MAX_NESTING} deep are skipped"
                        ));
                        None
                    }
                    (Some(rep), Some(parent)) if cur.started => {
                        let mut rep = rep.clone();
                        rep.take_back();
                        Some((rep, parent))
                    }
                    (Some(_), _) => {
                        notices.push(format!(
                            "line {line_no}: a variation before any move is ignored"
                        ));
                        None
                    }
                    (None, _) => None,
                };
                let (rep, node) = match rep {
                    Some((rep, parent)) => (Some(rep), parent),
                    None => (None, node),
                };
                ranks += 1;
                lines.push(PgnLine {
                    rep,
                    node,
                    rank: ranks,
                    started: false,
                    pending_comment: None,
                });
            }
            PgnToken::Close => {
                if depth == 0 {
                    notices.push(format!(
                        "line {line_no}: a ')' closes no variation; it is ignored"
                    ));
                } else {
                    lines.pop();
                }
            }
            _ if cur.rep.is_none() => {}
            PgnToken::Comment(c) => {
                // Drawing commands kept in one spelling; malformed ones left out, told.
                let (c, problems) = drawing::tidy(c);
                for p in problems {
                    notices.push(format!("line {line_no}: {p}; it is ignored"));
                }
                let c = c.as_deref().unwrap_or("");
                if depth == 0 {
                    if let Some(rep) = cur.rep.as_mut() {
                        rep.comment(c);
                    }
                }
                if c.is_empty() {
                    continue;
                }
                if depth > 0 && !cur.started {
                    cur.pending_comment = join_comment(cur.pending_comment.as_deref(), c);
                } else {
                    let joined = join_comment(tree.comment(cur.node), c).unwrap_or_default();
                    let _ = tree.set_comment(cur.node, drawing::tidy(&joined).0.as_deref());
                }
            }
            PgnToken::Nag(digits) => {
                let nag = digits.parse::<u8>().ok().and_then(Annotation::from_nag);
                annotate(tree, cur, line_no, &format!("${digits}"), nag, notices);
            }
            PgnToken::Suffix(s) => {
                annotate(tree, cur, line_no, s, Annotation::from_symbol(s), notices);
            }
            PgnToken::Number => {}
            PgnToken::Word(word, suffix) => {
                if word == "*" || (parse_result(word).is_some() && suffix.is_empty()) {
                    if depth == 0 {
                        if let (Some(rep), Some(res)) = (cur.rep.as_mut(), parse_result(word)) {
                            if rep.rec.meta.result.is_none() {
                                rep.rec.meta.result = Some(res);
                            }
                        }
                    }
                    continue;
                }
                let mut text = word.to_string();
                let mut suffix = suffix;
                let empty = cur.rep.as_ref().is_none_or(|r| r.pos.board().is_empty());
                // Once a piece is down every MoveString but a pass names a reference.
                if format == Format::Pgn
                    && suffix.is_empty()
                    && !empty
                    && !word.eq_ignore_ascii_case("pass")
                {
                    if let Some(PgnToken::Word(second, s2)) = lex.peek() {
                        if parse_result(second).is_none() && second != "*" {
                            lex.next_token();
                            text = format!("{word} {second}");
                            suffix = s2;
                        }
                    }
                }
                play(tree, &mut owners, cur, line_no, &text, notices, format);
                if !suffix.is_empty() {
                    annotate(
                        tree,
                        cur,
                        line_no,
                        suffix,
                        Annotation::from_symbol(suffix),
                        notices,
                    );
                }
            }
        }
    }
    if lines.len() > 1 {
        notices.push("the record ends inside a variation".to_string());
    }
}

/// Plays a move's text on a line: on the main line stopping the import on an error, in a
/// variation stopping that variation.
fn play(
    tree: &mut GameTree,
    owners: &mut Vec<usize>,
    cur: &mut PgnLine,
    line_no: usize,
    text: &str,
    notices: &mut Vec<String>,
    format: Format,
) {
    let Some(rep) = cur.rep.as_mut() else { return };
    // A UHP move is resolved among the legal moves; the list readers' are checked on play.
    let read = match format {
        Format::Pgn => rep.uhp_move(text).map(|mv| (mv, true)),
        _ => super::movelist::read_move(format, rep, text).map(|mv| (mv, false)),
    };
    let played = match read {
        Ok((mv, true)) => {
            rep.play_resolved(mv);
            Some(mv)
        }
        Ok((mv, false)) => rep.play(line_no, text, mv).then_some(mv),
        Err(reason) => {
            rep.fail(line_no, text, reason);
            None
        }
    };
    match played {
        Some(mv) => {
            let parent = cur.node;
            cur.node = tree.push(parent, mv);
            owners.resize(tree.capacity(), usize::MAX);
            if owners.get(parent.index()) == Some(&cur.rank) {
                while tree.children(parent).first() != Some(&cur.node) {
                    if tree.promote(cur.node).is_err() {
                        break;
                    }
                }
            }
            if let Some(owner) = owners.get_mut(cur.node.index()) {
                *owner = (*owner).min(cur.rank);
            }
            cur.started = true;
            if let Some(c) = cur.pending_comment.take() {
                let joined = match tree.comment(cur.node) {
                    Some(old) => format!("{c} {old}"),
                    None => c,
                };
                // Words first, then the drawing (see `drawing::prose`).
                let _ = tree.set_comment(cur.node, drawing::tidy(&joined).0.as_deref());
            }
        }
        None if cur.rank > 0 => {
            if let Some(e) = rep.rec.error.take() {
                notices.push(format!("{e}; the variation is read up to that move"));
                tree.variation_errors.push(e);
            }
            cur.rep = None;
        }
        None => {}
    }
}

fn annotate(
    tree: &mut GameTree,
    cur: &PgnLine,
    line_no: usize,
    written: &str,
    annotation: Option<Annotation>,
    notices: &mut Vec<String>,
) {
    match annotation {
        Some(a) if cur.started => {
            let _ = tree.set_annotation(cur.node, Some(a));
        }
        _ => notices.push(format!(
            "line {line_no}: '{written}' is not an annotation of a move here (expected $1 to $6, \
             !, ?, !!, ??, !? or ?! after a move); it is ignored"
        )),
    }
}
