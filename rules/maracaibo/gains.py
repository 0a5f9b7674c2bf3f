"""Elementary changes every rule uses: VP, doubloons, CP, figures, influence, income, markers,
synergy tokens, ship-board discs, cards. Each appends the public events it causes (not built
at all for a search's step, whose events list keeps nothing: ``rules.core.engine.quiet``)."""

from __future__ import annotations

from rules.core import Event, term
from rules.core.engine import quiet
from rules.core.models import Arg
from rules.core.models import event as new_event
from rules.maracaibo import query as q
from rules.maracaibo.components import data
from rules.maracaibo.model import MaracaiboState, Pending


def event(key: str, actor: str | None = None, /, **args: Arg) -> Event:
    """A public event; ``actor`` is the seat it concerns."""
    return new_event(f"maracaibo.event.{key}", args, actor)


def vp(s: MaracaiboState, ev: list[Event], seat: str, n: int, cat: str) -> None:
    """Score ``n`` VP in breakdown category ``cat`` (negative: lose, never below 0)."""
    if n < 0:
        n = -min(s.players[seat].vp, -n)
    if n == 0:
        return
    p = s.player(seat)
    p.vp += n
    p.vp_by[cat] = p.vp_by.get(cat, 0) + n
    if not quiet(ev):
        ev.append(event("vp", seat, seat=seat, count=n, category=term(f"maracaibo.score.{cat}")))


def doubloons(s: MaracaiboState, ev: list[Event], seat: str, n: int) -> None:
    s.player(seat).doubloons += n
    if n and not quiet(ev):
        ev.append(event("doubloons", seat, seat=seat, count=n))


def cp(s: MaracaiboState, ev: list[Event], seat: str, n: int) -> None:
    """MAR-C18: never above 8 CP."""
    p = s.player(seat)
    p.cp = min(data().ship.cp_max, p.cp + n)


def figures(s: MaracaiboState, ev: list[Event], seat: str, n: int) -> None:
    """Take own figures from the general supply (as many as there are)."""
    p = s.player(seat)
    got = min(n, p.general)
    p.general -= got
    p.personal += got


def influence(s: MaracaiboState, ev: list[Event], seat: str, nation: str, n: int) -> None:
    """MAR-C20 / C22: move right; steps beyond the last space score 2 VP each."""
    track = data().tracks.influence
    p = s.player(seat)
    room = track.length - p.influence[nation]
    step = min(room, n)
    p.influence[nation] += step
    if not quiet(ev):
        ev.append(
            event("influence", seat, seat=seat, nation=term(f"maracaibo.nation.{nation}"), count=n)
        )
    if n > step:
        vp(s, ev, seat, (n - step) * track.overflow_vp, "influence")


def noble_next(s: MaracaiboState, ev: list[Event], seat: str, nation: str) -> None:
    """MAR-C23: to the next noble-rank space (none left: no effect, AMB16)."""
    p = s.players[seat]
    ahead = [r.pos for r in data().tracks.influence.noble_ranks if r.pos > p.influence[nation]]
    if ahead:
        influence(s, ev, seat, nation, min(ahead) - p.influence[nation])


def income(s: MaracaiboState, ev: list[Event], seat: str, track: str, n: int) -> None:
    """MAR-K22 / K23: doubloon income caps at 34 (excess to VP income); VP income rolls at 20."""
    p = s.player(seat)
    if track == "doubloons":
        cap = data().tracks.doubloon_income.max
        extra = max(0, p.inc_d + n - cap)
        p.inc_d = min(cap, p.inc_d + n)
        if not quiet(ev):
            ev.append(
                event("income", seat, seat=seat, track=term("maracaibo.track.doubloons"), count=n)
            )
        if extra:
            income(s, ev, seat, "vp", extra)
        return
    vpt = data().tracks.vp_income
    p.inc_vp += n
    if not quiet(ev):
        ev.append(event("income", seat, seat=seat, track=term("maracaibo.track.vp"), count=n))
    while p.inc_vp >= vpt.max:
        p.inc_vp -= vpt.max
        remaining = data().tracks.rounds + 1 - s.round
        vp(s, ev, seat, vpt.rollover_vp * remaining, "income")


def synergy(s: MaracaiboState, ev: list[Event], seat: str, kind: str) -> None:
    """MAR-K13 / K21: one token per kind; conditional income owed so far is paid now."""
    if kind in s.players[seat].synergies or s.board.synergy_supply.get(kind, 0) <= 0:
        return
    p = s.player(seat)
    s.board.synergy_supply[kind] -= 1
    p.synergies.append(kind)
    if not quiet(ev):
        ev.append(event("synergy", seat, seat=seat, kind=term(f"maracaibo.synergy.{kind}")))
    check_conditional(s, ev, seat)


def check_conditional(s: MaracaiboState, ev: list[Event], seat: str) -> None:
    """MAR-K21: each conditional income applies once, as soon as its synergy is owned."""
    p = s.player(seat)
    for ref in list(p.conditional):
        card_id, index = ref.split(":")
        effect = q.card(card_id).effects[int(index)]
        if effect.synergy in p.synergies:
            p.conditional.remove(ref)
            income(s, ev, seat, effect.track or "vp", effect.x)


def take_marker(s: MaracaiboState, nation: str) -> bool:
    """MAR-C24: from the leftmost non-empty marker space; False when none is left."""
    spaces = s.board.supply[nation]
    for i, n in enumerate(spaces):
        if n > 0:
            s.board.own_supply(nation)[i] -= 1
            return True
    return False


def place_marker(s: MaracaiboState, ev: list[Event], seat: str, nation: str, loc: str) -> bool:
    if loc in s.board.markers or not take_marker(s, nation):
        return False
    s.board.markers[loc] = nation
    if not quiet(ev):
        ev.append(
            event(
                "marker",
                seat,
                seat=seat,
                nation=term(f"maracaibo.nation.{nation}"),
                location=term(f"maracaibo.loc.{loc}"),
            )
        )
    return True


def expel(s: MaracaiboState, ev: list[Event], seat: str, loc: str) -> None:
    """MAR-C13 CA2: the expelled marker leaves the game; PERM_EXPEL_VP +3 VP."""
    nation = s.board.markers.pop(loc)
    s.board.removed_markers[nation] += 1
    if q.perm(s.players[seat], "PERM_EXPEL_VP"):
        vp(s, ev, seat, data().tracks.combat.expel_vp, "combat")


def remove_disc(
    s: MaracaiboState, ev: list[Event], seat: str, section: str, market: str = ""
) -> None:
    """Spec 7: take a disc off a section; the second disc completes it (MAR-U2)."""
    p = s.player(seat)
    p.discs[section] -= 1
    if market.startswith("tile:"):
        assert s.campaign is not None
        tile = market.split(":", 1)[1]
        s.campaign.tile_discs[tile] = s.campaign.tile_discs.get(tile, 0) + 1
    elif market:
        loc, slot = market.split(":")
        s.board.own_market(loc)[int(slot)] = seat
    if not quiet(ev):
        ev.append(event("disc", seat, seat=seat, section=term(f"maracaibo.section.{section}")))
    if p.discs[section] == 0:
        sec = data().sections[section]
        if not quiet(ev):
            ev.append(
                event("upgrade", seat, seat=seat, section=term(f"maracaibo.section.{section}"))
            )
        if sec.immediate:
            s.stack.append(Pending(kind="ops", seat=seat, ops=list(sec.immediate), cat="upgrades"))


def discard_card(s: MaracaiboState, seat: str, card_id: str) -> None:
    s.player(seat).hand.remove(card_id)
    s.board.discard.append(card_id)


def draw_top(s: MaracaiboState, ev: list[Event]) -> str | None:
    """MAR-T15 / T19: an empty deck is refilled by shuffling the discard pile."""
    b = s.board
    if not b.deck and b.discard:
        b.deck = list(b.discard)
        b.discard = []
        s.rng.shuffle(b.deck)
        ev.append(Event(key="maracaibo.event.reshuffle", args={"count": len(b.deck)}, reveals=True))
    if not b.deck:
        return None
    return b.deck.pop(0)


def refill_display(s: MaracaiboState, ev: list[Event]) -> None:
    """MAR-T16 / T19: empty display slots are filled from the deck, left to right."""
    b = s.board
    for i, slot in enumerate(b.display):
        if not slot:
            top = draw_top(s, ev)
            if top is None:
                return
            b.display[i] = top
            if not quiet(ev):
                ev.append(
                    new_event(
                        "maracaibo.event.display",
                        {"card": q.card_term(top), "slot": i + 1},
                        None,
                        None,
                        True,
                    )
                )
