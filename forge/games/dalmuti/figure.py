"""How a worked example of The Great Dalmuti looks: the hands and plays drawn as the printed
cards, and the taxes the rules take shown where they are paid."""
from __future__ import annotations

from typing import Mapping

from forge.engine import EngineError, Shown

from .cards import JESTER, refs, show_cards

__all__ = ["figure"]


def figure(game, given, moves):
    """Hands and played cards drawn as the printed cards (rows of cardspecs' deck). When
    taxes are due, the peons' payments (the rules take them, nobody chooses) are shown
    where they happen: before the Dalmutis give back, after a revolution declined. Passes in
    a row make one line ("Bruno, Chloé and Driss pass."), so that a long trick stays short.
    An example with neither a situation nor moves is about the deck itself: it shows one
    printed card of each rank, strongest first, then the jester."""
    if not given and not moves:
        return [Shown("deck", value=game.deck[JESTER]), Shown("ranks", cards=refs(deck_ranks(game.deck)))], []
    situation = []
    for key, value in given.items():
        if key == "hands":
            situation += [Shown("hand", who, refs(cards)) for who, cards in value.items()]
        else:
            situation.append(Shown(key, value=value))
    paid = _taxes_paid(game, given, moves)
    steps = paid.get(-1, [])
    for i, text in enumerate(moves):
        who, _, move = str(text).partition(":")
        verb, _, cards = move.strip().partition(" ")
        if verb == "pass" and steps and steps[-1].key in ("pass", "passes"):
            before = steps.pop()
            names = [before.who] if before.key == "pass" else list(before.value)
            steps.append(Shown("passes", value=names + [who.strip()]))
        else:
            steps.append(Shown(verb if verb in ("play", "pass", "give", "revolution") else "move",
                               who.strip(), refs(cards) if verb in ("play", "give") else (), move.strip()))
        steps += paid.get(i, [])
    return situation, steps


def deck_ranks(deck) -> str:
    """The ranks of a deck (counts by rank, 13 = jester) in example notation, one card each."""
    return " ".join(["J" if r == JESTER else str(r) for r in range(1, JESTER + 1) if deck[r]])


def _taxes_paid(game, given, moves) -> dict[int, list[Shown]]:
    """The peons' payments ("pay" items) by the index of the move after which they are made
    (-1: as the situation starts), read from a replay; up to a move it cannot play."""
    if given.get("phase") != "exchange" or not isinstance(given.get("hands"), Mapping):
        return {}
    paid: dict[int, list[Shown]] = {}
    try:
        state = game.new_state(list(given.get("order") or given["hands"]), given)
        for i in range(-1, len(moves)):
            if i >= 0:
                who, _, move = str(moves[i]).partition(":")
                state.apply(state.seat(who.strip()), game.parse_move(move))
            paid[i] = [Shown("pay", state.players[p], refs(show_cards(cards)), state.players[d])
                       for p, d, cards in state.taxes if cards]
            state.taxes = []
    except (EngineError, ValueError, KeyError, TypeError):
        pass
    return paid
