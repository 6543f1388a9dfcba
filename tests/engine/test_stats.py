"""forge.engine.stats against values found elsewhere: Newcombe's (1998) Wilson intervals, exact
binomial p-values summed by brute force here (exact fractions), R's binom.test example, the
chi-square table's 5 % points and its closed forms for 1 and 2 degrees of freedom; and through
forge simulate, a game with a first-player advantage (a race with a fixed first player) is
flagged while the same game with a drawn first player is not."""
from __future__ import annotations

import json
import re
import math
from fractions import Fraction

import pytest

from forge.engine.stats import binomial_test, chi_square_p, chi_square_test, games_needed, holm, wilson

from ..conftest import run_forge


@pytest.mark.parametrize("wins, games, lo, hi", [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605),
                                                 (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)])
def test_wilson_matches_newcombe_1998(wins, games, lo, hi):
    got = wilson(wins / games, games)
    assert got == pytest.approx((lo, hi), abs=5e-5)


def _brute_binomial(x: int, n: int, p: Fraction) -> float:
    """Sum every outcome's exact probability no likelier than x's (R's rule, relative 1e-7)."""
    pmf = [math.comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]
    limit = pmf[x] * Fraction(10_000_001, 10_000_000)
    return float(sum(q for q in pmf if q <= limit))


@pytest.mark.parametrize("x, n, p", [(0, 20, Fraction(1, 4)), (3, 20, Fraction(1, 4)), (9, 20, Fraction(1, 4)),
                                     (5, 20, Fraction(1, 4)), (20, 20, Fraction(1, 4)), (17, 30, Fraction(1, 2)),
                                     (15, 30, Fraction(1, 2)), (30, 100, Fraction(1, 5)), (11, 100, Fraction(1, 5)),
                                     (60, 300, Fraction(1, 3)), (7, 60, Fraction(1, 6)), (2, 7, Fraction(1, 7))])
def test_binomial_test_equals_a_brute_force_sum(x, n, p):
    assert binomial_test(x, n, float(p)) == pytest.approx(_brute_binomial(x, n, p), rel=1e-9, abs=1e-300)


def test_binomial_test_matches_r_binom_test_and_scales():
    # R: binom.test(682, 925, p = 3/4) (its documentation's example): p-value = 0.3825
    assert binomial_test(682, 925, 0.75) == pytest.approx(0.3825, abs=5e-5)
    # ten million games, four seats, 0.2 points off a fair share: p well below 1e-6; at the fair share ~1
    assert binomial_test(2_520_000, 10_000_000, 0.25) < 1e-6
    assert binomial_test(2_500_000, 10_000_000, 0.25) > 0.99


def test_holm_adjusts_step_down():
    # sorted 0.01, 0.02, 0.04 → ×3, ×2, ×1 = 0.03, 0.04, 0.04 (monotone), returned in the given order
    assert holm([0.04, 0.01, 0.02]) == pytest.approx([0.04, 0.03, 0.04])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


@pytest.mark.parametrize("statistic, df, p", [(3.841, 1, 0.05), (11.07, 5, 0.05), (6.635, 1, 0.01),
                                              (15.086, 5, 0.01), (18.307, 10, 0.05), (124.342, 100, 0.05)])
def test_chi_square_p_matches_the_table(statistic, df, p):
    assert chi_square_p(statistic, df) == pytest.approx(p, abs=5e-5)


@pytest.mark.parametrize("x", [0.01, 0.5, 1.0, 2.5, 7.0, 30.0, 120.0])
def test_chi_square_p_matches_closed_forms(x):
    assert chi_square_p(x, 2) == pytest.approx(math.exp(-x / 2), rel=1e-12, abs=0)
    assert chi_square_p(x, 1) == pytest.approx(math.erfc(math.sqrt(x / 2)), rel=1e-10, abs=0)


def test_chi_square_goodness_of_fit():
    got = chi_square_test([30, 20, 10])                 # expected 20 each: (100 + 0 + 100) / 20 = 10
    assert got["statistic"] == pytest.approx(10.0) and got["df"] == 2
    assert got["p_value"] == pytest.approx(math.exp(-5))
    assert chi_square_test([3, 2, 1])["p_value"] is None     # expected counts below 5: no verdict


def test_games_needed_for_a_precision():
    # at 25 %, ±1 point: about 1.96² × 0.25 × 0.75 / 0.01² = 7203 games (Wilson's is a few more)
    n = games_needed(0.25, 0.01)
    assert 7200 <= n <= 7215
    lo, hi = wilson(0.25, n)
    before = wilson(0.25, n - 1)
    assert (hi - lo) / 2 <= 0.01 < (before[1] - before[0]) / 2


# A race to 8 with one die: each turn the player to move rolls and adds; the first to reach 8
# wins. The first to roll is a turn ahead, so seat 1 wins more often than 1/players; with
# random_start the first to roll is drawn (by the game's seeded rng), and every seat is alike.
RACE = '''\
import random
from forge.engine import API_VERSION, Field, Game, State


class Race(State):
    def __init__(self, game, players, rng, options):
        super().__init__(game, players, rng)
        self.totals = [0] * len(players)
        self.turn = rng.randrange(len(players)) if options.get("random_start") else 0

    def to_act(self):
        return frozenset() if self.is_over() else frozenset([self.turn])

    def legal_moves(self, seat):
        return ["roll"] if seat in self.to_act() else []

    def perform(self, seat, move):
        self.totals[seat] += self.rng.randint(1, 6)
        self.turn = (self.turn + 1) % len(self.players)

    def is_over(self):
        return max(self.totals) >= 8

    def scores(self):
        return list(self.totals)

    def winners(self):
        return [s for s, v in enumerate(self.totals) if v >= 8]

    def check_invariants(self):
        pass


class RaceGame(Game):
    name = "race"
    api_version = API_VERSION
    min_players = 2
    max_players = 4
    OPTION_FIELDS = {"random_start": Field("bool", "the first player is drawn")}

    def new_state(self, players, options=None, rng=None):
        return Race(self, players, rng or random.Random(0), options or {})

    def parse_move(self, text):
        return text
'''


@pytest.fixture(scope="module")
def race(tmp_path_factory):
    """A project whose own engine is the race above."""
    project = tmp_path_factory.mktemp("race")
    (project / "cardspecs" / "race").mkdir(parents=True)
    (project / "cardspecs" / "race" / "engine.py").write_text(RACE, encoding="utf-8")
    return project


def _seats(race, *args):
    result = run_forge("simulate", "race", "--players", "3", "--games", "600", "--seed", "0", "--json", *args,
                       cwd=race)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)["statistics"]


def test_a_first_player_advantage_is_flagged_and_a_fair_start_is_not(race):
    biased = _seats(race)
    first = biased["seats"][0]
    assert first["sole_wins"] > biased["sole_winner_games"] / 3 and not first["fair"] and first["p_holm"] < 1e-3
    assert biased["chi_square"]["p_value"] < 1e-3
    fair = _seats(race, "--option", "random_start=true")
    assert all(seat["fair"] for seat in fair["seats"]), fair["seats"]
    assert fair["chi_square"]["p_value"] > 0.05
    # the seats' sole wins are the counts tested: every game of the race has one winner
    assert fair["sole_winner_games"] == 600 and sum(s["sole_wins"] for s in fair["seats"]) == 600


def test_the_table_shows_interval_games_needed_and_verdict(race):
    result = run_forge("simulate", "race", "--players", "3", "--games", "600", "--precision", "2", cwd=race)
    assert result.returncode == 0, result.stderr
    rows = {}                         # the seat table's rows (the first table whose rows start with P1, P2…)
    for line in result.stdout.splitlines():
        cells = re.split(r"\s{2,}", line.strip())
        if re.fullmatch(r"P\d", cells[0]):
            rows.setdefault(cells[0], cells[1:])
    rate, interval, needed, sole, p, verdict = rows["P1"][:6]
    lo, hi = (float(x) for x in interval.split("–"))
    # Wilson's interval around the rate shown, and the games that make it ±2 points at that rate
    assert lo < float(rate) < hi and abs((lo + hi) / 2 - float(rate)) < 0.01
    share = float(rate)
    assert abs(int(needed.replace(",", "")) - 1.959964 ** 2 * share * (1 - share) / 0.02 ** 2) < 20
    assert verdict == "favoured" and float(p) < 0.05


def test_a_shared_win_is_split_in_the_rate_and_left_out_of_the_tests():
    from forge.engine.simulate import Summary
    summary = Summary("x", 3, 4, 0, "random")
    for winners in ([0, 1], [0], [2], []):            # shared, alone, alone, nobody
        summary.add({"steps": 1, "scores": [1, 1, 0], "winners": winners, "rulings": {}})
    stats = summary.as_dict()["statistics"]
    assert [s["win_rate"] for s in stats["seats"]] == [1.5 / 4, 0.5 / 4, 1 / 4]
    assert [s["sole_wins"] for s in stats["seats"]] == [1, 0, 1]
    assert stats["sole_winner_games"] == 2 and stats["other_games"] == 2
    # seat 1's test: 1 sole win of 2 games against 1/3, summed here from the binomial law
    assert stats["seats"][0]["p_value"] == pytest.approx(_brute_binomial(1, 2, Fraction(1, 3)))
