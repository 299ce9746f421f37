//! A review kept in the study: each judged move of the main line annotated (`?!`, `?`, `??`)
//! where it has no annotation yet, and the evaluation after each move written into its
//! comment as `[%eval 0.35]` (`[%eval #3]` for a forced win), as chess tools write it,
//! replacing one written before. The PGN export carries both.

use super::tree::{Annotation, GameTree, TreeError};

/// What a review says of the main line's position before its `ply`th move (the last note:
/// the position reached).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewNote {
    /// 1-based, as the review counts.
    pub ply: usize,
    /// The mark the move from here earned (`?!`, `?`, `??`), if any.
    pub mark: Option<&'static str>,
    /// Points from White's side.
    pub eval: f64,
    /// Plies to a forced end, positive when White wins.
    pub win_in: Option<i32>,
}

/// The `[%eval …]` value of a note: points, or `#n` / `#-n` for a forced win.
pub fn eval_value(note: &ReviewNote) -> String {
    match note.win_in {
        Some(w) if w > 0 => format!("#{w}"),
        Some(w) => format!("#-{}", -w),
        None => format!("{:.2}", note.eval),
    }
}

/// Writes a review into the tree's main line (see the module's text); notes for plies the
/// main line does not have are left out.
pub fn keep_review(tree: &mut GameTree, notes: &[ReviewNote]) -> Result<(), TreeError> {
    let nodes = tree.mainline_nodes();
    for (i, &node) in nodes.iter().enumerate() {
        let Some(note) = notes.iter().find(|r| r.ply == i + 1) else {
            continue;
        };
        if tree.annotation(node).is_none() {
            if let Some(a) = note.mark.and_then(Annotation::from_symbol) {
                tree.set_annotation(node, Some(a))?;
            }
        }
        // The evaluation of the position the move left: the next note's.
        let Some(after) = notes.iter().find(|r| r.ply == i + 2) else {
            continue;
        };
        let kept = without_eval(tree.comment(node).unwrap_or_default());
        let comment = format!("{kept} [%eval {}]", eval_value(after));
        tree.set_comment(node, Some(comment.trim()))?;
    }
    Ok(())
}

/// The value of a comment's `[%eval …]` command (`0.35`, `#3`), if it has one.
pub fn eval_in(comment: &str) -> Option<String> {
    let rest = &comment[comment.find("[%eval")? + 6..];
    let value = rest[..rest.find(']')?].trim();
    (!value.is_empty()).then(|| value.to_string())
}

/// A comment without its `[%eval …]` command.
pub fn without_eval(comment: &str) -> String {
    match comment.find("[%eval") {
        Some(i) => {
            let rest = &comment[i..];
            let end = rest.find(']').map_or(rest.len(), |e| e + 1);
            format!("{} {}", comment[..i].trim_end(), rest[end..].trim_start())
                .trim()
                .to_string()
        }
        None => comment.trim().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::import;

    #[test]
    fn an_evaluation_kept_replaces_the_one_before() {
        assert_eq!(without_eval("Nice [%eval 0.35] move"), "Nice move");
        assert_eq!(without_eval("[%eval #3]"), "");
        assert_eq!(without_eval("[%cal Gm0n1] words"), "[%cal Gm0n1] words");
        assert_eq!(without_eval("open [%eval 1"), "open");
    }

    fn note(ply: usize, mark: Option<&'static str>, eval: f64, win_in: Option<i32>) -> ReviewNote {
        ReviewNote {
            ply,
            mark,
            eval,
            win_in,
        }
    }

    #[test]
    fn a_review_annotates_the_judged_moves_and_writes_each_evaluation_after_its_move() {
        let rec = import(
            "Base;InProgress;White[3];wS1;bS1 wS1-;wQ -wS1;bQ bS1-",
            None,
        )
        .unwrap();
        let mut tree = rec.tree.clone();
        let nodes = tree.mainline_nodes();
        // The second move already has an annotation and the third a comment with an old
        // evaluation: the annotation stays, the evaluation is replaced.
        tree.set_annotation(nodes[1], Annotation::from_symbol("!"))
            .unwrap();
        tree.set_comment(nodes[2], Some("Queen out [%eval 9.99]"))
            .unwrap();
        let notes = [
            note(1, None, 0.0, None),
            note(2, Some("?"), 0.1, None),
            note(3, Some("??"), -0.5, None),
            note(4, None, 1.25, Some(7)),
            note(5, None, -3.0, Some(-2)),
            // A ply the main line does not have.
            note(9, Some("?"), 0.0, None),
        ];
        keep_review(&mut tree, &notes).unwrap();
        assert_eq!(tree.annotation(nodes[0]), None);
        assert_eq!(tree.annotation(nodes[1]), Annotation::from_symbol("!"));
        assert_eq!(tree.annotation(nodes[2]), Annotation::from_symbol("??"));
        assert_eq!(tree.comment(nodes[0]), Some("[%eval 0.10]"));
        assert_eq!(tree.comment(nodes[1]), Some("[%eval -0.50]"));
        assert_eq!(tree.comment(nodes[2]), Some("Queen out [%eval #7]"));
        assert_eq!(tree.comment(nodes[3]), Some("[%eval #-2]"));
        // Kept twice, it reads the same: nothing is written twice.
        let once = tree.clone();
        keep_review(&mut tree, &notes).unwrap();
        assert_eq!(
            (0..4).map(|i| tree.comment(nodes[i])).collect::<Vec<_>>(),
            (0..4).map(|i| once.comment(nodes[i])).collect::<Vec<_>>()
        );
    }
}
