"""Familienbande's score track is long enough for the games it serves, measured by the engine.

The track numbers spaces 0 … length − 1 (``length`` read from the loaded spec); it must cover
the 99.9th percentile of the highest marker at the end of a game, for 2, 3 and 4 players,
every seat random or every seat greedy. A small seeded run (SAMPLE games per player count
and policy, a few seconds) estimates that percentile as its own 99th percentile plus MARGIN,
and the estimate must stay on the track: a rules or deck change that pushes the markers
further fails here, before the printed track is too short.

MARGIN comes from the big run written in ``cardspecs/familienbande.yaml``
(``python benchmarks/track_length.py --games 100000``): there, in every run, the 99.9th
percentile is at most 9 above the 99th (GAP), and the 99th percentile of a 300-game sample
is at most 7 below the run's own (UNDERSHOOT: the lowest over its 333 consecutive samples).
So a sample's p99 + GAP + UNDERSHOOT is at least the true p99.9 in all but rare samples.
"""
from __future__ import annotations

import re

import pytest

from forge.build import load_games
from forge.cardspec.loader import resolve_face

from ..conftest import ROOT

from ..markers import highest_markers, percentile, track_length

SAMPLE = 300          # games per player count and policy (the size benchmarks/track_length.py samples)
SEED = 1              # not the big run's seed 0: an independent sample
GAP = 9
UNDERSHOOT = 7
MARGIN = GAP + UNDERSHOOT


def test_the_track_covers_the_highest_markers_of_simulated_games():
    length = track_length()
    estimates = {}
    for players in (2, 3, 4):
        for policy in ("random", "greedy"):
            values = highest_markers(players, policy, SEED, 0, SAMPLE)
            assert len(values) == SAMPLE and max(values) > 0
            estimates[players, policy] = percentile(values, 99) + MARGIN
    worst = max(estimates, key=estimates.get)
    assert estimates[worst] <= length - 1, (
        f"{worst[0]} players, {worst[1]}: the 99.9th percentile of the highest marker is about "
        f"{estimates[worst]}, past the last space {length - 1}: measure again with "
        "benchmarks/track_length.py and lengthen the track in cardspecs/familienbande.yaml")


def test_the_lap_line_names_the_track_end_in_every_language():
    """Past the last space a marker goes round: the lap line says where, with the spec's length."""
    length = track_length()
    spec = load_games(ROOT, ["familienbande"])["familienbande"]
    track = spec.components["track"]
    for lang in spec.languages:
        lap = resolve_face(track.front, track.rows_for(lang)[0], lang, spec)["lap"]
        numbers = [int(w) for w in lap.replace(":", " ").split() if w.isdigit()]
        assert numbers == [length - 1, 0, length], (lang, lap)


def test_percentile_is_the_nearest_rank():
    values = list(range(1, 1001))                       # 1 … 1000
    assert percentile(values, 99) == 990 and percentile(values, 99.9) == 999 and percentile(values, 100) == 1000
    assert percentile([5], 99.9) == 5


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_rulebook_states_the_printed_track_length(lang):
    """The rulebook says how many spaces the track has and where a lap ends: the spec's length."""
    length = track_length()
    text = (ROOT / "rules_src" / "familienbande" / f"{lang}.md").read_text(encoding="utf-8")
    assert re.search(rf"\b{length}\b\D{{1,30}}0\D{{1,6}}{length - 1}\b", text), "track size and numbering"
