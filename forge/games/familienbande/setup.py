"""Familienbande's worked examples: a table written in a rulebook set up as a game state, what
an example may observe, and how its figure is drawn (the engine itself is familienbande.py).

A table is written by generation; each entry is a card, a couple (``4+17``: the card on the
table, then the card married onto it) and, from generation 2 on, the couple it is a child of::

    table:
      1: ["4+17", "9", "22"]
      2: ["33 of 4+17", "40+51 of 4+17"]

Everything written must be possible: cards exist and appear once, couples are a man and a
woman, a child's symbols are found among its parents' six, no generation holds more than it
may. A situation that breaks this is a MoveError, which the example checker reports at the
example's ``given`` line.
"""
from __future__ import annotations

import re
from typing import Mapping

from forge.engine import CardRef, MoveError, Shown, split_move

from .rules import LAST, TRAITS, Child, Marry, _card, capacity, parse_couple, penalty

__all__ = ["set_up", "observe", "figure", "entries"]

#: a table entry: a card, its spouse, its parents — "33", "33+40", "33 of 4+17", "33+40 of 4+17"
ENTRY = re.compile(r"^\s*(?P<card>\w+)\s*(?:\+\s*(?P<spouse>\w+))?\s*(?:of\s+(?P<parents>\w+\s*\+\s*\w+))?\s*$")


def _entry(text, gen: int) -> tuple[int, int | None, tuple[int, int] | None]:
    m = ENTRY.match(str(text))
    if not m:
        raise MoveError(f"generation {gen}: {str(text)[:30]!r} is not a table entry (expected e.g. \"33\", "
                        "\"33+40\" or \"33 of 4+17\")")
    spouse = _card(m["spouse"]) if m["spouse"] else None
    parents = parse_couple(m["parents"]) if m["parents"] else None
    if (gen == 1) != (parents is None):
        raise MoveError(f"generation {gen}: {str(text)[:30]!r} " + ("has parents: generation 1 has none" if gen == 1
                        else "needs its parents: \"33 of 4+17\""))
    return _card(m["card"]), spouse, parents


def set_up(state, options: Mapping) -> None:
    """Build ``state`` from an example's ``given``."""
    deck, used = state.deck, set()

    def take(card: int) -> int:
        if card not in deck:
            raise MoveError(f"there is no portrait {card}")
        if card in used:
            raise MoveError(f"card {card} appears twice")
        used.add(card)
        return card

    state.trait = _traits(state, options.get("traits") or {})
    table = {int(g): row for g, row in options["table"].items()}
    for gen in sorted(table):
        if not 1 <= gen <= LAST:
            raise MoveError(f"there is no generation {gen} (expected 1 to {LAST})")
        for text in table[gen]:
            card, spouse, parents = _entry(text, gen)
            state._place(take(card), gen)
            if parents:
                a, b = parents
                if state.spouse.get(a) != b or state.gen_of.get(a) != gen - 1:
                    raise MoveError(f"{card}'s parents {a}+{b} are not a couple of generation {gen - 1}")
                if not state.legit(card, a, b):
                    raise MoveError(f"{card} cannot be a child of {a}+{b}: {state._not_legit(card, a, b)}")
                state.parents[card] = parents
            if spouse is not None:
                take(spouse)
                if deck[card][0] == deck[spouse][0] or gen == LAST:
                    raise MoveError(f"{card}+{spouse} cannot be a couple ({'generation 5 never marries' if gen == LAST else 'same gender'})")
                state.spouse[card], state.spouse[spouse] = spouse, card
                state.gen_of[spouse] = gen
        if len(state.rows[gen]) > capacity(gen):
            raise MoveError(f"generation {gen} holds {len(state.rows[gen])} cards (at most {capacity(gen)})")
    for child in state.parents:
        for t in range(5):
            state.scored[t] += state.gen_of[child] * deck[child][1][t]
    markers = options.get("markers") or {}
    state.markers = [markers.get(t, state.scored[i]) for i, t in enumerate(TRAITS)]
    for name, cards in (options.get("hands") or {}).items():
        state.hands[state.seat(name)] = [take(_card(c)) for c in str(cards or "").split()]
    rest = [c for c in deck if c not in used]
    state.rng.shuffle(rest)
    size = options.get("draw_pile", len(rest))
    if size > len(rest):
        raise MoveError(f"a draw pile of {size} cards, but only {len(rest)} cards are left")
    state.pile, state.box = rest[:size], rest[size:]       # the rest is out of play (still counted)
    state.turn = state.seat(options["to_move"]) if "to_move" in options else 0


def _traits(state, given: Mapping) -> list[int]:
    """Each seat's trait: as given, the others dealt from the traits left."""
    chosen = {state.seat(name): TRAITS.index(t) for name, t in given.items()}
    if len(set(chosen.values())) != len(chosen):
        raise MoveError("two players have the same secret trait")
    left = [t for t in range(5) if t not in chosen.values()]
    state.rng.shuffle(left)
    return [chosen[s] if s in chosen else left.pop() for s in range(len(state.players))]


def entries(state, gen: int) -> list[str]:
    """Generation ``gen`` written as a table entry list."""
    out = []
    for card in state.rows[gen]:
        text = f"{card}+{state.spouse[card]}" if card in state.spouse else str(card)
        if card in state.parents:
            a, b = state.parents[card]
            text += f" of {a}+{b}"
        out.append(text)
    return out


def _state_of(state, gen: int) -> str:
    if state.turned_down(gen):
        return "turned down"
    return "full" if gen > 1 and len(state.rows[gen]) >= capacity(gen) else "open"


def _legal(state, wanted) -> list[str]:
    out = []
    for text in wanted or []:
        name, move = split_move(text) or ("", "")
        seat = state.seat(name)
        if state.game.parse_move(move) in state.legal_moves(seat):
            out.append(text)
    return out


def observe(state, key: str, want=None):
    names = state.players
    values = {
        "markers": lambda: dict(zip(TRAITS, state.markers)),
        "scores": lambda: dict(zip(names, state.scores())),
        "penalties": lambda: {names[s]: penalty(len(h)) for s, h in enumerate(state.hands)},
        "hands": lambda: {names[s]: " ".join(map(str, sorted(h))) for s, h in enumerate(state.hands)},
        "hand_sizes": lambda: {names[s]: len(h) for s, h in enumerate(state.hands)},
        "legal": lambda: _legal(state, want),
        "generations": lambda: {str(g): _state_of(state, g) for g in range(1, LAST + 1)},
        "generation_sizes": lambda: {str(g): len(state.rows[g]) for g in range(1, LAST + 1)},
        "table": lambda: {str(g): entries(state, g) for g in range(1, LAST + 1) if state.rows[g]},
        "draw_pile": lambda: len(state.pile),
        "to_act": lambda: names[state.turn] if not state.over else None,
        "game_over": lambda: state.over,
        "winner": lambda: [names[s] for s in state.winners()],
        "rulings": lambda: sorted(state.rulings),
    }
    return values[key]() if key in values else NotImplemented


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
    card, spouse, parents = _entry(text, gen)
    parts = {"generation": gen, "card": card}
    if spouse is not None:
        parts["spouse"] = spouse
    if parents:
        parts["a"], parts["b"] = parents
    key = ("married_child" if spouse is not None else "child") if parents else "couple" if spouse is not None \
        else "single"
    return Shown(key, None, tuple(_ref(c) for c in (card, spouse) if c is not None), parts)
