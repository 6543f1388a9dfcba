"""The situation a worked example describes, set up on a new state.

With no ``hands`` the state deals from its seeded ``rng``: deal ``deal`` of the schedule
(default the first), by ``dealer`` (default: cut for the first dealer, then the deal passes
left). With ``hands``, the example scripts a deal in progress: the hands, the card turned up,
the bids made so far, the trick on the table and the tricks already taken; the cards nobody
named are the stock under the turned card and the finished tricks. Everything is checked:
a situation that cannot happen is a MoveError naming what is wrong.
"""
from __future__ import annotations

from typing import Mapping

from forge.engine import MoveError

from .cards import SUITS, card_name, cards_of

__all__ = ["set_up"]

SCRIPTED = ("turned", "bids", "trick", "tricks", "leader")


def set_up(st, options: Mapping) -> None:
    """A new game (no given fields), a deal dealt from the rng, or a scripted deal."""
    for name, pts in (options.get("scores") or {}).items():
        st.score[st.seat(name)] = st.base[st.seat(name)] = int(pts)
    deal = int(options.get("deal", 1))
    if not 1 <= deal <= len(st.schedule):
        raise MoveError(f"this game has {len(st.schedule)} deals (got deal: {deal})")
    if options.get("hands") is None:
        given = [k for k in SCRIPTED if k in options]
        if given:
            raise MoveError(f"'{given[0]}' describes a deal in progress: give the players' hands too")
        st.deal_no = deal - 1
        if "dealer" in options:
            st.dealer = st.seat(options["dealer"])
        else:
            st.dealer = (st.cut_for_dealer() + deal - 1) % st.n
        st.deal()
        return
    _scripted(st, options)


def _scripted(st, options: Mapping) -> None:
    n, names = st.n, st.players
    held: dict[int, str] = {}

    def take(text, where: str) -> list[int]:
        cards = cards_of(text)
        for c in cards:
            if c in held:
                raise MoveError(f"{card_name(c)} is given twice ({held[c]} and {where})")
            held[c] = where
        return cards

    hands = options["hands"]
    for name in hands:
        st.seat(name)
    for s, name in enumerate(names):
        if name not in hands:
            raise MoveError(f"no hand given for {name} (give every player's hand, \"\" for none)")
        st.hands[s] = take(hands[name], f"{name}'s hand")
    trick = options.get("trick") or {}
    order = [st.seat(name) for name in trick]
    played = []
    for name, text in trick.items():
        cards = take(text, f"{name}'s card in the trick")
        if len(cards) != 1:
            raise MoveError(f"{name} plays one card to the trick (got {text!r})")
        played.append(cards[0])
    st.dealer = st.seat(options["dealer"]) if "dealer" in options else n - 1
    sizes = sorted({len(st.hands[s]) + (s in order) for s in range(n)})
    if len(sizes) != 1 or sizes[0] == 0:
        raise MoveError(f"every player holds as many cards, at least one, counting a card played to the trick "
                        f"(got {', '.join(map(str, sizes))})")
    for name, t in (options.get("tricks") or {}).items():
        st.tricks[st.seat(name)] = int(t)
    done = sum(st.tricks)
    k = sizes[0] + done
    _place_in_schedule(st, options, k)
    _turn_up(st, options, take, k)
    rest = [c for c in st.deck if c not in held and c != st.turned]
    st.won, st.stock = rest[:n * done], rest[n * done:]
    _bids(st, options, k)
    _trick(st, options, order, played, done)


def _place_in_schedule(st, options: Mapping, k: int) -> None:
    if k * st.n > 52:
        raise MoveError(f"{k} cards each for {st.n} players is more than the 52 cards of the deck")
    if "deal" in options:
        d = int(options["deal"])
        if st.schedule[d - 1] != k:
            raise MoveError(f"deal {d} gives {st.schedule[d - 1]} card(s) each; these hands make a {k}-card deal")
        st.deal_no = d - 1
    elif k in st.schedule:
        st.deal_no = st.schedule.index(k)
    else:
        raise MoveError(f"no deal of the schedule ({' '.join(map(str, st.schedule))}) gives {k} cards each")


def _turn_up(st, options: Mapping, take, k: int) -> None:
    if k * st.n == 52:
        if "turned" in options:
            raise MoveError("the whole deck is dealt: no card is left to turn up")
        st.rule("ohhell.no-trump")
        st.turned = st.trump = -1
        return
    if "turned" not in options:
        raise MoveError("say which card was turned up for trumps (turned: \"Q♥\")")
    cards = take(options["turned"], "the turned card")
    if len(cards) != 1:
        raise MoveError(f"one card is turned up (got {options['turned']!r})")
    st.turned, st.trump = cards[0], cards[0] // 13


def _bids(st, options: Mapping, k: int) -> None:
    n, bids = st.n, options.get("bids") or {}
    order = [(st.dealer + 1 + i) % n for i in range(n)]
    seats = [st.seat(name) for name in bids]
    if sorted(seats) != sorted(order[:len(seats)]):
        raise MoveError("players bid in turn from the dealer's left: " + ", ".join(st.players[s] for s in order)
                        + f" (got bids from {', '.join(bids)})")
    for s, (name, b) in zip(seats, bids.items()):
        if not 0 <= int(b) <= k:
            raise MoveError(f"{name} bids {b}: a bid is 0 to the {k} card(s) dealt")
        st.bids[s] = int(b)
    if st.bids[st.dealer] >= 0 and st.bids[st.dealer] == st.forbidden_bid():
        raise MoveError(f"the dealer {st.players[st.dealer]} may not bid {st.bids[st.dealer]} (the hook)")
    st.phase = st.PLAY if len(seats) == n else st.BID
    st.turn = order[len(seats) % n]


def _trick(st, options: Mapping, order: list[int], played: list[int], done: int) -> None:
    n, names = st.n, st.players
    if st.phase == st.BID:
        if done or order:
            raise MoveError("tricks are played once everyone has bid: give every player's bid")
        return
    if len(order) >= n:
        raise MoveError("a trick of one card from each player is over: count it in 'tricks' instead")
    first = (st.dealer + 1) % n
    leader = order[0] if order else st.seat(options["leader"]) if "leader" in options else first
    if "leader" in options and st.seat(options["leader"]) != leader:
        raise MoveError(f"{names[leader]} played the first card of the trick, so leads it")
    if not done and leader != first:
        raise MoveError(f"{names[first]}, left of the dealer, leads the first trick of a deal")
    if order != [(leader + i) % n for i in range(len(order))]:
        raise MoveError("the trick is played in turn to the left: " + ", ".join(names[(leader + i) % n]
                                                                                for i in range(len(order))))
    led = played[0] // 13 if played else -1
    for s, c in zip(order[1:], played[1:]):
        if c // 13 != led and any(h // 13 == led for h in st.hands[s]):
            raise MoveError(f"{names[s]} played {card_name(c)} on a {SUITS[led]} lead while holding {SUITS[led]}")
    st.trick = list(zip(order, played))
    st.led = led
    st.trumps_seen = any(c // 13 == st.trump for c in played)
    st.turn = (order[-1] + 1) % n if order else leader
