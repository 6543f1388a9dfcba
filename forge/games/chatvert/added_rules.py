"""Le Chat vert's added rules as data: the vocabulary, and the reader of ``rules.yaml``.

A rule (see the header of ``rules_src/chatvert/rules.yaml``) has a trigger (``when``), effects
(``do``) and changes to base rules (``change``), plus its title, text and phrases in every
language. Everything is checked when the file is read: an unknown trigger, effect or field is
an error at its line listing the allowed words, a phrase a rule names must be declared, and
each phrase must appear word for word in the rule's text in each language (the printed card
and the simulated rule cannot disagree). No rule is written in Python: the engine
(:mod:`.state`) plays any set of these.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from forge.engine import ErrorGroup, InputError, LocDict, LocList, Location, SpecError, excerpt, load_yaml

from .cards import COLOURED, COLOURS

__all__ = ["matches", "Pattern", "Effect", "Rule", "Rulebook", "read_rules", "CARD_NAME", "KIND_OF", "KINDS",
           "EVENTS", "WHO"]

#: the rules language's kind of each card code
KIND_OF = (["number"] * 10 + ["skip", "reverse", "plus2"]) * 4 + ["wild", "plus4"]
#: card kinds a pattern may name (major: wild or plus4; coloured: any card with a colour)
KINDS = ("number", "skip", "reverse", "plus2", "wild", "plus4", "major", "coloured")
EVENTS = ("play", "last-card", "one-card", "targeted", "takes-penalty")
PATTERN_KEYS = ("number", "colour", "kind", "beneath")
BENEATH = ("greater", "smaller", "equal")
PENALTY_KINDS = ("any", "plus2", "plus4")
EFFECTS = ("say", "draw", "roll", "take-token")
WHO = ("player", "previous", "next", "all", "others")
CHANGES = ("last-card-phrase", "stacking", "pass-penalty")
#: what each change changes in the base rules, in words (one added rule at most changes each)
CHANGED = {"last-card-phrase": "the phrase said at one card", "stacking": "which cards answer a +2 or a +4",
           "pass-penalty card": "the card that passes a penalty on", "pass-penalty token": "the token that passes a "
           "penalty on"}
RULE_KEYS = ("title", "text", "phrases", "tokens", "when", "do", "change")
CARD_NAME = "card-name"             # the computed phrase: the card's own name
#: bounds checked before a rule or an effect is read: forge check simulates every rule (300
#: games each), and each effect runs at every trigger
MAX_RULES = 40
MAX_EFFECTS = 8


@dataclass(frozen=True)
class Pattern:
    """Which played cards set a ``play`` rule off (None: any)."""

    numbers: frozenset | None = None
    colour: int | None = None
    kinds: frozenset | None = None
    beneath: str | None = None


@dataclass(frozen=True)
class Effect:
    """``say`` a phrase, ``draw`` cards, ``roll`` a die, ``take-token``."""

    kind: str
    phrase: str = ""
    who: str = "player"
    cards: int = 0
    die: int = 0
    outcomes: tuple = ()            # (from, to, Effect) for a roll
    token: str = ""


@dataclass(frozen=True)
class Rule:
    id: str
    location: Location
    title: dict
    text: dict
    phrases: dict                   # phrase id → words per language
    tokens: dict = field(default_factory=dict)
    event: str | None = None
    pattern: Pattern | None = None
    penalty_kind: str = "any"       # for targeted / takes-penalty
    effects: tuple = ()
    last_card_phrase: str | None = None
    mixed_stacking: bool = False
    pass_card: tuple | None = None  # (kind, phrase): a card that passes a penalty on
    pass_token: tuple | None = None  # (token, phrase)
    changed: tuple = ()             # (what of CHANGED, Location): the base rules it changes, where

    @property
    def says(self) -> tuple:
        return tuple(e.phrase for e in self.effects if e.kind == "say")


@dataclass(frozen=True)
class Rulebook:
    """The base phrases and the added rules of one ``rules.yaml``, in file order."""

    path: str
    languages: tuple
    phrases: dict
    rules: dict


class _Reader:
    def __init__(self, shown: str):
        self.shown = shown
        self.problems: list[SpecError] = []

    def bad(self, where: Location, message: str, hint: str | None = None) -> None:
        self.problems.append(SpecError(where, message, hint=hint))

    def mapping(self, value, where: Location, what: str, allowed: tuple | None = None) -> LocDict | None:
        if not isinstance(value, LocDict):
            self.bad(where, f"{what} must be a mapping (got {excerpt(value)})")
            return None
        for key in value:
            if allowed is not None and key not in allowed:
                self.bad(value.at(key), f"unknown {what} key {excerpt(key)} (expected one of: {', '.join(allowed)})")
        return value

    def words(self, value, where: Location, what: str, languages: tuple) -> dict:
        """A text given in every language: {fr: …, en: …}."""
        m = self.mapping(value, where, what, languages)
        if m is None:
            return {}
        for lang in languages:
            if not isinstance(m.get(lang), str) or not m[lang].strip():
                self.bad(m.at(lang) if lang in m else m.at(), f"{what} has no text in '{lang}'",
                         hint=f"give it in every language of the file: {', '.join(languages)}")
        return {k: str(v) for k, v in m.items()}

    def count(self, value, where: Location, what: str, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.bad(where, f"{what} must be a whole number from {low} to {high} (got {excerpt(value)})")
            return low
        return value

    def choice(self, value, where: Location, what: str, allowed: tuple) -> str:
        if value not in allowed:
            self.bad(where, f"unknown {what} {excerpt(value)} (expected one of: {', '.join(allowed)})")
            return allowed[0]
        return value


def read_rules(path: Path, shown: str | None = None) -> Rulebook:
    """Read and check a rules file; every problem is reported at once (ErrorGroup). A version of
    the file is read once, and so is a broken one: each worked example that plays the game meets
    the same errors without parsing the file again."""
    shown = shown or str(Location.of(path))
    try:
        st = path.stat()
    except OSError:
        return _read(path, shown)                  # missing: load_yaml says so, at its place
    found = _read_version(path, shown, (st.st_size, st.st_mtime_ns, st.st_ino))
    if isinstance(found, tuple):
        raise ErrorGroup(list(found))
    return found


@lru_cache(maxsize=8)
def _read_version(path: Path, shown: str, version: tuple) -> Rulebook | tuple:
    """The rulebook of one version of the file, or its errors (without their tracebacks, which
    would keep the parser's nodes alive)."""
    try:
        return _read(path, shown)
    except ErrorGroup as exc:
        return tuple(e.with_traceback(None) for e in exc.errors)
    except InputError as exc:
        return (exc.with_traceback(None),)


def _read(path: Path, shown: str) -> Rulebook:
    data = load_yaml(path, shown)
    r = _Reader(shown)
    top = r.mapping(data, Location(shown, 1), "rules file", ("phrases", "rules"))
    if top is None or not isinstance(top.get("phrases"), LocDict) or "chat-vert" not in top["phrases"]:
        r.bad(Location(shown, 1), "a rules file starts with the base phrases (phrases: chat-vert: {fr: …})",
              hint="see rules_src/chatvert/rules.yaml")
        raise ErrorGroup(r.problems)
    languages = tuple(top["phrases"]["chat-vert"]) if isinstance(top["phrases"]["chat-vert"], LocDict) else ()
    base = {pid: r.words(v, top["phrases"].at(pid), f"phrase '{pid}'", languages) for pid, v in top["phrases"].items()}
    rules = {}
    entries = r.mapping(top.get("rules") or _empty(shown), top.at("rules"), "rules")
    if entries and len(entries) > MAX_RULES:
        raise ErrorGroup([SpecError(top.at("rules"), f"{len(entries)} added rules (expected at most {MAX_RULES}: "
                                    "forge check plays 300 games with each)", hint="split them across games, or "
                                    "keep the rules a table would play")])
    for rid, body in (entries or {}).items():
        rules[rid] = _rule(r, rid, body, entries.at(rid), languages, set(base))
    _one_change_each(r, rules)
    if r.problems:
        raise ErrorGroup(r.problems)
    return Rulebook(shown, languages, base, rules)


def _one_change_each(r: _Reader, rules: dict) -> None:
    """Two added rules changing the same base rule cannot both apply (the engine would keep the
    first): an error at the second one's change."""
    first: dict = {}
    for rule in rules.values():
        for what, at in rule.changed:
            if what not in first:
                first[what] = (rule.id, at)
                continue
            rid, where = first[what]
            r.bad(at, f"rule '{rule.id}' changes {CHANGED[what]}, which rule '{rid}' already changes (line "
                  f"{where.line}): only one added rule may change it",
                  hint=f"merge the two rules into one, or have '{rule.id}' change something else")


def _empty(shown: str) -> LocDict:
    """No rules: an empty mapping placed at the file's first line."""
    out = LocDict()
    out.file, out.line, out.key_locs = shown, 1, {}
    return out


def _rule(r: _Reader, rid: str, body, where: Location, languages: tuple, base_phrases: set) -> Rule:
    body = r.mapping(body, where, f"rule '{rid}'", RULE_KEYS)
    if body is None:
        return Rule(rid, where, {}, {}, {})
    title = r.words(body.get("title"), body.at("title"), f"rule '{rid}' title", languages)
    text = r.words(body.get("text"), body.at("text"), f"rule '{rid}' text", languages)
    phrases = {}
    for pid, words in (r.mapping(body.get("phrases") or _empty(r.shown), body.at("phrases"), "phrases") or {}).items():
        phrases[pid] = r.words(words, body["phrases"].at(pid), f"phrase '{pid}'", languages)
        for lang, said in phrases[pid].items():
            if said and lang in text and said.lower() not in text[lang].lower():
                r.bad(body["phrases"].at(pid), f"phrase '{pid}' ({excerpt(said)}) is not in the rule's "
                      f"'{lang}' text", hint="the rule's text quotes its phrase word for word, as the card prints it")
    tokens = {t: r.words(v, body["tokens"].at(t), f"token '{t}'", languages)
              for t, v in (r.mapping(body.get("tokens") or _empty(r.shown), body.at("tokens"), "tokens") or {}).items()}
    known = set(phrases) | base_phrases | {CARD_NAME}
    rule = dict(title=title, text=text, phrases=phrases, tokens=tokens)
    if "when" in body:
        rule.update(_when(r, body["when"], body.at("when")))
    if "do" in body:
        rule["effects"] = _effects(r, body["do"], body.at("do"), known, set(tokens))
        if "when" not in body:
            r.bad(body.at("do"), f"rule '{rid}' has effects but no 'when'", hint="say what sets it off")
    elif "when" in body:
        r.bad(body.at("when"), f"rule '{rid}' has a 'when' but no effects ('do')", hint="say what the player must do")
    if "change" in body:
        rule.update(_changes(r, body["change"], body.at("change"), known, set(tokens)))
    if not {"when", "change"} & set(body):
        r.bad(where, f"rule '{rid}' does nothing (expected 'when' and 'do', or 'change')")
    return Rule(rid, where, **rule)


def _when(r: _Reader, value, where: Location) -> dict:
    m = r.mapping(value, where, "trigger", EVENTS)
    if m is None or len(m) != 1:
        if m is not None:
            r.bad(where, f"a rule has exactly one trigger (got {len(m)}; expected one of: {', '.join(EVENTS)})")
        return {}
    event, arg = next(iter(m.items()))
    if event == "play":
        return {"event": event, "pattern": _pattern(r, arg, m.at(event))}
    if event in ("targeted", "takes-penalty"):
        return {"event": event, "penalty_kind": r.choice(arg, m.at(event), "penalty kind", PENALTY_KINDS)}
    if arg is not True:
        r.bad(m.at(event), f"'{event}' takes true (got {excerpt(arg)})")
    return {"event": event}


def _pattern(r: _Reader, value, where: Location) -> Pattern:
    m = r.mapping(value, where, "card pattern", PATTERN_KEYS)
    if m is None:
        return Pattern()
    numbers = m.get("number")
    if numbers is not None:
        items = numbers if isinstance(numbers, list) else [numbers]
        numbers = frozenset(r.count(n, m.at("number"), "a card number", 0, 9) for n in items)
    colour = COLOURS.index(r.choice(m["colour"], m.at("colour"), "colour", COLOURS)) if "colour" in m else None
    kinds = m.get("kind")
    if kinds is not None:
        items = kinds if isinstance(kinds, list) else [kinds]
        kinds = frozenset(r.choice(k, m.at("kind"), "card kind", KINDS) for k in items)
    beneath = r.choice(m["beneath"], m.at("beneath"), "relation", BENEATH) if "beneath" in m else None
    return Pattern(numbers, colour, kinds, beneath)


def _effects(r: _Reader, value, where: Location, phrases: set, tokens: set) -> tuple:
    if not isinstance(value, LocList) or not value:
        r.bad(where, f"'do' is a list of effects (got {excerpt(value)}; effects: {', '.join(EFFECTS)})")
        return ()
    if len(value) > MAX_EFFECTS:
        r.bad(where, f"{len(value)} effects (expected at most {MAX_EFFECTS} a rule)",
              hint="a card a player can remember does a few things: split it into several rules")
        return ()
    return tuple(_effect(r, item, value.at(i), phrases, tokens) for i, item in enumerate(value))


def _effect(r: _Reader, value, where: Location, phrases: set, tokens: set) -> Effect:
    m = r.mapping(value, where, "effect", EFFECTS)
    if m is None or len(m) != 1:
        if m is not None:
            r.bad(where, f"an effect is one of {', '.join(EFFECTS)} (got {len(m)} keys)")
        return Effect("draw")
    kind, arg = next(iter(m.items()))
    at = m.at(kind)
    if kind == "say":
        return Effect(kind, phrase=_phrase(r, arg, at, phrases))
    if kind == "take-token":
        return Effect(kind, token=r.choice(arg, at, "token", tuple(sorted(tokens)) or ("(none declared)",)))
    if kind == "draw":
        return _draw(r, arg, at)
    d = r.mapping(arg, at, "roll", ("die", "outcomes")) or {}
    die = r.count(d.get("die"), at, "a die's faces", 2, 20)
    outcomes, covered = [], []
    for i, o in enumerate(d.get("outcomes") or []):
        o = r.mapping(o, d["outcomes"].at(i), "outcome", ("from", "to", "draw"))
        if o is None:
            continue
        lo, hi = (r.count(o.get(k), o.at(k), f"outcome '{k}'", 1, die) for k in ("from", "to"))
        covered += range(lo, hi + 1)
        outcomes.append((lo, hi, _draw(r, o["draw"], o.at("draw")) if "draw" in o else None))
    if sorted(covered) != list(range(1, die + 1)):
        r.bad(at, f"the outcomes of a d{die} must cover 1 to {die} once each", hint="e.g. from: 1, to: 3 then from: 4, to: 6")
    return Effect(kind, die=die, outcomes=tuple(outcomes))


def _draw(r: _Reader, arg, at: Location) -> Effect:
    d = r.mapping(arg, at, "draw", ("who", "cards")) or {}
    return Effect("draw", who=r.choice(d.get("who", "player"), at, "player", WHO),
                  cards=r.count(d.get("cards", 1), at, "cards drawn", 1, 5))


def _phrase(r: _Reader, value, where: Location, phrases: set) -> str:
    return r.choice(value, where, "phrase", tuple(sorted(phrases)))


def _changes(r: _Reader, value, where: Location, phrases: set, tokens: set) -> dict:
    m = r.mapping(value, where, "change", CHANGES) or {}
    out, changed = {}, []
    for key in m:
        if key in CHANGES and key != "pass-penalty":
            changed.append((key, m.at(key)))
    if "last-card-phrase" in m:
        out["last_card_phrase"] = _phrase(r, m["last-card-phrase"], m.at("last-card-phrase"), phrases)
    if "stacking" in m:
        out["mixed_stacking"] = r.choice(m["stacking"], m.at("stacking"), "stacking", ("mixed",)) == "mixed"
    if "pass-penalty" in m:
        p = r.mapping(m["pass-penalty"], m.at("pass-penalty"), "pass-penalty", ("card", "token", "say")) or {}
        say = _phrase(r, p.get("say"), p.at("say") if "say" in p else m.at("pass-penalty"), phrases)
        if ("card" in p) == ("token" in p):
            r.bad(m.at("pass-penalty"), "pass-penalty takes a card or a token (one of them)")
        elif "card" in p:
            out["pass_card"] = (r.choice(p["card"], p.at("card"), "card kind", ("reverse", "skip")), say)
            changed.append(("pass-penalty card", m.at("pass-penalty")))
        else:
            out["pass_token"] = (r.choice(p["token"], p.at("token"), "token", tuple(sorted(tokens)) or ("(none declared)",)), say)
            changed.append(("pass-penalty token", m.at("pass-penalty")))
    out["changed"] = tuple(changed)
    return out


def matches(p: Pattern, card: int, beneath: int) -> bool:
    """Whether ``card`` played on ``beneath`` (card codes, see :mod:`.cards`) fits pattern ``p``."""
    if p.kinds is not None:
        kind = KIND_OF[card]
        if kind not in p.kinds and not ("major" in p.kinds and card >= COLOURED) \
                and not ("coloured" in p.kinds and card < COLOURED):
            return False
    number = card % 13 if card < COLOURED and card % 13 < 10 else None
    if p.numbers is not None and number not in p.numbers:
        return False
    if p.colour is not None and (card >= COLOURED or card // 13 != p.colour):
        return False
    if p.beneath is not None:
        under = beneath % 13 if beneath < COLOURED and beneath % 13 < 10 else None
        if number is None or under is None:
            return False
        if not {"greater": number > under, "smaller": number < under, "equal": number == under}[p.beneath]:
            return False
    return True
