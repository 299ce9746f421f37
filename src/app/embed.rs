//! A game embedded in another page: the app's own page opened with `?embed` in its address,
//! in an `<iframe>`. It shows the board, the current move in the chosen notations on one
//! line, the step buttons and slider, the players and result, and a link that opens the full
//! viewer at the same move. The game comes in the fragment, as in a permalink; the options in
//! the query (see [`EmbedOptions`]). An embed never writes any address or history.

use std::fmt::Write as _;
use std::time::Duration;

use leptos::prelude::*;

use crate::app::board::steps::Controls;
use crate::app::board::Board;
use crate::app::kit::{self, dom, services, Sink};
use crate::app::model::game::initial;
use crate::app::model::keys::Step;
use crate::app::model::viewer::{BoardInput, Viewer};
use crate::record::Record;
use crate::view::svg::escape;
use crate::view::Orientation;

/// How long the "Open in Beeline" link waits after the last step before it follows the move.
const LINK_DELAY: Duration = Duration::from_millis(250);

/// A notation the one-line move can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EmbedColumn {
    Direction,
    Standard,
    Algebraic,
}

impl EmbedColumn {
    fn key(self) -> &'static str {
        match self {
            EmbedColumn::Direction => "direction",
            EmbedColumn::Standard => "standard",
            EmbedColumn::Algebraic => "algebraic",
        }
    }

    fn of_key(key: &str) -> Option<EmbedColumn> {
        [
            EmbedColumn::Direction,
            EmbedColumn::Standard,
            EmbedColumn::Algebraic,
        ]
        .into_iter()
        .find(|c| c.key() == key)
    }
}

/// The colours of an embed: the reader's (`prefers-color-scheme`), light or dark.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Theme {
    #[default]
    Auto,
    Light,
    Dark,
}

impl Theme {
    fn key(self) -> &'static str {
        match self {
            Theme::Auto => "auto",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }
}

/// An embed's options, from the query of its address:
/// `?embed&move=12&orientation=played&notations=direction,standard&autoplay&theme=dark`.
/// Every option may be left out; a value that cannot be read keeps the default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EmbedOptions {
    /// The ply shown first (on the line of the link's node); otherwise the link's own node.
    pub ply: Option<usize>,
    pub orientation: Orientation,
    /// The notations of the one-line move, in this order (direction first by default).
    pub columns: Vec<EmbedColumn>,
    pub autoplay: bool,
    pub theme: Theme,
}

impl Default for EmbedOptions {
    fn default() -> EmbedOptions {
        EmbedOptions {
            ply: None,
            orientation: Orientation::NoonUp,
            columns: vec![
                EmbedColumn::Direction,
                EmbedColumn::Standard,
                EmbedColumn::Algebraic,
            ],
            autoplay: false,
            theme: Theme::Auto,
        }
    }
}

impl EmbedOptions {
    /// The options of an address's query (`?…`, with or without the `?`), or `None` when it
    /// does not ask for an embed.
    pub fn parse(query: &str) -> Option<EmbedOptions> {
        let query = query.strip_prefix('?').unwrap_or(query);
        let mut embed = false;
        let mut o = EmbedOptions::default();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            let value = services::unescape(value);
            let on = !matches!(value.as_str(), "0" | "false" | "no");
            match services::unescape(key).as_str() {
                "embed" => embed = on,
                "move" => o.ply = value.trim().parse().ok(),
                "orientation" => match value.as_str() {
                    "noon" => o.orientation = Orientation::NoonUp,
                    "played" => o.orientation = Orientation::AsPlayed,
                    _ => {}
                },
                "notations" => {
                    let mut columns: Vec<EmbedColumn> = Vec::new();
                    for c in value
                        .split(',')
                        .filter_map(|k| EmbedColumn::of_key(k.trim()))
                    {
                        if !columns.contains(&c) {
                            columns.push(c);
                        }
                    }
                    if !columns.is_empty() {
                        o.columns = columns;
                    }
                }
                "autoplay" => o.autoplay = on,
                "theme" => match value.as_str() {
                    "light" => o.theme = Theme::Light,
                    "dark" => o.theme = Theme::Dark,
                    "auto" => o.theme = Theme::Auto,
                    _ => {}
                },
                _ => {}
            }
        }
        embed.then_some(o)
    }
}

/// The address of a page without its query and fragment.
fn page_address(href: &str) -> &str {
    let end = href.find(['?', '#']).unwrap_or(href.len());
    &href[..end]
}

/// The `<iframe>` that embeds the game of `fragment` (a permalink's), for the page at
/// `href`: a size that shows the board and its line comfortably, and a title for screen
/// readers that names the game.
pub fn embed_code(href: &str, fragment: &str, rec: &Record) -> String {
    let players = players_line(rec);
    let title = if players.is_empty() {
        "Hive game (Beeline)".to_string()
    } else {
        format!("Hive game: {players} (Beeline)")
    };
    format!(
        "<iframe src=\"{}?embed#{}\" title=\"{}\" width=\"420\" height=\"520\" \
         style=\"border: 0; max-width: 100%\" loading=\"lazy\"></iframe>",
        escape(page_address(href)),
        escape(fragment),
        escape(&title)
    )
}

/// "Ann – Bob · White wins": the players and the result, as far as the record knows them.
pub fn players_line(rec: &Record) -> String {
    let name = |n: &Option<String>| {
        n.as_deref()
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(str::to_string)
    };
    let mut s = match (name(&rec.meta.white), name(&rec.meta.black)) {
        (None, None) => String::new(),
        (w, b) => format!(
            "{} – {}",
            w.unwrap_or_else(|| "White".into()),
            b.unwrap_or_else(|| "Black".into())
        ),
    };
    let result = crate::app::model::labels::result_text(rec.result());
    if !s.is_empty() {
        s.push_str(" · ");
    }
    s.push_str(result);
    s
}

/// The one-line move: the chosen notations of the move at `node`'s row, or the start.
fn move_markup(row: Option<&crate::notation::NotatedMove>, columns: &[EmbedColumn]) -> String {
    let Some(row) = row else {
        return "<span class=\"start\">Start</span>".to_string();
    };
    let mut s = format!("<span class=\"turn\">{}.</span>", row.ply);
    for c in columns {
        let text = match c {
            EmbedColumn::Direction => &row.direction,
            EmbedColumn::Standard => &row.standard,
            EmbedColumn::Algebraic => &row.algebraic_short,
        };
        let _ = write!(s, " <span class=\"{}\">{}</span>", c.key(), escape(text));
    }
    s
}

/// The embedded viewer (the whole page, in its iframe).
#[component]
pub fn Embed(options: EmbedOptions) -> impl IntoView {
    let hash = services::location_hash();
    let (game, node, error) = initial(hash.as_deref());
    let viewer = Viewer::new(game, node, error);
    if let Some(p) = options.ply {
        viewer.step(Step::To(p.min(viewer.study.moves())));
    }
    if options.autoplay {
        viewer.study.playing.set(true);
    }
    if let Some(root) = document().document_element() {
        dom::set_attr(&root, "data-theme", Some(options.theme.key()));
    }
    // Keys step the game shown in this frame only: a page's other frames have their own.
    services::on_window(leptos::ev::keydown, move |e| viewer.on_key(&e));

    let BoardInput {
        shown,
        replay,
        ply,
        highlight,
    } = viewer.board_input();
    // The lines around the board, bound to the game and the move shown (see `dom::bind`).
    let columns = options.columns.clone();
    let root = NodeRef::<leptos::html::Main>::new();
    kit::on_mount(
        root,
        Box::new(move |root| {
            let find = |selector: &str| dom::find(&root, selector);
            if let Some(h) = find(".embed-players") {
                let players = move || Some(viewer.study.game.with(|g| players_line(&g.record)));
                kit::bind(h, Sink::Text, Box::new(players));
            }
            if let Some(p) = find(".embed-move") {
                let columns = columns.clone();
                let line = move || {
                    let node = shown.with(|s| s.node);
                    Some(
                        viewer
                            .study
                            .game
                            .with(|g| move_markup(g.row(node), &columns)),
                    )
                };
                kit::bind(p, Sink::Html, Box::new(line));
            }
            if let Some(p) = find("#record-error") {
                kit::bind(
                    p.clone(),
                    Sink::Text,
                    Box::new(move || viewer.load_error.get()),
                );
                let hidden = move || viewer.load_error.with(Option::is_none).then(String::new);
                kit::bind(p, Sink::Attr("hidden"), Box::new(hidden));
            }
            // Mounted (effects run once the view is on the page): tests wait for it.
            dom::set_attr(&root, "data-ready", Some("true"));
        }),
    );
    // "Open in Beeline": the full viewer at the move shown; at first the link the embed was
    // opened with, then a moment after the last step the move stepped to. (An embed never
    // writes its address: the page's address stays what it was.)
    let href = services::location_href().unwrap_or_default();
    let page = page_address(&href).to_string();
    let hash = services::location_hash().unwrap_or_default();
    let opened = match crate::app::model::game::fragment_of(&hash) {
        Some(fragment) => format!("{page}#{fragment}"),
        None => "./".to_string(),
    };
    viewer.study.when_settled(LINK_DELAY, move |fragment| {
        let root: Option<web_sys::Element> = root.get_untracked().map(Into::into);
        if let Some(a) = root.and_then(|r| dom::find(&r, ".embed-open")) {
            dom::set_attr(&a, "href", Some(&format!("{page}#{fragment}")));
        }
    });

    view! {
        <main
            node_ref=root
            class="embed"
            data-embed="true"
            data-ready="false"
        >
            <h1 class="embed-players"></h1>
            <Board
                viewer=viewer
                replay=replay
                ply=ply
                highlight=highlight
                fit=viewer.study.loads
                compact=true
                orientation=options.orientation
            />
            <p class="embed-move" aria-live="polite"></p>
            <p id="record-error" class="error" role="alert" hidden></p>
            <div class="embed-bar">
                <Controls viewer=viewer/>
                <a class="embed-open" href=opened target="_blank" rel="noopener">
                    "Open in Beeline"
                </a>
            </div>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{import, Format};

    #[test]
    fn options_are_read_from_the_query() {
        assert_eq!(EmbedOptions::parse(""), None);
        assert_eq!(EmbedOptions::parse("?move=3"), None);
        assert_eq!(EmbedOptions::parse("?embed=0"), None);
        assert_eq!(EmbedOptions::parse("?embed"), Some(EmbedOptions::default()));
        let o = EmbedOptions::parse(
            "?embed=1&move=12&orientation=played&notations=standard%2Cdirection&autoplay&theme=dark",
        )
        .unwrap();
        assert_eq!(o.ply, Some(12));
        assert_eq!(o.orientation, Orientation::AsPlayed);
        assert_eq!(
            o.columns,
            vec![EmbedColumn::Standard, EmbedColumn::Direction]
        );
        assert!(o.autoplay);
        assert_eq!(o.theme, Theme::Dark);
    }

    #[test]
    fn unreadable_options_keep_their_defaults() {
        let o = EmbedOptions::parse(
            "embed&move=x&orientation=up&notations=,,nope&theme=%zz&autoplay=no&&=",
        )
        .unwrap();
        assert_eq!(o, EmbedOptions::default());
        let o = EmbedOptions::parse("embed&notations=algebraic,algebraic,direction").unwrap();
        assert_eq!(
            o.columns,
            vec![EmbedColumn::Algebraic, EmbedColumn::Direction]
        );
        assert_eq!(services::unescape("a%2"), "a%2");
        assert_eq!(services::unescape("%e2%80%93+x"), "– x");
    }

    #[test]
    fn the_embed_code_names_the_game_and_keeps_the_link() {
        let rec = import(
            "[White \"Ann <1>\"]\n[Black \"Bob\"]\n\n1. wS1\n",
            Some(Format::Pgn),
        );
        let rec = rec.unwrap_or_else(|e| panic!("{e}"));
        let code = embed_code("https://example.org/beeline/?x=1#old", "AbC-1_", &rec);
        assert!(
            code.starts_with("<iframe src=\"https://example.org/beeline/?embed#AbC-1_\""),
            "{code}"
        );
        assert!(
            code.contains("title=\"Hive game: Ann &lt;1&gt; – Bob · in progress (Beeline)\""),
            "{code}"
        );
        assert!(code.ends_with("></iframe>"));
    }

    #[test]
    fn the_move_line_shows_the_chosen_notations_in_order() {
        let game = crate::app::model::game::NotatedGame::example();
        let node = game.main_line().node_at(1);
        let row = game.row(node);
        let all = move_markup(row, &EmbedOptions::default().columns);
        let r = row.unwrap();
        assert_eq!(
            all,
            format!(
                "<span class=\"turn\">1.</span> <span class=\"direction\">{}</span> <span class=\"standard\">{}</span> <span class=\"algebraic\">{}</span>",
                escape(&r.direction), escape(&r.standard), escape(&r.algebraic_short)
            )
        );
        let one = move_markup(row, &[EmbedColumn::Standard]);
        assert!(one.contains("standard") && !one.contains("direction"));
        assert_eq!(
            move_markup(None, &[EmbedColumn::Standard]),
            "<span class=\"start\">Start</span>"
        );
    }
}
