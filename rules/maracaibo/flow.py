"""Turn order, round ends and the interim and final scorings (MAR-R2, spec 10)."""

from __future__ import annotations

from rules.core import Event, term
from rules.core.engine import quiet
from rules.maracaibo import automa, campaign, gains, quests
from rules.maracaibo import query as q
from rules.maracaibo.components import NATIONS, data
from rules.maracaibo.model import MainStep, MaracaiboState, Pending, Scoring, Turn


def start_turn(s: MaracaiboState, ev: list[Event], seat: str) -> None:
    if seat == automa.JEAN:
        _jean_turn(s, ev)
        return
    s.active = seat
    s.turn_no += 1
    s.turn = Turn(start=s.board.ships[seat], compass_start=q.compasses(s.players[seat]))
    # The turn goes under what is already waiting (a reward Jean's turn left for this player).
    s.stack.insert(0, MainStep(seat=seat))
    if not quiet(ev):
        ev.append(gains.event("turn", seat, seat=seat, round=s.round))


def end_turn(s: MaracaiboState, ev: list[Event]) -> None:
    """After step C: the next player, or the round's scoring (MAR-R2)."""
    seat = s.active
    if s.stack and isinstance(s.stack[0], MainStep):
        del s.stack[0]
    if s.turn.round_end:
        kind = "final" if s.round == data().tracks.rounds else "interim"
        s.phase = "scoring"
        queue = q.order_from(s, seat) if seat in s.seats else list(s.seats)
        s.scoring = Scoring(kind=kind, trigger=seat, queue=queue)
        ev.append(gains.event(f"scoring_{kind}", seat, round=s.round))
        return
    start_turn(s, ev, _after(s, seat))


def _after(s: MaracaiboState, seat: str) -> str:
    """Clockwise; in a solo game the human and Jean alternate (MAR-J3)."""
    if s.jean is not None:
        return s.seats[0] if seat == automa.JEAN else automa.JEAN
    return q.next_seat(s, seat)


def _jean_turn(s: MaracaiboState, ev: list[Event]) -> None:
    """MAR-J3 / J14: Jean's whole turn; reaching 21a / 22 ends the round as for a player."""
    s.active = automa.JEAN
    s.turn_no += 1
    s.turn = Turn(start=s.board.ships[automa.JEAN])
    ev.append(gains.event("jean_turn", automa.JEAN, round=s.round))
    before = s.jean.vp if s.jean is not None else 0
    automa.play_turn(s, ev)
    if s.jean is not None:  # what her turn left on the table (issue 19: solo is told)
        j = s.jean
        ev.append(
            gains.event(
                "jean_turn_end",
                automa.JEAN,
                vp=j.vp,
                count=j.vp - before,
                space=term(f"maracaibo.space.{j.explorer}"),
                influence=[
                    term(
                        "maracaibo.jean_influence_of",
                        nation=term(f"maracaibo.nation.{n}"),
                        count=v,
                    )
                    for n, v in j.influence.items()
                ],
                cards=len(j.cards),
            )
        )
    end_turn(s, ev)


def advance_scoring(s: MaracaiboState, ev: list[Event]) -> None:
    """Step 1 seat by seat (a decision each), then the automatic steps; in a campaign the
    story cards are checked (step 6) before the round ends (stage 1 -> 2)."""
    sc = s.scoring
    assert sc is not None
    if sc.queue:
        seat = sc.queue.pop(0)
        s.stack.append(Pending(kind="score1", seat=seat, what=sc.kind))
        return
    if sc.stage == 0:
        sc.stage = 1
        if sc.kind == "interim":
            _interim_steps(s, ev)
        else:
            _final_steps(s, ev)
        if s.campaign is not None and s.options.campaign:
            campaign.check_stories(s)
        return
    if sc.kind == "interim":
        _next_round(s, ev, sc.trigger)
    else:
        s.phase = "over"
        s.scoring = None
        ev.append(gains.event("game_over"))


def _interim(s: MaracaiboState, ev: list[Event], trigger: str) -> None:
    """10.1 steps 2-7 at once (no campaign)."""
    _interim_steps(s, ev)
    _next_round(s, ev, trigger)


def _final(s: MaracaiboState, ev: list[Event]) -> None:
    """10.2 steps 2-5 at once (no campaign)."""
    _final_steps(s, ev)
    s.phase = "over"
    s.scoring = None
    ev.append(gains.event("game_over"))


def _interim_steps(s: MaracaiboState, ev: list[Event]) -> None:
    """10.1 steps 2-6."""
    d = data()
    for seat in s.seats:
        p = s.player(seat)
        gains.doubloons(s, ev, seat, p.inc_d)
        gains.vp(s, ev, seat, p.inc_vp, "income")
    if s.jean is not None:
        automa.interim_income(s, ev)
    for loc, spaces in s.board.markets.items():
        s.board.markets[loc] = ["" for _ in spaces]
    for i, shown in enumerate(s.board.display):
        if shown:
            s.board.discard.append(shown)
            s.board.display[i] = ""
    gains.refill_display(s, ev)
    for i, slot in enumerate(s.board.prestige):
        if not slot.revealed:
            slot = s.board.own_slot(i)
            slot.revealed = True
            ev.append(
                Event(
                    key="maracaibo.event.prestige",
                    args={"building": term(f"maracaibo.prestige.{slot.building}")},
                    reveals=True,
                )
            )
            break
    if s.story:
        for ins in d.stories[s.story].instructions:
            if ins.kind == "quests" and ins.when == f"round_{s.round}":
                quests.add_tiles(s, ev, ins.at.get(quests.story_column(len(s.seats)), []))


def _next_round(s: MaracaiboState, ev: list[Event], trigger: str) -> None:
    """10.1 step 7: assistants ahead score (MAR-A3 case 3), ships go home, next round."""
    d = data()
    for seat in s.seats:
        here = q.location_number(s.board.ships[seat])
        ahead = sum(
            1 for a in s.board.assistants if a.seat == seat and q.location_number(a.location) > here
        )
        if ahead:
            gains.vp(s, ev, seat, d.tracks.assistant_bonus_vp * ahead, "assistants")
        s.board.ships[seat] = "havana"
    if s.jean is not None:
        s.board.ships[automa.JEAN] = "havana"
    s.round += 1
    s.phase = "play"
    s.scoring = None
    # J14: after Jean ended a round, the human starts the next one.
    start_turn(s, ev, s.seats[0] if trigger == automa.JEAN else _after(s, trigger))


def income_vp() -> dict[int, int]:
    """10.2 step 2: VP of each doubloon-income track position (once per data set)."""
    d = data()
    key = ("income_vp", "")
    found: dict[int, int] | None = d.memo.get(key)
    if found is None:
        found = d.memo[key] = {row.pos: row.vp for row in d.tracks.doubloon_income.vp}
    return found


def majority_holders(s: MaracaiboState, nation: str) -> list[str]:
    """10.2 step 4: who holds the most influence with ``nation`` (Jean too, in a solo game);
    ties all hold it, and no one does while the most is 0."""
    levels = {x: s.players[x].influence[nation] for x in s.seats}
    if s.jean is not None:
        levels[automa.JEAN] = s.jean.influence[nation]
    top = max(levels.values())
    return [who for who, level in levels.items() if level == top] if top > 0 else []


def _final_steps(s: MaracaiboState, ev: list[Event]) -> None:
    """10.2 steps 2-5."""
    d = data()
    dvp = income_vp()
    for seat in s.seats:
        p = s.player(seat)
        gains.vp(s, ev, seat, p.inc_vp + dvp.get(p.inc_d, 0), "income")
        gains.vp(s, ev, seat, sum(q.card(c).end_vp for c in p.tableau), "cards")
        for slot in s.board.prestige:
            if seat in slot.investors:
                gains.vp(s, ev, seat, prestige_vp(s, seat, slot.building), "prestige")
    jean = s.jean
    if jean is not None:
        automa.interim_income(s, ev)  # MAR-J10: her income at the final scoring too
    for nation in NATIONS:
        for seat in majority_holders(s, nation):
            if seat == automa.JEAN:
                automa.vp(s, ev, d.tracks.majority_vp, "majority")
            else:
                gains.vp(s, ev, seat, d.tracks.majority_vp, "majority")
    weights = nation_weights(s)
    for seat in s.seats:
        p = s.player(seat)
        total = sum(q.noble_rank(p.influence[n]) * weights[n] for n in NATIONS)
        gains.vp(s, ev, seat, total, "nobility")
    if jean is not None:
        total = sum(q.noble_rank(jean.influence[n]) * weights[n] for n in NATIONS)
        automa.vp(s, ev, total, "nobility")
        automa.final_bonus(s, ev)


def nation_weights(s: MaracaiboState) -> dict[str, int]:
    """10.2 step 5: emptied marker spaces plus the majority bonus (2 / 1, ties share)."""
    counts = q.markers_on_map(s)
    bonus = data().tracks.majority_bonus
    out: dict[str, int] = {}
    for n in NATIONS:
        higher = sum(1 for m in NATIONS if counts[m] > counts[n])
        rank_bonus = bonus[higher] if higher < len(bonus) else 0
        out[n] = q.weight(s, n) + rank_bonus
    return out


def prestige_vp(s: MaracaiboState, seat: str, building: str) -> int:
    """9.2: each building's final scoring."""
    p = s.players[seat]
    score = data().prestige[building].score
    src = score.source
    if src == "barriers":
        n = len(p.barriers)
    elif src == "quests":
        n = len(p.quests)
    elif src == "assistants":
        n = q.assistants_of(s, seat)
    elif src == "figures_cp":
        n = p.personal + p.cp
    elif src == "synergies":
        n = len(p.synergies)
    elif src == "combat_tokens":
        n = len(p.tokens)
    elif src == "upgrades":
        n = len(q.completed(p))
    else:
        dvp = {row.pos: row.vp for row in data().tracks.doubloon_income.vp}
        n = dvp.get(p.inc_d, 0)
    total = n * score.vp
    return min(total, score.max) if score.max is not None else total
