//! The insights panel's markup and what it shows (`#insights-panel`): its controls, the
//! report drawn by `insights::render`, its tables' order. The panel's entry opens it and an
//! insights run fills it.

use crate::app::kit::controls::{self, Markup};
use crate::app::kit::dom;
use crate::app::model::viewer::Viewer;
use crate::insights::render::{self, TableColumn};
use crate::insights::report::InsightsReport;
use std::cell::RefCell;

crate::controls! {
    /// The insights panel's elements.
    pub(crate) enum InsightsControl {
        Panel = "insights-panel",
        Heading = "insights-heading",
        Player = "insights-player",
        Run = "insights-run",
        Stop = "insights-stop",
        Close = "insights-close",
        Progress = "insights-progress",
        Status = "insights-status",
        Summary = "insights-summary",
        Charts = "insights-charts",
        Openings = "insights-openings",
        Opponents = "insights-opponents",
        Missed = "insights-missed",
        Train = "insights-train",
        Allowed = "insights-allowed",
    }
}

pub(super) fn markup() -> String {
    use InsightsControl as C;
    Markup::new()
        .control("section", C::Panel, r#" class="insights-panel" aria-labelledby="insights-heading">"#)
        .control("h2", C::Heading, r#">Insights</h2><p class="hint small">A quick review of every game of one player: results, openings, accuracy by phase, bug and month, and the wins missed and the losses allowed.</p><div class="insights-controls"><label for="insights-player">Player</label>"#)
        .control("select", C::Player, r#"><option value="">Reading the players…</option></select>"#)
        .control("button", C::Run, r#" type="button" disabled>Run</button>"#)
        .control("button", C::Stop, r#" type="button" hidden>Stop</button>"#)
        .control("button", C::Close, r#" type="button">Close</button></div><div class="insights-progress-line">"#)
        .control("progress", C::Progress, r#" max="1" value="0" hidden aria-label="Games reviewed"></progress></div>"#)
        .control("p", C::Status, r#" class="insights-status" role="status" aria-live="polite"></p>"#)
        .control("div", C::Summary, r#" class="insights-summary" hidden></div>"#)
        .control("div", C::Charts, r#" class="insights-charts"></div>"#)
        .control("div", C::Openings, r#" class="insights-openings"></div>"#)
        .control("div", C::Opponents, r#" class="insights-opponents"></div><h3>Missed wins</h3>"#)
        .control("button", C::Train, r#" type="button" hidden title="The missed wins as puzzles in the puzzle trainer">Train these</button>"#)
        .control("div", C::Missed, r#" class="insights-missed"></div><h3>Allowed losses</h3>"#)
        .control("div", C::Allowed, r#" class="insights-allowed"></div></section>"#)
        .done()
}

/// Openings listed before the rest are summed up in a row.
const OPENINGS_SHOWN: usize = 30;

/// The panel's state: the report shown and how its tables are sorted.
pub(super) struct InsightsView {
    pub viewer: Viewer,
    pub panel: web_sys::Element,
    pub report: Option<InsightsReport>,
    /// Each game of the report's (file, index) and its number in the collection.
    pub numbers: Vec<((String, usize), usize)>,
    pub openings: (TableColumn, bool),
    pub opponents: (TableColumn, bool),
}

thread_local! {
    pub(super) static SHOWN: RefCell<Option<InsightsView>> = const { RefCell::new(None) };
}

pub(super) fn element(c: InsightsControl) -> Option<web_sys::Element> {
    SHOWN.with(|s| {
        let s = s.borrow();
        controls::element(&s.as_ref()?.panel, c)
    })
}

/// Says `text` in the panel's status.
pub(super) fn say(text: &str) {
    if let Some(el) = element(InsightsControl::Status) {
        dom::set_text(&el, text);
    }
}

/// Shows a report (the run's, whole or stopped), with each game's number in the collection.
pub(super) fn show(report: InsightsReport, numbers: Vec<((String, usize), usize)>) {
    SHOWN.with(|s| {
        if let Some(s) = s.borrow_mut().as_mut() {
            s.report = Some(report);
            s.numbers = numbers;
        }
    });
    draw();
}

/// Draws the report shown.
fn draw() {
    use InsightsControl as C;
    SHOWN.with(|s| {
        let s = s.borrow();
        let Some(s) = s.as_ref() else {
            return;
        };
        let Some(r) = &s.report else {
            return;
        };
        let find = |c| controls::element(&s.panel, c);
        if let Some(el) = find(C::Summary) {
            for (name, n) in [
                ("data-games", r.games),
                ("data-wins", r.wins),
                ("data-draws", r.draws),
                ("data-losses", r.losses),
            ] {
                dom::set_attr(&el, name, Some(&n.to_string()));
            }
            el.set_inner_html(&render::summary(r));
            dom::set_flag(&el, "hidden", false);
        }
        let number = |t: &crate::insights::report::TacticFigures| {
            s.numbers
                .iter()
                .find(|((f, i), _)| *f == t.file && *i == t.index)
                .map(|(_, n)| *n)
        };
        let parts = [
            (C::Charts, render::charts(r)),
            (
                C::Openings,
                render::openings_table(r, s.openings.0, s.openings.1, OPENINGS_SHOWN),
            ),
            (
                C::Opponents,
                render::opponents_table(r, s.opponents.0, s.opponents.1),
            ),
            (
                C::Missed,
                render::tactics_list(&r.missed_wins, &number, "No missed win: every forced surround within two moves was played."),
            ),
            (
                C::Allowed,
                render::tactics_list(&r.allowed_losses, &number, "No allowed loss: no move let the opponent force a surround within two moves when another move escaped."),
            ),
        ];
        if let Some(el) = find(C::Train) {
            dom::set_flag(&el, "hidden", r.missed_wins.is_empty());
        }
        for (c, html) in parts {
            if let Some(el) = find(c) {
                el.set_inner_html(&html);
            }
        }
    });
}

/// Sorts a table by a column (again: the other way).
pub(super) fn sort(table: &str, column: TableColumn) {
    SHOWN.with(|s| {
        if let Some(s) = s.borrow_mut().as_mut() {
            let by = if table == "opponents" {
                &mut s.opponents
            } else {
                &mut s.openings
            };
            by.1 = if by.0 == column {
                !by.1
            } else {
                column != TableColumn::Name
            };
            by.0 = column;
        }
    });
    draw();
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::kit::controls::check_markup;

    #[test]
    fn every_element_of_the_markup_is_a_control() {
        assert_eq!(
            check_markup::<InsightsControl>(&markup()),
            Vec::<String>::new()
        );
    }
}
