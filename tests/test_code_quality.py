"""House rules that must hold on every commit: ruff, formatting, mypy --strict everywhere, layering."""

from __future__ import annotations

import re
import subprocess
import sys

from tests.imports import PACKAGES, ROOT, UNREADABLE, import_cycles, import_graph, imports_of


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_check_passes() -> None:
    done = _run("ruff", "check", *PACKAGES, "tests")
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    done = _run("ruff", "format", "--check", *PACKAGES, "tests")
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_passes_on_the_whole_project() -> None:
    """The project's mypy configuration is strict and covers the whole tree, tests included."""
    done = _run("mypy")
    assert done.returncode == 0, done.stdout + done.stderr


def test_rules_import_nothing_outside_rules() -> None:
    """docs/architecture.md: a rules module importing discord, PIL, a database driver or another
    project package is a defect. Imports through importlib count (issue 22 point 5), and one the
    test cannot read is refused. ``rules/__main__.py`` alone may import the terminal tool it
    hands ``python -m rules`` over to."""
    forbidden = {"discord", "PIL", "aiosqlite", "asyncpg", "simcord", UNREADABLE}
    forbidden |= set(PACKAGES) - {"rules"}
    found = []
    for path in sorted((ROOT / "rules").rglob("*.py")):
        allowed = {"terminal"} if path == ROOT / "rules" / "__main__.py" else set()
        found += [
            f"{path.relative_to(ROOT)}:{i.line} imports {i.name}"
            for i in imports_of(path)
            if i.name.split(".")[0] in forbidden - allowed
        ]
    assert not found, "\n".join(found)


LAYERS_BELOW = {
    "rules": set(),
    "render": {"rules"},
    "db": {"rules"},
    "bot": {"rules", "render", "db"},
    "cogs": {"rules", "render", "db", "bot"},
    "terminal": {"rules", "render", "bot"},
}
"""docs/architecture.md "Layers": the project packages each layer may import (bench measures
everything, the test harness included, so it is not listed)."""


def test_each_layer_imports_only_the_layers_below_it() -> None:
    """Issue 22 point 5: imports point down the stack (statements and importlib alike);
    ``rules/__main__.py`` alone hands over to the terminal tool."""
    found = []
    for layer, below in LAYERS_BELOW.items():
        for path in sorted((ROOT / layer).rglob("*.py")):
            allowed = {layer, *below}
            if path == ROOT / "rules" / "__main__.py":
                allowed.add("terminal")
            found += [
                f"{path.relative_to(ROOT)}:{i.line} imports {i.name}"
                for i in imports_of(path)
                if i.name.split(".")[0] in {*PACKAGES, "tests"} - allowed
            ]
    assert not found, "\n".join(found)


def test_no_import_cycle_between_modules() -> None:
    """Issue 22 point 5: no two project modules import each other, directly or round a ring
    (imports inside functions, under TYPE_CHECKING and through importlib included)."""
    cycles = import_cycles(import_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" <-> ".join(sorted(c)) for c in cycles)


def test_the_cycle_check_sees_a_cycle() -> None:
    """The check above can fail: a ring through a function-level import is found."""
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert import_cycles(graph) == [frozenset({"a", "b", "c"})]


def test_cited_documents_are_in_the_repository() -> None:
    """Issue 22 point 5: a module cites only documents the repository holds (docs/...)."""
    cited = re.compile(r"\b(?:docs/)?[\w-]+\.md\b")
    missing = [
        f"{path.relative_to(ROOT)}: {name}"
        for package in [*PACKAGES, "tests"]
        for path in sorted((ROOT / package).rglob("*.py"))
        for name in cited.findall(path.read_text(encoding="utf-8"))
        if not ((ROOT / name).is_file() or (ROOT / "docs" / name).is_file())
    ]
    assert not missing, "cited documents not in the repository:\n" + "\n".join(missing)
