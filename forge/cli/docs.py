"""``forge docs``: the reference documents installed with forge (the card spec language, the
engine API), readable wherever forge is installed, not only in a checkout of its repository."""
from __future__ import annotations

import difflib
from pathlib import Path
from typing import Annotated, Optional

import typer

from . import app, err, out

__all__ = ["docs_dir"]


def docs_dir() -> Path:
    """The documents: inside the installed package (``forge/_docs``, see pyproject.toml) or
    beside it in a source checkout (``docs/``)."""
    package = Path(__file__).resolve().parent.parent
    for found in (package / "_docs", package.parent / "docs"):
        if (found / "cardspec.md").is_file():
            return found
    return package / "_docs"


def _title(path: Path) -> str:
    first = path.read_text(encoding="utf-8").lstrip().splitlines()[0]
    return first.lstrip("# ").strip()


@app.command("docs")
def docs(
    name: Annotated[Optional[str], typer.Argument(help="A document: cardspec or engines (none: list them).")] = None,
    path: Annotated[bool, typer.Option("--path", help="Print the document's file path, not its text.")] = False,
) -> None:
    """Read forge's reference documents: the card spec language (forge docs cardspec) and the
    rules-engine API (forge docs engines), as Markdown on standard output."""
    found = {p.stem: p for p in sorted(docs_dir().glob("*.md"))}
    if name is None:
        for stem, file in found.items():
            out.print(f"{stem:<10} {_title(file)}  ({file})")
        return
    if name not in found:
        guess = difflib.get_close_matches(name, list(found), n=1)
        err.print(f"forge docs: no document {name!r} (expected one of: {', '.join(found)})")
        err.print(f"  hint: {f'did you mean {guess[0]}?' if guess else 'forge docs lists them'}")
        raise typer.Exit(2)
    if path:
        out.print(str(found[name]))
    else:
        print(found[name].read_text(encoding="utf-8"), end="")
