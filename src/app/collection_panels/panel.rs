//! Opening a collection: many files, zip archives or a text of several games, read by the
//! collection worker (`collection_worker`) with a progress bar while the page stays
//! responsive; then the game list, sortable and filtered, whose games open in the viewer
//! (`]` and `[` go to the next and previous one).

use super::link::{self, Question};
use crate::app::kit::chunk::{wasm_split, Unavailable};
use crate::app::kit::{self, dom, services, Control as _, Markup, Stored};
use crate::app::model::game::LoadError;
use crate::app::model::viewer::Viewer;
use crate::collection::library::{self, ListColumn, ListQuery};
use crate::engine::position::GameState;
use crate::protocol::collection_messages::CollectionRequest;
use js_sys::Array;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;

crate::controls! {
    /// The panel's elements with ids: the file chooser, the filters, the progress bar and
    /// the list.
    pub(crate) enum CollectionControl {
        Files = "collection-input",
        Progress = "collection-progress",
        Player = "game-filter",
        GameType = "filter-game-type",
        Result = "filter-result",
        MinPlies = "filter-min-plies",
        Reopen = "collection-reopen",
        SaveIndex = "save-index",
        MakeStudy = "collection-study",
        Insights = "insights",
        List = "game-list",
    }
}

/// The panel's markup, its ids from [`CollectionControl`].
fn markup() -> String {
    use CollectionControl as C;
    let mut sorts = String::new();
    for c in ListColumn::ALL {
        sorts.push_str(&format!(
            r#"<th scope="col"><button type="button" data-sort="{}">{}</button></th>"#,
            c.name(),
            c.label()
        ));
    }
    Markup::new()
        .raw(r#"<h2>Collection</h2>"#)
        .raw(r#"<div class="collection-load"><label for="collection-input">Open games</label>"#)
        .control("input", C::Files, r#" type="file" multiple accept=".pgn,.sgf,.uhp,.txt,.zip,.blnindex,application/zip,text/plain"></div>"#)
        .raw(r#"<p class="hint small">Many files at once, zip archives of them (BoardSpace's monthly archives), or a PGN file of many games.</p>"#)
        .raw(r#"<div class="collection-progress" hidden>"#)
        .control("progress", C::Progress, r#" max="1" value="0"></progress> <span class="count" role="status"></span></div>"#)
        .raw(r#"<div class="collection-filters" hidden>"#)
        .raw(r#"<label for="game-filter">Player</label>"#)
        .control("input", C::Player, r#" type="search" placeholder="name">"#)
        .raw(r#"<label for="filter-game-type">Game</label>"#)
        .control("select", C::GameType, concat!(
            r#"><option value="">any</option>"#,
            r#"<option>Base</option><option>Base+M</option><option>Base+L</option><option>Base+P</option><option>Base+ML</option><option>Base+MP</option><option>Base+LP</option><option>Base+MLP</option></select>"#,
        ))
        .raw(r#"<label for="filter-result">Result</label>"#)
        .control("select", C::Result, r#"><option value="">any</option><option value="WhiteWins">White wins</option><option value="BlackWins">Black wins</option><option value="Draw">Draw</option><option value="InProgress">Unfinished</option></select>"#)
        .raw(r#"<label for="filter-min-plies">Min. plies</label>"#)
        .control("input", C::MinPlies, r#" type="number" min="0" value="0" inputmode="numeric">"#)
        .raw(r#"</div>"#)
        .raw(r#"<p class="collection-status" role="status"></p>"#)
        .control("button", C::Reopen, r#" type="button" hidden>Read the files again</button>"#)
        .control("button", C::SaveIndex, r#" type="button" hidden>Save the explorer's index</button>"#)
        .control("button", C::MakeStudy, r#" type="button" hidden title="The games listed (the first 64) as the chapters of a study">Make a study</button>"#)
        .control("button", C::Insights, r#" type="button" hidden>Insights</button>"#)
        .raw(r#"<div class="game-list-scroll">"#)
        .control("table", C::List, r#" hidden><thead><tr>"#)
        .raw(&sorts)
        .raw(r#"</tr></thead><tbody></tbody></table></div>"#)
        .done()
}

/// What the user did in the panel.
#[derive(Clone, Debug)]
pub(crate) enum CollectionAction {
    /// Files or texts to open as the collection (the collection's code, and so its worker,
    /// loads with the first).
    Open(Array),
    /// The list to ask of the worker again: the collection, its order, its filters or the
    /// game on the board changed.
    List,
    /// A game of the list (or of the explorer) to open: its index in the collection.
    OpenGame(usize),
    /// The next (`true`) or previous game of the list to open.
    StepGame(bool),
    /// A column's header: sort by it (again: the other way).
    Sort(ListColumn),
    /// A control changed.
    Changed(CollectionControl),
    /// The list's state to show (the element is the panel's).
    Show,
    /// The explorer's question about the position on the board (the explorer's panel's:
    /// the position's bytes are written by code loaded with the collection, not on the
    /// first screen).
    Explore,
    /// The explorer's move to play (the element is its row, with `data-play`).
    PlayExplored,
    /// The book the address names, if it names one, to open in the explorer.
    OpenBook,
}

impl CollectionAction {
    /// What an event on an element of the panel (a button, field or menu) asks, if anything.
    fn of(el: &web_sys::Element, kind: &str) -> Option<CollectionAction> {
        if let Some(i) = el
            .get_attribute("data-open-game")
            .and_then(|v| v.parse().ok())
        {
            return (kind == "click").then_some(CollectionAction::OpenGame(i));
        }
        if let Some(col) = el
            .get_attribute("data-sort")
            .and_then(|v| ListColumn::from_name(&v))
        {
            return (kind == "click").then_some(CollectionAction::Sort(col));
        }
        let control = CollectionControl::from_id(&el.id())?;
        let acts = match control {
            CollectionControl::Files | CollectionControl::GameType | CollectionControl::Result => {
                kind == "change"
            }
            CollectionControl::Player => kind == "input",
            CollectionControl::MinPlies => kind == "input" || kind == "change",
            CollectionControl::Reopen
            | CollectionControl::SaveIndex
            | CollectionControl::MakeStudy
            | CollectionControl::Insights => kind == "click",
            CollectionControl::Progress | CollectionControl::List => false,
        };
        acts.then_some(CollectionAction::Changed(control))
    }
}

/// Reads chosen or dropped files into a collection and opens it.
pub fn open_files(viewer: Viewer, files: Vec<web_sys::File>) {
    if !files.is_empty() {
        open(viewer, files.iter().collect::<Array>());
    }
}

/// Opens a pasted or dropped text of several games as a collection.
pub fn open_text(viewer: Viewer, text: String) {
    open(viewer, std::iter::once(JsValue::from(text)).collect());
}

/// Opens files or texts as the collection, by the collection's code: the worker, its
/// messages and their answers are code loaded on first use, not the first screen's.
fn open(viewer: Viewer, sources: Array) {
    services::spawn(async move {
        let action = CollectionAction::Open(sources);
        if collection_action_in_chunk(viewer, None, action)
            .await
            .is_err()
        {
            viewer
                .load_error
                .set(Some(LoadError::Unavailable.to_string()));
        }
    });
}

/// What the user did, in the chunk of the panels' actions: open a game of the list, sort
/// the list, open files, or change a filter; or the list's state to show. (One entry point
/// for both: each costs the first screen its loader and the task that awaits it.)
#[wasm_split(panels, fallible)]
fn collection_action_in_chunk(
    viewer: Viewer,
    el: Option<web_sys::Element>,
    action: CollectionAction,
) -> Result<(), Unavailable> {
    act(viewer, el.as_ref(), action);
    Ok(())
}

/// Asks [`collection_action_in_chunk`] (one task for every ask); a chunk that could not be fetched is said
/// in the panel `at`, after `not` ("Not done").
pub(crate) fn later(
    viewer: Viewer,
    el: web_sys::Element,
    action: CollectionAction,
    at: web_sys::Element,
    not: &'static str,
) {
    services::spawn(async move {
        if let Err(e) = collection_action_in_chunk(viewer, Some(el), action).await {
            say(&at, &format!("{not}: {e}."));
        }
    });
}

/// What [`collection_action_in_chunk`] does (`el`: the element of the action, for those
/// that have one).
fn act(viewer: Viewer, el: Option<&web_sys::Element>, action: CollectionAction) {
    let action = match action {
        CollectionAction::Open(sources) => return link::open(viewer, sources),
        CollectionAction::List => return ask_list(viewer),
        action => action,
    };
    let Some(el) = el else {
        return;
    };
    let control = match action {
        CollectionAction::OpenGame(i) => return link::open_game(viewer, i),
        CollectionAction::StepGame(forward) => return link::step_game(viewer, forward),
        CollectionAction::Sort(col) => {
            return viewer.collection.sort.update(|(c, d)| {
                *d = *c == col && !*d;
                *c = col;
            })
        }
        CollectionAction::Changed(control) => control,
        CollectionAction::Open(_) | CollectionAction::List => return,
        CollectionAction::Show => return show(viewer, el),
        CollectionAction::Explore => return link::explore(viewer),
        CollectionAction::OpenBook => return open_book(viewer),
        CollectionAction::PlayExplored => {
            let mv = el
                .get_attribute("data-play")
                .and_then(|code| crate::engine::transfer::read_move_code(&code));
            if let Some(mv) = mv {
                if let Err(e) = viewer.play(mv) {
                    leptos::logging::warn!("could not play the move: {e}");
                }
            }
            return;
        }
    };
    let value = dom::value_of(el);
    match control {
        CollectionControl::Files => {
            let files = el
                .dyn_ref::<web_sys::HtmlInputElement>()
                .and_then(|i| i.files())
                .map(|list| (0..list.length()).filter_map(|k| list.get(k)).collect())
                .unwrap_or_default();
            open_files(viewer, files);
        }
        CollectionControl::Player => viewer.collection.filter.update(|f| {
            f.explorer.player = Some(value.trim().to_string()).filter(|p| !p.is_empty());
        }),
        CollectionControl::GameType => viewer
            .collection
            .filter
            .update(|f| f.explorer.game_type = library::game_type_of(&value)),
        CollectionControl::Result => viewer
            .collection
            .filter
            .update(|f| f.result = GameState::parse(&value)),
        CollectionControl::MinPlies => viewer
            .collection
            .filter
            .update(|f| f.explorer.min_plies = value.parse().unwrap_or(0)),
        CollectionControl::Reopen => link::reopen(viewer),
        CollectionControl::SaveIndex => link::save_index(viewer),
        CollectionControl::MakeStudy => link::make_study(viewer),
        CollectionControl::Insights => super::insights::open(viewer),
        CollectionControl::Progress | CollectionControl::List => {}
    }
}

/// Asks the worker for the list as the panel orders and filters it, with the game on the
/// board.
fn ask_list(viewer: Viewer) {
    let (sort, descending) = viewer.collection.sort.get_untracked();
    let q = ListQuery {
        filter: viewer.collection.filter.get_untracked(),
        sort,
        descending,
        current: viewer.collection.open_game.get_untracked(),
    };
    link::ask(
        viewer,
        Question::List,
        CollectionRequest::List { query: q.to_text() },
    );
}

/// The book an address's query names: `book=URL` (as written, relative to the page or
/// not), `book` alone for the `book/` folder beside the app; `None` when it names none.
pub fn book_address(query: &str) -> Option<String> {
    services::query_value(query, "book").map(|v| if v.is_empty() { "book/".to_string() } else { v })
}

/// Offers the explorer's index the worker answered as `collection.blnindex`, which opens
/// again without its games, here or with `beeline explore --index`.
fn offer_index(bytes: JsValue) {
    // (Not `{:?}` of the error: formatting a JavaScript value costs the first visit's
    // script the glue that writes any value.)
    let saved = services::download_value(&bytes, "collection.blnindex", "application/octet-stream");
    if saved.is_err() {
        leptos::logging::warn!("the browser would not save the index");
    }
}

/// Opens the book the address names (`?book=URL`, relative to the page or not) in the
/// explorer: the worker reads it before the explorer's first question.
fn open_book(viewer: Viewer) {
    let query = services::location_search().unwrap_or_default();
    let Some(address) = book_address(&query) else {
        return;
    };
    // A relative address is the worker's to resolve: its script is beside the page.
    link::open_book(viewer, address);
}

/// Shows the list's state: progress, filters, status and rows.
fn show(viewer: Viewer, root: &web_sys::Element) {
    let find = |s: &str| dom::find(root, s);
    if let Some(p) = find(".collection-progress") {
        let loading = viewer.collection.loading.get_untracked();
        dom::set_flag(&p, "hidden", loading.is_none());
        if let (Some(l), Some(bar), Some(count)) = (loading, find("progress"), find(".count")) {
            dom::set_attr(&bar, "max", Some(&l.total.max(1).to_string()));
            dom::set_attr(&bar, "value", Some(&l.done.to_string()));
            count.set_text_content(Some(&format!("{} games read", l.games)));
        }
    }
    let (Some(table), Some(body), Some(status), Some(filters)) = (
        find("#game-list"),
        find("#game-list tbody"),
        find(".collection-status"),
        find(".collection-filters"),
    ) else {
        return;
    };
    let opened = viewer.collection.library.get_untracked();
    dom::set_flag(&table, "hidden", opened.is_none());
    for button in ["#save-index", "#collection-study", "#insights"] {
        if let Some(b) = find(button) {
            dom::set_flag(&b, "hidden", opened.is_none());
        }
    }
    dom::set_flag(&filters, "hidden", opened.is_none());
    if let Some(o) = opened {
        dom::set_attr(root, "data-memory", Some(&(o.memory as u64).to_string()));
    }
    let error = viewer.collection.error.get_untracked();
    viewer.collection.listing.with_untracked(|l| {
        if let Some((markup, text)) = l {
            body.set_inner_html(markup);
            status.set_text_content(Some(text));
        }
    });
    if let Some(reopen) = find("#collection-reopen") {
        // A worker that stopped: its files are kept, to be read again.
        let stopped = error.is_some() && link::can_reopen();
        dom::set_flag(&reopen, "hidden", !stopped);
    }
    if let Some(e) = error {
        status.set_text_content(Some(&e));
    }
    if let Some(bytes) = link::take_saved() {
        offer_index(bytes);
    }
    let (col, desc) = viewer.collection.sort.get_untracked();
    for column in ListColumn::ALL {
        if let Some(th) =
            find(&format!("[data-sort=\"{}\"]", column.name())).and_then(|b| b.parent_element())
        {
            let sort = match (column == col, desc) {
                (false, _) => None,
                (true, false) => Some("ascending"),
                (true, true) => Some("descending"),
            };
            dom::set_attr(&th, "aria-sort", sort);
        }
    }
}

/// Writes the panel's status line from the main module: what cannot be shown by the code
/// that could not be loaded.
fn say(root: &web_sys::Element, text: &str) {
    if let Some(status) = dom::find(root, ".collection-status") {
        status.set_text_content(Some(text));
    }
}

#[component]
pub fn CollectionPanel(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    // The list's state shown: progress, filters, status and rows, set by code loaded on first
    // use (`collection_action_in_chunk`, `CollectionAction::Show`) once there is any (the markup shows the empty state).
    let shown = Stored::new(false);
    kit::on_mount(
        root,
        Box::new(move |root| {
            // `|`, not `||`: each of the three is followed, whichever is set.
            let any = viewer.collection.loading.with(Option::is_some)
                | viewer.collection.library.with(Option::is_some)
                | viewer.collection.error.with(Option::is_some);
            viewer.collection.listing.track();
            viewer.collection.sort.track();
            if !any && !shown.get_value() {
                return;
            }
            shown.set_value(true);
            later(
                viewer,
                root.clone(),
                CollectionAction::Show,
                root.clone(),
                "Not shown",
            );
        }),
    );
    // The list asked of the worker again whenever the collection, its order, its filters
    // or the game on the board change (by the collection's code: `ask_list`).
    kit::on_mount(
        root,
        Box::new(move |root| {
            if viewer.collection.library.with(Option::is_none) {
                return;
            }
            viewer.collection.sort.track();
            viewer.collection.filter.track();
            viewer.collection.open_game.track();
            later(
                viewer,
                root.clone(),
                CollectionAction::List,
                root,
                "Not listed",
            );
        }),
    );
    // What the user does: files, filters, sorting, opening a game (done by code loaded on
    // first use, `collection_action_in_chunk`).
    kit::on_mount(
        root,
        Box::new(move |root| {
            let at = root.clone();
            dom::listen(&root, &["click", "change", "input"], move |e| {
                let Some(el) = dom::event_closest(&e, "button, input, select") else {
                    return;
                };
                let Some(action) = CollectionAction::of(&el, &e.type_()) else {
                    return;
                };
                later(viewer, el, action, at.clone(), "Not done");
            });
        }),
    );
    // `]` and `[` open the next and previous game of the list.
    services::on_window(leptos::ev::keydown, move |e| {
        if dom::event_is_typing(&e) || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let forward = match e.key().as_str() {
            "]" => true,
            "[" => false,
            _ => return,
        };
        let panel = root.get_untracked().map(web_sys::Element::from);
        if let Some(panel) =
            panel.filter(|_| viewer.collection.library.with_untracked(Option::is_some))
        {
            e.prevent_default();
            let action = CollectionAction::StepGame(forward);
            later(viewer, panel.clone(), action, panel, "Not done");
        }
    });
    view! { <section class="collection-panel" aria-label="Collection" node_ref=root inner_html=markup()></section> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_markup_is_written_from_the_controls_as_it_was_by_hand() {
        let by_hand = concat!(
            r#"<h2>Collection</h2>"#,
            r#"<div class="collection-load"><label for="collection-input">Open games</label>"#,
            r#"<input id="collection-input" type="file" multiple accept=".pgn,.sgf,.uhp,.txt,.zip,.blnindex,application/zip,text/plain"></div>"#,
            r#"<p class="hint small">Many files at once, zip archives of them (BoardSpace's monthly archives), or a PGN file of many games.</p>"#,
            r#"<div class="collection-progress" hidden><progress id="collection-progress" max="1" value="0"></progress> <span class="count" role="status"></span></div>"#,
            r#"<div class="collection-filters" hidden>"#,
            r#"<label for="game-filter">Player</label><input id="game-filter" type="search" placeholder="name">"#,
            r#"<label for="filter-game-type">Game</label><select id="filter-game-type"><option value="">any</option>"#,
            r#"<option>Base</option><option>Base+M</option><option>Base+L</option><option>Base+P</option><option>Base+ML</option><option>Base+MP</option><option>Base+LP</option><option>Base+MLP</option></select>"#,
            r#"<label for="filter-result">Result</label><select id="filter-result"><option value="">any</option><option value="WhiteWins">White wins</option><option value="BlackWins">Black wins</option><option value="Draw">Draw</option><option value="InProgress">Unfinished</option></select>"#,
            r#"<label for="filter-min-plies">Min. plies</label><input id="filter-min-plies" type="number" min="0" value="0" inputmode="numeric">"#,
            r#"</div>"#,
            r#"<p class="collection-status" role="status"></p>"#,
            r#"<button id="collection-reopen" type="button" hidden>Read the files again</button>"#,
            r#"<button id="save-index" type="button" hidden>Save the explorer's index</button>"#,
            r#"<button id="collection-study" type="button" hidden title="The games listed (the first 64) as the chapters of a study">Make a study</button>"#,
            r#"<button id="insights" type="button" hidden>Insights</button>"#,
            r#"<div class="game-list-scroll"><table id="game-list" hidden><thead><tr>"#,
            r#"<th scope="col"><button type="button" data-sort="players">Players</button></th>"#,
            r#"<th scope="col"><button type="button" data-sort="date">Date</button></th>"#,
            r#"<th scope="col"><button type="button" data-sort="event">Event</button></th>"#,
            r#"<th scope="col"><button type="button" data-sort="result">Result</button></th>"#,
            r#"<th scope="col"><button type="button" data-sort="game-type">Game</button></th>"#,
            r#"<th scope="col"><button type="button" data-sort="plies">Plies</button></th>"#,
            r#"<th scope="col"><button type="button" data-sort="opening">Opening</button></th>"#,
            r#"</tr></thead><tbody></tbody></table></div>"#,
        );
        assert_eq!(markup(), by_hand);
        assert_eq!(
            kit::controls::check_markup::<CollectionControl>(&markup()),
            Vec::<String>::new()
        );
    }

    #[test]
    fn an_address_names_a_book_by_its_url_or_the_folder_beside_the_app() {
        assert_eq!(book_address(""), None);
        assert_eq!(book_address("?embed&move=3"), None);
        assert_eq!(book_address("?book"), Some("book/".into()));
        assert_eq!(book_address("?book="), Some("book/".into()));
        assert_eq!(
            book_address("?x=1&book=https%3A%2F%2Fexample.org%2Fhive%2Fbook%2F"),
            Some("https://example.org/hive/book/".into())
        );
        assert_eq!(
            book_address("?book=../books/2024"),
            Some("../books/2024".into())
        );
        // Not a book's parameter, though it starts like one.
        assert_eq!(book_address("?bookish=1"), None);
    }
}
