"""Games are plug-ins (docs/architecture.md "Games as plug-ins"; issue 7): nothing generic names a game."""

from __future__ import annotations

import re
from pathlib import Path

from rules.registry import GAMES

ROOT = Path(__file__).resolve().parents[1]

GENERIC = [
    "bot",
    "db",
    "bench",
    "rules/core",
    "rules/ai",
    "rules/registry.py",
    "terminal/cli.py",
    "cogs/lobby.py",
    "render/__init__.py",
    "render/kit.py",
]


def _game_keys() -> set[str]:
    """Every registered game and every game folder under rules/ (finished or not)."""
    folders = {
        p.name for p in (ROOT / "rules").iterdir() if p.is_dir() and p.name not in {"core", "ai"}
    }
    return (set(GAMES) | folders) - {"__pycache__"}


def _generic_files() -> list[Path]:
    out: list[Path] = []
    for entry in GENERIC:
        path = ROOT / entry
        files = [path] if path.is_file() else sorted(path.rglob("*"))
        out += [f for f in files if f.is_file() and f.suffix in {".py", ".json", ".sql", ".toml"}]
    return out


def test_no_generic_module_names_a_game() -> None:
    keys = _game_keys()
    assert {"ilos", "endeavor"} <= keys
    pattern = re.compile(r"\b(" + "|".join(sorted(keys)) + r")\b", re.IGNORECASE)
    found = [
        f"{f.relative_to(ROOT)}:{n}: {line.strip()}"
        for f in _generic_files()
        for n, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1)
        if pattern.search(line)
    ]
    assert not found, "generic modules name a game:\n" + "\n".join(found)


def test_every_registered_game_brings_its_three_places() -> None:
    """rules/<key>/ exports SPEC; the render/<key>/ package and cogs/<key>.py exist (by
    convention; issue 22 point 5: render packages like the rules')."""
    for key, spec in GAMES.items():
        if spec.package != f"rules.{key}":
            continue  # a game registered from elsewhere (tests) names its own modules
        assert (ROOT / "render" / key / "__init__.py").is_file(), key
        assert (ROOT / "cogs" / f"{key}.py").is_file(), key
        assert (ROOT / "rules" / key / "locales" / "en.json").is_file(), key
        assert (ROOT / "rules" / key / "locales" / "ko.json").is_file(), key
