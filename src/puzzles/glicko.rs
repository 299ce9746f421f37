//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013): a rating, how
//! uncertain it is (the deviation) and how erratic the player is (the volatility), updated
//! after a rating period of games. A puzzle trainer rates each try as one game of its own
//! period, the player against the puzzle.
//!
//! Pure arithmetic on `f64`: every input, however wild (NaN, infinities, a deviation of
//! zero), gives a finite rating inside [`RATING_RANGE`], [`DEVIATION_RANGE`] and
//! [`VOLATILITY_RANGE`].

use std::f64::consts::PI;

/// The scale between Glicko's ratings and Glicko-2's internal units.
const SCALE: f64 = 173.7178;
/// The rating of the scale's centre (and of a new player).
const CENTRE: f64 = 1500.0;
/// The system constant τ: how much the volatility may change in one period. Glickman
/// advises 0.3 to 1.2; his example's 0.5 is kept, a middle value.
pub const TAU: f64 = 0.5;
/// Where the volatility's iteration stops (the paper's ε).
const EPSILON: f64 = 1e-6;
/// Ratings are kept within these bounds: far beyond any puzzle's, and a rating that ran
/// away on a string of luck comes back in a few tries.
pub const RATING_RANGE: (f64, f64) = (100.0, 3500.0);
/// The deviation's bounds: 30 at least, the floor Glickman gives for Glicko (and the
/// paper's example has an opponent of 30), so that a rating never freezes; 500 at most, a
/// new player's.
pub const DEVIATION_RANGE: (f64, f64) = (30.0, 500.0);
/// The volatility's bounds: the paper's start (0.06) well inside them.
pub const VOLATILITY_RANGE: (f64, f64) = (0.01, 0.15);

/// A Glicko-2 rating, in Glicko's units (a new player 1500 ± 500).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    pub rating: f64,
    /// The rating's deviation: about a 95 % chance that the true rating lies within two of
    /// them.
    pub deviation: f64,
    /// How erratic the results are; it grows the deviation between periods.
    pub volatility: f64,
}

impl Default for Glicko {
    fn default() -> Glicko {
        Glicko::NEW_PLAYER
    }
}

/// One game of a rating period: the opponent's rating before the period, and the score
/// (1 a win, 0 a loss, ½ a draw).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GlickoGame {
    pub opponent: Glicko,
    pub score: f64,
}

impl Glicko {
    /// A player never rated: 1500, with lichess's puzzle deviation (500), so that the first
    /// tries move the rating by hundreds of points and a strong player leaves the middle
    /// fast. The volatility is the paper's.
    pub const NEW_PLAYER: Glicko = Glicko {
        rating: CENTRE,
        deviation: 500.0,
        volatility: 0.06,
    };

    /// The same rating, every field finite and within its bounds (a field that is not a
    /// number takes a new player's value).
    pub fn clamped(self) -> Glicko {
        let fix = |x: f64, default: f64, (lo, hi): (f64, f64)| {
            if x.is_nan() {
                default
            } else {
                x.clamp(lo, hi)
            }
        };
        let new = Glicko::NEW_PLAYER;
        Glicko {
            rating: fix(self.rating, new.rating, RATING_RANGE),
            deviation: fix(self.deviation, new.deviation, DEVIATION_RANGE),
            volatility: fix(self.volatility, new.volatility, VOLATILITY_RANGE),
        }
    }

    /// The expected score against `opponent` (0 to 1), the opponent's uncertainty
    /// included.
    pub fn expected(self, opponent: Glicko) -> f64 {
        let (me, o) = (self.clamped(), opponent.clamped());
        expected(mu(me.rating), mu(o.rating), g(phi(o.deviation)))
    }

    /// The rating after one game (a period of one game).
    pub fn after_game(self, opponent: Glicko, score: f64) -> Glicko {
        self.after_period(&[GlickoGame { opponent, score }])
    }

    /// The rating after a rating period (the paper's steps 2 to 8, with τ = [`TAU`]); with
    /// no game, only the deviation grows.
    pub fn after_period(self, games: &[GlickoGame]) -> Glicko {
        self.after_period_with(games, TAU)
    }

    /// [`Glicko::after_period`] with another system constant τ.
    pub fn after_period_with(self, games: &[GlickoGame], tau: f64) -> Glicko {
        let me = self.clamped();
        let tau = if tau.is_finite() && tau > 0.0 {
            tau
        } else {
            TAU
        };
        let (mu0, phi0, sigma) = (mu(me.rating), phi(me.deviation), me.volatility);
        if games.is_empty() {
            // Step 6 alone: the deviation grows by the volatility.
            return Glicko {
                deviation: (phi0 * phi0 + sigma * sigma).sqrt() * SCALE,
                ..me
            }
            .clamped();
        }
        // Steps 3 and 4: the estimated variance v and improvement Δ.
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for game in games {
            let o = game.opponent.clamped();
            let gj = g(phi(o.deviation));
            let e = expected(mu0, mu(o.rating), gj);
            let s = if game.score.is_nan() {
                0.5
            } else {
                game.score.clamp(0.0, 1.0)
            };
            inv_v += gj * gj * e * (1.0 - e);
            sum += gj * (s - e);
        }
        // E is never 0 or 1 within the bounds, so inv_v > 0; kept finite all the same.
        let v = 1.0 / inv_v.max(1e-12);
        let delta = v * sum;
        // Step 5: the new volatility.
        let sigma1 = volatility(delta, phi0, v, sigma, tau);
        // Steps 6 and 7.
        let phi_star = (phi0 * phi0 + sigma1 * sigma1).sqrt();
        let phi1 = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu1 = mu0 + phi1 * phi1 * sum;
        // Step 8, within the bounds.
        Glicko {
            rating: mu1 * SCALE + CENTRE,
            deviation: phi1 * SCALE,
            volatility: sigma1,
        }
        .clamped()
    }
}

fn mu(rating: f64) -> f64 {
    (rating - CENTRE) / SCALE
}

fn phi(deviation: f64) -> f64 {
    deviation / SCALE
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, g_j: f64) -> f64 {
    1.0 / (1.0 + (-g_j * (mu - mu_j)).exp())
}

/// Step 5: σ' by the Illinois algorithm, as the paper gives it. Falls back on the old
/// volatility where the arithmetic would leave the finite numbers.
fn volatility(delta: f64, phi: f64, v: f64, sigma: f64, tau: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let (d2, p2) = (delta * delta, phi * phi);
    let f = |x: f64| {
        let ex = x.exp();
        ex * (d2 - p2 - v - ex) / (2.0 * (p2 + v + ex).powi(2)) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if d2 > p2 + v {
        (d2 - p2 - v).ln()
    } else {
        let mut k = 1.0;
        // f is decreasing: some k brings f(a − kτ) above 0; bounded all the same.
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON || !(fa.is_finite() && fb.is_finite()) {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    let s = (big_a / 2.0).exp();
    if s.is_finite() && s > 0.0 {
        s
    } else {
        sigma
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(rating: f64, deviation: f64, volatility: f64) -> Glicko {
        Glicko {
            rating,
            deviation,
            volatility,
        }
    }

    #[test]
    fn the_papers_example() {
        let games = [
            GlickoGame {
                opponent: player(1400.0, 30.0, 0.06),
                score: 1.0,
            },
            GlickoGame {
                opponent: player(1550.0, 100.0, 0.06),
                score: 0.0,
            },
            GlickoGame {
                opponent: player(1700.0, 300.0, 0.06),
                score: 0.0,
            },
        ];
        let after = player(1500.0, 200.0, 0.06).after_period_with(&games, 0.5);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_a_period_without_games_widens() {
        let me = Glicko::NEW_PLAYER;
        let puzzle = player(1500.0, 100.0, 0.06);
        let won = me.after_game(puzzle, 1.0);
        let lost = me.after_game(puzzle, 0.0);
        assert!(won.rating > me.rating && lost.rating < me.rating);
        // Symmetric around an equal opponent.
        assert!(((won.rating - 1500.0) + (lost.rating - 1500.0)).abs() < 1e-6);
        assert!(won.deviation < me.deviation);
        // Beating a stronger opponent is worth more than beating a weaker one.
        let strong = me.after_game(player(1900.0, 100.0, 0.06), 1.0);
        let weak = me.after_game(player(1100.0, 100.0, 0.06), 1.0);
        assert!(strong.rating > weak.rating);
        let settled = player(1500.0, 60.0, 0.06);
        assert!(settled.after_period(&[]).deviation > settled.deviation);
        assert!((me.expected(me) - 0.5).abs() < 1e-12);
        assert!(player(1800.0, 50.0, 0.06).expected(puzzle) > 0.8);
    }

    #[test]
    fn any_input_gives_a_finite_rating_within_bounds() {
        let wild = [
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            0.0,
            -1.0,
            1e-300,
            1e300,
            30.0,
            500.0,
            3500.0,
        ];
        let within = |r: Glicko| {
            r.rating.is_finite()
                && r.deviation.is_finite()
                && r.volatility.is_finite()
                && (RATING_RANGE.0..=RATING_RANGE.1).contains(&r.rating)
                && (DEVIATION_RANGE.0..=DEVIATION_RANGE.1).contains(&r.deviation)
                && (VOLATILITY_RANGE.0..=VOLATILITY_RANGE.1).contains(&r.volatility)
        };
        for &r in &wild {
            for &d in &wild {
                for &v in &wild {
                    let me = player(r, d, v);
                    for &score in &[0.0, 1.0, 0.5, f64::NAN, 7.0] {
                        for opp in [player(d, v, r), Glicko::NEW_PLAYER, player(r, 30.0, v)] {
                            let after = me.after_game(opp, score);
                            assert!(within(after), "{me:?} against {opp:?}: {after:?}");
                            assert!(me.expected(opp).is_finite());
                        }
                    }
                    assert!(within(me.after_period(&[])));
                    for tau in [f64::NAN, 0.0, 1e-9, 100.0] {
                        let after = me.after_period_with(
                            &[GlickoGame {
                                opponent: Glicko::NEW_PLAYER,
                                score: 1.0,
                            }],
                            tau,
                        );
                        assert!(within(after), "{me:?}, tau {tau}: {after:?}");
                    }
                }
            }
        }
        // A long run of wins against far weaker opponents stays within bounds.
        let mut me = Glicko::NEW_PLAYER;
        for _ in 0..10_000 {
            me = me.after_game(player(100.0, 30.0, 0.01), 1.0);
        }
        assert!(within(me) && me.rating > 1500.0, "{me:?}");
    }
}
