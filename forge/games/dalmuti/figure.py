"""The Great Dalmuti's worked examples: the situation an example sets up, and its figure.

Kept apart from :mod:`.dalmuti` (the rules), which calls them.
"""
from __future__ import annotations

from typing import Mapping

from forge.engine import EngineError, IllegalMove, Shown

from .cards import parse_cards, refs, show_cards

__all__ = ["figure", "setup_situation"]


def setup_situation(state, options: Mapping) -> None:
    """A worked example's situation: the players' ranks, their hands (the rest of the deck out
    of play), and the phase it starts in (a trick, or the taxes due)."""
    names = list(options.get("order") or state.players)
    state.order = [state.seat(p) for p in names] + [s for s in range(len(state.players))
                                                  if state.players[s] not in names]
    held = [0] * 14
    for name, cards in options["hands"].items():
        for c in parse_cards(cards):
            state.hands[state.seat(name)][c] += 1
            held[c] += 1
    state.discard = [d - h for d, h in zip(state.deck, held)]  # cards out of play
    if min(state.discard) < 0:
        raise IllegalMove("the hands hold more cards of a rank than the deck has")
    phase = options.get("phase", "play")
    if phase == "exchange":
        state._after_deal()
    else:
        state._start_play(state.seat(options["leader"]) if "leader" in options else state.order[0])


def figure(game, given, moves):
    """Hands and played cards drawn as the printed cards (rows of cardspecs' deck). When
    taxes are due, the peons' payments (the rules take them, nobody chooses) are shown
    where they happen: before the Dalmutis give back, after a revolution declined."""
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
        steps.append(Shown(verb if verb in ("play", "pass", "give", "revolution") else "move",
                           who.strip(), refs(cards) if verb in ("play", "give") else (), move.strip()))
        steps += paid.get(i, [])
    return situation, steps


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
