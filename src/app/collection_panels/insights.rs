//! A player's insights in the browser (docs/INSIGHTS.md): with a collection open, *Insights*
//! (`#insights`, in the collection's panel) opens `#insights-panel` ([`super::insights_view`]),
//! where a player is chosen (`#insights-player`, the collection's players, most games first)
//! and their games are reviewed in the engine's workers ([`super::insights_run`]) with a
//! progress bar (`#insights-progress`) and *Stop*; each game's review is kept in the browser
//! ([`super::insights_cache`]). The report is the command line's (`insights::report`):
//! `#insights-summary` (`data-games`, `data-wins`, `data-draws`, `data-losses`), the charts,
//! the openings and opponents (sortable), and the missed wins and allowed losses
//! (`#insights-missed`, `#insights-allowed`, each `[data-game][data-ply]` opening its game at
//! that ply).
//!
//! All of it is code of the collection panels' chunk (`panel::collection_action_in_chunk`,
//! whose actions open the panel): a chunk of its own cost the first visit 490 bytes of loader
//! and function table (docs/INSIGHTS.md, "In the browser").

use super::insights_run as run;
use super::insights_view::{element, markup, say, sort, InsightsControl, InsightsView, SHOWN};
use super::link;
use crate::app::kit::{controls, dom};
use crate::app::model::viewer::Viewer;
use crate::insights::render::TableColumn;
use crate::protocol::collection_messages::{CollectionAnswer, CollectionRequest};

/// Opens the insights panel (built the first time), below the collection's.
pub fn open(viewer: Viewer) {
    let page = leptos::prelude::document();
    let panel = match page.query_selector("#insights-panel").ok().flatten() {
        Some(p) => p,
        None => {
            let Some(after) = page.query_selector(".collection-panel").ok().flatten() else {
                return;
            };
            let _ = after.insert_adjacent_html("afterend", &markup());
            let Some(p) = page.query_selector("#insights-panel").ok().flatten() else {
                return;
            };
            listen(&p);
            p
        }
    };
    dom::set_flag(&panel, "hidden", false);
    crate::app::kit::js::scroll_to(&panel);
    SHOWN.with(|s| {
        *s.borrow_mut() = Some(InsightsView {
            viewer,
            panel,
            report: None,
            numbers: Vec::new(),
            openings: (TableColumn::Games, true),
            opponents: (TableColumn::Games, true),
        })
    });
    link::on_insights(Box::new(answered));
    link::ask_insights(viewer, CollectionRequest::Players);
}

fn listen(panel: &web_sys::Element) {
    use InsightsControl as C;
    controls::listen(panel, &["click"], move |c: InsightsControl, _, _| {
        let viewer = SHOWN.with(|s| s.borrow().as_ref().map(|s| s.viewer));
        let Some(viewer) = viewer else {
            return;
        };
        match c {
            C::Run => {
                let player = element(C::Player)
                    .map(|el| dom::value_of(&el))
                    .unwrap_or_default();
                if !player.is_empty() {
                    run::ask(viewer, player);
                }
            }
            C::Stop => run::stop(),
            C::Train => {
                let missed = SHOWN.with(|s| {
                    let s = s.borrow();
                    let r = s.as_ref()?.report.as_ref()?;
                    Some(
                        r.missed_wins
                            .iter()
                            .map(|m| (m.file.clone(), m.index, m.ply))
                            .collect::<Vec<_>>(),
                    )
                });
                if let Some(missed) = missed.filter(|m| !m.is_empty()) {
                    run::train(viewer, missed);
                }
            }
            C::Close => {
                run::stop();
                if let Some(p) = element(C::Panel) {
                    dom::set_flag(&p, "hidden", true);
                }
            }
            _ => {}
        }
    });
    // The tables' sort buttons and the tactics' games.
    dom::listen(panel, &["click"], move |e| {
        if let Some(b) = dom::event_closest(&e, "[data-sort]") {
            let column = b
                .get_attribute("data-sort")
                .and_then(|c| TableColumn::from_name(&c));
            let table = b.get_attribute("data-table").unwrap_or_default();
            if let Some(column) = column {
                sort(&table, column);
            }
        } else if let Some(b) = dom::event_closest(&e, "[data-game][data-ply]") {
            let number = b.get_attribute("data-game").and_then(|v| v.parse().ok());
            let ply = b.get_attribute("data-ply").and_then(|v| v.parse().ok());
            let viewer = SHOWN.with(|s| s.borrow().as_ref().map(|s| s.viewer));
            if let (Some(number), Some(ply), Some(viewer)) = (number, ply, viewer) {
                link::open_game_at(viewer, number, ply);
            }
        }
    });
}

/// What the collection worker answered for the panel.
fn answered(answer: CollectionAnswer) {
    match answer {
        CollectionAnswer::Players { players } => {
            let mut options = String::new();
            for (name, games) in &players {
                let name = crate::view::svg::escape(name);
                let s = if *games == 1 { "" } else { "s" };
                options.push_str(&format!(
                    r#"<option value="{name}">{name} ({games} game{s})</option>"#
                ));
            }
            if players.is_empty() {
                options.push_str(r#"<option value="">No player is named in these games</option>"#);
            }
            if let Some(el) = element(InsightsControl::Player) {
                el.set_inner_html(&options);
            }
            if let Some(el) = element(InsightsControl::Run) {
                dom::set_flag(&el, "disabled", players.is_empty());
            }
        }
        CollectionAnswer::PlayerGames {
            games,
            left_out,
            none,
        } => match none {
            Some(why) => say(&format!("{why}.")),
            None => run::start(games, left_out),
        },
        _ => {}
    }
}
