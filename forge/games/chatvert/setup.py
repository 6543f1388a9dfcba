"""Le Chat vert's worked examples: the situation a ``given:`` sets up, and what an example may
observe (the rules themselves are in :mod:`.state`).

Everything written must be possible: each card at most as often as the deck prints it, a top
card, a major on top names the colour, a turned-up first card is a coloured card, a token
held belongs to a rule in force. A situation that breaks this is a MoveError, reported at the
example's ``given`` line.
"""
from __future__ import annotations

from collections import Counter
from typing import Mapping

from forge.engine import MoveError, shuffle

from .cards import COLOURED, COLOURS, card_name, codes

__all__ = ["set_up", "observe"]


def set_up(state, options: Mapping) -> None:
    """Build ``state`` from an example's ``given``."""
    counts, blanks = state.game.deck
    pool = Counter({c: k for c, k in enumerate(counts)})

    def take(code: int) -> int:
        if pool[code] <= 0:
            raise MoveError(f"the deck has only {counts[code]} {card_name(code)}")
        pool[code] -= 1
        return code

    for who, text in (options.get("hands") or {}).items():
        for c in codes(text):
            state.give(state.seat(who), take(c))
    if "top" not in options:
        raise MoveError("a situation needs the top card of the pile (top: \"B5\")")
    top = codes(options["top"])
    if len(top) != 1:
        raise MoveError("top is one card")
    state.pile = [take(top[0])]
    if not options.get("turned_up", False):     # not the turned-up first card: "same" may be said on it
        state.no_same = 0
    elif top[0] >= COLOURED:
        raise MoveError(f"the dealer's turned-up first card is a coloured card, never a major (got top: "
                        f"{card_name(top[0])} with turned_up: true; a major turned up goes back into the draw pile)")
    if "colour" in options:
        state.colour = COLOURS.index(options["colour"])
    elif top[0] >= COLOURED:
        raise MoveError("a major is on top: say which colour it named (colour: blue)")
    else:
        state.colour = top[0] // 13
    state.direction = int(options.get("direction", 1)) or 1
    state.turn = state.seat(options["to_move"]) if "to_move" in options else 0
    given_pile = [take(c) for c in codes(options.get("draw_pile"))]
    rest = [c for c, k in pool.items() for _ in range(k)]
    if "draw_pile" in options:
        state.draw, state.box = given_pile[::-1], rest
    else:
        shuffle(rest, state.rng)
        state.draw = rest
    state.box = state.box + ["blank"] * blanks
    state.dice = list(options.get("dice") or [])
    for who in options.get("forgets_draw") or ():
        state.forgetful |= 1 << state.seat(who)
    for token, who in (options.get("tokens") or {}).items():
        if token not in state.tokens:
            raise MoveError(f"no token {token[:20]!r} in the rules in force (tokens: {', '.join(state.tokens) or 'none'})")
        state.tokens[token] = state.seat(who)


def _hand(state, s: int) -> str:
    return " ".join(card_name(c) for c in sorted(c for c, k in state.hands[s].items() for _ in range(k)))


def _legal(state, want) -> list[str]:
    """The legal moves of the player to act, as notation; when the example lists some, the
    ones it lists that are legal (so ``legal: [...]`` reads 'these are legal')."""
    moves = [str(m) for m in state.legal_moves(state.turn)]
    if isinstance(want, list):
        return [m for m in map(str, want) if m in moves]
    return moves


def observe(state, key: str, want=None):
    names = state.players
    seat_of = {s: names[s] for s in range(len(names))}
    values = {
        "hands": lambda: {names[s]: _hand(state, s) for s in range(len(names))},
        "hand_sizes": lambda: dict(zip(names, state.sizes)),
        "top": lambda: card_name(state.pile[-1]),
        "colour": lambda: COLOURS[state.colour],
        "to_act": lambda: names[state.turn],
        "direction": lambda: state.direction,
        "penalty": lambda: state.stack,
        "penalties": lambda: {names[s]: list(r) or ["none"] for s, r in enumerate(state.penalised)},
        "drew": lambda: dict(zip(names, state.drew)),
        "winner": lambda: [names[s] for s in state.winners()],
        "game_over": lambda: state.is_over(),
        "tokens": lambda: {t: seat_of.get(s) for t, s in state.tokens.items()},
        "rulings": lambda: dict(state.rulings),
        "legal": lambda: _legal(state, want),
        "triggered": lambda: dict(state.triggered),
    }
    if key not in values:
        return NotImplemented
    got = values[key]()
    if key == "hands" and isinstance(want, dict):      # a hand is a set: the example's order is kept
        return {k: want[k] if k in want and sorted(str(want[k] or "").split()) == sorted(v.split()) else v
                for k, v in got.items()}
    return got
