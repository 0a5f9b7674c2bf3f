"""What one seat (or a spectator) may see: hands and secret bids stay private (AOR §6)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from rules.core import View
from rules.renaissance.flow import to_act
from rules.renaissance.model import LeaderPlay, Province, RenaissanceState


class PlayerView(BaseModel):
    seat: str
    capital: str | None
    cash: int
    written_cash: int
    misery: int
    stock: int
    expansion: int
    advances: list[str]
    ship: str
    ship_box: int
    hand_count: int
    eliminated: bool
    box: int | None
    submitted: bool
    hand: list[str] | None = None
    dealt: list[str] | None = None
    returned: str | None = None
    ranking: list[str] | None = None
    capital_bid: int | None = None
    token_bid: int | None = None
    last_token_bid: int | None = None


class RenaissanceView(View):
    phase: str
    turn: int
    epoch: int
    order: list[str]
    players: list[PlayerView]
    provinces: dict[str, Province]
    markers: dict[str, int]
    leaders: list[LeaderPlay]
    draw_pile: int
    discard: int
    papal_ban: str | None
    military: list[tuple[str, str]] = Field(default_factory=list)
    civil_war_victim: str | None = None
    pending: str | None = None
    last_turn: bool = False
    boxes: dict[str, int] = Field(default_factory=dict)
    acting: list[str] = Field(default_factory=list)
    options: dict[str, object] = Field(default_factory=dict)


def view(state: RenaissanceState, seat: str | None) -> RenaissanceView:
    rows = []
    secret_phase = state.phase in ("setup", "bid")
    for s in state.seats:
        p = state.players[s]
        submitted = p.capital_bid is not None if state.phase == "setup" else p.token_bid is not None
        row = PlayerView(
            seat=s,
            capital=p.capital,
            cash=p.cash,
            written_cash=p.written_cash,
            misery=p.misery,
            stock=p.stock,
            expansion=p.expansion,
            advances=list(p.advances),
            ship=p.ship,
            ship_box=p.ship_box,
            hand_count=len(p.hand),
            eliminated=p.eliminated,
            box=state.boxes.get(s),
            submitted=submitted if secret_phase else True,
            last_token_bid=None if state.phase == "setup" else p.last_token_bid,
        )
        if s == seat:
            row.hand = list(p.hand)
            row.dealt = list(p.dealt)
            row.returned = p.returned
            row.ranking = list(p.ranking)
            row.capital_bid = p.capital_bid
            row.token_bid = p.token_bid
        rows.append(row)
    return RenaissanceView(
        game="renaissance",
        viewer=seat,
        phase=state.phase,
        turn=state.turn,
        epoch=state.epoch,
        order=list(state.order),
        players=rows,
        provinces={k: v for k, v in state.provinces.items() if not v.empty()},
        markers=dict(state.markers),
        leaders=list(state.leaders),
        draw_pile=len(state.draw_pile),
        discard=len(state.discard),
        papal_ban=state.papal_ban,
        military=list(state.military),
        civil_war_victim=state.civil_war_victim,
        pending=item.kind if (item := state.interrupting()) is not None else None,
        last_turn=state.end_triggered,
        boxes=dict(state.boxes),
        acting=sorted(to_act(state)),
        options=state.options.model_dump(),
    )
