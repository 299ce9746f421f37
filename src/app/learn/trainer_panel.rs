//! The notation trainer's panel (`#trainer`, above the board): its settings, clock, score,
//! prompt, answer field and status, bound to the trainer's state ([`super::trainer`]).

use super::trainer::{answer_named, best_key, close, toggle, NotationTrainer, TrainerView};
use crate::app::kit::controls::{self, Markup};
use crate::app::kit::{self, dom, Sink};
use crate::learn::trainer::Drill;
use crate::learn::NotationName;

crate::controls! {
    /// The trainer's elements.
    pub(crate) enum NotationTrainerControl {
        Panel = "trainer",
        Heading = "trainer-heading",
        Notation = "trainer-notation",
        Drill = "trainer-drill",
        Time = "trainer-time",
        Start = "trainer-start",
        Clock = "trainer-clock",
        Prompt = "trainer-prompt",
        AnswerForm = "trainer-answer-form",
        Answer = "trainer-answer",
        Score = "trainer-score",
        Status = "trainer-status",
        Best = "trainer-best",
        Close = "trainer-close",
    }
}

fn markup() -> String {
    use NotationTrainerControl as C;
    Markup::new()
        .control("section", C::Panel, r#" class="trainer" aria-labelledby="trainer-heading" hidden><h2 id="trainer-heading">Notation trainer</h2><div class="trainer-settings"><label for="trainer-notation">Notation</label>"#)
        .control("select", C::Notation, r#"><option value="standard">Standard (wA1 -bQ)</option><option value="direction">Direction (A2×Qs)</option><option value="algebraic">Algebraic (wA m n2)</option></select><label for="trainer-drill">Drill</label>"#)
        .control("select", C::Drill, r#"><option value="find">Find the move written</option><option value="name">Name the move drawn</option></select><label for="trainer-time">Time</label>"#)
        .control("select", C::Time, r#"><option value="30">30 s</option><option value="60">60 s</option><option value="0">Untimed</option></select>"#)
        .control("button", C::Start, r#" type="button">Start</button></div><p class="trainer-line"><span class="trainer-clock-label">Time left </span>"#)
        .control("span", C::Clock, r#" class="trainer-clock" role="timer"></span> · Score "#)
        .control("span", C::Score, r#" class="trainer-score">0</span> · "#)
        .control("span", C::Best, r#" class="trainer-best"></span></p>"#)
        .control("p", C::Prompt, r#" class="trainer-prompt">Choose a notation and a drill, then Start.</p>"#)
        .control("form", C::AnswerForm, r#" class="trainer-answer-form" hidden><label for="trainer-answer">Your answer</label>"#)
        .control("input", C::Answer, r#" type="text" autocomplete="off" spellcheck="false"><button type="submit">Answer</button></form>"#)
        .control("p", C::Status, r#" class="trainer-status" role="status" aria-live="polite"></p>"#)
        .control("button", C::Close, r#" type="button" class="trainer-close">Close the trainer</button></section>"#)
        .done()
}

pub(super) fn build(t: NotationTrainer) {
    let page = leptos::prelude::document();
    let Some(status) = page.query_selector("#puzzle-status").ok().flatten() else {
        return;
    };
    let _ = status.insert_adjacent_html("afterend", &markup());
    let Some(panel) = page.query_selector("#trainer").ok().flatten() else {
        return;
    };
    use NotationTrainerControl as C;
    let find = |c| controls::element(&panel, c);
    let (Some(start), Some(clock), Some(prompt), Some(form), Some(answer), Some(score)) = (
        find(C::Start),
        find(C::Clock),
        find(C::Prompt),
        find(C::AnswerForm),
        find(C::Answer),
        find(C::Score),
    ) else {
        return;
    };
    let (Some(status), Some(best), Some(notation), Some(drill), Some(time)) = (
        find(C::Status),
        find(C::Best),
        find(C::Notation),
        find(C::Drill),
        find(C::Time),
    ) else {
        return;
    };
    let parts = vec![
        (panel.clone(), Sink::Attr("hidden")),
        (start, Sink::Text),
        (clock, Sink::Text),
        (prompt.clone(), Sink::Text),
        (prompt.clone(), Sink::Attr("data-move")),
        (prompt, Sink::Attr("data-asked")),
        (form, Sink::Attr("hidden")),
        (score, Sink::Text),
        (status.clone(), Sink::Text),
        (status, Sink::Attr("data-verdict")),
        (best, Sink::Text),
        (notation.clone(), Sink::Attr("disabled")),
        (drill.clone(), Sink::Attr("disabled")),
        (time.clone(), Sink::Attr("disabled")),
    ];
    kit::bind_parts(parts, Box::new(move || t.shown.with(values)));
    let answer_el = answer.clone();
    controls::listen(
        &panel,
        &["click", "change"],
        move |c: NotationTrainerControl, e, el| {
            let click = e.type_() == "click";
            match c {
                C::Start if click => toggle(t),
                C::Close if click => close(t),
                C::Notation | C::Drill | C::Time if !click => {
                    let v = dom::value_of(el);
                    t.shown.update(|s| match c {
                        C::Notation => {
                            s.notation = NotationName::from_key(&v).unwrap_or(s.notation)
                        }
                        C::Drill => s.drill = Drill::from_key(&v).unwrap_or(s.drill),
                        _ => s.seconds = v.parse().unwrap_or(30),
                    });
                }
                _ => {}
            }
        },
    );
    controls::listen(
        &panel,
        &["submit"],
        move |c: NotationTrainerControl, e, _| {
            if c == C::AnswerForm {
                e.prevent_default();
                let text = dom::value_of(&answer_el);
                if !text.trim().is_empty() {
                    dom::set_value(&answer_el, "");
                    answer_named(t, &text);
                }
            }
        },
    );
}

/// The parts' values, in `build`'s order.
fn values(s: &TrainerView) -> Vec<Option<String>> {
    let flag = |on: bool| on.then(String::new);
    let key = best_key(s.notation, s.drill);
    vec![
        flag(!s.open),
        Some(if s.running { "Stop" } else { "Start" }.to_string()),
        Some(match s.left {
            Some(l) => format!("{l} s"),
            None if s.seconds == 0 => "untimed".to_string(),
            None => format!("{} s", s.seconds),
        }),
        Some(s.prompt.clone()),
        s.uhp.clone(),
        Some(s.asked.to_string()),
        flag(!(s.running && s.drill == Drill::Name)),
        Some(s.score.to_string()),
        Some(s.said.clone()),
        s.verdict.map(str::to_string),
        Some(format!("best {}", s.best.get(&key).copied().unwrap_or(0))),
        flag(s.running),
        flag(s.running),
        flag(s.running),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::controls::check_markup;

    #[test]
    fn every_element_of_the_markup_is_a_control() {
        assert_eq!(
            check_markup::<NotationTrainerControl>(&markup()),
            Vec::<String>::new()
        );
    }
}
