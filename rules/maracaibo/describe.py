"""The label a player reads for an action (button, menu, log): Text, never prose."""

from __future__ import annotations

from rules.core import Text, decisions, term
from rules.maracaibo import sailing
from rules.maracaibo.actions import (
    ABSTAIN,
    Ally,
    Boost,
    Buy,
    Choose,
    ChooseNation,
    CombatAction,
    Deliver,
    Discard,
    Draw,
    Explore,
    FiguresOnCard,
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
from rules.maracaibo.components import Op, data
from rules.maracaibo.model import MaracaiboState, Pending, Vote
from rules.maracaibo.query import card_term, city_action_of
from rules.maracaibo.terms import career_term, tile_term

K = "maracaibo.action."


def card(card_id: str) -> Text:
    return card_term(card_id)


def describe_op(op: Op) -> Text:
    """A short name of one printed alternative (used by ``Choose``)."""
    if op.op == "gain":
        return term(f"maracaibo.op.gain_{op.what}", count=op.n if isinstance(op.n, int) else 0)
    if op.op == "per":
        return term(
            f"maracaibo.op.per_{op.source}_{op.what}", count=op.n if isinstance(op.n, int) else 0
        )
    if op.op == "explore":
        return term("maracaibo.op.explore", count=op.n if isinstance(op.n, int) else 0)
    return term(f"maracaibo.op.{op.op}")


def _sail(state: MaracaiboState, seat: str, a: Sail) -> Text:
    """v2 (MAR-T3): where several routes lead to the destination, the label tells them apart
    by the MP spent and the locations only this route passes."""
    where = term(f"maracaibo.loc.{a.to}")
    if state.rules_version < 2 or seat not in state.board.ships:
        return term(K + "sail", location=where)
    from rules.maracaibo.choicetext import sail_budget

    budget = sail_budget(state)
    ways = sailing.route_options(state, state.board.ships[seat], budget).get(a.to, [])
    mine = ways[0] if ways and not a.via else next((r for r in ways if list(r.via) == a.via), None)
    if len(ways) < 2 or mine is None:
        return term(K + "sail", location=where)
    shared = set.intersection(*(set(r.via) for r in ways))
    only = [term(f"maracaibo.loc.{x}") for x in mine.via if x not in shared]
    if not only:
        return term(K + "sail_mp", location=where, count=mine.mp)
    return term(K + "sail_via", location=where, via=only, count=mine.mp)


def describe_action(state: MaracaiboState, seat: str, action: MaracaiboAction) -> Text:
    a = action
    if isinstance(a, SetupCareer):
        return term(K + "setup_career", career=career_term(a.career))
    if isinstance(a, SetupPlan | Plan):
        return term(K + a.type, card=card(a.card))
    if isinstance(a, SetupDiscard | Buy | Discard):
        return term(K + a.type, card=card(a.card))
    if isinstance(a, Sail):
        return _sail(state, seat, a)
    if isinstance(a, Main):
        if a.kind == "quest":
            return term(K + "main_quest", tile=tile_term(a.target))
        if a.kind == "assistant":
            return term(K + "main_assistant", card=card(a.target))
        return term(K + f"main_{a.kind}")
    if isinstance(a, Task):
        return term(K + f"task_{a.row}", number=a.task + 1)
    if isinstance(a, Village):
        if a.action.startswith("QUEST_ON_CARD:"):
            return term(K + "village_quest_on_card", card=card(a.action.split(":", 1)[1]))
        return term(K + "village", action=term(f"maracaibo.va.{a.action}"))
    if isinstance(a, Invest):
        return term(K + "invest", building=term(f"maracaibo.prestige.{a.building}"))
    if isinstance(a, RemoveDisc):
        return term(K + "remove_disc", section=term(f"maracaibo.section.{a.section}"))
    now = decisions.top(state.stack)
    if isinstance(a, ChooseNation) and now is not None and now.kind == "marker":
        # v2, IMM_MARKER_VILLAGE_NOBLE with no marker to place: only the noble-rank move
        return term(K + "nation_noble_only", nation=term(f"maracaibo.nation.{a.nation}"))
    if isinstance(a, ChooseNation | Ally):
        return term(K + a.type, nation=term(f"maracaibo.nation.{a.nation}"))
    if isinstance(a, Explore):
        return term(K + "explore", space=term(f"maracaibo.space.{a.path[-1]}"), count=len(a.path))
    if isinstance(a, Choose):
        if isinstance(now, Vote):
            if a.option == ABSTAIN:
                return term(K + "abstain")
            return term(K + "vote", number=a.option + 1)
        top = state.opened()
        if top is not None and top.kind == "choose" and a.option < len(top.options):
            return term(K + "choose", option=[describe_op(op) for op in top.options[a.option]])
        if top is not None and top.kind == "remove_skull" and a.option < len(top.items):
            return term(K + "remove_skull", tile=term(f"maracaibo.legacy.{top.items[a.option]}"))
        if top is not None and top.kind == "tie_break" and a.option < len(top.items):
            back = data().stories[top.card].back
            ids = [o.id for o in back.options] if back is not None else []
            item = top.items[a.option]
            number = ids.index(item) + 1 if item in ids else a.option + 1
            return term(K + "tie_break", number=number)
        return term(K + "choose_n", number=a.option + 1)
    if isinstance(a, UsePermanent):
        return _permanent(state, a)
    if isinstance(a, PlaceMarker):
        return term(
            K + "place_marker",
            nation=term(f"maracaibo.nation.{a.nation}"),
            location=term(f"maracaibo.loc.{a.village}"),
        )
    if isinstance(a, TakeSynergy):
        return term(K + "synergy", kind=term(f"maracaibo.synergy.{a.kind}"))
    if isinstance(a, FiguresOnCard):
        return term(K + "figures_on_card", count=a.count)
    if isinstance(a, Deliver):
        return term(K + "deliver", card=card(a.card), number=a.space + 1)
    if isinstance(a, Pile):
        return term(K + "pile", number=a.pile + 1)
    if isinstance(a, Boost):
        return term(K + f"boost_{a.using}")
    if isinstance(a, CombatAction):
        if a.action in ("conquer", "expel", "annex"):
            return term(K + f"ca_{a.action}", location=term(f"maracaibo.loc.{a.target}"))
        if a.action == "silver_fleet":
            return term(K + "ca_silver_fleet", number=int(a.target))
        if a.action in ("influence", "inf_vp"):
            return term(K + f"ca_{a.action}", count=int(a.target))
        return term(K + "ca_syn_d")
    if isinstance(a, VisitReward):
        return term(K + f"visit_{a.reward}")
    if isinstance(a, Draw):
        if a.slot < 0:
            return term(K + "draw_deck")
        shown = state.board.display[a.slot] if a.slot < len(state.board.display) else ""
        return term(K + "draw_display", card=card(shown) if shown else term(K + "empty"))
    if isinstance(a, ScoreChoice):
        return term(K + ("score_buy" if a.buy else "score_vp"))
    top = state.opened()
    if isinstance(a, Pay | Skip) and top is not None:
        return _in_context(a, top)
    return term(K + a.type)


def _permanent(state: MaracaiboState, a: UsePermanent) -> Text:
    """D22: how many permanent object cards serve and how many hand cards are discarded."""
    top = state.opened()
    obj = top.what if top is not None and top.kind == "objects" else ""
    rest = top.n - a.count if top is not None and top.kind == "objects" else 0
    good = term(f"maracaibo.good.{obj}") if obj else term(K + "objects")
    if a.count == 0:
        return term(K + "permanent_none", good=good, count=rest)
    if rest <= 0:
        return term(K + "permanent_all", good=good, count=a.count)
    return term(K + "permanent_some", good=good, count=a.count, rest=rest)


SKIPS = {
    "village": "skip_village",
    "city": "skip_city",
    "combat": "skip_combat",
    "sail": "skip_sail",
    "extra_main": "skip_extra_main",
    "explorer_quest": "skip_quest",
    "gate": "skip_pay",
    "tasks": "skip_tasks",
    "disc_tile": "skip_tile",
}


def _in_context(a: Pay | Skip, top: Pending) -> Text:
    """Pay / Skip say what they pay or skip."""
    if isinstance(a, Skip):
        return term(K + SKIPS.get(top.kind, "skip"))
    if top.kind == "explorer_quest":
        return term(K + "pay_quest", tile=tile_term(top.card))
    if top.kind == "disc_tile":
        return term(K + "pay_tile", tile=term(f"maracaibo.legacy.{top.card}"))
    if top.what == "hand":
        return term(K + "pay_hand")
    if top.what == "object" and top.items:
        return term(K + "pay_object", good=term(f"maracaibo.good.{top.items[0]}"), count=top.n)
    if top.what in ("cp", "doubloons", "goods_same"):
        return term(K + f"pay_{top.what}", count=top.n)
    return term(K + "pay")


def describe_detail(state: MaracaiboState, seat: str, action: MaracaiboAction) -> Text | None:
    """The second line of a menu option: what the card, tile, building, career or action
    chosen costs and does, from the engine's data (``cardtext``)."""
    from rules.maracaibo import cardtext as ct
    from rules.maracaibo import choicetext as ch

    a = action
    if isinstance(a, SetupPlan | Plan | SetupDiscard | Buy | Discard | Deliver):
        return ct.card_detail(a.card)
    if isinstance(a, SetupCareer):
        return ct.career_detail_short(a.career)
    if isinstance(a, Draw):
        shown = state.board.display[a.slot] if 0 <= a.slot < len(state.board.display) else ""
        return ct.card_detail(shown) if shown else None
    if isinstance(a, Main):
        if a.kind == "quest":
            return ct.quest_detail(a.target, ct.story_tiles_of(state))
        if a.kind == "assistant":
            return ct.assistant_detail(a.target)
        if a.kind == "city" and state.board.ships.get(seat):
            return ct.city_action_detail(*city_action_of(state, state.board.ships[seat]))
        return None
    if isinstance(a, Village):
        if a.action.startswith("QUEST_ON_CARD:"):
            tile = state.players[seat].card_quests.get(a.action.split(":", 1)[1], "")
            return ct.quest_detail(tile, ct.story_tiles_of(state)) if tile else None
        return ct.village_action_text(a.action)
    if isinstance(a, Invest):
        return ct.prestige_detail(a.building)
    if isinstance(a, Task):
        return ct.task_detail(state, seat, a.task, a.row)
    if isinstance(a, Sail):
        return ch.sail_detail(state, seat, a)
    if isinstance(a, Explore):
        return ch.explore_detail(state, seat, a)
    if isinstance(a, CombatAction):
        return ch.combat_detail(state, seat, a)
    top = state.opened()
    if isinstance(a, Pay) and top is not None and top.kind == "explorer_quest" and top.card:
        return ct.quest_detail(top.card, ct.story_tiles_of(state))
    return None
