"""Each game's cards have a back of their own: no two games share a back design (its layout
and pattern), and each pattern of the ``back`` layout draws a different ground."""
from __future__ import annotations

from forge.cardspec.loader import load_spec, resolve_face
from forge.kit import LAYOUT_TABLE
from forge.kit.art.svg import SvgPen
from forge.kit.back import PATTERNS
from forge.kit.registry import CardBox

from ..conftest import GAMES, ROOT


#: the layouts that draw a deck's common back (docs/cardspec.md: "a common back: …"); the
#: other backs print a card's own second side (an aid card's, a point card's)
COMMON_BACKS = {"back", "cat_back", "playing_back"}


def design(game: str) -> set[str]:
    """The common back designs of a game's decks: the pattern of the layouts that take one (back
    and playing_back draw the same ones), else the layout."""
    spec = load_spec(ROOT / "cardspecs" / f"{game}.yaml", ROOT, LAYOUT_TABLE)
    found = set()
    for comp in spec.components.values():
        if comp.kind == "deck" and comp.back is not None and comp.back.layout in COMMON_BACKS:
            params = resolve_face(comp.back, comp.rows_for(spec.languages[0])[0], spec.languages[0], spec)
            found.add(str(params.get("pattern") or comp.back.layout))
    return found


def test_no_two_games_share_a_back():
    designs = {game: design(game) for game in GAMES}
    for game, mine in designs.items():
        others = set().union(*(d for g, d in designs.items() if g != game))
        assert mine and not mine & others, (game, mine & others)


def test_each_pattern_draws_its_own_ground():
    drawn = set()
    for pattern in PATTERNS:
        pen = SvgPen(180, 252)
        LAYOUT_TABLE.layouts["back"].draw(pen, CardBox(180, 252, 8.5, 8.5),
                                          {"title": "", "colour": "#283593", "accent": "#e8b93c", "emblem": "",
                                           "pattern": pattern}, "en")
        drawn.add(pen.svg())
    assert len(drawn) == len(PATTERNS)
