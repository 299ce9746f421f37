//! What the loaded record says: its format, players, date, event, result and notices, and
//! why loading stopped when it did. Written as markup whenever the game changes (see
//! `controls` for why not element by element).

use std::fmt::Write as _;

use crate::app::model::labels::Info;
use crate::app::model::viewer::Viewer;
use crate::view::svg::escape;
use leptos::prelude::*;

/// The section's content for a record's `info` and the error that stopped loading, if any.
pub(crate) fn info_markup(info: &Info, error: Option<&str>) -> String {
    let mut s = format!(
        "<p class=\"format\"><span id=\"record-format\">{}</span> · <span id=\"game-type\">{}</span></p><dl id=\"game-meta\" class=\"meta\">",
        escape(&info.format),
        escape(&info.game_type)
    );
    for (label, value) in &info.facts {
        let _ = write!(
            s,
            "<div class=\"fact\" data-fact=\"{}\"><dt>{}</dt><dd>{}</dd></div>",
            label.to_ascii_lowercase(),
            escape(label),
            escape(value)
        );
    }
    s.push_str("</dl>");
    if !info.notices.is_empty() {
        s.push_str("<ul id=\"record-notices\" class=\"notices\">");
        for n in &info.notices {
            let _ = write!(s, "<li>{}</li>", escape(n));
        }
        s.push_str("</ul>");
    }
    if let Some(e) = error {
        let _ = write!(
            s,
            "<p id=\"record-error\" class=\"error\" role=\"alert\">{}</p>",
            escape(e)
        );
    }
    s
}

#[component]
pub fn GameInfo(viewer: Viewer) -> impl IntoView {
    let markup = move || {
        let error = viewer
            .load_error
            .get()
            .or_else(|| viewer.study.game.with(|g| g.error_message()));
        viewer
            .study
            .game
            .with(|g| info_markup(&g.info(), error.as_deref()))
    };
    view! { <section class="game-info" aria-label="Game" inner_html=markup></section> }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_notices_and_errors_are_written_escaped() {
        let info = Info {
            format: "PGN".into(),
            game_type: "Base+MLP".into(),
            facts: vec![("White", "Ann <A&B>".into()), ("Result", "1-0".into())],
            notices: vec!["move 3: fixed".into()],
        };
        let m = info_markup(&info, Some("Move 4 'x' is not a move"));
        assert!(m.starts_with("<p class=\"format\"><span id=\"record-format\">PGN</span> · <span id=\"game-type\">Base+MLP</span></p>"));
        assert!(m.contains("<div class=\"fact\" data-fact=\"white\"><dt>White</dt><dd>Ann &lt;A&amp;B&gt;</dd></div>"));
        assert!(m.contains("data-fact=\"result\""));
        assert!(
            m.contains("<ul id=\"record-notices\" class=\"notices\"><li>move 3: fixed</li></ul>")
        );
        assert!(m.ends_with("<p id=\"record-error\" class=\"error\" role=\"alert\">Move 4 &#39;x&#39; is not a move</p>"));
        // Nothing to notice, nothing to report: neither list nor error.
        let quiet = Info {
            notices: vec![],
            ..info
        };
        let m = info_markup(&quiet, None);
        assert!(!m.contains("record-notices") && !m.contains("record-error"));
    }
}
