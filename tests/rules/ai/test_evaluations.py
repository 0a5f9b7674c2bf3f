"""Issue 24 (AI strength): what the games' evaluations value, on positions reached by seeded
random play. Cheap: no arena (those are opt-in, ``test_arena_strength``)."""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

from rules.ai.greedy import settle
from rules.ai.hooks import game_ai
from rules.registry import GAMES
from rules.renaissance.evaluation import evaluate as renaissance_evaluate
from tests.rules.endeavor.endeavor_helpers import random_positions


def _play_until(key: str, players: int, seed: int, stop: Any) -> Any:
    spec = GAMES[key]
    state = spec.new_game(
        [f"p{i + 1}" for i in range(players)], spec.Options(players=players), seed
    )
    rnd = random.Random(seed)
    for _ in range(5000):
        if stop(state):
            return state
        seat = min(spec.to_act(state))
        actions = spec.legal_actions(state, seat)
        state = spec.apply(state, seat, actions[rnd.randrange(len(actions))]).state
    raise AssertionError("position not reached")


def test_renaissance_tokens_bought_for_expansion_are_worth_their_price() -> None:
    """AOR-R21, AOR-R103 (issue 24: AIs that bought no tokens lost every domination and fell
    into chaos): a token bought in phase 1 is worth more than its $1 until its player's
    expansion is over, and nothing after (unused tokens go back to stock)."""
    state = _play_until("renaissance", 3, 7, lambda s: s.phase == "bid" and s.turn >= 2)
    seat = state.seats[0]
    bought = state.copied()
    bought.players[seat].cash -= 1
    bought.players[seat].expansion += 1
    assert renaissance_evaluate(bought)[seat] > renaissance_evaluate(state)[seat]
    bought.phase = "expansion"
    bought.players[seat].expansion_done = True
    state = bought.copied()
    state.players[seat].expansion -= 1
    assert renaissance_evaluate(bought)[seat] == renaissance_evaluate(state)[seat]


def test_renaissance_sealed_token_bid_is_judged_as_paid() -> None:
    """AOR-R20, AOR-R21 (issue 24: the search scored positions between two sealed bids, where
    every bid looked the same, and the strong AI bid at random): a bid made but not yet
    revealed is valued as it will be once paid, so the search tells bids apart at once."""
    spec = GAMES["renaissance"]
    state = _play_until("renaissance", 3, 7, lambda s: s.phase == "bid" and s.turn >= 2)
    seat = min(spec.to_act(state))
    state = state.copied()
    state.players[seat].cash = 40
    values = {}
    for amount in (-3, 0, 6, 12):
        bid = spec.apply(
            state,
            seat,
            next(
                a for a in spec.legal_actions(state, seat) if getattr(a, "amount", None) == amount
            ),
        ).state
        assert bid.phase == "bid"  # not revealed: the others have not bid
        values[amount] = renaissance_evaluate(bid)[seat]
    assert values[0] == renaissance_evaluate(state)[seat]
    assert values[-3] < values[0] < values[6]
    assert values[12] < values[6]  # tokens beyond a turn's use are not worth their $1


def test_renaissance_placing_a_token_beats_keeping_it() -> None:
    """AOR-R73 (issue 24): in the expansion phase a token on the map is worth more than the
    same token left in the expansion area, so the easy AI places what it bought."""
    state = _play_until("renaissance", 3, 11, lambda s: s.phase == "bid" and s.turn >= 2)
    seat = state.seats[0]
    state.phase = "expansion"
    state.players[seat].expansion = 3
    placed = state.copied()
    placed.players[seat].expansion = 2
    province = next(p for p, prov in placed.provinces.items() if prov.empty())
    placed.province(province).tokens[seat] = 1
    assert renaissance_evaluate(placed)[seat] > renaissance_evaluate(state)[seat]


def test_renaissance_one_ply_judges_a_card_play_as_it_is() -> None:
    """Issue 24 (AoR chaos): a card play carries all its choices, so the one-ply judgement
    plays no further random cards of the same turn after it (random plays include misery
    events against oneself and made passing look best); other games keep their own
    turn's follow-up."""
    spec = GAMES["renaissance"]
    assert game_ai(spec).turn_steps == 0
    assert game_ai(GAMES["endeavor"]).turn_steps > 0
    state = _play_until(
        "renaissance", 3, 5, lambda s: s.phase == "play" and len(spec.to_act(s)) == 1
    )
    seat = min(spec.to_act(state))
    after = settle(spec, state, seat, frozenset({seat}), random.Random(1), turn_steps=0)
    assert after is state


def test_renaissance_chaos_is_worse_than_the_deepest_misery() -> None:
    """AOR-R116 (issue 24: a seat one box from chaos was judged worse off than in chaos, and
    every position that deep got the same reward, so the AI played its first legal action,
    a Civil War against itself): misery lowers the value box by box down to the last box,
    chaos is below all of it, and each step still changes the seat's reward."""
    from rules.renaissance.economy import last_box
    from rules.renaissance.evaluation import CHAOS

    spec = GAMES["renaissance"]
    ai = game_ai(spec)
    state = _play_until("renaissance", 3, 7, lambda s: s.phase == "play" and s.turn >= 3)
    seat = state.seats[0]
    state.players[seat].cash = 0
    state.players[seat].hand = state.draw_pile[:8]
    values = []
    rewards = []
    for box in range(last_box() + 1):
        state.players[seat].misery = box
        values.append(renaissance_evaluate(state)[seat])
        rewards.append(ai.rewards(spec, state)[seat])
    assert all(a > b for a, b in itertools.pairwise(values))
    assert all(a > b for a, b in itertools.pairwise(rewards))
    assert values[-1] > CHAOS
    out = state.copied()
    out.players[seat].eliminated = True
    assert ai.rewards(spec, out)[seat] < rewards[-1]


def test_renaissance_a_held_commodity_card_is_worth_part_of_its_payout() -> None:
    """AOR-R41 (issue 24: tokens went wherever a domination was cheapest, not where they
    raised a held card's payout): a commodity card in hand is worth ``HELD_PAYOUT`` of what
    it would pay its holder now, value x the square of the supplying provinces it
    dominates, and nothing to the other seats; voided (AOR-R45), nothing at all."""
    from rules.renaissance.components import data
    from rules.renaissance.evaluation import HELD_PAYOUT

    d = data()
    card = next(c.id for c in d.cards.values() if c.kind == "commodity" and len(c.commodities) == 1)
    commodity = d.cards[card].commodities[0]
    leader = next(c.id for c in d.cards.values() if c.kind == "leader")
    state = _play_until("renaissance", 3, 7, lambda s: s.phase == "play" and s.turn >= 2)
    seat, other = state.seats[0], state.seats[1]
    state.markers.pop(commodity, None)
    for supplier in d.suppliers[commodity]:
        state.province(supplier).dm = other
    gains = []
    for dominated in range(3):
        if dominated:
            state.province(d.suppliers[commodity][dominated - 1]).dm = seat
        holding = state.copied()
        holding.players[seat].hand = [card]
        not_holding = state.copied()
        not_holding.players[seat].hand = [leader]
        held, not_held = renaissance_evaluate(holding), renaissance_evaluate(not_holding)
        assert held[other] == not_held[other]
        gains.append(held[seat] - not_held[seat])
    value = d.commodities[commodity].value
    assert gains == [0.0, HELD_PAYOUT * value, HELD_PAYOUT * value * 4]
    holding.voided.append(card)  # AOR-R45: a voided card is a misery burden, never played
    assert renaissance_evaluate(holding)[seat] == not_held[seat]


def test_renaissance_ai_holds_events_that_hurt_every_player() -> None:
    """AOR-R32, AOR-R118 (issue 24: AI tables sank into chaos together): in the play-cards
    phase the AI never weighs Famine, Mysticism Abounds, Revolutionary Uprisings or
    Religious Strife (played, they recycle and strike again next epoch; held, they are
    played once, at the end); it still weighs its other cards, and plays them all at the
    end."""
    spec = GAMES["renaissance"]
    ai = game_ai(spec)
    state = _play_until(
        "renaissance", 3, 5, lambda s: s.phase == "play" and len(spec.to_act(s)) == 1
    )
    seat = min(spec.to_act(state))
    state.players[seat].hand = ["famine", "mysticism_abounds", "civil_war"]
    legal = {a.card for a in spec.legal_actions(state, seat) if a.type == "play_card"}
    weighed = {a.card for a in ai.actions(spec, state, seat) if a.type == "play_card"}
    assert legal == {"famine", "mysticism_abounds", "civil_war"}
    assert weighed == {"civil_war"}
    state.phase = "final_play"
    weighed = {a.card for a in ai.actions(spec, state, seat) if a.type == "play_card"}
    assert weighed == legal


def test_maracaibo_income_counts_at_every_scoring_still_to_come() -> None:
    """Maracaibo 10.1/10.2 (issue 24: the AI lost to Jean at every level): a step of VP
    income in round 1 pays at three interim scorings and the final one, so it is worth
    four points, not the one the final scoring alone shows."""
    from rules.maracaibo.evaluation import evaluate

    state = _play_until("maracaibo", 1, 3, lambda s: s.phase == "play" and s.round == 1)
    richer = state.copied()
    richer.players["p1"].inc_vp += 1
    gain = evaluate(richer)["p1"] - evaluate(state)["p1"]
    assert gain == 4.0
    assert evaluate(richer)["jean"] == evaluate(state)["jean"]


def test_maracaibo_racing_home_gives_up_turns() -> None:
    """Maracaibo MAR-R1 (issue 24): the same position with the ship further on its way home
    is worth less (fewer turns left in the round)."""
    from rules.maracaibo.evaluation import evaluate

    state = _play_until("maracaibo", 1, 3, lambda s: s.phase == "play" and s.round == 1)
    state.board.ships["p1"] = "4"
    further = state.copied()
    further.board.ships["p1"] = "11"
    assert evaluate(further)["p1"] < evaluate(state)["p1"]


def test_maracaibo_a_ship_behind_has_only_the_turns_the_leader_leaves() -> None:
    """Maracaibo MAR-R2 (issue 24): the round ends for everyone when the leading ship gets
    home, so a ship far behind keeps no more locations than the leader leaves it (a few
    more): crawling gains it nothing, and the leader ending the round takes the laggard's
    turns."""
    from rules.maracaibo.evaluation import ROUTE_SLACK, ROUTE_STEP, evaluate

    state = _play_until("maracaibo", 2, 3, lambda s: s.phase == "play" and s.round == 1)
    state.board.ships["p2"] = "18"
    state.board.ships["p1"] = "4"
    further = state.copied()
    further.board.ships["p1"] = "11"
    assert evaluate(further)["p1"] == evaluate(state)["p1"]
    ahead = state.copied()
    ahead.board.ships["p1"] = "18"
    # level with the leader: p1 keeps the 3 locations to 21a and the laggard cap is gone
    assert evaluate(ahead)["p1"] - evaluate(state)["p1"] == -ROUTE_STEP * ROUTE_SLACK


def test_maracaibo_one_ply_averages_several_follow_ups() -> None:
    """Issue 24: a Maracaibo turn is a chain of choices, so the one-ply judgement averages
    several random follow-ups per candidate; games whose actions are whole keep one."""
    assert game_ai(GAMES["maracaibo"]).replies > 1
    assert game_ai(GAMES["endeavor"]).replies == 1


def test_search_root_keeps_to_the_best_judged_actions() -> None:
    """Issue 24 (strong no better than easy at a short budget): with a one-ply prior the
    search's root looks only at the ROOT_WIDTH best-judged actions, so a few iterations
    cannot end on an action the judgement ranked low."""
    from rules.ai.search import ROOT_WIDTH, ismcts

    spec = GAMES["renaissance"]
    state = _play_until("renaissance", 3, 7, lambda s: s.phase == "bid" and s.turn >= 2)
    seat = min(spec.to_act(state))
    ai = game_ai(spec)
    info = ai.mask(state, seat)
    actions = spec.legal_actions(info, seat)
    assert len(actions) > ROOT_WIDTH
    prior: list[float | None] = [i / len(actions) for i in range(len(actions))]
    best = set(range(len(actions) - ROOT_WIDTH, len(actions)))
    for seed in range(3):
        done = lambda n: n >= 12  # noqa: E731
        choice = ismcts(spec, ai, info, seat, random.Random(seed), done, prior=prior)
        assert actions.index(choice) in best


def _ilos_turn(seed: int) -> Any:
    """An Ilos position in a turn of actions, reached by seeded random play."""
    return _play_until(
        "ilos", 2, seed, lambda s: s.phase == "actions" and s.round >= 2 and s.pending is None
    )


def test_ilos_ai_never_weighs_taking_back_a_declaration() -> None:
    """ILOS-R24 (issue 24: the AI chose a card and cancelled it again and again): the AI
    weighs every step of a declaration but its cancel, and of the payments only the
    engine's first ones."""
    from rules.ilos.evaluation import PAYMENTS

    spec = GAMES["ilos"]
    ai = game_ai(spec)
    state = _play_until("ilos", 2, 3, lambda s: s.pending is not None and s.pending.stage == "pay")
    seat = min(spec.to_act(state))
    legal = spec.legal_actions(state, seat)
    weighed = ai.actions(spec, state, seat)
    assert any(a.type == "cancel" for a in legal)
    assert all(a.type != "cancel" for a in weighed)
    pays = [a for a in legal if a.type == "pay"]
    assert [a for a in weighed if a.type == "pay"] == pays[:PAYMENTS]
    assert game_ai(GAMES["maracaibo"]).considered is None


def test_endeavor_ai_never_weighs_taking_back_an_activation() -> None:
    """Issue 24 (Cancel, the take-back of an activation or token before any of its actions;
    a strong seat activated a building and cancelled it again for hundreds of moves against
    random play, seed 7): every activation the AI weighs goes ahead, and the engine always
    offers something besides cancelling."""
    spec = GAMES["endeavor"]
    ai = game_ai(spec)
    seen = 0
    for state, seat, legal in random_positions(range(6)):
        if any(a.type == "cancel" for a in legal):
            seen += 1
            weighed = ai.actions(spec, state, seat)
            assert weighed and all(a.type != "cancel" for a in weighed)
    assert seen > 20


def test_ilos_one_ply_stops_once_the_card_is_declared() -> None:
    """ILOS-R24: the one-ply judgement follows a card with random steps of its declaration
    (its payment) and no further random card of the same turn."""
    spec = GAMES["ilos"]
    ai = game_ai(spec)
    state = _ilos_turn(5)
    seat = min(spec.to_act(state))
    plays = [a for a in ai.actions(spec, state, seat) if a.type.startswith("play_")]
    assert plays
    assert settle(spec, state, seat, frozenset({seat}), random.Random(2), ai=ai) is state
    for action in plays:
        played = spec.apply(state, seat, action).state
        after = settle(spec, played, seat, frozenset({seat}), random.Random(2), ai=ai)
        assert after.pending is None
        assert after.turn == state.turn
        follow = settle(spec, after, seat, frozenset({seat}), random.Random(2), ai=ai)
        assert follow is after


def test_ilos_an_empty_spot_within_reach_is_worth_a_ship() -> None:
    """ILOS-R70 (issue 24: AIs hoarded cards once their islands were full): a ship on the
    coast of an island with empty farm icons is worth more than the same ship on an island
    whose icons are all taken."""
    from rules.ilos.board import BoardFacts
    from rules.ilos.evaluation import evaluate
    from rules.ilos.model import ShipState, SpotState

    state = _ilos_turn(5)
    seat = state.active_seat
    other = next(s for s in state.seats if s != seat)
    facts = BoardFacts(state)
    farms = [s for s in facts.empty_spots() if facts.comp.spot_kind[s] in ("ebony", "spice", "dye")]
    assert farms
    island = facts.island_of_spot(farms[0])
    reached = state.copied()
    reached.ships = [s for s in reached.ships if not (s.owner == seat and s.region is not None)]
    region = facts.island_regions(island)[0]
    reached.ships = [*reached.ships, ShipState(id="x", owner=seat, region=region)]
    full = reached.copied()
    taken = {
        s: SpotState(owner=other) for s in facts.empty_spots() if s in facts.island_spots(island)
    }
    full.spots = {**full.spots, **taken}
    assert evaluate(reached)[seat] > evaluate(full)[seat]


def test_ilos_a_hoard_is_not_wealth() -> None:
    """ILOS-R22 (issue 24): cards beyond what a player can spend add nothing, so a hand
    of 30 is worth no more than one of 20."""
    from rules.ilos.evaluation import evaluate

    state = _ilos_turn(5)
    seat = state.active_seat
    small, big = state.copied(), state.copied()
    small.player(seat).hand = {"ship": 20}
    big.player(seat).hand = {"ship": 30}
    assert evaluate(small)[seat] == evaluate(big)[seat]


def test_ilos_production_is_worth_the_turns_left() -> None:
    """ILOS-R120, ILOS-R22: a production marker is worth more with many turns left than in
    the last round, where it brings one more production."""
    from rules.ilos.evaluation import evaluate

    state = _ilos_turn(5)
    seat = state.active_seat
    richer = state.copied()
    richer.player(seat).production["ebony"] += 1
    early = evaluate(richer)[seat] - evaluate(state)[seat]
    last, last_richer = state.copied(), richer.copied()
    last.last_round = last_richer.last_round = True
    late = evaluate(last_richer)[seat] - evaluate(last)[seat]
    price = 1 + state.price_step["ebony"]
    assert late == pytest.approx(price)
    assert early > 3 * late


def test_maracaibo_quest_tiles_are_worth_more_than_their_rewards() -> None:
    """Maracaibo MAR-Q5 / MAR-J (issue 24: the AI fulfilled almost no quests and Jean took
    her 30 VP quest bonus): a quest tile on the ship board is worth points beyond the
    projected final scoring, more in a solo game, where each one cuts Jean's bonus."""
    from rules.maracaibo.evaluation import JEAN_QUEST, QUEST, evaluate

    state = _play_until("maracaibo", 1, 3, lambda s: s.phase == "play" and s.round == 1)
    quester = state.copied()
    quester.players["p1"].quests.append("Q23")
    gain = evaluate(quester)["p1"] - evaluate(state)["p1"]
    assert gain >= QUEST + JEAN_QUEST


def test_follow_ups_stay_random_unless_a_game_asks_for_greedy_ones() -> None:
    """Issue 24: only Maracaibo plays its follow-ups greedily; another game's follow-up is
    the random legal action the stream picks, as before (its AI unchanged)."""
    from rules.ai.policy import follow_up

    assert game_ai(GAMES["maracaibo"]).greedy_follow_ups
    spec = GAMES["endeavor"]
    ai = game_ai(spec)
    assert not ai.greedy_follow_ups
    state = _play_until(
        "endeavor", 3, 5, lambda s: len(spec.legal_actions(s, min(spec.to_act(s)))) > 2
    )
    seat = min(spec.to_act(state))
    actions = spec.legal_actions(state, seat)
    for seed in range(5):
        expected = actions[random.Random(seed).randrange(len(actions))]
        assert follow_up(spec, ai, state, seat, random.Random(seed)) == expected


def test_maracaibo_greedy_follow_up_takes_the_best_judged_action() -> None:
    """Issue 24 (random follow-ups threw away what a candidate set up): a greedy follow-up is
    the action after which the evaluation likes the acting seat's position best."""
    from rules.ai.policy import GREEDY_WIDTH, follow_up

    spec = GAMES["maracaibo"]
    ai = game_ai(spec)
    state = _play_until(
        "maracaibo",
        2,
        4,
        lambda s: (
            s.phase == "play"
            and 2 < len(spec.legal_actions(s, min(spec.to_act(s)))) <= GREEDY_WIDTH
        ),
    )
    seat = min(spec.to_act(state))
    actions = spec.legal_actions(state, seat)
    value = {
        i: ai.rewards(spec, spec.apply(state, seat, a).state)[seat] for i, a in enumerate(actions)
    }
    chosen = follow_up(spec, ai, state, seat, random.Random(1))
    assert value[actions.index(chosen)] == max(value.values())


def test_maracaibo_doubloons_are_worth_less_as_the_game_ends() -> None:
    """Maracaibo 10.2 (issue 24: the AI hoarded 40 doubloons into the last round): doubloons
    left at the end score nothing, so the same purse is worth less in a later round."""
    from rules.maracaibo.evaluation import evaluate

    def purse_value(round_no: int) -> float:
        state = _play_until("maracaibo", 1, 3, lambda s: s.phase == "play" and s.round == 1)
        state.round = round_no
        richer = state.copied()
        richer.players["p1"].doubloons += 10
        return evaluate(richer)["p1"] - evaluate(state)["p1"]

    assert purse_value(1) > purse_value(2) > purse_value(4) > 0


def test_maracaibo_greedy_follow_up_looks_through_choosing_to_buy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Maracaibo MAR-V1 (issue 24: the AI's follow-ups took a doubloon at every village and
    never bought): choosing the buy village action changes nothing by itself, so the greedy
    follow-up looks through to the purchase it leads to, which beats a doubloon."""
    from rules.ai import policy
    from rules.maracaibo.actions import Village

    spec = GAMES["maracaibo"]
    ai = game_ai(spec)

    def village_choice(s: Any) -> bool:
        seat = min(spec.to_act(s))
        actions = spec.legal_actions(s, seat)
        return Village(action="VA_BUY") in actions and Village(action="VA_1D") in actions

    state = _play_until("maracaibo", 1, 1, village_choice)
    state.players["p1"].doubloons = 30
    chosen = policy.follow_up(spec, ai, state, "p1", random.Random(1))
    assert chosen == Village(action="VA_BUY")
    monkeypatch.setattr(policy, "LOOK_THROUGH", 0)
    assert policy.follow_up(spec, ai, state, "p1", random.Random(1)) == Village(action="VA_1D")


def test_ilos_rollouts_only_finish_the_card_being_declared() -> None:
    """ILOS-R24 (issue 24: random further cards after the search's tree blurred its
    judgement): an Ilos rollout plays the steps that finish a declaration and scores the
    position then, so no search iteration scores a card half-declared; other games' rollouts
    play on at random as before."""
    from dataclasses import replace

    from rules.ai.search import ismcts

    spec = GAMES["ilos"]
    ai = game_ai(spec)
    assert ai.rollouts_finish_declarations
    for key in ("endeavor", "maracaibo", "renaissance"):
        assert not game_ai(GAMES[key]).rollouts_finish_declarations
    scored: list[Any] = []

    def spy(state: Any) -> dict[str, float]:
        scored.append(state)
        return ai.evaluate(state)

    state = _ilos_turn(5)
    seat = min(spec.to_act(state))
    ismcts(
        spec,
        replace(ai, evaluate=spy),
        state,
        seat,
        random.Random(3),
        lambda n: n >= 60,
        rollout_steps=ai.rollout_steps,
    )
    assert len(scored) >= 60
    assert all(s.pending is None for s in scored)


def test_rollouts_play_their_steps_unless_a_game_asks_to_see_the_turn_pass() -> None:
    """Issue 24 (Maracaibo: the search's rollouts never reached the opponent's turn): by
    default a rollout plays ``rollout_steps`` follow-ups, as before; a game that sets
    ``GameAI.rollout_handovers`` has its rollouts play on until the turn has passed that
    many times, so the others' replies are seen."""
    import dataclasses

    from rules.ai.policy import follow_up
    from rules.ai.search import mover, rollout
    from rules.core.replay import state_hash

    spec = GAMES["endeavor"]
    ai = game_ai(spec)
    assert ai.rollout_handovers == 0
    state = _play_until("endeavor", 3, 5, lambda s: len(spec.to_act(s)) == 1)
    seat = min(spec.to_act(state))
    expected = state
    rnd = random.Random(3)
    for _ in range(4):
        if spec.is_over(expected):
            break
        who, _secret = mover(spec, expected, seat)
        expected = spec.apply_trusted(expected, who, follow_up(spec, ai, expected, who, rnd)).state
    played = rollout(spec, ai, state, seat, random.Random(3), 4)
    assert state_hash(played) == state_hash(expected)

    spec = GAMES["maracaibo"]
    ai = dataclasses.replace(game_ai(spec), rollout_handovers=2)
    state = _play_until(
        "maracaibo",
        2,
        4,
        lambda s: (
            s.phase == "play" and s.round == 2 and spec.to_act(s) == {"p1"} and s.active == "p1"
        ),
    )
    before = state.board.ships["p2"]
    played = rollout(spec, ai, state, "p1", random.Random(1), 0)
    assert spec.to_act(played) == {"p1"}
    assert played.board.ships["p2"] != before


def test_a_memo_of_follow_ups_changes_nothing_but_the_work() -> None:
    """Issue 24 (speed): the one-ply judgement's replies share a memo of the states,
    actions and rewards their greedy follow-ups met (``policy.Memo``); a follow-up played
    with it is the same state, by the same random stream, as one played without, and a
    follow-up played again from the same state by the same stream is the very state the
    memo kept."""
    from rules.ai.policy import Memo, play_follow_up
    from rules.core.replay import state_hash

    spec = GAMES["maracaibo"]
    ai = game_ai(spec)
    assert ai.greedy_follow_ups
    state = _play_until(
        "maracaibo", 2, 6, lambda s: s.phase == "play" and s.round == 2 and s.active == "p1"
    )
    memo = Memo()
    for seed in range(4):
        plain, plain_reward = play_follow_up(spec, ai, state, "p1", random.Random(seed))
        kept, kept_reward = play_follow_up(spec, ai, state, "p1", random.Random(seed), memo=memo)
        again, _ = play_follow_up(spec, ai, state, "p1", random.Random(seed), memo=memo)
        assert state_hash(kept) == state_hash(plain)
        assert kept_reward == plain_reward
        assert again is kept
        assert memo.reward(spec, ai, kept, "p1") == ai.reward(spec, plain, "p1")
