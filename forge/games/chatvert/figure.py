"""How a worked example of Le Chat vert looks: the hands and the top card drawn, the rest in
words, and each move with the cards it plays."""
from __future__ import annotations

from typing import Mapping

from forge.engine import Shown

from .cards import COLOURS, codes, ref

__all__ = ["figure"]


def figure(given: Mapping, moves) -> tuple[list[Shown], list[Shown]]:
    """The hands and the top card drawn, the rest in words; each move with the cards it plays."""
    situation = []
    for key, value in given.items():
        if key == "hands":
            situation += [Shown("hand", who, tuple(ref(c) for c in codes(cards))) for who, cards in value.items()]
        elif key == "top":
            situation.append(Shown("top", cards=tuple(ref(c) for c in codes(value)), value=value))
        elif key == "draw_pile":
            situation.append(Shown("draw_pile", cards=tuple(ref(c) for c in codes(value)), value=value))
        else:
            situation.append(Shown(key, value=value))
    steps = []
    for text in moves:
        who, _, move = str(text).partition(":")
        head, *said = [p.strip() for p in move.split(",")]
        verb, *args = head.split()
        played = tuple(ref(c) for c in codes(" ".join(a for a in args if a not in COLOURS))) \
            if verb in ("play", "same") else ()
        colour = next((a for a in args if a in COLOURS), "")
        phrases = [p.split(" ", 1)[-1] for p in said]
        key = verb if verb in ("play", "same", "draw", "take", "pass", "wait") else "move"
        key += "_major" if colour else ""
        key += "_saying" if phrases else ""
        steps.append(Shown(key, who.strip(), played, {"colour": colour, "says": phrases, "move": move.strip(),
                                                      "token": args[0] if verb == "pass" and args else ""}))
    return situation, steps
