//! Studies in the app: a study of several chapters open beside the board (`#study`), its
//! interactive chapters played as lessons (`#lesson`), and the library that keeps every study
//! in the browser (`#library`). The study model and the lesson's rules are `crate::study`'s,
//! tested natively; this folder is the page's part of them:
//!
//! - [`state`]: the studies' state on the page (the study open, the library's rows);
//! - [`desk`]: the study open: opened, its chapters shown and changed, closed;
//! - [`saving`]: the library kept up to date, and the other tabs' saves heard;
//! - [`open`]: the open study's chapters and the author's changes to them (free of the DOM);
//! - [`panel`]: the chapter list and its tools, with the library's list;
//! - [`library`], [`library_actions`], [`store`]: the library's entries and list, what its
//!   buttons do, and IndexedDB;
//! - [`lesson`], [`lesson_view`]: a lesson's play on the board and its panel.
//!
//! All of it is code loaded on first use ([`study_in_chunk`]): the first screen has the
//! toolbar's *Studies* button, a study's link or `?study=URL` in the address, and a pasted
//! or dropped file that names a study (`StudyName`), each of which asks for it.
//!
//! Hooks: `#library-open` (the toolbar's, `aria-pressed`), `#study`, `#study-title`,
//! `#chapters` with `li[data-chapter]` (`data-mode`, `aria-current` on the one shown, its
//! `.open-chapter` button), `#chapter-name`, `#chapter-mode`, `#chapter-orientation`,
//! `#chapter-up`, `#chapter-down`, `#chapter-delete`, `#lesson-preview`, `#chapter-source`,
//! `#chapter-add`, `#study-export`, `#study-close`, `#study-note`, `#library`,
//! `#library-list` with `li[data-study]` (`data-chapters`; `.study-open`, `.study-rename`, `.study-export`,
//! `.study-delete`; `data-damaged` on a study that cannot be read), `#study-new`,
//! `#library-export`, `#library-import`; `#lesson`, `#lesson-prompt`, `#lesson-status`
//! (`data-verdict`: `right`, `wrong`, `hint`, `shown`, `done`), `#lesson-hint`
//! (`data-offered` after three misses), `#lesson-show`, `#lesson-restart`, `#lesson-edit`,
//! `#lesson-summary`, `#lesson-next`; the root's `data-lesson` while a lesson plays.

mod desk;
mod lesson;
mod lesson_view;
mod library;
mod library_actions;
mod open;
mod panel;
mod saving;
mod state;
mod store;

use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::{js, services, Var};
use crate::app::model::game::{self, LoadError};
use crate::app::model::viewer::Viewer;
use crate::study::{file, link, Study};

/// What the studies' code is asked.
pub enum StudyWork {
    /// The library shown or hidden (the toolbar's *Studies*).
    Library,
    /// The study the address names: a study's link in its fragment, else `?study=URL`.
    FromAddress,
    /// A study file's text, pasted, dropped or chosen.
    Text(String),
    /// Games made a study (a title, and their links: a collection's games listed).
    Games(String, Vec<String>),
}

/// [`act`], in a chunk of its own, loaded the first time a study is used.
#[wasm_split(studies, fallible)]
fn study_in_chunk(viewer: Viewer, work: StudyWork) -> Result<(), Unavailable> {
    act(viewer, work);
    Ok(())
}

/// Asks the studies' code (one task for every kind of work). Called from the board's code
/// loaded on first use (`board::drawing_tool::BoardWork::Study`), so that the first screen
/// holds no loader for this chunk.
pub fn ask(viewer: Viewer, work: StudyWork) {
    services::spawn(async move {
        if study_in_chunk(viewer, work).await.is_err() {
            viewer
                .load_error
                .set(Some(LoadError::Unavailable.to_string()));
        }
    });
}

/// The studies' state, made (its panels built, the board followed) the first time.
fn desk(viewer: Viewer) -> state::Desk {
    if let Some(d) = state::current() {
        return d;
    }
    let d = state::new(viewer);
    state::install(d);
    panel::build(d);
    lesson_view::build(d);
    lesson::build(d);
    crate::app::kit::watch(Box::new(move || desk::follow_board(d)));
    saving::listen_to_other_tabs(d);
    services::spawn(desk::refresh(d));
    d
}

fn act(viewer: Viewer, work: StudyWork) {
    let d = desk(viewer);
    match work {
        StudyWork::Library => {
            let shown = !d.library_shown.get_untracked();
            d.library_shown.set(shown);
            if shown {
                services::spawn(desk::refresh(d));
            }
            press_library_button(shown);
            listen_keys(d);
        }
        StudyWork::FromAddress => {
            listen_keys(d);
            services::spawn(from_address(d));
        }
        StudyWork::Text(text) => {
            listen_keys(d);
            services::spawn(library_actions::import_text(d, text, true));
        }
        StudyWork::Games(title, fragments) => {
            listen_keys(d);
            open_games(d, title, fragments);
        }
    }
}

/// Opens a built-in course at a chapter, outside the library.
pub(crate) fn open_course(viewer: Viewer, course: &crate::learn::course::Course, chapter: usize) {
    let d = desk(viewer);
    listen_keys(d);
    let open = open::OpenStudy::new(
        format!("{}{}", state::COURSE_ID, course.id),
        course.study(),
        None,
    );
    let chapter = chapter.min(open.chapters.len().saturating_sub(1));
    desk::show_study(d, open, chapter, None);
    d.note
        .set("A built-in course: export it to keep a changed copy.".to_string());
}

/// Closes the study open, if any (the trainer puts its own positions on the board).
pub(crate) fn close_study() {
    if let Some(d) = state::current() {
        desk::close(d);
    }
}

/// Forgets a course's progress (the Learn menu's *Reset progress*).
pub(crate) fn reset_course_progress(course: &str) {
    state::reset_progress(course);
}

/// The courses' progress as kept, and a count that changes with each chapter finished (the
/// Learn menu follows it).
pub(crate) fn course_progress() -> (crate::learn::course::CourseProgress, Var<u32>) {
    (state::kept_progress(), state::progress_changes())
}

fn press_library_button(on: bool) {
    if let Ok(Some(b)) = leptos::prelude::document().query_selector("#library-open") {
        crate::app::kit::dom::set_attr(&b, "aria-pressed", Some(if on { "true" } else { "false" }));
    }
}

thread_local! {
    static KEYS: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// `}` and `{` open the next and previous chapter (the collection's `]` and `[`, shifted).
fn listen_keys(d: state::Desk) {
    if KEYS.with(|k| k.replace(true)) {
        return;
    }
    services::on_window(leptos::ev::keydown, move |e| {
        if crate::app::kit::dom::event_is_typing(&e) || e.ctrl_key() || e.meta_key() || e.alt_key()
        {
            return;
        }
        let forward = match e.key().as_str() {
            "}" => true,
            "{" => false,
            _ => return,
        };
        if d.open.with_value(Option::is_some) {
            e.prevent_default();
            desk::step_chapter(d, forward);
        }
    });
}

/// Opens the study the address names: the link in its fragment (the study as it was
/// shared, chapter and move included), else the file at `?study=URL` (relative to the page or
/// not). Either joins the library, or opens the copy kept there from before.
async fn from_address(d: state::Desk) {
    let hash = services::location_hash().unwrap_or_default();
    if let Some(fragment) = game::fragment_of(&hash).filter(|f| link::is_study_link(f)) {
        match link::decode(fragment) {
            // A built-in course's link (a reload): the course, at the link's chapter.
            Ok(opened) if state::course_of_key(&opened.key).is_some() => {
                if let Some(c) = state::course_of_key(&opened.key) {
                    open_course(d.viewer, c, opened.chapter);
                }
            }
            Ok(opened) => {
                let path = opened.study.chapters[opened.chapter]
                    .record
                    .tree
                    .path(opened.node);
                let at = path.map(|p| (opened.chapter, p));
                // This page's own study (a reload): the one kept, at the link's move.
                let kept =
                    !opened.key.is_empty() && desk::open_kept(d, &opened.key, at.clone()).await;
                if !kept {
                    desk::open_new(d, opened.study, None, at).await;
                }
            }
            Err(e) => d
                .viewer
                .load_error
                .set(Some(format!("Could not open the study's link: {e}."))),
        }
        return;
    }
    let query = services::location_search().unwrap_or_default();
    let Some(url) = services::query_value(&query, "study").filter(|u| !u.is_empty()) else {
        return;
    };
    match js::fetch_text(&url).await {
        Ok(text) => {
            let read = file::read(&text);
            let study = read
                .studies
                .into_iter()
                .find(|s| !s.chapters.is_empty())
                .map(|mut s| {
                    if !read.named {
                        s.title = title_of_url(&url);
                    }
                    s
                });
            match study {
                Some(study) => desk::open_new(d, study, Some(url), None).await,
                None => d.viewer.load_error.set(Some(format!(
                    "Could not open the study at {url}: no chapter could be read."
                ))),
            }
        }
        Err(why) => d
            .viewer
            .load_error
            .set(Some(format!("Could not open the study: {why}."))),
    }
}

/// A study's title from its address when its file names none: the file's name.
fn title_of_url(url: &str) -> String {
    let name = url.rsplit('/').find(|p| !p.is_empty()).unwrap_or("Study");
    let name = name.split(['?', '#']).next().unwrap_or(name);
    let name = name.strip_suffix(".pgn").unwrap_or(name);
    crate::study::clean_name(&services::unescape(name))
}

/// A study made of games (their links: a collection's), opened and kept in the library.
fn open_games(d: state::Desk, title: String, fragments: Vec<String>) {
    let records: Vec<_> = fragments
        .iter()
        .filter_map(|f| crate::record::permalink::decode(f).ok())
        .map(|(rec, _)| rec)
        .collect();
    let mut study = Study::new(&title);
    for (i, rec) in records
        .into_iter()
        .enumerate()
        .take(crate::study::MAX_CHAPTERS)
    {
        let name = crate::study::default_chapter_name(&rec, i + 1);
        study.chapters.push(crate::study::Chapter::new(&name, rec));
    }
    services::spawn(desk::open_new(d, study, None, None));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_study_at_an_address_is_named_by_its_file() {
        assert_eq!(
            title_of_url("https://e.org/s/beetle%20tricks.pgn"),
            "beetle tricks"
        );
        assert_eq!(title_of_url("studies/openings.pgn?x=1"), "openings");
        assert_eq!(title_of_url("/"), "Study");
    }
}
