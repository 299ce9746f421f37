//! The analysis panel (under the board and its step controls) and the evaluation bar (beside
//! the board): the evaluation, the depth and speed, the engine's lines in the three
//! notations (1 to 5, best first; hovered, a line shows on the board; clicked, it is played
//! into the study), threat mode (the opponent's best line if the side to move passed), the
//! review's controls and graph. Written once, when the analysis is first turned on.

use super::elements::AnalysisControl;
use super::session::Session;
use super::{learning_panel, practice, practice_panel, review, view};
use crate::app::kit::{self, controls, dom, Markup, Sink};
use crate::engine::position::Move;
use crate::search::game_review::notate_line;
use leptos::prelude::GetUntracked;
use wasm_bindgen::JsCast;

/// The evaluation bar's markup.
fn bar_markup() -> String {
    Markup::new()
        .control(
            "div",
            AnalysisControl::EvalBar,
            r#" class="eval-bar" aria-hidden="true"><div class="eval-bar-white"></div></div>"#,
        )
        .done()
}

/// The panel's markup.
fn panel_markup() -> String {
    use AnalysisControl as C;
    Markup::new()
        .control("section", C::Panel, r#" class="analysis-panel" aria-label="Analysis"><div class="analysis-head">"#)
        .control("p", C::Eval, r#" class="eval" data-depth="0"><span class="eval-number">…</span> <span class="eval-depth"></span></p>"#)
        .raw(r#"<label class="line-count">Lines "#)
        .control("select", C::LineCount, r#"><option>1</option><option>2</option><option>3</option><option>4</option><option>5</option></select></label>"#)
        .control("button", C::Threat, r#" type="button" aria-pressed="false" title="What the opponent would play if it were their move (X)">Threat</button>"#)
        .control("button", C::KeepSearching, r#" type="button" aria-pressed="false" title="Search without the minute's limit, until the position changes">Keep searching</button>"#)
        .control("button", C::Practice, r#" type="button" aria-expanded="false" aria-controls="practice-panel" title="Play against the engine from this move">Practice</button>"#)
        .control("button", C::Review, r#" type="button" title="Judge every move of the main line">Review the game</button></div>"#)
        .control("div", C::PracticePanel, r#" class="practice-panel" role="group" aria-label="Practice" hidden><label>Level "#)
        .control("select", C::PracticeLevel, r#"><option>1</option><option>2</option><option>3</option><option selected>4</option><option>5</option><option>6</option><option>7</option><option>8</option></select></label> <label>You play "#)
        .control("select", C::PracticeColour, r#"><option value="white">White</option><option value="black">Black</option></select></label> "#)
        .control("button", C::PracticeStart, r#" type="button">Start from here</button> "#)
        .control("button", C::PracticeTakeback, r#" type="button" disabled>Take back</button>"#)
        .control("p", C::PracticeStatus, r#" class="practice-status" role="status"></p></div><p class="analysis-status" role="status"></p>"#)
        .control("div", C::EngineLines, r#" class="engine-lines" role="group" aria-label="Engine lines"></div>"#)
        .control("div", C::ThreatLine, r#" class="threat-line" role="group" aria-label="Threat" hidden></div><div class="review-progress" hidden>"#)
        .control("progress", C::ReviewProgress, r#" max="1" value="0" aria-label="Review"></progress> <span class="count"></span> "#)
        .control("button", C::StopReview, r#" type="button">Stop</button></div>"#)
        .control("div", C::Graph, r#" class="eval-graph" hidden>"#)
        .raw(&view::graph_frame())
        .raw(r#"</div><p class="review-summary" role="status"></p>"#)
        .control("button", C::KeepReview, r#" type="button" hidden title="Mark the judged moves (?!, ?, ??) and write each evaluation into the comments, as [%eval …]">Keep in the study</button>"#)
        .control("button", C::Learn, r#" type="button" hidden aria-expanded="false" aria-controls="learn-panel" title="Find better moves where the review found mistakes">Learn from the mistakes</button>"#)
        .control("div", C::LearnPanel, r#" class="learn-panel" role="group" aria-label="Learn from the mistakes" hidden><label>Player "#)
        .control("select", C::LearnPlayer, r#"><option value="white">White</option><option value="black">Black</option></select></label> "#)
        .control("button", C::LearnStart, r#" type="button">Start</button>"#)
        .control("p", C::LearnStatus, r#" class="learn-status" role="status"></p>"#)
        .control("button", C::LearnSolution, r#" type="button" disabled>Show the solution</button> "#)
        .control("button", C::LearnSkip, r#" type="button" disabled>Skip</button></div></section>"#)
        .done()
}

/// Puts the bar beside the board and the panel at the end of the board's column (under the
/// board, and under its step controls: a phone keeps them next to the board); the panel's
/// element, once it is on the page.
pub(super) fn build(s: Session) -> Option<web_sys::Element> {
    let svg: web_sys::Element = s.board.get_untracked()?.into();
    let _ = svg.insert_adjacent_html(
        "beforeend",
        r#"<g class="analysis-layer" pointer-events="none"></g>"#,
    );
    let frame = svg.parent_element()?;
    let _ = frame.insert_adjacent_html("afterbegin", &bar_markup());
    let stage = frame.closest("section").ok().flatten()?.parent_element()?;
    let _ = stage.insert_adjacent_html("beforeend", &panel_markup());
    let panel = dom::find(&stage, "#analysis")?;
    // Three lines where the board has room for three arrows, one on a phone.
    s.line_count.set(if frame.client_width() >= WIDE_BOARD {
        3
    } else {
        1
    });
    listen(s, &panel);
    bind(s, &panel, &frame);
    Some(panel)
}

/// The board's width (px) from which the panel shows three lines at first: a desktop's
/// board is 600 px or more, a phone's under 400.
const WIDE_BOARD: i32 = 520;

/// The evaluation, the bar and the best line, kept as the search answers.
fn bind(s: Session, panel: &web_sys::Element, frame: &web_sys::Element) {
    let (Some(eval), Some(lines), Some(threat), Some(threat_line), Some(count), Some(said)) = (
        controls::element(panel, AnalysisControl::Eval),
        controls::element(panel, AnalysisControl::EngineLines),
        controls::element(panel, AnalysisControl::Threat),
        controls::element(panel, AnalysisControl::ThreatLine),
        controls::element(panel, AnalysisControl::LineCount),
        dom::find(panel, ".analysis-status"),
    ) else {
        return;
    };
    let Some(keep) = controls::element(panel, AnalysisControl::KeepSearching) else {
        return;
    };
    dom::set_value(&count, &s.line_count.get_untracked().to_string());
    let (Some(number), Some(depth), Some(white)) = (
        dom::find(&eval, ".eval-number"),
        dom::find(&eval, ".eval-depth"),
        dom::find(frame, ".eval-bar-white"),
    ) else {
        return;
    };
    let parts = vec![
        (said, Sink::Text),
        (eval.clone(), Sink::Attr("data-done")),
        (eval.clone(), Sink::Attr("data-ply")),
        (eval.clone(), Sink::Attr("data-depth")),
        (eval.clone(), Sink::Attr("data-eval")),
        (eval, Sink::Attr("aria-label")),
        (number, Sink::Text),
        (depth, Sink::Text),
        (white, Sink::Attr("style")),
        (lines.clone(), Sink::Html),
        (lines, Sink::Attr("hidden")),
        (threat_line.clone(), Sink::Html),
        (threat_line, Sink::Attr("hidden")),
        (threat, Sink::Attr("aria-pressed")),
        (keep, Sink::Attr("aria-pressed")),
    ];
    kit::bind_parts(parts, Box::new(move || values(s)));
    practice_panel::bind_practice(s, panel);
    learning_panel::bind_learn(s, panel);
}

/// What [`bind`] writes, in its parts' order.
fn values(s: Session) -> Vec<Option<String>> {
    let done = s.done.get();
    let threat = s.threat.get();
    let at = s.viewer.study.position.get();
    let coordinates = s.viewer.study.game.with(|g| g.record.coordinates);
    let ply = at.pos.moves().len();
    // At a mistake to learn from, the engine's lines would give its answer away.
    let hidden = learning_panel::hides_lines(s, at.node);
    let lines = s
        .lines
        .get()
        .filter(|(node, _)| *node == at.node && !hidden);
    let head = vec![
        Some(s.status.get()),
        Some(done.to_string()),
        Some(ply.to_string()),
    ];
    // The lines' list, or the threat's, and which of the two shows.
    let shown = |lines: String, threat_line: String| {
        let flag = |hide: bool| hide.then(String::new);
        [
            Some(lines),
            flag(threat),
            Some(threat_line),
            flag(!threat),
            Some(threat.to_string()),
        ]
    };
    let Some((_, found)) = lines else {
        let rest = [
            Some("0".into()),
            None,
            None,
            Some(if done { "–" } else { "…" }.into()),
            Some(if done { "" } else { "searching" }.into()),
            None,
        ];
        let lists = shown(String::new(), String::new());
        let endless = Some(s.endless.get().to_string());
        return head
            .into_iter()
            .chain(rest)
            .chain(lists)
            .chain([endless])
            .collect();
    };
    let Some(l) = found.first() else {
        return Vec::new();
    };
    let knps = if l.ms > 0 {
        l.nodes as f64 / l.ms as f64
    } else {
        0.0
    };
    let share = view::white_share(l.eval, l.win_in);
    let start = at.pos.initial();
    let mut before = at.pos.moves();
    let endless = Some(s.endless.get().to_string());
    let lists = if threat {
        before.push(Move::Pass);
        let notated = notate_line(&start, &before, &l.moves, coordinates);
        shown(
            String::new(),
            view::threat_markup(&notated, l.eval, l.win_in),
        )
    } else {
        let notated: Vec<_> = found
            .iter()
            .map(|l| (l, notate_line(&start, &before, &l.moves, coordinates)))
            .collect();
        shown(view::lines_markup(&notated, ply + 1), String::new())
    };
    let rest = [
        Some(l.depth.to_string()),
        Some(format!("{:.2}", l.eval)),
        Some(view::eval_words(l.eval, l.win_in, l.depth)),
        Some(view::eval_text(l.eval, l.win_in)),
        Some(format!(
            "depth {}{} · {} nodes · {:.0}k nodes/s",
            l.depth,
            if done { "" } else { "…" },
            view::count_text(l.nodes),
            knps
        )),
        Some(format!("height:{:.1}%", share * 100.0)),
    ];
    head.into_iter()
        .chain(rest)
        .chain(lists)
        .chain([endless])
        .collect()
}

/// The panel's clicks and choices, the lines' hover and focus, and the threat's key (`X`).
fn listen(s: Session, panel: &web_sys::Element) {
    if let Some(window) = web_sys::window() {
        dom::listen(&window, &["keydown"], move |e| {
            // Only key presses are listened to.
            let k = e.unchecked_ref::<web_sys::KeyboardEvent>();
            let plain = !(k.ctrl_key() || k.meta_key() || k.alt_key());
            let x = k.key() == "x" || k.key() == "X";
            if plain && x && !dom::event_is_typing(k) && s.on.get_untracked() {
                k.prevent_default();
                s.threat.update(|t| *t = !*t);
            }
        });
    }
    let kinds = [
        "click",
        "change",
        "mouseover",
        "mouseout",
        "focusin",
        "focusout",
    ];
    let root = panel.clone();
    controls::listen(panel, &kinds, move |c: AnalysisControl, e, _| {
        let at = |attr: &str| {
            dom::event_closest(e, &format!("[{attr}]"))
                .and_then(|t| t.get_attribute(attr))
                .and_then(|v| v.parse::<usize>().ok())
        };
        // A move of a line: the line's index and the move's.
        let line_move = || {
            at("data-line")
                .zip(at("data-move"))
                .map(|(l, k)| (l - 1, k))
        };
        match (e.type_().as_str(), c) {
            ("click", AnalysisControl::Review) => review::start(s),
            ("click", AnalysisControl::StopReview) => review::stop(s),
            ("click", AnalysisControl::KeepReview) => review::keep(s),
            ("click", AnalysisControl::Threat) => s.threat.update(|t| *t = !*t),
            ("click", AnalysisControl::KeepSearching) => s.endless.update(|t| *t = !*t),
            ("click", AnalysisControl::Practice) => {
                let open = !s.practice_open.get_untracked();
                s.practice_open.set(open);
                if open {
                    // The side to move plays, unless chosen otherwise.
                    let at = s.viewer.study.position.with_untracked(|a| a.clone());
                    if let Some(c) = controls::element(&root, AnalysisControl::PracticeColour) {
                        dom::set_value(&c, practice::default_colour(&at.pos));
                    }
                } else {
                    practice_panel::stop_practice(s);
                }
            }
            ("click", AnalysisControl::PracticeStart) => {
                let value = |c| controls::element(&root, c).map(|el| dom::value_of(&el));
                let level = value(AnalysisControl::PracticeLevel)
                    .and_then(|v| v.parse::<u8>().ok())
                    .unwrap_or(4);
                let colour = value(AnalysisControl::PracticeColour).unwrap_or_default();
                practice_panel::start_practice(s, level, &colour);
            }
            ("click", AnalysisControl::PracticeTakeback) => practice_panel::take_back(s),
            ("click", AnalysisControl::Learn) => {
                let open = !s.learn_open.get_untracked();
                s.learn_open.set(open);
                if !open {
                    s.learn.set(None);
                }
            }
            ("click", AnalysisControl::LearnStart) => {
                let colour = controls::element(&root, AnalysisControl::LearnPlayer)
                    .map(|el| dom::value_of(&el))
                    .unwrap_or_default();
                learning_panel::start_learning(s, &colour);
            }
            ("click", AnalysisControl::LearnSolution) => learning_panel::show_solution(s),
            ("click", AnalysisControl::LearnSkip) => learning_panel::next_mistake(s),
            ("change", AnalysisControl::LineCount) => {
                let chosen = dom::event_closest(e, "select")
                    .map(|el| dom::value_of(&el))
                    .and_then(|v| v.parse::<u8>().ok());
                if let Some(n) = chosen.filter(|n| matches!(n, 1..=5)) {
                    s.line_count.set(n);
                }
            }
            ("click", AnalysisControl::EngineLines) => {
                if let Some((line, k)) = line_move() {
                    play_line(s, line, k);
                }
            }
            ("click", AnalysisControl::Graph) => {
                if let Some(ply) = at("data-ply") {
                    go_to_main_line(s, ply);
                }
            }
            ("mouseover" | "focusin", AnalysisControl::EngineLines) => s.hover.set(line_move()),
            ("mouseout" | "focusout", AnalysisControl::EngineLines) => {
                // Leaving a move's button for one of its own parts is no leaving.
                let from = dom::event_closest(e, "[data-move]");
                let into = e
                    .dyn_ref::<web_sys::MouseEvent>()
                    .and_then(|m| m.related_target())
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                    .and_then(|t| t.closest("[data-move]").ok().flatten());
                if into.is_none() || into != from {
                    s.hover.set(None);
                }
            }
            _ => {}
        }
    });
}

/// Plays a line (its index, from 0) up to its `k`th move (0-based) into the study, from the
/// node it was searched at (a variation, or the moves already there).
fn play_line(s: Session, line: usize, k: usize) {
    let Some((node, lines)) = s.lines.get_untracked() else {
        return;
    };
    if node != s.viewer.study.node_untracked() || s.threat.get_untracked() {
        return;
    }
    let Some(line) = lines.get(line) else {
        return;
    };
    let moves: Vec<Move> = line.moves.iter().take(k + 1).copied().collect();
    let played = s.viewer.study.edit_at(node, |t, n| {
        let mut at = n;
        for &m in &moves {
            at = t.add_move(at, m)?;
        }
        Ok(at)
    });
    if let Err(e) = played {
        s.status.set(format!("The line could not be played: {e}."));
    }
}

/// Shows the main line's position after `ply` moves.
fn go_to_main_line(s: Session, ply: usize) {
    let node = s
        .viewer
        .study
        .game
        .with_untracked(|g| g.main_line().node_at(ply));
    s.viewer.study.go_to(node);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markup_has_an_element_per_control() {
        let m = format!("{}{}", bar_markup(), panel_markup());
        assert_eq!(
            controls::check_markup::<AnalysisControl>(&m),
            Vec::<String>::new()
        );
        // The graph's frame sits in its element, hidden until a review of the main line.
        assert!(
            m.contains(r#"<div id="eval-graph" class="eval-graph" hidden><svg"#),
            "{m}"
        );
        assert!(
            m.contains(r#"class="graph-shown" visibility="hidden""#),
            "{m}"
        );
    }
}
