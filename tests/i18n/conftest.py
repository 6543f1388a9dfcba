"""Fixtures of the translation tests: a scratch copy of the project, its cache warm."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from ..conftest import sources


@pytest.fixture
def translated(tmp_path, warm_cache) -> Path:
    """A scratch copy of the project's card specs, rulebooks and templates."""
    return sources(tmp_path, warm_cache)


def drop_language(project: Path, game: str, lang: str) -> None:
    """Remove the hand-written ``lang`` of ``game``: its edition, its strings and figure words
    (but the words a language marks as foreign, which no catalog holds), its place in the spec."""
    (project / "rules_src" / game / f"{lang}.md").unlink()
    for path in (project / "cardspecs" / game / "strings.yaml", project / "rules_src" / game / "figures.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        kept = {k: v for k, v in (data.pop(lang, None) or {}).items() if k == "foreign"}
        if kept:
            data[lang] = kept
        path.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    spec = project / "cardspecs" / f"{game}.yaml"
    text = spec.read_text(encoding="utf-8")
    spec.write_text(re.sub(r"languages: \[(.*?)\]", lambda m: "languages: [" + ", ".join(
        l for l in m[1].split(", ") if l != lang) + "]", text, count=1), encoding="utf-8")
