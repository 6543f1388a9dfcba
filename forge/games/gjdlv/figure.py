"""How a worked example of Le Grand Jeu de la Vie looks: each player's zones and the centre's
piles drawn with their cards, and each move with the card it plays."""
from __future__ import annotations

from typing import Mapping

from forge.engine import Shown

from .cards import card_code, cards_of, ref

__all__ = ["figure"]


def _refs(text) -> tuple:
    return tuple(ref(card_code(t)) for t in str(text or "").replace(",", " ").replace("|", " ").split())


def figure(given: Mapping, moves) -> tuple[list[Shown], list[Shown]]:
    """Each player's zones drawn with their cards (a hand: the two top cards, with how many lie
    below), the centre's piles drawn, the rest in words; each move with the card it plays."""
    situation = []
    for key, value in given.items():
        if key == "testicules":
            for who, text in value.items():
                piles = [cards_of(side) for side in str(text or "").split("|")]
                tops = tuple(ref(p[0]) for p in piles if p)
                situation.append(Shown("testicules", who, tops, sum(len(p) - 1 for p in piles if p)))
        elif key in ("uterus", "uretre", "nursery", "formol"):
            situation += [Shown(key, who, _refs(text), text) for who, text in value.items()]
        elif key in ("ovulation", "mouchoir", "diva_cup"):
            situation.append(Shown(key, cards=_refs(value), value=value))
        else:
            situation.append(Shown(key, value=value))
    steps = []
    for text in moves:
        who, _, move = str(text).partition(":")
        verb, *args = move.split()
        played = _refs(args[0]) if verb in ("fertilise", "surrogate", "hold", "abort", "cancel") and args else ()
        key = verb
        rank = args[0][:-1].upper() if played else ""
        if verb == "abort" and rank == "J":
            key = "abort_jack"
        elif verb == "cancel":
            key = "cancel_king" if rank == "K" else "cancel_queen"
        elif verb == "taller" and args:
            key = f"taller_{args[0]}"                    # which pile takes the odd card
        victim = " ".join(args[2:]) if verb == "surrogate" else " ".join(args) if verb in ("steal", "remove") else ""
        steps.append(Shown(key, who.strip(), played, {"victim": victim, "move": move.strip()}))
    return situation, steps
