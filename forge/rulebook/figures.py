"""A worked example drawn as a figure: the situation with the real cards, the moves, the
outcome in words of the page's language, and the mark that forge check replayed it.

What to show comes from the game (:meth:`forge.engine.core.Game.figure`, language-neutral);
the words come from ``rules_src/<game>/figures.yaml``, one mapping per language::

    en:
      given:   {leader: "{value} leads.", hand: "{who}"}       # the situation
      moves:   {play: "{who} plays", pass: "{who} passes."}     # one line per move
      expect:  {trick_won_by: "{value} wins the trick."}        # one sentence per checked field
      values:  {score: Score}                                   # words for data values
      cards:   {J: B}                  # card notation: how the page writes a rank of the examples
                                       # (or a colour letter and a symbol: {G: V, skip: passe})
      foreign: {fr: "Utérus, Ovulation"}   # words of another language in these texts, marked
                                           # <span lang="fr"> so that screen readers say them right

A text is a string with ``{who}`` / ``{value}`` / ``{n}`` slots, or a mapping chosen by
the value: ``{"true": …, "false": …, empty: …, one: …, many: …, other: …}``; ``one`` is a
single item, number 1 or name, ``many`` several (so that "A wins", "A and B win" agree).
Translator text is only formatted with ``str.format_map`` on known slots, never run as a
template. In French, "de" before a slot that starts with a vowel is elided ("d'Alice").

A game's situation items with ``units`` (:class:`~forge.engine.core.Shown`) are drawn as a
tree: one row per item, headed by its ``<key>_head`` text (``row_head: "Gen. {who}"``) and
said in full by its ``<key>`` text for screen readers; each unit's cards touching, a line
from each unit to its parent in the row above, each family centred under its parents as far
as the row allows (:func:`place`). A card face down is said by the ``given: face_down`` text,
``{card}`` being its caption or its front's alternative text ("{card}, face down").
"""
from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from itertools import groupby
from pathlib import Path

from markupsafe import Markup, escape

from ..engine.core import Shown
from ..engine.registry import get_game, project_of
from ..engine.examples import Example
from ..errors import ErrorGroup, InputError, Location, describe, excerpt
from ..inputs import inside
from ..cardspec.translated import overlay
from ..i18n.catalog import catalog_path, read_catalog
from ..cardspec.yamlload import load_yaml
from .cards import Card, CardArt

__all__ = ["FigureWords", "Figure", "Row", "Unit", "build_figure", "load_words", "place", "Speaker"]

SECTIONS = ("given", "moves", "expect", "values", "cards", "foreign")
SUITS = "♠♥♦♣"
_SYMBOL = re.compile(r"\d+|\+\d+")      # the symbol after a colour letter that needs no word: 7, +2
_VOWEL = re.compile(r"[AEIOUYÉÈÊÀÂÎÔÛaeiouyéèêàâîôû]")


class FigureWords:
    """One game's figure texts in one language."""

    def __init__(self, path: Path, lang: str, data: dict):
        self.path, self.lang = path, lang
        self.data = {k: dict(data.get(k) or {}) for k in SECTIONS}
        # each foreign word as the escaped page text writes it → its language; longest first
        self.lang_of = {str(escape(w.strip())): lang for lang, words in self.data["foreign"].items()
                        for w in str(words).split(",") if w.strip()}
        alternatives = "|".join(re.escape(w) for w in sorted(self.lang_of, key=len, reverse=True))
        self.foreign = re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)") if alternatives else None

    def notation(self, text: str) -> str:
        return notation(self.data["cards"], text)

    def mark(self, text: str) -> Markup:
        """``text`` escaped, each word of ``foreign`` in it marked with its language."""
        safe = escape(text)
        if self.foreign is None:
            return safe
        return Markup(self.foreign.sub(lambda m: f'<span lang="{self.lang_of[m[0]]}">{m[0]}</span>', str(safe)))

    def text(self, section: str, key: str, value, where: Location, speaker: "Speaker", **slots) -> str:
        entry = self.data[section].get(key)
        if entry is None:
            raise InputError(where, f"no {self.lang} text for {section} '{key}' in {Location.of(self.path)}",
                             hint=f"add it under {self.lang}: {section}: in that file")
        if isinstance(entry, dict):
            choice = speaker.choice_key(value)
            entry = next((entry[k] for k in (choice, _number(value), "other") if k in entry), None)
            if entry is None:
                raise InputError(where, f"no {self.lang} text for {section} '{key}' when it is '{choice}' "
                                 f"in {Location.of(self.path)}", hint="add that case, or an 'other' case")
        if isinstance(value, dict):              # a mapping's keys are slots too: "{total} cards"
            slots = {**{str(k): speaker.say(v) for k, v in value.items()}, **slots}
        return _format(str(entry), elide=self.lang == "fr", value=speaker.say(value), **slots)


def _number(value) -> str:
    """``one`` for a single item (a list or mapping of one, the number 1, a name), else ``many``."""
    if isinstance(value, (list, tuple, dict)):
        return "one" if len(value) == 1 else "many"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return "one" if value == 1 else "many"
    return "one"


def notation(cards: dict, text: str) -> str:
    """``text`` in the page's card notation: each rank that ``cards`` names rewritten ("8 12 J"
    → "8 12 B", "Q♦" → "D♦"), and a card written as a colour letter and a symbol rewritten
    part by part when ``cards`` names the letter or the symbol ("G7" → "V7", "Yskip" → "Jpasse"
    with ``{G: V, Y: J, skip: passe}``); other words ("Gaston") are left as they are."""
    def part(t: str) -> str:
        return str(cards.get(t, t))

    def one(token: str) -> str:
        if token in cards:
            return part(token)
        if len(token) > 1 and token[-1] in SUITS:
            return part(token[:-1]) + token[-1]
        head, rest = token[:1], token[1:]
        if rest and (head in cards or rest in cards) and (rest in cards or _SYMBOL.fullmatch(rest)):
            return part(head) + part(rest)
        return token
    return " ".join(one(t) for t in text.split(" ")) if cards else text


def _slot_problem(texts) -> str | None:
    """Why one of ``texts`` is not a well-formed text with slots (None when all are)."""
    for text in texts:
        try:
            list(string.Formatter().parse(str(text)))
        except ValueError as exc:
            return f"{exc} in {excerpt(str(text), 60)}"
    return None


def _format(template: str, elide: bool = False, **slots) -> str:
    """Fill ``{name}`` slots; unknown slots and stray braces are left as written. ``elide``:
    French "de" before a slot value that starts with a vowel becomes "d'"."""
    out = []
    for literal, name, spec, conv in string.Formatter().parse(template):
        out.append(literal)
        if name is not None:
            text = str(slots[name]) if name in slots else "{" + name + "}"
            if elide and _VOWEL.match(text) and re.search(r"(^|\s)[dD]e $", out[-1]):
                out[-1] = out[-1][:-2] + "'"
            out.append(text)
    return "".join(out)


def load_words(folder: Path, lang: str) -> FigureWords:
    path = folder / "figures.yaml"
    if not path.is_file():
        return FigureWords(path, lang, {})
    inside(path.absolute().parents[2], path)
    data = load_yaml(path) or {}
    if not isinstance(data, dict):
        raise InputError(Location.of(path, 1), f"figure texts must be a mapping of language → texts "
                         f"(got {describe(data)})")
    mine = data.get(lang) or {}
    po = catalog_path(folder, lang)
    source = next(iter(data), None)
    if po.is_file() and source not in (None, lang):      # a language the game's catalog translates
        for given in dict.fromkeys((source, lang)):
            if given in data and not isinstance(data[given], dict) and (given == source or data[given] is not None):
                raise InputError(data.at(given), f"the figure texts in '{given}' must be a mapping of section → "
                                 f"texts (got {describe(data[given])})", hint="see the other language's texts")
        made = overlay(data[source], read_catalog(po, lang), po, "figures",
                       left_out=lambda key: key.startswith("cards."))
        if made.errors:
            raise ErrorGroup(made.errors)
        for section, texts in (mine or {}).items():     # what figures.yaml writes in that language wins
            if isinstance(texts, dict) and isinstance(made.table.get(section), dict):
                made.table[section].update(texts)
                made.table[section].key_locs.update(getattr(texts, "key_locs", {}))
            else:
                made.table[section], made.table.key_locs[section] = texts, mine.at(section)
        mine = made.table
    _check_words(mine, path, lang, data.at(lang) if lang in data else Location.of(path, 1))
    return FigureWords(path, lang, mine)


def _check_words(mine, path: Path, lang: str, where: Location) -> None:
    """``lang``'s texts: sections of texts, each a string or a mapping of cases to strings."""
    hint = "figures.yaml holds, per language, given/moves/expect/values: {key: text or {case: text}}"
    if not isinstance(mine, dict):
        raise InputError(where, f"{lang}: expected a mapping of sections (got {describe(mine)})", hint=hint)
    errors = []
    for section, texts in mine.items():
        if section not in SECTIONS:
            errors.append(InputError(mine.at(section), f"{lang}: unknown key {excerpt(section)} (expected one of: "
                                     f"{', '.join(SECTIONS)})", hint=hint))
        elif not isinstance(texts, dict):
            errors.append(InputError(mine.at(section), f"{lang}.{section}: expected a mapping of texts "
                                     f"(got {describe(texts)})", hint=hint))
        else:
            for key, text in texts.items():
                cases = text.values() if isinstance(text, dict) else [text]
                if not all(isinstance(c, (str, int, float)) and not isinstance(c, bool) for c in cases):
                    errors.append(InputError(texts.at(key), f"{lang}.{section}.{key}: expected a text or a "
                                             f"mapping of cases to texts (got {describe(text)})", hint=hint))
                elif (why := _slot_problem(cases)) is not None:
                    errors.append(InputError(texts.at(key), f"{lang}.{section}.{key}: {why}",
                                             hint="slots are written {who}, {value} or {n}; write {{ and }} for braces"))
    if errors:
        raise ErrorGroup(errors)


@dataclass
class Speaker:
    """Says data values in the page's language: lists with 'and', mappings as pairs."""

    ui: dict
    values: dict
    cards: dict = field(default_factory=dict)

    def choice_key(self, value) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if value in (None, "") or (isinstance(value, (list, dict)) and not value):
            return "empty"
        return str(value).lower()

    def say(self, value) -> str:
        if isinstance(value, bool):
            return self.ui["yes" if value else "no"]
        if isinstance(value, dict):
            if not value:
                return self.ui["none"]
            return ", ".join(_format(self.ui["pair"], key=self.say(k), value=self.say(v)) for k, v in value.items())
        if isinstance(value, (list, tuple)):
            items = [self.say(v) for v in value]
            if not items:
                return self.ui["none"]
            return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" {self.ui['and']} {items[-1]}"
        if value is None:
            return "—"
        text = str(value)
        return str(self.values[text]) if text in self.values else notation(self.cards, text)


@dataclass
class Line:
    text: str                              # words, escaped (made Markup by FigureWords.mark)
    cards: list[Card] = field(default_factory=list)
    who: str | None = None
    refused: bool = False


@dataclass
class Unit:
    cards: list[Card]                      # drawn touching
    parent: int | None = None              # its index among the units of the row above
    column: int = 0                        # the first column it takes (one per card)


@dataclass
class Row:
    text: str                              # the row in words, for screen readers
    head: str                              # its short heading ("Gen. 2")
    units: list[Unit]
    links: str = ""                        # SVG path to the row above, in columns (x) and 0–1 (y)


@dataclass
class Figure:
    id: str
    situation: list[Line]                  # sentences
    hands: list[Line]                      # a player and cards, drawn side by side
    moves: list[Line]
    groups: list[tuple[str, list[Line]]]   # simultaneous moves: (heading, tiles)
    outcome: list[Line]
    tree: list[Row] = field(default_factory=list)
    columns: int = 0                       # the tree's width, in cards


def place(rows: list[Row], where: Location) -> int:
    """Set each unit's first column and each row's links; the tree's width in columns. A row's
    units go left to right, each family (the units of one parent, kept together in their order)
    centred under its parents when the units before it leave room, units without a parent last."""
    def span(unit: Unit) -> int:
        return max(len(unit.cards), 1)            # a unit not drawn (forge check) still takes a column

    width = 0
    for r, row in enumerate(rows):
        above = rows[r - 1].units if r else []
        if any(u.parent is not None and not 0 <= u.parent < len(above) for u in row.units):
            raise InputError(where, f"tree row {r + 1}: a unit's parent is not one of the {len(above)} units "
                             "of the row above", hint="a unit's parent is an index among the units of the row above")
        free, paths = 0, []
        order = sorted(row.units, key=lambda u: (u.parent is None, u.parent or 0))
        for parent, family in groupby(order, key=lambda u: u.parent):
            family = list(family)
            if parent is not None:
                top = above[parent].column + span(above[parent]) / 2
                free = max(free, int(top - sum(map(span, family)) / 2 + .5))
            for unit in family:
                unit.column, free = free, free + span(unit)
            if parent is not None:
                xs = [u.column + span(u) / 2 for u in family]
                paths.append(f"M{top:g} 0V.5M{min(xs + [top]):g} .5H{max(xs + [top]):g}"
                             + "".join(f"M{x:g} .5V1" for x in xs))
        row.links = "".join(paths)
        width = max(width, free)
    return width


def build_figure(ex: Example, words: FigureWords, ui: dict, art: CardArt, values: dict | None = None) -> Figure:
    """The figure of one example, in ``words.lang``; ``values``: how data values are said
    (default: the figure words' ``values``)."""
    d = ex.data
    game = get_game(d["game"], project_of(ex.path))
    speaker = Speaker(ui, words.data["values"] if values is None else values, words.data["cards"])
    given = {**dict(d.get("given") or {}), **dict(d.get("options") or {})}
    situation, steps = game.figure(given, list(d.get("moves") or []))
    _, refused = game.figure({}, list(d.get("refused") or []))
    fig = Figure(ex.id, [], [], [], [], [])

    def cards(item: Shown) -> list[Card]:
        drawn = []
        for ref in item.cards:
            card = art.card(ref, ex.location)
            if ref.face_down:                  # worded even when not drawn, so that forge check sees the text
                said = words.text("given", "face_down", None, ex.location, speaker,
                                  card=ref.caption or (card.alt if card else words.notation(ref.label)))
                if card is not None:
                    card.alt = said
            if card is not None:
                drawn.append(card)
        return drawn

    def parts(section: str, item: Shown) -> dict:
        """The ``{parts}`` slot: each part worded by its own key, joined with '; '."""
        if not item.parts:
            return {}
        return {"parts": "; ".join(words.text(section, p.key, p.value, ex.location, speaker, who=p.who or "")
                                   for p in item.parts)}

    for item in situation:
        if item.units:
            fig.tree.append(Row(words.mark(words.text("given", item.key, item.value, ex.location, speaker,
                                                      who=item.who or "", **parts("given", item))),
                                words.mark(words.text("given", f"{item.key}_head", item.value, ex.location, speaker,
                                                      who=item.who or "")),
                                [Unit(cards(u), u.parent) for u in item.units]))
            continue
        line = Line(words.text("given", item.key, item.value, ex.location, speaker, who=item.who or "",
                               **parts("given", item)), cards(item), item.who)
        (fig.hands if item.cards else fig.situation).append(line)
    groups: dict[int, list[Line]] = {}
    for item, is_refused in [(s, False) for s in steps] + [(s, True) for s in refused]:
        line = Line(words.text("moves", item.key, item.value, ex.location, speaker, who=item.who or ""),
                    cards(item), item.who, is_refused)
        if item.group is not None:
            groups.setdefault(item.group, []).append(line)
        else:
            fig.moves.append(line)
    fig.groups = [(_format(ui["turn"], n=g + 1), lines) for g, lines in sorted(groups.items())]
    fig.columns = place(fig.tree, ex.location)
    expect = d["expect"]
    for key, value in expect.items():
        fig.outcome.append(Line(words.text("expect", key, value, ex.at(expect.at(key).line), speaker)))
    for line in [*fig.situation, *fig.hands, *fig.moves, *(t for _, ts in fig.groups for t in ts), *fig.outcome]:
        line.text = words.mark(line.text)
    return fig
