//! The lesson's panel, above the board: what to find (`#lesson-prompt`), how the last try
//! went (`#lesson-status[data-verdict]`), help (`#lesson-hint`, `#lesson-show`), the chapter's
//! end (`#lesson-summary`, `#lesson-next`), and the way back to editing (`#lesson-edit`).

use super::desk;
use super::lesson::{self, LessonPlay, LessonVerdict};
use super::state::Desk;
use crate::app::kit::controls::{self, Markup};
use crate::app::kit::{self, Sink};
use crate::study::lesson::LessonTurn;

crate::controls! {
    /// The lesson's elements.
    pub(super) enum LessonControl {
        Panel = "lesson",
        Heading = "lesson-heading",
        Prompt = "lesson-prompt",
        Status = "lesson-status",
        Hint = "lesson-hint",
        Show = "lesson-show",
        Restart = "lesson-restart",
        Edit = "lesson-edit",
        Summary = "lesson-summary",
        Next = "lesson-next",
        NameForm = "lesson-name-form",
        Name = "lesson-name",
    }
}

fn markup() -> String {
    use LessonControl as C;
    Markup::new()
        .control("section", C::Panel, r#" class="lesson" aria-label="Lesson" hidden>"#)
        .control("h2", C::Heading, r#" class="lesson-heading">Lesson</h2>"#)
        .control("p", C::Prompt, r#" class="lesson-prompt"></p>"#)
        .control("p", C::Status, r#" class="lesson-status" role="status" aria-live="polite"></p>"#)
        .control("form", C::NameForm, r#" class="lesson-name-form" hidden><label for="lesson-name">The move's name</label>"#)
        .control("input", C::Name, r#" type="text" autocomplete="off" spellcheck="false"><button type="submit">Answer</button></form>"#)
        .raw(r#"<div class="lesson-actions">"#)
        .control("button", C::Hint, r#" type="button" title="Mark the piece to move">Hint</button>"#)
        .control("button", C::Show, r#" type="button">Show the move</button>"#)
        .control("button", C::Restart, r#" type="button">Restart</button>"#)
        .control("button", C::Edit, r#" type="button" title="Leave the lesson and edit the chapter">Edit the chapter</button></div>"#)
        .control("div", C::Summary, r#" class="lesson-summary" hidden><p class="lesson-counts"></p>"#)
        .control("button", C::Next, r#" type="button">Next chapter</button></div></section>"#)
        .done()
}

/// What the reader is asked, in words.
fn prompt(play: &LessonPlay) -> String {
    let side = play.lesson.reader().name();
    match (play.lesson.turn(), play.lesson.prompt()) {
        (LessonTurn::Done, Some(words)) => words,
        (LessonTurn::Done, None) => "Done.".to_string(),
        (LessonTurn::Other, _) => format!("{} plays…", play.lesson.reader().other().name()),
        (LessonTurn::Reader, Some(words)) => words,
        (LessonTurn::Reader, None) => format!("{side} to play: find the move."),
    }
}

/// The summary's words.
fn counts(play: &LessonPlay) -> String {
    let s = play.lesson.summary();
    format!(
        "{} of {} moves found at once, {} after a miss or a hint, {} shown.",
        s.at_once, s.total, s.after_miss, s.shown
    )
}

/// Puts the panel above the board (after the puzzle's status line), binds and listens.
pub(super) fn build(d: Desk) {
    let page = leptos::prelude::document();
    let Some(status) = page.query_selector("#puzzle-status").ok().flatten() else {
        return;
    };
    let _ = status.insert_adjacent_html("afterend", &markup());
    let Some(panel) = page.query_selector("#lesson").ok().flatten() else {
        return;
    };
    let find = |c| controls::element(&panel, c);
    use LessonControl as C;
    let (Some(heading), Some(prompt_el), Some(status), Some(hint), Some(show), Some(summary)) = (
        find(C::Heading),
        find(C::Prompt),
        find(C::Status),
        find(C::Hint),
        find(C::Show),
        find(C::Summary),
    ) else {
        return;
    };
    let Some(next) = find(C::Next) else {
        return;
    };
    let Some(counts_el) = kit::dom::find(&summary, ".lesson-counts") else {
        return;
    };
    let (Some(name_form), Some(name_input)) = (find(C::NameForm), find(C::Name)) else {
        return;
    };
    let parts = vec![
        (panel.clone(), Sink::Attr("hidden")),
        (heading, Sink::Text),
        (prompt_el, Sink::Text),
        (status.clone(), Sink::Text),
        (status, Sink::Attr("data-verdict")),
        (hint.clone(), Sink::Attr("disabled")),
        (hint, Sink::Attr("data-offered")),
        (show, Sink::Attr("disabled")),
        (summary, Sink::Attr("hidden")),
        (counts_el, Sink::Text),
        (next, Sink::Attr("hidden")),
        (name_form, Sink::Attr("hidden")),
        (name_input.clone(), Sink::Attr("placeholder")),
    ];
    let (lesson, _) = lesson::state();
    kit::bind_parts(
        parts,
        Box::new(move || {
            d.listed.track();
            let last = d
                .open
                .with_value(|o| o.as_ref().is_none_or(|o| o.current + 1 >= o.chapters.len()));
            lesson.with(|l| shown(l.as_ref(), last))
        }),
    );
    controls::listen(&panel, &["click"], move |c: LessonControl, _, _| match c {
        C::Hint => lesson::hint(d),
        C::Show => lesson::show(d),
        C::Restart => lesson::restart(d),
        C::Edit => lesson::edit(d),
        C::Next => desk::step_chapter(d, true),
        _ => {}
    });
    // A name is answered with Enter or the form's button; the field is emptied for the next.
    controls::listen(&panel, &["submit"], move |c: LessonControl, e, _| {
        if c == C::NameForm {
            e.prevent_default();
            let text = kit::dom::value_of(&name_input);
            if !text.trim().is_empty() {
                kit::dom::set_value(&name_input, "");
                lesson::name(d, &text);
            }
        }
    });
}

/// What the panel's parts show, in `build`'s order.
fn shown(play: Option<&LessonPlay>, last_chapter: bool) -> Vec<Option<String>> {
    let flag = |on: bool| on.then(String::new);
    let Some(p) = play else {
        return vec![
            Some(String::new()),
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
            None,
        ];
    };
    let naming = p.lesson.asks_name();
    let turn = p.lesson.turn();
    let reader_turn = turn == LessonTurn::Reader;
    let done = turn == LessonTurn::Done;
    vec![
        None,
        Some(format!(
            "Lesson: {} (you play {})",
            p.chapter_name,
            p.lesson.reader().name()
        )),
        Some(prompt(p)),
        Some(p.said.clone()),
        (p.verdict != LessonVerdict::None).then(|| p.verdict.name().to_string()),
        flag(!reader_turn),
        (reader_turn && p.lesson.hint_offered()).then(|| "true".to_string()),
        flag(!reader_turn),
        flag(!done),
        Some(counts(p)),
        flag(last_chapter),
        flag(naming.is_none()),
        naming.map(|n| format!("In {}", n.title())),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::controls::check_markup;

    #[test]
    fn every_element_of_the_markup_is_a_control() {
        assert_eq!(
            check_markup::<LessonControl>(&markup()),
            Vec::<String>::new()
        );
        assert!(
            shown(None, true)[0].is_some(),
            "no lesson: the panel is hidden"
        );
    }
}
