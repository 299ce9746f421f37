//! The trainer's panel (above the board, under the puzzle's status): the theme, what the
//! set holds and how far the solver is, the last outcome and the streak, and the buttons
//! (hint, solution, next, reset), with the puzzle's permalink; the rating and the day's
//! puzzle; the Storm; the history and the dashboard, folded. Written once, when the trainer
//! is first opened.

use super::state::Trainer;
use super::storm;
use super::trainer;
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
        Note = "puzzle-note",
        Facts = "puzzle-facts",
        Permalink = "puzzle-permalink",
        Reset = "puzzle-reset",
        Rating = "puzzle-rating",
        Daily = "daily-puzzle",
        Storm = "storm",
        StormClock = "storm-clock",
        StormScore = "storm-score",
        StormBest = "storm-best",
        History = "puzzle-history",
        Dashboard = "puzzle-dashboard",
        TrainWeakest = "puzzle-train-weakest",
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
        .control("button", C::Reset, r#" type="button" title="Forget the puzzles solved, the streak, the rating, the history, the dashboard and the best Storm">Reset</button></p><p class="trainer-bar">"#)
        .control("span", C::Rating, r#" class="trainer-rating" data-rating="1500">Rating 1500?</span> "#)
        .control("a", C::Daily, r#" class="trainer-link" href="" hidden>Puzzle of the day</a></p><div class="trainer-storm" role="group" aria-label="Puzzle Storm">"#)
        .control("button", C::Storm, r#" type="button" title="Three minutes of puzzles, easiest first: a wrong move costs 10 seconds, every 5 solved in a row give 3 more">Storm</button> <span class="storm-fact">Time "#)
        .control("span", C::StormClock, r#" role="timer">3:00</span></span> <span class="storm-fact">Score "#)
        .control("span", C::StormScore, r#">0</span></span> <span class="storm-fact">Best "#)
        .control("span", C::StormBest, r#">0</span></span></div><details class="trainer-more"><summary>History</summary>"#)
        .control("ol", C::History, r#" class="trainer-history"></ol></details><details class="trainer-more"><summary>Dashboard</summary>"#)
        .control("div", C::Dashboard, r#" class="trainer-dashboard"></div>"#)
        .control("button", C::TrainWeakest, r#" type="button" hidden>Train the weakest theme</button></details></section>"#)
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

/// The elements `trainer::shown` writes, in its order: the control and the part.
const PARTS: [(TrainerControl, Sink); 29] = {
    use TrainerControl as C;
    [
        (C::Panel, Sink::Attr("hidden")),
        (C::Panel, Sink::Attr("data-puzzle-id")),
        (C::Panel, Sink::Attr("data-streak")),
        (C::Note, Sink::Text),
        (C::Facts, Sink::Text),
        (C::Permalink, Sink::Attr("href")),
        (C::Permalink, Sink::Attr("hidden")),
        (C::Hint, Sink::Attr("disabled")),
        (C::Solution, Sink::Attr("disabled")),
        (C::Panel, Sink::Attr("data-theme")),
        (C::Rating, Sink::Html),
        (C::Rating, Sink::Attr("data-rating")),
        (C::StormBest, Sink::Text),
        (C::History, Sink::Html),
        (C::Dashboard, Sink::Html),
        (C::TrainWeakest, Sink::Attr("hidden")),
        (C::TrainWeakest, Sink::Text),
        (C::TrainWeakest, Sink::Attr("data-theme")),
        (C::Daily, Sink::Attr("href")),
        (C::Daily, Sink::Attr("hidden")),
        (C::Daily, Sink::Text),
        (C::Daily, Sink::Attr("data-puzzle-id")),
        (C::Storm, Sink::Text),
        (C::StormClock, Sink::Text),
        (C::StormScore, Sink::Text),
        (C::Panel, Sink::Attr("data-storm")),
        (C::Next, Sink::Attr("disabled")),
        (C::Theme, Sink::Attr("disabled")),
        (C::Difficulty, Sink::Attr("disabled")),
    ]
};

fn bind(t: Trainer, panel: &web_sys::Element) {
    let mut parts = Vec::with_capacity(PARTS.len());
    for (c, sink) in PARTS {
        let el = if c == TrainerControl::Panel {
            Some(panel.clone())
        } else {
            controls::element(panel, c)
        };
        let Some(el) = el else {
            return;
        };
        parts.push((el, sink));
    }
    let Some(theme) = controls::element(panel, TrainerControl::Theme) else {
        return;
    };
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
            (TrainerControl::Daily, "click") => {
                e.prevent_default();
                trainer::daily(t);
            }
            (TrainerControl::Storm, "click") => storm::toggle(t),
            (TrainerControl::TrainWeakest, "click") => trainer::train_weakest(t),
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
        assert_eq!(TrainerControl::ALL.len(), 19);
        // No part is written twice (two values fighting over one attribute).
        for (i, a) in PARTS.iter().enumerate() {
            assert!(!PARTS[i + 1..].contains(a), "{} written twice", a.0.id());
        }
    }
}
