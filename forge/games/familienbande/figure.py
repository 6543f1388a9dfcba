"""How a worked example of Familienbande looks: the table drawn generation by generation, the
hands and the moves with the portraits they name."""
from __future__ import annotations

from typing import Mapping

from forge.engine import CardRef, Shown

from .cards import Child, Marry, parse_entry

__all__ = ["figure"]


def _ref(card: int) -> CardRef:
    return CardRef("portraits", (("card", str(card)),), str(card))


def figure(game, given: Mapping, moves) -> tuple[list[Shown], list[Shown]]:
    """The table drawn row by row (a generation's cards side by side, its entries worded one by
    one into the row's ``{parts}``), hands drawn, the rest in words; each move with the cards it
    names. Entries and moves carry their parts as a mapping (``card``, ``spouse``, ``a`` and
    ``b`` the parents, ``onto``, ``generation``), so figure texts word them: "{card}, enfant de
    {a} et {b}"."""
    situation = []
    for key, value in given.items():
        if key == "table":
            for gen, row in sorted((int(g), r) for g, r in value.items()):
                entries = tuple(_table_entry(text, gen) for text in row)
                situation.append(Shown("row", str(gen), tuple(c for e in entries for c in e.cards), gen, parts=entries))
        elif key == "hands":
            situation += [Shown("hand", who, tuple(_ref(int(c)) for c in str(cards or "").split()))
                          for who, cards in value.items()]
        else:
            situation.append(Shown(key, value=value))
    steps = []
    for text in moves:
        who, _, move = str(text).partition(":")
        parsed = game.parse_move(move.strip())
        if isinstance(parsed, Marry):
            steps.append(Shown("marry", who.strip(), (_ref(parsed.card), _ref(parsed.onto)),
                               {"card": parsed.card, "onto": parsed.onto}))
        elif isinstance(parsed, Child):
            steps.append(Shown("child", who.strip(), tuple(map(_ref, (parsed.card, parsed.a, parsed.b))),
                               {"card": parsed.card, "a": parsed.a, "b": parsed.b}))
        else:
            steps.append(Shown("pass", who.strip(), (), move.strip()))
    return situation, steps


def _table_entry(text, gen: int) -> Shown:
    """One entry of a table row: ``single``, ``couple``, ``child`` or ``married_child``."""
    card, spouse, parents = parse_entry(text, gen)
    parts = {"generation": gen, "card": card}
    if spouse is not None:
        parts["spouse"] = spouse
    if parents:
        parts["a"], parts["b"] = parents
    key = ("married_child" if spouse is not None else "child") if parents else "couple" if spouse is not None \
        else "single"
    return Shown(key, None, tuple(_ref(c) for c in (card, spouse) if c is not None), parts)
