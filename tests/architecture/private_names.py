"""An import-linter contract type: no module imports a private name (``_x``) of another.

import-linter checks which modules import which; this contract reads the names they take.
A private name is one module's own business: when another module needs it, it needs a
public home (a layer down, or in the module it belongs to). Imports inside functions count.
Configured in ``.importlinter`` (``type = private_names``) and run by ``lint-imports``.
"""
from __future__ import annotations

import ast
import importlib.util
from pathlib import Path

from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck

__all__ = ["PrivateNamesContract"]


class PrivateNamesContract(Contract):
    type_name = "private_names"

    packages = fields.ListField(subfield=fields.StringField())

    def check(self, graph, verbose: bool) -> ContractCheck:
        found = []
        for package in self.packages:
            spec = importlib.util.find_spec(package)
            root = Path(spec.origin).parent
            for path in sorted(root.rglob("*.py")):
                found += _private_imports(package, root, path)
        return ContractCheck(kept=not found, warnings=[], metadata={"found": found})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for importer, name, line in check.metadata["found"]:
            output.print_error(f"{importer} imports the private name {name} (line {line})")
            output.new_line()


def _private_imports(package: str, root: Path, path: Path) -> list[tuple[str, str, int]]:
    rel = path.relative_to(root).with_suffix("")
    parts = [package, *(rel.parts[:-1] if rel.name == "__init__" else rel.parts)]
    here = parts if path.name == "__init__.py" else parts[:-1]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.ImportFrom):
            continue
        base = here[: len(here) - node.level + 1] if node.level else []
        source = ".".join(base + ([node.module] if node.module else []))
        for alias in node.names:
            if alias.name.startswith("_") and not alias.name.startswith("__"):
                out.append((".".join(parts), f"{source}.{alias.name}", node.lineno))
    return out
