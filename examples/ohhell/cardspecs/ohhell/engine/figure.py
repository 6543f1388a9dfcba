"""How a worked example of Oh Hell looks: the hands, the turned-up card and the trick on the
table drawn as the printed cards, the rest of the situation in words, each bid said and each
card played drawn."""
from __future__ import annotations

from typing import Mapping

from forge.engine import MoveError, Shown

from .cards import card_code, ref, refs

__all__ = ["figure"]


def figure(given: Mapping, moves) -> tuple[list[Shown], list[Shown]]:
    """(the situation, the moves): see the module's docstring. Text that is not cards is said
    in words rather than drawn (the example checker reports it at its line)."""
    situation = []
    for key, value in given.items():
        try:
            if key == "hands":
                situation += [Shown("hand", who, refs(cards), cards) for who, cards in value.items()]
            elif key == "turned":
                situation.append(Shown("turned", cards=refs(value), value=value))
            elif key == "trick":
                situation += [Shown("trick", who, refs(card), card) for who, card in value.items()]
            else:
                situation.append(Shown(key, value=value))
        except (MoveError, AttributeError):
            situation.append(Shown(key, value=value))
    return situation, [_step(text) for text in moves]


def _step(text) -> Shown:
    """One move of the example: a bid said, a card played drawn (anything else in words)."""
    who, _, move = str(text).partition(":")
    who, move = who.strip(), move.strip()
    verb, _, arg = move.partition(" ")
    if verb == "bid":
        return Shown("bid", who, value=arg)
    if verb == "play":
        try:
            return Shown("play", who, (ref(card_code(arg)),), arg)
        except MoveError:
            pass
    return Shown("move", who, value=move)
