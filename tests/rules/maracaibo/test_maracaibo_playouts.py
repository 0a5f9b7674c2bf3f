"""Random whole games with every contract check after every action, replay identity and the
catalogs (MAR-R1, MAR-R2). ``REFEREE_PLAYOUTS`` sets the games per player count and per solo
difficulty (default 3 and 1; the issue's soak is ``REFEREE_PLAYOUTS=200``)."""

from __future__ import annotations

import os

import pytest

from rules.core.replay import GameLog, replay, state_hash
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import CATALOGS, LATIN_WORD, RAW_ID, play

PLAYOUTS = os.environ.get("REFEREE_PLAYOUTS")
GAMES = int(PLAYOUTS or "3")
SOLO_GAMES = int(PLAYOUTS or "1")


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_mar_r1_random_games_end_after_four_rounds(players: int) -> None:
    """MAR-R1 / R2: random games end after round 4 with a breakdown summing to the total."""
    for seed in range(GAMES):
        final, _log = play(players, 100 + seed, labels=seed == 0)
        assert final.phase == "over" and final.round == 4
        scores = SPEC.scores(final)
        top = max(r.total for r in scores.seats)
        assert sorted(scores.winners) == sorted(r.seat for r in scores.seats if r.total == top)
        for row in scores.seats:
            assert row.total == sum(row.breakdown.values())


def test_mar_replay_reproduces_the_state() -> None:
    """Spec 18: a game is its seed, options, seats and actions."""
    final, log = play(3, 7)
    again = replay(SPEC, GameLog.model_validate_json(log.model_dump_json()))
    assert state_hash(again) == state_hash(final)


def test_mar_catalogs_complete_and_korean_clean() -> None:
    """Every key exists in en and ko; Korean has no Latin words and no raw ids."""
    en, ko = CATALOGS["en"], CATALOGS["ko"]
    assert set(en) == set(ko)
    assert "maracaibo.title" in en
    for topic in en["maracaibo.rules.topics"].split(","):
        assert f"maracaibo.rules.title.{topic}" in en and f"maracaibo.rules.{topic}" in en
    for key, value in ko.items():
        if key == "maracaibo.rules.topics":
            continue
        for form in value.values() if isinstance(value, dict) else [value]:
            without_args = form.replace("{", "<").split("<")
            text = " ".join(part.split("}")[-1] for part in without_args)
            assert not LATIN_WORD.search(text), (key, form)
            assert not RAW_ID.search(text), (key, form)


@pytest.mark.slow
@pytest.mark.parametrize("difficulty", ["very_easy", "easy", "normal", "hard", "very_hard"])
def test_mar_j3_solo_games_against_jean(difficulty: str) -> None:
    """MAR-J2 / J3: solo games at every difficulty end after round 4 with Jean ranked."""
    for seed in range(SOLO_GAMES):
        final, _log = play(1, 300 + seed, labels=seed == 0, difficulty=difficulty)
        assert final.phase == "over" and final.round == 4 and final.jean is not None
        scores = SPEC.scores(final)
        assert {r.seat for r in scores.seats} == {"p1", "jean"}


def test_mar_generic_random_bot_finishes_a_game() -> None:
    """The generic random-move filler (CLI, bench) plays a whole game from legal_actions."""
    from rules.core.bots import play_random_game
    from rules.maracaibo.model import Options

    final, log = play_random_game(SPEC, Options(players=2), 11)
    assert SPEC.is_over(final) and log.actions


def test_mar_labels_are_distinct_within_a_menu() -> None:
    """Every legal action of a menu has its own label (buttons must be told apart)."""
    from tests.rules.maracaibo.helpers import render

    final, log = play(3, 12)
    from rules.core.replay import replay as rebuild

    state = SPEC.new_game(log.seats, SPEC.options_from(log.options), log.seed)
    for entry in log.actions:
        actions = SPEC.legal_actions(state, entry.seat)
        labels = [render(SPEC.describe_action(state, entry.seat, a), "en") for a in actions]
        assert len(labels) == len(set(labels)), labels
        state = SPEC.apply(state, entry.seat, SPEC.parse_action(entry.action)).state
    assert rebuild(SPEC, log).model_dump_json() == final.model_dump_json()
