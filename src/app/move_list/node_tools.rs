//! Working on the chosen move of a study: its annotation and comment, and its place in the
//! game tree (promote the variation, make it the main line, delete from here), with undo.
//!
//! The controls are static markup with one delegated handler and effects that set what can
//! be used, rather than a reactive attribute per control.

use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::{self, controls, dom, services, Markup, Var};
use crate::app::model::viewer::Viewer;
use crate::record::drawing;
use crate::record::tree::{Annotation, GameTree, NodeId};
use leptos::html;
use leptos::prelude::*;

/// What the controls show for the chosen node.
#[derive(Clone, Debug, Default, PartialEq)]
struct NodeState {
    at_root: bool,
    /// Not its parent's first child: it can be promoted.
    variation: bool,
    /// Off the main line: its line can become the main line.
    off_main_line: bool,
    can_undo: bool,
    can_redo: bool,
    annotation: Option<Annotation>,
}

fn node_state(tree: &GameTree, n: NodeId, can_undo: bool, can_redo: bool) -> NodeState {
    let is_first = |c: NodeId| {
        tree.parent(c)
            .is_none_or(|p| tree.children(p).first() == Some(&c))
    };
    let mut off_main_line = false;
    let mut cur = n;
    while let Some(p) = tree.parent(cur) {
        off_main_line |= !is_first(cur);
        cur = p;
    }
    NodeState {
        at_root: n == tree.root(),
        variation: !is_first(n),
        off_main_line,
        can_undo,
        can_redo,
        annotation: tree.annotation(n),
    }
}

crate::controls! {
    /// The tools' elements.
    pub(crate) enum NodeTool {
        Annotation = "annotation",
        Promote = "promote",
        MakeMainLine = "make-main-line",
        DeleteFrom = "delete-from",
        Undo = "undo",
        Redo = "redo",
        Comment = "comment-input",
    }
}

/// The panel's markup, its ids from [`NodeTool`].
fn markup() -> String {
    Markup::new()
        .raw(r#"<div class="node-buttons" role="group" aria-label="Variations">"#)
        .raw(r#"<label for="annotation">Mark</label>"#)
        .control("select", NodeTool::Annotation, concat!(
            r#" title="Annotate the move: good, mistake, brilliant, blunder, interesting, dubious">"#,
            r#"<option value="">—</option><option value="!">! good</option><option value="?">? mistake</option>"#,
            r#"<option value="!!">!! brilliant</option><option value="??">?? blunder</option>"#,
            r#"<option value="!?">!? interesting</option><option value="?!">?! dubious</option></select>"#,
        ))
        .raw(r#"<button type="button""#)
        .id(NodeTool::Promote)
        .raw(r#" title="Move this variation one place up among its alternatives">Promote</button>"#)
        .raw(r#"<button type="button""#)
        .id(NodeTool::MakeMainLine)
        .raw(r#" title="Make the line through this move the main line">Make main line</button>"#)
        .raw(r#"<button type="button""#)
        .id(NodeTool::DeleteFrom)
        .raw(r#" title="Delete this move and every move after it">Delete from here</button>"#)
        .raw(r#"<button type="button""#)
        .id(NodeTool::Undo)
        .raw(r#" title="Undo the last change (Ctrl+Z)" aria-keyshortcuts="Control+Z">Undo</button>"#)
        .raw(r#"<button type="button""#)
        .id(NodeTool::Redo)
        .raw(r#" title="Redo the change undone (Ctrl+Y, Ctrl+Shift+Z)" aria-keyshortcuts="Control+Y Control+Shift+Z">Redo</button>"#)
        .raw("</div>")
        .raw(r#"<label for="comment-input" class="comment-label">Comment</label>"#)
        .control("textarea", NodeTool::Comment, r#" rows="2" placeholder="A comment on the chosen move"></textarea>"#)
        .raw(r#"<p class="status" role="status"></p>"#)
        .done()
}

/// The controls: static markup, set by one effect, with their events delegated (see
/// `controls` for why).
#[component]
pub fn NodeTools(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<html::Section>::new();
    let status = Var::new(String::new());
    let state = kit::memo(Box::new(move |_| {
        let n = viewer.study.node();
        let (undo, redo) = (viewer.study.can_undo(), viewer.study.can_redo());
        viewer
            .study
            .game
            .with(|g| node_state(g.tree(), n, undo, redo))
    }));
    let comment = move || {
        let n = viewer.study.node();
        viewer
            .study
            .game
            .with(|g| g.tree().comment_words(n).unwrap_or_default())
    };

    kit::on_mount(
        root,
        Box::new(move |root| {
            // What can be used, and the chosen node's annotation, comment and the last report.
            let found = root.clone();
            kit::watch(Box::new(move || {
                let s = state.get();
                for (tool, disabled) in [
                    (NodeTool::Annotation, s.at_root),
                    (NodeTool::Promote, !s.variation),
                    (NodeTool::MakeMainLine, !s.off_main_line),
                    (NodeTool::DeleteFrom, s.at_root),
                    (NodeTool::Undo, !s.can_undo),
                    (NodeTool::Redo, !s.can_redo),
                ] {
                    if let Some(el) = controls::element(&found, tool) {
                        dom::set_flag(&el, "disabled", disabled);
                    }
                }
                if let Some(select) = controls::element(&found, NodeTool::Annotation) {
                    dom::set_value(&select, s.annotation.map_or("", Annotation::symbol));
                }
            }));
            // The comment box, written only when it reads otherwise (most steps pass from one
            // move without a comment to another, and a written value costs a step its share).
            let area = controls::element(&root, NodeTool::Comment);
            kit::watch(Box::new(move || {
                let text = comment();
                if let Some(area) = area.as_ref().filter(|a| dom::value_of(a) != text) {
                    dom::set_value(area, &text);
                }
            }));
            let found = root.clone();
            kit::watch(Box::new(move || {
                let text = status.get();
                if let Some(p) = dom::find(&found, ".status") {
                    dom::set_text(&p, &text);
                }
            }));

            // The edits are made by code loaded on first use (`node_tool_in_chunk`); undoing one needs
            // none.
            controls::listen(&root, &["click", "change"], move |tool: NodeTool, e, el| {
                let value = match (tool, e.type_().as_str()) {
                    (NodeTool::Undo, "click") => {
                        viewer.study.undo();
                        return;
                    }
                    (NodeTool::Redo, "click") => {
                        viewer.study.redo();
                        return;
                    }
                    (
                        NodeTool::Promote | NodeTool::MakeMainLine | NodeTool::DeleteFrom,
                        "click",
                    ) => String::new(),
                    (NodeTool::Annotation | NodeTool::Comment, "change") => dom::value_of(el),
                    _ => return,
                };
                let node = viewer.study.node_untracked();
                services::spawn(async move {
                    match node_tool_in_chunk(viewer, node, tool, value).await {
                        Ok(Some(report)) => status.set(report),
                        Ok(None) => {}
                        Err(e) => status.set(format!("Not done: {e}.")),
                    }
                });
            });
        }),
    );

    view! { <section class="node-tools" aria-label="This move" node_ref=root inner_html=markup()></section> }
}

/// [`act`], in the chunk of the panels' actions: editing the tree (promoting, deleting,
/// annotating, commenting) is needed only once someone edits.
#[wasm_split(panels, fallible)]
fn node_tool_in_chunk(
    viewer: Viewer,
    node: NodeId,
    tool: NodeTool,
    value: String,
) -> Result<Option<String>, Unavailable> {
    Ok(act(viewer, node, tool, &value))
}

/// What a tool does to `node` (`value`: the control's value, for the annotation and the
/// comment): the report to show (empty when done), or `None` when there was nothing to do.
/// The code that edits loads on first use, so the board may have left `node` meanwhile: a
/// comment or an annotation still goes to the node it was written for, a button acts only
/// on the node shown.
fn act(viewer: Viewer, node: NodeId, tool: NodeTool, value: &str) -> Option<String> {
    let current = |f: &dyn Fn(&GameTree) -> bool| viewer.study.game.with_untracked(|g| f(g.tree()));
    let here = viewer.study.node_untracked() == node;
    let done = match tool {
        NodeTool::Promote if here => viewer.study.edit(|t, n| t.promote(n).map(|()| n)),
        NodeTool::MakeMainLine if here => viewer.study.edit(|t, n| t.make_main_line(n).map(|()| n)),
        NodeTool::DeleteFrom if here => viewer.study.edit(|t, n| {
            let parent = t.parent(n);
            t.delete_from(n)?;
            Ok(parent.unwrap_or(t.root()))
        }),
        NodeTool::Promote
        | NodeTool::MakeMainLine
        | NodeTool::DeleteFrom
        | NodeTool::Undo
        | NodeTool::Redo => return None,
        NodeTool::Annotation => {
            let a = Annotation::ALL.into_iter().find(|a| a.symbol() == value);
            if current(&|t| t.annotation(node) == a) {
                return None;
            }
            viewer
                .study
                .edit_at(node, |t, n| t.set_annotation(n, a).map(|()| n))
        }
        NodeTool::Comment => {
            if current(&|t| t.comment_words(node).unwrap_or_default() == value.trim()) {
                return None;
            }
            // The words change; the drawing and the clock kept in the comment stay (with any
            // typed), written after them (see `drawing::prose`).
            viewer.study.edit_at(node, |t, n| {
                let comment = drawing::with_words(t.comment(n), value);
                t.set_comment(n, comment.as_deref()).map(|()| n)
            })
        }
    };
    Some(match done {
        Ok(()) => String::new(),
        Err(e) => format!("Not done: {e}."),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::model::game::NotatedGame;

    #[test]
    fn a_comment_goes_to_its_node_though_the_board_moved_on() {
        crate::app::kit::testing::with_owner(|| {
            let g = NotatedGame::example();
            let main = g.tree().mainline_nodes();
            let (written, shown) = (main[3], main[5]);
            let viewer = Viewer::new(g, written, None);
            viewer.study.go_to(shown);
            let done = act(viewer, written, NodeTool::Comment, "a quiet move");
            assert_eq!(done, Some(String::new()));
            assert_eq!(viewer.study.node_untracked(), shown);
            let comment = |n| {
                viewer
                    .study
                    .game
                    .with_untracked(|g| g.tree().comment(n).map(str::to_string))
            };
            assert_eq!(comment(written).as_deref(), Some("a quiet move"));
            // New words keep the drawing kept in the comment.
            viewer
                .study
                .edit_at(written, |t, n| {
                    t.set_comment(n, Some("a quiet move [%csl Gm0]"))
                        .map(|()| n)
                })
                .unwrap();
            act(viewer, written, NodeTool::Comment, "a calm move");
            assert_eq!(comment(written).as_deref(), Some("a calm move [%csl Gm0]"));
            act(viewer, written, NodeTool::Comment, "a quiet move");
            // The same words again: nothing to do.
            assert_eq!(
                act(viewer, written, NodeTool::Comment, " a quiet move "),
                None
            );
            // A button acts only on the node shown.
            let moves = viewer.study.game.with_untracked(|g| g.tree().len());
            assert_eq!(act(viewer, written, NodeTool::DeleteFrom, ""), None);
            assert_eq!(viewer.study.game.with_untracked(|g| g.tree().len()), moves);
            assert_eq!(
                act(viewer, shown, NodeTool::DeleteFrom, ""),
                Some(String::new())
            );
            assert!(viewer.study.game.with_untracked(|g| g.tree().len()) < moves);
            // An annotation the node has already: nothing to do; a new one is made.
            assert_eq!(act(viewer, written, NodeTool::Annotation, ""), None);
            assert_eq!(
                act(viewer, written, NodeTool::Annotation, "!?"),
                Some(String::new())
            );
            let a = viewer
                .study
                .game
                .with_untracked(|g| g.tree().annotation(written));
            assert_eq!(a.map(Annotation::symbol), Some("!?"));
        });
    }

    #[test]
    fn the_markup_is_written_from_the_tools_as_it_was_by_hand() {
        let by_hand = concat!(
            r#"<div class="node-buttons" role="group" aria-label="Variations">"#,
            r#"<label for="annotation">Mark</label>"#,
            r#"<select id="annotation" title="Annotate the move: good, mistake, brilliant, blunder, interesting, dubious">"#,
            r#"<option value="">—</option><option value="!">! good</option><option value="?">? mistake</option>"#,
            r#"<option value="!!">!! brilliant</option><option value="??">?? blunder</option>"#,
            r#"<option value="!?">!? interesting</option><option value="?!">?! dubious</option></select>"#,
            r#"<button type="button" id="promote" title="Move this variation one place up among its alternatives">Promote</button>"#,
            r#"<button type="button" id="make-main-line" title="Make the line through this move the main line">Make main line</button>"#,
            r#"<button type="button" id="delete-from" title="Delete this move and every move after it">Delete from here</button>"#,
            r#"<button type="button" id="undo" title="Undo the last change (Ctrl+Z)" aria-keyshortcuts="Control+Z">Undo</button>"#,
            r#"<button type="button" id="redo" title="Redo the change undone (Ctrl+Y, Ctrl+Shift+Z)" aria-keyshortcuts="Control+Y Control+Shift+Z">Redo</button>"#,
            r#"</div>"#,
            r#"<label for="comment-input" class="comment-label">Comment</label>"#,
            r#"<textarea id="comment-input" rows="2" placeholder="A comment on the chosen move"></textarea>"#,
            r#"<p class="status" role="status"></p>"#,
        );
        assert_eq!(markup(), by_hand);
        assert_eq!(
            controls::check_markup::<NodeTool>(&markup()),
            Vec::<String>::new()
        );
    }

    #[test]
    fn node_states_follow_the_tree() {
        let g = NotatedGame::example();
        let tree = g.tree();
        let main = tree.mainline_nodes();
        let root = node_state(tree, tree.root(), false, false);
        assert!(root.at_root && !root.variation && !root.off_main_line);
        let mut t = tree.clone();
        let pos = t.position_at(main[3]).unwrap();
        let other = pos
            .legal_moves()
            .into_iter()
            .find(|m| Some(*m) != t.mv(main[4]))
            .unwrap();
        let v = t.add_move(main[3], other).unwrap();
        t.set_annotation(v, Some(Annotation::Dubious)).unwrap();
        let s = node_state(&t, v, true, true);
        assert!(s.variation && s.off_main_line && s.can_undo && !s.at_root);
        assert_eq!(s.annotation, Some(Annotation::Dubious));
        let later = node_state(&t, main[10], false, false);
        assert!(!later.variation && !later.off_main_line);
    }
}
