//! Learning in the app: the built-in courses and the notation trainer (`#learn-menu`),
//! opened by the toolbar's *Learn* (`#learn-open`), `?learn` (the menu), `?learn=rules` (a
//! course) or `?learn=notation` (the trainer). The courses are studies (`crate::learn::course`)
//! opened by the studies' code outside the library, which keeps each lesson finished as the
//! reader's progress (`app::study::course_progress`). The trainer is [`trainer`].
//!
//! All of it is a chunk of its own ([`learn_in_chunk`]), fetched on first use through the
//! board's entry point (`BoardWork::Learn`): the first screen has the toolbar's button and
//! the address check only, and a reader of studies does not fetch the trainer's games. The page's script marks the button once for a first visit
//! (`data-learn-new` on the root, `index.html`).
//!
//! Hooks: `#learn-menu`, `#learn-courses` with `[data-course]` (`data-done`, `data-chapters`;
//! its `.course-start`, `.course-reset`) and their `li[data-chapter]` (`data-done`,
//! `.course-chapter`), `#trainer-open`, `#learn-close`; the trainer's in [`trainer`].

mod trainer;
mod trainer_panel;

use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::controls::{self, Markup};
use crate::app::kit::{self, dom, js, services, Sink, Var};
use crate::app::model::viewer::Viewer;
use crate::learn::course::{self, Course, CourseProgress, COURSES};
use crate::view::svg::escape;

/// Set once the menu has been opened: the first visit's mark on the button then goes.
const SEEN_KEY: &str = "beeline-learn-seen";

crate::controls! {
    /// The menu's elements.
    pub(crate) enum LearnControl {
        Menu = "learn-menu",
        Heading = "learn-heading",
        Courses = "learn-courses",
        Trainer = "trainer-open",
        Close = "learn-close",
    }
}

fn markup() -> String {
    use LearnControl as C;
    Markup::new()
        .control("section", C::Menu, r#" class="learn-menu" aria-labelledby="learn-heading" hidden><h2 id="learn-heading">Learn Hive</h2>"#)
        .control("div", C::Courses, r#" class="learn-courses"></div>"#)
        .raw(r#"<div class="learn-trainer"><h3>The notation trainer</h3><p>Find moves written in a notation, or name moves drawn on the board, against the clock.</p>"#)
        .control("button", C::Trainer, r#" type="button">Open the trainer</button></div>"#)
        .control("button", C::Close, r#" type="button" class="learn-close">Close</button></section>"#)
        .done()
}

/// The menu's state on the page.
#[derive(Clone, Copy)]
pub(crate) struct Learn {
    pub viewer: Viewer,
    pub shown: Var<bool>,
}

thread_local! {
    static STATE: std::cell::Cell<Option<Learn>> = const { std::cell::Cell::new(None) };
}

/// The menu's state, its panel built the first time.
fn learn(viewer: Viewer) -> Learn {
    if let Some(l) = STATE.with(std::cell::Cell::get) {
        return l;
    }
    let l = Learn {
        viewer,
        shown: Var::new(false),
    };
    STATE.with(|s| s.set(Some(l)));
    build(l);
    l
}

/// [`show`], in a chunk of its own.
#[wasm_split(learn, fallible)]
fn learn_in_chunk(viewer: Viewer, from_address: bool) -> Result<(), Unavailable> {
    show(viewer, from_address);
    Ok(())
}

/// Asks the learning code (from the board's entry point, `BoardWork::Learn`).
pub(crate) fn ask(viewer: Viewer, from_address: bool) {
    services::spawn(async move {
        if learn_in_chunk(viewer, from_address).await.is_err() {
            viewer.load_error.set(Some(
                crate::app::model::game::LoadError::Unavailable.to_string(),
            ));
        }
    });
}

/// Shows or hides the menu (the toolbar's *Learn*), or opens what the address asks for.
fn show(viewer: Viewer, from_address: bool) {
    let l = learn(viewer);
    js::keep(SEEN_KEY, "1");
    if let Ok(Some(root)) = leptos::prelude::document().query_selector("html") {
        dom::set_attr(&root, "data-learn-new", None);
    }
    if !from_address {
        l.shown.update(|s| *s = !*s);
        if l.shown.get_untracked() {
            scroll_to("#learn-menu");
        }
        return;
    }
    let query = services::location_search().unwrap_or_default();
    let asked = services::query_value(&query, "learn").unwrap_or_default();
    match asked.as_str() {
        "notation" | "trainer" => {
            l.shown.set(true);
            open_trainer(viewer);
        }
        id => match course::find(id) {
            // A course's own link in the address (a reload) opens it where it was.
            Some(_) if has_study_link() => l.shown.set(true),
            Some(c) => open(l, c, first_to_do(c)),
            None => l.shown.set(true),
        },
    }
}

/// Opens the trainer, its panel built the first time.
fn open_trainer(viewer: Viewer) {
    let (t, new) = trainer::state(viewer);
    if new {
        trainer_panel::build(t);
    }
    trainer::show(t);
}

/// Brings an element into view once it is drawn (the menu is below the board on a phone,
/// a lesson above it).
fn scroll_to(selector: &'static str) {
    services::next_frame(move || {
        if let Ok(Some(el)) = leptos::prelude::document().query_selector(selector) {
            js::scroll_to(&el);
        }
    });
}

/// Whether the address holds a study's link (`#E…`), which the studies' code opens.
fn has_study_link() -> bool {
    let hash = services::location_hash().unwrap_or_default();
    crate::app::model::game::fragment_of(&hash).is_some_and(crate::study::link::is_study_link)
}

/// The first chapter of a course not yet finished (the first when all are).
fn first_to_do(c: &Course) -> usize {
    let (p, _) = crate::app::study::course_progress();
    c.study()
        .chapters
        .iter()
        .position(|ch| !p.is_done(c.id, &ch.name))
        .unwrap_or(0)
}

fn open(l: Learn, c: &'static Course, chapter: usize) {
    crate::app::study::open_course(l.viewer, c, chapter);
    // The lesson is above the board: in view, however far down the menu was.
    scroll_to("#lesson");
}

/// The courses' list, with each reader's progress.
fn courses_markup(p: &CourseProgress) -> String {
    let mut out = String::new();
    for c in COURSES {
        let study = c.study();
        let done = p.done_in(&c, &study);
        let total = study.chapters.len();
        out.push_str(&format!(
            r#"<article class="course" data-course="{}" data-chapters="{total}" data-done="{done}"><h3>{}</h3><p>{}</p><p class="course-progress">{done} of {total} chapters done</p><ol class="course-chapters">"#,
            c.id,
            escape(&study.title),
            escape(c.summary),
        ));
        for (i, ch) in study.chapters.iter().enumerate() {
            let flag = if p.is_done(c.id, &ch.name) {
                " data-done"
            } else {
                ""
            };
            out.push_str(&format!(
                r#"<li data-chapter="{i}"{flag}><button type="button" class="course-chapter">{}</button></li>"#,
                escape(&ch.name)
            ));
        }
        let start = match done {
            0 => "Start",
            n if n == total => "Again",
            _ => "Continue",
        };
        out.push_str(&format!(
            r#"</ol><button type="button" class="course-start">{start}</button> <button type="button" class="course-reset"{}>Reset progress</button></article>"#,
            if done == 0 { " disabled" } else { "" }
        ));
    }
    out
}

/// Puts the menu at the top of the side column, binds and listens to it.
fn build(l: Learn) {
    let page = leptos::prelude::document();
    let Some(side) = page.query_selector("aside.side").ok().flatten() else {
        return;
    };
    let _ = side.insert_adjacent_html("afterbegin", &markup());
    let Some(menu) = page.query_selector("#learn-menu").ok().flatten() else {
        return;
    };
    let Some(list) = controls::element(&menu, LearnControl::Courses) else {
        return;
    };
    kit::bind_parts(
        vec![(menu.clone(), Sink::Attr("hidden")), (list, Sink::Html)],
        Box::new(move || {
            let shown = l.shown.get();
            press_button(shown);
            let (progress, changes) = crate::app::study::course_progress();
            changes.track();
            vec![(!shown).then(String::new), Some(courses_markup(&progress))]
        }),
    );
    dom::listen(&menu, &["click"], move |e| {
        match controls::control_of::<LearnControl>(&e) {
            Some((LearnControl::Trainer, _)) => return open_trainer(l.viewer),
            Some((LearnControl::Close, _)) => return l.shown.set(false),
            // (A click in the courses' list is told apart below.)
            _ => {}
        }
        let Some(course_el) = dom::event_closest(&e, "[data-course]") else {
            return;
        };
        let Some(c) = course_el
            .get_attribute("data-course")
            .and_then(|id| course::find(&id))
        else {
            return;
        };
        if dom::event_closest(&e, ".course-reset").is_some() {
            crate::app::study::reset_course_progress(c.id);
        } else if dom::event_closest(&e, ".course-start").is_some() {
            open(l, c, first_to_do(c));
        } else if let Some(i) = dom::event_closest(&e, "[data-chapter]")
            .and_then(|li| li.get_attribute("data-chapter"))
            .and_then(|i| i.parse().ok())
        {
            open(l, c, i);
        }
    });
}

fn press_button(on: bool) {
    if let Ok(Some(b)) = leptos::prelude::document().query_selector("#learn-open") {
        dom::set_attr(&b, "aria-pressed", Some(if on { "true" } else { "false" }));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::controls::check_markup;

    #[test]
    fn the_menu_lists_every_course_with_its_progress() {
        assert_eq!(
            check_markup::<LearnControl>(&markup()),
            Vec::<String>::new()
        );
        let rules = course::find("rules").unwrap();
        let first = rules.study().chapters[0].name.clone();
        let mut p = CourseProgress::default();
        let m = courses_markup(&p);
        assert!(m.contains(r#"data-course="rules""#) && m.contains(r#"data-course="notations""#));
        assert!(m.contains(">Start</button>") && !m.contains("Continue"));
        p.finish("rules", &first);
        let m = courses_markup(&p);
        assert!(m.contains(r#"data-done="1""#), "{m}");
        assert!(m.contains(r#"<li data-chapter="0" data-done>"#));
        assert!(m.contains(">Continue</button>"));
    }
}
