"""Write a database as an older release wrote it, for the upgrade tests (issue 17.4).

    python -m tests.upgrade.make_corpus COMMIT OUT.sqlite3

Checks ``COMMIT`` out in a temporary git worktree (removed afterwards) and runs
``tests/upgrade/corpus_driver.py`` there, as a subprocess with the checkout as its current
directory and this Python, so the release's own ``GameService``, SQLite store and engines play
and write every game. The driver's seeds and moves are fixed: running this twice on one commit
gives the same games, logs and states. The file is then vacuumed into one self-contained file.

When the release has Maracaibo campaigns (they need the club's story cards), the driver also
writes the club data folder the games were played with next to the database, as
``OUT.data/`` (``REFEREE_DATA_DIR`` for the tests that open the database).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from contextlib import closing
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("corpus_driver.py")


def _git(*args: str, cwd: Path = ROOT) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True)
    return done.stdout.strip()


def data_dir_of(database: Path) -> Path:
    """The club data folder kept next to a corpus database (may not exist)."""
    return database.with_suffix(".data")


def make(commit: str, out: Path) -> str:
    """Write ``out`` with the release at ``commit``; returns the driver's list of games."""
    full = _git("rev-parse", "--verify", f"{commit}^{{commit}}")
    out = out.resolve()
    if out.exists():
        raise SystemExit(f"{out} exists; remove it first")
    data = data_dir_of(out)
    if data.exists():
        shutil.rmtree(data)
    with tempfile.TemporaryDirectory(prefix="referee-release-") as tmp:
        tree = Path(tmp) / "tree"
        _git("worktree", "add", "--detach", str(tree), full)
        try:
            shutil.copyfile(DRIVER, tree / "_corpus_driver.py")
            written = Path(tmp) / "corpus.sqlite3"
            club = Path(tmp) / "data"
            done = subprocess.run(
                [sys.executable, "-m", "_corpus_driver", str(written), str(club)],
                cwd=tree,
                env=_environment(tree),
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                raise SystemExit(f"the driver failed on {commit}:\n{done.stdout}\n{done.stderr}")
        finally:
            _git("worktree", "remove", "--force", str(tree))
        _compact(written)
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(written, out)
        if club.exists():
            shutil.copytree(club, data)
    return done.stdout


def _environment(tree: Path) -> dict[str, str]:
    """This environment without the bot's settings, the release's code first on the path."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env["PYTHONPATH"] = str(tree)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _compact(path: Path) -> None:
    """One self-contained, vacuumed file (no write-ahead log beside it)."""
    with closing(sqlite3.connect(path, isolation_level=None)) as conn:
        conn.execute("PRAGMA journal_mode = DELETE")
        conn.execute("VACUUM")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m tests.upgrade.make_corpus", description=__doc__
    )
    parser.add_argument("commit", help="the release's commit")
    parser.add_argument("out", type=Path, help="the database to write (must not exist)")
    args = parser.parse_args(argv)
    print(make(args.commit, args.out), end="")
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
