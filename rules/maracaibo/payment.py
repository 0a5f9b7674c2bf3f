"""Paying objects (spec 8.4 PERM_OBJECT, decision D22).

Ruling (the Korean rulebook, PERM_OBJECT: "이 카드를 해당 제품 1개로 사용할 수 있습니다 ...
이것은 당신이 원할 때 사용할 수 있는 '영구적인' 제품이며, 버리지 않아도 됩니다"): a permanent
object card *may* stand in for one object of its type in each payment of that type; it is
never discarded and serves again in the next payment. Using it is the player's choice, so a
player who would rather thin their hand may discard object cards instead. Never the other
way round: whenever the permanent cards can cover a part of the payment, the player is
never forced to discard a hand card for that part.

The decision is taken in two natural steps, as at the table: first how many permanent cards
to apply (all permanent cards of one object type are alike and none is used up, so only their
number matters), then which hand cards to discard, one at a time (the ``discard`` decision).
A payment with one possible number (no permanent card, no suitable hand card, or too few hand
cards to leave one permanent card unused) is settled by the engine without asking, and so are
the discards when every object card of that type in hand must go (one possible combination).

Every object payment goes through here: an effect's ``pay`` of objects (village actions from
cards, other effects), the herbs of a card purchase (MAR-K11), and quest-like costs (map and
card quests, explorer-track quests, story quests, legacy disc tiles).
"""

from __future__ import annotations

from rules.core import Event, term
from rules.maracaibo import query as q
from rules.maracaibo.model import MaracaiboState, Pending


def object_payment(seat: str, obj: str, n: int) -> Pending | None:
    """The decision that pays ``n`` objects ``obj`` (``None`` when nothing is owed)."""
    if n <= 0:
        return None
    return Pending(kind="objects", seat=seat, what=obj, n=n)


def permanent_range(s: MaracaiboState, top: Pending) -> tuple[int, int]:
    """The numbers of permanent cards the payer may apply: from the fewest the hand allows to
    as many as there are (never more than the payment)."""
    p = s.players[top.seat]
    most = min(q.perm_objects(p, top.what), top.n)
    fewest = max(0, top.n - q.count_in_hand(p, top.what))
    return fewest, most


def choices(s: MaracaiboState, top: Pending) -> list[int]:
    """Every legal number of permanent cards, the most first."""
    fewest, most = permanent_range(s, top)
    return list(range(most, fewest - 1, -1))


def forced(s: MaracaiboState, top: Pending) -> int | None:
    """The one possible number of permanent cards, or ``None`` while there is a choice."""
    fewest, most = permanent_range(s, top)
    if fewest < most:
        return None
    return most


def use(s: MaracaiboState, top: Pending, permanent: int) -> None:
    """Apply ``permanent`` permanent cards; the rest is discarded from the hand (a decision)."""
    rest = top.n - permanent
    if rest > 0:
        s.stack.append(Pending(kind="discard", seat=top.seat, what=f"object:{top.what}", n=rest))


def forced_discards(s: MaracaiboState, top: Pending) -> list[str]:
    """The hand cards an object discard must take when there is no choice left (every card of
    that object in hand is needed), else nothing."""
    kind, _, obj = top.what.partition(":")
    if top.kind != "discard" or kind != "object" or top.n <= 0:
        return []
    cards = [c for c in s.players[top.seat].hand if q.card(c).discard_as == obj]
    return cards if len(cards) == top.n else []


def discard_all(s: MaracaiboState, ev: list[Event], top: Pending, cards: list[str]) -> None:
    """Discard ``cards`` for ``top`` without asking; each discard is told as a chosen one is."""
    for c in cards:
        s.player(top.seat).hand.remove(c)
        s.board.discard.append(c)
        label = term("maracaibo.action.discard", card=q.card_term(c))
        ev.append(
            Event(
                key="maracaibo.event.action",
                args={"seat": top.seat, "action": label},
                seat=top.seat,
                reveals=True,
            )
        )


def still_payable(s: MaracaiboState, top: Pending) -> bool:
    """Whether a committed card payment (``objects`` or ``discard``) can still be completed."""
    p = s.players[top.seat]
    if top.kind == "objects":
        return q.can_pay_object(p, top.what, top.n)
    kind, _, typ = top.what.partition(":")
    if kind == "same":
        return q.can_pay_goods_same(p, top.n)
    return q.count_in_hand(p, typ) >= top.n


def gate_payable(s: MaracaiboState, top: Pending) -> bool:
    p = s.players[top.seat]
    if top.what == "cp":
        return p.cp >= top.n
    if top.what == "doubloons":
        return p.doubloons >= top.n
    if top.what == "goods_same":
        return q.can_pay_goods_same(p, top.n)
    if top.what == "object":
        return q.can_pay_object(p, top.items[0], top.n)
    if top.what == "hand":
        return bool(p.hand)
    if top.what == "figure":
        return p.personal >= top.n
    return False
