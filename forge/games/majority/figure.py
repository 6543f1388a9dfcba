"""How a worked example of Majority looks: each turn's table (the reference word and the three
proposals, said in words and drawn as the printed word cards) beside the players' vote cards."""
from __future__ import annotations

from forge.engine import CardRef, Shown

from .state import PROPOSALS, per_turn

__all__ = ["figure", "printed_fronts"]

#: the places of a turn's table, in the order they are drawn: the reference, then A, B and C
PLACES = ("reference",) + PROPOSALS


def printed_fronts(kit) -> frozenset[str]:
    """The words printed on the front faces of the kit's word cards, in every language."""
    comp = kit.component("words")
    if comp is None:
        return frozenset()
    return frozenset(str(row.fields.get("front", "")) for lang in kit.languages for row in comp.rows_for(lang))


def figure(given, moves, printed: frozenset[str]):
    """Per turn (items of one ``group``): the table in words (``words``), its four word cards
    drawn as the printed ones (``reference``, then ``proposal`` A, B, C: only when all four
    words are printed on a card's front face, so a word of the example's own is said, never
    drawn as another card), then each vote drawn as the voter's vote card (player n holds set n
    of the printed ``votes`` component). The pile and scores are said in words."""
    turns, words = per_turn(given.get("votes")), per_turn(given.get("on_table"))
    seats = {name: i + 1 for i, name in enumerate(turns[0] if turns else ())}
    situation = [Shown(k, value=v) for k, v in given.items() if k not in ("votes", "on_table")]
    steps: list[Shown] = []
    for t, votes in enumerate(turns):
        table = words[t] if t < len(words) else None
        if table:
            steps.append(Shown("words", value=table, group=t))
            if all(str(table.get(place)) in printed for place in PLACES):
                steps += [Shown("reference" if place == "reference" else "proposal", place,
                                (CardRef("words", (("front", str(table[place])),), str(table[place])),),
                                table[place], group=t) for place in PLACES]
        steps += [Shown("vote", name, (CardRef("votes", (("player", str(seats[name])), ("option", str(opt))),
                                               str(opt)),), opt, group=t) for name, opt in votes.items()]
    return situation, steps
