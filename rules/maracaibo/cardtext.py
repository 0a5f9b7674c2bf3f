"""What a player reads about a card or tile, written from the engine's own data.

The rulebook does not print the project cards, quest tiles, careers, city tiles or prestige
costs (``data/*.json`` say ``designed``), so the bot is the only place a player learns what
one does. Every text here is built from the very values the engine executes: a card's cost,
its effects (the primitive operations of ``effects.json`` with the card's parameters filled
in, exactly as ``buying.effect_ops`` hands them to the engine), its end points, compass,
synergy and good; a quest tile's cost and rewards; a career's task thresholds. A data
override therefore changes the text with the rules. Catalog keys: ``maracaibo.fx.*`` (one
primitive or permanent effect), ``maracaibo.ct.*`` (how the parts are put together).
"""

from __future__ import annotations

from collections.abc import Mapping

from rules.core import CardText, Text, term
from rules.core.models import Arg
from rules.maracaibo.components import CardEffect, Op, QuestCost, Task, data, substitute
from rules.maracaibo.model import MaracaiboState
from rules.maracaibo.terms import career_term, tile_term, token_term

F = "maracaibo.fx."
C = "maracaibo.ct."
NATION_MARKERS_NEEDED = 3
"""``buying.can_buy``: a nation condition needs this many of its markers on the map."""


def _n(op: Op) -> int:
    return op.n if isinstance(op.n, int) else 0


def _nation(code: str) -> Text:
    return term(f"maracaibo.nation.{code}")


def _good(code: str) -> Text:
    return term(f"maracaibo.good.{code}")


def op_text(op: Op) -> Text:
    """One primitive operation (MAR-K15) as a short phrase."""
    n = _n(op)
    kind = op.op
    if kind == "gain":
        return term(F + f"gain_{op.what}", count=n)
    if kind == "income":
        return term(F + f"income_{op.what}", count=n)
    if kind == "income_if_synergy":
        return term(
            F + f"income_if_synergy_{op.what or 'vp'}",
            synergy=term(f"maracaibo.synergy.{op.synergy}"),
            count=n,
        )
    if kind == "influence":
        if op.nation in ("any", "", "ally"):
            return term(F + f"influence_{op.nation or 'any'}", count=n)
        return term(F + "influence", nation=_nation(op.nation), count=n)
    if kind == "noble":
        return term(F + "noble")
    if kind in ("disc", "village", "explore", "sail", "figures_on_card", "discard_hand"):
        return term(F + kind, count=n)
    if kind == "per":
        return term(f"maracaibo.op.per_{op.source}_{op.what}", count=n)
    if kind == "pay":
        if op.what == "object":
            return term(F + "pay_object", good=_good(op.object), count=n)
        return term(F + f"pay_{op.what}", count=n)
    if kind == "marker_village":
        return term(F + ("marker_village_noble" if op.noble else "marker_village"))
    if kind == "synergy":
        return term(F + "synergy", kind=term(f"maracaibo.synergy.{op.synergy}"))
    if kind == "choose":
        return term(F + "choose", options=[ops_text(o) for o in op.options])
    return term(F + kind)


def ops_text(ops: list[Op]) -> Text:
    """A list of operations in order; a payment gates what follows it ("pay: then …")."""
    parts: list[Text] = []
    for i, op in enumerate(ops):
        if op.op == "pay":
            rest = ops_text(ops[i + 1 :])
            parts.append(term(C + "pay_then", pay=op_text(op), then=rest))
            break
        parts.append(op_text(op))
    return term(C + "list", items=parts)


def _card_ops(effect: CardEffect) -> list[Op]:
    """The effect's operations as ``buying.effect_ops`` gives them to the engine."""
    if effect.id == "INC_IF_SYNERGY":
        return [
            Op(
                op="income_if_synergy",
                synergy=effect.synergy or "",
                what=effect.track or "vp",
                n=effect.x,
            )
        ]
    macro = data().macros[effect.id]
    return substitute(list(macro.ops), effect.x, effect.nation or "", effect.synergy or "")


def effect_text(effect: CardEffect) -> Text | None:
    """One effect of a project card; ``None`` for the compass icon (told with the card)."""
    if effect.id == "COMPASS":
        return None
    if effect.trigger == "permanent":
        macro = data().macros.get(effect.id)
        if macro is not None:  # a new village action (8.5)
            key = "village_action_last" if macro.last_village_action else "village_action"
            return term(C + key, ops=ops_text(_card_ops(effect)))
        args: dict[str, Arg] = {"count": effect.x}
        if effect.nation:
            args["nation"] = _nation(effect.nation)
        if effect.object:
            args["good"] = _good(effect.object)
        if effect.synergy:
            args["synergy"] = term(f"maracaibo.synergy.{effect.synergy}")
        return term(F + effect.id.lower(), **args)
    return term(C + f"trigger_{effect.trigger}", ops=ops_text(_card_ops(effect)))


def card_code(card_id: str) -> Text:
    """The deck letter and the card's number."""
    c = data().cards[card_id]
    digits = "".join(ch for ch in card_id if ch.isdigit())
    return term(C + "code", deck=c.deck, number=int(digits) if digits else 0)


def card_effects(card_id: str) -> list[Text]:
    """Each effect; a card whose only icon is its compass is told by its compass."""
    c = data().cards[card_id]
    out = [t for e in c.effects if (t := effect_text(e)) is not None]
    if not out and c.compass:
        return [term(C + "compass", count=c.compass)]
    return out or [term(C + "no_effect")]


def card_cost(card_id: str) -> Text:
    cost = data().cards[card_id].cost
    parts: list[Text] = [term(F + "gain_doubloons", count=cost.doubloons)]
    if cost.cp:
        parts.append(term(F + "gain_cp", count=cost.cp))
    if cost.herbs:
        parts.append(term(F + "pay_object", good=_good("herbs"), count=cost.herbs))
    if cost.return_figure:
        parts.append(term(C + "cost_return_figure"))
    if cost.figure_on_card:
        parts.append(term(C + "cost_figure_on_card"))
    if cost.assistant_location is not None:
        parts.append(
            term(
                C + "cost_assistant",
                location=term(f"maracaibo.loc.{cost.assistant_location}"),
            )
        )
    if cost.nation_markers is not None:
        parts.append(
            term(
                C + "cost_nation_markers",
                nation=_nation(cost.nation_markers),
                count=NATION_MARKERS_NEEDED,
            )
        )
    return term(C + "list", items=parts)


def card_extras(card_id: str) -> list[Text]:
    """End points, compasses and the synergy token the card gives."""
    c = data().cards[card_id]
    out: list[Text] = []
    if c.end_vp:
        out.append(term(C + "end_vp", count=c.end_vp))
    told = not any(e.id != "COMPASS" for e in c.effects)  # the compass is the card's effect
    if c.compass and not told:
        out.append(term(C + "compass", count=c.compass))
    if c.synergy:
        out.append(term(C + "synergy", kind=term(f"maracaibo.synergy.{c.synergy}")))
    return out


def card_what(card_id: str) -> Text:
    """What a card is called in a list of cards: the rulebook's name where it prints one,
    else its first effect."""
    c = data().cards[card_id]
    if c.name in KNOWN_NAMES:
        return term(f"maracaibo.cardname.{c.name}")
    return card_effects(card_id)[0]


def card_name(card_id: str) -> Text:
    """A card as lists name it: its code, what it does (the rulebook's name where it prints
    one) and the good it shows. Built once per card and data set (``Data.memo``): a
    ``Text`` is frozen, so every list shares it."""
    d = data()
    found: Text | None = d.memo.get(("card_name", card_id))
    if found is None:
        found = d.memo[("card_name", card_id)] = _card_name(card_id)
    return found


def _card_name(card_id: str) -> Text:
    c = data().cards[card_id]
    digits = "".join(ch for ch in card_id if ch.isdigit())
    args: dict[str, Arg] = {
        "deck": c.deck,
        "number": int(digits) if digits else 0,
        "good": _good(c.discard_as),
    }
    if c.name in KNOWN_NAMES:
        return term("maracaibo.card_named", name=term(f"maracaibo.cardname.{c.name}"), **args)
    return term("maracaibo.card", what=card_effects(card_id)[0], **args)


KNOWN_NAMES = ("irregulars", "harbor")


def card_detail(card_id: str) -> Text:
    """The menu line: cost, effect, points (at most 100 characters once translated; the bot
    clips the rest)."""
    extras = card_extras(card_id)
    return term(
        C + ("detail" if extras else "detail_plain"),
        cost=card_cost(card_id),
        effects=card_effects(card_id),
        extras=term(C + "list", items=extras),
    )


def card_full(card_id: str) -> Text:
    c = data().cards[card_id]
    extras = card_extras(card_id)
    return term(
        C + "card_full",
        code=card_code(card_id),
        family=term(C + f"family_{c.family}"),
        cost=card_cost(card_id),
        effects=term(C + "lines", lines=card_effects(card_id)),
        extras=term(C + "list", items=extras) if extras else term(C + "none"),
        good=_good(c.discard_as),
        source=term(C + f"source_{c.provenance}"),
    )


# ------------------------------------------------------------------ quest tiles


def quest_cost(cost: QuestCost) -> Text:
    if cost.kind in ("object", "good"):
        return term(F + "pay_object", good=_good(cost.type), count=cost.n)
    return term(C + f"qcost_{cost.kind}", count=cost.n)


def story_tiles_of(state: MaracaiboState) -> dict[str, str]:
    """Which story card each story tile in play belongs to (campaign games)."""
    return dict(state.campaign.story_tiles) if state.campaign is not None else {}


def quest_detail(tile: str, story_tiles: Mapping[str, str]) -> Text:
    """A quest tile's (or story tile's, by its story card) cost and rewards (MAR-Q2)."""
    if tile in data().quests:
        q = data().quests[tile]
        cost, rewards = q.cost, list(q.rewards)
    elif tile in story_tiles and story_tiles[tile] in data().stories:
        story = data().stories[story_tiles[tile]].quest
        if story is None:
            return term(C + "none")
        cost, rewards = story.cost, list(story.rewards)
    else:
        return term(C + "none")
    return term(C + "quest", cost=quest_cost(cost), rewards=ops_text(rewards))


def quest_full(tile: str, story_tiles: Mapping[str, str]) -> Text:
    provenance = data().quests[tile].provenance if tile in data().quests else "rulebook"
    return term(
        C + "titled",
        title=tile_term(tile),
        body=quest_detail(tile, story_tiles),
        source=term(C + f"source_{provenance}"),
    )


# ------------------------------------------------------------------ careers


def _need(task: Task, row: str) -> Text:
    """A task's condition (MAR-CR4) for one row; BAR's rows are the blue and green barrier."""
    if task.kind == "BAR":
        return term(C + ("task_BAR_low" if row == "low" else "task_BAR_high"))
    return term(C + f"task_{task.kind}", count=task.low if row == "low" else task.high)


def career_detail(career: str) -> Text:
    c = data().careers[career]
    tasks = [
        term(
            C + "task",
            number=i + 1,
            kind=_need(t, "low"),
            high=_need(t, "high"),
            doubloons=t.doubloons,
            vp=t.vp,
        )
        for i, t in enumerate(c.tasks)
    ]
    done = data().career_file.completion
    return term(
        C + "career",
        tasks=term(C + "lines", lines=tasks),
        doubloons=done["doubloons"],
        vp=done["vp"],
    )


def career_short(career: str) -> Text:
    c = data().careers[career]
    return term(
        C + "list",
        items=[term(C + f"ts_{t.kind}", low=t.low, high=t.high) for t in c.tasks],
    )


def career_full(career: str) -> Text:
    return term(
        C + "titled",
        title=career_term(career),
        body=career_detail(career),
        source=term(C + "source_designed"),
    )


# ------------------------------------------------------------------ prestige, city tiles


def prestige_detail(building: str) -> Text:
    b = data().prestige[building]
    parts: list[Text] = [
        term(C + "prestige_cost", count=b.cost),
        term(C + f"pscore_{b.score.source}", count=b.score.vp),
    ]
    if b.score.max is not None:
        parts.append(term(C + "pscore_max", count=b.score.max))
    if b.synergy:
        parts.append(term(C + "synergy", kind=term(f"maracaibo.synergy.{b.synergy}")))
    parts.append(term(C + "first_investor", count=data().prestige_file.first_investor_vp))
    return term(C + "list", items=parts)


def prestige_full(building: str) -> Text:
    return term(
        C + "titled",
        title=term(f"maracaibo.prestige.{building}"),
        body=prestige_detail(building),
        source=term(C + "source_designed"),
    )


def city_tile_detail(tile: str) -> Text:
    t = data().city_tiles[tile]
    return term(
        C + "city_tile",
        action=ops_text(list(data().macros[t.action].ops)),
        market=[_good(g) for g in t.market],
        flag=ops_text(list(t.flag)),
    )


def village_action_text(va: str) -> Text | None:
    """A village action's operations (8.5), or ``None`` for one the engine names by itself."""
    macro = data().macros.get(va)
    if macro is None:
        return None
    return ops_text(list(macro.ops))


# ------------------------------------------------------------------ what a seat may read


def visible_cards(state: MaracaiboState, seat: str | None) -> list[CardText]:
    """Every card and tile ``seat`` may read now (spec 13): the own hand, the own career
    choices and quests; everyone's tableau, plans (after setup) and careers; the display,
    the discard piles, revealed prestige buildings, quest tiles on the map, city tiles."""
    out: dict[str, CardText] = {}
    stories = story_tiles_of(state)

    def add_card(card_id: str) -> None:
        if card_id in data().cards and card_id not in out:
            out[card_id] = CardText(card_id, card_name(card_id), card_full(card_id))

    def add_quest(tile: str) -> None:
        key = f"quest:{tile}"
        if key not in out and (tile in data().quests or tile in stories):
            out[key] = CardText(key, tile_term(tile), quest_full(tile, stories))

    def add_career(career: str) -> None:
        key = f"career:{career}"
        if career in data().careers and key not in out:
            name = term(C + "career_name", career=career_term(career), tasks=career_short(career))
            out[key] = CardText(key, name, career_full(career))

    setup = state.phase == "setup"
    if seat is not None and seat in state.players:
        me = state.players[seat]
        for token in me.tokens:
            key = f"token:{token}"
            full = term(
                C + "titled",
                title=token_term(token),
                body=token_detail(token),
                source=term(C + "source_designed"),
            )
            out[key] = CardText(key, token_term(token), full)
        for cid in [*me.hand, *me.plan, *me.setup_discards]:
            add_card(cid)
        for career in me.career_options:
            add_career(career)
        for tile in [*me.quests, *me.card_quests.values()]:
            add_quest(tile)
    for other, p in state.players.items():
        for cid in p.tableau:
            add_card(cid)
        if other == seat or not setup:
            for cid in p.plan:
                add_card(cid)
            if p.career:
                add_career(p.career)
    for cid in [*state.board.display, *state.board.discard]:
        add_card(cid)
    if state.jean is not None:
        for cid in state.jean.discard:
            add_card(cid)
    for tiles in state.board.quests.values():
        for tile in tiles:
            add_quest(tile)
    for tile in state.board.explorer_quests.values():
        add_quest(tile)
    for slot in state.board.prestige:
        if slot.revealed and slot.building:
            key = f"prestige:{slot.building}"
            out[key] = CardText(
                key, term(f"maracaibo.prestige.{slot.building}"), prestige_full(slot.building)
            )
    for tile in state.board.city_tiles.values():
        key = f"city:{tile}"
        number = int("".join(ch for ch in tile if ch.isdigit()) or 0)
        out[key] = CardText(
            key,
            term(C + "city_tile_name", number=number),
            term(
                C + "titled",
                title=term(C + "city_tile_name", number=number),
                body=city_tile_detail(tile),
                source=term(C + "source_designed"),
            ),
        )
    for tile in state.campaign.legacy if state.campaign is not None else {}:
        key = f"legacy:{tile}"
        name = term(f"maracaibo.legacy.{tile}")
        rules = data().legacy.get(tile, [])
        source = "designed" if any(r.provenance == "designed" for r in rules) else "rulebook"
        full = term(
            C + "titled", title=name, body=legacy_detail(tile), source=term(C + f"source_{source}")
        )
        out[key] = CardText(key, name, full)
    return list(out.values())


def career_detail_short(career: str) -> Text:
    """A career for a menu line: each task's lower/higher threshold."""
    return career_short(career)


def task_detail(state: MaracaiboState, seat: str, index: int, row: str) -> Text | None:
    career = state.players[seat].career
    if career not in data().careers:
        return None
    t = data().careers[career].tasks[index]
    need = _need(t, row)
    gain: list[Text] = [term(F + "gain_doubloons", count=t.doubloons)]
    if row == "high":
        gain.append(term(F + "gain_vp", count=t.vp))
    return term(C + "task_line", need=need, gain=term(C + "list", items=gain))


def assistant_detail(card_id: str) -> Text:
    """An assistant action (8.7): what the card's assistant effect does."""
    c = data().cards[card_id]
    effects = [t for e in c.effects if e.trigger == "assistant" and (t := effect_text(e))]
    return term(C + "list", items=effects) if effects else card_detail(card_id)


def city_action_detail(action: str, x: int) -> Text | None:
    """A city action (``query.city_action_of``: a city tile or legacy tile may replace the
    board's) with its printed value filled in."""
    macro = data().macros.get(action)
    if macro is None:
        return None
    return ops_text(substitute(list(macro.ops), x))


# ------------------------------------------------------------------ combat tokens, legacy tiles


def token_detail(token: str) -> Text:
    """A combat token (MAR-C11 / C12): for each nation allied with, its strength and what
    allying costs or gives; the strength change when that nation has the most or fewest
    markers on the map."""
    t = data().tokens[token]
    sides = [
        term(
            C + "token_side",
            nation=_nation(nation),
            strength=side.strength,
            effect=term(
                C + f"token_{side.effect.kind}", nation=_nation(nation), count=side.effect.n
            ),
        )
        for nation, side in t.nations.items()
    ]
    if t.modifier is not None:
        sides.append(term(C + f"token_{t.modifier.kind}", delta=f"{t.modifier.delta:+d}"))
    return term(C + "list", items=sides)


def legacy_detail(tile: str) -> Text:
    """A legacy tile's rules (12.3), one line per rule the tile carries."""
    rules = data().legacy.get(tile, [])
    lines: list[Text] = []
    for r in rules:
        args: dict[str, Arg] = {"count": r.n}
        if r.location:
            args["location"] = term(f"maracaibo.loc.{r.location}")
        if r.edge:
            args["a"], args["b"] = (term(f"maracaibo.loc.{e}") for e in r.edge[:2])
        key: str = r.kind
        if r.kind == "disc":
            if r.cost is not None:
                args["cost"] = quest_cost(r.cost)
            else:
                key = "disc_free"
            args["reward"] = ops_text(list(r.reward))
            args["capacity"] = r.capacity
        if r.kind == "silver_fleet":
            args["doubloons"] = r.doubloons
        if r.kind == "city":
            args["action"] = (
                ops_text(list(data().macros[r.action].ops)) if r.action else term(C + "none")
            )
            args["market"] = [_good(g) for g in r.market]
            args["flag"] = ops_text(list(r.flag))
        lines.append(term(C + f"legacy_{key}", **args))
    return term(C + "lines", lines=lines or [term(C + "legacy_none")])
