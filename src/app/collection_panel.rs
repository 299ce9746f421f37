//! Opening a collection: many files, zip archives (inflated by the browser's
//! `DecompressionStream`) or a text of several games, read in chunks with a progress bar so
//! that the page stays responsive; then the game list, sortable and filtered, whose games
//! open in the viewer (`]` and `[` go to the next and previous one).

use super::library::{self, Column, Library};
use super::{dom, game::Game, Viewer};
use crate::collection::{self, read_game, split, zip, Collection};
use crate::engine::position::GameState;
use leptos::prelude::*;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(inline_js = "
export function inflate_raw(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).arrayBuffer().then((b) => new Uint8Array(b));
}
export function inflate_all(list) { return Promise.all(list.map((b) => inflate_raw(b).catch(() => null))); }
export function next_task() { return new Promise((resolve) => setTimeout(resolve, 0)); }
")]
extern "C" {
    /// Raw deflate, inflated by the browser.
    fn inflate_raw(bytes: &[u8]) -> js_sys::Promise;
    /// Many at once: the browser inflates them side by side (`null` for one it cannot).
    fn inflate_all(list: js_sys::Array) -> js_sys::Promise;
    /// Resolves in the next task: the page draws and answers in between.
    fn next_task() -> js_sys::Promise;
}

/// Games read between two yields to the page.
const CHUNK: usize = 250;
/// How long the explorer waits after a filter changes before indexing again.
const FILTER_DELAY: std::time::Duration = std::time::Duration::from_millis(250);
/// Archive entries inflated together.
const BATCH: usize = 1000;

/// What is being read: games so far, and the files or entries left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    pub games: usize,
    pub done: usize,
    pub total: usize,
}

const MARKUP: &str = concat!(
    r#"<h2>Collection</h2>"#,
    r#"<div class="collection-load"><label for="collection-input">Open games</label>"#,
    r#"<input id="collection-input" type="file" multiple accept=".pgn,.sgf,.uhp,.txt,.zip,application/zip,text/plain"></div>"#,
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

/// What a collection is read from.
enum Source {
    File(web_sys::File),
    Text(String),
}

/// Reads chosen or dropped files into a collection and opens it.
pub fn open_files(viewer: Viewer, files: Vec<web_sys::File>) {
    if !files.is_empty() {
        load(viewer, files.into_iter().map(Source::File).collect());
    }
}

/// Opens a pasted or dropped text of several games as a collection.
pub fn open_text(viewer: Viewer, text: String) {
    load(viewer, vec![Source::Text(text)]);
}

/// Reads the sources one by one, texts in chunks of games and archives in batches of
/// entries, yielding to the page between them (one task: one copy of its state machine).
fn load(viewer: Viewer, sources: Vec<Source>) {
    leptos::task::spawn_local(async move {
        let mut c = Collection::new();
        let total = sources.len();
        for (k, source) in sources.into_iter().enumerate() {
            let (name, bytes) = match source {
                Source::Text(t) => ("pasted text".to_string(), Ok(t.into_bytes())),
                Source::File(f) => {
                    let read = JsFuture::from(f.array_buffer()).await;
                    let bytes = read
                        .map(|b| js_sys::Uint8Array::new(&b).to_vec())
                        .map_err(|_| "the browser could not read the file".to_string());
                    (f.name(), bytes)
                }
            };
            let bytes = match bytes {
                Ok(b) => b,
                Err(error) => {
                    c.failures.push(collection::Failure {
                        source: name,
                        error,
                    });
                    continue;
                }
            };
            if zip::looks_like_zip(&bytes) || collection::is_zip_name(&name) {
                let archive = match zip::Archive::parse(&bytes) {
                    Ok(a) => a,
                    Err(e) => {
                        c.failures.push(collection::Failure {
                            source: name,
                            error: e.to_string(),
                        });
                        continue;
                    }
                };
                // Entries in batches: the deflated ones of a batch inflated together.
                let entries: Vec<&zip::Entry> =
                    archive.entries().iter().filter(|e| !e.is_dir()).collect();
                for batch in entries.chunks(BATCH) {
                    let list = js_sys::Array::new();
                    for entry in batch {
                        if entry.method == zip::Method::Deflated {
                            if let Ok(d) = archive.data(entry) {
                                list.push(&js_sys::Uint8Array::from(d));
                            }
                        }
                    }
                    let mut inflated = match JsFuture::from(inflate_all(list)).await {
                        Ok(v) => js_sys::Array::from(&v).to_vec().into_iter(),
                        Err(_) => Vec::new().into_iter(),
                    };
                    for entry in batch {
                        let data = match archive.data(entry) {
                            Ok(_) if entry.method == zip::Method::Deflated => inflated
                                .next()
                                .filter(|v| !v.is_null())
                                .map(|v| js_sys::Uint8Array::new(&v).to_vec())
                                .ok_or_else(|| "the browser could not inflate it".to_string()),
                            Ok(d) => Ok(d.to_vec()),
                            Err(e) => Err(e.to_string()),
                        };
                        match data {
                            Ok(d) => c.add_inflated(&name, entry, &d),
                            Err(error) => c.failures.push(collection::Failure {
                                source: format!("{name}/{}", entry.name),
                                error,
                            }),
                        }
                    }
                    let _ = report(viewer, &c, k, total).await;
                }
            } else {
                let text = collection::text_of(&bytes);
                let chunks = split::split_records(&text);
                if chunks.len() <= 1 {
                    c.add_text(&name, &text);
                } else {
                    for (i, chunk) in chunks.iter().enumerate() {
                        let source = format!("{name} #{} (line {})", i + 1, chunk.line);
                        let game = read_game(&source, chunk.text);
                        c.push(source, game);
                        if (i + 1) % CHUNK == 0 {
                            let _ = report(viewer, &c, k, total).await;
                        }
                    }
                }
            }
            let _ = report(viewer, &c, k + 1, total).await;
        }
        finish(viewer, c);
    });
}

/// Shows how far the reading is, and lets the page draw and answer until the next task.
fn report(viewer: Viewer, c: &Collection, done: usize, total: usize) -> JsFuture {
    viewer.loading.set(Some(Progress {
        games: c.games.len(),
        done,
        total,
    }));
    JsFuture::from(next_task())
}

/// The collection read: indexed, listed, and its explorer shown.
fn finish(viewer: Viewer, c: Collection) {
    viewer.loading.set(None);
    let filter = viewer.list_filter.get_untracked();
    viewer.library.set(Some(Library::new(c, &filter.explorer)));
    viewer.open_game.set(None);
}

/// Opens a game of the list in the viewer (the list stays).
pub fn open_game(viewer: Viewer, i: usize) {
    let rec = viewer.library.with_untracked(|l| {
        l.as_ref()
            .and_then(|l| l.collection.games.get(i).map(library::record_of))
    });
    if let Some(rec) = rec {
        let game = Game::new(rec);
        let node = game.first_node();
        viewer.show(game, node);
        viewer.open_game.set(Some(i));
    }
}

/// The next or previous game of the list, as sorted and filtered.
pub fn step_game(viewer: Viewer, forward: bool) {
    let rows = viewer.library.with_untracked(|l| {
        l.as_ref().map(|l| {
            let (col, desc) = viewer.list_sort.get_untracked();
            library::listed(
                &l.collection,
                &viewer.list_filter.get_untracked(),
                col,
                desc,
            )
        })
    });
    let Some(rows) = rows else { return };
    let at = viewer
        .open_game
        .get_untracked()
        .and_then(|g| rows.iter().position(|&r| r == g));
    let next = match (at, forward) {
        (None, _) => rows.first(),
        (Some(p), true) => rows.get(p + 1),
        (Some(p), false) => p.checked_sub(1).and_then(|p| rows.get(p)),
    };
    if let Some(&i) = next {
        open_game(viewer, i);
    }
}

#[component]
pub fn CollectionPanel(viewer: Viewer) -> impl IntoView {
    let root = NodeRef::<leptos::html::Section>::new();
    // The list's state shown: progress, filters, status and rows.
    dom::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let root: web_sys::Element = root.into();
        let find = |s: &str| dom::find(&root, s);
        if let Some(p) = find(".collection-progress") {
            let loading = viewer.loading.get();
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
        let (col, desc) = viewer.list_sort.get();
        let filter = viewer.list_filter.get();
        let current = viewer.open_game.get();
        viewer.library.with(|l| {
            let Some(l) = l else { return };
            let c = &l.collection;
            let rows = library::listed(c, &filter, col, desc);
            body.set_inner_html(&library::list_markup(c, &rows, current));
            dom::set_flag(&table, "hidden", false);
            dom::set_flag(&filters, "hidden", false);
            let shown = rows.len().min(library::LIST_LIMIT);
            let mut text = format!("{} of {} games", rows.len(), c.games.len());
            if shown < rows.len() {
                text.push_str(&format!(" (the first {shown} listed: filter to narrow)"));
            }
            if !c.failures.is_empty() {
                text.push_str(&format!(
                    "; {} could not be read (listed last)",
                    c.failures.len()
                ));
            }
            status.set_text_content(Some(&text));
            for column in Column::ALL {
                if let Some(b) = find(&format!("[data-sort=\"{}\"]", column.name())) {
                    let th = b.parent_element();
                    let sort = match (column == col, desc) {
                        (false, _) => None,
                        (true, false) => Some("ascending"),
                        (true, true) => Some("descending"),
                    };
                    if let Some(th) = th {
                        dom::set_attr(&th, "aria-sort", sort);
                    }
                }
            }
        });
    }));
    // What the user does: files, filters, sorting, opening a game.
    dom::watch(Box::new(move || {
        let Some(root) = root.get() else { return };
        let root: web_sys::Element = root.into();
        let at = root.clone();
        dom::listen(&root, &["click", "change", "input"], move |e| {
            let Some(el) = dom::event_closest(&e, "button, input, select") else {
                return;
            };
            if let Some(i) = el
                .get_attribute("data-open-game")
                .and_then(|v| v.parse().ok())
            {
                open_game(viewer, i);
                return;
            }
            if let Some(col) = el
                .get_attribute("data-sort")
                .and_then(|v| Column::from_name(&v))
            {
                viewer.list_sort.update(|(c, d)| {
                    *d = *c == col && !*d;
                    *c = col;
                });
                return;
            }
            let value = dom::value_of(&el);
            match (e.type_().as_str(), el.id().as_str()) {
                ("change", "collection-input") => {
                    let files = el
                        .dyn_ref::<web_sys::HtmlInputElement>()
                        .and_then(|i| i.files())
                        .map(|list| (0..list.length()).filter_map(|k| list.get(k)).collect())
                        .unwrap_or_default();
                    open_files(viewer, files);
                }
                ("input", "game-filter") => viewer.list_filter.update(|f| {
                    f.explorer.player = Some(value.trim().to_string()).filter(|p| !p.is_empty());
                }),
                ("change", "filter-game-type") => viewer
                    .list_filter
                    .update(|f| f.explorer.game_type = library::game_type_of(&value)),
                ("change", "filter-result") => viewer
                    .list_filter
                    .update(|f| f.result = GameState::parse(&value)),
                ("input" | "change", "filter-min-plies") => viewer
                    .list_filter
                    .update(|f| f.explorer.min_plies = value.parse().unwrap_or(0)),
                _ => {}
            }
            let _ = &at;
        });
    }));
    // The explorer follows the list's filters (player, game type, length), indexed again a
    // moment after the last change: typing a name does not index at every key.
    let pending = StoredValue::new(None::<TimeoutHandle>);
    dom::watch(Box::new(move || {
        let filter = viewer.list_filter.with(|f| f.explorer.clone());
        if let Some(h) = pending.get_value() {
            h.clear();
        }
        let rebuild = move || {
            let rebuilt = viewer
                .library
                .with_untracked(|l| l.as_ref().map(|l| l.refiltered(&filter)));
            if let Some(l) = rebuilt {
                viewer.library.set(Some(l));
            }
        };
        pending.set_value(set_timeout_with_handle(rebuild, FILTER_DELAY).ok());
    }));
    // `]` and `[` open the next and previous game of the list.
    let keys = window_event_listener(leptos::ev::keydown, move |e| {
        if dom::event_is_typing(&e) || e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let forward = match e.key().as_str() {
            "]" => true,
            "[" => false,
            _ => return,
        };
        if viewer.library.with_untracked(Option::is_some) {
            e.prevent_default();
            step_game(viewer, forward);
        }
    });
    on_cleanup(move || keys.remove());
    view! { <section class="collection-panel" aria-label="Collection" node_ref=root inner_html=MARKUP></section> }
}
