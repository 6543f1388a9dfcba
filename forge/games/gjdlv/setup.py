"""Le Grand Jeu de la Vie's worked examples: the situation a ``given:`` sets up, and what an
example may observe (the rules themselves are in :mod:`.state`).

Everything written must be possible: each card at most once, male gametes black and ova red,
couples of one red and one black card, abortions of one red and two black cards, no face card
in Simples Règles. A situation that breaks this is a MoveError, reported at the example's
``given`` line. The cards not written anywhere are set aside for the example.
"""
from __future__ import annotations

from typing import Mapping

from forge.engine import MoveError

from .cards import card_name, cards_of, gap, is_black, is_face

__all__ = ["set_up", "observe"]


def _groups(text, size: int, what: str) -> list[tuple[int, ...]]:
    """``"4♥ 9♣, 3♦ 3♠"`` → couples (red first) or abortions (red first)."""
    out = []
    for part in str(text or "").split(","):
        if not part.strip():
            continue
        group = cards_of(part)
        reds = [c for c in group if not is_black(c)]
        if len(group) != size or len(reds) != 1:
            raise MoveError(f"{what} {part.strip()[:30]!r} is not {size} cards with one red card")
        out.append(tuple(reds + [c for c in group if is_black(c)]))
    return out


def set_up(state, options: Mapping) -> None:
    """Build ``state`` from an example's ``given``, then begin ``to_move``'s turn."""
    pool = set(range(52 + state.jokers))

    def take(code: int, black: bool | None = None) -> int:
        if code not in pool:
            raise MoveError(f"{card_name(code)} is written twice (a deck has each card once)")
        if code >= 52 or (is_face(code) and not state.abondantes):
            raise MoveError(f"{card_name(code)} is set aside in Simples Règles (write options: {{mode: abondantes}})"
                            if code < 52 else "jokers are set aside")
        if black is not None and is_black(code) != black:
            raise MoveError(f"{card_name(code)} is {'red' if black else 'black'}: "
                            f"{'male gametes are black' if black else 'ova are red'}")
        pool.discard(code)
        return code

    for who, text in (options.get("testicules") or {}).items():
        left, bar, right = str(text or "").partition("|")
        seat = state.seat(who)
        state.piles[seat] = [[take(c, True) for c in cards_of(side)][::-1] for side in (left, right)]
    for who, text in (options.get("uretre") or {}).items():
        held = cards_of(text)
        if len(held) > 1:
            raise MoveError("an Urètre holds one gamete")
        state.uretre[state.seat(who)] = take(held[0], True) if held else -1
    for key, size, what in (("uterus", 2, "embryo"), ("nursery", 2, "newborn"), ("formol", 3, "abortion")):
        for who, text in (options.get(key) or {}).items():
            seat, groups = state.seat(who), [tuple(take(c) for c in g) for g in _groups(text, size, what)]
            if key == "uterus":
                if len(groups) > 1:
                    raise MoveError("a Utérus holds one embryo")
                state.uterus[seat] = groups[0] if groups else None
            else:
                getattr(state, key)[seat] = groups
                state.ledger[seat][key == "nursery"] = len(groups)
    state.ovulation = [take(c, False) for c in cards_of(options.get("ovulation"))][::-1]
    state.mouchoir = [take(c) for c in cards_of(options.get("mouchoir"))]
    state.diva = [take(c) for c in cards_of(options.get("diva_cup"))]
    state.box = sorted(pool)
    state.turn = state.seat(options["to_move"]) if "to_move" in options else 0
    state.first = state.seat(options["first"]) if "first" in options else state.turn
    state.round = int(options.get("round", 1))
    if state.round > state.rounds:
        raise MoveError(f"round {state.round} of a {state.rounds}-round game")
    banked = options.get("totals") or {}
    state.totals = [int(banked.get(name, 0)) for name in state.players]
    state.history = [list(state.totals)] if any(state.totals) else []     # earlier rounds, in one
    if "last_round" in options:
        state.announcer = state.seat(options["last_round"])
    state.begin_turn()


# -- observing ------------------------------------------------------------------------------

def _names(codes) -> str:
    return " ".join(card_name(c) for c in codes)


def _couples(groups) -> str:
    return ", ".join(_names(g) for g in groups)


def _piles(state, s: int) -> str:
    left, right = state.piles[s]
    return f"{_names(left[::-1])} | {_names(right[::-1])}".strip()


def _taller(state, s: int) -> str:
    """Which of ``s``'s Testicules holds more cards: left, right or neither."""
    left, right = map(len, state.piles[s])
    return "left" if left > right else "right" if right > left else "neither"


def _canon(text, ordered: bool) -> list:
    """A written card text in a comparable form: groups in order, cards sorted within a group
    (or every card sorted when the order does not matter)."""
    try:
        groups = [sorted(cards_of(g)) for g in str(text or "").replace("|", ",").split(",")]
    except MoveError:
        return [str(text)]
    return [g for g in groups if g] if ordered else sorted(c for g in groups for c in g)


def _in_order(text, codes) -> bool:
    try:
        return cards_of(text) == list(codes)
    except MoveError:
        return False


def _legal(state, want) -> list[str]:
    moves = {f"{state.players[s]}: {m}" for s in state.to_act() for m in state.legal_moves(s)}
    if isinstance(want, list):
        return [m for m in map(str, want) if " ".join(m.split()) in moves]
    return sorted(moves)


def observe(state, key: str, want=None):
    names = state.players
    n = range(len(names))
    per_seat = {
        "hands": lambda s: _names(state.tops(s)),
        "testicules": lambda s: _piles(state, s),
        "uterus": lambda s: _names(state.uterus[s] or ()),
        "uretre": lambda s: card_name(state.uretre[s]) if state.uretre[s] >= 0 else "",
        "nursery": lambda s: _couples(state.nursery[s]),
        "formol": lambda s: _couples(state.formol[s]),
        "gaps": lambda s: "none" if state.uterus[s] is None else "royal" if is_face(state.uterus[s][0])
        else gap(*state.uterus[s]),
        "points": lambda s: state.scores()[s] - state.totals[s] if not state.is_over() else state.history[-1][s],
        "scores": lambda s: state.scores()[s],
        "taller": lambda s: _taller(state, s),
        "abortions": lambda s: len(state.formol[s]),
        "newborns": lambda s: len(state.nursery[s]),
    }
    if key in per_seat:
        got = {names[s]: per_seat[key](s) for s in n}
        if key in ("hands", "testicules", "uterus", "uretre", "nursery", "formol") and isinstance(want, dict):
            ordered = key in ("nursery", "formol", "testicules")
            got = {k: want[k] if k in want and _canon(want[k], ordered) == _canon(v, ordered) and
                   (key != "testicules" or str(want[k]).count("|") == v.count("|")) else v for k, v in got.items()}
        return got
    piles = {"mouchoir": state.mouchoir, "diva_cup": state.diva, "ovulation": state.ovulation[::-1]}
    if key in piles:
        got = _names(piles[key])
        if want is None:
            return got
        if key == "ovulation":
            return want if _canon(want, True) == [sorted(piles[key])] and _in_order(want, piles[key]) else got
        return want if _canon(want, False) == _canon(got, False) else got
    values = {
        "to_act": lambda: [names[s] for s in sorted(state.to_act())],
        "phase": lambda: state.phase,
        "round": lambda: state.round,
        "first": lambda: names[state.first],
        "last_round": lambda: names[state.announcer] if state.announcer >= 0 else "none",
        "express": lambda: state.express,
        "legal": lambda: _legal(state, want),
        "game_over": lambda: state.is_over(),
        "winner": lambda: [names[s] for s in state.winners()] if state.is_over() else [],
        "rulings": lambda: dict(state.rulings) if isinstance(want, dict) else sorted(state.rulings),
    }
    if key not in values:
        raise KeyError(key)
    return values[key]() if key in values else NotImplemented
