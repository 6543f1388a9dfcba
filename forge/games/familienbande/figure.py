"""How a worked example of Familienbande looks: the table drawn generation by generation, the
hands and the moves with the portraits they name.

The figure is language-neutral: what it shows comes from here, its words from
``rules_src/familienbande/figures.yaml``. Each portrait carries a label that says it for a
reader who cannot see it ("17, man: ears, glasses, lock"), which the figure words translate
token by token (their ``cards:`` section), so that its alternative text is more than a number.
"""
from __future__ import annotations

from typing import Mapping

from forge.engine import CardRef, Shown

from .cards import LAST, TRAITS, Child, Marry, capacity, parse_entry

__all__ = ["figure", "label", "tree_order", "turned_down"]

GENDERS = {"m": "man", "f": "woman"}


def label(game, card: int) -> str:
    """``card`` said in words: its number, gender and three symbols ("17, man: ears, glasses,
    lock"); a card the deck lacks is only its number (the example checker reports it)."""
    if card not in game.deck:
        return str(card)
    gender, counts = game.deck[card]
    symbols = [t for t, k in zip(TRAITS, counts) for _ in range(k)]
    return f"{card}, {GENDERS[gender]}: {', '.join(symbols)}"


def figure(game, given: Mapping, moves) -> tuple[list[Shown], list[Shown]]:
    """The table drawn as a family tree, a row per generation (its entries in the order of
    :func:`tree_order`, each a unit: a card and the spouse it married, drawn touching, linked
    to its parents' couple in the row above; a generation turned down is a ``row_down`` whose
    portraits are drawn face down), said in words by :func:`_row_parts`; each portrait
    captioned with its number; hands drawn, the rest in words; each move with the cards it
    names. Row parts and moves carry their slots as a mapping
    (``card``, ``spouse``, ``children``, ``a`` and ``b`` the parents, ``onto``), so figure texts
    word them: "enfants de {a} et {b} : {children}"."""
    def ref(card: int, down: bool = False) -> CardRef:
        return CardRef("portraits", (("card", str(card)),), label(game, card), face_down=down, caption=str(card))

    situation = []
    for key, value in given.items():
        if key == "table":
            rows = tree_order({int(g): list(r) for g, r in value.items()})
            down = turned_down(rows)
            above: dict[frozenset, int] = {}
            for gen, row in sorted(rows.items()):
                entries = [parse_entry(text, gen) for text in row]
                units = tuple(Shown("entry", cards=tuple(ref(c, gen in down) for c in (card, spouse) if c is not None),
                                    parent=above.get(frozenset(parents or ())))
                              for card, spouse, parents in entries)
                situation.append(Shown("row_down" if gen in down else "row", str(gen), value=gen,
                                       parts=_row_parts(entries), units=units))
                above = {frozenset((card, spouse)): i for i, (card, spouse, _) in enumerate(entries) if spouse}
        elif key == "hands":
            situation += [Shown("hand", who, tuple(ref(int(c)) for c in str(cards or "").split()))
                          for who, cards in value.items()]
        else:
            situation.append(Shown(key, value=value))
    steps = []
    for text in moves:
        who, _, move = str(text).partition(":")
        parsed = game.parse_move(move.strip())
        if isinstance(parsed, Marry):
            steps.append(Shown("marry", who.strip(), (ref(parsed.card), ref(parsed.onto)),
                               {"card": parsed.card, "onto": parsed.onto}))
        elif isinstance(parsed, Child):
            steps.append(Shown("child", who.strip(), tuple(map(ref, (parsed.card, parsed.a, parsed.b))),
                               {"card": parsed.card, "a": parsed.a, "b": parsed.b}))
        else:
            steps.append(Shown("pass", who.strip(), (), move.strip()))
    return situation, steps


def tree_order(rows: Mapping[int, list[str]]) -> dict[int, list[str]]:
    """The table's rows with each generation's entries in family order: children grouped under
    their parents, the families in the order of the couples in the row above (singles and
    children of unknown couples last, as written)."""
    out: dict[int, list[str]] = {}
    for gen in sorted(rows):
        above = [parse_entry(t, gen - 1) for t in out.get(gen - 1, [])]
        where = {frozenset((card, spouse)): i for i, (card, spouse, _) in enumerate(above) if spouse is not None}

        def family(text: str, gen=gen, where=where) -> int:
            _, _, parents = parse_entry(text, gen)
            return where.get(frozenset(parents), len(where)) if parents else len(where)
        out[gen] = sorted(rows[gen], key=family)
    return out


def turned_down(rows: Mapping[int, list[str]]) -> set[int]:
    """The generations of a written table that are turned down: those whose next one is full."""
    return {gen for gen in range(1, LAST) if len(rows.get(gen + 1, ())) >= capacity(gen + 1)}


def _row_parts(entries) -> tuple[Shown, ...]:
    """A row said in words, shortest first: each family ("children of 17 and 52: 22, 13 and 59",
    or ``only_child``), then each couple ("22 and 45, married"), then the singles of
    generation 1 (who have no parents)."""
    families: dict[tuple[int, int], list[int]] = {}
    for card, _, parents in entries:
        if parents:
            families.setdefault(parents, []).append(card)
    parts = [Shown("only_child", value={"card": kids[0], "a": a, "b": b}) if len(kids) == 1
             else Shown("family", value={"children": kids, "a": a, "b": b}) for (a, b), kids in families.items()]
    parts += [Shown("couple", value={"card": card, "spouse": spouse}) for card, spouse, _ in entries if spouse is not None]
    parts += [Shown("single", value={"card": card}) for card, spouse, parents in entries
              if spouse is None and not parents]
    return tuple(parts)
