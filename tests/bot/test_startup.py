"""Start-up refuses in one line with exit code 2, with the advice that fits the cause
(issue 18 point 5). Each case runs ``python -m bot``'s ``main`` with a dummy token; where
start-up must stop before connecting, reaching the Discord client fails the test.

The file-permission cases give the check the operating system's refusal (``PermissionError``,
``EROFS``) where the test runs as root, which ignores file modes; run as another user, the
same cases also run on real file modes (``test_real_file_modes``)."""

from __future__ import annotations

import errno
import os
import socket
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest

import bot.startup
from bot.__main__ import main
from rules.core.data import override_dir

ROOT = Path(__file__).resolve().parents[2]
POSTGRES_ENV = "REFEREE_TEST_POSTGRES_URL"
POSTGRES_SERVER = os.environ.get(POSTGRES_ENV)  # read before clean_env clears REFEREE_*


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[None]:
    """A dummy token, no REFEREE_ variables from outside, the test's folder as the working
    directory (for ``.env``), and no way on to Discord."""
    for name in list(os.environ):
        if name.startswith(("REFEREE_", "DEV_GUILD")):
            monkeypatch.delenv(name)
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-real-token")
    monkeypatch.chdir(tmp_path)

    def no_connecting(*_args: Any, **_kw: Any) -> Any:
        raise AssertionError("start-up went on towards Discord")

    monkeypatch.setattr("bot.client.create_bot", no_connecting)
    monkeypatch.setenv("REFEREE_DB", str(tmp_path / "referee.sqlite3"))
    yield
    monkeypatch.undo()
    override_dir.cache_clear()  # start-up read this test's folder; later tests read theirs


def refused(capsys: pytest.CaptureFixture[str], db: str | None = None) -> str:
    """Run start-up; it must exit 2 with exactly one line on stderr. Returns the line."""
    if db is not None:
        os.environ["REFEREE_DB"] = db  # clean_env set it, so its monkeypatch restores it
    code = main([])
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2, err
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def healthy_database(path: Path) -> Path:
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("CREATE TABLE t (x INTEGER)")
    return path


def refuse_with(monkeypatch: pytest.MonkeyPatch, probe: str, code: int) -> None:
    def refuse(path: Path) -> None:
        raise OSError(code, os.strerror(code), str(path))

    monkeypatch.setattr(bot.startup, probe, refuse)


def test_a_read_only_database_file_is_refused_as_a_permission_problem(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A read-only database was accepted and then every move failed."""
    db = healthy_database(tmp_path / "referee.sqlite3")
    refuse_with(monkeypatch, "probe_file", errno.EACCES)
    line = refused(capsys, str(db))
    assert str(db) in line and "permission problem, not damage" in line
    assert "restore" not in line


def test_a_healthy_database_in_a_folder_the_bot_cannot_write_is_not_called_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The advice was "damaged… restore the latest backup", which throws good data away."""
    db = healthy_database(tmp_path / "referee.sqlite3")
    refuse_with(monkeypatch, "probe_folder", errno.EACCES)
    line = refused(capsys, str(db))
    assert f"the folder {tmp_path}" in line and "permission problem, not damage" in line
    assert "damaged" not in line and "restore" not in line


def test_a_read_only_file_system_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = healthy_database(tmp_path / "referee.sqlite3")
    refuse_with(monkeypatch, "probe_folder", errno.EROFS)
    assert "read-only file system" in refused(capsys, str(db))


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file modes (the cases above cover it)")
def test_real_file_modes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    db = healthy_database(tmp_path / "referee.sqlite3")
    db.chmod(0o444)
    assert "permission problem" in refused(capsys, str(db))
    db.chmod(0o644)
    tmp_path.chmod(0o555)
    try:
        line = refused(capsys, str(db))
    finally:
        tmp_path.chmod(0o755)
    assert "the folder" in line and "damaged" not in line


def test_a_second_process_on_the_same_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A second bot process on one SQLite file connected to Discord and died there with a
    traceback; it stops before connecting now, saying which process holds the file."""
    db = healthy_database(tmp_path / "referee.sqlite3")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys\nfrom db import filelock\nfilelock.acquire(sys.argv[1])\n"
            "print('held', flush=True)\nsys.stdin.read()\n",
            str(db),
        ],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        line = refused(capsys, str(db))
    finally:
        holder.communicate("", timeout=60)
    assert "already in use by another bot process" in line and f"pid {holder.pid}" in line


def test_a_missing_database_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(capsys, str(tmp_path / "nowhere" / "referee.sqlite3"))
    assert "does not exist" in line and "mkdir -p" in line


def test_a_database_path_that_is_a_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = refused(capsys, str(tmp_path))
    assert "is a folder" in line and "referee.sqlite3" in line


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def test_an_unreachable_postgresql_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    url = f"postgresql://referee:secret@127.0.0.1:{free_port()}/referee"
    line = refused(capsys, url)
    assert "cannot reach PostgreSQL" in line and "secret" not in line


def test_a_missing_postgresql_database_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    server = POSTGRES_SERVER
    if not server:
        pytest.skip(f"{POSTGRES_ENV} is not set (no PostgreSQL server to ask)")
    parts = urlsplit(server)
    missing = urlunsplit(parts._replace(path=f"/referee_missing_{uuid.uuid4().hex[:8]}"))
    line = refused(capsys, missing)
    if "cannot reach" in line:
        pytest.skip(f"the PostgreSQL server at {POSTGRES_ENV} does not answer")
    assert "no such database" in line and "createdb" in line


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("postgresql://referee@127.0.0.1/referee?schema=Bad-Name", "schema name"),
        ("postgresql://referee@127.0.0.1:port/referee", "not a valid PostgreSQL URL"),
    ],
)
def test_a_bad_postgresql_url_or_schema_is_refused(
    capsys: pytest.CaptureFixture[str], url: str, expected: str
) -> None:
    assert expected in refused(capsys, url)


@pytest.mark.parametrize("kind", ["broken link", "folder"])
def test_a_data_override_that_is_not_a_file_is_refused_by_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    """A broken symlink, or a folder named ``cards.json``, was silently ignored."""
    data = tmp_path / "data" / "ilos"
    data.mkdir(parents=True)
    if kind == "broken link":
        (data / "cards.json").symlink_to(tmp_path / "gone.json")
    else:
        (data / "cards.json").mkdir()
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path / "data"))
    line = refused(capsys)
    assert "ilos/cards.json" in line
    assert ("broken link" if kind == "broken link" else "not a file") in line


def test_the_data_folder_comes_from_dot_env_like_every_setting(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``.env`` did not reach REFEREE_DATA_DIR (only the process environment did), so a bad
    folder named there was ignored."""
    (tmp_path / ".env").write_text(f"REFEREE_DATA_DIR={tmp_path / 'no-such-folder'}\n")
    line = refused(capsys)
    assert "REFEREE_DATA_DIR" in line and "not a folder" in line


def test_one_line_from_a_real_process(tmp_path: Path) -> None:
    """The same through ``python -m bot`` itself: one line on stderr, exit code 2."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFEREE_")}
    env.update(PYTHONPATH=str(ROOT), REFEREE_DB=str(tmp_path / "nowhere" / "x.sqlite3"))
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "does not exist" in done.stderr
