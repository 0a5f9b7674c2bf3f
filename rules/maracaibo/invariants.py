"""State invariants checked after every action by the random playouts."""

from __future__ import annotations

from collections import Counter

from rules.core import decisions
from rules.maracaibo import payment
from rules.maracaibo.components import NATIONS, data
from rules.maracaibo.model import MainStep, MaracaiboState, Pending, SetupChoice, Vote
from rules.maracaibo.view import build_view


def invariants(s: MaracaiboState) -> list[str]:
    d = data()
    out: list[str] = []
    b = s.board
    # Project cards: every card is in exactly one place (components conserved).
    places: list[str] = b.deck + b.discard + [c for c in b.display if c] + b.box
    for p in s.players.values():
        places += p.hand + p.plan + p.tableau + p.setup_discards
    places += [x.card for x in s.stack if isinstance(x, Pending) and x.kind == "acquire"]
    jean = s.jean
    if jean is not None:
        places += jean.cards
        automa = jean.deck + jean.discard + jean.box
        if sorted(automa) != sorted(d.automa_cards):
            out.append("automa cards not conserved")
        if jean.vp != sum(jean.vp_by.values()) or jean.vp < 0:
            out.append("jean: VP breakdown does not add up")
        if not 0 <= jean.discs_removed <= d.automa.track_discs:
            out.append("jean: automa track off")
    counts = Counter(places)
    if set(counts) != set(d.cards) or any(v != 1 for v in counts.values()):
        out.append("project cards not conserved")
    # Quest tiles.
    tiles = list(b.quest_pile) + list(b.explorer_quests.values())
    tiles += [t for ts in b.quests.values() for t in ts]
    for p in s.players.values():
        tiles += p.quests + list(p.card_quests.values())
    if jean is not None:
        tiles += jean.quests
    if sorted(t for t in tiles if t in d.quests) != sorted(d.quests):
        out.append("quest tiles not conserved")
    # Combat tokens.
    toks = [t for pile in b.piles for t in pile]
    toks += [t for p in s.players.values() for t in p.tokens]
    if jean is not None:
        toks += jean.tokens
    if s.combat is not None and s.combat.token:
        toks.append(s.combat.token)
    if sorted(toks) != sorted(d.tokens):
        out.append("combat tokens not conserved")
    # Ownership markers: supply + map + removed = 13 per nation.
    on_map = Counter(b.markers.values())
    for n in NATIONS:
        total = sum(b.supply[n]) + on_map[n] + b.removed_markers[n]
        if total != sum(d.tracks.influence.marker_spaces):
            out.append(f"markers of {n} not conserved")
        if any(x < 0 for x in b.supply[n]):
            out.append(f"negative marker space of {n}")
    # Figures and discs per player; no negative counts.
    for seat, p in s.players.items():
        on_map_f = sum(1 for a in b.assistants if a.seat == seat)
        on_buildings = sum(1 for slot in b.prestige if seat in slot.investors)
        figs = p.personal + p.general + p.career_figures + on_map_f + on_buildings
        figs += sum(p.card_figures.values())
        if figs != d.ship.figures["total"]:
            out.append(f"{seat}: figures not conserved ({figs})")
        for name, value in (
            ("doubloons", p.doubloons),
            ("cp", p.cp),
            ("vp", p.vp),
            ("personal", p.personal),
            ("general", p.general),
        ):
            if value < 0:
                out.append(f"{seat}: negative {name}")
        if p.cp > d.ship.cp_max:
            out.append(f"{seat}: more than {d.ship.cp_max} CP")
        if any(v < 0 or v > 2 for v in p.discs.values()):
            out.append(f"{seat}: bad disc count")
        if p.vp != sum(p.vp_by.values()):
            out.append(f"{seat}: VP breakdown does not add up")
        if len(p.plan) > d.ship.plan_slots:
            out.append(f"{seat}: planning area overfull")
        if not d.tracks.doubloon_income.start <= p.inc_d <= d.tracks.doubloon_income.max:
            out.append(f"{seat}: doubloon income off the track")
        if not 0 <= p.inc_vp < d.tracks.vp_income.max:
            out.append(f"{seat}: VP income off the track")
        for nation, pos in p.influence.items():
            if not 0 <= pos <= d.tracks.influence.length:
                out.append(f"{seat}: influence {nation} off the track")
    out += _hidden_in_views(s)
    out += _income_audit(s)
    for kind, left in b.synergy_supply.items():
        held = sum(1 for p in s.players.values() if kind in p.synergies)
        if left < 0 or left + held != d.synergy.per_kind:
            out.append(f"synergy {kind} not conserved")
    out += _payments_and_votes(s)
    out += _stack_order(s)
    return out


def _payments_and_votes(s: MaracaiboState) -> list[str]:
    """D22: an object payment waiting for its payer can be completed; D20: votes are kept
    only while a vote is open, and only from seated players."""
    out: list[str] = []
    opened = s.opened()
    paying = opened is not None and opened.kind in ("objects", "discard") and opened.n > 0
    if opened is not None and paying and not payment.still_payable(s, opened):
        out.append(f"{opened.seat}: a card payment under way cannot be completed")
    top = decisions.top(s.stack)
    votes = s.campaign.votes if s.campaign is not None else {}
    if votes and not isinstance(top, Vote):
        out.append("votes kept outside a vote")
    if any(seat not in s.seats for seat in votes):
        out.append("a vote from someone who is not seated")
    if isinstance(top, Vote):
        if any(v and v not in top.items for v in votes.values()):
            out.append("a vote for an option the story card does not offer")
        if sorted(top.waiting) != sorted(x for x in s.seats if x not in votes):
            out.append("the vote waits for other players than those who have not voted")
    return out


def _stack_order(s: MaracaiboState) -> list[str]:
    """Issue 22.1: in setup the stack is the players' secret choices, waiting for those not
    done; in play its bottom is the active player's turn (and only there); a game over has
    nothing pending."""
    out: list[str] = []
    bottom = s.stack[0] if s.stack else None
    if s.phase == "setup":
        waiting = [x for x in s.seats if not s.players[x].setup_done]
        if len(s.stack) != 1 or not isinstance(bottom, SetupChoice):
            out.append("setup: the stack is not the setup choices alone")
        elif bottom.waiting != waiting:
            out.append("setup: the choices wait for other players than those not done")
    elif s.phase == "play" and (not isinstance(bottom, MainStep) or bottom.seat != s.active):
        out.append("play: the active player's turn is not at the bottom of the stack")
    elif s.phase == "over" and s.stack:
        out.append("a game over with decisions pending")
    if sum(isinstance(x, MainStep | SetupChoice) for x in s.stack) > (s.phase in ("setup", "play")):
        out.append("a turn or the setup choices above the bottom of the stack")
    return out


def _hidden_in_views(s: MaracaiboState) -> list[str]:
    """Spec 13: no seat's view (nor the public one) shows another seat's hand or tokens,
    the deck, a face-down building or Jean's face-down cards."""
    out: list[str] = []
    common = set(s.board.deck) | {x.building for x in s.board.prestige if not x.revealed}
    if s.jean is not None:
        common |= set(s.jean.cards) | set(s.jean.deck)
    for viewer in [None, *s.seats]:
        text = build_view(s, viewer).model_dump_json()
        secret = set(common)
        for seat, p in s.players.items():
            if seat != viewer:
                secret |= set(p.hand) | set(p.tokens) | set(p.career_options)
        leaked = sorted(x for x in secret if f'"{x}"' in text)
        if leaked:
            out.append(f"view of {viewer or 'the public'} shows hidden {leaked[:3]}")
    return out


def _income_audit(s: MaracaiboState) -> list[str]:
    """MAR-K25: both income tracks follow from the tableau, the synergy tokens and the
    figures on cards (doubloon income capped at 34, the excess to VP income, VP income
    rolling over at 20)."""
    d = data()
    out: list[str] = []
    start = d.tracks.doubloon_income.start
    cap = d.tracks.doubloon_income.max
    roll = d.tracks.vp_income.max
    for seat, p in s.players.items():
        dd = vv = 0
        for cid in p.tableau:
            for i, e in enumerate(d.cards[cid].effects):
                if e.id == "INC_DOUBLOON":
                    dd += e.x
                elif e.id == "INC_VP":
                    vv += e.x
                elif e.id == "INC_IF_SYNERGY" and f"{cid}:{i}" not in p.conditional:
                    if any(
                        isinstance(x, Pending) and x.kind == "acquire" and x.card == cid
                        for x in s.stack
                    ):
                        continue
                    if e.track == "doubloons":
                        dd += e.x
                    else:
                        vv += e.x
            dd += (
                2 * p.card_figures.get(cid, 0)
                if any(e.id == "IMM_FIGURES_ON_CARD_INCOME" for e in d.cards[cid].effects)
                else 0
            )
        want_d = min(cap, start + dd)
        want_v = (vv + max(0, start + dd - cap)) % roll
        if (p.inc_d, p.inc_vp) != (want_d, want_v) and not _income_pending(s, seat):
            out.append(f"{seat}: income tracks {p.inc_d}/{p.inc_vp} != {want_d}/{want_v}")
    return out


def _income_pending(s: MaracaiboState, seat: str) -> bool:
    """A bought card whose income operations are still on the stack."""
    return any(
        isinstance(x, Pending)
        and x.kind == "ops"
        and x.seat == seat
        and any(op.op.startswith("income") for op in x.ops)
        for x in s.stack
    )
