"""The licence the package declares is the one its repository carries."""
from __future__ import annotations

import re

from .conftest import ROOT


def test_the_declared_licence_is_the_licence_file():
    declared = re.search(r'^license = \{ text = "([^"]+)" \}$', (ROOT / "pyproject.toml").read_text(), re.M)
    assert declared is not None, "pyproject.toml declares no licence"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.splitlines()[0] == f"{declared[1]} License"
    assert "Permission is hereby granted, free of charge" in text     # the MIT text, whole
    assert 'THE SOFTWARE IS PROVIDED "AS IS"' in text
