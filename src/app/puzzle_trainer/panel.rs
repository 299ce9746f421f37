//! The trainer's panel (above the board, under the puzzle's status): the theme, what the
//! set holds and how far the solver is, the last outcome and the streak, and the buttons
//! (hint, solution, next, reset), with the puzzle's permalink. Written once, when the
//! trainer is first opened.

use super::trainer::{self, Trainer};
use crate::app::kit::controls;
use crate::app::kit::{self, dom, Markup, Sink};
use crate::puzzles::PuzzleTheme;

crate::controls! {
    /// The trainer's elements.
    pub(super) enum TrainerControl {
        Panel = "puzzle-trainer",
        Theme = "puzzle-theme",
        Difficulty = "puzzle-difficulty",
        Hint = "puzzle-hint",
        Solution = "puzzle-solution",
        Next = "puzzle-next",
        Reset = "puzzle-reset",
        Note = "puzzle-note",
        Facts = "puzzle-facts",
        Permalink = "puzzle-permalink",
    }
}

fn markup() -> String {
    use TrainerControl as C;
    let mut themes = String::from(r#"><option value="">All themes</option>"#);
    for t in PuzzleTheme::ALL {
        themes.push_str(&format!(
            r#"<option value="{}">{}</option>"#,
            t.name(),
            t.label()
        ));
    }
    themes.push_str("</select></label>");
    Markup::new()
        .control("section", C::Panel, r#" class="puzzle-trainer" aria-label="Puzzle trainer" data-streak="0"><div class="trainer-head"><label>Theme "#)
        .control("select", C::Theme, &themes)
        .raw("<label>Difficulty ")
        .control("select", C::Difficulty, r#"><option value="1-9">Any</option><option value="1-2">Easy (1–2)</option><option value="3-5">Medium (3–5)</option><option value="6-9">Hard (6–9)</option></select></label>"#)
        .control("button", C::Hint, r#" type="button" title="Pick the piece to move">Hint</button>"#)
        .control("button", C::Solution, r#" type="button">Show the solution</button>"#)
        .control("button", C::Next, r#" type="button">Next puzzle</button></div>"#)
        .control("p", C::Note, r#" class="trainer-note" role="status" aria-live="polite">Loading the puzzles…</p>"#)
        .raw(r#"<p class="trainer-foot">"#)
        .control("span", C::Facts, r#" class="trainer-facts"></span> "#)
        .control("a", C::Permalink, r#" class="trainer-link" href="">Link to this puzzle</a> "#)
        .control("button", C::Reset, r#" type="button" title="Forget the puzzles solved and the streak">Reset</button></p></section>"#)
        .done()
}

/// Puts the panel above the board (after the puzzle's status line), binds and listens to
/// it; its element.
pub(super) fn build(t: Trainer) -> Option<web_sys::Element> {
    let page = leptos::prelude::document();
    let status = page.query_selector("#puzzle-status").ok().flatten()?;
    let _ = status.insert_adjacent_html("afterend", &markup());
    let panel = page.query_selector("#puzzle-trainer").ok().flatten()?;
    bind(t, &panel);
    listen(t, &panel);
    Some(panel)
}

fn bind(t: Trainer, panel: &web_sys::Element) {
    let find = |c| controls::element(panel, c);
    use TrainerControl as C;
    let (Some(note), Some(facts), Some(link), Some(theme), Some(hint), Some(solution)) = (
        find(C::Note),
        find(C::Facts),
        find(C::Permalink),
        find(C::Theme),
        find(C::Hint),
        find(C::Solution),
    ) else {
        return;
    };
    let parts = vec![
        (panel.clone(), Sink::Attr("hidden")),
        (panel.clone(), Sink::Attr("data-puzzle-id")),
        (panel.clone(), Sink::Attr("data-streak")),
        (note, Sink::Text),
        (facts, Sink::Text),
        (link.clone(), Sink::Attr("href")),
        (link, Sink::Attr("hidden")),
        (hint, Sink::Attr("disabled")),
        (solution, Sink::Attr("disabled")),
    ];
    kit::bind_parts(parts, Box::new(move || trainer::shown(t)));
    // The theme menu says how many puzzles each theme has, once the set is read, and hides
    // the themes it has none of.
    kit::bind(
        theme,
        Sink::Html,
        Box::new(move || {
            let counts = t.counts.get();
            let chosen = t.theme.get();
            let mut s = format!(
                r#"<option value=""{}>All themes ({})</option>"#,
                if chosen.is_none() { " selected" } else { "" },
                counts.iter().map(|c| c.1).sum::<usize>()
            );
            for (theme, n) in counts.iter().filter(|c| c.1 > 0) {
                s.push_str(&format!(
                    r#"<option value="{}"{}>{} ({n})</option>"#,
                    theme.name(),
                    if chosen == Some(*theme) {
                        " selected"
                    } else {
                        ""
                    },
                    theme.label()
                ));
            }
            Some(s)
        }),
    );
}

fn listen(t: Trainer, panel: &web_sys::Element) {
    controls::listen(
        panel,
        &["click", "change"],
        move |c: TrainerControl, e, el| match (c, e.type_().as_str()) {
            (TrainerControl::Theme, "change") => {
                let v = dom::value_of(el);
                t.theme.set(PuzzleTheme::from_name(&v));
                trainer::next(t);
            }
            (TrainerControl::Difficulty, "change") => {
                let v = dom::value_of(el);
                let range = v
                    .split_once('-')
                    .and_then(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)));
                t.difficulty.set(range.unwrap_or((1, 9)));
                trainer::next(t);
            }
            (TrainerControl::Hint, "click") => trainer::hint(t),
            (TrainerControl::Solution, "click") => trainer::solution(t),
            (TrainerControl::Next, "click") => trainer::next(t),
            (TrainerControl::Reset, "click") => trainer::reset(t),
            _ => {}
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::controls::Control;

    #[test]
    fn every_element_of_the_markup_is_a_control() {
        assert_eq!(
            controls::check_markup::<TrainerControl>(&markup()),
            Vec::<String>::new()
        );
        assert!(markup().contains(r#"id="puzzle-next""#));
        assert_eq!(TrainerControl::ALL.len(), 10);
    }
}
