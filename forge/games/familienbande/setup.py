"""Familienbande's worked examples: a table written in a rulebook set up as a game state, and
what an example may observe (the rules themselves are in :mod:`.state`).

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

from typing import Mapping

from forge.engine import MoveError, split_move

from .cards import LAST, TRAITS, capacity, card_number, parse_entry, penalty

__all__ = ["set_up", "observe", "entries"]


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
            card, spouse, parents = parse_entry(text, gen)
            state.place(take(card), gen)
            if parents:
                a, b = parents
                if state.spouse.get(a) != b or state.gen_of.get(a) != gen - 1:
                    raise MoveError(f"{card}'s parents {a}+{b} are not a couple of generation {gen - 1}")
                if not state.legit(card, a, b):
                    raise MoveError(f"{card} cannot be a child of {a}+{b}: {state.why_not_child(card, a, b)}")
                state.parents[card] = parents
            if spouse is not None:
                take(spouse)
                if deck[card][0] == deck[spouse][0] or gen == LAST:
                    raise MoveError(f"{card}+{spouse} cannot be a couple ({'generation 5 never marries' if gen == LAST else 'same gender'})")
                state.spouse[card], state.spouse[spouse] = spouse, card
                state.gen_of[spouse] = gen
        if len(state.rows[gen]) > capacity(gen):
            raise MoveError(f"generation {gen} holds {len(state.rows[gen])} cards (at most {capacity(gen)})")
    scored = [0] * 5                      # what the children on the table moved the markers
    for child in state.parents:
        for t in range(5):
            scored[t] += state.gen_of[child] * deck[child][1][t]
    markers = options.get("markers") or {}
    state.markers = [markers.get(t, scored[i]) for i, t in enumerate(TRAITS)]
    state.head_start = [at - moved for at, moved in zip(state.markers, scored)]
    for name, cards in (options.get("hands") or {}).items():
        state.hands[state.seat(name)] = [take(card_number(c)) for c in str(cards or "").split()]
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
