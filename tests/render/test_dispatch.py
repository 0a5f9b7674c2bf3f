"""``render_board`` / ``render_private`` dispatch by ``view.game``; Pillow stays inside render/."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import render
from bot.i18n import Translator
from rules.core import View
from tests.render.games import view_at

TR = Translator("en", {})

ROOT = Path(__file__).resolve().parents[2]


def test_unknown_game_is_a_clear_error() -> None:
    with pytest.raises(render.UnknownGameError) as info:
        render.render_board(View(game="chess"), TR)
    assert "chess" in str(info.value) and "ilos" in str(info.value)


def test_private_needs_a_seat() -> None:
    with pytest.raises(ValueError, match="viewer"):
        render.render_private(view_at("ilos", 2, 5, 0.5), TR)


@pytest.mark.parametrize("game", ["ilos", "endeavor"])
def test_dispatch_by_game_key(game: str) -> None:
    out = render.render_board(view_at(game, 2, 5, 0.5), TR)
    assert isinstance(out, render.RenderedImage)
    assert out.filename.startswith(game) and out.filename.endswith(".png")
    assert out.png[:8] == b"\x89PNG\r\n\x1a\n"
    assert out.summary


def test_wrong_view_type_is_rejected() -> None:
    from render import endeavor, ilos

    with pytest.raises(TypeError):
        ilos.render_board(view_at("endeavor", 2, 5, 0.5), TR)
    with pytest.raises(TypeError):
        endeavor.render_board(view_at("ilos", 2, 5, 0.5), TR)


def test_pillow_is_imported_only_inside_render() -> None:
    """docs/architecture.md "Layers": Pillow draws in render/ and nowhere else (tests aside)."""
    offenders = []
    for package in ("rules", "bot", "cogs", "db", "bench", "terminal"):
        for path in (ROOT / package).rglob("*.py"):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                names: list[str] = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module]
                if any(n == "PIL" or n.startswith("PIL.") for n in names):
                    offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
