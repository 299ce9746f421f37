//! Game trees with variations: the tree's operations and paths; reading variations,
//! comments and annotations from PGN, BoardSpace SGF and direction lists, writing them back,
//! and the main line agreeing with `import`.

use beeline::engine::piece::{Bug, GameType};
use beeline::engine::position::{GameState, Move, Rules};
use beeline::notation::direction::{DirectionMove, Style};
use beeline::record::detect::detect;
use beeline::record::export::{moves_in, to_direction_list, to_pgn, Export};
use beeline::record::tree::{Annotation, GameTree, NodeId, Path, TreeError};
use beeline::record::{import, movelist, pgn, Format, Record, RecordError};
use proptest::prelude::*;

/// The PGN reader's record and its tree.
fn import_tree(text: &str, rules: Rules) -> Result<(Record, GameTree), RecordError> {
    pgn::import(text, rules).map(|rec| {
        let tree = rec.tree.clone();
        (rec, tree)
    })
}

/// [`import_tree`] with format detection's rules (UHP's, for PGN).
fn import_pgn_tree(text: &str) -> Result<(Record, GameTree), RecordError> {
    import(text, Some(Format::Pgn)).map(|rec| {
        let tree = rec.tree.clone();
        (rec, tree)
    })
}

/// A record's PGN with another tree.
fn to_pgn_tree(rec: &Record, tree: &GameTree) -> String {
    let mut rec = rec.clone();
    rec.set_tree(tree.clone());
    to_pgn(&rec)
}

mod common;
use common::{data, random_game, shared_recordings};

/// The 31-ply reference game as a record and a one-line tree.
fn reference() -> (Record, GameTree) {
    let rec = import(&data("game.uhp"), None).unwrap();
    let tree = GameTree::from_moves(rec.game_type, rec.rules, &rec.moves).unwrap();
    (rec, tree)
}

/// A legal move after `node` other than the ones it already has.
fn other_move(tree: &GameTree, node: NodeId, k: usize) -> Move {
    let pos = tree.position_at(node).unwrap();
    let taken: Vec<Move> = tree
        .children(node)
        .iter()
        .filter_map(|&c| tree.mv(c))
        .collect();
    let free: Vec<Move> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| !taken.contains(m))
        .collect();
    free[k % free.len()]
}

/// Adds `n` moves after `node` (the first a new variation), returning the nodes.
fn add_line(tree: &mut GameTree, node: NodeId, n: usize, k: usize) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut cur = node;
    for i in 0..n {
        let mv = if i == 0 {
            other_move(tree, cur, k)
        } else {
            tree.position_at(cur).unwrap().legal_moves()[k + i]
        };
        cur = tree.add_move(cur, mv).unwrap();
        out.push(cur);
    }
    out
}

fn path(s: &str) -> Path {
    s.parse().unwrap()
}

/// The reference game with a 4-move variation replacing ply 12, a 2-move variation nested
/// at its 3rd move, and a second variation replacing ply 12.
fn branched() -> (Record, GameTree, Vec<NodeId>, Vec<NodeId>, Vec<NodeId>) {
    let (rec, mut tree) = reference();
    let main = tree.mainline_nodes();
    let v1 = add_line(&mut tree, main[10], 4, 0);
    let nested = add_line(&mut tree, v1[1], 2, 1);
    let v2 = add_line(&mut tree, main[10], 1, 2);
    let mut all = v1.clone();
    all.extend(&nested);
    all.extend(&v2);
    (rec, tree, v1, nested, all)
}

#[test]
fn from_moves_and_line_to() {
    let (rec, tree) = reference();
    assert_eq!(tree.mainline(), rec.moves);
    assert_eq!(tree.len(), 31);
    let main = tree.mainline_nodes();
    assert_eq!(tree.line_to(main[11]), rec.moves[..12]);
    assert_eq!(tree.line_to(tree.root()), Vec::<Move>::new());
    assert_eq!(tree.ply(main[11]), Some(12));
    assert_eq!(tree.parent(main[0]), Some(tree.root()));
    assert_eq!(tree.parent(tree.root()), None);
    let bad = GameTree::from_moves(rec.game_type, rec.rules, &[rec.moves[0], rec.moves[0]]);
    assert!(
        matches!(bad, Err(TreeError::Illegal { ply: 2, .. })),
        "{bad:?}"
    );
    let msg = bad.unwrap_err().to_string();
    assert!(msg.starts_with("move 2 is illegal here: "), "{msg}");
}

#[test]
fn adding_the_recorded_move_follows_it() {
    let (rec, mut tree) = reference();
    let main = tree.mainline_nodes();
    assert_eq!(tree.add_move(main[10], rec.moves[11]).unwrap(), main[11]);
    assert_eq!(tree.len(), 31);
    let alt = tree
        .add_move(main[10], other_move(&tree, main[10], 0))
        .unwrap();
    assert_eq!(tree.children(main[10]), [main[11], alt]);
    // An illegal move (the first placement again) is refused with the engine's reason.
    assert!(matches!(
        tree.add_move(alt, rec.moves[0]),
        Err(TreeError::Illegal { ply: 13, .. })
    ));
    assert_eq!(tree.len(), 32);
}

#[test]
fn paths_both_ways() {
    let (rec, tree, v1, nested, _) = branched();
    let main = tree.mainline_nodes();
    assert_eq!(tree.path(tree.root()).unwrap().to_string(), "0");
    assert_eq!(tree.path(main[11]).unwrap().to_string(), "12");
    assert_eq!(tree.path(main[30]).unwrap().to_string(), "31");
    assert_eq!(tree.path(v1[0]).unwrap().to_string(), "12.1.1");
    assert_eq!(tree.path(v1[2]).unwrap().to_string(), "12.1.3");
    assert_eq!(tree.path(nested[0]).unwrap().to_string(), "12.1.3.1.1");
    assert_eq!(tree.path(nested[1]).unwrap().to_string(), "12.1.3.1.2");
    let v2 = tree.children(main[10])[2];
    assert_eq!(tree.path(v2).unwrap().to_string(), "12.2.1");
    for n in tree.nodes() {
        let p = tree.path(n).unwrap();
        assert_eq!(tree.node_at(&p), Some(n), "{p}");
        assert_eq!(p.to_string().parse::<Path>().unwrap(), p);
    }
    assert_eq!(tree.node_at(&path("0")), Some(tree.root()));
    assert_eq!(tree.node_at(&path("32")), None);
    assert_eq!(tree.node_at(&path("12.3.1")), None);
    assert_eq!(tree.node_at(&path("12.1.5")), None);
    assert_eq!(tree.node_at(&path("11.1.1")), None);
    // The nested variation's line: the variation's first two moves, then its own.
    let mut line = rec.moves[..11].to_vec();
    line.extend([tree.mv(v1[0]).unwrap(), tree.mv(v1[1]).unwrap()]);
    line.extend(nested.iter().map(|&n| tree.mv(n).unwrap()));
    assert_eq!(tree.line_to(nested[1]), line);
}

#[test]
fn promote_and_make_main_line() {
    let (rec, mut tree, v1, nested, _) = branched();
    let main = tree.mainline_nodes();
    let v2 = tree.children(main[10])[2];
    tree.promote(v2).unwrap();
    assert_eq!(tree.children(main[10]), [main[11], v2, v1[0]]);
    tree.promote(v2).unwrap();
    assert_eq!(tree.children(main[10]), [v2, main[11], v1[0]]);
    assert_eq!(tree.mainline().len(), 12);
    // Promoting the main line's move does nothing.
    tree.promote(v2).unwrap();
    assert_eq!(tree.children(main[10]), [v2, main[11], v1[0]]);

    tree.make_main_line(nested[1]).unwrap();
    assert_eq!(tree.children(main[10]), [v1[0], v2, main[11]]);
    assert_eq!(tree.mainline(), tree.line_to(nested[1]));
    assert_eq!(tree.path(nested[1]).unwrap().to_string(), "15");
    assert_eq!(tree.path(main[11]).unwrap().to_string(), "12.2.1");
    assert_eq!(tree.path(v1[2]).unwrap().to_string(), "14.1.1");
    tree.make_main_line(main[30]).unwrap();
    assert_eq!(tree.mainline(), rec.moves);
}

#[test]
fn delete_a_branch() {
    let (rec, mut tree, v1, nested, _) = branched();
    assert_eq!(tree.len(), 31 + 4 + 2 + 1);
    tree.delete_from(v1[1]).unwrap();
    assert_eq!(tree.len(), 31 + 1 + 1);
    assert!(!tree.contains(nested[0]) && !tree.contains(v1[3]));
    assert_eq!(tree.children(v1[0]), []);
    assert_eq!(tree.path(v1[2]), None);
    assert_eq!(tree.delete_from(v1[1]), Err(TreeError::NoSuchNode));
    assert_eq!(tree.mainline(), rec.moves);
    tree.delete_from(tree.mainline_nodes()[0]).unwrap();
    assert!(tree.is_empty());
    assert_eq!(tree.len(), 0);
}

#[test]
fn pgn_round_trip_with_nested_variations_comments_and_annotations() {
    let (mut rec, mut tree, v1, nested, all) = branched();
    rec.meta.white = Some("alice".into());
    tree.set_comment(tree.root(), Some("A club game")).unwrap();
    let main = tree.mainline_nodes();
    for (i, a) in Annotation::ALL.into_iter().enumerate() {
        tree.set_annotation(main[i * 2], Some(a)).unwrap();
        tree.set_annotation(all[i], Some(a)).unwrap();
    }
    tree.set_comment(main[3], Some("solid (for now)")).unwrap();
    tree.set_comment(v1[0], Some("the idea")).unwrap();
    tree.set_comment(nested[1], Some("deep")).unwrap();
    assert_eq!(
        tree.set_annotation(tree.root(), Some(Annotation::Good)),
        Err(TreeError::Root)
    );

    let text = to_pgn_tree(&rec, &tree);
    assert!(text.contains("\n12. "), "{text}");
    assert!(text.contains("\n(12. "), "{text}");
    assert!(text.contains(" (14. "), "{text}");
    assert!(text.contains("1. wP $1\n"), "{text}");
    let (back_rec, back) = import_tree(&text, rec.rules).unwrap();
    assert_eq!(back, tree, "{text}");
    assert!(back.variation_errors().is_empty());
    assert_eq!(back_rec.moves, rec.moves);
    assert_eq!(back_rec.meta.white.as_deref(), Some("alice"));
    assert!(back_rec.error.is_none());
    let (r2, t2) = import_pgn_tree(&text).unwrap();
    assert_eq!(t2, tree);
    assert_eq!(r2.moves, tree.mainline());
}

/// The reference game's first 8 plies, written by hand with variations in every style.
const HAND: &str = "[GameType \"Base+MLP\"]
[White \"alice\"]

{A club game}
1. wP
2. bS1 \\wP! (2. bS1 wP- {east instead} 3. wM -wP (3... wQ -wP $5) 4. bA1 bS1-??)
(2... bM wP- ?! {a Mosquito})
3. wM wP\\ $1
4. bA1 -bS1 {solid} {for now}
5. wQ -wM!!
6. bQ bS1/ ?
7. wA1 wM/ $4 ( {instead} 7. wA1 -wQ !? )
8. bA1 /wQ $6

WhiteWins
";

#[test]
fn hand_written_variations() {
    let (rec, tree) = import_tree(HAND, Rules::uhp()).unwrap();
    assert!(
        tree.variation_errors().is_empty(),
        "{:?}",
        tree.variation_errors()
    );
    assert!(rec.error.is_none(), "{:?}", rec.error);
    let (reference, _) = reference();
    assert_eq!(rec.moves, reference.moves[..8]);
    assert_eq!(tree.mainline(), rec.moves);
    assert_eq!(tree.len(), 8 + 3 + 1 + 1 + 1);
    assert_eq!(tree.comment(tree.root()), Some("A club game"));
    let at = |s: &str| tree.node_at(&path(s)).unwrap();
    let ann = |s: &str| tree.annotation(at(s));
    assert_eq!(ann("2"), Some(Annotation::Good));
    assert_eq!(ann("3"), Some(Annotation::Good));
    assert_eq!(ann("5"), Some(Annotation::Brilliant));
    assert_eq!(ann("6"), Some(Annotation::Mistake));
    assert_eq!(ann("7"), Some(Annotation::Blunder));
    assert_eq!(ann("8"), Some(Annotation::Dubious));
    assert_eq!(ann("2.1.3"), Some(Annotation::Blunder));
    assert_eq!(ann("2.1.2.1.1"), Some(Annotation::Interesting));
    assert_eq!(ann("2.2.1"), Some(Annotation::Dubious));
    assert_eq!(ann("7.1.1"), Some(Annotation::Interesting));
    assert_eq!(tree.comment(at("2.1.1")), Some("east instead"));
    assert_eq!(tree.comment(at("2.2.1")), Some("a Mosquito"));
    assert_eq!(tree.comment(at("4")), Some("solid for now"));
    // A comment opening a variation goes to its first move.
    assert_eq!(tree.comment(at("7.1.1")), Some("instead"));
    assert_eq!(tree.path(at("2.1.3")).unwrap().to_string(), "2.1.3");
    assert_eq!(tree.ply(at("2.1.3")), Some(4));
    assert_eq!(rec.comment_at(0), Some("A club game"));
    assert_eq!(
        rec.result(),
        beeline::engine::position::GameState::WhiteWins
    );
    // Written and read again: the same tree.
    let text = to_pgn_tree(&rec, &tree);
    let (_, back) = import_tree(&text, Rules::uhp()).unwrap();
    assert_eq!(back, tree, "{text}");
}

#[test]
fn errors_stop_their_variation_only() {
    let text = "[GameType \"Base+MLP\"]

1. wP
2. bS1 \\wP (2. bS1 wP- 3. wQ wQ- 4. bA1 bS1- (4. bA1 -wQ)) (2. xyz) (2. bG1 wP/ {kept})
3. wM wP\\ ( 3. wM wP- 4. bA1 wM ) 4. bA1 -bS1
";
    let (rec, tree) = import_tree(text, Rules::uhp()).unwrap();
    assert!(rec.error.is_none(), "{:?}", rec.error);
    assert_eq!(rec.moves.len(), 4);
    assert_eq!(tree.mainline(), rec.moves);
    let errors = tree.variation_errors();
    assert_eq!(errors.len(), 3, "{errors:?}");
    assert_eq!(errors[0].line, 4);
    assert_eq!(errors[0].text, "wQ wQ-");
    assert_eq!(errors[1].text, "xyz");
    assert_eq!(errors[2].text, "bA1 wM");
    let at = |s: &str| tree.node_at(&path(s));
    // Each variation keeps its moves before the bad one.
    assert!(at("2.1.1").is_some() && at("2.1.2").is_none());
    assert_eq!(tree.comment(at("2.2.1").unwrap()), Some("kept"));
    assert!(at("3.1.1").is_some() && at("3.1.2").is_none());
    assert_eq!(tree.len(), 4 + 1 + 1 + 1);
    assert_eq!(
        rec.notices
            .iter()
            .filter(|n| n.contains("variation is read up to"))
            .count(),
        3,
        "{:?}",
        rec.notices
    );
    for e in errors {
        assert!(!e.to_string().contains('{'), "{e}");
    }
}

#[test]
fn main_line_errors_stop_the_import_as_before() {
    let text = "[GameType \"Base\"]\n\n1. wS1\n2. bS1 -wS1 (2. bA1 wS1-)\n3. wQ wS9-\n4. bQ -bS1\n";
    let (rec, tree) = import_tree(text, Rules::default()).unwrap();
    let plain_text = "[GameType \"Base\"]\n\n1. wS1\n2. bS1 -wS1\n3. wQ wS9-\n4. bQ -bS1\n";
    let plain = pgn::import(plain_text, Rules::default()).unwrap();
    assert_eq!(rec.moves, plain.moves);
    assert_eq!(rec.error, plain.error);
    assert!(rec.error.is_some());
    assert_eq!(tree.mainline(), rec.moves);
    assert_eq!(tree.len(), 3);
}

#[test]
fn odd_tokens_give_notices_not_errors() {
    let text = "[GameType \"Base\"]\n\n$1 (1. wG1) 1. wS1 $9 !!! 2. bS1 -wS1 ) (2. bA1 wS1- (\n";
    let (rec, tree) = import_tree(text, Rules::default()).unwrap();
    assert!(rec.error.is_none(), "{:?}", rec.error);
    assert_eq!(tree.mainline(), rec.moves);
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(tree.len(), 3);
    assert!(tree.annotation(tree.mainline_nodes()[0]).is_none());
    for part in [
        "'$1'",
        "before any move",
        "'$9'",
        "'!!!'",
        "closes no",
        "ends inside",
    ] {
        assert!(
            rec.notices.iter().any(|n| n.contains(part)),
            "{part}: {:?}",
            rec.notices
        );
    }
}

#[test]
fn a_variation_repeating_the_move_it_replaces_goes_on_from_it() {
    // The variation's first move is the main line's: it goes on from that move, and the
    // main line stays the main line.
    let text = "[GameType \"Base\"]\n\n1. wS1\n2. bS1 -wS1 (2. bS1 -wS1 3. wQ wS1/ {or the \
                Queen}) 3. wA1 wS1/\n4. bQ -bS1\n";
    let (rec, tree) = import_tree(text, Rules::default()).unwrap();
    assert!(rec.error.is_none(), "{:?}", rec.error);
    assert_eq!(rec.moves.len(), 4);
    assert_eq!(tree.mainline(), rec.moves);
    assert_eq!(tree.len(), 5);
    let alt = tree.node_at(&path("3.1.1")).unwrap();
    assert_eq!(tree.comment(alt), Some("or the Queen"));
    assert_eq!(tree.parent(alt), Some(tree.mainline_nodes()[1]));
    // Where the main line stops on an error, such a variation cannot go on in the tree.
    let stopped = "[GameType \"Base\"]\n\n1. wS1\n2. bS1 -wS1 (2. bS1 -wS1 3. wQ wS1/)\n\
                   3. wS9 wS1/\n";
    let (rec, tree) = import_tree(stopped, Rules::default()).unwrap();
    assert_eq!(rec.error.as_ref().map(|e| e.line), Some(5));
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(tree.mainline(), rec.moves);
    assert_eq!(tree.len(), 2);
    assert!(
        rec.notices.iter().any(|n| n.contains("after move 2")),
        "{:?}",
        rec.notices
    );
}

/// Every node's path, in the tree's order.
fn all_paths(tree: &GameTree) -> Vec<String> {
    tree.nodes()
        .into_iter()
        .map(|n| tree.path(n).unwrap().to_string())
        .collect()
}

#[test]
fn sgf_variations_and_comments() {
    let rec = import(&data("boardspace_variations.sgf"), None).unwrap();
    assert_eq!(rec.format, Format::Sgf);
    assert!(rec.error.is_none(), "{:?}", rec.error);
    // The main line is the first subtree after each sequence.
    let (reference, _) = reference();
    assert_eq!(rec.moves, reference.moves[..6]);
    assert_eq!(rec.meta.result, Some(GameState::WhiteWins));
    assert_eq!(rec.meta.white.as_deref(), Some("alice"));
    let tree = &rec.tree;
    assert_eq!(tree.mainline(), rec.moves);
    assert_eq!(
        all_paths(tree),
        [
            "1",
            "2",
            "3",
            "4",
            "5",
            "6",
            "3.1.1",
            "3.1.2",
            "3.1.3",
            "3.1.3.1.1",
            "2.1.1",
            "2.1.2",
            "2.2.1"
        ]
    );
    let at = |s: &str| tree.node_at(&path(s)).unwrap();
    let comment = |s: &str| tree.comment(at(s));
    assert_eq!(
        tree.comment(tree.root()),
        Some("A club game, with the lines we looked at afterwards")
    );
    assert_eq!(comment("1"), Some("the Pillbug first"));
    assert_eq!(comment("4"), Some("solid"));
    // A comment before a variation's first action goes to its first move.
    assert_eq!(comment("3.1.1"), Some("or the Mosquito east"));
    assert_eq!(comment("3.1.2"), Some("quiet"));
    assert_eq!(comment("2.1.1"), Some("bob's other idea"));
    assert_eq!(comment("2"), None);
    // The variation branches in the middle of a turn: the Mosquito dropped but not yet
    // confirmed is picked up and dropped elsewhere.
    let (main_m, alt_m) = (tree.mv(at("3")).unwrap(), tree.mv(at("3.1.1")).unwrap());
    assert_ne!(main_m, alt_m);
    for mv in [main_m, alt_m] {
        assert_eq!(mv.piece().map(|p| p.bug()), Some(Bug::Mosquito));
    }
    // An illegal move stops its variation only.
    let errors = tree.variation_errors();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].line, 42);
    assert_eq!(errors[0].text, "6 dropb wG1 N 13 .");
    assert_eq!(rec.notices.len(), 1, "{:?}", rec.notices);
    assert!(rec.notices[0].starts_with("line 42: '6 dropb wG1 N 13 .'"));
    // PGN writes the same tree.
    let back = pgn::import(&to_pgn(&rec), rec.rules).unwrap();
    assert_eq!(back.tree, rec.tree);
}

#[test]
fn sgf_variation_rules() {
    let head = "(;GM[27]SU[hive]P0[id \"ann\"]P1[id \"bob\"]\n; P0[1 dropb wS1 N 13 .]\n\
                ; P0[2 done]\n";
    let read = |body: &str| import(&format!("{head}{body}"), Some(Format::Sgf)).unwrap();
    // A resignation in a variation ends that line only: no result, no notice.
    let rec = read(
        "; P1[3 dropb bS1 O 13 wS1-]; P1[4 done]\n\
         (; P0[5 dropb wQ M 13 -wS1]; P0[6 done])\n\
         (; P0[5 resign]; P0[6 dropb wA1 M 13 -wS1]; P0[7 done]C[gg])\n)",
    );
    assert_eq!(rec.moves.len(), 3);
    assert_eq!(rec.tree.len(), 3);
    assert_eq!(rec.meta.result, None);
    assert!(rec.notices.iter().all(|n| !n.contains("resigns")));
    // …and its comment, with no move to go to, is told.
    assert_eq!(
        rec.notices,
        ["line 6: a comment in a variation without moves is ignored"]
    );
    // The main line stops on an error; a variation cannot go on from where it stops.
    let rec = read(
        "(; P1[3 dropb bS1 N 13 .]; P1[4 done])\n\
         (; P1[3 dropb bS1 O 13 wS1-]; P1[4 done])\n)",
    );
    assert_eq!(rec.error.as_ref().map(|e| e.line), Some(4));
    assert_eq!(rec.moves.len(), 1);
    assert_eq!(rec.tree.len(), 1);
    assert!(
        rec.notices[0].starts_with("line 5: a variation that would continue the main line"),
        "{:?}",
        rec.notices
    );
    // A variation left open is read as far as it goes.
    let rec =
        read("(; P1[3 dropb bS1 O 13 wS1-]; P1[4 done])(; P1[3 dropb bA1 M 13 -wS1]; P1[4 done]");
    assert_eq!(rec.tree.len(), 3);
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(rec.notices, ["the record ends inside a variation"]);
    // Absurd nesting is cut short, with a notice.
    let deep = format!("{}{})", "(;".repeat(1100), ")".repeat(1100));
    let rec = read(&deep);
    assert_eq!(rec.moves.len(), 1);
    assert!(
        rec.notices[0].contains("nested more than"),
        "{:?}",
        rec.notices
    );
}

#[test]
fn direction_list_with_variations() {
    let rec = import(&data("direction_variations.txt"), None).unwrap();
    assert_eq!(rec.format, Format::Direction);
    assert!(rec.error.is_none(), "{:?}", rec.error);
    assert!(rec.tree.variation_errors().is_empty());
    assert!(rec.notices.is_empty(), "{:?}", rec.notices);
    assert_eq!(rec.meta.black.as_deref(), Some("bob"));
    assert_eq!(
        moves_in::<DirectionMove>(&rec, Style::Unicode),
        ["P", "S", "M+Pm", "A+Sa", "Q+Ps", "Q+Sf", "A+Pr", "A×Qs", "M×Qf", "B+Aa"]
    );
    let tree = &rec.tree;
    assert_eq!(
        all_paths(tree),
        [
            "1",
            "2",
            "3",
            "4",
            "5",
            "6",
            "7",
            "8",
            "9",
            "10",
            "8.1.1",
            "8.2.1",
            "5.1.1",
            "5.1.2",
            "3.1.1",
            "3.1.2",
            "3.1.3",
            "3.1.2.1.1"
        ]
    );
    let at = |s: &str| tree.node_at(&path(s)).unwrap();
    assert_eq!(
        tree.comment(tree.root()),
        Some("Both sides open with an expansion bug.")
    );
    assert_eq!(tree.comment(at("3.1.1")), Some("east instead"));
    assert_eq!(tree.comment(at("4")), Some("solid"));
    // A comment may go on over several lines.
    assert_eq!(
        tree.comment(at("5.1.1")),
        Some("a Grasshopper first,\nkeeping the Queen back")
    );
    assert_eq!(tree.comment(at("8.1.1")), Some("the other side"));
    for (p, a) in [
        ("5", Annotation::Good),
        ("8", Annotation::Blunder),
        ("8.1.1", Annotation::Interesting),
        ("3.1.2.1.1", Annotation::Dubious),
    ] {
        assert_eq!(tree.annotation(at(p)), Some(a), "{p}");
    }
    // Written again, in either style: the same tree, and the same text from then on.
    for export in [Export::Direction, Export::DirectionAscii] {
        let text = export.text(&rec);
        let back = import(&text, None).unwrap();
        assert_eq!(back.format, Format::Direction);
        assert_eq!(&back.tree, tree, "{text}");
        assert_eq!(export.text(&back), text);
    }
    let text = Export::Direction.text(&rec);
    assert!(
        text.contains(
            "\n2. M+Pm (2. M+Ps {east instead} A+Sa (2... A+Sn?!) 3. Q+Mm) A+Sa {solid}\n"
        ),
        "{text}"
    );
    // Moves are written in canonical form (the list has `A×Qn` and `G+Sn`).
    assert!(text.contains("\n4. A+Pr A×Qs?? (4... Am!? {the other side}) (4... G+Qa)\n"));
}

#[test]
fn other_exports_write_the_main_line() {
    let rec = import(&data("direction_variations.txt"), None).unwrap();
    assert!(rec.tree.len() > rec.moves.len());
    for export in [
        Export::Uhp,
        Export::Standard,
        Export::AlgebraicShort,
        Export::AlgebraicLong,
        Export::AlgebraicCompressed,
    ] {
        let text = export.text(&rec);
        assert!(!text.contains('('), "{text}");
        let back = import(&text, None).unwrap();
        assert!(back.error.is_none(), "{:?}", back.error);
        assert_eq!(back.tree.len(), rec.moves.len(), "{}", export.key());
        assert_eq!(
            moves_in::<DirectionMove>(&back, Style::Unicode),
            moves_in::<DirectionMove>(&rec, Style::Unicode)
        );
    }
}

#[test]
fn a_list_without_game_type_holds_the_bugs_of_every_line() {
    // The main line uses base bugs only; a variation places a Mosquito.
    let rec = import("1. A G (1... M)\n2. Q+Am Q+Gn\n", Some(Format::Direction)).unwrap();
    assert!(rec.error.is_none(), "{:?}", rec.error);
    assert_eq!(rec.game_type.to_string(), "Base+M");
    assert_eq!(rec.tree.game_type(), rec.game_type);
    assert_eq!(rec.tree.len(), 5);
    let plain = import("1. A G\n2. Q+Am Q+Gn\n", Some(Format::Direction)).unwrap();
    assert_eq!(plain.game_type, GameType::BASE);
    assert_eq!(plain.tree.game_type(), GameType::BASE);
}

#[test]
fn detection_with_variations() {
    let pgn = data("variations.pgn");
    assert_eq!(detect(&pgn), Some(Format::Pgn));
    // Without its tags and result, a PGN body with variations, comments and annotations is
    // still PGN: one numbered ply per line once those are set aside.
    let body: String = pgn
        .lines()
        .filter(|l| !l.starts_with('[') && !l.contains("WhiteWins"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(detect(&body), Some(Format::Pgn));
    assert_eq!(
        detect(&data("boardspace_variations.sgf")),
        Some(Format::Sgf)
    );
    assert_eq!(
        detect(&data("direction_variations.txt")),
        Some(Format::Direction)
    );
    assert_eq!(
        detect("1. A G (1... M)\n2. Q+Am Q+Gn\n"),
        Some(Format::Direction)
    );
    // A comment before the first move does not hide what the moves are.
    assert_eq!(
        detect("{intro}\n1. wS1 bS1 -wS1\n2. wQ wS1/ bQ -bS1\n"),
        Some(Format::Standard)
    );
    assert_eq!(
        detect("{intro}\n1. wG @m0 bG n0\n"),
        Some(Format::Algebraic)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The records with variations, cut and garbled, never make a reader panic, and what is
    /// read keeps its main line in its tree.
    #[test]
    fn garbled_variation_records_never_panic(
        file in 0usize..3,
        edits in prop::collection::vec(
            (any::<usize>(), 0usize..12, prop::sample::select(&['(', ')', '{', '}', ';', '[', ']', ' ', '\n', 'x'][..])),
            1..8,
        ),
    ) {
        let name = ["variations.pgn", "boardspace_variations.sgf", "direction_variations.txt"][file];
        let mut chars: Vec<char> = data(name).chars().collect();
        for (at, len, c) in edits {
            let at = at % (chars.len() + 1);
            let end = (at + len).min(chars.len());
            chars.splice(at..end, [c]);
        }
        let text: String = chars.into_iter().collect();
        for f in [None, Some(Format::Pgn), Some(Format::Sgf), Some(Format::Direction)] {
            if let Ok(rec) = import(&text, f) {
                prop_assert_eq!(rec.tree.mainline(), rec.moves.clone());
                prop_assert_eq!(rec.position().ply(), rec.moves.len());
                for e in Export::RECORDS {
                    let _ = e.text(&rec);
                }
            }
        }
    }
}

#[test]
fn project_pgn_records_read_the_same_with_the_tree_reader() {
    for name in [
        "mzinga.pgn",
        "hivegame.pgn",
        "bga_numbering.pgn",
        "illegal_move.pgn",
        "queen_opening.pgn",
    ] {
        let text = data(name);
        let plain = import(&text, Some(Format::Pgn)).unwrap();
        let (rec, tree) = import_pgn_tree(&text).unwrap();
        assert_eq!(rec, plain, "{name}");
        assert_eq!(tree.mainline(), plain.moves, "{name}");
    }
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn shared_pgn_recordings_read_the_same_with_the_tree_reader() {
    let dir = shared_recordings();
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "pgn") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let plain = import(&text, Some(Format::Pgn)).unwrap();
        let (rec, tree) = import_pgn_tree(&text).unwrap();
        assert_eq!(tree.mainline(), plain.moves, "{}", path.display());
        assert_eq!(rec, plain, "{}", path.display());
        // Written with the tree writer and read again: the same tree.
        let (_, back) = import_tree(&to_pgn_tree(&rec, &tree), rec.rules).unwrap();
        assert_eq!(back, tree, "{}", path.display());
        n += 1;
    }
    assert!(n > 0, "no PGN recordings in {}", dir.display());
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn shared_sgf_recordings_are_trees_of_their_main_line() {
    let dir = shared_recordings();
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "sgf") {
            continue;
        }
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let rec = import(&text, Some(Format::Sgf)).unwrap();
        assert_eq!(rec.tree.mainline(), rec.moves, "{}", path.display());
        assert_eq!(rec.tree.len(), rec.moves.len(), "{}", path.display());
        assert!(rec.tree.variation_errors().is_empty());
        let back = pgn::import(&to_pgn(&rec), rec.rules).unwrap();
        assert_eq!(back.tree, rec.tree, "{}", path.display());
        n += 1;
    }
    assert!(n > 0, "no SGF recordings in {}", dir.display());
}

#[test]
fn absurd_nesting_is_cut_short() {
    for (text, format) in [
        (
            format!("[GameType \"Base\"]\n\n1. wS1 {}", "(1. wS1 ".repeat(1100)),
            Format::Pgn,
        ),
        (format!("1. S {}", "(1. S ".repeat(1100)), Format::Direction),
    ] {
        let rec = import(&text, Some(format)).unwrap();
        assert_eq!(rec.moves.len(), 1);
        assert!(
            rec.notices.iter().any(|n| n.contains("nested more than")),
            "{:?}",
            rec.notices
        );
    }
}

const COMMENTS: [&str; 4] = ["good idea", "a (b) ; c $1 !?", "x\ny", "  padded  "];

/// A branch to add to a random game: where (an index into the main line or, for nesting,
/// into every node), its moves (picks among the legal ones), and its annotation and comment.
type Branch = (usize, bool, Vec<u32>, u8);

fn branch() -> impl Strategy<Value = Branch> {
    (
        any::<usize>(),
        any::<bool>(),
        prop::collection::vec(any::<u32>(), 1..6),
        any::<u8>(),
    )
}

/// A random legal game of `picks` with random branches, comments and annotations.
fn random_tree(picks: &[u32], branches: Vec<Branch>) -> GameTree {
    let gt = GameType::MLP;
    let game = random_game(gt, picks);
    let mut tree = GameTree::from_moves(gt, Rules::default(), &game.moves()).unwrap();
    for (at, from_any, line, deco) in branches {
        // Branch from a node of the main line, or from any node for nesting.
        let mut pool = if from_any {
            tree.nodes()
        } else {
            tree.mainline_nodes()
        };
        pool.push(tree.root());
        let mut cur = pool[at % pool.len()];
        for p in line {
            let legal = tree.position_at(cur).unwrap().legal_moves();
            if legal.is_empty() {
                break;
            }
            cur = tree.add_move(cur, legal[p as usize % legal.len()]).unwrap();
            let a = Annotation::from_nag(deco % 8);
            tree.set_annotation(cur, a).unwrap();
            if deco % 3 == 0 {
                tree.set_comment(cur, Some(COMMENTS[(p % 4) as usize]))
                    .unwrap();
            }
        }
    }
    if picks.len() % 2 == 1 {
        tree.set_comment(tree.root(), Some("root")).unwrap();
    }
    tree
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random legal games with random branches, comments and annotations survive PGN.
    #[test]
    fn random_trees_round_trip(
        picks in prop::collection::vec(any::<u32>(), 0..40),
        branches in prop::collection::vec(branch(), 0..6),
    ) {
        let tree = random_tree(&picks, branches);
        let rec = Record::new(GameType::MLP, Format::Pgn);
        let text = to_pgn_tree(&rec, &tree);
        let (back_rec, back) = import_tree(&text, Rules::default()).unwrap();
        prop_assert_eq!(&back, &tree, "{}", text);
        prop_assert!(back_rec.error.is_none());
        prop_assert!(back.variation_errors().is_empty());
        prop_assert_eq!(back_rec.moves, tree.mainline());
    }

    /// Random trees through direction lists: the list reads back without errors, with the
    /// main line as written, and the tree it gives is written and read back to itself. (It
    /// may have fewer nodes than the random tree: the notation is canonical, so two
    /// alternatives that mirror each other are one move in it, whose lines join.)
    #[test]
    fn random_trees_round_trip_through_direction_lists(
        picks in prop::collection::vec(any::<u32>(), 0..40),
        branches in prop::collection::vec(branch(), 0..6),
        ascii in any::<bool>(),
    ) {
        let style = if ascii { Style::Ascii } else { Style::Unicode };
        let mut rec = Record::new(GameType::MLP, Format::Direction);
        rec.set_tree(random_tree(&picks, branches));
        let text = to_direction_list(&rec, style);
        let read = |text: &str| movelist::import(text, Format::Direction, Rules::default());
        let first = read(&text).unwrap();
        prop_assert!(first.error.is_none(), "{:?}\n{}", first.error, text);
        prop_assert!(first.tree.variation_errors().is_empty(), "{}", text);
        // A variation whose first move mirrors the main line's last one goes on from it.
        let main = moves_in::<DirectionMove>(&rec, style);
        let main_read = moves_in::<DirectionMove>(&first, style);
        prop_assert!(main_read.starts_with(&main), "{:?}\n{}", main_read, text);
        prop_assert!(first.tree.len() <= rec.tree.len());
        let again = to_direction_list(&first, style);
        let second = read(&again).unwrap();
        prop_assert_eq!(&second.tree, &first.tree, "{}", again);
        prop_assert_eq!(to_direction_list(&second, style), again);
    }
}

#[test]
fn the_documented_layout() {
    let (rec, tree) = import_tree(HAND, Rules::uhp()).unwrap();
    let text = to_pgn_tree(&rec, &tree);
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/RECORDS.md")).unwrap();
    let start = text.find("1. wP").unwrap();
    let end = text.find("\n4. ").unwrap();
    assert!(docs.contains(&text[start..end]), "{}", &text[start..end]);
}

/// The code block of RECORDS.md that starts with `first`.
fn documented(first: &str) -> String {
    let docs =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/RECORDS.md")).unwrap();
    let start = docs.find(first).unwrap_or_else(|| panic!("{first}"));
    let end = start + docs[start..].find("```").unwrap();
    // Blocks inside list items are indented.
    docs[start..end]
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn the_documented_sgf_and_direction_examples() {
    let sgf = import(&documented("(;GM[27]"), None).unwrap();
    assert_eq!(sgf.format, Format::Sgf);
    assert!(
        sgf.error.is_none() && sgf.notices.is_empty(),
        "{:?}",
        sgf.notices
    );
    assert_eq!((sgf.moves.len(), sgf.tree.len()), (2, 3));
    assert_eq!(
        sgf.tree.comment(sgf.tree.root()),
        Some("a game and its lines")
    );
    let alt = sgf.tree.node_at(&path("2.1.1")).unwrap();
    assert_eq!(sgf.tree.comment(alt), Some("or an Ant"));

    let list = documented("{Both sides");
    let dir = import(&list, None).unwrap();
    assert_eq!(dir.format, Format::Direction);
    assert!(dir.error.is_none(), "{:?}", dir.error);
    assert!(dir.tree.variation_errors().is_empty());
    // It is what the writer writes.
    let text = Export::Direction.text(&dir);
    assert!(text.ends_with(&list), "{text}");
}
