"""Campaign (spec 12): story cards as data, votes, and what persists between games (12.4).

The rulebook prints no campaign story card, so these tests write their own story cards into a
``REFEREE_DATA_DIR`` override: TEST DATA ONLY, invented here to exercise the vocabulary, not
the publisher's story."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import ValidationError

from rules.core import Event, Text
from rules.core.contract import checked_apply
from rules.maracaibo import components
from rules.maracaibo.actions import ABSTAIN, Choose
from rules.maracaibo.model import MaracaiboState, Options, Pending
from rules.maracaibo.ops import run
from rules.maracaibo.spec import SPEC
from tests.rules.maracaibo.helpers import act, check_text, start_scoring

DATA = Path(__file__).resolve().parents[3] / "rules" / "maracaibo" / "data"

TEST_STORIES: list[dict[str, Any]] = [
    {
        "id": "01",
        "standalone": False,
        "instructions": [
            {"kind": "story_tile", "location": "15"},
            {"kind": "quests", "at": {"2": ["16"], "3": ["16"], "4": ["16", "19"]}},
        ],
        "quest": {
            "cost": {"kind": "cp", "n": 1},
            "rewards": [{"op": "gain", "what": "doubloons", "n": 5}],
        },
        "back": {
            "instructions": [{"kind": "add_cards", "cards": ["C090"], "to": "discard"}],
            "options": [
                {"id": "north", "instructions": [{"kind": "read", "story": "02"}]},
                {"id": "south", "instructions": [{"kind": "read", "story": "03"}]},
            ],
        },
    },
    {
        "id": "02",
        "standalone": False,
        "instructions": [
            {"kind": "story_tile", "location": "12"},
            {"kind": "legacy_tile", "tiles": ["L25"], "location": "18"},
        ],
        "quest": {"cost": {"kind": "doubloons", "n": 2}, "rewards": []},
    },
    {
        "id": "03",
        "standalone": False,
        "instructions": [{"kind": "quests", "at": {"2": ["2"], "3": ["2"], "4": ["2"]}}],
    },
    {
        "id": "76",
        "standalone": True,
        "instructions": [
            {"kind": "quests", "at": {"2": ["15"], "3": ["15"], "4": ["15"]}},
            {"kind": "legacy_tile", "tiles": ["L25"]},
            {"kind": "add_cards", "cards": ["C090"]},
            {"kind": "quests", "when": "round_1", "at": {"3": ["6"]}},
        ],
    },
    {
        "id": "80",
        "standalone": False,
        "chapter_start": 2,
        "instructions": [{"kind": "quests", "at": {"2": ["7"], "3": ["7"], "4": ["7"]}}],
    },
    {
        "id": "04",
        "standalone": False,
        "instructions": [{"kind": "legacy_tile", "tiles": ["L12", "L13"]}],
        "requires_full_tile": "L12",
        "back": {
            "instructions": [{"kind": "reward", "ops": [{"op": "gain", "what": "vp", "n": 2}]}]
        },
    },
    {
        "id": "05",
        "standalone": False,
        "instructions": [],
        "back": {
            "instructions": [
                {"kind": "reward", "ops": [{"op": "gain", "what": "vp", "n": 1}]},
                {"kind": "read", "story": "06"},
                {"kind": "read", "story": "07"},
                {"kind": "reward", "ops": [{"op": "gain", "what": "doubloons", "n": 1}]},
            ]
        },
    },
    {
        "id": "06",
        "standalone": False,
        "instructions": [{"kind": "story_tile", "location": "2"}],
        "quest": {"cost": {"kind": "cp", "n": 1}, "rewards": []},
    },
    {
        "id": "07",
        "standalone": False,
        "instructions": [{"kind": "story_tile", "location": "7"}],
        "quest": {"cost": {"kind": "cp", "n": 1}, "rewards": []},
    },
]


def write_test_stories(data_dir: Path) -> None:
    """The shipped story cards plus ``TEST_STORIES``, and the C card they add to the deck, in
    ``data_dir/maracaibo``: a ``REFEREE_DATA_DIR`` override holding the test campaign."""
    folder = data_dir / "maracaibo"
    folder.mkdir(parents=True, exist_ok=True)
    stories = json.loads((DATA / "story_cards.json").read_text(encoding="utf-8"))
    stories["cards"] += TEST_STORIES
    (folder / "story_cards.json").write_text(json.dumps(stories), encoding="utf-8")
    projects = json.loads((DATA / "projects.json").read_text(encoding="utf-8"))
    projects["cards"].append(dict(projects["cards"][0], id="C090", deck="C"))
    (folder / "projects.json").write_text(json.dumps(projects), encoding="utf-8")


@pytest.fixture
def campaign_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    write_test_stories(tmp_path)
    monkeypatch.setenv("REFEREE_DATA_DIR", str(tmp_path))
    components.data.cache_clear()
    yield
    monkeypatch.delenv("REFEREE_DATA_DIR")
    components.data.cache_clear()


def test_campaign_option_needs_story_cards() -> None:
    """Spec 12 / 16.10: without the box's story cards a campaign cannot start."""
    with pytest.raises(ValidationError):
        Options(players=3, campaign=True)


def _setup_done(state: MaracaiboState) -> MaracaiboState:
    while state.phase == "setup":
        seat = sorted(SPEC.to_act(state))[0]
        state = act(state, seat, SPEC.legal_actions(state, seat)[0])
    return state


def test_campaign_first_game_reads_card_01(campaign_data: None) -> None:
    """MAR-R5 / 12.1: the first game skips story card 75 and reads card 01 (story tile 1 to 15)."""
    s = SPEC.new_game(["p1", "p2", "p3"], Options(players=3, campaign=True), 5)
    assert s.campaign is not None and s.campaign.in_play == ["01"]
    assert "S1" in s.board.quests["15"] and "16" in s.board.quests and "18" not in s.board.quests
    assert s.campaign.tile_stack == ["S2", "S3", "S4"]


def test_campaign_story_back_vote_and_reading(campaign_data: None) -> None:
    """MAR-J11 / 12.2 / D20: a claimed story tile's card is read back; majority vote, tie -> reader."""
    s = _setup_done(SPEC.new_game(["p1", "p2", "p3"], Options(players=3, campaign=True), 5))
    s.board.quests["15"].remove("S1")
    s.players["p2"].quests.append("S1")
    start_scoring(s, "interim", s.active)
    run(s, [])
    assert s.stack[-1].kind == "vote" and s.stack[-1].seat == "p2"
    s = act(s, "p2", Choose(option=1))
    s = act(s, "p3", Choose(option=0))
    s = act(s, "p1", Choose(option=0))
    assert s.campaign is not None and s.campaign.decisions == {"01": "north"}
    assert "02" in s.campaign.in_play and s.campaign.legacy == {"L25": "18"}
    assert "C090" in s.board.discard and "C090" in s.campaign.c_cards
    assert s.round == 2 and s.phase == "play"


def _story_vote(players: int, reader: str, seed: int = 5) -> MaracaiboState:
    """A campaign game at the round-1 scoring where ``reader`` claimed story tile S1: the
    back of card 01 (options north / south) is being voted on."""
    seats = [f"p{i + 1}" for i in range(players)]
    s = _setup_done(SPEC.new_game(seats, Options(players=players, campaign=True), seed))
    s.board.quests["15"].remove("S1")
    s.players[reader].quests.append("S1")
    start_scoring(s, "interim", s.active)
    run(s, [])
    assert s.stack[-1].kind == "vote"
    return s


def _votes(tally: Event) -> list[tuple[object, object]]:
    """The (story card number, votes) pairs a story vote's public event lists."""
    votes = tally.args["votes"]
    assert isinstance(votes, list)
    counts = [c for c in votes if isinstance(c, Text)]
    assert len(counts) == len(votes)
    return [(c.args["number"], c.args["count"]) for c in counts]


def test_mar_d20_every_player_votes_at_once_in_secret(campaign_data: None) -> None:
    """D20 / 12.2: all players vote at the same time; a cast vote is told to its voter only
    (no public event, no other seat's view changes but the list of who still acts); when the
    last vote is in, one public event gives the count per option and the result."""
    s = _story_vote(3, reader="p2")
    assert SPEC.to_act(s) == frozenset({"p1", "p2", "p3"})
    for seat in s.seats:
        legal = SPEC.legal_actions(s, seat)
        assert legal == [Choose(option=0), Choose(option=1), Choose(option=-1)]
        labels = {check_text(SPEC.describe_action(s, seat, a), "ko") for a in legal}
        assert len(labels) == 3
    others = ["p1", "p3", None]
    before = {v: SPEC.view(s, v).model_dump(mode="json") for v in others}
    result = checked_apply(SPEC, s, "p2", Choose(option=1))
    s = result.state
    assert result.events and all(e.visible_to == ["p2"] for e in result.events)
    for v in others:
        after = SPEC.view(s, v).model_dump(mode="json")
        assert after.pop("acting") == ["p1", "p3"]
        assert after == {k: x for k, x in before[v].items() if k != "acting"}
    assert SPEC.to_act(s) == frozenset({"p1", "p3"}) and not SPEC.legal_actions(s, "p2")
    result = checked_apply(SPEC, s, "p3", Choose(option=0))
    assert all(e.visible_to == ["p3"] for e in result.events)
    result = checked_apply(SPEC, result.state, "p1", Choose(option=0))
    public = [e for e in result.events if e.visible_to is None]
    tally = [e for e in public if e.key == "maracaibo.event.story_vote"]
    assert len(tally) == 1
    assert _votes(tally[0]) == [(1, 2), (2, 1)]
    assert tally[0].args["number"] == 1
    for lang in ("en", "ko"):
        check_text(tally[0], lang)
    s = result.state
    assert s.campaign is not None and s.campaign.decisions == {"01": "north"}
    assert s.campaign.votes == {} and "02" in s.campaign.in_play


def test_mar_d20_v1_a_tie_went_to_the_readers_vote(campaign_data: None) -> None:
    """D20, rules version 1 (kept for games started on it): 2 against 2, the reader's option
    won without asking; the decision persists (12.4). Version 2 asks the reader (below)."""
    s = _story_vote(4, reader="p3")
    s.rules_version = 1
    votes = {"p1": 0, "p2": 1, "p3": 1, "p4": 0}
    events = []
    for seat, option in votes.items():
        result = checked_apply(SPEC, s, seat, Choose(option=option))
        events += result.events
        s = result.state
    tie = [e for e in events if e.key == "maracaibo.event.story_vote_tie"]
    assert len(tie) == 1 and tie[0].args["seat"] == "p3" and tie[0].args["number"] == 2
    for lang in ("en", "ko"):
        check_text(tie[0], lang)
    assert s.campaign is not None and s.campaign.decisions == {"01": "south"}
    assert "03" in s.campaign.in_play and "02" not in s.campaign.in_play
    s.phase = "over"
    out = SPEC.campaign_after(s)
    assert out is not None and out["decisions"] == {"01": "south"}


def test_mar_d20_solo_the_player_decides(campaign_data: None) -> None:
    """D20 in solo: the single human player's vote is the decision (Jean does not vote)."""
    s = _story_vote(1, reader="p1")
    assert SPEC.to_act(s) == frozenset({"p1"})
    s = act(s, "p1", Choose(option=1))
    assert s.campaign is not None and s.campaign.decisions == {"01": "south"}


def test_mar_d20_votes_never_leak_in_random_campaign_games(campaign_data: None) -> None:
    """D20: over whole random campaign games, every event of a vote before the last one is
    the voter's own."""
    voted = 0
    for players, seed in ((3, 21), (4, 22)):
        seats = [f"p{i + 1}" for i in range(players)]
        s = SPEC.new_game(seats, Options(players=players, campaign=True), seed)
        rnd = random.Random(seed)
        while not SPEC.is_over(s):
            seat = sorted(SPEC.to_act(s))[0]
            actions = SPEC.legal_actions(s, seat)
            voting = s.stack and s.stack[-1].kind == "vote"
            last = voting and len(SPEC.to_act(s)) == 1
            result = checked_apply(SPEC, s, seat, actions[rnd.randrange(len(actions))])
            if voting and not last:
                voted += 1
                assert all(e.visible_to == [seat] for e in result.events)
            s = result.state
        assert s.phase == "over"
    assert voted >= 3  # a story back was voted on (seed 22 claims story tile 1)


def _play_out(state: MaracaiboState, seed: int) -> MaracaiboState:
    rnd = random.Random(seed)
    while not SPEC.is_over(state):
        seat = sorted(SPEC.to_act(state))[0]
        actions = SPEC.legal_actions(state, seat)
        for a in actions:
            check_text(SPEC.describe_action(state, seat, a), "ko")
        result = checked_apply(SPEC, state, seat, actions[rnd.randrange(len(actions))])
        for event in result.events:
            check_text(event, "ko")
        state = result.state
    return state


def test_campaign_three_games_persist_what_12_4_lists(campaign_data: None) -> None:
    """12.4: written once at game end, read at the next game's setup, three games in a row."""
    saved: dict[str, Any] | None = None
    counts = [3, 1, 4]  # the same channel with different tables, solo included
    for game, players in enumerate(counts):
        options = Options(players=players, campaign=True)
        seats = [f"p{i + 1}" for i in range(players)]
        s = SPEC.new_game(seats, options, 40 + game, saved)
        assert s.campaign is not None
        if saved is not None:
            assert s.campaign.before.model_dump(mode="json") == saved
            assert set(saved["story_cards_in_archive"]) <= set(s.campaign.in_play)
        assert SPEC.campaign_after(s) is None  # nothing is written mid-game
        final = _play_out(s, game)
        out = SPEC.campaign_after(final)
        assert out is not None
        assert out["player_count_history"] == counts[: game + 1]
        assert len(out["history"]) == game + 1
        assert final.campaign is not None
        assert set(out["story_cards_in_archive"]) == set(final.campaign.in_play)
        assert out["story_tile_stack"] == final.campaign.tile_stack
        assert out["story_cards_in_deck"] == final.campaign.deck
        assert set(out) == set(saved or out)
        saved = out


def test_campaign_cards_revealed_in_final_scoring_wait_for_the_next_game(
    campaign_data: None,
) -> None:
    """12.2: cards revealed during the final scoring are archived unexecuted (pending)."""
    s = _setup_done(SPEC.new_game(["p1", "p2", "p3"], Options(players=3, campaign=True), 6))
    s.round = 4
    s.board.quests["15"].remove("S1")
    s.players["p1"].quests.append("S1")
    start_scoring(s, "final", s.active)
    s.stack = []
    run(s, [])
    for seat in ("p1", "p2", "p3"):
        s = act(s, seat, Choose(option=1))
    assert s.phase == "over"
    out = SPEC.campaign_after(s)
    assert out is not None and out["pending_story_cards"] == ["03"]
    assert "03" not in out["story_cards_in_archive"]
    nxt = SPEC.new_game(["p1", "p2"], Options(players=2, campaign=True), 7, out)
    assert nxt.campaign is not None and "03" in nxt.campaign.in_play
    assert "2" in nxt.board.quests  # card 03's instruction ran at this game's setup
    assert isinstance(nxt.stack, list) and not any(isinstance(x, Pending) for x in nxt.stack)


def test_campaign_full_disc_tile_read_by_the_round_ender(campaign_data: None) -> None:
    """12.2: a card whose disc tile is full is read by the player who ended the round;
    12.4: disc tiles not completed at game end are kept with their story card."""
    from rules.maracaibo import campaign

    s = _setup_done(SPEC.new_game(["p1", "p2", "p3"], Options(players=3, campaign=True), 5))
    assert s.campaign is not None
    campaign.read(s, [], "04", None)
    assert s.campaign.legacy_source == {"L12": "04", "L13": "04"}
    s.campaign.tile_discs["L12"] = 3
    ender = s.active
    start_scoring(s, "interim", ender)
    vp = s.players[ender].vp
    run(s, [])
    assert s.players[ender].vp == vp + 2 and "04" in s.campaign.resolved
    s.phase = "over"
    out = SPEC.campaign_after(s)
    assert out is not None and out["incomplete_disc_tiles"] == {"L13": "04"}


def test_campaign_can_start_at_a_chapter(campaign_data: None) -> None:
    """12.1: a chapter is started with its card (80 = chapter 2); the pointer persists."""
    with pytest.raises(ValidationError):
        Options(players=3, campaign=True, chapter=5)
    s = SPEC.new_game(["p1", "p2", "p3"], Options(players=3, campaign=True, chapter=2), 8)
    assert s.campaign is not None and s.campaign.in_play == ["80"] and "7" in s.board.quests
    s.phase = "over"
    out = SPEC.campaign_after(s)
    assert out is not None and out["chapter"] == 2 and "80" in out["story_cards_in_archive"]


def test_standalone_story_card_76_with_legacy_tiles(campaign_data: None) -> None:
    """MAR-S10: later standalone games may use 76 / 77 (legacy tiles, extra cards, quests);
    nothing is written back without the campaign option."""
    with pytest.raises(ValidationError):
        Options(players=3, story="01")
    s = SPEC.new_game(["p1", "p2", "p3"], Options(players=3, story="76"), 9)
    assert s.story == "76" and s.campaign is not None and s.campaign.legacy == {"L25": "18"}
    assert "C090" in s.board.deck and "15" in s.board.quests
    final = _play_out(s, 9)
    assert SPEC.campaign_after(final) is None


def test_campaign_a_back_is_carried_out_in_printed_order(campaign_data: None) -> None:
    """12.2: "read 06, read 07" gives card 06 the next story tile and 07 the one after; the
    reader's rewards wait on the stack and are then taken in printed order too."""
    from rules.maracaibo import campaign

    s = _setup_done(SPEC.new_game(["p1", "p2"], Options(players=2, campaign=True), 5))
    assert s.campaign is not None
    s.campaign.in_play.append("05")
    depth = len(s.stack)
    campaign.apply_back(s, [], Pending(kind="vote", seat="p2", card="05"))
    assert s.campaign.story_tiles["S2"] == "06" and s.campaign.story_tiles["S3"] == "07"
    assert "S2" in s.board.quests["2"] and "S3" in s.board.quests["7"]
    rewards = [frame.ops[0].what for frame in s.stack[depth:] if isinstance(frame, Pending)]
    assert rewards == ["doubloons", "vp"], "the first reward must be on top (decided first)"


def test_mar_d20_an_abstention_does_not_count_and_is_the_timeout_default(
    campaign_data: None,
) -> None:
    """D20 with an absent player (a ruling): a player may abstain, and a player silent past the
    time limit abstains (``timeout_actions``); the majority of the votes cast decides."""
    s = _story_vote(3, reader="p2")
    assert Choose(option=ABSTAIN) in SPEC.legal_actions(s, "p1")
    assert SPEC.timeout_actions(s, "p1") == [Choose(option=ABSTAIN)]
    s = act(s, "p1", Choose(option=ABSTAIN))
    s = act(s, "p2", Choose(option=1))
    result = checked_apply(SPEC, s, "p3", Choose(option=1))
    tally = [e for e in result.events if e.key == "maracaibo.event.story_vote"]
    assert _votes(tally[0]) == [
        (1, 0),
        (2, 2),
    ]
    assert result.state.campaign is not None
    assert result.state.campaign.decisions == {"01": "south"}


def test_mar_d20_v1_a_tie_the_reader_abstained_from_took_the_first_tied_option(
    campaign_data: None,
) -> None:
    """D20, rules version 1 (kept for games started on it): the first tied option applied."""
    s = _story_vote(3, reader="p3")
    s.rules_version = 1
    events = []
    for seat, option in {"p1": 0, "p2": 1, "p3": -1}.items():
        result = checked_apply(SPEC, s, seat, Choose(option=option))
        events += result.events
        s = result.state
    tie = [e for e in events if e.key == "maracaibo.event.story_vote_tie_abstained"]
    assert len(tie) == 1 and tie[0].args["number"] == 1
    for lang in ("en", "ko"):
        check_text(tie[0], lang)
    assert s.campaign is not None and s.campaign.decisions == {"01": "north"}


def test_mar_d20_v2_the_reader_is_asked_to_break_a_tie_after_abstaining(
    campaign_data: None,
) -> None:
    """D20, rules version 2 (issue 21): 「결정해야 할 사항이 있다면, 다수결로 어느 사항을 선택할지
    결정합니다(동률[printed 동물]이 발생할 경우, 이야기 카드를 읽는 사람이 결정합니다)」: on a tie the
    reader is asked among the tied options, also after abstaining; the answer applies."""
    s = _story_vote(3, reader="p3")
    assert s.rules_version >= 2
    events = []
    for seat, option in {"p1": 0, "p2": 1, "p3": ABSTAIN}.items():
        result = checked_apply(SPEC, s, seat, Choose(option=option))
        events += result.events
        s = result.state
    ask = [e for e in events if e.key == "maracaibo.event.story_vote_tie_ask"]
    assert len(ask) == 1 and ask[0].args["seat"] == "p3" and ask[0].visible_to is None
    assert SPEC.to_act(s) == frozenset({"p3"})
    assert s.campaign is not None and s.campaign.votes == {} and not s.campaign.decisions
    legal = SPEC.legal_actions(s, "p3")
    assert legal == [Choose(option=0), Choose(option=1)]
    labels = [check_text(SPEC.describe_action(s, "p3", a), "ko") for a in legal]
    assert labels[1].startswith("동률 결정: 2")
    result = checked_apply(SPEC, s, "p3", Choose(option=1))  # the second option, "south"
    decided = [e for e in result.events if e.key == "maracaibo.event.story_tie_decided"]
    assert len(decided) == 1 and decided[0].args["number"] == 2
    for lang in ("en", "ko"):
        check_text(ask[0], lang)
        check_text(decided[0], lang)
    s = result.state
    assert s.campaign is not None and s.campaign.decisions == {"01": "south"}
    assert "03" in s.campaign.in_play and "02" not in s.campaign.in_play


def test_mar_d20_v2_a_tie_among_four_is_asked_too(campaign_data: None) -> None:
    """D20 v2: 2 against 2 with the reader's own vote among them: still the reader's decision,
    asked (the vote was secret and may differ from the decision)."""
    s = _story_vote(4, reader="p3")
    for seat, option in {"p1": 0, "p2": 1, "p3": 1, "p4": 0}.items():
        s = checked_apply(SPEC, s, seat, Choose(option=option)).state
    assert s.stack[-1].kind == "tie_break" and SPEC.to_act(s) == frozenset({"p3"})
    assert SPEC.timeout_actions(s, "p3") == [Choose(option=0)]  # silent reader: first tied
    s = checked_apply(SPEC, s, "p3", Choose(option=0)).state
    assert s.campaign is not None and s.campaign.decisions == {"01": "north"}
