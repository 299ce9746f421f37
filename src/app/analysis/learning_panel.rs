//! The learning controls of the analysis panel (`#learn`, after a review): their markup's
//! bindings and what their buttons do, over the run of `mistakes`.

use super::elements::AnalysisControl;
use super::mistakes::{LearnRun, TryVerdict};
use super::practice;
use super::session::Session;
use crate::app::kit::{self, controls, Sink};
use crate::engine::position::Move;
use crate::record::tree::NodeId;
use crate::search::game_review::notate_line;

/// The learning controls: shown after a review of the main line, the run's status and
/// verdict, its buttons.
pub(super) fn bind_learn(s: Session, panel: &web_sys::Element) {
    use AnalysisControl as C;
    let find = |c| controls::element(panel, c);
    let (Some(button), Some(box_), Some(status), Some(solution), Some(skip)) = (
        find(C::Learn),
        find(C::LearnPanel),
        find(C::LearnStatus),
        find(C::LearnSolution),
        find(C::LearnSkip),
    ) else {
        return;
    };
    let parts = vec![
        (button.clone(), Sink::Attr("hidden")),
        (button, Sink::Attr("aria-expanded")),
        (box_, Sink::Attr("hidden")),
        (status.clone(), Sink::Text),
        (status, Sink::Attr("data-verdict")),
        (solution, Sink::Attr("disabled")),
        (skip.clone(), Sink::Attr("disabled")),
        (skip, Sink::Text),
    ];
    kit::bind_parts(
        parts,
        Box::new(move || {
            let reviewed = s.review.with(|r| {
                !r.running
                    && s.viewer
                        .study
                        .game
                        .with(|g| r.of_mainline(&g.tree().mainline()))
            });
            let open = s.learn_open.get();
            let run = s.learn.get();
            let coordinates = s.viewer.study.game.with(|g| g.record.coordinates);
            let status = match &run {
                None => "Choose the player whose mistakes to learn from.".to_string(),
                Some(r) => learn_status(s, r, coordinates),
            };
            let verdict = run
                .as_ref()
                .and_then(|r| r.verdict)
                .map(|(v, _)| v.name().to_string());
            let live = run.as_ref().is_some_and(|r| !r.is_done());
            let solved = run.as_ref().is_some_and(|r| r.solved());
            vec![
                (!reviewed).then(String::new),
                Some(open.to_string()),
                (!open || !reviewed).then(String::new),
                Some(status),
                verdict,
                (!live || solved).then(String::new),
                (!live).then(String::new),
                Some(if solved { "Next" } else { "Skip" }.to_string()),
            ]
        }),
    );
}

/// The run's status, its moves written as the study writes them.
fn learn_status(s: Session, r: &LearnRun, coordinates: crate::notation::Coordinates) -> String {
    let Some(item) = r.item() else {
        return r.status("", "", "");
    };
    let (start, line) = s.viewer.study.game.with(|g| {
        let tree = g.tree();
        (tree.start(), tree.mainline())
    });
    let before = &line[..item.ply.saturating_sub(1).min(line.len())];
    let name = |tail: &[Move], at: &[Move]| {
        notate_line(&start, at, tail, coordinates)
            .first()
            .map(|n| n.standard.clone())
            .unwrap_or_default()
    };
    let played = line
        .get(item.ply - 1)
        .map_or(String::new(), |m| name(&[*m], before));
    let best = item.best.map_or(String::new(), |m| name(&[m], before));
    let reply = match r.verdict {
        Some((TryVerdict::Refuted(Some(answer)), node)) => {
            let at = s.viewer.study.game.with(|g| {
                g.tree()
                    .position_at(node)
                    .map(|p| p.moves())
                    .unwrap_or_default()
            });
            name(&[answer], &at)
        }
        _ => String::new(),
    };
    r.status(&played, &best, &reply)
}

/// Whether the lines are hidden at `node`: the position of the mistake shown, until it is
/// solved (they would give the engine's answer away).
pub(super) fn hides_lines(s: Session, node: NodeId) -> bool {
    s.learn.with(|r| {
        r.as_ref()
            .is_some_and(|r| !r.solved() && r.item().is_some_and(|i| i.node == node))
    })
}

/// Judges a move tried at the mistake shown, once the live search of the position after it
/// is deep enough (run by the analysis's effect).
pub(super) fn judge_try(s: Session) {
    let Some(run) = s.learn.get() else {
        return;
    };
    let Some(item) = run.item() else {
        return;
    };
    let at = s.viewer.study.position.get();
    let tried = s.viewer.study.game.with(|g| {
        let tree = g.tree();
        (tree.parent(at.node) == Some(item.node))
            .then(|| tree.mv(at.node))
            .flatten()
    });
    // Judged once (a verdict written makes this effect run again).
    if tried.is_none() || run.verdict.is_some_and(|(_, n)| n == at.node) {
        return;
    }
    let Some(tried) = tried else {
        return;
    };
    let lines = s.lines.get().filter(|(node, _)| *node == at.node);
    let first = lines.as_ref().and_then(|(_, l)| l.first());
    if let Some(verdict) = run.judge(tried, first) {
        s.learn.update(|r| {
            if let Some(r) = r {
                r.record(verdict, at.node);
            }
        });
    }
}

/// Starts learning from `colour`'s mistakes in the review: the board goes to the first.
pub(super) fn start_learning(s: Session, colour: &str) {
    let player = practice::colour_named(colour);
    let (nodes, first) = s.viewer.study.game.with_untracked(|g| {
        let tree = g.tree();
        // The nodes after 0, 1, … moves: the root first.
        let nodes: Vec<NodeId> = std::iter::once(tree.root())
            .chain(tree.mainline_nodes())
            .collect();
        (nodes, tree.start().to_move())
    });
    let run = s
        .review
        .with_untracked(|r| LearnRun::new(player, &r.rows, &nodes, first));
    let node = run.item().map(|i| i.node);
    s.practice.set(None);
    s.threat.set(false);
    s.learn.set(Some(run));
    if let Some(node) = node {
        s.viewer.study.go_to(node);
    }
}

/// The solution of the mistake shown: the best move played from its position.
pub(super) fn show_solution(s: Session) {
    let Some(item) = s
        .learn
        .with_untracked(|r| r.as_ref().and_then(|r| r.item().cloned()))
    else {
        return;
    };
    let Some(best) = item.best else {
        return;
    };
    s.viewer.study.go_to(item.node);
    if s.viewer.play(best).is_ok() {
        let node = s.viewer.study.node_untracked();
        s.learn.update(|r| {
            if let Some(r) = r {
                r.record(TryVerdict::Shown, node);
            }
        });
    }
}

/// On to the next mistake (or the summary).
pub(super) fn next_mistake(s: Session) {
    s.learn.update(|r| {
        if let Some(r) = r {
            r.next();
        }
    });
    if let Some(node) = s
        .learn
        .with_untracked(|r| r.as_ref().and_then(|r| r.item().map(|i| i.node)))
    {
        s.viewer.study.go_to(node);
    }
}
