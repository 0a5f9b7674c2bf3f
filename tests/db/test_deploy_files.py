"""The container and service files for running several processes (Docker cannot run here):
the Dockerfile's build context, compose.yaml's services and variables, the systemd unit."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]


def dockerfile() -> list[tuple[str, str]]:
    """(instruction, arguments) per instruction, continuation lines joined, comments out."""
    text = (REPO / "Dockerfile").read_text(encoding="utf-8")
    text = re.sub(
        r"\\\n",
        " ",
        "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#")),
    )
    out = []
    for line in text.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def test_dockerfile_copies_everything_the_package_needs() -> None:
    steps = dockerfile()
    known = {"FROM", "ENV", "WORKDIR", "COPY", "RUN", "USER", "VOLUME", "CMD", "ARG", "LABEL"}
    assert all(word in known for word, _ in steps), steps
    assert steps[0] == ("FROM", "python:3.11-slim")
    copied: set[str] = set()
    for word, args in steps:
        if word == "COPY":
            *sources, _dest = args.split()
            for source in sources:
                assert (REPO / source).exists(), f"COPY source {source} is not in the build context"
                copied.add(source)
    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    packages = {p.rstrip("*") for p in project["tool"]["setuptools"]["packages"]["find"]["include"]}
    assert packages <= copied, f"packages not copied: {packages - copied}"
    for package in packages:
        assert (REPO / package / "__init__.py").is_file()
    assert project["project"]["readme"] in copied and "pyproject.toml" in copied
    assert any(word == "RUN" and "pip install ." in args for word, args in steps)
    assert ("CMD", '["python", "-m", "bot"]') in steps
    assert ("USER", "referee") in steps  # not root


COMPOSE = REPO / "compose.yaml"


def test_compose_runs_postgres_and_two_bot_processes_on_different_shards() -> None:
    text = COMPOSE.read_text(encoding="utf-8")
    assert "\t" not in text
    assert re.search(r"^\s{4}image: postgres:15$", text, re.M)
    for name in ("DISCORD_TOKEN", "REFEREE_DB", "REFEREE_SHARD_COUNT", "POSTGRES_PASSWORD"):
        assert f"{name}:" in text, name
    assert "REFEREE_DB: postgresql://referee:${POSTGRES_PASSWORD" in text
    assert "@postgres:5432/referee" in text  # the service name is the host
    shard_ids = re.findall(r'REFEREE_SHARD_IDS: "(\d+)"', text)
    assert sorted(shard_ids) == ["0", "1"]
    assert 'REFEREE_SHARD_COUNT: "2"' in text
    assert "condition: service_healthy" in text and "pg_isready" in text


def load_compose() -> dict[str, Any] | None:
    """compose.yaml parsed by PyYAML: in this interpreter, else in the system ``python3``
    (PyYAML is not a dependency of the project); None if neither has it."""
    try:
        import yaml  # type: ignore[import-untyped]
    except ImportError:
        pass
    else:
        loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text(encoding="utf-8"))
        return loaded
    system = shutil.which("python3", path="/usr/bin:/usr/local/bin")
    if system is None:
        return None
    run = subprocess.run(
        [system, "-c", "import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)"],
        input=COMPOSE.read_text(encoding="utf-8"),
        capture_output=True,
        text=True,
        timeout=60,
    )
    if run.returncode != 0 and "No module named 'yaml'" in run.stderr:
        return None
    assert run.returncode == 0, run.stderr
    parsed: dict[str, Any] = json.loads(run.stdout)
    return parsed


def test_compose_parses_as_yaml_with_the_right_services() -> None:
    data = load_compose()
    if data is None:
        pytest.skip("PyYAML is not installed here (the text checks of compose.yaml ran)")
    services = data["services"]
    assert set(services) == {"postgres", "bot-a", "bot-b"}
    bots = [services["bot-a"], services["bot-b"]]
    assert {b["environment"]["REFEREE_SHARD_IDS"] for b in bots} == {"0", "1"}
    for bot in bots:
        env = bot["environment"]
        assert env["REFEREE_DB"].startswith("postgresql://")
        assert env["REFEREE_SHARD_COUNT"] == "2" and "DISCORD_TOKEN" in env
        assert bot["build"] == "."
        assert bot["depends_on"]["postgres"]["condition"] == "service_healthy"
    assert "pgdata" in data["volumes"]


UNIT = REPO / "deploy" / "referee@.service"


def test_systemd_unit_runs_the_bot_with_shared_and_per_instance_settings() -> None:
    text = UNIT.read_text(encoding="utf-8")
    sections = re.findall(r"^\[(\w+)\]$", text, re.M)
    assert sections == ["Unit", "Service", "Install"]
    assert "EnvironmentFile=/etc/referee/referee.env" in text
    assert "EnvironmentFile=/etc/referee/shards-%i.env" in text
    assert re.search(r"^ExecStart=\S+/python -m bot$", text, re.M)
    example = (REPO / "deploy" / "referee.env.example").read_text(encoding="utf-8")
    for name in ("DISCORD_TOKEN", "REFEREE_DB", "REFEREE_SHARD_COUNT"):
        assert re.search(rf"^{name}=", example, re.M), name


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze not here")
def test_systemd_unit_passes_systemd_analyze_verify(tmp_path: Path) -> None:
    """Unknown keys or bad values would be reported; only the interpreter's path is local."""
    unit = tmp_path / "referee@a.service"
    text = UNIT.read_text(encoding="utf-8")
    unit.write_text(text.replace("/opt/referee/.venv/bin/python", sys.executable))
    run = subprocess.run(
        ["systemd-analyze", "verify", str(unit)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0 and not (run.stdout + run.stderr).strip(), run.stdout + run.stderr


def interpolate(value: str, variables: dict[str, str]) -> str:
    """Compose's ``${NAME}``, ``${NAME:-default}`` and ``${NAME:?message}`` (a missing
    required variable fails the test, as compose refuses to start)."""

    def one(match: re.Match[str]) -> str:
        name, op, arg = match.group(1), match.group(2) or "", match.group(3) or ""
        value = variables.get(name, "")
        if op == ":?" and not value:
            raise AssertionError(f"compose needs {name}: {arg}")
        return value or (arg if op == ":-" else "")

    return re.sub(r"\$\{(\w+)(?:(:[-?])([^}]*))?\}", one, value)


def env_file(path: Path) -> dict[str, str]:
    """``NAME=value`` lines of an environment file (compose's ``.env``, systemd's
    ``EnvironmentFile``)."""
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            name, _, value = line.partition("=")
            out[name.strip()] = value.strip()
    return out


def check_settings(argv: list[str], env: dict[str, str], cwd: Path) -> str:
    """Run a deployment's command line, with its environment only, as far as reading and
    checking the settings (``--check-settings``: nothing is opened or connected)."""
    assert argv[1:3] == ["-m", "bot"], argv
    done = subprocess.run(
        [sys.executable, *argv[1:], "--check-settings"],
        cwd=cwd,
        env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_each_compose_service_reads_its_settings(tmp_path: Path) -> None:
    """Issue 18 point 6: the two bot services of compose.yaml never started (a single shard
    id was refused). Each service's command line runs with its environment, as compose
    fills it from the example ``.env``, up to its settings."""
    data = load_compose()
    if data is None:
        pytest.skip("PyYAML is not installed here (the text checks of compose.yaml ran)")
    variables = env_file(REPO / "deploy" / "referee.env.example")
    variables.update(DISCORD_TOKEN="dummy-token", POSTGRES_PASSWORD="letters0and0digits")
    cmd = next(args for word, args in dockerfile() if word == "CMD")
    for name, shard in (("bot-a", 0), ("bot-b", 1)):
        service = data["services"][name]
        argv = service.get("command") or json.loads(cmd)
        env = {k: interpolate(str(v), variables) for k, v in service["environment"].items()}
        out = check_settings(argv, env, tmp_path)
        assert f"shards [{shard}] of 2" in out, out
        assert "postgresql://referee@postgres:5432/referee" in out  # the password not shown


def test_each_systemd_instance_reads_its_settings(tmp_path: Path) -> None:
    """The same for the systemd unit: its ExecStart with its EnvironmentFiles (the shipped
    examples, the token filled in) for instances a and b."""
    lines = UNIT.read_text(encoding="utf-8").splitlines()
    start = next(line.split("=", 1)[1] for line in lines if line.startswith("ExecStart="))
    files = [line.split("=", 1)[1] for line in lines if line.startswith("EnvironmentFile=")]
    examples = {
        "/etc/referee/referee.env": "referee.env.example",
        "/etc/referee/shards-%i.env": "shards-%i.env.example",
    }
    for instance, shard in (("a", 0), ("b", 1)):
        env: dict[str, str] = {}
        for file in files:
            env.update(env_file(REPO / "deploy" / examples[file].replace("%i", instance)))
        env["DISCORD_TOKEN"] = "dummy-token"
        out = check_settings(start.split(), env, tmp_path)
        assert f"shards [{shard}] of 2" in out, out
