"""The decision stack: primitive operations run in printed order (MAR-K15), decisions wait
for their seat, and decisions nobody can take are dropped (MAR-U3, MAR-Q7 …)."""

from __future__ import annotations

from rules.core import Event
from rules.maracaibo import buying, campaign, explorer, flow, gains, payment, quests
from rules.maracaibo import combat as combat_rules
from rules.maracaibo import query as q
from rules.maracaibo.components import Op, data
from rules.maracaibo.legal import marker_targets, noble_without_marker, open_tasks
from rules.maracaibo.model import MaracaiboState, Pending
from rules.maracaibo.terms import tile_term

DECISIONS = {
    "tie_break",
    "village",
    "buy",
    "discard",
    "objects",
    "disc",
    "nation",
    "explore",
    "gate",
    "choose",
    "marker",
    "synergy_any",
    "figures_on_card",
    "explorer_quest",
    "sail",
    "extra_main",
    "city",
    "combat",
    "visit",
    "draw",
    "score1",
    "tasks",
    "disc_tile",
    "quest_here",
    "remove_skull",
}


def execute(s: MaracaiboState, ev: list[Event], frame: Pending, op: Op) -> None:
    """Run one primitive; a primitive needing a choice pushes a decision."""
    seat = frame.seat
    n = op.n if isinstance(op.n, int) else 0
    push = s.stack.append
    kind = op.op
    if kind == "gain":
        if op.what == "doubloons":
            gains.doubloons(s, ev, seat, n)
        elif op.what == "vp":
            gains.vp(s, ev, seat, n, frame.cat or "other")
        elif op.what == "cp":
            gains.cp(s, ev, seat, n)
        else:
            gains.figures(s, ev, seat, n)
    elif kind == "income":
        gains.income(s, ev, seat, op.what, n)
    elif kind == "income_if_synergy":
        if op.synergy in s.players[seat].synergies:
            gains.income(s, ev, seat, op.what, n)
        else:
            s.player(seat).conditional.append(op.source)
    elif kind == "influence":
        if op.nation in ("any", ""):
            push(Pending(kind="nation", seat=seat, what="influence", n=n))
        else:
            gains.influence(s, ev, seat, op.nation, n)
    elif kind == "noble":
        if op.nation in ("any", ""):
            push(Pending(kind="nation", seat=seat, what="noble"))
        else:
            gains.noble_next(s, ev, seat, op.nation)
    elif kind == "disc":
        push(Pending(kind="disc", seat=seat, n=n))
    elif kind == "village":
        push(Pending(kind="village", seat=seat, n=n))
    elif kind == "village_per_compass":
        push(Pending(kind="village", seat=seat, n=s.turn.compass_start))
    elif kind == "explore":
        push(Pending(kind="explore", seat=seat, n=n))
    elif kind == "pay":
        rest = list(frame.ops)
        frame.ops.clear()
        push(
            Pending(
                kind="gate",
                seat=seat,
                what=op.what,
                n=n,
                items=[op.object],
                ops=rest,
                cat=frame.cat,
            )
        )
    elif kind == "discard_hand":
        rest = [Op(op="gain", what="doubloons", n=n)]
        push(Pending(kind="gate", seat=seat, what="hand", ops=rest, cat=frame.cat))
    elif kind == "per":
        amount = per_source(s, seat, op.source) * n
        if op.what == "vp":
            gains.vp(s, ev, seat, amount, frame.cat or "other")
        else:
            gains.doubloons(s, ev, seat, amount)
    elif kind == "sail":
        push(Pending(kind="sail", seat=seat, n=n))
    elif kind == "marker_village":
        push(Pending(kind="marker", seat=seat, what="noble" if op.noble else "place"))
    elif kind == "claim_village":
        push(Pending(kind="marker", seat=seat, what="claim"))
    elif kind == "synergy":
        gains.synergy(s, ev, seat, op.synergy)
    elif kind == "synergy_any":
        push(Pending(kind="synergy_any", seat=seat))
    elif kind == "figures_on_card":
        push(Pending(kind="figures_on_card", seat=seat, card=frame.card, n=n))
    elif kind == "quest_on_card":
        if s.board.quest_pile:
            tile = s.board.quest_pile.pop(0)
            s.player(seat).card_quests[frame.card] = tile
            ev.append(
                Event(
                    key="maracaibo.event.quest_on_card",
                    args={"seat": seat, "tile": tile_term(tile)},
                    seat=seat,
                    reveals=True,
                )
            )
    elif kind == "combat":
        combat_rules.start(s, ev, seat)
    elif kind == "quest_here":
        push(Pending(kind="quest_here", seat=seat))
    elif kind == "choose":
        push(
            Pending(kind="choose", seat=seat, options=[list(o) for o in op.options], cat=frame.cat)
        )


def per_source(s: MaracaiboState, seat: str, source: str) -> int:
    p = s.players[seat]
    if source == "compass":
        return q.compasses(p)
    if source == "combat_tokens":
        return len(p.tokens)
    if source == "assistants":
        return q.assistants_of(s, seat)
    if source == "quests":
        return len(p.quests)
    if source == "synergies":
        return len(p.synergies)
    return sum(1 for v in p.influence.values() if v >= 3)


def _dead(s: MaracaiboState, top: Pending) -> bool:
    """A decision with nothing to decide is dropped (its effect is lost)."""
    p = s.players[top.seat]
    k = top.kind
    if k == "disc":
        return top.n <= 0 or not q.removable_sections(p)
    if k == "explore":
        return not explorer.paths(s, top.seat, top.n)
    if k == "village":
        return top.n <= 0
    if k == "gate":
        return not payment.gate_payable(s, top)
    if k == "explorer_quest":
        return top.card not in s.board.explorer_quests.values() or not quests.payable(
            s, top.seat, top.card
        )
    if k == "marker":
        return not marker_targets(s, top) and not noble_without_marker(s, top)
    if k == "synergy_any":
        return not [
            x
            for x in data().synergy.kinds
            if x not in p.synergies and s.board.synergy_supply.get(x, 0) > 0
        ]
    if k in ("discard", "objects"):
        return top.n <= 0
    if k == "draw":
        return not can_draw(s, top.seat)
    if k == "quest_here":
        here = s.board.ships[top.seat]
        return not any(quests.payable(s, top.seat, t) for t in s.board.quests.get(here, []))
    if k == "disc_tile":
        return not disc_tile_payable(s, top)
    if k == "tasks":
        return not open_tasks(s, top.seat)
    if k == "combat":
        c = s.combat
        return c is not None and c.stage == "pile" and not any(s.board.piles)
    return False


def disc_tile_payable(s: MaracaiboState, top: Pending) -> bool:
    """L10-L17: room on the tile, a disc to move and the printed cost."""
    rules = [t for t in data().legacy.get(top.card, []) if t.kind == "disc"]
    if not rules or not q.removable_sections(s.players[top.seat]):
        return False
    cost = rules[0].cost
    return cost is None or quests.cost_payable(s, top.seat, cost)


def can_draw(s: MaracaiboState, seat: str) -> bool:
    """MAR-T14 / T17 / T19: draw while under the hand limit and a card can be had."""
    p = s.players[seat]
    if len(p.hand) >= q.hand_limit(p):
        return False
    if s.board.deck or s.board.discard:
        return True
    free = q.has_upgrade(p, "U3")
    return any(s.board.display) and (free or p.doubloons >= data().tracks.display_cost)


def run(s: MaracaiboState, ev: list[Event]) -> None:
    """Resolve everything that needs no decision, until someone must decide."""
    for _ in range(10_000):
        if not s.stack:
            if s.phase == "scoring":
                flow.advance_scoring(s, ev)
                continue
            return
        top = s.stack[-1]
        if not isinstance(top, Pending):
            return  # the setup, a turn's main step or a vote: a decision for its seats
        if top.kind == "ops":
            if not top.ops:
                s.stack.pop()
                continue
            op = top.ops.pop(0)
            execute(s, ev, top, op)
            continue
        if top.kind == "acquire":
            s.stack.pop()
            buying.acquire(s, ev, top.seat, top.card)
            continue
        if top.kind == "story_back":
            s.stack.pop()
            campaign.resolve_back(s, ev, top)
            continue
        if top.kind == "story_apply":
            s.stack.pop()
            campaign.apply_back(s, ev, top)
            continue
        if top.kind == "objects" and top.n > 0:
            # D22: a payment with one possible number of permanent cards needs no question.
            permanent = payment.forced(s, top)
            if permanent is not None:
                s.stack.pop()
                payment.use(s, top, permanent)
                continue
        if top.kind == "discard":
            cards = payment.forced_discards(s, top)
            if cards:
                s.stack.pop()
                payment.discard_all(s, ev, top, cards)
                continue
        if top.kind in DECISIONS and not _dead(s, top):
            return
        s.stack.pop()
        if top.kind == "draw":
            finish_draw(s, ev, top)
        elif top.kind == "combat":
            combat_rules.finish(s, ev, top.seat)
    raise RuntimeError("maracaibo: the decision stack did not settle")


def finish_draw(s: MaracaiboState, ev: list[Event], top: Pending) -> None:
    gains.refill_display(s, ev)
    if top.what == "turn":
        flow.end_turn(s, ev)
