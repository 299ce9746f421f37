//! Permalinks: exact round trips of whole game trees, size, old links that must keep
//! opening, and damaged links that must fail rather than show another game.

use beeline::engine::piece::GameType;
use beeline::engine::position::{GameState, Move, Position, Rules};
use beeline::notation::frame::Frame;
use beeline::notation::uhp::MoveString;
use beeline::notation::{Coordinates, Notation};
use beeline::record::permalink::{
    base64_decode, base64_encode, decode, encode, encode_ply, PermalinkError, MAX_COMMENT,
    MAX_FRAGMENT, MAX_MOVES,
};
use beeline::record::tree::{Annotation, GameTree, NodeId};
use beeline::record::{import, Format, Record};
use proptest::prelude::*;

mod common;
use common::{data, is_special, seeded_picks};

/// A long legal game: moves picked by a fixed pseudo-random sequence.
fn long_game(plies: usize, seed: u64) -> Record {
    let mut s = seed;
    'again: loop {
        let mut pos = Position::new(GameType::MLP);
        let mut moves = Vec::new();
        while moves.len() < plies {
            let legal = pos.legal_moves();
            if legal.is_empty() {
                continue 'again;
            }
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = legal[(s >> 33) as usize % legal.len()];
            pos.play(mv).unwrap();
            moves.push(mv);
        }
        let mut rec = Record::new(GameType::MLP, Format::Uhp);
        rec.set_tree(GameTree::from_moves(rec.game_type, rec.rules, &moves).unwrap());
        rec.meta.white = Some("Ånna Σ".into());
        rec.meta.black = Some("Bob".into());
        rec.meta.date = Some("2024.03.01".into());
        rec.meta.event = Some("Random".into());
        return rec;
    }
}

/// Plays one move per pick after `from` (until the game ends), as `common::random_game`
/// picks them: an odd pick among the special moves when there are any. Returns the nodes.
fn grow(tree: &mut GameTree, from: NodeId, picks: &[u32]) -> Vec<NodeId> {
    let mut pos = tree.position_at(from).unwrap();
    let mut cur = from;
    let mut out = Vec::new();
    for &p in picks {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let special: Vec<Move> = match p & 1 {
            1 => legal
                .iter()
                .copied()
                .filter(|m| is_special(&pos, m))
                .collect(),
            _ => Vec::new(),
        };
        let pool = if special.is_empty() { &legal } else { &special };
        let mv = pool[(p >> 1) as usize % pool.len()];
        pos.play(mv).unwrap();
        cur = tree.add_move(cur, mv).unwrap();
        out.push(cur);
    }
    out
}

/// A variation of `len` moves replacing `node` (a move), from seeded picks.
fn alternative(tree: &mut GameTree, node: NodeId, len: usize, seed: u64) -> Vec<NodeId> {
    let parent = tree.parent(node).unwrap();
    let picks = seeded_picks(seed, len + 20);
    // The first pick that is not `node`'s move starts the variation.
    for k in 0..20 {
        let first = grow(tree, parent, &picks[k..k + 1]);
        if first[0] != node {
            let mut nodes = first.clone();
            nodes.extend(grow(tree, first[0], &picks[k + 1..k + len]));
            return nodes;
        }
    }
    unreachable!("twenty picks all gave the same move")
}

/// A record with `tree`, its moves the main line.
fn record_with(tree: GameTree, format: Format) -> Record {
    let mut rec = Record::new(tree.game_type(), format);
    rec.rules = tree.rules();
    rec.set_tree(tree);
    rec
}

fn same(a: &Record, b: &Record) -> bool {
    a.tree == b.tree
        && a.moves == b.moves
        && a.meta.white == b.meta.white
        && a.meta.black == b.meta.black
        && a.meta.date == b.meta.date
        && a.meta.event == b.meta.event
        && a.meta.result == b.meta.result
        && a.game_type == b.game_type
        && a.rules == b.rules
        && a.coordinates == b.coordinates
        && a.format == b.format
}

/// The node's ply when it is on the main line.
fn main_ply(tree: &GameTree, node: NodeId) -> Option<usize> {
    let path = tree.path(node)?;
    path.variations.is_empty().then_some(path.plies)
}

/// Every move of the tree is legal where it stands, the main line is the record's moves and
/// the node shown is in the tree.
fn assert_legal(rec: &Record, node: NodeId) {
    let tree = &rec.tree;
    assert!(tree.contains(node));
    assert_eq!(rec.moves, tree.mainline());
    assert_eq!((tree.game_type(), tree.rules()), (rec.game_type, rec.rules));
    for n in tree.nodes() {
        let pos = tree.position_at(tree.parent(n).unwrap()).unwrap();
        assert!(pos.is_legal(tree.mv(n).unwrap()), "{:?}", tree.path(n));
    }
}

/// A link made of body bytes (the layout of the module docs) and their checksum.
fn seal(body: &[u8]) -> String {
    let sum = body.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    }) as u32;
    let mut bytes = body.to_vec();
    bytes.extend_from_slice(&sum.to_be_bytes());
    base64_encode(&bytes)
}

/// The body of a link (without its checksum).
fn unseal(link: &str) -> Vec<u8> {
    let mut bytes = base64_decode(link).unwrap();
    bytes.truncate(bytes.len() - 4);
    bytes
}

/// A study: a 100-ply game, three 10-ply variations (one nested in another) and ten
/// comments of 21 characters, shown inside the nested variation.
fn study(seed: u64) -> (Record, NodeId) {
    let mut rec = long_game(100, seed);
    let mut tree = rec.tree.clone();
    let main = tree.mainline_nodes();
    let a = alternative(&mut tree, main[19], 10, seed + 1);
    let b = alternative(&mut tree, main[49], 10, seed + 2);
    // The third replaces the 5th move of the second.
    let c = alternative(&mut tree, b[4], 10, seed + 3);
    assert_eq!((a.len(), b.len(), c.len()), (10, 10, 10));
    let commented = [
        main[0], main[9], main[19], main[60], main[99], a[0], a[9], b[3], c[0], c[5],
    ];
    for (k, &n) in commented.iter().enumerate() {
        tree.set_comment(n, Some(&format!("Comment number {k:>2}, ok")))
            .unwrap();
    }
    let shown = c[7];
    rec.set_tree(tree);
    (rec, shown)
}

#[test]
fn round_trips_keep_the_game_its_frame_and_metadata() {
    for name in [
        "game.uhp",
        "boardspace_modern.sgf",
        "direction_tables.md",
        "queen_opening.pgn",
    ] {
        let rec = import(&data(name), None).unwrap();
        for ply in [0, 1, rec.moves.len()] {
            let link = encode_ply(&rec, ply);
            let (back, node) = decode(&link).unwrap();
            assert!(same(&rec, &back), "{name}");
            assert_eq!(main_ply(&back.tree, node), Some(ply));
            assert_eq!(
                beeline::record::export::moves_in::<MoveString>(&back, ()),
                beeline::record::export::moves_in::<MoveString>(&rec, ()),
                "{name}: the standard notation must not change"
            );
        }
        // Past the end is the end.
        let (_, node) = decode(&encode_ply(&rec, 999)).unwrap();
        assert_eq!(main_ply(&rec.tree, node), Some(rec.moves.len()));
    }
    let canonical = import(&data("direction_tables.md"), None).unwrap();
    assert_eq!(
        decode(&encode_ply(&canonical, 3)).unwrap().0.coordinates,
        Coordinates::Canonical
    );
}

#[test]
fn a_hundred_ply_game_fits_in_200_characters() {
    for seed in 1..4 {
        let rec = long_game(100, seed);
        let link = encode_ply(&rec, 57);
        println!("100-ply game: {} characters", link.len());
        assert!(link.len() <= 200, "{}", link.len());
        let (back, node) = decode(&link).unwrap();
        assert!(same(&rec, &back));
        assert_eq!(main_ply(&back.tree, node), Some(57));
    }
}

#[test]
fn a_study_with_variations_and_comments_fits_in_600_characters() {
    for seed in 1..4 {
        let (rec, shown) = study(seed);
        let link = encode(&rec, shown);
        println!("study: {} characters", link.len());
        // The layout's promise is 2,000; the measure is 527 to 540.
        assert!(link.len() <= 600, "{}", link.len());
        let (back, node) = decode(&link).unwrap();
        assert!(same(&rec, &back));
        assert_eq!(back.tree.path(node), rec.tree.path(shown));
        assert_eq!(back.tree.path(node).unwrap().variations.len(), 2);
    }
}

#[test]
fn nested_variations_comments_and_annotations_round_trip() {
    let rec = import(&data("game.uhp"), None).unwrap();
    let mut tree = rec.tree.clone();
    let main = tree.mainline_nodes();
    let a = alternative(&mut tree, main[5], 6, 11);
    let b = alternative(&mut tree, a[2], 4, 12);
    let c = alternative(&mut tree, b[1], 3, 13);
    let d = alternative(&mut tree, main[5], 2, 14);
    let root = tree.root();
    tree.set_comment(root, Some("Before the first move: Ω ✓"))
        .unwrap();
    tree.set_comment(main[30], Some("the end\nof the game"))
        .unwrap();
    tree.set_comment(c[2], Some("日本語のコメント 🐝")).unwrap();
    for (n, a) in [a[0], b[3], c[1], d[1], main[0], main[30]]
        .into_iter()
        .zip(Annotation::ALL)
    {
        tree.set_annotation(n, Some(a)).unwrap();
    }
    let rec = record_with(tree, Format::Pgn);
    for shown in [root, main[0], main[30], a[5], b[3], c[2], d[0]] {
        let (back, node) = decode(&encode(&rec, shown)).unwrap();
        assert!(same(&rec, &back));
        assert_eq!(back.tree.path(node), rec.tree.path(shown));
        assert_eq!(
            back.tree.comment(back.tree.root()),
            Some("Before the first move: Ω ✓")
        );
    }
    assert_eq!(rec.tree.path(c[2]).unwrap().to_string(), "6.1.3.1.2.1.3");
    // A node the tree does not have (deleted, or of another tree) is shown as the root.
    let mut cut = rec.clone();
    cut.tree.delete_from(c[0]).unwrap();
    let (back, node) = decode(&encode(&cut, c[2])).unwrap();
    assert_eq!(node, back.tree.root());
    assert_eq!(back.tree.len(), rec.tree.len() - 3);
    let empty = Record::new(GameType::BASE, Format::Uhp);
    let (back, node) = decode(&encode(&empty, c[2])).unwrap();
    assert_eq!(node, back.tree.root());
}

#[test]
fn comments_are_cut_and_dropped_to_keep_links_openable() {
    let mut rec = long_game(100, 5);
    let mut tree = rec.tree.clone();
    let main = tree.mainline_nodes();
    // A comment past the limit is cut at a character boundary.
    tree.set_comment(main[0], Some(&"é".repeat(MAX_COMMENT)))
        .unwrap();
    rec.set_tree(tree.clone());
    let (back, _) = decode(&encode_ply(&rec, 0)).unwrap();
    assert_eq!(
        back.tree.comment(back.tree.mainline_nodes()[0]),
        Some(&*"é".repeat(MAX_COMMENT / 2))
    );
    // 100 comments of the longest size do not fit: the first ones are kept.
    for (k, &n) in main.iter().enumerate() {
        tree.set_comment(n, Some(&format!("{k:03}").repeat(MAX_COMMENT / 3)))
            .unwrap();
    }
    tree.set_annotation(main[99], Some(Annotation::Blunder))
        .unwrap();
    rec.set_tree(tree);
    let link = encode_ply(&rec, 100);
    assert!(
        link.len() <= MAX_FRAGMENT && link.len() > MAX_FRAGMENT - 2000,
        "{}",
        link.len()
    );
    let (back, node) = decode(&link).unwrap();
    assert_eq!(main_ply(&back.tree, node), Some(100));
    assert_eq!(back.moves, rec.moves);
    let kept = back.tree.mainline_nodes();
    let n = kept
        .iter()
        .take_while(|&&k| back.tree.comment(k).is_some())
        .count();
    assert!((40..100).contains(&n), "{n}");
    for (k, (&b, &a)) in kept.iter().zip(&main).enumerate() {
        let want = if k < n { rec.tree.comment(a) } else { None };
        assert_eq!(back.tree.comment(b), want, "{k}");
    }
    assert_eq!(back.tree.annotation(kept[99]), Some(Annotation::Blunder));
}

#[test]
fn moves_past_the_limit_are_left_out() {
    // Two Queens stepping back and forth: a legal game as long as wanted.
    let rules = Rules::default();
    let start = uhp_moves(
        GameType::BASE,
        rules,
        "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-",
    );
    let mut moves = start[..4].to_vec();
    while moves.len() < MAX_MOVES + 50 {
        moves.extend_from_slice(&start[4..]);
    }
    let mut rec = Record::new(GameType::BASE, Format::Uhp);
    rec.set_tree(GameTree::from_moves(GameType::BASE, rules, &moves).unwrap());
    let link = encode_ply(&rec, MAX_MOVES + 20);
    assert!(link.len() <= MAX_FRAGMENT, "{}", link.len());
    let (back, node) = decode(&link).unwrap();
    assert_eq!(back.moves, moves[..MAX_MOVES]);
    assert_eq!(main_ply(&back.tree, node), Some(MAX_MOVES));
}

#[test]
fn damaged_links_fail_or_give_the_identical_game() {
    let (rec, shown) = study(7);
    let link = encode(&rec, shown);
    let chars: Vec<char> = link.chars().collect();
    let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let mut errors = 0;
    for i in 0..chars.len() {
        for c in alphabet.chars().step_by(5).chain(['+', '/', '=', 'é']) {
            if c == chars[i] {
                continue;
            }
            let mut m = chars.clone();
            m[i] = c;
            let text: String = m.into_iter().collect();
            match decode(&text) {
                Err(_) => errors += 1,
                Ok((back, _)) => assert!(same(&rec, &back), "mutated at {i} to {c}"),
            }
        }
    }
    assert!(errors > 0);
    for n in 0..chars.len() {
        assert!(decode(&link[..n]).is_err(), "truncated to {n}");
    }
    // Appended data is refused too.
    assert!(decode(&format!("{link}A")).is_err());
    assert!(decode(&format!("{link}AA")).is_err());
}

/// The body of a version 2 link for Base with the tournament opening: `shown`, no names,
/// `notes` (already written) and the tree's bits (already packed).
fn base_body(shown: u8, notes: &[u8], bits: &[u8]) -> Vec<u8> {
    let mut body = vec![2, 8, 0, 0, shown, 0, 0, 0, 0, 0, 0];
    body.extend_from_slice(notes);
    body.extend_from_slice(bits);
    body
}

#[test]
fn each_damage_has_its_error() {
    use PermalinkError as E;
    let (rec, shown) = study(3);
    let link = encode(&rec, shown);
    let body = unseal(&link);
    assert_eq!(decode(""), Err(E::Empty));
    assert_eq!(decode(" # "), Err(E::Empty));
    assert_eq!(decode(&"A".repeat(MAX_FRAGMENT + 4)), Err(E::TooLong));
    assert_eq!(decode(&format!("{}.", &link[1..])), Err(E::Character('.')));
    assert_eq!(decode(&link[..link.len() - 4]), Err(E::Checksum));
    assert_eq!(decode(&format!("{link}A")), Err(E::Length));
    assert_eq!(decode("AB"), Err(E::Length));
    // A changed checksum, or a changed byte under the old one.
    let mut sum = base64_decode(&link).unwrap();
    let last = sum.len() - 1;
    sum[last] ^= 1;
    assert_eq!(decode(&base64_encode(&sum)), Err(E::Checksum));
    sum[last] ^= 1;
    sum[20] ^= 4;
    assert_eq!(decode(&base64_encode(&sum)), Err(E::Checksum));
    // Other versions, sealed with a right checksum.
    for v in [0, 3, 255] {
        let mut b = body.clone();
        b[0] = v;
        assert_eq!(decode(&seal(&b)), Err(E::Version(v)));
    }
    // Cut short, and sealed again: the content ends too early.
    for n in [1, 3, 10, 40, 60] {
        assert_eq!(decode(&seal(&body[..n])), Err(E::Truncated), "{n}");
    }
    assert_eq!(decode(&seal(&body[..body.len() - 20])), Err(E::Truncated));
    let mut b = body.clone();
    b.push(0);
    assert_eq!(decode(&seal(&b)), Err(E::Trailing));
    // Hand-made bodies. Base's first moves: wA1, wB1, wG1, wS1 (2 bits).
    // The root with no child (01), padded.
    assert!(decode(&seal(&base_body(0, &[0], &[0b0100_0000]))).is_ok());
    assert_eq!(
        decode(&seal(&base_body(1, &[0], &[0b0100_0000]))),
        Err(E::Shown)
    );
    assert_eq!(
        decode(&seal(&base_body(0, &[0], &[0b0110_0000]))),
        Err(E::Trailing)
    );
    assert_eq!(
        decode(&seal(&base_body(0, &[0], &[0b0100_0000, 0]))),
        Err(E::Trailing)
    );
    assert_eq!(decode(&seal(&base_body(0, &[0], &[]))), Err(E::Truncated));
    // Two children (000), both wA1 (00) with no child (01).
    let twins = [0b0000_0010, 0b0010_0000];
    assert_eq!(
        decode(&seal(&base_body(0, &[0], &twins))),
        Err(E::Duplicate(2))
    );
    // Without the tournament opening, 5 first moves (3 bits): index 7 is none of them.
    let mut b = base_body(0, &[0], &[0b1111_0000]);
    b[1] = 0;
    assert_eq!(decode(&seal(&b)), Err(E::BadMove(1)));
    // One move (1, 00, 01): notes on the root and the move, and wrong ones.
    let one = [0b1000_1000];
    let ok = |notes: &[u8]| decode(&seal(&base_body(1, notes, &one)));
    let (back, node) = ok(&[2, 8, 4, b'r', b'o', b'o', b't', 2]).unwrap();
    assert_eq!(back.tree.comment(back.tree.root()), Some("root"));
    assert_eq!(back.tree.annotation(node), Some(Annotation::Mistake));
    assert_eq!(ok(&[1, 1]), Err(E::Note), "an annotated root");
    assert_eq!(
        ok(&[1, 0x20 | 1]),
        Err(E::Note),
        "a note past the last node"
    );
    assert_eq!(ok(&[1, 0x10 | 7]), Err(E::Note), "NAG 7");
    assert_eq!(ok(&[1, 0x10]), Err(E::Note), "a note of nothing");
    assert_eq!(ok(&[1, 0x18, 0]), Err(E::Note), "an empty comment");
    assert_eq!(ok(&[1, 0x18, 2, 0xc3, 0x28]), Err(E::Text));
    assert_eq!(ok(&[1, 0x18, 0xe9, 0x07]), Err(E::TooLong));
    assert_eq!(ok(&[2, 0x11, 0x01]), Err(E::Note), "two notes on one node");
    // Names, format and result.
    let mut b = base_body(0, &[0], &[0b0100_0000]);
    b[5] = 1;
    b.insert(6, 0xff);
    assert_eq!(decode(&seal(&b)), Err(E::Text));
    let mut b = base_body(0, &[0], &[0b0100_0000]);
    b[2] = 7;
    assert_eq!(decode(&seal(&b)), Err(E::Header));
    b[2] = 0;
    b[3] = 6;
    assert_eq!(decode(&seal(&b)), Err(E::Header));
    // Too many moves: a root with more children than the limit, or a long version 1 line.
    let mut bits = vec![0b0011_1111];
    bits.extend(std::iter::repeat_n(0xff, MAX_MOVES / 8 + 1));
    assert_eq!(
        decode(&seal(&base_body(0, &[0], &bits))),
        Err(E::TooManyMoves)
    );
    assert_eq!(
        decode(&seal(&base_body(0, &[0x92, 0x4e], &[]))),
        Err(E::TooManyMoves)
    );
    let mut v1 = vec![1, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    v1.extend_from_slice(&[0x91, 0x4e]);
    assert_eq!(decode(&seal(&v1)), Err(E::TooManyMoves));
}

#[test]
#[ignore = "needs ../shared/fixtures (run with --ignored)"]
fn every_move_kind_survives() {
    // A Mzinga recording with passes and Pillbug throws.
    let path = common::shared_recordings().join("HV-Dumbot-Mormor51-2023-05-11-0957.sgf");
    let text = std::fs::read_to_string(&path).unwrap();
    let rec = import(&text, None).unwrap();
    assert!(rec.moves.contains(&Move::Pass));
    let (back, _) = decode(&encode_ply(&rec, 0)).unwrap();
    assert!(same(&rec, &back));
}

/// Comments with what a text field can hold: spaces, newlines, accents, other scripts.
fn comment() -> impl Strategy<Value = String> {
    "[a-z .,!?\n\t()éΣБ日🐝]{0,30}"
}

/// A random legal tree of a random game: a main line, then variations each from a node
/// picked among those so far, so that they nest; comments and annotations on picked nodes.
fn random_record(
    gt: (bool, bool, bool),
    rules: (bool, bool),
    seed: u64,
    main: usize,
    branches: &[(usize, usize)],
    notes: &[(usize, u8, String)],
    root_comment: &str,
) -> Record {
    let gt = GameType {
        mosquito: gt.0,
        ladybug: gt.1,
        pillbug: gt.2,
    };
    let rules = Rules {
        tournament_opening: rules.0,
        repetition_draw: rules.1,
    };
    let mut tree = GameTree::new(gt, rules);
    let root = tree.root();
    grow(&mut tree, root, &seeded_picks(seed, main));
    for (k, &(at, len)) in branches.iter().enumerate() {
        let mut pool = tree.nodes();
        pool.push(root);
        let from = pool[at % pool.len()];
        grow(
            &mut tree,
            from,
            &seeded_picks(seed ^ (k as u64 + 1) << 32, len),
        );
    }
    let nodes = tree.nodes();
    for (at, nag, text) in notes {
        if let Some(&n) = nodes.get(at % nodes.len().max(1)) {
            tree.set_annotation(n, Annotation::from_nag(nag % 7))
                .unwrap();
            tree.set_comment(n, Some(text)).unwrap();
        }
    }
    tree.set_comment(root, Some(root_comment)).unwrap();
    let format = Format::ALL[seed as usize % Format::ALL.len()];
    let mut rec = record_with(tree, format);
    rec.meta.white =
        Some(root_comment.chars().take(20).collect::<String>()).filter(|s| !s.is_empty());
    rec.meta.round = Some(format!("{seed}"));
    rec
}

/// A small study's link body, to mutate.
fn study_body() -> Vec<u8> {
    let rec = random_record(
        (true, true, true),
        (true, true),
        5,
        14,
        &[(3, 4), (20, 3), (7, 2)],
        &[
            (2, 1, "a".into()),
            (9, 0, "bé".into()),
            (15, 5, String::new()),
        ],
        "root",
    );
    let shown = rec.tree.nodes()[11];
    unseal(&encode(&rec, shown))
}

#[derive(Clone, Debug)]
enum Edit {
    Set(usize, u8),
    Insert(usize, u8),
    Remove(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Set(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Remove),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Random trees come back whole, shown at the same node.
    #[test]
    fn random_trees_round_trip(
        gt in any::<(bool, bool, bool)>(),
        rules in any::<(bool, bool)>(),
        seed in any::<u64>(),
        main in 0usize..70,
        branches in prop::collection::vec((any::<usize>(), 1usize..12), 0..7),
        notes in prop::collection::vec((any::<usize>(), any::<u8>(), comment()), 0..12),
        root_comment in comment(),
        shown in any::<usize>(),
    ) {
        let rec = random_record(gt, rules, seed, main, &branches, &notes, &root_comment);
        let mut nodes = rec.tree.nodes();
        nodes.push(rec.tree.root());
        let at = nodes[shown % nodes.len()];
        let link = encode(&rec, at);
        let (back, node) = decode(&link).unwrap();
        prop_assert!(same(&rec, &back), "{}", link);
        prop_assert_eq!(back.tree.path(node), rec.tree.path(at));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Arbitrary text never makes the decoder panic; what it accepts is a legal tree.
    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}", b64 in "[A-Za-z0-9_-]{0,300}") {
        for t in [text, b64] {
            if let Ok((rec, node)) = decode(&t) {
                assert_legal(&rec, node);
            }
        }
    }

    /// Links of both versions damaged under a right checksum (as a hostile link would be)
    /// fail with an error or give a legal tree.
    #[test]
    fn mutated_links_never_panic(old in any::<bool>(), edits in prop::collection::vec(edit(), 1..5)) {
        let mut body = if old { unseal(OLD_LINKS[6].link) } else { study_body() };
        for e in edits {
            match e {
                Edit::Set(i, b) => {
                    let n = body.len();
                    body[i % n] = b;
                }
                Edit::Insert(i, b) => body.insert(i % (body.len() + 1), b),
                Edit::Remove(i) => {
                    let n = body.len();
                    body.remove(i % n);
                }
            }
            if body.is_empty() {
                body.push(2);
            }
        }
        if let Ok((rec, node)) = decode(&seal(&body)) {
            assert_legal(&rec, node);
        }
    }
}

/// A link made by an earlier version of the encoder, and what it must open forever.
struct OldLink {
    link: &'static str,
    ply: usize,
    game_type: &'static str,
    /// Tournament opening, repetition draw.
    rules: (bool, bool),
    coordinates: Coordinates,
    format: Format,
    result: Option<GameState>,
    /// White, Black, Date, Event, Site, Round.
    meta: [Option<&'static str>; 6],
    /// UHP MoveStrings joined by ';' (any reference names the same move).
    moves: &'static str,
}

/// The 31 plies of `tests/data/records/game.uhp` (and of the other records of that game).
const GAME: &str = "wP;bS1 \\wP;wM wP\\;bA1 -bS1;wQ -wM;bQ bS1/;wA1 wM/;bA1 /wQ;wM bQ/;\
    bB1 -bA1;wA1 -bQ;bB1 bA1;wB1 wM-;bB1 wQ;wB1 wM\\;bA2 -bB1;wG1 wB1/;bA3 bB1\\;wG1 -wM;\
    bM \\bA2;wG2 \\wG1;bA1 \\wG2;wG3 wB1/;bA3 wG3/;wL \\wM;bM wL/;wA2 -wG1;bA2 wB1\\;wA2 -bM;\
    bA1 -wG2;wL -bA2";

const MLP: &str = "Base+MLP";

/// Version 1 links, made before version 2 existed.
const OLD_LINKS: [OldLink; 7] = [
    OldLink {
        link: "AS8AAAAAAAAAAAAfBgIQDAAEFjQtBSwlDRkpERYXMhgUOhZnFX8Lay9DVXG4oaY",
        ply: 0,
        game_type: MLP,
        rules: (true, true),
        coordinates: Coordinates::Record,
        format: Format::Uhp,
        result: None,
        meta: [None; 6],
        moves: GAME,
    },
    OldLink {
        link: "AS8AAB8AAAAAAAAfBgIQDAAEFjQtBSwlDRkpERYXMhgUOhZnFX8Lay9DVclzaQc",
        ply: 31,
        game_type: MLP,
        rules: (true, true),
        coordinates: Coordinates::Record,
        format: Format::Uhp,
        result: None,
        meta: [None; 6],
        moves: GAME,
    },
    OldLink {
        link: "AS8BBAUFYWxpY2UDYm9iAAZPbmxpbmUMaGl2ZWdhbWUuY29tATMfBgIQDAAEFjQtBSwlDRkpERYXMhgUOhZnFX8Lay9DVZPgXmc",
        ply: 5,
        game_type: MLP,
        rules: (true, true),
        coordinates: Coordinates::Record,
        format: Format::Pgn,
        result: Some(GameState::WhiteWins),
        meta: [Some("alice"), Some("bob"), None, Some("Online"), Some("hivegame.com"), Some("3")],
        moves: GAME,
    },
    OldLink {
        link: "AQ8CBAQFYWxpY2UDYm9iCjIwMjQuMDMuMDIAAAAfBgIQDAAEFjQtBSwlDRkpERYXMhgUOhZnFX8Lay9DVePFmCw",
        ply: 4,
        game_type: MLP,
        rules: (true, false),
        coordinates: Coordinates::Record,
        format: Format::Sgf,
        result: Some(GameState::WhiteWins),
        meta: [Some("alice"), Some("bob"), Some("2024.03.02"), None, None, None],
        moves: GAME,
    },
    // An old game with a Queen on the first turn: no tournament opening.
    OldLink {
        link: "ASABAAMDb2xkBXRpbWVyAAAAAAQABQkL-IUbrw",
        ply: 3,
        game_type: "Base",
        rules: (false, true),
        coordinates: Coordinates::Record,
        format: Format::Pgn,
        result: None,
        meta: [Some("old"), Some("timer"), None, None, None, None],
        moves: "wQ;bQ wQ-;wA1 -wQ;bA1 bQ-",
    },
    // A draw by threefold repetition: the rule must come back with the game.
    OldLink {
        link: "ASgAAAwAAAAAAAAMAAUAAhUVFBUVFRQVKtYx0Q",
        ply: 12,
        game_type: "Base",
        rules: (true, true),
        coordinates: Coordinates::Record,
        format: Format::Uhp,
        result: None,
        meta: [None; 6],
        moves: "wS1;bS1 wS1-;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;wQ -wS1;bQ bS1-;wQ \\wS1;bQ bS1/;\
            wQ -wS1;bQ bS1-",
    },
    // A direction-notation game (canonical coordinates) with unicode player names.
    OldLink {
        link: "AR8EAAcIw4VubmEgzqMJ0JFvYiDwn5CdCjIwMjQuMDMuMDEKQ2x1YiBuaWdodAAAHwYFDwwDAhc1LwcvJAoZKBMUFDMbGkIUYReBDmIzS05uUoK5",
        ply: 7,
        game_type: MLP,
        rules: (true, false),
        coordinates: Coordinates::Canonical,
        format: Format::Direction,
        result: None,
        meta: [Some("Ånna Σ"), Some("Бob 🐝"), Some("2024.03.01"), Some("Club night"), None, None],
        moves: "wP;bS1 wP-;wM -wP;bA1 bS1\\;wQ /wP;bQ bS1/;wA1 \\wP;bA1 /wQ;wM bQ/;bB1 bA1\\;\
            wA1 bQ\\;bB1 bA1;wB1 \\wM;bB1 wQ;wB1 \\bQ;bA2 bB1\\;wG1 \\wM;bA3 -bB1;wG1 bQ-;\
            bM bA2-;wG2 wG1-;bA1 wG2-;wG3 \\wM;bA3 wG3/;wL wM-;bM wL/;wA2 wA1-;bA2 -wB1;\
            wA2 bM\\;bA1 wG2\\;wL -bQ",
    },
];

/// UHP MoveStrings replayed from the empty board, in engine coordinates.
fn uhp_moves(gt: GameType, rules: Rules, moves: &str) -> Vec<Move> {
    let mut pos = Position::with_rules(gt, rules);
    moves
        .split(';')
        .map(|s| {
            let ms: MoveString = s.trim().parse().unwrap();
            let mv = ms.to_move(&pos, &Frame::ENGINE).unwrap();
            pos.play(mv).unwrap();
            mv
        })
        .collect()
}

#[test]
fn old_links_open_the_same_game_at_the_same_move() {
    for old in OLD_LINKS {
        let (rec, node) = decode(old.link).unwrap();
        let what = old.link;
        assert_eq!(main_ply(&rec.tree, node), Some(old.ply), "{what}");
        assert_eq!(rec.game_type, old.game_type.parse().unwrap(), "{what}");
        assert_eq!(
            (rec.rules.tournament_opening, rec.rules.repetition_draw),
            old.rules,
            "{what}"
        );
        assert_eq!(rec.coordinates, old.coordinates, "{what}");
        assert_eq!(rec.format, old.format, "{what}");
        assert_eq!(rec.meta.result, old.result, "{what}");
        let m = &rec.meta;
        let meta = [&m.white, &m.black, &m.date, &m.event, &m.site, &m.round].map(|s| s.as_deref());
        assert_eq!(meta, old.meta, "{what}");
        assert_eq!(
            rec.moves,
            uhp_moves(rec.game_type, rec.rules, old.moves),
            "{what}"
        );
        assert_eq!(
            rec.tree.len(),
            rec.moves.len(),
            "{what}: the main line alone"
        );
        // Written again, as version 2: the same record at the same move.
        let (again, at) = decode(&encode(&rec, node)).unwrap();
        assert!(same(&rec, &again), "{what}");
        assert_eq!(main_ply(&again.tree, at), Some(old.ply), "{what}");
    }
    assert!(decode(OLD_LINKS[5].link).unwrap().0.drawn_by_repetition());
}
