"""What a worked example's ``expect`` fields read from a state (declared in the game's
EXPECT_FIELDS). Hands and legal moves compare whatever the order they are written in."""
from __future__ import annotations

from forge.engine import MoveError

from .cards import SUITS, card_name, cards_of, show

__all__ = ["observe"]


def observe(st, key: str, want=None):
    """The value of the field ``key`` now (NotImplemented for a field the game does not know)."""
    read = _FIELDS.get(key)
    return read(st, want) if read else NotImplemented


def _by_name(st, value) -> dict:
    return {name: value(s) for s, name in enumerate(st.players)}


def _hands(st, want) -> dict:
    """Each hand, written as the example writes it when it holds the same cards."""
    want = want if isinstance(want, dict) else {}

    def hand(s: int) -> str:
        written = want.get(st.players[s])
        try:
            if sorted(cards_of(written)) == sorted(st.hands[s]):
                return str(written)
        except MoveError:
            pass
        return show(st.hands[s])
    return _by_name(st, hand)


def _legal(st, want) -> list[str]:
    moves = [str(m) for s in sorted(st.to_act()) for m in st.legal_moves(s)]
    if isinstance(want, list) and sorted(map(str, want)) == sorted(moves):
        return [str(w) for w in want]
    return moves


def _last(st, index: int, default):
    return st.history[-1][index] if st.history else default


def _made(st, want) -> list[str]:
    if not st.history:
        return []
    _, _, bids, tricks, _ = st.history[-1]
    return [st.players[s] for s in range(st.n) if bids[s] == tricks[s]]


_FIELDS = {
    "hands": _hands,
    "hand_sizes": lambda st, want: _by_name(st, lambda s: len(st.hands[s])),
    "turned": lambda st, want: card_name(st.turned) if st.turned >= 0 else "",
    "trump": lambda st, want: SUITS[st.trump] if st.trump >= 0 else "none",
    "stock": lambda st, want: len(st.stock),
    "dealer": lambda st, want: st.players[st.dealer],
    "deal": lambda st, want: min(st.deal_no + 1, len(st.schedule)),
    "deal_size": lambda st, want: st.schedule[min(st.deal_no, len(st.schedule) - 1)],
    "schedule": lambda st, want: list(st.schedule),
    "bids": lambda st, want: {st.players[s]: b for s, b in enumerate(st.bids) if b >= 0},
    "to_act": lambda st, want: [st.players[s] for s in sorted(st.to_act())],
    "legal": _legal,
    "trick": lambda st, want: {st.players[s]: card_name(c) for s, c in st.trick},
    "trick_won_by": lambda st, want: st.players[st.last_winner] if st.last_winner >= 0 else "",
    "tricks": lambda st, want: _by_name(st, lambda s: st.tricks[s]),
    "points": lambda st, want: dict(zip(st.players, _last(st, 4, ()))),
    "made": _made,
    "scores": lambda st, want: _by_name(st, lambda s: st.score[s]),
    "game_over": lambda st, want: st.is_over(),
    "winner": lambda st, want: [st.players[s] for s in st.winners()] if st.is_over() else [],
    "rulings": lambda st, want: sorted(st.rulings),
}
