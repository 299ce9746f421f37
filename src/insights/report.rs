//! A player's report from their reviewed games: results, openings, accuracy by phase, bug
//! and month, judgements, missed wins and allowed losses. Its fields are the JSON that
//! `beeline insights --json` prints (docs/INSIGHTS.md, "The report").

use super::accuracy::{accuracy_of, move_accuracy, round1};
use super::games::{LeftOut, OpeningSeen, PlayerGame, PlayerResult};
use super::review::{GameFacts, MoveFacts, Phase};
use super::tactics::{Tactic, TacticKind};
use crate::engine::piece::{Bug, Color};
use crate::search::game_review::Judgement;
use serde::Serialize;
use std::collections::HashMap;

/// Opponents listed, the most played first.
pub const OPPONENTS: usize = 10;

/// Wins, draws and losses of some games, and the score over those finished.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Results {
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    /// (wins + draws / 2) / finished games, from 0 to 1; `None` with none finished.
    pub score: Option<f64>,
}

impl Results {
    fn add(&mut self, r: PlayerResult) {
        self.games += 1;
        match r {
            PlayerResult::Win => self.wins += 1,
            PlayerResult::Draw => self.draws += 1,
            PlayerResult::Loss => self.losses += 1,
            PlayerResult::Unfinished => {}
        }
        let finished = self.wins + self.draws + self.losses;
        self.score = (finished > 0).then(|| {
            ((self.wins as f64 + self.draws as f64 / 2.0) / finished as f64 * 1000.0).round()
                / 1000.0
        });
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct ByColour<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColour<T> {
    fn get_mut(&mut self, c: Color) -> &mut T {
        match c {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// Results under a name (a game type, an opponent).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NamedResults {
    pub name: String,
    #[serde(flatten)]
    pub results: Results,
}

/// How a set of moves was played.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct MoveFigures {
    /// Moves scored (forced moves and first placements are not).
    pub moves: usize,
    /// [`accuracy_of`] the moves; `None` for none.
    pub accuracy: Option<f64>,
    /// The mean winning chances a move lost, in points of 100.
    pub lost_per_move: Option<f64>,
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    #[serde(skip)]
    accuracies: Vec<f64>,
    #[serde(skip)]
    lost: f64,
}

impl MoveFigures {
    fn add(&mut self, m: &MoveFacts) {
        match m.judgement {
            Judgement::Inaccuracy => self.inaccuracies += 1,
            Judgement::Mistake => self.mistakes += 1,
            Judgement::Blunder => self.blunders += 1,
            _ => {}
        }
        if let Some(lost) = m.lost_chances() {
            self.moves += 1;
            self.lost += lost;
            self.accuracies.push(move_accuracy(lost));
        }
    }

    fn finish(&mut self) {
        self.accuracy = accuracy_of(self.accuracies.iter().copied()).map(round1);
        self.lost_per_move =
            (self.moves > 0).then(|| round1(self.lost * 100.0 / self.moves as f64));
    }
}

/// [`MoveFigures`] under a name (a phase, a bug).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct NamedFigures {
    pub name: String,
    #[serde(flatten)]
    pub figures: MoveFigures,
}

/// One month: results, the mean accuracy of its games and their judgements per game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MonthFigures {
    pub month: String,
    #[serde(flatten)]
    pub results: Results,
    pub accuracy: Option<f64>,
    pub inaccuracies_per_game: f64,
    pub mistakes_per_game: f64,
    pub blunders_per_game: f64,
}

/// An opening the player chose, with the results of the games that reached it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OpeningFigures {
    #[serde(serialize_with = "colour_name")]
    pub colour: Color,
    /// The player's moves to the position (2 or 3).
    pub player_moves: u8,
    /// The first game's moves to it: UHP MoveStrings separated by `; `.
    pub moves: String,
    pub direction: String,
    #[serde(flatten)]
    pub results: Results,
}

/// Judgements of one game's moves by the player, by name.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Judgements {
    pub best: usize,
    pub good: usize,
    pub inaccuracy: usize,
    pub mistake: usize,
    pub blunder: usize,
    pub forced: usize,
}

impl Judgements {
    /// Adds another's inaccuracies, mistakes and blunders (the marks a report sums).
    fn add_marks(&mut self, o: &Judgements) {
        self.inaccuracy += o.inaccuracy;
        self.mistake += o.mistake;
        self.blunder += o.blunder;
    }

    fn add(&mut self, j: Judgement) {
        *match j {
            Judgement::Best => &mut self.best,
            Judgement::Good => &mut self.good,
            Judgement::Inaccuracy => &mut self.inaccuracy,
            Judgement::Mistake => &mut self.mistake,
            Judgement::Blunder => &mut self.blunder,
            Judgement::Forced => &mut self.forced,
        } += 1;
    }
}

/// One of the player's games in the report.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameFigures {
    pub file: String,
    pub index: usize,
    #[serde(serialize_with = "colour_name")]
    pub colour: Color,
    pub opponent: Option<String>,
    pub result: PlayerResult,
    pub game_type: String,
    pub month: Option<String>,
    pub plies: usize,
    /// The player's accuracy in the game; `None` when no move of theirs was scored.
    pub accuracy: Option<f64>,
    pub judgements: Judgements,
    /// The player's inaccuracies, mistakes and blunders, in order.
    pub marked: Vec<MarkedMove>,
}

/// A move of the player's judged an inaccuracy or worse.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct MarkedMove {
    /// The move's ply, from 1.
    pub ply: usize,
    pub judgement: Judgement,
}

/// A missed win or an allowed loss, with its game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TacticFigures {
    pub file: String,
    pub index: usize,
    /// The position after this many plies.
    pub ply: usize,
    /// UHP MoveStrings of the forced surround from there, the first by the side to move.
    pub line: Vec<String>,
    /// The winner's moves to the surround.
    pub moves: u8,
    /// The player's colour.
    #[serde(serialize_with = "colour_name")]
    pub colour: Color,
    pub opponent: Option<String>,
}

/// A player's insights.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct InsightsReport {
    /// The name asked for.
    pub player: String,
    /// The names it matched, as the records write them.
    pub names: Vec<String>,
    /// The review's setting (`depth 3`, `0.2 s a position`).
    pub setting: String,
    pub games: usize,
    pub wins: usize,
    pub draws: usize,
    pub losses: usize,
    pub unfinished: usize,
    pub score: Option<f64>,
    pub by_colour: ByColour<Results>,
    pub by_game_type: Vec<NamedResults>,
    /// The [`OPPONENTS`] most played.
    pub by_opponent: Vec<NamedResults>,
    /// Months in order; games without a date are in no month.
    pub by_month: Vec<MonthFigures>,
    /// Most played first.
    pub openings: Vec<OpeningFigures>,
    /// Of the openings of two moves played at least twice (once, when none was), the best
    /// and the worst score for each colour.
    pub best_openings: ByColour<Option<OpeningFigures>>,
    pub worst_openings: ByColour<Option<OpeningFigures>>,
    /// The mean of the games' accuracies.
    pub accuracy: Option<f64>,
    pub by_phase: Vec<NamedFigures>,
    pub by_bug: Vec<NamedFigures>,
    pub inaccuracies_per_game: f64,
    pub mistakes_per_game: f64,
    pub blunders_per_game: f64,
    pub games_list: Vec<GameFigures>,
    pub missed_wins: Vec<TacticFigures>,
    pub allowed_losses: Vec<TacticFigures>,
    #[serde(flatten)]
    pub left_out: LeftOut,
}

impl InsightsReport {
    /// The report of `games` (each the player's, with its review), in the order given.
    pub fn build(
        player: &str,
        setting: String,
        games: &[(PlayerGame, GameFacts)],
        left_out: LeftOut,
    ) -> InsightsReport {
        let mut all = Results::default();
        let mut by_colour = ByColour::<Results>::default();
        let mut by_type: Vec<NamedResults> = Vec::new();
        let mut by_opponent: Vec<NamedResults> = Vec::new();
        let mut months: Vec<(String, Results, Vec<f64>, Judgements)> = Vec::new();
        let mut openings: Vec<OpeningFigures> = Vec::new();
        let mut opening_at: HashMap<(Color, u8, u64), usize> = HashMap::new();
        let mut phases: Vec<MoveFigures> = vec![MoveFigures::default(); Phase::ALL.len()];
        let mut bugs: Vec<MoveFigures> = vec![MoveFigures::default(); Bug::ALL.len()];
        let mut games_list = Vec::with_capacity(games.len());
        let (mut missed_wins, mut allowed_losses) = (Vec::new(), Vec::new());
        let mut names: Vec<String> = Vec::new();
        let mut total = Judgements::default();
        for (g, facts) in games {
            all.add(g.result);
            by_colour.get_mut(g.colour).add(g.result);
            named(&mut by_type, &g.game_type).add(g.result);
            named(&mut by_opponent, g.opponent.as_deref().unwrap_or("?")).add(g.result);
            for o in &g.openings {
                add_opening(&mut openings, &mut opening_at, g, o);
            }
            let mut mine = MoveFigures::default();
            let mut judgements = Judgements::default();
            let mut marked = Vec::new();
            for (i, m) in facts.moves.iter().enumerate() {
                if m.mover != g.colour {
                    continue;
                }
                mine.add(m);
                judgements.add(m.judgement);
                if m.judgement.mark().is_some() {
                    marked.push(MarkedMove {
                        ply: i + 1,
                        judgement: m.judgement,
                    });
                }
                phases[m.phase as usize].add(m);
                if let Some(b) = m.bug {
                    bugs[b as usize].add(m);
                }
            }
            mine.finish();
            total.add_marks(&judgements);
            if let Some(month) = &g.month {
                let m = slot(
                    &mut months,
                    |m| &m.0 == month,
                    || {
                        (
                            month.clone(),
                            Results::default(),
                            Vec::new(),
                            Judgements::default(),
                        )
                    },
                );
                m.1.add(g.result);
                m.2.extend(mine.accuracy);
                m.3.add_marks(&judgements);
            }
            for t in facts.tactics.iter().filter(|t| t.by == g.colour) {
                let list = match t.kind {
                    TacticKind::MissedWin => &mut missed_wins,
                    TacticKind::AllowedLoss => &mut allowed_losses,
                };
                list.push(tactic_figures(g, t));
            }
            games_list.push(GameFigures {
                file: g.file.clone(),
                index: g.index,
                colour: g.colour,
                opponent: g.opponent.clone(),
                result: g.result,
                game_type: g.game_type.clone(),
                month: g.month.clone(),
                plies: g.plies,
                accuracy: mine.accuracy,
                judgements,
                marked,
            });
            if !names.contains(&g.name) {
                names.push(g.name.clone());
            }
        }
        by_type.sort_by(|a, b| {
            b.results
                .games
                .cmp(&a.results.games)
                .then(a.name.cmp(&b.name))
        });
        by_opponent.sort_by(|a, b| {
            b.results
                .games
                .cmp(&a.results.games)
                .then(a.name.cmp(&b.name))
        });
        by_opponent.truncate(OPPONENTS);
        months.sort_by(|a, b| a.0.cmp(&b.0));
        let by_month = months
            .into_iter()
            .map(|(month, results, accuracies, j)| {
                let per = |n: usize| per_game(n, results.games);
                MonthFigures {
                    month,
                    accuracy: mean(&accuracies),
                    inaccuracies_per_game: per(j.inaccuracy),
                    mistakes_per_game: per(j.mistake),
                    blunders_per_game: per(j.blunder),
                    results,
                }
            })
            .collect();
        openings.sort_by(|a, b| {
            b.results
                .games
                .cmp(&a.results.games)
                .then(a.colour.cmp(&b.colour))
                .then(a.player_moves.cmp(&b.player_moves))
                .then(a.moves.cmp(&b.moves))
        });
        let accuracies: Vec<f64> = games_list.iter().filter_map(|g| g.accuracy).collect();
        let figures = |list: Vec<MoveFigures>, name: &dyn Fn(usize) -> String| {
            list.into_iter()
                .enumerate()
                .filter(|(_, f)| f.moves > 0 || f.inaccuracies + f.mistakes + f.blunders > 0)
                .map(|(i, mut figures)| {
                    figures.finish();
                    NamedFigures {
                        name: name(i),
                        figures,
                    }
                })
                .collect::<Vec<_>>()
        };
        let n = games.len();
        InsightsReport {
            player: player.trim().to_string(),
            names,
            setting,
            games: n,
            wins: all.wins,
            draws: all.draws,
            losses: all.losses,
            unfinished: n - all.wins - all.draws - all.losses,
            score: all.score,
            best_openings: ByColour {
                white: pick_opening(&openings, Color::White, true),
                black: pick_opening(&openings, Color::Black, true),
            },
            worst_openings: ByColour {
                white: pick_opening(&openings, Color::White, false),
                black: pick_opening(&openings, Color::Black, false),
            },
            by_colour,
            by_game_type: by_type,
            by_opponent,
            by_month,
            openings,
            accuracy: mean(&accuracies),
            by_phase: figures(phases, &|i| Phase::ALL[i].name().to_string()),
            by_bug: figures(bugs, &|i| Bug::ALL[i].name().to_string()),
            inaccuracies_per_game: per_game(total.inaccuracy, n),
            mistakes_per_game: per_game(total.mistake, n),
            blunders_per_game: per_game(total.blunder, n),
            games_list,
            missed_wins,
            allowed_losses,
            left_out,
        }
    }
}

/// `white` or `black`, as the rest of the report writes colours.
fn colour_name<S: serde::Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(match c {
        Color::White => "white",
        Color::Black => "black",
    })
}

/// The item of `list` that `is`, made by `make` and added at the end when there is none.
fn slot<T>(list: &mut Vec<T>, is: impl Fn(&T) -> bool, make: impl FnOnce() -> T) -> &mut T {
    let at = match list.iter().position(is) {
        Some(i) => i,
        None => {
            list.push(make());
            list.len() - 1
        }
    };
    &mut list[at]
}

fn named<'a>(list: &'a mut Vec<NamedResults>, name: &str) -> &'a mut Results {
    let n = slot(
        list,
        |n| n.name == name,
        || NamedResults {
            name: name.to_string(),
            results: Results::default(),
        },
    );
    &mut n.results
}

fn add_opening(
    openings: &mut Vec<OpeningFigures>,
    at: &mut HashMap<(Color, u8, u64), usize>,
    g: &PlayerGame,
    o: &OpeningSeen,
) {
    let i = *at
        .entry((g.colour, o.player_moves, o.key))
        .or_insert_with(|| {
            openings.push(OpeningFigures {
                colour: g.colour,
                player_moves: o.player_moves,
                moves: o.moves.clone(),
                direction: o.direction.clone(),
                results: Results::default(),
            });
            openings.len() - 1
        });
    openings[i].results.add(g.result);
}

/// The best (or worst) scoring two-move opening of a colour among those played at least
/// twice, or once when none was; ties go to the most played, then the first listed.
fn pick_opening(openings: &[OpeningFigures], colour: Color, best: bool) -> Option<OpeningFigures> {
    let of_colour = || {
        openings
            .iter()
            .filter(move |o| o.colour == colour && o.player_moves == 2 && o.results.score.is_some())
    };
    let least = if of_colour().any(|o| o.results.games >= 2) {
        2
    } else {
        1
    };
    let mut pick: Option<&OpeningFigures> = None;
    for o in of_colour().filter(|o| o.results.games >= least) {
        let better = pick.is_none_or(|p| {
            let (s, ps) = (
                o.results.score.unwrap_or(0.0),
                p.results.score.unwrap_or(0.0),
            );
            (if best { s > ps } else { s < ps }) || (s == ps && o.results.games > p.results.games)
        });
        if better {
            pick = Some(o);
        }
    }
    pick.cloned()
}

fn tactic_figures(g: &PlayerGame, t: &Tactic) -> TacticFigures {
    TacticFigures {
        file: g.file.clone(),
        index: g.index,
        ply: t.ply,
        line: t.line.clone(),
        moves: t.moves,
        colour: g.colour,
        opponent: g.opponent.clone(),
    }
}

fn mean(xs: &[f64]) -> Option<f64> {
    (!xs.is_empty()).then(|| round1(xs.iter().sum::<f64>() / xs.len() as f64))
}

fn per_game(n: usize, games: usize) -> f64 {
    if games == 0 {
        0.0
    } else {
        (n as f64 / games as f64 * 100.0).round() / 100.0
    }
}
