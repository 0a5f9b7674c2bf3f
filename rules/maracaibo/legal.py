"""Every legal action of a seat right now (complete, so random bots can finish games)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from rules.core.decisions import deciding
from rules.maracaibo import buying, explorer, legacy, payment, quests, sailing
from rules.maracaibo import combat as combat_rules
from rules.maracaibo import query as q
from rules.maracaibo.actions import (
    ABSTAIN,
    Buy,
    Choose,
    ChooseNation,
    CityAction,
    Deliver,
    Discard,
    Draw,
    Explore,
    FiguresOnCard,
    FigureToCp,
    Finish,
    Invest,
    Main,
    MaracaiboAction,
    Pay,
    PlaceMarker,
    Plan,
    RemoveDisc,
    Sail,
    ScoreChoice,
    SetupCareer,
    SetupDiscard,
    SetupPlan,
    Skip,
    TakeSynergy,
    Task,
    UsePermanent,
    Village,
    VisitReward,
)
from rules.maracaibo.components import NATIONS, data
from rules.maracaibo.model import MainStep, MaracaiboState, Pending, Player, SetupChoice, Vote

BASE_VILLAGE = ("VA_1D", "VA_DISCARD")
SHIP_VILLAGE = {"U8": "VA_CP_D", "U9": "VA_3SAME_GOODS", "U10": "VA_CLAIM_VILLAGE"}
CARD_VILLAGE = ("VA_2MAPS_VP_EXPLORE", "VA_2MAPS_D_EXPLORE", "VA_2BOOKS", "VA_2SAME_GOODS")


FINISH = Finish()
SKIP = Skip()
FIGURE_TO_CP = FigureToCp()
_PLANS: dict[str, Plan] = {}
_TASKS: dict[tuple[int, str], Task] = {}


def _plan(card: str) -> Plan:
    """The plan of ``card``: actions are frozen, so the listings share one per card."""
    found = _PLANS.get(card)
    if found is None:
        found = _PLANS[card] = Plan(card=card)
    return found


def _task(index: int, row: str) -> Task:
    found = _TASKS.get((index, row))
    if found is None:
        found = _TASKS[(index, row)] = Task(task=index, row="high" if row == "high" else "low")
    return found


_SHARED: dict[tuple[object, ...], MaracaiboAction] = {}
A = TypeVar("A", bound=MaracaiboAction)


def _one(made: type[A], /, **fields: str | int | bool) -> A:
    """``made(**fields)``: actions are frozen, so the listings share one per value (a
    search lists the same few actions thousands of times)."""
    key = (made, *fields.items())
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = made(**fields)
    return cast(A, found)


_MAINS: dict[tuple[str, str | None], Main] = {}


def _main(kind: str, target: str | None = None) -> Main:
    found = _MAINS.get((kind, target))
    if found is None:
        made = Main.model_validate(
            {"kind": kind} if target is None else {"kind": kind, "target": target}
        )
        found = _MAINS[(kind, target)] = made
    return found


def to_act(s: MaracaiboState) -> frozenset[str]:
    """The deciders of the top of the stack (nobody once the game is over)."""
    return deciding(s.stack)


def legal_actions(s: MaracaiboState, seat: str) -> list[MaracaiboAction]:
    if seat not in to_act(s):
        return []
    top = s.stack[-1]
    if isinstance(top, MainStep):
        return _main_step(s, seat)
    if isinstance(top, SetupChoice):
        return _setup(s, seat)
    if isinstance(top, Vote):
        return _vote(top)
    acts = _decision(s, seat, top)
    own_turn = s.phase == "play" and seat == s.active
    if own_turn and s.turn.step == "main":
        acts.extend(_free_during(s, seat, top))
    # MAR-T12 F3 ruling: on every decision of one's own turn and in scoring step 1.
    scoring = s.phase == "scoring" and top.kind in SCORING_STEP_1
    if (own_turn or scoring) and _figure_to_cp(s, seat) and _keeps(s, top, _return_figure):
        acts.append(FIGURE_TO_CP)
    return acts


def is_legal(s: MaracaiboState, seat: str, action: MaracaiboAction) -> bool:
    """Exactly ``action in legal_actions(s, seat)`` (the check of ``apply``), listing only
    the parts of the legal actions that can hold an action of its type: a figure's return is
    never a decision's own choice, plans and career tasks come from the decision or the free
    actions of step B, everything else from the decision alone."""
    if seat not in to_act(s):
        return False
    top = s.stack[-1]
    if isinstance(top, MainStep):
        return _in_main_step(s, seat, action)
    if isinstance(top, SetupChoice):
        return action in _setup(s, seat)
    if isinstance(top, Vote):
        return action in _vote(top)
    kind = type(action)
    own_turn = s.phase == "play" and seat == s.active
    if kind is FigureToCp:
        scoring = s.phase == "scoring" and top.kind in SCORING_STEP_1
        return (own_turn or scoring) and _figure_to_cp(s, seat) and _keeps(s, top, _return_figure)
    if (
        (kind is Plan or kind is Task)
        and own_turn
        and s.turn.step == "main"
        and action in _free_during(s, seat, top)
    ):
        return True
    return action in _decision(s, seat, top)


def _in_main_step(s: MaracaiboState, seat: str, action: MaracaiboAction) -> bool:
    """``action in _main_step(s, seat)``, listing only the part of its type."""
    p = s.players[seat]
    t = s.turn
    kind = type(action)
    if t.step == "sail":
        return kind is Sail and action in sailing.sail_actions(s, seat, data().tracks.mp)
    if kind is Main:
        return not t.main_done and action in main_options(s, seat, s.board.ships[seat])
    if kind is Plan:
        plans = [_plan(c) for c in p.hand] if len(p.plan) < data().ship.plan_slots else []
        return action in plans
    if kind is Task:
        return action in _tasks(s, seat)
    if kind is FigureToCp:
        return _figure_to_cp(s, seat)
    return kind is Finish


# Decisions of scoring step 1 (10.1 / 10.2): the choice, a purchase and its payment, the redraw
# and the career tasks after the final step 1 (MAR-CR2).
SCORING_STEP_1 = ("score1", "buy", "objects", "discard", "draw", "tasks")
# Decisions without a way back: a purchase chosen (VA_BUY or scoring step 1) and a payment under
# way. A free action must leave them possible; every other decision either has "skip" or is
# dropped as dead when a free action took away what it needs (as if the player had skipped).
COMMITTED = ("buy", "objects", "discard")


def _free_during(s: MaracaiboState, seat: str, top: Pending) -> list[MaracaiboAction]:
    """MAR-T12 / D14: planning a card and completing a career task are free actions "any
    number, before, after or even during the main action" (rulebook: "주 행동을 하기 전이나
    후, 혹은 주 행동 동안에도 원하는 만큼"), only in one's own step B: so at every decision of
    the active player while the turn is in step B (village-action sequences, city actions,
    combat stages, explorer moves, quest and other payments, purchases, extra sails, legacy
    tiles on stopping). Step A (sailing) asks nothing and step C (drawing) is excluded by
    MAR-T12. Scoring has its own timing (MAR-CR2: career tasks around final step 1).

    A hand card needed by a payment under way cannot be planned (MAR-K3: planned cards are
    never paid with), nor one without which the chosen purchase becomes impossible (herbs)."""
    if top.kind == "tasks":
        return []  # the decision lists the tasks itself
    p = s.players[seat]
    acts: list[MaracaiboAction] = []
    if len(p.plan) < data().ship.plan_slots:
        for c in p.hand:
            if _keeps(s, top, _planning(c)):
                acts.append(_plan(c))
    acts.extend(_tasks(s, seat))
    return acts


def _planning(card_id: str) -> Callable[[Player], None]:
    def change(p: Player) -> None:
        p.hand.remove(card_id)
        p.plan.append(card_id)

    return change


def _return_figure(p: Player) -> None:
    p.personal -= 1
    p.general += 1
    p.cp = min(data().ship.cp_max, p.cp + 2)


def _keeps(s: MaracaiboState, top: Pending, change: Callable[[Player], None]) -> bool:
    """Whether a committed decision stays possible after a free action changes its player."""
    if top.kind not in COMMITTED:
        return True
    p = s.players[top.seat].model_copy(deep=True)
    change(p)
    after = s.model_copy(update={"players": {**s.players, top.seat: p}})
    if top.kind == "buy":
        return buying.anything_to_buy(after, top.seat)
    return payment.still_payable(after, top)


def _setup(s: MaracaiboState, seat: str) -> list[MaracaiboAction]:
    """MAR-S15 / S16: career first, then the planned card, then three discards."""
    p = s.players[seat]
    if not p.career:
        return [SetupCareer(career=c) for c in p.career_options]
    if not p.plan:
        return [SetupPlan(card=c) for c in p.hand]
    return [SetupDiscard(card=c) for c in p.hand]


def _figure_to_cp(s: MaracaiboState, seat: str) -> bool:
    p = s.players[seat]
    return bool(q.perm(p, "PERM_FIGURE_TO_CP")) and p.personal > 0 and p.cp < data().ship.cp_max


def _main_step(s: MaracaiboState, seat: str) -> list[MaracaiboAction]:
    p = s.players[seat]
    t = s.turn
    if t.step == "sail":
        return list(sailing.sail_actions(s, seat, data().tracks.mp))
    acts: list[MaracaiboAction] = []
    if not t.main_done:
        acts.extend(main_options(s, seat, s.board.ships[seat]))
    if p.hand and len(p.plan) < data().ship.plan_slots:
        acts.extend(_plan(c) for c in p.hand)
    acts.extend(_tasks(s, seat))
    if _figure_to_cp(s, seat):
        acts.append(FIGURE_TO_CP)
    acts.append(FINISH)
    return acts


def open_tasks(s: MaracaiboState, seat: str) -> list[MaracaiboAction]:
    return _tasks(s, seat)


def _tasks(s: MaracaiboState, seat: str) -> list[MaracaiboAction]:
    return [_task(i, row) for i, row in q.task_rows(s, seat)]


def main_options(s: MaracaiboState, seat: str, loc: str) -> list[MaracaiboAction]:
    """MAR-T10: city, village, quest or assistant action where the ship is."""
    place = data().locations[loc]
    out: list[MaracaiboAction] = []
    if (q.is_city(s, loc) or place.kind == "homeward") and not legacy.plague(s, loc):
        out.append(_main("city"))
    l1 = legacy.city_rule(s, loc) is not None
    if place.kind == "village" and not l1 and not legacy.no_village(s, loc):
        out.append(_main("village"))
    for tile in s.board.quests.get(loc, []) if not l1 else []:
        if quests.payable(s, seat, tile):
            out.append(_main("quest", tile))
    for a in s.board.assistants:
        if a.seat == seat and a.location == loc and a.placed < s.turn_no:
            out.append(_main("assistant", a.card))
    return out


def village_actions(s: MaracaiboState, seat: str) -> list[str]:
    """MAR-V1: the village actions possible now (printed, ship board, cards)."""
    p = s.players[seat]
    out: list[str] = []
    if buying.anything_to_buy(s, seat):
        out.append("VA_BUY")
    out.append("VA_1D")
    if p.hand:
        out.append("VA_DISCARD")
    if q.has_upgrade(p, "U8"):
        out.append("VA_CP_D")
    if q.has_upgrade(p, "U9") and q.can_pay_goods_same(p, 3):
        out.append("VA_3SAME_GOODS")
    here = s.board.ships[seat]
    if (
        q.has_upgrade(p, "U10")
        and data().locations[here].kind == "village"
        and here not in s.board.markers
        and any(q.supply_left(s, n) for n in NATIONS)
    ):
        out.append("VA_CLAIM_VILLAGE")
    owned = q.tableau_effects(p)
    if "VA_2MAPS_VP_EXPLORE" in owned and q.can_pay_object(p, "maps", 2):
        out.append("VA_2MAPS_VP_EXPLORE")
    if "VA_2MAPS_D_EXPLORE" in owned and q.can_pay_object(p, "maps", 2):
        out.append("VA_2MAPS_D_EXPLORE")
    if "VA_2BOOKS" in owned and q.can_pay_object(p, "books", 2):
        out.append("VA_2BOOKS")
    if "VA_2SAME_GOODS" in owned and q.can_pay_goods_same(p, 2):
        out.append("VA_2SAME_GOODS")
    for cid, tile in p.card_quests.items():
        if quests.payable(s, seat, tile):
            out.append(f"QUEST_ON_CARD:{cid}")
    return out


def marker_targets(s: MaracaiboState, top: Pending) -> list[tuple[str, str]]:
    if top.what == "claim":
        here = s.board.ships[top.seat]
        spots = [here] if here not in s.board.markers else []
    else:
        spots = [v for v in q.villages(s) if v not in s.board.markers]
    return [(n, v) for v in spots for n in NATIONS if q.supply_left(s, n) > 0]


def noble_without_marker(s: MaracaiboState, top: Pending) -> list[str]:
    """v2, IMM_MARKER_VILLAGE_NOBLE: a nation whose marker cannot be placed is still chosen
    for the noble-rank move (「국가 하나를 선택합니다. … 다음 귀족 계급…으로 이동시킵니다」; unlike
    IMM_MARKER_EMPTY_VILLAGE, no 「이 효과는 상실됩니다」)."""
    if top.what != "noble" or s.rules_version < 2:
        return []
    placeable = {n for n, _ in marker_targets(s, top)}
    return [n for n in NATIONS if n not in placeable]


def discard_choices(s: MaracaiboState, top: Pending) -> list[str]:
    p = s.players[top.seat]
    kind, _, typ = top.what.partition(":")
    if kind == "same":
        counts = q.hand_goods(p)
        return sorted({c for c in p.hand if counts.get(q.card(c).discard_as, 0) >= top.n})
    return sorted({c for c in p.hand if q.card(c).discard_as == typ})


def _decision(s: MaracaiboState, seat: str, top: Pending) -> list[MaracaiboAction]:
    k = top.kind
    p = s.players[seat]
    if k == "village":
        acts: list[MaracaiboAction] = [_one(Village, action=a) for a in village_actions(s, seat)]
        return [*acts, SKIP]
    if k == "buy":
        acts = [
            _one(Buy, card=c) for c in sorted(set(p.hand + p.plan)) if buying.can_buy(s, seat, c)
        ]
        acts += [
            _one(Invest, building=slot.building)
            for slot in s.board.prestige
            if buying.can_invest(s, seat, slot.building)
        ]
        return acts
    if k == "discard":
        return [_one(Discard, card=c) for c in discard_choices(s, top)]
    if k == "objects":
        return [_one(UsePermanent, count=n) for n in payment.choices(s, top)]
    if k == "disc":
        return [_one(RemoveDisc, section=x) for x in q.removable_sections(p)]
    if k == "nation":
        return [_one(ChooseNation, nation=n) for n in NATIONS]
    if k == "explore":
        return [Explore(path=path) for path in explorer.paths(s, seat, top.n)]
    if k == "gate":
        acts = [_one(Pay)] if payment.gate_payable(s, top) else []
        return [*acts, SKIP]
    if k == "choose":
        return [_one(Choose, option=i) for i in range(len(top.options))]
    if k == "marker":
        places: list[MaracaiboAction] = [
            _one(PlaceMarker, nation=n, village=v) for n, v in marker_targets(s, top)
        ]
        return [*places, *(_one(ChooseNation, nation=n) for n in noble_without_marker(s, top))]
    if k == "synergy_any":
        return [
            _one(TakeSynergy, kind=x)
            for x in data().synergy.kinds
            if x not in p.synergies and s.board.synergy_supply.get(x, 0) > 0
        ]
    if k == "figures_on_card":
        return [_one(FiguresOnCard, count=i) for i in range(p.personal + 1)]
    if k in ("explorer_quest", "disc_tile"):
        return [_one(Pay), SKIP]
    if k == "sail":
        return [*sailing.sail_actions(s, seat, top.n), SKIP]
    if k == "extra_main":
        return [*main_options(s, seat, s.board.ships[seat]), SKIP]
    if k == "city":
        return _city(s, seat, top)
    if k == "combat":
        return combat_rules.legal(s, seat)
    if k == "visit":
        return [_one(VisitReward, reward="vp"), _one(VisitReward, reward="doubloons")]
    if k == "draw":
        acts = [_one(Draw, slot=-1)] if s.board.deck or s.board.discard else []
        if q.has_upgrade(p, "U3") or p.doubloons >= data().tracks.display_cost:
            acts += [_one(Draw, slot=i) for i, c in enumerate(s.board.display) if c]
        return acts
    if k == "remove_skull":
        return [Choose(option=i) for i in range(len(top.items))]
    if k == "tie_break":
        return [Choose(option=i) for i in range(len(top.items))]
    if k == "tasks":
        return [*_tasks(s, seat), SKIP]
    if k == "quest_here":
        here = s.board.ships[seat]
        acts = [
            Main(kind="quest", target=t)
            for t in s.board.quests.get(here, [])
            if quests.payable(s, seat, t)
        ]
        return [*acts, SKIP]
    if k == "score1":
        acts = [_one(ScoreChoice, buy=False)]
        if buying.anything_to_buy(s, seat):
            acts.append(_one(ScoreChoice, buy=True))
        if top.what == "final":
            acts.extend(_tasks(s, seat))
        return acts
    raise AssertionError(f"unknown decision {k}")


def _vote(top: Vote) -> list[MaracaiboAction]:
    """D20: a vote for one option, or none (a silent player abstains after the timeout)."""
    return [*(Choose(option=i) for i in range(len(top.items))), Choose(option=ABSTAIN)]


def _city(s: MaracaiboState, seat: str, top: Pending) -> list[MaracaiboAction]:
    """MAR-C1 / C2: one delivery (optional), then the printed action (optional)."""
    p = s.players[seat]
    loc = top.what
    acts: list[MaracaiboAction] = []
    place = data().locations[loc]
    if top.n == 0 and place.kind != "homeward" and q.removable_sections(p):
        market = q.market_of(s, loc)
        spaces = s.board.markets.get(loc, [])
        for i, good in enumerate(market):
            if i < len(spaces) and not spaces[i]:
                for c in sorted({c for c in p.hand if q.card(c).discard_as == good}):
                    acts.append(_one(Deliver, card=c, space=i))
    acts.append(_one(CityAction))
    acts.append(SKIP)
    return acts
