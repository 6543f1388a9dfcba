"""``forge serve``'s card gallery: every face of every deck, drawn as the print kit draws it.

``/.forge/cards/`` lists the games and languages; ``/.forge/cards/<game>/<lang>/`` shows each
component's cards in data order, front and back side by side, with the row's number and the
file and line it comes from. Each face is an SVG drawn by the layout's own code
(:class:`forge.rulebook.cards.CardArt`) the first time the browser asks for it, at an address
made of what the face shows (its resolved parameters): after a rebuild the page reloads, the
cards whose data did not change come from the browser's cache and only the others are drawn
again. The specs are loaded again when the build folder changes (a rebuild was published).
"""
from __future__ import annotations

import hashlib
import html
import threading
from pathlib import Path

from .build import load_games
from .cardspec.loader import resolve_face
from .cardspec.model import GameSpec
from .errors import ForgeError
from .rulebook.cards import CardArt

__all__ = ["Gallery", "PREFIX"]

PREFIX = "/.forge/cards/"
_STYLE = """body{font:15px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1f2329;background:#f4f4f1}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:2rem}ul.cards{list-style:none;padding:0;display:grid;
grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem}li.card{background:#fff;border-radius:.5rem;
padding:.5rem;box-shadow:0 1px 3px #0002}.faces{display:flex;gap:.4rem}.faces img{width:50%;height:auto;
border-radius:.3rem;background:#eee}p.where{margin:.3rem 0 0;font-size:.8rem;color:#555;overflow-wrap:anywhere}
p.fault{color:#a11;font-size:.8rem}"""


class Gallery:
    """The gallery of the project ``root`` whose build is published in ``out``."""

    def __init__(self, root: Path, out: Path, version):
        self.root, self.out, self.version = root, out, version
        self._lock = threading.Lock()
        self._specs: tuple[str, dict[str, GameSpec]] | None = None
        self._todo: dict[str, tuple] = {}          # a face's address → what to draw there
        self._drawn: dict[str, bytes] = {}         # a face's address → its SVG

    def specs(self) -> dict[str, GameSpec]:
        """The project's specs, loaded again after each published build."""
        now = self.version(self.out)
        with self._lock:
            if self._specs is None or self._specs[0] != now:
                self._specs = (now, load_games(self.root))
                self._todo.clear()
                self._drawn.clear()
            return self._specs[1]

    def page(self, path: str) -> tuple[int, bytes]:
        """(status, HTML) of the gallery page at ``path`` (under :data:`PREFIX`)."""
        parts = [p for p in path[len(PREFIX):].split("/") if p]
        try:
            specs = self.specs()
        except ForgeError as exc:
            return 200, _doc("cards", f"<p class=fault>{html.escape(str(exc))}</p>")
        if not parts:
            items = "".join(f'<li><a href="{html.escape(g)}/{html.escape(lang)}/">{html.escape(s.titles.get(lang, g))}'
                            f" ({html.escape(lang)})</a></li>" for g, s in sorted(specs.items()) for lang in s.languages)
            return 200, _doc("cards", f"<h1>Cards</h1><ul>{items}</ul>")
        if len(parts) != 2 or parts[0] not in specs or parts[1] not in specs[parts[0]].languages:
            return 404, _doc("not found", "<p>No such game or language.</p>")
        return 200, self._deck_page(specs[parts[0]], parts[1])

    def _deck_page(self, spec: GameSpec, lang: str) -> bytes:
        body = [f"<h1>{html.escape(spec.titles.get(lang, spec.game))} — {html.escape(lang)}</h1>"]
        for comp in spec.components.values():
            if comp.kind != "deck":
                continue
            body.append(f"<h2>{html.escape(comp.name)}</h2><ul class=cards>")
            for n, row in enumerate(comp.rows_for(lang), 1):
                faces = []
                for side, face in (("front", comp.front), ("back", comp.back)):
                    if face is None:
                        continue
                    key = self._key(spec, comp.name, lang, n, side)
                    faces.append(f'<img loading=lazy src="{PREFIX}svg/{key}.svg" alt="{side} of row {n}" '
                                 f'width="{comp.size[0]:.0f}" height="{comp.size[1]:.0f}">')
                copies = "" if row.copies == 1 else f" · {row.copies} copies" if row.copies else " · not printed"
                body.append(f'<li class=card><div class=faces>{"".join(faces)}</div><p class=where>row {n}{copies} · '
                            f"{html.escape(str(row.location))}</p></li>")
            body.append("</ul>")
        return _doc(f"{spec.game} cards", "".join(body))

    def _key(self, spec: GameSpec, comp: str, lang: str, n: int, side: str) -> str:
        """The address of a face: what it shows, hashed; remembered to draw it when asked."""
        c = spec.components[comp]
        row = c.rows_for(lang)[n - 1]
        face = c.front if side == "front" else c.back
        try:
            shown = repr((face.layout, sorted(resolve_face(face, row, lang, spec).items(), key=lambda kv: kv[0])))
        except Exception as exc:                   # a face the build would refuse: drawn as its fault
            shown = f"fault {exc}"
        key = hashlib.sha256(f"{spec.game}|{comp}|{lang}|{side}|{shown}".encode()).hexdigest()[:20]
        self._todo.setdefault(key, (spec.game, comp, lang, n, side))
        return key

    def svg(self, path: str) -> bytes | None:
        """The SVG of the face at ``path`` (``/.forge/cards/svg/KEY.svg``), drawn once; None if unknown."""
        key = path[len(PREFIX) + len("svg/"):].removesuffix(".svg")
        with self._lock:
            if key in self._drawn:
                return self._drawn[key]
            todo = self._todo.get(key)
        if todo is None or self._specs is None:
            return None
        game, comp_name, lang, n, side = todo
        spec = self._specs[1][game]
        comp = spec.components[comp_name]
        row = comp.rows_for(lang)[n - 1]
        face = comp.front if side == "front" else comp.back
        try:
            params = resolve_face(face, row, lang, spec)
            svg = CardArt(spec, lang).draw(comp, face, row, params, f"{side} of row {n}", side).svg.encode()
        except Exception as exc:                   # shown in place of the card, located
            svg = _fault_svg(str(exc), comp.size)
        with self._lock:
            self._drawn[key] = svg
        return svg


def _doc(title: str, body: str) -> bytes:
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" '
            f'content="width=device-width, initial-scale=1"><title>{html.escape(title)}</title>'
            f"<style>{_STYLE}</style></head><body>{body}</body></html>").encode()


def _fault_svg(message: str, size: tuple[float, float]) -> bytes:
    w, h = size
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:.0f} {h:.0f}"><rect width="100%" height="100%" '
            f'fill="#fee"/><text x="6" y="20" font-size="9" fill="#a11">{html.escape(message[:80])}</text></svg>').encode()
