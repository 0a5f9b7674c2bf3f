"""House rules that must hold on every commit: ruff, formatting, mypy --strict everywhere, layering."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ["bot", "cogs", "rules", "render", "db", "bench", "tests"]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_check_passes() -> None:
    done = _run("ruff", "check", *PACKAGES)
    assert done.returncode == 0, done.stdout + done.stderr


def test_ruff_format_is_clean() -> None:
    done = _run("ruff", "format", "--check", *PACKAGES)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_strict_passes_on_the_whole_project() -> None:
    done = _run("mypy", "--strict", "bot", "cogs", "db", "render", "rules", "bench")
    assert done.returncode == 0, done.stdout + done.stderr


def test_rules_import_nothing_outside_rules() -> None:
    """design.md: a rules module importing discord, PIL, aiosqlite or another project package is a defect.

    The terminal CLI (rules/cli.py) is the one tool entry point that lazily reaches for the
    catalogs and the renderer through importlib, so it is checked by the same static rule.
    """
    forbidden = {"discord", "PIL", "aiosqlite", "bot", "cogs", "render", "db", "simcord"}
    for path in (ROOT / "rules").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in forbidden, (
                    f"{path.relative_to(ROOT)} imports {name}"
                )
