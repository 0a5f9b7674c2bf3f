"""What each Age of Renaissance board part reads of the public view (``render.part_inputs``).

A hand-over leaves most parts as they were: a player's turn moves tokens in one or two map
parts and the status; the market and the advances chart change a few times a turn. Each
function below returns every field its part's picture is drawn from (the styles come from
the seats in order, the header of the three text parts from turn, epoch and phase); the
reader's language and names are keyed apart by the bot. ``private_inputs`` is the same for a
seat's private panel. ``tests/render/test_part_inputs.py`` checks, over random games of every
registered game, that equal slices draw equal pictures.
"""

from __future__ import annotations

from render.renaissance.board import MAP_PARTS, part_of
from rules.core import View
from rules.renaissance.view import RenaissanceView


def _seats(view: RenaissanceView) -> list[str]:
    """The seats in the order their styles are dealt (``kit.styles_for``)."""
    return [p.seat for p in view.players]


def _header(view: RenaissanceView) -> tuple[int, int, str]:
    return view.turn, view.epoch, view.phase


def map_inputs(view: RenaissanceView, part: str) -> object:
    """A map part: its provinces' tokens and dominance markers and the capitals in it (the
    number of seats sets the areas in play)."""
    return (
        _seats(view),
        [(p.seat, p.capital) for p in view.players if p.capital and part_of(p.capital) == part],
        {pid: prov for pid, prov in view.provinces.items() if part_of(pid) == part},
    )


def status_inputs(view: RenaissanceView) -> object:
    """The order of play and every player's row (cash, misery, cards, score, pieces,
    capital, ship), the deck and the flags, who acts and the markers each seat holds."""
    markers = sorted((p.dm, pid) for pid, p in view.provinces.items() if p.dm is not None)
    return (
        _header(view),
        _seats(view),
        view.order,
        view.players,
        view.acting,
        view.draw_pile,
        view.discard,
        view.last_turn,
        view.papal_ban,
        markers,
    )


def market_inputs(view: RenaissanceView) -> object:
    """Commodity markers, who dominates which suppliers, the leaders and military cards of
    the turn."""
    dominance = sorted((pid, p.dm) for pid, p in view.provinces.items() if p.dm is not None)
    return (
        _header(view),
        _seats(view),
        view.markers,
        dominance,
        view.leaders,
        view.military,
    )


def advances_inputs(view: RenaissanceView) -> object:
    """Each seat's advances, in order of play, and the options that rename or recount
    them."""
    return (
        _header(view),
        _seats(view),
        view.order,
        [(p.seat, p.advances) for p in view.players],
        view.options.get("euro_jk_swap"),
        view.options.get("credit_table"),
    )


def private_inputs(view: View) -> object:
    """The slice of a seat's view its private panel is drawn from: the turn header, the
    seats (its style) and its own row (cash, hand, dealt cards, secret choices)."""
    if not isinstance(view, RenaissanceView):
        raise TypeError(f"render.renaissance needs a RenaissanceView, got {type(view).__name__}")
    me = next((p for p in view.players if p.seat == view.viewer), None)
    return _header(view), _seats(view), view.viewer, me


def part_inputs(view: View, part: str) -> object:
    """The slice of ``view`` board part ``part`` is drawn from."""
    if not isinstance(view, RenaissanceView):
        raise TypeError(f"render.renaissance needs a RenaissanceView, got {type(view).__name__}")
    if part in MAP_PARTS:
        return map_inputs(view, part)
    if part == "status":
        return status_inputs(view)
    if part == "market":
        return market_inputs(view)
    if part == "advances":
        return advances_inputs(view)
    raise KeyError(f"unknown board part {part!r}")
