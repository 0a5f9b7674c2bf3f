"""Quests (MAR-Q1 … Q7): whether a tile's cost can be paid, and fulfilling it."""

from __future__ import annotations

from rules.core import Event, term
from rules.maracaibo import gains, payment
from rules.maracaibo import query as q
from rules.maracaibo.components import Op, QuestCost, data
from rules.maracaibo.model import MaracaiboState, Pending
from rules.maracaibo.terms import tile_term


def definition(s: MaracaiboState, tile: str) -> tuple[QuestCost, list[Op]]:
    """A quest tile's cost and rewards; a story tile's come from its story card (12.2)."""
    if tile in data().quests:
        t = data().quests[tile]
        return t.cost, list(t.rewards)
    assert s.campaign is not None
    quest = data().stories[s.campaign.story_tiles[tile]].quest
    assert quest is not None
    return quest.cost, list(quest.rewards)


def payable(s: MaracaiboState, seat: str, tile: str) -> bool:
    """MAR-Q2: the full cost or nothing (CP cannot be replaced by figures)."""
    cost, _ = definition(s, tile)
    return cost_payable(s, seat, cost)


def cost_payable(s: MaracaiboState, seat: str, cost: QuestCost) -> bool:
    p = s.players[seat]
    if cost.kind == "cp":
        return p.cp >= cost.n
    if cost.kind == "vp":
        return p.vp >= cost.n
    if cost.kind == "doubloons":
        return p.doubloons >= cost.n
    if cost.kind == "figure":
        return p.personal >= cost.n
    if cost.kind == "object":
        return q.can_pay_object(p, cost.type, cost.n)
    if cost.kind == "good":
        return q.count_in_hand(p, cost.type) >= cost.n
    return s.active == seat and s.turn.mp >= cost.n


def fulfil(s: MaracaiboState, ev: list[Event], seat: str, tile: str) -> None:
    """Pay, put the tile on the ship board's quest track (MAR-Q5 bonus), then the rewards."""
    cost, rewards = definition(s, tile)
    discard = pay_cost(s, ev, seat, cost)
    p = s.player(seat)
    p.quests.append(tile)
    ev.append(gains.event("quest", seat, seat=seat, tile=tile_term(tile)))
    bonus = data().ship.quest_bonus
    if len(p.quests) == 4:
        gains.vp(s, ev, seat, bonus["fourth"], "quests")
    elif len(p.quests) > 4:
        gains.vp(s, ev, seat, bonus["later"], "quests")
    s.stack.append(Pending(kind="ops", seat=seat, ops=rewards, cat="quests"))
    if discard is not None:
        s.stack.append(discard)


def story_column(seats: int) -> str:
    """The player-count column of a story card's quest list: solo reads the 2-player column
    (MAR-J16: solo is set up as a 2-player game)."""
    return str(max(seats, 2))


def add_tiles(s: MaracaiboState, ev: list[Event], locations: list[str]) -> None:
    """MAR-Q6 / Q7: new tiles join any already there; an empty pile adds nothing."""
    for loc in locations:
        if not s.board.quest_pile:
            return
        tile = s.board.quest_pile.pop(0)
        s.board.quests[loc] = [*s.board.quests.get(loc, []), tile]
        ev.append(
            Event(
                key="maracaibo.event.quest_added",
                args={
                    "tile": tile_term(tile),
                    "location": term(f"maracaibo.loc.{loc}"),
                },
                reveals=True,
            )
        )


def pay_cost(s: MaracaiboState, ev: list[Event], seat: str, cost: QuestCost) -> Pending | None:
    """Pay a quest-like cost; cards to discard come back as a decision to push."""
    p = s.player(seat)
    discard: Pending | None = None
    if cost.kind == "cp":
        p.cp -= cost.n
    elif cost.kind == "vp":
        gains.vp(s, ev, seat, -cost.n, "quests")
    elif cost.kind == "doubloons":
        p.doubloons -= cost.n
    elif cost.kind == "figure":
        p.personal -= cost.n
        p.general += cost.n
    elif cost.kind == "object":
        discard = payment.object_payment(seat, cost.type, cost.n)  # D22
    elif cost.kind == "good":
        discard = Pending(kind="discard", seat=seat, what=f"good:{cost.type}", n=cost.n)
    return discard
