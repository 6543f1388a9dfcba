"""The words of the rulebook pages (not of a game): ``templates/i18n/<lang>.yaml``.

Each file maps every key of :data:`UI_KEYS` to a text in its language; ``name.<lang>``
keys (optional) name other languages in this one (``name.en: anglais``). Anything else is
a located :class:`~forge.errors.RulebookError`: a missing or unknown key, a value that is
not text, an empty file, a YAML error (a tab, say). The templates and forge's Python use
no other key (tests/rulebook/test_ui_words.py holds them to it). A language without a YAML
file may have a gettext catalog instead, ``templates/i18n/<lang>.po``, translating the
English words (``forge i18n``): a word it lacks is said in English and listed by ``forge check``.
"""
from __future__ import annotations

import functools
import re
from pathlib import Path

from ..errors import ErrorGroup, Location, RulebookError, describe
from ..inputs import inside
from ..cardspec.yamlload import LocDict, load_yaml
from ..i18n.catalog import lookup, read_catalog
from ..i18n.marks import broken

__all__ = ["templates_dir", "UI_KEYS", "OPTIONAL", "SOURCE", "load_ui", "catalog_words", "language_name"]

#: the language of the page words that catalogs translate (templates/i18n/<lang>.po)
SOURCE = "en"

UI_KEYS = {
    "language": "this language's name, in itself (language switcher)",
    "contents": "title of the table of contents",
    "search": "label of the search field of a rulebook page",
    "search_found": "what the search found: '{query}' the words searched, '{n}' how many sections",
    "search_none": "what the search says when no section holds '{query}'",
    "languages": "label of the language switcher",
    "all_games": "link to the page of every game; its title",
    "rulebook": "what a rulebook page is (page title)",
    "print_kit": "heading of the print-and-play files",
    "print_all": "link to the one file holding every component of a kit, in print order",
    "booklet": "link to this rulebook printed as an A4 booklet (forge build --booklet)",
    "calibration": "link to the sheet that measures a printer's duplex back offset",
    "example": "label of a worked example",
    "checked": "the mark of an example replayed by forge check",
    "checked_title": "what that mark means (tooltip)",
    "refused": "badge of a move the rules refuse",
    "turn": "heading of simultaneous moves: 'Turn {n}'",
    "outcome": "heading of what an example checks",
    "and": "the last word of a list: 'A, B and C'",
    "none": "an empty list or mapping",
    "yes": "true",
    "no": "false",
    "pair": "a mapping's entry: '{key}: {value}'",
    "stale": "notice on a section whose source changed ({source}: the source's language)",
    "untranslated": "notice on a section shown in its source's language ({source})",
    "skip": "link that skips to the text",
    "generated": "the colophon: 'Built by forge {version}'",
    "about": "title of the appendix of simulated games",
    "about_players": "the box's column of player counts",
    "about_turns": "heading of the game length columns (turns per game)",
    "about_mean": "the mean game length",
    "about_median": "the median game length",
    "about_wins": "heading of the columns of wins by seat",
    "about_seat": "one seat's column: 'Player {n}'",
    "about_players_n": "a column of the house rulings table: '{n} players'",
    "about_rulings": "heading of the house rulings column: the share of games that reach each",
    "about_source": "where the box's figures come from ({games}: games per player count)",
    "about_intro": "the appendix's first paragraph: how the games were played ({games}: games per player count, {policy}: how players chose)",
    "about_intro_votes": "about_intro for a game whose lengths are not shown (players vote together)",
    "about_random": "the {policy} of about_intro for players choosing at random",
    "about_strategy": "the {policy} of about_intro for players following the game's simple strategy",
    "about_wins_intro": "how to read the charts of wins by seat",
    "about_wins_chart": "title of one player count's chart of wins by seat ({n}: players)",
    "about_fair": "the equal share's line in a chart of wins ({p}: the share)",
    "about_lengths_title": "heading of the game lengths part of the appendix",
    "about_length_chart": "title of the chart of game lengths",
    "about_length_intro": "how to read the chart of game lengths",
    "about_length_said": "one row of the lengths chart in words ({players}, {median}, {q1}, {q3}, {min}, {max})",
    "about_rulings_title": "heading of the house rulings part of the appendix",
    "about_rulings_intro": "what the house rulings table measures",
    "about_under": "a ruling counted only in a variant of the game ({options}: the variant, in the figures' words)",
    "about_never": "a ruling no simulated game needed",
    "decimal_mark": "the decimal mark of numbers: '.' or ','",
    "percent": "a percentage, {n} the number: '{n}%' (French: a narrow no-break space before %)",
    "permalink": "a heading's link to itself, for screen readers ({heading}: the heading's text)",
    "house_ruling": "a link in the rules' text to the explanation of one house ruling ('house ruling')",
    "stale_mark": "what the contents' mark beside a section whose translation may be out of date means",
    "untranslated_mark": "what the contents' mark beside a section not translated yet means",
    "credits": "the index's credit line under a game's title ({authors}: its authors)",
    "landing_intro": "the index's first paragraph, under its title: what the site offers",
    "landing_players": "the index's player count of a game: '{min}–{max} players'",
    "landing_time": "how long a game lasts on the index ({min}, {max}: minutes)",
    "landing_time_one": "how long a game lasts on the index, one figure ({n}: minutes)",
    "landing_read": "the index's link to a game's rulebook in one language",
    "landing_before": "heading of the index's box of what to print first (the calibration sheet)",
}
#: keys a project's words may lack (newer than its templates): what is said in their place
OPTIONAL = {
    "partial": "notice on a section part of which is shown in its source's language ({source}): "
               "when absent, 'untranslated' is said",
}
#: optional: another language's name in this one
NAME_KEY = re.compile(r"^name\.[a-z]{2,3}(-[A-Za-z]{2,4})?$")
HINT = "templates/i18n/en.yaml shows every key; quote words YAML reads as values (\"yes\", \"no\")"


@functools.lru_cache(maxsize=None)
def _read_ui(path: Path, stamp: tuple) -> tuple:
    """The checked words of ``path``; ``stamp`` (its modification time and size) makes a
    changed file read again."""
    data = load_yaml(path)
    where = str(Location.of(path))
    if data is None:
        raise RulebookError(Location(where, 1), "the page words file is empty", hint=HINT)
    if not isinstance(data, LocDict):
        raise RulebookError(Location(where, 1), f"expected a mapping of key: text, got {describe(data)}", hint=HINT)
    errors = []
    for key, value in data.items():
        if key not in UI_KEYS and key not in OPTIONAL and not NAME_KEY.match(key):
            errors.append(RulebookError(data.at(key), f"unknown key '{key}' (expected one of: {', '.join(UI_KEYS)}, "
                                        "or name.<lang>)", hint=HINT))
        elif not isinstance(value, str) or not value.strip():
            errors.append(RulebookError(data.at(key), f"'{key}' must be text (got {describe(value)})", hint=HINT))
    errors += [RulebookError(Location(where, 1), f"missing key '{key}' ({UI_KEYS[key]})", hint=HINT)
               for key in UI_KEYS if key not in data]
    if errors:
        raise ErrorGroup(errors)
    return tuple(data.items())


def load_ui(templates: Path, lang: str) -> dict[str, str]:
    """The page words of ``lang``, checked (each file is read once per run): its YAML file, or
    its catalog ``<lang>.po`` over the English words (see :func:`catalog_words`)."""
    path = templates / "i18n" / f"{lang}.yaml"
    if not path.is_file() and lang != SOURCE and (templates / "i18n" / f"{lang}.po").is_file():
        return dict(catalog_words(templates, lang)[0])
    if not path.is_file():
        raise RulebookError(Location.of(path), f"no page words for language '{lang}'",
                            hint=f"copy templates/i18n/en.yaml to {path.name} and translate it")
    inside(templates.parent, path)
    stat = path.stat()
    return dict(_read_ui(path, (stat.st_mtime_ns, stat.st_size)))


def catalog_words(templates: Path, lang: str) -> tuple[tuple, tuple]:
    """The page words of ``lang`` from ``templates/i18n/<lang>.po`` (entries ``ui:<key>``, source:
    the English words), and those shown in English: (key, fuzzy|missing, where). A translation
    that loses a ``{slot}`` is an error at its entry."""
    po = templates / "i18n" / f"{lang}.po"
    inside(templates.parent, po)
    stat = po.stat()
    return _catalog_words(po, lang, (stat.st_mtime_ns, stat.st_size), tuple(load_ui(templates, SOURCE).items()))


@functools.lru_cache(maxsize=None)
def _catalog_words(po: Path, lang: str, stamp: tuple, source: tuple) -> tuple[tuple, tuple]:
    catalog = read_catalog(po, lang)
    words, pending, errors = [], [], []
    for key, text in source:
        found = lookup(catalog, text, f"ui:{key}")
        where = Location.of(po, found.line) if found.line else Location.of(po)
        if found.text is None:
            pending.append((key, found.state, where))
            words.append((key, text))
            continue
        problems = broken(text, found.text, "string")
        if problems:
            errors.append(RulebookError(where, f"page word '{key}': the translation {'; '.join(problems)}", hint=HINT))
        words.append((key, found.text))
    if errors:
        raise ErrorGroup(errors)
    return tuple(words), tuple(pending)


def language_name(templates: Path, lang: str) -> str:
    """``lang``'s name in itself."""
    return load_ui(templates, lang)["language"]


def templates_dir(root: Path) -> Path:
    """The project's ``templates/`` (its own page templates, CSS and page words) or, in a folder
    that has none (a game started with ``forge new``), forge's own: inside the installed package
    (``forge/_templates``, see pyproject.toml) or beside it in a source checkout."""
    own = root / "templates"
    if own.is_dir():
        return own
    package = Path(__file__).resolve().parent.parent
    for found in (package / "_templates", package.parent / "templates"):
        if (found / "rulebook.css").is_file():
            return found
    return own
