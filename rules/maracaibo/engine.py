"""``apply``: check an action against the legal ones, change a copy of the state, report."""

from __future__ import annotations

from rules.core import Event, RuleViolation
from rules.core.engine import Engine, Refusal, quiet, refusal
from rules.core.models import event
from rules.maracaibo import (
    buying,
    campaign,
    explorer,
    gains,
    legacy,
    ops,
    payment,
    quests,
    sailing,
)
from rules.maracaibo import combat as combat_rules
from rules.maracaibo import query as q
from rules.maracaibo.actions import (
    ABSTAIN,
    Ally,
    Boost,
    Buy,
    Choose,
    ChooseNation,
    CityAction,
    CombatAction,
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
    Pile,
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
from rules.maracaibo.components import data, substitute
from rules.maracaibo.describe import describe_action
from rules.maracaibo.legal import is_legal, legal_actions, to_act
from rules.maracaibo.model import MainStep, MaracaiboState, Pending, SetupChoice, Vote
from rules.maracaibo.setup import reveal_setup

PRIVATE = ("setup_career", "setup_plan", "setup_discard")
# Actions whose own public event already says what happened.
SELF_REPORTING = ("sail", "buy", "invest", "ally", "pile", "draw", "explore")


def _refuse(
    code: Refusal, state: MaracaiboState, seat: str, action: MaracaiboAction
) -> RuleViolation:
    if code in ("game_over", "not_your_turn"):
        return refusal("maracaibo.error", code)
    return refusal("maracaibo.error", code, "illegal", action=describe_action(state, seat, action))


def _announce_and_dispatch(
    s: MaracaiboState, seat: str, action: MaracaiboAction, ev: list[Event]
) -> None:
    """Say what was chosen (privately for a secret choice), then do it."""
    if quiet(ev):  # a search's step: nobody reads what was said
        _dispatch(s, ev, seat, action)
        return
    label = describe_action(s, seat, action)
    if action.type in PRIVATE or campaign.voting(s):
        ev.append(event("maracaibo.event.private_choice", {"action": label}, seat, [seat]))
    elif action.type not in SELF_REPORTING:
        ev.append(event("maracaibo.event.action", {"seat": seat, "action": label}, seat))
    _dispatch(s, ev, seat, action)


def _is_over(state: MaracaiboState) -> bool:
    return state.phase == "over"


ENGINE: Engine[MaracaiboState, MaracaiboAction] = Engine(
    is_over=_is_over,
    to_act=to_act,
    legal_actions=legal_actions,
    refuse=_refuse,
    dispatch=_announce_and_dispatch,
    settle=ops.run,
    copy=MaracaiboState.step_copy,
    seat_check=False,
    is_legal=is_legal,
)
apply = ENGINE.apply
apply_trusted = ENGINE.apply_trusted
step = ENGINE.step


def _dispatch(s: MaracaiboState, ev: list[Event], seat: str, a: MaracaiboAction) -> None:
    top = s.stack[-1]
    if isinstance(top, SetupChoice):
        _setup(s, ev, seat, a, top)
    elif isinstance(top, Vote):
        _vote(s, seat, a, top)
    elif isinstance(a, Sail):
        _sail(s, ev, seat, a, top)
    elif isinstance(a, Main):
        _main(s, ev, seat, a, top)
    elif isinstance(a, Finish):
        sailing.unused_assistant_bonus(s, ev, seat)
        s.turn.step = "draw"
        s.stack.append(Pending(kind="draw", seat=seat, what="turn"))
    elif isinstance(a, Plan):
        p = s.player(seat)
        p.hand.remove(a.card)
        p.plan.append(a.card)
    elif isinstance(a, Task):
        _task(s, ev, seat, a)
    elif isinstance(a, FigureToCp):
        p = s.player(seat)
        p.personal -= 1
        p.general += 1
        gains.cp(s, ev, seat, 2)
    elif isinstance(a, Skip):
        assert isinstance(top, Pending)
        _skip(s, ev, seat, top)
    else:
        assert isinstance(top, Pending)
        _decide(s, ev, seat, a, top)


def _setup(
    s: MaracaiboState, ev: list[Event], seat: str, a: MaracaiboAction, top: SetupChoice
) -> None:
    """MAR-S15 / S16: a secret setup choice; the last discard of the last player reveals
    every choice and the game begins."""
    p = s.player(seat)
    if isinstance(a, SetupCareer):
        p.career = a.career
    elif isinstance(a, SetupPlan):
        p.hand.remove(a.card)
        p.plan.append(a.card)
    else:
        assert isinstance(a, SetupDiscard)
        p.hand.remove(a.card)
        p.setup_discards.append(a.card)
        if len(p.setup_discards) == data().tracks.setup_cards["discard"]:
            p.setup_done = True
            left = top.answered(seat)
            if left.waiting:
                s.stack[-1] = left
            else:
                s.stack.pop()
                reveal_setup(s, ev)


def _vote(s: MaracaiboState, seat: str, a: MaracaiboAction, top: Vote) -> None:
    """D20: secret until every player has voted; then the story back applies the result."""
    assert isinstance(a, Choose) and s.campaign is not None
    s.campaign.votes[seat] = top.items[a.option] if a.option != ABSTAIN else ""
    left = top.answered(seat)
    if left.waiting:
        s.stack[-1] = left
    else:
        s.stack.pop()


def _sail(s: MaracaiboState, ev: list[Event], seat: str, a: Sail, top: Pending | MainStep) -> None:
    if isinstance(top, MainStep):
        mp, toll, _ = sailing.route_taken(s, seat, a, data().tracks.mp)
        s.turn.step = "main"
        sailing.sail(s, ev, seat, a.to, mp, toll)
        return
    # MAR-T18: an extra sail of 1-3 MP, then one more main action where it stops.
    mp, toll, _ = sailing.route_taken(s, seat, a, top.n)
    s.stack.pop()
    s.stack.append(Pending(kind="extra_main", seat=seat, n=mp))
    sailing.sail(s, ev, seat, a.to, mp, toll)


def _main(s: MaracaiboState, ev: list[Event], seat: str, a: Main, top: Pending | MainStep) -> None:
    loc = s.board.ships[seat]
    if isinstance(top, MainStep):
        s.turn.main_done = True
        mp = s.turn.mp
    else:
        s.stack.pop()
        mp = top.n
    if a.kind == "city":
        place = data().locations[loc]
        if place.kind == "homeward":
            s.stack.append(
                Pending(
                    kind="ops", seat=seat, ops=list(data().macros[place.action].ops), cat="homeward"
                )
            )
        else:
            s.stack.append(Pending(kind="city", seat=seat, what=loc))
    elif a.kind == "village":
        n = sailing.village_count(s, seat, mp, main=isinstance(top, MainStep))
        s.stack.append(Pending(kind="village", seat=seat, n=n))
    elif a.kind == "quest":
        s.board.own_quests(loc).remove(a.target)
        if not s.board.quests[loc]:
            del s.board.quests[loc]
        quests.fulfil(s, ev, seat, a.target)
        if legacy.city_rule(s, loc) is not None:
            quests.add_tiles(s, ev, [loc])  # L1: a new tile refills the quest space
    else:
        s.turn.used_assistants.append(a.target)
        s.stack.append(
            Pending(
                kind="ops",
                seat=seat,
                ops=buying.assistant_ops(a.target),
                card=a.target,
                cat="assistants",
            )
        )


def _task(s: MaracaiboState, ev: list[Event], seat: str, a: Task) -> None:
    """MAR-CR1 / CR3: doubloons (+VP for the higher row); the figure comes home."""
    p = s.player(seat)
    task = data().careers[p.career].tasks[a.task]
    p.tasks[str(a.task)] = a.row
    p.career_figures -= 1
    p.personal += 1
    gains.doubloons(s, ev, seat, task.doubloons)
    if a.row == "high":
        gains.vp(s, ev, seat, task.vp, "career")
    if len(p.tasks) == len(data().careers[p.career].tasks):
        bonus = data().career_file.completion
        gains.doubloons(s, ev, seat, bonus["doubloons"])
        gains.vp(s, ev, seat, bonus["vp"], "career")
        ev.append(gains.event("admiral", seat, seat=seat))


def _skip(s: MaracaiboState, ev: list[Event], seat: str, top: Pending | None) -> None:
    assert top is not None
    s.stack.pop()
    if top.kind == "combat":
        combat_rules.finish(s, ev, seat)


def _decide(
    s: MaracaiboState, ev: list[Event], seat: str, a: MaracaiboAction, top: Pending
) -> None:
    if isinstance(a, Village):
        _village(s, ev, seat, a.action, top)
    elif isinstance(a, Buy):
        s.stack.pop()
        buying.start_buy(s, ev, seat, a.card)
    elif isinstance(a, Invest):
        s.stack.pop()
        buying.invest(s, ev, seat, a.building)
    elif isinstance(a, Discard):
        gains.discard_card(s, seat, a.card)
        if top.what.startswith("same:"):
            top.what = f"good:{q.card(a.card).discard_as}"
        top.n -= 1
        if top.n <= 0:
            s.stack.pop()
    elif isinstance(a, UsePermanent):
        s.stack.pop()
        payment.use(s, top, a.count)
    elif isinstance(a, RemoveDisc):
        top.n -= 1
        market = top.what
        if top.n <= 0:
            s.stack.pop()
        gains.remove_disc(s, ev, seat, a.section, market)
    elif isinstance(a, ChooseNation):
        s.stack.pop()
        if top.what == "noble":
            gains.noble_next(s, ev, seat, a.nation)
        else:
            gains.influence(s, ev, seat, a.nation, top.n)
    elif isinstance(a, Explore):
        s.stack.pop()
        explorer.move(s, ev, seat, a.path)
    elif isinstance(a, Pay):
        s.stack.pop()
        _pay(s, ev, seat, top)
    elif isinstance(a, Choose) and top.kind == "remove_skull":
        s.stack.pop()
        campaign.remove_skull(s, ev, top.items[a.option])
    elif isinstance(a, Choose) and top.kind == "tie_break":
        # v2, D20: the reader's decision goes to the story back waiting beneath
        s.stack.pop()
        story = s.stack[-1]
        assert isinstance(story, Pending) and story.kind == "story_apply"
        story.what = top.items[a.option]
    elif isinstance(a, Choose):
        s.stack.pop()
        s.stack.append(Pending(kind="ops", seat=seat, ops=list(top.options[a.option]), cat=top.cat))
    elif isinstance(a, PlaceMarker):
        s.stack.pop()
        gains.place_marker(s, ev, seat, a.nation, a.village)
        if top.what == "noble":
            gains.noble_next(s, ev, seat, a.nation)
        elif top.what == "claim":
            gains.influence(s, ev, seat, a.nation, 1)
            gains.doubloons(s, ev, seat, 1)
    elif isinstance(a, TakeSynergy):
        s.stack.pop()
        gains.synergy(s, ev, seat, a.kind)
    elif isinstance(a, FiguresOnCard):
        s.stack.pop()
        p = s.player(seat)
        p.personal -= a.count
        p.card_figures[top.card] = p.card_figures.get(top.card, 0) + a.count
        if a.count:
            gains.income(s, ev, seat, "doubloons", top.n * a.count)
    elif isinstance(a, Deliver):
        top.n = 1
        gains.discard_card(s, seat, a.card)
        s.stack.append(Pending(kind="disc", seat=seat, n=1, what=f"{top.what}:{a.space}"))
    elif isinstance(a, CityAction):
        s.stack.pop()
        action, x = q.city_action_of(s, top.what)
        s.stack.append(
            Pending(
                kind="ops",
                seat=seat,
                ops=substitute(list(data().macros[action].ops), x),
                cat="city",
            )
        )
    elif isinstance(a, Pile):
        combat_rules.choose_pile(s, ev, seat, a.pile)
    elif isinstance(a, Ally):
        combat_rules.choose_ally(s, ev, seat, a.nation)
    elif isinstance(a, Boost):
        combat_rules.boost(s, seat, a.using)
    elif isinstance(a, CombatAction):
        combat_rules.act(s, ev, seat, a.action, a.target)
    elif isinstance(a, VisitReward):
        s.stack.pop()
        if a.reward == "vp":
            gains.vp(s, ev, seat, 1, "assistants")
        else:
            gains.doubloons(s, ev, seat, 2)
    elif isinstance(a, Draw):
        _draw(s, ev, seat, a.slot)
    elif isinstance(a, ScoreChoice):
        s.stack.pop()
        if top.what == "final":
            # MAR-CR2: career tasks may also be completed after step 1.
            s.stack.append(Pending(kind="tasks", seat=seat))
        if a.buy:
            if top.what == "interim":
                s.stack.append(Pending(kind="draw", seat=seat, what="scoring"))
            s.stack.append(Pending(kind="buy", seat=seat))
        else:
            gains.vp(s, ev, seat, data().tracks.interim_pass_vp, "scoring")
    else:
        raise AssertionError(f"unhandled action {a.type}")


def _village(s: MaracaiboState, ev: list[Event], seat: str, va: str, top: Pending) -> None:
    """MAR-V1 / V2 / V5: one village action; a last village action ends every sequence."""
    top.n -= 1
    if top.n <= 0:
        s.stack.pop()
    last = va.startswith("QUEST_ON_CARD") or (
        va in data().macros and data().macros[va].last_village_action
    )
    if last:
        s.stack = [x for x in s.stack if x.kind != "village"]
    if va == "VA_BUY":
        s.stack.append(Pending(kind="buy", seat=seat))
        return
    if va.startswith("QUEST_ON_CARD:"):
        card_id = va.split(":", 1)[1]
        tile = s.player(seat).card_quests.pop(card_id)
        quests.fulfil(s, ev, seat, tile)
        return
    x = 0
    if va == "VA_2BOOKS":
        x = max(q.perm(s.players[seat], "VA_2BOOKS"))
    s.stack.append(
        Pending(
            kind="ops",
            seat=seat,
            ops=substitute(list(data().macros[va].ops), x),
            cat="village",
        )
    )


def _pay(s: MaracaiboState, ev: list[Event], seat: str, top: Pending) -> None:
    if top.kind == "disc_tile":
        # L10-L17: pay, take the reward, move a disc from the ship board onto the tile.
        rule = next(t for t in data().legacy[top.card] if t.kind == "disc")
        s.stack.append(Pending(kind="disc", seat=seat, n=1, what=f"tile:{top.card}"))
        if rule.reward:
            s.stack.append(Pending(kind="ops", seat=seat, ops=list(rule.reward), cat="legacy"))
        if rule.cost is not None:
            discard = quests.pay_cost(s, ev, seat, rule.cost)
            if discard is not None:
                s.stack.append(discard)
        return
    if top.kind == "explorer_quest":
        space = top.what
        del s.board.explorer_quests[space]
        s.board.explorer_done.append(space)
        quests.fulfil(s, ev, seat, top.card)
        return
    if top.ops:
        s.stack.append(Pending(kind="ops", seat=seat, ops=list(top.ops), cat=top.cat))
    if top.what == "cp":
        s.player(seat).cp -= top.n
    elif top.what == "doubloons":
        s.player(seat).doubloons -= top.n
    elif top.what == "hand":
        for c in list(s.players[seat].hand):
            gains.discard_card(s, seat, c)
    elif top.what == "figure":
        p = s.player(seat)
        p.personal -= top.n
        p.general += top.n
    elif top.what == "goods_same":
        s.stack.append(Pending(kind="discard", seat=seat, what="same:", n=top.n))
    elif top.what == "object":
        objects = payment.object_payment(seat, top.items[0], top.n)
        if objects is not None:
            s.stack.append(objects)


def _draw(s: MaracaiboState, ev: list[Event], seat: str, slot: int) -> None:
    """MAR-T14: the deck's top card, or a display card for 1 doubloon (free with U3)."""
    p = s.player(seat)
    if slot < 0:
        got = gains.draw_top(s, ev)
        assert got is not None
        p.hand.append(got)
        if not quiet(ev):
            ev.append(gains.event("draw_deck", seat, seat=seat))
            ev.append(
                Event(
                    key="maracaibo.event.drawn",
                    args={"card": q.card_term(got)},
                    seat=seat,
                    visible_to=[seat],
                    reveals=True,
                )
            )
        return
    got = s.board.display[slot]
    s.board.display[slot] = ""
    if not q.has_upgrade(p, "U3"):
        p.doubloons -= data().tracks.display_cost
    p.hand.append(got)
    if not quiet(ev):
        ev.append(gains.event("draw_display", seat, seat=seat, card=q.card_term(got)))
