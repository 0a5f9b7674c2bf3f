"""Play and replay games without Discord, and check a club's component data.

    python -m rules play <game> --players 4 --seed 1 --bots random
    python -m rules play <game> --players 3 --human 1 --png-dir boards/
    python -m rules replay game.json
    python -m rules replay records/strength/<bar>.jsonl --seed 22
    python -m rules check-data DIR
    python -m rules arena <game> --players 2 --bots strong,easy --games 20 --budget 0.5
    python -m rules strength --games 100 --jobs 2
    python -m rules compare records/strength/<bar>.jsonl variant.jsonl

The interactive mode (``--human K``) lets a person take seat ``pK`` while random bots take
the others. It is a tool on top of the rules, not rules logic: it reads the bot's message
catalogs (for readable labels) and the renderer (for the text summaries and board PNGs), which
the rules never import; ``rules/__main__.py`` only hands ``python -m rules`` over to it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import render
from bot.i18n import Translator, has, t, tx
from rules.ai import arena, compare, judge, strength
from rules.core import RuleViolation, Text
from rules.core.bots import play_random_game, random_action, seat_names
from rules.core.data import OVERRIDE_ENV, data_problem, override_dir, read_data, shipped_files
from rules.core.replay import GameLog, LoggedAction, replay, start_log, state_hash
from rules.core.spec import GameSpec
from rules.registry import GAMES


def _parse_options(spec: GameSpec[Any, Any, Any, Any], players: int, pairs: list[str]) -> Any:
    raw: dict[str, Any] = {"players": players}
    for pair in pairs:
        key, _, value = pair.partition("=")
        raw[key.replace("-", "_")] = {"true": True, "false": False}.get(value.lower(), value)
    return spec.Options.model_validate(raw)


LANG = ["en"]
"""The language of what ``play`` prints (``--lang``): ``en`` or ``ko``."""


def _label(text: Text) -> str:
    return tx(text, LANG[0])


def _say(key: str, **args: Any) -> str:
    """A line of the command's own, in ``--lang``."""
    return _label(Text(key=key, args=args))


def _score_name(spec: GameSpec[Any, Any, Any, Any], category: str) -> str:
    key = f"{spec.key}.score.{category}"
    return t(key, LANG[0]) if has(key) else category


def print_scores(spec: GameSpec[Any, Any, Any, Any], state: Any) -> None:
    scores = spec.scores(state)
    for row in scores.seats:
        parts = ", ".join(f"{_score_name(spec, k)} {v}" for k, v in row.breakdown.items())
        print(f"{row.rank}. {row.seat}: {row.total}  ({parts})")
    print(_say("cli.winners", winners=", ".join(scores.winners)))


def cmd_play(args: argparse.Namespace) -> int:
    LANG[0] = getattr(args, "lang", "en")
    spec = GAMES[args.game]
    options = _parse_options(spec, args.players, args.option)
    if args.human is None:
        state, log = play_random_game(spec, options, args.seed)
        print_scores(spec, state)
        print(_say("cli.actions", count=len(log.actions), hash=state_hash(state)))
        if args.log:
            Path(args.log).write_text(log.model_dump_json(indent=1))
            print(_say("cli.log_written", path=args.log))
        return 0
    return interactive(spec, options, args)


def interactive(spec: GameSpec[Any, Any, Any, Any], options: Any, args: argparse.Namespace) -> int:
    seats = seat_names(options.players)
    me = f"p{args.human}"
    if me not in seats:
        print(f"--human must be between 1 and {options.players}", file=sys.stderr)
        return 2
    tr = Translator(LANG[0], {})
    png_dir = Path(args.png_dir) if args.png_dir else None
    if png_dir:
        png_dir.mkdir(parents=True, exist_ok=True)
    state = spec.new_game(seats, options, args.seed)
    log = start_log(spec, seats, options, args.seed, state)
    rnd = random.Random(args.seed)
    shown = -1
    while not spec.is_over(state):
        acting = sorted(spec.to_act(state))
        seat = me if me in acting else acting[0]
        if seat != me:
            action = random_action(spec, state, seat, rnd)
            print(f"  {seat}: {_label(spec.describe_action(state, seat, action))}")
        else:
            if shown != len(log.actions):
                shown = len(log.actions)
                board = render.render_board(spec.view(state, None), tr)
                print("\n=== " + _say("cli.board") + " ===\n" + board.summary)
                private = render.render_private(spec.view(state, me), tr)
                if private is not None:
                    print("=== " + _say("cli.private") + " ===\n" + private.summary)
                if png_dir:
                    (png_dir / f"board-{shown:04d}.png").write_bytes(board.png)
                    if private is not None:
                        (png_dir / f"private-{shown:04d}.png").write_bytes(private.png)
                    print(_say("cli.images", path=str(png_dir)))
            actions = spec.legal_actions(state, me)
            for i, a in enumerate(actions, 1):
                print(f"  [{i}] {_label(spec.describe_action(state, me, a))}")
            answer = input(_say("cli.choose", seat=me, count=len(actions)) + " ").strip()
            if answer.lower() == "q":
                break
            if not answer.isdigit() or not 1 <= int(answer) <= len(actions):
                print(_say("cli.pick_number"))
                continue
            action = actions[int(answer) - 1]
        try:
            result = spec.apply(state, seat, action)
        except RuleViolation as exc:
            print(_say("cli.not_allowed", reason=exc.text))
            continue
        for event in result.events:
            if event.visible_for(me):
                print("  - " + _label(event.text))
        log.actions.append(LoggedAction(seat=seat, action=action.model_dump(mode="json")))
        state = result.state
    if spec.is_over(state):
        print_scores(spec, state)
    if args.log:
        Path(args.log).write_text(log.model_dump_json(indent=1))
        print(_say("cli.log_written", path=args.log))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    if args.seed is None:
        log = GameLog.model_validate(json.loads(Path(args.log).read_text()))
    else:
        kept = arena.kept_log(Path(args.log), args.seed)
        if kept is None:
            print(
                f"{args.log} keeps no moves of a game of seed {args.seed} (an arena keeps them"
                " only for a game in which an AI seat other than random fell out)",
                file=sys.stderr,
            )
            return 2
        log = kept
    state = replay(GAMES[log.game], log)
    print(state_hash(state))
    return 0


def _provenance(raw: bytes) -> tuple[str, str]:
    """What a data file says about where its content comes from: its ``provenance`` label
    (with the labels of its items, when they carry their own) and its ``note`` or ``source``."""
    doc = json.loads(raw)
    items: Counter[str] = Counter()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("provenance"), str) and node is not doc:
                items[node["provenance"]] += 1
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(doc)
    top = doc.get("provenance") if isinstance(doc, dict) else None
    parts = [top] if isinstance(top, str) else []
    if items:
        parts.append("items: " + ", ".join(f"{n} {label}" for label, n in items.most_common()))
    label = "; ".join(parts) if parts else "not stated in the file (see docs/club-data.md)"
    notes = [
        f"{key}: {doc[key]}"
        for key in ("note", "source")
        if isinstance(doc, dict) and isinstance(doc.get(key), str)
    ]
    return label, " | ".join(notes)


def cmd_check_data(args: argparse.Namespace) -> int:
    """Validate an override folder exactly as the bot's start-up does, then list per game
    which files it replaces and where each file's content comes from."""
    if not args.dir:
        print(
            "check-data: give the override folder, e.g. python -m rules check-data data/",
            file=sys.stderr,
        )
        return 2
    os.environ[OVERRIDE_ENV] = args.dir
    override_dir.cache_clear()  # the data loaders below read the folder given here
    problem = data_problem(GAMES)
    if problem is not None:
        print(f"check-data: {problem}", file=sys.stderr)
        return 2
    replaced = 0
    for key, spec in sorted(GAMES.items()):
        files = [n for n in shipped_files(spec.package) if n.endswith(".json")]
        rows: list[str] = []
        overridden = 0
        for name in files:
            raw, source = read_data(key, name)
            where = "shipped " if source == "shipped" else "OVERRIDE"
            overridden += source != "shipped"
            label, note = _provenance(raw)
            rows.append(f"  {where}  {name}: {label}")
            if note:
                rows.append(f"              {note}")
        replaced += overridden
        print(f"{key} ({spec.title}): {len(files)} files, {overridden} overridden")
        print("\n".join(rows))
    print(
        f"OK: {args.dir} is valid; overridden files: {replaced}. A game already under way on "
        "other data of its game cannot go on while this data is loaded."
    )
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m rules", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    play = sub.add_parser("play", help="play a whole game (random bots, or you in one seat)")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int, default=4)
    play.add_argument("--seed", type=int, default=1)
    play.add_argument(
        "--bots", choices=["random"], default="random", help="who fills the other seats"
    )
    play.add_argument("--human", type=int, help="take seat pK yourself (interactive)")
    play.add_argument("--png-dir", help="folder for board images in interactive mode")
    play.add_argument("--log", help="write the action log as JSON here")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    play.add_argument(
        "--lang", choices=["en", "ko"], default="en", help="language of what is printed"
    )
    play.set_defaults(func=cmd_play)
    rep = sub.add_parser("replay", help="replay an action log and print the final state hash")
    rep.add_argument("log", help="an action log, or an arena record with --seed")
    rep.add_argument("--seed", type=int, help="replay the game of this seed kept in a record")
    rep.set_defaults(func=cmd_replay)
    check = sub.add_parser(
        "check-data",
        help="validate a REFEREE_DATA_DIR folder as the bot's start-up does and list its files",
    )
    check.add_argument("dir", help="the folder holding <game>/<file>.json replacements")
    check.set_defaults(func=cmd_check_data)
    arena.add_parser(sub, GAMES, _parse_options)
    judge.add_parser(sub, GAMES, _parse_options)
    strength.add_parser(sub, GAMES)
    compare.add_parser(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return int(args.func(args))
