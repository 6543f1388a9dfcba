"""French cards in French typography (forge/cardspec/typography.py): no typewriter apostrophe
between two letters in any French kit file, read back with pdftotext; the English ones keep
theirs."""
from __future__ import annotations

import re
import subprocess

from ..conftest import warm_project

TYPEWRITER = re.compile(r"\w'\w")


def text(path) -> str:
    return subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_french_kits_print_typographic_apostrophes(tmp_path_factory):
    build = warm_project(tmp_path_factory) / "build"
    french = sorted(p for p in build.glob("*/fr/*.pdf") if not p.name.startswith("print-all"))
    assert len(french) > 30
    found = {p.relative_to(build).as_posix(): TYPEWRITER.findall(text(p)) for p in french}
    assert {k: v for k, v in found.items() if v} == {}
    assert sum(text(p).count("\u2019") for p in build.glob("gjdlv/fr/*-a4.pdf")) > 10


def test_english_kits_keep_their_apostrophes(tmp_path_factory):
    build = warm_project(tmp_path_factory) / "build"
    assert any(TYPEWRITER.search(text(p)) for p in build.glob("*/en/*-a4.pdf"))
