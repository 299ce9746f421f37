"""Statistics of engine matches: Elo from a score, its 95 % interval, and the sequential
probability ratio test (SPRT) on game pairs, as chess engine testers (fishtest) run it.

Pure functions of counts, so that tests can check them against figures worked by hand and
scripts/match.py can print them as games come in.

Counts are from the point of view of the engine under test:

* trinomial: wins, draws, losses of single games;
* pentanomial: a list of five counts of game pairs (one opening played twice, colours
  swapped) by the pair's points: index 0 = 0 points (two losses), 1 = 0.5 (a loss and a
  draw), 2 = 1 (two draws, or a win and a loss), 3 = 1.5 (a win and a draw), 4 = 2 (two
  wins).

Why pairs: the two games of a pair share their opening, so their results are correlated (a
lopsided opening gives each side one win). Treating them as independent games, as the
trinomial model does, overstates the variance of the score; the pentanomial model measures
the variance of the pair's score directly, and so gives a tighter, honest interval and a
faster SPRT.
"""

import math
from statistics import NormalDist

# The two-sided 95 % quantile of the normal distribution (1.959964...).
Z95 = NormalDist().inv_cdf(0.975)

# Fishtest's regularisation: an empty cell of the pentanomial counts as this many pairs, so
# that the likelihood never takes the logarithm of zero (a handful of pairs often leaves
# cells empty).
EMPTY_CELL = 1e-3


def elo_from_score(score):
    """Logistic Elo difference for an expected score in [0, 1] (0.75 -> +190.85).

    The ends are infinite: a score of 0 or 1 says nothing finite about the difference.
    """
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo):
    """Expected score of a player `elo` points stronger (the inverse of elo_from_score)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def pair_outcome(first_points, second_points):
    """Index into the pentanomial (0..4) of a pair whose games scored these points (each
    0, 0.5 or 1) for the engine under test."""
    total = first_points + second_points
    index = round(total * 2)
    if abs(index / 2 - total) > 1e-9 or not 0 <= index <= 4:
        raise ValueError(f"not the points of two games: {first_points}, {second_points}")
    return index


def pentanomial_pdf(penta, regularize=True):
    """The pentanomial as a distribution of the pair's score per game (0, 0.25, 0.5, 0.75,
    1) with the empirical probabilities; and the number of pairs.

    With `regularize` empty cells count as EMPTY_CELL pairs (as fishtest does), which keeps
    every probability positive for the likelihood ratio."""
    if len(penta) != 5:
        raise ValueError("a pentanomial has five counts")
    counts = [c if c > 0 or not regularize else EMPTY_CELL for c in penta]
    n = sum(counts)
    return n, [(i / 4.0, c / n) for i, c in enumerate(counts)]


def mean_and_variance(pdf):
    """Mean and variance of a discrete distribution given as (value, probability) pairs."""
    mean = sum(p * v for v, p in pdf)
    var = sum(p * (v - mean) ** 2 for v, p in pdf)
    return mean, var


def constrained_mle(pdf, s):
    """The distribution on the same values that is most likely to have produced the
    empirical `pdf` among those whose mean is `s` (Van den Bergh, "support_MLE_multinomial":
    p*_i = p_i / (1 + x (v_i - s)) with x the root of sum_i p_i (v_i - s) / (1 + x (v_i - s))
    = 0).

    The root is found by bisection: the sum decreases strictly in x on the interval where
    every denominator is positive, and its ends have opposite signs, so bisection cannot
    miss it (no third-party solver needed).
    """
    a = [v - s for v, _ in pdf]
    hi_a, lo_a = max(a), min(a)
    if not (lo_a < 0.0 < hi_a):
        raise ValueError(f"mean {s} is outside the values of the distribution")
    lo, hi = -1.0 / hi_a, -1.0 / lo_a

    def f(x):
        return sum(p * ai / (1.0 + x * ai) for (_, p), ai in zip(pdf, a))

    for _ in range(200):
        mid = (lo + hi) / 2.0
        if mid in (lo, hi):
            break
        if f(mid) > 0.0:
            lo = mid
        else:
            hi = mid
    x = (lo + hi) / 2.0
    mle = [(v, p / (1.0 + x * ai)) for (v, p), ai in zip(pdf, a)]
    total = sum(p for _, p in mle)
    return [(v, p / total) for v, p in mle]


def llr_per_sample(pdf, s0, s1):
    """Generalised log-likelihood ratio per sample of mean s1 against mean s0, given the
    empirical distribution `pdf`: sum_i p_i ln(p1_i / p0_i), with p0 and p1 the most likely
    distributions of those means (constrained_mle)."""
    p0 = constrained_mle(pdf, s0)
    p1 = constrained_mle(pdf, s1)
    return sum(p * (math.log(q1) - math.log(q0)) for (_, p), (_, q0), (_, q1) in zip(pdf, p0, p1))


def sprt_llr(penta, elo0, elo1):
    """The SPRT's log-likelihood ratio of H1 (Elo = elo1) against H0 (Elo = elo0), logistic
    Elo, on the pentanomial counts of the pairs played (fishtest's LLR_logistic: the
    generalised likelihood ratio with empty cells regularised). 0 before the first pair."""
    if sum(penta) == 0:
        return 0.0
    n, pdf = pentanomial_pdf(penta)
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * llr_per_sample(pdf, s0, s1)


def sprt_llr_normal(penta, elo0, elo1):
    """The normal approximation of sprt_llr (Van den Bergh, "GSPRT_approximation"):
    N (s1 - s0) (2 m - s0 - s1) / (2 v), m and v the mean and variance of the regularised
    pairs. Close to the exact ratio for small Elo differences; kept as a check."""
    if sum(penta) == 0:
        return 0.0
    n, pdf = pentanomial_pdf(penta)
    mean, var = mean_and_variance(pdf)
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)


def sprt_bounds(alpha=0.05, beta=0.05):
    """The SPRT's stopping bounds (lower, upper) = (ln(beta/(1-alpha)), ln((1-beta)/alpha)):
    at or below the lower H0 is accepted, at or above the upper H1 is."""
    if not (0.0 < alpha < 1.0 and 0.0 < beta < 1.0):
        raise ValueError("alpha and beta are probabilities strictly between 0 and 1")
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def sprt_decision(llr, bounds):
    """'H1' when the ratio reached the upper bound, 'H0' the lower, None while between."""
    lower, upper = bounds
    if llr >= upper:
        return "H1"
    if llr <= lower:
        return "H0"
    return None


class Estimate:
    """A score with its 95 % interval and the Elo differences they stand for."""

    def __init__(self, score, stderr, samples):
        self.score = score
        self.stderr = stderr
        self.samples = samples
        self.score_low = max(0.0, score - Z95 * stderr)
        self.score_high = min(1.0, score + Z95 * stderr)
        self.elo = elo_from_score(score)
        self.elo_low = elo_from_score(self.score_low)
        self.elo_high = elo_from_score(self.score_high)

    def as_dict(self):
        """For JSON: infinite Elo (a score of 0 or 1) becomes null."""

        def finite(x):
            return round(x, 4) + 0.0 if math.isfinite(x) else None  # + 0.0: no -0.0

        return {
            "score": round(self.score, 6),
            "score_low": round(self.score_low, 6),
            "score_high": round(self.score_high, 6),
            "elo": finite(self.elo),
            "elo_low": finite(self.elo_low),
            "elo_high": finite(self.elo_high),
        }

    def describe(self):
        """'62.5 % [51.2, 73.8], Elo +88.7 [+8.4, +179.3]' for the console."""
        return (
            f"{100 * self.score:.1f} % [{100 * self.score_low:.1f}, {100 * self.score_high:.1f}], "
            f"Elo {fmt_elo(self.elo)} [{fmt_elo(self.elo_low)}, {fmt_elo(self.elo_high)}]"
        )


def fmt_elo(elo):
    """Signed Elo with one decimal, '+inf'/'-inf' at the ends."""
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    if abs(elo) < 0.05:
        return "+0.0"  # not "-0.0" for an even score
    return f"{elo:+.1f}"


def trinomial_estimate(wins, draws, losses):
    """Score per game and its interval from single games (each game an independent draw of
    1, 1/2 or 0). None without games."""
    n = wins + draws + losses
    if n == 0:
        return None
    score = (wins + 0.5 * draws) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score**2) / n
    return Estimate(score, math.sqrt(var / n), n)


def pentanomial_estimate(penta):
    """Score per game and its interval from game pairs: the pair's score per game (0, 1/4,
    1/2, 3/4, 1) is the sample, so the correlation within a pair is in the variance. None
    without pairs."""
    n = sum(penta)
    if n == 0:
        return None
    _, pdf = pentanomial_pdf(penta, regularize=False)
    score, var = mean_and_variance(pdf)
    return Estimate(score, math.sqrt(var / n), n)
