"""The appendix's charts, read back from the built pages as a reader's eye would: a dot's height
on its axis is the seat's share of wins that ``forge simulate --json`` prints, its band is the
95 % Wilson interval of that share (computed here from the textbook formula), the dashed line
sits at an equal share, and each chart is an image a screen reader can name and describe."""
from __future__ import annotations

import math
import re

import pytest

from forge.engine.registry import game_names, get_game
from forge.rulebook.about import run_of

from ..conftest import ROOT
from .htmltools import NS, by_class, parse, text_of
from .test_about_box import simulated

SVG = "{http://www.w3.org/2000/svg}"
GAMES = [g for g in game_names(ROOT) if run_of(g, ROOT)]


def interval(p: float, n: int) -> tuple[float, float]:
    """The Wilson score interval at 95 % (z = 1.96) of a share p measured on n trials."""
    z = 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def axis(svg) -> tuple[float, float]:
    """(y of 0 %, y of 1 % of a share) read from the labelled grid lines."""
    ticks = []
    for text in svg.iter(f"{SVG}text"):
        m = re.fullmatch(r"(\d+)\s?%", "".join(text.itertext()).replace("\u202f", ""))
        if m and text.get("text-anchor") == "end":
            ticks.append((float(m[1]), float(text.get("y")) - 3))
    (v0, y0), (v1, y1) = min(ticks), max(ticks)
    return y0, (y1 - y0) / (v1 - v0)


def panels(page):
    """Each wins chart of the page with its player count, read from its caption."""
    root = parse(page)
    [section] = by_class(root, "section", "about")
    for fig in by_class(section, "figure", "chart-panel"):
        caption = fig.find(f"{NS}figcaption")
        if caption is not None:
            yield int(text_of(caption).split()[0]), fig.find(f"{SVG}svg")


@pytest.mark.parametrize("game", GAMES)
def test_each_dot_and_band_shows_the_simulated_share(site, game):
    sims = simulated(game, ROOT)
    run = run_of(game, ROOT)
    shown = dict(panels(site / game / "en" / "rules.html"))
    assert sorted(shown) == list(run.counts(get_game(game, ROOT))), "a chart for every player count"
    for n, svg in shown.items():
        zero, per_pct = axis(svg)
        dots = [float(c.get("cy")) for c in svg.iter(f"{SVG}circle")]
        bands = [(float(r.get("y")), float(r.get("height"))) for r in svg.iter(f"{SVG}rect")]
        wins = sims[n]["win_rate_by_seat"]
        assert len(dots) == len(bands) == n
        for seat, (cy, (top, height), share) in enumerate(zip(dots, bands, wins), 1):
            assert (cy - zero) / per_pct == pytest.approx(100 * share, abs=0.3), (n, seat)
            lo, hi = interval(share, run.games)
            assert ((top + height) - zero) / per_pct == pytest.approx(100 * lo, abs=0.3), (n, seat)
            assert (top - zero) / per_pct == pytest.approx(100 * hi, abs=0.3), (n, seat)
        [fair] = [ln for ln in svg.iter(f"{SVG}line") if ln.get("class") == "chart-fair"]
        assert (float(fair.get("y1")) - zero) / per_pct == pytest.approx(100 / n, abs=0.3)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_chart_is_named_and_described(site, game, lang):
    root = parse(site / game / lang / "rules.html")
    charts = list(root.iter(f"{SVG}svg"))
    charts = [c for c in charts if "chart" in (c.get("class") or "").split()]
    run = run_of(game, ROOT)
    assert len(charts) == len(run.counts(get_game(game, ROOT))) + run.lengths      # wins per count, lengths
    for svg in charts:
        assert svg.get("role") == "img"
        title, desc = (svg.find(f"{SVG}{tag}") for tag in ("title", "desc"))
        assert svg.get("aria-labelledby") == f"{title.get('id')} {desc.get('id')}"
        assert len(text_of(title)) > 10 and len(text_of(desc)) > 30
        assert not re.search(r"\d\.\d", text_of(desc)) if lang == "fr" else True     # French decimal commas
