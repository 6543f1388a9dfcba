"""The statistics of a simulation: how sure its figures are, and whether the seats look fair.

- :func:`wilson`: the 95 % Wilson score interval of a rate (Newcombe 1998, method 3);
- :func:`games_needed`: how many games bring that interval's half-width down to a precision
  (say ±1 point), at the rate measured;
- :func:`binomial_test`: the exact two-sided binomial test (the p-value sums the outcomes no
  likelier than the one seen, as R's ``binom.test`` does); exact at every n: it sums only the
  two tails, outward until a term is below 10⁻¹⁷ of the sum, about √n terms;
- :func:`holm`: Holm's step-down correction of several p-values (one per seat);
- :func:`chi_square_p`: the upper tail of the chi-square distribution, through the regularized
  incomplete gamma function (series below ``a + 1``, continued fraction above: Numerical
  Recipes §6.2); :func:`chi_square_test` for equal expected shares;
- :func:`seat_fairness`: all of it for one run's seats.

Shared wins: a win shared by k players counts 1/k to each in the win rate (its interval is then
conservative, since a split credit varies less than a whole win). The fairness tests count only
the games with a sole winner: in a fair game, where the seats are exchangeable, each seat wins
each of those m games with probability 1/players, so its sole wins are exactly Binomial(m,
1/players) and the counts of all seats multinomial. Games with a shared win (or none) are left
out of the tests and counted beside them.
"""
from __future__ import annotations

import math

__all__ = ["Z95", "wilson", "games_needed", "binomial_test", "holm", "chi_square_p", "chi_square_test",
           "seat_fairness", "verdict", "ALPHA"]

Z95 = 1.959964          # the normal quantile of a two-sided 95 % interval
ALPHA = 0.05            # a seat is "not distinguishable from fair" when its Holm-corrected p ≥ this


def wilson(share: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share measured over ``games`` games."""
    if games <= 0:
        return 0.0, 1.0
    z2 = Z95 * Z95 / games
    centre = (share + z2 / 2) / (1 + z2)
    half = Z95 * math.sqrt(share * (1 - share) / games + z2 / (4 * games)) / (1 + z2)
    return max(0.0, centre - half), min(1.0, centre + half)


def _half_width(share: float, games: int) -> float:
    lo, hi = wilson(share, games)
    return (hi - lo) / 2


def games_needed(share: float, half_width: float) -> int:
    """The fewest games whose 95 % Wilson interval, at rate ``share``, is at most ± ``half_width``."""
    lo, hi = 1, 1
    while _half_width(share, hi) > half_width:
        lo, hi = hi, hi * 2
    while lo < hi:                                  # the half-width falls as the games grow
        mid = (lo + hi) // 2
        if _half_width(share, mid) > half_width:
            lo = mid + 1
        else:
            hi = mid
    return hi


def _log_pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0 or p >= 1.0:
        return 0.0 if k == (n if p >= 1.0 else 0) else -math.inf
    return (math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
            + k * math.log(p) + (n - k) * math.log1p(-p))


def _tail(n: int, p: float, start: int, step: int) -> float:
    """P(X = start) + P(X = start + step) + … while the terms count (they fall past the mode)."""
    total, k = 0.0, start
    while 0 <= k <= n:
        term = math.exp(_log_pmf(k, n, p))
        total += term
        if term <= total * 1e-17 and (k - n * p) * step > 0:
            break
        k += step
    return total


def binomial_test(successes: int, trials: int, p: float) -> float:
    """Two-sided p-value of ``successes`` in ``trials`` against a success chance ``p``: the
    chance of an outcome no likelier than the one seen (relative tolerance 1e-7, as R)."""
    if trials == 0:
        return 1.0
    n, x = trials, successes
    seen = _log_pmf(x, n, p) + math.log1p(1e-7)
    mode = min(n, int((n + 1) * p))
    if x == mode:
        return 1.0
    step = 1 if x > mode else -1                   # from x outward, and the other side's tail

    def likelier(k: int) -> bool:
        return _log_pmf(k, n, p) > seen
    # the other side of the mode: its first outcome, going away from x, no likelier than x
    near, far = mode, (0 if step == 1 else n)
    if not likelier(mode):
        other = _tail(n, p, mode, -step)
    elif likelier(far):
        other = 0.0
    else:
        while abs(far - near) > 1:                  # bisection on the monotone side
            mid = (near + far) // 2
            near, far = (mid, far) if likelier(mid) else (near, mid)
        other = _tail(n, p, far, -step)
    return min(1.0, _tail(n, p, x, step) + other)


def holm(p_values: list[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    k = len(p_values)
    order = sorted(range(k), key=lambda i: p_values[i])
    adjusted, running = [0.0] * k, 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (k - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def _lower_gamma_series(a: float, x: float) -> float:
    """The regularized lower incomplete gamma P(a, x), by its series (x < a + 1)."""
    term = total = 1.0 / a
    ap = a
    for _ in range(10_000):
        ap += 1
        term *= x / ap
        total += term
        if abs(term) < abs(total) * 1e-16:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_gamma_fraction(a: float, x: float) -> float:
    """The regularized upper incomplete gamma Q(a, x), by its continued fraction (x ≥ a + 1;
    modified Lentz)."""
    tiny = 1e-300
    b = x + 1 - a
    c, d = 1 / tiny, 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-16:
            break
    return math.exp(-x + a * math.log(x) - math.lgamma(a)) * h


def chi_square_p(statistic: float, df: int) -> float:
    """P(χ²_df ≥ statistic): the upper regularized incomplete gamma Q(df/2, statistic/2)."""
    a, x = df / 2, statistic / 2
    if x <= 0:
        return 1.0
    if x < a + 1:
        return max(0.0, 1.0 - _lower_gamma_series(a, x))
    return _upper_gamma_fraction(a, x)


def chi_square_test(counts: list[int]) -> dict:
    """Pearson's goodness-of-fit test of ``counts`` against equal shares: statistic, degrees of
    freedom, p-value (None when an expected count is below 5, where the test is not to be trusted)."""
    total, k = sum(counts), len(counts)
    expected = total / k if k else 0
    if k < 2 or expected == 0:
        return {"statistic": 0.0, "df": max(0, k - 1), "p_value": None}
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return {"statistic": statistic, "df": k - 1, "p_value": chi_square_p(statistic, k - 1) if expected >= 5 else None}


def seat_fairness(wins: list[float], sole: list[int], games: int, half_width: float) -> dict:
    """A run's seat statistics: per seat its win rate (shared wins split) with its 95 % interval
    and the games needed for ± ``half_width``; its sole wins' binomial test against 1/players,
    Holm-corrected across seats, and the verdict; the chi-square test across the seats."""
    players, tested = len(wins), sum(sole)
    raw = [binomial_test(w, tested, 1 / players) for w in sole]
    adjusted = holm(raw)
    seats = []
    for s in range(players):
        rate = wins[s] / games
        seats.append({"seat": s + 1, "win_rate": rate, "interval": list(wilson(rate, games)),
                      "games_needed": games_needed(rate, half_width), "sole_wins": sole[s],
                      "p_value": raw[s], "p_holm": adjusted[s], "fair": adjusted[s] >= ALPHA})
    return {"confidence": 0.95, "half_width": half_width, "alpha": ALPHA,
            "test": "exact two-sided binomial test of each seat's sole wins against 1/players, Holm-corrected",
            "sole_winner_games": tested, "other_games": games - tested,
            "seats": seats, "chi_square": chi_square_test(sole)}


def verdict(seat: dict, statistics: dict, players: int) -> str:
    """A seat of :func:`seat_fairness` in a word: ``≈ fair`` (not distinguishable from fair),
    ``favoured`` or ``handicapped`` (more or fewer sole wins than an equal share)."""
    if seat["fair"]:
        return "≈ fair"
    return "favoured" if seat["sole_wins"] > statistics["sole_winner_games"] / players else "handicapped"
