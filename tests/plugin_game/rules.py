"""Rules of Sealed Bids (test-only game; rule ids SB-R1..SB-R5).

SB-R1  Each seat starts with 3 coins, plus 1 per game the channel's campaign has finished.
SB-R2  Each round every seat bids 0..its coins, secretly and simultaneously; a bid is final.
SB-R3  When every bid is in, all bids are revealed together; the single highest bidder pays
       their bid and scores a point (a tie: nobody pays or scores).
SB-R4  After ``rounds`` rounds the game ends; most points wins, ties broken by coins.
SB-R5  The campaign keeps the number of games played and the last game's winners.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, Field, TypeAdapter

from rules.core import (
    Action,
    Campaign,
    Event,
    GameOptions,
    GameSpec,
    GameState,
    Result,
    Rng,
    RuleViolation,
    Scores,
    SeatScore,
    Text,
    View,
    rank_scores,
    term,
)
from rules.core.spec import ManyChoice

KEY = "sealed"


class Options(GameOptions):
    players: int = Field(default=2, ge=2, le=6)
    rounds: int = Field(default=2, ge=1, le=5)


class CampaignState(BaseModel):
    games: int = 0
    last_winners: list[str] = Field(default_factory=list)


class State(GameState):
    rounds: int
    round: int = 1
    coins: dict[str, int]
    points: dict[str, int]
    bids: dict[str, int] = Field(default_factory=dict)
    campaign: CampaignState


class Bid(Action):
    type: Literal["bid"] = "bid"
    amount: int = Field(ge=0)


SealedAction = Annotated[Bid, Field(discriminator="type")]
ADAPTER: TypeAdapter[Bid] = TypeAdapter(SealedAction)


class SeatView(BaseModel):
    seat: str
    coins: int
    points: int
    has_bid: bool
    bid: int | None = None


class SealedView(View):
    round: int
    rounds: int
    seats: list[SeatView]
    over: bool


def new_game(
    seats: Sequence[str],
    options: Options,
    seed: int,
    campaign: Campaign | None = None,
    rules_version: int | None = None,
) -> State:
    del rules_version  # one version only
    past = CampaignState.model_validate(campaign or {})
    return State(
        seats=list(seats),
        seed=seed,
        rng=Rng.from_seed(seed),
        data_hash="test",
        rounds=options.rounds,
        coins={s: 3 + past.games for s in seats},
        points={s: 0 for s in seats},
        campaign=past,
    )


def is_over(state: State) -> bool:
    return state.round > state.rounds


def to_act(state: State) -> frozenset[str]:
    if is_over(state):
        return frozenset()
    return frozenset(s for s in state.seats if s not in state.bids)


def legal_actions(state: State, seat: str) -> list[Bid]:
    if seat not in to_act(state):
        return []
    return [Bid(amount=n) for n in range(state.coins[seat] + 1)]


def apply(state: State, seat: str, action: Bid) -> Result[State]:
    if seat not in to_act(state):
        raise RuleViolation("not_your_turn", Text(key="sealed.refusal.not_your_turn"))
    if action.amount > state.coins[seat]:
        raise RuleViolation(
            "too_much", Text(key="sealed.refusal.too_much", args={"count": state.coins[seat]})
        )
    new = state.model_copy(deep=True)
    new.bids[seat] = action.amount
    events = [
        Event(key="sealed.bid_placed", args={"seat": seat}, seat=seat),
        Event(
            key="sealed.my_bid",
            args={"count": action.amount},
            seat=seat,
            visible_to=[seat],
        ),
    ]
    if len(new.bids) == len(new.seats):
        events += _reveal(new)
    return Result(state=new, events=events)


def _reveal(state: State) -> list[Event]:
    bids = dict(state.bids)
    shown = [Text(key="sealed.seat_bid", args={"seat": s, "count": bids[s]}) for s in state.seats]
    events = [Event(key="sealed.revealed", args={"bids": shown}, reveals=True)]
    top = max(bids.values())
    leaders = [s for s in state.seats if bids[s] == top]
    if len(leaders) == 1:
        winner = leaders[0]
        state.coins[winner] -= top
        state.points[winner] += 1
        events.append(Event(key="sealed.round_won", args={"seat": winner, "count": top}))
    else:
        events.append(Event(key="sealed.round_tied"))
    state.bids = {}
    state.round += 1
    if is_over(state):
        events.append(Event(key="sealed.game_over"))
    return events


def view(state: State, seat: str | None) -> SealedView:
    return SealedView(
        game=KEY,
        viewer=seat,
        round=min(state.round, state.rounds),
        rounds=state.rounds,
        over=is_over(state),
        seats=[
            SeatView(
                seat=s,
                coins=state.coins[s],
                points=state.points[s],
                has_bid=s in state.bids,
                bid=state.bids.get(s) if s == seat else None,
            )
            for s in state.seats
        ],
    )


def scores(state: State) -> Scores:
    rows = [
        SeatScore(
            seat=s,
            total=state.points[s],
            breakdown={"points": state.points[s]},
            tiebreak=[state.coins[s]],
        )
        for s in state.seats
    ]
    return rank_scores(rows)


def describe_action(state: State, seat: str, action: Bid) -> Text:
    return term("sealed.action.bid", count=action.amount)


def choice_anchor(state: State, seat: str, action: Bid) -> str | None:
    """Bids point at their spot on the coin track drawn by the renderer (tests the numbered
    pictures of spatial choices)."""
    return f"coin:{action.amount}"


def many_choice(state: State, seat: str) -> ManyChoice | None:
    """Bidding as putting coins in your fist: one multi-select of your coins."""
    if seat not in to_act(state):
        return None
    coins = state.coins[seat]
    return ManyChoice(
        group="bid",
        items=[(f"c{n}", term("sealed.coin", number=n)) for n in range(1, coins + 1)],
        min_picks=0,
        max_picks=coins,
        prompt=term("sealed.pick_coins"),
        build=lambda picked: Bid(amount=len(picked)),
    )


def campaign_after(state: State) -> Campaign | None:
    winners = scores(state).winners
    return CampaignState(games=state.campaign.games + 1, last_winners=winners).model_dump()


def invariants(state: State) -> list[str]:
    problems = [f"{s} has negative coins" for s, c in state.coins.items() if c < 0]
    problems += [f"{s} bid more than held" for s, b in state.bids.items() if b > state.coins[s]]
    return problems


SPEC: GameSpec[State, Options, Bid, SealedView] = GameSpec(
    key=KEY,
    title="Sealed Bids",
    min_players=2,
    max_players=6,
    Options=Options,
    State=State,
    action_adapter=ADAPTER,
    new_game=new_game,
    to_act=to_act,
    legal_actions=legal_actions,
    apply=apply,
    view=view,
    is_over=is_over,
    scores=scores,
    describe_action=describe_action,
    invariants=invariants,
    campaign_after=campaign_after,
    choice_anchor=choice_anchor,
    many_choice=many_choice,
    round_of=lambda state: state.round,
    seat_order="join",
    package="tests.plugin_game",
    renderer="tests.plugin_game.render",
    cog="tests.plugin_game.cog",
)
