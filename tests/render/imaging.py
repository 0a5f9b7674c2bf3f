"""Image helpers for the renderer tests: decoding and golden-image comparison."""

from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

GOLDEN_DIR = Path(__file__).parent / "golden"
UPDATE_ENV = "REFEREE_UPDATE_GOLDEN"
# Allowed difference against a golden image, per channel on a 0..255 scale: the mean over
# the whole image, and the mean inside the worst 32 x 32 block (so that a small local change,
# such as one moved disc, is caught even on a large image).
GOLDEN_TOLERANCE = 0.5
BLOCK = 32
BLOCK_TOLERANCE = 1.5


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    assert img.format == "PNG"
    return img.convert("RGB")


def half(img: Image.Image) -> Image.Image:
    """Goldens are stored at half size: small files, and tolerant of sub-pixel changes."""
    return img.resize((img.width // 2, img.height // 2), Image.Resampling.BILINEAR)


def mean_abs_diff(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def worst_block_diff(a: Image.Image, b: Image.Image) -> float:
    """The largest mean absolute difference over ``BLOCK`` x ``BLOCK`` blocks."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).convert("L")
    cols = max(1, diff.width // BLOCK)
    rows = max(1, diff.height // BLOCK)
    small = diff.resize((cols, rows), Image.Resampling.BOX)
    extrema = small.getextrema()  # (low, high) of the single "L" band
    assert isinstance(extrema[1], int | float)
    return float(extrema[1])


def updating() -> bool:
    return os.environ.get(UPDATE_ENV) == "1"


def compare_golden(name: str, png: bytes) -> tuple[float, float]:
    """(mean, worst block) absolute difference between ``png`` (halved) and golden ``name``.

    With ``REFEREE_UPDATE_GOLDEN=1`` the golden is (re)written instead and zeros returned.
    """
    img = half(decode(png))
    path = GOLDEN_DIR / f"{name}.png"
    if updating():
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        img.save(path, format="PNG", optimize=True)
        return 0.0, 0.0
    assert path.exists(), f"missing golden {path.name}: run with {UPDATE_ENV}=1 to create it"
    golden = Image.open(path).convert("RGB")
    assert golden.size == img.size, f"{name}: size {img.size} differs from golden {golden.size}"
    return mean_abs_diff(img, golden), worst_block_diff(img, golden)


def assert_matches_golden(name: str, png: bytes) -> None:
    mean, block = compare_golden(name, png)
    assert mean < GOLDEN_TOLERANCE, f"{name}: mean difference {mean:.3f} >= {GOLDEN_TOLERANCE}"
    assert block < BLOCK_TOLERANCE, (
        f"{name}: a {BLOCK}px block differs by {block:.2f} >= {BLOCK_TOLERANCE}"
    )
